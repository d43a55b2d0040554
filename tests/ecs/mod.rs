//! The game through the real ECS schedule, headless: the helpers every
//! part shares (an app that listens to the gameplay's messages, moves
//! played by their notation, the entities read back), and the parts.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::headless_app;
use minesweeper_core::chess::{Move, Piece, Position, Square, SquareSet, notation};

mod computer;
mod invariants;
mod rules;
mod schedule;
mod sounds;
mod view;

/// Everything the gameplay said during one update.
#[derive(Resource, Default, Debug)]
struct Heard {
    moved: Vec<PieceMoved>,
    exploded: Vec<MineExploded>,
    swept: Vec<MineSwept>,
    sapper: Vec<SapperUsed>,
    fog: Vec<FogLifted>,
    check: Vec<CheckGiven>,
    over: Vec<GameOver>,
    rejected: Vec<MoveRejected>,
}

#[allow(clippy::too_many_arguments)]
fn listen(
    mut heard: ResMut<Heard>,
    mut a: MessageReader<PieceMoved>,
    mut b: MessageReader<MineExploded>,
    mut c: MessageReader<MineSwept>,
    mut d: MessageReader<SapperUsed>,
    mut e: MessageReader<FogLifted>,
    mut f: MessageReader<CheckGiven>,
    mut g: MessageReader<GameOver>,
    mut h: MessageReader<MoveRejected>,
) {
    heard.moved.extend(a.read().copied());
    heard.exploded.extend(b.read().copied());
    heard.swept.extend(c.read().copied());
    heard.sapper.extend(d.read().copied());
    heard.fog.extend(e.read().cloned());
    heard.check.extend(f.read().copied());
    heard.over.extend(g.read().copied());
    heard.rejected.extend(h.read().cloned());
}

fn app() -> App {
    let mut app = headless_app(MineSeed(7));
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    app
}

fn start(app: &mut App, pos: Position) {
    app.world_mut().write_message(NewGameRequested {
        position: Some(pos),
        ..NewGameRequested::fresh()
    });
    app.update();
    app.world_mut().resource_mut::<Heard>().moves_reset();
}

impl Heard {
    fn moves_reset(&mut self) {
        *self = Heard::default();
    }
}

fn snapshot(app: &mut App) -> Position {
    let world = app.world_mut();
    let mut st = SystemState::<(TrueBoard, Res<ChessGame>)>::new(world);
    let (board, state) = st.get(world).expect("board params");
    board.snapshot(&state).expect("entities form a position")
}

/// Plays `text` through the schedule and returns what was heard.
fn play(app: &mut App, text: &str) -> Heard {
    let pos = snapshot(app);
    let m = notation::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    request(app, m)
}

fn request(app: &mut App, m: Move) -> Heard {
    app.world_mut().resource_mut::<Heard>().moves_reset();
    app.world_mut().write_message(MoveRequested(m));
    app.update();
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

fn pieces(app: &mut App) -> Vec<(Square, Piece)> {
    let mut q = app.world_mut().query::<(&At, &ChessPiece)>();
    let mut v: Vec<_> = q.iter(app.world()).map(|(a, p)| (a.0, p.0)).collect();
    v.sort_by_key(|(s, _)| *s);
    v
}

fn cells<T: Component>(app: &mut App) -> SquareSet {
    let mut q = app.world_mut().query_filtered::<&At, With<T>>();
    q.iter(app.world()).map(|a| a.0).collect()
}

fn count_at(app: &mut App, at: Square) -> Option<u8> {
    let mut q = app
        .world_mut()
        .query::<(&BoardSquare, Option<&RevealedCount>)>();
    q.iter(app.world())
        .find(|(b, _)| b.0 == at)
        .and_then(|(_, c)| c.map(|c| c.0))
}

fn piece_at(app: &mut App, at: Square) -> Option<Piece> {
    pieces(app)
        .into_iter()
        .find(|(s, _)| *s == at)
        .map(|(_, p)| p)
}

/// An app with the board view (sprites without a renderer), listening, on
/// 60 Hz game time however fast the test runs (delayed sounds come due).
fn view_app() -> App {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(2));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(16),
    ));
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    app
}
