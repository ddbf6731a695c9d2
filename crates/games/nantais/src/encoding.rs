//! Action ids and the observation tensor of Le 8 Nantais (`docs/python.md`).
//!
//! **Action ids**, card kinds numbered by `FrenchCard::index` (`suit * 13 + rank − 1`, suits `S H
//! D C`, ranks `A 2 … K`; the Joker `X` = 52):
//! - `0..53` `play <card>`; `53` `end`; `54..58` `suit S`, `suit H`, `suit D`, `suit C`;
//!   `58..71` `rank A`, `rank 2` … `rank K`; `71` `draw`; `72` `pass`; `73` `unique`;
//!   `74..74+players` `contre <seat>`;
//! - with `queen_swap`: then `swap <seat> <card>` (`players × 53`, seat-major), `noswap`, and 53
//!   `ask <card>` (`queen_swap_mode = named`) or 53 `give <card>` (`target_chooses`);
//! - the decline, last, unless `auto_unique` (CONTRE UNIQUE is a reaction window whose seats
//!   are public: hand sizes and announcements).
//!
//! **Observation**, seats counted from the observer (0 = itself), cards by kind:
//! - the observer's hand (copies per kind, 53), the top card (53), the discard pile (copies, 53),
//!   the card it just drew (53), the card it offers in a Dame exchange (53), and with
//!   `queen_swap` the cards it knows each seat holds (`players × 53`);
//! - per seat: hand size / 10, rounds won / rounds to win, penalty points / limit, announced
//!   UNIQUE, open to CONTRE, to move, deals;
//! - what the next card must match (top card, suit, rank, exact card, anything) with the suit
//!   (4) and rank (13) named; the pending 7 or Joker chain and its cards / 10; the phase (10) and
//!   the Dame target (seat); the block being laid (rank key: 13 ranks and the Joker) and its
//!   length / 4; its effects (suit or rank to name, exact card, exchanges / 4, skips / 4,
//!   reverse, replay, the suit named); clockwise, a chain answered, cards laid this turn / 8,
//!   drew this turn, idle turns / players, the UNIQUE window armed; stock / 54; round / 10.

use crate::options::QueenSwapMode;
use crate::state::{ChainKind, Constraint, Phase};
use crate::{Action, Nantais, Options, View};
use tapis_core::encoding::{Writer, relative};
use tapis_core::{Encoding, FrenchCard, Rank, Seat, Suit};

const KINDS: usize = 53;
const END: usize = KINDS;
const SUITS: usize = END + 1;
const RANKS: usize = SUITS + 4;
const DRAW: usize = RANKS + 13;
const PASS: usize = DRAW + 1;
const UNIQUE: usize = PASS + 1;
const CONTRE: usize = UNIQUE + 1;

fn swap_base(players: usize) -> usize {
    CONTRE + players
}

impl Encoding for Nantais {
    fn num_actions(players: usize, options: &Options) -> usize {
        if !options.queen_swap {
            return swap_base(players);
        }
        let named = options.queen_swap_mode != QueenSwapMode::Blind;
        swap_base(players) + players * KINDS + 1 + if named { KINDS } else { 0 }
    }

    fn action_id(players: usize, _options: &Options, action: Action) -> usize {
        let swaps = swap_base(players);
        let noswap = swaps + players * KINDS;
        match action {
            Action::Play(card) => card.index(),
            Action::End => END,
            Action::Suit(suit) => SUITS + suit.index(),
            Action::Rank(rank) => RANKS + rank.index(),
            Action::Draw => DRAW,
            Action::Pass => PASS,
            Action::Unique => UNIQUE,
            Action::Contre(seat) => CONTRE + seat.index(),
            Action::Swap(seat, card) => swaps + seat.index() * KINDS + card.index(),
            Action::NoSwap => noswap,
            Action::Ask(card) | Action::Give(card) => noswap + 1 + card.index(),
        }
    }

    fn id_action(players: usize, options: &Options, id: usize) -> Option<Action> {
        let swaps = swap_base(players);
        let noswap = swaps + players * KINDS;
        if id >= Self::num_actions(players, options) {
            return None;
        }
        Some(match id {
            id if id < KINDS => Action::Play(FrenchCard::from_index(id)?),
            END => Action::End,
            id if id < RANKS => Action::Suit(Suit::from_index(id - SUITS)),
            id if id < DRAW => Action::Rank(*Rank::ALL.get(id - RANKS)?),
            DRAW => Action::Draw,
            PASS => Action::Pass,
            UNIQUE => Action::Unique,
            id if id < swaps => Action::Contre(Seat((id - CONTRE) as u8)),
            id if id < noswap => {
                let k = id - swaps;
                Action::Swap(Seat((k / KINDS) as u8), FrenchCard::from_index(k % KINDS)?)
            }
            id if id == noswap => Action::NoSwap,
            id => {
                let card = FrenchCard::from_index(id - noswap - 1)?;
                match options.queen_swap_mode {
                    QueenSwapMode::Named => Action::Ask(card),
                    _ => Action::Give(card),
                }
            }
        })
    }

    fn observation_len(players: usize, options: &Options) -> usize {
        5 * KINDS
            + if options.queen_swap { players * KINDS } else { 0 }
            + players * 7
            + 5
            + 4
            + 13
            + 3
            + 10
            + players
            + 14
            + 1
            + 11
            + 6
            + 2
    }

