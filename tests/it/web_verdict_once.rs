//! The answer page opens with its verdict once: the verdict box's sentence, its number and
//! its line each say something the others do not, for every kind of answer.

use crate::web::{get, start};

/// The text of an HTML fragment: tags dropped, entities of the few characters the pages
/// escape read back, spaces collapsed.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    let out = out
        .replace("&#38;", "&")
        .replace("&amp;", "&")
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The verdict box's paragraphs, as text.
fn verdict_paragraphs(page: &str) -> Vec<String> {
    let section = page
        .split("<section class=\"verdict")
        .nth(1)
        .and_then(|v| v.split("</section>").next())
        .unwrap_or_default();
    section
        .split("<p")
        .skip(1)
        .map(|p| text(&format!("<p{p}")))
        .filter(|p| !p.is_empty())
        .collect()
}

/// Questions of every kind the `/ask` page answers, in the four languages: a setup that
/// does not fit (one card, two), one that fits, no setup named, training, a format other
/// than the model's own, the longest context, a budget (with a model, nothing within it,
/// cards alone), what fits a card, a comparison, a guide question, a pasted error.
const QUESTIONS: &[(&str, &str)] = &[
    ("llama 3.1 70b on a 4090", "en"),
    ("llama 3.1 70b numa 4090", "pt"),
    ("llama 3.1 70b en una 4090", "es"),
    ("llama 3.1 70b 在 4090 上", "zh"),
    ("llama 3.1 70b fp16 on 2x 4090", "en"),
    ("llama 3.1 8b on a 4090", "en"),
    ("llama 3.1 8b numa 4090", "pt"),
    ("how much vram for qwen3 32b", "en"),
    ("quanta VRAM preciso para o qwen3 32b?", "pt"),
    ("¿cuánta VRAM necesito para qwen3 32b?", "es"),
    ("qwen3 32b 需要多少显存", "zh"),
    ("full finetune llama 3.1 8b on 4x h100", "en"),
    ("kimi k2 on 8x h100", "en"),
    ("max context for llama 3.1 8b on a 4090", "en"),
    ("contexto máximo do llama 3.1 8b numa 4090", "pt"),
    ("qwen3 32b under $2000", "en"),
    ("qwen3 32b com orçamento de R$ 10 mil", "pt"),
    ("qwen3 32b con presupuesto de 2000 dólares", "es"),
    ("预算1万5 跑 qwen3 32b", "zh"),
    ("llama 3.1 405b under $500", "en"),
    ("which gpu should I buy for $2000?", "en"),
    ("which gpu should I buy for $200?", "en"),
    ("what can i run on a 3060 12gb?", "en"),
    ("o que roda numa 3060 12gb?", "pt"),
    ("4090 vs 3090", "en"),
    ("does the 4090 support nvlink?", "en"),
    (
        "CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of \
         23.64 GiB of which 1.12 GiB is free.",
        "en",
    ),
];

/// Sentences of a paragraph (split after . ; and their full-width forms), trimmed, the
/// short ones (a number, a label) left out.
fn sentences(p: &str) -> Vec<String> {
    p.split(['.', ';', '。', '；'])
        .map(|s| {
            s.trim()
                .trim_start_matches(['✅', '❌', '⚠', 'ℹ', '\u{fe0f}', '📐', '🛒'])
                .trim()
        })
        .filter(|s| s.chars().count() >= 25)
        .map(str::to_string)
        .collect()
}

/// Issue 38: a setup that does not fit opened its page with "No: … needs 132.4 GiB … more
/// than the 23.2 GiB your RTX 4090 has" and then "Does not fit on GeForce RTX 4090: 132.4
/// GiB per GPU needed, 23.2 GiB usable": the verdict twice. Each paragraph of the verdict
/// box now says something the others do not, on every kind's page, and the verdict
/// sentence is not said again under the chart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_answer_page_opens_with_its_verdict_once() {
    let base = start(0).await;
    let mut bad = Vec::new();
    for (q, lang) in QUESTIONS {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("q", q)
            .append_pair("lang", lang)
            .finish();
        let (status, page) = get(&format!("{base}/ask?{query}")).await;
        assert_eq!(status, 200, "{q}");
        // A page has no command-line flag to point at either.
        if page.contains("--full") {
            bad.push(format!("{q}: the page points at --full"));
        }
        let paragraphs = verdict_paragraphs(&page);
        assert!(!paragraphs.is_empty(), "{q}: no verdict box");
        let head = &paragraphs[0];
        // The box: no paragraph repeats the head or a sentence of another.
        for (i, p) in paragraphs.iter().enumerate().skip(1) {
            let same = p == head
                || head.contains(p.as_str())
                || sentences(p).iter().any(|s| {
                    paragraphs[..i]
                        .iter()
                        .any(|other| other.contains(s.as_str()))
                });
            if same {
                bad.push(format!("{q}: the box says again {p:?} after {head:?}"));
            }
        }
        // The setup and its numbers are said once at the top: a fit line that only restates
        // the head's memory figures is a repeat too.
        let figures = |p: &str| -> Vec<String> {
            p.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
                .filter(|w| w.contains(['.', ',']) && w.chars().any(|c| c.is_ascii_digit()))
                .map(|w| w.trim_matches(['.', ',']).to_string())
                .filter(|w| !w.is_empty())
                .collect()
        };
        let head_figures = figures(head);
        for p in paragraphs.iter().skip(2) {
            let f = figures(p);
            if f.len() >= 2 && f.iter().all(|x| head_figures.contains(x)) {
                bad.push(format!("{q}: {p:?} repeats the figures of {head:?}"));
            }
        }
        // Below the box, the verdict's sentence is not said again.
        let below = text(
            page.split("<section class=\"verdict")
                .nth(1)
                .and_then(|v| v.split_once("</section>"))
                .map_or("", |(_, rest)| rest),
        );
        let sentence: String = head.chars().skip_while(|c| !c.is_alphanumeric()).collect();
        let sentence = sentence.trim_end_matches(['.', '。']);
        if sentence.chars().count() >= 25 && below.contains(sentence) {
            bad.push(format!("{q}: {sentence:?} again under the box"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A budget's verdict names the best setup (or the cheapest that runs the model) with its
/// price and speed; its box does not list that setup again (the rows follow below it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_budget_page_names_its_pick_once_at_the_top() {
    let base = start(0).await;
    for (q, lang, price) in [
        ("qwen3 32b under $2000", "en", "$850"),
        ("qwen3 32b com orçamento de R$ 10 mil", "pt", "R$"),
        ("llama 3.1 405b under $500", "en", "$6,800"),
    ] {
        let query: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("q", q)
            .append_pair("lang", lang)
            .finish();
        let (_, page) = get(&format!("{base}/ask?{query}")).await;
        let paragraphs = verdict_paragraphs(&page);
        assert!(paragraphs[0].contains(price), "{q}: {paragraphs:?}");
        let again: Vec<_> = paragraphs[1..]
            .iter()
            .filter(|p| p.contains(price))
            .collect();
        assert!(again.is_empty(), "{q}: {again:?} after {:?}", paragraphs[0]);
    }
}
