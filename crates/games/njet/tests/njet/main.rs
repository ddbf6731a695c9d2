//! Njet!: conformance kit, rulebook scenarios (rules/njet.md §5.5 examples and register T1–T11),
//! bad input, golden transcript, and the heuristic bot against random play.

// The crate's other integration tests are modules of this one binary: one link per crate.
mod words;

use serde_json::{Map, Value, json};
use tapis_core::ClientView;
use tapis_core::kit::golden::{self, GoldenMatch};
use tapis_core::kit::scenario::{self, act, legal};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{
    ActionError, ActionList, Audience, Game, GameEvent, GameRng, Heuristic, Lang, Match, MatchRequest, Seat, SeatSet,
    Wording, Words, events_for,
};
use tapis_njet::{Action, Card, CardMultiset, Colour, Event, Njet, Phase};

// ----- helpers -----

fn request(players: usize, options: Value, deal: Option<Value>) -> MatchRequest {
    let options: Map<String, Value> = serde_json::from_value(options).unwrap();
    MatchRequest { players, seed: 11, dealer: None, options, deal }
}

fn stacked(players: usize, options: Value, hands: &[&str]) -> Match<Njet> {
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    let aside: Vec<&str> = if players == 3 { vec!["R2", "B2", "K2", "G2"] } else { vec![] };
    let deal = json!({ "hands": hands, "aside": aside });
    Match::new(&request(players, options, Some(deal))).expect("a valid stacked deal")
}

fn actor(m: &Match<Njet>) -> Seat {
    let actors = m.state().actors();
    assert_eq!(actors.len(), 1, "one actor expected, got {actors:?}");
    actors.first().unwrap()
}

/// Covers every cell still free but the five given ones (the fixed `start 3` with three players
/// is covered from the start), each stone by whoever's turn it is.
fn set_board(m: &mut Match<Njet>, free: [&str; 5]) {
    let free: Vec<Action> = free.iter().map(|f| Njet::parse_action(&format!("njet {f}")).unwrap()).collect();
    for cell in 0..20u8 {
        let action = Action::Njet(tapis_njet::Cell(cell));
        if free.contains(&action) || !m.state().table().board.is_free(tapis_njet::Cell(cell)) {
            continue;
        }
        let seat = actor(m);
        m.act_parsed(seat, action).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    assert_ne!(m.state().table().phase, Phase::Njet, "the Njet phase ends with the last stone");
}

/// Plays tricks given as `"leader: card card card ..."` in playing order; checks each leader.
fn play_tricks(m: &mut Match<Njet>, tricks: &[&str]) -> Vec<Event> {
    let players = m.state().players();
    let mut events = Vec::new();
    for trick in tricks {
        let (leader, cards) = trick.split_once(':').unwrap();
        let leader: usize = leader.trim().parse().unwrap();
        assert_eq!(actor(m), Seat(leader as u8), "leader of '{trick}'");
        for (i, c) in cards.split_whitespace().enumerate() {
            events.extend(act(m, ((leader + i) % players) as u8, &format!("play {c}")));
        }
    }
    events
}

/// Tricks and loot won per seat, from the events of a round.
fn tally(events: &[Event], players: usize) -> (Vec<u8>, Vec<u8>) {
    let (mut tricks, mut loot) = (vec![0; players], vec![0; players]);
    for event in events {
        if let Event::TrickWon { seat, loot: l } = event {
            tricks[seat.index()] += 1;
            loot[seat.index()] += l;
        }
    }
    (tricks, loot)
}

/// The points of the last round scored in `events`.
fn round_points(events: &[Event]) -> Vec<i64> {
    events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::RoundScored { points, .. } => Some(points.as_slice().to_vec()),
            _ => None,
        })
        .expect("a round was scored")
}

/// The events `observer` (`None`: a spectator) is told, as JSON.
fn told(events: &[Event], observer: Option<Seat>) -> String {
    serde_json::to_string(&scenario::told(events, observer)).unwrap()
}

fn trick_won(events: &[Event]) -> Option<(Seat, u8)> {
    events.iter().find_map(|e| match e {
        Event::TrickWon { seat, loot } => Some((*seat, *loot)),
        _ => None,
    })
}

// ----- the seed's worked examples (§5.5) -----

/// Léon (0) & Biloud (2) vs Chris (1) & Dan (3), discard 2, trump R, no super-trump, 3 points.
const LEON_BILOUD: [&str; 4] = [
    "R9 R8 B2 B6 K4 K5 G3 G6 R1 R7",
    "R2 R5 B9 B8 K2 K1 G4 G7 B1 B7",
    "R3 R1 B3 B5 K3 K6 G9 G5 K1 K7",
    "R4 R6 B4 B1 K9 K8 G2 G8 G1 G1",
];
const LEON_BILOUD_TRICKS: [&str; 8] = [
    "0: R9 R2 R3 R4",
    "0: R8 R5 R1 R6",
    "0: B2 B9 B3 B4",
    "1: B8 B5 B1 B6",
    "1: K2 K3 K9 K4",
    "3: K8 K5 K1 K6",
    "3: G2 G3 G4 G9",
    "2: G5 G8 G6 G7",
];

fn leon_biloud_round(options: Value) -> (Match<Njet>, Vec<Event>) {
    let mut m = stacked(4, options, &LEON_BILOUD);
    set_board(&mut m, ["start 0", "discard 2", "trump R", "super none", "points 3"]);
    act(&mut m, 0, "partner 2");
    for (seat, discards) in [(0, ["R1", "R7"]), (1, ["B1", "B7"]), (2, ["K1", "K7"]), (3, ["G1", "G1"])] {
        for d in discards {
            act(&mut m, seat, &format!("discard {d}"));
        }
    }
    let events = play_tricks(&mut m, &LEON_BILOUD_TRICKS);
    (m, events)
}

#[test]
fn example_leon_biloud_12_chris_dan_21() {
    let (m, events) = leon_biloud_round(json!({}));
    let t = m.state().table();
    // Léon & Biloud: 3 tricks + 1 loot; Chris & Dan: 5 tricks + 2 loot.
    assert_eq!(tally(&events, 4), (vec![2, 2, 1, 3], vec![1, 1, 0, 1]));
    assert_eq!(round_points(&events), [12, 21, 12, 21]);
    assert_eq!(t.last_points.as_slice(), [12, 21, 12, 21]);
    assert_eq!(m.state().scores().as_slice(), [12, 21, 12, 21]);
    assert_eq!(m.state().round(), 2, "the next round is dealt");
    assert_eq!(t.dealer, Seat(0), "the dealer moved left");
    assert_eq!(actor(&m), Seat(1), "the new dealer's left neighbour places the first stone");
}

/// Three players, discard 1, trump R, no super-trump, 2 points; seat 0 starts.
const THREE_PLAYER: [&str; 3] = [
    "R9 R8 R1 B3 B1 B7 K9 K8 G3 G5 K7 K1",
    "R3 R4 R6 B1 B4 B6 K3 K5 G9 G8 G7 K1",
    "R1 R5 R7 B9 B8 B5 K4 K6 G4 G1 G6 G1",
];
const THREE_PLAYER_TRICKS: [&str; 11] = [
    "0: R9 R3 R1",
    "0: R8 R4 R5",
    "0: R1 R6 R7",
    "2: B9 B3 B1",
    "2: B8 B1 B4",
    "2: B5 B7 B6",
    "0: K9 K3 K4",
    "0: K8 K5 K6",
    "0: G3 G9 G4",
    "1: G8 G1 G5",
    "1: G7 G6 K7",
];

