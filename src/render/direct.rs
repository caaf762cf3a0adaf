//! The direct answer to a guide question, before the guide: "does the 4090 support
//! nvlink?" is answered "No: …" from the card's data, "why did the 4090 lose NVLink" with
//! the reason, "why do H100 SXM boxes cost so much" with the SXM card's power and bandwidth
//! beside its PCIe sibling. Which answer a question gets is the table `guide::FACTS`; this
//! writes each card property's sentence. Messages live in `guide_direct.ftl`.

use super::parts::{Separator, price_usd, separator};
use crate::catalog::{Catalog, FormFactor, GpuSpec, Vendor};
use crate::guide::{Explained, Facet, Property};
use crate::i18n::{Args, Lang, format_number, t, tr};

/// Cards a box of SXM modules holds: an HGX board has 8.
const SXM_PER_BOARD: f64 = 8.0;

/// The direct answer, one sentence, when the table holds one for this question.
pub fn answer(lang: Lang, catalog: &Catalog, e: &Explained) -> Option<String> {
    let fact = e.fact()?;
    match fact.property {
        Property::Nvlink => nvlink(lang, catalog, e),
        Property::FormFactor => sxm_cost(lang, catalog, e),
    }
}

/// The GeForce cards that had an NVLink bridge ("GeForce RTX 3090, GeForce RTX 3090 Ti"),
/// from the catalog: the last ones with it.
fn geforce_with_nvlink(lang: Lang, catalog: &Catalog) -> String {
    let names: Vec<String> = catalog
        .gpus
        .iter()
        .filter(|g| {
            g.vendor == Vendor::Nvidia
                && g.form_factor == FormFactor::Consumer
                && g.nvlink.is_some()
        })
        .map(|g| g.display_name.clone())
        .collect();
    super::compare_short::and_list_of(lang, &names, "direct-and-names")
}

/// One sentence per card named ("Yes: …; no: …"), the reason instead where a card lacks it
/// and the question asks why; no card named: the reason alone.
fn nvlink(lang: Lang, catalog: &Catalog, e: &Explained) -> Option<String> {
    let last = geforce_with_nvlink(lang, catalog);
    let why = e.facet == Some(Facet::Why);
    if e.gpus.is_empty() {
        return why.then(|| {
            tr(
                lang,
                "direct-nvlink-why-alone",
                Some(&Args::new().s("last", last.as_str())),
            )
        });
    }
    let colon = separator(lang, Separator::Colon);
    let parts: Vec<String> = e
        .gpus
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let (word, body) = nvlink_card(lang, g, &last, why);
            match (word.is_empty(), i) {
                (true, 0) => upper_first(&body),
                (true, _) => body,
                (false, 0) => format!("{word}{colon}{body}"),
                (false, _) => format!("{}{colon}{body}", lower_first(&word)),
            }
        })
        .collect();
    Some(parts.join(&separator(lang, Separator::Clause)))
}

/// "Yes"/"No" and the sentence about one card's NVLink.
fn nvlink_card(lang: Lang, g: &GpuSpec, last: &str, why: bool) -> (String, String) {
    let name = g.display_name.as_str();
    let Some(link) = &g.nvlink else {
        let geforce = g.vendor == Vendor::Nvidia && g.form_factor == FormFactor::Consumer;
        let args = Args::new().s("gpu", name).s("last", last);
        // "Why did the 4090 lose it": the reason, with no "no" before it.
        if why && geforce {
            return (
                String::new(),
                tr(lang, "direct-nvlink-why-card", Some(&args)),
            );
        }
        let id = if geforce {
            "direct-nvlink-no-geforce"
        } else {
            "direct-nvlink-no"
        };
        return (t(lang, "direct-no"), tr(lang, id, Some(&args)));
    };
    let bandwidth = link.bandwidth_gbs_total.map_or_else(
        || "–".to_string(),
        |b| format_number(lang, b, usize::from(b.fract() != 0.0)),
    );
    let args = Args::new()
        .s("gpu", name)
        .s("version", link.version.to_string())
        .s("bandwidth", bandwidth);
    let id = if g.form_factor == FormFactor::Sxm {
        "direct-nvlink-yes-sxm"
    } else {
        "direct-nvlink-yes-bridge"
    };
    (t(lang, "direct-yes"), tr(lang, id, Some(&args)))
}

/// "yes" after a clause separator; a word whose second letter is a capital stays as is.
fn lower_first(word: &str) -> String {
    let mut chars = word.chars();
    match (chars.next(), chars.clone().next()) {
        (Some(first), Some(second)) if !second.is_uppercase() => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => word.to_string(),
    }
}

/// A sentence's first letter in capitals ("the 4090 has…" opening the answer).
fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The SXM card the question is about (the one named, else the H100 SXM) and the PCIe
/// card of the same chip: power, bandwidth and what a box of eight costs.
fn sxm_cost(lang: Lang, catalog: &Catalog, e: &Explained) -> Option<String> {
    let sxm = e
        .gpus
        .iter()
        .copied()
        .find(|g| g.form_factor == FormFactor::Sxm)
        .or_else(|| catalog.gpu("h100-sxm"))?;
    let pcie = catalog
        .gpus
        .iter()
        .filter(|g| {
            g.form_factor == FormFactor::Pcie
                && g.vendor == sxm.vendor
                && g.architecture == sxm.architecture
        })
        .min_by(|a, b| {
            (a.memory_gb - sxm.memory_gb)
                .abs()
                .total_cmp(&(b.memory_gb - sxm.memory_gb).abs())
        })?;
    let watts = |g: &GpuSpec| {
        g.tdp_w
            .map_or_else(|| "–".to_string(), |w| format_number(lang, w, 0))
    };
    let mut args = Args::new()
        .s("sxm", sxm.display_name.as_str())
        .s("sxm_w", watts(sxm))
        .s("sxm_bw", format_number(lang, sxm.memory_bandwidth_gbs, 0))
        .s("pcie", pcie.display_name.as_str())
        .s("pcie_w", watts(pcie))
        .s("pcie_bw", format_number(lang, pcie.memory_bandwidth_gbs, 0));
    let id = match sxm.buy_price() {
        Some((usd, _)) => {
            args = args.s("price", price_usd(lang, usd * SXM_PER_BOARD));
            "direct-sxm-cost"
        }
        None => "direct-sxm-cost-no-price",
    };
    Some(tr(lang, id, Some(&args)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_yes_after_a_clause_is_lower_case_a_brand_is_not() {
        assert_eq!(lower_first("Yes"), "yes");
        assert_eq!(lower_first("Sí"), "sí");
        assert_eq!(lower_first("支持"), "支持");
        assert_eq!(lower_first("NVIDIA"), "NVIDIA");
    }
}
