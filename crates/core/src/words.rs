//! Words for people: what each seat is called, who is reading, and the small grammar every
//! game's sentences need — the reader addressed as « vous » / "you" with the verb to match,
//! everyone else by name, plurals, articles, and cards written in the reader's language.
//!
//! Names are the same in every language ("Ada", "Alice"); a seat without one is « joueur 3 » /
//! "player 3", numbered from 1 as people count. The notation (`QS`, `play 7H`) never changes
//! with the language: only these words do.

use crate::cards::{FrenchCard, Rank, Suit};
use crate::game::Lang;
use crate::seat::Seat;

/// How a game's texts are written for one reader.
#[derive(Clone, Copy, Debug)]
pub struct Words<'a> {
    pub lang: Lang,
    /// One per seat (shorter is fine: the rest are numbered).
    pub names: &'a [String],
    /// The seat reading, addressed as « vous » / "you"; `None` for a spectator or a shared log.
    pub reader: Option<Seat>,
    /// Seats by their number in the protocol, « la place 2 » / "seat 2", as the referee writes
    /// them (PROTOCOL.md), instead of by name.
    pub numbered: bool,
}

impl Words<'static> {
    /// Numbered seats, nobody addressed.
    pub fn plain(lang: Lang) -> Words<'static> {
        Words { lang, names: &[], reader: None, numbered: false }
    }

    /// The referee's words: seats by their protocol number, « la place 2 » / "seat 2", nobody
    /// addressed.
    pub fn numbered(lang: Lang) -> Words<'static> {
        Words { lang, names: &[], reader: None, numbered: true }
    }
}

impl<'a> Words<'a> {
    pub fn new(lang: Lang, names: &'a [String], reader: Option<Seat>) -> Words<'a> {
        Words { lang, names, reader, numbered: false }
    }

    pub fn fr(&self) -> bool {
        self.lang == Lang::Fr
    }

    pub fn pick<'b>(&self, fr: &'b str, en: &'b str) -> &'b str {
        self.lang.pick(fr, en)
    }

    pub fn is_reader(&self, seat: Seat) -> bool {
        self.reader == Some(seat)
    }

    /// A seat's name, never « vous »: « joueur 3 » / "player 3" when it has none, « la place 2 »
    /// / "seat 2" in the referee's words.
    pub fn name_of(&self, seat: Seat) -> String {
        if self.numbered {
            return format!("{} {seat}", self.pick("la place", "seat"));
        }
        match self.names.get(seat.index()) {
            Some(name) if !name.trim().is_empty() => name.clone(),
            _ => format!("{} {}", self.pick("joueur", "player"), seat.index() + 1),
        }
    }

    /// A seat as the subject of a sentence or after a preposition: its name, or « vous » /
    /// "you" for the reader.
    pub fn who(&self, seat: Seat) -> String {
        if self.is_reader(seat) { self.pick("vous", "you").to_string() } else { self.name_of(seat) }
    }

    /// [`Words::who`] at the start of a sentence.
    pub fn who_upper(&self, seat: Seat) -> String {
        capitalize(&self.who(seat))
    }

    /// The verb for `seat` as its subject: `fr` and `en` in the third person (« pose »,
    /// "plays"), `fr_you` and `en_you` for the reader (« posez », "play").
    pub fn verb<'b>(&self, seat: Seat, fr: &'b str, fr_you: &'b str, en: &'b str, en_you: &'b str) -> &'b str {
        match (self.lang, self.is_reader(seat)) {
            (Lang::Fr, false) => fr,
            (Lang::Fr, true) => fr_you,
            (Lang::En, false) => en,
            (Lang::En, true) => en_you,
        }
    }

    /// A sentence opening: « Ada pose », « Vous posez », "Ada plays", "You play".
    pub fn says(&self, seat: Seat, fr: &str, fr_you: &str, en: &str, en_you: &str) -> String {
        format!("{} {}", self.who_upper(seat), self.verb(seat, fr, fr_you, en, en_you))
    }

    /// After « de »: « d’Ada », « de Blaise », « de vous »; in English the name alone.
    pub fn of(&self, seat: Seat) -> String {
        let who = self.who(seat);
        match self.lang {
            Lang::Fr if starts_with_vowel(&who) => format!("d’{who}"),
            Lang::Fr => format!("de {who}"),
            Lang::En => who,
        }
    }

    /// A possessive: « le tas d’Ada » is written with [`Words::of`]; this gives "Ada's" /
    /// "your" in English and « d’Ada » / « de vous » in French, for phrases like "Ada's pile".
    pub fn whose(&self, seat: Seat) -> String {
        match (self.lang, self.is_reader(seat)) {
            (Lang::En, true) => "your".to_string(),
            (Lang::En, false) => format!("{}'s", self.name_of(seat)),
            (Lang::Fr, _) => self.of(seat),
        }
    }

    /// A list of seats: « Ada, Blaise et vous », "Ada, Blaise and you"; « personne » / "nobody".
    pub fn list(&self, seats: impl IntoIterator<Item = Seat>) -> String {
        let names: Vec<String> = seats.into_iter().map(|s| self.who(s)).collect();
        match names.as_slice() {
            [] => self.pick("personne", "nobody").to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.pick("et", "and")),
        }
    }

