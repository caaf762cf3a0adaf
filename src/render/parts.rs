//! Localized pieces of an answer, shared by every surface.

use crate::answer::{Answer, Topic};
use crate::catalog::PriceBasis;
use crate::catalog::{Catalog, GIB};
use crate::estimate::{self, Interconnect, Machine, Mode, Optimizer};
use crate::i18n::{
    Args, Lang, MsgId, Num, format_gib, format_int, format_number, format_params, format_usd,
    label, t, tr, tr_into, usd_num,
};
use crate::msg;
use crate::recommend::{Setup, Tag, Why};
use std::borrow::Cow;

pub use super::notes::{
    assumption_lines, assumption_lines_after_first, error_band_line, model_lines, note, note_lines,
    sized_from_name_line,
};

/// Where a renderer writes lines (a list of strings, one per line).
pub trait Lines {
    /// A new, empty line to write into.
    fn line(&mut self) -> &mut String;
}

impl Lines for Vec<String> {
    fn line(&mut self) -> &mut String {
        self.push(String::with_capacity(96));
        self.last_mut().expect("a line was just pushed")
    }
}

/// A single line written by `write`, as its own string.
fn one_line(write: impl FnOnce(&mut String)) -> String {
    let mut out = String::with_capacity(96);
    write(&mut out);
    out
}

/// "2 × RTX 4090" or the card alone.
pub fn setup_label(catalog: &Catalog, gpu_id: &str, count: u32) -> String {
    setup_label_cow(catalog, gpu_id, count).into_owned()
}

/// [`setup_label`], borrowed from the catalog for a single card.
pub fn setup_label_cow<'c>(catalog: &'c Catalog, gpu_id: &'c str, count: u32) -> Cow<'c, str> {
    let gpu = catalog.gpu(gpu_id);
    if let Some((card, per_card)) =
        gpu.and_then(|g| Some((g.card_name.as_deref()?, g.devices_per_card())))
    {
        return Cow::Owned(card_label(card, per_card, count));
    }
    let name = gpu.map_or(gpu_id, |g| g.display_name.as_str());
    if count == 1 {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    out.push_str(itoa::Buffer::new().format(count));
    out.push_str(" × ");
    out.push_str(name);
    Cow::Owned(out)
}

/// How many cards `devices` GPUs of `gpu_id` are (an MI250X holds two), for "It fits on
/// { $count } × { $gpu }".
fn cards(catalog: &Catalog, gpu_id: &str, devices: u32) -> u32 {
    match catalog.gpu(gpu_id) {
        Some(g) if g.card_name.is_some() => devices.div_ceil(g.devices_per_card()),
        _ => devices,
    }
}

/// The name after "{ $count } ×": the card alone, or for parts of a card the card with
/// the parts it takes ("AMD Instinct MI250X (6 GCD)").
fn unit_label<'c>(catalog: &'c Catalog, gpu_id: &'c str, devices: u32) -> Cow<'c, str> {
    match catalog.gpu(gpu_id) {
        Some(g) if g.card_name.is_some() => {
            let card = g.card_name.as_deref().unwrap_or_default();
            Cow::Owned(format!("{card} ({devices} GCD)"))
        }
        _ => setup_label_cow(catalog, gpu_id, 1),
    }
}

/// Devices that are parts of a card (MI250X GCDs) counted as the cards one buys:
/// "2 × AMD Instinct MI250X (4 GCD)", "AMD Instinct MI250X (1/2 GCD)".
fn card_label(card: &str, per_card: u32, devices: u32) -> String {
    let cards = devices.div_ceil(per_card);
    let mut out = String::with_capacity(card.len() + 16);
    if cards > 1 {
        out.push_str(itoa::Buffer::new().format(cards));
        out.push_str(" × ");
    }
    out.push_str(card);
    out.push_str(" (");
    out.push_str(itoa::Buffer::new().format(devices));
    if devices < per_card {
        out.push('/');
        out.push_str(itoa::Buffer::new().format(per_card));
    }
    out.push_str(" GCD)");
    out
}

/// "1 GPU", "2 GPUs" (en, pt), "2 GPU" (es), "2 张 GPU" (zh): the language's plural rules.
pub fn gpu_count(lang: Lang, n: u32) -> String {
    let count = Num::int(lang, u64::from(n));
    let args = Args::new()
        .s("count", count.as_str())
        .n(lang, "count_n", u64::from(n));
    tr(lang, msg!("gpu-count"), Some(&args))
}

pub fn mode_name(lang: Lang, mode: Mode) -> String {
    t(lang, mode_id(mode))
}

/// The mode in words ("inference", "QLoRA").
pub fn mode_label(lang: Lang, mode: Mode) -> Cow<'static, str> {
    label(lang, mode_id(mode))
}

