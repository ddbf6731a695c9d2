//! Le 8 Nantais: conformance kit, the rulebook's worked examples (§2.12) and ambiguity register
//! (E1–E18) as stacked deals, bad input, golden transcript, and the heuristic bot.

// The crate's other integration tests are modules of this one binary: one link per crate.
mod words;

use insta::assert_json_snapshot;
use serde_json::{Map, Value, json};
use tapis_core::kit::golden::{self, GoldenMatch};
use tapis_core::kit::scenario::{self, act, legal, refused};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{
    ActionError, ClientView, Conformance, DeckMismatch, FrenchCard, Game, GameEvent, GameRng, Heuristic, Lang, Match,
    MatchRequest, Rank, Seat, SeatSet, SetupError, Suit, Text, Wording, Words, events_for,
};
use tapis_nantais::client::Body;
use tapis_nantais::{ChainKind, Constraint, Event, Nantais, Pending, Phase, View};

// ----- helpers -----

fn options(given: Value) -> Map<String, Value> {
    given.as_object().cloned().unwrap_or_default()
}

fn pack(decks: usize) -> Vec<String> {
    let mut cards = Vec::new();
    for _ in 0..decks {
        cards.extend(FrenchCard::suited().map(|c| c.to_string()));
        cards.extend(["X".to_string(), "X".to_string()]);
    }
    cards
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// A stacked deal: the given hands, the given cards on top of the stock (top first) then every
/// card not placed elsewhere in pack order, and the discard (bottom first, top last).
fn deal_json(hands: &[&str], stock_top: &str, discard: &str, decks: usize) -> Value {
    let mut rest = pack(decks);
    let mut take = |card: &String| {
        let i = rest.iter().position(|c| c == card).unwrap_or_else(|| panic!("{card} is not left in the pack"));
        rest.remove(i);
    };
    let hands: Vec<Vec<String>> = hands.iter().map(|h| words(h)).collect();
    let top = words(stock_top);
    let discard = words(discard);
    for card in hands.iter().flatten().chain(&top).chain(&discard) {
        take(card);
    }
    let stock: Vec<String> = top.into_iter().chain(rest).collect();
    json!({"hands": hands, "stock": stock, "discard": discard})
}

fn request(players: usize, deal: Value, opts: Value) -> MatchRequest {
    MatchRequest { players, seed: 7, dealer: None, options: options(opts), deal: Some(deal) }
}

fn table(hands: &[&str], stock_top: &str, discard: &str, opts: Value) -> Match<Nantais> {
    let decks = opts.get("decks").and_then(Value::as_u64).unwrap_or(1) as usize;
    let deal = deal_json(hands, stock_top, discard, decks);
    Match::new(&request(hands.len(), deal, opts)).expect("the stacked deal is accepted")
}

fn view(m: &Match<Nantais>) -> View {
    m.state().view(None)
}

fn hand(m: &Match<Nantais>, seat: u8) -> Vec<String> {
    m.state().view(Some(Seat(seat))).hand.iter().map(ToString::to_string).collect()
}

fn top(m: &Match<Nantais>) -> String {
    view(m).discard.last().unwrap().to_string()
}

fn turn(m: &Match<Nantais>) -> u8 {
    view(m).table.turn.0
}

fn sizes(m: &Match<Nantais>) -> Vec<u32> {
    m.state().cards_left().iter().copied().collect()
}

pub(crate) fn parse_card(text: &str) -> FrenchCard {
    text.parse().unwrap()
}

fn pending(m: &Match<Nantais>) -> Option<(ChainKind, u16)> {
    view(m).table.pending.map(|Pending { kind, cards }| (kind, cards))
}

// ----- conformance kit -----

fn kit_run(players: usize, games: u64, deep_every: usize, opts: Value) {
    let mut config = KitConfig::new(players, games);
    config.deep_every = deep_every;
    config.seed = 0x8_4A47 + players as u64;
    config.options = options(opts);
    let report = kit::run::<Nantais>(&config);
    eprintln!(
        "{players} players {:?}: {} matches, {} steps, {} rounds, {} deep checks",
        config.options, report.games, report.steps, report.rounds, report.deep_checks
    );
    assert_eq!(report.games, config.games);
    assert!(report.wins.iter().all(|&w| w > 0), "some seat never wins: {:?}", report.wins);
}

// Deep checks (clone, serde, every refused action, determinized views, the secrecy of each turn)
// run at every step of a run's first 4 matches and at steps 0, deep_every, 2 × deep_every… of the
// others: about once in the middle of a typical match here. Since every play offers the chain step
// and every draw the drawn step, matches take about 1.5 times as many steps as they did: the runs
// play fewer matches, and check as many positions, as before.

#[test]
fn kit_2_players() {
    kit_run(2, 230, 601, json!({}));
}

#[test]
fn kit_3_players() {
    kit_run(3, 230, 751, json!({}));
}

#[test]
fn kit_4_players() {
    kit_run(4, 230, 1051, json!({}));
}

#[test]
fn kit_5_players() {
    kit_run(5, 230, 1327, json!({}));
}

#[test]
fn kit_queen_swap() {
    kit_run(4, 230, 1051, json!({"queen_swap": true}));
}

/// Options that change the flow, 50 matches each (times the soak scale). The long ones (big tables, voluntary
/// draws) play single-round matches: the match flow itself is covered by the runs above.
#[test]
fn kit_option_sets_tables_and_draws() {
    let sets = [
        (7, json!({"rounds_to_win": 1})),
        (6, json!({"decks": 2, "rounds_to_win": 1})),
        (10, json!({"decks": 2, "rounds_to_win": 1})),
        (3, json!({"voluntary_draw": true, "rounds_to_win": 1})),
        (3, json!({"play_after_penalty": true})),
        (3, json!({"mixed_stacking": true})),
        (3, json!({"auto_unique": true})),
        (3, json!({"forbid_special_finish": true})),
        // Every optional step at once, at two (where Aces give the turn back).
        (2, json!({"voluntary_draw": true, "play_after_penalty": true, "mixed_stacking": true, "rounds_to_win": 1})),
    ];
    for (players, opts) in sets {
        kit_run(players, 50, 1511, opts);
    }
}

#[test]
fn kit_option_sets_cards_and_scoring() {
    let sets = [
        (4, json!({"queen_swap": true, "queen_swap_mode": "named"})),
        (4, json!({"queen_swap": true, "queen_swap_mode": "target_chooses"})),
        (3, json!({"scoring": "penalty_points"})),
        (4, json!({"scoring": "penalty_points", "penalty_table": "crazy_eights", "penalty_limit": 60})),
        (4, json!({"combos": ["king_eight", "seven_joker", "carre", "ace_jack"]})),
        (3, json!({"combos": ["king_eight"], "king_demand_allows_wilds": false})),
        (2, json!({"jack_two_players": "skip"})),
        (
            3,
            json!({"joker_draw": 5, "joker_names_suit": false, "king_demand_allows_wilds": false, "starter": "no_effect"}),
        ),
        (4, json!({"rounds_to_win": 1})),
        // Two packs: a seat may hold, give and know two copies of a card.
        (3, json!({"decks": 2, "queen_swap": true, "queen_swap_mode": "target_chooses", "rounds_to_win": 1})),
    ];
    for (players, opts) in sets {
        kit_run(players, 50, 1511, opts);
    }
}

#[test]
fn fuzzed_actions_never_break_the_match() {
    kit::fuzz_actions::<Nantais>(4, &Map::new(), 11, 3_000);
    kit::fuzz_actions::<Nantais>(3, &options(json!({"queen_swap": true, "queen_swap_mode": "named"})), 12, 2_000);
    kit::fuzz_actions::<Nantais>(
        4,
        &options(json!({"queen_swap": true, "queen_swap_mode": "target_chooses", "decks": 2})),
        13,
        2_000,
    );
}

// ----- §2.12 worked examples -----

#[test]
fn example_serie_of_three_fours_in_one_turn() {
    let mut m = table(&["4S 4C 4D 9C JC", "2H 3H", "2C 3C", "2D 3D"], "", "4H", json!({}));
    assert_eq!(legal(&m, 0), ["play 4S", "play 4D", "play 4C"]);
    act(&mut m, 0, "play 4S");
    assert_eq!(legal(&m, 0), ["play 4D", "play 4C", "end"]);
    act(&mut m, 0, "play 4C");
    act(&mut m, 0, "play 4D");
    assert_eq!(top(&m), "4D");
    assert_eq!(hand(&m, 0), ["9C", "JC"]);
    assert_eq!(legal(&m, 0), ["end"], "no card of the hand can follow 4D, but the step is still offered");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
}

#[test]
fn example_two_sevens_make_the_next_player_draw_four() {
    let mut m = table(&["7C 7H 2S 3S", "9D 2D", "KH 3H", "4D 4H"], "2C 3C 4C 5D", "5C", json!({}));
    act(&mut m, 0, "play 7C");
    assert_eq!(legal(&m, 0), ["play 7H", "end"]);
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 4)));
    assert_eq!(turn(&m), 1);
    assert_eq!(legal(&m, 1), ["draw"], "no 7 to add: the whole penalty");
    let events = act(&mut m, 1, "draw");
    let reason = tapis_nantais::PenaltyReason::Sevens;
    assert_eq!(
        events,
        [
            Event::Penalty { seat: Seat(1), cards: 4, reason },
            Event::PenaltyCards {
                seat: Seat(1),
                cards: vec![parse_card("2C"), parse_card("3C"), parse_card("4C"), parse_card("5D")],
                reason
            },
        ]
    );
    assert_eq!(hand(&m, 1), ["2D", "5D", "9D", "2C", "3C", "4C"]);
    assert_eq!(sizes(&m)[1], 6);
    assert_eq!(turn(&m), 2, "taking the penalty loses the turn");
    assert_eq!(pending(&m), None);
    assert_eq!(legal(&m, 2), ["play 3H", "play KH"], "play resumes on the 7♥");
}

#[test]
fn example_sevens_chain_on_to_the_player_who_cannot_add() {
    let mut m = table(&["7C 7H 2S 3S", "7S 9D 2D", "KH 3H", "4D 4H"], "", "5C", json!({}));
    act(&mut m, 0, "play 7C");
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["play 7S", "draw"]);
    act(&mut m, 1, "play 7S");
    assert_eq!(legal(&m, 1), ["end"]);
    act(&mut m, 1, "end");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 6)));
    assert_eq!(turn(&m), 2);
    assert_eq!(legal(&m, 2), ["draw"]);
    act(&mut m, 2, "draw");
    assert_eq!(sizes(&m)[2], 8);
    assert_eq!(turn(&m), 3);
}

