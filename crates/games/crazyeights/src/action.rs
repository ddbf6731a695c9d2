//! Actions: `play <card>`, `draw`, `pass`, `suit <S|H|D|C>`.

use std::fmt;
use tapis_core::game::{action_words, short_quote, unknown_action};
use tapis_core::{ActionError, FrenchCard, Suit, Text};

pub const VERBS: &str = "play <card>, draw, pass, suit <S|H|D|C>";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// Lay this card on the discard pile (OpenSpiel actions 0–51).
    Play(FrenchCard),
    /// Draw one card; facing pending 2s, draw all of them (OpenSpiel 52).
    Draw,
    /// End the turn without playing (OpenSpiel 53).
    Pass,
    /// Name the suit to follow after an 8 (OpenSpiel 54–57).
    Suit(Suit),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => write!(f, "play {card}"),
            Action::Draw => write!(f, "draw"),
            Action::Pass => write!(f, "pass"),
            Action::Suit(suit) => write!(f, "suit {suit}"),
        }
    }
}

pub fn parse_action(text: &str) -> Result<Action, ActionError> {
    let words = action_words(text);
    let bad = || unknown_action(text, VERBS);
    let verb = words.first().ok_or_else(bad)?;
    let is = |v: &str| verb.eq_ignore_ascii_case(v);
    match words.len() {
        1 if is("draw") => Ok(Action::Draw),
        1 if is("pass") => Ok(Action::Pass),
        2 if is("play") => {
            let card: FrenchCard = words[1].parse().map_err(|_| {
                let text = short_quote(words[1]);
                ActionError::Parse(Text::new(
                    format!("« {text} » n'est pas une carte : écrivez un rang (2-9, T, J, Q, K, A) puis une couleur (S, H, D, C)"),
                    format!("'{text}' is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (S, H, D, C)"),
                ))
            })?;
            if card.is_joker() {
                return Err(ActionError::Parse(Text::new(
                    "ce jeu se joue sans Jokers",
                    "this game is played without Jokers",
                )));
            }
            Ok(Action::Play(card))
        }
        2 if is("suit") => words[1].parse::<Suit>().map(Action::Suit).map_err(|_| {
            let text = short_quote(words[1]);
            ActionError::Parse(Text::new(
                format!("« {text} » n'est pas une couleur : écrivez S, H, D ou C"),
                format!("'{text}' is not a suit: write S, H, D or C"),
            ))
        }),
        _ => Err(bad()),
    }
}
