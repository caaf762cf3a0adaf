#!/usr/bin/env bash
# Held-out training runs (models and batch sizes the training model was not shaped on):
# OUT=dir bash bench/device/heldout.sh
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
run() { timeout 240 python3 "$HERE/train_peak.py" --csv "$OUT/train_heldout.csv" "$@" 2>&1 | tail -n 2; }
run --case lora16 --model qwen2.5-7b
run --case lora16 --model qwen2.5-7b --gc --batch 2
run --case lora16 --model mistral-7b-v0.3 --gc --batch 4
run --case full_bf16 --model qwen2.5-1.5b
run --case full_bf16 --model qwen2.5-1.5b --gc --batch 4
run --case full_mixed --model qwen2.5-1.5b --gc --batch 2
