//! Njet!'s words (issue 16): every event and action kind pinned in French and English for the
//! seat concerned, another seat and a shared log; the table as the terminal draws it; and many
//! random matches checked against the known bad forms.

use serde_json::{Map, Value, json};
use std::fmt::Write;
use tapis_core::{ActionList, BySeat, Game, GameRng, Lang, Match, MatchRequest, Seat, SeatSet, Wording, Words};
use tapis_njet::{Action, Card, Cards, Colour, Conditions, Event, Njet, Phase};

const NAMES: [&str; 4] = ["Alice", "Ada", "Blaise", "Chris"];

fn names() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn cell(text: &str) -> tapis_njet::Cell {
    match Njet::parse_action(&format!("njet {text}")).unwrap() {
        Action::Njet(cell) => cell,
        other => panic!("{other}"),
    }
}

fn reader_name(reader: Option<Seat>) -> String {
    match reader {
        Some(seat) => format!("reader {} ({})", seat.index(), NAMES[seat.index()]),
        None => "no reader".to_string(),
    }
}

/// Every kind of event, each with the seats worth reading it as: the seat concerned, the other
/// seat it names (if any), a seat it does not name, and nobody.
fn sample_events() -> Vec<(Event, Vec<Option<Seat>>)> {
    let all = |seats: &[u8]| -> Vec<Option<Seat>> {
        seats.iter().map(|&s| Some(Seat(s))).chain(std::iter::once(None)).collect()
    };
    let hand = Cards::from_cards(["R1", "R1", "R7", "B9", "K3", "G5"].map(card)).unwrap();
    let board = |start: u8, discard: u8, trump: Colour, super_trump: Option<Colour>, points: u8| Event::BoardSet {
        conditions: Conditions { start: Seat(start), discard, trump, super_trump, points },
    };
    let mut events = vec![
        (Event::RoundDealt { round: 2, dealer: Seat(1) }, all(&[1, 2])),
        (Event::HandDealt { seat: Seat(0), hand }, all(&[0, 1])),
        (Event::StonePlaced { seat: Seat(1), cell: cell("start 2") }, all(&[1, 2, 3])),
        (Event::StonePlaced { seat: Seat(1), cell: cell("start 1") }, all(&[1, 2])),
    ];
    for target in ["discard 0", "discard 1", "discard 2", "trump R", "trump K", "super B", "super G", "super none"] {
        events.push((Event::StonePlaced { seat: Seat(3), cell: cell(target) }, all(&[3, 0])));
    }
    for target in ["points 1", "points 4"] {
        events.push((Event::StonePlaced { seat: Seat(3), cell: cell(target) }, all(&[3])));
    }
    events.extend([
        (board(1, 2, Colour::Red, Some(Colour::Blue), 3), all(&[1, 0])),
        (board(0, 0, Colour::Green, None, 1), all(&[0])),
        (board(2, 1, Colour::Black, Some(Colour::Black), 4), all(&[2])),
        (Event::PartnerChosen { seat: Seat(0), partner: Seat(2) }, all(&[0, 2, 1])),
        (Event::PlaysAlone { seat: Seat(1) }, all(&[1, 0])),
        (Event::Discarded { seat: Seat(3) }, all(&[3, 0])),
        (Event::LaidAside { seat: Seat(3), card: card("G5") }, all(&[3, 0])),
        (Event::CardPlayed { seat: Seat(0), card: card("R7") }, all(&[0, 1])),
        (Event::CardPlayed { seat: Seat(2), card: card("K1") }, all(&[2])),
        (Event::TrickWon { seat: Seat(1), loot: 0 }, all(&[1, 0])),
        (Event::TrickWon { seat: Seat(1), loot: 1 }, all(&[1])),
        (Event::TrickWon { seat: Seat(2), loot: 3 }, all(&[2])),
    ]);
    let points = BySeat::from_fn(4, |s| [12, 0, 12, 1][s.index()]);
    let scores = BySeat::from_fn(4, |s| [24, 9, 24, 1][s.index()]);
    events.push((Event::RoundScored { round: 3, points, scores }, all(&[1])));
    let points = BySeat::from_fn(3, |s| [16, 8, 8][s.index()]);
    events.push((Event::RoundScored { round: 1, points, scores: points }, all(&[0])));
    events.push((Event::MatchOver { winners: SeatSet::single(Seat(2)) }, all(&[2, 0])));
    events.push((Event::MatchOver { winners: SeatSet::from_iter([Seat(0), Seat(3)]) }, all(&[0, 1])));
    events.push((Event::MatchOver { winners: SeatSet::from_iter([Seat(0), Seat(1), Seat(3)]) }, all(&[3, 2])));
    events
}

