#!/usr/bin/env python3
"""Write Hugging Face style config.json files for a few catalog models.

The architecture numbers (layers, widths, heads, vocabulary, context, tying,
MoE shape) come from the project's catalog, data/models.json, so the measured
model is the one the estimator reasons about. The remaining fields (model_type,
architectures, rope settings, norms, token ids) follow the public HF config of
each model. No weights are involved: engines load these with dummy/random
weights.

Usage: python3 bench/device/make_configs.py   (from the repository root)
"""

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = pathlib.Path(__file__).resolve().parent / "configs"

LLAMA3_ROPE_8B = {
    "factor": 8.0,
    "low_freq_factor": 1.0,
    "high_freq_factor": 4.0,
    "original_max_position_embeddings": 8192,
    "rope_type": "llama3",
}
LLAMA3_ROPE_1B = dict(LLAMA3_ROPE_8B, factor=32.0)

# Per-model fields that the catalog does not hold, from the public HF configs.
EXTRA = {
    "llama-3.1-8b": {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-05,
        "rope_theta": 500000.0,
        "rope_scaling": LLAMA3_ROPE_8B,
        "attention_bias": False,
        "mlp_bias": False,
        "bos_token_id": 128000,
        "eos_token_id": 128001,
    },
    "llama-3.2-1b": {
        "architectures": ["LlamaForCausalLM"],
        "model_type": "llama",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-05,
        "rope_theta": 500000.0,
        "rope_scaling": LLAMA3_ROPE_1B,
        "attention_bias": False,
        "mlp_bias": False,
        "bos_token_id": 128000,
        "eos_token_id": 128001,
    },
    "mistral-7b-v0.3": {
        "architectures": ["MistralForCausalLM"],
        "model_type": "mistral",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-05,
        "rope_theta": 1000000.0,
        "sliding_window": None,
        "bos_token_id": 1,
        "eos_token_id": 2,
    },
    "qwen2.5-1.5b": {
        "architectures": ["Qwen2ForCausalLM"],
        "model_type": "qwen2",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-06,
        "rope_theta": 1000000.0,
        "use_sliding_window": False,
        "sliding_window": None,
        "max_window_layers": 28,
        "bos_token_id": 151643,
        "eos_token_id": 151643,
    },
    "qwen2.5-7b": {
        "architectures": ["Qwen2ForCausalLM"],
        "model_type": "qwen2",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-06,
        "rope_theta": 1000000.0,
        "use_sliding_window": False,
        "sliding_window": None,
        "max_window_layers": 28,
        "bos_token_id": 151643,
        "eos_token_id": 151643,
    },
    "qwen2.5-14b": {
        "architectures": ["Qwen2ForCausalLM"],
        "model_type": "qwen2",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-05,
        "rope_theta": 1000000.0,
        "use_sliding_window": False,
        "sliding_window": None,
        "max_window_layers": 48,
        "bos_token_id": 151643,
        "eos_token_id": 151643,
    },
    "qwen3-8b": {
        "architectures": ["Qwen3ForCausalLM"],
        "model_type": "qwen3",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-06,
        "rope_theta": 1000000.0,
        "attention_bias": False,
        "use_sliding_window": False,
        "sliding_window": None,
        "bos_token_id": 151643,
        "eos_token_id": 151645,
    },
    "qwen3-30b-a3b": {
        "architectures": ["Qwen3MoeForCausalLM"],
        "model_type": "qwen3_moe",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-06,
        "rope_theta": 1000000.0,
        "attention_bias": False,
        "use_sliding_window": False,
        "sliding_window": None,
        "decoder_sparse_step": 1,
        "mlp_only_layers": [],
        "norm_topk_prob": True,
        "output_router_logits": False,
        "router_aux_loss_coef": 0.001,
        "bos_token_id": 151643,
        "eos_token_id": 151645,
    },
    "gpt-oss-20b": {
        "architectures": ["GptOssForCausalLM"],
        "model_type": "gpt_oss",
        "hidden_act": "silu",
        "rms_norm_eps": 1e-05,
        "rope_theta": 150000,
        "rope_scaling": {
            "beta_fast": 32.0,
            "beta_slow": 1.0,
            "factor": 32.0,
            "original_max_position_embeddings": 4096,
            "rope_type": "yarn",
            "truncate": False,
        },
        "initial_context_length": 4096,
        "attention_bias": True,
        "swiglu_limit": 7.0,
        "router_aux_loss_coef": 0.9,
        "output_router_logits": False,
        "bos_token_id": 199998,
        "eos_token_id": 200002,
        "pad_token_id": 199999,
        # The release ships MXFP4 experts; everything else stays bf16.
        "quantization_config": {
            "quant_method": "mxfp4",
            "modules_to_not_convert": [
                "model.layers.*.self_attn",
                "model.layers.*.mlp.router",
                "model.embed_tokens",
                "lm_head",
            ],
        },
    },
}


def hf_config(m: dict) -> dict:
    """Catalog entry -> HF config dict (catalog numbers win over EXTRA)."""
    cfg = {
        "hidden_size": m["hidden_size"],
        "intermediate_size": m["intermediate_size"],
        "num_hidden_layers": m["num_hidden_layers"],
        "num_attention_heads": m["num_attention_heads"],
        "num_key_value_heads": m["num_key_value_heads"],
        "head_dim": m["head_dim"],
        "vocab_size": m["vocab_size"],
        "max_position_embeddings": m["max_position_embeddings"],
        "tie_word_embeddings": m["tie_word_embeddings"],
        "initializer_range": 0.02,
        "attention_dropout": 0.0,
        "use_cache": True,
        "torch_dtype": "bfloat16",
    }
    cfg.update(EXTRA[m["id"]])
    moe = m.get("moe")
    if moe and cfg["model_type"] == "qwen3_moe":
        cfg["num_experts"] = moe["num_experts"]
        cfg["num_experts_per_tok"] = moe["experts_per_token"]
        cfg["moe_intermediate_size"] = moe["expert_intermediate_size"]
    if moe and cfg["model_type"] == "gpt_oss":
        cfg["num_local_experts"] = moe["num_experts"]
        cfg["num_experts_per_tok"] = moe["experts_per_token"]
        cfg["experts_per_token"] = moe["experts_per_token"]
        cfg["sliding_window"] = m["sliding_window"]
        cfg["layer_types"] = [
            "sliding_attention" if i % 2 == 0 else "full_attention"
            for i in range(m["num_hidden_layers"])
        ]
    return dict(sorted(cfg.items()))


def main() -> None:
    catalog = {m["id"]: m for m in json.loads((ROOT / "data/models.json").read_text())}
    for mid in EXTRA:
        cfg = hf_config(catalog[mid])
        d = OUT / mid
        d.mkdir(parents=True, exist_ok=True)
        (d / "config.json").write_text(json.dumps(cfg, indent=2) + "\n")
        gen = {"bos_token_id": cfg["bos_token_id"], "eos_token_id": cfg["eos_token_id"],
               "do_sample": False}
        (d / "generation_config.json").write_text(json.dumps(gen, indent=2) + "\n")
        print("wrote", d / "config.json")


if __name__ == "__main__":
    main()
