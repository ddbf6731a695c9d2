//! Faces, double-sided cards, the deck as data, and the piles cards lie in.
//!
//! A physical card is an index into the deck (`0..81`); the deck says which two faces it bears.
//! A card lying in a pile is a [`Placed`]: the index plus which of its two faces is up.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use tapis_core::Text;
use tapis_core::game::short_quote;

/// Cards in every deck of Nur Mut.
pub const DECK_SIZE: usize = 81;

/// One face of a card: a number `1..=9` or a joker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Face(u8);

impl Face {
    /// Stored as 0 so that numbers keep their own value.
    pub const JOKER: Face = Face(0);

    /// The number face `n` (`1..=9`).
    pub const fn number(n: u8) -> Face {
        Face(n)
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 0
    }

    /// The number, 0 for a joker.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Whether this face may go on a centre pile showing `top`: exactly one more or one less
    /// (no wrap from 9 to 1), and a joker fits everything.
    pub const fn fits(self, top: Face) -> bool {
        self.is_joker() || (!top.is_joker() && self.0.abs_diff(top.0) == 1)
    }

    pub fn from_char(c: char) -> Option<Face> {
        match c {
            '1'..='9' => Some(Face(c as u8 - b'0')),
            'J' | 'j' => Some(Face::JOKER),
            _ => None,
        }
    }

    pub const fn symbol(self) -> char {
        if self.is_joker() { 'J' } else { (b'0' + self.0) as char }
    }

    /// The ten faces in index order (joker first), for counting tables.
    pub fn all() -> impl Iterator<Item = Face> {
        (0..=9).map(Face)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Face {
    type Err = Text;
    fn from_str(s: &str) -> Result<Face, Text> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Face::from_char), chars.next()) {
            (Some(face), None) => Ok(face),
            _ => {
                let s = short_quote(s);
                Err(Text::new(
                    format!("« {s} » n'est pas une face de Nur Mut : les faces sont 1 à 9 et J"),
                    format!("'{s}' is not a Nur Mut face: faces are 1 to 9 and J"),
                ))
            }
        }
    }
}

impl Serialize for Face {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Face, D::Error> {
        String::deserialize(d)?.parse().map_err(de::Error::custom)
    }
}

/// A card as NOTATION.md writes it, `<showing>/<hidden>`: `3/7` shows 3 and hides 7.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card {
    pub showing: Face,
    pub hidden: Face,
}

impl Card {
    pub const fn new(showing: Face, hidden: Face) -> Card {
        Card { showing, hidden }
    }

    /// The same physical card whichever side is up.
    pub fn unordered(self) -> Faces {
        Faces(self.showing.min(self.hidden), self.showing.max(self.hidden))
    }
}

/// A physical card whichever side is up: its two faces, the lower first (a joker is lowest).
/// Written number first, `3/7` or `5/J`, for the cards a hand-made deal misses or repeats.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Faces(pub Face, pub Face);

impl fmt::Display for Faces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Faces(low, high) if low.is_joker() => write!(f, "{high}/{low}"),
            Faces(low, high) => write!(f, "{low}/{high}"),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.showing, self.hidden)
    }
}

impl FromStr for Card {
    type Err = Text;
    fn from_str(s: &str) -> Result<Card, Text> {
        let bad = || {
            let s = short_quote(s);
            Text::new(
                format!(
                    "« {s} » n'est pas une carte de Nur Mut : écrivez <visible>/<cachée> avec des faces de 1 à 9 ou J, par exemple 3/7"
                ),
                format!("'{s}' is not a Nur Mut card: write <showing>/<hidden> with faces 1 to 9 or J, e.g. 3/7"),
            )
        };
        let (showing, hidden) = s.trim().split_once('/').ok_or_else(bad)?;
        Ok(Card { showing: showing.parse().map_err(|_| bad())?, hidden: hidden.parse().map_err(|_| bad())? })
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        String::deserialize(d)?.parse().map_err(de::Error::custom)
    }
}

/// The 81 cards of a match: card `i` bears faces `faces[i][0]` and `faces[i][1]`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Deck {
    pub faces: [[Face; 2]; DECK_SIZE],
}

