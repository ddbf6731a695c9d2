//! Self-play simulations: many seeded matches in parallel, with statistics that do not depend on
//! the thread count. Game `i` is seeded with `game_seed(seed, i)` whichever thread plays it, and
//! every total is an exact integer sum (win shares in units of 1/2520, which divides evenly among
//! any number of tied winners up to ten), so the order of summation cannot change a digit.
//!
//! Every match is dealt from its own seed, so matches are independent and each is its own unit
//! for the intervals ([`crate::stats`]): Student's t over matches, of each seat's win share and
//! score, the match length, the rounds and the game's counters.

use crate::stats::{CounterStats, DealSums, Layout, Outcome, counter_stats};
use crate::{BotKind, in_order, play_out_with, win_credit};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};
use tapis_core::rng::{game_seed, salt};
use tapis_core::{
    BySeat, Counters, Counting, Encoding, Game, GameRng, Heuristic, Match, MatchRequest, Setup, SetupError, Text,
};

/// 2520 = lcm(1..=10): a match shared by k winners credits each exactly 2520 / k units.
pub const SHARE_UNIT: u64 = 2520;

/// How the interval of every figure is computed, for reports.
pub const INTERVALS: &str = "95% Student t intervals over matches, each dealt from its own seed";

#[derive(Clone, Debug)]
pub struct SimConfig {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    pub bots: Vec<BotKind>,
}

/// The measures of a simulation of `players` seats for game `G` (no lines of bots: each seat is
/// its own).
pub fn layout<G: Counters>(players: usize) -> Layout {
    Layout { lines: 0, seats: players, counters: G::COUNTERS.len() }
}

/// Integer totals over the matches played.
#[derive(Clone, Debug)]
pub struct Totals {
    pub games: u64,
    pub decisions: u64,
    pub unfinished: u64,
    /// Every measure of [`Layout`], each match its own unit.
    pub sums: DealSums,
    layout: Layout,
    /// Room for one match's measures.
    values: Vec<i128>,
}

impl PartialEq for Totals {
    fn eq(&self, other: &Totals) -> bool {
        (self.games, self.decisions, self.unfinished, &self.sums, self.layout)
            == (other.games, other.decisions, other.unfinished, &other.sums, other.layout)
    }
}

impl Totals {
    /// Zero matches.
    pub fn empty(layout: Layout) -> Self {
        Totals {
            games: 0,
            decisions: 0,
            unfinished: 0,
            sums: DealSums::new(layout.len()),
            layout,
            values: vec![0; layout.len()],
        }
    }

    /// Adds one match.
    pub fn add(&mut self, outcome: &Outcome) {
        self.games += 1;
        self.decisions += outcome.decisions;
        self.unfinished += u64::from(outcome.unfinished);
        self.layout.values(outcome, &[], &mut self.values);
        self.sums.add_unit(&self.values);
    }

    /// The totals of both runs.
    pub fn merge(mut self, other: Totals) -> Totals {
        self.games += other.games;
        self.decisions += other.decisions;
        self.unfinished += other.unfinished;
        self.sums = self.sums.merge(&other.sums);
        self
    }
}

/// One seat's results.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatStats {
    pub seat: usize,
    pub bot: String,
    /// Share of matches won (a shared win split equally), with its 95% confidence interval.
    pub win_share: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    pub mean_score: f64,
    pub score_ci: [f64; 2],
}

/// What `tapis sim` reports (timing is added by the caller, which may read the clock).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SimReport {
    pub game: &'static str,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    /// How every interval is computed.
    pub intervals: &'static str,
    pub seats: Vec<SeatStats>,
    pub mean_rounds: f64,
    pub rounds_ci: [f64; 2],
    pub mean_decisions: f64,
    pub decisions_ci: [f64; 2],
    pub decisions: u64,
    /// Matches stopped unfinished after [`crate::MAX_DECISIONS`] decisions (scored as draws).
    pub unfinished: u64,
    /// The game's own counters, mean per match.
    pub counters: Vec<CounterStats>,
}

