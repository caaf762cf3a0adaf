#!/usr/bin/env python3
"""Training peak memory: a few optimizer steps on random tokens, one case per process.

Cases (seq 2048, micro-batch 1, labels = inputs, loss from transformers' causal-LM head):
  lora16          Llama-3.1-8B, bf16 frozen base, peft LoRA r=16 alpha=32 on all linear layers
                  (target_modules="all-linear": q,k,v,o,gate,up,down; not lm_head); peft keeps
                  adapter weights in fp32 (autocast_adapter_dtype default); torch AdamW on the
                  adapters. --gc toggles gradient checkpointing (non-reentrant).
  full_bf16       Llama-3.2-1B full fine-tune, weights, grads and AdamW states all bf16
                  (no fp32 master copy), no autocast.
  full_mixed      Llama-3.2-1B full fine-tune, fp32 weights (master) + fp32 grads + fp32 AdamW
                  states, forward/backward under torch.autocast(bfloat16): what HF Trainer with
                  bf16=True does.
  qlora16         Llama-3.1-8B, every nn.Linear but lm_head replaced by bitsandbytes
                  Linear4bit (nf4, double quant, bf16 compute), peft
                  prepare_model_for_kbit_training (casts the rest, embeddings and lm_head
                  included, to fp32, and turns gradient checkpointing on), LoRA r=16 all-linear.
                  Needs bitsandbytes.

Peaks are torch.cuda.max_memory_allocated()/max_memory_reserved() over each step, with the
peak statistics reset after set-up. Usage:
  python3 train_peak.py --case lora16 --gc --csv FILE [--steps 2] [--seq 2048] [--dry]
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

FIELDS = ["case", "model", "grad_checkpointing", "seq_len", "micro_batch", "weights_dtype",
          "optimizer", "trainable_params", "total_params", "setup_allocated_gib",
          "optimizer_state_gib", "step", "loss", "max_allocated_gib", "max_reserved_gib",
          "device_used_gib", "step_s", "transformers", "torch", "peft", "bitsandbytes",
          "device_name", "status"]

MODEL = {"lora16": "llama-3.1-8b", "qlora16": "llama-3.1-8b", "full_bf16": "llama-3.2-1b",
         "full_mixed": "llama-3.2-1b"}


def from_config(model_id: str, dtype, dev: str, dry: bool):
    cfg = AutoConfig.from_pretrained(HERE / "configs" / model_id)
    if dry:
        cfg.num_hidden_layers = 2
    with torch.device(dev):
        try:
            m = AutoModelForCausalLM.from_config(cfg, dtype=dtype, attn_implementation="sdpa")
        except TypeError:
            m = AutoModelForCausalLM.from_config(cfg, torch_dtype=dtype,
                                                 attn_implementation="sdpa")
    m.config.use_cache = False
    return cfg, m


def lora_config():
    from peft import LoraConfig
    return LoraConfig(r=16, lora_alpha=32, lora_dropout=0.0, target_modules="all-linear",
                      task_type="CAUSAL_LM")


def to_4bit(model):
    """Replace each nn.Linear but lm_head by a bitsandbytes NF4 (double-quant) Linear4bit."""
    import bitsandbytes as bnb

    for name, mod in list(model.named_modules()):
        for child_name, child in list(mod.named_children()):
            if not isinstance(child, torch.nn.Linear) or child_name == "lm_head":
                continue
            q = bnb.nn.Linear4bit(child.in_features, child.out_features,
                                  bias=child.bias is not None, compute_dtype=torch.bfloat16,
                                  compress_statistics=True, quant_type="nf4",
                                  device="meta")
            q.weight = bnb.nn.Params4bit(child.weight.data, requires_grad=False,
                                         compress_statistics=True, quant_type="nf4")
            if child.bias is not None:
                q.bias = torch.nn.Parameter(child.bias.data, requires_grad=False)
            setattr(mod, child_name, q.to("cuda"))  # .to() quantizes the weight to NF4
            del child
    torch.cuda.empty_cache()
    return model


def setup(case: str, gc: bool, dry: bool, mid: str):
    dev = "cpu" if dry else "cuda"
    if case in ("lora16", "qlora16"):
        from peft import get_peft_model, prepare_model_for_kbit_training
        cfg, model = from_config(mid, torch.bfloat16, dev, dry)
        if case == "qlora16":
            model = to_4bit(model)
            try:  # lets peft dispatch its bnb-4bit LoRA layer, as with from_pretrained
                model.is_loaded_in_4bit = True
            except AttributeError:
                pass
            # Casts every remaining 16-bit parameter (embeddings, lm_head, norms) to fp32,
            # as the usual QLoRA recipe does.
            model = prepare_model_for_kbit_training(model, use_gradient_checkpointing=False)
        if gc:
            model.gradient_checkpointing_enable(
                gradient_checkpointing_kwargs={"use_reentrant": False})
            model.enable_input_require_grads()
        model = get_peft_model(model, lora_config())
        wdtype = "nf4(double quant)+fp32 rest" if case == "qlora16" else "bf16 base, fp32 LoRA"
    elif case == "full_bf16":
        cfg, model = from_config(mid, torch.bfloat16, dev, dry)
        wdtype = "bf16 (no master copy)"
    else:
        cfg, model = from_config(mid, torch.float32, dev, dry)
        wdtype = "fp32 master, bf16 autocast"
    if gc and case in ("full_bf16", "full_mixed"):
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=1e-5)
    return cfg, model, opt, params, wdtype


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--case", required=True, choices=list(MODEL))
    p.add_argument("--gc", action="store_true")
    p.add_argument("--steps", type=int, default=2)
    p.add_argument("--seq", type=int, default=2048)
    p.add_argument("--csv", required=True)
    p.add_argument("--dry", action="store_true")
    p.add_argument("--model", help="a folder under configs/ (default: the case's model)")
    p.add_argument("--batch", type=int, default=1)
    a = p.parse_args()
    mid = a.model or MODEL[a.case]
    dev = "cpu" if a.dry else "cuda"
    torch.manual_seed(0)
    cfg, model, opt, params, wdtype = setup(a.case, a.gc, a.dry, mid)
    versions = {"transformers": transformers.__version__, "torch": torch.__version__}
    for mod in ("peft", "bitsandbytes"):
        try:
            versions[mod] = __import__(mod).__version__
        except ImportError:
            versions[mod] = ""
    base = {"case": a.case, "model": mid, "grad_checkpointing": a.gc,
            "seq_len": a.seq, "micro_batch": a.batch, "weights_dtype": wdtype,
            "optimizer": "torch.optim.AdamW (states in the dtype of the trainable params)",
            "trainable_params": sum(p.numel() for p in params),
            "total_params": sum(p.numel() for p in model.parameters()),
            "device_name": "cpu(dry)" if a.dry else torch.cuda.get_device_name(0), **versions}
    if not a.dry:
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        base["setup_allocated_gib"] = torch.cuda.memory_allocated() / GIB
    path = pathlib.Path(a.csv)
    new_file = not path.exists()
    with path.open("a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        if new_file:
            w.writeheader()
        for step in range(1, a.steps + 1):
            ids = torch.randint(0, cfg.vocab_size, (a.batch, a.seq), device=dev)
            if not a.dry:
                torch.cuda.reset_peak_memory_stats()
            t0 = time.time()
            with torch.autocast(dev, dtype=torch.bfloat16, enabled=a.case == "full_mixed"):
                loss = model(input_ids=ids, labels=ids).loss
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            row = {**base, "step": step, "loss": round(float(loss), 4),
                   "step_s": round(time.time() - t0, 2), "status": "ok"}
            if not a.dry:
                torch.cuda.synchronize()
                free, total = torch.cuda.mem_get_info()
                row.update(max_allocated_gib=torch.cuda.max_memory_allocated() / GIB,
                           max_reserved_gib=torch.cuda.max_memory_reserved() / GIB,
                           device_used_gib=(total - free) / GIB)
            row["optimizer_state_gib"] = sum(
                t.numel() * t.element_size() for s in opt.state.values() for t in s.values()
                if torch.is_tensor(t)) / GIB
            w.writerow(row)
            f.flush()
            print(row, flush=True)
            del loss


if __name__ == "__main__":
    main()
