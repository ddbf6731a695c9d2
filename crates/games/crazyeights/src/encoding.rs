//! Action ids and the observation tensor: exactly OpenSpiel's `crazy_eights`, so that an agent
//! trained on one plays the other (`python/tests/test_crazyeights_openspiel.py` compares both
//! with `pyspiel` over 1,000 seeded matches).
//!
//! **Action ids** (58): `0..52` play the card of OpenSpiel id `rank * 4 + suit` (ranks `2 … A`
//! from 0, suits `C D H S` from 0: `0` = `play 2C`, `24` = `play 8C`, `51` = `play AS`); `52`
//! `draw`; `53` `pass`; `54..58` `suit C`, `suit D`, `suit H`, `suit S`. No reaction window, so no
//! decline id.
//!
//! **Observation** (OpenSpiel's `ObservationTensor`, `52 × (decks + 1) + 52 + 4 + (players − 1)
//! × (52 × decks + 1)` floats, one deck up to five players, two above): for each card id, a
//! one-hot of how many copies the seat holds (0 … decks); a one-hot of the top card; a one-hot of
//! the suit to follow (C D H S); then for each other seat, from the next one up the seat numbers,
//! a one-hot of its hand size (0 … 52 × decks); with `use_special_cards`, a last entry 1 while
//! play goes up the seat numbers (OpenSpiel's "counterclockwise").

use crate::cards::{self, NUM_CARDS};
use crate::{Action, CrazyEights, Options, View};
use tapis_core::encoding::Writer;
use tapis_core::{Encoding, Seat};

const DRAW: usize = NUM_CARDS;
const PASS: usize = NUM_CARDS + 1;
const SUITS: usize = NUM_CARDS + 2;

fn decks(players: usize) -> usize {
    if players > 5 { 2 } else { 1 }
}

impl Encoding for CrazyEights {
    fn num_actions(_players: usize, _options: &Options) -> usize {
        SUITS + 4
    }

    fn action_id(_players: usize, _options: &Options, action: Action) -> usize {
        match action {
            Action::Play(card) => cards::card_to_id(card).map_or(0, usize::from),
            Action::Draw => DRAW,
            Action::Pass => PASS,
            Action::Suit(suit) => SUITS + cards::suit_to_os(suit) as usize,
        }
    }

    fn id_action(_players: usize, _options: &Options, id: usize) -> Option<Action> {
        Some(match id {
            id if id < NUM_CARDS => Action::Play(cards::id_to_card(id as u8)),
            DRAW => Action::Draw,
            PASS => Action::Pass,
            id if id < SUITS + 4 => Action::Suit(cards::suit_from_os((id - SUITS) as u8)),
            _ => return None,
        })
    }

    fn observation_len(players: usize, options: &Options) -> usize {
        let decks = decks(players);
        NUM_CARDS * (decks + 1)
            + NUM_CARDS
            + 4
            + (players - 1) * (NUM_CARDS * decks + 1)
            + usize::from(options.use_special_cards)
    }

    /// OpenSpiel 2.0.2's `CrazyEightsGame::MaxGameLength`: 10,000 whatever the parameters (a
    /// match ends long before: `max_turns` cards played, each turn at most `max_draw_cards`
    /// draws).
    fn max_game_length(_players: usize, _options: &Options) -> Option<u64> {
        Some(10_000)
    }

    /// One round: the returns are settled when the match ends.
    fn scores_only_at_end(_options: &Options) -> bool {
        true
    }

    fn encode_observation(players: usize, options: &Options, view: &View, out: &mut [f32]) {
        let decks = decks(players);
        let mut held = [0usize; NUM_CARDS];
        for &card in &view.hand {
            if let Some(id) = cards::card_to_id(card) {
                held[id as usize] += 1;
            }
        }
        let mut w = Writer::new(out);
        for count in held {
            w.one_hot(decks + 1, Some(count));
        }
        w.one_hot(NUM_CARDS, cards::card_to_id(view.top).map(usize::from));
        w.one_hot(4, Some(cards::suit_to_os(view.suit) as usize));
        let me = view.seat.unwrap_or(Seat(0)).index();
        for k in 1..players {
            let seat = Seat(((me + k) % players) as u8);
            w.one_hot(NUM_CARDS * decks + 1, Some(view.hand_sizes[seat] as usize));
        }
        if options.use_special_cards {
            w.flag(view.direction > 0);
        }
        debug_assert_eq!(w.len(), Self::observation_len(players, &view.options));
    }

    fn has_windows(_options: &Options) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_openspiels_both_ways() {
        let options = Options::default();
        let text = |id: usize| CrazyEights::id_action(4, &options, id).unwrap().to_string();
        assert_eq!(text(0), "play 2C");
        assert_eq!(text(24), "play 8C");
        assert_eq!(text(51), "play AS");
        assert_eq!(text(52), "draw");
        assert_eq!(text(53), "pass");
        assert_eq!(text(54), "suit C");
        assert_eq!(text(57), "suit S");
        tapis_core::encoding::check_ids::<CrazyEights>(4, &serde_json::Map::new());
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        let options = serde_json::Map::new();
        for players in [2, 4, 6, 10] {
            tapis_core::encoding::check_encoding::<CrazyEights>(players, &options, 20);
        }
        let mut specials = serde_json::Map::new();
        specials.insert("use_special_cards".into(), true.into());
        specials.insert("reshuffle".into(), true.into());
        tapis_core::encoding::check_encoding::<CrazyEights>(4, &specials, 20);
    }
}
