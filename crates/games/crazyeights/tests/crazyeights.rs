//! Crazy Eights: the differential test against the real OpenSpiel 2.0.2, the conformance kit,
//! scenarios on forced chance, bad input, the golden transcript and the heuristic bot.

use serde_json::{Map, Value, json};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::Command;
use tapis_core::kit::{self, KitConfig};
use tapis_core::{ActionError, ActionList, Game, Lang, Match, MatchRequest, Seat, SetupError};
use tapis_crazyeights::{Action, CrazyEights, Event};

// ----- helpers -----

fn options(given: Value) -> Map<String, Value> {
    given.as_object().cloned().unwrap_or_default()
}

fn cards(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn forced(players: usize, dealer: u8, chance: &str, opts: Value) -> Match<CrazyEights> {
    let request = MatchRequest {
        players,
        seed: 1,
        dealer: None,
        options: options(opts),
        deal: Some(json!({"dealer": dealer, "chance": cards(chance)})),
    };
    Match::new(&request).expect("a valid forced deal")
}

fn legal(m: &Match<CrazyEights>) -> Vec<String> {
    let state = m.state();
    let mut out = ActionList::new();
    state.legal_actions(state.current(), &mut out);
    out.iter().map(ToString::to_string).collect()
}

fn act(m: &mut Match<CrazyEights>, action: &str) -> Vec<Event> {
    let seat = m.state().current();
    m.act(seat, action).unwrap_or_else(|e| panic!("seat {seat} '{action}': {e}"))
}

fn hand(m: &Match<CrazyEights>, seat: u8) -> Vec<String> {
    m.state().view(Some(Seat(seat))).hand.iter().map(ToString::to_string).collect()
}

/// A 2-player deal: dealer 1, so seat 0 gets cards 1, 3, 5… and acts first.
/// Seat 0: 3C 4C 5C 6C 7C 9C TC; seat 1: 3D 4D 5D 6D 7D 9D TD.
const TWO_HANDS: &str = "3C 3D 4C 4D 5C 5D 6C 6D 7C 7D 9C 9D TC TD";

// ----- the differential test against OpenSpiel -----

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..")
}

