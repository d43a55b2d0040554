//! Online play on screen: the lobby (create, quick game, join, watch), the
//! panel's online part (invite code and link, both clocks, the opponent's
//! connection, draw offers, resign, rematch, leave).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use minesweeper_core::chess::Color as Side;
use minesweeper_core::chess::preset::BUILTIN;
use minesweeper_core::online::TimeControl;
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, SeatChoice};
use minesweeper_core::online::rating::Speed;

use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts};
use crate::base::platform::{WEB, page_address};
use crate::base::screen::{Menu, Menus, Screen};
use crate::base::style;
use crate::base::widgets::{centered, named};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::online::{Notice, Online, OnlineRequest, Phase, Players};

use super::account::AccountDraft;
use super::players::{account_row, rated_box};

/// What the lobby's fields hold.
#[derive(Resource, Debug, Default)]
pub(crate) struct LobbyDraft {
    /// Index into the time controls: 0 untimed, then [`TimeControl::OFFERED`].
    pub time: usize,
    /// The colour asked for.
    pub color: Option<SeatChoice>,
    /// The invite code typed.
    pub code: String,
    /// The server address typed (desktop).
    pub server: Option<String>,
    /// Ask for a rated game (signed-in players only).
    pub rated: bool,
}

impl LobbyDraft {
    fn time_control(&self) -> Option<String> {
        self.time
            .checked_sub(1)
            .and_then(|i| TimeControl::OFFERED.get(i))
            .map(ToString::to_string)
    }

    /// The speed of the time control chosen: which rating it plays for.
    fn speed(&self) -> Speed {
        let control = self
            .time
            .checked_sub(1)
            .and_then(|i| TimeControl::OFFERED.get(i));
        Speed::of(control.copied())
    }
}

/// A refusal or connection problem in the player's language.
pub(crate) fn notice_text(tx: &Texts, notice: &Notice) -> String {
    match notice {
        Notice::Unreachable(server) => tx.f(T::Unreachable, &[("server", server.as_str().into())]),
        Notice::Refused(code) => tx.t(match code {
            ErrorCode::NotFound => T::ErrNotFound,
            ErrorCode::GameFull => T::ErrGameFull,
            ErrorCode::NotYourTurn => T::ErrNotYourTurn,
            ErrorCode::StaleMove => T::ErrStale,
            ErrorCode::IllegalMove => T::ErrIllegal,
            ErrorCode::GameOver => T::ErrGameOver,
            ErrorCode::BadRequest => T::ErrBadRequest,
            ErrorCode::Unavailable => T::ErrUnavailable,
            ErrorCode::RateLimited => T::ErrRateLimited,
            ErrorCode::BadMessage | ErrorCode::TooLarge | ErrorCode::NotSeated => T::ErrBadMessage,
            ErrorCode::NotStarted => T::ErrNotStarted,
            ErrorCode::Limit => T::ErrLimit,
            ErrorCode::SeatTaken => T::ErrSeatTaken,
        }),
    }
}

fn side_name(tx: &Texts, side: Side) -> String {
    tx.t(if side == Side::White {
        T::White
    } else {
        T::Black
    })
}

/// The server's address: shown on the web (the page's own server),
/// editable on the desktop.
fn server_field(
    ui: &mut egui::Ui,
    draft: &mut LobbyDraft,
    online: &Online,
    requests: &mut MessageWriter<OnlineRequest>,
) {
    if WEB {
        ui.monospace(&online.server);
        return;
    }
    let text = draft.server.get_or_insert_with(|| online.server.clone());
    let edit = egui::TextEdit::singleline(text)
        .desired_width(200.0)
        .char_limit(200);
    if ui.add(edit).changed() {
        requests.write(OnlineRequest::Server(text.trim().to_string()));
    }
}

