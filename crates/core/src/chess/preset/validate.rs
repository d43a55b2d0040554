//! Checking a preset as written ([`PresetFile`]) and turning it into a
//! [`Variant`]: one function per part of the file, each naming the field a
//! problem is in.

use super::{CastlingFile, PerColor, PieceName, Preset, PresetFile};
use crate::chess::variant::BOARD_LIMITS;
use crate::chess::{
    CastleSide, Castling, Color, Piece, Position, Role, RuleSet, Square, SquareSet, Variant,
};

/// A problem: the field it is in and what is wrong.
type Problem = (&'static str, String);

/// Validates a parsed preset. Errors are `(field name, message)`.
///
/// # Errors
/// The first problem found.
pub fn validate(p: &PresetFile) -> Result<Preset, Problem> {
    let (files, ranks) = board_size(p)?;
    let setup = setup(&p.setup, files, ranks)?;
    let fog_zone = fog_zone(p, files, ranks, &setup)?;
    let promotion_rank = promotion_ranks(p.promotion_ranks, ranks)?;
    let double_step_rank = double_step_ranks(p.double_step_ranks, ranks, promotion_rank)?;
    let castling = match &p.castling {
        None => None,
        Some(c) => Some(castling(c, files, ranks, &setup)?),
    };
    let variant = Variant {
        name: p.name.clone(),
        files,
        ranks,
        setup,
        fog_zone,
        mine_count: p.mines,
        rules: RuleSet {
            promotion_rank,
            promotion_roles: promotion_roles(p.promotion_pieces.as_deref())?,
            double_step_rank,
            castling,
            sapper: p.sapper,
            royal_sapper: p.royal_sapper,
        },
    };
    // The start must be a legal position (one king each, no pawn on its
    // promotion rank, nobody already in check on the wrong move…).
    Position::new(&variant, SquareSet::EMPTY)
        .map_err(|e| ("setup", format!("the setup is not a legal start: {e}")))?;
    Ok(Preset {
        variant,
        description: p.description.clone(),
    })
}

fn board_size(p: &PresetFile) -> Result<(u8, u8), Problem> {
    let (max_f, max_r) = BOARD_LIMITS;
    if !(2..=max_f).contains(&p.files) {
        return Err((
            "files",
            format!("files {} is outside 2 to {max_f}", p.files),
        ));
    }
    if !(2..=max_r).contains(&p.ranks) {
        return Err((
            "ranks",
            format!("ranks {} is outside 2 to {max_r}", p.ranks),
        ));
    }
    Ok((p.files, p.ranks))
}

/// The file named `name` (one letter), or a problem of `field`.
fn file_index(name: &str, files: u8, what: &str, field: &'static str) -> Result<u8, Problem> {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() && ((c as u8 - b'a') < files) => {
            Ok(c as u8 - b'a')
        }
        _ => Err((
            field,
            format!(
                "{what} \"{name}\" is not a file of this board (a to {})",
                (b'a' + files - 1) as char
            ),
        )),
    }
}

/// The starting pieces, FEN placement (with `.` also an empty cell), sorted
/// by square.
fn setup(text: &str, files: u8, ranks: u8) -> Result<Vec<(Square, Piece)>, Problem> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ranks as usize {
        return Err((
            "setup",
            format!("setup has {} ranks but the board has {ranks}", rows.len()),
        ));
    }
    let mut setup = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let width = setup_rank(row, rank, files, &mut setup)?;
        if width != files as u32 {
            return Err((
                "setup",
                format!(
                    "rank {} of the setup has {width} files but the board has {files}",
                    rank + 1
                ),
            ));
        }
    }
    setup.sort_by_key(|(sq, _)| *sq);
    Ok(setup)
}

