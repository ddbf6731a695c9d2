//! Le Nain Jaune: conformance kit, rulebook scenarios (§4.8 and the register J1–J11), bad
//! input and its words, golden transcript, chip conservation, the heuristic bot against random
//! players, the client view (insta snapshots under `tests/snapshots/`), private events and
//! secrecy.

// The crate's other integration tests are modules of this one binary: one link per crate.
mod words;

use serde_json::{Map, Value, json};
use tapis_core::kit::golden::{self, GoldenMatch};
use tapis_core::kit::scenario::{self, legal};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{
    ActionError, ActionList, DeckMismatch, Game, GameRng, Heuristic, Lang, Match, MatchRequest, Seat, SetupError,
    Wording,
};
use tapis_core::{Audience, ClientView, GameEvent};
use tapis_nainjaune::{Cell, EndReason, Event, NainJaune, Phase};

// ----- helpers -----

fn options(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

fn start(players: usize, opts: Value, deal: Option<Value>) -> Match<NainJaune> {
    let request = MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal };
    Match::new(&request).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

fn setup_error(players: usize, opts: Value, deal: Option<Value>) -> String {
    let request = MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal };
    match Match::<NainJaune>::new(&request) {
        Ok(_) => panic!("setup accepted"),
        Err(e) => format!("{} {e}", e.code()),
    }
}

fn act(game: &mut Match<NainJaune>, seat: u8, text: &str) -> Vec<Event> {
    let before = game.state().clone();
    let events = scenario::act(game, seat, text);
    assert_chips_conserved(&before, game.state());
    events
}

fn acts(game: &mut Match<NainJaune>, seat: u8, texts: &[&str]) -> Vec<Event> {
    texts.iter().flat_map(|t| act(game, seat, t)).collect()
}

fn refuse(game: &mut Match<NainJaune>, seat: u8, text: &str) -> String {
    let err = scenario::refused(game, seat, text);
    format!("{} {err}", err.code())
}

fn chips(game: &Match<NainJaune>) -> Vec<i64> {
    game.state().scores().as_slice().to_vec()
}

fn board(game: &Match<NainJaune>) -> [u32; 5] {
    game.state().table().board.0
}

fn assert_chips_conserved(before: &NainJaune, after: &NainJaune) {
    let total = |g: &NainJaune| g.table().chips.iter().sum::<u32>() + g.table().board.total();
    assert_eq!(total(after), total(before), "chips were created or lost");
    assert_eq!(total(after), after.table().total_chips);
}

fn cards(list: &str) -> Value {
    Value::from(list.split_whitespace().collect::<Vec<_>>())
}

fn whose_move(game: &Match<NainJaune>) -> Phase {
    game.state().table().phase
}

/// §4.8: P1..P4 are seats 0..3; seat 3 deals, seat 0 leads. The four other board cards are
/// aside, so only P1's R♥ doubles.
fn worked_example_deal() -> Value {
    json!({
        "hands": [
            cards("AS 2S 3S 4S 5S 6S 7S 7H 8S KH AD 2C"),
            cards("AH 2D 3D 4D 5D 6D 7C 9D TC JD QC KC"),
            cards("8H 9S TS JS QH KS 8D AC 3C 4C 5C 6C"),
            cards("9H TH JH QD KD 2H 3H 4H 5H 6H 8C 9C"),
        ],
        "aside": cards("TD JC QS 7D"),
    })
}

/// Plays §4.8's round up to P2's last card (exclusive when `last` is false).
fn play_worked_example(game: &mut Match<NainJaune>, last: bool) -> Vec<Event> {
    acts(game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    act(game, 1, "pass");
    acts(game, 2, &["play 8H", "play 9S", "play TS", "play JS", "play QH", "play KS", "play 8D", "stop"]);
    acts(game, 3, &["play 9H", "play TH", "play JH", "play QD", "play KD"]);
    acts(game, 3, &["play 2H", "play 3H", "play 4H", "play 5H", "play 6H", "stop"]);
    acts(game, 0, &["play 7H", "play 8S", "stop"]);
    acts(game, 1, &["play 9D", "play TC", "play JD", "play QC", "play KC"]);
    acts(game, 1, &["play AH", "play 2D", "play 3D", "play 4D", "play 5D", "play 6D"]);
    if last { act(game, 1, "play 7C") } else { Vec::new() }
}

// ----- conformance -----

fn kit_config(players: usize, games: u64, opts: Value, deep_every: usize) -> KitConfig {
    let mut config = KitConfig::new(players, games);
    config.options = options(opts);
    config.deep_every = deep_every;
    config.seed = players as u64;
    config
}

fn run_kit(config: &KitConfig) {
    let report = kit::run::<NainJaune>(config);
    assert_eq!(report.games, config.games);
    assert!(report.wins.iter().all(|&w| w > 0), "some seat never wins: {:?}", report.wins);
    println!(
        "{} players {:?}: {} games, {} steps, {} rounds, {} deep checks, wins {:?}",
        config.players, config.options, report.games, report.steps, report.rounds, report.deep_checks, report.wins
    );
}

/// Whole matches from a small capital, so that a long soak fits in the time (120 chips would
/// make them several times longer): 30 chips at 2–6 players, 45 at 7–8 (with 30 a 7-player match
/// never sees a second round). They still run several rounds and end by every rule.
fn conformance_at(players: usize) {
    let mut opts = json!({"capital": if players >= 7 { 45 } else { 30 }});
    if players == 2 {
        opts["two_players"] = json!(true);
    }
    run_kit(&kit_config(players, 300, opts, 128));
}

#[test]
fn conformance_2_players() {
    conformance_at(2);
}

#[test]
fn conformance_3_players() {
    conformance_at(3);
}

#[test]
fn conformance_4_players() {
    conformance_at(4);
}

#[test]
fn conformance_5_players() {
    conformance_at(5);
}

#[test]
fn conformance_6_players() {
    conformance_at(6);
}

#[test]
fn conformance_7_players() {
    conformance_at(7);
}

#[test]
fn conformance_8_players() {
    conformance_at(8);
}

#[test]
fn conformance_flow_changing_options() {
    let sets = [
        json!({"follow_optional": true}),
        json!({"manual_claim": true}),
        json!({"payment": "card_points"}),
        json!({"settlement_order": "sweep_before_doubling"}),
        json!({"settlement_order": "no_doubling_on_grand_opera"}),
        json!({"grand_opera": "first_turn"}),
        json!({"rounds": 3, "capital": 120}),
        json!({"manual_claim": true, "follow_optional": true, "two_players": true}),
    ];
    for (i, set) in sets.into_iter().enumerate() {
        let mut opts = options(set);
        opts.entry("capital").or_insert(json!(30));
        run_kit(&kit_config(3 + i % 4, 70, Value::Object(opts), 128));
    }
}

#[test]
fn fuzzed_actions_never_panic_nor_change_the_match() {
    kit::fuzz_actions::<NainJaune>(4, &Map::new(), 1, 3_000);
    kit::fuzz_actions::<NainJaune>(3, &options(json!({"manual_claim": true, "capital": 30})), 2, 3_000);
    kit::fuzz_actions::<NainJaune>(2, &options(json!({"two_players": true, "follow_optional": true})), 3, 3_000);
}

#[test]
fn chips_are_conserved_at_every_step_of_random_matches() {
    let mut legal = ActionList::new();
    let sets = [
        (4, json!({})),
        (3, json!({"manual_claim": true, "payment": "card_points"})),
        (5, json!({"settlement_order": "sweep_before_doubling", "grand_opera": "first_turn"})),
        (6, json!({"settlement_order": "no_doubling_on_grand_opera", "follow_optional": true})),
        (2, json!({"two_players": true, "capital": 40})),
    ];
    for (players, opts) in sets {
        for seed in 0..200 {
            let request = MatchRequest { players, seed, dealer: None, options: options(opts.clone()), deal: None };
            let mut game = Match::<NainJaune>::new(&request).unwrap().state().clone();
            let mut rng = GameRng::seed_from_u64(seed);
            while !game.is_over() {
                let seat = game.waiting_for().first().unwrap();
                legal.clear();
                game.legal_actions(seat, &mut legal);
                let before = game.clone();
                game.apply(seat, legal[rng.index(legal.len())]).unwrap();
                assert_chips_conserved(&before, &game);
            }
            let best = game.scores().iter().copied().max().unwrap();
            let winners: Vec<Seat> = Seat::all(players).filter(|&s| game.scores()[s] == best).collect();
            assert_eq!(game.winners().iter().collect::<Vec<_>>(), winners, "winners are the richest");
        }
    }
}

// ----- §4.8 the worked example -----

#[test]
fn e4_8_worked_example_payment_doubling_and_next_stake() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    assert_eq!(board(&game), [4, 8, 12, 16, 20], "4 players stake 1, 2, 3, 4, 5 each");
    assert_eq!(chips(&game), [105, 105, 105, 105]);
    let events = play_worked_example(&mut game, true);
    let cards_left_then = [3, 0, 5, 2];
    for (seat, owed) in [(0, 3), (2, 5), (3, 2)] {
        let paid = Event::Paid { seat: Seat(seat), to: Seat(1), chips: owed, owed };
        assert!(events.contains(&paid), "seat {seat} pays {owed}: {events:?}");
        assert_eq!(cards_left_then[seat as usize], owed);
    }
    let doubled = Event::Doubled { seat: Seat(0), cell: Cell::ALL[3], chips: 16, owed: 16 };
    assert!(events.contains(&doubled), "P1 doubles R♥ 16 → 32");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Doubled { .. })).count(), 1);
    assert!(!events.iter().any(|e| matches!(e, Event::GrandOpera { .. })));
    let round_over = events.iter().find(|e| matches!(e, Event::RoundOver { .. })).unwrap();
    let Event::RoundOver { winner, chips: after, board: cells, .. } = round_over else { unreachable!() };
    assert_eq!(*winner, Seat(1));
    assert_eq!(after.as_slice(), [86, 115, 100, 103], "P2 receives 3 + 5 + 2 = 10 chips");
    assert_eq!(cells.0, [4, 8, 12, 32, 20]);
    // Round 2: the dealer moves left, everyone stakes again: R♥ holds 32 + 16 = 48.
    assert_eq!(game.state().round(), 2);
    assert_eq!(board(&game), [8, 16, 24, 48, 40]);
    assert_eq!(chips(&game), [71, 100, 85, 88]);
    assert_eq!(game.state().table().dealer, Seat(0));
    assert_eq!(whose_move(&game), Phase::Lead { seat: Seat(1) });
    assert_eq!(game.state().cards_left().as_slice(), [12, 12, 12, 12]);
}

