//! Tournaments between bots on duplicate deals, and variant studies.
//!
//! **Duplicate deals.** Deal `d` is a match seed; it is played once in every seating of the
//! lineup (every permutation of the seats, or every rotation when asked), so each bot meets the
//! same cards and the same chance events from every seat, and luck cancels out.
//!
//! **A seating is which bot sits where.** Two permutations that seat the same bots at the same
//! places (bots of the same name swapped) are the same seating and are played once: with the same
//! bot at every seat there is a single seating, and each deal is one match (playing it again in
//! the other "seatings" would replay the same match, or, for bots that draw at random, the same
//! deal with other draws, worth less than a new deal). A lineup `ismcts,heuristic,heuristic,
//! heuristic` has 4 seatings, under permutations as under rotations. The distinct seatings are
//! computed from their index in lexicographic order (no list of the 10! seatings of a full table
//! is ever built); with every bot different they are all the permutations or rotations.
//!
//! **The deal is the unit** of every interval ([`crate::stats`]): a measure's value for a deal is
//! the mean over its seatings, and the interval is Student's over deals. A variant study plays
//! the same deals and seatings under two option sets and gives, for every measure (match length,
//! rounds, each seat's win share, each bot's win share and score, the game's counters), the
//! per-deal paired difference B − A with its interval.
//!
//! **Same numbers on any thread count.** Match `(d, p)` is independent of the thread that plays
//! it; matches are played in parallel a chunk at a time and added up in their order (so a
//! deal's matches can be summed before the deal enters the sums, and `--matches` rows come out
//! in order), every total an exact integer sum. Memory does not grow with the number of
//! matches: a chunk's outcomes are dropped once added.
//!
//! **Results per bot** (entries of the lineup with the same name are one line): the share of
//! matches won (a shared win split equally) and the mean match score, each with a 95% interval,
//! and a Bradley–Terry rating on the Elo scale from every pairwise meeting in every match (a bot
//! beats another when it is among the winners and the other is not). **Per seat**: the share of
//! matches won and the mean score of whoever sat there.

use crate::sim::SHARE_UNIT;
use crate::stats::{CounterStats, DealSums, Estimate, Layout, Outcome, counter_stats};
use crate::{BotKind, in_order, play_out_with, win_credit};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tapis_core::rng::game_seed;
use tapis_core::{BySeat, Counters, Counting, Encoding, GameRng, Heuristic, Match, MatchRequest, SetupError, Text};

/// How the interval of every figure is computed, for reports.
pub const INTERVALS: &str = "95% Student t intervals over deals: a deal's value is the mean of its seatings, \
                             a difference B − A is paired deal by deal";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// Every permutation of the seats.
    Permutations,
    /// Every rotation.
    Rotations,
}

impl Seating {
    /// The name used in the header, the JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Seating::Permutations => "permutations",
            Seating::Rotations => "rotations",
        }
    }
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
    /// How many seatings the rule has with every bot different: `players!` permutations
    /// (3,628,800 at a table of ten) or `players` rotations; `u64::MAX` if that does not fit.
    pub fn arrangements(&self) -> u64 {
        let n = self.players as u64;
        match self.seating {
            Seating::Rotations => n,
            Seating::Permutations => factorial(n),
        }
    }

    /// How many distinct seatings each deal is played in: [`ArenaConfig::arrangements`] when
    /// every bot differs, fewer when some are the same (one with the same bot at every seat).
    pub fn seatings_per_deal(&self) -> u64 {
        let lines = Lines::of(&self.lineup);
        match self.seating {
            Seating::Rotations => period(&lines.line_of) as u64,
            Seating::Permutations => {
                let mut counts = vec![0u64; lines.names.len()];
                for &line in &lines.line_of {
                    counts[line] += 1;
                }
                multinomial(&counts)
            }
        }
    }

    /// Seating `p` of a deal (`p < seatings_per_deal()`): `seating(p)[seat]` is the lineup entry
    /// sitting there. Seating 0 is the lineup's own order; the others come in lexicographic order
    /// of the bots' lines (of the entries when every bot differs), computed from `p` alone.
    pub fn seating(&self, p: u64) -> Vec<usize> {
        let n = self.players;
        let lines = Lines::of(&self.lineup);
        match self.seating {
            Seating::Rotations => (0..n).map(|s| (s + p as usize) % n).collect(),
            Seating::Permutations => {
                let order = nth_arrangement(&lines.line_of, lines.names.len(), p);
                // Entries of one line take their seats in lineup order.
                let mut next_of_line: Vec<std::collections::VecDeque<usize>> =
                    vec![Default::default(); lines.names.len()];
                for (entry, &line) in lines.line_of.iter().enumerate() {
                    next_of_line[line].push_back(entry);
                }
                order.iter().map(|&line| next_of_line[line].pop_front().expect("as many seats as entries")).collect()
            }
        }
    }

    /// Matches of the tournament: deals × seatings (saturating at `u64::MAX`).
    pub fn matches(&self) -> u64 {
        self.deals.saturating_mul(self.seatings_per_deal())
    }
}

