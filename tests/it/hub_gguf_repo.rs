//! Online, a launch line for a GGUF quant the offline checkpoint list has no file of
//! (issue 35 item 5): the Hub's search lists the model's GGUF repos, their file lists are
//! read, and the line names the first repo that holds that quant's file. A repo that lacks
//! the file is passed over; when none holds it the answer still says how to find one; a
//! name is never made up; offline nothing is asked.

use crate::fake_hub::{FakeHub, Repo};
use crate::hub_search::answer_text;
use vramguide::hub::Hub;

const PUBLISHER: &str = "allenai/OLMo-2-1124-13B-Instruct";
/// Most downloaded GGUF repo and no re-uploader, so ranked first: holds only Q8_0.
const ONLY_Q8: &str = "someone/OLMo-2-1124-13B-Instruct-GGUF";
/// Holds Q4_K_M and Q6_K.
const WITH_Q4: &str = "bartowski/allenai_OLMo-2-1124-13B-Instruct-GGUF";

fn repo_with(files: &[&str]) -> Repo {
    let mut repo = Repo::default();
    for f in files {
        repo.files.insert((*f).to_string(), Vec::new());
    }
    repo
}

async fn hub() -> FakeHub {
    let hub = FakeHub::start().await;
    hub.add(
        ONLY_Q8,
        repo_with(&["README.md", "OLMo-2-1124-13B-Instruct-Q8_0.gguf"]),
    );
    hub.add(
        WITH_Q4,
        repo_with(&[
            "allenai_OLMo-2-1124-13B-Instruct-Q4_K_M.gguf",
            "allenai_OLMo-2-1124-13B-Instruct-Q6_K.gguf",
        ]),
    );
    for (id, downloads) in [(PUBLISHER, 90_000), (ONLY_Q8, 9_000), (WITH_Q4, 5_000)] {
        hub.list(id, downloads);
    }
    hub
}

/// OLMo 2 13B has no GGUF repo on the offline list: the Hub's answer gives the line.
#[tokio::test]
async fn the_launch_line_names_the_repo_that_holds_the_quant_file() {
    let fake = hub().await;
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    let a = answer_text(&hub, "olmo 2 13b q4_k_m on a 4090")
        .await
        .result
        .expect("an answer");
    assert_eq!(a.model.id, "olmo-2-13b");
    assert!(a.launch_missing.is_none());
    let line = &a.launch[0].command;
    assert!(
        line.starts_with(&format!("llama-server -hf {WITH_Q4}:Q4_K_M ")),
        "{line}"
    );
    // The repo without the file was read and passed over; the publisher's (no GGUF) not read.
    assert_eq!(fake.requests_for(ONLY_Q8).len(), 1);
    assert!(fake.requests_for(PUBLISHER).is_empty());
    // Q6_K: the same repo; Q5_K_M: no repo holds it, so no line, and the answer says
    // which file to look for.
    let a = answer_text(&hub, "olmo 2 13b q6_k on a 4090")
        .await
        .result
        .expect("an answer");
    assert!(a.launch[0].command.contains(&format!("{WITH_Q4}:Q6_K")));
    let a = answer_text(&hub, "olmo 2 13b q5_k_m on a 4090")
        .await
        .result
        .expect("an answer");
    assert!(a.launch.is_empty());
    assert!(a.launch_missing.is_some());
}

/// Offline the Hub is not asked, and the answer says how to find a file.
#[tokio::test]
async fn offline_no_repo_is_named() {
    let fake = hub().await;
    let a = answer_text(&Hub::offline(), "olmo 2 13b q4_k_m on a 4090")
        .await
        .result
        .expect("an answer");
    assert!(a.launch.is_empty() && a.launch_missing.is_some());
    assert_eq!(fake.total_requests(), 0);
}

/// A free-text name the catalog lacks, with a GGUF quant: the Hub's search takes the GGUF
/// repo whose file list holds that quant, not the most downloaded one that lacks it.
#[tokio::test]
async fn the_search_takes_the_repo_that_holds_the_asked_quant() {
    let fake = FakeHub::start().await;
    crate::hub::repos::fill(&fake);
    // Most downloaded, but only a Q8_0 file.
    let lacking = "unsloth/Qwen9-9B-GGUF";
    fake.add(lacking, repo_with(&["Qwen9-9B-Q8_0.gguf"]));
    // The tiny GGUF repo's files: Q4_K_M and Q8_0.
    let holding = "bartowski/Qwen9-9B-GGUF";
    fake.add_same(holding, "test/tiny-GGUF");
    for (id, downloads) in [(lacking, 50_000), (holding, 10_000)] {
        fake.list(id, downloads);
    }
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    let a = answer_text(&hub, "qwen9 9b q4_k_m on a 4090")
        .await
        .result
        .expect("an answer");
    assert_eq!(a.model.id, holding);
    assert_eq!(a.model.origin.map(|o| o.name()), Some("search"));
    assert!(
        a.launch[0]
            .command
            .starts_with(&format!("llama-server -hf {holding}")),
        "{:?}",
        a.launch
    );
    // The lacking repo's file list was read, none of its files.
    assert!(
        fake.requests_for(lacking)
            .iter()
            .all(|s| !s.path.ends_with(".gguf"))
    );
}

/// A Hub repo named by its id, with no card: that checkpoint as it is, served with vLLM
/// (its safetensors; llama.cpp would need a GGUF file), said with its reason.
#[tokio::test]
async fn a_repo_named_with_no_card_is_served_as_it_is() {
    use vramguide::answer::Assumption;
    use vramguide::runtime::Runtime;
    use vramguide::runtime::choice::RuntimeReason;
    let fake = FakeHub::start().await;
    crate::hub::repos::fill(&fake);
    let hub = Hub::for_endpoint(&fake.url, None).unwrap();
    let a = answer_text(&hub, "how much vram for test/tiny-bf16")
        .await
        .result
        .expect("an answer");
    let reason = a.assumed.iter().find_map(|x| match x {
        Assumption::Runtime { runtime, reason } => Some((*runtime, *reason)),
        _ => None,
    });
    assert_eq!(reason, Some((Runtime::Vllm, RuntimeReason::Checkpoint)));
    assert_eq!(a.job.precision, a.model.native_precision);
    assert!(
        a.launch[0]
            .command
            .starts_with("vllm serve test/tiny-bf16 "),
        "{:?}",
        a.launch
    );
}
