//! A config.json attached to a mention or to `/estimate`, or a log too long for a message
//! (`.txt`, `.log`): read from the URL Discord gives in the payload, only on Discord's own
//! attachment hosts, with a size cap.

use crate::ask::{Attached, MAX_USER_CONFIG};
use crate::error::{Error as CoreError, ModelSourceError, SourceErrorKind};
use poise::serenity_prelude as serenity;
use std::time::Duration;

/// Where Discord serves attachments; any other host in a payload is refused.
const HOSTS: &[&str] = &["cdn.discordapp.com", "media.discordapp.net"];

/// Time to read one attachment.
const TIMEOUT: Duration = Duration::from_secs(5);

/// True for an https URL on one of Discord's attachment hosts.
pub fn allowed(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| {
        u.scheme() == "https"
            && u.port().is_none()
            && u.host_str().is_some_and(|h| HOSTS.contains(&h))
    })
}

/// The first attachment that looks like a config (a .json file).
pub fn config_of(attachments: &[serenity::Attachment]) -> Option<&serenity::Attachment> {
    attachments
        .iter()
        .find(|a| a.filename.to_ascii_lowercase().ends_with(".json"))
}

/// The first attachment that looks like a pasted log (a .txt or .log file).
pub fn log_of(attachments: &[serenity::Attachment]) -> Option<&serenity::Attachment> {
    attachments.iter().find(|a| {
        let name = a.filename.to_ascii_lowercase();
        name.ends_with(".txt") || name.ends_with(".log")
    })
}

/// A log attachment's text (invalid UTF-8 replaced), with the same host rule and size cap
/// as a config; what went wrong reading it, as the core's error.
pub async fn read_log(a: &serenity::Attachment, base: Option<&str>) -> Result<String, CoreError> {
    let name = crate::sanitize::one_line(&a.filename);
    let bytes = read_bytes(a, base, &name).await?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn invalid(name: &str, kind: SourceErrorKind, detail: String) -> CoreError {
    CoreError::ModelSource(ModelSourceError {
        kind,
        repo: name.to_string(),
        detail,
        suggestions: Vec::new(),
    })
}

/// Read the attachment for the answer service, which turns it into a spec. `base`
/// replaces the scheme and host of Discord's URL (the tests' fake Discord); the URL must
/// name a Discord host either way.
pub async fn read_config(a: &serenity::Attachment, base: Option<&str>) -> Attached {
    let name = crate::sanitize::one_line(&a.filename);
    let bytes = read_bytes(a, base, &name).await;
    Attached { name, bytes }
}

async fn read_bytes(
    a: &serenity::Attachment,
    base: Option<&str>,
    name: &str,
) -> Result<Vec<u8>, CoreError> {
    if u64::from(a.size) > MAX_USER_CONFIG {
        let detail = format!("{} bytes, over {MAX_USER_CONFIG}", a.size);
        return Err(invalid(name, SourceErrorKind::TooLarge, detail));
    }
    if !allowed(&a.url) {
        let detail = "not a Discord attachment URL".to_string();
        return Err(invalid(name, SourceErrorKind::InvalidConfig, detail));
    }
    fetch(&rebased(&a.url, base))
        .await
        .map_err(|detail| invalid(name, SourceErrorKind::Unreachable, detail))
}

/// Discord's URL with its scheme and host replaced by `base`, when one is configured.
fn rebased(url: &str, base: Option<&str>) -> String {
    let Some(base) = base else {
        return url.to_string();
    };
    let path = url::Url::parse(url).map_or(String::new(), |u| match u.query() {
        Some(q) => format!("{}?{q}", u.path()),
        None => u.path().to_string(),
    });
    format!("{}{path}", base.trim_end_matches('/'))
}

/// GET with a timeout and a cap on the body; no redirects (Discord serves directly).
async fn fetch(url: &str) -> Result<Vec<u8>, String> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(TIMEOUT)
        .build()
        .map_err(|e| e.to_string())?;
    let mut resp = client.get(url).send().await.map_err(|e| e.to_string())?;
    if !resp.status().is_success() {
        return Err(format!("HTTP {}", resp.status().as_u16()));
    }
    let mut out = Vec::new();
    while let Some(chunk) = resp.chunk().await.map_err(|e| e.to_string())? {
        out.extend_from_slice(&chunk);
        if out.len() as u64 > MAX_USER_CONFIG {
            return Err(format!("over {MAX_USER_CONFIG} bytes"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::allowed;

    #[test]
    fn only_discord_attachment_urls_are_read() {
        assert!(allowed(
            "https://cdn.discordapp.com/attachments/1/2/config.json?ex=1"
        ));
        assert!(!allowed(
            "http://cdn.discordapp.com/attachments/1/2/config.json"
        ));
        assert!(!allowed("https://cdn.discordapp.com.evil.example/x.json"));
        assert!(!allowed("https://127.0.0.1/x.json"));
        assert!(!allowed("https://cdn.discordapp.com:8443/x.json"));
        assert!(!allowed("file:///etc/passwd"));
    }
}
