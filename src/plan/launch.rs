//! The command that starts the estimated setup, built from the runtime profile's flag
//! names so the line matches what was estimated (context, cards, memory share, formats).

use crate::catalog::{GpuSpec, ModelSpec};
use crate::estimate::{HostOffload, Job, KvPrecision, Layout, Mode, layout};
use crate::runtime::{Budget, Runtime};
use serde::Serialize;

/// One launch line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Launch {
    pub runtime: Runtime,
    pub command: String,
}

/// The server command for an inference job on `count` GPUs of `gpu`; None for training and
/// for runtimes with no command line. The GPU decides the parallel layout (cards per
/// machine, heads the tensor-parallel size must divide); without one, every card joins
/// one tensor-parallel group.
pub fn command(model: &ModelSpec, job: &Job, gpu: Option<&GpuSpec>, count: u32) -> Option<Launch> {
    if job.mode != Mode::Inference {
        return None;
    }
    let profile = job.runtime.profile();
    let flags = profile.launch?;
    let mut words: Vec<String> = vec![flags.program.to_string()];
    if let Some(m) = flags.model {
        words.push(m.to_string());
    }
    words.push(if flags.gguf_file {
        gguf_file(model, job)
    } else {
        served_name(model).to_string()
    });
    let l = gpu
        .and_then(|g| layout(model, job, g, count))
        .unwrap_or(Layout {
            tensor: count.max(1),
            pipeline: 1,
        });
    if let Some(tp) = flags.tensor_parallel {
        words.push(tp.to_string());
        words.push(l.tensor.to_string());
        if let Some(pp) = flags.pipeline_parallel
            && l.pipeline > 1
        {
            words.push(pp.to_string());
            words.push(l.pipeline.to_string());
        }
    }
    words.push(flags.context.to_string());
    words.push(job.context().to_string());
    // The share the estimate used: the user's, else the engine's (a static share reads the
    // card and the tensor-parallel size, so it is written only when the card is known).
    let share = job.memory_share.or(match (profile.budget, gpu) {
        (Budget::Share(s), _) => Some(s),
        (budget, Some(g)) => budget.share_on(g.gpu_gib(), l.tensor),
        (_, None) => None,
    });
    if let (Some(flag), Some(share)) = (flags.memory_share, share) {
        words.push(flag.to_string());
        words.push(format!("{share}"));
    }
    if job.kv_precision != KvPrecision::Fp16 {
        let value = flags
            .kv_cache_values
            .iter()
            .find(|(k, _)| *k == job.kv_precision)
            .map_or(job.kv_precision.name(), |(_, v)| v);
        for f in flags.kv_cache {
            words.push(f.to_string());
            words.push(value.to_string());
        }
    }
    if let Some((flag, values)) = flags.quantization
        && let Some((_, v)) = values.iter().find(|(p, _)| *p == job.precision)
    {
        words.push(flag.to_string());
        words.push(v.to_string());
    }
    if let Some((flag, all)) = flags.gpu_layers {
        words.push(flag.to_string());
        words.push(match job.host_offload {
            Some(HostOffload::GpuLayers(n)) => n.to_string(),
            _ => all.to_string(),
        });
    }
    if let (Some(HostOffload::CpuMoe(k)), Some(flag)) = (
        job.host_offload,
        profile.offload.as_ref().and_then(|o| o.cpu_moe),
    ) {
        words.push(flag.to_string());
        words.push(k.to_string());
    }
    if let Some(flag) = flags.tensor_split
        && count > 1
    {
        words.push(flag.to_string());
        words.push(vec!["1"; count as usize].join(","));
    }
    words.extend(flags.always.iter().map(|f| f.to_string()));
    Some(Launch {
        runtime: job.runtime,
        command: words.join(" "),
    })
}

/// The name a server loads the model by: its Hugging Face repo (a Hub look-up's own repo,
/// the catalog's `hub_id`), else the catalog id.
fn served_name(model: &ModelSpec) -> &str {
    model.hub_id.as_deref().unwrap_or(&model.id)
}

/// The GGUF file people download: the model id and the type in capitals
/// (`llama-3.1-8b-Q4_K_M.gguf`); 16-bit weights are the F16 file.
fn gguf_file(model: &ModelSpec, job: &Job) -> String {
    let kind = if job.precision.is_quantized() {
        job.precision.name().to_ascii_uppercase()
    } else {
        "F16".to_string()
    };
    format!("{}-{kind}.gguf", model.id)
}
