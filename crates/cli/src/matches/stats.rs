//! What a match's results say: the score, an Elo difference with its 95%
//! error, and the sequential probability ratio test (SPRT) for self-play.

/// Wins, draws and losses of the first engine.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The logistic Elo difference that scores `p` (0 < p < 1).
fn elo_of(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of an Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The mean score and its per-game variance (trinomial).
    fn mean_var(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
        );
        let mean = w + 0.5 * d;
        let var = w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2);
        Some((mean, var))
    }

    /// The Elo difference and the half-width of its 95% interval; `None`
    /// with no games, or a score of 0 or 1 (no finite estimate).
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mean, var) = self.mean_var()?;
        if mean <= 0.0 || mean >= 1.0 {
            return None;
        }
        let sd = (var / self.games() as f64).sqrt();
        let lo = (mean - 1.96 * sd).clamp(1e-6, 1.0 - 1e-6);
        let hi = (mean + 1.96 * sd).clamp(1e-6, 1.0 - 1e-6);
        Some((elo_of(mean), (elo_of(hi) - elo_of(lo)) / 2.0))
    }

    /// The log-likelihood ratio of "the first engine is `elo1` stronger"
    /// against "it is `elo0` stronger" (the usual normal approximation).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let Some((mean, var)) = self.mean_var() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        (s1 - s0) * (2.0 * mean - s0 - s1) * self.games() as f64 / (2.0 * var)
    }
}

/// The SPRT's verdict so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sprt {
    /// H1 accepted: the change gains.
    Gain,
    /// H0 accepted: it does not.
    NoGain,
    /// Keep playing.
    Open,
}

/// The bounds for error rates α = β = 0.05: ±2.94.
pub fn sprt(llr: f64) -> Sprt {
    let (alpha, beta) = (0.05f64, 0.05f64);
    let lower = (beta / (1.0 - alpha)).ln();
    let upper = ((1.0 - beta) / alpha).ln();
    if llr >= upper {
        Sprt::Gain
    } else if llr <= lower {
        Sprt::NoGain
    } else {
        Sprt::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
        };
        let (elo, err) = t.elo().expect("finite");
        assert!(elo.abs() < 1e-9);
        // 100 games of this spread: about ±50 Elo.
        assert!((40.0..60.0).contains(&err), "{err}");
    }

    #[test]
    fn three_quarters_is_191_elo() {
        let t = Tally {
            wins: 50,
            draws: 50,
            losses: 0,
        };
        let (elo, _) = t.elo().expect("finite");
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        assert_eq!(
            Tally {
                wins: 3,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
    }

    #[test]
    fn sprt_decides_clear_results_only() {
        let strong = Tally {
            wins: 300,
            draws: 100,
            losses: 100,
        };
        assert_eq!(sprt(strong.llr(0.0, 10.0)), Sprt::Gain);
        let weak = Tally {
            wins: 100,
            draws: 100,
            losses: 300,
        };
        assert_eq!(sprt(weak.llr(0.0, 10.0)), Sprt::NoGain);
        let few = Tally {
            wins: 3,
            draws: 2,
            losses: 2,
        };
        assert_eq!(sprt(few.llr(0.0, 10.0)), Sprt::Open);
    }
}
