//! Number formats for weights and for the KV cache, with their real storage cost.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use strum::{EnumMessage, VariantArray};

/// How the weights are stored.
///
/// Each variant's `to_string` is its contract name (what `name` and the JSON say); its
/// `serialize` names are the other spellings people type. Parsing ignores case, and `-`,
/// `_` and spaces are the same to it (`Q4-K-M`, `fp8 block`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::IntoStaticStr,
    strum::EnumMessage,
    strum::VariantArray,
)]
#[serde(rename_all = "snake_case")]
pub enum Precision {
    #[strum(to_string = "fp32", serialize = "float32", serialize = "f32")]
    Fp32,
    #[strum(
        to_string = "fp16",
        serialize = "float16",
        serialize = "f16",
        serialize = "half"
    )]
    Fp16,
    #[strum(to_string = "bf16", serialize = "bfloat16")]
    Bf16,
    #[strum(to_string = "fp8")]
    Fp8,
    /// FP8 with one scale per 128 x 128 block (DeepSeek V3/R1, Kimi K2 checkpoints).
    #[serde(rename = "fp8-block")]
    #[strum(
        to_string = "fp8-block",
        serialize = "fp8_blockwise",
        serialize = "block_fp8"
    )]
    Fp8Block,
    /// OCP microscaling FP4: 32 values share an 8-bit power-of-two scale (gpt-oss experts).
    #[strum(to_string = "mxfp4", serialize = "mx_fp4", serialize = "mxfp4_moe")]
    Mxfp4,
    /// NVIDIA FP4: 16 values share an FP8 scale, plus one FP32 scale per tensor (Blackwell).
    #[strum(to_string = "nvfp4", serialize = "nv_fp4", serialize = "fp4")]
    Nvfp4,
    #[strum(to_string = "int8")]
    Int8,
    #[strum(to_string = "int4")]
    Int4,
    #[strum(to_string = "nf4")]
    Nf4,
    #[serde(rename = "gptq-int8")]
    #[strum(to_string = "gptq-int8", serialize = "gptq8")]
    GptqInt8,
    #[serde(rename = "gptq-int4")]
    #[strum(to_string = "gptq-int4", serialize = "gptq", serialize = "gptq4")]
    GptqInt4,
    #[serde(rename = "awq-int4")]
    #[strum(to_string = "awq-int4", serialize = "awq")]
    AwqInt4,
    #[strum(to_string = "q2_k")]
    Q2K,
    #[strum(to_string = "q3_k_s")]
    Q3KS,
    #[strum(to_string = "q3_k_m")]
    Q3KM,
    #[strum(to_string = "q3_k_l")]
    Q3KL,
    #[strum(to_string = "q4_0")]
    Q4_0,
    #[strum(to_string = "q4_k_s")]
    Q4KS,
    #[strum(to_string = "q4_k_m")]
    Q4KM,
    #[strum(to_string = "q5_0")]
    Q5_0,
    #[strum(to_string = "q5_k_s")]
    Q5KS,
    #[strum(to_string = "q5_k_m")]
    Q5KM,
    #[strum(to_string = "q6_k")]
    Q6K,
    #[strum(to_string = "q8_0")]
    Q8_0,
    #[strum(to_string = "iq4_xs")]
    Iq4Xs,
    #[strum(to_string = "iq3_m")]
    Iq3M,
    #[strum(to_string = "iq2_m")]
    Iq2M,
    /// MLX's affine 4-bit quantization (`mlx_lm.convert -q`, the mlx-community "-4bit"
    /// repos): groups of 64 weights share a 16-bit scale and bias.
    #[serde(rename = "mlx-4bit")]
    #[strum(to_string = "mlx-4bit", serialize = "mlx4", serialize = "mlx_4bit")]
    Mlx4,
    /// MLX's affine 8-bit quantization (the mlx-community "-8bit" repos).
    #[serde(rename = "mlx-8bit")]
    #[strum(to_string = "mlx-8bit", serialize = "mlx8", serialize = "mlx_8bit")]
    Mlx8,
}

