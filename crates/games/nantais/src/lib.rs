//! # Le 8 Nantais
//!
//! A family's house version of the French « 8 américain » (Crazy Eights), for 2 to 7 players with
//! one pack of 54 cards (52 + 2 Jokers), 2 to 10 with two packs (`decks = 2`). The rulebook is
//! `rules/nantais.md`; the source page lost the texts of the special cards, so **the six special
//! cards below are reconstructions** (§2.4), each with its variant switch.
//!
//! ## The rules in brief
//!
//! Seven cards each; the stock's top card starts the discard (a Joker — or, by default, any special
//! card — goes back under the stock). From the left of the dealer, clockwise, each player must lay
//! a card matching the top card's suit or rank (an 8 or a Joker goes on anything); after it he may
//! chain **séries** (same rank, any suit) and **suites** (same suit, next rank up; 2 … 10, J, Q, K,
//! A, no wrap), mixed without limit, then `end`. Only the **terminal block** (the last run of
//! same-rank cards) takes effect, cumulating inside:
//!
//! * **Ace**: skip the next player per Ace (2 players: you play again).
//! * **Jack**: an odd number reverses the direction (2 players: nothing; variant: skip).
//! * **8**: name a suit (`suit H`). **King**: demand a rank (`rank 5`), valid until satisfied
//!   (an 8 or a Joker also answers it by default).
//! * **7**: the next player draws 2 per 7 unless he adds 7s (`play 7S`); whoever takes the chain
//!   (`draw`) draws the whole total and loses his turn. **Joker**: the same with 4 per Joker
//!   (variant 5), and its player names a suit.
//! * **Queen** (optional Dame rule): one exchange of cards with any player per Queen.
//!
//! A player who cannot play draws one card (`draw`); he may lay it at once if it fits (`play`, then
//! chain on) or keep it (`pass`, the only choice when it does not fit). When the
//! stock is empty the discard but its top card is shuffled into a new one; with nothing to draw a
//! stuck player passes, and a full cycle of such turns blocks the round (fewest cards wins, then
//! fewest penalty points). A player down to one card announces `unique`; until the next player's
//! first action, anyone else may call `contre <seat>` on a silent one, who draws 2. The first to
//! empty his hand wins the round; the match goes to the first to win `rounds_to_win` rounds (or,
//! with `scoring = penalty_points`, to the lowest total once someone reaches `penalty_limit`).
//!
//! Action verbs (NOTATION.md): `play <card>`, `end`, `suit <S|H|D|C>`, `rank <2..A>`, `draw`, `pass`,
//! `unique`, `contre <seat>`, `swap <seat> <card>`, `noswap`, and for the Dame variants `ask <card>`
//! (`named`: the card wanted) and `give <card>` (`target_chooses`: the card the target gives back).
//!
//! A view holds every public fact (top card and the whole discard, constraint in force, pending
//! draw, direction, whose turn and in which phase, hand sizes, stock size, announcements, scores),
//! the seat's own hand, the card it has just drawn, the card it is offering in a Dame exchange, and
//! the cards it knows other seats hold from Dame exchanges. The client view (`client.rs`,
//! `docs/client-view/nantais.md`) is the same picture for people and the programs that draw it.
//!
//! **Private events.** Each seat is told by an event addressed to it alone what it alone learns:
//! the hand it is dealt (`dealt`), the card it draws (`drew_card`, while the others are told
//! `drew`), the penalty cards it draws (`penalty_cards`, the others `penalty`), the card it offers
//! in a Dame exchange (`offered`, the others `swap_offered`), and the two cards of an exchange it
//! takes part in (`exchanged`, beside the public `swapped`).
//!
//! ## Decisions where the rulebook is silent
//!
//! * **Players**: one pack 2–7 (7 × 7 + a starter leaves a stock), two packs 2–10.
//! * **Hand-made deals** may give hands of any size (at least one card each, a non-empty
//!   discard), like a position of a round in progress; the top card has no effect (a Joker on top:
//!   anything may follow). A seat dealt a single card has an open UNIQUE window from the start.
//!   The starter rule (redraw) applies to random deals only. If every stock card is special, the
//!   first suited one starts, without effect.
//! * **Chains**: a chain is answered with chain-rank cards only, then séries of that rank only
//!   (E11). Every 8, Joker or King block ends with its naming; a Joker block answering a chain names
//!   a suit too. After a chain is taken, play resumes on the top card as it stands.
//! * **`joker_names_suit = false`**: any card may follow a Joker.
//! * **`play_after_penalty`**: after drawing the penalty the player may lay a fitting card (and
//!   chain on) or `pass`, even when nothing fits (see *What the flow tells the table* below). He
//!   never draws a second time.
//! * **`voluntary_draw`**: `draw` is offered whenever a card can be drawn; only the drawn card may
//!   then be played.
//! * **Passing**: with no fitting card and nothing to draw (stock empty, discard = its top card) the
//!   only action is `pass`. A penalty that finds no card to draw is taken as far as it can be.
//! * **A King demand** ends with the first card laid after it (a wild included); it persists over
//!   turns where nobody lays a card. A King may demand any rank, Kings included.
//! * **Jacks with 2 players, `jack_two_players = skip`**: an odd number of Jacks skips the opponent
//!   once (an even number cancels out, as reversals do).
//! * **UNIQUE window**: it opens when a player's hand drops to one card (also in the middle of his
//!   turn: he may announce before chaining on) and closes at the first *turn* action taken after
//!   his turn is over — `unique` and `contre` never close it, and a Dame target's `give` belongs to
//!   the turn in progress. If the next turn is his own again (two players and an Ace), his own first
//!   action closes it. It is a race from the first moment: a player who drops to one card in the
//!   middle of his turn may be caught before he announces. The player whose turn it is has
//!   `unique` among his turn's legal actions (he is in `waiting_for` for his turn, not for the
//!   announcement); every other seat's `contre` is a reaction (in `actors`, not in
//!   `waiting_for`). A CONTRE makes the offender draw 2 (as many as can be drawn). `auto_unique`
//!   announces by itself and removes the window.
//! * **Dame**: `noswap` declines all the exchanges the Queens still allow. In `named` mode the
//!   player first chooses the card he gives (`swap <seat> <card>`), then names the card he wants
//!   (`ask <card>`, any card of the pack): the exchange happens only if the target holds it, and the
//!   card asked is heard by the whole table. In `target_chooses` mode the target picks the card he
//!   gives back (`give <card>`) before seeing the one he receives. A card a seat gave away, took, or
//!   heard asked for stays in its knowledge until it is played, traded, or becomes uncertain (an
//!   exchange it did not see); negative knowledge (the target does not hold the card asked) is not
//!   kept. At most 48 such facts are held at a time (they are cleared each round); beyond that new
//!   ones are not recorded.
//! * **`forbid_special_finish`**: a player may not lay a special card (7, 8, Jack, King, Ace,
//!   Joker, and the Queen under the Dame rule) as his last card.
//! * **Blocked round**: if fewest cards and fewest penalty points still tie, the round is shared.
//! * **Scores** (`scores()`): rounds won by default; with `scoring = penalty_points`, minus the
//!   penalty points, so that higher is always better. Rounds are won in the match with
//!   `rounds_to_win`; several seats reaching it together (a shared blocked round) share the match.
//! * **Penalty tables**: `french` (Joker 50, 8 = 32, Ace 20, figures 10, others face value) and
//!   `crazy_eights` (8 = 50, figures 10, Ace 1, others face value; the Joker, absent from that
//!   table, is 50).
//! * **Combinations** (`combos`, house variants for the lost section, none by default):
//!   `king_eight` — a King may be followed by an 8 and an 8 by a King; ending on the pair demands
//!   one exact card (suit from the 8, then rank from the King); `seven_joker` — same as
//!   `mixed_stacking`; `carre` — a final série of four or more of a kind makes the player play
//!   again; `ace_jack` — an Ace may be followed by a Jack and a Jack by an Ace, and ending on the pair
//!   applies both (reverse, then skip).
//! * `table_mode_errors` (§2.8, « Erreur ») is left out: illegal declarations cannot be made here,
//!   so the penalty could never fire; it would only mean something in a free-table mode.
//!
//! ### What the flow tells the table
//!
//! Who the match waits for, and every public event, is seen by the whole table, so the flow of a
//! turn must not depend on cards the others cannot see (issue 13; the conformance kit checks it
//! by re-dealing the hidden cards). Rulings for that:
//!
//! * **The chain step** is offered after every card laid while the player still holds cards and
//!   the rules let some card follow the one laid (a série always can, so in practice always; the
//!   exception is `forbid_special_finish` with one card left when every card that could follow is
//!   special), even when his hand holds none: `end` is then his only turn action. Entering the step
//!   only when the hand could follow told every seat that it could.
//! * **The drawn step** is offered after every draw of one card, whether the card fits or not:
//!   `play` it if it fits, or keep it with `pass` (then the only choice). Ending the turn by itself
//!   when the card did not fit told the table whether it fitted.
//! * **After a penalty** (`play_after_penalty`) the step is always offered, for the same reason.
//! * **A round settled from the cards left** (penalty points, or a blocked round whose tie-break
//!   counts points) shows every hand to the table (`hands_shown`), as players do when they count;
//!   the scores of such a round would show them anyway.
//! * **Dame, `named`**: the whole table hears the card asked for and whether the target held it.
//! * **CONTRE UNIQUE** needs no ruling: who may call it depends on hand sizes and announcements,
//!   which are public, and it is a reaction window (the match does not wait for it).
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim nantais --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **92.2%** of the matches (95% interval
//! 91.4–93.0%), where a random bot in the same seat wins 24.6%
//! (23.3–25.9%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
mod bot;
pub mod cards;
pub mod client;
mod counters;
mod dame;
mod encoding;
mod legal;
pub mod options;
mod rules;
mod state;
mod text;
mod view;

pub use action::Action;
pub use legal::Illegal;
pub use options::Options;
pub use state::{ChainKind, Constraint, Nantais, Pending, Phase, PublicTable};
pub use view::View;

use cards::*;
use serde::{Deserialize, Serialize};
use tapis_core::{Audience, BySeat, GameEvent, Seat, SeatSet, SetupError, Text};

/// Why a player draws a penalty.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyReason {
    Sevens,
    Jokers,
    Contre,
}

