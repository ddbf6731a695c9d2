//! Battle GUM: conformance kit, fuzzing, rulebook scenarios (§3.9 and register G1–G14), bad
//! input, golden transcript, and the heuristic bot against random players.

// The crate's other integration tests are modules of this one binary: one link per crate.
mod words;

use serde_json::{Map, Value, json};
use tapis_core::kit::golden::{self, GoldenMatch};
use tapis_core::kit::scenario::{self, act, legal, refused};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{
    ActionList, ClientView, Conformance, Game, GameEvent, Heuristic, Match, MatchRequest, Seat, SeatSet, Wording,
    events_for,
};
use tapis_gum::Gum;
use tapis_gum::{Action, Event, Phase, PlayKind, Requirement, Then};

// ----- conformance -----

fn kit_run(config: KitConfig) {
    let report = kit::run::<Gum>(&config);
    assert_eq!(report.games, config.games);
    assert!(report.deep_checks > 0);
    eprintln!(
        "gum kit {} players {:?}: {} steps, {} deep checks, wins {:?}",
        config.players, config.options, report.steps, report.deep_checks, report.wins
    );
}

// Random two-player games are long (about 2,000 decisions): the deep checks are rarer there
// (every step is still checked), and the 340 matches (times the soak scale) run as two halves
// of distinct seeds so that they share the cores.
#[test]
fn kit_two_players_first_half() {
    kit_run(KitConfig { deep_every: 2_000, seed: 0, ..KitConfig::new(2, 170) });
}

#[test]
fn kit_two_players_second_half() {
    kit_run(KitConfig { deep_every: 2_000, seed: 1, ..KitConfig::new(2, 170) });
}

#[test]
fn kit_three_players() {
    kit_run(KitConfig { deep_every: 1_000, ..KitConfig::new(3, 300) });
}

#[test]
fn kit_four_players() {
    kit_run(KitConfig { deep_every: 1_000, ..KitConfig::new(4, 300) });
}

#[test]
fn kit_five_players() {
    kit_run(KitConfig { deep_every: 1_000, ..KitConfig::new(5, 300) });
}

#[test]
fn kit_six_players() {
    kit_run(KitConfig { deep_every: 1_000, ..KitConfig::new(6, 300).option("max_players", json!(6)) });
}

/// 70 four-player matches (times the soak scale) with one option that changes the flow.
fn kit_option(key: &str, value: Value) {
    kit_run(KitConfig { deep_every: 1_000, ..KitConfig::new(4, 70).option(key, value) });
}

#[test]
fn kit_burn_replays() {
    kit_option("burn_replays", json!(true));
}

#[test]
fn kit_king_optional() {
    kit_option("king_optional", json!(true));
}

#[test]
fn kit_ninja_reset() {
    kit_option("ninja_mode", json!("reset"));
}

#[test]
fn kit_ninja_interrupt() {
    kit_option("ninja_interrupt", json!(true));
}

#[test]
fn kit_table_play_shithead() {
    kit_option("table_play", json!("shithead"));
}

#[test]
fn kit_voluntary_pickup() {
    kit_option("voluntary_pickup", json!(true));
}

#[test]
fn kit_four_in_a_row_burn() {
    kit_option("four_in_a_row_burn", json!(true));
}

#[test]
fn kit_complete_pair_burn() {
    kit_option("complete_pair_burn", json!(true));
}

/// Both out-of-turn windows at once (issue 13, point 7): a Ninja may be thrown during any turn
/// while a pair may be completed, and the secrecy checks must hold for both.
#[test]
fn kit_both_windows() {
    kit_run(
        KitConfig { deep_every: 1_000, ..KitConfig::new(4, 35) }
            .option("ninja_interrupt", json!(true))
            .option("complete_pair_burn", json!(true)),
    );
}

#[test]
fn kit_play_to_last() {
    kit_option("play_to_last", json!(true));
}

#[test]
fn kit_several_games_loser_deals() {
    kit_run(KitConfig {
        deep_every: 1_000,
        ..KitConfig::new(4, 70).option("games", json!(3)).option("dealer", json!("loser"))
    });
}

/// Every switch at once but `voluntary_pickup` (random players who pick up half the time for no
/// reason duel for very long; that switch has its own run above).
#[test]
fn kit_every_variant_at_once() {
    for players in [2, 3, 5] {
        let config = KitConfig { deep_every: 100, ..KitConfig::new(players, 10) }
            .option("burn_replays", json!(true))
            .option("king_optional", json!(true))
            .option("ninja_mode", json!("reset"))
            .option("ninja_interrupt", json!(true))
            .option("table_play", json!("shithead"))
            .option("four_in_a_row_burn", json!(true))
            .option("complete_pair_burn", json!(true))
            .option("play_to_last", json!(true));
        kit_run(config);
    }
}

// ----- scenario helpers -----

const KINDS: [&str; 14] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "00"];

fn copies(card: &str) -> usize {
    if card == "00" { 2 } else { 4 }
}

/// A whole deal from the cards a scenario cares about. `?` is a card nobody plays in the
/// scenario: the highest cards left over (Ninjas, then 13s, 12s...). The rest of the deck goes
/// to the stock after `stock_top`, lowest values first.
fn deal(hands: &[[&str; 3]], faceup: &[[&str; 3]], facedown: &[[&str; 3]], stock_top: &[&str]) -> Value {
    let used: Vec<&str> = hands
        .iter()
        .chain(faceup)
        .chain(facedown)
        .flat_map(|r| r.iter().copied())
        .chain(stock_top.iter().copied())
        .filter(|&c| c != "?")
        .collect();
    let mut rest: Vec<&str> = Vec::new();
    for kind in KINDS {
        let n = used.iter().filter(|&&c| c == kind).count();
        assert!(n <= copies(kind), "scenario uses too many {kind}");
        rest.extend(std::iter::repeat_n(kind, copies(kind) - n));
    }
    let mut fill = |rows: &[[&str; 3]]| -> Vec<Vec<String>> {
        rows.iter()
            .map(|row| row.iter().map(|&c| if c == "?" { rest.pop().unwrap() } else { c }.to_string()).collect())
            .collect()
    };
    let (hands, faceup, facedown) = (fill(hands), fill(faceup), fill(facedown));
    let stock: Vec<&str> = stock_top.iter().copied().chain(rest).collect();
    json!({"hands": hands, "faceup": faceup, "facedown": facedown, "stock": stock})
}

fn opts(pairs: &[(&str, Value)]) -> Map<String, Value> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

fn new_match(players: usize, options: Map<String, Value>, deal: Value) -> Match<Gum> {
    let request = MatchRequest { players, seed: 1, dealer: None, options, deal: Some(deal) };
    Match::<Gum>::new(&request).expect("scenario setup")
}

/// A match past the swap phase (everyone ready at once).
fn started(players: usize, options: Map<String, Value>, deal: Value) -> Match<Gum> {
    let mut m = new_match(players, options, deal);
    for seat in 0..players {
        act(&mut m, seat as u8, "ready");
    }
    m
}

fn phase(m: &Match<Gum>) -> Phase {
    m.state().view(None).table.phase
}

fn turn(m: &Match<Gum>) -> Phase {
    phase(m)
}

fn is_turn(seat: usize) -> Phase {
    Phase::Turn { seat: Seat(seat as u8) }
}

fn pile(m: &Match<Gum>) -> Vec<String> {
    m.state().view(None).table.pile.iter().map(ToString::to_string).collect()
}

fn hand(m: &Match<Gum>, seat: usize) -> Vec<String> {
    m.state().view(Some(Seat(seat as u8))).hand.unwrap().cards().map(|c| c.to_string()).collect()
}

fn burnt(m: &Match<Gum>) -> u32 {
    m.state().view(None).table.burnt.total()
}

fn seats(list: &[usize]) -> SeatSet {
    list.iter().map(|&s| Seat(s as u8)).collect()
}

/// Three cards nobody plays in a scenario.
const LOW: [&str; 3] = ["?", "?", "?"];

// ----- §3.9 worked examples -----

