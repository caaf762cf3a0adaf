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
        let ours = LoadModel::new(model, &job, gpu, count).at(gpu, count, n);
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
