//! Le Nain Jaune's counters for studies ([`tapis_core::Counters`]): where the chips go in a
//! match (the board's cells, the round's winner, a Grand Opéra's sweep), read from its public
//! events.

use crate::{Event, NainJaune};
use tapis_core::{Counter, Counters, Counts};

const GRAND_OPERAS: usize = 0;
const GRAND_OPERA_CHIPS: usize = 1;
const DOUBLINGS: usize = 2;
const BOARD_CHIPS: usize = 3;
const CELLS_TAKEN: usize = 4;
const CELL_CHIPS: usize = 5;
const CHIPS_PAID: usize = 6;
const CLAIMS_MISSED: usize = 7;

impl Counters for NainJaune {
    const COUNTERS: &'static [Counter] = &[
        Counter { key: "grand_operas", fr: "Grands Opéras", en: "Grand Opéras" },
        Counter {
            key: "grand_opera_chips",
            fr: "jetons raflés par un Grand Opéra",
            en: "chips swept by a Grand Opéra",
        },
        Counter { key: "doublings", fr: "cartes du tableau restées en main", en: "board cards left in hand" },
        Counter {
            key: "board_chips",
            fr: "jetons gagnés par le tableau (cartes restées en main)",
            en: "chips won by the board (board cards left in hand)",
        },
        Counter { key: "cells_taken", fr: "cases du tableau prises", en: "board cells taken" },
        Counter { key: "cell_chips", fr: "jetons pris sur le tableau", en: "chips taken from the board" },
        Counter {
            key: "chips_paid",
            fr: "jetons payés au gagnant de la manche",
            en: "chips paid to the round's winner",
        },
        Counter {
            key: "claims_missed", fr: "cases oubliées (réclamation manquée)", en: "cells not claimed in time"
        },
    ];

    type Memory = ();

    fn count(event: &Event, _: &mut (), counts: &mut Counts) {
        match *event {
            Event::GrandOpera { chips, .. } => {
                counts.add(GRAND_OPERAS, 1);
                counts.add(GRAND_OPERA_CHIPS, u64::from(chips));
            }
            Event::Doubled { chips, .. } => {
                counts.add(DOUBLINGS, 1);
                counts.add(BOARD_CHIPS, u64::from(chips));
            }
            Event::Collected { chips, .. } => {
                counts.add(CELLS_TAKEN, 1);
                counts.add(CELL_CHIPS, u64::from(chips));
            }
            Event::Paid { chips, .. } => counts.add(CHIPS_PAID, u64::from(chips)),
            Event::ClaimMissed { .. } => counts.add(CLAIMS_MISSED, 1),
            _ => {}
        }
    }
}