#[test]
fn king_and_i_start_again() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    act(&mut game, 1, "pass");
    let events = acts(&mut game, 2, &["play 8H", "play 9S", "play TS", "play JS", "play QH", "play KS"]);
    assert!(events.contains(&Event::NewRun { seat: Seat(2), reason: tapis_nainjaune::NewRunReason::King }));
    assert_eq!(whose_move(&game), Phase::Lead { seat: Seat(2) });
    assert_eq!(legal(&game, 2), ["play 8D", "play AC", "play 3C", "play 4C", "play 5C", "play 6C"]);
    act(&mut game, 2, "play 8D");
    assert_eq!(game.state().table().run.iter().map(ToString::to_string).collect::<Vec<_>>(), ["8D"], "a new run");
}

#[test]
fn nobody_answers_so_the_last_player_leads_anew() {
    let mut game = start(4, json!({"rounds": 1}), Some(grand_opera_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S"]);
    assert_eq!(legal(&game, 0), ["stop"], "no 7: the stop is forced, still an action");
    act(&mut game, 0, "stop");
    for seat in 1..=3 {
        assert_eq!(legal(&game, seat), ["pass"], "the four 7s are aside");
        act(&mut game, seat, "pass");
    }
    assert_eq!(whose_move(&game), Phase::Lead { seat: Seat(0) });
    // The passes are public: each seat holds no 7, and re-dealt views respect it.
    let view = game.state().view(Some(Seat(2)));
    for seat in 1..=3 {
        assert!(view.table.passed[Seat(seat)].contains(7));
    }
}

// ----- the register -----

/// Seat 0 can go out alone: A–6, « sans 7 » (all four 7s aside), then 8–K. Seats 1–3 hold the
/// other board cards (10♦ V♣ / D♠ / R♥).
fn grand_opera_deal() -> Value {
    complete_deal(&["AS 2S 3S 4S 5S 6S 8S 9S TS JS QH KS", "TD JC", "QS", "KH"], "7S 7H 7C 7D")
}

/// Fills the given partial hands up to the table's hand size with the remaining cards in deck
/// order (spades A–K, hearts, diamonds, clubs), seat after seat.
fn complete_deal(partial: &[&str], aside: &str) -> Value {
    let players = partial.len();
    let each = tapis_nainjaune::cards_per_player(players).0;
    let given: Vec<&str> = partial.iter().flat_map(|h| h.split_whitespace()).chain(aside.split_whitespace()).collect();
    let mut rest = tapis_core::FrenchCard::suited().map(|c| c.to_string()).filter(|c| !given.contains(&c.as_str()));
    let hands: Vec<Vec<String>> = partial
        .iter()
        .map(|h| {
            let mut hand: Vec<String> = h.split_whitespace().map(String::from).collect();
            while hand.len() < each {
                hand.push(rest.next().expect("enough cards"));
            }
            hand
        })
        .collect();
    json!({"hands": hands, "aside": cards(aside)})
}

#[test]
fn j1_the_standard_board() {
    let names: Vec<String> = Cell::ALL.iter().map(|c| c.card().to_string()).collect();
    assert_eq!(names, ["TD", "JC", "QS", "KH", "7D"]);
    assert_eq!(board(&start(3, json!({}), None)), [3, 6, 9, 12, 15]);
    assert_eq!(board(&start(8, json!({}), None)), [8, 16, 24, 32, 40]);
    // Laying 7♦ takes the Nain Jaune's cell at once.
    let mut game = start(4, json!({}), Some(complete_deal(&["7D", "", "", ""], "7S 7H 7C 8S")));
    let events = act(&mut game, 0, "play 7D");
    assert!(events.contains(&Event::Collected { seat: Seat(0), cell: Cell::ALL[4], chips: 20 }));
    assert_eq!(chips(&game), [125, 105, 105, 105]);
    assert_eq!(board(&game), [4, 8, 12, 16, 0]);
}

#[test]
fn j2_capital_120_by_default_and_as_an_option() {
    assert_eq!(chips(&start(4, json!({}), None)), [105; 4]);
    assert_eq!(chips(&start(4, json!({"capital": 200}), None)), [185; 4]);
    assert_eq!(game_total(&start(5, json!({"capital": 200}), None)), 1000);
}

fn game_total(game: &Match<NainJaune>) -> u32 {
    game.state().table().total_chips
}

fn called_on_seven() -> Match<NainJaune> {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    game
}

#[test]
fn j3_must_follow_a_holder_may_not_pass() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    play_to_the_call_on_seven(&mut game);
    assert_eq!(whose_move(&game), Phase::Follow { seat: Seat(0), rank: 7 });
    assert_eq!(legal(&game, 0), ["play 7H"]);
    assert!(refuse(&mut game, 0, "pass").starts_with("illegal_action"));
}

#[test]
fn j3_variant_follow_optional_a_holder_may_pass() {
    let mut game = start(4, json!({"follow_optional": true}), Some(worked_example_deal()));
    play_to_the_call_on_seven(&mut game);
    assert_eq!(legal(&game, 0), ["play 7H", "pass"]);
    act(&mut game, 0, "pass");
    assert_eq!(whose_move(&game), Phase::Follow { seat: Seat(1), rank: 7 });
    // A pass tells nothing when passing is free.
    assert_eq!(game.state().table().passed[Seat(0)].0, 0);
    assert_eq!(game.state().table().passed[Seat(1)].0, 0, "seat 1's earlier pass on 8 was free too");
}

fn play_to_the_call_on_seven(game: &mut Match<NainJaune>) {
    acts(game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S", "stop"]);
    act(game, 1, "pass");
    acts(game, 2, &["play 8H", "play 9S", "play TS", "play JS", "play QH", "play KS", "play 8D", "stop"]);
    assert_eq!(legal(game, 3)[..2], ["play 9H", "play 9C"], "J11: any suit answers");
    acts(game, 3, &["play 9H", "play TH", "play JH", "play QD", "play KD"]);
    acts(game, 3, &["play 2H", "play 3H", "play 4H", "play 5H", "play 6H", "stop"]);
}

#[test]
fn j3_a_pass_shows_the_seat_lacks_the_rank_and_determinize_keeps_it() {
    let mut game = called_on_seven();
    assert_eq!(legal(&game, 1), ["pass"], "seat 1 has no 8");
    act(&mut game, 1, "pass");
    let view = game.state().view(Some(Seat(3)));
    assert!(view.table.passed[Seat(1)].contains(8));
    let mut rng = GameRng::seed_from_u64(5);
    let eights = tapis_nainjaune::FrenchCardSet(
        ["8S", "8H", "8D", "8C"].iter().map(|c| c.parse::<tapis_core::FrenchCard>().unwrap().index()).collect(),
    );
    for _ in 0..300 {
        let resampled = NainJaune::determinize(&view, &mut rng);
        assert!(resampled.hand(Seat(1)).0.intersection(eights.0).is_empty(), "seat 1 was dealt an 8");
        assert!(resampled.view(Some(Seat(3))) == view);
    }
}

#[test]
fn j4_voluntary_stop_while_able_to_continue() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S"]);
    assert_eq!(legal(&game, 0), ["play 8S", "stop"]);
    let events = act(&mut game, 0, "stop");
    assert_eq!(events, [Event::Stopped { seat: Seat(0), missing: 8 }]);
    assert_eq!(whose_move(&game), Phase::Follow { seat: Seat(1), rank: 8 });
}

/// Seat 0 leads 7♦ then may go on with 8♠; the other 8s are aside, so « sans 8 » goes round.
fn claim_deal() -> Value {
    complete_deal(&["7D 8S", "", "", ""], "8H 8D 8C 7S")
}

#[test]
fn j5_default_auto_collect() {
    let mut game = start(4, json!({}), Some(claim_deal()));
    assert!(!legal(&game, 0).contains(&"claim".to_string()));
    act(&mut game, 0, "play 7D");
    assert_eq!(chips(&game)[0], 125);
    assert!(refuse(&mut game, 0, "claim").starts_with("illegal_action"));
}

#[test]
fn j5_variant_manual_claim_before_the_next_card() {
    let mut game = start(4, json!({"manual_claim": true}), Some(claim_deal()));
    let events = act(&mut game, 0, "play 7D");
    assert!(!events.iter().any(|e| matches!(e, Event::Collected { .. })));
    assert_eq!(legal(&game, 0), ["play 8S", "stop", "claim"]);
    let events = act(&mut game, 0, "claim");
    assert_eq!(events, [Event::Collected { seat: Seat(0), cell: Cell::ALL[4], chips: 20 }]);
    assert_eq!(chips(&game)[0], 125);
    assert_eq!(legal(&game, 0), ["play 8S", "stop"], "his run goes on");
}

#[test]
fn j5_variant_manual_claim_forgotten_freezes_the_cell() {
    let mut game = start(4, json!({"manual_claim": true}), Some(claim_deal()));
    act(&mut game, 0, "play 7D");
    let events = act(&mut game, 0, "play 8S");
    assert!(events.contains(&Event::ClaimMissed { seat: Seat(0), cell: Cell::ALL[4] }));
    assert_eq!(chips(&game)[0], 105);
    assert_eq!(board(&game)[4], 20, "the chips stay on the board for later");
    assert!(!legal(&game, 0).contains(&"claim".to_string()));
}

#[test]
fn j5_variant_manual_claim_out_of_turn_until_the_next_card() {
    let mut game = start(4, json!({"manual_claim": true}), Some(claim_deal()));
    acts(&mut game, 0, &["play 7D", "stop"]);
    assert_eq!(whose_move(&game), Phase::Follow { seat: Seat(1), rank: 8 });
    assert_eq!(game.state().actors().iter().collect::<Vec<_>>(), [Seat(0), Seat(1)]);
    assert_eq!(game.state().waiting_for().iter().collect::<Vec<_>>(), [Seat(1)]);
    act(&mut game, 1, "pass");
    assert_eq!(legal(&game, 0), ["claim"], "still open after a pass");
    act(&mut game, 0, "claim");
    assert_eq!(chips(&game)[0], 125);
    assert_eq!(whose_move(&game), Phase::Follow { seat: Seat(2), rank: 8 }, "a claim does not move the turn");
}

#[test]
fn j5_variant_manual_claim_when_going_out_on_a_board_card() {
    let deal = complete_deal(&["AS 2S 3S 4S 5S 6S 8S 9S TS JS QH KH", "TD JC", "QS", "KS"], "7S 7H 7C 7D");
    let mut game = start(4, json!({"manual_claim": true, "rounds": 1}), Some(deal.clone()));
    play_grand_opera(&mut game, "KH");
    assert_eq!(whose_move(&game), Phase::GoingOut { seat: Seat(0) });
    assert_eq!(legal(&game, 0), ["pass", "claim"]);
    let events = act(&mut game, 0, "claim");
    assert_eq!(events[0], Event::Collected { seat: Seat(0), cell: Cell::ALL[3], chips: 16 });
    assert!(game.state().is_over());
    let mut game = start(4, json!({"manual_claim": true, "rounds": 1}), Some(deal));
    play_grand_opera(&mut game, "KH");
    let events = act(&mut game, 0, "pass");
    assert_eq!(events[0], Event::ClaimMissed { seat: Seat(0), cell: Cell::ALL[3] });
}

fn play_grand_opera(game: &mut Match<NainJaune>, king: &str) -> Vec<Event> {
    let mut events = acts(game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "stop"]);
    for seat in 1..=3 {
        events.extend(act(game, seat, "pass"));
    }
    events.extend(acts(game, 0, &["play 8S", "play 9S", "play TS", "play JS", "play QH"]));
    events.extend(act(game, 0, &format!("play {king}")));
    events
}