    /// A count with its noun: « 0 carte », « 1 carte », « 2 cartes »; "1 card", "0 cards";
    /// « −2 points », with the minus sign.
    pub fn count(&self, n: impl Into<i64>, fr_one: &str, fr_many: &str, en_one: &str, en_many: &str) -> String {
        let n = n.into();
        let noun = match self.lang {
            Lang::Fr => {
                if n.abs() <= 1 {
                    fr_one
                } else {
                    fr_many
                }
            }
            Lang::En => {
                if n.abs() == 1 {
                    en_one
                } else {
                    en_many
                }
            }
        };
        format!("{} {noun}", number(n))
    }

    /// « 3 cartes » / "3 cards".
    pub fn cards(&self, n: impl Into<i64>) -> String {
        self.count(n, "carte", "cartes", "card", "cards")
    }

    /// A French card as people read it: « D♠ », « 10♦ », « V♣ » / "Q♠", "10♦", "J♣"; the joker
    /// « Joker ».
    pub fn card(&self, card: FrenchCard) -> String {
        match (card.rank(), card.suit()) {
            (Some(rank), Some(suit)) => format!("{}{}", self.rank_short(rank), suit.symbol()),
            _ => "Joker".to_string(),
        }
    }

    /// Several cards, separated by spaces.
    pub fn cards_list(&self, cards: impl IntoIterator<Item = FrenchCard>) -> String {
        cards.into_iter().map(|c| self.card(c)).collect::<Vec<_>>().join(" ")
    }

    /// A rank's index as printed on the card: « V », « D », « R », « A », « 10 » / "J", "Q",
    /// "K", "A", "10".
    pub fn rank_short(&self, rank: Rank) -> &'static str {
        let fr = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"];
        let en = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
        self.pick(fr[rank.value() as usize], en[rank.value() as usize])
    }

    /// A rank's name: « Dame », « As », « 8 » / "Queen", "Ace", "8".
    pub fn rank(&self, rank: Rank) -> &'static str {
        self.pick(rank.name_fr(), rank.name_en())
    }

    /// A rank with its indefinite article: « une Dame », « un As », « un 8 » / "a Queen",
    /// "an Ace", "an 8".
    pub fn a_rank(&self, rank: Rank) -> String {
        match self.lang {
            Lang::Fr => format!("{} {}", if rank == Rank::QUEEN { "une" } else { "un" }, rank.name_fr()),
            Lang::En => {
                let name = rank.name_en();
                let an = rank == Rank::ACE || rank.value() == 8;
                format!("{} {name}", if an { "an" } else { "a" })
            }
        }
    }

    /// A suit's name: « cœur » / "hearts".
    pub fn suit(&self, suit: Suit) -> &'static str {
        self.pick(suit.name_fr(), suit.name_en())
    }

    /// A card in full: « la Dame de pique », « le 7 de cœur » / "the Queen of spades".
    pub fn card_name(&self, card: FrenchCard) -> String {
        match (card.rank(), card.suit()) {
            (Some(rank), Some(suit)) => match self.lang {
                Lang::Fr => format!(
                    "{} {} de {}",
                    if rank == Rank::QUEEN {
                        "la"
                    } else if rank == Rank::ACE {
                        "l’"
                    } else {
                        "le"
                    },
                    rank.name_fr(),
                    suit.name_fr()
                )
                .replace("l’ ", "l’"),
                Lang::En => format!("the {} of {}", rank.name_en(), suit.name_en()),
            },
            _ => self.pick("le Joker", "the Joker").to_string(),
        }
    }
}

