//! The pace of a table with people at it: how long a bot takes to react in a window, how often
//! it misses one or forgets its own announcement, and how long the table waits before playing a
//! person's only move for them. Every draw is seeded (from the match seed, the action counter
//! and the seat, like every bot decision) and made in whole milliseconds with integer arithmetic,
//! so a match rebuilt from its record paces the same on any machine.
//!
//! **Why these figures.** A person at a screen answers an expected signal in about a quarter of
//! a second (the simple visual reaction time; Human Benchmark's median over millions of tries is
//! 273 ms), a choice between a few in about half a second (Hick–Hyman), and pointing at a button
//! with a mouse or a finger adds half a second to a second (Fitts). Noticing what nobody signals
//! — an opponent down to one card who did not say UNIQUE, a pair one could complete — takes
//! longer, and people miss some of it altogether. So a person who watches for the button and
//! clicks it at once answers in 0.8–1.2 s, and the bots are paced as players who are not
//! waiting for that very moment:
//!
//! | level | fastest | 10% | 25% | median | 75% | 90% | slowest | misses | forgets UNIQUE |
//! |---|---|---|---|---|---|---|---|---|---|
//! | hard (a sharp player) | 0.9 s | 1.0 s | 1.1 s | 1.3 s | 1.55 s | 1.85 s | 2.5 s | 5% | 3% |
//! | medium (an ordinary player) | 1.5 s | 1.6 s | 1.75 s | 2.0 s | 2.35 s | 2.75 s | 3.5 s | 15% | 10% |
//! | easy (a relaxed player) | 2.0 s | 2.2 s | 2.45 s | 2.8 s | 3.3 s | 3.9 s | 5.0 s | 30% | 20% |
//!
//! Reaction times are skewed to the right (a few slow answers, never an instant one), so each
//! level's delay is drawn from these quantiles, linearly between them. A medium bot never
//! answers within 1.5 s: a person who answers within 1.2 s of the window opening wins every race
//! against it, even 0.3 s late on the network. No level answers within 0.9 s, far above the few
//! milliseconds between a person's card and the UNIQUE sent with it ([`REACTION_FLOOR_MS`]).
//!
//! A bot announces UNIQUE as it lays its card, unless it forgets (the last column); a bot that
//! forgot may still say it later, at its reaction pace, as a person who remembers — or miss it
//! for good (the misses column).
//!
//! **A person's only move** is played for them after a delay drawn like a quick decision of a
//! person's ([`PERSON_FORCED`]: 0.8 s at the fastest, 1.2 s median, 2.6 s at the slowest), never a
//! fixed instant: whether a move is the only one often depends on the cards (a lone `draw`
//! because nothing fits), and a move always made at once, or always after the same time, would
//! tell the other seats so.

use tapis_bots::Level;
use tapis_core::GameRng;

/// A distribution of delays in milliseconds, given by its quantiles at 0%, 10%, 25%, 50%, 75%,
/// 90% and 100%, and drawn linearly between them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Quantiles(pub [u64; 7]);

/// The probabilities of [`Quantiles`]' points, in millionths.
const POINTS: [u64; 7] = [0, 100_000, 250_000, 500_000, 750_000, 900_000, 1_000_000];

impl Quantiles {
    /// A delay drawn from the distribution.
    pub fn draw(&self, rng: &mut GameRng) -> u64 {
        let u = rng.below(1_000_000);
        let i = POINTS.windows(2).position(|w| u < w[1]).unwrap_or(POINTS.len() - 2);
        let (p0, p1) = (POINTS[i], POINTS[i + 1]);
        let (q0, q1) = (self.0[i], self.0[i + 1]);
        q0 + (q1 - q0) * (u - p0) / (p1 - p0)
    }

    /// The fastest delay the distribution gives.
    pub fn floor(&self) -> u64 {
        self.0[0]
    }

    /// The median.
    pub fn median(&self) -> u64 {
        self.0[3]
    }
}

/// How a level's bots react.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pace {
    /// The delay between a window opening and the bot's answer in it.
    pub reaction: Quantiles,
    /// The chance, in thousandths, that the bot does not notice a window at all.
    pub miss_per_mille: u64,
    /// The chance, in thousandths, that the bot does not announce UNIQUE with its card.
    pub forget_per_mille: u64,
}

