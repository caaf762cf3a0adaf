//! Training memory: full fine-tune, LoRA and QLoRA, sharded over GPUs when there are several.

use super::precision::Precision;
use super::{Estimate, Job, LoraTargets, Mode, Note, Optimizer, Sharding, weight_bytes};
use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::runtime::framework::Framework;

/// cuBLAS workspaces and allocator slack per GPU during training (NCCL's buffers live
/// outside the allocator and come off the usable memory instead: `TRAINING_COLLECTIVES_GIB`).
const TRAINING_OVERHEAD: f64 = 0.5 * GIB;
/// What PyTorch's allocator reserves over what it allocates at the peak of a ZeRO-3 run
/// with CPU offload, which a device-level reading (nvidia-smi) shows: 1.58 (Llama 3.3 70B's
/// width), 1.72 (Llama 3.1 8B's) and 2.31 (the same with `overlap_comm`), measured on one
/// H200 (tests/calibration/h200-zero3-ours.csv). Gathers of varying size leave freed blocks
/// cached; the allocator hands them back before it runs out, so a verdict does not count them.
const OFFLOAD_CACHE_RATIO: (f64, f64) = (1.6, 2.3);
/// Bytes per logit at the loss's peak, in the backward: the fp32 log-probabilities
/// cross-entropy saved (transformers' loss upcasts the logits), the fp32 gradient coming in
/// and the fp32 gradient going out to the logits.
const LOGIT_BYTES: f64 = 12.0;
/// The same with a chunked loss: the 16-bit logits, plus an fp32 chunk at a time.
const CHUNKED_LOGIT_BYTES: f64 = 3.5;
/// lm_head fused with the loss, a chunk of tokens at a time (Unsloth, Liger's fused linear
/// cross-entropy, cut-cross-entropy): only a chunk of logits is ever alive. Set from
/// Unsloth's published context table (Llama 3.1 8B QLoRA, 8 to 80 GB: about 212 kB more
/// per token of context, of which the recomputed layer and the offloaded checkpoints
/// explain all but about 28 kB, a quarter of a byte per vocabulary entry).
const FUSED_LOGIT_BYTES: f64 = 0.25;

/// What a training job holds whatever the GPU count: its states before sharding, its
/// activations, and the buffers ZeRO-3/FSDP gathers weights and gradients into.
pub(super) struct Parts {
    weights: f64,
    gradients: f64,
    optimizer: f64,
    trainable: f64,
    act_per_gpu: f64,
    /// Of `act_per_gpu`, what stays through the whole backward: the checkpointed layer
    /// inputs (every layer's activations without checkpointing).
    held_per_gpu: f64,
    gather: Gather,
    /// Of `optimizer`, the bytes in unified memory that page out to host RAM when the
    /// card runs short (bitsandbytes' paged optimizers).
    pageable: f64,
}

pub(super) fn parts(model: &ModelSpec, job: &Job) -> Parts {
    let (weights, gradients, optimizer, trainable) = match job.mode {
        Mode::FullFinetune => full_states(model.params_total as f64, job),
        Mode::Lora | Mode::Qlora => adapter_states(model, job),
        Mode::Inference => (0.0, 0.0, 0.0, 0.0),
    };
    let pageable = if job.optimizer == Optimizer::PagedAdamw8bit {
        trainable * moment_bytes(job.optimizer, 4.0)
    } else {
        0.0
    };
    Parts {
        weights,
        gradients,
        optimizer,
        trainable,
        act_per_gpu: activations(model, job),
        held_per_gpu: held_activations(model, job),
        gather: Gather::of(model, job),
        pageable,
    }
}

