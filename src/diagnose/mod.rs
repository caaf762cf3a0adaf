//! Pasted out-of-memory errors: which engine wrote them, what their figures say, and the
//! fixes as commands.
//!
//! Each engine's message is read in its own file, from the format its source prints
//! (PyTorch's caching allocator, vLLM's KV cache check, llama.cpp's CUDA, ROCm, Vulkan and
//! Metal backends, SGLang's model runner, Ollama's scheduler, TGI's warm-up, MLX's Metal
//! command buffers); errors that are not about memory (drivers, NCCL, tokenizers, imports,
//! disks, missing files) are named in `not_memory.rs`. Reading is pure: the answer layer adds
//! our own estimate for the model the words or the log name, and rendering adds the words.

mod figures;
mod fixes;
mod llama_cpp;
mod model_hint;
mod not_memory;
mod ollama;
mod serving;
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
    #[serde(rename = "ollama")]
    Ollama,
    /// Hugging Face text-generation-inference.
    #[serde(rename = "tgi")]
    Tgi,
    #[serde(rename = "deepspeed")]
    Deepspeed,
    #[serde(rename = "bitsandbytes")]
    Bitsandbytes,
    #[serde(rename = "unsloth")]
    Unsloth,
    #[serde(rename = "mlx")]
    Mlx,
    /// Hugging Face transformers (its tokenizers and `from_pretrained`).
    #[serde(rename = "transformers")]
    Transformers,
}

impl Engine {
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The name the project itself uses, for titles.
    pub fn display_name(self) -> &'static str {
        match self {
            Engine::Torch => "PyTorch",
            Engine::Vllm => "vLLM",
            Engine::LlamaCpp => "llama.cpp",
            Engine::Sglang => "SGLang",
            Engine::Ollama => "Ollama",
            Engine::Tgi => "TGI",
            Engine::Deepspeed => "DeepSpeed",
            Engine::Bitsandbytes => "bitsandbytes",
            Engine::Unsloth => "Unsloth",
            Engine::Mlx => "MLX",
            Engine::Transformers => "transformers",
        }
    }

    /// Servers that only run models: a word in their log ("backwards", "lora") never makes
    /// the job training; only the asker's words can.
    fn serves(self) -> bool {
        matches!(
            self,
            Engine::Vllm
                | Engine::LlamaCpp
                | Engine::Sglang
                | Engine::Ollama
                | Engine::Tgi
                | Engine::Mlx
        )
    }
}

/// The engine a log comes from, by the words only its logs hold. Wrappers first: Ollama
/// prints llama.cpp's lines, vLLM and SGLang print PyTorch's, Unsloth prints transformers'.
fn engine_of(lower: &str) -> Engine {
    const BY_WORDS: &[(&[&str], Engine)] = &[
        (
            &[
                "ollama",
                "num_gpu",
                "msg=\"",
                "requires more system memory",
                "layers.requested",
                "memory.available=",
            ],
            Engine::Ollama,
        ),
        (
            &[
                "vllm",
                "enginecore",
                "gpu_model_runner",
                "max_num_seqs",
                "async_llm_engine",
                "llm_engine.py",
            ],
            Engine::Vllm,
        ),
        (
            &["sglang", "mem_fraction_static", "mem-fraction-static"],
            Engine::Sglang,
        ),
        (
            &[
                "text_generation",
                "text-generation-launcher",
                "max-batch-prefill-tokens",
                "prefill tokens",
            ],
            Engine::Tgi,
        ),
        (&["unsloth"], Engine::Unsloth),
        // launch.py's sigkill_handler is DeepSpeed's launcher.
        (
            &[
                "deepspeed",
                "zero_optimization",
                "zero-3",
                "zero3",
                "sigkill_handler",
            ],
            Engine::Deepspeed,
        ),
        (&["bitsandbytes", "libbitsandbytes"], Engine::Bitsandbytes),
        (&["[metal]", "mlx", "mlx_lm"], Engine::Mlx),
        (
            &[
                "ggml_",
                "llama_",
                "llm_load",
                "load_tensors",
                "alloc_tensor_range",
                "ggml-",
                "kiogpucommandbuffer",
            ],
            Engine::LlamaCpp,
        ),
        (
            &[
                "transformers",
                "tokenizer",
                "from_pretrained",
                "safetensors",
            ],
            Engine::Transformers,
        ),
    ];
    let by_words = BY_WORDS
        .iter()
        .find(|(words, _)| words.iter().any(|w| lower.contains(w)))
        .map(|(_, e)| *e);
    match by_words {
        // vLLM's logger prefix ("ERROR 09-27 06:46:46 engine.py:157]", vllm/logger.py) names
        // it when no word does; it outranks only the frameworks vLLM itself imports.
        None | Some(Engine::Transformers) if VLLM_PREFIX.is_match(lower) => Engine::Vllm,
        Some(e) => e,
        None => Engine::Torch,
    }
}

