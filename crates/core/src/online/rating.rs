//! Glicko-2 ratings for online games, one rating per [`Speed`]. The
//! update follows Glickman's "Example of the Glicko-2 system" step by step
//! (the step numbers below are his); the server decides what a rating
//! period is and when a player has been away, and passes it in.

use std::f64::consts::PI;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::clock::TimeControl;
use super::ending::GameResult;
use crate::chess::Color;

/// The system constant τ: how far one period's results may move the
/// volatility. Glickman advises 0.3 to 1.2; the lower half keeps a few
/// surprising results from making a rating jumpy, and 0.5 is the value
/// of his worked example, so the test checks the constant in use.
pub const TAU: f64 = 0.5;
/// The deviation of a player nothing is known about; no deviation grows
/// past it.
pub const MAX_DEVIATION: f64 = 350.0;
/// The smallest deviation: a floor, so a player with many games still
/// moves when they get better or worse.
pub const MIN_DEVIATION: f64 = 45.0;
/// Above this deviation a rating is provisional (lichess shows it with a
/// "?").
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glicko-2's scale: ratings and deviations are divided by it (and the
/// rating shifted by 1500) for the update.
const SCALE: f64 = 173.7178;
/// When the Illinois algorithm stops (step 5), as in Glickman's example.
const CONVERGENCE: f64 = 0.000_001;
/// A bound on the volatility's loops, in case non-finite arithmetic keeps
/// them from converging; they take a handful of rounds otherwise.
const MAX_ITERATIONS: u32 = 100;
/// The most rating periods [`Rating::after_time_away`] counts: more than
/// enough to take any deviation to [`MAX_DEVIATION`], so an infinite
/// count is treated as a long one.
const MAX_PERIODS: f64 = 100_000.0;

/// A player's Glicko-2 rating, on the Glicko scale (1500 for a newcomer).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating itself.
    pub rating: f64,
    /// The rating deviation (RD): how unsure the rating is, in rating
    /// points; about 95% sure the strength is within twice it.
    pub deviation: f64,
    /// The volatility σ: how much the player's strength seems to swing.
    pub volatility: f64,
}

impl Rating {
    /// A new player: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: MAX_DEVIATION,
        volatility: 0.06,
    };

    /// Whether the rating is still too unsure to show plainly (deviation
    /// above [`PROVISIONAL_DEVIATION`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as shown: rounded to a whole number.
    pub fn rounded(&self) -> i32 {
        // `as` saturates (and makes NaN 0), which is all a display needs.
        self.rating.round() as i32
    }

    /// The rating after `periods` rating periods without a game: the
    /// deviation grows to √(φ² + periods·σ²) on the Glicko-2 scale (step 6
    /// once per period), capped at [`MAX_DEVIATION`]. Periods above a large
    /// cap count as the cap; 0 or fewer, a NaN, or a rating that is not
    /// finite leave the rating as it was.
    pub fn after_time_away(self, periods: f64) -> Rating {
        // No time away leaves the rating exact (scaling back and forth
        // would not).
        if !self.is_sane() || periods.is_nan() || periods <= 0.0 {
            return self;
        }
        let periods = periods.min(MAX_PERIODS);
        let (_, phi, sigma) = self.scaled();
        let deviation = SCALE * (phi * phi + periods * sigma * sigma).sqrt();
        Rating {
            deviation: deviation.min(MAX_DEVIATION),
            ..self
        }
    }

    /// Finite, with a deviation of at least 0 and a volatility above 0 (the
    /// volatility's logarithm is taken).
    fn is_sane(&self) -> bool {
        self.rating.is_finite()
            && self.deviation.is_finite()
            && self.deviation >= 0.0
            && self.volatility.is_finite()
            && self.volatility > 0.0
    }

    /// Step 2: μ, φ and σ on the Glicko-2 scale.
    fn scaled(&self) -> (f64, f64, f64) {
        (
            (self.rating - 1500.0) / SCALE,
            self.deviation / SCALE,
            self.volatility,
        )
    }

    /// Step 8: back from the Glicko-2 scale.
    fn unscaled(mu: f64, phi: f64, sigma: f64) -> Rating {
        Rating {
            rating: SCALE * mu + 1500.0,
            deviation: SCALE * phi,
            volatility: sigma,
        }
    }
}

impl Default for Rating {
    /// [`Rating::NEW`].
    fn default() -> Rating {
        Rating::NEW
    }
}

