#!/usr/bin/env python3
"""Ground truth for hybrid and sliding-window layouts (issue 24): exact parameter counts and
the bytes transformers' cache really holds per token, for models built from real configs.

For each config: build the model on the GPU in bf16 with random weights, count parameters
(total, and per top-level group), then run one prefill of P tokens with use_cache=True for
each P and sum the bytes of every tensor the returned cache object holds (attention K/V,
Mamba-2 conv and SSM states, linear-attention states). Two prefill lengths give the bytes
per token (the slope) and the constant state (the intercept). Sliding-window layers hold at
most their window, so the slope is measured below the window too.

Usage: python3 hybrid_state.py --configs DIR --csv FILE [--models a,b] [--prompts 1024,2048]
Each config is DIR/<name>.json (a Hugging Face config.json).
"""

import argparse
import csv
import json
import pathlib
import time
import traceback

import torch
import transformers
from transformers import AutoConfig, AutoModelForCausalLM

GIB = 2**30
FIELDS = ["model", "model_type", "transformers", "torch", "device_name", "params_total",
          "params_embed", "prompt_tokens", "cache_bytes", "cache_tensors", "peak_allocated_gib",
          "wall_s", "status"]


def tensors_in(obj, seen=None, depth=0):
    """Every tensor reachable from a cache object (lists, tuples, dicts, attributes)."""
    if seen is None:
        seen = set()
    if depth > 6 or id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, torch.Tensor):
        yield obj
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            yield from tensors_in(x, seen, depth + 1)
    elif isinstance(obj, dict):
        for x in obj.values():
            yield from tensors_in(x, seen, depth + 1)
    elif hasattr(obj, "__dict__") and not isinstance(obj, (torch.nn.Module, type)):
        for x in vars(obj).values():
            yield from tensors_in(x, seen, depth + 1)


def cache_size(cache):
    storages = {}
    for t in tensors_in(cache):
        if t.device.type != "cuda":
            continue
        key = (t.untyped_storage().data_ptr(), t.untyped_storage().nbytes())
        storages[key] = t.untyped_storage().nbytes()
    return sum(storages.values()), len(storages)


def load_config(path: pathlib.Path):
    raw = json.loads(path.read_text().replace("Infinity", "1e308").replace("NaN", "0"))
    raw.pop("quantization_config", None)  # random bf16 weights; the layout is what counts
    raw.pop("auto_map", None)
    return AutoConfig.for_model(raw.pop("model_type"), **raw)


def run(name, path, prompts, writer, fh):
    base = {"model": name, "transformers": transformers.__version__,
            "torch": torch.__version__, "device_name": torch.cuda.get_device_name(0)}
    t0 = time.time()
    try:
        cfg = load_config(path)
        base["model_type"] = cfg.model_type
        with torch.device("cuda"):
            model = AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16)
        model.eval()
        base["params_total"] = sum(p.numel() for p in model.parameters())
        emb = model.get_input_embeddings()
        base["params_embed"] = emb.weight.numel() if emb is not None else ""
    except Exception as e:  # noqa: BLE001 - report and go on to the next model
        writer.writerow({**base, "status": f"build failed: {type(e).__name__}: {e}"[:300]})
        fh.flush()
        traceback.print_exc()
        return
    vocab = getattr(cfg, "vocab_size", None) or cfg.get_text_config().vocab_size
    for p in prompts:
        row = dict(base, prompt_tokens=p)
        try:
            torch.cuda.synchronize()
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats()
            ids = torch.randint(0, vocab, (1, p), device="cuda")
            with torch.inference_mode():
                try:
                    out = model(input_ids=ids, use_cache=True, logits_to_keep=1)
                except TypeError:  # a model class without logits_to_keep
                    out = model(input_ids=ids, use_cache=True)
            torch.cuda.synchronize()
            nbytes, count = cache_size(out.past_key_values)
            row.update(cache_bytes=nbytes, cache_tensors=count,
                       peak_allocated_gib=round(torch.cuda.max_memory_allocated() / GIB, 3),
                       status="ok")
            del out
        except Exception as e:  # noqa: BLE001
            row["status"] = f"failed: {type(e).__name__}: {e}"[:300]
            traceback.print_exc()
        row["wall_s"] = round(time.time() - t0, 1)
        writer.writerow(row)
        fh.flush()
        print(row, flush=True)
    del model
    torch.cuda.empty_cache()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--configs", required=True)
    ap.add_argument("--csv", required=True)
    ap.add_argument("--models", default="")
    ap.add_argument("--prompts", default="1024,2048")
    a = ap.parse_args()
    folder = pathlib.Path(a.configs)
    names = [n for n in a.models.split(",") if n] or sorted(p.stem for p in folder.glob("*.json"))
    prompts = [int(x) for x in a.prompts.split(",")]
    with open(a.csv, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        for name in names:
            run(name, folder / f"{name}.json", prompts, writer, fh)


if __name__ == "__main__":
    main()