/// What happened. Most events are public; a seat learns the cards it is dealt, draws or receives
/// in a Dame exchange (and the card it offers) by private events ([`GameEvent::audience`]), while
/// the others are told only that it drew or exchanged.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    RoundDealt {
        round: u32,
        dealer: Seat,
        starter: FrenchCard,
    },
    /// Private: the hand `seat` is dealt, in kind order.
    Dealt {
        seat: Seat,
        hand: Vec<FrenchCard>,
    },
    Played {
        seat: Seat,
        card: FrenchCard,
    },
    /// A card drawn by a player unable (or choosing not) to play; `cards` is 0 or 1. When a card
    /// was drawn, the drawer is told which by [`Event::DrewCard`] instead.
    Drew {
        seat: Seat,
        cards: u32,
    },
    /// Private: the card `seat` drew.
    DrewCard {
        seat: Seat,
        card: FrenchCard,
    },
    /// Penalty cards drawn; the drawer is told which by [`Event::PenaltyCards`] instead.
    Penalty {
        seat: Seat,
        cards: u32,
        reason: PenaltyReason,
    },
    /// Private: the penalty cards `seat` drew, in the order drawn.
    PenaltyCards {
        seat: Seat,
        cards: Vec<FrenchCard>,
        reason: PenaltyReason,
    },
    Reshuffled {
        cards: u32,
    },
    SuitNamed {
        seat: Seat,
        suit: Suit,
    },
    RankDemanded {
        seat: Seat,
        rank: Rank,
    },
    CardDemanded {
        seat: Seat,
        card: FrenchCard,
    },
    Passed {
        seat: Seat,
    },
    Skipped {
        seat: Seat,
    },
    Reversed {
        clockwise: bool,
    },
    Unique {
        seat: Seat,
        automatic: bool,
    },
    Contre {
        seat: Seat,
        against: Seat,
    },
    /// Dame (`named`, `target_chooses`): `seat` offers a card to `target`; `seat` itself is told
    /// which by [`Event::Offered`] instead.
    SwapOffered {
        seat: Seat,
        target: Seat,
    },
    /// Private: the card `seat` offers to `target`.
    Offered {
        seat: Seat,
        target: Seat,
        card: FrenchCard,
    },
    Swapped {
        seat: Seat,
        target: Seat,
        asked: Option<FrenchCard>,
    },
    /// Private: the cards of an exchange, as `seat` (one of its two players) saw them.
    Exchanged {
        seat: Seat,
        with: Seat,
        gave: FrenchCard,
        got: FrenchCard,
    },
    AskFailed {
        seat: Seat,
        target: Seat,
        asked: FrenchCard,
    },
    SwapDeclined {
        seat: Seat,
    },
    /// The hands at the end of a round scored from the cards left (penalty points, or a blocked
    /// round), in seat order.
    HandsShown {
        hands: Vec<Vec<FrenchCard>>,
    },
    RoundWon {
        round: u32,
        winners: SeatSet,
        blocked: bool,
        round_scores: BySeat<i64>,
        scores: BySeat<i64>,
    },
    MatchWon {
        winners: SeatSet,
    },
}

