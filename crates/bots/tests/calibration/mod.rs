//! Calibration: a 95% interval of `tapis arena` or `tapis sim` must hold the figure it
//! estimates 95% of the time. Each test runs the same small study under [`RUNS`] seeds and
//! checks that the intervals hold the estimate of a run hundreds of times larger in 90–99% of
//! them (with 200 runs and a true 95%, 90% and 99% are 3.2 and 2.6 standard deviations away).
//! Intervals that took the matches of one deal as independent held the large run's figure in
//! far fewer of these runs (the figures are in `docs/studies.md`).
//!
//! The large runs' figures were computed once, with the command beside each, and are stored
//! here: running them would take minutes. Their own uncertainty is a tenth or less of the small
//! runs' interval widths.

use serde_json::Map;
use tapis_bots::BotKind;
use tapis_bots::arena::{ArenaConfig, Seating, compare, report, run, run_study};
use tapis_bots::sim::{SimConfig, run as simulate};

/// Small runs per test.
const RUNS: u64 = 200;

/// Asserts that `held` of [`RUNS`] intervals held the reference, in 90–99%.
fn calibrated(what: &str, held: u64) {
    let share = held as f64 / RUNS as f64;
    eprintln!("{what}: {held} of {RUNS} 95% intervals hold the large run's figure");
    assert!((0.90..=0.99).contains(&share), "{what}: {held} of {RUNS} intervals held the large run's figure");
}

#[test]
fn a_variant_studys_interval_holds_the_difference_of_a_run_700_times_larger() {
    // tapis arena nurmut --bots heuristic --players 4 --games 200000 --compare allow_tuck=false --seed 1000 --json
    // (200,000 deals, one match each under A and B): "length_difference". Each deal was played
    // in its 24 permutations before, the same match 24 times, and intervals that counted them as
    // independent held this figure in 60 of these 200 runs.
    const LENGTH_DIFFERENCE: f64 = 19.596215;
    let mut options_b = Map::new();
    options_b.insert("allow_tuck".into(), false.into());
    let mut held = 0;
    for seed in 1..=RUNS {
        let config = ArenaConfig {
            players: 4,
            deals: 300,
            seed,
            options: Map::new(),
            lineup: vec![BotKind::Heuristic; 4],
            seating: Seating::Permutations,
        };
        let (a, b, paired) = run_study::<tapis_nurmut::NurMut>(&config, &options_b, &|| {}, &mut |_, _| {});
        let config_b = ArenaConfig { options: options_b.clone(), ..config.clone() };
        let study = compare::<tapis_nurmut::NurMut>(
            &config,
            report::<tapis_nurmut::NurMut>(&config, &a),
            report::<tapis_nurmut::NurMut>(&config_b, &b),
            &paired,
        );
        assert_eq!(study.a.matches, 300, "one seating: each deal is one match");
        let ci = study.length_difference_ci;
        held += u64::from(ci[0] <= LENGTH_DIFFERENCE && LENGTH_DIFFERENCE <= ci[1]);
    }
    calibrated("Nur Mut allow_tuck=false, match length B − A over 300 deals", held);
}

#[test]
fn sim_seat_shares_hold_those_of_a_run_2000_times_larger() {
    // tapis sim nurmut --players 4 --bots heuristic --option rounds=1 --games 2000000 --seed 1000 --json
    // (2,000,000 matches): each seat's "win_share". Every match of a simulation is dealt from
    // its own seed: these intervals were right before the deal became the unit, and stay so.
    const SHARES: [f64; 4] = [0.2764025, 0.2611445, 0.238857, 0.223596];
    let mut options = Map::new();
    options.insert("rounds".into(), 1.into());
    let mut held = [0; 4];
    for seed in 1..=RUNS {
        let config =
            SimConfig { players: 4, games: 1000, seed, options: options.clone(), bots: vec![BotKind::Heuristic; 4] };
        let totals = simulate::<tapis_nurmut::NurMut>(&config, &|| {}, None);
        let report = tapis_bots::sim::report::<tapis_nurmut::NurMut>(&config, &totals);
        for (seat, held) in held.iter_mut().enumerate() {
            let s = &report.seats[seat];
            *held += u64::from(s.ci_low <= SHARES[seat] && SHARES[seat] <= s.ci_high);
        }
    }
    for (seat, held) in held.into_iter().enumerate() {
        calibrated(&format!("Nur Mut one round, seat {seat}'s win share over 1,000 matches"), held);
    }
}

#[test]
fn arena_shares_hold_those_of_a_run_1000_times_larger() {
    // tapis arena nainjaune --option rounds=0 --bots heuristic,random,random,random --games 400000
    // --seed 1000 --json (100,000 deals × the 4 seatings that differ): "win_share" of each seat,
    // and of the heuristic. Played to ruin (`rounds=0`), as the rulebook does and as the default
    // was when these figures were taken.
    // Every permutation of the seats was played before, the random bots' swaps too: 24 matches
    // per deal, the same seating six times over, and intervals that counted them as
    // independent held the heuristic's share in 172 of these 200 runs.
    const SEATS: [f64; 4] = [0.2505229166666667, 0.2508208333333333, 0.25041375, 0.2482425];
    const HEURISTIC: f64 = 0.5956029166666666;
    let mut held = [0; 5];
    for seed in 1..=RUNS {
        let config = ArenaConfig {
            players: 4,
            deals: 100,
            seed,
            options: Map::from_iter([("rounds".to_string(), serde_json::json!(0))]),
            lineup: vec![BotKind::Heuristic, BotKind::Random, BotKind::Random, BotKind::Random],
            seating: Seating::Permutations,
        };
        let tally = run::<tapis_nainjaune::NainJaune>(&config, &|| {}, &mut |_| {});
        let report = report::<tapis_nainjaune::NainJaune>(&config, &tally);
        assert_eq!((report.deals, report.matches), (100, 400));
        for (seat, held) in held[..4].iter_mut().enumerate() {
            let ci = report.seats[seat].win_ci;
            *held += u64::from(ci[0] <= SEATS[seat] && SEATS[seat] <= ci[1]);
        }
        let ci = report.bots[0].win_ci;
        held[4] += u64::from(ci[0] <= HEURISTIC && HEURISTIC <= ci[1]);
    }
    for (seat, &held) in held[..4].iter().enumerate() {
        calibrated(&format!("Le Nain Jaune, heuristic and 3 random, seat {seat}'s win share over 100 deals"), held);
    }
    calibrated("Le Nain Jaune, the heuristic's win share against 3 random over 100 deals", held[4]);
}
