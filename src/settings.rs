//! Settings: command-line flags over environment variables over the settings file, merged
//! by figment into one typed [`Settings`] that `main` hands down as a value (to the store,
//! the web server, the bot and the Hub client). Nothing writes to the process environment.
//!
//! [`KEYS`] is the one list of settings: each file key, its environment variable and what it
//! means. `--help` prints it, the loader reads the environment through it, and a file key it
//! lacks is refused. Every source is text (as the environment is), read once into the typed
//! struct, so `rate_limit = 0`, `rate_limit = "0"` and `VRAMGUIDE_RATE_LIMIT=0` mean the same.
//! This module imports nothing of the crate: the parts it feeds name their own defaults.

use figment::value::{Dict, Map, Value};
use figment::{Figment, Metadata, Profile, Provider};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// One setting: its key in the settings file, its environment variable, what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// The file key; its flag, where it has one, is the same with `-` for `_`.
    pub key: &'static str,
    pub env: &'static str,
    pub help: &'static str,
}

const fn key(key: &'static str, env: &'static str, help: &'static str) -> Key {
    Key { key, env, help }
}

/// Every setting the file and the environment may hold, in `--help`'s order.
pub const KEYS: &[Key] = &[
    key(
        "log_format",
        "VRAMGUIDE_LOG_FORMAT",
        "Log format on stderr: text or json",
    ),
    key(
        "database_url",
        "DATABASE_URL",
        "Query log database: sqlite://FILE (created if missing) or postgres://... Default: vramguide.db in the user's data folder (~/.local/share/vramguide on Linux)",
    ),
    key(
        "data_dir",
        "VRAMGUIDE_DATA_DIR",
        "Folder of the generated user-hash key (default: the SQLite database's folder)",
    ),
    key(
        "hash_key",
        "VRAMGUIDE_HASH_KEY",
        "Key of the user-id hash (secret; default: generated into the data folder on first start)",
    ),
    key(
        "hash_places",
        "VRAMGUIDE_HASH_PLACES",
        "Set to true: the query log stores guild and channel ids as keyed hashes too",
    ),
    key(
        "retention_days",
        "VRAMGUIDE_RETENTION_DAYS",
        "Delete query-log rows older than this many days (checked daily)",
    ),
    key(
        "log_queue",
        "VRAMGUIDE_LOG_QUEUE",
        "Query-log rows kept in memory while the database refuses writes (default 50000)",
    ),
    key(
        "log_spill",
        "VRAMGUIDE_LOG_SPILL",
        "Where rows past the queue wait: beside (the database), off (dropped, counted), or a file",
    ),
    key(
        "log_spill_max_mb",
        "VRAMGUIDE_LOG_SPILL_MAX_MB",
        "Largest size of the spill file in MiB (default 1024); rows past it are dropped and counted",
    ),
    key(
        "addr",
        "VRAMGUIDE_ADDR",
        "Address the guide server listens on (default 127.0.0.1:8080)",
    ),
    key(
        "rate_limit",
        "VRAMGUIDE_RATE_LIMIT",
        "Web requests per minute per IP address (default 120); 0 turns the limit off",
    ),
    key(
        "max_connections",
        "VRAMGUIDE_MAX_CONNECTIONS",
        "Web connections served at once (default 256); more wait until one closes",
    ),
    key(
        "idle_timeout",
        "VRAMGUIDE_IDLE_TIMEOUT",
        "Seconds a web connection may wait for (or take to send) a request head (1-3600, default 10)",
    ),
    key(
        "max_connections_per_ip",
        "VRAMGUIDE_MAX_CONNECTIONS_PER_IP",
        "Web connections one address (an IPv6 /64) may hold (default 32); 0 turns the cap off",
    ),
    key(
        "metrics",
        "VRAMGUIDE_METRICS",
        "Where /metrics is answered: on (default), off, or an address of its own (127.0.0.1:9100)",
    ),
    key(
        "public_url",
        "VRAMGUIDE_PUBLIC_URL",
        "The guide's public address (https://vram.example.org) for absolute link-preview URLs; default: relative URLs",
    ),
    key(
        "stats_token",
        "VRAMGUIDE_STATS_TOKEN",
        "Turns on the team's /stats page, behind this token (secret, 16 characters or more); off when unset",
    ),
    key(
        "discord_token",
        "DISCORD_TOKEN",
        "Bot token (secret; the bot runs when it is set)",
    ),
    key(
        "no_bot",
        "VRAMGUIDE_NO_BOT",
        "Set to true: the bare command serves the guide only",
    ),
    key(
        "discord_proxy",
        "VRAMGUIDE_DISCORD_PROXY",
        "Send Discord REST calls to this proxy (e.g. twilight-http-proxy) instead of discord.com",
    ),
    key(
        "guild",
        "VRAMGUIDE_GUILD",
        "Register the commands in this guild only (instant; for testing) instead of globally",
    ),
    key(
        "shards",
        "VRAMGUIDE_SHARDS",
        "Run only these shards, e.g. 0-3 (needs total_shards); default: autoshard",
    ),
    key(
        "total_shards",
        "VRAMGUIDE_TOTAL_SHARDS",
        "The bot's total shard count, shared by every process (needs shards)",
    ),
    key(
        "message_content",
        "VRAMGUIDE_MESSAGE_CONTENT",
        "Request the privileged Message Content intent (needed for /listen channels)",
    ),
    key(
        "rate_burst",
        "VRAMGUIDE_RATE_BURST",
        "Questions one Discord user may ask at once before the steady rate applies (default 5)",
    ),
    key(
        "rate_per_minute",
        "VRAMGUIDE_RATE_PER_MINUTE",
        "Steady questions per minute per Discord user (default 10)",
    ),
    key(
        "no_store",
        "VRAMGUIDE_NO_STORE",
        "The bot keeps preferences and the query log in memory, lost at exit",
    ),
    key(
        "offline",
        "VRAMGUIDE_OFFLINE",
        "Set to true: never ask the Hugging Face Hub (also --offline)",
    ),
    key(
        "hf_endpoint",
        "HF_ENDPOINT",
        "The Hub asked about org/name models (default https://huggingface.co)",
    ),
    key(
        "hub_timeout",
        "VRAMGUIDE_HUB_TIMEOUT",
        "Seconds a whole Hub look-up may take (default 5)",
    ),
    key(
        "hub_web_per_minute",
        "VRAMGUIDE_HUB_WEB_PER_MINUTE",
        "Hub look-ups a minute started by all web visitors together (default 60)",
    ),
    key(
        "hub_client_per_minute",
        "VRAMGUIDE_HUB_CLIENT_PER_MINUTE",
        "Hub look-ups a minute for one web address (IPv6: its /64) or Discord user (default 6)",
    ),
    key(
        "hub_in_flight",
        "VRAMGUIDE_HUB_IN_FLIGHT",
        "Hub look-ups the process runs at once, whoever asked; more wait within their time (default 8)",
    ),
    key(
        "hub_buffer_mb",
        "VRAMGUIDE_HUB_BUFFER_MB",
        "MiB the running Hub look-ups may read, all together; past it a look-up answers busy (default 256)",
    ),
    key(
        "hub_redirect_hosts",
        "VRAMGUIDE_HUB_REDIRECT_HOSTS",
        "Comma-separated CDN hosts Hub redirects may reach (.example.com: any subdomain; default the Hub's)",
    ),
    key(
        "hub_cache_rows",
        "VRAMGUIDE_HUB_CACHE_ROWS",
        "Rows the Hub cache keeps before the oldest go (default 100000)",
    ),
];

