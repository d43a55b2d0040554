//! The pieces on the board: glyph, digit card, sensor, stamina and spare life; slides and pops.

use super::*;

/// Dresses the pieces on the board.
pub(super) struct PiecesPlugin;

impl Plugin for PiecesPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, dress_pieces.in_set(PuzzleViewStep::Pieces));
    }
}

/// A piece with its digit card, for the board (with sensor and stamina)
/// or the hand.
pub(super) fn spawn_card(
    p: &mut ChildSpawnerCommands,
    card: Card,
    fonts: &Fonts,
    art: &PieceArt,
    size: f32,
    alpha: f32,
) {
    if let Some(image) = art.image(chess_color(card.side), card.kind.role()) {
        let mut sprite = Sprite::from_image(image);
        // A little smaller and to the right: the digit tile at the lower
        // left no longer covers the piece's base.
        sprite.custom_size = Some(Vec2::splat(size * 1.02));
        sprite.color = Color::WHITE.with_alpha(alpha);
        p.spawn((
            sprite,
            Transform::from_xyz(CELL * 0.07, CELL * 0.03, 0.0),
            layer(),
        ));
    } else {
        spawn_glyphs(p, card, fonts, size, alpha);
    }
    spawn_digit(p, card, fonts, alpha);
}

/// The font's two glyphs of a card's piece (the glyph set).
fn spawn_glyphs(p: &mut ChildSpawnerCommands, card: Card, fonts: &Fonts, size: f32, alpha: f32) {
    let (solid, outline) = glyphs(card.kind.role());
    let (fill, line) = match card.side {
        Side::White => (
            Color::srgba(0.98, 0.96, 0.90, alpha),
            Color::srgba(0.08, 0.07, 0.07, alpha),
        ),
        Side::Black => (
            Color::srgba(0.10, 0.09, 0.10, alpha),
            Color::srgba(0.62, 0.58, 0.55, alpha),
        ),
    };
    p.spawn((
        text(solid, size, &fonts.pieces, fill),
        Transform::from_xyz(0.0, -CELL * 0.07, 0.0),
    ));
    p.spawn((
        text(outline, size, &fonts.pieces, line),
        Transform::from_xyz(0.0, -CELL * 0.07, 0.01),
    ));
}

/// The digit card: a small tile at the lower left.
fn spawn_digit(p: &mut ChildSpawnerCommands, card: Card, fonts: &Fonts, alpha: f32) {
    p.spawn((
        Sprite::from_color(
            Color::srgba(0.98, 0.93, 0.55, alpha),
            Vec2::new(CELL * 0.27, CELL * 0.3),
        ),
        Transform::from_xyz(-CELL * 0.3, -CELL * 0.28, 0.05),
        layer(),
    ))
    .with_children(|c| {
        c.spawn((
            text(
                &card.digit.to_string(),
                CELL * 0.24,
                &fonts.bold,
                Color::srgba(0.1, 0.1, 0.1, alpha),
            ),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
    });
}

/// Draws each board piece: glyph, digit card, sensor, stamina pips and a
/// king's spare life; slides it to its cell when it moves.
pub(super) fn dress_pieces(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    art: Res<PieceArt>,
    pieces: Query<(
        Entity,
        Ref<PuzzlePiece>,
        Option<&Children>,
        Option<&Transform>,
    )>,
    dresses: Query<Entity, With<PieceDress>>,
    rows: Res<HandRows>,
) {
    let (Some(game), Some(fonts)) = (&puzzle.game, fonts) else {
        return;
    };
    let l = PuzzleLayout::of(game, &rows);
    for (e, p, children, t) in &pieces {
        if !p.is_changed() && !art.is_changed() {
            continue;
        }
        let target = l.cell(p.cell).extend(z::PIECE);
        match t {
            Some(t) if t.translation.truncate() != target.truncate() => {
                commands.entity(e).insert(SlideTo {
                    from: t.translation.truncate(),
                    to: target.truncate(),
                    t: 0.0,
                });
            }
            Some(_) => {}
            None => {
                commands.entity(e).insert((
                    Transform::from_translation(target).with_scale(Vec3::splat(0.2)),
                    Visibility::Visible,
                    layer(),
                    Pop(0.0),
                ));
            }
        }
        for c in children.into_iter().flatten() {
            if dresses.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        let piece = *p;
        commands.entity(e).with_children(|root| {
            root.spawn((
                PieceDress,
                Transform::default(),
                Visibility::Inherited,
                layer(),
            ))
            .with_children(|d| {
                spawn_card(d, piece.card, &fonts, &art, CELL * 0.5, 1.0);
                // Sensor reading: white pieces count mines (red), black
                // pieces count their digit (blue).
                let (bg, fg) = if piece.card.side == Side::White {
                    (Color::srgb(0.75, 0.12, 0.1), Color::WHITE)
                } else {
                    (Color::srgb(0.12, 0.3, 0.75), Color::WHITE)
                };
                d.spawn((
                    Sprite::from_color(bg, Vec2::splat(CELL * 0.25)),
                    Transform::from_xyz(0.0, CELL * 0.35, 0.1),
                    layer(),
                ))
                .with_children(|s| {
                    s.spawn((
                        text(&piece.sensor.to_string(), CELL * 0.22, &fonts.bold, fg),
                        Transform::from_xyz(0.0, 0.0, 0.01),
                    ));
                });
                for k in 0..piece.stamina {
                    d.spawn((
                        Sprite::from_color(Color::srgb(0.3, 0.85, 0.4), Vec2::splat(CELL * 0.08)),
                        Transform::from_xyz(CELL * (0.38 - 0.11 * k as f32), -CELL * 0.4, 0.1),
                        layer(),
                    ));
                }
                if piece.spare > 0 {
                    d.spawn((
                        text(
                            "\u{2665}",
                            CELL * 0.22,
                            &fonts.ui,
                            Color::srgb(0.9, 0.2, 0.35),
                        ),
                        Transform::from_xyz(CELL * 0.32, CELL * 0.02, 0.1),
                    ));
                }
            });
        });
    }
}

/// The chess colour a card's side is drawn in (the piece sets are chess's).
pub(crate) fn chess_color(side: Side) -> minesweeper_core::chess::Color {
    match side {
        Side::White => minesweeper_core::chess::Color::White,
        Side::Black => minesweeper_core::chess::Color::Black,
    }
}
