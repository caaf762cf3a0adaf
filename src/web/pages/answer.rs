//! The question box and its answer (`/`, `/ask`, `POST /ask`), and the answer's chart as
//! a PNG for link previews.

use super::{Chrome, ErrorView, LangParam, TopicLink, page, topic_link, urlencode};
use crate::answer::{Answer, Outcome};
use crate::ask::{Attached, Question, Reply, Who};
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, t, tr};
use crate::render::html::{self, Bar, Block, Span};
use crate::render::parts;
use crate::sanitize;
use crate::store::Source as Surface;
use crate::web::AppState;
use crate::web::ask::MAX_QUESTION_CHARS;
use crate::web::input;
use crate::web::intent_view::IntentView;
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
}

/// An answer laid out for the page, in the answer's language.
pub struct AnswerView {
    pub lang: Lang,
    pub title: String,
    pub job: Vec<Span>,
    pub total: Vec<Span>,
    pub bar: Bar,
    pub bar_caption: String,
    /// The memory chart (`render::chart`), an SVG document written and escaped by us.
    pub chart: String,
    /// What the page shows first: the verdict in words, colour and icon, and its one line.
    pub verdict: Verdict,
    pub fit: Vec<Vec<Span>>,
    /// The launch commands, each in its own scrolling code block with a copy button.
    pub launch: Vec<String>,
    pub launch_title: String,
    pub setups_title: String,
    /// "Can I run X on Y" with no format named and the assumed one too big: the format
    /// that fits, said before anything else.
    pub lead: Option<Vec<Span>>,
    pub setups: Vec<Vec<Span>>,
    pub nothing_fits: Option<String>,
    pub advice: Vec<Vec<Span>>,
    pub rules: Vec<Vec<Span>>,
    pub notes: Vec<Vec<Span>>,
    pub topics: Vec<TopicLink>,
    pub json_href: String,
}

/// The answer's first screen: does it fit (green), only inside the error band (amber), not
/// (red), or no card was named (blue).
pub struct Verdict {
    /// `fits`, `tight`, `no` or `info`: the CSS class that colours it.
    pub class: &'static str,
    pub icon: &'static str,
    pub words: String,
    /// The one line that matters: the fit line, the format that fits, or the best setup.
    pub line: Option<Vec<Span>>,
}

impl Verdict {
    /// From the fit lines (whose first line is the ✅/❌ verdict, taken out of `fit` here so
    /// the page does not say it twice), the lead and the first setup.
    fn new(
        lang: Lang,
        a: &Answer,
        fit: &mut Vec<String>,
        lead: Option<String>,
        first_setup: Option<String>,
    ) -> Verdict {
        let strip = |l: &str| {
            l.trim_start_matches(['✅', '❌', '\u{fe0f}'])
                .trim_start()
                .to_string()
        };
        match &a.fit {
            // Within the estimate's own error band: amber, "tight, may not fit".
            Some(f) if f.fits => {
                let first = (!fit.is_empty()).then(|| strip(&fit.remove(0)));
                let (class, icon, words) = if a.tight() {
                    ("tight", "⚠️", "web-verdict-tight")
                } else {
                    ("fits", "✅", "web-verdict-fits")
                };
                Verdict {
                    class,
                    icon,
                    words: t(lang, words),
                    // With no format named, the line on the native format that did not
                    // fit says why this answer is about another one.
                    line: lead.or(first).map(|l| html::spans(&l)),
                }
            }
            Some(_) => {
                let first = (!fit.is_empty()).then(|| strip(&fit.remove(0)));
                Verdict {
                    class: "no",
                    icon: "❌",
                    words: t(lang, "web-verdict-no"),
                    line: lead.or(first).map(|l| html::spans(&l)),
                }
            }
            None => Verdict {
                class: "info",
                icon: "📐",
                words: t(lang, "web-verdict-estimate"),
                line: first_setup.map(|l| html::spans(&l)),
            },
        }
    }
}

