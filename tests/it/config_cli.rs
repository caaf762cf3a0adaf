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
