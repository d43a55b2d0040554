//! The side panel: whose turn, check, the mine counter, captured and
//! destroyed pieces, the move list, the computer's status, the game's
//! buttons, refusals and preset errors.

use crate::base::art::PieceIcons;
use crate::base::style;
use crate::base::widgets::{named, side_panel};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::online::online_panel;
use super::{ChessUi, ExportText, ImportDraft, export_text, fresh_game, outcome_text};
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::draw::PanelSpace;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::settings::{Notation, Settings};
use crate::chess::ecs::computer::{ComputerStatus, HintRequested, level_label};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{
    ActiveVariant, ChessGame, GameCommand, ModeRules, MoveRequested, NewGameRequested, Player,
    PublicBoard,
};
use crate::chess::online::{Online, OnlineRequest, Players};
use crate::chess::view::Layout;
use minesweeper_core::ai::analysis::Verdict;
use minesweeper_core::chess::{Color as Side, Role};

/// What the panel's buttons act on.
#[derive(SystemParam)]
pub(crate) struct PanelActions<'w, 's> {
    new_game: MessageWriter<'w, NewGameRequested>,
    command: MessageWriter<'w, GameCommand>,
    hint: MessageWriter<'w, HintRequested>,
    sound: MessageWriter<'w, PlaySound>,
    layout: ResMut<'w, Layout>,
    export: ResMut<'w, ExportText>,
    import: ResMut<'w, ImportDraft>,
    menus: Menus<'w>,
    online: MessageWriter<'w, OnlineRequest>,
    /// The online game's players (names, ratings).
    players: Res<'w, Players>,
    /// Looking back and the analysis.
    look: super::analysis::Looking<'w>,
    typed: ResMut<'w, super::typed::TypedMove>,
    cursor: Res<'w, crate::chess::view::cursor::Cursor>,
    requests: MessageWriter<'w, MoveRequested>,
    screen: ResMut<'w, NextState<crate::base::screen::Screen>>,
    marker: std::marker::PhantomData<&'s ()>,
}