fn three_player_round(options: Value, team: &str) -> (Match<Njet>, Vec<Event>) {
    let mut m = stacked(3, options, &THREE_PLAYER);
    set_board(&mut m, ["start 0", "discard 1", "trump R", "super none", "points 2"]);
    act(&mut m, 0, team);
    act(&mut m, 2, "discard G1");
    act(&mut m, 0, "discard K1");
    act(&mut m, 1, "discard K1");
    let events = play_tricks(&mut m, &THREE_PLAYER_TRICKS);
    (m, events)
}

/// The rulebook's 3-player figures (lone 5 tricks + 1 loot at 2 → 24 doubled; pair 6 + 2 → 16)
/// need the 2015 loot rule: with all 1s as loot, 36 − 3 discards leave at least five 1s in play.
#[test]
fn example_three_players_lone_24_pair_16_with_opponents_only_loot() {
    let (m, events) = three_player_round(json!({"loot": "opponents_only"}), "alone");
    assert_eq!(tally(&events, 3), (vec![5, 3, 3], vec![1, 0, 2]));
    assert_eq!(m.state().scores().as_slice(), [24, 16, 16]);
}

#[test]
fn example_three_players_same_play_with_all_ones_as_loot() {
    let (m, events) = three_player_round(json!({}), "alone");
    assert_eq!(tally(&events, 3).1, [1, 1, 3], "R1 to the lone player; R1 B1 B1 G1 to the pair");
    // Lone: (5 + 1) × 2 × 2; pair: (6 + 4) × 2.
    assert_eq!(m.state().scores().as_slice(), [24, 20, 20]);
}

#[test]
fn three_players_with_a_partner_the_third_plays_alone_and_doubles() {
    let (m, _) = three_player_round(json!({}), "partner 1");
    // Team 0+1: 8 tricks + 2 loot at 2 = 20 each; seat 2 alone: (3 + 3) × 2 × 2 = 24.
    assert_eq!(m.state().scores().as_slice(), [20, 20, 24]);
}

// ----- the ambiguity register -----

#[test]
fn t1_board_rows_have_4_3_4_5_4_cells_and_keep_one_free() {
    let mut m = Match::<Njet>::new(&request(4, json!({}), None)).unwrap();
    assert_eq!(legal(&m, 0).len(), 20, "every cell is open at first");
    for cell in ["start 0", "start 1", "start 2"] {
        let seat = actor(&m).0;
        act(&mut m, seat, &format!("njet {cell}"));
    }
    let open = legal(&m, actor(&m).0);
    assert_eq!(open.len(), 16, "start 3 is the row's last free cell");
    assert!(!open.contains(&"njet start 3".to_string()));
    let err = m.act(actor(&m), "njet start 3").unwrap_err();
    assert_eq!(err.code(), "illegal_action");
    let three = Match::<Njet>::new(&request(3, json!({}), None)).unwrap();
    let open = legal(&three, 0);
    assert_eq!(open.len(), 19, "with three players start 3 is covered for good");
    assert!(!open.contains(&"njet start 3".to_string()));
}

fn stones_by_seat(players: usize, dealer: u8) -> (Vec<u32>, Match<Njet>) {
    let mut req = request(players, json!({}), None);
    req.dealer = Some(dealer);
    let mut m = Match::<Njet>::new(&req).unwrap();
    let mut stones = vec![0; players];
    let mut first = None;
    while m.state().table().phase == Phase::Njet {
        let seat = actor(&m);
        first.get_or_insert(seat);
        let action = legal(&m, seat.0)[0].clone();
        act(&mut m, seat.0, &action);
        stones[seat.index()] += 1;
    }
    assert_eq!(first, Some(Seat((dealer + 1) % players as u8)), "the dealer's left neighbour starts");
    (stones, m)
}

#[test]
fn t2_four_players_place_4_4_4_3_the_dealer_3() {
    let (stones, m) = stones_by_seat(4, 1);
    assert_eq!(stones, [4, 3, 4, 4]);
    assert_eq!(m.state().table().phase, Phase::Partner);
}

#[test]
fn t2_three_players_place_5_5_4_the_dealer_4_after_the_fixed_stone() {
    let (stones, m) = stones_by_seat(3, 2);
    assert_eq!(stones, [5, 5, 4]);
    let board = m.state().table().board;
    assert_eq!(board.placed_by(tapis_njet::Cell(3)), tapis_njet::Board::new(3).placed_by(tapis_njet::Cell(3)));
    assert!(!board.is_free(tapis_njet::Cell(3)));
}

#[test]
fn t3_the_board_start_player_chooses_and_leads_the_first_trick() {
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    set_board(&mut m, ["start 2", "discard 0", "trump G", "super none", "points 1"]);
    assert_eq!(actor(&m), Seat(2), "the start player chooses a partner");
    assert_eq!(legal(&m, 2), ["partner 0", "partner 1", "partner 3"], "with four a partner is mandatory");
    act(&mut m, 2, "partner 0");
    assert_eq!(m.state().table().phase, Phase::Play, "discard 0: no discard phase");
    assert_eq!(actor(&m), Seat(2), "seat 2, not the dealer's left neighbour, leads");
}

/// Seat 1 holds no blue but holds trumps (R) when blue is led.
const VOID_HAND: [&str; 4] = [
    "B9 B8 B7 B6 B5 B4 B3 B2 K9 K8",
    "R9 R8 R7 R6 R5 G9 G8 G7 G6 G5",
    "R4 R3 R2 R1 R1 G4 G3 G2 G1 G1",
    "B1 B1 K7 K6 K5 K4 K3 K2 K1 K1",
];

fn void_round(options: Value) -> Match<Njet> {
    let mut m = stacked(4, options, &VOID_HAND);
    set_board(&mut m, ["start 0", "discard 0", "trump R", "super none", "points 1"]);
    act(&mut m, 0, "partner 2");
    act(&mut m, 0, "play B9");
    m
}

#[test]
fn t4_no_obligation_to_trump_when_void() {
    let m = void_round(json!({}));
    assert_eq!(legal(&m, 1).len(), 10, "void in blue: any card, trump or not");
    let mut m = m;
    act(&mut m, 1, "play G5");
    assert_eq!(m.state().table().voids[Seat(1)], 1 << Colour::Blue.index(), "seat 1 has shown it is void in blue");
}

#[test]
fn t4_variant_must_trump_when_void() {
    let mut m = void_round(json!({"must_trump_when_void": true}));
    assert_eq!(legal(&m, 1), ["play R5", "play R6", "play R7", "play R8", "play R9"]);
    assert_eq!(m.act(Seat(1), "play G5").unwrap_err().code(), "illegal_action");
    act(&mut m, 1, "play R5");
    // Seat 2 is void in blue too and has trumps; seat 3 has blue 1s and must follow.
    act(&mut m, 2, "play R1");
    assert_eq!(legal(&m, 3), ["play B1"]);
    let events = act(&mut m, 3, "play B1");
    assert_eq!(trick_won(&events), Some((Seat(1), 2)), "R5 beats R1; the two 1s are loot");
    // Seat 1 leads green; seat 2 follows; seat 3 has neither green nor trumps: void in both.
    act(&mut m, 1, "play G9");
    act(&mut m, 2, "play G1");
    assert_eq!(legal(&m, 3).len(), 8, "no green, no red: any of B1, K1…K7");
    act(&mut m, 3, "play K7");
    let both = 1 << Colour::Green.index() | 1 << Colour::Red.index();
    assert_eq!(m.state().table().voids[Seat(3)], both, "not trumping shows a void in trumps too");
}

/// Seat 0 leads R1 with blue trumps and no super-trump; seats 1 and 3 have no red, seat 2 only
/// the other R1: the trick is decided by two identical ordinary 1s.
const EQUAL_ONES: [&str; 4] = [
    "R1 R2 R3 R4 R5 R6 R7 R8 R9 B1",
    "G1 G1 G2 G3 G4 G5 G6 G7 G8 G9",
    "R1 K1 K1 K2 K3 K4 K5 K6 K7 K8",
    "K9 B1 B2 B3 B4 B5 B6 B7 B8 B9",
];

