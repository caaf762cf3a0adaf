//! Training memory: full fine-tune, LoRA and QLoRA, sharded over GPUs when there are several.

use super::precision::Precision;
use super::{Estimate, Job, LoraTargets, Mode, Note, Optimizer, kv_bytes_per_token, weight_bytes};
use crate::catalog::{GIB, ModelSpec};

/// cuBLAS/NCCL workspaces and allocator slack per GPU during training.
const TRAINING_OVERHEAD: f64 = 0.5 * GIB;
/// Bytes per logit kept for the loss: 16-bit logits plus their fp32 copy and gradient.
const LOGIT_BYTES: f64 = 10.0;

pub(super) fn estimate(model: &ModelSpec, job: &Job, gpus: u32) -> Estimate {
    let n = f64::from(gpus);
    let params = model.params_total as f64;
    let (weights, gradients, optimizer, trainable) = match job.mode {
        Mode::FullFinetune => full_states(params, job),
        Mode::Lora | Mode::Qlora => adapter_states(model, job),
        Mode::Inference => (0.0, 0.0, 0.0, 0.0),
    };
    // Full fine-tunes over several GPUs shard states ZeRO-3/FSDP-style; LoRA runs
    // replicate the frozen base (DDP), which is what PEFT recipes do by default.
    let sharded = job.mode == Mode::FullFinetune && gpus > 1;
    let states = weights + gradients + optimizer;
    let states_per_gpu = if sharded {
        states / n + gather_buffer(model)
    } else {
        states
    };
    let act_per_gpu = activations(model, job);
    Estimate {
        weights: if sharded { weights } else { weights * n },
        gradients: if sharded { gradients } else { gradients * n },
        optimizer: if sharded { optimizer } else { optimizer * n },
        activations: act_per_gpu * n,
        overhead: (TRAINING_OVERHEAD + if sharded { gather_buffer(model) } else { 0.0 }) * n,
        kv_cache: 0.0,
        per_gpu: states_per_gpu + act_per_gpu + TRAINING_OVERHEAD,
        gpus,
        kv_bytes_per_token: kv_bytes_per_token(model, job.kv_precision),
        trainable_params: trainable as u64,
        rule_of_thumb_gb: 0.0,
        notes: Vec::new(),
    }
}

/// What the answer should say about this training job on `gpus` GPUs.
pub(super) fn notes(job: &Job, gpus: u32) -> Vec<Note> {
    let mut notes = Vec::new();
    if job.mode == Mode::FullFinetune && gpus > 1 {
        notes.push(Note::ZeroSharded { gpus });
    }
    if job.gradient_checkpointing {
        notes.push(Note::GradientCheckpointing);
    }
    notes
}

/// Weights, gradients, optimizer states and trainable count of a full fine-tune.
///
/// Mixed precision (fp16/bf16): 16-bit weights and gradients, fp32 master copy in the
/// optimizer (2 + 2 + 12 bytes per parameter with AdamW, as in the ZeRO paper). Pure fp32
/// training has no master copy.
fn full_states(params: f64, job: &Job) -> (f64, f64, f64, f64) {
    let fp32 = job.precision == Precision::Fp32;
    let word = if fp32 { 4.0 } else { 2.0 };
    let master = if fp32 { 0.0 } else { 4.0 };
    let moments = match job.optimizer {
        Optimizer::Adamw => 8.0,
        Optimizer::Adamw8bit => 2.0,
        Optimizer::Sgd => 4.0,
    };
    (
        params * word,
        params * word,
        params * (master + moments),
        params,
    )
}

/// Frozen base plus fp32 adapters with their gradients and optimizer moments.
fn adapter_states(model: &ModelSpec, job: &Job) -> (f64, f64, f64, f64) {
    let base = match job.mode {
        Mode::Qlora => Precision::Nf4,
        _ if job.precision.is_quantized() => job.precision,
        _ => Precision::Bf16,
    };
    let adapters = lora_params(model, job.lora_rank, job.lora_targets);
    let moments = match job.optimizer {
        Optimizer::Adamw => 8.0,
        Optimizer::Adamw8bit => 2.0,
        Optimizer::Sgd => 4.0,
    };
    (
        weight_bytes(model, base) + adapters * 4.0,
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
            Some(m) => {
                3.0 * (h + f64::from(m.expert_intermediate_size))
                    * f64::from(m.num_experts + m.shared_experts)
            }
            None => 3.0 * (h + f64::from(model.intermediate_size)),
        },
    };
    f64::from(rank) * (attention + mlp) * f64::from(model.num_hidden_layers)
}

/// One layer's 16-bit parameters twice over: ZeRO-3 gathers the next layer while computing.
fn gather_buffer(model: &ModelSpec) -> f64 {
    let embed = model.embedding_params() as f64 * if model.tie_word_embeddings { 1.0 } else { 2.0 };
    let per_layer =
        (model.params_total as f64 - embed).max(0.0) / f64::from(model.num_hidden_layers);
    2.0 * per_layer * 2.0
}

/// Activations kept for the backward pass on one GPU, plus the logits of the loss.
///
/// Per layer and token (16-bit): norm inputs and outputs (4h), q and attention output
/// (2 x heads x head_dim), k and v, and the MLP's gate, up, activation and product (4i).
/// Eager attention adds the s x s scores and softmax per head; flash attention does not
/// store them. Checkpointing keeps only each layer's input and recomputes one layer.
fn activations(model: &ModelSpec, job: &Job) -> f64 {
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
    let mut per_token_layer = 2.0 * (4.0 * h + 2.0 * q + 2.0 * kv + 4.0 * i);
    if !job.flash_attention {
        per_token_layer += f64::from(model.num_attention_heads) * s * 4.0;
    }
    let layers = f64::from(model.num_hidden_layers);
    let blocks = if job.gradient_checkpointing {
        layers * s * b * h * 2.0 + s * b * per_token_layer
    } else {
        layers * s * b * per_token_layer
    };
    blocks + s * b * f64::from(model.vocab_size) * LOGIT_BYTES
}
