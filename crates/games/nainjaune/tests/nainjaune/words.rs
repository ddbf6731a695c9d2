//! Le Nain Jaune's words: every event and action kind and the table pinned in French and English
//! (insta snapshots under `tests/snapshots/`), for the seat concerned, another seat and a shared
//! log; and seeded random matches checked against the known bad forms in both languages.

use serde_json::{Map, Value, json};
use tapis_core::kit;
use tapis_core::kit::scenario;
use tapis_core::{
    ActionList, BySeat, CardSet, Game, GameRng, Lang, Match, MatchRequest, Seat, SeatSet, Wording, Words,
};
use tapis_nainjaune::{Action, Board, Cell, EndReason, Event, FrenchCardSet, NainJaune, NewRunReason};

const NAMES: [&str; 8] = ["Alice", "Ada", "Blaise", "Zoé", "Ulysse", "Hugo", "Inès", "Omar"];

fn names(players: usize) -> Vec<String> {
    NAMES[..players].iter().map(|n| n.to_string()).collect()
}

fn options(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn cards(list: &str) -> FrenchCardSet {
    let mut set = CardSet::default();
    for card in list.split_whitespace() {
        set.insert(card.parse::<tapis_core::FrenchCard>().unwrap().index());
    }
    FrenchCardSet(set)
}

fn chips(list: &[u32]) -> BySeat<u32> {
    BySeat::from_fn(list.len(), |s| list[s.index()])
}

fn seats(list: &[u8]) -> SeatSet {
    list.iter().map(|&s| Seat(s)).collect()
}

/// One representative event of every kind (and the forms each kind takes), with the seats it
/// concerns: the first is the seat the reader is, the second another one.
/// Every kind of event, each with the seat it concerns and another seat (each also read with no
/// reader, as a shared log), a comment naming the case.
fn every_event() -> Vec<(Event, Seat, Seat)> {
    let (s0, s1, s2, s3) = (Seat(0), Seat(1), Seat(2), Seat(3));
    let held = chips(&[106, 145, 115, 114]);
    vec![
        // round_started
        (
            Event::RoundStarted {
                round: 2,
                dealer: s0,
                leader: s1,
                cards_each: 12,
                aside: 4,
                board: Board([8, 16, 24, 32, 40]),
            },
            s0,
            s2,
        ),
        // round_started (the leader)
        (
            Event::RoundStarted { round: 1, dealer: s0, leader: s1, cards_each: 12, aside: 4, board: Board::default() },
            s1,
            s2,
        ),
        // dealt
        (Event::Dealt { seat: s1, hand: cards("AS 7D TD JC QS KH 2H 3D 4C 9S TH KC") }, s1, s2),
        // played
        (Event::Played { seat: s1, card: "QH".parse().unwrap() }, s1, s2),
        // collected
        (Event::Collected { seat: s1, cell: Cell::ALL[1], chips: 8 }, s1, s2),
        // claim_missed
        (Event::ClaimMissed { seat: s1, cell: Cell::ALL[2] }, s1, s2),
        // stopped
        (Event::Stopped { seat: s1, missing: 13 }, s1, s2),
        // stopped (an 8)
        (Event::Stopped { seat: s1, missing: 8 }, s1, s2),
        // passed
        (Event::Passed { seat: s1, rank: 12 }, s1, s2),
        // passed (an 8)
        (Event::Passed { seat: s1, rank: 8 }, s1, s2),
        // new_run (king)
        (Event::NewRun { seat: s1, reason: NewRunReason::King }, s1, s2),
        // new_run (nobody answered)
        (Event::NewRun { seat: s1, reason: NewRunReason::NobodyAnswered }, s1, s2),
        // went_out
        (Event::WentOut { seat: s1 }, s1, s2),
        // paid (the payer)
        (Event::Paid { seat: s1, to: s2, chips: 3, owed: 3 }, s1, s3),
        // paid (the one paid)
        (Event::Paid { seat: s1, to: s2, chips: 1, owed: 1 }, s2, s3),
        // paid (short)
        (Event::Paid { seat: s1, to: s2, chips: 2, owed: 5 }, s1, s2),
        // paid (nothing left)
        (Event::Paid { seat: s1, to: s2, chips: 0, owed: 4 }, s1, s2),
        // doubled
        (Event::Doubled { seat: s1, cell: Cell::ALL[3], chips: 16, owed: 16 }, s1, s2),
        // doubled (short)
        (Event::Doubled { seat: s1, cell: Cell::ALL[3], chips: 12, owed: 16 }, s1, s2),
        // doubled (nothing left)
        (Event::Doubled { seat: s1, cell: Cell::ALL[0], chips: 0, owed: 4 }, s1, s2),
        // grand_opera
        (Event::GrandOpera { seat: s1, chips: 60 }, s1, s2),
        // round_over
        (Event::RoundOver { round: 1, winner: s1, chips: held, board: Board::default() }, s1, s2),
        // match_over (cannot pay)
        (Event::MatchOver { winners: seats(&[1]), chips: held, reason: EndReason::CannotPay }, s1, s2),
        // match_over (cannot stake, shared)
        (Event::MatchOver { winners: seats(&[1, 2]), chips: held, reason: EndReason::CannotStake }, s1, s3),
        // match_over (rounds played, three share)
        (Event::MatchOver { winners: seats(&[0, 1, 3]), chips: held, reason: EndReason::RoundsPlayed }, s3, s2),
    ]
}

fn every_action() -> Vec<Action> {
    vec![
        Action::Play("7D".parse().unwrap()),
        Action::Play("QS".parse().unwrap()),
        Action::Play("TH".parse().unwrap()),
        Action::Stop,
        Action::Pass,
        Action::Claim,
    ]
}

fn listing(lang: Lang) -> String {
    let events: Vec<(Event, Vec<Option<Seat>>)> = every_event()
        .into_iter()
        .map(|(event, concerned, other)| (event, vec![Some(concerned), Some(other), None]))
        .collect();
    scenario::words_listing::<NainJaune>(lang, &names(4), &events, &every_action(), Seat(1))
}

#[test]
fn every_event_and_action_in_both_languages() {
    tapis_core::assert_words_snapshots!(listing);
}

// ----- the table -----

fn start(players: usize, opts: Value, deal: Value) -> Match<NainJaune> {
    let request = MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal: Some(deal) };
    Match::new(&request).unwrap()
}

