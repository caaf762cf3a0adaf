#!/usr/bin/env python3
"""Refresh data/checkpoints.json from the Hugging Face Hub (run by a maintainer, online).

For every catalog model with a `hub_id` (data/models.json) it asks the Hub's model search
for repos of the publishers people download quantized checkpoints from, keeps the repos
whose card names that model as `base_model`, reads each repo's file list, and writes one
row per (model, format, repo):

- GGUF repos: `quants` = the quant tags of the .gguf files it holds (`Q4_K_M`, split parts
  `-00001-of-00002` counted once), `bytes` = each tag's total file bytes (all parts);
  `only_file` when the repo holds a single model file;
- AWQ / GPTQ / FP8 / NVFP4 safetensors repos (format from the repo's quantization_config
  when the API gives it, else from its name);
- mlx-community repos: `format` "mlx", `quants` the bit width in the name (`4bit`),
  `bytes` that width's safetensors bytes.

Rows already in the file (read from public catalogs or by hand, each with its sources) are
kept in their order, which is the order launch lines prefer (`plan::checkpoints::gguf`
takes the first repo holding a quant); rows found again get the Hub's file list and the
Hub API as their first source; new rows are appended by catalog model, format and
publisher. Tests never run this: they read the committed file, offline.

The rows first came from projects that download or list these repos (GPUStack's and
Xinference's registries, exo's model cards, LocalAI's gallery, gpt4all's and LM Studio's
catalogs with file sizes, ramalama's shortnames, vLLM recipes, llm-compressor,
Model-Optimizer, mlx-lm); data/SOURCES.md says how.

Usage: python3 scripts/refresh_checkpoints.py [--dry-run] [--token HF_TOKEN]
"""

import argparse
import json
import re
import sys
import time
import urllib.parse
import urllib.request

API = "https://huggingface.co/api"
PUBLISHERS = [
    "bartowski", "unsloth", "lmstudio-community", "ggml-org", "Qwen", "mlx-community",
    "RedHatAI", "nvidia", "hugging-quants", "QuantTrio", "cpatonn", "TheBloke",
    "neuralmagic", "MaziyarPanahi",
]
GGUF_TAG = re.compile(
    r"[-_.]((?:UD-)?(?:IQ[1-4]_(?:XXS|XS|S|M|NL)|Q[2-8]_K(?:_[SML]|_XL)?|Q[4-8]_[01]|"
    r"BF16|F16|F32|MXFP4(?:_MOE)?|TQ[12]_0))(?:-\d{5}-of-\d{5})?\.gguf$",
    re.IGNORECASE,
)
SPLIT = re.compile(r"-(\d{5})-of-(\d{5})\.gguf$")