impl Parts {
    /// The states one GPU of `gpus` holds, and its working buffers.
    fn per_card(&self, job: &Job, gpus: u32) -> (OnGpu, Buffers) {
        let n = f64::from(gpus);
        let sharding = job.sharding_on(gpus);
        let mut on_gpu = placed(
            sharding,
            job.cpu_offload,
            n,
            self.weights,
            self.gradients,
            self.optimizer,
        );
        // Paged states are sharded with the optimizer's, and offloaded with them.
        on_gpu.pageable = match sharding {
            _ if job.cpu_offload => 0.0,
            Sharding::Ddp => self.pageable,
            _ => self.pageable / n,
        };
        if sharding == Sharding::Fsdp && self.gather.mixed && !job.cpu_offload {
            // FSDP's sharded parameters are the fp32 master copy, and each sharded
            // gradient is cast to its parameter's dtype after the reduce-scatter: 4 + 4 +
            // 8 bytes per parameter where DeepSpeed holds 2 + 2 + 12.
            let t = self.trainable / n;
            on_gpu.weights += 2.0 * t;
            on_gpu.gradients += 2.0 * t;
            on_gpu.optimizer -= 4.0 * t;
        }
        if sharding == Sharding::Zero2 && job.cpu_offload {
            // ZeRO-Offload: gradients leave for the host bucket by bucket as the backward
            // reduces them; only the reduce bucket stays (in the buffers below).
            on_gpu.gradients = 0.0;
        }
        // On one GPU the sharding is plain data parallel (no buffers) unless the states
        // are offloaded (`Job::sharding_on`): a single rank then gathers its offloaded
        // layers and streams its gradients out like any other.
        let buffers = match sharding {
            Sharding::Zero3 => self.gather.deepspeed(job, n),
            Sharding::Fsdp => self.gather.fsdp(job),
            Sharding::Zero1 | Sharding::Zero2 => self.gather.partition_step(job, n),
            Sharding::Ddp => Buffers::default(),
        };
        (on_gpu, buffers)
    }

    /// Bytes one GPU of `gpus` needs: [`Parts::estimate`]'s `per_gpu` alone.
    pub(super) fn per_gpu(&self, job: &Job, gpus: u32, gpu: Option<&GpuSpec>) -> f64 {
        let (on_gpu, buffers) = self.per_card(job, gpus);
        let resident = self.sum(&on_gpu, &buffers);
        self.on_card(job, gpus, gpu, &on_gpu, resident)
    }

    /// Bytes one GPU of `gpus` must hold whatever the card: the resident peak less the
    /// optimizer states that may page out.
    pub(super) fn must_hold(&self, job: &Job, gpus: u32) -> f64 {
        let (on_gpu, buffers) = self.per_card(job, gpus);
        self.sum(&on_gpu, &buffers) - on_gpu.pageable
    }

    /// The peak on `gpu` of a job whose resident peak is `resident`: bitsandbytes keeps
    /// paged optimizer states in CUDA unified memory, on the GPU until the card is full,
    /// then paged out a page at a time, so on a card they fill what the rest leaves (on no
    /// card in particular, they all stay). Written as a clamp so a card filled exactly
    /// reads as its usable memory, to the bit.
    fn on_card(
        &self,
        job: &Job,
        gpus: u32,
        gpu: Option<&GpuSpec>,
        on_gpu: &OnGpu,
        resident: f64,
    ) -> f64 {
        match gpu {
            Some(gpu) if on_gpu.pageable > 0.0 => {
                let usable = super::usable_gib(gpu, job, gpus) * GIB;
                resident.min(usable.max(resident - on_gpu.pageable))
            }
            _ => resident,
        }
    }

    /// Under plain data parallelism the backward frees each layer's activations as it
    /// writes that layer's gradients, and the step's gradients are gone (set to None)
    /// before the next forward: the two never all coexist, so the peak holds the larger of
    /// them. ZeRO-3 keeps its gradient partition in one buffer allocated once, so it adds
    /// to the activations. Two moments compete for the peak: the forward and backward
    /// (activations, gathered weights) and the optimizer step (the fp32 gradients of one
    /// sub-group).
    fn sum(&self, on_gpu: &OnGpu, buffers: &Buffers) -> f64 {
        let backward = if buffers.persistent_gradients {
            on_gpu.gradients + self.act_per_gpu
        } else {
            on_gpu.gradients.max(self.act_per_gpu)
        } + buffers.live;
        let step = on_gpu.gradients + buffers.step;
        let reduce = if buffers.reduce > 0.0 {
            on_gpu.gradients + self.held_per_gpu + buffers.reduce
        } else {
            0.0
        };
        on_gpu.weights + on_gpu.optimizer + TRAINING_OVERHEAD + backward.max(step).max(reduce)
    }

