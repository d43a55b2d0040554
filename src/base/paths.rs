//! The folders the game uses on the desktop: the project's (`levels/`,
//! `assets/`) and the configuration folder.

/// The `levels/` folder (see [`project_dir`]).
pub(crate) fn levels_dir() -> std::path::PathBuf {
    project_dir("levels")
}

/// A top-level folder of the project, as an absolute path when possible: in
/// the working directory when it has one (a checkout, `cargo run`), else next
/// to the sources the binary was built from.
pub(crate) fn project_dir(name: &str) -> std::path::PathBuf {
    let here = std::path::PathBuf::from(name);
    let dir = if here.is_dir() {
        here
    } else {
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
    };
    std::fs::canonicalize(&dir).unwrap_or(dir)
}

/// The folder for settings and the saved game: `$MSC_CONFIG_DIR`, else
/// `$XDG_CONFIG_HOME/minesweeper-chess`, else `~/.config/minesweeper-chess`.
pub(crate) fn config_dir() -> Option<std::path::PathBuf> {
    if let Some(d) = std::env::var_os("MSC_CONFIG_DIR") {
        return Some(std::path::PathBuf::from(d));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".config"))
        })?;
    Some(base.join("minesweeper-chess"))
}
