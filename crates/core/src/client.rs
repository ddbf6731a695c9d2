//! The client view: the table as people and the programs that draw it see it from one seat (or a
//! spectator's chair). The table layer wraps a game's [`ClientView::Body`] in one envelope shared
//! by every game (whose turn, scores, legal actions with their words, results); the body holds
//! what is particular to the game, with the conventions of `docs/client-view.md`: cards in
//! NOTATION.md's notation, a hidden hand as a count, no bitmask and no engine bookkeeping.
//!
//! The body is derived from the seat's [`Game::View`] alone, so it can never hold more than the
//! view, which the conformance kit checks against re-dealt matches.

use crate::game::Game;
use crate::seat::Seat;
use serde::Serialize;
use std::fmt::Debug;

/// A game's part of the client view.
pub trait ClientView: Game {
    /// Documented field by field in `docs/client-view/<id>.md`.
    type Body: Serialize + Clone + Debug + PartialEq + Send + Sync + 'static;

    /// The body for the view's seat (or the spectator).
    fn client_body(view: &Self::View) -> Self::Body;

    /// The dealer of the current round.
    fn dealer(view: &Self::View) -> Seat;
}
