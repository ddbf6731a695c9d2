//! Actions as NOTATION.md writes them, plus `keep` (the `king_optional` variant's refusal to give).

use crate::cards::Card;
use std::fmt;
use tapis_core::game::{action_words, misspelt_action, parse_seat, short_quote, unknown_action};
use tapis_core::{ActionError, Seat, Text};

/// One decision of a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Before play: exchange a hand card with one of one's face-up cards.
    Swap { hand: Card, faceup: Card },
    /// Before play: done swapping.
    Ready,
    /// Lay `count` cards of one kind (in turn, as a 13 counter, as a Variante 2 completion, or a
    /// Ninja out of turn).
    Play { card: Card, count: u8 },
    /// Take the central pile.
    Pickup,
    /// Send the pile to that seat with a 13.
    Give(Seat),
    /// The target of a 13 takes the pile instead of countering.
    Accept,
    /// `king_optional`: the 13 stays on the pile as a plain card.
    Keep,
    /// Refill the hand with one of one's face-up cards.
    Take(Card),
    /// One's face-down card at position 1, 2 or 3: into the hand (refill), or played blind
    /// (`table_play = shithead`).
    Reveal(u8),
}

pub const VERBS: &str = "swap <hand card> <face-up card>, ready, play <card> [<card> ...], pickup, give <seat>, \
                         accept, keep, take <card>, reveal <1|2|3>";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Plain `write_str`s: every action of every record is formatted.
        const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        let digit = |n: u8| DIGITS.get(n as usize).copied().unwrap_or("?");
        match *self {
            Action::Swap { hand, faceup } => {
                f.write_str("swap ")?;
                f.write_str(hand.notation())?;
                f.write_str(" ")?;
                f.write_str(faceup.notation())
            }
            Action::Ready => f.write_str("ready"),
            Action::Play { card, count } => {
                f.write_str("play")?;
                for _ in 0..count {
                    f.write_str(" ")?;
                    f.write_str(card.notation())?;
                }
                Ok(())
            }
            Action::Pickup => f.write_str("pickup"),
            Action::Give(seat) => {
                f.write_str("give ")?;
                f.write_str(digit(seat.0))
            }
            Action::Accept => f.write_str("accept"),
            Action::Keep => f.write_str("keep"),
            Action::Take(card) => {
                f.write_str("take ")?;
                f.write_str(card.notation())
            }
            Action::Reveal(position) => {
                f.write_str("reveal ")?;
                f.write_str(digit(position))
            }
        }
    }
}

fn parse_error(fr: String, en: String) -> ActionError {
    ActionError::Parse(Text::new(fr, en))
}

fn card(word: &str) -> Result<Card, ActionError> {
    word.parse::<Card>().map_err(|_| {
        let word = short_quote(word);
        parse_error(
            format!("« {word} » n'est pas une carte de Battle GUM : écrivez une valeur de 1 à 13, ou 00 pour le Ninja"),
            format!("'{word}' is not a Battle GUM card: write a value from 1 to 13, or 00 for the Ninja"),
        )
    })
}

fn arity(text: &str, words: usize, wanted: usize, usage: &str) -> Result<(), ActionError> {
    if words == wanted { Ok(()) } else { Err(misspelt_action(text, usage)) }
}