#[test]
fn j6_default_one_chip_per_card() {
    let mut game = start(4, json!({"rounds": 1}), Some(worked_example_deal()));
    play_worked_example(&mut game, true);
    assert_eq!(chips(&game), [86, 115, 100, 103]);
}

#[test]
fn j6_variant_card_points() {
    let mut game = start(4, json!({"rounds": 1, "payment": "card_points"}), Some(worked_example_deal()));
    let events = play_worked_example(&mut game, true);
    // P1 R♥ A♦ 2♣ = 10 + 1 + 2; P3 A♣ 3♣ 4♣ 5♣ 6♣ = 19; P4 8♣ 9♣ = 17.
    for (seat, owed) in [(0, 13), (2, 19), (3, 17)] {
        assert!(events.contains(&Event::Paid { seat: Seat(seat), to: Seat(1), chips: owed, owed }));
    }
    assert_eq!(chips(&game), [105 - 13 - 16, 105 + 49, 105 - 19, 105 - 17]);
}

fn grand_opera_with(opts: Value) -> (Match<NainJaune>, Vec<Event>) {
    let mut game = start(4, opts, Some(grand_opera_deal()));
    let events = play_grand_opera(&mut game, "KS");
    assert!(game.state().is_over());
    (game, events)
}

#[test]
fn j7_default_payment_then_doubling_then_sweep() {
    let (game, events) = grand_opera_with(json!({"rounds": 1}));
    // Payment 3 × 12; doublings 4 + 8 (seat 1), 12 (seat 2), 16 (seat 3); the sweep takes 60 + 40.
    assert!(events.contains(&Event::GrandOpera { seat: Seat(0), chips: 100 }));
    assert_eq!(chips(&game), [105 + 36 + 100, 105 - 12 - 12, 105 - 12 - 12, 105 - 12 - 16]);
    assert_eq!(board(&game), [0; 5]);
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Paid { .. } => Some("paid"),
            Event::Doubled { .. } => Some("doubled"),
            Event::GrandOpera { .. } => Some("sweep"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["paid", "paid", "paid", "doubled", "doubled", "doubled", "doubled", "sweep"]);
}

