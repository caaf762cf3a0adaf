//! The stored format a config names: `quantization_config` (FP8 per tensor or in blocks,
//! GPTQ, AWQ, bitsandbytes, MXFP4, compressed-tensors and ModelOpt), else `torch_dtype`.

use crate::estimate::Precision;
use crate::sanitize;
use serde_json::Value;

/// The format the checkpoint ships in: `quantization_config` first, then `torch_dtype`.
pub fn native_precision(config: &Value) -> Precision {
    quantized_precision(config).unwrap_or_else(|| {
        let dtype = config
            .get("torch_dtype")
            .or_else(|| config.get("dtype"))
            .or_else(|| config.pointer("/text_config/torch_dtype"))
            .and_then(Value::as_str)
            .unwrap_or("bfloat16");
        match dtype {
            "float16" => Precision::Fp16,
            "float32" => Precision::Fp32,
            _ => Precision::Bf16,
        }
    })
}

/// `quantization_config.quant_method`, as it names the stored format.
pub fn quant_method(config: &Value) -> Option<String> {
    quantization_config(config)?
        .get("quant_method")
        .and_then(Value::as_str)
        .map(sanitize::clean)
}

/// The `quantization_config` at the top level, or under `text_config` where a multimodal
/// checkpoint quantizes its language model only (Kimi K2.5's INT4 experts).
fn quantization_config(config: &Value) -> Option<&Value> {
    config
        .get("quantization_config")
        .or_else(|| config.pointer("/text_config/quantization_config"))
        .filter(|q| !q.is_null())
}

/// The precision a `quantization_config` stores weights in, when it names one we model.
fn quantized_precision(config: &Value) -> Option<Precision> {
    let q = quantization_config(config)?;
    let bits = q.get("bits").and_then(Value::as_u64);
    match q.get("quant_method")?.as_str()? {
        // `"weight_block_size": null` is per-tensor FP8, not block-scaled.
        "fp8" | "fbgemm_fp8" => Some(
            if q.get("weight_block_size").is_some_and(|b| !b.is_null()) {
                Precision::Fp8Block
            } else {
                Precision::Fp8
            },
        ),
        "gptq" => Some(if bits == Some(8) {
            Precision::GptqInt8
        } else {
            Precision::GptqInt4
        }),
        "awq" => Some(Precision::AwqInt4),
        "bitsandbytes" => Some(
            if q.get("load_in_8bit").and_then(Value::as_bool) == Some(true) {
                Precision::Int8
            } else {
                Precision::Nf4
            },
        ),
        "mxfp4" => Some(Precision::Mxfp4),
        "compressed-tensors" | "modelopt" => compressed_tensors(q),
        _ => None,
    }
}

/// compressed-tensors names the weight type per group: 8-bit float, 4-bit float (NVFP4),
/// or integers.
fn compressed_tensors(q: &Value) -> Option<Precision> {
    let format = q.get("format").and_then(Value::as_str).unwrap_or("");
    if format.contains("nvfp4") || q.get("quant_algo").and_then(Value::as_str) == Some("NVFP4") {
        return Some(Precision::Nvfp4);
    }
    if q.get("quant_algo").and_then(Value::as_str) == Some("FP8") {
        return Some(Precision::Fp8);
    }
    let weights = q
        .get("config_groups")?
        .as_object()?
        .values()
        .find_map(|g| g.get("weights"))?;
    let bits = weights.get("num_bits").and_then(Value::as_u64)?;
    let float = weights.get("type").and_then(Value::as_str) == Some("float");
    let block = weights.get("block_structure").is_some_and(|b| !b.is_null());
    Some(match (bits, float) {
        (8, true) if block => Precision::Fp8Block,
        (8, true) => Precision::Fp8,
        (4, true) => Precision::Nvfp4,
        (8, false) => Precision::Int8,
        _ => Precision::Int4,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn quantization_configs_name_their_format() {
        let gptq = json!({"quantization_config": {"quant_method": "gptq", "bits": 4}});
        assert_eq!(native_precision(&gptq), Precision::GptqInt4);
        let awq = json!({"quantization_config": {"quant_method": "awq", "bits": 4}});
        assert_eq!(native_precision(&awq), Precision::AwqInt4);
        let mx = json!({"quantization_config": {"quant_method": "mxfp4"}});
        assert_eq!(native_precision(&mx), Precision::Mxfp4);
        let ct = json!({"quantization_config": {"quant_method": "compressed-tensors",
            "config_groups": {"group_0": {"weights": {"num_bits": 8, "type": "float"}}}}});
        assert_eq!(native_precision(&ct), Precision::Fp8);
        assert_eq!(
            native_precision(&json!({"torch_dtype": "float16"})),
            Precision::Fp16
        );
        let nested = json!({"text_config": {"quantization_config": {"quant_method": "compressed-tensors",
            "config_groups": {"group_0": {"weights": {"num_bits": 4, "type": "int"}}}}}});
        assert_eq!(native_precision(&nested), Precision::Int4);
        assert_eq!(quant_method(&nested).as_deref(), Some("compressed-tensors"));
    }
}
