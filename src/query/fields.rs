//! A [`Query`] from named text fields (web parameters, CLI flags): every number and name
//! is checked here so bad values get the same typed error on every surface.

use super::Query;
use crate::error::Error;
use crate::estimate::{
    Field, JobError, KvPrecision, LoraTargets, Mode, Optimizer, Precision, Runtime, Sharding, named,
};
use serde::Deserialize;

/// The fields of an explicit estimate, as typed: the one list behind the web API's
/// `/api/v1/estimate` parameters (serde, utoipa's `IntoParams` for the OpenAPI document)
/// and the CLI's `estimate` flags (clap). Numbers stay text so bad values get our own
/// localized message, not the parser's.
#[derive(Debug, Clone, Default, Deserialize, clap::Args, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Fields {
    /// Model id or name ("llama-3.1-70b", "llama 70b", "Qwen/Qwen2.5-7B-Instruct").
    #[arg(long)]
    pub model: Option<String>,
    /// A model known only by its size, in billions of parameters.
    #[arg(long = "params-b", allow_hyphen_values = true)]
    pub params_b: Option<String>,
    /// fp32 fp16 bf16 fp8 fp8-block mxfp4 nvfp4 int8 int4 nf4 gptq-int8 gptq-int4 awq-int4 or a
    /// GGUF type (q4_k_m...); default: the format the model's checkpoint ships in.
    #[arg(long)]
    pub precision: Option<String>,
    /// KV cache storage: fp16 fp8 q8_0 q4_0.
    #[arg(long = "kv-precision")]
    pub kv_precision: Option<String>,
    /// Prompt tokens.
    #[arg(long, allow_hyphen_values = true)]
    pub prompt: Option<String>,
    /// Generated tokens.
    #[arg(long, allow_hyphen_values = true)]
    pub generate: Option<String>,
    /// Total tokens held (prompt + generated).
    #[arg(long, allow_hyphen_values = true)]
    pub context: Option<String>,
    /// Sequences at once (training: micro-batch per GPU).
    #[arg(long, allow_hyphen_values = true)]
    pub batch: Option<String>,
    /// inference, full-finetune, lora or qlora.
    #[arg(long)]
    pub mode: Option<String>,
    /// transformers, vllm, llama.cpp or sglang.
    #[arg(long)]
    pub runtime: Option<String>,
    /// GPU to check the job against.
    #[arg(long)]
    pub gpu: Option<String>,
    /// How many of that GPU.
    #[arg(long, allow_hyphen_values = true)]
    pub gpus: Option<String>,
    /// Training optimizer: adamw, adamw-8bit (or paged-adamw-8bit), sgd.
    #[arg(long)]
    pub optimizer: Option<String>,
    /// Training: true keeps only layer inputs and recomputes the rest (default for QLoRA),
    /// false keeps every activation (the default otherwise).
    #[arg(long = "gradient-checkpointing", num_args = 0..=1, default_missing_value = "true")]
    pub gradient_checkpointing: Option<String>,
    /// LoRA rank (default 16).
    #[arg(long = "lora-rank", allow_hyphen_values = true)]
    pub lora_rank: Option<String>,
    /// LoRA targets: all-linear (default) or attention.
    #[arg(long = "lora-targets")]
    pub lora_targets: Option<String>,
    /// Training over several GPUs: ddp, zero1, zero2, zero3 (DeepSpeed) or fsdp (default zero3).
    #[arg(long)]
    pub sharding: Option<String>,
    /// Training: true keeps optimizer states (and, with zero3/fsdp, weights) in CPU memory.
    #[arg(long = "cpu-offload", num_args = 0..=1, default_missing_value = "true")]
    pub cpu_offload: Option<String>,
    /// vLLM: share of each GPU it may take, 0 to 1 (default 0.9).
    #[arg(long = "gpu-memory-utilization")]
    pub gpu_memory_utilization: Option<String>,
    /// vLLM: tokens of one prefill step (default 8192 on 70 GiB+ cards except A100, else 2048).
    #[arg(long = "max-num-batched-tokens")]
    pub max_num_batched_tokens: Option<String>,
    /// Full fine-tune: false for pure 16-bit training (no fp32 master copy), as torchtune
    /// or axolotl do.
    #[arg(long = "master-weights", num_args = 0..=1, default_missing_value = "true")]
    pub master_weights: Option<String>,
    /// Training: true when the optimizer step runs inside the backward (no full gradient
    /// buffer).
    #[arg(long = "optimizer-in-backward", num_args = 0..=1, default_missing_value = "true")]
    pub optimizer_in_backward: Option<String>,
    /// Training: true when the loss is chunked or fused with lm_head (Liger, torchtune), so
    /// the logits are never held in fp32 whole.
    #[arg(long = "chunked-loss", num_args = 0..=1, default_missing_value = "true")]
    pub chunked_loss: Option<String>,
    /// Training: the framework whose recipes to size by (hf, unsloth, axolotl,
    /// llama-factory, torchtune; default hf = Trainer / TRL + PEFT).
    #[arg(long = "framework")]
    pub framework: Option<String>,
    /// Inference offload to CPU RAM (llama.cpp): the host RAM's peak bandwidth in GB/s the
    /// offloaded layers are read at (default 89.6, dual-channel DDR5-5600).
    #[arg(long = "ram-bandwidth", allow_hyphen_values = true)]
    pub ram_bandwidth: Option<String>,
    /// vLLM: the release to size by, as "0.11" or "0.11.2" (default: the newest the
    /// profile follows; older releases held a larger start-up peak).
    #[arg(long = "engine-version")]
    pub engine_version: Option<String>,
    /// Serving: users at once to plan for (the answer gives each one's tokens/s, the time
    /// to first token and $ per million tokens at that load).
    #[arg(long, allow_hyphen_values = true)]
    pub concurrency: Option<String>,
    /// Serving: tokens per second each user should see (default 20): the answer says how
    /// many users get it at once.
    #[arg(long = "target-tokens-per-s", allow_hyphen_values = true)]
    pub target_tokens_per_s: Option<String>,
    /// llama.cpp and Ollama: flash attention on, off or auto (`-fa`, `OLLAMA_FLASH_ATTENTION`;
    /// default auto, which llama.cpp turns on where the GPU runs the kernel). Off, each
    /// GPU's compute buffer holds a micro-batch's attention scores over the whole context.
    #[arg(long = "flash-attn")]
    pub flash_attn: Option<String>,
    /// vLLM: most sequences per step (default 1,024 on 70 GiB+ cards except A100, else
    /// 256): the rows the sampler warms up with at start-up and the largest CUDA graph.
    #[arg(long = "max-num-seqs", allow_hyphen_values = true)]
    pub max_num_seqs: Option<String>,
    /// vLLM: items per prompt of each modality, as `{"image":1,"video":0}` or
    /// `image=1,video=0` (default: every modality; Qwen's VL models then profile a video
    /// as long as the context at start-up).
    #[arg(long = "limit-mm-per-prompt")]
    pub limit_mm_per_prompt: Option<String>,
}

