//! Committing a batch: one transaction of multi-row INSERTs in a handful of statement
//! sizes, each written once per process, the values bound as shared text.

use super::Pending;
use crate::store::Source;
use crate::store::db::{Db, on_db};
use crate::store::hashing::UserHasher;
use crate::vocab::Lang;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock};

/// Rows per INSERT statement, largest first: a batch is cut greedily into these sizes, so
/// only five statements are ever prepared and all stay in sqlx's statement cache. (Cut
/// into 1,000-row chunks, each batch's odd-sized remainder prepared a new statement of up
/// to 15,000 parameters, and the cache kept up to a hundred of them.) 256 rows of 16
/// parameters stay under SQLite's 32,766 and Postgres's 65,535 bind limits.
const STATEMENT_ROWS: [usize; 5] = [256, 64, 16, 4, 1];

/// The columns every statement fills, in the order of [`COLUMNS`] values per row.
const INSERT: &str = "INSERT INTO query_log (created_at, source, guild_id, channel_id, user_hash, \
    locale, language, question, query_json, model_id, precision_id, gpu_id, total_gib, \
    understood, latency_us, intent, row_key) ";

/// After the values: a row whose key is already stored is the same row committed before
/// (a retry after a failure the writer could not judge), so it is skipped, not doubled.
const ON_CONFLICT: &str = " ON CONFLICT DO NOTHING";

/// Postgres rejects NUL in text; a question is stored verbatim otherwise. Shared text,
/// because sqlx binds an `Arc<str>` as it is, where a `String` or `&str` is copied again
/// into a new allocation per column and row.
fn text(s: &str) -> Arc<str> {
    if has_nul(s) {
        s.replace('\0', "\u{FFFD}").into()
    } else {
        s.into()
    }
}

/// [`text`] of text already shared: the same allocation, unless it holds NUL.
fn shared_text(s: &Arc<str>) -> Arc<str> {
    if has_nul(s) { text(s) } else { s.clone() }
}

/// Whether `s` holds a NUL: searched with SIMD, as the query's JSON is some 400 bytes a
/// row (`str::contains` went through it a word at a time).
fn has_nul(s: &str) -> bool {
    memchr::memchr(0, s.as_bytes()).is_some()
}

/// The stored names of sources and languages, made once: a row binds another reference
/// to "web" and "en" instead of a new allocation of each per row.
struct Names {
    sources: Vec<(Source, Arc<str>)>,
    languages: Vec<(Lang, Arc<str>)>,
}

static NAMES: LazyLock<Names> = LazyLock::new(|| Names {
    sources: <Source as strum::VariantArray>::VARIANTS
        .iter()
        .map(|&s| (s, s.as_str().into()))
        .collect(),
    languages: Lang::ALL.iter().map(|&l| (l, l.code().into())).collect(),
});

/// The shared name of `key` in `names` (a handful of entries, looked up in order).
fn name<K: PartialEq>(names: &[(K, Arc<str>)], key: K, fallback: &str) -> Arc<str> {
    names
        .iter()
        .find(|(k, _)| *k == key)
        .map_or_else(|| fallback.into(), |(_, n)| n.clone())
}

/// The batch cut into `STATEMENT_ROWS`-sized runs, largest first.
fn statements(mut batch: &[Pending]) -> impl Iterator<Item = &[Pending]> {
    std::iter::from_fn(move || {
        let size = STATEMENT_ROWS.into_iter().find(|&n| n <= batch.len())?;
        let (head, rest) = batch.split_at(size);
        batch = rest;
        Some(head)
    })
}

/// Columns per row.
const COLUMNS: usize = 17;

/// The INSERT of `rows` rows (one of `STATEMENT_ROWS`) in the placeholders of `db`'s
/// backend (`?` for SQLite, `$n` for Postgres), written once per process: written per
/// commit, as `QueryBuilder` does, formatting the placeholders cost more than binding.
fn insert_sql(db: &Db, rows: usize) -> &'static str {
    static SQL: LazyLock<[[String; STATEMENT_ROWS.len()]; 2]> = LazyLock::new(|| {
        [false, true].map(|numbered| STATEMENT_ROWS.map(|rows| values_sql(rows, numbered)))
    });
    let backend = usize::from(matches!(db, Db::Postgres(_)));
    let size = STATEMENT_ROWS.iter().position(|&n| n == rows).unwrap_or(0);
    &SQL[backend][size]
}

