//! Inference memory, as each runtime's [`Profile`] describes it.

use super::layout;
use super::paged::{held_state_bytes, sequence_kv_bytes};
use super::precision::{Precision, Scope};
use super::{Estimate, Interconnect, Job, Note, kv_bytes_per_token, offload, weight_bytes};
use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::runtime::{Activation, Budget, Profile, Runtime, Split};

/// Runtimes that keep the whole multi-head latent attention (MLA) cache on every
/// tensor-parallel rank: the latent has no heads to split, so vLLM replicates it across
/// the TP group (DeepSeek V2/V3/R1, Kimi K2 need the full latent on each GPU; only
/// pipeline stages divide it). SGLang does the same without data-parallel attention.
/// Source: vllm-project/vllm#51454 ("DP8 vs TP8 for single-KV-head MLA: 7.7x KV" on
/// 8 x B200: under TP8 every rank holds the one latent head's cache, so data-parallel
/// attention holds about eight times the tokens).
const MLA_WHOLE_PER_TENSOR_RANK: &[Runtime] = &[Runtime::Vllm];

/// What an inference job holds whatever the GPU count: the weights and KV cache over all
/// GPUs (less what is offloaded to host RAM), and what an offload adds to each GPU's buffer.
#[derive(Clone, Copy)]
pub(super) struct Parts {
    profile: &'static Profile,
    /// The precision the weights occupy once loaded.
    loaded: Precision,
    weights: f64,
    kv_cache: f64,
    /// The KV cache on cards where the runtime batches more tokens per step (vLLM's
    /// defaults on cards of 70 GiB or more): a sliding-window layer reserves its window
    /// plus one step. Equal to `kv_cache` elsewhere.
    kv_cache_large: f64,
    /// Offloaded jobs: bytes each GPU's compute buffer grows by (see [`offload::HostSplit`]).
    staging: Option<f64>,
    /// The activation peak, for runtimes whose peak depends on neither the count nor the
    /// card (all but vLLM's profile run): worked out once instead of for every count.
    activation: Option<f64>,
}

/// Size what `job` holds whatever the GPU count.
pub(super) fn parts(model: &ModelSpec, job: &Job) -> Parts {
    let profile = job.runtime.profile();
    let batch = f64::from(job.batch);
    let loaded = profile.loaded(job.precision);
    let (small, large) = scheduler_steps(profile, job);
    let kv = |step| {
        sequence_kv_bytes(
            model,
            job.kv_precision,
            job.context(),
            profile.window_kv,
            step,
        ) * batch
    };
    let kv_cache = kv(small);
    let kv_cache_large = if large == small { kv_cache } else { kv(large) };
    // These two peaks read neither the count nor the card: any will do.
    let activation = match profile.activation {
        Activation::ProfileRun { .. } => None,
        Activation::Prefill { .. } | Activation::ComputeBuffer { .. } | Activation::Outside => {
            Some(activation_peak(profile, model, job, 1, None))
        }
    };
    let whole = Parts {
        profile,
        loaded,
        weights: gpu_weight_bytes(profile, model, loaded),
        kv_cache,
        kv_cache_large,
        staging: None,
        activation,
    };
    whole.offloaded(model, job)
}

impl Parts {
    /// These parts, of a job with nothing offloaded, with `job`'s offload applied:
    /// offloaded layers keep their weights and KV cache in host RAM.
    pub(super) fn offloaded(self, model: &ModelSpec, job: &Job) -> Parts {
        let Some((offload, _)) = offload::offload_of(job) else {
            return self;
        };
        let split = offload::split(model, self.loaded, offload, self.weights);
        Parts {
            weights: self.weights - split.host_weights,
            kv_cache: self.kv_cache * split.gpu_kv_share,
            kv_cache_large: self.kv_cache_large * split.gpu_kv_share,
            staging: Some(split.staging),
            ..self
        }
    }

