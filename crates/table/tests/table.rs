//! The table layer on its own: the registry, the operations, and the driver — stale and illegal
//! submissions, races, bot delays and turn clocks at exact times, rebuilding from a record,
//! rematches, and what each seat is told.

use serde_json::{Value, json};
use tapis_bots::BotKind;
use tapis_core::{ActionError, MatchRequest, Seat, SeatSet};
use tapis_table::{Answered, AnyMatch, Controller, GameId, Mover, Table, TableError, TableSetup};

/// A Le 8 Nantais deal for two: these hands and discard, every other card in the stock.
fn nantais_deal(seat0: &[&str], seat1: &[&str], discard: &[&str]) -> Value {
    serde_json::to_value(tapis_nantais::Deal::with_rest_in_stock(&[seat0, seat1], discard)).unwrap()
}

fn request(players: usize, seed: u64, options: Value, deal: Option<Value>) -> MatchRequest {
    let Value::Object(options) = options else { panic!("options are an object") };
    MatchRequest { players, seed, dealer: None, options, deal }
}

fn setup(
    game: GameId,
    request: MatchRequest,
    controllers: Vec<Controller>,
    delay: u64,
    clock: Option<u64>,
) -> TableSetup {
    TableSetup {
        game,
        request,
        controllers,
        bot_delay_ms: delay,
        turn_clock_ms: clock,
        names: Vec::new(),
        reader: None,
    }
}

const PERSON: Controller = Controller::Person;
const EASY: Controller = Controller::Bot(BotKind::Heuristic);

fn two_people_nantais(seat0: &[&str], seat1: &[&str], discard: &[&str]) -> Table {
    let deal = nantais_deal(seat0, seat1, discard);
    let setup = setup(GameId::Nantais, request(2, 7, json!({}), Some(deal)), vec![PERSON, PERSON], 700, None);
    Table::new(setup, 0).unwrap()
}

#[test]
fn games_are_listed_parsed_and_described() {
    let ids: Vec<&str> = GameId::ALL.iter().map(|g| g.id()).collect();
    assert_eq!(ids, ["nantais", "nurmut", "gum", "nainjaune", "njet", "crazyeights"]);
    assert_eq!("NJET".parse::<GameId>(), Ok(GameId::Njet));
    let err = "chess".parse::<GameId>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown game 'chess'; the games are: nantais, nurmut, gum, nainjaune, njet, crazyeights"
    );
    assert_eq!(
        err.message(tapis_core::Lang::Fr),
        "jeu inconnu «\u{a0}chess\u{a0}»\u{a0}; les jeux sont\u{a0}: nantais, nurmut, gum, nainjaune, njet, crazyeights"
    );
    for game in GameId::ALL {
        assert_eq!(game.to_string(), game.id());
        let info = game.info();
        assert!(info.players.0 >= 2 && info.players.0 <= info.players.1, "{game}");
        for option in &info.options {
            assert!(
                !option.help.is_empty() && !option.help_fr.is_empty(),
                "{game}.{} is explained in both languages",
                option.key
            );
        }
    }
    let nantais = GameId::Nantais.info();
    let joker = nantais.options.iter().find(|o| o.key == "joker_draw").unwrap();
    assert_eq!(joker.default, json!(4));
    assert_eq!(joker.accepts["values"], json!([4, 5]));
}

