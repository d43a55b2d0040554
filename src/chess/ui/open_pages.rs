//! Opening the online pages from anywhere in the interface: a player's
//! page, their archive of games, the leaderboard. Each asks the server
//! for the page and opens its window, which shows it when it comes.

use bevy::prelude::*;
use minesweeper_core::online::protocol::ClientMsg;
use minesweeper_core::online::rating::Speed;

use crate::base::screen::{Menu, Menus};
use crate::chess::online::OnlineRequest;

/// Opens the page of the player `name`.
pub(crate) fn open_profile(
    requests: &mut MessageWriter<OnlineRequest>,
    menus: &mut Menus,
    name: &str,
) {
    requests.write(OnlineRequest::Say(ClientMsg::Profile {
        name: name.to_string(),
    }));
    menus.open(Menu::Profile);
}

/// Opens the first page of the games of the player `name`.
pub(crate) fn open_archive(
    requests: &mut MessageWriter<OnlineRequest>,
    menus: &mut Menus,
    name: &str,
) {
    requests.write(OnlineRequest::Say(ClientMsg::Archive {
        name: name.to_string(),
        page: 0,
    }));
    menus.open(Menu::Archive);
}

/// Opens the leaderboard, at blitz (the other speeds are a click away).
pub(crate) fn open_leaderboard(requests: &mut MessageWriter<OnlineRequest>, menus: &mut Menus) {
    requests.write(OnlineRequest::Say(ClientMsg::Leaderboard {
        speed: Speed::Blitz,
    }));
    menus.open(Menu::Leaderboard);
}
