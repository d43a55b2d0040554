//! Small egui helpers both games' interfaces share.

use bevy::prelude::*;
use bevy_egui::egui;

use super::art::PieceIcons;
use super::audio::{Effect, PlaySound};
use super::diagram::{Frame, picture};
use super::i18n::{T, Texts};
use super::screen::{Menu, Menus};
use super::settings::{CountColors, Theme};

/// Where the egui interfaces draw, in the egui pass: after the fonts are in.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct UiSet;

/// The widgets drawn this frame under a stable name (a message id such
/// as `play-hot-seat`) and where, in egui points: the web page reads them
/// (`window.mscButtons`) so its tests press a button by what it is, not
/// by where a layout happened to put it.
#[derive(Clone, Default, Debug)]
pub(crate) struct Named(pub Vec<(String, egui::Rect)>);

/// Records `response` under `name` for this frame and passes it on.
pub(crate) fn named(name: &str, response: egui::Response) -> egui::Response {
    let rect = response.rect;
    response.ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Named>(egui::Id::NULL)
            .0
            .push((name.to_string(), rect))
    });
    response
}

/// Takes the widgets named this frame (the next frame starts empty).
pub(crate) fn take_named(ctx: &egui::Context) -> Named {
    ctx.data_mut(|d| d.remove_temp::<Named>(egui::Id::NULL))
        .unwrap_or_default()
}

/// A dialog in the middle of the board area (the panel takes the right),
/// over a scrim that dims everything behind it: the board, its
/// coordinates, the panel.
pub(crate) fn centered(ctx: &egui::Context, title: impl Into<String>) -> egui::Window<'static> {
    // The scrim is painted between the panels (Background) and the dialog
    // (Foreground), whatever was clicked last.
    let layer = egui::LayerId::new(egui::Order::Middle, egui::Id::new("dialog-scrim"));
    ctx.layer_painter(layer)
        .rect_filled(ctx.content_rect(), 0.0, SCRIM);
    card(ctx, title).order(egui::Order::Foreground)
}

/// The room the games' panel took the last time it was drawn (points)
/// and in which pass, so that a dialog centres on what is left of the
/// screen: left of the panel, above it on a phone, the whole screen where
/// there is none (the title, Sweeper Sudoku's board menu).
#[derive(Clone, Copy, Debug)]
struct PanelDrawn {
    pass: u64,
    right: f32,
    below: f32,
}

fn panel_drawn_id() -> egui::Id {
    egui::Id::new("panel-drawn")
}

/// The offset from the screen's centre to the board area's: half the
/// panel's room, when a panel was drawn in this pass or the one before
/// (dialogs and the panel are drawn in either order).
pub(crate) fn board_centre(ctx: &egui::Context) -> egui::Vec2 {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<PanelDrawn>(panel_drawn_id()))
        .filter(|p| pass.saturating_sub(p.pass) <= 1)
        .map_or(egui::Vec2::ZERO, |p| egui::vec2(-p.right, -p.below) / 2.0)
}

/// How much a dialog dims what is behind it: to about half its
/// brightness (the interface is blended over the board in linear light,
/// where a translucent black darkens less than its alpha says).
pub(crate) const SCRIM: egui::Color32 = egui::Color32::from_black_alpha(205);

/// A card in the middle of the board area with nothing dimmed: the result
/// of a game, whose final position stays in view.
pub(crate) fn card(ctx: &egui::Context, title: impl Into<String>) -> egui::Window<'static> {
    // A title bar holds one line: smaller on a phone, where "Comment
    // jouer à Minesweeper Chess" would be cut short.
    let size = if narrow(ctx) {
        17.0
    } else {
        crate::base::style::size::HEADING
    };
    egui::Window::new(egui::RichText::new(title.into()).size(size))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, board_centre(ctx))
}

/// Whether the screen is narrow (a phone held upright): dialogs put each
/// label above its choices there.
pub(crate) fn narrow(ctx: &egui::Context) -> bool {
    ctx.content_rect().width() < 600.0
}

/// The widest a dialog's content may be: `most` points, or the screen's
/// width less the dialog's own margins and some room on each side (a
/// phone held upright).
pub(crate) fn dialog_width(ctx: &egui::Context, most: f32) -> f32 {
    most.min(ctx.content_rect().width() - 72.0).max(200.0)
}

/// The panel's content, scrolling when it is longer than the panel, with
/// room for the scroll bar so frames keep their right edge.
fn scrolling(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Frame::new()
                .inner_margin(egui::Margin {
                    right: 10,
                    ..Default::default()
                })
                .show(ui, add);
        });
}

