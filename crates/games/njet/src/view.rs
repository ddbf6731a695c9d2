//! What one seat sees, and whole matches rebuilt from it.

use crate::cards::{Card, CardMultiset, Colour};
use crate::rules::{Njet, PublicTable};
use arrayvec::ArrayVec;
use serde::Serialize;
use tapis_core::{GameRng, Seat};

/// Everything a seat may see: the public table (board with who placed each stone, conditions,
/// teams, the trick and the last one won, cards of finished tricks, tricks and loot per seat, voids
/// shown, scores) and its own hand and discards. A spectator sees the table only.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub table: PublicTable,
    pub hand: Option<CardMultiset>,
    /// The cards this seat laid aside.
    pub discards: Option<CardMultiset>,
}

impl View {
    pub fn of(game: &Njet, seat: Option<Seat>) -> View {
        let seat = seat.filter(|s| s.index() < game.table.players());
        View {
            seat,
            table: game.table,
            hand: seat.map(|s| game.hands[s.index()]),
            discards: seat.map(|s| game.discards[s.index()]),
        }
    }

    /// Every card the viewer cannot place: the deck minus its own hand and discards, the cards
    /// played, and the 2s set aside with three players.
    pub fn unseen(&self) -> CardMultiset {
        let t = &self.table;
        let mut known = t.played;
        for &card in t.trick.played() {
            known.insert(card);
        }
        for card in self.hand.unwrap_or_default().iter().chain(self.discards.unwrap_or_default().iter()) {
            known.insert(card);
        }
        let deck =
            if t.players == 3 { CardMultiset::DECK.without_kinds(CardMultiset::TWOS) } else { CardMultiset::DECK };
        deck.minus(known)
    }
}

/// A place the hidden cards go: a seat's hand (which must respect the voids it has shown) or its
/// discards (laid aside before any trick, so unconstrained).
#[derive(Clone, Copy)]
struct Slot {
    seat: usize,
    is_hand: bool,
    room: u8,
    /// Groups (bit = colour index) this place may receive.
    accepts: u8,
}

/// Deals the cards `view` cannot see among the places it cannot see, consistently with the voids.
pub fn determinize(view: &View, rng: &mut GameRng) -> Njet {
    let t = &view.table;
    let players = t.players();
    let mut hands = [CardMultiset::EMPTY; 4];
    let mut discards = [CardMultiset::EMPTY; 4];
    let mut slots: ArrayVec<Slot, 8> = ArrayVec::new();
    for seat in Seat::all(players) {
        if Some(seat) == view.seat {
            hands[seat.index()] = view.hand.unwrap_or_default();
            discards[seat.index()] = view.discards.unwrap_or_default();
            continue;
        }
        let allowed = !t.voids[seat] & 0xF;
        slots.push(Slot { seat: seat.index(), is_hand: true, room: t.hand_sizes[seat], accepts: allowed });
        slots.push(Slot { seat: seat.index(), is_hand: false, room: t.discarded(seat), accepts: 0xF });
    }
    let mut pool: ArrayVec<Card, 40> = view.unseen().iter().collect();
    let constrained = t.voids.iter().any(|&v| v != 0);
    match t.conditions {
        Some(conditions) if constrained => {
            let group = |card: Card| conditions.group_of(card).index();
            let mut demand = [0u8; 4];
            for &card in &pool {
                demand[group(card)] += 1;
            }
            // Each card drawn for a place weighted by its room: a uniform deal when no void
            // binds, so the cards need no shuffle first.
            let mut slack = Slack::new(&slots, &demand);
            for &card in &pool {
                if let Some(slot) = slack.choose(&mut slots, group(card), rng) {
                    put(&mut hands, &mut discards, slots[slot], card);
                }
            }
        }
        _ => {
            // No void shown yet: a plain deal of the shuffled cards.
            rng.shuffle(&mut pool);
            let mut cards = pool.iter();
            for slot in &slots {
                for &card in cards.by_ref().take(slot.room as usize) {
                    put(&mut hands, &mut discards, *slot, card);
                }
            }
        }
    }
    Njet { table: *t, hands, discards, rng: rng.fork() }
}

