//! The board: cells, coordinates, fog, counts, discovered mines and pieces,
//! attached to the gameplay entities as they appear and kept in place.

use bevy::prelude::*;

use super::{CELL, Fonts, Layout, z};
use crate::base::art::PieceArt;
use crate::base::settings::{Palette, Settings, Theme};
use crate::base::textures::Textures;
use crate::base::theme::{colors, count_color};
use crate::chess::ecs::{
    ActiveVariant, At, BoardSquare, ChessPiece, Fog, FogZone, RevealedCount, ShownMine, Swept,
};
use minesweeper_core::chess::{Color as Side, Piece, Square};

/// A fog sprite's drift: phase and speed of its slow breathing.
#[derive(Component)]
struct FogDrift {
    phase: f32,
}

/// The glyph children of a piece.
#[derive(Component)]
pub(crate) struct PieceGlyph;

/// The label child of a count.
#[derive(Component)]
struct CountLabel;

/// The icon of a discovered mine.
#[derive(Component)]
struct MineMark;

/// Coordinate letters and numbers, and the frame.
#[derive(Component)]
struct BoardFrame;

pub(crate) use crate::base::draw::glyphs;

/// Dresses the gameplay entities and keeps them in place.
pub(super) struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                follow_variant,
                draw_frame,
                dress_cells,
                recolor_cells,
                dress_pieces,
                dress_fog,
                show_swept,
                show_counts,
                show_mines,
                relayout,
                animate_fog,
            )
                .chain()
                .in_set(super::ViewStep::Board),
        );
    }
}

