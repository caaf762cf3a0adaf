//! Levers that are an engine setting, not a change to the job: vLLM started at a lower
//! `--gpu-memory-utilization` when what it allocates after its profile does not fit beside
//! the asked share (issue 37: gpt-oss-120b on 2 × H100 at 0.95), flash attention turned on
//! in llama.cpp or Ollama when the asker runs with it off (Qwen3-32B Q5_K_M on 2 × 3090 at
//! 48k), and `--limit-mm-per-prompt` when vLLM's start-up profile runs a vision encoder on a
//! video as long as the context (Qwen3-VL-235B on 8 × H100 at 262k). Each is the flag that
//! turned the public outcome around; none costs quality, so they lead the levers.

use super::levers::{Change, Lever};
use crate::catalog::{GpuSpec, ModelSpec};
use crate::estimate::encoder::{self, MmLimit};
use crate::estimate::{Fit, Job, Note, startup};
use crate::runtime::Activation;

/// Images only, one a prompt: what vLLM's docs and the Qwen-VL threads start with.
pub const IMAGES_ONLY: MmLimit = MmLimit { image: 1, video: 0 };

/// The engine settings that make `job` fit `count` of `gpu`, each checked by estimating
/// again with it set; the asked settings stay as they are otherwise.
pub(super) fn levers(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
    fit: &Fit,
) -> Vec<Lever> {
    let mut changes = Vec::new();
    if !fit.fits
        && let Some(Note::StartupShortfall { lower, .. }) = startup::note(model, job, gpu, count)
    {
        // Two decimals, as people write it (0.9, not 0.8999999999999999).
        changes.push(Change::MemoryShare((lower * 100.0).round() / 100.0));
    }
    if !job.flash_attention
        && matches!(
            job.runtime.profile().activation,
            Activation::ComputeBuffer { .. }
        )
    {
        changes.push(Change::FlashAttention);
    }
    if matches!(
        job.runtime.profile().activation,
        Activation::ProfileRun { .. }
    ) && encoder::profiles_a_video(model, job)
    {
        changes.push(Change::MmLimit(IMAGES_ONLY));
    }
    changes
        .into_iter()
        .filter_map(|change| {
            let mut changed = job.clone();
            change.apply(&mut changed);
            let f = Fit::check(model, &changed, gpu, count).ok()?;
            let better = f.fits && (!fit.fits || f.headroom_gib > fit.headroom_gib);
            better.then(|| Lever {
                kind: change.kind(),
                change,
                also: Vec::new(),
                count,
                fit: f,
                job: changed,
            })
        })
        .collect()
}
