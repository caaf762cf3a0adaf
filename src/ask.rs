//! The answer service: one call per question, for every surface.
//!
//! An adapter (the CLI, the guide server, the Discord bot) hands over what a person sent (a
//! [`Question`]: free text, a structured request, an attached config.json, a what-if pick)
//! and who asked ([`Who`]). [`Service::ask`] picks where the model comes from (the
//! attached config, the Hub for an `org/name` the catalog lacks, else the catalog), calls
//! the pure core, picks the reply language and writes exactly one query-log row. The
//! adapter renders the [`Reply`]: it never parses, looks a model up, estimates or logs by
//! itself, so the three surfaces cannot drift apart.

use crate::answer::{self, Answer, Outcome, Topic};
use crate::catalog::{Catalog, ModelSpec, size_of, tokenize};
use crate::error::{Error, ModelSourceError, SourceErrorKind};
use crate::estimate::Precision;
use crate::hub::{self, Looked};
pub use crate::hub::{Hub, MAX_USER_CONFIG};
use crate::i18n::Lang;
use crate::query::{self, Assumption, Fields, HubMiss, Parsed, Query, hub_id};
use crate::store::{LogEntry, Source, Store};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Who asked, as the adapter knows it: the row's "where from". The raw user id is hashed
/// by the store; a client address is never kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Who {
    pub surface: Source,
    pub guild_id: Option<u64>,
    pub channel_id: Option<u64>,
    /// Raw id (a Discord user id); only its keyed hash is stored.
    pub user_id: Option<String>,
    /// The client's locale: Discord's, the browser's Accept-Language, `--lang`.
    pub locale: Option<String>,
    /// A web client's address: whose Hub budget its look-ups spend. Never logged.
    pub addr: Option<std::net::IpAddr>,
}

impl Who {
    /// Someone on `surface` about whom nothing else is known.
    pub fn on(surface: Source) -> Who {
        Who {
            surface,
            guild_id: None,
            channel_id: None,
            user_id: None,
            locale: None,
            addr: None,
        }
    }

    /// The same asker, from this network address (web clients).
    pub fn with_addr(mut self, addr: Option<std::net::IpAddr>) -> Who {
        self.addr = addr;
        self
    }

    /// Whose Hub budget a look-up for this asker spends: the command line none, a Discord
    /// user their own, a web client its address's (an unknown address counts as one
    /// anonymous client, so it still spends the web's shared budget).
    pub fn requester(&self) -> hub::Requester {
        match self.surface {
            Source::Cli => hub::Requester::Cli,
            Source::Discord => hub::Requester::Discord(
                self.user_id
                    .as_deref()
                    .and_then(|id| id.parse().ok())
                    .unwrap_or(0),
            ),
            Source::Web => hub::Requester::Web(
                self.addr
                    .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED)),
            ),
        }
    }

    /// The same asker with the client's locale.
    pub fn with_locale(mut self, locale: Option<&str>) -> Who {
        self.locale = locale.map(str::to_string);
        self
    }
}

/// What a person asked, in the shape their surface gave it.
#[derive(Debug, Clone)]
pub enum Request {
    /// Free text (a message, `vramguide ask`, the `/ask` box), already read.
    Text { text: String, parsed: Box<Parsed> },
    /// Named fields as the API and `vramguide estimate` take them; read here, so a bad
    /// value is answered (and logged) like any other question.
    Fields(Box<Fields>),
    /// A structured question (slash-command options, a what-if pick); `said` is how the
    /// log shows it (`/estimate llama-3.1-8b fp16`, `what-if precision=q4_k_m`).
    Query { query: Box<Query>, said: String },
    /// GPUs side by side, by the names given.
    Compare(Vec<String>),
    /// A guide topic by its slug.
    Explain(String),
    /// What runs on `count` of `gpu` (fp16 when no precision is given).
    Fit {
        gpu: String,
        count: u32,
        precision: Option<Precision>,
    },
}

/// A config.json a person attached or pasted, or why it could not be read (a Discord
/// attachment that did not download).
#[derive(Debug, Clone)]
pub struct Attached {
    /// The file's name, as the answer and errors call it.
    pub name: String,
    pub bytes: Result<Vec<u8>, Error>,
}