/// Draws the side panel and keeps [`PanelSpace`] up to date.
pub(crate) fn panel(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    settings: Res<Settings>,
    mut panel: ResMut<PanelSpace>,
    mut ui_state: ResMut<ChessUi>,
    library: Res<PresetLibrary>,
    game: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    board: PublicBoard,
    rules: Res<ModeRules>,
    status: Res<ComputerStatus>,
    online: Res<Online>,
    time: Res<Time<Real>>,
    icons: Res<PieceIcons>,
    mut act: PanelActions,
) -> Result {
    let remote = !rules.decided_here();
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    side_panel(&ctx, "hud", &mut panel, |ui| {
        ui.add_space(6.0);
        ui.heading(tx.t(T::Title));
        let file = if remote {
            online.preset.as_str()
        } else {
            library
                .entries
                .get(library.active)
                .map_or("", |e| e.file.as_str())
        };
        let (name, _) = tx.preset("preset-", file, &variant.0.name, "");
        ui.label(egui::RichText::new(name).weak());
        ui.separator();
        let top = if act.layout.flipped {
            Side::White
        } else {
            Side::Black
        };
        player_card(ui, &tx, &icons, &game, &board, &rules, top);
        click |= turn_and_mines(ui, &tx, &game, &board, &mut act);
        player_card(ui, &tx, &icons, &game, &board, &rules, !top);
        destroyed_pieces(ui, &tx, &icons, &game);
        ui.separator();
        click |= move_list(ui, &tx, settings.notation, &online.earlier, &game, &mut act);
        if act.look.analysis.open {
            click |= super::analysis::section(ui, &tx, &game, &mut act.look);
        }
        if game.outcome().is_none() && !rules.watching() {
            let public = board.public(&game);
            let (typed, free) = (&mut act.typed, act.cursor.0.is_none());
            match super::typed::move_entry(ui, &tx, settings.notation, public.as_ref(), typed, free)
            {
                Some(Ok(m)) => {
                    act.requests.write(MoveRequested(m));
                }
                Some(Err(why)) => {
                    ui_state.toast = Some((crate::base::i18n::words::typed(&tx, &why), 4.0))
                }
                None => {}
            }
        }
        if let Some(level) = rules.computer_level() {
            ui.separator();
            computer(ui, &tx, level, &status);
        }
        ui.separator();
        if remote {
            let now = time.elapsed_secs_f64();
            let (players, menus) = (&act.players, &mut act.menus);
            click |= super::players::seats(ui, &tx, players, &mut act.online, menus);
            click |= online_panel(ui, &tx, &online, now, &mut act.online, &mut act.screen);
            click |= view_buttons(ui, &tx, &mut act);
            messages(ui, &tx, &ui_state, &library);
            return;
        }
        let my_turn = rules.moves_here(game.turn());
        click |= buttons(
            ui,
            &tx,
            &game,
            &rules,
            &status,
            &library,
            &variant,
            my_turn,
            &mut act,
            &mut ui_state,
        );
        messages(ui, &tx, &ui_state, &library);
    });
    if click {
        act.sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// The result (or check) and the mine counter, between the two cards;
/// while an earlier board shows, its move and mine counter instead, with
/// the way back to the game. True when a button was pressed.
fn turn_and_mines(
    ui: &mut egui::Ui,
    tx: &Texts,
    game: &ChessGame,
    board: &PublicBoard,
    act: &mut PanelActions,
) -> bool {
    if let Some(ply) = act.look.viewing.0 {
        return looking_back(ui, tx, ply, act);
    }
    let pos = board.public(game);
    if let Some(o) = game.outcome() {
        ui.label(
            egui::RichText::new(outcome_text(o, tx))
                .strong()
                .size(17.0)
                .color(style::ui_colors::ACCENT_HOT),
        );
    } else if pos.as_ref().is_some_and(|p| p.position().in_check()) {
        ui.label(
            egui::RichText::new(tx.t(T::Check))
                .color(style::ui_colors::BAD)
                .strong()
                .size(17.0),
        );
    }
    if let Some(p) = &pos {
        mine_counter(ui, tx, p.mines_left());
    }
    false
}

fn mine_counter(ui: &mut egui::Ui, tx: &Texts, n: usize) {
    ui.label(egui::RichText::new(format!("💣 {}", tx.f(T::Mines, &[("n", n.into())]))).size(15.0));
}

/// An earlier board: which move, the mine counter then, and the button
/// back to the game (End does the same).
fn looking_back(ui: &mut egui::Ui, tx: &Texts, ply: usize, act: &mut PanelActions) -> bool {
    let total = act.look.timeline.len().saturating_sub(1);
    ui.label(
        egui::RichText::new(tx.f(
            T::ReplayShowing,
            &[("n", ply.into()), ("total", total.into())],
        ))
        .strong()
        .size(16.0)
        .color(style::ui_colors::ACCENT),
    );
    if let Some(p) = act.look.timeline.at(ply) {
        mine_counter(ui, tx, p.mines_left());
    }
    if let Some(odds) = act.look.odds.0 {
        let percent = (odds * 100.0).round() as i64;
        ui.label(egui::RichText::new(tx.f(T::ReplayOdds, &[("percent", percent.into())])).weak());
    }
    let back = named("replay-live", ui.add(style::primary(&tx.t(T::ReplayLive))));
    if back.clicked() {
        act.look.viewing.0 = None;
    }
    back.clicked()
}

/// Material of a role, in pawns.
fn worth(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// A player's card: a disc of their colour, their name (or the computer's
/// level), framed in the accent while it is their move; beneath, the
/// pieces they took as small pictures and how far ahead in material they
/// are on the board.
fn player_card(
    ui: &mut egui::Ui,
    tx: &Texts,
    icons: &PieceIcons,
    game: &ChessGame,
    board: &PublicBoard,
    rules: &ModeRules,
    side: Side,
) {
    let live = game.outcome().is_none();
    let to_move = live && game.turn() == side;
    let name = match rules.players[side] {
        Player::Computer(level) => {
            tx.f(T::VsComputer, &[("level", tx.t(level_label(level)).into())])
        }
        Player::Person => tx.t(if side == Side::White {
            T::White
        } else {
            T::Black
        }),
    };
    let taken: Vec<Role> = game
        .moves()
        .iter()
        .filter(|m| m.report.mover == side)
        .filter_map(|m| m.report.captured.map(|p| p.role))
        .collect();
    let material = |s: Side| {
        board.public(game).map_or(0, |p| {
            p.position()
                .pieces()
                .filter(|(_, pc)| pc.color == s)
                .map(|(_, pc)| worth(pc.role))
                .sum::<i32>()
        })
    };
    let ahead = material(side) - material(!side);
    let stroke = if to_move {
        egui::Stroke::new(2.0, style::ui_colors::ACCENT)
    } else {
        egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
    };
    egui::Frame::new()
        .fill(style::ui_colors::RAISED)
        .stroke(stroke)
        .corner_radius(10)
        .inner_margin(egui::Margin::symmetric(10, 8))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                // The side's king, in the set in use.
                crate::base::art::piece_icon(ui, icons, side, Role::King, 24.0);
                if to_move {
                    ui.label(egui::RichText::new("●").color(style::ui_colors::ACCENT_HOT));
                }
                // A long name ("Against the computer (Master)") is cut to
                // the card, never past the panel's edge.
                let name = egui::RichText::new(name).strong().size(16.0);
                ui.add(egui::Label::new(name).truncate());
            });
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                let mut sorted = taken.clone();
                sorted.sort_by_key(|r| -worth(*r));
                for role in sorted {
                    crate::base::art::piece_icon(ui, icons, !side, role, 20.0);
                }
                if ahead > 0 {
                    ui.add_space(6.0);
                    ui.label(
                        egui::RichText::new(format!("+{ahead}"))
                            .color(style::ui_colors::MUTED)
                            .strong(),
                    );
                }
                if taken.is_empty() && ahead <= 0 {
                    ui.add_space(20.0);
                }
            });
        });
}

