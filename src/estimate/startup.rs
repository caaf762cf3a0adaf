//! What vLLM allocates after its start-up profile, outside `--gpu-memory-utilization`:
//! the KV pool is sized to fill the budget less the profile's peak, then CUDA graphs are
//! captured for every batch size on the capture list, custom all-reduce registers the
//! captured graphs' buffers (tensor parallelism over NVLink), and the sampler warms up
//! again over `max_num_seqs` rows of the vocabulary with the allocator's cache already
//! fragmented. All of it has to fit in what the budget leaves of the card, or the engine
//! dies at start-up ("CUDA out of memory occurred when warming up sampler with 1024 dummy
//! requests") whatever the job's size. Sources and the checks: data/SOURCES.md, "vLLM at
//! 0.95 under tensor parallelism".

use super::{Interconnect, Job, Runtime, is_large_card, layout};
use crate::catalog::{GIB, GpuSpec, ModelSpec};
use crate::runtime::{Budget, VLLM_AFTER_PROFILING};

/// The batch sizes vLLM captures graphs for, and how many of them are whole-step (FULL)
/// decode graphs: `CompilationConfig` builds `[1, 2, 4] + range(8, 256, 8) +
/// range(256, max + 1, 16)` in 0.17 and later (0.19.0 logs 51 sizes up to 512 and 83 up
/// to gpt-oss's 1,024) and `[1, 2, 4] + range(8, max + 1, 8)` before (0.11.0 logs 67 up
/// to 512, llm-d/llm-d#787). The largest is `min(2 x max_num_seqs, 512)`, 1,024 for
/// gpt-oss (`GptOssForCausalLMConfig`: "Overriding max cuda graph capture size to 1024");
/// uniform decode batches never exceed `max_num_seqs`, so FULL graphs stop there.
pub fn captured_sizes(model: &ModelSpec, job: &Job, max_num_seqs: u32) -> (u32, u32) {
    let largest = if model.family == "gpt-oss" {
        1024
    } else {
        (2 * max_num_seqs).min(512)
    };
    let newer = job.engine_version.is_none_or(|v| v >= (0, 17));
    let count = |top: u32| -> u32 {
        let small = [1u32, 2, 4].iter().filter(|&&s| s <= top).count() as u32;
        let steps = |from: u32, to: u32, by: u32| if to >= from { (to - from) / by + 1 } else { 0 };
        if newer {
            small + steps(8, top.min(248), 8) + steps(256, top, 16)
        } else {
            small + steps(8, top, 8)
        }
    };
    let all = count(largest);
    let full = count(largest.min(max_num_seqs));
    (all, full)
}

/// vLLM's `max_num_seqs` when the user gives none: 1,024 on cards of 70 GiB or more
/// except the A100, 256 elsewhere (`EngineArgs.get_batch_defaults`, "Defaulting
/// max_num_seqs to 1024 for OPENAI_API_SERVER usage context" in the 0.19.0 logs).
pub fn default_max_num_seqs(gpu: &GpuSpec) -> u32 {
    if is_large_card(gpu) { 1024 } else { 256 }
}