    pub(super) fn estimate(
        &self,
        job: &Job,
        gpus: u32,
        kv_bytes_per_token: f64,
        gpu: Option<&GpuSpec>,
    ) -> Estimate {
        let n = f64::from(gpus);
        let (mut on_gpu, buffers) = self.per_card(job, gpus);
        let act_per_gpu = self.act_per_gpu;
        let resident = self.sum(&on_gpu, &buffers);
        let per_gpu = self.on_card(job, gpus, gpu, &on_gpu, resident);
        on_gpu.optimizer -= resident - per_gpu;
        // The parts add up to the peak: the working buffers count as overhead, and what
        // never coexists is the overlap.
        let working = buffers.live.max(buffers.step).max(buffers.reduce);
        let parts = on_gpu.weights + on_gpu.optimizer + on_gpu.gradients + act_per_gpu + working;
        // What CPU offload moved to the host: the whole job's states less what stays on
        // the GPUs (the host holds every rank's partition).
        let host = (self.weights + self.gradients + self.optimizer
            - (on_gpu.weights + on_gpu.gradients + on_gpu.optimizer + on_gpu.pageable) * n)
            .max(0.0);
        let mut notes = Vec::new();
        if job.cpu_offload && host > 0.0 {
            notes.push(Note::HostStates { gib: host / GIB });
        }
        if job.cpu_offload && job.sharding_on(gpus) == Sharding::Zero3 {
            let (low, high) = OFFLOAD_CACHE_RATIO;
            notes.push(Note::CachedReading {
                low_gib: per_gpu * low / GIB,
                high_gib: per_gpu * high / GIB,
            });
        }
        Estimate {
            weights: on_gpu.weights * n,
            gradients: on_gpu.gradients * n,
            optimizer: on_gpu.optimizer * n,
            activations: act_per_gpu * n,
            overhead: (TRAINING_OVERHEAD + working) * n,
            kv_cache: 0.0,
            per_gpu,
            overlap: (parts + TRAINING_OVERHEAD - per_gpu).max(0.0) * n,
            gpus,
            kv_bytes_per_token,
            kv_copies: 1,
            trainable_params: self.trainable as u64,
            rule_of_thumb_gb: 0.0,
            notes,
            error_band: None,
        }
    }
}

/// What the answer should say about this training job on `gpus` GPUs.
pub(super) fn notes(job: &Job, gpus: u32) -> Vec<Note> {
    let mut notes = Vec::new();
    if gpus > 1 {
        notes.push(Note::Sharded {
            sharding: job.sharding_on(gpus),
            gpus,
            cpu_offload: job.cpu_offload,
        });
    } else if job.cpu_offload {
        notes.push(match job.sharding_on(gpus) {
            sharding @ (Sharding::Zero3 | Sharding::Fsdp) => Note::AllStatesOffloaded { sharding },
            _ => Note::CpuOffload,
        });
    }
    if job.gradient_checkpointing {
        notes.push(Note::GradientCheckpointing);
    }
    if job.framework != Framework::default() {
        notes.push(Note::Framework {
            framework: job.framework,
        });
    }
    notes
}

/// Training states one GPU holds.
struct OnGpu {
    weights: f64,
    gradients: f64,
    optimizer: f64,
    /// Of `optimizer`, the paged states (bitsandbytes' unified memory).
    pageable: f64,
}

