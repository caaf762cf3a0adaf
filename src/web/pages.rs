//! Server-rendered pages: askama templates (auto-escaping) fed with the localized pieces
//! of `render::parts`, so the page says what the bot and the CLI say.

use super::AppState;
use super::ask::MAX_QUESTION_CHARS;
use super::input;
use super::intent_view::IntentView;
use crate::answer::{Answer, Outcome, Topic};
use crate::ask::{Attached, Question, Reply, Who};
use crate::catalog::{Catalog, GpuSpec, ModelSpec};
use crate::error::Error;
use crate::i18n::{Args, Lang, format_int, format_number, t, tr};
use crate::render::html::{self, Bar, Block, Span};
use crate::render::{self, parts};
use crate::sanitize;
use crate::store::Source as Surface;
use askama::Template;
use axum::extract::{OriginalUri, Path, Query as QueryParams, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

/// GPUs compared when none are given: the three cards of the seed articles.
pub const DEFAULT_COMPARE: &str = "rtx-4090,rtx-a6000,rtx-6000-ada";

#[derive(Debug, Deserialize)]
pub struct LangParam {
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct AskParams {
    q: Option<String>,
    lang: Option<String>,
    /// The form's optional host RAM bandwidth, GB/s: the speed of an offload lever.
    ram: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct CompareParams {
    gpus: Option<String>,
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct SetLang {
    set: Option<String>,
    next: Option<String>,
}

/// A link in the header.
pub struct Link {
    pub href: String,
    pub label: String,
    pub current: bool,
}

/// What every page has around its content: language, title, navigation, switcher.
pub struct Chrome {
    pub lang: Lang,
    pub title: String,
    pub nav: Vec<Link>,
    pub langs: Vec<Link>,
}

impl Chrome {
    fn new(lang: Lang, title_id: &str, path: &str, uri: &str) -> Chrome {
        let nav = [
            ("/", "web-nav-ask"),
            ("/compare", "web-nav-compare"),
            ("/guide", "web-nav-guide"),
            ("/models", "web-nav-models"),
            ("/gpus", "web-nav-gpus"),
        ]
        .into_iter()
        .map(|(href, id)| Link {
            href: format!("{href}?lang={}", lang.code()),
            label: t(lang, id),
            current: path == href || (href == "/" && path == "/ask"),
        })
        .collect();
        let next = without_lang(uri);
        let langs = Lang::ALL
            .into_iter()
            .map(|l| Link {
                href: format!("/lang?set={}&next={}", l.code(), urlencode(&next)),
                label: t(l, "web-lang-name"),
                current: l == lang,
            })
            .collect();
        Chrome {
            lang,
            title: t(lang, title_id),
            nav,
            langs,
        }
    }

    pub fn t(&self, id: &str) -> String {
        t(self.lang, id)
    }

    pub fn html_lang(&self) -> &'static str {
        self.lang.locale()
    }

    pub fn code(&self) -> &'static str {
        self.lang.code()
    }
}

/// Longest address the language switcher links back to; a longer one (a 64 KiB query
/// string) would be copied into each of the four links, so the switcher goes home instead.
const MAX_SWITCHER_NEXT: usize = 1024;

/// The current path and query without `lang=`, for the switcher to come back to.
fn without_lang(uri: &str) -> String {
    if uri.len() > MAX_SWITCHER_NEXT {
        return "/".to_string();
    }
    let (path, query) = uri.split_once('?').unwrap_or((uri, ""));
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang="))
        .collect();
    if kept.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

/// Encode a query value (askama escapes the HTML; this makes it a valid URL).
pub(super) fn urlencode(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

fn page(status: StatusCode, rendered: askama::Result<String>) -> Response {
    match rendered {
        Ok(body) => (status, Html(body)).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "template failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// A guide topic link with its title in `lang`.
pub struct TopicLink {
    pub href: String,
    pub title: String,
    pub summary: String,
}

pub(super) fn topic_link(lang: Lang, topic: Topic) -> TopicLink {
    let slug = topic.slug();
    TopicLink {
        href: format!("/guide/{slug}?lang={}", lang.code()),
        title: t(lang, &format!("guide-{slug}-title")),
        summary: t(lang, &format!("guide-{slug}-summary")),
    }
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

/// Why there is no answer, in the answer's language.
pub struct ErrorView {
    pub lang: Lang,
    pub blocks: Vec<Block>,
}

impl ErrorView {
    fn new(lang: Lang, err: &Error) -> ErrorView {
        ErrorView {
            lang,
            blocks: html::blocks(&render::error::message(lang, Catalog::get(), err)),
        }
    }

    fn text(lang: Lang, text: String) -> ErrorView {
        ErrorView {
            lang,
            blocks: html::blocks(&text),
        }
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
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
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

/// `/ask?q=`: the question box with the answer below it.
pub async fn ask(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<AskParams>,
    OriginalUri(uri): OriginalUri,
    addr: input::ClientAddr,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
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
        let asked = super::ask::ask_with(
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
    let asked = super::ask::cached(&state, &q, p.lang.as_deref(), &headers, addr).await;
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
    let lang = super::lang::negotiate(lang_param, headers);
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
    let fallback = super::lang::negotiate(form.lang.as_deref(), &headers);
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

#[derive(Template)]
#[template(path = "compare.html")]
struct ComparePage {
    page: Chrome,
    gpus: String,
    names: Vec<String>,
    rows: Vec<(String, Vec<String>)>,
    error: Option<ErrorView>,
}

/// `/compare?gpus=a,b,c`: specs side by side (the seed articles' three cards by default).
pub async fn compare(
    State(state): State<AppState>,
    QueryParams(p): QueryParams<CompareParams>,
    OriginalUri(uri): OriginalUri,
    addr: input::ClientAddr,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    // The table stops at eight cards; later names are not even looked at, and the
    // eight are measured before they are cleaned.
    let first_eight = |list: &str| -> Vec<String> {
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .take(input::MAX_COMPARE_GPUS)
            .map(str::to_string)
            .collect()
    };
    let mut given = first_eight(p.gpus.as_deref().unwrap_or_default());
    let too_long = given.iter().any(|n| input::too_long(n));
    if !too_long {
        given = first_eight(&sanitize::clean(&given.join(",")));
    }
    if given.is_empty() {
        given = first_eight(DEFAULT_COMPARE);
    }
    let names: Vec<&str> = given.iter().map(String::as_str).collect();
    let gpus = if too_long {
        String::new()
    } else {
        names.join(",")
    };
    let catalog = Catalog::get();
    let (status, names, rows, error) = if too_long {
        let args = Args::new()
            .s("name", "gpus".to_string())
            .s("max", input::MAX_VALUE_CHARS.to_string());
        let text = tr(lang, "web-value-too-long", Some(&args));
        (
            StatusCode::BAD_REQUEST,
            Vec::new(),
            Vec::new(),
            Some(ErrorView::text(lang, text)),
        )
    } else {
        match super::compare::gpus(&state, &given, lang, &headers, addr).await {
            Ok(specs) => (
                StatusCode::OK,
                specs.iter().map(|g| g.display_name.clone()).collect(),
                render::compare::rows(lang, catalog, &specs),
                None,
            ),
            Err(e) => (
                StatusCode::BAD_REQUEST,
                Vec::new(),
                Vec::new(),
                Some(ErrorView::new(lang, &e)),
            ),
        }
    };
    let body = ComparePage {
        page: Chrome::new(lang, "web-compare-title", "/compare", &uri.to_string()),
        gpus,
        names,
        rows,
        error,
    };
    page(status, body.render())
}

#[derive(Template)]
#[template(path = "guide_index.html")]
struct GuideIndexPage {
    page: Chrome,
    topics: Vec<TopicLink>,
}

/// `/guide`: every topic with its summary.
pub async fn guide_index(
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let body = GuideIndexPage {
        page: Chrome::new(lang, "web-guide-title", "/guide", &uri.to_string()),
        topics: Topic::ALL.iter().map(|&tp| topic_link(lang, tp)).collect(),
    };
    page(StatusCode::OK, body.render())
}

#[derive(Template)]
#[template(path = "guide_topic.html")]
struct GuideTopicPage {
    page: Chrome,
    heading: String,
    blocks: Vec<Block>,
    others: Vec<TopicLink>,
}

/// `/guide/{topic}`: one topic, or a 404 page listing the topics.
pub async fn guide_topic(
    Path(slug): Path<String>,
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let Some(topic) = Topic::from_slug(&slug) else {
        return not_found_page(lang, &uri.to_string());
    };
    let s = topic.slug();
    let mut chrome = Chrome::new(lang, "web-guide-title", "/guide", &uri.to_string());
    chrome.title = t(lang, &format!("guide-{s}-title"));
    let body = GuideTopicPage {
        heading: chrome.title.clone(),
        page: chrome,
        blocks: html::blocks(&t(lang, &format!("guide-{s}-body"))),
        others: Topic::ALL
            .iter()
            .filter(|&&o| o != topic)
            .map(|&o| topic_link(lang, o))
            .collect(),
    };
    page(StatusCode::OK, body.render())
}

/// A source as a link: `github:owner/repo@commit:path` points at that file on GitHub.
pub struct Source {
    pub href: Option<String>,
    pub label: String,
}

fn source(s: &str) -> Source {
    if let Some(rest) = s.strip_prefix("github:")
        && let Some((repo, tail)) = rest.split_once('@')
        && let Some((commit, path)) = tail.split_once(':')
    {
        return Source {
            href: Some(format!("https://github.com/{repo}/blob/{commit}/{path}")),
            label: format!("{repo}: {path}"),
        };
    }
    match s.split_once("://") {
        Some(("https" | "http", rest)) => Source {
            href: Some(s.to_string()),
            label: rest.split('/').next().unwrap_or(rest).to_string(),
        },
        _ => Source {
            href: None,
            label: s.to_string(),
        },
    }
}

/// One catalog row: name, id, facts, sources.
pub struct Row {
    pub name: String,
    pub id: String,
    pub cells: Vec<String>,
    pub sources: Vec<Source>,
}

#[derive(Template)]
#[template(path = "catalog.html")]
struct CatalogPage {
    page: Chrome,
    intro: String,
    columns: Vec<String>,
    rows: Vec<Row>,
}

fn model_row(lang: Lang, m: &ModelSpec) -> Row {
    Row {
        name: m.display_name.clone(),
        id: m.id.clone(),
        cells: vec![
            m.family.clone(),
            format_number(lang, m.params_b(), if m.params_b() < 10.0 { 1 } else { 0 }),
            m.max_position_embeddings
                .map_or_else(|| "–".to_string(), |c| format_int(lang, c)),
            m.license.clone().unwrap_or_else(|| "–".to_string()),
        ],
        sources: m.sources.iter().map(|s| source(s)).collect(),
    }
}

fn gpu_row(lang: Lang, g: &GpuSpec) -> Row {
    Row {
        name: g.display_name.clone(),
        id: g.id.clone(),
        cells: vec![
            g.vendor.name().to_string(),
            format!(
                "{} GB {}",
                format_number(lang, g.memory_gb, 0),
                g.memory_type
            ),
            format!("{} GB/s", format_number(lang, g.memory_bandwidth_gbs, 0)),
            g.fp16_tensor_tflops_dense_fp32acc
                .or(g.fp16_tensor_tflops_dense)
                .map_or_else(|| "–".to_string(), |x| format_number(lang, x, 1)),
            render::compare::price_today(lang, g),
        ],
        sources: g.sources.iter().map(|s| source(s)).collect(),
    }
}

/// `/models`: the model catalog with sources.
pub async fn models(
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let columns = [
        "web-col-model",
        "web-col-family",
        "web-col-params",
        "web-col-context",
        "web-col-license",
        "web-col-sources",
    ];
    let rows = Catalog::get().models.iter().map(|m| model_row(lang, m));
    catalog_page(lang, "models", &uri.to_string(), &columns, rows.collect())
}

/// `/gpus`: the GPU catalog with sources.
pub async fn gpus(
    QueryParams(p): QueryParams<LangParam>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::negotiate(p.lang.as_deref(), &headers);
    let columns = [
        "web-col-gpu",
        "web-col-vendor",
        "web-col-memory",
        "web-col-bandwidth",
        "web-col-fp16",
        "web-col-price",
        "web-col-sources",
    ];
    let rows = Catalog::get().gpus.iter().map(|g| gpu_row(lang, g));
    catalog_page(lang, "gpus", &uri.to_string(), &columns, rows.collect())
}

/// One catalog page (`/models`, `/gpus`): its title and intro are `web-{which}-title`
/// and `web-{which}-intro`.
fn catalog_page(lang: Lang, which: &str, uri: &str, columns: &[&str], rows: Vec<Row>) -> Response {
    let body = CatalogPage {
        page: Chrome::new(
            lang,
            &format!("web-{which}-title"),
            &format!("/{which}"),
            uri,
        ),
        intro: t(lang, &format!("web-{which}-intro")),
        columns: columns.iter().map(|id| t(lang, *id)).collect(),
        rows,
    };
    page(StatusCode::OK, body.render())
}

/// `/lang?set=pt&next=/ask?q=...`: remember the language in a cookie and go back.
pub async fn set_lang(QueryParams(p): QueryParams<SetLang>) -> Response {
    let lang = super::input::lang(p.set.as_deref())
        .and_then(Lang::from_code)
        .unwrap_or_default();
    // Only paths on this site: "//host" or "https://..." would make an open redirect.
    let next = super::redirect::same_site(p.next.as_deref());
    let location = HeaderValue::from_str(&next).unwrap_or(HeaderValue::from_static("/"));
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    if let Ok(cookie) = HeaderValue::from_str(&super::lang::set_cookie(lang)) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `/style.css`: the only stylesheet (the CSP allows no inline styles).
pub async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        include_str!("../../templates/style.css"),
    )
        .into_response()
}

#[derive(Template)]
#[template(path = "not_found.html")]
struct NotFoundPage {
    page: Chrome,
    topics: Vec<TopicLink>,
}

fn not_found_page(lang: Lang, uri: &str) -> Response {
    let body = NotFoundPage {
        page: Chrome::new(lang, "web-not-found-title", "", uri),
        topics: Topic::ALL.iter().map(|&tp| topic_link(lang, tp)).collect(),
    };
    page(StatusCode::NOT_FOUND, body.render())
}

/// Anything else: a 404 page, or a JSON 404 under `/api/`.
pub async fn not_found(OriginalUri(uri): OriginalUri, headers: HeaderMap) -> Response {
    let lang = super::lang::negotiate(None, &headers);
    if uri.path().starts_with("/api/") {
        return super::api::not_found(lang);
    }
    not_found_page(lang, &uri.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_become_links() {
        let s = source("github:a/b@123:docs/x.md");
        assert_eq!(
            s.href.as_deref(),
            Some("https://github.com/a/b/blob/123/docs/x.md")
        );
        let s = source("https://example.com/page");
        assert_eq!(s.label, "example.com");
        assert!(source("javascript:alert(1)").href.is_none());
    }

    #[test]
    fn the_switcher_drops_lang_and_keeps_the_rest() {
        assert_eq!(without_lang("/ask?q=a&lang=pt"), "/ask?q=a");
        assert_eq!(without_lang("/?lang=pt"), "/");
        assert_eq!(without_lang(&format!("/ask?q={}", "a".repeat(2000))), "/");
        assert_eq!(urlencode("/ask?q=a b"), "%2Fask%3Fq%3Da+b");
    }
}
