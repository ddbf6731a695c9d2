//! The race rules: who acts next when several seats may act at once (a reaction window, a
//! simultaneous phase). Actions are applied in the order they arrive, and the first to close a
//! window wins; when nobody is faster by design, a seeded draw says who arrived first. Every
//! loop that chooses moves (simulations, search playouts, bots at a table, the conformance kit)
//! goes through one of these two rules.

use crate::game::{ActionList, Game, Heuristic};
use crate::rng::GameRng;
use crate::seat::{MAX_SEATS, Seat};
use arrayvec::ArrayVec;

/// Random play: half the time a seat the match waits for, else any actor (window actions get
/// their chance too); then a uniform legal action of that seat. Allocates nothing.
pub fn random_choice<G: Game>(state: &G, rng: &mut GameRng, legal: &mut ActionList<G::Action>) -> (Seat, G::Action) {
    let seat = random_seat(state, rng);
    legal.clear();
    state.legal_actions(seat, legal);
    (seat, legal[rng.index(legal.len())])
}

/// A search playout's move: the seat drawn as [`random_choice`] draws it, its action chosen by
/// [`Heuristic::playout_action`] (uniform, drawing exactly as [`random_choice`] does, unless the
/// game has a cheap rule of thumb). Allocates nothing.
pub fn playout_choice<G: Heuristic>(
    state: &G,
    rng: &mut GameRng,
    legal: &mut ActionList<G::Action>,
) -> (Seat, G::Action) {
    let seat = random_seat(state, rng);
    legal.clear();
    state.legal_actions(seat, legal);
    (seat, state.playout_action(seat, legal, rng))
}

fn random_seat<G: Game>(state: &G, rng: &mut GameRng) -> Seat {
    let waiting = state.waiting_for();
    let actors = state.actors();
    let pool = if !waiting.is_empty() && rng.coin() { waiting } else { actors };
    pool.nth(rng.index(pool.len())).expect("a non-empty pool")
}

/// Players with wishes: every actor that `decide` speaks for says whether it wants to act now
/// and what (`decide(seat, legal, must_act, rng)`, where `must_act` is true for a seat the match
/// waits for; `None` when it does not speak for that seat); one of the willing seats, drawn with
/// `rng` after the decisions, acts first. `None` when nobody wants to act.
pub fn among_willing<G: Game>(
    state: &G,
    mut decide: impl FnMut(Seat, &[G::Action], bool, &mut GameRng) -> Option<Option<G::Action>>,
    rng: &mut GameRng,
) -> Option<(Seat, G::Action)> {
    if state.is_over() {
        return None;
    }
    let waiting = state.waiting_for();
    let mut wishes: ArrayVec<(Seat, G::Action), MAX_SEATS> = ArrayVec::new();
    let mut legal = ActionList::new();
    for seat in state.actors() {
        legal.clear();
        state.legal_actions(seat, &mut legal);
        if let Some(Some(action)) = decide(seat, &legal, waiting.contains(seat), rng) {
            wishes.push((seat, action));
        }
    }
    match wishes.len() {
        0 => None,
        // A lone wish needs no draw (simulations spend a good part of their time in the
        // generator).
        1 => Some(wishes[0]),
        n => Some(wishes[rng.index(n)]),
    }
}
