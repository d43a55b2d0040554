//! The interface layer both games draw into: bevy_egui with its own
//! full-window camera, the fonts egui needs for the chess glyphs, and the
//! settings dialog (opened from either game).

use bevy::camera::{CameraOutputMode, visibility::RenderLayers};
use bevy::prelude::*;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};
use wgpu_types::BlendState;

use crate::base::art::PieceIcons;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{Lang, T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::settings::{AnimSpeed, CountColors, Notation, PieceSet, Settings, Theme};
use crate::base::style::{self, color32};
use crate::base::widgets::{UiSet, centered, labelled_switch, named, switch};
use minesweeper_core::chess::Color as Side;

/// egui, its camera and fonts, and the settings dialog.
pub(crate) struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default());
        add_icons(app);
        // The board cameras draw only left of the panel; egui gets its own
        // full-window camera.
        app.world_mut()
            .resource_mut::<EguiGlobalSettings>()
            .auto_create_primary_context = false;
        app.add_systems(Startup, egui_camera)
            .init_resource::<FontsSet>()
            .configure_sets(
                EguiPrimaryContextPass,
                UiSet.after(fonts_once).run_if(fonts_ready),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    crate::base::probe::start_ui.before(fonts_once),
                    fonts_once,
                    fit_zoom.before(UiSet),
                    settings_dialog
                        .run_if(in_state(Menu::Settings))
                        .in_set(UiSet),
                    super::credits::credits_dialog
                        .run_if(in_state(Menu::Credits))
                        .in_set(UiSet),
                    text_errors.after(UiSet),
                    publish_named.after(UiSet),
                    crate::base::probe::end_ui.after(UiSet),
                ),
            );
    }
}

/// Hands the page this frame's named widgets (`window.mscButtons`: name →
/// [x, y, width, height] in CSS pixels) and empties the list for the next.
fn publish_named(
    mut contexts: EguiContexts,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let named = crate::base::widgets::take_named(ctx);
    if !crate::base::platform::WEB {
        return Ok(());
    }
    // egui points → logical (CSS) pixels.
    let k = ctx.pixels_per_point() / window.single().map_or(1.0, |w| w.scale_factor());
    let fields: Vec<String> = named
        .0
        .iter()
        .map(|(name, r)| {
            format!(
                "\"{}\":[{:.1},{:.1},{:.1},{:.1}]",
                name.replace(['"', '\\'], ""),
                r.min.x * k,
                r.min.y * k,
                r.width() * k,
                r.height() * k
            )
        })
        .collect();
    crate::base::platform::publish("mscButtons", &format!("{{{}}}", fields.join(",")));
    Ok(())
}

/// The pieces' egui textures (the window build only: headless egui draws
/// nothing, and the interface falls back to glyphs).
#[cfg(feature = "window")]
fn add_icons(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        crate::base::art::register_icons.before(UiSet),
    );
}

#[cfg(not(feature = "window"))]
fn add_icons(_: &mut App) {}

