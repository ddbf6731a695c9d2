//! Battle GUM's counters for studies ([`tapis_core::Counters`]): the piles that drag a game out
//! (picked up, accepted after a 13) and the ones that leave it (burnt), read from its public
//! events.

use crate::{Event, Gum};
use tapis_core::{Counter, Counters, Counts};

const PICK_UPS: usize = 0;
const CARDS_PICKED_UP: usize = 1;
const BURNS: usize = 2;
const CARDS_BURNT: usize = 3;
const PILES_GIVEN: usize = 4;
const PILES_ACCEPTED: usize = 5;
const CARDS_ACCEPTED: usize = 6;
const SKIPS: usize = 7;

impl Counters for Gum {
    const COUNTERS: &'static [Counter] = &[
        Counter { key: "pick_ups", fr: "piles ramassées", en: "piles picked up" },
        Counter { key: "cards_picked_up", fr: "cartes ramassées", en: "cards picked up" },
        Counter { key: "burns", fr: "piles brûlées", en: "piles burnt" },
        Counter { key: "cards_burnt", fr: "cartes brûlées", en: "cards burnt" },
        Counter { key: "piles_given", fr: "piles données par un 13", en: "piles given with a 13" },
        Counter { key: "piles_accepted", fr: "piles acceptées après un 13", en: "piles accepted after a 13" },
        Counter { key: "cards_accepted", fr: "cartes acceptées après un 13", en: "cards accepted after a 13" },
        Counter { key: "skips", fr: "tours sautés par des 8", en: "turns skipped by 8s" },
    ];

    type Memory = ();

    fn count(event: &Event, _: &mut (), counts: &mut Counts) {
        match event {
            Event::PickedUp { cards, .. } => {
                counts.add(PICK_UPS, 1);
                counts.add(CARDS_PICKED_UP, u64::from(*cards));
            }
            Event::Burnt { cards, .. } => {
                counts.add(BURNS, 1);
                counts.add(CARDS_BURNT, u64::from(*cards));
            }
            Event::Gave { .. } => counts.add(PILES_GIVEN, 1),
            Event::Accepted { cards, .. } => {
                counts.add(PILES_ACCEPTED, 1);
                counts.add(CARDS_ACCEPTED, u64::from(*cards));
            }
            Event::Skipped { seats } => counts.add(SKIPS, seats.len() as u64),
            _ => {}
        }
    }
}
