//! The client view's body for Njet (`docs/client-view/njet.md`): the board with who laid each
//! stone, the conditions in force, the teams with their tricks and loot, the trick, and the
//! observer's own hand and discards. Built from a [`View`] alone.

use crate::board::{Cell, FIXED, FREE, Row};
use crate::cards::{Card, Colour};
use crate::rules::{Njet, Phase, PublicTable, STONES, Trick};
use crate::view::{View, void_colours};
use serde::Serialize;
use tapis_core::{ClientView, Seat};

/// Njet's part of the client view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Body {
    /// `njet`, `partner`, `discard`, `play` or `over`.
    pub phase: Phase,
    /// Rounds in the match (the envelope's `round` counts from 1 to this).
    pub rounds: u32,
    /// The observer's hand; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Card>>,
    /// The cards the observer laid aside this round; absent for a spectator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discards: Option<Vec<Card>>,
    /// The five rows, in the order start, discard, trump, super, points.
    pub board: Vec<BoardRow>,
    /// Stones still to be placed this round (0 once the Njet phase is over).
    pub stones_left: u32,
    /// The round's conditions, once the last stone is placed.
    pub conditions: Option<ConditionsBody>,
    /// The two teams once the start player has chosen, the start player's team first.
    pub teams: Vec<Team>,
    /// The trick being played (during trick play only).
    pub trick: Option<TrickBody>,
    /// The last trick won this round, as it lay.
    pub last_trick: Option<TrickBody>,
    /// Cards of the tricks finished this round, in deck order.
    pub played: Vec<Card>,
    /// Every seat's public facts, in seat order.
    pub seats: Vec<SeatBody>,
}

/// One row of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardRow {
    /// `start`, `discard`, `trump`, `super` or `points`: the row's word in `njet <row> <cell>`.
    pub row: &'static str,
    pub cells: Vec<BoardCell>,
    /// The cell the row is left on once a single cell is free in it (no stone may go there):
    /// its condition is then settled, even before the Njet phase ends.
    pub settled: Option<String>,
}

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardCell {
    /// The cell's word in `njet <row> <cell>`: `0`, `R`, `none`, `4`...
    pub cell: String,
    /// A stone lies on it.
    pub covered: bool,
    /// The seat that laid the stone; `null` for a free cell and for the stone fixed on `start 3`
    /// with three players.
    pub by: Option<Seat>,
}

/// The conditions the free cells set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConditionsBody {
    /// The start player: chooses the partner and leads the first trick.
    pub start: Seat,
    /// Cards each seat lays aside.
    pub discard: u8,
    pub trump: Colour,
    /// The colour whose two 1s are super-trumps, or `null`.
    pub super_trump: Option<Colour>,
    /// Points per trick and per loot card.
    pub points: u8,
}

/// A team and what it has won this round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Team {
    pub seats: Vec<Seat>,
    pub tricks: u8,
    /// Loot cards (1s) won.
    pub loot: u8,
    /// A lone player with three players: its points count double.
    pub doubled: bool,
    /// What each member would add to its score if the round ended now.
    pub points: i64,
}

/// A trick: the cards in playing order from the leader.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrickBody {
    /// Who led (played first).
    pub leader: Seat,
    /// The led group: a colour, the trump colour standing for every trump and super-trump;
    /// `null` before the first card.
    pub led: Option<Colour>,
    pub cards: Vec<Play>,
    /// Who wins the trick so far (who won it, for `last_trick`); `null` before the first card.
    pub winning: Option<Seat>,
}

/// One card of a trick.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Play {
    pub seat: Seat,
    pub card: Card,
}

/// One seat's public facts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatBody {
    pub seat: Seat,
    /// Cards in hand.
    pub cards: u8,
    /// Stones this seat still places this round.
    pub stones_left: u8,
    /// Cards it has laid aside this round (which ones is its secret).
    pub discarded: u8,
    /// Cards it still has to lay aside.
    pub to_discard: u8,
    pub tricks: u8,
    pub loot: u8,
    /// Groups it has shown it holds no more of this round (a colour; the trump colour stands
    /// for every trump and super-trump).
    pub voids: Vec<Colour>,
}