/// vLLM's log line prefix: level, `MM-DD HH:MM:SS`, `file.py:line]`.
static VLLM_PREFIX: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"(?m)^(?:\([^)\n]*\) )?(?:info|warning|error|debug) \d\d-\d\d \d\d:\d\d:\d\d \[?[\w.]+\.py:\d+\]")
        .expect("the vLLM prefix pattern is valid")
});

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
    /// SGLang or vLLM: capturing CUDA graphs ran out of memory.
    CudaGraph,
    /// vLLM: the sampler's warm-up with `max_num_seqs` dummy requests ran out of memory.
    SamplerWarmup,
    /// vLLM: the profile run with the worst-case images and videos ran out of memory.
    MultimodalProfile,
    /// vLLM: the profile run (one batch of `max_num_batched_tokens`) ran out of memory.
    ProfileRun,
    /// Ollama: the model needs more system memory than is free.
    SystemMemory,
    /// TGI: the warm-up batch of prefill tokens did not fit.
    PrefillTokens,
    /// Metal (llama.cpp or MLX on a Mac): the GPU's share of unified memory ran out.
    MetalOutOfMemory,
    // Not memory errors: named, with the usual fix, never with an estimate.
    /// The NVIDIA driver is older than the CUDA the library was built for.
    DriverTooOld,
    /// A kernel read or wrote outside its memory: a bug or a broken build, not a full card.
    IllegalMemoryAccess,
    /// NCCL, the library GPUs talk to each other through, failed.
    Nccl,
    /// The tokenizer file is newer than the `tokenizers` library reading it.
    Tokenizer,
    /// A Python module (or an engine's compiled part) is missing.
    MissingModule,
    /// The disk is full.
    DiskFull,
    /// A file the job needs is not where it looks.
    MissingFile,
    /// bitsandbytes found no CUDA library it was built for.
    BitsandbytesSetup,
}

impl Kind {
    pub fn id(self) -> &'static str {
        self.into()
    }

    /// Whether the error is about memory running out; the rest get no estimate and no
    /// card to buy.
    pub fn is_memory(self) -> bool {
        !matches!(
            self,
            Kind::DriverTooOld
                | Kind::IllegalMemoryAccess
                | Kind::Nccl
                | Kind::Tokenizer
                | Kind::MissingModule
                | Kind::DiskFull
                | Kind::MissingFile
                | Kind::BitsandbytesSetup
        )
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
    /// llama.cpp: whether flash attention was on (`flash_attn = 0/1/enabled/disabled`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flash_attn: Option<bool>,
    /// llama.cpp: the micro-batch (`n_ubatch`), which sizes the compute buffer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n_ubatch: Option<u64>,
    /// Free memory per device when the log lists it (llama.cpp's "using device CUDA0 (…) -
    /// 23000 MiB free", Ollama's `memory.available="[…]"`), in device order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub devices_free_gib: Vec<f64>,
    /// vLLM: the number of sequences a batch may hold (or the sampler warmed up with).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_num_seqs: Option<u64>,
    /// Ollama: system memory the model needs and what is available.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_required_gib: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_available_gib: Option<f64>,
    /// TGI: the prefill tokens (and total tokens) the warm-up could not hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefill_tokens: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_tokens: Option<u64>,
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
    /// A training job: the asker says so, or a training framework's log (never a word in a
    /// server's log) shows a backward pass or an optimizer.
    pub training: bool,
    #[serde(flatten)]
    pub figures: Figures,
    /// The error line as printed, trimmed, to quote back.
    pub quote: String,
    pub fixes: Vec<Fix>,
    /// The model the log names (`--model`, a repo id, a GGUF file, `general.name`), as
    /// printed; the words around the log come first ([`Diagnosis::subject`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_in_log: Option<String>,
    /// What the asker wrote around the log ("qwen3 14b numa 4080"), not serialized.
    #[serde(skip)]
    pub words: String,
}

