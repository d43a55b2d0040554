//! Sweeper Sudoku in the ECS: board cells, fog, hidden mines and pieces are
//! entities; requests from any input (mouse, touch, tests) go through one
//! message and ordered system sets, like the chess turn:
//! `Input → Apply → Sync → Present`.
//!
//! The rules themselves live in [`minesweeper_core::sudoku::game`] (pure, shared with the
//! hint, the rating and the soak test); [`PuzzleSet::Apply`] runs them and
//! [`PuzzleSet::Sync`] mirrors the result onto the entities the view dresses.

use bevy::prelude::*;

pub mod daily;
pub mod presets;
pub mod save;

use minesweeper_core::sudoku::board::Card;
use minesweeper_core::sudoku::deduce::{Hint, PublicView, Rating, hint, rate};
use minesweeper_core::sudoku::game::{Action, CellState, Event, MineFate, PuzzleGame};
use minesweeper_core::sudoku::preset::SudokuPreset;

/// The ordered steps of one puzzle action.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum PuzzleSet {
    /// Pointer, keys and scripts become [`PuzzleRequest`]s.
    Input,
    /// The rules run; [`PuzzleHappened`] or [`PuzzleRefused`] come out.
    Apply,
    /// Entities follow the game.
    Sync,
    /// The board of the day's timing and statistics follow the game.
    Daily,
    /// Animation, sound and panels react.
    Present,
}

/// What a player (or a test) asks for.
#[derive(Message, Debug, Clone)]
pub enum PuzzleRequest {
    /// Start the board of a preset and seed.
    Start {
        /// The preset.
        preset: Box<SudokuPreset>,
        /// The seed.
        seed: u64,
    },
    /// Go on with a saved game (see [`minesweeper_core::sudoku::save`]).
    Resume {
        /// The game, replayed from its save.
        game: Box<PuzzleGame>,
        /// Its share code.
        code: String,
    },
    /// Do an action on the board.
    Act(Action),
    /// Work out a hint from what the player sees.
    Hint,
    /// Close the board.
    Close,
}

/// What an accepted action did, in order.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct PuzzleHappened(pub Vec<Event>);

/// An action was refused: the rules' reason, or `None` when no board is
/// open (the view words it in the player's language).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct PuzzleRefused(pub Option<minesweeper_core::sudoku::Refusal>);

/// The board being played.
#[derive(Resource, Debug, Default)]
pub struct Puzzle {
    /// The game, when a board is open.
    pub game: Option<PuzzleGame>,
    /// Its share code.
    pub code: String,
    /// How far pure deduction gets on it.
    pub rating: Option<Rating>,
    /// The last hint asked for (cleared by the next action).
    pub hint: Option<Hint>,
    /// A hint was asked for but nothing is certain.
    pub no_hint: bool,
}

/// A board cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzleCell(pub usize);

/// The fog over a closed cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fogged;

/// The player's flag on a cell.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flagged;

/// A question mark for good.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
struct QuestionMark;

/// A live mine under a cell: hidden truth, never read by the view.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenMine;

/// A mine that is done with.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpentMine(pub MineFate);

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PuzzlePiece {
    /// The game's id for it.
    pub id: u32,
    /// Its cell.
    pub cell: usize,
    /// Piece, colour and digit.
    pub card: Card,
    /// Its sensor reading.
    pub sensor: u8,
    /// Board moves left.
    pub stamina: u8,
    /// A king's spare lives.
    pub spare: u8,
}

impl PuzzlePiece {
    /// The component for a piece of the game, with its sensor read now.
    pub fn of(game: &PuzzleGame, q: &minesweeper_core::sudoku::game::Piece) -> PuzzlePiece {
        PuzzlePiece {
            id: q.id,
            cell: q.cell,
            card: q.card,
            sensor: game.sensor(q),
            stamina: q.stamina,
            spare: q.spare,
        }
    }
}

/// Runs Sweeper Sudoku boards (no drawing: the view dresses the entities).
pub(crate) struct PuzzlePlugin {
    /// Save the board in progress (the window's game).
    pub persist: bool,
}

