//! Action ids and the observation tensor of Le Nain Jaune (`docs/python.md`).
//!
//! **Action ids** (55, and a decline with `manual_claim`): `0..52` `play <card>` by the card's
//! index `suit * 13 + rank − 1` (suits `S H D C`, ranks `A 2 … K`: `0` = `play AS`, `12` =
//! `play KS`, `51` = `play KC`); `52` `stop`; `53` `pass`; `54` `claim`. With `manual_claim` a
//! claim is a reaction window: `55` declines it.
//!
//! **Observation**, seats counted from the observer (0 = itself):
//! - the observer's hand (52 flags), the cards laid this round (52), the run's last card (52) and
//!   its length / 13;
//! - per seat: cards in hand / 13, chips / all chips, the ranks it showed it lacks (13 flags),
//!   whether it laid a card this round, whether it is to move, laid the last card, deals;
//! - the chips on each of the five cells (`TD JC QS KH 7D`) / all chips;
//! - the phase (lead, continue, follow, going out, over), the rank to continue with or called
//!   (13), the claimable cell (5) and whether the observer may claim it, the aside / 52, the
//!   round / 20.

use crate::{Action, NainJaune, Options, Phase, View};
use tapis_core::encoding::Writer;
use tapis_core::{Encoding, FrenchCard, Seat};

const CARDS: usize = 52;
const STOP: usize = CARDS;
const PASS: usize = CARDS + 1;
const CLAIM: usize = CARDS + 2;

impl Encoding for NainJaune {
    fn num_actions(_players: usize, _options: &Options) -> usize {
        CLAIM + 1
    }

    fn action_id(_players: usize, _options: &Options, action: Action) -> usize {
        match action {
            Action::Play(card) => card.index(),
            Action::Stop => STOP,
            Action::Pass => PASS,
            Action::Claim => CLAIM,
        }
    }

    fn id_action(_players: usize, _options: &Options, id: usize) -> Option<Action> {
        Some(match id {
            id if id < CARDS => Action::Play(FrenchCard::from_index(id)?),
            STOP => Action::Stop,
            PASS => Action::Pass,
            CLAIM => Action::Claim,
            _ => return None,
        })
    }

    fn observation_len(players: usize, _options: &Options) -> usize {
        3 * CARDS + 1 + players * (2 + 13 + 4) + 5 + 5 + 13 + 5 + 1 + 2
    }

    fn encode_observation(players: usize, _options: &Options, view: &View, out: &mut [f32]) {
        let t = &view.table;
        let me = view.seat.unwrap_or(Seat(0));
        let all_chips = t.total_chips.max(1) as f32;
        let mut w = Writer::new(out);
        let hand = view.hand.map(|h| h.0).unwrap_or_default();
        w.block(CARDS, |i| if hand.contains(i) { 1.0 } else { 0.0 });
        w.block(CARDS, |i| if t.played.0.contains(i) { 1.0 } else { 0.0 });
        w.one_hot(CARDS, t.run.last().map(|c| c.index()));
        w.scalar(t.run.len() as f32 / 13.0);
        let (to_move, rank) = match t.phase {
            Phase::Lead { seat } => (Some(seat), None),
            Phase::Continue { seat, next } => (Some(seat), Some(next)),
            Phase::Follow { seat, rank } => (Some(seat), Some(rank)),
            Phase::GoingOut { seat } => (Some(seat), None),
            Phase::Over => (None, None),
        };
        for k in 0..players {
            let seat = Seat(((me.index() + k) % players) as u8);
            w.scalar(view.hand_counts[seat] as f32 / 13.0);
            w.scalar(t.chips[seat] as f32 / all_chips);
            let passed = t.passed[seat];
            w.block(13, |r| if passed.contains(r as u8 + 1) { 1.0 } else { 0.0 });
            w.flag(t.laid.contains(seat));
            w.flag(to_move == Some(seat));
            w.flag(t.last_player == seat);
            w.flag(t.dealer == seat);
        }
        w.block(5, |c| t.board.0[c] as f32 / all_chips);
        w.one_hot(
            5,
            Some(match t.phase {
                Phase::Lead { .. } => 0,
                Phase::Continue { .. } => 1,
                Phase::Follow { .. } => 2,
                Phase::GoingOut { .. } => 3,
                Phase::Over => 4,
            }),
        );
        w.one_hot(13, rank.map(|r| r as usize - 1));
        w.one_hot(5, t.claimable.map(|(_, cell)| cell.index()));
        w.flag(t.claimable.is_some_and(|(claimer, _)| Some(claimer) == view.seat));
        w.scalar(view.aside_count as f32 / 52.0);
        w.scalar(t.round as f32 / 20.0);
        debug_assert_eq!(w.len(), Self::observation_len(players, &t.options));
    }

    fn view_table(view: &View) -> (usize, &Options) {
        (view.table.players as usize, &view.table.options)
    }

    fn has_windows(options: &Options) -> bool {
        options.manual_claim
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_map_both_ways() {
        let options = Options::default();
        tapis_core::encoding::check_ids::<NainJaune>(4, &serde_json::Map::new());
        assert_eq!(NainJaune::id_action(4, &options, 0).unwrap().to_string(), "play AS");
        assert_eq!(NainJaune::id_action(4, &options, 51).unwrap().to_string(), "play KC");
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        let none = serde_json::Map::new();
        for players in [3, 4, 8] {
            tapis_core::encoding::check_encoding::<NainJaune>(players, &none, 8);
        }
        let mut claim = serde_json::Map::new();
        claim.insert("manual_claim".into(), true.into());
        tapis_core::encoding::check_encoding::<NainJaune>(4, &claim, 8);
        let mut two = serde_json::Map::new();
        two.insert("two_players".into(), true.into());
        tapis_core::encoding::check_encoding::<NainJaune>(2, &two, 8);
    }
}
