//! The players' tables, asked through the store thread like every other
//! query: accounts and sessions ([`accounts`]), ratings ([`ratings`]),
//! the archive, profiles and the leaderboard ([`archive`]). Each query is
//! written once for both databases ([`super::sql`]). Nothing here hashes
//! a password: that is done off the store thread, which must keep the
//! lease.

mod accounts;
mod archive;
mod ratings;

use minesweeper_core::chess::ByColor;
use minesweeper_core::online::account::{
    ArchiveEntry, LeaderRow, PlayerView, ProfileView, RatingChange, RatingView,
};
use minesweeper_core::online::rating::Speed;

pub use ratings::ABORTED_BELOW_PLIES;

use super::{Store, StoreError, StoredGame, ms};

/// A signed-in account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its row.
    pub id: i64,
    /// The name as its owner wrote it.
    pub name: String,
}

impl Store {
    /// Makes an account; `None` when the name (folded into `key`) is
    /// taken. `hash` is the password's Argon2id hash.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn sign_up(
        &self,
        name: &str,
        key: &str,
        hash: String,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        let (name, key) = (name.to_string(), key.to_string());
        self.query(move |db| accounts::sign_up(db, &name, &key, &hash, ms(now)))
            .await
    }

    /// The account of a folded name and its password's hash.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn credentials(&self, key: &str) -> Result<Option<(Account, String)>, StoreError> {
        let key = key.to_string();
        self.query(move |db| accounts::credentials(db, &key)).await
    }

    /// Keeps a new session of `user` (by its token's hash) till `expires`.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn open_session(
        &self,
        user: i64,
        hash: String,
        now: u64,
        expires: u64,
    ) -> Result<(), StoreError> {
        self.query(move |db| accounts::open_session(db, user, &hash, ms(now), ms(expires)))
            .await
    }

    /// The account of a live session, which then lasts till `extend_to`.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn session(
        &self,
        hash: String,
        now: u64,
        extend_to: u64,
    ) -> Result<Option<Account>, StoreError> {
        self.query(move |db| accounts::session(db, &hash, ms(now), ms(extend_to)))
            .await
    }

    /// Ends one session.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn end_session(&self, hash: String) -> Result<(), StoreError> {
        self.query(move |db| accounts::end_session(db, &hash)).await
    }

    /// Ends every session of `user` but `keep`.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn end_sessions(&self, user: i64, keep: Option<String>) -> Result<(), StoreError> {
        self.query(move |db| accounts::end_sessions(db, user, keep.as_deref()))
            .await
    }

    /// Stores a new password hash.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn set_password(&self, user: i64, hash: String) -> Result<(), StoreError> {
        self.query(move |db| accounts::set_password(db, user, &hash))
            .await
    }

    /// Deletes an account (its games stay, under "deleted player").
    ///
    /// # Errors
    /// The database's reason.
    pub async fn delete_account(&self, user: i64) -> Result<(), StoreError> {
        self.query(move |db| accounts::delete(db, user)).await
    }

    /// Every rating of `user`.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn ratings(&self, user: i64) -> Result<Vec<RatingView>, StoreError> {
        self.query(move |db| ratings::ratings(db, user)).await
    }

    /// The cards of a game's seats at `speed` (`None`: a guest or free).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn cards(
        &self,
        users: ByColor<Option<i64>>,
        speed: Speed,
    ) -> Result<ByColor<Option<PlayerView>>, StoreError> {
        self.query(move |db| {
            let mut out = ByColor::default();
            for (side, user) in users.iter() {
                if let Some(u) = user {
                    out[side] = Some(ratings::card(db, *u, speed)?);
                }
            }
            Ok(out)
        })
        .await
    }

    /// Rates finished game `code` once (whichever node asks first): how
    /// its players' ratings moved; the stored changes when it was rated
    /// already; `None` for a game that is not rated or not finished.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn rate(
        &self,
        code: &str,
        now: u64,
    ) -> Result<Option<ByColor<Option<RatingChange>>>, StoreError> {
        let code = code.to_string();
        let rated = self
            .query(move |db| ratings::rate(db, &code, ms(now)))
            .await?;
        Ok(rated.map(|(changes, fresh)| {
            if fresh {
                self.stats
                    .rated
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            changes
        }))
    }

    /// Rates every finished rated game still unrated (its node died
    /// between the end and the rating): how many were.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn rate_pending(&self, now: u64) -> Result<usize, StoreError> {
        let codes = self.query(ratings::pending).await?;
        for code in &codes {
            self.rate(code, now).await?;
        }
        Ok(codes.len())
    }

    /// A player's page, by folded name.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn profile(&self, key: &str) -> Result<Option<ProfileView>, StoreError> {
        let key = key.to_string();
        self.query(move |db| archive::profile(db, &key)).await
    }

    /// A page of a player's finished games (by folded name) and whether
    /// older ones follow.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn archive(
        &self,
        key: &str,
        page: u32,
    ) -> Result<Option<(Vec<ArchiveEntry>, bool)>, StoreError> {
        let key = key.to_string();
        self.query(move |db| archive::archive(db, &key, page)).await
    }

    /// A finished game by its id, with its record; `None` for a game in
    /// progress or no game.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn finished(
        &self,
        code: &str,
    ) -> Result<Option<(ArchiveEntry, StoredGame)>, StoreError> {
        let code = code.to_string();
        self.query(move |db| archive::finished(db, &code)).await
    }

    /// The best established ratings of `speed` among players with a rated
    /// game since `since_ms`.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn leaderboard(
        &self,
        speed: Speed,
        since_ms: u64,
    ) -> Result<Vec<LeaderRow>, StoreError> {
        self.query(move |db| archive::leaderboard(db, speed, ms(since_ms)))
            .await
    }
}
