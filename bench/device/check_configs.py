#!/usr/bin/env python3
"""CPU-only check that each config in configs/ builds the catalog's model.

Builds every model on the meta device (no memory, no weights) with
transformers, counts parameters and compares with params_total in
data/models.json. Writes results/config_param_check.csv.

Usage: python3 bench/device/check_configs.py   (needs torch + transformers)
"""

import csv
import json
import pathlib

import torch
import transformers
from transformers import AutoConfig, AutoModelForCausalLM

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def count(cfg_dir: pathlib.Path) -> int:
    raw = json.loads((cfg_dir / "config.json").read_text())
    raw.pop("quantization_config", None)  # count the logical (unquantized) parameters
    cfg = AutoConfig.for_model(**raw)
    with torch.device("meta"):
        model = AutoModelForCausalLM.from_config(cfg)
    # Tied embeddings appear once in parameters(); that is also how the catalog counts.
    return sum(p.numel() for p in model.parameters())


def main() -> None:
    catalog = {m["id"]: m for m in json.loads((ROOT / "data/models.json").read_text())}
    rows = []
    for d in sorted((HERE / "configs").iterdir()):
        n = count(d)
        want = catalog[d.name]["params_total"]
        rows.append({
            "model": d.name,
            "params_built": n,
            "params_catalog": want,
            "rel_diff": f"{(n - want) / want:+.6f}",
            "transformers": transformers.__version__,
        })
        print(rows[-1])
    out = HERE / "results" / "config_param_check.csv"
    with out.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


if __name__ == "__main__":
    main()