/// One question: what was sent, an attached model config, and the language to reply in
/// when the question does not tell (the caller's `--lang`, stored preference or locale).
#[derive(Debug, Clone)]
pub struct Question {
    pub request: Request,
    pub config: Option<Attached>,
    pub fallback: Lang,
}

impl Question {
    /// Free text; it is read now, so the adapter can look at it before asking
    /// ([`Question::language`], [`Question::has_subject`]).
    pub fn text(text: &str, fallback: Lang) -> Question {
        let parsed = query::parse(Catalog::get(), text);
        Question::of(
            Request::Text {
                text: text.to_string(),
                parsed: Box::new(parsed),
            },
            fallback,
        )
    }

    /// A request with no attachment.
    pub fn of(request: Request, fallback: Lang) -> Question {
        Question {
            request,
            config: None,
            fallback,
        }
    }

    /// The model of this config.json instead of the one named.
    pub fn with_config(mut self, config: Attached) -> Question {
        self.config = Some(config);
        self
    }

    /// The language free text is written in, when its words tell.
    pub fn language(&self) -> Option<Lang> {
        match &self.request {
            Request::Text { parsed, .. } => parsed.language,
            _ => None,
        }
    }

    /// Whether free text asks for anything we answer: something to estimate, or another
    /// intent (a comparison, a guide topic, a pasted error...). Other requests always do.
    pub fn asks_something(&self) -> bool {
        match &self.request {
            Request::Text { parsed, .. } => {
                parsed.query.has_subject() || parsed.intent != answer::Intent::Estimate
            }
            _ => true,
        }
    }

    /// Whether free text names anything to estimate (other requests always do).
    pub fn has_subject(&self) -> bool {
        match &self.request {
            Request::Text { parsed, .. } => parsed.query.has_subject(),
            _ => true,
        }
    }

    /// The Hub repo this question looks up, if any (the command line says which while it
    /// waits).
    pub fn hub_repo(&self) -> Option<&str> {
        let catalog = Catalog::get();
        if self.config.is_some() {
            return None;
        }
        match &self.request {
            Request::Text { parsed, .. } => parsed.hub_id.as_deref(),
            Request::Query { query, .. } => query.model.as_deref(),
            Request::Fields(f) => f.model.as_deref().map(str::trim),
            _ => None,
        }
        .filter(|m| hub_id::needs_hub(catalog, m))
    }

    /// Whether answering may take seconds (a config to read, a Hub look-up): Discord then
    /// acknowledges first.
    pub fn may_take_seconds(&self) -> bool {
        let catalog = Catalog::get();
        self.config.is_some()
            || match &self.request {
                Request::Text { parsed, .. } => parsed.hub_id.is_some(),
                Request::Query { query, .. } => query
                    .model
                    .as_deref()
                    .is_some_and(|m| hub_id::needs_hub(catalog, m)),
                Request::Fields(f) => f
                    .model
                    .as_deref()
                    .is_some_and(|m| hub_id::needs_hub(catalog, m.trim())),
                // Dozens of bisections, once the GPU is known.
                Request::Fit { gpu, .. } => catalog.resolve_gpu(gpu).is_ok(),
                Request::Compare(_) | Request::Explain(_) => false,
            }
    }
}

/// Where the model of an answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelSource {
    /// The catalog, or no model at all (compare, explain, fit, an error before any).
    Catalog,
    /// The Hub (or its cache, or the fallback when it could not be asked).
    Hub,
    /// A config.json the person brought.
    Config,
    /// A repo the Hub's search found for a free-text name the catalog lacks.
    Search,
}

/// The answer to one question, ready to render.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The language to reply in.
    pub lang: Lang,
    /// The question as the log shows it.
    pub said: String,
    /// The question as read, when it was one to estimate.
    pub query: Option<Query>,
    /// `query` as the log's JSON, serialized once with the answer.
    pub query_json: Option<Arc<str>>,
    pub source: ModelSource,
    pub outcome: Result<Outcome, Error>,
    /// What the question asked, answered or not (the log's `intent`).
    pub intent: answer::Intent,
}

impl Reply {
    /// The estimate, or why there is none; `None` for another kind of answer.
    pub fn estimate(&self) -> Option<Result<&Answer, &Error>> {
        match &self.outcome {
            Ok(Outcome::Estimate(a)) => Some(Ok(a)),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        }
    }

    /// Whether the same question may get this reply again without asking (no Hub look-up,
    /// whose fallback must not outlive the Hub's slowness).
    pub fn reusable(&self) -> bool {
        !matches!(self.source, ModelSource::Hub | ModelSource::Search)
    }
}

