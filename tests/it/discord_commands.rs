//! Offline checks of what the bot sends Discord, without a connection: the command
//! registration payload obeys Discord's rules (the spec lacks some), every gateway fixture
//! deserializes in serenity (no `Event::Unknown`), and the longest answers fit an embed in
//! every language.

use crate::fake_discord::{fixtures, schema::Spec};
use poise::serenity_prelude as serenity;
use serde_json::Value;
use std::collections::HashSet;
use vramguide::catalog::Catalog;
use vramguide::discord;
use vramguide::i18n::Lang;
use vramguide::query::{self, Query};
use vramguide::render::discord as embed;

/// Locale codes Discord accepts in `*_localizations`.
const DISCORD_LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

fn registration() -> Value {
    let cmds = discord::commands();
    let builders = poise::builtins::create_application_commands(&cmds);
    serde_json::to_value(builders).expect("serializes")
}

fn check_name(what: &str, name: &str, errors: &mut Vec<String>) {
    let re = regex::Regex::new(r"^[-_\p{L}\p{N}]{1,32}$").unwrap();
    if !re.is_match(name) || name != name.to_lowercase() {
        errors.push(format!("{what}: bad name '{name}'"));
    }
}

fn check_text(what: &str, text: &str, max: usize, errors: &mut Vec<String>) {
    let n = text.chars().count();
    if n == 0 || n > max {
        errors.push(format!("{what}: {n} chars (1..={max}) '{text}'"));
    }
}

fn localizations<'a>(v: &'a Value, key: &str) -> Vec<(&'a str, &'a str)> {
    v[key]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.as_str(), v.as_str().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default()
}

/// Name and description rules for a command or an option, in every locale.
fn check_named(what: &str, v: &Value, errors: &mut Vec<String>) {
    check_name(what, v["name"].as_str().unwrap_or(""), errors);
    check_text(what, v["description"].as_str().unwrap_or(""), 100, errors);
    for (locale, name) in localizations(v, "name_localizations") {
        if !DISCORD_LOCALES.contains(&locale) {
            errors.push(format!("{what}: unknown locale {locale}"));
        }
        check_name(&format!("{what} [{locale}]"), name, errors);
    }
    for (locale, d) in localizations(v, "description_localizations") {
        if !DISCORD_LOCALES.contains(&locale) {
            errors.push(format!("{what}: unknown locale {locale}"));
        }
        check_text(&format!("{what} [{locale}] description"), d, 100, errors);
    }
}

/// Discord counts name, description, option names/descriptions and choice names/values
/// of one command, per locale, against 4000 characters.
fn command_chars(cmd: &Value, locale: Option<&str>) -> usize {
    let pick = |v: &Value, key: &str, loc_key: &str| -> usize {
        locale
            .and_then(|l| v[loc_key][l].as_str())
            .or_else(|| v[key].as_str())
            .map_or(0, |s| s.chars().count())
    };
    let mut n = pick(cmd, "name", "name_localizations")
        + pick(cmd, "description", "description_localizations");
    for o in cmd["options"].as_array().into_iter().flatten() {
        n += pick(o, "name", "name_localizations")
            + pick(o, "description", "description_localizations");
        for c in o["choices"].as_array().into_iter().flatten() {
            n += pick(c, "name", "name_localizations") + c["value"].to_string().len();
        }
    }
    n
}

