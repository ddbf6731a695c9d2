//! The `learned` bot: the committed policies load and fit their tables, and a policy network
//! plays legal moves, the same ones every time, allocating nothing per decision. Strength is
//! not tested here: `docs/ladder.md` measures it, with the command that reproduces it.

use super::ALLOCATIONS;
use std::cell::Cell;
use tapis_bots::BotKind;
use tapis_bots::learned::{self, Policy};
use tapis_core::{Encoding, Game, GameRng, Heuristic, Match, MatchRequest, Seat};

/// A policy for `G` at `players` with small weights drawn from `seed` (obs → 24 → ids).
fn made_up<G: Encoding>(players: usize, seed: u64) -> Policy {
    let options = G::parse_options(&Default::default()).unwrap();
    let (obs, windows) = (G::observation_len(players, &options), G::has_windows(&options));
    let ids = G::num_actions(players, &options) + usize::from(windows);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut draw = |n: usize| (0..n).map(|_| rng.index(2001) as f32 / 1000.0 - 1.0).collect::<Vec<f32>>();
    let layers = [(obs, 24, draw(obs * 24), draw(24)), (24, ids, draw(24 * ids), draw(ids))];
    let policy = Policy::parse(&learned::encode(G::ID, players, obs, &layers)).unwrap();
    assert!(policy.fits::<G>(players, &options));
    policy
}

/// Views, legal actions and whether the seat must act, along a random match.
type Position<G> = (<G as Game>::View, Vec<<G as Game>::Action>, bool);

fn positions<G: Heuristic + Encoding>(players: usize, seed: u64) -> Vec<Position<G>> {
    let request = MatchRequest { players, seed, ..MatchRequest::default() };
    let mut state = Match::<G>::new(&request).unwrap().state().clone();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut seen = Vec::new();
    while !state.is_over() && seen.len() < 300 {
        let decide = |seat: Seat, legal: &[G::Action], must_act: bool, rng: &mut GameRng| {
            seen.push((state.view(Some(seat)), legal.to_vec(), must_act));
            Some(BotKind::Random.decide::<G>(seat, || unreachable!(), legal, must_act, rng))
        };
        let (seat, action) = tapis_core::race::among_willing(&state, decide, &mut rng).unwrap();
        state.apply(seat, action).unwrap();
    }
    seen
}

fn plays_legal_moves_alike_without_allocating<G: Heuristic + Encoding>() {
    let policy = made_up::<G>(4, 7);
    let positions = positions::<G>(4, 3);
    let choose = |policy: &Policy, out: &mut Vec<Option<G::Action>>| {
        out.clear();
        out.extend(positions.iter().map(|(view, legal, must_act)| policy.choose::<G>(view, legal, !must_act)));
    };
    let (mut first, mut second) = (Vec::with_capacity(positions.len()), Vec::with_capacity(positions.len()));
    choose(&policy, &mut first); // grows the thread's scratch space
    let before = ALLOCATIONS.with(Cell::get);
    choose(&policy, &mut second);
    let allocations = ALLOCATIONS.with(Cell::get) - before;
    assert_eq!(allocations, 0, "{}: the network allocated while deciding", G::ID);
    assert_eq!(first, second, "{}", G::ID);
    for ((_, legal, must_act), choice) in positions.iter().zip(&first) {
        match choice {
            Some(action) => assert!(legal.contains(action), "{}: {action:?} is not legal", G::ID),
            None => assert!(!must_act, "{}: the policy let pass where it must act", G::ID),
        }
    }
    // A network with other weights plays otherwise somewhere: the moves come from the weights.
    choose(&made_up::<G>(4, 8), &mut second);
    assert_ne!(first, second, "{}: two networks played alike everywhere", G::ID);
}

#[test]
fn a_policy_network_plays_legal_moves_alike_without_allocating() {
    plays_legal_moves_alike_without_allocating::<tapis_nantais::Nantais>();
    plays_legal_moves_alike_without_allocating::<tapis_nurmut::NurMut>();
    plays_legal_moves_alike_without_allocating::<tapis_gum::Gum>();
    plays_legal_moves_alike_without_allocating::<tapis_nainjaune::NainJaune>();
    plays_legal_moves_alike_without_allocating::<tapis_njet::Njet>();
    plays_legal_moves_alike_without_allocating::<tapis_crazyeights::CrazyEights>();
}

/// Whether `G` has a committed policy; if so, it fits the 4-player default table only, and the
/// `learned` bot plays a whole match there the same way twice.
fn committed<G: Heuristic + Encoding>() -> bool {
    let options = G::parse_options(&Default::default()).unwrap();
    let Some(policy) = learned::policy(G::ID) else {
        assert!(learned::check::<G>(4, &options).is_err());
        return false;
    };
    assert_eq!(policy.players, 4, "{}", G::ID);
    assert_eq!(learned::check::<G>(4, &options), Ok(()), "{}", G::ID);
    assert!(learned::check::<G>(3, &options).is_err(), "{}", G::ID);
    let play = || {
        let request = MatchRequest { players: 4, seed: 21, ..MatchRequest::default() };
        let mut state = Match::<G>::new(&request).unwrap().state().clone();
        let bots = [BotKind::Learned, BotKind::Heuristic, BotKind::Learned, BotKind::Random];
        let decisions = tapis_bots::play_out(&mut state, &bots, &mut GameRng::seed_from_u64(21));
        (decisions, state.view(None))
    };
    assert_eq!(play(), play(), "{}", G::ID);
    true
}

#[test]
fn the_committed_policies_load_fit_their_tables_and_play_alike() {
    let with_policy: Vec<&str> = [
        (committed::<tapis_nantais::Nantais>(), "nantais"),
        (committed::<tapis_nurmut::NurMut>(), "nurmut"),
        (committed::<tapis_gum::Gum>(), "gum"),
        (committed::<tapis_nainjaune::NainJaune>(), "nainjaune"),
        (committed::<tapis_njet::Njet>(), "njet"),
        (committed::<tapis_crazyeights::CrazyEights>(), "crazyeights"),
    ]
    .into_iter()
    .filter_map(|(has, id)| has.then_some(id))
    .collect();
    assert_eq!(with_policy, ["nurmut"]);
}
