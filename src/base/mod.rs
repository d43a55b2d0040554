//! What both games use, knowing neither: the platform (clock, options,
//! storage), settings, background jobs, the translation table, sound,
//! colours and generated textures, the pointer, command-line flags and the
//! project's folders. Imports only the core crate.

pub mod art;
pub mod audio;
pub mod diagram;
pub mod draw;
pub mod fonts;
pub mod gesture;
pub mod i18n;
pub mod jobs;
pub mod loader;
pub mod options;
pub mod paths;
pub mod platform;
pub mod presets;
pub mod probe;
pub mod screen;
pub mod screenshot;
pub mod settings;
pub mod style;
pub mod textures;
pub mod theme;
pub mod widgets;