fn factorial(n: u64) -> u64 {
    (1..=n).try_fold(1u64, |all, k| all.checked_mul(k)).unwrap_or(u64::MAX)
}

/// (Σ counts)! / Π countᵢ!: the distinct orders of a multiset.
fn multinomial(counts: &[u64]) -> u64 {
    let mut total = 0u64;
    let mut result = 1u64;
    for &count in counts {
        for k in 1..=count {
            total += 1;
            // result · total / k stays whole: it is a binomial product built up one factor at a time.
            result = result.saturating_mul(total) / k;
        }
    }
    result
}

/// The smallest rotation that leaves the lineup's lines as they are.
fn period(line_of: &[usize]) -> usize {
    let n = line_of.len();
    (1..=n).find(|&d| n.is_multiple_of(d) && (0..n).all(|i| line_of[i] == line_of[(i + d) % n])).unwrap_or(n.max(1))
}

/// The `p`-th distinct order of the multiset of lines `line_of` (lines numbered `0..lines`), in
/// lexicographic order: each next seat takes the first line whose block of orders holds `p`.
fn nth_arrangement(line_of: &[usize], lines: usize, mut p: u64) -> Vec<usize> {
    let mut left = vec![0u64; lines];
    for &line in line_of {
        left[line] += 1;
    }
    let mut order = Vec::with_capacity(line_of.len());
    for _ in 0..line_of.len() {
        let mut chosen = None;
        for line in 0..lines {
            if left[line] == 0 {
                continue;
            }
            left[line] -= 1;
            let block = multinomial(&left);
            if p < block {
                chosen = Some(line);
                break;
            }
            p -= block;
            left[line] += 1;
        }
        // Past the last order, the last line left (the caller never asks for it).
        let line = chosen.unwrap_or_else(|| {
            let last = (0..lines).rev().find(|&l| left[l] > 0).expect("a line left");
            left[last] -= 1;
            last
        });
        order.push(line);
    }
    order
}

