//! Mixed setups: cards of different kinds in one machine ("a 4090 and a 3090",
//! "3090 + 4060 Ti 16GB").
//!
//! Runtimes that split whole layers (llama.cpp's `-ts`, transformers' `device_map`) give each
//! card a share of the layers in proportion to the memory it can use, as llama.cpp does by
//! default; each card then holds its share of the weights and KV cache, plus its own
//! activation peak and overhead (what gguf-parser prints per device). Runtimes that cut every
//! layer evenly across the cards (vLLM's and SGLang's tensor parallel) put the same share on
//! each, so the smallest card decides: such a setup is refused with that reason.

use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::estimate::{Job, JobError, Sizing, usable_gib};
use crate::runtime::Split;
use serde::Serialize;

/// One card of a mixed setup.
#[derive(Debug, Clone, Serialize)]
pub struct Device {
    pub gpu: String,
    /// Share of the layers on this card (0-1).
    pub share: f64,
    pub layers: u32,
    pub need_gib: f64,
    pub usable_gib: f64,
    pub fits: bool,
}

/// How a mixed setup holds a job.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "split", rename_all = "snake_case")]
pub enum Mixed {
    /// Layers in proportion to each card's memory.
    Layers {
        devices: Vec<Device>,
        fits: bool,
        /// The value of the runtime's split flag (llama.cpp `-ts 24,16`), when it has one.
        tensor_split: Option<String>,
    },
    /// The runtime needs equal cards: what each would hold, against the smallest card.
    Refused {
        runtime: &'static str,
        smallest: String,
        per_gpu_gib: f64,
        smallest_usable_gib: f64,
    },
}

/// Size `job` on `cards` (each kind with its count).
pub fn size(model: &ModelSpec, job: &Job, cards: &[(&GpuSpec, u32)]) -> Result<Mixed, JobError> {
    job.validate(model)?;
    let devices: Vec<&GpuSpec> = cards
        .iter()
        .flat_map(|&(g, n)| std::iter::repeat_n(g, n.max(1) as usize))
        .collect();
    let n = devices.len().max(1) as u32;
    let sizing = Sizing::new(model, job);
    let profile = job.runtime.profile();
    if profile.split == Split::Tensor {
        let smallest = devices
            .iter()
            .min_by(|a, b| usable_gib(a, job, n).total_cmp(&usable_gib(b, job, n)))
            .copied()
            .unwrap_or(cards[0].0);
        return Ok(Mixed::Refused {
            runtime: profile.name,
            smallest: smallest.id.clone(),
            per_gpu_gib: sizing.per_gpu(n, Some(smallest)) / GIB,
            smallest_usable_gib: usable_gib(smallest, job, n),
        });
    }
    let one = sizing.on(1, None);
    let split = (one.weights + one.kv_cache) / GIB;
    let own = (one.activations + one.overhead) / GIB + profile.multi_gpu_overhead_gib.1.gib(n);
    let usable: Vec<f64> = devices.iter().map(|g| usable_gib(g, job, n)).collect();
    let total: f64 = usable.iter().sum();
    let layers = model.num_hidden_layers;
    let devices: Vec<Device> = devices
        .iter()
        .zip(&usable)
        .map(|(g, &u)| {
            let share = if total > 0.0 { u / total } else { 0.0 };
            let need = split * share + own;
            Device {
                gpu: g.id.clone(),
                share,
                layers: (f64::from(layers) * share).round() as u32,
                need_gib: need,
                usable_gib: u,
                fits: need <= u,
            }
        })
        .collect();
    let tensor_split = profile.launch.and_then(|l| l.tensor_split).map(|flag| {
        let parts: Vec<String> = usable.iter().map(|u| format!("{}", u.round())).collect();
        format!("{flag} {}", parts.join(","))
    });
    Ok(Mixed::Layers {
        fits: devices.iter().all(|d| d.fits),
        devices,
        tensor_split,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::{Mode, Precision, Runtime};

    #[test]
    fn layers_follow_memory_and_tensor_split_is_refused() {
        let c = Catalog::get();
        let model = c.resolve_model("qwen2.5-32b").expect("model").model;
        let (g4090, g4060) = (
            c.resolve_gpu("4090").expect("gpu").gpu,
            c.resolve_gpu("4060 ti 16gb").expect("gpu").gpu,
        );
        let mut job = Job::new(Mode::Inference, Precision::Q4KM);
        job.runtime = Runtime::LlamaCpp;
        let Mixed::Layers {
            devices,
            fits,
            tensor_split,
        } = size(model, &job, &[(g4090, 1), (g4060, 1)]).expect("valid")
        else {
            panic!("llama.cpp splits layers");
        };
        assert_eq!(devices.len(), 2);
        assert!(
            devices[0].share > devices[1].share,
            "the 24 GB card takes more"
        );
        assert!(fits, "{devices:?}");
        assert!(tensor_split.is_some_and(|t| t.starts_with("-ts ")));
        let total: u32 = devices.iter().map(|d| d.layers).sum();
        assert!(total.abs_diff(model.num_hidden_layers) <= 1);
        job.runtime = Runtime::Vllm;
        job.precision = Precision::AwqInt4;
        let refused = size(model, &job, &[(g4090, 1), (g4060, 1)]).expect("valid");
        assert!(
            matches!(refused, Mixed::Refused { ref smallest, .. } if smallest == "rtx-4060-ti-16gb")
        );
    }
}