/// The server, the time control and the side: each label with its
/// choices beside it (wrapping under the first choice), or above them on
/// a narrow screen. True when a choice was clicked.
fn choices(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &mut LobbyDraft,
    online: &Online,
    requests: &mut MessageWriter<OnlineRequest>,
) -> bool {
    let narrow = crate::base::widgets::narrow(ui.ctx());
    let width = crate::base::widgets::dialog_width(ui.ctx(), 360.0);
    let mut click = false;
    let mut body = |ui: &mut egui::Ui| {
        // A label and what `add` draws after it, wrapping whole widgets.
        let row = |ui: &mut egui::Ui, key: T, add: &mut dyn FnMut(&mut egui::Ui)| {
            ui.label(tx.t(key));
            let wrapping = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
            ui.allocate_ui_with_layout(egui::vec2(width, 0.0), wrapping, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                add(ui);
            });
            if !narrow {
                ui.end_row();
            }
        };
        row(ui, T::OnlineServer, &mut |ui| {
            server_field(ui, draft, online, requests)
        });
        row(ui, T::OnlineTime, &mut |ui| {
            let mut labels = vec![tx.t(T::Untimed)];
            labels.extend(TimeControl::OFFERED.iter().map(ToString::to_string));
            for (i, label) in labels.into_iter().enumerate() {
                click |= style::radio_value(ui, &mut draft.time, i, label).clicked();
            }
        });
        row(ui, T::YouPlay, &mut |ui| {
            let color = draft.color.get_or_insert(SeatChoice::Random);
            for (c, t) in [
                (SeatChoice::White, T::White),
                (SeatChoice::Black, T::Black),
                (SeatChoice::Random, T::ColorRandom),
            ] {
                click |= style::radio_value(ui, color, c, tx.t(t)).clicked();
            }
        });
    };
    if narrow {
        body(ui);
    } else {
        egui::Grid::new("online-choices")
            .num_columns(2)
            .spacing([10.0, 10.0])
            .show(ui, body);
    }
    click
}

/// The lobby window (from the title's "Play online").
#[allow(clippy::too_many_arguments)]
pub(crate) fn lobby(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut draft: ResMut<LobbyDraft>,
    online: Res<Online>,
    library: Res<PresetLibrary>,
    mut requests: MessageWriter<OnlineRequest>,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
    players: Res<Players>,
    mut account: ResMut<AccountDraft>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut click = false;
    let file = library
        .entries
        .get(library.active)
        .map_or("classic.ron", |e| e.file.as_str());
    let builtin = BUILTIN.iter().any(|(f, _)| *f == file);
    centered(&ctx, tr(T::PlayOnline)).show(&ctx, |ui| {
        let speed = draft.speed();
        click |= account_row(
            ui,
            &tx,
            &players,
            speed,
            &mut account,
            &mut requests,
            &mut menus,
        );
        ui.separator();
        click |= choices(ui, &tx, &mut draft, &online, &mut requests);
        if !builtin {
            ui.label(egui::RichText::new(tr(T::OnlineBuiltinOnly)).weak());
        }
        // The buttons as wide as the choices above them.
        let wide = egui::vec2(ui.min_rect().width().max(280.0), 30.0);
        let preset = if builtin { file } else { "classic.ron" };
        click |= rated_box(ui, &tx, &mut draft.rated, players.signed_in());
        click |= start_buttons(ui, &tx, &draft, &online, preset, wide, &mut requests);
        ui.add_space(6.0);
        click |= code_row(ui, &tx, &mut draft, &mut requests);
        lobby_status(ui, &tx, &online);
        ui.add_space(6.0);
        if named(
            &T::Leaderboard.id(),
            ui.add_sized(wide, egui::Button::new(tr(T::Leaderboard))),
        )
        .clicked()
        {
            super::open_pages::open_leaderboard(&mut requests, &mut menus);
            click = true;
        }
        if named(
            &T::Back.id(),
            ui.add_sized(wide, egui::Button::new(tr(T::Back))),
        )
        .clicked()
        {
            if online.phase == Phase::Queued || online.phase == Phase::Connecting {
                requests.write(OnlineRequest::Leave);
            }
            menus.close();
            click = true;
        }
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// Back to the game left, a new game, a quick game: buttons `wide`.
/// Returns whether one was clicked.
fn start_buttons(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &LobbyDraft,
    online: &Online,
    preset: &str,
    wide: egui::Vec2,
    requests: &mut MessageWriter<OnlineRequest>,
) -> bool {
    let tr = |t: T| tx.t(t);
    let mut click = false;
    if let Some(code) = online.left_game() {
        let back = tx.f(T::BackToGame, &[("code", code.into())]);
        if ui.add_sized(wide, egui::Button::new(back)).clicked() {
            requests.write(OnlineRequest::Return);
            click = true;
        }
    }
    if named(
        &T::CreateGame.id(),
        ui.add_sized(wide, egui::Button::new(tr(T::CreateGame))),
    )
    .clicked()
    {
        requests.write(OnlineRequest::Create {
            preset: preset.to_string(),
            time: draft.time_control(),
            color: draft.color.unwrap_or(SeatChoice::Random),
            rated: draft.rated,
        });
        click = true;
    }
    if named(
        &T::QuickGame.id(),
        ui.add_sized(wide, egui::Button::new(tr(T::QuickGame))),
    )
    .clicked()
    {
        requests.write(OnlineRequest::Quick {
            time: draft.time_control(),
            rated: draft.rated,
        });
        click = true;
    }
    click
}

/// The invite code, to join or watch by. Returns whether a button was
/// clicked.
fn code_row(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &mut LobbyDraft,
    requests: &mut MessageWriter<OnlineRequest>,
) -> bool {
    let tr = |t: T| tx.t(t);
    let mut click = false;
    ui.horizontal_wrapped(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        ui.label(tr(T::InviteCode));
        ui.add(
            egui::TextEdit::singleline(&mut draft.code)
                .desired_width(110.0)
                .char_limit(16),
        );
        let code = draft.code.trim().to_string();
        if named(
            &T::JoinGame.id(),
            ui.add_enabled(!code.is_empty(), egui::Button::new(tr(T::JoinGame))),
        )
        .clicked()
        {
            requests.write(OnlineRequest::Join(code.clone()));
            click = true;
        }
        if named(
            &T::WatchGame.id(),
            ui.add_enabled(!code.is_empty(), egui::Button::new(tr(T::WatchGame))),
        )
        .clicked()
        {
            requests.write(OnlineRequest::Watch(code));
            click = true;
        }
    });
    click
}

/// Connecting, waiting for an opponent, or what went wrong.
fn lobby_status(ui: &mut egui::Ui, tx: &Texts, online: &Online) {
    let waiting = match online.phase {
        Phase::Connecting | Phase::Reconnecting => Some(T::Connecting),
        Phase::Queued => Some(T::WaitingOpponent),
        _ => None,
    };
    if let Some(t) = waiting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tx.t(t));
        });
    }
    if let Some(n) = &online.notice {
        ui.colored_label(egui::Color32::from_rgb(230, 120, 70), notice_text(tx, n));
    }
}

