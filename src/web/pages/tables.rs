//! The tables: GPUs side by side (`/compare`) and the model and GPU catalogs with their
//! sources (`/models`, `/gpus`).

use super::{Chrome, ErrorView, page};
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

/// How a source ranks in its row: the model's own `config.json` on the Hub, then a
/// vendor's own page (its spec sheet), then everything else, in the catalog's order.
fn source_rank(s: &str) -> u8 {
    const VENDORS: [&str; 5] = [
        "nvidia.com",
        "amd.com",
        "intel.com",
        "apple.com",
        "google.com",
    ];
    let host = s
        .split_once("://")
        .map_or("", |(_, rest)| rest.split('/').next().unwrap_or(""));
    if host.ends_with("huggingface.co") && s.ends_with("config.json") {
        0
    } else if VENDORS
        .iter()
        .any(|v| host == *v || host.ends_with(&format!(".{v}")))
    {
        1
    } else {
        2
    }
}

/// A row's sources, its own first ([`source_rank`]).
fn sources(list: &[String]) -> Vec<Source> {
    let mut ranked: Vec<&String> = list.iter().collect();
    ranked.sort_by_key(|s| source_rank(s));
    ranked.into_iter().map(|s| source(s)).collect()
}

/// Rows a catalog page shows at once: short enough for a phone to scroll.
pub const PAGE_ROWS: usize = 30;

/// `/models` and `/gpus`: a search, a family or vendor, a page; all GET, no script.
#[derive(Debug, Deserialize)]
pub struct CatalogParams {
    lang: Option<String>,
    q: Option<String>,
    /// A model family or a GPU vendor, as the filter's menu names it.
    group: Option<String>,
    /// A model's size band (`/models`): "4-10" billions of parameters, see [`size_menu`].
    size: Option<String>,
    /// A GPU's least memory in GB (`/gpus`), see [`memory_menu`].
    memory: Option<String>,
    /// A GPU's highest price in US dollars (`/gpus`), see [`price_menu`].
    price: Option<String>,
    page: Option<String>,
}

impl CatalogParams {
    /// The value the reader chose in the menu called `name`.
    fn menu(&self, name: &str) -> Option<&str> {
        match name {
            "size" => self.size.as_deref(),
            "memory" => self.memory.as_deref(),
            "price" => self.price.as_deref(),
            _ => None,
        }
    }
}

/// One choice of a range menu: its value in the URL, its words, the rows it keeps.
struct Band {
    value: String,
    text: String,
    keeps: Box<dyn Fn(f64) -> bool + Send + Sync>,
}

/// A menu of ranges beside the search (size, memory, price): `name` is its parameter;
/// `measure` reads the row's number (None: the row has none, and a chosen band drops it).
struct RangeMenu<'m, T> {
    name: &'static str,
    label: &'static str,
    any: &'static str,
    bands: Vec<Band>,
    measure: &'m dyn Fn(&T) -> Option<f64>,
}

/// A menu as the form shows it.
pub struct Menu {
    pub name: &'static str,
    pub label: String,
    pub options: Vec<MenuOption>,
}

pub struct MenuOption {
    pub value: String,
    pub text: String,
    pub selected: bool,
}

/// Model sizes in billions of parameters (total): the bands people shop by (a phone's or
/// a laptop's, one consumer card's, two cards', a server's).
fn size_menu<'m>(
    lang: Lang,
    measure: &'m dyn Fn(&ModelSpec) -> Option<f64>,
) -> RangeMenu<'m, ModelSpec> {
    const EDGES: [f64; 4] = [4.0, 10.0, 35.0, 80.0];
    let n = |x: f64| format_number(lang, x, 0);
    let mut bands = Vec::new();
    let mut low = 0.0;
    for high in EDGES {
        let text = if low == 0.0 {
            tr(
                lang,
                "web-catalog-size-up-to",
                Some(&Args::new().s("max", n(high))),
            )
        } else {
            let args = Args::new().s("min", n(low)).s("max", n(high));
            tr(lang, "web-catalog-size-between", Some(&args))
        };
        bands.push(Band {
            value: format!("{low}-{high}"),
            text,
            keeps: Box::new(move |b| low <= b && b < high),
        });
        low = high;
    }
    bands.push(Band {
        value: format!("{low}-"),
        text: tr(
            lang,
            "web-catalog-size-over",
            Some(&Args::new().s("min", n(low))),
        ),
        keeps: Box::new(move |b| b >= low),
    });
    RangeMenu {
        name: "size",
        label: "web-catalog-size",
        any: "web-catalog-size-any",
        bands,
        measure,
    }
}

/// A GPU's memory, at least so many GB: the common card sizes.
fn memory_menu<'m>(
    lang: Lang,
    measure: &'m dyn Fn(&GpuSpec) -> Option<f64>,
) -> RangeMenu<'m, GpuSpec> {
    let bands = [8.0, 12.0, 16.0, 24.0, 32.0, 48.0, 80.0, 128.0]
        .into_iter()
        .map(|gb: f64| Band {
            value: gb.to_string(),
            text: tr(
                lang,
                "web-catalog-memory-at-least",
                Some(&Args::new().s("gb", format_number(lang, gb, 0))),
            ),
            keeps: Box::new(move |m| m >= gb),
        })
        .collect();
    RangeMenu {
        name: "memory",
        label: "web-catalog-memory",
        any: "web-catalog-memory-any",
        bands,
        measure,
    }
}