impl Diagnosis {
    /// The text to size our estimate from: the asker's words, then the model the log names.
    /// Empty when neither names anything: then no estimate is attached. A number inside a
    /// log ("70000" tokens) never reaches it.
    pub fn subject(&self) -> String {
        let words = self.words.trim();
        match &self.model_in_log {
            Some(m) if !words.is_empty() => format!("{words} {m}"),
            Some(m) => m.clone(),
            None => words.to_string(),
        }
    }
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
    "requires more system memory",
    "device memory allocation of size",
    "erroroutofdevicememory",
    "error_out_of_device_memory",
    "kiogpucommandbuffercallbackerroroutofmemory",
    "not enough memory to handle",
    "not enough memory. please",
    "warming up sampler",
    "_dummy_sampler_run",
    "command buffer execution failed: insufficient memory",
    // Not memory errors, named so they are not answered as questions.
    "driver on your system is too old",
    "driver version is insufficient",
    "illegal memory access",
    "nccl error",
    "ncclsystemerror",
    "ncclinternalerror",
    "ncclunhandledcudaerror",
    "did not match any variant of untagged enum",
    "no module named",
    "no space left on device",
    "disk quota exceeded",
    "errno 28",
    "no such file or directory",
    "does not appear to have a file named",
    "cuda setup failed",
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
    let engine = engine_of(&lower);
    let found = ollama::read(text, &lower)
        .or_else(|| vllm::read(text, &lower))
        .or_else(|| sglang::read(text, &lower))
        .or_else(|| serving::read(text, &lower))
        .or_else(|| llama_cpp::read(text, &lower, engine))
        .or_else(|| torch::read(text, &lower, engine))
        .or_else(|| not_memory::read(text, &lower, engine));
    let words = before_log(text).trim().to_string();
    Some(match found {
        Some(mut d) => {
            d.quote = quote(&d.quote);
            d.training = if d.engine.serves() || !d.kind.is_memory() {
                is_training(&words.to_lowercase())
            } else {
                d.training || is_training(&words.to_lowercase())
            };
            if d.kind.is_memory() {
                d.model_in_log = model_hint::find(text);
            }
            d.words = words;
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
    "(Vllm",
    "CUDA out of memory",
    "OutOfMemoryError",
    "Error:",
    "error:",
    "Exception",
    "OSError",
    "ModuleNotFoundError",
    "libc++abi",
    "time=",
    "load_tensors",
    "llm_load",
    "print_info",
    "[rank",
    "```",
];

/// A line that starts like a log line (a timestamp, a bracketed tag, a process prefix),
/// not like words someone typed.
static LOG_LINE: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(
        r"^\s*(?:\d{4}-\d\d-\d\d|\d\d:\d\d|[A-Z][a-z]{2} +\d+ \d\d:|[\[(<{|>]|(?:INFO|ERROR|WARN|WARNING|DEBUG)\b|\d+\.\d+\.\d+|[\w.]+\.(?:py|cpp|cu|go):|\$ |\./|python3? (?:-m )?\S|vllm serve |ollama (?:run|pull|serve|create) |docker (?:run|compose) |torchrun |accelerate launch |deepspeed |text-generation-launcher |CUDA_VISIBLE_DEVICES=)",
    )
    .expect("the log-line pattern is valid")
});

/// The words a person typed before the log they pasted: the language of the reply is
/// theirs, not the log's.
pub fn before_log(text: &str) -> &str {
    let end = LOG_STARTS
        .iter()
        .filter_map(|m| text.find(m))
        .chain(text.find('\n'))
        .min()
        .unwrap_or(text.len());
    let words = &text[..end];
    if LOG_LINE.is_match(words) { "" } else { words }
}

/// A paste of any length as the readers see it: whole when it fits in [`MAX_LOG_BYTES`],
/// else the asker's words at its start (the model and card they name) and the last
/// [`MAX_LOG_BYTES`] of the log, where the error is. For the adapters that take a paste
/// (the CLI's stdin, the web's box and JSON body).
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= MAX_LOG_BYTES {
        return std::borrow::Cow::Borrowed(text);
    }
    let words = before_log(text).trim();
    let words = match words.char_indices().nth(300) {
        Some((cut, _)) => &words[..cut],
        None => words,
    };
    std::borrow::Cow::Owned(format!("{words}\n{}", tail(text)))
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

/// Words a training log (or an asker who trains) holds and an inference log does not.
fn is_training(lower: &str) -> bool {
    [
        "backward(",
        ".backward",
        "optimizer",
        "trainer",
        ".train(",
        "train.py",
        "training",
        " train ",
        " train,",
        "to train",
        "finetune",
        "fine-tune",
        "fine-tuning",
        "finetuning",
        "sfttrainer",
        "sft_",
        " sft ",
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
