//! The board: cells, coordinates, fog, counts, discovered mines and pieces,
//! attached to the gameplay entities as they appear and kept in place.

use bevy::prelude::*;

use super::{CELL, Fonts, Layout, z};
use crate::base::art::PieceArt;
use crate::base::settings::{CountColors, Settings, Theme};
use crate::base::textures::{FOG_FIELD_CELL_PX, FOG_FIELD_CELLS, Textures};
use crate::base::theme::{colors, count_badge, count_color};
use crate::chess::ecs::{
    ActiveVariant, At, BoardSquare, ChessPiece, Fog, FogZone, RevealedCount, ShownMine, Swept,
};
use minesweeper_core::chess::{Color as Side, Piece, Square};

/// Marks a fog sprite that drifts with the cloud.
#[derive(Component)]
struct FogCloud;

/// How far the cloud has drifted, in pixels of the fog field: every fog
/// sprite (live, replayed or dissolving) shows its cell's square of the
/// field moved by this much, so they stay one cloud.
#[derive(Resource, Default, Clone, Copy)]
pub(crate) struct FogDrift(pub Vec2);

pub(crate) use crate::base::draw::spot;

/// The glyph children of a piece.
#[derive(Component)]
pub(crate) struct PieceGlyph;

/// The badge and digit children of a count, and where they were put.
#[derive(Component)]
struct CountLabel;

