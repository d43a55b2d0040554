//! Sound effects synthesised in code: no sample files to license or ship.
//!
//! Each effect is a short mono 16-bit WAV built from a few oscillators and
//! filtered noise with envelopes. Deterministic (a fixed noise seed), so the
//! same bytes come out every run and tests can measure them.

/// Sample rate of every effect.
const RATE: u32 = 22_050;

/// The sound effects of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A piece set down.
    Move,
    /// A piece taken.
    Capture,
    /// A mine going off.
    Blast,
    /// A pawn's sapper sweep.
    Sweep,
    /// A king quietly removing a mine.
    RoyalSweep,
    /// Fog lifting.
    Fog,
    /// Check.
    Check,
    /// The game ended.
    GameEnd,
    /// A menu button.
    Click,
    /// A refused move.
    Illegal,
    /// Online: the player's clock is under ten seconds.
    LowTime,
}

impl Effect {
    /// Every effect, for preloading.
    pub(crate) const ALL: [Effect; 11] = [
        Effect::Move,
        Effect::Capture,
        Effect::Blast,
        Effect::Sweep,
        Effect::RoyalSweep,
        Effect::Fog,
        Effect::Check,
        Effect::GameEnd,
        Effect::Click,
        Effect::Illegal,
        Effect::LowTime,
    ];

    /// The effect's samples in -1..1.
    fn samples(self) -> Vec<f32> {
        let mut noise = Noise(0x2545_f491_4f6c_dd1d);
        match self {
            Effect::Move => {
                // A wooden knock: a low thump plus a short click.
                render(0.12, |t| {
                    let env = (-t * 45.0).exp();
                    0.7 * env * sine(180.0 - 60.0 * t, t) + 0.3 * (-t * 300.0).exp() * noise.next()
                })
            }
            Effect::Capture => render(0.2, |t| {
                let env = (-t * 30.0).exp();
                0.55 * env * sine(140.0, t)
                    + 0.35 * env * sine(420.0, t)
                    + 0.35 * (-t * 120.0).exp() * noise.next()
            }),
            Effect::Blast => {
                // Low rumble and a noise burst that darkens as it decays.
                let mut low = 0.0;
                render(1.1, |t| {
                    let n = noise.next();
                    let k = 0.02 + 0.5 * (-t * 6.0).exp();
                    low += k * (n - low);
                    let env = if t < 0.01 { t / 0.01 } else { (-t * 3.2).exp() };
                    0.9 * env * (0.75 * low * 3.0 + 0.35 * sine(48.0 - 12.0 * t, t))
                })
            }
            Effect::Sweep => {
                // A rising whoosh: band of noise whose brightness climbs.
                let mut lp = 0.0;
                render(0.45, |t| {
                    let k = 0.05 + 0.5 * (t / 0.45);
                    lp += k * (noise.next() - lp);
                    let env = (std::f32::consts::PI * t / 0.45).sin();
                    0.6 * env * lp * 2.0 + 0.15 * env * sine(600.0 + 900.0 * t, t)
                })
            }
            Effect::RoyalSweep => render(0.35, |t| {
                let env = (-t * 9.0).exp();
                0.35 * env * (sine(880.0, t) + 0.5 * sine(1320.0, t))
            }),
            Effect::Fog => {
                let mut lp = 0.0;
                render(0.6, |t| {
                    lp += 0.06 * (noise.next() - lp);
                    let env = (std::f32::consts::PI * t / 0.6).sin().powi(2);
                    0.8 * env * lp * 2.5
                })
            }
            Effect::Check => render(0.5, |t| {
                let f = if t < 0.16 { 660.0 } else { 880.0 };
                let local = if t < 0.16 { t } else { t - 0.16 };
                0.45 * (-local * 7.0).exp() * (sine(f, t) + 0.3 * sine(2.0 * f, t))
            }),
            Effect::GameEnd => render(1.2, |t| {
                // A rising major arpeggio.
                let notes = [523.25, 659.25, 783.99, 1046.5];
                let i = ((t / 0.18) as usize).min(notes.len() - 1);
                let local = t - i as f32 * 0.18;
                0.4 * (-local * 3.5).exp() * (sine(notes[i], t) + 0.25 * sine(notes[i] * 2.0, t))
            }),
            Effect::Click => render(0.04, |t| 0.5 * (-t * 160.0).exp() * sine(1800.0, t)),
            Effect::LowTime => render(0.3, |t| {
                // Two short high ticks, like a clock's last seconds.
                let local = if t < 0.15 { t } else { t - 0.15 };
                0.4 * (-local * 40.0).exp() * (sine(1568.0, t) + 0.3 * sine(3136.0, t))
            }),
            Effect::Illegal => render(0.18, |t| {
                0.35 * (-t * 14.0).exp() * (sine(196.0, t) + 0.5 * sine(207.6, t))
            }),
        }
    }

    /// The effect as a WAV file.
    pub(crate) fn wav(self) -> Vec<u8> {
        wav_bytes(&self.samples())
    }
}

fn sine(freq: f32, t: f32) -> f32 {
    (std::f32::consts::TAU * freq * t).sin()
}

fn render(seconds: f32, mut f: impl FnMut(f32) -> f32) -> Vec<f32> {
    let n = (seconds * RATE as f32) as usize;
    let fade = (RATE as usize / 200).min(n / 2);
    (0..n)
        .map(|i| {
            let mut v = f(i as f32 / RATE as f32).clamp(-1.0, 1.0);
            // A few milliseconds of fade at the end: no click.
            if i + fade >= n {
                v *= (n - i) as f32 / fade as f32;
            }
            v
        })
        .collect()
}

/// xorshift noise in -1..1.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// A mono 16-bit PCM WAV file of `samples` at [`RATE`].
fn wav_bytes(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32767.0) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_is_audible_short_and_clipping_free() {
        for e in Effect::ALL {
            let s = e.samples();
            let secs = s.len() as f32 / RATE as f32;
            assert!(secs > 0.02 && secs < 1.5, "{e:?} lasts {secs}s");
            let peak = s.iter().fold(0f32, |m, v| m.max(v.abs()));
            assert!(peak > 0.05 && peak <= 1.0, "{e:?} peak {peak}");
            assert!(s.last().unwrap().abs() < 0.01, "{e:?} ends without a click");
        }
    }

    #[test]
    fn the_blast_is_the_loudest_and_longest() {
        let energy = |e: Effect| e.samples().iter().map(|v| v * v).sum::<f32>();
        for e in Effect::ALL {
            if e != Effect::Blast {
                assert!(energy(Effect::Blast) > energy(e), "{e:?}");
            }
        }
    }

    #[test]
    fn wav_header_is_valid() {
        let w = Effect::Click.wav();
        assert_eq!(&w[0..4], b"RIFF");
        assert_eq!(&w[8..16], b"WAVEfmt ");
        let len = u32::from_le_bytes([w[40], w[41], w[42], w[43]]) as usize;
        assert_eq!(len + 44, w.len());
    }
}
