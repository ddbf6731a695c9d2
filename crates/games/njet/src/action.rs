//! The actions of Njet as NOTATION.md writes them.

use crate::board::{Cell, Row};
use crate::cards::Card;
use std::fmt;
use tapis_core::game::{action_words, misspelt_action, parse_seat, short_quote, unknown_action};
use tapis_core::{ActionError, Seat, Text};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// `njet <row> <cell>`: a stone on that cell.
    Njet(Cell),
    /// `partner <seat>`: the start player's partner.
    Partner(Seat),
    /// `alone`: with three players, the start player plays alone.
    Alone,
    /// `discard <card>`: one card laid aside.
    Discard(Card),
    /// `play <card>`: a card to the trick.
    Play(Card),
}

pub const VERBS: &str = "njet <row> <cell> (rows: start, discard, trump, super, points), partner <seat>, alone, \
                         discard <card>, play <card>";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Njet(cell) => write!(f, "njet {cell}"),
            Action::Partner(seat) => write!(f, "partner {seat}"),
            Action::Alone => write!(f, "alone"),
            Action::Discard(card) => write!(f, "discard {card}"),
            Action::Play(card) => write!(f, "play {card}"),
        }
    }
}

impl Action {
    pub fn parse(text: &str) -> Result<Action, ActionError> {
        let words = action_words(text);
        let verb = words.first().ok_or_else(|| unknown_action(text, VERBS))?.to_ascii_lowercase();
        let action = match (verb.as_str(), &words[1..]) {
            ("njet", [row, cell]) => {
                let row = Row::from_word(row).ok_or_else(|| {
                    let row = short_quote(row);
                    ActionError::Parse(Text::new(
                        format!("« {row} » n'est pas un rang du plateau : les rangs sont start, discard, trump, super, points"),
                        format!("'{row}' is not a row of the board: the rows are start, discard, trump, super, points"),
                    ))
                })?;
                let cell = Cell::parse(row, cell).ok_or_else(|| {
                    let (cell, cells) = (short_quote(cell), cells_of(row));
                    ActionError::Parse(Text::new(
                        format!("« {cell} » n'est pas une case du rang {} : les cases sont {cells}", row.word()),
                        format!("'{cell}' is not a cell of the {} row: the cells are {cells}", row.word()),
                    ))
                })?;
                Action::Njet(cell)
            }
            ("njet", _) => return Err(misspelt_action(text, "njet <row> <cell>")),
            ("partner", [seat]) => Action::Partner(parse_seat(seat).ok_or_else(|| {
                let seat = short_quote(seat);
                ActionError::Parse(Text::new(
                    format!("« {seat} » n'est pas un numéro de siège"),
                    format!("'{seat}' is not a seat number"),
                ))
            })?),
            ("partner", _) => return Err(misspelt_action(text, "partner <seat>")),
            ("alone", []) => Action::Alone,
            ("alone", _) => return Err(misspelt_action(text, "alone")),
            ("discard", [card]) => Action::Discard(parse_card(card)?),
            ("discard", _) => return Err(misspelt_action(text, "discard <card>")),
            ("play", [card]) => Action::Play(parse_card(card)?),
            ("play", _) => return Err(misspelt_action(text, "play <card>")),
            _ => return Err(unknown_action(text, VERBS)),
        };
        Ok(action)
    }
}

fn parse_card(text: &str) -> Result<Card, ActionError> {
    text.parse().map_err(|e: crate::cards::BadCard| ActionError::Parse(e.text()))
}

fn cells_of(row: Row) -> String {
    let words: Vec<String> = row.cells().map(|c| Cell(c).word()).collect();
    words.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_parse_in_any_case_and_spacing() {
        for text in ["njet trump R", "njet super none", "njet points 4", "partner 2", "alone", "discard R1", "play K9"]
        {
            let action = Action::parse(text).unwrap();
            assert_eq!(action.to_string(), text);
            assert_eq!(Action::parse(&format!("  {}  ", text.to_uppercase().replace(' ', "   "))).unwrap(), action);
        }
        for bad in [
            "",
            "njet",
            "njet trump",
            "njet trump X",
            "njet colour R",
            "partner",
            "partner x",
            "play",
            "play R0",
            "alone 1",
            "pass",
        ] {
            assert!(Action::parse(bad).is_err(), "{bad}");
        }
    }
}