impl AnswerView {
    fn new(lang: Lang, a: &Answer, question: &str) -> AnswerView {
        let catalog = Catalog::get();
        let bar = html::bar(lang, catalog, a);
        let bar_caption = match &bar.gpu {
            Some(gpu) => tr(
                lang,
                "web-bar-caption",
                Some(
                    &Args::new()
                        .s("needed", bar.needed_gib.clone())
                        .s("gpu", gpu.clone())
                        .s("capacity", bar.capacity_gib.clone()),
                ),
            ),
            None => tr(
                lang,
                "web-bar-caption-none",
                Some(&Args::new().s("needed", bar.needed_gib.clone())),
            ),
        };
        let lines = |v: Vec<String>| v.iter().map(|l| html::spans(l)).collect();
        let mut notes = parts::assumption_lines(lang, a);
        notes.extend(parts::caveat_lines(lang, a));
        let setups_title = if a.job.mode.is_training() {
            "answer-setups-title-training"
        } else {
            "answer-setups-title"
        };
        let mut fit = parts::fit_lines(lang, catalog, a);
        let lead = parts::best_fit_line(lang, catalog, a);
        let first_setup = a
            .recommendations
            .setups
            .first()
            .map(|s| parts::setup_line(lang, catalog, s));
        let verdict = Verdict::new(lang, a, &mut fit, lead.clone(), first_setup);
        // Levers and serving capacity under the chart; the launch lines get code blocks.
        let plan = crate::render::plan::max_context_line(lang, a)
            .into_iter()
            .chain(crate::render::plan::lever_lines(lang, a))
            .chain(crate::render::plan::serving_line(lang, a));
        fit.extend(plan);
        // The text cannot say it, so the page points to the form's field (no CLI flag).
        if a.offload_assumes_ram() {
            fit.push(t(lang, "web-ram-hint"));
        }
        AnswerView {
            lang,
            verdict,
            launch: a.launch.iter().map(|l| l.command.clone()).collect(),
            launch_title: t(lang, "answer-launch-title"),
            title: parts::title(lang, a),
            job: html::spans(&parts::job_line(lang, a)),
            total: html::spans(&parts::total_line(lang, a)),
            bar,
            bar_caption,
            chart: crate::render::chart::svg(lang, catalog, a),
            fit: lines(fit),
            setups_title: t(lang, setups_title),
            // Said in the verdict when the named setup does not fit.
            lead: lead
                .filter(|_| a.fit.as_ref().is_some_and(|f| f.fits))
                .map(|l| html::spans(&l)),
            setups: a
                .recommendations
                .setups
                .iter()
                .map(|s| html::spans(&parts::setup_line(lang, catalog, s)))
                .collect(),
            nothing_fits: a
                .recommendations
                .nothing_fits
                .then(|| t(lang, "answer-nothing-fits")),
            advice: lines(parts::advice_lines(lang, a)),
            rules: lines(parts::rule_lines(lang, a)),
            notes: lines(notes),
            topics: a.topics.iter().map(|&tp| topic_link(lang, tp)).collect(),
            json_href: format!("/api/v1/ask?q={}&lang={}", urlencode(question), lang.code()),
        }
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
    examples: Vec<String>,
    answer: Option<AnswerView>,
    /// What runs on a setup, what a budget buys, a pasted error read.
    other: Option<IntentView>,
    error: Option<ErrorView>,
    og: Option<OpenGraph>,
}

/// What a link preview shows of an answer page: its title, verdict and chart.
pub struct OpenGraph {
    pub title: String,
    pub description: String,
    /// The chart as a PNG (`/chart.png`), absolute when the Host header allows it.
    pub image: String,
    pub alt: String,
}

impl OpenGraph {
    fn new(view: &AnswerView, question: &str, headers: &HeaderMap) -> OpenGraph {
        let plain = |spans: &[Span]| spans.iter().map(|s| s.text.as_str()).collect::<String>();
        let mut description = plain(&view.total);
        if let Some(fit) = view.fit.first() {
            description.push_str(" · ");
            description.push_str(&plain(fit));
        }
        let path = format!(
            "/chart.png?q={}&lang={}",
            urlencode(&sanitize::one_line(question)),
            view.lang.code()
        );
        OpenGraph {
            title: view.title.clone(),
            description,
            image: format!("{}{path}", origin(headers).unwrap_or_default()),
            alt: view.bar_caption.clone(),
        }
    }
}

/// `scheme://host` of this request, for the absolute URLs Open Graph asks for: the Host
/// header when it is a plain host name (or address) and port, https when a proxy says so.
fn origin(headers: &HeaderMap) -> Option<String> {
    let host = headers.get(header::HOST)?.to_str().ok()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if host.is_empty() || host.len() > 255 || !host.chars().all(plain) {
        return None;
    }
    let https = headers
        .get("x-forwarded-proto")
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"https"));
    Some(format!("{}://{host}", if https { "https" } else { "http" }))
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
    };
    page(StatusCode::OK, body.render())
}

fn examples(lang: Lang) -> Vec<String> {
    ["help-example-1", "help-example-2", "help-example-3"]
        .into_iter()
        .map(|id| t(lang, id))
        .collect()
}

