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

/// A keyed hasher of user ids, and of guild and channel ids when the operator asks
/// ([`UserHasher::with_places`]).
#[derive(Clone)]
pub struct UserHasher {
    key: Vec<u8>,
    places: bool,
}

impl std::fmt::Debug for UserHasher {
    // Never print the key, not even in debug output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UserHasher { key: <hidden> }")
    }
}

impl UserHasher {
    pub fn new(key: &[u8]) -> Self {
        UserHasher {
            key: key.to_vec(),
            places: false,
        }
    }

    /// Also hash guild and channel ids (`hash_places`): the log then tells which rows came
    /// from one server or channel, and `/stats` still counts a server's own questions, but
    /// a leaked database does not name the servers.
    pub fn with_places(mut self, on: bool) -> Self {
        self.places = on;
        self
    }

    /// A guild or channel id as the log stores it: the id itself, or with `hash_places`
    /// the first 63 bits of its keyed hash (the column stays a 64-bit integer, so rows of
    /// either kind live in one table and a server's rows are found by equality).
    pub fn place(&self, id: Option<u64>) -> Option<i64> {
        let id = id?;
        if !self.places {
            return Some(id as i64);
        }
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(b"place:");
        mac.update(id.to_string().as_bytes());
        let bytes = mac.finalize().into_bytes();
        let first: [u8; 8] = bytes[..8].try_into().expect("32 bytes");
        Some((u64::from_be_bytes(first) >> 1) as i64)
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
        create_private_dir(data_dir)
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

/// Create `dir` (and missing parents) readable by the owner only (0700 on Unix): it holds
/// the query log, the hash key and the spill file. A folder that exists is left as it is.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt as _;
        builder.mode(0o700);
    }
    builder.create(dir)
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

    #[test]
    fn places_are_kept_or_hashed_as_asked() {
        let plain = UserHasher::new(b"key-a");
        assert_eq!(plain.place(Some(42)), Some(42));
        assert_eq!(plain.place(None), None);
        let hashed = plain.clone().with_places(true);
        let h = hashed.place(Some(42)).unwrap();
        assert_ne!(h, 42);
        assert!(h >= 0);
        assert_eq!(hashed.place(Some(42)), Some(h), "stable");
        assert_ne!(hashed.place(Some(43)), Some(h));
        let other_key = UserHasher::new(b"key-b").with_places(true);
        assert_ne!(other_key.place(Some(42)), Some(h), "keyed");
    }

    #[cfg(unix)]
    #[test]
    fn the_data_folder_is_created_for_the_owner_only() {
        use std::os::unix::fs::PermissionsExt as _;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let root = std::env::temp_dir().join(format!("vg_private_{}_{nanos}", std::process::id()));
        let dir = root.join("data");
        UserHasher::load_or_create(None, &dir).unwrap();
        for d in [&root, &dir] {
            let mode = std::fs::metadata(d).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o700, "{}", d.display());
        }
        let key = std::fs::metadata(dir.join(KEY_FILE)).unwrap().permissions();
        assert_eq!(key.mode() & 0o777, 0o600);
        let _ = std::fs::remove_dir_all(&root);
    }
}
