#!/usr/bin/env python3
"""Record the GPU and software versions the measurements ran on (prints JSON)."""

import importlib
import json
import platform

import torch

info = {"python": platform.python_version(), "torch": torch.__version__,
        "torch_cuda": torch.version.cuda}
for name in ("transformers", "vllm", "peft", "bitsandbytes", "accelerate", "flash_attn"):
    try:
        info[name] = importlib.import_module(name).__version__
    except Exception as e:  # missing or broken: record why
        info[name] = f"unavailable ({type(e).__name__})"
if torch.cuda.is_available():
    p = torch.cuda.get_device_properties(0)
    free, total = torch.cuda.mem_get_info()
    info.update(device_name=p.name, total_memory_bytes=p.total_memory,
                total_memory_gib=p.total_memory / 2**30, mem_get_info_free_bytes=free,
                mem_get_info_total_bytes=total, mem_get_info_free_gib=free / 2**30,
                compute_capability=f"{p.major}.{p.minor}", multiprocessors=p.multi_processor_count)
print(json.dumps(info, indent=1))
