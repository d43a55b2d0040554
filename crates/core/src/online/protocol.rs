//! The messages of an online game, as JSON over a WebSocket: what a client
//! asks ([`ClientMsg`]) and what the server tells it ([`ServerMsg`]).
//!
//! Everything a server sends before the game ends is built from the public
//! view alone (public FEN, what a move visibly did), so it reads the same
//! whatever the hidden mines are; the layout goes out in [`Over`] only.

use serde::{Deserialize, Serialize};

use super::account::{
    AccountRefusal, ArchiveEntry, LeaderRow, PlayerView, ProfileView, RatingChange, RatingView,
};
pub use super::ending::{EndReason, GameResult};
use super::rating::Speed;
use crate::chess::fen::{to_fen, to_public_fen};
use crate::chess::{
    ByColor, Color, DrawReason, Game, Outcome, PlayedMove, Position, Square, WinReason,
};

/// The largest message a client may send, in bytes; longer frames are
/// refused before they are read as JSON.
pub const MAX_CLIENT_MSG: usize = 4096;

/// The colour a game's creator asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatChoice {
    /// Play White.
    White,
    /// Play Black.
    Black,
    /// Let the server toss a coin.
    Random,
}

/// What a client asks of the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Open a game and take a seat in it: a built-in board preset's file
    /// name, a time control (`"5+3"`, none for untimed) and a colour.
    Create {
        /// Board preset file, e.g. `classic.ron`.
        preset: String,
        /// Time control, `minutes+seconds`; `None` for untimed.
        time: Option<String>,
        /// The colour asked for.
        color: SeatChoice,
        /// Rated (both players signed in) or casual.
        #[serde(default)]
        rated: bool,
    },
    /// Take the free seat of the game with this invite code.
    Join {
        /// The invite code.
        code: String,
    },
    /// Wait for anyone who wants a game with the same time control.
    Quick {
        /// Time control, `None` for untimed.
        time: Option<String>,
        /// Rated (signed-in players only, paired by rating) or casual.
        #[serde(default)]
        rated: bool,
    },
    /// Back into a seat held before (after a reload or a lost connection).
    Resume {
        /// The seat's token, as the server gave it.
        token: String,
    },
    /// Follow a game without a seat.
    Watch {
        /// The invite code.
        code: String,
    },
    /// Play a move (coordinate form, `e2e4`, `e2e3*` for a sweep) as the
    /// `ply`-th move of the game (1 for White's first), so that a move sent
    /// twice or for an old position is refused rather than played.
    Move {
        /// Which move of the game this is meant to be.
        ply: u32,
        /// The move.
        mv: String,
    },
    /// Give the game up.
    Resign,
    /// Offer a draw (accepting one on the table agrees it).
    OfferDraw,
    /// Turn down the draw on the table.
    DeclineDraw,
    /// After the game: ask for another with colours swapped.
    Rematch,
    /// Keep the connection alive; answered with [`ServerMsg::Pong`].
    Ping,
    /// Make an account and sign in with it.
    SignUp {
        /// The user name ([`NameRule`]s).
        name: String,
        /// The password (8 to 128 bytes).
        password: String,
    },
    /// Sign in.
    SignIn {
        /// The user name, in any case.
        name: String,
        /// The password.
        password: String,
    },
    /// Sign in with the session kept from an earlier sign-in.
    Session {
        /// The session token [`ServerMsg::SignedIn`] gave.
        token: String,
    },
    /// Sign out of this connection's session, or of every session of the
    /// account.
    SignOut {
        /// Every device, not only this one.
        #[serde(default)]
        everywhere: bool,
    },
    /// Change the password (the account's other sessions end).
    ChangePassword {
        /// The password now.
        old: String,
        /// The new one.
        new: String,
    },
    /// Delete the signed-in account: its games stay in the archive, under
    /// "deleted player".
    DeleteAccount {
        /// The password, to be sure.
        password: String,
    },
    /// A player's page.
    Profile {
        /// The user name.
        name: String,
    },
    /// A page of a player's finished games, newest first.
    Archive {
        /// The user name.
        name: String,
        /// The page, from 0.
        #[serde(default)]
        page: u32,
    },
    /// A finished game with its whole record, mines included.
    Replay {
        /// The game's id.
        id: String,
    },
    /// The best players of a speed active lately.
    Leaderboard {
        /// Which rating.
        speed: Speed,
    },
}