fn mode_id(mode: Mode) -> &'static MsgId {
    match mode {
        Mode::Inference => msg!("mode-inference"),
        Mode::FullFinetune => msg!("mode-full-finetune"),
        Mode::Lora => msg!("mode-lora"),
        Mode::Qlora => msg!("mode-qlora"),
    }
}

/// The model's name in the reader's language, inside a sentence: a catalog or Hub name as
/// it is, and a shape made up from a bare size ("a 70B model with Llama 3's architecture")
/// in words of the locale, since the catalog only holds an English form.
pub fn model_name<'a>(lang: Lang, a: &'a Answer) -> Cow<'a, str> {
    generic_name(lang, a, msg!("model-generic-shape"))
}

/// [`model_name`] as a title or heading ("70B model, Llama 3's architecture").
pub fn model_title<'a>(lang: Lang, a: &'a Answer) -> Cow<'a, str> {
    generic_name(lang, a, msg!("model-generic-title"))
}

fn generic_name<'a>(lang: Lang, a: &'a Answer, id: &'static MsgId) -> Cow<'a, str> {
    let m = &a.model;
    let like = m
        .shape_of
        .as_deref()
        .filter(|_| m.synthetic && m.family == "generic")
        .and_then(|id| Catalog::get().model(id));
    match like {
        Some(like) => {
            let b = m.params_b();
            let size = format_number(lang, b, if b < 10.0 { 1 } else { 0 });
            let args = Args::new()
                .s("size", size)
                .s("like", like.display_name.as_str());
            Cow::Owned(tr(lang, id, Some(&args)))
        }
        None => Cow::Borrowed(m.display_name.as_str()),
    }
}

/// "Llama 3.1 70B · fp16 · inference".
pub fn title(lang: Lang, a: &Answer) -> String {
    one_line(|out| title_into(out, lang, a))
}

/// [`title`], appended to `out`.
pub fn title_into(out: &mut String, lang: Lang, a: &Answer) {
    let args = Args::new()
        .s("model", model_title(lang, a))
        .s("precision", a.job.precision.name())
        .s("mode", label(lang, mode_id(a.job.mode)));
    tr_into(out, lang, msg!("answer-title"), Some(&args));
}

/// "8,192 tokens · batch 1 · transformers".
pub fn job_line(lang: Lang, a: &Answer) -> String {
    one_line(|out| job_line_into(out, lang, a))
}

/// [`job_line`], appended to `out`.
pub fn job_line_into(out: &mut String, lang: Lang, a: &Answer) {
    let context = Num::int(lang, a.job.context());
    let batch = Num::int(lang, u64::from(a.job.batch));
    let args = Args::new()
        .s("context", context.as_str())
        .s("batch", batch.as_str());
    // Training names the optimizer where inference names the runtime.
    if a.job.mode.is_training() {
        let args = args.s("optimizer", optimizer_name(a.job.optimizer));
        tr_into(out, lang, msg!("answer-job-training"), Some(&args));
    } else {
        let runtime = runtime_label(lang, a.job.runtime);
        tr_into(
            out,
            lang,
            msg!("answer-job"),
            Some(&args.s("runtime", runtime)),
        );
    }
}

fn optimizer_name(o: Optimizer) -> &'static str {
    match o {
        Optimizer::Adamw => "AdamW",
        Optimizer::Adamw8bit => "AdamW 8-bit",
        Optimizer::PagedAdamw8bit => "paged AdamW 8-bit",
        Optimizer::Sgd => "SGD",
    }
}

/// "Estimated peak memory: **141.2 GiB**" (with the per-GPU share when split).
pub fn total_line(lang: Lang, a: &Answer) -> String {
    one_line(|out| total_line_into(out, lang, a))
}

/// [`total_line`], appended to `out`.
pub fn total_line_into(out: &mut String, lang: Lang, a: &Answer) {
    let e = &a.estimate;
    let total = Num::gib(lang, e.total_gib());
    let args = Args::new().s("total", total.as_str());
    if e.gpus > 1 {
        // Only the split line names the share and the count.
        let per_gpu = Num::gib(lang, e.per_gpu_gib());
        let args = args
            .s("per_gpu", per_gpu.as_str())
            .s("gpus", gpu_count(lang, e.gpus));
        tr_into(out, lang, msg!("answer-total-split"), Some(&args));
    } else {
        tr_into(out, lang, msg!("answer-total"), Some(&args));
    }
}

