//! One repo look-up: the model info (its files), config.json, the shard index, then each
//! weight file's header by range request, in parallel. Requests for a repo of N shards:
//! 1 info + 1 config + 1 index (sharded repos) + N headers (+1 each for a header over the
//! first range).

use super::client::{FetchError, HubClient};
use super::config::{quant_method, spec_from_config};
use super::gguf::{self, GgufError};
use super::safetensors::{self, HeaderError, Summary};
use crate::catalog::{ModelSpec, Origin, WeightFile};
use crate::error::SourceErrorKind;
use crate::estimate::{Format, Precision, precision};
use crate::query::HubMiss;
use serde_json::Value;
use std::sync::Arc;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Cap on `/api/models/{repo}` (the file list of a repo with hundreds of GGUF files is
/// well under 1 MiB).
const MAX_INFO: u64 = 4 * 1024 * 1024;
/// Cap on config.json (real ones are a few KiB).
const MAX_CONFIG: u64 = 1024 * 1024;
/// Cap on model.safetensors.index.json (DeepSeek V3's, 91k tensors, is ~9 MiB).
const MAX_INDEX: u64 = 16 * 1024 * 1024;
/// First range read of a weight file: most safetensors headers fit, so one request does.
const FIRST_RANGE: u64 = 256 * 1024;
/// Weight-file headers read at once.
const PARALLEL: usize = 8;

/// Why a look-up gave no spec: an answer to give the user, or a miss to fall back from.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    Error(SourceErrorKind, String),
    Miss(HubMiss),
}

impl From<FetchError> for Failure {
    fn from(e: FetchError) -> Failure {
        match e {
            FetchError::NotFound => Failure::Error(SourceErrorKind::NotFound, String::new()),
            FetchError::Gated => Failure::Error(SourceErrorKind::Gated, String::new()),
            FetchError::TooLarge(n) => {
                Failure::Error(SourceErrorKind::TooLarge, format!("over {n} bytes"))
            }
            FetchError::Status(_) | FetchError::Network(_) => Failure::Miss(HubMiss::Unreachable),
        }
    }
}

impl From<HeaderError> for Failure {
    fn from(e: HeaderError) -> Failure {
        let kind = match e {
            HeaderError::TooLarge(_) => SourceErrorKind::TooLarge,
            HeaderError::Malformed(_) => SourceErrorKind::Malformed,
        };
        Failure::Error(kind, e.to_string())
    }
}

fn malformed(what: impl std::fmt::Display) -> Failure {
    Failure::Error(SourceErrorKind::Malformed, what.to_string())
}

/// A repo file fetched when it is not there means the repo lacks what we need.
fn missing_file(file: &str) -> impl Fn(FetchError) -> Failure + '_ {
    move |e| match e {
        FetchError::NotFound => Failure::Error(SourceErrorKind::NoWeights, file.to_string()),
        other => other.into(),
    }
}

/// Look `repo` up; `quant` picks a GGUF file ("q4_k_m") when the repo ships GGUF.
pub async fn fetch(
    client: &HubClient,
    repo: &str,
    quant: Option<Precision>,
) -> Result<ModelSpec, Failure> {
    let info: Value = serde_json::from_slice(&client.model_info(repo, MAX_INFO).await?)
        .map_err(|e| malformed(format!("model info: {e}")))?;
    let files: Vec<&str> = info
        .get("siblings")
        .and_then(Value::as_array)
        .map(|s| {
            s.iter()
                .filter_map(|f| f.get("rfilename").and_then(Value::as_str))
                .filter(|f| !f.contains('/'))
                .collect()
        })
        .unwrap_or_default();
    let ggufs: Vec<&str> = files
        .iter()
        .copied()
        .filter(|f| f.ends_with(".gguf"))
        .collect();
    let has_safetensors = files.iter().any(|f| f.ends_with(".safetensors"));
    let wants_gguf = quant.is_some_and(|p| p.format() == Format::Gguf);
    if !ggufs.is_empty() && (wants_gguf || !has_safetensors) {
        return from_gguf(client, repo, &files, &ggufs, quant).await;
    }
    if !has_safetensors {
        let detail = if wants_gguf { "gguf" } else { "safetensors" };
        return Err(Failure::Error(SourceErrorKind::NoWeights, detail.into()));
    }
    let exact_params = info.pointer("/safetensors/total").and_then(Value::as_u64);
    from_safetensors(client, repo, &files, exact_params).await
}

