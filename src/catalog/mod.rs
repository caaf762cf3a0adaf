//! The catalog: model architectures and GPU specifications, embedded at compile time from
//! `data/models.json` and `data/gpus.json` (facts with their sources, see `data/SOURCES.md`).
//!
//! Embedding keeps the binary self-contained (nothing is fetched at run time) and lets the
//! pure core borrow `&'static` specs without any I/O.

pub mod checkpoints;
mod gpu;
mod groups;
mod lookup;
mod model_ref;
mod name;
mod synthetic;
mod tokens;

use crate::vocab::Precision;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

pub use gpu::*;
pub use groups::ParamGroups;
pub use lookup::{GpuMatch, LookupError, MatchKind, ModelMatch, core_name};
pub use model_ref::ModelRef;
pub use name::{SizedName, is_variant_word};
pub use synthetic::synthetic_model;

pub use tokens::{is_version, normalize, size_b as size_of, tokenize};

/// A size ("70b") or a version ("3.1", "r1") token.
pub fn tokens_size_or_version(token: &str) -> bool {
    size_of(token).is_some() || is_version(token)
}

/// How attention stores keys and values; decides the KV-cache formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Attention {
    Mha,
    Gqa,
    Mqa,
    /// Multi-head latent attention (DeepSeek V3/R1): a compressed latent per token and layer.
    Mla,
}

/// Mixture-of-experts layout, as in `models.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Moe {
    pub num_experts: u32,
    pub experts_per_token: u32,
    #[serde(default)]
    pub shared_experts: u32,
    pub expert_intermediate_size: u32,
    pub moe_layers: u32,
    #[serde(default)]
    pub dense_layers: Option<u32>,
    /// Width the routed experts work in when it is not the hidden size (Nemotron 3 Super's
    /// `moe_latent_size`: each MoE layer projects down to it and back up).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latent_size: Option<u32>,
    /// The routed experts are stored as one 3-D tensor per layer, not one Linear layer
    /// each (gpt-oss's `GptOssExperts.gate_up_proj`): LoRA's "all-linear" skips them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fused_experts: bool,
}

