#!/usr/bin/env python3
"""DeepSpeed ZeRO-3 on one GPU: the GPU peak of a mixed-precision full fine-tune, with and
without CPU offload (issue 25, "CPU offload sized as measured").

The public readings we disagree with (LLaMA-Factory #5977: Llama 3 8B, ZeRO-3 offload, "each
card only uses 13G"; #7282: a Llama 3.3 70B distill on H200s, "only 27G used") are device-level
readings of runs that offload parameters and optimizer states. With both offloaded, what stays
on a GPU does not depend on how many GPUs share the partitions: the gathered layers, the
prefetch and reduce buckets, lm_head and its gradient, the activations. So one GPU measures
what each of theirs held, up to NCCL's own buffers.

Host RAM (128 GiB on the lent machine) cannot hold a whole 8B or 70B under offload (about 18
bytes a parameter), so the models keep their real width and vocabulary and fewer layers:
`--layers 8` of Llama 3.1 8B, `--layers 2` of Llama 3.3 70B. Per-layer buffers and lm_head are
the real ones; only the activation checkpoints of the missing layers (seq x hidden x 2 bytes
each) are absent, and the comparison adds them back by arithmetic.

The DeepSpeed config is LLaMA-Factory's examples/deepspeed/ds_z3_offload_config.json (or
ds_z3_config.json without offload) with the "auto" values filled the way transformers'
HfTrainerDeepSpeedConfig fills them: reduce_bucket_size = hidden^2,
stage3_prefetch_bucket_size = 0.9 x hidden^2, stage3_param_persistence_threshold = 10 x hidden.
bf16, micro-batch 1, gradient checkpointing on (LLaMA-Factory's default), random tokens, labels
= inputs, torch AdamW as the client optimizer (HF Trainer's own optimizer; on the CPU under
offload, so the GPU does not see it).

Readings per step: torch.cuda.max_memory_allocated / max_memory_reserved (reset after the
engine is built and the cache emptied) and the device's used memory polled through NVML every
10 ms (what nvidia-smi shows: CUDA context included).

Usage: python3 zero3_peak.py --model llama-3.1-8b --layers 8 --offload --seq 1024 --csv FILE
"""

import argparse
import csv
import json
import os
import pathlib
import threading
import time

os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
os.environ.setdefault("MASTER_PORT", "29517")
os.environ.setdefault("RANK", "0")
os.environ.setdefault("LOCAL_RANK", "0")
os.environ.setdefault("WORLD_SIZE", "1")

import torch  # noqa: E402
import transformers  # noqa: E402
from transformers import AutoConfig, AutoModelForCausalLM  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
GIB = 2**30

# Llama 3.3 70B's shape (meta-llama/Llama-3.3-70B-Instruct config.json) over Llama 3.1 8B's
# config (same family: vocabulary, rope, norms).
WIDTH_70B = dict(hidden_size=8192, intermediate_size=28672, num_attention_heads=64,
                 num_key_value_heads=8, head_dim=128)

FIELDS = ["case", "model", "layers", "offload", "overlap_comm", "pin_memory", "seq_len",
          "micro_batch", "params_total", "hidden", "reduce_bucket", "prefetch_bucket",
          "persistence_threshold", "after_init_allocated_gib", "after_init_reserved_gib",
          "after_init_device_used_gib", "step", "loss", "max_allocated_gib", "max_reserved_gib",
          "device_used_peak_gib", "context_gib", "step_s", "deepspeed", "transformers", "torch",
          "device_name", "status"]


class UsedPoller:
    """Polls the device's used memory (NVML, as nvidia-smi) in the background and keeps the
    peak since the last reset."""

    def __init__(self):
        self.peak = 0
        self._stop = False
        try:
            import pynvml
            pynvml.nvmlInit()
            h = pynvml.nvmlDeviceGetHandleByIndex(0)
            self._read = lambda: pynvml.nvmlDeviceGetMemoryInfo(h).used
        except Exception:  # no NVML: the CUDA driver's view of the same number
            self._read = lambda: (lambda f, t: t - f)(*torch.cuda.mem_get_info())
        self._t = threading.Thread(target=self._run, daemon=True)
        self._t.start()

    def _run(self):
        while not self._stop:
            self.peak = max(self.peak, self._read())
            time.sleep(0.01)

    def now(self):
        return self._read()

    def reset(self):
        self.peak = self._read()


def build_model(name: str, layers: int):
    cfg = AutoConfig.from_pretrained(HERE / "configs" / "llama-3.1-8b")
    if name == "llama-3.3-70b":
        for k, v in WIDTH_70B.items():
            setattr(cfg, k, v)
    cfg.num_hidden_layers = layers
    cfg.use_cache = False
    try:
        m = AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16, attn_implementation="sdpa")
    except TypeError:
        m = AutoModelForCausalLM.from_config(cfg, torch_dtype=torch.bfloat16,
                                             attn_implementation="sdpa")
    m.config.use_cache = False
    m.gradient_checkpointing_enable()
    m.train()
    return cfg, m