/// GiB each GPU takes after the profile, outside the budget, for `job` on `count` of
/// `gpu` (None for runtimes that take no budget share or capture no graphs).
pub fn after_profiling_gib(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Option<f64> {
    if job.runtime != Runtime::Vllm {
        return None;
    }
    let k = &VLLM_AFTER_PROFILING;
    let seqs = job
        .max_num_seqs
        .unwrap_or_else(|| default_max_num_seqs(gpu));
    let (all, full) = captured_sizes(model, job, seqs);
    let graphs = f64::from(all + full) / 2.0;
    let tp = layout(model, job, gpu, count).map_or(count, |l| l.tensor);
    let fast = matches!(
        Interconnect::of(gpu, count),
        Interconnect::Nvlink | Interconnect::InfinityFabric | Interconnect::MultiNode
    );
    let registered = if tp > 1 && fast {
        k.registered_gib_per_size * f64::from(all)
    } else {
        0.0
    };
    let rows = f64::from(seqs.min(job.batched_tokens.map_or(u32::MAX, |t| t as u32)));
    let fragments = k.fragment_copies * rows * f64::from(model.vocab_size) * 4.0 / GIB;
    Some(k.graph_gib_per_size * graphs + registered + fragments)
}

/// Whether vLLM gets through its start-up at the budget share the job asks: what it
/// allocates after the profile fits in what the share leaves of each card. Runtimes
/// without a share always do.
pub fn starts(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> bool {
    shortfall_gib(model, job, gpu, count).is_none()
}

/// GiB per GPU by which the memory vLLM takes after its profile exceeds what the budget
/// share leaves (None when it fits, or for runtimes without a share), with that memory.
pub fn shortfall_gib(
    model: &ModelSpec,
    job: &Job,
    gpu: &GpuSpec,
    count: u32,
) -> Option<(f64, f64)> {
    let Budget::Share(default) = job.runtime.profile().budget else {
        return None;
    };
    let after = after_profiling_gib(model, job, gpu, count)?;
    let share = job.memory_share.unwrap_or(default);
    let left = gpu.gpu_gib() * (1.0 - share);
    (after > left).then_some((after - left, after))
}

/// The note that says vLLM would not start at the asked share, with the share that
/// starts: the largest multiple of 0.05 below the asked one that leaves room for what
/// comes after the profile.
pub fn note(model: &ModelSpec, job: &Job, gpu: &GpuSpec, count: u32) -> Option<super::Note> {
    let (short, after) = shortfall_gib(model, job, gpu, count)?;
    let total = gpu.gpu_gib();
    let Budget::Share(default) = job.runtime.profile().budget else {
        return None;
    };
    let utilization = job.memory_share.unwrap_or(default);
    let room = 1.0 - after / total;
    let lower = (room * 20.0).floor() / 20.0;
    Some(super::Note::StartupShortfall {
        after_gib: after,
        left_gib: after - short,
        utilization,
        lower: lower.min(utilization - 0.05).max(0.05),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::estimate::{Mode, Precision};

    fn job(share: f64) -> Job {
        let mut j = Job::new(Mode::Inference, Precision::Mxfp4);
        j.runtime = Runtime::Vllm;
        j.memory_share = Some(share);
        j.set_context(8192);
        j
    }

    /// The capture lists vLLM logs: 51 sizes up to 512 and 83 up to 1,024 on 0.19.0
    /// (llm-d planner logs), 67 up to 512 on 0.11.0 (llm-d/llm-d#787: "67/67").
    #[test]
    fn the_capture_list_is_the_engines() {
        let c = Catalog::get();
        let (gpt, qwen) = (
            c.model("gpt-oss-20b").unwrap(),
            c.model("qwen3-32b").unwrap(),
        );
        let j = job(0.95);
        assert_eq!(captured_sizes(gpt, &j, 1024), (83, 83));
        assert_eq!(captured_sizes(qwen, &j, 1024), (51, 51));
        assert_eq!(captured_sizes(gpt, &j, 100).0, 83);
        let mut old = j.clone();
        old.engine_version = Some((0, 11));
        assert_eq!(captured_sizes(qwen, &old, 1024), (67, 67));
    }

    /// gpt-oss at 0.95 on two H100s needs more than the 5 % left (the llm-d log accounts
    /// 5.11 GiB per GPU after the profile); at 0.90 it starts; one H100 of Qwen3-8B at
    /// 0.95 starts.
    #[test]
    fn gpt_oss_at_095_on_two_h100s_does_not_start() {
        let c = Catalog::get();
        let (h100, gpt) = (c.gpu("h100-sxm").unwrap(), c.model("gpt-oss-20b").unwrap());
        let after = after_profiling_gib(gpt, &job(0.95), h100, 2).unwrap();
        assert!((after - 5.11).abs() / 5.11 < 0.1, "{after}");
        assert!(!starts(gpt, &job(0.95), h100, 2));
        assert!(starts(gpt, &job(0.9), h100, 2));
        let mut qwen = job(0.95);
        qwen.precision = Precision::Bf16;
        assert!(starts(c.model("qwen3-8b").unwrap(), &qwen, h100, 1));
    }
}
