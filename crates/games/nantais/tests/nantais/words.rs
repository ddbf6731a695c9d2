//! Le 8 Nantais in words: every event kind and every action kind in French and English, for the
//! seat concerned, another seat and a shared log (snapshots), a few tables as the terminal draws
//! them, and many seeded random matches checked against the known bad forms.

use super::parse_card;
use serde_json::{Map, Value, json};
use std::fmt::Write;
use tapis_core::kit;
use tapis_core::kit::scenario::{self, act, has_word};
use tapis_core::{
    ActionList, BySeat, FrenchCard, Game, GameRng, Lang, Match, MatchRequest, Rank, Seat, SeatSet, Suit, Wording, Words,
};
use tapis_nantais::{Action, Event, Nantais, PenaltyReason, Phase, View};

const NAMES: [&str; 10] = ["Alice", "Ada", "Blaise", "Chloé", "Émile", "Hugo", "Inès", "Jules", "Karim", "Léa"];

fn names(players: usize) -> Vec<String> {
    NAMES[..players].iter().map(|s| s.to_string()).collect()
}

fn cards(text: &str) -> Vec<FrenchCard> {
    text.split_whitespace().map(parse_card).collect()
}

fn options(given: Value) -> Map<String, Value> {
    given.as_object().cloned().unwrap_or_default()
}

fn lang_name(lang: Lang) -> &'static str {
    lang.pick("fr", "en")
}

fn reader_name(names: &[String], reader: Option<Seat>) -> String {
    match reader {
        Some(seat) => format!("{} (seat {seat})", names[seat.index()]),
        None => "everyone".to_string(),
    }
}

// ----- every event kind, every action kind -----

/// One of each event kind, with the variants that change the words. Seat 1 (Ada) acts, seat 2
/// (Blaise) is the other party; seat 3 (Chloé) only watches.
fn every_event() -> Vec<Event> {
    let (ada, blaise) = (Seat(1), Seat(2));
    let both = SeatSet::single(ada).with(blaise);
    let by = |values: &[i64]| BySeat::from_fn(values.len(), |s| values[s.index()]);
    vec![
        Event::RoundDealt { round: 2, dealer: ada, starter: parse_card("QS") },
        Event::Dealt { seat: ada, hand: cards("AS 2S KS TD JC X") },
        Event::Played { seat: ada, card: parse_card("QH") },
        Event::Played { seat: ada, card: parse_card("X") },
        Event::Drew { seat: ada, cards: 1 },
        Event::Drew { seat: ada, cards: 0 },
        Event::DrewCard { seat: ada, card: parse_card("TS") },
        Event::Penalty { seat: ada, cards: 4, reason: PenaltyReason::Sevens },
        Event::Penalty { seat: ada, cards: 1, reason: PenaltyReason::Jokers },
        Event::Penalty { seat: ada, cards: 0, reason: PenaltyReason::Jokers },
        Event::Penalty { seat: ada, cards: 2, reason: PenaltyReason::Contre },
        Event::PenaltyCards { seat: ada, cards: cards("AS KD"), reason: PenaltyReason::Contre },
        Event::PenaltyCards { seat: ada, cards: cards("JC"), reason: PenaltyReason::Sevens },
        Event::Reshuffled { cards: 23 },
        Event::Reshuffled { cards: 1 },
        Event::SuitNamed { seat: ada, suit: Suit::Hearts },
        Event::RankDemanded { seat: ada, rank: Rank::from_letter('8').unwrap() },
        Event::RankDemanded { seat: ada, rank: Rank::from_letter('Q').unwrap() },
        Event::RankDemanded { seat: ada, rank: Rank::from_letter('A').unwrap() },
        Event::RankDemanded { seat: ada, rank: Rank::from_letter('K').unwrap() },
        Event::CardDemanded { seat: ada, card: parse_card("QS") },
        Event::CardDemanded { seat: ada, card: parse_card("AH") },
        Event::Passed { seat: ada },
        Event::Skipped { seat: ada },
        Event::Reversed { clockwise: false },
        Event::Reversed { clockwise: true },
        Event::Unique { seat: ada, automatic: false },
        Event::Unique { seat: ada, automatic: true },
        Event::Contre { seat: ada, against: blaise },
        Event::SwapOffered { seat: ada, target: blaise },
        Event::Offered { seat: ada, target: blaise, card: parse_card("2C") },
        Event::Swapped { seat: ada, target: blaise, asked: None },
        Event::Swapped { seat: ada, target: blaise, asked: Some(parse_card("JD")) },
        Event::Exchanged { seat: ada, with: blaise, gave: parse_card("9D"), got: parse_card("QC") },
        Event::AskFailed { seat: ada, target: blaise, asked: parse_card("KH") },
        Event::AskFailed { seat: ada, target: blaise, asked: parse_card("X") },
        Event::SwapDeclined { seat: ada },
        Event::HandsShown { hands: vec![vec![], cards("KH 8D AH"), cards("X"), cards("2C 3C")] },
        Event::RoundWon {
            round: 1,
            winners: SeatSet::single(ada),
            blocked: false,
            round_scores: by(&[0, 1, 0, 0]),
            scores: by(&[2, 1, 0, 1]),
        },
        Event::RoundWon {
            round: 3,
            winners: SeatSet::single(ada),
            blocked: true,
            round_scores: by(&[0, 1, 0, 0]),
            scores: by(&[2, 3, 0, 1]),
        },
        Event::RoundWon {
            round: 4,
            winners: both,
            blocked: true,
            round_scores: by(&[0, 1, 1, 0]),
            scores: by(&[2, 2, 1, 1]),
        },
        Event::RoundWon {
            round: 2,
            winners: SeatSet::single(ada),
            blocked: false,
            round_scores: by(&[12, 0, 33, 1]),
            scores: by(&[-40, -7, -103, -1]),
        },
        Event::MatchWon { winners: SeatSet::single(ada) },
        Event::MatchWon { winners: both },
    ]
}

