//! The errors a game reports, typed, each mapped to one error code of the referee protocol and
//! worded in French and in English ([`ActionError::message`], [`SetupError::message`]). `Display`
//! gives the English sentence.

use crate::game::Lang;
use crate::seat::{Seat, SeatSet};
use crate::words::Words;
use std::fmt;
use thiserror::Error;

/// A sentence for people, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    pub fr: String,
    pub en: String,
}

impl Text {
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> Text {
        Text { fr: fr.into(), en: en.into() }
    }

    pub fn get(&self, lang: Lang) -> &str {
        lang.pick(&self.fr, &self.en)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.en)
    }
}

/// `0, 2 et 3` / `0, 2 and 3`.
pub fn seat_words(seats: SeatSet, lang: Lang) -> String {
    let names: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    match names.as_slice() {
        [] => lang.pick("personne", "nobody").to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), lang.pick("et", "and")),
    }
}

/// Why an action was refused. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The text is not an action of this game (`bad_action`).
    #[error("{0}")]
    Parse(Text),
    /// The match is over (`illegal_action`).
    #[error("the match is over")]
    Over,
    /// No such seat at this table (`illegal_action`).
    #[error("there is no seat {seat} at a table of {players}")]
    NoSeat { seat: Seat, players: usize },
    /// The seat may not act now; the match waits for `waiting` (`illegal_action`).
    #[error("seat {seat} may not act now (waiting for {})", seat_words(*waiting, Lang::En))]
    NotYourMove { seat: Seat, waiting: SeatSet },
    /// The seat may act, but not this (`illegal_action`): the legal actions, and the game's own
    /// reason when it has one.
    #[error("{}", self.message(Lang::En))]
    NotLegal { seat: Seat, action: String, legal: Vec<String>, reason: Option<Text> },
}

impl ActionError {
    /// The referee protocol's error code.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Parse(_) => "bad_action",
            _ => "illegal_action",
        }
    }

    /// The sentence for people.
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (ActionError::Parse(text), _) => text.get(lang).to_string(),
            (ActionError::Over, Lang::Fr) => "la partie est finie".into(),
            (ActionError::Over, Lang::En) => "the match is over".into(),
            (ActionError::NoSeat { seat, players }, Lang::Fr) => {
                format!("il n'y a pas de place {seat} à une table de {players}")
            }
            (ActionError::NoSeat { seat, players }, Lang::En) => {
                format!("there is no seat {seat} at a table of {players}")
            }
            (ActionError::NotYourMove { seat, waiting }, Lang::Fr) => {
                format!("la place {seat} ne peut pas jouer maintenant (on attend {})", seat_words(*waiting, lang))
            }
            (ActionError::NotYourMove { seat, waiting }, Lang::En) => {
                format!("seat {seat} may not act now (waiting for {})", seat_words(*waiting, lang))
            }
            (ActionError::NotLegal { seat, action, legal, reason }, _) => {
                let head = match lang {
                    Lang::Fr => format!("« {action} » n'est pas permis à la place {seat} maintenant"),
                    Lang::En => format!("'{action}' is not legal for seat {seat} now"),
                };
                let reason =
                    reason.as_ref().map(|r| format!("{}{}", lang.pick(" : ", ": "), r.get(lang))).unwrap_or_default();
                let label = lang.pick(" ; permis :", "; legal:");
                format!("{head}{reason}{label} {}", legal.join(", "))
            }
        }
    }

    /// The sentence for people at a table with names: seats by their names, the one refused
    /// (usually `words`' reader) as « vous » / "you", French typography in French. The action
    /// and the legal ones stay in notation: they are what was typed and what may be typed.
    pub fn message_in(&self, words: &Words) -> String {
        let fr = words.fr();
        // U+00A0 before the French double punctuation.
        let colon = words.pick("\u{a0}: ", ": ");
        let semicolon = words.pick("\u{a0}; ", "; ");
        match self {
            // A seat that does not exist has no name.
            ActionError::Parse(_) | ActionError::Over | ActionError::NoSeat { .. } => self.message(words.lang),
            ActionError::NotYourMove { seat, waiting } => {
                let head = words.says(
                    *seat,
                    "ne peut pas jouer maintenant",
                    "ne pouvez pas jouer maintenant",
                    "may not act now",
                    "may not act now",
                );
                format!("{head}{colon}{}{}", words.pick("on attend ", "waiting for "), words.list(waiting.iter()))
            }
            ActionError::NotLegal { seat, action, legal, reason } => {
                let head = match (fr, words.is_reader(*seat)) {
                    (true, true) => format!("«\u{a0}{action}\u{a0}» n'est pas permis maintenant"),
                    (true, false) => {
                        format!("«\u{a0}{action}\u{a0}» n'est pas permis à {} maintenant", words.who(*seat))
                    }
                    (false, true) => format!("'{action}' is not legal now"),
                    (false, false) => format!("'{action}' is not legal for {} now", words.who(*seat)),
                };
                let reason = reason.as_ref().map(|r| format!("{colon}{}", r.get(words.lang))).unwrap_or_default();
                let label = words.pick("permis", "legal");
                format!("{head}{reason}{semicolon}{label}{colon}{}", legal.join(", "))
            }
        }
    }
}

