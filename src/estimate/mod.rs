//! The memory model: what a job needs on the GPU, part by part, and how fast it decodes.
//!
//! Inference = weights + KV cache + activation peak + runtime overhead. Training adds
//! gradients and optimizer states, and activations kept for the backward pass. Every part
//! comes from the architecture; the seed articles' rule of thumb is computed beside it.

pub mod at_load;
mod band;
pub mod encoder;
mod fit;
mod inference;
pub mod job;
pub mod offload;
pub mod paged;
mod parallel;
pub mod reach;
mod speed;
pub mod startup;
mod training;

pub use crate::vocab::precision;
pub use crate::vocab::{Format, KvPrecision, Precision, Scope};
pub use band::{ErrorBand, error_band};
pub use fit::{
    Fit, Interconnect, Machine, NODE, Reserve, Topology, box_limit, candidate_counts, machines,
    usable_gib,
};
pub use inference::{is_large_card, scheduler_steps};
pub use job::{
    DEFAULT_INFERENCE_CONTEXT, DEFAULT_TRAINING_CONTEXT, Field, HostOffload, Job, JobError,
    LoraTargets, Mode, Optimizer, Runtime, Sharding, check_gpu_count, check_params_b, named,
};
pub use offload::{DEFAULT_RAM_GBS, host_ram_bytes};
pub use parallel::{Layout, layout, offered, splits_tensors, tensor_parallel_ok};
pub use speed::{DecodeWork, decode_tokens_per_s, prefill_tokens_per_s};
pub use training::lora_params;

use crate::catalog::{GIB, GpuSpec, ModelSpec};
use serde::Serialize;