fn equal_ones_trick(options: Value) -> (Seat, u8) {
    let mut m = stacked(4, options, &EQUAL_ONES);
    set_board(&mut m, ["start 0", "discard 0", "trump B", "super none", "points 1"]);
    act(&mut m, 0, "partner 2");
    act(&mut m, 0, "play R1");
    act(&mut m, 1, "play G9");
    assert_eq!(legal(&m, 2), ["play R1"], "seat 2 must follow with its R1");
    act(&mut m, 2, "play R1");
    let events = act(&mut m, 3, "play K9");
    trick_won(&events).unwrap()
}

#[test]
fn a_trick_of_only_ones_still_counts_as_a_trick() {
    let mut m = stacked(4, json!({}), &EQUAL_ONES);
    set_board(&mut m, ["start 0", "discard 0", "trump B", "super none", "points 1"]);
    act(&mut m, 0, "partner 2");
    play_tricks(&mut m, &["0: R1 G1 R1"]);
    let events = act(&mut m, 3, "play B1");
    assert_eq!(trick_won(&events), Some((Seat(3), 4)), "the trump 1 wins; four loot cards");
    let t = m.state().table();
    assert_eq!((t.tricks_won[Seat(3)], t.loot_won[Seat(3)]), (1, 4));
}

#[test]
fn t5_equal_ordinary_ones_later_wins() {
    assert_eq!(equal_ones_trick(json!({})), (Seat(2), 2));
}

#[test]
fn t5_variant_equal_ordinary_ones_first_wins() {
    assert_eq!(equal_ones_trick(json!({"equal_cards": "first_wins"})), (Seat(0), 2));
}

/// Trump K, super-trump R: seat 0 leads G1, seat 1 follows G1, seat 2 (no green) plays a
/// super-trump R1, seat 3 follows G9. Teams 0+2 against 1+3.
const LOOT_HANDS: [&str; 4] = [
    "G1 G2 G3 G4 B1 B2 B3 B4 B5 B6",
    "G1 G5 G6 G7 B7 B8 B9 K1 K1 K2",
    "R1 R1 R2 R3 R4 R5 R6 R7 R8 R9",
    "G8 G9 B1 K3 K4 K5 K6 K7 K8 K9",
];

fn loot_trick(options: Value) -> (Seat, u8) {
    let mut m = stacked(4, options, &LOOT_HANDS);
    set_board(&mut m, ["start 0", "discard 0", "trump K", "super R", "points 1"]);
    act(&mut m, 0, "partner 2");
    play_tricks(&mut m, &["0: G1 G1"]);
    act(&mut m, 2, "play R1");
    let events = act(&mut m, 3, "play G9");
    let won = trick_won(&events).unwrap();
    assert_eq!(m.state().table().loot_won[Seat(2)], won.1);
    won
}

#[test]
fn t6_every_one_won_is_loot_super_trumps_included() {
    assert_eq!(loot_trick(json!({})), (Seat(2), 3), "G1 + G1 + the super-trump R1");
}

#[test]
fn t6_variant_only_the_opponents_ordinary_ones_are_loot() {
    assert_eq!(loot_trick(json!({"loot": "opponents_only"})), (Seat(2), 1), "only seat 1's G1");
}

#[test]
fn t7_discarded_ones_never_score() {
    let (_, events) = leon_biloud_round(json!({}));
    let (tricks, loot) = tally(&events, 4);
    // Five of the eight 1s were laid aside: only the three played ones are loot.
    assert_eq!(loot.iter().sum::<u8>(), 3);
    assert_eq!(tricks.iter().sum::<u8>(), 8, "10 cards − 2 discards = 8 tricks");
}

fn play_randomly(m: &mut Match<Njet>, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut events = Vec::new();
    while !m.state().is_over() {
        let seat = m.state().actors().first().unwrap();
        let mut list = ActionList::new();
        m.state().legal_actions(seat, &mut list);
        events.extend(m.act_parsed(seat, list[rng.index(list.len())]).unwrap());
    }
    events
}

fn rounds_scored(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e, Event::RoundScored { .. })).count()
}

#[test]
fn t8_three_players_play_8_rounds() {
    let mut m = Match::<Njet>::new(&request(3, json!({}), None)).unwrap();
    let events = play_randomly(&mut m, 3);
    assert_eq!(rounds_scored(&events), 8);
    assert_eq!(m.state().round(), 8);
}

#[test]
fn t8_variant_nine_rounds() {
    let mut m = Match::<Njet>::new(&request(3, json!({"rounds": 9}), None)).unwrap();
    let events = play_randomly(&mut m, 4);
    assert_eq!(rounds_scored(&events), 9);
    assert_eq!(m.state().round(), 9);
}

/// Seat 0: reds; seat 1: blues; seat 2: greens and one R1; seat 3: blacks.
const SUPER_HANDS: [&str; 4] = [
    "R1 R2 R3 R4 R5 R6 R7 R8 R9 G1",
    "B9 B8 B7 B6 B5 B4 B3 B2 B1 B1",
    "R1 G2 G3 G4 G5 G6 G7 G8 G9 G1",
    "K1 K1 K2 K3 K4 K5 K6 K7 K8 K9",
];

#[test]
fn super_trumps_are_trumps_and_the_last_one_played_wins() {
    let mut m = stacked(4, json!({}), &SUPER_HANDS);
    set_board(&mut m, ["start 0", "discard 0", "trump B", "super R", "points 2"]);
    act(&mut m, 0, "partner 1");
    act(&mut m, 0, "play R1");
    assert_eq!(legal(&m, 1).len(), 9, "a led super-trump calls for trumps: every blue");
    act(&mut m, 1, "play B9");
    assert_eq!(legal(&m, 2), ["play R1"], "seat 2's R1 is its only trump");
    act(&mut m, 2, "play R1");
    let events = act(&mut m, 3, "play K9");
    assert_eq!(trick_won(&events), Some((Seat(2), 2)), "the second super-trump beats the first and B9");
}

#[test]
fn t9_super_trump_colour_may_equal_the_trump_colour() {
    let mut m = stacked(4, json!({}), &SUPER_HANDS);
    set_board(&mut m, ["start 0", "discard 0", "trump R", "super R", "points 1"]);
    let c = m.state().table().conditions.unwrap();
    assert_eq!((c.trump, c.super_trump), (Colour::Red, Some(Colour::Red)));
    act(&mut m, 0, "partner 1");
    act(&mut m, 0, "play R9");
    act(&mut m, 1, "play B9");
    assert_eq!(legal(&m, 2), ["play R1"]);
    act(&mut m, 2, "play R1");
    let events = act(&mut m, 3, "play K9");
    assert_eq!(trick_won(&events), Some((Seat(2), 1)), "the red 1 is a super-trump, above R9");
}

#[test]
fn without_super_trump_the_ones_are_the_lowest_cards() {
    let mut m = stacked(4, json!({}), &SUPER_HANDS);
    set_board(&mut m, ["start 0", "discard 0", "trump R", "super none", "points 1"]);
    act(&mut m, 0, "partner 1");
    play_tricks(&mut m, &["0: R2 B9 R1"]);
    let events = act(&mut m, 3, "play K9");
    assert_eq!(trick_won(&events), Some((Seat(0), 1)), "R2 beats the trump R1");
}

#[test]
fn t10_ties_are_shared() {
    let (m, _) = leon_biloud_round(json!({"rounds": 1}));
    assert!(m.state().is_over());
    assert_eq!(m.state().winners(), SeatSet::from_iter([Seat(1), Seat(3)]), "Chris and Dan share the win");
}

