//! Slash commands. Each one turns its options into the core's input, calls the core and
//! sends an embed; names, descriptions and choices come from Fluent (see `localize`).

use super::autocomplete;
use super::choices::{
    LanguageChoice, ModeChoice, PeriodChoice, PrecisionChoice, RuntimeChoice, TopicChoice,
};
use super::lang::{self, Asker};
use super::rate_limit::Verdict;
use super::{Context, Data, Error, buttons, sanitize};
use crate::answer::Outcome;
use crate::ask::{Question, Request};
use crate::catalog::Catalog;
use crate::i18n::{Args, Lang, format_int, t, tr};
use crate::query::Query;
use crate::render;
use crate::render::discord::{self as embed, Embed};
use crate::store::{Stats, StatsFilter};
use poise::CreateReply;
use poise::serenity_prelude as serenity;

pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        estimate(),
        compare(),
        explain(),
        fit(),
        language(),
        stats(),
        forget_me(),
        listen(),
    ]
}

/// The reply language for a slash command (see `lang`).
async fn reply_lang(ctx: Context<'_>) -> Lang {
    let asker = Asker {
        detected: None,
        user: Some(ctx.author().id.get()),
        locale: ctx.locale(),
        guild: ctx.guild_id().map(|g| g.get()),
    };
    lang::pick(ctx.data().store.prefs(), asker).await
}

/// Run before every command: refuse work while shutting down, and rate-limit per user
/// with one localized, ephemeral notice.
pub async fn admit(ctx: Context<'_>) -> Result<bool, Error> {
    let bot = ctx.data();
    if bot.work.is_stopping() {
        return Ok(false);
    }
    match bot.limiter.check(ctx.author().id.get()) {
        Verdict::Allow => Ok(true),
        Verdict::Drop => Ok(false),
        Verdict::Notify(wait) => {
            let lang = reply_lang(ctx).await;
            let seconds = wait.as_secs().max(1).to_string();
            let text = tr(
                lang,
                "notice-rate-limited",
                Some(&Args::new().s("seconds", seconds)),
            );
            ephemeral(ctx, embed::notice(text, embed::AMBER)).await?;
            Ok(false)
        }
    }
}

/// Errors: a check that said no stays silent (it already answered); a message that
/// names no command is logged without its text; anything else is logged and answered with
/// a localized, ephemeral notice.
pub async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::CommandCheckFailed { .. } => {}
        // A mention or prefix followed by no command name: poise's own handler logs the
        // message's text at WARN, which would put people's questions in the process log
        // (outside the query log's retention and /forget-me). Said here without the text.
        poise::FrameworkError::UnknownCommand { .. } => {
            tracing::debug!("a message named the bot but no command");
        }
        poise::FrameworkError::DynamicPrefix { error, .. } => {
            tracing::error!(error = %error, "the message prefix could not be read");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let lang = reply_lang(ctx).await;
            let notice = embed::notice(t(lang, "notice-internal-error"), embed::RED);
            if let Err(e) = ephemeral(ctx, notice).await {
                tracing::warn!(error = %e, "could not send the error notice");
            }
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(error = %e, "error while handling an error");
            }
        }
    }
}

/// Settings and errors: only the asker sees them.
async fn ephemeral(ctx: Context<'_>, e: Embed) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .embed(e.to_serenity())
            .ephemeral(true)
            .allowed_mentions(sanitize::no_mentions()),
    )
    .await?;
    Ok(())
}

/// Answers: everyone in the channel sees them.
async fn public(
    ctx: Context<'_>,
    e: Embed,
    components: Vec<serenity::CreateActionRow>,
) -> Result<(), Error> {
    ctx.send(
        CreateReply::default()
            .embed(e.to_serenity())
            .components(components)
            .allowed_mentions(sanitize::no_mentions()),
    )
    .await?;
    Ok(())
}

/// The embed of an answer that estimates nothing (a comparison, a guide topic, a `/fit`
/// list), or the compact view of an estimate.
pub fn embed_of(lang: Lang, outcome: &Outcome) -> Embed {
    render::outcome::embed(lang, Catalog::get(), outcome)
}

/// Ask the answer service and send what it says: an estimate publicly with its chart and
/// controls, another kind of answer publicly, an error only to the asker.
async fn answer(ctx: Context<'_>, question: Question) -> Result<(), Error> {
    let reply = ctx
        .data()
        .service
        .ask(question, &super::query_log::of_command(ctx))
        .await;
    let lang = reply.lang;
    match &reply.outcome {
        Ok(Outcome::Estimate(a)) => {
            let q = reply.query.clone().unwrap_or_default();
            let rows = buttons::for_answer(ctx.data(), lang, a, &q, ctx.author().id.get());
            let e = embed::answer(lang, Catalog::get(), a, false);
            super::chart::public(ctx, lang, a, e, rows).await
        }
        Ok(o @ Outcome::Explain(e)) => {
            let rows = buttons::for_asked(lang, e.topic, ctx.author().id.get());
            public(ctx, embed_of(lang, o), rows).await
        }
        Ok(o @ Outcome::Compare(c)) => {
            let rows = buttons::for_compare(lang, c, ctx.author().id.get());
            public(ctx, embed_of(lang, o), rows).await
        }
        Ok(other) => public(ctx, embed_of(lang, other), Vec::new()).await,
        Err(e) => ephemeral(ctx, embed::error(lang, e)).await,
    }
}

