//! Actions as NOTATION.md writes them: `play 7D`, `stop`, `pass`, `claim`.

use serde::{Deserialize, Serialize};
use std::fmt;
use tapis_core::game::{action_words, unknown_action};
use tapis_core::{ActionError, FrenchCard};

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Lay a card: lead a run, continue one's run, or answer the called rank.
    Play(FrenchCard),
    /// End one's run: « sans … ».
    Stop,
    /// Do not answer the called rank (forced when lacking it, unless `follow_optional`), or leave
    /// a cell unclaimed when going out under `manual_claim`.
    Pass,
    /// « … qui prend ! » (`manual_claim` only).
    Claim,
}

pub const VERBS: &str = "play <card>, stop, pass, claim";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(card) => write!(f, "play {card}"),
            Action::Stop => f.write_str("stop"),
            Action::Pass => f.write_str("pass"),
            Action::Claim => f.write_str("claim"),
        }
    }
}

pub fn parse(text: &str) -> Result<Action, ActionError> {
    let words = action_words(text);
    let verb = words.first().map(|w| w.to_ascii_lowercase()).unwrap_or_default();
    let no_argument = |action: Action| {
        if words.len() == 1 {
            Ok(action)
        } else {
            Err(ActionError::Parse(format!("'{}' takes no argument: write '{action}'", words[0])))
        }
    };
    match verb.as_str() {
        "play" => {
            if words.len() != 2 {
                return Err(ActionError::Parse("write 'play <card>', for example 'play 7D'".into()));
            }
            let card: FrenchCard = words[1].parse().map_err(|e| ActionError::Parse(format!("{e}")))?;
            if card.is_joker() {
                return Err(ActionError::Parse("Le Nain Jaune is played without Joker".into()));
            }
            Ok(Action::Play(card))
        }
        "stop" => no_argument(Action::Stop),
        "pass" => no_argument(Action::Pass),
        "claim" => no_argument(Action::Claim),
        _ => Err(unknown_action(text, VERBS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_parse_in_any_case_and_print_canonically() {
        assert_eq!(parse("  PLAY   7d ").unwrap().to_string(), "play 7D");
        assert_eq!(parse("Play 10h").unwrap().to_string(), "play TH");
        assert_eq!(parse("STOP").unwrap(), Action::Stop);
        assert_eq!(parse("pass").unwrap(), Action::Pass);
        assert_eq!(parse("claim").unwrap(), Action::Claim);
        for bad in ["", "play", "play X", "play 7D 8D", "stop now", "jouer 7D", "play 1S"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
