//! What the user wants to run: the inputs of the memory model, validated.

use crate::catalog::ModelSpec;
pub use crate::runtime::Runtime;
use crate::runtime::UnknownRuntime;
pub use crate::vocab::Mode;
use crate::vocab::{Format, KvPrecision, Precision};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Optimizer for full fine-tuning. The strum names are what `--optimizer` takes (any
/// case); `to_string` is the JSON's name.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(ascii_case_insensitive)]
#[serde(rename_all = "kebab-case")]
pub enum Optimizer {
    /// AdamW in mixed precision: fp32 master weights plus two fp32 moments.
    #[default]
    #[strum(to_string = "adamw", serialize = "adam")]
    Adamw,
    /// bitsandbytes 8-bit AdamW: fp32 master weights plus two 8-bit moments.
    #[strum(
        to_string = "adamw8bit",
        serialize = "adamw-8bit",
        serialize = "adam8bit",
        serialize = "adamw_8bit"
    )]
    Adamw8bit,
    /// bitsandbytes paged 8-bit AdamW: the same states, in unified memory that pages out to
    /// host RAM when the GPU runs short, so they need not fit on the card.
    #[strum(
        to_string = "paged-adamw8bit",
        serialize = "paged-adamw-8bit",
        serialize = "paged_adamw_8bit"
    )]
    PagedAdamw8bit,
    /// SGD with momentum: fp32 master weights plus one fp32 momentum.
    #[strum(to_string = "sgd")]
    Sgd,
}

/// How training states are spread over several GPUs (DeepSpeed ZeRO stages, and PyTorch
/// FSDP's full shard, which shards what stage 3 does with buffers of its own; FSDP's
/// `SHARD_GRAD_OP` is sized as stage 2).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(ascii_case_insensitive)]
#[serde(rename_all = "kebab-case")]
pub enum Sharding {
    /// Every GPU holds everything (DDP).
    #[strum(to_string = "ddp", serialize = "none", serialize = "zero0")]
    Ddp,
    /// Optimizer states sharded.
    #[strum(to_string = "zero1", serialize = "zero-1")]
    Zero1,
    /// Optimizer states and gradients sharded.
    #[strum(to_string = "zero2", serialize = "zero-2", serialize = "shard-grad-op")]
    Zero2,
    /// Weights too, DeepSpeed's way: parameters gathered module by module under
    /// `stage3_max_live_parameters`, a prefetch and a reduce bucket, and the fp32 step one
    /// sub-group at a time.
    #[strum(to_string = "zero3", serialize = "zero-3", serialize = "deepspeed")]
    Zero3,
    /// Weights too, PyTorch FSDP's full shard (FSDP + QLoRA shards the frozen 4-bit base):
    /// one wrapped unit (a decoder layer) gathered whole and the next prefetched, its
    /// gradient reduce-scattered, and the step over the sharded fp32 parameters with no
    /// buffer of its own.
    #[strum(
        to_string = "fsdp",
        serialize = "full-shard",
        serialize = "fsdp2",
        serialize = "full_shard"
    )]
    Fsdp,
}

impl Sharding {
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// Whether the weights are sharded too (ZeRO-3, FSDP's full shard).
    pub fn shards_weights(self) -> bool {
        matches!(self, Sharding::Zero3 | Sharding::Fsdp)
    }
}

/// Which linear layers get LoRA adapters.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(ascii_case_insensitive)]
#[serde(rename_all = "kebab-case")]
pub enum LoraTargets {
    /// q, k, v, o projections only.
    #[strum(to_string = "attention", serialize = "attn")]
    Attention,
    /// Every linear layer of the blocks (PEFT's "all-linear", the QLoRA paper's choice).
    #[default]
    #[strum(to_string = "all-linear", serialize = "all")]
    AllLinear,
}

/// A job option named the way `--mode`, `--optimizer`, `--sharding` or `--lora-targets`
/// takes it (strum's names and aliases, any case, spaces around ignored); a name none of
/// them has is [`JobError::UnknownOption`] for `field`.
pub fn named<T: FromStr<Err = strum::ParseError>>(field: Field, text: &str) -> Result<T, JobError> {
    let text = text.trim();
    text.parse().map_err(|_| JobError::UnknownOption {
        what: field,
        value: text.to_ascii_lowercase(),
    })
}