fn python_present() -> bool {
    Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Replays one OpenSpiel game (one JSON line) through tapis; `Err` says where it differs.
fn replay(line: &str) -> Result<usize, String> {
    let record: Value = serde_json::from_str(line).map_err(|e| format!("unreadable trace line: {e}"))?;
    let params = record["params"].as_object().ok_or("no params")?;
    let players = params.get("players").and_then(Value::as_u64).unwrap_or(5) as usize;
    let mut opts = params.clone();
    opts.remove("players");
    let nodes = record["nodes"].as_array().ok_or("no nodes")?;
    let dealer = nodes
        .first()
        .and_then(|n| n[1].as_str())
        .and_then(|s| s.strip_prefix("dealer "))
        .and_then(|d| d.parse::<u8>().ok())
        .ok_or("the first node is not the dealer choice")?;
    let chance: Vec<String> =
        nodes.iter().skip(1).filter(|n| n[0] == -1).filter_map(|n| n[1].as_str().map(str::to_string)).collect();
    let request = MatchRequest {
        players,
        seed: 7,
        dealer: None,
        options: opts,
        deal: Some(json!({"dealer": dealer, "chance": chance})),
    };
    let mut game = Match::<CrazyEights>::new(&request).map_err(|e| format!("setup refused: {e}"))?;
    let mut chance_seen = 0u32;
    let mut legal = ActionList::new();
    for (step, node) in nodes.iter().enumerate() {
        let player = node[0].as_i64().ok_or("bad player")?;
        let action = node[1].as_str().ok_or("bad action")?;
        if player < 0 {
            chance_seen += 1;
            continue;
        }
        let state = game.state();
        let mine = state.history_len() as u32 - state.view(None).decisions;
        if state.is_over() {
            return Err(format!("step {step}: tapis is over, OpenSpiel has player {player} to {action}"));
        }
        if mine != chance_seen {
            return Err(format!("step {step}: chance events: OpenSpiel {chance_seen}, tapis {mine}"));
        }
        if state.current().0 as i64 != player {
            return Err(format!("step {step}: to act: OpenSpiel {player}, tapis {}", state.current()));
        }
        state.legal_actions(state.current(), &mut legal);
        let ours: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let theirs: Vec<String> =
            node[2].as_array().ok_or("bad legal")?.iter().filter_map(|a| a.as_str().map(str::to_string)).collect();
        if ours != theirs {
            return Err(format!("step {step}: legal actions\n  OpenSpiel {theirs:?}\n  tapis     {ours:?}"));
        }
        game.act(Seat(player as u8), action).map_err(|e| format!("step {step}: tapis refuses '{action}': {e}"))?;
    }
    let state = game.state();
    if !state.is_over() {
        return Err(format!("OpenSpiel is over after {} nodes, tapis is not", nodes.len()));
    }
    if state.history_len() as usize != nodes.len() {
        return Err(format!("history length: OpenSpiel {}, tapis {}", nodes.len(), state.history_len()));
    }
    let (used, listed) = state.scripted_chance();
    if used != chance.len() || listed != chance.len() {
        return Err(format!("forced chance: {} listed, tapis used {used} of {listed}", chance.len()));
    }
    let theirs: Vec<i64> = record["returns"].as_array().ok_or("no returns")?.iter().filter_map(Value::as_i64).collect();
    let ours: Vec<i64> = state.scores().iter().copied().collect();
    if ours != theirs {
        return Err(format!("returns: OpenSpiel {theirs:?}, tapis {ours:?}"));
    }
    let best = theirs.iter().copied().max().unwrap_or(0);
    let winners: Vec<u8> = (0..players as u8).filter(|&s| theirs[s as usize] == best).collect();
    let ours_w: Vec<u8> = state.winners().iter().map(|s| s.0).collect();
    if winners != ours_w {
        return Err(format!("winners: expected {winners:?}, tapis {ours_w:?}"));
    }
    Ok(nodes.len())
}

#[test]
fn matches_openspiel_move_for_move() {
    if !python_present() {
        eprintln!(
            "\n\n!!!!!!!! SKIPPED: python3 is not installed, the OpenSpiel differential test did not run !!!!!!!!\n\n"
        );
        return;
    }
    let games: u64 = std::env::var("TAPIS_OPENSPIEL_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(2_000);
    let sets = [
        json!({"players": 2}),
        json!({"players": 5}),
        json!({"players": 4, "use_special_cards": true, "reshuffle": true}),
        json!({"players": 2, "max_turns": 10000, "reshuffle": true}),
    ];
    let script = repo_root().join("scripts/openspiel_trace.sh");
    // Install (or find) the venv once before the traces run in parallel.
    let env =
        Command::new(repo_root().join("scripts/openspiel_env.sh")).output().expect("scripts/openspiel_env.sh runs");
    assert!(env.status.success(), "the OpenSpiel venv could not be made: {}", String::from_utf8_lossy(&env.stderr));
    let dir = std::env::temp_dir().join(format!("tapis-openspiel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let traces: Vec<(Value, PathBuf, std::process::Child)> = sets
        .iter()
        .enumerate()
        .map(|(i, params)| {
            let out = dir.join(format!("set{i}.jsonl"));
            let child = Command::new(&script)
                .args(["--params", &params.to_string(), "--games", &games.to_string(), "--seed", &(i + 1).to_string()])
                .arg("--out")
                .arg(&out)
                .spawn()
                .expect("the trace script starts");
            (params.clone(), out, child)
        })
        .collect();
    for (params, out, mut child) in traces {
        let status = child.wait().expect("the trace script ends");
        assert!(status.success(), "the OpenSpiel trace failed for {params}");
        let file = std::fs::File::open(&out).expect("the trace file");
        let (mut count, mut nodes) = (0u64, 0usize);
        for (game, line) in std::io::BufReader::new(file).lines().enumerate() {
            let line = line.expect("a trace line");
            match replay(&line) {
                Ok(n) => nodes += n,
                Err(why) => panic!("OpenSpiel {params}, game {game} (trace {}): {why}", out.display()),
            }
            count += 1;
        }
        assert_eq!(count, games, "{params}: the trace holds {count} games");
        eprintln!("OpenSpiel {params}: {count} games, {nodes} nodes, identical");
        let _ = std::fs::remove_file(&out);
    }
    let _ = std::fs::remove_dir(&dir);
}

// ----- conformance kit -----

fn kit_run(players: usize, games: u64, opts: Value) {
    let mut config = KitConfig::new(players, games);
    // Deep checks play samples on to the end of the game (one round here) for every viewer: keep
    // them sparse; the OpenSpiel differential test already checks every step of 8,000 games.
    config.deep_every = 997;
    config.seed = 0xC8 + players as u64;
    config.options = options(opts);
    config.max_steps = 200_000;
    let report = kit::run::<CrazyEights>(&config);
    assert_eq!(report.games, games);
    assert!(report.wins.iter().all(|&w| w > 0), "some seat never wins: {:?}", report.wins);
}

#[test]
fn kit_every_table_size() {
    for players in 2..=10 {
        kit_run(players, 5_000, json!({}));
    }
}

#[test]
fn kit_special_cards_and_reshuffle() {
    for players in [2, 3, 4, 6] {
        kit_run(players, 5_000, json!({"use_special_cards": true}));
        kit_run(players, 5_000, json!({"use_special_cards": true, "reshuffle": true}));
    }
    kit_run(2, 2_000, json!({"max_turns": 10000, "reshuffle": true}));
    kit_run(7, 2_000, json!({"max_turns": 10000, "reshuffle": true, "use_special_cards": true}));
    kit_run(3, 2_000, json!({"max_draw_cards": 1, "scoring": "face_value"}));
}

#[test]
fn fuzzed_actions_never_break_the_match() {
    kit::fuzz_actions::<CrazyEights>(4, &Map::new(), 11, 3_000);
    kit::fuzz_actions::<CrazyEights>(6, &options(json!({"use_special_cards": true, "reshuffle": true})), 12, 3_000);
}

// ----- scenarios on forced chance -----

#[test]
fn deal_goes_round_from_the_dealers_next_seat_and_eights_are_turned_again() {
    // The 8♠ comes up twice and the 8♥ once: each goes back into the stock.
    let mut m = forced(2, 1, &format!("{TWO_HANDS} 8S 8H 8S KC"), json!({}));
    assert_eq!(hand(&m, 0), cards("3C 4C 5C 6C 7C 9C TC"));
    assert_eq!(hand(&m, 1), cards("3D 4D 5D 6D 7D 9D TD"));
    let view = m.state().view(None);
    assert_eq!((view.top.to_string(), view.stock, view.discard.len()), ("KC".to_string(), 37, 0));
    // Dealer choice + 14 dealt + 4 turned.
    assert_eq!(m.state().history_len(), 19);
    assert_eq!(m.state().current(), Seat(0));
    // OpenSpiel's order: ascending action id (rank-major, clubs first), then draw.
    let expected = ["play 3C", "play 4C", "play 5C", "play 6C", "play 7C", "play 9C", "play TC", "draw"];
    assert_eq!(legal(&m), expected);
    let events = act(&mut m, "play 9C");
    assert!(matches!(events[0], Event::Played { seat: Seat(0), .. }));
    assert_eq!(m.state().current(), Seat(1));
    assert_eq!(legal(&m), vec!["play 9D", "draw"]);
}

#[test]
fn the_penalty_of_a_plain_card_is_its_openspiel_id_plus_two() {
    // max_turns = 1: the first card played ends the match.
    let mut m = forced(2, 1, &format!("{TWO_HANDS} KC"), json!({"max_turns": 1}));
    act(&mut m, "play 3C");
    assert!(m.state().is_over());
    // Seat 0 keeps 4C 5C 6C 7C 9C TC = ids 8 12 16 20 28 32, each costing id + 2.
    // Seat 1 keeps 3D … TD = ids 5 9 13 17 21 29 33.
    assert_eq!(m.state().scores().as_slice(), &[-128, -141]);
    assert_eq!(m.state().winners().iter().collect::<Vec<_>>(), vec![Seat(0)]);
}

#[test]
fn face_value_scoring_charges_the_rank() {
    let mut m = forced(2, 1, &format!("{TWO_HANDS} KC"), json!({"max_turns": 1, "scoring": "face_value"}));
    act(&mut m, "play 3C");
    assert_eq!(m.state().scores().as_slice(), &[-41, -44]);
}

#[test]
fn an_eight_names_the_suit_and_draws_are_limited() {
    // Seat 0 holds 8C; seat 1 only diamonds.
    let chance = "8C 3D 4C 4D 5C 5D 6C 6D 7C 7D 9C 9D TC TD KH 2S 3S 4S";
    let mut m = forced(2, 1, chance, json!({"max_draw_cards": 2}));
    assert_eq!(legal(&m), vec!["play 8C", "draw"]);
    act(&mut m, "play 8C");
    assert_eq!(legal(&m), vec!["suit C", "suit D", "suit H", "suit S"]);
    act(&mut m, "suit S");
    assert_eq!(m.state().current(), Seat(1));
    // Seat 1 has no spade: it draws 2S, 3S (the limit), then may play or pass.
    assert_eq!(legal(&m), vec!["draw"]);
    act(&mut m, "draw");
    assert_eq!(legal(&m), vec!["play 2S", "draw"]);
    act(&mut m, "draw");
    assert_eq!(legal(&m), vec!["play 2S", "play 3S", "pass"]);
    act(&mut m, "pass");
    assert_eq!(m.state().current(), Seat(0));
    assert_eq!(m.state().view(None).hand_sizes.as_slice(), &[6, 9]);
}

#[test]
fn special_starters_act_as_if_the_dealer_played_them() {
    // Three players, dealer 2: 15 cards dealt from seat 0, so seat 0 holds clubs 2-6, seat 1
    // diamonds, seat 2 hearts.
    let deal = "2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H";
    let specials = json!({"use_special_cards": true});
    // A Queen skips seat 0.
    let m = forced(3, 2, &format!("{deal} QS"), specials.clone());
    assert_eq!(m.state().current(), Seat(1));
    // An Ace reverses: the dealer's previous seat, 1, plays, then 0.
    let mut m = forced(3, 2, &format!("{deal} AS"), specials.clone());
    assert_eq!(m.state().current(), Seat(1));
    act(&mut m, "draw");
    act(&mut m, "draw");
    assert_eq!(m.state().view(None).direction, -1);
    // A 2 makes seat 0 draw two unless it stacks a 2.
    let mut m = forced(3, 2, &format!("{deal} 2S 7S 7H 7D 7C 9S 9H"), specials);
    assert_eq!(m.state().current(), Seat(0));
    assert_eq!(legal(&m), vec!["play 2C", "draw"]);
    act(&mut m, "play 2C");
    // Seat 1 holds 2D: it stacks; seat 2 owes six cards (the starter's 2 counts too).
    assert_eq!(legal(&m), vec!["play 2D", "draw"]);
    act(&mut m, "play 2D");
    assert_eq!(m.state().view(None).pending_twos, 6);
    assert_eq!(legal(&m), vec!["play 2H", "draw"]);
    let before = m.state().history_len();
    let events = act(&mut m, "draw");
    assert!(events.contains(&Event::Drew { seat: Seat(2), cards: 6 }));
    // One decision and six chance events; the turn moves on.
    assert_eq!(m.state().history_len(), before + 7);
    assert_eq!(hand(&m, 2), cards("2H 3H 4H 5H 6H 7C 7D 7H 7S 9H 9S"));
    assert_eq!(m.state().current(), Seat(0));
    assert_eq!(m.state().view(None).pending_twos, 0);
}

#[test]
fn players_plus_one_passes_on_an_empty_stock_end_the_match_below_openspiels_min_utility() {
    let mut m = forced(2, 1, &format!("{TWO_HANDS} KC"), json!({"max_draw_cards": 104}));
    // Seat 0 draws the whole stock (37 cards), then may pass.
    for _ in 0..37 {
        assert_eq!(legal(&m).last().map(String::as_str), Some("draw"));
        act(&mut m, "draw");
    }
    assert_eq!(m.state().view(None).stock, 0);
    assert_eq!(legal(&m).last().map(String::as_str), Some("pass"));
    act(&mut m, "pass");
    // Seat 1 holds no club and no King: passing is all it can do.
    assert_eq!(legal(&m), vec!["pass"]);
    act(&mut m, "pass");
    assert!(!m.state().is_over());
    act(&mut m, "pass");
    assert!(m.state().is_over());
    // Seat 0 holds every card but seat 1's and the K♣: 952 - 141 - 10 = 801 points, below
    // OpenSpiel's own MinUtility of -544.
    assert_eq!(m.state().scores().as_slice(), &[-801, -141]);
    assert_eq!(m.state().score_bounds(), (-952, 0));
    assert_eq!(m.state().winners().iter().collect::<Vec<_>>(), vec![Seat(1)]);
}

#[test]
fn a_forced_card_missing_from_the_stock_hands_chance_to_the_seed() {
    // 3C is listed for the first draw but is already in seat 0's hand.
    let mut m = forced(2, 1, &format!("{TWO_HANDS} KC 3C"), json!({"reshuffle": true}));
    act(&mut m, "draw");
    assert_eq!(m.state().scripted_chance(), (15, 15));
    assert_eq!(m.state().view(None).stock, 36);
}

// ----- bad input -----

fn setup_error(players: usize, deal: Option<Value>, opts: Value) -> SetupError {
    let request = MatchRequest { players, seed: 1, dealer: None, options: options(opts), deal };
    match Match::<CrazyEights>::new(&request) {
        Ok(_) => panic!("the setup was accepted"),
        Err(e) => e,
    }
}

#[test]
fn bad_deals_are_refused_with_the_card_named() {
    let deal = |chance: &str| Some(json!({"dealer": 1, "chance": cards(chance)}));
    // Missing: the list stops inside the deal, or before a starter that is not an 8.
    let e = setup_error(2, deal("3C 3D 4C"), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("stops after 3 cards")), "{e}");
    let e = setup_error(2, deal(&format!("{TWO_HANDS} 8S")), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("before a starter")), "{e}");
    // Duplicated: a card dealt twice from one deck.
    let e = setup_error(2, deal("3C 3C 4C 4D 5C 5D 6C 6D 7C 7D 9C 9D TC TD KC"), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("chance[1]: 3C")), "{e}");
    // Extra: without reshuffles no card can come out of the stock twice.
    let e = setup_error(2, deal(&format!("{TWO_HANDS} KC 2S 2S")), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("chance[16]: 2S")), "{e}");
    // Unknown: a Joker, or not a card at all.
    let e = setup_error(2, deal(&format!("{TWO_HANDS} X")), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("X is not a card of this deck")), "{e}");
    let e = setup_error(2, Some(json!({"dealer": 1, "chance": ["ZZ"]})), json!({}));
    assert!(matches!(e, SetupError::BadDeal(_)), "{e}");
    // A dealer who is not at the table, and an unknown field.
    let e = setup_error(2, Some(json!({"dealer": 5, "chance": cards(TWO_HANDS)})), json!({}));
    assert!(matches!(&e, SetupError::BadDeal(m) if m.contains("dealer 5")), "{e}");
    let e = setup_error(2, Some(json!({"dealer": 1, "chance": [], "stock": []})), json!({}));
    assert!(matches!(e, SetupError::BadDeal(_)), "{e}");
}

