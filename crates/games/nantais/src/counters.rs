//! Le 8 Nantais's counters for studies ([`tapis_core::Counters`]): the chains of 7s and Jokers
//! and what they cost, the CONTRE UNIQUE penalties, the cards drawn, read from its public events.

use crate::{Event, Nantais, PenaltyReason};
use tapis_core::{Counter, Counters, Counts};

const CHAINS_TAKEN: usize = 0;
const CHAIN_CARDS: usize = 1;
const CONTRES: usize = 2;
const CARDS_DRAWN: usize = 3;
const RESHUFFLES: usize = 4;
const SKIPS: usize = 5;
const REVERSALS: usize = 6;
const UNIQUES: usize = 7;

impl Counters for Nantais {
    const COUNTERS: &'static [Counter] = &[
        Counter {
            key: "chains_taken", fr: "chaînes de 7 ou de Jokers encaissées", en: "chains of 7s or Jokers taken"
        },
        Counter { key: "chain_cards", fr: "cartes tirées pour une chaîne", en: "cards drawn for a chain" },
        Counter { key: "contres", fr: "CONTRE UNIQUE pénalisés", en: "CONTRE UNIQUE penalties" },
        Counter {
            key: "cards_drawn",
            fr: "cartes tirées faute de pouvoir jouer",
            en: "cards drawn for want of a play",
        },
        Counter { key: "reshuffles", fr: "talons reformés", en: "stock reshuffles" },
        Counter { key: "skips", fr: "tours sautés par des As", en: "turns skipped by Aces" },
        Counter { key: "reversals", fr: "changements de sens", en: "reversals of direction" },
        Counter { key: "uniques", fr: "UNIQUE annoncés", en: "UNIQUE announced" },
    ];

    type Memory = ();

    fn count(event: &Event, _: &mut (), counts: &mut Counts) {
        match *event {
            Event::Penalty { cards, reason: PenaltyReason::Sevens | PenaltyReason::Jokers, .. } => {
                counts.add(CHAINS_TAKEN, 1);
                counts.add(CHAIN_CARDS, u64::from(cards));
            }
            Event::Penalty { reason: PenaltyReason::Contre, .. } => counts.add(CONTRES, 1),
            Event::Drew { cards, .. } => counts.add(CARDS_DRAWN, u64::from(cards)),
            Event::Reshuffled { .. } => counts.add(RESHUFFLES, 1),
            Event::Skipped { .. } => counts.add(SKIPS, 1),
            Event::Reversed { .. } => counts.add(REVERSALS, 1),
            Event::Unique { .. } => counts.add(UNIQUES, 1),
            _ => {}
        }
    }
}