fn egui_camera(mut commands: Commands) {
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// How far egui's fonts are: 0 not given, 1 given this pass (egui takes
/// them at the next), 2 in use. The interfaces wait for 2: our bold family
/// does not exist before.
#[derive(Resource, Default)]
struct FontsSet(u8);

fn fonts_once(mut contexts: EguiContexts, mut set: ResMut<FontsSet>) -> Result {
    match set.0 {
        0 => {
            let ctx = contexts.ctx_mut()?;
            // Our subsets of egui's fonts, with DejaVu Sans for the chess glyphs.
            ctx.set_fonts(crate::base::fonts::egui_fonts());
            crate::base::style::apply(ctx);
            set.0 = 1;
        }
        1 => set.0 = 2,
        _ => {}
    }
    Ok(())
}

/// The interface's size follows the window's (see [`crate::base::style::zoom_for`]).
fn fit_zoom(
    mut contexts: EguiContexts,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let Ok(win) = window.single() else {
        return Ok(());
    };
    crate::base::style::fit_zoom(contexts.ctx_mut()?, win.width(), win.height());
    Ok(())
}

fn fonts_ready(set: Res<FontsSet>) -> bool {
    set.0 >= 2
}

/// Volume, mute, theme, coordinates, animation speed, count colours, language;
/// saved when changed.
fn settings_dialog(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut settings: ResMut<Settings>,
    mut menus: Menus,
    icons: Res<PieceIcons>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut changed = false;
    let mut back = false;
    let mut credits = false;
    let mut play = None;
    // Tall on a small screen: the rows scroll, Back stays in sight.
    let height = (ctx.content_rect().height() - 140.0).max(200.0);
    // On a narrow screen (a phone held upright) each label stands above
    // its choices, in one column as wide as the screen allows.
    let narrow = crate::base::widgets::narrow(&ctx);
    let width = crate::base::widgets::dialog_width(&ctx, 720.0);
    centered(&ctx, tr(T::Settings)).show(&ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(height)
            .show(ui, |ui| {
                ui.set_max_width(width);
                let rows = |ui: &mut egui::Ui| {
                    changed |= look_rows(ui, &tx, &mut settings, &icons);
                    changed |= settings_grid(ui, &tx, &mut settings);
                    changed |= sound_rows(ui, &tx, &mut settings, &mut play);
                };
                if narrow {
                    // Outside a grid, end_row does nothing: the rows stack.
                    ui.vertical(rows);
                } else {
                    egui::Grid::new("settings")
                        .num_columns(2)
                        .spacing([16.0, 8.0])
                        .show(ui, rows);
                }
            });
        ui.horizontal_wrapped(|ui| {
            back = named(&T::Back.id(), ui.button(tr(T::Back))).clicked();
            if named(&T::Credits.id(), ui.button(tr(T::Credits))).clicked() {
                credits = true;
            }
        });
    });
    if credits {
        // Back from the credits returns to Settings.
        menus.open(Menu::Credits);
        sound.write(PlaySound(Effect::Click));
    }
    if changed {
        settings.save();
    }
    if let Some(e) = play {
        sound.write(PlaySound(e));
    }
    if back {
        menus.close();
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

fn settings_grid(ui: &mut egui::Ui, tx: &Texts, settings: &mut Settings) -> bool {
    let tr = |t: T| tx.t(t);
    let mut changed = false;
    let words = (tr(T::SwitchOn), tr(T::SwitchOff));
    let words = (words.0.as_str(), words.1.as_str());
    ui.label(tr(T::Premove));
    ui.vertical(|ui| {
        changed |= switch(ui, &mut settings.premove, words).changed();
        ui.label(egui::RichText::new(tr(T::PremoveHelp)).small().weak());
    });
    ui.end_row();
    ui.label(tr(T::AnimationSpeed));
    ui.horizontal_wrapped(|ui| {
        for a in AnimSpeed::ALL {
            changed |= ui
                .selectable_value(&mut settings.animation, a, tx.t(a.label()))
                .changed();
        }
    });
    ui.end_row();
    // The count colours: their texts kept the ids `palette…`.
    ui.label(tr(T::Palette));
    ui.vertical(|ui| {
        for (p, key) in [
            (CountColors::Classic, T::PaletteClassic),
            (CountColors::ColourBlind, T::PaletteColourBlind),
        ] {
            changed |= style::radio_value(ui, &mut settings.count_colors, p, tr(key)).changed();
        }
    });
    ui.end_row();
    ui.label(tr(T::Language));
    // Each language named in itself, so a player lost in another language
    // still finds theirs.
    egui::ComboBox::from_id_salt("language")
        .selected_text(tx.in_lang(settings.language, T::LanguageName, &[]))
        .show_ui(ui, |ui| {
            for l in Lang::ALL {
                changed |= ui
                    .selectable_value(
                        &mut settings.language,
                        l,
                        tx.in_lang(l, T::LanguageName, &[]),
                    )
                    .changed();
            }
        });
    ui.end_row();
    // A language whose letters are the international ones has no choice
    // to make here.
    if tx.letters() == ["K", "Q", "R", "B", "N"] {
        return changed;
    }
    ui.label(tr(T::Notation));
    ui.vertical(|ui| {
        for (n, key) in [
            (Notation::Local, T::NotationLocal),
            (Notation::International, T::NotationInternational),
        ] {
            changed |= style::radio_value(ui, &mut settings.notation, n, tr(key)).changed();
        }
    });
    ui.end_row();
    changed
}

/// Pieces and board: each set with its pieces as a preview, each theme as
/// a small board with fog and a count.
fn look_rows(ui: &mut egui::Ui, tx: &Texts, settings: &mut Settings, icons: &PieceIcons) -> bool {
    let mut changed = false;
    ui.label(tx.t(T::PieceSetLabel));
    ui.vertical(|ui| {
        ui.horizontal_wrapped(|ui| {
            for p in PieceSet::ALL {
                let r = ui.selectable_value(&mut settings.pieces, p, tx.t(p.label()));
                changed |= named(&p.label().id(), r).changed();
            }
        });
        // The set in use, every piece of both sides, on the theme's squares
        // (smaller where the row would be wider than the dialog).
        let c = crate::base::theme::colors(settings.theme);
        let size = (ui.max_rect().width() / 12.0 - 2.0).clamp(16.0, 30.0);
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            let mut i = 0;
            for side in [Side::White, Side::Black] {
                for role in crate::base::art::ROLES {
                    let square = if i % 2 == 0 { c.light } else { c.dark };
                    i += 1;
                    egui::Frame::new().fill(color32(square)).show(ui, |ui| {
                        crate::base::art::piece_icon(ui, icons, side, role, size)
                    });
                }
            }
        });
    });
    ui.end_row();
    ui.label(tx.t(T::Theme));
    ui.horizontal_wrapped(|ui| {
        for t in Theme::ALL {
            let r = theme_swatch(ui, t, settings.theme == t).on_hover_text(tx.t(t.label()));
            if named(&t.label().id(), r).clicked() && settings.theme != t {
                settings.theme = t;
                changed = true;
            }
        }
    });
    ui.end_row();
    ui.label(tx.t(T::Coordinates));
    let (on, off) = (tx.t(T::SwitchOn), tx.t(T::SwitchOff));
    ui.vertical(|ui| {
        changed |= switch(ui, &mut settings.coordinates, (&on, &off)).changed();
        ui.add_enabled_ui(settings.coordinates, |ui| {
            changed |= labelled_switch(
                ui,
                &mut settings.coordinates_inside,
                &tx.t(T::CoordinatesInside),
            )
            .changed();
        });
    });
    ui.end_row();
    changed
}