/// One model architecture; field names follow Hugging Face `config.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ModelSpec {
    pub id: String,
    pub display_name: String,
    pub family: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Unique parameters (tied embeddings counted once; MoE: all experts).
    pub params_total: u64,
    pub params_active: u64,
    pub num_hidden_layers: u32,
    pub hidden_size: u32,
    pub intermediate_size: u32,
    pub num_attention_heads: u32,
    pub num_key_value_heads: u32,
    #[serde(default)]
    pub head_dim: Option<u32>,
    pub vocab_size: u32,
    /// None for ALiBi models (BLOOM) that have no fixed maximum.
    #[serde(default)]
    pub max_position_embeddings: Option<u64>,
    pub tie_word_embeddings: bool,
    #[serde(default)]
    pub moe: Option<Moe>,
    pub attention: Attention,
    #[serde(default)]
    pub sliding_window: Option<u32>,
    #[serde(default)]
    pub sliding_window_pattern: Option<String>,
    #[serde(default)]
    pub kv_lora_rank: Option<u32>,
    #[serde(default)]
    pub qk_rope_head_dim: Option<u32>,
    #[serde(default)]
    pub license: Option<String>,
    #[serde(default)]
    pub release: Option<String>,
    /// The format the published checkpoint ships in: what runs when the user names none
    /// (bf16 for most; FP8 block-scaled for DeepSeek V3/R1; MXFP4 experts for gpt-oss).
    #[serde(default = "default_native")]
    pub native_precision: Precision,
    #[serde(default)]
    pub sources: Vec<String>,
    /// True when the architecture was derived from a bare size, not taken from the catalog.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub synthetic: bool,
    /// For a synthetic shape: the catalog id of the model whose architecture it scales.
    /// A field of its own so no one has to parse it back out of `sources`.
    #[serde(skip)]
    pub shape_of: Option<String>,
    /// Hybrid models (Qwen3-Next, Granite 4.0-H, Falcon-H1, Jamba, MiniMax): the layers that
    /// keep a fixed-size recurrent state per sequence instead of a KV cache growing with
    /// the context. None: every layer is attention.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_layers: Option<StateLayers>,
    /// Parameters of the vision tower and projector of a multimodal checkpoint, already
    /// included in `params_total` (they load with the weights whether or not images come).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vision_params: Option<u64>,
    /// Context tokens one image takes (a fixed count such as Gemma 3's 256, or what a
    /// typical 1024x1024 picture becomes for models that tile or resize).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_per_image: Option<u32>,
    /// Where the spec came from when not from `models.json`: the Hub or a user's config.json.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
    /// The exact bytes of the repo's weight files, read from their headers (Hub look-ups):
    /// used instead of the parameter count times bits when the job runs in that format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight_file: Option<WeightFile>,
    /// The parameter count the config's shapes give, kept only when it disagrees with the
    /// checkpoint's own count (safetensors headers) by more than 2 %: the answer says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_params: Option<u64>,
    /// DeepSeek Sparse Attention (V3.2): the lightning indexer keeps its own key of this
    /// many values per token and layer beside the MLA latent, for the whole context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_head_dim: Option<u32>,
    /// The Hugging Face repo people serve for this model (`meta-llama/Llama-3.1-8B-Instruct`):
    /// what the launch line names, and a name that resolves to the entry without a Hub
    /// look-up. Every catalog entry has one (data/gen/hub_ids.py); a Hub look-up keeps its
    /// repo; None for specs that have no repo (a bare size, a user's config.json).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hub_id: Option<String>,
    /// Values per KV head when they are narrower than the keys' `head_dim` (MiMo-V2-Flash:
    /// keys 192, values 128). None: the same width.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_head_dim: Option<u32>,
    /// KV heads of the sliding-window layers when they differ from the global layers'
    /// (MiMo-V2-Flash: 8 against 4). None: the same heads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_num_key_value_heads: Option<u32>,
    /// Head size of the full-attention layers when it differs from the sliding-window
    /// layers' `head_dim` (Gemma 4: 512 against 256); their KV heads are
    /// `num_key_value_heads`, the sliding layers' `local_num_key_value_heads`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global_head_dim: Option<u32>,
    /// KV values per token counted layer by layer, used instead of the config's heads and
    /// head sizes: from a checkpoint's k/v projections (Hub look-ups with safetensors
    /// headers), or from a config that lists its layers one by one (DeciLM's
    /// `block_configs`, where some layers have no attention).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kv_layout: Option<KvLayout>,
    /// The checkpoint's parameters by group (embeddings, attention, MLP, experts, vision
    /// tower), from its safetensors headers; None where there are none or a weight is
    /// packed. Used over the config's shapes for the 16-bit tables, the experts and the
    /// active count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param_groups: Option<ParamGroups>,
}

/// Values one token adds to the KV cache, summed over the layers that keep one: those of
/// full-context layers and those a window caps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct KvLayout {
    /// Layers that keep a KV cache.
    pub layers: u32,
    pub global_values: u64,
    pub local_values: u64,
}

impl WeightFile {
    /// True when a job in `precision` loads these files as they are: the same format, or
    /// another name for it ("fp8" for FP8 block-scaled files, "int4" for GPTQ or AWQ ones).
    pub fn serves(&self, precision: Precision) -> bool {
        precision == self.precision
            || (precision.format() == self.precision.format()
                && precision.format() != crate::vocab::Format::Gguf
                && precision.bits_per_weight().round() == self.precision.bits_per_weight().round())
    }
}

/// Where a model spec that is not in the catalog came from.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Origin {
    /// Looked up on the Hugging Face Hub (config.json and weight-file headers).
    Hub,
    /// A config.json the user brought.
    Config,
    /// Sized from the size in a name the catalog does not hold, shaped like its family.
    Name,
    /// Found with the Hub's search for a free-text name, then looked up like a repo id.
    Search,
}

