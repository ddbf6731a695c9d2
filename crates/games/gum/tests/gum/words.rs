//! Battle GUM in words: every event and action kind pinned in French and English (snapshots),
//! and many seeded random matches checked against the known bad forms of issue 16.

use serde_json::{Map, Value, json};
use tapis_core::kit;
use tapis_core::kit::scenario;
use tapis_core::{ActionList, BySeat, Game, GameRng, Lang, Match, MatchRequest, Seat, Wording, Words};
use tapis_gum::{Action, Card, Counts, Event, Gum, Phase, PlayKind};

const NAMES: [&str; 6] = ["Alice", "Ada", "Blaise", "Chloé", "Denis", "Élodie"];

fn names() -> Vec<String> {
    NAMES.iter().map(|n| n.to_string()).collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn counts(cards: &[&str]) -> Counts {
    Counts::of(cards.iter().map(|c| card(c)))
}

fn opts(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "fr",
        Lang::En => "en",
    }
}

fn reader_name(reader: Option<Seat>) -> String {
    reader.map_or("—".to_string(), |s| NAMES[s.index()].to_string())
}

// ----- every kind of event and action, pinned -----

/// One of each event kind (several where the words change with the fields), at a table of four:
/// Alice (seat 0) is the seat concerned, Ada (seat 1) the other seat of two-seat events.
fn every_event() -> Vec<Event> {
    let (alice, ada, blaise) = (Seat(0), Seat(1), Seat(2));
    let by_seat = |values: [i64; 4]| BySeat::from_fn(4, |s| values[s.index()]);
    vec![
        Event::Dealt { round: 1, dealer: alice, faceup: vec![], stock: 18 },
        Event::Dealt { round: 2, dealer: alice, faceup: vec![], stock: 0 },
        Event::HandDealt { seat: alice, cards: counts(&["5", "11", "12"]) },
        Event::HandDealt { seat: alice, cards: counts(&["00", "8", "8"]) },
        Event::Swapped { seat: alice, hand_card: card("11"), faceup_card: card("2") },
        Event::Swapped { seat: alice, hand_card: card("8"), faceup_card: card("00") },
        Event::Ready { seat: alice },
        Event::PlayStarts { first: alice },
        Event::Played { seat: alice, card: card("7"), count: 1, how: PlayKind::Turn },
        Event::Played { seat: alice, card: card("7"), count: 2, how: PlayKind::Turn },
        Event::Played { seat: alice, card: card("8"), count: 1, how: PlayKind::Turn },
        Event::Played { seat: alice, card: Card::NINJA, count: 2, how: PlayKind::Turn },
        Event::Played { seat: alice, card: card("13"), count: 1, how: PlayKind::Counter },
        Event::Played { seat: alice, card: card("1"), count: 3, how: PlayKind::Counter },
        Event::Played { seat: alice, card: card("11"), count: 2, how: PlayKind::Completion },
        Event::Played { seat: alice, card: Card::NINJA, count: 1, how: PlayKind::Interrupt },
        Event::Played { seat: alice, card: card("11"), count: 1, how: PlayKind::Blind },
        Event::Burnt { seat: alice, cards: 1 },
        Event::Burnt { seat: alice, cards: 9 },
        Event::Skipped { seats: vec![alice] },
        Event::Skipped { seats: vec![alice, ada] },
        Event::Skipped { seats: vec![alice, ada, alice] },
        Event::Drew { seat: alice, count: 1 },
        Event::Drew { seat: alice, count: 2 },
        Event::DrewCards { seat: alice, cards: counts(&["11"]) },
        Event::DrewCards { seat: alice, cards: counts(&["4", "9", "9"]) },
        Event::Took { seat: alice, card: card("7") },
        Event::TookFaceDown { seat: alice, position: 2 },
        Event::TookFaceDownCard { seat: alice, position: 2, card: card("8") },
        Event::BlindFailed { seat: alice, position: 1, card: card("5") },
        Event::PickedUp { seat: alice, cards: 1 },
        Event::PickedUp { seat: alice, cards: 7 },
        Event::Gave { giver: alice, target: ada },
        Event::Kept { seat: alice },
        Event::Accepted { seat: alice, cards: 7 },
        Event::Leads { seat: alice },
        Event::Out { seat: alice, place: 1 },
        Event::Out { seat: alice, place: 2 },
        Event::Out { seat: alice, place: 3 },
        Event::GameOver { round: 1, points: by_seat([1, 0, 0, 0]), scores: by_seat([1, 0, 0, 0]) },
        Event::GameOver { round: 2, points: by_seat([1, 0, -1, -2]), scores: by_seat([2, -1, 0, -3]) },
        Event::MatchOver { winners: [alice].into_iter().collect() },
        Event::MatchOver { winners: [alice, blaise].into_iter().collect() },
    ]
}