/// An option of a job, as the user names it: errors say which one was wrong, and rendering
/// turns it into the localized word (`field-<id>` in the Fluent files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::VariantArray)]
#[strum(serialize_all = "kebab-case")]
pub enum Field {
    ModelSize,
    Context,
    PromptLength,
    GenerationLength,
    Batch,
    GpuCount,
    LoraRank,
    Mode,
    Runtime,
    Optimizer,
    LoraTargets,
    GradientCheckpointing,
    Sharding,
    CpuOffload,
    GpuMemoryUtilization,
    MaxNumBatchedTokens,
    MasterWeights,
    OptimizerInBackward,
    ChunkedLoss,
    RamBandwidth,
    Framework,
    EngineVersion,
    Concurrency,
    TargetTokensPerS,
    FlashAttention,
    MaxNumSeqs,
    LimitMmPerPrompt,
}

impl Field {
    pub const ALL: &'static [Field] = <Field as strum::VariantArray>::VARIANTS;

    /// The stable id: `field-<id>` names it in every locale.
    pub fn id(self) -> &'static str {
        self.into()
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Upper bounds that keep arithmetic meaningful: far beyond any real job.
pub const MAX_CONTEXT: u64 = 10_000_000;
pub const MAX_BATCH: u32 = 100_000;
pub const MAX_GPUS: u32 = 4_096;
/// Host RAM bandwidth beyond any machine (a 12-channel DDR5-8800 server is about 845 GB/s).
pub const MAX_RAM_GBS: f64 = 10_000.0;
/// 100 trillion parameters: anything larger is a typo, not a model.
pub const MAX_PARAMS_B: f64 = 100_000.0;

/// Input the memory model refuses, with what was wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum JobError {
    #[error("the context must be at least 1 token")]
    ContextZero,
    #[error("the context of {0} tokens is beyond any model (at most {MAX_CONTEXT})")]
    ContextTooLarge(u64),
    #[error("the batch must be at least 1")]
    BatchZero,
    #[error("a batch of {0} is beyond any real job (at most {MAX_BATCH})")]
    BatchTooLarge(u64),
    #[error("the GPU count must be between 1 and {MAX_GPUS}, not {0}")]
    GpuCount(u64),
    #[error("the model size must be a positive number of billions up to {MAX_PARAMS_B}, not {0}")]
    ParamsOutOfRange(String),
    #[error("the LoRA rank must be between 1 and 4096, not {0}")]
    LoraRank(u64),
    #[error("{mode} cannot train weights stored as {precision}")]
    PrecisionNotTrainable { mode: Mode, precision: Precision },
    #[error("the memory share must be above 0 and at most 1, not {0}")]
    MemoryShare(String),
    #[error("the host RAM bandwidth must be above 0 and at most {MAX_RAM_GBS} GB/s, not {0}")]
    RamBandwidth(String),
    #[error("'{value}' is not a valid {what}")]
    NotANumber { what: Field, value: String },
    #[error("unknown {what} '{value}'")]
    UnknownOption { what: Field, value: String },
}

impl From<UnknownRuntime> for JobError {
    fn from(e: UnknownRuntime) -> JobError {
        JobError::UnknownOption {
            what: Field::Runtime,
            value: e.0,
        }
    }
}

impl JobError {
    /// Stable machine-readable kind, as in the JSON error object.
    pub fn kind(&self) -> &'static str {
        match self {
            JobError::ContextZero | JobError::ContextTooLarge(_) => "bad_context",
            JobError::BatchZero | JobError::BatchTooLarge(_) => "bad_batch",
            JobError::GpuCount(_) => "bad_gpu_count",
            JobError::ParamsOutOfRange(_) => "bad_params",
            JobError::LoraRank(_) => "bad_lora_rank",
            JobError::MemoryShare(_) => "bad_memory_share",
            JobError::RamBandwidth(_) => "bad_ram_bandwidth",
            JobError::PrecisionNotTrainable { .. } => "precision_not_trainable",
            JobError::UnknownOption { .. } => "unknown_option",
            JobError::NotANumber { .. } => "not_a_number",
        }
    }
}

