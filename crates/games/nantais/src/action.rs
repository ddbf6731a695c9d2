//! Actions as NOTATION.md writes them, plus `ask` and `give` for the Dame variants.

use crate::cards::{FrenchCard, Rank, Suit};
use std::fmt;
use tapis_core::game::{action_words, parse_seat, unknown_action};
use tapis_core::{ActionError, Seat};

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

pub fn parse(text: &str) -> Result<Action, ActionError> {
    let words = action_words(text);
    let bad = || unknown_action(text, VERBS);
    let Some(verb) = words.first() else { return Err(bad()) };
    let verb = verb.to_ascii_lowercase();
    let args = &words[1..];
    let card = |i: usize| -> Result<FrenchCard, ActionError> {
        let word = args.get(i).ok_or_else(bad)?;
        word.parse::<FrenchCard>().map_err(|e| ActionError::Parse(e.to_string()))
    };
    let seat = |i: usize| -> Result<Seat, ActionError> {
        let word = args.get(i).ok_or_else(bad)?;
        parse_seat(word).ok_or_else(|| ActionError::Parse(format!("'{word}' is not a seat number (0 to 9)")))
    };
    let arity = match verb.as_str() {
        "end" | "draw" | "pass" | "unique" | "noswap" => 0,
        "play" | "suit" | "rank" | "contre" | "ask" | "give" => 1,
        "swap" => 2,
        _ => return Err(bad()),
    };
    if args.len() != arity {
        return Err(ActionError::Parse(format!(
            "'{}' takes {arity} argument{}: {VERBS}",
            verb,
            if arity == 1 { "" } else { "s" }
        )));
    }
    Ok(match verb.as_str() {
        "end" => Action::End,
        "draw" => Action::Draw,
        "pass" => Action::Pass,
        "unique" => Action::Unique,
        "noswap" => Action::NoSwap,
        "play" => Action::Play(card(0)?),
        "ask" => Action::Ask(card(0)?),
        "give" => Action::Give(card(0)?),
        "suit" => Action::Suit(
            args[0].parse().map_err(|_| ActionError::Parse(format!("'{}' is not a suit: S, H, D or C", args[0])))?,
        ),
        "rank" => Action::Rank(
            args[0]
                .parse()
                .map_err(|_| ActionError::Parse(format!("'{}' is not a rank: 2-9, T, J, Q, K or A", args[0])))?,
        ),
        "contre" => Action::Contre(seat(0)?),
        _ => Action::Swap(seat(0)?, card(1)?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
