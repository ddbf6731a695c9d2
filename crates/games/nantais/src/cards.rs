//! Cards of Le 8 Nantais: the French deck of the core (`7H`, `TS`, `X` for a Joker), the Ace high
//! rank order of suites, and a hand stored as bit words so that legality is a few mask operations.

use serde::{Deserialize, Serialize};
use tapis_core::OnceOrTwice;
pub use tapis_core::{FrenchCard, Rank, Suit};

/// Kinds of card: 52 suited cards (index `suit * 13 + rank - 1`) and the Joker (52).
pub const KINDS: usize = FrenchCard::KINDS;
/// Index of the Joker among the kinds.
pub const JOKER: usize = 52;
/// The Joker's bit in a kind mask.
pub const JOKER_BIT: u64 = 1 << JOKER;
/// All 52 suited cards.
pub const SUITED: u64 = (1 << 52) - 1;
/// The largest pack: two decks of 54.
pub const MAX_CARDS: usize = 108;

/// The 13 cards of a suit.
pub const fn suit_mask(suit: Suit) -> u64 {
    0x1FFF << (suit as u32 * 13)
}

/// The 4 cards of a rank.
pub const fn rank_mask(rank: Rank) -> u64 {
    let i = rank.index() as u32;
    (1 << i) | (1 << (i + 13)) | (1 << (i + 26)) | (1 << (i + 39))
}

/// The bit of one kind.
pub const fn bit(card: FrenchCard) -> u64 {
    1 << card.index()
}

/// The kind with this index (`0..53`).
pub fn card(index: usize) -> FrenchCard {
    FrenchCard::from_index(index).unwrap_or(FrenchCard::JOKER)
}

/// The place of a rank in a suite: 2 → 0 … King → 11, Ace → 12 (Ace high, no wrap).
pub const fn suite_order(rank: Rank) -> u8 {
    if rank.value() == 1 { 12 } else { rank.value() - 2 }
}

/// The card one step higher in the same suit (4♥ → 5♥, King → Ace), `None` after the Ace.
pub fn next_in_suite(card: FrenchCard) -> Option<FrenchCard> {
    let (rank, suit) = (card.rank()?, card.suit()?);
    let next = match rank.value() {
        1 => return None,
        13 => Rank::ACE,
        v => Rank::new(v + 1)?,
    };
    Some(FrenchCard::new(next, suit))
}

/// A rank key for blocks: `0..13` for Ace … King (`Rank::index`), 13 for the Joker.
pub const JOKER_KEY: u8 = 13;

pub fn rank_key(card: FrenchCard) -> u8 {
    match card.rank() {
        Some(rank) => rank.index() as u8,
        None => JOKER_KEY,
    }
}

/// The cards that share a block key: the four cards of a rank, or the Joker.
pub const fn key_mask(key: u8) -> u64 {
    if key == JOKER_KEY {
        JOKER_BIT
    } else {
        let i = key as u32;
        (1 << i) | (1 << (i + 13)) | (1 << (i + 26)) | (1 << (i + 39))
    }
}

pub const SEVEN: u8 = 6;
pub const EIGHT: u8 = 7;
pub const JACK: u8 = 10;
pub const QUEEN: u8 = 11;
pub const KING: u8 = 12;
pub const ACE: u8 = 0;

/// A hand (or any multiset of cards up to two decks): the suited cards as a once-or-twice
/// multiset of kinds, and the Jokers counted apart, since two decks hold four.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub struct Hand {
    suited: OnceOrTwice,
    jokers: u8,
}

impl Hand {
    pub fn len(&self) -> usize {
        self.suited.len() as usize + self.jokers as usize
    }

    pub fn is_empty(&self) -> bool {
        self.suited.is_empty() && self.jokers == 0
    }

    /// Every kind held at least once (the Joker as bit 52).
    pub fn kinds(&self) -> u64 {
        self.suited.kinds() | if self.jokers > 0 { JOKER_BIT } else { 0 }
    }

