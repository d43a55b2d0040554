//! Passwords, kept only as Argon2id hashes.
//!
//! The parameters are OWASP's current advice for Argon2id (its Password
//! Storage Cheat Sheet): 19 MiB of memory (m = 19456 KiB), two passes
//! (t = 2), one lane (p = 1). Each hash has its own 16 random bytes of salt
//! from the operating system, and is stored as a PHC string
//! (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which carries its own
//! parameters: a hash made under older ones still verifies after these
//! are raised.
//!
//! A password has 8 to 128 bytes, checked before any hashing, so that what
//! a client sends bounds the work it costs. [`Password`] never shows its
//! text: not in `Debug`, `Display` or a log line, and no error here holds
//! it or a hash.

use std::fmt;
use std::sync::OnceLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

/// The fewest bytes of a password.
pub const MIN_BYTES: usize = 8;
/// The most bytes of a password: a cap on what one sign-in costs.
pub const MAX_BYTES: usize = 128;

/// Memory in KiB (19 MiB), OWASP's advice with t = 2 and p = 1.
const M_COST: u32 = 19_456;
/// Passes over the memory.
const T_COST: u32 = 2;
/// Lanes: one, so that one sign-in takes one core.
const P_COST: u32 = 1;
/// Bytes of salt, the PHC format's recommended length.
const SALT_BYTES: usize = 16;

/// A password as a client typed it. Shown as `[hidden]` everywhere.
// No PartialEq: passwords are compared only through their hashes.
#[derive(Clone)]
pub struct Password(String);

impl Password {
    /// Wraps what a client sent (its length is checked when hashed).
    pub fn new(text: impl Into<String>) -> Password {
        Password(text.into())
    }

    fn bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl From<String> for Password {
    fn from(text: String) -> Password {
        Password(text)
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[hidden]")
    }
}

impl fmt::Display for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[hidden]")
    }
}

/// Why a password was not hashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordError {
    /// Fewer than `min` bytes.
    TooShort {
        /// The fewest bytes.
        min: usize,
    },
    /// More than `max` bytes.
    TooLong {
        /// The most bytes.
        max: usize,
    },
    /// The hash could not be made (no randomness for the salt, or no
    /// memory); no detail, which could hold a secret.
    Hash,
}

impl fmt::Display for PasswordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PasswordError::TooShort { min } => write!(f, "a password has at least {min} bytes"),
            PasswordError::TooLong { max } => write!(f, "a password has at most {max} bytes"),
            PasswordError::Hash => write!(f, "the password could not be hashed"),
        }
    }
}

impl std::error::Error for PasswordError {}

/// The hasher with this module's parameters.
fn argon2() -> Result<Argon2<'static>, PasswordError> {
    let params = Params::new(M_COST, T_COST, P_COST, None).map_err(|_| PasswordError::Hash)?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

/// The PHC string of `password` with `salt`.
fn hash_with(password: &[u8], salt: &[u8; SALT_BYTES]) -> Result<String, PasswordError> {
    let salt = SaltString::encode_b64(salt).map_err(|_| PasswordError::Hash)?;
    let hash = argon2()?
        .hash_password(password, &salt)
        .map_err(|_| PasswordError::Hash)?;
    Ok(hash.to_string())
}

/// A PHC string of `password`, to store, with a fresh random salt.
///
/// # Errors
/// The password is shorter than [`MIN_BYTES`] or longer than
/// [`MAX_BYTES`], or the operating system gave no random bytes.
pub fn hash(password: &Password) -> Result<String, PasswordError> {
    let length = password.bytes().len();
    if length < MIN_BYTES {
        return Err(PasswordError::TooShort { min: MIN_BYTES });
    }
    if length > MAX_BYTES {
        return Err(PasswordError::TooLong { max: MAX_BYTES });
    }
    let mut salt = [0; SALT_BYTES];
    getrandom::fill(&mut salt).map_err(|_| PasswordError::Hash)?;
    hash_with(password.bytes(), &salt)
}

/// Whether `password` is the one `phc` (a string [`hash`] made) was made
/// from. A password longer than [`MAX_BYTES`] is refused unhashed (no
/// stored one can be); a `phc` that does not parse gives `false`. The
/// work is the parameters `phc` names: stored strings are the server's
/// own.
pub fn verify(password: &Password, phc: &str) -> bool {
    if password.bytes().len() > MAX_BYTES {
        return false;
    }
    let Ok(parsed) = PasswordHash::new(phc) else {
        return false;
    };
    // The algorithm and parameters come from the PHC string.
    Argon2::default()
        .verify_password(password.bytes(), &parsed)
        .is_ok()
}