fn every_action() -> Vec<Action> {
    vec![
        Action::Swap { hand: card("11"), faceup: card("2") },
        Action::Swap { hand: card("8"), faceup: Card::NINJA },
        Action::Ready,
        Action::Play { card: card("7"), count: 1 },
        Action::Play { card: card("8"), count: 1 },
        Action::Play { card: card("11"), count: 2 },
        Action::Play { card: Card::NINJA, count: 2 },
        Action::Play { card: card("13"), count: 4 },
        Action::Pickup,
        Action::Give(Seat(1)),
        Action::Give(Seat(0)),
        Action::Accept,
        Action::Keep,
        Action::Take(card("7")),
        Action::Reveal(2),
    ]
}

fn listing(lang: Lang) -> String {
    let readers = vec![Some(Seat(0)), Some(Seat(1)), Some(Seat(2)), None];
    let events: Vec<(Event, Vec<Option<Seat>>)> = every_event().into_iter().map(|e| (e, readers.clone())).collect();
    scenario::words_listing::<Gum>(lang, &names()[..4], &events, &every_action(), Seat(0))
}

#[test]
fn every_event_and_action_in_both_languages() {
    tapis_core::assert_words_snapshots!(listing);
}

/// The first moment of each phase of seeded matches, with which options.
fn moments() -> Vec<(String, Match<Gum>)> {
    let plays = [
        ("refill", 4, opts(&[("games", json!(2)), ("complete_pair_burn", json!(true))]), 21),
        ("shithead", 3, opts(&[("table_play", json!("shithead")), ("play_to_last", json!(true))]), 4),
    ];
    let mut moments = Vec::new();
    for (label, players, options, seed) in plays {
        let request = MatchRequest { players, seed, options, ..MatchRequest::default() };
        let mut m = Match::<Gum>::new(&request).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = ActionList::new();
        let mut wanted = vec!["swap", "turn", "refill", "give", "target", "completion", "over"];
        loop {
            let table = m.state().view(None).table;
            let now = match table.phase {
                _ if table.completion.is_some() => "completion",
                Phase::Swap => "swap",
                Phase::Turn { .. } => "turn",
                Phase::Refill { .. } => "refill",
                Phase::Give { .. } => "give",
                Phase::Target { .. } => "target",
                Phase::Over => "over",
            };
            if let Some(i) = wanted.iter().position(|&w| w == now) {
                wanted.remove(i);
                moments.push((format!("{label}, {now}"), m.clone()));
            }
            if m.state().is_over() {
                break;
            }
            let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
            m.act_parsed(seat, action).unwrap();
        }
    }
    moments
}

fn tables(lang: Lang) -> String {
    let names = names();
    let mut out = String::new();
    for (label, m) in moments() {
        let state = m.state();
        let seat = state.view(None).table.deciding().unwrap_or(Seat(0));
        for reader in [Some(seat), None] {
            let words = Words::new(lang, &names[..state.players()], reader);
            out.push_str(&format!("## {label} [{}]\n", reader_name(reader)));
            out.push_str(&Gum::render_view(&state.view(reader), &words));
            out.push('\n');
        }
    }
    out
}

#[test]
fn tables_in_french() {
    insta::assert_snapshot!("tables_fr", tables(Lang::Fr));
}

