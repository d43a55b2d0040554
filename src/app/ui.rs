//! The interface layer both games draw into: bevy_egui with its own
//! full-window camera, the fonts egui needs for the chess glyphs, and the
//! settings dialog (opened from either game).

use bevy::camera::{CameraOutputMode, visibility::RenderLayers};
use bevy::prelude::*;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};
use wgpu_types::BlendState;

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::i18n::{Lang, T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::settings::{AnimSpeed, Notation, Palette, Settings, Theme};
use crate::base::widgets::{UiSet, centered};

/// egui, its camera and fonts, and the settings dialog.
pub(crate) struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default());
        // The board cameras draw only left of the panel; egui gets its own
        // full-window camera.
        app.world_mut()
            .resource_mut::<EguiGlobalSettings>()
            .auto_create_primary_context = false;
        app.add_systems(Startup, egui_camera)
            .configure_sets(EguiPrimaryContextPass, UiSet.after(fonts_once))
            .add_systems(
                EguiPrimaryContextPass,
                (
                    crate::base::probe::start_ui.before(fonts_once),
                    fonts_once,
                    settings_dialog
                        .run_if(in_state(Menu::Settings))
                        .in_set(UiSet),
                    text_errors.after(UiSet),
                    crate::base::probe::end_ui.after(UiSet),
                ),
            );
    }
}

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

fn fonts_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Our subsets of egui's fonts, with DejaVu Sans for the chess glyphs.
    ctx.set_fonts(crate::base::fonts::egui_fonts());
    *done = true;
    Ok(())
}

/// Volume, mute, theme, coordinates, animation speed, palette, language;
/// saved when changed.
fn settings_dialog(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut settings: ResMut<Settings>,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut changed = false;
    let mut back = false;
    centered(tr(T::Settings)).show(&ctx, |ui| {
        egui::Grid::new("settings")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| changed |= settings_grid(ui, &tx, &mut settings));
        back = ui.button(tr(T::Back)).clicked();
    });
    if changed {
        settings.save();
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
    ui.label(tr(T::Volume));
    changed |= ui
        .add(egui::Slider::new(&mut settings.volume, 0.0..=1.0))
        .changed();
    ui.end_row();
    ui.label(tr(T::Mute));
    changed |= ui.checkbox(&mut settings.muted, "").changed();
    ui.end_row();
    ui.label(tr(T::Theme));
    ui.horizontal(|ui| {
        for t in Theme::ALL {
            changed |= ui
                .selectable_value(&mut settings.theme, t, tx.t(t.label()))
                .changed();
        }
    });
    ui.end_row();
    ui.label(tr(T::Coordinates));
    changed |= ui.checkbox(&mut settings.coordinates, "").changed();
    ui.end_row();
    ui.label(tr(T::AnimationSpeed));
    ui.horizontal(|ui| {
        for a in AnimSpeed::ALL {
            changed |= ui
                .selectable_value(&mut settings.animation, a, tx.t(a.label()))
                .changed();
        }
    });
    ui.end_row();
    ui.label(tr(T::Palette));
    ui.vertical(|ui| {
        changed |= ui
            .radio_value(
                &mut settings.palette,
                Palette::Classic,
                tr(T::PaletteClassic),
            )
            .changed();
        changed |= ui
            .radio_value(
                &mut settings.palette,
                Palette::ColourBlind,
                tr(T::PaletteColourBlind),
            )
            .changed();
    });
    ui.end_row();
    ui.label(tr(T::Language));
    ui.horizontal_wrapped(|ui| {
        // Each language named in itself, so a player lost in another
        // language still finds theirs.
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
    ui.label(tr(T::Notation));
    ui.vertical(|ui| {
        for (n, key) in [
            (Notation::Local, T::NotationLocal),
            (Notation::International, T::NotationInternational),
        ] {
            changed |= ui.radio_value(&mut settings.notation, n, tr(key)).changed();
        }
    });
    ui.end_row();
    changed
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
                ui.label(egui::RichText::new(e).small().monospace());
            }
        });
    Ok(())
}
