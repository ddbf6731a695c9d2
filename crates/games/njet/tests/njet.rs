//! Njet!: conformance kit, rulebook scenarios (rules/njet.md §5.5 examples and register T1–T11),
//! bad input, golden transcript, and the heuristic bot against random play.

use serde_json::{Map, Value, json};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{ActionList, Game, GameRng, Match, MatchRequest, Seat, SeatSet, SetupError};
use tapis_njet::{Action, Card, Cards, Colour, Event, Njet, Phase};

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

/// Covers every cell but the five given free ones (and the fixed `start 3` with three players),
/// each stone by whoever's turn it is.
fn set_board(m: &mut Match<Njet>, free: [&str; 5]) {
    let free: Vec<Action> = free.iter().map(|f| Njet::parse_action(&format!("njet {f}")).unwrap()).collect();
    for cell in 0..20u8 {
        let action = Action::Njet(tapis_njet::Cell(cell));
        if free.contains(&action) || (m.state().players() == 3 && cell == 3) {
            continue;
        }
        let seat = actor(m);
        m.act_parsed(seat, action).unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    assert_ne!(m.state().table().phase, Phase::Njet, "the Njet phase ends with the last stone");
}

fn act(m: &mut Match<Njet>, seat: u8, text: &str) -> Vec<Event> {
    m.act(Seat(seat), text).unwrap_or_else(|e| panic!("seat {seat} '{text}': {e}"))
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

fn legal(m: &Match<Njet>, seat: u8) -> Vec<String> {
    let mut list = ActionList::new();
    m.state().legal_actions(Seat(seat), &mut list);
    list.iter().map(ToString::to_string).collect()
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
    let blue = Cards::colour(Colour::Blue);
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
    assert_eq!(serde_json::to_string(&events).unwrap(), r#"[{"type":"discarded","seat":3}]"#);
    let seen = m.state().view(Some(Seat(0)));
    assert_eq!(seen.table.discarded(Seat(3)), 1);
    assert!(!serde_json::to_string(&seen).unwrap().contains("G1"));
    assert_eq!(m.state().view(Some(Seat(3))).discards.unwrap().to_text(), "G1");
    act(&mut m, 3, "discard G1");
    assert_eq!(legal(&m, 3), Vec::<String>::new(), "seat 3 is done");
    assert_eq!(m.state().waiting_for(), SeatSet::from_iter([Seat(0), Seat(1), Seat(2)]));
}

// ----- bad input -----

fn deal_error(players: usize, hands: Value, aside: Value) -> String {
    let deal = json!({"hands": hands, "aside": aside});
    match Match::<Njet>::new(&request(players, json!({}), Some(deal))) {
        Err(SetupError::BadDeal(message)) => message,
        other => panic!("expected bad_deal, got {other:?}"),
    }
}

fn hands_json(hands: &[&str]) -> Value {
    json!(hands.iter().map(|h| h.split_whitespace().collect::<Vec<_>>()).collect::<Vec<_>>())
}

#[test]
fn bad_deals_are_refused_and_name_the_cards() {
    let mut hands = LEON_BILOUD;
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1";
    let message = deal_error(4, hands_json(&hands), json!([]));
    assert!(message.contains("missing G1"), "{message}");
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 G1 R9";
    let message = deal_error(4, hands_json(&hands), json!([]));
    assert!(message.contains("extra R9"), "{message}");
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 Z1";
    let message = deal_error(4, hands_json(&hands), json!([]));
    assert!(message.contains("unknown cards Z1") && message.contains("missing G1"), "{message}");
    hands[3] = "R4 R6 B4 B1 K9 K8 G2 G8 G1 G1 G1";
    hands[2] = "R3 R1 B3 B5 K3 K6 G9 G5 K1 K7 G7";
    let message = deal_error(4, hands_json(&hands), json!([]));
    assert!(message.contains("extra G1, G7"), "{message}");
    // The right cards but unequal hands, or a 2 set aside with four players.
    let mut hands = LEON_BILOUD;
    hands[0] = "R9 R8 B2 B6 K4 K5 G3 G6 R1";
    hands[1] = "R2 R5 B9 B8 K2 K1 G4 G7 B1 B7 R7";
    assert!(deal_error(4, hands_json(&hands), json!([])).contains("hand 0 has 9 cards"));
    let message = deal_error(3, hands_json(&THREE_PLAYER), json!(["R2", "B2", "K2"]));
    assert!(message.contains("missing G2"), "{message}");
    assert!(deal_error(3, hands_json(&THREE_PLAYER[..2]), json!([])).contains("2 hands for 3 players"));
    let wrong = Match::<Njet>::new(&request(4, json!({}), Some(json!({"hands": [], "stock": []}))));
    assert_eq!(wrong.unwrap_err().code(), "bad_deal");
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
    assert_eq!(report.games, games);
    assert!(report.wins.iter().all(|&w| w > 0), "every seat wins sometimes: {:?}", report.wins);
}

/// Deep checks (clone, serde, every refused action, determinize) every this many steps, and at
/// every step of each run's first four matches.
const DEEP_EVERY: usize = 300;

#[test]
fn kit_four_players() {
    run_kit(4, 10_000, DEEP_EVERY, json!({}));
}

#[test]
fn kit_three_players() {
    run_kit(3, 10_000, DEEP_EVERY, json!({}));
}

#[test]
fn kit_must_trump_when_void() {
    run_kit(4, 1_000, DEEP_EVERY, json!({"must_trump_when_void": true}));
    run_kit(3, 1_000, DEEP_EVERY, json!({"must_trump_when_void": true}));
}

#[test]
fn kit_equal_cards_first_wins() {
    run_kit(4, 1_000, DEEP_EVERY, json!({"equal_cards": "first_wins"}));
    run_kit(3, 1_000, DEEP_EVERY, json!({"equal_cards": "first_wins"}));
}

#[test]
fn kit_rounds_and_loot() {
    // `loot` changes only the scores; it rides along with the longer and the shortest matches.
    run_kit(3, 500, DEEP_EVERY, json!({"rounds": 9, "loot": "opponents_only"}));
    run_kit(4, 1_000, DEEP_EVERY / 3, json!({"rounds": 1, "loot": "opponents_only"}));
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
    for (players, games) in [(4, 2000u64), (3, 1500)] {
        let wins = kit::heuristic_vs_random::<Njet>(players, &Map::new(), games, 77);
        let share = wins as f64 / games as f64;
        eprintln!(
            "heuristic vs random, {players} players: {wins}/{games} = {share:.3} (fair {:.3})",
            1.0 / players as f64
        );
        assert!(share > 1.6 / players as f64, "{players} players: {share}");
    }
}

#[test]
fn texts_show_the_table_in_both_languages() {
    let mut m = void_round(json!({}));
    act(&mut m, 1, "play G5");
    let view = m.state().view(Some(Seat(2)));
    let fr = Njet::render_view(&view, tapis_core::Lang::Fr);
    let en = Njet::render_view(&view, tapis_core::Lang::En);
    eprintln!("{fr}\n{en}");
    assert!(fr.contains("Votre main : R1 R1 R2 R3 R4 G1 G1 G2 G3 G4"), "{fr}");
    assert!(en.contains("Your hand: R1 R1 R2 R3 R4 G1 G1 G2 G3 G4"), "{en}");
    assert!(en.contains("Current trick: 0:B9 1:G5") && en.contains("void in blue"), "{en}");
    assert!(en.contains("trump red") && fr.contains("atout rouge"), "{en}");
    assert_eq!(Njet::describe_action(Action::Play(Card::new(Colour::Red, 7)), tapis_core::Lang::En), "play 7 red");
    let njet = Njet::parse_action("njet trump B").unwrap();
    assert_eq!(Njet::describe_action(njet, tapis_core::Lang::Fr), "Njet ! atout bleu — interdit");
    assert!(Njet::rules_text(tapis_core::Lang::En).contains("reconstruction"));
    for event in play_randomly(&mut m, 1) {
        assert!(!Njet::describe_event(&event, tapis_core::Lang::En).is_empty());
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
