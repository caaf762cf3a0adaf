//! A fake Hugging Face Hub on 127.0.0.1: `GET /api/models/{repo}` (file list, gating,
//! parameter count), `GET /{repo}/resolve/main/{file}` (small files directly, weight files
//! by a 302 to a "CDN" path), and the CDN with real Range semantics (206 and
//! Content-Range). Gated repos answer 401 with `X-Error-Code: GatedRepo` unless a bearer
//! token comes; missing ones 404 with `RepoNotFound`. Every request is counted per repo,
//! so tests can prove a cached look-up makes none.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One repo of the fake.
#[derive(Debug, Clone, Default)]
pub struct Repo {
    pub files: BTreeMap<String, Vec<u8>>,
    /// Files need `Authorization: Bearer ...`.
    pub gated: bool,
    /// The model info answers after this long.
    pub delay: Option<Duration>,
    /// `safetensors.total` of the model info.
    pub params: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct Seen {
    pub path: String,
    pub range: Option<String>,
    pub auth: bool,
}

#[derive(Default)]
struct Shared {
    repos: Mutex<HashMap<String, Repo>>,
    seen: Mutex<Vec<Seen>>,
    /// Repos the search lists, with their downloads (repos need not be added to be listed).
    listed: Mutex<Vec<(String, u64)>>,
    /// A fixed answer (and a delay) for every search, for hostile cases.
    search_answer: Mutex<Option<(Vec<u8>, Duration)>>,
}

pub struct FakeHub {
    pub url: String,
    shared: Arc<Shared>,
}

impl FakeHub {
    pub async fn start() -> FakeHub {
        let shared = Arc::new(Shared::default());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = axum::Router::new()
            .fallback(handle)
            .with_state(shared.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeHub { url, shared }
    }

    pub fn add(&self, id: &str, repo: Repo) {
        self.shared
            .repos
            .lock()
            .unwrap()
            .insert(id.to_string(), repo);
    }

    /// Requests that named `repo` (API, resolve and CDN paths).
    pub fn requests_for(&self, repo: &str) -> Vec<Seen> {
        let needle = format!("/{repo}/");
        let api = format!("/api/models/{repo}");
        self.shared
            .seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.path.contains(&needle) || s.path == api)
            .cloned()
            .collect()
    }

    /// List `id` in search answers with `downloads`.
    pub fn list(&self, id: &str, downloads: u64) {
        self.shared
            .listed
            .lock()
            .unwrap()
            .push((id.to_string(), downloads));
    }

    /// Answer every search with `body` after `delay` (junk, 100 hits, a hang).
    pub fn answer_searches_with(&self, body: Vec<u8>, delay: Duration) {
        *self.shared.search_answer.lock().unwrap() = Some((body, delay));
    }

    /// Search requests made.
    pub fn searches(&self) -> usize {
        self.shared
            .seen
            .lock()
            .unwrap()
            .iter()
            .filter(|s| s.path == "/api/models")
            .count()
    }

    pub fn total_requests(&self) -> usize {
        self.shared.seen.lock().unwrap().len()
    }
}

fn error(status: StatusCode, code: &str) -> Response {
    (
        status,
        [("x-error-code", code.to_string())],
        code.to_string(),
    )
        .into_response()
}

/// Split `org/name/rest` into the repo id and the rest.
fn split_repo(path: &str) -> Option<(String, &str)> {
    let mut parts = path.splitn(3, '/');
    let (org, name) = (parts.next()?, parts.next()?);
    Some((format!("{org}/{name}"), parts.next().unwrap_or("")))
}

async fn handle(State(shared): State<Arc<Shared>>, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().to_string();
    let auth = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("Bearer "));
    let range = headers
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    shared.seen.lock().unwrap().push(Seen {
        path: path.clone(),
        range: range.clone(),
        auth,
    });
    if path == "/api/models" {
        return search(&shared, &uri).await;
    }
    if let Some(id) = path.strip_prefix("/api/models/") {
        let repo = shared.repos.lock().unwrap().get(id).cloned();
        let Some(repo) = repo else {
            return error(StatusCode::NOT_FOUND, "RepoNotFound");
        };
        if let Some(d) = repo.delay {
            tokio::time::sleep(d).await;
        }
        let siblings: Vec<Value> = repo
            .files
            .keys()
            .map(|f| json!({ "rfilename": f }))
            .collect();
        let mut info = json!({
            "id": id, "siblings": siblings,
            "gated": if repo.gated { json!("manual") } else { json!(false) },
        });
        if let Some(p) = repo.params {
            info["safetensors"] = json!({ "total": p });
        }
        return axum::Json(info).into_response();
    }
    let (cdn, rest) = match path.strip_prefix("/cdn/") {
        Some(rest) => (true, rest),
        None => (false, path.trim_start_matches('/')),
    };
    let Some((id, rest)) = split_repo(rest) else {
        return error(StatusCode::NOT_FOUND, "RepoNotFound");
    };
    let file = if cdn {
        rest.to_string()
    } else {
        match rest.strip_prefix("resolve/main/") {
            Some(f) => f.to_string(),
            None => return error(StatusCode::NOT_FOUND, "EntryNotFound"),
        }
    };
    let repo = shared.repos.lock().unwrap().get(&id).cloned();
    let Some(repo) = repo else {
        return error(StatusCode::NOT_FOUND, "RepoNotFound");
    };
    if repo.gated && !auth && !cdn {
        return error(StatusCode::UNAUTHORIZED, "GatedRepo");
    }
    let Some(body) = repo.files.get(&file) else {
        return error(StatusCode::NOT_FOUND, "EntryNotFound");
    };
    let weights = file.ends_with(".safetensors") || file.ends_with(".gguf");
    if weights && !cdn {
        // The Hub sends weight files to its CDN; the client must keep the Range.
        let to = format!("/cdn/{id}/{file}");
        return (StatusCode::FOUND, [(header::LOCATION, to)]).into_response();
    }
    match range
        .as_deref()
        .and_then(|r| parse_range(r, body.len() as u64))
    {
        Some((start, end)) => {
            let slice = body[start as usize..=end as usize].to_vec();
            (
                StatusCode::PARTIAL_CONTENT,
                [(
                    header::CONTENT_RANGE,
                    format!("bytes {start}-{end}/{}", body.len()),
                )],
                Body::from(slice),
            )
                .into_response()
        }
        None if range.is_some() => (
            StatusCode::RANGE_NOT_SATISFIABLE,
            [(header::CONTENT_RANGE, format!("bytes */{}", body.len()))],
        )
            .into_response(),
        None => (StatusCode::OK, Body::from(body.clone())).into_response(),
    }
}

