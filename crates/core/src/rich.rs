//! Rich text: a line of words whose pieces say what they are — a label, a card in its colour,
//! a count, something to notice — so that a game can describe its table once and each front end
//! show it its own way: the line mode and the tests as plain text ([`RichLine`]'s `Display`),
//! the full-screen table in colours.
//!
//! A game says what a piece is, never how it looks: the terminal decides that red is red and
//! that a pile's top card stands out.

use crate::cards::{FrenchCard, Suit};
use crate::words::Words;
use std::fmt;

/// The colour a card, a suit or a colour's name is printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tint {
    /// The reader's own ink: spades and clubs.
    Plain,
    /// Hearts and diamonds; Njet's red.
    Red,
    Blue,
    Green,
    /// Njet's black, which a terminal on black cannot print in black.
    Black,
    /// A card that stands for others: the Joker, the Ninja, Nur Mut's Jokers.
    Wild,
}

impl Tint {
    /// A French suit's colour: hearts and diamonds red, spades and clubs plain.
    pub fn of_suit(suit: Suit) -> Tint {
        match suit {
            Suit::Hearts | Suit::Diamonds => Tint::Red,
            Suit::Spades | Suit::Clubs => Tint::Plain,
        }
    }

    /// A French card's colour; the Joker is wild.
    pub fn of_french(card: FrenchCard) -> Tint {
        card.suit().map_or(Tint::Wild, Tint::of_suit)
    }
}

/// What a piece of a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Plain words.
    Text,
    /// A field's name before its value: « Pioche : ».
    Label,
    /// A card, a suit or a colour, in its colour.
    Card(Tint),
    /// The card everyone plays on: a pile's top.
    Top(Tint),
    /// A count worth seeing at a glance: chips on a cell, loot won.
    Count,
    /// What the table demands or warns of: a rank to follow, a penalty, a phase.
    Strong,
    /// What may cost a seat: a last card not announced.
    Alert,
    /// What matters less: nothing (« — »), cards not shown, face-down cards.
    Dim,
    /// A place no longer open: a covered cell of Njet's board.
    Covered,
    /// A place that is settled: the cell a row of Njet's board is left on.
    Settled(Tint),
}

/// One piece of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RichSpan {
    pub text: String,
    pub mark: Mark,
}

impl RichSpan {
    pub fn new(text: impl Into<String>, mark: Mark) -> RichSpan {
        RichSpan { text: text.into(), mark }
    }

    /// A French card as the reader reads it, in its colour: « D♠ », « 7♥ », « Joker ».
    pub fn french_card(w: &Words, card: FrenchCard) -> RichSpan {
        RichSpan::new(w.card(card), Mark::Card(Tint::of_french(card)))
    }

    /// A suit's symbol and name, in its colour: « ♥ cœur ».
    pub fn suit(w: &Words, suit: Suit) -> RichSpan {
        RichSpan::new(format!("{} {}", suit.symbol(), w.suit(suit)), Mark::Card(Tint::of_suit(suit)))
    }
}

/// A line of rich text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RichLine {
    pub spans: Vec<RichSpan>,
}

impl RichLine {
    pub fn new() -> RichLine {
        RichLine::default()
    }

    /// A field: its name as a label, in the reader's typography (« Pioche : », "Stock: "), its
    /// value to follow.
    pub fn field(w: &Words, fr: &str, en: &str) -> RichLine {
        let label = if w.fr() { format!("{fr}\u{a0}: ") } else { format!("{en}: ") };
        RichLine::new().with(label, Mark::Label)
    }

    /// The line with a piece more.
    pub fn with(mut self, text: impl Into<String>, mark: Mark) -> RichLine {
        self.push(text, mark);
        self
    }

    pub fn push(&mut self, text: impl Into<String>, mark: Mark) {
        self.spans.push(RichSpan::new(text, mark));
    }

    pub fn text(self, text: impl Into<String>) -> RichLine {
        self.with(text, Mark::Text)
    }

    pub fn strong(self, text: impl Into<String>) -> RichLine {
        self.with(text, Mark::Strong)
    }

    pub fn span(mut self, span: RichSpan) -> RichLine {
        self.spans.push(span);
        self
    }