impl Origin {
    /// The `query.source` of the JSON contract.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What a repo's weight files hold, summed from their safetensors or GGUF headers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WeightFile {
    /// Bytes of every tensor (data offsets or ggml type sizes), all shards.
    pub bytes: u64,
    /// The format these bytes are in: the job's precision must be this one to use them.
    pub precision: Precision,
    pub tensors: u64,
    /// Tensors stored in a quantized type (FP8, packed integers, GGUF blocks).
    pub quantized_tensors: u64,
    /// `quantization_config.quant_method` (fp8, gptq, awq, bitsandbytes, mxfp4,
    /// compressed-tensors) or the GGUF file's quant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Bytes per stored dtype ("BF16", "F8_E4M3", "Q4_K"...).
    #[serde(default)]
    pub bytes_by_dtype: std::collections::BTreeMap<String, u64>,
    /// Weight files read (shards or the chosen GGUF file).
    #[serde(default)]
    pub files: Vec<String>,
    /// Bytes of the token-embedding table, which some runtimes keep in CPU memory
    /// (llama.cpp's `token_embd`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embedding_bytes: Option<u64>,
}

/// What kind of fixed-size state a hybrid model's non-attention layers keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StateKind {
    /// Mamba-1 selective scan (Jamba): `d_inner x d_state` plus a convolution window.
    Mamba,
    /// Mamba-2 (Granite 4.0-H, Falcon-H1, Nemotron-H): heads x head dim x state size.
    Mamba2,
    /// Gated DeltaNet linear attention (Qwen3-Next): a key x value matrix per value head.
    GatedDeltanet,
    /// Lightning (linear) attention (MiniMax-Text-01, M1): a head dim squared per head.
    Lightning,
}

/// The recurrent layers of a hybrid model. Field names follow the Hugging Face configs
/// (`mamba_*` in Jamba, GraniteMoeHybrid, FalconH1; `linear_*` in Qwen3-Next), so a
/// converter from a config.json fills them as they are.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StateLayers {
    pub kind: StateKind,
    /// Layers that keep a state (count of `mamba` / `linear_attention` in `layer_types`).
    pub layers: u32,
    /// Layers whose KV cache grows with the context. A sequential hybrid has
    /// `num_hidden_layers - layers`; a parallel one (Falcon-H1, attention and Mamba side by
    /// side in each layer) has `num_hidden_layers`.
    pub attention_layers: u32,
    /// SSM state size N (`mamba_d_state`).
    #[serde(default)]
    pub mamba_d_state: Option<u32>,
    /// Causal convolution width (`mamba_d_conv`).
    #[serde(default)]
    pub mamba_d_conv: Option<u32>,
    /// Mamba-2 heads (`mamba_n_heads`).
    #[serde(default)]
    pub mamba_n_heads: Option<u32>,
    /// Mamba-2 head dimension (`mamba_d_head`).
    #[serde(default)]
    pub mamba_d_head: Option<u32>,
    /// Mamba-2 B/C groups (`mamba_n_groups`).
    #[serde(default)]
    pub mamba_n_groups: Option<u32>,
    /// Inner width over hidden size (`mamba_expand`), for Mamba-1's `d_inner`.
    #[serde(default)]
    pub mamba_expand: Option<u32>,
    /// Gated DeltaNet key heads (`linear_num_key_heads`).
    #[serde(default)]
    pub linear_num_key_heads: Option<u32>,
    /// Gated DeltaNet value heads (`linear_num_value_heads`).
    #[serde(default)]
    pub linear_num_value_heads: Option<u32>,
    #[serde(default)]
    pub linear_key_head_dim: Option<u32>,
    #[serde(default)]
    pub linear_value_head_dim: Option<u32>,
    /// Gated DeltaNet short convolution width (`linear_conv_kernel_dim`).
    #[serde(default)]
    pub linear_conv_kernel_dim: Option<u32>,
    /// The dtype the recurrent (SSM) matrix is cached in when the config names one
    /// (`mamba_ssm_cache_dtype`: Nemotron-H checkpoints say "float32", and transformers and
    /// NVIDIA's vLLM recipe keep it so); None: the model's 16-bit dtype. The convolution
    /// inputs stay 16-bit either way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mamba_ssm_cache_dtype: Option<String>,
    /// Tokens per chunk of the Mamba-2 scan kernel (`mamba_chunk_size`, or `chunk_size` in
    /// Nemotron-H configs): vLLM's "all" cache mode aligns its blocks to it. None: not read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mamba_chunk_size: Option<u32>,
}

