//! The runtime chosen for an asker who names none: the one people run on the hardware they
//! name. GeForce, workstation and Radeon owners run llama.cpp (what Ollama and LM Studio run
//! underneath) with a GGUF quant; Macs and other unified-memory machines run llama.cpp on
//! Metal or Vulkan; datacenter cards and serving questions run vLLM, or SGLang for the
//! multi-head latent attention models its docs recommend it for (DeepSeek V3/R1, Kimi K2).

use crate::catalog::{Attention, GpuSpec, Market, ModelSpec, Vendor};
use crate::vocab::{Format, Precision, Runtime};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

/// Why a runtime was chosen for the asker: said beside it in the answer's assumptions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RuntimeReason {
    /// A GGUF file is run by llama.cpp (and Ollama, LM Studio).
    Gguf,
    /// A GeForce card: its owners run llama.cpp, Ollama or LM Studio.
    Consumer,
    /// A workstation card (RTX 6000 Ada, RTX PRO 6000) on a desk.
    Workstation,
    /// A Radeon: llama.cpp's ROCm and Vulkan builds.
    Radeon,
    /// A Mac: llama.cpp on Metal (MLX is the other choice).
    Mac,
    /// Another unified-memory machine (Strix Halo, DGX Spark).
    Unified,
    /// A datacenter card: served with vLLM.
    Datacenter,
    /// The question serves users (an API, throughput, several users).
    Serving,
    /// Multi-head latent attention: SGLang's docs recommend it for these models.
    Mla,
    /// No card named: the estimate follows Hugging Face transformers.
    NoCard,
}

/// Words that make a question a serving one, in the four languages, after `clean` (lower
/// case, accents gone): "serve", "users", "API", "throughput", "for our team".
static SERVING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"\b(?:serv(?:e|es|ed|ing)|servir|servindo|sirviendo|users?|usuarios?|clientes|api|endpoint|throughput|vazao|rendimiento|concurren\w*|concorren\w*|for (?:our|my|the) team|para (?:o|a|mi|nosso|nuestro) (?:time|equipo|equipe))\b|部署服务|服务|用户|并发|吞吐|接口",
    )
    .expect("serving words pattern")
});

/// Whether a cleaned question says it serves others.
pub fn says_serving(cleaned: &str) -> bool {
    SERVING.is_match(cleaned)
}

/// What the asker's hardware and question point to when no runtime is named.
#[derive(Debug, Clone, Copy)]
pub struct Asker<'a> {
    pub gpu: Option<&'a GpuSpec>,
    pub serving: bool,
    pub model: &'a ModelSpec,
    pub precision: Precision,
}

impl Asker<'_> {
    /// The runtime such an asker runs, and why.
    pub fn runtime(&self) -> (Runtime, RuntimeReason) {
        use RuntimeReason as Why;
        if self.precision.format() == Format::Gguf {
            return (Runtime::LlamaCpp, Why::Gguf);
        }
        let server = |why| {
            if self.model.attention == Attention::Mla {
                (Runtime::Sglang, Why::Mla)
            } else {
                (Runtime::Vllm, why)
            }
        };
        if self.serving {
            return server(Why::Serving);
        }
        let Some(gpu) = self.gpu else {
            return (Runtime::default_for(self.precision), Why::NoCard);
        };
        if gpu.vendor == Vendor::Apple {
            return (Runtime::LlamaCpp, Why::Mac);
        }
        if gpu.unified_memory == Some(true) {
            return (Runtime::LlamaCpp, Why::Unified);
        }
        match (gpu.market, gpu.vendor) {
            (Market::Datacenter, _) => server(Why::Datacenter),
            (_, Vendor::Amd) => (Runtime::LlamaCpp, Why::Radeon),
            (Market::Workstation, _) => (Runtime::LlamaCpp, Why::Workstation),
            _ => (Runtime::LlamaCpp, Why::Consumer),
        }
    }
}

impl RuntimeReason {
    /// The message id that says it, in `locales/*/runtime.ftl` (None: no card was named, and
    /// the runtime is the one the format has always defaulted to).
    pub fn message(self) -> Option<&'static crate::i18n::MsgId> {
        use crate::msg;
        Some(match self {
            RuntimeReason::Gguf => msg!("runtime-why-gguf"),
            RuntimeReason::Consumer => msg!("runtime-why-consumer"),
            RuntimeReason::Workstation => msg!("runtime-why-workstation"),
            RuntimeReason::Radeon => msg!("runtime-why-radeon"),
            RuntimeReason::Mac => msg!("runtime-why-mac"),
            RuntimeReason::Unified => msg!("runtime-why-unified"),
            RuntimeReason::Datacenter => msg!("runtime-why-datacenter"),
            RuntimeReason::Serving => msg!("runtime-why-serving"),
            RuntimeReason::Mla => msg!("runtime-why-mla"),
            RuntimeReason::NoCard => return None,
        })
    }

    /// The runtime one word away for this asker: MLX on a Mac (its other common choice),
    /// else [`Self::other`].
    pub fn alternative(self, runtime: Runtime) -> Runtime {
        match self {
            RuntimeReason::Mac => Runtime::Mlx,
            _ => Self::other(runtime),
        }
    }

    /// The runtime one word away from the chosen one, for "say “with vllm” for another".
    pub fn other(runtime: Runtime) -> Runtime {
        match runtime {
            Runtime::LlamaCpp | Runtime::Transformers => Runtime::Vllm,
            Runtime::Vllm | Runtime::Sglang => Runtime::LlamaCpp,
            Runtime::Ollama | Runtime::LmStudio => Runtime::LlamaCpp,
            Runtime::Mlx => Runtime::LlamaCpp,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serving_words_in_four_languages() {
        for q in [
            "serve llama 3.3 70b for our team on 2 h100",
            "api for 40 users",
            "servir qwen3 32b para 20 usuarios",
            "max throughput on h100",
            "为 20 个用户部署 qwen3",
        ] {
            assert!(says_serving(q), "{q}");
        }
        for q in [
            "can i run qwen3 32b on a 4090",
            "gemma 3 27b on my 3090",
            "llama-server",
        ] {
            assert!(!says_serving(q), "{q}");
        }
    }
}