/// Every kind of action, as offered to seat 0 of four.
fn sample_actions() -> Vec<Action> {
    let mut actions: Vec<Action> = (0..20u8).map(|c| Action::Njet(tapis_njet::Cell(c))).collect();
    actions.extend([
        Action::Partner(Seat(2)),
        Action::Partner(Seat(1)),
        Action::Alone,
        Action::Discard(card("G5")),
        Action::Discard(card("B1")),
        Action::Play(card("R7")),
        Action::Play(card("K9")),
    ]);
    actions
}

fn listing(lang: Lang) -> String {
    let names = names();
    let mut out = String::new();
    let _ = writeln!(out, "== events ==");
    for (event, readers) in sample_events() {
        let _ = writeln!(out, "{}", serde_json::to_string(&event).unwrap());
        for reader in readers {
            let words = Words::new(lang, &names, reader);
            let _ = writeln!(out, "  {:<20} {}", reader_name(reader), Njet::describe_event(&event, &words));
        }
    }
    let _ = writeln!(out, "\n== actions (reader 0, Alice) ==");
    let words = Words::new(lang, &names, Some(Seat(0)));
    for action in sample_actions() {
        let _ = writeln!(out, "  {:<20} {}", action.to_string(), Njet::describe_action(action, &words));
    }
    out
}

#[test]
fn every_event_and_action_in_french() {
    insta::assert_snapshot!("words_fr", listing(Lang::Fr));
}

#[test]
fn every_event_and_action_in_english() {
    insta::assert_snapshot!("words_en", listing(Lang::En));
}

// ----- the table as the terminal draws it -----

fn request(players: usize, seed: u64, options: Value) -> MatchRequest {
    let options: Map<String, Value> = serde_json::from_value(options).unwrap();
    MatchRequest { players, seed, dealer: None, options, deal: None }
}

/// One random legal move of the first actor.
fn step(m: &mut Match<Njet>, rng: &mut GameRng) -> Vec<Event> {
    let seat = m.state().actors().first().unwrap();
    let mut list = ActionList::new();
    m.state().legal_actions(seat, &mut list);
    m.act_parsed(seat, list[rng.index(list.len())]).unwrap()
}