/// A hand-made deal that does not hold exactly the game's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckMismatch {
    /// How many cards the deal must hold.
    pub expected: usize,
    /// Cards of the deck the deal leaves out, in notation, in deck order.
    pub missing: Vec<String>,
    /// Cards the deal holds once too often (or that are not in the deck at all).
    pub extra: Vec<String>,
}

/// Why a match could not be set up. Nothing was created.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// An unknown option key (`bad_option`).
    #[error("{}", self.message(Lang::En))]
    UnknownOption { key: String, known: Vec<&'static str> },
    /// A value the option does not take (`bad_option`).
    #[error("{}", self.message(Lang::En))]
    OptionValue { key: String, value: String, accepted: Text },
    /// Options that do not go together (`bad_option`).
    #[error("{0}")]
    BadOption(Text),
    /// A player count the game does not accept with these options (`bad_request`).
    #[error("{}", self.message(Lang::En))]
    Players { game: &'static str, min: usize, max: usize, given: usize },
    /// A dealer that is not a seat (`bad_request`).
    #[error("{}", self.message(Lang::En))]
    Dealer { dealer: u8, players: usize },
    /// A deal that does not hold exactly the deck (`bad_deal`).
    #[error("{}", self.message(Lang::En))]
    DeckMismatch(DeckMismatch),
    /// A deal the rules could never produce, or one that does not read (`bad_deal`).
    #[error("{0}")]
    BadDeal(Text),
    /// Anything else about the request (`bad_request`).
    #[error("{0}")]
    BadSetup(Text),
}

impl SetupError {
    /// The referee protocol's error code.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::UnknownOption { .. } | SetupError::OptionValue { .. } | SetupError::BadOption(_) => {
                "bad_option"
            }
            SetupError::DeckMismatch(_) | SetupError::BadDeal(_) => "bad_deal",
            SetupError::Players { .. } | SetupError::Dealer { .. } | SetupError::BadSetup(_) => "bad_request",
        }
    }

    /// The sentence for people.
    pub fn message(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        match self {
            SetupError::UnknownOption { key, known } if known.is_empty() => {
                if fr {
                    format!("option inconnue « {key} » : ce jeu n'a pas d'options")
                } else {
                    format!("unknown option '{key}': this game has no options")
                }
            }
            SetupError::UnknownOption { key, known } => {
                if fr {
                    format!("option inconnue « {key} » ; les options sont : {}", known.join(", "))
                } else {
                    format!("unknown option '{key}'; the options are: {}", known.join(", "))
                }
            }
            SetupError::OptionValue { key, value, accepted } => {
                if fr {
                    format!("l'option « {key} » ne peut pas valoir {value} : elle prend {}", accepted.fr)
                } else {
                    format!("option '{key}' cannot be {value}: it takes {}", accepted.en)
                }
            }
            SetupError::Players { game, min, max, given } => {
                if fr {
                    format!("{game} se joue de {min} à {max} joueurs, pas {given}")
                } else {
                    format!("{game} is played by {min} to {max} players, not {given}")
                }
            }
            SetupError::Dealer { dealer, players } => {
                let last = players.saturating_sub(1);
                if fr {
                    format!("le donneur {dealer} n'est pas une place d'une table de {players} (0 à {last})")
                } else {
                    format!("dealer {dealer} is not a seat of a {players}-player table (0 to {last})")
                }
            }
            SetupError::DeckMismatch(m) => {
                let mut parts = Vec::new();
                if !m.missing.is_empty() {
                    parts.push(format!("{} {}", lang.pick("manquent", "missing"), m.missing.join(" ")));
                }
                if !m.extra.is_empty() {
                    parts.push(format!("{} {}", lang.pick("en trop", "extra"), m.extra.join(" ")));
                }
                if fr {
                    format!(
                        "la donne doit contenir exactement les {} cartes du jeu : {}",
                        m.expected,
                        parts.join(" ; ")
                    )
                } else {
                    format!("the deal must hold exactly the {} cards of the deck: {}", m.expected, parts.join("; "))
                }
            }
            SetupError::BadOption(text) | SetupError::BadDeal(text) | SetupError::BadSetup(text) => {
                text.get(lang).to_string()
            }
        }
    }
}

