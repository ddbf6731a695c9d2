//! The rulebook's variant switches (`rules/nurmut.md` §1.2–§1.6), with exactly its keys.

use crate::cards::{DECK_SIZE, Deck};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use tapis_core::game::short_quote;
use tapis_core::{ChoiceValue, OptionKind, OptionSpec, Text};

/// Which deck the match uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DeckChoice {
    /// The synthetic deck of §1.2, with `joker_faces` jokers.
    Canonical,
    /// A deck given as data: 81 face pairs.
    Custom(Deck),
}

impl Serialize for DeckChoice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DeckChoice::Canonical => s.serialize_str("canonical"),
            DeckChoice::Custom(deck) => deck.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for DeckChoice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<DeckChoice, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        DeckChoice::from_json(&value).map_err(de::Error::custom)
    }
}

impl DeckChoice {
    /// Reads the `deck` option: `"canonical"` or a list of 81 cards.
    pub fn from_json(value: &serde_json::Value) -> Result<DeckChoice, Text> {
        match value {
            serde_json::Value::String(text) if text == "canonical" => Ok(DeckChoice::Canonical),
            serde_json::Value::Array(_) => Deck::from_json(value)
                .map(DeckChoice::Custom)
                .map_err(|e| Text::new(format!("option « deck » : {}", e.fr), format!("option 'deck': {}", e.en))),
            other => {
                let other = short_quote(&other.to_string());
                Err(Text::new(
                    format!(
                        "l'option « deck » ne peut pas valoir {other} : elle prend \"canonical\" ou une liste de {DECK_SIZE} cartes comme [\"3/7\", [\"5\", \"J\"], ...]"
                    ),
                    format!(
                        "option 'deck' cannot be {other}: it takes \"canonical\" or a list of {DECK_SIZE} cards such as [\"3/7\", [\"5\", \"J\"], ...]"
                    ),
                ))
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CoverFace {
    /// The covering card is laid as it lies, its visible face up.
    Visible,
    /// The covering card is turned over: its hidden face goes up.
    Flipped,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedAction {
    /// The first passer of a full round of passes must play Courage.
    Courage,
    /// He may instead play his visible card if it fits.
    PlayOrCourage,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextRoundStarter {
    /// One seat left of the previous round's starter.
    Rotate,
    /// The previous round's winner.
    Winner,
    /// The player left with the most cards (ties: the first of them clockwise after the winner).
    Loser,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Every seat with the best total wins.
    Shared,
    /// Among the best totals, the fewest cards in the last round wins (still tied: shared).
    FewestLastRound,
}

/// Every option of Nur Mut; `NurMut::option_specs()` gives their values and defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub deck: DeckChoice,
    pub joker_faces: u8,
    pub allow_tuck: bool,
    pub courage_joker_bonus: bool,
    pub cover_face: CoverFace,
    pub forced_action: ForcedAction,
    pub next_round_starter: NextRoundStarter,
    pub visible_joker_forced: bool,
    /// 0 means "as many rounds as players".
    pub rounds: u32,
    /// 0 means off; otherwise the match ends after the round in which a total reaches −X.
    pub until_minus: u32,
    pub max_players: u8,
    pub tie_break: TieBreak,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            deck: DeckChoice::Canonical,
            joker_faces: 9,
            allow_tuck: true,
            courage_joker_bonus: false,
            cover_face: CoverFace::Visible,
            forced_action: ForcedAction::Courage,
            next_round_starter: NextRoundStarter::Rotate,
            visible_joker_forced: false,
            rounds: 0,
            until_minus: 0,
            max_players: 6,
            tie_break: TieBreak::Shared,
        }
    }
}

impl Options {
    /// The 81 cards this match plays with.
    pub fn deck(&self) -> Deck {
        match self.deck {
            DeckChoice::Canonical => Deck::generated(self.joker_faces),
            DeckChoice::Custom(deck) => deck,
        }
    }

    /// Rounds the match lasts when `until_minus` is off.
    pub fn round_count(&self, players: usize) -> u32 {
        if self.rounds == 0 { players as u32 } else { self.rounds }
    }
}

pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "deck",
        kind: OptionKind::Custom {
            en: "\"canonical\" or a list of 81 cards, each \"a/b\" or [\"a\", \"b\"] with faces 1-9 or J (no J/J)",
            fr: "\"canonical\" ou une liste de 81 cartes, chacune \"a/b\" ou [\"a\", \"b\"] aux faces 1-9 ou J (pas de J/J)",
        },
        default: "\"canonical\"",
        help: "the deck: the rulebook’s, or 81 cards given by a program",
        help_fr: "le paquet\u{a0}: celui de la règle, ou 81 cartes données par un programme",
    },
    OptionSpec {
        key: "joker_faces",
        kind: OptionKind::Range { min: 0, max: 9 },
        default: "9",
        help: "how many cards of the deck show a joker on one side (0 to 9)",
        help_fr: "nombre de cartes du paquet qui montrent un joker sur une face (de 0 à 9)",
    },
    OptionSpec {
        key: "allow_tuck",
        kind: OptionKind::Bool,
        default: "true",
        help: "a top card that fits no pile may be put under one’s own pile (counts as a pass)",
        help_fr: "une carte du dessus qui ne va sur aucune pile peut être glissée sous son tas (compte comme passer)",
    },
    OptionSpec {
        key: "courage_joker_bonus",
        kind: OptionKind::Bool,
        default: "false",
        help: "a joker revealed by Courage also earns the extra turn",
        help_fr: "un joker révélé par courage donne lui aussi le tour supplémentaire",
    },
    OptionSpec {
        key: "cover_face",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "visible", en: "as it lies", fr: "telle quelle" },
            ChoiceValue { key: "flipped", en: "turned over", fr: "retournée" },
        ]),
        default: "\"visible\"",
        help: "the card that covers a joker is laid as it lies, or turned over",
        help_fr: "la carte qui recouvre un joker est posée telle quelle, ou retournée",
    },
    OptionSpec {
        key: "forced_action",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "courage", en: "Courage only", fr: "courage obligatoire" },
            ChoiceValue {
                key: "play_or_courage",
                en: "Courage, or a card that fits",
                fr: "courage, ou une carte qui convient",
            },
        ]),
        default: "\"courage\"",
        help: "after a full round of passes the first passer must play Courage, or may play a fitting card instead",
        help_fr: "après un tour complet de passes, le premier à avoir passé doit jouer courage, ou peut poser à la place une carte qui convient",
    },
    OptionSpec {
        key: "next_round_starter",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "rotate", en: "the next player", fr: "le joueur suivant" },
            ChoiceValue { key: "winner", en: "the round’s winner", fr: "le gagnant de la manche" },
            ChoiceValue {
                key: "loser",
                en: "the player with the most cards left",
                fr: "celui à qui il reste le plus de cartes",
            },
        ]),
        default: "\"rotate\"",
        help: "who starts the next round: the next seat, the round’s winner, or the player left with most cards",
        help_fr: "qui commence la manche suivante\u{a0}: le joueur suivant, le gagnant de la manche, ou celui à qui il reste le plus de cartes",
    },
    OptionSpec {
        key: "visible_joker_forced",
        kind: OptionKind::Bool,
        default: "false",
        help: "a joker showing on top of one’s pile must be played at once",
        help_fr: "un joker visible sur le dessus de son tas doit être posé aussitôt",
    },
    OptionSpec {
        key: "rounds",
        kind: OptionKind::Range { min: 0, max: 1000 },
        default: "0",
        help: "rounds in the match; 0 means as many as players",
        help_fr: "nombre de manches de la partie\u{a0}; 0\u{a0}: autant que de joueurs",
    },
    OptionSpec {
        key: "until_minus",
        kind: OptionKind::Range { min: 0, max: 10_000 },
        default: "0",
        help: "instead of a number of rounds, play until a total reaches \u{2212}X (0: off)",
        help_fr: "au lieu d’un nombre de manches, jouer jusqu’à ce qu’un total atteigne \u{2212}X (0\u{a0}: désactivé)",
    },
    OptionSpec {
        key: "max_players",
        kind: OptionKind::Ints(&[6, 7]),
        default: "6",
        help: "largest table: 6, or 7 (73 of the 81 cards in play)",
        help_fr: "table la plus grande\u{a0}: 6, ou 7 (73 des 81 cartes en jeu)",
    },
    OptionSpec {
        key: "tie_break",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "shared", en: "the win is shared", fr: "la victoire est partagée" },
            ChoiceValue {
                key: "fewest_last_round",
                en: "fewest cards in the last round",
                fr: "le moins de cartes à la dernière manche",
            },
        ]),
        default: "\"shared\"",
        help: "equal best totals share the win, or the fewest cards in the last round decides",
        help_fr: "des meilleurs totaux égaux se partagent la victoire, ou le moins de cartes à la dernière manche départage",
    },
];