/// Every action kind, with the variants that change the words, in the game's order for ranks.
fn every_action() -> Vec<Action> {
    let mut ranks: Vec<Rank> = Rank::ALL.to_vec();
    ranks.sort_by_key(|&r| tapis_nantais::cards::suite_order(r));
    let mut all = vec![
        Action::Play(parse_card("7H")),
        Action::Play(parse_card("QS")),
        Action::Play(parse_card("TD")),
        Action::Play(parse_card("X")),
        Action::End,
    ];
    all.extend(Suit::ALL.map(Action::Suit));
    all.extend(ranks.into_iter().map(Action::Rank));
    all.extend([
        Action::Draw,
        Action::Pass,
        Action::Unique,
        Action::Contre(Seat(2)),
        Action::Contre(Seat(0)),
        Action::Swap(Seat(2), parse_card("KC")),
        Action::NoSwap,
        Action::Ask(parse_card("JD")),
        Action::Give(parse_card("AS")),
    ]);
    all
}

/// Seat 1 (Ada) acts and is offered the actions, seat 2 (Blaise) is the other party, seat 3
/// (Chloé) only watches.
fn listing(lang: Lang) -> String {
    let readers = vec![Some(Seat(1)), Some(Seat(2)), Some(Seat(3)), None];
    let events: Vec<(Event, Vec<Option<Seat>>)> = every_event().into_iter().map(|e| (e, readers.clone())).collect();
    scenario::words_listing::<Nantais>(lang, &names(4), &events, &every_action(), Seat(1))
}

#[test]
fn every_event_and_action_in_both_languages() {
    tapis_core::assert_words_snapshots!(listing);
}

// ----- tables as the terminal draws them -----

