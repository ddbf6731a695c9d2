//! Action ids and the observation tensor of Battle GUM (`docs/python.md`).
//!
//! **Action ids** (`257 + players`, and a decline with `ninja_interrupt` or
//! `complete_pair_burn`), card kinds numbered `00` = 0, `1` … `13` = 1 … 13:
//! - `0..182` `swap <hand> <face-up>`: `hand * 13 + f'`, where `f'` is the face-up kind, less one
//!   when above the hand's;
//! - `182` `ready`;
//! - `183..237` `play`: `play 00` and `play 00 00` (183, 184), then for each value `v` of 1 … 13
//!   `play v` once to four times (`185 + (v − 1) * 4 + count − 1`);
//! - `237` `pickup`; `238..238+players` `give <seat>`; then `accept`, `keep`, 14 `take <card>`
//!   by kind, `reveal 1`, `reveal 2`, `reveal 3`.
//!
//! **Windows.** A Ninja thrown out of turn and a Variante 2 completion are reaction windows whose
//! actors depend on hands, so during a turn every seat that public facts leave in them (every seat
//! in play but the turn player with `ninja_interrupt`; every seat in play but the pair's layer for
//! a completion) is asked, and may decline, whatever it holds.
//!
//! **Observation**, seats counted from the observer (0 = itself), card counts per kind / 4:
//! - the observer's hand (14);
//! - per seat: hand size / 20, face-down places still full (3), face-up cards (14), cards known
//!   to be in its hand (14), cards left / 20, ready (swap phase), out of the game, match score,
//!   laid the top card, deciding now, deals;
//! - the pile: its top kind (14, none when empty), the top run's length / 4, its size / 54, its
//!   cards (14); the burnt cards (14); what the next card must be (anything; at least 0 … 13; at
//!   most 6); the stock / 54; the phase (swap, turn, refill, give, target, over) with the giver's
//!   and target's seats; the pair a completion would burn (14); a free turn; the game / games.

use crate::options::Options;
use crate::table::{Phase, Requirement};
use crate::{Action, Card, Counts, Gum, View};
use tapis_core::encoding::{Writer, relative};
use tapis_core::{Encoding, Game, Seat, SeatSet};

const KINDS: usize = Card::KINDS;
const SWAPS: usize = KINDS * (KINDS - 1);
const READY: usize = SWAPS;
const PLAY: usize = READY + 1;
const PLAYS: usize = 2 + 13 * 4;
const PICKUP: usize = PLAY + PLAYS;
const GIVE: usize = PICKUP + 1;

fn play_id(card: Card, count: u8) -> usize {
    let count = count.max(1) as usize;
    if card.is_ninja() { PLAY + count - 1 } else { PLAY + 2 + (card.index() - 1) * 4 + count - 1 }
}

impl Encoding for Gum {
    fn num_actions(players: usize, _options: &Options) -> usize {
        GIVE + players + 2 + KINDS + 3
    }

    fn action_id(players: usize, _options: &Options, action: Action) -> usize {
        let accept = GIVE + players;
        match action {
            Action::Swap { hand, faceup } => {
                let (h, f) = (hand.index(), faceup.index());
                h * (KINDS - 1) + if f > h { f - 1 } else { f }
            }
            Action::Ready => READY,
            Action::Play { card, count } => play_id(card, count),
            Action::Pickup => PICKUP,
            Action::Give(seat) => GIVE + seat.index(),
            Action::Accept => accept,
            Action::Keep => accept + 1,
            Action::Take(card) => accept + 2 + card.index(),
            Action::Reveal(position) => accept + 2 + KINDS + (position as usize).saturating_sub(1),
        }
    }

    fn id_action(players: usize, _options: &Options, id: usize) -> Option<Action> {
        let accept = GIVE + players;
        let kind = |i: usize| Card::from_index(i);
        Some(match id {
            id if id < SWAPS => {
                let (h, f) = (id / (KINDS - 1), id % (KINDS - 1));
                Action::Swap { hand: kind(h)?, faceup: kind(if f >= h { f + 1 } else { f })? }
            }
            READY => Action::Ready,
            id if id < PLAY + 2 => Action::Play { card: Card::NINJA, count: (id - PLAY + 1) as u8 },
            id if id < PICKUP => {
                let k = id - PLAY - 2;
                Action::Play { card: kind(1 + k / 4)?, count: (k % 4 + 1) as u8 }
            }
            PICKUP => Action::Pickup,
            id if id < accept => Action::Give(Seat((id - GIVE) as u8)),
            id if id == accept => Action::Accept,
            id if id == accept + 1 => Action::Keep,
            id if id < accept + 2 + KINDS => Action::Take(kind(id - accept - 2)?),
            id if id < accept + 2 + KINDS + 3 => Action::Reveal((id - accept - 2 - KINDS + 1) as u8),
            _ => return None,
        })
    }