impl StateLayers {
    /// Bytes of one value of the recurrent matrix.
    pub fn ssm_value_bytes(&self) -> f64 {
        match self.mamba_ssm_cache_dtype.as_deref() {
            Some("float32" | "fp32") => 4.0,
            _ => 2.0,
        }
    }

    /// Bytes of state one layer keeps for one sequence: the recurrent matrix in its cache
    /// dtype, the convolution inputs in 16 bits.
    pub fn bytes_per_layer(&self, model: &ModelSpec) -> f64 {
        self.bytes_per_layer_at(model, self.ssm_value_bytes())
    }

    /// [`Self::bytes_per_layer`] with the recurrent matrix kept in `matrix_bytes` per value,
    /// for runtimes that choose its dtype themselves (SGLang keeps it in float32).
    pub fn bytes_per_layer_at(&self, model: &ModelSpec, matrix_bytes: f64) -> f64 {
        let all = self.values_per_layer(model);
        let matrix = self.matrix_values_per_layer(model).min(all);
        matrix as f64 * matrix_bytes + (all - matrix) as f64 * 2.0
    }

    /// Of [`Self::values_per_layer`], the recurrent matrix (the part a cache dtype covers).
    fn matrix_values_per_layer(&self, model: &ModelSpec) -> u64 {
        let v = |x: Option<u32>| u64::from(x.unwrap_or(0));
        match self.kind {
            StateKind::Mamba => {
                v(self.mamba_expand).max(1) * u64::from(model.hidden_size) * v(self.mamba_d_state)
            }
            StateKind::Mamba2 => {
                v(self.mamba_n_heads) * v(self.mamba_d_head) * v(self.mamba_d_state)
            }
            StateKind::GatedDeltanet => {
                v(self.linear_num_value_heads)
                    * v(self.linear_key_head_dim)
                    * v(self.linear_value_head_dim)
            }
            StateKind::Lightning => self.values_per_layer(model),
        }
    }

    /// State values one layer keeps for one sequence, whatever its length: the recurrent
    /// matrix plus the last `conv - 1` inputs of the short convolution.
    pub fn values_per_layer(&self, model: &ModelSpec) -> u64 {
        let v = |x: Option<u32>| u64::from(x.unwrap_or(0));
        let hidden = u64::from(model.hidden_size);
        match self.kind {
            StateKind::Mamba => {
                let inner = v(self.mamba_expand).max(1) * hidden;
                inner * v(self.mamba_d_state) + inner * v(self.mamba_d_conv).saturating_sub(1)
            }
            StateKind::Mamba2 => {
                let inner = v(self.mamba_n_heads) * v(self.mamba_d_head);
                let groups = v(self.mamba_n_groups).max(1);
                let conv_channels = inner + 2 * groups * v(self.mamba_d_state);
                inner * v(self.mamba_d_state)
                    + conv_channels * v(self.mamba_d_conv).saturating_sub(1)
            }
            StateKind::GatedDeltanet => {
                let keys = v(self.linear_num_key_heads) * v(self.linear_key_head_dim);
                let values = v(self.linear_num_value_heads) * v(self.linear_value_head_dim);
                v(self.linear_num_value_heads)
                    * v(self.linear_key_head_dim)
                    * v(self.linear_value_head_dim)
                    + (2 * keys + values) * v(self.linear_conv_kernel_dim).saturating_sub(1)
            }
            StateKind::Lightning => {
                let dim = u64::from(model.head_dim());
                u64::from(model.num_attention_heads) * dim * dim
            }
        }
    }
}

