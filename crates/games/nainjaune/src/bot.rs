//! The heuristic bot: dump board cards while they still collect, lead the runs that give the lead
//! back (ending on a King, or on a rank nobody else can answer), keep such a « sans » in reserve,
//! and get rid of low cards (an Ace is only ever laid as a lead).

use crate::cards::{BOARD_CARDS, KING, card_points, rank_mask};
use crate::options::Payment;
use crate::{Action, Phase, View};
use tapis_core::{CardSet, GameRng, Heuristic, Seat};

impl Heuristic for crate::NainJaune {
    fn heuristic_action(view: &View, legal: &[Action], _rng: &mut GameRng) -> Option<Action> {
        if legal.contains(&Action::Claim) {
            return Some(Action::Claim);
        }
        let first = *legal.first()?;
        let Some(hand) = view.hand else { return Some(first) };
        let knowledge = Knowledge { view, hand: hand.0 };
        let choice = match view.table.phase {
            Phase::Follow { rank, .. } => knowledge.card_of_rank(rank).map(Action::Play).unwrap_or(Action::Pass),
            Phase::Continue { next, .. } => match knowledge.card_of_rank(next) {
                Some(card) if !knowledge.keep_in_reserve(next) => Action::Play(card),
                _ => Action::Stop,
            },
            Phase::Lead { .. } => knowledge.best_lead().map(Action::Play).unwrap_or(first),
            Phase::GoingOut { .. } | Phase::Over => first,
        };
        Some(if legal.contains(&choice) { choice } else { first })
    }
}

struct Knowledge<'a> {
    view: &'a View,
    hand: CardSet,
}

impl Knowledge<'_> {
    fn holds(&self, rank: u8) -> bool {
        (1..=KING).contains(&rank) && !(self.hand & rank_mask(rank)).is_empty()
    }

    /// The card to lay of a rank: its board card first (it collects), else the lowest.
    fn card_of_rank(&self, rank: u8) -> Option<tapis_core::FrenchCard> {
        let mine = self.hand & rank_mask(rank);
        let pick = (mine & BOARD_CARDS).iter().next().or_else(|| mine.iter().next())?;
        Some(crate::cards::card(pick))
    }

    /// Nobody else can answer « sans `rank` »: every other card of it is laid or in my hand, or
    /// every other seat with cards has shown it lacks it.
    fn nobody_else_answers(&self, rank: u8) -> bool {
        if rank > KING {
            return true;
        }
        let table = &self.view.table;
        let unseen = rank_mask(rank) - self.hand - table.played.0;
        unseen.is_empty()
            || Seat::all(table.players as usize)
                .all(|s| Some(s) == self.view.seat || self.view.hand_counts[s] == 0 || table.passed[s].contains(rank))
    }

    /// The run I can lay from `rank` on: how many ranks, and whether it ends with the lead back.
    fn chain(&self, rank: u8) -> (u8, bool) {
        let mut top = rank;
        while top < KING && self.holds(top + 1) {
            top += 1;
        }
        (top - rank + 1, top == KING || self.nobody_else_answers(top + 1))
    }

    /// Stop short on a rank I hold that nobody else can answer, when going on would hand the
    /// move over and I have other cards to lead first: the call comes back to me.
    fn keep_in_reserve(&self, next: u8) -> bool {
        if !self.nobody_else_answers(next) {
            return false;
        }
        let (length, keeps_lead) = self.chain(next);
        !keeps_lead && (self.hand.len() as u8) > length
    }

    fn best_lead(&self) -> Option<tapis_core::FrenchCard> {
        let card_points_paid = self.view.table.options.payment == Payment::CardPoints;
        let score = |rank: u8| -> i32 {
            let (length, keeps_lead) = self.chain(rank);
            let mut board_cards = 0;
            let mut points = 0;
            for r in rank..rank + length {
                if !(self.hand & rank_mask(r) & BOARD_CARDS).is_empty() {
                    board_cards += 1;
                }
                points += card_points(rank_mask(r).iter().next().unwrap_or(0)) as i32;
            }
            let mut score = i32::from(keeps_lead) * 1000 + board_cards * 200 + i32::from(length) * 10;
            score += (14 - i32::from(rank)) * 3 + if rank == 1 { 50 } else { 0 };
            if card_points_paid {
                score += points;
            }
            score
        };
        let best = (1..=KING).filter(|&r| self.holds(r)).max_by_key(|&r| (score(r), -i32::from(r)))?;
        self.card_of_rank(best)
    }
}