#[test]
fn bad_options_and_player_counts_are_refused() {
    assert!(matches!(setup_error(2, None, json!({"max_draw_cards": 0})), SetupError::BadOption(_)));
    assert!(
        matches!(setup_error(2, None, json!({"scoring": "points"})), SetupError::BadOption(m) if m.contains("face_value"))
    );
    assert!(matches!(setup_error(2, None, json!({"players": 3})), SetupError::BadOption(_)));
    assert!(matches!(setup_error(2, None, json!({"reshufle": true})), SetupError::BadOption(_)));
    assert!(matches!(setup_error(1, None, json!({})), SetupError::BadSetup(_)));
    assert!(matches!(setup_error(11, None, json!({})), SetupError::BadSetup(_)));
}

#[test]
fn actions_parse_in_any_case_and_bad_ones_are_refused() {
    assert_eq!(CrazyEights::parse_action("  PLAY   7h ").unwrap(), Action::Play("7H".parse().unwrap()));
    assert_eq!(CrazyEights::parse_action("Suit s").unwrap().to_string(), "suit S");
    assert_eq!(CrazyEights::parse_action("DRAW").unwrap(), Action::Draw);
    for bad in ["", "play", "play X", "play 1H", "suit Z", "draw 2", "nominate H", "pass pass"] {
        assert!(matches!(CrazyEights::parse_action(bad), Err(ActionError::Parse(_))), "'{bad}' parsed");
    }
    let mut m = forced(2, 1, &format!("{TWO_HANDS} KC"), json!({}));
    let before = m.state().clone();
    for (seat, text) in [(0, "play 3D"), (0, "pass"), (0, "suit H"), (1, "draw"), (5, "draw")] {
        assert!(matches!(m.act(Seat(seat), text), Err(ActionError::Illegal(_))), "seat {seat} '{text}' accepted");
    }
    assert!(m.state() == &before);
}

