//! A comparison as a teammate gives it: a verdict for the usual use when no model is named
//! ("For local LLMs the 3090 gives the same 24 GB and 93% of the 4090's bandwidth for 45%
//! of the price; the 4090 prefills about 2.3 × faster and runs FP8"), or by what each setup
//! runs ("2 × RTX 3090: 48 GB, runs Llama 3.3 70B at 4 bits; RTX 5090: 32 GB, does not"),
//! then one short line per setup. Every figure comes from `data/gpus.json` and the sizing;
//! the full spec sheets ([`super::compare::text`]) wait behind `--full` and the buttons.
//! Messages live in `compare_short.ftl`.

use super::parts::{Separator, price_usd, separator, setup_label};
use crate::answer::Compared;
use crate::catalog::{Catalog, FormFactor, GpuSpec, ModelSpec, PriceBasis};
use crate::estimate::{Fit, Job, Mode, Precision};
use crate::i18n::{Args, Lang, format_number, t, tr};
use crate::recommend::POPULAR_MODELS;

/// A ratio worth saying: at least 15 % apart.
const WORTH_SAYING: f64 = 1.15;

/// Each setup of the comparison: the card and how many of it.
fn setups(c: &Compared) -> impl Iterator<Item = (&'static GpuSpec, u32)> + '_ {
    c.gpus
        .iter()
        .zip(c.counts.iter().chain(std::iter::repeat(&1)))
        .map(|(g, &n)| (*g, n.max(1)))
}

/// The largest of the popular models a setup runs at 4 bits (Q4_K_M), as
/// [`crate::recommend::popular_runs_on`] sizes them: tried largest first, so most setups
/// size one to three models, not all of them at two formats.
pub fn largest_at_4bit<'c>(catalog: &'c Catalog, g: &GpuSpec, count: u32) -> Option<&'c ModelSpec> {
    let job = Job::new(Mode::Inference, Precision::Q4KM);
    POPULAR_MODELS
        .iter()
        .rev()
        .filter_map(|id| catalog.model(id))
        .find(|m| Fit::holds(m, &job, g, count.max(1)))
}

/// The price of `count` cards, with its basis (today's street price, else launch).
pub fn price_of(lang: Lang, g: &GpuSpec, count: u32) -> String {
    match g.buy_price() {
        Some((usd, basis)) => {
            let args = Args::new().s("price", price_usd(lang, usd * f64::from(count)));
            let id = match basis {
                PriceBasis::Street => "compare-short-price-street",
                PriceBasis::Launch => "compare-short-price-launch",
            };
            tr(lang, id, Some(&args))
        }
        None => t(lang, "compare-no-price"),
    }
}

/// The FP16 tensor rate the compare table uses (FP32 accumulate where it differs).
fn fp16(g: &GpuSpec) -> Option<f64> {
    g.fp16_tensor_tflops_dense_fp32acc
        .or(g.fp16_tensor_tflops_dense)
}

fn fp8(g: &GpuSpec) -> Option<f64> {
    g.fp8_tensor_tflops_dense_fp32acc
        .or(g.fp8_tensor_tflops_dense)
}

/// One setup's line: memory in all, bandwidth, tensor rates, NVLink, price of the setup,
/// and the largest popular model it runs at 4 bits.
pub fn line(lang: Lang, catalog: &Catalog, g: &GpuSpec, count: u32) -> String {
    let mut pieces = vec![
        format!(
            "{} GB",
            format_number(lang, g.memory_gb * f64::from(count), 0)
        ),
        format!("{} GB/s", format_number(lang, g.memory_bandwidth_gbs, 0)),
    ];
    match (fp16(g), fp8(g)) {
        (Some(a), Some(b)) => pieces.push(tr(
            lang,
            "compare-short-tensor-fp8",
            Some(
                &Args::new()
                    .s("fp16", format_number(lang, a, 0))
                    .s("fp8", format_number(lang, b, 0)),
            ),
        )),
        (Some(a), None) => pieces.push(tr(
            lang,
            "compare-short-tensor",
            Some(&Args::new().s("fp16", format_number(lang, a, 0))),
        )),
        _ => {}
    }
    pieces.push(match &g.nvlink {
        Some(l) => tr(
            lang,
            "compare-short-nvlink",
            Some(&Args::new().s("version", l.version.to_string())),
        ),
        None => t(lang, "compare-short-no-nvlink"),
    });
    pieces.push(price_of(lang, g, count));
    pieces.push(match largest_at_4bit(catalog, g, count) {
        Some(m) => tr(
            lang,
            "compare-short-runs",
            Some(&Args::new().s("model", m.display_name.as_str())),
        ),
        None => t(lang, "compare-short-runs-none"),
    });
    let colon = separator(lang, Separator::Colon);
    format!(
        "**{}**{colon}{}",
        setup_label(catalog, &g.id, count),
        pieces.join(" · ")
    )
}

