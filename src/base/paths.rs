//! The project's folders (`levels/`, `assets/`) on the desktop.

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
