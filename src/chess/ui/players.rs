//! Players with names on screen: the lobby's account row and its "Rated"
//! switch, an online game's two players in the panel with their ratings,
//! and how a rated game moved the ratings, for the result card.

use std::cmp::Ordering;

use bevy::prelude::*;
use bevy_egui::egui;
use minesweeper_core::chess::Color as Side;
use minesweeper_core::online::account::{AccountRefusal, PlayerView, Who};
use minesweeper_core::online::protocol::ClientMsg;
use minesweeper_core::online::rating::{Rating, Speed};

use super::account::{AccountDraft, Form, refusal_text};
use super::open_pages::{open_archive, open_leaderboard, open_profile};
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::style;
use crate::base::widgets::{labelled_switch, named};
use crate::chess::online::{AccountNews, Online, OnlineRequest, Phase, Players};

/// A rating as shown: `1523`, or `1500?` while it is provisional.
pub(crate) fn rating_text(rating: i32, provisional: bool) -> String {
    if provisional {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// A rating's change as shown: `+12`, `−9` (a minus sign, as wide as
/// the plus), `±0`.
pub(crate) fn change_text(delta: i32) -> String {
    match delta.cmp(&0) {
        Ordering::Greater => format!("+{delta}"),
        Ordering::Less => format!("\u{2212}{}", delta.unsigned_abs()),
        Ordering::Equal => "\u{b1}0".to_string(),
    }
}

/// Who sat in a seat, in words: their name, a guest or a deleted player.
pub(crate) fn who_text(tx: &Texts, who: &Who) -> String {
    match who {
        Who::Named { name } => name.clone(),
        Who::Guest => tx.t(T::AccGuest),
        Who::Deleted => tx.t(T::AccDeletedPlayer),
    }
}

fn side_word(tx: &Texts, side: Side) -> String {
    tx.t(if side == Side::White {
        T::White
    } else {
        T::Black
    })
}

/// The signed-in player's rating at `speed`: a newcomer's until they have
/// played a rated game at it.
fn my_rating(players: &Players, speed: Speed) -> String {
    players
        .ratings
        .iter()
        .find(|r| r.speed == speed)
        .map_or_else(
            || rating_text(Rating::NEW.rounded(), Rating::NEW.provisional()),
            |r| rating_text(r.rating, r.provisional),
        )
}

/// The lobby's account row: signed out, sign in or make an account;
/// signed in, the name, the rating at `speed` (the time control chosen)
/// and the way to the player's pages and account. Returns whether a
/// button was clicked.
pub(crate) fn account_row(
    ui: &mut egui::Ui,
    tx: &Texts,
    players: &Players,
    speed: Speed,
    account: &mut AccountDraft,
    requests: &mut MessageWriter<OnlineRequest>,
    menus: &mut Menus,
) -> bool {
    let mut click = false;
    let Some(name) = players.name.clone() else {
        ui.horizontal_wrapped(|ui| {
            for (form, key) in [(Form::SignIn, T::AccSignIn), (Form::SignUp, T::AccSignUp)] {
                if named(&key.id(), ui.button(tx.t(key))).clicked() {
                    account.form = form;
                    menus.open(Menu::Account);
                    click = true;
                }
            }
        });
        lobby_news(ui, tx, players);
        return click;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(tx.f(T::AccSignedInAs, &[("name", name.as_str().into())]));
        let rating = egui::RichText::new(my_rating(players, speed))
            .strong()
            .color(style::ui_colors::ACCENT_HOT);
        ui.label(rating).on_hover_text(tx.t(T::AccRatingHint));
    });
    ui.horizontal_wrapped(|ui| {
        let mut button = |key: T| named(&key.id(), ui.button(tx.t(key))).clicked();
        if button(T::AccMyPage) {
            open_profile(requests, menus, &name);
            click = true;
        }
        if button(T::AccMyGames) {
            open_archive(requests, menus, &name);
            click = true;
        }
        if button(T::AccLeaderboard) {
            open_leaderboard(requests, menus);
            click = true;
        }
        if button(T::AccAccount) {
            menus.open(Menu::Account);
            click = true;
        }
    });
    lobby_news(ui, tx, players);
    click
}

/// The lobby opens with a session kept from an earlier run and nobody
/// signed in yet: connect, so that it signs in and the lobby shows who.
pub(crate) fn sign_in_kept(
    players: Res<Players>,
    online: Res<Online>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    if !players.signed_in() && players.has_session() && online.phase == Phase::Offline {
        // Any message connects, and a new connection sends the kept
        // session first.
        requests.write(OnlineRequest::Say(ClientMsg::Ping));
    }
}

/// A refusal the lobby caused or should know of: the kept session ended,
/// a rated game asked for without an account.
fn lobby_news(ui: &mut egui::Ui, tx: &Texts, players: &Players) {
    if let Some(AccountNews::Refused(
        why @ (AccountRefusal::SessionEnded
        | AccountRefusal::RatedNeedsAccount
        | AccountRefusal::NotSignedIn),
    )) = &players.news
    {
        ui.colored_label(style::ui_colors::BAD, refusal_text(tx, why));
    }
}

/// The lobby's "Rated" switch, for signed-in players only: a guest sees
/// it off and why. Returns whether it was clicked.
pub(crate) fn rated_box(ui: &mut egui::Ui, tx: &Texts, rated: &mut bool, signed_in: bool) -> bool {
    if !signed_in {
        *rated = false;
    }
    let mut click = false;
    ui.horizontal_wrapped(|ui| {
        // The game's switch (the settings' look), off and greyed for a
        // guest.
        let label = tx.t(T::AccRated);
        let switch = ui.add_enabled_ui(signed_in, |ui| labelled_switch(ui, rated, &label));
        click = named(&T::AccRated.id(), switch.inner).clicked();
        if !signed_in {
            ui.label(egui::RichText::new(tx.t(T::AccRatedHint)).weak());
        }
    });
    click
}

/// An online game's two players, White then Black: each name (a link to
/// their page, but for a guest's) with its rating, under whether the
/// game is rated. Returns whether a name was clicked.
pub(crate) fn seats(
    ui: &mut egui::Ui,
    tx: &Texts,
    players: &Players,
    requests: &mut MessageWriter<OnlineRequest>,
    menus: &mut Menus,
) -> bool {
    // A server without accounts sends no cards.
    if players.cards.all(Option::is_none) {
        return false;
    }
    let mut click = false;
    let mark = if players.rated {
        T::AccRatedGame
    } else {
        T::AccCasualGame
    };
    ui.label(
        egui::RichText::new(tx.t(mark))
            .size(style::size::SMALL)
            .color(style::ui_colors::MUTED),
    );
    for side in [Side::White, Side::Black] {
        let Some(card) = &players.cards[side] else {
            continue;
        };
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(side_word(tx, side)).color(style::ui_colors::MUTED));
            click |= player_name(ui, tx, card, side, requests, menus);
            if let Some(rating) = card.rating {
                ui.label(egui::RichText::new(rating_text(rating, card.provisional)).monospace());
            }
        });
    }
    click
}