/// `INSERT ... VALUES (?, ...), ...` for `rows` rows; `$1, $2, ...` when `numbered`.
fn values_sql(rows: usize, numbered: bool) -> String {
    let mut sql = format!("{INSERT}VALUES ");
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..COLUMNS {
            if column > 0 {
                sql.push_str(", ");
            }
            if numbered {
                let _ = write!(sql, "${}", row * COLUMNS + column + 1);
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    sql.push_str(ON_CONFLICT);
    sql
}

/// Bind the values of one row, in the order of [`INSERT`]'s columns. A macro, not a
/// function: expanded inside [`on_db!`] it binds into each backend's own argument type,
/// where a generic function would need a bound per column type.
macro_rules! bind_row {
    ($args:expr, $p:expr, $hasher:expr) => {{
        let (args, p, e) = (&mut $args, $p, &$p.entry);
        (|| -> Result<(), sqlx::error::BoxDynError> {
            args.add(p.at_ms)?;
            args.add(name(&NAMES.sources, e.source, e.source.as_str()))?;
            args.add($hasher.place(e.guild_id))?;
            args.add($hasher.place(e.channel_id))?;
            args.add(match &p.user_hash {
                Some(hash) => Some(hash.clone()),
                None => e.user_id.as_deref().map(|u| $hasher.hash(u)),
            })?;
            args.add(e.locale.as_deref().map(text))?;
            args.add(name(&NAMES.languages, e.language, e.language.code()))?;
            args.add(text(&e.question))?;
            args.add(e.query.as_ref().map(shared_text))?;
            args.add(e.model.as_deref().map(text))?;
            args.add(e.precision.as_deref().map(text))?;
            args.add(e.gpu.as_deref().map(text))?;
            args.add(e.total_gib)?;
            args.add(e.understood)?;
            args.add(e.latency_us.min(i64::MAX as u64) as i64)?;
            args.add(e.intent)?;
            args.add(p.key)
        })()
    }};
}

/// Why a batch is not known to be in the database.
#[derive(Debug, thiserror::Error)]
pub(super) enum CommitError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("the commit reported success, but its last row cannot be read back")]
    NotReadBack,
}

/// Commit the batch, then read its last row back on another connection: only then is it
/// in the database. A connection on which any statement or the COMMIT failed is closed,
/// never returned to the pool: after a failed COMMIT, SQLite may have rolled back while
/// sqlx still counts a transaction open, and the next "transaction" on that connection is
/// a savepoint whose release writes nothing (seen as rows acknowledged and never stored
/// after a read-only spell). Retrying is safe: a row already stored is skipped by its key.
pub(super) async fn insert(
    db: &Db,
    hasher: &UserHasher,
    batch: &[Pending],
) -> Result<(), CommitError> {
    use sqlx::{Arguments as _, Connection as _};
    on_db!(db, pool => {
        let mut conn = pool.acquire().await?;
        let written: Result<(), sqlx::Error> = async {
            let mut tx = conn.begin().await?;
            for chunk in statements(batch) {
                let mut args = arguments(pool);
                args.reserve(chunk.len() * COLUMNS, 0);
                for p in chunk {
                    bind_row!(args, p, hasher).map_err(sqlx::Error::Encode)?;
                }
                sqlx::query_with(insert_sql(db, chunk.len()), args)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await
        }
        .await;
        if let Err(err) = written {
            conn.close_on_drop();
            return Err(err.into());
        }
        // Held while reading back, so the read goes through another connection: one stuck
        // in a broken transaction would see its own unwritten rows. A private in-memory
        // database has one connection and no disk to fail.
        let confirmed = match last_key(batch) {
            Some(key) if pool.options().get_max_connections() > 1 => {
                let mut other = pool.acquire().await?;
                let found: i64 =
                    sqlx::query_scalar("SELECT COUNT(*) FROM query_log WHERE row_key = $1")
                        .bind(key)
                        .fetch_one(&mut *other)
                        .await?;
                found > 0
            }
            _ => true,
        };
        if !confirmed {
            // Whatever state this connection is in (a transaction left open by another
            // user of the pool), it did not write: it is not used again.
            conn.close_on_drop();
            return Err(CommitError::NotReadBack);
        }
        Ok(())
    })
}

/// Empty arguments of `pool`'s backend, to bind a statement's values into.
fn arguments<DB: sqlx::Database>(_pool: &sqlx::Pool<DB>) -> DB::Arguments {
    DB::Arguments::default()
}

/// The key of the batch's last keyed row; None when no row has one (rows from a spill
/// file written before keys existed): nothing to read back then.
fn last_key(batch: &[Pending]) -> Option<i64> {
    batch.iter().rev().find_map(|p| p.key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::LogEntry;

    #[test]
    fn a_batch_is_cut_into_the_few_statement_sizes_in_order() {
        let rows: Vec<Pending> = (0..1_000)
            .map(|i| Pending {
                at_ms: i,
                key: Some(i),
                entry: LogEntry::new(Source::Web, Lang::En, "q"),
                user_hash: None,
            })
            .collect();
        let cut: Vec<&[Pending]> = statements(&rows).collect();
        let sizes: Vec<usize> = cut.iter().map(|c| c.len()).collect();
        assert_eq!(sizes, [256, 256, 256, 64, 64, 64, 16, 16, 4, 4]);
        let order: Vec<i64> = cut.iter().flat_map(|c| c.iter().map(|p| p.at_ms)).collect();
        assert_eq!(order, (0..1_000).collect::<Vec<i64>>());
        assert_eq!(statements(&rows[..3]).count(), 3);
        assert_eq!(statements(&[]).count(), 0);
    }

    #[test]
    fn each_statement_size_has_its_sql_with_one_placeholder_per_value() {
        for rows in STATEMENT_ROWS {
            for numbered in [false, true] {
                let sql = values_sql(rows, numbered);
                let marks = if numbered { '$' } else { '?' };
                assert_eq!(sql.matches(marks).count(), rows * COLUMNS, "{sql}");
                assert_eq!(sql.matches('(').count(), rows + 1, "{sql}");
                assert!(sql.ends_with(ON_CONFLICT), "{sql}");
            }
        }
        assert!(values_sql(2, true).ends_with(
            "($18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34) \
             ON CONFLICT DO NOTHING"
        ));
        assert!(values_sql(1, false).ends_with(
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        ));
    }
}