impl Deck {
    /// The rulebook's synthetic deck (§1.2): every ordered pair `(a, b)` of numbers 1–9, where the
    /// first `jokers` doubles `(1,1)…(jokers,jokers)` become `(a, J)`. With the default 9 jokers
    /// that is the canonical deck: 72 cards with two different numbers, 9 cards number/joker.
    pub fn generated(jokers: u8) -> Deck {
        let mut faces = [[Face::JOKER; 2]; DECK_SIZE];
        for a in 1..=9u8 {
            for b in 1..=9u8 {
                let second = if a == b && a <= jokers { Face::JOKER } else { Face(b) };
                faces[(a as usize - 1) * 9 + (b as usize - 1)] = [Face(a), second];
            }
        }
        Deck { faces }
    }

    /// Checks a hand-given list of cards: exactly 81, no card with a joker on both sides (a pile
    /// base could then never be found and a joker could never be covered).
    pub fn from_cards(cards: &[Card]) -> Result<Deck, Text> {
        if cards.len() != DECK_SIZE {
            return Err(Text::new(
                format!("un paquet de Nur Mut a {DECK_SIZE} cartes, celui-ci en a {}", cards.len()),
                format!("a Nur Mut deck has {DECK_SIZE} cards, this one has {}", cards.len()),
            ));
        }
        let mut faces = [[Face::JOKER; 2]; DECK_SIZE];
        for (i, card) in cards.iter().enumerate() {
            if card.showing.is_joker() && card.hidden.is_joker() {
                let n = i + 1;
                return Err(Text::new(
                    format!("la carte {n} du paquet est J/J : une carte porte au moins un nombre"),
                    format!("card {n} of the deck is J/J: a card needs at least one number"),
                ));
            }
            faces[i] = [card.showing, card.hidden];
        }
        Ok(Deck { faces })
    }

    pub fn card(&self, id: usize) -> Card {
        Card::new(self.faces[id][0], self.faces[id][1])
    }

    /// How many faces of each kind the deck holds, indexed by [`Face::index`].
    pub fn face_counts(&self) -> [u32; 10] {
        let mut counts = [0; 10];
        for pair in &self.faces {
            counts[pair[0].index()] += 1;
            counts[pair[1].index()] += 1;
        }
        counts
    }
}

impl Serialize for Deck {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..DECK_SIZE).map(|i| self.card(i)))
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Deck, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Deck::from_json(&value).map_err(de::Error::custom)
    }
}

impl Deck {
    /// Reads a deck given as data: a list of 81 cards, each `"3/7"` or `["3", "7"]`.
    pub fn from_json(value: &serde_json::Value) -> Result<Deck, Text> {
        use serde_json::Value;
        let Some(entries) = value.as_array() else {
            return Err(Text::new(
                format!("un paquet est une liste de {DECK_SIZE} cartes"),
                format!("a deck is a list of {DECK_SIZE} cards"),
            ));
        };
        let mut cards = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let card = match entry {
                Value::String(text) => text.parse::<Card>(),
                Value::Array(pair) if pair.len() == 2 => match (pair[0].as_str(), pair[1].as_str()) {
                    (Some(a), Some(b)) => a.parse::<Face>().and_then(|a| b.parse::<Face>().map(|b| Card::new(a, b))),
                    _ => Err(written_as()),
                },
                _ => Err(written_as()),
            };
            let n = i + 1;
            cards.push(card.map_err(|e| {
                Text::new(format!("carte {n} du paquet : {}", e.fr), format!("deck card {n}: {}", e.en))
            })?);
        }
        Deck::from_cards(&cards)
    }
}

fn written_as() -> Text {
    Text::new("une carte s'écrit \"3/7\" ou [\"3\", \"7\"]", "a card is written \"3/7\" or [\"3\", \"7\"]")
}

/// A card lying in a pile: bits 0–6 the card's index in the deck, bit 7 set when its second face
/// (`faces[id][1]`) is the one up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Placed(pub u8);

impl Placed {
    pub const fn new(id: usize, second_up: bool) -> Placed {
        Placed(id as u8 | (second_up as u8) << 7)
    }