/// A seat's name: a link to the player's page, or a guest or deleted
/// player in plain words. Returns whether it was clicked.
fn player_name(
    ui: &mut egui::Ui,
    tx: &Texts,
    card: &PlayerView,
    side: Side,
    requests: &mut MessageWriter<OnlineRequest>,
    menus: &mut Menus,
) -> bool {
    let Who::Named { name } = &card.who else {
        ui.label(egui::RichText::new(who_text(tx, &card.who)).italics());
        return false;
    };
    let id = if side == Side::White {
        "player-white"
    } else {
        "player-black"
    };
    let link = ui.link(egui::RichText::new(name.as_str()).strong());
    if named(id, link).clicked() {
        open_profile(requests, menus, name);
        return true;
    }
    false
}

/// How the rated game `code` moved both ratings, for the result card:
/// each side's new rating and its change, a gain green, a loss red.
pub(crate) fn rating_changes(ui: &mut egui::Ui, tx: &Texts, players: &Players, code: Option<&str>) {
    for side in [Side::White, Side::Black] {
        let Some(change) = players.change(code, side) else {
            continue;
        };
        let delta = change.delta();
        let color = match delta.cmp(&0) {
            Ordering::Greater => style::ui_colors::GOOD,
            Ordering::Less => style::ui_colors::BAD,
            Ordering::Equal => style::ui_colors::MUTED,
        };
        let rating = rating_text(change.after, change.provisional);
        let text = tx.f(
            T::AccRatingChange,
            &[
                ("side", side_word(tx, side).into()),
                ("rating", rating.into()),
                ("change", change_text(delta).into()),
            ],
        );
        ui.label(egui::RichText::new(text).color(color));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_and_changes_read_as_players_expect() {
        assert_eq!(rating_text(1523, false), "1523");
        assert_eq!(rating_text(1500, true), "1500?");
        assert_eq!(change_text(12), "+12");
        assert_eq!(change_text(-9), "\u{2212}9");
        assert_eq!(change_text(0), "\u{b1}0");
        let tx = Texts::builtin();
        assert_eq!(who_text(&tx, &Who::Guest), "Guest");
        assert_eq!(who_text(&tx, &Who::Deleted), "Deleted player");
        let alice = Who::Named {
            name: "alice".into(),
        };
        assert_eq!(who_text(&tx, &alice), "alice");
    }

    #[test]
    fn a_newcomer_reads_as_provisional_until_rated_at_the_speed() {
        let mut players = Players::default();
        players.name = Some("alice".into());
        assert_eq!(my_rating(&players, Speed::Blitz), "1500?");
        players
            .ratings
            .push(minesweeper_core::online::account::RatingView {
                speed: Speed::Blitz,
                rating: 1612,
                deviation: 80,
                provisional: false,
                games: 30,
            });
        assert_eq!(my_rating(&players, Speed::Blitz), "1612");
        assert_eq!(my_rating(&players, Speed::Rapid), "1500?");
    }
}