const HARD: Pace =
    Pace { reaction: Quantiles([900, 1000, 1100, 1300, 1550, 1850, 2500]), miss_per_mille: 50, forget_per_mille: 30 };

const MEDIUM: Pace = Pace {
    reaction: Quantiles([1500, 1600, 1750, 2000, 2350, 2750, 3500]),
    miss_per_mille: 150,
    forget_per_mille: 100,
};

const EASY: Pace = Pace {
    reaction: Quantiles([2000, 2200, 2450, 2800, 3300, 3900, 5000]),
    miss_per_mille: 300,
    forget_per_mille: 200,
};

/// The fastest any bot reacts: between a person's card and the UNIQUE they send with it, no
/// bot's CONTRE can come.
pub const REACTION_FLOOR_MS: u64 = 900;

/// How long the table waits before playing a person's only move for them.
pub const PERSON_FORCED: Quantiles = Quantiles([800, 900, 1000, 1200, 1500, 1900, 2600]);

/// While a public window is open (someone holds one card without having said UNIQUE), a bot
/// whose turn it is does not move on before this long after the window opened: the next
/// player's first action closes the window, and people, like the other bots, get the time to
/// react. Most reactions of every level come within it.
pub const WINDOW_HOLD_MS: u64 = 3000;

/// The pace of a level's bots.
pub fn of(level: Level) -> &'static Pace {
    match level {
        Level::Easy => &EASY,
        Level::Medium => &MEDIUM,
        Level::Hard => &HARD,
    }
}

/// What a bot does with a window that opened for it: answer after this many milliseconds, or
/// not at all (`None`). An `announcement` (a window its own move opened: UNIQUE as it lays its
/// card) is answered at once unless forgotten, and then as a person who remembers, or never.
pub fn plan(pace: &Pace, announcement: bool, rng: &mut GameRng) -> Option<u64> {
    if announcement && !rng.chance(pace.forget_per_mille, 1000) {
        return Some(0);
    }
    if rng.chance(pace.miss_per_mille, 1000) {
        return None;
    }
    Some(pace.reaction.draw(rng))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stay_within_their_quantiles_and_follow_them() {
        for pace in [&EASY, &MEDIUM, &HARD, &Pace { reaction: PERSON_FORCED, ..HARD }] {
            let q = pace.reaction;
            let mut rng = GameRng::seed_from_u64(5);
            let mut drawn: Vec<u64> = (0..20_000).map(|_| q.draw(&mut rng)).collect();
            drawn.sort_unstable();
            assert!(drawn[0] >= q.floor() && drawn[drawn.len() - 1] <= q.0[6]);
            let at = |p: usize| drawn[p * drawn.len() / 100];
            for (p, want) in [(10, q.0[1]), (25, q.0[2]), (50, q.0[3]), (75, q.0[4]), (90, q.0[5])] {
                assert!(at(p).abs_diff(want) <= 40, "{p}%: {} against {want}", at(p));
            }
        }
        assert_eq!(HARD.reaction.floor(), REACTION_FLOOR_MS);
        assert!([&EASY, &MEDIUM].iter().all(|p| p.reaction.floor() >= REACTION_FLOOR_MS));
    }

    #[test]
    fn a_quantile_draw_is_pinned() {
        let mut rng = GameRng::seed_from_u64(42);
        let drawn: Vec<u64> = (0..6).map(|_| MEDIUM.reaction.draw(&mut rng)).collect();
        assert_eq!(drawn, GOLDEN_MEDIUM);
    }

    const GOLDEN_MEDIUM: [u64; 6] = [2254, 3127, 1927, 2178, 1788, 1649];

    #[test]
    fn announcements_are_mostly_made_at_once() {
        let mut rng = GameRng::seed_from_u64(9);
        let plans: Vec<Option<u64>> = (0..10_000).map(|_| plan(&MEDIUM, true, &mut rng)).collect();
        let at_once = plans.iter().filter(|p| **p == Some(0)).count();
        let never = plans.iter().filter(|p| p.is_none()).count();
        assert!((8_850..=9_150).contains(&at_once), "{at_once}");
        // Forgotten (10%), then missed for good (15% of those).
        assert!((100..=200).contains(&never), "{never}");
        assert!(plans.iter().all(|p| p.is_none_or(|ms| ms == 0 || ms >= MEDIUM.reaction.floor())));
    }
}
