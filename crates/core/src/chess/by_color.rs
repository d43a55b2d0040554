//! One value for each side: seats, clocks, presence, kings.

use std::ops::{Index, IndexMut};

use super::color::Color;

/// A value for White and one for Black, indexed by [`Color`].
///
/// In JSON it is a two-element array, White's first, as the online
/// protocol has always written such pairs.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct ByColor<T>([T; 2]);

impl<T> ByColor<T> {
    /// White's value and Black's.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor([white, black])
    }

    /// The value for each side from `f(side)`.
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor([f(Color::White), f(Color::Black)])
    }

    /// Each side's value through `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let [w, b] = self.0;
        ByColor([f(w), f(b)])
    }

    /// Each side with its value, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::ALL.into_iter().zip(self.0.iter())
    }

    /// Each side's value, White's first.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// Whether `f` holds for both sides' values.
    pub fn all(&self, f: impl Fn(&T) -> bool) -> bool {
        self.0.iter().all(f)
    }

    /// The first side (White before Black) whose value satisfies `f`.
    pub fn find(&self, f: impl Fn(&T) -> bool) -> Option<Color> {
        self.iter().find(|(_, v)| f(v)).map(|(c, _)| c)
    }

    /// The two values as an array, White's first.
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
}

impl<T: Clone> ByColor<T> {
    /// The same value for both sides.
    pub fn both(value: T) -> ByColor<T> {
        ByColor([value.clone(), value])
    }
}

impl<T> From<[T; 2]> for ByColor<T> {
    fn from(pair: [T; 2]) -> ByColor<T> {
        ByColor(pair)
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, side: Color) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, side: Color) -> &mut T {
        &mut self.0[side.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_by_side_and_reads_as_a_json_pair() {
        let mut seats = ByColor::<Option<String>>::default();
        seats[Color::Black] = Some("b".into());
        assert_eq!(seats[Color::White], None);
        assert_eq!(seats.find(Option::is_none), Some(Color::White));
        let json = serde_json::to_string(&ByColor::new(true, false)).expect("serialises");
        assert_eq!(json, "[true,false]");
        let back: ByColor<u64> = serde_json::from_str("[5,7]").expect("reads a pair");
        assert_eq!(back[Color::Black], 7);
        assert!(serde_json::from_str::<ByColor<u64>>("[5]").is_err());
    }
}
