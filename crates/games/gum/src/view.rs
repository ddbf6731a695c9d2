//! What one seat may see (`Game::view`) and a full match rebuilt from it (`Game::determinize`).
//!
//! A view holds the whole public [`PublicTable`] (piles, face-up rows, cards known to be in each hand,
//! phase, scores), the seat's own hand, and the sizes of what nobody may look at: hands,
//! face-down rows (the owner's too), the stock.

use crate::cards::{Card, Counts};
use crate::rules::Gum;
use crate::table::{OrderedCards, PublicTable, Requirement, TABLE_CARDS};
use serde::Serialize;
use tapis_core::{BySeat, GameRng, Seat};

#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct View {
    /// Whose view (`None`: a spectator's).
    pub seat: Option<Seat>,
    /// The seat's own hand.
    pub hand: Option<Counts>,
    pub hand_sizes: BySeat<u8>,
    /// Which face-down positions (1, 2, 3) still hold a card; nobody may see them.
    pub facedown: BySeat<[bool; TABLE_CARDS]>,
    /// Cards in the stock.
    pub stock: u8,
    /// Hand + face-up + face-down: what each seat must still get rid of.
    pub cards_left: BySeat<u32>,
    /// What the next card laid must be.
    pub requirement: Requirement,
    pub table: PublicTable,
}

impl View {
    pub fn players(&self) -> usize {
        self.table.players()
    }
}

pub fn view(gum: &Gum, seat: Option<Seat>) -> View {
    let table = gum.table();
    let n = table.players();
    View {
        seat,
        hand: seat.filter(|s| s.index() < n).map(|s| *gum.hand(s)),
        hand_sizes: BySeat::from_fn(n, |s| gum.hand(s).total() as u8),
        facedown: BySeat::from_fn(n, |s| gum.facedown(s).map(|slot| slot.is_some())),
        stock: gum.stock_len() as u8,
        cards_left: BySeat::from_fn(n, |s| gum.seat_cards_left(s)),
        requirement: table.requirement(),
        table: table.clone(),
    }
}

/// Deals every card the view does not show at random among the places it cannot see: the
/// unknown part of other hands, every face-down slot, the stock.
pub fn determinize(view: &View, rng: &mut GameRng) -> Gum {
    let table = view.table.clone();
    let n = table.players();
    let own = view.seat.filter(|s| s.index() < n);
    let mut seen = Counts::of(table.pile.iter().copied());
    seen.add_all(&table.burnt);
    for seat in Seat::all(n) {
        seen.add_all(&table.faceup[seat]);
        match (own, view.hand) {
            (Some(me), Some(hand)) if me == seat => seen.add_all(&hand),
            _ => seen.add_all(&table.known[seat]),
        }
    }
    let deck = Counts::DECK;
    let mut hidden: OrderedCards =
        Card::all().flat_map(|c| std::iter::repeat_n(c, deck.get(c).saturating_sub(seen.get(c)) as usize)).collect();
    rng.shuffle(&mut hidden);

    let mut hands = BySeat::new(n);
    for seat in Seat::all(n) {
        match (own, view.hand) {
            (Some(me), Some(hand)) if me == seat => hands[seat] = hand,
            _ => {
                let mut hand = table.known[seat];
                for _ in hand.total()..view.hand_sizes[seat] as u32 {
                    if let Some(card) = hidden.pop() {
                        hand.add(card, 1);
                    }
                }
                hands[seat] = hand;
            }
        }
    }
    let mut facedown = BySeat::new(n);
    for seat in Seat::all(n) {
        let mut row: [Option<Card>; TABLE_CARDS] = [None; TABLE_CARDS];
        for (slot, &present) in row.iter_mut().zip(&view.facedown[seat]) {
            if present {
                *slot = hidden.pop();
            }
        }
        facedown[seat] = row;
    }
    let stock: OrderedCards = hidden.iter().take(view.stock as usize).copied().collect();
    Gum::from_parts(table, hands, facedown, stock, rng.fork())
}