/// A GPU's price today (street, else launch), at most so many dollars.
fn price_menu<'m>(
    lang: Lang,
    measure: &'m dyn Fn(&GpuSpec) -> Option<f64>,
) -> RangeMenu<'m, GpuSpec> {
    let bands = [500.0, 1000.0, 2000.0, 5000.0, 10000.0, 40000.0]
        .into_iter()
        .map(|usd: f64| Band {
            value: usd.to_string(),
            text: tr(
                lang,
                "web-catalog-price-up-to",
                Some(&Args::new().s("price", render::parts::price_usd(lang, usd))),
            ),
            keeps: Box::new(move |p| p <= usd),
        })
        .collect();
    RangeMenu {
        name: "price",
        label: "web-catalog-price",
        any: "web-catalog-price-any",
        bands,
        measure,
    }
}

/// What the catalog page's form and pager show.
pub struct Filter {
    pub q: String,
    pub group: String,
    pub groups: Vec<String>,
    /// The range menus (size; memory and price), each with its choice marked.
    pub menus: Vec<Menu>,
    pub page: usize,
    pub pages: usize,
    pub matched: usize,
    pub prev: Option<String>,
    pub next: Option<String>,
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
    filter: Filter,
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
        sources: model_sources(m),
    }
}

/// A model's sources led by its own `config.json` on the Hub (where every number of the
/// row can be checked), then the catalog's, the Hub's config files first.
fn model_sources(m: &ModelSpec) -> Vec<Source> {
    let Some(repo) = m.hub_id.as_deref() else {
        return sources(&m.sources);
    };
    let own_prefix = format!("https://huggingface.co/{}/", repo.to_lowercase());
    let mut list = vec![Source {
        href: Some(format!(
            "https://huggingface.co/{repo}/blob/main/config.json"
        )),
        label: format!("{repo}: config.json"),
    }];
    let others: Vec<String> = m
        .sources
        .iter()
        .filter(|s| !(s.to_lowercase().starts_with(&own_prefix) && s.ends_with("config.json")))
        .cloned()
        .collect();
    list.extend(sources(&others));
    list
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
        sources: sources(&g.sources),
    }
}

/// `/models`: the model catalog with sources.
pub async fn models(
    QueryParams(p): QueryParams<CatalogParams>,
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
    let models = &Catalog::get().models;
    let groups = models.iter().map(|m| m.family.clone());
    let chosen = |m: &&ModelSpec, q: &str, group: &str| {
        (group.is_empty() || m.family == group) && matches(q, &[&m.display_name, &m.id, &m.family])
    };
    let params_b = |m: &ModelSpec| Some(m.params_b());
    let menus = [size_menu(lang, &params_b)];
    let (filter, picked) = filtered(&p, "models", lang, groups, &menus, models.iter(), chosen);
    let rows = picked.into_iter().map(|m| model_row(lang, m)).collect();
    catalog_page(lang, "models", &uri.to_string(), &columns, rows, filter)
}

/// `/gpus`: the GPU catalog with sources.
pub async fn gpus(
    QueryParams(p): QueryParams<CatalogParams>,
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
    let gpus = &Catalog::get().gpus;
    let groups = gpus.iter().map(|g| g.vendor.name().to_string());
    let chosen = |g: &&GpuSpec, q: &str, group: &str| {
        (group.is_empty() || g.vendor.name() == group)
            && matches(
                q,
                &[&g.display_name, &g.id, g.vendor.name(), &g.memory_type],
            )
    };
    let memory = |g: &GpuSpec| Some(g.memory_gb);
    let price = |g: &GpuSpec| g.buy_price().map(|(usd, _)| usd);
    let menus = [memory_menu(lang, &memory), price_menu(lang, &price)];
    let (filter, picked) = filtered(&p, "gpus", lang, groups, &menus, gpus.iter(), chosen);
    let rows = picked.into_iter().map(|g| gpu_row(lang, g)).collect();
    catalog_page(lang, "gpus", &uri.to_string(), &columns, rows, filter)
}

/// One catalog page (`/models`, `/gpus`): its title and intro are `web-{which}-title`
/// and `web-{which}-intro`.
fn catalog_page(
    lang: Lang,
    which: &str,
    uri: &str,
    columns: &[&str],
    rows: Vec<Row>,
    filter: Filter,
) -> Response {
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
        filter,
    };
    page(StatusCode::OK, body.render())
}

/// Every word of the search (case folded) in one of the row's names.
fn matches(q: &str, names: &[&str]) -> bool {
    let names: Vec<String> = names.iter().map(|n| n.to_lowercase()).collect();
    q.split_whitespace()
        .all(|w| names.iter().any(|n| n.contains(&w.to_lowercase())))
}