/// A theme drawn as a corner of its board: four cells, one under fog with
/// the theme's fog tint, one showing a count.
fn theme_swatch(ui: &mut egui::Ui, theme: Theme, chosen: bool) -> egui::Response {
    let cell = 18.0;
    let (rect, r) =
        ui.allocate_exact_size(egui::vec2(cell * 4.0, cell * 2.0), egui::Sense::click());
    let c = crate::base::theme::colors(theme);
    let to32 = color32;
    let p = ui.painter();
    for y in 0..2 {
        for x in 0..4 {
            let min = rect.min + egui::vec2(x as f32 * cell, y as f32 * cell);
            let cr = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
            let light = (x + y) % 2 == 0;
            p.rect_filled(cr, 0.0, to32(if light { c.light } else { c.dark }));
            if x == 3 && y == 0 {
                p.rect_filled(cr, 0.0, to32(c.fog));
            }
            if x == 1 && y == 1 {
                let badge = crate::base::theme::count_badge(Default::default());
                p.rect_filled(cr.shrink(2.5), 3.0, to32(badge));
                p.text(
                    cr.center(),
                    egui::Align2::CENTER_CENTER,
                    "2",
                    egui::FontId::proportional(13.0),
                    to32(crate::base::theme::count_color(Default::default(), 2)),
                );
            }
        }
    }
    let stroke = if chosen {
        egui::Stroke::new(3.0, ui.visuals().selection.bg_fill)
    } else if r.hovered() {
        egui::Stroke::new(2.0, ui.visuals().widgets.hovered.fg_stroke.color)
    } else {
        egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
    };
    p.rect_stroke(rect.expand(1.5), 3.0, stroke, egui::StrokeKind::Outside);
    r
}

