//! A rated ladder of the bots of one game: meetings on duplicate deals, a Bradley–Terry rating
//! fitted on every pairwise result, and intervals by bootstrap over deals.
//!
//! **Meetings.** Each meeting pits one bot (the lone one) against `players − 1` copies of
//! another on duplicate deals, every deal played in every rotation of the seats (`docs/bots.md`'s
//! "one against three" at 4 players): the lone bot meets the same cards from every seat. A
//! meeting with a search bot puts the search alone, so it costs one search seat, not three;
//! such meetings play `search_deals` deals, the others `deals`.
//!
//! **Pairwise results.** In each match the lone bot meets each copy once: it beats a copy when it
//! is among the winners and the copy is not, loses when the reverse holds, and the two share a
//! draw when both are among the winners (a match stopped at the decision limit counts every
//! seat a winner). When a copy wins, the other copies neither beat nor lose to the lone bot.
//! With bots of equal strength these comparisons are even, whatever the player count.
//!
//! **Rating.** Bradley–Terry strengths ([`crate::arena::bradley_terry`], Hunter's MM algorithm)
//! fitted on the pairwise results of every meeting together, on the Elo scale (400 points: ten
//! to one odds) and anchored so that the heuristic bot (or the first rung when it is absent) is
//! at 1,500: the other rungs' intervals are then those of their gap to it. **Intervals**: the
//! 2.5% and 97.5% quantiles of 1,000 fits on bootstrap resamples, where each meeting's deals are
//! drawn again with replacement (the deal is the unit, as in the arena). The resamples are drawn
//! from the ladder's seed: the same seed gives the same table.
//!
//! Each meeting also reports the lone bot's win share with its Student interval over deals, the
//! arena's figure.

use crate::arena::{ArenaConfig, Seating, bradley_terry, play};
use crate::stats::{Estimate, Moments};
use crate::{BotKind, in_order};
use serde::Serialize;
use serde_json::{Map, Value};
use tapis_core::{Counters, Encoding, GameRng, Heuristic, SetupError};

/// Bootstrap resamples behind each interval.
pub const RESAMPLES: usize = 1000;

#[derive(Clone, Debug)]
pub struct LadderConfig {
    pub players: usize,
    pub seed: u64,
    pub options: Map<String, Value>,
    /// The rungs, weakest expected first.
    pub rungs: Vec<BotKind>,
    /// Which rung meets which: `(lone, field)`, indices into `rungs`.
    pub meetings: Vec<(usize, usize)>,
    /// Deals of a meeting between bots that do not search.
    pub deals: u64,
    /// Deals of a meeting with a search bot.
    pub search_deals: u64,
}

/// The standard rungs: random, first-legal, heuristic, learned, ISMCTS at 1,000 (keeping the
/// heuristic's move, then the learned policy's) and ISMCTS at 5,000.
pub fn standard_rungs() -> Vec<BotKind> {
    vec![
        BotKind::Random,
        BotKind::FirstLegal,
        BotKind::Heuristic,
        BotKind::Learned,
        BotKind::Ismcts(1000),
        BotKind::IsmctsLearned(1000),
        BotKind::Ismcts(crate::HARD_ISMCTS_ITERATIONS),
    ]
}

fn searches(bot: BotKind) -> bool {
    matches!(bot, BotKind::Ismcts(_) | BotKind::IsmctsLearned(_))
}

/// The meetings of a ladder of `rungs` (weakest expected first): every pair of bots that do not
/// search; each search alone against the heuristic and the learned bot; and each search keeping
/// the learned policy's move alone against the same search keeping the heuristic's. A search
/// never meets random or first-legal play (it would win nearly every match and tell the rating
/// nothing, at a search's price), and two searches of different budgets meet only through the
/// bots they both meet: every search seat costs its budget at every decision.
pub fn standard_meetings(rungs: &[BotKind]) -> Vec<(usize, usize)> {
    let mut meetings = Vec::new();
    let mid = |bot: BotKind| matches!(bot, BotKind::Heuristic | BotKind::Learned);
    for (j, &b) in rungs.iter().enumerate() {
        for (i, &a) in rungs.iter().enumerate().take(j) {
            match (a, b) {
                (BotKind::Ismcts(n), BotKind::IsmctsLearned(m)) if n == m => meetings.push((j, i)),
                (BotKind::IsmctsLearned(n), BotKind::Ismcts(m)) if n == m => meetings.push((i, j)),
                _ if !searches(a) && !searches(b) => meetings.push((j, i)),
                _ if mid(a) && searches(b) => meetings.push((j, i)),
                _ if searches(a) && mid(b) => meetings.push((i, j)),
                _ => {}
            }
        }
    }
    meetings
}