/// The parts that are not zero, each as "weights: 131.4 GiB" (`part-item`).
pub fn breakdown_items(lang: Lang, a: &Answer) -> Vec<String> {
    breakdown_parts(a)
        .map(|(id, bytes)| {
            let value = Num::gib(lang, bytes / GIB);
            let args = Args::new()
                .s("label", label(lang, id))
                .s("value", value.as_str());
            tr(lang, msg!("part-item"), Some(&args))
        })
        .collect()
}

/// (message id, bytes) of the parts that are not zero.
fn breakdown_parts(a: &Answer) -> impl Iterator<Item = (&'static MsgId, f64)> {
    let e = &a.estimate;
    [
        (msg!("part-weights"), e.weights),
        (msg!("part-kv-cache"), e.kv_cache),
        (msg!("part-activations"), e.activations),
        (msg!("part-gradients"), e.gradients),
        (msg!("part-optimizer"), e.optimizer),
        (msg!("part-overhead"), e.overhead),
    ]
    .into_iter()
    .filter(|(_, v)| *v > 0.0)
}

pub fn breakdown_line(lang: Lang, a: &Answer) -> String {
    one_line(|out| breakdown_line_into(out, lang, a))
}

/// [`breakdown_line`], appended to `out`: the title, then each part straight into `out`.
pub fn breakdown_line_into(out: &mut String, lang: Lang, a: &Answer) {
    out.push_str(&label(lang, msg!("answer-breakdown-title")));
    out.push_str(&separator(lang, Separator::AfterTitle));
    for (i, (id, bytes)) in breakdown_parts(a).enumerate() {
        if i > 0 {
            out.push_str(" · ");
        }
        let value = Num::gib(lang, bytes / GIB);
        let args = Args::new()
            .s("label", label(lang, id))
            .s("value", value.as_str());
        tr_into(out, lang, msg!("part-item"), Some(&args));
    }
}

/// The verdict on the GPU the user named, plus how many would do when it is too small.
pub fn fit_lines(lang: Lang, catalog: &Catalog, a: &Answer) -> Vec<String> {
    let mut out = Vec::new();
    fit_lines_to(&mut out, lang, catalog, a);
    out
}

/// The first of the [`fit_lines`]: fits, tight or not, on the named setup. The verdict
/// of a chat reply, built alone (the other fit lines cost twice as much again).
pub fn fit_verdict_line(lang: Lang, catalog: &Catalog, a: &Answer) -> Option<String> {
    let fit = a.fit.as_ref()?;
    let mut out = String::with_capacity(128);
    fit_verdict_into(&mut out, lang, catalog, a, fit);
    Some(out)
}

fn fit_verdict_into(
    out: &mut String,
    lang: Lang,
    catalog: &Catalog,
    a: &Answer,
    fit: &crate::estimate::Fit,
) {
    let per_gpu = Num::gib(lang, fit.per_gpu_gib);
    let usable = Num::gib(lang, fit.usable_gib);
    let args = Args::new()
        .s("setup", setup_label_cow(catalog, &fit.gpu, fit.count))
        .s("per_gpu", per_gpu.as_str())
        .s("usable", usable.as_str());
    if fit.fits && a.tight() {
        // Inside the estimate's own error band: a yes would promise too much.
        let pct = a.estimate.error_band.map_or(0.0, |b| b.pct);
        let args = args.s("band", format_number(lang, pct, 0));
        tr_into(out, lang, msg!("answer-fit-tight"), Some(&args));
    } else if fit.fits {
        let headroom = Num::gib(lang, fit.headroom_gib.abs());
        let args = args.s("headroom", headroom.as_str());
        tr_into(out, lang, msg!("answer-fit-yes"), Some(&args));
    } else {
        // The "does not fit" line has no headroom to show.
        tr_into(out, lang, msg!("answer-fit-no"), Some(&args));
    }
}

