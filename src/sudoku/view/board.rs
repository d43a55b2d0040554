//! Each cell as the game has it: its sprite, digit, count, fog, flag, question mark, notes and spent mines; block lines and mine badges.

use super::*;

/// Dresses the cells and keeps them in step with the game.
pub(super) struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (dress_cells, update_cells, count_badges)
                .chain()
                .in_set(PuzzleViewStep::Board),
        );
    }
}

/// Gives new cells their sprites: base, fog, digit, count, flag, question
/// mark, notes and mine icon; and draws the block lines and badges.
pub(super) fn dress_cells(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    textures: Option<Res<Textures>>,
    cells: Query<(Entity, &PuzzleCell), Added<PuzzleCell>>,
    old_lines: Query<Entity, Or<(With<GridLine>, With<BlockBadge>, With<DeckPile>)>>,
    rows: Res<HandRows>,
) {
    let (Some(game), Some(fonts), Some(tex)) = (&puzzle.game, fonts, textures) else {
        return;
    };
    // A new board, or the hand moved to one or two rows (the deck with it).
    if cells.is_empty() && !rows.is_changed() {
        return;
    }
    let l = PuzzleLayout::of(game, &rows);
    for (e, c) in &cells {
        let [light, dark] = crate::base::theme::SUDOKU_CELLS;
        let base = if block_light(game, c.0) { light } else { dark };
        commands
            .entity(e)
            .insert((
                Sprite::from_color(base, Vec2::splat(CELL * 0.97)),
                Transform::from_translation(l.cell(c.0).extend(z::CELL)),
                Visibility::Visible,
                layer(),
            ))
            .with_children(|p| cell_children(p, c.0, &fonts, &tex));
    }
    // Block lines and mine badges, once per board.
    for e in &old_lines {
        commands.entity(e).despawn();
    }
    block_lines(&mut commands, game, &l);
    block_badges(&mut commands, game, &l, &fonts, &tex);
    deck_pile(&mut commands, &l, &fonts);
}

/// Shows each cell as the game has it: digits and counts of open cells,
/// fog, flags, question marks, notes and spent mines; block badges and the
/// deck's count.
pub(super) fn update_cells(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    settings: Res<Settings>,
    cells: Query<(&PuzzleCell, &Children)>,
    mut vis: Query<
        &mut Visibility,
        Or<(
            With<CellFog>,
            With<CellFlag>,
            With<CellQuestion>,
            With<CellMine>,
        )>,
    >,
    kinds: Query<CellPart>,
    mut texts: Query<(&mut Text2d, &mut TextColor)>,
    mut digit_tf: Query<&mut Transform, With<CellDigit>>,
    mut sprites: Query<&mut Sprite>,
    badges: Query<(&BlockBadge, &Children)>,
    deck: Query<&Children, With<DeckPile>>,
    fresh: Query<(), Or<(Added<BlockBadge>, Added<DeckPile>)>>,
) {
    let Some(game) = &puzzle.game else { return };
    if !puzzle.is_changed() {
        // Badges and the deck drawn anew (the hand moved to two rows on a
        // phone) start empty: they are written at once, not at the next
        // move.
        if !fresh.is_empty() {
            badges_and_deck(game, &badges, &deck, &mut texts);
        }
        return;
    }
    for (c, children) in &cells {
        if game.cells.get(c.0).is_none() {
            continue;
        }
        for child in children.iter() {
            let Ok(part) = kinds.get(child) else {
                continue;
            };
            if let Ok(mut v) = vis.get_mut(child) {
                show_cover(&mut commands, child, game, c.0, part, &mut v, &mut sprites);
            }
            if part.4
                && let Ok(mut tf) = digit_tf.get_mut(child)
            {
                place_digit(game, c.0, &mut tf);
            }
            if let Ok((mut t, mut col)) = texts.get_mut(child) {
                let (s, color) = if part.4 {
                    digit_text(game, c.0)
                } else if part.5 {
                    count_text(game, c.0, &settings)
                } else if part.6 {
                    (note_text(game, c.0), col.0)
                } else {
                    continue;
                };
                if t.0 != s {
                    t.0 = s;
                }
                col.0 = color;
            }
        }
    }
    badges_and_deck(game, &badges, &deck, &mut texts);
}

