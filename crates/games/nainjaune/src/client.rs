//! The client view's `table` for Le Nain Jaune (`docs/client-view/nainjaune.md`): the board of
//! five cells, every seat's chips and cards, the run on the table and the « sans … » call, the
//! observer's hand, and who may still make a Grand Opéra. Derived from the seat's [`View`] alone.
//! The settlement of a round is told by its events (`paid`, `doubled`, `grand_opera`,
//! `round_over`), since the next round is dealt at once.

use crate::cards::{Cell, FrenchCardSet, rank_letter};
use crate::options::GrandOpera;
use crate::{NainJaune, Phase, View};
use serde::Serialize;
use tapis_core::{ClientView, FrenchCard, Seat};

/// What the match waits for, as the client view names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    /// The seat to move starts a new run with any card.
    Lead,
    /// The seat to move laid the last card: it goes on with the `next` rank or calls « sans … ».
    Continue,
    /// The seat to move is called on `call.rank`: it answers with that rank or passes.
    Follow,
    /// The seat to move laid its last card, a board card, under `manual_claim`: it claims the
    /// cell or lets it go, then the round is settled.
    GoingOut,
    /// The match is over.
    Over,
}

/// One seat's public facts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatBody {
    pub seat: Seat,
    /// Chips held (the seat's match score).
    pub chips: u32,
    /// Cards in hand.
    pub cards: u32,
    /// Ranks the seat has shown it lacks this round by passing on them (must-follow rule only).
    pub lacks: Vec<&'static str>,
}

/// A cell of the board, in board order: 10♦, V♣, D♠, R♥, 7♦ (the Nain Jaune).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CellBody {
    /// The card that takes the cell, in notation: `TD`, `JC`, `QS`, `KH`, `7D`.
    pub card: FrenchCard,
    pub chips: u32,
}

/// « Sans … »: the rank called and the seat that called it (the last to lay a card).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Call {
    pub rank: &'static str,
    pub by: Seat,
}

/// Under `manual_claim`: the cell a seat may still take by saying « … qui prend ! ».
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Claim {
    pub seat: Seat,
    pub cell: FrenchCard,
}

/// The game's part of the client view.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Body {
    pub phase: PhaseName,
    /// The observer's hand, in deck order; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<FrenchCard>>,
    pub seats: Vec<SeatBody>,
    pub board: Vec<CellBody>,
    /// The run on the table in the order laid (first card first, `top` last); in the lead phase,
    /// the run that just ended (empty at the start of a round).
    pub run: Vec<FrenchCard>,
    pub top: Option<FrenchCard>,
    /// In the continue phase, the rank that goes on with the run (and the one « sans … » would
    /// call); `null` otherwise.
    pub next: Option<&'static str>,
    /// In the follow phase, the call being answered; `null` otherwise.
    pub call: Option<Call>,
    pub claim: Option<Claim>,
    /// Every card laid this round, in deck order.
    pub played: Vec<FrenchCard>,
    /// Cards put aside face down for the round.
    pub aside: u32,
    /// Seats that can still make a Grand Opéra this round, by the table's definition of it.
    pub grand_opera_possible: Vec<Seat>,
    /// The most rounds the match lasts (the `rounds` option); `null` when it goes on until a
    /// player cannot stake or pay.
    pub rounds: Option<u32>,
}

/// Who can still go out in a Grand Opéra. Strict: the round's first leader, as long as nobody
/// else has laid a card. First turn: every seat whose first turn is not over (a seat the move has
/// not reached yet still has its whole first turn ahead).
fn grand_opera_possible(view: &View) -> Vec<Seat> {
    let t = &view.table;
    let players = t.players as usize;
    if t.phase == Phase::Over {
        return Vec::new();
    }
    match t.options.grand_opera {
        GrandOpera::Strict => {
            let first_leader = t.dealer.left(1, players);
            let others_laid = t.laid.iter().any(|s| s != first_leader);
            if others_laid { Vec::new() } else { vec![first_leader] }
        }
        GrandOpera::FirstTurn => Seat::all(players).filter(|&s| !t.first_turn_over.contains(s)).collect(),
    }
}

pub(crate) fn body(view: &View) -> Body {
    let t = &view.table;
    let players = t.players as usize;
    let (phase, next, call) = match t.phase {
        Phase::Lead { .. } => (PhaseName::Lead, None, None),
        Phase::Continue { next, .. } => (PhaseName::Continue, Some(rank_letter(next)), None),
        Phase::Follow { rank, .. } => {
            (PhaseName::Follow, None, Some(Call { rank: rank_letter(rank), by: t.last_player }))
        }
        Phase::GoingOut { .. } => (PhaseName::GoingOut, None, None),
        Phase::Over => (PhaseName::Over, None, None),
    };
    Body {
        phase,
        hand: view.hand.map(|hand: FrenchCardSet| hand.iter().collect()),
        seats: Seat::all(players)
            .map(|seat| SeatBody {
                seat,
                chips: t.chips[seat],
                cards: view.hand_counts[seat],
                lacks: t.passed[seat].iter().map(rank_letter).collect(),
            })
            .collect(),
        board: Cell::ALL.into_iter().map(|cell| CellBody { card: cell.card(), chips: t.board[cell] }).collect(),
        run: t.run.to_vec(),
        top: t.run.last().copied(),
        next,
        call,
        claim: t.claimable.map(|(seat, cell)| Claim { seat, cell: cell.card() }),
        played: t.played.iter().collect(),
        aside: view.aside_count,
        grand_opera_possible: grand_opera_possible(view),
        rounds: (t.options.rounds != 0).then_some(t.options.rounds),
    }
}

impl ClientView for NainJaune {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    fn dealer(view: &View) -> Seat {
        view.table.dealer
    }
}
