//! Mine layouts.

use rand::Rng;
use rand::seq::IteratorRandom;

use super::square_set::SquareSet;

/// `count` distinct cells of `zone`, chosen uniformly at random (all of the
/// zone when it has fewer cells).
pub fn random_layout(zone: &SquareSet, count: usize, rng: &mut impl Rng) -> SquareSet {
    zone.iter()
        .choose_multiple(rng, count)
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Variant;
    use crate::rng::GameRng;
    use rand::SeedableRng;

    #[test]
    fn layouts_stay_in_the_zone_and_vary() {
        let v = Variant::classic();
        let mut rng = GameRng::seed_from_u64(7);
        let a = random_layout(&v.fog_zone, 4, &mut rng);
        let b = random_layout(&v.fog_zone, 4, &mut rng);
        assert_eq!(a.len(), 4);
        assert!(a.difference(&v.fog_zone).is_empty());
        assert_ne!(a, b, "two draws in a row should differ");
    }
}