/// Read from the environment only, never from the file: a token for gated Hub repos.
pub const ENV_ONLY: &[Key] = &[key(
    "hf_token",
    "HF_TOKEN",
    "Hub token for gated repos (secret; environment only)",
)];

/// The shortest `stats_token` accepted: the page lists what a team asked, and a short
/// token could be guessed.
pub const MIN_STATS_TOKEN_CHARS: usize = 16;

/// The settings file's own variable, and the older name it is still read under.
pub const SETTINGS_ENV: &str = "VRAMGUIDE_SETTINGS";
pub const SETTINGS_ENV_ALIAS: &str = "VRAMGUIDE_CONFIG";
/// The file read when none is named, if it exists.
pub const DEFAULT_FILE: &str = "vramguide.toml";

/// A secret (a token, a key): kept whole, but never shown by `Debug`.
#[derive(Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// The log format on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

/// Where `/metrics` is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Metrics {
    /// On the site itself.
    #[default]
    On,
    Off,
    /// On an address of its own, which alone answers it.
    At(SocketAddr),
}

impl std::str::FromStr for Metrics {
    type Err = String;

    fn from_str(text: &str) -> Result<Metrics, String> {
        match text.trim() {
            "on" | "true" => Ok(Metrics::On),
            "off" | "false" => Ok(Metrics::Off),
            addr => addr
                .parse()
                .map(Metrics::At)
                .map_err(|_| format!("'{addr}' is not on, off or an address like 127.0.0.1:9100")),
        }
    }
}

