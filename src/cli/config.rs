//! Configuration: flags, then environment variables, then an optional `vramguide.toml`.
//!
//! clap reads each option from its flag or its environment variable, and its argument
//! definitions are the one list of settings: the file's keys are the long flag names
//! (`rate-limit` is `rate_limit`), found by walking clap's command tree, and `--help`'s
//! list is generated from the same walk. The file fills in only the variables that are not
//! set, before clap parses, so the precedence is flag > environment > file. Unknown keys
//! are an error: a typo in a config file should not be silently ignored.

use clap::Command;
use std::path::{Path, PathBuf};

/// Settings read only from the environment or the file, never from a flag: a token on
/// the command line would show in `ps`, and the bare command has no flags of its own.
const ENV_ONLY: &[(&str, &str, &str)] = &[
    (
        "discord_token",
        "DISCORD_TOKEN",
        "Bot token (secret; the bot runs when it is set)",
    ),
    (
        "no_bot",
        "VRAMGUIDE_NO_BOT",
        "Set to true: the bare command serves the guide only",
    ),
    (
        "offline",
        "VRAMGUIDE_OFFLINE",
        "Set to true: never ask the Hugging Face Hub (also --offline)",
    ),
    (
        "hf_endpoint",
        "HF_ENDPOINT",
        "The Hub asked about org/name models (default https://huggingface.co)",
    ),
    (
        "hub_timeout",
        "VRAMGUIDE_HUB_TIMEOUT",
        "Seconds a whole Hub look-up may take (default 5)",
    ),
    (
        "hub_web_per_minute",
        "VRAMGUIDE_HUB_WEB_PER_MINUTE",
        "Hub look-ups a minute started by all web visitors together (default 60)",
    ),
    (
        "hub_client_per_minute",
        "VRAMGUIDE_HUB_CLIENT_PER_MINUTE",
        "Hub look-ups a minute for one web address (IPv6: its /64) or Discord user (default 6)",
    ),
    (
        "hub_redirect_hosts",
        "VRAMGUIDE_HUB_REDIRECT_HOSTS",
        "Comma-separated CDN hosts Hub redirects may reach (.example.com: any subdomain; default the Hub's)",
    ),
    (
        "hub_cache_rows",
        "VRAMGUIDE_HUB_CACHE_ROWS",
        "Rows the Hub cache keeps before the oldest go (default 100000)",
    ),
];

/// One setting the file may hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// The file key: the long flag with `_` for `-`.
    pub key: String,
    /// The environment variable clap reads.
    pub env: String,
    pub help: String,
}

/// Every setting: each argument of `cmd` or its subcommands that clap also reads from an
/// environment variable, then the environment-only ones. The config file names itself.
pub fn settings(cmd: &Command) -> Vec<Setting> {
    let mut out: Vec<Setting> = Vec::new();
    collect(cmd, &mut out);
    for (key, env, help) in ENV_ONLY {
        out.push(Setting {
            key: key.to_string(),
            env: env.to_string(),
            help: help.to_string(),
        });
    }
    out
}

fn collect(cmd: &Command, out: &mut Vec<Setting>) {
    for arg in cmd.get_arguments() {
        let (Some(env), Some(long)) = (arg.get_env(), arg.get_long()) else {
            continue;
        };
        let env = env.to_string_lossy().into_owned();
        if env == "VRAMGUIDE_SETTINGS" || out.iter().any(|s| s.env == env) {
            continue;
        }
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        out.push(Setting {
            key: long.replace('-', "_"),
            env,
            help: help.trim_end_matches('.').to_string(),
        });
    }
    for sub in cmd.get_subcommands() {
        collect(sub, out);
    }
}

/// The text `vramguide --help` ends with: the settings, generated from [`settings`].
pub fn help(cmd: &Command) -> String {
    let settings = settings(cmd);
    let key_width = settings.iter().map(|s| s.key.len()).max().unwrap_or(0);
    let env_width = settings.iter().map(|s| s.env.len()).max().unwrap_or(0);
    let mut out = String::from(
        "Configuration (highest precedence first): command-line flags, environment variables,\n\
         then the file named by --settings / VRAMGUIDE_SETTINGS (or VRAMGUIDE_CONFIG; default: ./vramguide.toml if present).\n\
         File keys, their environment variables (each key is also a flag: database_url is\n\
         --database-url):\n",
    );
    for s in &settings {
        out.push_str(&format!(
            "  {:key_width$} {:env_width$} {}\n",
            s.key, s.env, s.help
        ));
    }
    out.push_str("Logs go to stderr; RUST_LOG sets the level (e.g. RUST_LOG=vramguide=debug).");
    out
}

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

