//! Training frameworks as profiles, like runtimes: the defaults each one's recipes run
//! with and what they change in memory. The HF Trainer / TRL + PEFT profile is today's
//! model and the default; the others differ where their documentation says they do.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A training framework; the JSON and `--framework` names are the contract's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum Framework {
    /// Hugging Face Trainer / TRL SFTTrainer with PEFT.
    #[default]
    #[serde(rename = "hf")]
    Hf,
    #[serde(rename = "unsloth")]
    Unsloth,
    #[serde(rename = "axolotl")]
    Axolotl,
    #[serde(rename = "llama-factory")]
    LlamaFactory,
    #[serde(rename = "torchtune")]
    Torchtune,
}

/// What a framework's recipes do by default that changes the memory of a fine-tune.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameworkProfile {
    pub framework: Framework,
    /// The contract name (`--framework`, `query.framework`).
    pub name: &'static str,
    /// Other words people use for it.
    pub aliases: &'static [&'static str],
    /// The loss is chunked or fused with lm_head, so the fp32 logits are never whole.
    pub chunked_loss: bool,
    /// lm_head and the loss run fused, a chunk of tokens at a time (Unsloth's fused
    /// cross-entropy, Liger's fused linear cross-entropy, cut-cross-entropy): not even the
    /// 16-bit logits are whole.
    pub fused_loss: bool,
    /// Checkpointed layer inputs go to CPU RAM during the forward and come back for the
    /// backward (Unsloth's `use_gradient_checkpointing="unsloth"`): the GPU holds a couple
    /// of layers' inputs instead of all of them.
    pub offloaded_checkpoints: bool,
    /// Full fine-tunes keep an fp32 master copy of 16-bit weights (mixed precision).
    pub master_weights: bool,
    /// QLoRA: what stays unquantized (embeddings, lm_head, norms) is cast to fp32, and the
    /// residual stream with it (PEFT's `prepare_model_for_kbit_training`).
    pub kbit_upcast: bool,
    /// LoRA adapters run in fp32 on an fp32 copy of each adapted layer's input, saved for
    /// the backward (PEFT's LoRA layers); fused LoRA kernels work in 16 bits.
    pub fp32_adapter_inputs: bool,
    /// The recipes and notebooks train with 8-bit AdamW (else AdamW).
    pub adamw_8bit: bool,
    /// Where the defaults come from.
    pub source: &'static str,
}

/// The profiles, in the order choices list them.
pub const FRAMEWORKS: [FrameworkProfile; 5] = [
    FrameworkProfile {
        framework: Framework::Hf,
        name: "hf",
        aliases: &["trl", "transformers", "peft", "trainer", "sfttrainer"],
        chunked_loss: false,
        fused_loss: false,
        offloaded_checkpoints: false,
        master_weights: true,
        kbit_upcast: true,
        fp32_adapter_inputs: true,
        adamw_8bit: false,
        source: "https://huggingface.co/docs/trl/sft_trainer (Trainer + PEFT; AMP keeps fp32 master weights)",
    },
    FrameworkProfile {
        framework: Framework::Unsloth,
        name: "unsloth",
        aliases: &[],
        chunked_loss: true,
        fused_loss: true,
        offloaded_checkpoints: true,
        master_weights: true,
        kbit_upcast: false,
        fp32_adapter_inputs: false,
        adamw_8bit: true,
        source: "https://unsloth.ai/blog/long-context (use_gradient_checkpointing=\"unsloth\" offloads activations to system RAM; fused, chunked cross-entropy); https://github.com/unslothai/unsloth/blob/main/unsloth/models/_utils.py (prepare_model_for_kbit_training freezes the model and casts nothing to fp32; fused 16-bit LoRA kernels); https://github.com/unslothai/notebooks (every notebook trains with optim=\"adamw_8bit\")",
    },
    FrameworkProfile {
        framework: Framework::Axolotl,
        name: "axolotl",
        aliases: &[],
        chunked_loss: false,
        fused_loss: false,
        offloaded_checkpoints: false,
        master_weights: false,
        kbit_upcast: true,
        fp32_adapter_inputs: true,
        adamw_8bit: false,
        source: "https://docs.axolotl.ai/docs/config-reference.html (bf16 weights loaded as such; liger and cut_cross_entropy off unless set)",
    },
    FrameworkProfile {
        framework: Framework::LlamaFactory,
        name: "llama-factory",
        aliases: &["llamafactory", "llama_factory"],
        chunked_loss: false,
        fused_loss: false,
        offloaded_checkpoints: false,
        master_weights: true,
        kbit_upcast: true,
        fp32_adapter_inputs: true,
        adamw_8bit: false,
        source: "https://github.com/hiyouga/LLaMA-Factory (built on the HF Trainer; enable_liger_kernel off by default)",
    },
    FrameworkProfile {
        framework: Framework::Torchtune,
        name: "torchtune",
        aliases: &["torch-tune"],
        chunked_loss: true,
        fused_loss: false,
        offloaded_checkpoints: false,
        master_weights: false,
        kbit_upcast: false,
        fp32_adapter_inputs: false,
        adamw_8bit: false,
        source: "https://github.com/pytorch/torchtune/tree/main/recipes/configs (CEWithChunkedOutputLoss, dtype: bf16 without fp32 master weights; LoRA and NF4 layers in bf16, no PEFT casts)",
    },
];

impl Framework {
    pub fn profile(self) -> &'static FrameworkProfile {
        FRAMEWORKS
            .iter()
            .find(|p| p.framework == self)
            .expect("every framework has a profile")
    }

    pub fn name(self) -> &'static str {
        self.profile().name
    }
}

impl fmt::Display for Framework {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name `--framework` does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown training framework: {0}")]
pub struct UnknownFramework(pub String);

impl FromStr for Framework {
    type Err = UnknownFramework;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        FRAMEWORKS
            .iter()
            .find(|p| p.name == word || p.aliases.contains(&word.as_str()))
            .map(|p| p.framework)
            .ok_or(UnknownFramework(word))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_every_profile_has_a_source() {
        for p in FRAMEWORKS {
            assert_eq!(p.name.parse::<Framework>().unwrap(), p.framework);
            assert_eq!(p.framework.name(), p.name);
            assert!(p.source.starts_with("https://"), "{}", p.name);
        }
        assert_eq!(
            "LlamaFactory".parse::<Framework>().unwrap(),
            Framework::LlamaFactory
        );
        assert!("keras".parse::<Framework>().is_err());
        assert_eq!(Framework::default(), Framework::Hf);
    }
}