/// Facts the answer should mention; rendering turns them into words.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Note {
    /// The architecture was derived from a bare size.
    SyntheticArchitecture { params_b: f64, reference: String },
    /// MoE: every expert sits in memory though only `active_b` billion work per token.
    MoeAllExperts { active_b: f64 },
    /// MLA stores a compressed latent instead of full keys and values.
    MlaCache { bytes_per_token: u64 },
    /// Sliding-window layers hold at most `window` tokens.
    SlidingWindow { window: u32 },
    /// A hybrid model: only `attention_layers` of `layers` grow a KV cache; the others
    /// hold a fixed recurrent state of `state_bytes` per sequence.
    HybridState {
        attention_layers: u32,
        layers: u32,
        state_bytes: u64,
    },
    /// A multimodal checkpoint: its vision tower is in the weights, and each image
    /// takes about `tokens_per_image` context tokens the question has to count.
    VisionTower {
        params_b: f64,
        tokens_per_image: Option<u32>,
    },
    /// The requested context exceeds what the model was trained for.
    ContextBeyondModel { max: u64 },
    /// The format leaves embeddings and lm_head in 16 bits.
    EmbeddingsStay16Bit { precision: Precision },
    /// The format covers the routed experts only (gpt-oss MXFP4): the rest is 16-bit.
    ExpertsOnly { precision: Precision },
    /// A paged-KV engine (vLLM) takes this share of each card up front and fills what
    /// the weights leave with its KV pool.
    PoolPreallocates {
        utilization: f64,
        /// The engine release whose start-up figures the estimate follows.
        version: &'static str,
    },
    /// Training states are sharded over `gpus` (ZeRO stage / FSDP), maybe offloaded to CPU.
    Sharded {
        sharding: Sharding,
        gpus: u32,
        cpu_offload: bool,
    },
    /// Optimizer states (and, sharded, weights) live in CPU memory on one GPU.
    CpuOffload,
    /// ZeRO-3 (ZeRO-Infinity) or FSDP with offload on one GPU: weights, gradients and
    /// optimizer states all live in CPU memory, and each layer is fetched as it runs.
    AllStatesOffloaded { sharding: Sharding },
    /// Paged 8-bit AdamW's states do not all fit the named card: about `gib` GiB per GPU
    /// page out to host RAM (bitsandbytes' unified memory), which slows every step.
    OptimizerPagedOut { gib: f64 },
    /// CPU offload: the states that left the GPUs take about `gib` GiB of the machine's
    /// RAM (pinned host memory), summed over the GPUs.
    HostStates { gib: f64 },
    /// ZeRO-3 with CPU offload: a device-level reading (nvidia-smi) shows about `low_gib`
    /// to `high_gib` per GPU, the allocator's cache on top of the estimate.
    CachedReading { low_gib: f64, high_gib: f64 },
    /// Gradient checkpointing keeps only layer inputs.
    GradientCheckpointing,
    /// Training sized as this framework's recipes run it (its profile's memory behaviour).
    Framework {
        framework: crate::runtime::framework::Framework,
    },
    /// Gradients replace activations during the backward: the peak is less than the sum.
    BackwardOverlap,
    /// The runtime loads this precision only partly or not at all.
    RuntimeMismatch {
        runtime: Runtime,
        precision: Precision,
    },
    /// The config's shapes give `config_b` billion parameters, the checkpoint's headers
    /// `header_b`: more than 2 % apart, so the config may not describe these weights.
    ConfigDisagrees { config_b: f64, header_b: f64 },
    /// FP8 weights on a card without FP8 tensor cores (before Ada and Hopper): stored in
    /// FP8, computed in 16 bits (vLLM's weight-only Marlin kernels), so it saves memory,
    /// not time; int8 (W8A8) is this card's fast 8-bit path.
    Fp8WeightOnly,
    /// llama.cpp / Ollama with flash attention off: each GPU's compute buffer holds a
    /// micro-batch's attention scores over the whole context (`scores_gib` of it); `-fa on`
    /// (Ollama: `OLLAMA_FLASH_ATTENTION=1`) drops them.
    FlashAttentionOff { scores_gib: f64, ollama: bool },
    /// vLLM: what it allocates after its start-up profile (`after_gib` per GPU: CUDA graphs,
    /// all-reduce registrations, the sampler's warm-up) is more than the `left_gib` its
    /// budget share leaves, so it stops at start-up whatever the job; it starts at
    /// `--gpu-memory-utilization lower`.
    StartupShortfall {
        after_gib: f64,
        left_gib: f64,
        utilization: f64,
        lower: f64,
    },
    /// vLLM profiles the vision encoder on a dummy video filling the context: `gib` per
    /// GPU of embeddings and encoder activations at start-up, which
    /// `--limit-mm-per-prompt '{"image":1,"video":0}'` brings down to one image's.
    EncoderProfile { gib: f64, tokens: u64 },
    /// A Mac: macOS lets the GPU wire `gpu_gib` of the `memory_gb` by default, and
    /// `sudo sysctl iogpu.wired_limit_mb=<wired_limit_mb>` raises it until the next restart.
    MacWiredLimit {
        gpu_gib: f64,
        memory_gb: f64,
        wired_limit_mb: u64,
    },
}

/// The memory breakdown of one job, in bytes, over all GPUs of the job.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    pub weights: f64,
    pub kv_cache: f64,
    pub activations: f64,
    pub overhead: f64,
    pub gradients: f64,
    pub optimizer: f64,
    /// Memory per GPU when the job is split over `gpus` GPUs.
    pub per_gpu: f64,
    pub gpus: u32,
    pub kv_bytes_per_token: f64,
    pub trainable_params: u64,
    /// Seed formula P x 4 bytes x (Q/32) x 1.2, in 10^9 bytes.
    pub rule_of_thumb_gb: f64,
    pub notes: Vec<Note>,
    /// How far off this estimate may be (set by [`run_on`]).
    pub error_band: Option<ErrorBand>,
    /// Bytes of the parts above that never coexist (training: gradients replace the
    /// activations during the backward), so the peak is the sum of the parts less this.
    pub overlap: f64,
    /// How many GPUs hold each token's KV cache: 1 when the cache splits over the cards,
    /// the tensor-parallel size when the runtime keeps an MLA latent whole on every rank
    /// (`kv_cache` then counts every copy).
    pub kv_copies: u32,
}

impl Estimate {
    pub fn total(&self) -> f64 {
        self.weights
            + self.kv_cache
            + self.activations
            + self.overhead
            + self.gradients
            + self.optimizer
            - self.overlap
    }

