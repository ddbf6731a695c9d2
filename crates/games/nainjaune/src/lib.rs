//! Le Nain Jaune (`nainjaune`): the 18th-century French stops game, after
//! `rules/nainjaune.md`.
//!
//! **The rules in brief.** 3 to 8 players (2 with `two_players`), a 52-card deck, Ace low, suits
//! irrelevant except for the five board cards 10♦ `TD`, V♣ `JC`, D♠ `QS`, R♥ `KH` and 7♦ `7D`
//! (the Nain Jaune). Every round each player stakes 1, 2, 3, 4, 5 chips on those cells (chips
//! left from earlier rounds stay), and the cards are dealt (3p 15 each, 4p 12, 5p 9, 6p 8, 7p 7,
//! 8p 6, 2p 22; the rest is put aside, unseen, for the whole round). The player left of the
//! dealer leads any card (`play <card>`) and goes on with cards of the next rank up, any suit,
//! as long as he can and wants; then he stops (`stop`, « sans Valet ! ») and the player on his
//! left must answer with that rank if he holds it (`play`) or `pass`; whoever answers goes on
//! the same way. When the call comes back to the last player to have laid a card, he leads a new
//! run; a King always ends the run and its player leads anew (« Roi et je recommence ! »).
//! Laying a board card takes every chip of its cell (« … qui prend ! »). The first player to
//! lay his last card wins the round: each other pays him 1 chip per card left, each holder of a
//! board card doubles its cell, and if he went out before anyone else laid a card (a Grand
//! Opéra) he also sweeps the board. The match ends after a settlement someone could not pay in
//! full, or before a round someone cannot stake 15 chips; most chips wins (ties share).
//!
//! **Actions**: `play <card>`, `stop`, `pass`, `claim` (only with `manual_claim`). A lone `pass`
//! or `stop` is still an action: the engine never acts for a player.
//!
//! **A view** holds the seat's own hand, every seat's card count, the aside count, the cards laid
//! this round and the run on the table, whose move it is and what is called, the board cells,
//! every seat's chips, the ranks each seat has shown it lacks by passing, and the round's
//! Grand-Opéra bookkeeping (who has laid a card, whose first turn is over). The client view
//! (`client.rs`, `docs/client-view/nainjaune.md`) is drawn from it.
//!
//! **Events** are public but one: at each new round every seat is told its own hand alone
//! (`dealt`); the first round's hands are in the views from the start. Nothing else hidden
//! changes during a round: the aside stays unseen, and every card is laid face up.
//!
//! **Decisions where the rulebook is silent** (each documented where it is implemented):
//! - Who the match waits for never depends on a hand, so that the flow tells nobody what a seat
//!   holds: every seat called on a rank is asked, even when it lacks the rank (a lone `pass`; the
//!   rulebook lets a table skip it), and a player who cannot continue his own run must still
//!   `stop` (a lone action). Under the must-follow rule the `pass` itself tells the table the seat
//!   holds no card of the rank this round, as at a real table (views and determinization keep
//!   it); under `follow_optional` it tells nothing.
//! - The settlement is a showdown: the payments (the points of the cards left, under
//!   `card_points`) and the doublings (who kept a board card) show what the hands held, so their
//!   events are marked as revealing (`GameEvent::reveals`). The cards aside are never shown.
//! - When a « sans … » comes back round to the last player to have laid a card, an event says so
//!   (`new_run`, `nobody_answered`) before he leads anew.
//! - `manual_claim`: the claim window stays open through passes and stops until the next card is
//!   laid by anyone; the claimer may claim out of turn (a reaction window, public: the board card
//!   was laid face up). A player going out on a board card gets one last decision, `claim` or
//!   `pass` (leaving the chips on the board), before the settlement.
//! - `grand_opera = first_turn`: a seat's first turn starts when the move first reaches it
//!   (lead or call) and ends as soon as another seat lays a card.
//! - `settlement_order = sweep_before_doubling`: payment, sweep, then each holder of a board card
//!   pays what the cell held before the sweep; those chips stay on the board for the next round.
//!   `no_doubling_on_grand_opera`: nobody doubles in a Grand Opéra round. Outside a Grand Opéra
//!   all three orders are the same.
//! - `rounds = n` ends the match after round n, or earlier by the cannot-pay / cannot-stake rule.
//! - `two_players = true` allows 2 to 8 players (the option only adds the 2-player row).
//! - A hand-made deal may give `chips` and `board`; a seat with fewer than 15 chips could not
//!   stake and is a `bad_deal`.
//! - A cell doubles by what it holds when the round ends (after the round's collections); each
//!   board card is unique, so each cell has at most one doubler and the order between players
//!   does not matter. A debt not paid in full (payment, or a doubling) ends the match after the
//!   settlement; paying in full but falling under 15 chips ends it by the stake rule.
//! - The match's winners are the seats holding the most chips; chips on the board belong to
//!   nobody. Scores are the chips held, bounded by 0 and every chip in play.
//! - The first dealer is seat n−1 unless the table gives one (NOTATION.md), not a random draw.
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim nainjaune --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **59.7%** of the matches (95% interval
//! 58.2–61.3%), where a random bot in the same seat wins 25.1%
//! (23.7–26.4%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
mod bot;
mod cards;
mod client;
mod counters;
mod encoding;
mod options;
mod rules;
mod text;
mod view;

pub use action::Action;
pub use cards::{Board, Cell, FrenchCardSet, Ranks};
pub use client::{Body, Call, CellBody, Claim, PhaseName, SeatBody};
pub use options::{GrandOpera, Options, Payment, SettlementOrder};
pub use rules::{EndReason, Event, Illegal, NewRunReason};
pub use view::View;

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;

/// An outcome of chance, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// A round dealt from the shuffled pack: its hands and the cards set aside, in the deal form
    /// of NOTATION.md (the chips are no chance).
    Deal(Deal),
}