/// [`fit_lines`], written to `out`.
pub fn fit_lines_to(out: &mut impl Lines, lang: Lang, catalog: &Catalog, a: &Answer) {
    let Some(fit) = &a.fit else {
        return;
    };
    fit_verdict_into(out.line(), lang, catalog, a, fit);
    if !fit.fits {
        match a.needed_count {
            Some(n) => tr_into(
                out.line(),
                lang,
                // Past one machine, the topology line below says how many machines.
                if a.gpu.is_some_and(|g| {
                    n > crate::estimate::box_limit(g)
                        && estimate::Topology::of(g).machine == Machine::Unified
                }) {
                    msg!("answer-fit-needed-cluster")
                } else {
                    msg!("answer-fit-needed")
                },
                Some(
                    &Args::new()
                        .s(
                            "count",
                            Num::int(lang, u64::from(cards(catalog, &fit.gpu, n))).as_str(),
                        )
                        .s("gpu", unit_label(catalog, &fit.gpu, n)),
                ),
            ),
            None => tr_into(out.line(), lang, msg!("answer-fit-never"), None),
        }
        if let Some(o) = &a.offload {
            let per_gpu = Num::gib(lang, o.per_gpu_gib);
            tr_into(
                out.line(),
                lang,
                msg!("answer-fit-offload"),
                Some(&Args::new().s("per_gpu", per_gpu.as_str())),
            );
        }
    }
    for l in topology_lines(lang, catalog, a)
        .into_iter()
        .chain(pool_line(lang, a))
    {
        out.line().push_str(&l);
    }
}

/// What the machines make of the named count (and of the count that would do): more
/// consumer cards than a desktop board takes, more GPUs than a server node holds, or a
/// count vLLM cannot split the attention heads over.
fn topology_lines(lang: Lang, catalog: &Catalog, a: &Answer) -> Vec<String> {
    let Some(gpu) = a.gpu else {
        return Vec::new();
    };
    let asked = a.gpu_count.unwrap_or(1);
    let mut out = Vec::new();
    // The larger of the named count and the count that would do, past one machine.
    let count = a.needed_count.map_or(asked, |n| n.max(asked));
    if count > estimate::box_limit(gpu) {
        let id = match estimate::Topology::of(gpu).machine {
            Machine::Desktop => Some(msg!("picks-box-desktop")),
            Machine::Server => Some(msg!("picks-box-server")),
            Machine::Unified => None,
        };
        if let Some(id) = id {
            let per_box = Num::int(lang, u64::from(estimate::box_limit(gpu)));
            let machines = Num::int(lang, u64::from(estimate::machines(gpu, count)));
            let count_text = Num::int(lang, u64::from(cards(catalog, &gpu.id, count)));
            let args = Args::new()
                .s("count", count_text.as_str())
                .s("gpu", unit_label(catalog, &gpu.id, count))
                .s("per_box", per_box.as_str())
                .s("machines", machines.as_str());
            out.push(tr(lang, id, Some(&args)));
        }
    }
    if let Some(layout) = estimate::layout(&a.model, &a.job, gpu, asked)
        && !estimate::offered(&a.model, &a.job, gpu, asked)
    {
        let next = estimate::Topology::of(gpu)
            .any_counts
            .iter()
            .copied()
            .find(|&n| n > asked && estimate::offered(&a.model, &a.job, gpu, n))
            .unwrap_or(asked);
        let args = Args::new()
            .s(
                "heads",
                format_int(lang, u64::from(a.model.num_attention_heads)),
            )
            .s("count", format_int(lang, u64::from(asked)))
            .s("stages", format_int(lang, u64::from(layout.pipeline)))
            .s("tensor", format_int(lang, u64::from(layout.tensor)))
            .s("next", format_int(lang, u64::from(next)));
        out.push(tr(lang, msg!("picks-tensor-parallel"), Some(&args)));
    }
    out
}

/// The KV pool of a paged-KV engine (vLLM, SGLang) on the named setup.
fn pool_line(lang: Lang, a: &Answer) -> Option<String> {
    let fit = a.fit.as_ref()?;
    let tokens = fit.kv_capacity_tokens?;
    let sequences = fit.max_concurrency?;
    let gpu = a.gpu?;
    let budget = a.job.runtime.profile().budget;
    let share = a
        .job
        .memory_share
        .or_else(|| budget.share_on(gpu.gpu_gib(), fit.count))?;
    let args = Args::new()
        .s("runtime", runtime_label(lang, a.job.runtime))
        .s("util", format_number(lang, share * 100.0, 0))
        .s("tokens", format_int(lang, tokens))
        .s("sequences", format_number(lang, sequences.floor(), 0))
        .n(lang, "sequences_n", sequences.floor() as u64)
        .s("context", format_int(lang, a.job.context()));
    // Not one whole sequence: "about 0 sequences" would read as a yes.
    let id = if sequences < 1.0 {
        msg!("answer-pool-capacity-none")
    } else {
        msg!("answer-pool-capacity")
    };
    Some(tr(lang, id, Some(&args)))
}

