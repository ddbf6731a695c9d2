//! What one seat may see, and a whole match rebuilt from it (`determinize`).

use crate::cards::*;
use crate::options::Options;
use crate::state::{Known, Nantais, Phase, PublicTable, full_deck};
use arrayvec::ArrayVec;
use serde::Serialize;
use tapis_core::{BySeat, GameRng, MAX_SEATS, Seat};

/// The table as one seat sees it: every public fact of the match (`table`), the piles, every
/// hand's size, and the seat's own hand and private knowledge.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct View {
    /// `None`: a spectator.
    pub seat: Option<Seat>,
    pub players: usize,
    pub options: Options,
    pub table: PublicTable,
    pub hand_sizes: BySeat<u32>,
    pub stock: u32,
    /// The whole discard pile, bottom first (every card on it was played face up).
    pub discard: Vec<FrenchCard>,
    /// The seat's hand in kind order (empty for a spectator).
    pub hand: Vec<FrenchCard>,
    /// The card this seat just drew, to play (when it fits) or keep (phase `drawn`).
    pub drawn: Option<FrenchCard>,
    /// Dame: the card this seat is offering, while the exchange is pending.
    pub offered: Option<FrenchCard>,
    /// Cards this seat knows another holds, learnt in Dame exchanges: `(holder, card)`.
    pub known: Vec<(Seat, FrenchCard)>,
}

impl View {
    pub fn hand_set(&self) -> Hand {
        let mut hand = Hand::default();
        for &c in &self.hand {
            hand.add(c);
        }
        hand
    }
}

impl Nantais {
    pub fn make_view(&self, seat: Option<Seat>) -> View {
        let seat = seat.filter(|s| s.index() < self.seat_count());
        let mine = |s: Seat| seat == Some(s);
        let giver = self.table.turn;
        View {
            seat,
            players: self.seat_count(),
            options: self.options,
            table: self.table,
            hand_sizes: BySeat::from_fn(self.seat_count(), |s| self.hands[s.index()].len() as u32),
            stock: self.stock.len() as u32,
            discard: self.discard.to_vec(),
            hand: seat.map(|s| self.hands[s.index()].cards().collect()).unwrap_or_default(),
            drawn: self.drawn.filter(|_| mine(self.table.turn)),
            offered: self.offered.filter(|_| mine(giver)),
            known: seat
                .map(|s| self.known.iter().filter(|k| k.viewer == s).map(|k| (k.holder, k.card)).collect())
                .unwrap_or_default(),
        }
    }

    /// A match consistent with the view: the cards the seat cannot see are dealt at random to the
    /// other hands (known cards to their holders) and the stock.
    pub fn from_view(view: &View, rng: &mut GameRng) -> Nantais {
        let n = view.players;
        let mut pool: ArrayVec<FrenchCard, MAX_CARDS> = full_deck(view.options.decks);
        let take = |pool: &mut ArrayVec<FrenchCard, MAX_CARDS>, card: FrenchCard| {
            if let Some(i) = pool.iter().position(|&c| c == card) {
                pool.swap_remove(i);
            }
        };
        for &c in view.discard.iter().chain(&view.hand) {
            take(&mut pool, c);
        }
        let mut hands = [Hand::default(); MAX_SEATS];
        if let Some(me) = view.seat {
            hands[me.index()] = view.hand_set();
        }
        let mut known = ArrayVec::new();
        for &(holder, card) in &view.known {
            take(&mut pool, card);
            hands[holder.index()].add(card);
            if let Some(viewer) = view.seat {
                known.push(Known { viewer, holder, card });
            }
        }
        rng.shuffle(&mut pool);
        let mut state = Nantais {
            options: view.options,
            players: n as u8,
            table: view.table,
            hands,
            stock: ArrayVec::new(),
            discard: view.discard.iter().copied().collect(),
            drawn: view.drawn,
            offered: view.offered,
            known,
            rng: rng.fork(),
        };
        let turn = view.table.turn;
        // The drawn card of someone else is hidden, and any card at all: the drawn step is
        // offered whether it fits or not.
        if view.table.phase == Phase::Drawn
            && view.drawn.is_none()
            && let Some(card) = pool.pop()
        {
            state.hands[turn.index()].add(card);
            state.drawn = Some(card);
        }
        for seat in Seat::all(n) {
            let want = view.hand_sizes[seat] as usize;
            while state.hands[seat.index()].len() < want {
                match pool.pop() {
                    Some(card) => state.hands[seat.index()].add(card),
                    None => break,
                }
            }
        }
        if matches!(view.table.phase, Phase::Ask { .. } | Phase::Give { .. }) && view.offered.is_none() {
            let hand = state.hands[turn.index()];
            if !hand.is_empty() {
                state.offered = Some(hand.nth(rng.index(hand.len())));
            }
        }
        state.stock = pool;
        state
    }
}