/// What the create form and a table's rules show of every option (`GET /api/games`): its help and
/// its choices' words, read by families choosing a table, in each language's typography and
/// without a developer's words: no option or value key (« refill », « shithead », `max_turns`),
/// no engine (« OpenSpiel », « numéro d’action »), and the minus sign rather than a hyphen.
#[test]
fn every_options_words_are_for_people() {
    use tapis_core::kit::scenario::bad_forms;
    use tapis_core::{Lang, OptionKind};
    // The developers' words the form once showed (« refill » is an English word, not a French one).
    let jargon = |lang| match lang {
        Lang::Fr => &["openspiel", "numéro d’action", "refill", "shithead", "reset", "synthétique"][..],
        Lang::En => &["openspiel", "action id", "shithead", "synthetic"][..],
    };
    for game in GameId::ALL {
        for spec in game.option_specs() {
            let mut texts = vec![(Lang::En, spec.help), (Lang::Fr, spec.help_fr)];
            if let OptionKind::Choice(values) = spec.kind {
                texts.extend(values.iter().flat_map(|v| [(Lang::En, v.en), (Lang::Fr, v.fr)]));
            }
            for (lang, text) in texts {
                let bad = bad_forms(text, lang);
                assert!(bad.is_empty(), "{game}.{}: {bad:?} in « {text} »", spec.key);
                let lower = text.to_lowercase();
                for word in jargon(lang) {
                    assert!(!lower.contains(word), "{game}.{}: « {word} » in « {text} »", spec.key);
                }
                for other in game.option_specs() {
                    assert!(
                        !text.contains(other.key) || !other.key.contains('_'),
                        "{game}.{}: the key {} in « {text} »",
                        spec.key,
                        other.key
                    );
                }
                if let OptionKind::Choice(values) = spec.kind {
                    for v in values.iter().filter(|v| v.key.contains('_')) {
                        assert!(!text.contains(v.key), "{game}.{}: the value {} in « {text} »", spec.key, v.key);
                    }
                }
            }
        }
    }
}

