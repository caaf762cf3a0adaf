//! The names the command line, the API and the JSON accept for precisions, KV formats,
//! modes, optimizers, sharding and LoRA targets: every one of the contract's names and of
//! the aliases earlier releases took still parses to the same variant, every variant's name
//! parses back to it, and the JSON says that same name. The lists are written out here on
//! purpose: the strum attributes that produce them must not drift from them.

use serde::Serialize;
use std::fmt::Debug;
use std::str::FromStr;
use strum::VariantArray;
use vramguide::estimate::{Field, JobError, LoraTargets, Optimizer, Sharding, named};
use vramguide::vocab::{KvPrecision, Mode, Precision};

/// `name` and each alias parse to `variant`, in any case and with spaces around; the JSON
/// of `variant` is its name.
fn check<T>(
    parse: impl Fn(&str) -> Option<T>,
    name_of: impl Fn(T) -> &'static str,
    rows: &[(T, &str, &[&str])],
) where
    T: Copy + PartialEq + Debug + Serialize + VariantArray,
{
    for &(variant, name, aliases) in rows {
        assert_eq!(name_of(variant), name, "{variant:?}'s name");
        assert_eq!(
            serde_json::to_value(variant).unwrap(),
            name,
            "{variant:?}'s JSON"
        );
        for spelling in std::iter::once(&name).chain(aliases) {
            for typed in [
                spelling.to_string(),
                spelling.to_ascii_uppercase(),
                format!("  {spelling} "),
            ] {
                assert_eq!(parse(&typed), Some(variant), "'{typed}'");
            }
        }
    }
    assert_eq!(rows.len(), T::VARIANTS.len(), "every variant is listed");
    assert_eq!(parse("no-such-name"), None);
}

#[test]
fn precisions() {
    use Precision::*;
    check(
        |s| s.parse::<Precision>().ok(),
        Precision::name,
        &[
            (Fp32, "fp32", &["float32", "f32"]),
            (Fp16, "fp16", &["float16", "f16", "half"]),
            (Bf16, "bf16", &["bfloat16"]),
            (Fp8, "fp8", &[]),
            (
                Fp8Block,
                "fp8-block",
                &["fp8_block", "fp8_blockwise", "block_fp8", "fp8 block"],
            ),
            (Mxfp4, "mxfp4", &["mx_fp4", "mxfp4_moe", "mx-fp4"]),
            (Nvfp4, "nvfp4", &["nv_fp4", "fp4"]),
            (Int8, "int8", &[]),
            (Int4, "int4", &[]),
            (Nf4, "nf4", &[]),
            (GptqInt8, "gptq-int8", &["gptq_int8", "gptq8"]),
            (GptqInt4, "gptq-int4", &["gptq_int4", "gptq", "gptq4"]),
            (AwqInt4, "awq-int4", &["awq_int4", "awq"]),
            (Q2K, "q2_k", &["q2-k"]),
            (Q3KS, "q3_k_s", &[]),
            (Q3KM, "q3_k_m", &[]),
            (Q3KL, "q3_k_l", &[]),
            (Q4_0, "q4_0", &[]),
            (Q4KS, "q4_k_s", &[]),
            (Q4KM, "q4_k_m", &["Q4-K-M", "q4 k m"]),
            (Q5_0, "q5_0", &[]),
            (Q5KS, "q5_k_s", &[]),
            (Q5KM, "q5_k_m", &[]),
            (Q6K, "q6_k", &[]),
            (Q8_0, "q8_0", &[]),
            (Iq4Xs, "iq4_xs", &[]),
            (Iq3M, "iq3_m", &[]),
            (Iq2M, "iq2_m", &[]),
            (Mlx4, "mlx-4bit", &["mlx4", "mlx_4bit"]),
            (Mlx8, "mlx-8bit", &["mlx8", "mlx_8bit"]),
        ],
    );
}

#[test]
fn kv_precisions() {
    use KvPrecision::*;
    check(
        |s| s.parse::<KvPrecision>().ok(),
        KvPrecision::name,
        &[
            (Fp16, "fp16", &["f16", "bf16", "16"]),
            (Fp8, "fp8", &["fp8_e4m3", "fp8_e5m2", "8"]),
            (Q8_0, "q8_0", &["q8", "int8"]),
            (Q4_0, "q4_0", &["q4", "int4"]),
        ],
    );
}

/// An option by name, as `--mode` (and the other job options) read it.
fn option<T: FromStr<Err = strum::ParseError>>(field: Field) -> impl Fn(&str) -> Option<T> {
    move |s| named(field, s).ok()
}

#[test]
fn modes() {
    check(
        option::<Mode>(Field::Mode),
        Mode::name,
        &[
            (Mode::Inference, "inference", &["infer"]),
            (
                Mode::FullFinetune,
                "full-finetune",
                &["full", "finetune", "train"],
            ),
            (Mode::Lora, "lora", &[]),
            (Mode::Qlora, "qlora", &[]),
        ],
    );
}

#[test]
fn optimizers() {
    use Optimizer::*;
    check(
        option::<Optimizer>(Field::Optimizer),
        |o: Optimizer| o.into(),
        &[
            (Adamw, "adamw", &["adam"]),
            (
                Adamw8bit,
                "adamw8bit",
                &["adamw-8bit", "adam8bit", "adamw_8bit"],
            ),
            (
                PagedAdamw8bit,
                "paged-adamw8bit",
                &["paged-adamw-8bit", "paged_adamw_8bit"],
            ),
            (Sgd, "sgd", &[]),
        ],
    );
}

#[test]
fn sharding_and_lora_targets() {
    use Sharding::*;
    check(
        option::<Sharding>(Field::Sharding),
        Sharding::name,
        &[
            (Ddp, "ddp", &["none", "zero0"]),
            (Zero1, "zero1", &["zero-1"]),
            (Zero2, "zero2", &["zero-2", "shard-grad-op"]),
            (Zero3, "zero3", &["zero-3", "deepspeed"]),
            (Fsdp, "fsdp", &["full-shard", "fsdp2", "full_shard"]),
        ],
    );
    check(
        option::<LoraTargets>(Field::LoraTargets),
        |t: LoraTargets| t.into(),
        &[
            (LoraTargets::Attention, "attention", &["attn"]),
            (LoraTargets::AllLinear, "all-linear", &["all"]),
        ],
    );
}

/// A name no option has is the typed error that says which option it was.
#[test]
fn an_unknown_name_says_which_option() {
    let err = named::<Mode>(Field::Mode, " Training-Run ").unwrap_err();
    assert_eq!(
        err,
        JobError::UnknownOption {
            what: Field::Mode,
            value: "training-run".to_string()
        }
    );
}
