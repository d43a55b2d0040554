//! The account dialog (`Menu::Account`): signing in or making an account
//! when signed out; changing the password, signing out (here or on every
//! device) and deleting the account when signed in. What the server
//! answered, in the player's language.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use minesweeper_core::online::account::{AccountRefusal, NameRule};
use minesweeper_core::online::protocol::ClientMsg;

use crate::base::audio::{Effect, PlaySound};
use crate::base::i18n::{T, Texts};
use crate::base::screen::Menus;
use crate::base::style;
use crate::base::widgets::{centered, dialog_width, named, narrow};
use crate::chess::online::{AccountNews, Notice, Online, OnlineRequest, Players};

/// The longest user name the server takes.
const NAME_CHARS: usize = 20;
/// The longest password the server takes (in bytes; a field counts
/// characters, and the server says so when a password is too long).
const PASSWORD_CHARS: usize = 128;
/// From this wait on, "too many tries" counts minutes, not seconds.
const WAIT_IN_MINUTES_S: u64 = 120;

/// Which form the signed-out dialog shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Form {
    /// Sign in to an account.
    #[default]
    SignIn,
    /// Make an account.
    SignUp,
}

/// What the account dialog's fields hold. No `Debug`: it holds
/// passwords, which are forgotten when the dialog closes.
#[derive(Resource, Default)]
pub(crate) struct AccountDraft {
    /// Sign in or make an account.
    pub form: Form,
    name: String,
    password: String,
    old: String,
    new: String,
    delete: String,
    /// The delete button was clicked once: the next click deletes.
    confirm_delete: bool,
    /// A request was sent and its answer has not come yet.
    waiting: bool,
}

impl AccountDraft {
    fn forget_passwords(&mut self) {
        for field in [
            &mut self.password,
            &mut self.old,
            &mut self.new,
            &mut self.delete,
        ] {
            field.clear();
        }
        self.confirm_delete = false;
    }
}

/// The dialog opens: no earlier answer shown, nothing awaited.
pub(crate) fn opened(mut draft: ResMut<AccountDraft>, mut players: ResMut<Players>) {
    draft.waiting = false;
    draft.confirm_delete = false;
    players.news = None;
}

/// The dialog closes: the passwords typed are forgotten.
pub(crate) fn closed(mut draft: ResMut<AccountDraft>) {
    draft.forget_passwords();
    draft.waiting = false;
}

