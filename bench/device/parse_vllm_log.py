#!/usr/bin/env python3
"""Parse the memory lines of a vLLM start-up log into one flat dict (GiB, tokens).

Covers the formats vLLM has printed over time:
- V0 (worker.py, 0.6-0.8): "the current vLLM instance can use total_gpu_memory (X GiB)
  x gpu_memory_utilization (U) = Y GiB" and "model weights take A GiB; non_torch_memory takes
  B GiB; PyTorch activation peak memory takes C GiB; the rest of the memory reserved for KV
  Cache is D GiB." plus "# GPU blocks: N" / "# CUDA blocks: N".
- V1 extras (0.10+): "worker init memory snapshot: ... free_memory=F GiB, total_memory=T GiB,
  cuda_memory=C GiB", "Peak GPU memory after loading weights: W GiB", "Defaulting
  max_num_batched_tokens to N" / "max_num_batched_tokens=N", "LLM engine (vX.Y.Z)".
- V1 (gpu_worker.py, 0.8+; the breakdown is a DEBUG line, so run with VLLM_LOGGING_LEVEL=DEBUG):
  "Initial free memory: X GiB; Requested memory: U (util), Y GiB", "Memory profiling takes S
  seconds. Total non KV cache memory: T GiB; torch peak memory increase: C GiB; non-torch
  forward increase memory: B GiB; weights memory: A GiB.", "Available KV cache memory: D GiB",
  "GPU KV cache size: N tokens", "Maximum concurrency for L tokens per request: Kx",
  "Model loading took A GiB", "Graph capturing finished in S secs, took G GiB",
  "Estimated CUDA graph memory: G GiB total", "CUDA graph pool memory: G GiB (actual)".

Usage: python3 parse_vllm_log.py LOG...   -> prints one JSON object per log
"""

import json
import re
import sys

NUM = r"(-?[\d.]+)"
GIB = NUM + r"\s*Gi?B"

# (key, regex, converter); the first match in the log wins, except keys in LAST.
PATTERNS = [
    ("total_gpu_memory_gib", r"total_gpu_memory\s*\(" + GIB + r"\)", float),
    ("gpu_memory_utilization", r"gpu_memory_utilization\s*\(" + NUM + r"\)", float),
    ("requested_memory_gib", r"gpu_memory_utilization\s*\(" + NUM + r"\)\s*=\s*" + GIB, None),
    ("initial_free_memory_gib", r"Initial free memory:?\s*" + GIB, float),
    ("requested_util", r"Requested memory:?\s*" + NUM + r"\s*\(util\)", float),
    ("requested_memory_gib", r"Requested memory:?\s*" + NUM + r"\s*\(util\),\s*" + GIB, None),
    ("weights_gib", r"model weights take\s*" + GIB, float),
    ("non_torch_gib", r"non_torch_memory takes\s*" + GIB, float),
    ("activation_peak_gib", r"PyTorch activation peak memory takes\s*" + GIB, float),
    ("kv_cache_gib", r"reserved for KV Cache is\s*" + GIB, float),
    ("total_non_kv_gib", r"Total non KV cache memory:?\s*" + GIB, float),
    ("activation_peak_gib", r"torch peak memory increase:?\s*" + GIB, float),
    ("non_torch_gib", r"non-torch forward increase memory:?\s*" + GIB, float),
    ("weights_gib", r"weights memory:?\s*" + GIB, float),
    ("profile_seconds", r"Memory profiling takes\s*" + NUM + r"\s*seconds", float),
    ("model_loading_gib", r"Model loading took\s*" + GIB, float),
    ("model_loading_gib", r"Loading model weights took\s*" + NUM + r"\s*GB", float),
    ("kv_cache_gib", r"Available KV cache memory:?\s*" + GIB, float),
    ("kv_tokens", r"GPU KV cache size:?\s*([\d,]+)\s*tokens", None),
    ("gpu_blocks", r"# (?:GPU|CUDA) blocks:\s*(\d+)", int),
    ("max_concurrency_len", r"Maximum concurrency for\s*([\d,]+)\s*tokens per request", None),
    ("max_concurrency", r"tokens per request:\s*" + NUM + r"x", float),
    ("cuda_graph_gib", r"Graph capturing finished in\s*[\d.]+\s*secs?,\s*took\s*" + GIB, float),
    ("cuda_graph_estimated_gib", r"Estimated CUDA graph memory:?\s*" + GIB, float),
    ("cuda_graph_pool_actual_gib", r"CUDA graph pool memory:?\s*" + GIB + r"\s*\(actual\)", float),
    ("graph_capture_seconds", r"Graph capturing finished in\s*" + NUM + r"\s*secs?", float),
    # V1 (0.10+) extras: worker start snapshot, scheduler defaults, version.
    ("init_free_gib", r"worker init memory snapshot:.*?free_memory=" + GIB, float),
    ("total_gpu_memory_gib", r"worker init memory snapshot:.*?total_memory=" + GIB, float),
    ("init_cuda_context_gib", r"worker init memory snapshot:.*?cuda_memory=" + GIB, float),
    ("total_gpu_memory_gib", r"Free memory on device \([\d.]+/" + GIB + r"\)", float),
    ("peak_after_loading_gib", r"Peak GPU memory after loading weights:\s*" + GIB, float),
    ("max_num_batched_tokens", r"max_num_batched_tokens=(\d+)", int),
    ("max_num_batched_tokens", r"Defaulting max_num_batched_tokens to (\d+)", int),
    ("max_num_seqs", r"'max_num_seqs':\s*(\d+)", int),
    ("max_num_seqs", r"Defaulting max_num_seqs to (\d+)", int),
    ("vllm_version", r"LLM engine \(v([\w.+-]+)\)", str),
    ("model", r"LLM engine \(v[\w.+-]+\) with config: model='([^']+)'", str),
    ("max_model_len", r"max_seq_len=(\d+)", int),
    ("tensor_parallel_size", r"tensor_parallel_size=(\d+)", int),
    ("pipeline_parallel_size", r"pipeline_parallel_size=(\d+)", int),
    ("dtype", r"with config: .*?dtype=torch\.(\w+)", str),
    ("quantization", r"with config: .*?quantization=([\w-]+)", str),
    ("kv_cache_dtype", r"with config: .*?kv_cache_dtype=([\w-]+)", str),
    ("engine_failed", r"(EngineCore failed to start|CUDA out of memory|OutOfMemoryError)", str),
]


def _int(s: str) -> int:
    return int(s.replace(",", ""))


def parse(text: str) -> dict:
    """Memory figures found in one start-up log (absent keys were not printed)."""
    out: dict = {}
    for key, rx, conv in PATTERNS:
        if key in out:
            continue
        m = re.search(rx, text)
        if not m:
            continue
        if key == "requested_memory_gib":
            out[key] = float(m.group(2))
        elif key in ("kv_tokens", "max_concurrency_len"):
            out[key] = _int(m.group(1))
        else:
            out[key] = conv(m.group(1))
    return out


def main() -> None:
    for path in sys.argv[1:]:
        with open(path, errors="replace") as f:
            print(json.dumps({"log": path, **parse(f.read())}))


if __name__ == "__main__":
    main()