impl<'de> Deserialize<'de> for Metrics {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Metrics, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Everything the process was told, typed. A field left `None` takes the default of the
/// part it configures (the Hub's budgets, the store's data folder).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    pub log_format: LogFormat,
    // The query log.
    pub database_url: Option<String>,
    pub data_dir: Option<PathBuf>,
    pub hash_key: Option<Secret>,
    pub hash_places: bool,
    pub retention_days: Option<u32>,
    pub log_queue: usize,
    pub log_spill: String,
    pub log_spill_max_mb: u64,
    // The guide server.
    pub addr: SocketAddr,
    pub rate_limit: u32,
    pub max_connections: usize,
    pub idle_timeout: u64,
    pub max_connections_per_ip: usize,
    pub metrics: Metrics,
    pub public_url: Option<String>,
    /// `/stats` answers only when this is set, and only to whoever brings it.
    pub stats_token: Option<Secret>,
    // The bot.
    pub discord_token: Option<Secret>,
    pub no_bot: bool,
    pub discord_proxy: Option<String>,
    pub guild: Option<u64>,
    pub shards: Option<String>,
    pub total_shards: Option<u32>,
    pub message_content: bool,
    pub rate_burst: u32,
    pub rate_per_minute: u32,
    pub no_store: bool,
    // The Hub.
    pub offline: bool,
    pub hf_endpoint: Option<String>,
    pub hf_token: Option<Secret>,
    pub hub_timeout: Option<f64>,
    pub hub_web_per_minute: Option<u32>,
    pub hub_client_per_minute: Option<u32>,
    pub hub_in_flight: Option<u32>,
    pub hub_buffer_mb: Option<u64>,
    pub hub_redirect_hosts: Option<String>,
    pub hub_cache_rows: Option<u64>,
}

impl Default for Settings {
    /// What an empty environment and no file give.
    fn default() -> Settings {
        Settings {
            log_format: LogFormat::Text,
            database_url: None,
            data_dir: None,
            hash_key: None,
            hash_places: false,
            retention_days: None,
            log_queue: 50_000,
            log_spill: "beside".to_string(),
            log_spill_max_mb: 1024,
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            rate_limit: 120,
            max_connections: 256,
            idle_timeout: 10,
            max_connections_per_ip: 32,
            metrics: Metrics::On,
            public_url: None,
            stats_token: None,
            discord_token: None,
            no_bot: false,
            discord_proxy: None,
            guild: None,
            shards: None,
            total_shards: None,
            message_content: false,
            rate_burst: 5,
            rate_per_minute: 10,
            no_store: false,
            offline: false,
            hf_endpoint: None,
            hf_token: None,
            hub_timeout: None,
            hub_web_per_minute: None,
            hub_client_per_minute: None,
            hub_in_flight: None,
            hub_buffer_mb: None,
            hub_redirect_hosts: None,
            hub_cache_rows: None,
        }
    }
}

/// What the Hub client is told: its part of [`Settings`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HubSettings {
    /// Never ask the Hub.
    pub offline: bool,
    pub endpoint: Option<String>,
    pub token: Option<Secret>,
    /// Seconds a whole look-up may take.
    pub timeout_s: Option<f64>,
    pub web_per_minute: Option<u32>,
    pub client_per_minute: Option<u32>,
    /// Look-ups at once, and the MiB they may read together.
    pub in_flight: Option<u32>,
    pub buffer_mb: Option<u64>,
    /// CDN hosts redirects may reach; None: the Hub's own.
    pub redirect_hosts: Option<Vec<String>>,
    pub cache_rows: Option<u64>,
}

impl Settings {
    /// The Hub client's part.
    pub fn hub(&self) -> HubSettings {
        HubSettings {
            offline: self.offline,
            endpoint: self.hf_endpoint.clone(),
            token: self.hf_token.clone(),
            timeout_s: self.hub_timeout,
            web_per_minute: self.hub_web_per_minute,
            client_per_minute: self.hub_client_per_minute,
            in_flight: self.hub_in_flight,
            buffer_mb: self.hub_buffer_mb,
            redirect_hosts: self
                .hub_redirect_hosts
                .as_deref()
                .map(|list| list.split(',').map(|h| h.trim().to_string()).collect()),
            cache_rows: self.hub_cache_rows,
        }
    }