    /// (activation peak, overhead) of one GPU of `gpus`, the parts that depend on the count.
    fn per_card(
        &self,
        model: &ModelSpec,
        job: &Job,
        gpus: u32,
        gpu: Option<&GpuSpec>,
    ) -> (f64, f64) {
        let profile = self.profile;
        let mut act_per_gpu = self
            .activation
            .unwrap_or_else(|| activation_peak(profile, model, job, gpus, gpu));
        if let Some(staging) = self.staging {
            act_per_gpu += staging;
        }
        act_per_gpu += pipeline_mask_copies(profile, job, gpus, self.staging.is_some());
        let (fast, pcie) = profile.multi_gpu_overhead_gib;
        // Buffers per peer of the tensor-parallel group (pipeline stages do not add any).
        let group = gpu
            .and_then(|g| layout(model, job, g, gpus))
            .map_or(gpus, |l| l.tensor);
        let multi = match gpu.map(|g| Interconnect::of(g, gpus)) {
            _ if gpus <= 1 => 0.0,
            Some(Interconnect::Pcie | Interconnect::NvlinkBridge) => pcie.gib(group),
            // Unknown cards get the larger figure: an estimate on no card in particular
            // should not promise what a fast-link server does not deliver.
            _ => fast.gib(group.max(2)),
        };
        let overhead = profile
            .release(job.engine_version)
            .map_or(profile.overhead_gib, |r| r.overhead_gib);
        (act_per_gpu, (overhead + multi) * GIB)
    }

    /// The weights' bytes over all GPUs (after any offload).
    pub(super) fn weights(&self) -> f64 {
        self.weights
    }

    /// Bytes one GPU of `gpus` needs: [`Parts::estimate`]'s `per_gpu` alone.
    pub(super) fn per_gpu(
        &self,
        model: &ModelSpec,
        job: &Job,
        gpus: u32,
        gpu: Option<&GpuSpec>,
    ) -> f64 {
        let (act_per_gpu, overhead_per_gpu) = self.per_card(model, job, gpus, gpu);
        let kv_ways = self.kv_ways(model, job, gpus, gpu);
        self.sum(
            gpus,
            kv_ways,
            self.kv_on(gpu),
            act_per_gpu,
            overhead_per_gpu,
        )
    }

    /// How many ways the KV cache splits over `gpus`: all of them, except an MLA latent on
    /// a runtime that keeps it whole on every tensor-parallel rank, which only pipeline
    /// stages divide.
    fn kv_ways(&self, model: &ModelSpec, job: &Job, gpus: u32, gpu: Option<&GpuSpec>) -> u32 {
        if model.kv_lora_rank.is_none()
            || !MLA_WHOLE_PER_TENSOR_RANK.contains(&self.profile.runtime)
        {
            return gpus;
        }
        gpu.and_then(|g| layout(model, job, g, gpus))
            .map_or(1, |l| l.pipeline.max(1))
    }

    /// The KV cache of the whole job on cards of kind `gpu`.
    fn kv_on(&self, gpu: Option<&GpuSpec>) -> f64 {
        if gpu.is_some_and(is_large_card) {
            self.kv_cache_large
        } else {
            self.kv_cache
        }
    }

    /// One GPU's share of the weights and KV cache plus its own activations and overhead.
    fn sum(
        &self,
        gpus: u32,
        kv_ways: u32,
        kv_cache: f64,
        act_per_gpu: f64,
        overhead_per_gpu: f64,
    ) -> f64 {
        self.weights / f64::from(gpus)
            + kv_cache / f64::from(kv_ways.max(1))
            + act_per_gpu
            + overhead_per_gpu
    }

    pub(super) fn estimate(
        &self,
        model: &ModelSpec,
        job: &Job,
        gpus: u32,
        gpu: Option<&GpuSpec>,
        kv_bytes_per_token: f64,
    ) -> Estimate {
        let n = f64::from(gpus);
        let (act_per_gpu, overhead_per_gpu) = self.per_card(model, job, gpus, gpu);
        let kv_ways = self.kv_ways(model, job, gpus, gpu);
        let kv_copies = (gpus / kv_ways.max(1)).max(1);
        let kv_cache = self.kv_on(gpu);
        Estimate {
            weights: self.weights,
            kv_cache: kv_cache * f64::from(kv_copies),
            activations: act_per_gpu * n,
            overhead: overhead_per_gpu * n,
            gradients: 0.0,
            optimizer: 0.0,
            per_gpu: self.sum(gpus, kv_ways, kv_cache, act_per_gpu, overhead_per_gpu),
            gpus,
            kv_bytes_per_token,
            kv_copies,
            trainable_params: 0,
            rule_of_thumb_gb: 0.0,
            notes: Vec::new(),
            error_band: None,
            overlap: 0.0,
        }
    }
}

/// Tokens the runtime batches per scheduler step on other cards and on large ones (the
/// job's own `max_num_batched_tokens` on both when set); 0 for runtimes with no profile run,
/// whose windowed layers do not reserve a step.
pub fn scheduler_steps(profile: &Profile, job: &Job) -> (u64, u64) {
    let (small, large) = match profile.activation {
        Activation::ProfileRun { large, small, .. } => (small.0 as u64, large.0 as u64),
        _ => (0, 0),
    };
    job.batched_tokens.map_or((small, large), |t| (t, t))
}

