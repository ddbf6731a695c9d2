//! Actions as NOTATION.md writes them, plus `ask` and `give` for the Dame variants.

use crate::cards::{FrenchCard, Rank, Suit};
use std::fmt;
use tapis_core::game::{action_words, misspelt_action, parse_seat, short_quote, unknown_action};
use tapis_core::{ActionError, Seat, Text};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Lay one card: the first of the turn, the next of a série/suite, or a chain answer.
    Play(FrenchCard),
    /// Stop chaining.
    End,
    /// Name the suit after a final block of 8s or Jokers.
    Suit(Suit),
    /// Demand a rank after a final block of Kings.
    Rank(Rank),
    /// Draw one card, or take a pending 7/Joker penalty.
    Draw,
    /// Keep the card just drawn, or end the turn when nothing can be done.
    Pass,
    /// Announce UNIQUE.
    Unique,
    /// CONTRE UNIQUE against a seat.
    Contre(Seat),
    /// Dame: give a card to a seat (and take one of theirs).
    Swap(Seat, FrenchCard),
    /// Dame: decline the (remaining) exchanges.
    NoSwap,
    /// Dame, `named` mode: the card wanted from the target.
    Ask(FrenchCard),
    /// Dame, `target_chooses` mode: the card the target gives back.
    Give(FrenchCard),
}

pub const VERBS: &str = "play <card>, end, suit <S|H|D|C>, rank <2..A>, draw, pass, unique, contre <seat>, \
                         swap <seat> <card>, noswap, ask <card>, give <card>";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "play {c}"),
            Action::End => write!(f, "end"),
            Action::Suit(s) => write!(f, "suit {s}"),
            Action::Rank(r) => write!(f, "rank {r}"),
            Action::Draw => write!(f, "draw"),
            Action::Pass => write!(f, "pass"),
            Action::Unique => write!(f, "unique"),
            Action::Contre(s) => write!(f, "contre {s}"),
            Action::Swap(s, c) => write!(f, "swap {s} {c}"),
            Action::NoSwap => write!(f, "noswap"),
            Action::Ask(c) => write!(f, "ask {c}"),
            Action::Give(c) => write!(f, "give {c}"),
        }
    }
}

/// How each verb is written, for the error that a verb with the wrong arguments gets.
fn usage(verb: &str) -> &'static str {
    match verb {
        "play" => "play <card>",
        "suit" => "suit <S|H|D|C>",
        "rank" => "rank <2..A>",
        "contre" => "contre <seat>",
        "ask" => "ask <card>",
        "give" => "give <card>",
        "swap" => "swap <seat> <card>",
        "end" => "end",
        "draw" => "draw",
        "pass" => "pass",
        "unique" => "unique",
        _ => "noswap",
    }
}

fn parse_error(fr: String, en: String) -> ActionError {
    ActionError::Parse(Text::new(fr, en))
}

pub fn parse(text: &str) -> Result<Action, ActionError> {
    let words = action_words(text);
    let bad = || unknown_action(text, VERBS);
    let Some(verb) = words.first() else { return Err(bad()) };
    let verb = verb.to_ascii_lowercase();
    let args = &words[1..];
    let arity = match verb.as_str() {
        "end" | "draw" | "pass" | "unique" | "noswap" => 0,
        "play" | "suit" | "rank" | "contre" | "ask" | "give" => 1,
        "swap" => 2,
        _ => return Err(bad()),
    };
    if args.len() != arity {
        return Err(misspelt_action(text, usage(&verb)));
    }
    let card = |i: usize| -> Result<FrenchCard, ActionError> {
        let word = short_quote(args[i]);
        args[i].parse::<FrenchCard>().map_err(|_| {
            parse_error(
                format!(
                    "« {word} » n'est pas une carte : écrivez une valeur (2-9, T, J, Q, K, A) puis une couleur \
                     (S, H, D, C), ou X pour un Joker"
                ),
                format!(
                    "'{word}' is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (S, H, D, C), or X for a Joker"
                ),
            )
        })
    };
    let seat = |i: usize| -> Result<Seat, ActionError> {
        let word = short_quote(args[i]);
        parse_seat(args[i]).ok_or_else(|| {
            parse_error(
                format!("« {word} » n'est pas un numéro de place (0 à 9)"),
                format!("'{word}' is not a seat number (0 to 9)"),
            )
        })
    };
    Ok(match verb.as_str() {
        "end" => Action::End,
        "draw" => Action::Draw,
        "pass" => Action::Pass,
        "unique" => Action::Unique,
        "noswap" => Action::NoSwap,
        "play" => Action::Play(card(0)?),
        "ask" => Action::Ask(card(0)?),
        "give" => Action::Give(card(0)?),
        "suit" => Action::Suit(args[0].parse().map_err(|_| {
            let word = short_quote(args[0]);
            parse_error(
                format!("« {word} » n'est pas une couleur : S, H, D ou C"),
                format!("'{word}' is not a suit: S, H, D or C"),
            )
        })?),
        "rank" => Action::Rank(args[0].parse().map_err(|_| {
            let word = short_quote(args[0]);
            parse_error(
                format!("« {word} » n'est pas une valeur : 2-9, T, J, Q, K ou A"),
                format!("'{word}' is not a rank: 2-9, T, J, Q, K or A"),
            )
        })?),
        "contre" => Action::Contre(seat(0)?),
        _ => Action::Swap(seat(0)?, card(1)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tapis_core::Lang;

    #[test]
    fn actions_parse_in_any_case_and_print_canonically() {
        for (text, canonical) in [
            ("PLAY   7h", "play 7H"),
            ("play 10s", "play TS"),
            ("play x", "play X"),
            ("Suit h", "suit H"),
            ("rank 10", "rank T"),
            ("rank a", "rank A"),
            ("contre 3", "contre 3"),
            ("swap 2 qd", "swap 2 QD"),
            ("  end ", "end"),
            ("ask 8s", "ask 8S"),
            ("give js", "give JS"),
        ] {
            assert_eq!(parse(text).unwrap().to_string(), canonical);
        }
        for bad in ["", "play", "play 1H", "suit Z", "rank 1", "contre 12", "swap 2", "fly", "end now"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parse_errors_say_what_is_wrong_in_both_languages() {
        let message = |text: &str, lang: Lang| parse(text).unwrap_err().message(lang);
        assert_eq!(message("swap 2", Lang::Fr), "« swap 2 » : écrivez-le « swap <seat> <card> »");
        assert_eq!(message("swap 2", Lang::En), "'swap 2': write it as 'swap <seat> <card>'");
        assert_eq!(
            message("play 1h", Lang::Fr),
            "« 1h » n'est pas une carte : écrivez une valeur (2-9, T, J, Q, K, A) puis une couleur (S, H, D, C), ou \
             X pour un Joker"
        );
        assert_eq!(
            message("play 1h", Lang::En),
            "'1h' is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (S, H, D, C), or X for a Joker"
        );
        assert_eq!(message("contre 12", Lang::Fr), "« 12 » n'est pas un numéro de place (0 à 9)");
        assert_eq!(message("suit z", Lang::En), "'z' is not a suit: S, H, D or C");
        assert_eq!(message("rank 1", Lang::Fr), "« 1 » n'est pas une valeur : 2-9, T, J, Q, K ou A");
        assert_eq!(parse("end now").unwrap_err().code(), "bad_action");
    }
}