fn acts(game: &mut Match<NainJaune>, seat: u8, texts: &[&str]) {
    for text in texts {
        game.act(Seat(seat), text).unwrap_or_else(|e| panic!("seat {seat} '{text}' refused: {e}"));
    }
}

fn deal(hands: [&str; 4], aside: &str) -> Value {
    let split = |list: &str| list.split_whitespace().map(String::from).collect::<Vec<_>>();
    json!({"hands": hands.map(split), "aside": split(aside)})
}

/// §4.8's worked example (seat 3 deals, seat 0 leads).
fn worked_example() -> Value {
    deal(
        [
            "AS 2S 3S 4S 5S 6S 7S 7H 8S KH AD 2C",
            "AH 2D 3D 4D 5D 6D 7C 9D TC JD QC KC",
            "8H 9S TS JS QH KS 8D AC 3C 4C 5C 6C",
            "9H TH JH QD KD 2H 3H 4H 5H 6H 8C 9C",
        ],
        "TD JC QS 7D",
    )
}

/// Seat 0 can go out alone on R♥ (all four 7s aside).
fn going_out() -> Value {
    deal(
        [
            "AS 2S 3S 4S 5S 6S 8S 9S TS JS QH KH",
            "TD JC AH 2H 3H 4H 5H 6H 8H 9H TH JH",
            "QS KS AD 2D 3D 4D 5D 6D 8D 9D JD QD",
            "KD AC 2C 3C 4C 5C 6C 8C 9C TC QC KC",
        ],
        "7S 7H 7C 7D",
    )
}

/// Seat 0 leads 7♦ and stops; the other 8s are aside, so « Sans 8 ! » goes round while seat 0
/// may still claim the 7♦ cell.
fn claim_window() -> Value {
    deal(
        [
            "7D 8S AS 2S 3S 4S 5S 6S 9S TS JS QS",
            "KS AH 2H 3H 4H 5H 6H 7H 9H TH JH QH",
            "KH AD 2D 3D 4D 5D 6D 9D TD JD QD KD",
            "AC 2C 3C 4C 5C 6C 7C 9C TC JC QC KC",
        ],
        "8H 8D 8C 7S",
    )
}

