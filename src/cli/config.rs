//! Configuration: flags, then environment variables, then an optional `vramguide.toml`.
//!
//! clap already reads each option from its flag or its environment variable. The file
//! fills in only the variables that are not set, before clap parses, so the precedence is
//! flag > environment > file with no second copy of every option. Unknown keys are an
//! error: a typo in a config file should not be silently ignored.

use std::path::{Path, PathBuf};

/// Every key the file may hold, and the environment variable it stands for.
pub const KEYS: &[(&str, &str)] = &[
    ("database_url", "DATABASE_URL"),
    ("data_dir", "VRAMGUIDE_DATA_DIR"),
    ("hash_key", "VRAMGUIDE_HASH_KEY"),
    ("retention_days", "VRAMGUIDE_RETENTION_DAYS"),
    ("addr", "VRAMGUIDE_ADDR"),
    ("rate_limit", "VRAMGUIDE_RATE_LIMIT"),
    ("max_connections", "VRAMGUIDE_MAX_CONNECTIONS"),
    ("idle_timeout", "VRAMGUIDE_IDLE_TIMEOUT"),
    ("log_format", "VRAMGUIDE_LOG_FORMAT"),
    ("discord_token", "DISCORD_TOKEN"),
    ("no_bot", "VRAMGUIDE_NO_BOT"),
    ("discord_proxy", "VRAMGUIDE_DISCORD_PROXY"),
    ("guild", "VRAMGUIDE_GUILD"),
    ("shards", "VRAMGUIDE_SHARDS"),
    ("total_shards", "VRAMGUIDE_TOTAL_SHARDS"),
    ("message_content", "VRAMGUIDE_MESSAGE_CONTENT"),
    ("rate_burst", "VRAMGUIDE_RATE_BURST"),
    ("rate_per_minute", "VRAMGUIDE_RATE_PER_MINUTE"),
    ("offline", "VRAMGUIDE_OFFLINE"),
    ("hf_endpoint", "HF_ENDPOINT"),
    ("hub_timeout", "VRAMGUIDE_HUB_TIMEOUT"),
];