/// Checks the configuration by setting up match 0, and that every bot can play that table (a
/// learned bot needs a policy for it); the error is the one a user must see.
pub fn check_config<G: Game + Encoding>(config: &SimConfig) -> Result<(), SetupError> {
    if config.bots.len() != config.players {
        return Err(SetupError::BadSetup(Text::new(
            format!("{} robots pour {} places", config.bots.len(), config.players),
            format!("{} bots for {} seats", config.bots.len(), config.players),
        )));
    }
    let first = Match::<G>::new(&request(config, 0))?;
    for bot in &config.bots {
        bot.check::<G>(config.players, first.state().options()).map_err(SetupError::BadSetup)?;
    }
    Ok(())
}

fn request(config: &SimConfig, index: u64) -> MatchRequest {
    MatchRequest {
        players: config.players,
        seed: game_seed(config.seed, index),
        dealer: None,
        options: config.options.clone(),
        deal: None,
    }
}

/// Plays match `index` of the run with `options` (the run's, parsed once). The match is the one
/// `Match::new` sets up from the same request, without its record: short matches would
/// otherwise spend much of their time reading options and keeping a record.
pub fn play_one<G: Counters + Heuristic + Encoding>(config: &SimConfig, options: &G::Options, index: u64) -> Outcome {
    let seed = game_seed(config.seed, index);
    let setup = Setup { players: config.players, seed, dealer: None, options: options.clone(), deal: None };
    let mut state = G::new_match(setup).expect("checked by check_config");
    let mut rng = GameRng::seed_from_u64(seed ^ salt::SIM_DECISIONS);
    let mut counting = Counting::<G>::default();
    let decisions = play_out_with(&mut state, &config.bots, &mut rng, &mut counting);
    Outcome {
        deal: index,
        seating: 0,
        seed,
        entries: BySeat::from_fn(config.players, |seat| seat.0),
        decisions,
        rounds: state.round(),
        unfinished: !state.is_over(),
        credit: win_credit(&state),
        score: state.scores(),
        counts: counting.counts,
    }
}

/// Plays every match on the current rayon pool; `progress` is called once per finished match.
/// With `each`, every match is also handed to it, in order (a chunk at a time).
pub fn run<G: Counters + Heuristic + Encoding>(
    config: &SimConfig,
    progress: &(dyn Fn() + Sync),
    each: Option<&mut dyn FnMut(&Outcome)>,
) -> Totals {
    let options = G::parse_options(&config.options).expect("checked by check_config");
    let layout = layout::<G>(config.players);
    match each {
        None => (0..config.games)
            .into_par_iter()
            .fold(
                || Totals::empty(layout),
                |mut totals, index| {
                    totals.add(&play_one::<G>(config, &options, index));
                    progress();
                    totals
                },
            )
            .reduce(|| Totals::empty(layout), Totals::merge),
        Some(each) => {
            let mut totals = Totals::empty(layout);
            in_order(
                config.games,
                |index| {
                    let outcome = play_one::<G>(config, &options, index);
                    progress();
                    outcome
                },
                |outcome| {
                    totals.add(&outcome);
                    each(&outcome);
                },
            );
            totals
        }
    }
}

/// Turns totals into shares, means and 95% intervals (see the module docs).
pub fn report<G: Counters + Heuristic + Encoding>(config: &SimConfig, totals: &Totals) -> SimReport {
    let layout = layout::<G>(config.players);
    let sums = &totals.sums;
    let seats = (0..config.players)
        .map(|i| {
            let win = sums.share(layout.seat_credit(i), 1);
            let score = sums.estimate(layout.seat_score(i), 1, 1.0);
            SeatStats {
                seat: i,
                bot: config.bots[i].name(),
                win_share: win.mean,
                ci_low: win.ci[0],
                ci_high: win.ci[1],
                mean_score: score.mean,
                score_ci: score.ci,
            }
        })
        .collect();
    let counters = counter_stats::<G>(sums, &layout, 1);
    let rounds = sums.estimate(Layout::ROUNDS, 1, 1.0);
    let decisions = sums.estimate(Layout::DECISIONS, 1, 1.0);
    SimReport {
        game: G::ID,
        players: config.players,
        games: totals.games,
        seed: config.seed,
        options: config.options.clone(),
        intervals: INTERVALS,
        seats,
        mean_rounds: rounds.mean,
        rounds_ci: rounds.ci,
        mean_decisions: decisions.mean,
        decisions_ci: decisions.ci,
        decisions: totals.decisions,
        unfinished: totals.unfinished,
        counters,
    }
}
