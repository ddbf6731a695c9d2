//! What every game's scenario tests write with: take an action and fail loudly if it is refused,
//! check that one is refused and changes nothing, list the legal actions, keep the events one
//! observer is told, ask for a seeded match, play a random legal move, list every event and
//! action in words for a snapshot, and find the known bad forms of a text for people
//! (French and English typography, counts that disagree with their noun, seats by number).
//!
//! Seats are written as the tests write them, by number (`act(&mut m, 1, "play 7H")`). Every
//! helper panics with the seat, the action and the error, as a failed assertion does.

use crate::error::ActionError;
use crate::game::{ActionList, Game, GameEvent, Lang, Wording, events_for};
use crate::race::random_choice;
use crate::record::{Match, MatchRequest};
use crate::rng::GameRng;
use crate::seat::Seat;
use crate::words::Words;

/// Takes `text` for `seat`, which must be legal; the events it caused.
pub fn act<G: Game>(m: &mut Match<G>, seat: u8, text: &str) -> Vec<G::Event> {
    m.act(Seat(seat), text).unwrap_or_else(|e| panic!("seat {seat} '{text}' refused: {e}"))
}

/// Tries `text` for `seat`, which must be refused and leave the match as it was; the error.
pub fn refused<G: Game>(m: &mut Match<G>, seat: u8, text: &str) -> ActionError {
    let before = m.state().clone();
    let error = match m.act(Seat(seat), text) {
        Ok(_) => panic!("seat {seat} '{text}' was accepted"),
        Err(error) => error,
    };
    assert!(*m.state() == before, "a refused '{text}' of seat {seat} changed the match");
    error
}

/// The legal actions of `seat` now, in their notation and the game's order.
pub fn legal<G: Game>(m: &Match<G>, seat: u8) -> Vec<String> {
    let mut list = ActionList::new();
    m.state().legal_actions(Seat(seat), &mut list);
    list.iter().map(ToString::to_string).collect()
}

/// The events `observer` (`None`: a spectator) is told, in order.
pub fn told<E: GameEvent>(events: &[E], observer: Option<Seat>) -> Vec<E> {
    events_for(events, observer).cloned().collect()
}

/// A seeded match of `players` with `options` (a JSON object: `json!({})` for the defaults) and
/// no hand-made deal.
pub fn request(players: usize, seed: u64, options: serde_json::Value) -> MatchRequest {
    let serde_json::Value::Object(options) = options else { panic!("options are a JSON object, not {options}") };
    MatchRequest { players, seed, dealer: None, options, deal: None }
}

/// One random legal action of the first seat that may act, drawn with `rng`; its events.
pub fn random_step<G: Game>(m: &mut Match<G>, rng: &mut GameRng) -> Vec<G::Event> {
    let seat = m.state().actors().first().expect("a match that is not over has a seat to act");
    let mut list = ActionList::new();
    m.state().legal_actions(seat, &mut list);
    let action = list[rng.index(list.len())];
    m.act_parsed(seat, action).unwrap_or_else(|e| panic!("seat {seat} '{action}', a legal action, refused: {e}"))
}

/// Which text for people [`every_text`] hands over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TextKind {
    /// The table as a reader sees it ([`Wording::render_view`]).
    Table,
    /// A legal action offered to its seat, or read by a spectator ([`Wording::describe_action`]).
    Action,
    /// An event as a reader is told it ([`Wording::describe_event`]).
    Event,
}

