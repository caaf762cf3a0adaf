//! The layers' order and the errors a bad file gives.

use super::*;
use std::collections::HashMap;

/// A settings file in a fresh folder.
fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vramguide-settings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// An environment made of `pairs` alone.
fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |name| map.get(name).cloned()
}

/// Flags as the command line's clap structs serialize them: keys, `None` when not given.
#[derive(Serialize, Default)]
struct Flags {
    addr: Option<String>,
    rate_limit: Option<u32>,
    offline: bool,
}

fn load(file: Option<&Path>, pairs: &[(&str, &str)], flags: &Flags) -> Settings {
    Loader::new(file, &env(pairs))
        .unwrap()
        .flags(flags)
        .load()
        .unwrap()
}

#[test]
fn a_flag_beats_the_environment_which_beats_the_file() {
    let path = file(
        "layers.toml",
        "addr = \"127.0.0.1:1001\"\nrate_limit = 1\nhub_timeout = 2.5\n",
    );
    let env_pairs = [
        ("VRAMGUIDE_ADDR", "127.0.0.1:1002"),
        ("VRAMGUIDE_RATE_LIMIT", "2"),
    ];
    let flags = Flags {
        addr: Some("127.0.0.1:1003".into()),
        rate_limit: Some(3),
        offline: false,
    };
    let port = |s: &Settings| s.addr.port();

    let from_file = load(Some(&path), &[], &Flags::default());
    assert_eq!((port(&from_file), from_file.rate_limit), (1001, 1));
    assert_eq!(from_file.hub_timeout, Some(2.5));

    let from_env = load(Some(&path), &env_pairs, &Flags::default());
    assert_eq!((port(&from_env), from_env.rate_limit), (1002, 2));
    assert_eq!(
        from_env.hub_timeout,
        Some(2.5),
        "what the environment lacks"
    );

    let from_flags = load(Some(&path), &env_pairs, &flags);
    assert_eq!((port(&from_flags), from_flags.rate_limit), (1003, 3));

    let defaults = load(None, &[], &Flags::default());
    assert_eq!((port(&defaults), defaults.rate_limit), (8080, 120));
}

#[test]
fn a_switch_not_given_leaves_the_environment_alone() {
    let on = load(None, &[("VRAMGUIDE_OFFLINE", "1")], &Flags::default());
    assert!(on.offline && on.hub().offline);
    let flag = Flags {
        offline: true,
        ..Flags::default()
    };
    assert!(load(None, &[("VRAMGUIDE_OFFLINE", "no")], &flag).offline);
    assert!(!load(None, &[("VRAMGUIDE_OFFLINE", "")], &Flags::default()).offline);
}

#[test]
fn every_variable_is_read_under_its_documented_name() {
    let settings = load(
        None,
        &[
            ("DATABASE_URL", "sqlite://x.db"),
            ("DISCORD_TOKEN", "t0ken"),
            ("HF_ENDPOINT", "http://127.0.0.1:9"),
            ("HF_TOKEN", "hf_x"),
            ("VRAMGUIDE_HASH_KEY", "12345"),
            ("VRAMGUIDE_METRICS", "127.0.0.1:9100"),
            ("VRAMGUIDE_HUB_REDIRECT_HOSTS", "a.example, .b.example"),
            ("VRAMGUIDE_SHARDS", "0-3"),
            ("VRAMGUIDE_TOTAL_SHARDS", "8"),
            ("VRAMGUIDE_NO_BOT", "true"),
        ],
        &Flags::default(),
    );
    assert_eq!(settings.database_url.as_deref(), Some("sqlite://x.db"));
    assert_eq!(
        settings.hash_key,
        Some(Secret::new("12345")),
        "digits stay text"
    );
    assert_eq!(
        settings.metrics,
        Metrics::At("127.0.0.1:9100".parse().unwrap())
    );
    assert!(!settings.runs_bot(), "no_bot wins over the token");
    let hub = settings.hub();
    assert_eq!(hub.endpoint.as_deref(), Some("http://127.0.0.1:9"));
    assert_eq!(hub.token, Some(Secret::new("hf_x")));
    assert_eq!(
        hub.redirect_hosts,
        Some(vec!["a.example".to_string(), ".b.example".to_string()])
    );
    assert!(
        !format!("{settings:?}").contains("t0ken"),
        "secrets stay hidden"
    );
}

