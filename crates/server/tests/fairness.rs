//! Fairness on the wire: over many random games, every message a player or
//! a spectator receives before the end is what it would have been with the
//! hidden mines anywhere else that agrees with what was seen.

use std::sync::{Arc, Mutex};

use minesweeper_core::chess::fen::{parse_public, to_fen, to_public_fen};
use minesweeper_core::chess::mines::random_layout;
use minesweeper_core::chess::notation::parse_coordinate;
use minesweeper_core::chess::record::write;
use minesweeper_core::chess::{Game, SquareSet, Variant};
use minesweeper_core::online::protocol::{ClientMsg, MoveView, ServerMsg};
use minesweeper_core::online::table::builtin_variant;
use minesweeper_core::rng::GameRng;
use minesweeper_server::hub::Dealer;
use minesweeper_server::swarm::Bot;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

use crate::support::{TestServer, fresh_db, pair, watcher};

/// Reads every message up to and including the one for move `ply` (or the
/// end), keeping them all.
async fn read_to(bot: &mut Bot, ply: u32, log: &mut Vec<ServerMsg>) -> bool {
    loop {
        let m = bot
            .recv()
            .await
            .unwrap_or_else(|e| panic!("waiting for move {ply}: {e}; last heard {:?}", log.last()));
        log.push(m.clone());
        match m {
            ServerMsg::Moved { view, .. } if view.ply == ply => return true,
            ServerMsg::Over(_) => return false,
            _ => {}
        }
    }
}

/// What the test compared, summed over its games.
#[derive(Default)]
struct Compared {
    /// Move messages compared with another layout's.
    checked: usize,
    /// Hidden mines in play, summed over the moves compared.
    hidden_seen: usize,
    /// Late spectators' records compared.
    records: usize,
}

