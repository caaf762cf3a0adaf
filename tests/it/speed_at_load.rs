//! Speed at load against public serving measurements (tests/calibration/speed-at-load-*.csv):
//! the constants of `estimate::at_load` were set on the fit rows; the check rows (other
//! publishers: SemiAnalysis InferenceX, llama.cpp threads, llmfit) only check. `--nocapture` prints
//! both tables.

use vramguide::catalog::Catalog;
use vramguide::estimate::at_load::LoadModel;
use vramguide::estimate::{Job, Mode, Precision, Runtime};

/// One measured row and ours: (label, measured TPOT, ours, measured TTFT, ours, outlier).
/// An outlier row names what the model lacks; it counts in the medians only.
type Row = (String, f64, f64, Option<f64>, f64, bool);

fn rows(csv: &str) -> Vec<Row> {
    let catalog = Catalog::get();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let mut out = Vec::new();
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = line.splitn(header.len(), ',').collect();
        let f = |name: &str| cells[header.iter().position(|h| *h == name).unwrap()];
        let num = |name: &str| f(name).parse::<f64>().unwrap();
        let model = catalog.model(f("model")).expect("model in the catalog");
        let gpu = catalog.gpu(f("gpu")).expect("gpu in the catalog");
        let precision: Precision = f("precision").parse().unwrap();
        let mut job = Job::new(Mode::Inference, precision);
        job.runtime = match f("engine") {
            "llamacpp" => Runtime::LlamaCpp,
            other => other.parse().unwrap(),
        };
        job.prompt = num("prompt") as u64;
        job.generate = num("output") as u64;
        let count = num("gpu_count") as u32;
        let n = num("concurrency") as u32;
        let ours = LoadModel::new(model, &job).at(gpu, count, n);
        let label = format!(
            "{:8} {:>2}x{:14} {:18} {:>3} users {:>4}/{:<4}",
            f("engine"),
            count,
            f("gpu"),
            f("model"),
            n,
            job.prompt,
            job.generate
        );
        let ttft = f("ttft_ms").parse::<f64>().ok();
        let outlier = f("role") == "outlier";
        out.push((
            label,
            num("tpot_ms"),
            ours.tpot_ms,
            ttft,
            ours.ttft_ms,
            outlier,
        ));
    }
    out
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Prints the table and returns the TPOT and TTFT relative errors (outliers' TPOT errors
/// last, apart).
fn table(title: &str, rows: &[Row]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    println!("{title}");
    println!(
        "{:64} {:>9} {:>9} {:>7} {:>9} {:>9} {:>7}",
        "setup", "TPOT ms", "ours", "err", "TTFT ms", "ours", "err"
    );
    let (mut tpot, mut ttft, mut outliers) = (Vec::new(), Vec::new(), Vec::new());
    for (label, m, o, mt, ot, outlier) in rows {
        let e = o / m - 1.0;
        if *outlier {
            outliers.push(e.abs());
        } else {
            tpot.push(e.abs());
        }
        let t = match mt {
            Some(mt) => {
                let e = ot / mt - 1.0;
                ttft.push(e.abs());
                format!("{mt:>9.1} {ot:>9.1} {:>+6.0}%", e * 100.0)
            }
            None => format!("{:>9} {ot:>9.1} {:>7}", "-", "-"),
        };
        let mark = if *outlier { " (outlier)" } else { "" };
        println!(
            "{label:64} {m:>9.2} {o:>9.2} {:>+6.0}% {t}{mark}",
            e * 100.0
        );
    }
    (tpot, ttft, outliers)
}

#[test]
fn calibration_speed_at_load_holds_on_rows_it_was_not_fitted_on() {
    let fit = rows(include_str!("../calibration/speed-at-load-fit.csv"));
    table("fit rows (set the constants)", &fit);
    let check = rows(include_str!("../calibration/speed-at-load-check.csv"));
    let (tpot, ttft, outliers) = table("check rows (held out)", &check);
    assert!(tpot.len() >= 20, "{} rows", tpot.len());
    assert!(outliers.len() <= 1, "{outliers:?}");
    let worst = tpot.iter().copied().fold(0.0, f64::max);
    let all: Vec<f64> = tpot.iter().chain(&outliers).copied().collect();
    let (tpot_median, ttft_median) = (median(all), median(ttft.clone()));
    println!(
        "TPOT median error {:.1} %, worst {:.1} %; TTFT median error {:.1} % over {} rows",
        tpot_median * 100.0,
        worst * 100.0,
        ttft_median * 100.0,
        ttft.len()
    );
    assert!(tpot_median < 0.12, "TPOT median {tpot_median}");
    assert!(worst <= 0.30, "TPOT worst {worst}");
    assert!(ttft_median < 0.35, "TTFT median {ttft_median}");
}

/// "Serve Qwen3 32B to 40 users on 2 H100s" in each language: the planning answer gives
/// each user's speed, the time to first token, the users served at 20 tokens/s each and
/// the price per million tokens at that load, in the text and in `serving.at_load`, and
/// the launch line lets the server run 40 requests at once.
#[test]
fn serving_forty_users_is_planned_in_every_language() {
    use vramguide::answer;
    use vramguide::i18n::Lang;
    use vramguide::render;
    let catalog = Catalog::get();
    for (text, lang, users) in [
        (
            "serve qwen3 32b to 40 users on 2 h100",
            Lang::En,
            "40 users",
        ),
        (
            "servir qwen3 32b para 40 usuários em 2 h100",
            Lang::Pt,
            "40 usuários",
        ),
        (
            "servir qwen3 32b para 40 usuarios en 2 h100",
            Lang::Es,
            "40 usuarios",
        ),
        (
            "用 2 张 h100 部署 qwen3 32b，40个并发",
            Lang::Zh,
            "40 个用户",
        ),
    ] {
        let reply = answer::for_text(catalog, text);
        let a = reply.result.expect("answers");
        let json = serde_json::to_value(render::json::answer(lang, catalog, &a)).unwrap();
        let load = &json["serving"]["at_load"];
        assert_eq!(load["concurrency"], 40, "{text}: {json}");
        let per_user = load["tokens_per_s_per_user"].as_f64().unwrap();
        let ttft = load["ttft_ms"].as_f64().unwrap();
        let usd = load["usd_per_million_tokens"].as_f64().unwrap();
        assert!((10.0..200.0).contains(&per_user), "{text}: {load}");
        assert!((20.0..5000.0).contains(&ttft), "{text}: {load}");
        assert!((0.05..20.0).contains(&usd), "{text}: {load}");
        assert!(load["tpot_ms"].as_f64().unwrap() > 0.0);
        assert!(json["serving"]["users_at_target"].as_u64().unwrap() >= 1);
        let out = render::text::answer(lang, catalog, &a);
        println!("{out}");
        assert!(out.contains(users), "{text}: {out}");
        let launch = json["launch"][0]["command"].as_str().unwrap();
        assert!(launch.contains("--max-num-seqs 40"), "{launch}");
    }
}
