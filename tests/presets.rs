//! Board presets: the shipped ones are valid, broken ones are explained with
//! file, line and column, and the game survives them.

use bevy::prelude::*;
use minesweeper_chess::base::presets;
use minesweeper_chess::chess::ecs::presets::{
    Discover, PresetAsset, PresetIndex, PresetLibrary, PresetPlugin,
};
use minesweeper_chess::chess::ecs::{ActiveVariant, ChessGame, MineSeed};
use minesweeper_core::chess::preset::{self, BUILTIN};
use minesweeper_core::chess::{Position, SquareSet, Variant};
use minesweeper_core::text::PresetError;

const CLASSIC: &str = BUILTIN[0].1;

fn error_of(text: &str) -> String {
    preset::parse("levels/broken.ron", text)
        .expect_err("the preset should be rejected")
        .to_string()
}

#[test]
fn every_shipped_preset_is_valid_and_playable() {
    assert!(BUILTIN.len() >= 4);
    for (file, text) in BUILTIN {
        let p = preset::parse(file, text).unwrap_or_else(|e| panic!("{e}"));
        let v = &p.variant;
        assert!(Position::new(v, SquareSet::EMPTY).is_ok(), "{file}");
        assert!(!p.description.is_empty(), "{file} has a description");
        assert!(v.mine_count as usize <= v.fog_zone.len());
    }
    // The shipped files on disk are the embedded ones.
    for (file, text) in BUILTIN {
        let path = format!("{}/levels/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), *text);
    }
}

#[test]
fn classic_preset_is_the_rules_as_written() {
    let p = preset::parse("classic.ron", CLASSIC).unwrap();
    assert_eq!(p.variant, Variant::classic());
}

#[test]
fn presets_reach_16_by_16() {
    let text = CLASSIC
        .replace("files: 8", "files: 16")
        .replace("ranks: 10", "ranks: 16")
        .replace(
            "\"rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR\"",
            "\"rnbqkbnrrnbqkbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQKBNR\"",
        )
        .replace("white: 10, black: 1", "white: 16, black: 1")
        .replace("white: Some(2), black: Some(9)", "white: Some(2), black: Some(15)")
        .replace("fog_ranks: (4, 7)", "fog_ranks: (4, 13)")
        .replace("castling: Some((king: \"e\", kingside_rook: Some(\"h\"), queenside_rook: Some(\"a\"))),", "");
    let text = text
        .replace("rnbqkbnrrnbqkbnr", "rnbqkbnrrnbqnbnr")
        .replace("RNBQKBNRRNBQKBNR", "RNBQKBNRRNBQNBNR");
    let p = preset::parse("big.ron", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((p.variant.files, p.variant.ranks), (16, 16));
    assert_eq!(p.variant.fog_zone.len(), 160);
}

#[test]
fn broken_presets_name_file_line_and_problem() {
    // Too many mines: the message points at the `mines` line.
    let e = error_of(&CLASSIC.replace("mines: 4", "mines: 40"));
    assert_eq!(
        e,
        "levels/broken.ron:9:5: mines 40 is more than the 32 fog cells"
    );
    // A typo in a field name.
    let e = error_of(&CLASSIC.replace("fog_ranks", "fog_rank"));
    assert!(e.starts_with("levels/broken.ron:8:"), "{e}");
    assert!(e.contains("unknown field `fog_rank`"), "{e}");
    // Broken syntax.
    let e = error_of(&CLASSIC.replace("files: 8,", "files: 8"));
    assert!(e.starts_with("levels/broken.ron:7:"), "{e}");
    // A rank of the setup with seven files.
    let e = error_of(&CLASSIC.replace("rnbqkbnr/pppppppp", "rnbqkbnr/ppppppp"));
    assert!(
        e.contains(":11:5: rank 9 of the setup has 7 files but the board has 8"),
        "{e}"
    );
    // Two white kings.
    let e = error_of(&CLASSIC.replace("RNBQKBNR\"", "RNBKKBNR\""));
    assert!(e.contains("white has 2 kings"), "{e}");
    // A piece in the fog.
    let e = error_of(&CLASSIC.replace("8/8/8/8/8/8/PPPP", "8/8/8/3n4/8/8/PPPP"));
    assert!(e.contains("the piece on d5 stands in the fog zone"), "{e}");
    // Fog ranks off the board.
    let e = error_of(&CLASSIC.replace("fog_ranks: (4, 7)", "fog_ranks: (4, 12)"));
    assert!(e.contains(":8:5: fog_ranks (4, 12)"), "{e}");
    // Castling without a rook.
    let e = error_of(&CLASSIC.replace("kingside_rook: Some(\"h\")", "kingside_rook: Some(\"g\")"));
    assert!(e.contains("castling needs a white rook on g1"), "{e}");
    // A board too big.
    let e = error_of(&CLASSIC.replace("files: 8", "files: 17"));
    assert!(e.contains(":6:5: files 17 is outside 2 to 16"), "{e}");
    // Missing field.
    let e = error_of(&CLASSIC.replace("    mines: 4,\n", ""));
    assert!(e.contains("missing field `mines`"), "{e}");
    // Not even RON.
    let e = error_of("this is not a preset");
    assert!(e.starts_with("levels/broken.ron:1:"), "{e}");
}

fn asset_app(dir: &std::path::Path, discover: Discover) -> App {
    let mut app = minesweeper_chess::headless_app(MineSeed(3));
    app.add_plugins(AssetPlugin {
        file_path: dir.display().to_string(),
        watch_for_changes_override: Some(false),
        ..default()
    })
    .add_plugins(PresetPlugin {
        prefix: "",
        discover,
    });
    app
}

fn run_until(app: &mut App, mut done: impl FnMut(&mut App) -> bool) {
    // Generous: loading runs on the IO task pool, which a busy CI machine
    // may starve for a while.
    for _ in 0..10_000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("timed out waiting for assets");
}

#[test]
fn presets_load_through_the_asset_server_and_bad_ones_show_an_error() {
    let dir = std::env::temp_dir().join(format!("msc-presets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in BUILTIN {
        std::fs::write(dir.join(file), text).unwrap();
    }
    // A modder broke one file.
    std::fs::write(
        dir.join("minefield.ron"),
        CLASSIC.replace("mines: 4", "mines: 99"),
    )
    .unwrap();
    let mut app = asset_app(&dir, Discover::BuiltinOnly);
    run_until(&mut app, |app| {
        let server = app.world().resource::<AssetServer>();
        let lib = app.world().resource::<PresetLibrary>();
        lib.entries.iter().all(|e| {
            e.handle
                .as_ref()
                .is_some_and(|h| server.is_loaded_with_dependencies(h.id()))
        })
    });
    app.update();
    let lib = app.world().resource::<PresetLibrary>();
    let errors: Vec<String> = lib.errors().map(|e| e.to_string()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("minefield.ron:9:5: mines 99 is more than the 32 fog cells"),
        "{}",
        errors[0]
    );
    // The game still runs on the classic board.
    assert_eq!(app.world().resource::<ActiveVariant>().0.files, 8);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edited_preset_replaces_the_board_before_the_first_move() {
    let dir = std::env::temp_dir().join(format!("msc-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in BUILTIN {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let mut app = asset_app(&dir, Discover::BuiltinOnly);
    run_until(&mut app, |app| {
        let lib = app.world().resource::<PresetLibrary>();
        let server = app.world().resource::<AssetServer>();
        lib.entries[0]
            .handle
            .as_ref()
            .is_some_and(|h| server.is_loaded_with_dependencies(h.id()))
    });
    // What the file watcher does on save: the asset changes in place.
    let handle = app.world().resource::<PresetLibrary>().entries[0]
        .handle
        .clone()
        .unwrap();
    let edited = preset::parse(
        "levels/classic.ron",
        &CLASSIC.replace("mines: 4", "mines: 9"),
    );
    app.world_mut()
        .resource_mut::<Assets<PresetAsset>>()
        .insert(handle.id(), presets::PresetAsset(edited))
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<ActiveVariant>().0.mine_count, 9);
    assert_eq!(app.world().resource::<ChessGame>().mines_at_start, 9);
    // A broken edit keeps the board and records the error.
    let broken = preset::parse("levels/classic.ron", "(name: 1)");
    app.world_mut()
        .resource_mut::<Assets<PresetAsset>>()
        .insert(handle.id(), presets::PresetAsset(broken))
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(app.world().resource::<ActiveVariant>().0.mine_count, 9);
    assert_eq!(app.world().resource::<PresetLibrary>().errors().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mangled_presets_are_errors_never_panics() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let bytes: Vec<char> = CLASSIC.chars().collect();
    let alphabet: Vec<char> = "()[],:\"0123456789 abcdefghKQRBNPkqrbnp/SomeNone_"
        .chars()
        .collect();
    for _ in 0..3000 {
        let mut text = bytes.clone();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..text.len());
            if rng.random_bool(0.5) {
                text[i] = alphabet[rng.random_range(0..alphabet.len())];
            } else {
                text.remove(i);
            }
        }
        let text: String = text.into_iter().collect();
        if let Err(e) = preset::parse("levels/x.ron", &text) {
            assert!(
                e.line >= 1 && e.line <= text.lines().count().max(1) + 1,
                "{e}"
            );
            assert!(!e.message.is_empty());
        }
    }
}

/// Waits until every discovered file has joined the menu.
fn discovered(app: &mut App, files: usize) -> Vec<(String, Result<String, PresetError>)> {
    run_until(app, |app| {
        let lib = app.world().resource::<PresetLibrary>();
        lib.pending.is_empty() && lib.entries.len() >= BUILTIN.len() + files
    });
    let lib = app.world().resource::<PresetLibrary>();
    lib.entries[BUILTIN.len()..]
        .iter()
        .map(|e| {
            (
                e.file.clone(),
                e.preset
                    .as_ref()
                    .map(|p| p.variant.name.clone())
                    .map_err(Clone::clone),
            )
        })
        .collect()
}

fn levels_with_extras(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("msc-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in BUILTIN {
        std::fs::write(dir.join(file), text).unwrap();
    }
    std::fs::write(
        dir.join("my_board.ron"),
        CLASSIC.replace("name: \"Classic\"", "name: \"My board\""),
    )
    .unwrap();
    std::fs::write(dir.join("zz_broken.ron"), "(name: \"Oops\"").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a preset").unwrap();
    dir
}

#[test]
fn a_modders_new_preset_file_joins_the_menu() {
    let dir = levels_with_extras("folder");
    let mut app = asset_app(&dir, Discover::Folder(dir.clone()));
    let extra = discovered(&mut app, 2);
    assert_eq!(extra.len(), 2, "{extra:?}");
    assert_eq!(extra[0], ("my_board.ron".into(), Ok("My board".into())));
    assert_eq!(extra[1].0, "zz_broken.ron");
    let err = extra[1].1.as_ref().unwrap_err().to_string();
    assert!(err.starts_with("levels/zz_broken.ron:1:"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_web_finds_presets_through_an_index_file() {
    let dir = levels_with_extras("index");
    // Folders cannot be listed over HTTP: only what index.txt names is loaded.
    std::fs::write(
        dir.join("index.txt"),
        "# presets\nclassic.ron\nmy_board.ron   # mine\n\n../etc/passwd\nmy_board.ron\n",
    )
    .unwrap();
    let mut app = asset_app(&dir, Discover::Index);
    let extra = discovered(&mut app, 1);
    assert_eq!(extra, vec![("my_board.ron".into(), Ok("My board".into()))]);
    let (_, problems) = PresetIndex::parse("levels/index.txt", "ok.ron\nbad name\n");
    assert_eq!(
        problems,
        vec!["levels/index.txt:2: 'bad name' is not a preset file name (like classic.ron)"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn presets_that_no_game_could_play_are_refused() {
    // Castling whose default landing cells (c and d) lie off a narrow board.
    let narrow = r#"(
    name: "Narrow",
    files: 3,
    ranks: 8,
    fog_ranks: (4, 5),
    mines: 1,
    setup: "rkr/ppp/3/3/3/3/PPP/RKR",
    castling: Some((king: "b", queenside_rook: Some("a"))),
)"#;
    let e = error_of(narrow);
    assert!(
        e.contains("off this 3-file board") && e.contains("queenside_to"),
        "{e}"
    );
    // A double step that jumps over the promotion rank.
    let e = error_of(&CLASSIC.replace("white: 10, black: 1", "white: 3, black: 1"));
    assert!(
        e.contains("double step from rank 2 jumps over the promotion rank 3")
            || e.contains("jumps over the promotion rank"),
        "{e}"
    );
}

#[test]
fn a_fen_that_does_not_fit_its_preset_is_refused() {
    use minesweeper_core::chess::fen;
    let v = preset::parse("classic.ron", CLASSIC).unwrap().variant;
    let small = fen::parse_setup("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1").unwrap();
    let e = fen::check_against(&small, &v).unwrap_err().to_string();
    assert!(e.contains("6×6 but Classic is 8×10"), "{e}");
    let other_zone = fen::parse_setup(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/ffffffff/8/8/8/8/8/8/8",
    )
    .unwrap();
    let e = fen::check_against(&other_zone, &v).unwrap_err().to_string();
    assert!(e.contains("fog zone of Classic"), "{e}");
    let plain =
        fen::parse_setup("rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(
        fen::check_against(&plain, &v).is_ok(),
        "a fog-free FEN of the same size fits"
    );
    // The perft tool says so too.
    let preset_file = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/classic.ron");
    let args: Vec<String> = [
        "perft",
        "--depth",
        "1",
        "--preset",
        preset_file,
        "--fen",
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = minesweeper_chess::tools::run(&args).unwrap();
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("does not fit the preset"),
        "{}",
        out.stderr
    );
}

#[test]
fn sudoku_presets_load_through_the_asset_server_and_the_menu_follows_edits() {
    use minesweeper_chess::sudoku::ecs::presets::{SudokuLibrary, SudokuPresetPlugin};
    use minesweeper_chess::sudoku::ui::{SudokuMenu, SudokuUiPlugin};
    use minesweeper_core::sudoku::preset as sudoku_preset;

    let dir = std::env::temp_dir().join(format!("msc-sudoku-{}", std::process::id()));
    let folder = dir.join("sudoku");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&folder).unwrap();
    let easy = sudoku_preset::BUILTIN[0].1;
    for (file, text) in sudoku_preset::BUILTIN {
        std::fs::write(folder.join(file), text).unwrap();
    }
    std::fs::write(
        folder.join("my_board.ron"),
        easy.replace("\"Easy 4×4\"", "\"My board\"")
            .replace("\"E4\"", "\"MB\""),
    )
    .unwrap();
    std::fs::write(folder.join("zz_broken.ron"), "SudokuPreset(name: \"Oops\"").unwrap();
    let mut app = minesweeper_chess::headless_app(MineSeed(3));
    app.add_plugins(AssetPlugin {
        file_path: dir.display().to_string(),
        watch_for_changes_override: Some(false),
        ..default()
    })
    .insert_resource(minesweeper_chess::base::options::GameOptions::default())
    .init_resource::<minesweeper_chess::sudoku::view::PuzzleInput>()
    .add_plugins((
        SudokuPresetPlugin {
            prefix: "sudoku/",
            discover: Discover::Folder(folder.clone()),
        },
        SudokuUiPlugin,
    ));
    let builtin = sudoku_preset::BUILTIN.len();
    run_until(&mut app, |app| {
        let lib = app.world().resource::<SudokuLibrary>();
        lib.pending.is_empty() && lib.entries.len() == builtin + 2
    });
    app.update();
    let names = |app: &App| -> Vec<String> {
        let menu = app.world().resource::<SudokuMenu>();
        menu.presets.iter().map(|p| p.file.name.clone()).collect()
    };
    assert_eq!(names(&app).len(), builtin + 1);
    assert_eq!(names(&app)[builtin], "My board");
    let errors = app.world().resource::<SudokuMenu>().errors.clone();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("levels/sudoku/zz_broken.ron:1:"),
        "{}",
        errors[0]
    );

    // What the file watcher does on save: the first board gets a new name.
    let handle = app.world().resource::<SudokuLibrary>().entries[0]
        .handle
        .clone()
        .unwrap();
    let edited = sudoku_preset::parse(
        "levels/sudoku/easy_4x4.ron",
        &easy.replace("\"Easy 4×4\"", "\"Gentle 4×4\""),
    );
    app.world_mut()
        .resource_mut::<Assets<presets::PresetAsset<_>>>()
        .insert(handle.id(), presets::PresetAsset(edited))
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(names(&app)[0], "Gentle 4×4");
    // A broken edit takes the board out of the menu and says why.
    let broken = sudoku_preset::parse("levels/sudoku/easy_4x4.ron", "SudokuPreset(size: 5)");
    app.world_mut()
        .resource_mut::<Assets<presets::PresetAsset<_>>>()
        .insert(handle.id(), presets::PresetAsset(broken))
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(names(&app).len(), builtin);
    assert_eq!(app.world().resource::<SudokuMenu>().errors.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
