//! safetensors headers: an 8-byte little-endian length, then a JSON object mapping each
//! tensor to its dtype, shape and data offsets. The offsets give each tensor's exact
//! bytes, whatever the format (packed GPTQ integers, FP8 with scales, MXFP4 blocks).

use super::kv_layout::{KvProjections, decoder_layer, is_mtp};
use super::param_groups::GroupCounts;
use crate::catalog::ParamGroups;
use serde::Deserialize;
use serde::de::{Deserializer as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Largest header we read, a quarter of the shard index's cap: one shard's header lists
/// only that shard's tensors, while the index names every tensor of the model. The
/// format's own reader refuses 100 MB; real checkpoints stay far below (a header entry is
/// ~100 bytes, so 4 MiB is ~40,000 tensors in one shard, while DeepSeek V3's 91,000
/// tensors are spread over 163 shards of ~0.5 MiB headers). A lower cap is what keeps a
/// crowd of look-ups of repos built with many large headers small: two large headers a
/// look-up at a time, eight look-ups at once, is at most 64 MiB of headers in memory.
pub const MAX_HEADER: u64 = 4 * 1024 * 1024;

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
    /// Parameters: the elements of every weight stored unpacked (16/32-bit floats, FP8,
    /// int8), scales and other side tensors left out.
    pub params: u64,
    /// Some weight is stored packed (GPTQ/AWQ integers, FP4 blocks): its shape does not
    /// count its parameters, so `params` is not the model's count.
    pub packed: bool,
    /// The k/v projections, layer by layer.
    pub kv: KvProjections,
    /// Of `params`, those of each decoder layer (layers past the config's count are MTP
    /// heads) and those of named MTP heads: left out of the model's count.
    pub layer_params: BTreeMap<u32, u64>,
    pub mtp_params: u64,
    /// Of `params`, by group (embeddings, attention, MLP, experts, vision tower).
    pub groups: GroupCounts,
}

/// `a + b`, or "malformed" naming `what` when the sum does not fit: a header whose sizes
/// overflow is hostile, and a wrapped total would read as a tiny model.
fn sum(a: u64, b: u64, what: &str) -> Result<u64, HeaderError> {
    a.checked_add(b)
        .ok_or_else(|| HeaderError::Malformed(format!("{what} overflows")))
}

impl Summary {
    /// Add another file's tensors.
    pub fn add(&mut self, other: &Summary) -> Result<(), HeaderError> {
        self.bytes = sum(self.bytes, other.bytes, "total bytes")?;
        self.tensors = sum(self.tensors, other.tensors, "tensor count")?;
        self.quantized = sum(self.quantized, other.quantized, "tensor count")?;
        self.embedding_bytes = sum(self.embedding_bytes, other.embedding_bytes, "bytes")?;
        self.params = sum(self.params, other.params, "parameter count")?;
        self.packed |= other.packed;
        self.kv.add(&other.kv);
        self.groups.add(&other.groups);
        self.mtp_params = sum(self.mtp_params, other.mtp_params, "parameter count")?;
        for (k, v) in &other.layer_params {
            let total = self.layer_params.entry(*k).or_default();
            *total = sum(*total, *v, "parameter count")?;
        }
        for (k, v) in &other.bytes_by_dtype {
            let total = self.bytes_by_dtype.entry(k.clone()).or_default();
            *total = sum(*total, *v, "bytes")?;
        }
        Ok(())
    }

    /// Count `n` parameters of the tensor `name`.
    fn add_params(&mut self, name: &str, n: u64) -> Result<(), HeaderError> {
        self.params = sum(self.params, n, "parameter count")?;
        if is_mtp(name) {
            self.mtp_params = sum(self.mtp_params, n, "parameter count")?;
        } else if let Some(layer) = decoder_layer(name) {
            let total = self.layer_params.entry(layer).or_default();
            *total = sum(*total, n, "parameter count")?;
        }
        Ok(())
    }