/// The file to read: `--settings FILE` / `--settings=FILE` on the command line, else
/// VRAMGUIDE_SETTINGS, else the older VRAMGUIDE_CONFIG, else ./vramguide.toml when it
/// exists. `--config` belongs to `estimate` (a model's config.json).
pub fn path_from(args: &[String]) -> Option<PathBuf> {
    let flag = args.iter().enumerate().find_map(|(i, a)| {
        a.strip_prefix("--settings=")
            .map(PathBuf::from)
            .or_else(|| {
                (a == "--settings")
                    .then(|| args.get(i + 1).map(PathBuf::from))
                    .flatten()
            })
    });
    flag.or_else(|| std::env::var_os("VRAMGUIDE_SETTINGS").map(PathBuf::from))
        .or_else(|| std::env::var_os("VRAMGUIDE_CONFIG").map(PathBuf::from))
        .or_else(|| {
            let default = PathBuf::from("vramguide.toml");
            default.exists().then_some(default)
        })
}

/// Parse the file into (environment variable, value) pairs.
pub fn read(path: &Path, settings: &[Setting]) -> Result<Vec<(String, String)>, ConfigError> {
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
            let Some(env) = settings
                .iter()
                .find(|s| s.key == key)
                .map(|s| s.env.clone())
            else {
                return Err(ConfigError::UnknownKey {
                    path: path.to_path_buf(),
                    known: settings
                        .iter()
                        .map(|s| s.key.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
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
pub fn apply(args: &[String], cmd: &Command) -> Result<(), ConfigError> {
    let Some(path) = path_from(args) else {
        return Ok(());
    };
    for (env, value) in read(&path, &settings(cmd))? {
        if std::env::var_os(&env).is_none() {
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
        let settings = settings(&<super::super::Cli as clap::CommandFactory>::command());
        let pairs = read(&good, &settings).unwrap();
        let pair = |env: &str, v: &str| (env.to_string(), v.to_string());
        assert!(pairs.contains(&pair("VRAMGUIDE_ADDR", "0.0.0.0:9000")));
        assert!(pairs.contains(&pair("VRAMGUIDE_RATE_LIMIT", "0")));
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "adress = \"x\"\n").unwrap();
        assert!(matches!(
            read(&bad, &settings),
            Err(ConfigError::UnknownKey { .. })
        ));
        let args = |flag: &str| vec!["vramguide".to_string(), flag.to_string(), "x.toml".into()];
        assert_eq!(
            path_from(&args("--settings")),
            Some(PathBuf::from("x.toml"))
        );
        // `--config` is a model's config.json (estimate), never the settings file.
        assert_ne!(path_from(&args("--config")), Some(PathBuf::from("x.toml")));
    }

    /// The keys the README and earlier releases document are all still read.
    #[test]
    fn every_documented_key_comes_from_clap_or_the_env_only_list() {
        let settings = settings(&<super::super::Cli as clap::CommandFactory>::command());
        let keys: Vec<&str> = settings.iter().map(|s| s.key.as_str()).collect();
        for key in [
            "database_url",
            "data_dir",
            "hash_key",
            "retention_days",
            "addr",
            "rate_limit",
            "max_connections",
            "idle_timeout",
            "log_format",
            "discord_token",
            "no_bot",
            "discord_proxy",
            "guild",
            "shards",
            "total_shards",
            "message_content",
            "rate_burst",
            "rate_per_minute",
        ] {
            assert!(keys.contains(&key), "{key} missing from {keys:?}");
        }
        let envs: Vec<&str> = settings.iter().map(|s| s.env.as_str()).collect();
        assert!(envs.contains(&"VRAMGUIDE_RATE_PER_MINUTE") && !keys.contains(&"settings"));
        let help = help(&<super::super::Cli as clap::CommandFactory>::command());
        assert!(
            help.contains("rate_limit") && help.contains("DISCORD_TOKEN"),
            "{help}"
        );
    }
}
