//! The client view: the table as people and the programs that draw it see it from one seat (or a
//! spectator's chair). The table layer wraps a game's [`ClientView::Body`] in one envelope shared
//! by every game (whose turn, scores, legal actions with their words, results); the body holds
//! what is particular to the game, with the conventions of `docs/client-view.md`: cards in
//! NOTATION.md's notation, a hidden hand as a count, no bitmask and no engine bookkeeping.
//!
//! The body is derived from the seat's [`Game::View`] alone, so it can never hold more than the
//! view, which the conformance kit checks against re-dealt matches.

use crate::cards::FrenchCard;
use crate::game::Game;
use crate::rich::{RichLine, RichSpan, Tint, suit_tint};
use crate::seat::Seat;
use crate::words::Words;
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

/// What a table drawn on a screen shows of a game, said by the game itself from its client
/// view's body and the reader's [`Words`], so that the screen knows no game: it lays these
/// lines out and colours their pieces by what they are ([`crate::rich::Mark`]).
pub trait DescribeTable: ClientView {
    /// The table's facts, one a line: the piles and their counts, the board, what is demanded,
    /// whose exchange is in progress.
    fn table_lines(body: &Self::Body, w: &Words) -> Vec<RichLine>;

    /// The heading of the players' panel's column of the game's facts about each seat, and its
    /// short form for a narrow panel (empty when the facts need no heading).
    fn seat_heading(w: &Words) -> (&'static str, &'static str) {
        let _ = w;
        ("", "")
    }

    /// The game's facts about one seat, in a few letters: its face-up row, its pile's top, the
    /// tricks it won (empty when there is nothing to say).
    fn seat_facts(body: &Self::Body, seat: Seat, w: &Words) -> RichLine;

    /// The reader's hand, card by card in the order held; `None` for a spectator, and in a game
    /// without a hand (Nur Mut).
    fn hand(body: &Self::Body, w: &Words) -> Option<Vec<HandCard>> {
        let _ = (body, w);
        None
    }

    /// What the reader has on the table besides the hand: the cards laid aside, the face-up and
    /// face-down cards, the pile.
    fn own_lines(body: &Self::Body, seat: Seat, w: &Words) -> Vec<RichLine> {
        let _ = (body, seat, w);
        Vec::new()
    }

    /// The cards of the hand an action lays, gives or lays aside, in notation, as often as it
    /// uses them (`play 9 9`: two 9s); none when it names no card of the hand (`draw`).
    /// By default, the words after the verb: `play 7H` lays the 7♥.
    fn action_cards(action: &str) -> Vec<&str> {
        action.split_whitespace().skip(1).collect()
    }

    /// The rounds (or games) the match lasts, when a count ends it.
    fn rounds(body: &Self::Body) -> Option<u32> {
        let _ = body;
        None
    }

    /// What the scores count: « Jetons » / "Chips" in Le Nain Jaune.
    fn score_heading(w: &Words) -> &'static str {
        let _ = w;
        "Score"
    }

    /// The colour of a word of the game's sentences that names one: « 7♥ », « rouges, ».
    fn word_tint(word: &str) -> Option<Tint> {
        suit_tint(word)
    }
}

/// A hand of French cards as a table shows it, in the order held.
pub fn french_hand(hand: &[FrenchCard], w: &Words) -> Vec<HandCard> {
    hand.iter().map(|&c| HandCard { card: c.to_string(), group: None, face: RichSpan::french_card(w, c) }).collect()
}

/// A card of the reader's hand as a table shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandCard {
    /// In notation, as actions name it: `7H`, `R5`.
    pub card: String,
    /// The group it is shown under, said once before the first card of the group: Njet's
    /// colours (« rouge 5 9 »).
    pub group: Option<RichSpan>,
    /// The card as shown: « 7♥ », or only its value under a group.
    pub face: RichSpan,
}