#[test]
fn tables_in_english() {
    insta::assert_snapshot!("tables_en", tables(Lang::En));
}

// ----- the known bad forms, over many random matches -----

/// Why `text` (in `lang`, read by `reader`, seats named) is badly written, if it is: the kit's
/// bad forms first, then those of Battle GUM's own words.
fn bad_form(text: &str, lang: Lang, reader: Option<Seat>, players: usize) -> Option<String> {
    if let Some(bad) = scenario::bad_forms(text, lang).into_iter().next() {
        return Some(bad);
    }
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace()).filter(|w| !w.is_empty()).collect();
    let starts_digit = |w: &str| w.chars().next().is_some_and(|c| c.is_ascii_digit());
    for pair in words.windows(2) {
        let next = pair[1];
        match pair[0] {
            "a" | "A" if lang == Lang::En && next.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c)) => {
                return Some(format!("\"a\" before {next}"));
            }
            "une" | "Une" if lang == Lang::Fr && (starts_digit(next) || next.starts_with("Ninja")) => {
                return Some(format!("« une » before {next}"));
            }
            _ => {}
        }
    }
    for form in ["(e)", "(es)", "[", "]", "<", "{", "}", "-t-il", "-t-elle"] {
        if text.contains(form) {
            return Some(format!("{form:?}"));
        }
    }
    // The reader is « vous » / "you", never named nor spoken of in the third person; with no
    // reader, nobody is « vous ».
    match reader {
        Some(seat) if seat.index() < players => {
            let own = NAMES[seat.index()];
            if text.split(|c: char| !c.is_alphanumeric()).any(|w| w == own) {
                return Some(format!("the reader called {own}"));
            }
        }
        None => {
            let you = ["vous", "votre", "vos", "you", "your"];
            if text.split(|c: char| !c.is_alphanumeric()).any(|w| you.contains(&w.to_lowercase().as_str())) {
                return Some("« vous » with no reader".into());
            }
        }
        _ => {}
    }
    if lang == Lang::En && text.split(|c: char| !c.is_alphanumeric()).any(|w| w == "her") {
        return Some("a gendered pronoun".into());
    }
    for verb in ["(play", "(give", "(take", "(reveal", "(swap", "(pickup", "(accept", "(keep", "(ready", "|2|"] {
        if text.contains(verb) {
            return Some(format!("notation in a sentence: {verb}"));
        }
    }
    None
}

/// A sentence: a capital, a full stop (or a question mark), one line.
fn bad_sentence(text: &str) -> Option<&'static str> {
    if !text.chars().next().is_some_and(char::is_uppercase) {
        return Some("no capital");
    }
    if !(text.ends_with('.') || text.ends_with('?')) {
        return Some("no full stop");
    }
    if text.contains('\n') || text.contains("..") {
        return Some("not one sentence");
    }
    None
}

#[track_caller]
fn check(text: &str, lang: Lang, reader: Option<Seat>, players: usize, what: &str, sentence: bool) {
    let why = bad_form(text, lang, reader, players)
        .or_else(|| if sentence { bad_sentence(text).map(Into::into) } else { None });
    if let Some(why) = why {
        panic!("{what} for {} in {}: {why}\n{text}", reader_name(reader), lang_name(lang));
    }
}

fn check_match(players: usize, options: Map<String, Value>, seed: u64) {
    let names = names();
    let request = MatchRequest { players, seed, options, ..MatchRequest::default() };
    let mut m = Match::<Gum>::new(&request).unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = ActionList::new();
    let mut steps = 0;
    while !m.state().is_over() && steps < 5000 {
        let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
        let other = seat.left(1, players);
        for lang in [Lang::Fr, Lang::En] {
            let words = Words::new(lang, &names[..players], Some(seat));
            for &choice in legal.iter() {
                let text = Gum::describe_action(choice, &words);
                check(&text, lang, Some(seat), players, "action", false);
            }
            for reader in [Some(seat), Some(other), None] {
                let words = Words::new(lang, &names[..players], reader);
                check(&Gum::render_view(&m.state().view(reader), &words), lang, reader, players, "table", false);
            }
        }
        let events = m.act_parsed(seat, action).unwrap();
        for event in &events {
            for lang in [Lang::Fr, Lang::En] {
                for reader in [Some(seat), Some(other), None] {
                    let words = Words::new(lang, &names[..players], reader);
                    check(&Gum::describe_event(event, &words), lang, reader, players, "event", true);
                }
            }
        }
        steps += 1;
    }
    for lang in [Lang::Fr, Lang::En] {
        for reader in Seat::all(players).map(Some).chain([None]) {
            let words = Words::new(lang, &names[..players], reader);
            check(&Gum::render_view(&m.state().view(reader), &words), lang, reader, players, "final table", false);
        }
    }
}

