//! "Can I run X on Y" with no format named, where the model's own format does not fit Y:
//! the answer leads with the best format that does, on every surface (issue 15).

use vramguide::answer::{self, Answer};
use vramguide::catalog::Catalog;
use vramguide::i18n::Lang;
use vramguide::render;

fn ask(text: &str) -> (Lang, Answer) {
    let reply = answer::for_text(Catalog::get(), text);
    let lang = reply.parsed.language.unwrap_or(Lang::En);
    (lang, reply.result.expect("answers"))
}

/// The lead on the text answer, the JSON's `text` and its `best_fit` object; the rest of
/// the answer (job, verdict, launch) is about the format that fits: one answer, one verdict.
fn check_lead(text: &str, want_lang: Lang) {
    let catalog = Catalog::get();
    let (lang, a) = ask(text);
    assert_eq!(lang, want_lang, "{text}");
    let best = a.best_fit.as_ref().expect("a format that fits is named");
    let native = &best.native_fit;
    assert!(
        !native.fits,
        "{text}: the native format does not fit one 3090"
    );
    assert_eq!(native.count, 1);
    let fit = a.fit.as_ref().expect("a GPU was named");
    assert!(
        fit.fits,
        "{text}: the answer's verdict is the format that fits"
    );
    assert_eq!(fit, &best.fit);
    assert_eq!(
        a.job.precision, best.precision,
        "the job is the one that fits"
    );
    assert!(a.levers.iter().all(|l| l.fit.fits));

    assert!(best.fit.fits && best.fit.count == 1, "{best:?}");
    assert_eq!(
        best.precision.nominal_bits(),
        4.0,
        "4-bit fits a 3090: {best:?}"
    );
    assert!(best.fit.per_gpu_gib <= best.fit.usable_gib);

    let lead = render::parts::best_fit_line(lang, catalog, &a).expect("a lead line");
    assert!(lead.contains(best.precision.name()), "{lead}");
    assert!(
        lead.contains(best.native.name()),
        "says the native format does not fit: {lead}"
    );
    assert!(lead.contains("3090"), "{lead}");
    // The text opens with the verdict on the 3090 in the format that fits (issue 33), then
    // one line on the model's own format.
    let out = render::text::answer(lang, catalog, &a);
    let native = render::parts::native_format_line(lang, &a).expect("the native line");
    assert!(
        native.contains(&best.native.name().to_uppercase()),
        "{native}"
    );
    assert_eq!(
        out.lines().next(),
        Some(native.as_str()),
        "first line: {out}"
    );
    assert!(!out.contains('❌'), "one verdict, and it is a yes: {out}");

    let json = serde_json::to_value(render::json::answer(lang, catalog, &a)).expect("JSON");
    let verdict = json["verdict"].as_str().expect("a verdict");
    let yes = if lang == Lang::Pt { "Sim: " } else { "Yes: " };
    assert!(verdict.starts_with(yes), "{verdict}");
    assert!(
        verdict.contains(&best.precision.name().to_uppercase()) && verdict.contains("3090"),
        "{verdict}"
    );
    assert_eq!(
        json["text"].as_str().and_then(|t| t.lines().next()),
        Some(verdict)
    );
    assert_eq!(json["best_fit"]["precision"], best.precision.name());
    assert_eq!(json["best_fit"]["count"], 1);
    assert_eq!(json["best_fit"]["gpu"], fit.gpu.as_str());
    assert_eq!(json["best_fit"]["native"], best.native.name());
    assert_eq!(json["query"]["precision"], best.precision.name());
    assert_eq!(json["fit"]["fits"], true);
    // Added at the end of the answer object, as the contract asks.
    let raw = serde_json::to_string(&render::json::answer(lang, catalog, &a)).expect("JSON");
    assert!(raw.rfind("\"best_fit\"") > raw.rfind("\"launch\""), "{raw}");

    // Discord's first screen opens with the same verdict as the text and the JSON.
    let e = vramguide::render::discord::answer(lang, catalog, &a, false);
    assert_eq!(
        e.description.lines().next(),
        Some(verdict),
        "Discord leads too"
    );
}

#[test]
fn the_portuguese_question_from_the_issue_leads_with_4_bit() {
    check_lead("dá pra rodar qwen 32b numa 3090?", Lang::Pt);
}

#[test]
fn an_english_question_leads_with_4_bit() {
    check_lead("can I run qwen 32b on a 3090?", Lang::En);
}

