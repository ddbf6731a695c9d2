//! Tournaments between bots on duplicate deals, and variant studies.
//!
//! **Duplicate deals.** Deal `d` is a match seed; it is played once for every seating of the
//! lineup (every permutation of the seats, or every rotation when asked), so each bot meets the
//! same cards and the same chance events from every seat, and luck cancels out. Match `(d, p)` is
//! independent of the thread that plays it, and every total is an exact integer sum, so results
//! do not depend on the thread count.
//!
//! **Memory does not grow with the number of matches.** A seating is computed from its index
//! (no list of the 10! seatings of a full table is ever built), and each match is added to a
//! [`Tally`] of integer sums as soon as it is played: no outcome is kept.
//!
//! **Results per bot** (entries of the lineup with the same name are merged): the share of
//! matches won (a shared win split equally) and the mean match score, each with a 95% interval,
//! and a Bradley–Terry rating on the Elo scale from every pairwise meeting in every match (a
//! bot beats another when it is among the winners and the other is not).
//!
//! **Variant studies** play the same deals and seatings under two option sets and compare
//! match lengths and win shares, paired deal by deal.

use crate::sim::SHARE_UNIT;
use crate::{BotKind, play_out, win_credit};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tapis_core::rng::game_seed;
use tapis_core::{Game, GameRng, Match, MatchRequest, SetupError, Text};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// Every permutation of the seats (players! matches per deal).
    Permutations,
    /// Every rotation (players matches per deal).
    Rotations,
}

#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub players: usize,
    /// Number of deals; each is played once per seating.
    pub deals: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    /// One bot per seat of the first seating.
    pub lineup: Vec<BotKind>,
    pub seating: Seating,
}

impl ArenaConfig {
    /// How many seatings each deal is played in: `players!` permutations (3,628,800 at a table
    /// of ten) or `players` rotations; `u64::MAX` if that does not fit.
    pub fn seatings_per_deal(&self) -> u64 {
        let n = self.players as u64;
        match self.seating {
            Seating::Rotations => n,
            Seating::Permutations => (1..=n).try_fold(1u64, |all, k| all.checked_mul(k)).unwrap_or(u64::MAX),
        }
    }

    /// Seating `p` of a deal (`p < seatings_per_deal()`): `seating(p)[seat]` is the lineup entry
    /// sitting there. Seating 0 is the lineup's own order; permutations come in lexicographic
    /// order, computed from `p` alone.
    pub fn seating(&self, p: u64) -> Vec<usize> {
        let n = self.players;
        match self.seating {
            Seating::Rotations => (0..n).map(|s| (s + p as usize) % n).collect(),
            Seating::Permutations => nth_permutation(n, p),
        }
    }

    /// Matches of the tournament: deals × seatings (saturating at `u64::MAX`).
    pub fn matches(&self) -> u64 {
        self.deals.saturating_mul(self.seatings_per_deal())
    }
}

/// The `p`-th permutation of `0..n` in lexicographic order (its factorial-base digits pick each
/// next element among those left).
fn nth_permutation(n: usize, mut p: u64) -> Vec<usize> {
    let mut left: Vec<usize> = (0..n).collect();
    let mut permutation = Vec::with_capacity(n);
    for remaining in (1..=n).rev() {
        let block = (1..remaining as u64).try_fold(1u64, |all, k| all.checked_mul(k)).unwrap_or(u64::MAX);
        let k = ((p / block) as usize).min(left.len() - 1);
        p %= block;
        permutation.push(left.remove(k));
    }
    permutation
}

/// One match's outcome, per lineup entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub deal: u64,
    pub seating: u64,
    pub decisions: u64,
    pub rounds: u32,
    /// Stopped after [`crate::MAX_DECISIONS`] decisions and scored as a draw.
    pub unfinished: bool,
    /// Per lineup entry: win credit (units of 1/2520) and final score.
    pub credit: Vec<u64>,
    pub score: Vec<i64>,
}