/// The count a cell shows now and whether a piece pushed it to the corner.
#[derive(Component, PartialEq, Eq, Clone, Copy)]
struct CountShown {
    n: u8,
    corner: bool,
}

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
                fit_pieces,
                show_mines,
                relayout,
                animate_fog,
            )
                .chain()
                .in_set(super::ViewStep::Board),
        )
        .init_resource::<FogDrift>();
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
        sprite.custom_size = Some(Vec2::splat(CELL * spot::PIECE));
        sprite.color = Color::WHITE.with_alpha(alpha);
        // Just above the parent: a promotion tile's piece sorts over it.
        commands.entity(parent).with_children(|p| {
            p.spawn((PieceGlyph, sprite, Transform::from_xyz(0.0, 0.0, 0.01)));
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
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
        p.spawn((
            PieceGlyph,
            Text2d::new(outline),
            TextFont::from_font_size(size).with_font(fonts.pieces.clone()),
            TextColor(line),
            Transform::from_xyz(0.0, 0.0, 0.02),
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

/// Fog: each fogged cell shows its square of one drifting cloud, exactly
/// the cell's size, so the fog has no seams and stops at the board's edge.
fn dress_fog(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    drift: Res<FogDrift>,
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
        let c = layout.center(at.0);
        commands.entity(e).insert((
            fog_sprite(&textures, c, tint, drift.0),
            FogCloud,
            Transform::from_translation(c.extend(z::FOG)),
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
        TextFont::from_font_size(CELL * 0.40).with_font(fonts.ui.clone()),
        TextColor(crate::base::theme::SWEPT_TICK),
        Transform::from_xyz(-CELL * 0.27, -CELL * 0.26, 0.05),
    )
}

/// The tick on a swept cell's fog.
#[derive(Component)]
pub struct SweptMark;

/// Makes the fog drift and breathe: the whole cloud slides slowly and
/// brightens and dims together, so neighbouring cells never differ.
fn animate_fog(
    time: Res<Time>,
    settings: Res<Settings>,
    mut drift: ResMut<FogDrift>,
    mut fog: Query<(&Transform, &mut Sprite), With<FogCloud>>,
) {
    if settings.animation.factor() == 0.0 {
        return;
    }
    let t = time.elapsed_secs();
    let period = (FOG_FIELD_CELLS * FOG_FIELD_CELL_PX) as f32;
    drift.0 = Vec2::new((t * 2.5) % period, (t * 0.9) % period);
    let tint = colors(settings.theme).fog.to_srgba();
    let k = 0.96 + 0.04 * (t * 0.6).sin();
    for (tf, mut s) in &mut fog {
        s.rect = Some(fog_rect(tf.translation.truncate(), drift.0));
        s.color = Color::srgba(tint.red * k, tint.green * k, tint.blue * k, 1.0);
    }
}

/// The square of the fog field a cell centred at `center` shows.
fn fog_rect(center: Vec2, drift: Vec2) -> Rect {
    let px = FOG_FIELD_CELL_PX as f32;
    // Whole periods added keep the corner positive (the field wraps).
    let base = (FOG_FIELD_CELLS * FOG_FIELD_CELL_PX * 16) as f32;
    let min = Vec2::new(
        base + center.x / CELL * px - px / 2.0 + drift.x,
        base - center.y / CELL * px - px / 2.0 + drift.y,
    );
    Rect::from_corners(min, min + Vec2::splat(px))
}

/// Counts on revealed fog-zone cells, each on its badge: centred and large
/// on an empty cell, in the top right corner when a piece stands there.
fn show_counts(
    mut commands: Commands,
    settings: Res<Settings>,
    fonts: Res<Fonts>,
    textures: Res<Textures>,
    pieces: Query<&At, With<ChessPiece>>,
    mines: Query<&At, With<ShownMine>>,
    cells: Query<
        (
            Entity,
            &BoardSquare,
            Option<&RevealedCount>,
            Option<&CountShown>,
            Option<&Children>,
        ),
        With<FogZone>,
    >,
    labels: Query<(), With<CountLabel>>,
) {
    let occupied: Vec<Square> = pieces.iter().map(|a| a.0).collect();
    // A discovered mine's cell shows the mine, not a count under it.
    let mined: Vec<Square> = mines.iter().map(|a| a.0).collect();
    for (e, sq, count, shown, children) in &cells {
        let n = count.filter(|_| !mined.contains(&sq.0)).map_or(0, |c| c.0);
        let want = CountShown {
            n,
            corner: occupied.contains(&sq.0),
        };
        if shown == Some(&want) && !settings.is_changed() {
            continue;
        }
        commands.entity(e).insert(want);
        for c in children.into_iter().flatten() {
            if labels.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        if n == 0 {
            continue;
        }
        let badge = count_badge_sprite(&textures, settings.count_colors, want.corner);
        let at = badge.1.translation.with_z(z::COUNT - z::CELL);
        commands.entity(e).with_children(|p| {
            p.spawn((CountLabel, badge.0, Transform::from_translation(at)))
                .with_child(count_digit(&fonts, settings.count_colors, n, want.corner));
        });
    }
}

/// A count's badge, placed on a cell centred at the origin: centred and
/// large, or in the top right corner when a piece stands on the cell.
pub(crate) fn count_badge_sprite(
    textures: &Textures,
    palette: CountColors,
    corner: bool,
) -> (Sprite, Transform) {
    let (at, size) = if corner {
        (spot::CORNER * CELL, spot::CORNER_BADGE)
    } else {
        (Vec2::ZERO, spot::OPEN_BADGE)
    };
    let mut badge = Sprite::from_image(textures.badge.clone());
    badge.custom_size = Some(Vec2::splat(CELL * size));
    badge.color = count_badge(palette);
    (badge, Transform::from_translation(at.extend(0.0)))
}

/// The digit of count `n`, a child of its badge, in the palette's colour.
pub(crate) fn count_digit(fonts: &Fonts, palette: CountColors, n: u8, corner: bool) -> impl Bundle {
    let size = if corner {
        spot::CORNER_DIGIT
    } else {
        spot::OPEN_DIGIT
    };
    (
        Text2d::new(n.to_string()),
        TextFont::from_font_size(CELL * size).with_font(fonts.bold.clone()),
        TextColor(count_color(palette, n)),
        // The font's digits sit a little high in their box.
        Transform::from_xyz(0.0, -CELL * size * 0.04, 0.01),
    )
}

/// Pieces on counted cells step aside for the count's badge: smaller and
/// towards the bottom left corner; elsewhere they fill their cell.
fn fit_pieces(
    counts: Query<(&BoardSquare, &CountShown)>,
    pieces: Query<(&At, &Children), With<ChessPiece>>,
    mut glyphs: Query<&mut Transform, With<PieceGlyph>>,
) {
    let counted: Vec<Square> = counts
        .iter()
        .filter(|(_, c)| c.n > 0)
        .map(|(sq, _)| sq.0)
        .collect();
    for (at, children) in &pieces {
        let (scale, shift) = piece_fit(counted.contains(&at.0));
        for c in children {
            if let Ok(mut t) = glyphs.get_mut(*c)
                && (t.scale.x != scale || t.translation.x != shift.x)
            {
                t.scale = Vec3::splat(scale);
                t.translation.x = shift.x;
                t.translation.y = shift.y;
            }
        }
    }
}

/// A piece's scale and offset from its cell's centre, on a counted cell or
/// not.
pub(crate) fn piece_fit(counted: bool) -> (f32, Vec2) {
    if counted {
        (
            spot::PIECE_ON_COUNT / spot::PIECE,
            Vec2::splat(-spot::PIECE_SHIFT * CELL),
        )
    } else {
        (1.0, Vec2::ZERO)
    }
}

/// A discovered mine's picture.
pub(crate) fn mine_sprite(textures: &Textures) -> Sprite {
    let mut sprite = Sprite::from_image(textures.mine.clone());
    sprite.custom_size = Some(Vec2::splat(CELL * 0.62));
    sprite
}

/// The fog over the cell centred at `center`: its square of the cloud,
/// drifted by `drift`, exactly a cell's size, in `tint`.
pub(crate) fn fog_sprite(textures: &Textures, center: Vec2, tint: Color, drift: Vec2) -> Sprite {
    let mut sprite = Sprite::from_image(textures.fog_field.clone());
    sprite.rect = Some(fog_rect(center, drift));
    sprite.custom_size = Some(Vec2::splat(CELL));
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
    drift: Res<FogDrift>,
    mut clouds: Query<(&At, &mut Sprite), With<FogCloud>>,
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
    for (at, mut s) in &mut clouds {
        s.rect = Some(fog_rect(layout.center(at.0), drift.0));
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

#[cfg(test)]
mod tests {
    use super::spot;
    use crate::base::settings::PieceSet;

    /// A piece on a counted cell never reaches the count's badge: no
    /// visible pixel of any set's art, drawn at its size and place on such
    /// a cell, falls inside the badge's square.
    #[test]
    fn counts_never_cover_a_piece() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/pieces");
        let (lo, hi) = (
            spot::CORNER - spot::CORNER_BADGE / 2.0,
            spot::CORNER + spot::CORNER_BADGE / 2.0,
        );
        let mut checked = 0;
        for set in PieceSet::ALL {
            let Some(folder) = set.folder() else { continue };
            for entry in std::fs::read_dir(root.join(folder)).expect("a piece folder") {
                let path = entry.expect("a file").path();
                if path.extension().is_none_or(|e| e != "png") {
                    continue;
                }
                let bytes = std::fs::read(&path).expect("readable");
                let img = crate::base::art::decode_png(&bytes).expect("a PNG");
                let (w, h) = (img.width(), img.height());
                let data = img.data.as_ref().expect("pixels");
                for y in 0..h {
                    for x in 0..w {
                        let alpha = data[((y * w + x) * 4 + 3) as usize];
                        if alpha < 26 {
                            continue;
                        }
                        // The pixel's centre in cells from the cell's centre.
                        let u = ((x as f32 + 0.5) / w as f32 - 0.5) * spot::PIECE_ON_COUNT
                            - spot::PIECE_SHIFT;
                        let v = (0.5 - (y as f32 + 0.5) / h as f32) * spot::PIECE_ON_COUNT
                            - spot::PIECE_SHIFT;
                        assert!(
                            !(u > lo.x && u < hi.x && v > lo.y && v < hi.y),
                            "{}: pixel ({x}, {y}) lies under the count's badge",
                            path.display()
                        );
                    }
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 60, "five sets of twelve pieces");
    }
}
