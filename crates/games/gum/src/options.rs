//! The rulebook's variant switches (`rules/gum.md`), with exactly its keys.

use serde::{Deserialize, Serialize};
use tapis_core::{ChoiceValue, OptionKind, OptionSpec};

/// How the Ninja counts for the card played after it (§3.4, G3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NinjaMode {
    /// No value: the requirement comes from the topmost non-Ninja card below it.
    Transparent,
    /// Value 0: anything may follow it.
    Reset,
}

/// What the cards in front of a player are for (§3.5, G9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TablePlay {
    /// A reserve that refills the hand to 3 once the stock is empty (face-up first, then face-down).
    Refill,
    /// Standard Palace: play the face-up cards once the hand is empty, then the face-down ones blind.
    Shithead,
}

/// Who deals the next game of a match of several games (§3.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerRule {
    /// The deal moves one seat left each game.
    Rotate,
    /// The loser of the game deals the next one.
    Loser,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub burn_replays: bool,
    pub king_optional: bool,
    pub ninja_mode: NinjaMode,
    pub ninja_interrupt: bool,
    pub table_play: TablePlay,
    pub voluntary_pickup: bool,
    pub four_in_a_row_burn: bool,
    pub complete_pair_burn: bool,
    pub play_to_last: bool,
    pub max_players: u8,
    pub dealer: DealerRule,
    pub games: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            burn_replays: false,
            king_optional: false,
            ninja_mode: NinjaMode::Transparent,
            ninja_interrupt: false,
            table_play: TablePlay::Refill,
            voluntary_pickup: false,
            four_in_a_row_burn: false,
            complete_pair_burn: false,
            play_to_last: false,
            max_players: 5,
            dealer: DealerRule::Rotate,
            games: 1,
        }
    }
}

/// The most games one match may hold.
pub const MAX_GAMES: i64 = 100;

pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "burn_replays",
        kind: OptionKind::Bool,
        default: "false",
        help: "after a 9 burns the pile, the burner leads the new pile (default: the next player does)",
        help_fr: "après un 9 qui brûle le tas, celui qui l’a posé repart sur le nouveau tas (par défaut\u{a0}: le joueur suivant)",
    },
    OptionSpec {
        key: "king_optional",
        kind: OptionKind::Bool,
        default: "false",
        help: "giving the pile with a 13 is a choice (the player may keep the 13 as a plain card)",
        help_fr: "donner le tas avec un 13 est un choix (le joueur peut garder le 13 comme une carte ordinaire)",
    },
    OptionSpec {
        key: "ninja_mode",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "transparent",
                en: "see-through: beat the card it covers",
                fr: "transparent\u{a0}: battre la carte qu’il recouvre",
            },
            ChoiceValue {
                key: "reset",
                en: "a fresh start: anything may follow it",
                fr: "remise à zéro\u{a0}: on peut tout poser dessus",
            },
        ]),
        default: "\"transparent\"",
        help: "after a Ninja, the next card must beat the card it covers, or anything may follow it",
        help_fr: "après un Ninja, on doit battre la carte qu’il recouvre, ou bien on peut tout poser dessus",
    },
    OptionSpec {
        key: "ninja_interrupt",
        kind: OptionKind::Bool,
        default: "false",
        help: "a Ninja may be thrown out of turn; play then goes on from the left of its player",
        help_fr: "un Ninja peut être posé hors de son tour\u{a0}; le jeu reprend alors à la gauche de son joueur",
    },
    OptionSpec {
        key: "table_play",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "refill",
                en: "table cards refill the hand",
                fr: "les cartes de table complètent la main",
            },
            ChoiceValue {
                key: "shithead",
                en: "table cards played from the table",
                fr: "les cartes de table se jouent depuis la table",
            },
        ]),
        default: "\"refill\"",
        help: "once the stock is out, the table cards refill the hand to 3, or are played from the table (the face-down ones blind)",
        help_fr: "une fois la pioche vide, les cartes de table complètent la main à 3, ou se jouent depuis la table (les cachées à l’aveugle)",
    },
    OptionSpec {
        key: "voluntary_pickup",
        kind: OptionKind::Bool,
        default: "false",
        help: "a player may pick up the pile even when they could play",
        help_fr: "un joueur peut ramasser le tas même s’il pourrait jouer",
    },
    OptionSpec {
        key: "four_in_a_row_burn",
        kind: OptionKind::Bool,
        default: "false",
        help: "Variante 1: four cards of one value on top of the pile (Ninjas ignored) burn it; the completer leads",
        help_fr: "Variante 1\u{a0}: quatre cartes de même valeur au sommet du tas (Ninjas non comptés) le brûlent\u{a0}; celui qui complète repart",
    },
    OptionSpec {
        key: "complete_pair_burn",
        kind: OptionKind::Bool,
        default: "false",
        help: "Variante 2: a pair just played may be completed by anyone holding the other two (not 6s): the pile burns",
        help_fr: "Variante 2\u{a0}: une paire qui vient d’être posée peut être complétée par quiconque a les deux autres (sauf les 6)\u{a0}: le tas brûle",
    },
    OptionSpec {
        key: "play_to_last",
        kind: OptionKind::Bool,
        default: "false",
        help: "play on after the first player is out, to rank everybody (scores 1, 0, \u{2212}1…)",
        help_fr: "on continue après la sortie du premier joueur, pour classer tout le monde (points 1, 0, \u{2212}1…)",
    },
    OptionSpec {
        key: "max_players",
        kind: OptionKind::Ints(&[5, 6]),
        default: "5",
        help: "6 deals the whole deck (no stock)",
        help_fr: "6 distribue tout le jeu (pas de pioche)",
    },
    OptionSpec {
        key: "dealer",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "rotate", en: "the next seat on the left", fr: "la place suivante à gauche" },
            ChoiceValue { key: "loser", en: "the loser of the game", fr: "le perdant de la partie" },
        ]),
        default: "\"rotate\"",
        help: "who deals the next game of a match: the next seat left, or the loser of the game",
        help_fr: "qui distribue la partie suivante d’un match\u{a0}: la place suivante à gauche, ou le perdant de la partie",
    },
    OptionSpec {
        key: "games",
        kind: OptionKind::Range { min: 1, max: MAX_GAMES },
        default: "1",
        help: "games in the match; the match score adds up the games' scores",
        help_fr: "parties du match\u{a0}; le score du match additionne les points des parties",
    },
];
