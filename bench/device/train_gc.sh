#!/usr/bin/env bash
# Ground truth for issue 25's "checkpointing assumed on": training peaks with gradient
# checkpointing ON, random weights built from the configs under configs/ (no download).
# One command, under 6 minutes on an H100 (estimated, not measured):
#   OUT=/some/dir bash bench/device/train_gc.sh
# Cases: LoRA r=16 (Llama-3.1-8B) at 2048 and 4096 tokens, QLoRA (needs bitsandbytes) at
# 4096, a mixed-precision full fine-tune of Llama-3.2-1B at 2048 and 4096, each with --gc.
# Rows go to $OUT/train_gc.csv (train_peak.py's columns); compare with
#   vramguide estimate --model MODEL --mode lora|qlora|full-finetune --context SEQ --json
# whose activations now assume checkpointing on.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-$HERE/results/train-gc-$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
run() { timeout 90 python3 "$HERE/train_peak.py" --gc --steps 2 --csv "$OUT/train_gc.csv" "$@" \
          || echo "case $* failed or timed out" >&2; }
run --case lora16 --seq 2048
run --case lora16 --seq 4096
run --case full_mixed --seq 2048
run --case full_mixed --seq 4096
python3 -c "import bitsandbytes" 2>/dev/null && run --case qlora16 --seq 4096
echo "rows in $OUT/train_gc.csv"