/// Checks the configuration by setting up the first match.
pub fn check<G: Game>(config: &ArenaConfig) -> Result<(), SetupError> {
    if config.lineup.len() != config.players {
        return Err(SetupError::BadSetup(Text::new(
            format!("{} robots pour {} places : donnez un robot par place", config.lineup.len(), config.players),
            format!("{} bots for {} seats: give one bot per seat", config.lineup.len(), config.players),
        )));
    }
    Match::<G>::new(&request(config, 0)).map(|_| ())
}

fn request(config: &ArenaConfig, deal: u64) -> MatchRequest {
    MatchRequest {
        players: config.players,
        seed: game_seed(config.seed, deal),
        dealer: None,
        options: config.options.clone(),
        deal: None,
    }
}

/// Plays deal `deal` under seating `p` (see [`ArenaConfig::seating`]).
pub fn play<G: Game>(config: &ArenaConfig, deal: u64, p: u64) -> Outcome {
    let request = request(config, deal);
    let mut state = Match::<G>::new(&request).expect("checked").state().clone();
    let seating = config.seating(p);
    let bots: Vec<BotKind> = seating.iter().map(|&entry| config.lineup[entry]).collect();
    // The bots' own chance depends on the deal and the seating, never on the thread.
    let mut rng = GameRng::seed_from_u64(game_seed(request.seed, 1 + p));
    let decisions = play_out(&mut state, &bots, &mut rng);
    let credits = win_credit(&state);
    let scores = state.scores();
    let mut credit = vec![0; config.players];
    let mut score = vec![0; config.players];
    for (seat, &entry) in seating.iter().enumerate() {
        let seat = tapis_core::Seat(seat as u8);
        credit[entry] = credits[seat];
        score[entry] = scores[seat];
    }
    let unfinished = !state.is_over();
    Outcome { deal, seating: p, decisions, rounds: state.round(), unfinished, credit, score }
}

/// The lines of a report: lineup entries with the same name are one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    /// The name of each line, in the order of first appearance in the lineup.
    pub names: Vec<String>,
    /// The line of each lineup entry.
    pub line_of: Vec<usize>,
}

impl Lines {
    pub fn of(lineup: &[BotKind]) -> Lines {
        let mut names: Vec<String> = Vec::new();
        let mut line_of = Vec::with_capacity(lineup.len());
        for bot in lineup {
            let name = bot.name();
            line_of.push(names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            }));
        }
        Lines { names, line_of }
    }
}

/// Integer sums over the matches played: what a report needs, in memory that does not grow
/// with the number of matches (the length distribution has at most
/// [`crate::MAX_DECISIONS`]` + 1` entries).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub matches: u64,
    pub decisions: u64,
    pub rounds: u64,
    pub unfinished: u64,
    /// Per line: the sum over matches of the line's win credit (units of 1/2520, its entries
    /// together), and of its square.
    pub credit: Vec<u128>,
    pub credit_sq: Vec<u128>,
    /// Per line: the sum over matches of its entries' scores added together, and of its square.
    pub score: Vec<i128>,
    pub score_sq: Vec<i128>,
    /// Pairwise meetings in quarter wins: `beats[a][b]` grows by 2 when an entry of line `a` won
    /// and an entry of line `b` did not, by 1 for a tie (each pair is seen both ways).
    pub beats: Vec<Vec<u64>>,
    /// How many matches took each number of decisions.
    pub lengths: BTreeMap<u64, u64>,
}

impl Tally {
    /// No match yet, for `lines` lines.
    pub fn empty(lines: usize) -> Tally {
        Tally {
            credit: vec![0; lines],
            credit_sq: vec![0; lines],
            score: vec![0; lines],
            score_sq: vec![0; lines],
            beats: vec![vec![0; lines]; lines],
            ..Tally::default()
        }
    }