    /// The model's parameters with `layers` decoder layers: MTP heads (named, or layers
    /// past the count, as DeepSeek V3's 62nd) left out, as published counts leave them.
    /// None when some weight is packed.
    pub fn model_params(&self, layers: u32) -> Option<u64> {
        let extra: u64 = self.layer_params.range(layers..).map(|(_, n)| n).sum();
        let n = self
            .params
            .saturating_sub(self.mtp_params.saturating_add(extra));
        Some(n).filter(|&n| n > 0 && !self.packed)
    }

    /// The model's parameters by group with `layers` decoder layers (layers past it are
    /// MTP heads). None when some weight is packed: its shape does not give its count.
    pub fn model_groups(&self, layers: u32) -> Option<ParamGroups> {
        Some(self.groups.model(layers)).filter(|g| g.total() > 0 && !self.packed)
    }

    /// Add one tensor of `size` bytes and `shape`.
    fn add_tensor(
        &mut self,
        name: &str,
        dtype: &str,
        size: u64,
        shape: Shape,
    ) -> Result<(), HeaderError> {
        self.bytes = sum(self.bytes, size, "total bytes")?;
        self.tensors += 1;
        self.kv.note(name, dtype, shape.first, shape.rank);
        if !is_side_tensor(name) {
            match shape.elements.filter(|_| unpacked(dtype)) {
                Some(n) => {
                    self.add_params(name, n)?;
                    self.groups.note(name, n, shape.rank, shape.first);
                }
                None => self.packed = true,
            }
        }
        if is_embedding(name) {
            self.embedding_bytes = sum(self.embedding_bytes, size, "bytes")?;
        }
        if is_quantized(dtype, name) {
            self.quantized += 1;
        }
        match self.bytes_by_dtype.get_mut(dtype) {
            Some(total) => *total = sum(*total, size, "bytes")?,
            None => {
                self.bytes_by_dtype.insert(dtype.to_string(), size);
            }
        }
        Ok(())
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
    quant_type && !is_side_tensor(name)
}

/// Scales, zero points and group indices beside quantized weights: not parameters.
fn is_side_tensor(name: &str) -> bool {
    ["scale", "zeros", "g_idx", "zero_point", "_amax"]
        .iter()
        .any(|s| name.contains(s))
}

/// Stored types whose shape is the weight's own (packed integers and FP4 are not).
pub(super) fn unpacked(dtype: &str) -> bool {
    matches!(
        dtype,
        "F64" | "F32" | "F16" | "BF16" | "F8_E4M3" | "F8_E5M2" | "I8" | "I16" | "I64" | "BOOL"
    )
}

/// The token-embedding table under the names transformers checkpoints use.
fn is_embedding(name: &str) -> bool {
    name.ends_with("embed_tokens.weight")
        || name.ends_with("wte.weight")
        || name.ends_with("word_embeddings.weight")
}

/// One tensor's entry; anything else is skipped.
#[derive(Deserialize)]
struct Entry<'a> {
    #[serde(borrow)]
    dtype: Option<Cow<'a, str>>,
    data_offsets: Option<Vec<Value>>,
    #[serde(default)]
    shape: Shape,
}

/// A tensor's shape, read without keeping it: its first dimension, its rank and its
/// element count (None when a dimension is not a count or the product overflows).
#[derive(Debug, Clone, Copy, Default)]
struct Shape {
    first: Option<u64>,
    rank: u32,
    elements: Option<u64>,
}

impl<'de> Deserialize<'de> for Shape {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shape, D::Error> {
        struct Dims;
        impl<'de> Visitor<'de> for Dims {
            type Value = Shape;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of dimensions")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shape, A::Error> {
                let mut s = Shape {
                    elements: Some(1),
                    ..Shape::default()
                };
                while let Some(dim) = seq.next_element::<IgnoredOr<u64>>()? {
                    let dim = dim.0;
                    if s.rank == 0 {
                        s.first = dim;
                    }
                    s.rank = s.rank.saturating_add(1);
                    s.elements = s.elements.zip(dim).and_then(|(n, d)| n.checked_mul(d));
                }
                Ok(s)
            }
        }
        d.deserialize_seq(Dims)
    }
}