// ----- texts, golden transcript, bot, speed -----

#[test]
fn texts_in_french_and_english() {
    let m = forced(2, 1, &format!("{TWO_HANDS} KC"), json!({}));
    let view = m.state().view(Some(Seat(0)));
    let fr = CrazyEights::render_view(&view, Lang::Fr);
    let en = CrazyEights::render_view(&view, Lang::En);
    assert!(fr.contains("Carte visible : K♣") && fr.contains("Votre main : 3♣ 4♣"), "{fr}");
    assert!(en.contains("Top card: K♣") && en.contains("Your hand: 3♣ 4♣"), "{en}");
    assert_eq!(CrazyEights::describe_action(Action::Play("7H".parse().unwrap()), Lang::Fr), "poser 7♥");
    assert_eq!(CrazyEights::describe_action(Action::Suit(tapis_core::Suit::Spades), Lang::En), "name ♠ spades");
    assert!(CrazyEights::rules_text(Lang::Fr).contains("8 = 50"));
    assert!(CrazyEights::rules_text(Lang::En).contains("5♠ = 17"));
    let event = Event::Drew { seat: Seat(1), cards: 2 };
    assert_eq!(CrazyEights::describe_event(&event, Lang::En), "seat 1 draws 2 card(s)");
}

#[test]
fn golden_transcript() {
    let request = MatchRequest {
        players: 3,
        seed: 2024,
        options: options(json!({"use_special_cards": true})),
        ..Default::default()
    };
    let text = kit::transcript::<CrazyEights>(&request, 99);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/crazyeights.txt");
    kit::assert_golden(&path, &text);
}

#[test]
fn heuristic_bot_beats_random_players() {
    let games = 3_000;
    let share = |players: usize, opts: Value| {
        kit::heuristic_vs_random::<CrazyEights>(players, &options(opts), games, 77) as f64 / games as f64
    };
    let two = share(2, json!({}));
    let four = share(4, json!({"use_special_cards": true}));
    eprintln!("heuristic seat wins: {:.1}% at 2 players, {:.1}% at 4 with special cards", two * 100.0, four * 100.0);
    assert!(two > 0.60, "the heuristic bot won only {:.1}% at 2", two * 100.0);
    assert!(four > 0.40, "the heuristic bot won only {:.1}% at 4", four * 100.0);
}