    /// Whether the bare command runs the bot beside the guide server: a token is set and
    /// `no_bot` (a web-only process beside separate bot processes) is not.
    pub fn runs_bot(&self) -> bool {
        !self.no_bot
            && self
                .discord_token
                .as_ref()
                .is_some_and(|t| !t.expose().trim().is_empty())
    }

    /// Checks serde cannot express: ranges and settings that need each other.
    fn check(self) -> Result<Settings, SettingsError> {
        if !(1..=3600).contains(&self.idle_timeout) {
            return Err(SettingsError::Invalid(format!(
                "idle_timeout must be from 1 to 3600 seconds, not {}",
                self.idle_timeout
            )));
        }
        if let Some(url) = &self.public_url
            && !public_url_is_plain(url)
        {
            return Err(SettingsError::Invalid(format!(
                "public_url must be http:// or https:// and a host, with no query or fragment, not {url:?}"
            )));
        }
        if let Some(token) = &self.stats_token
            && token.expose().trim().chars().count() < MIN_STATS_TOKEN_CHARS
        {
            return Err(SettingsError::Invalid(format!(
                "stats_token must be at least {MIN_STATS_TOKEN_CHARS} characters long"
            )));
        }
        if self.shards.is_some() != self.total_shards.is_some() {
            return Err(SettingsError::Invalid(
                "shards and total_shards go together: set both or neither".to_string(),
            ));
        }
        Ok(self)
    }
}

/// `http(s)://host[:port][/path]` of URL characters, nothing a page could not hold in an
/// attribute: the public URL is written into every answer page.
fn public_url_is_plain(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return false;
    };
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/[]%".contains(c);
    !rest.is_empty() && !rest.starts_with('/') && rest.len() <= 200 && rest.chars().all(allowed)
}

/// Settings that could not be used; the command line says so and exits 2.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
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
    /// A value of the wrong type or out of range; figment's message names the key and
    /// where the value came from.
    #[error("{0}")]
    Invalid(String),
}

