//! What is measured of a match, and how means and their 95% intervals are computed: **the deal
//! is the unit**.
//!
//! **Why.** An arena plays each deal in several seatings; with the same bot at every seat those
//! seatings replay the same match, and even with different bots the matches of one deal share
//! its cards, so they are not independent. An interval that counts them as independent is too
//! narrow (or, when seatings cancel each other's luck, too wide), and seeds then disagree. So
//! every interval of `tapis arena` and `tapis sim` is computed over deals, which are independent
//! (each deal is dealt from its own seed): for each measure, the deal's value is the mean of its
//! matches (each of its seatings once), and the interval is Student's t interval of the mean of
//! those per-deal values, `mean ± t(0.975, deals − 1) · s / √deals`. With every deal played in
//! the same number of seatings, the mean of the per-deal means is the mean over matches, and
//! this is the cluster-robust interval of a mean with deals as clusters. A variant study
//! compares two option sets on the same deals and seatings by the per-deal difference B − A,
//! paired, whose interval is computed the same way. In `tapis sim` every match is its own deal.
//!
//! The per-deal values are never kept: each measure keeps the exact integer sums over deals of
//! the deal's total `T` and of `T²` ([`Moments`]), so memory does not grow with the number of
//! deals and the figures do not depend on the order in which deals are added (the thread
//! count). A cluster bootstrap would need every deal's values and a seeded resampler for the
//! same answer on this design (equal clusters, hundreds of deals or more); it was not needed.
//!
//! Win shares are means of a per-match credit between 0 and 1 (a shared win split equally), so
//! the same interval applies, clipped to [0, 1]; with few deals and a share near 0 or 1 it is
//! rough. With a single deal there is no interval (both bounds are NaN, `null` in JSON).

use crate::sim::SHARE_UNIT;
use serde::Serialize;
use tapis_core::{BySeat, Counters, Counts};

/// One match's outcome, seat by seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The deal (a match index in `tapis sim`) and its seating (0 in `tapis sim`).
    pub deal: u64,
    pub seating: u64,
    /// The match's seed: `tapis play --seed` deals the same cards.
    pub seed: u64,
    /// Which lineup entry sits at each seat (in `tapis sim`, seat `s` is entry `s`).
    pub entries: BySeat<u8>,
    pub decisions: u64,
    pub rounds: u32,
    /// Stopped after [`crate::MAX_DECISIONS`] decisions and scored as a draw.
    pub unfinished: bool,
    /// Each seat's win credit, in units of 1/[`SHARE_UNIT`].
    pub credit: BySeat<u64>,
    /// Each seat's final match score.
    pub score: BySeat<i64>,
    /// The game's own counters ([`tapis_core::Counters`]).
    pub counts: Counts,
}

/// Where each measure of a match lies in a list of values: match length, rounds, stops, then
/// win credit and score per line of bots (entries of the same name together), win credit and
/// score per seat, and the game's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub lines: usize,
    pub seats: usize,
    pub counters: usize,
}

impl Layout {
    pub const DECISIONS: usize = 0;
    pub const ROUNDS: usize = 1;
    pub const UNFINISHED: usize = 2;

    pub fn line_credit(&self, line: usize) -> usize {
        3 + line
    }
    pub fn line_score(&self, line: usize) -> usize {
        3 + self.lines + line
    }
    pub fn seat_credit(&self, seat: usize) -> usize {
        3 + 2 * self.lines + seat
    }
    pub fn seat_score(&self, seat: usize) -> usize {
        3 + 2 * self.lines + self.seats + seat
    }
    pub fn counter(&self, k: usize) -> usize {
        3 + 2 * self.lines + 2 * self.seats + k
    }
    pub fn len(&self) -> usize {
        3 + 2 * self.lines + 2 * self.seats + self.counters
    }
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Writes the measures of `outcome` into `out` (`line_of[entry]` is the line of a lineup
    /// entry).
    pub fn values(&self, outcome: &Outcome, line_of: &[usize], out: &mut [i128]) {
        out.fill(0);
        out[Self::DECISIONS] = i128::from(outcome.decisions);
        out[Self::ROUNDS] = i128::from(outcome.rounds);
        out[Self::UNFINISHED] = i128::from(outcome.unfinished);
        for seat in 0..self.seats {
            let (credit, score) =
                (i128::from(outcome.credit.as_slice()[seat]), i128::from(outcome.score.as_slice()[seat]));
            if self.lines > 0 {
                let line = line_of[outcome.entries.as_slice()[seat] as usize];
                out[self.line_credit(line)] += credit;
                out[self.line_score(line)] += score;
            }
            out[self.seat_credit(seat)] = credit;
            out[self.seat_score(seat)] = score;
        }
        for k in 0..self.counters {
            out[self.counter(k)] = i128::from(outcome.counts.get(k));
        }
    }
}

/// Exact sums over units (deals) of a unit's total `T` and of `T²`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    pub units: u64,
    pub sum: i128,
    pub sum_sq: i128,
}