/// What a move visibly did, for the move list and the animations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// The number of moves played with this one.
    pub ply: u32,
    /// Who moved.
    pub by: Color,
    /// Coordinate form (`e2e4`).
    pub uci: String,
    /// Standard algebraic notation with its check suffix.
    pub san: String,
    /// Cells where a mine went off, with the piece it destroyed (FEN letter).
    pub blasts: Vec<(String, char)>,
    /// The cell a sapper cleared of a mine.
    pub swept: Option<String>,
    /// The cell a king cleared of a mine by standing on it.
    pub royal_sweep: Option<String>,
    /// Cells whose fog lifted around the landing cell.
    pub lifted: Vec<String>,
    /// Cells whose fog lifted because every mine left was known.
    pub full_lift: Vec<String>,
    /// The side to move is in check.
    pub check: bool,
    /// The position after the move as the players see it (public FEN:
    /// unknown cells as `?`, counts in the eighth field).
    pub fen: String,
}

fn cells(set: &crate::chess::SquareSet) -> Vec<String> {
    set.iter().map(|s: Square| s.to_string()).collect()
}

impl MoveView {
    /// The last move of `game`, as the players saw it; `None` before the
    /// first move.
    pub fn last(game: &Game) -> Option<MoveView> {
        let played = game.moves().last()?;
        Some(MoveView::of(game.moves().len(), played, game.position()))
    }

    /// Every move of `game` as the players saw it when it was played (the
    /// counts of that moment), replayed from its start.
    pub fn history(game: &Game) -> Vec<MoveView> {
        let mut pos = game.start().clone();
        game.moves()
            .iter()
            .enumerate()
            .map(|(i, played)| {
                pos.play_unchecked(played.mv);
                MoveView::of(i + 1, played, &pos)
            })
            .collect()
    }

    /// The `ply`-th move, `played`, which led to `pos`.
    fn of(ply: usize, played: &PlayedMove, pos: &Position) -> MoveView {
        let r = &played.report;
        MoveView {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            by: r.mover,
            uci: played.mv.to_string(),
            san: played.san.clone(),
            blasts: r.blasts().map(|(s, p)| (s.to_string(), p.char())).collect(),
            swept: r.swept.map(|s| s.to_string()),
            royal_sweep: r.royal_sweep.map(|s| s.to_string()),
            lifted: cells(&r.lifted),
            full_lift: cells(&r.full_lift),
            check: pos.in_check(),
            fen: to_public_fen(pos),
        }
    }
}

/// How a game ended, with what was hidden: sent once it is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Over {
    /// The score.
    pub result: GameResult,
    /// Why, in English for logs (clients word it from `result` and `why`).
    pub reason: String,
    /// What ended it.
    pub why: EndReason,
    /// The final position with every mine (full FEN).
    pub layout: String,
}

impl Over {
    /// The end of `game` as decided by its rules (`None` while it goes on).
    pub fn of(game: &Game) -> Option<Over> {
        let outcome = game.outcome()?;
        Some(Over {
            result: GameResult::of(outcome),
            reason: outcome.to_string(),
            why: EndReason::of(outcome),
            layout: to_fen(game.position()),
        })
    }

    /// The outcome this end describes; `None` when its score and reason
    /// disagree (a checkmate scored as a draw), which no server sends.
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = match self.result {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        };
        let win = |reason| winner.map(|winner| Outcome::Decisive { winner, reason });
        let draw = |reason| winner.is_none().then_some(Outcome::Draw(reason));
        match self.why {
            EndReason::Checkmate => win(WinReason::Checkmate),
            EndReason::Blast => win(WinReason::Blast),
            EndReason::Resignation => win(WinReason::Resignation),
            EndReason::Timeout => win(WinReason::Timeout),
            EndReason::Stalemate => draw(DrawReason::Stalemate),
            EndReason::Repetition => draw(DrawReason::Repetition),
            EndReason::InsufficientMaterial => draw(DrawReason::InsufficientMaterial),
            EndReason::Agreement => draw(DrawReason::Agreement),
            EndReason::TimeoutVsInsufficientMaterial => {
                draw(DrawReason::TimeoutVsInsufficientMaterial)
            }
        }
    }
}

