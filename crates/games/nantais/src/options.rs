//! The variant switches of the rulebook (`rules/nantais.md`), keys without the `nantais.` prefix.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use tapis_core::{ChoiceValue, OptionKind, OptionSpec, SetupError, Text};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Starter {
    /// A special starter card (or a Joker) goes back under the stock and another is turned.
    RedrawSpecials,
    /// A special starter card has no effect (a Joker is still redrawn: it has no suit or rank).
    NoEffect,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JackTwoPlayers {
    None,
    Skip,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenSwapMode {
    /// The player gives a card of his choice and takes one of the target's cards at random.
    Blind,
    /// The player gives a card and names the card he wants (`ask`); nothing happens if the target
    /// does not hold it.
    Named,
    /// The player gives a card; the target chooses which card to give back (`give`).
    TargetChooses,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Rounds won; the first to `rounds_to_win` wins the match.
    Rounds,
    /// Losers score their hand; lowest total wins once someone reaches `penalty_limit`.
    PenaltyPoints,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyTable {
    /// Joker 50, 8 = 32, Ace 20, figures 10, others face value (adpoker).
    French,
    /// 8 = 50, figures 10, Ace 1, others face value (pagat / BGA); Joker 50.
    CrazyEights,
}

/// The house combinations of §2.10, each a labelled house variant (all off by default).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Combos(u8);

impl Combos {
    /// King + 8 played together: an exact card is demanded (rank from the King, suit from the 8).
    pub const KING_EIGHT: u8 = 1;
    /// 7 ↔ Joker mixed stacking (the same effect as `mixed_stacking`).
    pub const SEVEN_JOKER: u8 = 2;
    /// A série of four (or more) of a kind: the player plays again.
    pub const CARRE: u8 = 4;
    /// Ace + Jack played together: reverse and skip in one go.
    pub const ACE_JACK: u8 = 8;

    pub const NAMES: [(&'static str, u8); 4] = [
        ("king_eight", Self::KING_EIGHT),
        ("seven_joker", Self::SEVEN_JOKER),
        ("carre", Self::CARRE),
        ("ace_jack", Self::ACE_JACK),
    ];

    pub fn has(self, combo: u8) -> bool {
        self.0 & combo != 0
    }

    pub fn with(self, combo: u8) -> Combos {
        Combos(self.0 | combo)
    }
}

/// Checks the value of the `combos` option: a list of known combination names.
pub fn check_combos(value: &Value) -> Result<(), SetupError> {
    let known = |v: &Value| v.as_str().is_some_and(|name| Combos::NAMES.iter().any(|(n, _)| *n == name));
    if value.as_array().is_some_and(|list| list.iter().all(known)) {
        return Ok(());
    }
    Err(SetupError::OptionValue {
        key: "combos".into(),
        value: value.to_string(),
        accepted: Text::new(
            "une liste de combinaisons maison parmi king_eight, seven_joker, carre, ace_jack",
            "a list of house combinations among king_eight, seven_joker, carre, ace_jack",
        ),
    })
}

impl Serialize for Combos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(Self::NAMES.iter().filter(|(_, flag)| self.has(*flag)).map(|(name, _)| name))
    }
}

// People are told of a bad `combos` by `check_combos`, in both languages, before the options are
// read; these errors only guard other readers (a state read back).
impl<'de> Deserialize<'de> for Combos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(d).map_err(|_| {
            D::Error::custom("option 'combos' takes a list of king_eight, seven_joker, carre, ace_jack")
        })?;
        let mut combos = Combos::default();
        for name in names {
            match Self::NAMES.iter().find(|(n, _)| *n == name) {
                Some((_, flag)) => combos = combos.with(*flag),
                None => {
                    return Err(D::Error::custom(format!(
                        "option 'combos' has no combination '{name}': it takes king_eight, seven_joker, carre, ace_jack"
                    )));
                }
            }
        }
        Ok(combos)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub decks: u8,
    pub starter: Starter,
    pub jack_two_players: JackTwoPlayers,
    pub joker_draw: u8,
    pub joker_names_suit: bool,
    pub king_demand_allows_wilds: bool,
    pub queen_swap: bool,
    pub queen_swap_mode: QueenSwapMode,
    pub voluntary_draw: bool,
    pub play_after_penalty: bool,
    pub mixed_stacking: bool,
    pub auto_unique: bool,
    pub combos: Combos,
    pub forbid_special_finish: bool,
    pub rounds_to_win: u32,
    pub scoring: Scoring,
    pub penalty_limit: u32,
    pub penalty_table: PenaltyTable,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            decks: 1,
            starter: Starter::RedrawSpecials,
            jack_two_players: JackTwoPlayers::None,
            joker_draw: 4,
            joker_names_suit: true,
            king_demand_allows_wilds: true,
            queen_swap: false,
            queen_swap_mode: QueenSwapMode::Blind,
            voluntary_draw: false,
            play_after_penalty: false,
            mixed_stacking: false,
            auto_unique: false,
            combos: Combos::default(),
            forbid_special_finish: false,
            rounds_to_win: 3,
            scoring: Scoring::Rounds,
            penalty_limit: 100,
            penalty_table: PenaltyTable::French,
        }
    }
}