/// Which part of a cell a child is: fog, flag, question mark, mine, digit,
/// count, note; and whether its fog is fading.
type CellPart = (
    Has<CellFog>,
    Has<CellFlag>,
    Has<CellQuestion>,
    Has<CellMine>,
    Has<CellDigit>,
    Has<CellCount>,
    Has<CellNote>,
    Has<Fading>,
);

/// The fog fades once the cell opens (and comes back with a new board);
/// a flag, a question mark and a spent mine show when the game says so.
fn show_cover(
    commands: &mut Commands,
    child: Entity,
    game: &PuzzleGame,
    i: usize,
    part: (bool, bool, bool, bool, bool, bool, bool, bool),
    v: &mut Visibility,
    sprites: &mut Query<&mut Sprite>,
) {
    let cell = &game.cells[i];
    let (fog, flag, question, mine, .., fading) = part;
    let set = |v: &mut Visibility, on: bool| {
        let want = if on {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if *v != want {
            *v = want;
        }
    };
    if fog {
        let show = cell.state != CellState::Open;
        if !show && *v != Visibility::Hidden && !fading {
            commands.entity(child).insert(Fading(0.0));
        } else if show {
            *v = Visibility::Visible;
            commands.entity(child).remove::<Fading>();
            if let Ok(mut s) = sprites.get_mut(child) {
                s.color = Color::srgb(0.55, 0.58, 0.66);
            }
        }
    }
    if flag {
        set(v, cell.flag);
    }
    if question {
        set(v, cell.state == CellState::Question);
    }
    if mine {
        set(
            v,
            matches!(cell.mine, Some(MineFate::Defused | MineFate::Blown)),
        );
        if let Ok(mut s) = sprites.get_mut(child) {
            s.color = match cell.mine {
                Some(MineFate::Blown) => Color::srgb(1.0, 0.35, 0.2),
                _ => Color::srgb(0.45, 0.9, 0.5),
            };
        }
    }
}

/// Under a piece the cell's own digit moves to the top-left corner: a
/// king or knight keeps its card digit, which may not be the cell's, and
/// the player needs both.
fn place_digit(game: &PuzzleGame, i: usize, tf: &mut Transform) {
    let under = game.cells[i].state == CellState::Open && game.piece_at(i).is_some();
    let (at, scale) = if under {
        (Vec3::new(-CELL * 0.34, CELL * 0.32, z::BADGE - 0.2), 0.42)
    } else {
        // A little below the middle: the top corners hold the count and,
        // on a block's first cell, the block's mine badge.
        (Vec3::new(0.0, -CELL * 0.07, z::DIGIT), 1.0)
    };
    if tf.translation != at {
        tf.translation = at;
        tf.scale = Vec3::splat(scale);
    }
}

/// An open cell's digit: blue for a given, red on a crater.
fn digit_text(game: &PuzzleGame, i: usize) -> (String, Color) {
    let cell = &game.cells[i];
    let s = if cell.state == CellState::Open {
        game.board.grid.cells[i].to_string()
    } else {
        String::new()
    };
    let color = if game.board.open[i] {
        Color::srgb(0.12, 0.22, 0.45)
    } else if cell.mine == Some(MineFate::Blown) {
        Color::srgb(0.55, 0.2, 0.15)
    } else {
        Color::srgb(0.15, 0.15, 0.2)
    };
    (s, color)
}

/// An open cell's mine count (a ring when it keeps it secret).
fn count_text(game: &PuzzleGame, i: usize, settings: &Settings) -> (String, Color) {
    let cell = &game.cells[i];
    let s = match (cell.state == CellState::Open, cell.shows_count) {
        (true, true) => game.board.count(i).to_string(),
        (true, false) => "\u{25CB}".to_string(),
        _ => String::new(),
    };
    let color = match game.shown_count(i) {
        Some(0) | None => count_zero(settings.count_colors),
        Some(k) => count_color(settings.count_colors, k),
    };
    (s, color)
}

/// A closed cell's notes: a tick when a spent spare life proved it empty,
/// then the digits it is known not to hold.
fn note_text(game: &PuzzleGame, i: usize) -> String {
    let cell = &game.cells[i];
    let closed = cell.state == CellState::Closed;
    let mut s = String::new();
    if closed && cell.proven_empty {
        s.push('\u{2713}');
    }
    if closed && cell.not_digits != 0 {
        let ds: Vec<String> = (1..=game.size() as u8)
            .filter(|d| cell.not_digits & (1 << d) != 0)
            .map(|d| d.to_string())
            .collect();
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(&format!("\u{2260}{}", ds.join(" ")));
    }
    s
}

/// Each block badge's mine count (green when all are done) and the deck's
/// cards left.
fn badges_and_deck(
    game: &PuzzleGame,
    badges: &Query<(&BlockBadge, &Children)>,
    deck: &Query<&Children, With<DeckPile>>,
    texts: &mut Query<(&mut Text2d, &mut TextColor)>,
) {
    let totals = game.block_mines();
    let done = game.block_done();
    for (b, children) in badges {
        for child in children.iter() {
            if let Ok((mut t, mut col)) = texts.get_mut(child) {
                let left = totals[b.0].saturating_sub(done[b.0]);
                t.0 = totals[b.0].to_string();
                col.0 = if left == 0 {
                    Color::srgb(0.5, 0.95, 0.55)
                } else {
                    Color::WHITE
                };
            }
        }
    }
    for children in deck {
        for child in children.iter() {
            if let Ok((mut t, _)) = texts.get_mut(child) {
                t.0 = game.deck.len().to_string();
            }
        }
    }
}

/// The parts of a cell, hidden until the game shows them: digit, spent mine,
/// count, fog, flag, question mark and notes.
fn cell_children(p: &mut ChildSpawnerCommands, cell: usize, fonts: &Fonts, tex: &Textures) {
    p.spawn((
        CellDigit,
        text("", CELL * 0.55, &fonts.bold, Color::srgb(0.15, 0.15, 0.2)),
        Transform::from_xyz(0.0, -CELL * 0.02, z::DIGIT),
    ));
    p.spawn((
        CellMine,
        Sprite {
            image: tex.mine.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.34)),
            ..default()
        },
        Transform::from_xyz(CELL * 0.3, -CELL * 0.3, z::MARK),
        Visibility::Hidden,
        layer(),
    ));
    // The count's badge under it, shown with the count (count_badges).
    let mut badge = Sprite::from_image(tex.badge.clone());
    badge.custom_size = Some(Vec2::splat(CELL * 0.3));
    badge.color = Color::NONE;
    p.spawn((
        CellCountBadge,
        badge,
        Transform::from_xyz(CELL * 0.33, CELL * 0.33, z::MARK - 0.01),
        layer(),
    ));
    p.spawn((
        CellCount,
        text("", CELL * 0.22, &fonts.bold, Color::BLACK),
        Transform::from_xyz(CELL * 0.33, CELL * 0.32, z::MARK),
    ));
    p.spawn((
        CellFog,
        Sprite {
            image: tex.fog[cell % tex.fog.len()].clone(),
            custom_size: Some(Vec2::splat(CELL * 0.97)),
            color: Color::srgb(0.55, 0.58, 0.66),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, z::FOG),
        Visibility::Visible,
        layer(),
    ));
    p.spawn((
        CellFlag,
        text(
            "\u{2691}",
            CELL * 0.5,
            &fonts.ui,
            Color::srgb(0.85, 0.12, 0.1),
        ),
        Transform::from_xyz(0.0, CELL * 0.02, z::ON_FOG),
        Visibility::Hidden,
    ));
    p.spawn((
        CellQuestion,
        text("?", CELL * 0.5, &fonts.bold, Color::srgb(0.98, 0.85, 0.3)),
        Transform::from_xyz(0.0, 0.0, z::ON_FOG),
        Visibility::Hidden,
    ));
    p.spawn((
        CellNote,
        text("", CELL * 0.17, &fonts.bold, Color::srgb(1.0, 0.75, 0.7)),
        Transform::from_xyz(0.0, -CELL * 0.34, z::ON_FOG),
    ));
}