fn trick_body(trick: &Trick, players: usize) -> TrickBody {
    let cards: Vec<Play> = trick.plays(players).map(|(seat, card)| Play { seat, card }).collect();
    let started = !cards.is_empty();
    TrickBody {
        leader: trick.leader,
        led: started.then_some(trick.led),
        winning: started.then(|| trick.winner(players)),
        cards,
    }
}

fn board_rows(t: &PublicTable) -> Vec<BoardRow> {
    Row::ALL
        .into_iter()
        .map(|row| {
            let cells = row
                .cells()
                .map(Cell)
                .map(|cell| {
                    let placer = t.board.placed_by(cell);
                    BoardCell {
                        cell: cell.word(),
                        covered: placer != FREE,
                        by: (placer != FREE && placer != FIXED).then_some(Seat(placer)),
                    }
                })
                .collect();
            let settled = (t.board.free_in(row) == 1).then(|| t.board.free_cell(row).word());
            BoardRow { row: row.word(), cells, settled }
        })
        .collect()
}

/// Stones each seat still places: the ones left go round from the seat whose turn it is.
fn stones_left(t: &PublicTable) -> ([u8; 4], u32) {
    let mut per_seat = [0u8; 4];
    if t.phase != Phase::Njet {
        return (per_seat, 0);
    }
    let left = STONES.saturating_sub(t.board.stones());
    for k in 0..left as usize {
        per_seat[t.turn.left(k, t.players()).index()] += 1;
    }
    (per_seat, left)
}

fn teams(t: &PublicTable) -> Vec<Team> {
    let Some(conditions) = t.conditions.filter(|_| !t.team.is_empty()) else {
        return Vec::new();
    };
    let players = t.players();
    let points = Njet::round_points(t, conditions);
    let others = Seat::all(players).find(|&s| !t.team.contains(s));
    [Some(t.team), others.map(|s| t.team_of(s))]
        .into_iter()
        .flatten()
        .map(|team| {
            let first = team.first().unwrap_or(conditions.start);
            Team {
                seats: team.iter().collect(),
                tricks: team.iter().map(|s| t.tricks_won[s]).sum(),
                loot: team.iter().map(|s| t.loot_won[s]).sum(),
                doubled: players == 3 && team.len() == 1,
                points: points[first],
            }
        })
        .collect()
}

/// The body for the view's observer.
pub fn body(view: &View) -> Body {
    let t = &view.table;
    let players = t.players();
    let (stones_by_seat, stones) = stones_left(t);
    let discard_total = t.conditions.map_or(0, |c| c.discard);
    let seats = Seat::all(players)
        .map(|seat| {
            let discarded = t.discarded(seat);
            let to_discard = match t.phase {
                Phase::Njet | Phase::Partner => discard_total,
                Phase::Discard | Phase::Play | Phase::Over => t.discards_left[seat],
            };
            SeatBody {
                seat,
                cards: t.hand_sizes[seat],
                stones_left: stones_by_seat[seat.index()],
                discarded,
                to_discard,
                tricks: t.tricks_won[seat],
                loot: t.loot_won[seat],
                voids: void_colours(t.voids[seat]).collect(),
            }
        })
        .collect();
    Body {
        phase: t.phase,
        rounds: t.options.rounds,
        hand: view.hand.map(|h| h.iter().collect()),
        discards: view.discards.map(|d| d.iter().collect()),
        board: board_rows(t),
        stones_left: stones,
        conditions: t.conditions.map(|c| ConditionsBody {
            start: c.start,
            discard: c.discard,
            trump: c.trump,
            super_trump: c.super_trump,
            points: c.points,
        }),
        teams: teams(t),
        trick: (t.phase == Phase::Play).then(|| trick_body(&t.trick, players)),
        last_trick: t.last_trick.map(|trick| trick_body(&trick, players)),
        played: t.played.iter().collect(),
        seats,
    }
}

impl ClientView for Njet {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    fn dealer(view: &View) -> Seat {
        view.table.dealer
    }
}