/// Where each state lives under a sharding stage, per GPU (ZeRO paper, section 5): stage 1
/// splits the optimizer states over the `n` GPUs, stage 2 the gradients too, stage 3 (and
/// FSDP's full shard) the weights too. CPU offload moves the optimizer states (ZeRO-Offload)
/// and, when the weights are sharded, the weights and gradients (ZeRO-3's `offload_param`
/// with `offload_optimizer`, FSDP's `CPUOffload(offload_params=True)`) to host memory:
/// only the working buffers stay.
fn placed(sharding: Sharding, offload: bool, n: f64, w: f64, g: f64, o: f64) -> OnGpu {
    let (w, g, o) = match sharding {
        Sharding::Ddp => (w, g, o),
        Sharding::Zero1 => (w, g, o / n),
        Sharding::Zero2 => (w, g / n, o / n),
        Sharding::Zero3 | Sharding::Fsdp => (w / n, g / n, o / n),
    };
    match (offload, sharding.shards_weights()) {
        (false, _) => OnGpu {
            weights: w,
            gradients: g,
            optimizer: o,
            pageable: 0.0,
        },
        (true, true) => OnGpu {
            weights: 0.0,
            gradients: 0.0,
            optimizer: 0.0,
            pageable: 0.0,
        },
        (true, _) => OnGpu {
            weights: w,
            gradients: g,
            optimizer: 0.0,
            pageable: 0.0,
        },
    }
}

/// Weights, gradients, optimizer states and trainable count of a full fine-tune.
///
/// Mixed precision (the default): 16-bit weights and gradients plus an fp32 master copy in
/// the optimizer (2 + 2 + 12 bytes per parameter with AdamW, as in the ZeRO paper). Pure
/// 16-bit training keeps no master copy and its moments in 16 bits; pure fp32 has no
/// master copy either. A step fused into the backward holds no full gradient buffer.
fn full_states(params: f64, job: &Job) -> (f64, f64, f64, f64) {
    let fp32 = job.precision == Precision::Fp32;
    let word = if fp32 { 4.0 } else { 2.0 };
    let mixed = !fp32 && job.master_weights;
    let master = if mixed { 4.0 } else { 0.0 };
    let moments = moment_bytes(job.optimizer, if mixed || fp32 { 4.0 } else { word });
    let gradients = if job.optimizer_in_backward {
        0.0
    } else {
        params * word
    };
    (
        params * word,
        gradients,
        params * (master + moments),
        params,
    )
}

/// Optimizer-state bytes per trained parameter on the GPU: AdamW's two moments, one for
/// SGD's momentum, at `word` bytes each, or 8 bits each for 8-bit AdamW. Paged 8-bit
/// AdamW's states are the same 2 bytes, allocated in CUDA unified memory
/// (bitsandbytes' `paged` optimizers, `cudaMallocManaged`): they stay on the GPU until
/// it runs short and only then page out to host RAM, so they count here, and
/// [`Parts::on_card`] lets them go on a card that is full.
fn moment_bytes(optimizer: Optimizer, word: f64) -> f64 {
    match optimizer {
        Optimizer::Adamw => 2.0 * word,
        Optimizer::Adamw8bit | Optimizer::PagedAdamw8bit => 2.0,
        Optimizer::Sgd => word,
    }
}

/// Frozen base plus fp32 adapters with their gradients and optimizer moments.
fn adapter_states(model: &ModelSpec, job: &Job) -> (f64, f64, f64, f64) {
    let base = base_precision(job);
    let adapters = lora_params(model, job.lora_rank, job.lora_targets);
    let moments = moment_bytes(job.optimizer, 4.0);
    // PEFT's prepare_model_for_kbit_training casts what stays unquantized (embeddings,
    // lm_head, norms) to fp32: 2 more bytes for each 16-bit parameter of a QLoRA base.
    let upcast = if job.mode == Mode::Qlora && job.kbit_upcast {
        model.embedding_and_head_params() as f64 * 2.0
    } else {
        0.0
    };
    (
        weight_bytes(model, base) + upcast + adapters * 4.0,
        adapters * 4.0,
        adapters * moments,
        adapters,
    )
}

