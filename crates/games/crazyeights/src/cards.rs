//! Cards in OpenSpiel's numbering (a hand, the stock and the discard are [`OnceOrTwice`] multisets
//! of these ids, for one or two decks).
//!
//! The rules work on OpenSpiel's card ids (`rank * 4 + suit`, ranks `2 … A` from 0, suits
//! `C D H S` from 0) because two of its behaviours depend on the id itself: legal actions are
//! listed in id order, and the penalty of a plain card is `id + 2` (see `Scoring::OpenSpiel`).
//! Outside the rules a card is always a [`FrenchCard`], written as NOTATION.md says (`7H`, `TS`).

use tapis_core::{FrenchCard, OnceOrTwice, Rank, Suit};

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

/// `id_to_card` of every id a word of an [`OnceOrTwice`] can name, so that a bit's position needs no
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

/// Every copy of `pile` as a card, in id order (OpenSpiel's order).
pub fn cards_of(pile: OnceOrTwice) -> Vec<FrenchCard> {
    let mut cards = Vec::with_capacity(pile.len() as usize);
    cards.extend(pile.copies().map(id_to_card));
    cards
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
    fn a_full_pack_of_two_decks_holds_104_cards() {
        assert_eq!(cards_of(OnceOrTwice::every(ALL_CARDS, 2)).len(), 104);
        assert_eq!(cards_of(OnceOrTwice::every(ALL_CARDS, 1))[..2], [id_to_card(0), id_to_card(1)]);
    }
}