/// An empty field counts as absent: HTML forms send `name=` for blank inputs.
fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn number<T: std::str::FromStr>(what: Field, v: &Option<String>) -> Result<Option<T>, Error> {
    given(v)
        .map(|s| {
            s.parse::<T>().map_err(|_| {
                Error::Job(JobError::NotANumber {
                    what,
                    value: s.to_string(),
                })
            })
        })
        .transpose()
}

/// A token count as people write it: "32768", "32,768", "32k", "128K", "1M", "1.5k": k is
/// 1,024 and M 1,048,576, as the free-text parser and model cards count context.
fn tokens(what: Field, v: &Option<String>) -> Result<Option<u64>, Error> {
    let Some(s) = given(v) else { return Ok(None) };
    let bad = || {
        Error::Job(JobError::NotANumber {
            what,
            value: s.to_string(),
        })
    };
    let (num, scale) = match s.char_indices().last() {
        Some((i, 'k' | 'K')) => (&s[..i], 1024.0),
        Some((i, 'm' | 'M')) => (&s[..i], 1024.0 * 1024.0),
        _ => {
            // A whole count: group separators dropped ("32,768", "32_768").
            let digits: String = s.chars().filter(|c| !matches!(c, ',' | '_')).collect();
            return digits.parse::<u64>().map(Some).map_err(|_| bad());
        }
    };
    // Before k or M a comma is a decimal one ("1,5k" in pt and es).
    let value = num
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .map_err(|_| bad())?
        * scale;
    if (0.0..1e15).contains(&value) {
        Ok(Some(value.round() as u64))
    } else {
        Err(bad())
    }
}