#[test]
fn registration_obeys_discords_rules() {
    let cmds = registration();
    let cmds = cmds.as_array().expect("array");
    assert_eq!(cmds.len(), 8);
    let mut errors = Vec::new();
    let mut names_per_locale: Vec<HashSet<String>> =
        vec![HashSet::new(); DISCORD_LOCALES.len() + 1];
    for cmd in cmds {
        let name = cmd["name"].as_str().unwrap();
        check_named(&format!("/{name}"), cmd, &mut errors);
        for (i, set) in names_per_locale.iter_mut().enumerate() {
            let localized = DISCORD_LOCALES
                .get(i)
                .and_then(|l| cmd["name_localizations"][*l].as_str())
                .unwrap_or(name);
            if !set.insert(localized.to_string()) {
                errors.push(format!("/{name}: duplicate localized name {localized}"));
            }
        }
        for locale in std::iter::once(None).chain(DISCORD_LOCALES.iter().map(|l| Some(*l))) {
            let n = command_chars(cmd, locale);
            if n > 4000 {
                errors.push(format!("/{name} [{locale:?}]: {n} characters > 4000"));
            }
        }
        let options = cmd["options"].as_array().cloned().unwrap_or_default();
        if options.len() > 25 {
            errors.push(format!("/{name}: more than 25 options"));
        }
        let mut seen_optional = false;
        let mut option_names = HashSet::new();
        for o in &options {
            let oname = o["name"].as_str().unwrap_or("");
            let what = format!("/{name} {oname}");
            check_named(&what, o, &mut errors);
            if !option_names.insert(oname) {
                errors.push(format!("{what}: duplicate option"));
            }
            let required = o["required"].as_bool().unwrap_or(false);
            if required && seen_optional {
                errors.push(format!("{what}: required after optional"));
            }
            seen_optional |= !required;
            let choices = o["choices"].as_array().cloned().unwrap_or_default();
            if choices.len() > 25 {
                errors.push(format!("{what}: {} choices > 25", choices.len()));
            }
            if !choices.is_empty() && o["autocomplete"] == Value::Bool(true) {
                errors.push(format!("{what}: choices and autocomplete together"));
            }
            for c in &choices {
                check_text(
                    &format!("{what} choice"),
                    c["name"].as_str().unwrap_or(""),
                    100,
                    &mut errors,
                );
                for (locale, label) in localizations(c, "name_localizations") {
                    if !DISCORD_LOCALES.contains(&locale) {
                        errors.push(format!("{what}: unknown locale {locale}"));
                    }
                    check_text(
                        &format!("{what} choice [{locale}]"),
                        label,
                        100,
                        &mut errors,
                    );
                    if label.contains('{') || label.starts_with("choice-") {
                        errors.push(format!("{what}: untranslated choice {label}"));
                    }
                }
            }
        }
        // Every command is localized in the seven locales the product serves.
        for l in [
            "en-US", "en-GB", "pt-BR", "es-ES", "es-419", "zh-CN", "zh-TW",
        ] {
            if cmd["name_localizations"][l].as_str().is_none()
                || cmd["description_localizations"][l].as_str().is_none()
            {
                errors.push(format!("/{name}: not localized for {l}"));
            }
        }
    }
    assert!(errors.is_empty(), "{errors:#?}");
    // And the spec's own schema for PUT /applications/{id}/commands.
    let spec = Spec::load();
    let body = Value::Array(cmds.clone());
    let errs = spec.validate("PUT", "/api/v10/applications/1/commands", &body);
    assert!(errs.is_empty(), "{errs:#?}");
}

#[test]
fn localized_names_read_naturally() {
    let cmds = registration();
    let by_name = |n: &str| {
        cmds.as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == n)
            .unwrap()
            .clone()
    };
    let estimate = by_name("estimate");
    assert_eq!(estimate["name_localizations"]["pt-BR"], "estimar");
    assert_eq!(estimate["name_localizations"]["zh-CN"], "估算");
    assert_eq!(
        estimate["name_localizations"]["es-419"],
        estimate["name_localizations"]["es-ES"]
    );
    let precision = estimate["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "precision")
        .unwrap()
        .clone();
    assert_eq!(precision["choices"].as_array().unwrap().len(), 25);
    assert_eq!(precision["required"], true);
    let model = &estimate["options"][0];
    assert_eq!(model["name"], "model");
    assert_eq!(model["autocomplete"], true);
    assert_eq!(
        by_name("stats")["default_member_permissions"],
        "32",
        "Manage Server"
    );
    assert_eq!(
        by_name("listen")["default_member_permissions"],
        "16",
        "Manage Channels"
    );
}