/// One job: what runs, in which precision, over how many tokens.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Job {
    pub precision: Precision,
    pub kv_precision: KvPrecision,
    /// Prompt tokens (prefill); the activation peak grows with it.
    pub prompt: u64,
    /// Generated tokens; the KV cache holds prompt + generate.
    pub generate: u64,
    pub batch: u32,
    pub mode: Mode,
    pub runtime: Runtime,
    pub optimizer: Optimizer,
    pub gradient_checkpointing: bool,
    pub lora_rank: u32,
    pub lora_targets: LoraTargets,
    /// Flash/memory-efficient attention (the default in current stacks): no s^2 term.
    pub flash_attention: bool,
    /// Training over several GPUs: how states are sharded (None: ZeRO-3, the set-up that
    /// lets the job fit, and the answer says it assumed so).
    pub sharding: Option<Sharding>,
    /// Training: optimizer states (and, under ZeRO-3/FSDP, weights and gradients) live in
    /// CPU memory (ZeRO-Offload, FSDP `cpu_offload`).
    pub cpu_offload: bool,
    /// vLLM's `--gpu-memory-utilization` when the user sets one (else the profile's 0.9).
    pub memory_share: Option<f64>,
    /// Full fine-tune: keep an fp32 master copy of 16-bit weights (mixed precision as
    /// DeepSpeed, FSDP over fp32 parameters and the HF Trainer's AMP do). False is pure
    /// 16-bit training (torchtune, axolotl loading bf16 weights): states in 16 bits.
    pub master_weights: bool,
    /// The optimizer step runs inside the backward pass, one layer at a time (torchtune's
    /// `optimizer_in_bwd`), so no full gradient buffer is held.
    pub optimizer_in_backward: bool,
    /// The loss is computed over chunks of the sequence, or fused with lm_head (torchtune's
    /// chunked cross-entropy, Liger, cut-cross-entropy): no full fp32 copy of the logits.
    pub chunked_loss: bool,
    /// vLLM's `--max-num-batched-tokens` when set (else the profile's default for the card).
    pub batched_tokens: Option<u64>,
    /// Training: the framework whose recipes the job follows (its defaults are applied to
    /// the fields above when the request is resolved).
    pub framework: crate::runtime::framework::Framework,
    /// Training with checkpointing: the checkpointed layer inputs live in CPU RAM between
    /// the forward and the backward (Unsloth's offloaded gradient checkpointing).
    pub offloaded_checkpoints: bool,
    /// Inference: part of the weights kept in host RAM (llama.cpp `-ngl`, `--n-cpu-moe`);
    /// None keeps everything on the GPUs.
    pub host_offload: Option<HostOffload>,
    /// Peak bandwidth of the host RAM the offloaded part is read from, in GB/s (None:
    /// [`crate::estimate::DEFAULT_RAM_GBS`]).
    pub ram_bandwidth_gbs: Option<f64>,
    /// Training: lm_head and the loss run fused, a chunk of tokens at a time (Unsloth,
    /// Liger's fused linear cross-entropy, cut-cross-entropy): no whole logits at all.
    pub fused_loss: bool,
    /// QLoRA: the unquantized parameters, and so the residual stream, are cast to fp32
    /// (PEFT's `prepare_model_for_kbit_training`, which the HF recipes call).
    pub kbit_upcast: bool,
    /// LoRA: fp32 adapters computing on an fp32 copy of their input, kept for the backward
    /// (PEFT); fused 16-bit LoRA kernels (Unsloth, torchtune) keep no such copy.
    pub fp32_adapter_inputs: bool,
    /// Training: the MLP runs over the sequence a tile at a time (Unsloth's opt-in
    /// `unsloth_tiled_mlp=True` for contexts of hundreds of thousands of tokens), so the
    /// recomputed layer holds one tile's MLP activations, not the whole sequence's.
    pub tiled_mlp: bool,
    /// The engine release (major, minor) whose start-up figures size the job (None: the
    /// newest the profile follows; see `runtime::Profile::releases`).
    pub engine_version: Option<(u32, u32)>,
    /// Serving: the users served at once and the speed each should see (`--concurrency`,
    /// `--target-tokens-per-s`, "for 40 users"); see [`super::at_load`].
    pub load: super::at_load::Load,
    /// vLLM's `--max-num-seqs` when set (else 1,024 on cards of 70 GiB or more except the
    /// A100, 256 elsewhere): the rows its sampler warms up with and the largest CUDA graph.
    pub max_num_seqs: Option<u32>,
    /// vLLM's `--limit-mm-per-prompt` (None: every modality, as vLLM profiles by default).
    pub mm_limit: Option<super::encoder::MmLimit>,
}

