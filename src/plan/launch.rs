//! The command that starts the estimated setup, built from the runtime profile's flag
//! names so the line matches what was estimated (context, cards, memory share, formats),
//! and loading a checkpoint that exists in the format planned (see [`super::checkpoints`]):
//! the model's own repo in its own format, a listed AWQ/GPTQ/FP8/NVFP4 or GGUF repo, or
//! the 16-bit repo quantized at load time where the engine can. Where none is known there
//! is no line, and [`missing`] says which checkpoint the reader has to find.

use super::checkpoints;
use crate::catalog::{GpuSpec, ModelSpec};
use crate::estimate::{Format, HostOffload, Job, KvPrecision, Layout, Mode, Precision, layout};
use crate::runtime::{Budget, FetchThenLoad, LaunchFlags, Runtime, ServerEnv};
use serde::Serialize;

/// transformers' load-time quantizers, as `from_pretrained` takes them: the class to
/// import and the `quantization_config` it is built with.
const TRANSFORMERS_QUANTIZERS: &[(Precision, &str, &str)] = &[
    (
        Precision::Nf4,
        "BitsAndBytesConfig",
        "BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type='nf4')",
    ),
    (
        Precision::Int4,
        "BitsAndBytesConfig",
        "BitsAndBytesConfig(load_in_4bit=True)",
    ),
    (
        Precision::Int8,
        "BitsAndBytesConfig",
        "BitsAndBytesConfig(load_in_8bit=True)",
    ),
    (
        Precision::Fp8,
        "FineGrainedFP8Config",
        "FineGrainedFP8Config()",
    ),
];

/// Where a launch line's weights come from.
#[derive(Debug, Clone, PartialEq)]
enum Weights {
    /// A repo already stored in the planned format (the model's own, or a listed one).
    Repo(String),
    /// The 16-bit repo, quantized while loading (`--quantization fp8`, bitsandbytes).
    LoadTime(String),
    /// A GGUF repo as `llama-server -hf` takes it (`repo:TAG`).
    Gguf(String),
    /// A tag of the runtime's own library (`ollama run llama3.1:8b`).
    Library(&'static str),
    /// No checkpoint in this format is known.
    Missing,
}

/// A launch line the plan cannot write: no checkpoint of the model in the planned format
/// is known (the reader has to find one, e.g. on the Hub).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MissingCheckpoint {
    pub runtime: Runtime,
    pub precision: Precision,
}

/// The checkpoint a launch line for `job` would load.
fn weights(model: &ModelSpec, job: &Job) -> Weights {
    let p = job.precision;
    let flags = job.runtime.profile().launch;
    // MLX formats load from an mlx-community repo, whichever runtime runs them.
    if p.format() == Format::Mlx {
        return checkpoints::mlx(&model.id, p)
            .map_or(Weights::Missing, |repo| Weights::Repo(repo.to_string()));
    }
    if let Some(tag) = flags
        .and_then(|f| f.library)
        .and_then(|library| super::library_tags::tag(library, &model.id, p))
    {
        return Weights::Library(tag);
    }
    if flags.is_some_and(|f| f.gguf_file) {
        return match checkpoints::gguf(&model.id, p) {
            Some(repo) => Weights::Gguf(repo),
            None => Weights::Missing,
        };
    }
    // A model with no Hub repo (a made-up shape such as `generic-70b`) has nothing to
    // download: the answer says which checkpoint to look for instead of naming one.
    let Some(own_repo) = model.hub_id.as_deref() else {
        return Weights::Missing;
    };
    if p == model.native_precision {
        return Weights::Repo(own_repo.to_string());
    }
    if let Some(repo) = checkpoints::repo(&model.id, p) {
        return Weights::Repo(repo.to_string());
    }
    let from_16_bit = model.native_precision.format() == Format::Float;
    if from_16_bit && (!p.is_quantized() || load_time_quantizer(job).is_some()) {
        return Weights::LoadTime(own_repo.to_string());
    }
    Weights::Missing
}

/// The value of the engine's load-time quantization flag for the job's format, if any.
fn load_time_quantizer(job: &Job) -> Option<&'static str> {
    match job.runtime.profile().launch {
        Some(flags) => flags
            .quantization
            .and_then(|(_, values)| values.iter().find(|(p, _)| *p == job.precision))
            .map(|(_, v)| *v),
        None => TRANSFORMERS_QUANTIZERS
            .iter()
            .find(|(p, _, _)| *p == job.precision)
            .map(|(_, _, config)| *config),
    }
}

/// The checkpoint the reader has to find before the plan can start: Some for an inference
/// job whose runtime has a launch line when no checkpoint in its format is known.
pub fn missing(model: &ModelSpec, job: &Job) -> Option<MissingCheckpoint> {
    (job.mode == Mode::Inference && weights(model, job) == Weights::Missing).then_some(
        MissingCheckpoint {
            runtime: job.runtime,
            precision: job.precision,
        },
    )
}