/// The short table: a title and one line per setup.
pub fn table(lang: Lang, catalog: &Catalog, c: &Compared) -> Vec<String> {
    setups(c).map(|(g, n)| line(lang, catalog, g, n)).collect()
}

/// The short table as Markdown: the title and one item per setup.
pub fn table_text(lang: Lang, catalog: &Catalog, c: &Compared) -> String {
    let mut out = vec![format!("**{}**", t(lang, "compare-title"))];
    out.extend(
        table(lang, catalog, c)
            .into_iter()
            .map(|l| format!("- {l}")),
    );
    out.join("\n")
}

/// The comparison at chat length: the short table, then where the spec sheets are.
pub fn text(lang: Lang, catalog: &Catalog, c: &Compared) -> String {
    format!(
        "{}\n\n· {}",
        table_text(lang, catalog, c),
        t(lang, "compare-chat-more")
    )
}

/// The verdict: by what each setup runs when the question counts cards or names a model,
/// else for the usual use of two cards; None when neither applies (more than two cards, or
/// no prices to weigh).
pub fn verdict(lang: Lang, catalog: &Catalog, c: &Compared) -> Option<String> {
    if c.is_setups() {
        return by_what_runs(lang, catalog, c);
    }
    usual_use(lang, c)
}

/// "2 × RTX 3090: 48 GB, runs Llama 3.3 70B at 4 bits; RTX 5090: 32 GB, does not": the
/// setups that run the model (the named one, else the largest popular one any setup runs
/// at 4 bits) first, then the others.
fn by_what_runs(lang: Lang, catalog: &Catalog, c: &Compared) -> Option<String> {
    let all: Vec<(&GpuSpec, u32)> = setups(c).collect();
    let memory = |g: &GpuSpec, n: u32| format_number(lang, g.memory_gb * f64::from(n), 0);
    let label = |g: &GpuSpec, n: u32| setup_label(catalog, &g.id, n);
    // What each setup runs, and the model and format the sentence names.
    let (fits, model, format): (Vec<bool>, String, String) = match &c.runs {
        Some(r) => (
            r.fits.clone(),
            r.model_name.clone(),
            r.precision.name().to_uppercase(),
        ),
        None => {
            let largest: Vec<Option<&ModelSpec>> = all
                .iter()
                .map(|&(g, n)| largest_at_4bit(catalog, g, n))
                .collect();
            let best = largest.iter().flatten().max_by_key(|m| m.params_total)?;
            (
                largest
                    .iter()
                    .map(|m| m.is_some_and(|m| m.params_total >= best.params_total))
                    .collect(),
                best.display_name.clone(),
                t(lang, "compare-setups-4bit"),
            )
        }
    };
    if !fits.iter().any(|&f| f) {
        return None;
    }
    let mut first = true;
    let mut parts = Vec::with_capacity(all.len());
    for want in [true, false] {
        for (i, &(g, n)) in all.iter().enumerate() {
            if fits.get(i).copied().unwrap_or(false) != want {
                continue;
            }
            let mut args = Args::new()
                .s("setup", label(g, n))
                .s("memory", memory(g, n));
            let id = if !want {
                match (&c.runs, largest_at_4bit(catalog, g, n)) {
                    (None, Some(m)) => {
                        args = args.s("model", m.display_name.as_str());
                        "compare-setups-not-upto"
                    }
                    _ => "compare-setups-not",
                }
            } else if first {
                args = args.s("model", model.as_str()).s("format", format.as_str());
                "compare-setups-runs"
            } else {
                "compare-setups-also"
            };
            if want {
                first = false;
            }
            parts.push(tr(lang, id, Some(&args)));
        }
    }
    Some(parts.join(&separator(lang, Separator::Clause)))
}