    fn encode_observation(players: usize, options: &Options, view: &View, out: &mut [f32]) {
        let t = &view.table;
        let me = view.seat.unwrap_or(Seat(0));
        let mut w = Writer::new(out);
        let mut hand = [0f32; KINDS];
        for card in &view.hand {
            hand[card.index()] += 1.0;
        }
        w.block(KINDS, |i| hand[i]);
        w.one_hot(KINDS, view.discard.last().map(|c| c.index()));
        let mut discard = [0f32; KINDS];
        for card in &view.discard {
            discard[card.index()] += 1.0;
        }
        w.block(KINDS, |i| discard[i]);
        w.one_hot(KINDS, view.drawn.map(|c| c.index()));
        w.one_hot(KINDS, view.offered.map(|c| c.index()));
        if options.queen_swap {
            for k in 0..players {
                let seat = Seat(((me.index() + k) % players) as u8);
                w.block(KINDS, |i| {
                    view.known.iter().filter(|&&(holder, card)| holder == seat && card.index() == i).count() as f32
                });
            }
        }
        for k in 0..players {
            let seat = Seat(((me.index() + k) % players) as u8);
            w.scalar(view.hand_sizes[seat] as f32 / 10.0);
            w.scalar(t.rounds_won[seat] as f32 / options.rounds_to_win.max(1) as f32);
            w.scalar(t.penalty_points[seat] as f32 / options.penalty_limit.max(1) as f32);
            w.flag(t.announced.contains(seat));
            w.flag(t.unique_window.contains(seat));
            w.flag(t.turn == seat && t.phase != Phase::Over);
            w.flag(t.dealer == seat);
        }
        let (kind, suit, rank) = match t.constraint {
            Constraint::Top { .. } => (0, None, None),
            Constraint::Suit { suit } => (1, Some(suit), None),
            Constraint::Rank { rank } => (2, None, Some(rank)),
            Constraint::Exact { card } => (3, card.suit(), card.rank()),
            Constraint::Free => (4, None, None),
        };
        w.one_hot(5, Some(kind));
        w.one_hot(4, suit.map(|s| s.index()));
        w.one_hot(13, rank.map(|r| r.index()));
        w.one_hot(2, t.pending.map(|p| if p.kind == ChainKind::Seven { 0 } else { 1 }));
        w.scalar(t.pending.map_or(0.0, |p| p.cards as f32 / 10.0));
        let (phase, target) = match t.phase {
            Phase::Start => (0, None),
            Phase::Chain => (1, None),
            Phase::Drawn => (2, None),
            Phase::AfterPenalty => (3, None),
            Phase::NameSuit => (4, None),
            Phase::NameRank => (5, None),
            Phase::Swap => (6, None),
            Phase::Ask { target } => (7, Some(target)),
            Phase::Give { target } => (8, Some(target)),
            Phase::Over => (9, None),
        };
        w.one_hot(10, Some(phase));
        w.one_hot(players, target.map(|s| relative(s, me, players)));
        w.one_hot(14, (t.block.len > 0).then_some(t.block.key as usize));
        w.scalar(t.block.len as f32 / 4.0);
        let e = &t.effects;
        w.flag(e.name_suit);
        w.flag(e.name_rank);
        w.flag(e.exact);
        w.scalar(e.swaps as f32 / 4.0);
        w.scalar(e.skips as f32 / 4.0);
        w.flag(e.reverse);
        w.flag(e.replay);
        w.one_hot(4, e.named_suit.map(|s| s.index()));
        w.flag(t.clockwise);
        w.flag(t.answered_chain);
        w.scalar(t.played_this_turn as f32 / 8.0);
        w.flag(t.drew_this_turn);
        w.scalar(t.idle_turns as f32 / players as f32);
        w.flag(t.window_armed);
        w.scalar(view.stock as f32 / 54.0);
        w.scalar(t.round as f32 / 10.0);
        debug_assert_eq!(w.len(), Self::observation_len(players, options));
    }

    fn view_table(view: &View) -> (usize, &Options) {
        (view.players, &view.options)
    }

    fn has_windows(options: &Options) -> bool {
        !options.auto_unique
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value};

    fn options(pairs: &[(&str, Value)]) -> Map<String, Value> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    #[test]
    fn ids_map_both_ways() {
        for given in [
            options(&[]),
            options(&[("queen_swap", true.into())]),
            options(&[("queen_swap", true.into()), ("queen_swap_mode", "named".into())]),
            options(&[("queen_swap", true.into()), ("queen_swap_mode", "target_chooses".into())]),
        ] {
            tapis_core::encoding::check_ids::<Nantais>(4, &given);
        }
        let parsed = Options::default();
        assert_eq!(Nantais::id_action(4, &parsed, 0).unwrap().to_string(), "play AS");
        assert_eq!(Nantais::id_action(4, &parsed, 52).unwrap().to_string(), "play X");
        assert_eq!(Nantais::id_action(4, &parsed, 58).unwrap().to_string(), "rank A");
        assert_eq!(Nantais::id_action(4, &parsed, 74).unwrap().to_string(), "contre 0");
        assert_eq!(Nantais::num_actions(4, &parsed), 78);
    }

    #[test]
    fn every_legal_action_has_an_id_and_tensors_hold_only_the_view() {
        for players in [2, 4, 7] {
            tapis_core::encoding::check_encoding::<Nantais>(players, &options(&[]), 6);
        }
        tapis_core::encoding::check_encoding::<Nantais>(
            10,
            &options(&[("decks", 2.into()), ("queen_swap", true.into()), ("queen_swap_mode", "named".into())]),
            4,
        );
        tapis_core::encoding::check_encoding::<Nantais>(
            4,
            &options(&[("queen_swap", true.into()), ("queen_swap_mode", "target_chooses".into())]),
            6,
        );
    }
}
