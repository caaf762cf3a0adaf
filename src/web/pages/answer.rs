//! The question box and its answer (`/`, `/ask`, `POST /ask`), and the answer's chart as
//! a PNG for link previews.

use super::{Chrome, ErrorView, LangParam, page, urlencode};
use crate::answer::{Answer, Outcome};
use crate::ask::{Attached, Question, Reply, Who};
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, t, tr};
use crate::render;
use crate::render::html::{self, Block, Span};
use crate::render::kinds::KindPage;
use crate::render::view::{AnswerView, Kind, Section, VerdictKind};
use crate::sanitize;
use crate::store::Source as Surface;
use crate::web::AppState;
use crate::web::ask::MAX_QUESTION_CHARS;
use crate::web::chart_key::ChartKey;
use crate::web::follow_up::{self, Threaded};
use crate::web::input;
use askama::Template;
use axum::extract::{OriginalUri, Query as QueryParams, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
pub struct AskParams {
    q: Option<String>,
    lang: Option<String>,
    /// The form's optional host RAM bandwidth, GB/s: the speed of an offload lever.
    ram: Option<String>,
    /// The thread so far, from the answer's follow-up box: earlier messages, one a line.
    prev: Option<String>,
    /// `/chart.png`'s key, from the answer page that links it.
    k: Option<String>,
}

/// What the page shows of an estimate, in this order: the verdict box with the number, the
/// chart, the title and the job, what else the fit and the plan say, the launch commands,
/// the setups, then the details and the guides.
pub const LAYOUT: &[Kind] = &[
    Kind::Verdict,
    Kind::Total,
    Kind::Chart,
    Kind::Title,
    Kind::Job,
    Kind::FitAfterVerdict,
    Kind::MaxContext,
    Kind::Levers,
    Kind::Serving,
    Kind::RamHint,
    Kind::Launch,
    Kind::Setups,
    Kind::Advice,
    Kind::Rule,
    Kind::Assumptions,
    Kind::Notes,
    Kind::Guides,
];

/// An estimate for `index.html`: the view's sections as spans and links, in the answer's
/// language.
#[derive(Default)]
pub struct AnswerHtml {
    pub lang: Lang,
    pub title: String,
    pub job: Vec<Span>,
    pub total: Vec<Span>,
    pub bar_caption: String,
    /// The memory chart (`render::chart`), an SVG document written and escaped by us.
    pub chart: String,
    /// The chart's parts as text beside it ("weights 131.4 GiB"): a phone shows no
    /// tooltips, and the notes below refer to these parts.
    pub breakdown: Vec<String>,
    /// What the page shows first: the verdict in words, colour and icon, and its one line.
    pub verdict: VerdictBox,
    /// Paragraphs under the job: the rest of the fit, the levers, the serving capacity.
    pub fit: Vec<Vec<Span>>,
    /// The launch commands, each in its own scrolling code block with a copy button.
    pub launch: Vec<String>,
    pub launch_title: String,
    /// No checkpoint in the planned format is known: which to look for instead.
    pub launch_missing: Option<Vec<Span>>,
    pub setups_title: String,
    pub setups: Vec<Vec<Span>>,
    pub nothing_fits: Option<String>,
    pub advice: Vec<Vec<Span>>,
    pub rules: Vec<Vec<Span>>,
    /// The assumptions and the notes, one list.
    pub notes: Vec<Vec<Span>>,
    pub topics: Vec<GuideLink>,
    pub json_href: String,
}

/// The answer's first screen: does it fit (green), only inside the error band (amber), not
/// (red), or no card was named (blue).
#[derive(Default)]
pub struct VerdictBox {
    /// `fits`, `tight`, `no` or `info`: the CSS class that colours it.
    pub class: &'static str,
    pub icon: &'static str,
    pub words: String,
    /// The one line that matters: the fit line, the format that fits, or the best setup.
    pub line: Option<Vec<Span>>,
}

/// A guide topic the answer points to.
pub struct GuideLink {
    pub href: String,
    pub title: String,
}

impl AnswerHtml {
    fn new(lang: Lang, a: &Answer, question: &str) -> AnswerHtml {
        let view = AnswerView::new(lang, Catalog::get(), a, LAYOUT);
        let mut out = AnswerHtml::write(&view);
        out.json_href = super::json_link(question, lang);
        out
    }

    /// The sections, each line read into spans for the template to escape.
    fn write(view: &AnswerView) -> AnswerHtml {
        let lang = view.lang;
        let lines = |v: &[String]| v.iter().map(|l| html::spans(l)).collect::<Vec<_>>();
        let mut out = AnswerHtml {
            lang,
            ..AnswerHtml::default()
        };
        // The box opens with the answer's verdict sentence, as the text and the embed do;
        // the page says it once (its line and the lines under the chart do not repeat it).
        let catalog = Catalog::get();
        let sentence = render::verdict::of_estimate(lang, catalog, view.answer);
        let not_the_verdict = |l: &String| render::verdict::first_sentence(l) != sentence;
        for section in &view.sections {
            match section {
                Section::Verdict(v) => {
                    let (class, icon) = match v.kind {
                        VerdictKind::Fits => ("fits", "✅"),
                        VerdictKind::Tight => ("tight", "⚠️"),
                        VerdictKind::No => ("no", "❌"),
                        VerdictKind::Estimate => ("info", "📐"),
                    };
                    // Its line (the format that fits, the fit) follows when it says
                    // more than the sentence.
                    let line = v.line.as_deref().filter(|l| {
                        !render::verdict::box_line_repeats(lang, catalog, view.answer, &sentence, l)
                    });
                    out.verdict = VerdictBox {
                        class,
                        icon,
                        words: sentence.clone(),
                        line: line.map(html::spans),
                    };
                }
                Section::Total(l) => out.total = html::spans(l),
                Section::Chart(caption) => {
                    out.bar_caption = caption.clone();
                    out.chart = render::chart::svg(lang, Catalog::get(), view.answer);
                    out.breakdown = render::parts::breakdown_items(lang, view.answer);
                }
                Section::Title(title) => out.title = title.clone(),
                Section::Job(l) => out.job = html::spans(l),
                Section::SizedFromName(l)
                | Section::BestFit(l)
                | Section::Lead(l)
                | Section::MaxContext(l)
                | Section::Serving(l)
                | Section::RamHint(l) => {
                    if not_the_verdict(l) {
                        out.fit.push(html::spans(l));
                    }
                }
                Section::LaunchMissing(l) => out.launch_missing = Some(html::spans(l)),
                Section::Fit(l) | Section::Levers(l) | Section::Prices(l) => {
                    out.fit.extend(lines(l));
                }
                Section::Breakdown(b) => {
                    out.fit.push(html::spans(&format!(
                        "{}{}{}",
                        b.title,
                        view.after_title,
                        b.items.join(" · ")
                    )));
                }
                Section::Launch(l) => {
                    out.launch_title = l.title.clone();
                    out.launch = l.commands.clone();
                }
                Section::Setups(list) | Section::AllLevers(list) => {
                    out.setups_title = list.title.clone();
                    out.setups = lines(&list.lines);
                    out.nothing_fits = list.none.clone();
                }
                Section::Advice(l) => out.advice = lines(l),
                Section::Rule(l) => out.rules = lines(l),
                Section::Assumptions(titled) => out.notes.extend(lines(&titled.items)),
                Section::Model(l) | Section::Notes(l) => out.notes.extend(lines(l)),
                Section::Guides(g) => {
                    out.topics = g
                        .topics
                        .iter()
                        .map(|(tp, title)| GuideLink {
                            href: format!("/guide/{}?lang={}", tp.slug(), lang.code()),
                            title: title.clone(),
                        })
                        .collect();
                }
            }
        }
        out
    }

    pub fn t(&self, id: &str) -> String {
        t(self.lang, id)
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage {
    page: Chrome,
    q: String,
    /// The RAM bandwidth field as typed (shown again with the answer).
    ram: String,
    lang_field: Option<&'static str>,
    examples: Vec<Example>,
    answer: Option<AnswerHtml>,
    /// What runs on a setup, what a budget buys, a pasted error read.
    other: Option<KindPage>,
    error: Option<ErrorView>,
    og: Option<OpenGraph>,
    /// A follow-up's answer opens with what it kept.
    kept: Option<String>,
    /// What the answer's follow-up box carries (`prev`).
    thread: String,
}

/// What a link preview shows of an answer page: its title, verdict and chart.
pub struct OpenGraph {
    pub title: String,
    pub description: String,
    /// The chart as a PNG (`/chart.png`, signed): absolute under the configured public
    /// URL, else relative.
    pub image: String,
    pub alt: String,
}

impl OpenGraph {
    /// `base`: the configured public URL, never the request's Host header (which anyone
    /// can set, and a cache would then hand to everyone).
    fn new(view: &AnswerHtml, question: &str, base: Option<&str>, key: &ChartKey) -> OpenGraph {
        let plain = |spans: &[Span]| spans.iter().map(|s| s.text.as_str()).collect::<String>();
        let mut description = plain(&view.total);
        if let Some(fit) = view.fit.first() {
            description.push_str(" · ");
            description.push_str(&plain(fit));
        }
        let q = sanitize::one_line(question);
        let lang = view.lang.code();
        let path = format!(
            "/chart.png?q={}&k={}&lang={lang}",
            urlencode(&q),
            key.sign(&chart_question(&q), lang)
        );
        OpenGraph {
            title: view.title.clone(),
            description,
            image: format!("{}{path}", base.unwrap_or_default()),
            alt: view.bar_caption.clone(),
        }
    }
}

/// The question `/chart.png` draws, from its `q` as received: what the key signs.
fn chart_question(raw: &str) -> String {
    sanitize::one_line(&sanitize::clean(raw))
}

/// `/`: the question box and a few examples.
pub async fn index(
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
    let body = IndexPage {
        page: Chrome::new(lang, "web-ask-title", "/", &uri.to_string()),
        q: String::new(),
        ram: String::new(),
        lang_field: p.lang.as_ref().map(|_| lang.code()),
        examples: examples(lang),
        answer: None,
        other: None,
        error: None,
        og: None,
        kept: None,
        thread: String::new(),
    };
    page(StatusCode::OK, body.render())
}

/// One example on the home page: the kind of question and a question of that kind.
pub struct Example {
    pub kind: String,
    pub q: String,
}

/// The kinds of question the guide answers, in the order the home page shows them.
pub const EXAMPLE_KINDS: [&str; 7] = [
    "estimate", "compare", "explain", "fit", "budget", "context", "error",
];

/// One example per kind of question, so a visitor sees that more than estimates work.
fn examples(lang: Lang) -> Vec<Example> {
    EXAMPLE_KINDS
        .into_iter()
        .map(|kind| Example {
            kind: t(lang, &format!("web-example-{kind}-kind")),
            q: t(lang, &format!("web-example-{kind}")),
        })
        .collect()
}

/// The `/ask` page of an estimate, as the handler writes it (with no Host header): what
/// `examples/answer_dump all` prints, so a change to the page's layout shows in a diff.
pub fn answer_page(lang: Lang, a: &Answer, question: &str) -> String {
    let uri = format!("/ask?q={}", urlencode(question));
    let answer = AnswerHtml::new(lang, a, question);
    let og = OpenGraph::new(&answer, question, None, &ChartKey::fixed(b"answer_dump"));
    let body = IndexPage {
        page: Chrome::new(lang, "web-ask-title", "/ask", &uri),
        lang_field: None,
        q: question.to_string(),
        ram: String::new(),
        examples: examples(lang),
        answer: Some(answer),
        other: None,
        error: None,
        og: Some(og),
        kept: None,
        thread: question.to_string(),
    };
    body.render()
        .unwrap_or_else(|e| format!("template failed: {e}"))
}

/// Longest question start a page's `<title>` shows (a tab shows about this much).
const MAX_TITLE_CHARS: usize = 60;

/// `/ask?q=`: the question box with the answer below it.
pub async fn ask(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<AskParams>,
    OriginalUri(uri): OriginalUri,
    addr: input::ClientAddr,
    headers: HeaderMap,
) -> Response {
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
    let raw = p.q.unwrap_or_default();
    let too_long = input::longer_than(&raw, MAX_QUESTION_CHARS);
    // The box shows the start of an over-long question, not all 64 KiB of it.
    let q = sanitize::clean(sanitize::truncate(&raw, MAX_QUESTION_CHARS));
    if q.trim().is_empty() {
        return Redirect::to(&format!("/?lang={}", lang.code())).into_response();
    }
    let mut other = None;
    // The thread so far (the follow-up box), bounded like the question.
    let prev = sanitize::clean(sanitize::truncate(
        p.prev.as_deref().unwrap_or(""),
        follow_up::MAX_THREAD_CHARS,
    ));
    let (mut kept, mut orphan) = (None, None);
    // A short field: whatever is longer is no number, and is not echoed whole.
    let ram = sanitize::clean(sanitize::truncate(p.ram.as_deref().unwrap_or(""), 32));
    let ram_gbs = crate::query::fields::ram_bandwidth(&Some(ram.clone()));
    let (status, answer, error) = if too_long {
        let text = tr(
            lang,
            "web-too-long",
            Some(&Args::new().s("max", MAX_QUESTION_CHARS.to_string())),
        );
        (
            StatusCode::BAD_REQUEST,
            None,
            Some(ErrorView::text(lang, text)),
        )
    } else if let Err(e) = &ram_gbs {
        (StatusCode::BAD_REQUEST, None, Some(ErrorView::new(lang, e)))
    } else {
        let ram_gbs = ram_gbs.ok().flatten();
        // With no thread too: a follow-up typed in the main box is asked what it follows.
        let threaded = follow_up::ask(&state, &prev, &q, p.lang.as_deref(), &headers, addr).await;
        let asked = match threaded {
            Threaded::Answered { asked, kept: line } => {
                kept = Some(line);
                asked
            }
            Threaded::Orphan { lang, text } => {
                orphan = Some(ErrorView::text(lang, text));
                crate::web::ask::ask(&state, "web", &q, Some(lang.code()), &headers, addr).await
            }
            Threaded::Fresh => {
                crate::web::ask::ask_with(
                    &state,
                    "web",
                    &q,
                    ram_gbs,
                    p.lang.as_deref(),
                    &headers,
                    addr,
                )
                .await
            }
        };
        match asked.reply.estimate() {
            _ if let Some(e) = orphan.take() => (StatusCode::OK, None, Some(e)),
            Some(Ok(a)) => (
                StatusCode::OK,
                Some(AnswerHtml::new(asked.lang(), a, &q)),
                None,
            ),
            Some(Err(e)) => (StatusCode::OK, None, Some(ErrorView::new(asked.lang(), e))),
            None => {
                let o = asked.reply.outcome.as_ref().ok();
                match o.and_then(|o| kind_page(asked.lang(), o, &q)) {
                    Some(view) => {
                        other = Some(view);
                        (StatusCode::OK, None, None)
                    }
                    // A comparison and a guide topic have pages of their own.
                    None => return Redirect::to(&elsewhere(&asked.reply)).into_response(),
                }
            }
        }
    };
    let og = answer
        .as_ref()
        .map(|a| OpenGraph::new(a, &q, state.public_url.as_deref(), &state.chart_key));
    // The whole page in the answer's language: a Portuguese question gets Portuguese
    // navigation around its Portuguese answer.
    let lang = answer
        .as_ref()
        .map(|a| a.lang)
        .or(other.as_ref().map(|o| o.lang))
        .or(error.as_ref().map(|e| e.lang))
        .unwrap_or(lang);
    let mut chrome = Chrome::new(lang, "web-ask-title", "/ask", &uri.to_string());
    // The tab names what was asked, in the asker's words (its model, card or topic), and
    // the model as the answer read it ("llama 8b on a 4090 · Llama 3.1 8B · bf16").
    let asked = sanitize::truncate(&q, MAX_TITLE_CHARS).trim();
    chrome.title = match &answer {
        Some(a) => format!("{asked} · {}", a.title),
        None => asked.to_string(),
    };
    if crate::web::lang::chosen(p.lang.as_deref(), &headers).is_none() {
        let preferred = crate::web::lang::negotiate(None, &headers);
        if preferred != lang {
            chrome.note_language(preferred);
        }
    }
    let thread = follow_up::next_thread(&prev, &q, kept.is_some());
    let body = IndexPage {
        thread,
        page: chrome,
        lang_field: p.lang.as_ref().map(|_| lang.code()),
        q,
        ram,
        examples: examples(lang),
        kept,
        answer,
        other,
        error,
        og,
    };
    page(status, body.render())
}

/// `/chart.png?q=&k=&lang=[&scheme=dark]`: the memory chart of the answer `/ask` shows for
/// the same question, as a PNG (the answer page's Open Graph image). Only with the key an
/// answer page gave (see [`ChartKey`]): a question never asked there is a 404 before any
/// answer or Hub look-up. The same bounds and answer cache as the page; not logged, as the
/// page that links it already was.
pub async fn chart_png(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<AskParams>,
    QueryParams(scheme): QueryParams<SchemeParam>,
    addr: input::ClientAddr,
    headers: HeaderMap,
) -> Response {
    let raw = p.q.unwrap_or_default();
    if input::longer_than(&raw, MAX_QUESTION_CHARS) {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let q = chart_question(&raw);
    if q.trim().is_empty() {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let signed = |k: &str, lang: &str| state.chart_key.verifies(&q, lang, k);
    if !p
        .k
        .as_deref()
        .zip(p.lang.as_deref())
        .is_some_and(|(k, l)| signed(k, l))
    {
        return StatusCode::NOT_FOUND.into_response();
    }
    let asked = crate::web::ask::cached(&state, &q, p.lang.as_deref(), &headers, addr).await;
    let Some(Ok(a)) = asked.reply.estimate() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Drawn in turn on the process's chart pool, or taken from its cache; `scheme=dark`
    // in the page's dark colours.
    let svg = crate::render::chart::svg(asked.lang(), Catalog::get(), a);
    let svg = crate::render::chart::in_scheme(
        svg,
        crate::render::chart::Scheme::from_param(scheme.scheme.as_deref()),
    );
    match crate::chart_pool::ChartPool::shared().png_of_svg(svg).await {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "public, max-age=3600"),
            ],
            axum::body::Bytes::from_owner(png),
        )
            .into_response(),
        Err(crate::chart_pool::ChartPoolError::Busy(_)) => busy(&headers, p.lang.as_deref()),
        Err(e) => {
            tracing::error!(error = %e, "chart failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// `/chart.png`'s colours: `scheme=dark` for the page's dark scheme.
#[derive(Debug, Deserialize)]
pub struct SchemeParam {
    scheme: Option<String>,
}

/// 503 with Retry-After: every chart drawer is busy and the queue is full.
fn busy(headers: &HeaderMap, lang_param: Option<&str>) -> Response {
    let seconds = crate::chart_pool::RETRY_AFTER_S;
    let lang = crate::web::lang::negotiate(lang_param, headers);
    let text = tr(
        lang,
        "web-busy",
        Some(&Args::new().s("seconds", seconds.to_string())),
    );
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, text).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// The fields of the pasted-config form, and of the pasted-log box (`log`).
#[derive(Debug, Deserialize)]
pub struct ConfigForm {
    #[serde(default)]
    config: String,
    q: Option<String>,
    lang: Option<String>,
    /// A pasted log (up to 64 KiB read, from its end), asked with the words in `q`.
    log: Option<String>,
}

/// `POST /ask` with a pasted config.json: the model it describes, the rest of the job from
/// the question box beside it ("fp8 on 2x h100").
pub async fn ask_config(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    axum::Form(form): axum::Form<ConfigForm>,
) -> Response {
    let started = std::time::Instant::now();
    let fallback = crate::web::lang::negotiate(form.lang.as_deref(), &headers);
    let raw = form.q.unwrap_or_default();
    let q = sanitize::clean(sanitize::truncate(&raw, MAX_QUESTION_CHARS));
    let question = match form.log.as_deref().filter(|l| !l.trim().is_empty()) {
        // A pasted log keeps its lines: the readers quote the error line from them.
        Some(log) => Question::text(&crate::web::paste::text(&format!("{raw}\n{log}")), fallback),
        None => {
            let config = Attached {
                name: "config.json".to_string(),
                bytes: Ok(form.config.into_bytes()),
            };
            Question::text(&q, fallback).with_config(config)
        }
    };
    let who = Who::on(Surface::Web).with_locale(input::accept_language(&headers));
    let reply = state.service.ask(question, &who).await;
    let lang = reply.lang;
    let ok = reply.outcome.is_ok();
    let elapsed = started.elapsed().as_secs_f64();
    state.metrics.answer("web", lang, ok, elapsed);
    let (answer, other, error) = match reply.estimate() {
        Some(Ok(a)) => (Some(AnswerHtml::new(lang, a, &q)), None, None),
        Some(Err(e)) => (None, None, Some(ErrorView::new(lang, e))),
        None => match reply
            .outcome
            .as_ref()
            .ok()
            .and_then(|o| kind_page(lang, o, &q))
        {
            Some(view) => (None, Some(view), None),
            None => return Redirect::to(&elsewhere(&reply)).into_response(),
        },
    };
    // No preview image: the chart's URL cannot carry a pasted config.
    let body = IndexPage {
        page: Chrome::new(lang, "web-ask-title", "/ask", &uri.to_string()),
        lang_field: form.lang.as_ref().map(|_| lang.code()),
        q,
        ram: String::new(),
        examples: examples(lang),
        answer,
        other,
        error,
        og: None,
        kept: None,
        // A pasted config is not carried: no follow-up box.
        thread: String::new(),
    };
    page(StatusCode::OK, body.render())
}

/// The page of an answer that estimates nothing: the comparison, the guide topic.
fn elsewhere(reply: &Reply) -> String {
    let code = reply.lang.code();
    match &reply.outcome {
        Ok(Outcome::Compare(c)) => {
            let ids: Vec<&str> = c.gpus.iter().map(|g| g.id.as_str()).collect();
            format!("/compare?gpus={}&lang={code}", ids.join(","))
        }
        Ok(Outcome::Explain(e)) => format!("/guide/{}?lang={code}", e.topic.slug()),
        _ => format!("/?lang={code}"),
    }
}

/// The page's view of an answer kind the `/ask` page shows itself (None: an estimate, which
/// has a view of its own), with its JSON link. A comparison and a guide question are shown
/// here, verdict first, with the setups' counts and the direct answer the `/compare` and
/// `/guide` pages cannot carry; those pages stay one link away.
fn kind_page(lang: Lang, outcome: &crate::answer::Outcome, question: &str) -> Option<KindPage> {
    let mut view = crate::render::kinds::of(outcome).page(lang)?;
    view.json_href = super::json_link(question, lang);
    Some(view)
}