/// Plays `m` to its end by random legal actions ([`random_choice`], drawn with `rng`), handing
/// `check` every text for people the match shows on the way, in French and in English, with the
/// seats called by `names`: at every moment (the last included) the table as every seat and a
/// spectator see it, and every legal action of every seat that may act, as that seat and a
/// spectator read it; after every action, each of its events as every seat and a spectator read
/// it. `check` takes the text, its language, its kind and its reader. Gives the count of texts.
pub fn every_text<G: Wording>(
    m: &mut Match<G>,
    names: &[String],
    rng: &mut GameRng,
    mut check: impl FnMut(&str, Lang, TextKind, Option<Seat>),
) -> u64 {
    let players = m.state().players();
    let readers: Vec<Option<Seat>> = Seat::all(players).map(Some).chain([None]).collect();
    let mut texts = 0;
    let mut legal = ActionList::new();
    loop {
        for lang in [Lang::Fr, Lang::En] {
            for &reader in &readers {
                let words = Words::new(lang, names, reader);
                check(&G::render_view(&m.state().view(reader), &words), lang, TextKind::Table, reader);
                texts += 1;
            }
            for seat in m.state().actors() {
                legal.clear();
                m.state().legal_actions(seat, &mut legal);
                for reader in [Some(seat), None] {
                    let words = Words::new(lang, names, reader);
                    for &action in &legal {
                        check(&G::describe_action(action, &words), lang, TextKind::Action, reader);
                        texts += 1;
                    }
                }
            }
        }
        if m.state().is_over() {
            return texts;
        }
        let (seat, action) = random_choice(m.state(), rng, &mut legal);
        let events =
            m.act_parsed(seat, action).unwrap_or_else(|e| panic!("seat {seat} '{action}', legal, refused: {e}"));
        for event in &events {
            for lang in [Lang::Fr, Lang::En] {
                for &reader in &readers {
                    check(&G::describe_event(event, &Words::new(lang, names, reader)), lang, TextKind::Event, reader);
                    texts += 1;
                }
            }
        }
    }
}

/// [`every_text`] with the checks every game's texts must pass: none of `bad_forms` (the
/// kit's [`bad_forms`] plus the game's own), an action's words trimmed and without a double
/// space, an event worded as a sentence ([`sentence_flaw`]). Gives the count of texts.
pub fn every_text_well_formed<G: Wording>(
    m: &mut Match<G>,
    names: &[String],
    rng: &mut GameRng,
    bad_forms: impl Fn(&str, Lang) -> Vec<String>,
) -> u64 {
    every_text(m, names, rng, |text, lang, kind, reader| {
        let bad = bad_forms(text, lang);
        assert!(bad.is_empty(), "{kind:?} in {lang:?} for {reader:?}: bad forms {bad:?} in:\n{text}");
        match kind {
            TextKind::Action => assert!(!text.is_empty() && text.trim() == text && !text.contains("  "), "{text}"),
            TextKind::Event => {
                if let Some(flaw) = sentence_flaw(text) {
                    panic!("{flaw}: {text}");
                }
            }
            TextKind::Table => {}
        }
    })
}

/// How a words snapshot calls a reader: `reader 1 (Ada)`, or `no reader`.
pub fn reader_name(names: &[String], reader: Option<Seat>) -> String {
    match reader {
        Some(seat) => format!("reader {} ({})", seat.index(), names[seat.index()]),
        None => "no reader".to_string(),
    }
}

/// What a game's words snapshot pins, in `lang`: each event of `events` in its JSON, then as each
/// of its readers is told it, and each action of `actions` as offered to `chooser`.
pub fn words_listing<G: Wording>(
    lang: Lang,
    names: &[String],
    events: &[(G::Event, Vec<Option<Seat>>)],
    actions: &[G::Action],
    chooser: Seat,
) -> String {
    let mut out = String::from("== events ==\n");
    for (event, readers) in events {
        let json = serde_json::to_string(event).expect("events serialize");
        out.push_str(&format!("{json}\n"));
        for &reader in readers {
            let text = G::describe_event(event, &Words::new(lang, names, reader));
            out.push_str(&format!("  {:<20} {text}\n", reader_name(names, reader)));
        }
    }
    out.push_str(&format!("\n== actions (reader {}, {}) ==\n", chooser.index(), names[chooser.index()]));
    let words = Words::new(lang, names, Some(chooser));
    for &action in actions {
        out.push_str(&format!("  {:<20} {}\n", action.to_string(), G::describe_action(action, &words)));
    }
    out
}

/// Pins a game's words in the snapshots `words_fr` and `words_en` of the calling test: `$listing`
/// gives the text for a language, most often through [`words_listing`]. A macro, so that the
/// snapshots are the caller's (insta names and files them after the calling module); the calling
/// crate has `insta` among its dev-dependencies.
#[macro_export]
macro_rules! assert_words_snapshots {
    ($listing:expr) => {{
        let listing = $listing;
        ::insta::assert_snapshot!("words_fr", listing($crate::Lang::Fr));
        ::insta::assert_snapshot!("words_en", listing($crate::Lang::En));
    }};
}