use arrayvec::ArrayVec;
use cards::STAKE_PER_PLAYER;
use serde::{Deserialize, Serialize};
use tapis_core::{BySeat, FrenchCard, GameRng, Seat, SeatSet, SetupError, Text, check_deck};

/// Cards dealt to each player and cards put aside, by player count (§4.3).
pub fn cards_per_player(players: usize) -> (usize, usize) {
    match players {
        2 => (22, 8),
        3 => (15, 7),
        4 => (12, 4),
        5 => (9, 7),
        6 => (8, 4),
        7 => (7, 3),
        _ => (6, 4),
    }
}

/// Whose move it is and what he may do.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// `seat` starts a new run with any card.
    Lead {
        seat: Seat,
    },
    /// `seat` laid the last card: he may lay a card of rank `next` or stop.
    Continue {
        seat: Seat,
        #[serde(with = "cards::rank_serde")]
        next: u8,
    },
    /// `seat` is called on `rank` (« sans … »): he answers with it or passes.
    Follow {
        seat: Seat,
        #[serde(with = "cards::rank_serde")]
        rank: u8,
    },
    /// `seat` went out on a board card under `manual_claim`: `claim` or `pass`, then the
    /// settlement.
    GoingOut {
        seat: Seat,
    },
    Over,
}

impl Phase {
    /// The seat the match waits for.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Phase::Lead { seat } | Phase::Continue { seat, .. } | Phase::Follow { seat, .. } => Some(seat),
            Phase::GoingOut { seat } => Some(seat),
            Phase::Over => None,
        }
    }
}

/// Everything every seat may see: the whole match but the hands, the aside and the generator.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PublicTable {
    pub options: Options,
    pub players: u8,
    pub round: u32,
    pub dealer: Seat,
    pub phase: Phase,
    /// The last seat to have laid a card: the call comes back to it.
    pub last_player: Seat,
    /// Cards laid this round.
    pub played: FrenchCardSet,
    /// The run on the table, from its first card.
    pub run: ArrayVec<FrenchCard, 13>,
    pub chips: BySeat<u32>,
    pub board: Board,
    /// Chips in play, conserved: the players' and the board's.
    pub total_chips: u32,
    /// Ranks each seat has shown it lacks this round by passing.
    pub passed: BySeat<Ranks>,
    /// Under `manual_claim`, the cell a seat may still claim (its card was the last one laid).
    pub claimable: Option<(Seat, Cell)>,
    /// Seats that have laid a card this round (strict Grand Opéra).
    pub laid: SeatSet,
    /// Seats the move has reached this round, and those whose first turn is over (first-turn
    /// Grand Opéra).
    pub had_move: SeatSet,
    pub first_turn_over: SeatSet,
    pub winners: SeatSet,
}