/// The settings file to read: the `--settings` flag, else VRAMGUIDE_SETTINGS, else the older
/// VRAMGUIDE_CONFIG, else ./vramguide.toml when it exists.
pub fn file_path(flag: Option<&Path>, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let named = |name: &str| env(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    flag.map(Path::to_path_buf)
        .or_else(|| named(SETTINGS_ENV))
        .or_else(|| named(SETTINGS_ENV_ALIAS))
        .or_else(|| {
            let default = PathBuf::from(DEFAULT_FILE);
            default.exists().then_some(default)
        })
}

/// The environment's layer, as errors name it.
const ENV_LAYER: &str = "the environment";

/// One layer of text values under their keys, named for figment's error messages.
struct Layer {
    name: String,
    values: Dict,
}

impl Provider for Layer {
    fn metadata(&self) -> Metadata {
        Metadata::named(self.name.clone())
    }

    fn data(&self) -> Result<Map<Profile, Dict>, figment::Error> {
        Ok(Profile::Default.collect(self.values.clone()))
    }
}

/// The layers, lowest first: the file, the environment, then each set of flags.
pub struct Loader {
    figment: Figment,
}

impl Loader {
    /// The file (if any) under the environment, read through `env` (the process's own
    /// in `main`, a table in tests). An empty variable counts as unset, as
    /// `DISCORD_TOKEN=${DISCORD_TOKEN:-}` in a compose file means.
    pub fn new(
        file: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Loader, SettingsError> {
        let mut figment = Figment::new();
        if let Some(path) = file {
            figment = figment.merge(file_layer(path)?);
        }
        let values: Dict = KEYS
            .iter()
            .chain(ENV_ONLY)
            .filter_map(|k| {
                let value = env(k.env).filter(|v| !v.is_empty())?;
                Some((k.key.to_string(), Value::from(value)))
            })
            .collect();
        let name = ENV_LAYER.to_string();
        Ok(Loader {
            figment: figment.merge(Layer { name, values }),
        })
    }

    /// Flags on top: the fields of `flags` (a clap struct whose field names are keys) that
    /// were given. `None` and an unset switch (`false`) are not given: they leave the
    /// environment's and the file's values in place.
    pub fn flags(self, flags: &impl Serialize) -> Loader {
        let values: Dict = match Value::serialize(flags) {
            Ok(Value::Dict(_, dict)) => dict
                .into_iter()
                .filter_map(|(k, v)| Some((k, Value::from(flag_text(&v)?))))
                .collect(),
            _ => Dict::new(),
        };
        let name = "the command line".to_string();
        Loader {
            figment: self.figment.merge(Layer { name, values }),
        }
    }

    /// The typed settings.
    pub fn load(self) -> Result<Settings, SettingsError> {
        self.figment
            .extract_lossy::<Settings>()
            .map_err(invalid)?
            .check()
    }
}

/// figment's error said the way a person reads it: the key (and its variable, when it came
/// from the environment), where the value came from, and what is wrong with it.
fn invalid(error: figment::Error) -> SettingsError {
    let key = error.path.join(".");
    let from = error
        .metadata
        .as_ref()
        .map_or_else(|| "the settings".to_string(), |m| m.name.to_string());
    let var = KEYS.iter().chain(ENV_ONLY).find(|k| k.key == key);
    let name = match var {
        Some(k) if from == ENV_LAYER => format!("{} ({})", k.key, k.env),
        _ => key,
    };
    SettingsError::Invalid(format!("{from}: {name}: {}", error.kind))
}

/// The file as a layer of text values; a key [`KEYS`] lacks, or a table or list, is an
/// error that names the file.
fn file_layer(path: &Path) -> Result<Layer, SettingsError> {
    let text = std::fs::read_to_string(path).map_err(|source| SettingsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let table: toml::Table = text.parse().map_err(|source| SettingsError::Parse {
        path: path.to_path_buf(),
        source,
    })?;
    let mut values = Dict::new();
    for (key, value) in table {
        if !KEYS.iter().any(|k| k.key == key) {
            let known: Vec<&str> = KEYS.iter().map(|k| k.key).collect();
            return Err(SettingsError::UnknownKey {
                path: path.to_path_buf(),
                key,
                known: known.join(", "),
            });
        }
        let text = match value {
            toml::Value::String(s) => s,
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::Float(f) => f.to_string(),
            toml::Value::Boolean(b) => b.to_string(),
            _ => {
                return Err(SettingsError::BadValue {
                    path: path.to_path_buf(),
                    key,
                });
            }
        };
        if !text.is_empty() {
            values.insert(key, Value::from(text));
        }
    }
    let name = format!("the settings file {}", path.display());
    Ok(Layer { name, values })
}

/// A given flag as the text it was typed as; None for a flag not given.
fn flag_text(value: &Value) -> Option<String> {
    match value {
        Value::String(_, s) => Some(s.clone()),
        Value::Bool(_, b) => b.then(|| "true".to_string()),
        Value::Num(..) => value
            .to_u128()
            .map(|n| n.to_string())
            .or_else(|| value.to_i128().map(|n| n.to_string()))
            .or_else(|| value.to_f64().map(|n| n.to_string())),
        Value::Char(_, c) => Some(c.to_string()),
        _ => None,
    }
}

/// The settings list `--help` ends with.
pub fn help() -> String {
    let all = || KEYS.iter().chain(ENV_ONLY);
    let key_width = all().map(|k| k.key.len()).max().unwrap_or(0);
    let env_width = all().map(|k| k.env.len()).max().unwrap_or(0);
    let mut out = String::from(
        "Configuration (highest precedence first): command-line flags, environment variables,\n\
         then the file named by --settings / VRAMGUIDE_SETTINGS (or VRAMGUIDE_CONFIG; default: ./vramguide.toml if present).\n\
         File keys, their environment variables (a key with a flag has it with - for _:\n\
         database_url is --database-url):\n",
    );
    for k in KEYS {
        out.push_str(&format!(
            "  {:key_width$} {:env_width$} {}\n",
            k.key, k.env, k.help
        ));
    }
    for k in ENV_ONLY {
        out.push_str(&format!(
            "  {:key_width$} {:env_width$} {}\n",
            "-", k.env, k.help
        ));
    }
    out.push_str("Logs go to stderr; RUST_LOG sets the level (e.g. RUST_LOG=vramguide=debug).");
    out
}

#[cfg(test)]
mod tests;