/// A number as people write it: the minus sign (U+2212), not a hyphen, before a negative one
/// (« Sam finit avec −80 points »), in both languages.
pub fn number(n: impl Into<i64>) -> String {
    let n = n.into();
    if n < 0 { format!("\u{2212}{}", n.unsigned_abs()) } else { n.to_string() }
}

/// A number as people write it in `lang`, its thousands grouped: « 10\u{202f}000 » (a narrow
/// non-breaking space) in French, "10,000" in English; the minus sign as in [`number`].
pub fn grouped(n: impl Into<i128>, lang: Lang) -> String {
    let n = n.into();
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() * 2 + 3);
    if n < 0 {
        out.push('\u{2212}');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(lang.pick("\u{202f}", ","));
        }
        out.push(digit);
    }
    out
}

/// The first letter in capitals.
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn starts_with_vowel(word: &str) -> bool {
    word.chars().next().is_some_and(|c| "aeiouyhéèêëàâîïôûüAEIOUYHÉÈÊËÀÂÎÏÔÛÜ".contains(c))
}

/// One line of a text laid out as [`Wording::rules_text`](crate::Wording::rules_text) stores it:
/// a paragraph, or an item of a list with its head, for a reader to wrap to its own width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paragraph<'a> {
    /// The spaces the line opens with.
    pub indent: usize,
    /// An item's head, with the space or gap after it: `- `, `1. `, `Courage     `, `7\u{a0}: `;
    /// empty for a paragraph.
    pub head: &'a str,
    /// What follows the head; empty for a blank line.
    pub text: &'a str,
}

impl<'a> Paragraph<'a> {
    /// Reads one line of such a text.
    pub fn new(line: &'a str) -> Paragraph<'a> {
        let rest = line.trim_start_matches(' ');
        let indent = line.len() - rest.len();
        let (head, text) = rest.split_at(item_head(rest, indent > 0));
        // A head with nothing after it is no head: the line is a paragraph of its own.
        if text.trim().is_empty() {
            Paragraph { indent, head: "", text: rest }
        } else {
            Paragraph { indent, head, text }
        }
    }

    /// The column where the line's wrapped lines go on: under the item's text.
    pub fn hang(&self) -> usize {
        self.indent + self.head.chars().count()
    }

    /// A blank line, between two sections.
    pub fn is_blank(&self) -> bool {
        self.head.is_empty() && self.text.trim().is_empty()
    }
}

/// The lines of a text laid out as [`Wording::rules_text`](crate::Wording::rules_text) stores it,
/// blank lines included.
pub fn paragraphs(text: &str) -> impl Iterator<Item = Paragraph<'_>> {
    text.lines().map(Paragraph::new)
}

