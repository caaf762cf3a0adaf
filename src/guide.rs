//! The guide's topics: short explanations answers link to (VRAM, NVLink, precision...).
//! Their text lives in the Fluent files (`guide-<slug>-*`); this is the list and its names.

use serde::Serialize;

/// The guide topics, in the order the guide lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    Vram,
    Nvlink,
    TensorCores,
    Sxm,
    Precision,
    Quantization,
    KvCache,
    Oom,
    MultiGpu,
    CudaVisibleDevices,
    Choosing,
}

impl Topic {
    pub const ALL: [Topic; 11] = [
        Topic::Vram,
        Topic::Nvlink,
        Topic::TensorCores,
        Topic::Sxm,
        Topic::Precision,
        Topic::Quantization,
        Topic::KvCache,
        Topic::Oom,
        Topic::MultiGpu,
        Topic::CudaVisibleDevices,
        Topic::Choosing,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Topic::Vram => "vram",
            Topic::Nvlink => "nvlink",
            Topic::TensorCores => "tensor-cores",
            Topic::Sxm => "sxm",
            Topic::Precision => "precision",
            Topic::Quantization => "quantization",
            Topic::KvCache => "kv-cache",
            Topic::Oom => "oom",
            Topic::MultiGpu => "multi-gpu",
            Topic::CudaVisibleDevices => "cuda-visible-devices",
            Topic::Choosing => "choosing",
        }
    }

    /// Parse a slug, accepting a few spellings people use ("tensor cores", "cuda_visible_devices").
    pub fn from_slug(s: &str) -> Option<Topic> {
        let key: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '_' || c == ' ' { '-' } else { c })
            .collect();
        let key = match key.as_str() {
            "kv" | "kvcache" => "kv-cache",
            "tensor" | "tensorcores" => "tensor-cores",
            "multigpu" => "multi-gpu",
            "quant" | "quantisation" => "quantization",
            "pcie" => "sxm",
            other => other,
        };
        Topic::ALL.into_iter().find(|t| t.slug() == key)
    }
}