/// What family of format a precision is; decides which parts stay 16-bit and which
/// runtime can load it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain floating point tensors.
    Float,
    /// 8-bit float linear layers with per-tensor or block scales; embeddings, lm_head, norms
    /// and routers stay 16-bit.
    Fp8,
    /// 4-bit float blocks with shared scales (MXFP4, NVFP4); the rest stays 16-bit.
    Microscaled,
    /// Weight-only integer quantization of the linear layers (GPTQ/AWQ/bitsandbytes):
    /// embeddings and lm_head stay 16-bit.
    WeightOnly,
    /// llama.cpp GGUF block formats: every tensor quantized, bits are the whole-file average.
    Gguf,
    /// MLX's group-wise affine integers (mlx-community repos): `nn.quantize` quantizes the
    /// linear layers and the embedding table alike.
    Mlx,
}

use Precision::*;

/// Every precision with its contract name, in declaration order (the order of the
/// renderers' suggestion lists).
pub static ALL: std::sync::LazyLock<Vec<(Precision, &'static str)>> =
    std::sync::LazyLock::new(|| Precision::VARIANTS.iter().map(|&p| (p, p.name())).collect());

/// The variant one of whose strum names is `text`, with case, `-`, `_` and spaces ignored.
fn by_name<T: Copy + VariantArray + EnumMessage>(text: &str) -> Option<T> {
    let key = text.trim();
    let same = |name: &str| {
        name.len() == key.len()
            && name.bytes().zip(key.bytes()).all(|(n, k)| {
                let fold = |b: u8| match b.to_ascii_lowercase() {
                    b'-' | b' ' => b'_',
                    b => b,
                };
                fold(n) == fold(k)
            })
    };
    T::VARIANTS
        .iter()
        .copied()
        .find(|v| v.get_serializations().iter().any(|n| same(n)))
}

impl Precision {
    /// The contract name (`q4_k_m`, `gptq-int4`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    pub fn format(self) -> Format {
        match self {
            Fp32 | Fp16 | Bf16 => Format::Float,
            Fp8 | Fp8Block => Format::Fp8,
            Mxfp4 | Nvfp4 => Format::Microscaled,
            Int8 | Int4 | Nf4 | GptqInt8 | GptqInt4 | AwqInt4 => Format::WeightOnly,
            Mlx4 | Mlx8 => Format::Mlx,
            _ => Format::Gguf,
        }
    }

    /// Storage bits per weight of the quantized body, scales and zero points included.
    ///
    /// GPTQ/AWQ with group size 128 add a 16-bit scale and a packed zero per group: 8.25 and
    /// 4.25 bits. NF4 with double quantization is about 4.127 bits (QLoRA paper). GGUF values
    /// are whole-file averages from llama.cpp's quantize table for Llama-3-8B (file GiB x 8 /
    /// 8.03e9 parameters), with Q4_K_M at 4.85 as commonly quoted.
    pub fn bits_per_weight(self) -> f64 {
        match self {
            Fp32 => 32.0,
            Fp16 | Bf16 => 16.0,
            Fp8 => 8.0,
            // One fp32 scale per 128 x 128 weights.
            Fp8Block => 8.0 + 32.0 / 16_384.0,
            // 4-bit values plus an 8-bit scale per 32 (OCP MX spec).
            Mxfp4 => 4.25,
            // 4-bit values plus an FP8 scale per 16.
            Nvfp4 => 4.5,
            Int8 | GptqInt8 => 8.25,
            Int4 | GptqInt4 | AwqInt4 => 4.25,
            Nf4 => 4.127,
            Q2K => 3.17,
            Q3KS => 3.65,
            Q3KM => 4.0,
            Q3KL => 4.31,
            Q4_0 => 4.64,
            Q4KS => 4.67,
            Q4KM => 4.85,
            Q5_0 | Q5KS => 5.57,
            Q5KM => 5.7,
            Q6K => 6.57,
            Q8_0 => 8.5,
            Iq4Xs => 4.46,
            Iq3M => 3.9,
            Iq2M => 2.93,
            // A 16-bit scale and bias per 64 weights (mlx_lm's default group size for the
            // affine mode, utils.py `quantize_model`): 0.5 bits on top.
            Mlx4 => 4.5,
            Mlx8 => 8.5,
        }
    }

    /// The bits people name the format by: the `Q` of the seed articles' rule of thumb.
    pub fn nominal_bits(self) -> f64 {
        match self {
            Fp32 => 32.0,
            Fp16 | Bf16 => 16.0,
            Fp8 | Fp8Block | Int8 | GptqInt8 | Q8_0 | Mlx8 => 8.0,
            Q6K => 6.0,
            Q5_0 | Q5KS | Q5KM => 5.0,
            Q3KS | Q3KM | Q3KL | Iq3M => 3.0,
            Q2K | Iq2M => 2.0,
            _ => 4.0,
        }
    }

    /// True for formats that are not plain 16/32-bit floats.
    pub fn is_quantized(self) -> bool {
        !matches!(self, Fp32 | Fp16 | Bf16)
    }

    /// Which tensors this format stores at its own width; the rest stays 16-bit.
    ///
    /// GGUF averages are whole-file figures, so they already cover every tensor. MXFP4 on
    /// a mixture of experts quantizes the experts only, as gpt-oss ships; elsewhere the
    /// quantizers (GPTQ, AWQ, bitsandbytes, FP8, NVFP4) leave embeddings and lm_head 16-bit.
    pub fn scope(self, moe: bool) -> Scope {
        match self.format() {
            Format::Float | Format::Gguf | Format::Mlx => Scope::Everything,
            Format::Microscaled if moe && self == Mxfp4 => Scope::Experts,
            _ => Scope::Linear,
        }
    }
}

