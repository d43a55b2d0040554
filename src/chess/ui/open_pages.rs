//! Opening the players' pages from anywhere in the interface: a request
//! to the server (connecting when needed) and the window that shows the
//! answer once it comes.

use bevy::prelude::*;
use minesweeper_core::online::protocol::ClientMsg;
use minesweeper_core::online::rating::Speed;

use crate::base::screen::{Menu, Menus};
use crate::chess::online::OnlineRequest;

/// Asks for `name`'s page and opens the profile window.
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

/// Asks for the newest page of `name`'s finished games and opens the
/// archive window.
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

/// Asks for the blitz leaderboard and opens the leaderboard window.
pub(crate) fn open_leaderboard(requests: &mut MessageWriter<OnlineRequest>, menus: &mut Menus) {
    requests.write(OnlineRequest::Say(ClientMsg::Leaderboard {
        speed: Speed::Blitz,
    }));
    menus.open(Menu::Leaderboard);
}
