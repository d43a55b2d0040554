//! Player settings, remembered between runs in a RON file in the user's
//! configuration folder. A missing or broken file means the defaults (and a
//! note in the log), never a crash.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::base::i18n::{Lang, T};

/// Colours of the board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Warm wood.
    #[default]
    Walnut,
    /// Tournament green and cream.
    Tournament,
    /// Cool slate blue.
    Slate,
    /// Pale blue and steel, as lichess's blue board.
    Ocean,
}

impl Theme {
    /// All themes, for the menu.
    pub(crate) const ALL: [Theme; 4] =
        [Theme::Walnut, Theme::Tournament, Theme::Ocean, Theme::Slate];

    /// Name shown in the menu.
    pub(crate) fn label(self) -> T {
        match self {
            Theme::Walnut => T::ThemeWalnut,
            Theme::Tournament => T::ThemeTournament,
            Theme::Slate => T::ThemeSlate,
            Theme::Ocean => T::ThemeOcean,
        }
    }
}

/// How the pieces are drawn: one of the image sets in `assets/pieces/`, or
/// the font's chess glyphs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceSet {
    /// The Wikimedia set by Colin M. L. Burnett, lichess's default.
    #[default]
    Cburnett,
    /// Maurizio Monge's Fantasy.
    Fantasy,
    /// Maurizio Monge's Spatial.
    Spatial,
    /// Maurizio Monge's Celtic.
    Celtic,
    /// GNOME Chess's Simple.
    Simple,
    /// DejaVu Sans's chess glyphs, no image files.
    Glyphs,
}

impl PieceSet {
    /// All sets, for the menu.
    pub(crate) const ALL: [PieceSet; 6] = [
        PieceSet::Cburnett,
        PieceSet::Fantasy,
        PieceSet::Spatial,
        PieceSet::Celtic,
        PieceSet::Simple,
        PieceSet::Glyphs,
    ];

    /// The set's folder under `assets/pieces/`; none for the glyphs.
    pub fn folder(self) -> Option<&'static str> {
        match self {
            PieceSet::Cburnett => Some("cburnett"),
            PieceSet::Fantasy => Some("fantasy"),
            PieceSet::Spatial => Some("spatial"),
            PieceSet::Celtic => Some("celtic"),
            PieceSet::Simple => Some("simple"),
            PieceSet::Glyphs => None,
        }
    }

    /// Name shown in the menu.
    pub(crate) fn label(self) -> T {
        match self {
            PieceSet::Cburnett => T::PiecesCburnett,
            PieceSet::Fantasy => T::PiecesFantasy,
            PieceSet::Spatial => T::PiecesSpatial,
            PieceSet::Celtic => T::PiecesCeltic,
            PieceSet::Simple => T::PiecesSimple,
            PieceSet::Glyphs => T::PiecesGlyphs,
        }
    }
}

/// Which piece letters the move list uses. Exported records always use
/// the international ones, so other tools read them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notation {
    /// The language's letters (Кр Ф Т С К in Ukrainian, R D T F C in French).
    #[default]
    Local,
    /// K Q R B N.
    International,
}

/// How fast animations play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimSpeed {
    /// No animation: everything jumps to its end state.
    Off,
    /// Half speed.
    Slow,
    /// Normal.
    #[default]
    Normal,
    /// Double speed.
    Fast,
}

impl AnimSpeed {
    /// All speeds, for the menu.
    pub(crate) const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Off,
        AnimSpeed::Slow,
        AnimSpeed::Normal,
        AnimSpeed::Fast,
    ];

    /// Multiplier on animation time; 0 for off.
    pub(crate) fn factor(self) -> f32 {
        match self {
            AnimSpeed::Off => 0.0,
            AnimSpeed::Slow => 2.0,
            AnimSpeed::Normal => 1.0,
            AnimSpeed::Fast => 0.5,
        }
    }

    /// Label key.
    pub(crate) fn label(self) -> T {
        match self {
            AnimSpeed::Off => T::AnimOff,
            AnimSpeed::Slow => T::AnimSlow,
            AnimSpeed::Normal => T::AnimNormal,
            AnimSpeed::Fast => T::AnimFast,
        }
    }
}

/// The colours of the revealed counts (digits and their badges; the
/// board's own colours are its [`Theme`]). Settings files call it
/// `palette`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountColors {
    /// 1 blue, 2 green, 3 red, 4 dark blue, 5 maroon, 6 teal, 7 black, 8 grey.
    #[default]
    Classic,
    /// Okabe–Ito colours, told apart with any colour vision.
    ColourBlind,
}

#[cfg(test)]
impl CountColors {
    /// Both sets.
    pub(crate) const ALL: [CountColors; 2] = [CountColors::Classic, CountColors::ColourBlind];
}