/// What is wrong with `text` as a sentence of the log: it has no capital, no full stop, or stray
/// spaces.
pub fn sentence_flaw(text: &str) -> Option<&'static str> {
    if !text.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit()) {
        Some("no capital")
    } else if !text.ends_with('.') {
        Some("no full stop")
    } else if text.contains("  ") || text.trim() != text {
        Some("stray spaces")
    } else {
        None
    }
}

/// Whether `phrase` stands in `text` as whole words: not inside a longer word (an edge of
/// `phrase` that is not a letter or a digit may touch anything).
pub fn has_word(text: &str, phrase: &str) -> bool {
    let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        (!phrase.starts_with(char::is_alphanumeric) || edge(before))
            && (!phrase.ends_with(char::is_alphanumeric) || edge(after))
    })
}

/// Each « `number` `plural` » of `numbers` and `plurals` standing whole in `text`: a count of
/// one (or none, in French) with a plural noun of the game's own words (« 1 cartes », "1 tricks").
pub fn one_with_a_plural(text: &str, numbers: &[&str], plurals: &[&str]) -> Vec<String> {
    let pairs = numbers.iter().flat_map(|number| plurals.iter().map(move |plural| format!("{number} {plural}")));
    pairs.filter(|pair| has_word(text, pair)).collect()
}

/// Each of `forms` (the game's notation and placeholders, which people never read) that `text`
/// holds.
pub fn notation_in(text: &str, forms: &[&str]) -> Vec<String> {
    forms.iter().filter(|form| text.contains(**form)).map(|form| form.to_string()).collect()
}

/// Whether the whole word `word` stands in `text` (in any letter case) followed by a space and a
/// number: a seat called by its number (« siège 2 », "player 3").
pub fn word_then_number(text: &str, word: &str) -> bool {
    let lower = text.to_lowercase();
    lower.match_indices(word).any(|(at, _)| {
        let rest = &lower[at + word.len()..];
        lower[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric())
            && rest.strip_prefix(' ').is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })
}

const NBSP: char = '\u{a0}';

/// Nouns a count of one (or of none, in French) must not take in their plural, and a count of
/// more must not take in their singular, in every game's words. (Not "player": "the 13 player"
/// is the one who laid a 13.)
const NOUNS_EN: [(&str, &str); 9] = [
    ("card", "cards"),
    ("point", "points"),
    ("trick", "tricks"),
    ("stone", "stones"),
    ("chip", "chips"),
    ("turn", "turns"),
    ("time", "times"),
    ("round", "rounds"),
    ("pass", "passes"),
];
const NOUNS_FR: [(&str, &str); 8] = [
    ("carte", "cartes"),
    ("point", "points"),
    ("pli", "plis"),
    ("pierre", "pierres"),
    ("jeton", "jetons"),
    ("tour", "tours"),
    ("manche", "manches"),
    ("passe", "passes"),
];

/// The known bad forms of `text`, a text for people in `lang` at a table where every seat has a
/// name: French typography (a non-breaking space before `: ; ! ?`, inside « », no straight
/// apostrophe) and English typography (none of those), empty quotes, plurals by parenthesis,
/// counts that disagree with their noun (« 1 cartes », « 0 cartes », "1 cards", "2 card"), a
/// card's or a rank's article (« un Dame », « une 8 », "a 8", "an King", "a hearts"), seats by
/// number (« siège 2 », "player 3"), a card's letters in the other language (`Q♠` in French,
/// `D♠` in English), a gendered "he" in
/// English, « seed » in French. Empty when the text has none of them; each game adds the forms
/// of its own words (its notation, its verbs).
pub fn bad_forms(text: &str, lang: Lang) -> Vec<String> {
    let mut bad = Vec::new();
    typography(text, lang, &mut bad);
    counts(text, lang, &mut bad);
    articles(text, lang, &mut bad);
    let lower = text.to_lowercase();
    for seat in ["seat", "seats", "player", "joueur", "joueuse", "place", "siège", "sièges"] {
        if word_then_number(text, seat) {
            bad.push(format!("a seat by number: « {seat} » and a number"));
        }
    }
    if lower.contains("siège") {
        bad.push("« siège »".into());
    }
    if text.contains("(s)") {
        bad.push("a plural by parenthesis « (s) »".into());
    }
    match lang {
        Lang::Fr => {
            for letter in ['J', 'Q', 'K'] {
                for suit in ['♠', '♥', '♦', '♣'] {
                    if text.contains(&format!("{letter}{suit}")) {
                        bad.push(format!("an English card letter in French: {letter}{suit}"));
                    }
                }
            }
            if has_word(&lower, "seed") {
                bad.push("« seed » in French".into());
            }
        }
        Lang::En => {
            for letter in ['V', 'D', 'R'] {
                for suit in ['♠', '♥', '♦', '♣'] {
                    if text.contains(&format!("{letter}{suit}")) {
                        bad.push(format!("a French card letter in English: {letter}{suit}"));
                    }
                }
            }
            for he in ["he", "He", "his", "His", "him"] {
                if has_word(text, he) {
                    bad.push(format!("a gendered \"{he}\""));
                }
            }
        }
    }
    bad
}