/// Weight bytes the GPUs hold with nothing offloaded: the checkpoint at its loaded format,
/// less what the runtime keeps on the host anyway, plus kernel padding.
pub(super) fn gpu_weight_bytes(profile: &Profile, model: &ModelSpec, loaded: Precision) -> f64 {
    weight_bytes(model, loaded) - host_resident(profile, model, loaded)
        + kernel_padding(profile, model, loaded)
}

/// What the answer should say about this inference job.
pub(super) fn notes(model: &ModelSpec, job: &Job) -> Vec<Note> {
    let profile = job.runtime.profile();
    let mut notes = Vec::new();
    if model.kv_lora_rank.is_some() {
        notes.push(Note::MlaCache {
            bytes_per_token: kv_bytes_per_token(model, job.kv_precision).round() as u64,
        });
    }
    if let Some(window) = model.sliding_window
        && job.context() > u64::from(window)
    {
        notes.push(Note::SlidingWindow { window });
    }
    if let Some(state) = &model.state_layers {
        notes.push(Note::HybridState {
            attention_layers: state.attention_layers,
            layers: model.num_hidden_layers,
            state_bytes: held_state_bytes(model, profile.window_kv).round() as u64,
        });
    }
    if let Some(vision) = model.vision_params {
        notes.push(Note::VisionTower {
            params_b: vision as f64 / 1e9,
            tokens_per_image: model.tokens_per_image,
        });
    }
    if let Budget::Share(share) = profile.budget {
        let release = profile.release(job.engine_version);
        notes.push(Note::PoolPreallocates {
            utilization: job.memory_share.unwrap_or(share),
            version: release.map_or(profile.version, |r| r.name),
        });
    }
    if matches!(profile.activation, Activation::ProfileRun { .. })
        && super::encoder::profiles_a_video(model, job)
    {
        let (embeddings, tower) = super::encoder::profile_bytes(model, job);
        notes.push(Note::EncoderProfile {
            gib: (embeddings + tower) / crate::catalog::GIB,
            tokens: super::encoder::profile_tokens(model, job) as u64,
        });
    }
    if let Activation::ComputeBuffer { ubatch } = profile.activation
        && !job.flash_attention
    {
        notes.push(Note::FlashAttentionOff {
            scores_gib: attention_scores_bytes(model, job, ubatch) / crate::catalog::GIB,
            ollama: job.runtime == Runtime::Ollama,
        });
    }
    if !profile.loads(job.precision) {
        notes.push(Note::RuntimeMismatch {
            runtime: job.runtime,
            precision: job.precision,
        });
    }
    notes
}

/// Weights a runtime keeps in host memory: llama.cpp looks the input embeddings up on the
/// CPU, so an untied `token_embd` never reaches a GPU (a tied one is duplicated onto the
/// GPU as the output layer, so it still counts).
fn host_resident(profile: &Profile, model: &ModelSpec, loaded: Precision) -> f64 {
    let embeds_on_host = matches!(profile.activation, Activation::ComputeBuffer { .. });
    if embeds_on_host && !model.tie_word_embeddings {
        // The repo's own table when its headers were read in this format.
        let exact = model.weight_file.as_ref().filter(|f| f.serves(loaded));
        if let Some(bytes) = exact.and_then(|f| f.embedding_bytes) {
            return bytes as f64;
        }
        model.embedding_params() as f64 * loaded.bits_per_weight() / 8.0
    } else {
        0.0
    }
}

/// Bytes a runtime adds by padding expert weights to its kernels' alignment.
fn kernel_padding(profile: &Profile, model: &ModelSpec, loaded: Precision) -> f64 {
    let (Some(align), Some(moe)) = (profile.mxfp4_expert_align, &model.moe) else {
        return 0.0;
    };
    if loaded.scope(true) != Scope::Experts {
        return 0.0;
    }
    let size = f64::from(moe.expert_intermediate_size);
    let padded = (size / f64::from(align)).ceil() * f64::from(align);
    model.expert_params() as f64 * (padded / size - 1.0) * loaded.bits_per_weight() / 8.0
}