/// Everything the player can set.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Master volume, 0–1.
    pub volume: f32,
    /// Sound off.
    pub muted: bool,
    /// Board colours.
    pub theme: Theme,
    /// Piece art.
    pub pieces: PieceSet,
    /// File letters and rank numbers around the board.
    pub coordinates: bool,
    /// Coordinates inside the edge cells (lichess's way) instead of on the frame.
    pub coordinates_inside: bool,
    /// Sounds of moves and captures.
    pub sound_moves: bool,
    /// Sounds of blasts, sweeps, fog, check, the clock and the game's start and end.
    pub sound_effects: bool,
    /// Menu clicks and refusals.
    pub sound_interface: bool,
    /// Animation speed.
    pub animation: AnimSpeed,
    /// Count colours (`palette` in the file, its name before).
    #[serde(rename = "palette")]
    pub count_colors: CountColors,
    /// Interface language.
    pub language: Lang,
    /// Piece letters in the move list.
    pub notation: Notation,
    /// The computer's strength.
    pub ai_level: minesweeper_core::ai::Level,
    /// Against the computer, the player takes Black.
    pub play_black: bool,
    /// A move may be queued while the other side is to move.
    pub premove: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            theme: Theme::Walnut,
            pieces: PieceSet::Cburnett,
            coordinates: true,
            coordinates_inside: false,
            sound_moves: true,
            sound_effects: true,
            sound_interface: true,
            animation: AnimSpeed::Normal,
            count_colors: CountColors::Classic,
            language: Lang::En,
            notation: Notation::Local,
            ai_level: minesweeper_core::ai::Level::Casual,
            play_black: false,
            premove: true,
        }
    }
}

/// Name of the settings file (or local-storage entry).
const FILE: &str = "settings.ron";

impl Settings {
    /// Reads settings from `text`; a broken file gives the defaults and the reason.
    pub(crate) fn from_ron(text: &str) -> (Settings, Option<ron::error::SpannedError>) {
        match ron::from_str::<Settings>(text) {
            Ok(s) => (s.sanitized(), None),
            Err(e) => (Settings::default(), Some(e)),
        }
    }

    /// Loads the saved settings, or the defaults.
    pub fn load() -> Settings {
        let Some(text) = crate::base::platform::store::read(FILE) else {
            // First start: the system's (or the browser's) language.
            return Settings {
                language: crate::base::i18n::locale::preferred(),
                ..Settings::default()
            };
        };
        let (s, err) = Settings::from_ron(&text);
        if let Some(e) = err {
            warn!(
                "{}: {e}; using default settings",
                crate::base::platform::store::describe(FILE)
            );
        }
        s
    }

    /// Writes the settings; failures are logged, not fatal.
    pub fn save(&self) {
        let text = match ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()) {
            Ok(t) => t,
            Err(e) => {
                warn!("cannot write settings: {e}");
                return;
            }
        };
        if let Err(e) = crate::base::platform::store::write(FILE, &text) {
            warn!("cannot save settings: {e}");
        }
    }

    fn sanitized(mut self) -> Settings {
        if !self.volume.is_finite() {
            self.volume = Settings::default().volume;
        }
        self.volume = self.volume.clamp(0.0, 1.0);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_survive_garbage() {
        let s = Settings {
            volume: 0.3,
            muted: true,
            theme: Theme::Slate,
            pieces: PieceSet::Celtic,
            coordinates: false,
            coordinates_inside: true,
            sound_moves: false,
            sound_effects: true,
            sound_interface: false,
            animation: AnimSpeed::Fast,
            count_colors: CountColors::ColourBlind,
            language: Lang::Uk,
            notation: Notation::International,
            ai_level: minesweeper_core::ai::Level::Master,
            play_black: true,
            premove: false,
        };
        let text = ron::ser::to_string(&s).unwrap();
        assert_eq!(Settings::from_ron(&text), (s, None));
        let (d, err) = Settings::from_ron("(volume: \"loud\")");
        assert_eq!(d, Settings::default());
        assert!(err.is_some());
        // Missing fields take their defaults; out-of-range volume is clamped.
        let (p, err) = Settings::from_ron("(volume: 7.0)");
        assert!(err.is_none());
        assert_eq!(p.volume, 1.0);
        assert!(p.coordinates);
    }

    /// A file written before the count colours had their own name still
    /// reads, and the field keeps its name in new files.
    #[test]
    fn count_colors_keep_their_name_in_the_file() {
        let old = "(volume: 0.5, theme: Ocean, palette: ColourBlind, language: Fr)";
        let (s, err) = Settings::from_ron(old);
        assert_eq!(err, None);
        assert_eq!(s.count_colors, CountColors::ColourBlind);
        assert_eq!((s.theme, s.language), (Theme::Ocean, Lang::Fr));
        let text = ron::ser::to_string(&s).unwrap();
        assert!(text.contains("palette:ColourBlind"), "{text}");
    }
}