/// Spaces around the high signs and the guillemets, apostrophes, empty quotes.
fn typography(text: &str, lang: Lang, bad: &mut Vec<String>) {
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let before = if i > 0 { Some(chars[i - 1]) } else { None };
        let after = chars.get(i + 1).copied();
        match (lang, c) {
            (Lang::Fr, ':' | ';' | '!' | '?') if before != Some(NBSP) => {
                bad.push(format!("no non-breaking space before « {c} » in French"));
            }
            (Lang::Fr, '«') if after != Some(NBSP) => bad.push("no non-breaking space after « in French".into()),
            (Lang::Fr, '»') if before != Some(NBSP) => bad.push("no non-breaking space before » in French".into()),
            (Lang::Fr, '\'') => bad.push("a straight apostrophe in French".into()),
            (Lang::En, ':' | ';' | '!' | '?') if before.is_some_and(char::is_whitespace) => {
                bad.push(format!("a space before \"{c}\" in English"));
            }
            (Lang::En, NBSP | '«' | '»') => bad.push(format!("French typography {c:?} in English")),
            // « −80 points »: a hyphen before a number, where no word or number precedes it
            // (« 2-7 players » is a range), stands for the minus sign.
            (_, '-') if after.is_some_and(|a| a.is_ascii_digit()) && !before.is_some_and(char::is_alphanumeric) => {
                bad.push("a hyphen for the minus sign (−)".into());
            }
            _ => {}
        }
    }
    for (open, close) in [('«', '»'), ('“', '”')] {
        let mut rest = text;
        while let Some(at) = rest.find(open) {
            let inside = &rest[at + open.len_utf8()..];
            let end = inside.find(close).unwrap_or(inside.len());
            if inside[..end].trim_matches(|c: char| c.is_whitespace() || c == '…' || c == '.').is_empty() {
                bad.push(format!("an empty quote {open}{close}"));
            }
            rest = &inside[end..];
        }
    }
}

/// A count and its noun agree: a count of one (and of none, in French) takes the singular, a
/// greater one the plural; "-1 point" like "1 point".
fn counts(text: &str, lang: Lang, bad: &mut Vec<String>) {
    let nouns: &[(&str, &str)] = if lang == Lang::Fr { &NOUNS_FR } else { &NOUNS_EN };
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    for pair in words.windows(2) {
        let number = pair[0].trim_start_matches(['(', '-', '−', '+']);
        let Ok(n) = number.parse::<u64>() else { continue };
        let noun = pair[1].trim_end_matches(|c: char| !c.is_alphanumeric());
        let singular = if lang == Lang::Fr { n <= 1 } else { n == 1 };
        for &(one, many) in nouns {
            if (singular && noun == many) || (!singular && noun == one) {
                bad.push(format!("a count that disagrees with its noun: {} {}", pair[0], pair[1]));
            }
        }
    }
}

