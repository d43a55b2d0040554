//! The screen flow as Bevy States: which screen shows ([`Screen`]) and which
//! menu or dialog lies over it ([`Menu`]). Systems run `in_state(..)`, set
//! up and tear down `OnEnter`/`OnExit`, and change screens through
//! `NextState`; nothing keeps flags of its own.
//!
//! The states live in `base` rather than in `app` because both games' views
//! and interfaces name their own screens; `app` decides the flow between
//! them.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Which screen shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title menu, over the chess board.
    #[default]
    Title,
    /// A game of Minesweeper Chess.
    Chess,
    /// Sweeper Sudoku's board menu.
    SudokuMenu,
    /// A board of Sweeper Sudoku.
    Sudoku,
}

impl Screen {
    /// Whether this is one of Sweeper Sudoku's screens (its camera draws).
    pub(crate) fn is_sudoku(self) -> bool {
        matches!(self, Screen::SudokuMenu | Screen::Sudoku)
    }
}

/// A menu or dialog over the screen.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) enum Menu {
    /// None: the screen takes the pointer and keys.
    #[default]
    None,
    /// The chess pause menu.
    Pause,
    /// Settings.
    Settings,
    /// The rules of the game on screen.
    HowToPlay,
    /// The game as text, to copy.
    Export,
    /// Paste a game to load it.
    Import,
    /// Online play: create, join or watch a game.
    Online,
    /// Sign in, sign up, and the signed-in account's settings (change
    /// the password, sign out, delete the account).
    // Opened by the account window, which its own branch brings: remove
    // this allow when they meet.
    #[allow(dead_code)]
    Account,
    /// A player's page: ratings with their history, games, recent games
    /// (the name asked for with `ClientMsg::Profile`).
    Profile,
    /// A player's finished games, a page at a time.
    Archive,
    /// The best players of each speed.
    Leaderboard,
    /// Who made the pieces, fonts and sounds, and their licences.
    Credits,
}

/// The menu a dialog goes back to when it closes (Settings and How to play
/// open from the title, the pause menu or a Sweeper Sudoku screen).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct MenuBack(pub Menu);

/// Opening and closing menus, remembering where to go back to.
#[derive(SystemParam)]
pub(crate) struct Menus<'w> {
    state: Res<'w, State<Menu>>,
    next: ResMut<'w, NextState<Menu>>,
    back: ResMut<'w, MenuBack>,
}

impl Menus<'_> {
    /// The menu showing now.
    pub(crate) fn current(&self) -> Menu {
        *self.state.get()
    }

    /// Opens `menu` over the current one, which comes back when it closes.
    pub fn open(&mut self, menu: Menu) {
        self.back.0 = self.current();
        self.next.set(menu);
    }

    /// Closes the current menu: back to the one it was opened from.
    pub(crate) fn close(&mut self) {
        let back = std::mem::take(&mut self.back.0);
        self.next.set(back);
    }

    /// Closes every menu.
    pub(crate) fn close_all(&mut self) {
        self.back.0 = Menu::None;
        self.next.set(Menu::None);
    }
}

/// The screen and menu states.
pub(crate) struct ScreenPlugin;

impl Plugin for ScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .init_state::<Menu>()
            .init_resource::<MenuBack>();
    }
}

/// Run condition: no menu is open.
pub(crate) fn no_menu(menu: Res<State<Menu>>) -> bool {
    *menu.get() == Menu::None
}

/// Run condition: one of Sweeper Sudoku's screens shows.
pub(crate) fn on_sudoku(screen: Res<State<Screen>>) -> bool {
    screen.get().is_sudoku()
}

/// Run condition: the chess board shows (the title or a game).
pub(crate) fn on_chess_board(screen: Res<State<Screen>>) -> bool {
    !screen.get().is_sudoku()
}