    pub fn total_gib(&self) -> f64 {
        self.total() / GIB
    }

    pub fn per_gpu_gib(&self) -> f64 {
        self.per_gpu / GIB
    }
}

/// The seed articles' rule of thumb: M = P x 4 bytes x (Q / 32) x 1.2, in GB (10^9 bytes).
pub fn rule_of_thumb_gb(params: f64, nominal_bits: f64) -> f64 {
    params * 4.0 * (nominal_bits / 32.0) * 1.2 / 1e9
}

/// Estimate the memory of `job` split over `gpus` GPUs (1 for a single card), on no card in
/// particular.
pub fn run(model: &ModelSpec, job: &Job, gpus: u32) -> Result<Estimate, JobError> {
    run_on(model, job, gpus, None)
}

/// [`run`] on `gpus` cards of kind `gpu`: some runtimes size their buffers by the card
/// (vLLM's batch defaults).
pub fn run_on(
    model: &ModelSpec,
    job: &Job,
    gpus: u32,
    gpu: Option<&GpuSpec>,
) -> Result<Estimate, JobError> {
    job.validate(model)?;
    Ok(Sizing::new(model, job).run(gpus, gpu))
}

/// The numbers alone, for a job already validated: no notes, no allocation.
pub fn breakdown(model: &ModelSpec, job: &Job, gpus: u32, gpu: Option<&GpuSpec>) -> Estimate {
    Sizing::new(model, job).on(gpus, gpu)
}

/// A validated job's memory with the parts that do not depend on the GPU count worked out
/// once. Searches that try a job on many counts (the setup ranking, "how many cards would
/// do") then pay a few operations per count instead of a whole [`breakdown`], and get the
/// same numbers: [`breakdown`] is built on it.
pub struct Sizing<'a> {
    model: &'a ModelSpec,
    job: &'a Job,
    parts: Parts,
}

/// The count-independent parts, as the job's mode defines them.
enum Parts {
    Inference(inference::Parts),
    Training(training::Parts),
}

fn training(model: &ModelSpec, job: &Job) -> Parts {
    Parts::Training(training::parts(model, job))
}

