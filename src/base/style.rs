//! The interface's one look, for every screen of both games: a warm dark
//! look with an amber accent, rounded frames with soft shadows, roomier
//! spacing, a type scale, and clear hover and press states.

use bevy_egui::egui::{
    self, Color32, CornerRadius, FontFamily, FontId, Shadow, Stroke, TextStyle, Vec2,
};

/// The interface's colours (egui's widgets and text). The board's are in
/// [`crate::base::theme`].
pub(crate) mod ui_colors {
    use bevy_egui::egui::Color32;

    /// Window and panel fill.
    pub const SURFACE: Color32 = Color32::from_rgb(0x26, 0x23, 0x21);
    /// A step above the surface: cards, inactive buttons.
    pub const RAISED: Color32 = Color32::from_rgb(0x33, 0x2f, 0x2c);
    /// Hovered widgets.
    pub const HOVER: Color32 = Color32::from_rgb(0x40, 0x3b, 0x37);
    /// The deepest fill: text fields, the move list.
    pub const SUNKEN: Color32 = Color32::from_rgb(0x1a, 0x18, 0x17);
    /// Body text.
    pub const TEXT: Color32 = Color32::from_rgb(0xe8, 0xe2, 0xd9);
    /// Quieter text.
    pub const MUTED: Color32 = Color32::from_rgb(0xa8, 0x9f, 0x94);
    /// The accent: primary actions, the selection.
    pub const ACCENT: Color32 = Color32::from_rgb(0xd9, 0x8e, 0x2b);
    /// The accent pressed or hovered.
    pub const ACCENT_HOT: Color32 = Color32::from_rgb(0xf0, 0xa5, 0x3c);
    /// Text on the accent.
    pub const ON_ACCENT: Color32 = Color32::from_rgb(0x1c, 0x14, 0x0a);
    /// Good news (a win, a sweep, a success).
    pub const GOOD: Color32 = Color32::from_rgb(0x6a, 0xb0, 0x4c);
    /// Danger, losses, errors.
    pub const BAD: Color32 = Color32::from_rgb(0xe0, 0x5a, 0x4b);
}

/// Type sizes, in points.
pub(crate) mod size {
    /// Headings.
    pub const HEADING: f32 = 22.0;
    /// Body text and buttons.
    pub const BODY: f32 = 16.0;
    /// Small print.
    pub const SMALL: f32 = 13.0;
    /// Large primary buttons.
    pub const PRIMARY: f32 = 20.0;
}

/// A Bevy colour as egui's.
pub(crate) fn color32(c: bevy::color::Color) -> Color32 {
    let s = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (s.red * 255.0) as u8,
        (s.green * 255.0) as u8,
        (s.blue * 255.0) as u8,
        (s.alpha * 255.0) as u8,
    )
}

/// The bold face at `size` points.
pub(crate) fn bold(size: f32) -> FontId {
    FontId::new(size, FontFamily::Name(crate::base::fonts::BOLD.into()))
}

/// Applies the look to egui.
pub(crate) fn apply(ctx: &egui::Context) {
    ctx.set_theme(egui::Theme::Dark);
    // The size follows the window (`fit_zoom`), not Ctrl + / −.
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
    ctx.all_styles_mut(configure);
}

/// Our colours, shapes, spacing and type on one of egui's styles.
fn configure(style: &mut egui::Style) {
    use ui_colors::*;
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(size::HEADING, FontFamily::Proportional),
        ),
        (
            TextStyle::Body,
            FontId::new(size::BODY, FontFamily::Proportional),
        ),
        (
            TextStyle::Button,
            FontId::new(size::BODY, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(size::SMALL, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(14.0, FontFamily::Monospace),
        ),
    ]
    .into();
    let s = &mut style.spacing;
    s.item_spacing = Vec2::new(8.0, 8.0);
    s.button_padding = Vec2::new(12.0, 6.0);
    s.window_margin = egui::Margin::same(16);
    s.interact_size.y = 28.0;
    s.slider_width = 180.0;
    // A scroll bar in sight wherever there is more to read (egui's default
    // shows none until the pointer is over the area: a dialog's text or
    // a card's buttons looked cut off).
    s.scroll = egui::style::ScrollStyle::thin();

    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    v.override_text_color = None;
    v.panel_fill = SURFACE;
    v.window_fill = SURFACE;
    v.window_stroke = Stroke::new(1.0, Color32::from_rgb(0x4a, 0x43, 0x3d));
    v.window_corner_radius = CornerRadius::same(14);
    v.menu_corner_radius = CornerRadius::same(10);
    v.window_shadow = Shadow {
        offset: [0, 10],
        blur: 28,
        spread: 0,
        color: Color32::from_black_alpha(140),
    };
    v.popup_shadow = Shadow {
        offset: [0, 6],
        blur: 16,
        spread: 0,
        color: Color32::from_black_alpha(120),
    };
    v.extreme_bg_color = SUNKEN;
    v.faint_bg_color = RAISED;
    v.selection.bg_fill = ACCENT;
    v.selection.stroke = Stroke::new(1.0, ON_ACCENT);
    v.hyperlink_color = ACCENT_HOT;
    v.warn_fg_color = ACCENT_HOT;
    v.error_fg_color = BAD;
    let radius = CornerRadius::same(8);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = SURFACE;
    w.noninteractive.weak_bg_fill = SURFACE;
    w.noninteractive.fg_stroke = Stroke::new(1.0, TEXT);
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0x3d, 0x37, 0x32));
    w.noninteractive.corner_radius = radius;
    for (state, fill, text) in [
        (&mut w.inactive, RAISED, TEXT),
        (&mut w.hovered, HOVER, Color32::WHITE),
        // Pressed: a deeper amber under white (egui's strong text takes
        // the pressed colour too, so it must read on the surface).
        (
            &mut w.active,
            Color32::from_rgb(0xb0, 0x6a, 0x12),
            Color32::WHITE,
        ),
        (&mut w.open, HOVER, TEXT),
    ] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.fg_stroke = Stroke::new(1.5, text);
        state.corner_radius = radius;
        state.bg_stroke = Stroke::NONE;
    }
    w.hovered.bg_stroke = Stroke::new(1.0, ACCENT);
    w.hovered.expansion = 1.0;
    // egui draws a focused widget (Tab) as pressed: a white ring shows it
    // on the accent-filled buttons too.
    w.active.bg_stroke = Stroke::new(2.0, Color32::WHITE);
    w.active.expansion = 0.0;
}

