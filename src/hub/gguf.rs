//! GGUF headers (v2 and v3): magic, version, tensor and metadata counts, metadata
//! key-values, then tensor infos (name, shape, ggml type, offset). Types and shapes give
//! each tensor's exact bytes; the metadata gives the architecture.
//!
//! The header has no length field and the tokenizer's vocabulary sits inside it, so the
//! reader works on a prefix of the file and says when it needs more ([`GgufError::Short`]).

use super::kv_layout::KvProjections;
use super::param_groups::note_gguf;
use crate::catalog::ParamGroups;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// Largest prefix we read: the metadata holds the whole vocabulary (Gemma's 262k tokens
/// with scores and merges is ~12 MiB); 32 MiB leaves room and stays far from a download.
pub const MAX_HEADER: usize = 32 * 1024 * 1024;

/// Arrays and strings longer than this are refused: no real header holds one.
const MAX_ITEMS: u64 = 16 * 1024 * 1024;

/// Metadata entries refused past this: llama.cpp writes a few dozen, and each one kept
/// costs far more memory than its bytes (a 32 MiB prefix holds 2.5 million tiny ones).
const MAX_KVS: u64 = 4096;

/// Arrays nested deeper than this are malformed: ggml writes no array of arrays at all,
/// and reading each level by recursion let a 240 KB header of 20,000 nested arrays
/// overflow the thread's stack and abort the whole process.
const MAX_NESTING: u8 = 2;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GgufError {
    /// The prefix ended inside the header: read more.
    #[error("header continues past the bytes read")]
    Short,
    #[error("malformed GGUF header: {0}")]
    Malformed(String),
}

/// What a GGUF header says.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Header {
    /// Scalar metadata; arrays appear as their length under `key#len`.
    pub metadata: Map<String, Value>,
    pub bytes: u64,
    pub tensors: u64,
    pub quantized: u64,
    pub bytes_by_type: BTreeMap<String, u64>,
    /// True when an `output.weight` tensor exists (an lm_head apart from the embeddings).
    pub has_output: bool,
    /// Bytes of `token_embd.weight`, which llama.cpp keeps in CPU memory.
    pub embedding_bytes: u64,
    /// Parameters: GGUF shapes count values, not stored blocks, so every tensor's shape
    /// gives its exact count whatever its type. MTP heads (`nextn`) left out.
    pub params: u64,
    /// The k/v projections of each block (`blk.N.attn_k`, `attn_v`, fused `attn_qkv`,
    /// MLA's `attn_kv_a_mqa`), their widths read from the shapes.
    pub kv: KvProjections,
    /// `params` by group (embeddings, head, attention, MLP, experts one by one).
    pub groups: ParamGroups,
}

/// ggml types: (id, name, values per block, bytes per block), from ggml's type traits.
const TYPES: &[(u32, &str, u64, u64)] = &[
    (0, "F32", 1, 4),
    (1, "F16", 1, 2),
    (2, "Q4_0", 32, 18),
    (3, "Q4_1", 32, 20),
    (6, "Q5_0", 32, 22),
    (7, "Q5_1", 32, 24),
    (8, "Q8_0", 32, 34),
    (9, "Q8_1", 32, 36),
    (10, "Q2_K", 256, 84),
    (11, "Q3_K", 256, 110),
    (12, "Q4_K", 256, 144),
    (13, "Q5_K", 256, 176),
    (14, "Q6_K", 256, 210),
    (15, "Q8_K", 256, 292),
    (16, "IQ2_XXS", 256, 66),
    (17, "IQ2_XS", 256, 74),
    (18, "IQ3_XXS", 256, 98),
    (19, "IQ1_S", 256, 50),
    (20, "IQ4_NL", 32, 18),
    (21, "IQ3_S", 256, 110),
    (22, "IQ2_S", 256, 82),
    (23, "IQ4_XS", 256, 136),
    (24, "I8", 1, 1),
    (25, "I16", 1, 2),
    (26, "I32", 1, 4),
    (27, "I64", 1, 8),
    (28, "F64", 1, 8),
    (29, "IQ1_M", 256, 56),
    (30, "BF16", 1, 2),
    (34, "TQ1_0", 256, 54),
    (35, "TQ2_0", 256, 66),
    (39, "MXFP4", 32, 17),
];

