//! Errors people paste that are not about memory running out, named in one line with the
//! usual fix: a driver older than the CUDA the library was built for (torch/cuda/__init__.py:
//! "The NVIDIA driver on your system is too old (found version 11060)"), a kernel's illegal
//! memory access, NCCL failures, tokenizer files newer than `tokenizers`, missing modules,
//! a full disk, a missing file, and bitsandbytes' CUDA set-up. Never an estimate, never a
//! card to buy: the card was not the problem.

use super::figures::{line_at, number, re};
use super::{Diagnosis, Engine, Figures, Fix, Kind};
use regex::Regex;
use std::sync::LazyLock;

static DRIVER: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)driver on your system is too old \(found version (\d+)\)"));
static MODULE: LazyLock<Regex> = LazyLock::new(|| re(r#"No module named ['"]?([\w.]+)"#));

/// Each kind by the phrases its message holds, most specific first: a bitsandbytes set-up
/// failure mentions missing files, an NCCL failure may mention an illegal access.
const PHRASES: &[(Kind, &[&str])] = &[
    (
        Kind::DriverTooOld,
        &[
            "driver on your system is too old",
            "driver version is insufficient",
        ],
    ),
    (Kind::BitsandbytesSetup, &["cuda setup failed"]),
    (Kind::IllegalMemoryAccess, &["illegal memory access"]),
    (
        Kind::Nccl,
        &[
            "nccl error",
            "ncclsystemerror",
            "ncclinternalerror",
            "ncclunhandledcudaerror",
        ],
    ),
    (
        Kind::Tokenizer,
        &["did not match any variant of untagged enum"],
    ),
    (
        Kind::DiskFull,
        &[
            "no space left on device",
            "errno 28",
            "storagefull",
            "disk quota exceeded",
        ],
    ),
    (Kind::MissingModule, &["no module named"]),
    (
        Kind::MissingFile,
        &[
            "no such file or directory",
            "does not appear to have a file named",
            "filenotfounderror",
        ],
    ),
];

pub(super) fn read(text: &str, lower: &str, engine: Engine) -> Option<Diagnosis> {
    let (kind, at) = PHRASES.iter().find_map(|(kind, phrases)| {
        phrases
            .iter()
            .filter_map(|p| lower.find(p))
            .min()
            .map(|at| (*kind, at))
    })?;
    let fixes = fixes(kind, text, lower, engine);
    let engine = match kind {
        Kind::BitsandbytesSetup => Engine::Bitsandbytes,
        Kind::Tokenizer => Engine::Transformers,
        Kind::DriverTooOld | Kind::Nccl
            if !matches!(engine, Engine::Vllm | Engine::Sglang | Engine::Deepspeed) =>
        {
            Engine::Torch
        }
        _ => engine,
    };
    Some(Diagnosis {
        engine,
        kind,
        training: false,
        figures: Figures::default(),
        quote: line_at(text, at).to_string(),
        fixes,
        model_in_log: None,
        words: String::new(),
    })
}

/// Packages whose module names people paste, by the top-level module.
const PACKAGES: &[(&str, &str)] = &[
    ("vllm", "vllm"),
    ("sglang", "sglang"),
    ("torch", "torch"),
    ("transformers", "transformers"),
    ("flash_attn", "flash-attn --no-build-isolation"),
    ("bitsandbytes", "bitsandbytes"),
    ("unsloth", "unsloth"),
    ("deepspeed", "deepspeed"),
    ("uvloop", "uvloop"),
    ("accelerate", "accelerate"),
    ("peft", "peft"),
    ("xformers", "xformers"),
    ("triton", "triton"),
    ("llama_cpp", "llama-cpp-python"),
    ("mlx", "mlx"),
    ("mlx_lm", "mlx-lm"),
];

fn fixes(kind: Kind, text: &str, lower: &str, engine: Engine) -> Vec<Fix> {
    match kind {
        Kind::DriverTooOld => {
            let mut fixes = vec![Fix::UpdateDriver];
            // 11060 is CUDA 11.6: the PyTorch build for it runs on that driver.
            if let Some(v) = number::<u32>(&DRIVER, text).filter(|v| *v >= 10000) {
                fixes.push(Fix::TorchForDriver(v / 1000 * 10 + v % 1000 / 10));
            }
            fixes
        }
        Kind::IllegalMemoryAccess => {
            let mut fixes = vec![Fix::CudaLaunchBlocking];
            match engine {
                Engine::Vllm => fixes.extend([Fix::EnforceEager, Fix::UpgradeEngine("vllm")]),
                Engine::Sglang => fixes.push(Fix::UpgradeEngine("sglang")),
                _ => {}
            }
            fixes
        }
        Kind::Nccl => {
            if lower.contains("shm") || lower.contains("shared memory") || lower.contains("docker")
            {
                vec![Fix::NcclShm, Fix::NcclDebug]
            } else {
                vec![Fix::NcclDebug, Fix::NcclShm]
            }
        }
        Kind::Tokenizer => vec![Fix::UpgradeTokenizers],
        Kind::DiskFull => vec![Fix::FreeDisk],
        Kind::MissingModule => {
            let module = MODULE
                .captures(text)
                .map(|c| c[1].to_string())
                .unwrap_or_default();
            let top = module.split('.').next().unwrap_or("");
            match PACKAGES.iter().find(|(m, _)| *m == top) {
                Some((_, package)) => vec![Fix::Reinstall(package)],
                None => vec![Fix::CheckPath],
            }
        }
        Kind::BitsandbytesSetup => vec![Fix::UpgradeBitsandbytes],
        _ => vec![Fix::CheckPath],
    }
}
