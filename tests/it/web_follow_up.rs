//! The answer page's follow-up box: it carries the thread, and a follow-up sent from it
//! is the previous question with the change, saying what it kept; with nothing before
//! it, "follow-up to what?".

use crate::web::{get, start};

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The value of the follow-up box's hidden `prev` field.
fn carried(page: &str) -> Option<String> {
    let at = page.find(r#"name="prev" value=""#)? + r#"name="prev" value=""#.len();
    let value = &page[at..at + page[at..].find('"')?];
    Some(
        value
            .replace("&#10;", "\n")
            .replace("&#x0A;", "\n")
            .replace("&#xa;", "\n"),
    )
}

#[tokio::test]
async fn the_follow_up_box_carries_the_question_and_changes_it() {
    let base = start(0).await;
    let first = "llama 3.1 8b em fp16 numa rtx 3060 12gb";
    let (status, page) = get(&format!("{base}/ask?q={}", urlencode(first))).await;
    assert!(status.is_success());
    assert!(
        page.contains("Mude uma coisa"),
        "the box, in the answer's language"
    );
    assert_eq!(carried(&page).as_deref(), Some(first));
    assert!(!page.contains(r#"class="kept""#));

    let url = format!(
        "{base}/ask?prev={}&q={}",
        urlencode(first),
        urlencode("e com 2 placas?")
    );
    let (status, page) = get(&url).await;
    assert!(status.is_success());
    assert!(
        page.contains("Mesma pergunta, em 2 × GeForce RTX 3060 12GB"),
        "{page}"
    );
    let thread = carried(&page).expect("the box again");
    assert!(
        thread.starts_with(first) && thread.ends_with("e com 2 placas?"),
        "{thread}"
    );

    // With nothing before it.
    let (_, page) = get(&format!(
        "{base}/ask?q={}&prev=",
        urlencode("y si uso 2 placas?")
    ))
    .await;
    assert!(page.contains("¿Seguimiento de qué?"), "{page}");
}
