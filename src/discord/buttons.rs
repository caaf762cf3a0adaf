//! Buttons and select menus under an answer: the obvious next step, and what-if controls.
//! Only the asker's clicks count; anyone else gets a short ephemeral note in their own
//! language, and the answer stays as it is.
//!
//! A component's custom id says what to do and whose it is: `vg:x:<owner>:<lang>:<topic>`
//! explains a topic; `vg:b:` shows the full breakdown, `vg:f:` the levers that make the job
//! fit, and `vg:p:`, `vg:c:`, `vg:r:` (select menus) re-answer with another format, context
//! or runtime. Those carry the question itself (see `controls::WhatIf`) or, when it does not
//! fit in 100 characters, the number of a question kept in a small in-memory ring.

use super::controls::{self, Control, WhatIf};
use super::lang::{self, Asker};
use super::rate_limit::Verdict;
use super::{Bot, sanitize};
use crate::answer::{Answer, Outcome, Topic};
use crate::ask::{Question, Request};
use crate::catalog::Catalog;
pub use crate::guide::next_topics;
use crate::i18n::{Args, Lang, t, tr};
use crate::query::Query;
use crate::render::discord::{self as embed, View};
use poise::serenity_prelude as serenity;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Answers kept for the breakdown button; older ones say "expired".
const REMEMBERED: usize = 10_000;

pub struct Memory {
    next: AtomicU64,
    queries: Mutex<VecDeque<(u64, Query)>>,
}

impl Default for Memory {
    /// Keys start from the clock (milliseconds × 1000), so a key on a message posted before
    /// a restart finds nothing ("expired") instead of another person's question.
    fn default() -> Self {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Memory {
            next: AtomicU64::new(now.saturating_mul(1000)),
            queries: Mutex::default(),
        }
    }
}

impl Memory {
    fn remember(&self, q: &Query) -> u64 {
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        let mut queries = self.queries.lock().expect("not poisoned");
        if queries.len() == REMEMBERED {
            queries.pop_front();
        }
        queries.push_back((key, q.clone()));
        key
    }

    fn recall(&self, key: u64) -> Option<Query> {
        let queries = self.queries.lock().expect("not poisoned");
        queries
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, q)| q.clone())
    }
}

/// Where a component finds the question it re-answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// In the custom id itself: survives a restart.
    Inline(WhatIf),
    /// A key into [`Memory`] (questions a custom id cannot hold).
    Key(u64),
}

impl Saved {
    fn encode(&self) -> String {
        match self {
            Saved::Inline(w) => w.encode(),
            Saved::Key(k) => k.to_string(),
        }
    }

    fn decode(s: &str) -> Option<Saved> {
        match s.parse::<u64>() {
            Ok(k) => Some(Saved::Key(k)),
            Err(_) => WhatIf::decode(s).map(Saved::Inline),
        }
    }

    /// The question back.
    fn recall(&self, bot: &Bot) -> Option<Query> {
        match self {
            Saved::Inline(w) => Some(w.to_query()),
            Saved::Key(k) => bot.buttons.recall(*k),
        }
    }
}

/// What a click asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Explain(Topic),
    /// "Full specs" under a comparison: the cards' spec sheets (catalog ids).
    Specs(Vec<String>),
    Breakdown(Saved),
    /// "Make it fit": the levers.
    Levers(Saved),
    /// A select menu: the chosen value comes with the interaction.
    Pick(Control, Saved),
}

/// A parsed custom id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Click {
    pub owner: u64,
    pub lang: Lang,
    pub action: Action,
}

pub fn custom_id(owner: u64, lang: Lang, action: &Action) -> String {
    let code = lang.code();
    match action {
        Action::Explain(topic) => format!("vg:x:{owner}:{code}:{}", topic.slug()),
        Action::Specs(ids) => format!("vg:s:{owner}:{code}:{}", ids.join(",")),
        Action::Breakdown(s) => format!("vg:b:{owner}:{code}:{}", s.encode()),
        Action::Levers(s) => format!("vg:f:{owner}:{code}:{}", s.encode()),
        Action::Pick(c, s) => format!("vg:{}:{owner}:{code}:{}", c.letter(), s.encode()),
    }
}

pub fn parse(id: &str) -> Option<Click> {
    let mut it = id.splitn(5, ':');
    if it.next()? != "vg" {
        return None;
    }
    let kind = it.next()?;
    let owner = it.next()?.parse().ok()?;
    let lang = Lang::from_code(it.next()?)?;
    let arg = it.next()?;
    let action = match kind {
        "x" => Action::Explain(Topic::from_slug(arg)?),
        "s" => Action::Specs(arg.split(',').map(str::to_string).collect()),
        "b" => Action::Breakdown(Saved::decode(arg)?),
        "f" => Action::Levers(Saved::decode(arg)?),
        other => Action::Pick(Control::from_letter(other)?, Saved::decode(arg)?),
    };
    Some(Click {
        owner,
        lang,
        action,
    })
}

