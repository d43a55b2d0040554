//! `perft`: counts the leaves of the move tree, for move-generation
//! checks against other engines.

use std::path::Path;
use std::time::Instant;

use minesweeper_core::chess::{Position, RuleSet, SquareSet, fen, perft, preset};

use crate::flags::Flags;
use crate::output::CliOutput;

/// Deepest perft the tool runs: depth 8 of the classic start is already
/// hours; more would only ever be a typing mistake.
const MAX_PERFT_DEPTH: u32 = 8;

/// `perft`: the leaf nodes of the move tree; `usage` is shown with a
/// usage error.
pub fn perft_cmd(args: &[String], usage: &str) -> CliOutput {
    let mut depth = None;
    let mut fen_text = None;
    let mut preset_path = None;
    let mut sapper = true;
    let mut divide = false;
    let mut f = Flags::new("perft", args);
    while let Some(a) = f.next_flag() {
        let r = match a {
            "--depth" => f.number(a, 1, MAX_PERFT_DEPTH).map(|d| depth = Some(d)),
            "--fen" => f.value(a).map(|v| fen_text = Some(v.to_string())),
            "--preset" => f.value(a).map(|v| preset_path = Some(v.to_string())),
            "--no-sapper" => {
                sapper = false;
                Ok(())
            }
            "--divide" => {
                divide = true;
                Ok(())
            }
            other => Err(f.unknown(other)),
        };
        if let Err(e) = r {
            return CliOutput::fail(e.with_usage(usage));
        }
    }
    let Some(depth) = depth else {
        return CliOutput::fail(format!("perft: --depth N is required\n\n{usage}"));
    };
    let preset = match &preset_path {
        Some(p) => match preset::load_file(Path::new(p)) {
            Ok(p) => Some(p),
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => None,
    };
    let pos = match (&fen_text, &preset) {
        (Some(f), Some(p)) => fen::parse_setup(f).and_then(|s| {
            fen::check_against(&s, &p.variant)?;
            Position::from_setup(s, p.variant.rules).map_err(fen::FenError::Position)
        }),
        (Some(f), None) => fen::parse_setup(f).and_then(|s| {
            // A public FEN (`?` cells) counts the tree both players see.
            let rules = RuleSet::standard(s.files, s.ranks);
            if s.unknown.is_some() {
                fen::parse_public(f, rules).map(|p| p.position().clone())
            } else {
                Position::from_setup(s, rules).map_err(fen::FenError::Position)
            }
        }),
        (None, p) => {
            let v = p
                .as_ref()
                .map(|p| p.variant.clone())
                .unwrap_or_else(minesweeper_core::chess::Variant::classic);
            // The start as the players see it: its mines hidden, so no
            // blast goes off in the tree and a sweep is a pass.
            let some_layout: SquareSet = v.fog_zone.iter().take(v.mine_count as usize).collect();
            Position::new(&v, some_layout)
                .map(|p| p.public_view().position().clone())
                .map_err(fen::FenError::Position)
        }
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => return CliOutput::fail(format!("error: {e}\n")),
    };
    if !sapper {
        pos = without_sapper(&pos);
    }
    let start = Instant::now();
    let mut out = String::new();
    let total = if divide {
        let rows = perft::divide(&pos, depth);
        for (m, n) in &rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    CliOutput {
        stdout: format!("{out}{total}\n"),
        stderr: format!(
            "depth {depth}: {total} nodes in {secs:.3} s ({:.1} Mnps)\n",
            total as f64 / secs.max(1e-9) / 1e6
        ),
        code: 0,
    }
}

/// The same position with the sapper action switched off, so counts match
/// engines that do not know it.
pub fn without_sapper(pos: &Position) -> Position {
    pos.without_sapper()
}