/// Does the work of [`verify`] for a name no account has, and is `false`:
/// a sign-in for an unknown name then takes as long as one with a wrong
/// password, and its time tells nobody which names exist. The first call
/// also makes the stand-in hash (one more hash, once).
pub fn verify_unknown(password: &Password) -> bool {
    static STAND_IN: OnceLock<Option<String>> = OnceLock::new();
    // Longer than any password verify accepts: no password matches it.
    let stand_in =
        STAND_IN.get_or_init(|| hash_with(&[b'x'; MAX_BYTES + 1], &[0; SALT_BYTES]).ok());
    match stand_in {
        Some(phc) => {
            std::hint::black_box(verify(password, phc));
        }
        // Cannot happen with fixed, valid parameters short of memory; the
        // same work all the same.
        None => {
            let _ = std::hint::black_box(hash_with(password.bytes(), &[0; SALT_BYTES]));
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One hash for the tests that need one: each costs 19 MiB and some
    /// tens of milliseconds (more unoptimised).
    fn stored() -> &'static str {
        static STORED: OnceLock<String> = OnceLock::new();
        STORED.get_or_init(|| hash(&Password::new("correct horse")).expect("hashed"))
    }

    #[test]
    fn a_hash_verifies_its_password_and_no_other() {
        assert!(verify(&Password::new("correct horse"), stored()));
        assert!(!verify(&Password::new("correct horsf"), stored()));
        assert!(!verify(&Password::new("Correct horse"), stored()));
        assert!(!verify(&Password::new(""), stored()));
    }

    #[test]
    fn the_stored_string_is_argon2id_with_owasp_parameters() {
        let phc = stored();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(!phc.contains("correct"));
    }

    #[test]
    fn each_hash_has_its_own_salt() {
        let again = hash(&Password::new("correct horse")).expect("hashed");
        assert_ne!(again, stored());
        assert!(verify(&Password::new("correct horse"), &again));
    }

    #[test]
    fn a_malformed_stored_hash_verifies_nothing() {
        let p = Password::new("correct horse");
        for phc in [
            "",
            "$",
            "not a hash",
            "$argon2id$v=19$m=19456,t=2,p=1$",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ",
            "$argon2id$v=19$m=x,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA",
            "$md5$v=1$c2FsdA$aGFzaA",
            &stored()[..stored().len() - 5],
        ] {
            assert!(!verify(&p, phc), "{phc}");
        }
    }

    #[test]
    fn lengths_are_capped_before_hashing() {
        let short = Password::new("a".repeat(MIN_BYTES - 1));
        assert_eq!(hash(&short), Err(PasswordError::TooShort { min: 8 }));
        let long = Password::new("a".repeat(MAX_BYTES + 1));
        assert_eq!(hash(&long), Err(PasswordError::TooLong { max: 128 }));
        // Bytes, not characters: these 52 letters are 130 bytes.
        let wide = Password::new("ж€".repeat(26));
        assert!(wide.0.len() > MAX_BYTES);
        assert_eq!(hash(&wide), Err(PasswordError::TooLong { max: 128 }));
        assert!(!verify(&long, stored()));
    }

    #[test]
    fn an_unknown_name_never_verifies() {
        assert!(!verify_unknown(&Password::new("correct horse")));
        assert!(!verify_unknown(&Password::new("")));
        assert!(!verify_unknown(&Password::new("x".repeat(MAX_BYTES))));
        assert!(!verify_unknown(&Password::new("x".repeat(MAX_BYTES + 1))));
    }

    #[test]
    fn a_password_is_never_shown() {
        let p = Password::new("hunter22");
        assert_eq!(format!("{p}"), "[hidden]");
        assert_eq!(format!("{p:?}"), "[hidden]");
        assert_eq!(format!("{:?}", Some(&p)), "Some([hidden])");
        for e in [
            PasswordError::TooShort { min: 8 },
            PasswordError::TooLong { max: 128 },
            PasswordError::Hash,
        ] {
            assert!(!e.to_string().contains("hunter"));
        }
    }
}