/// The account dialog.
pub(crate) fn account(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut draft: ResMut<AccountDraft>,
    mut players: ResMut<Players>,
    online: Res<Online>,
    mut requests: MessageWriter<OnlineRequest>,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    if settle(&mut draft, &players, &online) {
        // Signed in: back to where the dialog was opened from.
        menus.close();
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut asked = None;
    let mut click = false;
    centered(&ctx, tx.t(T::AccAccount)).show(&ctx, |ui| {
        ui.set_width(dialog_width(&ctx, 380.0));
        click |= match players.name.clone() {
            Some(name) => signed_in(ui, &tx, &mut draft, &name, &mut asked),
            None => signed_out(ui, &tx, &mut draft, &mut asked),
        };
        status(ui, &tx, &draft, &players, &online);
        ui.add_space(6.0);
        let wide = egui::vec2(ui.available_width(), 30.0);
        let back = ui.add_sized(wide, egui::Button::new(tx.t(T::Back)));
        if named(&T::Back.id(), back).clicked() {
            menus.close();
            click = true;
        }
    });
    if let Some(msg) = asked {
        players.news = None;
        draft.waiting = true;
        requests.write(OnlineRequest::Say(msg));
    }
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// What came of the request awaited; a success clears the passwords.
/// True when it signed in: the dialog has done its work.
fn settle(draft: &mut AccountDraft, players: &Players, online: &Online) -> bool {
    if !draft.waiting {
        return false;
    }
    if online.notice.is_some() {
        // The server could not be reached (said under the form).
        draft.waiting = false;
        return false;
    }
    let Some(news) = &players.news else {
        return false;
    };
    draft.waiting = false;
    match news {
        // Kept, to be corrected and sent again.
        AccountNews::Refused(_) => false,
        AccountNews::SignedIn => {
            draft.forget_passwords();
            true
        }
        _ => {
            draft.forget_passwords();
            false
        }
    }
}

/// Signed out: sign in or make an account. Puts the request in `asked`;
/// returns whether something was clicked.
fn signed_out(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &mut AccountDraft,
    asked: &mut Option<ClientMsg>,
) -> bool {
    let mut click = false;
    ui.horizontal(|ui| {
        for (form, key) in [(Form::SignIn, T::AccSignIn), (Form::SignUp, T::AccSignUp)] {
            let tab = ui.selectable_label(draft.form == form, tx.t(key));
            if named(&format!("{}-tab", key.id()), tab).clicked() {
                draft.form = form;
                click = true;
            }
        }
    });
    ui.add_space(8.0);
    let sign_up = draft.form == Form::SignUp;
    let mut enter = false;
    fields(ui, "account-sign-in", |ui, width| {
        let name = field(ui, tx, T::AccUserName, &mut draft.name, false, width);
        let password = field(ui, tx, T::AccPassword, &mut draft.password, true, width);
        enter = entered(ui, &name) || entered(ui, &password);
    });
    if sign_up {
        rules(ui, tx, &[T::AccNameRules, T::AccPasswordRules]);
    }
    let key = if sign_up { T::AccSignUp } else { T::AccSignIn };
    let ready = !draft.name.trim().is_empty() && !draft.password.is_empty() && !draft.waiting;
    ui.add_space(6.0);
    let wide = egui::vec2(ui.available_width(), 40.0);
    let button = ui.add_enabled_ui(ready, |ui| ui.add_sized(wide, style::primary(&tx.t(key))));
    if (named(&key.id(), button.inner).clicked() || enter) && ready {
        let (name, password) = (draft.name.trim().to_string(), draft.password.clone());
        *asked = Some(if sign_up {
            ClientMsg::SignUp { name, password }
        } else {
            ClientMsg::SignIn { name, password }
        });
        click = true;
    }
    click
}

/// Signed in: change the password, sign out, delete the account. Puts
/// the request in `asked`; returns whether something was clicked.
fn signed_in(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &mut AccountDraft,
    name: &str,
    asked: &mut Option<ClientMsg>,
) -> bool {
    let mut click = false;
    let me = tx.f(T::AccSignedInAs, &[("name", name.into())]);
    ui.label(
        egui::RichText::new(me)
            .strong()
            .size(style::size::BODY + 2.0),
    );
    ui.add_space(6.0);
    section(ui, tx, T::AccChangePassword);
    let mut enter = false;
    fields(ui, "account-password", |ui, width| {
        let old = field(ui, tx, T::AccOldPassword, &mut draft.old, true, width);
        let new = field(ui, tx, T::AccNewPassword, &mut draft.new, true, width);
        enter = entered(ui, &old) || entered(ui, &new);
    });
    rules(ui, tx, &[T::AccPasswordRules]);
    let ready = !draft.old.is_empty() && !draft.new.is_empty() && !draft.waiting;
    let change = ui.add_enabled(ready, egui::Button::new(tx.t(T::AccChangePassword)));
    if (named(&T::AccChangePassword.id(), change).clicked() || enter) && ready {
        *asked = Some(ClientMsg::ChangePassword {
            old: draft.old.clone(),
            new: draft.new.clone(),
        });
        click = true;
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        for (key, everywhere) in [(T::AccSignOut, false), (T::AccSignOutEverywhere, true)] {
            let out = ui.add_enabled(!draft.waiting, egui::Button::new(tx.t(key)));
            if named(&key.id(), out).clicked() {
                *asked = Some(ClientMsg::SignOut { everywhere });
                click = true;
            }
        }
    });
    ui.separator();
    click | delete_account(ui, tx, draft, asked)
}

/// Deleting the account: its password, then two clicks (the second on a
/// button that says it is for ever).
fn delete_account(
    ui: &mut egui::Ui,
    tx: &Texts,
    draft: &mut AccountDraft,
    asked: &mut Option<ClientMsg>,
) -> bool {
    section(ui, tx, T::AccDelete);
    let mut typed = false;
    fields(ui, "account-delete", |ui, width| {
        // No Enter here: deleting takes the buttons.
        typed = field(ui, tx, T::AccPassword, &mut draft.delete, true, width).changed();
    });
    if typed {
        draft.confirm_delete = false;
    }
    let ready = !draft.delete.is_empty() && !draft.waiting;
    let bad = style::ui_colors::BAD;
    if !draft.confirm_delete {
        let text = egui::RichText::new(tx.t(T::AccDelete)).color(bad);
        let first = ui.add_enabled(ready, egui::Button::new(text));
        if named(&T::AccDelete.id(), first).clicked() {
            draft.confirm_delete = true;
            return true;
        }
        return false;
    }
    ui.label(egui::RichText::new(tx.t(T::AccDeleteWarning)).color(bad));
    let text = egui::RichText::new(tx.t(T::AccDeleteConfirm))
        .strong()
        .color(style::ui_colors::ON_ACCENT);
    let second = ui.add_enabled(ready, egui::Button::new(text).fill(bad));
    if named(&T::AccDeleteConfirm.id(), second).clicked() {
        *asked = Some(ClientMsg::DeleteAccount {
            password: draft.delete.clone(),
        });
        draft.confirm_delete = false;
        return true;
    }
    false
}

/// A section's heading inside the dialog.
fn section(ui: &mut egui::Ui, tx: &Texts, key: T) {
    ui.label(
        egui::RichText::new(tx.t(key))
            .size(style::size::SMALL)
            .color(style::ui_colors::MUTED),
    );
}

/// Labelled fields, each label beside its field, or above it on a narrow
/// screen; `add` is given the fields' width.
fn fields(ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui, f32)) {
    if narrow(ui.ctx()) {
        let width = dialog_width(ui.ctx(), 380.0);
        add(ui, width);
    } else {
        egui::Grid::new(id)
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| add(ui, 210.0));
    }
}

