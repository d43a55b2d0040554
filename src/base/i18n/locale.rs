//! The language to start in: the system's on the desktop, the browser's on
//! the web, English when the game does not have it.

use super::Lang;

/// The first of the user's preferred languages that the game has.
pub fn preferred() -> Lang {
    candidates()
        .iter()
        .find_map(|l| Lang::from_locale(l))
        .unwrap_or_default()
}

#[cfg(not(target_arch = "wasm32"))]
fn candidates() -> Vec<String> {
    // LANGUAGE may list several, colon-separated ("uk:ru:en").
    let mut list: Vec<String> = std::env::var("LANGUAGE")
        .unwrap_or_default()
        .split(':')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    list.extend(sys_locale::get_locales());
    list.retain(|l| l != "C" && l != "POSIX");
    list
}

#[cfg(target_arch = "wasm32")]
fn candidates() -> Vec<String> {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let mut list: Vec<String> = nav
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    list.extend(nav.language());
    list
}
