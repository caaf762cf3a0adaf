//! The tables: GPUs side by side (`/compare`) and the model and GPU catalogs with their
//! sources (`/models`, `/gpus`).

use super::{Chrome, ErrorView, LangParam, page};
use crate::catalog::{Catalog, GpuSpec, ModelSpec};
use crate::i18n::{Args, Lang, format_int, format_number, t, tr};
use crate::render;
use crate::render::html::Block;
use crate::sanitize;
use crate::web::{AppState, input};
use askama::Template;
use axum::extract::{OriginalUri, Query as QueryParams, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;

/// GPUs compared when none are given: the three cards of the seed articles.
pub const DEFAULT_COMPARE: &str = "rtx-4090,rtx-a6000,rtx-6000-ada";

#[derive(Debug, Deserialize)]
pub struct CompareParams {
    gpus: Option<String>,
    lang: Option<String>,
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
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
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
        match crate::web::compare::gpus(&state, &given, lang, &headers, addr).await {
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
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
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
    let lang = crate::web::lang::negotiate(p.lang.as_deref(), &headers);
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
}