fn default_native() -> Precision {
    Precision::Bf16
}

impl ModelSpec {
    /// Per-head dimension: the config value, else hidden / heads.
    pub fn head_dim(&self) -> u32 {
        self.head_dim
            .unwrap_or(self.hidden_size / self.num_attention_heads.max(1))
    }

    /// Parameters in billions, as people say them.
    pub fn params_b(&self) -> f64 {
        self.params_total as f64 / 1e9
    }

    /// Share of the attention layers that use a sliding window (they hold at most
    /// `sliding_window` tokens).
    ///
    /// The data gives the pattern in words ("5 local (sliding) layers per 1 global layer",
    /// "alternating"); a window without a pattern applies to every layer (Phi-3).
    pub fn local_layer_fraction(&self) -> f64 {
        if self.sliding_window.is_none() {
            return 0.0;
        }
        match self.sliding_window_pattern.as_deref() {
            Some(p) if p.contains("1:1") || p.contains("alternating") => 0.5,
            Some(p) => match (count_before(p, " local"), count_before(p, " global")) {
                (Some(local), Some(global)) if local + global > 0.0 => local / (local + global),
                _ => 1.0,
            },
            None => 1.0,
        }
    }

    /// Layers whose KV cache grows with the context: all of them but a hybrid's
    /// recurrent ones.
    pub fn attention_layers(&self) -> u32 {
        self.state_layers
            .as_ref()
            .map_or(self.num_hidden_layers, |s| s.attention_layers)
    }

    /// Values of fixed-size recurrent state one sequence holds over all layers (0 for a
    /// model that is attention throughout).
    pub fn state_values_per_sequence(&self) -> u64 {
        self.state_layers
            .as_ref()
            .map_or(0, |s| u64::from(s.layers) * s.values_per_layer(self))
    }

    /// Bytes of that state, each part in the dtype it is cached in.
    pub fn state_bytes_per_sequence(&self) -> f64 {
        self.state_layers
            .as_ref()
            .map_or(0.0, |s| f64::from(s.layers) * s.bytes_per_layer(self))
    }

    /// Width of the MLP activations one token produces (MoE: the experts it is routed to).
    pub fn active_intermediate(&self) -> u64 {
        match &self.moe {
            Some(m) => {
                u64::from(m.expert_intermediate_size)
                    * u64::from(m.experts_per_token + m.shared_experts)
            }
            None => u64::from(self.intermediate_size),
        }
    }

    /// Rows of the embedding matrix times width: the part quantizers keep in 16 bits.
    /// From the headers' embedding tables when a checkpoint was read.
    pub fn embedding_params(&self) -> u64 {
        match self.param_groups {
            Some(g) if g.embeddings > 0 => g.embeddings,
            _ => u64::from(self.vocab_size) * u64::from(self.hidden_size),
        }
    }

    /// Embedding and (untied) lm_head parameters: what every weight quantizer leaves 16-bit.
    pub fn embedding_and_head_params(&self) -> u64 {
        if let Some(g) = self.param_groups.filter(|g| g.embeddings > 0) {
            return g.embeddings.saturating_add(g.head).min(self.params_total);
        }
        let tables = if self.tie_word_embeddings { 1 } else { 2 };
        (self.embedding_params() * tables).min(self.params_total)
    }

