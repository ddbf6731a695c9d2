//! The heuristic bot: blocks the board options that hurt its hand, partners whoever helped it,
//! lays aside weak off-trump cards, and plays tricks with basic card counting.

use crate::action::Action;
use crate::board::{Cell, Row};
use crate::cards::{Card, CardMultiset, Colour};
use crate::rules::{Conditions, PublicTable};
use crate::view::View;
use tapis_core::{GameRng, Heuristic, Seat};

impl Heuristic for crate::Njet {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        let first = *legal.first()?;
        let (Some(seat), Some(hand)) = (view.seat, view.hand) else {
            return Some(legal[rng.index(legal.len())]);
        };
        let t = &view.table;
        let choice = match (first, t.conditions) {
            (Action::Njet(_), _) => place_stone(t, seat, hand, legal, rng),
            (Action::Partner(_) | Action::Alone, Some(c)) => choose_team(t, seat, hand, c, legal),
            (Action::Discard(_), Some(c)) => discard(hand, c, legal),
            (Action::Play(_), Some(c)) => play(view, seat, c, legal),
            _ => None,
        };
        Some(choice.filter(|a| legal.contains(a)).unwrap_or(first))
    }
}

/// How good a colour is as trumps for this hand: length first, then high cards.
fn trump_strength(hand: CardMultiset, colour: Colour) -> i32 {
    hand.intersection(CardMultiset::colour(colour)).iter().map(|c| 2 + (c.value() as i32 - 5).max(0)).sum()
}

/// High cards count for the point value: a strong hand wants the round to be worth a lot.
fn is_strong(hand: CardMultiset) -> bool {
    let high = hand.iter().filter(|c| c.value() >= 7).count();
    high * 10 >= hand.len() as usize * 4
}

/// How much this hand would dislike a cell staying free (in tenths): the stone goes on the most
/// disliked open cell.
fn dislike(cell: Cell, seat: Seat, hand: CardMultiset) -> i32 {
    let offset = cell.offset();
    match cell.row() {
        Row::Start if offset == seat.0 => -30,
        Row::Start => 10,
        Row::Discard => 0,
        Row::Trump => {
            let best = Colour::ALL.iter().map(|&c| trump_strength(hand, c)).max().unwrap_or(0);
            (best - trump_strength(hand, Colour::from_index(offset as usize))) * 3
        }
        Row::Super if offset == 4 => {
            if Colour::ALL.iter().any(|&c| !hand.intersection(CardMultiset::ones(c)).is_empty()) { 10 } else { -5 }
        }
        Row::Super => match hand.intersection(CardMultiset::ones(Colour::from_index(offset as usize))).len() {
            2 => -30,
            1 => -10,
            _ => 15,
        },
        Row::Points => {
            let value = offset as i32 + 1;
            if is_strong(hand) { (4 - value) * 8 } else { (value - 1) * 8 }
        }
    }
}

fn place_stone(
    _t: &PublicTable,
    seat: Seat,
    hand: CardMultiset,
    legal: &[Action],
    rng: &mut GameRng,
) -> Option<Action> {
    let scored = legal.iter().filter_map(|&a| match a {
        Action::Njet(cell) => Some((dislike(cell, seat, hand) * 8 + rng.below(8) as i32, a)),
        _ => None,
    });
    scored.max_by_key(|&(score, _)| score).map(|(_, a)| a)
}

fn choose_team(t: &PublicTable, seat: Seat, hand: CardMultiset, c: Conditions, legal: &[Action]) -> Option<Action> {
    let trumps = hand.intersection(c.group_cards(c.trump)).len();
    if legal.contains(&Action::Alone) && trumps * 2 >= hand.len() {
        return Some(Action::Alone);
    }
    // The seat whose stones ruled out what this hand dislikes helped it.
    let help = |other: Seat| -> i32 {
        (0..Cell::COUNT as u8)
            .map(Cell)
            .filter(|&cell| t.board.placed_by(cell) == other.0)
            .map(|cell| dislike(cell, seat, hand))
            .sum()
    };
    legal
        .iter()
        .filter_map(|&a| match a {
            // Ties go to the nearest seat on the left.
            Action::Partner(other) => {
                let distance = (other.index() + t.players() - seat.index()) % t.players();
                Some((help(other), std::cmp::Reverse(distance), a))
            }
            _ => None,
        })
        .max_by_key(|&(score, order, _)| (score, order))
        .map(|(_, _, a)| a)
}