/// A radio button whose empty circle reads on the dialog: egui draws it
/// in the buttons' fill, barely lighter than the surface; here it has a
/// ring in the muted text colour (over 6 : 1).
pub(crate) fn radio(
    ui: &mut egui::Ui,
    selected: bool,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    // Set and put back rather than a scope: a scope's child is placed
    // whole, so a wrapping row would no longer move the button down.
    let plain = ui.visuals().widgets.inactive.bg_stroke;
    ui.visuals_mut().widgets.inactive.bg_stroke = Stroke::new(1.5, ui_colors::MUTED);
    let r = ui.radio(selected, text);
    ui.visuals_mut().widgets.inactive.bg_stroke = plain;
    r
}

/// [`radio`] for one value of `current`: a click sets it (and marks the
/// answer changed).
pub(crate) fn radio_value<V: PartialEq>(
    ui: &mut egui::Ui,
    current: &mut V,
    value: V,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    let mut r = radio(ui, *current == value, text);
    if r.clicked() && *current != value {
        *current = value;
        r.mark_changed();
    }
    r
}

/// A large primary action: accent-filled, rounded, with its label large.
pub(crate) fn primary(text: &str) -> egui::Button<'static> {
    egui::Button::new(
        egui::RichText::new(text.to_string())
            .size(size::PRIMARY)
            .strong()
            .color(ui_colors::ON_ACCENT),
    )
    .fill(ui_colors::ACCENT)
    .corner_radius(CornerRadius::same(12))
}

/// A secondary action: a raised button, regular size.
pub(crate) fn secondary(text: &str) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text.to_string()).size(size::PRIMARY - 2.0))
        .corner_radius(CornerRadius::same(12))
}

/// A quiet action: text only until hovered.
pub(crate) fn quiet(text: &str) -> egui::Button<'static> {
    egui::Button::new(egui::RichText::new(text.to_string()).color(ui_colors::MUTED)).frame(false)
}

/// The interface's zoom for a window of `width` × `height` logical pixels:
/// 1 up to 1280 × 800 (the size it is laid out for), growing with the
/// smaller of the two ratios on larger screens so that type and buttons
/// keep their share of a 1920 × 1080 or 4K window; at most 2.
pub(crate) fn zoom_for(width: f32, height: f32) -> f32 {
    let ratio = (width / 1280.0).min(height / 800.0);
    // Steps of 1/8 keep text on crisp sizes and the layout from jittering
    // while a window is dragged larger.
    ((ratio * 8.0).floor() / 8.0).clamp(1.0, 2.0)
}

/// Sets egui's zoom for the window's size (taken at egui's next pass).
pub(crate) fn fit_zoom(ctx: &egui::Context, width: f32, height: f32) {
    let zoom = zoom_for(width, height);
    if (ctx.zoom_factor() - zoom).abs() > 0.01 {
        ctx.set_zoom_factor(zoom);
    }
}

#[cfg(test)]
mod tests {
    use super::zoom_for;

    #[test]
    fn the_interface_grows_on_large_windows_only() {
        assert_eq!(zoom_for(1280.0, 800.0), 1.0);
        assert_eq!(zoom_for(1280.0, 720.0), 1.0);
        assert_eq!(zoom_for(390.0, 844.0), 1.0);
        assert_eq!(zoom_for(1920.0, 1080.0), 1.25);
        assert_eq!(zoom_for(3840.0, 2160.0), 2.0);
    }
}
