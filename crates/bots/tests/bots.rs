//! Bots and the hot path, over every game.
//!
//! `hot_path_allocates_nothing` counts heap allocations with a global allocator while random
//! matches are played through `legal_actions` + `apply_unchecked` from a cloned start: the
//! project promises none per decision (nor per round: states are heap-free).
//!
//! `calibration` checks that the 95% intervals of arenas, variant studies and simulations hold
//! what a run hundreds of times larger finds, 90–99% of the time.

// The one unsafe code of the project: a counting allocator, which must implement `GlobalAlloc`.
#![allow(unsafe_code)]

mod calibration;
mod learned;
mod progress;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tapis_bots::BotKind;
use tapis_bots::sim::{SimConfig, Totals, play_one, report, run};
use tapis_core::{Counters, Encoding, Game, Heuristic, Match, MatchRequest};

struct Counting;

thread_local! {
    // Per thread: the other tests of this binary run (and allocate) on other threads meanwhile.
    pub(crate) static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_allocation() {
    ALLOCATIONS.with(|count| count.set(count.get() + 1));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_allocation();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_allocation();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during_playouts<G: Game>(players: usize) -> u64 {
    let request = MatchRequest { players, seed: 3, ..MatchRequest::default() };
    let start = Match::<G>::new(&request).expect("setup").state().clone();
    tapis_core::kit::random_playouts(&start, 2, 1); // warm up anything lazy
    let before = ALLOCATIONS.with(Cell::get);
    let decisions = tapis_core::kit::random_playouts(&start, 50, 2);
    let after = ALLOCATIONS.with(Cell::get);
    assert!(decisions > 100, "{}: only {decisions} decisions", G::ID);
    after - before
}

#[test]
fn hot_path_allocates_nothing() {
    assert_eq!(allocations_during_playouts::<tapis_nantais::Nantais>(4), 0, "nantais");
    assert_eq!(allocations_during_playouts::<tapis_nurmut::NurMut>(4), 0, "nurmut");
    assert_eq!(allocations_during_playouts::<tapis_gum::Gum>(4), 0, "gum");
    assert_eq!(allocations_during_playouts::<tapis_nainjaune::NainJaune>(4), 0, "nainjaune");
    assert_eq!(allocations_during_playouts::<tapis_njet::Njet>(4), 0, "njet");
    assert_eq!(allocations_during_playouts::<tapis_crazyeights::CrazyEights>(4), 0, "crazyeights");
}

fn config(players: usize, games: u64, bots: Vec<BotKind>) -> SimConfig {
    SimConfig { players, games, seed: 11, options: Default::default(), bots }
}

fn totals_with_threads<G: Counters + Heuristic + Encoding>(config: &SimConfig, threads: usize) -> Totals {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| run::<G>(config, &|| {}, None))
}

#[test]
fn simulations_do_not_depend_on_the_thread_count() {
    let config = config(4, 300, vec![BotKind::Heuristic, BotKind::Random, BotKind::Random, BotKind::Random]);
    let one = totals_with_threads::<tapis_nantais::Nantais>(&config, 1);
    let three = totals_with_threads::<tapis_nantais::Nantais>(&config, 3);
    assert_eq!(one, three);
    let options = <tapis_nantais::Nantais as tapis_core::Game>::parse_options(&config.options).unwrap();
    let layout = tapis_bots::sim::layout::<tapis_nantais::Nantais>(4);
    let mut sequential = Totals::empty(layout);
    for i in 0..config.games {
        sequential.add(&play_one::<tapis_nantais::Nantais>(&config, &options, i));
    }
    assert_eq!(one, sequential);
    // Handing every match over in order (for `--matches`) sums the same, in the matches' order.
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    let mut seen = Vec::new();
    let ordered = pool.install(|| run::<tapis_nantais::Nantais>(&config, &|| {}, Some(&mut |o| seen.push(o.deal))));
    assert_eq!(ordered, one);
    assert_eq!(seen, (0..config.games).collect::<Vec<_>>());
}

#[test]
fn arenas_do_not_depend_on_the_thread_count() {
    use tapis_bots::arena::{ArenaConfig, Seating, report, run_study};
    let config = ArenaConfig {
        players: 3,
        deals: 40,
        seed: 5,
        options: Default::default(),
        lineup: vec![BotKind::Heuristic, BotKind::Random, BotKind::Random],
        seating: Seating::Permutations,
    };
    let mut options_b = serde_json::Map::new();
    options_b.insert("allow_tuck".into(), false.into());
    let study = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let mut rows = Vec::new();
        let (a, b, paired) = pool.install(|| {
            run_study::<tapis_nurmut::NurMut>(&config, &options_b, &|| {}, &mut |a, b| rows.push((*a, *b)))
        });
        (a, b, paired, rows)
    };
    let (one, three) = (study(1), study(3));
    assert_eq!(one, three);
    let (a, _, _, rows) = one;
    // Three seatings per deal: the heuristic at each seat in turn, the two random bots alike.
    assert_eq!(rows.len(), 120);
    assert_eq!((a.matches, a.deals()), (120, 40));
    assert!(
        rows.iter()
            .enumerate()
            .all(|(i, (a, b))| a.deal == i as u64 / 3 && a.seating == i as u64 % 3 && b.deal == a.deal)
    );
    let report = report::<tapis_nurmut::NurMut>(&config, &a);
    assert_eq!(report.seatings_per_deal, 3);
    assert_eq!(report.arrangements, 6);
    let counted: u64 = rows.iter().map(|(a, _)| a.counts.get(0)).sum();
    let courage = &report.counters[0];
    assert_eq!(courage.key, "courage");
    assert!((courage.mean - counted as f64 / 120.0).abs() < 1e-9, "{courage:?}");
}