impl Moments {
    /// Adds one unit whose matches total `total`.
    pub fn add(&mut self, total: i128) {
        self.units += 1;
        self.sum = self.sum.saturating_add(total);
        self.sum_sq = self.sum_sq.saturating_add(total.saturating_mul(total));
    }

    pub fn merge(&mut self, other: &Moments) {
        self.units += other.units;
        self.sum = self.sum.saturating_add(other.sum);
        self.sum_sq = self.sum_sq.saturating_add(other.sum_sq);
    }

    /// The mean per match of the measure divided by `scale`, each unit being `matches` matches,
    /// with its 95% interval over units (see the module docs).
    pub fn estimate(&self, matches: u64, scale: f64) -> Estimate {
        if self.units == 0 {
            return Estimate { mean: f64::NAN, ci: [f64::NAN; 2] };
        }
        let per_unit = matches.max(1) as f64 * scale;
        let units = self.units as f64;
        let mean = self.sum as f64 / units / per_unit;
        if self.units < 2 {
            return Estimate { mean, ci: [f64::NAN; 2] };
        }
        // Σ(T − mean)² = (n·ΣT² − (ΣT)²) / n, exact in integers when it fits.
        let n = i128::from(self.units);
        let spread = match n.checked_mul(self.sum_sq).zip(self.sum.checked_mul(self.sum)) {
            Some((a, b)) => (a - b).max(0) as f64 / units,
            None => {
                let m = self.sum as f64 / units;
                (self.sum_sq as f64 - m * self.sum as f64).max(0.0)
            }
        };
        let variance = spread / (units - 1.0) / (per_unit * per_unit);
        let half = t_975(self.units - 1) * (variance / units).sqrt();
        Estimate { mean, ci: [mean - half, mean + half] }
    }
}

/// A mean per match and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub mean: f64,
    pub ci: [f64; 2],
}

impl Estimate {
    /// The same, the interval clipped to a share's [0, 1].
    pub fn share(self) -> Estimate {
        Estimate { mean: self.mean, ci: [self.ci[0].max(0.0), self.ci[1].min(1.0)] }
    }

    /// Whether `x` lies in the interval.
    pub fn holds(&self, x: f64) -> bool {
        self.ci[0] <= x && x <= self.ci[1]
    }
}

/// The 97.5% quantile of Student's t distribution with `df` degrees of freedom: exact to three
/// decimals below 8 degrees, then the Cornish–Fisher expansion around the normal quantile
/// (Abramowitz & Stegun 26.7.5), within 1e-4 from 8 on.
pub fn t_975(df: u64) -> f64 {
    const SMALL: [f64; 8] = [f64::NAN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365];
    if df < SMALL.len() as u64 {
        return SMALL[df as usize];
    }
    let z: f64 = 1.959_963_984_540_054;
    let n = df as f64;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    z + (z3 + z) / (4.0 * n)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * n * n)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * n.powi(3))
        + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92_160.0 * n.powi(4))
}

/// A counter of the game: its mean per match with its interval.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CounterStats {
    pub key: &'static str,
    /// What it counts, in English and in French.
    pub name: &'static str,
    pub name_fr: &'static str,
    pub mean: f64,
    pub ci: [f64; 2],
}

/// The game's counters from `sums` (`matches` matches per deal).
pub fn counter_stats<G: Counters>(sums: &DealSums, layout: &Layout, matches: u64) -> Vec<CounterStats> {
    G::COUNTERS
        .iter()
        .enumerate()
        .map(|(k, counter)| {
            let e = sums.estimate(layout.counter(k), matches, 1.0);
            CounterStats { key: counter.key, name: counter.en, name_fr: counter.fr, mean: e.mean, ci: e.ci }
        })
        .collect()
}

/// Sums over deals of every measure, fed match by match in deal order: the matches of a deal
/// are added up, and the deal's totals go into the [`Moments`] once its last match is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSums {
    pub measures: Vec<Moments>,
    open: Option<u64>,
    current: Vec<i128>,
}

impl DealSums {
    pub fn new(measures: usize) -> DealSums {
        DealSums { measures: vec![Moments::default(); measures], open: None, current: vec![0; measures] }
    }

