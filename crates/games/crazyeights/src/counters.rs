//! Crazy Eights' counters for studies ([`tapis_core::Counters`]), read from its public events.

use crate::{CrazyEights, Event};
use tapis_core::{Counter, Counters, Counts};

const SUITS_NAMED: usize = 0;
const CARDS_DRAWN: usize = 1;
const PASSES: usize = 2;
const RESHUFFLES: usize = 3;

impl Counters for CrazyEights {
    const COUNTERS: &'static [Counter] = &[
        Counter { key: "suits_named", fr: "couleurs annoncées sur un 8", en: "suits named on an 8" },
        Counter { key: "cards_drawn", fr: "cartes tirées", en: "cards drawn" },
        Counter { key: "passes", fr: "passes", en: "passes" },
        Counter { key: "reshuffles", fr: "talons reformés", en: "stock reshuffles" },
    ];

    type Memory = ();

    fn count(event: &Event, _: &mut (), counts: &mut Counts) {
        match *event {
            Event::Nominated { .. } => counts.add(SUITS_NAMED, 1),
            Event::Drew { cards, .. } => counts.add(CARDS_DRAWN, u64::from(cards)),
            Event::Passed { .. } => counts.add(PASSES, 1),
            Event::Reshuffled { .. } => counts.add(RESHUFFLES, 1),
            _ => {}
        }
    }
}