/// The Hub's search: listed repos whose id holds `search` (any case), most downloaded
/// first, at most `limit`.
async fn search(shared: &Shared, uri: &Uri) -> Response {
    let fixed = shared.search_answer.lock().unwrap().clone();
    if let Some((body, delay)) = fixed {
        tokio::time::sleep(delay).await;
        return (StatusCode::OK, Body::from(body)).into_response();
    }
    let query: HashMap<String, String> = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace("%2F", "/").replace('+', " ")))
        .collect();
    let wanted = query
        .get("search")
        .cloned()
        .unwrap_or_default()
        .to_lowercase();
    let limit: usize = query
        .get("limit")
        .and_then(|l| l.parse().ok())
        .unwrap_or(1000);
    let mut hits: Vec<(String, u64)> = shared
        .listed
        .lock()
        .unwrap()
        .iter()
        .filter(|(id, _)| id.to_lowercase().contains(&wanted))
        .cloned()
        .collect();
    hits.sort_by_key(|h| std::cmp::Reverse(h.1));
    let body: Vec<Value> = hits
        .into_iter()
        .take(limit)
        .map(|(id, downloads)| {
            json!({"id": id, "downloads": downloads, "likes": 0, "tags": [],
                   "pipeline_tag": "text-generation", "library_name": "transformers",
                   "createdAt": "2026-01-01T00:00:00.000Z"})
        })
        .collect();
    axum::Json(body).into_response()
}

/// `bytes=a-b` within a body of `len` bytes, `b` clipped to the end.
fn parse_range(r: &str, len: u64) -> Option<(u64, u64)> {
    let (a, b) = r.strip_prefix("bytes=")?.split_once('-')?;
    let start: u64 = a.parse().ok()?;
    let end: u64 = b.parse::<u64>().ok()?.min(len.checked_sub(1)?);
    (start <= end).then_some((start, end))
}

/// Bytes of one value of a safetensors dtype.
pub fn dtype_size(dtype: &str) -> u64 {
    match dtype {
        "F32" | "I32" => 4,
        "BF16" | "F16" => 2,
        "F8_E4M3" | "I8" | "U8" => 1,
        other => panic!("no size for {other}"),
    }
}

/// A safetensors file's header for `tensors` (name, dtype, shape), padded with
/// `metadata_pad` bytes of metadata. The data would follow; look-ups read only the header,
/// so it is left out and models can have real sizes. Returns the bytes and the sum of the
/// tensors' bytes.
pub fn safetensors(tensors: &[(&str, &str, &[u64])], metadata_pad: usize) -> (Vec<u8>, u64) {
    let mut header = serde_json::Map::new();
    header.insert(
        "__metadata__".into(),
        json!({ "format": "pt", "pad": "x".repeat(metadata_pad) }),
    );
    let mut offset = 0u64;
    for (name, dtype, shape) in tensors {
        let bytes = shape.iter().product::<u64>() * dtype_size(dtype);
        header.insert(
            name.to_string(),
            json!({ "dtype": dtype, "shape": shape, "data_offsets": [offset, offset + bytes] }),
        );
        offset += bytes;
    }
    let json = serde_json::to_vec(&Value::Object(header)).unwrap();
    let mut file = (json.len() as u64).to_le_bytes().to_vec();
    file.extend(json);
    (file, offset)
}