#[test]
fn a_bad_file_says_what_is_wrong_and_where() {
    let err = |text: &str| {
        let path = file("bad.toml", text);
        let result = Loader::new(Some(&path), &env(&[])).and_then(|l| l.load());
        result.unwrap_err().to_string()
    };
    let unknown = err("adress = \"0.0.0.0:80\"\n");
    assert!(unknown.contains("unknown setting 'adress'"), "{unknown}");
    assert!(unknown.contains("bad.toml"), "{unknown}");
    let syntax = err("addr = \n");
    assert!(syntax.contains("not valid TOML"), "{syntax}");
    let typed = err("rate_limit = \"lots\"\n");
    assert!(typed.contains("rate_limit"), "{typed}");
    assert!(typed.contains("bad.toml"), "names the file: {typed}");
    let list = err("addr = [1]\n");
    assert!(
        list.contains("must be a string, number or boolean"),
        "{list}"
    );
    let secret = err("hf_token = \"x\"\n");
    assert!(
        secret.contains("unknown setting 'hf_token'"),
        "environment only: {secret}"
    );
    let range = err("idle_timeout = 0\n");
    assert!(range.contains("idle_timeout"), "{range}");
    let pair = err("shards = \"0-1\"\n");
    assert!(pair.contains("total_shards"), "{pair}");
    let missing = Loader::new(Some(Path::new("/nonexistent/v.toml")), &env(&[]));
    assert!(missing.err().unwrap().to_string().contains("cannot read"));
}

#[test]
fn a_bad_variable_names_itself() {
    let result =
        Loader::new(None, &env(&[("VRAMGUIDE_RATE_LIMIT", "lots")])).and_then(|l| l.load());
    let text = result.unwrap_err().to_string();
    assert!(
        text.contains("rate_limit") && text.contains("environment"),
        "{text}"
    );
}

#[test]
fn the_settings_file_is_named_by_flag_then_variable_then_the_old_variable() {
    let both = env(&[
        ("VRAMGUIDE_SETTINGS", "new.toml"),
        ("VRAMGUIDE_CONFIG", "old.toml"),
    ]);
    let old = env(&[("VRAMGUIDE_CONFIG", "old.toml")]);
    let flag = Path::new("flag.toml");
    assert_eq!(
        file_path(Some(flag), &both),
        Some(PathBuf::from("flag.toml"))
    );
    assert_eq!(file_path(None, &both), Some(PathBuf::from("new.toml")));
    assert_eq!(file_path(None, &old), Some(PathBuf::from("old.toml")));
}

/// Each key of [`KEYS`] is a field of [`Settings`], so a file may set every one of them.
#[test]
fn every_key_is_a_field() {
    for k in KEYS {
        let value = match k.key {
            "log_format" => "json",
            "addr" => "127.0.0.1:1",
            "metrics" => "off",
            "public_url" => "https://vram.example.org",
            "stats_token" => "a-team-token-of-some-length",
            "shards" | "total_shards" => continue,
            "data_dir" | "database_url" | "hash_key" | "log_spill" | "discord_token"
            | "discord_proxy" | "hf_endpoint" | "hub_redirect_hosts" => "text",
            "no_bot" | "message_content" | "no_store" | "offline" | "hash_places" => "true",
            _ => "7",
        };
        let result = Loader::new(None, &env(&[(k.env, value)])).and_then(|l| l.load());
        assert!(result.is_ok(), "{}: {:?}", k.key, result.err());
    }
}

/// The public URL is written into every answer page: only a plain http(s) address passes.
#[test]
fn a_public_url_is_a_plain_http_address() {
    let load =
        |v: &str| Loader::new(None, &env(&[("VRAMGUIDE_PUBLIC_URL", v)])).and_then(|l| l.load());
    for good in ["https://vram.example.org", "http://127.0.0.1:8080/guide/"] {
        assert_eq!(load(good).unwrap().public_url.as_deref(), Some(good));
    }
    for bad in [
        "javascript:alert(1)",
        "https://a\"><script>",
        "https://",
        "vram.example.org",
    ] {
        assert!(load(bad).is_err(), "{bad}");
    }
}
