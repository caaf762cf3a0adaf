#!/usr/bin/env bash
# vLLM's hybrid KV cache manager against our estimate (issue 25, "Engine facts"): one offline
# start-up each for a gpt-oss-20b-like model (12 sliding layers with a 128-token window + 12 full)
# and a Gemma-3-12B-like text model (40 sliding layers with a 1,024-token window + 8 full), random
# weights (load_format="dummy", configs only; no network), at a fixed utilization, context and
# batched tokens. Prints vLLM's "GPU KV cache size", "Available KV cache memory", weights memory,
# "Maximum concurrency" and its version, one CSV row per case (parse_vllm_log.py), then the
# figures our model predicts from that log's own KV memory (no Rust needed on the device).
#
# Usage (repository root, one GPU with vllm importable):
#   OUT=/tmp/out LOGDIR=/tmp/logs bash bench/device/hybrid_kv.sh
# Wall time (estimated, not measured): under 4 min on an H100 with --enforce-eager.
# Not run yet: the session that wrote it had no device (see bench/device/README.md).
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-$HERE/results/hybrid-kv-$(date -u +%Y%m%dT%H%M%SZ)}"
LOGDIR="${LOGDIR:-$OUT/logs}"
mkdir -p "$OUT" "$LOGDIR"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
python3 -c "import vllm; print('vllm', vllm.__version__)" || { echo "vllm not importable: skipped"; exit 0; }
UTIL=0.9 LEN=32768 MNBT=8192
for model in gpt-oss-20b gemma-3-12b-text; do
  timeout 420 python3 "$HERE/vllm_one.py" --model "$HERE/configs/$model" --max-model-len $LEN \
    --max-num-batched-tokens $MNBT --gpu-memory-utilization $UTIL --enforce-eager \
    > "$LOGDIR/$model.out" 2> "$LOGDIR/$model.log"
  echo "$model exit $?"
done
python3 "$HERE/hybrid_kv_report.py" --logdir "$LOGDIR" --len $LEN --mnbt $MNBT --util $UTIL \
  --csv "$OUT/vllm_hybrid_kv.csv"