/// Renders of one seeded match at its telling moments, for seat 0 and for a spectator.
fn tables(lang: Lang) -> String {
    let names = names();
    let mut out = String::new();
    for (players, seed) in [(4, 3), (3, 8)] {
        let mut m = Match::<Njet>::new(&request(players, seed, json!({"rounds": 2}))).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut moments = vec![("start", 0usize)];
        let mut shown = Vec::new();
        let mut count = 0;
        let mut last_phase = Phase::Njet;
        while !m.state().is_over() {
            let t = m.state().table();
            let moment = match t.phase {
                Phase::Njet if t.board.stones() == 5 => Some("njet phase"),
                Phase::Partner if last_phase != Phase::Partner => Some("partner phase"),
                Phase::Discard if last_phase != Phase::Discard => Some("discard phase"),
                Phase::Play if t.trick.len == 2 && t.last_trick.is_some() && !shown.contains(&"mid trick") => {
                    Some("mid trick")
                }
                _ => None,
            };
            if let Some(moment) = moment.filter(|m| t.round == 1 && !shown.contains(m)) {
                shown.push(moment);
                moments.push((moment, count));
            }
            last_phase = t.phase;
            step(&mut m, &mut rng);
            count += 1;
        }
        moments.push(("over", count));
        // Replay, rendering at each moment.
        let mut m = Match::<Njet>::new(&request(players, seed, json!({"rounds": 2}))).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut done = 0;
        for (moment, at) in moments {
            while done < at {
                step(&mut m, &mut rng);
                done += 1;
            }
            for reader in [Some(Seat(0)), None] {
                let view = m.state().view(reader);
                let words = Words::new(lang, &names, reader);
                let _ = writeln!(out, "--- {players} players, {moment}, {} ---", reader_name(reader));
                let _ = write!(out, "{}", Njet::render_view(&view, &words));
            }
        }
    }
    out
}

#[test]
fn the_table_in_french() {
    insta::assert_snapshot!("table_fr", tables(Lang::Fr));
}

#[test]
fn the_table_in_english() {
    insta::assert_snapshot!("table_en", tables(Lang::En));
}

// ----- the known bad forms -----

/// Words that may not follow a number 1 (English) or 0 and 1 (French).
const PLURALS_EN: [&str; 5] = ["cards", "tricks", "points", "loot cards", "stones"];
const PLURALS_FR: [&str; 5] = ["cartes", "plis", "points", "cartes Loot", "pierres"];