#[test]
fn j7_variant_sweep_before_doubling() {
    let (game, events) = grand_opera_with(json!({"rounds": 1, "settlement_order": "sweep_before_doubling"}));
    assert!(events.contains(&Event::GrandOpera { seat: Seat(0), chips: 60 }));
    assert_eq!(chips(&game), [105 + 36 + 60, 81, 81, 77]);
    assert_eq!(board(&game), [4, 8, 12, 16, 0], "the doublings stay on the board");
}

#[test]
fn j7_variant_no_doubling_on_grand_opera() {
    let (game, events) = grand_opera_with(json!({"rounds": 1, "settlement_order": "no_doubling_on_grand_opera"}));
    assert!(!events.iter().any(|e| matches!(e, Event::Doubled { .. })));
    assert_eq!(chips(&game), [201, 93, 93, 93]);
    assert_eq!(board(&game), [0; 5]);
}

/// Seat 0 leads A♠ and stops; seat 1 answers 2 and lays 2–K, his whole hand, in his first turn.
/// The other board cards are aside but 7♦, held by seat 2.
fn first_turn_deal() -> Value {
    complete_deal(&["AS", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QH KS", "7D", ""], "TD JC QS KH")
}

fn first_turn_round(opts: Value) -> (Match<NainJaune>, Vec<Event>) {
    let mut game = start(4, opts, Some(first_turn_deal()));
    let mut events = acts(&mut game, 0, &["play AS", "stop"]);
    for card in ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QH", "KS"] {
        events.extend(act(&mut game, 1, &format!("play {card}")));
    }
    assert!(game.state().is_over());
    (game, events)
}

#[test]
fn j8_default_strict_grand_opera_needs_nobody_else_to_have_laid() {
    let (game, events) = first_turn_round(json!({"rounds": 1}));
    assert!(!events.iter().any(|e| matches!(e, Event::GrandOpera { .. })));
    assert_eq!(chips(&game)[1], 105 + 11 + 12 + 12);
    assert_eq!(board(&game), [4, 8, 12, 16, 40]);
    // The strict Grand Opéra over several « sans » and a King is in j7's tests.
}

#[test]
fn j8_variant_first_turn_grand_opera() {
    let (game, events) = first_turn_round(json!({"rounds": 1, "grand_opera": "first_turn"}));
    assert!(events.contains(&Event::GrandOpera { seat: Seat(1), chips: 80 }));
    assert_eq!(chips(&game), [105 - 11, 105 + 35 + 80, 105 - 12 - 20, 105 - 12]);
    // The worked example is no Grand Opéra even so: P2 had passed before others laid cards.
    let mut game = start(4, json!({"grand_opera": "first_turn"}), Some(worked_example_deal()));
    let events = play_worked_example(&mut game, true);
    assert!(!events.iter().any(|e| matches!(e, Event::GrandOpera { .. })));
}

#[test]
fn j9_a_player_who_cannot_pay_pays_all_and_the_match_ends() {
    let mut deal = worked_example_deal();
    deal["chips"] = json!([30, 120, 17, 120]);
    let mut game = start(4, json!({}), Some(deal));
    assert_eq!(chips(&game), [15, 105, 2, 105]);
    let events = play_worked_example(&mut game, true);
    assert!(events.contains(&Event::Paid { seat: Seat(2), to: Seat(1), chips: 2, owed: 5 }));
    assert!(events.contains(&Event::Paid { seat: Seat(0), to: Seat(1), chips: 3, owed: 3 }));
    assert!(events.contains(&Event::Doubled { seat: Seat(0), cell: Cell::ALL[3], chips: 12, owed: 16 }));
    assert!(game.state().is_over());
    assert_eq!(chips(&game), [0, 112, 0, 103]);
    assert_eq!(board(&game), [4, 8, 12, 28, 20]);
    assert_eq!(game.state().winners().iter().collect::<Vec<_>>(), [Seat(1)]);
    let over = events.last().unwrap();
    assert!(matches!(over, Event::MatchOver { reason: EndReason::CannotPay, .. }), "{over:?}");
    assert!(game.state().actors().is_empty());
}

#[test]
fn j9_a_player_who_cannot_stake_15_ends_the_match() {
    let mut deal = worked_example_deal();
    deal["chips"] = json!([120, 120, 20, 120]);
    let mut game = start(4, json!({}), Some(deal));
    let events = play_worked_example(&mut game, true);
    assert!(events.contains(&Event::Paid { seat: Seat(2), to: Seat(1), chips: 5, owed: 5 }));
    assert!(matches!(events.last().unwrap(), Event::MatchOver { reason: EndReason::CannotStake, .. }));
    assert_eq!(chips(&game), [86, 115, 0, 103]);
    assert_eq!(game.state().round(), 1);
}

#[test]
fn j9_variant_fixed_number_of_rounds() {
    let mut game = start(4, json!({"rounds": 1}), Some(worked_example_deal()));
    let events = play_worked_example(&mut game, true);
    assert!(matches!(events.last().unwrap(), Event::MatchOver { reason: EndReason::RoundsPlayed, .. }));
    assert_eq!(game.state().winners().iter().collect::<Vec<_>>(), [Seat(1)]);
    let game = start(4, json!({"rounds": null}), None);
    assert_eq!(game.state().options().rounds, 0, "null plays until someone cannot stake or pay");
}

#[test]
fn shared_victory_on_equal_chips() {
    // Seat 0 ends with 149 - 15 - 3 - 16 = 115 chips, as many as the round's winner.
    let mut deal = worked_example_deal();
    deal["chips"] = json!([149, 120, 20, 120]);
    let mut game = start(4, json!({}), Some(deal));
    play_worked_example(&mut game, true);
    assert_eq!(chips(&game), [115, 115, 0, 103]);
    assert_eq!(game.state().winners().iter().collect::<Vec<_>>(), [Seat(0), Seat(1)]);
}

#[test]
fn j10_two_players_only_with_the_option() {
    assert!(setup_error(2, json!({}), None).starts_with("bad_request"));
    let game = start(2, json!({"two_players": true}), None);
    assert_eq!(game.state().cards_left().as_slice(), [22, 22]);
    assert_eq!(game.state().view(None).aside_count, 8);
    assert_eq!(board(&game), [2, 4, 6, 8, 10]);
    let deal = complete_deal(&["", ""], "AS 2S 3S 4S 5S 6S 7S 8S");
    let game = start(2, json!({"two_players": true}), Some(deal));
    assert_eq!(game.state().aside().len(), 8);
    assert!(setup_error(9, json!({"two_players": true}), None).starts_with("bad_request"));
}

#[test]
fn j11_suits_do_not_matter_in_a_run() {
    let mut game = called_on_seven();
    act(&mut game, 1, "pass");
    act(&mut game, 2, "play 8H");
    assert_eq!(legal(&game, 2), ["play 9S", "stop"], "a spade follows a heart");
    act(&mut game, 2, "play 9S");
    let run: Vec<String> = game.state().table().run.iter().map(ToString::to_string).collect();
    assert_eq!(run, ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8H", "9S"]);
}

// ----- views -----

#[test]
fn views_hold_only_what_the_seat_may_see() {
    let game = start(4, json!({}), Some(worked_example_deal()));
    let spectator = serde_json::to_string(&game.state().view(None)).unwrap();
    let board_names = ["TD", "JC", "QS", "KH", "7D"];
    for card in tapis_core::FrenchCard::suited().map(|c| c.to_string()) {
        if !board_names.contains(&card.as_str()) {
            assert!(!spectator.contains(&format!("\"{card}\"")), "the spectator sees {card}");
        }
    }
    let mine = game.state().view(Some(Seat(0)));
    assert_eq!(mine.hand, Some(game.state().hand(Seat(0))));
    let json = serde_json::to_string(&mine).unwrap();
    assert!(json.contains("\"KH\"") && !json.contains("\"AH\""), "seat 0 sees its own cards only");
    assert_eq!(mine.hand_counts.as_slice(), [12, 12, 12, 12]);
    for lang in [tapis_core::Lang::Fr, tapis_core::Lang::En] {
        let text = NainJaune::render_view(&mine, &tapis_core::Words::plain(lang));
        assert!(text.contains("R♥") || text.contains("K♥"), "{text}");
        assert!(!NainJaune::rules_text(lang).is_empty());
    }
}

// ----- bad input -----

/// The refusal of a setup: its code, then its sentence in French and in English.
fn refusal(players: usize, opts: Value, deal: Option<Value>) -> (String, String, String) {
    let request = MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal };
    match Match::<NainJaune>::new(&request) {
        Ok(_) => panic!("setup accepted"),
        Err(e) => (e.code().to_string(), e.message(Lang::Fr), e.message(Lang::En)),
    }
}

fn deck_mismatch(missing: &[&str], extra: &[&str]) -> SetupError {
    SetupError::DeckMismatch(DeckMismatch {
        expected: 52,
        missing: missing.iter().map(|c| c.to_string()).collect(),
        extra: extra.iter().map(|c| c.to_string()).collect(),
    })
}

fn setup_refused(players: usize, opts: Value, deal: Option<Value>) -> SetupError {
    let request = MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal };
    Match::<NainJaune>::new(&request).expect_err("setup accepted")
}