/// Which part of an inference job llama.cpp keeps in host RAM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HostOffload {
    /// `-ngl N`: N of the repeating layers on the GPUs; the others, with their KV cache,
    /// and the output layer stay in RAM and run on the CPU.
    GpuLayers(u32),
    /// `--n-cpu-moe K`: the routed experts of the first K layers stay in RAM; attention,
    /// shared experts, the KV cache and the output layer stay on the GPUs. Only the experts
    /// a token is routed to are read, which is why MoE models offload so well.
    CpuMoe(u32),
}

/// Context assumed for inference when the user gives none.
pub const DEFAULT_INFERENCE_CONTEXT: u64 = 8192;
/// Sequence length assumed for training when the user gives none.
pub const DEFAULT_TRAINING_CONTEXT: u64 = 2048;

impl Job {
    /// A job with the defaults for `mode` and `precision`.
    pub fn new(mode: Mode, precision: Precision) -> Job {
        let context = if mode.is_training() {
            DEFAULT_TRAINING_CONTEXT
        } else {
            DEFAULT_INFERENCE_CONTEXT
        };
        let mut job = Job {
            precision,
            kv_precision: KvPrecision::Fp16,
            prompt: 0,
            generate: 0,
            batch: 1,
            mode,
            runtime: Runtime::default_for(precision),
            optimizer: Optimizer::Adamw,
            // Every framework's recipes turn it on for LoRA, QLoRA and full fine-tunes (PEFT's
            // prepare_model_for_kbit_training, TRL's SFTConfig default, Unsloth, Axolotl,
            // LLaMA-Factory, torchtune configs): assumed on unless turned off
            // (`--no-gradient-checkpointing`).
            gradient_checkpointing: mode.is_training(),
            lora_rank: 16,
            lora_targets: LoraTargets::AllLinear,
            flash_attention: true,
            sharding: None,
            cpu_offload: false,
            memory_share: None,
            batched_tokens: None,
            master_weights: true,
            optimizer_in_backward: false,
            chunked_loss: false,
            framework: crate::runtime::framework::Framework::Hf,
            offloaded_checkpoints: false,
            host_offload: None,
            ram_bandwidth_gbs: None,
            fused_loss: false,
            kbit_upcast: true,
            fp32_adapter_inputs: true,
            tiled_mlp: false,
            engine_version: None,
            load: super::at_load::Load::default(),
            max_num_seqs: None,
            mm_limit: None,
        };
        job.set_context(context);
        job
    }

    /// Take `framework`'s defaults (its profile's flags and optimizer); the caller then
    /// applies what the user set explicitly, which wins.
    pub fn follow(&mut self, framework: crate::runtime::framework::Framework) {
        let p = framework.profile();
        self.framework = framework;
        self.chunked_loss = p.chunked_loss;
        self.fused_loss = p.fused_loss;
        self.offloaded_checkpoints = p.offloaded_checkpoints;
        self.master_weights = p.master_weights;
        self.kbit_upcast = p.kbit_upcast;
        self.fp32_adapter_inputs = p.fp32_adapter_inputs;
        self.optimizer = if p.adamw_8bit {
            Optimizer::Adamw8bit
        } else {
            Optimizer::Adamw
        };
    }

    /// The sharding in force on `gpus` GPUs.
    ///
    /// Unsaid, one GPU runs plain (nothing to split) and several run ZeRO-3. Named, it
    /// holds on one GPU too: DeepSpeed and FSDP keep their machinery on a single rank (the
    /// gathered modules, the reduce bucket, ZeRO-3's fp32 gradient sub-group at the step;
    /// measured on one H200, tests/calibration/h200-zero3-ours.csv), and with CPU offload
    /// they move the states to the host ("a 13B model on one GPU" is what ZeRO-Offload and
    /// ZeRO-Infinity were built for).
    pub fn sharding_on(&self, gpus: u32) -> Sharding {
        match self.sharding {
            Some(s) => s,
            None if gpus <= 1 => Sharding::Ddp,
            None => Sharding::Zero3,
        }
    }

