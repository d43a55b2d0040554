//! What the server said, one small system per kind of message, in the
//! turn's setup: a new board is built and the server's moves join the move
//! queue in the same frame as they are read.

use bevy::prelude::*;
use minesweeper_core::chess::{ByColor, Color as Side, Outcome, PublicPosition, SquareSet};
use minesweeper_core::online::protocol::{ErrorCode, MoveView, Over, ServerMsg};
use minesweeper_core::online::table::builtin_variant;
use minesweeper_core::online::told::public_after;

use super::session::{keep_seat, now, resync_now};
use super::{Heard, Notice, Online, Phase};
use crate::chess::ecs::{
    ActiveVariant, BoardEntity, ChessGame, Concluded, Decider, GameStarted, ModeRules, MoveQueue,
    PendingMove, PlayMode, Player,
};

/// The longest history played move by move: a longer one (no real game
/// is) shows its position alone.
const MAX_HISTORY: usize = 2000;

/// A seat was given: its code, token and side.
pub(super) fn seated(mut heard: MessageReader<Heard>, mut online: ResMut<Online>) {
    for msg in heard.read() {
        let ServerMsg::Seated { code, token, side } = &msg.0 else {
            continue;
        };
        if online.remember {
            keep_seat(Some((&online.server, token, code)));
        }
        online.code = Some(code.clone());
        online.side = Some(*side);
        online.token = Some(token.clone());
    }
}

/// The board the server sent and how it is played here.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Board<'w, 's> {
    commands: Commands<'w, 's>,
    entities: Query<'w, 's, Entity, With<BoardEntity>>,
    variant: ResMut<'w, ActiveVariant>,
    game: ResMut<'w, ChessGame>,
    queue: ResMut<'w, MoveQueue>,
    mode: ResMut<'w, PlayMode>,
    rules: ResMut<'w, ModeRules>,
    started: MessageWriter<'w, GameStarted>,
}

/// A whole game (joined, watched, resumed or asked for again): its start
/// as the players saw it is built at once and every move since joins the
/// queue, played one a frame; a server that sends no history gives the
/// position alone, the moves listed plain.
pub(super) fn whole_game(
    mut heard: MessageReader<Heard>,
    mut online: ResMut<Online>,
    time: Res<Time<Real>>,
    mut board: Board,
) {
    // The last one a frame only: each builds its board with commands the
    // next would not see, and it says all the earlier ones said.
    let last = heard
        .read()
        .filter(|m| matches!(m.0, ServerMsg::Game { .. }))
        .last();
    if let Some(Heard(msg)) = last {
        take_game(msg, &mut online, now(&time), &mut board);
    }
}

/// A whole game told: its board built, its moves queued, the client's
/// state from what it says.
fn take_game(msg: &ServerMsg, online: &mut Online, now: f64, board: &mut Board) {
    let ServerMsg::Game {
        code,
        preset,
        time: control,
        you,
        moves,
        start,
        history,
        fen,
        present,
        clock,
        offer,
        over,
        ..
    } = msg
    else {
        return;
    };
    let Ok(variant) = builtin_variant(preset) else {
        online.notice = Some(Notice::Refused(ErrorCode::BadRequest));
        return;
    };
    let Some((seen, history, earlier)) = readable(start, fen, history, moves, &variant) else {
        return;
    };
    online.ply = u32::try_from(history.len() + earlier.len()).unwrap_or(u32::MAX);
    build(board, variant, &seen, history, *you);
    online.revealed = false;
    online.phase = Phase::InGame;
    online.code = Some(code.clone());
    online.side = *you;
    online.preset = preset.clone();
    online.time = control.clone();
    online.present = *present;
    online.clock = clock.map(|c| (c, now));
    online.offer = *offer;
    online.rematch = None;
    online.earlier = earlier;
    online.over = over.clone();
    online.sent = None;
}

/// The start and the moves to play from it, or the position alone with
/// the moves as text when the history cannot be replayed.
fn readable(
    start: &str,
    fen: &str,
    history: &[MoveView],
    moves: &[String],
    variant: &minesweeper_core::chess::Variant,
) -> Option<(PublicPosition, Vec<MoveView>, Vec<String>)> {
    let rules = variant.rules;
    let replayable = history.len() == moves.len() && history.len() <= MAX_HISTORY;
    match public_after(start, rules, None) {
        Ok(seen) if replayable => return Some((seen, history.to_vec(), Vec::new())),
        _ => {}
    }
    match public_after(fen, rules, Some(Side::White))
        .or_else(|_| public_after(fen, rules, Some(Side::Black)))
    {
        Ok(seen) => Some((seen, Vec::new(), moves.to_vec())),
        Err(e) => {
            warn!("online: the server's position {fen} does not read: {e}");
            None
        }
    }
}

