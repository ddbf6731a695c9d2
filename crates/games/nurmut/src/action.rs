//! The four verbs of NOTATION.md: `play <1|2|3>`, `tuck`, `pass`, `courage`.

use std::fmt;
use tapis_core::game::{action_words, misspelt_action, short_quote, unknown_action};
use tapis_core::{ActionError, Text};

pub const VERBS: &str = "play <1|2|3>, tuck, pass, courage";

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Lay the card showing on top of one's pile on centre pile `0..3` (written 1–3).
    Play(u8),
    /// Put the top card under one's pile.
    Tuck,
    Pass,
    /// Turn the top card over.
    Courage,
}

impl Action {
    pub const ALL: [Action; 6] =
        [Action::Play(0), Action::Play(1), Action::Play(2), Action::Tuck, Action::Pass, Action::Courage];

    pub fn parse(text: &str) -> Result<Action, ActionError> {
        let words = action_words(text);
        let verb = words.first().map(|w| w.to_ascii_lowercase()).unwrap_or_default();
        match (verb.as_str(), &words[..]) {
            ("play", [_, pile]) => match *pile {
                "1" | "2" | "3" => Ok(Action::Play(pile.as_bytes()[0] - b'1')),
                _ => {
                    let text = short_quote(text);
                    Err(ActionError::Parse(Text::new(
                        format!("« {text} » : les piles du centre sont 1, 2 et 3"),
                        format!("'{text}': the centre piles are 1, 2 and 3"),
                    )))
                }
            },
            ("play", _) => Err(misspelt_action(text, "play <1|2|3>")),
            ("tuck", [_]) => Ok(Action::Tuck),
            ("pass", [_]) => Ok(Action::Pass),
            ("courage", [_]) => Ok(Action::Courage),
            _ => Err(unknown_action(text, VERBS)),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(pile) => write!(f, "play {}", pile + 1),
            Action::Tuck => f.write_str("tuck"),
            Action::Pass => f.write_str("pass"),
            Action::Courage => f.write_str("courage"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_any_case_and_spacing() {
        assert_eq!(Action::parse("  PLAY   3 ").unwrap(), Action::Play(2));
        assert_eq!(Action::parse("Courage").unwrap(), Action::Courage);
        let message = |text: &str| match Action::parse(text) {
            Err(ActionError::Parse(text)) => (text.fr, text.en),
            other => panic!("'{text}' parsed: {other:?}"),
        };
        assert_eq!(
            message(" play  4"),
            (
                "« play  4 » : les piles du centre sont 1, 2 et 3".into(),
                "'play  4': the centre piles are 1, 2 and 3".into()
            )
        );
        assert_eq!(
            message("play"),
            ("« play » : écrivez-le « play <1|2|3> »".into(), "'play': write it as 'play <1|2|3>'".into())
        );
        assert!(Action::parse("pass 1").is_err());
        assert!(Action::parse("").is_err());
        for action in Action::ALL {
            assert_eq!(Action::parse(&action.to_string()).unwrap(), action);
        }
    }
}
