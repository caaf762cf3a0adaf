//! Prometheus metrics: requests and latency per route, answers by source, language and
//! whether they were understood, the query log's health (queued, spilled to disk, dropped)
//! and the chart pool's work (drawn, from the cache, refused).

use crate::i18n::Lang;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::sync::OnceLock;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct AnswerLabels {
    source: &'static str,
    language: &'static str,
    understood: &'static str,
}

type HistogramFamily<L> = Family<L, Histogram, fn() -> Histogram>;

/// Every metric the server exports, registered once.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    request_seconds: HistogramFamily<RouteLabels>,
    answers: Family<AnswerLabels, Counter>,
    answer_seconds: HistogramFamily<AnswerLabels>,
    log_queue_depth: Gauge,
    log_write_errors: Gauge,
    log_spilled: Gauge,
    log_dropped: Gauge,
    charts_drawn: Gauge,
    chart_cache_hits: Gauge,
    charts_refused: Gauge,
    chart_cache_bytes: Gauge,
    /// The answer metrics of each source, language and outcome, kept once first used:
    /// finding a label set in its family hashes the labels and takes a lock on every
    /// answer. Filled on first use, so the exposition lists what happened, as before.
    answer_handles: [OnceLock<(Counter, Histogram)>; ANSWER_SLOTS],
}

/// The sources [`Metrics::answer`] is called with; others go through the families.
const ANSWER_SOURCES: [&str; 2] = ["web", "api"];
const ANSWER_SLOTS: usize = ANSWER_SOURCES.len() * Lang::ALL.len() * 2;

/// The slot of an answer's labels in [`Metrics::answer_handles`], if it has one.
fn answer_slot(source: &str, lang: Lang, understood: bool) -> Option<usize> {
    let source = ANSWER_SOURCES.iter().position(|&s| s == source)?;
    let lang = Lang::ALL.iter().position(|&l| l == lang)?;
    Some((source * Lang::ALL.len() + lang) * 2 + usize::from(understood))
}

/// 50 µs to 2.5 s: the core answers in microseconds, HTTP adds the rest.
fn latency_histogram() -> Histogram {
    Histogram::new([
        0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25,
        0.5, 1.0, 2.5,
    ])
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("vramguide");
        let requests = Family::<RequestLabels, Counter>::default();
        let request_seconds: HistogramFamily<RouteLabels> =
            Family::new_with_constructor(latency_histogram);
        let answers = Family::<AnswerLabels, Counter>::default();
        let answer_seconds: HistogramFamily<AnswerLabels> =
            Family::new_with_constructor(latency_histogram);
        let log_queue_depth = Gauge::default();
        let log_write_errors = Gauge::default();
        let log_spilled = Gauge::default();
        let log_dropped = Gauge::default();
        let charts_drawn = Gauge::default();
        let chart_cache_hits = Gauge::default();
        let charts_refused = Gauge::default();
        let chart_cache_bytes = Gauge::default();
        registry.register(
            "http_requests",
            "HTTP requests by route and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "HTTP request latency by route",
            request_seconds.clone(),
        );
        registry.register(
            "answers",
            "Questions answered, by source, language and whether they were understood",
            answers.clone(),
        );
        registry.register(
            "answer_duration_seconds",
            "Time to parse, estimate and render one answer",
            answer_seconds.clone(),
        );
        registry.register(
            "query_log_queue_depth",
            "Questions waiting to be written to the query log",
            log_queue_depth.clone(),
        );
        registry.register(
            "query_log_write_errors",
            "Query-log writes that failed since start",
            log_write_errors.clone(),
        );
        registry.register(
            "query_log_spilled_rows",
            "Rows waiting in the spill file for the database to accept writes again",
            log_spilled.clone(),
        );
        registry.register(
            "query_log_dropped_rows",
            "Rows dropped since start: the queue and the spill file were both full or failing",
            log_dropped.clone(),
        );
        registry.register(
            "charts_drawn",
            "PNG charts drawn since start",
            charts_drawn.clone(),
        );
        registry.register(
            "chart_cache_hits",
            "PNG charts served from the chart cache since start",
            chart_cache_hits.clone(),
        );
        registry.register(
            "charts_refused",
            "PNG charts refused since start because the drawing queue was full",
            charts_refused.clone(),
        );
        registry.register(
            "chart_cache_bytes",
            "Bytes of PNG charts held in the chart cache",
            chart_cache_bytes.clone(),
        );
        Metrics {
            registry,
            requests,
            request_seconds,
            answers,
            answer_seconds,
            log_queue_depth,
            log_write_errors,
            log_spilled,
            log_dropped,
            charts_drawn,
            chart_cache_hits,
            charts_refused,
            chart_cache_bytes,
            answer_handles: std::array::from_fn(|_| OnceLock::new()),
        }
    }
}

impl Metrics {
    pub fn request(&self, route: &str, status: u16, seconds: f64) {
        let route = route.to_string();
        self.requests
            .get_or_create(&RequestLabels {
                route: route.clone(),
                status,
            })
            .inc();
        self.request_seconds
            .get_or_create(&RouteLabels { route })
            .observe(seconds);
    }

    /// One answered question; `source` is "web" (pages) or "api".
    pub fn answer(&self, source: &'static str, lang: Lang, understood: bool, seconds: f64) {
        let labels = AnswerLabels {
            source,
            language: lang.code(),
            understood: if understood { "true" } else { "false" },
        };
        let handles = || {
            let count = self.answers.get_or_create(&labels).clone();
            let time = self.answer_seconds.get_or_create(&labels).clone();
            (count, time)
        };
        let kept;
        let (count, time) = match answer_slot(source, lang, understood) {
            Some(slot) => self.answer_handles[slot].get_or_init(handles),
            None => {
                kept = handles();
                &kept
            }
        };
        count.inc();
        time.observe(seconds);
    }

    /// The text exposition, with the figures read at scrape time.
    pub fn encode(&self, scraped: &Scraped) -> String {
        let set = |g: &Gauge, v: u64| {
            g.set(i64::try_from(v).unwrap_or(i64::MAX));
        };
        set(&self.log_queue_depth, scraped.queue_depth);
        set(&self.log_write_errors, scraped.write_errors);
        set(&self.log_spilled, scraped.spilled);
        set(&self.log_dropped, scraped.dropped);
        set(&self.charts_drawn, scraped.charts.drawn);
        set(&self.chart_cache_hits, scraped.charts.cache_hits);
        set(&self.charts_refused, scraped.charts.refused);
        set(&self.chart_cache_bytes, scraped.charts.cached_bytes as u64);
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// What other parts of the process report at scrape time.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scraped {
    /// Query-log rows not committed yet, in memory.
    pub queue_depth: u64,
    pub write_errors: u64,
    /// Query-log rows in the spill file.
    pub spilled: u64,
    /// Query-log rows dropped since start.
    pub dropped: u64,
    pub charts: crate::chart_pool::ChartStats,
}
