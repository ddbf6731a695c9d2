//! The French deck (suits, ranks, jokers) and a bitset of card indices.
//!
//! Games with their own decks (Nur Mut, Battle GUM, Njet) define their own card types and reuse
//! [`CardSet`] over their own indices.

use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// A suit of the French deck, in the notation order `S H D C`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    pub const fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }

    pub const fn name_fr(self) -> &'static str {
        ["pique", "cœur", "carreau", "trèfle"][self as usize]
    }

    pub const fn name_en(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

/// A suit string that is not a suit of the deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a suit: write S, H, D or C")]
pub struct BadSuit(pub String);

impl FromStr for Suit {
    type Err = BadSuit;
    fn from_str(s: &str) -> Result<Suit, BadSuit> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c).ok_or_else(|| BadSuit(s.to_string())),
            _ => Err(BadSuit(s.to_string())),
        }
    }
}

crate::serde_as_text!(Suit);

/// A rank of the French deck. The number is the face value with Ace = 1, Jack = 11, Queen = 12,
/// King = 13; each game decides whether the Ace ranks low or high.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    /// Ace, 2 … 10, Jack, Queen, King.
    pub const ALL: [Rank; 13] = {
        let mut all = [Rank(1); 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Rank(i as u8 + 1);
            i += 1;
        }
        all
    };

    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 { Some(Rank(value)) } else { None }
    }

    /// 1 for the Ace … 13 for the King.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// 0 for the Ace … 12 for the King.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    pub const fn letter(self) -> char {
        [' ', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'][self.0 as usize]
    }

    /// [`Rank::letter`] as text, without allocating.
    pub const fn notation(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Rank> {
        let value = match c.to_ascii_uppercase() {
            'A' => 1,
            d @ '2'..='9' => d as u8 - b'0',
            'T' => 10,
            'J' => 11,
            'Q' => 12,
            'K' => 13,
            _ => return None,
        };
        Some(Rank(value))
    }

    pub const fn name_fr(self) -> &'static str {
        ["", "As", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Valet", "Dame", "Roi"][self.0 as usize]
    }

    pub const fn name_en(self) -> &'static str {
        ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"][self.0 as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.letter())
    }
}

/// A rank string that is not a rank of the deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a rank: write 2-9, T, J, Q, K or A")]
pub struct BadRank(pub String);

impl FromStr for Rank {
    type Err = BadRank;
    fn from_str(s: &str) -> Result<Rank, BadRank> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_letter(c).ok_or_else(|| BadRank(s.to_string())),
            // "10" is accepted as a courtesy; the canonical form is "T".
            (Some('1'), Some('0')) if s.len() == 2 => Ok(Rank(10)),
            _ => Err(BadRank(s.to_string())),
        }
    }
}

crate::serde_as_text!(Rank);

/// A card of the French deck: one of 52 suited cards, or a Joker. Index `0..52` is
/// `suit * 13 + rank index`, the Joker is 52.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FrenchCard(u8);

impl FrenchCard {
    pub const JOKER: FrenchCard = FrenchCard(52);
    /// Distinct kinds of card: 52 suited ones and the Joker.
    pub const KINDS: usize = 53;

    pub const fn new(rank: Rank, suit: Suit) -> FrenchCard {
        FrenchCard(suit as u8 * 13 + rank.0 - 1)
    }

    pub const fn from_index(index: usize) -> Option<FrenchCard> {
        if index < Self::KINDS { Some(FrenchCard(index as u8)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// `None` for a Joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() { None } else { Some(Rank(self.0 % 13 + 1)) }
    }

    /// `None` for a Joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() { None } else { Some(Suit::ALL[(self.0 / 13) as usize]) }
    }

    /// The 52 suited cards, suit by suit.
    pub fn suited() -> impl Iterator<Item = FrenchCard> {
        (0..52).map(FrenchCard)
    }

    /// The card in notation: `7H`, `TS`, `X` for a Joker. A table lookup, so that writing a card
    /// (thousands a second in a busy server's frames) formats nothing.
    pub const fn notation(self) -> &'static str {
        NOTATION[self.0 as usize]
    }