fn tag_id(tag: Tag) -> &'static MsgId {
    match tag {
        Tag::Cheapest => msg!("tag-cheapest"),
        Tag::CheapestSingle => msg!("tag-cheapest-single"),
        Tag::BestValue => msg!("tag-best-value"),
        Tag::FewestCards => msg!("tag-fewest-cards"),
        Tag::Fastest => msg!("tag-fastest"),
        Tag::Datacenter => msg!("tag-datacenter"),
    }
}

pub fn link_name(lang: Lang, link: Interconnect) -> String {
    t(lang, link_id(link))
}

fn link_id(link: Interconnect) -> &'static MsgId {
    match link {
        Interconnect::Single => msg!("link-single"),
        Interconnect::Nvlink => msg!("link-nvlink"),
        Interconnect::NvlinkBridge => msg!("link-nvlink-bridge"),
        Interconnect::Pcie => msg!("link-pcie"),
        Interconnect::InfinityFabric => msg!("link-infinity-fabric"),
        Interconnect::MultiNode => msg!("link-multi-node"),
    }
}

/// A launch price in US dollars, written the locale's way ("US$ 1.599", "1,599 美元").
pub fn price_usd(lang: Lang, usd: f64) -> String {
    format_usd(lang, usd, 0)
}

/// "2 × RTX 4090: 70.6 GiB per GPU · ≈24 tokens/s · US$3,198 at launch prices (cheapest)".
///
/// Written into one buffer: an answer has up to five of these, and they were the
/// costliest part of rendering when each piece was its own string.
pub fn setup_line(lang: Lang, catalog: &Catalog, setup: &Setup) -> String {
    one_line(|out| setup_line_into(out, lang, catalog, setup))
}

/// [`setup_line`], appended to `out`.
/// "≈21 tokens/s", or "≈21 tokens/s each at 40 users" when the answer plans for several
/// users at once (every setup is priced at that same load).
pub fn setup_speed_id(users: Option<u32>) -> &'static crate::i18n::MsgId {
    if users.is_some() {
        msg!("answer-setup-speed-users")
    } else {
        msg!("answer-setup-speed")
    }
}

/// The arguments of [`setup_speed_id`]'s message.
pub fn setup_speed_args<'a>(lang: Lang, tps: &'a str, users: Option<u32>) -> Args<'a> {
    let args = Args::new().s("tps", tps);
    match users {
        Some(n) => args.s("users", format_int(lang, u64::from(n))),
        None => args,
    }
}

pub fn setup_line_into(out: &mut String, lang: Lang, catalog: &Catalog, setup: &Setup) {
    setup_head_into(out, lang, catalog, setup);
    price_extras(out, lang, catalog, setup);
    setup_why_into(out, lang, setup);
}

/// "2 × RTX PRO 6000: 68.3 GiB per GPU · PCIe · ≈6.0 tokens/s": [`setup_line`] without its
/// prices and why, for a verdict sentence that must stay short on a phone (the setups
/// below it say both).
pub fn setup_brief(lang: Lang, catalog: &Catalog, setup: &Setup) -> String {
    one_line(|out| setup_head_into(out, lang, catalog, setup))
}

/// The card, its memory per GPU, the link and the speed, in this order in every language.
fn setup_head_into(out: &mut String, lang: Lang, catalog: &Catalog, setup: &Setup) {
    let fit = &setup.fit;
    out.push_str(&setup_label_cow(catalog, &fit.gpu, fit.count));
    out.push_str(&separator(lang, Separator::Colon));
    let per_gpu = Num::gib(lang, fit.per_gpu_gib);
    let args = Args::new().s("per_gpu", per_gpu.as_str());
    tr_into(out, lang, msg!("amount-per-gpu"), Some(&args));
    if fit.count > 1 {
        out.push_str(" · ");
        tr_into(out, lang, link_id(fit.interconnect), None);
    }
    if let Some(tps) = fit.tokens_per_s {
        let tps = Num::number(lang, tps, if tps < 10.0 { 1 } else { 0 });
        out.push_str(" · ");
        let args = setup_speed_args(lang, tps.as_str(), fit.speed_users);
        tr_into(out, lang, setup_speed_id(fit.speed_users), Some(&args));
    }
}

/// The first reason in a phrase, then any other labels the setup also earned.
fn setup_why_into(out: &mut String, lang: Lang, setup: &Setup) {
    out.push_str(&separator(lang, Separator::Open));
    tr_into(out, lang, why_id(setup.why), None);
    if setup.tags.len() > 1 {
        let list = separator(lang, Separator::List);
        for &tag in setup.tags.iter().skip(1) {
            out.push_str(&list);
            tr_into(out, lang, tag_id(tag), None);
        }
    }
    out.push_str(&separator(lang, Separator::Close));
}

