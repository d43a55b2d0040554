//! Unguessable values from the operating system's randomness: seat tokens,
//! invite codes and the seeds that deal the mines.

/// Letters of invite codes: no 0/O or 1/I/L to misread when spoken.
const CODE_LETTERS: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

fn bytes<const N: usize>() -> [u8; N] {
    let mut b = [0; N];
    // Without the OS's randomness nothing here would be secret: stop.
    getrandom::fill(&mut b).expect("the operating system's random source");
    b
}

/// A seat token: 128 random bits as 32 hex digits.
pub fn token() -> String {
    bytes::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// An invite code: 8 letters, about 40 bits (codes are public; seats are
/// held by tokens, so a guessed code lets one watch, never play).
pub fn code() -> String {
    bytes::<8>()
        .iter()
        .map(|b| char::from(CODE_LETTERS[usize::from(*b) % CODE_LETTERS.len()]))
        .collect()
}

/// A seed for dealing mines.
pub fn seed() -> u64 {
    u64::from_le_bytes(bytes::<8>())
}

/// A fair coin (colours of a quick game or a random seat).
pub fn coin() -> bool {
    bytes::<1>()[0] & 1 == 0
}

/// Whether `given` is `secret`, compared in full whatever the first
/// difference, so that timing tells nothing of the secret.
pub fn same(given: &[u8], secret: &[u8]) -> bool {
    given.len() == secret.len() && given.iter().zip(secret).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
}
