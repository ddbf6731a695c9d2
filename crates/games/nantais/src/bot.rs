//! The heuristic bot: shed as many cards per turn as it can, keep 8s and Jokers for when it is
//! stuck, punish a next player low on cards with 7s and Jokers, answer chains when able, name the
//! suit it holds most of, demand a rank it holds, announce UNIQUE at once and call CONTRE whenever
//! it can.

use crate::cards::*;
use crate::state::Phase;
use crate::{Action, View};
use tapis_core::{GameRng, Heuristic, Seat};

impl Heuristic for crate::Nantais {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        if legal.contains(&Action::Unique) {
            return Some(Action::Unique);
        }
        if let Some(&contre) = legal.iter().find(|a| matches!(a, Action::Contre(_))) {
            return Some(contre);
        }
        let Some(me) = view.seat else { return legal.first().copied() };
        let waiting = match view.table.phase {
            Phase::Over => None,
            Phase::Give { target } => Some(target),
            _ => Some(view.table.turn),
        };
        if waiting != Some(me) {
            return None;
        }
        let hand = view.hand_set();
        let choice = match view.table.phase {
            Phase::NameSuit => Some(Action::Suit(best_suit(&hand))),
            Phase::NameRank => Some(Action::Rank(best_rank(&hand))),
            Phase::Swap => swap(view, &hand, legal),
            Phase::Ask { target } => Some(Action::Ask(wanted(view, target, &hand))),
            Phase::Give { .. } => worst_card(&hand).map(Action::Give),
            Phase::Drawn => legal.iter().copied().find(|a| matches!(a, Action::Play(_))),
            _ => best_play(view, &hand, legal, rng),
        };
        choice.filter(|a| legal.contains(a)).or_else(|| fallback(legal))
    }

    /// What a search playout plays for `seat`, from its hand: announce UNIQUE and call CONTRE at
    /// once, name the suit or demand the rank it holds most of, and lay a card whenever it may,
    /// keeping 8s and Jokers while another card fits; any legal action otherwise. Uniform playouts
    /// stopped chains, named suits they lacked and missed announcements so often that the races
    /// they simulated were not the game's. A few passes over the legal list and no allocation:
    /// cheap enough for every step.
    fn playout_action(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        let hand = &self.hands[seat.index()];
        if let Some(&call) = legal.iter().find(|a| matches!(a, Action::Unique | Action::Contre(_))) {
            return call;
        }
        let named = match legal[0] {
            Action::Suit(_) => Some(Action::Suit(best_suit(hand))),
            Action::Rank(_) => Some(Action::Rank(best_rank(hand))),
            _ => None,
        };
        if let Some(named) = named.filter(|a| legal.contains(a)) {
            return named;
        }
        let (mut tame, mut wild) = (0, 0);
        for action in legal {
            match action {
                Action::Play(c) if is_wild(*c) => wild += 1,
                Action::Play(_) => tame += 1,
                _ => {}
            }
        }
        // A wild card only when no other card fits.
        let (wanted_wild, count) = if tame > 0 { (false, tame) } else { (true, wild) };
        if count == 0 {
            return legal[rng.index(legal.len())];
        }
        *legal
            .iter()
            .filter(|a| matches!(a, Action::Play(c) if is_wild(*c) == wanted_wild))
            .nth(rng.index(count))
            .expect("the plays were counted")
    }
}

/// Draw or pass or end rather than anything else; else the first action.
fn fallback(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Draw | Action::Pass | Action::End | Action::NoSwap))
        .or_else(|| legal.iter().copied().find(|a| !matches!(a, Action::Contre(_) | Action::Unique)))
        .or_else(|| legal.first().copied())
}

fn is_wild(card: FrenchCard) -> bool {
    card.is_joker() || rank_key(card) == EIGHT
}

fn best_suit(hand: &Hand) -> Suit {
    let tame = hand.kinds() & !(key_mask(EIGHT) | JOKER_BIT);
    *Suit::ALL.iter().max_by_key(|&&s| (hand.count_in(tame & suit_mask(s)), 3 - s.index())).unwrap_or(&Suit::Spades)
}

fn best_rank(hand: &Hand) -> Rank {
    let tame = hand.kinds() & SUITED & !key_mask(EIGHT);
    *Rank::ALL.iter().max_by_key(|&&r| (hand.count_in(tame & rank_mask(r)), r.value())).unwrap_or(&Rank::ACE)
}

/// The card it would most like to get rid of: not a wild, of its scarcest suit, highest penalty.
fn worst_card(hand: &Hand) -> Option<FrenchCard> {
    hand.cards().filter(|&c| !is_wild(c)).min_by_key(|&c| {
        let suit_count = c.suit().map_or(0, |s| hand.count_in(hand.kinds() & suit_mask(s)));
        (suit_count, u32::MAX - penalty_points(c, false))
    })
}

fn swap(view: &View, hand: &Hand, legal: &[Action]) -> Option<Action> {
    let give = worst_card(hand)?;
    let me = view.seat?;
    // Take from the seat closest to going out: its cards are likely the ones that fit.
    let target = Seat::all(view.players).filter(|&s| s != me).min_by_key(|&s| view.hand_sizes[s])?;
    let action = Action::Swap(target, give);
    legal.contains(&action).then_some(action)
}

fn wanted(view: &View, target: Seat, hand: &Hand) -> FrenchCard {
    if let Some(&(_, card)) = view.known.iter().find(|(holder, c)| *holder == target && is_wild(*c)) {
        return card;
    }
    FrenchCard::new(Rank::new(8).unwrap_or(Rank::ACE), best_suit(hand))
}

/// The most cards it can lay in a row from `last` (séries and suites), within a search budget.
fn run_length(hand: Hand, last: FrenchCard, only_same_rank: bool, budget: &mut u32) -> u32 {
    if *budget == 0 {
        return 0;
    }
    *budget -= 1;
    let key = rank_key(last);
    let mut mask = key_mask(key);
    if !only_same_rank && let Some(next) = next_in_suite(last) {
        mask |= bit(next);
    }
    mask &= hand.kinds();
    let mut best = 0;
    while mask != 0 {
        let c = card(mask.trailing_zeros() as usize);
        mask &= mask - 1;
        let mut rest = hand;
        rest.remove(c);
        best = best.max(1 + run_length(rest, c, only_same_rank, budget));
    }
    best
}

fn best_play(view: &View, hand: &Hand, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
    let plays: Vec<FrenchCard> =
        legal.iter().filter_map(|a| if let Action::Play(c) = a { Some(*c) } else { None }).collect();
    if plays.is_empty() {
        return fallback(legal);
    }
    let me = view.seat?;
    let n = view.players;
    let next = if view.table.clockwise { me.left(1, n) } else { me.right(1, n) };
    let next_low = view.hand_sizes[next] <= 2;
    let tame_options = plays.iter().any(|&c| !is_wild(c));
    let only_same_rank = view.table.answered_chain || view.table.pending.is_some();
    let mut best: Option<(i64, FrenchCard)> = None;
    for &c in &plays {
        let mut rest = *hand;
        rest.remove(c);
        let mut budget = 400;
        let run = 1 + run_length(rest, c, only_same_rank, &mut budget) as i64;
        let mut score = run * 10;
        if is_wild(c) && tame_options && view.table.phase != Phase::Chain {
            score -= 40;
        }
        let key = rank_key(c);
        if (key == SEVEN || key == JOKER_KEY) && next_low {
            score += 25;
        }
        if rest.is_empty() {
            score += 1000;
        }
        score = score * 4 + rng.below(4) as i64;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, c));
        }
    }
    best.map(|(_, c)| Action::Play(c))
}