#[test]
fn stale_and_illegal_submissions_change_nothing() {
    let mut table = two_people_nantais(
        &["7H", "7S", "2C", "3C", "4C", "6C", "9C"],
        &["2S", "3S", "4S", "5S", "6S", "8S", "9S"],
        &["5H"],
    );
    let before = table.current().state_json();
    assert_eq!(table.submit(Seat(0), 1, "play 7H", 10), Err(TableError::Stale { seen: 1, seq: 0 }));
    match table.submit(Seat(0), 0, "play 2C", 10) {
        Err(TableError::Action(ActionError::NotLegal { seat, action, legal, .. })) => {
            assert_eq!((seat, action.as_str()), (Seat(0), "play 2C"));
            assert!(legal.contains(&"play 7H".to_string()), "{legal:?}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        table.submit(Seat(1), 0, "draw", 10),
        Err(TableError::Action(ActionError::NotYourMove { seat: Seat(1), waiting: SeatSet::single(Seat(0)) }))
    );
    assert_eq!(table.submit(Seat(0), 0, "fly away", 10).unwrap_err().code(), "bad_action");
    assert_eq!(table.submit(Seat(5), 0, "draw", 10).unwrap_err().code(), "illegal_action");
    assert_eq!(table.current().state_json(), before, "refusals change nothing");
    assert_eq!(table.seq(), 0);

    let accepted = table.submit(Seat(0), 0, "PLAY 7h", 10).unwrap();
    assert_eq!((accepted.seq, accepted.seat, accepted.action.as_str()), (1, Seat(0), "play 7H"));
    assert_eq!((accepted.by, accepted.at), (Mover::Person, 10));
    assert_eq!(table.current().record().actions, vec![(0, "play 7H".to_string())]);
}

#[test]
fn refusals_call_seats_by_their_names_and_the_refused_one_you() {
    let deal =
        nantais_deal(&["7H", "7S", "2C", "3C", "4C", "6C", "9C"], &["2S", "3S", "4S", "5S", "6S", "8S", "9S"], &["5H"]);
    let mut setup = setup(GameId::Nantais, request(2, 7, json!({}), Some(deal)), vec![PERSON, PERSON], 700, None);
    setup.names = vec!["Ada".into(), "Blaise".into()];
    let mut table = Table::new(setup, 0).unwrap();
    let fr = tapis_core::Lang::Fr;
    let en = tapis_core::Lang::En;
    let err = table.submit(Seat(1), 0, "draw", 10).unwrap_err();
    assert_eq!(table.refusal(&err, Seat(1), fr), "Vous ne pouvez pas jouer maintenant\u{a0}: on attend Ada");
    assert_eq!(table.refusal(&err, Seat(1), en), "You may not act now: waiting for Ada");
    let err = table.submit(Seat(0), 0, "play 2S", 10).unwrap_err();
    assert_eq!(
        table.refusal(&err, Seat(0), fr),
        "«\u{a0}play 2S\u{a0}» n'est pas permis maintenant\u{a0}: vous n'avez pas 2♠\u{a0}; permis\u{a0}: play 7H"
    );
    assert_eq!(table.refusal(&err, Seat(0), en), "'play 2S' is not legal now: you do not hold 2♠; legal: play 7H");
    // The referee's sentence, for programs, keeps the seat numbers.
    let mut unnamed = table.current().clone();
    assert_eq!(
        unnamed.act(Seat(0), "play 2S").unwrap_err().message(en),
        "'play 2S' is not legal for seat 0 now: seat 0 does not hold 2S; legal: play 7H"
    );
}

#[test]
fn a_race_in_a_reaction_window_is_won_by_the_first_submission() {
    // Seat 0 lays its 5♠ on the 5♥ and is down to one card: it may announce UNIQUE, seat 1 may
    // call CONTRE UNIQUE on it. Both see seq 1 and submit; the first is applied, the second is
    // stale.
    let table = two_people_nantais(&["5S", "9C"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let mut contre_first = table.clone();
    contre_first.submit(Seat(0), 0, "play 5S", 100).unwrap();
    assert!(contre_first.current().legal(Seat(1)).contains(&"contre 0".to_string()));
    assert!(contre_first.current().legal(Seat(0)).contains(&"unique".to_string()));
    let won = contre_first.submit(Seat(1), 1, "contre 0", 200).unwrap();
    assert_eq!(won.seq, 2);
    assert_eq!(contre_first.submit(Seat(0), 1, "unique", 201), Err(TableError::Stale { seen: 1, seq: 2 }));
    assert_eq!(contre_first.current().status().cards, vec![3, 7], "the CONTRE made seat 0 draw 2");

    let mut unique_first = table;
    unique_first.submit(Seat(0), 0, "play 5S", 100).unwrap();
    unique_first.submit(Seat(0), 1, "unique", 200).unwrap();
    assert_eq!(unique_first.submit(Seat(1), 1, "contre 0", 201), Err(TableError::Stale { seen: 1, seq: 2 }));
    assert_eq!(unique_first.current().status().cards, vec![1, 7]);
}

/// A table of one person (seat 0) and bots; the person always takes their first legal action,
/// at once.
fn person_and_bots(game: GameId, players: usize, seed: u64, options: Value, delay: u64, clock: Option<u64>) -> Table {
    let mut controllers = vec![EASY; players];
    controllers[0] = PERSON;
    Table::new(setup(game, request(players, seed, options, None), controllers, delay, clock), 0).unwrap()
}

#[test]
fn bots_act_exactly_their_delay_after_the_last_change() {
    let mut table = person_and_bots(GameId::Njet, 4, 3, json!({"rounds": 1}), 700, None);
    let mut now = 0;
    let mut checked = 0;
    while !table.is_over() && checked < 20 {
        let waiting = table.current().status().waiting;
        if waiting.contains(Seat(0)) {
            now += 1234;
            let first = table.current().legal(Seat(0))[0].clone();
            table.submit(Seat(0), table.seq(), &first, now).unwrap();
            continue;
        }
        let due = table.due().expect("a bot is to move");
        assert_eq!(due, now + 700, "bots act 700 ms after the last change");
        assert!(table.advance(due - 1).is_empty(), "nothing happens a millisecond early");
        let moves = table.advance(due);
        assert!(!moves.is_empty());
        assert_eq!((moves[0].at, moves[0].by), (due, Mover::Bot));
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m.at, due + 700 * i as u64, "each bot move comes its delay after the previous one");
        }
        assert_eq!(moves.len(), 1, "advance makes only the moves due by then");
        now = due;
        checked += 1;
    }
    assert_eq!(checked, 20);
}

#[test]
fn the_turn_clock_plays_the_heuristic_for_an_absent_person() {
    let mut table = person_and_bots(GameId::Njet, 4, 3, json!({"rounds": 1}), 700, Some(30_000));
    // Let the bots play until the match waits for the person.
    let mut now = 0;
    while !table.current().status().waiting.contains(Seat(0)) {
        now = table.due().unwrap();
        table.advance(now);
    }
    let expected = table.current().bot(Seat(0), BotKind::Heuristic).unwrap().unwrap();
    let due = table.due().unwrap();
    assert_eq!(due, now + 30_000, "the clock runs from the last change");
    assert!(table.advance(due - 1).is_empty());
    let moves = table.advance(due);
    assert_eq!((moves[0].seat, moves[0].by, moves[0].at), (Seat(0), Mover::Clock, due));
    assert_eq!(moves[0].action, expected);
}

/// A person (seat 0) and a medium bot at Le 8 Nantais, at people's pace (bots move 700 ms after
/// each change), seat 0 holding `seat0` and about to lay its first card on the 5♥.
fn person_and_medium_bot(seed: u64, seat0: &[&str]) -> Table {
    let deal = nantais_deal(seat0, &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let setup = setup(GameId::Nantais, request(2, seed, json!({}), Some(deal)), vec![PERSON, MEDIUM], 700, None);
    Table::new(setup, 0).unwrap()
}

const MEDIUM: Controller = Controller::Bot(BotKind::Ismcts(tapis_bots::DEFAULT_ISMCTS_ITERATIONS));

#[test]
fn a_job_worked_out_beside_the_table_is_dropped_when_a_person_acts_first() {
    // Seat 0 (a person) lays its second-to-last card at 100 ms without announcing: it may still
    // say UNIQUE, and the bot at seat 1 may call CONTRE UNIQUE after its reaction delay. The
    // bot's job is taken at once and answered whenever its search ends.
    let mut table = person_and_medium_bot(7, &["5S", "9C"]);
    table.submit(Seat(0), 0, "play 5S", 100).unwrap();
    let plan = table.window_of(Seat(1)).expect("the bot sees the window");
    let delay = plan.delay.expect("with seed 7 it does not miss it");
    assert_eq!((plan.opened_at, plan.announcement), (100, false));
    assert!((1500..=3500).contains(&delay), "a medium bot reacts in 1.5 to 3.5 s: {delay}");
    let due = 100 + delay;
    let job = table.job().expect("the bot may call CONTRE UNIQUE");
    assert_eq!((job.key().seq, job.key().at, job.asks_bots()), (1, due, true));
    assert_eq!(table.job_key(), Some(job.key()));
    let answer = job.clone().run();
    assert_eq!(job.clone().run(), answer, "same job, same answer");

    // Answered before its time: handed back, nothing changes.
    let mut waiting = table.clone();
    let early = match waiting.answer(answer.clone(), due - 1) {
        Answered::Early(early) => early,
        other => panic!("{other:?}"),
    };
    assert_eq!(waiting.seq(), 1);
    // At its time, it is the move the table makes in place.
    let mut in_place = table.clone();
    assert!(in_place.clone().advance_one(due - 1).is_none(), "nothing a millisecond early");
    let expected = in_place.advance_one(due).expect("the bot calls CONTRE UNIQUE");
    match waiting.answer(early, due) {
        Answered::Made(made) => {
            assert_eq!(made, expected);
            assert_eq!((made.seat, made.action.as_str(), made.by, made.at), (Seat(1), "contre 0", Mover::Bot, due));
        }
        other => panic!("{other:?}"),
    }
    // Answered late, it is dated when it came: the next delay counts from there.
    let mut late = table.clone();
    match late.answer(answer.clone(), due + 150) {
        Answered::Made(made) => assert_eq!(made.at, due + 150),
        other => panic!("{other:?}"),
    }

    // The person announces UNIQUE 1.2 s after their card, while the bot thinks: the person's move
    // is applied, and the bot's answer, for a table that has moved on, is dropped.
    table.submit(Seat(0), 1, "unique", 1300).unwrap();
    assert!(matches!(table.answer(answer, due), Answered::Stale));
    assert_eq!(table.seq(), 2);
    assert_eq!(table.current().status().cards, vec![1, 7], "no CONTRE: seat 0 drew nothing");
}

/// The window plan of a medium bot at seat 1 when the person at seat 0 lays the 5♠ of two cards
/// at 100 ms, for a match seed.
fn contre_plan(seed: u64) -> Option<u64> {
    let mut table = person_and_medium_bot(seed, &["5S", "9C"]);
    table.submit(Seat(0), 0, "play 5S", 100).unwrap();
    table.window_of(Seat(1)).unwrap().delay
}

#[test]
fn a_bot_calls_contre_unique_at_its_drawn_delay_however_the_window_goes_on() {
    let seeds: Vec<u64> = (0..200).collect();
    let plans: Vec<Option<u64>> = seeds.iter().map(|&s| contre_plan(s)).collect();
    let missed = plans.iter().filter(|p| p.is_none()).count();
    assert!((10..=50).contains(&missed), "a medium bot misses about 15% of windows: {missed} of 200");
    assert!(plans.iter().flatten().all(|d| (1500..=3500).contains(d)));
    let seed = seeds.into_iter().zip(&plans).find(|(_, p)| p.is_some_and(|d| d < 2800)).unwrap().0;
    let delay = contre_plan(seed).unwrap();

    // The person ends the turn 0.5 s after the card without announcing: the bot's window goes
    // on (the person may still say UNIQUE until the bot's first move) and its clock is not
    // started again. The bot, now to play, does not move on before the window has lasted 3 s.
    let mut table = person_and_medium_bot(seed, &["5S", "9C"]);
    table.submit(Seat(0), 0, "play 5S", 100).unwrap();
    table.submit(Seat(0), 1, "end", 600).unwrap();
    assert_eq!(table.window_of(Seat(1)).unwrap().opened_at, 100);
    assert_eq!(table.due(), Some(100 + delay));
    let moves = table.advance(100 + delay);
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].action.as_str(), moves[0].at), ("contre 0", 100 + delay));
    // Its turn then comes 700 ms after the CONTRE (the window closed with it).
    assert_eq!(table.due(), Some(100 + delay + 700));

    // A bot that missed the window plays its turn when the window has lasted 3 s, and that
    // first move closes it: no CONTRE.
    let missed = (0..200).find(|&s| contre_plan(s).is_none()).unwrap();
    let mut table = person_and_medium_bot(missed, &["5S", "9C"]);
    table.submit(Seat(0), 0, "play 5S", 100).unwrap();
    table.submit(Seat(0), 1, "end", 600).unwrap();
    assert_eq!(table.due(), Some(100 + tapis_table::pace::WINDOW_HOLD_MS));
    let moves = table.advance(10_000);
    assert_ne!(moves[0].action, "contre 0");
    assert_eq!(moves[0].at, 3100);
    assert!(!table.current().legal(Seat(1)).contains(&"contre 0".to_string()), "the window closed");
}

