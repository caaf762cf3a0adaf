//! The multipart/form-data bodies Discord takes when a message carries files: a
//! `payload_json` part with the JSON body and one `files[n]` part per attachment
//! (<https://discord.com/developers/docs/reference#uploading-files>).

use axum::http::HeaderMap;

/// One uploaded file.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The form field: `files[0]`, `files[1]`...
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// The boundary of a multipart/form-data request, if it is one.
pub fn boundary(headers: &HeaderMap) -> Option<String> {
    let ct = headers.get("content-type")?.to_str().ok()?;
    if !ct.starts_with("multipart/form-data") {
        return None;
    }
    let b = ct
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))?;
    Some(b.trim_matches('"').to_string())
}

/// (the `payload_json` bytes, the files) of a multipart body; a part that cannot be read
/// is left out, so a malformed body shows up as a missing payload or file in the test.
pub fn parse(body: &[u8], boundary: &str) -> (Vec<u8>, Vec<Upload>) {
    let delimiter = format!("--{boundary}");
    let mut payload = Vec::new();
    let mut files = Vec::new();
    for part in split(body, delimiter.as_bytes()).into_iter().skip(1) {
        if part.starts_with(b"--") {
            break;
        }
        let Some(head_end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..head_end]).to_string();
        let content = part[head_end + 4..]
            .strip_suffix(b"\r\n")
            .unwrap_or(&part[head_end + 4..]);
        let header = |name: &str| {
            head.lines().find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| v.trim().to_string())
            })
        };
        let disposition = header("content-disposition").unwrap_or_default();
        let field = param(&disposition, "name").unwrap_or_default();
        match param(&disposition, "filename") {
            Some(filename) => files.push(Upload {
                field,
                filename,
                content_type: header("content-type"),
                bytes: content.to_vec(),
            }),
            None if field == "payload_json" => payload = content.to_vec(),
            None => {}
        }
    }
    (payload, files)
}

/// `name="value"` from a Content-Disposition header.
fn param(header: &str, name: &str) -> Option<String> {
    header.split(';').find_map(|p| {
        let v = p.trim().strip_prefix(name)?.strip_prefix('=')?;
        Some(v.trim_matches('"').to_string())
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The pieces of `body` between occurrences of `delimiter`.
fn split<'a>(body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(at) = find(rest, delimiter) {
        out.push(&rest[..at]);
        rest = &rest[at + delimiter.len()..];
        rest = rest.strip_prefix(b"\r\n").unwrap_or(rest);
    }
    out.push(rest);
    out
}
