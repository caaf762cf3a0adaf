//! One repo look-up: the model info (its files), config.json, the shard index, then each
//! weight file's header by range request, a few at a time. Requests for a repo of N
//! shards: 1 info + 1 config + 1 index (sharded repos) + N headers (+1 each for a header
//! over the first range). Whatever a repo holds, the work is bounded: at most
//! [`MAX_SHARDS`] files, [`PARALLEL`] requests at once, [`MAX_LOOKUP_BYTES`] read in all.

use super::client::{FetchError, HubClient, Meter};
use super::config::{header_kv, quant_method, spec_from_config};
use super::gguf::{self, GgufError};
use super::param_groups::GroupCounts;
use super::safetensors::{self, HeaderError, Summary};
use crate::catalog::{ModelSpec, Origin, WeightFile};
use crate::error::SourceErrorKind;
use crate::estimate::{Format, Precision, precision};
use crate::query::HubMiss;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// Cap on `/api/models/{repo}` (the file list of a repo with hundreds of GGUF files is
/// well under 1 MiB).
pub(super) const MAX_INFO: u64 = 4 * 1024 * 1024;
/// Cap on config.json (real ones are a few KiB).
const MAX_CONFIG: u64 = 1024 * 1024;
/// Cap on model.safetensors.index.json (DeepSeek V3's, 91k tensors, is ~9 MiB).
const MAX_INDEX: u64 = 16 * 1024 * 1024;
// One shard's header lists a part of what the index lists: its cap is the lower.
const _: () = assert!(safetensors::MAX_HEADER < MAX_INDEX);
/// First range read of a weight file: most safetensors headers fit, so one request does.
const FIRST_RANGE: u64 = 256 * 1024;
/// Weight-file headers read at once.
pub const PARALLEL: usize = 8;
/// Of those, reads past the first range (headers up to 16 MiB) at once: they are what
/// holds memory while a look-up runs.
const PARALLEL_LARGE: usize = 2;
/// Most weight files one look-up reads. The largest real repos have a few hundred:
/// Llama 3.1 405B ships 191 safetensors shards, DeepSeek V3 163; an index naming more is
/// refused before any header is asked for (one that named 300,000 made 25,626 requests).
pub const MAX_SHARDS: usize = 512;
/// Bytes one look-up may read in all. DeepSeek V3 costs ~50 MiB (a 9 MiB index and 163
/// first ranges of 256 KiB), a GGUF with Gemma's 262k-token vocabulary ~21 MiB.
pub const MAX_LOOKUP_BYTES: u64 = 128 * 1024 * 1024;

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
            FetchError::Refused(r) => Failure::Error(SourceErrorKind::Unreachable, r.to_string()),
            FetchError::OverBudget(n) => {
                Failure::Error(SourceErrorKind::TooLarge, format!("look-up over {n} bytes"))
            }
            FetchError::Busy => Failure::Miss(HubMiss::Busy),
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

/// One look-up in progress: where, which repo, and the bytes it may still read.
#[derive(Clone)]
struct Ctx {
    client: HubClient,
    repo: Arc<str>,
    meter: Meter,
    large: Arc<Semaphore>,
}

/// Look `repo` up; `quant` picks a GGUF file ("q4_k_m") when the repo ships GGUF. The
/// spec carries the repo's id as the Hub spells it (ids are case-insensitive there).
pub async fn fetch(
    client: &HubClient,
    repo: &str,
    quant: Option<Precision>,
) -> Result<ModelSpec, Failure> {
    fetch_metered(client, repo, quant, Meter::new(MAX_LOOKUP_BYTES)).await
}

/// [`fetch`] charging `meter` (the server's: [`Meter::pooled`] with [`MAX_LOOKUP_BYTES`]).
pub async fn fetch_metered(
    client: &HubClient,
    repo: &str,
    quant: Option<Precision>,
    meter: Meter,
) -> Result<ModelSpec, Failure> {
    let info: Value = serde_json::from_slice(&client.model_info(repo, MAX_INFO, &meter).await?)
        .map_err(|e| malformed(format!("model info: {e}")))?;
    let repo = info
        .get("id")
        .and_then(Value::as_str)
        .filter(|id| id.eq_ignore_ascii_case(repo))
        .unwrap_or(repo);
    let ctx = Ctx {
        client: client.clone(),
        repo: repo.into(),
        meter,
        large: Arc::new(Semaphore::new(PARALLEL_LARGE)),
    };
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
        return from_gguf(&ctx, &files, &ggufs, quant).await;
    }
    if !has_safetensors {
        let detail = if wants_gguf { "gguf" } else { "safetensors" };
        return Err(Failure::Error(SourceErrorKind::NoWeights, detail.into()));
    }
    let exact_params = info.pointer("/safetensors/total").and_then(Value::as_u64);
    from_safetensors(&ctx, &files, exact_params).await
}

async fn file_bytes(ctx: &Ctx, file: &str, cap: u64) -> Result<Vec<u8>, Failure> {
    ctx.client
        .file(&ctx.repo, file, cap, &ctx.meter)
        .await
        .map_err(missing_file(file))
}