/// Volume, mute, the three kinds of sound and a row that plays each effect.
fn sound_rows(
    ui: &mut egui::Ui,
    tx: &Texts,
    settings: &mut Settings,
    play: &mut Option<Effect>,
) -> bool {
    let mut changed = false;
    ui.label(tx.t(T::Volume));
    ui.horizontal(|ui| {
        changed |= ui
            .add(egui::Slider::new(&mut settings.volume, 0.0..=1.0).show_value(false))
            .changed();
        let percent = (settings.volume * 100.0).round() as i64;
        ui.label(tx.f(T::Percent, &[("percent", percent.into())]));
    });
    ui.end_row();
    ui.label(tx.t(T::Mute));
    let (on, off) = (tx.t(T::SwitchOn), tx.t(T::SwitchOff));
    changed |= switch(ui, &mut settings.muted, (&on, &off)).changed();
    ui.end_row();
    ui.label(tx.t(T::Sounds));
    ui.vertical(|ui| {
        for (flag, key) in [
            (&mut settings.sound_moves, T::SoundMoves),
            (&mut settings.sound_effects, T::SoundEffects),
            (&mut settings.sound_interface, T::SoundInterface),
        ] {
            changed |= labelled_switch(ui, flag, &tx.t(key)).changed();
        }
        // Each effect, to hear it (as the switches above allow).
        ui.horizontal_wrapped(|ui| {
            for e in Effect::ALL {
                let r = ui.small_button(tx.t(sound_label(e)));
                if named(&sound_label(e).id(), r).clicked() {
                    *play = Some(e);
                }
            }
        });
    });
    ui.end_row();
    changed
}

/// The name of an effect in the Settings row.
fn sound_label(e: Effect) -> T {
    match e {
        Effect::Move => T::SfxMove,
        Effect::Capture => T::SfxCapture,
        Effect::Blast => T::SfxBlast,
        Effect::Sweep => T::SfxSweep,
        Effect::RoyalSweep => T::SfxRoyalSweep,
        Effect::Fog => T::SfxFog,
        Effect::Check => T::SfxCheck,
        Effect::GameStart => T::SfxGameStart,
        Effect::GameEnd => T::SfxGameEnd,
        Effect::LowTime => T::SfxLowTime,
        Effect::Illegal => T::SfxIllegal,
        Effect::Click => T::SfxClick,
        Effect::Card => T::SfxCard,
        Effect::Sensor => T::SfxSensor,
        Effect::WrongDigit => T::SfxWrongDigit,
        Effect::LifeLost => T::SfxLifeLost,
        Effect::Wipe => T::SfxWipe,
        Effect::Probe => T::SfxProbe,
        Effect::Flag => T::SfxFlag,
    }
}

/// A translation file that does not parse (a translator's edit, on the
/// desktop): what is wrong, over every screen, until it is fixed.
fn text_errors(mut contexts: EguiContexts, tx: Res<Texts>) -> Result {
    if tx.errors.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new("text-errors")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
        .show(&ctx, |ui| {
            ui.colored_label(egui::Color32::from_rgb(230, 80, 70), tx.t(T::TextErrors));
            for e in &tx.errors {
                ui.label(egui::RichText::new(e.to_string()).small().monospace());
            }
        });
    Ok(())
}
