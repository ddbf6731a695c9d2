//! The variant switches of the rulebook (`rules/nainjaune.md`), with exactly its keys.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use tapis_core::{ChoiceValue, OptionKind, OptionSpec, SetupError, Text};

/// The largest starting capital accepted: keeps every chip total far inside `u32`.
pub const MAX_CAPITAL: u32 = 1_000_000;

/// What the losers pay the winner of a round (J6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Payment {
    /// One chip per card left in hand (the seed).
    PerCard,
    /// The cards' points: Ace to 10 their value, figures 10 (the seed's « variante »).
    CardPoints,
}

/// The order of the end-of-round settlement (J7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SettlementOrder {
    /// Payment, then doublings, then the Grand Opéra sweep (which takes the doublings too).
    PaymentDoublingSweep,
    /// Payment, then the sweep, then the doublings: each holder of a board card pays what the cell
    /// held before the sweep, and those chips stay on the board for the next round.
    SweepBeforeDoubling,
    /// As the default, but nobody doubles in a Grand Opéra round (paulcmt/IA-Nain-Jaune).
    NoDoublingOnGrandOpera,
}

/// What counts as a Grand Opéra (J8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrandOpera {
    /// The winner went out before any other player laid a single card in the round.
    Strict,
    /// The winner went out during his own first turn: from the moment the move first reached
    /// him until another player laid a card.
    FirstTurn,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub capital: u32,
    pub two_players: bool,
    pub follow_optional: bool,
    pub manual_claim: bool,
    pub payment: Payment,
    pub settlement_order: SettlementOrder,
    pub grand_opera: GrandOpera,
    /// 0: play until a player cannot stake or pay; n: at most n rounds.
    #[serde(deserialize_with = "rounds_or_null")]
    pub rounds: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            capital: 120,
            two_players: false,
            follow_optional: false,
            manual_claim: false,
            payment: Payment::PerCard,
            settlement_order: SettlementOrder::PaymentDoublingSweep,
            grand_opera: GrandOpera::Strict,
            rounds: DEFAULT_ROUNDS,
        }
    }
}

/// The rounds a match lasts unless the table chooses otherwise: a family's evening. Played to
/// ruin (`rounds = 0`, the rulebook's J9), a match of 3 or 4 heuristic bots lasts a median of 38
/// or 22 rounds (90th percentile 87 or 47: hours at people's pace, about 2 minutes a round among
/// bots and 4 among people), of 5 to 8 players 11 to 5; docs/match-lengths.md has the figures.
/// 12 rounds are half an hour to an hour. A stored match keeps the value it was dealt with.
pub const DEFAULT_ROUNDS: u32 = 12;

/// The most rounds the `rounds` option accepts.
const MAX_ROUNDS: u64 = 10_000;

const ROUNDS_TEXT: &str = "0 or null (play until a player cannot stake or pay), or a number of rounds from 1 to 10,000";
const ROUNDS_TEXT_FR: &str = "0 ou null (jouer jusqu’à ce qu’un joueur ne puisse plus miser ni payer), ou un nombre de manches de 1 à 10\u{202f}000";

/// `rounds` as a number: `null` is 0, anything but an integer from 0 to 10,000 is refused.
fn read_rounds(value: &Value) -> Option<u32> {
    match value {
        Value::Null => Some(0),
        _ => value.as_u64().filter(|&r| r <= MAX_ROUNDS).map(|r| r as u32),
    }
}

/// Checks the `rounds` value of a complete options object: core accepts any value of an
/// `OptionKind::Custom` option, whose accepted values only this game knows.
pub(crate) fn check_rounds(complete: &Map<String, Value>) -> Result<(), SetupError> {
    match complete.get("rounds") {
        Some(value) if read_rounds(value).is_none() => Err(SetupError::OptionValue {
            key: "rounds".into(),
            value: value.to_string(),
            accepted: Text::new(ROUNDS_TEXT_FR, ROUNDS_TEXT),
        }),
        _ => Ok(()),
    }
}

fn rounds_or_null<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let value = Value::deserialize(d)?;
    read_rounds(&value)
        .ok_or_else(|| serde::de::Error::custom(format!("option 'rounds' cannot be {value}: it takes {ROUNDS_TEXT}")))
}

