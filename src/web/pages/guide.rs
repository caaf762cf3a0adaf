//! The guide: every topic with its summary (`/guide`) and one topic (`/guide/{topic}`).

use super::{Chrome, LangParam, TopicLink, not_found_page, page, topic_link};
use crate::answer::Topic;
use crate::i18n::t;
use crate::render::html::{self, Block};
use askama::Template;
use axum::extract::{OriginalUri, Path, Query as QueryParams};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

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
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
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
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
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
