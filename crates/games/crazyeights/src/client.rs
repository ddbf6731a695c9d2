//! The game's part of the client view (`docs/client-view/crazyeights.md`): the table as people
//! and drawing programs need it, derived from a seat's [`View`] alone. OpenSpiel's bookkeeping
//! (history counts, the returns, which the envelope's scores already carry, the `can_pass` flag,
//! which the legal actions already show) stays out.

use crate::CrazyEights;
use crate::view::View;
use serde::Serialize;
use tapis_core::{ClientView, FrenchCard, Seat, Suit};

/// What the table is waiting for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The player to act plays a card, draws or passes.
    Play,
    /// The player to act has just played an 8 and names the suit to follow.
    NameSuit,
    /// The match is over.
    Over,
}

/// Which way the turn goes round.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Up the seat numbers (seats are numbered clockwise).
    Clockwise,
    /// Down the seat numbers, after an odd number of Aces (special cards).
    Counterclockwise,
}

/// One seat's public facts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatBody {
    pub seat: Seat,
    /// How many cards the seat holds.
    pub cards: u32,
}

/// The table of Crazy Eights from one seat, or from a spectator's chair.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Body {
    pub phase: Phase,
    /// The observer's own cards, in OpenSpiel's order (by rank, then clubs, diamonds, hearts,
    /// spades); absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<FrenchCard>>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatBody>,
    /// The face-up card on the discard pile.
    pub top: FrenchCard,
    /// The suit to follow: the top card's, or the one named after an 8. While an 8 waits for
    /// its suit (`name_suit`), the 8's own suit.
    pub suit: Suit,
    /// Cards in the stock, face down.
    pub stock: u32,
    /// How many cards lie under the top card.
    pub discard: u32,
    /// Those cards, in card order as above: all of them were played face up, but the engine
    /// keeps them as a set, not in the order they were played.
    pub discarded: Vec<FrenchCard>,
    pub direction: Direction,
    /// Cards the player to act must draw for pending 2s unless he plays a 2 (special cards).
    pub pending_draw: u32,
    /// Cards the player to act has drawn this turn, and how many a turn allows.
    pub drawn_this_turn: u32,
    pub draw_limit: u32,
    /// Cards played so far, all seats together, and the count that ends the match.
    pub cards_played: u32,
    pub play_limit: u32,
    /// Passes in a row with an empty stock, and the count that ends the match (players + 1).
    pub passes: u32,
    pub passes_to_end: u32,
}

pub(crate) fn body(view: &View) -> Body {
    let phase = if view.over {
        Phase::Over
    } else if view.naming_suit {
        Phase::NameSuit
    } else {
        Phase::Play
    };
    Body {
        phase,
        hand: view.seat.map(|_| view.hand.clone()),
        seats: view.hand_sizes.seats().map(|(seat, &cards)| SeatBody { seat, cards }).collect(),
        top: view.top,
        suit: view.suit,
        stock: view.stock,
        discard: view.discard.len() as u32,
        discarded: view.discard.clone(),
        direction: if view.direction < 0 { Direction::Counterclockwise } else { Direction::Clockwise },
        pending_draw: view.pending_twos,
        drawn_this_turn: view.drawn_this_turn,
        draw_limit: view.options.max_draw_cards,
        cards_played: view.plays,
        play_limit: view.options.max_turns,
        passes: view.passes,
        passes_to_end: view.players as u32 + 1,
    }
}

impl ClientView for CrazyEights {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    fn dealer(view: &View) -> Seat {
        view.dealer
    }
}
