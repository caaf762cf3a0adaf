//! What the bot keeps out of sight (issue 32): the text of a question never reaches the
//! process log at the default levels (poise logged every mention's text at WARN, "didn't
//! recognize command name in `…`", outside the query log's retention and /forget-me), and
//! the data folder it creates is readable by its owner only.

use super::*;
use std::io::Read as _;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mention_s_text_never_reaches_the_process_log() {
    let fake = FakeDiscord::start().await;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("vg-privacy-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data");
    let mut child = fake
        .bare_command(&dir, "127.0.0.1:0")
        .env("VRAMGUIDE_DATA_DIR", &data)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", data.join("log.db").display()),
        )
        .env_remove("RUST_LOG")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stderr = child.stderr.take().expect("piped");
    let log = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stderr.read_to_string(&mut out);
        out
    });
    fake.wait_for(WAIT, |r| r.method == "PUT" && r.path.ends_with("/commands"))
        .await;
    // A question by mention (answered), and a mention that names no model.
    let marker = "zebrafinch";
    for (i, text) in [
        format!("how much vram for llama 3.1 8b fp16 {marker}"),
        format!("{marker} quokka saxophone"),
    ]
    .iter()
    .enumerate()
    {
        let id = fake.next_id();
        let content = format!("<@{APP_ID}> {text}");
        fake.dispatch(
            "MESSAGE_CREATE",
            fixtures::guild_message(id, USER, &content, true),
        );
        let reply = fake
            .wait_until(WAIT, || {
                fake.requests().into_iter().find(|r| {
                    r.path.ends_with("/messages")
                        && r.body["message_reference"]["message_id"] == json!(id.to_string())
                })
            })
            .await;
        assert!(reply.is_some(), "a reply to mention {i}");
    }
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(killed.expect("kill runs").success());
    let deadline = std::time::Instant::now() + WAIT;
    while child.try_wait().expect("waits").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("did not exit within {WAIT:?} of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let log = log.join().unwrap();
    assert!(!log.is_empty(), "the server logs at INFO by default");
    assert!(
        !log.contains(marker),
        "the question's text in the log:\n{log}"
    );
    assert!(!log.contains("quokka"), "{log}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&data).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "the data folder is the owner's only");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