#[test]
fn bad_deals_are_refused_with_the_cards_named() {
    // The deck check is core's: the missing and extra cards, by name.
    let mut missing = worked_example_deal();
    missing["aside"] = cards("TD JC QS");
    assert_eq!(setup_refused(4, json!({}), Some(missing)), deck_mismatch(&["7D"], &[]));
    let mut duplicated = worked_example_deal();
    duplicated["aside"] = cards("TD JC QS QS");
    assert_eq!(
        refusal(4, json!({}), Some(duplicated)),
        (
            "bad_deal".into(),
            "la donne doit contenir exactement les 52 cartes du jeu : manquent 7D ; en trop QS".into(),
            "the deal must hold exactly the 52 cards of the deck: missing 7D; extra QS".into()
        )
    );
    let mut joker = worked_example_deal();
    joker["aside"] = cards("TD JC QS X");
    assert_eq!(setup_refused(4, json!({}), Some(joker)), deck_mismatch(&["7D"], &["X"]));
    let mut extra = worked_example_deal();
    extra["aside"] = cards("TD JC QS 7D 7D");
    assert_eq!(setup_refused(4, json!({}), Some(extra)), deck_mismatch(&[], &["7D"]));
    let mut unknown = worked_example_deal();
    unknown["aside"] = cards("TD JC QS ZZ");
    let (code, _, en) = refusal(4, json!({}), Some(unknown));
    assert_eq!(code, "bad_deal");
    assert!(en.starts_with("the deal does not read as a nainjaune deal: 'ZZ' is not a card"), "{en}");
    // The shape of the deal and the chips are this game's checks.
    let wrong_sizes = complete_deal(&["", "", "", ""], "TD JC QS 7D");
    assert_eq!(
        refusal(3, json!({}), Some(wrong_sizes)),
        ("bad_deal".into(), "la donne a 4 mains pour 3 joueurs".into(), "the deal has 4 hands for 3 players".into())
    );
    let mut short_hand = worked_example_deal();
    short_hand["hands"][0] = cards("AS 2S 3S 4S 5S 6S 7S 7H 8S KH AD");
    short_hand["aside"] = cards("TD JC QS 7D 2C");
    assert_eq!(
        refusal(4, json!({}), Some(short_hand)),
        (
            "bad_deal".into(),
            "la place 0 reçoit 11 cartes ; à 4 joueurs, chacun en reçoit 12".into(),
            "seat 0 is dealt 11 cards; at 4 players each gets 12".into()
        )
    );
    let mut poor = worked_example_deal();
    poor["chips"] = json!([120, 14, 120, 120]);
    assert_eq!(
        refusal(4, json!({}), Some(poor)),
        (
            "bad_deal".into(),
            "la place 1 a 14 jetons : moins que la mise de 15 jetons".into(),
            "seat 1 has 14 chips: fewer than the 15-chip stake".into()
        )
    );
    let mut rich = worked_example_deal();
    rich["chips"] = json!([120, 1_000_001, 120, 120]);
    assert_eq!(refusal(4, json!({}), Some(rich)).2, "seat 1 has 1000001 chips: at most 1000000");
    let mut seats = worked_example_deal();
    seats["chips"] = json!([120, 120, 120]);
    assert_eq!(
        refusal(4, json!({}), Some(seats)),
        (
            "bad_deal".into(),
            "la donne donne des jetons à 3 places, pas à 4".into(),
            "the deal gives chips for 3 seats, not 4".into()
        )
    );
    let mut full_cell = worked_example_deal();
    full_cell["board"] = json!({"KH": 1_000_001});
    assert_eq!(
        refusal(4, json!({}), Some(full_cell)),
        (
            "bad_deal".into(),
            "la case KH porte 1000001 jetons : 1000000 au plus".into(),
            "cell KH holds 1000001 chips: at most 1000000".into()
        )
    );
    let mut cell = worked_example_deal();
    cell["board"] = json!({"AS": 3});
    assert_eq!(refusal(4, json!({}), Some(cell)).0, "bad_deal");
    let mut unknown_field = worked_example_deal();
    unknown_field["stock"] = cards("AS");
    assert_eq!(refusal(4, json!({}), Some(unknown_field)).0, "bad_deal");
}

#[test]
fn a_deal_may_start_from_a_match_in_progress() {
    let mut deal = worked_example_deal();
    deal["chips"] = json!([50, 60, 70, 80]);
    deal["board"] = json!({"KH": 10, "7D": 3});
    let game = start(4, json!({}), Some(deal));
    assert_eq!(chips(&game), [35, 45, 55, 65]);
    assert_eq!(board(&game), [4, 8, 12, 26, 23]);
    assert_eq!(game.state().score_bounds(), (0, 273));
}