/// The transformers line: `from_pretrained` with the layout over every visible GPU and
/// the load-time quantizer the plan uses.
/// None where transformers refuses the quantizer on that card: FineGrainedFP8Config
/// needs FP8 tensor cores, compute capability 8.9 or above (Ada, Hopper, Blackwell;
/// `quantizer_finegrained_fp8.py` raises below it), which the catalog marks by an FP8 rate.
fn transformers_line(model: &ModelSpec, job: &Job, gpu: Option<&GpuSpec>) -> Option<String> {
    let (repo, config) = match weights(model, job) {
        Weights::Repo(r) => (r, None),
        Weights::LoadTime(r) => (
            r,
            TRANSFORMERS_QUANTIZERS
                .iter()
                .find(|(p, _, _)| *p == job.precision),
        ),
        Weights::Gguf(_) | Weights::Library(_) | Weights::Missing => return None,
    };
    let fp8_quantizer = config.is_some_and(|(p, _, _)| *p == Precision::Fp8);
    if fp8_quantizer && gpu.is_some_and(|g| g.fp8_tensor_tflops_dense.is_none()) {
        return None;
    }
    let mut imports = String::from("AutoModelForCausalLM");
    let mut args = format!("'{repo}', device_map='auto', dtype='auto'");
    if needs_remote_code(model) {
        args.push_str(", trust_remote_code=True");
    }
    if let Some((_, class, expr)) = config {
        imports.push_str(", ");
        imports.push_str(class);
        args.push_str(", quantization_config=");
        args.push_str(expr);
    }
    Some(format!(
        "python -c \"from transformers import {imports}; AutoModelForCausalLM.from_pretrained({args})\""
    ))
}

/// Catalog models whose Hub config.json loads custom code (`auto_map`), from
/// `data/remote_code.json` (each row with its config's source): their launch lines say
/// `trust_remote_code`, without which transformers and the engines refuse to load them.
fn needs_remote_code(model: &ModelSpec) -> bool {
    #[derive(serde::Deserialize)]
    struct Row {
        model: String,
    }
    static IDS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
        serde_json::from_str::<Vec<Row>>(include_str!("../../data/remote_code.json"))
            .expect("data/remote_code.json is checked by tests")
            .into_iter()
            .map(|r| r.model)
            .collect()
    });
    IDS.contains(&model.id)
}

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
    command_loading(model, job, gpu, count, weights(model, job))
}

/// [`command`] loading the GGUF repo the Hub's answer showed to hold the job's quant file
/// (`repo` as the Hub spells it; the line adds the quant tag): for a model the offline list
/// has no file of that quant for. None for a job that loads no GGUF file.
pub fn command_with_gguf_repo(
    model: &ModelSpec,
    job: &Job,
    gpu: Option<&GpuSpec>,
    count: u32,
    repo: &str,
) -> Option<Launch> {
    if job.precision.format() != Format::Gguf {
        return None;
    }
    let tag = checkpoints::gguf_tag(job.precision);
    command_loading(
        model,
        job,
        gpu,
        count,
        Weights::Gguf(format!("{repo}:{tag}")),
    )
}

fn command_loading(
    model: &ModelSpec,
    job: &Job,
    gpu: Option<&GpuSpec>,
    count: u32,
    weights: Weights,
) -> Option<Launch> {
    if job.mode != Mode::Inference {
        return None;
    }
    let profile = job.runtime.profile();
    let Some(flags) = profile.launch else {
        return (job.runtime == Runtime::Transformers)
            .then(|| transformers_line(model, job, gpu))
            .flatten()
            .map(|command| Launch {
                runtime: job.runtime,
                command,
            });
    };
    if let Some(env) = flags.server_env {
        return env_line(flags, env, &weights, job);
    }
    if let Some(fetch) = flags.fetch {
        return fetch_line(flags, fetch, &weights, model, job);
    }
    let mut words: Vec<String> = vec![flags.program.to_string()];
    match &weights {
        Weights::Missing => return None,
        Weights::Library(tag) => words.push(tag.to_string()),
        Weights::Gguf(repo) => {
            words.push(GGUF_REPO_FLAG.to_string());
            words.push(repo.clone());
        }
        Weights::Repo(repo) | Weights::LoadTime(repo) => {
            if let Some(m) = flags.model {
                words.push(m.to_string());
            }
            words.push(repo.clone());
            if needs_remote_code(model) && matches!(job.runtime, Runtime::Vllm | Runtime::Sglang) {
                // Both engines' flag (vLLM EngineArgs, SGLang ServerArgs).
                words.push("--trust-remote-code".to_string());
            }
        }
    }
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
    // llama-server shares `-c` among its `-np` slots: N users need N contexts.
    let slots = match (job.load.concurrency, job.runtime) {
        (Some(n), Runtime::LlamaCpp) => u64::from(n),
        _ => 1,
    };
    // A server with no context flag (MLX LM) grows its cache as the text does.
    if !flags.context.is_empty() {
        words.push(flags.context.to_string());
        words.push((job.context() * slots).to_string());
    }
    if let (Some(n), Some(flag)) = (
        job.load.concurrency,
        crate::estimate::at_load::concurrency_flag(job.runtime),
    ) {
        words.push(flag.to_string());
        words.push(n.to_string());
    }
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
    // Only a 16-bit repo quantized while loading needs the flag: a quantized checkpoint
    // says its own method in its config.
    if let (Weights::LoadTime(_), Some((flag, _)), Some(v)) =
        (&weights, flags.quantization, load_time_quantizer(job))
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
    if let Some((flag, on, off)) = flags.flash_attention {
        words.push(flag.to_string());
        words.push(if job.flash_attention { on } else { off }.to_string());
    }
    if let (Some(flag), Some(l)) = (flags.mm_limit, job.mm_limit) {
        words.push(flag.to_string());
        words.push(mm_limit_value(l));
    }
    Some(Launch {
        runtime: job.runtime,
        command: words.join(" "),
    })
}