    /// Adds one match of deal `deal` (matches come deal after deal).
    pub fn add(&mut self, deal: u64, values: &[i128]) {
        if self.open != Some(deal) {
            self.close();
            self.open = Some(deal);
        }
        for (total, value) in self.current.iter_mut().zip(values) {
            *total += value;
        }
    }

    /// Closes the deal in progress, if any.
    pub fn close(&mut self) {
        if self.open.take().is_some() {
            for (moments, total) in self.measures.iter_mut().zip(&mut self.current) {
                moments.add(*total);
                *total = 0;
            }
        }
    }

    /// Adds a deal of one match at once (`tapis sim`).
    pub fn add_unit(&mut self, values: &[i128]) {
        debug_assert!(self.open.is_none());
        for (moments, &value) in self.measures.iter_mut().zip(values) {
            moments.add(value);
        }
    }

    /// The sums of both (closed) runs.
    pub fn merge(mut self, other: &DealSums) -> DealSums {
        debug_assert!(self.open.is_none() && other.open.is_none());
        for (mine, theirs) in self.measures.iter_mut().zip(&other.measures) {
            mine.merge(theirs);
        }
        self
    }

    /// The mean per match of measure `i` with its interval (`matches` matches per deal).
    pub fn estimate(&self, i: usize, matches: u64, scale: f64) -> Estimate {
        self.measures[i].estimate(matches, scale)
    }

    /// The same for a win credit, as a share clipped to [0, 1].
    pub fn share(&self, i: usize, matches: u64) -> Estimate {
        self.measures[i].estimate(matches, SHARE_UNIT as f64).share()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn student_quantiles_match_the_tables() {
        // Tables of t(0.975): 8 → 2.306, 10 → 2.228, 20 → 2.086, 30 → 2.042, 100 → 1.984,
        // 1000 → 1.962.
        for (df, t) in [(1, 12.706), (5, 2.571), (8, 2.306), (10, 2.228), (20, 2.086), (30, 2.042), (100, 1.984)] {
            assert!((t_975(df) - t).abs() < 5e-4, "df {df}: {} against {t}", t_975(df));
        }
        assert!((t_975(1000) - 1.962).abs() < 5e-4);
        assert!((t_975(u64::MAX) - 1.96).abs() < 1e-3);
    }

    #[test]
    fn a_deal_is_one_unit_whatever_its_seatings() {
        // Two deals of three identical matches each: as good as two matches, not six.
        let mut sums = DealSums::new(1);
        for (deal, value) in [(0, 10), (0, 10), (0, 10), (1, 14), (1, 14), (1, 14)] {
            sums.add(deal, &[value]);
        }
        sums.close();
        assert_eq!(sums.measures[0], Moments { units: 2, sum: 72, sum_sq: 30 * 30 + 42 * 42 });
        let estimate = sums.estimate(0, 3, 1.0);
        assert_eq!(estimate.mean, 12.0);
        // Per-deal means 10 and 14: s = 2√2, half-width t(1) · s / √2 = 12.706 · 2.
        assert!((estimate.ci[1] - 12.0 - 12.706 * 2.0).abs() < 1e-9, "{estimate:?}");
    }

    #[test]
    fn intervals_from_sums_match_the_two_pass_formula() {
        let values = [3i128, -1, 4, 1, -5, 9, 2, 6];
        let mut moments = Moments::default();
        for v in values {
            moments.add(v);
        }
        let estimate = moments.estimate(1, 2.0);
        let halves: Vec<f64> = values.iter().map(|&v| v as f64 / 2.0).collect();
        let m = halves.iter().sum::<f64>() / 8.0;
        let variance = halves.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / 7.0;
        let half = t_975(7) * (variance / 8.0).sqrt();
        assert!((estimate.mean - m).abs() < 1e-12);
        assert!((estimate.ci[0] - (m - half)).abs() < 1e-12 && (estimate.ci[1] - (m + half)).abs() < 1e-12);
        assert!(Moments::default().estimate(1, 1.0).mean.is_nan());
        let mut one = Moments::default();
        one.add(4);
        let lone = one.estimate(2, 1.0);
        assert_eq!(lone.mean, 2.0);
        assert!(lone.ci.iter().all(|x| x.is_nan()), "no interval from one deal");
    }

    #[test]
    fn sums_merge_in_any_order() {
        let mut a = DealSums::new(2);
        let mut b = DealSums::new(2);
        a.add_unit(&[1, 2]);
        b.add_unit(&[3, -4]);
        b.add_unit(&[5, 6]);
        let ab = a.clone().merge(&b);
        let ba = b.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.measures[1], Moments { units: 3, sum: 4, sum_sq: 4 + 16 + 36 });
    }
}
