//! The runtime chosen for an asker who names none: the one people run on the hardware they
//! name. GeForce, workstation and Radeon owners run llama.cpp (what Ollama and LM Studio run
//! underneath) with a GGUF quant; Macs and other unified-memory machines run llama.cpp on
//! Metal or Vulkan; datacenter cards and serving questions run vLLM, or SGLang for the
//! multi-head latent attention models its docs recommend it for (DeepSeek V3/R1, Kimi K2).
//!
//! With no card named, the model's size decides ([`Reach`]): one that a consumer card holds
//! at 4 bits is run with llama.cpp from a Q4_K_M GGUF (what Ollama pulls by default); a
//! datacenter-sized one is served with vLLM (SGLang for MLA) in the checkpoint's own
//! format. Buying words size what people buy a card for: a 4-bit GGUF with llama.cpp, as
//! long as a home machine of consumer cards holds it.

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
    /// A format named that only one runtime loads, with no card named (bitsandbytes' nf4
    /// is transformers'): that runtime.
    NoCard,
    /// No card named, and a 4-bit GGUF of the model fits one consumer card: llama.cpp with
    /// Q4_K_M, what people download and run it with.
    OneCard,
    /// No card named, and even at 4 bits the model needs more than one consumer card:
    /// served with vLLM on datacenter cards, in the checkpoint's own format.
    Large,
    /// A card to buy for the model: people buy one to run a 4-bit GGUF with llama.cpp.
    Buying,
    /// No card named, and the question names a Hub repo: that checkpoint, as it is, served
    /// with vLLM (the repo holds safetensors, not the GGUF files llama.cpp loads).
    Checkpoint,
}

/// How far a model reaches on the hardware people own, measured with a Q4_K_M GGUF on
/// llama.cpp at the asked context: what decides the runtime when no card is named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// One consumer card holds it ([`reference_card`]).
    OneCard,
    /// Several in one home machine do (up to the card's box limit, four).
    HomeBox,
    /// Neither: a datacenter job.
    Datacenter,
}

/// The format people download for llama.cpp: Q4_K_M (Ollama's default tags and the first
/// quant every GGUF repo lists), or the checkpoint's own when it has fewer bits and
/// llama.cpp loads it as it ships (gpt-oss's MXFP4).
pub fn home_format(native: Precision) -> Precision {
    let q4 = Precision::Q4KM;
    if native.bits_per_weight() < q4.bits_per_weight() && Runtime::LlamaCpp.profile().loads(native)
    {
        native
    } else {
        q4
    }
}

/// The consumer card "fits one consumer card" is measured on: the one with the most memory
/// among those sold new at a list price (the RTX 5090, 32 GB). Modded cards (a 48 GB RTX
/// 4090) and unified-memory machines have no list price as a card and are no reference.
pub fn reference_card() -> Option<&'static GpuSpec> {
    static CARD: LazyLock<Option<&'static GpuSpec>> = LazyLock::new(|| {
        crate::catalog::Catalog::get()
            .gpus
            .iter()
            .filter(|g| {
                g.market == Market::Consumer
                    && g.msrp_usd.is_some()
                    && g.unified_memory != Some(true)
                    && g.vendor != Vendor::Apple
            })
            .max_by(|a, b| a.memory_gb.total_cmp(&b.memory_gb))
    });
    *CARD
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
    /// The question asks which card to buy ("what gpu should i buy for…").
    pub buying: bool,
    /// With no card named: how far the model reaches on consumer cards (None: a card was
    /// named, or the question serves users, and the size does not decide).
    pub reach: Option<Reach>,
    /// The question names a Hub repo (`org/name`): its own checkpoint is the one sized.
    pub own_checkpoint: bool,
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
            if self.own_checkpoint {
                return server(Why::Checkpoint);
            }
            return match self.reach {
                Some(Reach::OneCard | Reach::HomeBox) if self.buying => {
                    (Runtime::LlamaCpp, Why::Buying)
                }
                Some(Reach::OneCard) => (Runtime::LlamaCpp, Why::OneCard),
                Some(_) => server(Why::Large),
                None => (Runtime::default_for(self.precision), Why::NoCard),
            };
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
    /// The message id that says it, in `locales/*/runtime.ftl` and `asker_defaults.ftl`
    /// (None: the format named is loaded by that runtime alone).
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
            RuntimeReason::OneCard => msg!("runtime-why-one-card"),
            RuntimeReason::Large => msg!("runtime-why-large"),
            RuntimeReason::Buying => msg!("runtime-why-buying"),
            RuntimeReason::Checkpoint => msg!("runtime-why-checkpoint"),
            RuntimeReason::NoCard => return None,
        })
    }

    /// Whether the asker's hardware and question set the format too: a Q4_K_M GGUF
    /// ([`home_format`]) when none was named.
    pub fn sets_home_format(self) -> bool {
        matches!(self, RuntimeReason::OneCard | RuntimeReason::Buying)
    }

    /// Whether the answer's setups lead with the most speed for the money (the asker may buy
    /// the card) rather than the cheapest.
    pub fn leads_with_value(self) -> bool {
        self.sets_home_format()
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
