//! Nur Mut's counters for studies ([`tapis_core::Counters`]): what Courage and the passes do to a
//! match, read from its public events.

use crate::{Event, NurMut};
use tapis_core::{Counter, Counters, Counts};

const COURAGE: usize = 0;
const COURAGE_FAILED: usize = 1;
const CARDS_TAKEN: usize = 2;
const TUCKS: usize = 3;
const PASSES: usize = 4;
const JOKERS_COVERED: usize = 5;

impl Counters for NurMut {
    const COUNTERS: &'static [Counter] = &[
        Counter { key: "courage", fr: "cartes retournées par Courage", en: "cards turned by Courage" },
        Counter {
            key: "courage_failed",
            fr: "Courages ratés (pile du centre ramassée)",
            en: "failed Courages (centre pile taken)",
        },
        Counter { key: "cards_taken", fr: "cartes ramassées du centre", en: "cards taken from the centre" },
        Counter { key: "tucks", fr: "cartes glissées sous sa pile", en: "cards tucked under one's pile" },
        Counter { key: "passes", fr: "passes", en: "passes" },
        Counter { key: "jokers_covered", fr: "jokers recouverts", en: "jokers covered" },
    ];

    type Memory = ();

    fn count(event: &Event, _: &mut (), counts: &mut Counts) {
        match *event {
            Event::Flipped { .. } => counts.add(COURAGE, 1),
            Event::PileTaken { cards, .. } => {
                counts.add(COURAGE_FAILED, 1);
                counts.add(CARDS_TAKEN, u64::from(cards));
            }
            Event::Tucked { .. } => counts.add(TUCKS, 1),
            // A tuck counts as a pass in the rules; it has its own event and counter.
            Event::Passed { .. } => counts.add(PASSES, 1),
            Event::Covered { .. } => counts.add(JOKERS_COVERED, 1),
            _ => {}
        }
    }
}