/// The answer service of one process: the catalog, the Hub and the query log. Cheap to
/// clone.
#[derive(Debug, Clone)]
pub struct Service {
    catalog: &'static Catalog,
    hub: Hub,
    store: Option<Store>,
}

impl Service {
    /// Answers with `hub` for models the catalog lacks, logging into `store` (no log
    /// without one: tests, `serve --no-log`).
    pub fn new(hub: Hub, store: Option<Store>) -> Service {
        Service {
            catalog: Catalog::get(),
            hub,
            store,
        }
    }

    /// No Hub, no log.
    pub fn offline() -> Service {
        Service::new(Hub::offline(), None)
    }

    /// Answer one question and log it: the one entry every surface uses.
    pub async fn ask(&self, question: Question, who: &Who) -> Reply {
        let started = Instant::now();
        let reply = self.answer_for(question, who).await;
        self.record(who, &reply, started.elapsed());
        reply
    }

    /// Answer without logging, for the operator's own views (no Hub budget spent): see
    /// [`Service::answer_for`].
    pub async fn answer(&self, question: Question) -> Reply {
        self.answer_for(question, &Who::on(Source::Cli)).await
    }

    /// Answer without logging: another view of a question already logged (the full
    /// breakdown, the chart of an answer page). `who` decides whose Hub budget a look-up
    /// spends.
    pub async fn answer_for(&self, question: Question, who: &Who) -> Reply {
        let Question {
            request,
            config,
            fallback,
        } = question;
        let catalog = self.catalog;
        match request {
            Request::Text { text, parsed } => {
                let lang = parsed.language.unwrap_or(fallback);
                if config.is_none() {
                    // Fit lists take dozens of bisections: off the async threads.
                    let routed = if parsed.intent == answer::Intent::Fit {
                        let p = parsed.clone();
                        tokio::task::spawn_blocking(move || answer::for_intent(catalog, &p))
                            .await
                            .unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic()))
                    } else {
                        answer::for_intent(catalog, &parsed)
                    };
                    if let Some(outcome) = routed {
                        let mut r = other(lang, text, outcome, parsed.intent);
                        r.query_json = Some(query_json(&parsed.query));
                        r.query = Some(parsed.query);
                        return r;
                    }
                }
                let (source, result) = self.for_parsed(&parsed, config, who).await;
                reply(lang, text, Some(parsed.query), source, result)
            }
            Request::Fields(fields) => {
                let said = describe(&fields);
                match fields.query() {
                    Ok(q) => {
                        let (source, result) = match config {
                            None if !q.has_subject() => {
                                (ModelSource::Catalog, Err(Error::NeedModel))
                            }
                            config => self.for_query(&q, config, who).await,
                        };
                        reply(fallback, said, Some(q), source, result)
                    }
                    Err(e) => reply(fallback, said, None, ModelSource::Catalog, Err(e)),
                }
            }
            Request::Query { query, said } => {
                let (source, result) = self.for_query(&query, config, who).await;
                reply(fallback, said, Some(*query), source, result)
            }
            Request::Compare(names) => {
                let said = format!("compare {}", names.join(" "));
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                let outcome = answer::gpus_named(catalog, &names)
                    .map(|g| Outcome::Compare(answer::Compared::one_each(g)));
                other(fallback, said, outcome, answer::Intent::Compare)
            }
            Request::Explain(slug) => {
                let said = format!("explain {slug}");
                let outcome = Topic::from_slug(slug.trim())
                    .map(|t| Outcome::Explain(answer::Explained::topic(t)))
                    .ok_or(Error::UnknownTopic(slug));
                other(fallback, said, outcome, answer::Intent::Explain)
            }
            Request::Fit {
                gpu,
                count,
                precision,
            } => {
                let said = format!(
                    "fit {gpu} x{count} {}",
                    precision.map_or("any", |p| p.name())
                );
                // Dozens of bisections: milliseconds, off the async threads.
                let worked = tokio::task::spawn_blocking(move || {
                    answer::fit_list(catalog, &gpu, count, precision)
                })
                .await;
                let outcome = match worked {
                    Ok(list) => list.map(Outcome::Fit),
                    // A panic in the core: the adapter answers its internal-error notice.
                    Err(e) => std::panic::resume_unwind(e.into_panic()),
                };
                other(fallback, said, outcome, answer::Intent::Fit)
            }
        }
    }

    /// Write the one row of an answered question (a cached reply given again is one more
    /// question, so it is logged too). Never waits for the database.
    pub fn record(&self, who: &Who, reply: &Reply, latency: Duration) {
        let ok = reply.outcome.as_ref().is_ok_and(Outcome::understood);
        tracing::debug!(
            surface = who.surface.as_str(),
            language = reply.lang.code(),
            understood = ok,
            latency_us = latency.as_micros() as u64,
            "question"
        );
        let Some(store) = &self.store else {
            return;
        };
        let mut entry = LogEntry::asked(who.surface, reply.lang, &reply.said, latency)
            .with_query_json(reply.query_json.clone())
            .with_locale(who.locale.as_deref());
        entry.understood = ok;
        entry.intent = Some(reply.intent.name());
        if let Ok(Outcome::Estimate(a)) = &reply.outcome {
            entry.model = Some(a.model.id.clone());
            entry.precision = Some(a.job.precision.name().to_string());
            entry.gpu = a.gpu.map(|g| g.id.clone());
            entry.total_gib = Some(a.estimate.total_gib());
        }
        entry.guild_id = who.guild_id;
        entry.channel_id = who.channel_id;
        entry.user_id.clone_from(&who.user_id);
        store.log().record(entry);
    }

    /// The repo the Hub's search finds for a name the catalog lacks (spending `who`'s Hub
    /// budget), or none: the catalog's match or the size in the name then answers.
    async fn searched(&self, q: &Query, who: &Who) -> (ModelSource, Option<ModelSpec>) {
        match self
            .hub
            .searched_spec(self.catalog, q, &who.requester())
            .await
        {
            Some(spec) => (ModelSource::Search, Some(spec)),
            None => (ModelSource::Catalog, None),
        }
    }

    /// The answer for an `org/name` repo: `with` the Hub's spec of it, else the fallback
    /// (the catalog's look-alike or the size in the name, said so), else why not.
    async fn with_hub_model(
        &self,
        repo: &str,
        q: &Query,
        who: &Who,
        with: impl FnOnce(ModelSpec) -> Result<Answer, Error>,
    ) -> Result<Answer, Error> {
        let catalog = self.catalog;
        match self
            .hub
            .model_for(repo, q.precision, &who.requester())
            .await
        {
            Looked::Found(spec) => with(*spec),
            Looked::Failed(e) => Err(with_suggestions(catalog, e).into()),
            Looked::Miss(miss) => fallback(catalog, q, repo, miss),
            // Past the budget the answer does not wait: sized from the name, said so.
            Looked::OverBudget { .. } => fallback(catalog, q, repo, HubMiss::Busy),
        }
    }

    /// Free text: with the attached config's model, the Hub's, or the catalog's.
    async fn for_parsed(
        &self,
        parsed: &Parsed,
        config: Option<Attached>,
        who: &Who,
    ) -> (ModelSource, Result<Answer, Error>) {
        let catalog = self.catalog;
        if let Some(file) = config {
            let answer =
                spec_of(file).and_then(|spec| answer::for_parsed_with(catalog, parsed, Some(spec)));
            return (ModelSource::Config, answer);
        }
        let Some(repo) = &parsed.hub_id else {
            // A free-text name no catalog model agrees with: the Hub's search.
            let (source, found) = match parsed.model_match {
                None => self.searched(&parsed.query, who).await,
                Some(_) => (ModelSource::Catalog, None),
            };
            let answer = answer::for_parsed_with(catalog, parsed, found);
            return (source, self.with_gguf_repo(answer, who).await);
        };
        let answer = self
            .with_hub_model(repo, &parsed.query, who, |spec| {
                answer::for_parsed_with(catalog, parsed, Some(spec))
            })
            .await;
        (ModelSource::Hub, self.with_gguf_repo(answer, who).await)
    }

    /// An estimate with no launch line for its GGUF quant (no listed repo holds that file):
    /// the Hub's search for a repo whose file list holds it writes the line. Online only;
    /// a model known only by its size or from a config has no repo to search for.
    async fn with_gguf_repo(
        &self,
        answer: Result<Answer, Error>,
        who: &Who,
    ) -> Result<Answer, Error> {
        let mut a = answer?;
        let Some(quant) = a.missing_gguf() else {
            return Ok(a);
        };
        let name = match a.model.origin {
            _ if a.model.synthetic => return Ok(a),
            None => a
                .model
                .hub_id
                .clone()
                .unwrap_or_else(|| a.model.display_name.clone()),
            Some(crate::catalog::Origin::Hub | crate::catalog::Origin::Search) => {
                a.model.id.clone()
            }
            Some(_) => return Ok(a),
        };
        if let Some(repo) = self
            .hub
            .gguf_repo_with(&name, quant, &who.requester())
            .await
        {
            a.launch_from_gguf_repo(&repo);
        }
        Ok(a)
    }

    /// A structured question: with the attached config's model, the Hub's for an
    /// `org/name` the catalog lacks, or the catalog's.
    async fn for_query(
        &self,
        q: &Query,
        config: Option<Attached>,
        who: &Who,
    ) -> (ModelSource, Result<Answer, Error>) {
        let catalog = self.catalog;
        if let Some(file) = config {
            let answer =
                spec_of(file).and_then(|spec| answer::for_query_with(catalog, q, Some(spec)));
            return (ModelSource::Config, answer);
        }
        let repo = match &q.model {
            Some(name) if hub_id::needs_hub(catalog, name) => name.clone(),
            _ => {
                let (source, found) = self.searched(q, who).await;
                let answer = answer::for_query_with(catalog, q, found);
                return (source, self.with_gguf_repo(answer, who).await);
            }
        };
        let answer = self
            .with_hub_model(&repo, q, who, |spec| {
                answer::for_query_with(catalog, q, Some(spec))
            })
            .await;
        (ModelSource::Hub, self.with_gguf_repo(answer, who).await)
    }
}