fn discard(hand: CardMultiset, c: Conditions, legal: &[Action]) -> Option<Action> {
    let trumps = c.group_cards(c.trump);
    let worst = legal.iter().filter_map(|&a| match a {
        Action::Discard(card) => {
            let keep = if trumps.contains(card) && !is_plain_one(card, c) {
                100 + card.value() as i32
            } else {
                let length = hand.intersection(CardMultiset::colour(card.colour())).len() as i32;
                card.value() as i32 * 2 + length
            };
            Some((keep, a))
        }
        _ => None,
    });
    worst.min_by_key(|&(keep, _)| keep).map(|(_, a)| a)
}

fn is_plain_one(card: Card, c: Conditions) -> bool {
    card.value() == 1 && !c.is_super(card)
}

fn play(view: &View, seat: Seat, c: Conditions, legal: &[Action]) -> Option<Action> {
    let t = &view.table;
    let players = t.players();
    let cards: Vec<Card> =
        legal.iter().filter_map(|a| if let Action::Play(card) = a { Some(*card) } else { None }).collect();
    let unseen = view.unseen();
    let trick = &t.trick;
    let played = trick.len as usize;
    // Seats still to play after this one, and the cards they might hold.
    let rest: Vec<Seat> = (1..players - played).map(|i| seat.left(i, players)).collect();
    let threats = unseen.iter().filter(|&x| rest.iter().any(|&s| t.voids[s] >> c.group_of(x).index() & 1 == 0)).fold(
        CardMultiset::EMPTY,
        |mut set, x| {
            set.insert(x);
            set
        },
    );
    let sure = |card: Card, led: Colour| {
        let mine = c.strength(card, led);
        !threats.iter().any(|x| Conditions::beats(c.strength(x, led), mine, t.options.equal_cards))
    };
    // What a card costs to give up: trumps and super-trumps are precious.
    let cost = |card: Card| -> i32 {
        if c.is_super(card) {
            100
        } else if card.colour() == c.trump {
            50 + card.value() as i32
        } else {
            card.value() as i32
        }
    };
    let cheapest = |pool: &mut dyn Iterator<Item = Card>| pool.min_by_key(|&x| cost(x));

    if played == 0 {
        let sure_leads = cards.iter().copied().filter(|&x| sure(x, c.group_of(x)));
        if let Some(card) = sure_leads.min_by_key(|&x| cost(x)) {
            return Some(Action::Play(card));
        }
        // A low card of a long plain colour, keeping 1s (loot) and trumps back.
        let hand = view.hand.unwrap_or_default();
        let plain = cards.iter().copied().filter(|&x| x.value() > 1 && c.group_of(x) != c.trump);
        let lead = plain
            .min_by_key(|&x| (-(hand.intersection(CardMultiset::colour(x.colour())).len() as i32), x.value()))
            .or_else(|| cheapest(&mut cards.iter().copied()));
        return lead.map(Action::Play);
    }

    let led = trick.led;
    let best = c.strength(trick.cards[trick.winning as usize], led);
    let winner = trick.winner(players);
    let partner_winning = !t.team.is_empty() && t.same_team(winner, seat);
    let last = rest.is_empty();
    let winners: Vec<Card> =
        cards.iter().copied().filter(|&x| Conditions::beats(c.strength(x, led), best, t.options.equal_cards)).collect();
    let loot_for_us = t.options.loot == crate::options::Loot::AllOnes;

    let partner_safe = partner_winning && (last || sure(trick.cards[trick.winning as usize], led));
    if partner_safe {
        // Feed the partner's trick a 1 (loot), else throw the cheapest card.
        if loot_for_us && let Some(&one) = cards.iter().find(|&&x| is_plain_one(x, c)) {
            return Some(Action::Play(one));
        }
        let losing = cards.iter().copied().filter(|x| !winners.contains(x));
        return cheapest(&mut losing.into_iter()).or_else(|| cheapest(&mut cards.iter().copied())).map(Action::Play);
    }
    let sure_winner = cheapest(&mut winners.iter().copied().filter(|&x| sure(x, led)));
    if let Some(card) = sure_winner {
        return Some(Action::Play(card));
    }
    if !partner_winning && !winners.is_empty() && (last || trick.played().iter().any(|x| x.value() == 1)) {
        return cheapest(&mut winners.iter().copied()).map(Action::Play);
    }
    // The trick is lost (or the partner holds it): throw the cheapest card, 1s last when the
    // other side would take them as loot.
    let throw_cost = |x: Card| cost(x) + if is_plain_one(x, c) && !partner_winning { 20 } else { 0 };
    cards.iter().copied().min_by_key(|&x| throw_cost(x)).map(Action::Play)
}