    /// Adds one match.
    pub fn add(&mut self, outcome: &Outcome, line_of: &[usize]) {
        self.matches += 1;
        self.decisions += outcome.decisions;
        self.rounds += u64::from(outcome.rounds);
        self.unfinished += u64::from(outcome.unfinished);
        *self.lengths.entry(outcome.decisions).or_default() += 1;
        for line in 0..self.credit.len() {
            let entries = || (0..line_of.len()).filter(move |&e| line_of[e] == line);
            let credit: u128 = entries().map(|e| u128::from(outcome.credit[e])).sum();
            let score: i128 = entries().map(|e| i128::from(outcome.score[e])).sum();
            self.credit[line] += credit;
            self.credit_sq[line] += credit * credit;
            self.score[line] = self.score[line].saturating_add(score);
            self.score_sq[line] = self.score_sq[line].saturating_add(score.saturating_mul(score));
        }
        for a in 0..line_of.len() {
            for b in 0..line_of.len() {
                let (la, lb) = (line_of[a], line_of[b]);
                if a == b || la == lb {
                    continue;
                }
                self.beats[la][lb] += match (outcome.credit[a] > 0, outcome.credit[b] > 0) {
                    (true, false) => 2,
                    (false, true) => 0,
                    _ => 1,
                };
            }
        }
    }

    /// The sums of both tallies.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.matches += other.matches;
        self.decisions += other.decisions;
        self.rounds += other.rounds;
        self.unfinished += other.unfinished;
        for line in 0..self.credit.len() {
            self.credit[line] += other.credit[line];
            self.credit_sq[line] += other.credit_sq[line];
            self.score[line] = self.score[line].saturating_add(other.score[line]);
            self.score_sq[line] = self.score_sq[line].saturating_add(other.score_sq[line]);
            for (mine, theirs) in self.beats[line].iter_mut().zip(&other.beats[line]) {
                *mine += theirs;
            }
        }
        for (length, count) in other.lengths {
            *self.lengths.entry(length).or_default() += count;
        }
        self
    }
}

/// Paired differences B − A over the same matches of a variant study, as integer sums.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    pub matches: u64,
    pub decisions: i128,
    pub decisions_sq: i128,
    pub rounds: i128,
    pub rounds_sq: i128,
}

impl Paired {
    fn add(&mut self, a: &Outcome, b: &Outcome) {
        let decisions = i128::from(b.decisions) - i128::from(a.decisions);
        let rounds = i128::from(b.rounds) - i128::from(a.rounds);
        self.matches += 1;
        self.decisions += decisions;
        self.decisions_sq += decisions * decisions;
        self.rounds += rounds;
        self.rounds_sq += rounds * rounds;
    }

    fn merge(mut self, other: Paired) -> Paired {
        self.matches += other.matches;
        self.decisions += other.decisions;
        self.decisions_sq += other.decisions_sq;
        self.rounds += other.rounds;
        self.rounds_sq += other.rounds_sq;
        self
    }
}

/// Match `i` of the tournament: deal `i / seatings`, seating `i % seatings`.
fn deal_and_seating(config: &ArenaConfig, i: u64) -> (u64, u64) {
    let per_deal = config.seatings_per_deal().max(1);
    (i / per_deal, i % per_deal)
}

/// Plays every match of the tournament on the current rayon pool and sums them up;
/// `progress` is called once per finished match.
pub fn run<G: Game>(config: &ArenaConfig, progress: &(dyn Fn() + Sync)) -> Tally {
    let lines = Lines::of(&config.lineup);
    (0..config.matches())
        .into_par_iter()
        .fold(
            || Tally::empty(lines.names.len()),
            |mut tally, i| {
                let (deal, p) = deal_and_seating(config, i);
                tally.add(&play::<G>(config, deal, p), &lines.line_of);
                progress();
                tally
            },
        )
        .reduce(|| Tally::empty(lines.names.len()), Tally::merge)
}

