//! Pasted out-of-memory errors: which engine wrote them, what their figures say, and the
//! fixes as commands.
//!
//! Each engine's message is read in its own file, from the format its source prints
//! (PyTorch's caching allocator, vLLM's KV cache check, llama.cpp's CUDA backend, SGLang's
//! model runner). Reading is pure: the answer layer adds our own estimate for the model the
//! log names, and rendering adds the words.

mod figures;
mod fixes;
mod llama_cpp;
mod sglang;
mod torch;
mod vllm;

pub use fixes::Fix;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder};
use serde::Serialize;
use std::sync::LazyLock;

/// Logs longer than this are read from their last bytes: the error sits at the end.
pub const MAX_LOG_BYTES: usize = 64 * 1024;

/// The program that printed the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Engine {
    #[serde(rename = "torch")]
    Torch,
    #[serde(rename = "vllm")]
    Vllm,
    #[serde(rename = "llama.cpp")]
    #[strum(to_string = "llama.cpp")]
    LlamaCpp,
    #[serde(rename = "sglang")]
    Sglang,
}

impl Engine {
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Kind {
    /// PyTorch's allocator could not get a block ("CUDA out of memory. Tried to allocate").
    CudaOom,
    /// vLLM: the model's max length needs more KV cache than is left after the weights.
    MaxModelLen,
    /// vLLM: nothing at all is left for the KV cache after weights and activations.
    NoCacheMemory,
    /// vLLM: other processes hold memory the utilization share counts on.
    FreeMemoryBelowUtilization,
    /// llama.cpp: the weights on the GPU did not fit.
    ModelBuffer,
    /// llama.cpp: the KV cache for `-c` did not fit.
    KvCacheBuffer,
    /// llama.cpp: the compute (scratch) buffers did not fit.
    ComputeBuffer,
    /// SGLang: after the weights, the static share leaves no room for the token pool.
    NotEnoughMemory,
    /// SGLang: capturing CUDA graphs ran out of memory.
    CudaGraph,
}

impl Kind {
    pub fn id(self) -> &'static str {
        self.into()
    }
}

/// What the log's own figures say; every field the log did not print is None.
/// Sizes are GiB (2^30 bytes), as the engines print them.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Figures {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tried_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_gib: Option<f64>,
    /// Memory this process holds, PyTorch's and not ("Process 1234 has 22.51 GiB memory in use").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_use_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocated_gib: Option<f64>,
    /// Reserved by PyTorch's cache but holding no tensor: fragmentation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved_unallocated_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weights_gib: Option<f64>,
    /// The context the engine was asked to hold (vLLM's max seq len, llama.cpp's n_ctx).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_seq_len: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kv_needed_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kv_available_gib: Option<f64>,
    /// The longest context the engine says the memory holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimated_max_len: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_memory_utilization: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mem_fraction_static: Option<f64>,
    /// llama.cpp: layers on the GPU and in the model ("offloaded 33/33 layers to GPU").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_on_gpu: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_total: Option<u32>,
}

impl Figures {
    /// Memory neither PyTorch's tensors nor its cache hold, nor free: the CUDA context,
    /// other libraries (NCCL, cuBLAS workspaces) and other processes.
    pub fn other_gib(&self) -> Option<f64> {
        let used = self.total_gib? - self.free_gib?;
        let torch = self.allocated_gib? + self.reserved_unallocated_gib.unwrap_or(0.0);
        Some((used - torch).max(0.0))
    }
}

/// One pasted error, read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnosis {
    pub engine: Engine,
    pub kind: Kind,
    /// The log mentions backward passes or an optimizer: a training job.
    pub training: bool,
    #[serde(flatten)]
    pub figures: Figures,
    /// The error line as printed, trimmed, to quote back.
    pub quote: String,
    pub fixes: Vec<Fix>,
}

/// Phrases only a pasted error holds; a message with none of them is not read further, so
/// the ordinary question pays one scan.
const TRIGGERS: &[&str] = &[
    "out of memory",
    "tried to allocate",
    "outofmemoryerror",
    "cache blocks",
    "kv cache is needed",
    "can be stored in kv cache",
    "failed to allocate",
    "unable to allocate",
    "cudamalloc",
    "mem-fraction-static",
    "capture cuda graph failed",
    "less than desired gpu memory utilization",
];

static TRIGGER: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .build(TRIGGERS)
        .expect("the trigger phrases are few and short")
});

/// Whether `text` holds a pasted error worth reading.
pub fn looks_like_error(text: &str) -> bool {
    TRIGGER.is_match(tail(text))
}

/// What a message holds, when it holds an error.
#[derive(Debug, Clone, PartialEq)]
pub enum Read {
    Known(Box<Diagnosis>),
    /// It reads as an out-of-memory error, but of an engine or format we do not know.
    Unknown,
}

/// Read a pasted error; None when the text holds none.
pub fn read(text: &str) -> Option<Read> {
    let text = tail(text);
    if !TRIGGER.is_match(text) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let found = vllm::read(text, &lower)
        .or_else(|| sglang::read(text, &lower))
        .or_else(|| llama_cpp::read(text, &lower))
        .or_else(|| torch::read(text, &lower));
    Some(match found {
        Some(mut d) => {
            d.quote = quote(&d.quote);
            Read::Known(Box::new(d))
        }
        None => Read::Unknown,
    })
}

/// Where a pasted log starts: its first line break, or the first word only logs hold.
const LOG_STARTS: &[&str] = &[
    "Traceback",
    "RuntimeError",
    "ValueError",
    "torch.",
    "ggml_",
    "llama_",
    "cudaMalloc",
    "alloc_tensor",
    "INFO",
    "ERROR",
    "WARNING",
    "(EngineCore",
    "CUDA out of memory",
];

/// The words a person typed before the log they pasted: the language of the reply is
/// theirs, not the log's.
pub fn before_log(text: &str) -> &str {
    let end = LOG_STARTS
        .iter()
        .filter_map(|m| text.find(m))
        .chain(text.find('\n'))
        .min()
        .unwrap_or(text.len());
    &text[..end]
}

/// The last [`MAX_LOG_BYTES`] of a log, cut at a character boundary.
fn tail(text: &str) -> &str {
    if text.len() <= MAX_LOG_BYTES {
        return text;
    }
    let mut start = text.len() - MAX_LOG_BYTES;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

/// The error line to quote back: one line, at most 300 characters.
fn quote(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(300) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// Words a training log holds and an inference log does not.
fn is_training(lower: &str) -> bool {
    [
        "backward",
        "optimizer",
        "trainer",
        ".train(",
        "train.py",
        "finetune",
        "fine-tune",
        "sft",
        "accelerate launch",
        "peft",
        "lora",
        "treino",
        "treinando",
        "treinar",
        "entrenando",
        "entrenar",
        "entrenamiento",
        "训练",
        "微调",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

#[cfg(test)]
mod tests;