/// Into the game once the server seats this screen (or lets it watch);
/// back to the title when it leaves.
pub(crate) fn follow_phase(
    online: Res<Online>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut menus: Menus,
    mut was_in: Local<bool>,
    mut last_side: Local<Option<Side>>,
    mut layout: ResMut<crate::chess::view::Layout>,
) {
    let now_in = online.in_game();
    if now_in && (!*was_in || *last_side != online.side) {
        // Each player sees its own side at the bottom (a rematch swaps).
        layout.flipped = online.side == Some(Side::Black);
        *last_side = online.side;
    }
    if now_in && !*was_in {
        if *screen.get() != Screen::Chess {
            next.set(Screen::Chess);
        }
        if menus.current() == Menu::Online {
            menus.close();
        }
    }
    *was_in = now_in;
}

/// `m:ss`, or `s.t` under ten seconds.
pub(crate) fn clock_text(ms: u64) -> String {
    if ms < 10_000 {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The panel's online part. Returns whether a button was clicked.
pub(crate) fn online_panel(
    ui: &mut egui::Ui,
    tx: &Texts,
    online: &Online,
    now: f64,
    requests: &mut MessageWriter<OnlineRequest>,
    screen: &mut NextState<Screen>,
) -> bool {
    let mut click = false;
    share_code(ui, tx, online);
    presence(ui, tx, online);
    clocks(ui, tx, online, now);
    offers(ui, tx, online);
    ui.horizontal_wrapped(|ui| {
        let mut say = |msg: ClientMsg| {
            requests.write(OnlineRequest::Say(msg));
            click = true;
        };
        if let Some(me) = online.side {
            game_buttons(ui, tx, online, me, &mut say);
        }
        if named(&T::LeaveOnline.id(), ui.button(tx.t(T::LeaveOnline))).clicked() {
            requests.write(OnlineRequest::Leave);
            screen.set(Screen::Title);
            click = true;
        }
    });
    if let Some(n) = &online.notice {
        ui.colored_label(egui::Color32::from_rgb(230, 120, 70), notice_text(tx, n));
    }
    click
}

/// The game's code, and its link while a seat is still empty.
fn share_code(ui: &mut egui::Ui, tx: &Texts, online: &Online) {
    let Some(code) = &online.code else {
        return;
    };
    ui.label(egui::RichText::new(tx.f(T::ShareCode, &[("code", code.as_str().into())])).strong());
    if let Some(page) = page_address()
        && online.side.is_some()
        && !online.present.all(|p| *p)
    {
        let link = format!("{page}?join={code}");
        ui.label(
            egui::RichText::new(tx.f(T::ShareLink, &[("link", link.as_str().into())])).small(),
        );
    }
}

/// Reconnecting, watching, waiting for the opponent, or whether the
/// opponent is here.
fn presence(ui: &mut egui::Ui, tx: &Texts, online: &Online) {
    let tr = |t: T| tx.t(t);
    if online.phase == Phase::Reconnecting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.colored_label(egui::Color32::from_rgb(230, 140, 60), tr(T::Reconnecting));
        });
    }
    match online.side {
        None => {
            ui.label(tr(T::Watching));
        }
        Some(me) if online.over.is_none() => {
            let theirs = online.present[!me];
            if !online.present.all(|p| *p) && online.moves_told() == 0 && !theirs {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(tr(T::WaitingOpponent));
                });
            } else {
                let (t, color) = if theirs {
                    (T::OpponentHere, egui::Color32::from_rgb(110, 190, 110))
                } else {
                    (T::OpponentAway, egui::Color32::from_rgb(230, 140, 60))
                };
                ui.colored_label(color, tr(t));
            }
        }
        _ => {}
    }
}