/// Builds the board the players see (nothing hides under its fog here:
/// the server keeps the mines), queues the moves since, and makes this
/// the online mode with `you`'s seat.
fn build(
    board: &mut Board,
    variant: minesweeper_core::chess::Variant,
    seen: &PublicPosition,
    history: Vec<MoveView>,
    you: Option<Side>,
) {
    crate::chess::ecs::rebuild(
        &mut board.commands,
        &board.entities,
        &variant,
        seen,
        &SquareSet::EMPTY,
    );
    board.variant.0 = variant;
    *board.game = ChessGame::from_public(seen);
    board.queue.clear();
    for view in history {
        board.queue.tell(view);
    }
    board.started.write(GameStarted);
    *board.mode = PlayMode::Online;
    board.rules.set_if_neq(ModeRules {
        decider: Decider::Server,
        movers: ByColor::from_fn(|s| you == Some(s)),
        players: ByColor::new(Player::Person, Player::Person),
        draw_here: false,
        hints: false,
    });
}

/// A move played: it joins the queue (a move missed asks for the whole
/// game again).
pub(super) fn moved(
    mut heard: MessageReader<Heard>,
    mut online: ResMut<Online>,
    mut queue: ResMut<MoveQueue>,
    time: Res<Time<Real>>,
) {
    for msg in heard.read() {
        let ServerMsg::Moved { view, clock } = &msg.0 else {
            continue;
        };
        if view.ply <= online.ply {
            continue;
        }
        if view.ply != online.ply + 1 {
            resync_now(&mut online, &mut queue);
            continue;
        }
        online.ply = view.ply;
        if online.sent == Some(view.ply) {
            online.sent = None;
        }
        online.clock = clock.map(|c| (c, now(&time)));
        queue.tell(view.clone());
    }
}

/// Who is connected, draws and rematches offered, the quick-game queue.
pub(super) fn news(mut heard: MessageReader<Heard>, mut online: ResMut<Online>) {
    for msg in heard.read() {
        match &msg.0 {
            ServerMsg::Presence { present } => online.present = *present,
            ServerMsg::DrawOffered { by } => online.offer = Some(*by),
            ServerMsg::DrawDeclined => online.offer = None,
            ServerMsg::RematchOffered { by } => online.rematch = Some(*by),
            ServerMsg::Waiting => {
                online.phase = Phase::Queued;
                // A quick game given up before it started (the partner
                // left as it was paired): its seat is gone, the queue again.
                if online.token.take().is_some() && online.remember {
                    keep_seat(None);
                }
                online.code = None;
                online.side = None;
            }
            _ => {}
        }
    }
}

/// The game ended: how, and the seat is not kept any more.
pub(super) fn over(mut heard: MessageReader<Heard>, mut online: ResMut<Online>) {
    for msg in heard.read() {
        let ServerMsg::Over(o) = &msg.0 else {
            continue;
        };
        online.over = Some(o.clone());
        online.offer = None;
        if online.remember {
            keep_seat(None);
        }
    }
}

/// The server refused something: said to the player, and for a move out
/// of step, the whole game asked for again.
pub(super) fn refused(
    mut heard: MessageReader<Heard>,
    mut online: ResMut<Online>,
    mut queue: ResMut<MoveQueue>,
) {
    for msg in heard.read() {
        let ServerMsg::Error { code, message } = &msg.0 else {
            continue;
        };
        warn!("online: the server refused: {code:?}: {message}");
        online.sent = None;
        match code {
            ErrorCode::StaleMove | ErrorCode::NotYourTurn if online.in_game() => {
                resync_now(&mut online, &mut queue)
            }
            ErrorCode::SeatTaken => {
                online.taken = true;
                online.phase = Phase::Offline;
            }
            // A server of several nodes: the game's node stopped and
            // another takes it over within seconds.
            ErrorCode::Unavailable if online.phase == Phase::Reconnecting => {
                online.resume_again = true;
            }
            ErrorCode::NotFound if online.phase == Phase::Reconnecting => {
                // The seat is gone (the game ended and was cleared).
                online.phase = Phase::Offline;
                online.token = None;
                if online.remember {
                    keep_seat(None);
                }
            }
            _ => {}
        }
        if !online.in_game() && online.phase != Phase::Reconnecting {
            online.phase = Phase::Offline;
        }
        online.notice = Some(Notice::Refused(*code));
    }
}

/// How an archive's game ended when its moves alone do not say
/// (resignation, time, agreement), and how many moves it had: concluded
/// on the board once they are replayed.
#[derive(Resource, Debug, Default)]
pub(super) struct ReplayEnd {
    /// The outcome and the moves before it.
    end: Option<(Outcome, usize)>,
    /// Its board is built (its `GameStarted` heard).
    started: bool,
}