/// Checks that `dealt` holds exactly the cards of `deck` (as multisets), the one check every game's
/// hand-made deals go through. Cards are compared by their notation's order.
pub fn check_deck<C: Ord + Copy + fmt::Display>(
    deck: impl IntoIterator<Item = C>,
    dealt: impl IntoIterator<Item = C>,
) -> Result<(), SetupError> {
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<C, i64> = BTreeMap::new();
    let mut expected = 0;
    for card in deck {
        *counts.entry(card).or_default() += 1;
        expected += 1;
    }
    for card in dealt {
        *counts.entry(card).or_default() -= 1;
    }
    let list = |sign: i64| -> Vec<String> {
        counts.iter().flat_map(|(card, &n)| std::iter::repeat_n(card.to_string(), (n * sign).max(0) as usize)).collect()
    };
    let (missing, extra) = (list(1), list(-1));
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    Err(SetupError::DeckMismatch(DeckMismatch { expected, missing, extra }))
}

/// Why a record does not replay (`bad_record`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The record is of another game.
    #[error("the record is of game '{record}', not '{game}'")]
    OtherGame { record: String, game: &'static str },
    /// The record was played under another version of the game's rules, which this build does
    /// not keep (it keeps one per game: its own).
    #[error(
        "the record was played under version {record} of the rules of {game}; this build keeps only version {rules}, and does not replay it under other rules"
    )]
    Rules { game: &'static str, record: u32, rules: u32 },
    /// The record's setup is refused.
    #[error("the record's setup is refused: {0}")]
    Setup(Box<SetupError>),
    /// Action `index` (from 1) does not apply.
    #[error("action {index} ([{seat}, \"{action}\"]) fails: {error}")]
    Action { index: usize, seat: u8, action: String, error: Box<ActionError> },
    /// The record's chance outcomes do not match its actions: at the moment `at` (0: the setup,
    /// k: action k), one is missing, left over, out of order, unreadable, or does not fit.
    #[error("{}", self.message(Lang::En))]
    Chance { at: u64, problem: ChanceProblem },
}

/// What is wrong with a record's chance outcomes at one moment of its match. `index` is the
/// outcome's place in the record's `chance` list, from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceProblem {
    /// The match draws an outcome there that the record does not list.
    Missing,
    /// The outcome is listed there, but the match draws nothing more there.
    Unused { index: usize },
    /// The outcome could not stand in the match at that moment (other cards, other pile sizes,
    /// a card no longer in the stock); `outcome` is its JSON.
    Misfit { index: usize, outcome: String },
    /// The outcome does not read as one of this game's.
    Unreadable { index: usize, why: String },
    /// The outcome is listed after one drawn later (`after`: that one's moment).
    OutOfOrder { index: usize, after: u64 },
}

impl RecordError {
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (RecordError::Chance { at, problem }, _) => chance_message(*at, problem, lang),
            (_, Lang::En) => self.to_string(),
            (RecordError::OtherGame { record, game }, Lang::Fr) => {
                format!("l'enregistrement est une partie de « {record} », pas de « {game} »")
            }
            (RecordError::Rules { game, record, rules }, Lang::Fr) => format!(
                "l'enregistrement a été joué avec la version {record} des règles de {game}\u{a0}; cette version de tapis ne garde que la version {rules} et ne le rejoue pas avec d'autres règles"
            ),
            (RecordError::Setup(e), Lang::Fr) => {
                format!("la mise en place de l'enregistrement est refusée : {}", e.message(lang))
            }
            (RecordError::Action { index, seat, action, error }, Lang::Fr) => {
                format!("l'action {index} ([{seat}, « {action} »]) échoue : {}", error.message(lang))
            }
        }
    }
}

