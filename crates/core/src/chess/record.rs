//! Games as text: tags, the start position as FEN (minefield included) and
//! the move list, in the spirit of PGN.
//!
//! ```text
//! [Event "Minesweeper Chess"]
//! [Variant "Classic"]
//! [FEN "rnbqkbnr/…/RNBQKBNR w KQkq - 0 1 8/8/8/ffxfffff/…"]
//! [Result "1-0"]
//!
//! 1. Nf3 a8 2. d4 a7 3. d4* Nc8 1-0
//! ```
//!
//! A finished game's start FEN holds the true mine layout, so the record
//! replays exactly and can be checked. An unfinished game's record holds
//! only what both players know (Decision 11): its start FEN writes the cells
//! still unknown as `?` (with how many mines they hide), and a `Position`
//! tag gives the public FEN of where the game stands, whose counts say what
//! the hidden mines must agree with. Reading such a record deals them
//! afresh, uniformly from every layout that agrees ([`super::deal`]).
//!
//! Moves may be SAN or coordinates; move numbers, check marks and the result
//! are optional when reading.

use std::fmt;

use super::color::Color;
use super::deal::LayoutSpace;
use super::fen;
use super::game::Game;
use super::notation;
use super::position::{Outcome, Position, Setup};
use super::variant::RuleSet;

/// What is wrong with a game record, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for RecordError {}

/// A game read back from text.
#[derive(Clone, Debug)]
pub struct Record {
    /// Tags in file order, e.g. `("Variant", "Classic")`.
    pub tags: Vec<(String, String)>,
    /// The start position (mines included; dealt for an unfinished game).
    pub start: Position,
    /// The game replayed from its start position.
    pub game: Game,
    /// Whether the hidden mines were dealt on reading (the record kept
    /// only what was public).
    pub dealt: bool,
}

impl Record {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The result token for an outcome: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Decisive {
            winner: Color::White,
            ..
        }) => "1-0",
        Some(Outcome::Decisive {
            winner: Color::Black,
            ..
        }) => "0-1",
        Some(Outcome::Draw(_)) => "1/2-1/2",
        None => "*",
    }
}

/// Writes a game: tags (`Event`, `Variant`, `FEN`, `Result`, for an
/// unfinished game `Position`, then `extra`), a blank line and the numbered
/// move list in SAN. An unfinished game's text holds no hidden mine.
pub fn write(variant_name: &str, game: &Game, extra: &[(&str, &str)]) -> String {
    write_annotated(variant_name, game, extra, &[])
}

/// What an analysis says of one move: a numeric annotation glyph (`$2`
/// for a mistake) and a comment (`[%eval 0.35]`), written after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// The NAG, if any.
    pub nag: Option<u8>,
    /// The comment, without braces (a `}` in it is dropped).
    pub comment: Option<String>,
}

/// [`write`] with a note after each move (`notes[i]` for move `i`; fewer
/// notes than moves leave the rest bare). PGN readers take the `$n` and
/// `{…}`; [`parse`] skips them.
pub fn write_annotated(
    variant_name: &str,
    game: &Game,
    extra: &[(&str, &str)],
    notes: &[MoveNote],
) -> String {
    let start = game.start();
    let result = result_token(game.outcome());
    let mut s = String::new();
    let quote = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    s.push_str("[Event \"Minesweeper Chess\"]\n");
    s.push_str(&format!("[Variant \"{}\"]\n", quote(variant_name)));
    let start_fen = match game.outcome() {
        Some(_) => fen::to_fen(start),
        None => fen::to_fen_with_unknown(start, &game.unknown()),
    };
    s.push_str(&format!("[FEN \"{start_fen}\"]\n"));
    if game.outcome().is_none() && !game.moves().is_empty() {
        s.push_str(&format!(
            "[Position \"{}\"]\n",
            fen::to_public_fen(game.position())
        ));
    }
    s.push_str(&format!("[Result \"{result}\"]\n"));
    if let Some(o) = game.outcome() {
        s.push_str(&format!("[Termination \"{}\"]\n", quote(&o.to_string())));
    }
    for (k, v) in extra {
        s.push_str(&format!("[{k} \"{}\"]\n", quote(v)));
    }
    s.push('\n');
    let mut line = String::new();
    let mut number = start.fullmoves();
    let mut white_to_move = start.turn() == Color::White;
    for (i, played) in game.moves().iter().enumerate() {
        let mut token = String::new();
        if white_to_move {
            token.push_str(&format!("{number}. "));
        } else if i == 0 {
            token.push_str(&format!("{number}... "));
        }
        token.push_str(&played.san);
        if let Some(note) = notes.get(i) {
            if let Some(nag) = note.nag {
                token.push_str(&format!(" ${nag}"));
            }
            if let Some(c) = &note.comment {
                token.push_str(&format!(" {{{}}}", c.replace('}', "")));
            }
        }
        if !white_to_move {
            number = number.saturating_add(1);
        }
        white_to_move = !white_to_move;
        if line.len() + token.len() + 1 > 78 {
            s.push_str(line.trim_end());
            s.push('\n');
            line.clear();
        }
        line.push_str(&token);
        line.push(' ');
    }
    line.push_str(result);
    s.push_str(&line);
    s.push('\n');
    s
}