/// Pieces destroyed by mines, as small pictures.
fn destroyed_pieces(ui: &mut egui::Ui, tx: &Texts, icons: &PieceIcons, game: &ChessGame) {
    let destroyed: Vec<_> = game
        .moves()
        .iter()
        .flat_map(|m| m.report.blasts().map(|(_, p)| p))
        .collect();
    if destroyed.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(format!("💥 {}", tx.t(T::Destroyed)))
                .color(style::ui_colors::MUTED),
        );
        ui.spacing_mut().item_spacing.x = 0.0;
        for p in destroyed {
            crate::base::art::piece_icon(ui, icons, p.color, p.role, 20.0);
        }
    });
}

/// The moves in SAN, two a row, with a mark for blasts and for sweeps that
/// found a mine (the royal sapper is silent: no mark). `earlier`: moves
/// played before this screen's board began (an online game joined late),
/// without marks.
fn move_list(
    ui: &mut egui::Ui,
    tx: &Texts,
    notation: Notation,
    earlier: &[String],
    game: &ChessGame,
    act: &mut PanelActions,
) -> bool {
    let mut clicked = None;
    ui.label(egui::RichText::new(tx.t(T::Moves)).strong());
    let letters = tx.letters();
    let letters = (notation == Notation::Local).then(|| letters.each_ref().map(String::as_str));
    let earlier_len = earlier.len();
    let total = earlier_len + game.moves().len();
    egui::ScrollArea::vertical()
        .max_height(220.0)
        .stick_to_bottom(true)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("moves")
                .num_columns(3)
                .min_col_width(24.0)
                .spacing([6.0, 2.0])
                .striped(true)
                .show(ui, |ui| {
                    let mut n = 1;
                    let mut col = 0;
                    let earlier = earlier.iter().enumerate().map(|(i, san)| {
                        let by = if i % 2 == 0 { Side::White } else { Side::Black };
                        (san.as_str(), by, false, false)
                    });
                    let played = game.moves().iter().map(|m| {
                        (
                            m.san.as_str(),
                            m.report.mover,
                            m.report.blasts().next().is_some(),
                            m.report.swept.is_some(),
                        )
                    });
                    let cell = egui::vec2(108.0, 22.0);
                    for (i, (san, mover, blast, swept)) in earlier.chain(played).enumerate() {
                        if col == 0 {
                            ui.label(
                                egui::RichText::new(format!("{n}.")).color(style::ui_colors::MUTED),
                            );
                            if mover == Side::Black {
                                ui.add_sized(cell, egui::Label::new("…"));
                                col = 1;
                            }
                        }
                        // The analysis's verdict on a move of this history.
                        let verdict = (i + 1)
                            .checked_sub(earlier_len + 1)
                            .and_then(|k| act.look.analysis.verdict(k, mover));
                        let text = move_text(san, letters.as_ref(), (blast, swept), verdict);
                        // The move on the board shown, marked: the last
                        // one, or the one looked back at.
                        let shown = act.look.viewing.0.map_or(total, |ply| earlier_len + ply);
                        let label = move_label(text, i + 1 == shown, verdict);
                        let r = ui.add_sized(cell, label);
                        if let Some(ply) = (i + 1).checked_sub(earlier_len)
                            && ply > 0
                            && r.on_hover_cursor(egui::CursorIcon::PointingHand).clicked()
                        {
                            clicked = Some(ply);
                        }
                        col += 1;
                        if col == 2 {
                            ui.end_row();
                            col = 0;
                            n += 1;
                        }
                    }
                });
        });
    let Some(ply) = clicked else {
        return false;
    };
    let look = &mut act.look;
    look.viewing.show(ply, &look.timeline);
    true
}

