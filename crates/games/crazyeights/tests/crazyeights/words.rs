//! Crazy Eights' words (issue 16): every event and action kind pinned in French and English for
//! the seat concerned, another seat and a shared log; the table as the terminal draws it; and
//! many random matches checked against the known bad forms. (Only words: the rules are
//! OpenSpiel's, checked by `tests/crazyeights.rs`.)

use serde_json::json;
use std::fmt::Write;
use tapis_core::kit::scenario::{self, random_step, reader_name};
use tapis_core::{BySeat, FrenchCard, Game, GameRng, Lang, Match, Reason, Seat, Suit, Wording, Words};
use tapis_crazyeights::{Action, CrazyEights, Event, Illegal};

const NAMES: [&str; 10] = ["Alice", "Ada", "Blaise", "Chris", "Dan", "Émile", "Fanny", "Gus", "Hugo", "Iris"];

fn names() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

fn card(text: &str) -> FrenchCard {
    text.parse().unwrap()
}

fn cards(text: &str) -> Vec<FrenchCard> {
    text.split_whitespace().map(card).collect()
}

/// Every kind of event, each with the seats worth reading it as: the seat concerned, another
/// seat, and nobody.
fn sample_events() -> Vec<(Event, Vec<Option<Seat>>)> {
    let all = |seats: &[u8]| -> Vec<Option<Seat>> {
        seats.iter().map(|&s| Some(Seat(s))).chain(std::iter::once(None)).collect()
    };
    let returns = |values: &[i64]| BySeat::from_fn(values.len(), |s| values[s.index()]);
    vec![
        (Event::Dealt { dealer: Seat(1), cards_each: 5 }, all(&[1, 2])),
        (Event::Dealt { dealer: Seat(0), cards_each: 7 }, all(&[0])),
        (Event::DealtHand { seat: Seat(0), cards: cards("2C AS QH TD JC") }, all(&[0, 1])),
        (Event::Starter { card: card("QS"), redrawn: 0 }, all(&[0])),
        (Event::Starter { card: card("KC"), redrawn: 1 }, all(&[0])),
        (Event::Starter { card: card("AD"), redrawn: 2 }, all(&[0])),
        (Event::Played { seat: Seat(2), card: card("QS") }, all(&[2, 0])),
        (Event::Played { seat: Seat(0), card: card("8H") }, all(&[0])),
        (Event::Played { seat: Seat(0), card: card("JD") }, all(&[0])),
        (Event::Played { seat: Seat(0), card: card("KC") }, all(&[0])),
        (Event::Played { seat: Seat(0), card: card("AH") }, all(&[0])),
        (Event::Played { seat: Seat(0), card: card("TC") }, all(&[0])),
        (Event::Nominated { seat: Seat(0), suit: Suit::Hearts }, all(&[0, 1])),
        (Event::Nominated { seat: Seat(3), suit: Suit::Spades }, all(&[3])),
        (Event::Drew { seat: Seat(1), cards: 1 }, all(&[1, 0])),
        (Event::Drew { seat: Seat(1), cards: 4 }, all(&[1, 0])),
        (Event::DrewCards { seat: Seat(1), cards: cards("7H") }, all(&[1, 0])),
        (Event::DrewCards { seat: Seat(1), cards: cards("7H AS") }, all(&[1])),
        (Event::DrewCards { seat: Seat(1), cards: cards("7H KS 2D QC") }, all(&[1])),
        (Event::Passed { seat: Seat(3) }, all(&[3, 0])),
        (Event::Reshuffled { cards: 1 }, all(&[0])),
        (Event::Reshuffled { cards: 30 }, all(&[0])),
        (Event::Over { returns: returns(&[0, -12, -50]) }, all(&[0, 1])),
        (Event::Over { returns: returns(&[-1, 0, 0, -3]) }, all(&[1, 0])),
    ]
}

fn sample_actions() -> Vec<Action> {
    let mut actions: Vec<Action> =
        ["7H", "QS", "JC", "KD", "AH", "TD", "8S", "2C"].map(|c| Action::Play(card(c))).to_vec();
    actions.extend([Action::Draw, Action::Pass]);
    actions.extend(Suit::ALL.map(Action::Suit));
    actions
}

fn listing(lang: Lang) -> String {
    scenario::words_listing::<CrazyEights>(lang, &names(), &sample_events(), &sample_actions(), Seat(0))
}

#[test]
fn every_event_and_action_in_both_languages() {
    tapis_core::assert_words_snapshots!(listing);
}

// ----- the table as the terminal draws it -----

