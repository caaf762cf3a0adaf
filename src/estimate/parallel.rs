//! How a runtime that cuts every layer across GPUs (vLLM's tensor parallelism) lays a
//! count of GPUs out, and which counts it can take for a model at all.
//!
//! vLLM shards attention by heads: the tensor-parallel size must divide the attention
//! heads, and the KV heads must either split evenly or be replicated whole (a size that is
//! a multiple of them). Inside one machine every card joins the tensor-parallel group;
//! across machines vLLM runs one pipeline stage per machine. A count whose natural
//! tensor-parallel size does not divide the heads still runs, as pipeline stages, which is
//! slower than the count the answer then offers instead.

use super::{Job, box_limit};
use crate::catalog::{GpuSpec, ModelSpec};
use crate::runtime::Split;
use serde::Serialize;

/// GPUs as tensor-parallel groups of `tensor` cards, `pipeline` groups in a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Layout {
    pub tensor: u32,
    pub pipeline: u32,
}

/// Whether vLLM can shard this model's attention over `n` GPUs: the heads split evenly,
/// and the KV heads split evenly or are replicated whole on groups of GPUs.
pub fn tensor_parallel_ok(model: &ModelSpec, n: u32) -> bool {
    let heads = model.num_attention_heads;
    let kv = if model.num_key_value_heads == 0 {
        heads
    } else {
        model.num_key_value_heads
    };
    n > 0 && heads.is_multiple_of(n) && (kv.is_multiple_of(n) || n.is_multiple_of(kv))
}

/// The layout `count` GPUs of `gpu` get for `job`, or None when its runtime splits by
/// layers (any count works) or the job is training.
pub fn layout(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Option<Layout> {
    if !splits_tensors(job) {
        return None;
    }
    let count = count.max(1);
    let natural = natural_tensor(gpu, count);
    let tensor = (1..=natural)
        .rev()
        .find(|&t| count.is_multiple_of(t) && tensor_parallel_ok(model, t))
        .unwrap_or(1);
    Some(Layout {
        tensor,
        pipeline: count / tensor,
    })
}

/// Every card of a machine in one tensor-parallel group; machines as pipeline stages.
fn natural_tensor(gpu: &GpuSpec, count: u32) -> u32 {
    count.min(box_limit(gpu)).max(1)
}

/// Whether `job` splits each layer's tensors over its GPUs (vLLM inference): only then
/// does the count have to suit the attention heads.
pub fn splits_tensors(job: &Job) -> bool {
    !job.mode.is_training() && job.runtime.profile().split == Split::Tensor
}

/// Whether the answer offers `count` GPUs for `job`: always for runtimes that split by
/// layers; for vLLM only when its natural tensor-parallel size divides the heads.
pub fn offered(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> bool {
    layout(model, job, gpu, count).is_none_or(|l| l.tensor == natural_tensor(gpu, count))
}