/// The tensors a precision applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every tensor (plain floats, GGUF whole-file averages).
    Everything,
    /// The linear layers of the blocks; embeddings and lm_head stay 16-bit.
    Linear,
    /// The routed experts' MLPs only; attention, embeddings and lm_head stay 16-bit.
    Experts,
}

impl fmt::Display for Precision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown precision name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("unknown precision '{0}'")]
pub struct UnknownPrecision(pub String);

impl FromStr for Precision {
    type Err = UnknownPrecision;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        by_name(s).ok_or_else(|| UnknownPrecision(s.trim().to_string()))
    }
}

/// How the KV cache is stored; named and parsed as [`Precision`] is.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::IntoStaticStr,
    strum::EnumMessage,
    strum::VariantArray,
)]
#[serde(rename_all = "snake_case")]
pub enum KvPrecision {
    #[default]
    #[strum(
        to_string = "fp16",
        serialize = "f16",
        serialize = "bf16",
        serialize = "16"
    )]
    Fp16,
    #[strum(
        to_string = "fp8",
        serialize = "fp8_e4m3",
        serialize = "fp8_e5m2",
        serialize = "8"
    )]
    Fp8,
    #[strum(to_string = "q8_0", serialize = "q8", serialize = "int8")]
    Q8_0,
    #[strum(to_string = "q4_0", serialize = "q4", serialize = "int4")]
    Q4_0,
}

impl KvPrecision {
    /// Bytes per stored value: llama.cpp's q8_0 packs 32 values in 34 bytes, q4_0 in 18.
    pub fn bytes(self) -> f64 {
        match self {
            KvPrecision::Fp16 => 2.0,
            KvPrecision::Fp8 => 1.0,
            KvPrecision::Q8_0 => 34.0 / 32.0,
            KvPrecision::Q4_0 => 18.0 / 32.0,
        }
    }

    pub fn name(self) -> &'static str {
        self.into()
    }
}

impl FromStr for KvPrecision {
    type Err = UnknownPrecision;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        by_name(s).ok_or_else(|| UnknownPrecision(s.trim().to_ascii_lowercase()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (p, n) in ALL.iter() {
            assert_eq!(n.parse::<Precision>().unwrap(), *p);
            assert_eq!(p.name(), *n);
            let json = serde_json::to_string(p).unwrap();
            assert_eq!(json, format!("\"{n}\""));
        }
        assert_eq!("Q4_K_M".parse::<Precision>().unwrap(), Q4KM);
        assert_eq!("AWQ".parse::<Precision>().unwrap(), AwqInt4);
        assert!("fp7".parse::<Precision>().is_err());
    }
}