/// The activation peak one GPU of `gpus` holds.
fn activation_peak(
    profile: &Profile,
    model: &ModelSpec,
    job: &Job,
    gpus: u32,
    gpu: Option<&GpuSpec>,
) -> f64 {
    let intermediate = model.active_intermediate() as f64;
    let hidden = f64::from(model.hidden_size);
    let vocab = f64::from(model.vocab_size);
    let tp = match profile.split {
        Split::Tensor => f64::from(gpus),
        Split::Layers => 1.0,
    };
    match profile.activation {
        Activation::Outside => 0.0,
        Activation::Prefill { factor } => {
            let tokens = job.prompt as f64 * f64::from(job.batch);
            let mut peak = factor * tokens * intermediate * 2.0;
            if !job.flash_attention {
                let prompt = job.prompt as f64;
                // Eager attention holds the 16-bit scores, their fp32 softmax and its
                // result: about 10 bytes per head and token pair (our H100 runs).
                peak += f64::from(model.num_attention_heads)
                    * prompt
                    * prompt
                    * 10.0
                    * f64::from(job.batch);
            }
            // AutoAWQ keeps a separate copy of a tied embedding for lm_head while it runs.
            if job.precision == Precision::AwqInt4 && model.tie_word_embeddings {
                peak = peak.max(model.embedding_params() as f64 * 2.0);
            }
            peak
        }
        Activation::ProfileRun {
            large,
            small,
            mlp_factor,
            hidden_factor,
            sampler_bytes,
        } => {
            let (tokens, seqs) = if gpu.is_some_and(is_large_card) {
                large
            } else {
                small
            };
            let tokens = job.batched_tokens.map_or(tokens, |t| t as f64);
            let sampler_bytes = profile
                .release(job.engine_version)
                .map_or(sampler_bytes, |r| r.sampler_bytes);
            let forward = tokens * (mlp_factor * intermediate / tp + hidden_factor * hidden) * 2.0;
            let sampler = seqs * vocab * sampler_bytes;
            let language = forward.max(sampler) + tokens * hidden * 2.0;
            // A vision model's encoder runs first on its largest dummy item and its
            // embeddings stay cached through the language model's dummy forward.
            let (embeddings, tower) = super::encoder::profile_bytes(model, job);
            embeddings + language.max(tower)
        }
        Activation::ComputeBuffer { ubatch } => {
            let ubatch = ubatch.min((job.prompt as f64 * f64::from(job.batch)).max(1.0));
            let width = vocab + 2.0 * (hidden + intermediate);
            let mut buffer = ubatch * width * 4.0;
            if !job.flash_attention {
                buffer += attention_scores_bytes(model, job, ubatch);
            }
            buffer
        }
    }
}

/// Without flash attention llama.cpp builds the whole `KQ` matrix of a micro-batch: fp32
/// scores for every head, query of the micro-batch and cell of the context
/// (`build_attn_mha` in `src/llama-graph.cpp`: `ggml_mul_mat(k, q)` then `ggml_soft_max_ext`
/// in place), in each GPU's compute buffer. Flash attention (`-fa on`) streams it.
fn attention_scores_bytes(model: &ModelSpec, job: &Job, ubatch: f64) -> f64 {
    let ubatch = ubatch.min((job.prompt as f64 * f64::from(job.batch)).max(1.0));
    f64::from(model.num_attention_heads) * ubatch * job.context() as f64 * 4.0
}

/// Copies of each graph split's inputs llama.cpp's scheduler keeps when it pipelines
/// micro-batches over GPUs (`GGML_SCHED_MAX_COPIES`, logged "pipeline parallelism enabled
/// (n_copies=4)").
const PIPELINE_COPIES: f64 = 4.0;

/// llama.cpp with every layer on two or more GPUs (layer split) pipelines micro-batches:
/// `llama_context` turns `pipeline_parallel` on and the scheduler keeps
/// [`PIPELINE_COPIES`] copies of every split's inputs on each GPU, among them the f32
/// attention mask of a micro-batch over the whole context (`self_kq_mask`, context x 512
/// x 4 bytes; cast to f16 inside the graph when flash attention is on). Nothing for other
/// runtimes, one GPU, or a model partly in host RAM.
fn pipeline_mask_copies(profile: &Profile, job: &Job, gpus: u32, offloaded: bool) -> f64 {
    let Activation::ComputeBuffer { ubatch } = profile.activation else {
        return 0.0;
    };
    if gpus <= 1 || offloaded {
        return 0.0;
    }
    let ubatch = ubatch.min((job.prompt as f64 * f64::from(job.batch)).max(1.0));
    PIPELINE_COPIES * job.context() as f64 * ubatch * 4.0
}

/// Whether vLLM takes `gpu` for a large card ([`GpuSpec::is_large`]; the setup search
/// reads it from the catalog's [`crate::catalog::GpuFacts`]).
pub fn is_large_card(gpu: &GpuSpec) -> bool {
    gpu.is_large()
}
