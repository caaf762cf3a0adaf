//! The guide's topics: short explanations answers link to (VRAM, NVLink, precision...).
//! Their text lives in the Fluent files (`guide-<slug>-*`); this is the list and its names.

use serde::Serialize;

/// The guide topics, in the order the guide lists them.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "kebab-case")]
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
    pub const ALL: &'static [Topic] = <Topic as strum::VariantArray>::VARIANTS;

    pub fn slug(self) -> &'static str {
        self.into()
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
        Topic::ALL.iter().copied().find(|t| t.slug() == key)
    }
}