/// Adapter parameters: rank x (in + out) for every targeted projection of every layer.
pub fn lora_params(model: &ModelSpec, rank: u32, targets: LoraTargets) -> f64 {
    let h = f64::from(model.hidden_size);
    let q = f64::from(model.num_attention_heads) * f64::from(model.head_dim());
    let kv = f64::from(model.num_key_value_heads) * f64::from(model.head_dim());
    let attention = (h + q) + 2.0 * (h + kv) + (q + h);
    let mlp = match targets {
        LoraTargets::Attention => 0.0,
        LoraTargets::AllLinear => match &model.moe {
            // Experts stored as one 3-D tensor per layer (gpt-oss) are no Linear layer,
            // so "all-linear" (PEFT's, Unsloth's target names) leaves them alone.
            Some(m) if m.fused_experts => {
                3.0 * (h + f64::from(m.expert_intermediate_size)) * f64::from(m.shared_experts)
            }
            Some(m) => {
                3.0 * (h + f64::from(m.expert_intermediate_size))
                    * f64::from(m.num_experts + m.shared_experts)
            }
            None => 3.0 * (h + f64::from(model.intermediate_size)),
        },
    };
    f64::from(rank) * (attention + mlp) * f64::from(model.num_hidden_layers)
}

/// DeepSpeed's ZeRO-3 default `sub_group_size` (https://www.deepspeed.ai/docs/config-json/,
/// kept by HF's and LLaMA-Factory's ZeRO-3 configs): the optimizer steps the partition 1e9
/// parameters at a time, flattening each sub-group's 16-bit gradients into one tensor and
/// casting that to fp32 first (stage3.py `_prepare_fp32_grad_for_sub_group`).
const SUB_GROUP_SIZE: f64 = 1e9;
/// DeepSpeed's `stage3_max_live_parameters` default (1e9, also in LLaMA-Factory's
/// `ds_z3_config.json`): gathered parameters past it are released before more are fetched
/// (a single module larger than it is still gathered whole).
const MAX_LIVE_PARAMETERS: f64 = 1e9;
/// DeepSpeed's prefetch and reduce buckets as HF's integration fills the "auto" values every
/// framework's ZeRO-3 config leaves (transformers' `HfTrainerDeepSpeedConfig`, accelerate;
/// LLaMA-Factory's and Axolotl's configs): `stage3_prefetch_bucket_size` = 0.9 x hidden²
/// parameters and `reduce_bucket_size` = hidden² elements, the latter a 16-bit buffer
/// allocated at start with `contiguous_gradients`. (DeepSpeed's own defaults, for a config
/// that sets neither, are 5e7 and 5e8.)
const PREFETCH_HIDDEN_SQUARED: f64 = 0.9;
const REDUCE_HIDDEN_SQUARED: f64 = 1.0;

/// What ZeRO-3 and FSDP gather on every GPU, whatever the sharding leaves there.
struct Gather {
    /// The largest matrix outside the layers, in parameters: lm_head (or the embeddings),
    /// gathered whole for the logits.
    unit: f64,
    /// One decoder layer, in parameters: the next one is prefetched while a unit computes.
    layer: f64,
    /// Bytes per gathered parameter: the stored precision (a QLoRA base gathers its
    /// 4-bit layers); embeddings and lm_head are gathered in the 16-bit compute dtype
    /// (FSDP's mixed-precision `param_dtype`, DeepSpeed's 16-bit partitions).
    layer_bytes: f64,
    unit_bytes: f64,
    /// Bytes of 16-bit gradient per parameter of the unit before its reduce-scatter: a
    /// full fine-tune produces the whole unit's gradient; adapters almost none.
    grad_bytes: f64,
    /// Parameters the optimizer steps (for the fp32 gradient sub-group).
    trainable: f64,
    /// The step keeps an fp32 master copy, so gradients are cast to fp32 for it.
    mixed: bool,
    /// The model's hidden size squared: HF's "auto" bucket sizes are multiples of it.
    hidden_squared: f64,
}