impl GameEvent for Event {
    fn audience(&self) -> Audience {
        match *self {
            Event::Dealt { seat, .. }
            | Event::DrewCard { seat, .. }
            | Event::PenaltyCards { seat, .. }
            | Event::Offered { seat, .. }
            | Event::Exchanged { seat, .. } => Audience::Only(seat),
            // Nothing drawn has no private twin: everyone is told the same.
            Event::Drew { seat, cards } | Event::Penalty { seat, cards, .. } if cards > 0 => Audience::AllBut(seat),
            Event::SwapOffered { seat, .. } => Audience::AllBut(seat),
            _ => Audience::Everyone,
        }
    }

    fn reveals(&self) -> bool {
        match self {
            // Chance: the starter and the hands come from a shuffled pack, drawn cards from the
            // hidden stock, a blind exchange's card at random from a hidden hand.
            Event::RoundDealt { .. }
            | Event::Dealt { .. }
            | Event::DrewCard { .. }
            | Event::PenaltyCards { .. }
            | Event::Exchanged { .. }
            | Event::HandsShown { .. } => true,
            // A named card asked for: the whole table learns whether the target held it.
            Event::Swapped { asked, .. } => asked.is_some(),
            Event::AskFailed { .. } => true,
            _ => false,
        }
    }
}

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;

