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
        help: "how many cards a player may draw in one turn before passing",
        help_fr: "le nombre de cartes qu’un joueur peut piocher en un tour avant de pouvoir passer",
    },
    OptionSpec {
        key: "max_turns",
        kind: OptionKind::Range { min: 1, max: 1_000_000 },
        default: "100",
        help: "the match ends after this many cards played, counted over all players",
        help_fr: "la partie s’arrête après ce nombre de cartes posées, tous joueurs confondus",
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
                en: "the original scale: 2 to 37 points by rank and suit",
                fr: "le barème d’origine\u{a0}: de 2 à 37 points selon la valeur et la couleur",
            },
            ChoiceValue { key: "face_value", en: "the card’s value", fr: "la valeur de la carte" },
        ]),
        default: "\"openspiel\"",
        help: "what a card left in hand costs: an 8, 50 points; a face card or an Ace, 10; any other card 2 to 37 points by rank and suit (the original scale), or its value",
        help_fr: "ce que coûte une carte restée en main\u{a0}: un 8, 50 points\u{a0}; une figure ou un As, 10\u{a0}; une autre carte, de 2 à 37 points selon sa valeur et sa couleur (le barème d’origine), ou sa valeur",
    },
];
