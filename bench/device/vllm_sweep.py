#!/usr/bin/env python3
"""Run vllm_one.py for a list of cases, one fresh process each, and write a CSV.

Each case gets its own process (vLLM does not give memory back reliably within one
process) under a wall-clock timeout; its full log goes to LOGDIR/<case>.log and one row,
parsed from the log (parse_vllm_log.py) and from the RESULT_JSON line, to the CSV.

Usage: python3 vllm_sweep.py --logdir DIR --csv FILE [--group A|B|all] [--timeout S]
"""

import argparse
import csv
import json
import os
import pathlib
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from parse_vllm_log import parse  # noqa: E402

# name, model, max_model_len, max_num_batched_tokens, enforce_eager
GROUP_A = [  # Llama-3.1-8B: activation peak vs max_num_batched_tokens, graphs, context
    ("l31-8b_len8k_mnbt2k_eager", "llama-3.1-8b", 8192, 2048, True),
    ("l31-8b_len8k_mnbt8k_eager", "llama-3.1-8b", 8192, 8192, True),
    ("l31-8b_len16k_mnbt16k_eager", "llama-3.1-8b", 16384, 16384, True),
    ("l31-8b_len8k_mnbt8k_graphs", "llama-3.1-8b", 8192, 8192, False),
    ("l31-8b_len32k_mnbt8k_eager", "llama-3.1-8b", 32768, 8192, True),
    ("l31-8b_len128k_default_graphs", "llama-3.1-8b", 131072, None, False),
]
GROUP_B = [  # one start-up per model, CUDA graphs on (vLLM's default)
    ("q25-7b_len8k_mnbt8k_graphs", "qwen2.5-7b", 8192, 8192, False),
    ("q25-14b_len8k_mnbt8k_graphs", "qwen2.5-14b", 8192, 8192, False),
    ("m7b-v03_len8k_mnbt8k_graphs", "mistral-7b-v0.3", 8192, 8192, False),
    ("q3-8b_len8k_mnbt8k_graphs", "qwen3-8b", 8192, 8192, False),
    ("q3-30b-a3b_len8k_mnbt8k_graphs", "qwen3-30b-a3b", 8192, 8192, False),
    ("gptoss-20b_len8k_mnbt8k_graphs", "gpt-oss-20b", 8192, 8192, False),
]
GROUPS = {"A": GROUP_A, "B": GROUP_B, "all": GROUP_A + GROUP_B}

FIELDS = [
    "case", "model", "max_model_len", "mnbt_requested", "enforce_eager", "status",
    "vllm", "vllm_version", "torch", "device_name", "total_memory_bytes", "total_gpu_memory_gib",
    "gpu_memory_utilization", "requested_util", "requested_memory_gib", "model_loading_gib", "weights_gib",
    "non_torch_gib", "activation_peak_gib", "total_non_kv_gib", "kv_cache_gib", "kv_tokens",
    "num_gpu_blocks", "block_size", "kv_tokens_programmatic", "max_concurrency_len",
    "max_concurrency", "cuda_graph_gib", "cuda_graph_estimated_gib",
    "cuda_graph_pool_actual_gib", "used_before_gib", "used_after_init_gib",
    "torch_reserved_after_init_gib", "used_after_generate_gib",
    "max_num_batched_tokens", "max_num_seqs", "max_num_batched_tokens_effective",
    "max_num_seqs_effective", "startup_s", "wall_s",
]


def run_case(case, logdir: pathlib.Path, timeout: int) -> dict:
    name, model, mml, mnbt, eager = case
    cmd = [sys.executable, str(HERE / "vllm_one.py"), "--model", str(HERE / "configs" / model),
           "--max-model-len", str(mml)]
    if mnbt:
        cmd += ["--max-num-batched-tokens", str(mnbt)]
    if eager:
        cmd.append("--enforce-eager")
    log = logdir / f"{name}.log"
    t0 = time.time()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with log.open("w") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        try:
            rc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env,
                                timeout=timeout).returncode
            status = "ok" if rc == 0 else f"exit {rc}"
        except subprocess.TimeoutExpired:
            status = f"timeout {timeout}s"
    text = log.read_text(errors="replace")
    # Log figures first; the case's own fields (catalog id, requested settings) win.
    row = {**parse(text), "case": name, "model": model, "max_model_len": mml,
           "mnbt_requested": mnbt if mnbt else "default", "enforce_eager": eager,
           "status": status, "wall_s": round(time.time() - t0, 1)}
    for line in text.splitlines():
        if line.startswith("RESULT_JSON "):
            row.update(json.loads(line[len("RESULT_JSON "):]))
    return row


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--logdir", required=True)
    p.add_argument("--csv", required=True)
    p.add_argument("--group", default="all", choices=list(GROUPS))
    p.add_argument("--timeout", type=int, default=240)
    a = p.parse_args()
    logdir = pathlib.Path(a.logdir)
    logdir.mkdir(parents=True, exist_ok=True)
    path = pathlib.Path(a.csv)
    new = not path.exists()
    with path.open("a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        if new:
            w.writeheader()
        for case in GROUPS[a.group]:
            row = run_case(case, logdir, a.timeout)
            w.writerow(row)
            f.flush()
            print({k: row.get(k) for k in ("case", "status", "weights_gib", "non_torch_gib",
                   "activation_peak_gib", "kv_cache_gib", "kv_tokens", "cuda_graph_gib",
                   "used_after_init_gib")}, flush=True)


if __name__ == "__main__":
    main()
