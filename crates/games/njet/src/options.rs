//! The rulebook's variant switches (rules/njet.md §5.6).

use serde::{Deserialize, Serialize};
use tapis_core::{ChoiceValue, OptionKind, OptionSpec};

/// Who wins a trick decided by two identical ordinary 1s (register T5).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EqualCards {
    LaterWins,
    FirstWins,
}

/// Which 1s won in tricks count as loot (register T6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loot {
    /// Every 1 won, super-trumps included (the 1997 rules).
    AllOnes,
    /// Only ordinary 1s played by the other team (the 2015 edition).
    OpponentsOnly,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// A player void in the led group must trump when he can (register T4).
    pub must_trump_when_void: bool,
    pub equal_cards: EqualCards,
    pub loot: Loot,
    /// Rounds in a match (register T8).
    pub rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { must_trump_when_void: false, equal_cards: EqualCards::LaterWins, loot: Loot::AllOnes, rounds: 8 }
    }
}

/// The most rounds a match may ask for: enough for any rotation, small enough for score bounds.
pub const MAX_ROUNDS: i64 = 100;

pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "must_trump_when_void",
        kind: OptionKind::Bool,
        default: "false",
        help: "a player who cannot follow the led group must play a trump if they have one",
        help_fr: "un joueur qui ne peut pas fournir dans le groupe demandé doit couper s’il a de l’atout",
    },
    OptionSpec {
        key: "equal_cards",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "later_wins", en: "the one played later wins", fr: "le dernier posé l’emporte" },
            ChoiceValue { key: "first_wins", en: "the one played first wins", fr: "le premier posé l’emporte" },
        ]),
        default: "\"later_wins\"",
        help: "which of two identical ordinary 1s wins a trick they decide",
        help_fr: "lequel de deux 1 ordinaires identiques remporte le pli qu’ils décident",
    },
    OptionSpec {
        key: "loot",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "all_ones",
                en: "every 1 won, super-trumps included",
                fr: "chaque 1 remporté, super-atouts compris",
            },
            ChoiceValue {
                key: "opponents_only",
                en: "only the other team’s ordinary 1s",
                fr: "seulement les 1 ordinaires de l’équipe adverse",
            },
        ]),
        default: "\"all_ones\"",
        help: "loot is every 1 won (super-trumps included), or only ordinary 1s played by the other team",
        help_fr: "le Loot est chaque 1 remporté (super-atouts compris), ou seulement les 1 ordinaires joués par l’équipe adverse",
    },
    OptionSpec {
        key: "rounds",
        kind: OptionKind::Range { min: 1, max: MAX_ROUNDS },
        default: "8",
        help: "rounds in a match (8 in the rules; 9 gives three players an even rotation)",
        help_fr: "le nombre de manches d’une partie (8 dans les règles\u{a0}; 9 donne à trois joueurs une rotation égale)",
    },
];