fn err(line: usize, column: usize, message: impl Into<String>) -> RecordError {
    RecordError {
        line,
        column,
        message: message.into(),
    }
}

/// Reads a game written by [`write`] (or by hand). `rules_for` gives the
/// rules of a variant by its name; unknown names use the standard rules for
/// the FEN's board size. An unfinished game's hidden mines are dealt with
/// `rng`.
///
/// # Errors
/// A [`RecordError`] with the line and column of the first problem: a broken
/// tag, a bad FEN, a `Position` that the moves do not lead to, or a move that
/// is not legal where it stands.
pub fn parse(
    text: &str,
    rules_for: impl Fn(&str) -> Option<RuleSet>,
    rng: &mut impl rand::Rng,
) -> Result<Record, RecordError> {
    let (tags, tokens) = lex(text.strip_prefix('\u{feff}').unwrap_or(text))?;
    let tag = |name: &str| tags.iter().find(|(k, _, _)| k == name);
    let (_, fen_text, fen_line) =
        tag("FEN").ok_or_else(|| err(1, 1, "no [FEN \"...\"] tag with the start position"))?;
    let fen_line = *fen_line;
    let mut setup = fen::parse_setup(fen_text).map_err(|e| err(fen_line, 1, e.to_string()))?;
    let variant = tag("Variant").map(|(_, v, _)| v.as_str()).unwrap_or("");
    let rules = rules_for(variant).unwrap_or_else(|| RuleSet::standard(setup.files, setup.ranks));
    // Where the game stands, as the players saw it (unfinished games).
    let end = match tag("Position") {
        Some((_, text, line)) => {
            let s = fen::parse_setup(text).map_err(|e| err(*line, 1, e.to_string()))?;
            Some((s, *line))
        }
        None => None,
    };
    let dealt = setup.unknown.is_some();
    deal_start(&mut setup, end.as_ref(), fen_line, rng)?;
    let start = Position::from_setup(setup, rules)
        .map_err(|e| err(fen_line, 1, format!("the FEN is not a legal start: {e}")))?;
    let mut game = Game::from_position(start.clone());
    play_moves(&mut game, &tokens)?;
    if let Some((end_setup, line)) = &end {
        check_end(&game, end_setup, *line)?;
    }
    Ok(Record {
        tags: tags.into_iter().map(|(k, v, _)| (k, v)).collect(),
        start,
        game,
        dealt,
    })
}

/// A tag: name, value and line.
type Tag = (String, String, usize);
/// A word of the move text: line, column and text.
type Token<'a> = (usize, usize, &'a str);