def get(path, token, params=None):
    url = f"{API}/{path}"
    if params:
        url += "?" + urllib.parse.urlencode(params, doseq=True)
    req = urllib.request.Request(url, headers={"User-Agent": "vramguide-refresh"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    for attempt in range(4):
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            if e.code == 429 and attempt < 3:
                time.sleep(10 * (attempt + 1))
                continue
            if e.code in (401, 403, 404):
                return None
            raise


def base_name(hub_id):
    """The name part the quantizers keep (`Meta-Llama-3.1-70B-Instruct`)."""
    return hub_id.split("/", 1)[1]


def names_base(info, hub_id):
    tags = info.get("tags") or []
    card = info.get("cardData") or {}
    bases = card.get("base_model") or []
    if isinstance(bases, str):
        bases = [bases]
    bases += [t.split(":", 2)[-1] for t in tags if t.startswith("base_model:")]
    return any(b.lower() == hub_id.lower() for b in bases)


def format_of(repo, info):
    name = repo.lower()
    if repo.startswith("mlx-community/"):
        return "mlx"
    if "gguf" in name or "gguf" in (info.get("tags") or []):
        return "gguf"
    qc = ((info.get("config") or {}).get("quantization_config") or {})
    method = (qc.get("quant_method") or "").lower()
    if method == "awq" or "awq" in name:
        return "awq-int4"
    if method == "gptq" or "gptq" in name or re.search(r"quantized\.w(4|8)a16", name):
        return "gptq-int8" if re.search(r"int8|8bit|w8a16", name) else "gptq-int4"
    if "nvfp4" in name or re.search(r"-fp4\b", name):
        return "nvfp4"
    if "fp8" in name or method == "fp8":
        return "fp8"
    return None


def gguf_files(siblings):
    """quant tag -> total bytes, over all parts of each quant's files."""
    sizes = {}
    for s in siblings:
        f = s.get("rfilename", "")
        m = GGUF_TAG.search(f)
        if not m or "mmproj" in f.lower():
            continue
        tag = m.group(1).upper()
        sizes[tag] = sizes.get(tag, 0) + int(s.get("size") or (s.get("lfs") or {}).get("size") or 0)
    return sizes


def rows_for(model, token):
    hub_id = model["hub_id"]
    rows = []
    for author in PUBLISHERS:
        found = get("models", token, {"author": author, "search": base_name(hub_id), "limit": 20}) or []
        for hit in found:
            repo = hit["id"]
            info = get(f"models/{repo}", token, {"blobs": "true"})
            if not info or not names_base(info, hub_id):
                continue
            fmt = format_of(repo, info)
            if not fmt:
                continue
            row = {"model": model["id"], "format": fmt, "repo": repo}
            if fmt == "gguf":
                sizes = gguf_files(info.get("siblings") or [])
                if not sizes:
                    continue
                row["quants"] = sorted(sizes)
                row["bytes"] = {t: sizes[t] for t in sorted(sizes) if sizes[t]}
                if len(sizes) == 1:
                    row["only_file"] = True
            elif fmt == "mlx":
                bits = re.search(r"(\d)-?bits?\b", repo, re.IGNORECASE)
                if not bits:
                    continue
                width = f"{bits.group(1)}bit"
                row["quants"] = [width]
                total = sum(
                    int(x.get("size") or (x.get("lfs") or {}).get("size") or 0)
                    for x in info.get("siblings") or []
                    if x.get("rfilename", "").endswith(".safetensors")
                )
                if total:
                    row["bytes"] = {width: total}
            row["source"] = f"https://huggingface.co/{repo}/tree/main (Hub API, {time.strftime('%Y-%m-%d')})"
            rows.append(row)
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--token")
    args = ap.parse_args()
    models = json.load(open("data/models.json"))
    old = json.load(open("data/checkpoints.json"))
    by_key = {(r["model"], r["format"], r["repo"]): r for r in old}
    order = [(r["model"], r["format"], r["repo"]) for r in old]
    added = []
    for m in models:
        if not m.get("hub_id"):
            continue
        for r in rows_for(m, args.token):
            key = (r["model"], r["format"], r["repo"])
            if key in by_key:
                r["source"] = f"{r['source']} ; {by_key[key]['source']}"
            else:
                added.append(key)
            by_key[key] = r
        print(f"{m['id']}: {sum(1 for k in by_key if k[0] == m['id'])} rows", file=sys.stderr)
    catalog = {m["id"]: i for i, m in enumerate(models)}
    formats = ["gguf", "awq-int4", "gptq-int4", "gptq-int8", "fp8", "nvfp4", "mlx"]

    def rank(key):
        model, fmt, repo = key
        owner = repo.split("/")[0]
        return (
            catalog.get(model, len(catalog)),
            formats.index(fmt) if fmt in formats else len(formats),
            PUBLISHERS.index(owner) if owner in PUBLISHERS else len(PUBLISHERS),
            repo.lower(),
        )

    rows = [by_key[k] for k in order + sorted(added, key=rank)]
    text = "[\n" + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in rows) + "\n]\n"
    if args.dry_run:
        print(f"{len(rows)} rows", file=sys.stderr)
    else:
        open("data/checkpoints.json", "w").write(text)


if __name__ == "__main__":
    main()