/// A label and its one-line field: a password (masked) or a user name.
fn field(
    ui: &mut egui::Ui,
    tx: &Texts,
    label: T,
    text: &mut String,
    password: bool,
    width: f32,
) -> egui::Response {
    ui.label(tx.t(label));
    let edit = egui::TextEdit::singleline(text)
        .password(password)
        .char_limit(if password { PASSWORD_CHARS } else { NAME_CHARS })
        .desired_width(width);
    let response = named(&label.id(), ui.add(edit));
    if !narrow(ui.ctx()) {
        ui.end_row();
    }
    response
}

/// Whether Enter was pressed in the field of `response`.
fn entered(ui: &egui::Ui, response: &egui::Response) -> bool {
    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

/// The rules a name or password keeps, in small print.
fn rules(ui: &mut egui::Ui, tx: &Texts, keys: &[T]) {
    for &key in keys {
        ui.label(
            egui::RichText::new(tx.t(key))
                .size(style::size::SMALL)
                .weak(),
        );
    }
}

/// Waiting for the server, the server out of reach, and its last answer.
fn status(ui: &mut egui::Ui, tx: &Texts, draft: &AccountDraft, players: &Players, online: &Online) {
    if draft.waiting {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(tx.t(T::Connecting));
        });
    }
    if let Some(Notice::Unreachable(server)) = &online.notice {
        let text = tx.f(T::Unreachable, &[("server", server.as_str().into())]);
        ui.colored_label(style::ui_colors::BAD, text);
    }
    if let Some(news) = &players.news {
        let (text, good) = news_text(tx, news, players.name.as_deref());
        let color = if good {
            style::ui_colors::GOOD
        } else {
            style::ui_colors::BAD
        };
        ui.colored_label(color, text);
    }
}

/// What happened to the account, in words, and whether it is good news.
/// `name` is the name signed in, for a sign-in's news.
pub(crate) fn news_text(tx: &Texts, news: &AccountNews, name: Option<&str>) -> (String, bool) {
    match news {
        AccountNews::SignedIn => {
            let name = name.unwrap_or_default();
            (tx.f(T::AccSignedInAs, &[("name", name.into())]), true)
        }
        AccountNews::SignedOut => (tx.t(T::AccSignedOut), true),
        AccountNews::PasswordChanged => (tx.t(T::AccPasswordChanged), true),
        AccountNews::Deleted => (tx.t(T::AccDeleted), true),
        AccountNews::Refused(why) => (refusal_text(tx, why), false),
    }
}

/// Why the server refused an account request, in words. A wrong name
/// and a wrong password read the same, as the server answers them.
pub(crate) fn refusal_text(tx: &Texts, why: &AccountRefusal) -> String {
    let key = match why {
        AccountRefusal::BadName { rule } => match rule {
            NameRule::Length => T::AccRefNameLength,
            NameRule::Characters => T::AccRefNameCharacters,
            NameRule::Start => T::AccRefNameStart,
            NameRule::Separators => T::AccRefNameSeparators,
            NameRule::Reserved => T::AccRefNameReserved,
        },
        AccountRefusal::NameTaken => T::AccRefNameTaken,
        AccountRefusal::BadPassword { min, max } => {
            let bounds = [("min", (*min).into()), ("max", (*max).into())];
            return tx.f(T::AccRefPassword, &bounds);
        }
        AccountRefusal::WrongSignIn => T::AccRefWrongSignIn,
        AccountRefusal::TooManyTries { wait_s } => return wait_text(tx, *wait_s),
        AccountRefusal::SessionEnded => T::AccRefSessionEnded,
        AccountRefusal::NotSignedIn => T::AccRefNotSignedIn,
        AccountRefusal::NotFound => T::AccRefNotFound,
        AccountRefusal::RatedNeedsAccount => T::AccRefRatedNeedsAccount,
        AccountRefusal::PageTooFar => T::AccRefPageTooFar,
        AccountRefusal::Unavailable => T::AccRefUnavailable,
    };
    tx.t(key)
}

