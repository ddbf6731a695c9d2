//! Njet's cards: four colours, values 1–9, two identical 1s per colour (40 cards, 36 kinds).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use tapis_core::game::short_quote;
use tapis_core::{CardSet, Text};

/// A colour of the Njet deck, in the notation order `R B K G`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Colour {
    Red,
    Blue,
    Black,
    Green,
}

impl Serialize for Colour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.letter())
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Colour::from_letter), chars.next()) {
            (Some(colour), None) => Ok(colour),
            _ => Err(serde::de::Error::custom(format!("'{s}' is not a colour: R, B, K or G"))),
        }
    }
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Blue, Colour::Black, Colour::Green];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Colour {
        Colour::ALL[i & 3]
    }

    pub const fn letter(self) -> char {
        ['R', 'B', 'K', 'G'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'R' => Some(Colour::Red),
            'B' => Some(Colour::Blue),
            'K' => Some(Colour::Black),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    pub const fn name_fr(self) -> &'static str {
        ["rouge", "bleu", "noir", "vert"][self as usize]
    }

    pub const fn name_en(self) -> &'static str {
        ["red", "blue", "black", "green"][self as usize]
    }
}

/// One kind of card: `colour * 9 + value - 1`, so `0..36`. The two 1s of a colour are the same
/// kind (they are identical).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Card(u8);

impl Card {
    /// Distinct kinds of card.
    pub const KINDS: usize = 36;

    pub const fn new(colour: Colour, value: u8) -> Card {
        Card(colour as u8 * 9 + value - 1)
    }

    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Self::KINDS { Some(Card(index as u8)) } else { None }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn colour(self) -> Colour {
        Colour::from_index(self.0 as usize / 9)
    }

    pub const fn value(self) -> u8 {
        self.0 % 9 + 1
    }

    /// How many copies the deck holds: two of each 1, one of everything else.
    pub const fn copies(self) -> u32 {
        if self.value() == 1 { 2 } else { 1 }
    }

    /// Every kind, colour by colour.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Self::KINDS as u8).map(Card)
    }

    /// The bit of the first copy in a [`CardMultiset`].
    const fn first_bit(self) -> u32 {
        let value = self.value() as u32;
        self.colour() as u32 * 10 + if value == 1 { 0 } else { value }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour().letter(), self.value())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card string that is not a Njet card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCard(pub String);

impl BadCard {
    /// The sentence for people, in both languages.
    pub fn text(&self) -> Text {
        let card = short_quote(&self.0);
        Text::new(
            format!(
                "« {card} » n'est pas une carte de Njet : écrivez une couleur (R, B, K, G) puis une valeur (1 à 9), comme R1 ou K9"
            ),
            format!("'{card}' is not a Njet card: write a colour (R, B, K, G) then a value (1-9), like R1 or K9"),
        )
    }
}

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().en)
    }
}

impl FromStr for Card {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<Card, BadCard> {
        let bad = || BadCard(s.to_string());
        let mut chars = s.chars();
        let (Some(c), Some(v), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        let colour = Colour::from_letter(c).ok_or_else(bad)?;
        match v {
            '1'..='9' => Ok(Card::new(colour, v as u8 - b'0')),
            _ => Err(bad()),
        }
    }
}

tapis_core::serde_as_text!(Card);

/// Which card each bit of a [`CardMultiset`] is: colour `c` owns bits `10c..10c+10`, the two 1s
/// at offsets 0 and 1, values 2–9 at offsets 2–9.
const BIT_CARD: [Card; 40] = {
    let mut table = [Card(0); 40];
    let mut bit = 0;
    while bit < 40 {
        let offset = bit % 10;
        let value = if offset <= 1 { 1 } else { offset as u8 };
        table[bit] = Card((bit / 10) as u8 * 9 + value - 1);
        bit += 1;
    }
    table
};

/// The bits of the first and of the second copies of the 1s.
const FIRST_ONES: u64 = 0b1 | 0b1 << 10 | 0b1 << 20 | 0b1 << 30;
const SECOND_ONES: u64 = FIRST_ONES << 1;

/// A multiset of cards as a 40-bit set, canonical: a lone 1 always sits on the first of its
/// colour's two 1-bits, so equal multisets are equal numbers (clones compare by value, and a
/// determinized hand equals the real one bit for bit).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardMultiset(pub u64);

impl CardMultiset {
    pub const EMPTY: CardMultiset = CardMultiset(0);
    /// The whole 40-card deck.
    pub const DECK: CardMultiset = CardMultiset((1 << 40) - 1);

    /// Every card of one colour (both 1s included).
    pub const fn colour(colour: Colour) -> CardMultiset {
        CardMultiset(0x3FF << (colour as u32 * 10))
    }

    /// Both 1s of a colour.
    pub const fn ones(colour: Colour) -> CardMultiset {
        CardMultiset(0b11 << (colour as u32 * 10))
    }