    /// Total tokens held per sequence.
    pub fn context(&self) -> u64 {
        self.prompt + self.generate
    }

    /// Split a total context into prompt and generated tokens (training: all prompt).
    pub fn set_context(&mut self, context: u64) {
        self.generate = if self.mode.is_training() {
            0
        } else {
            (context / 8).min(1024)
        };
        self.prompt = context - self.generate;
    }

    /// Reject inputs that make no physical sense, before any arithmetic.
    pub fn validate(&self, model: &ModelSpec) -> Result<(), JobError> {
        let context = self.context();
        if context == 0 {
            return Err(JobError::ContextZero);
        }
        if context > MAX_CONTEXT {
            return Err(JobError::ContextTooLarge(context));
        }
        if self.batch == 0 {
            return Err(JobError::BatchZero);
        }
        if self.batch > MAX_BATCH {
            return Err(JobError::BatchTooLarge(u64::from(self.batch)));
        }
        check_params_b(model.params_b())?;
        if let Some(share) = self.memory_share
            && !(share > 0.0 && share <= 1.0)
        {
            return Err(JobError::MemoryShare(share.to_string()));
        }
        if let Some(gbs) = self.ram_bandwidth_gbs
            && !(gbs > 0.0 && gbs <= MAX_RAM_GBS)
        {
            return Err(JobError::RamBandwidth(gbs.to_string()));
        }
        if self.mode.is_training() && (self.lora_rank == 0 || self.lora_rank > 4096) {
            return Err(JobError::LoraRank(u64::from(self.lora_rank)));
        }
        let trainable = match self.mode {
            Mode::Inference | Mode::Qlora => true,
            Mode::FullFinetune => !self.precision.is_quantized(),
            Mode::Lora => self.precision.format() != Format::Gguf,
        };
        if !trainable {
            return Err(JobError::PrecisionNotTrainable {
                mode: self.mode,
                precision: self.precision,
            });
        }
        Ok(())
    }
}

/// A model size in billions must be finite, positive and below [`MAX_PARAMS_B`].
pub fn check_params_b(params_b: f64) -> Result<(), JobError> {
    if params_b.is_finite() && params_b > 0.0 && params_b <= MAX_PARAMS_B {
        Ok(())
    } else {
        Err(JobError::ParamsOutOfRange(params_b.to_string()))
    }
}

/// GPU counts must be between 1 and [`MAX_GPUS`].
pub fn check_gpu_count(count: u64) -> Result<u32, JobError> {
    if (1..=u64::from(MAX_GPUS)).contains(&count) {
        Ok(count as u32)
    } else {
        Err(JobError::GpuCount(count))
    }
}

#[cfg(test)]
mod names {
    use super::*;

    /// The stable names the contract, Fluent ids and the parser use, as strum writes them.
    #[test]
    fn names_are_the_contracts() {
        let sharding: Vec<&str> = [
            Sharding::Ddp,
            Sharding::Zero1,
            Sharding::Zero2,
            Sharding::Zero3,
            Sharding::Fsdp,
        ]
        .iter()
        .map(|s| s.name())
        .collect();
        assert_eq!(sharding, ["ddp", "zero1", "zero2", "zero3", "fsdp"]);
        assert_eq!(Mode::FullFinetune.name(), "full-finetune");
        assert_eq!(Field::MaxNumBatchedTokens.id(), "max-num-batched-tokens");
        assert_eq!(Field::ALL.len(), 27);
        assert_eq!(Field::FlashAttention.id(), "flash-attention");
        assert_eq!(Field::MaxNumSeqs.id(), "max-num-seqs");
        assert_eq!(Field::Concurrency.id(), "concurrency");
        assert_eq!(Field::TargetTokensPerS.id(), "target-tokens-per-s");
        assert_eq!(Field::Framework.id(), "framework");
        assert_eq!(Field::EngineVersion.id(), "engine-version");
    }
}