#[test]
fn bad_options_are_refused() {
    let err = setup_error(4, json!({"capitol": 100}), None);
    assert!(err.starts_with("bad_option") && err.contains("capital, two_players"), "{err}");
    assert!(setup_error(4, json!({"payment": "points"}), None).contains("per_card, card_points"));
    assert_eq!(
        refusal(4, json!({"capital": 10}), None),
        (
            "bad_option".into(),
            "l'option « capital » ne peut pas valoir 10 : elle prend un entier de 15 à 1\u{202f}000\u{202f}000".into(),
            "option 'capital' cannot be 10: it takes an integer from 15 to 1,000,000".into()
        )
    );
    assert!(setup_error(4, json!({"settlement_order": "sweep"}), None).starts_with("bad_option"));
    assert!(setup_error(4, json!({"grand_opera": true}), None).starts_with("bad_option"));
    assert_eq!(
        refusal(4, json!({"rounds": -1}), None),
        (
            "bad_option".into(),
            "l'option « rounds » ne peut pas valoir -1 : elle prend 0 ou null (jouer jusqu’à ce qu’un joueur ne \
             puisse plus miser ni payer), ou un nombre de manches de 1 à 10\u{202f}000"
                .into(),
            "option 'rounds' cannot be -1: it takes 0 or null (play until a player cannot stake or pay), or a \
             number of rounds from 1 to 10,000"
                .into()
        )
    );
    assert_eq!(
        setup_refused(4, json!({"rounds": "two"}), None),
        SetupError::OptionValue {
            key: "rounds".into(),
            value: "\"two\"".into(),
            accepted: tapis_core::Text::new(
                "0 ou null (jouer jusqu’à ce qu’un joueur ne puisse plus miser ni payer), ou un nombre de manches \
                 de 1 à 10\u{202f}000",
                "0 or null (play until a player cannot stake or pay), or a number of rounds from 1 to 10,000"
            )
        }
    );
    assert_eq!(refusal(4, json!({"rounds": 10_001}), None).0, "bad_option");
    assert_eq!(start(4, json!({"rounds": 10_000}), None).state().options().rounds, 10_000);
    assert!(setup_error(4, json!({"manual_claim": "yes"}), None).starts_with("bad_option"));
    assert_eq!(
        refusal(9, json!({}), None),
        (
            "bad_request".into(),
            "Le Nain Jaune se joue de 3 à 8 joueurs, pas 9".into(),
            "Le Nain Jaune is played by 3 to 8 players, not 9".into()
        )
    );
    assert_eq!(refusal(2, json!({}), None).2, "Le Nain Jaune is played by 3 to 8 players, not 2");
}

#[test]
fn illegal_actions_say_which_rule_they_break() {
    let reason = |game: &Match<NainJaune>, seat: u8, text: &str| -> (String, String) {
        let mut copy = game.clone();
        match copy.act(Seat(seat), text) {
            Err(ActionError::NotLegal { reason: Some(reason), .. }) => (reason.fr, reason.en),
            other => panic!("'{text}': {other:?}"),
        }
    };
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    assert_eq!(
        reason(&game, 0, "stop"),
        ("une nouvelle suite s'entame en posant une carte".into(), "a new run starts with a card".into())
    );
    assert_eq!(
        reason(&game, 0, "play AH"),
        ("cette carte n'est pas dans la main".into(), "that card is not in the hand".into())
    );
    assert_eq!(
        reason(&game, 0, "claim").1,
        "no cell to claim: “qui prend!” is said after laying a board card, before the next card"
    );
    act(&mut game, 0, "play AS");
    assert_eq!(
        reason(&game, 0, "play 3S"),
        (
            "une suite monte d'un rang à la fois (rang attendu : 2)".into(),
            "a run rises one rank at a time (rank expected: 2)".into()
        )
    );
    assert_eq!(reason(&game, 0, "pass").1, "to end one's run, call the missing rank (stop)");
    let mut game = called_on_seven();
    act(&mut game, 1, "pass");
    acts(&mut game, 2, &["play 8H", "play 9S", "play TS"]);
    assert_eq!(
        reason(&game, 2, "play QH"),
        (
            "une suite monte d'un rang à la fois (rang attendu : Valet)".into(),
            "a run rises one rank at a time (rank expected: Jack)".into()
        )
    );
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    play_to_the_call_on_seven(&mut game);
    assert_eq!(
        reason(&game, 0, "pass"),
        ("qui a le rang annoncé doit le poser".into(), "a player holding the called rank must lay it".into())
    );
    assert_eq!(
        reason(&game, 0, "play 8S"),
        ("« Sans 7 ! » est annoncé : seul ce rang y répond".into(), "“Sans 7!” was called: only a 7 answers it".into())
    );
    assert_eq!(
        reason(&game, 0, "stop").0,
        "annoncer le rang manquant finit sa propre suite ; appelé sur un rang, on le pose ou on passe (pass)"
    );
    let err = game.clone().act(Seat(0), "pass").unwrap_err();
    assert_eq!(
        err.to_string(),
        "'pass' is not legal for seat 0 now: a player holding the called rank must lay it; legal: play 7H"
    );
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    assert!(refuse(&mut game, 0, "jouer AS").starts_with("bad_action"));
    assert!(refuse(&mut game, 0, "play").starts_with("bad_action"));
    assert!(refuse(&mut game, 0, "play ZZ").starts_with("bad_action"));
    assert!(refuse(&mut game, 0, "play X").starts_with("bad_action"));
    assert!(refuse(&mut game, 0, "stop now").starts_with("bad_action"));
    assert!(refuse(&mut game, 0, "play AH").starts_with("illegal_action"), "not in his hand");
    assert!(refuse(&mut game, 1, "play AH").starts_with("illegal_action"), "not his turn");
    assert!(refuse(&mut game, 0, "stop").starts_with("illegal_action"), "a lead lays a card");
    assert!(refuse(&mut game, 0, "pass").starts_with("illegal_action"));
    assert!(refuse(&mut game, 0, "claim").starts_with("illegal_action"));
    assert!(refuse(&mut game, 7, "play AS").starts_with("illegal_action"));
    act(&mut game, 0, "  PLAY   as ");
    assert!(refuse(&mut game, 0, "play 3S").starts_with("illegal_action"), "a run rises one rank");
}

// ----- golden transcript and bot -----