/// The article of a card, a rank or a suit.
fn articles(text: &str, lang: Lang, bad: &mut Vec<String>) {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    for pair in words.windows(2) {
        let next = pair[1].trim_matches(|c: char| !c.is_alphanumeric());
        let digit = next.starts_with(|c: char| c.is_ascii_digit());
        // "an 8", "an 11", "an 18": the numbers said with a vowel first.
        let vowel_number = next.starts_with('8') || next == "11" || next == "18";
        let wrong = match (lang, pair[0]) {
            (Lang::En, "a" | "A") => {
                vowel_number
                    || ["Ace", "Aces", "eight"].contains(&next)
                    || ["hearts", "spades", "clubs", "diamonds"].contains(&next)
            }
            (Lang::En, "an" | "An") => (digit && !vowel_number) || ["King", "Queen", "Jack"].contains(&next),
            (Lang::Fr, "un" | "Un") => next == "Dame",
            (Lang::Fr, "une" | "Une") => digit || ["As", "Roi", "Valet"].contains(&next),
            _ => false,
        };
        if wrong {
            bad.push(format!("a wrong article: {} {next}", pair[0]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_forms_catches_each_known_form() {
        let caught = [
            ("Ada pioche 1 cartes.", Lang::Fr),
            ("Ada pioche 0 cartes.", Lang::Fr),
            ("Ada pioche 2 carte.", Lang::Fr),
            ("Ada draws 1 cards.", Lang::En),
            ("Ada finishes with -1 points.", Lang::En),
            ("Ada draws 3 card.", Lang::En),
            ("Ada pioche 1 carte(s).", Lang::Fr),
            ("Fin : Ada gagne.", Lang::Fr),
            ("Fin\u{a0}: Ada gagne !", Lang::Fr),
            ("Ada annonce « UNIQUE\u{a0}».", Lang::Fr),
            ("Ada annonce «\u{a0}UNIQUE ».", Lang::Fr),
            ("L'atout est rouge.", Lang::Fr),
            ("«\u{a0}\u{a0}»", Lang::Fr),
            ("Ada calls “”.", Lang::En),
            ("You : 7 cards", Lang::En),
            ("Done\u{a0}: yes", Lang::En),
            ("Ada calls « UNIQUE ».", Lang::En),
            ("le siège 1 pioche", Lang::Fr),
            ("Player 3 wins.", Lang::En),
            ("seat 2 draws.", Lang::En),
            ("Ada joue Q♠.", Lang::Fr),
            ("Ada plays D♠.", Lang::En),
            ("Ada plays a 8.", Lang::En),
            ("Ada plays an 7.", Lang::En),
            ("Ada names a hearts.", Lang::En),
            ("Ada pose un Dame.", Lang::Fr),
            ("Ada pose une 8.", Lang::Fr),
            ("Ada takes his turn.", Lang::En),
            ("La seed est 4.", Lang::Fr),
            ("Sam finit avec -80 points.", Lang::Fr),
            ("Totals: Ada -22, Bob 3.", Lang::En),
        ];
        for (text, lang) in caught {
            assert!(!bad_forms(text, lang).is_empty(), "not caught: {text}");
        }
    }

    #[test]
    fn bad_forms_passes_good_texts() {
        let good = [
            ("Fin de la partie\u{a0}: Ada finit avec 1 point.", Lang::Fr),
            ("Ada annonce «\u{a0}UNIQUE\u{a0}»\u{a0}!", Lang::Fr),
            ("Ada pose un 8 et une Dame\u{a0}; il reste 0 carte.", Lang::Fr),
            ("Ada s’arrête.", Lang::Fr),
            ("An 8 is turned up and put back, then K♣.", Lang::En),
            ("Ada plays an Ace and a King; you have 1 card, Ada 2 cards.", Lang::En),
            ("Njet! You rule out 1 point per trick.", Lang::En),
            ("You play a 5 on pile 2.", Lang::En),
            ("Sam finit avec \u{2212}80 points\u{a0}; une table de 2-7 joueurs.", Lang::Fr),
        ];
        for (text, lang) in good {
            assert_eq!(bad_forms(text, lang), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn words_stand_whole() {
        assert!(has_word("Ada pose 7♥.", "pose"));
        assert!(!has_word("Ada posera 7♥.", "pose"));
        assert!(word_then_number("Le siège 2 pioche.", "siège"));
        assert!(!word_then_number("Les sièges 2 et 3.", "siège"));
        assert!(!word_then_number("Ada remplace 2 cartes.", "place"));
        assert_eq!(sentence_flaw("Ada pose 7♥."), None);
        assert_eq!(sentence_flaw("ada pose 7♥."), Some("no capital"));
        assert_eq!(sentence_flaw("Ada pose 7♥"), Some("no full stop"));
        assert_eq!(sentence_flaw("Ada  pose 7♥."), Some("stray spaces"));
    }
}