#[test]
fn t11_the_first_dealer_is_the_last_seat_or_the_given_one_then_rotates() {
    let m = Match::<Njet>::new(&request(4, json!({}), None)).unwrap();
    assert_eq!(m.state().table().dealer, Seat(3));
    assert_eq!(actor(&m), Seat(0));
    let mut req = request(3, json!({}), None);
    req.dealer = Some(1);
    let mut m = Match::<Njet>::new(&req).unwrap();
    assert_eq!(actor(&m), Seat(2));
    let events = play_randomly(&mut m, 9);
    let dealers: Vec<Seat> = events
        .iter()
        .filter_map(|e| match e {
            Event::RoundDealt { dealer, .. } => Some(*dealer),
            _ => None,
        })
        .collect();
    assert_eq!(&dealers[..4], [Seat(2), Seat(0), Seat(1), Seat(2)]);
}

// ----- hidden information -----

#[test]
fn views_hide_hands_and_discards_and_determinize_respects_voids() {
    let mut m = void_round(json!({}));
    act(&mut m, 1, "play G5");
    let view = m.state().view(Some(Seat(0)));
    let json = serde_json::to_string(&view).unwrap();
    assert!(!json.contains("G9"), "seat 1's cards are not in seat 0's view");
    assert_eq!(view.table.voids[Seat(1)], 1 << Colour::Blue.index());
    let blue = CardMultiset::colour(Colour::Blue);
    let mut rng = GameRng::seed_from_u64(5);
    for _ in 0..300 {
        let game = Njet::determinize(&view, &mut rng);
        assert!(game.hand(Seat(1)).intersection(blue).is_empty(), "seat 1 is void in blue");
        assert_eq!(game.view(Some(Seat(0))), view);
    }
    let spectator = m.state().view(None);
    assert!(spectator.hand.is_none() && spectator.discards.is_none());
    for _ in 0..100 {
        let game = Njet::determinize(&spectator, &mut rng);
        assert!(game.hand(Seat(1)).intersection(blue).is_empty());
    }
}

#[test]
fn discards_stay_hidden_and_the_phase_is_simultaneous() {
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    set_board(&mut m, ["start 0", "discard 2", "trump R", "super none", "points 3"]);
    act(&mut m, 0, "partner 2");
    assert_eq!(m.state().waiting_for(), SeatSet::all(4));
    let events = act(&mut m, 3, "discard G1");
    assert_eq!(told(&events, Some(Seat(3))), r#"[{"type":"laid_aside","seat":3,"card":"G1"}]"#);
    for observer in [Some(Seat(0)), Some(Seat(1)), Some(Seat(2)), None] {
        assert_eq!(told(&events, observer), r#"[{"type":"discarded","seat":3}]"#, "{observer:?}");
    }
    let seen = m.state().view(Some(Seat(0)));
    assert_eq!(seen.table.discarded(Seat(3)), 1);
    assert!(!serde_json::to_string(&seen).unwrap().contains("G1"));
    assert_eq!(m.state().view(Some(Seat(3))).discards.unwrap().to_text(), "G1");
    act(&mut m, 3, "discard G1");
    assert_eq!(legal(&m, 3), Vec::<String>::new(), "seat 3 is done");
    assert_eq!(m.state().waiting_for(), SeatSet::from_iter([Seat(0), Seat(1), Seat(2)]));
}

// ----- bad input -----

/// The refusal of a deal, in English and in French.
fn deal_error(players: usize, hands: Value, aside: Value) -> (String, String) {
    let deal = json!({"hands": hands, "aside": aside});
    match Match::<Njet>::new(&request(players, json!({}), Some(deal))) {
        Err(err) => {
            assert_eq!(err.code(), "bad_deal", "{err}");
            (err.message(Lang::En), err.message(Lang::Fr))
        }
        Ok(_) => panic!("the deal was accepted"),
    }
}

fn hands_json(hands: &[&str]) -> Value {
    json!(hands.iter().map(|h| h.split_whitespace().collect::<Vec<_>>()).collect::<Vec<_>>())
}

#[test]
fn bad_deals_are_refused_and_name_the_cards() {
    let mut hands = LEON_BILOUD;
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!([])),
        (
            "the deal must hold exactly the 40 cards of the deck: missing G1".to_string(),
            "la donne doit contenir exactement les 40 cartes du jeu : manquent G1".to_string()
        )
    );
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 G1 R9";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!([])).0,
        "the deal must hold exactly the 40 cards of the deck: extra R9"
    );
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 Z1";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!([])),
        (
            "unknown cards in the deal: Z1 (cards are R1 to G9)".to_string(),
            "cartes inconnues dans la donne : Z1 (les cartes vont de R1 à G9)".to_string()
        )
    );
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 G1 G1";
    hands[2] = "R3 R1 B3 B5 K3 K6 G9 G5 K1 K7 G7";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!([])).0,
        "the deal must hold exactly the 40 cards of the deck: extra G1 G7"
    );
    // The right cards but unequal hands, or the wrong cards set aside.
    let mut hands = LEON_BILOUD;
    hands[0] = "R9 R8 B2 B6 K4 K5 G3 G6 R1";
    hands[1] = "R2 R5 B9 B8 K2 K1 G4 G7 B1 B7 R7";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!([])),
        (
            "hand 0 of the deal has 9 cards; with 4 players each gets 10".to_string(),
            "la main 0 de la donne a 9 cartes ; à 4 joueurs, chacun en reçoit 10".to_string()
        )
    );
    let mut hands = LEON_BILOUD;
    hands[0] = "R9 R8 B2 B6 K4 K5 G3 G6 R1";
    assert_eq!(
        deal_error(4, hands_json(&hands), json!(["R7"])),
        ("with 4 players no card is set aside".to_string(), "à 4 joueurs, aucune carte n'est mise de côté".to_string())
    );
    assert_eq!(
        deal_error(3, hands_json(&THREE_PLAYER), json!(["R2", "B2", "K2"])).0,
        "the deal must hold exactly the 40 cards of the deck: missing G2"
    );
    let mut hands = THREE_PLAYER;
    hands[0] = "R9 R8 R1 B3 B1 B7 K9 K8 G3 G5 K7 G2";
    assert_eq!(
        deal_error(3, hands_json(&hands), json!(["R2", "B2", "K2", "K1"])),
        (
            "with 3 players the aside pile holds exactly the four 2s".to_string(),
            "à 3 joueurs, les cartes mises de côté sont exactement les quatre 2".to_string()
        )
    );
    assert_eq!(
        deal_error(3, hands_json(&THREE_PLAYER[..2]), json!([])),
        ("the deal has 2 hands for 3 players".to_string(), "la donne a 2 mains pour 3 joueurs".to_string())
    );
    let wrong = Match::<Njet>::new(&request(4, json!({}), Some(json!({"hands": [], "stock": []}))));
    assert_eq!(wrong.unwrap_err().code(), "bad_deal");
}

/// The reason an action is refused, in English and in French.
fn refusal(m: &Match<Njet>, seat: u8, text: &str) -> (String, String) {
    let err = m.clone().act(Seat(seat), text).unwrap_err();
    (err.message(Lang::En), err.message(Lang::Fr))
}

/// The game's own reason beside the legal list, in English and in French.
fn reason(m: &Match<Njet>, seat: u8, text: &str) -> (String, String) {
    match m.clone().act(Seat(seat), text).unwrap_err() {
        ActionError::NotLegal { reason: Some(reason), .. } => (reason.en, reason.fr),
        other => panic!("'{text}': expected a reason, got {other:?}"),
    }
}

