//! Every Fluent message exists in all four locales with the same placeables, every guide
//! topic is present and short enough, and formatting never leaves a raw id behind.

use fluent_syntax::ast;
use fluent_syntax::parser::parse;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;
use vramguide::answer::Topic;
use vramguide::i18n::{Lang, has, t};

const LOCALES: [&str; 4] = ["en-US", "pt-BR", "es-ES", "zh-CN"];

/// (path, text) of every Fluent file of a locale.
pub fn ftl_files(locale: &str) -> Vec<(PathBuf, String)> {
    let dir = format!("{}/locales/{locale}", env!("CARGO_MANIFEST_DIR"));
    fs::read_dir(&dir)
        .expect("locale folder exists")
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.extension().and_then(|e| e.to_str()) == Some("ftl"))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("readable");
            (path, text)
        })
        .collect()
}

/// message id -> variables it references (attributes included, as `id.attr`).
fn messages(locale: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (path, text) in ftl_files(locale) {
        let resource = parse(text.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{}: syntax errors {errors:?}", path.display()));
        for entry in resource.body {
            let ast::Entry::Message(m) = entry else {
                continue;
            };
            let id = m.id.name.to_string();
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            for a in &m.attributes {
                let mut avars = BTreeSet::new();
                pattern_vars(&a.value, &mut avars);
                out.insert(format!("{id}.{}", a.id.name), avars);
            }
            assert!(
                out.insert(id.clone(), vars).is_none(),
                "{locale}: {id} defined twice"
            );
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        _ => {}
    }
}

#[test]
fn every_locale_has_every_message_with_the_same_placeables() {
    let reference = messages("en-US");
    assert!(reference.len() > 50, "en-US has its messages");
    for locale in &LOCALES[1..] {
        let other = messages(locale);
        for (id, vars) in &reference {
            let theirs = other
                .get(id)
                .unwrap_or_else(|| panic!("{locale} lacks message {id}"));
            assert_eq!(
                vars, theirs,
                "{locale}: {id} uses other placeables than en-US"
            );
        }
        for id in other.keys() {
            assert!(
                reference.contains_key(id),
                "{locale} has {id}, which en-US lacks"
            );
        }
    }
}

#[test]
fn guide_topics_are_complete_and_short() {
    for lang in Lang::ALL {
        for topic in Topic::ALL {
            for part in ["title", "summary", "body"] {
                let id = format!("guide-{}-{part}", topic.slug());
                assert!(has(lang, &id), "{lang:?} lacks {id}");
            }
            let body = t(lang, &format!("guide-{}-body", topic.slug()));
            assert!(
                body.chars().count() < 4000,
                "{lang:?} {topic:?} body too long"
            );
            assert!(!body.contains('\u{2068}'), "isolation marks are off");
        }
    }
}

/// Plural counts reach Fluent as their category's name ("one", "other"), chosen from
/// the integer by `Args::n`, so a variable that selects a variant cannot also be shown:
/// it would read "one". Messages show the formatted count from a second variable.
#[test]
fn no_message_shows_the_variable_it_selects_on() {
    for locale in LOCALES {
        for (_, text) in ftl_files(locale) {
            let resource = parse(text.as_str()).expect("valid Fluent");
            for entry in resource.body {
                let ast::Entry::Message(m) = entry else {
                    continue;
                };
                let Some(value) = &m.value else { continue };
                for el in &value.elements {
                    let ast::PatternElement::Placeable {
                        expression: ast::Expression::Select { selector, variants },
                    } = el
                    else {
                        continue;
                    };
                    let mut selected = BTreeSet::new();
                    inline_vars(selector, &mut selected);
                    let mut shown = BTreeSet::new();
                    for v in variants {
                        pattern_vars(&v.value, &mut shown);
                    }
                    assert!(
                        selected.is_disjoint(&shown),
                        "{locale}: {} shows {selected:?}, the count it selects on",
                        m.id.name
                    );
                }
            }
        }
    }
}