/// The first bad form found in `text`, a text for people in `lang` where every seat has a name.
fn bad_form(text: &str, lang: Lang) -> Option<String> {
    let bad = |what: &str| Some(what.to_string());
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '’').filter(|w| !w.is_empty()).collect();
    // Counts: "1 cards", « 1 cartes », « 0 cartes », a whole word after a whole number.
    let plurals = if lang == Lang::Fr { PLURALS_FR } else { PLURALS_EN };
    let numbers: &[&str] = if lang == Lang::Fr { &["0", "1"] } else { &["1"] };
    for number in numbers {
        for plural in plurals {
            let form = format!("{number} {plural}");
            for (at, _) in text.match_indices(&form) {
                let before = text[..at].chars().next_back();
                let after = text[at + form.len()..].chars().next();
                if !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric()) {
                    return bad(&form);
                }
            }
        }
    }
    // Plurals by parenthesis, empty guillemets, notation and its placeholders.
    for form in ["(s)", "«\u{a0}»", "« »", "«»", "<", ">", "|", "(play", "(njet", "(discard", "(partner"] {
        if text.contains(form) {
            return bad(form);
        }
    }
    // Seats by number when every seat has a name.
    let lower = text.to_lowercase();
    for (i, word) in lower.split_whitespace().enumerate() {
        let next = lower.split_whitespace().nth(i + 1).unwrap_or("");
        let numbered = next.chars().next().is_some_and(|c| c.is_ascii_digit());
        if ["seat", "seats", "joueur", "player", "place", "siège", "sièges"].contains(&word) && numbered {
            return bad(&format!("{word} {next}"));
        }
    }
    if lower.contains("siège") || lower.contains("seat ") {
        return bad("siège / seat");
    }
    // Cards in notation (`R7`, `K9`) or in French with English letters (`Q♠`).
    for word in &words {
        let mut chars = word.chars();
        if let (Some(c), Some(v), None) = (chars.next(), chars.next(), chars.next())
            && "RBKGrbkg".contains(c)
            && ('1'..='9').contains(&v)
        {
            return bad(&format!("notation card {word}"));
        }
        if ["R", "B", "K", "G"].contains(word) {
            return bad(&format!("colour letter {word}"));
        }
    }
    for letter in ["J", "Q", "K"] {
        for suit in ["♠", "♥", "♦", "♣"] {
            if lang == Lang::Fr && text.contains(&format!("{letter}{suit}")) {
                return bad(&format!("{letter}{suit}"));
            }
        }
    }
    match lang {
        Lang::En => {
            for form in [" :", " ;", " !", " ?", "\u{a0}"] {
                if text.contains(form) {
                    return bad(&format!("English spacing {form:?}"));
                }
            }
            for article in [" a ", "A "] {
                for noun in ["hearts", "spades", "clubs", "diamonds", "Ace", "8", "8s"] {
                    if text.contains(&format!("{article}{noun}"))
                        || text.starts_with(&format!("{}{noun}", article.trim_start()))
                    {
                        return bad(&format!("{article}{noun}"));
                    }
                }
            }
            for verb in ["plays", "wins", "deals", "lays", "scores", "starts", "is", "rules", "chooses", "places"] {
                if text.contains(&format!("You {verb} ")) || text.contains(&format!("you {verb} ")) {
                    return bad(&format!("you {verb}"));
                }
            }
            if lower.contains("player 1") || lower.contains("njet !") {
                return bad("English form");
            }
        }
        Lang::Fr => {
            let chars: Vec<char> = text.chars().collect();
            for (i, &c) in chars.iter().enumerate() {
                if ":;!?".contains(c) && (i == 0 || chars[i - 1] != '\u{a0}') {
                    return bad(&format!("French spacing before {c:?}"));
                }
                if (c == '«' && chars.get(i + 1) != Some(&'\u{a0}'))
                    || (c == '»' && (i == 0 || chars[i - 1] != '\u{a0}'))
                {
                    return bad("French guillemets");
                }
            }
            for form in ["un Dame", "une 1", "une 7", "seed"] {
                if text.contains(form) {
                    return bad(form);
                }
            }
            // « vous » as a subject with the verb of « il »: « Vous joue », « et vous gagne ».
            // (« Ada vous exclut », « Ada vous choisit » are right: « vous » is the object.)
            let third = ["pose", "joue", "gagne", "donne", "remporte", "écarte", "marque", "reçoit", "commence"];
            for pair in words.windows(2) {
                let object = ["exclut", "choisit"].contains(&pair[1]);
                if (pair[0] == "Vous" && (object || third.contains(&pair[1])))
                    || (pair[0] == "vous" && third.contains(&pair[1]))
                {
                    return bad(&format!("{} {}", pair[0], pair[1]));
                }
            }
            for english in ["trump", "player", "card", "trick", "red", "blue", "black", "green"] {
                if words.iter().any(|w| w.eq_ignore_ascii_case(english)) {
                    return bad(&format!("English word {english}"));
                }
            }
        }
    }
    None
}

/// A sentence: a capital, a full stop, no stray spaces.
fn sentence_flaw(text: &str) -> Option<&'static str> {
    if !text.chars().next().is_some_and(char::is_uppercase) {
        Some("no capital")
    } else if !text.ends_with('.') {
        Some("no full stop")
    } else if text.contains("  ") || text.trim() != text {
        Some("stray spaces")
    } else {
        None
    }
}

fn check(text: &str, lang: Lang, what: &str) {
    if let Some(form) = bad_form(text, lang) {
        panic!("{what} in {lang:?}: bad form «{form}» in:\n{text}");
    }
}