#[test]
fn misspelt_actions_are_explained_in_both_languages() {
    let m = stacked(4, json!({}), &LEON_BILOUD);
    assert_eq!(
        refusal(&m, 0, "njet colour R"),
        (
            "'colour' is not a row of the board: the rows are start, discard, trump, super, points".to_string(),
            "« colour » n'est pas un rang du plateau : les rangs sont start, discard, trump, super, points".to_string()
        )
    );
    assert_eq!(
        refusal(&m, 0, "njet trump Z"),
        (
            "'Z' is not a cell of the trump row: the cells are R, B, K, G".to_string(),
            "« Z » n'est pas une case du rang trump : les cases sont R, B, K, G".to_string()
        )
    );
    assert_eq!(
        refusal(&m, 0, "njet trump"),
        (
            "'njet trump': write it as 'njet <row> <cell>'".to_string(),
            "« njet trump » : écrivez-le « njet <row> <cell> »".to_string()
        )
    );
    assert_eq!(
        refusal(&m, 0, "play R0"),
        (
            "'R0' is not a Njet card: write a colour (R, B, K, G) then a value (1-9), like R1 or K9".to_string(),
            "« R0 » n'est pas une carte de Njet : écrivez une couleur (R, B, K, G) puis une valeur (1 à 9), comme R1 ou K9"
                .to_string()
        )
    );
    assert_eq!(
        refusal(&m, 0, "partner x"),
        ("'x' is not a seat number".to_string(), "« x » n'est pas un numéro de siège".to_string())
    );
    assert_eq!(
        refusal(&m, 0, "pass").0,
        "'pass' is not an action of this game; the verbs are: njet <row> <cell> (rows: start, discard, trump, super, \
         points), partner <seat>, alone, discard <card>, play <card>"
    );
}

#[test]
fn illegal_actions_say_why_in_both_languages() {
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    assert_eq!(
        reason(&m, 0, "play R9"),
        ("now is the time to place a stone".to_string(), "c'est le moment de poser une pierre".to_string())
    );
    for cell in ["start 0", "start 1", "start 2"] {
        let seat = actor(&m).0;
        act(&mut m, seat, &format!("njet {cell}"));
    }
    assert_eq!(
        reason(&m, 3, "njet start 3"),
        (
            "a row's last free cell may not be covered".to_string(),
            "la dernière case libre d'un rang ne peut pas être couverte".to_string()
        )
    );
    assert_eq!(
        reason(&m, 3, "njet start 1"),
        ("that cell is already covered".to_string(), "cette case est déjà couverte".to_string())
    );
    let err = m.clone().act(Seat(3), "njet start 1").unwrap_err();
    assert!(
        err.message(Lang::En).starts_with(
            "'njet start 1' is not legal for seat 3 now: that cell is already covered; legal: njet discard 0,"
        ),
        "{err}"
    );
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    set_board(&mut m, ["start 0", "discard 2", "trump R", "super none", "points 3"]);
    assert_eq!(
        reason(&m, 0, "alone"),
        (
            "with 4 players the start player must choose a partner".to_string(),
            "à 4 joueurs, le premier joueur doit choisir un partenaire".to_string()
        )
    );
    assert_eq!(
        reason(&m, 0, "partner 0"),
        ("you cannot partner yourself".to_string(), "on ne fait pas équipe avec soi-même".to_string())
    );
    assert_eq!(
        reason(&m, 0, "partner 5"),
        (
            "'partner 5' names nobody: the seats are numbered 0 to 3".to_string(),
            "« partner 5 » ne désigne personne : les places sont numérotées de 0 à 3".to_string()
        )
    );
    act(&mut m, 0, "partner 2");
    assert_eq!(
        reason(&m, 0, "discard B9"),
        ("you do not hold the blue 9".to_string(), "vous n'avez pas le 9 bleu en main".to_string())
    );
    for (seat, discards) in [(0, ["R1", "R7"]), (1, ["B1", "B7"]), (2, ["K1", "K7"]), (3, ["G1", "G1"])] {
        for d in discards {
            act(&mut m, seat, &format!("discard {d}"));
        }
    }
    act(&mut m, 0, "play R9");
    assert_eq!(
        reason(&m, 1, "play B9"),
        (
            "you must follow the led group (trumps)".to_string(),
            "il faut fournir dans le groupe demandé (atout)".to_string()
        )
    );
    let mut m = void_round(json!({"must_trump_when_void": true}));
    assert_eq!(
        reason(&m, 1, "play G5"),
        (
            "void in the led group, you must trump (the must_trump_when_void variant)".to_string(),
            "sans carte du groupe demandé, il faut couper (variante must_trump_when_void)".to_string()
        )
    );
    act(&mut m, 1, "play R5");
    assert_eq!(
        reason(&m, 2, "play K9"),
        ("you do not hold the black 9".to_string(), "vous n'avez pas le 9 noir en main".to_string())
    );
}

#[test]
fn bad_options_and_player_counts_are_refused() {
    for options in [
        json!({"rounds": 0}),
        json!({"rounds": "8"}),
        json!({"loot": "some"}),
        json!({"equal_cards": true}),
        json!({"must_trump_when_void": 1}),
        json!({"njet.rounds": 3}),
        json!({"trump": "R"}),
    ] {
        let err = Match::<Njet>::new(&request(4, options.clone(), None)).unwrap_err();
        assert_eq!(err.code(), "bad_option", "{options}");
    }
    let err = Match::<Njet>::new(&request(4, json!({"colour": 1}), None)).unwrap_err();
    assert!(err.to_string().contains("must_trump_when_void, equal_cards, loot, rounds"), "{err}");
    for players in [2, 5] {
        assert_eq!(Match::<Njet>::new(&request(players, json!({}), None)).unwrap_err().code(), "bad_request");
    }
    let mut req = request(3, json!({}), None);
    req.dealer = Some(3);
    assert_eq!(Match::<Njet>::new(&req).unwrap_err().code(), "bad_request");
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    let before = m.state().clone();
    for text in ["", "pass", "njet", "njet trump", "njet trump Z", "njet colour R", "play R0", "play", "partner x"] {
        assert_eq!(m.act(Seat(0), text).unwrap_err().code(), "bad_action", "{text}");
    }
    for (seat, text) in [(1, "njet trump R"), (0, "play R9"), (0, "partner 1"), (0, "discard R9"), (7, "njet trump R")]
    {
        assert_eq!(m.act(Seat(seat), text).unwrap_err().code(), "illegal_action", "{seat} {text}");
    }
    assert_eq!(m.state(), &before);
    set_board(&mut m, ["start 0", "discard 2", "trump R", "super none", "points 3"]);
    assert_eq!(m.act(Seat(0), "alone").unwrap_err().code(), "illegal_action", "only with three players");
    assert_eq!(m.act(Seat(0), "partner 0").unwrap_err().code(), "illegal_action", "not oneself");
    act(&mut m, 0, "partner 2");
    assert_eq!(m.act(Seat(0), "discard B9").unwrap_err().code(), "illegal_action", "not in hand");
    assert_eq!(m.act(Seat(0), "play R9").unwrap_err().code(), "illegal_action", "discard first");
}

// ----- conformance kit, fuzz, golden, bot -----

fn run_kit(players: usize, games: u64, deep_every: usize, options: Value) {
    let mut config = KitConfig::new(players, games);
    config.seed = 2026;
    config.deep_every = deep_every;
    config.options = serde_json::from_value(options).unwrap();
    let report = kit::run::<Njet>(&config);
    assert_eq!(report.games, config.games);
    assert!(report.wins.iter().all(|&w| w > 0), "every seat wins sometimes: {:?}", report.wins);
}