/// " · US$1,700 now (2026-05) · US$3.49/h to rent (2026-09) · ≈US$0.12 per million
/// tokens at 35 concurrent requests of 1,500 tokens": what the setup costs to buy, to rent,
/// and per token when rented and serving as many requests as its KV pool holds.
pub fn price_extras(out: &mut String, lang: Lang, catalog: &Catalog, setup: &Setup) {
    let gpu = catalog.gpu(&setup.fit.gpu);
    if let Some(buy) = setup.buy {
        let price = usd_num(lang, buy.usd, 0);
        let args = Args::new().s("price", price.as_str());
        out.push_str(" · ");
        match buy.basis {
            PriceBasis::Street => {
                let date = gpu.and_then(|g| g.street_usd_date.as_deref());
                let args = args.s("date", date.unwrap_or_default());
                tr_into(out, lang, msg!("picks-price-street"), Some(&args));
            }
            // A launch price has no date to show.
            PriceBasis::Launch => tr_into(out, lang, msg!("picks-price-launch"), Some(&args)),
        }
    }
    if let Some(hourly) = setup.cloud_usd_per_hour {
        let date = gpu.and_then(|g| g.cloud_usd_per_hour_date.as_deref());
        let price = usd_num(lang, hourly, 2);
        let args = Args::new()
            .s("price", price.as_str())
            .s("date", date.unwrap_or_default());
        out.push_str(" · ");
        tr_into(out, lang, msg!("picks-cloud"), Some(&args));
    }
    // Priced at the load it assumes, or not at all: a price with no load is misleading.
    if let (Some(per_million), Some(at)) = (setup.usd_per_million_tokens, setup.per_million_at) {
        let decimals = if per_million < 0.1 { 3 } else { 2 };
        let price = usd_num(lang, per_million, decimals);
        let concurrency = format_int(lang, at.concurrency);
        let context = format_int(lang, at.context);
        let args = Args::new()
            .s("price", price.as_str())
            .s("concurrency", concurrency)
            .n(lang, "concurrency_n", at.concurrency)
            .s("context", context);
        out.push_str(" · ");
        tr_into(out, lang, msg!("picks-per-million"), Some(&args));
    }
}

fn why_id(why: Why) -> &'static MsgId {
    match why {
        Why::CheapestNow => msg!("why-cheapest-now"),
        Why::CheapestAtLaunch => msg!("why-cheapest-at-launch"),
        Why::CheapestSingleCard => msg!("why-cheapest-single-card"),
        Why::BestValue => msg!("why-best-value"),
        Why::FewestCards => msg!("why-fewest-cards"),
        Why::Fastest => msg!("why-fastest"),
        Why::Datacenter => msg!("why-datacenter"),
    }
}

/// Why a pick is on the list, in the reader's language.
pub fn why_phrase(lang: Lang, why: Why) -> String {
    t(lang, why_id(why))
}

/// Multi-GPU advice: NVLink, layer split, SXM only, several nodes.
pub fn advice_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let r = &a.recommendations;
    let mut out = Vec::new();
    if r.multi_node {
        out.push(t(lang, msg!("advice-multi-node")));
    } else if r.sxm_only {
        out.push(t(lang, msg!("advice-sxm-only")));
    }
    let multi = r.setups.iter().any(|s| s.fit.count > 1) || a.gpu_count.unwrap_or(1) > 1;
    if r.nvlink_matters {
        out.push(t(lang, msg!("advice-nvlink")));
    } else if multi {
        out.push(t(lang, msg!("advice-layer-split")));
    }
    out
}

/// The rule of thumb and why it differs from the estimate.
pub fn rule_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out = Vec::new();
    rule_lines_to(&mut out, lang, a);
    out
}