/// The rows of one page of a catalog after the search and the menus, and the form's state.
fn filtered<'a, T>(
    p: &CatalogParams,
    which: &str,
    lang: Lang,
    groups: impl Iterator<Item = String>,
    ranges: &[RangeMenu<'_, T>],
    all: impl Iterator<Item = &'a T>,
    chosen: impl Fn(&&'a T, &str, &str) -> bool,
) -> (Filter, Vec<&'a T>) {
    let q = sanitize::one_line(&sanitize::clean(p.q.as_deref().unwrap_or("")));
    let q: String = q.chars().take(100).collect();
    let mut groups: Vec<String> = groups.collect();
    groups.sort();
    groups.dedup();
    let group = p
        .group
        .as_deref()
        .filter(|g| groups.iter().any(|x| x == g))
        .unwrap_or("")
        .to_string();
    // Each menu's band, when the URL names one of its values (anything else: no filter).
    let bands: Vec<Option<&Band>> = ranges
        .iter()
        .map(|r| {
            let wanted = p.menu(r.name)?;
            r.bands.iter().find(|b| b.value == wanted)
        })
        .collect();
    let in_bands = |x: &T| {
        ranges.iter().zip(&bands).all(|(r, band)| match band {
            None => true,
            Some(band) => (r.measure)(x).is_some_and(|v| (band.keeps)(v)),
        })
    };
    let matched: Vec<&T> = all
        .filter(|x| chosen(x, &q, &group) && in_bands(x))
        .collect();
    let pages = matched.len().div_ceil(PAGE_ROWS).max(1);
    let page = p
        .page
        .as_deref()
        .and_then(|n| n.trim().parse::<usize>().ok())
        .unwrap_or(1)
        .clamp(1, pages);
    let mut kept = String::new();
    for (r, band) in ranges.iter().zip(&bands) {
        if let Some(band) = band {
            kept.push_str(&format!("&{}={}", r.name, super::urlencode(&band.value)));
        }
    }
    let link = |n: usize| {
        format!(
            "/{which}?q={}&group={}{kept}&page={n}&lang={}",
            super::urlencode(&q),
            super::urlencode(&group),
            lang.code()
        )
    };
    let menus = ranges
        .iter()
        .zip(&bands)
        .map(|(r, chosen)| menu(lang, r, chosen.map(|b| b.value.as_str())))
        .collect();
    let filter = Filter {
        matched: matched.len(),
        prev: (page > 1).then(|| link(page - 1)),
        next: (page < pages).then(|| link(page + 1)),
        q,
        group,
        groups,
        menus,
        page,
        pages,
    };
    let rows = matched
        .into_iter()
        .skip((page - 1) * PAGE_ROWS)
        .take(PAGE_ROWS)
        .collect();
    (filter, rows)
}

/// A range menu as the form shows it: "any" first, then its bands, `chosen` selected.
fn menu<T>(lang: Lang, r: &RangeMenu<'_, T>, chosen: Option<&str>) -> Menu {
    let any = MenuOption {
        value: String::new(),
        text: t(lang, r.any),
        selected: chosen.is_none(),
    };
    let bands = r.bands.iter().map(|b| MenuOption {
        value: b.value.clone(),
        text: b.text.clone(),
        selected: chosen == Some(b.value.as_str()),
    });
    Menu {
        name: r.name,
        label: t(lang, r.label),
        options: std::iter::once(any).chain(bands).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_own_sources_come_first() {
        let list = [
            "github:vllm-project/vllm@abc:docs/x.md".to_string(),
            "https://www.nvidia.com/en-us/data-center/h100/".to_string(),
            "https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json".to_string(),
        ];
        let labels: Vec<String> = sources(&list).into_iter().map(|s| s.label).collect();
        assert_eq!(labels[0], "huggingface.co");
        assert_eq!(labels[1], "www.nvidia.com");
        assert!(matches("llama 8b", &["Llama 3.1 8B", "llama-3.1-8b"]));
        assert!(!matches("qwen", &["Llama 3.1 8B"]));
    }

    #[test]
    fn a_models_own_config_leads_once() {
        let catalog = Catalog::get();
        let m = catalog.model("llama-3.1-8b").expect("in the catalog");
        let repo = m.hub_id.as_deref().expect("a Hub id");
        let list = model_sources(m);
        let own = format!("https://huggingface.co/{repo}/blob/main/config.json");
        assert_eq!(list[0].href.as_deref(), Some(own.as_str()));
        let configs = list
            .iter()
            .filter(|s| {
                s.href
                    .as_deref()
                    .is_some_and(|h| h.to_lowercase() == own.to_lowercase())
            })
            .count();
        assert_eq!(configs, 1, "the own config once");
        // The catalog's other sources all follow.
        for s in m.sources.iter().filter(|s| !s.contains("huggingface.co")) {
            let label = source(s).label;
            assert!(list.iter().any(|l| l.label == label), "{s}");
        }
    }

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
