//! Session tokens: what a signed-in client holds instead of its password.
//!
//! A token is 32 random bytes from the operating system (256 bits), as 64
//! lower-case hex digits; the client keeps it, the server stores only its
//! BLAKE2b-256 hash ([`token_hash`]), so that a copy of the database signs
//! nobody in. No salt and no slow hash: a token is as unguessable as its
//! 256 random bits, unlike a password, so one fast hash of it is as hard
//! to reverse as guessing it.

use blake2::Blake2b;
use blake2::Digest;
use blake2::digest::consts::U32;

/// How long a session lasts after it was made, in days.
pub const SESSION_DAYS: u64 = 30;
/// [`SESSION_DAYS`] in milliseconds, the unit of the server's clock.
pub const SESSION_MS: u64 = SESSION_DAYS * 24 * 60 * 60 * 1000;

/// Random bytes in a token.
const TOKEN_BYTES: usize = 32;
/// Hex digits in a token.
pub const TOKEN_LEN: usize = TOKEN_BYTES * 2;

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    out
}

/// A new session token: 256 random bits as 64 lower-case hex digits.
///
/// # Errors
/// The operating system gave no random bytes.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0; TOKEN_BYTES];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The BLAKE2b-256 hash of a token, as 64 hex digits: the only form of it
/// the server stores or looks up.
pub fn token_hash(token: &str) -> String {
    hex(&Blake2b::<U32>::digest(token.as_bytes()))
}

/// Whether `s` has a token's form (64 lower-case hex digits): anything
/// else is refused before it is hashed or looked up.
pub fn looks_like_token(s: &str) -> bool {
    s.len() == TOKEN_LEN && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn tokens_are_64_hex_digits_and_all_different() {
        let tokens: HashSet<String> = (0..1000)
            .map(|_| new_token().expect("random bytes"))
            .collect();
        assert_eq!(tokens.len(), 1000);
        assert!(tokens.iter().all(|t| looks_like_token(t)));
    }

    #[test]
    fn the_hash_is_stable_and_not_the_token() {
        let token = new_token().expect("random bytes");
        let h = token_hash(&token);
        assert_eq!(h, token_hash(&token));
        assert_ne!(h, token);
        assert_eq!(h.len(), 64);
        assert!(looks_like_token(&h));
        assert_ne!(h, token_hash(&new_token().expect("random bytes")));
    }

    #[test]
    fn the_hash_is_blake2b_256() {
        // BLAKE2b-256 of the empty string (RFC 7693's function, 32-byte
        // output), so that the stored hashes stay the same across builds.
        assert_eq!(
            token_hash(""),
            "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8"
        );
    }

    #[test]
    fn junk_does_not_look_like_a_token() {
        let token = new_token().expect("random bytes");
        assert!(looks_like_token(&token));
        assert!(!looks_like_token(""));
        assert!(!looks_like_token(&token[1..]));
        assert!(!looks_like_token(&format!("{token}0")));
        assert!(!looks_like_token(
            &token.to_uppercase().replace(char::is_numeric, "A")
        ));
        assert!(!looks_like_token(&"g".repeat(64)));
        assert!(!looks_like_token(&"é".repeat(32)));
    }

    #[test]
    fn a_session_lasts_thirty_days() {
        assert_eq!(SESSION_MS, 2_592_000_000);
    }
}
