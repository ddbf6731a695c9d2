//! The public part of a match: phase, pile, face-up rows, known cards, scores. Views copy it
//! whole, so everything here is what every seat may see.

use crate::cards::{Card, Counts, Kinds};
use crate::options::{NinjaMode, Options};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use tapis_core::{BySeat, Seat, SeatSet};

/// Battle GUM seats at most six (the whole deck dealt, no stock).
pub const MAX_PLAYERS: usize = 6;
/// The hand size every player refills to after laying cards.
pub const HAND_SIZE: u32 = 3;
/// Face-down (and face-up) cards dealt to each player.
pub const TABLE_CARDS: usize = 3;

/// Cards in order, at most the whole deck: the central pile (bottom first), the stock (top last).
pub type OrderedCards = ArrayVec<Card, { Card::DECK }>;

/// What follows once a player has laid cards and refilled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Then {
    /// The turn passes left, `skips` active players skipped (one per 8 laid).
    Pass { skips: u8 },
    /// The same player leads the (burnt, empty) pile.
    Lead,
    /// He laid a 13: he chooses who gets the pile.
    Give,
}

/// Where the match stands, and whose decision it waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before play: every seat that has not said `ready` may swap hand and face-up cards.
    Swap,
    /// `seat` must play (or pick up); other seats may be in a completion or Ninja window.
    Turn {
        seat: Seat,
    },
    /// `seat` laid cards with the stock empty and refills his hand from his table cards.
    Refill {
        seat: Seat,
        then: Then,
    },
    /// `giver` laid a 13 and chooses the target.
    Give {
        giver: Seat,
    },
    /// `target` counters (13s or 1s) or accepts the pile.
    Target {
        giver: Seat,
        target: Seat,
    },
    Over,
}

/// What the next card laid on the pile must be (§3.5).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Requirement {
    /// Empty pile (or, with `ninja_mode = reset`, a Ninja on top): anything.
    Any,
    /// This value or higher.
    AtLeast(u8),
    /// A 6 on top: values 1 to 6.
    AtMost6,
}

impl Requirement {
    /// The kinds it allows (the Ninja always).
    #[inline]
    pub fn kinds(self) -> Kinds {
        const AT_MOST_6: Kinds = Kinds::range(0, 6);
        match self {
            Requirement::Any => Kinds::ALL,
            Requirement::AtLeast(v) => Kinds::at_least(v).with(Card::NINJA),
            Requirement::AtMost6 => AT_MOST_6,
        }
    }

    /// Whether `card` may be laid in turn (a Ninja always may).
    pub fn allows(self, card: Card) -> bool {
        card.is_ninja()
            || match self {
                Requirement::Any => true,
                Requirement::AtLeast(v) => card.value() >= v,
                Requirement::AtMost6 => card.value() <= 6,
            }
    }
}

/// How a play came about, for events and texts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayKind {
    Turn,
    /// A 13 or 1 laid by the target of a 13.
    Counter,
    /// Variante 2: the two missing copies of a pair, laid by anyone.
    Completion,
    /// `ninja_interrupt`: a Ninja thrown out of turn.
    Interrupt,
    /// `table_play = shithead`: a face-down card played blind.
    Blind,
}

/// Everything every seat may see: the part of the match that views copy whole.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PublicTable {
    pub players: u8,
    pub options: Options,
    /// The game of the match being played, from 1.
    pub round: u32,
    pub dealer: Seat,
    pub phase: Phase,
    /// Swap phase: the seats that said `ready`.
    pub ready: SeatSet,
    /// The central pile, bottom first (the last card is the top).
    pub pile: OrderedCards,
    /// Who laid the top card of the pile (he leads after a pick-up).
    pub last_layer: Option<Seat>,
    /// Variante 2: the value of a pair just played that another player may complete now.
    pub completion: Option<Card>,
    /// The player to move laid the 8s that skipped round to him: he plays again, on anything.
    pub free_turn: bool,
    /// Cards out of the game (burnt piles).
    pub burnt: Counts,
    pub faceup: BySeat<Counts>,
    /// Cards every seat knows to be in each hand: taken from the face-up row or picked up
    /// with a pile (and not yet seen leaving it).
    pub known: BySeat<Counts>,
    /// Seats out of this game, in the order they finished.
    pub finished: ArrayVec<Seat, MAX_PLAYERS>,
    /// Match scores: the sum of the games' points.
    pub scores: BySeat<i64>,
    /// The match winners, once it is over.
    pub winners: SeatSet,
}

impl PublicTable {
    pub fn players(&self) -> usize {
        self.players as usize
    }

    #[inline]
    pub fn is_out(&self, seat: Seat) -> bool {
        self.finished.contains(&seat)
    }

    /// The next seat clockwise that is still in the game.
    #[inline]
    pub fn next_active(&self, seat: Seat) -> Seat {
        self.advance(seat, 1)
    }

