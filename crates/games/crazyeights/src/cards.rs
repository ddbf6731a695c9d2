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
    // A table lookup: the rules convert every card played, and the arithmetic on tapis's rank
    // and suit numbering costs more than the whole legality check.
    if card.index() < FrenchCard::KINDS {
        let id = CARD_TO_ID[card.index()];
        if id != NO_ID {
            return Some(id);
        }
    }
    None
}

/// `card_to_id` computed: the source of the lookup table.
const fn compute_card_to_id(card: FrenchCard) -> Option<CardId> {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => {
            let r = if rank.value() == 1 { 12 } else { rank.value() - 2 };
            Some(r * 4 + suit_to_os(suit))
        }
        _ => None,
    }
}

const NO_ID: CardId = u8::MAX;

/// OpenSpiel's id of every card by tapis's card index, `NO_ID` for the Joker.
const CARD_TO_ID: [CardId; FrenchCard::KINDS] = {
    let mut table = [NO_ID; FrenchCard::KINDS];
    let mut i = 0;
    while i < FrenchCard::KINDS {
        if let Some(card) = FrenchCard::from_index(i)
            && let Some(id) = compute_card_to_id(card)
        {
            table[i] = id;
        }
        i += 1;
    }
    table
};

pub const fn id_to_card(id: CardId) -> FrenchCard {
    if (id as usize) < ID_TO_CARD.len() { ID_TO_CARD[id as usize] } else { compute_id_to_card(id) }
}

/// `id_to_card` computed: the source of the lookup table (and the answer for an id past the
/// deck, which the rules never hold).
const fn compute_id_to_card(id: CardId) -> FrenchCard {
    let r = rank_of(id);
    let value = if r == 12 { 1 } else { r + 2 };
    let rank = match Rank::new(value) {
        Some(rank) => rank,
        None => Rank::ACE,
    };
    FrenchCard::new(rank, suit_from_os(suit_of(id)))
}

/// `id_to_card` of every id a word of a [`Pile`] can name, so that a bit's position needs no
/// range check (the ids past the deck never occur).
const ID_TO_CARD: [FrenchCard; 64] = {
    let mut table = [FrenchCard::JOKER; 64];
    let mut id = 0;
    while id < 64 {
        table[id] = compute_id_to_card(id as CardId);
        id += 1;
    }
    table
};

/// Every card of one suit (OpenSpiel suit index), as a bit mask over ids.
pub const fn suit_mask(suit: u8) -> u64 {
    // Every fourth bit from the clubs' 2 (id 0) to their Ace (id 48), moved over by the suit.
    const CLUBS: u64 = 0x0001_1111_1111_1111;
    CLUBS << (suit & 3)
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
        // Without branches: whether a card is already held is as good as random in play.
        let bit = 1u64 << id;
        self.twice |= self.once & bit;
        self.once |= bit;
    }

    /// Removes one copy if there is one: the second copy when there are two.
    pub fn remove(&mut self, id: CardId) {
        let bit = 1u64 << id;
        let second = self.twice & bit;
        self.twice &= !bit;
        self.once &= !(bit & !second);
    }

    /// The card of the `n`-th copy (`n < len`), counting the first copies in id order and then the
    /// second copies: every copy has the same chance when `n` is uniform.
    #[inline]
    pub fn nth_copy(self, n: u32) -> Option<CardId> {
        let first = self.once.count_ones();
        if n < first { select(self.once, n) } else { select(self.twice, n - first) }
    }

    /// Every copy in id order (a card held twice appears twice).
    pub fn copies(self) -> impl Iterator<Item = CardId> {
        Copies { once: self.once, twice: self.twice, bits: (self.once | self.twice) & ALL_CARDS, again: None }
    }

    /// The copies of `self` that `other` does not hold (`other` a part of `self`): `remove` for
    /// each copy of `other`, done on the words at once. Where `other` has one copy, `remove`
    /// takes the second copy if there is one, else the first; where it has two, both go.
    pub fn minus(self, other: Pile) -> Pile {
        let some = other.once | other.twice;
        let both = other.once & other.twice;
        Pile { once: self.once & !(both | (some & !self.twice)), twice: self.twice & !some }
    }

    /// Every copy as a card, in id order (OpenSpiel's order).
    pub fn cards(self) -> Vec<FrenchCard> {
        let mut cards = Vec::with_capacity(self.len() as usize);
        cards.extend(self.copies().map(id_to_card));
        cards
    }

    /// `add` for each copy of `other`, done on the words at once: a card already here or added
    /// twice gets its second copy (a third cannot exist in two decks), any other its first.
    pub fn merge(&mut self, other: Pile) {
        let some = other.once | other.twice;
        let both = other.once & other.twice;
        self.twice |= (some & self.once) | both;
        self.once |= some;
    }
}