async fn json_file(ctx: &Ctx, file: &str, cap: u64) -> Result<Value, Failure> {
    // Configs written by Python may hold `Infinity` or `NaN` (Nemotron-H).
    super::lenient::parse(&file_bytes(ctx, file, cap).await?)
        .map_err(|e| malformed(format!("{file}: {e}")))
}

/// What a shard index says: the distinct shard names of its `weight_map`, read without
/// keeping the (up to 91k) tensor names, and stopping to collect past [`MAX_SHARDS`].
#[derive(Deserialize)]
struct Index {
    weight_map: ShardNames,
}

#[derive(Default)]
struct ShardNames {
    names: BTreeSet<String>,
    over_cap: bool,
}

impl<'de> Deserialize<'de> for ShardNames {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ShardNames, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = ShardNames;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of tensor names to shard files")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ShardNames, A::Error> {
                let mut out = ShardNames::default();
                while let Some((_, file)) =
                    map.next_entry::<serde::de::IgnoredAny, std::borrow::Cow<'de, str>>()?
                {
                    if out.over_cap || out.names.contains(file.as_ref()) {
                        continue;
                    }
                    if out.names.len() >= MAX_SHARDS {
                        out.over_cap = true;
                        out.names.clear();
                    } else {
                        out.names.insert(file.into_owned());
                    }
                }
                Ok(out)
            }
        }
        d.deserialize_map(Visit)
    }
}

/// The shard files an index names, sorted; more than [`MAX_SHARDS`] is refused.
fn index_shards(bytes: &[u8]) -> Result<Vec<String>, Failure> {
    let index: Index = serde_json::from_slice(bytes)
        .map_err(|e| malformed(format!("model.safetensors.index.json: {e}")))?;
    if index.weight_map.over_cap {
        return Err(too_many_files());
    }
    Ok(index.weight_map.names.into_iter().collect())
}

fn too_many_files() -> Failure {
    Failure::Error(
        SourceErrorKind::TooLarge,
        format!("over {MAX_SHARDS} weight files"),
    )
}

async fn from_safetensors(
    ctx: &Ctx,
    files: &[&str],
    exact_params: Option<u64>,
) -> Result<ModelSpec, Failure> {
    let index_name = "model.safetensors.index.json";
    let has_index = files.contains(&index_name);
    let (config, index) = tokio::join!(json_file(ctx, "config.json", MAX_CONFIG), async {
        if has_index {
            file_bytes(ctx, index_name, MAX_INDEX).await.map(Some)
        } else {
            Ok(None)
        }
    });
    let (config, index) = (config?, index?);
    let shards: Vec<String> = match &index {
        Some(bytes) => index_shards(bytes)?,
        None if files.contains(&"model.safetensors") => vec!["model.safetensors".to_string()],
        None => files
            .iter()
            .filter(|f| f.ends_with(".safetensors"))
            .map(|f| f.to_string())
            .collect(),
    };
    drop(index);
    if shards.len() > MAX_SHARDS {
        return Err(too_many_files());
    }
    if shards.is_empty() || shards.iter().any(|s| s.contains('/') || s.contains("..")) {
        return Err(malformed(format!("{index_name}: shard names")));
    }
    let summary = read_all(ctx, &shards, |ctx, f| {
        Box::pin(async move { safetensors_header(&ctx, &f).await })
    })
    .await?;
    // The headers' own count first (every weight unpacked: 16-bit, FP8, int8), else the
    // Hub's count when the files are not quantized (it counts packed integers as stored).
    let layers = super::config::layer_count(&config);
    let header_params = layers.and_then(|l| summary.model_params(l));
    let hint = header_params.or(exact_params.filter(|_| summary.quantized == 0));
    let mut spec = spec_from_config(&ctx.repo, &config, hint)
        .map_err(|e| Failure::Error(SourceErrorKind::InvalidConfig, e.to_string()))?;
    if let Some(kv) = header_kv(&config, &spec, &summary.kv) {
        spec.kv_layout = Some(kv);
    }
    if let Some(groups) = layers.and_then(|l| summary.model_groups(l)) {
        super::param_groups::apply(&mut spec, groups);
    }
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
    Ok(from_hub(ctx, spec))
}

/// Where the spec came from.
fn from_hub(ctx: &Ctx, mut spec: ModelSpec) -> ModelSpec {
    spec.sources = vec![format!(
        "{}/{}",
        ctx.client.endpoint().trim_end_matches('/'),
        ctx.repo
    )];
    spec.origin = Some(Origin::Hub);
    spec.hub_id = Some(ctx.repo.to_string());
    spec
}

type HeaderFuture = std::pin::Pin<Box<dyn Future<Output = Result<Summary, Failure>> + Send>>;

