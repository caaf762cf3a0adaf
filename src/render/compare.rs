//! GPUs side by side: memory, bandwidth, tensor throughput, links, power, price, and the
//! popular models each one runs on a single card.

use super::parts::{link_name, price_usd};
use crate::catalog::{Catalog, FormFactor, GpuSpec, NvLink, PriceBasis, Vendor};
use crate::estimate::Interconnect;
use crate::i18n::{Args, Lang, format_number, t, tr};
use crate::recommend::popular_runs;
use serde::Serialize;
use utoipa::ToSchema;

fn form_factor(lang: Lang, g: &GpuSpec) -> String {
    let id = match (g.form_factor, g.is_unified()) {
        (_, true) => "form-unified",
        (FormFactor::Consumer, _) => "form-consumer",
        (FormFactor::Pcie, _) => "form-pcie",
        (FormFactor::Sxm, _) => "form-sxm",
    };
    t(lang, id)
}

/// Today's price where one is published ("$1,900 now (2026-05)"), else the launch price,
/// said so: the same prices the answers use.
pub fn price_today(lang: Lang, g: &GpuSpec) -> String {
    let Some((usd, basis)) = g.buy_price() else {
        return t(lang, "compare-no-price");
    };
    let args = Args::new().s("price", price_usd(lang, usd));
    match basis {
        PriceBasis::Street => tr(
            lang,
            "picks-price-street",
            Some(&args.s("date", g.street_usd_date.clone().unwrap_or_default())),
        ),
        PriceBasis::Launch => tr(lang, "compare-price-launch", Some(&args)),
    }
}

fn opt(lang: Lang, v: Option<f64>, decimals: usize) -> String {
    v.map_or_else(|| "–".to_string(), |x| format_number(lang, x, decimals))
}

/// Rows of (label, one value per GPU).
pub fn rows(lang: Lang, catalog: &Catalog, gpus: &[&GpuSpec]) -> Vec<(String, Vec<String>)> {
    let row = |id: &str, f: &dyn Fn(&GpuSpec) -> String| {
        (t(lang, id), gpus.iter().map(|g| f(g)).collect::<Vec<_>>())
    };
    let yes_no = |b: Option<bool>| match b {
        Some(true) => t(lang, "compare-yes"),
        Some(false) => t(lang, "compare-no"),
        None => "–".to_string(),
    };
    vec![
        row("compare-memory", &|g| {
            format!(
                "{} GB {}",
                format_number(lang, g.memory_gb, 0),
                g.memory_type
            )
        }),
        row("compare-bandwidth", &|g| {
            format!("{} GB/s", format_number(lang, g.memory_bandwidth_gbs, 0))
        }),
        // The rate PyTorch gets (FP32 accumulate): half the headline on GeForce cards, as
        // the Tensor Cores guide says; the same figure elsewhere.
        row("compare-fp16", &|g| {
            opt(
                lang,
                g.fp16_tensor_tflops_dense_fp32acc
                    .or(g.fp16_tensor_tflops_dense),
                1,
            )
        }),
        row("compare-fp8", &|g| {
            opt(
                lang,
                g.fp8_tensor_tflops_dense_fp32acc
                    .or(g.fp8_tensor_tflops_dense),
                1,
            )
        }),
        row("compare-nvlink", &|g| match &g.nvlink {
            Some(l) => match l.bandwidth_gbs_total {
                Some(bw) => format!("NVLink {} · {} GB/s", l.version, format_number(lang, bw, 1)),
                None => format!("NVLink {}", l.version),
            },
            None if g.vendor == Vendor::Amd && g.form_factor == FormFactor::Sxm => {
                link_name(lang, Interconnect::InfinityFabric)
            }
            None => t(lang, "compare-no"),
        }),
        row("compare-form", &|g| form_factor(lang, g)),
        row("compare-power", &|g| opt(lang, g.tdp_w, 0) + " W"),
        row("compare-ecc", &|g| yes_no(g.ecc)),
        row("compare-price", &|g| price_today(lang, g)),
        // What one card rents for by the hour, with when it was published: with the
        // price above, the answer to "how much is an h100?".
        row(
            "compare-cloud-price",
            &|g| match (g.cloud_usd_per_hour, &g.cloud_usd_per_hour_date) {
                (Some(p), Some(d)) => format!("{} ({d})", crate::i18n::format_usd(lang, p, 2)),
                (Some(p), None) => crate::i18n::format_usd(lang, p, 2),
                _ => "–".to_string(),
            },
        ),
        row("compare-price-per-gb", &|g| {
            g.buy_price().map_or_else(
                || "–".to_string(),
                |(p, _)| price_usd(lang, p / g.memory_gb),
            )
        }),
        row("compare-runs-16bit", &|g| {
            list_or_none(lang, catalog, &popular_runs(catalog, g).0)
        }),
        row("compare-runs-4bit", &|g| {
            list_or_none(lang, catalog, &popular_runs(catalog, g).1)
        }),
    ]
}

fn list_or_none(lang: Lang, catalog: &Catalog, ids: &[String]) -> String {
    if ids.is_empty() {
        return t(lang, "compare-none");
    }
    ids.iter()
        .map(|id| {
            catalog
                .model(id)
                .map_or(id.as_str(), |m| m.display_name.as_str())
        })
        .collect::<Vec<_>>()
        .join(&super::parts::separator(
            lang,
            super::parts::Separator::List,
        ))
}