/// The text `vramguide --help` ends with: the one place all settings are listed.
pub const HELP: &str = "\
Configuration (highest precedence first): command-line flags, environment variables,
then the file named by --config / VRAMGUIDE_CONFIG (default: ./vramguide.toml if present).
File keys and their environment variables:
  database_url    DATABASE_URL              sqlite://vramguide.db (default) or postgres://...
  data_dir        VRAMGUIDE_DATA_DIR        folder of the generated user-hash key (default: the database's)
  hash_key        VRAMGUIDE_HASH_KEY        key of the user-id hash (secret; never logged)
  retention_days  VRAMGUIDE_RETENTION_DAYS  delete query-log rows older than N days
  addr            VRAMGUIDE_ADDR            guide server address (default 127.0.0.1:8080)
  rate_limit      VRAMGUIDE_RATE_LIMIT      web requests per minute per IP (0 = off)
  max_connections VRAMGUIDE_MAX_CONNECTIONS web connections served at once (256)
  idle_timeout    VRAMGUIDE_IDLE_TIMEOUT    seconds a web connection may wait for a request (10)
  log_format      VRAMGUIDE_LOG_FORMAT      text (default) or json
  discord_token   DISCORD_TOKEN             bot token (secret; the bot runs when it is set)
  no_bot          VRAMGUIDE_NO_BOT          true: the bare command serves the guide only
  discord_proxy   VRAMGUIDE_DISCORD_PROXY   send Discord REST calls through this proxy
  guild           VRAMGUIDE_GUILD           register commands in this guild only
  shards          VRAMGUIDE_SHARDS          shard range to run, e.g. 0-3
  total_shards    VRAMGUIDE_TOTAL_SHARDS    total shards of the bot
  message_content VRAMGUIDE_MESSAGE_CONTENT true: request the privileged intent (/listen)
  rate_burst      VRAMGUIDE_RATE_BURST      bot: questions a user may ask at once (5)
  rate_per_minute VRAMGUIDE_RATE_PER_MINUTE bot: then this many per minute (10)
  offline         VRAMGUIDE_OFFLINE         true: never ask the Hugging Face Hub (also --offline)
  hf_endpoint     HF_ENDPOINT               Hub for org/name models (https://huggingface.co)
  hub_timeout     VRAMGUIDE_HUB_TIMEOUT     seconds a whole Hub look-up may take (5)
                  HF_TOKEN                  Hub token for gated repos (secret; environment only)
Logs go to stderr; RUST_LOG sets the level (e.g. RUST_LOG=vramguide=debug).";

/// A config file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not valid TOML: {source}")]
    Parse {
        path: PathBuf,
        source: toml::de::Error,
    },
    #[error("{path}: unknown setting '{key}' (known: {known})")]
    UnknownKey {
        path: PathBuf,
        key: String,
        known: String,
    },
    #[error("{path}: '{key}' must be a string, number or boolean")]
    BadValue { path: PathBuf, key: String },
}

/// True for a `--config` that names a model's config.json (for `estimate`), not settings.
pub fn is_model_config(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
}

/// The file to read: `--config FILE` / `--config=FILE` on the command line, else
/// VRAMGUIDE_CONFIG, else ./vramguide.toml when it exists.
pub fn path_from(args: &[String]) -> Option<PathBuf> {
    let flag = args.iter().enumerate().find_map(|(i, a)| {
        a.strip_prefix("--config=").map(PathBuf::from).or_else(|| {
            (a == "--config")
                .then(|| args.get(i + 1).map(PathBuf::from))
                .flatten()
        })
    });
    let flag = flag.filter(|p| !is_model_config(p));
    flag.or_else(|| std::env::var_os("VRAMGUIDE_CONFIG").map(PathBuf::from))
        .or_else(|| {
            let default = PathBuf::from("vramguide.toml");
            default.exists().then_some(default)
        })
}

/// Parse the file into (environment variable, value) pairs.
pub fn read(path: &Path) -> Result<Vec<(&'static str, String)>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let table: toml::Table = text.parse().map_err(|source| ConfigError::Parse {
        path: path.to_path_buf(),
        source,
    })?;
    table
        .into_iter()
        .map(|(key, value)| {
            let Some(&(_, env)) = KEYS.iter().find(|(k, _)| *k == key) else {
                return Err(ConfigError::UnknownKey {
                    path: path.to_path_buf(),
                    known: KEYS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", "),
                    key,
                });
            };
            let text = match value {
                toml::Value::String(s) => s,
                toml::Value::Integer(i) => i.to_string(),
                toml::Value::Float(f) => f.to_string(),
                toml::Value::Boolean(b) => b.to_string(),
                _ => {
                    return Err(ConfigError::BadValue {
                        path: path.to_path_buf(),
                        key,
                    });
                }
            };
            Ok((env, text))
        })
        .collect()
}

/// Load the file, if any, into the environment variables that are not already set.
///
/// Must run first thing in `main`, while the process has a single thread: changing the
/// environment is only sound then.
pub fn apply(args: &[String]) -> Result<(), ConfigError> {
    let Some(path) = path_from(args) else {
        return Ok(());
    };
    for (env, value) in read(&path)? {
        if std::env::var_os(env).is_none() {
            // SAFETY: called at the start of main, before any thread (tokio, tracing) exists.
            unsafe { std::env::set_var(env, value) };
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_known_keys_and_rejects_unknown_ones() {
        let dir = std::env::temp_dir().join(format!("vramguide-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.toml");
        std::fs::write(&good, "addr = \"0.0.0.0:9000\"\nrate_limit = 0\n").unwrap();
        let pairs = read(&good).unwrap();
        assert!(pairs.contains(&("VRAMGUIDE_ADDR", "0.0.0.0:9000".to_string())));
        assert!(pairs.contains(&("VRAMGUIDE_RATE_LIMIT", "0".to_string())));
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "adress = \"x\"\n").unwrap();
        assert!(matches!(read(&bad), Err(ConfigError::UnknownKey { .. })));
        let args = vec![
            "vramguide".to_string(),
            "--config".to_string(),
            "x.toml".to_string(),
        ];
        assert_eq!(path_from(&args), Some(PathBuf::from("x.toml")));
    }
}
