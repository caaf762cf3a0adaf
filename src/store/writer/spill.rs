//! The spill file: rows the database refused while the queue was full, kept as JSON lines
//! (owner-only, user ids already hashed) until the database takes writes again.

use super::Pending;
use crate::query::intent::Intent;
use crate::store::hashing::UserHasher;
use crate::store::{LogEntry, Source};
use crate::vocab::Lang;

/// A row as the spill file keeps it: every column, the user id already hashed.
#[derive(serde::Serialize, serde::Deserialize)]
pub(super) struct Spilled {
    at_ms: i64,
    source: Source,
    guild_id: Option<u64>,
    channel_id: Option<u64>,
    user_hash: Option<String>,
    locale: Option<String>,
    language: Lang,
    question: String,
    query: Option<String>,
    model: Option<String>,
    precision: Option<String>,
    gpu: Option<String>,
    total_gib: Option<f64>,
    understood: bool,
    latency_us: u64,
    /// Absent in files written before rows had keys or kept their intent.
    #[serde(default)]
    key: Option<i64>,
    #[serde(default)]
    intent: Option<String>,
}

impl Spilled {
    pub(super) fn of(p: &Pending, hasher: &UserHasher) -> Spilled {
        let e = &p.entry;
        Spilled {
            at_ms: p.at_ms,
            source: e.source,
            guild_id: e.guild_id,
            channel_id: e.channel_id,
            user_hash: p
                .user_hash
                .clone()
                .or_else(|| e.user_id.as_deref().map(|u| hasher.hash(u))),
            locale: e.locale.clone(),
            language: e.language,
            question: e.question.clone(),
            query: e.query.as_deref().map(str::to_string),
            model: e.model.clone(),
            precision: e.precision.clone(),
            gpu: e.gpu.clone(),
            total_gib: e.total_gib,
            understood: e.understood,
            latency_us: e.latency_us,
            key: p.key,
            intent: e.intent.map(str::to_string),
        }
    }

    pub(super) fn into_pending(self) -> Pending {
        let mut entry = LogEntry::new(self.source, self.language, self.question);
        entry.guild_id = self.guild_id;
        entry.channel_id = self.channel_id;
        entry.locale = self.locale;
        entry.query = self.query.map(Into::into);
        entry.model = self.model;
        entry.precision = self.precision;
        entry.gpu = self.gpu;
        entry.total_gib = self.total_gib;
        entry.understood = self.understood;
        entry.latency_us = self.latency_us;
        entry.intent = self.intent.as_deref().and_then(intent_name);
        Pending {
            at_ms: self.at_ms,
            key: self.key,
            entry,
            user_hash: self.user_hash,
        }
    }
}

/// The stored name of a known intent, for a row read back from the file.
fn intent_name(name: &str) -> Option<&'static str> {
    use strum::VariantArray as _;
    Intent::VARIANTS
        .iter()
        .map(|i| i.name())
        .find(|known| *known == name)
}

/// Why rows could not be appended.
#[derive(Debug, thiserror::Error)]
pub(super) enum AppendError {
    #[error("the spill file would pass its size limit ({limit} bytes)")]
    Full { limit: u64 },
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Append `rows` to the spill file at `path`, created owner-only (it holds questions),
/// unless the file would grow past `limit` bytes: an outage that lasts must not fill the
/// disk the database lives on (unbounded, a read-only database under load wrote 180 MB of
/// spill in 25 s).
pub(super) async fn append(
    path: &std::path::Path,
    rows: &[Pending],
    hasher: &UserHasher,
    limit: u64,
) -> Result<(), AppendError> {
    use tokio::io::AsyncWriteExt as _;
    let mut buf = Vec::with_capacity(rows.len() * 512);
    for row in rows {
        serde_json::to_writer(&mut buf, &Spilled::of(row, hasher)).map_err(std::io::Error::from)?;
        buf.push(b'\n');
    }
    let mut options = tokio::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut file = options.open(path).await?;
    let size = file.metadata().await?.len();
    if size.saturating_add(buf.len() as u64) > limit {
        return Err(AppendError::Full { limit });
    }
    file.write_all(&buf).await?;
    file.flush().await?;
    Ok(())
}

/// Drop the first `bytes` of the spill file (rows already written back).
pub(super) async fn cut_front(path: &std::path::Path, bytes: u64) {
    if bytes == 0 {
        return;
    }
    let file = path.to_path_buf();
    let path = file.clone();
    let cut = tokio::task::spawn_blocking(move || -> std::io::Result<()> {
        use std::io::{Seek as _, SeekFrom};
        let mut from = std::fs::File::open(&path)?;
        from.seek(SeekFrom::Start(bytes))?;
        let tmp = path.with_extension("tmp");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            options.mode(0o600);
        }
        std::io::copy(&mut from, &mut options.open(&tmp)?)?;
        std::fs::rename(&tmp, &path)
    })
    .await;
    if !matches!(cut, Ok(Ok(()))) {
        tracing::warn!(
            file = %file.display(),
            "cannot cut the written rows from the spill file; they may be written twice"
        );
    }
}
