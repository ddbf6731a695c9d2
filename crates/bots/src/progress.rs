//! Noticing a match that no longer moves forward, so that it can be stopped as a draw.
//!
//! The rules of some games have no limit of their own: in Battle GUM two players can hand the
//! pile back and forth with 13s and replay the same cards for ever, and a greedy learned policy
//! does exactly that. [`MAX_DECISIONS`](crate::MAX_DECISIONS) stops such a match after 30,000
//! decisions; [`Progress`] stops it long before, on either of two signs:
//!
//! - **no progress for a while**: `limit` engine actions in a row without any of what moves a
//!   match towards its end: a new round, a score that changes, or a seat holding fewer cards
//!   than at the last progress;
//! - **a position that keeps coming back** since the last progress, the whole match compared
//!   (the generator of chance included: a position that recurs with the same future is a loop).
//!   Only one earlier position is kept, taken again after 1, 2, 4, 8… quiet actions (Brent's
//!   cycle finding); when it comes back [`REPEATS`] times the match is stopped. A loop of `λ`
//!   actions is caught within about `4 × REPEATS × λ` actions, for the cost of one comparison
//!   an action (a cheap one first: the cards each seat holds) and a logarithmic number of
//!   copies.
//!
//! Progress is read from what every game reports ([`Game::round`], [`Game::scores`],
//! [`Game::cards_left`]), so it knows no game in particular. Ordinary play does not come near
//! either sign: [`DEFAULT_LIMIT`] and [`REPEATS`] say what was measured.

use serde::{Deserialize, Serialize};
use tapis_core::{BySeat, Game};

/// Engine actions without progress after which a match is stopped, by default. Over 51,000
/// matches (every game at 2, 4 and its most players; random, heuristic and first-legal players;
/// 1,000 matches each), the longest stretch without progress in a match that then finished was
/// 2,644 actions (Battle GUM, two random players handing the pile back and forth until one
/// escapes): the limit is well above it, and a third of [`MAX_DECISIONS`](crate::MAX_DECISIONS).
pub const DEFAULT_LIMIT: u64 = 10_000;

/// How many times the kept position must come back to count as a loop. Three times (chess's
/// rule) stops matches that random players would still have finished: in Battle GUM at two
/// players, 43 of 1,000 random matches see a position three times and end all the same. Eight
/// returns stopped none of the 51,000 matches above that finished, and a loop of a
/// deterministic policy is still caught within a few hundred actions.
pub const REPEATS: u32 = 8;

/// Why a match was stopped before its rules ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stall {
    /// `limit` engine actions without progress.
    NoProgress,
    /// The same position seen again and again since the last progress.
    Repetition,
}

/// The progress watch of one match: feed it every position after an engine action.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Progress<G: Game> {
    /// Engine actions without progress that stop the match (0: never).
    limit: u64,
    /// Engine actions since the last progress.
    quiet: u64,
    round: u32,
    scores: BySeat<i64>,
    /// Each seat's cards left at the last progress.
    lows: BySeat<u32>,
    /// The position kept for the repetition test, its cards left, and how often it came back.
    snapshot: Option<(G, BySeat<u32>)>,
    repeats: u32,
    /// The quiet count at which the next snapshot is taken (1, 2, 4, 8…).
    next_snapshot: u64,
}

impl<G: Game> Progress<G> {
    /// The watch of a match starting at `state`; `limit` 0 turns it off.
    pub fn new(state: &G, limit: u64) -> Self {
        let mut watch = Progress {
            limit,
            quiet: 0,
            round: 0,
            scores: BySeat::default(),
            lows: BySeat::default(),
            snapshot: None,
            repeats: 0,
            next_snapshot: 1,
        };
        watch.progress(state.round(), state.scores(), state.cards_left());
        watch
    }

    /// Whether the watch is on.
    pub fn enabled(&self) -> bool {
        self.limit > 0
    }

    /// Engine actions since the last progress.
    pub fn quiet(&self) -> u64 {
        self.quiet
    }

    fn progress(&mut self, round: u32, scores: BySeat<i64>, lows: BySeat<u32>) {
        self.quiet = 0;
        self.round = round;
        self.scores = scores;
        self.lows = lows;
        self.snapshot = None;
        self.repeats = 0;
        self.next_snapshot = 1;
    }

    /// Reads the position after an engine action: `Some` when the match should be stopped.
    pub fn after(&mut self, state: &G) -> Option<Stall> {
        if self.limit == 0 || state.is_over() {
            return None;
        }
        let left = state.cards_left();
        let round = state.round();
        let scores = state.scores();
        if round != self.round || scores != self.scores {
            self.progress(round, scores, left);
            return None;
        }
        if self.lows.iter().zip(left.iter()).any(|(low, now)| now < low) {
            self.progress(round, scores, left);
            return None;
        }
        self.quiet += 1;
        if let Some((snapshot, snapshot_left)) = &self.snapshot
            && *snapshot_left == left
            && snapshot == state
        {
            self.repeats += 1;
            if self.repeats >= REPEATS {
                return Some(Stall::Repetition);
            }
        }
        if self.quiet >= self.limit {
            return Some(Stall::NoProgress);
        }
        if self.quiet == self.next_snapshot {
            match &mut self.snapshot {
                Some((kept, kept_left)) => {
                    kept.clone_from(state);
                    *kept_left = left;
                }
                None => self.snapshot = Some((state.clone(), left)),
            }
            self.repeats = 0;
            self.next_snapshot = self.next_snapshot.saturating_mul(2);
        }
        None
    }
}