/// The games' panel, drawn by `add`: on the right, 300 points wide; on a
/// narrow screen (a phone held upright) along the bottom, scrolling. The
/// space it took goes to `space` (the board cameras leave it free).
pub(crate) fn side_panel(
    ctx: &egui::Context,
    id: &str,
    space: &mut crate::base::draw::PanelSpace,
    add: impl FnOnce(&mut egui::Ui),
) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        format!("{id}-root").into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let screen = ctx.content_rect();
    let taken = if narrow(ctx) && screen.height() > screen.width() {
        // About a third: the board above keeps the most of the width.
        let height = (screen.height() * 0.36).clamp(180.0, 440.0);
        let h = egui::Panel::bottom(id.to_string())
            .resizable(false)
            .exact_size(height)
            .show(&mut root, |ui| scrolling(ui, add))
            .response
            .rect
            .height();
        crate::base::draw::PanelSpace {
            right: 0.0,
            below: h,
        }
    } else {
        // Whatever does not fit the window's height scrolls: the buttons
        // under a long analysis stay reachable.
        let w = egui::Panel::right(id.to_string())
            .resizable(false)
            .exact_size(300.0)
            .show(&mut root, |ui| scrolling(ui, add))
            .response
            .rect
            .width();
        crate::base::draw::PanelSpace {
            right: w,
            below: 0.0,
        }
    };
    // The pass number first: the context is locked inside data_mut.
    let drawn = PanelDrawn {
        pass: ctx.cumulative_pass_nr(),
        right: taken.right,
        below: taken.below,
    };
    ctx.data_mut(|d| d.insert_temp(panel_drawn_id(), drawn));
    // Points to logical pixels (the interface may be zoomed).
    let zoom = ctx.zoom_factor();
    let taken = crate::base::draw::PanelSpace {
        right: taken.right * zoom,
        below: taken.below * zoom,
    };
    let moved = (space.right - taken.right).abs() > 0.5 || (space.below - taken.below).abs() > 0.5;
    if moved {
        *space = taken;
    }
}