def ds_config(hidden: int, offload: bool, overlap: bool, pin: bool) -> dict:
    z = {
        "stage": 3,
        "overlap_comm": overlap,
        "contiguous_gradients": True,
        "sub_group_size": 1e9,
        "reduce_bucket_size": hidden * hidden,
        "stage3_prefetch_bucket_size": int(0.9 * hidden * hidden),
        "stage3_param_persistence_threshold": 10 * hidden,
        "stage3_max_live_parameters": 1e9,
        "stage3_max_reuse_distance": 1e9,
        "stage3_gather_16bit_weights_on_model_save": True,
    }
    if offload:
        z["offload_optimizer"] = {"device": "cpu", "pin_memory": pin}
        z["offload_param"] = {"device": "cpu", "pin_memory": pin}
    return {
        "train_batch_size": 1,
        "train_micro_batch_size_per_gpu": 1,
        "gradient_accumulation_steps": 1,
        "gradient_clipping": 1.0,
        "zero_allow_untested_optimizer": True,
        "zero_force_ds_cpu_optimizer": False,
        "bf16": {"enabled": True},
        "zero_optimization": z,
        "steps_per_print": 10**9,
        "wall_clock_breakdown": False,
    }


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--case", required=True)
    p.add_argument("--model", default="llama-3.1-8b", choices=["llama-3.1-8b", "llama-3.3-70b"])
    p.add_argument("--layers", type=int, default=8)
    p.add_argument("--offload", action="store_true")
    p.add_argument("--overlap", action="store_true")
    p.add_argument("--no-pin", action="store_true")
    p.add_argument("--seq", type=int, default=1024)
    p.add_argument("--steps", type=int, default=2)
    p.add_argument("--csv", required=True)
    p.add_argument("--snapshot", help="record the allocator's history over step 1 and write "
                   "what was live at its peak, grouped by the code that allocated it, here")
    a = p.parse_args()

    import deepspeed

    poller = UsedPoller()
    deepspeed.init_distributed(dist_backend="nccl")
    torch.cuda.set_device(0)
    torch.cuda.init()
    context = poller.now()
    cfg, model = build_model(a.model, a.layers)
    n_params = sum(p.numel() for p in model.parameters())
    h = cfg.hidden_size
    conf = ds_config(h, a.offload, a.overlap, not a.no_pin)
    print("DS_CONFIG", json.dumps(conf), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, foreach=a.offload or None,
                            fused=None if a.offload else True)
    engine, *_ = deepspeed.initialize(model=model, optimizer=opt, config=conf)
    del model
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    base = dict(case=a.case, model=a.model, layers=a.layers, offload=a.offload,
                overlap_comm=a.overlap, pin_memory=not a.no_pin, seq_len=a.seq, micro_batch=1,
                params_total=n_params, hidden=h, reduce_bucket=h * h,
                prefetch_bucket=int(0.9 * h * h), persistence_threshold=10 * h,
                after_init_allocated_gib=torch.cuda.memory_allocated() / GIB,
                after_init_reserved_gib=torch.cuda.memory_reserved() / GIB,
                after_init_device_used_gib=poller.now() / GIB, context_gib=context / GIB,
                deepspeed=deepspeed.__version__, transformers=transformers.__version__,
                torch=torch.__version__, device_name=torch.cuda.get_device_name(0))
    print("AFTER_INIT", json.dumps(base), flush=True)
    new = not pathlib.Path(a.csv).exists()
    with open(a.csv, "a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        if new:
            w.writeheader()
        torch.cuda.reset_peak_memory_stats()
        poller.reset()
        for step in range(1, a.steps + 1):
            if a.snapshot and step == 1:
                start = torch.cuda.memory_allocated()
                torch.cuda.memory._record_memory_history(max_entries=200000, stacks="python")
            ids = torch.randint(0, cfg.vocab_size, (1, a.seq), device="cuda")
            t0 = time.time()
            loss = engine(input_ids=ids, labels=ids).loss
            engine.backward(loss)
            engine.step()
            torch.cuda.synchronize()
            time.sleep(0.03)
            row = dict(base, step=step, loss=float(loss),
                       max_allocated_gib=torch.cuda.max_memory_allocated() / GIB,
                       max_reserved_gib=torch.cuda.max_memory_reserved() / GIB,
                       device_used_peak_gib=poller.peak / GIB, step_s=time.time() - t0,
                       status="ok")
            w.writerow(row)
            f.flush()
            print("RESULT_JSON", json.dumps(row), flush=True)
            if a.snapshot and step == 1:
                snap = torch.cuda.memory._snapshot()
                torch.cuda.memory._record_memory_history(enabled=None)
                pathlib.Path(a.snapshot).write_text(peak_report(snap, start))


def frame_name(frames) -> str:
    """The innermost frames of library code that asked for a block (not torch's own)."""
    keep = [f"{pathlib.Path(f['filename']).name}:{f['line']}:{f['name']}" for f in frames
            if any(k in f["filename"] for k in ("deepspeed", "transformers", "zero3_peak"))]
    return " < ".join(keep[:3]) or (frames[0]["filename"] if frames else "?")


def peak_report(snap, before: int) -> str:
    """Replays the allocator's trace and lists the blocks live at its highest point."""
    live, total, best, best_live, best_at = {}, 0, 0, {}, None
    for i, e in enumerate(snap["device_traces"][0]):
        if e["action"] == "alloc":
            live[e["addr"]] = (e["size"], e.get("frames", []))
            total += e["size"]
        elif e["action"] in ("free_requested",) and e["addr"] in live:
            total -= live.pop(e["addr"])[0]
        if total > best:
            best, best_live, best_at = total, dict(live), (i, frame_name(e.get("frames", [])))
    groups = {}
    for size, frames in best_live.values():
        k = frame_name(frames)
        n, b = groups.get(k, (0, 0))
        groups[k] = (n + 1, b + size)
    lines = [f"peak of blocks allocated during the step: {best / GIB:.3f} GiB at event "
             f"{best_at[0] if best_at else '-'} ({best_at[1] if best_at else '-'}); "
             f"before the step: {before / GIB:.3f} GiB"]
    for k, (n, b) in sorted(groups.items(), key=lambda kv: -kv[1][1])[:40]:
        lines.append(f"{b / GIB:9.3f} GiB {n:6d} blocks  {k}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
