//! What a screen shows of a match from one seat, as each game describes its own table
//! ([`DescribeTable`]): the front ends lay these lines out and colour them, and know no game.

use crate::on_game;
use crate::on_match;
use crate::registry::{AnyMatch, GameId};
use tapis_core::{DescribeTable, HandCard, Match, RichLine, Seat, Words};

/// A match from one seat (or a spectator's chair), in the reader's words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableText {
    /// The table's facts, one a line.
    pub lines: Vec<RichLine>,
    /// The heading of the column of the game's facts about each seat, and its short form.
    pub seat_heading: (&'static str, &'static str),
    /// The game's facts about each seat, in seat order.
    pub seats: Vec<RichLine>,
    /// The reader's hand; `None` for a spectator and in a game without a hand.
    pub hand: Option<Vec<HandCard>>,
    /// What the reader has on the table besides the hand.
    pub own: Vec<RichLine>,
    /// The rounds (or games) the match lasts, when a count ends it.
    pub rounds: Option<u32>,
    /// What the scores count.
    pub score_heading: &'static str,
}

fn table_text<G: DescribeTable>(m: &Match<G>, seat: Option<Seat>, w: &Words) -> TableText {
    let state = m.state();
    let seat = seat.filter(|s| s.index() < state.players());
    let body = G::client_body(&state.view(seat));
    TableText {
        lines: G::table_lines(&body, w),
        seat_heading: G::seat_heading(w),
        seats: Seat::all(state.players()).map(|s| G::seat_facts(&body, s, w)).collect(),
        hand: G::hand(&body, w),
        own: seat.map(|s| G::own_lines(&body, s, w)).unwrap_or_default(),
        rounds: G::rounds(&body),
        score_heading: G::score_heading(w),
    }
}

impl AnyMatch {
    /// The table as `seat` sees it (`None`: a spectator), from that seat's view alone.
    pub fn table_text(&self, seat: Option<Seat>, w: &Words) -> TableText {
        on_match!(self, m => table_text(m, seat, w))
    }
}

impl GameId {
    /// The cards of the hand an action uses, in notation (`play 9 9`: two 9s).
    pub fn action_cards(self, action: &str) -> Vec<&str> {
        on_game!(self, G => G::action_cards(action))
    }

    /// One of the game's sentences with the words that name a colour marked in it.
    pub fn sentence(self, text: &str) -> RichLine {
        on_game!(self, G => RichLine::sentence(text, G::word_tint))
    }
}
