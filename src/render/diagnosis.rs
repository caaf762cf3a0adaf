//! A pasted error, answered: what the log says the memory went to (its own figures, quoted
//! back), our estimate for the model it names beside them, the cause, and the fixes as
//! commands. The commands are the same in every language; the words come from
//! `locales/*/diagnose.ftl`.

use crate::answer::Answer;
use crate::diagnose::{Diagnosis, Engine, Figures, Read};
use crate::i18n::{Args, Lang, format_gib, format_number, t, tr};

/// Engines by the names their projects use.
pub(crate) fn engine_name(engine: Engine) -> &'static str {
    engine.display_name()
}

/// The whole answer as chat text. `ours` is our estimate for the model and setup the log
/// names, when it names one.
pub fn text(lang: Lang, read: &Read, ours: Option<&Answer>) -> String {
    let d = match read {
        Read::Known(d) => d,
        Read::Unknown => return unknown(lang),
    };
    let mut out = String::with_capacity(1024);
    let title = tr(
        lang,
        &format!("diag-title-{}", d.kind.id().replace('_', "-")),
        Some(&Args::new().s("engine", engine_name(d.engine))),
    );
    out.push_str(&format!("**{title}**\n> {}\n", d.quote.replace('\n', " ")));
    let figures = figure_lines(lang, &d.figures);
    if !figures.is_empty() {
        out.push_str(&format!("\n**{}**\n", t(lang, "diag-figures-title")));
        for line in figures {
            out.push_str(&format!("• {line}\n"));
        }
    }
    if let Some(a) = ours {
        out.push_str(&format!("\n{}\n", ours_line(lang, a, &d.figures)));
    }
    out.push_str(&format!(
        "\n**{}** {}\n",
        t(lang, "diag-cause-title"),
        cause(lang, d)
    ));
    out.push_str(&format!("\n**{}**\n", t(lang, "diag-fix-title")));
    for fix in &d.fixes {
        out.push_str(&format!(
            "• `{}`: {}\n",
            fix.command(),
            t(lang, &format!("fix-{}", fix.id()))
        ));
    }
    out.truncate(out.trim_end().len());
    out
}

/// A read error's parts, for a page that lays them out itself (the web's answer box): the
/// same words as [`text`], unjoined.
#[derive(Debug, Clone)]
pub struct Parts {
    pub title: String,
    pub quote: String,
    pub figures: Vec<String>,
    /// Our estimate for the model the log names, in one line.
    pub ours: Option<String>,
    pub cause: String,
    /// Each fix: the command, and what it changes.
    pub fixes: Vec<(String, String)>,
}

/// The parts of a read error; see [`Parts`].
pub fn parts(lang: Lang, d: &Diagnosis, ours: Option<&Answer>) -> Parts {
    Parts {
        title: tr(
            lang,
            &format!("diag-title-{}", d.kind.id().replace('_', "-")),
            Some(&Args::new().s("engine", engine_name(d.engine))),
        ),
        quote: d.quote.replace('\n', " "),
        figures: figure_lines(lang, &d.figures),
        ours: ours.map(|a| ours_line(lang, a, &d.figures)),
        cause: cause(lang, d),
        fixes: d
            .fixes
            .iter()
            .map(|f| (f.command().to_string(), t(lang, &format!("fix-{}", f.id()))))
            .collect(),
    }
}

/// Our estimate for the model the words or the log name and, when the log gives the card's
/// total memory, the verdict: it does not fit as set, it fits but something else holds the
/// card, or it fits and the log's peak is above our estimate.
fn ours_line(lang: Lang, a: &Answer, f: &Figures) -> String {
    let args = Args::new()
        .s("model", crate::render::parts::model_name(lang, a))
        .s("breakdown", super::parts::breakdown_line(lang, a));
    let mut line = tr(lang, "diag-ours", Some(&args));
    let Some(total) = f.total_gib else {
        return line;
    };
    let gib = |v: f64| format!("{} GiB", format_gib(lang, v));
    let need = a.estimate.per_gpu_gib();
    let other = f.other_gib().filter(|o| *o > 0.15 * total);
    let (id, args) = match other {
        _ if need > total => ("diag-verdict-short", Args::new()),
        Some(o) => ("diag-verdict-other", Args::new().s("other", gib(o))),
        None => ("diag-verdict-fits", Args::new()),
    };
    let args = args.s("need", gib(need)).s("total", gib(total));
    line.push(' ');
    line.push_str(&tr(lang, id, Some(&args)));
    line
}

/// The cause, from the kind of error and, for PyTorch, from what its figures show.
fn cause(lang: Lang, d: &Diagnosis) -> String {
    let f = &d.figures;
    let id = match d.kind.id() {
        "cuda_oom"
            if f.other_gib()
                .zip(f.total_gib)
                .is_some_and(|(o, t)| o > 0.15 * t) =>
        {
            "diag-cause-cuda-oom-other"
        }
        "cuda_oom"
            if f.reserved_unallocated_gib
                .zip(f.tried_gib)
                .is_some_and(|(r, t)| r >= t) =>
        {
            "diag-cause-cuda-oom-fragmented"
        }
        "cuda_oom" if d.training => "diag-cause-cuda-oom-training",
        other => return t(lang, &format!("diag-cause-{}", other.replace('_', "-"))),
    };
    t(lang, id)
}