/// Why the server refused a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or not a message this server knows.
    BadMessage,
    /// Longer than [`MAX_CLIENT_MSG`].
    TooLarge,
    /// Too many messages too fast.
    RateLimited,
    /// No game with that code, or no seat with that token.
    NotFound,
    /// Both seats are taken.
    GameFull,
    /// The message needs a seat (or a game) this connection does not hold.
    NotSeated,
    /// It is the other side's move.
    NotYourTurn,
    /// The move is meant for another point of the game (sent twice, or
    /// for an older position).
    StaleMove,
    /// The move is not legal here (the message says why).
    IllegalMove,
    /// The game is over.
    GameOver,
    /// A preset or time control the server does not offer.
    BadRequest,
    /// The server could not store the move; it was not played.
    Unavailable,
    /// The game waits for its second player: nothing but a join yet.
    NotStarted,
    /// A limit of the server (games waiting, connections from one
    /// address, in all): the message names it.
    Limit,
    /// Another connection took this seat with its token; this one is
    /// closed and should not come back on its own.
    SeatTaken,
}

/// What the server tells a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// You hold a seat: keep the token to come back (sent to you only).
    Seated {
        /// The game's invite code.
        code: String,
        /// The seat's secret token.
        token: String,
        /// Your colour.
        side: Color,
    },
    /// The whole game as the players see it: on joining, resuming,
    /// watching and after a rematch.
    Game {
        /// The invite code.
        code: String,
        /// The board preset's file name.
        preset: String,
        /// Time control, `None` for untimed.
        time: Option<String>,
        /// Your colour; `None` for a spectator.
        you: Option<Color>,
        /// The moves so far, in SAN.
        moves: Vec<String>,
        /// The start position as the players saw it (public FEN).
        #[serde(default)]
        start: String,
        /// Every move so far as the players saw it when it was played: a
        /// client plays them through its own turn to show the history
        /// (the counts of each moment included) without ever guessing a
        /// hidden mine.
        #[serde(default)]
        history: Vec<MoveView>,
        /// The game so far as a record (`crate::chess::record`, its
        /// `Variant` tag the preset's file): the start position with the
        /// cells still unknown written `?`, and every move. A client
        /// replays it to show the whole history (captures, blasts, sweeps);
        /// like every message it holds no hidden mine before the end.
        record: String,
        /// The current position as the players see it (public FEN).
        fen: String,
        /// Whether each seat (White, Black) has a player connected.
        present: ByColor<bool>,
        /// The clocks, when timed.
        clock: Option<ClockView>,
        /// The draw offered and not yet answered, by whom.
        offer: Option<Color>,
        /// The end, once over.
        over: Option<Over>,
        /// Who sits in each seat, with their ratings (`None`: free).
        #[serde(default)]
        players: ByColor<Option<PlayerView>>,
        /// Whether the game is rated.
        #[serde(default)]
        rated: bool,
    },
    /// A move was played.
    Moved {
        /// What it visibly did.
        view: MoveView,
        /// The clocks after it, when timed.
        clock: Option<ClockView>,
    },
    /// Who is connected now (White, Black).
    Presence {
        /// Whether each seat has a player connected.
        present: ByColor<bool>,
    },
    /// A draw is offered by this side.
    DrawOffered {
        /// Who offers.
        by: Color,
    },
    /// The draw offer was turned down or lapsed.
    DrawDeclined,
    /// This side asks for a rematch (colours swapped).
    RematchOffered {
        /// Who asks.
        by: Color,
    },
    /// In the quick-game queue: a game starts when someone with the same
    /// time control comes.
    Waiting,
    /// The game is over.
    Over(Over),
    /// Your message was refused; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// Why, in English (for logs and tools).
        message: String,
    },
    /// Answer to [`ClientMsg::Ping`].
    Pong,
    /// Signed in (after a sign-up, a sign-in or a session).
    SignedIn {
        /// The name as its owner wrote it.
        name: String,
        /// The session token: keep it to sign in again without the
        /// password (sent to this client only).
        session: String,
        /// The account's ratings.
        ratings: Vec<RatingView>,
    },
    /// Signed out: this connection plays as a guest now.
    SignedOut,
    /// The password was changed.
    PasswordChanged,
    /// The account is deleted; this connection plays as a guest now.
    AccountDeleted,
    /// An account request was refused; nothing changed.
    AccountRefused(AccountRefusal),
    /// A player's page.
    Profile(ProfileView),
    /// A page of a player's finished games.
    Archive {
        /// The player.
        name: String,
        /// The page, from 0.
        page: u32,
        /// Its games, newest first.
        games: Vec<ArchiveEntry>,
        /// Whether older games follow.
        more: bool,
    },
    /// A finished game: its entry and its whole record (the start
    /// position with every mine, the moves, the players' names as tags).
    Replay {
        /// Who played it and how it ended.
        entry: ArchiveEntry,
        /// The record (`crate::chess::record`), readable as PGN.
        record: String,
    },
    /// The best players of a speed.
    Leaderboard {
        /// Which rating.
        speed: Speed,
        /// Best first.
        rows: Vec<LeaderRow>,
    },
    /// The game was rated: how each player's rating moved (`None` for a
    /// side whose rating did not: an aborted game).
    Rated {
        /// The game's invite code.
        code: String,
        /// White's change and Black's.
        changes: ByColor<Option<RatingChange>>,
    },
}

