//! Echoed user text must never ping anyone nor change the reply's formatting.

use crate::catalog::LookupError;
use crate::error::Error;
use crate::estimate::JobError;
use crate::estimate::precision::UnknownPrecision;
use poise::serenity_prelude as serenity;

/// Allowed mentions that allow nothing: no users, roles, @everyone, nor reply pings.
pub fn no_mentions() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .empty_users()
        .empty_roles()
        .everyone(false)
        .replied_user(false)
}

/// Escape Markdown and defuse mentions in text a user typed, after dropping what
/// [`crate::sanitize::clean`] drops everywhere else.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in crate::sanitize::clean(text).chars() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '[' | ']' | '(' | ')' | '-' => {
                out.push('\\');
                out.push(c);
            }
            // A zero-width space after @ keeps "@everyone" from reading as a mention.
            '@' => out.push_str("@\u{200b}"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The same error with every piece of user text escaped, ready to render.
pub fn error(err: &Error) -> Error {
    match err.clone() {
        Error::Lookup(LookupError::UnknownModel { input, suggestions }) => {
            Error::Lookup(LookupError::UnknownModel {
                input: escape(&input),
                suggestions,
            })
        }
        Error::Lookup(LookupError::UnknownGpu { input, suggestions }) => {
            Error::Lookup(LookupError::UnknownGpu {
                input: escape(&input),
                suggestions,
            })
        }
        Error::Precision(UnknownPrecision(input)) => {
            Error::Precision(UnknownPrecision(escape(&input)))
        }
        Error::UnknownTopic(input) => Error::UnknownTopic(escape(&input)),
        Error::NotUnderstood { unparsed } => Error::NotUnderstood {
            unparsed: unparsed.iter().map(|w| escape(w)).collect(),
        },
        Error::Job(JobError::NotANumber { what, value }) => Error::Job(JobError::NotANumber {
            what,
            value: escape(&value),
        }),
        Error::Job(JobError::UnknownOption { what, value }) => {
            Error::Job(JobError::UnknownOption {
                what,
                value: escape(&value),
            })
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markdown_and_mentions() {
        assert_eq!(
            escape("**hi** @everyone"),
            "\\*\\*hi\\*\\* @\u{200b}everyone"
        );
        assert_eq!(escape("<@123>"), "<@\u{200b}123\\>");
    }
}