/// Reads one rank of the setup into `out`; returns how many files it spans.
fn setup_rank(
    row: &str,
    rank: u8,
    files: u8,
    out: &mut Vec<(Square, Piece)>,
) -> Result<u32, Problem> {
    let mut file: u32 = 0;
    let mut digits = String::new();
    let flush = |digits: &mut String, file: &mut u32| {
        if !digits.is_empty() {
            *file = file.saturating_add(digits.parse::<u32>().unwrap_or(u32::MAX));
            digits.clear();
        }
    };
    for c in row.trim().chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        flush(&mut digits, &mut file);
        if c != '.' {
            let piece = Piece::from_char(c).ok_or((
                "setup",
                format!(
                    "'{c}' in rank {} of the setup is not a piece letter (KQRBNP, kqrbnp)",
                    rank + 1
                ),
            ))?;
            if file < files as u32 {
                out.push((Square::new(file as u8, rank), piece));
            }
        }
        file = file.saturating_add(1);
    }
    flush(&mut digits, &mut file);
    Ok(file)
}

/// The fog zone: empty cells only, with room for the mines.
fn fog_zone(
    p: &PresetFile,
    files: u8,
    ranks: u8,
    setup: &[(Square, Piece)],
) -> Result<SquareSet, Problem> {
    let (lo, hi) = p.fog_ranks;
    if lo < 1 || hi > ranks || lo > hi {
        return Err((
            "fog_ranks",
            format!("fog_ranks ({lo}, {hi}) must satisfy 1 <= first <= last <= {ranks}"),
        ));
    }
    let (flo, fhi) = match &p.fog_files {
        None => (0, files - 1),
        Some((a, b)) => {
            let a = file_index(a, files, "fog_files", "fog_files")?;
            let b = file_index(b, files, "fog_files", "fog_files")?;
            if a > b {
                return Err(("fog_files", "fog_files must go from left to right".into()));
            }
            (a, b)
        }
    };
    let zone: SquareSet = (lo - 1..hi)
        .flat_map(|r| (flo..=fhi).map(move |f| Square::new(f, r)))
        .collect();
    if let Some((sq, _)) = setup.iter().find(|(sq, _)| zone.contains(*sq)) {
        return Err((
            "setup",
            format!("the piece on {sq} stands in the fog zone; fog may only cover empty cells"),
        ));
    }
    if p.mines as usize > zone.len() {
        return Err((
            "mines",
            format!(
                "mines {} is more than the {} fog cells",
                p.mines,
                zone.len()
            ),
        ));
    }
    Ok(zone)
}

/// Each side's promotion rank, 0-based; default the far rank.
fn promotion_ranks(given: Option<PerColor<u8>>, ranks: u8) -> Result<[u8; 2], Problem> {
    let Some(PerColor { white, black }) = given else {
        return Ok([ranks - 1, 0]);
    };
    for r in [white, black] {
        if r < 1 || r > ranks {
            return Err((
                "promotion_ranks",
                format!("promotion rank {r} is not a rank of this board (1 to {ranks})"),
            ));
        }
    }
    Ok([white - 1, black - 1])
}

/// What pawns may become, as role bits; default a queen.
fn promotion_roles(given: Option<&[PieceName]>) -> Result<u8, Problem> {
    let pieces = given.unwrap_or(&[PieceName::Queen]);
    if pieces.is_empty() {
        return Err((
            "promotion_pieces",
            "promotion_pieces is empty; pawns need something to become".into(),
        ));
    }
    Ok(pieces
        .iter()
        .fold(0, |m, r| m | RuleSet::role_bit(r.role())))
}