/// The buttons the title and pause menus end with: how to play, settings
/// and (on the desktop) quit, each drawn by `look` (at `size`, if given).
/// Returns whether one was clicked.
pub(crate) fn help_settings_quit(
    ui: &mut egui::Ui,
    (look, size): (fn(&str) -> egui::Button<'static>, Option<egui::Vec2>),
    tx: &Texts,
    menus: &mut Menus,
    exit: &mut MessageWriter<AppExit>,
) -> bool {
    let add = |ui: &mut egui::Ui, key: T| {
        let b = look(&tx.t(key));
        let r = match size {
            Some(s) => ui.add_sized(s, b),
            None => ui.add(b),
        };
        named(&key.id(), r).clicked()
    };
    let mut clicked = false;
    for (key, menu) in [
        (T::HowToPlay, Menu::HowToPlay),
        (T::Settings, Menu::Settings),
        (T::Credits, Menu::Credits),
    ] {
        if add(ui, key) {
            menus.open(menu);
            clicked = true;
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if add(ui, T::Quit) {
        exit.write(AppExit::Success);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = exit;
    clicked
}

/// What a how-to-play page draws its pictures with: the picture for each
/// section (by heading, from 0), the board theme and count colours, the
/// pieces.
struct Pictures<'a> {
    /// The frames shown beside section `i`'s words, if any.
    pub of: &'a dyn Fn(usize) -> Option<&'static [Frame]>,
    /// The player's board theme and count colours.
    pub look: (Theme, CountColors),
    /// The player's piece set.
    pub icons: &'a PieceIcons,
}

/// A game's how-to-play page: its texts and pictures, for
/// [`how_to_play`].
pub(crate) trait Rules: Send + Sync + 'static {
    /// The page's title and the rules' text.
    const TEXTS: (T, T);
    /// The frames shown beside section `section`'s words (headings count
    /// from 0), if any.
    fn picture(section: usize) -> Option<&'static [Frame]>;
}

/// Draws `R`'s how-to-play page in the player's board theme, count
/// colours and pieces (run in [`Menu::HowToPlay`] on that game's screens);
/// Back closes it with a click.
pub(crate) fn how_to_play<R: Rules>(
    mut contexts: bevy_egui::EguiContexts,
    tx: Res<Texts>,
    mut menus: Menus,
    settings: Res<super::settings::Settings>,
    icons: Res<PieceIcons>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pictures = Pictures {
        of: &R::picture,
        look: (settings.theme, settings.count_colors),
        icons: &icons,
    };
    if rules_page(&ctx, &tx, R::TEXTS, &pictures) {
        menus.close();
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// A how-to-play page: a title, the rules scrolling (lines starting with
/// `## ` are headings, `• ` bullets, blank lines part paragraphs), each
/// section's picture beside its words, and Back. Returns whether Back was
/// clicked.
fn rules_page(ctx: &egui::Context, tx: &Texts, (title, body): (T, T), pictures: &Pictures) -> bool {
    let mut back = false;
    let height = (ctx.content_rect().height() - 160.0).clamp(160.0, 620.0);
    let width = (ctx.content_rect().width() - 40.0).clamp(240.0, 640.0);
    // Beside the words on a wide page, under the heading on a narrow one.
    let beside = width >= 520.0;
    centered(ctx, tx.t(title)).show(ctx, |ui| {
        ui.set_max_width(width);
        egui::ScrollArea::vertical()
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let text = tx.t(body);
                let mut n = 0;
                for (heading, lines) in sections(&text) {
                    // Headings count from 0; the words before the first have no picture.
                    let mut shown = None;
                    if let Some(h) = heading {
                        ui.add_space(10.0);
                        ui.label(egui::RichText::new(h).font(crate::base::style::bold(17.0)));
                        shown = (pictures.of)(n);
                        n += 1;
                    }
                    match shown {
                        Some(frames) if beside => {
                            ui.horizontal_top(|ui| {
                                let w = ui.available_width() - 190.0;
                                ui.vertical(|ui| {
                                    ui.set_width(w);
                                    rules_text(ui, &lines);
                                });
                                ui.add_space(8.0);
                                picture(ui, frames, pictures.look, pictures.icons, 34.0);
                            });
                        }
                        Some(frames) => {
                            picture(ui, frames, pictures.look, pictures.icons, 30.0);
                            rules_text(ui, &lines);
                        }
                        None => rules_text(ui, &lines),
                    }
                }
            });
        ui.add_space(6.0);
        back = named("back", ui.button(tx.t(T::Back))).clicked();
    });
    back
}

/// The rules cut at their headings: (heading, the lines under it).
fn sections(text: &str) -> Vec<(Option<&str>, Vec<&str>)> {
    let mut out: Vec<(Option<&str>, Vec<&str>)> = vec![(None, Vec::new())];
    for line in text.lines() {
        let line = line.trim_end();
        match line.strip_prefix("## ") {
            Some(h) => out.push((Some(h), Vec::new())),
            None => {
                if let Some(last) = out.last_mut() {
                    last.1.push(line);
                }
            }
        }
    }
    out.retain(|(h, l)| h.is_some() || l.iter().any(|x| !x.is_empty()));
    out
}

/// Draws rules text with its bullets.
fn rules_text(ui: &mut egui::Ui, lines: &[&str]) {
    for line in lines {
        if line.is_empty() {
            ui.add_space(4.0);
        } else if let Some(b) = line.strip_prefix("• ") {
            ui.horizontal_top(|ui| {
                ui.label("•");
                ui.add(egui::Label::new(b).wrap());
            });
        } else {
            ui.add(egui::Label::new(*line).wrap());
        }
    }
}

/// An on/off switch with its state in words beside it (`on` / `off`), for
/// a setting: clicking the switch or the words flips it.
pub(crate) fn switch(
    ui: &mut egui::Ui,
    value: &mut bool,
    (on, off): (&str, &str),
) -> egui::Response {
    ui.horizontal(|ui| {
        let h = ui.spacing().interact_size.y * 0.9;
        let (rect, mut r) = ui.allocate_exact_size(egui::vec2(h * 1.9, h), egui::Sense::click());
        let words =
            ui.add(egui::Label::new(if *value { on } else { off }).sense(egui::Sense::click()));
        if r.clicked() || words.clicked() {
            *value = !*value;
            r.mark_changed();
        }
        let state = *value;
        r.widget_info(|| {
            egui::WidgetInfo::selected(
                egui::WidgetType::Checkbox,
                true,
                state,
                if state { on } else { off },
            )
        });
        let t = ui.ctx().animate_bool_responsive(r.id, *value);
        let look = ui.style().interact_selectable(&r, *value);
        let radius = rect.height() / 2.0;
        let p = ui.painter();
        p.rect(
            rect,
            radius,
            look.bg_fill,
            look.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let x = egui::lerp((rect.left() + radius)..=(rect.right() - radius), t);
        p.circle_filled(
            egui::pos2(x, rect.center().y),
            radius * 0.72,
            look.fg_stroke.color,
        );
        r
    })
    .inner
}

/// A switch with what it turns on written beside it: clicking either
/// flips it.
pub(crate) fn labelled_switch(ui: &mut egui::Ui, value: &mut bool, label: &str) -> egui::Response {
    switch(ui, value, (label, label))
}