    fn observation_len(players: usize, _options: &Options) -> usize {
        KINDS + players * 39 + KINDS + 2 + 2 * KINDS + 16 + 1 + 6 + 2 * players + KINDS + 2
    }

    fn encode_observation(players: usize, options: &Options, view: &View, out: &mut [f32]) {
        let t = &view.table;
        let me = view.seat.unwrap_or(Seat(0));
        let mut w = Writer::new(out);
        let counts =
            |w: &mut Writer, c: Counts| w.block(KINDS, |i| Card::from_index(i).map_or(0.0, |k| c.get(k) as f32 / 4.0));
        counts(&mut w, view.hand.unwrap_or(Counts::EMPTY));
        let deciding = match t.phase {
            Phase::Turn { seat } | Phase::Refill { seat, .. } => Some(seat),
            Phase::Give { giver } => Some(giver),
            Phase::Target { target, .. } => Some(target),
            Phase::Swap | Phase::Over => None,
        };
        for k in 0..players {
            let seat = Seat(((me.index() + k) % players) as u8);
            w.scalar(view.hand_sizes[seat] as f32 / 20.0);
            let down = view.facedown[seat];
            w.block(3, |p| if down[p] { 1.0 } else { 0.0 });
            counts(&mut w, t.faceup[seat]);
            counts(&mut w, t.known[seat]);
            w.scalar(view.cards_left[seat] as f32 / 20.0);
            w.flag(t.ready.contains(seat));
            w.flag(t.finished.contains(&seat));
            w.scalar(t.scores[seat] as f32);
            w.flag(t.last_layer == Some(seat));
            w.flag(deciding == Some(seat));
            w.flag(t.dealer == seat);
        }
        let top = t.top_run();
        w.one_hot(KINDS, top.map(|(card, _)| card.index()));
        w.scalar(top.map_or(0.0, |(_, run)| run as f32 / 4.0));
        w.scalar(t.pile.len() as f32 / 54.0);
        let mut pile = [0f32; KINDS];
        for card in &t.pile {
            pile[card.index()] += 0.25;
        }
        w.block(KINDS, |i| pile[i]);
        counts(&mut w, t.burnt);
        w.one_hot(
            16,
            Some(match view.requirement {
                Requirement::Any => 0,
                Requirement::AtLeast(v) => 1 + (v as usize).min(13),
                Requirement::AtMost6 => 15,
            }),
        );
        w.scalar(view.stock as f32 / 54.0);
        let (phase, giver, target) = match t.phase {
            Phase::Swap => (0, None, None),
            Phase::Turn { .. } => (1, None, None),
            Phase::Refill { .. } => (2, None, None),
            Phase::Give { giver } => (3, Some(giver), None),
            Phase::Target { giver, target } => (4, Some(giver), Some(target)),
            Phase::Over => (5, None, None),
        };
        w.one_hot(6, Some(phase));
        w.one_hot(players, giver.map(|s| relative(s, me, players)));
        w.one_hot(players, target.map(|s| relative(s, me, players)));
        w.one_hot(KINDS, t.completion.map(|c| c.index()));
        w.flag(t.free_turn);
        w.scalar(t.round as f32 / options.games.max(1) as f32);
        debug_assert_eq!(w.len(), Self::observation_len(players, options));
    }

    fn view_table(view: &View) -> (usize, &Options) {
        (view.table.players as usize, &view.table.options)
    }

    fn has_windows(options: &Options) -> bool {
        options.ninja_interrupt || options.complete_pair_burn
    }

    fn window_seats(&self) -> SeatSet {
        let t = &self.table;
        let Phase::Turn { seat: turn } = t.phase else { return SeatSet::EMPTY };
        if !t.options.ninja_interrupt && t.completion.is_none() {
            return SeatSet::EMPTY;
        }
        Seat::all(self.players())
            .filter(|&s| s != turn && !t.is_out(s) && (t.options.ninja_interrupt || t.last_layer != Some(s)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_both_ways() {
        let options = Options::default();
        for players in [2, 5] {
            tapis_core::encoding::check_ids::<Gum>(players, &serde_json::Map::new());
        }
        assert_eq!(Gum::id_action(4, &options, 182).unwrap().to_string(), "ready");
        assert_eq!(Gum::id_action(4, &options, 183).unwrap().to_string(), "play 00");
        assert_eq!(Gum::id_action(4, &options, 185).unwrap().to_string(), "play 1");
        assert_eq!(Gum::id_action(4, &options, 236).unwrap().to_string(), "play 13 13 13 13");
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        let none = serde_json::Map::new();
        for players in [2, 4, 5] {
            tapis_core::encoding::check_encoding::<Gum>(players, &none, 6);
        }
        let mut windows = serde_json::Map::new();
        windows.insert("ninja_interrupt".into(), true.into());
        windows.insert("complete_pair_burn".into(), true.into());
        tapis_core::encoding::check_encoding::<Gum>(4, &windows, 6);
    }
}