/// Plays every match of a variant study under `config.options` (A) and `options_b` (B) on the
/// current rayon pool: the two tallies and the paired differences. `progress` is called once
/// per finished match (twice per deal and seating).
pub fn run_study<G: Game>(
    config: &ArenaConfig,
    options_b: &Map<String, Value>,
    progress: &(dyn Fn() + Sync),
) -> (Tally, Tally, Paired) {
    let lines = Lines::of(&config.lineup);
    let config_b = ArenaConfig { options: options_b.clone(), ..config.clone() };
    let empty = || (Tally::empty(lines.names.len()), Tally::empty(lines.names.len()), Paired::default());
    (0..config.matches())
        .into_par_iter()
        .fold(empty, |(mut a, mut b, mut paired), i| {
            let (deal, p) = deal_and_seating(config, i);
            let outcome_a = play::<G>(config, deal, p);
            progress();
            let outcome_b = play::<G>(&config_b, deal, p);
            progress();
            a.add(&outcome_a, &lines.line_of);
            b.add(&outcome_b, &lines.line_of);
            paired.add(&outcome_a, &outcome_b);
            (a, b, paired)
        })
        .reduce(empty, |(a, b, p), (a2, b2, p2)| (a.merge(a2), b.merge(b2), p.merge(p2)))
}

/// A bot's results.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BotStats {
    pub bot: String,
    /// Lineup entries merged into this line.
    pub entries: usize,
    pub matches: u64,
    pub win_share: f64,
    pub win_ci: [f64; 2],
    /// The share a bot of this line would get if all were equal (entries / players).
    pub fair_share: f64,
    pub mean_score: f64,
    pub score_ci: [f64; 2],
    /// Bradley–Terry rating on the Elo scale (mean 1500 over the bots).
    pub rating: f64,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ArenaReport {
    pub game: &'static str,
    pub players: usize,
    pub deals: u64,
    pub matches: u64,
    pub seed: u64,
    pub seating: Seating,
    pub options: Map<String, Value>,
    pub bots: Vec<BotStats>,
    pub mean_decisions: f64,
    pub mean_rounds: f64,
    /// Matches stopped unfinished after [`crate::MAX_DECISIONS`] decisions (scored as draws).
    pub unfinished: u64,
    /// The distribution of match lengths: how many matches took each number of decisions, in
    /// increasing order of decisions.
    pub length_counts: Vec<LengthCount>,
}

/// How many matches took `decisions` decisions.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct LengthCount {
    pub decisions: u64,
    pub matches: u64,
}

/// Mean and 95% interval (normal approximation) of `n` per-match values `v / scale`, from the
/// exact sums of `v` and of `v²`.
fn mean_ci(n: u64, sum: i128, sum_sq: i128, scale: f64) -> (f64, [f64; 2]) {
    if n == 0 {
        return (0.0, [0.0, 0.0]);
    }
    let count = n as f64;
    let mean = sum as f64 / count / scale;
    // Σ(v − mean)² = (n·Σv² − (Σv)²) / n, exact in integers before the division.
    let spread = (i128::from(n).saturating_mul(sum_sq).saturating_sub(sum.saturating_mul(sum))).max(0) as f64
        / count
        / (scale * scale);
    let variance = spread / (count - 1.0).max(1.0);
    let half = 1.96 * (variance / count).sqrt();
    (mean, [mean - half, mean + half])
}