/// [`rule_lines`], written to `out`.
pub fn rule_lines_to(out: &mut impl Lines, lang: Lang, a: &Answer) {
    let e = &a.estimate;
    let rule_gib = e.rule_of_thumb_gb * 1e9 / GIB;
    let (rule, rule_gib_text) = (
        Num::number(lang, e.rule_of_thumb_gb, 1),
        Num::gib(lang, rule_gib),
    );
    let args = Args::new()
        .s("rule", rule.as_str())
        .s("rule_gib", rule_gib_text.as_str());
    tr_into(out.line(), lang, msg!("answer-rule"), Some(&args));
    if a.job.mode.is_training() {
        let (gradients, optimizer) = (
            Num::gib(lang, e.gradients / GIB),
            Num::gib(lang, e.optimizer / GIB),
        );
        let args = Args::new()
            .s("gradients", gradients.as_str())
            .s("optimizer", optimizer.as_str());
        tr_into(out.line(), lang, msg!("rule-training"), Some(&args));
        return;
    }
    let diff = (e.total_gib() - rule_gib) / rule_gib;
    let pct = Num::number(lang, (diff * 100.0).abs(), 0);
    let args = Args::new().s("pct", pct.as_str());
    if diff.abs() < 0.05 {
        tr_into(out.line(), lang, msg!("rule-close"), Some(&args));
    } else if diff < 0.0 {
        tr_into(out.line(), lang, msg!("rule-lower"), Some(&args));
    } else {
        // Only the "higher" line names the job's context and batch.
        let (context, batch) = (
            Num::int(lang, a.job.context()),
            Num::int(lang, u64::from(a.job.batch)),
        );
        let args = args
            .s("context", context.as_str())
            .s("batch", batch.as_str());
        tr_into(out.line(), lang, msg!("rule-higher"), Some(&args));
    }
    let p = a.job.precision;
    if p.is_quantized() && (p.bits_per_weight() - p.nominal_bits()).abs() > 0.1 {
        let (nominal, bits) = (
            Num::number(lang, p.nominal_bits(), 0),
            Num::number(lang, p.bits_per_weight(), 2),
        );
        let args = Args::new()
            .s("nominal", nominal.as_str())
            .s("precision", p.name())
            .s("bits", bits.as_str());
        tr_into(out.line(), lang, msg!("rule-quantized"), Some(&args));
    }
}

/// The `guide-<slug>-title` message of a topic, named in the code so it is found once.
pub fn guide_title_id(topic: Topic) -> &'static MsgId {
    match topic {
        Topic::Vram => msg!("guide-vram-title"),
        Topic::Nvlink => msg!("guide-nvlink-title"),
        Topic::TensorCores => msg!("guide-tensor-cores-title"),
        Topic::Sxm => msg!("guide-sxm-title"),
        Topic::Precision => msg!("guide-precision-title"),
        Topic::Quantization => msg!("guide-quantization-title"),
        Topic::KvCache => msg!("guide-kv-cache-title"),
        Topic::Oom => msg!("guide-oom-title"),
        Topic::MultiGpu => msg!("guide-multi-gpu-title"),
        Topic::CudaVisibleDevices => msg!("guide-cuda-visible-devices-title"),
        Topic::Choosing => msg!("guide-choosing-title"),
    }
}

/// Punctuation that joins parts of an answer, from Fluent: Chinese writes full-width
/// "；", "，" and "（）" where English writes "; ", ", " and " (".
#[derive(Debug, Clone, Copy)]
pub enum Separator {
    /// Between independent clauses (the assumptions).
    Clause,
    /// Between items of a list (a setup's labels).
    List,
    /// Opens a parenthesis after a word.
    Open,
    /// Closes it.
    Close,
    /// After a title's colon: a space, none after a full-width "：".
    AfterTitle,
    /// Between a label and its value: ": " or "：".
    Colon,
}

pub fn separator(lang: Lang, which: Separator) -> Cow<'static, str> {
    label(
        lang,
        match which {
            Separator::Clause => msg!("sep-clause"),
            Separator::List => msg!("sep-list"),
            Separator::Open => msg!("sep-open"),
            Separator::Close => msg!("sep-close"),
            Separator::AfterTitle => msg!("sep-after-title"),
            Separator::Colon => msg!("sep-colon"),
        },
    )
}

/// Every line that explains the numbers: assumptions, notes, and the speed caveat.
pub fn caveat_lines(lang: Lang, a: &Answer) -> Vec<String> {
    let mut out = note_lines(lang, a);
    out.extend(super::notes::listed_file_line(lang, a));
    if let Some(band) = a.estimate.error_band {
        out.push(error_band_line(lang, band));
    }
    if !a.job.mode.is_training() {
        out.push(t(lang, msg!("answer-speed-note")));
    }
    out
}

/// A vision tower's size in the unit each language counts it in: millions in English,
/// Portuguese and Spanish (a "0.4 billion" reads badly), 亿 in Chinese.
pub(super) fn tower_size(lang: Lang, params_b: f64) -> String {
    match lang {
        Lang::Zh => format_params(lang, params_b),
        _ => format_int(lang, (params_b * 1000.0).round() as u64),
    }
}