#[test]
fn random_matches_read_right() {
    let variants: Vec<(usize, Map<String, Value>)> = vec![
        (2, opts(&[])),
        (3, opts(&[("games", json!(2)), ("dealer", json!("loser"))])),
        (4, opts(&[("complete_pair_burn", json!(true)), ("ninja_interrupt", json!(true))])),
        (5, opts(&[("table_play", json!("shithead")), ("play_to_last", json!(true))])),
        (6, opts(&[("max_players", json!(6)), ("king_optional", json!(true)), ("burn_replays", json!(true))])),
        (
            4,
            opts(&[
                ("four_in_a_row_burn", json!(true)),
                ("voluntary_pickup", json!(true)),
                ("ninja_mode", json!("reset")),
            ]),
        ),
    ];
    for (i, (players, options)) in variants.into_iter().enumerate() {
        for seed in 0..8 {
            check_match(players, options.clone(), 1000 * i as u64 + seed);
        }
    }
}

#[test]
fn the_rules_read_right() {
    for lang in [Lang::Fr, Lang::En] {
        let text = Gum::rules_text(lang);
        // The rules are read by people, in the browser as in the terminal: no notation
        // (`give <seat>`), and the typography of their language.
        for line in text.lines() {
            if let Some(why) = bad_form(line, lang, Some(Seat(9)), 0) {
                panic!("rules in {}: {why}\n{line}", lang_name(lang));
            }
        }
    }
}

/// The checks above fail on the texts this game used to write.
#[test]
fn the_old_bad_forms_are_caught() {
    let fr = |text: &str, reader| bad_form(text, Lang::Fr, reader, 4).is_some();
    let en = |text: &str, reader| bad_form(text, Lang::En, reader, 4).is_some();
    assert!(fr("Le joueur 0 pose 5.", None));
    assert!(en("Player 0 plays 5.", None));
    assert!(fr("Le joueur 0 a posé un 13 : à qui donne-t-il le tas ?", Some(Seat(0))));
    assert!(fr("Alice a posé un 13\u{a0}: à qui donne-t-elle le tas\u{a0}?", Some(Seat(0))));
    assert!(fr("Alice prend en main sa carte cachée n°\u{a0}2.", Some(Seat(0))));
    assert!(fr("> Joueur 0: main 3 | visibles 2 6 11", Some(Seat(0))));
    assert!(fr("Partie terminée. Gagnant(s)\u{a0}: Alice", None));
    assert!(fr("Fin de la partie 1\u{a0}: points [1, 0], scores [1, 0].", None));
    assert!(en("Pile : empty", None));
    assert!(en("Ada draws 1 cards.", None));
    assert!(en("Ada plays a 8.", None));
    assert!(en("Ada plays an 7.", None));
    assert!(en("Ada takes his face-up 7 into his hand.", None));
    assert!(fr("Ada pose une 7.", None));
    assert!(fr("Ada pioche 1 cartes.", None));
    assert!(fr("Règle « shithead »\u{a0}: main vide.", None));
    assert!(fr("Ada ramasse le tas (0 cartes).", None));
    assert!(en("Ada is ready.", Some(Seat(1))));
    assert!(!en("Ada is ready.", Some(Seat(0))));
    assert!(!fr("Ada vous donne le tas.", Some(Seat(0))));
    assert!(fr("Ada vous donne le tas.", None));
}