#[test]
fn every_gateway_fixture_deserializes() {
    for (t, d) in fixtures::all_dispatches() {
        let payload = serde_json::json!({"op": 0, "s": 1, "t": t, "d": d.clone()});
        let event: serenity::GatewayEvent = serde_json::from_value(payload)
            .unwrap_or_else(|e| panic!("{t} does not deserialize: {e}"));
        match event {
            serenity::GatewayEvent::Dispatch(_, serenity::Event::Unknown(u)) => {
                panic!("{t} became Event::Unknown: {u:?}")
            }
            serenity::GatewayEvent::Dispatch(_, serenity::Event::InteractionCreate(e)) => {
                // A select menu's choice arrives as a component with its values.
                if let serenity::Interaction::Component(c) = &e.interaction
                    && d["data"]["component_type"] == 3
                {
                    assert!(
                        matches!(
                            &c.data.kind,
                            serenity::ComponentInteractionDataKind::StringSelect { values }
                                if values == &vec!["q4_k_m".to_string()]
                        ),
                        "{t}: {:?}",
                        c.data.kind
                    );
                }
            }
            serenity::GatewayEvent::Dispatch(..) => {}
            other => panic!("{t}: not a dispatch: {other:?}"),
        }
    }
    let sent = fixtures::sent_message(1, 2, &serde_json::json!({"content": "x", "embeds": []}));
    serde_json::from_value::<serenity::Message>(sent).expect("REST message");
    serde_json::from_value::<serenity::CurrentUser>(fixtures::bot_user()).expect("users/@me");
}

/// Many answers per language, full breakdown included: none breaks a limit, and the
/// compact answer is never clipped.
#[test]
fn longest_answers_fit_an_embed_in_every_language() {
    let catalog = Catalog::get();
    let shapes: [fn(&str) -> Query; 4] = [
        |m| Query {
            model: Some(m.into()),
            ..Query::default()
        },
        |m| Query {
            model: Some(m.into()),
            precision: Some("fp16".parse().unwrap()),
            gpu: Some("rtx 3060".into()),
            gpu_count: Some(3),
            context: Some(131_072),
            batch: Some(16),
            ..Query::default()
        },
        |m| Query {
            model: Some(m.into()),
            mode: Some("full-finetune".parse().unwrap()),
            ..Query::default()
        },
        |m| Query {
            model: Some(m.into()),
            precision: Some("q4_k_m".parse().unwrap()),
            gpu: Some("m2 ultra".into()),
            ..Query::default()
        },
    ];
    for lang in Lang::ALL {
        let mut longest = (0, String::new());
        for model in &catalog.models {
            for shape in shapes {
                let q = shape(&model.id);
                let Ok(req) = query::resolve(catalog, &q) else {
                    continue;
                };
                let Ok(a) = vramguide::answer::build(catalog, req) else {
                    continue;
                };
                for full in [false, true] {
                    let e = embed::answer(lang, catalog, &a, full);
                    let v = e.violations();
                    assert!(v.is_empty(), "{lang:?} {} full={full}: {v:?}", model.id);
                    if !full {
                        assert!(
                            e.fields.iter().all(|(_, v)| !v.ends_with('…'))
                                && !e.description.ends_with('…'),
                            "{lang:?} {}: compact answer clipped",
                            model.id
                        );
                    }
                    if e.total_chars() > longest.0 {
                        longest = (e.total_chars(), model.id.clone());
                    }
                }
                // The "make it fit" view too (the levers with the compact answer).
                let e = embed::answer_view(lang, catalog, &a, embed::View::Levers);
                let v = e.violations();
                assert!(v.is_empty(), "{lang:?} {} levers: {v:?}", model.id);
            }
        }
        println!(
            "{lang:?}: longest answer embed {} chars ({})",
            longest.0, longest.1
        );
        assert!(longest.0 > 500, "answers have content");
    }
    for lang in Lang::ALL {
        let gpus: Vec<_> = ["h100 sxm", "rtx 4090", "mi300x", "m2 ultra"]
            .iter()
            .map(|g| catalog.resolve_gpu(g).unwrap().gpu)
            .collect();
        let e = embed::compare(lang, catalog, &gpus);
        assert!(
            e.violations().is_empty(),
            "{lang:?} compare: {:?}",
            e.violations()
        );
        assert_eq!(e.fields.len(), 4, "four GPUs shown");
        for &topic in vramguide::answer::Topic::ALL {
            let e = embed::guide(lang, topic);
            assert!(e.violations().is_empty(), "{lang:?} {topic:?}");
            assert!(
                !e.description.ends_with('…'),
                "{lang:?} {topic:?} guide clipped"
            );
        }
    }
}