/// A dealer of random layouts, and the layouts it dealt, in order.
fn recording_dealer() -> (Dealer, Arc<Mutex<Vec<SquareSet>>>) {
    let dealt: Arc<Mutex<Vec<SquareSet>>> = Arc::default();
    let record = dealt.clone();
    let dealer = Arc::new(move |v: &Variant, seed: u64| {
        let mut rng = GameRng::seed_from_u64(seed);
        let mines = random_layout(&v.fog_zone, v.mine_count as usize, &mut rng);
        record.lock().unwrap().push(mines);
        mines
    });
    (dealer, dealt)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_before_the_end_depends_on_where_the_hidden_mines_are() {
    let (dealer, dealt) = recording_dealer();
    let server = TestServer::start(fresh_db(), Some(dealer)).await;
    let variant = builtin_variant("classic.ron").unwrap();
    let mut rng = GameRng::seed_from_u64(15);
    let mut compared = Compared::default();
    for _ in 0..12 {
        one_game(&server, &variant, &dealt, &mut rng, &mut compared).await;
    }
    let Compared {
        checked,
        hidden_seen,
        records,
    } = compared;
    assert!(checked > 200, "enough messages compared: {checked}");
    assert!(records >= 6, "enough late records compared: {records}");
    assert!(
        hidden_seen > 100,
        "with hidden mines still in play: {hidden_seen}"
    );
}

/// Plays one random game (80 moves at most, then White resigns) between
/// two players with a spectator, comparing what each hears with what
/// another layout agreeing with the public view would have made it hear.
async fn one_game(
    server: &TestServer,
    variant: &Variant,
    dealt: &Mutex<Vec<SquareSet>>,
    rng: &mut GameRng,
    compared: &mut Compared,
) {
    let (mut w, mut b, seat, _) = pair(server, None).await;
    let mut spectator = watcher(server, &seat.code).await;
    let mines = *dealt.lock().unwrap().last().unwrap();
    let mut shadow = Game::new(variant, mines).unwrap();
    let mut logs = [Vec::new(), Vec::new(), Vec::new()];
    let mut fen = match spectator.recv().await.unwrap() {
        ServerMsg::Game { fen, .. } => fen,
        other => panic!("{other:?}"),
    };
    for ply in 1..=80u32 {
        let public = parse_public(&fen, variant.rules).unwrap();
        let m = *public.legal_moves().choose(rng).unwrap();
        let mover = if ply % 2 == 1 { &mut w } else { &mut b };
        mover
            .send(&ClientMsg::Move {
                ply,
                mv: m.to_string(),
            })
            .await
            .unwrap();
        let mut going = true;
        for (bot, log) in [&mut w, &mut b, &mut spectator]
            .into_iter()
            .zip(logs.iter_mut())
        {
            going &= read_to(bot, ply, log).await;
        }
        let played = parse_coordinate(shadow.position(), &m.to_string()).unwrap();
        shadow.play(played).unwrap();
        if !going || shadow.outcome().is_some() {
            break;
        }
        let hidden = shadow
            .position()
            .mines()
            .intersection(&shadow.position().unknown_cells());
        compared.hidden_seen += hidden.len();
        let other = shadow.redeal(rng).unwrap();
        let expected = MoveView::last(&other).unwrap();
        compared.checked += same_messages(&logs, &expected, &shadow, !hidden.is_empty(), ply);
        fen = expected.fen.clone();
        if ply % 20 == 0 {
            let late = watcher(server, &seat.code).await;
            same_record(late, &shadow, &other, !hidden.is_empty(), ply).await;
            compared.records += 1;
        }
    }
    if shadow.outcome().is_none() {
        w.send(&ClientMsg::Resign).await.unwrap();
    }
    for (bot, log) in [&mut w, &mut b, &mut spectator].into_iter().zip(&logs) {
        real_layout_at_the_end(bot, log, &shadow).await;
    }
}

/// What the mover's message said in each log equals `expected`, what any
/// other layout agreeing with the public view would have said, and
/// (while mines are `hidden`) no message held the full position: the
/// logs compared.
fn same_messages(
    logs: &[Vec<ServerMsg>],
    expected: &MoveView,
    shadow: &Game,
    hidden: bool,
    ply: u32,
) -> usize {
    let full = to_fen(shadow.position());
    for log in logs {
        let Some(ServerMsg::Moved { view, .. }) = log
            .iter()
            .rev()
            .find(|m| matches!(m, ServerMsg::Moved { .. }))
        else {
            panic!("no move heard")
        };
        assert_eq!(
            view, expected,
            "move {ply}: the message depends on the hidden mines"
        );
        // (Once no mine is hidden the public FEN is the full one.)
        for msg in log.iter().filter(|_| hidden) {
            let text = serde_json::to_string(msg).unwrap();
            assert!(!text.contains(&full), "the full position went out: {text}");
        }
    }
    logs.len()
}

/// Someone watching from move `ply` on (`late`) gets the whole game so
/// far: the same record and history whatever the hidden mines (`other`
/// is the game with another layout).
async fn same_record(mut late: Bot, shadow: &Game, other: &Game, hidden: bool, ply: u32) {
    let Ok(ServerMsg::Game {
        record,
        start,
        history,
        ..
    }) = late.recv().await
    else {
        panic!("no game for a late spectator")
    };
    assert_eq!(
        record,
        write("classic.ron", other, &[]),
        "move {ply}: the record depends on the hidden mines"
    );
    // And the history it is shown move by move, counts of each moment
    // included.
    assert_eq!(history.len(), shadow.moves().len());
    assert_eq!(
        history,
        MoveView::history(other),
        "move {ply}: the history depends on the hidden mines"
    );
    assert_eq!(start, to_public_fen(other.start()));
    if hidden {
        let start = to_fen(shadow.start());
        assert!(!record.contains(&start), "the real start went out");
    }
}

/// The end `bot` hears (or heard already, last in its `log`) shows the
/// real layout.
async fn real_layout_at_the_end(bot: &mut Bot, log: &[ServerMsg], shadow: &Game) {
    let end = bot
        .until(|m| match m {
            ServerMsg::Over(o) => Some(o.clone()),
            _ => None,
        })
        .await;
    let end = match end {
        Ok(o) => o,
        Err(_) => match log.last() {
            Some(ServerMsg::Over(o)) => o.clone(),
            _ => panic!("no end heard"),
        },
    };
    assert_eq!(
        end.layout,
        to_fen(shadow.position()),
        "the end shows the real layout"
    );
}