/// `player`'s rating after one rating period of `games`: each an
/// opponent's rating at the start of the period and `player`'s score
/// against them (1 a win, 0.5 a draw, 0 a loss; clamped into 0 to 1). With
/// no games only the deviation grows. The deviation is kept within
/// [`MIN_DEVIATION`] and [`MAX_DEVIATION`]. Anything not finite (or a
/// volatility not above 0) leaves `player` as it was.
pub fn update(player: Rating, games: &[(Rating, f64)]) -> Rating {
    update_with_tau(player, games, TAU)
}

/// [`update`] with the system constant `tau` in place of [`TAU`]; a `tau`
/// that is not finite and above 0 leaves `player` as it was.
pub fn update_with_tau(player: Rating, games: &[(Rating, f64)], tau: f64) -> Rating {
    let games_sane = games.iter().all(|(o, s)| o.is_sane() && s.is_finite());
    if !(player.is_sane() && games_sane && tau.is_finite() && tau > 0.0) {
        return player;
    }
    let (mu, phi, sigma) = player.scaled();
    let new = if games.is_empty() {
        // Step 6 alone: a player who did not play only grows less certain.
        Rating::unscaled(mu, (phi * phi + sigma * sigma).sqrt(), sigma)
    } else {
        rated(mu, phi, sigma, games, tau)
    };
    let new = Rating {
        deviation: new.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
        ..new
    };
    // Opponents far beyond any real rating can overflow the sums.
    if new.is_sane() { new } else { player }
}

/// Steps 3 to 7 for a player who played `games` (not empty), on the
/// Glicko-2 scale; step 8 on the way out.
fn rated(mu: f64, phi: f64, sigma: f64, games: &[(Rating, f64)], tau: f64) -> Rating {
    let (v, improvement) = variance_and_improvement(mu, games);
    // Step 4: Δ, the improvement the results suggest.
    let delta = v * improvement;
    let sigma_new = new_volatility(phi, sigma, delta, v, tau);
    // Step 6.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    // Step 7.
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * improvement;
    Rating::unscaled(mu_new, phi_new, sigma_new)
}

/// g(φ): how much an opponent's result counts given their deviation.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// E(μ, μⱼ, φⱼ): the expected score against an opponent.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// Step 3's variance v, and the sum Σ g(φⱼ)(sⱼ − E) that step 4 (Δ = v
/// times it) and step 7 share.
fn variance_and_improvement(mu: f64, games: &[(Rating, f64)]) -> (f64, f64) {
    let mut inv_v = 0.0;
    let mut improvement = 0.0;
    for (opponent, score) in games {
        let (mu_j, phi_j, _) = opponent.scaled();
        let (g_j, e_j) = (g(phi_j), expected(mu, mu_j, phi_j));
        inv_v += g_j * g_j * e_j * (1.0 - e_j);
        improvement += g_j * (score.clamp(0.0, 1.0) - e_j);
    }
    (1.0 / inv_v, improvement)
}

/// Step 5: the new volatility σ′, the root of f by the Illinois algorithm
/// (Glickman's letters: a, A, B, C).
fn new_volatility(phi: f64, sigma: f64, delta: f64, v: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (phi2, delta2) = (phi * phi, delta * delta);
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi2 + v + ex;
        ex * (delta2 - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut x_a = a;
    let mut x_b = if delta2 > phi2 + v {
        (delta2 - phi2 - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < f64::from(MAX_ITERATIONS) {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(x_a), f(x_b));
    for _ in 0..MAX_ITERATIONS {
        // Equal values would divide by zero; the root is bracketed anyway.
        if (x_b - x_a).abs() <= CONVERGENCE || f_b == f_a {
            break;
        }
        let x_c = x_a + (x_a - x_b) * f_a / (f_b - f_a);
        let f_c = f(x_c);
        if f_c * f_b <= 0.0 {
            (x_a, f_a) = (x_b, f_b);
        } else {
            f_a /= 2.0;
        }
        (x_b, f_b) = (x_c, f_c);
    }
    (x_a / 2.0).exp()
}

/// `side`'s score in a game that ended `result`: 1 a win, 0.5 a draw, 0 a
/// loss.
pub fn score(result: GameResult, side: Color) -> f64 {
    match (result, side) {
        (GameResult::Draw, _) => 0.5,
        (GameResult::WhiteWins, Color::White) | (GameResult::BlackWins, Color::Black) => 1.0,
        (GameResult::WhiteWins, Color::Black) | (GameResult::BlackWins, Color::White) => 0.0,
    }
}

/// How fast a game is; each speed has its own rating (`"bullet"`,
/// `"blitz"`… in JSON).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// An estimated game under 3 minutes.
    Bullet,
    /// An estimated game of 3 to 8 minutes.
    Blitz,
    /// An estimated game of 8 to 25 minutes.
    Rapid,
    /// An estimated game of 25 minutes or more.
    Classical,
    /// No clock.
    Untimed,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Untimed,
    ];

    /// The speed of a game with `control` (`None`: untimed). Timed games go
    /// by lichess's estimate of a game's length, `base_s + 40 ×
    /// increment_s` (forty moves each): under 180 s bullet, under 480 s
    /// blitz, under 1500 s rapid, classical from 1500 s. Of
    /// [`TimeControl::OFFERED`], 3+2 (260 s) and 5+3 (420 s) are blitz,
    /// 10+5 (800 s) and 15+10 (1300 s) rapid.
    pub fn of(control: Option<TimeControl>) -> Speed {
        let Some(c) = control else {
            return Speed::Untimed;
        };
        // In u64: the fields are public, so any u32 may come in.
        let estimate_s = u64::from(c.base_s) + 40 * u64::from(c.increment_s);
        match estimate_s {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// As written: `bullet`, `blitz`, `rapid`, `classical` or `untimed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Untimed => "untimed",
        }
    }
}

impl fmt::Display for Speed {
    /// [`Speed::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a speed's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeedError(pub String);

impl fmt::Display for SpeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "speed {:?}: expected bullet, blitz, rapid, classical or untimed",
            self.0
        )
    }
}

