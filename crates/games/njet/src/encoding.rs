//! Action ids and the observation tensor of Njet! (`docs/python.md`).
//!
//! **Action ids** (`93 + players`): `0..20` `njet <row> <cell>` by board cell (`start 0…3`,
//! `discard 0 1 2`, `trump R B K G`, `super R B K G none`, `points 1…4`, NOTATION.md's order);
//! `20..20+players` `partner <seat>`; then `alone`; then 36 `discard <card>` and 36 `play <card>`
//! by card index `colour * 9 + value − 1` (colours `R B K G`). Njet has no reaction window, so no
//! decline id: its simultaneous discards are made one seat at a time, every seat waited for
//! having to act.
//!
//! **Observation**, seats counted from the observer (0 = itself); cards as copies held (0, 1, 2)
//! per card index:
//! - the observer's hand, the cards it laid aside, the cards of the finished tricks (36 each);
//! - the board: per cell, free, blocked from the start, and whose stone (a seat one-hot);
//! - the conditions once fixed: whether fixed, the start player (seat), discards (0…3), trump
//!   (4), super-trump (4 + none), points (1…4);
//! - per seat: in the start player's team, hand size / 16, discards left / 4, tricks won / 16,
//!   loot / 16, the colours it showed it lacks (4), match score / 50, last round's points / 50,
//!   whose turn;
//! - the trick: each of its four places (from the leader) as a card one-hot (36), the leader
//!   (seat), the colour led (4), the winning place (4); the phase (njet, partner, discard, play,
//!   over); the round / 20.

use crate::board::FIXED;
use crate::{Action, Card, CardMultiset, Cell, Njet, Options, Phase, View};
use tapis_core::encoding::{Writer, relative};
use tapis_core::{Encoding, Seat};

const CELLS: usize = Cell::COUNT;
const CARDS: usize = Card::KINDS;

impl Encoding for Njet {
    fn num_actions(players: usize, _options: &Options) -> usize {
        CELLS + players + 1 + 2 * CARDS
    }

    fn action_id(players: usize, _options: &Options, action: Action) -> usize {
        match action {
            Action::Njet(cell) => cell.0 as usize,
            Action::Partner(seat) => CELLS + seat.index(),
            Action::Alone => CELLS + players,
            Action::Discard(card) => CELLS + players + 1 + card.index(),
            Action::Play(card) => CELLS + players + 1 + CARDS + card.index(),
        }
    }

    fn id_action(players: usize, _options: &Options, id: usize) -> Option<Action> {
        let alone = CELLS + players;
        Some(match id {
            id if id < CELLS => Action::Njet(Cell(id as u8)),
            id if id < alone => Action::Partner(Seat((id - CELLS) as u8)),
            id if id == alone => Action::Alone,
            id if id < alone + 1 + CARDS => Action::Discard(Card::from_index(id - alone - 1)?),
            id => Action::Play(Card::from_index(id - alone - 1 - CARDS)?),
        })
    }

    fn observation_len(players: usize, _options: &Options) -> usize {
        3 * CARDS
            + CELLS * (2 + players)
            + 1
            + players
            + 4
            + 4
            + 5
            + 4
            + players * 12
            + 4 * CARDS
            + players
            + 4
            + 4
            + 5
            + 1
    }