/// The log's own figures, one line each.
fn figure_lines(lang: Lang, f: &Figures) -> Vec<String> {
    let gib = |v: f64| format!("{} GiB", format_gib(lang, v));
    let mut lines = Vec::new();
    let mut line = |id: &str, args: Args| lines.push(tr(lang, id, Some(&args)));
    if let (Some(total), Some(free)) = (f.total_gib, f.free_gib) {
        line(
            "diag-fig-card",
            Args::new().s("total", gib(total)).s("free", gib(free)),
        );
    }
    if let Some(v) = f.allocated_gib {
        line("diag-fig-allocated", Args::new().s("gib", gib(v)));
    }
    if let Some(v) = f.reserved_unallocated_gib {
        line("diag-fig-reserved", Args::new().s("gib", gib(v)));
    }
    if let Some(v) = f.other_gib() {
        line("diag-fig-other", Args::new().s("gib", gib(v)));
    }
    if let Some(v) = f.weights_gib {
        line("diag-fig-weights", Args::new().s("gib", gib(v)));
    }
    if let (Some(needed), Some(available)) = (f.kv_needed_gib, f.kv_available_gib) {
        line(
            "diag-fig-kv",
            Args::new()
                .s("needed", gib(needed))
                .s("available", gib(available)),
        );
    }
    if let (Some(asked), Some(holds)) = (f.max_seq_len, f.estimated_max_len) {
        line(
            "diag-fig-context",
            Args::new()
                .s("asked", format_number(lang, asked as f64, 0))
                .s("holds", format_number(lang, holds as f64, 0)),
        );
    } else if let Some(asked) = f.max_seq_len {
        line(
            "diag-fig-asked-context",
            Args::new().s("asked", format_number(lang, asked as f64, 0)),
        );
    }
    if let (Some(on), Some(total)) = (f.layers_on_gpu, f.layers_total) {
        line(
            "diag-fig-layers",
            Args::new()
                .s("on", on.to_string())
                .s("total", total.to_string()),
        );
    }
    if let Some(v) = f.tried_gib {
        line("diag-fig-tried", Args::new().s("gib", gib(v)));
    }
    if let Some(u) = f.gpu_memory_utilization {
        line(
            "diag-fig-utilization",
            Args::new().s("share", format_number(lang, u, 2)),
        );
    }
    if let Some(u) = f.mem_fraction_static {
        line(
            "diag-fig-mem-fraction",
            Args::new().s("share", format_number(lang, u, 2)),
        );
    }
    if let (Some(required), Some(available)) = (f.system_required_gib, f.system_available_gib) {
        line(
            "diag-fig-system",
            Args::new()
                .s("required", gib(required))
                .s("available", gib(available)),
        );
    }
    if f.devices_free_gib.len() >= 2 {
        let list = f
            .devices_free_gib
            .iter()
            .map(|v| gib(*v))
            .collect::<Vec<_>>();
        line(
            "diag-fig-devices-free",
            Args::new().s("list", list.join(" · ")),
        );
    }
    if f.flash_attn == Some(false) {
        line("diag-fig-flash-attn-off", Args::new());
    }
    if let Some(n) = f.max_num_seqs {
        line(
            "diag-fig-max-num-seqs",
            Args::new().s("n", format_number(lang, n as f64, 0)),
        );
    }
    if let Some(n) = f.prefill_tokens {
        line(
            "diag-fig-prefill",
            Args::new().s("n", format_number(lang, n as f64, 0)),
        );
    }
    lines
}

/// An out-of-memory error we cannot read: say which we read, and what to paste.
pub fn unknown(lang: Lang) -> String {
    format!(
        "{}\n`{}`",
        t(lang, "diag-unknown"),
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. …"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnose::read;

    #[test]
    fn every_kind_renders_in_every_language() {
        let logs = [
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Process 1 has 22.51 GiB memory in use. Of the allocated memory 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated.",
            "ValueError: To serve at least one request with the models's max seq len (40960), (5.62 GiB KV cache is needed, which is larger than the available KV cache memory (4.50 GiB). Based on the available memory, the estimated maximum model length is 32768.",
            "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.",
            "ValueError: Free memory on device cuda:0 (84.11/287.98 GiB) on startup is less than desired GPU memory utilization (0.95, 273.59 GiB).",
            "allocating 590.07 MiB on device 0: cudaMalloc failed: out of memory\nllama_model_load: error loading model: unable to allocate CUDA0 buffer",
            "cudaMalloc failed: out of memory\nllama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache",
            "cudaMalloc failed: out of memory\nllama_init_from_model: failed to allocate compute buffers",
            "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
            "Capture cuda graph failed: CUDA out of memory",
            "ResourceExhaustedError: OOM when allocating tensor: out of memory",
        ];
        for lang in Lang::ALL {
            for log in logs {
                let r = read(log).expect("an error");
                let text = text(lang, &r, None);
                // A missing message shows as its id; every line has its words.
                assert!(
                    !text.contains("diag-") && !text.contains("fix-"),
                    "{lang:?}: {text}"
                );
                assert!(text.len() > 40);
            }
        }
        let r = read(logs[1]).expect("vllm");
        assert!(text(Lang::Pt, &r, None).contains("--max-model-len 32768"));
    }
}