    pub const fn id(self) -> usize {
        (self.0 & 0x7F) as usize
    }

    pub const fn second_up(self) -> bool {
        self.0 >> 7 == 1
    }

    /// The same card turned over.
    pub const fn flipped(self) -> Placed {
        Placed(self.0 ^ 0x80)
    }

    pub fn showing(self, deck: &Deck) -> Face {
        deck.faces[self.id()][self.second_up() as usize]
    }

    pub fn hidden(self, deck: &Deck) -> Face {
        deck.faces[self.id()][!self.second_up() as usize]
    }
}

/// An ordered pile of cards, **bottom first** (the top is the last card), stored inline so that
/// cloning a match is a plain copy. Slots past `len` are leftovers and never compared.
#[derive(Clone, Copy)]
pub struct Pile {
    len: u8,
    cards: [Placed; DECK_SIZE],
}

impl Default for Pile {
    fn default() -> Self {
        Pile { len: 0, cards: [Placed(0); DECK_SIZE] }
    }
}

impl Pile {
    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[Placed] {
        &self.cards[..self.len as usize]
    }

    pub fn as_mut_slice(&mut self) -> &mut [Placed] {
        &mut self.cards[..self.len as usize]
    }

    pub fn top(&self) -> Option<Placed> {
        self.as_slice().last().copied()
    }

    /// Puts a card on top. A pile never holds more than the deck, so this cannot overflow.
    pub fn push(&mut self, card: Placed) {
        self.cards[self.len as usize] = card;
        self.len += 1;
    }

    pub fn pop(&mut self) -> Option<Placed> {
        let top = self.top()?;
        self.len -= 1;
        Some(top)
    }

    /// Moves the top card to the bottom.
    pub fn top_to_bottom(&mut self) {
        self.as_mut_slice().rotate_right(1);
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn set_top(&mut self, card: Placed) {
        if let Some(top) = self.as_mut_slice().last_mut() {
            *top = card;
        }
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice().iter().map(|p| p.0)).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice().iter().map(|p| p.0))
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pile, D::Error> {
        let bytes = Vec::<u8>::deserialize(d)?;
        if bytes.len() > DECK_SIZE {
            return Err(de::Error::custom(format!("a pile holds at most {DECK_SIZE} cards")));
        }
        let mut pile = Pile::default();
        for byte in bytes {
            if (byte & 0x7F) as usize >= DECK_SIZE {
                return Err(de::Error::custom(format!("card byte {byte} names no card")));
            }
            pile.push(Placed(byte));
        }
        Ok(pile)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_deck_has_17_faces_per_number_and_9_jokers() {
        let counts = Deck::generated(9).face_counts();
        assert_eq!(counts[0], 9);
        assert!(counts[1..].iter().all(|&c| c == 17), "{counts:?}");
        let deck = Deck::generated(9);
        assert!(deck.faces.iter().all(|p| p[0] != p[1]));
    }

    #[test]
    fn cards_parse_and_print() {
        let card: Card = "3/j".parse().unwrap();
        assert_eq!(card, Card::new(Face::number(3), Face::JOKER));
        assert_eq!(card.to_string(), "3/J");
        assert!("3".parse::<Card>().is_err());
        assert!("0/3".parse::<Card>().is_err());
        assert!("10/3".parse::<Card>().is_err());
    }

    #[test]
    fn fitting_is_plus_or_minus_one_without_wrap() {
        let f = Face::number;
        assert!(f(8).fits(f(9)) && f(1).fits(f(2)) && f(4).fits(f(3)) && f(2).fits(f(3)));
        assert!(!f(9).fits(f(1)) && !f(1).fits(f(9)) && !f(3).fits(f(3)) && !f(5).fits(f(3)));
        assert!(Face::JOKER.fits(f(9)) && Face::JOKER.fits(f(1)));
    }

    #[test]
    fn pile_moves_top_to_bottom() {
        let mut pile = Pile::default();
        for id in 0..3 {
            pile.push(Placed::new(id, false));
        }
        pile.top_to_bottom();
        assert_eq!(pile.as_slice().iter().map(|p| p.id()).collect::<Vec<_>>(), vec![2, 0, 1]);
    }
}
