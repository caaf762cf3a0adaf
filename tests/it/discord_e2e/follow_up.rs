//! Follow-ups in a channel: the same asker's "e com 2 placas?" changes their last
//! question; another asker's does not (they get "follow-up to what?"); a reply to one of
//! the bot's answers changes that answer's question, whoever replies. Each message is
//! logged once.

use super::*;

fn mention(bot: &Running, author: u64, content: &str) -> Value {
    fixtures::guild_message(
        bot.fake.next_id(),
        author,
        &format!("<@{APP_ID}> {content}"),
        true,
    )
}

/// `payload` as a reply to the bot's message `answer` (its body as the bot sent it).
fn replying(mut payload: Value, answer: &Recorded) -> Value {
    let id = answer.sent_id.expect("the fake gave the answer an id");
    payload["message_reference"] = json!({
        "message_id": id.to_string(),
        "channel_id": fixtures::CHANNEL.to_string(),
        "guild_id": fixtures::GUILD.to_string(),
    });
    payload["referenced_message"] = fixtures::sent_message(id, fixtures::CHANNEL, &answer.body);
    payload["type"] = json!(19);
    payload
}

fn content(r: &Recorded) -> &str {
    r.body["content"].as_str().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follow_up_changes_its_askers_question_or_the_replied_answers() {
    let bot = start_with(|_| {}).await;
    let first = bot
        .message(
            mention(&bot, USER, "llama 3.1 8b fp16 numa rtx 3060 12gb"),
            WAIT,
        )
        .await
        .expect("a reply");
    assert!(first.schema_errors.is_empty(), "{:?}", first.schema_errors);
    assert_eq!(content(&first), "", "a question of its own keeps nothing");

    // The same asker: the same question on two cards, saying so.
    let same = bot
        .message(mention(&bot, USER, "e com 2 placas?"), WAIT)
        .await
        .expect("a reply");
    assert!(same.schema_errors.is_empty(), "{:?}", same.schema_errors);
    assert!(
        content(&same).starts_with("Mesma pergunta, em 2 × GeForce RTX 3060 12GB"),
        "{}",
        same.body
    );
    let embed = same.body["embeds"][0].to_string();
    assert!(embed.contains("Llama 3.1 8B"), "{embed}");

    // Another asker in the same channel: nothing of theirs to change.
    let other = bot
        .message(mention(&bot, OTHER_USER, "e com 2 placas?"), WAIT)
        .await
        .expect("a reply");
    assert_eq!(content(&other), "");
    let embed = other.body["embeds"][0].to_string();
    assert!(embed.contains("Continuação de quê?"), "{embed}");
    assert!(!embed.contains("Llama 3.1 8B"), "{embed}");

    // A reply to the first answer, by the other asker: that answer's question, in q8.
    let reply = replying(mention(&bot, OTHER_USER, "and in q8?"), &first);
    let replied = bot.message(reply, WAIT).await.expect("a reply");
    assert!(
        replied.schema_errors.is_empty(),
        "{:?}",
        replied.schema_errors
    );
    assert!(
        content(&replied).starts_with("Same question, in Q8_0"),
        "{}",
        replied.body
    );
    let embed = replied.body["embeds"][0].to_string();
    assert!(
        embed.contains("Llama 3.1 8B") && embed.contains("q8_0"),
        "{embed}"
    );
    assert!(
        !content(&replied).contains("2 ×"),
        "the replied answer was on one card: {}",
        replied.body
    );

    // Every message logged once, with its intent.
    assert_eq!(bot.logged_rows().await, 4);
    let models = bot.logged_models().await;
    assert_eq!(
        models,
        [
            Some("llama-3.1-8b".to_string()),
            Some("llama-3.1-8b".to_string()),
            None,
            Some("llama-3.1-8b".to_string())
        ]
    );
    bot.stop().await;
}