    /// The card with its suit symbol, for people: `7♥`, `10♠`, `Joker`.
    pub fn pretty(self) -> String {
        match (self.rank(), self.suit()) {
            (Some(rank), Some(suit)) => {
                let r = if rank.value() == 10 { "10".to_string() } else { rank.letter().to_string() };
                format!("{r}{}", suit.symbol())
            }
            _ => "Joker".to_string(),
        }
    }
}

/// Each card's notation, by index: suit by suit (`S H D C`), Ace to King, then the Joker.
const NOTATION: [&str; FrenchCard::KINDS] = [
    "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AH", "2H", "3H", "4H", "5H", "6H",
    "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD",
    "KD", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "X",
];

/// `7H`, `TS`, `X` for a Joker: written in one call (cards are written thousands of times in every
/// second of a busy server's frames).
impl fmt::Display for FrenchCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation())
    }
}

impl fmt::Debug for FrenchCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card string that is not a card of the deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (S, H, D, C), or X for a Joker")]
pub struct BadCard(pub String);

impl FromStr for FrenchCard {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<FrenchCard, BadCard> {
        let bad = || BadCard(s.to_string());
        if s.eq_ignore_ascii_case("x") {
            return Ok(FrenchCard::JOKER);
        }
        let last = s.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank: Rank = s[..s.len() - last.len_utf8()].parse().map_err(|_| bad())?;
        Ok(FrenchCard::new(rank, suit))
    }
}

/// Implements serde for a type as its notation text: `Serialize` writes its `Display` form,
/// `Deserialize` reads it back with `FromStr` (whose error must be `Display`). Cards are written in
/// JSON exactly as NOTATION.md writes them. `serde_as_text!(read T)` implements the reading half
/// alone, for a type that writes itself another way.
#[macro_export]
macro_rules! serde_as_text {
    (read $ty:ty) => {
        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as $crate::__serde::Deserialize>::deserialize(d)?;
                text.parse().map_err($crate::__serde::de::Error::custom)
            }
        }
    };
    ($ty:ty) => {
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        $crate::serde_as_text!(read $ty);
    };
}

/// Written as its notation, straight from [`FrenchCard::notation`] (no formatting machinery);
/// read back with `FromStr`.
impl Serialize for FrenchCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.notation())
    }
}

crate::serde_as_text!(read FrenchCard);