/// Deep checks (clone, serde, every refused action, determinize) every this many steps, and at
/// every step of each run's first four matches.
const DEEP_EVERY: usize = 300;

#[test]
fn kit_four_players() {
    run_kit(4, 300, DEEP_EVERY, json!({}));
}

#[test]
fn kit_three_players() {
    run_kit(3, 300, DEEP_EVERY, json!({}));
}

#[test]
fn kit_must_trump_when_void() {
    run_kit(4, 35, DEEP_EVERY, json!({"must_trump_when_void": true}));
    run_kit(3, 35, DEEP_EVERY, json!({"must_trump_when_void": true}));
}

#[test]
fn kit_equal_cards_first_wins() {
    run_kit(4, 35, DEEP_EVERY, json!({"equal_cards": "first_wins"}));
    run_kit(3, 35, DEEP_EVERY, json!({"equal_cards": "first_wins"}));
}

#[test]
fn kit_rounds_and_loot() {
    // `loot` changes only the scores; it rides along with the longer and the shortest matches.
    run_kit(3, 20, DEEP_EVERY, json!({"rounds": 9, "loot": "opponents_only"}));
    run_kit(4, 35, DEEP_EVERY / 3, json!({"rounds": 1, "loot": "opponents_only"}));
}

#[test]
fn fuzz() {
    kit::fuzz_actions::<Njet>(4, &Map::new(), 1, 3000);
    kit::fuzz_actions::<Njet>(3, &Map::new(), 2, 3000);
}