#[test]
fn golden_transcript() {
    let request =
        MatchRequest { players: 4, seed: 2026, dealer: None, options: options(json!({"rounds": 1})), deal: None };
    let text = kit::transcript::<NainJaune>(&request, 11);
    kit::assert_golden(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/nainjaune.txt"), &text);
}

#[test]
fn heuristic_bot_beats_random_players() {
    // Whole matches at the benchmark's 4 players, the heuristic's seat rotating: a few hundred
    // tell a strong bot from a random one (`TAPIS_SOAK` plays more).
    let games = kit::soak(400);
    let wins = tapis_bots::heuristic_vs_random::<NainJaune>(4, &Map::new(), games, 42);
    let share = wins as f64 / games as f64;
    println!("heuristic seat won {wins} of {games} 4-player matches ({share:.3}; fair share 0.25)");
    assert!(share > 0.45, "the heuristic wins only {share:.3} of its matches (fair share 0.25)");
}

fn bot_choice(game: &Match<NainJaune>, seat: u8) -> String {
    let mut legal = ActionList::new();
    game.state().legal_actions(Seat(seat), &mut legal);
    let view = game.state().view(Some(Seat(seat)));
    let mut rng = GameRng::seed_from_u64(0);
    NainJaune::heuristic_action(&view, &legal, &mut rng).expect("the bot acts").to_string()
}

#[test]
fn heuristic_claims_and_goes_on_with_its_run() {
    let mut game = start(4, json!({"manual_claim": true}), Some(claim_deal()));
    act(&mut game, 0, "play 7D");
    assert_eq!(bot_choice(&game, 0), "claim");
    act(&mut game, 0, "claim");
    assert_eq!(bot_choice(&game, 0), "play 8S", "the other 8s are unseen: he dumps his own");
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S", "play 7S"]);
    assert_eq!(bot_choice(&game, 0), "play 8S");
}

#[test]
fn heuristic_leads_the_run_that_keeps_the_lead() {
    // Seat 0 holds A–6 and 8–K. The 7s are unseen to him (they are aside), so A–6 would hand the
    // move over on « sans 7 », while 8–K ends on a King and keeps the lead: he leads 8♠.
    let game = start(4, json!({}), Some(grand_opera_deal()));
    assert_eq!(bot_choice(&game, 0), "play 8S");
}

// ----- the client view -----

/// What an observer is told of an action: each event with its words in both languages, the seats
/// by name and the observer addressed as « vous » / "you".
fn told(events: &[Event], observer: Option<Seat>) -> Vec<Value> {
    let names: Vec<String> = ["Alice", "Ada", "Blaise", "Zoé"].map(String::from).to_vec();
    scenario::told(events, observer)
        .iter()
        .map(|e| {
            json!({
                "event": e,
                "fr": NainJaune::describe_event(e, &tapis_core::Words::new(Lang::Fr, &names, observer)),
                "en": NainJaune::describe_event(e, &tapis_core::Words::new(Lang::En, &names, observer)),
            })
        })
        .collect()
}

fn body(game: &Match<NainJaune>, observer: Option<u8>) -> tapis_nainjaune::Body {
    NainJaune::client_body(&game.state().view(observer.map(Seat)))
}

/// A seeded 4-player match of two rounds, played by uniform random choices, stopped at the first
/// step where `stop_after` holds of the events just told; returns those events.
fn play_until(game: &mut Match<NainJaune>, rng: &mut GameRng, stop_after: impl Fn(&[Event]) -> bool) -> Vec<Event> {
    let mut legal = ActionList::new();
    loop {
        assert!(!game.state().is_over(), "the moment never came");
        let (seat, action) = kit::random_choice(game.state(), rng, &mut legal);
        let events = game.act_parsed(seat, action).unwrap();
        if stop_after(&events) {
            return events;
        }
    }
}

#[test]
fn client_view_through_a_seeded_match() {
    let request =
        MatchRequest { players: 4, seed: 2026, dealer: None, options: options(json!({"rounds": 2})), deal: None };
    let mut game = Match::<NainJaune>::new(&request).unwrap();
    let mut rng = GameRng::seed_from_u64(11);
    insta::assert_json_snapshot!("start_seat_0", body(&game, Some(0)));
    insta::assert_json_snapshot!("start_spectator", body(&game, None));

    // The first « sans … » that someone must answer.
    let events = play_until(&mut game, &mut rng, |e| e.iter().any(|e| matches!(e, Event::Stopped { .. })));
    let Phase::Follow { seat: called, .. } = whose_move(&game) else { panic!("a stop calls the next seat") };
    assert_eq!(called, Seat(1));
    insta::assert_json_snapshot!("sans_call_told", told(&events, Some(Seat(1))));
    insta::assert_json_snapshot!("sans_call_seat_1", body(&game, Some(1)));

    // The end of round 1: the settlement, then round 2 dealt at once.
    let events = play_until(&mut game, &mut rng, |e| e.iter().any(|e| matches!(e, Event::RoundOver { .. })));
    assert_eq!(game.state().round(), 2);
    let to_seat_2 = told(&events, Some(Seat(2)));
    assert_eq!(to_seat_2.iter().filter(|e| e["event"]["type"] == "dealt").count(), 1, "seat 2 sees its deal only");
    insta::assert_json_snapshot!("round_end_told_seat_2", to_seat_2);
    insta::assert_json_snapshot!("round_end_told_spectator", told(&events, None));
    insta::assert_json_snapshot!("round_2_seat_2", body(&game, Some(2)));

    // The end of the match.
    let events = play_until(&mut game, &mut rng, |e| e.iter().any(|e| matches!(e, Event::MatchOver { .. })));
    insta::assert_json_snapshot!("match_end_told_spectator", told(&events, None));
    insta::assert_json_snapshot!("match_end_spectator", body(&game, None));
    insta::assert_json_snapshot!("match_end_seat_3", body(&game, Some(3)));
}

#[test]
fn client_view_of_a_grand_opera() {
    let mut game = start(4, json!({"rounds": 1}), Some(grand_opera_deal()));
    acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S"]);
    let opera = body(&game, Some(0));
    assert_eq!(opera.grand_opera_possible, [Seat(0)], "nobody else has laid a card");
    assert_eq!(opera.next, Some("7"));
    act(&mut game, 0, "stop");
    act(&mut game, 1, "pass");
    insta::assert_json_snapshot!("grand_opera_call_going_round_seat_2", body(&game, Some(2)));
    acts(&mut game, 2, &["pass"]);
    let last_pass = act(&mut game, 3, "pass");
    assert_eq!(last_pass[1], Event::NewRun { seat: Seat(0), reason: tapis_nainjaune::NewRunReason::NobodyAnswered });
    let events = acts(&mut game, 0, &["play 8S", "play 9S", "play TS", "play JS", "play QH", "play KS"]);
    insta::assert_json_snapshot!("grand_opera_told", told(&events, None));
    insta::assert_json_snapshot!("grand_opera_end_spectator", body(&game, None));
    // Under the strict definition, one card by another seat rules it out for the round.
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "stop"]);
    act(&mut game, 1, "play 2D");
    assert!(body(&game, None).grand_opera_possible.is_empty());
    let mut game = start(4, json!({"grand_opera": "first_turn"}), Some(worked_example_deal()));
    acts(&mut game, 0, &["play AS", "stop"]);
    assert_eq!(body(&game, None).grand_opera_possible, [Seat(0), Seat(1), Seat(2), Seat(3)]);
    act(&mut game, 1, "play 2D");
    assert_eq!(body(&game, None).grand_opera_possible, [Seat(1), Seat(2), Seat(3)], "seat 0's first turn is over");
}

#[test]
fn client_view_of_a_claim_window() {
    let mut game = start(4, json!({"manual_claim": true}), Some(claim_deal()));
    acts(&mut game, 0, &["play 7D", "stop"]);
    insta::assert_json_snapshot!("claim_window_seat_1", body(&game, Some(1)));
}

/// Every card string in a body, the board's cell names left out (they name cells, not cards).
fn cards_in(body: &tapis_nainjaune::Body) -> Vec<tapis_core::FrenchCard> {
    fn walk(value: &Value, out: &mut Vec<tapis_core::FrenchCard>) {
        match value {
            Value::String(s) => out.extend(s.parse::<tapis_core::FrenchCard>().ok()),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            Value::Object(map) => map.iter().filter(|(k, _)| *k != "board").for_each(|(_, v)| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::to_value(body).unwrap(), &mut out);
    out
}

#[test]
fn the_spectators_body_holds_no_card_of_any_hand() {
    let mut legal = ActionList::new();
    let sets =
        [(4, json!({"capital": 30})), (3, json!({"manual_claim": true, "capital": 30})), (8, json!({"capital": 30}))];
    for (players, opts) in sets {
        for seed in 0..20 {
            let request = MatchRequest { players, seed, dealer: None, options: options(opts.clone()), deal: None };
            let mut game = Match::<NainJaune>::new(&request).unwrap().state().clone();
            let mut rng = GameRng::seed_from_u64(seed);
            while !game.is_over() {
                let hidden_from = |seat: Option<Seat>| {
                    let mut hidden = game.aside().0;
                    for other in Seat::all(players).filter(|&s| Some(s) != seat) {
                        hidden = hidden.union(game.hand(other).0);
                    }
                    hidden
                };
                for observer in Seat::all(players).map(Some).chain([None]) {
                    let body = NainJaune::client_body(&game.view(observer));
                    let hidden = hidden_from(observer);
                    for card in cards_in(&body) {
                        assert!(!hidden.contains(card.index()), "{observer:?} is shown {card}, hidden from it");
                    }
                    if observer.is_none() {
                        assert!(body.hand.is_none(), "a spectator has no hand");
                        let counted: u32 = body.seats.iter().map(|s| s.cards).sum();
                        assert_eq!(counted as usize, Seat::all(players).map(|s| game.hand(s).len()).sum::<usize>());
                    }
                }
                let (seat, action) = kit::random_choice(&game, &mut rng, &mut legal);
                game.apply(seat, action).unwrap();
            }
        }
    }
}

// ----- private events and secrecy -----

#[test]
fn each_seat_is_told_its_new_hand_alone() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    let events = play_worked_example(&mut game, true);
    let dealt: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::Dealt { .. })).collect();
    assert_eq!(dealt.len(), 4, "one private deal per seat");
    for seat in Seat::all(4) {
        let mine: Vec<&Event> =
            tapis_core::events_for(&events, Some(seat)).filter(|e| matches!(e, Event::Dealt { .. })).collect();
        assert_eq!(mine, [&Event::Dealt { seat, hand: game.state().hand(seat) }]);
        assert_eq!(mine[0].audience(), Audience::Only(seat));
        assert!(mine[0].reveals());
    }
    assert!(tapis_core::events_for(&events, None).all(|e| e.audience() == Audience::Everyone));
    assert_eq!(tapis_core::events_for(&events, None).count(), events.len() - 4);
    // The round's start is public, before the private deals.
    let started = events.iter().position(|e| matches!(e, Event::RoundStarted { .. })).unwrap();
    assert!(matches!(events[started + 1], Event::Dealt { seat: Seat(0), .. }));
    assert_eq!(
        NainJaune::describe_event(&events[started + 1], &tapis_core::Words::plain(Lang::Fr)),
        format!("Joueur 1 reçoit 12 cartes\u{a0}: {}.", describe_hand(&game, 0, Lang::Fr))
    );
}