impl<'a> Sizing<'a> {
    /// Size `job` (already validated) on `model`.
    pub fn new(model: &'a ModelSpec, job: &'a Job) -> Sizing<'a> {
        let parts = match job.mode {
            Mode::Inference => Parts::Inference(inference::parts(model, job)),
            _ => training(model, job),
        };
        Sizing { model, job, parts }
    }

    /// The same job with part of it in host RAM: `job` is this sizing's job, which has
    /// nothing offloaded, with `host_offload` set. The offload is applied to these parts
    /// instead of sizing the job again (the lever search tries a dozen splits).
    pub fn offloaded(&self, job: &'a Job) -> Sizing<'a> {
        debug_assert!(self.job.host_offload.is_none());
        debug_assert!(
            *self.job
                == Job {
                    host_offload: None,
                    ..job.clone()
                }
        );
        let parts = match &self.parts {
            Parts::Inference(p) => Parts::Inference(p.offloaded(self.model, job)),
            Parts::Training(_) => training(self.model, job),
        };
        Sizing {
            model: self.model,
            job,
            parts,
        }
    }

    /// [`run_on`] for this (validated) job: the breakdown with its notes and error band.
    pub fn run(&self, gpus: u32, gpu: Option<&GpuSpec>) -> Estimate {
        let (model, job) = (self.model, self.job);
        let gpus = gpus.max(1);
        let mut est = self.on(gpus, gpu);
        // The parts' own notes (the host memory an offload takes) follow the job's.
        let own = std::mem::take(&mut est.notes);
        est.notes = match job.mode {
            Mode::Inference => inference::notes(model, job),
            _ => training::notes(job, gpus),
        };
        est.notes.extend(own);
        common_notes(model, job, &mut est);
        if job.mode.is_training() && gpu.is_some() {
            let paged_out = self.per_gpu(gpus, None) - est.per_gpu;
            if paged_out > 0.0 {
                est.notes.push(Note::OptimizerPagedOut {
                    gib: paged_out / GIB,
                });
            }
        }
        if job.mode == Mode::Inference
            && job.precision.format() == Format::Fp8
            && gpu.is_some_and(|g| g.fp8_tensor_tflops_dense.is_none())
        {
            est.notes.push(Note::Fp8WeightOnly);
        }
        if let Some(gpu) = gpu {
            est.notes.extend(startup::note(model, job, gpu, gpus));
        }
        if let Some(g) = gpu
            && let Some(wired_limit_mb) = g.wired_limit_mb()
        {
            est.notes.push(Note::MacWiredLimit {
                gpu_gib: g.gpu_gib(),
                memory_gb: g.memory_gb,
                wired_limit_mb,
            });
        }
        est.error_band = Some(error_band(job));
        est
    }

    /// The model and the job sized.
    pub fn model(&self) -> &'a ModelSpec {
        self.model
    }

    pub fn job(&self) -> &'a Job {
        self.job
    }

    /// The breakdown on `gpus` GPUs (at least 1) of kind `gpu`.
    pub fn on(&self, gpus: u32, gpu: Option<&GpuSpec>) -> Estimate {
        let (model, job) = (self.model, self.job);
        let gpus = gpus.max(1);
        let kv_per_token = kv_bytes_per_token(model, job.kv_precision);
        let mut est = match &self.parts {
            Parts::Inference(p) => p.estimate(model, job, gpus, gpu, kv_per_token),
            Parts::Training(p) => p.estimate(job, gpus, kv_per_token, gpu),
        };
        est.rule_of_thumb_gb =
            rule_of_thumb_gb(model.params_total as f64, job.precision.nominal_bits());
        est
    }

    /// Bytes one GPU needs on `gpus` GPUs of kind `gpu`: `self.on(gpus, gpu).per_gpu`
    /// without the rest of the breakdown.
    pub fn per_gpu(&self, gpus: u32, gpu: Option<&GpuSpec>) -> f64 {
        let gpus = gpus.max(1);
        match &self.parts {
            Parts::Inference(p) => p.per_gpu(self.model, self.job, gpus, gpu),
            Parts::Training(p) => p.per_gpu(self.job, gpus, gpu),
        }
    }

    /// Bytes one GPU of `gpus` needs at least, on any card: an inference job's weights
    /// split evenly (its KV cache, activations and overhead only add), nothing for
    /// training. A search over counts skips those this rules out without sizing them.
    pub fn per_gpu_floor(&self, gpus: u32) -> f64 {
        match &self.parts {
            Parts::Inference(p) => p.weights() / f64::from(gpus.max(1)),
            Parts::Training(_) => 0.0,
        }
    }
}

impl Sizing<'_> {
    /// Bytes one GPU must hold on `gpus` GPUs, on any card: [`Sizing::per_gpu`] less what
    /// may page out to host RAM when the card is full (bitsandbytes' paged optimizer
    /// states). The same on every card, so one table serves every GPU kind, and a card
    /// holds the job exactly when its usable memory covers it.
    pub fn must_hold(&self, gpus: u32) -> f64 {
        let gpus = gpus.max(1);
        match &self.parts {
            Parts::Inference(p) => p.per_gpu(self.model, self.job, gpus, None),
            Parts::Training(p) => p.must_hold(self.job, gpus),
        }
    }
}