/// A finished game from the archive (or a permanent link): opened as a
/// finished game at this screen, its true mines included, to look back
/// through and analyse. Any online game is left first.
pub(super) fn replay(
    mut heard: MessageReader<Heard>,
    mut online: ResMut<Online>,
    mut mode: ResMut<PlayMode>,
    mut new_game: MessageWriter<crate::chess::ecs::NewGameRequested>,
    mut ending: ResMut<ReplayEnd>,
    screen: Option<ResMut<NextState<crate::base::screen::Screen>>>,
) {
    let Some(msg) = heard
        .read()
        .filter(|m| matches!(m.0, ServerMsg::Replay { .. }))
        .last()
    else {
        return;
    };
    let ServerMsg::Replay { entry, record } = &msg.0 else {
        return;
    };
    let Ok(variant) = builtin_variant(&entry.preset) else {
        warn!(
            "online: the archive's game {} is of a board not offered",
            entry.id
        );
        online.notice = Some(Notice::Refused(ErrorCode::BadRequest));
        return;
    };
    let mut rng = <minesweeper_core::rng::GameRng as rand::SeedableRng>::seed_from_u64(0);
    let rules = variant.rules;
    match minesweeper_core::chess::record::parse(record, |_| Some(rules), &mut rng) {
        Ok(rec) => {
            if online.in_game() {
                online.phase = Phase::Offline;
            }
            *mode = crate::chess::modes::hot_seat::mode();
            crate::chess::ecs::save::start_record(&rec, variant, &mut new_game);
            let said = Over {
                result: entry.result,
                reason: String::new(),
                why: entry.why,
                layout: String::new(),
            };
            let end = said.outcome().filter(|_| rec.game.outcome().is_none());
            *ending = ReplayEnd {
                end: end.map(|o| (o, rec.game.moves().len())),
                started: false,
            };
            if let Some(mut screen) = screen {
                screen.set(crate::base::screen::Screen::Chess);
            }
        }
        Err(e) => {
            warn!("online: the archive's game {} does not read: {e}", entry.id);
            online.notice = Some(Notice::Refused(ErrorCode::BadRequest));
        }
    }
}

/// Ends an archive's game the way it ended once its moves are replayed
/// (the record has no move for a resignation). Another game started
/// first forgets it.
pub(super) fn settle_replay(
    mut ending: ResMut<ReplayEnd>,
    mut started: MessageReader<GameStarted>,
    game: Res<ChessGame>,
    queue: Res<MoveQueue>,
    pending: Res<PendingMove>,
    mut concluded: MessageWriter<Concluded>,
) {
    let Some((outcome, plies)) = ending.end else {
        started.clear();
        return;
    };
    for _ in started.read() {
        if ending.started {
            *ending = ReplayEnd::default();
            return;
        }
        ending.started = true;
    }
    let played = game.moves().len();
    if !ending.started || game.outcome().is_some() || played > plies {
        // Not built yet, or ended (or gone on) otherwise.
        if ending.started {
            *ending = ReplayEnd::default();
        }
        return;
    }
    if played == plies && queue.is_empty() && !pending.is_some() {
        concluded.write(Concluded(outcome));
        *ending = ReplayEnd::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::ecs::{ChessPiece, MineSeed};
    use minesweeper_core::chess::fen::public_to_fen;
    use minesweeper_core::chess::{Position, Variant};

    /// A whole classic game at its start, as the server tells it.
    fn told_game(code: &str) -> ServerMsg {
        let start = Position::new(&Variant::classic(), SquareSet::EMPTY).expect("the start");
        let fen = public_to_fen(&start.public_view());
        ServerMsg::Game {
            code: code.to_string(),
            preset: "classic.ron".to_string(),
            time: None,
            you: Some(Side::White),
            moves: Vec::new(),
            start: fen.clone(),
            history: Vec::new(),
            record: String::new(),
            fen,
            present: ByColor::new(true, true),
            clock: None,
            offer: None,
            over: None,
            players: ByColor::default(),
            rated: false,
        }
    }

    /// The chess game with the online plugin, headless.
    fn online_app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .insert_resource(MineSeed(1))
            .add_plugins((
                crate::chess::ecs::ChessPlugin { persist: false },
                crate::chess::online::OnlinePlugin,
            ));
        app.update();
        app
    }

    #[test]
    fn a_quick_game_given_up_before_it_started_leaves_no_seat_to_resume() {
        // Paired across nodes, seated, then the partner never came: the
        // server puts the player back in the queue.
        let mut app = online_app();
        app.world_mut().write_message(Heard(ServerMsg::Seated {
            code: "GONEGAME".into(),
            token: "t0ken".into(),
            side: Side::White,
        }));
        app.world_mut().write_message(Heard(told_game("GONEGAME")));
        app.update();
        app.world_mut().write_message(Heard(ServerMsg::Waiting));
        app.update();
        let online = app.world().resource::<Online>();
        assert_eq!(online.phase, Phase::Queued, "waiting for a partner again");
        assert_eq!(online.token, None, "no seat to resume after a reconnect");
        assert_eq!(online.code, None);
    }

    #[test]
    fn two_games_told_in_one_frame_leave_one_board() {
        // A slow frame in the browser hears a game twice (created, then
        // joined): each built its board, and two pieces stood on a1.
        let mut app = online_app();
        app.world_mut().write_message(Heard(told_game("AAAA")));
        app.world_mut().write_message(Heard(told_game("BBBB")));
        app.update();
        app.update();
        let mut pieces = app.world_mut().query::<&ChessPiece>();
        assert_eq!(pieces.iter(app.world()).count(), 32, "one board");
        let online = app.world().resource::<Online>();
        assert_eq!(online.code.as_deref(), Some("BBBB"), "the last game told");
        assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::Online);
    }
}