#[test]
fn example_six_allows_only_six_or_less() {
    // Pile top 6; hand {5, 9} -> only 5 is legal.
    let mut m = started(2, opts(&[]), deal(&[["6", "7", "7"], ["5", "9", "10"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 6");
    assert_eq!(turn(&m), is_turn(1));
    assert_eq!(legal(&m, 1), vec!["play 5"]);
    refused(&mut m, 1, "play 9");
}

#[test]
fn example_ninja_over_ten_needs_ten() {
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["10", "7", "7"], ["00", "5", "5"], ["9", "11", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 10");
    act(&mut m, 1, "play 00");
    assert_eq!(m.state().view(None).requirement, Requirement::AtLeast(10));
    assert_eq!(legal(&m, 2), vec!["play 11"]);
}

/// A (0) holds a 13 and two 7s, C (2) a 1 to counter a 13 with.
fn thirteen_and_a_counter() -> Match<Gum> {
    started(
        4,
        opts(&[]),
        deal(
            &[["13", "7", "7"], ["5", "5", "5"], ["1", "8", "8"], ["2", "2", "2"]],
            &[LOW, LOW, LOW, LOW],
            &[LOW, LOW, LOW, LOW],
            &["12", "12", "11"],
        ),
    )
}

#[test]
fn example_thirteen_countered_with_a_one() {
    // A (0) plays 13 targeting C (2); C counters with a 1: nobody picks up, top = 1, D (3) plays.
    let mut m = thirteen_and_a_counter();
    act(&mut m, 0, "play 13");
    // A refilled before choosing his target.
    assert_eq!(hand(&m, 0), vec!["7", "7", "12"]);
    assert_eq!(phase(&m), Phase::Give { giver: Seat(0) });
    act(&mut m, 0, "give 2");
    assert_eq!(phase(&m), Phase::Target { giver: Seat(0), target: Seat(2) });
    // Only the target may act, and he is waited for.
    assert_eq!(m.state().actors(), seats(&[2]));
    assert_eq!(m.state().waiting_for(), seats(&[2]));
    assert_eq!(legal(&m, 2), vec!["play 1", "accept"]);
    act(&mut m, 2, "play 1");
    assert_eq!(pile(&m), vec!["13", "1"]);
    assert_eq!(turn(&m), is_turn(3));
    assert_eq!(hand(&m, 2), vec!["8", "8", "12"]);
    // D may play anything >= 1.
    assert_eq!(legal(&m, 3), vec!["play 2", "play 2 2", "play 2 2 2"]);
}

#[test]
fn example_cannot_beat_picks_up_and_layer_leads() {
    let mut m = started(2, opts(&[]), deal(&[["11", "7", "7"], ["5", "9", "10"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 11");
    assert_eq!(legal(&m, 1), vec!["pickup"]);
    act(&mut m, 1, "pickup");
    assert_eq!(hand(&m, 1), vec!["5", "9", "10", "11"]);
    assert!(pile(&m).is_empty());
    assert_eq!(turn(&m), is_turn(0));
    // Everyone saw the 11 go into B's hand.
    let spectator = m.state().view(None);
    assert_eq!(spectator.table.known[Seat(1)].cards().map(|c| c.to_string()).collect::<Vec<_>>(), vec!["11"]);
}

// ----- register -----

#[test]
fn g1_deck_is_four_of_each_value_and_two_ninjas() {
    let m = started(2, opts(&[]), deal(&[LOW, LOW], &[LOW, LOW], &[LOW, LOW], &[]));
    let deck = m.state().deck_census();
    assert_eq!(deck.len(), 14);
    assert_eq!(deck.iter().sum::<u32>(), 54);
    assert_eq!(deck[0], 2);
    assert!(deck[1..].iter().all(|&n| n == 4));
    assert_eq!(m.state().census(), deck);
}

#[test]
fn g2_two_to_five_players_six_with_the_variant() {
    for players in 2..=5 {
        let request = MatchRequest { players, ..MatchRequest::default() };
        let m = Match::<Gum>::new(&request).unwrap();
        assert_eq!(m.state().view(None).stock as usize, 54 - 9 * players);
    }
    for players in [1, 6, 7] {
        let request = MatchRequest { players, ..MatchRequest::default() };
        let err = Match::<Gum>::new(&request).unwrap_err();
        assert_eq!(err.code(), "bad_request");
    }
    let request = MatchRequest { players: 6, options: opts(&[("max_players", json!(6))]), ..MatchRequest::default() };
    let m = Match::<Gum>::new(&request).unwrap();
    assert_eq!(m.state().view(None).stock, 0);
    assert_eq!(m.state().cards_left().as_slice(), &[9; 6]);
}

#[test]
fn g3_ninja_plays_on_anything_in_turn_and_is_transparent() {
    // Under the 6 constraint a Ninja is still playable, and the 6 still binds after it.
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["6", "7", "7"], ["00", "12", "12"], ["9", "5", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 6");
    assert_eq!(legal(&m, 1), vec!["play 00"]);
    act(&mut m, 1, "play 00");
    assert_eq!(m.state().view(None).requirement, Requirement::AtMost6);
    assert_eq!(legal(&m, 2), vec!["play 3", "play 5"]);
    // A pile of Ninjas only is an empty pile for the requirement.
    let mut m = started(2, opts(&[]), deal(&[["00", "7", "7"], ["2", "9", "3"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 00");
    assert_eq!(m.state().view(None).requirement, Requirement::Any);
}

#[test]
fn g3_variant_ninja_reset_lets_anything_follow() {
    let mut m = started(
        3,
        opts(&[("ninja_mode", json!("reset"))]),
        deal(&[["12", "7", "7"], ["00", "5", "5"], ["9", "11", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 12");
    act(&mut m, 1, "play 00");
    assert_eq!(m.state().view(None).requirement, Requirement::Any);
    assert_eq!(legal(&m, 2), vec!["play 3", "play 9", "play 11"]);
}

#[test]
fn g3_ninja_cannot_counter_a_thirteen() {
    let mut m = started(2, opts(&[]), deal(&[["13", "7", "7"], ["00", "5", "5"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 13");
    act(&mut m, 0, "give 1");
    assert_eq!(legal(&m, 1), vec!["accept"]);
    refused(&mut m, 1, "play 00");
}

#[test]
fn g3_ninja_out_of_turn_only_with_the_variant() {
    let cards =
        || deal(&[["10", "7", "7"], ["5", "5", "12"], ["00", "3", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]);
    let mut m = started(3, opts(&[]), cards());
    act(&mut m, 0, "play 10");
    assert_eq!(m.state().actors(), seats(&[1]));
    refused(&mut m, 2, "play 00");

    let mut m = started(3, opts(&[("ninja_interrupt", json!(true))]), cards());
    act(&mut m, 0, "play 10");
    // Seat 2 may throw its Ninja during seat 1's turn: a window, not awaited.
    assert_eq!(m.state().actors(), seats(&[1, 2]));
    assert_eq!(m.state().waiting_for(), seats(&[1]));
    assert_eq!(legal(&m, 2), vec!["play 00"]);
    act(&mut m, 2, "play 00");
    assert_eq!(pile(&m), vec!["10", "00"]);
    // Play goes on from the interrupter's left, and the 10 still binds.
    assert_eq!(turn(&m), is_turn(0));
    assert_eq!(legal(&m, 0), vec!["pickup"]);
}

#[test]
fn g4_six_allows_values_one_to_six_only() {
    let mut m = started(2, opts(&[]), deal(&[["6", "6", "7"], ["1", "13", "9"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 6 6");
    assert_eq!(legal(&m, 1), vec!["play 1"]);
    refused(&mut m, 1, "play 13");
    refused(&mut m, 1, "play 9");
}

#[test]
fn g5_nine_burns_and_the_next_player_leads() {
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["5", "7", "7"], ["9", "12", "12"], ["2", "3", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 5");
    let events = act(&mut m, 1, "play 9");
    assert!(events.iter().any(|e| matches!(e, Event::Burnt { seat: Seat(1), cards: 2 })));
    assert!(pile(&m).is_empty());
    assert_eq!(burnt(&m), 2);
    assert_eq!(turn(&m), is_turn(2));
    assert_eq!(legal(&m, 2), vec!["play 2", "play 3", "play 3 3"]);
}

#[test]
fn g5_variant_burner_replays() {
    let mut m = started(
        3,
        opts(&[("burn_replays", json!(true))]),
        deal(&[["5", "7", "7"], ["9", "12", "12"], ["2", "3", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 5");
    act(&mut m, 1, "play 9");
    assert!(pile(&m).is_empty());
    assert_eq!(turn(&m), is_turn(1));
}

#[test]
fn g6_thirteen_is_mandatory_and_only_the_target_counters() {
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["13", "7", "7"], ["13", "1", "5"], ["13", "1", "5"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &["2"]),
    );
    act(&mut m, 0, "play 13");
    // No way to decline the give by default.
    assert_eq!(legal(&m, 0), vec!["give 1", "give 2"]);
    refused(&mut m, 0, "keep");
    act(&mut m, 0, "give 1");
    // Seat 2 holds a 13 and a 1 but is not the target.
    assert!(legal(&m, 2).is_empty());
    refused(&mut m, 2, "play 13");
    assert_eq!(legal(&m, 1), vec!["play 1", "play 13", "accept"]);
    // Countering with a 13: he chooses a new target, the original player included.
    act(&mut m, 1, "play 13");
    assert_eq!(phase(&m), Phase::Give { giver: Seat(1) });
    assert_eq!(legal(&m, 1), vec!["give 0", "give 2"]);
    act(&mut m, 1, "give 0");
    assert_eq!(legal(&m, 0), vec!["accept"]);
    // No counter: the target takes the pile, the last 13 player leads onto the empty pile.
    let events = act(&mut m, 0, "accept");
    assert!(events.iter().any(|e| matches!(e, Event::Accepted { seat: Seat(0), cards: 2 })));
    assert_eq!(hand(&m, 0), vec!["2", "7", "7", "13", "13"]);
    assert!(pile(&m).is_empty());
    assert_eq!(turn(&m), is_turn(1));
}

#[test]
fn g6_variant_king_optional_keeps_the_thirteen_as_a_plain_card() {
    let mut m = started(
        2,
        opts(&[("king_optional", json!(true))]),
        deal(&[["13", "7", "7"], ["12", "1", "5"]], &[LOW, LOW], &[LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 13");
    assert_eq!(legal(&m, 0), vec!["give 1", "keep"]);
    act(&mut m, 0, "keep");
    assert_eq!(turn(&m), is_turn(1));
    assert_eq!(pile(&m), vec!["13"]);
    assert_eq!(legal(&m, 1), vec!["pickup"]);
}

#[test]
fn g7_a_one_goes_on_empty_on_one_under_six_or_as_counter() {
    let mut m = started(
        3,
        opts(&[]),
        deal(
            &[["1", "5", "6"], ["1", "2", "12"], ["1", "1", "7"]],
            &[LOW, LOW, LOW],
            &[LOW, LOW, LOW],
            &["3", "3", "3"],
        ),
    );
    assert!(legal(&m, 0).contains(&"play 1".to_string()));
    act(&mut m, 0, "play 1");
    assert_eq!(legal(&m, 1), vec!["play 1", "play 2", "play 12"]);
    act(&mut m, 1, "play 2");
    // On a 2 a 1 is too low.
    assert_eq!(legal(&m, 2), vec!["play 7"]);
    act(&mut m, 2, "play 7");
    act(&mut m, 0, "pickup");
    // Seat 2 laid the 7: it leads; later, under a 6, a 1 is fine.
    assert_eq!(turn(&m), is_turn(2));
}

#[test]
fn g7_one_is_legal_under_a_six() {
    let mut m = started(2, opts(&[]), deal(&[["6", "7", "7"], ["1", "12", "12"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 6");
    assert_eq!(legal(&m, 1), vec!["play 1"]);
}

#[test]
fn g8_the_player_who_laid_the_top_card_leads_even_a_ninja() {
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["10", "7", "7"], ["00", "5", "5"], ["9", "2", "3"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 10");
    act(&mut m, 1, "play 00");
    act(&mut m, 2, "pickup");
    assert_eq!(turn(&m), is_turn(1));
}

#[test]
fn eights_that_skip_round_to_their_player_give_him_a_free_turn() {
    // Two players: one 8 and its player plays again, on anything (not bound by his own 8).
    let cards = || deal(&[["8", "5", "5"], ["2", "3", "4"]], &[LOW, LOW], &[LOW, LOW], &["3"]);
    let mut m = started(2, opts(&[]), cards());
    act(&mut m, 0, "play 8");
    assert_eq!(turn(&m), is_turn(0));
    assert_eq!(m.state().view(None).requirement, Requirement::Any);
    assert_eq!(legal(&m, 0), vec!["play 3", "play 5", "play 5 5"]);
    act(&mut m, 0, "play 3");
    // The others must beat what he laid.
    assert_eq!(legal(&m, 1), vec!["play 3", "play 4"]);
}

#[test]
fn g8_taking_back_ones_own_cards_passes_the_lead() {
    // With voluntary pick-up a player may take back a pile he topped himself: he does not lead it.
    let cards = deal(&[["8", "5", "5"], ["2", "3", "4"]], &[LOW, LOW], &[LOW, LOW], &["3"]);
    let mut m = started(2, opts(&[("voluntary_pickup", json!(true))]), cards);
    act(&mut m, 0, "play 8");
    act(&mut m, 0, "pickup");
    assert_eq!(turn(&m), is_turn(1));
    assert_eq!(hand(&m, 0), vec!["3", "5", "5", "8"]);
}

#[test]
fn eights_skip_one_player_each() {
    let cards = || {
        deal(
            &[["8", "8", "5"], ["2", "3", "3"], ["9", "10", "11"], ["12", "12", "4"]],
            &[LOW, LOW, LOW, LOW],
            &[LOW, LOW, LOW, LOW],
            &[],
        )
    };
    let mut m = started(4, opts(&[]), cards());
    let events = act(&mut m, 0, "play 8");
    assert!(events.iter().any(|e| matches!(e, Event::Skipped { seats } if seats == &vec![Seat(1)])));
    assert_eq!(turn(&m), is_turn(2));
    // The next active player must beat the 8.
    assert_eq!(legal(&m, 2), vec!["play 9", "play 10", "play 11"]);
    let mut m = started(4, opts(&[]), cards());
    act(&mut m, 0, "play 8 8");
    assert_eq!(turn(&m), is_turn(3));
    // Two players: two 8s give the turn to the opponent.
    let mut m = started(2, opts(&[]), deal(&[["8", "8", "5"], ["9", "3", "3"]], &[LOW, LOW], &[LOW, LOW], &[]));
    act(&mut m, 0, "play 8 8");
    assert_eq!(turn(&m), is_turn(1));
}

/// Six players: the whole deck is dealt, so refills come from the table at once.
fn six(hands: [[&'static str; 3]; 6], faceup: [[&'static str; 3]; 6], facedown: [[&'static str; 3]; 6]) -> Value {
    deal(&hands, &faceup, &facedown, &[])
}

fn six_players_table() -> Value {
    six(
        [["5", "2", "2"], ["7", "3", "3"], ["8", "4", "4"], ["9", "1", "1"], ["10", "11", "11"], ["12", "12", "13"]],
        [["6", "2", "1"], ["7", "7", "3"], ["8", "8", "4"], ["9", "9", "1"], ["10", "10", "11"], ["12", "13", "13"]],
        [["5", "5", "6"], ["6", "6", "5"], ["00", "2", "3"], ["00", "4", "9"], ["10", "11", "8"], ["7", "12", "13"]],
    )
}

#[test]
fn g9_empty_stock_refills_from_face_up_then_face_down() {
    let mut m = started(6, opts(&[("max_players", json!(6))]), six_players_table());
    act(&mut m, 0, "play 2 2");
    // Seat 0 must refill to 3 from his face-up cards, one decision at a time.
    assert_eq!(phase(&m), Phase::Refill { seat: Seat(0), then: Then::Pass { skips: 0 } });
    assert_eq!(legal(&m, 0), vec!["take 1", "take 2", "take 6"]);
    act(&mut m, 0, "take 6");
    act(&mut m, 0, "take 1");
    assert_eq!(hand(&m, 0), vec!["1", "5", "6"]);
    assert_eq!(turn(&m), is_turn(1));
    // Everyone knows the two cards taken from the face-up row.
    let other = m.state().view(Some(Seat(3)));
    assert_eq!(other.table.known[Seat(0)].cards().map(|c| c.to_string()).collect::<Vec<_>>(), vec!["1", "6"]);
    g9_seats_1_to_5_empty_their_face_up_rows(&mut m);
    // Face-up row empty: the face-down cards come blind, by position.
    assert_eq!(legal(&m, 5), vec!["reveal 1", "reveal 2", "reveal 3"]);
    let events = act(&mut m, 5, "reveal 2");
    assert!(events.iter().any(|e| matches!(e, Event::TookFaceDown { seat: Seat(5), position: 2 })));
    assert_eq!(hand(&m, 5), vec!["12", "12", "13"]);
    // The revealed card stays hidden from the others.
    let other = m.state().view(Some(Seat(0)));
    assert_eq!(other.facedown[Seat(5)], [true, false, true]);
    assert_eq!(phase(&m), Phase::Give { giver: Seat(5) });
}
fn shithead_table() -> Value {
    deal(
        &[["2", "2", "2"], ["4", "4", "2"], ["5", "5", "3"], ["7", "7", "4"], ["7", "7", "5"], ["9", "9", "10"]],
        &[["3", "3", "00"], ["1", "1", "1"], ["6", "6", "6"], ["8", "9", "9"], ["11", "11", "11"], ["12", "12", "13"]],
        &[
            ["1", "13", "5"],
            ["3", "4", "6"],
            ["8", "8", "8"],
            ["10", "10", "10"],
            ["11", "12", "12"],
            ["13", "13", "00"],
        ],
        &[],
    )
}

/// Three times round the table: seat 0 empties his hand, then his face-up row; the pile ends on
/// seat 5's 10 with seat 0 left with his face-down cards only.
fn shithead_to_blind() -> Match<Gum> {
    let mut m = started(6, opts(&[("max_players", json!(6)), ("table_play", json!("shithead"))]), shithead_table());
    act(&mut m, 0, "play 2 2 2");
    // No refill from the table in this variant.
    assert!(hand(&m, 0).is_empty());
    assert_eq!(turn(&m), is_turn(1));
    for (seat, card) in [(1, "4"), (2, "5"), (3, "7"), (4, "7"), (5, "9")] {
        act(&mut m, seat, &format!("play {card}"));
    }
    // Empty hand: the face-up cards are played as a hand.
    assert_eq!(legal(&m, 0), vec!["play 00", "play 3", "play 3 3"]);
    act(&mut m, 0, "play 3 3");
    for (seat, card) in [(1, "4"), (2, "5"), (3, "7"), (4, "7"), (5, "9")] {
        act(&mut m, seat, &format!("play {card}"));
    }
    act(&mut m, 0, "play 00");
    for (seat, card) in [(1, "2"), (2, "3"), (3, "4"), (4, "5"), (5, "10")] {
        act(&mut m, seat, &format!("play {card}"));
    }
    assert_eq!(turn(&m), is_turn(0));
    assert_eq!(legal(&m, 0), vec!["reveal 1", "reveal 2", "reveal 3"]);
    m
}

#[test]
fn g9_variant_shithead_blind_card_that_fits_is_played() {
    let mut m = shithead_to_blind();
    let events = act(&mut m, 0, "reveal 2");
    assert!(events.iter().any(|e| matches!(e, Event::Played { seat: Seat(0), how: PlayKind::Blind, .. })));
    assert_eq!(pile(&m).last().map(String::as_str), Some("13"));
    assert_eq!(phase(&m), Phase::Give { giver: Seat(0) });
}

#[test]
fn g9_variant_shithead_blind_card_that_does_not_fit_is_picked_up_with_the_pile() {
    let mut m = shithead_to_blind();
    let events = act(&mut m, 0, "reveal 1");
    assert!(events.iter().any(|e| matches!(e, Event::BlindFailed { seat: Seat(0), position: 1, .. })));
    assert_eq!(hand(&m, 0), vec!["00", "1", "2", "3", "4", "5", "10"]);
    assert!(pile(&m).is_empty());
    // Seat 5 laid the top card: it leads.
    assert_eq!(turn(&m), is_turn(5));
    assert_eq!(m.state().cards_left()[Seat(0)], 9);
}

#[test]
fn g10_must_play_when_able_unless_voluntary_pickup() {
    let cards = || deal(&[["5", "7", "7"], ["7", "2", "3"]], &[LOW, LOW], &[LOW, LOW], &[]);
    let mut m = started(2, opts(&[]), cards());
    act(&mut m, 0, "play 5");
    assert_eq!(legal(&m, 1), vec!["play 7"]);
    refused(&mut m, 1, "pickup");
    let mut m = started(2, opts(&[("voluntary_pickup", json!(true))]), cards());
    act(&mut m, 0, "play 5");
    assert_eq!(legal(&m, 1), vec!["play 7", "pickup"]);
    act(&mut m, 1, "pickup");
    assert_eq!(turn(&m), is_turn(0));
}

#[test]
fn g11_all_copies_of_one_value_at_most() {
    let mut m = started(
        3,
        opts(&[]),
        deal(&[["5", "7", "7"], ["12", "12", "12"], ["5", "5", "5"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &["3", "2"]),
    );
    act(&mut m, 0, "play 5");
    act(&mut m, 1, "play 12");
    act(&mut m, 2, "pickup");
    assert_eq!(turn(&m), is_turn(1));
    act(&mut m, 1, "play 2");
    assert_eq!(legal(&m, 2), vec!["play 5", "play 5 5", "play 5 5 5", "play 5 5 5 5", "play 12"]);
    act(&mut m, 2, "play 5 5 5 5");
    for text in ["play 5 5 5 5 5", "play 00 00 00", "play 5 6"] {
        assert_eq!(m.act(Seat(0), text).unwrap_err().code(), "bad_action", "{text}");
    }
}

#[test]
fn g12_variant_one_four_in_a_row_burns_ninjas_ignored() {
    let cards =
        || deal(&[["10", "10", "3"], ["00", "12", "2"], ["10", "10", "4"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]);
    let mut m = started(3, opts(&[]), cards());
    act(&mut m, 0, "play 10 10");
    act(&mut m, 1, "play 00");
    act(&mut m, 2, "play 10 10");
    assert_eq!(pile(&m), vec!["10", "10", "00", "10", "10"]);
    assert_eq!(turn(&m), is_turn(0));

    let mut m = started(3, opts(&[("four_in_a_row_burn", json!(true))]), cards());
    act(&mut m, 0, "play 10 10");
    act(&mut m, 1, "play 00");
    let events = act(&mut m, 2, "play 10 10");
    assert!(events.iter().any(|e| matches!(e, Event::Burnt { seat: Seat(2), cards: 5 })));
    assert!(pile(&m).is_empty());
    // The completer leads the new pile.
    assert_eq!(turn(&m), is_turn(2));
}

fn pair_table() -> Value {
    deal(
        &[["10", "10", "6"], ["11", "00", "3"], ["10", "10", "6"]],
        &[LOW, LOW, LOW],
        &[LOW, LOW, LOW],
        &["1", "1", "2", "2", "3"],
    )
}

#[test]
fn g12_variant_two_completion_out_of_turn_burns_and_the_completer_leads() {
    // Default: no window.
    let mut m = started(3, opts(&[]), pair_table());
    act(&mut m, 0, "play 10 10");
    assert_eq!(m.state().actors(), seats(&[1]));

    let mut m = started(3, opts(&[("complete_pair_burn", json!(true))]), pair_table());
    act(&mut m, 0, "play 10 10");
    assert_eq!(m.state().actors(), seats(&[1, 2]));
    assert_eq!(m.state().waiting_for(), seats(&[1]));
    assert_eq!(legal(&m, 2), vec!["play 10 10"]);
    let events = act(&mut m, 2, "play 10 10");
    assert!(events.iter().any(|e| matches!(e, Event::Played { seat: Seat(2), how: PlayKind::Completion, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Burnt { seat: Seat(2), cards: 4 })));
    assert!(pile(&m).is_empty());
    assert_eq!(turn(&m), is_turn(2));
    // The completer refilled to 3 (seat 0 drew 1 and 1 before).
    assert_eq!(hand(&m, 2), vec!["2", "2", "6"]);
}

#[test]
fn g12_variant_two_the_player_whose_turn_it_is_completes_too() {
    let cards = deal(
        &[["10", "10", "6"], ["10", "10", "3"], ["11", "00", "6"]],
        &[LOW, LOW, LOW],
        &[LOW, LOW, LOW],
        &["1", "2", "2"],
    );
    let mut m = started(3, opts(&[("complete_pair_burn", json!(true))]), cards);
    act(&mut m, 0, "play 10 10");
    assert_eq!(m.state().actors(), seats(&[1]));
    let events = act(&mut m, 1, "play 10 10");
    assert!(events.iter().any(|e| matches!(e, Event::Played { seat: Seat(1), how: PlayKind::Completion, .. })));
    assert!(pile(&m).is_empty());
    assert_eq!(burnt(&m), 4);
    assert_eq!(turn(&m), is_turn(1));
}

#[test]
fn g12_variant_two_window_closes_with_the_next_action() {
    let mut m = started(3, opts(&[("complete_pair_burn", json!(true))]), pair_table());
    act(&mut m, 0, "play 10 10");
    act(&mut m, 1, "play 00");
    // Too late: seat 2's 10s are now an ordinary play, and the pile stays.
    assert_eq!(m.state().actors(), seats(&[2]));
    act(&mut m, 2, "play 10 10");
    assert_eq!(pile(&m), vec!["10", "10", "00", "10", "10"]);
    assert_eq!(turn(&m), is_turn(0));
}

#[test]
fn g12_variant_two_never_for_sixes() {
    let mut m = started(
        3,
        opts(&[("complete_pair_burn", json!(true))]),
        deal(&[["6", "6", "10"], ["5", "00", "3"], ["6", "6", "10"]], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]),
    );
    act(&mut m, 0, "play 6 6");
    assert_eq!(m.state().actors(), seats(&[1]));
    assert!(legal(&m, 2).is_empty());
}

fn race_table() -> Value {
    deal(
        &[["2", "2", "2"], ["5", "5", "10"], ["7", "7", "11"], ["7", "7", "12"], ["9", "9", "13"], ["1", "1", "00"]],
        &[
            ["3", "3", "3"],
            ["10", "10", "10"],
            ["11", "11", "11"],
            ["12", "12", "12"],
            ["13", "13", "13"],
            ["1", "00", "5"],
        ],
        &[["4", "4", "4"], ["1", "2", "3"], ["4", "5", "6"], ["6", "6", "6"], ["8", "8", "8"], ["8", "9", "9"]],
        &[],
    )
}

/// Seat 0 gets rid of his nine cards in three turns (6 players, no stock).
fn race(m: &mut Match<Gum>) {
    act(m, 0, "play 2 2 2");
    for _ in 0..3 {
        act(m, 0, "take 3");
    }
    for (seat, play, take) in [(1, "5", "10"), (2, "7", "11"), (3, "7", "12"), (4, "9", "13"), (5, "1", "5")] {
        act(m, seat, &format!("play {play}"));
        act(m, seat, &format!("take {take}"));
    }
    act(m, 0, "play 3 3 3");
    for position in 1..=3 {
        act(m, 0, &format!("reveal {position}"));
    }
    for (seat, play, take) in [(1, "5", "10"), (2, "7", "11"), (3, "7", "12"), (4, "9", "13"), (5, "1", "1")] {
        act(m, seat, &format!("play {play}"));
        act(m, seat, &format!("take {take}"));
    }
}

#[test]
fn g13_first_out_wins_and_the_game_ends() {
    let mut m = started(6, opts(&[("max_players", json!(6))]), race_table());
    race(&mut m);
    let events = act(&mut m, 0, "play 4 4 4");
    assert!(events.iter().any(|e| matches!(e, Event::Out { seat: Seat(0), place: 1 })));
    assert!(m.state().is_over());
    assert_eq!(m.state().winners(), seats(&[0]));
    assert_eq!(m.state().scores().as_slice(), &[1, 0, 0, 0, 0, 0]);
    assert!(m.state().actors().is_empty());
}

#[test]
fn g13_variant_play_to_last_goes_on_without_the_winner() {
    let mut m = started(6, opts(&[("max_players", json!(6)), ("play_to_last", json!(true))]), race_table());
    race(&mut m);
    act(&mut m, 0, "play 4 4 4");
    assert!(!m.state().is_over());
    assert_eq!(turn(&m), is_turn(1));
    assert_eq!(m.state().view(None).table.finished.as_slice(), &[Seat(0)]);
    // Random play to the end: everyone is ranked, the scores are 1, 0, -1, ... by place.
    for seed in 0..20 {
        let request = MatchRequest {
            players: 4,
            seed,
            options: opts(&[("play_to_last", json!(true))]),
            ..MatchRequest::default()
        };
        let mut m = Match::<Gum>::new(&request).unwrap();
        let mut rng = tapis_core::GameRng::seed_from_u64(seed);
        while !m.state().is_over() {
            let seat = m.state().waiting_for().first().unwrap();
            let options = legal(&m, seat.0);
            let pick = options[rng.index(options.len())].clone();
            act(&mut m, seat.0, &pick);
        }
        let table = m.state().view(None).table;
        let mut scores = m.state().scores().as_slice().to_vec();
        for (place, seat) in table.finished.iter().enumerate() {
            assert_eq!(scores[seat.index()], 1 - place as i64);
        }
        assert_eq!(m.state().winners(), seats(&[table.finished[0].index()]));
        scores.sort();
        assert_eq!(scores, vec![-2, -1, 0, 1]);
    }
}

#[test]
fn g14_left_of_the_dealer_starts() {
    let mut m = new_match(3, opts(&[]), deal(&[LOW, LOW, LOW], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]));
    act(&mut m, 0, "ready");
    act(&mut m, 1, "ready");
    let events = act(&mut m, 2, "ready");
    assert!(events.iter().any(|e| matches!(e, Event::PlayStarts { first: Seat(0) })));
    let request = MatchRequest { players: 3, dealer: Some(1), ..MatchRequest::default() };
    let mut m = Match::<Gum>::new(&request).unwrap();
    for seat in 0..3 {
        act(&mut m, seat as u8, "ready");
    }
    assert_eq!(turn(&m), is_turn(2));
}

#[test]
fn g14_variant_loser_deals_the_next_game() {
    for seed in 0..10 {
        let options = opts(&[("games", json!(2)), ("dealer", json!("loser")), ("play_to_last", json!(true))]);
        let request = MatchRequest { players: 3, seed, options, ..MatchRequest::default() };
        let mut m = Match::<Gum>::new(&request).unwrap();
        let mut rng = tapis_core::GameRng::seed_from_u64(seed);
        let mut last_out = None;
        let mut checked = false;
        while !m.state().is_over() {
            let seat = m.state().waiting_for().first().unwrap();
            let options = legal(&m, seat.0);
            let pick = options[rng.index(options.len())].clone();
            for event in act(&mut m, seat.0, &pick) {
                match event {
                    Event::Out { seat, place: 3 } => last_out = Some(seat),
                    Event::Dealt { round: 2, dealer, .. } => {
                        assert_eq!(Some(dealer), last_out);
                        checked = true;
                    }
                    _ => {}
                }
            }
        }
        assert!(checked);
        assert_eq!(m.state().round(), 2);
        let total: i64 = m.state().scores().iter().sum();
        assert_eq!(total, 0, "each game gives 1 + 0 - 1");
    }
}

#[test]
fn swap_phase_is_simultaneous_and_swapped_cards_are_known() {
    let mut m = new_match(2, opts(&[]), deal(&[["5", "6", "7"], LOW], &[["9", "10", "11"], LOW], &[LOW, LOW], &[]));
    assert_eq!(m.state().waiting_for(), seats(&[0, 1]));
    act(&mut m, 0, "swap 5 9");
    assert_eq!(hand(&m, 0), vec!["6", "7", "9"]);
    let theirs = m.state().view(Some(Seat(1)));
    assert_eq!(theirs.table.faceup[Seat(0)].cards().map(|c| c.to_string()).collect::<Vec<_>>(), vec!["5", "10", "11"]);
    assert_eq!(theirs.table.known[Seat(0)].cards().map(|c| c.to_string()).collect::<Vec<_>>(), vec!["9"]);
    act(&mut m, 0, "ready");
    assert!(legal(&m, 0).is_empty());
    assert_eq!(m.state().waiting_for(), seats(&[1]));
    refused(&mut m, 0, "swap 6 10");
    act(&mut m, 1, "ready");
    assert_eq!(turn(&m), is_turn(0));
}

#[test]
fn views_hide_hands_and_every_face_down_card() {
    let m = started(
        2,
        opts(&[]),
        deal(&[["5", "6", "7"], LOW], &[["9", "10", "11"], LOW], &[["13", "13", "13"], LOW], &[]),
    );
    let mine = m.state().view(Some(Seat(0)));
    assert!(mine.hand.is_some());
    assert_eq!(mine.facedown[Seat(0)], [true; 3]);
    let spectator = m.state().view(None);
    assert!(spectator.hand.is_none());
    // Re-dealing what seat 0 cannot see moves its own face-down 13s around.
    let mut rng = tapis_core::GameRng::seed_from_u64(3);
    let moved = (0..20).any(|_| {
        let other = Gum::determinize(&mine, &mut rng);
        other.view(Some(Seat(0))) == mine && other.census() == m.state().census() && {
            let json = serde_json::to_value(&other).unwrap();
            json["facedown"][0] != json!(["13", "13", "13"])
        }
    });
    assert!(moved);
}

// ----- bad input -----

#[test]
fn bad_deals_name_the_cards() {
    use tapis_core::Lang;
    let good = deal(&[["2", "3", "4"], ["5", "6", "7"]], &[LOW, LOW], &[LOW, LOW], &[]);
    let try_deal = |deal: Value| {
        let request = MatchRequest { players: 2, deal: Some(deal), ..MatchRequest::default() };
        Match::<Gum>::new(&request).unwrap_err()
    };
    // One 2 replaced by a 7: a 2 missing and a 7 extra.
    let mut swapped = good.clone();
    swapped["hands"][0][0] = json!("7");
    let err = try_deal(swapped);
    assert_eq!(err.code(), "bad_deal");
    assert_eq!(err.message(Lang::En), "the deal must hold exactly the 54 cards of the deck: missing 2; extra 7");
    assert_eq!(
        err.message(Lang::Fr),
        "la donne doit contenir exactement les 54 cartes du jeu : manquent 2 ; en trop 7"
    );
    // A card dropped from the stock.
    let mut short = good.clone();
    let dropped = short["stock"].as_array_mut().unwrap().pop().unwrap();
    assert_eq!(
        try_deal(short).to_string(),
        format!("the deal must hold exactly the 54 cards of the deck: missing {}", dropped.as_str().unwrap())
    );
    // An extra card.
    let mut long = good.clone();
    long["stock"].as_array_mut().unwrap().push(json!("5"));
    assert_eq!(try_deal(long).to_string(), "the deal must hold exactly the 54 cards of the deck: extra 5");
    // Unknown cards.
    let mut unknown = good.clone();
    unknown["hands"][1][2] = json!("14");
    let err = try_deal(unknown);
    assert_eq!(err.code(), "bad_deal");
    assert!(err.to_string().contains("'14' is not a Battle GUM card"), "{err}");
    // Rows of the wrong size or for the wrong table.
    let mut four = good.clone();
    four["hands"][0].as_array_mut().unwrap().push(json!("5"));
    let err = try_deal(four);
    assert_eq!(err.code(), "bad_deal");
    assert_eq!(err.message(Lang::En), "'hands' must hold 2 lists of exactly 3 cards, one per seat");
    assert_eq!(err.message(Lang::Fr), "« hands » doit contenir 2 listes d'exactement 3 cartes, une par place");
    let three_seats = deal(&[LOW, LOW, LOW], &[LOW, LOW, LOW], &[LOW, LOW, LOW], &[]);
    assert_eq!(try_deal(three_seats).to_string(), "'hands' must hold 2 lists of exactly 3 cards, one per seat");
    let mut extra_field = good;
    extra_field["pile"] = json!([]);
    assert_eq!(try_deal(extra_field).code(), "bad_deal");
}

#[test]
fn bad_options_are_refused() {
    use tapis_core::Lang;
    let keys = "burn_replays, king_optional, ninja_mode, ninja_interrupt, table_play, voluntary_pickup, \
                four_in_a_row_burn, complete_pair_burn, play_to_last, max_players, dealer, games";
    for (options, en, fr) in [
        (
            json!({"ninja_mode": "sticky"}),
            "option 'ninja_mode' cannot be \"sticky\": it takes transparent, reset".to_string(),
            "l'option « ninja_mode » ne peut pas valoir \"sticky\" : elle prend transparent, reset".to_string(),
        ),
        (
            json!({"max_players": 7}),
            "option 'max_players' cannot be 7: it takes 5, 6".into(),
            "l'option « max_players » ne peut pas valoir 7 : elle prend 5, 6".into(),
        ),
        (
            json!({"burn_replay": true}),
            format!("unknown option 'burn_replay'; the options are: {keys}"),
            format!("option inconnue « burn_replay » ; les options sont : {keys}"),
        ),
        (
            json!({"table_play": 1}),
            "option 'table_play' cannot be 1: it takes refill, shithead".into(),
            "l'option « table_play » ne peut pas valoir 1 : elle prend refill, shithead".into(),
        ),
        (
            json!({"games": 0}),
            "option 'games' cannot be 0: it takes an integer from 1 to 100".into(),
            "l'option « games » ne peut pas valoir 0 : elle prend un entier de 1 à 100".into(),
        ),
        (
            json!({"dealer": "winner"}),
            "option 'dealer' cannot be \"winner\": it takes rotate, loser".into(),
            "l'option « dealer » ne peut pas valoir \"winner\" : elle prend rotate, loser".into(),
        ),
    ] {
        let request =
            MatchRequest { players: 3, options: options.as_object().unwrap().clone(), ..MatchRequest::default() };
        let err = Match::<Gum>::new(&request).unwrap_err();
        assert_eq!(err.code(), "bad_option");
        assert_eq!(err.message(Lang::En), en);
        assert_eq!(err.message(Lang::Fr), fr);
    }
    // Match::new checks the player count against max_players before the game sees it.
    let request = MatchRequest { players: 6, ..MatchRequest::default() };
    let err = Match::<Gum>::new(&request).unwrap_err();
    assert_eq!(err.code(), "bad_request");
    assert_eq!(err.message(Lang::En), "Battle GUM is played by 2 to 5 players, not 6");
    assert_eq!(err.message(Lang::Fr), "Battle GUM se joue de 2 à 5 joueurs, pas 6");
}

#[test]
fn bad_actions_change_nothing() {
    let mut m = started(2, opts(&[]), deal(&[["5", "7", "7"], ["7", "2", "3"]], &[LOW, LOW], &[LOW, LOW], &[]));
    for text in ["", "dance", "play", "play 5 6", "play 14", "give", "give x", "reveal 0", "take", "swap 5"] {
        let before = m.state().clone();
        assert_eq!(m.act(Seat(0), text).unwrap_err().code(), "bad_action", "'{text}'");
        assert_eq!(m.state(), &before);
    }
    for (seat, text) in
        [(1, "play 7"), (0, "play 2"), (0, "pickup"), (0, "give 1"), (0, "ready"), (0, "take 5"), (5, "play 5")]
    {
        refused(&mut m, seat, text);
    }
    // Any case, runs of spaces.
    act(&mut m, 0, "  PLAY   5 ");
    assert_eq!(turn(&m), is_turn(1));
}

#[test]
fn fuzzed_actions_never_panic() {
    kit::fuzz_actions::<Gum>(2, &opts(&[]), 1, 3000);
    kit::fuzz_actions::<Gum>(
        4,
        &opts(&[("complete_pair_burn", json!(true)), ("ninja_interrupt", json!(true))]),
        2,
        3000,
    );
    kit::fuzz_actions::<Gum>(5, &opts(&[("table_play", json!("shithead")), ("play_to_last", json!(true))]), 3, 3000);
}

#[test]
fn texts_exist_in_both_languages() {
    use tapis_core::Lang;
    let mut m = started(2, opts(&[]), deal(&[["5", "7", "7"], ["7", "2", "3"]], &[LOW, LOW], &[LOW, LOW], &[]));
    for lang in [Lang::Fr, Lang::En] {
        assert!(Gum::rules_text(lang).contains("13"));
        let table = Gum::render_view(&m.state().view(Some(Seat(0))), &tapis_core::Words::plain(lang));
        assert!(table.contains("5 7 7"), "{table}");
    }
    let events = act(&mut m, 0, "play 5");
    let names = ["Alice".to_string(), "Ada".to_string()];
    let words = |lang, reader| tapis_core::Words::new(lang, &names, reader);
    assert_eq!(Gum::describe_event(&events[0], &words(Lang::En, None)), "Alice plays a 5.");
    assert_eq!(Gum::describe_event(&events[0], &words(Lang::Fr, Some(Seat(1)))), "Alice pose un 5.");
    assert_eq!(Gum::describe_event(&events[0], &words(Lang::En, Some(Seat(0)))), "You play a 5.");
    assert_eq!(Gum::describe_event(&events[0], &words(Lang::Fr, Some(Seat(0)))), "Vous posez un 5.");
    assert_eq!(Gum::describe_event(&events[0], &tapis_core::Words::plain(Lang::Fr)), "Joueur 1 pose un 5.");
    assert_eq!(Gum::describe_action(Action::Pickup, &words(Lang::En, Some(Seat(1)))), "pick up the pile");
    assert_eq!(Gum::describe_action(Action::Give(Seat(0)), &words(Lang::Fr, Some(Seat(1)))), "donner le tas à Alice");
}

// ----- golden transcript and bot -----

#[test]
fn golden_transcript() {
    let request = MatchRequest { players: 4, seed: 2031, ..MatchRequest::default() };
    let text = kit::transcript::<Gum>(&request, 11);
    kit::assert_golden(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/gum.txt"), &text);
}

#[test]
fn heuristic_beats_random_players() {
    // A few hundred matches tell a strong bot from a random one (`TAPIS_SOAK` plays more).
    let games = kit::soak(400);
    let wins = tapis_bots::heuristic_vs_random::<Gum>(4, &opts(&[]), games, 99);
    let share = wins as f64 / games as f64;
    eprintln!("heuristic seat won {wins} of {games} four-player matches ({share:.3}; fair share 0.25)");
    assert!(share > 0.5, "heuristic share {share}");
}

// ----- secrecy: reaction windows and private events -----

/// What `observer` is told of the table and of the next action: who the match waits for (but
/// itself), its client body, and the events of `next` addressed to it.
fn told(m: &Match<Gum>, observer: Option<Seat>, next: (u8, &str)) -> (SeatSet, Value, Vec<Value>) {
    let mut waiting = m.state().waiting_for();
    if let Some(seat) = observer {
        waiting.remove(seat);
    }
    let body = serde_json::to_value(Gum::client_body(&m.state().view(observer))).unwrap();
    let mut after = m.clone();
    let events = act(&mut after, next.0, next.1);
    let events = scenario::told(&events, observer).iter().map(|e| serde_json::to_value(e).unwrap()).collect();
    (waiting, body, events)
}

/// Issue 13, point 7: with `ninja_interrupt`, who may throw a Ninja out of turn depends on the
/// hands. It is a reaction window, never waited for: the others are told the same whether seat 1
/// holds the Ninja or not, and only seat 1 learns that it may act (its own legal actions).
#[test]
fn ninja_interrupt_does_not_tell_others_who_holds_a_ninja() {
    let options = || opts(&[("ninja_interrupt", json!(true))]);
    let with = started(
        3,
        options(),
        deal(
            &[["5", "7", "7"], ["00", "9", "10"], ["2", "3", "4"]],
            &[LOW, LOW, LOW],
            &[LOW, LOW, ["11", "?", "?"]],
            &["8"],
        ),
    );
    let without = started(
        3,
        options(),
        deal(
            &[["5", "7", "7"], ["11", "9", "10"], ["2", "3", "4"]],
            &[LOW, LOW, LOW],
            &[LOW, LOW, ["00", "?", "?"]],
            &["8"],
        ),
    );
    // The case: every seat ready, seat 0 to play, seat 1 holding a Ninja.
    assert_eq!(with.state().actors(), seats(&[0, 1]));
    assert_eq!(legal(&with, 1), vec!["play 00"]);
    assert_eq!(without.state().actors(), seats(&[0]));
    for m in [&with, &without] {
        assert_eq!(m.state().waiting_for(), seats(&[0]));
    }
    for observer in [Some(Seat(0)), Some(Seat(2)), None] {
        assert_eq!(told(&with, observer, (0, "play 5")), told(&without, observer, (0, "play 5")), "{observer:?}");
    }
    // The same holds for every re-deal of what seat 2 cannot see.
    let view = with.state().view(Some(Seat(2)));
    let mut rng = tapis_core::GameRng::seed_from_u64(13);
    for _ in 0..50 {
        let other = Gum::determinize(&view, &mut rng);
        assert_eq!(other.waiting_for(), seats(&[0]));
        assert_eq!(Gum::client_body(&other.view(Some(Seat(2)))), Gum::client_body(&view));
    }
}

/// Issue 13, point 7: with `complete_pair_burn`, who may complete the pair just played depends
/// on the hands. The window itself is public (`completion`), who may use it is not: the others
/// are told the same whether seat 2 holds the two other 5s or they lie face down.
#[test]
fn complete_pair_burn_does_not_tell_others_who_holds_the_pair() {
    let options = || opts(&[("complete_pair_burn", json!(true))]);
    let with = started(
        3,
        options(),
        deal(
            &[["5", "5", "2"], ["7", "9", "10"], ["5", "5", "3"]],
            &[LOW, LOW, LOW],
            &[["12", "12", "?"], LOW, LOW],
            &["4", "4", "11"],
        ),
    );
    let without = started(
        3,
        options(),
        deal(
            &[["5", "5", "2"], ["7", "9", "10"], ["12", "12", "3"]],
            &[LOW, LOW, LOW],
            &[["5", "5", "?"], LOW, LOW],
            &["4", "4", "11"],
        ),
    );
    let mut with_pair = with.clone();
    let mut without_pair = without.clone();
    act(&mut with_pair, 0, "play 5 5");
    act(&mut without_pair, 0, "play 5 5");
    // The case: after `play 5 5`, seat 2 holds the two other 5s.
    assert_eq!(with_pair.state().actors(), seats(&[1, 2]));
    assert_eq!(legal(&with_pair, 2), vec!["play 5 5"]);
    assert_eq!(without_pair.state().actors(), seats(&[1]));
    for m in [&with_pair, &without_pair] {
        assert_eq!(m.state().waiting_for(), seats(&[1]));
        assert_eq!(m.state().view(None).table.completion, tapis_gum::Card::new(5));
    }
    for observer in [Some(Seat(0)), Some(Seat(1)), None] {
        assert_eq!(
            told(&with_pair, observer, (1, "play 7")),
            told(&without_pair, observer, (1, "play 7")),
            "{observer:?}"
        );
    }
    // The play that opened the window told everyone but seat 2 the same.
    for observer in [Some(Seat(0)), Some(Seat(1)), None] {
        assert_eq!(told(&with, observer, (0, "play 5 5")), told(&without, observer, (0, "play 5 5")), "{observer:?}");
    }
}

#[test]
fn drawn_cards_are_told_to_the_drawer_only() {
    let mut m = started(2, opts(&[]), deal(&[["5", "7", "7"], ["7", "2", "3"]], &[LOW, LOW], &[LOW, LOW], &["11"]));
    let events = act(&mut m, 0, "play 5");
    let json =
        |observer| -> Vec<Value> { events_for(&events, observer).map(|e| serde_json::to_value(e).unwrap()).collect() };
    let played = json!({"type": "played", "seat": 0, "card": "5", "count": 1, "how": "turn"});
    assert_eq!(json(Some(Seat(0))), vec![played.clone(), json!({"type": "drew_cards", "seat": 0, "cards": ["11"]})]);
    let public = vec![played, json!({"type": "drew", "seat": 0, "count": 1})];
    assert_eq!(json(Some(Seat(1))), public);
    assert_eq!(json(None), public);
    let private = events.iter().find(|e| matches!(e, Event::DrewCards { .. })).unwrap();
    assert!(private.reveals());
    let names = ["Alice".to_string(), "Ada".to_string()];
    let words = |lang, reader| tapis_core::Words::new(lang, &names, reader);
    assert_eq!(Gum::describe_event(private, &words(tapis_core::Lang::Fr, Some(Seat(0)))), "Vous piochez un 11.");
    assert_eq!(Gum::describe_event(private, &words(tapis_core::Lang::En, Some(Seat(0)))), "You draw an 11.");
    let public = events.iter().find(|e| matches!(e, Event::Drew { .. })).unwrap();
    assert_eq!(Gum::describe_event(public, &words(tapis_core::Lang::Fr, Some(Seat(1)))), "Alice pioche 1 carte.");
    assert_eq!(Gum::describe_event(public, &words(tapis_core::Lang::En, None)), "Alice draws 1 card.");
}

#[test]
fn a_face_down_card_taken_is_told_to_its_owner_only() {
    let mut m = started(6, opts(&[("max_players", json!(6))]), six_players_table());
    // The moves of `g9_empty_stock_refills_from_face_up_then_face_down`, up to seat 5's reveal.
    act(&mut m, 0, "play 2 2");
    act(&mut m, 0, "take 6");
    act(&mut m, 0, "take 1");
    g9_seats_1_to_5_empty_their_face_up_rows(&mut m);
    let events = act(&mut m, 5, "reveal 2");
    let json =
        |observer| -> Vec<Value> { events_for(&events, observer).map(|e| serde_json::to_value(e).unwrap()).collect() };
    assert_eq!(
        json(Some(Seat(5))),
        vec![json!({"type": "took_face_down_card", "seat": 5, "position": 2, "card": "12"})]
    );
    for observer in [Some(Seat(0)), None] {
        assert_eq!(json(observer), vec![json!({"type": "took_face_down", "seat": 5, "position": 2})]);
    }
    let private = &events[1];
    assert!(private.reveals());
    let names: Vec<String> = ["Alice", "Ada", "Blaise", "Chloé", "Denis", "Élodie"].map(String::from).to_vec();
    let words = |lang, reader| tapis_core::Words::new(lang, &names, reader);
    assert_eq!(
        Gum::describe_event(private, &words(tapis_core::Lang::Fr, Some(Seat(5)))),
        "Vous prenez en main votre carte cachée n°\u{a0}2\u{a0}: un 12."
    );
    assert_eq!(
        Gum::describe_event(private, &words(tapis_core::Lang::En, Some(Seat(5)))),
        "You take your face-down card #2 into your hand: a 12."
    );
    assert_eq!(
        Gum::describe_event(&events[0], &words(tapis_core::Lang::Fr, Some(Seat(0)))),
        "Élodie prend en main sa carte cachée n°\u{a0}2."
    );
}

#[test]
fn a_new_game_tells_each_seat_its_hand_only() {
    let request =
        MatchRequest { players: 3, seed: 5, options: opts(&[("games", json!(2))]), ..MatchRequest::default() };
    let mut m = Match::<Gum>::new(&request).unwrap();
    let mut rng = tapis_core::GameRng::seed_from_u64(5);
    let mut legal_list = ActionList::new();
    let events = loop {
        let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal_list);
        let events = m.act_parsed(seat, action).unwrap();
        if m.state().round() == 2 {
            break events;
        }
    };
    for seat in Seat::all(3) {
        let hands: Vec<&Event> =
            events_for(&events, Some(seat)).filter(|e| matches!(e, Event::HandDealt { .. })).collect();
        assert_eq!(hands.len(), 1);
        let Event::HandDealt { seat: dealt, cards } = hands[0] else { unreachable!() };
        assert_eq!(*dealt, seat);
        assert_eq!(Some(*cards), m.state().view(Some(seat)).hand);
    }
    assert!(events_for(&events, None).all(|e| !matches!(e, Event::HandDealt { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Dealt { round: 2, .. }) && e.reveals()));
}

/// `table_play = shithead`: a face-down card played blind shows everyone a card nobody had seen.
#[test]
fn blind_plays_reveal_the_card_to_everyone() {
    let mut m = shithead_to_blind();
    let events = act(&mut m, 0, "reveal 2");
    let played = events.iter().find(|e| matches!(e, Event::Played { how: PlayKind::Blind, .. })).unwrap();
    assert!(played.reveals());
    assert_eq!(played.audience(), tapis_core::Audience::Everyone);
    let mut m = shithead_to_blind();
    let events = act(&mut m, 0, "reveal 1");
    assert!(events.iter().any(|e| matches!(e, Event::BlindFailed { .. }) && e.reveals()));
}

#[test]
fn illegal_actions_say_why_in_both_languages() {
    use tapis_core::Lang;
    let mut m = started(2, opts(&[]), deal(&[["5", "7", "7"], ["6", "2", "3"]], &[LOW, LOW], &[LOW, LOW], &[]));
    let why = |m: &Match<Gum>, seat: usize, text: &str| {
        let err = m.state().check_legal(Seat(seat as u8), Gum::parse_action(text).unwrap()).unwrap_err();
        (err.message(Lang::Fr), err.message(Lang::En))
    };
    assert_eq!(
        why(&m, 0, "play 7 7 7"),
        (
            "« play 7 7 7 » n'est pas permis à la place 0 maintenant : vous n'avez que 2 cartes 7 en main ; permis : play 5, play 7, play 7 7".into(),
            "'play 7 7 7' is not legal for seat 0 now: you hold only 2 cards 7 in your hand; legal: play 5, play 7, play 7 7".into()
        )
    );
    assert_eq!(
        why(&m, 0, "play 9"),
        (
            "« play 9 » n'est pas permis à la place 0 maintenant : vous n'avez pas de 9 en main ; permis : play 5, play 7, play 7 7".into(),
            "'play 9' is not legal for seat 0 now: you hold no 9 in your hand; legal: play 5, play 7, play 7 7".into()
        )
    );
    assert_eq!(
        why(&m, 0, "pickup"),
        (
            "« pickup » n'est pas permis à la place 0 maintenant : le tas est vide ; permis : play 5, play 7, play 7 7"
                .into(),
            "'pickup' is not legal for seat 0 now: the pile is empty; legal: play 5, play 7, play 7 7".into()
        )
    );
    act(&mut m, 0, "play 5");
    assert_eq!(
        why(&m, 1, "play 3"),
        (
            "« play 3 » n'est pas permis à la place 1 maintenant : il faut poser 5 ou plus (ou un Ninja) ; permis : play 6".into(),
            "'play 3' is not legal for seat 1 now: the card must be 5 or higher (or a Ninja); legal: play 6".into()
        )
    );
    assert_eq!(
        why(&m, 1, "pickup"),
        (
            "« pickup » n'est pas permis à la place 1 maintenant : qui peut jouer doit jouer : on ne ramasse le tas que sans carte à poser ; permis : play 6".into(),
            "'pickup' is not legal for seat 1 now: who can play must: the pile is picked up only with no card to play; legal: play 6".into()
        )
    );
}

// ----- client view -----

/// The moments of a seeded match of two games with the Variante 2, as `(name, match)`: the
/// start, the first 13 counter, the first pair that may be completed, the first refill from the
/// table, the start of the second game, and the end.
fn client_moments() -> Vec<(&'static str, Match<Gum>)> {
    let options = opts(&[("games", json!(2)), ("complete_pair_burn", json!(true))]);
    let request = MatchRequest { players: 3, seed: 21, options, ..MatchRequest::default() };
    let mut m = Match::<Gum>::new(&request).unwrap();
    let mut rng = tapis_core::GameRng::seed_from_u64(21);
    let mut legal_list = ActionList::new();
    let mut moments = vec![("start", m.clone())];
    let mut wanted = vec!["target", "completion", "refill", "second_game"];
    while !m.state().is_over() {
        let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal_list);
        m.act_parsed(seat, action).unwrap();
        let table = m.state().view(None).table;
        let now = match table.phase {
            _ if m.state().round() == 2 && table.phase == Phase::Swap => "second_game",
            Phase::Target { .. } => "target",
            Phase::Refill { .. } => "refill",
            _ if table.completion.is_some() => "completion",
            _ => continue,
        };
        if let Some(i) = wanted.iter().position(|&w| w == now) {
            wanted.remove(i);
            moments.push((now, m.clone()));
        }
    }
    assert!(wanted.is_empty(), "moments not met: {wanted:?}");
    moments.push(("over", m));
    moments
}

#[test]
fn client_view_snapshots() {
    for (name, m) in client_moments() {
        // The seat the match waits for (or seat 0), and the spectator.
        let seat = m.state().waiting_for().first().unwrap_or(Seat(0));
        let body = Gum::client_body(&m.state().view(Some(seat)));
        insta::assert_json_snapshot!(format!("client_{name}_seat_{seat}"), body);
        insta::assert_json_snapshot!(format!("client_{name}_spectator"), Gum::client_body(&m.state().view(None)));
        assert_eq!(Gum::dealer(&m.state().view(None)), m.state().view(None).table.dealer);
    }
}

/// The spectator's body holds no card of any hand but those the whole table saw go into it,
/// and no face-down card: it is the same for every re-deal of what the spectator cannot see.
#[test]
fn spectator_client_view_holds_no_hidden_card() {
    let options = opts(&[("table_play", json!("shithead")), ("complete_pair_burn", json!(true))]);
    for seed in 0..20 {
        let request = MatchRequest { players: 4, seed, options: options.clone(), ..MatchRequest::default() };
        let mut m = Match::<Gum>::new(&request).unwrap();
        let mut rng = tapis_core::GameRng::seed_from_u64(seed);
        let mut legal_list = ActionList::new();
        while !m.state().is_over() {
            let view = m.state().view(None);
            let body = Gum::client_body(&view);
            assert_eq!(body.hand, None);
            let json = serde_json::to_value(&body).unwrap();
            assert!(json.get("hand").is_none());
            for (seat, public) in body.seats.iter().enumerate() {
                let seat = Seat(seat as u8);
                assert!(public.facedown.iter().all(|f| f.card.is_none()));
                assert_eq!(public.known, view.table.known[seat].cards().collect::<Vec<_>>());
                assert!(view.table.known[seat].within(m.state().hand(seat)));
            }
            let other = Gum::determinize(&view, &mut rng);
            assert_eq!(Gum::client_body(&other.view(None)), body);
            let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal_list);
            m.act_parsed(seat, action).unwrap();
        }
    }
}

/// The moves of `g9_empty_stock_refills_from_face_up_then_face_down` after seat 0's first turn,
/// up to seat 5 facing its face-down row (also the start of the face-down reveal test).
fn g9_seats_1_to_5_empty_their_face_up_rows(m: &mut Match<Gum>) {
    act(m, 1, "play 3 3");
    act(m, 1, "take 3");
    act(m, 1, "take 7");
    act(m, 2, "play 4 4");
    act(m, 2, "take 4");
    act(m, 2, "take 8");
    act(m, 3, "play 9");
    // Seat 3's 9 burns; it draws a face-up 9 back.
    act(m, 3, "take 9");
    act(m, 4, "play 10");
    act(m, 4, "take 10");
    act(m, 5, "play 12 12");
    act(m, 5, "take 12");
    act(m, 5, "take 13");
    // Seat 0 cannot beat 12; picks up, seat 5 leads.
    act(m, 0, "pickup");
    act(m, 5, "play 13 13");
    act(m, 5, "take 13");
}

#[test]
fn search_playouts_shed_the_cheapest_cards_give_to_the_nearest_of_the_fewest_and_counter() {
    let mut m = thirteen_and_a_counter();
    // Each pick is the rule of thumb three times in four, else uniform: with three legal actions
    // the rule's choice comes about 3/4 + 1/4 × 1/3 of the time.
    let picks = |m: &Match<Gum>, seat: usize| {
        let mut list = ActionList::new();
        m.state().legal_actions(Seat(seat as u8), &mut list);
        let mut rng = tapis_core::GameRng::seed_from_u64(3);
        let mut seen = std::collections::BTreeMap::new();
        for _ in 0..300 {
            *seen.entry(m.state().playout_action(Seat(seat as u8), &list, &mut rng).to_string()).or_insert(0) += 1;
        }
        seen.into_iter().collect::<Vec<(String, u32)>>()
    };
    let counts = |list: &[(&str, u32)]| list.iter().map(|&(a, n)| (a.to_string(), n)).collect::<Vec<_>>();
    // Both 7s before the 13, which is worth keeping on an empty pile.
    assert_eq!(picks(&m, 0), counts(&[("play 13", 22), ("play 7", 24), ("play 7 7", 254)]));
    act(&mut m, 0, "play 13");
    // Everyone else holds nine cards: the nearest on the left gets the pile.
    assert_eq!(picks(&m, 0), counts(&[("give 1", 251), ("give 2", 27), ("give 3", 22)]));
    act(&mut m, 0, "give 2");
    assert_eq!(picks(&m, 2), counts(&[("accept", 37), ("play 1", 263)]));
}

#[test]
fn counters_count_what_the_events_tell() {
    use tapis_core::Counters;
    let request = MatchRequest { players: 4, seed: 21, ..MatchRequest::default() };
    let (counts, events) = tapis_core::counters::check_counting::<Gum>(&request, 100_000);
    let keys: Vec<&str> = Gum::COUNTERS.iter().map(|c| c.key).collect();
    assert_eq!(
        keys,
        [
            "pick_ups",
            "cards_picked_up",
            "burns",
            "cards_burnt",
            "piles_given",
            "piles_accepted",
            "cards_accepted",
            "skips"
        ]
    );
    let (mut expected, mut skips) = ([0u64; 7], 0);
    for event in &events {
        match event {
            Event::PickedUp { cards, .. } => {
                (expected[0], expected[1]) = (expected[0] + 1, expected[1] + *cards as u64)
            }
            Event::Burnt { cards, .. } => (expected[2], expected[3]) = (expected[2] + 1, expected[3] + *cards as u64),
            Event::Gave { .. } => expected[4] += 1,
            Event::Accepted { cards, .. } => {
                (expected[5], expected[6]) = (expected[5] + 1, expected[6] + *cards as u64)
            }
            Event::Skipped { seats } => skips += seats.len() as u64,
            _ => {}
        }
    }
    assert!(expected[0] > 0 && expected[2] > 0 && expected[4] > 0 && skips > 0, "{counts:?}");
    assert_eq!(&counts.0[..7], &expected);
    assert_eq!(counts.0[7], skips);
}

/// Perft: the number of legal-action sequences from fixed deals, stored in `tests/perft.txt`
/// (`TAPIS_BLESS=1` writes them again after a deliberate change of the rules).
#[test]
fn perft_counts_from_fixed_deals() {
    kit::assert_perft::<Gum>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.txt"));
}

/// The golden records (`tests/records/`, `tapis_core::kit::golden`): whole matches played by the
/// heuristic bots that must replay exactly, from their chance outcomes and from their seed alone.
/// `TAPIS_BLESS=1` plays them again and writes them, for a deliberate change of the rules.
#[test]
fn golden_records_replay_exactly() {
    let matches = [
        GoldenMatch { name: "four_players", players: 4, seed: 1, options: json!({}) },
        GoldenMatch { name: "six_players", players: 6, seed: 2, options: json!({"max_players": 6}) },
        GoldenMatch {
            name: "burns_and_ninjas",
            players: 4,
            seed: 3,
            options: json!({"four_in_a_row_burn": true, "complete_pair_burn": true, "ninja_interrupt": true, "table_play": "shithead"}),
        },
        GoldenMatch {
            name: "match_of_three_games",
            players: 3,
            seed: 4,
            options: json!({"games": 3, "dealer": "loser", "play_to_last": true}),
        },
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let steps = golden::assert_golden_records::<Gum>(&dir, &matches, |request| {
        tapis_bots::recorded_match::<Gum>(request, request.seed ^ 0x60_1DE7)
    });
    assert!(steps > 40 * matches.len(), "{steps} steps");
}
