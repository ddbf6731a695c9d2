//! The client view's body for Nur Mut (`docs/client-view/nurmut.md`): the three centre piles,
//! every seat's pile as the table sees it, the card Courage turned over while it waits to be
//! placed, the all-pass count, and the last round's winner. Built from a [`View`] alone, so it
//! holds only what the whole table saw: the same body for every seat and for a spectator.
//!
//! A card is written as NOTATION.md writes it, `<showing>/<hidden>` (`"8/7"`), when the table
//! has seen both its faces, and by its showing face alone (`"8"`) otherwise.

use crate::cards::Face;
use crate::rules::{NurMut, Phase};
use crate::view::{CentreCard, View};
use serde::Serialize;
use tapis_core::{ClientView, Seat};

/// Nur Mut's part of the client view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Body {
    /// `turn`, `place` (a card turned by Courage must be placed) or `over`.
    pub phase: Phase,
    /// Rounds in the match; `null` when `until_minus` ends it instead.
    pub rounds: Option<u32>,
    /// The total at which the match ends (`until_minus`); `null` when a round count ends it.
    pub until_minus: Option<u32>,
    /// Who started the current round.
    pub starter: Seat,
    /// The three centre piles, pile 1 first.
    pub center: Vec<CenterPile>,
    /// Every seat's pile, in seat order.
    pub seats: Vec<SeatPile>,
    /// Cards set aside at setup, never played.
    pub stock: u32,
    /// The card Courage turned over, while its player must place it.
    pub courage: Option<Turned>,
    /// Turns in a row in which no card reached the centre (passes and tucks).
    pub passes_in_a_row: u8,
    /// The all-pass rule binds the player whose turn it is: he must play Courage.
    pub forced_courage: bool,
    /// Who emptied his pile in the last round finished; `null` before the first round ends.
    pub last_round_winner: Option<Seat>,
}

/// A centre pile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CenterPile {
    /// The face to play on (the top card's showing face).
    pub top: Face,
    /// Every card of the pile, top first.
    pub cards: Vec<String>,
}

/// A seat's pile as the table sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatPile {
    pub seat: Seat,
    /// Cards in the pile.
    pub cards: u32,
    /// The top card (its showing face, or both faces while Courage's turned card waits on it);
    /// `null` for an empty pile.
    pub top: Option<String>,
    /// The faces of the cards seen going under the pile by `tuck` and still there, top first:
    /// the last is the very bottom card. Cleared when the pile is shuffled.
    pub tucked: Vec<Face>,
}

/// The card Courage turned over, waiting on its player's pile to be placed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Turned {
    pub seat: Seat,
    /// `<revealed>/<showed before>`: `"8/7"` was showing 7 and now shows 8.
    pub card: String,
}

fn card(showing: Face, hidden: Option<Face>) -> String {
    match hidden {
        Some(hidden) => format!("{showing}/{hidden}"),
        None => showing.to_string(),
    }
}

/// The body of `view`'s observer.
pub fn body(view: &View) -> Body {
    let courage = match (view.phase, view.current) {
        (Phase::Place, Some(seat)) => view
            .piles
            .get(seat.index())
            .and_then(|p| p.top)
            .map(|top| Turned { seat, card: card(top, view.revealed_from) }),
        _ => None,
    };
    let center = (0..view.center.len())
        .map(|k| CenterPile {
            top: view.center_top(k),
            cards: view.center[k].iter().rev().map(|&CentreCard { showing, hidden }| card(showing, hidden)).collect(),
        })
        .collect();
    let seats = view
        .piles
        .iter()
        .enumerate()
        .map(|(s, pile)| {
            let seat = Seat(s as u8);
            let turned = courage.as_ref().filter(|t| t.seat == seat);
            SeatPile {
                seat,
                cards: pile.size,
                top: turned.map(|t| t.card.clone()).or_else(|| pile.top.map(|f| f.to_string())),
                tucked: pile.known_bottom.iter().rev().copied().collect(),
            }
        })
        .collect();
    Body {
        phase: view.phase,
        rounds: view.rounds,
        until_minus: (view.options.until_minus > 0).then_some(view.options.until_minus),
        starter: view.starter,
        center,
        seats,
        stock: view.stock,
        courage,
        passes_in_a_row: view.pass_streak,
        forced_courage: view.forced_courage,
        last_round_winner: view.round_winner,
    }
}

impl ClientView for NurMut {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    /// Nur Mut has no dealer; NOTATION.md's convention makes the seat right of the starter the
    /// round's dealer (so seat 0 starts the first round when seat `n-1` deals).
    fn dealer(view: &View) -> Seat {
        view.starter.right(1, view.players as usize)
    }
}
