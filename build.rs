//! Embed every Fluent file under locales/ so a new .ftl file needs no code change.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-changed=locales");
    // Read at run time: a build script binary reused from another checkout (a shared
    // target folder) must still embed this checkout's files.
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    // sqlx::migrate! embeds migrations/ at compile time: rebuild when a migration is added.
    println!("cargo:rerun-if-changed=migrations");
    let mut out = String::from(
        "/// (locale, file name, contents) of every Fluent file under locales/.\npub static FTL_FILES: &[(&str, &str, &str)] = &[\n",
    );
    let mut dirs: Vec<_> = fs::read_dir("locales")
        .expect("locales/ exists")
        .flatten()
        // Files beside the locale folders (GLOSSARY.md) are documentation, not locales.
        .filter(|d| d.path().is_dir())
        .collect();
    dirs.sort_by_key(|d| d.file_name());
    for dir in dirs {
        let locale = dir.file_name().to_string_lossy().to_string();
        println!("cargo:rerun-if-changed=locales/{locale}");
        let mut files: Vec<_> = fs::read_dir(dir.path())
            .expect("readable")
            .flatten()
            .collect();
        files.sort_by_key(|f| f.file_name());
        for file in files {
            let name = file.file_name().to_string_lossy().to_string();
            if !name.ends_with(".ftl") {
                continue;
            }
            let path = Path::new(&manifest_dir)
                .join("locales")
                .join(&locale)
                .join(&name);
            writeln!(
                out,
                "    ({locale:?}, {name:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("locales.rs");
    fs::write(dest, out).unwrap();
}
