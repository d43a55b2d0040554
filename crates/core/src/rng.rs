//! The random number generator behind every seed (mine layouts, puzzle
//! boards, the computer's noise): xoshiro256++ seeded through SplitMix64.
//!
//! `rand`'s `SmallRng` is the same generator on 64-bit machines but a
//! different one on 32-bit targets such as wasm32, so the same seed gave a
//! different board in the browser. This one gives the same numbers
//! everywhere, so a seed or a share code means one board on every machine.

use rand::{RngCore, SeedableRng};

/// Portable xoshiro256++ (same output as `SmallRng` on 64-bit machines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRng {
    s: [u64; 4],
}

impl SeedableRng for GameRng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> GameRng {
        let mut s = [0u64; 4];
        for (i, chunk) in seed.chunks_exact(8).enumerate() {
            let mut b = [0u8; 8];
            b.copy_from_slice(chunk);
            s[i] = u64::from_le_bytes(b);
        }
        if s == [0; 4] {
            return GameRng::seed_from_u64(0);
        }
        GameRng { s }
    }

    fn seed_from_u64(mut state: u64) -> GameRng {
        let mut s = [0u64; 4];
        for v in &mut s {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *v = z ^ (z >> 31);
        }
        GameRng { s }
    }
}

impl RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On 64-bit machines the seeds of earlier versions keep their boards.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn matches_small_rng_on_64_bit_machines() {
        for seed in [0, 1, 11, 0x5eed_2026, u64::MAX] {
            let mut a = GameRng::seed_from_u64(seed);
            let mut b = rand::rngs::SmallRng::seed_from_u64(seed);
            for _ in 0..100 {
                assert_eq!(a.next_u64(), b.next_u64());
            }
        }
    }

    #[test]
    fn the_reference_sequence_of_xoshiro256plusplus() {
        let mut seed = [0u8; 32];
        for (i, v) in [1u64, 2, 3, 4].iter().enumerate() {
            seed[i * 8..i * 8 + 8].copy_from_slice(&v.to_le_bytes());
        }
        let mut rng = GameRng::from_seed(seed);
        // Published test vector of the algorithm's authors.
        for e in [41943041u64, 58720359, 3588806011781223, 3591011842654386] {
            assert_eq!(rng.next_u64(), e);
        }
    }
}