/// Bytes of a tensor of `elements` values of ggml type `id`.
pub fn tensor_bytes(id: u32, elements: u64) -> Option<(&'static str, u64)> {
    let &(_, name, block, size) = TYPES.iter().find(|t| t.0 == id)?;
    Some((name, elements.div_ceil(block).checked_mul(size)?))
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: u64) -> Result<&'a [u8], GgufError> {
        let n = usize::try_from(n).map_err(|_| GgufError::Short)?;
        let end = self.pos.checked_add(n).ok_or(GgufError::Short)?;
        let out = self.buf.get(self.pos..end).ok_or(GgufError::Short)?;
        self.pos = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, GgufError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, GgufError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    fn count(&mut self) -> Result<u64, GgufError> {
        let n = self.u64()?;
        if n > MAX_ITEMS {
            return Err(GgufError::Malformed(format!("count {n}")));
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, GgufError> {
        let n = self.count()?;
        Ok(String::from_utf8_lossy(self.take(n)?).into_owned())
    }

    /// Bytes of one value of a fixed-size `kind`, so arrays of numbers are skipped in one step.
    fn fixed_size(kind: u32) -> Option<u64> {
        match kind {
            0 | 1 | 7 => Some(1),
            2 | 3 => Some(2),
            4..=6 => Some(4),
            10..=12 => Some(8),
            _ => None,
        }
    }

    /// One value of `kind`; arrays become their length. `depth` counts the arrays around it.
    fn value(&mut self, kind: u32, key: &str, depth: u8) -> Result<Value, GgufError> {
        Ok(match kind {
            0 => json!(self.take(1)?[0]),
            1 => json!(self.take(1)?[0] as i8),
            2 => json!(u16::from_le_bytes(self.take(2)?.try_into().expect("2"))),
            3 => json!(i16::from_le_bytes(self.take(2)?.try_into().expect("2"))),
            4 => json!(self.u32()?),
            5 => json!(self.u32()? as i32),
            6 => json!(f32::from_le_bytes(self.take(4)?.try_into().expect("4"))),
            7 => json!(self.take(1)?[0] != 0),
            8 => json!(self.string()?),
            9 => {
                if depth >= MAX_NESTING {
                    return Err(GgufError::Malformed(format!("arrays nested in '{key}'")));
                }
                let item = self.u32()?;
                let n = self.count()?;
                match Self::fixed_size(item) {
                    // n <= MAX_ITEMS and size <= 8: the product cannot overflow.
                    Some(size) => {
                        self.take(n * size)?;
                    }
                    None => {
                        for _ in 0..n {
                            self.value(item, key, depth + 1)?;
                        }
                    }
                }
                json!(n)
            }
            10 => json!(self.u64()?),
            11 => json!(self.u64()? as i64),
            12 => json!(f64::from_le_bytes(self.take(8)?.try_into().expect("8"))),
            other => {
                return Err(GgufError::Malformed(format!(
                    "value type {other} of '{key}'"
                )));
            }
        })
    }
}

/// Parse the header from a prefix of the file.
pub fn parse(buf: &[u8]) -> Result<Header, GgufError> {
    let mut r = Reader { buf, pos: 0 };
    if r.take(4)? != b"GGUF" {
        return Err(GgufError::Malformed("no GGUF magic".into()));
    }
    let version = r.u32()?;
    if !(2..=3).contains(&version) {
        return Err(GgufError::Malformed(format!("version {version}")));
    }
    let tensors = r.count()?;
    let kvs = r.count()?;
    if kvs > MAX_KVS {
        return Err(GgufError::Malformed(format!("{kvs} metadata entries")));
    }
    let mut h = Header::default();
    for _ in 0..kvs {
        let key = r.string()?;
        let kind = r.u32()?;
        let value = r.value(kind, &key, 0)?;
        let key = if kind == 9 { format!("{key}#len") } else { key };
        h.metadata.insert(key, value);
    }
    // Blocks from here on are MTP layers (GLM's `nextn_predict_layers`), counted in
    // `block_count` but not the model's.
    let decoder = h.decoder_blocks();
    for _ in 0..tensors {
        let name = r.string()?;
        let dims = r.u32()?;
        if dims > 8 {
            return Err(GgufError::Malformed(format!(
                "{dims} dimensions in '{name}'"
            )));
        }
        let mut elements: u64 = 1;
        let mut shape = [0u64; 3];
        for d in 0..dims {
            let n = r.u64()?;
            if let Some(slot) = shape.get_mut(d as usize) {
                *slot = n;
            }
            elements = elements
                .checked_mul(n)
                .ok_or_else(|| GgufError::Malformed(format!("shape of '{name}'")))?;
        }
        let kind = r.u32()?;
        let _offset = r.u64()?;
        let (type_name, bytes) = tensor_bytes(kind, elements)
            .ok_or_else(|| GgufError::Malformed(format!("ggml type {kind} of '{name}'")))?;
        h.bytes = h
            .bytes
            .checked_add(bytes)
            .ok_or_else(|| GgufError::Malformed(format!("total bytes at '{name}'")))?;
        h.tensors += 1;
        if !matches!(type_name, "F32" | "F16" | "BF16" | "F64") {
            h.quantized += 1;
        }
        let by_type = h.bytes_by_type.entry(type_name.to_string()).or_default();
        *by_type = by_type.saturating_add(bytes);
        let block = name
            .strip_prefix("blk.")
            .and_then(|b| b.split('.').next())
            .and_then(|b| b.parse::<u64>().ok());
        if !name.contains("nextn") && block.is_none_or(|b| decoder.is_none_or(|d| b < d)) {
            h.params = h
                .params
                .checked_add(elements)
                .ok_or_else(|| GgufError::Malformed(format!("parameters at '{name}'")))?;
            let experts = (dims == 3).then_some(shape[2]);
            note_gguf(&mut h.groups, &name, elements, experts);
        }
        // ggml's first dimension is the input: a projection's output width is the second.
        note_kv(&mut h.kv, &name, dims, shape[1]);
        h.has_output |= name == "output.weight";
        if name == "token_embd.weight" {
            h.embedding_bytes = h.embedding_bytes.saturating_add(bytes);
        }
    }
    Ok(h)
}

/// Note a block's k/v projection: `blk.N.attn_k.weight` and its kin, `width` values wide.
fn note_kv(kv: &mut KvProjections, name: &str, dims: u32, width: u64) {
    let Some(rest) = name.strip_prefix("blk.") else {
        return;
    };
    let Some((index, tensor)) = rest.split_once('.') else {
        return;
    };
    let Ok(layer) = index.parse::<u32>() else {
        return;
    };
    let kind = match tensor {
        "attn_k.weight" => 0,
        "attn_v.weight" => 1,
        "attn_qkv.weight" => 2,
        "attn_kv_a_mqa.weight" => 3,
        _ => return,
    };
    if dims != 2 || width == 0 || width > 1 << 20 || layer >= 1 << 16 {
        kv.unreadable = true;
        return;
    }
    let p = kv.layers.entry(layer).or_default();
    let slot = match kind {
        0 => &mut p.key,
        1 => &mut p.value,
        2 => &mut p.fused,
        _ => &mut p.latent,
    };
    *slot = slot.saturating_add(width);
}

impl Header {
    /// The metadata value `{arch}.{suffix}`.
    fn arch_value(&self, suffix: &str) -> Option<&Value> {
        let arch = self.metadata.get("general.architecture")?.as_str()?;
        self.metadata.get(&format!("{arch}.{suffix}"))
    }

    /// Decoder blocks: `block_count` less the MTP layers it includes.
    fn decoder_blocks(&self) -> Option<u64> {
        let blocks = self.arch_value("block_count")?.as_u64()?;
        let mtp = self
            .arch_value("nextn_predict_layers")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        Some(blocks.saturating_sub(mtp))
    }

    /// The architecture as a transformers-style config, for [`super::config::spec_from_config`].
    pub fn to_config(&self) -> Value {
        let m = &self.metadata;
        let arch = m
            .get("general.architecture")
            .and_then(Value::as_str)
            .unwrap_or("unknown")
            .to_string();
        let get = |suffix: &str| {
            m.get(&format!("{arch}.{suffix}"))
                .cloned()
                .unwrap_or(Value::Null)
        };
        let vocab = m
            .get("tokenizer.ggml.tokens#len")
            .cloned()
            .unwrap_or_else(|| get("vocab_size"));
        let mla = !get("attention.kv_lora_rank").is_null();
        json!({
            "model_type": arch,
            "hidden_size": get("embedding_length"),
            "num_hidden_layers": self.decoder_blocks().map_or(Value::Null, |b| json!(b)),
            "intermediate_size": get("feed_forward_length"),
            "num_attention_heads": get("attention.head_count"),
            "num_key_value_heads": get("attention.head_count_kv"),
            "head_dim": if mla { Value::Null } else { get("attention.key_length") },
            "max_position_embeddings": get("context_length"),
            "vocab_size": vocab,
            "num_local_experts": get("expert_count"),
            "num_experts_per_tok": get("expert_used_count"),
            "moe_intermediate_size": get("expert_feed_forward_length"),
            "n_shared_experts": get("expert_shared_count"),
            "first_k_dense_replace": get("leading_dense_block_count"),
            "kv_lora_rank": get("attention.kv_lora_rank"),
            "q_lora_rank": get("attention.q_lora_rank"),
            "qk_rope_head_dim": if mla { get("rope.dimension_count") } else { Value::Null },
            "sliding_window": get("attention.sliding_window"),
            "sliding_window_pattern": get("attention.sliding_window_pattern"),
            "v_head_dim": if mla { Value::Null } else { get("attention.value_length") },
            "tie_word_embeddings": !self.has_output,
        })
    }
}

/// Write a GGUF v3 header (tests and the fake Hub build their files with it).
pub fn write_header(metadata: &[(&str, Value)], tensors: &[(&str, &[u64], u32)]) -> Vec<u8> {
    let mut out = b"GGUF".to_vec();
    out.extend(3u32.to_le_bytes());
    out.extend((tensors.len() as u64).to_le_bytes());
    out.extend((metadata.len() as u64).to_le_bytes());
    let string = |out: &mut Vec<u8>, s: &str| {
        out.extend((s.len() as u64).to_le_bytes());
        out.extend(s.as_bytes());
    };
    for (key, value) in metadata {
        string(&mut out, key);
        match value {
            Value::String(s) => {
                out.extend(8u32.to_le_bytes());
                string(&mut out, s);
            }
            Value::Bool(b) => {
                out.extend(7u32.to_le_bytes());
                out.push(u8::from(*b));
            }
            Value::Array(items) => {
                out.extend(9u32.to_le_bytes());
                out.extend(8u32.to_le_bytes());
                out.extend((items.len() as u64).to_le_bytes());
                for item in items {
                    string(&mut out, item.as_str().unwrap_or(""));
                }
            }
            other => {
                out.extend(4u32.to_le_bytes());
                out.extend((other.as_u64().unwrap_or(0) as u32).to_le_bytes());
            }
        }
    }
    let mut offset = 0u64;
    for (name, shape, kind) in tensors {
        string(&mut out, name);
        out.extend((shape.len() as u32).to_le_bytes());
        for d in *shape {
            out.extend(d.to_le_bytes());
        }
        out.extend(kind.to_le_bytes());
        out.extend(offset.to_le_bytes());
        let elements: u64 = shape.iter().product();
        // Wrapping: hostile-header tests write sizes whose sum overflows on purpose.
        offset = offset.wrapping_add(
            tensor_bytes(*kind, elements)
                .map_or(0, |(_, b)| b)
                .next_multiple_of(32),
        );
    }
    out
}

/// A header of one key holding `levels` arrays, each holding the next, the innermost an
/// empty array of u32: the shape that overflowed the stack (tests and the hostile fake Hub).
pub fn write_nested_arrays(levels: usize) -> Vec<u8> {
    let mut out = b"GGUF".to_vec();
    out.extend(3u32.to_le_bytes());
    out.extend(0u64.to_le_bytes());
    out.extend(1u64.to_le_bytes());
    out.extend(3u64.to_le_bytes());
    out.extend(b"key");
    out.extend(9u32.to_le_bytes());
    for _ in 0..levels {
        out.extend(9u32.to_le_bytes());
        out.extend(1u64.to_le_bytes());
    }
    out.extend(4u32.to_le_bytes());
    out.extend(0u64.to_le_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_header_and_counts_block_bytes() {
        let bytes = write_header(
            &[
                ("general.architecture", json!("llama")),
                ("llama.block_count", json!(2)),
                ("tokenizer.ggml.tokens", json!(["a", "b", "c"])),
            ],
            &[
                ("token_embd.weight", &[256, 3], 12),
                ("blk.0.attn_norm.weight", &[256], 0),
            ],
        );
        let h = parse(&bytes).unwrap();
        // Q4_K: 144 bytes per 256 values; F32: 4 bytes a value.
        assert_eq!(h.bytes, 3 * 144 + 256 * 4);
        assert_eq!((h.tensors, h.quantized), (2, 1));
        assert_eq!(h.metadata["tokenizer.ggml.tokens#len"], json!(3));
        assert_eq!(h.to_config()["num_hidden_layers"], json!(2));
        assert_eq!(parse(&bytes[..bytes.len() - 3]), Err(GgufError::Short));
        assert!(matches!(parse(b"GGML...."), Err(GgufError::Malformed(_))));
    }

    /// GLM's GGUF counts its MTP layer in `block_count`: that block's tensors and the
    /// `nextn` ones are not the model's, and the decoder has one block less. The k/v
    /// widths are the shapes' second dimension.
    #[test]
    fn mtp_blocks_are_left_out_and_kv_widths_read() {
        let bytes = write_header(
            &[
                ("general.architecture", json!("glm4moe")),
                ("glm4moe.block_count", json!(2)),
                ("glm4moe.nextn_predict_layers", json!(1)),
                ("glm4moe.attention.sliding_window_pattern", json!(4)),
            ],
            &[
                ("token_embd.weight", &[64, 10], 1),
                ("blk.0.attn_k.weight", &[64, 32], 1),
                ("blk.0.attn_v.weight", &[64, 32], 1),
                ("blk.1.attn_k.weight", &[64, 32], 1),
                ("blk.1.nextn.eh_proj.weight", &[128, 64], 1),
            ],
        );
        let h = parse(&bytes).unwrap();
        assert_eq!(h.params, 640 + 2 * 2048);
        assert_eq!(h.to_config()["num_hidden_layers"], json!(1));
        assert_eq!(h.to_config()["sliding_window_pattern"], json!(4));
        let layer = h.kv.layers[&0];
        assert_eq!((layer.key, layer.value), (32, 32));
    }

    #[test]
    fn deep_nesting_is_malformed_not_a_stack_overflow() {
        // Run on a small stack, so a reader that recursed per level would still abort here.
        let handle = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(|| parse(&write_nested_arrays(20_000)))
            .unwrap();
        assert!(
            matches!(handle.join().unwrap(), Err(GgufError::Malformed(m)) if m.contains("nested"))
        );
        // One array of arrays still reads (ggml writes none, but it is well-formed).
        assert!(parse(&write_nested_arrays(1)).is_ok());
    }

    #[test]
    fn millions_of_metadata_entries_are_malformed() {
        let mut bytes = b"GGUF".to_vec();
        bytes.extend(3u32.to_le_bytes());
        bytes.extend(0u64.to_le_bytes());
        bytes.extend(2_500_000u64.to_le_bytes());
        assert!(matches!(parse(&bytes), Err(GgufError::Malformed(m)) if m.contains("metadata")));
    }

    #[test]
    fn byte_counts_that_overflow_are_malformed() {
        let huge = u64::MAX / 8;
        let shape: &[u64] = &[huge, 1];
        let bytes = write_header(&[], &[("a", shape, 0), ("b", shape, 0), ("c", shape, 0)]);
        assert!(matches!(parse(&bytes), Err(GgufError::Malformed(_))));
    }
}
