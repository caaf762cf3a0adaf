#!/usr/bin/env bash
# Which `mamba_cache_mode` vLLM picks for a Mamba-2 hybrid, and what it reserves (issue 24
# item 3 / 25 item 6; data/SOURCES.md, "vLLM's hybrid KV cache manager"). Two offline start-ups
# of Nemotron 3 Nano 30B-A3B (its real config, random weights: load_format="dummy", no
# network) at max_model_len 131,072: vLLM's default (we expect "all": NemotronH declares
# SupportsMambaPrefixCaching) and --mamba-cache-mode align (what the estimate sizes). The lines
# to read: "Mamba cache mode is set to ...", "Setting attention block size to N tokens"
# (expected 2,176 in "all", 2,096 in "align"), "GPU KV cache size", "Maximum concurrency".
# If "all" logs a concurrency about 4.5x below "align"'s, vLLM's own accounting reserves a
# state per block of the context, and the catalog's Mamba-2 entries should get their
# `mamba_chunk_size` (src/estimate/paged.rs, `all_mode_keeps_a_state_per_block_of_the_context`).
#
# Usage (repository root, one H100 80GB or larger with vllm importable):
#   OUT=/tmp/out bash bench/device/mamba_cache_mode.sh
# Wall time (estimated, not measured): about 6 min (two ~60 GB dummy loads, eager).
# Not run yet: the session that wrote it had no device.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-/tmp/out}"
mkdir -p "$OUT/logs" "$OUT/nemotron-3-nano"
cp "$HERE/configs_hybrid/nemotron-3-nano-30b-a3b.json" "$OUT/nemotron-3-nano/config.json"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
python3 -c "import vllm; print('vllm', vllm.__version__)" || { echo "vllm not importable: skipped"; exit 0; }
for mode in default align; do
  extra=()
  [ "$mode" != default ] && extra=(--mamba-cache-mode "$mode")
  timeout 280 python3 "$HERE/vllm_one.py" --model "$OUT/nemotron-3-nano" --max-model-len 131072 \
    --max-num-batched-tokens 8192 --gpu-memory-utilization 0.95 --enforce-eager "${extra[@]}" \
    > "$OUT/logs/$mode.out" 2> "$OUT/logs/$mode.log"
  echo "$mode exit $?"
  grep -h -E "Mamba cache mode|attention block size|Padding mamba|GPU KV cache size|Maximum concurrency|RESULT_JSON" \
    "$OUT/logs/$mode.log" "$OUT/logs/$mode.out" | cut -c1-300
done