/// Turns a tally into the per-bot table.
pub fn report<G: Game>(config: &ArenaConfig, tally: &Tally) -> ArenaReport {
    let lines = Lines::of(&config.lineup);
    let ratings = bradley_terry(&tally.beats);
    let n = tally.matches;
    let bots = lines
        .names
        .iter()
        .enumerate()
        .map(|(line, name)| {
            let entries = lines.line_of.iter().filter(|&&l| l == line).count();
            // Per match, the line's credit is its entries' credits together (so a line of two
            // random bots is compared with one bot's fair share times two, below), and its score
            // the mean of its entries' scores.
            let (win_share, win_ci) =
                mean_ci(n, tally.credit[line] as i128, tally.credit_sq[line] as i128, SHARE_UNIT as f64);
            let (mean_score, score_ci) = mean_ci(n, tally.score[line], tally.score_sq[line], entries as f64);
            BotStats {
                bot: name.clone(),
                entries,
                matches: n,
                win_share,
                win_ci: [win_ci[0].max(0.0), win_ci[1].min(1.0)],
                fair_share: entries as f64 / config.players as f64,
                mean_score,
                score_ci,
                rating: ratings[line],
            }
        })
        .collect();
    let count = n.max(1) as f64;
    ArenaReport {
        game: G::ID,
        players: config.players,
        deals: config.deals,
        matches: n,
        seed: config.seed,
        seating: config.seating,
        options: config.options.clone(),
        bots,
        mean_decisions: tally.decisions as f64 / count,
        mean_rounds: tally.rounds as f64 / count,
        unfinished: tally.unfinished,
        length_counts: tally.lengths.iter().map(|(&decisions, &matches)| LengthCount { decisions, matches }).collect(),
    }
}

/// Bradley–Terry strengths by the minorization–maximization algorithm (Hunter 2004), from the
/// pairwise meetings of [`Tally::beats`] (quarter wins: a tie counts half a win each way, and
/// each pair is seen both ways). Returned on the Elo scale, centred on 1500. A line that never
/// won or never lost is clamped by a small prior (one half-win and one half-loss against a
/// virtual average opponent).
pub fn bradley_terry(beats: &[Vec<u64>]) -> Vec<f64> {
    let lines = beats.len();
    let wins: Vec<Vec<f64>> = beats.iter().map(|row| row.iter().map(|&q| q as f64 / 4.0).collect()).collect();
    let mut strength = vec![1.0f64; lines];
    for _ in 0..500 {
        let mut next = strength.clone();
        for i in 0..lines {
            let won: f64 = (0..lines).filter(|&j| j != i).map(|j| wins[i][j]).sum::<f64>() + 0.5;
            let denominator: f64 = (0..lines)
                .filter(|&j| j != i)
                .map(|j| (wins[i][j] + wins[j][i]) / (strength[i] + strength[j]))
                .sum::<f64>()
                + 1.0 / (strength[i] + 1.0);
            next[i] = won / denominator;
        }
        let geometric = (next.iter().map(|s| s.ln()).sum::<f64>() / lines as f64).exp();
        for s in &mut next {
            *s /= geometric;
        }
        strength = next;
    }
    strength.iter().map(|s| 1500.0 + 400.0 * s.log10()).collect()
}

/// A variant study: the same deals, seatings and bots under options A and B.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Comparison {
    pub a: ArenaReport,
    pub b: ArenaReport,
    /// Mean of (B − A) decisions per match over paired matches, with its 95% interval.
    pub length_difference: f64,
    pub length_difference_ci: [f64; 2],
    /// Mean of (B − A) rounds per match, with its 95% interval.
    pub rounds_difference: f64,
    pub rounds_difference_ci: [f64; 2],
}