/// Where the answer's question goes: in the custom ids when they can hold it, else in the
/// memory ring.
fn save(bot: &Bot, owner: u64, lang: Lang, q: &Query) -> Saved {
    if let Some(w) = WhatIf::from_query(q) {
        let saved = Saved::Inline(w);
        let longest = custom_id(
            owner,
            lang,
            &Action::Pick(Control::Precision, saved.clone()),
        );
        if longest.len() <= controls::CUSTOM_ID_MAX {
            return saved;
        }
    }
    Saved::Key(bot.buttons.remember(q))
}

/// The components under an answer: a row of buttons (NVLink when multi-GPU is advised,
/// quantization when a quantized format is, "make it fit" when the named GPUs are too
/// small, the full breakdown), then one select menu per row for the what-if controls.
/// Five rows at most, as Discord allows.
pub fn for_answer(
    bot: &Bot,
    lang: Lang,
    a: &Answer,
    q: &Query,
    owner: u64,
) -> Vec<serenity::CreateActionRow> {
    for_answer_in(bot, lang, a, q, owner, View::Compact)
}

/// [`for_answer`] for an answer shown in `view`: the first view has two rows (the "make it
/// fit" and "full breakdown" buttons, and the format menu), the full breakdown and the
/// levers the guides' buttons and every menu.
pub fn for_answer_in(
    bot: &Bot,
    lang: Lang,
    a: &Answer,
    q: &Query,
    owner: u64,
    view: View,
) -> Vec<serenity::CreateActionRow> {
    let q = controls::pinned(q, a);
    let saved = save(bot, owner, lang, &q);
    let mut buttons = Vec::new();
    let mut explain = |topic: Topic, label: &str| {
        let id = custom_id(owner, lang, &Action::Explain(topic));
        buttons.push(
            serenity::CreateButton::new(id)
                .label(t(lang, label))
                .style(serenity::ButtonStyle::Secondary),
        );
    };
    // The guides wait with the rest of the breakdown: on a phone each button is a line.
    let guides = view != View::Compact;
    if guides && a.recommendations.nvlink_matters {
        explain(Topic::Nvlink, "button-explain-nvlink");
    } else if guides && a.topics.contains(&Topic::MultiGpu) {
        explain(Topic::MultiGpu, "button-explain-multi-gpu");
    }
    if guides && a.topics.contains(&Topic::Quantization) {
        explain(Topic::Quantization, "button-explain-quantization");
    }
    if embed::offers_levers(a) {
        buttons.push(
            serenity::CreateButton::new(custom_id(owner, lang, &Action::Levers(saved.clone())))
                .label(t(lang, "controls-make-it-fit"))
                .style(serenity::ButtonStyle::Success),
        );
    }
    buttons.push(
        serenity::CreateButton::new(custom_id(owner, lang, &Action::Breakdown(saved.clone())))
            .label(t(lang, "button-breakdown"))
            .style(serenity::ButtonStyle::Primary),
    );
    let mut rows = vec![serenity::CreateActionRow::Buttons(buttons)];
    if controls::offered(a) {
        rows.extend(controls::rows(lang, a, &q, view != View::Compact, |c| {
            custom_id(owner, lang, &Action::Pick(c, saved.clone()))
        }));
    }
    rows
}

/// One button that opens a guide topic, labelled with its title's short part.
fn topic_button(lang: Lang, topic: Topic, owner: u64) -> serenity::CreateButton {
    let title = t(lang, &format!("guide-{}-title", topic.slug()));
    let short = title.split([':', '：']).next().unwrap_or(&title).trim();
    let label: String = short.chars().take(80).collect();
    serenity::CreateButton::new(custom_id(owner, lang, &Action::Explain(topic)))
        .label(label)
        .style(serenity::ButtonStyle::Secondary)
}

/// A row with the one button that opens `topic` (under a budget's cards: the choosing guide).
pub fn to_topic(lang: Lang, topic: Topic, owner: u64) -> Vec<serenity::CreateActionRow> {
    vec![serenity::CreateActionRow::Buttons(vec![topic_button(
        lang, topic, owner,
    )])]
}