    pub fn spans(mut self, spans: impl IntoIterator<Item = RichSpan>) -> RichLine {
        self.spans.extend(spans);
        self
    }

    /// Cards separated by spaces, at most `max` of them (then « … +3 »), « — » for none.
    pub fn cards(mut self, cards: impl IntoIterator<Item = RichSpan>, max: usize) -> RichLine {
        let mut count = 0;
        for card in cards {
            if count > 0 && count < max {
                self.push(" ", Mark::Text);
            }
            if count < max {
                self.spans.push(card);
            }
            count += 1;
        }
        if count > max {
            self.push(format!(" … +{}", count - max), Mark::Dim);
        }
        if count == 0 {
            self.push("—", Mark::Dim);
        }
        self
    }

    pub fn is_empty(&self) -> bool {
        self.spans.iter().all(|s| s.text.is_empty())
    }

    /// A sentence with the words that name a colour in it marked as cards of that colour, as
    /// `tint` tells (« le 7 rouge », « 5♥ »): the game's sentences are written once, as text,
    /// and coloured where they are shown.
    pub fn sentence(text: &str, tint: impl Fn(&str) -> Option<Tint>) -> RichLine {
        let mut line = RichLine::new();
        let mut plain = String::new();
        for (i, word) in text.split(' ').enumerate() {
            if i > 0 {
                plain.push(' ');
            }
            match tint(word) {
                Some(tint) => {
                    if !plain.is_empty() {
                        line.push(std::mem::take(&mut plain), Mark::Text);
                    }
                    line.push(word, Mark::Card(tint));
                }
                None => plain.push_str(word),
            }
        }
        if !plain.is_empty() {
            line.push(plain, Mark::Text);
        }
        line
    }
}

/// The tint of a word of a sentence that holds a French card or suit symbol: « 7♥, » is red.
pub fn suit_tint(word: &str) -> Option<Tint> {
    word.contains(['♥', '♦']).then_some(Tint::Red)
}

impl fmt::Display for RichLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spans.iter().try_for_each(|s| f.write_str(&s.text))
    }
}

impl From<RichSpan> for RichLine {
    fn from(span: RichSpan) -> RichLine {
        RichLine { spans: vec![span] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Lang;

    #[test]
    fn a_field_reads_plainly_in_each_typography() {
        let (fr, en) = (Words::plain(Lang::Fr), Words::plain(Lang::En));
        let queen: FrenchCard = "QH".parse().unwrap();
        let line = RichLine::field(&fr, "Défausse", "Discard").span(RichSpan::french_card(&fr, queen)).text(" (3)");
        assert_eq!(line.to_string(), "Défausse\u{a0}: D♥ (3)");
        assert_eq!(line.spans[1].mark, Mark::Card(Tint::Red));
        let line = RichLine::field(&en, "Défausse", "Discard").span(RichSpan::suit(&en, Suit::Spades));
        assert_eq!(line.to_string(), "Discard: ♠ spades");
        assert_eq!(line.spans[1].mark, Mark::Card(Tint::Plain));
        assert_eq!(RichSpan::french_card(&en, "X".parse().unwrap()).mark, Mark::Card(Tint::Wild));
        let card = |c: &str| RichSpan::french_card(&fr, c.parse().unwrap());
        let row = |n: usize| RichLine::new().cards(["7H", "8S", "9D"].into_iter().take(n).map(card), 2).to_string();
        assert_eq!((row(3), row(2), row(0)), ("7♥ 8♠ … +1".into(), "7♥ 8♠".into(), "—".into()));
    }

    #[test]
    fn a_sentence_marks_the_words_its_tint_names_and_keeps_its_text() {
        let text = "poser 7♥ puis 8♠, puis 9♦.";
        let line = RichLine::sentence(text, suit_tint);
        assert_eq!(line.to_string(), text);
        let marked: Vec<(&str, Mark)> = line.spans.iter().map(|s| (s.text.as_str(), s.mark)).collect();
        assert_eq!(
            marked,
            [
                ("poser ", Mark::Text),
                ("7♥", Mark::Card(Tint::Red)),
                (" puis 8♠, puis ", Mark::Text),
                ("9♦.", Mark::Card(Tint::Red))
            ]
        );
        assert!(RichLine::sentence("", suit_tint).is_empty());
    }
}