pub fn parse(text: &str) -> Result<Action, ActionError> {
    let words = action_words(text);
    let Some(verb) = words.first() else {
        return Err(unknown_action(text, VERBS));
    };
    let verb = verb.to_ascii_lowercase();
    let n = words.len();
    match verb.as_str() {
        "swap" => {
            arity(text, n, 3, "swap <hand card> <face-up card>")?;
            Ok(Action::Swap { hand: card(words[1])?, faceup: card(words[2])? })
        }
        "ready" => arity(text, n, 1, "ready").map(|_| Action::Ready),
        "pickup" => arity(text, n, 1, "pickup").map(|_| Action::Pickup),
        "accept" => arity(text, n, 1, "accept").map(|_| Action::Accept),
        "keep" => arity(text, n, 1, "keep").map(|_| Action::Keep),
        "give" => {
            arity(text, n, 2, "give <seat>")?;
            parse_seat(words[1]).filter(|_| words[1].bytes().all(|b| b.is_ascii_digit())).map(Action::Give).ok_or_else(
                || {
                    let word = short_quote(words[1]);
                    parse_error(
                        format!("« {word} » n'est pas un numéro de place"),
                        format!("'{word}' is not a seat number"),
                    )
                },
            )
        }
        "take" => {
            arity(text, n, 2, "take <card>")?;
            Ok(Action::Take(card(words[1])?))
        }
        "reveal" => {
            arity(text, n, 2, "reveal <1|2|3>")?;
            match words[1] {
                "1" => Ok(Action::Reveal(1)),
                "2" => Ok(Action::Reveal(2)),
                "3" => Ok(Action::Reveal(3)),
                other => {
                    let word = short_quote(other);
                    Err(parse_error(
                        format!("la place d'une carte cachée est 1, 2 ou 3, pas « {word} »"),
                        format!("the face-down position is 1, 2 or 3, not '{word}'"),
                    ))
                }
            }
        }
        "play" => {
            if n < 2 {
                return Err(misspelt_action(text, "play <card> [<card> ...]"));
            }
            let first = card(words[1])?;
            for word in &words[2..] {
                if card(word)? != first {
                    return Err(parse_error(
                        "les cartes posées ensemble sont toutes de la même valeur".into(),
                        "the cards laid at once are all of one value".into(),
                    ));
                }
            }
            let count = n - 1;
            let copies = first.copies();
            if count > copies as usize {
                return Err(parse_error(
                    format!("le jeu ne compte que {copies} cartes {first}"),
                    format!("the deck holds only {copies} cards {first}"),
                ));
            }
            Ok(Action::Play { card: first, count: count as u8 })
        }
        _ => Err(unknown_action(text, VERBS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_in_any_case_and_spacing() {
        let five = Card::new(5).unwrap();
        let cases = [
            ("play 5 5", Action::Play { card: five, count: 2 }),
            ("play 00", Action::Play { card: Card::NINJA, count: 1 }),
            ("swap 5 00", Action::Swap { hand: five, faceup: Card::NINJA }),
            ("give 3", Action::Give(Seat(3))),
            ("reveal 2", Action::Reveal(2)),
            ("take 5", Action::Take(five)),
            ("pickup", Action::Pickup),
        ];
        for (text, action) in cases {
            assert_eq!(parse(text), Ok(action));
            assert_eq!(action.to_string(), text);
            assert_eq!(parse(&format!("  {}  ", text.to_uppercase().replace(' ', "   "))), Ok(action));
        }
    }

    #[test]
    fn bad_actions_say_why_in_both_languages() {
        use tapis_core::Lang;
        let verbs = VERBS;
        for (bad, fr, en) in [
            (
                "",
                format!("«  » n'est pas une action de ce jeu ; les verbes sont : {verbs}"),
                format!("'' is not an action of this game; the verbs are: {verbs}"),
            ),
            (
                "jump",
                format!("« jump » n'est pas une action de ce jeu ; les verbes sont : {verbs}"),
                format!("'jump' is not an action of this game; the verbs are: {verbs}"),
            ),
            (
                "play",
                "« play » : écrivez-le « play <card> [<card> ...] »".into(),
                "'play': write it as 'play <card> [<card> ...]'".into(),
            ),
            (
                "play 5 6",
                "les cartes posées ensemble sont toutes de la même valeur".into(),
                "the cards laid at once are all of one value".into(),
            ),
            ("play 00 00 00", "le jeu ne compte que 2 cartes 00".into(), "the deck holds only 2 cards 00".into()),
            ("play 5 5 5 5 5", "le jeu ne compte que 4 cartes 5".into(), "the deck holds only 4 cards 5".into()),
            (
                "play 14",
                "« 14 » n'est pas une carte de Battle GUM : écrivez une valeur de 1 à 13, ou 00 pour le Ninja".into(),
                "'14' is not a Battle GUM card: write a value from 1 to 13, or 00 for the Ninja".into(),
            ),
            ("give x", "« x » n'est pas un numéro de place".into(), "'x' is not a seat number".into()),
            ("give 11", "« 11 » n'est pas un numéro de place".into(), "'11' is not a seat number".into()),
            (
                "reveal 4",
                "la place d'une carte cachée est 1, 2 ou 3, pas « 4 »".into(),
                "the face-down position is 1, 2 or 3, not '4'".into(),
            ),
            (
                "swap 5",
                "« swap 5 » : écrivez-le « swap <hand card> <face-up card> »".into(),
                "'swap 5': write it as 'swap <hand card> <face-up card>'".into(),
            ),
            ("ready now", "« ready now » : écrivez-le « ready »".into(), "'ready now': write it as 'ready'".into()),
        ] {
            let err = parse(bad).unwrap_err();
            assert_eq!(err.code(), "bad_action", "{bad}");
            assert_eq!(err.message(Lang::Fr), fr, "{bad}");
            assert_eq!(err.message(Lang::En), en, "{bad}");
        }
    }
}