/// A value of type `T`, or None for anything else (skipped, not an error).
struct IgnoredOr<T>(Option<T>);

impl<'de> Deserialize<'de> for IgnoredOr<u64> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(IgnoredOr(Value::deserialize(d)?.as_u64()))
    }
}

/// The size of one entry, or why it has none.
fn entry_size(name: &str, t: Entry) -> Result<(String, u64), HeaderError> {
    let (Some(dtype), Some(offsets)) = (t.dtype, t.data_offsets) else {
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
    let size = end
        .checked_sub(start)
        .ok_or_else(|| HeaderError::Malformed(format!("tensor '{name}' ends before it starts")))?;
    Ok((dtype.into_owned(), size))
}

/// Reads the header's map entry by entry, summing as it goes, so a 16 MiB header never
/// becomes a JSON tree in memory. The first problem is kept and the rest skipped, so the
/// JSON is still read to its end.
struct Summing;

impl<'de> Visitor<'de> for Summing {
    type Value = Result<Summary, HeaderError>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object of tensors")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut s = Summary::default();
        let mut problem = None;
        while let Some(name) = map.next_key::<Cow<'de, str>>()? {
            if name == "__metadata__" || problem.is_some() {
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            let entry = map.next_value::<Entry>()?;
            let shape = entry.shape;
            let added = entry_size(&name, entry)
                .and_then(|(dtype, size)| s.add_tensor(&name, &dtype, size, shape));
            problem = added.err();
        }
        Ok(problem.map_or(Ok(s), Err))
    }
}

/// Sum the tensors of one header's JSON.
pub fn summarize(json: &[u8]) -> Result<Summary, HeaderError> {
    let mut de = serde_json::Deserializer::from_slice(json);
    de.deserialize_map(Summing)
        .and_then(|s| de.end().map(|()| s))
        .map_err(|e| {
            let what = if e.is_data() {
                "not a JSON object of tensors"
            } else {
                "not JSON"
            };
            HeaderError::Malformed(format!("{what}: {e}"))
        })?
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

    /// Elements of unpacked weights, scales left out; the layer past the config's count
    /// (DeepSeek V3's MTP layer 61) and named MTP heads are not the model's.
    #[test]
    fn parameters_from_shapes_without_mtp_heads() {
        let json = br#"{"model.embed_tokens.weight":{"dtype":"BF16","shape":[10,4],"data_offsets":[0,80]},
            "model.layers.0.mlp.weight":{"dtype":"F8_E4M3","shape":[4,4],"data_offsets":[80,96]},
            "model.layers.0.mlp.weight_scale_inv":{"dtype":"F32","shape":[1,1],"data_offsets":[96,100]},
            "model.layers.1.mlp.weight":{"dtype":"BF16","shape":[4,4],"data_offsets":[100,132]},
            "model.mtp.0.proj.weight":{"dtype":"BF16","shape":[2,4],"data_offsets":[132,148]}}"#;
        let s = summarize(json).unwrap();
        assert_eq!(s.params, 40 + 16 + 16 + 8);
        assert_eq!(s.model_params(1), Some(56));
        assert_eq!(s.model_params(2), Some(72));
        let packed = br#"{"a.qweight":{"dtype":"I32","shape":[4,4],"data_offsets":[0,64]}}"#;
        assert_eq!(summarize(packed).unwrap().model_params(1), None);
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

    #[test]
    fn sizes_that_overflow_are_malformed_not_wrapped() {
        let half = u64::MAX / 2 + 1;
        let json = format!(
            r#"{{"a":{{"dtype":"BF16","data_offsets":[0,{half}]}},
                "b":{{"dtype":"BF16","data_offsets":[0,{half}]}}}}"#
        );
        assert!(matches!(
            summarize(json.as_bytes()),
            Err(HeaderError::Malformed(m)) if m.contains("overflows")
        ));
        let one = summarize(br#"{"a":{"dtype":"BF16","data_offsets":[0,18446744073709551615]}}"#)
            .unwrap();
        let mut total = one.clone();
        assert!(total.add(&one).is_err());
    }
}
