//! The client view's body (`docs/client-view/gum.md`): the table as people see it from one seat,
//! derived from that seat's [`View`] alone. Hands of other seats are counts with the cards the
//! whole table knows to be in them; face-down cards are `null` by position.

use crate::cards::{Card, Counts};
use crate::table::{Phase, Requirement};
use crate::view::View;
use serde::Serialize;
use tapis_core::{ClientView, Seat};

/// The game's part of the client view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Body {
    /// The observer's own hand (absent for a spectator).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Card>>,
    /// Every seat's public facts, in seat order.
    pub seats: Vec<SeatBody>,
    /// `swap`, `turn`, `refill`, `give`, `target` or `over`.
    pub phase: &'static str,
    /// Who laid the 13 whose pile is being given (`give` and `target` phases).
    pub giver: Option<Seat>,
    /// Who the pile is being given to, and may counter or accept (`target` phase).
    pub target: Option<Seat>,
    /// The centre pile, top card first.
    pub pile: Vec<Card>,
    /// Who laid the pile's top card: he leads if the pile is picked up.
    pub top_laid_by: Option<Seat>,
    /// What the next card laid in turn must be.
    pub requirement: RequirementBody,
    /// The player to move laid the 8s that skipped round to him: he plays again, on anything.
    pub free_turn: bool,
    /// Variante 2: the value of the pair just laid that another player may complete now.
    pub completion: Option<Card>,
    /// Cards in the stock.
    pub stock: u32,
    /// Cards burnt (out of the game) this game.
    pub burnt: u32,
    /// Games in the match (the envelope's `round` is the game being played).
    pub games: u32,
}

/// What everyone sees of one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatBody {
    pub seat: Seat,
    /// Cards in hand.
    pub cards: u32,
    /// Hand cards the whole table knows (taken from the face-up row, swapped, or picked up with a
    /// pile), as far as it has not seen them leave.
    pub known: Vec<Card>,
    /// The face-up row.
    pub faceup: Vec<Card>,
    /// The face-down cards still on the table, by position.
    pub facedown: Vec<FaceDown>,
    /// Swap phase: done swapping.
    pub ready: bool,
    /// Out of the game in this place (1 = first out), else `null`.
    pub place: Option<u8>,
}

/// A face-down card on the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaceDown {
    /// 1, 2 or 3, as `reveal <n>` names it.
    pub position: u8,
    /// `null`: nobody has seen it.
    pub card: Option<Card>,
}

/// The requirement for the next card: `any`, `at_least` a value, or `at_most` 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RequirementBody {
    pub kind: &'static str,
    pub value: Option<u8>,
}

fn cards(counts: &Counts) -> Vec<Card> {
    counts.cards().collect()
}

pub fn body(view: &View) -> Body {
    let table = &view.table;
    let seats = Seat::all(view.players())
        .map(|seat| SeatBody {
            seat,
            cards: u32::from(view.hand_sizes[seat]),
            known: cards(&table.known[seat]),
            faceup: cards(&table.faceup[seat]),
            facedown: (1..)
                .zip(view.facedown[seat])
                .filter(|&(_, present)| present)
                .map(|(position, _)| FaceDown { position, card: None })
                .collect(),
            ready: table.ready.contains(seat),
            place: table.finished.iter().position(|&s| s == seat).map(|i| i as u8 + 1),
        })
        .collect();
    let (phase, giver, target) = match table.phase {
        Phase::Swap => ("swap", None, None),
        Phase::Turn { .. } => ("turn", None, None),
        Phase::Refill { .. } => ("refill", None, None),
        Phase::Give { giver } => ("give", Some(giver), None),
        Phase::Target { giver, target } => ("target", Some(giver), Some(target)),
        Phase::Over => ("over", None, None),
    };
    let requirement = match view.requirement {
        Requirement::Any => RequirementBody { kind: "any", value: None },
        Requirement::AtLeast(value) => RequirementBody { kind: "at_least", value: Some(value) },
        Requirement::AtMost6 => RequirementBody { kind: "at_most", value: Some(6) },
    };
    Body {
        hand: view.hand.as_ref().map(cards),
        seats,
        phase,
        giver,
        target,
        pile: table.pile.iter().rev().copied().collect(),
        top_laid_by: table.last_layer,
        requirement,
        free_turn: table.free_turn,
        completion: table.completion,
        stock: u32::from(view.stock),
        burnt: table.burnt.total(),
        games: table.options.games,
    }
}

impl ClientView for crate::Gum {
    type Body = Body;

    fn client_body(view: &View) -> Body {
        body(view)
    }

    fn dealer(view: &View) -> Seat {
        view.table.dealer
    }
}