/// Spawns what draws `piece` as children of `parent`: the set's image, or
/// the font's two glyphs (solid fill, outline) for the glyph set.
pub(crate) fn spawn_piece_glyphs(
    commands: &mut Commands,
    parent: Entity,
    piece: Piece,
    fonts: &Fonts,
    art: &PieceArt,
    alpha: f32,
) {
    if let Some(image) = art.image(piece.color, piece.role) {
        let mut sprite = Sprite::from_image(image);
        sprite.custom_size = Some(Vec2::splat(CELL * 0.94));
        sprite.color = Color::WHITE.with_alpha(alpha);
        commands.entity(parent).with_children(|p| {
            p.spawn((PieceGlyph, sprite, Transform::default()));
        });
        return;
    }
    let (solid, outline) = glyphs(piece.role);
    let (fill, line) = match piece.color {
        Side::White => (
            Color::srgba(0.98, 0.96, 0.90, alpha),
            Color::srgba(0.08, 0.07, 0.07, alpha),
        ),
        Side::Black => (
            Color::srgba(0.10, 0.09, 0.10, alpha),
            Color::srgba(0.55, 0.52, 0.50, alpha),
        ),
    };
    let size = CELL * 0.80;
    commands.entity(parent).with_children(|p| {
        p.spawn((
            PieceGlyph,
            Text2d::new(solid),
            TextFont::from_font_size(size).with_font(fonts.pieces.clone()),
            TextColor(fill),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ));
        p.spawn((
            PieceGlyph,
            Text2d::new(outline),
            TextFont::from_font_size(size).with_font(fonts.pieces.clone()),
            TextColor(line),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
    });
}

/// Cells: sprites in the theme's colours.
pub(crate) fn dress_cells(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    cells: Query<(Entity, &BoardSquare), Added<BoardSquare>>,
) {
    let c = colors(settings.theme);
    for (e, sq) in &cells {
        let light = (sq.0.file() + sq.0.rank()) % 2 == 1;
        commands.entity(e).insert((
            Sprite::from_color(if light { c.light } else { c.dark }, Vec2::splat(CELL)),
            Transform::from_translation(layout.center(sq.0).extend(z::CELL)),
            Visibility::Visible,
        ));
    }
}

/// Re-colours cells and the frame when the theme changes.
fn recolor_cells(
    settings: Res<Settings>,
    mut cells: Query<(&BoardSquare, &mut Sprite)>,
    mut clear: ResMut<ClearColor>,
) {
    if !settings.is_changed() {
        return;
    }
    let c = colors(settings.theme);
    clear.0 = c.background;
    for (sq, mut s) in &mut cells {
        let light = (sq.0.file() + sq.0.rank()) % 2 == 1;
        s.color = if light { c.light } else { c.dark };
    }
}

/// The frame and the file letters and rank numbers around the board,
/// rebuilt when the board, its orientation or the settings change.
fn draw_frame(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    fonts: Res<Fonts>,
    old: Query<Entity, With<BoardFrame>>,
) {
    if !layout.is_changed() && !settings.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let c = colors(settings.theme);
    let (w, h) = (layout.files as f32 * CELL, layout.ranks as f32 * CELL);
    let inside = settings.coordinates && settings.coordinates_inside;
    // Coordinates inside the cells need only a thin frame.
    let margin = if inside { CELL * 0.16 } else { CELL * 0.42 };
    commands.spawn((
        BoardFrame,
        Sprite::from_color(c.frame, Vec2::new(w + 2.0 * margin, h + 2.0 * margin)),
        Transform::from_xyz(0.0, 0.0, z::FRAME),
    ));
    if !settings.coordinates {
        return;
    }
    if inside {
        coordinates_inside(&mut commands, &layout, &fonts, settings.theme);
        return;
    }
    let font = TextFont::from_font_size(CELL * 0.26).with_font(fonts.ui.clone());
    for f in 0..layout.files {
        let x = layout.center(Square::new(f, 0)).x;
        let letter = ((b'a' + f) as char).to_string();
        for y in [-h / 2.0 - margin / 2.0, h / 2.0 + margin / 2.0] {
            commands.spawn((
                BoardFrame,
                Text2d::new(letter.clone()),
                font.clone(),
                TextColor(c.label),
                Transform::from_xyz(x, y, z::FRAME + 0.1),
            ));
        }
    }
    for r in 0..layout.ranks {
        let y = layout.center(Square::new(0, r)).y;
        for x in [-w / 2.0 - margin / 2.0, w / 2.0 + margin / 2.0] {
            commands.spawn((
                BoardFrame,
                Text2d::new((r + 1).to_string()),
                font.clone(),
                TextColor(c.label),
                Transform::from_xyz(x, y, z::FRAME + 0.1),
            ));
        }
    }
}

/// lichess's coordinates: each file's letter in the bottom corner of the
/// bottom row, each rank's number in the top corner of the left column, in
/// the other cell colour, above fog and pieces so they stay readable.
fn coordinates_inside(commands: &mut Commands, layout: &Layout, fonts: &Fonts, theme: Theme) {
    let c = colors(theme);
    let font = TextFont::from_font_size(CELL * 0.2).with_font(fonts.bold.clone());
    let ink = |sq: Square| {
        if (sq.file() + sq.rank()) % 2 == 1 {
            c.dark
        } else {
            c.light
        }
    };
    let (bottom, left) = if layout.flipped {
        (layout.ranks - 1, layout.files - 1)
    } else {
        (0, 0)
    };
    for f in 0..layout.files {
        let sq = Square::new(f, bottom);
        let at = layout.center(sq) + Vec2::new(CELL * 0.36, -CELL * 0.34);
        commands.spawn((
            BoardFrame,
            Text2d::new(((b'a' + f) as char).to_string()),
            font.clone(),
            TextColor(ink(sq)),
            Transform::from_translation(at.extend(z::LABEL)),
        ));
    }
    for r in 0..layout.ranks {
        let sq = Square::new(left, r);
        let at = layout.center(sq) + Vec2::new(-CELL * 0.36, CELL * 0.32);
        commands.spawn((
            BoardFrame,
            Text2d::new((r + 1).to_string()),
            font.clone(),
            TextColor(ink(sq)),
            Transform::from_translation(at.extend(z::LABEL)),
        ));
    }
}

/// Pieces: art children, rebuilt when a piece changes (promotion) or the
/// player picks another set.
pub(crate) fn dress_pieces(
    mut commands: Commands,
    layout: Res<Layout>,
    fonts: Res<Fonts>,
    art: Res<PieceArt>,
    pieces: Query<(Entity, Ref<ChessPiece>, &At, Option<&Children>)>,
    glyph_q: Query<(), With<PieceGlyph>>,
) {
    let all = art.is_changed();
    for (e, p, at, children) in &pieces {
        if !all && !p.is_changed() {
            continue;
        }
        for c in children.into_iter().flatten() {
            if glyph_q.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        commands.entity(e).insert((
            Transform::from_translation(layout.center(at.0).extend(z::PIECE)),
            Visibility::Visible,
        ));
        spawn_piece_glyphs(&mut commands, e, p.0, &fonts, &art, 1.0);
    }
}

/// Fog: a cloudy sprite per fogged cell, breathing slowly.
fn dress_fog(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    fog: Query<(Entity, &At), Added<Fog>>,
    mut all: Query<&mut Sprite, With<Fog>>,
) {
    let tint = colors(settings.theme).fog;
    // Another theme: the fog already drawn takes its tint.
    if settings.is_changed() {
        for mut s in &mut all {
            let a = s.color.alpha();
            s.color = tint.with_alpha(a);
        }
    }
    for (e, at) in &fog {
        commands.entity(e).insert((
            fog_sprite(&textures, at.0, tint),
            FogDrift {
                phase: (at.0.file() as f32 * 1.7 + at.0.rank() as f32 * 2.3)
                    % std::f32::consts::TAU,
            },
            Transform::from_translation(layout.center(at.0).extend(z::FOG)),
            Visibility::Visible,
        ));
    }
}

/// A swept cell keeps its fog but wears a mark both players can read: a
/// pale tick in the corner, "no mine here" (Decision 10).
fn show_swept(
    mut commands: Commands,
    fonts: Res<Fonts>,
    swept: Query<Entity, (With<Fog>, Added<Swept>)>,
) {
    for e in &swept {
        commands
            .entity(e)
            .with_child((SweptMark, swept_tick(&fonts)));
    }
}

/// The "no mine here" tick, a child of a swept cell's fog.
pub(crate) fn swept_tick(fonts: &Fonts) -> impl Bundle {
    (
        Text2d::new("✓"),
        TextFont::from_font_size(CELL * 0.36).with_font(fonts.ui.clone()),
        TextColor(Color::srgba(0.2, 0.45, 0.25, 0.85)),
        Transform::from_xyz(-CELL * 0.27, -CELL * 0.26, 0.05),
    )
}

/// The tick on a swept cell's fog.
#[derive(Component)]
pub struct SweptMark;

/// Makes the fog breathe: a slow shimmer of brightness.
fn animate_fog(time: Res<Time>, settings: Res<Settings>, mut fog: Query<(&FogDrift, &mut Sprite)>) {
    if settings.animation.factor() == 0.0 {
        return;
    }
    let t = time.elapsed_secs();
    let tint = colors(settings.theme).fog.to_srgba();
    for (d, mut s) in &mut fog {
        let k = 0.94 + 0.06 * (t * 0.7 + d.phase).sin();
        s.color = Color::srgba(tint.red * k, tint.green * k, tint.blue * k, 1.0);
    }
}

/// Counts on revealed fog-zone cells, in the chosen palette.
fn show_counts(
    mut commands: Commands,
    settings: Res<Settings>,
    fonts: Res<Fonts>,
    cells: Query<(Entity, Ref<RevealedCount>, Option<&Children>), With<FogZone>>,
    labels: Query<(), With<CountLabel>>,
) {
    for (e, count, children) in &cells {
        if !count.is_changed() && !settings.is_changed() {
            continue;
        }
        for c in children.into_iter().flatten() {
            if labels.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        if count.0 == 0 {
            continue;
        }
        commands.entity(e).with_child((
            CountLabel,
            count_label(&fonts, settings.palette, count.0),
            Transform::from_xyz(CELL * 0.30, CELL * 0.28, z::COUNT - z::CELL),
        ));
    }
}

/// A revealed cell's count, in the palette's colour for `n`.
pub(crate) fn count_label(fonts: &Fonts, palette: Palette, n: u8) -> impl Bundle {
    (
        Text2d::new(n.to_string()),
        TextFont::from_font_size(CELL * 0.34).with_font(fonts.bold.clone()),
        TextColor(count_color(palette, n)),
    )
}

/// A discovered mine's picture.
pub(crate) fn mine_sprite(textures: &Textures) -> Sprite {
    let mut sprite = Sprite::from_image(textures.mine.clone());
    sprite.custom_size = Some(Vec2::splat(CELL * 0.62));
    sprite
}

/// The fog over `sq` (one of the cloud textures, by the cell), in `tint`.
pub(crate) fn fog_sprite(textures: &Textures, sq: Square, tint: Color) -> Sprite {
    let i = (sq.file() as usize * 7 + sq.rank() as usize * 3) % textures.fog.len().max(1);
    let mut sprite = textures
        .fog
        .get(i)
        .map_or_else(Sprite::default, |t| Sprite::from_image(t.clone()));
    sprite.custom_size = Some(Vec2::splat(CELL * 1.12));
    sprite.color = tint;
    sprite
}

/// Discovered mines: the rules mark them [`ShownMine`] once their cell is
/// revealed, never before.
fn show_mines(
    mut commands: Commands,
    layout: Res<Layout>,
    textures: Res<Textures>,
    shown: Query<(Entity, &At), (With<ShownMine>, Without<MineMark>)>,
) {
    for (e, at) in &shown {
        commands.entity(e).insert((
            MineMark,
            mine_sprite(&textures),
            Transform::from_translation(layout.center(at.0).extend(z::MINE)),
            Visibility::Visible,
        ));
    }
}

/// Puts everything back in place when the layout changes (flip, new board).
fn relayout(
    layout: Res<Layout>,
    mut placed: Query<
        (&mut Transform, Option<&At>, Option<&BoardSquare>),
        Or<(
            With<ChessPiece>,
            With<Fog>,
            With<ShownMine>,
            With<BoardSquare>,
        )>,
    >,
) {
    if !layout.is_changed() {
        return;
    }
    for (mut t, at, cell) in &mut placed {
        if let Some(sq) = at.map(|a| a.0).or(cell.map(|c| c.0)) {
            let c = layout.center(sq);
            t.translation.x = c.x;
            t.translation.y = c.y;
        }
    }
}

/// Keeps the layout in step with the variant being played.
fn follow_variant(variant: Res<ActiveVariant>, mut layout: ResMut<Layout>) {
    let (f, r) = (variant.0.files, variant.0.ranks);
    if layout.files != f || layout.ranks != r {
        layout.files = f;
        layout.ranks = r;
    }
}