/// A whole match of Le Nain Jaune.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct NainJaune {
    table: PublicTable,
    hands: BySeat<FrenchCardSet>,
    aside: FrenchCardSet,
    rng: GameRng,
}

/// A hand-made first round (NOTATION.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hands: Vec<Vec<FrenchCard>>,
    pub aside: Vec<FrenchCard>,
    /// Each seat's chips before staking (default: the capital).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<u32>>,
    /// Chips already on the board before staking (default: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
}

/// One value per seat, with the unused slots left at their default: `BySeat`'s equality and serde
/// round trip see every slot, and `BySeat::filled`/`from_fn` fill the unused ones too.
pub(crate) fn per_seat<T: Copy + Default>(players: usize, value: impl Fn(Seat) -> T) -> BySeat<T> {
    let mut values = BySeat::new(players);
    for seat in Seat::all(players) {
        values[seat] = value(seat);
    }
    values
}

fn bad_deal(fr: String, en: String) -> SetupError {
    SetupError::BadDeal(Text::new(fr, en))
}

/// Checks a hand-made deal against the table and returns hands, aside, chips and board. That it
/// holds the 52 cards exactly once is core's one check ([`check_deck`]); the shape of the deal
/// and the chips are this game's.
fn check_deal(
    deal: &Deal,
    players: usize,
    capital: u32,
) -> Result<(BySeat<FrenchCardSet>, FrenchCardSet, BySeat<u32>, Board), SetupError> {
    let (each, _) = cards_per_player(players);
    if deal.hands.len() != players {
        let hands = deal.hands.len();
        return Err(bad_deal(
            format!("la donne a {hands} mains pour {players} joueurs"),
            format!("the deal has {hands} hands for {players} players"),
        ));
    }
    check_deck(FrenchCard::suited(), deal.hands.iter().flatten().chain(&deal.aside).copied())?;
    let mut hands = BySeat::<FrenchCardSet>::new(players);
    for (seat, hand) in deal.hands.iter().enumerate() {
        if hand.len() != each {
            let dealt = hand.len();
            return Err(bad_deal(
                format!("la place {seat} reçoit {dealt} cartes ; à {players} joueurs, chacun en reçoit {each}"),
                format!("seat {seat} is dealt {dealt} cards; at {players} players each gets {each}"),
            ));
        }
        for card in hand {
            hands[Seat(seat as u8)].0.insert(card.index());
        }
    }
    // With the deck whole and every hand of its size, the aside holds the rest: its size too.
    let aside = FrenchCardSet(deal.aside.iter().map(|c| c.index()).collect());
    let max = options::MAX_CAPITAL;
    let chips = match &deal.chips {
        None => per_seat(players, |_| capital),
        Some(given) => {
            if given.len() != players {
                let seats = given.len();
                return Err(bad_deal(
                    format!("la donne donne des jetons à {seats} places, pas à {players}"),
                    format!("the deal gives chips for {seats} seats, not {players}"),
                ));
            }
            for (seat, &c) in given.iter().enumerate() {
                if c < STAKE_PER_PLAYER {
                    return Err(bad_deal(
                        format!("la place {seat} a {c} jetons : moins que la mise de 15 jetons"),
                        format!("seat {seat} has {c} chips: fewer than the 15-chip stake"),
                    ));
                }
                if c > max {
                    return Err(bad_deal(
                        format!("la place {seat} a {c} jetons : {max} au plus"),
                        format!("seat {seat} has {c} chips: at most {max}"),
                    ));
                }
            }
            per_seat(players, |s| given[s.index()])
        }
    };
    let board = deal.board.unwrap_or_default();
    if let Some(cell) = Cell::ALL.into_iter().find(|&c| board[c] > max) {
        let held = board[cell];
        return Err(bad_deal(
            format!("la case {cell} porte {held} jetons : {max} au plus"),
            format!("cell {cell} holds {held} chips: at most {max}"),
        ));
    }
    Ok((hands, aside, chips, board))
}

impl NainJaune {
    pub fn table(&self) -> &PublicTable {
        &self.table
    }

    pub fn hand(&self, seat: Seat) -> FrenchCardSet {
        self.hands[seat]
    }

    pub fn aside(&self) -> FrenchCardSet {
        self.aside
    }

    fn players(&self) -> usize {
        self.table.players as usize
    }
}
