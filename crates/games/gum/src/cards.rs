//! The Battle GUM deck: values `1`…`13` (four copies each) and the `00` Ninja (two copies).
//! Copies of a value are identical, so every zone that is not ordered is a count per kind.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One card: the Ninja (kind 0) or a value `1..=13` (kind = value).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Card(u8);

impl Card {
    pub const NINJA: Card = Card(0);
    /// The 1: lowest value, played on an empty pile, a 1, under a 6, or against a 13.
    pub const ONE: Card = Card(1);
    /// The 13, which gives the pile away.
    pub const THIRTEEN: Card = Card(13);
    /// Kinds of card: the Ninja and the thirteen values.
    pub const KINDS: usize = 14;
    /// Cards in the deck.
    pub const DECK: usize = 54;

    /// The card of value `value` (`0` is the Ninja).
    pub const fn new(value: u8) -> Option<Card> {
        if value <= 13 { Some(Card(value)) } else { None }
    }

    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Self::KINDS { Some(Card(index as u8)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The value `1..=13`; the Ninja has none and answers 0.
    pub const fn value(self) -> u8 {
        self.0
    }

    pub const fn is_ninja(self) -> bool {
        self.0 == 0
    }

    /// How many copies the deck holds.
    pub const fn copies(self) -> u8 {
        if self.is_ninja() { 2 } else { 4 }
    }

    /// Every kind, Ninja first then 1 to 13.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..Self::KINDS as u8).map(Card)
    }

    /// The whole deck in kind order.
    pub fn deck() -> impl Iterator<Item = Card> {
        Card::all().flat_map(|c| std::iter::repeat_n(c, c.copies() as usize))
    }

    /// The card for people: `7`, `13`, `Ninja`.
    pub fn pretty(self) -> String {
        if self.is_ninja() { "Ninja".into() } else { self.0.to_string() }
    }
}

/// Each card's notation, by kind: formatting is on the record's hot path.
const NOTATION: [&str; Card::KINDS] = ["00", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13"];

impl Card {
    /// The card as NOTATION.md writes it: `00`, `1` … `13`.
    pub fn notation(self) -> &'static str {
        NOTATION[self.index()]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

/// A card string that is not a Battle GUM card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCard(pub String);

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a Battle GUM card: write a value from 1 to 13, or 00 for the Ninja", self.0)
    }
}

impl std::error::Error for BadCard {}

impl FromStr for Card {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<Card, BadCard> {
        let bad = || BadCard(s.to_string());
        if s == "00" {
            return Ok(Card::NINJA);
        }
        // One spelling per card: no sign, no leading zero.
        if s.is_empty() || s.len() > 2 || s.starts_with('0') || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let value: u8 = s.parse().map_err(|_| bad())?;
        if (1..=13).contains(&value) { Ok(Card(value)) } else { Err(bad()) }
    }
}

tapis_core::serde_as_text!(Card);

/// A multiset of cards as a count per kind (a hand, a face-up row, the burnt cards).
/// Serialized as the list of its cards in kind order: `["00", "3", "3"]`.
///
/// One word, four bits a kind (kind `i` in bits `4i..4i + 4`): every zone holds at most the
/// deck's four copies of a kind, and the simulation path (totals, the kinds held, moving cards
/// between zones) then costs a few word operations instead of loops over fourteen counts. A
/// count saturates at 15, so no misuse can spill into the next kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Counts(u64);

/// Bit 0 of every kind's four bits.
const LOW_BITS: u64 = 0x0011_1111_1111_1111;
/// Every kind's four bits.
const KIND_BITS: u64 = 0x00ff_ffff_ffff_ffff;

impl Counts {
    pub const EMPTY: Counts = Counts(0);

    /// The whole deck.
    pub const DECK: Counts = {
        let mut bits = 0;
        let mut kind = 0;
        while kind < Card::KINDS as u8 {
            bits |= (Card(kind).copies() as u64) << Counts::shift(Card(kind));
            kind += 1;
        }
        Counts(bits)
    };