pub const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "capital",
        kind: OptionKind::Range { min: 15, max: MAX_CAPITAL as i64 },
        default: "120",
        // The rulebook's ambiguity register: J2.
        help: "chips each player starts with",
        help_fr: "jetons de chaque joueur au début de la partie",
    },
    OptionSpec {
        key: "two_players",
        kind: OptionKind::Bool,
        default: "false",
        // J10.
        help: "allow a table of two: 22 cards each, 8 aside",
        help_fr: "permettre de jouer à deux\u{a0}: 22 cartes chacun, 8 mises de côté",
    },
    OptionSpec {
        key: "follow_optional",
        kind: OptionKind::Bool,
        default: "false",
        // J3.
        help: "a player holding the called rank may pass anyway",
        help_fr: "un joueur qui a le rang annoncé peut tout de même passer",
    },
    OptionSpec {
        key: "manual_claim",
        kind: OptionKind::Bool,
        default: "false",
        // J5.
        help: "a board cell must be claimed before the next card is laid, else it stays on the board",
        help_fr: "une case du plateau se ramasse en l’annonçant avant que la carte suivante soit posée, sinon elle \
                  reste sur le plateau",
    },
    OptionSpec {
        key: "payment",
        kind: OptionKind::Choice(&[
            ChoiceValue { key: "per_card", en: "1 chip per card left", fr: "1 jeton par carte restante" },
            ChoiceValue {
                key: "card_points",
                en: "the cards' points (face cards 10)",
                fr: "les points des cartes (10 par figure)",
            },
        ]),
        default: "\"per_card\"",
        // J6.
        help: "what the winner of a round gets from each player: 1 chip per card left, or the cards' points",
        help_fr: "ce que le gagnant d’une manche reçoit de chaque joueur\u{a0}: 1 jeton par carte restante, ou les points \
                  des cartes",
    },
    OptionSpec {
        key: "settlement_order",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "payment_doubling_sweep",
                en: "payment, doublings, then the sweep",
                fr: "paiement, doublements, puis la rafle",
            },
            ChoiceValue {
                key: "sweep_before_doubling",
                en: "the sweep before the doublings",
                fr: "la rafle avant les doublements",
            },
            ChoiceValue {
                key: "no_doubling_on_grand_opera",
                en: "no doubling in a Grand Opéra round",
                fr: "pas de doublement lors d’un Grand Opéra",
            },
        ]),
        default: "\"payment_doubling_sweep\"",
        // J7.
        help: "order of the round settlement: payment, doublings, Grand Opéra sweep; or the sweep before the \
               doublings (which then stay on the board); or no doubling in a Grand Opéra round",
        help_fr: "ordre du règlement de la manche\u{a0}: paiement, doublements, rafle du Grand Opéra\u{a0}; ou la rafle avant \
                  les doublements (qui restent alors sur le plateau)\u{a0}; ou pas de doublement lors d’un Grand Opéra",
    },
    OptionSpec {
        key: "grand_opera",
        kind: OptionKind::Choice(&[
            ChoiceValue {
                key: "strict",
                en: "before anyone else lays a card",
                fr: "avant qu’un autre joueur ait posé une carte",
            },
            ChoiceValue { key: "first_turn", en: "during one’s own first turn", fr: "pendant son premier tour" },
        ]),
        default: "\"strict\"",
        // J8.
        help: "Grand Opéra: out before anyone else lays a card, or out during one’s own first turn",
        help_fr: "Grand Opéra\u{a0}: tout poser avant qu’un autre joueur ait posé une carte, ou pendant son premier tour",
    },
    OptionSpec {
        key: "rounds",
        kind: OptionKind::Custom { en: ROUNDS_TEXT, fr: ROUNDS_TEXT_FR },
        // J9, with a default a family finishes in an evening (`DEFAULT_ROUNDS`).
        default: "12",
        help: "rounds to play at most, 2 to 4 minutes each (0: until a player can neither stake nor pay, often \
               more than 20 rounds at 3 or 4 players)",
        help_fr: "nombre de manches au plus, de 2 à 4 minutes chacune (0\u{a0}: jusqu’à ce qu’un joueur ne puisse \
                  plus miser ni payer, souvent plus de 20 manches à 3 ou 4 joueurs)",
    },
];