impl Options {
    /// 7s and Jokers answer each other's chains (the option or the `seven_joker` combination).
    pub fn mixed(&self) -> bool {
        self.mixed_stacking || self.combos.has(Combos::SEVEN_JOKER)
    }

    pub fn crazy_eights_table(&self) -> bool {
        self.penalty_table == PenaltyTable::CrazyEights
    }
}

pub const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "decks",
        kind: OptionKind::Ints(&[1, 2]),
        default: "1",
        help: "1 deck (54 cards, 2-7 players) or 2 decks (108 cards, 2-10 players)",
        help_fr: "1 jeu (54 cartes, 2 à 7 joueurs) ou 2 jeux (108 cartes, 2 à 10 joueurs)",
    },
    OptionSpec {
        key: "starter",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "redraw_specials",
                en: "put back, and another one turned",
                fr: "remise dans la pioche, on en retourne une autre",
            },
            ChoiceValue { key: "no_effect", en: "no effect", fr: "sans effet" },
        ]),
        default: "\"redraw_specials\"",
        help: "a special starter card is put back and another turned, or has no effect (a Joker is always redrawn)",
        help_fr: "une carte spéciale retournée au départ est remise dans la pioche et on en retourne une autre, ou elle reste sans effet (un Joker est toujours remis)",
    },
    OptionSpec {
        key: "jack_two_players",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "none", en: "nothing happens", fr: "rien ne se passe" },
            ChoiceValue { key: "skip", en: "the opponent misses a turn", fr: "l’adversaire passe son tour" },
        ]),
        default: "\"none\"",
        help: "with 2 players an odd number of Jacks does nothing, or skips the opponent",
        help_fr: "à deux joueurs, un nombre impair de Valets ne fait rien, ou fait passer son tour à l’adversaire",
    },
    OptionSpec {
        key: "joker_draw",
        kind: OptionKind::Ints(&[4, 5]),
        default: "4",
        help: "cards a Joker makes the next player draw",
        help_fr: "nombre de cartes qu’un Joker fait piocher au joueur suivant",
    },
    OptionSpec {
        key: "joker_names_suit",
        kind: OptionKind::Bool,
        default: "true",
        help: "the Joker player names a suit (else any card may follow a Joker)",
        help_fr: "qui pose un Joker annonce une couleur (sinon n’importe quelle carte peut suivre un Joker)",
    },
    OptionSpec {
        key: "king_demand_allows_wilds",
        kind: OptionKind::Bool,
        default: "true",
        help: "an 8 or a Joker answers a King’s rank demand",
        help_fr: "un 8 ou un Joker répond à la valeur demandée par un Roi",
    },
    OptionSpec {
        key: "queen_swap",
        kind: OptionKind::Bool,
        default: "false",
        help: "optional rule Dame: each Queen of the final block allows one card exchange with any player",
        help_fr: "règle optionnelle de la Dame\u{a0}: chaque Dame du dernier bloc permet d’échanger une carte avec n’importe quel joueur",
    },
    OptionSpec {
        key: "queen_swap_mode",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "blind", en: "take a random card", fr: "prendre une carte au hasard" },
            ChoiceValue { key: "named", en: "ask for a named card", fr: "demander une carte précise" },
            ChoiceValue {
                key: "target_chooses",
                en: "the target chooses the card",
                fr: "l’adversaire choisit la carte",
            },
        ]),
        default: "\"blind\"",
        help: "Dame: take a random card, ask for a named card, or let the target choose",
        help_fr: "Dame\u{a0}: prendre une carte au hasard, demander une carte précise, ou laisser l’adversaire choisir celle qu’il rend",
    },
    OptionSpec {
        key: "voluntary_draw",
        kind: OptionKind::Bool,
        default: "false",
        help: "a player may draw even when they could play",
        help_fr: "un joueur peut piocher même s’il pourrait poser une carte",
    },
    OptionSpec {
        key: "play_after_penalty",
        kind: OptionKind::Bool,
        default: "false",
        help: "after drawing a 7/Joker penalty the player may still play",
        help_fr: "après avoir pioché la pénalité d’un 7 ou d’un Joker, le joueur peut encore poser une carte",
    },
    OptionSpec {
        key: "mixed_stacking",
        kind: OptionKind::Bool,
        default: "false",
        help: "7s and Jokers answer each other’s chains",
        help_fr: "un Joker peut répondre à une série de 7, et un 7 à une série de Jokers",
    },
    OptionSpec {
        key: "auto_unique",
        kind: OptionKind::Bool,
        default: "false",
        help: "UNIQUE is announced automatically (no CONTRE UNIQUE)",
        help_fr: "«\u{a0}UNIQUE\u{a0}» est annoncé automatiquement (pas de «\u{a0}CONTRE UNIQUE\u{a0}»)",
    },
    OptionSpec {
        key: "combos",
        kind: OptionKind::Custom {
            en: "a list of house combinations: king_eight, seven_joker, carre, ace_jack",
            fr: "une liste de combinaisons maison\u{a0}: king_eight, seven_joker, carre, ace_jack",
        },
        default: "[]",
        help: "house combinations, reconstructed (the rulebook lost them)",
        help_fr: "combinaisons maison, reconstituées (la règle d’origine les a perdues)",
    },
    OptionSpec {
        key: "forbid_special_finish",
        kind: OptionKind::Bool,
        default: "false",
        help: "the last card of a hand may not be a special card",
        help_fr: "la dernière carte d’une main ne peut pas être une carte spéciale",
    },
    OptionSpec {
        key: "rounds_to_win",
        kind: OptionKind::Range { min: 1, max: 1000 },
        default: "3",
        help: "round wins needed to win the match",
        help_fr: "nombre de manches à gagner pour remporter le match",
    },
    OptionSpec {
        key: "scoring",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "rounds", en: "rounds won", fr: "manches gagnées" },
            ChoiceValue {
                key: "penalty_points",
                en: "penalty points of the cards left",
                fr: "points de pénalité des cartes restées en main",
            },
        ]),
        default: "\"rounds\"",
        help: "count rounds won, or penalty points of the cards left in hand",
        help_fr: "compter les manches gagnées, ou les points de pénalité des cartes restées en main",
    },
    OptionSpec {
        key: "penalty_limit",
        kind: OptionKind::Range { min: 1, max: 100_000 },
        default: "100",
        help: "penalty scoring: the match ends when someone reaches this total",
        help_fr: "score aux points de pénalité\u{a0}: le match s’arrête quand un joueur atteint ce total",
    },
    OptionSpec {
        key: "penalty_table",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "french",
                en: "French: Joker 50, 8 = 32, Ace 20",
                fr: "française\u{a0}: Joker 50, 8 = 32, As 20",
            },
            ChoiceValue {
                key: "crazy_eights",
                en: "Crazy Eights: Joker 50, 8 = 50, Ace 1",
                fr: "Crazy Eights\u{a0}: Joker 50, 8 = 50, As 1",
            },
        ]),
        default: "\"french\"",
        help: "penalty points of the cards left: Joker 50, 8 = 32, Ace 20, or 8 = 50, Ace 1; face cards 10, others their value",
        help_fr: "points de pénalité des cartes restées en main\u{a0}: Joker 50, 8 = 32, As 20, ou 8 = 50, As 1\u{a0}; figures 10, les autres cartes leur valeur",
    },
];
