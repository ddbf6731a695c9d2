//! The client view's body for Le 8 Nantais: the table as people see it from one seat, derived from
//! the seat's [`View`] alone. Documented field by field in `docs/client-view/nantais.md`.

use crate::cards::FrenchCard;
use crate::state::{ChainKind, Constraint, Phase};
use crate::{Nantais, View};
use serde::Serialize;
use tapis_core::{ClientView, Seat};

/// The game's part of the client view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Body {
    /// The observer's hand, in kind order (absent for a spectator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<FrenchCard>>,
    /// Each seat's public facts, in seat order.
    pub seats: Vec<SeatFacts>,
    /// Whose turn it is (in a Dame `give`, the target acts during the giver's turn).
    pub player: Seat,
    pub phase: &'static str,
    /// `clockwise` or `anticlockwise`.
    pub direction: &'static str,
    /// The face-up card on the discard.
    pub top: FrenchCard,
    /// The whole discard, top card first.
    pub discard: Vec<FrenchCard>,
    /// How many cards the stock holds.
    pub stock: u32,
    /// What the next first card of a turn must match.
    pub must_match: MustMatch,
    /// The 7 or Joker penalty waiting for the next player, if any.
    pub pending: Option<PendingDraw>,
    /// The cards laid in the turn in progress, in the order laid.
    pub this_turn: Vec<FrenchCard>,
    /// The card the observer has just drawn and may play or keep (phase `drawn`).
    pub drawn: Option<FrenchCard>,
    /// The Dame exchange in progress (phases `swap`, `ask`, `give`).
    pub dame: Option<Dame>,
    /// Cards the observer knows another seat holds, learnt in Dame exchanges.
    pub known: Vec<KnownCard>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatFacts {
    pub seat: Seat,
    /// How many cards it holds.
    pub cards: u32,
    /// `announced` (it said UNIQUE), `unannounced` (one card, silent, CONTRE UNIQUE may still
    /// catch it), or `null`.
    pub unique: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MustMatch {
    /// The top card's suit or rank, or an 8 or a Joker.
    Top,
    /// The suit named after 8s or Jokers (or an 8 or a Joker).
    Suit { suit: String },
    /// The rank demanded by a King (and, with `king_demand_allows_wilds`, an 8 or a Joker).
    Rank { rank: String },
    /// The exact card demanded by a King + 8 (and, with `king_demand_allows_wilds`, an 8 or a Joker).
    Card { card: FrenchCard },
    /// Any card.
    Any,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PendingDraw {
    /// `sevens` or `jokers`: the cards that may be added to it.
    pub kind: &'static str,
    /// How many cards the player who takes it draws.
    pub cards: u16,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dame {
    /// The player of the Queens.
    pub giver: Seat,
    /// The seat asked for a card (phases `ask` and `give`), else `null`.
    pub target: Option<Seat>,
    /// Exchanges the Queens still allow, the one in progress included.
    pub exchanges_left: u8,
    /// The card the giver offers, shown to the giver only.
    pub offered: Option<FrenchCard>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KnownCard {
    pub seat: Seat,
    pub card: FrenchCard,
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Start => "start",
        Phase::Chain => "chain",
        Phase::Drawn => "drawn",
        Phase::AfterPenalty => "after_penalty",
        Phase::NameSuit => "name_suit",
        Phase::NameRank => "name_rank",
        Phase::Swap => "swap",
        Phase::Ask { .. } => "ask",
        Phase::Give { .. } => "give",
        Phase::Over => "over",
    }
}

fn must_match(constraint: Constraint) -> MustMatch {
    match constraint {
        // A Joker on top without a named suit (a hand-made deal) lets anything follow.
        Constraint::Top { card } if card.is_joker() => MustMatch::Any,
        Constraint::Top { .. } => MustMatch::Top,
        Constraint::Suit { suit } => MustMatch::Suit { suit: suit.to_string() },
        Constraint::Rank { rank } => MustMatch::Rank { rank: rank.to_string() },
        Constraint::Exact { card } => MustMatch::Card { card },
        Constraint::Free => MustMatch::Any,
    }
}

pub fn body(view: &View) -> Body {
    let t = &view.table;
    let seats = Seat::all(view.players)
        .map(|seat| {
            let cards = view.hand_sizes[seat];
            let unique = if cards != 1 {
                None
            } else if t.announced.contains(seat) {
                Some("announced")
            } else if t.unique_window.contains(seat) {
                Some("unannounced")
            } else {
                None
            };
            SeatFacts { seat, cards, unique }
        })
        .collect();
    let target = match t.phase {
        Phase::Ask { target } | Phase::Give { target } => Some(target),
        _ => None,
    };
    let dame = matches!(t.phase, Phase::Swap | Phase::Ask { .. } | Phase::Give { .. }).then(|| Dame {
        giver: t.turn,
        target,
        exchanges_left: t.effects.swaps,
        offered: view.offered,
    });
    let laid = (t.played_this_turn as usize).min(view.discard.len());
    Body {
        hand: view.seat.map(|_| view.hand.clone()),
        seats,
        player: t.turn,
        phase: phase_name(t.phase),
        direction: if t.clockwise { "clockwise" } else { "anticlockwise" },
        top: view.discard.last().copied().unwrap_or(FrenchCard::JOKER),
        discard: view.discard.iter().rev().copied().collect(),
        stock: view.stock,
        must_match: must_match(t.constraint),
        pending: t.pending.map(|p| PendingDraw {
            kind: match p.kind {
                ChainKind::Seven => "sevens",
                ChainKind::Joker => "jokers",
            },
            cards: p.cards,
        }),
        this_turn: view.discard[view.discard.len() - laid..].to_vec(),
        drawn: view.drawn,
        dame,
        known: view.known.iter().map(|&(seat, card)| KnownCard { seat, card }).collect(),
    }
}

impl ClientView for Nantais {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    fn dealer(view: &View) -> Seat {
        view.table.dealer
    }
}
