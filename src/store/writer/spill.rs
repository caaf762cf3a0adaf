//! The spill file: rows the database refused while the queue was full, kept as JSON lines
//! (owner-only, user ids already hashed) until the database takes writes again.

use super::Pending;
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
        Pending {
            at_ms: self.at_ms,
            entry,
            user_hash: self.user_hash,
        }
    }
}

/// Append `rows` to the spill file at `path`, created owner-only (it holds questions).
pub(super) async fn append(
    path: &std::path::Path,
    rows: &[Pending],
    hasher: &UserHasher,
) -> std::io::Result<()> {
    use tokio::io::AsyncWriteExt as _;
    let mut buf = Vec::with_capacity(rows.len() * 512);
    for row in rows {
        serde_json::to_writer(&mut buf, &Spilled::of(row, hasher))?;
        buf.push(b'\n');
    }
    let mut options = tokio::fs::OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    options.mode(0o600);
    let mut file = options.open(path).await?;
    file.write_all(&buf).await?;
    file.flush().await
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
