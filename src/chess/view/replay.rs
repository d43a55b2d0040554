//! Looking back: ←/→/Home/End or a click in the move list shows the board
//! as the players saw it after that move (the [`Timeline`]'s public
//! boards: pieces, fog, counts, discovered mines, the last move), drawn
//! over the live board, which goes on underneath (an opponent's move may
//! arrive meanwhile). Read-only: the board takes no moves while looking
//! back; End, → past the last move or the panel's button come back.

use bevy::prelude::*;

use super::board::{
    FogDrift, count_badge_sprite, count_digit, fog_sprite, mine_sprite, piece_fit,
    spawn_piece_glyphs, swept_tick,
};
use super::{CELL, Fonts, Layout, ViewStep, z};
use crate::base::art::PieceArt;
use crate::base::screen::{Menu, Screen};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::colors;
use crate::chess::ecs::analysis::Analysis;
use crate::chess::ecs::{ChessGame, GameStarted, MoveUndone, Timeline};
use minesweeper_core::chess::{Piece, PublicPosition, Square};

/// Which board shows: the live one (`None`) or the one after `ply` moves.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

impl Viewing {
    /// Whether an earlier board shows.
    pub fn back(&self) -> bool {
        self.0.is_some()
    }

    /// Shows the board after `ply` moves; the last one is the live board.
    pub fn show(&mut self, ply: usize, timeline: &Timeline) {
        let last = timeline.len().saturating_sub(1);
        self.0 = (ply < last && timeline.at(ply).is_some()).then_some(ply);
    }

    /// One move back (`-1`) or forward (`1`) from what shows now.
    pub fn step(&mut self, by: isize, timeline: &Timeline) {
        let last = timeline.len().saturating_sub(1);
        let now = self.0.unwrap_or(last);
        let to = now.saturating_add_signed(by).min(last);
        // A board never seen here (before a late join) is skipped.
        if timeline.at(to).is_some() {
            self.show(to, timeline);
        }
    }
}

/// The chance of a mine the move looked back at faced (see
/// [`minesweeper_core::chess::probability::step_odds`]), from the board the
/// players saw before it; `None` for a move onto open ground or a sweep.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct FacedOdds(pub Option<f64>);

/// Run condition: the live board shows (the board takes moves).
pub(crate) fn live_board(viewing: Res<Viewing>) -> bool {
    !viewing.back()
}

/// A part of the replayed board.
#[derive(Component)]
struct ReplayPart;

/// A piece of the replayed board, where it stood then.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayPiece(pub Square, pub Piece);

/// Looking back: the keys, following the game, drawing.
pub(super) struct ReplayPlugin;

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Viewing>()
            .init_resource::<FacedOdds>()
            .add_systems(
                Update,
                // While the keyboard's cursor hides, the arrows are the
                // moves'.
                replay_keys
                    .run_if(in_state(Screen::Chess).and_then(super::cursor_hidden))
                    .in_set(ViewStep::Keys),
            )
            .add_systems(
                Update,
                (follow_game, draw_replay).chain().in_set(ViewStep::Marks),
            );
    }
}

/// ← and → step through the moves, Home goes to the start, End back to
/// the game (only while the keyboard's cursor is hidden: then the arrows
/// are the cursor's).
fn replay_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    menu: Res<State<Menu>>,
    timeline: Res<Timeline>,
    mut viewing: ResMut<Viewing>,
) {
    if *menu.get() != Menu::None || egui_wants.is_some_and(|w| w.wants_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        viewing.step(-1, &timeline);
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        viewing.step(1, &timeline);
    }
    if keys.just_pressed(KeyCode::Home) {
        viewing.show(0, &timeline);
    }
    if keys.just_pressed(KeyCode::End) {
        viewing.0 = None;
    }
}

/// A new game or an undo comes back to the live board.
fn follow_game(
    mut started: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut viewing: ResMut<Viewing>,
) {
    let reset = started.read().count() + undone.read().count() > 0;
    if reset && viewing.back() {
        viewing.0 = None;
    }
}