#[test]
fn win_shares_add_up_to_one_and_intervals_hold_the_share() {
    let config = config(3, 400, vec![BotKind::Random; 3]);
    let totals = totals_with_threads::<tapis_njet::Njet>(&config, 2);
    let report = report::<tapis_njet::Njet>(&config, &totals);
    let sum: f64 = report.seats.iter().map(|s| s.win_share).sum();
    assert!((sum - 1.0).abs() < 1e-9, "shares sum to {sum}");
    for seat in &report.seats {
        assert!(seat.ci_low <= seat.win_share && seat.win_share <= seat.ci_high);
        assert!(seat.ci_high - seat.ci_low < 0.15, "interval too wide for 400 matches: {seat:?}");
    }
}

/// Plays `steps` random actions from a seeded Njet match (into the trick play).
fn njet_after(steps: usize, seed: u64) -> tapis_njet::Njet {
    let request = MatchRequest { players: 4, seed, ..MatchRequest::default() };
    let mut state = Match::<tapis_njet::Njet>::new(&request).unwrap().state().clone();
    let mut rng = tapis_core::GameRng::seed_from_u64(seed);
    let bots = [BotKind::Random; 4];
    for _ in 0..steps {
        let (seat, action) = tapis_bots::next_move(&state, &bots, &mut rng).unwrap();
        state.apply_unchecked(seat, action);
    }
    state
}

#[test]
fn ismcts_reads_nothing_but_its_view() {
    let state = njet_after(25, 4);
    let seat = state.waiting_for().first().unwrap();
    let view = state.view(Some(seat));
    // Two matches that look the same from `seat` but hide different cards.
    let mut sampler = tapis_core::GameRng::seed_from_u64(1);
    let a = <tapis_njet::Njet as Game>::determinize(&view, &mut sampler);
    let b = <tapis_njet::Njet as Game>::determinize(&view, &mut sampler);
    assert!(a != b, "the two samples hide different cards");
    assert_eq!(a.view(Some(seat)), b.view(Some(seat)));
    let decide = |state: &tapis_njet::Njet| {
        let mut rng = tapis_core::GameRng::seed_from_u64(99);
        let result =
            tapis_bots::ismcts::search::<tapis_njet::Njet>(&state.view(Some(seat)), seat, None, 300, &mut rng, &|| {
                false
            });
        (result.action, result.root.iter().map(|e| (e.action, e.visits)).collect::<Vec<_>>())
    };
    let (from_a, from_b) = (decide(&a), decide(&b));
    assert!(from_a.0.is_some());
    assert_eq!(from_a, from_b, "same view, same seed: same decision and the same search");
}

#[test]
fn a_stopped_match_is_a_draw_shared_by_every_seat() {
    use tapis_bots::sim::SHARE_UNIT;
    let request = MatchRequest { players: 3, seed: 5, dealer: None, options: Default::default(), deal: None };
    let mut state = Match::<tapis_gum::Gum>::new(&request).unwrap().state().clone();
    assert_eq!(tapis_bots::win_credit(&state).as_slice(), &[SHARE_UNIT / 3; 3]);
    let mut rng = tapis_core::GameRng::seed_from_u64(5);
    let decisions = tapis_bots::play_out(&mut state, &[BotKind::Heuristic; 3], &mut rng);
    assert!(state.is_over() && decisions < tapis_bots::MAX_DECISIONS);
    let credit = tapis_bots::win_credit(&state);
    let winners = state.winners();
    for (seat, &units) in credit.seats() {
        assert_eq!(units, if winners.contains(seat) { SHARE_UNIT / winners.len() as u64 } else { 0 });
    }
}

/// Heap allocations while `tapis sim` plays 20 matches of random bots (counters included).
fn allocations_per_simulated_match<G: Counters + Heuristic + Encoding>() -> u64 {
    let config = config(4, 20, vec![BotKind::Random; 4]);
    let options = G::parse_options(&config.options).unwrap();
    play_one::<G>(&config, &options, 0); // warm up anything lazy
    let before = ALLOCATIONS.with(Cell::get);
    let decisions: u64 = (1..=20).map(|i| play_one::<G>(&config, &options, i).decisions).sum();
    assert!(decisions > 1000, "{}: only {decisions} decisions", G::ID);
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn a_simulated_match_allocates_nothing_where_events_hold_no_list() {
    // Counting builds every event of a match; where none holds a list, a simulation with random
    // bots allocates nothing at all. (Le 8 Nantais, Battle GUM and Crazy Eights tell dealt hands
    // and drawn cards as lists: their simulations allocate for those events, never for the rest.)
    assert_eq!(allocations_per_simulated_match::<tapis_nurmut::NurMut>(), 0, "nurmut");
    assert_eq!(allocations_per_simulated_match::<tapis_nainjaune::NainJaune>(), 0, "nainjaune");
    assert_eq!(allocations_per_simulated_match::<tapis_njet::Njet>(), 0, "njet");
}