async fn json_file(client: &HubClient, repo: &str, file: &str, cap: u64) -> Result<Value, Failure> {
    let bytes = client
        .file(repo, file, cap)
        .await
        .map_err(missing_file(file))?;
    // Configs written by Python may hold `Infinity` or `NaN` (Nemotron-H).
    super::lenient::parse(&bytes).map_err(|e| malformed(format!("{file}: {e}")))
}

async fn from_safetensors(
    client: &HubClient,
    repo: &str,
    files: &[&str],
    exact_params: Option<u64>,
) -> Result<ModelSpec, Failure> {
    let index_name = "model.safetensors.index.json";
    let has_index = files.contains(&index_name);
    let (config, index) = tokio::join!(json_file(client, repo, "config.json", MAX_CONFIG), async {
        if has_index {
            json_file(client, repo, index_name, MAX_INDEX)
                .await
                .map(Some)
        } else {
            Ok(None)
        }
    });
    let (config, index) = (config?, index?);
    let shards: Vec<String> = match &index {
        Some(index) => {
            let map = index
                .get("weight_map")
                .and_then(Value::as_object)
                .ok_or_else(|| malformed(format!("{index_name}: no weight_map")))?;
            let mut shards: Vec<String> = map
                .values()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect();
            shards.sort();
            shards.dedup();
            shards
        }
        None if files.contains(&"model.safetensors") => vec!["model.safetensors".to_string()],
        None => files
            .iter()
            .filter(|f| f.ends_with(".safetensors"))
            .map(|f| f.to_string())
            .collect(),
    };
    if shards.is_empty() || shards.iter().any(|s| s.contains('/') || s.contains("..")) {
        return Err(malformed(format!("{index_name}: shard names")));
    }
    let summary = read_all(client, repo, &shards, |c, r, f| {
        Box::pin(async move { safetensors_header(&c, &r, &f).await })
    })
    .await?;
    let quantized = summary.quantized > 0;
    let mut spec = spec_from_config(repo, &config, exact_params.filter(|_| !quantized))
        .map_err(|e| Failure::Error(SourceErrorKind::InvalidConfig, e.to_string()))?;
    spec.weight_file = Some(WeightFile {
        bytes: summary.bytes,
        precision: spec.native_precision,
        tensors: summary.tensors,
        quantized_tensors: summary.quantized,
        method: quant_method(&config),
        bytes_by_dtype: summary.bytes_by_dtype,
        files: shards,
        embedding_bytes: Some(summary.embedding_bytes).filter(|&b| b > 0),
    });
    spec.sources = vec![format!(
        "{}/{repo}",
        client.endpoint().trim_end_matches('/')
    )];
    spec.origin = Some(Origin::Hub);
    spec.hub_id = Some(repo.to_string());
    Ok(spec)
}

type HeaderFuture = std::pin::Pin<Box<dyn Future<Output = Result<Summary, Failure>> + Send>>;

/// Read every file's header, `PARALLEL` at a time, and sum them.
async fn read_all(
    client: &HubClient,
    repo: &str,
    files: &[String],
    read: fn(HubClient, String, String) -> HeaderFuture,
) -> Result<Summary, Failure> {
    let permits = Arc::new(Semaphore::new(PARALLEL));
    let mut set = JoinSet::new();
    for file in files {
        let (client, repo, file) = (client.clone(), repo.to_string(), file.clone());
        let permits = permits.clone();
        set.spawn(async move {
            let _permit = permits.acquire_owned().await;
            read(client, repo, file).await
        });
    }
    let mut total = Summary::default();
    while let Some(result) = set.join_next().await {
        let summary = result.map_err(|e| malformed(format!("header task: {e}")))??;
        total.add(&summary);
    }
    Ok(total)
}

/// One safetensors header: the first range usually holds it; else one more request.
async fn safetensors_header(
    client: &HubClient,
    repo: &str,
    file: &str,
) -> Result<Summary, Failure> {
    let first = client.range(repo, file, 0, FIRST_RANGE).await?;
    let len = safetensors::header_len(&first)?;
    let end = 8 + len as usize;
    if first.len() >= end {
        return Ok(safetensors::summarize(&first[8..end])?);
    }
    let rest = client.range(repo, file, 8, len).await?;
    if rest.len() as u64 != len {
        return Err(malformed(format!("{file}: header cut short")));
    }
    Ok(safetensors::summarize(&rest)?)
}

