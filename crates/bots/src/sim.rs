//! Self-play simulations: many seeded matches in parallel, with statistics that do not depend on
//! the thread count. Game `i` is seeded with `game_seed(seed, i)` whichever thread plays it, and
//! every total is an exact integer sum (win shares in units of 1/2520, which divides evenly among
//! any number of tied winners up to ten), so the order of summation cannot change a digit.

use crate::{BotKind, play_out, win_credit};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};
use tapis_core::rng::game_seed;
use tapis_core::{Game, GameRng, Match, MatchRequest, Setup, SetupError, Text};

/// 2520 = lcm(1..=10): a match shared by k winners credits each exactly 2520 / k units.
pub const SHARE_UNIT: u64 = 2520;

#[derive(Clone, Debug)]
pub struct SimConfig {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    pub bots: Vec<BotKind>,
}

/// Integer totals over the matches played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub games: u64,
    pub decisions: u64,
    pub rounds: u64,
    /// Matches stopped after [`crate::MAX_DECISIONS`] decisions, scored as draws.
    pub unfinished: u64,
    /// Per seat: win credit in 1/2520 units, and the sum of squared credits (for the variance).
    pub win_units: Vec<u64>,
    pub win_units_sq: Vec<u128>,
    /// Per seat: the sum of final match scores.
    pub score_sum: Vec<i128>,
}

impl Totals {
    /// Zero matches at a table of `players`.
    pub fn empty(players: usize) -> Self {
        Totals {
            win_units: vec![0; players],
            win_units_sq: vec![0; players],
            score_sum: vec![0; players],
            ..Totals::default()
        }
    }

    /// The totals of both runs.
    pub fn merge(mut self, other: Totals) -> Totals {
        self.games += other.games;
        self.decisions += other.decisions;
        self.rounds += other.rounds;
        self.unfinished += other.unfinished;
        for i in 0..self.win_units.len() {
            self.win_units[i] += other.win_units[i];
            self.win_units_sq[i] += other.win_units_sq[i];
            self.score_sum[i] += other.score_sum[i];
        }
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
}

/// What `tapis sim` reports (timing is added by the caller, which may read the clock).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SimReport {
    pub game: &'static str,
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    pub seats: Vec<SeatStats>,
    pub mean_rounds: f64,
    pub mean_decisions: f64,
    pub decisions: u64,
    /// Matches stopped unfinished after [`crate::MAX_DECISIONS`] decisions (scored as draws).
    pub unfinished: u64,
}

/// Checks the configuration by setting up match 0; the error is the one a user must see.
pub fn check_config<G: Game>(config: &SimConfig) -> Result<(), SetupError> {
    if config.bots.len() != config.players {
        return Err(SetupError::BadSetup(Text::new(
            format!("{} robots pour {} places", config.bots.len(), config.players),
            format!("{} bots for {} seats", config.bots.len(), config.players),
        )));
    }
    Match::<G>::new(&request(config, 0)).map(|_| ())
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

/// Plays match `index` of the run with `options` (the run's, parsed once) and returns its totals.
pub fn play_one<G: Game>(config: &SimConfig, options: &G::Options, index: u64) -> Totals {
    let mut totals = Totals::empty(config.players);
    play_into::<G>(config, options, index, &mut totals);
    totals
}

/// Plays match `index` and adds it to `totals`. The match is the one `Match::new` sets up from
/// the same request, without its record: short matches would otherwise spend much of their time
/// reading options and keeping a record.
fn play_into<G: Game>(config: &SimConfig, options: &G::Options, index: u64, totals: &mut Totals) {
    let seed = game_seed(config.seed, index);
    let setup = Setup { players: config.players, seed, dealer: None, options: options.clone(), deal: None };
    let mut state = G::new_match(setup).expect("checked by check_config");
    let mut rng = GameRng::seed_from_u64(seed ^ 0xD21_7E5);
    let decisions = play_out(&mut state, &config.bots, &mut rng);
    totals.games += 1;
    totals.decisions += decisions;
    totals.rounds += state.round() as u64;
    totals.unfinished += u64::from(!state.is_over());
    for (seat, &units) in win_credit(&state).seats() {
        totals.win_units[seat.index()] += units;
        totals.win_units_sq[seat.index()] += (units as u128) * (units as u128);
    }
    for (seat, &score) in state.scores().seats() {
        totals.score_sum[seat.index()] += score as i128;
    }
}

/// Plays every match on the current rayon pool; `progress` is called once per finished match.
pub fn run<G: Game>(config: &SimConfig, progress: &(dyn Fn() + Sync)) -> Totals {
    let options = G::parse_options(&config.options).expect("checked by check_config");
    (0..config.games)
        .into_par_iter()
        .fold(
            || Totals::empty(config.players),
            |mut totals, index| {
                play_into::<G>(config, &options, index, &mut totals);
                progress();
                totals
            },
        )
        .reduce(|| Totals::empty(config.players), Totals::merge)
}

/// Turns totals into shares, means and 95% intervals (normal approximation on the per-match win
/// credit, clipped to [0, 1]).
pub fn report<G: Game>(config: &SimConfig, totals: &Totals) -> SimReport {
    let n = totals.games.max(1) as f64;
    let unit = SHARE_UNIT as f64;
    let seats = (0..config.players)
        .map(|i| {
            let mean = totals.win_units[i] as f64 / unit / n;
            let mean_sq = totals.win_units_sq[i] as f64 / (unit * unit) / n;
            let variance = (mean_sq - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
            let half = 1.96 * (variance / n).sqrt();
            SeatStats {
                seat: i,
                bot: config.bots[i].name(),
                win_share: mean,
                ci_low: (mean - half).max(0.0),
                ci_high: (mean + half).min(1.0),
                mean_score: totals.score_sum[i] as f64 / n,
            }
        })
        .collect();
    SimReport {
        game: G::ID,
        players: config.players,
        games: totals.games,
        seed: config.seed,
        options: config.options.clone(),
        seats,
        mean_rounds: totals.rounds as f64 / n,
        mean_decisions: totals.decisions as f64 / n,
        decisions: totals.decisions,
        unfinished: totals.unfinished,
    }
}