/// How much GPU memory a model needs, and which GPUs fit.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn estimate(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::model"] model: String,
    precision: PrecisionChoice,
    #[min = 1]
    #[max = 10_000_000]
    context: Option<u64>,
    #[min = 1]
    #[max = 100_000]
    batch: Option<u64>,
    mode: Option<ModeChoice>,
    #[autocomplete = "autocomplete::gpu"] gpu: Option<String>,
    #[min = 1]
    #[max = 4096]
    gpus: Option<u64>,
    runtime: Option<RuntimeChoice>,
    config: Option<serenity::Attachment>,
    #[min = 1]
    #[max = 4096]
    concurrency: Option<u64>,
) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let said = format!("/estimate {model} {}", precision.0.name());
    let q = Query {
        model: Some(model),
        precision: Some(precision.0),
        context,
        batch,
        mode: mode.map(|m| m.0),
        gpu,
        gpu_count: gpus,
        runtime: runtime.map(|r| r.0),
        concurrency,
        ..Query::default()
    };
    let request = Request::Query {
        query: Box::new(q),
        said,
    };
    let mut question = Question::of(request, lang);
    // A config.json or a Hub look-up can take seconds: Discord wants a reply in 3.
    if let Some(file) = &config {
        ctx.defer().await?;
        let base = ctx.data().attachment_base.as_deref();
        question = question.with_config(super::attachment::read_config(file, base).await);
    } else if question.may_take_seconds() {
        ctx.defer().await?;
    }
    answer(ctx, question).await
}

/// Compare GPUs side by side.
#[poise::command(slash_command)]
pub async fn compare(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::gpu"] gpu_a: String,
    #[autocomplete = "autocomplete::gpu"] gpu_b: String,
    #[autocomplete = "autocomplete::gpu"] gpu_c: Option<String>,
    #[autocomplete = "autocomplete::gpu"] gpu_d: Option<String>,
) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let names = [Some(gpu_a), Some(gpu_b), gpu_c, gpu_d];
    let request = Request::Compare(names.into_iter().flatten().collect());
    answer(ctx, Question::of(request, lang)).await
}

/// A short guide topic.
#[poise::command(slash_command)]
pub async fn explain(ctx: Context<'_>, topic: TopicChoice) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let request = Request::Explain(topic.0.slug().to_string());
    answer(ctx, Question::of(request, lang)).await
}

/// Which catalog models fit on a setup, with how much context.
#[poise::command(slash_command)]
pub async fn fit(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::gpu"] gpu: String,
    #[min = 1]
    #[max = 64]
    count: Option<u32>,
    precision: Option<PrecisionChoice>,
) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let request = Request::Fit {
        gpu,
        count: count.unwrap_or(1),
        precision: precision.map(|p| p.0),
    };
    let question = Question::of(request, lang);
    // Dozens of bisections: cheap, but behind a deferral.
    if question.may_take_seconds() {
        ctx.defer().await?;
    }
    answer(ctx, question).await
}

fn has_permission(ctx: Context<'_>, perm: serenity::Permissions) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.contains(perm)),
        poise::Context::Prefix(_) => false,
    }
}

fn language_name(lang: Lang, of: Lang) -> String {
    t(lang, &format!("choice-language-{}", of.code()))
}