/// "Too many tries": the wait in seconds, or in whole minutes (rounded
/// up) when it is long.
fn wait_text(tx: &Texts, wait_s: u64) -> String {
    let wait_s = wait_s.max(1);
    if wait_s < WAIT_IN_MINUTES_S {
        tx.f(T::AccRefWaitSeconds, &[("n", wait_s.into())])
    } else {
        tx.f(T::AccRefWaitMinutes, &[("n", wait_s.div_ceil(60).into())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::i18n::Lang;

    /// Every refusal the server can give.
    fn refusals() -> Vec<AccountRefusal> {
        let rules = [
            NameRule::Length,
            NameRule::Characters,
            NameRule::Start,
            NameRule::Separators,
            NameRule::Reserved,
        ];
        let mut all: Vec<AccountRefusal> = rules
            .into_iter()
            .map(|rule| AccountRefusal::BadName { rule })
            .collect();
        all.extend([
            AccountRefusal::NameTaken,
            AccountRefusal::BadPassword { min: 8, max: 128 },
            AccountRefusal::WrongSignIn,
            AccountRefusal::TooManyTries { wait_s: 30 },
            AccountRefusal::SessionEnded,
            AccountRefusal::NotSignedIn,
            AccountRefusal::NotFound,
            AccountRefusal::RatedNeedsAccount,
            AccountRefusal::PageTooFar,
            AccountRefusal::Unavailable,
        ]);
        all
    }

    #[test]
    fn every_refusal_reads_differently_in_every_language() {
        let mut tx = Texts::builtin();
        for lang in Lang::ALL {
            tx.set_lang(lang);
            let texts: Vec<String> = refusals().iter().map(|r| refusal_text(&tx, r)).collect();
            let distinct: std::collections::BTreeSet<&String> = texts.iter().collect();
            assert_eq!(distinct.len(), texts.len(), "{lang:?}: {texts:?}");
            assert!(texts.iter().all(|t| !t.is_empty() && !t.contains('{')));
        }
        tx.set_lang(Lang::En);
        let password = AccountRefusal::BadPassword { min: 8, max: 128 };
        assert_eq!(
            refusal_text(&tx, &password),
            "A password has 8 to 128 characters."
        );
    }

    #[test]
    fn a_long_wait_reads_in_minutes_and_each_language_counts_them() {
        let mut tx = Texts::builtin();
        let wait = |tx: &Texts, s| refusal_text(tx, &AccountRefusal::TooManyTries { wait_s: s });
        assert!(wait(&tx, 1).contains("wait 1 second "), "{}", wait(&tx, 1));
        assert!(wait(&tx, 0).contains("wait 1 second "), "at least a second");
        assert!(wait(&tx, 45).contains("wait 45 seconds"));
        assert!(wait(&tx, 600).contains("wait 10 minutes"));
        // Rounded up: never less than the server asked.
        assert!(wait(&tx, 601).contains("wait 11 minutes"));
        tx.set_lang(Lang::Uk);
        assert!(wait(&tx, 21).contains("21 секунду"), "{}", wait(&tx, 21));
        assert!(wait(&tx, 3).contains("3 секунди"));
        assert!(wait(&tx, 5).contains("5 секунд "));
        assert!(wait(&tx, 300).contains("5 хвилин "));
    }

    #[test]
    fn good_news_reads_as_good_and_names_the_player() {
        let tx = Texts::builtin();
        let (text, good) = news_text(&tx, &AccountNews::SignedIn, Some("alice"));
        assert!(good && text.contains("alice"), "{text}");
        let refused = AccountNews::Refused(AccountRefusal::WrongSignIn);
        let (text, good) = news_text(&tx, &refused, None);
        assert!(!good);
        assert_eq!(text, "Wrong user name or password.");
    }
}
