//! Scripted runs: `--preset` and `--fen` set up the board, `--script`
//! plays moves one at a time through the input path (waiting for the
//! animations; the word `back` looks one move back, as ← does,
//! `analyse` asks for the analysis of a finished game, `select:e2` picks
//! up the piece on e2 as a click does, `promote:a10` drops the picked
//! pawn there, opening the promotion picker, `computer:master` hands
//! Black to the computer at that level (`computer:master:white` White), `premove:a2a3` queues a premove
//! and `cursor:e4` shows the keyboard's cursor there), then
//! `--screenshot` saves a picture and quits.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::effects;
use crate::base::options::GameOptions;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{
    ChessGame, MoveRequested, NewGameRequested, PublicBoard, Timeline, options_game,
};
use minesweeper_core::chess::Square;

/// Plays the command line's script once the pointer and keys are read.
pub(super) struct ScriptPlugin;

impl Plugin for ScriptPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, script.in_set(super::ViewStep::Script));
    }
}

/// What the script's words read and act on: the board, the input's
/// selection and premove, the replay, the mode.
#[derive(SystemParam)]
pub(super) struct ScriptWords<'w, 's> {
    board: PublicBoard<'w, 's>,
    game: Res<'w, ChessGame>,
    requests: MessageWriter<'w, MoveRequested>,
    viewing: ResMut<'w, super::replay::Viewing>,
    timeline: Res<'w, Timeline>,
    analyse: MessageWriter<'w, crate::chess::ecs::analysis::AnalyseRequested>,
    selection: ResMut<'w, super::input::Selection>,
    mode: ResMut<'w, crate::chess::ecs::PlayMode>,
    rules: Res<'w, crate::chess::ecs::ModeRules>,
    layout: Res<'w, super::Layout>,
    premove: ResMut<'w, super::premove::Premove>,
    cursor: ResMut<'w, super::cursor::Cursor>,
}

/// Runs the command line's board, moves and screenshot.
pub(super) fn script(
    mut commands: Commands,
    mut options: ResMut<GameOptions>,
    library: Option<Res<PresetLibrary>>,
    busy: Query<(), With<effects::Busy>>,
    mut frames: Local<u32>,
    mut since_move: Local<u32>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut words: ScriptWords,
) {
    if !options.skip_menu {
        return;
    }
    *frames += 1;
    *since_move += 1;
    if *frames == 3 {
        if let Some(req) = options_game(&options, library.as_deref()) {
            new_game.write(req);
        }
        return;
    }
    // Let the first game start, the window settle and animations finish.
    if *frames < 20 {
        return;
    }
    let waited = options
        .wait
        .is_some_and(|w| *since_move >= w && options.moves.is_empty());
    if !busy.is_empty() && !waited {
        return;
    }
    // Sweeper Sudoku plays its own script (sudoku/view/script.rs).
    let sudoku = options.sudoku.is_some() || options.daily.is_some();
    if !options.moves.is_empty() && sudoku {
        return;
    }
    if !options.moves.is_empty() {
        let text = options.moves.remove(0);
        if words.run(&text) {
            *since_move = 0;
        }
        // A move waits for its animation and the frames after it; a word
        // that only sets something up (select:, premove: …) does not, so
        // the screenshot can catch a computer still thinking.
        let setup = ["select:", "promote:", "computer:", "premove:", "cursor:"]
            .iter()
            .any(|w| text.starts_with(w));
        *frames = if setup { 36 } else { 10 };
        return;
    }
    if *frames < 40 || (options.wait.is_some() && !waited) {
        return;
    }
    if let Some(path) = options.screenshot.take() {
        info!("--screenshot: {}", path.display());
        crate::base::screenshot::save_window(&mut commands, path, true);
    }
}

impl ScriptWords<'_, '_> {
    /// Does what the script's word `text` says; `true` if it was a move
    /// (asked for), as the wait before the screenshot counts from it.
    fn run(&mut self, text: &str) -> bool {
        if text == "back" {
            self.viewing.step(-1, &self.timeline);
        } else if text == "analyse" {
            self.analyse
                .write(crate::chess::ecs::analysis::AnalyseRequested);
        } else if let Some(sq) = text.strip_prefix("select:").and_then(Square::parse) {
            super::input::select(
                &mut self.selection,
                &self.board,
                &self.game,
                &self.rules,
                sq,
            );
        } else if let Some((level, side)) = text.strip_prefix("computer:").and_then(computer_named)
        {
            *self.mode = crate::chess::modes::computer::mode(side, level);
        } else if let Some((from, to)) = text
            .strip_prefix("premove:")
            .and_then(|t| Some((Square::parse(t.get(..2)?)?, Square::parse(t.get(2..)?)?)))
        {
            self.premove.queued = Some(super::premove::Queued {
                from,
                to,
                sweep: false,
            });
            self.premove.ply = self.game.moves().len();
        } else if let Some(sq) = text.strip_prefix("cursor:").and_then(Square::parse) {
            self.cursor.0 = Some(sq);
        } else if let Some(sq) = text.strip_prefix("promote:").and_then(Square::parse) {
            let to = self.selection.moves.iter().copied().find(|m| m.to == sq);
            if let Some(m) = to.and_then(|m| self.selection.choose(m, &self.layout)) {
                self.requests.write(MoveRequested(m));
            }
        } else if let Some(m) = scripted_move(&self.board, &self.game, text) {
            self.requests.write(MoveRequested(m));
            return true;
        }
        false
    }
}

/// A scripted move, read on what the player sees.
fn scripted_move(
    board: &PublicBoard,
    game: &ChessGame,
    text: &str,
) -> Option<minesweeper_core::chess::Move> {
    let public = board.public(game)?;
    match minesweeper_core::chess::notation::parse_move(public.position(), text) {
        Ok(m) => {
            info!("--script: {text}");
            Some(m)
        }
        Err(e) => {
            error!("--script: {e}");
            None
        }
    }
}

/// The computer's level and side as the script names them: `master`
/// (it plays Black) or `master:white`.
fn computer_named(
    words: &str,
) -> Option<(minesweeper_core::ai::Level, minesweeper_core::chess::Color)> {
    use minesweeper_core::ai::Level;
    use minesweeper_core::chess::Color;
    let (name, side) = words.split_once(':').unwrap_or((words, "black"));
    let level = Level::ALL
        .into_iter()
        .find(|l| format!("{l:?}").eq_ignore_ascii_case(name))?;
    let side = match side {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return None,
    };
    Some((level, side))
}
