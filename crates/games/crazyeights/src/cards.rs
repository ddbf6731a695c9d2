//! Cards in OpenSpiel's numbering, and a multiset of them for one or two decks.
//!
//! The rules work on OpenSpiel's card ids (`rank * 4 + suit`, ranks `2 … A` from 0, suits
//! `C D H S` from 0) because two of its behaviours depend on the id itself: legal actions are
//! listed in id order, and the penalty of a plain card is `id + 2` (see `Scoring::OpenSpiel`).
//! Outside the rules a card is always a [`FrenchCard`], written as NOTATION.md says (`7H`, `TS`).

use serde::{Deserialize, Serialize};
use tapis_core::{FrenchCard, Rank, Suit};

/// OpenSpiel's id of a card: `rank * 4 + suit`.
pub type CardId = u8;

pub const NUM_CARDS: usize = 52;
/// OpenSpiel's rank index of the 8 (ranks count from the 2).
pub const EIGHT: u8 = 6;
pub const SKIP: u8 = 10; // Q
pub const REVERSE: u8 = 12; // A
pub const DRAW_TWO: u8 = 0; // 2

pub const fn rank_of(id: CardId) -> u8 {
    id / 4
}

/// OpenSpiel's suit index: C = 0, D = 1, H = 2, S = 3.
pub const fn suit_of(id: CardId) -> u8 {
    id % 4
}

/// tapis's suits are numbered `S H D C`, OpenSpiel's `C D H S`: one is the other reversed.
pub const fn suit_to_os(suit: Suit) -> u8 {
    3 - suit.index() as u8
}

pub const fn suit_from_os(index: u8) -> Suit {
    Suit::from_index(3 - (index as usize & 3))
}

/// `None` for a Joker, which this deck does not hold.
pub const fn card_to_id(card: FrenchCard) -> Option<CardId> {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => {
            let r = if rank.value() == 1 { 12 } else { rank.value() - 2 };
            Some(r * 4 + suit_to_os(suit))
        }
        _ => None,
    }
}

pub fn id_to_card(id: CardId) -> FrenchCard {
    let r = rank_of(id);
    let value = if r == 12 { 1 } else { r + 2 };
    let rank = Rank::new(value).unwrap_or(Rank::ACE);
    FrenchCard::new(rank, suit_from_os(suit_of(id)))
}

/// Every card of one suit (OpenSpiel suit index), as a bit mask over ids.
pub const fn suit_mask(suit: u8) -> u64 {
    let mut mask = 0;
    let mut r = 0;
    while r < 13 {
        mask |= 1 << (r * 4 + suit as u64);
        r += 1;
    }
    mask
}

/// The four cards of one rank, as a bit mask over ids.
pub const fn rank_mask(rank: u8) -> u64 {
    0b1111 << (rank as u64 * 4)
}

pub const ALL_CARDS: u64 = (1 << NUM_CARDS) - 1;

/// A multiset of cards holding at most two copies of each (two decks above five players):
/// `once` has a bit for every card held at least once, `twice` for every card held twice
/// (`twice ⊆ once`). Two words, so a hand, the stock and the discard copy as plain integers.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub struct Pile {
    pub once: u64,
    pub twice: u64,
}

impl Pile {
    pub const EMPTY: Pile = Pile { once: 0, twice: 0 };

    /// `decks` copies of every card.
    pub const fn full(decks: u8) -> Pile {
        Pile { once: ALL_CARDS, twice: if decks > 1 { ALL_CARDS } else { 0 } }
    }

    pub const fn count(self, id: CardId) -> u8 {
        ((self.once >> id) & 1) as u8 + ((self.twice >> id) & 1) as u8
    }

    pub const fn len(self) -> u32 {
        self.once.count_ones() + self.twice.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// Adds one copy; a third copy cannot exist in two decks, so it is ignored.
    pub fn add(&mut self, id: CardId) {
        let bit = 1u64 << id;
        if self.once & bit != 0 {
            self.twice |= bit;
        } else {
            self.once |= bit;
        }
    }

    /// Removes one copy if there is one.
    pub fn remove(&mut self, id: CardId) {
        let bit = 1u64 << id;
        if self.twice & bit != 0 {
            self.twice &= !bit;
        } else {
            self.once &= !bit;
        }
    }

    /// The card of the `n`-th copy (`n < len`), counting the first copies in id order and then the
    /// second copies: every copy has the same chance when `n` is uniform.
    pub fn nth_copy(self, n: u32) -> Option<CardId> {
        let first = self.once.count_ones();
        let (bits, n) = if n < first { (self.once, n) } else { (self.twice, n - first) };
        let mut bits = bits;
        for _ in 0..n {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        (bits != 0).then(|| bits.trailing_zeros() as CardId)
    }

    /// Every copy in id order (a card held twice appears twice).
    pub fn copies(self) -> impl Iterator<Item = CardId> {
        (0..NUM_CARDS as u8).flat_map(move |id| std::iter::repeat_n(id, self.count(id) as usize))
    }

    /// The copies of `self` that `other` does not hold (`other` a part of `self`).
    pub fn minus(self, other: Pile) -> Pile {
        let mut rest = self;
        for id in other.copies() {
            rest.remove(id);
        }
        rest
    }

    /// Every copy as a card, in id order (OpenSpiel's order).
    pub fn cards(self) -> Vec<FrenchCard> {
        self.copies().map(id_to_card).collect()
    }

    pub fn merge(&mut self, other: Pile) {
        for id in other.copies() {
            self.add(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_follow_openspiel() {
        // OpenSpiel: 0 = C2, 3 = S2, 24 = C8, 51 = SA.
        assert_eq!(id_to_card(0).to_string(), "2C");
        assert_eq!(id_to_card(3).to_string(), "2S");
        assert_eq!(id_to_card(24).to_string(), "8C");
        assert_eq!(id_to_card(51).to_string(), "AS");
        for id in 0..52 {
            assert_eq!(card_to_id(id_to_card(id)), Some(id));
        }
        assert_eq!(card_to_id(FrenchCard::JOKER), None);
    }

    #[test]
    fn pile_counts_two_decks() {
        let mut pile = Pile::EMPTY;
        pile.add(5);
        pile.add(5);
        pile.add(9);
        assert_eq!((pile.count(5), pile.count(9), pile.len()), (2, 1, 3));
        assert_eq!(pile.nth_copy(0), Some(5));
        assert_eq!(pile.nth_copy(1), Some(9));
        assert_eq!(pile.nth_copy(2), Some(5));
        assert_eq!(pile.nth_copy(3), None);
        pile.remove(5);
        assert_eq!(pile.count(5), 1);
        assert_eq!(pile.copies().collect::<Vec<_>>(), vec![5, 9]);
    }
}

/// Serde for a [`Suit`] as its notation letter (`"H"`); the core's `Suit` has no serde of its own.
pub mod suit_letter {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};
    use tapis_core::Suit;

    pub fn serialize<S: Serializer>(suit: &Suit, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(suit)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(|_| D::Error::custom(format!("'{text}' is not a suit")))
    }
}
