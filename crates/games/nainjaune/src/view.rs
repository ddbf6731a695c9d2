//! What one seat sees, and a whole match rebuilt from it with the hidden cards re-dealt.

use crate::cards::{FULL_DECK, FrenchCardSet, rank_of};
use crate::{NainJaune, PublicTable};
use arrayvec::ArrayVec;
use serde::Serialize;
use tapis_core::{BySeat, GameRng, Seat};

/// Everything one seat (or a spectator) may see.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct View {
    /// The viewer; `None` for a spectator.
    pub seat: Option<Seat>,
    /// The viewer's own hand.
    pub hand: Option<FrenchCardSet>,
    pub hand_counts: BySeat<u32>,
    /// Cards put aside, unseen all round.
    pub aside_count: u32,
    #[serde(flatten)]
    pub table: PublicTable,
}

pub(crate) fn view(game: &NainJaune, seat: Option<Seat>) -> View {
    View {
        seat,
        hand: seat.map(|s| game.hands[s]),
        hand_counts: crate::per_seat(game.hands.len(), |s| game.hands[s].len() as u32),
        aside_count: game.aside.len() as u32,
        table: game.table.clone(),
    }
}

/// Where a hidden card may go: a seat's hand or the aside (the last group).
const MAX_GROUPS: usize = tapis_core::MAX_SEATS + 1;

pub(crate) fn determinize(view: &View, rng: &mut GameRng) -> NainJaune {
    let players = view.table.players as usize;
    let aside_group = players;
    let mut hands = BySeat::<FrenchCardSet>::new(players);
    let mut capacity = [0u32; MAX_GROUPS];
    let mut known = view.table.played.0;
    for seat in Seat::all(players) {
        match (view.seat, view.hand) {
            (Some(me), Some(hand)) if me == seat => {
                hands[seat] = hand;
                known |= hand.0;
            }
            _ => capacity[seat.index()] = view.hand_counts[seat],
        }
    }
    capacity[aside_group] = view.aside_count;
    // A seat that passed on a rank holds none of it; the aside may hold anything.
    let allowed = |index: usize, group: usize| {
        group == aside_group || !view.table.passed[Seat(group as u8)].contains(rank_of(index))
    };
    let mut hidden: ArrayVec<u8, 52> = (FULL_DECK - known).iter().map(|i| i as u8).collect();
    rng.shuffle(&mut hidden);
    // Most constrained cards first, so that they still find room.
    hidden.sort_by_key(|&i| (0..=players).filter(|&g| capacity[g] > 0 && allowed(i as usize, g)).count());
    let groups = random_assignment(&hidden, &capacity, players, &allowed, rng)
        .unwrap_or_else(|| matching_assignment(&hidden, &capacity, players, &allowed));
    let mut aside = FrenchCardSet::default();
    for (&index, &group) in hidden.iter().zip(&groups) {
        if group as usize == aside_group {
            aside.0.insert(index as usize);
        } else {
            hands[Seat(group)].0.insert(index as usize);
        }
    }
    NainJaune { table: view.table.clone(), hands, aside, rng: rng.fork() }
}

/// Each card in turn goes to an allowed group drawn in proportion to its room left; `None` when a
/// card finds no room (then the exact matching below takes over).
fn random_assignment(
    hidden: &[u8],
    capacity: &[u32; MAX_GROUPS],
    players: usize,
    allowed: &dyn Fn(usize, usize) -> bool,
    rng: &mut GameRng,
) -> Option<ArrayVec<u8, 52>> {
    'attempt: for _ in 0..8 {
        let mut room = *capacity;
        let mut groups = ArrayVec::new();
        for &index in hidden {
            let total: u32 = (0..=players).filter(|&g| allowed(index as usize, g)).map(|g| room[g]).sum();
            if total == 0 {
                continue 'attempt;
            }
            let mut pick = rng.below(total as u64) as u32;
            let group = (0..=players)
                .filter(|&g| allowed(index as usize, g))
                .find(|&g| {
                    if pick < room[g] {
                        true
                    } else {
                        pick -= room[g];
                        false
                    }
                })
                .expect("the pick falls in some group");
            room[group] -= 1;
            groups.push(group as u8);
        }
        return Some(groups);
    }
    None
}

/// A placement of every hidden card respecting the constraints, by augmenting paths (Kuhn); the
/// true deal proves one exists.
fn matching_assignment(
    hidden: &[u8],
    capacity: &[u32; MAX_GROUPS],
    players: usize,
    allowed: &dyn Fn(usize, usize) -> bool,
) -> ArrayVec<u8, 52> {
    let mut matching = Matching { hidden, capacity, players, allowed, group_of: [NO_GROUP; 52], load: [0; MAX_GROUPS] };
    for card in 0..hidden.len() {
        let mut seen = [false; MAX_GROUPS];
        matching.place(card, &mut seen);
    }
    (0..hidden.len()).map(|card| matching.group_of[card].min(players as u8)).collect()
}

const NO_GROUP: u8 = u8::MAX;

struct Matching<'a> {
    hidden: &'a [u8],
    capacity: &'a [u32; MAX_GROUPS],
    players: usize,
    allowed: &'a dyn Fn(usize, usize) -> bool,
    group_of: [u8; 52],
    load: [u32; MAX_GROUPS],
}

impl Matching<'_> {
    /// Finds `card` a group, moving already placed cards along an augmenting path if needed.
    fn place(&mut self, card: usize, seen: &mut [bool; MAX_GROUPS]) -> bool {
        for g in 0..=self.players {
            if seen[g] || self.capacity[g] == 0 || !(self.allowed)(self.hidden[card] as usize, g) {
                continue;
            }
            seen[g] = true;
            if self.load[g] < self.capacity[g] {
                self.load[g] += 1;
                self.group_of[card] = g as u8;
                return true;
            }
            for other in 0..self.hidden.len() {
                if self.group_of[other] == g as u8 && self.place(other, seen) {
                    // `other` moved elsewhere: its place in g goes to `card`.
                    self.group_of[card] = g as u8;
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::rank_mask;

    #[test]
    fn the_matching_places_constrained_cards_where_greedy_could_fail() {
        // Two seats of one card each: seat 0 may take only a King, seat 1 anything.
        let hidden = [12u8, 0u8]; // K♠, A♠
        let capacity = {
            let mut c = [0u32; MAX_GROUPS];
            c[0] = 1;
            c[1] = 1;
            c
        };
        let allowed = |index: usize, group: usize| group != 0 || rank_mask(13).contains(index);
        let groups = matching_assignment(&hidden, &capacity, 2, &allowed);
        assert_eq!(groups.as_slice(), &[0, 1]);
    }
}