/// An estimate's reply, its query serialized once for the log.
fn reply(
    lang: Lang,
    said: String,
    query: Option<Query>,
    source: ModelSource,
    result: Result<Answer, Error>,
) -> Reply {
    let intent = if query.as_ref().is_some_and(|q| q.max_context) {
        answer::Intent::MaxContext
    } else {
        answer::Intent::Estimate
    };
    Reply {
        intent,
        lang,
        said,
        query_json: query.as_ref().map(query_json),
        query,
        source,
        outcome: result.map(|a| Outcome::Estimate(Box::new(a))),
    }
}

/// The `query_json` column of a question as read.
fn query_json(query: &Query) -> Arc<str> {
    // Serializing our own type into a String cannot fail.
    serde_json::to_string(query).unwrap_or_default().into()
}

/// A reply that estimates nothing (compare, explain, fit).
fn other(
    lang: Lang,
    said: String,
    outcome: Result<Outcome, Error>,
    intent: answer::Intent,
) -> Reply {
    Reply {
        intent,
        lang,
        said,
        query: None,
        query_json: None,
        source: ModelSource::Catalog,
        outcome,
    }
}

/// The spec of an attached config.json.
fn spec_of(file: Attached) -> Result<ModelSpec, Error> {
    hub::spec_from_user_config(&file.name, &file.bytes?)
}

