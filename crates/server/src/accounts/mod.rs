//! Players' accounts, the parts that touch neither the network nor the
//! database: each is a pure function or, for the limits, a value in
//! memory, tested alone.
//!
//! - [`names`]: what a player may be called (ASCII, 3 to 20 characters)
//!   and the key, folded for look-alikes, that keeps names unique.
//! - [`password`]: Argon2id hashes of passwords (OWASP's parameters), and
//!   a sign-in for an unknown name that costs as much as a wrong password.
//! - [`sessions`]: the random tokens a signed-in client holds, of which
//!   the server stores only a hash.
//! - [`limiter`]: how often one address may try to sign in or up, and one
//!   account fail to.
//!
//! Nothing here logs or shows a password, a token or a hash.

pub mod limiter;
pub mod names;
pub mod password;
pub mod sessions;
