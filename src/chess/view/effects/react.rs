//! The effects each gameplay message starts: slides, ghosts that blow up,
//! captured pieces fading, sweep rings, fog dissolving.

use crate::base::art::PieceArt;
use bevy::prelude::*;

use super::{
    Dropped, FADE, FOG_DISSOLVE, FadeOut, LastMove, Particle, PendingBlast, SLIDE, Slide, transient,
};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::colors;
use crate::chess::ecs::{At, ChessPiece, FogLifted, MineExploded, PieceMoved, SapperUsed};
use crate::chess::view::board::{FogDrift, fog_sprite, spawn_piece_glyphs};
use crate::chess::view::{CELL, Fonts, Layout, z};
use minesweeper_core::chess::{Color as Side, Piece};

/// A move slides its piece (and a castling rook) to its cell; a piece
/// destroyed on arrival is replayed by a ghost that slides in and blows
/// up; a captured piece fades where it stood.
pub(super) fn slide_moves(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    fonts: Res<Fonts>,
    art: Res<PieceArt>,
    mut dropped: ResMut<Dropped>,
    mut last: ResMut<LastMove>,
    mut moved: MessageReader<PieceMoved>,
    mut exploded: MessageReader<MineExploded>,
    mut pieces: Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
) {
    let k = settings.animation.factor();
    let blasts: Vec<MineExploded> = exploded.read().copied().collect();
    let dropped_move = dropped.0.take();
    for m in moved.read() {
        last.0 = Some((m.mv.from, m.mv.to));
        let blown = blasts.iter().find(|b| b.at == m.mv.to);
        let mut slides = vec![(m.mv.from, m.mv.to, blown.map(|b| b.piece))];
        if let Some((rf, rt)) = m.rook {
            let rook_blown = blasts.iter().find(|b| b.at == rt).map(|b| b.piece);
            slides.push((rf, rt, rook_blown));
        }
        for (from, to, blown) in slides {
            let skip_slide = k == 0.0 || dropped_move == Some(m.mv) && from == m.mv.from;
            let dur = if skip_slide { 0.0 } else { SLIDE * k };
            let (a, b) = (layout.center(from), layout.center(to));
            match blown {
                // The piece is gone from the world: a ghost makes the trip.
                Some(piece) => ghost_to_blast(&mut commands, &fonts, &art, piece, a, b, dur),
                None => {
                    if dur > 0.0
                        && let Some((e, _, mut t)) = pieces.iter_mut().find(|(_, at, _)| at.0 == to)
                    {
                        t.translation = a.extend(z::LIFTED);
                        commands.entity(e).insert(Slide::new(a, b, dur));
                    }
                }
            }
        }
        if let Some(captured) = m.captured
            && k > 0.0
        {
            // The taken piece travels to its taker's card in the panel
            // (beside the board: the bottom card if the taker plays from
            // the bottom, else the top one).
            let bottom = (m.piece.color == Side::White) != layout.flipped;
            let edge = Vec2::new(
                (layout.files as f32 / 2.0 + 1.5) * CELL,
                (layout.ranks as f32 / 2.0 - 1.0) * CELL * if bottom { -0.4 } else { 0.7 },
            );
            fade_captured(
                &mut commands,
                &fonts,
                &art,
                captured,
                (layout.center(m.mv.to), edge),
                k,
            );
        }
    }
}

/// A ghost of `piece` slides from `from` to `to` in `dur` and blows up there.
fn ghost_to_blast(
    commands: &mut Commands,
    fonts: &Fonts,
    art: &PieceArt,
    piece: Piece,
    from: Vec2,
    to: Vec2,
    dur: f32,
) {
    let start = if dur > 0.0 { from } else { to };
    let ghost = commands
        .spawn((
            Transform::from_translation(start.extend(z::LIFTED)),
            Visibility::Visible,
            FadeOut::new(0.05, dur, 1.0),
            transient(),
        ))
        .id();
    if dur > 0.0 {
        commands.entity(ghost).insert(Slide::new(from, to, dur));
    }
    spawn_piece_glyphs(commands, ghost, piece, fonts, art, 1.0);
    commands.spawn((PendingBlast::new(to, dur), transient()));
}

/// The captured piece fades and grows where it stood.
fn fade_captured(
    commands: &mut Commands,
    fonts: &Fonts,
    art: &PieceArt,
    captured: Piece,
    (at, card): (Vec2, Vec2),
    k: f32,
) {
    let ghost = commands
        .spawn((
            Transform::from_translation(at.extend(z::PIECE - 0.1)),
            Visibility::Visible,
            FadeOut::new(FADE * k * 1.6, SLIDE * k * 0.6, 0.45),
            Slide::new(at, card, (SLIDE * 0.6 + FADE * 1.6) * k),
            transient(),
        ))
        .id();
    spawn_piece_glyphs(commands, ghost, captured, fonts, art, 1.0);
}

/// A sweep rings its cell; lifted fog dissolves (the full lift rolls out
/// from the last move). The royal sapper is silent (Decision 9): no effect.
pub(super) fn sweeps_and_fog(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    mut last: ResMut<LastMove>,
    drift: Res<FogDrift>,
    mut sapper: MessageReader<SapperUsed>,
    mut fog: MessageReader<FogLifted>,
) {
    let k = settings.animation.factor();
    for s in sapper.read() {
        last.0 = Some((s.pawn, s.target));
        if k > 0.0 {
            sweep_effect(
                &mut commands,
                &textures,
                layout.center(s.target),
                k,
                Color::srgb(0.95, 0.55, 0.15),
            );
        }
    }
    for f in fog.read() {
        if k == 0.0 {
            continue;
        }
        let origin = last
            .0
            .map(|(_, to)| layout.center(to))
            .unwrap_or(Vec2::ZERO);
        for sq in &f.cells {
            let c = layout.center(*sq);
            let sprite = fog_sprite(&textures, c, colors(settings.theme).fog, drift.0);
            let delay = if f.full {
                c.distance(origin) / CELL * 0.06 * k
            } else {
                SLIDE * k * 0.5
            };
            commands.spawn((
                sprite,
                Transform::from_translation(c.extend(z::FOG + 0.05)),
                // It fades where it lay: no growth past its cell.
                FadeOut::new(FOG_DISSOLVE * k, delay, 1.0),
                transient(),
            ));
        }
    }
}

fn sweep_effect(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32, color: Color) {
    let mut ring = Sprite::from_image(textures.ring.clone());
    ring.color = color.with_alpha(0.7);
    ring.custom_size = Some(Vec2::splat(CELL * 0.5));
    commands.spawn((
        ring,
        Transform::from_translation(at.extend(z::EFFECT)),
        FadeOut::new(0.5 * k, 0.0, 2.2),
        transient(),
    ));
    // A broom of dust sweeping across the cell.
    for i in 0..10 {
        let a = i as f32 / 10.0 * std::f32::consts::TAU;
        let mut s = Sprite::from_image(textures.spark.clone());
        s.color = Color::srgba(0.85, 0.75, 0.55, 0.9);
        s.custom_size = Some(Vec2::splat(CELL * 0.10));
        commands.spawn((
            s,
            Transform::from_translation(at.extend(z::EFFECT)),
            Particle::new(Vec2::new(a.cos(), a.sin()) * CELL * 1.6, 0.45 * k),
            transient(),
        ));
    }
}