#[test]
fn a_card_laid_with_its_unique_lets_no_contre_in_between() {
    // « Poser et annoncer »: the person's card and UNIQUE come in the same millisecond, or a few
    // apart over a network; no bot of any level reacts within 0.9 s of the window opening.
    for seed in 0..50 {
        let mut table = person_and_medium_bot(seed, &["5S", "9C"]);
        let announce = table.announcements(Seat(0));
        assert_eq!(announce, vec![("play 5S".to_string(), "unique".to_string())]);
        table.submit(Seat(0), 0, "play 5S", 100).unwrap();
        assert!(table.due().is_none_or(|due| due >= 100 + tapis_table::pace::REACTION_FLOOR_MS));
        assert!(table.advance(140).is_empty());
        table.submit(Seat(0), 1, "unique", 140).unwrap();
        assert!(table.window_of(Seat(1)).is_none(), "announced: nothing to call");
    }
    // Nothing to announce with a card that leaves two in hand.
    let table = person_and_medium_bot(0, &["5S", "9C", "2C"]);
    assert!(table.announcements(Seat(0)).is_empty());
}

/// Two medium bots at Le 8 Nantais, the first to lay the 5♠ of two cards on the 5♥, at people's
/// pace; returns the table after that card.
fn bot_lays_its_second_to_last(seed: u64) -> Table {
    let deal = nantais_deal(&["5S", "9C"], &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    let setup = setup(GameId::Nantais, request(2, seed, json!({}), Some(deal)), vec![MEDIUM, PERSON], 700, None);
    let mut table = Table::new(setup, 0).unwrap();
    let laid = table.advance_one(700).unwrap();
    assert_eq!((laid.at, laid.action.as_str()), (700, "play 5S"));
    table
}

#[test]
fn a_bot_says_unique_as_it_lays_its_card_unless_it_forgets() {
    let mut at_once = 0;
    let mut forgot = Vec::new();
    for seed in 0..300 {
        let mut table = bot_lays_its_second_to_last(seed);
        let plan = table.window_of(Seat(0)).unwrap();
        assert!(plan.announcement && plan.opened_at == 700);
        if plan.delay == Some(0) {
            // Said with the card, in the same millisecond.
            let said = table.advance(700);
            assert_eq!((said[0].action.as_str(), said[0].at, said[0].by), ("unique", 700, Mover::Bot));
            at_once += 1;
        } else {
            forgot.push((seed, plan.delay));
        }
    }
    assert!((255..=285).contains(&at_once), "a medium bot forgets about one UNIQUE in ten: {at_once} of 300");
    // One that forgot may remember at its pace, or never; meanwhile its turn waits for the
    // window to have lasted 3 s, and a person who calls CONTRE within 1.2 s wins the race.
    assert!(forgot.iter().any(|(_, d)| d.is_some()) && forgot.iter().all(|(_, d)| d.is_none_or(|d| d >= 1500)));
    for (seed, delay) in forgot {
        let mut table = bot_lays_its_second_to_last(seed);
        let first = table.due().unwrap();
        assert_eq!(first, 700 + delay.map_or(3000, |d| d.min(3000)));
        assert!(table.advance(1900).is_empty());
        let contre = table.submit(Seat(1), 1, "contre 0", 1900).unwrap();
        assert_eq!(contre.seq, 2);
        assert_eq!(table.current().status().cards, vec![3, 7]);
    }
}

/// A person (seat 0) and an easy bot at Le 8 Nantais, the person to play on the 5♥ with `hand`.
fn person_to_play(seed: u64, hand: &[&str]) -> Table {
    let deal = nantais_deal(hand, &["2S", "3S", "4S", "6S", "8S", "9S", "TS"], &["5H"]);
    Table::new(setup(GameId::Nantais, request(2, seed, json!({}), Some(deal)), vec![PERSON, EASY], 700, None), 0)
        .unwrap()
}

#[test]
fn a_persons_only_move_is_played_for_them_after_a_drawn_delay() {
    // Nothing fits the 5♥: a lone `draw`, played for the person, marked as made by the table.
    let mut table = person_to_play(3, &["2C", "3C", "4C", "6C", "9C", "TC", "JC"]);
    let forced = table.forced(Seat(0)).expect("a lone draw");
    assert_eq!(forced.action, "draw");
    assert!((800..=2600).contains(&forced.at), "{}", forced.at);
    assert_eq!(table.due(), Some(forced.at));
    assert!(table.advance(forced.at - 1).is_empty());
    let made = table.advance(forced.at);
    assert_eq!(
        (made[0].seat, made[0].action.as_str(), made[0].by, made[0].at),
        (Seat(0), "draw", Mover::Forced, forced.at)
    );

    // Turned off, the table waits for the person.
    let mut asking = person_to_play(3, &["2C", "3C", "4C", "6C", "9C", "TC", "JC"]);
    asking.set_auto_forced(Seat(0), false);
    assert_eq!((asking.forced(Seat(0)), asking.due()), (None, None));
    assert!(asking.advance(1_000_000).is_empty());
    asking.set_auto_forced(Seat(0), true);
    assert_eq!(asking.due(), Some(forced.at));

    // Two moves: nothing is played for the person.
    let table = person_to_play(3, &["5C", "5D", "4C", "6C", "9C", "TC", "JC"]);
    assert_eq!((table.forced(Seat(0)), table.due()), (None, None));
}

#[test]
fn the_delay_of_an_only_move_tells_nothing_of_the_cards() {
    // Whether the person's move is the only one, and which, depends on their cards; when it is
    // played does not: for a seed, the same delay at the same point whatever the hand, and over
    // seeds it spreads like a person's quick decision.
    let nothing_fits = ["2C", "3C", "4C", "6C", "9C", "TC", "JC"];
    let one_fits = ["5C", "3C", "4C", "7D", "9C", "TC", "JC"];
    let mut delays = Vec::new();
    for seed in 0..400 {
        let draw = person_to_play(seed, &nothing_fits).forced(Seat(0)).unwrap();
        let play = person_to_play(seed, &one_fits).forced(Seat(0)).unwrap();
        assert_eq!((draw.action.as_str(), play.action.as_str()), ("draw", "play 5C"));
        assert_eq!(draw.at, play.at, "seed {seed}");
        delays.push(draw.at);
    }
    delays.sort_unstable();
    assert!(delays[0] >= 800 && delays[399] <= 2600);
    assert!((1100..=1300).contains(&delays[200]), "median {}", delays[200]);
    let distinct: std::collections::BTreeSet<u64> = delays.iter().copied().collect();
    assert!(distinct.len() > 300, "not a fixed instant");
}

#[test]
fn jobs_beside_the_table_give_the_match_the_table_plays_in_place() {
    // Bots only: answered as soon as they come (a job run at once, the answer handed back when
    // due) or worked out in place, the same match.
    let setup = setup(GameId::Gum, request(3, 21, json!({}), None), vec![EASY; 3], 300, None);
    let mut in_place = Table::new(setup.clone(), 0).unwrap();
    let mut beside = Table::new(setup, 0).unwrap();
    let mut now = 0;
    while !in_place.is_over() {
        now = in_place.due().unwrap();
        in_place.advance_one(now);
    }
    let mut at = 0;
    while let Some(job) = beside.job() {
        let answer = job.run();
        match beside.answer(answer, at) {
            Answered::Early(early) => {
                at = early.key().at;
                assert!(matches!(beside.answer(early, at), Answered::Made(_) | Answered::Passed));
            }
            Answered::Made(_) | Answered::Passed => {}
            Answered::Stale => panic!("nothing else moved the table"),
        }
    }
    assert_eq!(beside.current().record(), in_place.current().record());
    assert_eq!(at, now);
}

/// Plays on for `steps` moves: the person answers 300 ms after each change, bots in their time.
fn play_on(table: &mut Table, mut now: u64, steps: usize) -> (u64, Vec<(u64, u8, String)>) {
    let mut log = Vec::new();
    while !table.is_over() && log.len() < steps {
        let person_may = !table.current().legal(Seat(0)).is_empty();
        let due = table.due();
        if person_may && due.is_none_or(|d| d > now + 300) {
            now += 300;
            let choice = table.current().legal(Seat(0))[0].clone();
            let accepted = table.submit(Seat(0), table.seq(), &choice, now).unwrap();
            log.push((accepted.at, accepted.seat.0, accepted.action));
        } else {
            now = due.unwrap();
            for accepted in table.advance(now) {
                log.push((accepted.at, accepted.seat.0, accepted.action));
            }
        }
    }
    (now, log)
}

#[test]
fn a_table_rebuilt_from_its_record_plays_on_the_same() {
    for game in [GameId::Nantais, GameId::Gum, GameId::NainJaune] {
        let mut table = person_and_bots(game, 3, 11, json!({}), 500, None);
        let (now, _) = play_on(&mut table, 0, 60);
        let record = table.current().record().clone();
        let mut rebuilt = Table::restore(table.setup().clone(), 1, &record, now).unwrap();
        assert_eq!(rebuilt.current().state_json(), table.current().state_json(), "{game}");
        let (_, a) = play_on(&mut table, now, 200);
        let (_, b) = play_on(&mut rebuilt, now, 200);
        assert_eq!(a, b, "{game}: the same inputs give the same match, bot moves included");
        assert_eq!(rebuilt.current().state_json(), table.current().state_json(), "{game}");
    }
}

#[test]
fn a_rematch_deals_anew_with_the_next_dealer() {
    let setup = setup(GameId::Nantais, request(3, 5, json!({"rounds_to_win": 1}), None), vec![EASY; 3], 0, None);
    let mut table = Table::new(setup, 0).unwrap();
    assert_eq!(table.rematch(9, 0), Err(TableError::NotOver));
    while !table.is_over() {
        let moves = table.advance(0);
        assert!(!moves.is_empty());
    }
    let summary = table.last_round().unwrap().clone();
    assert_eq!(summary.change.iter().sum::<i64>(), 1, "one round won");
    assert_eq!(table.current().record().dealer, Some(2));
    table.rematch(9, 50).unwrap();
    assert_eq!((table.match_no(), table.seq(), table.is_over()), (2, 0, false));
    assert_eq!(table.current().record().dealer, Some(0));
    assert_eq!(table.current().record().seed, 9);
    assert_eq!(table.last_round(), None);
    assert!(table.rounds().is_empty(), "a new match has a new score sheet");
}

#[test]
fn the_score_sheet_holds_every_round_in_order() {
    let setup = setup(GameId::NainJaune, request(3, 4, json!({"rounds": 3}), None), vec![EASY; 3], 0, None);
    let mut table = Table::new(setup, 0).unwrap();
    // Le Nain Jaune stakes 15 chips as a round is dealt: the sheet counts from before them.
    let start = table.current().scores().iter().map(|chips| chips + 15).collect::<Vec<_>>();
    assert_eq!(table.current().round_end_scores(), start);
    let mut ends = Vec::new();
    while !table.is_over() {
        for accepted in table.advance(0) {
            if let Some(summary) = accepted.round_over {
                // The sheet writes what the settlement left, not the chips after the next stakes.
                let settled = accepted.events.iter().find(|e| e.event["type"] == "round_over").unwrap();
                assert_eq!(json!(summary.scores_after), settled.event["chips"], "round {}", summary.round);
                ends.push(summary);
            }
        }
    }
    assert_eq!(table.rounds(), ends.as_slice());
    assert_eq!(ends.iter().map(|r| r.round).collect::<Vec<_>>(), (1..=ends.len() as u32).collect::<Vec<_>>());
    assert_eq!(ends[0].scores_before, start);
    for pair in ends.windows(2) {
        assert_eq!(pair[1].scores_before, pair[0].scores_after, "each round starts where the last ended");
    }
    assert_eq!(ends.last().unwrap().scores_after, table.current().scores());
    assert_eq!(table.last_round(), ends.last());
}

#[test]
fn each_seat_is_told_its_own_window_and_no_other() {
    let m = AnyMatch::new(GameId::Nantais, &request(3, 1, json!({}), None)).unwrap();
    let status = m.status();
    for seat in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
        let told = status.told_to(seat);
        let own = seat
            .map_or(SeatSet::EMPTY, |s| if status.actors.contains(s) { SeatSet::single(s) } else { SeatSet::EMPTY });
        assert_eq!(told.actors, status.waiting | own);
        assert_eq!(told.waiting, status.waiting);
    }
}