/// A set of card indices `0..64` as a bitset. Iteration is in index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn contains(self, index: usize) -> bool {
        self.0 >> index & 1 == 1
    }

    pub fn insert(&mut self, index: usize) {
        self.0 |= 1 << index;
    }

    pub fn remove(&mut self, index: usize) {
        self.0 &= !(1 << index);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The `n`-th index of the set in ascending order (`n < len`).
    pub fn nth(self, n: usize) -> Option<usize> {
        let mut bits = self.0;
        for _ in 0..n {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        (bits != 0).then(|| bits.trailing_zeros() as usize)
    }

    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

set_operators!(CardSet);

impl FromIterator<usize> for CardSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for i in iter {
            set.insert(i);
        }
        set
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Indices of a [`CardSet`] in ascending order.
#[derive(Clone)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// A set of card indices `0..128` as two bit words, for decks of more than 64 cards (Nur Mut's 81).
/// Iteration is in index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardSet128(pub [u64; 2]);

impl CardSet128 {
    pub const EMPTY: CardSet128 = CardSet128([0; 2]);

    pub const fn contains(self, index: usize) -> bool {
        self.0[index / 64] >> (index % 64) & 1 == 1
    }

    pub fn insert(&mut self, index: usize) {
        self.0[index / 64] |= 1 << (index % 64);
    }

    pub fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    pub const fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }

    #[inline]
    pub const fn union(self, other: CardSet128) -> CardSet128 {
        CardSet128([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    #[inline]
    pub const fn intersection(self, other: CardSet128) -> CardSet128 {
        CardSet128([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }

    #[inline]
    pub const fn difference(self, other: CardSet128) -> CardSet128 {
        CardSet128([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }

    pub fn iter(self) -> impl Iterator<Item = usize> {
        CardSetIter(self.0[0]).chain(CardSetIter(self.0[1]).map(|i| i + 64))
    }
}

set_operators!(CardSet128);

impl fmt::Debug for CardSet128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_notation_round_trips_for_the_whole_deck() {
        for card in FrenchCard::suited().chain([FrenchCard::JOKER]) {
            let text = card.to_string();
            assert_eq!(text.parse::<FrenchCard>().unwrap(), card);
            assert_eq!(text.to_lowercase().parse::<FrenchCard>().unwrap(), card);
        }
        assert_eq!("7h".parse::<FrenchCard>().unwrap().to_string(), "7H");
        assert_eq!("10S".parse::<FrenchCard>().unwrap().to_string(), "TS");
        assert_eq!(FrenchCard::new(Rank::QUEEN, Suit::Diamonds).to_string(), "QD");
    }

    /// The notation table says each card's rank then suit letter, and JSON writes it as is.
    #[test]
    fn the_notation_table_matches_ranks_and_suits() {
        for suit in Suit::ALL {
            for rank in Rank::ALL {
                let card = FrenchCard::new(rank, suit);
                assert_eq!(card.notation(), format!("{}{}", rank.letter(), suit.letter()));
                assert_eq!(rank.notation(), rank.letter().to_string());
                assert_eq!(serde_json::to_string(&card).unwrap(), format!("\"{}\"", card.notation()));
            }
        }
        assert_eq!(FrenchCard::JOKER.notation(), "X");
        assert_eq!(serde_json::from_str::<FrenchCard>("\"TC\"").unwrap(), FrenchCard::new(Rank(10), Suit::Clubs));
    }

    #[test]
    fn bad_cards_are_rejected() {
        for bad in ["", "1S", "7", "7Z", "XX", "11H", "♥7", "ZS"] {
            assert!(bad.parse::<FrenchCard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn suits_and_ranks_read_and_write_their_notation() {
        for suit in Suit::ALL {
            let json = serde_json::to_string(&suit).unwrap();
            assert_eq!(json, format!("\"{}\"", suit.letter()));
            assert_eq!(serde_json::from_str::<Suit>(&json).unwrap(), suit);
        }
        for rank in Rank::ALL {
            let json = serde_json::to_string(&rank).unwrap();
            assert_eq!(json, format!("\"{}\"", rank.letter()));
            assert_eq!(serde_json::from_str::<Rank>(&json).unwrap(), rank);
        }
        assert_eq!("Z".parse::<Suit>(), Err(BadSuit("Z".into())));
        assert_eq!("1".parse::<Rank>(), Err(BadRank("1".into())));
        assert_eq!("SH".parse::<Suit>().unwrap_err().to_string(), "'SH' is not a suit: write S, H, D or C");
        assert!(serde_json::from_str::<Rank>("\"11\"").is_err());
    }

    #[test]
    fn card_set_operations() {
        let a: CardSet = [1, 5, 63].into_iter().collect();
        let b: CardSet = [5, 6].into_iter().collect();
        assert_eq!(a.union(b).len(), 4);
        assert_eq!(a.intersection(b).iter().collect::<Vec<_>>(), vec![5]);
        assert_eq!(a.difference(b).iter().collect::<Vec<_>>(), vec![1, 63]);
        assert_eq!(a.nth(2), Some(63));
        assert_eq!(a.nth(3), None);
    }

    #[test]
    fn wide_card_set_operations() {
        let mut a = CardSet128::EMPTY;
        for i in [0, 63, 64, 80] {
            a.insert(i);
        }
        assert!(a.contains(64) && a.contains(80) && !a.contains(65));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![0, 63, 64, 80]);
        a.remove(63);
        let mut b = CardSet128::EMPTY;
        b.insert(80);
        b.insert(1);
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![80]);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![0, 64]);
        assert_eq!(serde_json::to_string(&b).unwrap(), format!("[2,{}]", 1u64 << 16));
    }
}