/// The buttons under a guide topic, from `/explain`, a mention ("nvlink?") or an explain
/// button alike: one per next topic, labelled with the short part of its title.
pub fn for_topic(lang: Lang, topic: Topic, owner: u64) -> Vec<serenity::CreateActionRow> {
    let buttons = next_topics(topic)
        .into_iter()
        .map(|next| topic_button(lang, next, owner))
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The buttons under a guide question's short answer ("does the 4090 support nvlink?"):
/// the whole guide first (the short answer shows only the asked part), then the next topics.
pub fn for_asked(lang: Lang, topic: Topic, owner: u64) -> Vec<serenity::CreateActionRow> {
    let whole = serenity::CreateButton::new(custom_id(owner, lang, &Action::Explain(topic)))
        .label(t(lang, "button-whole-guide"))
        .style(serenity::ButtonStyle::Primary);
    let mut buttons = vec![whole];
    buttons.extend(
        next_topics(topic)
            .into_iter()
            .map(|next| topic_button(lang, next, owner)),
    );
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The button under a comparison's short table that shows the full spec sheets; none when
/// the ids do not fit a custom id.
pub fn for_compare(
    lang: Lang,
    c: &crate::answer::Compared,
    owner: u64,
) -> Vec<serenity::CreateActionRow> {
    let ids: Vec<String> = c.gpus.iter().map(|g| g.id.clone()).collect();
    let id = custom_id(owner, lang, &Action::Specs(ids));
    if id.len() > controls::CUSTOM_ID_MAX {
        return Vec::new();
    }
    vec![serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(id)
            .label(t(lang, "button-full-specs"))
            .style(serenity::ButtonStyle::Primary),
    ])]
}

fn message(e: embed::Embed, ephemeral: bool) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .embed(e.to_serenity())
        .ephemeral(ephemeral)
        .allowed_mentions(sanitize::no_mentions())
}

/// The clicker's own language: their stored choice, else their Discord locale.
async fn clicker_lang(bot: &Bot, click: &serenity::ComponentInteraction) -> Lang {
    let asker = Asker {
        detected: None,
        user: Some(click.user.id.get()),
        locale: Some(click.locale.as_str()),
        guild: click.guild_id.map(|g| g.get()),
    };
    lang::pick(bot.store.prefs(), asker).await
}

/// The value chosen in a select menu (none for a button).
fn chosen(click: &serenity::ComponentInteraction) -> Option<&str> {
    match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().map(String::as_str)
        }
        _ => None,
    }
}

/// The answer again, in `view`, with its components rebuilt for the question as it now
/// stands, as an in-place update of the message.
async fn re_answer(
    bot: &Bot,
    lang: Lang,
    owner: u64,
    q: &Query,
    a: &Answer,
    view: View,
) -> serenity::CreateInteractionResponse {
    let e = embed::answer_view(lang, Catalog::get(), a, view);
    // The update replaces the old picture too, so the chart shows the new numbers.
    serenity::CreateInteractionResponse::UpdateMessage(
        super::chart::Chart::of(lang, a)
            .await
            .response(
                serenity::CreateInteractionResponseMessage::new(),
                e.to_serenity(),
            )
            .components(for_answer_in(bot, lang, a, q, owner, view))
            .allowed_mentions(sanitize::no_mentions()),
    )
}

/// The question as it now stands. A pick is a new question: it goes to the query log
/// like a typed one, its "question" being the change made (`what-if precision=q4_k_m`).
/// The breakdown and the levers are other views of a question already logged.
fn again(q: Query, lang: Lang, pick: Option<(Control, &str)>) -> Question {
    let said = pick.map_or_else(String::new, |(c, v)| format!("what-if {}={v}", c.name()));
    let request = Request::Query {
        query: Box::new(q),
        said,
    };
    Question::of(request, lang)
}

/// The rate limit every question has, for clicks too: None lets the click through, else
/// the response to give instead (an ephemeral notice, or nothing once one was given).
fn limited(
    bot: &Bot,
    lang: Lang,
    click: &serenity::ComponentInteraction,
) -> Option<Option<serenity::CreateInteractionResponse>> {
    match bot.limiter.check(click.user.id.get()) {
        Verdict::Allow => None,
        Verdict::Drop => Some(None),
        Verdict::Notify(wait) => {
            let seconds = wait.as_secs().max(1).to_string();
            let text = tr(
                lang,
                "notice-rate-limited",
                Some(&Args::new().s("seconds", seconds)),
            );
            let e = embed::notice(text, embed::AMBER);
            Some(Some(serenity::CreateInteractionResponse::Message(message(
                e, true,
            ))))
        }
    }
}

