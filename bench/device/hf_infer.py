#!/usr/bin/env python3
"""transformers inference peak: random-weight model from a config, generate(), peak memory.

For each model: build it on the GPU in bf16 with SDPA attention (random weights), then for
each prompt length generate NEW tokens greedily (min_new_tokens = max_new_tokens, so random
weights cannot stop early) and record torch.cuda.max_memory_allocated() /
max_memory_reserved() with the peak statistics reset (and the cache emptied) before each run.

Usage: python3 hf_infer.py --csv FILE [--models a,b] [--prompts 1,2048,8192] [--new 64]
       python3 hf_infer.py --dry ...   (CPU smoke test: 2 layers, no memory figures)
"""

import argparse
import csv
import pathlib
import time

import torch
import transformers
from transformers import AutoConfig, AutoModelForCausalLM

HERE = pathlib.Path(__file__).resolve().parent
GIB = 2**30

FIELDS = ["model", "transformers", "torch", "device_name", "attn_implementation", "dtype",
          "prompt_tokens", "new_tokens", "generated_tokens", "weights_gib", "max_allocated_gib",
          "max_reserved_gib", "peak_over_weights_gib", "kv_cache_theory_gib",
          "logits_one_position_fp32_gib", "device_used_gib", "wall_s", "status"]


def build(model_id: str, dry: bool, attn: str = "sdpa"):
    cfg = AutoConfig.from_pretrained(HERE / "configs" / model_id)
    if dry:
        cfg.num_hidden_layers = 2
    dev = "cpu" if dry else "cuda"
    kw = dict(attn_implementation=attn)
    with torch.device(dev):
        try:
            model = AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16, **kw)
        except TypeError:  # transformers < 4.56 names it torch_dtype
            model = AutoModelForCausalLM.from_config(cfg, torch_dtype=torch.bfloat16, **kw)
    return cfg, model.eval()


def kv_bytes(cfg, tokens: int) -> int:
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // cfg.num_attention_heads
    return 2 * cfg.num_hidden_layers * cfg.num_key_value_heads * head_dim * tokens * 2


def one_run(cfg, model, prompt: int, new: int, dry: bool) -> dict:
    dev = "cpu" if dry else "cuda"
    ids = torch.randint(0, cfg.vocab_size, (1, prompt), device=dev)
    if not dry:
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    t0 = time.time()
    with torch.inference_mode():
        out = model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=new,
                             min_new_tokens=new, do_sample=False,
                             pad_token_id=cfg.eos_token_id if isinstance(cfg.eos_token_id, int)
                             else 0)
    if not dry:
        torch.cuda.synchronize()
    row = {"prompt_tokens": prompt, "new_tokens": new,
           "generated_tokens": out.shape[1] - prompt, "wall_s": round(time.time() - t0, 2),
           "kv_cache_theory_gib": kv_bytes(cfg, prompt + new) / GIB,
           "logits_one_position_fp32_gib": cfg.vocab_size * 4 / GIB}
    if not dry:
        free, total = torch.cuda.mem_get_info()
        row.update(max_allocated_gib=torch.cuda.max_memory_allocated() / GIB,
                   max_reserved_gib=torch.cuda.max_memory_reserved() / GIB,
                   device_used_gib=(total - free) / GIB)
    return row


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--csv", required=True)
    p.add_argument("--models", default="llama-3.1-8b,qwen2.5-7b,qwen3-8b")
    p.add_argument("--prompts", default="1,2048,8192")
    p.add_argument("--new", type=int, default=64)
    p.add_argument("--attn", default="sdpa", help="attn_implementation: sdpa or eager")
    p.add_argument("--dry", action="store_true")
    a = p.parse_args()
    path = pathlib.Path(a.csv)
    new_file = not path.exists()
    with path.open("a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        if new_file:
            w.writeheader()
        for mid in a.models.split(","):
            cfg, model = build(mid, a.dry, a.attn)
            base = {"model": mid, "transformers": transformers.__version__,
                    "torch": torch.__version__, "attn_implementation": a.attn,
                    "dtype": "bfloat16",
                    "device_name": "cpu(dry)" if a.dry else torch.cuda.get_device_name(0)}
            if not a.dry:
                torch.cuda.synchronize()
                base["weights_gib"] = torch.cuda.memory_allocated() / GIB
            for prompt in (int(x) for x in a.prompts.split(",")):
                try:
                    row = {**base, **one_run(cfg, model, prompt, a.new, a.dry), "status": "ok"}
                except torch.OutOfMemoryError as e:
                    row = {**base, "prompt_tokens": prompt, "status": f"OOM: {e}"[:200]}
                if "max_allocated_gib" in row:
                    row["peak_over_weights_gib"] = row["max_allocated_gib"] - row["weights_gib"]
                w.writerow(row)
                f.flush()
                print(row, flush=True)
            del model
            if not a.dry:
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
