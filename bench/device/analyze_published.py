#!/usr/bin/env python3
"""Relations that the published vLLM v0.19.0 H100 logs support (results/ -> stdout).

Reads results/published_vllm_v0.19.0_h100.csv and data/models.json and prints:
1. the KV-pool identity: kv = util x total - weights - activation_peak - non_torch;
2. KV tokens vs the catalog's per-token bytes (2 x layers x kv_heads x head_dim x 2);
3. the activation peak of dense bf16 TP1 models against vocabulary size, a least-squares line
   with leave-one-out errors (vLLM serve defaults: max_num_batched_tokens 8192,
   max_num_seqs 1024);
4. CUDA graph pool, non-torch and CUDA-context figures by parallelism.

Usage: python3 bench/device/analyze_published.py > bench/device/results/published_analysis.txt
"""

import csv
import json
import pathlib
import statistics

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
GIB = 2**30

# Vocabulary sizes of the published models outside our catalog (from their HF configs).
VOCAB = {
    "codellama/CodeLlama-7b-hf": 32016, "meta-llama/Llama-3.1-8B-Instruct": 128256,
    "Qwen/Qwen2.5-7B-Instruct": 152064, "Qwen/Qwen3-8B": 151936, "google/gemma-2-2b-it": 256000,
    "google/gemma-2-9b-it": 256000, "google/gemma-2-27b-it": 256000, "google/gemma-7b": 256000,
    "ibm-granite/granite-3.1-2b-instruct": 49155, "ibm-granite/granite-3.1-8b-instruct": 49155,
    "ibm-granite/granite-3.3-8b-instruct": 49159, "microsoft/phi-4": 100352,
    "mistralai/Mistral-Small-3.1-24B-Instruct-2503": 131072,
}
# Published model -> catalog id, for the per-token KV check.
CATALOG = {"meta-llama/Llama-3.1-8B-Instruct": "llama-3.1-8b", "Qwen/Qwen3-8B": "qwen3-8b",
           "Qwen/Qwen2.5-7B-Instruct": "qwen2.5-7b", "Qwen/Qwen3-30B-A3B": "qwen3-30b-a3b",
           "microsoft/phi-4": "phi-4", "google/gemma-2-9b-it": "gemma-2-9b"}


def f(r: dict, k: str) -> float:
    return float(r[k])


def rows() -> list:
    path = HERE / "results" / "published_vllm_v0.19.0_h100.csv"
    return [r for r in csv.DictReader(path.open()) if r["status"] == "ok" and r["kv_cache_gib"]]


def kv_identity(rs: list) -> None:
    errs = [(abs(f(r, "requested_memory_gib") - f(r, "weights_gib") - f(r, "activation_peak_gib")
                 - f(r, "non_torch_gib") - f(r, "kv_cache_gib")), r["log"]) for r in rs]
    errs.sort()
    big = [e for e in errs if e[0] > 0.011]
    print("1. kv_cache = requested (util x total) - weights - activation_peak - non_torch")
    print(f"   {len(errs) - len(big)}/{len(errs)} runs within 0.01 GiB (log rounding); others: "
          + ", ".join(f"{n} off by {e:.2f}" for e, n in big))


def kv_tokens(rs: list) -> None:
    cat = {m["id"]: m for m in json.loads((ROOT / "data/models.json").read_text())}
    print("2. KV tokens vs catalog bytes/token (bf16 KV, TP1)")
    for r in rs:
        cid = CATALOG.get(r["model"])
        if not cid or r["tensor_parallel_size"] != "1" or r["pipeline_parallel_size"] != "1" \
                or r["kv_cache_dtype"] != "auto" or r["quantization"] != "None" \
                or r["dtype"] != "bfloat16" or "--8192" not in r["log"]:
            continue
        m = cat[cid]
        per_tok = 2 * m["num_hidden_layers"] * m["num_key_value_heads"] * m["head_dim"] * 2
        pred = f(r, "kv_cache_gib") * GIB / per_tok
        if m["sliding_window"]:
            print(f"   {cid}: sliding-window model, vLLM keeps a smaller cache for local layers: "
                  f"{int(r['kv_tokens']):,} tokens vs {pred:,.0f} if all layers were global")
            continue
        print(f"   {cid}: {per_tok} B/token, logged {int(r['kv_tokens']):,} tokens, "
              f"kv_gib/bytes = {pred:,.0f} ({(int(r['kv_tokens']) - pred) / pred:+.3%})")


