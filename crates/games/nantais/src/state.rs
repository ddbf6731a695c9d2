//! The match state: the public table every seat sees, the hidden piles and hands, and the small
//! types the turn machine is made of.

use crate::cards::*;
use crate::options::Options;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use tapis_core::{BySeat, GameRng, MAX_SEATS, Seat, SeatSet};

/// What the next first card of a turn must match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Constraint {
    /// The suit or the rank of this card (the top card, without effect).
    Top { card: FrenchCard },
    /// The suit named after 8s or Jokers.
    Suit { suit: Suit },
    /// The rank demanded by a King: that rank (or a wild when the option allows).
    Rank { rank: Rank },
    /// House combination King + 8: exactly this card (or a wild when the option allows).
    Exact { card: FrenchCard },
    /// Anything (a Joker that names no suit, or a Joker starting a hand-made deal).
    Free,
}

/// The kind of a pending draw chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainKind {
    Seven,
    Joker,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Pending {
    pub kind: ChainKind,
    pub cards: u16,
}

/// Where the turn stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The turn's first decision: play, draw (or take the penalty), or pass.
    Start,
    /// At least one card played: chain a série/suite card, or `end`.
    Chain,
    /// A card was just drawn: `play` it if it fits, or keep it (`pass`).
    Drawn,
    /// Option `play_after_penalty`: the penalty is drawn; play a card that fits, or `pass`.
    AfterPenalty,
    /// Name a suit (final block of 8s or Jokers).
    NameSuit,
    /// Demand a rank (final block of Kings).
    NameRank,
    /// Dame: exchange (`swap`) or decline (`noswap`).
    Swap,
    /// Dame `named`: name the card wanted from `target`.
    Ask { target: Seat },
    /// Dame `target_chooses`: `target` gives a card back.
    Give { target: Seat },
    /// The match is over.
    Over,
}

/// A run of same-rank cards in the turn's sequence (`key`: rank index, 13 = Joker).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Block {
    pub key: u8,
    pub len: u8,
}

/// The effects of the turn's active block(s) still to resolve.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Effects {
    pub name_suit: bool,
    pub name_rank: bool,
    /// King + 8 combination: the suit and the rank make one exact card.
    pub exact: bool,
    #[serde(default)]
    pub named_suit: Option<Suit>,
    pub swaps: u8,
    pub skips: u8,
    pub reverse: bool,
    pub replay: bool,
}

/// Everything about the match that every seat may see (the view carries it whole).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PublicTable {
    pub round: u32,
    pub dealer: Seat,
    /// Whose turn it is.
    pub turn: Seat,
    pub clockwise: bool,
    pub phase: Phase,
    pub constraint: Constraint,
    pub pending: Option<Pending>,
    /// The turn's last block of same-rank cards and the one before it.
    pub block: Block,
    pub previous_block: Block,
    /// The turn began by answering a 7/Joker chain: only séries of that rank may follow.
    pub answered_chain: bool,
    pub played_this_turn: u8,
    pub drew_this_turn: bool,
    /// Consecutive turns with no card played and none drawn (a full cycle blocks the round).
    pub idle_turns: u8,
    pub effects: Effects,
    /// Seats whose UNIQUE window is open (one card, not announced).
    pub unique_window: SeatSet,
    /// The window closes at the next turn action (the turn of its seat is over).
    pub window_armed: bool,
    pub announced: SeatSet,
    pub rounds_won: BySeat<u32>,
    pub penalty_points: BySeat<u32>,
    pub winners: SeatSet,
}

/// A card a seat knows another seat holds (learnt in a Dame exchange).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Known {
    pub viewer: Seat,
    pub holder: Seat,
    pub card: FrenchCard,
}

pub const MAX_KNOWN: usize = 48;

/// A whole match of Le 8 Nantais.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Nantais {
    pub(crate) options: Options,
    pub(crate) players: u8,
    pub(crate) table: PublicTable,
    pub(crate) hands: [Hand; MAX_SEATS],
    /// Top card last.
    pub(crate) stock: ArrayVec<FrenchCard, MAX_CARDS>,
    /// Bottom first, top card last.
    pub(crate) discard: ArrayVec<FrenchCard, MAX_CARDS>,
    /// The card just drawn, in phase `Drawn`, fitting or not (only its drawer sees it).
    pub(crate) drawn: Option<FrenchCard>,
    /// Dame `named`: the card offered, before the wanted card is named (only the giver sees it).
    pub(crate) offered: Option<FrenchCard>,
    pub(crate) known: ArrayVec<Known, MAX_KNOWN>,
    pub(crate) rng: GameRng,
}

/// Special cards: Ace, Jack, 8, 7, King, Joker (and the Queen under the Dame rule).
pub fn special_mask(options: &Options) -> u64 {
    let mut mask = key_mask(ACE) | key_mask(JACK) | key_mask(EIGHT) | key_mask(SEVEN) | key_mask(KING) | JOKER_BIT;
    if options.queen_swap {
        mask |= key_mask(QUEEN);
    }
    mask
}

pub(crate) fn wild_mask() -> u64 {
    key_mask(EIGHT) | JOKER_BIT
}

/// The whole pack in kind order: one or two decks of 52 cards and 2 Jokers.
pub fn full_deck(decks: u8) -> ArrayVec<FrenchCard, MAX_CARDS> {
    let mut deck = ArrayVec::new();
    for _ in 0..decks {
        deck.extend(FrenchCard::suited());
        deck.push(FrenchCard::JOKER);
        deck.push(FrenchCard::JOKER);
    }
    deck
}