/// Handle a click or a pick: someone else's gets an ephemeral note in their language and
/// changes nothing; the asker gets the guide (a new public message), or the answer updated
/// in place (breakdown, levers, or re-answered with the chosen value).
pub async fn on_click(
    ctx: &serenity::Context,
    bot: &Bot,
    click: &serenity::ComponentInteraction,
) -> anyhow::Result<()> {
    let Some(parsed) = parse(&click.data.custom_id) else {
        return Ok(());
    };
    let lang = parsed.lang;
    let expired = || {
        let e = embed::notice(t(lang, "notice-button-expired"), embed::AMBER);
        serenity::CreateInteractionResponse::Message(message(e, true))
    };
    let response = if click.user.id.get() != parsed.owner {
        let theirs = clicker_lang(bot, click).await;
        let id = match parsed.action {
            Action::Pick(..) => "controls-not-yours",
            _ => "notice-not-yours",
        };
        let e = embed::notice(t(theirs, id), embed::AMBER);
        serenity::CreateInteractionResponse::Message(message(e, true))
    } else {
        if let Some(instead) = limited(bot, lang, click) {
            if let Some(r) = instead {
                click.create_response(&ctx.http, r).await?;
            }
            return Ok(());
        }
        let (q, view) = match &parsed.action {
            Action::Explain(topic) => {
                let e = embed::guide(lang, *topic);
                let rows = for_topic(lang, *topic, parsed.owner);
                let r = serenity::CreateInteractionResponse::Message(
                    message(e, false).components(rows),
                );
                click.create_response(&ctx.http, r).await?;
                return Ok(());
            }
            Action::Specs(ids) => {
                let catalog = Catalog::get();
                let gpus: Vec<_> = ids.iter().filter_map(|id| catalog.gpu(id)).collect();
                if gpus.is_empty() {
                    click.create_response(&ctx.http, expired()).await?;
                    return Ok(());
                }
                let e = embed::compare(lang, catalog, &gpus);
                let r = serenity::CreateInteractionResponse::Message(message(e, false));
                click.create_response(&ctx.http, r).await?;
                return Ok(());
            }
            Action::Breakdown(s) => (s.recall(bot), View::Full),
            Action::Levers(s) => (s.recall(bot), View::Levers),
            // A pick from a menu only the full view has keeps that view; a RAM bandwidth
            // shows the levers, where the offload speed it changes is.
            Action::Pick(c, s) => (
                s.recall(bot)
                    .zip(chosen(click))
                    .and_then(|(q, v)| controls::apply(&q, *c, v)),
                match c {
                    Control::Precision => View::Compact,
                    Control::Ram => View::Levers,
                    _ => View::Full,
                },
            ),
        };
        match q {
            None => expired(),
            Some(q) => {
                let pick = match &parsed.action {
                    Action::Pick(c, _) => chosen(click).map(|v| (*c, v)),
                    _ => None,
                };
                let question = again(q, lang, pick);
                let reply = if pick.is_some() {
                    let who = super::query_log::of_click(click);
                    bot.service.ask(question, &who).await
                } else {
                    bot.service.answer(question).await
                };
                match (&reply.outcome, &reply.query) {
                    (Ok(Outcome::Estimate(a)), Some(q)) => {
                        re_answer(bot, lang, parsed.owner, q, a, view).await
                    }
                    (Err(e), _) => serenity::CreateInteractionResponse::Message(message(
                        embed::error(lang, e),
                        true,
                    )),
                    _ => expired(),
                }
            }
        }
    };
    click.create_response(&ctx.http, response).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip_and_fit() {
        let longest = WhatIf {
            model: "deepseek-r1-distill-qwen-1.5b".into(),
            precision: Some(crate::vocab::Precision::Q4KM),
            context: Some(131_072),
            runtime: Some(crate::vocab::Runtime::LlamaCpp),
            gpu: Some("rtx-pro-6000-blackwell".into()),
            count: Some(8),
            mode: Some(crate::vocab::Mode::Inference),
            batch: Some(16),
            ram_tenths: None,
        };
        // A picked RAM bandwidth travels too (past 100 characters `save` keeps a key).
        let ram = WhatIf {
            model: "llama-3.1-70b".into(),
            ram_tenths: Some(4608),
            ..longest.clone()
        };
        for action in [
            Action::Explain(Topic::CudaVisibleDevices),
            Action::Specs(vec!["rtx-5090".into(), "rtx-3090".into()]),
            Action::Breakdown(Saved::Key(u64::MAX)),
            Action::Levers(Saved::Inline(longest.clone())),
            Action::Pick(Control::Context, Saved::Inline(longest)),
            Action::Pick(Control::Ram, Saved::Inline(ram)),
        ] {
            let id = custom_id(u64::MAX, Lang::Zh, &action);
            assert!(id.len() <= 100, "{id}");
            assert_eq!(parse(&id).map(|c| c.action), Some(action));
        }
        assert_eq!(parse("other:thing"), None);
        assert_eq!(parse("vg:z:1:en:x"), None);
    }

    #[test]
    fn a_restart_does_not_hand_out_the_same_keys() {
        let before = Memory::default();
        let key = before.remember(&Query::default());
        std::thread::sleep(std::time::Duration::from_millis(2));
        let after = Memory::default();
        assert_eq!(after.recall(key), None, "an old key is expired");
        assert!(after.remember(&Query::default()) > key);
    }
}