impl LadderConfig {
    /// The arena of meeting `(lone, field)`.
    pub fn arena(&self, (lone, field): (usize, usize)) -> ArenaConfig {
        let mut lineup = vec![self.rungs[field]; self.players];
        lineup[0] = self.rungs[lone];
        let search = searches(self.rungs[lone]) || searches(self.rungs[field]);
        ArenaConfig {
            players: self.players,
            deals: if search { self.search_deals } else { self.deals },
            seed: self.seed,
            options: self.options.clone(),
            lineup,
            seating: Seating::Rotations,
        }
    }

    pub fn matches(&self) -> u64 {
        self.meetings.iter().map(|&m| self.arena(m).matches()).sum()
    }

    /// Checks the table, every bot at it, and the meetings.
    pub fn check<G: Counters + Heuristic + Encoding>(&self) -> Result<(), SetupError> {
        let bad = |fr: String, en: String| SetupError::BadSetup(tapis_core::Text::new(fr, en));
        if self.rungs.len() < 2 {
            return Err(bad(
                "une échelle compare au moins deux robots".into(),
                "a ladder compares at least two bots".into(),
            ));
        }
        for &(lone, field) in &self.meetings {
            if lone == field || lone >= self.rungs.len() || field >= self.rungs.len() {
                return Err(bad(
                    format!("rencontre {lone} contre {field} : pas deux barreaux distincts"),
                    format!("meeting {lone} against {field}: not two different rungs"),
                ));
            }
            crate::arena::check::<G>(&self.arena((lone, field)))?;
        }
        Ok(())
    }
}

/// What one deal of a meeting gave: the lone bot's comparisons won and lost against the copies
/// (draws counted half each way, so in halves), and its win credit over the deal's seatings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct DealResult {
    won_halves: u64,
    lost_halves: u64,
    credit: u64,
}

/// A meeting's result: the lone bot's win share with its interval, and its pairwise record.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MeetingReport {
    pub lone: String,
    pub field: String,
    pub deals: u64,
    pub matches: u64,
    /// The lone bot's share of the matches won (the fair share is 1 / players).
    pub lone_share: Estimate,
    /// Pairwise comparisons won and lost by the lone bot (a draw counts half each way).
    pub lone_won: f64,
    pub lone_lost: f64,
    #[serde(skip)]
    per_deal: Vec<DealResult>,
}

/// A rung's rating.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rung {
    pub bot: String,
    pub rating: f64,
    /// 95% bootstrap interval over deals.
    pub ci: [f64; 2],
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LadderReport {
    pub players: usize,
    pub seed: u64,
    pub options: Map<String, Value>,
    /// The rung at 1,500.
    pub anchor: String,
    pub resamples: usize,
    /// Strongest first.
    pub rungs: Vec<Rung>,
    pub meetings: Vec<MeetingReport>,
}

/// Plays meeting `meeting` of `config`, `progress` told each match played.
fn meet<G: Counters + Heuristic + Encoding>(
    config: &LadderConfig,
    meeting: (usize, usize),
    progress: &(dyn Fn() + Sync),
) -> MeetingReport {
    let arena = config.arena(meeting);
    let seatings = arena.seatings_per_deal();
    let mut per_deal = vec![DealResult::default(); arena.deals as usize];
    let unit = crate::sim::SHARE_UNIT;
    in_order(
        arena.matches(),
        |i| {
            let outcome = play::<G>(&arena, i / seatings, i % seatings);
            progress();
            outcome
        },
        |outcome| {
            let lone = outcome.entries.iter().position(|&e| e == 0).expect("the lone bot sits somewhere");
            let credit = outcome.credit.as_slice();
            let result = &mut per_deal[outcome.deal as usize];
            result.credit += credit[lone];
            for (seat, &c) in credit.iter().enumerate() {
                match (seat == lone, credit[lone] > 0, c > 0) {
                    (true, ..) => {}
                    (false, true, false) => result.won_halves += 2,
                    (false, false, true) => result.lost_halves += 2,
                    (false, true, true) => {
                        result.won_halves += 1;
                        result.lost_halves += 1;
                    }
                    (false, false, false) => {}
                }
            }
        },
    );
    let mut moments = Moments::default();
    for result in &per_deal {
        moments.add(i128::from(result.credit));
    }
    MeetingReport {
        lone: config.rungs[meeting.0].name(),
        field: config.rungs[meeting.1].name(),
        deals: arena.deals,
        matches: arena.matches(),
        lone_share: moments.estimate(seatings, unit as f64).share(),
        lone_won: per_deal.iter().map(|r| r.won_halves).sum::<u64>() as f64 / 2.0,
        lone_lost: per_deal.iter().map(|r| r.lost_halves).sum::<u64>() as f64 / 2.0,
        per_deal,
    }
}

