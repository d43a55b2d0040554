//! The composition root: which plugins make the game, in a window or
//! headless, in which order their sets run ([`sets`]), the screens' flow,
//! the interface layer ([`ui`]) and the title menu ([`title`]). Imports
//! anything; nothing imports it but `main.rs` and tests.

mod credits;
mod fit;
mod interface;
pub mod sets;
pub mod title;
pub mod ui;
mod views;

use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use crate::base::options::GameOptions;
use crate::base::screen::{Screen, ScreenPlugin};
use crate::chess::ecs::MineSeed;
use crate::chess::ecs::presets::{Discover, PresetPlugin};
use crate::chess::view::Layout;
use crate::sudoku::ecs::presets::SudokuPresetPlugin;

/// Everything but rendering, audio and UI: the game as tests and the
/// computer opponent run it, with the screen states and the frame's order.
pub struct GamePlugin {
    /// Keep the games in progress between runs (the window's game; tests
    /// and tools leave no file behind).
    pub persist: bool,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            ScreenPlugin,
            sets::SetsPlugin,
            crate::chess::ecs::ChessPlugin {
                persist: self.persist,
            },
            crate::chess::modes::ModesPlugin,
            crate::chess::online::OnlinePlugin,
            crate::sudoku::ecs::PuzzlePlugin {
                persist: self.persist,
            },
        ));
    }
}

/// The headless app plus the board view, animations and sound systems:
/// sprites and text are plain components without a renderer, so this runs
/// in tests and benchmarks too.
pub fn headless_app_with_view(seed: MineSeed) -> App {
    let mut app = headless_app(seed);
    app.add_plugins(bevy::asset::AssetPlugin::default())
        .init_asset::<Image>()
        .init_asset::<bevy::text::Font>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .add_message::<bevy::input::touch::TouchInput>()
        .add_message::<bevy::window::CursorMoved>()
        .insert_resource(crate::base::settings::Settings::default())
        .add_plugins(views::ViewsPlugin);
    app
}

/// A headless app (no window, GPU or sound) running the gameplay schedule,
/// with the mine seed fixed.
pub fn headless_app(seed: MineSeed) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(seed)
        .add_plugins(GamePlugin { persist: false })
        // A headless world is a chess game in progress (tests switch to
        // Sweeper Sudoku's screen when they need it).
        .insert_state(Screen::Chess);
    app
}

/// Opens the window and runs the game.
pub fn run_game(options: GameOptions) {
    let mut app = App::new();
    // The window's client keeps its online seat across runs and reloads.
    app.insert_resource(crate::chess::online::Online::remembering());
    app.insert_resource(crate::chess::online::Players::remembering());
    if let Some(seed) = options.seed {
        app.insert_resource(MineSeed(seed));
    }
    if options.screenshot.is_some() {
        // Animations advance by one 60 Hz frame per frame, however slow the
        // (software) renderer is: screenshots come out the same every run.
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_secs_f32(1.0 / 60.0),
        ));
    }
    // Desktop: absolute paths, so the folders are found however the binary
    // is started. Web: URLs relative to the page.
    let (levels, assets) = if crate::base::platform::WEB {
        ("levels".to_string(), "assets".to_string())
    } else {
        (
            crate::base::paths::levels_dir()
                .to_string_lossy()
                .into_owned(),
            crate::base::paths::project_dir("assets")
                .to_string_lossy()
                .into_owned(),
        )
    };
    app.register_asset_source(
        "levels",
        AssetSourceBuilder::platform_default(&levels, None),
    )
    .add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Minesweeper Chess".into(),
                    // Until the screen is known (fit::first_window).
                    resolution: options
                        .size
                        .unwrap_or((fit::PREFERRED.0 as u32, fit::PREFERRED.1 as u32))
                        .into(),
                    canvas: Some("#bevy".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: assets,
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins((
        GamePlugin { persist: true },
        PresetPlugin {
            prefix: "levels://",
            discover: if crate::base::platform::WEB {
                Discover::Index
            } else {
                Discover::Folder(levels.clone().into())
            },
        },
        SudokuPresetPlugin {
            prefix: "levels://sudoku/",
            discover: if crate::base::platform::WEB {
                Discover::Index
            } else {
                Discover::Folder(std::path::Path::new(&levels).join("sudoku"))
            },
        },
        views::ViewsPlugin,
        interface::InterfacePlugin,
        crate::base::i18n::files::TextFilesPlugin,
    ))
    .insert_resource(Layout {
        flipped: options.flip,
        ..default()
    })
    .insert_resource(options)
    .add_systems(Update, fit::first_window);
    app.run();
}