/// One sentence for a record whose chance outcomes do not match its actions.
fn chance_message(at: u64, problem: &ChanceProblem, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let (moment_fr, moment_en) = match at {
        0 => ("la mise en place".to_string(), "the setup".to_string()),
        k => (format!("l'action {k}"), format!("action {k}")),
    };
    match problem {
        ChanceProblem::Missing if fr => {
            format!("{moment_fr} fait un tirage que la liste «\u{a0}chance\u{a0}» de l'enregistrement ne donne pas")
        }
        ChanceProblem::Missing => {
            format!("{moment_en} draws a chance outcome that the record's \"chance\" does not list")
        }
        ChanceProblem::Unused { index } if fr => {
            format!("chance[{index}] est donné pour {moment_fr}, qui ne tire rien de plus")
        }
        ChanceProblem::Unused { index } => {
            format!("chance[{index}] is listed at {moment_en}, which draws nothing more")
        }
        ChanceProblem::Misfit { index, outcome } if fr => format!(
            "chance[{index}] {} ne convient pas à la partie à {moment_fr}\u{a0}: elle ne peut pas l'avoir tiré là",
            crate::game::short_quote(outcome)
        ),
        ChanceProblem::Misfit { index, outcome } => format!(
            "chance[{index}] {} does not fit the match at {moment_en}: it cannot have been drawn there",
            crate::game::short_quote(outcome)
        ),
        ChanceProblem::Unreadable { index, why } if fr => {
            format!("chance[{index}] ({moment_fr}) ne se lit pas comme un tirage de ce jeu\u{a0}: {why}")
        }
        ChanceProblem::Unreadable { index, why } => {
            format!("chance[{index}] ({moment_en}) does not read as an outcome of this game: {why}")
        }
        ChanceProblem::OutOfOrder { index, after } if fr => format!(
            "chance[{index}] est donné pour {moment_fr}, après un tirage de l'action {after}\u{a0}: les tirages vont dans l'ordre où ils ont eu lieu"
        ),
        ChanceProblem::OutOfOrder { index, after } => format!(
            "chance[{index}] is listed at {moment_en}, after an outcome of action {after}: outcomes go in the order they were drawn"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_mismatch_names_missing_and_extra_cards() {
        let err = check_deck([1, 2, 3, 3], [1, 3, 3, 3, 9]).unwrap_err();
        assert_eq!(
            err,
            SetupError::DeckMismatch(DeckMismatch {
                expected: 4,
                missing: vec!["2".into()],
                extra: vec!["3".into(), "9".into()]
            })
        );
        assert_eq!(err.to_string(), "the deal must hold exactly the 4 cards of the deck: missing 2; extra 3 9");
        assert_eq!(
            err.message(Lang::Fr),
            "la donne doit contenir exactement les 4 cartes du jeu : manquent 2 ; en trop 3 9"
        );
        assert_eq!(err.code(), "bad_deal");
        assert!(check_deck([1, 2, 2], [2, 1, 2]).is_ok());
    }

    #[test]
    fn action_errors_say_why_in_both_languages() {
        let err = ActionError::NotYourMove { seat: Seat(1), waiting: SeatSet::single(Seat(0)).with(Seat(2)) };
        assert_eq!(err.to_string(), "seat 1 may not act now (waiting for 0 and 2)");
        assert_eq!(err.message(Lang::Fr), "la place 1 ne peut pas jouer maintenant (on attend 0 et 2)");
        let err = ActionError::NotLegal {
            seat: Seat(0),
            action: "play 7H".into(),
            legal: vec!["draw".into(), "play 8S".into()],
            reason: None,
        };
        assert_eq!(err.to_string(), "'play 7H' is not legal for seat 0 now; legal: draw, play 8S");
        assert_eq!(
            err.message(Lang::Fr),
            "« play 7H » n'est pas permis à la place 0 maintenant ; permis : draw, play 8S"
        );
        assert_eq!(err.code(), "illegal_action");
    }
}