#[test]
fn example_suite_six_seven_eight_covers_the_seven_and_names_a_suit() {
    let mut m = table(&["6H 7H 8H 2C 3C", "2H 3D", "2D 4D", "5D 6D"], "", "6S", json!({}));
    act(&mut m, 0, "play 6H");
    assert_eq!(legal(&m, 0), ["play 7H", "end"]);
    act(&mut m, 0, "play 7H");
    assert_eq!(legal(&m, 0), ["play 8H", "end"]);
    act(&mut m, 0, "play 8H");
    assert_eq!(legal(&m, 0), ["end"]);
    act(&mut m, 0, "end");
    assert_eq!(view(&m).table.phase, Phase::NameSuit);
    assert_eq!(legal(&m, 0), ["suit S", "suit H", "suit D", "suit C"]);
    act(&mut m, 0, "suit C");
    assert_eq!(pending(&m), None, "the covered 7 makes nobody draw");
    assert_eq!(view(&m).table.constraint, Constraint::Suit { suit: tapis_core::Suit::Clubs });
    assert_eq!(turn(&m), 1);
    assert_eq!(legal(&m, 1), ["draw"], "2♥ 3♦ are no clubs");
}

#[test]
fn example_two_aces_skip_two_players_at_four() {
    let mut m = table(&["AS AH 2C 3C", "2H 3H", "2D 3D", "4D 5D"], "", "5S", json!({}));
    act(&mut m, 0, "play AS");
    assert_eq!(legal(&m, 0), ["play AH", "end"]);
    act(&mut m, 0, "play AH");
    let events = act(&mut m, 0, "end");
    assert_eq!(events, [Event::Skipped { seat: Seat(1) }, Event::Skipped { seat: Seat(2) }]);
    assert_eq!(turn(&m), 3);
}

#[test]
fn example_two_aces_at_two_players_play_again() {
    let mut m = table(&["AS AH 2C 3C", "2H 3H"], "", "5S", json!({}));
    act(&mut m, 0, "play AS");
    act(&mut m, 0, "play AH");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 0);
    assert_eq!(legal(&m, 0), ["draw"], "2♣ 3♣ do not fit the A♥");
}

#[test]
fn example_even_jacks_keep_the_direction_odd_jacks_reverse_it() {
    let mut m = table(&["JS JH 2C 3C", "2H 3H", "2D 3D"], "", "5S", json!({}));
    act(&mut m, 0, "play JS");
    act(&mut m, 0, "play JH");
    act(&mut m, 0, "end");
    assert!(view(&m).table.clockwise);
    assert_eq!(turn(&m), 1);

    let mut m = table(&["JS JH 2C 3C", "2H 3H", "2D 3D"], "", "5S", json!({}));
    act(&mut m, 0, "play JS");
    let events = act(&mut m, 0, "end");
    assert!(events.contains(&Event::Reversed { clockwise: false }));
    assert_eq!(turn(&m), 2);
}

// ----- ambiguity register -----

#[test]
fn e1_eight_is_wild_and_names_a_suit() {
    let mut m = table(&["8C 2H 4H", "3D 4S 5H", "2D 3C"], "", "KS", json!({}));
    assert_eq!(legal(&m, 0), ["play 8C"]);
    act(&mut m, 0, "play 8C");
    act(&mut m, 0, "end");
    act(&mut m, 0, "suit D");
    assert_eq!(legal(&m, 1), ["play 3D"]);
}

#[test]
fn e1_king_demands_a_rank_until_it_is_satisfied() {
    let mut m = table(&["KS 2H 3H", "2S 3D", "9H 4C 5C", "9D 8C 2D"], "4D", "5S", json!({}));
    act(&mut m, 0, "play KS");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 0).len(), 13);
    let events = act(&mut m, 0, "rank 9");
    assert_eq!(events, [Event::RankDemanded { seat: Seat(0), rank: Rank::from_letter('9').unwrap() }]);
    assert_eq!(legal(&m, 1), ["draw"], "2♠ is a spade but not a 9");
    act(&mut m, 1, "draw");
    assert_eq!(legal(&m, 1), ["pass"], "the 4♦ drawn is no 9: keep it");
    act(&mut m, 1, "pass");
    assert_eq!(turn(&m), 2);
    assert_eq!(view(&m).table.constraint, Constraint::Rank { rank: tapis_core::Rank::new(9).unwrap() });
    assert_eq!(legal(&m, 2), ["play 9H"]);
    act(&mut m, 2, "play 9H");
    act(&mut m, 2, "end");
    assert_eq!(legal(&m, 3), ["play 9D", "play 8C"], "the demand is over: hearts or 9s or wilds");
}

#[test]
fn e2_one_pack_of_54_for_2_to_7_players() {
    let m = Match::<Nantais>::new(&MatchRequest { players: 7, seed: 1, ..Default::default() }).unwrap();
    assert_eq!(m.state().deck_census().iter().sum::<u32>(), 54);
    assert_eq!(m.state().deck_census()[52], 2);
    assert!(m.state().cards_left().iter().all(|&n| n == 7));
    let err = Match::<Nantais>::new(&MatchRequest { players: 8, seed: 1, ..Default::default() }).unwrap_err();
    assert_eq!(err.code(), "bad_request");
}

#[test]
fn e2_variant_two_packs_for_up_to_10_players() {
    let opts = options(json!({"decks": 2}));
    let m = Match::<Nantais>::new(&MatchRequest { players: 10, seed: 1, options: opts.clone(), ..Default::default() })
        .unwrap();
    assert_eq!(m.state().deck_census().iter().sum::<u32>(), 108);
    assert_eq!(m.state().deck_census()[52], 4);
    assert_eq!(view(&m).stock, 108 - 70 - 1);
    assert!(
        Match::<Nantais>::new(&MatchRequest { players: 11, seed: 1, options: opts, ..Default::default() }).is_err()
    );
}

fn starter(seed: u64, opts: Value) -> Match<Nantais> {
    Match::new(&MatchRequest { players: 4, seed, options: options(opts), ..Default::default() }).unwrap()
}

#[test]
fn e3_special_starter_cards_are_redrawn() {
    for seed in 0..300 {
        let top = parse_card(&top(&starter(seed, json!({}))));
        let rank = top.rank().map(|r| r.value());
        assert!(!top.is_joker() && !matches!(rank, Some(1 | 7 | 8 | 11 | 13)), "seed {seed}: starter {top}");
    }
}

#[test]
fn e3_variant_special_starter_has_no_effect() {
    let mut seen_seven = false;
    for seed in 0..300 {
        let m = starter(seed, json!({"starter": "no_effect"}));
        let top = parse_card(&top(&m));
        assert!(!top.is_joker(), "a Joker is always redrawn");
        if top.rank().map(|r| r.value()) == Some(7) {
            seen_seven = true;
            assert_eq!(pending(&m), None, "seed {seed}: a 7 starter makes nobody draw");
        }
        assert_eq!(view(&m).table.constraint, Constraint::Top { card: top });
    }
    assert!(seen_seven);
}

#[test]
fn e4_a_player_who_can_play_must_play() {
    let m = table(&["5H 9C", "2D 3D"], "", "5S", json!({}));
    assert_eq!(legal(&m, 0), ["play 5H"]);
    let m = table(&["6H 9C", "2D 3D"], "", "5S", json!({}));
    assert_eq!(legal(&m, 0), ["draw"]);
}

#[test]
fn e4_variant_voluntary_draw() {
    let mut m = table(&["5H 9C", "2D 3D"], "KD", "5S", json!({"voluntary_draw": true}));
    assert_eq!(legal(&m, 0), ["play 5H", "draw"]);
    act(&mut m, 0, "draw");
    assert_eq!(legal(&m, 0), ["pass"], "only the drawn card may be played, and the K♦ does not fit");
    act(&mut m, 0, "pass");
    assert_eq!(turn(&m), 1);
    assert_eq!(sizes(&m), [3, 2]);
}

