//! The 52-card deck of Le Nain Jaune (no Joker, Ace low), the five board cells, and card sets
//! that read and write as NOTATION.md lists (`["7D", "KH"]`).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use tapis_core::{CardSet, FrenchCard, Rank, Suit};

/// Cards in the deck: the 52 suited cards of `FrenchCard` (indices `0..52`).
pub const DECK_SIZE: usize = 52;

/// Every card of the deck as a bitset.
pub const FULL_DECK: CardSet = CardSet((1u64 << DECK_SIZE) - 1);

/// The ranks, numbered 1 (Ace) … 13 (King) like `Rank::value`.
pub const KING: u8 = 13;

/// The four cards of one rank (1..=13): the index is `suit * 13 + rank - 1`.
pub const fn rank_mask(rank: u8) -> CardSet {
    let bit = 1u64 << (rank - 1);
    CardSet(bit | bit << 13 | bit << 26 | bit << 39)
}

/// The rank (1..=13) of a card index.
pub const fn rank_of(index: usize) -> u8 {
    (index % 13) as u8 + 1
}

/// A card of this deck from its index (`index < 52`).
pub fn card(index: usize) -> FrenchCard {
    FrenchCard::from_index(index).filter(|c| !c.is_joker()).expect("a card index of the 52-card deck")
}

/// What a card is worth under `payment = card_points`: Ace to 10 their face value, figures 10.
pub const fn card_points(index: usize) -> u32 {
    let rank = rank_of(index);
    if rank > 10 { 10 } else { rank as u32 }
}

/// One of the five cells of the board, in the board (and settlement) order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Cell(pub u8);

impl Cell {
    /// 10♦, V♣, D♠, R♥, 7♦ (the Nain Jaune): stakes 1, 2, 3, 4, 5 chips per player.
    pub const ALL: [Cell; 5] = [Cell(0), Cell(1), Cell(2), Cell(3), Cell(4)];
    pub const NAMES: [&'static str; 5] = ["TD", "JC", "QS", "KH", "7D"];

    /// The card that collects this cell.
    pub const fn card(self) -> FrenchCard {
        const CARDS: [FrenchCard; 5] = [
            FrenchCard::new(Rank::new(10).unwrap(), Suit::Diamonds),
            FrenchCard::new(Rank::JACK, Suit::Clubs),
            FrenchCard::new(Rank::QUEEN, Suit::Spades),
            FrenchCard::new(Rank::KING, Suit::Hearts),
            FrenchCard::new(Rank::new(7).unwrap(), Suit::Diamonds),
        ];
        CARDS[self.0 as usize]
    }

    /// Chips each player stakes on this cell at the start of a round.
    pub const fn stake(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The cell a card collects, if it is a board card.
    pub fn of_card(index: usize) -> Option<Cell> {
        Cell::ALL.into_iter().find(|cell| cell.card().index() == index)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn name(self) -> &'static str {
        Cell::NAMES[self.0 as usize]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Cell::ALL
            .into_iter()
            .find(|cell| cell.name().eq_ignore_ascii_case(&name))
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a board cell (TD, JC, QS, KH, 7D)")))
    }
}

/// The chips staked by every player on the board at each round: 1 + 2 + 3 + 4 + 5.
pub const STAKE_PER_PLAYER: u32 = 15;

/// Board cards as a bitset.
pub const BOARD_CARDS: CardSet = {
    let mut bits = 0u64;
    let mut i = 0;
    while i < 5 {
        bits |= 1 << Cell::ALL[i].card().index();
        i += 1;
    }
    CardSet(bits)
};

/// A set of the deck's cards: a [`CardSet`] of their indices, read and written as the list of the
/// cards' notations in deck order (`["7D", "QS"]`).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct FrenchCardSet(pub CardSet);

impl FrenchCardSet {
    pub fn iter(self) -> impl Iterator<Item = FrenchCard> {
        self.0.iter().map(card)
    }

    pub fn len(self) -> usize {
        self.0.len()
    }

    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for FrenchCardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for FrenchCardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<FrenchCard>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if c.is_joker() {
                return Err(serde::de::Error::custom("Le Nain Jaune is played without Joker"));
            }
            set.insert(c.index());
        }
        Ok(FrenchCardSet(set))
    }
}