impl Plugin for PuzzlePlugin {
    fn build(&self, app: &mut App) {
        if self.persist {
            app.add_plugins(save::SavePlugin);
        }
        app.init_resource::<Puzzle>()
            .add_message::<PuzzleRequest>()
            .add_message::<PuzzleHappened>()
            .add_message::<PuzzleRefused>()
            .add_systems(Update, apply.in_set(PuzzleSet::Apply))
            .add_systems(Update, sync.in_set(PuzzleSet::Sync))
            .add_plugins(daily::DailyPlugin);
    }
}

fn apply(
    mut requests: MessageReader<PuzzleRequest>,
    mut puzzle: ResMut<Puzzle>,
    mut happened: MessageWriter<PuzzleHappened>,
    mut refused: MessageWriter<PuzzleRefused>,
) {
    for r in requests.read() {
        match r {
            PuzzleRequest::Start { preset, seed } => {
                let game = PuzzleGame::from_seed((**preset).clone(), *seed);
                puzzle.code = minesweeper_core::sudoku::board::share_code(&preset.file.code, *seed);
                puzzle.rating = Some(rate(&game));
                puzzle.game = Some(game);
                puzzle.hint = None;
                puzzle.no_hint = false;
            }
            PuzzleRequest::Resume { game, code } => {
                // The rating is the board's, from its start.
                let start = PuzzleGame::new(game.preset.clone(), game.board.clone());
                puzzle.rating = Some(rate(&start));
                puzzle.code = code.clone();
                puzzle.game = Some((**game).clone());
                puzzle.hint = None;
                puzzle.no_hint = false;
            }
            PuzzleRequest::Close => *puzzle = Puzzle::default(),
            PuzzleRequest::Hint => {
                let Some(game) = &puzzle.game else { continue };
                let h = hint(&PublicView::of(game));
                puzzle.no_hint = h.is_none();
                puzzle.hint = h;
            }
            PuzzleRequest::Act(action) => {
                let Some(game) = &mut puzzle.game else {
                    refused.write(PuzzleRefused(None));
                    continue;
                };
                match game.apply(action) {
                    Ok(events) => {
                        puzzle.hint = None;
                        puzzle.no_hint = false;
                        happened.write(PuzzleHappened(events));
                    }
                    Err(e) => {
                        refused.write(PuzzleRefused(Some(e)));
                    }
                }
            }
        }
    }
}

/// Mirrors the game onto entities: one per cell (with fog, flag, question
/// mark and mine markers) and one per piece on the board.
fn sync(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    cells: Query<(Entity, &PuzzleCell)>,
    mut pieces: Query<(Entity, &mut PuzzlePiece)>,
) {
    if !puzzle.is_changed() {
        return;
    }
    let Some(game) = &puzzle.game else {
        for (e, _) in &cells {
            commands.entity(e).despawn();
        }
        for (e, _) in &pieces {
            commands.entity(e).despawn();
        }
        return;
    };
    let total = game.cells.len();
    let mut have = vec![None; total];
    for (e, c) in &cells {
        if c.0 < total && have[c.0].is_none() {
            have[c.0] = Some(e);
        } else {
            commands.entity(e).despawn();
        }
    }
    for (i, cell) in game.cells.iter().enumerate() {
        let e = match have[i] {
            Some(e) => e,
            None => commands.spawn(PuzzleCell(i)).id(),
        };
        let mut ec = commands.entity(e);
        if cell.state == CellState::Closed {
            ec.insert(Fogged);
        } else {
            ec.remove::<Fogged>();
        }
        if cell.flag {
            ec.insert(Flagged);
        } else {
            ec.remove::<Flagged>();
        }
        if cell.state == CellState::Question {
            ec.insert(QuestionMark);
        } else {
            ec.remove::<QuestionMark>();
        }
        match cell.mine {
            Some(MineFate::Live) => {
                ec.insert(HiddenMine);
            }
            Some(fate) => {
                ec.remove::<HiddenMine>().insert(SpentMine(fate));
            }
            None => {
                ec.remove::<(HiddenMine, SpentMine)>();
            }
        }
    }
    let mut seen = Vec::new();
    for (e, mut p) in &mut pieces {
        match game.pieces.iter().find(|q| q.id == p.id) {
            Some(q) => {
                let now = PuzzlePiece::of(game, q);
                if *p != now {
                    *p = now;
                }
                seen.push(q.id);
            }
            None => commands.entity(e).despawn(),
        }
    }
    for q in game.pieces.iter().filter(|q| !seen.contains(&q.id)) {
        commands.spawn(PuzzlePiece::of(game, q));
    }
}