/// The sudoku's grid: thick lines between blocks.
fn block_lines(commands: &mut Commands, game: &PuzzleGame, l: &PuzzleLayout) {
    let n = game.size();
    let (br, bc) =
        minesweeper_core::sudoku::grid::block_shape(game.board.grid.size).unwrap_or((1, 1));
    let line = Color::srgb(0.18, 0.16, 0.15);
    let top_left = l.cell(0) + Vec2::new(-CELL / 2.0, CELL / 2.0);
    let span = n as f32 * CELL;
    for k in 0..=n {
        // Block borders several times a cell gap, so the blocks read.
        let thick = if k % bc as usize == 0 {
            BLOCK_LINE
        } else {
            1.0
        };
        commands.spawn((
            GridLine,
            Sprite::from_color(line, Vec2::new(thick, span + BLOCK_LINE)),
            Transform::from_xyz(
                top_left.x + k as f32 * CELL,
                top_left.y - span / 2.0,
                z::GRID,
            ),
            layer(),
        ));
        let thick = if k % br as usize == 0 {
            BLOCK_LINE
        } else {
            1.0
        };
        commands.spawn((
            GridLine,
            Sprite::from_color(line, Vec2::new(span + BLOCK_LINE, thick)),
            Transform::from_xyz(
                top_left.x + span / 2.0,
                top_left.y - k as f32 * CELL,
                z::GRID,
            ),
            layer(),
        ));
    }
}