#[test]
fn e5_penalty_ends_the_turn() {
    let mut m = table(&["7H 2S 3S", "9H 2D", "3C 4C"], "2C 6S 4S 5S", "5H", json!({}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    act(&mut m, 1, "draw");
    assert_eq!(sizes(&m)[1], 4);
    assert_eq!(turn(&m), 2);
}

#[test]
fn e5_variant_play_after_penalty() {
    let mut m = table(&["7H 2S 3S", "9H 2D", "3C 4C"], "2C 6S 4S 5S", "5H", json!({"play_after_penalty": true}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["draw"]);
    act(&mut m, 1, "draw");
    assert_eq!(view(&m).table.phase, Phase::AfterPenalty);
    assert_eq!(legal(&m, 1), ["play 9H", "pass"]);
    act(&mut m, 1, "play 9H");
    act(&mut m, 1, "end");
    assert_eq!(turn(&m), 2);
    assert_eq!(sizes(&m)[1], 3);
    // Nothing fits after the penalty: the step is offered all the same, and `pass` ends it.
    let mut m = table(&["7H 2S 3S", "9C 2D", "3C 4C"], "2C 6S 4S 5S", "5H", json!({"play_after_penalty": true}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    act(&mut m, 1, "draw");
    assert_eq!(view(&m).table.phase, Phase::AfterPenalty);
    assert_eq!(legal(&m, 1), ["pass"]);
    act(&mut m, 1, "pass");
    assert_eq!(turn(&m), 2);
}

#[test]
fn e6_sevens_and_jokers_do_not_mix() {
    let mut m = table(&["7H 2S 3S", "X 2D", "3C 4C"], "", "5H", json!({}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["draw"], "a Joker does not answer a 7 chain");
    let mut m = table(&["X 2S 3S", "7H 2D", "3C 4C"], "", "5H", json!({}));
    act(&mut m, 0, "play X");
    act(&mut m, 0, "end");
    act(&mut m, 0, "suit H");
    assert_eq!(legal(&m, 1), ["draw"], "a 7 does not answer a Joker chain");
}

#[test]
fn e6_variant_mixed_stacking() {
    let mut m = table(&["7H 2S 3S", "X 2D 3D", "7C 4C 5C"], "", "5H", json!({"mixed_stacking": true}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["play X", "draw"]);
    act(&mut m, 1, "play X");
    act(&mut m, 1, "end");
    act(&mut m, 1, "suit C");
    assert_eq!(pending(&m), Some((ChainKind::Joker, 6)));
    assert_eq!(legal(&m, 2), ["play 7C", "draw"]);
    act(&mut m, 2, "play 7C");
    act(&mut m, 2, "end");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 8)));
    let mut m = table(&["7H 2S 3S", "X 2D 3D", "7C 4C 5C"], "", "5H", json!({"combos": ["seven_joker"]}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["play X", "draw"], "the seven_joker combination is the same rule");
}

#[test]
fn e7_joker_makes_the_next_draw_four_and_names_a_suit() {
    let mut m = table(&["X 2S 3S", "2D 3D", "QC 4H"], "5C 6C 7D 8S", "5H", json!({}));
    assert_eq!(legal(&m, 0), ["play X"]);
    act(&mut m, 0, "play X");
    assert_eq!(legal(&m, 0), ["end"], "only a Joker could follow a Joker");
    act(&mut m, 0, "end");
    assert_eq!(view(&m).table.phase, Phase::NameSuit);
    act(&mut m, 0, "suit C");
    assert_eq!(pending(&m), Some((ChainKind::Joker, 4)));
    assert_eq!(legal(&m, 1), ["draw"]);
    act(&mut m, 1, "draw");
    assert_eq!(sizes(&m)[1], 6);
    assert_eq!(turn(&m), 2);
    assert_eq!(legal(&m, 2), ["play QC"], "play goes on in the suit named");
}

#[test]
fn e7_variant_joker_draws_five() {
    let mut m = table(&["X 2S 3S", "2D 3D", "QC 4H"], "", "5H", json!({"joker_draw": 5}));
    act(&mut m, 0, "play X");
    act(&mut m, 0, "end");
    act(&mut m, 0, "suit C");
    assert_eq!(pending(&m), Some((ChainKind::Joker, 5)));
    act(&mut m, 1, "draw");
    assert_eq!(sizes(&m)[1], 7);
}

#[test]
fn e7_variant_joker_names_no_suit() {
    let mut m = table(&["X 2S 3S", "2D 3D", "QC 4H"], "", "5H", json!({"joker_names_suit": false}));
    act(&mut m, 0, "play X");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1, "no suit to name");
    assert_eq!(pending(&m), Some((ChainKind::Joker, 4)));
    act(&mut m, 1, "draw");
    assert_eq!(legal(&m, 2), ["play 4H", "play QC"], "anything follows a Joker that names no suit");
}

#[test]
fn e8_only_the_terminal_block_is_active_and_it_cumulates() {
    let mut m = table(&["6H 7H 7S 2C", "2D 3D", "4D 5D"], "", "6D", json!({}));
    act(&mut m, 0, "play 6H");
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "play 7S");
    act(&mut m, 0, "end");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 4)));
    // A covered 8 names nothing: 8♥ 9♥ ends on a plain 9.
    let mut m = table(&["8H 9H 2C", "2D 3D", "4D 5D"], "", "6H", json!({}));
    act(&mut m, 0, "play 8H");
    act(&mut m, 0, "play 9H");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
    assert_eq!(view(&m).table.constraint, Constraint::Top { card: parse_card("9H") });
}

#[test]
fn e9_two_players_jacks_do_nothing() {
    let mut m = table(&["JS 2C 3C", "2H 3H"], "", "5S", json!({}));
    act(&mut m, 0, "play JS");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
}

#[test]
fn e9_variant_two_players_jack_skips() {
    let mut m = table(&["JS 2C 3C", "2H 3H"], "", "5S", json!({"jack_two_players": "skip"}));
    act(&mut m, 0, "play JS");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 0);
}

#[test]
fn e10_king_demand_accepts_wilds() {
    let mut m = table(&["KS 2H 3H", "9D 8C X 2S", "4C 5C"], "", "5S", json!({}));
    act(&mut m, 0, "play KS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "rank 9");
    assert_eq!(legal(&m, 1), ["play 9D", "play 8C", "play X"]);
}

#[test]
fn e10_variant_king_demand_refuses_wilds() {
    let mut m = table(&["KS 2H 3H", "9D 8C X 2S", "4C 5C"], "", "5S", json!({"king_demand_allows_wilds": false}));
    act(&mut m, 0, "play KS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "rank 9");
    assert_eq!(legal(&m, 1), ["play 9D"]);
}

#[test]
fn e11_a_chain_is_answered_with_chain_cards_only() {
    let mut m = table(&["7H 2S 3S", "7C 8C 7D 2D", "3C 4C"], "", "5H", json!({}));
    act(&mut m, 0, "play 7H");
    act(&mut m, 0, "end");
    assert_eq!(legal(&m, 1), ["play 7D", "play 7C", "draw"]);
    act(&mut m, 1, "play 7C");
    assert_eq!(legal(&m, 1), ["play 7D", "end"], "no suite 7♣ 8♣ on a chain answer");
    act(&mut m, 1, "end");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 4)));
}

#[test]
fn e12_the_drawn_card_may_be_played_and_chained_on() {
    let mut m = table(&["6H 2C", "2D 3D", "4C 5C"], "5H", "5S", json!({}));
    assert_eq!(legal(&m, 0), ["draw"]);
    act(&mut m, 0, "draw");
    assert_eq!(view(&m).table.phase, Phase::Drawn);
    assert_eq!(m.state().view(Some(Seat(0))).drawn, Some(parse_card("5H")));
    assert_eq!(m.state().view(Some(Seat(1))).drawn, None, "nobody else sees the card drawn");
    assert_eq!(legal(&m, 0), ["play 5H", "pass"]);
    act(&mut m, 0, "play 5H");
    assert_eq!(legal(&m, 0), ["play 6H", "end"]);
    act(&mut m, 0, "play 6H");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
    assert_eq!(hand(&m, 0), ["2C"]);
}

#[test]
fn e12_keeping_or_not_fitting_the_drawn_card() {
    let mut m = table(&["6H 2C", "2D 3D", "4C 5C"], "5H", "5S", json!({}));
    act(&mut m, 0, "draw");
    act(&mut m, 0, "pass");
    assert_eq!(turn(&m), 1);
    assert_eq!(sizes(&m)[0], 3);
    let mut m = table(&["6H 2C", "2D 3D", "4C 5C"], "9D", "5S", json!({}));
    let events = act(&mut m, 0, "draw");
    assert_eq!(
        events,
        [Event::Drew { seat: Seat(0), cards: 1 }, Event::DrewCard { seat: Seat(0), card: parse_card("9D") }]
    );
    assert_eq!(view(&m).table.phase, Phase::Drawn, "the step is offered even when the card does not fit");
    assert_eq!(legal(&m, 0), ["pass"]);
    assert_eq!(act(&mut m, 0, "pass"), [Event::Passed { seat: Seat(0) }]);
    assert_eq!(turn(&m), 1);
}

fn unique_table(opts: Value) -> Match<Nantais> {
    let mut m = table(&["5H 6D", "2D 3D 5C", "4C 6C"], "", "5S", opts);
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "end");
    m
}

#[test]
fn e13_unique_window_stays_open_after_the_turn() {
    let m = unique_table(json!({}));
    assert_eq!(turn(&m), 1);
    assert_eq!(m.state().waiting_for(), SeatSet::single(Seat(1)));
    assert_eq!(m.state().actors(), SeatSet::all(3));
    assert_eq!(legal(&m, 0), ["unique"]);
    assert_eq!(legal(&m, 1), ["play 5C", "contre 0"]);
    assert_eq!(legal(&m, 2), ["contre 0"]);
    let mut announced = unique_table(json!({}));
    let events = act(&mut announced, 0, "unique");
    assert_eq!(events, [Event::Unique { seat: Seat(0), automatic: false }]);
    assert_eq!(legal(&announced, 1), ["play 5C"]);
    assert!(legal(&announced, 2).is_empty());
}

#[test]
fn e13_contre_unique_makes_the_silent_player_draw_two() {
    let mut m = unique_table(json!({}));
    let events = act(&mut m, 2, "contre 0");
    assert_eq!(events[0], Event::Contre { seat: Seat(2), against: Seat(0) });
    assert!(events.contains(&Event::Penalty { seat: Seat(0), cards: 2, reason: tapis_nantais::PenaltyReason::Contre }));
    assert_eq!(sizes(&m)[0], 3);
    assert_eq!(m.state().actors(), SeatSet::single(Seat(1)));
    refused(&mut m, 1, "contre 0");
    assert_eq!(turn(&m), 1);
}

#[test]
fn e13_the_next_players_first_action_closes_the_window() {
    let mut m = unique_table(json!({}));
    act(&mut m, 1, "play 5C");
    refused(&mut m, 2, "contre 0");
    refused(&mut m, 0, "unique");
    assert_eq!(m.state().actors(), SeatSet::single(Seat(1)), "only seat 1's chain step is left");
}

#[test]
fn e13_the_turn_player_may_announce_in_the_middle_of_his_turn() {
    let mut m = table(&["5H 6H 9C", "2D 3D", "4C 6C"], "", "5S", json!({}));
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "play 6H");
    assert_eq!(legal(&m, 0), ["end", "unique"]);
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
    let mut m = table(&["5H 6H", "2D 3D", "4C 6C"], "", "5S", json!({}));
    act(&mut m, 0, "play 5H");
    assert_eq!(legal(&m, 0), ["play 6H", "end", "unique"]);
    assert_eq!(legal(&m, 1), ["contre 0"]);
    act(&mut m, 0, "unique");
    assert!(legal(&m, 1).is_empty());
    let events = act(&mut m, 0, "play 6H");
    assert!(events.iter().any(|e| matches!(e, Event::RoundWon { round: 1, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::RoundDealt { round: 2, .. })));
}

#[test]
fn e13_a_player_who_plays_again_closes_his_own_window() {
    // Two players, two Aces: seat 0 is down to one card and plays again at once.
    let mut m = table(&["AS AH 9C", "2D 3D"], "3C", "5S", json!({}));
    act(&mut m, 0, "play AS");
    act(&mut m, 0, "play AH");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 0);
    assert_eq!(legal(&m, 0), ["draw", "unique"]);
    assert_eq!(legal(&m, 1), ["contre 0"]);
    act(&mut m, 0, "draw");
    assert_eq!(legal(&m, 0), ["pass"], "the 3♣ drawn does not fit the A♥");
    act(&mut m, 0, "pass");
    assert_eq!(turn(&m), 1);
    assert_eq!(legal(&m, 1), ["draw"], "his own first action closed the window");
}

