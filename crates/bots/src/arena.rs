//! Tournaments between bots on duplicate deals, and variant studies.
//!
//! **Duplicate deals.** Deal `d` is a match seed; it is played once for every seating of the
//! lineup (every permutation of the seats, or every rotation when asked), so each bot meets the
//! same cards and the same chance events from every seat, and luck cancels out. Match `(d, p)` is
//! independent of the thread that plays it, and every total is an exact integer sum, so results
//! do not depend on the thread count.
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
    /// The seatings of one deal: `seatings()[p][seat]` is the lineup entry sitting there.
    pub fn seatings(&self) -> Vec<Vec<usize>> {
        let n = self.players;
        match self.seating {
            Seating::Rotations => (0..n).map(|r| (0..n).map(|s| (s + r) % n).collect()).collect(),
            Seating::Permutations => permutations(n),
        }
    }

    pub fn matches(&self) -> u64 {
        self.deals * self.seatings().len() as u64
    }
}

/// All permutations of `0..n` in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut current: Vec<usize> = (0..n).collect();
    let mut all = vec![current.clone()];
    loop {
        let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| current[i] < current[i + 1]) else {
            return all;
        };
        let j = (i + 1..n).rev().find(|&j| current[j] > current[i]).expect("a larger element");
        current.swap(i, j);
        current[i + 1..].reverse();
        all.push(current.clone());
    }
}

/// One match's outcome, per lineup entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub deal: u64,
    pub seating: usize,
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

/// Plays deal `deal` under seating `p` (an index into `seatings`).
pub fn play<G: Game>(config: &ArenaConfig, seatings: &[Vec<usize>], deal: u64, p: usize) -> Outcome {
    let request = request(config, deal);
    let mut state = Match::<G>::new(&request).expect("checked").state().clone();
    let seating = &seatings[p];
    let bots: Vec<BotKind> = seating.iter().map(|&entry| config.lineup[entry]).collect();
    // The bots' own chance depends on the deal and the seating, never on the thread.
    let mut rng = GameRng::seed_from_u64(game_seed(request.seed, 1 + p as u64));
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

/// Plays every match of the tournament on the current rayon pool, in a fixed order of results.
pub fn run<G: Game>(config: &ArenaConfig, progress: &(dyn Fn() + Sync)) -> Vec<Outcome> {
    let seatings = config.seatings();
    let per_deal = seatings.len() as u64;
    (0..config.matches())
        .into_par_iter()
        .map(|i| {
            let outcome = play::<G>(config, &seatings, i / per_deal, (i % per_deal) as usize);
            progress();
            outcome
        })
        .collect()
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
    /// Decisions per match, for the length distribution.
    pub lengths: Vec<u64>,
}

/// Mean and 95% interval (normal approximation) of per-match values.
fn mean_ci(values: impl Iterator<Item = f64> + Clone) -> (f64, [f64; 2]) {
    let n = values.clone().count() as f64;
    if n == 0.0 {
        return (0.0, [0.0, 0.0]);
    }
    let mean = values.clone().sum::<f64>() / n;
    let variance = values.map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n).sqrt();
    (mean, [mean - half, mean + half])
}

/// Summarises outcomes (in their fixed order) into the per-bot table.
pub fn report<G: Game>(config: &ArenaConfig, outcomes: &[Outcome]) -> ArenaReport {
    let mut names: Vec<String> = Vec::new();
    for bot in &config.lineup {
        if !names.contains(&bot.name()) {
            names.push(bot.name());
        }
    }
    let line_of: Vec<usize> =
        config.lineup.iter().map(|b| names.iter().position(|n| *n == b.name()).unwrap()).collect();
    let ratings = bradley_terry(names.len(), &line_of, outcomes);
    let bots = names
        .iter()
        .enumerate()
        .map(|(line, name)| {
            let entries: Vec<usize> = (0..config.players).filter(|&e| line_of[e] == line).collect();
            // Per match, the line's credit is the mean over its entries (so a line of two random
            // bots is compared with one bot's fair share times two, below).
            let shares =
                outcomes.iter().map(|o| entries.iter().map(|&e| o.credit[e]).sum::<u64>() as f64 / SHARE_UNIT as f64);
            let (win_share, win_ci) = mean_ci(shares);
            let scores =
                outcomes.iter().map(|o| entries.iter().map(|&e| o.score[e] as f64).sum::<f64>() / entries.len() as f64);
            let (mean_score, score_ci) = mean_ci(scores);
            BotStats {
                bot: name.clone(),
                entries: entries.len(),
                matches: outcomes.len() as u64,
                win_share,
                win_ci: [win_ci[0].max(0.0), win_ci[1].min(1.0)],
                fair_share: entries.len() as f64 / config.players as f64,
                mean_score,
                score_ci,
                rating: ratings[line],
            }
        })
        .collect();
    let n = outcomes.len().max(1) as f64;
    ArenaReport {
        game: G::ID,
        players: config.players,
        deals: config.deals,
        matches: outcomes.len() as u64,
        seed: config.seed,
        seating: config.seating,
        options: config.options.clone(),
        bots,
        mean_decisions: outcomes.iter().map(|o| o.decisions as f64).sum::<f64>() / n,
        mean_rounds: outcomes.iter().map(|o| o.rounds as f64).sum::<f64>() / n,
        unfinished: outcomes.iter().filter(|o| o.unfinished).count() as u64,
        lengths: outcomes.iter().map(|o| o.decisions).collect(),
    }
}