/// Each side's double-step rank, 0-based; default the second from its edge.
/// A double step passes over one rank: it must not be the promotion rank,
/// or the pawn would jump past promoting.
fn double_step_ranks(
    given: Option<PerColor<Option<u8>>>,
    ranks: u8,
    promotion_rank: [u8; 2],
) -> Result<[Option<u8>; 2], Problem> {
    let out = match given {
        None => [Some(1), Some(ranks - 2)],
        Some(PerColor { white, black }) => {
            let mut out = [None, None];
            for (i, r) in [white, black].into_iter().enumerate() {
                if let Some(r) = r {
                    if r < 1 || r > ranks {
                        return Err((
                            "double_step_ranks",
                            format!("double-step rank {r} is not a rank of this board"),
                        ));
                    }
                    out[i] = Some(r - 1);
                }
            }
            out
        }
    };
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let Some(d) = out[i] else { continue };
        let passed = if color == Color::White {
            d + 1
        } else {
            d.wrapping_sub(1)
        };
        if passed == promotion_rank[i] {
            return Err((
                "double_step_ranks",
                format!(
                    "a {} double step from rank {} jumps over the promotion rank {}",
                    color.name(),
                    d + 1,
                    passed + 1
                ),
            ));
        }
    }
    Ok(out)
}

/// Castling: the king's file, each wing, and the pieces standing ready.
fn castling(
    c: &CastlingFile,
    files: u8,
    ranks: u8,
    setup: &[(Square, Piece)],
) -> Result<Castling, Problem> {
    let king_file = file_index(&c.king, files, "king", "king")?;
    let wing = |rook, to, default, field| castle_side(rook, to, default, field, files, king_file);
    let castling = Castling {
        king_file,
        kingside: wing(
            &c.kingside_rook,
            &c.kingside_to,
            (files.saturating_sub(2), files.saturating_sub(3)),
            "kingside_rook",
        )?,
        queenside: wing(&c.queenside_rook, &c.queenside_to, (2, 3), "queenside_rook")?,
    };
    castling_pieces(&castling, ranks, setup)?;
    Ok(castling)
}

/// One wing of castling: its rook and where king and rook land.
fn castle_side(
    rook: &Option<String>,
    to: &Option<(String, String)>,
    default: (u8, u8),
    field: &'static str,
    files: u8,
    king_file: u8,
) -> Result<Option<CastleSide>, Problem> {
    let Some(rook) = rook else { return Ok(None) };
    let rook_file = file_index(rook, files, field, field)?;
    let (king_to, rook_to) = match to {
        None => default,
        Some((k, r)) => (
            file_index(k, files, "king target", field)?,
            file_index(r, files, "rook target", field)?,
        ),
    };
    if king_to >= files || rook_to >= files {
        let say = if field == "kingside_rook" {
            "kingside_to"
        } else {
            "queenside_to"
        };
        return Err((
            field,
            format!(
                "castling would land the king or rook off this {files}-file board; say where with {say}"
            ),
        ));
    }
    if king_to == rook_to {
        return Err((field, "king and rook cannot land on the same file".into()));
    }
    if king_to.abs_diff(king_file) < 2 {
        return Err((
            field,
            "castling must move the king at least two files, or it reads as a king step".into(),
        ));
    }
    Ok(Some(CastleSide {
        rook_file,
        king_to,
        rook_to,
    }))
}

/// Both sides' kings and castling rooks must start where castling needs them.
fn castling_pieces(c: &Castling, ranks: u8, setup: &[(Square, Piece)]) -> Result<(), Problem> {
    for color in Color::ALL {
        let back = if color == Color::White { 0 } else { ranks - 1 };
        let has =
            |f: u8, role: Role| setup.contains(&(Square::new(f, back), Piece::new(color, role)));
        if !has(c.king_file, Role::King) {
            return Err((
                "castling",
                format!(
                    "castling needs the {} king on {}",
                    color.name(),
                    Square::new(c.king_file, back)
                ),
            ));
        }
        for s in [c.kingside, c.queenside].into_iter().flatten() {
            if !has(s.rook_file, Role::Rook) {
                return Err((
                    "castling",
                    format!(
                        "castling needs a {} rook on {}",
                        color.name(),
                        Square::new(s.rook_file, back)
                    ),
                ));
            }
        }
    }
    Ok(())
}