/// The width of a block's border, in world units (a cell is [`CELL`]).
const BLOCK_LINE: f32 = 7.0;

/// A badge at each block's corner with its mine count.
fn block_badges(
    commands: &mut Commands,
    game: &PuzzleGame,
    l: &PuzzleLayout,
    fonts: &Fonts,
    tex: &Textures,
) {
    let n = game.size();
    let (br, bc) =
        minesweeper_core::sudoku::grid::block_shape(game.board.grid.size).unwrap_or((1, 1));
    for b in 0..n {
        let per_row = n / bc as usize;
        let (row, col) = ((b / per_row) * br as usize, (b % per_row) * bc as usize);
        let corner = l.cell(row * n + col) + Vec2::new(-CELL * 0.5, CELL * 0.5);
        commands
            .spawn((
                BlockBadge(b),
                Sprite::from_color(
                    Color::srgba(0.1, 0.1, 0.12, 0.92),
                    Vec2::new(CELL * 0.56, CELL * 0.32),
                ),
                Transform::from_translation(
                    (corner + Vec2::new(CELL * 0.29, -CELL * 0.18)).extend(z::BADGE),
                ),
                layer(),
            ))
            .with_children(|p| {
                p.spawn((
                    Sprite {
                        image: tex.mine.clone(),
                        custom_size: Some(Vec2::splat(CELL * 0.27)),
                        ..default()
                    },
                    Transform::from_xyz(-CELL * 0.13, 0.0, 0.1),
                    layer(),
                ));
                p.spawn((
                    text("", CELL * 0.25, &fonts.bold, Color::WHITE),
                    Transform::from_xyz(CELL * 0.12, 0.0, 0.1),
                ));
            });
    }
}

/// The deck pile beside the hand, with the cards left.
fn deck_pile(commands: &mut Commands, l: &PuzzleLayout, fonts: &Fonts) {
    commands
        .spawn((
            DeckPile,
            Sprite::from_color(
                Color::srgb(0.25, 0.22, 0.35),
                Vec2::new(CELL * 0.8, CELL * 0.95),
            ),
            Transform::from_translation(l.deck().extend(z::CELL)),
            layer(),
        ))
        .with_children(|p| {
            p.spawn((
                text("", CELL * 0.3, &fonts.bold, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        });
}

/// Each open cell's count sits on a badge in the count colours' shade, so it
/// reads on light and dark blocks alike; other cells hide the badge.
fn count_badges(
    puzzle: Res<Puzzle>,
    settings: Res<Settings>,
    cells: Query<(&PuzzleCell, &Children)>,
    mut badges: Query<&mut Sprite, With<CellCountBadge>>,
) {
    let Some(game) = &puzzle.game else { return };
    if !puzzle.is_changed() && !settings.is_changed() {
        return;
    }
    for (c, children) in &cells {
        let Some(cell) = game.cells.get(c.0) else {
            continue;
        };
        let on = cell.state == CellState::Open;
        for child in children.iter() {
            if let Ok(mut s) = badges.get_mut(child) {
                s.color = if on {
                    count_badge(settings.count_colors)
                } else {
                    Color::NONE
                };
            }
        }
    }
}