fn common_notes(model: &ModelSpec, job: &Job, est: &mut Estimate) {
    // A model sized from its name says so in its own line, before any figure.
    if model.synthetic && model.origin != Some(crate::catalog::Origin::Name) {
        est.notes.insert(
            0,
            Note::SyntheticArchitecture {
                params_b: model.params_b(),
                reference: model.shape_of.clone().unwrap_or_default(),
            },
        );
    }
    if let Some(config) = model.config_params {
        est.notes.push(Note::ConfigDisagrees {
            config_b: config as f64 / 1e9,
            header_b: model.params_b(),
        });
    }
    if model.moe.is_some() {
        est.notes.push(Note::MoeAllExperts {
            active_b: model.params_active as f64 / 1e9,
        });
    }
    if let Some(max) = model.max_position_embeddings
        && job.context() > max
    {
        est.notes.push(Note::ContextBeyondModel { max });
    }
    if est.overlap > 0.0 {
        est.notes.push(Note::BackwardOverlap);
    }
    let precision = job.precision;
    match precision.scope(model.moe.is_some()) {
        Scope::Everything => {}
        // A checkpoint that quantizes the routed experts alone says so (see `weight_bytes`).
        Scope::Linear
            if crate::catalog::checkpoints::experts_only(&model.id, precision).is_some() =>
        {
            est.notes.push(Note::ExpertsOnly { precision })
        }
        Scope::Linear => est.notes.push(Note::EmbeddingsStay16Bit { precision }),
        Scope::Experts => est.notes.push(Note::ExpertsOnly { precision }),
    }
}

/// The bytes of a listed checkpoint of `model` that quantizes the routed experts alone in
/// `precision` (a 16-bit scale per group; everything else BF16). Out of line: only a
/// mixture of experts in a linear-layer format asks, and the sizing of every other job
/// stays as short as it was.
#[cold]
#[inline(never)]
fn experts_only_bytes(model: &ModelSpec, precision: Precision) -> Option<f64> {
    let e = crate::catalog::checkpoints::experts_only(&model.id, precision)?;
    let params = model.params_total as f64;
    let experts = (model.expert_params() as f64).min(params);
    Some(experts * e.bits_per_weight() / 8.0 + (params - experts) * 2.0)
}

/// Bytes of weights stored at `precision` (all experts; tied embeddings once).
///
/// The tensors the format covers (see [`Precision::scope`]) take its bits per weight;
/// everything else stays 16-bit, as the quantizers and the published checkpoints leave it.
pub fn weight_bytes(model: &ModelSpec, precision: Precision) -> f64 {
    // A Hub look-up read the checkpoint's own headers: its bytes are exact for its format.
    if let Some(file) = model.weight_file.as_ref().filter(|f| f.serves(precision)) {
        return file.bytes as f64;
    }
    // A listed GGUF file of this catalog model: its bytes are what llama.cpp loads (a
    // Q4_K_M file mixes Q4_K, Q6_K and 16-bit tensors; no nominal width gives that).
    if let Some(bytes) = crate::catalog::checkpoints::gguf_bytes(&model.id, precision) {
        return bytes as f64;
    }
    let params = model.params_total as f64;
    let bits = precision.bits_per_weight();
    let moe = model.moe.is_some();
    let covered = match precision.scope(moe) {
        Scope::Everything => params,
        // A quantization-aware checkpoint that quantizes the routed experts alone (Kimi K2
        // Thinking, K2.5: INT4 with a 16-bit scale per 32, the rest BF16), as listed. Only
        // a mixture of experts in a linear-layer format asks the data.
        Scope::Linear if moe && let Some(bytes) = experts_only_bytes(model, precision) => {
            return bytes;
        }
        Scope::Linear => params - model.embedding_and_head_params() as f64,
        Scope::Experts => (model.expert_params() as f64).min(params),
    };
    covered * bits / 8.0 + (params - covered) * 2.0
}

/// Bytes of weights read per decoded token (MoE: only the routed experts).
pub fn active_weight_bytes(model: &ModelSpec, precision: Precision) -> f64 {
    let total = weight_bytes(model, precision);
    if model.moe.is_some() && model.params_total > 0 {
        total * model.params_active as f64 / model.params_total as f64
    } else {
        total
    }
}

/// KV-cache bytes one token adds, over all layers (MLA: latent + rope dims, no factor 2;
/// DeepSeek V3.2 adds its indexer's key).
pub fn kv_bytes_per_token(model: &ModelSpec, kv: KvPrecision) -> f64 {
    if let Some(h) = &model.kv_layout {
        return (h.global_values + h.local_values) as f64 * kv.bytes();
    }
    let layers = f64::from(model.attention_layers());
    if let Some(bytes) = sparse_mla_layer_bytes(model, kv) {
        return layers * bytes;
    }
    match kv_per_layer(model) {
        (global, local) if global == local => layers * global * kv.bytes(),
        (global, local) => {
            // Whole layers of each kind, so a by-hand count matches to the byte.
            let local_layers = (layers * model.local_layer_fraction()).round();
            ((layers - local_layers) * global + local_layers * local) * kv.bytes()
        }
    }
}