/// A move as the list shows it: its SAN (in the local piece letters, if
/// given), a mark for a blast and for a sweep that found a mine,
/// and the analysis's verdict.
fn move_text(
    san: &str,
    letters: Option<&[&str; 5]>,
    (blast, swept): (bool, bool),
    verdict: Option<Verdict>,
) -> String {
    let mut text = match letters {
        Some(l) => minesweeper_core::chess::notation::with_letters(san, l),
        None => san.to_string(),
    };
    if blast {
        text.push_str(" 💥");
    }
    if swept {
        text.push_str(" ✔");
    }
    if let Some(v) = verdict {
        text.push_str(v.symbol());
    }
    text
}

/// A move's label: on the accent if its board is the one `current`ly shown,
/// else in its verdict's colour; clickable, as a move of this history shows
/// its board when clicked.
fn move_label(text: String, current: bool, verdict: Option<Verdict>) -> egui::Label {
    let rich = egui::RichText::new(text).monospace();
    let rich = if current {
        rich.color(style::ui_colors::ON_ACCENT)
            .background_color(style::ui_colors::ACCENT)
    } else {
        rich.color(verdict.map_or(style::ui_colors::TEXT, super::analysis::color))
    };
    egui::Label::new(rich).sense(egui::Sense::click())
}

/// The computer's level and what it is doing.
fn computer(
    ui: &mut egui::Ui,
    tx: &Texts,
    level: minesweeper_core::ai::Level,
    status: &ComputerStatus,
) {
    let tr = |t: T| tx.t(t);
    let level = tr(level_label(level));
    ui.label(tx.f(T::VsComputer, &[("level", level.into())]));
    if status.thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr(T::Thinking));
        });
    } else if status.hinting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tr(T::HintThinking));
        });
    }
    if let Some(t) = &status.last {
        let info = tx.f(
            T::SearchInfo,
            &[("depth", t.depth.into()), ("nodes", t.nodes.into())],
        );
        ui.label(egui::RichText::new(info).small().weak());
    }
}

