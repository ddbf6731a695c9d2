//! Chance outcomes as a match meets them: kept as drawn while it is played, imposed from its
//! record while it is replayed, so that a record replays to the same match whatever the
//! generator or tomorrow's deal procedure (OpenSpiel keeps its chance outcomes in a game's
//! history for the same reason).
//!
//! A game draws from its generator exactly as it always did, then asks its event sink at each
//! chance point ([`EventSink::chance`]); a [`StepLog`] keeps what was drawn, or hands back the
//! outcome stored for that moment when it differs (and fits), which the game then imposes. The
//! generator's stream advances the same either way, so a match rebuilt from its record goes on
//! drawing as it would have without the rebuild. The record's side (its `chance` list) is
//! [`crate::record::Outcome`].

use crate::error::ChanceProblem;
use crate::game::EventSink;
use crate::record::Outcome;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The outcomes a record stored for one moment of a match (its setup, or one action), and where
/// they start in the record's `chance` list, for the errors to name them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stored<'a> {
    pub outcomes: &'a [Outcome],
    pub first: usize,
}

impl<'a> Stored<'a> {
    /// The outcomes of `chance` (in order of their `at`, which [`check_order`] checks) drawn
    /// when the record held `at` actions: 0 for the setup, k while applying action k.
    pub fn at(chance: &'a [Outcome], at: u64) -> Stored<'a> {
        let first = chance.partition_point(|o| o.at < at);
        let len = chance[first..].partition_point(|o| o.at == at);
        Stored { outcomes: &chance[first..first + len], first }
    }
}

/// Checks that a record's outcomes are listed in the order they were drawn: their `at` never
/// goes down.
pub fn check_order(chance: &[Outcome]) -> Result<(), (u64, ChanceProblem)> {
    for (index, pair) in chance.windows(2).enumerate() {
        if pair[1].at < pair[0].at {
            return Err((pair[1].at, ChanceProblem::OutOfOrder { index: index + 1, after: pair[0].at }));
        }
    }
    Ok(())
}

/// What one step (or a match's setup) told and drew: a sink for [`crate::Game::step`] that
/// collects the events and keeps every chance outcome met, drawn from the generator or imposed
/// from a record.
#[derive(Debug)]
pub struct StepLog<E, C> {
    pub events: Vec<E>,
    /// Every outcome the step met, in order, as the match now holds it.
    pub outcomes: Vec<C>,
    /// The outcomes to impose, in the order the step meets its chance points, each with its
    /// index in the record; `None`: every outcome is kept as drawn.
    given: Option<std::vec::IntoIter<(usize, C)>>,
    /// The first chance point a replay could not answer.
    fault: Option<ChanceProblem>,
}

impl<E, C> StepLog<E, C> {
    /// Keeps every outcome as drawn: a match being played.
    pub fn drawing() -> Self {
        StepLog { events: Vec::new(), outcomes: Vec::new(), given: None, fault: None }
    }
}

impl<E, C: DeserializeOwned> StepLog<E, C> {
    /// Imposes `stored` (`None`: keeps every outcome as drawn, as a record stored without its
    /// outcomes replays from its seed). An outcome that does not read as one of the game's is
    /// an error that names it.
    pub fn replaying(stored: Option<Stored>) -> Result<Self, ChanceProblem> {
        let Some(stored) = stored else { return Ok(StepLog::drawing()) };
        let mut given = Vec::with_capacity(stored.outcomes.len());
        for (i, outcome) in stored.outcomes.iter().enumerate() {
            let index = stored.first + i;
            let read = serde_json::from_value(serde_json::Value::Object(outcome.drawn.clone()))
                .map_err(|e| ChanceProblem::Unreadable { index, why: e.to_string() })?;
            given.push((index, read));
        }
        Ok(StepLog { given: Some(given.into_iter()), ..StepLog::drawing() })
    }
}

impl<E, C: Serialize> StepLog<E, C> {
    /// Once the step is over: whether every stored outcome was drawn where it was stored and fit
    /// there.
    pub fn finish(&mut self) -> Result<(), ChanceProblem> {
        if let Some(fault) = self.fault.take() {
            return Err(fault);
        }
        match self.given.as_mut().and_then(Iterator::next) {
            Some((index, _)) => Err(ChanceProblem::Unused { index }),
            None => Ok(()),
        }
    }
}

impl<E, C: Clone + PartialEq + Serialize> EventSink<E, C> for StepLog<E, C> {
    fn emit(&mut self, event: impl FnOnce() -> E) {
        self.events.push(event());
    }

    fn chance(&mut self, drawn: impl FnOnce() -> C, fits: impl Fn(&C) -> bool) -> Option<C> {
        let drawn = drawn();
        let Some(given) = &mut self.given else {
            self.outcomes.push(drawn);
            return None;
        };
        let imposed = match given.next() {
            None => {
                self.fault.get_or_insert(ChanceProblem::Missing);
                None
            }
            // The same outcome: nothing to impose, the match stays exactly as drawn.
            Some((_, stored)) if stored == drawn => None,
            Some((_, stored)) if fits(&stored) => Some(stored),
            Some((index, stored)) => {
                let outcome = serde_json::to_string(&stored).unwrap_or_default();
                self.fault.get_or_insert(ChanceProblem::Misfit { index, outcome });
                None
            }
        };
        self.outcomes.push(imposed.clone().unwrap_or(drawn));
        imposed
    }
}

/// A sink that imposes every outcome just drawn, as a replay would if the record said the same
/// thing in another way: the conformance kit checks that it changes nothing, so that imposing
/// an outcome installs exactly what dealing it does.
#[derive(Debug, Default)]
pub struct ImposeDrawn {
    /// Chance points met.
    pub imposed: usize,
}

impl<E, C> EventSink<E, C> for ImposeDrawn {
    fn emit(&mut self, _event: impl FnOnce() -> E) {}

    fn chance(&mut self, drawn: impl FnOnce() -> C, fits: impl Fn(&C) -> bool) -> Option<C> {
        let drawn = drawn();
        assert!(fits(&drawn), "the outcome just drawn does not fit the match it was drawn in");
        self.imposed += 1;
        Some(drawn)
    }
}