/// The table at its telling moments of one seeded match, for the seat to act and a spectator.
fn tables(lang: Lang) -> String {
    let names = names();
    let mut out = String::new();
    let options = json!({"use_special_cards": true, "max_draw_cards": 2, "reshuffle": true});
    let mut m = Match::<CrazyEights>::new(&scenario::request(3, 5, options)).unwrap();
    let mut rng = GameRng::seed_from_u64(5);
    let mut shown: Vec<&str> = Vec::new();
    loop {
        let view = m.state().view(None);
        let moment = if view.over {
            Some("over")
        } else if shown.is_empty() {
            Some("start")
        } else if view.naming_suit {
            Some("naming a suit")
        } else if view.pending_twos > 0 {
            Some("pending 2s")
        } else if view.drawn_this_turn > 0 {
            Some("drawn this turn")
        } else if view.direction < 0 {
            Some("direction reversed")
        } else {
            None
        };
        if let Some(moment) = moment.filter(|m| !shown.contains(m)) {
            shown.push(moment);
            for reader in [view.to_act.or(Some(Seat(0))), None] {
                let words = Words::new(lang, &names, reader);
                let _ = writeln!(out, "--- {moment}, {} ---", reader_name(&names, reader));
                let _ = write!(out, "{}", CrazyEights::render_view(&m.state().view(reader), &words));
            }
        }
        if view.over {
            break;
        }
        random_step(&mut m, &mut rng);
    }
    assert_eq!(shown.len(), 6, "every moment was seen: {shown:?}");
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

const PLURALS_EN: [&str; 3] = ["cards", "points", "eights"];
const PLURALS_FR: [&str; 2] = ["cartes", "points"];

/// The bad forms of `text`, a text for people in `lang` where every seat has a name: the kit's,
/// and those of Crazy Eights' own words.
fn bad_forms(text: &str, lang: Lang) -> Vec<String> {
    let mut bad = scenario::bad_forms(text, lang);
    // Counts: "1 eights", « -1 cartes », a whole word after a number.
    let plurals: &[&str] = if lang == Lang::Fr { &PLURALS_FR } else { &PLURALS_EN };
    let numbers: &[&str] = if lang == Lang::Fr { &["-1", "0", "1"] } else { &["-1", "1"] };
    bad.extend(scenario::one_with_a_plural(text, numbers, plurals));
    // Notation and its placeholders.
    bad.extend(scenario::notation_in(text, &["<", ">", "|", "(play", "(draw", "(pass", "(suit"]));
    let mut flag = |what: String| bad.push(what);
    let words: Vec<&str> =
        text.split(|c: char| !c.is_alphanumeric() && c != '’' && c != '-').filter(|w| !w.is_empty()).collect();
    if text.to_lowercase().contains("seat") {
        flag("seat".into());
    }
    // Cards in notation (`7H`, `QS`, `TD`).
    for word in &words {
        let mut chars = word.chars();
        if let (Some(r), Some(s), None) = (chars.next(), chars.next(), chars.next())
            && "23456789TJQKA".contains(r)
            && "SHDC".contains(s)
        {
            flag(format!("notation card {word}"));
        }
    }
    match lang {
        Lang::En => {
            let third = ["plays", "draws", "deals", "names", "passes", "finishes", "wins", "is"];
            for pair in words.windows(2) {
                if (pair[0] == "You" || pair[0] == "you") && third.contains(&pair[1]) {
                    flag(format!("{} {}", pair[0], pair[1]));
                }
            }
        }
        Lang::Fr => {
            let third = ["pose", "pioche", "distribue", "demande", "passe", "finit", "gagne", "reçoit", "doit"];
            for pair in words.windows(2) {
                if (pair[0] == "Vous" || pair[0] == "vous") && third.contains(&pair[1]) {
                    flag(format!("{} {}", pair[0], pair[1]));
                }
            }
            for english in ["card", "cards", "draw", "play", "pass", "hearts", "spades", "clubs", "diamonds", "stock"] {
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
        (2, 1, json!({})),
        (3, 2, json!({"use_special_cards": true})),
        (4, 3, json!({"use_special_cards": true, "reshuffle": true, "max_draw_cards": 1})),
        (5, 4, json!({"scoring": "face_value"})),
        (6, 5, json!({"use_special_cards": true, "max_turns": 40})),
        (10, 6, json!({"use_special_cards": true, "reshuffle": true})),
        (2, 7, json!({"reshuffle": true, "max_draw_cards": 10})),
    ] {
        let mut m = Match::<CrazyEights>::new(&scenario::request(players, seed, options)).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        texts += scenario::every_text_well_formed(&mut m, &names, &mut rng, bad_forms);
    }
    assert!(texts > 10_000, "{texts} texts checked");
}

/// The checks catch the old texts: each of these was once written by the game.
#[test]
fn the_checks_fail_on_the_old_forms() {
    let old = [
        ("le siège 1 pioche 2 cartes", Lang::Fr),
        ("seat 1 draws 2 cards", Lang::En),
        ("Carte visible : K♣ · couleur à suivre : ♣ trèfle", Lang::Fr),
        ("▶ siège 0 (vous) : 7 cartes · score 0", Lang::Fr),
        ("carte retournée : K♣", Lang::Fr),
        ("le siège 0 reçoit 2♣ A♠", Lang::Fr),
        ("Votre main : 3♣ 4♣ Q♠", Lang::Fr),
        ("Ada pioche 1 cartes.", Lang::Fr),
        ("Ada draws 1 cards.", Lang::En),
        ("Ada pioche 0 cartes.", Lang::Fr),
        ("Ada finishes with -1 points.", Lang::En),
        ("Ada plays a 8.", Lang::En),
        ("Ada demands a hearts.", Lang::En),
        ("You plays 7♥.", Lang::En),
        ("Vous pose 7♥.", Lang::Fr),
        ("Ada joue D♠ (play 1|2|3).", Lang::Fr),
        ("Ada plays D♠.", Lang::En),
        ("Player 3 wins.", Lang::En),
        ("Ada pioche 1 carte(s).", Lang::Fr),
        ("You : 7 cards", Lang::En),
        ("Ada joue QS.", Lang::Fr),
        ("« »", Lang::Fr),
        ("« Sans King ! »", Lang::Fr),
        ("Fin de la partie\u{a0}: Ada finit avec -1 point.", Lang::Fr),
    ];
    for (text, lang) in old {
        assert!(!bad_forms(text, lang).is_empty(), "not caught: {text}");
    }
    assert_no_bad_form("Ada pose D♠.", Lang::Fr);
    assert_no_bad_form("Fin de la partie\u{a0}: Ada finit avec \u{2212}1 point.", Lang::Fr);
    assert_no_bad_form("An 8 is turned up and put back, then K♣.", Lang::En);
}

fn assert_no_bad_form(text: &str, lang: Lang) {
    assert_eq!(bad_forms(text, lang), Vec::<String>::new(), "{text}");
}

// ----- why an action is refused -----

/// Every reason an action is refused, in French and in English, as the referee and a table say
/// it (it names no seat).
#[test]
fn every_reason_reads_right_in_both_languages() {
    let reasons = [
        (
            Illegal::NameTheSuit,
            "après un 8, son joueur nomme d’abord la couleur à suivre",
            "after an 8, its player first names the suit to follow",
        ),
        (
            Illegal::NoEightPlayed,
            "on nomme une couleur juste après avoir posé un 8",
            "a suit is named right after playing an 8",
        ),
        (Illegal::NotInHand(card("QD")), "D♦ n’est pas dans la main", "Q♦ is not in the hand"),
        (
            Illegal::TwosPending { cards: 4 },
            "des 2 attendent une réponse\u{a0}: poser un 2, ou piocher 4 cartes",
            "2s await an answer: play a 2, or draw 4 cards",
        ),
        (
            Illegal::NoMatch { suit: Suit::Hearts, top: card("9C") },
            "la carte se pose sur la couleur à suivre (♥ cœur) ou sur le rang de 9♣, ou c’est un 8",
            "a card goes on the suit to follow (♥ hearts) or on the rank of 9♣, or it is an 8",
        ),
        (Illegal::StockEmpty, "la pioche est vide", "the stock is empty"),
        (
            Illegal::DrawLimit { max: 1 },
            "on pioche au plus 1 carte par tour (max_draw_cards)",
            "one draws at most 1 card a turn (max_draw_cards)",
        ),
        (
            Illegal::DrawBeforePassing { max: 5 },
            "on passe après avoir pioché 5 cartes dans le tour, ou pioche vide",
            "one passes after drawing 5 cards in the turn, or with an empty stock",
        ),
    ];
    let names = names();
    for (reason, fr, en) in reasons {
        for (lang, expected) in [(Lang::Fr, fr), (Lang::En, en)] {
            for words in [Words::numbered(lang), Words::new(lang, &names, Some(Seat(0)))] {
                let text = reason.word(&words);
                assert_eq!(text, expected, "{reason:?}");
                assert_eq!(scenario::bad_forms(&text, lang), Vec::<String>::new(), "{text}");
            }
        }
    }
}
