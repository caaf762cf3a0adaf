#!/usr/bin/env python3
"""Read hybrid_kv.sh's logs and write one CSV row per model: vLLM's own figures next to what
src/estimate/paged.rs predicts from the same "Available KV cache memory" (groups of equal
layer count; a sliding layer reserves min(window - 1 + batched, context) tokens + 1 block)."""

import argparse
import csv
import json
import math
import os
import re

GIB = 2**30
BLOCK = 16
# (full layers, sliding layers, window, KV heads, head_dim) of the configs in configs/.
MODELS = {
    "gpt-oss-20b": (12, 12, 128, 8, 64),
    "gemma-3-12b-text": (8, 40, 1024, 8, 256),
}
LINES = {
    "vllm_version": r"vLLM (?:API server )?version:? ?v?([0-9][0-9a-z.+]*)",
    "weights_gib": r"(?:Model loading took|model weights take) ([0-9.]+) ?GiB",
    "kv_cache_gib": r"Available KV cache memory: ([0-9.]+) GiB",
    "kv_tokens": r"GPU KV cache size: ([0-9,]+) tokens",
    "max_concurrency": r"Maximum concurrency for [0-9,]+ tokens per request: ([0-9.]+)x",
}


def ours(full, sliding, window, heads, head_dim, kv_gib, length, mnbt):
    fewest, most = min(full, sliding), max(full, sliding)
    size = most if most < fewest * 1.5 else fewest
    groups_full, groups_sliding = math.ceil(full / size), math.ceil(sliding / size)
    page = BLOCK * heads * head_dim * 2 * 2  # bf16 K and V
    blocks = int(kv_gib * GIB // (page * size))
    per_request = groups_full * math.ceil(length / BLOCK) + groups_sliding * (
        math.ceil(min(window - 1 + mnbt, length) / BLOCK) + 1
    )
    return {
        "ours_groups": groups_full + groups_sliding,
        "ours_kv_tokens": blocks // (groups_full + groups_sliding) * BLOCK,
        "ours_max_concurrency": round(blocks / per_request, 2),
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--logdir", required=True)
    p.add_argument("--len", type=int, required=True)
    p.add_argument("--mnbt", type=int, required=True)
    p.add_argument("--util", type=float, required=True)
    p.add_argument("--csv", required=True)
    a = p.parse_args()
    rows = []
    for model, shape in MODELS.items():
        path = os.path.join(a.logdir, f"{model}.log")
        text = open(path, errors="replace").read() if os.path.exists(path) else ""
        row = {"model": model, "max_model_len": a.len, "max_num_batched_tokens": a.mnbt,
               "gpu_memory_utilization": a.util}
        for key, rx in LINES.items():
            m = re.findall(rx, text)
            row[key] = m[-1].replace(",", "") if m else ""
        out = os.path.join(a.logdir, f"{model}.out")
        if os.path.exists(out):
            for line in open(out):
                if line.startswith("RESULT_JSON "):
                    r = json.loads(line[len("RESULT_JSON "):])
                    row["num_gpu_blocks"] = r.get("num_gpu_blocks", "")
        if row["kv_cache_gib"]:
            row.update(ours(*shape, float(row["kv_cache_gib"]), a.len, a.mnbt))
        rows.append(row)
        print(json.dumps(row))
    keys = sorted({k for r in rows for k in r})
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
