//! What a game counts in a match, for studies: the few numbers that tell its story (pick-ups in
//! Battle GUM, Courage flips in Nur Mut, chips won by the board in Le Nain Jaune…), beside the
//! win shares, scores, rounds and lengths every game has.
//!
//! A game counts from its own events, the public record of what happened: the hook reads events
//! and never the state, so it stays apart from the rules, and a match played with a [`Counting`]
//! sink is the very match played with `()` (events are built only to be counted). Only public
//! events are counted, so that an action told twice (once to the table, once privately to its
//! seat) counts once. The counts are kept in a fixed array: counting allocates nothing but what
//! building an event allocates (the few events that carry a list of cards).

use crate::game::{EventSink, Game};
use serde::Serialize;

/// The most counters a game keeps.
pub const MAX_COUNTERS: usize = 8;

/// One counter: its key (in exports, snake_case) and what it counts, in French and English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counter {
    pub key: &'static str,
    pub fr: &'static str,
    pub en: &'static str,
}

/// A match's counts: slot `k` holds counter `k` of the game's [`Counters::COUNTERS`]; the slots
/// past them stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts(pub [u64; MAX_COUNTERS]);

impl Counts {
    /// Adds `n` to counter `k`.
    #[inline]
    pub fn add(&mut self, k: usize, n: u64) {
        self.0[k] += n;
    }

    pub fn get(&self, k: usize) -> u64 {
        self.0[k]
    }
}

/// A game's own counters (a hook beside the rules, implemented in each game's folder).
pub trait Counters: Game {
    /// The counters, in slot order (at most [`MAX_COUNTERS`]).
    const COUNTERS: &'static [Counter];

    /// What counting remembers from one event to the next within a match (Njet!'s teams of the
    /// round); `()` for a game whose every count reads one event.
    type Memory: Default;

    /// Adds to `counts` what `event` tells (public events only).
    fn count(event: &Self::Event, memory: &mut Self::Memory, counts: &mut Counts);
}

/// An event sink that counts: give it to [`Game::step`] instead of `()`.
pub struct Counting<G: Counters> {
    pub counts: Counts,
    memory: G::Memory,
}

impl<G: Counters> Default for Counting<G> {
    fn default() -> Self {
        Counting { counts: Counts::default(), memory: G::Memory::default() }
    }
}

impl<G: Counters> EventSink<G::Event, G::Chance> for Counting<G> {
    #[inline]
    fn emit(&mut self, event: impl FnOnce() -> G::Event) {
        G::count(&event(), &mut self.memory, &mut self.counts);
    }
}

/// Checks a game's counters against its events: every counter has a distinct snake_case key and
/// words, there are at most [`MAX_COUNTERS`], and counting while playing gives the same match as
/// the fast path (random play from `request`, the same draws). Returns the counts and every
/// event of the match (public and private), for the game's test to count again its own way.
/// Panics on a broken property.
pub fn check_counting<G: Counters>(request: &crate::MatchRequest, steps: usize) -> (Counts, Vec<G::Event>) {
    assert!(G::COUNTERS.len() <= MAX_COUNTERS, "{}: too many counters", G::ID);
    for (i, counter) in G::COUNTERS.iter().enumerate() {
        assert!(
            !counter.key.is_empty() && counter.key.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{}: key {:?} is not snake_case",
            G::ID,
            counter.key
        );
        assert!(!counter.fr.is_empty() && !counter.en.is_empty(), "{}: {} has no words", G::ID, counter.key);
        assert!(G::COUNTERS[..i].iter().all(|c| c.key != counter.key), "{}: {} twice", G::ID, counter.key);
    }
    let start = crate::Match::<G>::new(request).expect("a valid request").state().clone();
    let (mut fast, mut counted, mut logged) = (start.clone(), start.clone(), start);
    let mut sink = Counting::<G>::default();
    let mut events = Vec::new();
    let mut rng = crate::GameRng::seed_from_u64(request.seed);
    let mut legal = crate::ActionList::new();
    for _ in 0..steps {
        if fast.is_over() {
            break;
        }
        let (seat, action) = crate::race::random_choice(&fast, &mut rng, &mut legal);
        fast.apply_unchecked(seat, action);
        counted.step(seat, action, &mut sink);
        logged.step(seat, action, &mut events);
        assert!(fast == counted && fast == logged, "{}: counting changed the match", G::ID);
    }
    assert!(sink.counts.0[G::COUNTERS.len()..].iter().all(|&c| c == 0), "{}: a count past the game's counters", G::ID);
    (sink.counts, events)
}
