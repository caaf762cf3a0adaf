//! A pasted error's fixes are each shown once. The page put the first fix's command in its
//! verdict box and again at the top of its list of fixes, so a reader saw the same command
//! to copy twice (a 4090's PyTorch OOM: `expandable_segments:True` twice; llama.cpp's KV
//! cache: `-fa on -ctk q8_0 -ctv q8_0` twice). Every real log of the corpus, in the four
//! languages, on the page, the chat text and the Discord embed; and the real page served
//! for a pasted log.

use super::web::{client, start};
use serde_json::Value;
use vramguide::answer::{self, Outcome};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render::kinds;

/// The corpus's logs, with the words some were pasted with.
fn logs() -> Vec<String> {
    let path = format!("{}/tests/corpus/logs.json", env!("CARGO_MANIFEST_DIR"));
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("corpus")).expect("JSON");
    cases
        .iter()
        .map(|c| {
            format!(
                "{}\n{}",
                c["words"].as_str().unwrap_or(""),
                c["log"].as_str().unwrap_or("")
            )
            .trim()
            .to_string()
        })
        .collect()
}

fn diagnosed(catalog: &'static Catalog, text: &str) -> Option<Outcome> {
    let parsed = vramguide::query::parse(catalog, text);
    match answer::for_intent(catalog, &parsed)?.ok()? {
        o @ Outcome::Diagnose(_) => Some(o),
        _ => None,
    }
}

#[test]
fn each_fix_command_appears_once_on_the_page_the_text_and_the_embed() {
    let catalog = Catalog::get();
    let mut wrong = Vec::new();
    let mut with_fixes = 0;
    for log in logs() {
        let Some(o) = diagnosed(catalog, &log) else {
            continue;
        };
        let kind = kinds::of(&o);
        for lang in [Lang::En, Lang::Pt, Lang::Es, Lang::Zh] {
            let json = serde_json::to_value(kinds::json(kind.as_ref(), lang, catalog)).unwrap();
            let fixes: Vec<String> = json["diagnosis"]["fixes"]
                .as_array()
                .map(|f| {
                    f.iter()
                        .filter_map(|f| f["command"].as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            if fixes.is_empty() {
                continue;
            }
            with_fixes += 1;
            let page = kinds::page(kind.as_ref(), lang).expect("a diagnosis has a page");
            let mut shown: Vec<&str> = page.command.iter().map(String::as_str).collect();
            shown.extend(
                page.parts
                    .iter()
                    .flat_map(|p| p.commands.iter().map(|(c, _)| c.as_str())),
            );
            let head = log.lines().last().unwrap_or_default();
            for fix in &fixes {
                let n = shown.iter().filter(|c| **c == fix).count();
                if n != 1 {
                    wrong.push(format!("{lang:?} page shows {fix:?} {n} times ({head})"));
                }
            }
            // The first fix leads: it is the box's command to copy.
            if page.command.as_deref() != fixes.first().map(String::as_str) {
                wrong.push(format!("{lang:?} page box holds {:?}", page.command));
            }
            let text = kinds::text(kind.as_ref(), lang, catalog);
            let embed = kinds::embed(kind.as_ref(), lang, catalog).description;
            for fix in &fixes {
                let quoted = format!("`{fix}`");
                for (surface, s) in [("text", &text), ("embed", &embed)] {
                    let n = s.matches(&quoted).count();
                    if n != 1 {
                        wrong.push(format!(
                            "{lang:?} {surface} shows {fix:?} {n} times ({head})"
                        ));
                    }
                }
            }
        }
    }
    assert!(with_fixes >= 100, "only {with_fixes} answers with fixes");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A PyTorch OOM (fragmentation: `expandable_segments` first) and a llama.cpp KV cache
/// failure pasted into the page's box: each command to copy is on the page once, the
/// verdict head comes first, and every fix's explanation is still there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pasted_log_page_shows_each_command_once() {
    let base = start(0).await;
    let torch = "qwen3 14b lora on my 4090\ntorch.OutOfMemoryError: CUDA out of memory. Tried \
                 to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB \
                 is free. Process 38211 has 22.51 GiB memory in use. Of the allocated memory \
                 18.20 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but \
                 unallocated.";
    let llama = "llama_context: n_ctx         = 20480\nllama_context: flash_attn    = enabled\n\
                 ggml_backend_cuda_buffer_type_alloc_buffer: allocating 3040.00 MiB on device 0: \
                 cudaMalloc failed: out of memory\nalloc_tensor_range: failed to allocate CUDA0 buffer";
    for log in [torch, llama] {
        for lang in ["en", "pt", "es", "zh"] {
            let page = client()
                .post(format!("{base}/ask"))
                .form(&[("log", log), ("q", ""), ("lang", lang)])
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            // The page answers in the log's language when it has one (the form's language
            // is a fallback); the API is asked in the language the page chose.
            let shown = page
                .split("<article class=\"answer\" lang=\"")
                .nth(1)
                .and_then(|a| a.get(..2))
                .expect("the answer's language");
            let api: Value = client()
                .post(format!("{base}/api/v1/ask"))
                .json(&serde_json::json!({ "q": log, "lang": shown }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let fixes = api["diagnosis"]["fixes"].as_array().expect("fixes");
            assert!(fixes.len() >= 2, "{api}");
            let answer = page
                .split("<article class=\"answer\"")
                .nth(1)
                .and_then(|a| a.split("</article>").next())
                .expect("an answer");
            let verdict = answer.find("<section class=\"verdict").expect("a verdict");
            for fix in fixes {
                let cmd = fix["command"].as_str().unwrap();
                let code = format!("<code>{}</code>", askama_escape(cmd));
                assert_eq!(
                    answer.matches(&code).count(),
                    1,
                    "{lang}: {cmd} on the page: {answer}"
                );
                assert!(answer.find(&code).unwrap() > verdict, "{lang}: {cmd}");
            }
            // Each fix's explanation, from the chat text (after the command's "`: ").
            let text = api["text"].as_str().unwrap();
            for fix in fixes {
                let cmd = fix["command"].as_str().unwrap();
                let why = text
                    .split(&format!("`{cmd}`"))
                    .nth(1)
                    .and_then(|r| r.lines().next())
                    .map(|w| w.trim_start_matches([':', '：', ' ']))
                    .expect("the fix in the text");
                assert!(
                    answer.contains(&askama_escape(why)),
                    "{lang}: {why:?} missing: {answer}"
                );
            }
        }
    }
}

/// The few characters the page's templates escape in a command or a sentence.
fn askama_escape(s: &str) -> String {
    s.replace('&', "&#38;")
        .replace('<', "&#60;")
        .replace('>', "&#62;")
        .replace('"', "&#34;")
        .replace('\'', "&#39;")
}