/// Two cards, one of each, no model: what the cheaper one gives for its price, and what
/// the dearer one adds (prefill, generation speed, FP8, memory).
fn usual_use(lang: Lang, c: &Compared) -> Option<String> {
    let [a, b] = c.gpus.as_slice() else {
        return None;
    };
    let (pa, pb) = (a.buy_price()?.0, b.buy_price()?.0);
    if (pa - pb).abs() < 1.0 {
        return None;
    }
    let (cheap, dear, p_cheap, p_dear) = if pa < pb {
        (*a, *b, pa, pb)
    } else {
        (*b, *a, pb, pa)
    };
    let pct = |x: f64| format_number(lang, (x * 100.0).round(), 0);
    let gb = |x: f64| format_number(lang, x, 0);
    let diff = (cheap.memory_gb - dear.memory_gb).abs();
    let memory_id = if diff < 0.5 {
        "compare-usual-memory-same"
    } else if cheap.memory_gb > dear.memory_gb {
        "compare-usual-memory-more"
    } else {
        "compare-usual-memory-less"
    };
    let memory = tr(
        lang,
        memory_id,
        Some(&Args::new().s("gb", gb(cheap.memory_gb)).s("diff", gb(diff))),
    );
    let local = [cheap, dear]
        .iter()
        .all(|g| g.form_factor == FormFactor::Consumer || g.is_unified());
    let args = Args::new()
        .s("where", if local { "local" } else { "other" })
        .s("cheap", cheap.display_name.as_str())
        .s("dear", dear.display_name.as_str())
        .s("memory", memory)
        .s(
            "bandwidth",
            pct(cheap.memory_bandwidth_gbs / dear.memory_bandwidth_gbs),
        )
        .s("price", pct(p_cheap / p_dear));
    let mut out = tr(lang, "compare-usual", Some(&args));
    let pluses = pluses(lang, cheap, dear);
    if !pluses.is_empty() {
        let dear_args = Args::new()
            .s("dear", dear.display_name.as_str())
            .s("pluses", and_list(lang, &pluses));
        out.push_str(&separator(lang, Separator::Clause));
        out.push_str(&tr(lang, "compare-usual-dear", Some(&dear_args)));
    }
    Some(out)
}

/// What the dearer card adds, each worth saying: faster prefill (tensor rate), faster
/// generation (bandwidth), FP8. Memory is said in the first clause.
fn pluses(lang: Lang, cheap: &GpuSpec, dear: &GpuSpec) -> Vec<String> {
    let mut out = Vec::new();
    let ratio = |x: f64| format_number(lang, x, 1);
    if let (Some(d), Some(c)) = (fp16(dear), fp16(cheap))
        && c > 0.0
        && d / c >= WORTH_SAYING
    {
        out.push(tr(
            lang,
            "compare-usual-prefill",
            Some(&Args::new().s("ratio", ratio(d / c))),
        ));
    }
    let bw = dear.memory_bandwidth_gbs / cheap.memory_bandwidth_gbs;
    if bw >= WORTH_SAYING {
        out.push(tr(
            lang,
            "compare-usual-decode",
            Some(&Args::new().s("ratio", ratio(bw))),
        ));
    }
    if fp8(dear).is_some() && fp8(cheap).is_none() {
        out.push(t(lang, "compare-usual-fp8"));
    }
    out
}

/// "a, b and c" in `lang`, for clauses.
pub fn and_list(lang: Lang, items: &[String]) -> String {
    and_list_of(lang, items, "compare-usual-and")
}

/// "a, b and c" with the "and" of message `and` (clauses and names join differently in
/// Chinese: "，并且" and "和").
pub fn and_list_of(lang: Lang, items: &[String], and: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => format!(
            "{}{}{last}",
            head.join(&separator(lang, Separator::List)),
            t(lang, and)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two(a: &str, b: &str) -> Compared {
        let c = Catalog::get();
        Compared::one_each(vec![
            c.resolve_gpu(a).expect("known").gpu,
            c.resolve_gpu(b).expect("known").gpu,
        ])
    }

    #[test]
    fn the_usual_use_weighs_the_cheaper_card_against_the_dearer() {
        let v = usual_use(Lang::En, &two("rtx 4090", "rtx 3090")).expect("priced");
        // 936 / 1008 GB/s, $850 / $1,900, 165.2 / 71.0 TFLOPS (data/gpus.json).
        assert!(
            v.starts_with("For local LLMs the GeForce RTX 3090 gives the same 24 GB"),
            "{v}"
        );
        assert!(v.contains("93%") && v.contains("45%"), "{v}");
        assert!(v.contains("2.3 × faster") && v.contains("FP8"), "{v}");
    }

    #[test]
    fn the_largest_at_4_bits_is_the_last_popular_model_a_setup_runs() {
        let c = Catalog::get();
        for id in ["rtx-3060", "rtx-3090", "rtx-5090", "h100-sxm"] {
            let Some(g) = c.gpu(id) else { continue };
            for n in [1, 2, 8] {
                let all = crate::recommend::popular_runs_on(c, g, n).1;
                assert_eq!(
                    largest_at_4bit(c, g, n).map(|m| m.id.clone()),
                    all.last().cloned(),
                    "{id} × {n}"
                );
            }
        }
    }

    #[test]
    fn a_setup_line_counts_its_cards() {
        let c = Catalog::get();
        let g = c.resolve_gpu("rtx 3090").expect("known").gpu;
        let l = line(Lang::En, c, g, 2);
        assert!(l.starts_with("**2 × GeForce RTX 3090**: 48 GB"), "{l}");
        assert!(l.contains("Llama 3.3 70B"), "{l}");
    }
}
