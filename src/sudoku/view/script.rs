//! Scripted Sweeper Sudoku runs, for screenshots: with `--sudoku CODE` or
//! `--daily`, the words of `--script` are the player's actions, one every
//! few frames once the board is dealt: `probe:N`, `flag:N`, `place:H:N`
//! (hand card H on cell N), `move:F:T`, `discard:H`. A word that is not
//! one is named in the log and skipped; the game refuses what it would
//! refuse from a click.

use super::*;
use crate::base::options::GameOptions;
use crate::sudoku::ecs::PuzzleRequest;

/// Plays the script's words as the pointer would.
pub(super) struct ScriptPlugin;

impl Plugin for ScriptPlugin {
    fn build(&self, app: &mut App) {
        // After the pointer: a script word is the player's input.
        app.add_systems(Update, script.in_set(super::PuzzleViewStep::Script));
    }
}

/// One word of the script as an action.
pub(crate) fn action(word: &str) -> Option<Action> {
    let mut parts = word.split(':');
    let verb = parts.next()?;
    let n: Vec<usize> = parts.map(|p| p.parse().ok()).collect::<Option<_>>()?;
    // Cells and hand slots are small: anything larger is a typo.
    if n.iter().any(|&x| x > 255) {
        return None;
    }
    Some(match (verb, n.as_slice()) {
        ("probe", [c]) => Action::Probe(*c),
        ("flag", [c]) => Action::Flag(*c),
        ("place", [h, c]) => Action::Place { hand: *h, cell: *c },
        ("move", [f, t]) => Action::Move { from: *f, to: *t },
        ("discard", [h]) => Action::Discard(vec![*h]),
        _ => return None,
    })
}

fn script(
    mut options: ResMut<GameOptions>,
    puzzle: Res<Puzzle>,
    mut frames: Local<u32>,
    mut out: MessageWriter<PuzzleRequest>,
) {
    let scripted = options.sudoku.is_some() || options.daily.is_some();
    if !scripted || options.moves.is_empty() || puzzle.game.is_none() {
        return;
    }
    *frames += 1;
    if !(*frames).is_multiple_of(12) {
        return;
    }
    let word = options.moves.remove(0);
    match action(&word) {
        Some(a) => {
            info!("--script: {word}");
            out.write(PuzzleRequest::Act(a));
        }
        None => error!("--script: {word}: not probe:N, flag:N, place:H:N, move:F:T or discard:H"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_words_are_actions_or_nothing() {
        assert_eq!(action("probe:3"), Some(Action::Probe(3)));
        assert_eq!(
            action("place:0:12"),
            Some(Action::Place { hand: 0, cell: 12 })
        );
        assert_eq!(action("probe"), None);
        assert_eq!(action("probe:x"), None);
        assert_eq!(action("probe:99999999999999999999"), None);
        assert_eq!(action("fly:1"), None);
    }
}