/// Your reply language; with `server` (Manage Server), the server's default.
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    language: Option<LanguageChoice>,
    server: Option<bool>,
) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let prefs = ctx.data().store.prefs();
    let user = ctx.author().id.get();
    let chosen = language.map(|l| l.0);
    let Some(chosen) = chosen else {
        let lang = reply_lang(ctx).await;
        let args = Args::new().s("language", language_name(lang, lang));
        let text = tr(lang, "notice-language-current", Some(&args));
        return ephemeral(ctx, embed::notice(text, embed::BLUE)).await;
    };
    if server == Some(true) {
        let Some(guild) = ctx.guild_id() else {
            let lang = reply_lang(ctx).await;
            return ephemeral(
                ctx,
                embed::notice(t(lang, "notice-guild-only"), embed::AMBER),
            )
            .await;
        };
        if !has_permission(ctx, serenity::Permissions::MANAGE_GUILD) {
            let lang = reply_lang(ctx).await;
            let text = t(lang, "notice-needs-manage-server");
            return ephemeral(ctx, embed::notice(text, embed::AMBER)).await;
        }
        prefs.set_guild_language(guild.get(), chosen).await?;
        let lang = reply_lang(ctx).await;
        let text = match chosen {
            Some(l) => tr(
                lang,
                "notice-language-server-set",
                Some(&Args::new().s("language", language_name(lang, l))),
            ),
            None => t(lang, "notice-language-server-cleared"),
        };
        return ephemeral(ctx, embed::notice(text, embed::GREEN)).await;
    }
    prefs.set_user_language(&user.to_string(), chosen).await?;
    let lang = reply_lang(ctx).await;
    let text = match chosen {
        Some(l) => tr(
            lang,
            "notice-language-set",
            Some(&Args::new().s("language", language_name(lang, l))),
        ),
        None => t(lang, "notice-language-cleared"),
    };
    ephemeral(ctx, embed::notice(text, embed::GREEN)).await
}

/// The guild of a command that needs one and a permission there; otherwise the localized
/// ephemeral notice (`needs` pairs the permission with its notice id) and None.
async fn guild_with_permission(
    ctx: Context<'_>,
    lang: Lang,
    needs: (serenity::Permissions, &str),
) -> Result<Option<serenity::GuildId>, Error> {
    let notice = match ctx.guild_id() {
        None => "notice-guild-only",
        Some(_) if !has_permission(ctx, needs.0) => needs.1,
        Some(guild) => return Ok(Some(guild)),
    };
    ephemeral(ctx, embed::notice(t(lang, notice), embed::AMBER)).await?;
    Ok(None)
}

/// The server's most asked models, precisions and languages.
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn stats(ctx: Context<'_>, period: Option<PeriodChoice>) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let needs = (
        serenity::Permissions::MANAGE_GUILD,
        "notice-needs-manage-server",
    );
    let Some(guild) = guild_with_permission(ctx, lang, needs).await? else {
        return Ok(());
    };
    ctx.defer_ephemeral().await?;
    // A month unless another period was picked (None: all time).
    let days = period.map_or(Some(30), |p| p.0);
    let since = days.map(|d| std::time::Duration::from_secs(d * 86_400));
    let filter = StatsFilter {
        since,
        guild_id: Some(guild.get()),
    };
    let stats = ctx.data().store.log().stats(&filter).await?;
    let text = stats_text(lang, stats).unwrap_or_else(|| t(lang, "notice-stats-empty"));
    ephemeral(ctx, embed::notice(text, embed::BLUE)).await
}

/// The `/stats` reply: the report `vramguide stats` prints, with users' unanswered
/// questions escaped for Discord; None when nothing was asked.
fn stats_text(lang: Lang, mut stats: Stats) -> Option<String> {
    if stats.total == 0 {
        return None;
    }
    for (question, _) in &mut stats.unanswered {
        *question = crate::render::discord::escape(question);
    }
    Some(render::stats::text(lang, &stats))
}

/// Delete your logged questions and preferences.
#[poise::command(slash_command, rename = "forget-me")]
pub async fn forget_me(ctx: Context<'_>) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    ctx.defer_ephemeral().await?;
    let rows = ctx
        .data()
        .store
        .forget_user(&ctx.author().id.get().to_string())
        .await?;
    let text = tr(
        lang,
        "notice-forgot",
        Some(
            &Args::new()
                .s("rows", format_int(lang, rows as u64))
                .n(lang, "rows_n", rows as u64),
        ),
    );
    ephemeral(ctx, embed::notice(text, embed::GREEN)).await
}

/// Answer every sizing question in this channel (Manage Channels).
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_CHANNELS"
)]
pub async fn listen(ctx: Context<'_>, enabled: Option<bool>) -> Result<(), Error> {
    let Some(_guard) = ctx.data().work.enter().await else {
        return Ok(());
    };
    let lang = reply_lang(ctx).await;
    let needs = (
        serenity::Permissions::MANAGE_CHANNELS,
        "notice-needs-manage-channels",
    );
    let Some(guild) = guild_with_permission(ctx, lang, needs).await? else {
        return Ok(());
    };
    let on = enabled.unwrap_or(true);
    let bot = ctx.data();
    bot.store
        .prefs()
        .set_listened(guild.get(), ctx.channel_id().get(), on)
        .await?;
    let mut text = t(
        lang,
        if on {
            "notice-listen-on"
        } else {
            "notice-listen-off"
        },
    );
    if on && !bot.message_content {
        text = format!("{text}\n\n{}", t(lang, "notice-listen-no-intent"));
    }
    ephemeral(ctx, embed::notice(text, embed::GREEN)).await
}