impl std::error::Error for SpeedError {}

impl FromStr for Speed {
    type Err = SpeedError;

    /// Reads a speed as [`Speed::as_str`] writes it (spaces around it
    /// allowed).
    fn from_str(text: &str) -> Result<Speed, SpeedError> {
        let word = text.trim();
        Speed::ALL
            .into_iter()
            .find(|s| s.as_str() == word)
            .ok_or_else(|| SpeedError(text.chars().take(40).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Bit for bit, so NaN fields compare too.
    fn same(a: Rating, b: Rating) -> bool {
        a.rating.to_bits() == b.rating.to_bits()
            && a.deviation.to_bits() == b.deviation.to_bits()
            && a.volatility.to_bits() == b.volatility.to_bits()
    }

    /// 1500/200 against 1400/30, 1550/100 and 1700/300, scoring 1, 0, 0,
    /// with τ = 0.5: Glickman's worked example.
    fn glickman() -> (Rating, [(Rating, f64); 3]) {
        let games = [
            (rating(1400.0, 30.0), 1.0),
            (rating(1550.0, 100.0), 0.0),
            (rating(1700.0, 300.0), 0.0),
        ];
        (rating(1500.0, 200.0), games)
    }

    #[test]
    fn glickman_example_as_printed() {
        // The paper rounds as it goes (g and E to a few decimals, so v =
        // 1.7785 where full precision has 1.77898) and prints 1464.06,
        // 151.52 and 0.05999; full precision lands within that rounding,
        // not within 0.005 of 1464.06.
        let (player, games) = glickman();
        let new = update_with_tau(player, &games, 0.5);
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.005, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
        // Its μ′ and φ′ to the four decimals it prints, and its own step 8
        // on those gives its printed rating and deviation.
        let (mu, phi, _) = new.scaled();
        assert!((mu - -0.2069).abs() < 0.00005, "μ′ {mu}");
        assert!((phi - 0.8722).abs() < 0.00005, "φ′ {phi}");
        let printed = Rating::unscaled(-0.2069, 0.8722, 0.05999);
        assert!((printed.rating - 1464.06).abs() < 0.005);
        assert!((printed.deviation - 151.52).abs() < 0.005);
    }

    #[test]
    fn glickman_example_full_precision() {
        // The digits independent Glicko-2 implementations give for the
        // example: catches a step done slightly wrong that the paper's
        // rounding would hide.
        let (player, games) = glickman();
        let new = update_with_tau(player, &games, 0.5);
        assert!((new.rating - 1_464.050_670_539).abs() < 1e-6, "{new:?}");
        assert!((new.deviation - 151.516_524_124).abs() < 1e-6, "{new:?}");
        assert!(
            (new.volatility - 0.059_995_984_286).abs() < 1e-10,
            "{new:?}"
        );
        let (v, improvement) = variance_and_improvement(0.0, &games);
        assert!((v - 1.778_977).abs() < 1e-6, "v {v}");
        assert!((v * improvement - -0.483_933).abs() < 1e-6, "Δ");
        // TAU is the paper's τ, so `update` agrees.
        assert_eq!(update(player, &games), new);
    }

    #[test]
    fn equal_players_gain_what_the_other_loses() {
        let winner = update(Rating::NEW, &[(Rating::NEW, 1.0)]);
        let loser = update(Rating::NEW, &[(Rating::NEW, 0.0)]);
        assert!(winner.rating > 1500.0);
        assert!((winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-9);
        assert!((winner.deviation - loser.deviation).abs() < 1e-9);
        assert!((winner.volatility - loser.volatility).abs() < 1e-12);
        let seasoned = rating(1720.0, 80.0);
        let drawn = update(seasoned, &[(seasoned, 0.5)]);
        assert!((drawn.rating - seasoned.rating).abs() < 1e-9, "{drawn:?}");
        let drawn_new = update(Rating::NEW, &[(Rating::NEW, 0.5)]);
        assert!((drawn_new.rating - 1500.0).abs() < 1e-9, "{drawn_new:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers() {
        let ratings = [600.0, 1100.0, 1500.0, 1900.0, 2400.0, 3000.0];
        let deviations = [MIN_DEVIATION, PROVISIONAL_DEVIATION, 200.0, MAX_DEVIATION];
        for &r in &ratings {
            for &d in &deviations {
                let player = rating(r, d);
                for &ro in &ratings {
                    for &dop in &deviations {
                        let opponent = rating(ro, dop);
                        let won = update(player, &[(opponent, 1.0)]);
                        let lost = update(player, &[(opponent, 0.0)]);
                        assert!(won.rating > r, "{player:?} beat {opponent:?}: {won:?}");
                        assert!(lost.rating < r, "{player:?} lost to {opponent:?}: {lost:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_game_shrinks_the_deviation_down_to_the_floor() {
        for d in [MAX_DEVIATION, 200.0, 80.0] {
            let player = rating(1500.0, d);
            let after = update(player, &[(rating(1550.0, 100.0), 0.5)]);
            assert!(after.deviation < d, "{player:?} → {after:?}");
        }
        // One game a period settles near 59; twenty would go below 45.
        let mut player = Rating::NEW;
        let period = [(rating(1500.0, MIN_DEVIATION), 0.5); 20];
        for _ in 0..50 {
            player = update(player, &period);
            assert!(player.deviation >= MIN_DEVIATION);
        }
        assert_eq!(player.deviation, MIN_DEVIATION);
        assert!(!player.provisional());
    }

    #[test]
    fn a_period_without_games_only_grows_the_deviation() {
        let player = rating(1620.0, 100.0);
        let idle = update(player, &[]);
        let (_, phi, sigma) = player.scaled();
        let grown = SCALE * (phi * phi + sigma * sigma).sqrt();
        assert!((idle.deviation - grown).abs() < 1e-9, "{idle:?}");
        assert!(idle.deviation > player.deviation);
        assert_eq!((idle.rating, idle.volatility), (1620.0, 0.06));
        assert!((idle.deviation - player.after_time_away(1.0).deviation).abs() < 1e-9);
        assert_eq!(update(Rating::NEW, &[]), Rating::NEW);
    }

    #[test]
    fn time_away_grows_the_deviation_up_to_the_cap() {
        let player = rating(1800.0, 60.0);
        let week = player.after_time_away(10.0);
        let year = player.after_time_away(200.0);
        assert!(player.deviation < week.deviation && week.deviation < year.deviation);
        assert_eq!((week.rating, week.volatility), (1800.0, 0.06));
        assert_eq!(player.after_time_away(0.0), player);
        assert_eq!(player.after_time_away(-5.0), player);
        for periods in [1e6, f64::MAX, f64::INFINITY] {
            assert_eq!(player.after_time_away(periods).deviation, MAX_DEVIATION);
        }
        assert_eq!(Rating::NEW.after_time_away(3.0), Rating::NEW);
        assert!(same(player.after_time_away(f64::NAN), player));
    }

    #[test]
    fn non_finite_input_changes_nothing() {
        let player = rating(1500.0, 200.0);
        let opponent = rating(1400.0, 30.0);
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let odd = [
                Rating {
                    rating: bad,
                    ..player
                },
                Rating {
                    deviation: bad,
                    ..player
                },
                Rating {
                    volatility: bad,
                    ..player
                },
            ];
            for p in odd {
                assert!(same(update(p, &[(opponent, 1.0)]), p));
                assert!(same(update(p, &[]), p));
                assert!(same(p.after_time_away(2.0), p));
                assert_eq!(update(player, &[(p, 1.0)]), player);
            }
            assert_eq!(update(player, &[(opponent, bad)]), player);
            assert_eq!(update_with_tau(player, &[(opponent, 1.0)], bad), player);
        }
        let still = Rating {
            volatility: 0.0,
            ..player
        };
        assert_eq!(update(still, &[(opponent, 1.0)]), still);
        assert_eq!(update_with_tau(player, &[(opponent, 1.0)], 0.0), player);
        // An opponent beyond any real rating: no NaN comes out.
        let absurd = rating(1e300, 30.0);
        assert!(update(player, &[(absurd, 0.0)]).is_sane());
    }

    #[test]
    fn shown_and_provisional() {
        assert!(Rating::NEW.provisional());
        assert!(!rating(1500.0, PROVISIONAL_DEVIATION).provisional());
        assert!(rating(1500.0, PROVISIONAL_DEVIATION + 0.01).provisional());
        assert_eq!(rating(1464.06, 151.52).rounded(), 1464);
        assert_eq!(rating(1499.5, 60.0).rounded(), 1500);
        assert_eq!(Rating::default(), Rating::NEW);
    }

    #[test]
    fn scores() {
        use Color::{Black, White};
        assert_eq!(score(GameResult::WhiteWins, White), 1.0);
        assert_eq!(score(GameResult::WhiteWins, Black), 0.0);
        assert_eq!(score(GameResult::BlackWins, White), 0.0);
        assert_eq!(score(GameResult::BlackWins, Black), 1.0);
        assert_eq!(score(GameResult::Draw, White), 0.5);
        assert_eq!(score(GameResult::Draw, Black), 0.5);
    }

    #[test]
    fn speeds_of_the_offered_controls() {
        let speeds = TimeControl::OFFERED.map(|c| Speed::of(Some(c)));
        assert_eq!(
            speeds,
            [Speed::Blitz, Speed::Blitz, Speed::Rapid, Speed::Rapid]
        );
        assert_eq!(Speed::of(None), Speed::Untimed);
    }

    #[test]
    fn speed_boundaries() {
        let of = |base_s: u32, increment_s: u32| {
            Speed::of(Some(TimeControl {
                base_s,
                increment_s,
            }))
        };
        // 2+1: 120 + 40 = 160 s.
        assert_eq!(of(120, 1), Speed::Bullet);
        assert_eq!(of(179, 0), Speed::Bullet);
        assert_eq!(of(139, 1), Speed::Bullet);
        assert_eq!(of(180, 0), Speed::Blitz);
        assert_eq!(of(140, 1), Speed::Blitz);
        // 3+2: 180 + 80 = 260 s.
        assert_eq!(of(180, 2), Speed::Blitz);
        assert_eq!(of(479, 0), Speed::Blitz);
        assert_eq!(of(480, 0), Speed::Rapid);
        assert_eq!(of(400, 2), Speed::Rapid);
        assert_eq!(of(1499, 0), Speed::Rapid);
        assert_eq!(of(1500, 0), Speed::Classical);
        assert_eq!(of(1100, 9), Speed::Rapid);
        assert_eq!(of(1100, 10), Speed::Classical);
        assert_eq!(of(1800, 0), Speed::Classical);
        // Fields set past the limits do not overflow.
        assert_eq!(of(u32::MAX, u32::MAX), Speed::Classical);
        assert_eq!(of(0, 0), Speed::Bullet);
    }

    #[test]
    fn speed_text() {
        for speed in Speed::ALL {
            assert_eq!(speed.as_str().parse::<Speed>(), Ok(speed));
            assert_eq!(speed.to_string(), speed.as_str());
            let json = serde_json::to_string(&speed).expect("a speed serializes");
            assert_eq!(json, format!("\"{}\"", speed.as_str()));
        }
        assert_eq!(" rapid\n".parse::<Speed>(), Ok(Speed::Rapid));
        for bad in ["", "Blitz", "ultrabullet", "5+3"] {
            assert_eq!(bad.parse::<Speed>(), Err(SpeedError(bad.to_string())));
        }
        let message = "hyper"
            .parse::<Speed>()
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("\"hyper\"") && message.contains("classical"),
            "{message}"
        );
        let mut sorted = Speed::ALL;
        sorted.sort();
        assert_eq!(sorted, Speed::ALL);
    }

    #[test]
    fn ratings_round_trip_through_json() {
        let (player, _) = glickman();
        let json = serde_json::to_string(&player).expect("a rating serializes");
        assert_eq!(
            json,
            r#"{"rating":1500.0,"deviation":200.0,"volatility":0.06}"#
        );
        let back: Rating = serde_json::from_str(&json).expect("and reads back");
        assert_eq!(back, player);
    }
}