    pub fn contains(&self, card: FrenchCard) -> bool {
        self.kinds() & bit(card) != 0
    }

    pub fn count(&self, card: FrenchCard) -> u32 {
        if card.is_joker() { self.jokers as u32 } else { self.suited.count(card.index() as u8) as u32 }
    }

    pub fn jokers(&self) -> u32 {
        self.jokers as u32
    }

    pub fn add(&mut self, card: FrenchCard) {
        if card.is_joker() {
            self.jokers += 1;
        } else {
            self.suited.add(card.index() as u8);
        }
    }

    /// Removes one copy; the caller knows the card is held.
    pub fn remove(&mut self, card: FrenchCard) {
        if card.is_joker() {
            self.jokers -= 1;
        } else {
            self.suited.remove(card.index() as u8);
        }
    }

    /// How many cards of the kinds in `mask` (copies counted).
    pub fn count_in(&self, mask: u64) -> u32 {
        let jokers = if mask & JOKER_BIT != 0 { self.jokers as u32 } else { 0 };
        self.suited.count_in(mask & SUITED) + jokers
    }

    /// Adds this hand's count of each kind to `counts` (indexed by kind).
    pub fn add_counts(&self, counts: &mut [u32]) {
        for kind in self.suited.copies() {
            counts[kind as usize] += 1;
        }
        counts[JOKER] += self.jokers as u32;
    }

    /// Every card, copies included, in kind order (the Jokers last).
    pub fn cards(&self) -> impl Iterator<Item = FrenchCard> + '_ {
        self.suited
            .copies()
            .map(|kind| card(kind as usize))
            .chain(std::iter::repeat_n(FrenchCard::JOKER, self.jokers as usize))
    }

    /// The `n`-th card in kind order (`n < len`).
    pub fn nth(&self, n: usize) -> FrenchCard {
        self.cards().nth(n).unwrap_or(FrenchCard::JOKER)
    }
}

/// Penalty points of a card left in hand (§2.9): the French family table or the Crazy Eights one.
pub fn penalty_points(card: FrenchCard, crazy_eights: bool) -> u32 {
    match card.rank().map(Rank::value) {
        None => 50,
        Some(8) => {
            if crazy_eights {
                50
            } else {
                32
            }
        }
        Some(1) => {
            if crazy_eights {
                1
            } else {
                20
            }
        }
        Some(v) if v >= 11 => 10,
        Some(v) => v as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_card(s: &str) -> FrenchCard {
        s.parse().unwrap()
    }

    #[test]
    fn suites_run_from_two_to_ace_without_wrap() {
        assert_eq!(next_in_suite(parse_card("4H")), Some(parse_card("5H")));
        assert_eq!(next_in_suite(parse_card("TH")), Some(parse_card("JH")));
        assert_eq!(next_in_suite(parse_card("KS")), Some(parse_card("AS")));
        assert_eq!(next_in_suite(parse_card("AS")), None);
        assert_eq!(next_in_suite(FrenchCard::JOKER), None);
        assert_eq!(suite_order(Rank::ACE), 12);
    }

    #[test]
    fn hands_count_copies_of_two_decks() {
        let mut hand = Hand::default();
        for s in ["7H", "7H", "X", "X", "X", "2C"] {
            hand.add(parse_card(s));
        }
        assert_eq!(hand.len(), 6);
        assert_eq!(hand.count(parse_card("7H")), 2);
        assert_eq!(hand.count(FrenchCard::JOKER), 3);
        assert_eq!(hand.count_in(rank_mask(Rank::new(7).unwrap()) | JOKER_BIT), 5);
        hand.remove(parse_card("7H"));
        assert!(hand.contains(parse_card("7H")));
        hand.remove(parse_card("7H"));
        assert!(!hand.contains(parse_card("7H")));
        assert_eq!(hand.cards().map(|c| c.to_string()).collect::<Vec<_>>(), ["2C", "X", "X", "X"]);
        assert_eq!(hand.nth(3), FrenchCard::JOKER);
    }
}
