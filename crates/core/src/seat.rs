//! Seats, sets of seats, and per-seat storage without heap allocation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The most seats any game of tapis seats (Le 8 Nantais with two decks).
pub const MAX_SEATS: usize = 10;

/// A seat at the table, `0..players`, clockwise.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places clockwise (left) of this one at a table of `players`.
    pub const fn left(self, steps: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + steps) % players) as u8)
    }

    /// The seat `steps` places anticlockwise (right) of this one.
    pub const fn right(self, steps: usize, players: usize) -> Seat {
        Seat(((self.0 as usize + players - steps % players) % players) as u8)
    }

    /// Every seat of a table of `players`, in order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A set of seats as a bitset.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(pub u16);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Seats `0..players`.
    pub const fn all(players: usize) -> SeatSet {
        SeatSet(((1u32 << players) - 1) as u16)
    }

    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    #[inline]
    pub const fn difference(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// The lowest seat of the set.
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The `n`-th seat of the set in ascending order.
    pub fn nth(self, n: usize) -> Option<Seat> {
        self.iter().nth(n)
    }

    pub fn iter(self) -> SeatIter {
        SeatIter(self.0)
    }
}

set_operators!(SeatSet);

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatIter;
    fn into_iter(self) -> SeatIter {
        self.iter()
    }
}

/// Seats of a [`SeatSet`] in ascending order.
#[derive(Clone)]
pub struct SeatIter(u16);

impl Iterator for SeatIter {
    type Item = Seat;
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let seat = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Seat(seat))
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let seats = Vec::<u8>::deserialize(d)?;
        if let Some(bad) = seats.iter().find(|&&s| s as usize >= MAX_SEATS) {
            return Err(serde::de::Error::custom(format!("seat {bad} is out of range")));
        }
        Ok(seats.into_iter().map(Seat).collect())
    }
}

/// One value per seat of a table, stored inline (no heap), serialized as a list of `len` values.
/// Equality and hashing look only at the table's seats, never at the unused slots.
#[derive(Clone, Copy)]
pub struct BySeat<T> {
    len: u8,
    items: [T; MAX_SEATS],
}

impl<T: Copy + Default> BySeat<T> {
    /// `players` copies of `T::default()`.
    pub fn new(players: usize) -> Self {
        Self::filled(players, T::default())
    }
}

impl<T: Copy + Default> Default for BySeat<T> {
    fn default() -> Self {
        Self::new(0)
    }
}

impl<T: Copy> BySeat<T> {
    pub fn filled(players: usize, value: T) -> Self {
        assert!(players <= MAX_SEATS, "at most {MAX_SEATS} seats");
        BySeat { len: players as u8, items: [value; MAX_SEATS] }
    }
}

impl<T> BySeat<T> {
    pub fn from_fn(players: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        assert!(players <= MAX_SEATS, "at most {MAX_SEATS} seats");
        let items = std::array::from_fn(|i| f(Seat(i.min(players.saturating_sub(1)) as u8)));
        BySeat { len: players as u8, items }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }

    /// `(seat, value)` pairs in seat order.
    pub fn seats(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> BySeat<U> {
        let len = self.len as usize;
        BySeat::from_fn(len, |s| f(&self.items[s.index()]))
    }
}

impl<T: PartialEq> PartialEq for BySeat<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for BySeat<T> {}

impl<T: std::hash::Hash> std::hash::Hash for BySeat<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.as_slice()[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.as_mut_slice()[seat.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        if values.len() > MAX_SEATS {
            return Err(serde::de::Error::custom(format!("more than {MAX_SEATS} seats")));
        }
        let len = values.len();
        let mut values = values.into_iter();
        Ok(BySeat::from_fn(MAX_SEATS, |_| values.next().unwrap_or_default()).truncated(len))
    }
}

impl<T> BySeat<T> {
    fn truncated(mut self, len: usize) -> Self {
        self.len = len as u8;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_arithmetic_wraps_both_ways() {
        assert_eq!(Seat(3).left(1, 4), Seat(0));
        assert_eq!(Seat(0).right(1, 4), Seat(3));
        assert_eq!(Seat(1).right(6, 4), Seat(3));
    }

    #[test]
    fn seat_set_iterates_in_order() {
        let set: SeatSet = [Seat(4), Seat(1), Seat(7)].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(4), Seat(7)]);
        assert_eq!(set.len(), 3);
        assert_eq!(serde_json::to_string(&set).unwrap(), "[1,4,7]");
        assert_eq!(SeatSet::all(10).len(), 10);
    }

    #[test]
    fn by_seat_serializes_only_its_seats() {
        let mut scores = BySeat::<i64>::new(3);
        scores[Seat(2)] = -4;
        let json = serde_json::to_string(&scores).unwrap();
        assert_eq!(json, "[0,0,-4]");
        let back: BySeat<i64> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, scores);
    }

    #[test]
    fn equality_ignores_the_unused_slots() {
        let built = BySeat::from_fn(2, |s| s.0 as i64 + 1);
        let read: BySeat<i64> = serde_json::from_str("[1,2]").unwrap();
        assert_eq!(built, read);
    }
}
