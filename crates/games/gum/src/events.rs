//! Events: what happened, as every seat may know it.

use crate::cards::Card;
use crate::table::PlayKind;
use serde::Serialize;
use tapis_core::{BySeat, Seat, SeatSet};

/// What happened, as every seat may know it.
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
    Drew {
        seat: Seat,
        count: u32,
    },
    /// Refill from the face-up row.
    Took {
        seat: Seat,
        card: Card,
    },
    /// Refill from the face-down row: only the owner sees the card.
    TookFaceDown {
        seat: Seat,
        position: u8,
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
