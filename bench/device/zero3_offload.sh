#!/usr/bin/env bash
# Issue 25, "CPU offload sized as measured": DeepSpeed ZeRO-3 full fine-tunes on one GPU, with
# and without CPU offload (bench/device/zero3_peak.py says why one GPU is enough and why the
# models keep their width with fewer layers). DeepSpeed is not in the lent machine's image; its
# wheel and the few packages it needs travel in .whl (see bench/device/README.md):
#   python3 -m pip download --no-deps -d .whl hjson pydantic==2.14.4 pydantic-core==2.50.5 \
#       annotated-types typing-inspection typing-extensions   (manylinux/cp312, as README says)
#   python3 -m pip wheel --no-deps -w .whl deepspeed==0.19.8
# Usage (repository root, one GPU with 80 GB or more, 128 GiB of host RAM):
#   OUT=/tmp/out bash bench/device/zero3_offload.sh
# Rows go to $OUT/zero3_peak.csv, each case's log to $OUT/zero3_logs.tar.gz.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
OUT="${OUT:-/tmp/out}"
LOGS="${LOGDIR:-/tmp/zero3-logs}"
mkdir -p "$OUT" "$LOGS"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
START=$(date +%s)
BUDGET="${BUDGET:-500}"
python3 -c "import deepspeed, torch, transformers; print('deepspeed', deepspeed.__version__, 'torch', torch.__version__, 'transformers', transformers.__version__)" \
  || { echo "deepspeed not importable: skipped"; exit 0; }
free -g | head -2; nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv
port=29517
run() {  # run NAME CAP ARGS...: one case in a fresh process, within what is left of BUDGET
  local name=$1 cap=$2; shift 2
  local left=$(( BUDGET - ($(date +%s) - START) - 5 ))
  [ "$left" -lt 40 ] && { echo "$name: skipped, ${left}s left"; return 1; }
  [ "$cap" -gt "$left" ] && cap=$left
  port=$((port + 1))
  echo "== $name (cap ${cap}s) $*"
  MASTER_PORT=$port timeout "$cap" python3 "$HERE/zero3_peak.py" --case "$name" --csv "$OUT/zero3_peak.csv" "$@" \
    > "$LOGS/$name.log" 2>&1
  local rc=$?
  echo "$name exit $rc after $(( $(date +%s) - START ))s"
  grep -h -E "RESULT_JSON|AFTER_INIT|Error|error:|Killed" "$LOGS/$name.log" | cut -c1-700 | tail -8
  return $rc
}
run z3off-8b-8L 170 --model llama-3.1-8b --layers 8 --offload --seq 1024 \
  || run z3off-8b-8L-nopin 150 --model llama-3.1-8b --layers 8 --offload --no-pin --seq 1024
run z3off-70b-2L 170 --model llama-3.3-70b --layers 2 --offload --seq 1024
run z3-8b-8L 120 --model llama-3.1-8b --layers 8 --seq 1024
run z3off-8b-8L-overlap 150 --model llama-3.1-8b --layers 8 --offload --overlap --seq 1024
tar czf "$OUT/zero3_logs.tar.gz" -C "$LOGS" .
echo "done after $(( $(date +%s) - START ))s"
