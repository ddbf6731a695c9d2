//! Events: what happened, each with who may know it. What one seat alone learns (its dealt
//! hand, the cards it drew, the face-down card it took into its hand) is a private event; the
//! others are told the same moment without the cards, once.

use crate::cards::{Card, Counts};
use crate::table::PlayKind;
use serde::Serialize;
use tapis_core::{Audience, BySeat, GameEvent, Seat, SeatSet};

/// What happened.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A game was dealt: 3 face-down, 3 face-up and 3 hand cards each, the rest is the stock.
    Dealt {
        round: u32,
        dealer: Seat,
        faceup: Vec<Vec<Card>>,
        stock: usize,
    },
    /// Private: the hand `seat` was dealt (after [`Event::Dealt`], one per seat).
    HandDealt {
        seat: Seat,
        cards: Counts,
    },
    /// `hand_card` went face-up, `faceup_card` into the hand.
    Swapped {
        seat: Seat,
        hand_card: Card,
        faceup_card: Card,
    },
    Ready {
        seat: Seat,
    },
    PlayStarts {
        first: Seat,
    },
    Played {
        seat: Seat,
        card: Card,
        count: u8,
        how: PlayKind,
    },
    /// The pile (`cards` cards) left the game.
    Burnt {
        seat: Seat,
        cards: u32,
    },
    /// 8s: these seats lose their turn.
    Skipped {
        seats: Vec<Seat>,
    },
    /// `seat` drew `count` cards from the stock (told to everyone else).
    Drew {
        seat: Seat,
        count: u32,
    },
    /// Private: the cards `seat` drew from the stock.
    DrewCards {
        seat: Seat,
        cards: Counts,
    },
    /// Refill from the face-up row.
    Took {
        seat: Seat,
        card: Card,
    },
    /// Refill from the face-down row: only the owner sees the card (told to everyone else).
    TookFaceDown {
        seat: Seat,
        position: u8,
    },
    /// Private: the face-down card `seat` took into his hand.
    TookFaceDownCard {
        seat: Seat,
        position: u8,
        card: Card,
    },
    /// `table_play = shithead`: a blind card that could not be played goes to the hand.
    BlindFailed {
        seat: Seat,
        position: u8,
        card: Card,
    },
    PickedUp {
        seat: Seat,
        cards: u32,
    },
    Gave {
        giver: Seat,
        target: Seat,
    },
    Kept {
        seat: Seat,
    },
    Accepted {
        seat: Seat,
        cards: u32,
    },
    Leads {
        seat: Seat,
    },
    /// `seat` has no card left: out of the game in this place (1 = winner).
    Out {
        seat: Seat,
        place: u8,
    },
    GameOver {
        round: u32,
        points: BySeat<i64>,
        scores: BySeat<i64>,
    },
    MatchOver {
        winners: SeatSet,
    },
}

impl GameEvent for Event {
    fn audience(&self) -> Audience {
        match *self {
            Event::HandDealt { seat, .. } | Event::DrewCards { seat, .. } | Event::TookFaceDownCard { seat, .. } => {
                Audience::Only(seat)
            }
            Event::Drew { seat, .. } | Event::TookFaceDown { seat, .. } => Audience::AllBut(seat),
            _ => Audience::Everyone,
        }
    }

    fn reveals(&self) -> bool {
        match self {
            // Chance: a new deal turns up face-up rows and hands from a shuffled deck, the stock
            // is hidden, and a face-down card was seen by nobody until its owner took it.
            Event::Dealt { .. }
            | Event::HandDealt { .. }
            | Event::DrewCards { .. }
            | Event::TookFaceDownCard { .. } => true,
            // `table_play = shithead`: a face-down card turned over onto the pile, or into the
            // hand when it may not go there, is shown to everyone.
            Event::Played { how, .. } => *how == PlayKind::Blind,
            Event::BlindFailed { .. } => true,
            _ => false,
        }
    }
}
