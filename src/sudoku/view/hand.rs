//! The hand and the deck under the board, and the overlays: move targets, jump rings, the fuse of a probe, the hint.

use super::pieces::spawn_card;
use super::*;

/// Draws the hand, the fuse and the overlays.
pub(super) struct HandPlugin;

impl Plugin for HandPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (draw_hand, draw_fuse, draw_overlays)
                .chain()
                .in_set(PuzzleViewStep::Hand),
        );
    }
}

/// The hand: five cards under the board (the selected one raised), the
/// deck count and a card following the pointer while dragged.
pub(super) fn draw_hand(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    input: Res<PuzzleInput>,
    frame: Res<PointerFrame>,
    fonts: Option<Res<Fonts>>,
    art: Res<PieceArt>,
    old: Query<Entity, Or<(With<HandCard>, With<DraggedCard>)>>,
    cam: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
    mut last: Local<Option<(Vec<Card>, Option<usize>, Option<usize>)>>,
    mut dragged: Query<&mut Transform, With<DraggedCard>>,
    rows: Res<HandRows>,
) {
    let (Some(game), Some(fonts)) = (&puzzle.game, fonts) else {
        for e in &old {
            commands.entity(e).despawn();
        }
        *last = None;
        return;
    };
    let l = PuzzleLayout::of(game, &rows);
    let drag_world = frame.screen.and_then(|s| {
        cam.single()
            .ok()
            .and_then(|(c, t)| c.viewport_to_world_2d(t, s).ok())
    });
    let dragging = input.drag.filter(|_| input.dragged && frame.down);
    let now = (game.hand.clone(), input.card, dragging);
    if last.as_ref() == Some(&now) && !art.is_changed() && !rows.is_changed() {
        if let (Some(p), Ok(mut t)) = (drag_world, dragged.single_mut()) {
            t.translation = p.extend(z::LIFTED);
        }
        return;
    }
    *last = Some(now);
    for e in &old {
        commands.entity(e).despawn();
    }
    for (i, &card) in game.hand.iter().enumerate() {
        let picked = input.card == Some(i);
        let lifted = dragging == Some(i);
        let pos = l.slot(i) + Vec2::new(0.0, if picked { CELL * 0.12 } else { 0.0 });
        commands
            .spawn((
                HandCard,
                Sprite::from_color(
                    if picked {
                        Color::srgb(0.55, 0.8, 1.0)
                    } else {
                        Color::srgb(0.82, 0.78, 0.7)
                    },
                    Vec2::new(CELL * 1.05, CELL * 1.05),
                ),
                Transform::from_translation(pos.extend(z::CELL)),
                layer(),
            ))
            .with_children(|p| {
                p.spawn((
                    Transform::from_xyz(0.0, 0.0, 0.1),
                    Visibility::Inherited,
                    layer(),
                ))
                .with_children(|c| {
                    spawn_card(
                        c,
                        card,
                        &fonts,
                        &art,
                        CELL * 0.62,
                        if lifted { 0.35 } else { 1.0 },
                    )
                });
            });
        if lifted && let Some(p) = drag_world {
            commands
                .spawn((
                    DraggedCard,
                    Transform::from_translation(p.extend(z::LIFTED)),
                    Visibility::Visible,
                    layer(),
                ))
                .with_children(|c| spawn_card(c, card, &fonts, &art, CELL * 0.66, 0.9));
        }
    }
}

/// What the overlays show: picked piece, raised knight, hinted cell, moves
/// made, picked card.
type OverlayKey = (
    Option<usize>,
    Option<usize>,
    Option<usize>,
    usize,
    Option<usize>,
);