/// Bradley–Terry strengths by the minorization–maximization algorithm (Hunter 2004), from every
/// pair of lineup entries in every match; a tie counts half a win each way. Returned on the Elo
/// scale, centred on 1500. A line that never won or never lost is clamped by a small prior
/// (one half-win and one half-loss against a virtual average opponent).
pub fn bradley_terry(lines: usize, line_of: &[usize], outcomes: &[Outcome]) -> Vec<f64> {
    let mut wins = vec![vec![0.0f64; lines]; lines];
    for o in outcomes {
        for a in 0..line_of.len() {
            for b in 0..line_of.len() {
                let (la, lb) = (line_of[a], line_of[b]);
                if a == b || la == lb {
                    continue;
                }
                let (ca, cb) = (o.credit[a] > 0, o.credit[b] > 0);
                wins[la][lb] += match (ca, cb) {
                    (true, false) => 1.0,
                    (false, true) => 0.0,
                    _ => 0.5,
                } / 2.0; // each pair is seen twice (a,b) and (b,a)
            }
        }
    }
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

pub fn compare(a: ArenaReport, b: ArenaReport, outcomes_a: &[Outcome], outcomes_b: &[Outcome]) -> Comparison {
    let pairs = outcomes_a.iter().zip(outcomes_b);
    let (length_difference, length_difference_ci) =
        mean_ci(pairs.clone().map(|(x, y)| y.decisions as f64 - x.decisions as f64));
    let (rounds_difference, rounds_difference_ci) = mean_ci(pairs.map(|(x, y)| y.rounds as f64 - x.rounds as f64));
    Comparison { a, b, length_difference, length_difference_ci, rounds_difference, rounds_difference_ci }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_are_all_there_once() {
        let p = permutations(4);
        assert_eq!(p.len(), 24);
        let mut sorted = p.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
        assert_eq!(p[0], vec![0, 1, 2, 3]);
        assert_eq!(p[23], vec![3, 2, 1, 0]);
    }

    #[test]
    fn bradley_terry_orders_a_clear_winner_first() {
        // Line 0 always wins against line 1.
        let outcomes: Vec<Outcome> = (0..50)
            .map(|d| Outcome {
                deal: d,
                seating: 0,
                decisions: 1,
                rounds: 1,
                unfinished: false,
                credit: vec![SHARE_UNIT, 0],
                score: vec![1, 0],
            })
            .collect();
        let r = bradley_terry(2, &[0, 1], &outcomes);
        assert!(r[0] > r[1] + 400.0, "{r:?}");
        assert!(((r[0] + r[1]) / 2.0 - 1500.0).abs() < 1e-6);
        // Even results give equal ratings.
        let even: Vec<Outcome> = (0..50)
            .map(|d| Outcome {
                deal: d,
                seating: 0,
                decisions: 1,
                rounds: 1,
                unfinished: false,
                credit: if d % 2 == 0 { vec![SHARE_UNIT, 0] } else { vec![0, SHARE_UNIT] },
                score: vec![0, 0],
            })
            .collect();
        let r = bradley_terry(2, &[0, 1], &even);
        assert!((r[0] - r[1]).abs() < 1e-6, "{r:?}");
    }
}