    fn encode_observation(players: usize, _options: &Options, view: &View, out: &mut [f32]) {
        let t = &view.table;
        let me = view.seat.unwrap_or(Seat(0));
        let rel = |seat: Seat| Some(relative(seat, me, players));
        let mut w = Writer::new(out);
        // Copies per card index straight from the bits (a colour's ten bits: its two 1s, then
        // one bit per value 2…9), without a population count per card.
        let counts = |w: &mut Writer, cards: CardMultiset| {
            w.block(CARDS, |i| {
                let (colour, value) = (i / 9, i % 9 + 1);
                let bits = cards.0 >> (colour * 10);
                let n = if value == 1 { (bits & 1) + (bits >> 1 & 1) } else { bits >> value & 1 };
                n as f32
            });
        };
        counts(&mut w, view.hand.unwrap_or(CardMultiset::EMPTY));
        counts(&mut w, view.discards.unwrap_or(CardMultiset::EMPTY));
        counts(&mut w, t.played);
        for cell in 0..CELLS {
            let cell = Cell(cell as u8);
            let by = t.board.placed_by(cell);
            w.flag(t.board.is_free(cell));
            w.flag(by == FIXED);
            w.one_hot(players, ((by as usize) < players).then(|| relative(Seat(by), me, players)));
        }
        let c = t.conditions;
        w.flag(c.is_some());
        w.one_hot(players, c.and_then(|c| rel(c.start)));
        w.one_hot(4, c.map(|c| c.discard as usize));
        w.one_hot(4, c.map(|c| c.trump.index()));
        w.one_hot(5, c.map(|c| c.super_trump.map_or(4, |s| s.index())));
        w.one_hot(4, c.map(|c| (c.points as usize).saturating_sub(1)));
        for k in 0..players {
            let seat = Seat(((me.index() + k) % players) as u8);
            w.flag(t.team.contains(seat));
            w.scalar(t.hand_sizes[seat] as f32 / 16.0);
            w.scalar(t.discards_left[seat] as f32 / 4.0);
            w.scalar(t.tricks_won[seat] as f32 / 16.0);
            w.scalar(t.loot_won[seat] as f32 / 16.0);
            let voids = t.voids[seat];
            w.block(4, |g| f32::from(voids >> g & 1));
            w.scalar(t.scores[seat] as f32 / 50.0);
            w.scalar(t.last_points[seat] as f32 / 50.0);
            w.flag(t.turn == seat && matches!(t.phase, Phase::Njet | Phase::Partner | Phase::Play));
        }
        let trick = &t.trick;
        for place in 0..4 {
            w.one_hot(CARDS, (place < trick.len as usize).then(|| trick.cards[place].index()));
        }
        w.one_hot(players, if trick.len > 0 { rel(trick.leader) } else { None });
        w.one_hot(4, (trick.len > 0).then(|| trick.led.index()));
        w.one_hot(4, (trick.len > 0).then_some(trick.winning as usize));
        w.one_hot(
            5,
            Some(match t.phase {
                Phase::Njet => 0,
                Phase::Partner => 1,
                Phase::Discard => 2,
                Phase::Play => 3,
                Phase::Over => 4,
            }),
        );
        w.scalar(t.round as f32 / 20.0);
        debug_assert_eq!(w.len(), Self::observation_len(players, &t.options));
    }

    fn view_table(view: &View) -> (usize, &Options) {
        (view.table.players as usize, &view.table.options)
    }

    fn has_windows(_options: &Options) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_both_ways() {
        let options = Options::default();
        for players in [3, 4] {
            tapis_core::encoding::check_ids::<Njet>(players, &serde_json::Map::new());
        }
        assert_eq!(Njet::id_action(4, &options, 0).unwrap().to_string(), "njet start 0");
        assert_eq!(Njet::id_action(4, &options, 24).unwrap().to_string(), "alone");
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        for players in [3, 4] {
            tapis_core::encoding::check_encoding::<Njet>(players, &serde_json::Map::new(), 10);
        }
    }

    #[test]
    fn copies_read_from_the_bits_are_the_cards_counts() {
        use tapis_core::Game;
        let options = Options::default();
        let len = Njet::observation_len(4, &options);
        let mut out = vec![0f32; len];
        let state = tapis_core::Match::<Njet>::new(&tapis_core::MatchRequest { players: 4, ..Default::default() })
            .unwrap()
            .state()
            .clone();
        for seat in Seat::all(4) {
            let view = state.view(Some(seat));
            Njet::encode_observation(4, &options, &view, &mut out);
            let hand = view.hand.unwrap();
            for card in Card::all() {
                assert_eq!(out[card.index()], hand.count(card) as f32, "{card}");
            }
        }
    }
}