#[test]
fn e13_variant_auto_unique() {
    let mut m = table(&["5H 6D", "2D 3D 5C", "4C 6C"], "", "5S", json!({"auto_unique": true}));
    let events = act(&mut m, 0, "play 5H");
    assert!(events.contains(&Event::Unique { seat: Seat(0), automatic: true }));
    assert_eq!(m.state().actors(), SeatSet::single(Seat(0)), "no window: only the chain step");
    act(&mut m, 0, "end");
    assert_eq!(m.state().actors(), SeatSet::single(Seat(1)));
    assert_eq!(legal(&m, 2), Vec::<String>::new());
}

#[test]
fn e14_queens_are_plain_cards_by_default() {
    let mut m = table(&["QS 2C 3C", "2H 3H", "2D 3D"], "", "5S", json!({}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
}

#[test]
fn e14_variant_blind_queen_swap() {
    let mut m = table(&["QS 2C 3C", "2H 3H", "9D TD"], "", "5S", json!({"queen_swap": true}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    assert_eq!(view(&m).table.phase, Phase::Swap);
    assert_eq!(legal(&m, 0), ["swap 1 2C", "swap 1 3C", "swap 2 2C", "swap 2 3C", "noswap"]);
    let events = act(&mut m, 0, "swap 2 2C");
    assert_eq!(sizes(&m), [2, 2, 2], "hand sizes never change");
    let mine = hand(&m, 0);
    assert!(mine.contains(&"3C".to_string()) && (mine.contains(&"9D".to_string()) || mine.contains(&"TD".to_string())));
    assert!(hand(&m, 2).contains(&"2C".to_string()));
    let taken = parse_card(mine.iter().find(|s| s.ends_with('D')).unwrap());
    assert_eq!(
        events,
        [
            Event::Swapped { seat: Seat(0), target: Seat(2), asked: None },
            Event::Exchanged { seat: Seat(0), with: Seat(2), gave: parse_card("2C"), got: taken },
            Event::Exchanged { seat: Seat(2), with: Seat(0), gave: taken, got: parse_card("2C") },
        ]
    );
    assert_eq!(m.state().view(Some(Seat(0))).known, [(Seat(2), parse_card("2C"))], "seat 0 knows what it gave");
    assert_eq!(m.state().view(Some(Seat(2))).known, [(Seat(0), taken)], "seat 2 knows what was taken");
    assert!(m.state().view(Some(Seat(1))).known.is_empty(), "seat 1 saw nothing");
    assert_eq!(turn(&m), 1);
}

#[test]
fn e14_variant_a_known_card_is_forgotten_once_played() {
    let mut m = table(&["QS 2C 3C", "QC 3H", "9D TD"], "", "5S", json!({"queen_swap": true}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 2 2C");
    assert_eq!(m.state().view(Some(Seat(0))).known, [(Seat(2), parse_card("2C"))]);
    act(&mut m, 1, "play QC");
    act(&mut m, 1, "end");
    act(&mut m, 1, "noswap");
    act(&mut m, 2, "play 2C");
    assert!(m.state().view(Some(Seat(0))).known.is_empty(), "the 2♣ is on the discard now");
    assert_eq!(m.state().view(Some(Seat(2))).known.len(), 1, "seat 2 still knows what seat 0 took");
}

#[test]
fn e14_variant_two_queens_two_exchanges_or_none() {
    let mut m = table(&["QS QH 2C 3C", "2H 3H", "9D TD"], "", "5S", json!({"queen_swap": true}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "play QH");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    assert_eq!(view(&m).table.phase, Phase::Swap);
    act(&mut m, 0, "swap 2 3C");
    assert_eq!(turn(&m), 1);
    let mut m = table(&["QS QH 2C 3C", "2H 3H", "9D TD"], "", "5S", json!({"queen_swap": true}));
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "play QH");
    act(&mut m, 0, "end");
    act(&mut m, 0, "noswap");
    assert_eq!(turn(&m), 1);
    assert_eq!(hand(&m, 0), ["2C", "3C"]);
}

#[test]
fn e14_variant_named_queen_swap() {
    let opts = json!({"queen_swap": true, "queen_swap_mode": "named"});
    let mut m = table(&["QS 2C 3C", "2H 9D", "4D TD"], "", "5S", opts.clone());
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    let events = act(&mut m, 0, "swap 1 2C");
    assert_eq!(
        events,
        [
            Event::SwapOffered { seat: Seat(0), target: Seat(1) },
            Event::Offered { seat: Seat(0), target: Seat(1), card: parse_card("2C") },
        ]
    );
    assert_eq!(view(&m).table.phase, Phase::Ask { target: Seat(1) });
    assert_eq!(m.state().view(Some(Seat(0))).offered, Some(parse_card("2C")));
    assert_eq!(m.state().view(Some(Seat(1))).offered, None);
    assert_eq!(legal(&m, 0).len(), 53);
    let events = act(&mut m, 0, "ask 9D");
    assert_eq!(
        events,
        [
            Event::Swapped { seat: Seat(0), target: Seat(1), asked: Some(parse_card("9D")) },
            Event::Exchanged { seat: Seat(1), with: Seat(0), gave: parse_card("9D"), got: parse_card("2C") },
        ],
        "the giver knew both cards: only the target is told the card it received"
    );
    assert_eq!(hand(&m, 0), ["9D", "3C"]);
    assert_eq!(hand(&m, 1), ["2H", "2C"]);
    assert_eq!(m.state().view(Some(Seat(2))).known, [(Seat(0), parse_card("9D"))], "the card asked was heard by all");
    let mut m = table(&["QS 2C 3C", "2H 9D", "4D TD"], "", "5S", opts);
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    let events = act(&mut m, 0, "ask KD");
    assert_eq!(events, [Event::AskFailed { seat: Seat(0), target: Seat(1), asked: parse_card("KD") }]);
    assert_eq!(hand(&m, 0), ["2C", "3C"]);
    assert_eq!(turn(&m), 1);
}

#[test]
fn e14_variant_target_chooses() {
    let mut m = table(
        &["QS 2C 3C", "2H 9D", "4D TD"],
        "",
        "5S",
        json!({"queen_swap": true, "queen_swap_mode": "target_chooses"}),
    );
    act(&mut m, 0, "play QS");
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    assert_eq!(m.state().waiting_for(), SeatSet::single(Seat(1)));
    assert_eq!(legal(&m, 1), ["give 2H", "give 9D"]);
    assert!(legal(&m, 0).is_empty());
    let events = act(&mut m, 1, "give 9D");
    assert_eq!(
        events,
        [
            Event::Swapped { seat: Seat(0), target: Seat(1), asked: None },
            Event::Exchanged { seat: Seat(0), with: Seat(1), gave: parse_card("2C"), got: parse_card("9D") },
            Event::Exchanged { seat: Seat(1), with: Seat(0), gave: parse_card("9D"), got: parse_card("2C") },
        ]
    );
    assert_eq!(hand(&m, 0), ["9D", "3C"]);
    assert_eq!(hand(&m, 1), ["2H", "2C"]);
    assert_eq!(turn(&m), 1);
}

#[test]
fn e15_no_combination_by_default() {
    let mut m = table(&["KS 8C 2D", "2H 3H", "4D 5D"], "", "5S", json!({}));
    act(&mut m, 0, "play KS");
    assert_eq!(legal(&m, 0), ["end"], "an 8 does not follow a King");
    act(&mut m, 0, "end");
    assert_eq!(view(&m).table.phase, Phase::NameRank);
}

#[test]
fn e15_variant_king_eight_demands_an_exact_card() {
    let mut m = table(&["KS 8C 2D 3D", "4D 4H X", "4C 5D"], "", "5S", json!({"combos": ["king_eight"]}));
    act(&mut m, 0, "play KS");
    assert_eq!(legal(&m, 0), ["play 8C", "end"]);
    act(&mut m, 0, "play 8C");
    act(&mut m, 0, "end");
    act(&mut m, 0, "suit D");
    let events = act(&mut m, 0, "rank 4");
    assert_eq!(events, [Event::CardDemanded { seat: Seat(0), card: parse_card("4D") }]);
    assert_eq!(legal(&m, 1), ["play 4D", "play X"]);
}

#[test]
fn e15_variant_carre_plays_again() {
    let mut m = table(&["4S 4H 4D 4C 2C", "2H 3H", "5D 6D"], "", "5S", json!({"combos": ["carre"]}));
    for card in ["4S", "4H", "4D", "4C"] {
        act(&mut m, 0, &format!("play {card}"));
    }
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 0);
    let mut m = table(&["4S 4H 4D 4C 2C", "2H 3H", "5D 6D"], "", "5S", json!({}));
    for card in ["4S", "4H", "4D", "4C"] {
        act(&mut m, 0, &format!("play {card}"));
    }
    act(&mut m, 0, "end");
    assert_eq!(turn(&m), 1);
}

#[test]
fn e15_variant_ace_jack_reverses_and_skips() {
    let mut m = table(&["AS JS 2C", "2H 3H", "5D 6D", "7D 9D"], "", "5S", json!({"combos": ["ace_jack"]}));
    act(&mut m, 0, "play AS");
    assert_eq!(legal(&m, 0), ["play JS", "end"]);
    act(&mut m, 0, "play JS");
    let events = act(&mut m, 0, "end");
    assert_eq!(events, [Event::Reversed { clockwise: false }, Event::Skipped { seat: Seat(3) }]);
    assert_eq!(turn(&m), 2);
}

#[test]
fn e16_first_to_three_round_wins() {
    let mut m = table(&["5H 6H", "2D 3D", "4C 6C"], "", "5S", json!({}));
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "unique");
    let events = act(&mut m, 0, "play 6H");
    let won = events.iter().find(|e| matches!(e, Event::RoundWon { .. })).unwrap();
    assert!(matches!(won, Event::RoundWon { round: 1, blocked: false, .. }));
    assert_eq!(m.state().scores().as_slice(), [1, 0, 0]);
    assert!(!m.state().is_over());
    assert_eq!(m.state().round(), 2);
    assert_eq!(sizes(&m), [7, 7, 7]);
    assert_eq!(view(&m).table.dealer, Seat(0));
    assert_eq!(turn(&m), 1);
}

#[test]
fn e16_variant_a_single_round() {
    let mut m = table(&["5H 6H", "2D 3D", "4C 6C"], "", "5S", json!({"rounds_to_win": 1}));
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "play 6H");
    assert!(m.state().is_over());
    assert_eq!(m.state().winners(), SeatSet::single(Seat(0)));
    assert!(m.state().actors().is_empty());
}

#[test]
fn e16_variant_penalty_points() {
    let hands = ["5H 6H", "KH 8D", "X AC"];
    let mut m = table(&hands, "", "5S", json!({"scoring": "penalty_points"}));
    act(&mut m, 0, "play 5H");
    let events = act(&mut m, 0, "play 6H");
    let shown = events.iter().position(|e| matches!(e, Event::HandsShown { .. })).expect("the hands are shown");
    assert_eq!(
        events[shown],
        Event::HandsShown {
            hands: vec![vec![], vec![parse_card("KH"), parse_card("8D")], vec![parse_card("AC"), parse_card("X")]]
        }
    );
    assert!(
        matches!(&events[shown + 1], Event::RoundWon { round_scores, .. } if round_scores.as_slice() == [0, 42, 70]),
        "the round is scored from the hands shown: {events:?}"
    );
    assert_eq!(m.state().scores().as_slice(), [0, -42, -70]);
    let mut m = table(
        &hands,
        "",
        "5S",
        json!({"scoring": "penalty_points", "penalty_table": "crazy_eights", "penalty_limit": 60}),
    );
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "play 6H");
    assert_eq!(m.state().scores().as_slice(), [0, -60, -51]);
    assert!(m.state().is_over(), "seat 1 reached the limit of 60");
    assert_eq!(m.state().winners(), SeatSet::single(Seat(0)));
}

#[test]
fn e17_finishing_on_a_seven_drops_its_penalty() {
    let mut m = table(&["7S 7H", "2D 3D", "4C 6C"], "", "5S", json!({"rounds_to_win": 1}));
    act(&mut m, 0, "play 7S");
    act(&mut m, 0, "play 7H");
    assert!(m.state().is_over());
    assert_eq!(pending(&m), None);
}

#[test]
fn e17_variant_forbid_special_finish() {
    let mut m = table(&["7S 7H", "2D 3D", "4C 6C"], "", "5S", json!({"forbid_special_finish": true}));
    act(&mut m, 0, "play 7S");
    assert_eq!(turn(&m), 1, "the 7♥ may not be the last card: the turn ends");
    assert_eq!(pending(&m), Some((ChainKind::Seven, 2)));
    let m = table(&["9S 7S", "2D 3D", "4C 6C"], "", "5S", json!({"forbid_special_finish": true}));
    assert_eq!(legal(&m, 0), ["play 7S", "play 9S"]);
    let m = table(&["2H 7S", "2D 3D", "4C 6C"], "", "5S", json!({"forbid_special_finish": true}));
    assert_eq!(legal(&m, 0), ["play 7S"]);
}

/// Every card not in a hand goes to the discard, so the stock is empty.
fn empty_stock_table(hands: &[&str], top: &str) -> Match<Nantais> {
    let mut rest = pack(1);
    for card in hands.iter().flat_map(|h| words(h)).chain([top.to_string()]) {
        let i = rest.iter().position(|c| *c == card).unwrap();
        rest.remove(i);
    }
    rest.push(top.to_string());
    let deal = json!({"hands": hands.iter().map(|h| words(h)).collect::<Vec<_>>(), "stock": [], "discard": rest});
    Match::new(&request(hands.len(), deal, json!({}))).unwrap()
}

#[test]
fn e18_an_empty_stock_is_refilled_from_the_discard_but_its_top() {
    let mut m = empty_stock_table(&["2H 3H", "2D 3D"], "5S");
    assert_eq!(view(&m).stock, 0);
    let events = act(&mut m, 0, "draw");
    assert_eq!(events[0], Event::Reshuffled { cards: 54 - 4 - 1 });
    assert_eq!(view(&m).discard, [parse_card("5S")]);
    assert_eq!(view(&m).stock, 54 - 4 - 1 - 1);
    assert_eq!(sizes(&m)[0], 3);
}

#[test]
fn e18_a_full_cycle_with_no_play_and_no_draw_blocks_the_round() {
    // No reachable position gets there (the wild cards are always in some hand), so it is set up
    // in the state itself: nothing to draw, and an exact card demanded that lies on top.
    let mut hands = vec![Vec::new(), Vec::new()];
    for (i, card) in pack(1).into_iter().filter(|c| c != "KS").enumerate() {
        hands[i % 2].push(card);
    }
    let mut game = blocked(&hands);
    let mut legal_0 = tapis_core::ActionList::new();
    game.legal_actions(Seat(0), &mut legal_0);
    assert_eq!(legal_0.iter().map(ToString::to_string).collect::<Vec<_>>(), ["pass"]);
    let (n0, n1) = (game.cards_left()[Seat(0)], game.cards_left()[Seat(1)]);
    assert_eq!((n0, n1), (27, 26));
    game.apply(Seat(0), tapis_nantais::Action::Pass).unwrap();
    let mut events = Vec::new();
    game.apply_logged(Seat(1), tapis_nantais::Action::Pass, &mut events).unwrap();
    assert!(
        events.iter().any(
            |e| matches!(e, Event::RoundWon { winners, blocked: true, .. } if *winners == SeatSet::single(Seat(1)))
        ),
        "{events:?}"
    );
    assert_eq!(game.scores().as_slice(), [0, 1]);
    assert_eq!(game.round(), 2);
}

/// A blocked position: every card but the K♠ on top in the hands, the K♠ itself demanded.
fn blocked(hands: &[Vec<String>]) -> Nantais {
    let deal = json!({"hands": hands, "stock": [], "discard": ["KS"]});
    let opts = json!({"king_demand_allows_wilds": false});
    let game = Match::<Nantais>::new(&request(hands.len(), deal, opts)).unwrap().state().clone();
    let mut state = serde_json::to_value(&game).unwrap();
    state["table"]["constraint"] = json!({"kind": "exact", "card": "KS"});
    serde_json::from_value(state).unwrap()
}

#[test]
fn e18_a_blocked_round_tie_goes_to_the_fewest_penalty_points() {
    let low = words("2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S");
    let high = words("8S 8H 8D 8C X X AS AH AD AC 9S 9H 9D 9C TS TH TD");
    let rest: Vec<String> =
        pack(1).into_iter().filter(|c| c != "KS" && !low.contains(c) && !high.contains(c)).collect();
    assert_eq!((low.len(), high.len(), rest.len()), (17, 17, 19));
    let mut game = blocked(&[high, low, rest]);
    let mut events = Vec::new();
    for seat in 0..3 {
        game.apply_logged(Seat(seat), tapis_nantais::Action::Pass, &mut events).unwrap();
    }
    let won = events.iter().find(|e| matches!(e, Event::RoundWon { .. })).unwrap();
    assert!(
        matches!(won, Event::RoundWon { winners, blocked: true, .. } if *winners == SeatSet::single(Seat(1))),
        "{won:?}"
    );
}

// ----- bad input -----

#[test]
fn deals_that_are_not_the_pack_are_refused() {
    let good = deal_json(&["2H 3H", "2D 3D"], "", "5S", 1);
    let refuse = |deal: Value| Match::<Nantais>::new(&request(2, deal, json!({}))).unwrap_err();
    let mismatch = |missing: &[&str], extra: &[&str]| {
        SetupError::DeckMismatch(DeckMismatch {
            expected: 54,
            missing: missing.iter().map(|c| c.to_string()).collect(),
            extra: extra.iter().map(|c| c.to_string()).collect(),
        })
    };
    let mut missing = good.clone();
    missing["stock"].as_array_mut().unwrap().retain(|c| c != "9C");
    let err = refuse(missing);
    assert_eq!(err, mismatch(&["9C"], &[]));
    assert_eq!(err.to_string(), "the deal must hold exactly the 54 cards of the deck: missing 9C");
    assert_eq!(err.message(Lang::Fr), "la donne doit contenir exactement les 54 cartes du jeu : manquent 9C");
    assert_eq!(err.code(), "bad_deal");
    let mut extra = good.clone();
    extra["hands"][0].as_array_mut().unwrap().push(json!("2D"));
    assert_eq!(refuse(extra), mismatch(&[], &["2D"]));
    let mut swapped = good.clone();
    swapped["stock"].as_array_mut().unwrap().retain(|c| c != "9C");
    swapped["stock"].as_array_mut().unwrap().push(json!("X"));
    assert_eq!(refuse(swapped), mismatch(&["9C"], &["X"]));
    let mut unknown = good.clone();
    unknown["hands"][1].as_array_mut().unwrap().push(json!("1Z"));
    let err = refuse(unknown);
    assert_eq!(err.code(), "bad_deal");
    assert!(err.to_string().starts_with("the deal does not read as a nantais deal: '1Z' is not a card"), "{err}");
    let bad_deal = |deal: Value, fr: &str, en: &str| {
        assert_eq!(refuse(deal), SetupError::BadDeal(Text::new(fr, en)));
    };
    let mut three_hands = good.clone();
    three_hands["hands"].as_array_mut().unwrap().push(json!(["4C"]));
    bad_deal(three_hands, "la donne a 3 mains pour 2 joueurs", "the deal has 3 hands for 2 players");
    let mut no_discard = good.clone();
    no_discard["stock"].as_array_mut().unwrap().push(json!("5S"));
    no_discard["discard"] = json!([]);
    bad_deal(
        no_discard,
        "la défausse est vide : il lui faut sa carte du dessus, face visible",
        "the discard is empty: it needs its face-up top card",
    );
    let mut empty_hand = good;
    empty_hand["hands"][1] = json!([]);
    empty_hand["stock"].as_array_mut().unwrap().extend([json!("2D"), json!("3D")]);
    bad_deal(
        empty_hand,
        "la main 1 est vide : chaque main a au moins une carte",
        "hand 1 is empty: every hand holds at least one card",
    );
}

#[test]
fn bad_options_are_refused_with_the_accepted_values() {
    let try_options =
        |opts: Value| Match::<Nantais>::new(&MatchRequest { players: 3, options: options(opts), ..Default::default() });
    let err = try_options(json!({"joker_draw": 3})).unwrap_err();
    assert_eq!(err.to_string(), "option 'joker_draw' cannot be 3: it takes 4, 5");
    assert_eq!(err.message(Lang::Fr), "l'option « joker_draw » ne peut pas valoir 3 : elle prend 4, 5");
    let err = try_options(json!({"jokers": 4})).unwrap_err();
    assert!(err.to_string().starts_with("unknown option 'jokers'; the options are: decks, starter"));
    let err = try_options(json!({"combos": ["triple"]})).unwrap_err();
    assert_eq!(
        err.to_string(),
        "option 'combos' cannot be [\"triple\"]: it takes a list of house combinations among king_eight, \
         seven_joker, carre, ace_jack"
    );
    assert_eq!(
        err.message(Lang::Fr),
        "l'option « combos » ne peut pas valoir [\"triple\"] : elle prend une liste de combinaisons maison parmi \
         king_eight, seven_joker, carre, ace_jack"
    );
    assert_eq!(err.code(), "bad_option");
    let err = try_options(json!({"combos": "carre"})).unwrap_err();
    assert!(err.to_string().starts_with("option 'combos' cannot be \"carre\": it takes a list"), "{err}");
    let err = try_options(json!({"queen_swap_mode": "random"})).unwrap_err();
    assert_eq!(err.to_string(), "option 'queen_swap_mode' cannot be \"random\": it takes blind, named, target_chooses");
    let err = try_options(json!({"rounds_to_win": 0})).unwrap_err();
    assert_eq!(err.to_string(), "option 'rounds_to_win' cannot be 0: it takes an integer from 1 to 1,000");
    assert!(try_options(json!({"table_mode_errors": true})).is_err());
    let all = try_options(json!({"combos": ["carre", "king_eight"]})).unwrap();
    assert_eq!(all.record().options["combos"], json!(["king_eight", "carre"]));
    let err = Match::<Nantais>::new(&MatchRequest { players: 8, ..Default::default() }).unwrap_err();
    assert_eq!(err, SetupError::Players { game: "Le 8 Nantais", min: 2, max: 7, given: 8 });
    let err = Match::<Nantais>::new(&MatchRequest { players: 3, dealer: Some(3), ..Default::default() }).unwrap_err();
    assert_eq!(err, SetupError::Dealer { dealer: 3, players: 3 });
}

#[test]
fn bad_and_illegal_actions_change_nothing() {
    let mut m = table(&["5H 9C", "2D 3D"], "", "5S", json!({}));
    for text in ["", "jump", "play", "play 1Z", "suit Q", "contre x", "swap 1", "play 5H now"] {
        let before = m.state().clone();
        assert!(matches!(m.act(Seat(0), text), Err(ActionError::Parse(_))), "'{text}'");
        assert!(*m.state() == before);
    }
    for (seat, text) in
        [(0, "play 9C"), (0, "play 2D"), (0, "draw"), (1, "play 2D"), (0, "end"), (0, "suit H"), (5, "draw")]
    {
        refused(&mut m, seat, text);
    }
    let err = m.act(Seat(0), "play 2D").unwrap_err();
    assert_eq!(
        err,
        ActionError::NotLegal {
            seat: Seat(0),
            action: "play 2D".into(),
            legal: vec!["play 5H".into()],
            reason: Some(Text::new("la place 0 n'a pas la carte 2D", "seat 0 does not hold 2D")),
        }
    );
    assert_eq!(err.to_string(), "'play 2D' is not legal for seat 0 now: seat 0 does not hold 2D; legal: play 5H");
    let err = m.act(Seat(0), "draw").unwrap_err();
    assert_eq!(
        err.to_string(),
        "'draw' is not legal for seat 0 now: a card that fits must be played: same suit or rank as the top card, an 8 \
         or a Joker, or what was named or demanded; legal: play 5H"
    );
    let err = m.act(Seat(1), "draw").unwrap_err();
    assert_eq!(err, ActionError::NotYourMove { seat: Seat(1), waiting: SeatSet::single(Seat(0)) });
    assert_eq!(err.to_string(), "seat 1 may not act now (waiting for 0)");
    assert_eq!(m.act(Seat(5), "draw").unwrap_err(), ActionError::NoSeat { seat: Seat(5), players: 2 });
    // A seat that may only call CONTRE UNIQUE is told whose move it is.
    let mut m = unique_table(json!({}));
    let reason = |m: &mut Match<Nantais>, seat: u8, action: &str| match m.act(Seat(seat), action) {
        Err(ActionError::NotLegal { reason: Some(reason), .. }) => reason,
        other => panic!("expected a refusal with a reason, got {other:?}"),
    };
    assert_eq!(
        reason(&mut m, 2, "draw"),
        Text::new(
            "c'est à la place 1 de jouer ; hors de son tour, on ne peut qu'annoncer « UNIQUE » ou « CONTRE UNIQUE »",
            "it is seat 1's move; out of turn, only UNIQUE or CONTRE UNIQUE may be called"
        )
    );
    assert_eq!(
        m.act(Seat(2), "draw").unwrap_err().to_string(),
        "'draw' is not legal for seat 2 now: it is seat 1's move; out of turn, only UNIQUE or CONTRE UNIQUE may be \
         called; legal: contre 0"
    );
    // The same reason at a table with names: the one typed reason, worded for people.
    let names: Vec<String> = ["Alice", "Ada", "Blaise"].map(String::from).to_vec();
    let draw = Nantais::parse_action("draw").unwrap();
    let named = |lang| m.state().why_illegal_in(Seat(2), draw, &Words::new(lang, &names, Some(Seat(2)))).unwrap();
    assert_eq!(
        named(Lang::Fr),
        "c'est à Ada de jouer\u{a0}; hors de son tour, on ne peut qu'annoncer «\u{a0}UNIQUE\u{a0}» ou «\u{a0}CONTRE \
         UNIQUE\u{a0}»"
    );
    assert_eq!(named(Lang::En), "it is Ada's move; out of turn, only UNIQUE or CONTRE UNIQUE may be called");
    // A drawn card that does not fit may only be kept.
    let mut m = table(&["6H 2C", "2D 3D"], "9D", "5S", json!({}));
    act(&mut m, 0, "draw");
    assert_eq!(
        reason(&mut m, 0, "play 9D"),
        Text::new("la carte piochée ne convient pas : gardez-la (pass)", "the card drawn does not fit: keep it (pass)")
    );
    // Nothing of the hand can follow: the chain step says so.
    let mut m = table(&["5H 9C 2D", "2S 3S"], "", "5S", json!({}));
    act(&mut m, 0, "play 5H");
    let err = m.act(Seat(0), "play 9C").unwrap_err();
    assert_eq!(
        err.to_string(),
        "'play 9C' is not legal for seat 0 now: none of your cards can follow: end the turn; legal: end"
    );
}

#[test]
fn a_record_with_a_stacked_deal_replays_to_the_same_match() {
    let mut m = table(&["7C 7H 2S 3S", "7S 9D 2D", "KH 3H", "4D 4H"], "", "5C", json!({"queen_swap": true}));
    for (seat, action) in
        [(0, "play 7C"), (0, "play 7H"), (0, "end"), (1, "play 7S"), (1, "end"), (2, "draw"), (3, "draw"), (3, "pass")]
    {
        act(&mut m, seat, action);
    }
    let json = serde_json::to_string(m.record()).unwrap();
    let replayed = Match::<Nantais>::load(&serde_json::from_str(&json).unwrap()).unwrap();
    assert!(replayed.state() == m.state());
}

// ----- views -----

#[test]
fn views_hide_the_other_hands_and_the_stock() {
    let m = table(&["5H 9C", "2D 3D"], "", "5S", json!({}));
    let mine = m.state().view(Some(Seat(0)));
    assert_eq!(mine.hand, [parse_card("5H"), parse_card("9C")]);
    assert_eq!(mine.hand_sizes.as_slice(), [2, 2]);
    let json = serde_json::to_string(&mine).unwrap();
    assert!(!json.contains("\"2D\"") && !json.contains("\"3D\""), "seat 1's cards leak: {json}");
    let spectator = m.state().view(None);
    assert!(spectator.hand.is_empty());
    for lang in [Lang::Fr, Lang::En] {
        let text = Nantais::render_view(&mine, &tapis_core::Words::plain(lang));
        assert!(text.contains("5♥ 9♣"), "{text}");
        assert!(!Nantais::rules_text(lang).is_empty());
    }
    assert!(Nantais::render_view(&mine, &tapis_core::Words::plain(Lang::Fr)).contains("Votre main"));
    assert!(Nantais::render_view(&mine, &tapis_core::Words::plain(Lang::En)).contains("Your hand"));
    assert_eq!(
        Nantais::describe_action(tapis_nantais::Action::Play(parse_card("7H")), &tapis_core::Words::plain(Lang::Fr)),
        "poser 7♥"
    );
}

// ----- golden transcript and bot -----

#[test]
fn golden_transcript() {
    let request =
        MatchRequest { players: 4, seed: 2024, options: options(json!({"rounds_to_win": 1})), ..Default::default() };
    let text = kit::transcript::<Nantais>(&request, 99);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/nantais.txt");
    kit::assert_golden(&path, &text);
}

#[test]
fn heuristic_bot_beats_random_players() {
    // A few hundred matches tell a strong bot from a random one (`TAPIS_SOAK` plays more).
    let games = kit::soak(400);
    let share = |opts: Value| {
        let wins = tapis_bots::heuristic_vs_random::<Nantais>(4, &options(opts), games, 77);
        wins as f64 / games as f64
    };
    // The fair share at four is 25%; CONTRE UNIQUE alone punishes random players a lot, so the
    // bot is also measured with automatic announcements, where only its play counts.
    let default = share(json!({}));
    let auto_unique = share(json!({"auto_unique": true}));
    eprintln!("heuristic seat wins: {:.1}% (default), {:.1}% (auto_unique)", default * 100.0, auto_unique * 100.0);
    assert!(default > 0.80, "the heuristic bot won only {:.1}%", default * 100.0);
    assert!(auto_unique > 0.60, "with auto_unique the heuristic bot won only {:.1}%", auto_unique * 100.0);
}

#[test]
fn search_playouts_announce_call_name_what_they_hold_and_lay_before_anything_else() {
    // Seat 1 holds 5♥ 6♥ 9♥ 8♣ and the Joker: hearts are its suit, and 8s and Jokers are kept.
    let m = table(&["2C 3C 4C 5C 6C", "5H 6H 9H 8C X", "2D 3D 4D 5D 6D", "2S 3S 4S 5S 6S"], "", "KH", json!({}));
    let state = m.state();
    let mut rng = GameRng::seed_from_u64(5);
    let parse = |list: &[&str]| list.iter().map(|a| Nantais::parse_action(a).unwrap()).collect::<Vec<_>>();
    let mut pick = |list: &[&str]| state.playout_action(Seat(1), &parse(list), &mut rng).to_string();
    assert_eq!(pick(&["play 5H", "end", "unique"]), "unique");
    assert_eq!(pick(&["end", "contre 2", "play 5H"]), "contre 2");
    assert_eq!(pick(&["suit S", "suit H", "suit D", "suit C"]), "suit H");
    assert_eq!(pick(&["rank 2", "rank 5", "rank 6", "rank 9", "rank A"]), "rank 9");
    for _ in 0..50 {
        assert!(["play 5H", "play 6H"].contains(&pick(&["end", "play 5H", "play 8C", "play 6H"]).as_str()));
        assert!(["play 8C", "play X"].contains(&pick(&["draw", "play 8C", "play X"]).as_str()));
    }
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..50 {
        seen.insert(pick(&["draw", "pass"]));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["draw", "pass"], "with no card to lay, any action");
}

// ----- secrecy: what the flow of a turn tells the table -----

/// What `observer` (`None`: the spectator) is told when `seat` takes `action`: the events
/// addressed to it, who the match then waits for, and its view.
fn told(m: &mut Match<Nantais>, seat: u8, action: &str, observer: Option<Seat>) -> (Vec<Event>, SeatSet, View) {
    let events = act(m, seat, action);
    (scenario::told(&events, observer), m.state().waiting_for(), m.state().view(observer))
}

#[test]
fn leak_chain_step_told_the_table_whether_the_hand_could_follow() {
    // Seat 0 holds 6♥, which may follow the 5♥ (a suite), or 9♣, which may not.
    let can = || table(&["5H 6H 2C", "2D 3D", "4C 6C"], "", "5S", json!({}));
    let cannot = || table(&["5H 9C 2C", "2D 3D", "4C 6C"], "", "5S", json!({}));
    for observer in [Some(Seat(1)), Some(Seat(2)), None] {
        let (mut a, mut b) = (can(), cannot());
        let told_a = told(&mut a, 0, "play 5H", observer);
        assert_eq!(told_a, told(&mut b, 0, "play 5H", observer), "{observer:?} learns what seat 0 holds");
        assert_eq!(told_a.0, [Event::Played { seat: Seat(0), card: parse_card("5H") }]);
        assert_eq!(told_a.1, SeatSet::single(Seat(0)), "the chain step is offered either way");
        assert_eq!(legal(&a, 0), ["play 6H", "end"]);
        assert_eq!(legal(&b, 0), ["end"]);
    }
}

#[test]
fn leak_drawn_step_told_the_table_whether_the_drawn_card_fitted() {
    // Seat 0 draws 5♥, which fits the 5♠, or 9♦, which does not.
    let fits = || table(&["6H 2C", "2D 3D", "4C 6C"], "5H", "5S", json!({}));
    let does_not = || table(&["6H 2C", "2D 3D", "4C 6C"], "9D", "5S", json!({}));
    for observer in [Some(Seat(1)), Some(Seat(2)), None] {
        let (mut a, mut b) = (fits(), does_not());
        let told_a = told(&mut a, 0, "draw", observer);
        assert_eq!(told_a, told(&mut b, 0, "draw", observer), "{observer:?} learns whether the card fits");
        assert_eq!(told_a.0, [Event::Drew { seat: Seat(0), cards: 1 }]);
        assert_eq!(told_a.1, SeatSet::single(Seat(0)), "the drawn step is offered either way");
        assert_eq!(legal(&a, 0), ["play 5H", "pass"]);
        assert_eq!(legal(&b, 0), ["pass"]);
    }
}

#[test]
fn leak_after_penalty_step_told_the_table_whether_a_card_fitted() {
    // After the penalty of the 7♥, seat 1 holds 9♥, which fits, or 9♣, which does not.
    let opts = json!({"play_after_penalty": true});
    let fits = || table(&["7H 2S 3S", "9H 2D", "3C 4C"], "2C 6S 4S 5S", "5H", opts.clone());
    let does_not = || table(&["7H 2S 3S", "9C 2D", "3C 4C"], "2C 6S 4S 5S", "5H", opts.clone());
    for observer in [Some(Seat(0)), Some(Seat(2)), None] {
        let (mut a, mut b) = (fits(), does_not());
        for m in [&mut a, &mut b] {
            act(m, 0, "play 7H");
            act(m, 0, "end");
        }
        let told_a = told(&mut a, 1, "draw", observer);
        assert_eq!(told_a, told(&mut b, 1, "draw", observer), "{observer:?} learns whether a card fits");
        assert_eq!(told_a.1, SeatSet::single(Seat(1)), "the step after the penalty is offered either way");
        assert_eq!(legal(&a, 1), ["play 9H", "pass"]);
        assert_eq!(legal(&b, 1), ["pass"]);
    }
}

#[test]
fn private_events_tell_each_seat_what_it_alone_learns() {
    let mut m = table(&["6H 2C", "2D 3D 5C", "4C 6C"], "9D", "5S", json!({}));
    let events = act(&mut m, 0, "draw");
    let for_seat = |events: &[Event], observer: Option<u8>| -> Vec<Event> {
        events_for(events, observer.map(Seat)).cloned().collect()
    };
    assert_eq!(for_seat(&events, Some(0)), [Event::DrewCard { seat: Seat(0), card: parse_card("9D") }]);
    assert_eq!(for_seat(&events, Some(1)), [Event::Drew { seat: Seat(0), cards: 1 }]);
    assert_eq!(for_seat(&events, None), [Event::Drew { seat: Seat(0), cards: 1 }]);
    assert!(!events[0].reveals() && events[1].reveals());

    // CONTRE UNIQUE: the offender alone learns the two cards it draws.
    let mut m = unique_table(json!({}));
    let events = act(&mut m, 2, "contre 0");
    let reason = tapis_nantais::PenaltyReason::Contre;
    let penalty = Event::Penalty { seat: Seat(0), cards: 2, reason };
    let contre = Event::Contre { seat: Seat(2), against: Seat(0) };
    assert_eq!(for_seat(&events, Some(1)), [contre.clone(), penalty.clone()]);
    assert_eq!(
        for_seat(&events, Some(0)),
        [contre, Event::PenaltyCards { seat: Seat(0), cards: vec![parse_card("AS"), parse_card("2S")], reason }]
    );
    assert_eq!(hand(&m, 0), ["AS", "2S", "6D"]);

    // A new round: each seat is told its own hand, the spectator only the starter.
    let mut m = table(&["5H 6H", "2D 3D", "4C 6C"], "", "5S", json!({}));
    act(&mut m, 0, "play 5H");
    act(&mut m, 0, "unique");
    let events = act(&mut m, 0, "play 6H");
    let dealt: Vec<Event> = for_seat(&events, Some(1)).into_iter().filter(|e| e.reveals()).collect();
    let round = view(&m).table.round;
    let starter = *view(&m).discard.last().unwrap();
    let seat_1 = m.state().view(Some(Seat(1))).hand;
    assert_eq!(
        dealt,
        [Event::RoundDealt { round, dealer: Seat(0), starter }, Event::Dealt { seat: Seat(1), hand: seat_1 }]
    );
    assert!(for_seat(&events, None).iter().all(|e| !matches!(e, Event::Dealt { .. })));
}

// ----- client view -----

/// Plays seeded random moves until `moment` holds.
fn play_until(m: &mut Match<Nantais>, rng: &mut GameRng, moment: impl Fn(&Nantais) -> bool) {
    let mut legal = tapis_core::ActionList::new();
    for _ in 0..20_000 {
        if moment(m.state()) {
            return;
        }
        let (seat, action) = kit::random_choice(m.state(), rng, &mut legal);
        m.act_parsed(seat, action).expect("a legal action");
    }
    panic!("the moment never came");
}

fn body(m: &Match<Nantais>, seat: Option<u8>) -> Body {
    Nantais::client_body(&m.state().view(seat.map(Seat)))
}

#[test]
fn client_view_at_moments_of_a_seeded_match() {
    let request =
        MatchRequest { players: 3, seed: 5, options: options(json!({"rounds_to_win": 2})), ..Default::default() };
    let mut m = Match::<Nantais>::new(&request).unwrap();
    let mut rng = GameRng::seed_from_u64(5);
    assert_json_snapshot!("start_seat_0", body(&m, Some(0)));
    assert_json_snapshot!("start_spectator", body(&m, None));
    play_until(&mut m, &mut rng, |s| s.table().phase == Phase::Drawn);
    let drawer = turn(&m);
    assert_json_snapshot!("drawn_step_drawer", body(&m, Some(drawer)));
    assert_json_snapshot!("drawn_step_spectator", body(&m, None));
    play_until(&mut m, &mut rng, |s| s.table().phase == Phase::Start && s.table().pending.is_some());
    assert_json_snapshot!("pending_chain_spectator", body(&m, None));
    play_until(&mut m, &mut rng, |s| s.round() == 2);
    assert_json_snapshot!("second_round_seat_1", body(&m, Some(1)));
    play_until(&mut m, &mut rng, |s| s.is_over());
    assert_json_snapshot!("over_seat_0", body(&m, Some(0)));
    assert_json_snapshot!("over_spectator", body(&m, None));
}

#[test]
fn client_view_of_a_dame_exchange() {
    let opts = json!({"queen_swap": true, "queen_swap_mode": "named"});
    let mut m = table(&["QS 2C 3C", "2H 9D", "4D TD"], "", "5S", opts);
    act(&mut m, 0, "play QS");
    assert_json_snapshot!("chain_step_seat_0", body(&m, Some(0)));
    act(&mut m, 0, "end");
    act(&mut m, 0, "swap 1 2C");
    assert_json_snapshot!("dame_ask_giver", body(&m, Some(0)));
    assert_json_snapshot!("dame_ask_target", body(&m, Some(1)));
    act(&mut m, 0, "ask 9D");
    assert_json_snapshot!("dame_done_seat_2", body(&m, Some(2)));
}

#[test]
fn client_view_holds_no_hidden_card() {
    // One pack: a card shown to an observer is either its own, on the discard, or known to it.
    for (players, seed, opts) in [
        (4, 3, json!({"rounds_to_win": 1})),
        (3, 4, json!({"queen_swap": true, "queen_swap_mode": "target_chooses", "rounds_to_win": 1})),
        (3, 6, json!({"queen_swap": true, "queen_swap_mode": "named", "rounds_to_win": 1})),
    ] {
        let request = MatchRequest { players, seed, options: options(opts), ..Default::default() };
        let mut m = Match::<Nantais>::new(&request).unwrap();
        let mut rng = GameRng::seed_from_u64(seed);
        let mut legal = tapis_core::ActionList::new();
        while !m.state().is_over() {
            let discard = view(&m).discard;
            for observer in Seat::all(players).map(Some).chain([None]) {
                let body = Nantais::client_body(&m.state().view(observer));
                let own = observer.map(|s| m.state().view(Some(s)).hand).unwrap_or_default();
                let known: Vec<FrenchCard> = body.known.iter().map(|k| k.card).collect();
                let mut json = serde_json::to_value(&body).unwrap();
                // The demanded card is a word said aloud, not a card shown.
                json.as_object_mut().unwrap().remove("must_match");
                for card in cards_in(&json) {
                    assert!(
                        own.contains(&card) || discard.contains(&card) || known.contains(&card),
                        "{observer:?} is shown {card}, which it may not see: {json}"
                    );
                }
                if observer.is_none() {
                    assert!(json.get("hand").is_none() && body.drawn.is_none() && body.known.is_empty());
                    let shown = cards_in(&json);
                    for seat in Seat::all(players) {
                        // The two Jokers are the same card: one may be in a hand, the other on the discard.
                        for card in m.state().view(Some(seat)).hand.into_iter().filter(|c| !discard.contains(c)) {
                            assert!(!shown.contains(&card), "the spectator is shown {card} of seat {seat}");
                        }
                    }
                }
            }
            let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
            m.act_parsed(seat, action).unwrap();
        }
    }
}

/// Every string of the JSON that is a card.
fn cards_in(json: &Value) -> Vec<FrenchCard> {
    match json {
        Value::String(text) => text.parse().into_iter().collect(),
        Value::Array(items) => items.iter().flat_map(cards_in).collect(),
        Value::Object(fields) => fields.values().flat_map(cards_in).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn events_are_worded_in_both_languages() {
    // Alice reads (« vous » / "you"); the others are named. The full listing of every event kind
    // is pinned in `tests/words.rs`.
    let names: Vec<String> = ["Alice", "Ada", "Blaise"].map(String::from).to_vec();
    let reason = tapis_nantais::PenaltyReason::Contre;
    let cases = [
        (
            Event::Dealt {
                seat: Seat(1),
                hand: vec![parse_card("7H"), parse_card("X"), parse_card("AH"), parse_card("KH")],
            },
            "Ada reçoit 4 cartes\u{a0}: 7♥ R♥ A♥ Joker.",
            "Ada is dealt 4 cards: 7♥ K♥ A♥ Joker.",
        ),
        (Event::Drew { seat: Seat(2), cards: 1 }, "Blaise pioche une carte.", "Blaise draws a card."),
        (Event::Drew { seat: Seat(0), cards: 0 }, "Vous n’avez rien à piocher.", "You have nothing to draw."),
        (Event::DrewCard { seat: Seat(0), card: parse_card("QS") }, "Vous piochez D♠.", "You draw Q♠."),
        (
            Event::Penalty { seat: Seat(1), cards: 1, reason },
            "Ada pioche 1 carte de pénalité pour ne pas avoir annoncé «\u{a0}UNIQUE\u{a0}».",
            "Ada draws 1 penalty card for not announcing UNIQUE.",
        ),
        (
            Event::PenaltyCards { seat: Seat(0), cards: vec![parse_card("AS"), parse_card("2S")], reason },
            "Vous piochez 2 cartes de pénalité pour ne pas avoir annoncé «\u{a0}UNIQUE\u{a0}»\u{a0}: A♠ 2♠.",
            "You draw 2 penalty cards for not announcing UNIQUE: A♠ 2♠.",
        ),
        (
            Event::Contre { seat: Seat(2), against: Seat(0) },
            "Blaise vous dit «\u{a0}CONTRE UNIQUE\u{a0}»\u{a0}!",
            "Blaise calls CONTRE UNIQUE on you!",
        ),
        (
            Event::RankDemanded { seat: Seat(1), rank: Rank::from_letter('8').unwrap() },
            "Ada demande un 8.",
            "Ada demands an 8.",
        ),
        (Event::SuitNamed { seat: Seat(0), suit: Suit::Hearts }, "Vous annoncez cœur.", "You name hearts."),
        (
            Event::Offered { seat: Seat(0), target: Seat(1), card: parse_card("JC") },
            "Dame\u{a0}: vous proposez V♣ à Ada en échange.",
            "Queen: you offer Ada J♣ in exchange.",
        ),
        (
            Event::Exchanged { seat: Seat(2), with: Seat(0), gave: parse_card("9D"), got: parse_card("2C") },
            "Dame\u{a0}: Blaise vous donne 9♦ et reçoit 2♣ en échange.",
            "Queen: Blaise gives you 9♦ and gets 2♣ in return.",
        ),
        (
            Event::HandsShown { hands: vec![vec![], vec![parse_card("KH"), parse_card("8D")], vec![parse_card("X")]] },
            "Les mains sont montrées. Vous\u{a0}: aucune carte\u{a0}; Ada\u{a0}: R♥ 8♦\u{a0}; Blaise\u{a0}: Joker.",
            "The hands are shown. You: no cards; Ada: K♥ 8♦; Blaise: Joker.",
        ),
        (
            Event::MatchWon { winners: SeatSet::single(Seat(0)).with(Seat(2)) },
            "Vous et Blaise vous partagez la victoire du match\u{a0}!",
            "You and Blaise share the match!",
        ),
    ];
    for (event, fr, en) in cases {
        let words = |lang| tapis_core::Words::new(lang, &names, Some(Seat(0)));
        assert_eq!(Nantais::describe_event(&event, &words(Lang::Fr)), fr);
        assert_eq!(Nantais::describe_event(&event, &words(Lang::En)), en);
    }
    // Seats without names are numbered from 1, as people count.
    let played = Event::Played { seat: Seat(1), card: parse_card("X") };
    assert_eq!(Nantais::describe_event(&played, &tapis_core::Words::plain(Lang::Fr)), "Joueur 2 pose un Joker.");
    assert_eq!(Nantais::describe_event(&played, &tapis_core::Words::plain(Lang::En)), "Player 2 plays a Joker.");
}

#[test]
fn counters_count_what_the_events_tell() {
    use tapis_core::Counters;
    use tapis_nantais::PenaltyReason;
    let keys: Vec<&str> = Nantais::COUNTERS.iter().map(|c| c.key).collect();
    assert_eq!(
        keys,
        ["chains_taken", "chain_cards", "contres", "cards_drawn", "reshuffles", "skips", "reversals", "uniques"]
    );
    let request = MatchRequest { players: 4, seed: 5, ..MatchRequest::default() };
    let (counts, events) = tapis_core::counters::check_counting::<Nantais>(&request, 1_000_000);
    let mut expected = [0u64; 8];
    for event in &events {
        match *event {
            Event::Penalty { cards, reason, .. } if reason != PenaltyReason::Contre => {
                expected[0] += 1;
                expected[1] += cards as u64;
            }
            Event::Penalty { .. } => expected[2] += 1,
            Event::Drew { cards, .. } => expected[3] += cards as u64,
            Event::Reshuffled { .. } => expected[4] += 1,
            Event::Skipped { .. } => expected[5] += 1,
            Event::Reversed { .. } => expected[6] += 1,
            Event::Unique { .. } => expected[7] += 1,
            _ => {}
        }
    }
    assert_eq!(counts.0, expected);
    // The private twins are not counted again: the cards drawn are told twice, counted once.
    let private: u64 = events
        .iter()
        .filter_map(|e| if let Event::PenaltyCards { cards, .. } = e { Some(cards.len() as u64) } else { None })
        .sum();
    assert_eq!(private, expected[1] + 2 * expected[2], "every penalty card told privately too");
    assert!(expected.iter().all(|&c| c > 0), "a random match has them all: {expected:?}");
}

/// Perft: the number of legal-action sequences from fixed deals, stored in `tests/perft.txt`
/// (`TAPIS_BLESS=1` writes them again after a deliberate change of the rules).
#[test]
fn perft_counts_from_fixed_deals() {
    kit::assert_perft::<Nantais>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.txt"));
}

/// The golden records (`tests/records/`, `tapis_core::kit::golden`): whole matches played by the
/// heuristic bots that must replay exactly, from their chance outcomes and from their seed alone.
/// `TAPIS_BLESS=1` plays them again and writes them, for a deliberate change of the rules.
#[test]
fn golden_records_replay_exactly() {
    let matches = [
        GoldenMatch { name: "four_players", players: 4, seed: 1, options: json!({}) },
        GoldenMatch {
            name: "two_decks_eight_players",
            players: 8,
            seed: 2,
            options: json!({"decks": 2, "rounds_to_win": 1}),
        },
        GoldenMatch {
            name: "jokers_draw_five",
            players: 3,
            seed: 3,
            options: json!({"joker_draw": 5, "mixed_stacking": true, "play_after_penalty": true, "rounds_to_win": 2}),
        },
        GoldenMatch {
            name: "queen_swap_blind",
            players: 4,
            seed: 4,
            options: json!({"queen_swap": true, "queen_swap_mode": "blind"}),
        },
        GoldenMatch {
            name: "two_players",
            players: 2,
            seed: 5,
            options: json!({"jack_two_players": "skip", "voluntary_draw": true}),
        },
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let steps = golden::assert_golden_records::<Nantais>(&dir, &matches, |request| {
        tapis_bots::recorded_match::<Nantais>(request, request.seed ^ 0x60_1DE7)
    });
    assert!(steps > 40 * matches.len(), "{steps} steps");
}
