//! The plan after the verdict: levers that make a job fit (each re-checked), serving
//! capacity, and launch lines whose flags the engines document (tests/engine_flags.txt).
//!
//! One module per topic: levers, serving capacity, the setups recommended, launch lines and
//! their checkpoints, and the launch flags the engines document.

use proptest::prelude::*;
use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::estimate::{Fit, HostOffload, Job, Mode, Precision};
use vramguide::plan::{Change, Lever, LeverKind};
use vramguide::query::Query;
use vramguide::runtime::Runtime;

fn ask(q: Query) -> Answer {
    answer::for_query(Catalog::get(), &q).expect("answer")
}

/// The job a lever describes, applied to the answer's own job: every change it names, in
/// order (a combined lever's too).
fn applied(a: &Answer, l: &Lever) -> Job {
    let mut job = a.job.clone();
    for c in l.changes() {
        c.apply(&mut job);
    }
    job
}

/// Every lever, applied on its count of the user's GPU, really fits, and needs less memory
/// per GPU than the job as asked.
fn assert_levers_fit(a: &Answer) {
    let gpu = a.gpu.expect("a named GPU");
    let before = a.fit.as_ref().expect("a verdict").per_gpu_gib;
    for l in &a.levers {
        let fit = Fit::check(&a.model, &applied(a, l), gpu, l.count).expect("valid job");
        assert!(fit.fits, "{:?} does not fit: {fit:?}", l.change);
        assert!(fit.per_gpu_gib < before, "{:?} saves nothing", l.change);
        assert!((fit.per_gpu_gib - l.fit.per_gpu_gib).abs() < 1e-9);
    }
}

/// The answer's offload lever and its split; fails the test when there is none.
fn offload_lever(a: &Answer) -> (&Lever, HostOffload) {
    let off = a
        .levers
        .iter()
        .find(|l| l.kind == LeverKind::Offload)
        .unwrap_or_else(|| panic!("{:?}", kinds(a)));
    match off.change {
        Change::Offload { offload, .. } => (off, offload),
        other => panic!("{other:?}"),
    }
}

fn kinds(a: &Answer) -> Vec<LeverKind> {
    a.levers.iter().map(|l| l.kind).collect()
}

/// Flags the engines document, as (program, flag), from tests/engine_flags.txt.
fn documented_flags() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engine_flags.txt"),
    )
    .unwrap();
    assert!(text.contains("source: https://docs.vllm.ai/"));
    assert!(text.contains("source: https://github.com/ggml-org/llama.cpp/"));
    assert!(text.contains("source: github:sgl-project/sglang "));
    assert!(text.contains("source: github:ollama/ollama "));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (program, flag) = l.rsplit_once(' ').unwrap();
            (program.to_string(), flag.to_string())
        })
        .collect()
}

/// The repo a launch line loads: `vllm serve REPO`, `llama-server -hf REPO[:TAG]`,
/// `from_pretrained('REPO', …)`.
fn launched_repo(cmd: &str) -> String {
    if let Some(rest) = cmd.strip_prefix("vllm serve ") {
        return rest.split_whitespace().next().unwrap().to_string();
    }
    // Ollama: `[VARS ollama serve & ]ollama run TAG`, a Hub GGUF as `hf.co/REPO:TAG`.
    if let Some((_, rest)) = cmd.split_once("ollama run ") {
        let model = rest.split_whitespace().next().unwrap();
        return model.strip_prefix("hf.co/").unwrap_or(model).to_string();
    }
    // MLX LM: `mlx_lm.server --model REPO`.
    if let Some(rest) = cmd.strip_prefix("mlx_lm.server --model ") {
        return rest.split_whitespace().next().unwrap().to_string();
    }
    // LM Studio: `lms get https://huggingface.co/REPO[@QUANT] -y && lms load …`.
    if let Some(rest) = cmd.strip_prefix("lms get https://huggingface.co/") {
        let url = rest.split_whitespace().next().unwrap();
        return url.replace('@', ":");
    }
    if let Some(rest) = cmd.strip_prefix("llama-server -hf ") {
        return rest.split_whitespace().next().unwrap().to_string();
    }
    if let Some(at) = cmd.find("--model-path ") {
        return cmd[at + "--model-path ".len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .to_string();
    }
    let at = cmd.find("from_pretrained('").expect(cmd) + "from_pretrained('".len();
    cmd[at..].split('\'').next().unwrap().to_string()
}

/// Bytes in a GiB.
const GIB_F: f64 = 1024.0 * 1024.0 * 1024.0;

mod checkpoints;
mod launch;
mod launch_flags;
mod levers;
mod serving;
mod setups;