/// The length in bytes of an item's head at the start of `rest` (0: none): a bullet or a number
/// and its dot on any line; on an indented line, the words up to the first gap of two spaces or
/// more, or up to the first colon and the space after it, whichever comes first.
fn item_head(rest: &str, indented: bool) -> usize {
    if let Some(bullet) = ["- ", "• "].iter().find(|b| rest.starts_with(**b)) {
        return bullet.len();
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && rest[digits..].starts_with(". ") {
        return digits + 2;
    }
    if !indented {
        return 0;
    }
    let bytes = rest.as_bytes();
    for at in 0..bytes.len() {
        if bytes[at..].starts_with(b"  ") {
            return at + bytes[at..].iter().take_while(|&&b| b == b' ').count();
        }
        if bytes[at..].starts_with(b": ") {
            return at + 2;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_as_each_language_writes_them() {
        assert_eq!((grouped(999, Lang::Fr), grouped(999, Lang::En)), ("999".to_string(), "999".to_string()));
        assert_eq!(grouped(10_000, Lang::Fr), "10\u{202f}000");
        assert_eq!(grouped(1_000_000, Lang::En), "1,000,000");
        assert_eq!(grouped(-12_345, Lang::En), "\u{2212}12,345");
        assert_eq!(grouped(i64::MIN, Lang::En), "\u{2212}9,223,372,036,854,775,808");
    }

    #[test]
    fn the_referees_words_number_the_seats() {
        let fr = Words::numbered(Lang::Fr);
        let en = Words::numbered(Lang::En);
        assert_eq!((fr.who(Seat(2)), fr.of(Seat(0))), ("la place 2".to_string(), "de la place 0".to_string()));
        assert_eq!((en.who(Seat(2)), en.whose(Seat(2))), ("seat 2".to_string(), "seat 2's".to_string()));
        assert_eq!(fr.says(Seat(1), "pose", "posez", "plays", "play"), "La place 1 pose");
    }

    #[test]
    fn the_reader_is_addressed_and_others_named() {
        let names = vec!["Ada".to_string(), "Blaise".to_string()];
        let fr = Words::new(Lang::Fr, &names, Some(Seat(1)));
        assert_eq!(fr.says(Seat(0), "pose", "posez", "plays", "play"), "Ada pose");
        assert_eq!(fr.says(Seat(1), "pose", "posez", "plays", "play"), "Vous posez");
        assert_eq!(fr.of(Seat(0)), "d’Ada");
        assert_eq!(fr.who(Seat(2)), "joueur 3");
        assert_eq!(fr.list([Seat(0), Seat(1)]), "Ada et vous");
        let en = Words::new(Lang::En, &names, Some(Seat(1)));
        assert_eq!(en.says(Seat(1), "pose", "posez", "plays", "play"), "You play");
        assert_eq!(en.whose(Seat(0)), "Ada's");
        assert_eq!(en.whose(Seat(1)), "your");
    }

    #[test]
    fn counts_articles_and_cards_read_right() {
        let fr = Words::plain(Lang::Fr);
        let en = Words::plain(Lang::En);
        assert_eq!((fr.cards(0), fr.cards(1), fr.cards(2)), ("0 carte".into(), "1 carte".into(), "2 cartes".into()));
        assert_eq!((en.cards(0), en.cards(1), en.cards(2)), ("0 cards".into(), "1 card".into(), "2 cards".into()));
        assert_eq!(fr.a_rank(Rank::QUEEN), "une Dame");
        assert_eq!(fr.a_rank(Rank::ACE), "un As");
        assert_eq!(en.a_rank(Rank::ACE), "an Ace");
        assert_eq!(en.a_rank(Rank::new(8).unwrap()), "an 8");
        assert_eq!(en.a_rank(Rank::KING), "a King");
        let queen: FrenchCard = "QS".parse().unwrap();
        let ten: FrenchCard = "TD".parse().unwrap();
        assert_eq!((fr.card(queen), en.card(queen)), ("D♠".into(), "Q♠".into()));
        assert_eq!(fr.card(ten), "10♦");
        assert_eq!(fr.card_name(queen), "la Dame de pique");
        assert_eq!(fr.card_name("AH".parse().unwrap()), "l’As de cœur");
        assert_eq!(en.card_name(ten), "the 10 of diamonds");
    }
    #[test]
    fn a_text_reads_as_paragraphs_and_items_with_their_heads() {
        let text = "Title line.\n\nOn your turn:\n  play 1|2|3  lay a card: it fits\n  7\u{a0}: draw 2\n\
                    1. First: one\n     start 0-3: the start player\n- a bullet\n  indented: \n  no head here";
        let read: Vec<(usize, &str, &str)> = paragraphs(text).map(|p| (p.indent, p.head, p.text)).collect();
        assert_eq!(
            read,
            [
                (0, "", "Title line."),
                (0, "", ""),
                (0, "", "On your turn:"),
                (2, "play 1|2|3  ", "lay a card: it fits"),
                (2, "7\u{a0}: ", "draw 2"),
                (0, "1. ", "First: one"),
                (5, "start 0-3: ", "the start player"),
                (0, "- ", "a bullet"),
                (2, "", "indented: "),
                (2, "", "no head here"),
            ]
        );
        let hangs: Vec<usize> = paragraphs(text).map(|p| p.hang()).collect();
        assert_eq!(hangs, [0, 0, 0, 14, 6, 3, 16, 2, 2, 2]);
        assert_eq!(paragraphs(text).filter(Paragraph::is_blank).count(), 1);
    }
}
