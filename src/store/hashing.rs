//! Users are stored as a keyed hash (HMAC-SHA256) of their id: statistics can count
//! distinct users and `/forget-me` can find a user's rows, but a leaked database does not
//! reveal who asked, and without the key the hashes cannot be recomputed from known ids.

use anyhow::Context as _;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::path::{Path, PathBuf};

/// The key file written into the data directory on first start.
pub const KEY_FILE: &str = "vramguide.key";

/// Where the key file lives when no folder is configured: beside the SQLite database it
/// protects (whoever can read one can usually read the other, and a backup of one
/// folder keeps both), else the working directory.
///
/// Earlier versions always used the working directory: a key found there and not beside
/// the database stays in use, so existing hashes keep matching.
pub fn default_key_dir(database_url: &str) -> PathBuf {
    let working = PathBuf::from(".");
    let Some(file) = super::db::sqlite_file(database_url) else {
        return working;
    };
    let beside = match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => return working,
    };
    if !beside.join(KEY_FILE).exists() && working.join(KEY_FILE).exists() {
        tracing::warn!(
            key = %working.join(KEY_FILE).display(),
            database = %file.display(),
            "using the user-hash key in the working directory; move it beside the database"
        );
        return working;
    }
    beside
}

/// A keyed hasher of user ids.
#[derive(Clone)]
pub struct UserHasher {
    key: Vec<u8>,
}

impl std::fmt::Debug for UserHasher {
    // Never print the key, not even in debug output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UserHasher { key: <hidden> }")
    }
}

impl UserHasher {
    pub fn new(key: &[u8]) -> Self {
        UserHasher { key: key.to_vec() }
    }

    /// Hex HMAC-SHA256 of the raw id.
    pub fn hash(&self, raw_user_id: &str) -> String {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(raw_user_id.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// The configured key, else the key file in `data_dir`, else a new random key written
    /// there (readable by the owner only) so hashes stay stable across restarts.
    pub fn load_or_create(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        if let Some(key) = configured.filter(|k| !k.trim().is_empty()) {
            return Ok(UserHasher::new(key.trim().as_bytes()));
        }
        let path = data_dir.join(KEY_FILE);
        if let Ok(text) = std::fs::read_to_string(&path) {
            let key = text.trim();
            anyhow::ensure!(!key.is_empty(), "the key file {} is empty", path.display());
            return Ok(UserHasher::new(key.as_bytes()));
        }
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create the data directory {}", data_dir.display()))?;
        if write_private(&path, &random_key())
            .with_context(|| format!("cannot write the hash key file {}", path.display()))?
        {
            tracing::info!(path = %path.display(), "generated a new user-hash key");
        }
        // Read back: when two processes start at once, both use the file that won.
        let key = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the hash key file {}", path.display()))?;
        Ok(UserHasher::new(key.trim().as_bytes()))
    }
}

/// 32 random bytes, hex-encoded (the key file's format).
pub fn random_key() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// Create a file only the owner can read. Returns false when it already exists (another
/// process won the race: its key is then read back).
fn write_private(path: &Path, contents: &str) -> anyhow::Result<bool> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(contents.as_bytes())?;
            file.sync_all()?;
            Ok(true)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_and_stable() {
        let a = UserHasher::new(b"key-a");
        let b = UserHasher::new(b"key-b");
        assert_eq!(a.hash("123"), a.hash("123"));
        assert_ne!(a.hash("123"), b.hash("123"));
        assert_ne!(a.hash("123"), a.hash("124"));
        assert_eq!(a.hash("123").len(), 64);
        assert!(!format!("{a:?}").contains("key-a"));
    }
}