/// Ratings from pairwise results per meeting, anchored at `anchor`.
fn fit(config: &LadderConfig, results: &[(u64, u64)], anchor: usize) -> Vec<f64> {
    let n = config.rungs.len();
    // `bradley_terry` reads quarter wins; halves are doubled.
    let mut beats = vec![vec![0u64; n]; n];
    for (&(lone, field), &(won, lost)) in config.meetings.iter().zip(results) {
        beats[lone][field] += 2 * won;
        beats[field][lone] += 2 * lost;
    }
    let ratings = bradley_terry(&beats);
    ratings.iter().map(|r| r - ratings[anchor] + 1500.0).collect()
}

/// Plays every meeting and rates the rungs.
pub fn run<G: Counters + Heuristic + Encoding>(config: &LadderConfig, progress: &(dyn Fn() + Sync)) -> LadderReport {
    let meetings: Vec<MeetingReport> = config.meetings.iter().map(|&m| meet::<G>(config, m, progress)).collect();
    let anchor = config.rungs.iter().position(|&b| b == BotKind::Heuristic).unwrap_or(0);
    let totals = |m: &MeetingReport| m.per_deal.iter().fold((0, 0), |(w, l), r| (w + r.won_halves, l + r.lost_halves));
    let ratings = fit(config, &meetings.iter().map(totals).collect::<Vec<_>>(), anchor);
    let mut rng = GameRng::seed_from_u64(tapis_core::rng::game_seed(config.seed, 0x001A_DDE5));
    let mut samples = vec![Vec::with_capacity(RESAMPLES); config.rungs.len()];
    for _ in 0..RESAMPLES {
        let results: Vec<(u64, u64)> = meetings
            .iter()
            .map(|m| {
                let n = m.per_deal.len();
                (0..n).fold((0, 0), |(w, l), _| {
                    let r = m.per_deal[rng.index(n)];
                    (w + r.won_halves, l + r.lost_halves)
                })
            })
            .collect();
        for (rung, rating) in fit(config, &results, anchor).into_iter().enumerate() {
            samples[rung].push(rating);
        }
    }
    let mut rungs: Vec<Rung> = samples
        .iter_mut()
        .enumerate()
        .map(|(i, s)| {
            s.sort_by(f64::total_cmp);
            let at = |q: f64| s[((q * (RESAMPLES - 1) as f64).round() as usize).min(RESAMPLES - 1)];
            Rung { bot: config.rungs[i].name(), rating: ratings[i], ci: [at(0.025), at(0.975)] }
        })
        .collect();
    rungs.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    LadderReport {
        players: config.players,
        seed: config.seed,
        options: config.options.clone(),
        anchor: config.rungs[anchor].name(),
        resamples: RESAMPLES,
        rungs,
        meetings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_meet_the_heuristic_and_each_other_not_random_play() {
        let rungs = standard_rungs();
        let names = |m: &(usize, usize)| (rungs[m.0].name(), rungs[m.1].name());
        let meetings: Vec<(String, String)> = standard_meetings(&rungs).iter().map(names).collect();
        let has = |a: &str, b: &str| meetings.contains(&(a.to_string(), b.to_string()));
        assert!(has("first-legal", "random") && has("learned", "heuristic") && has("learned", "random"));
        assert!(has("ismcts:1000", "heuristic") && has("ismcts-learned:1000", "ismcts:1000"));
        assert!(has("ismcts:5000", "heuristic") && has("ismcts:5000", "learned"));
        assert!(!meetings.iter().any(|(a, b)| a.starts_with("ismcts") && (b == "random" || b == "first-legal")));
        assert!(!has("ismcts:5000", "ismcts:1000"));
        // 6 pairs among the four bots that do not search, 2 for each search, and the two
        // searches at 1,000 iterations.
        assert_eq!(meetings.len(), 6 + 3 * 2 + 1);
    }

    #[test]
    fn an_even_record_rates_even_and_a_lopsided_one_apart() {
        let config = LadderConfig {
            players: 4,
            seed: 0,
            options: Map::new(),
            rungs: vec![BotKind::Heuristic, BotKind::Random],
            meetings: vec![(1, 0)],
            deals: 1,
            search_deals: 1,
        };
        let even = fit(&config, &[(100, 100)], 0);
        assert!((even[1] - 1500.0).abs() < 1e-6, "{even:?}");
        let lopsided = fit(&config, &[(10, 90)], 0);
        // Nine to one is 382 Elo points, less the prior's pull.
        assert!(lopsided[1] < 1500.0 - 300.0 && lopsided[1] > 1500.0 - 400.0, "{lopsided:?}");
    }
}