/// A runtime in the words people know it by ("Hugging Face transformers"): the Fluent
/// message `runtime-<name>` of its profile, dots as dashes.
pub fn runtime_label(lang: Lang, runtime: crate::runtime::Runtime) -> Cow<'static, str> {
    label(lang, &RUNTIME_IDS[runtime as usize])
}

/// Each runtime's message id, in [`crate::runtime::Runtime`]'s order, with its slot found
/// once: a reply names its runtime several times.
static RUNTIME_IDS: std::sync::LazyLock<Vec<crate::i18n::MsgId>> = std::sync::LazyLock::new(|| {
    crate::runtime::Runtime::ALL
        .iter()
        .map(|&r| crate::i18n::MsgId::new(runtime_message_id(r).leak()))
        .collect()
});

/// The Fluent id naming a runtime (`runtime-llama-cpp` for llama.cpp).
pub fn runtime_message_id(runtime: crate::runtime::Runtime) -> String {
    format!("runtime-{}", runtime.name().replace('.', "-"))
}

/// The answer's lead when the user named no format and the assumed one does not fit their
/// cards: the one line on the native format, and the format the rest of the answer is for.
pub fn best_fit_line(lang: Lang, catalog: &Catalog, a: &Answer) -> Option<String> {
    let best = a.best_fit.as_ref()?;
    let args = Args::new()
        .s("precision", best.precision.name())
        .s(
            "bits",
            format_number(lang, best.precision.nominal_bits(), 0),
        )
        .s("setup", setup_label(catalog, &best.fit.gpu, best.fit.count))
        .s("per_gpu", format_gib(lang, best.fit.per_gpu_gib))
        .s("usable", format_gib(lang, best.fit.usable_gib))
        .s("native", best.native.name())
        .s(
            "native_per_gpu",
            format_gib(lang, best.native_fit.per_gpu_gib),
        );
    Some(tr(lang, msg!("answer-best-fit"), Some(&args)))
}

/// The text answer's second line when the user named no format and the assumed one does
/// not fit their cards: what the model's own format needs, and that the answer is for the
/// largest format that fits (the verdict above already says it fits, and how much it takes).
pub fn native_format_line(lang: Lang, a: &Answer) -> Option<String> {
    let best = a.best_fit.as_ref()?;
    let args = Args::new()
        .s("precision", best.precision.name().to_uppercase())
        .s("native", best.native.name().to_uppercase())
        .s(
            "native_per_gpu",
            format_gib(lang, best.native_fit.per_gpu_gib),
        );
    Some(tr(lang, msg!("answer-native-format"), Some(&args)))
}

/// The rule of thumb in GiB only, for surfaces that keep one unit (the Discord answer).
pub fn rule_line_gib(lang: Lang, a: &Answer) -> String {
    let rule_gib = a.estimate.rule_of_thumb_gb * 1e9 / GIB;
    let args = Args::new().s("rule_gib", format_gib(lang, rule_gib));
    tr(lang, msg!("controls-rule"), Some(&args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_topic_names_its_own_guide_title() {
        for lang in Lang::ALL {
            for &topic in Topic::ALL {
                let by_slug = format!("guide-{}-title", topic.slug());
                assert_eq!(label(lang, guide_title_id(topic)), t(lang, &by_slug));
                assert_ne!(t(lang, &by_slug), by_slug, "{by_slug} missing in {lang:?}");
            }
        }
    }

    #[test]
    fn gpu_counts_follow_each_languages_plural() {
        assert_eq!(gpu_count(Lang::En, 1), "1 GPU");
        assert_eq!(gpu_count(Lang::En, 2), "2 GPUs");
        assert_eq!(gpu_count(Lang::Pt, 2), "2 GPUs");
        assert_eq!(gpu_count(Lang::Es, 2), "2 GPU");
        assert_eq!(gpu_count(Lang::Zh, 8), "8 张 GPU");
        assert_eq!(gpu_count(Lang::En, 1024), "1,024 GPUs");
    }

    #[test]
    fn every_runtime_has_a_name_in_every_language() {
        for lang in Lang::ALL {
            for &r in crate::runtime::Runtime::ALL {
                let id = runtime_message_id(r);
                assert!(crate::i18n::has(lang, &id), "{lang:?} {id}");
            }
        }
        assert_eq!(
            runtime_label(Lang::Pt, crate::runtime::Runtime::Transformers),
            "Hugging Face transformers"
        );
    }
}
