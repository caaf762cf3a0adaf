#!/usr/bin/env python3
"""Start one offline vLLM engine on a config-only model (dummy weights) and report memory.

Runs the engine in this process (VLLM_ENABLE_V1_MULTIPROCESSING=0) so that the cache config
the engine core filled in, and the process's real device footprint, can be read directly.
The start-up log (stderr) carries vLLM's own memory-profiling lines; parse_vllm_log.py reads
them. The last stdout line is "RESULT_JSON {...}" with what was read programmatically.

Example:
  python3 vllm_one.py --model configs/llama-3.1-8b --max-model-len 8192 \
      --max-num-batched-tokens 8192 --enforce-eager
"""

import argparse
import json
import os
import time

os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
os.environ.setdefault("VLLM_LOGGING_LEVEL", "DEBUG")
os.environ.setdefault("VLLM_NO_USAGE_STATS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

GIB = 2**30


def args_() -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--model", required=True)
    p.add_argument("--max-model-len", type=int, required=True)
    p.add_argument("--max-num-batched-tokens", type=int, default=None)
    p.add_argument("--max-num-seqs", type=int, default=None)
    p.add_argument("--gpu-memory-utilization", type=float, default=0.9)
    p.add_argument("--enforce-eager", action="store_true")
    p.add_argument("--dtype", default="bfloat16")
    p.add_argument("--kv-cache-dtype", default="auto")
    p.add_argument("--mamba-cache-mode", default=None,
                   help="none/align/all; left out: vLLM's own default for the model")
    return p.parse_args()


def cache_numbers(llm) -> dict:
    """num_gpu_blocks/block_size as the engine set them (paths differ across versions)."""
    out = {}
    for path in ("llm_engine.vllm_config.cache_config", "llm_engine.cache_config",
                 "llm_engine.engine_core.engine_core.vllm_config.cache_config"):
        obj = llm
        try:
            for part in path.split("."):
                obj = getattr(obj, part)
        except AttributeError:
            continue
        blocks = getattr(obj, "num_gpu_blocks", None)
        if blocks:
            out["num_gpu_blocks"] = int(blocks)
            out["block_size"] = int(obj.block_size)
            out["kv_tokens_programmatic"] = int(blocks) * int(obj.block_size)
            out["cache_config_path"] = path
            break
    try:
        sc = llm.llm_engine.vllm_config.scheduler_config
        out["max_num_batched_tokens_effective"] = int(sc.max_num_batched_tokens)
        out["max_num_seqs_effective"] = int(sc.max_num_seqs)
    except AttributeError:
        pass
    return out


def main() -> None:
    a = args_()
    import torch
    import vllm
    from vllm import LLM, SamplingParams

    free0, total = torch.cuda.mem_get_info()
    kw = dict(model=a.model, load_format="dummy", skip_tokenizer_init=True,
              max_model_len=a.max_model_len, gpu_memory_utilization=a.gpu_memory_utilization,
              enforce_eager=a.enforce_eager, dtype=a.dtype, kv_cache_dtype=a.kv_cache_dtype,
              seed=0, tensor_parallel_size=1)
    if a.max_num_batched_tokens:
        kw["max_num_batched_tokens"] = a.max_num_batched_tokens
        if a.max_num_batched_tokens < a.max_model_len:
            kw["enable_chunked_prefill"] = True
    if a.max_num_seqs:
        kw["max_num_seqs"] = a.max_num_seqs
    if a.mamba_cache_mode:
        kw["mamba_cache_mode"] = a.mamba_cache_mode
    t0 = time.time()
    llm = LLM(**kw)
    startup_s = time.time() - t0
    free1, _ = torch.cuda.mem_get_info()
    res = {
        "vllm": vllm.__version__, "torch": torch.__version__,
        "device_name": torch.cuda.get_device_name(0),
        "total_memory_bytes": total,
        "used_before_gib": (total - free0) / GIB,
        "used_after_init_gib": (total - free1) / GIB,
        "torch_reserved_after_init_gib": torch.cuda.memory_reserved() / GIB,
        "startup_s": round(startup_s, 1),
        **cache_numbers(llm),
    }
    # One short request proves the engine runs; it must not change the numbers above.
    sp = SamplingParams(max_tokens=8, detokenize=False, ignore_eos=True)
    out = llm.generate([{"prompt_token_ids": list(range(100, 612))}], sp)
    res["generated_tokens"] = len(out[0].outputs[0].token_ids)
    free2, _ = torch.cuda.mem_get_info()
    res["used_after_generate_gib"] = (total - free2) / GIB
    print("RESULT_JSON " + json.dumps(res), flush=True)


if __name__ == "__main__":
    main()