/// Read every file's header, at most [`PARALLEL`] at once (tasks are started as others
/// finish, never all at once), and sum them; the first failure stops the rest.
async fn read_all(
    ctx: &Ctx,
    files: &[String],
    read: fn(Ctx, String) -> HeaderFuture,
) -> Result<Summary, Failure> {
    let mut set = JoinSet::new();
    let mut pending = files.iter();
    let mut total = Summary::default();
    loop {
        while set.len() < PARALLEL {
            let Some(file) = pending.next() else { break };
            set.spawn(read(ctx.clone(), file.clone()));
        }
        let Some(result) = set.join_next().await else {
            return Ok(total);
        };
        let summary = result.map_err(|e| malformed(format!("header task: {e}")))??;
        total.add(&summary).map_err(Failure::from)?;
    }
}

/// One safetensors header: the first range usually holds it; else one more request, when
/// the look-up's byte budget still has room for the length the file announces.
async fn safetensors_header(ctx: &Ctx, file: &str) -> Result<Summary, Failure> {
    // Nothing is asked for that the budgets could not hold: once the shared pool is full,
    // a crowd's later look-ups stop before their requests put more bytes on the wire.
    ctx.meter.room(FIRST_RANGE)?;
    let first = ctx
        .client
        .range(&ctx.repo, file, (0, FIRST_RANGE), &ctx.meter)
        .await?;
    let len = safetensors::header_len(&first)?;
    let end = 8 + len as usize;
    if first.len() >= end {
        return Ok(safetensors::summarize(&first[8..end])?);
    }
    drop(first);
    ctx.meter.room(len)?;
    let _permit = ctx.large.acquire().await;
    let rest = ctx
        .client
        .range(&ctx.repo, file, (8, len), &ctx.meter)
        .await?;
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
pub(super) fn quant_in_name(file: &str) -> Option<Precision> {
    let lower = file.to_ascii_lowercase();
    precision::ALL
        .iter()
        .filter(|(p, _)| p.format() == Format::Gguf)
        .filter(|(_, n)| lower.contains(n))
        .max_by_key(|(_, n)| n.len())
        .map(|(p, _)| *p)
}

async fn from_gguf(
    ctx: &Ctx,
    files: &[&str],
    ggufs: &[&str],
    quant: Option<Precision>,
) -> Result<ModelSpec, Failure> {
    let chosen = pick_gguf(ggufs, quant)?;
    if chosen.len() > MAX_SHARDS {
        return Err(too_many_files());
    }
    let first = gguf_header(ctx, chosen[0]).await?;
    let mut summary = Summary {
        bytes: first.bytes,
        tensors: first.tensors,
        quantized: first.quantized,
        bytes_by_dtype: first.bytes_by_type.clone(),
        embedding_bytes: first.embedding_bytes,
        // GGUF types are blocks, not one value per parameter: the count comes from the
        // shapes, kept apart in `params`.
        packed: true,
        params: first.params,
        kv: first.kv.clone(),
        groups: GroupCounts::from_groups(first.groups),
        ..Summary::default()
    };
    let rest: Vec<String> = chosen[1..].iter().map(|f| f.to_string()).collect();
    if !rest.is_empty() {
        let more = read_all(ctx, &rest, |ctx, f| {
            Box::pin(async move {
                let h = gguf_header(&ctx, &f).await?;
                Ok(Summary {
                    bytes: h.bytes,
                    tensors: h.tensors,
                    quantized: h.quantized,
                    bytes_by_dtype: h.bytes_by_type,
                    embedding_bytes: h.embedding_bytes,
                    packed: true,
                    params: h.params,
                    kv: h.kv,
                    groups: GroupCounts::from_groups(h.groups),
                    ..Summary::default()
                })
            })
        })
        .await?;
        summary.add(&more)?;
    }
    // A config.json beside the GGUF files names the architecture in transformers' terms.
    let config = if files.contains(&"config.json") {
        json_file(ctx, "config.json", MAX_CONFIG).await?
    } else {
        first.to_config()
    };
    // Parameters and KV widths from the tensor infos: exact, whatever the quant.
    let hint = Some(summary.params).filter(|&p| p > 0);
    let mut spec = spec_from_config(&ctx.repo, &config, hint)
        .map_err(|e| Failure::Error(SourceErrorKind::InvalidConfig, e.to_string()))?;
    if let Some(kv) = header_kv(&config, &spec, &summary.kv) {
        spec.kv_layout = Some(kv);
    }
    let groups = summary.groups.model(spec.num_hidden_layers);
    super::param_groups::apply(&mut spec, groups);
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
    Ok(from_hub(ctx, spec))
}

/// A GGUF header: read a prefix, and a larger one while the header goes on, up to the cap
/// and while the look-up's byte budget has room.
async fn gguf_header(ctx: &Ctx, file: &str) -> Result<gguf::Header, Failure> {
    let mut len = 1024 * 1024;
    loop {
        ctx.meter.room(len as u64)?;
        let _permit = if len > FIRST_RANGE as usize * 4 {
            Some(ctx.large.acquire().await)
        } else {
            None
        };
        let bytes = ctx
            .client
            .range(&ctx.repo, file, (0, len as u64), &ctx.meter)
            .await?;
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