    pub fn of(cards: impl IntoIterator<Item = Card>) -> Counts {
        let mut counts = Counts::EMPTY;
        for card in cards {
            counts.add(card, 1);
        }
        counts
    }

    /// The position of `card`'s four bits.
    #[inline]
    const fn shift(card: Card) -> u32 {
        // A card's kind is below 14; the mask keeps even a forged one inside the word.
        4 * (card.0 as u32 & 15)
    }

    #[inline]
    pub fn get(&self, card: Card) -> u8 {
        ((self.0 >> Self::shift(card)) & 15) as u8
    }

    #[inline]
    pub fn add(&mut self, card: Card, n: u8) {
        let room = 15 - self.get(card);
        self.0 += u64::from(n.min(room)) << Self::shift(card);
    }

    /// Removes up to `n` copies; returns how many were there to remove.
    #[inline]
    pub fn remove(&mut self, card: Card, n: u8) -> u8 {
        let removed = n.min(self.get(card));
        self.0 -= u64::from(removed) << Self::shift(card);
        removed
    }

    pub fn add_all(&mut self, other: &Counts) {
        // Even and odd kinds apart, each sum in eight bits, then capped at 15.
        let add = |a: u64, b: u64| {
            const LANES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
            let sum = (a & LANES) + (b & LANES);
            let over = (sum >> 4) & 0x0101_0101_0101_0101;
            (sum | (over * 15)) & LANES
        };
        let even = add(self.0, other.0);
        let odd = add(self.0 >> 4, other.0 >> 4);
        self.0 = (even | (odd << 4)) & KIND_BITS;
    }

    #[inline]
    pub fn total(&self) -> u32 {
        // Neighbouring kinds added into bytes (at most 30), then the bytes at once (at most
        // 7 × 30, below 256).
        const LANES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let pairs = (self.0 & LANES) + ((self.0 >> 4) & LANES);
        (pairs.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The kinds present.
    #[inline]
    pub fn present(&self) -> Kinds {
        let w = self.0;
        Kinds((w | (w >> 1) | (w >> 2) | (w >> 3)) & LOW_BITS)
    }

    /// `(card, count)` for every kind present, in kind order.
    #[inline]
    pub fn kinds(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.present().map(|card| (card, self.get(card)))
    }

    /// Every card, one by one, in kind order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.kinds().flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
    }

    /// True when every count here is at most the one in `other`.
    pub fn within(&self, other: &Counts) -> bool {
        Card::all().all(|card| self.get(card) <= other.get(card))
    }
}

/// A set of kinds, bit `4i` for kind `i` (the layout of [`Counts`]); iterates in kind order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Kinds(u64);

impl Kinds {
    pub const ALL: Kinds = Kinds(LOW_BITS);
    pub const EMPTY: Kinds = Kinds(0);

    /// The kinds from `from` to `to` (values; `0` is the Ninja), both included.
    pub const fn range(from: u8, to: u8) -> Kinds {
        let mut bits = 0;
        let mut kind = from;
        while kind <= to && (kind as usize) < Card::KINDS {
            bits |= 1 << (4 * kind as u32);
            kind += 1;
        }
        Kinds(bits)
    }

    /// The values `value` and above (`0`: every kind).
    #[inline]
    pub const fn at_least(value: u8) -> Kinds {
        if (value as usize) < Card::KINDS { Kinds(LOW_BITS & (u64::MAX << (4 * value as u32))) } else { Kinds::EMPTY }
    }

    #[inline]
    pub const fn with(self, card: Card) -> Kinds {
        Kinds(self.0 | (1 << Counts::shift(card)))
    }

    #[inline]
    pub const fn without(self, card: Card) -> Kinds {
        Kinds(self.0 & !(1 << Counts::shift(card)))
    }

