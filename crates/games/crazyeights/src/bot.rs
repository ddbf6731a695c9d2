//! The heuristic: shed a playable card that is not an 8 (an 8 is kept as the way out of a bad
//! suit and costs 50 if caught), of the suit held most so that the next turns stay playable, the
//! costliest among equals; play an 8 when nothing else goes (rather than draw up to five cards),
//! then name the suit held most; draw when stuck, pass when drawing is no longer allowed.

use crate::action::Action;
use crate::cards::{self, EIGHT};
use crate::options::Scoring;
use crate::view::View;
use tapis_core::{FrenchCard, GameRng, Heuristic, Suit};

fn penalty(card: FrenchCard, scoring: Scoring) -> i64 {
    let Some(id) = cards::card_to_id(card) else { return 0 };
    let rank = cards::rank_of(id);
    if rank == EIGHT {
        50
    } else if rank >= 9 {
        10
    } else {
        match scoring {
            Scoring::Openspiel => i64::from(id) + 2,
            Scoring::FaceValue => i64::from(rank) + 2,
        }
    }
}

fn is_eight(card: FrenchCard) -> bool {
    cards::card_to_id(card).is_some_and(|id| cards::rank_of(id) == EIGHT)
}

/// How many non-8 cards of each suit the hand holds.
fn suit_counts(hand: &[FrenchCard]) -> [i64; 4] {
    let mut counts = [0; 4];
    for &card in hand.iter().filter(|&&c| !is_eight(c)) {
        if let Some(suit) = card.suit() {
            counts[suit.index()] += 1;
        }
    }
    counts
}

impl Heuristic for crate::CrazyEights {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let first = *legal.first()?;
        let counts = suit_counts(&view.hand);
        if legal.iter().any(|a| matches!(a, Action::Suit(_))) {
            let best = Suit::ALL.into_iter().max_by_key(|s| (counts[s.index()], std::cmp::Reverse(s.index())));
            return best.map(Action::Suit).or(Some(first));
        }
        let scoring = view.options.scoring;
        let plays = legal.iter().filter_map(|a| match a {
            Action::Play(card) => Some(*card),
            _ => None,
        });
        // Shed in the suit held most, so that the next turns stay playable; the costliest card
        // among equals (it would count against us if another player went out).
        let best_plain = plays
            .clone()
            .filter(|&c| !is_eight(c))
            .max_by_key(|&c| (c.suit().map_or(0, |s| counts[s.index()]), penalty(c, scoring), c.index()));
        if let Some(card) = best_plain {
            return Some(Action::Play(card));
        }
        // Only 8s are playable: an 8 sheds a card and names our suit, where drawing would add up
        // to five cards to the hand.
        if let Some(card) = plays.clone().next() {
            return Some(Action::Play(card));
        }
        if legal.contains(&Action::Draw) {
            return Some(Action::Draw);
        }
        if legal.contains(&Action::Pass) {
            return Some(Action::Pass);
        }
        Some(legal[rng.index(legal.len())])
    }
}
