//! What one seat sees, and a full match rebuilt from it.
//!
//! Everything played is public: the discard pile is shown card by card, so the hidden cards are
//! exactly the other hands and the stock. Drawing is allowed with a playable card in hand, so a
//! draw reveals nothing about a hand; `determinize` deals the hidden cards uniformly.

use crate::CrazyEights;
use crate::cards;
use crate::options::Options;
use serde::Serialize;
use tapis_core::{BySeat, FrenchCard, GameRng, MAX_SEATS, OnceOrTwice, Seat, Suit};

#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct View {
    /// The seat this view belongs to (`None`: a spectator).
    pub seat: Option<Seat>,
    pub players: usize,
    pub options: Options,
    pub dealer: Seat,
    /// Whose move it is (`None` once the match is over).
    pub to_act: Option<Seat>,
    /// The seat's own cards in OpenSpiel's order (empty for a spectator).
    pub hand: Vec<FrenchCard>,
    pub hand_sizes: BySeat<u32>,
    /// The face-up card.
    pub top: FrenchCard,
    /// The suit to follow: the top card's, or the one named after an 8.
    pub suit: Suit,
    /// The player to act must name a suit (he just played an 8).
    pub naming_suit: bool,
    pub stock: u32,
    /// The discard pile under the top card (public: every card in it was played face up).
    pub discard: Vec<FrenchCard>,
    /// +1: play goes up the seat numbers; -1 after an odd number of Aces.
    pub direction: i8,
    /// Cards the player to act must draw for pending 2s unless he plays a 2.
    pub pending_twos: u32,
    /// Cards drawn so far this turn (the limit is `max_draw_cards`).
    pub drawn_this_turn: u32,
    pub can_pass: bool,
    /// Consecutive passes with an empty stock (`players + 1` end the match).
    pub passes: u32,
    /// Cards played so far (the match ends at `max_turns`).
    pub plays: u32,
    /// OpenSpiel's returns: 0 until the end, then minus each hand's penalty.
    pub returns: BySeat<i64>,
    pub over: bool,
    /// History length as OpenSpiel counts it: chance events and decisions.
    pub chance_events: u32,
    pub decisions: u32,
}

fn pile_of(cards: &[FrenchCard]) -> OnceOrTwice {
    let mut pile = OnceOrTwice::EMPTY;
    for id in cards.iter().filter_map(|&c| cards::card_to_id(c)) {
        pile.add(id);
    }
    pile
}

impl CrazyEights {
    pub(crate) fn make_view(&self, seat: Option<Seat>) -> View {
        let seat = seat.filter(|s| s.index() < self.players as usize);
        View {
            seat,
            players: self.players as usize,
            options: self.options,
            dealer: self.dealer,
            to_act: (!self.over).then_some(self.current),
            hand: seat.map(|s| cards::cards_of(self.hands[s.index()])).unwrap_or_default(),
            hand_sizes: BySeat::from_fn(self.players as usize, |s| self.hands[s.index()].len()),
            top: cards::id_to_card(self.last_card),
            suit: cards::suit_from_os(self.last_suit),
            naming_suit: self.nominate,
            stock: self.stock.len(),
            discard: cards::cards_of(self.discard),
            direction: self.direction,
            pending_twos: self.twos_left,
            drawn_this_turn: self.draws_before_play,
            can_pass: self.can_pass,
            passes: self.passes,
            plays: self.plays,
            returns: self.returns,
            over: self.over,
            chance_events: self.chance_events,
            decisions: self.decisions,
        }
    }

    pub(crate) fn from_view(view: &View, rng: &mut GameRng) -> CrazyEights {
        let players = view.players.clamp(2, MAX_SEATS);
        let decks = if players > 5 { 2 } else { 1 };
        let mut hands = [OnceOrTwice::EMPTY; MAX_SEATS];
        let own = view.seat.filter(|s| s.index() < players);
        let discard = pile_of(&view.discard);
        let last_card = cards::card_to_id(view.top).unwrap_or(0);
        // The hidden cards: the deck minus what the viewer sees.
        let mut hidden = OnceOrTwice::every(cards::ALL_CARDS, decks);
        for id in discard.copies() {
            hidden.remove(id);
        }
        hidden.remove(last_card);
        if let Some(seat) = own {
            hands[seat.index()] = pile_of(&view.hand);
            for id in hands[seat.index()].copies() {
                hidden.remove(id);
            }
        }
        let mut pool: Vec<u8> = hidden.copies().collect();
        rng.shuffle(&mut pool);
        let mut next = pool.into_iter();
        for (seat, &size) in view.hand_sizes.seats() {
            if Some(seat) == own || seat.index() >= players {
                continue;
            }
            for id in next.by_ref().take(size as usize) {
                hands[seat.index()].add(id);
            }
        }
        let mut stock = OnceOrTwice::EMPTY;
        for id in next {
            stock.add(id);
        }
        CrazyEights {
            options: view.options,
            players: players as u8,
            decks,
            dealer: view.dealer,
            current: view.to_act.unwrap_or(view.dealer),
            over: view.over,
            hands,
            stock,
            discard,
            last_card,
            last_suit: cards::suit_to_os(view.suit),
            nominate: view.naming_suit,
            direction: view.direction,
            can_pass: view.can_pass,
            passes: view.passes,
            twos_left: view.pending_twos,
            draws_before_play: view.drawn_this_turn,
            plays: view.plays,
            returns: view.returns,
            chance_events: view.chance_events,
            decisions: view.decisions,
            rng: rng.fork(),
            script: Vec::new(),
            script_at: 0,
        }
    }
}