/// The comparison as Markdown: one block per GPU (reads well in a terminal and on a phone).
pub fn text(lang: Lang, catalog: &Catalog, gpus: &[&GpuSpec]) -> String {
    let rows = rows(lang, catalog, gpus);
    let mut out = vec![format!("**{}**", t(lang, "compare-title"))];
    let colon = super::parts::separator(lang, super::parts::Separator::Colon);
    for (i, g) in gpus.iter().enumerate() {
        out.push(String::new());
        out.push(format!("**{}**", g.display_name));
        for (label, values) in &rows {
            out.push(format!("- {label}{colon}{}", values[i]));
        }
    }
    out.push(String::new());
    out.push(format!("· {}", t(lang, "compare-runs-note")));
    out.join("\n")
}

/// The comparison object of `compare --json` and `/api/v1/compare`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = Comparison)]
pub struct CompareJson {
    pub language: &'static str,
    pub gpus: Vec<GpuRow>,
    /// The table as Markdown in `language`.
    pub text: String,
    /// The model the question names, when it compares setups for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_name: Option<String>,
}

/// One GPU's raw specs, plus the popular models it runs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct GpuRow {
    pub id: String,
    pub name: String,
    pub vendor: Vendor,
    /// As sold, in 10^9 bytes.
    pub memory_gb: f64,
    pub memory_type: String,
    pub memory_bandwidth_gbs: f64,
    pub fp16_tensor_tflops_dense: Option<f64>,
    pub fp8_tensor_tflops_dense: Option<f64>,
    pub nvlink: Option<NvLink>,
    pub form_factor: FormFactor,
    pub tdp_w: Option<f64>,
    pub ecc: Option<bool>,
    /// Launch price.
    pub price_usd: Option<f64>,
    pub usd_per_gb: Option<f64>,
    /// Popular models that run on one card in 16-bit.
    pub runs_fp16: Vec<String>,
    /// Popular models that run on one card at Q4_K_M.
    pub runs_q4_k_m: Vec<String>,
    /// GeForce cards: the FP16 tensor rate with FP32 accumulation (half the FP16-accumulate
    /// rate on most), the one the compare table and the guide use.
    pub fp16_tensor_tflops_dense_fp32acc: Option<f64>,
    /// The FP8 rate on the same basis (FP32 accumulate), where it differs from the headline.
    pub fp8_tensor_tflops_dense_fp32acc: Option<f64>,
    /// Cards of this kind in the setup compared: 1 unless the question counts them
    /// ("5090 vs 2x3090").
    pub count: u32,
    /// `memory_gb` × `count`.
    pub total_memory_gb: f64,
    /// `price_usd` × `count`.
    pub total_price_usd: Option<f64>,
    /// Whether this setup runs the model the question names (none named: absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs_model: Option<bool>,
    /// What one card costs today: the street price where one is published, else the
    /// launch price (`price_basis` says which); what the answer's text shows.
    pub buy_price_usd: Option<f64>,
    /// `street` or `launch`: the basis of `buy_price_usd` (null with no price).
    pub price_basis: Option<PriceBasis>,
    /// `buy_price_usd` × `count`: the setup's price as the verdict weighs it.
    pub total_buy_price_usd: Option<f64>,
    /// The largest popular model the whole setup (`count` cards) runs at Q4_K_M: what the
    /// short table's "4-bit: up to" names.
    pub largest_q4_k_m: Option<String>,
}

/// The comparison as JSON: the raw specs plus what each runs.
pub fn json(lang: Lang, catalog: &Catalog, gpus: &[&GpuSpec]) -> CompareJson {
    let row = |g: &&GpuSpec| {
        let (runs_fp16, runs_q4_k_m) = popular_runs(catalog, g);
        GpuRow {
            id: g.id.clone(),
            name: g.display_name.clone(),
            vendor: g.vendor,
            memory_gb: g.memory_gb,
            memory_type: g.memory_type.clone(),
            memory_bandwidth_gbs: g.memory_bandwidth_gbs,
            fp16_tensor_tflops_dense: g.fp16_tensor_tflops_dense,
            fp8_tensor_tflops_dense: g.fp8_tensor_tflops_dense,
            nvlink: g.nvlink.clone(),
            form_factor: g.form_factor,
            tdp_w: g.tdp_w,
            ecc: g.ecc,
            price_usd: g.msrp_usd,
            usd_per_gb: g.usd_per_gb().map(|p| (p * 100.0).round() / 100.0),
            runs_fp16,
            runs_q4_k_m,
            fp16_tensor_tflops_dense_fp32acc: g.fp16_tensor_tflops_dense_fp32acc,
            fp8_tensor_tflops_dense_fp32acc: g.fp8_tensor_tflops_dense_fp32acc,
            count: 1,
            total_memory_gb: g.memory_gb,
            total_price_usd: g.msrp_usd,
            runs_model: None,
            buy_price_usd: g.buy_price().map(|(p, _)| p),
            price_basis: g.buy_price().map(|(_, b)| b),
            total_buy_price_usd: g.buy_price().map(|(p, _)| p),
            largest_q4_k_m: super::compare_short::largest_at_4bit(catalog, g, 1)
                .map(|m| m.id.clone()),
        }
    };
    CompareJson {
        language: lang.code(),
        gpus: gpus.iter().map(row).collect(),
        text: text(lang, catalog, gpus),
        model: None,
        model_name: None,
    }
}