/// The iterator of [`Pile::copies`]: each id of `bits` in turn, given again at once when both
/// words hold it.
struct Copies {
    once: u64,
    twice: u64,
    bits: u64,
    again: Option<CardId>,
}

impl Iterator for Copies {
    type Item = CardId;

    fn next(&mut self) -> Option<CardId> {
        if let Some(id) = self.again.take() {
            return Some(id);
        }
        if self.bits == 0 {
            return None;
        }
        let id = self.bits.trailing_zeros() as CardId;
        self.bits &= self.bits - 1;
        if (self.once & self.twice) >> id & 1 != 0 {
            self.again = Some(id);
        }
        Some(id)
    }
}

const ONES_IN_BYTES: u64 = 0x0101_0101_0101_0101;
const HIGH_IN_BYTES: u64 = 0x8080_8080_8080_8080;

/// The position of the `n`-th set bit of `bits` (from 0), `None` past the last one.
///
/// Every chance card picks a random copy of the stock, so this runs once per chance event:
/// clearing the lowest bit `n` times costs a loop of up to 51 turns and a mispredicted exit.
/// Instead (Vigna's broadword select): count the bits of every byte, find the byte where the
/// running count passes `n`, and look the bit up in that byte.
fn select(bits: u64, n: u32) -> Option<CardId> {
    let mut counts = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    counts = (counts + (counts >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the bits set in bytes 0 to i (at most 64, so no byte carries into the next).
    let running = counts.wrapping_mul(ONES_IN_BYTES);
    if u64::from(n) >= running >> 56 {
        return None;
    }
    // The high bit of byte i is set when bytes 0 to i hold at most `n` bits: the wanted bit
    // lies further up. Those bytes come first, as the running count only grows.
    let passed = (((u64::from(n) * ONES_IN_BYTES) | HIGH_IN_BYTES) - running) & HIGH_IN_BYTES;
    let shift = (((passed >> 7).wrapping_mul(ONES_IN_BYTES) >> 56) * 8) as u32;
    let below = ((running << 8) >> shift) & 0xFF;
    let byte = (bits >> shift) & 0xFF;
    let rank = u64::from(n) - below;
    SELECT_IN_BYTE.get((byte * 8 + rank) as usize).map(|&bit| shift as CardId + bit)
}

/// `SELECT_IN_BYTE[byte * 8 + k]`: the position of the `k`-th set bit of `byte`.
const SELECT_IN_BYTE: [u8; 256 * 8] = {
    let mut table = [0u8; 256 * 8];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte * 8 + k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

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

    /// The lowest bit cleared `n` times: what `select` computes without the loop.
    fn select_by_loop(mut bits: u64, n: u32) -> Option<CardId> {
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| bits.trailing_zeros() as CardId)
    }

    #[test]
    fn select_finds_the_nth_bit_of_any_word() {
        assert_eq!(select(0b1011_0100, 0), Some(2));
        assert_eq!(select(0b1011_0100, 2), Some(5));
        assert_eq!(select(0b1011_0100, 3), Some(7));
        assert_eq!(select(0b1011_0100, 4), None);
        assert_eq!(select(u64::MAX, 63), Some(63));
        assert_eq!(select(1 << 63, 0), Some(63));
        assert_eq!(select(0, 0), None);
        let mut rng = tapis_core::GameRng::seed_from_u64(17);
        let mut words = vec![0, u64::MAX, ALL_CARDS, 1 << 63, 0x8000_0000_0000_0001];
        // Sparse and dense words alike: a hand, a stock, a nearly full deck.
        for _ in 0..2000 {
            words.push(rng.next_u64() & rng.next_u64() & rng.next_u64());
            words.push(rng.next_u64());
            words.push(rng.next_u64() | rng.next_u64());
        }
        for word in words {
            for n in 0..=word.count_ones() + 1 {
                assert_eq!(select(word, n), select_by_loop(word, n), "word {word:#x}, n {n}");
            }
        }
    }

    /// The copy-by-copy definitions that `add`, `remove`, `merge` and `minus` compute on words.
    fn add_by_branch(pile: &mut Pile, id: CardId) {
        let bit = 1u64 << id;
        if pile.once & bit != 0 {
            pile.twice |= bit;
        } else {
            pile.once |= bit;
        }
    }

    fn remove_by_branch(pile: &mut Pile, id: CardId) {
        let bit = 1u64 << id;
        if pile.twice & bit != 0 {
            pile.twice &= !bit;
        } else {
            pile.once &= !bit;
        }
    }

    fn copies_by_count(pile: Pile) -> Vec<CardId> {
        (0..NUM_CARDS as u8).flat_map(|id| std::iter::repeat_n(id, pile.count(id) as usize)).collect()
    }

    /// Every pile over ids 0, 1, 50 and 51 whose bits are `code` read in base 4 (no copy, one
    /// copy, two copies, and the second word alone, which no rule makes but a word can hold).
    fn pile_of_code(mut code: u32) -> Pile {
        let mut pile = Pile::EMPTY;
        for id in [0u8, 1, 50, 51] {
            let (once, twice) = [(0, 0), (1, 0), (1, 1), (0, 1)][(code % 4) as usize];
            pile.once |= once << id;
            pile.twice |= twice << id;
            code /= 4;
        }
        pile
    }

    #[test]
    fn word_operations_match_the_copy_by_copy_definitions() {
        for a in 0..256 {
            let pile = pile_of_code(a);
            assert_eq!(pile.copies().collect::<Vec<_>>(), copies_by_count(pile), "{pile:?}");
            for id in [0u8, 1, 50, 51] {
                let (mut fast, mut slow) = (pile, pile);
                fast.add(id);
                add_by_branch(&mut slow, id);
                assert_eq!(fast, slow, "{pile:?} add {id}");
                let (mut fast, mut slow) = (pile, pile);
                fast.remove(id);
                remove_by_branch(&mut slow, id);
                assert_eq!(fast, slow, "{pile:?} remove {id}");
            }
            for b in 0..256 {
                let other = pile_of_code(b);
                let mut merged = pile;
                merged.merge(other);
                let mut slow = pile;
                for id in copies_by_count(other) {
                    add_by_branch(&mut slow, id);
                }
                assert_eq!(merged, slow, "{pile:?} merge {other:?}");
                let mut slow = pile;
                for id in copies_by_count(other) {
                    remove_by_branch(&mut slow, id);
                }
                assert_eq!(pile.minus(other), slow, "{pile:?} minus {other:?}");
            }
        }
        let mut pile = Pile::EMPTY;
        pile.merge(Pile::full(2));
        pile.merge(Pile::full(1));
        assert_eq!(pile, Pile::full(2));
        assert_eq!(Pile::full(2).minus(Pile::full(1)), Pile::full(1));
        assert_eq!(Pile::full(2).cards().len(), 104);
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