/// A host RAM bandwidth in GB/s as typed in a form or a flag: a decimal comma is read as
/// a point ("89,6" in pt and es). Its bounds are the job's to check; a word gets the same
/// answer as a bad bound (a number of GB/s, with an example), not the whole-number one.
pub fn ram_bandwidth(v: &Option<String>) -> Result<Option<f64>, Error> {
    let Some(s) = given(v) else { return Ok(None) };
    s.replace(',', ".")
        .parse::<f64>()
        .map(Some)
        .map_err(|_| Error::Job(JobError::RamBandwidth(s.to_string())))
}

/// An engine release as people write it ("0.11", "v0.11.2", "0.5.3.post1"): its major
/// and minor numbers.
pub fn engine_version(v: &Option<String>) -> Result<Option<(u32, u32)>, Error> {
    let Some(s) = given(v) else { return Ok(None) };
    let bad = || {
        Error::Job(JobError::UnknownOption {
            what: Field::EngineVersion,
            value: s.to_string(),
        })
    };
    let digits = s.trim_start_matches(['v', 'V']);
    let mut parts = digits.split('.');
    let mut next = || -> Option<u32> {
        let part = parts.next()?;
        let end = part
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(part.len());
        part[..end].parse().ok()
    };
    match (next(), next()) {
        (Some(major), Some(minor)) => Ok(Some((major, minor))),
        _ => Err(bad()),
    }
}

/// `-fa`'s values as llama.cpp takes them ("on", "off", "auto") and as people write them
/// ("true", "1", "disabled"): Some(on or off), or None for auto (the runtime's default).
fn flash_attention(v: &Option<String>) -> Result<Option<bool>, Error> {
    let Some(s) = given(v) else { return Ok(None) };
    match s.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "enabled" | "yes" => Ok(Some(true)),
        "off" | "false" | "0" | "disabled" | "no" => Ok(Some(false)),
        "auto" => Ok(None),
        _ => Err(Error::Job(JobError::UnknownOption {
            what: Field::FlashAttention,
            value: s.to_ascii_lowercase(),
        })),
    }
}

/// "true" or "false".
fn flag(what: Field, v: &Option<String>) -> Result<Option<bool>, Error> {
    given(v)
        .map(|s| {
            s.parse::<bool>().map_err(|_| {
                Error::Job(JobError::UnknownOption {
                    what,
                    value: s.to_string(),
                })
            })
        })
        .transpose()
}

fn parsed<T: std::str::FromStr<Err = E>, E: Into<Error>>(
    v: &Option<String>,
) -> Result<Option<T>, Error> {
    given(v)
        .map(|s| s.parse::<T>().map_err(Into::into))
        .transpose()
}

/// A job option given by name (`--mode`, `--optimizer`...), or the error naming its field.
fn option<T: std::str::FromStr<Err = strum::ParseError>>(
    field: Field,
    v: &Option<String>,
) -> Result<Option<T>, Error> {
    given(v)
        .map(|s| named(field, s).map_err(Error::Job))
        .transpose()
}