/// Checks the configuration by setting up the first match.
pub fn check<G: Counters + Heuristic + Encoding>(config: &ArenaConfig) -> Result<(), SetupError> {
    if config.lineup.len() != config.players {
        return Err(SetupError::BadSetup(Text::new(
            format!("{} robots pour {} places : donnez un robot par place", config.lineup.len(), config.players),
            format!("{} bots for {} seats: give one bot per seat", config.lineup.len(), config.players),
        )));
    }
    let first = Match::<G>::new(&request(config, 0))?;
    for bot in &config.lineup {
        bot.check::<G>(config.players, first.state().options()).map_err(SetupError::BadSetup)?;
    }
    Ok(())
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
pub fn play<G: Counters + Heuristic + Encoding>(config: &ArenaConfig, deal: u64, p: u64) -> Outcome {
    let request = request(config, deal);
    let mut state = Match::<G>::new(&request).expect("checked").state().clone();
    let seating = config.seating(p);
    let bots: Vec<BotKind> = seating.iter().map(|&entry| config.lineup[entry]).collect();
    // The bots' own chance depends on the deal and the seating, never on the thread.
    let mut rng = GameRng::seed_from_u64(game_seed(request.seed, 1 + p));
    let mut counting = Counting::<G>::default();
    let decisions = play_out_with(&mut state, &bots, &mut rng, &mut counting);
    Outcome {
        deal,
        seating: p,
        seed: request.seed,
        entries: BySeat::from_fn(config.players, |seat| seating[seat.index()] as u8),
        decisions,
        rounds: state.round(),
        unfinished: !state.is_over(),
        credit: win_credit(&state),
        score: state.scores(),
        counts: counting.counts,
    }
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

/// The measures of an arena of `config` for game `G`.
pub fn layout<G: Counters>(config: &ArenaConfig) -> Layout {
    Layout { lines: Lines::of(&config.lineup).names.len(), seats: config.players, counters: G::COUNTERS.len() }
}

/// What a report needs, in memory that does not grow with the number of matches (the length
/// distribution has at most [`crate::MAX_DECISIONS`]` + 1` entries).
#[derive(Clone, Debug)]
pub struct Tally {
    pub matches: u64,
    pub unfinished: u64,
    /// Every measure of [`Layout`], summed by deal.
    pub sums: DealSums,
    /// Pairwise meetings in quarter wins: `beats[a][b]` grows by 2 when a bot of line `a` won
    /// and a bot of line `b` did not, by 1 for a tie (each pair is seen both ways).
    pub beats: Vec<Vec<u64>>,
    /// How many matches took each number of decisions.
    pub lengths: BTreeMap<u64, u64>,
    layout: Layout,
    line_of: Vec<usize>,
    /// Room for one match's measures.
    values: Vec<i128>,
}

impl PartialEq for Tally {
    fn eq(&self, other: &Tally) -> bool {
        (self.matches, self.unfinished, &self.sums, &self.beats, &self.lengths)
            == (other.matches, other.unfinished, &other.sums, &other.beats, &other.lengths)
    }
}

impl Tally {
    /// No match yet.
    pub fn empty(layout: Layout, line_of: &[usize]) -> Tally {
        Tally {
            matches: 0,
            unfinished: 0,
            sums: DealSums::new(layout.len()),
            beats: vec![vec![0; layout.lines]; layout.lines],
            lengths: BTreeMap::new(),
            layout,
            line_of: line_of.to_vec(),
            values: vec![0; layout.len()],
        }
    }

    /// Adds one match; matches come deal after deal. [`Tally::finish`] closes the last deal.
    pub fn add(&mut self, outcome: &Outcome) {
        self.matches += 1;
        self.unfinished += u64::from(outcome.unfinished);
        *self.lengths.entry(outcome.decisions).or_default() += 1;
        self.layout.values(outcome, &self.line_of, &mut self.values);
        self.sums.add(outcome.deal, &self.values);
        let seats = outcome.credit.len();
        for a in 0..seats {
            for b in 0..seats {
                let la = self.line_of[outcome.entries.as_slice()[a] as usize];
                let lb = self.line_of[outcome.entries.as_slice()[b] as usize];
                if a == b || la == lb {
                    continue;
                }
                self.beats[la][lb] += match (outcome.credit.as_slice()[a] > 0, outcome.credit.as_slice()[b] > 0) {
                    (true, false) => 2,
                    (false, true) => 0,
                    _ => 1,
                };
            }
        }
    }

    pub fn finish(&mut self) {
        self.sums.close();
    }

    /// The deals summed.
    pub fn deals(&self) -> u64 {
        self.sums.measures.first().map_or(0, |m| m.units)
    }
}

/// Paired differences B − A over the same matches of a variant study, summed by deal.
#[derive(Clone, Debug)]
pub struct Paired {
    pub sums: DealSums,
    layout: Layout,
    line_of: Vec<usize>,
    /// Room for one pair's measures.
    a: Vec<i128>,
    b: Vec<i128>,
}

impl PartialEq for Paired {
    fn eq(&self, other: &Paired) -> bool {
        self.sums == other.sums
    }
}

impl Paired {
    pub fn empty(layout: Layout, line_of: &[usize]) -> Paired {
        Paired {
            sums: DealSums::new(layout.len()),
            layout,
            line_of: line_of.to_vec(),
            a: vec![0; layout.len()],
            b: vec![0; layout.len()],
        }
    }

    /// Adds one pair of matches (the same deal and seating under A and B).
    pub fn add(&mut self, a: &Outcome, b: &Outcome) {
        debug_assert_eq!((a.deal, a.seating), (b.deal, b.seating));
        self.layout.values(a, &self.line_of, &mut self.a);
        self.layout.values(b, &self.line_of, &mut self.b);
        for (b, a) in self.b.iter_mut().zip(&self.a) {
            *b -= a;
        }
        self.sums.add(a.deal, &self.b);
    }

    pub fn finish(&mut self) {
        self.sums.close();
    }
}

/// Match `i` of the tournament: deal `i / seatings`, seating `i % seatings`.
fn deal_and_seating(config: &ArenaConfig, i: u64) -> (u64, u64) {
    let per_deal = config.seatings_per_deal().max(1);
    (i / per_deal, i % per_deal)
}

/// Plays every match of the tournament on the current rayon pool and sums them up;
/// `progress` is called once per finished match, `each` with every match in order.
pub fn run<G: Counters + Heuristic + Encoding>(
    config: &ArenaConfig,
    progress: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(&Outcome),
) -> Tally {
    let lines = Lines::of(&config.lineup);
    let mut tally = Tally::empty(layout::<G>(config), &lines.line_of);
    in_order(
        config.matches(),
        |i| {
            let (deal, p) = deal_and_seating(config, i);
            let outcome = play::<G>(config, deal, p);
            progress();
            outcome
        },
        |outcome| {
            tally.add(&outcome);
            each(&outcome);
        },
    );
    tally.finish();
    tally
}

/// Plays every match of a variant study under `config.options` (A) and `options_b` (B) on the
/// current rayon pool: the two tallies and the paired differences. `progress` is called once
/// per finished match (twice per deal and seating), `each` with every pair in order.
pub fn run_study<G: Counters + Heuristic + Encoding>(
    config: &ArenaConfig,
    options_b: &Map<String, Value>,
    progress: &(dyn Fn() + Sync),
    each: &mut dyn FnMut(&Outcome, &Outcome),
) -> (Tally, Tally, Paired) {
    let lines = Lines::of(&config.lineup);
    let layout = layout::<G>(config);
    let config_b = ArenaConfig { options: options_b.clone(), ..config.clone() };
    let (mut a, mut b) = (Tally::empty(layout, &lines.line_of), Tally::empty(layout, &lines.line_of));
    let mut paired = Paired::empty(layout, &lines.line_of);
    in_order(
        config.matches(),
        |i| {
            let (deal, p) = deal_and_seating(config, i);
            let outcome_a = play::<G>(config, deal, p);
            progress();
            let outcome_b = play::<G>(&config_b, deal, p);
            progress();
            (outcome_a, outcome_b)
        },
        |(outcome_a, outcome_b)| {
            a.add(&outcome_a);
            b.add(&outcome_b);
            paired.add(&outcome_a, &outcome_b);
            each(&outcome_a, &outcome_b);
        },
    );
    a.finish();
    b.finish();
    paired.finish();
    (a, b, paired)
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

/// A seat's results, whoever sat there.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SeatStats {
    pub seat: usize,
    pub win_share: f64,
    pub win_ci: [f64; 2],
    pub mean_score: f64,
    pub score_ci: [f64; 2],
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ArenaReport {
    pub game: &'static str,
    pub players: usize,
    pub deals: u64,
    pub matches: u64,
    pub seed: u64,
    pub seating: Seating,
    /// The distinct seatings each deal is played in.
    pub seatings_per_deal: u64,
    /// The seatings `seating` has when every bot differs: more than `seatings_per_deal` when
    /// some bots are the same, whose swaps are the same seating, played once.
    pub arrangements: u64,
    pub options: Map<String, Value>,
    /// How every interval is computed.
    pub intervals: &'static str,
    pub bots: Vec<BotStats>,
    pub seats: Vec<SeatStats>,
    pub mean_decisions: f64,
    pub decisions_ci: [f64; 2],
    pub mean_rounds: f64,
    pub rounds_ci: [f64; 2],
    /// Matches stopped unfinished after [`crate::MAX_DECISIONS`] decisions (scored as draws).
    pub unfinished: u64,
    /// The game's own counters, mean per match.
    pub counters: Vec<CounterStats>,
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

/// Turns a tally into the report.
pub fn report<G: Counters + Heuristic + Encoding>(config: &ArenaConfig, tally: &Tally) -> ArenaReport {
    let lines = Lines::of(&config.lineup);
    let layout = layout::<G>(config);
    let ratings = bradley_terry(&tally.beats);
    let per_deal = config.seatings_per_deal();
    let sums = &tally.sums;
    let bots = lines
        .names
        .iter()
        .enumerate()
        .map(|(line, name)| {
            let entries = lines.line_of.iter().filter(|&&l| l == line).count();
            // Per match, the line's credit is its entries' credits together (so a line of two
            // random bots is compared with one bot's fair share times two, below), and its score
            // the mean of its entries' scores.
            let win = sums.share(layout.line_credit(line), per_deal);
            let score = sums.estimate(layout.line_score(line), per_deal, entries as f64);
            BotStats {
                bot: name.clone(),
                entries,
                matches: tally.matches,
                win_share: win.mean,
                win_ci: win.ci,
                fair_share: entries as f64 / config.players as f64,
                mean_score: score.mean,
                score_ci: score.ci,
                rating: ratings[line],
            }
        })
        .collect();
    let seats = (0..config.players)
        .map(|seat| {
            let win = sums.share(layout.seat_credit(seat), per_deal);
            let score = sums.estimate(layout.seat_score(seat), per_deal, 1.0);
            SeatStats { seat, win_share: win.mean, win_ci: win.ci, mean_score: score.mean, score_ci: score.ci }
        })
        .collect();
    let counters = counter_stats::<G>(sums, &layout, per_deal);
    let decisions = sums.estimate(Layout::DECISIONS, per_deal, 1.0);
    let rounds = sums.estimate(Layout::ROUNDS, per_deal, 1.0);
    ArenaReport {
        game: G::ID,
        players: config.players,
        deals: tally.deals(),
        matches: tally.matches,
        seed: config.seed,
        seating: config.seating,
        seatings_per_deal: per_deal,
        arrangements: config.arrangements(),
        options: config.options.clone(),
        intervals: INTERVALS,
        bots,
        seats,
        mean_decisions: decisions.mean,
        decisions_ci: decisions.ci,
        mean_rounds: rounds.mean,
        rounds_ci: rounds.ci,
        unfinished: tally.unfinished,
        counters,
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

/// One measure of a variant study: its mean per match under A and B, and the paired difference
/// B − A with its 95% interval over deals.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Difference {
    /// `decisions`, `rounds`, `unfinished`, `seat_2_win_share`, `heuristic_win_share`,
    /// `heuristic_score`, or a counter's key.
    pub key: String,
    /// What it measures, in English.
    pub label: String,
    /// A win share (shown in percentage points), or a mean per match.
    pub share: bool,
    pub a: f64,
    pub b: f64,
    pub difference: f64,
    pub ci: [f64; 2],
}

/// A variant study: the same deals, seatings and bots under options A and B.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Comparison {
    pub a: ArenaReport,
    pub b: ArenaReport,
    /// Mean of (B − A) decisions per match over paired deals, with its 95% interval.
    pub length_difference: f64,
    pub length_difference_ci: [f64; 2],
    /// Mean of (B − A) rounds per match, with its 95% interval.
    pub rounds_difference: f64,
    pub rounds_difference_ci: [f64; 2],
    /// Every measure the options may change, paired deal by deal (counters that stay 0 under
    /// both option sets are left out).
    pub differences: Vec<Difference>,
}

pub fn compare<G: Counters + Heuristic + Encoding>(
    config: &ArenaConfig,
    a: ArenaReport,
    b: ArenaReport,
    paired: &Paired,
) -> Comparison {
    let lines = Lines::of(&config.lineup);
    let layout = layout::<G>(config);
    let per_deal = config.seatings_per_deal();
    let sums = &paired.sums;
    let mut differences = Vec::new();
    let mut push = |key: String, label: String, share: bool, a: f64, b: f64, i: usize, scale: f64| {
        let e: Estimate = sums.estimate(i, per_deal, scale);
        differences.push(Difference { key, label, share, a, b, difference: e.mean, ci: e.ci });
    };
    push("decisions".into(), "match length (decisions)".into(), false, a.mean_decisions, b.mean_decisions, 0, 1.0);
    push("rounds".into(), "rounds per match".into(), false, a.mean_rounds, b.mean_rounds, 1, 1.0);
    if a.unfinished + b.unfinished > 0 {
        let (ua, ub) = (a.unfinished as f64 / a.matches.max(1) as f64, b.unfinished as f64 / b.matches.max(1) as f64);
        push("unfinished".into(), "matches stopped unfinished".into(), true, ua, ub, Layout::UNFINISHED, 1.0);
    }
    for seat in 0..config.players {
        let (sa, sb) = (a.seats[seat].win_share, b.seats[seat].win_share);
        push(
            format!("seat_{seat}_win_share"),
            format!("seat {seat} win share"),
            true,
            sa,
            sb,
            layout.seat_credit(seat),
            SHARE_UNIT as f64,
        );
    }
    for (line, name) in lines.names.iter().enumerate() {
        let (ba, bb) = (&a.bots[line], &b.bots[line]);
        if lines.names.len() > 1 {
            let i = layout.line_credit(line);
            push(
                format!("{name}_win_share"),
                format!("{name} win share"),
                true,
                ba.win_share,
                bb.win_share,
                i,
                SHARE_UNIT as f64,
            );
        }
        let i = layout.line_score(line);
        let entries = ba.entries as f64;
        push(format!("{name}_score"), format!("{name} mean score"), false, ba.mean_score, bb.mean_score, i, entries);
    }
    for (k, counter) in G::COUNTERS.iter().enumerate() {
        let (ca, cb) = (&a.counters[k], &b.counters[k]);
        if ca.mean == 0.0 && cb.mean == 0.0 {
            continue;
        }
        push(counter.key.into(), counter.en.into(), false, ca.mean, cb.mean, layout.counter(k), 1.0);
    }
    let length = sums.estimate(Layout::DECISIONS, per_deal, 1.0);
    let rounds = sums.estimate(Layout::ROUNDS, per_deal, 1.0);
    Comparison {
        a,
        b,
        length_difference: length.mean,
        length_difference_ci: length.ci,
        rounds_difference: rounds.mean,
        rounds_difference_ci: rounds.ci,
        differences,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(players: usize, seating: Seating) -> ArenaConfig {
        let lineup = (0..players as u32).map(|i| BotKind::Ismcts(i + 1)).collect();
        ArenaConfig { players, deals: 1, seed: 0, options: Map::new(), lineup, seating }
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

    fn lineup(names: &str) -> Vec<BotKind> {
        names.split(',').map(|n| BotKind::parse(n).unwrap()).collect()
    }

    #[test]
    fn bots_of_the_same_name_swapped_are_the_same_seating() {
        let same = ArenaConfig {
            lineup: lineup("heuristic,heuristic,heuristic,heuristic"),
            ..config(4, Seating::Permutations)
        };
        assert_eq!((same.seatings_per_deal(), same.arrangements()), (1, 24));
        assert_eq!(same.seating(0), vec![0, 1, 2, 3]);
        let rotations = ArenaConfig { seating: Seating::Rotations, ..same.clone() };
        assert_eq!((rotations.seatings_per_deal(), rotations.arrangements()), (1, 4));

        // One bot against three of another: four seatings, the lone bot at each seat in turn.
        let lone = ArenaConfig { lineup: lineup("ismcts:10,heuristic,heuristic,heuristic"), ..same.clone() };
        assert_eq!(lone.seatings_per_deal(), 4);
        let lone_seat = |c: &ArenaConfig, p| c.seating(p).iter().position(|&e| e == 0).unwrap();
        assert_eq!((0..4).map(|p| lone_seat(&lone, p)).collect::<Vec<_>>(), [0, 1, 2, 3]);
        let lone_rotations = ArenaConfig { seating: Seating::Rotations, ..lone.clone() };
        assert_eq!(lone_rotations.seatings_per_deal(), 4);
        assert_eq!(lone_rotations.seating(1), vec![1, 2, 3, 0]);

        // Two and two: 4! / (2! 2!) = 6 permutations, 2 rotations; every seating distinct.
        let pairs = ArenaConfig { lineup: lineup("heuristic,random,heuristic,random"), ..same };
        assert_eq!(pairs.seatings_per_deal(), 6);
        let lines = Lines::of(&pairs.lineup);
        let orders: Vec<Vec<usize>> =
            (0..6).map(|p| pairs.seating(p).iter().map(|&e| lines.line_of[e]).collect()).collect();
        assert_eq!(
            orders,
            [[0, 0, 1, 1], [0, 1, 0, 1], [0, 1, 1, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 1, 0, 0]].map(|o| o.to_vec())
        );
        for p in 0..6 {
            let mut entries = pairs.seating(p);
            entries.sort();
            assert_eq!(entries, [0, 1, 2, 3], "every entry seated once");
        }
        assert_eq!(ArenaConfig { seating: Seating::Rotations, ..pairs }.seatings_per_deal(), 2);
    }

    #[test]
    fn lines_merge_entries_of_the_same_name() {
        let lines = Lines::of(&[BotKind::Heuristic, BotKind::Random, BotKind::Random, BotKind::Ismcts(10)]);
        assert_eq!(lines.names, ["heuristic", "random", "ismcts:10"]);
        assert_eq!(lines.line_of, [0, 1, 1, 2]);
    }

    fn outcome(deal: u64, credit: [u64; 2], score: [i64; 2]) -> Outcome {
        Outcome {
            deal,
            seating: 0,
            seed: 0,
            entries: BySeat::from_fn(2, |s| s.0),
            decisions: 1,
            rounds: 1,
            unfinished: false,
            credit: BySeat::from_fn(2, |s| credit[s.index()]),
            score: BySeat::from_fn(2, |s| score[s.index()]),
            counts: Default::default(),
        }
    }

    const TWO: Layout = Layout { lines: 2, seats: 2, counters: 0 };

    #[test]
    fn bradley_terry_orders_a_clear_winner_first() {
        // Line 0 always wins against line 1.
        let mut tally = Tally::empty(TWO, &[0, 1]);
        for d in 0..50 {
            tally.add(&outcome(d, [SHARE_UNIT, 0], [1, 0]));
        }
        let r = bradley_terry(&tally.beats);
        assert!(r[0] > r[1] + 400.0, "{r:?}");
        assert!(((r[0] + r[1]) / 2.0 - 1500.0).abs() < 1e-6);
        // Even results give equal ratings.
        let mut even = Tally::empty(TWO, &[0, 1]);
        for d in 0..50 {
            let credit = if d % 2 == 0 { [SHARE_UNIT, 0] } else { [0, SHARE_UNIT] };
            even.add(&outcome(d, credit, [0, 0]));
        }
        let r = bradley_terry(&even.beats);
        assert!((r[0] - r[1]).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn a_deal_enters_the_sums_once_with_all_its_seatings() {
        let mut tally = Tally::empty(TWO, &[0, 1]);
        tally.add(&outcome(0, [SHARE_UNIT, 0], [3, -1]));
        tally.add(&outcome(0, [1260, 1260], [0, 2]));
        tally.add(&outcome(1, [0, SHARE_UNIT], [1, 1]));
        tally.finish();
        assert_eq!((tally.matches, tally.deals()), (3, 2));
        let credit = tally.sums.measures[TWO.line_credit(0)];
        assert_eq!((credit.sum, credit.sum_sq), (3780, 3780 * 3780));
        let score = tally.sums.measures[TWO.seat_score(1)];
        assert_eq!((score.sum, score.sum_sq), (2, 1 + 1));
    }
}
