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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Counts(pub [u8; Card::KINDS]);

impl Counts {
    pub const EMPTY: Counts = Counts([0; Card::KINDS]);

    pub fn of(cards: impl IntoIterator<Item = Card>) -> Counts {
        let mut counts = Counts::EMPTY;
        for card in cards {
            counts.add(card, 1);
        }
        counts
    }

    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn add(&mut self, card: Card, n: u8) {
        self.0[card.index()] += n;
    }

    /// Removes up to `n` copies; returns how many were there to remove.
    pub fn remove(&mut self, card: Card, n: u8) -> u8 {
        let slot = &mut self.0[card.index()];
        let removed = n.min(*slot);
        *slot -= removed;
        removed
    }

    pub fn add_all(&mut self, other: &Counts) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// `(card, count)` for every kind present, in kind order.
    pub fn kinds(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        self.0.iter().enumerate().filter(|(_, n)| **n > 0).map(|(i, &n)| (Card(i as u8), n))
    }

    /// Every card, one by one, in kind order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.kinds().flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
    }

    /// True when every count here is at most the one in `other`.
    pub fn within(&self, other: &Counts) -> bool {
        self.0.iter().zip(other.0).all(|(&a, b)| a <= b)
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
    fn the_deck_holds_54_cards_of_which_22_special() {
        let deck = Counts::of(Card::deck());
        assert_eq!(deck.total(), 54);
        let special: u32 = [0u8, 1, 6, 8, 9, 13].iter().map(|&v| deck.get(Card(v)) as u32).sum();
        assert_eq!(special, 22);
    }
}