#[test]
fn golden_transcript() {
    let req = MatchRequest {
        players: 4,
        seed: 42,
        dealer: None,
        options: serde_json::from_value(json!({"rounds": 1})).unwrap(),
        deal: None,
    };
    let text = kit::transcript::<Njet>(&req, 7);
    kit::assert_golden(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/njet.txt"), &text);
}

#[test]
fn heuristic_beats_random() {
    // A few hundred matches tell a strong bot from a random one (`TAPIS_SOAK` plays more).
    for (players, games) in [(4, kit::soak(400)), (3, kit::soak(300))] {
        let wins = tapis_bots::heuristic_vs_random::<Njet>(players, &Map::new(), games, 77);
        let share = wins as f64 / games as f64;
        eprintln!(
            "heuristic vs random, {players} players: {wins}/{games} = {share:.3} (fair {:.3})",
            1.0 / players as f64
        );
        assert!(share > 1.6 / players as f64, "{players} players: {share}");
    }
}

/// The seats of the rulebook's example (§5.5): Léon & Biloud against Chris & Dan.
fn leon_names() -> Vec<String> {
    ["Léon", "Chris", "Biloud", "Dan"].map(String::from).to_vec()
}

#[test]
fn texts_show_the_table_in_both_languages() {
    let mut m = void_round(json!({}));
    act(&mut m, 1, "play G5");
    let view = m.state().view(Some(Seat(2)));
    let names = leon_names();
    let fr = Njet::render_view(&view, &Words::new(Lang::Fr, &names, Some(Seat(2))));
    let en = Njet::render_view(&view, &Words::new(Lang::En, &names, Some(Seat(2))));
    eprintln!("{fr}\n{en}");
    assert!(fr.contains("Votre main\u{a0}: rouge 1 1 2 3 4\u{a0}; vert 1 1 2 3 4"), "{fr}");
    assert!(en.contains("Your hand: red 1 1 2 3 4; green 1 1 2 3 4"), "{en}");
    assert!(en.contains("Current trick: Léon blue 9, Chris green 5") && en.contains("Chris: 9 cards"), "{en}");
    assert!(en.contains("no blue left") && fr.contains("plus de bleu"), "{en}");
    assert!(en.contains("red is trumps") && fr.contains("atout rouge"), "{en}");
    assert!(fr.contains("Pli en cours\u{a0}: Léon 9 bleu, Chris 5 vert\nDemandé\u{a0}: bleu — Léon l’emporte"), "{fr}");
    assert!(fr.contains("À vous de jouer une carte.") && en.contains("Waiting for you to play a card."), "{en}");
    let alice = Words::new(Lang::En, &names, Some(Seat(0)));
    assert_eq!(Njet::describe_action(Action::Play(Card::new(Colour::Red, 7)), &alice), "play the red 7");
    let njet = Njet::parse_action("njet trump B").unwrap();
    assert_eq!(
        Njet::describe_action(njet, &Words::new(Lang::Fr, &names, Some(Seat(0)))),
        "exclure le bleu comme atout"
    );
    assert!(Njet::rules_text(tapis_core::Lang::En).contains("reconstruction"));
    for event in play_randomly(&mut m, 1) {
        assert!(!Njet::describe_event(&event, &Words::plain(Lang::En)).is_empty());
    }
}

#[test]
fn events_read_as_sentences_in_both_languages() {
    let names = leon_names();
    let words = |event: Event| {
        (
            Njet::describe_event(&event, &Words::new(Lang::En, &names, None)),
            Njet::describe_event(&event, &Words::new(Lang::Fr, &names, None)),
        )
    };
    let r7 = Card::new(Colour::Red, 7);
    let pair = |en: &str, fr: &str| (en.to_string(), fr.to_string());
    assert_eq!(
        words(Event::RoundDealt { round: 2, dealer: Seat(0) }),
        pair("Round 2: Léon deals.", "Manche 2\u{a0}: Léon donne.")
    );
    let hand = CardMultiset::from_cards([r7, Card::new(Colour::Blue, 1)]).unwrap();
    assert_eq!(
        words(Event::HandDealt { seat: Seat(1), hand }),
        pair("Chris is dealt 2 cards: red 7; blue 1.", "Chris reçoit 2 cartes\u{a0}: rouge 7\u{a0}; bleu 1.")
    );
    let cell = match Njet::parse_action("njet super none").unwrap() {
        Action::Njet(cell) => cell,
        other => panic!("{other}"),
    };
    assert_eq!(
        words(Event::StonePlaced { seat: Seat(2), cell }),
        pair(
            "Njet! Biloud rules out playing without super-trumps.",
            "Njet\u{a0}! Biloud exclut de jouer sans super-atout."
        )
    );
    assert_eq!(
        words(Event::PartnerChosen { seat: Seat(0), partner: Seat(2) }),
        pair("Léon chooses Biloud as partner.", "Léon choisit Biloud pour partenaire.")
    );
    assert_eq!(words(Event::PlaysAlone { seat: Seat(1) }), pair("Chris plays alone.", "Chris joue sans partenaire."));
    assert_eq!(words(Event::Discarded { seat: Seat(3) }), pair("Dan lays a card aside.", "Dan écarte une carte."));
    assert_eq!(
        words(Event::LaidAside { seat: Seat(3), card: r7 }),
        pair("Dan lays the red 7 aside.", "Dan écarte le 7 rouge.")
    );
    assert_eq!(
        words(Event::CardPlayed { seat: Seat(0), card: r7 }),
        pair("Léon plays the red 7.", "Léon joue le 7 rouge.")
    );
    assert_eq!(
        words(Event::TrickWon { seat: Seat(1), loot: 0 }),
        pair("Chris wins the trick.", "Chris remporte le pli.")
    );
    assert_eq!(
        words(Event::TrickWon { seat: Seat(1), loot: 2 }),
        pair("Chris wins the trick and 2 loot cards.", "Chris remporte le pli et 2 cartes Loot.")
    );
    let (_, events) = leon_biloud_round(json!({}));
    let scored = events.iter().find(|e| matches!(e, Event::RoundScored { .. })).unwrap().clone();
    assert_eq!(
        words(scored),
        pair(
            "End of round 1: Léon scores 12 points (total 12), Chris scores 21 points (total 21), Biloud scores 12 \
             points (total 12) and Dan scores 21 points (total 21).",
            "Fin de la manche 1\u{a0}: Léon marque 12 points (total 12), Chris marque 21 points (total 21), Biloud \
             marque 12 points (total 12) et Dan marque 21 points (total 21)."
        )
    );
    assert_eq!(
        words(Event::MatchOver { winners: SeatSet::from_iter([Seat(1), Seat(3)]) }),
        pair("End of the match: Chris and Dan win.", "Fin de la partie\u{a0}: Chris et Dan gagnent.")
    );
    assert_eq!(
        words(Event::MatchOver { winners: SeatSet::single(Seat(2)) }),
        pair("End of the match: Biloud wins.", "Fin de la partie\u{a0}: Biloud gagne.")
    );
}

#[test]
fn the_board_set_event_names_every_condition() {
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    let free = ["start 1", "discard 2", "trump R", "super B", "points 3"];
    let free: Vec<Action> = free.iter().map(|f| Njet::parse_action(&format!("njet {f}")).unwrap()).collect();
    let mut last = Vec::new();
    for cell in (0..20u8).map(tapis_njet::Cell) {
        if !free.contains(&Action::Njet(cell)) {
            let seat = actor(&m);
            last = m.act_parsed(seat, Action::Njet(cell)).unwrap();
        }
    }
    let set = last.iter().find(|e| matches!(e, Event::BoardSet { .. })).unwrap();
    let names = leon_names();
    assert_eq!(
        Njet::describe_event(set, &Words::new(Lang::En, &names, None)),
        "The board is set: Chris starts; 2 cards to lay aside; red is trumps; the blue 1s are super-trumps; 3 points \
         per trick and per loot card."
    );
    assert_eq!(
        Njet::describe_event(set, &Words::new(Lang::Fr, &names, Some(Seat(1)))),
        "Le plateau est fixé\u{a0}: vous commencez\u{a0}; 2 cartes à écarter\u{a0}; atout rouge\u{a0}; les 1 bleus \
         sont super-atouts\u{a0}; 3 points par pli et par carte Loot."
    );
}

#[test]
fn each_seat_alone_is_told_its_new_hand() {
    let (m, events) = leon_biloud_round(json!({"rounds": 2}));
    let kinds: Vec<&str> = events
        .iter()
        .rev()
        .take(7)
        .map(|e| match e {
            Event::TrickWon { .. } => "trick_won",
            Event::RoundScored { .. } => "round_scored",
            Event::RoundDealt { .. } => "round_dealt",
            Event::HandDealt { .. } => "hand_dealt",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["hand_dealt", "hand_dealt", "hand_dealt", "hand_dealt", "round_dealt", "round_scored", "trick_won"]
    );
    for seat in Seat::all(4) {
        let told: Vec<&Event> = events_for(&events, Some(seat)).filter(|e| e.reveals()).collect();
        assert_eq!(told, [&Event::HandDealt { seat, hand: m.state().hand(seat) }], "seat {seat}");
        assert_eq!(told[0].audience(), Audience::Only(seat));
        assert_eq!(m.state().hand(seat).len(), 10);
    }
    assert_eq!(events_for(&events, None).filter(|e| matches!(e, Event::HandDealt { .. })).count(), 0);
    assert!(events_for(&events, None).all(|e| e.audience() == Audience::Everyone));
    let mut m = stacked(4, json!({}), &LEON_BILOUD);
    set_board(&mut m, ["start 0", "discard 2", "trump R", "super none", "points 3"]);
    act(&mut m, 0, "partner 2");
    let events = act(&mut m, 1, "discard B7");
    let audiences: Vec<Audience> = events.iter().map(|e| e.audience()).collect();
    assert_eq!(audiences, [Audience::AllBut(Seat(1)), Audience::Only(Seat(1))]);
    assert!(events.iter().all(|e| !e.reveals()), "the seat chose the card it lays aside");
}

// ----- the client view -----

fn body(m: &Match<Njet>, seat: Option<u8>) -> tapis_njet::Body {
    Njet::client_body(&m.state().view(seat.map(Seat)))
}

fn body_json(m: &Match<Njet>, seat: Option<u8>) -> Value {
    serde_json::to_value(body(m, seat)).unwrap()
}

/// Plays seeded random legal actions until the round changes or the match ends.
fn finish_round_randomly(m: &mut Match<Njet>, seed: u64) -> Vec<Event> {
    let mut rng = GameRng::seed_from_u64(seed);
    let round = m.state().round();
    let mut events = Vec::new();
    while !m.state().is_over() && m.state().round() == round {
        let seat = m.state().actors().first().unwrap();
        let mut list = ActionList::new();
        m.state().legal_actions(Seat(seat.0), &mut list);
        events.extend(m.act_parsed(seat, list[rng.index(list.len())]).unwrap());
    }
    events
}

/// One seeded match of two rounds on the void deal, its client view pinned at seven moments.
#[test]
fn client_view_snapshots() {
    let mut m = stacked(4, json!({"rounds": 2}), &VOID_HAND);
    insta::assert_json_snapshot!("start_seat_0", body(&m, Some(0)));
    insta::assert_json_snapshot!("start_spectator", body(&m, None));
    for (seat, cell) in
        [(0, "start 1"), (1, "start 2"), (2, "start 3"), (3, "trump B"), (0, "super G"), (1, "points 1")]
    {
        act(&mut m, seat, &format!("njet {cell}"));
    }
    insta::assert_json_snapshot!("njet_phase_seat_2", body(&m, Some(2)));
    set_board(&mut m, ["start 0", "discard 1", "trump R", "super K", "points 2"]);
    act(&mut m, 0, "partner 2");
    act(&mut m, 3, "discard K1");
    insta::assert_json_snapshot!("discard_phase_seat_3", body(&m, Some(3)));
    for (seat, card) in [(0, "K8"), (1, "G5"), (2, "G1")] {
        act(&mut m, seat, &format!("discard {card}"));
    }
    play_tricks(&mut m, &["0: B9 G6 G2 B1"]);
    for (seat, card) in [(0, "K9"), (1, "R5"), (2, "R4")] {
        act(&mut m, seat, &format!("play {card}"));
    }
    insta::assert_json_snapshot!("mid_trick_seat_3", body(&m, Some(3)));
    insta::assert_json_snapshot!("mid_trick_spectator", body(&m, None));
    finish_round_randomly(&mut m, 5);
    assert_eq!(m.state().round(), 2);
    insta::assert_json_snapshot!("round_two_seat_1", body(&m, Some(1)));
    finish_round_randomly(&mut m, 6);
    assert!(m.state().is_over());
    insta::assert_json_snapshot!("match_over_spectator", body(&m, None));
}

/// Three players, the start player alone: the fixed stone, a doubled lone player.
#[test]
fn client_view_snapshot_three_players_alone() {
    let mut m = stacked(3, json!({}), &THREE_PLAYER);
    let start = body_json(&m, None);
    assert_eq!(start["board"][0]["cells"][3], json!({"cell": "3", "covered": true, "by": null}), "the fixed stone");
    assert_eq!(
        start["seats"].as_array().unwrap().iter().map(|s| s["stones_left"].clone()).collect::<Vec<_>>(),
        [5, 5, 4]
    );
    set_board(&mut m, ["start 0", "discard 1", "trump R", "super none", "points 2"]);
    act(&mut m, 0, "alone");
    act(&mut m, 2, "discard G1");
    act(&mut m, 0, "discard K1");
    act(&mut m, 1, "discard K1");
    play_tricks(&mut m, &THREE_PLAYER_TRICKS[..4]);
    act(&mut m, 2, "play B8");
    insta::assert_json_snapshot!("three_players_alone_seat_0", body(&m, Some(0)));
}

/// Every card kind in a body's JSON.
fn cards_in(value: &Value, out: &mut Vec<Card>) {
    match value {
        Value::String(text) => out.extend(text.parse::<Card>()),
        Value::Array(items) => items.iter().for_each(|v| cards_in(v, out)),
        Value::Object(fields) => fields.values().for_each(|v| cards_in(v, out)),
        _ => {}
    }
}

#[test]
fn client_bodies_show_no_hidden_card() {
    for (players, seed) in [(4, 0), (4, 1), (4, 2), (3, 3), (3, 4), (3, 5)] {
        let mut req = request(players, json!({"rounds": 2}), None);
        req.seed = seed;
        let mut m = Match::<Njet>::new(&req).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        while !m.state().is_over() {
            let state = m.state();
            let t = state.table();
            let mut open = t.played;
            for &card in t.trick.played() {
                open.insert(card);
            }
            for observer in Seat::all(players).map(Some).chain([None]) {
                let body = Njet::client_body(&state.view(observer));
                let json = serde_json::to_value(&body).unwrap();
                let mut seen = Vec::new();
                cards_in(&json, &mut seen);
                let own = observer.map_or(CardMultiset::EMPTY, |s| state.hand(s).union(state.discards_of(s)));
                for card in seen {
                    assert!(open.contains(card) || own.contains(card), "{observer:?} sees {card}: {json}");
                }
                match observer {
                    None => assert!(json.get("hand").is_none() && json.get("discards").is_none(), "{json}"),
                    Some(seat) => {
                        assert_eq!(body.hand.as_ref().map(Vec::len), Some(state.hand(seat).len() as usize))
                    }
                }
            }
            let seat = state.waiting_for().first().unwrap();
            let mut list = ActionList::new();
            state.legal_actions(seat, &mut list);
            let action = list[rng.index(list.len())];
            m.act_parsed(seat, action).unwrap();
        }
    }
}

fn bot_choice(m: &Match<Njet>, seat: u8, seed: u64) -> String {
    let mut list = ActionList::new();
    m.state().legal_actions(Seat(seat), &mut list);
    let view = m.state().view(Some(Seat(seat)));
    let mut rng = GameRng::seed_from_u64(seed);
    Njet::heuristic_action(&view, &list, &mut rng).unwrap().to_string()
}

#[test]
fn bot_rules_out_the_trumps_that_would_hurt_it() {
    // Seat 1 holds R5–R9 and G5–G9: blue or black trumps would leave it nothing.
    let mut m = stacked(4, json!({}), &VOID_HAND);
    act(&mut m, 0, "njet start 3");
    for seed in 0..20 {
        let choice = bot_choice(&m, 1, seed);
        assert!(["njet trump B", "njet trump K"].contains(&choice.as_str()), "{choice}");
    }
}

#[test]
fn bot_wins_cheaply_and_throws_low_when_the_trick_is_lost() {
    let mut m = stacked(4, json!({}), &VOID_HAND);
    set_board(&mut m, ["start 0", "discard 0", "trump R", "super none", "points 1"]);
    act(&mut m, 0, "partner 2");
    act(&mut m, 0, "play B9");
    assert_eq!(bot_choice(&m, 1, 0), "play R5", "the lowest trump that no unseen card beats");
    act(&mut m, 1, "play R5");
    assert_eq!(bot_choice(&m, 2, 0), "play G2", "lost: the cheapest card, keeping 1s from the opponents");
}

/// Regression: before the discard phase, determinize used to deal the board's discard count
/// aside for every hidden seat (the count was read from `discards_left`, not yet set), leaving
/// those hands short; ISMCTS then reached seats with no card to play.
#[test]
fn determinize_before_the_discard_phase_deals_whole_hands() {
    for seed in 0..200 {
        let mut state =
            Match::<Njet>::new(&MatchRequest { seed, ..request(4, json!({}), None) }).unwrap().state().clone();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = ActionList::new();
        // Through the Njet phase into the partner choice.
        while state.view(None).table.phase == Phase::Njet {
            let seat = state.waiting_for().first().unwrap();
            legal.clear();
            state.legal_actions(seat, &mut legal);
            state.apply_unchecked(seat, legal[rng.index(legal.len())]);
        }
        for seat in Seat::all(4) {
            let sampled = Njet::determinize(&state.view(Some(seat)), &mut rng);
            for other in Seat::all(4) {
                let hand = sampled.view(Some(other)).hand.unwrap();
                assert_eq!(hand.len(), 10, "seed {seed}: seat {other}'s hand sampled for seat {seat}");
                assert!(sampled.view(Some(other)).discards.unwrap().is_empty());
            }
        }
    }
}

#[test]
fn counters_count_what_the_events_tell() {
    use tapis_core::Counters;
    let keys: Vec<&str> = Njet::COUNTERS.iter().map(|c| c.key).collect();
    assert_eq!(
        keys,
        [
            "tricks",
            "loot",
            "start_team_tricks",
            "start_team_loot",
            "start_team_rounds_won",
            "rounds_tied",
            "rounds_alone"
        ]
    );
    for players in [3, 4] {
        let request = MatchRequest { players, seed: 8, ..MatchRequest::default() };
        let (counts, events) = tapis_core::counters::check_counting::<Njet>(&request, 100_000);
        // Counted again from the events, the teams read from each round's partner choice.
        let mut expected = [0u64; 7];
        let (mut start, mut team) = (None, Vec::new());
        for event in &events {
            match event {
                Event::BoardSet { conditions } => (start, team) = (Some(conditions.start), vec![conditions.start]),
                Event::PartnerChosen { partner, .. } => team.push(*partner),
                Event::PlaysAlone { .. } => expected[6] += 1,
                Event::TrickWon { seat, loot } => {
                    expected[0] += 1;
                    expected[1] += *loot as u64;
                    if team.contains(seat) {
                        expected[2] += 1;
                        expected[3] += *loot as u64;
                    }
                }
                Event::RoundScored { points, .. } => {
                    let start = start.take().unwrap();
                    let best_other = (0..players as u8)
                        .map(tapis_core::Seat)
                        .filter(|s| !team.contains(s))
                        .map(|s| points[s])
                        .max()
                        .unwrap();
                    if points[start] > best_other {
                        expected[4] += 1;
                    } else if points[start] == best_other {
                        expected[5] += 1;
                    }
                }
                _ => {}
            }
        }
        assert_eq!(&counts.0[..7], &expected, "{players} players");
        assert!(counts.0[4] + counts.0[5] <= 8);
        assert!(counts.0[0] > 0 && counts.0[1] > 0 && counts.0[2] > 0, "{counts:?}");
    }
}

/// Perft: the number of legal-action sequences from fixed deals, stored in `tests/perft.txt`
/// (`TAPIS_BLESS=1` writes them again after a deliberate change of the rules).
#[test]
fn perft_counts_from_fixed_deals() {
    kit::assert_perft::<Njet>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.txt"));
}

/// The golden records (`tests/records/`, `tapis_core::kit::golden`): whole matches played by the
/// heuristic bots that must replay exactly, from their chance outcomes and from their seed alone.
/// `TAPIS_BLESS=1` plays them again and writes them, for a deliberate change of the rules.
#[test]
fn golden_records_replay_exactly() {
    let matches = [
        GoldenMatch { name: "three_players", players: 3, seed: 1, options: json!({}) },
        GoldenMatch { name: "four_players", players: 4, seed: 2, options: json!({}) },
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let steps = golden::assert_golden_records::<Njet>(&dir, &matches, |request| {
        tapis_bots::recorded_match::<Njet>(request, request.seed ^ 0x60_1DE7)
    });
    assert!(steps > 40 * matches.len(), "{steps} steps");
}
