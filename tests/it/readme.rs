//! README.md stays true: at most 250 lines, the two commands `.ci/run` uses stay first
//! under "Run it", and every `$ vramguide ...` example in a ```console block is rerun
//! (offline, no settings of the caller) and must print the lines shown, so none goes stale.

use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The arguments of a shell line: words, and "double-quoted" words (no escapes in ours).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').expect("a closing quote");
            out.push(quoted[..end].to_string());
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            out.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    out
}

/// Each example: the command's arguments after `vramguide`, and the lines shown under it.
fn examples(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let mut i = 0;
        while i < block.len() {
            let Some(cmd) = block[i].strip_prefix("$ vramguide ") else {
                i += 1;
                continue;
            };
            let shown: Vec<String> = block[i + 1..]
                .iter()
                .take_while(|l| !l.starts_with("$ "))
                .map(|l| l.to_string())
                .collect();
            i += 1 + shown.len();
            found.push((words(cmd), shown));
        }
    }
    found
}

#[test]
fn readme_is_short_and_starts_with_the_two_commands() {
    let text = readme();
    let lines = text.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines");
    let run = &text[text.find("## Run it").expect("a Run it section")..];
    let first_block = &run[..run.find("```\n").map(|i| i + 3).unwrap_or(run.len())];
    let at_run = first_block
        .find("cargo run --release --locked")
        .expect("the run command");
    let at_test = first_block
        .find("cargo test --locked")
        .expect("the test command");
    assert!(at_run < at_test);
    let ci = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/run")).unwrap();
    assert!(
        ci.contains("cargo test --locked"),
        "the commands are the CI's"
    );
}

#[test]
fn every_readme_example_prints_what_it_shows() {
    let found = examples(&readme());
    assert!(!found.is_empty(), "README shows at least one example");
    let home = std::env::temp_dir().join(format!("vramguide-readme-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    for (args, shown) in found {
        let out = Command::new(env!("CARGO_BIN_EXE_vramguide"))
            .args(&args)
            .current_dir(&home)
            .env("HOME", &home)
            .env_remove("XDG_DATA_HOME")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}/q.db?mode=rwc", home.display()),
            )
            .env_remove("VRAMGUIDE_DATA_DIR")
            .env_remove("VRAMGUIDE_CONFIG")
            .env_remove("VRAMGUIDE_SETTINGS")
            .env_remove("VRAMGUIDE_HASH_KEY")
            .env("VRAMGUIDE_OFFLINE", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8_lossy(&out.stdout);
        let printed: Vec<&str> = printed.lines().collect();
        // The README shows the first lines of an answer: those must be the first printed.
        let head: Vec<&str> = printed.iter().take(shown.len()).copied().collect();
        assert_eq!(
            head,
            shown,
            "README example `vramguide {}` is stale",
            args.join(" ")
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn examples_are_read_from_console_blocks() {
    let text =
        "x\n```console\n$ vramguide ask \"a b\"\nline 1\nline 2\n```\n```sh\n$ vramguide no\n```\n";
    let found = examples(text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, ["ask", "a b"]);
    assert_eq!(found[0].1, ["line 1", "line 2"]);
}