/// New game, undo, resign, draw, hint, flip, export, import, menu.
/// Returns whether one was clicked.
fn buttons(
    ui: &mut egui::Ui,
    tx: &Texts,
    game: &ChessGame,
    rules: &ModeRules,
    status: &ComputerStatus,
    library: &PresetLibrary,
    variant: &ActiveVariant,
    my_turn: bool,
    act: &mut PanelActions,
    ui_state: &mut ChessUi,
) -> bool {
    let tr = |t: T| tx.t(t);
    let mut click = false;
    // The hint's button is the game against the computer's (H asks for
    // one wherever hints are offered).
    let vs = rules.computer_level().filter(|_| rules.hints);
    ui.horizontal_wrapped(|ui| {
        if named(&T::NewGame.id(), ui.button(tr(T::NewGame))).clicked() {
            act.new_game.write(fresh_game(library));
            ui_state.over_dismissed = false;
            click = true;
        }
        if named(
            &T::Undo.id(),
            ui.add_enabled(!game.moves().is_empty(), egui::Button::new(tr(T::Undo))),
        )
        .clicked()
        {
            act.command.write(GameCommand::Undo);
            ui_state.over_dismissed = false;
            click = true;
        }
        let live = game.outcome().is_none();
        if named(
            &T::Resign.id(),
            ui.add_enabled(live, egui::Button::new(tr(T::Resign))),
        )
        .clicked()
        {
            act.command.write(GameCommand::Resign);
            click = true;
        }
        if rules.draw_here
            && named(
                &T::OfferDraw.id(),
                ui.add_enabled(live, egui::Button::new(tr(T::OfferDraw))),
            )
            .clicked()
        {
            act.command.write(GameCommand::AgreeDraw);
            click = true;
        }
        if vs.is_some()
            && ui
                .add_enabled(
                    live && my_turn && !status.hinting,
                    egui::Button::new(tr(T::Hint)),
                )
                .clicked()
        {
            act.hint.write(HintRequested);
            click = true;
        }
        if named(&T::Flip.id(), ui.button(tr(T::Flip))).clicked() {
            act.layout.flipped = !act.layout.flipped;
            click = true;
        }
        if named(&T::Export.id(), ui.button(tr(T::Export))).clicked() {
            act.export.0 = export_text(
                library,
                variant,
                game,
                &act.look.analysis,
                &act.look.timeline,
            );
            act.menus.open(Menu::Export);
            click = true;
        }
        if named(&T::Import.id(), ui.button(tr(T::Import))).clicked() {
            *act.import = ImportDraft::default();
            act.menus.open(Menu::Import);
            click = true;
        }
        if ui.button("☰").on_hover_text(tr(T::Paused)).clicked() {
            act.menus.open(Menu::Pause);
            click = true;
        }
    });
    click
}

/// Flip and the menu: all an online game keeps of the local buttons.
fn view_buttons(ui: &mut egui::Ui, tx: &Texts, act: &mut PanelActions) -> bool {
    let mut click = false;
    ui.horizontal(|ui| {
        if named(&T::Flip.id(), ui.button(tx.t(T::Flip))).clicked() {
            act.layout.flipped = !act.layout.flipped;
            click = true;
        }
        if ui.button("☰").on_hover_text(tx.t(T::Paused)).clicked() {
            act.menus.open(Menu::Pause);
            click = true;
        }
    });
    click
}

/// The last refusal, broken presets, and the keys.
fn messages(ui: &mut egui::Ui, tx: &Texts, ui_state: &ChessUi, library: &PresetLibrary) {
    let tr = |t: T| tx.t(t);
    if let Some((t, _)) = &ui_state.toast {
        ui.separator();
        ui.colored_label(egui::Color32::from_rgb(230, 140, 60), t);
    }
    let errors: Vec<String> = library.errors().map(|e| e.to_string()).collect();
    if !errors.is_empty() {
        ui.separator();
        ui.colored_label(egui::Color32::from_rgb(230, 80, 70), tr(T::PresetErrors));
        for e in errors {
            ui.label(egui::RichText::new(e).small().monospace());
        }
    }
    // The key help after the buttons (the panel scrolls when it is long).
    ui.add_space(14.0);
    ui.label(egui::RichText::new(tr(T::SweepHint)).small().weak());
    ui.label(egui::RichText::new(tr(T::Keys)).small().weak());
}