/// An outcome of chance, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// A round dealt from the shuffled pack: the deal form of NOTATION.md.
    Deal(Deal),
    /// The discard but its top card shuffled into a new stock: its cards, top first.
    Stock(Vec<FrenchCard>),
    /// The card a blind Dame exchange takes at random from its target's hand.
    Take(FrenchCard),
}

/// A hand-made first round (NOTATION.md): stock top first, discard bottom first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hands: Vec<Vec<FrenchCard>>,
    #[serde(default)]
    pub stock: Vec<FrenchCard>,
    pub discard: Vec<FrenchCard>,
}

impl Deal {
    /// A one-pack deal of these hands and discard, with every other card in the stock (in the
    /// pack's order): the position a scenario needs, written with the cards that matter only.
    /// Cards are in notation; one that does not read is left out, and the deal then fails its
    /// check.
    pub fn with_rest_in_stock(hands: &[&[&str]], discard: &[&str]) -> Deal {
        let read = |cards: &[&str]| -> Vec<FrenchCard> { cards.iter().filter_map(|c| c.parse().ok()).collect() };
        let hands: Vec<Vec<FrenchCard>> = hands.iter().map(|h| read(h)).collect();
        let discard = read(discard);
        let mut stock: Vec<FrenchCard> = state::full_deck(1).to_vec();
        for card in hands.iter().flatten().chain(&discard) {
            if let Some(i) = stock.iter().position(|c| c == card) {
                stock.remove(i);
            }
        }
        Deal { hands, stock, discard }
    }
}

/// The shape of a hand-made deal; the cards themselves go through [`tapis_core::check_deck`].
fn check_deal(deal: &Deal, players: usize, decks: u8) -> Result<(), SetupError> {
    let bad = |fr: String, en: String| Err(SetupError::BadDeal(Text::new(fr, en)));
    if deal.hands.len() != players {
        let hands = deal.hands.len();
        return bad(
            format!("la donne a {hands} mains pour {players} joueurs"),
            format!("the deal has {hands} hands for {players} players"),
        );
    }
    if let Some(seat) = deal.hands.iter().position(Vec::is_empty) {
        return bad(
            format!("la main {seat} est vide : chaque main a au moins une carte"),
            format!("hand {seat} is empty: every hand holds at least one card"),
        );
    }
    if deal.discard.is_empty() {
        return bad(
            "la défausse est vide : il lui faut sa carte du dessus, face visible".into(),
            "the discard is empty: it needs its face-up top card".into(),
        );
    }
    tapis_core::check_deck(
        state::full_deck(decks),
        deal.hands.iter().flatten().chain(&deal.stock).chain(&deal.discard).copied(),
    )
}
