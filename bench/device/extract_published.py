#!/usr/bin/env python3
"""Trim and parse published vLLM start-up logs (not measured here) into results/.

Source: llm-d-incubation/llm-d-planner, commit d3121e059da88662db39a926a3ead964be97359b,
accuracy/results/v0.19.0/logs/*.log (vLLM v0.19.0, `vllm serve`, H100 80GB, DEBUG logging;
Apache-2.0). The logs were removed from that repository in a later commit (2489dbbf), so the
commit is pinned. Each log is cut down to its memory-relevant lines under
logs/published/llm-d-planner-v0.19.0/ and parsed with parse_vllm_log.py into
results/published_vllm_v0.19.0_h100.csv.

Usage: python3 extract_published.py /path/to/llm-d-planner/git-dir
"""

import csv
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from parse_vllm_log import parse  # noqa: E402

COMMIT = "d3121e059da88662db39a926a3ead964be97359b"
PREFIX = "accuracy/results/v0.19.0/logs/"
KEEP = re.compile(
    r"version \d|non-default args|Defaulting max_num|Chunked prefill is enabled|"
    r"Initializing a V1 LLM engine|worker init memory snapshot|worker requested memory|"
    r"Peak GPU memory after loading|Model loading took|Profiling CUDA graph memory|"
    r"Estimated (PIECEWISE |FULL )?CUDA graph memory|Initial free memory|"
    r"Free memory after profiling|Memory profiling takes|Available KV cache memory|"
    r"GPU KV cache size|Maximum concurrency|Graph capturing finished|CUDA graph pool memory|"
    r"Free memory on device|init engine|EngineCore failed|OutOfMemory|out of memory|"
    r"Tried to allocate|ValueError|No available memory")
FIELDS = ["log", "status", "model", "vllm_version", "tensor_parallel_size",
          "pipeline_parallel_size", "max_model_len", "dtype", "quantization", "kv_cache_dtype",
          "requested_util", "max_num_batched_tokens", "max_num_seqs", "total_gpu_memory_gib",
          "init_free_gib", "init_cuda_context_gib", "requested_memory_gib", "model_loading_gib",
          "peak_after_loading_gib", "weights_gib", "activation_peak_gib", "non_torch_gib",
          "total_non_kv_gib", "kv_cache_gib", "kv_tokens", "max_concurrency_len",
          "max_concurrency", "cuda_graph_estimated_gib", "cuda_graph_pool_actual_gib",
          "cuda_graph_gib", "profile_seconds", "engine_failed"]


def git(gitdir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", gitdir, *args], check=True,
                          capture_output=True, text=True, errors="replace").stdout


def main() -> None:
    gitdir = sys.argv[1]
    names = [n for n in git(gitdir, "ls-tree", "--name-only", COMMIT, PREFIX).split()
             if n.endswith(".log")]
    outdir = HERE / "logs" / "published" / "llm-d-planner-v0.19.0"
    outdir.mkdir(parents=True, exist_ok=True)
    rows = []
    for name in sorted(names):
        text = git(gitdir, "show", f"{COMMIT}:{name}")
        base = name[len(PREFIX):]
        kept = [ln[:600] for ln in text.splitlines() if KEEP.search(ln)]
        header = f"# trimmed from github:llm-d-incubation/llm-d-planner@{COMMIT}:{name}\n"
        (outdir / base).write_text(header + "\n".join(kept) + "\n")
        row = {"log": base, "status": "failed" if ".FAILED." in base else "ok", **parse(text)}
        rows.append(row)
    out = HERE / "results" / "published_vllm_v0.19.0_h100.csv"
    with out.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} logs -> {out}")
    cross_check(gitdir, rows)


def cross_check(gitdir: str, rows: list) -> None:
    """Compare our parse with the publisher's own (results_raw.csv at the same commit)."""
    raw = git(gitdir, "show", f"{COMMIT}:accuracy/results/v0.19.0/results_raw.csv")
    theirs = {r["log_file"]: r for r in csv.DictReader(raw.splitlines())}
    pairs = [("weights_gib", "weights_memory_gib"), ("activation_peak_gib", "activation_memory_gib"),
             ("non_torch_gib", "non_torch_forward_gib"), ("kv_cache_gib", "kv_cache_memory_gib"),
             ("kv_tokens", "kv_cache_tokens"), ("cuda_graph_pool_actual_gib", "cuda_graph_actual_gib"),
             ("max_concurrency", "max_concurrency"), ("total_gpu_memory_gib", "init_total_memory_gib")]
    compared = mismatched = 0
    for row in rows:
        t = theirs.get(row["log"])
        for ours, their in pairs:
            if t is None or (row.get(ours) is None and t[their] == ""):
                continue
            compared += 1
            if row.get(ours) is None or t[their] == "" or abs(float(row[ours]) - float(t[their])) > 1e-6:
                mismatched += 1
                print("mismatch", row["log"], ours, row.get(ours), t[their])
    print(f"cross-check with results_raw.csv: {compared} values compared, {mismatched} differ")


if __name__ == "__main__":
    main()