/// The worked example's round (P2 goes out), then the match is over after one round.
fn play_worked_example(game: &mut Match<NainJaune>) {
    acts(game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    acts(game, 1, &["pass"]);
    acts(game, 2, &["play 8H", "play 9S", "play TS", "play JS", "play QH", "play KS", "play 8D", "stop"]);
    acts(game, 3, &["play 9H", "play TH", "play JH", "play QD", "play KD"]);
    acts(game, 3, &["play 2H", "play 3H", "play 4H", "play 5H", "play 6H", "stop"]);
    acts(game, 0, &["play 7H", "play 8S", "stop"]);
    acts(game, 1, &["play 9D", "play TC", "play JD", "play QC", "play KC"]);
    acts(game, 1, &["play AH", "play 2D", "play 3D", "play 4D", "play 5D", "play 6D", "play 7C"]);
}

fn render(game: &Match<NainJaune>, lang: Lang, seat: Option<u8>) -> String {
    let names = names(game.state().players());
    let seat = seat.map(Seat);
    NainJaune::render_view(&game.state().view(seat), &Words::new(lang, &names, seat))
}

fn reader_label(names: &[String], reader: Option<Seat>) -> String {
    reader.map_or("shared log".to_string(), |s| format!("read by {}", names[s.index()]))
}

fn tables(lang: Lang) -> String {
    let mut out = String::new();
    let mut show = |title: &str, game: &Match<NainJaune>, seat: Option<u8>| {
        let names = names(game.state().players());
        out.push_str(&format!("=== {title}, {} ===\n", reader_label(&names, seat.map(Seat))));
        out.push_str(&render(game, lang, seat));
        out.push('\n');
    };
    let mut game = start(4, json!({}), worked_example());
    show("the first lead", &game, Some(0));
    show("the first lead", &game, None);
    acts(&mut game, 0, &["play AS"]);
    show("a run going on", &game, Some(0));
    acts(&mut game, 0, &["play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    acts(&mut game, 1, &["pass"]);
    show("called on a rank, after a pass", &game, Some(2));
    let mut game = start(4, json!({"manual_claim": true}), going_out());
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "stop"]);
    acts(&mut game, 1, &["pass"]);
    acts(&mut game, 2, &["pass"]);
    acts(&mut game, 3, &["pass"]);
    acts(&mut game, 0, &["play 8S", "play 9S", "play TS", "play JS", "play QH", "play KH"]);
    show("going out on a board card", &game, Some(0));
    let mut game = start(4, json!({"manual_claim": true}), claim_window());
    acts(&mut game, 0, &["play 7D", "stop"]);
    show("a claim window", &game, Some(0));
    show("a claim window", &game, Some(1));
    let mut game = start(4, json!({"rounds": 1}), worked_example());
    play_worked_example(&mut game);
    show("the end", &game, Some(1));
    show("the end", &game, None);
    out
}

#[test]
fn the_table_in_french() {
    insta::assert_snapshot!("tables_fr", tables(Lang::Fr));
}

#[test]
fn the_table_in_english() {
    insta::assert_snapshot!("tables_en", tables(Lang::En));
}

// ----- the bad forms -----

/// A word without the punctuation around it.
fn bare(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Every bad form found in `text`, written in `lang` with seats named: the kit's, and those of
/// Le Nain Jaune's own words.
fn bad_forms(text: &str, lang: Lang) -> Vec<String> {
    let mut bad = scenario::bad_forms(text, lang);
    let mut flag = |what: &str| bad.push(what.to_string());
    let lower = text.to_lowercase();
    let words: Vec<&str> = text.split(char::is_whitespace).filter(|w| !w.is_empty()).collect();
    // Articles before a vowel sound.
    for pair in words.windows(2) {
        let (article, next) = (pair[0], bare(pair[1]));
        let vowel =
            next.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u', '8']) || next == "11" || next == "18";
        match (lang, article) {
            (Lang::En, "a" | "A") if vowel => flag(&format!("« a {next} »")),
            (Lang::En, "an" | "An") if !vowel => flag(&format!("« an {next} »")),
            _ => {}
        }
    }
    // The call names its rank in French: « Sans Roi ! », “Sans Roi!”.
    for pair in words.windows(2) {
        if bare(pair[0]) == "Sans" && ["Ace", "Jack", "Queen", "King"].contains(&bare(pair[1])) {
            flag(&format!("« Sans {} »", bare(pair[1])));
        }
    }
    // Seats by name, never by number.
    for word in ["seat", "place "] {
        if lower.contains(word) {
            flag(word);
        }
    }
    for pair in words.windows(2) {
        if ["joueurs", "players"].contains(&pair[0].to_lowercase().as_str()) && pair[1].starts_with(char::is_numeric) {
            flag(&format!("« {} {} »", pair[0], pair[1]));
        }
    }
    // No notation in sentences.
    for leak in ["(play", "(stop)", "(pass)", "(claim)", "|", "play <"] {
        if text.contains(leak) {
            flag(&format!("notation {leak}"));
        }
    }
    for word in &words {
        let word = bare(word);
        let notation = word.len() == 2 && word.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if notation && word.parse::<tapis_core::FrenchCard>().is_ok() {
            flag(&format!("a card in notation « {word} »"));
        }
    }
    // Nobody is « il » or « elle »: names, or « vous ».
    if lang == Lang::Fr && words.iter().any(|w| ["il", "Il", "elle", "Elle"].contains(&bare(w))) {
        flag("il / elle");
    }
    // "You" takes the verb of the second person: "you play", never "you plays".
    if lang == Lang::En {
        for pair in words.windows(2) {
            let next = bare(pair[1]);
            if ["you", "You"].contains(&bare(pair[0]))
                && next.ends_with('s')
                && next.chars().all(char::is_alphabetic)
                && !["pass"].contains(&next)
            {
                flag(&format!("« {} {next} »", pair[0]));
            }
        }
    }
    bad
}

/// An event is a sentence: a capital (or a call) first, a full stop (or the call's end) last.
fn is_sentence(text: &str) -> bool {
    let first = text.chars().next().is_some_and(|c| c.is_uppercase() || c == '«' || c == '“');
    let last = text.ends_with(['.', '»', '”', ')']);
    first && last
}

fn check(text: &str, lang: Lang, what: &str, failures: &mut Vec<String>) {
    for bad in bad_forms(text, lang) {
        if failures.len() < 40 {
            failures.push(format!("{what}: {bad} in {text:?}"));
        }
    }
}

/// The old texts fail the check: it is strict enough to catch what the issue found.
#[test]
fn the_check_catches_the_old_forms() {
    let old_fr = [
        "le joueur 0 s'arrête : « Sans Dame ! »",
        "Au joueur 1 de poser ce rang",
        "Ada pose Q♠.",
        "Ada pioche 1 carte(s).",
        "Ada : « J'arrête ! » (il a posé sa dernière carte)",
        "Ada a un Dame.",
        "Vous avez « » en main.",
        "Ada pose 7♥ (play 7H).",
    ];
    for text in old_fr {
        assert!(!bad_forms(text, Lang::Fr).is_empty(), "{text}");
    }
    let old_en = [
        "seat 0 stops: « Sans King ! » (no King: the next seats are called on that rank)",
        "Ada stops: “Sans King!”",
        "Ada has 1 cards.",
        "Ada demands a 8.",
        "Ada holds a Ace.",
        "Ada wants a hearts.",
        "You : 3 chips",
        "Pile : 7♥",
        "You plays 7♥.",
        "Player 3 plays 7♥.",
        "seat 2: « J'arrête ! » (he has laid his last card)",
        "Ada plays “”.",
        "Ada plays 7H.",
    ];
    for text in old_en {
        assert!(!bad_forms(text, Lang::En).is_empty(), "{text}");
    }
    assert!(bad_forms("Ada pose D♠.", Lang::Fr).is_empty());
    assert!(bad_forms("Ada s’arrête et annonce «\u{a0}Sans Roi\u{a0}!\u{a0}»", Lang::Fr).is_empty());
    assert!(bad_forms("Ada stops and calls “Sans Roi!” (without a King).", Lang::En).is_empty());
}

#[test]
fn every_text_of_the_pinned_kinds_is_clean() {
    let mut failures = Vec::new();
    for lang in [Lang::Fr, Lang::En] {
        let names = names(4);
        for (event, concerned, other) in every_event() {
            let kind = serde_json::to_string(&event).unwrap();
            for reader in [Some(concerned), Some(other), None] {
                let text = NainJaune::describe_event(&event, &Words::new(lang, &names, reader));
                check(&text, lang, &kind, &mut failures);
                assert!(is_sentence(&text), "{kind}: not a sentence: {text:?}");
            }
        }
        for action in every_action() {
            let text = NainJaune::describe_action(action, &Words::new(lang, &names, Some(Seat(1))));
            check(&text, lang, "action", &mut failures);
        }
        check(&tables(lang), lang, "table", &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Seeded random matches of every size and option set: every event told to the seat concerned,
/// to another seat and to the shared log, every action offered and the table as the mover and a
/// spectator see it, in both languages, against the bad forms.
#[test]
fn no_bad_forms_in_random_matches() {
    let sets = [
        (2, json!({"two_players": true, "capital": 30})),
        (3, json!({"capital": 30, "manual_claim": true})),
        (4, json!({"capital": 30, "payment": "card_points"})),
        (4, json!({"capital": 30, "grand_opera": "first_turn", "follow_optional": true})),
        (5, json!({"capital": 30, "settlement_order": "sweep_before_doubling"})),
        (6, json!({"capital": 30, "manual_claim": true, "rounds": 3})),
        (8, json!({"capital": 45})),
    ];
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut legal = ActionList::new();
    for (players, opts) in sets {
        let names = names(players);
        for seed in 0..6 {
            let request = MatchRequest { players, seed, dealer: None, options: options(opts.clone()), deal: None };
            let mut game = Match::<NainJaune>::new(&request).unwrap_or_else(|e| panic!("{opts}: {e}"));
            let mut rng = GameRng::seed_from_u64(seed);
            while !game.state().is_over() {
                let (seat, action) = kit::random_choice(game.state(), &mut rng, &mut legal);
                let offered: Vec<Action> = legal.iter().copied().collect();
                let view = game.state().view(Some(seat));
                let spectator = game.state().view(None);
                let events = game.act_parsed(seat, action).unwrap();
                for lang in [Lang::Fr, Lang::En] {
                    let mine = Words::new(lang, &names, Some(seat));
                    for &choice in &offered {
                        check(&NainJaune::describe_action(choice, &mine), lang, "action", &mut failures);
                    }
                    check(&NainJaune::render_view(&view, &mine), lang, "table", &mut failures);
                    let shared = Words::new(lang, &names, None);
                    check(&NainJaune::render_view(&spectator, &shared), lang, "spectator's table", &mut failures);
                    for event in &events {
                        let other = Seat(((seat.index() + 1) % players) as u8);
                        for reader in [Some(seat), Some(other), None] {
                            let text = NainJaune::describe_event(event, &Words::new(lang, &names, reader));
                            if !is_sentence(&text) && failures.len() < 40 {
                                failures.push(format!("not a sentence: {text:?}"));
                            }
                            check(&text, lang, "event", &mut failures);
                        }
                        let kind = serde_json::to_value(event).unwrap()["type"].as_str().unwrap().to_string();
                        seen.insert(kind);
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let kinds = [
        "round_started",
        "dealt",
        "played",
        "collected",
        "claim_missed",
        "stopped",
        "passed",
        "new_run",
        "went_out",
        "paid",
        "doubled",
        "round_over",
        "match_over",
    ];
    for kind in kinds {
        assert!(seen.contains(kind), "no {kind} event in the random matches: {seen:?}");
    }
}

/// The rules in brief: French typography in French, the calls in English quotation marks in
/// English, the call's rank in French in both.
#[test]
fn the_rules_text_is_typeset_for_its_language() {
    let fr = NainJaune::rules_text(Lang::Fr);
    let en = NainJaune::rules_text(Lang::En);
    for punctuation in [" :", " ;", " !", " ?", "« ", " »", "'"] {
        assert!(!fr.contains(punctuation), "« {punctuation} » in the French rules");
    }
    assert!(fr.contains("«\u{a0}Sans Dame\u{a0}!\u{a0}»"), "{fr}");
    for punctuation in ["«", "»", " :", " ;", " !", " ?"] {
        assert!(!en.contains(punctuation), "« {punctuation} » in the English rules");
    }
    assert!(en.contains("“Sans Dame!” (without a Queen)"), "{en}");
}