    /// Parameters of the routed experts' MLPs (gate, up, down), all layers: the tensors
    /// MXFP4 checkpoints such as gpt-oss quantize while attention stays 16-bit.
    pub fn expert_params(&self) -> u64 {
        if let Some(g) = self
            .param_groups
            .filter(|g| g.experts > 0 && self.moe.is_some())
        {
            return g.experts;
        }
        self.moe.as_ref().map_or(0, |m| {
            u64::from(m.moe_layers)
                * u64::from(m.num_experts)
                * 3
                * u64::from(m.latent_size.unwrap_or(self.hidden_size))
                * u64::from(m.expert_intermediate_size)
        })
    }
}

/// The number written just before `word` in `text` ("5 local" -> 5).
fn count_before(text: &str, word: &str) -> Option<f64> {
    let head = &text[..text.find(word)?];
    head.split_whitespace().last()?.parse().ok()
}

/// Every model and GPU the product knows.
#[derive(Debug)]
pub struct Catalog {
    pub models: Vec<ModelSpec>,
    pub gpus: Vec<GpuSpec>,
    index: lookup::Index,
    /// One per entry of `gpus`, in the same order.
    gpu_facts: Vec<GpuFacts>,
    /// The other configurations of chips sold with several memory sizes ("m3 max 64gb"),
    /// apart from `gpus` so rankings and lists keep one row per chip; found by name with
    /// their size and by id.
    configs: Vec<GpuSpec>,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let models: Vec<ModelSpec> = serde_json::from_str(include_str!("../../data/models.json"))
        .expect("data/models.json is checked by tests");
    let gpus: Vec<GpuSpec> = serde_json::from_str(include_str!("../../data/gpus.json"))
        .expect("data/gpus.json is checked by tests");
    Catalog::new(models, gpus)
});

impl Catalog {
    /// The embedded catalog, parsed once on first use.
    pub fn get() -> &'static Catalog {
        &CATALOG
    }

    fn new(models: Vec<ModelSpec>, gpus: Vec<GpuSpec>) -> Catalog {
        let index = lookup::Index::build(&models, &gpus);
        let gpu_facts = gpus.iter().map(GpuFacts::of).collect();
        let configs = gpus.iter().flat_map(GpuSpec::config_entries).collect();
        Catalog {
            models,
            gpus,
            index,
            gpu_facts,
            configs,
        }
    }

    /// The [`GpuFacts`] of every GPU, in the order of `gpus`.
    pub fn gpu_facts(&self) -> &[GpuFacts] {
        &self.gpu_facts
    }

    pub fn model(&self, id: &str) -> Option<&ModelSpec> {
        self.models.iter().find(|m| m.id == id)
    }

    /// Whether some model's id, alias or display name (its repo part) has this
    /// [`core_name`]: a name with none cannot be a catalog model spelled another way.
    pub fn has_core_name(&self, core: &str) -> bool {
        self.index.has_core_name(core)
    }

    /// The entry whose `hub_id` is `repo` (the Hub matches ids without regard to case).
    pub fn by_hub_id(&self, repo: &str) -> Option<&ModelSpec> {
        self.index.by_hub_id(repo).map(|i| &self.models[i])
    }

    pub fn gpu(&self, id: &str) -> Option<&GpuSpec> {
        // Indexed when the catalog loads; the list is public, so the hit is checked and a
        // miss falls back to the scan.
        self.index
            .gpu_position(id)
            .and_then(|i| self.gpus.get(i))
            .filter(|g| g.id == id)
            .or_else(|| self.gpus.iter().find(|g| g.id == id))
            .or_else(|| self.configs.iter().find(|g| g.id == id))
    }

    /// The chip `gpus[i]` with `gb` of memory: itself, or the configuration of that size.
    fn sized(&self, i: usize, gb: f64) -> Option<&GpuSpec> {
        let chip = self.gpus.get(i)?;
        if (chip.memory_gb - gb).abs() < 0.5 {
            return Some(chip);
        }
        self.configs.iter().find(|c| {
            c.config_of.as_deref() == Some(chip.id.as_str()) && (c.memory_gb - gb).abs() < 0.5
        })
    }
}