/// Named fields as one line for the query log (`model=llama-3.1-8b precision=fp16`).
fn describe(f: &Fields) -> String {
    let pairs = [
        ("model", &f.model),
        ("params_b", &f.params_b),
        ("precision", &f.precision),
        ("context", &f.context),
        ("batch", &f.batch),
        ("mode", &f.mode),
        ("gpu", &f.gpu),
        ("gpus", &f.gpus),
        ("runtime", &f.runtime),
    ];
    pairs
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A repo that does not exist gets the catalog's closest names (or the model its name
/// loosely matches).
fn with_suggestions(catalog: &Catalog, mut e: ModelSourceError) -> ModelSourceError {
    if matches!(
        e.kind,
        SourceErrorKind::NotFound | SourceErrorKind::Unreachable
    ) {
        e.suggestions = match catalog.resolve_model(&e.repo) {
            Ok(m) => vec![m.model.id.clone()],
            Err(crate::catalog::LookupError::UnknownModel { suggestions, .. }) => suggestions,
            Err(_) => Vec::new(),
        };
    }
    e
}

/// The Hub gave nothing: the catalog's match for the name, else a model of the size the
/// name carries ("org/Foo-13B"), with a note saying so; else an error that says why.
fn fallback(
    catalog: &'static Catalog,
    q: &Query,
    repo: &str,
    miss: HubMiss,
) -> Result<Answer, Error> {
    let note = Assumption::HubFallback {
        repo: repo.to_string(),
        reason: miss,
    };
    // A catalog model stands in only when the repo's name gives a size and it agrees with
    // every size, version and variant there: `acme/tiny-llama` is not TinyLlama.
    let name = repo.rsplit('/').next().unwrap_or(repo);
    let sized_name = tokenize(name).iter().any(|t| size_of(t).is_some());
    let by_name = catalog
        .find_model(repo)
        .filter(|m| sized_name && catalog.agrees(m.model, repo))
        .map(|_| answer::for_query(catalog, q));
    let result = by_name.or_else(|| {
        let size = tokenize(name).iter().find_map(|t| size_of(t))?;
        let sized = Query {
            model: None,
            params_b: Some(size),
            ..q.clone()
        };
        Some(answer::for_query(catalog, &sized))
    });
    match result {
        Some(Ok(mut a)) => {
            a.assumed.push(note);
            Ok(a)
        }
        Some(Err(e)) => Err(e),
        None => {
            let e = ModelSourceError {
                kind: SourceErrorKind::Unreachable,
                repo: repo.to_string(),
                detail: hub::miss_name(miss).to_string(),
                suggestions: Vec::new(),
            };
            Err(with_suggestions(catalog, e).into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Intent;

    fn asked(request: Request) -> Reply {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(Service::offline().answer(Question::of(request, Lang::Pt)))
    }

    #[test]
    fn every_kind_of_request_gets_its_kind_of_answer() {
        let intent = |r: &Reply| r.outcome.as_ref().map(Outcome::intent).ok();
        let compare = asked(Request::Compare(vec!["4090".into(), "rtx 3090".into()]));
        assert_eq!(intent(&compare), Some(Intent::Compare));
        assert_eq!(compare.said, "compare 4090 rtx 3090");
        assert_eq!(
            compare.lang,
            Lang::Pt,
            "the caller's language when nothing tells"
        );
        let explain = asked(Request::Explain("nvlink".into()));
        assert_eq!(intent(&explain), Some(Intent::Explain));
        let unknown = asked(Request::Explain("warp-drive".into()));
        assert_eq!(
            unknown.outcome.err(),
            Some(Error::UnknownTopic("warp-drive".into()))
        );
        let fit = asked(Request::Fit {
            gpu: "rtx-4090".into(),
            count: 1,
            precision: None,
        });
        match fit.outcome {
            Ok(Outcome::Fit(list)) => {
                // No format asked: the models by format, 4 bits first (issue 33).
                assert_eq!(list.precision, Precision::Q4KM);
                assert_eq!(list.groups.len(), 3);
                assert_eq!(list.groups[2].0, Precision::Fp16);
                assert!(!list.models.is_empty());
            }
            other => panic!("{other:?}"),
        }
        let fields = Fields {
            model: Some("llama-3.1-8b".into()),
            precision: Some("fp5".into()),
            ..Fields::default()
        };
        let bad = asked(Request::Fields(Box::new(fields)));
        assert!(
            bad.outcome.is_err(),
            "a bad value is an answered question too"
        );
        assert_eq!(bad.said, "model=llama-3.1-8b precision=fp5");
    }

    #[test]
    fn free_text_replies_in_its_own_language_and_says_where_the_model_came_from() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let service = Service::offline();
        let q = Question::text("quanta vram para llama 3.1 8b em fp16?", Lang::En);
        assert_eq!(q.language(), Some(Lang::Pt));
        assert!(q.has_subject() && !q.may_take_seconds());
        let reply = rt.block_on(service.answer(q));
        assert_eq!(reply.lang, Lang::Pt);
        assert_eq!(reply.source, ModelSource::Catalog);
        assert_eq!(
            reply.outcome.map(|o| o.intent()).ok(),
            Some(Intent::Estimate)
        );
        let config = Attached {
            name: "config.json".into(),
            bytes: Ok(b"{not json".to_vec()),
        };
        let q = Question::text("fp16 on a 4090", Lang::En).with_config(config);
        assert!(q.may_take_seconds());
        let reply = rt.block_on(service.answer(q));
        assert_eq!(reply.source, ModelSource::Config);
        assert!(matches!(reply.outcome, Err(Error::ModelSource(_))));
    }
}
