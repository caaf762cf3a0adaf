//! safetensors headers: an 8-byte little-endian length, then a JSON object mapping each
//! tensor to its dtype, shape and data offsets. The offsets give each tensor's exact
//! bytes, whatever the format (packed GPTQ integers, FP8 with scales, MXFP4 blocks).

use serde_json::Value;
use std::collections::BTreeMap;

/// Largest header we read. The format's own reader refuses 100 MB; real checkpoints stay
/// far below (a header entry is ~100 bytes, so 16 MiB is ~160,000 tensors in one shard,
/// while DeepSeek V3's 91,000 tensors are spread over 163 shards of ~0.5 MiB headers).
pub const MAX_HEADER: u64 = 16 * 1024 * 1024;

/// A header that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HeaderError {
    #[error("header of {0} bytes is over the {MAX_HEADER}-byte cap")]
    TooLarge(u64),
    #[error("malformed header: {0}")]
    Malformed(String),
}

/// The tensors of one or more headers, summed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub bytes: u64,
    pub tensors: u64,
    pub quantized: u64,
    pub bytes_by_dtype: BTreeMap<String, u64>,
    /// Bytes of the token-embedding table (`*embed_tokens.weight`, `wte.weight`).
    pub embedding_bytes: u64,
}

impl Summary {
    pub fn add(&mut self, other: &Summary) {
        self.bytes += other.bytes;
        self.tensors += other.tensors;
        self.quantized += other.quantized;
        self.embedding_bytes += other.embedding_bytes;
        for (k, v) in &other.bytes_by_dtype {
            *self.bytes_by_dtype.entry(k.clone()).or_default() += v;
        }
    }
}

/// The header length from the file's first 8 bytes, checked against the cap.
pub fn header_len(first: &[u8]) -> Result<u64, HeaderError> {
    let bytes: [u8; 8] = first
        .get(..8)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| HeaderError::Malformed("shorter than 8 bytes".into()))?;
    let len = u64::from_le_bytes(bytes);
    if len > MAX_HEADER {
        return Err(HeaderError::TooLarge(len));
    }
    if len < 2 {
        return Err(HeaderError::Malformed(format!("header length {len}")));
    }
    Ok(len)
}

/// Stored types that hold quantized values (FP8, packed integers, FP4 blocks in bytes).
fn is_quantized(dtype: &str, name: &str) -> bool {
    let quant_type = matches!(
        dtype,
        "F8_E4M3" | "F8_E5M2" | "F8_E8M0" | "F4" | "F6_E2M3" | "F6_E3M2" | "I8" | "U8" | "I32"
    );
    let side_tensor = ["scale", "zeros", "g_idx", "zero_point"]
        .iter()
        .any(|s| name.contains(s));
    quant_type && !side_tensor
}

/// The token-embedding table under the names transformers checkpoints use.
fn is_embedding(name: &str) -> bool {
    name.ends_with("embed_tokens.weight")
        || name.ends_with("wte.weight")
        || name.ends_with("word_embeddings.weight")
}

/// Sum the tensors of one header's JSON.
pub fn summarize(json: &[u8]) -> Result<Summary, HeaderError> {
    let value: Value = serde_json::from_slice(json)
        .map_err(|e| HeaderError::Malformed(format!("not JSON: {e}")))?;
    let map = value
        .as_object()
        .ok_or_else(|| HeaderError::Malformed("not a JSON object".into()))?;
    let mut s = Summary::default();
    for (name, t) in map {
        if name == "__metadata__" {
            continue;
        }
        let dtype = t.get("dtype").and_then(Value::as_str);
        let offsets = t.get("data_offsets").and_then(Value::as_array);
        let (Some(dtype), Some(offsets)) = (dtype, offsets) else {
            return Err(HeaderError::Malformed(format!(
                "tensor '{name}' lacks dtype or offsets"
            )));
        };
        let (Some(start), Some(end)) = (
            offsets.first().and_then(Value::as_u64),
            offsets.get(1).and_then(Value::as_u64),
        ) else {
            return Err(HeaderError::Malformed(format!("tensor '{name}' offsets")));
        };
        let size = end.checked_sub(start).ok_or_else(|| {
            HeaderError::Malformed(format!("tensor '{name}' ends before it starts"))
        })?;
        s.bytes += size;
        s.tensors += 1;
        if is_embedding(name) {
            s.embedding_bytes += size;
        }
        if is_quantized(dtype, name) {
            s.quantized += 1;
        }
        *s.bytes_by_dtype.entry(dtype.to_string()).or_default() += size;
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_offsets_per_dtype() {
        let json = br#"{"__metadata__":{"format":"pt"},
            "a.weight":{"dtype":"F8_E4M3","shape":[4,4],"data_offsets":[0,16]},
            "a.weight_scale_inv":{"dtype":"F32","shape":[1,1],"data_offsets":[16,20]},
            "n.weight":{"dtype":"BF16","shape":[4],"data_offsets":[20,28]}}"#;
        let s = summarize(json).unwrap();
        assert_eq!(s.bytes, 28);
        assert_eq!(s.tensors, 3);
        assert_eq!(s.quantized, 1);
        assert_eq!(s.bytes_by_dtype["F8_E4M3"], 16);
    }

    #[test]
    fn caps_and_garbage_are_errors() {
        assert!(matches!(
            header_len(&(MAX_HEADER + 1).to_le_bytes()),
            Err(HeaderError::TooLarge(_))
        ));
        assert!(header_len(b"abc").is_err());
        assert!(summarize(b"{\"x\": {\"dtype\": \"F16\"}}").is_err());
        assert!(summarize(b"not json").is_err());
    }
}
