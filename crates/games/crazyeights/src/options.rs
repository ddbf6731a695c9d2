//! OpenSpiel's game parameters (without `players`, which is the table size) plus the scoring
//! switch, all with OpenSpiel 2.0.2's defaults.

use serde::{Deserialize, Serialize};
use tapis_core::{ChoiceValue, OptionKind, OptionSpec};

/// How a hand left at the end is charged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Exactly OpenSpiel: 8 = 50, J Q K A = 10, and any other card `id + 2` where `id` is the
    /// card's action id (`rank * 4 + suit`), so a 5♠ costs 17 rather than 5.
    Openspiel,
    /// The rule OpenSpiel's header states: 8 = 50, J Q K A = 10, others their face value (the
    /// Ace at 10 is what OpenSpiel's own bound of 544 points per deck counts).
    FaceValue,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub max_draw_cards: u32,
    pub max_turns: u32,
    pub use_special_cards: bool,
    pub reshuffle: bool,
    pub scoring: Scoring,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_draw_cards: 5,
            max_turns: 100,
            use_special_cards: false,
            reshuffle: false,
            scoring: Scoring::Openspiel,
        }
    }
}

pub static OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "max_draw_cards",
        kind: OptionKind::Range { min: 1, max: 104 },
        default: "5",
        help: "how many cards a player may draw in one turn before passing (OpenSpiel max_draw_cards)",
        help_fr: "le nombre de cartes qu’un joueur peut piocher en un tour avant de pouvoir passer (max_draw_cards d’OpenSpiel)",
    },
    OptionSpec {
        key: "max_turns",
        kind: OptionKind::Range { min: 1, max: 1_000_000 },
        default: "100",
        help: "the match ends after this many cards played, counted over all players (OpenSpiel max_turns)",
        help_fr: "la partie s’arrête après ce nombre de cartes posées, tous joueurs confondus (max_turns d’OpenSpiel)",
    },
    OptionSpec {
        key: "use_special_cards",
        kind: OptionKind::Bool,
        default: "false",
        help: "Q skips the next player, A reverses the direction, 2 makes the next player draw 2 (stackable)",
        help_fr: "la Dame fait sauter le joueur suivant, l’As inverse le sens, le 2 fait piocher 2 cartes au suivant (cumulable)",
    },
    OptionSpec {
        key: "reshuffle",
        kind: OptionKind::Bool,
        default: "false",
        help: "when the stock runs out, the discard pile (all but its top card) becomes the new stock",
        help_fr: "quand la pioche est vide, la défausse (sauf sa carte du dessus) devient la nouvelle pioche",
    },
    OptionSpec {
        key: "scoring",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "openspiel",
                en: "as OpenSpiel 2.0.2 counts (action id + 2)",
                fr: "comme OpenSpiel 2.0.2 (numéro d’action + 2)",
            },
            ChoiceValue { key: "face_value", en: "face value", fr: "valeur faciale" },
        ]),
        default: "\"openspiel\"",
        help: "openspiel: a plain card costs its action id + 2, as OpenSpiel 2.0.2 computes it; face_value: its face value",
        help_fr: "openspiel : une carte ordinaire coûte son numéro d’action + 2, comme le calcule OpenSpiel 2.0.2 ; face_value : sa valeur faciale",
    },
];