    /// `steps` active seats clockwise of `seat` (8s skip players literally, modulo the table).
    #[inline]
    pub fn advance(&self, seat: Seat, steps: usize) -> Seat {
        let n = self.players();
        // Until a game's end (or with `play_to_last`) nobody is out: plain arithmetic. One
        // subtraction without a branch covers nearly every step (at most 5 seats: one, or four
        // 8s); a division only for the rest.
        if self.finished.is_empty() && n > 0 {
            let index = seat.index() + steps;
            let index = if index < 2 * n { index - if index >= n { n } else { 0 } } else { index % n };
            return Seat(index as u8);
        }
        (0..steps).fold(seat, |s, _| (1..=n).map(|i| s.left(i, n)).find(|&s| !self.is_out(s)).unwrap_or(s))
    }

    /// The requirement for the next card, from the topmost non-Ninja card (§3.4).
    pub fn requirement(&self) -> Requirement {
        if self.free_turn {
            return Requirement::Any;
        }
        for &card in self.pile.iter().rev() {
            if card.is_ninja() {
                if self.options.ninja_mode == NinjaMode::Reset {
                    return Requirement::Any;
                }
                continue;
            }
            return if card.value() == 6 { Requirement::AtMost6 } else { Requirement::AtLeast(card.value()) };
        }
        Requirement::Any
    }

    /// The kinds that may be laid in turn: [`PublicTable::requirement`]'s kinds, found without a
    /// branch on the pile in the usual case (a plain card on top, or an empty pile), since a
    /// random pile makes any such branch a coin toss for the processor.
    #[inline]
    pub fn allowed_kinds(&self) -> Kinds {
        // By the kind on top, the last entry for an empty pile (anything goes). A Ninja on top
        // (transparent, or not) and a free turn take the general way.
        const EMPTY: usize = Card::KINDS;
        const ALLOWED: [Kinds; Card::KINDS + 1] = {
            let mut allowed = [Kinds::ALL; Card::KINDS + 1];
            let mut value = 1;
            while value < Card::KINDS as u8 {
                allowed[value as usize] =
                    if value == 6 { Kinds::range(0, 6) } else { Kinds::range(value, 13).with(Card::NINJA) };
                value += 1;
            }
            allowed
        };
        let top = self.pile.last().map_or(EMPTY, |card| card.index());
        if self.free_turn || top == Card::NINJA.index() {
            return self.requirement().kinds();
        }
        ALLOWED.get(top).copied().unwrap_or(Kinds::ALL)
    }

    /// The topmost non-Ninja value and how many cards of it lie on top in a row, Ninjas ignored.
    pub fn top_run(&self) -> Option<(Card, usize)> {
        let mut cards = self.pile.iter().rev().filter(|c| !c.is_ninja());
        let top = *cards.next()?;
        Some((top, 1 + cards.take_while(|&&c| c == top).count()))
    }

    /// The seat whose decision the match waits for, outside the swap phase.
    pub fn deciding(&self) -> Option<Seat> {
        match self.phase {
            Phase::Turn { seat } | Phase::Refill { seat, .. } => Some(seat),
            Phase::Give { giver } => Some(giver),
            Phase::Target { target, .. } => Some(target),
            Phase::Swap | Phase::Over => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use crate::rules::Gum;
    use tapis_core::{ActionList, Game, GameRng};

    /// The kinds `requirement` allows, one card at a time.
    fn allowed_one_by_one(table: &PublicTable) -> Vec<Card> {
        let requirement = table.requirement();
        Card::all().filter(|&card| requirement.allows(card)).collect()
    }

    #[test]
    fn allowed_kinds_agree_with_the_requirement_on_every_pile_of_random_matches() {
        let (mut piles, mut ninja_tops, mut free_turns) = (0, 0, 0);
        for ninja_mode in [NinjaMode::Transparent, NinjaMode::Reset] {
            let options = Options { ninja_mode, ninja_interrupt: true, ..Options::default() };
            for seed in 0..30 {
                let mut gum = Gum::new(3, options, Seat(2), seed, None, &mut ()).expect("a random deal");
                let mut rng = GameRng::seed_from_u64(seed);
                let mut legal = ActionList::new();
                while !gum.is_over() {
                    let table = gum.table();
                    assert_eq!(table.allowed_kinds().collect::<Vec<_>>(), allowed_one_by_one(table), "{table:?}");
                    piles += 1;
                    ninja_tops += usize::from(table.pile.last().is_some_and(|c| c.is_ninja()));
                    free_turns += usize::from(table.free_turn);
                    let (seat, action) = tapis_core::race::random_choice(&gum, &mut rng, &mut legal);
                    gum.apply_unchecked(seat, action);
                }
            }
        }
        // The general way was taken too: Ninjas on top, and 8s that skipped round to their player.
        assert!(piles > 10_000 && ninja_tops > 100 && free_turns > 0, "{piles} {ninja_tops} {free_turns}");
    }

    #[test]
    fn seats_advance_by_plain_arithmetic_while_nobody_is_out() {
        for players in 2..=MAX_PLAYERS {
            let table = Gum::new(players, Options::default(), Seat(0), 1, None, &mut ()).expect("a random deal").table;
            for seat in Seat::all(players) {
                for steps in 0..=3 * players {
                    let expected = Seat(((seat.index() + steps) % players) as u8);
                    assert_eq!(table.advance(seat, steps), expected, "{players} players, {seat} + {steps}");
                }
            }
        }
    }
}