#[test]
fn random_matches_have_none_of_the_bad_forms() {
    let names = names();
    let mut texts = 0;
    for (players, seed, options) in [
        (4, 1, json!({"rounds": 2})),
        (3, 2, json!({"rounds": 2})),
        (4, 3, json!({"rounds": 1, "must_trump_when_void": true})),
        (3, 4, json!({"rounds": 3, "loot": "opponents_only"})),
        (4, 5, json!({"rounds": 1, "equal_cards": "first_wins"})),
        (3, 6, json!({"rounds": 1})),
    ] {
        let mut m = Match::<Njet>::new(&request(players, seed, options)).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let readers: Vec<Option<Seat>> = Seat::all(players).map(Some).chain([None]).collect();
        while !m.state().is_over() {
            for lang in [Lang::Fr, Lang::En] {
                for &reader in &readers {
                    let words = Words::new(lang, &names, reader);
                    check(&Njet::render_view(&m.state().view(reader), &words), lang, "table");
                    texts += 1;
                }
                for seat in m.state().actors().iter() {
                    let words = Words::new(lang, &names, Some(seat));
                    let mut list = ActionList::new();
                    m.state().legal_actions(seat, &mut list);
                    for &action in list.iter() {
                        let text = Njet::describe_action(action, &words);
                        check(&text, lang, "action");
                        assert!(!text.is_empty() && text.trim() == text && !text.contains("  "), "{text}");
                        texts += 1;
                    }
                }
            }
            for event in step(&mut m, &mut rng) {
                for lang in [Lang::Fr, Lang::En] {
                    for &reader in &readers {
                        let text = Njet::describe_event(&event, &Words::new(lang, &names, reader));
                        check(&text, lang, "event");
                        if let Some(flaw) = sentence_flaw(&text) {
                            panic!("{flaw}: {text}");
                        }
                        texts += 1;
                    }
                }
            }
        }
        for lang in [Lang::Fr, Lang::En] {
            for &reader in &readers {
                check(&Njet::render_view(&m.state().view(reader), &Words::new(lang, &names, reader)), lang, "table");
            }
        }
    }
    assert!(texts > 10_000, "{texts} texts checked");
}

/// The checks catch the old texts: each of these was once written by the game.
#[test]
fn the_checks_fail_on_the_old_forms() {
    let old = [
        ("Le siège 1 reçoit R7 B1.", Lang::Fr),
        ("Seat 1 is dealt R7 B1.", Lang::En),
        ("Njet ! atout bleu — interdit", Lang::Fr),
        ("Le siège 2 pose une pierre sur « pas de super-atout ».", Lang::Fr),
        ("Njet ! 3 point(s) par pli — interdit", Lang::Fr),
        ("Njet! 1 point(s) per trick — ruled out", Lang::En),
        ("Le plateau est fixé : premier joueur : siège 1 ; atout rouge.", Lang::Fr),
        ("Current trick: 0:B9 1:G5", Lang::En),
        ("À jouer : 0 pose une pierre (njet <rang> <case>)", Lang::Fr),
        ("Ada is dealt 1 cards.", Lang::En),
        ("Ada wins the trick and 1 loot cards.", Lang::En),
        ("You plays the red 7.", Lang::En),
        ("Vous joue le 7 rouge.", Lang::Fr),
        ("Ada et vous gagne.", Lang::Fr),
        ("Njet ! trump K — ruled out", Lang::En),
        ("Atout K.", Lang::Fr),
        ("Ada joue Q♠.", Lang::Fr),
        ("Fin de la manche 1\u{a0}: Ada marque 0 points.", Lang::Fr),
        ("Player 3 wins.", Lang::En),
        ("Ada plays a 8.", Lang::En),
        ("« »", Lang::Fr),
        ("Partie terminée\u{a0}; vainqueur\u{a0}: le siège 2.", Lang::Fr),
        ("the blue 1s : Ada", Lang::En),
        ("Votre main : rouge 1", Lang::Fr),
    ];
    for (text, lang) in old {
        assert!(bad_form(text, lang).is_some(), "not caught: {text}");
    }
    assert_eq!(bad_form("Ada joue le 7 rouge.", Lang::Fr), None);
    assert_eq!(bad_form("Njet\u{a0}! Vous excluez 1 point par pli.", Lang::Fr), None);
    assert_eq!(bad_form("Njet! You rule out 1 point per trick.", Lang::En), None);
}