/// Draws the board being looked at over the live one, redrawn when the
/// ply, the layout or the look changes; nothing while the live board shows.
fn draw_replay(
    mut commands: Commands,
    viewing: Res<Viewing>,
    timeline: Res<Timeline>,
    game: Res<ChessGame>,
    layout: Res<Layout>,
    settings: Res<Settings>,
    art: Res<PieceArt>,
    look: ReplayLook,
    mut odds: ResMut<FacedOdds>,
    analysis: Res<Analysis>,
    parts: Query<Entity, With<ReplayPart>>,
) {
    let changed = viewing.is_changed()
        || layout.is_changed()
        || settings.is_changed()
        || art.is_changed()
        || (viewing.back() && analysis.is_changed());
    if !changed {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let Some(ply) = viewing.0 else {
        odds.0 = None;
        return;
    };
    let Some(seen) = timeline.at(ply) else { return };
    let played = ply.checked_sub(1).and_then(|i| game.moves().get(i));
    let last = played.map(|m| (m.mv.from, m.mv.to));
    if viewing.is_changed() {
        let before = ply.checked_sub(1).and_then(|i| timeline.at(i));
        odds.0 = before
            .zip(played)
            .and_then(|(b, m)| minesweeper_core::chess::probability::step_odds(b, m.mv));
    }
    spawn_board(&mut commands, seen, last, &layout, &settings, &art, &look);
    // After the game, an analysis shows the whole layout and the engine's
    // move on each board.
    if analysis.open {
        let hidden = game
            .revealed_mines_at(ply)
            .map(|m| m.intersection(seen.position().fog()))
            .unwrap_or_default();
        for sq in hidden.iter() {
            let mut sprite = mine_sprite(&look.textures);
            sprite.color = Color::WHITE.with_alpha(0.55);
            let at = layout.center(sq).extend(z::REPLAY + 0.45);
            commands.spawn((ReplayPart, sprite, Transform::from_translation(at)));
        }
        let best = analysis
            .evals
            .get(ply)
            .copied()
            .flatten()
            .and_then(|e| e.best);
        if let Some(m) = best {
            arrow(&mut commands, layout.center(m.from), layout.center(m.to));
        }
    }
}

/// The engine's move as a green arrow from `from` to `to`.
fn arrow(commands: &mut Commands, from: Vec2, to: Vec2) {
    let color = Color::srgba(0.15, 0.62, 0.30, 0.8);
    let d = to - from;
    let angle = d.y.atan2(d.x);
    let shaft = (d.length() - CELL * 0.25).max(0.0);
    let mid = from + d.normalize_or_zero() * shaft / 2.0;
    commands.spawn((
        ReplayPart,
        Sprite::from_color(color, Vec2::new(shaft, CELL * 0.14)),
        Transform::from_translation(mid.extend(z::REPLAY + 0.7))
            .with_rotation(Quat::from_rotation_z(angle)),
    ));
    let tip = to - d.normalize_or_zero() * CELL * 0.22;
    commands.spawn((
        ReplayPart,
        Sprite::from_color(color, Vec2::splat(CELL * 0.3)),
        Transform::from_translation(tip.extend(z::REPLAY + 0.7))
            .with_rotation(Quat::from_rotation_z(angle + std::f32::consts::FRAC_PI_4)),
    ));
}

/// The textures and fonts a replayed board is drawn with.
#[derive(bevy::ecs::system::SystemParam)]
struct ReplayLook<'w> {
    fonts: Res<'w, Fonts>,
    textures: Res<'w, Textures>,
    drift: Res<'w, FogDrift>,
}

/// Spawns one public board's cells, last-move tint, counts, discovered
/// mines, fog (with the swept tick) and pieces above the live board.
fn spawn_board(
    commands: &mut Commands,
    seen: &PublicPosition,
    last: Option<(Square, Square)>,
    layout: &Layout,
    settings: &Settings,
    art: &PieceArt,
    look: &ReplayLook,
) {
    let c = colors(settings.theme);
    let pos = seen.position();
    let at = |sq, dz: f32| Transform::from_translation(layout.center(sq).extend(z::REPLAY + dz));
    for sq in pos.squares() {
        let light = (sq.file() + sq.rank()) % 2 == 1;
        let color = if light { c.light } else { c.dark };
        commands.spawn((
            ReplayPart,
            Sprite::from_color(color, Vec2::splat(CELL)),
            at(sq, 0.0),
        ));
        if last.is_some_and(|(a, b)| a == sq || b == sq) {
            commands.spawn((
                ReplayPart,
                Sprite::from_color(c.last_move, Vec2::splat(CELL)),
                at(sq, 0.1),
            ));
        }
        let mine_shown = pos.mines().contains(sq) && !pos.fog().contains(sq);
        if let Some(n) = seen.revealed_count(sq).filter(|n| *n > 0 && !mine_shown) {
            let corner = pos.piece_at(sq).is_some();
            let (badge, t) = count_badge_sprite(&look.textures, settings.count_colors, corner);
            let at = layout.center(sq).extend(z::REPLAY + 0.2) + t.translation;
            commands
                .spawn((ReplayPart, badge, Transform::from_translation(at)))
                .with_child(count_digit(&look.fonts, settings.count_colors, n, corner));
        }
    }
    for sq in pos.mines().iter().filter(|sq| !pos.fog().contains(*sq)) {
        commands.spawn((ReplayPart, mine_sprite(&look.textures), at(sq, 0.3)));
    }
    for sq in pos.fog().iter() {
        let fog = fog_sprite(&look.textures, layout.center(sq), c.fog, look.drift.0);
        let mut fog = commands.spawn((ReplayPart, fog, at(sq, 0.4)));
        if pos.swept().contains(sq) {
            fog.with_child(swept_tick(&look.fonts));
        }
    }
    for (sq, piece) in pos.pieces() {
        let e = commands
            .spawn((
                ReplayPart,
                ReplayPiece(sq, piece),
                at(sq, 0.6),
                Visibility::Visible,
            ))
            .id();
        spawn_piece_glyphs(commands, e, piece, &look.fonts, art, 1.0);
        // The live board's fit_pieces does not reach these: fit them here.
        let mine_shown = pos.mines().contains(sq) && !pos.fog().contains(sq);
        let counted = seen.revealed_count(sq).is_some_and(|n| n > 0) && !mine_shown;
        if counted {
            let (scale, shift) = piece_fit(true);
            commands.entity(e).insert(
                Transform::from_translation((layout.center(sq) + shift).extend(z::REPLAY + 0.6))
                    .with_scale(Vec3::splat(scale)),
            );
        }
    }
}