#[test]
fn no_lead_when_a_format_was_named_or_it_fits() {
    for text in [
        "qwen 32b in bf16 on a 3090",
        "can I run qwen 7b on a 4090?",
        "how much vram for qwen 32b?",
    ] {
        let (_, a) = ask(text);
        assert!(a.best_fit.is_none(), "{text}: {:?}", a.best_fit);
        let out = render::text::answer(Lang::En, Catalog::get(), &a);
        assert!(out.starts_with("**"), "{text}: the title leads: {out}");
    }
}

/// The guide page leads with it too: the verdict's one line, before the chart and title.
#[tokio::test]
async fn the_web_page_leads_with_the_format_that_fits() {
    let base = crate::web::start(0).await;
    let question = "dá pra rodar qwen 32b numa 3090?";
    let url =
        reqwest::Url::parse_with_params(&format!("{base}/ask"), [("q", question)]).expect("url");
    let (status, body) = crate::web::get(url.as_str()).await;
    assert_eq!(status, reqwest::StatusCode::OK);
    // One verdict, about the format that fits (amber when inside the error band).
    let verdict = body.find("class=\"verdict ").expect("a verdict");
    assert!(
        !body[verdict..].starts_with("class=\"verdict no\""),
        "the answer is about the format that fits"
    );
    let lead = verdict + body[verdict..].find("class=\"line\"").expect("its line");
    assert!(
        lead < body.find("<figure").expect("a chart"),
        "before the chart"
    );
    let title = body.find("<h2>").expect("a title");
    assert!(lead < title, "the lead comes first");
    let (_, a) = ask(question);
    let best = a.best_fit.expect("a format that fits").precision.name();
    let strong = format!("<strong>{best}</strong>");
    assert!(
        body[lead..title].contains(&strong),
        "{}",
        &body[lead..title]
    );
}

/// transformers cannot run FP8 weights on a card without FP8 tensor cores (an RTX 3090 is
/// Ampere, compute capability 8.6): neither the lead nor the levers offer it there, while
/// an RTX 4090 (Ada, 8.9) gets it.
#[test]
fn fp8_is_offered_only_where_transformers_can_run_it() {
    use vramguide::estimate::Format;
    use vramguide::plan::Change;
    let (_, on_3090) = ask("can I run qwen 14b on a 3090 with transformers?");
    let fp8 = |a: &Answer| {
        a.levers
            .iter()
            .any(|l| matches!(l.change, Change::Precision(p) if p.format() == Format::Fp8))
    };
    assert!(!fp8(&on_3090), "{:?}", on_3090.levers);
    let best = on_3090
        .best_fit
        .as_ref()
        .expect("8-bit or 4-bit fits a 3090");
    assert_ne!(best.precision.format(), Format::Fp8);
    assert_eq!(best.precision.nominal_bits(), 8.0, "int8 is next: {best:?}");
    let (_, on_4090) = ask("can I run qwen 14b on a 4090 with transformers?");
    let fp8_lead = on_4090
        .best_fit
        .as_ref()
        .is_some_and(|b| b.precision.format() == Format::Fp8);
    assert!(fp8_lead || fp8(&on_4090), "{:?}", on_4090.levers);
}

/// A fit inside the estimate's own error band is "tight, may not fit", in every language,
/// not a ✅; a fit with room stays a plain yes.
#[test]
fn a_fit_inside_the_error_band_is_tight_not_a_yes() {
    let (_, a) = ask("qwen3 32b in nf4 on a 3090");
    let f = a.fit.as_ref().unwrap();
    let band = a.estimate.error_band.unwrap().pct;
    assert!(f.fits && f.per_gpu_gib * (1.0 + band / 100.0) > f.usable_gib);
    assert!(a.tight());
    for lang in Lang::ALL {
        let out = render::text::answer(lang, Catalog::get(), &a);
        assert!(out.contains("⚠️") && !out.contains('✅'), "{out}");
    }
    let json = serde_json::to_value(render::json::answer(Lang::En, Catalog::get(), &a)).unwrap();
    assert_eq!(json["fit"]["tight"], true);
    let (_, roomy) = ask("llama 3.1 8b on an h100");
    assert!(!roomy.tight());
    let out = render::text::answer(Lang::En, Catalog::get(), &roomy);
    assert!(out.contains("✅ Fits"), "{out}");
}
