//! The command line as a person at a terminal meets it: one-off commands leave the folder
//! they run in alone, answers print as plain text (Markdown on request), and each command's
//! `--help` shows its own options.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vramguide-term-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The binary in `dir`, with `home` as the user's home and no settings from the caller.
fn vramguide(dir: &Path, home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vramguide"));
    cmd.current_dir(dir)
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("DATABASE_URL")
        .env_remove("VRAMGUIDE_DATA_DIR")
        .env_remove("VRAMGUIDE_CONFIG")
        .env_remove("VRAMGUIDE_SETTINGS")
        .env_remove("VRAMGUIDE_HASH_KEY")
        .env("VRAMGUIDE_OFFLINE", "1");
    cmd
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ask_in_an_empty_folder_leaves_it_empty() {
    let dir = temp_dir("empty");
    let home = temp_dir("home");
    stdout(
        &vramguide(&dir, &home)
            .args(["ask", "llama 3.1 8b"])
            .output()
            .unwrap(),
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert!(left.is_empty(), "ask left files behind: {left:?}");
    let db = home.join(".local/share/vramguide/vramguide.db");
    assert!(db.exists(), "the query log goes to the user's data folder");
}

#[test]
fn answers_are_plain_text_in_a_pipe_and_markdown_on_request() {
    let dir = temp_dir("format");
    let home = temp_dir("format-home");
    let ask = |extra: &[&str]| {
        let mut cmd = vramguide(&dir, &home);
        cmd.args(["ask", "llama 3.1 8b on rtx 4090"]).args(extra);
        stdout(&cmd.output().unwrap())
    };
    let plain = ask(&[]);
    assert!(plain.contains("Breakdown: "), "{plain}");
    assert!(
        !plain.contains("**") && !plain.contains('\u{1b}'),
        "{plain}"
    );
    let markdown = ask(&["--format", "markdown"]);
    assert!(markdown.contains("**"), "{markdown}");
}

#[test]
fn each_command_help_shows_its_own_options() {
    let dir = temp_dir("help");
    let help = stdout(
        &vramguide(&dir, &dir)
            .args(["estimate", "--help"])
            .output()
            .unwrap(),
    );
    assert!(
        help.contains("--precision") && help.contains("--config"),
        "{help}"
    );
    for foreign in [
        "--hash-key",
        "--database-url",
        "--retention-days",
        "--data-dir",
    ] {
        assert!(
            !help.contains(foreign),
            "estimate --help shows {foreign}:\n{help}"
        );
    }
    assert!(help.contains("--settings"), "{help}");
}
