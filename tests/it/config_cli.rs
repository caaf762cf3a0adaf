//! Configuration precedence through the real binary: flag > environment > vramguide.toml,
//! and a config file with an unknown key is refused with a clear message.

use std::path::PathBuf;
use std::process::Command;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vramguide-cfg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn vramguide(dir: &PathBuf) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vramguide"));
    cmd.current_dir(dir)
        .env_remove("DATABASE_URL")
        .env_remove("VRAMGUIDE_CONFIG")
        .env_remove("VRAMGUIDE_DATA_DIR");
    cmd
}

#[test]
fn flag_beats_environment_beats_file() {
    let dir = temp_dir("precedence");
    std::fs::write(
        dir.join("vramguide.toml"),
        "database_url = \"sqlite://from-file.db\"\n",
    )
    .unwrap();
    let ask = |cmd: &mut Command| {
        let out = cmd.args(["ask", "llama 8b fp16"]).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    ask(&mut vramguide(&dir));
    assert!(
        dir.join("from-file.db").exists(),
        "the file's database is used"
    );
    ask(vramguide(&dir).env("DATABASE_URL", "sqlite://from-env.db"));
    assert!(
        dir.join("from-env.db").exists(),
        "the environment beats the file"
    );
    ask(vramguide(&dir)
        .env("DATABASE_URL", "sqlite://from-env.db")
        .args(["--database-url", "sqlite://from-flag.db"]));
    assert!(
        dir.join("from-flag.db").exists(),
        "the flag beats the environment"
    );
}

#[test]
fn unknown_keys_are_refused() {
    let dir = temp_dir("unknown");
    std::fs::write(dir.join("vramguide.toml"), "adress = \"0.0.0.0:80\"\n").unwrap();
    let out = vramguide(&dir).args(["ask", "llama 8b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown setting 'adress'"), "{err}");
}

#[test]
fn help_lists_every_setting() {
    let out = Command::new(env!("CARGO_BIN_EXE_vramguide"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for key in [
        "DATABASE_URL",
        "DISCORD_TOKEN",
        "VRAMGUIDE_RATE_LIMIT",
        "VRAMGUIDE_LOG_FORMAT",
        "hash_key",
    ] {
        assert!(help.contains(key), "--help lacks {key}");
    }
}

/// README's table of settings and the settings' own list are the same: every key and
/// variable the README documents is read, and every one read is documented.
#[test]
fn the_readme_documents_every_setting() {
    use vramguide::settings::{ENV_ONLY, KEYS};
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = readme
        .split("## Configuration")
        .nth(1)
        .and_then(|s| s.split("\n### ").next())
        .expect("README has a Configuration section");
    let ticked = |cell: &str| -> Vec<String> {
        cell.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let mut documented = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = row.split('|').collect();
        let (keys, vars) = (ticked(cells[1]), ticked(cells[2]));
        if keys.is_empty() && vars.is_empty() {
            continue;
        }
        documented.extend(vars.iter().cloned());
        for (i, var) in vars.iter().enumerate() {
            let known = KEYS.iter().chain(ENV_ONLY).find(|k| k.env == var);
            let known = known.unwrap_or_else(|| panic!("README documents {var}, never read"));
            if let Some(key) = keys.get(i) {
                assert_eq!(known.key, key, "{var} is read as another key");
            }
        }
    }
    for k in KEYS.iter().chain(ENV_ONLY) {
        assert!(
            documented.iter().any(|d| d == k.env),
            "README lacks {}",
            k.env
        );
    }
}

/// The settings file named by the older variable is still read.
#[test]
fn the_old_settings_variable_still_names_the_file() {
    let dir = temp_dir("alias");
    std::fs::write(
        dir.join("old.toml"),
        "database_url = \"sqlite://from-old.db\"\n",
    )
    .unwrap();
    let out = vramguide(&dir)
        .env_remove("VRAMGUIDE_SETTINGS")
        .env("VRAMGUIDE_CONFIG", "old.toml")
        .args(["ask", "llama 8b fp16"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        dir.join("from-old.db").exists(),
        "the old variable's file is read"
    );
}

/// A value of the wrong type in the file: exit 2, the key and the file named.
#[test]
fn a_bad_value_names_its_key_and_file() {
    let dir = temp_dir("bad-value");
    std::fs::write(dir.join("vramguide.toml"), "rate_limit = \"lots\"\n").unwrap();
    let out = vramguide(&dir).args(["ask", "llama 8b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("rate_limit") && err.contains("vramguide.toml"),
        "{err}"
    );
}

/// A second key through the real binary: the log format, seen in how stderr is written.
#[test]
fn the_log_format_follows_flag_then_environment_then_file() {
    let dir = temp_dir("log-format");
    std::fs::write(dir.join("vramguide.toml"), "log_format = \"json\"\n").unwrap();
    // Whether every log line is JSON, with the format in the environment and flags given.
    let json_logs = |env: Option<&str>, flags: &[&str]| {
        let mut cmd = vramguide(&dir);
        cmd.env_remove("VRAMGUIDE_LOG_FORMAT");
        if let Some(format) = env {
            cmd.env("VRAMGUIDE_LOG_FORMAT", format);
        }
        let out = cmd
            .env("RUST_LOG", "vramguide=debug")
            .env("DATABASE_URL", "sqlite::memory:")
            .args(flags)
            .args(["ask", "llama 8b fp16"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success() && !err.trim().is_empty(), "{err}");
        err.lines().all(|l| l.starts_with('{'))
    };
    assert!(json_logs(None, &[]), "the file's json");
    assert!(
        !json_logs(Some("text"), &[]),
        "the environment's text beats the file"
    );
    assert!(
        json_logs(Some("text"), &["--log-format", "json"]),
        "the flag beats the environment"
    );
}