/// `'{"image":1,"video":0}'`: the JSON vLLM reads, quoted for the shell; a modality the
/// job does not limit is left out.
fn mm_limit_value(l: crate::estimate::encoder::MmLimit) -> String {
    let mut parts = Vec::new();
    if l.image != u32::MAX {
        parts.push(format!("\"image\":{}", l.image));
    }
    if l.video != u32::MAX {
        parts.push(format!("\"video\":{}", l.video));
    }
    format!("'{{{}}}'", parts.join(","))
}

/// The line of a runtime configured through its server's environment (Ollama): the server
/// started with the variables the estimate counts, then the model
/// (`OLLAMA_CONTEXT_LENGTH=32768 OLLAMA_FLASH_ATTENTION=1 ollama serve & ollama run
/// llama3.1:8b`). Flash attention is always written as the estimate counts it (on, or off
/// when the asker turned it off), since the server's default depends on its version and
/// the model (see `OLLAMA_LAUNCH`); a quantized KV cache only runs with it on.
fn env_line(flags: &LaunchFlags, env: ServerEnv, weights: &Weights, job: &Job) -> Option<Launch> {
    let model = match weights {
        Weights::Library(tag) => tag.to_string(),
        Weights::Gguf(repo) => format!("{}{repo}", flags.gguf_repo_prefix.unwrap_or("")),
        Weights::Repo(_) | Weights::LoadTime(_) | Weights::Missing => return None,
    };
    // The context too, even at the profile's 4,096: from v0.15.5 the server's own default
    // grows with the card's memory (32k from 24 GiB, 256k from 48 GiB: docs/context-length.mdx,
    // commit 0334ffa "server: use tiered VRAM-based default context length").
    let mut vars: Vec<String> = vec![format!("{}={}", flags.context, job.context())];
    let (fa, on, off) = env.flash_attention;
    vars.push(format!(
        "{fa}={}",
        if job.flash_attention { on } else { off }
    ));
    if job.kv_precision != KvPrecision::Fp16 && job.flash_attention {
        for f in flags.kv_cache {
            vars.push(format!("{f}={}", job.kv_precision.name()));
        }
    }
    let run = format!("{} {model}", flags.program);
    let command = format!("{} {} & {run}", vars.join(" "), env.serve);
    Some(Launch {
        runtime: job.runtime,
        command,
    })
}

/// The line of a runtime that downloads and then loads (LM Studio):
/// `lms get https://huggingface.co/<repo>@<QUANT> -y && lms load <repo> -c 8192 --gpu max -y`,
/// the GPU share the offload plan keeps (`--gpu 0.6`) in place of `max`.
fn fetch_line(
    flags: &LaunchFlags,
    fetch: FetchThenLoad,
    weights: &Weights,
    model: &ModelSpec,
    job: &Job,
) -> Option<Launch> {
    let (repo, quant) = match weights {
        Weights::Gguf(r) => match r.split_once(':') {
            Some((repo, tag)) => (repo, Some(tag)),
            None => (r.as_str(), None),
        },
        Weights::Repo(r) => (r.as_str(), None),
        Weights::LoadTime(_) | Weights::Library(_) | Weights::Missing => return None,
    };
    let mut get = format!("{} {}{repo}", fetch.get, fetch.hub_url);
    if let Some(tag) = quant {
        get.push_str(fetch.quant_sep);
        get.push_str(tag);
    }
    let mut load = vec![
        get,
        fetch.yes.to_string(),
        "&&".to_string(),
        flags.program.to_string(),
        repo.to_string(),
    ];
    if !flags.context.is_empty() {
        load.push(flags.context.to_string());
        load.push(job.context().to_string());
    }
    if let Some((flag, all)) = flags.gpu_layers {
        load.push(flag.to_string());
        load.push(match job.host_offload {
            Some(HostOffload::GpuLayers(n)) => {
                let layers = f64::from(model.num_hidden_layers.max(1));
                format!("{:.2}", (f64::from(n) / layers).min(1.0))
            }
            _ => all.to_string(),
        });
    }
    load.push(fetch.yes.to_string());
    Some(Launch {
        runtime: job.runtime,
        command: load.join(" "),
    })
}

/// llama-server's flag that downloads a GGUF from a Hub repo, `repo:TAG` picking the file
/// (`common/arg.cpp`: `-hf, -hfr, --hf-repo <user>/<model>[:quant]`).
const GGUF_REPO_FLAG: &str = "-hf";
