#!/usr/bin/env bash
# Reproduce every measurement in bench/device on one GPU machine.
# Usage (from the repository root):  OUT=/some/dir bash bench/device/run.sh [STAGE...]
# Stages: probe vllm-a vllm-b hf train extra (default: all, in that order). Each stage appends to
# $OUT/*.csv; logs go to $LOGDIR (default $OUT/logs) and are packed into $OUT/logs.tar.gz at the end.
# Needs: torch, transformers, peft (train), vllm (vllm-*), bitsandbytes (QLoRA case only).
# Wall time on an H100 (estimated, not measured): probe <1 min, vllm-a ~8 min, vllm-b ~10 min,
# hf ~4 min, train ~6 min. Split stages across calls where one call is limited to 10 minutes.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-$HERE/results/run-$(date -u +%Y%m%dT%H%M%SZ)}"
LOGDIR="${LOGDIR:-$OUT/logs}"   # on the lent device set LOGDIR=/tmp/... (only 8 files come back)
mkdir -p "$OUT" "$LOGDIR"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
STAGES="${*:-probe vllm-a vllm-b hf train extra}"
have() { python3 -c "import $1" 2>/dev/null; }

for s in $STAGES; do
  echo "=== stage $s $(date -u +%T)"
  case $s in
    probe)
      nvidia-smi > "$LOGDIR/nvidia-smi.txt" 2>&1
      nvidia-smi --query-gpu=name,memory.total,memory.used,memory.free,driver_version \
        --format=csv >> "$LOGDIR/nvidia-smi.txt" 2>&1
      python3 "$HERE/probe.py" | tee "$OUT/probe.json" ;;
    vllm-a|vllm-b)
      if have vllm; then
        g=${s#vllm-}; g=${g^^}
        timeout 3000 python3 "$HERE/vllm_sweep.py" --group "$g" --timeout 300 \
          --logdir "$LOGDIR/vllm" --csv "$OUT/vllm_startup.csv"
      else echo "vllm not importable: stage $s skipped" | tee -a "$LOGDIR/skipped.txt"; fi ;;
    hf)
      timeout 1200 python3 "$HERE/hf_infer.py" --csv "$OUT/hf_infer.csv" \
        --models llama-3.1-8b,qwen2.5-7b,qwen3-8b --prompts 1,2048,8192 --new 64 \
        2>&1 | tee "$LOGDIR/hf_infer.log" ;;
    train)
      for c in "lora16" "lora16 --gc" "full_bf16" "full_mixed" "full_mixed --gc"; do
        timeout 600 python3 "$HERE/train_peak.py" --case $c --csv "$OUT/train_peak.csv" \
          2>&1 | tee -a "$LOGDIR/train_peak.log"
      done
      if have bitsandbytes; then
        timeout 600 python3 "$HERE/train_peak.py" --case qlora16 --gc --csv "$OUT/train_peak.csv" \
          2>&1 | tee -a "$LOGDIR/train_peak.log"
      else echo "bitsandbytes not importable: qlora16 skipped" | tee -a "$LOGDIR/skipped.txt"; fi ;;
    extra)  # second round: QLoRA (needs bitsandbytes), longer sequences, eager attention, more models
      for c in "qlora16 --gc" "qlora16" "lora16 --gc --seq 8192" "full_bf16 --gc"; do
        case "$c" in qlora*) have bitsandbytes || { echo "no bitsandbytes: $c skipped" | tee -a "$LOGDIR/skipped.txt"; continue; } ;; esac
        timeout 240 python3 "$HERE/train_peak.py" --case $c --csv "$OUT/train_peak.csv" \
          2>&1 | tee -a "$LOGDIR/train_peak.log"
      done
      timeout 150 python3 "$HERE/hf_infer.py" --csv "$OUT/hf_infer.csv" --models llama-3.1-8b \
        --prompts 1,2048,8192 --attn eager 2>&1 | tee -a "$LOGDIR/hf_infer.log"
      timeout 150 python3 "$HERE/hf_infer.py" --csv "$OUT/hf_infer.csv" --models llama-3.1-8b \
        --prompts 16384,32768 2>&1 | tee -a "$LOGDIR/hf_infer.log"
      timeout 200 python3 "$HERE/hf_infer.py" --csv "$OUT/hf_infer.csv" \
        --models mistral-7b-v0.3,qwen2.5-14b --prompts 1,2048,8192 2>&1 | tee -a "$LOGDIR/hf_infer.log"
      timeout 240 python3 "$HERE/hf_infer.py" --csv "$OUT/hf_infer.csv" --models qwen3-30b-a3b \
        --prompts 1,2048,8192 2>&1 | tee -a "$LOGDIR/hf_infer.log" ;;
    *) echo "unknown stage $s" ;;
  esac
done
tar -C "$LOGDIR" -czf "$OUT/logs.tar.gz" . && echo "logs packed into $OUT/logs.tar.gz"