fn table(hands: &[&str], discard: &str, opts: Value) -> Match<Nantais> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    let refs: Vec<&[&str]> = hands.iter().map(|h| h.as_slice()).collect();
    let discard: Vec<&str> = discard.split_whitespace().collect();
    let deal = tapis_nantais::Deal::with_rest_in_stock(&refs, &discard);
    let request = MatchRequest {
        players: hands.len(),
        seed: 7,
        dealer: None,
        options: options(opts),
        deal: Some(serde_json::to_value(&deal).unwrap()),
    };
    Match::new(&request).expect("the deal is accepted")
}

fn views(m: &Match<Nantais>, title: &str, out: &mut String) {
    let names = names(m.state().players());
    for lang in [Lang::Fr, Lang::En] {
        for reader in [Some(Seat(0)), Some(Seat(1)), None] {
            let words = Words::new(lang, &names, reader);
            let text = Nantais::render_view(&m.state().view(reader), &words);
            let _ = writeln!(out, "## {title}, {}, {}\n{text}", lang_name(lang), reader_name(&names, reader));
        }
    }
}

#[test]
fn tables_in_words() {
    let mut out = String::new();
    // The start of a turn on a 10♠, then a Joker chain pending.
    let mut m = table(&["TS TH AD 7D QH X", "9S 4H KD 7C X", "2S 9H 5D"], "QS", json!({}));
    views(&m, "a turn starts", &mut out);
    act(&mut m, 0, "play X");
    act(&mut m, 0, "end");
    act(&mut m, 0, "suit D");
    views(&m, "a Joker chain is pending", &mut out);
    // A King's demand, and a player with one card who announced it.
    let mut m = table(&["KS 4H", "9S 4D", "2S 9H 5D"], "5S", json!({}));
    act(&mut m, 0, "play KS");
    act(&mut m, 0, "unique");
    act(&mut m, 0, "end");
    act(&mut m, 0, "rank Q");
    views(&m, "a King demands a Queen", &mut out);
    // A Dame exchange in `named` mode, as the target waits for the card asked.
    let mut m = table(&["QS 2C 3C", "2H 9D", "4D TD"], "5S", json!({"queen_swap": true, "queen_swap_mode": "named"}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    views(&m, "Alice asks Ada for a card", &mut out);
    // `target_chooses`: Ada chooses the card she gives back.
    let mut m =
        table(&["QS 2C 3C", "2H 9D", "4D TD"], "5S", json!({"queen_swap": true, "queen_swap_mode": "target_chooses"}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    views(&m, "Ada gives a card back to Alice", &mut out);
    // The end of a match, with penalty points.
    let mut m = table(&["5H", "2D 3D", "KC 6C"], "5S", json!({"scoring": "penalty_points", "penalty_limit": 1}));
    act(&mut m, 0, "unique");
    act(&mut m, 0, "play 5H");
    views(&m, "the match is over", &mut out);
    insta::assert_snapshot!("tables", out);
}

// ----- the bad forms, over many seeded random matches -----

/// What is wrong with `text` (empty when nothing is), as written in `lang` for a table whose
/// seats all have names: the kit's bad forms, and those of Le 8 Nantais's own words.
fn bad_forms(text: &str, lang: Lang) -> Vec<String> {
    let mut bad = scenario::bad_forms(text, lang);
    let mut flag = |wrong: bool, what: &str| {
        if wrong {
            bad.push(what.to_string());
        }
    };
    flag(text.trim().is_empty(), "empty text");
    flag(has_word(text, "1 penalty cards"), "1 cards");
    // Notation leaking into sentences: `(play 7H|…)`, `play 7H`, `contre 2`.
    flag(text.contains('|'), "notation |");
    let lower = text.to_lowercase();
    for verb in ["play", "suit", "rank", "contre", "swap", "ask", "give", "draw", "pass", "end", "unique", "noswap"] {
        let leaked = lower.match_indices(verb).any(|(i, _)| {
            let rest = &text[i + verb.len()..];
            let token = rest.strip_prefix(' ').map(|r| r.split([' ', ')', '|', ',', '.', ']']).next().unwrap_or(""));
            let notation = |t: &str| {
                let b = t.as_bytes();
                t == "X"
                    || (b.len() == 2 && b"23456789TJQKA".contains(&b[0]) && b"SHDC".contains(&b[1]))
                    || (matches!(verb, "contre" | "swap") && !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit()))
            };
            let bracketed = text[..i].ends_with('(') || text[..i].ends_with('[') || text[..i].ends_with('`');
            lower[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric())
                && lower[i + verb.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())
                && (token.is_some_and(notation) || bracketed)
        });
        flag(leaked, "notation in a sentence");
    }
    // Elision before a name or a vowel.
    if lang == Lang::Fr {
        for wrong in ["de As", "de Ada", "que Ada", "que Émile"] {
            flag(has_word(text, wrong), wrong);
        }
    }
    match lang {
        Lang::En => {
            flag(text.contains("UNIQUE »") || text.contains("Sans"), "French words in English");
            for fr in ["pose", "pioche", "carte", "manche", "Dame :"] {
                flag(has_word(text, fr), "French word in English");
            }
        }
        Lang::Fr => {
            flag(has_word(text, "graine"), "seed");
            for en in ["Queen", "King", "Jack", "Ace", "Seat", "the ", "draws", "plays"] {
                flag(text.contains(en), "English word in French");
            }
        }
    }
    bad
}

fn check(text: &str, lang: Lang, context: &dyn Fn() -> String, failures: &mut Vec<String>) {
    for what in bad_forms(text, lang) {
        if failures.len() < 40 {
            failures.push(format!("{what}: {text:?} ({})", context()));
        }
    }
}

#[test]
fn the_bad_forms_are_caught() {
    // The old texts of this game, and the forms the issue lists: each must be caught.
    for (text, lang) in [
        ("Seat 1 draws 1 cards.", Lang::En),
        ("Le siège 1 pose 7♥.", Lang::Fr),
        ("Seat 2 demands a 8.", Lang::En),
        ("a hearts or a Ace (or an 8, a Joker)", Lang::En),
        ("Le siège 0 : « CONTRE UNIQUE » contre le siège 1 !", Lang::Fr),
        ("un Dame (valeur demandée par un Roi)", Lang::Fr),
        ("Ada pioche 1 carte(s).", Lang::Fr),
        ("You : 7 cards", Lang::En),
        ("Pile : 3 cards", Lang::En),
        ("Ada pose Q♠.", Lang::Fr),
        ("Ada pose D♠ (play 1|2|3).", Lang::Fr),
        ("Ada : « »", Lang::Fr),
        ("Manche 1 : Ada distribue.", Lang::Fr),
        ("Player 3 wins the match!", Lang::En),
        ("la seed 7", Lang::Fr),
        ("Ada n'a rien à piocher.", Lang::Fr),
        ("poser une carte de Ada", Lang::Fr),
    ] {
        assert!(!bad_forms(text, lang).is_empty(), "not caught: {text:?}");
    }
    for (text, lang) in [
        ("Ada pioche 1 carte.", Lang::Fr),
        ("Manche\u{a0}1\u{a0}: Ada distribue\u{a0}; la défausse commence par D♠.", Lang::Fr),
        ("Ada says «\u{a0}UNIQUE\u{a0}»", Lang::Fr),
        ("You play 10♦.", Lang::En),
        ("Ada demands an 8.", Lang::En),
    ] {
        let bad = bad_forms(text, lang);
        assert!(
            bad.is_empty() || bad.iter().all(|b| b.contains("English word") || b.contains("French word")),
            "{text:?}: {bad:?}"
        );
    }
}

#[test]
fn seeded_random_matches_say_everything_right() {
    let option_sets = [
        (4, json!({})),
        (2, json!({"rounds_to_win": 2})),
        (3, json!({"queen_swap": true})),
        (3, json!({"queen_swap": true, "queen_swap_mode": "named"})),
        (4, json!({"queen_swap": true, "queen_swap_mode": "target_chooses", "auto_unique": true})),
        (5, json!({"scoring": "penalty_points", "penalty_limit": 60, "combos": ["king_eight", "carre", "ace_jack"]})),
        (
            3,
            json!({"play_after_penalty": true, "voluntary_draw": true, "mixed_stacking": true, "king_demand_allows_wilds": false}),
        ),
        (8, json!({"decks": 2, "rounds_to_win": 1, "jack_two_players": "skip"})),
        (2, json!({"starter": "no_effect", "joker_draw": 5, "joker_names_suit": false})),
    ];
    let mut failures = Vec::new();
    let mut seen_kinds = std::collections::BTreeSet::new();
    let mut legal = ActionList::new();
    let mut texts = 0usize;
    for (players, opts) in option_sets {
        let names = names(players);
        for seed in 0..8u64 {
            let request = MatchRequest { players, seed, options: options(opts.clone()), ..Default::default() };
            let mut m = Match::<Nantais>::new(&request).expect("the setup is accepted");
            let mut rng = GameRng::seed_from_u64(seed ^ 0x5EED);
            let mut step = 0;
            while !m.state().is_over() && step < 30_000 {
                let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
                // The choices offered to the acting seat, and the table, every few steps.
                for lang in [Lang::Fr, Lang::En] {
                    let words = Words::new(lang, &names, Some(seat));
                    for &a in legal.iter() {
                        let text = Nantais::describe_action(a, &words);
                        check(&text, lang, &|| format!("action {a}, seed {seed}, {opts}"), &mut failures);
                        texts += 1;
                    }
                    if step % 7 == 0 {
                        for reader in [Some(seat), None] {
                            let words = Words::new(lang, &names, reader);
                            let view: View = m.state().view(reader);
                            let text = Nantais::render_view(&view, &words);
                            check(&text, lang, &|| format!("view at step {step}, seed {seed}, {opts}"), &mut failures);
                            texts += 1;
                        }
                    }
                }
                let events = m.act_parsed(seat, action).expect("a legal action");
                for event in &events {
                    let kind = serde_json::to_value(event).unwrap()["type"].as_str().unwrap_or("").to_string();
                    seen_kinds.insert(kind);
                    for lang in [Lang::Fr, Lang::En] {
                        let readers = Seat::all(players).map(Some).chain([None]);
                        for reader in readers {
                            let words = Words::new(lang, &names, reader);
                            let text = Nantais::describe_event(event, &words);
                            let context = || format!("{event:?} for {reader:?}, seed {seed}, {opts}");
                            check(&text, lang, &context, &mut failures);
                            texts += 1;
                        }
                    }
                }
                step += 1;
            }
            // The table at the end, for everyone.
            for lang in [Lang::Fr, Lang::En] {
                for reader in Seat::all(players).map(Some).chain([None]) {
                    let words = Words::new(lang, &names, reader);
                    let text = Nantais::render_view(&m.state().view(reader), &words);
                    check(&text, lang, &|| format!("final view, seed {seed}, {opts}"), &mut failures);
                }
            }
            assert!(m.state().table().phase == Phase::Over, "seed {seed} {opts}: the match did not end");
        }
    }
    eprintln!("{texts} texts checked; event kinds seen: {seen_kinds:?}");
    assert!(failures.is_empty(), "{} bad texts:\n{}", failures.len(), failures.join("\n"));
    // The random matches reach almost every kind (the rest are pinned by the snapshots).
    for kind in ["played", "drew", "drew_card", "penalty", "penalty_cards", "suit_named", "rank_demanded", "contre"] {
        assert!(seen_kinds.contains(kind), "no {kind} event in the random matches");
    }
}