/// A draw or a rematch on offer.
fn offers(ui: &mut egui::Ui, tx: &Texts, online: &Online) {
    if let Some(by) = online.offer {
        if Some(by) == online.side {
            ui.label(tx.t(T::DrawOfferSent));
        } else {
            ui.label(tx.f(T::DrawOfferedBy, &[("side", side_name(tx, by).into())]));
        }
    }
    if let (Some(by), true) = (online.rematch, online.over.is_some()) {
        ui.label(tx.f(T::RematchAsked, &[("side", side_name(tx, by).into())]));
    }
}

/// A player's resign, draw and rematch buttons; `say` sends what they ask.
fn game_buttons(
    ui: &mut egui::Ui,
    tx: &Texts,
    online: &Online,
    me: Side,
    say: &mut impl FnMut(ClientMsg),
) {
    let tr = |t: T| tx.t(t);
    if online.over.is_some() {
        if ui
            .add_enabled(
                online.rematch != Some(me),
                egui::Button::new(tr(T::Rematch)),
            )
            .clicked()
        {
            say(ClientMsg::Rematch);
        }
        return;
    }
    // Resign and offer even while the opponent is away (the server tells
    // it on its return); not before the game starts.
    let live =
        online.present.all(|p| *p) || online.moves_told() > 0 || online.clock_running().is_some();
    if named(
        &T::Resign.id(),
        ui.add_enabled(live, egui::Button::new(tr(T::Resign))),
    )
    .clicked()
    {
        say(ClientMsg::Resign);
    }
    match online.offer {
        Some(by) if by != me => {
            if named(&T::AcceptDraw.id(), ui.button(tr(T::AcceptDraw))).clicked() {
                say(ClientMsg::OfferDraw);
            }
            if named(&T::DeclineDraw.id(), ui.button(tr(T::DeclineDraw))).clicked() {
                say(ClientMsg::DeclineDraw);
            }
        }
        _ => {
            if ui
                .add_enabled(
                    live && online.offer.is_none(),
                    egui::Button::new(tr(T::OfferDrawOnline)),
                )
                .clicked()
            {
                say(ClientMsg::OfferDraw);
            }
        }
    }
}

/// Both clocks, the running one bright, under ten seconds red.
fn clocks(ui: &mut egui::Ui, tx: &Texts, online: &Online, now: f64) {
    if online.time.is_none() {
        return;
    }
    ui.horizontal(|ui| {
        for side in [Side::White, Side::Black] {
            let Some(ms) = online.clock_left(side, now) else {
                continue;
            };
            let running = online.clock_running() == Some(side);
            let mut text =
                egui::RichText::new(format!("{} {}", side_name(tx, side), clock_text(ms)))
                    .monospace()
                    .size(18.0);
            text = if ms < crate::chess::online::LOW_TIME_MS {
                text.color(egui::Color32::from_rgb(235, 70, 60))
            } else if running {
                text.strong()
            } else {
                text.weak()
            };
            ui.label(text);
            ui.add_space(10.0);
        }
    });
}