/// Values that share one fp32 scale in the sparse-attention path's fp8 caches.
const SPARSE_FP8_BLOCK: u32 = 128;

/// Bytes one token keeps in one layer on DeepSeek's sparse-attention path (V3.2, GLM-5),
/// as vLLM and SGLang store it (data/SOURCES.md, "DeepSeek Sparse Attention"): the
/// indexer's key is always fp8 with one fp32 scale per 128 values (128 + 4 bytes), whatever
/// the KV precision; an fp8 KV cache is the custom `fp8_ds_mla` record (512 fp8 latents,
/// four fp32 scales, the 64 RoPE dims left in 16 bits: 656 bytes), not latent + RoPE at one
/// byte each. None for every other model.
fn sparse_mla_layer_bytes(model: &ModelSpec, kv: KvPrecision) -> Option<f64> {
    let (rank, rope, index) = (
        model.kv_lora_rank?,
        model.qk_rope_head_dim?,
        model.index_head_dim?,
    );
    let scales = |values: u32| f64::from(values.div_ceil(SPARSE_FP8_BLOCK) * 4);
    let indexer = f64::from(index) + scales(index);
    let latent = match kv {
        KvPrecision::Fp8 => f64::from(rank) + scales(rank) + f64::from(rope) * 2.0,
        _ => f64::from(rank + rope) * kv.bytes(),
    };
    Some(latent + indexer)
}

/// Bytes one token keeps in one global layer and in one sliding-window layer at `kv`.
pub(crate) fn kv_layer_bytes(model: &ModelSpec, kv: KvPrecision) -> (f64, f64) {
    if let Some(bytes) = sparse_mla_layer_bytes(model, kv) {
        return (bytes, bytes);
    }
    let (global, local) = kv_per_layer(model);
    (global * kv.bytes(), local * kv.bytes())
}

/// Values one token keeps in one global layer and in one sliding-window layer: they differ
/// where the sliding layers have their own KV head count (MiMo-V2-Flash).
fn kv_per_layer(model: &ModelSpec) -> (f64, f64) {
    match (model.kv_lora_rank, model.qk_rope_head_dim) {
        (Some(rank), Some(rope)) => {
            let values = f64::from(rank + rope + model.index_head_dim.unwrap_or(0));
            (values, values)
        }
        _ => {
            let key = model.head_dim();
            let width = f64::from(key) + f64::from(model.value_head_dim.unwrap_or(key));
            // Gemma 4's full-attention layers: keys and values of their own size.
            let global_width = model.global_head_dim.map_or(width, |d| 2.0 * f64::from(d));
            let heads = model.num_key_value_heads;
            let local = model.local_num_key_value_heads.unwrap_or(heads);
            (f64::from(heads) * global_width, f64::from(local) * width)
        }
    }
}

/// KV-cache bytes for `tokens` tokens of one sequence, honouring sliding windows, plus the
/// fixed recurrent state of a hybrid model's linear-attention or Mamba layers.
pub fn kv_bytes(model: &ModelSpec, kv: KvPrecision, tokens: u64) -> f64 {
    let windowed = model
        .sliding_window
        .map_or(tokens, |w| tokens.min(u64::from(w)));
    kv_bytes_windowed(model, kv, tokens, windowed)
}