/// The working buffers on one GPU: gathered weights and gradients in the forward and
/// backward, and the step's fp32 gradients.
#[derive(Default)]
struct Buffers {
    live: f64,
    step: f64,
    /// Bytes while the largest gradient is reduced and sent to the host, beside the
    /// layer inputs the backward still holds (0 where the reduction adds nothing).
    reduce: f64,
    persistent_gradients: bool,
}

impl Gather {
    fn of(model: &ModelSpec, job: &Job) -> Gather {
        let base = base_precision(job);
        let embed = model.embedding_and_head_params() as f64;
        let layer =
            (model.params_total as f64 - embed).max(0.0) / f64::from(model.num_hidden_layers);
        let full = job.mode == Mode::FullFinetune;
        let unit_bytes = if job.precision == Precision::Fp32 {
            4.0
        } else {
            2.0
        };
        Gather {
            unit: f64::from(model.vocab_size) * f64::from(model.hidden_size),
            layer,
            layer_bytes: base.bits_per_weight() / 8.0,
            unit_bytes,
            grad_bytes: if full && !job.optimizer_in_backward {
                2.0
            } else {
                0.0
            },
            trainable: if full { model.params_total as f64 } else { 0.0 },
            mixed: full && job.master_weights,
            hidden_squared: f64::from(model.hidden_size).powi(2),
        }
    }

    /// The larger of lm_head (16-bit) and one layer (stored precision), with its bytes per
    /// parameter: the biggest thing gathered at once.
    fn largest(&self) -> (f64, f64) {
        if self.unit * self.unit_bytes > self.layer * self.layer_bytes {
            (self.unit, self.unit_bytes)
        } else {
            (self.layer, self.layer_bytes)
        }
    }

    /// ZeRO-1/2 step their whole optimizer partition at once, its gradients cast to fp32
    /// first (DeepSpeed's stage_1_and_2.py: `single_grad_partition`): 4 bytes per trainable
    /// parameter over the GPUs. LLaMA-Factory issue 1158 shows it: Baichuan2-13B's full
    /// fine-tune under ZeRO-2 on 4 x 80 GB dies asking for 12.94 GiB, 13.9e9 x 4 / 4 bytes.
    /// With ZeRO-Offload (stage 2 and `offload_optimizer`) the step runs on the host and
    /// the gradients go there through the reduce bucket, which is all that stays.
    fn partition_step(&self, job: &Job, n: f64) -> Buffers {
        let offloaded = job.cpu_offload && self.grad_bytes > 0.0;
        Buffers {
            step: if self.mixed && !job.cpu_offload {
                self.trainable / n * 4.0
            } else {
                0.0
            },
            live: if offloaded {
                REDUCE_HIDDEN_SQUARED * self.hidden_squared * 2.0
            } else {
                0.0
            },
            ..Buffers::default()
        }
    }

    /// FSDP's buffers on one GPU: the unit computing (a decoder layer, or the root's
    /// lm_head) gathered whole, the next layer prefetched (`BACKWARD_PRE`, forward
    /// prefetch), and the unit's whole 16-bit gradient before its reduce-scatter. The step
    /// runs over the sharded fp32 parameters and gradients already counted: no buffer. CPU
    /// offload keeps the shards on the host; the gathered units still come to the GPU.
    fn fsdp(&self, job: &Job) -> Buffers {
        let (unit, unit_bytes) = self.largest();
        Buffers {
            live: unit * unit_bytes + self.layer * self.layer_bytes + unit * self.grad_bytes,
            step: 0.0,
            reduce: 0.0,
            persistent_gradients: self.grad_bytes > 0.0 && !job.cpu_offload,
        }
    }