/// Splits a record into its tags and the words of its move text.
fn lex(text: &str) -> Result<(Vec<Tag>, Vec<Token<'_>>), RecordError> {
    let mut tags = Vec::new();
    let mut tokens = Vec::new();
    let mut in_comment = false;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if !in_comment && let Some(body) = trimmed.strip_prefix('[') {
            tags.push(tag_line(body, line, n)?);
            continue;
        }
        let mut col = 0;
        for tok in line.split(' ') {
            col += tok.len() + 1;
            // Comments `{…}` (over words and lines) and NAGs `$n` are
            // an analysis's notes, not moves.
            if in_comment {
                in_comment = !tok.contains('}');
                continue;
            }
            if tok.starts_with('{') {
                in_comment = !tok.contains('}');
                continue;
            }
            if tok.starts_with('$') || tok.is_empty() {
                continue;
            }
            tokens.push((n, col - tok.len(), tok));
        }
    }
    Ok((tags, tokens))
}

/// A `[Name "value"]` line (`body` is what follows the `[`).
fn tag_line(body: &str, line: &str, n: usize) -> Result<Tag, RecordError> {
    let body = body
        .strip_suffix(']')
        .ok_or_else(|| err(n, line.len(), "tag line must end with ]"))?;
    let (name, value) = body
        .split_once(' ')
        .ok_or_else(|| err(n, 2, "tag needs a name and a quoted value"))?;
    let inner = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| {
            err(
                n,
                2 + name.len(),
                format!("value of tag {name} must be in quotes"),
            )
        })?;
    Ok((
        name.to_string(),
        inner.replace("\\\"", "\"").replace("\\\\", "\\"),
        n,
    ))
}

/// Deals an unfinished game's hidden mines into its start, from the layouts
/// that agree with where it stands (`end`) or, without one, with the start.
fn deal_start(
    setup: &mut Setup,
    end: Option<&(Setup, usize)>,
    fen_line: usize,
    rng: &mut impl rand::Rng,
) -> Result<(), RecordError> {
    let Some(unknown) = setup.unknown.take() else {
        return Ok(());
    };
    let (space, line) = match end {
        Some((end_setup, line)) => {
            let end_unknown = end_setup.unknown.clone().unwrap_or_default();
            if end_unknown.cells != unknown.cells || end_unknown.mines != unknown.mines {
                return Err(err(
                    *line,
                    1,
                    "the Position's unknown cells and hidden mines differ from the start's",
                ));
            }
            let mut known = end_setup.clone();
            known.unknown = None;
            (LayoutSpace::new(&known, &end_unknown), *line)
        }
        None => (LayoutSpace::new(setup, &unknown), fen_line),
    };
    let layout = space
        .and_then(|s| s.sample(rng))
        .map_err(|e| err(line, 1, format!("cannot deal the hidden mines: {e}")))?;
    setup.mines = setup.mines.union(&layout);
    Ok(())
}

/// Plays the move text into `game`, up to a result or the end.
fn play_moves(game: &mut Game, tokens: &[Token<'_>]) -> Result<(), RecordError> {
    for &(line, col, tok) in tokens {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            break;
        }
        // Move numbers: "12." or "12..." possibly glued to the move.
        let mv_text = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if mv_text.is_empty() {
            continue;
        }
        let m = notation::parse_move(game.position(), mv_text)
            .map_err(|e| err(line, col, e.to_string()))?;
        game.play(m)
            .map_err(|e| err(line, col, format!("{e}: the game is already over")))?;
    }
    Ok(())
}