    /// The four 2s (set aside with three players).
    pub const TWOS: CardMultiset = CardMultiset(0b100 | 0b100 << 10 | 0b100 << 20 | 0b100 << 30);

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn count(self, card: Card) -> u32 {
        let bit = card.first_bit();
        let mask = if card.value() == 1 { 0b11 } else { 0b1 };
        (self.0 >> bit & mask).count_ones()
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.first_bit() & 1 == 1
    }

    /// Adds one copy; false (and nothing changes) when every copy is already in.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = card.first_bit();
        if self.0 >> bit & 1 == 0 {
            self.0 |= 1 << bit;
            true
        } else if card.value() == 1 && self.0 >> (bit + 1) & 1 == 0 {
            self.0 |= 1 << (bit + 1);
            true
        } else {
            false
        }
    }

    /// Removes one copy; false when there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = card.first_bit();
        if card.value() == 1 && self.0 >> (bit + 1) & 1 == 1 {
            self.0 &= !(1 << (bit + 1));
            true
        } else if self.0 >> bit & 1 == 1 {
            self.0 &= !(1 << bit);
            true
        } else {
            false
        }
    }

    /// Every copy of each kind `kinds` holds taken out: both 1s of a colour when `kinds` holds one
    /// of them, so that the result stays canonical (a plain bit difference would leave a lone 1 on
    /// the second bit).
    pub const fn without_kinds(self, kinds: CardMultiset) -> CardMultiset {
        let both_ones = kinds.0 | (kinds.0 & FIRST_ONES) << 1;
        CardMultiset(self.0 & !both_ones)
    }

    pub const fn union(self, other: CardMultiset) -> CardMultiset {
        CardMultiset(self.0 | other.0)
    }

    pub const fn intersection(self, other: CardMultiset) -> CardMultiset {
        CardMultiset(self.0 & other.0)
    }

    /// Both sets canonical: `self` minus `other` as multisets.
    pub fn minus(self, other: CardMultiset) -> CardMultiset {
        let mut left = self;
        for card in other.iter() {
            left.remove(card);
        }
        left
    }

    /// The distinct kinds held, ascending.
    pub fn kinds(self) -> impl Iterator<Item = Card> + Clone {
        CardSet(self.0 & !SECOND_ONES).iter().map(|bit| BIT_CARD[bit])
    }

    /// Every card held, a 1 twice when both copies are in.
    pub fn iter(self) -> impl Iterator<Item = Card> + Clone {
        CardSet(self.0).iter().map(|bit| BIT_CARD[bit])
    }

    /// Adds every card of `cards`, rejecting a third copy.
    pub fn from_cards(cards: impl IntoIterator<Item = Card>) -> Result<CardMultiset, Card> {
        let mut set = CardMultiset::EMPTY;
        for card in cards {
            if !set.insert(card) {
                return Err(card);
            }
        }
        Ok(set)
    }

    /// The cards as canonical strings, space separated (for people and messages).
    pub fn to_text(self) -> String {
        let words: Vec<String> = self.iter().map(|c| c.to_string()).collect();
        words.join(" ")
    }
}

impl fmt::Debug for CardMultiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for CardMultiset {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardMultiset {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        CardMultiset::from_cards(cards).map_err(|card| serde::de::Error::custom(format!("too many copies of {card}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_kind() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>().unwrap(), card);
            assert_eq!(text.to_lowercase().parse::<Card>().unwrap(), card);
        }
        assert_eq!("k9".parse::<Card>().unwrap().to_string(), "K9");
        for bad in ["", "R", "R0", "R10", "X1", "1R", "RR", "R1 "] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_two_ones_are_a_canonical_multiset() {
        let r1: Card = "R1".parse().unwrap();
        let mut a = CardMultiset::EMPTY;
        assert!(a.insert(r1) && a.insert(r1) && !a.insert(r1));
        assert_eq!(a.count(r1), 2);
        assert_eq!(a.kinds().count(), 1);
        assert!(a.remove(r1));
        let mut b = CardMultiset::EMPTY;
        b.insert(r1);
        assert_eq!(a, b);
        assert_eq!(CardMultiset::DECK.len(), 40);
        assert_eq!(CardMultiset::DECK.kinds().count(), 36);
        assert_eq!(CardMultiset::DECK.minus(CardMultiset::TWOS).len(), 36);
    }

    #[test]
    fn taking_out_kinds_takes_every_copy_and_stays_canonical() {
        let (r1, r2): (Card, Card) = ("R1".parse().unwrap(), "R2".parse().unwrap());
        let mut both = CardMultiset::EMPTY;
        for card in [r1, r1, r2] {
            both.insert(card);
        }
        let mut lone_one = CardMultiset::EMPTY;
        lone_one.insert(r1);
        // One copy of the 1 named is enough to take both out.
        assert_eq!(both.without_kinds(lone_one).iter().collect::<Vec<_>>(), [r2]);
        assert_eq!(CardMultiset::DECK.without_kinds(CardMultiset::TWOS), CardMultiset::DECK.minus(CardMultiset::TWOS));
        let reds = CardMultiset::colour(Colour::Red).without_kinds(CardMultiset::ones(Colour::Red));
        assert_eq!((reds.len(), reds.count(r1)), (8, 0));
    }
}