/// The picked piece and its move targets, the raised knight and its jump
/// targets, the hint: redrawn when one of them changes.
pub(super) fn draw_overlays(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    input: Res<PuzzleInput>,
    textures: Option<Res<Textures>>,
    old: Query<Entity, With<Overlay>>,
    mut last: Local<Option<OverlayKey>>,
    rows: Res<HandRows>,
) {
    let (Some(game), Some(tex)) = (&puzzle.game, textures) else {
        for e in &old {
            commands.entity(e).despawn();
        }
        return;
    };
    let key = (
        input.piece,
        input.jumper,
        puzzle.hint.map(|h| h.cell()),
        game.moves as usize,
        input.card,
    );
    if last.as_ref() == Some(&key) && !puzzle.is_changed() && !rows.is_changed() {
        return;
    }
    *last = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let l = PuzzleLayout::of(game, &rows);
    let mut draw = Overlays {
        commands: &mut commands,
        layout: &l,
    };
    if let Some(from) = input.piece {
        draw.cell(from, Color::srgba(0.35, 0.75, 0.95, 0.45));
        for (to, glide) in game.targets(from) {
            let c = if glide {
                Color::srgba(0.3, 0.6, 1.0, 0.95)
            } else {
                Color::srgba(1.0, 0.95, 0.6, 0.95)
            };
            draw.mark(to, &tex.glow, c, 0.5);
        }
    }
    if let Some(from) = input.jumper {
        draw.cell(from, Color::srgba(0.95, 0.55, 0.2, 0.45));
        for to in game.jump_targets(from) {
            draw.mark(to, &tex.ring, Color::srgb(1.0, 0.55, 0.15), 0.8);
        }
    }
    if let Some(h) = puzzle.hint {
        draw.mark(h.cell(), &tex.glow, Color::srgba(0.4, 1.0, 0.5, 0.9), 1.3);
    }
}

/// Spawns overlay sprites on the puzzle's cells.
struct Overlays<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    layout: &'a PuzzleLayout,
}

impl Overlays<'_, '_, '_> {
    /// A tint over the whole of `cell`.
    fn cell(&mut self, cell: usize, color: Color) {
        self.commands.spawn((
            Overlay,
            Sprite::from_color(color, Vec2::splat(CELL * 0.97)),
            Transform::from_translation(self.layout.cell(cell).extend(z::TARGET)),
            layer(),
        ));
    }

    /// A mark of `img` on `cell`, `size` cells wide.
    fn mark(&mut self, cell: usize, img: &Handle<Image>, color: Color, size: f32) {
        self.commands.spawn((
            Overlay,
            Sprite {
                image: img.clone(),
                custom_size: Some(Vec2::splat(CELL * size)),
                color,
                ..default()
            },
            Transform::from_translation(self.layout.cell(cell).extend(z::TARGET)),
            layer(),
        ));
    }
}

/// The fuse burning round a held cell, redrawn every frame of the hold.
pub(super) fn draw_fuse(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    input: Res<PuzzleInput>,
    time: Res<Time<Real>>,
    textures: Option<Res<Textures>>,
    fuses: Query<Entity, With<Fuse>>,
    rows: Res<HandRows>,
) {
    for e in &fuses {
        commands.entity(e).despawn();
    }
    let (Some(game), Some(tex)) = (&puzzle.game, textures) else {
        return;
    };
    let l = PuzzleLayout::of(game, &rows);
    if let Some((cell, since)) = input.hold
        && !input.fired
    {
        let p = ((time.elapsed_secs_f64() - since) / game.preset.file.probe_seconds as f64)
            .clamp(0.0, 1.0) as f32;
        let center = l.cell(cell);
        let segments = 40;
        let lit = (p * segments as f32) as usize;
        for k in 0..lit {
            let a = k as f32 / segments as f32;
            // Round the square's edge, clockwise from the top middle.
            let pos = center + perimeter(a) * CELL * 0.46;
            let head = k + 1 == lit;
            commands.spawn((
                Fuse,
                Sprite {
                    image: if head {
                        tex.glow.clone()
                    } else {
                        tex.spark.clone()
                    },
                    custom_size: Some(Vec2::splat(if head { CELL * 0.3 } else { CELL * 0.09 })),
                    color: if head {
                        Color::srgb(1.0, 0.8, 0.3)
                    } else {
                        Color::srgb(0.25, 0.2, 0.15)
                    },
                    ..default()
                },
                Transform::from_translation(pos.extend(z::EFFECT)),
                layer(),
            ));
        }
    }
}

/// A point on a unit square's edge (half-size 1), `a` in 0..1 of the way
/// round clockwise from the top middle.
pub(super) fn perimeter(a: f32) -> Vec2 {
    let s = (a * 8.0) % 8.0;
    match s as u32 {
        0 => Vec2::new(s, 1.0),
        1 | 2 => Vec2::new(1.0, 1.0 - (s - 1.0)),
        3 | 4 => Vec2::new(1.0 - (s - 3.0), -1.0),
        5 | 6 => Vec2::new(-1.0, -1.0 + (s - 5.0)),
        _ => Vec2::new(-1.0 + (s - 7.0), 1.0),
    }
}
