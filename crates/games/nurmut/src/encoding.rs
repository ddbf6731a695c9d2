//! Action ids and the observation tensor of Nur Mut (`docs/python.md`).
//!
//! **Action ids** (6): `0`, `1`, `2` `play 1`, `play 2`, `play 3`; `3` `tuck`; `4` `pass`; `5`
//! `courage`. One seat acts at a time: no decline id.
//!
//! **Observation**, seats counted from the observer (0 = itself, 1 = its left...), faces as a
//! one-hot of 11 (`J`, `1` … `9`, none):
//! - per seat: pile size / 20, its top face, known tucked faces under it / 20, match score / 50,
//!   cards left at the end of the last round / 20, whose turn (flag), who started the round;
//! - per centre pile: its top card's showing face, its other face when the table saw it (none
//!   otherwise), pile size / 20;
//! - the phase (turn, place, over), the face a card showed before Courage turned it, the pass
//!   streak / players, the all-pass rule binding the player to move, the stock / 81, the round /
//!   20.

use crate::{Action, Face, NurMut, Options, Phase, View};
use tapis_core::encoding::Writer;
use tapis_core::{Encoding, Seat};

const FACES: usize = 11;

fn face(face: Option<Face>) -> Option<usize> {
    Some(face.map_or(10, |f| if f.is_joker() { 0 } else { f.value() as usize }))
}

impl Encoding for NurMut {
    fn num_actions(_players: usize, _options: &Options) -> usize {
        Action::ALL.len()
    }

    fn action_id(_players: usize, _options: &Options, action: Action) -> usize {
        Action::ALL.iter().position(|&a| a == action).unwrap_or(0)
    }

    fn id_action(_players: usize, _options: &Options, id: usize) -> Option<Action> {
        Action::ALL.get(id).copied()
    }

    fn observation_len(players: usize, _options: &Options) -> usize {
        players * (FACES + 6) + 3 * (2 * FACES + 1) + 3 + FACES + 4
    }

    fn encode_observation(players: usize, _options: &Options, view: &View, out: &mut [f32]) {
        let me = view.viewer.unwrap_or(Seat(0));
        let mut w = Writer::new(out);
        for k in 0..players {
            let seat = Seat(((me.index() + k) % players) as u8);
            let pile = &view.piles[seat.index()];
            w.scalar(pile.size as f32 / 20.0);
            w.one_hot(FACES, face(pile.top));
            w.scalar(pile.known_bottom.len() as f32 / 20.0);
            w.scalar(view.scores[seat] as f32 / 50.0);
            w.scalar(view.last_round_cards[seat] as f32 / 20.0);
            w.flag(view.current == Some(seat));
            w.flag(view.starter == seat);
        }
        for pile in &view.center {
            let top = pile.last();
            w.one_hot(FACES, face(top.map(|c| c.showing)));
            w.one_hot(FACES, face(top.and_then(|c| c.hidden)));
            w.scalar(pile.len() as f32 / 20.0);
        }
        w.one_hot(
            3,
            Some(match view.phase {
                Phase::Turn => 0,
                Phase::Place => 1,
                Phase::Over => 2,
            }),
        );
        w.one_hot(FACES, view.revealed_from.and_then(|f| face(Some(f))));
        w.scalar(view.pass_streak as f32 / players as f32);
        w.flag(view.forced_courage);
        w.scalar(view.stock as f32 / 81.0);
        w.scalar(view.round as f32 / 20.0);
        debug_assert_eq!(w.len(), Self::observation_len(players, &view.options));
    }

    fn view_table(view: &View) -> (usize, &Options) {
        (view.players as usize, &view.options)
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
        tapis_core::encoding::check_ids::<NurMut>(4, &serde_json::Map::new());
        assert_eq!(NurMut::id_action(4, &options, 0).unwrap().to_string(), "play 1");
        assert_eq!(NurMut::id_action(4, &options, 5).unwrap().to_string(), "courage");
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        for players in [2, 4, 6] {
            tapis_core::encoding::check_encoding::<NurMut>(players, &serde_json::Map::new(), 10);
        }
    }
}