#[test]
fn every_game_has_a_client_view_for_every_seat_and_the_spectator() {
    for &game in GameId::ALL {
        let players = game.players().0.max(3).min(game.players().1);
        let mut controllers = vec![EASY; players];
        controllers[0] = PERSON;
        let table = Table::new(setup(game, request(players, 2, json!({}), None), controllers, 0, None), 0).unwrap();
        for seat in Seat::all(players).map(Some).chain([None]) {
            let view = table.client_view(seat);
            assert_eq!(view["game"], json!(game.id()));
            assert_eq!(view["seat"], json!(seat));
            assert_eq!(view["match"], json!(1));
            assert_eq!(view["seq"], json!(0));
            assert_eq!(view["players"], json!(players));
            assert!(view["table"].is_object(), "{game}: {view}");
            let legal = view["legal"].as_array().unwrap();
            let expected = seat.map(|s| table.current().legal(s)).unwrap_or_default();
            let actions: Vec<&str> = legal.iter().map(|l| l["action"].as_str().unwrap()).collect();
            assert_eq!(actions, expected, "{game}");
            for l in legal {
                assert!(!l["fr"].as_str().unwrap().is_empty() && !l["en"].as_str().unwrap().is_empty());
            }
            if seat.is_none() {
                assert!(
                    view["table"].get("hand").is_none_or(Value::is_null),
                    "{game}: a spectator has no hand: {view}"
                );
            }
        }
    }
}