fn describe_hand(game: &Match<NainJaune>, seat: u8, lang: Lang) -> String {
    let names: Vec<String> = game
        .state()
        .hand(Seat(seat))
        .iter()
        .map(|c| {
            let text = c.pretty();
            match lang {
                Lang::Fr => text.replace('J', "V").replace('Q', "D").replace('K', "R"),
                Lang::En => text,
            }
        })
        .collect();
    names.join(" ")
}

#[test]
fn only_the_settlement_reveals_and_only_dealt_is_private() {
    let mut game = start(4, json!({}), Some(worked_example_deal()));
    let events = play_worked_example(&mut game, true);
    let revealing: Vec<&str> = events
        .iter()
        .filter(|e| e.reveals())
        .map(|e| match e {
            Event::Paid { .. } => "paid",
            Event::Doubled { .. } => "doubled",
            Event::Dealt { .. } => "dealt",
            _ => "other",
        })
        .collect();
    assert_eq!(revealing, ["paid", "paid", "paid", "doubled", "dealt", "dealt", "dealt", "dealt"]);
}

/// The leak the secrecy check found: the settlement names who kept a board card (and, with
/// `card_points`, what the hands were worth), so it depends on cards hidden from the others. It
/// is a showdown: its events reveal, and everything told before them does not depend on the
/// hidden cards.
#[test]
fn regression_the_settlement_is_a_showdown() {
    let mut game = start(4, json!({"payment": "card_points"}), Some(worked_example_deal()));
    play_worked_example(&mut game, false);
    let last = NainJaune::parse_action("play 7C").unwrap();
    let mut events = Vec::new();
    game.state().clone().step(Seat(1), last, &mut events);
    let before = |list: &[Event]| -> Vec<Event> { list.iter().take_while(|e| !e.reveals()).cloned().collect() };
    let seven = "7C".parse().unwrap();
    assert_eq!(before(&events), [Event::Played { seat: Seat(1), card: seven }, Event::WentOut { seat: Seat(1) }]);
    let doublers = |list: &[Event]| -> Vec<Seat> {
        list.iter().filter_map(|e| if let Event::Doubled { seat, .. } = e { Some(*seat) } else { None }).collect()
    };
    // Seat 2 sees neither seat 0's, nor seat 3's hand, nor the aside: the R♥ could be anywhere.
    let view = game.state().view(Some(Seat(2)));
    let mut rng = GameRng::seed_from_u64(3);
    let (mut tried, mut other_doublers) = (0, 0);
    while tried < 20 {
        let mut redealt = NainJaune::determinize(&view, &mut rng);
        // Seat 1's last card is hidden from seat 2 too: keep the deals where it is the 7♣.
        if !redealt.is_legal(Seat(1), last) {
            continue;
        }
        tried += 1;
        let mut other = Vec::new();
        redealt.step(Seat(1), last, &mut other);
        assert_eq!(before(&other), before(&events));
        if doublers(&other) != doublers(&events) {
            other_doublers += 1;
        }
    }
    assert!(other_doublers > 0, "the doublings depend on the hidden cards");
}

/// Who the match waits for never depends on a hand: every seat called on a rank is asked, with a
/// lone `pass` when it lacks it, and a player who cannot go on with his run still says `stop`.
#[test]
fn regression_every_called_seat_is_asked_holder_or_not() {
    for opts in [json!({}), json!({"follow_optional": true})] {
        let mut game = start(4, opts.clone(), Some(grand_opera_deal()));
        acts(&mut game, 0, &["play AS", "play 2S", "play 3S", "play 4S", "play 5S", "play 6S"]);
        assert_eq!(legal(&game, 0), ["stop"], "no 7 in hand, still a decision");
        act(&mut game, 0, "stop");
        for seat in 1..=3 {
            assert_eq!(game.state().waiting_for().iter().collect::<Vec<_>>(), [Seat(seat)], "{opts}");
            assert_eq!(legal(&game, seat), ["pass"], "the four 7s are aside");
            act(&mut game, seat, "pass");
        }
        assert_eq!(whose_move(&game), Phase::Lead { seat: Seat(0) });
    }
}

#[test]
fn counters_count_what_the_events_tell() {
    use tapis_core::Counters;
    let keys: Vec<&str> = NainJaune::COUNTERS.iter().map(|c| c.key).collect();
    assert_eq!(
        keys,
        [
            "grand_operas",
            "grand_opera_chips",
            "doublings",
            "board_chips",
            "cells_taken",
            "cell_chips",
            "chips_paid",
            "claims_missed"
        ]
    );
    let mut seen = [0u64; 8];
    for (seed, opts) in [(3, json!({})), (4, json!({"manual_claim": true, "rounds": 6}))] {
        let request = MatchRequest { players: 4, seed, options: options(opts), ..MatchRequest::default() };
        let (counts, events) = tapis_core::counters::check_counting::<NainJaune>(&request, 1_000_000);
        let mut expected = [0u64; 8];
        for event in &events {
            match *event {
                Event::GrandOpera { chips, .. } => {
                    (expected[0], expected[1]) = (expected[0] + 1, expected[1] + chips as u64)
                }
                Event::Doubled { chips, .. } => {
                    (expected[2], expected[3]) = (expected[2] + 1, expected[3] + chips as u64)
                }
                Event::Collected { chips, .. } => {
                    (expected[4], expected[5]) = (expected[4] + 1, expected[5] + chips as u64)
                }
                Event::Paid { chips, .. } => expected[6] += chips as u64,
                Event::ClaimMissed { .. } => expected[7] += 1,
                _ => {}
            }
        }
        assert_eq!(counts.0, expected, "seed {seed}");
        for (all, count) in seen.iter_mut().zip(counts.0) {
            *all += count;
        }
    }
    assert!(seen[2..].iter().all(|&c| c > 0), "random matches lay, double, pay and miss claims: {seen:?}");
}

/// Perft: the number of legal-action sequences from fixed deals, stored in `tests/perft.txt`
/// (`TAPIS_BLESS=1` writes them again after a deliberate change of the rules).
#[test]
fn perft_counts_from_fixed_deals() {
    kit::assert_perft::<NainJaune>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.txt"));
}

/// The golden records (`tests/records/`, `tapis_core::kit::golden`): whole matches played by the
/// heuristic bots that must replay exactly, from their chance outcomes and from their seed alone.
/// `TAPIS_BLESS=1` plays them again and writes them, for a deliberate change of the rules.
#[test]
fn golden_records_replay_exactly() {
    let matches = [
        GoldenMatch { name: "four_players", players: 4, seed: 1, options: json!({"rounds": 4}) },
        GoldenMatch { name: "two_players", players: 2, seed: 2, options: json!({"two_players": true, "rounds": 3}) },
        GoldenMatch { name: "manual_claim", players: 5, seed: 3, options: json!({"manual_claim": true, "rounds": 3}) },
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let steps = golden::assert_golden_records::<NainJaune>(&dir, &matches, |request| {
        tapis_bots::recorded_match::<NainJaune>(request, request.seed ^ 0x60_1DE7)
    });
    assert!(steps > 40 * matches.len(), "{steps} steps");
}
