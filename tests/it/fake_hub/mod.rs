//! A fake Hugging Face Hub on 127.0.0.1: `GET /api/models/{repo}` (file list, gating,
//! parameter count), `GET /{repo}/resolve/main/{file}` (small files directly, weight files
//! by a 302 to a "CDN" path), and the CDN with real Range semantics (206 and
//! Content-Range). Gated repos answer 401 with `X-Error-Code: GatedRepo` unless a bearer
//! token comes; missing ones 404 with `RepoNotFound`. Every request is counted per repo,
//! so tests can prove a cached look-up makes none, and every body byte sent is counted.
//! Repo ids resolve case-insensitively, as on the Hub, and the model info names the id as
//! it was added. Hostile repos: weight files that redirect anywhere, hang, or trickle, and
//! many file names served from one body (64 headers of 16 MiB without 1 GiB in memory).

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// Weight files redirect to this URL (any host) instead of the fake's own CDN path.
    pub redirect: Option<String>,
    /// How the CDN sends weight files.
    pub cdn: Cdn,
    /// Files served with another file's bytes: name -> the name whose bytes it has.
    pub aliases: BTreeMap<String, String>,
}

/// How the fake's CDN answers a weight-file request.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum Cdn {
    #[default]
    Normal,
    /// Never answers.
    Hang,
    /// One byte each interval.
    Trickle(Duration),
}

#[derive(Debug, Clone)]
pub struct Seen {
    pub path: String,
    pub range: Option<String>,
    pub auth: bool,
}

#[derive(Default)]
struct Shared {
    /// By lowercase id: (the id as added, the repo).
    repos: Mutex<HashMap<String, (String, Arc<Repo>)>>,
    seen: Mutex<Vec<Seen>>,
    bytes: AtomicU64,
    /// Repos the search lists, with their downloads (repos need not be added to be listed).
    listed: Mutex<Vec<(String, u64)>>,
    /// A fixed answer (and a delay) for every search, for hostile cases.
    search_answer: Mutex<Option<(Vec<u8>, Duration)>>,
}

impl Shared {
    fn repo(&self, id: &str) -> Option<(String, Arc<Repo>)> {
        self.repos
            .lock()
            .unwrap()
            .get(&id.to_ascii_lowercase())
            .cloned()
    }
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
            .insert(id.to_ascii_lowercase(), (id.to_string(), Arc::new(repo)));
    }

    /// Serve `id` as another repo with the files of `like` (added before): a crowd of
    /// hostile repos without a copy of their large files each.
    pub fn add_same(&self, id: &str, like: &str) {
        let mut repos = self.shared.repos.lock().unwrap();
        let (_, repo) = repos
            .get(&like.to_ascii_lowercase())
            .cloned()
            .expect("added");
        repos.insert(id.to_ascii_lowercase(), (id.to_string(), repo));
    }

    /// Body bytes sent so far, to every client.
    pub fn bytes_sent(&self) -> u64 {
        self.shared.bytes.load(Ordering::SeqCst)
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
        let Some((id, repo)) = shared.repo(id) else {
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
        let body = serde_json::to_vec(&info).unwrap();
        shared.bytes.fetch_add(body.len() as u64, Ordering::SeqCst);
        return ([(header::CONTENT_TYPE, "application/json")], body).into_response();
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
    let Some((_, repo)) = shared.repo(&id) else {
        return error(StatusCode::NOT_FOUND, "RepoNotFound");
    };
    if repo.gated && !auth && !cdn {
        return error(StatusCode::UNAUTHORIZED, "GatedRepo");
    }
    let stored = repo.aliases.get(&file).unwrap_or(&file);
    let Some(body) = repo.files.get(stored) else {
        return error(StatusCode::NOT_FOUND, "EntryNotFound");
    };
    let weights = file.ends_with(".safetensors") || file.ends_with(".gguf");
    if weights && !cdn {
        // The Hub sends weight files to its CDN; the client must keep the Range.
        let to = repo
            .redirect
            .clone()
            .unwrap_or_else(|| format!("/cdn/{id}/{file}"));
        return (StatusCode::FOUND, [(header::LOCATION, to)]).into_response();
    }
    match repo.cdn {
        Cdn::Normal => {}
        Cdn::Hang => {
            tokio::time::sleep(Duration::from_secs(3600)).await;
        }
        Cdn::Trickle(every) => return trickle(&shared, body.clone(), every),
    }
    match range
        .as_deref()
        .and_then(|r| parse_range(r, body.len() as u64))
    {
        Some((start, end)) => {
            let slice = body[start as usize..=end as usize].to_vec();
            shared.bytes.fetch_add(slice.len() as u64, Ordering::SeqCst);
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
        None => {
            shared.bytes.fetch_add(body.len() as u64, Ordering::SeqCst);
            (StatusCode::OK, Body::from(body.clone())).into_response()
        }
    }
}

/// A 200 that sends `body` one byte each `every`, counting what it sent.
fn trickle(shared: &Arc<Shared>, body: Vec<u8>, every: Duration) -> Response {
    let shared = shared.clone();
    let stream = futures_util::stream::unfold(0usize, move |i| {
        let (shared, byte) = (shared.clone(), body.get(i).copied());
        async move {
            tokio::time::sleep(every).await;
            let byte = byte?;
            shared.bytes.fetch_add(1, Ordering::SeqCst);
            Some((Ok::<_, std::io::Error>(vec![byte]), i + 1))
        }
    });
    (StatusCode::OK, Body::from_stream(stream)).into_response()
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
