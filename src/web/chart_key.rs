//! The key a `/chart.png` URL carries: an HMAC of its question and language under a key
//! the process draws at start. Only an answer page the server made links a chart, so a
//! chart is drawn (and the Hub asked) only for a question that was asked there; a URL
//! made up by hand gets a 404 before any work is done.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// Bytes of the HMAC a URL carries (16 hex digits): enough that guessing one is hopeless
/// for a picture, short enough to keep link previews' URLs readable.
const TAG_BYTES: usize = 8;

/// The process's chart-URL key.
#[derive(Clone)]
pub struct ChartKey {
    key: [u8; 32],
}

impl Default for ChartKey {
    /// A new random key: links made before a restart stop drawing after it, which a link
    /// preview fetched when the link is shared never notices.
    fn default() -> ChartKey {
        let mut key = [0u8; 32];
        rand::fill(&mut key);
        ChartKey { key }
    }
}

impl ChartKey {
    /// A fixed key, for pages written outside a server (`examples/answer_dump`), whose
    /// output must not change from run to run.
    pub fn fixed(seed: &[u8]) -> ChartKey {
        let mut key = [0u8; 32];
        for (k, s) in key.iter_mut().zip(seed) {
            *k = *s;
        }
        ChartKey { key }
    }

    /// The `k` parameter of the chart of `question` (as `/chart.png` reads it) in `lang`.
    pub fn sign(&self, question: &str, lang: &str) -> String {
        hex::encode(&self.mac(question, lang).finalize().into_bytes()[..TAG_BYTES])
    }

    /// Whether `k` is the key this process gave `question` in `lang`.
    pub fn verifies(&self, question: &str, lang: &str, k: &str) -> bool {
        let Ok(tag) = hex::decode(k) else {
            return false;
        };
        tag.len() == TAG_BYTES && self.mac(question, lang).verify_truncated_left(&tag).is_ok()
    }

    fn mac(&self, question: &str, lang: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("any key length");
        mac.update(lang.as_bytes());
        mac.update(b"\n");
        mac.update(question.as_bytes());
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_verifies_its_own_question_and_language_only() {
        let key = ChartKey::default();
        let k = key.sign("llama 70b fp16", "pt");
        assert_eq!(k.len(), 2 * TAG_BYTES);
        assert!(key.verifies("llama 70b fp16", "pt", &k));
        assert!(!key.verifies("llama 70b fp16", "en", &k));
        assert!(!key.verifies("llama 71b fp16", "pt", &k));
        assert!(!key.verifies("llama 70b fp16", "pt", &k[..8]));
        assert!(!key.verifies("llama 70b fp16", "pt", "zz"));
        assert!(!ChartKey::default().verifies("llama 70b fp16", "pt", &k));
    }
}