    /// DeepSpeed ZeRO-3's buffers on one of `n` GPUs: the layer computing (its modules
    /// fetched one by one, kept through the recompute and backward under
    /// `stage3_max_reuse_distance`) or lm_head, plus the prefetch bucket as far as
    /// `stage3_max_live_parameters` allows; each module's 16-bit gradient before it is
    /// copied into the reduce bucket (lm_head's is the largest), and the bucket itself; at
    /// the step, one sub-group's fp32 gradients. CPU offload (`offload_param` and
    /// `offload_optimizer`) steps on the host: no step buffer, no gradient partition.
    fn deepspeed(&self, job: &Job, n: f64) -> Buffers {
        let (unit, unit_bytes) = self.largest();
        let prefetch = (PREFETCH_HIDDEN_SQUARED * self.hidden_squared)
            .min((MAX_LIVE_PARAMETERS - unit).max(0.0));
        let gathered = unit * unit_bytes + prefetch * self.layer_bytes;
        let largest_gradient = self.unit * self.grad_bytes;
        let reduce_bucket = REDUCE_HIDDEN_SQUARED * self.hidden_squared * 2.0;
        // `_prepare_fp32_grad_for_sub_group` flattens the sub-group's 16-bit gradient
        // partitions into one new tensor (`_flatten_dense_tensors`, a copy for more than
        // one tensor) and casts that to fp32: 2 + 4 bytes a parameter at once. Measured on
        // one H200 without offload: 47.61 GiB allocated, 47.7 with the copy, 45.9 without.
        let step = if self.mixed && !job.cpu_offload {
            (self.trainable / n).min(SUB_GROUP_SIZE) * (2.0 + 4.0)
        } else {
            0.0
        };
        // Under `offload_optimizer`, stage3.py's `partition_grads` copies each reduced
        // partition back from its pinned host buffer to the GPU (`grad_buffer.to(device)`,
        // 16-bit) and `_offload_grad_partition_at_boundary` casts that copy to fp32 before
        // it leaves, while the module is still gathered and its whole 16-bit gradient not
        // yet freed: for lm_head, 2 + 2 bytes a parameter and 2 + 4 more over the GPUs.
        // Measured on one H200 (tests/calibration/h200-zero3-ours.csv): 9.97 GiB allocated
        // for Llama 3.3 70B's width, 5.09 for Llama 3.1 8B's, ten bytes per lm_head
        // parameter and the small rest.
        let reduce = if job.cpu_offload && self.grad_bytes > 0.0 {
            self.unit * (self.unit_bytes + self.grad_bytes + (2.0 + 4.0) / n) + reduce_bucket
        } else {
            0.0
        };
        Buffers {
            live: gathered + largest_gradient + reduce_bucket,
            step,
            reduce,
            persistent_gradients: self.grad_bytes > 0.0 && !job.cpu_offload,
        }
    }
}

/// The precision the frozen (or trained) weights are held in.
fn base_precision(job: &Job) -> Precision {
    match job.mode {
        Mode::Qlora => Precision::Nf4,
        Mode::Lora if job.precision.is_quantized() => job.precision,
        Mode::FullFinetune if job.precision == Precision::Fp32 => Precision::Fp32,
        _ => Precision::Bf16,
    }
}

/// Layer inputs an offloaded checkpointing keeps on the GPU: the layer recomputed and the
/// next one's input on its way back from CPU RAM.
const OFFLOADED_CHECKPOINT_LAYERS: f64 = 2.0;

