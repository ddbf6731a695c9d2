//! Njet!'s words (issue 16): every event and action kind pinned in French and English for the
//! seat concerned, another seat and a shared log; the table as the terminal draws it; and many
//! random matches checked against the known bad forms.

use serde_json::json;
use std::fmt::Write;
use tapis_core::kit::scenario::{self, random_step, reader_name};
use tapis_core::{BySeat, Game, GameRng, Lang, Match, Seat, SeatSet, Wording, Words};
use tapis_njet::{Action, Card, CardMultiset, Colour, Conditions, Event, Njet, Phase};

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

/// Every kind of event, each with the seats worth reading it as: the seat concerned, the other
/// seat it names (if any), a seat it does not name, and nobody.
fn sample_events() -> Vec<(Event, Vec<Option<Seat>>)> {
    let all = |seats: &[u8]| -> Vec<Option<Seat>> {
        seats.iter().map(|&s| Some(Seat(s))).chain(std::iter::once(None)).collect()
    };
    let hand = CardMultiset::from_cards(["R1", "R1", "R7", "B9", "K3", "G5"].map(card)).unwrap();
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
    scenario::words_listing::<Njet>(lang, &names(), &sample_events(), &sample_actions(), Seat(0))
}

#[test]
fn every_event_and_action_in_both_languages() {
    tapis_core::assert_words_snapshots!(listing);
}

// ----- the table as the terminal draws it -----

/// Renders of one seeded match at its telling moments, for seat 0 and for a spectator.
fn tables(lang: Lang) -> String {
    let names = names();
    let mut out = String::new();
    for (players, seed) in [(4, 3), (3, 8)] {
        let mut m = Match::<Njet>::new(&scenario::request(players, seed, json!({"rounds": 2}))).unwrap();
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
            random_step(&mut m, &mut rng);
            count += 1;
        }
        moments.push(("over", count));
        // Replay, rendering at each moment.
        let mut m = Match::<Njet>::new(&scenario::request(players, seed, json!({"rounds": 2}))).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut done = 0;
        for (moment, at) in moments {
            while done < at {
                random_step(&mut m, &mut rng);
                done += 1;
            }
            for reader in [Some(Seat(0)), None] {
                let view = m.state().view(reader);
                let words = Words::new(lang, &names, reader);
                let _ = writeln!(out, "--- {players} players, {moment}, {} ---", reader_name(&names, reader));
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

/// The bad forms of `text`, a text for people in `lang` where every seat has a name: the kit's,
/// and those of Njet!'s own words.
fn bad_forms(text: &str, lang: Lang) -> Vec<String> {
    let mut bad = scenario::bad_forms(text, lang);
    // Counts: "1 loot cards", « 1 cartes Loot », a whole word after a whole number.
    let plurals = if lang == Lang::Fr { PLURALS_FR } else { PLURALS_EN };
    let numbers: &[&str] = if lang == Lang::Fr { &["0", "1"] } else { &["1"] };
    bad.extend(scenario::one_with_a_plural(text, numbers, &plurals));
    // Notation and its placeholders.
    bad.extend(scenario::notation_in(text, &["<", ">", "|", "(play", "(njet", "(discard", "(partner"]));
    let mut flag = |what: String| bad.push(what);
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '’').filter(|w| !w.is_empty()).collect();
    if text.to_lowercase().contains("seat ") {
        flag("seat".into());
    }
    // Cards in notation (`R7`, `K9`), colours by their letter.
    for word in &words {
        let mut chars = word.chars();
        if let (Some(c), Some(v), None) = (chars.next(), chars.next(), chars.next())
            && "RBKGrbkg".contains(c)
            && ('1'..='9').contains(&v)
        {
            flag(format!("notation card {word}"));
        }
        if ["R", "B", "K", "G"].contains(word) {
            flag(format!("colour letter {word}"));
        }
    }
    match lang {
        Lang::En => {
            for verb in ["plays", "wins", "deals", "lays", "scores", "starts", "is", "rules", "chooses", "places"] {
                if text.contains(&format!("You {verb} ")) || text.contains(&format!("you {verb} ")) {
                    flag(format!("you {verb}"));
                }
            }
            if text.to_lowercase().contains("njet !") {
                flag("English form".into());
            }
        }
        Lang::Fr => {
            // « vous » as a subject with the verb of « il »: « Vous joue », « et vous gagne ».
            // (« Ada vous exclut », « Ada vous choisit » are right: « vous » is the object.)
            let third = ["pose", "joue", "gagne", "donne", "remporte", "écarte", "marque", "reçoit", "commence"];
            for pair in words.windows(2) {
                let object = ["exclut", "choisit"].contains(&pair[1]);
                if (pair[0] == "Vous" && (object || third.contains(&pair[1])))
                    || (pair[0] == "vous" && third.contains(&pair[1]))
                {
                    flag(format!("{} {}", pair[0], pair[1]));
                }
            }
            for english in ["trump", "player", "card", "trick", "red", "blue", "black", "green"] {
                if words.iter().any(|w| w.eq_ignore_ascii_case(english)) {
                    flag(format!("English word {english}"));
                }
            }
        }
    }
    bad
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
        let mut m = Match::<Njet>::new(&scenario::request(players, seed, options)).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        texts += scenario::every_text_well_formed(&mut m, &names, &mut rng, bad_forms);
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
        assert!(!bad_forms(text, lang).is_empty(), "not caught: {text}");
    }
    assert_no_bad_form("Ada joue le 7 rouge.", Lang::Fr);
    assert_no_bad_form("Njet\u{a0}! Vous excluez 1 point par pli.", Lang::Fr);
    assert_no_bad_form("Njet! You rule out 1 point per trick.", Lang::En);
}

fn assert_no_bad_form(text: &str, lang: Lang) {
    assert_eq!(bad_forms(text, lang), Vec::<String>::new(), "{text}");
}