/// A set of ranks (bit `rank - 1`), written as a list of rank letters: `["5", "J"]`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Ranks(pub u16);

impl Ranks {
    pub const fn contains(self, rank: u8) -> bool {
        self.0 >> (rank - 1) & 1 == 1
    }

    pub fn insert(&mut self, rank: u8) {
        self.0 |= 1 << (rank - 1);
    }

    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=KING).filter(move |&r| self.contains(r))
    }
}

impl Serialize for Ranks {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(rank_letter))
    }
}

impl<'de> Deserialize<'de> for Ranks {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let letters = Vec::<String>::deserialize(d)?;
        let mut ranks = Ranks::default();
        for letter in letters {
            let rank: Rank =
                letter.parse().map_err(|_| serde::de::Error::custom(format!("'{letter}' is not a rank")))?;
            ranks.insert(rank.value());
        }
        Ok(ranks)
    }
}

/// A rank (1..=13) as its notation letter: `A`, `7`, `T`, `K`.
pub fn rank_letter(rank: u8) -> &'static str {
    rank_of_value(rank).notation()
}

/// The core `Rank` of a value 1..=13.
pub fn rank_of_value(rank: u8) -> Rank {
    Rank::new(rank).expect("a rank from 1 to 13")
}

/// A rank as people say it: « Valet » / "Jack", « 10 ».
pub fn rank_name(rank: u8, lang: tapis_core::Lang) -> &'static str {
    let rank = rank_of_value(rank);
    lang.pick(rank.name_fr(), rank.name_en())
}

/// Serde for a rank (1..=13) as its letter.
pub mod rank_serde {
    use super::*;

    pub fn serialize<S: Serializer>(rank: &u8, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(rank_letter(*rank))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
        let l = String::deserialize(d)?;
        l.parse::<Rank>().map(Rank::value).map_err(|_| serde::de::Error::custom(format!("'{l}' is not a rank")))
    }
}

/// Chips on each board cell, written `{"TD": n, "JC": n, "QS": n, "KH": n, "7D": n}`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Board(pub [u32; 5]);

impl Board {
    pub fn total(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl std::ops::Index<Cell> for Board {
    type Output = u32;
    fn index(&self, cell: Cell) -> &u32 {
        &self.0[cell.index()]
    }
}

impl std::ops::IndexMut<Cell> for Board {
    fn index_mut(&mut self, cell: Cell) -> &mut u32 {
        &mut self.0[cell.index()]
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NamedCells {
    #[serde(rename = "TD", default)]
    td: u32,
    #[serde(rename = "JC", default)]
    jc: u32,
    #[serde(rename = "QS", default)]
    qs: u32,
    #[serde(rename = "KH", default)]
    kh: u32,
    #[serde(rename = "7D", default)]
    nain: u32,
}

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [td, jc, qs, kh, nain] = self.0;
        NamedCells { td, jc, qs, kh, nain }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = NamedCells::deserialize(d)?;
        Ok(Board([n.td, n.jc, n.qs, n.kh, n.nain]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_cells_are_the_standard_board() {
        let names: Vec<String> = Cell::ALL.iter().map(|c| c.card().to_string()).collect();
        assert_eq!(names, ["TD", "JC", "QS", "KH", "7D"]);
        assert_eq!(Cell::ALL.iter().map(|c| c.stake()).sum::<u32>(), STAKE_PER_PLAYER);
        assert_eq!(BOARD_CARDS.len(), 5);
    }

    #[test]
    fn rank_masks_hold_four_cards_of_the_rank() {
        for rank in 1..=KING {
            let mask = rank_mask(rank);
            assert_eq!(mask.len(), 4);
            assert!(mask.iter().all(|i| rank_of(i) == rank && card(i).rank().unwrap().value() == rank));
        }
    }
}
