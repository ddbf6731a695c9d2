//! The heuristic bot: play what fits; when nothing fits, gamble on Courage only when the odds that
//! the hidden face fits, estimated from the deck and the faces seen, outweigh the cost of taking
//! the highest pile; otherwise tuck for a fresh card, or pass.

use crate::action::Action;
use crate::cards::Face;
use crate::rules::Phase;
use crate::view::View;
use tapis_core::{GameRng, Heuristic, Seat};

impl Heuristic for crate::NurMut {
    fn heuristic_action(view: &View, legal: &[Action], _rng: &mut GameRng) -> Option<Action> {
        let first = *legal.first()?;
        if legal.len() == 1 {
            return Some(first);
        }
        let plays: Vec<u8> =
            legal.iter().filter_map(|a| if let Action::Play(k) = a { Some(*k) } else { None }).collect();
        let face = view.current_top().unwrap_or_default();
        if !plays.is_empty() {
            // After a successful Courage the placing player acts again: leave the piles easy to fit.
            // Otherwise the next players profit from easy piles: leave them hard.
            let bonus_next = view.phase == Phase::Place && !face.is_joker();
            return best_pile(view, face, &plays, bonus_next).map(Action::Play);
        }
        if legal.contains(&Action::Courage) && courage_is_worth_it(view, face) {
            return Some(Action::Courage);
        }
        for fallback in [Action::Tuck, Action::Pass, Action::Courage] {
            if legal.contains(&fallback) {
                return Some(fallback);
            }
        }
        Some(first)
    }

    /// The search's playout policy: lay the top card whenever it fits, on a pile drawn at random;
    /// when nothing fits, tuck, pass or turn it over at random. Uniform playouts tucked and passed
    /// cards that fitted, so their rounds were not the races the game's are. One pass over at most
    /// six actions, no allocation.
    fn playout_action(&self, _seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        let plays = legal.iter().filter(|a| matches!(a, Action::Play(_))).count();
        if plays == 0 {
            return legal[rng.index(legal.len())];
        }
        *legal.iter().filter(|a| matches!(a, Action::Play(_))).nth(rng.index(plays)).expect("the plays were counted")
    }
}

/// How many of the numbers 1–9 would fit some centre pile with these tops.
fn coverage(tops: [Face; 3]) -> usize {
    (1..=9).filter(|&n| tops.iter().any(|&t| Face::number(n).fits(t))).count()
}

fn best_pile(view: &View, face: Face, plays: &[u8], want_easy: bool) -> Option<u8> {
    let score = |k: u8| {
        let mut tops: [Face; 3] = std::array::from_fn(|i| view.center_top(i));
        if !face.is_joker() {
            tops[k as usize] = face;
        }
        let covered = coverage(tops) as i64;
        // A joker buries a pile under our next card: prefer burying the biggest pile's top.
        let size = view.center[k as usize].len() as i64;
        if face.is_joker() {
            size
        } else if want_easy {
            covered
        } else {
            -covered
        }
    };
    plays.iter().copied().max_by_key(|&k| (score(k), -(k as i64)))
}

/// The chance that the underside of a card showing `face` fits a centre pile, from the deck's
/// composition, discounting undersides whose number is already much in sight.
pub fn courage_odds(view: &View, face: Face) -> f64 {
    let deck = view.options.deck();
    let totals = deck.face_counts();
    let mut seen = [0u32; 10];
    for pile in &view.piles {
        for f in pile.top.iter().chain(&pile.known_bottom) {
            seen[f.index()] += 1;
        }
    }
    for card in view.center.iter().flatten() {
        seen[card.showing.index()] += 1;
        if let Some(hidden) = card.hidden {
            seen[hidden.index()] += 1;
        }
    }
    let tops: [Face; 3] = std::array::from_fn(|k| view.center_top(k));
    let (mut fitting, mut all) = (0.0, 0.0);
    for pair in &deck.faces {
        for up in 0..2 {
            if pair[up] != face {
                continue;
            }
            let under = pair[1 - up];
            let total = totals[under.index()].max(1) as f64;
            let weight = (1.0 - seen[under.index()] as f64 / total).max(0.05);
            all += weight;
            if tops.iter().any(|&t| under.fits(t)) {
                fitting += weight;
            }
        }
    }
    if all == 0.0 { 0.0 } else { fitting / all }
}

fn courage_is_worth_it(view: &View, face: Face) -> bool {
    let Some(me) = view.current else { return false };
    let my_cards = view.piles[me.index()].size;
    let odds = courage_odds(view, face);
    let highest = (0..3).map(|k| view.center_top(k)).max().unwrap_or_default();
    let tied: Vec<usize> = (0..3).filter(|&k| view.center_top(k) == highest).collect();
    let taken = tied.iter().map(|&k| view.center[k].len()).sum::<usize>() as f64 / tied.len().max(1) as f64;
    // Success sheds a card and earns another turn; on the last card it wins the round.
    let gain = if my_cards == 1 { 8.0 } else { 1.6 };
    odds * gain > (1.0 - odds) * (taken + 1.0) * 0.5
}