/// Both clocks at one moment, as sent to clients.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Milliseconds White had when the message was sent.
    pub white_ms: u64,
    /// Milliseconds Black had.
    pub black_ms: u64,
    /// Whose clock runs; `None` when stopped.
    pub running: Option<Color>,
}

impl ClockView {
    /// The clocks at `now_ms`.
    pub fn of(clocks: &super::Clocks, now_ms: u64) -> ClockView {
        ClockView {
            white_ms: clocks.left(Color::White, now_ms),
            black_ms: clocks.left(Color::Black, now_ms),
            running: clocks.running(),
        }
    }
}

impl ClientMsg {
    /// Reads a client's frame: refuses one over [`MAX_CLIENT_MSG`] bytes
    /// before parsing, and names what was wrong with the JSON.
    pub fn parse(frame: &str) -> Result<ClientMsg, (ErrorCode, String)> {
        if frame.len() > MAX_CLIENT_MSG {
            return Err((
                ErrorCode::TooLarge,
                format!("{} bytes; at most {MAX_CLIENT_MSG}", frame.len()),
            ));
        }
        serde_json::from_str(frame).map_err(|e| {
            // A parser's reason may quote a field's value: never one that
            // may be a password or a token, not even to its sender.
            let secret = ["\"password\"", "\"old\"", "\"new\"", "\"token\""]
                .iter()
                .any(|k| frame.contains(k));
            let why = if secret {
                "a request with a password or token that does not read (its values are not quoted)"
                    .to_string()
            } else {
                e.to_string()
            };
            (ErrorCode::BadMessage, why)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_account_request_never_quotes_its_password() {
        for frame in [
            r#"{"t":"sign_in","name":"ada","password":12345678901}"#,
            r#"{"t":"change_password","old":"hunter22x","new":98765432}"#,
            r#"{"t":"session","token":424242424242}"#,
        ] {
            let Err((code, why)) = ClientMsg::parse(frame) else {
                panic!("{frame} read");
            };
            assert_eq!(code, ErrorCode::BadMessage);
            for secret in ["12345678901", "hunter22x", "98765432", "424242424242"] {
                assert!(!why.contains(secret), "{why}");
            }
        }
        // Any other request still hears the parser's reason.
        let Err((_, why)) = ClientMsg::parse(r#"{"t":"move","ply":"x","mv":"e2e4"}"#) else {
            panic!("read");
        };
        assert!(why.contains("invalid type"), "{why}");
    }
}
