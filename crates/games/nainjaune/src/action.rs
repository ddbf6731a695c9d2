//! Actions as NOTATION.md writes them: `play 7D`, `stop`, `pass`, `claim`.

use serde::{Deserialize, Serialize};
use std::fmt;
use tapis_core::game::{action_words, misspelt_action, short_quote, unknown_action};
use tapis_core::{ActionError, FrenchCard, Text};

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
            let verb = short_quote(words[0]);
            Err(ActionError::Parse(Text::new(
                format!("« {verb} » ne prend pas d'argument : écrivez « {action} »"),
                format!("'{verb}' takes no argument: write '{action}'"),
            )))
        }
    };
    match verb.as_str() {
        "play" => {
            if words.len() != 2 {
                return Err(misspelt_action(text, "play <card>"));
            }
            let card: FrenchCard = words[1].parse().map_err(|_| {
                let given = short_quote(words[1]);
                ActionError::Parse(Text::new(
                    format!(
                        "« {given} » n'est pas une carte : écrivez le rang (A, 2-9, T, J, Q, K) puis la couleur \
                         (S, H, D, C), par exemple « play 7D »"
                    ),
                    format!(
                        "'{given}' is not a card: write the rank (A, 2-9, T, J, Q, K) then the suit (S, H, D, C), \
                         for example 'play 7D'"
                    ),
                ))
            })?;
            if card.is_joker() {
                return Err(ActionError::Parse(Text::new(
                    "le Nain Jaune se joue sans joker",
                    "Le Nain Jaune is played without Joker",
                )));
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

    #[test]
    fn parse_errors_say_what_is_wrong_in_both_languages() {
        let message = |text: &str| match parse(text) {
            Err(ActionError::Parse(t)) => (t.fr, t.en),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            message("play"),
            ("« play » : écrivez-le « play <card> »".into(), "'play': write it as 'play <card>'".into())
        );
        assert_eq!(
            message("play 1S"),
            (
                "« 1S » n'est pas une carte : écrivez le rang (A, 2-9, T, J, Q, K) puis la couleur (S, H, D, C), \
                 par exemple « play 7D »"
                    .into(),
                "'1S' is not a card: write the rank (A, 2-9, T, J, Q, K) then the suit (S, H, D, C), for example \
                 'play 7D'"
                    .into()
            )
        );
        assert_eq!(
            message("play x"),
            ("le Nain Jaune se joue sans joker".into(), "Le Nain Jaune is played without Joker".into())
        );
        assert_eq!(
            message("STOP now"),
            (
                "« STOP » ne prend pas d'argument : écrivez « stop »".into(),
                "'STOP' takes no argument: write 'stop'".into()
            )
        );
        assert_eq!(
            message("jouer 7D"),
            (
                "« jouer 7D » n'est pas une action de ce jeu ; les verbes sont : play <card>, stop, pass, claim".into(),
                "'jouer 7D' is not an action of this game; the verbs are: play <card>, stop, pass, claim".into()
            )
        );
    }
}
