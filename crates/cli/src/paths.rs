//! Where the presets are: `levels/` in the working directory (a checkout,
//! `cargo run`), else beside the sources the binary was built from.

use std::path::PathBuf;

/// The `levels/` folder, as an absolute path when possible.
pub fn levels_dir() -> PathBuf {
    let here = PathBuf::from("levels");
    let dir = if here.is_dir() {
        here
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels")
    };
    std::fs::canonicalize(&dir).unwrap_or(dir)
}
