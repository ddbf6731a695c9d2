//! A multiset of up to two copies of each card kind, as two bit words: the hands, stocks and
//! discards of the games played with one or two decks.

use serde::{Deserialize, Serialize};

/// A multiset of up to two copies of each of 64 kinds (cards of two decks): `once` has a bit for
/// every kind held at least once, `twice` for every kind held twice (`twice ⊆ once`). Two words,
/// so a hand, the stock and the discard copy as plain integers.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Serialize, Deserialize)]
pub struct OnceOrTwice {
    pub once: u64,
    pub twice: u64,
}

impl OnceOrTwice {
    pub const EMPTY: OnceOrTwice = OnceOrTwice { once: 0, twice: 0 };

    /// `copies` (1 or 2) of every kind of `kinds`.
    pub const fn every(kinds: u64, copies: u8) -> OnceOrTwice {
        OnceOrTwice { once: kinds, twice: if copies > 1 { kinds } else { 0 } }
    }

    /// Every kind held at least once.
    pub const fn kinds(self) -> u64 {
        self.once
    }

    pub const fn contains(self, id: u8) -> bool {
        (self.once >> id) & 1 != 0
    }

    /// How many copies of the kinds of `mask`.
    pub const fn count_in(self, mask: u64) -> u32 {
        (self.once & mask).count_ones() + (self.twice & mask).count_ones()
    }

    pub const fn count(self, id: u8) -> u8 {
        ((self.once >> id) & 1) as u8 + ((self.twice >> id) & 1) as u8
    }

    pub const fn len(self) -> u32 {
        self.once.count_ones() + self.twice.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.once == 0
    }

    /// Adds one copy; a third copy cannot exist in two decks, so it is ignored.
    pub fn add(&mut self, id: u8) {
        // Without branches: whether a card is already held is as good as random in play.
        let bit = 1u64 << id;
        self.twice |= self.once & bit;
        self.once |= bit;
    }

    /// Removes one copy if there is one: the second copy when there are two.
    pub fn remove(&mut self, id: u8) {
        let bit = 1u64 << id;
        let second = self.twice & bit;
        self.twice &= !bit;
        self.once &= !(bit & !second);
    }

    /// The card of the `n`-th copy (`n < len`), counting the first copies in id order and then the
    /// second copies: every copy has the same chance when `n` is uniform.
    #[inline]
    pub fn nth_copy(self, n: u32) -> Option<u8> {
        let first = self.once.count_ones();
        if n < first { select(self.once, n) } else { select(self.twice, n - first) }
    }

    /// Every copy in id order (a card held twice appears twice).
    pub fn copies(self) -> impl Iterator<Item = u8> {
        Copies { once: self.once, twice: self.twice, bits: self.once | self.twice, again: None }
    }

    /// The copies of `self` that `other` does not hold (`other` a part of `self`): `remove` for
    /// each copy of `other`, done on the words at once. Where `other` has one copy, `remove`
    /// takes the second copy if there is one, else the first; where it has two, both go.
    pub fn minus(self, other: OnceOrTwice) -> OnceOrTwice {
        let some = other.once | other.twice;
        let both = other.once & other.twice;
        OnceOrTwice { once: self.once & !(both | (some & !self.twice)), twice: self.twice & !some }
    }

    /// `add` for each copy of `other`, done on the words at once: a card already here or added
    /// twice gets its second copy (a third cannot exist in two decks), any other its first.
    pub fn merge(&mut self, other: OnceOrTwice) {
        let some = other.once | other.twice;
        let both = other.once & other.twice;
        self.twice |= (some & self.once) | both;
        self.once |= some;
    }
}

/// The iterator of [`OnceOrTwice::copies`]: each id of `bits` in turn, given again at once when both
/// words hold it.
struct Copies {
    once: u64,
    twice: u64,
    bits: u64,
    again: Option<u8>,
}

impl Iterator for Copies {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        if let Some(id) = self.again.take() {
            return Some(id);
        }
        if self.bits == 0 {
            return None;
        }
        let id = self.bits.trailing_zeros() as u8;
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
fn select(bits: u64, n: u32) -> Option<u8> {
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
    SELECT_IN_BYTE.get((byte * 8 + rank) as usize).map(|&bit| shift as u8 + bit)
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

    /// The 52 kinds of one deck.
    const DECK: u64 = (1 << 52) - 1;

    #[test]
    fn pile_counts_two_decks() {
        let mut pile = OnceOrTwice::EMPTY;
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
    fn select_by_loop(mut bits: u64, n: u32) -> Option<u8> {
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| bits.trailing_zeros() as u8)
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
        let mut rng = crate::GameRng::seed_from_u64(17);
        let mut words = vec![0, u64::MAX, DECK, 1 << 63, 0x8000_0000_0000_0001];
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
    fn add_by_branch(pile: &mut OnceOrTwice, id: u8) {
        let bit = 1u64 << id;
        if pile.once & bit != 0 {
            pile.twice |= bit;
        } else {
            pile.once |= bit;
        }
    }

    fn remove_by_branch(pile: &mut OnceOrTwice, id: u8) {
        let bit = 1u64 << id;
        if pile.twice & bit != 0 {
            pile.twice &= !bit;
        } else {
            pile.once &= !bit;
        }
    }

    fn copies_by_count(pile: OnceOrTwice) -> Vec<u8> {
        (0..64u8).flat_map(|id| std::iter::repeat_n(id, pile.count(id) as usize)).collect()
    }

    /// Every pile over ids 0, 1, 50 and 51 whose bits are `code` read in base 4 (no copy, one
    /// copy, two copies, and the second word alone, which no rule makes but a word can hold).
    fn pile_of_code(mut code: u32) -> OnceOrTwice {
        let mut pile = OnceOrTwice::EMPTY;
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
        let mut pile = OnceOrTwice::EMPTY;
        pile.merge(OnceOrTwice::every(DECK, 2));
        pile.merge(OnceOrTwice::every(DECK, 1));
        assert_eq!(pile, OnceOrTwice::every(DECK, 2));
        assert_eq!(OnceOrTwice::every(DECK, 2).minus(OnceOrTwice::every(DECK, 1)), OnceOrTwice::every(DECK, 1));
        assert_eq!(OnceOrTwice::every(DECK, 2).copies().count(), 104);
        assert_eq!(OnceOrTwice::every(DECK, 2).count_in(0b1010), 4);
    }
}