    #[inline]
    pub const fn and(self, other: Kinds) -> Kinds {
        Kinds(self.0 & other.0)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Iterator for Kinds {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let kind = self.0.trailing_zeros() / 4;
        self.0 &= self.0 - 1;
        Some(Card(kind as u8))
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards().map(|c| c.to_string())).finish()
    }
}

impl Serialize for Counts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for Counts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut counts = Counts::EMPTY;
        for card in cards {
            if counts.get(card) >= card.copies() {
                return Err(serde::de::Error::custom(format!("more than {} cards {card}", card.copies())));
            }
            counts.add(card, 1);
        }
        Ok(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_write_as_the_notation_says() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!("00".parse::<Card>(), Ok(Card::NINJA));
        for bad in ["0", "14", "05", "+5", "", "x", "1 3", "000"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn word_arithmetic_agrees_with_the_counts_one_by_one() {
        // Every pattern of kinds present, with counts from 1 to the cap.
        for pattern in 0u32..1 << Card::KINDS {
            for fill in [1u8, 2, 3, 4, 14] {
                let mut counts = Counts::EMPTY;
                let mut expected = [0u8; Card::KINDS];
                for card in Card::all().filter(|c| (pattern >> c.index()) & 1 == 1) {
                    let n = (fill + card.0) % 15 + 1;
                    counts.add(card, n);
                    expected[card.index()] = n;
                }
                let held: Vec<(Card, u8)> =
                    Card::all().map(|c| (c, expected[c.index()])).filter(|&(_, n)| n > 0).collect();
                assert_eq!(counts.kinds().collect::<Vec<_>>(), held, "{expected:?}");
                assert_eq!(counts.total(), expected.iter().map(|&n| n as u32).sum::<u32>(), "{expected:?}");
                assert_eq!(counts.is_empty(), pattern == 0);
                assert_eq!(counts.present().count(), pattern.count_ones() as usize);
            }
        }
    }

    #[test]
    fn counts_cap_at_15_and_never_spill_into_the_next_kind() {
        let (five, six) = (Card(5), Card(6));
        let mut counts = Counts::of([six]);
        counts.add(five, 200);
        counts.add(five, 1);
        assert_eq!((counts.get(five), counts.get(six)), (15, 1));
        let mut doubled = counts;
        doubled.add_all(&counts);
        assert_eq!((doubled.get(five), doubled.get(six), doubled.total()), (15, 2, 17));
        assert_eq!(counts.remove(five, 20), 15);
        assert_eq!((counts.get(five), counts.get(six)), (0, 1));
        let mut last = Counts::EMPTY;
        last.add(Card(13), 15);
        last.add_all(&Counts::of([Card(13)]));
        assert_eq!(last.cards().collect::<Vec<_>>(), vec![Card(13); 15]);
    }

    #[test]
    fn kind_sets_run_in_kind_order() {
        assert_eq!(Kinds::ALL.collect::<Vec<_>>(), Card::all().collect::<Vec<_>>());
        assert_eq!(Kinds::range(0, 6).collect::<Vec<_>>(), (0..=6).map(Card).collect::<Vec<_>>());
        assert_eq!(Kinds::range(13, 13).with(Card::NINJA).collect::<Vec<_>>(), vec![Card::NINJA, Card(13)]);
        assert_eq!(Kinds::range(4, 20).without(Card(5)).count(), 9);
        assert!(Kinds::range(7, 3).is_empty());
        for value in 0..=20 {
            assert_eq!(Kinds::at_least(value), Kinds::range(value, 13), "{value}");
        }
    }

    #[test]
    fn the_deck_holds_54_cards_of_which_22_special() {
        let deck = Counts::of(Card::deck());
        assert_eq!(deck, Counts::DECK);
        assert_eq!(deck.total(), 54);
        let special: u32 = [0u8, 1, 6, 8, 9, 13].iter().map(|&v| deck.get(Card(v)) as u32).sum();
        assert_eq!(special, 22);
    }
}