fn put(hands: &mut [CardMultiset; 4], discards: &mut [CardMultiset; 4], slot: Slot, card: Card) {
    if slot.is_hand {
        hands[slot.seat].insert(card);
    } else {
        discards[slot.seat].insert(card);
    }
}

/// The sets of groups (as a 16-bit mask over the subsets `1..16`) that lose one room when a card
/// of `group` goes to a place accepting `accepts`: those without `group` that the place serves.
/// (The sets holding `group` lose one card and one room: no change.)
const AFFECTED: [[u16; 16]; 4] = {
    let mut table = [[0u16; 16]; 4];
    let mut group = 0;
    while group < 4 {
        let mut accepts = 0;
        while accepts < 16 {
            let mut groups = 1;
            while groups < 16 {
                if groups >> group & 1 == 0 && groups & accepts != 0 {
                    table[group][accepts] |= 1 << groups;
                }
                groups += 1;
            }
            accepts += 1;
        }
        group += 1;
    }
    table
};

/// Hall's condition kept up to date: for every set of groups `G`, the room of the places
/// accepting a group of `G` minus the cards of `G` still to deal. The rest is dealable exactly
/// when every slack is ≥ 0, so a place may take a card when no set it costs a room is tight.
struct Slack {
    slack: [i16; 16],
    /// The sets whose slack is 0.
    tight: u16,
}

impl Slack {
    fn new(slots: &[Slot], demand: &[u8; 4]) -> Slack {
        let mut slack = [0i16; 16];
        let mut tight = 0;
        for (groups, value) in slack.iter_mut().enumerate().skip(1) {
            let need: i16 = (0..4).filter(|g| groups >> g & 1 == 1).map(|g| demand[g] as i16).sum();
            let room: i16 = slots.iter().filter(|s| s.accepts as usize & groups != 0).map(|s| s.room as i16).sum();
            *value = room - need;
            if *value <= 0 {
                tight |= 1 << groups;
            }
        }
        Slack { slack, tight }
    }

    fn allows(&self, group: usize, accepts: u8) -> bool {
        AFFECTED[group][accepts as usize & 15] & self.tight == 0
    }

    fn take(&mut self, group: usize, accepts: u8) {
        let mut affected = AFFECTED[group][accepts as usize & 15];
        while affected != 0 {
            let groups = affected.trailing_zeros() as usize;
            affected &= affected - 1;
            self.slack[groups] -= 1;
            if self.slack[groups] <= 0 {
                self.tight |= 1 << groups;
            }
        }
    }

    /// Picks a place for a card of `group`, at random weighted by room, among those that keep
    /// the rest dealable, and takes one unit of its room.
    fn choose(&mut self, slots: &mut [Slot], group: usize, rng: &mut GameRng) -> Option<usize> {
        let mut candidates = 0u8;
        let mut total = 0u32;
        for (i, slot) in slots.iter().enumerate() {
            if slot.room > 0 && slot.accepts >> group & 1 == 1 && self.allows(group, slot.accepts) {
                candidates |= 1 << i;
                total += slot.room as u32;
            }
        }
        if total == 0 {
            // Only a view no real deal matches gets here: leave the card out rather than panic.
            return None;
        }
        let mut pick = rng.below(total as u64) as u32;
        let mut chosen = 0;
        for (i, slot) in slots.iter().enumerate() {
            if candidates >> i & 1 == 1 {
                if pick < slot.room as u32 {
                    chosen = i;
                    break;
                }
                pick -= slot.room as u32;
            }
        }
        self.take(group, slots[chosen].accepts);
        slots[chosen].room -= 1;
        Some(chosen)
    }
}

/// Groups as colours, for texts.
pub fn void_colours(mask: u8) -> impl Iterator<Item = Colour> {
    Colour::ALL.into_iter().filter(move |c| mask >> c.index() & 1 == 1)
}