/// The activations that stay through the whole backward on one GPU: each checkpointed
/// layer's input (those kept on the GPU), or every layer's activations without
/// checkpointing. The recomputed layer and the logits come and go.
fn held_activations(model: &ModelSpec, job: &Job) -> f64 {
    let layers = f64::from(model.num_hidden_layers);
    if !job.gradient_checkpointing {
        return layers * layer_activations(model, job);
    }
    // Offloaded checkpoints (Unsloth) keep about two layers' inputs on the GPU: the one
    // being recomputed and the next one coming back from CPU RAM.
    let kept = if job.offloaded_checkpoints {
        layers.min(OFFLOADED_CHECKPOINT_LAYERS)
    } else {
        layers
    };
    // PEFT's prepare_model_for_kbit_training casts the embeddings and norms of a QLoRA
    // model to fp32, so the residual stream, and each checkpointed layer input, is fp32.
    let residual_bytes = if job.mode == Mode::Qlora && job.kbit_upcast {
        4.0
    } else {
        2.0
    };
    let tokens = job.context() as f64 * f64::from(job.batch);
    kept * tokens * f64::from(model.hidden_size) * residual_bytes
}

/// Bytes of the loss's logits at their peak in the backward.
fn logits(model: &ModelSpec, job: &Job) -> f64 {
    let logit_bytes = if job.fused_loss {
        FUSED_LOGIT_BYTES
    } else if job.chunked_loss {
        CHUNKED_LOGIT_BYTES
    } else {
        LOGIT_BYTES
    };
    job.context() as f64 * f64::from(job.batch) * f64::from(model.vocab_size) * logit_bytes
}

/// Activations kept for the backward pass on one GPU, plus the logits of the loss:
/// what the backward holds throughout, the layer recomputed under checkpointing, and the
/// logits.
fn activations(model: &ModelSpec, job: &Job) -> f64 {
    let recomputed = if job.gradient_checkpointing {
        layer_activations(model, job)
    } else {
        0.0
    };
    held_activations(model, job) + recomputed + logits(model, job)
}

/// One layer's activations saved for its backward, over the batch.
///
/// Per layer and token (16-bit): norm inputs and outputs (4h), q and attention output
/// (2 x heads x head_dim), k and v, and the MLP's gate, up, activation and product (4i).
/// Eager attention adds the s x s scores and softmax per head; flash attention does not
/// store them. Checkpointing keeps only each layer's input and recomputes one layer.
fn layer_activations(model: &ModelSpec, job: &Job) -> f64 {
    let s = job.context() as f64;
    let b = f64::from(job.batch);
    let h = f64::from(model.hidden_size);
    let q = f64::from(model.num_attention_heads) * f64::from(model.head_dim());
    let kv = if model.kv_lora_rank.is_some() {
        q
    } else {
        f64::from(model.num_key_value_heads) * f64::from(model.head_dim())
    };
    let i = model.active_intermediate() as f64;
    let mlp = if job.tiled_mlp { 0.0 } else { 4.0 * i };
    let mut per_token_layer = 2.0 * (4.0 * h + 2.0 * q + 2.0 * kv + mlp);
    // PEFT runs fp32 adapters on an fp32 copy of each adapted layer's input, and saves it
    // for the backward: q, k, v, gate and up each cast the hidden state, o_proj its
    // q-wide input, down_proj its intermediate-wide input. (A QLoRA model's stream is
    // already fp32, so the cast copies nothing.)
    let adapted_inputs = match job.lora_targets {
        LoraTargets::AllLinear => 5.0 * h + q + i,
        LoraTargets::Attention => 3.0 * h + q,
    };
    let stream_copies = if job.kbit_upcast { 2.0 } else { 1.0 };
    match job.mode {
        Mode::Lora if job.fp32_adapter_inputs => per_token_layer += 4.0 * adapted_inputs,
        // Without checkpointing, QLoRA's fp32 stream doubles every saved activation, and
        // bitsandbytes saves the 16-bit copy of each quantized layer's input it computes
        // with (checkpointed, only one layer's worth is alive, and the recipes measured
        // show no such growth).
        Mode::Qlora if !job.gradient_checkpointing => {
            per_token_layer = stream_copies * per_token_layer + 2.0 * adapted_inputs
        }
        _ => {}
    }
    if !job.flash_attention {
        per_token_layer += f64::from(model.num_attention_heads) * s * 4.0;
    }
    s * b * per_token_layer
}