pub fn compare(a: ArenaReport, b: ArenaReport, paired: &Paired) -> Comparison {
    let (length_difference, length_difference_ci) = mean_ci(paired.matches, paired.decisions, paired.decisions_sq, 1.0);
    let (rounds_difference, rounds_difference_ci) = mean_ci(paired.matches, paired.rounds, paired.rounds_sq, 1.0);
    Comparison { a, b, length_difference, length_difference_ci, rounds_difference, rounds_difference_ci }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(players: usize, seating: Seating) -> ArenaConfig {
        ArenaConfig { players, deals: 1, seed: 0, options: Map::new(), lineup: vec![BotKind::Random; players], seating }
    }

    #[test]
    fn permutations_are_all_there_once_in_lexicographic_order() {
        let c = config(4, Seating::Permutations);
        assert_eq!(c.seatings_per_deal(), 24);
        let p: Vec<Vec<usize>> = (0..24).map(|i| c.seating(i)).collect();
        let mut sorted = p.clone();
        sorted.sort();
        assert_eq!(sorted, p, "lexicographic order");
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
        assert_eq!(p[0], vec![0, 1, 2, 3]);
        assert_eq!(p[1], vec![0, 1, 3, 2]);
        assert_eq!(p[23], vec![3, 2, 1, 0]);
    }

    #[test]
    fn a_full_table_has_ten_factorial_seatings_without_listing_them() {
        let c = config(10, Seating::Permutations);
        assert_eq!(c.seatings_per_deal(), 3_628_800);
        assert_eq!(c.seating(3_628_799), (0..10).rev().collect::<Vec<_>>());
        assert_eq!(ArenaConfig { deals: u64::MAX, ..c }.matches(), u64::MAX, "saturates");
        let r = config(3, Seating::Rotations);
        assert_eq!(r.seatings_per_deal(), 3);
        assert_eq!(r.seating(1), vec![1, 2, 0]);
    }

    #[test]
    fn lines_merge_entries_of_the_same_name() {
        let lines = Lines::of(&[BotKind::Heuristic, BotKind::Random, BotKind::Random, BotKind::Ismcts(10)]);
        assert_eq!(lines.names, ["heuristic", "random", "ismcts:10"]);
        assert_eq!(lines.line_of, [0, 1, 1, 2]);
    }

    fn outcome(credit: Vec<u64>, score: Vec<i64>) -> Outcome {
        Outcome { deal: 0, seating: 0, decisions: 1, rounds: 1, unfinished: false, credit, score }
    }

    #[test]
    fn bradley_terry_orders_a_clear_winner_first() {
        // Line 0 always wins against line 1.
        let mut tally = Tally::empty(2);
        for _ in 0..50 {
            tally.add(&outcome(vec![SHARE_UNIT, 0], vec![1, 0]), &[0, 1]);
        }
        let r = bradley_terry(&tally.beats);
        assert!(r[0] > r[1] + 400.0, "{r:?}");
        assert!(((r[0] + r[1]) / 2.0 - 1500.0).abs() < 1e-6);
        // Even results give equal ratings.
        let mut even = Tally::empty(2);
        for d in 0..50 {
            let credit = if d % 2 == 0 { vec![SHARE_UNIT, 0] } else { vec![0, SHARE_UNIT] };
            even.add(&outcome(credit, vec![0, 0]), &[0, 1]);
        }
        let r = bradley_terry(&even.beats);
        assert!((r[0] - r[1]).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn intervals_from_sums_match_the_two_pass_formula() {
        let values = [3i128, -1, 4, 1, -5, 9, 2, 6];
        let (mean, ci) = mean_ci(8, values.iter().sum(), values.iter().map(|v| v * v).sum(), 2.0);
        let halves: Vec<f64> = values.iter().map(|&v| v as f64 / 2.0).collect();
        let m = halves.iter().sum::<f64>() / 8.0;
        let variance = halves.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / 7.0;
        let half = 1.96 * (variance / 8.0).sqrt();
        assert!((mean - m).abs() < 1e-12 && (ci[0] - (m - half)).abs() < 1e-12 && (ci[1] - (m + half)).abs() < 1e-12);
        assert_eq!(mean_ci(0, 0, 0, 1.0), (0.0, [0.0, 0.0]));
    }

    #[test]
    fn tallies_merge_to_the_same_sums_in_any_order() {
        let outcomes = [outcome(vec![SHARE_UNIT, 0], vec![3, -1]), outcome(vec![1260, 1260], vec![0, 2])];
        let mut one = Tally::empty(2);
        for o in &outcomes {
            one.add(o, &[0, 1]);
        }
        let (mut first, mut second) = (Tally::empty(2), Tally::empty(2));
        first.add(&outcomes[1], &[0, 1]);
        second.add(&outcomes[0], &[0, 1]);
        assert_eq!(first.merge(second), one);
    }
}