/// [`kv_bytes`] with the sliding-window layers holding `windowed` tokens: a runtime's own
/// size for their cache (llama.cpp's SWA cache holds the window and one micro-batch).
pub fn kv_bytes_windowed(model: &ModelSpec, kv: KvPrecision, tokens: u64, windowed: u64) -> f64 {
    let local = model.local_layer_fraction();
    let tokens = tokens as f64;
    let windowed = windowed as f64;
    let cache = match (&model.kv_layout, kv_per_layer(model)) {
        // The checkpoint's own k/v widths, layer by layer.
        (Some(h), _) => {
            (h.global_values as f64 * tokens + h.local_values as f64 * windowed) * kv.bytes()
        }
        (None, (global, local_values)) if global == local_values => {
            kv_bytes_per_token(model, kv) * ((1.0 - local) * tokens + local * windowed)
        }
        (None, (global, local_values)) => {
            let layers = f64::from(model.attention_layers()) * kv.bytes();
            layers * ((1.0 - local) * global * tokens + local * local_values * windowed)
        }
    };
    cache + state_bytes(model)
}

/// Bytes of recurrent state one sequence of a hybrid model holds, whatever its length.
/// A quantized KV cache does not shrink it: the recurrent matrix is kept in the dtype the
/// config names (`mamba_ssm_cache_dtype`, float32 for Nemotron-H, as transformers keeps
/// it: 47 MiB for Nemotron 3 Nano, measured) or else the model's 16 bits, the convolution
/// inputs in 16 bits.
pub fn state_bytes(model: &ModelSpec) -> f64 {
    model.state_bytes_per_sequence()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    /// The shortcuts the searches take (a sizing's per-GPU need, a derived offload split,
    /// the verdict without speeds) give what the full estimate and fit give.
    #[test]
    fn sizing_shortcuts_match_the_full_estimate() {
        let c = Catalog::get();
        let gpus = ["rtx 4090", "h100 sxm"].map(|g| c.resolve_gpu(g).expect("known").gpu);
        for id in [
            "llama-3.1-8b",
            "llama-3.3-70b",
            "mixtral-8x7b",
            "qwen3-235b-a22b",
        ] {
            let model = c.model(id).expect("in catalog");
            for &runtime in Runtime::ALL {
                for mode in [Mode::Inference, Mode::Lora, Mode::FullFinetune] {
                    let mut job = Job::new(mode, Precision::Bf16);
                    job.runtime = runtime;
                    let sizing = Sizing::new(model, &job);
                    for gpu in gpus {
                        for n in [1, 2, 3, 8] {
                            let full = breakdown(model, &job, n, Some(gpu));
                            assert_eq!(sizing.on(n, Some(gpu)), full);
                            assert_eq!(sizing.per_gpu(n, Some(gpu)), full.per_gpu);
                            let fit = Fit::check(model, &job, gpu, n).expect("valid");
                            assert_eq!(Fit::holds(model, &job, gpu, n), fit.fits);
                        }
                        for o in [HostOffload::GpuLayers(10), HostOffload::CpuMoe(4)] {
                            let mut offloaded = job.clone();
                            offloaded.host_offload = Some(o);
                            assert_eq!(
                                sizing.offloaded(&offloaded).on(2, Some(gpu)),
                                breakdown(model, &offloaded, 2, Some(gpu)),
                                "{id} {runtime} {mode} {o:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The hybrid-state note says what each runtime holds: Qwen3-Next 80B's Gated DeltaNet
    /// state is 38 MiB in the config's bfloat16 (vLLM, transformers), 74 MiB with SGLang's
    /// float32 matrix, 76 MiB in llama.cpp's float32 (see `paged::held_state_bytes`).
    #[test]
    fn the_hybrid_state_note_follows_the_runtime() {
        let model = Catalog::get()
            .model("qwen3-next-80b-a3b")
            .expect("in catalog");
        let mib = |runtime: Runtime| {
            let mut job = Job::new(Mode::Inference, Precision::Bf16);
            job.runtime = runtime;
            let estimate = run(model, &job, 1).expect("valid");
            estimate.notes.iter().find_map(|n| match n {
                Note::HybridState { state_bytes, .. } => Some(state_bytes.div_ceil(1 << 20)),
                _ => None,
            })
        };
        assert_eq!(mib(Runtime::Vllm), Some(38));
        assert_eq!(mib(Runtime::Transformers), Some(38));
        assert_eq!(mib(Runtime::Sglang), Some(74));
        assert_eq!(mib(Runtime::LlamaCpp), Some(76));
    }
}
