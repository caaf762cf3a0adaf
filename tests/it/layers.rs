//! The crate's layers, read from its sources: the shared words import nothing of the crate,
//! the store names neither i18n nor render, no two top-level modules import each other
//! (directly or around a loop), and the adapters ask the answer service instead of naming
//! the Hub, the estimator, the ranking, the plans or the runtime profiles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module -> the top-level modules its non-test code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(&root).unwrap();
            let first = rel.components().next().unwrap().as_os_str();
            let top = first.to_string_lossy().trim_end_matches(".rs").to_string();
            if top == "lib" || top == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let names = graph.entry(top.clone()).or_default();
            for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                for prefix in ["crate::", "vramguide::"] {
                    for (i, _) in line.match_indices(prefix) {
                        let rest = &line[i + prefix.len()..];
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        if !name.is_empty() && name != top {
                            names.insert(name);
                        }
                    }
                }
            }
        }
    }
    graph
}

fn reaches(graph: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(m) = stack.pop() {
        for next in graph.get(&m).into_iter().flatten() {
            if next == to {
                return true;
            }
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    false
}

#[test]
fn the_shared_words_sit_at_the_bottom_and_no_layers_loop() {
    let graph = graph();
    assert_eq!(graph["vocab"], BTreeSet::new(), "vocab imports nothing");
    for name in ["i18n", "render"] {
        assert!(!graph["store"].contains(name), "the store names {name}");
    }
    for (module, names) in &graph {
        for name in names {
            assert!(
                !reaches(&graph, name, module),
                "{module} -> {name} -> ... -> {module}"
            );
        }
    }
}

#[test]
fn adapters_ask_the_answer_service() {
    let graph = graph();
    for adapter in ["cli", "discord", "web"] {
        for core in ["hub", "estimate", "recommend", "plan", "runtime"] {
            assert!(
                !graph[adapter].contains(core),
                "{adapter} names {core}: {:?}",
                graph[adapter]
            );
        }
        assert!(graph[adapter].contains("ask"), "{adapter} asks the service");
    }
}

/// A comparison is a question like any other: every surface asks the service for it
/// (`Request::Compare`), and none resolves the cards itself with the core's `gpus_named`.
#[test]
fn comparisons_go_through_the_answer_service() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let code = |file: &str| {
        let text = std::fs::read_to_string(src.join(file)).unwrap();
        text.split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .to_string()
    };
    for file in ["cli/answer.rs", "discord/commands.rs", "web/compare.rs"] {
        assert!(
            code(file).contains("Request::Compare"),
            "{file} asks the service"
        );
    }
    for adapter in ["cli", "discord", "web"] {
        for entry in std::fs::read_dir(src.join(adapter)).unwrap() {
            let path = entry.unwrap().path();
            let rel = path
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if path.extension().is_some_and(|e| e == "rs") {
                assert!(
                    !code(&rel).contains("gpus_named"),
                    "{rel} compares by itself"
                );
            }
        }
    }
}