impl Fields {
    pub fn query(&self) -> Result<Query, Error> {
        Ok(Query {
            model: given(&self.model).map(str::to_string),
            params_b: number(Field::ModelSize, &self.params_b)?,
            precision: parsed::<Precision, _>(&self.precision)?,
            kv_precision: parsed::<KvPrecision, _>(&self.kv_precision)?,
            context: tokens(Field::Context, &self.context)?,
            prompt: tokens(Field::PromptLength, &self.prompt)?,
            generate: tokens(Field::GenerationLength, &self.generate)?,
            batch: number(Field::Batch, &self.batch)?,
            mode: option::<Mode>(Field::Mode, &self.mode)?,
            // Options name a runtime or leave the choice to the card (`--runtime`).
            serving: false,
            buying: false,
            gpu: given(&self.gpu).map(str::to_string),
            gpu_count: number(Field::GpuCount, &self.gpus)?,
            runtime: given(&self.runtime)
                .map(|s| s.parse::<Runtime>().map_err(JobError::from))
                .transpose()?,
            optimizer: option::<Optimizer>(Field::Optimizer, &self.optimizer)?,
            gradient_checkpointing: given(&self.gradient_checkpointing)
                .map(|s| {
                    s.parse::<bool>().map_err(|_| {
                        Error::Job(JobError::UnknownOption {
                            what: Field::GradientCheckpointing,
                            value: s.to_string(),
                        })
                    })
                })
                .transpose()?,
            lora_rank: number(Field::LoraRank, &self.lora_rank)?,
            lora_targets: option::<LoraTargets>(Field::LoraTargets, &self.lora_targets)?,
            sharding: option::<Sharding>(Field::Sharding, &self.sharding)?,
            cpu_offload: given(&self.cpu_offload)
                .map(|s| {
                    s.parse::<bool>().map_err(|_| {
                        Error::Job(JobError::UnknownOption {
                            what: Field::CpuOffload,
                            value: s.to_string(),
                        })
                    })
                })
                .transpose()?,
            memory_share: number(Field::GpuMemoryUtilization, &self.gpu_memory_utilization)?,
            batched_tokens: number(Field::MaxNumBatchedTokens, &self.max_num_batched_tokens)?,
            master_weights: flag(Field::MasterWeights, &self.master_weights)?,
            optimizer_in_backward: flag(Field::OptimizerInBackward, &self.optimizer_in_backward)?,
            chunked_loss: flag(Field::ChunkedLoss, &self.chunked_loss)?,
            framework: given(&self.framework)
                .map(|s| {
                    s.parse::<crate::runtime::framework::Framework>()
                        .map_err(|_| {
                            Error::Job(JobError::UnknownOption {
                                what: Field::Framework,
                                value: s.to_string(),
                            })
                        })
                })
                .transpose()?,
            model_as_typed: None,
            ram_bandwidth_gbs: ram_bandwidth(&self.ram_bandwidth)?,
            engine_version: engine_version(&self.engine_version)?,
            max_context: false,
            gpu_by_memory: None,
            concurrency: number(Field::Concurrency, &self.concurrency)?,
            target_tokens_per_s: number(Field::TargetTokensPerS, &self.target_tokens_per_s)?,
            flash_attention: flash_attention(&self.flash_attn)?,
            max_num_seqs: number(Field::MaxNumSeqs, &self.max_num_seqs)?,
            mm_limit: given(&self.limit_mm_per_prompt)
                .map(|s| {
                    crate::estimate::encoder::parse_limit(s).ok_or_else(|| {
                        Error::Job(JobError::UnknownOption {
                            what: Field::LimitMmPerPrompt,
                            value: s.to_string(),
                        })
                    })
                })
                .transpose()?,
        })
    }
}

#[cfg(test)]
mod token_tests {
    use super::*;

    fn t(s: &str) -> Option<u64> {
        tokens(Field::Context, &Some(s.to_string())).ok().flatten()
    }

    #[test]
    fn sizes_are_read_as_people_write_them() {
        assert_eq!(t("32768"), Some(32_768));
        assert_eq!(t("32,768"), Some(32_768));
        assert_eq!(t("32k"), Some(32_768));
        assert_eq!(t("128K"), Some(131_072));
        assert_eq!(t("1M"), Some(1_048_576));
        assert_eq!(t("1,5k"), Some(1_536));
        assert_eq!(t("lots"), None);
        assert_eq!(t("-5k"), None);
    }

    #[test]
    fn engine_versions_read_as_people_write_them() {
        let v = |s: &str| engine_version(&Some(s.to_string()));
        assert_eq!(v("0.11").ok().flatten(), Some((0, 11)));
        assert_eq!(v("v0.19.0").ok().flatten(), Some((0, 19)));
        assert_eq!(v("0.5.3.post1").ok().flatten(), Some((0, 5)));
        assert_eq!(v("0.10rc1").ok().flatten(), Some((0, 10)));
        assert_eq!(v(" ").ok().flatten(), None);
        assert!(matches!(
            v("latest"),
            Err(Error::Job(JobError::UnknownOption {
                what: Field::EngineVersion,
                ..
            }))
        ));
    }

    #[test]
    fn ram_bandwidth_reads_a_decimal_comma_and_refuses_words() {
        let r = |s: &str| ram_bandwidth(&Some(s.to_string()));
        assert_eq!(r("89,6").ok().flatten(), Some(89.6));
        assert_eq!(r(" 300 ").ok().flatten(), Some(300.0));
        assert_eq!(r("").ok().flatten(), None);
        assert!(matches!(
            r("fast"),
            Err(Error::Job(JobError::RamBandwidth(v))) if v == "fast"
        ));
    }
}
