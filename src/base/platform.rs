//! What differs between the desktop and the browser, in one place: the wall
//! clock, and where the small text files the game keeps (settings, the game
//! in progress) live — files in the configuration folder on the desktop,
//! the browser's local storage on the web.

/// True in the browser build.
pub const WEB: bool = cfg!(target_arch = "wasm32");

/// Nanoseconds since the Unix epoch (0 if the clock is unreadable), to seed
/// games. `std::time::SystemTime` panics on `wasm32-unknown-unknown`, so the
/// web asks JavaScript's `Date`.
pub(crate) fn wall_clock_nanos() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        (js_sys::Date::now() * 1.0e6) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    }
}

/// The game's options as command-line words: the real arguments on the
/// desktop; on the web, the page's query string, so that
/// `index.html?seed=7&preset=wide_fog.ron&flip` means
/// `--seed 7 --preset wide_fog.ron --flip`.
///
/// # Errors
/// An argument that is not valid UTF-8 (the desktop passes raw bytes;
/// none of our options can hold them).
pub fn args() -> Result<Vec<String>, minesweeper_core::text::NotUtf8> {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        Ok(query_args(&search))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        minesweeper_core::text::utf8_args(std::env::args_os().skip(1))
    }
}

/// The game server a client talks to unless told otherwise: on the web
/// the server the page came from (`wss://` under HTTPS), on the desktop
/// this machine's (`scripts/online.sh` runs it).
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window().map(|w| w.location());
        let host = location
            .as_ref()
            .and_then(|l| l.host().ok())
            .unwrap_or_default();
        let secure = location
            .and_then(|l| l.protocol().ok())
            .is_some_and(|p| p == "https:");
        format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        "127.0.0.1:8080".to_string()
    }
}

/// The page's address without its query (`http://host/index.html`), for
/// invite links; `None` on the desktop.
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let l = web_sys::window()?.location();
        Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// `?a=1&b&c=x+y` → `--a 1 --b --c "x y"` (`+` and `%20` are spaces; other
/// escapes are kept as written).
pub fn query_args(search: &str) -> Vec<String> {
    let mut out = Vec::new();
    for pair in search.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        out.push(format!("--{k}"));
        if !v.is_empty() {
            out.push(v.replace('+', " ").replace("%20", " "));
        }
    }
    out
}

/// Milliseconds since the page started loading (the browser's
/// `performance.now()`); on the desktop, since the first call.
pub(crate) fn page_time_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map(|p| p.now())
            .unwrap_or(0.0)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
}

/// Shows `json` to the page as the global `window.<name>` (a string): how
/// the page and the browser test see that the game runs. Nothing on the
/// desktop.
pub(crate) fn publish(name: &str, json: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(w) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &w,
            &wasm_bindgen::JsValue::from_str(name),
            &wasm_bindgen::JsValue::from_str(json),
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, json);
}

/// The small text files the game keeps, by name (`settings.ron`,
/// `saved_game.txt`).
pub mod store {
    #[cfg(not(target_arch = "wasm32"))]
    use crate::base::paths::config_dir;

    /// Where `name` is kept, for messages: a path, or a local-storage key.
    pub(crate) fn describe(name: &str) -> String {
        #[cfg(target_arch = "wasm32")]
        {
            format!("local storage '{}'", key(name))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            match config_dir() {
                Some(d) => d.join(name).display().to_string(),
                None => name.to_string(),
            }
        }
    }

    /// The text kept under `name`, or `None` when there is none (or no
    /// place to keep anything).
    pub fn read(name: &str) -> Option<String> {
        #[cfg(target_arch = "wasm32")]
        {
            local_storage()?.get_item(&key(name)).ok().flatten()
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            std::fs::read_to_string(config_dir()?.join(name)).ok()
        }
    }

    /// Keeps `text` under `name`.
    ///
    /// # Errors
    /// [`StoreError`]: why it could not be written (no folder, disk full,
    /// storage quota).
    pub fn write(name: &str, text: &str) -> Result<(), StoreError> {
        #[cfg(target_arch = "wasm32")]
        {
            local_storage()
                .ok_or(StoreError::NoLocalStorage)?
                .set_item(&key(name), text)
                .map_err(|e| StoreError::Browser {
                    place: describe(name),
                    detail: format!("{e:?}"),
                })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let dir = config_dir().ok_or(StoreError::NoConfigFolder)?;
            std::fs::create_dir_all(&dir)
                .and_then(|_| std::fs::write(dir.join(name), text))
                .map_err(|error| StoreError::Io {
                    place: describe(name),
                    error,
                })
        }
    }

    /// Why a text could not be kept.
    #[derive(Debug)]
    pub enum StoreError {
        /// The desktop has no configuration folder (`$HOME` is not set).
        NoConfigFolder,
        /// The file could not be written.
        Io {
            /// The file's path.
            place: String,
            /// What the system said (no permission, disk full…).
            error: std::io::Error,
        },
        /// The browser offers no local storage (private mode, switched off).
        NoLocalStorage,
        /// The browser refused the entry (its quota is full).
        Browser {
            /// The local-storage key.
            place: String,
            /// The browser's words for it.
            detail: String,
        },
    }

    impl std::fmt::Display for StoreError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            match self {
                StoreError::NoConfigFolder => {
                    f.write_str("no configuration folder ($HOME is not set)")
                }
                StoreError::NoLocalStorage => f.write_str("the browser offers no local storage"),
                StoreError::Io { place, error } => write!(f, "{place}: {error}"),
                StoreError::Browser { place, detail } => write!(f, "{place}: {detail}"),
            }
        }
    }

    impl std::error::Error for StoreError {}

    /// The file `name` is kept in on the desktop (`None` on the web,
    /// which keeps it in local storage).
    pub fn path(name: &str) -> Option<std::path::PathBuf> {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = name;
            None
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            config_dir().map(|d| d.join(name))
        }
    }

    /// Forgets `name` (nothing happens when it is not kept).
    pub fn remove(name: &str) {
        #[cfg(target_arch = "wasm32")]
        if let Some(s) = local_storage() {
            let _ = s.remove_item(&key(name));
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(d) = config_dir() {
            let _ = std::fs::remove_file(d.join(name));
        }
    }

    /// Moves `name` out of the way under `new_name`, keeping its text for
    /// inspection (a corrupt save).
    pub(crate) fn set_aside(name: &str, new_name: &str) {
        if let Some(text) = read(name) {
            let _ = write(new_name, &text);
        }
        remove(name);
    }

    #[cfg(target_arch = "wasm32")]
    fn key(name: &str) -> String {
        format!("minesweeper-chess/{name}")
    }

    #[cfg(target_arch = "wasm32")]
    fn local_storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }
}
