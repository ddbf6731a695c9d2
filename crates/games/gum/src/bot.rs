//! The heuristic bot: Shithead common sense. Get rid of the lowest plain cards first, keep the
//! Ninjas, 13s, 9s and 1s for emergencies, give piles to whoever is closest to winning, counter
//! every 13 it can, slap every pair it can complete, and keep the strong cards face-up.

use crate::action::Action;
use crate::cards::{Card, Counts};
use crate::table::Phase;
use crate::view::View;
use tapis_core::{GameRng, Heuristic, Seat};

/// How much a card is worth keeping (higher = later): specials last.
fn keep_value(card: Card, pile: usize) -> i32 {
    match card.value() {
        0 => 100,
        // A 13 is a cheap way out when there is a real pile to give away.
        13 if pile >= 5 => 5,
        13 => 60,
        9 if pile >= 6 => 8,
        9 => 50,
        1 => 40,
        8 => 14,
        v => v as i32,
    }
}

/// Swap-phase strength: what deserves to wait face-up for the end of the game.
fn strength(card: Card) -> i32 {
    match card.value() {
        0 => 30,
        13 => 25,
        9 => 24,
        1 => 20,
        8 => 14,
        v => v as i32,
    }
}

impl Heuristic for crate::Gum {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let Some(me) = view.seat else {
            return legal.first().copied();
        };
        let table = &view.table;
        let completion = table.completion.map(|card| Action::Play { card, count: 2 });
        if let Some(slap) = completion.filter(|a| legal.contains(a)) {
            return Some(slap);
        }
        let hand = view.hand.unwrap_or(Counts::EMPTY);
        match table.phase {
            Phase::Swap => Some(swap(&hand, &table.faceup[me]).filter(|a| legal.contains(a)).unwrap_or(Action::Ready)),
            // Someone else's turn: nothing to complete, and a Ninja is worth more kept.
            Phase::Turn { seat } if seat != me => None,
            Phase::Turn { .. } => {
                if let Some(play) = cheapest_play(legal, table.pile.len()) {
                    return Some(play);
                }
                let reveals: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Reveal(_))).collect();
                rng.choose(&reveals).copied().or_else(|| legal.first().copied())
            }
            Phase::Refill { .. } => weakest_take(legal).or_else(|| legal.first().copied()),
            Phase::Give { .. } => nearest_of_the_fewest(legal, me, view.players(), |seat| view.cards_left[seat])
                .or_else(|| legal.first().copied()),
            Phase::Target { .. } => {
                counter(legal).or(Some(Action::Accept)).filter(|a| legal.contains(a)).or_else(|| legal.first().copied())
            }
            Phase::Over => None,
        }
    }

    /// The search's playout policy, the heuristic's rules of thumb read from the sampled state: lay
    /// the plain cards worth least first (all copies of a kind), give a pile to whoever holds
    /// fewest cards, counter a 13, take the weakest table card, say `ready` at once. One step in
    /// four is uniform instead: always greedy, two seats can hand a pile back and forth with 13s
    /// for ever, and the uniform steps keep the samples' playouts apart. Uniform playouts let a
    /// random player lay its best cards on a small pile and pick up piles a player would not, so
    /// their games were longer and not the game people play. A pass or two over the legal list, no
    /// allocation.
    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        if rng.below(4) == 0 {
            return legal[rng.index(legal.len())];
        }
        let table = self.table();
        let chosen = match table.phase {
            Phase::Swap => Some(Action::Ready),
            Phase::Turn { seat: turn } if turn == seat => cheapest_play(legal, table.pile.len()),
            Phase::Give { .. } => nearest_of_the_fewest(legal, seat, table.players(), |to| self.seat_cards_left(to)),
            Phase::Target { .. } => counter(legal),
            Phase::Refill { .. } => weakest_take(legal),
            _ => None,
        };
        match chosen {
            Some(action) if legal.contains(&action) => action,
            _ => legal[rng.index(legal.len())],
        }
    }
}

fn seat_distance(from: Seat, to: Seat, players: usize) -> usize {
    (to.index() + players - from.index()) % players
}

/// The play of the kind worth least keeping on a pile of `pile` cards, all its copies.
fn cheapest_play(legal: &[Action], pile: usize) -> Option<Action> {
    let plays = legal.iter().filter_map(|&a| match a {
        Action::Play { card, count } => Some(((keep_value(card, pile), -(count as i32)), a)),
        _ => None,
    });
    plays.min_by_key(|&(order, _)| order).map(|(_, play)| play)
}

/// The pile given to whoever holds fewest cards (`left`), the nearest on `me`'s left first.
fn nearest_of_the_fewest(legal: &[Action], me: Seat, players: usize, left: impl Fn(Seat) -> u32) -> Option<Action> {
    let targets = legal.iter().filter_map(|&a| match a {
        Action::Give(to) => Some(((left(to), seat_distance(me, to, players)), a)),
        _ => None,
    });
    targets.min_by_key(|&(order, _)| order).map(|(_, give)| give)
}

/// A 13 countered with a 1, else with a 13.
fn counter(legal: &[Action]) -> Option<Action> {
    [Card::new(1), Card::new(13)]
        .into_iter()
        .flatten()
        .map(|card| Action::Play { card, count: 1 })
        .find(|counter| legal.contains(counter))
}

/// The weakest table card taken into the hand.
fn weakest_take(legal: &[Action]) -> Option<Action> {
    let takes = legal.iter().filter_map(|&a| match a {
        Action::Take(card) => Some((strength(card), a)),
        _ => None,
    });
    takes.min_by_key(|&(order, _)| order).map(|(_, take)| take)
}

/// The strongest hand card against the weakest face-up card, while that improves the row.
fn swap(hand: &Counts, faceup: &Counts) -> Option<Action> {
    let strongest = hand.kinds().map(|(c, _)| c).max_by_key(|&c| strength(c))?;
    let weakest = faceup.kinds().map(|(c, _)| c).min_by_key(|&c| strength(c))?;
    (strength(strongest) > strength(weakest)).then_some(Action::Swap { hand: strongest, faceup: weakest })
}