def activation_fit(rs: list) -> None:
    pts = {}
    for r in rs:
        if r["model"] in VOCAB and r["tensor_parallel_size"] == "1" \
                and r["pipeline_parallel_size"] == "1" and r["dtype"] == "bfloat16" \
                and r["quantization"] == "None" and r["kv_cache_dtype"] == "auto":
            pts.setdefault(r["model"], (VOCAB[r["model"]], f(r, "activation_peak_gib")))
    names = sorted(pts)

    def fit(keys):
        xs = [pts[k][0] for k in keys]
        ys = [pts[k][1] for k in keys]
        mx, my = statistics.fmean(xs), statistics.fmean(ys)
        b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        return my - b * mx, b

    a, b = fit(names)
    print("3. activation_peak (torch peak increase of the profile run), dense bf16 TP1, "
          "max_num_batched_tokens 8192, max_num_seqs 1024")
    print(f"   least squares on {len(names)} models: activation_GiB = {a:.3f} + {b * GIB:.2f} B x "
          f"vocab ({b * GIB / 1024:.1f} B per vocab entry per sequence slot at 1024 slots)")
    loo = []
    for k in names:
        a2, b2 = fit([n for n in names if n != k])
        x, y = pts[k]
        pred = a2 + b2 * x
        loo.append(abs(pred - y) / y)
        print(f"   {k:48s} vocab {x:>6} measured {y:.2f} LOO-pred {pred:.2f} ({(pred - y) / y:+.1%})")
    print(f"   leave-one-out |error|: median {statistics.median(loo):.1%}, max {max(loo):.1%}")
    others = {}
    for r in rs:
        if r["model"] not in VOCAB and r["tensor_parallel_size"] == "1" \
                and r["pipeline_parallel_size"] == "1" and r["quantization"] in ("None", "mxfp4"):
            others.setdefault(r["model"], f(r, "activation_peak_gib"))
    print("   not in the fit (MoE / multimodal / fp32): "
          + ", ".join(f"{k} {v:.2f}" for k, v in sorted(others.items())))


def overheads(rs: list) -> None:
    print("4. per-GPU overheads by parallelism (GiB): CUDA context at worker start, "
          "non-torch increase, CUDA graph pool (actual)")
    groups = {}
    for r in rs:
        key = f"tp{r['tensor_parallel_size']} pp{r['pipeline_parallel_size']}"
        g = groups.setdefault(key, {"ctx": [], "nt": [], "cg": []})
        g["ctx"].append(f(r, "init_cuda_context_gib"))
        g["nt"].append(f(r, "non_torch_gib"))
        if r["cuda_graph_pool_actual_gib"]:
            g["cg"].append(f(r, "cuda_graph_pool_actual_gib"))
    for key, g in sorted(groups.items()):
        print(f"   {key}: n={len(g['nt'])} context {min(g['ctx']):.2f}-{max(g['ctx']):.2f}, "
              f"non-torch {min(g['nt']):.2f}-{max(g['nt']):.2f} (median "
              f"{statistics.median(g['nt']):.2f}), CUDA graphs {min(g['cg']):.2f}-"
              f"{max(g['cg']):.2f} (median {statistics.median(g['cg']):.2f})")


def main() -> None:
    rs = rows()
    kv_identity(rs)
    kv_tokens(rs)
    activation_fit(rs)
    overheads(rs)


if __name__ == "__main__":
    main()