/// The `/ask` page of an estimate, as the handler writes it (with no Host header): what
/// `examples/answer_dump all` prints, so a change to the page's layout shows in a diff.
pub fn answer_page(lang: Lang, a: &Answer, question: &str) -> String {
    let uri = format!("/ask?q={}", urlencode(question));
    let answer = AnswerView::new(lang, a, question);
    let og = OpenGraph::new(&answer, question, &HeaderMap::new());
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
    };
    body.render()
        .unwrap_or_else(|e| format!("template failed: {e}"))
}

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
        let asked = crate::web::ask::ask_with(
            &state,
            "web",
            &q,
            ram_gbs,
            p.lang.as_deref(),
            &headers,
            addr,
        )
        .await;
        match asked.reply.estimate() {
            Some(Ok(a)) => (
                StatusCode::OK,
                Some(AnswerView::new(asked.lang(), a, &q)),
                None,
            ),
            Some(Err(e)) => (StatusCode::OK, None, Some(ErrorView::new(asked.lang(), e))),
            None => {
                let o = asked.reply.outcome.as_ref().ok();
                match o.and_then(|o| IntentView::new(asked.lang(), o, &q)) {
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
    let og = answer.as_ref().map(|a| OpenGraph::new(a, &q, &headers));
    // The whole page in the answer's language: a Portuguese question gets Portuguese
    // navigation around its Portuguese answer.
    let lang = answer
        .as_ref()
        .map(|a| a.lang)
        .or(other.as_ref().map(|o| o.lang))
        .or(error.as_ref().map(|e| e.lang))
        .unwrap_or(lang);
    let body = IndexPage {
        page: Chrome::new(lang, "web-ask-title", "/ask", &uri.to_string()),
        lang_field: p.lang.as_ref().map(|_| lang.code()),
        q,
        ram,
        examples: examples(lang),
        answer,
        other,
        error,
        og,
    };
    page(status, body.render())
}

/// `/chart.png?q=&lang=`: the memory chart of the answer `/ask` shows for the same
/// question, as a PNG (the answer page's Open Graph image). The same bounds and answer cache
/// as the page; not logged, as the page that links it already was.
pub async fn chart_png(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<AskParams>,
    addr: input::ClientAddr,
    headers: HeaderMap,
) -> Response {
    let raw = p.q.unwrap_or_default();
    if input::longer_than(&raw, MAX_QUESTION_CHARS) {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let q = sanitize::one_line(&sanitize::clean(&raw));
    if q.trim().is_empty() {
        return StatusCode::BAD_REQUEST.into_response();
    }
    let asked = crate::web::ask::cached(&state, &q, p.lang.as_deref(), &headers, addr).await;
    let Some(Ok(a)) = asked.reply.estimate() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    // Drawn in turn on the process's chart pool, or taken from its cache.
    match crate::chart_pool::ChartPool::shared()
        .png(asked.lang(), a)
        .await
    {
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

/// The fields of the pasted-config form.
#[derive(Debug, Deserialize)]
pub struct ConfigForm {
    config: String,
    q: Option<String>,
    lang: Option<String>,
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
    let config = Attached {
        name: "config.json".to_string(),
        bytes: Ok(form.config.into_bytes()),
    };
    let question = Question::text(&q, fallback).with_config(config);
    let who = Who::on(Surface::Web).with_locale(input::accept_language(&headers));
    let reply = state.service.ask(question, &who).await;
    let lang = reply.lang;
    let ok = reply.outcome.is_ok();
    let elapsed = started.elapsed().as_secs_f64();
    state.metrics.answer("web", lang, ok, elapsed);
    let (answer, other, error) = match reply.estimate() {
        Some(Ok(a)) => (Some(AnswerView::new(lang, a, &q)), None, None),
        Some(Err(e)) => (None, None, Some(ErrorView::new(lang, e))),
        None => match reply
            .outcome
            .as_ref()
            .ok()
            .and_then(|o| IntentView::new(lang, o, &q))
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
    };
    page(StatusCode::OK, body.render())
}

/// The page of an answer that estimates nothing: the comparison, the guide topic.
fn elsewhere(reply: &Reply) -> String {
    let code = reply.lang.code();
    match &reply.outcome {
        Ok(Outcome::Compare(gpus)) => {
            let ids: Vec<&str> = gpus.iter().map(|g| g.id.as_str()).collect();
            format!("/compare?gpus={}&lang={code}", ids.join(","))
        }
        Ok(Outcome::Explain(topic)) => format!("/guide/{}?lang={code}", topic.slug()),
        _ => format!("/?lang={code}"),
    }
}