/// The GGUF files of the quant asked for (all parts of a split file), else Q4_K_M, else
/// the first.
fn pick_gguf<'a>(ggufs: &[&'a str], quant: Option<Precision>) -> Result<Vec<&'a str>, Failure> {
    let matching = |name: &str| -> Vec<&'a str> {
        let mut out: Vec<&str> = ggufs
            .iter()
            .copied()
            .filter(|f| f.to_ascii_lowercase().contains(name))
            .collect();
        out.sort();
        out
    };
    let chosen = match quant {
        Some(q) => matching(q.name()),
        None => {
            let q4 = matching("q4_k_m");
            if q4.is_empty() {
                ggufs.first().map(|f| vec![*f]).unwrap_or_default()
            } else {
                q4
            }
        }
    };
    if chosen.is_empty() {
        let want = quant.map_or("gguf", Precision::name);
        return Err(Failure::Error(SourceErrorKind::NoWeights, want.to_string()));
    }
    Ok(chosen)
}

/// The quant a GGUF file name carries ("...-Q4_K_M.gguf" is q4_k_m).
fn quant_in_name(file: &str) -> Option<Precision> {
    let lower = file.to_ascii_lowercase();
    precision::ALL
        .iter()
        .filter(|(p, _)| p.format() == Format::Gguf)
        .filter(|(_, n)| lower.contains(n))
        .max_by_key(|(_, n)| n.len())
        .map(|(p, _)| *p)
}

async fn from_gguf(
    client: &HubClient,
    repo: &str,
    files: &[&str],
    ggufs: &[&str],
    quant: Option<Precision>,
) -> Result<ModelSpec, Failure> {
    let chosen = pick_gguf(ggufs, quant)?;
    let first = gguf_header(client, repo, chosen[0]).await?;
    let mut summary = Summary {
        bytes: first.bytes,
        tensors: first.tensors,
        quantized: first.quantized,
        bytes_by_dtype: first.bytes_by_type.clone(),
        embedding_bytes: first.embedding_bytes,
    };
    let rest: Vec<String> = chosen[1..].iter().map(|f| f.to_string()).collect();
    if !rest.is_empty() {
        let more = read_all(client, repo, &rest, |c, r, f| {
            Box::pin(async move {
                let h = gguf_header(&c, &r, &f).await?;
                Ok(Summary {
                    bytes: h.bytes,
                    tensors: h.tensors,
                    quantized: h.quantized,
                    bytes_by_dtype: h.bytes_by_type,
                    embedding_bytes: h.embedding_bytes,
                })
            })
        })
        .await?;
        summary.add(&more);
    }
    // A config.json beside the GGUF files names the architecture in transformers' terms.
    let config = if files.contains(&"config.json") {
        json_file(client, repo, "config.json", MAX_CONFIG).await?
    } else {
        first.to_config()
    };
    let mut spec = spec_from_config(repo, &config, None)
        .map_err(|e| Failure::Error(SourceErrorKind::InvalidConfig, e.to_string()))?;
    let precision = quant
        .or_else(|| quant_in_name(chosen[0]))
        .unwrap_or(Precision::Q4KM);
    spec.native_precision = precision;
    spec.weight_file = Some(WeightFile {
        bytes: summary.bytes,
        precision,
        tensors: summary.tensors,
        quantized_tensors: summary.quantized,
        method: Some(format!("gguf {}", precision.name())),
        bytes_by_dtype: summary.bytes_by_dtype,
        files: chosen.iter().map(|f| f.to_string()).collect(),
        embedding_bytes: Some(summary.embedding_bytes).filter(|&b| b > 0),
    });
    spec.sources = vec![format!(
        "{}/{repo}",
        client.endpoint().trim_end_matches('/')
    )];
    spec.origin = Some(Origin::Hub);
    spec.hub_id = Some(repo.to_string());
    Ok(spec)
}

/// A GGUF header: read a prefix, and a larger one while the header goes on, up to the cap.
async fn gguf_header(client: &HubClient, repo: &str, file: &str) -> Result<gguf::Header, Failure> {
    let mut len = 1024 * 1024;
    loop {
        let bytes = client.range(repo, file, 0, len as u64).await?;
        match gguf::parse(&bytes) {
            Ok(h) => return Ok(h),
            Err(GgufError::Short) if bytes.len() < len => {
                return Err(malformed(format!("{file}: file ends inside its header")));
            }
            Err(GgufError::Short) if len >= gguf::MAX_HEADER => {
                return Err(Failure::Error(
                    SourceErrorKind::TooLarge,
                    format!("{file}: GGUF header over {} bytes", gguf::MAX_HEADER),
                ));
            }
            Err(GgufError::Short) => len = (len * 4).min(gguf::MAX_HEADER),
            Err(e) => return Err(malformed(format!("{file}: {e}"))),
        }
    }
}
