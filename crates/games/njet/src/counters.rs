//! Njet!'s counters for studies ([`tapis_core::Counters`]): the tricks and loot of a match, and
//! how the start player's team (the start player and the partner he chose) fares against the
//! others, read from its public events.

use crate::{Event, Njet};
use tapis_core::{Counter, Counters, Counts, Seat, SeatSet};

const TRICKS: usize = 0;
const LOOT: usize = 1;
const START_TEAM_TRICKS: usize = 2;
const START_TEAM_LOOT: usize = 3;
const START_TEAM_ROUNDS_WON: usize = 4;
const ROUNDS_TIED: usize = 5;
const ROUNDS_ALONE: usize = 6;

/// The round's start player and his team, from the events that set them.
#[derive(Default)]
pub struct Teams {
    start: Option<Seat>,
    team: SeatSet,
}

impl Counters for Njet {
    const COUNTERS: &'static [Counter] = &[
        Counter { key: "tricks", fr: "plis", en: "tricks" },
        Counter { key: "loot", fr: "cartes Loot", en: "loot cards" },
        Counter {
            key: "start_team_tricks",
            fr: "plis de l'équipe du premier joueur",
            en: "tricks of the start player's team",
        },
        Counter {
            key: "start_team_loot",
            fr: "cartes Loot de l'équipe du premier joueur",
            en: "loot cards of the start player's team",
        },
        Counter {
            key: "start_team_rounds_won",
            fr: "manches où l'équipe du premier joueur marque le plus",
            en: "rounds the start player's team outscores the others",
        },
        Counter { key: "rounds_tied", fr: "manches à égalité", en: "rounds tied" },
        Counter { key: "rounds_alone", fr: "manches jouées seul", en: "rounds played alone" },
    ];

    type Memory = Teams;

    fn count(event: &Event, teams: &mut Teams, counts: &mut Counts) {
        match *event {
            Event::BoardSet { conditions } => {
                teams.start = Some(conditions.start);
                teams.team = SeatSet::default();
                teams.team.insert(conditions.start);
            }
            Event::PartnerChosen { partner, .. } => teams.team.insert(partner),
            Event::PlaysAlone { .. } => counts.add(ROUNDS_ALONE, 1),
            Event::TrickWon { seat, loot } => {
                counts.add(TRICKS, 1);
                counts.add(LOOT, u64::from(loot));
                if teams.team.contains(seat) {
                    counts.add(START_TEAM_TRICKS, 1);
                    counts.add(START_TEAM_LOOT, u64::from(loot));
                }
            }
            Event::RoundScored { points, .. } => {
                let Some(start) = teams.start.take() else { return };
                let others = points.seats().filter(|(seat, _)| !teams.team.contains(*seat)).map(|(_, &p)| p).max();
                match others.map(|best| points[start].cmp(&best)) {
                    Some(std::cmp::Ordering::Greater) => counts.add(START_TEAM_ROUNDS_WON, 1),
                    Some(std::cmp::Ordering::Equal) => counts.add(ROUNDS_TIED, 1),
                    _ => {}
                }
            }
            _ => {}
        }
    }
}