/// The moves must lead to the `Position` tag's public position.
fn check_end(game: &Game, end_setup: &Setup, line: usize) -> Result<(), RecordError> {
    let reached = fen::to_public_fen(game.position());
    let parsed = fen::parse_setup(&reached).map_err(|e| err(line, 1, e.to_string()))?;
    if &parsed != end_setup {
        return Err(err(
            line,
            1,
            format!("the moves lead to {reached}, not to this Position"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{SquareSet, Variant};
    use rand::SeedableRng;

    fn rng() -> crate::rng::GameRng {
        crate::rng::GameRng::seed_from_u64(1)
    }

    #[test]
    fn notes_are_written_after_their_moves_and_skipped_when_read() {
        let v = Variant::classic();
        let start = Position::new(&v, SquareSet::EMPTY).unwrap();
        let mut g = Game::from_position(start);
        for m in ["Nf3", "a8", "d4"] {
            let mv = notation::parse_move(g.position(), m).unwrap();
            g.play(mv).unwrap();
        }
        let notes = [
            MoveNote {
                nag: None,
                comment: Some("[%eval 0.20]".into()),
            },
            MoveNote {
                nag: Some(2),
                comment: Some(
                    "[%eval 1.35] a long comment that goes on and on over the line".into(),
                ),
            },
        ];
        let text = write_annotated("Classic", &g, &[], &notes);
        assert!(text.contains("1. Nf3 {[%eval 0.20]}"), "{text}");
        assert!(text.contains("a8 $2 {[%eval 1.35] a long"), "{text}");
        assert!(text.contains("2. d4 *"), "{text}");
        let back = parse(&text, |_| Some(v.rules), &mut rng()).unwrap();
        assert_eq!(back.game.moves().len(), 3);
        // A comment opening a line is not a tag; an unclosed one ends the moves.
        let moved = parse(
            &text.replace("{[%eval 0.20]} ", "{\n[%eval 0.20]} "),
            |_| Some(v.rules),
            &mut rng(),
        );
        assert_eq!(moved.map(|b| b.game.moves().len()).ok(), Some(3));
    }

    #[test]
    fn games_round_trip_through_text() {
        let v = Variant::classic();
        let mines: SquareSet = ["d5", "e6", "c7", "h4"]
            .iter()
            .filter_map(|s| crate::chess::Square::parse(s))
            .collect();
        let start = Position::new(&v, mines).unwrap();
        let mut g = Game::from_position(start.clone());
        for m in ["Nf3", "a8", "d4", "a7", "d4*", "Nc8", "Nh4", "Nd6"] {
            let mv = notation::parse_move(g.position(), m).unwrap();
            g.play(mv).unwrap();
        }
        let text = write("Classic", &g, &[]);
        assert!(text.contains("3. d4* Nc8 4. Nh4 Nd6 *"), "{text}");
        let back = parse(&text, |_| Some(v.rules), &mut rng()).unwrap();
        assert_eq!(back.game.moves().len(), 8);
        assert_eq!(
            fen::to_public_fen(back.game.position()),
            fen::to_public_fen(g.position())
        );
        // Every mine is known here (a sweep and a full lift): nothing to deal.
        assert!(!back.dealt, "{text}");
        assert_eq!(back.tag("Variant"), Some("Classic"));

        // Two moves in, the mines are hidden: the text keeps none of them.
        let g = Game::replay(
            start.clone(),
            &g.moves()[..2].iter().map(|m| m.mv).collect::<Vec<_>>(),
        )
        .unwrap();
        let text = write("Classic", &g, &[]);
        let fens: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("[FEN") || l.starts_with("[Position"))
            .collect();
        assert_eq!(fens.len(), 2, "{text}");
        for f in fens {
            assert!(!f.contains('x') && f.contains('?'), "{f}");
        }
        let back = parse(&text, |_| Some(v.rules), &mut rng()).unwrap();
        assert!(back.dealt);
        assert_eq!(
            fen::to_public_fen(back.game.position()),
            fen::to_public_fen(g.position())
        );
    }

    #[test]
    fn bad_records_say_where() {
        let v = Variant::classic();
        let rules = |_: &str| Some(v.rules);
        let start = fen::to_fen(&Position::new(&v, SquareSet::EMPTY).unwrap());
        let e = parse(
            &format!("[FEN \"{start}\"]\n\n1. e4 e7 2. Ke3"),
            rules,
            &mut rng(),
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (3, 13), "{e}");
        let e = parse(
            &format!("[FEN \"{start}\"]\n\n1. e2e4 e9e7 2. Ke3"),
            rules,
            &mut rng(),
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (3, 17), "{e}");
        assert!(e.message.contains("Ke3"), "{e}");
        let e = parse("[FEN \"8/8 w\"]\n", rules, &mut rng()).unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse("[Variant Classic]\n", rules, &mut rng()).unwrap_err();
        assert!(e.message.contains("quotes"), "{e}");
        let e = parse("1. e4", rules, &mut rng()).unwrap_err();
        assert!(e.message.contains("FEN"), "{e}");
    }
}
