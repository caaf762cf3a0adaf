//! Which language a page or an API reply speaks: `?lang=`, then the cookie the language
//! switcher sets, then Accept-Language, then English.

use super::input;
use crate::i18n::Lang;
use axum::http::HeaderMap;
use axum::http::header::COOKIE;
use cookie::time::Duration;
use cookie::{Cookie, SameSite};

/// Name of the cookie the language switcher sets.
pub const COOKIE_NAME: &str = "lang";

/// The language the visitor asked for by parameter or cookie, if any.
/// Values longer than a language tag can be are ignored unread.
pub fn chosen(param: Option<&str>, headers: &HeaderMap) -> Option<Lang> {
    input::lang(param)
        .and_then(Lang::from_code)
        .or_else(|| input::lang(cookie(headers)).and_then(Lang::from_code))
}

/// The page language: chosen, else the browser's, else English.
pub fn negotiate(param: Option<&str>, headers: &HeaderMap) -> Lang {
    chosen(param, headers)
        .or_else(|| browser(headers))
        .unwrap_or_default()
}

/// The language a free-text answer speaks: the question's own when it tells, else the
/// page's; `lang` means "reply language when the text does not tell", as in the CLI.
pub fn for_question(detected: Option<Lang>, param: Option<&str>, headers: &HeaderMap) -> Lang {
    detected.unwrap_or_else(|| negotiate(param, headers))
}

/// The browser's preference, from the first few languages of Accept-Language only.
fn browser(headers: &HeaderMap) -> Option<Lang> {
    input::accept_language(headers).and_then(Lang::from_accept_language)
}

/// The value of our cookie in the Cookie header(s), parsed by the `cookie` crate.
fn cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE_NAME)
        .and_then(|c| c.value_raw())
}

/// The `Set-Cookie` value that remembers `lang` for a year.
pub fn set_cookie(lang: Lang) -> String {
    Cookie::build((COOKIE_NAME, lang.code()))
        .path("/")
        .max_age(Duration::days(365))
        .same_site(SameSite::Lax)
        .http_only(true)
        .build()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn parameter_then_cookie_then_browser() {
        let h = headers(&[("cookie", "a=b; lang=es"), ("accept-language", "zh-TW")]);
        assert_eq!(negotiate(Some("pt-BR"), &h), Lang::Pt);
        assert_eq!(negotiate(None, &h), Lang::Es);
        let h = headers(&[("accept-language", "pt-PT,pt;q=0.9")]);
        assert_eq!(negotiate(None, &h), Lang::Pt);
        assert_eq!(negotiate(Some("fr"), &HeaderMap::new()), Lang::En);
        let long = format!("pt-{}", "x".repeat(100));
        assert_eq!(negotiate(Some(&long), &HeaderMap::new()), Lang::En);
    }

    #[test]
    fn the_cookie_says_lang_for_a_year_and_reads_back() {
        let set = set_cookie(Lang::Zh);
        assert!(set.starts_with("lang=zh;"), "{set}");
        for part in ["Path=/", "Max-Age=31536000", "SameSite=Lax", "HttpOnly"] {
            assert!(set.contains(part), "{set} lacks {part}");
        }
        let h = headers(&[("cookie", "theme=dark"), ("cookie", "x=\"y\"; lang=pt-BR")]);
        assert_eq!(chosen(None, &h), Some(Lang::Pt));
    }

    #[test]
    fn the_question_language_comes_first() {
        let h = headers(&[("cookie", "lang=zh")]);
        assert_eq!(for_question(Some(Lang::Es), Some("pt"), &h), Lang::Es);
        assert_eq!(for_question(None, Some("pt"), &h), Lang::Pt);
        assert_eq!(for_question(None, None, &h), Lang::Zh);
    }
}
