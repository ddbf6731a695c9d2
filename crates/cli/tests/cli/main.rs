//! The `tapis` binary end to end: the referee protocol (every command, every error code), random
//! input that must never break it, a terminal match played to the end, and the command line's
//! own errors.

// The crate's other integration tests are modules of this one binary: one link per crate.
mod abuse;
mod common;
#[path = "../../../server/tests/debian.rs"]
mod debian;
mod faults;
mod fixtures;
mod hosting;
mod load;
mod robustness;
mod serve;
mod tui_signals;

use common::tapis;
use proptest::prelude::*;
use serde_json::{Value, json};
use std::io::Write;
use std::process::Stdio;
use tapis::referee::Referee;

/// Runs the referee on `requests` (one per line) and returns the parsed responses.
fn referee_session(requests: &[String]) -> Vec<Value> {
    let mut child = tapis().arg("referee").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        for request in requests {
            writeln!(stdin, "{request}").unwrap();
        }
    }
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "the referee exits 0 at the end of its input");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line} ({e})")))
        .collect()
}

/// A complete 54-card deal for 2 players: seat 0 holds 7♥ 7♠ and five low clubs, seat 1 seven
/// spades, the discard shows 5♥.
fn nantais_deal() -> Value {
    let seat0 = ["7H", "7S", "2C", "3C", "4C", "6C", "9C"];
    let seat1 = ["2S", "3S", "4S", "5S", "6S", "8S", "9S"];
    let discard = ["5H"];
    let mut stock = vec!["X".to_string(), "X".to_string()];
    for suit in ["S", "H", "D", "C"] {
        for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"] {
            let card = format!("{rank}{suit}");
            if !seat0.contains(&card.as_str()) && !seat1.contains(&card.as_str()) && !discard.contains(&card.as_str()) {
                stock.push(card);
            }
        }
    }
    json!({"hands": [seat0, seat1], "stock": stock, "discard": discard})
}

fn error_code(response: &Value) -> &str {
    assert_eq!(response["ok"], json!(false), "expected an error: {response}");
    let message = response["error"]["message"].as_str().unwrap();
    assert!(!message.is_empty(), "an error says what was wrong");
    response["error"]["code"].as_str().unwrap()
}

fn ok(response: &Value) -> &Value {
    assert_eq!(response["ok"], json!(true), "expected success: {response}");
    response
}

#[test]
fn referee_scripted_session_covers_every_command_and_error_code() {
    let deal = nantais_deal();
    let mut missing = deal.clone();
    missing["stock"].as_array_mut().unwrap().pop();
    let requests: Vec<String> = vec![
        json!({"cmd": "status", "id": 1}).to_string(),               // 0 no_game
        "this is not json".into(),                                   // 1 bad_request
        "[1, 2]".into(),                                             // 2 bad_request
        json!({"cmd": "fly", "id": "x"}).to_string(),                // 3 bad_request
        json!({"cmd": "games", "id": {"any": "value"}}).to_string(), // 4 ok
        json!({"cmd": "new", "game": "chess", "players": 2}).to_string(), // 5 unknown_game
        json!({"cmd": "new", "game": "nantais", "players": 2, "options": {"joker_drw": 5}}).to_string(), // 6
        json!({"cmd": "new", "game": "nantais", "players": 2, "options": {"joker_draw": 6}}).to_string(), // 7
        json!({"cmd": "new", "game": "nantais", "players": 2, "deal": missing}).to_string(), // 8 bad_deal
        json!({"cmd": "new", "game": "nantais", "players": 11}).to_string(), // 9 bad_request
        json!({"cmd": "new", "game": "nantais", "players": 2, "seed": 7, "deal": deal}).to_string(), // 10
        json!({"cmd": "legal", "seat": 0}).to_string(),              // 11
        json!({"cmd": "legal", "seat": 1}).to_string(),              // 12
        json!({"cmd": "act", "seat": 0, "action": "fly away"}).to_string(), // 13 bad_action
        json!({"cmd": "act", "seat": 0, "action": "play 2S"}).to_string(), // 14 illegal_action
        json!({"cmd": "act", "seat": 1, "action": "draw"}).to_string(), // 15 illegal_action
        json!({"cmd": "act", "seat": 0, "action": "PLAY  7h"}).to_string(), // 16 ok
        json!({"cmd": "view", "seat": 1}).to_string(),               // 17
        json!({"cmd": "view", "seat": null}).to_string(),            // 18
        json!({"cmd": "state"}).to_string(),                         // 19
        json!({"cmd": "record"}).to_string(),                        // 20
        json!({"cmd": "bot", "seat": 0, "bot": "heuristic", "budget": 100}).to_string(), // 21
        json!({"cmd": "bot", "seat": 0, "bot": "deep-thought"}).to_string(), // 22 bad_request
        json!({"cmd": "load", "record": {"game": "nantais", "players": 2}}).to_string(), // 23 ok, fresh
        json!({"cmd": "load", "record": {"game": "nantais", "players": 2, "actions": [[1, "draw"]]}}).to_string(), // 24
        json!({"cmd": "load", "record": "nope"}).to_string(),        // 25 bad_record
        json!({"cmd": "act", "seat": 9, "action": "draw"}).to_string(), // 26 bad_request (no such seat)
        json!({"cmd": "legal"}).to_string(),                         // 27 bad_request (no seat)
    ];
    let r = referee_session(&requests);
    assert_eq!(r.len(), requests.len(), "exactly one response per request");

    assert_eq!(error_code(&r[0]), "no_game");
    assert_eq!(r[0]["id"], json!(1));
    assert_eq!(error_code(&r[1]), "bad_request");
    assert_eq!(error_code(&r[2]), "bad_request");
    assert_eq!(error_code(&r[3]), "bad_request");
    assert_eq!(r[3]["id"], json!("x"));
    let games = ok(&r[4])["games"].as_array().unwrap();
    assert_eq!(r[4]["id"], json!({"any": "value"}));
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["nantais", "nurmut", "gum", "nainjaune", "njet", "crazyeights"]);
    assert_eq!(games[0]["options"]["joker_draw"]["default"], json!(4));
    assert_eq!(games[0]["options"]["joker_draw"]["values"], json!([4, 5]));
    assert_eq!(error_code(&r[5]), "unknown_game");
    assert_eq!(error_code(&r[6]), "bad_option");
    assert!(r[6]["error"]["message"].as_str().unwrap().contains("joker_draw"), "lists the valid keys");
    assert_eq!(error_code(&r[7]), "bad_option");
    assert_eq!(error_code(&r[8]), "bad_deal");
    assert_eq!(error_code(&r[9]), "bad_request");

    let status = &ok(&r[10])["status"];
    assert_eq!(status["actors"], json!([0]));
    assert_eq!(status["over"], json!(false));
    assert_eq!(status["winners"], json!([]));
    assert_eq!(status["round"], json!(1));
    assert_eq!(status["scores"], json!([0, 0]));
    assert_eq!(status["cards"], json!([7, 7]));
    // On 5♥, seat 0 may play its heart 7♥; nothing else matches.
    let legal = ok(&r[11])["actions"].as_array().unwrap();
    assert!(legal.contains(&json!("play 7H")), "{legal:?}");
    assert!(!legal.contains(&json!("play 2C")));
    assert_eq!(ok(&r[12])["actions"], json!([]));
    assert_eq!(error_code(&r[13]), "bad_action");
    assert_eq!(error_code(&r[14]), "illegal_action");
    assert_eq!(error_code(&r[15]), "illegal_action");
    let played = ok(&r[16]);
    assert!(!played["events"].as_array().unwrap().is_empty());
    assert_eq!(played["status"]["cards"], json!([6, 7]));
    let view = serde_json::to_string(&ok(&r[17])["view"]).unwrap();
    assert!(view.contains("\"2S\""), "seat 1 sees its own hand");
    assert!(!view.contains("\"2C\""), "seat 1 does not see seat 0's hand");
    let spectator = serde_json::to_string(&ok(&r[18])["view"]).unwrap();
    assert!(!spectator.contains("\"2S\"") && !spectator.contains("\"2C\""), "a spectator sees no hand");
    assert!(ok(&r[19])["state"].is_object());
    let record = &ok(&r[20])["record"];
    assert_eq!(record["game"], json!("nantais"));
    assert_eq!(record["seed"], json!(7));
    assert_eq!(record["actions"], json!([[0, "play 7H"]]));
    assert!(record["version"].is_string());
    let bot_action = ok(&r[21])["action"].as_str().unwrap().to_string();
    assert!(!bot_action.is_empty());
    assert_eq!(error_code(&r[22]), "bad_request");
    assert_eq!(ok(&r[23])["status"]["round"], json!(1));
    assert_eq!(error_code(&r[24]), "bad_record");
    assert_eq!(error_code(&r[25]), "bad_record");
    assert_eq!(error_code(&r[26]), "bad_request");
    assert_eq!(error_code(&r[27]), "bad_request");
}

#[test]
fn a_saved_record_replays_to_the_same_match() {
    let requests = vec![
        json!({"cmd": "new", "game": "nantais", "players": 3, "seed": 99}).to_string(),
        json!({"cmd": "bot", "seat": 0, "bot": "heuristic"}).to_string(),
    ];
    let r = referee_session(&requests);
    let action = ok(&r[1])["action"].as_str().unwrap().to_string();
    let r = referee_session(&[
        json!({"cmd": "new", "game": "nantais", "players": 3, "seed": 99}).to_string(),
        json!({"cmd": "act", "seat": 0, "action": action}).to_string(),
        json!({"cmd": "record"}).to_string(),
        json!({"cmd": "state"}).to_string(),
    ]);
    let record = ok(&r[2])["record"].clone();
    let state = ok(&r[3])["state"].clone();
    let again =
        referee_session(&[json!({"cmd": "load", "record": record}).to_string(), json!({"cmd": "state"}).to_string()]);
    ok(&again[0]);
    assert_eq!(again[1]["state"], state);
}

/// Sends `line` and checks the protocol's promises: one JSON response, `ok` true or false, and a
/// failed request leaves the match exactly as it was.
fn check_one(referee: &mut Referee, line: &str) -> Value {
    let before = referee.handle_line(r#"{"cmd":"state"}"#).unwrap();
    let response = referee.handle_line(line);
    let Some(response) = response else {
        assert!(line.trim().is_empty(), "only blank lines go unanswered");
        return Value::Null;
    };
    assert!(!response.contains('\n'), "one line per response");
    let value: Value = serde_json::from_str(&response).unwrap();
    match value["ok"] {
        Value::Bool(true) => {}
        Value::Bool(false) => {
            assert!(value["error"]["code"].is_string() && value["error"]["message"].is_string());
            let after = referee.handle_line(r#"{"cmd":"state"}"#).unwrap();
            assert_eq!(before, after, "the failed request '{line}' changed the match");
        }
        _ => panic!("no ok field: {response}"),
    }
    value
}

const GAMES: [&str; 6] = ["nantais", "nurmut", "gum", "nainjaune", "njet", "crazyeights"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_referee_survives_random_lines(lines in prop::collection::vec(".{0,60}", 1..20), game in 0usize..6) {
        let mut referee = Referee::new();
        check_one(&mut referee, &json!({"cmd": "new", "game": GAMES[game], "players": 4, "seed": 1}).to_string());
        for line in &lines {
            check_one(&mut referee, line);
        }
    }

    #[test]
    fn the_referee_survives_random_requests(
        steps in prop::collection::vec((0usize..8, 0u64..12, ".{0,12}", any::<u16>()), 1..60),
        game in 0usize..6,
        players in 2usize..6,
    ) {
        let mut referee = Referee::new();
        check_one(&mut referee, &json!({"cmd": "new", "game": GAMES[game], "players": players, "seed": 5}).to_string());
        for (kind, seat, text, pick) in steps {
            let line = match kind {
                0 => json!({"cmd": "act", "seat": seat, "action": text}).to_string(),
                1..=3 => {
                    // A legal action of some actor, most of the time.
                    let status = check_one(&mut referee, r#"{"cmd":"status"}"#);
                    let actors: Vec<u64> = status["status"]["actors"].as_array().map(|a| a.iter().filter_map(Value::as_u64).collect()).unwrap_or_default();
                    if actors.is_empty() { continue; }
                    let actor = actors[pick as usize % actors.len()];
                    let legal = check_one(&mut referee, &json!({"cmd": "legal", "seat": actor}).to_string());
                    let actions = legal["actions"].as_array().cloned().unwrap_or_default();
                    if actions.is_empty() { continue; }
                    let action = actions[pick as usize % actions.len()].clone();
                    json!({"cmd": "act", "seat": actor, "action": action}).to_string()
                }
                4 => json!({"cmd": "view", "seat": seat}).to_string(),
                5 => json!({"cmd": "bot", "seat": seat, "bot": if pick % 2 == 0 { "random" } else { "heuristic" }}).to_string(),
                6 => json!({"cmd": "legal", "seat": text}).to_string(),
                _ => json!({"cmd": "new", "game": GAMES[game], "players": seat, "options": {text: pick}}).to_string(),
            };
            check_one(&mut referee, &line);
        }
    }
}

#[test]
fn every_game_answers_status_legal_view_and_bot() {
    for game in GAMES {
        let r = referee_session(&[
            json!({"cmd": "new", "game": game, "players": 4, "seed": 3}).to_string(),
            json!({"cmd": "legal", "seat": 0}).to_string(),
            json!({"cmd": "view", "seat": 0}).to_string(),
            json!({"cmd": "view", "seat": null}).to_string(),
            json!({"cmd": "record"}).to_string(),
        ]);
        let status = &ok(&r[0])["status"];
        assert_eq!(status["game"], json!(game));
        assert_eq!(status["players"], json!(4));
        assert!(ok(&r[1])["actions"].is_array());
        assert!(ok(&r[2])["view"].is_object() || ok(&r[2])["view"].is_array());
        ok(&r[3]);
        assert_eq!(ok(&r[4])["record"]["game"], json!(game));
    }
}

/// Plays a whole match through `tapis play` against easy bots (unless `extra` says otherwise):
/// types `first` (answers for the start), then always takes the first choice.
fn play_to_the_end(game: &str, extra: &[&str], first: &'static str) -> String {
    let level: &[&str] =
        if extra.contains(&"--level") || extra.contains(&"--bots") { &[] } else { &["--level", "easy"] };
    let mut child = tapis()
        .args(["play", game, "--players", "3", "--seed", "4", "--lang", "en"])
        .args(level)
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Enough answers for any match; the process stops reading when the match ends.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(first.as_bytes());
        for _ in 0..200_000 {
            if stdin.write_all(b"1\n").is_err() {
                break;
            }
        }
    });
    let output = child.wait_with_output().unwrap();
    let _ = writer.join();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_terminal_match_of_nantais_ends_with_a_result() {
    let out = play_to_the_end("nantais", &["--option", "rounds_to_win=1"], "");
    assert!(out.contains("Your move:"), "the player is asked");
    assert!(out.contains("=== End of the match ==="), "{}", &out[out.len().saturating_sub(2000)..]);
    // Seed 4, easy bots, always the first choice: one match, which the person wins.
    assert!(out.contains("You won!") && !out.contains("You lost."), "{}", &out[out.len().saturating_sub(2000)..]);
}

/// `--hints`: every choice the person is given comes with the hard bot's advice, one of the
/// choices, in the person's language; without it, none.
#[test]
fn a_practice_match_in_the_terminal_gives_the_hard_bots_advice_at_every_choice() {
    let dir = std::env::temp_dir().join(format!("tapis-practice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (practice, plain) = (dir.join("practice.json"), dir.join("plain.json"));
    let saved = |path: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let save = practice.to_str().unwrap();
    let out = play_to_the_end("nantais", &["--option", "rounds_to_win=1", "--hints", "--save", save], "");
    // The record says the person was advised; a match without hints has no such field.
    assert_eq!(saved(&practice)["hints"], true);
    assert!(out.contains("=== End of the match ==="), "{}", &out[out.len().saturating_sub(2000)..]);
    let mut advised = 0;
    for shown in out.split("\nYour move:\n").skip(1) {
        let lines: Vec<&str> = shown.lines().collect();
        let choices: Vec<&str> = lines.iter().take_while(|l| l.starts_with("  ")).copied().collect();
        let hint = lines[choices.len()];
        let advice = hint.strip_prefix("The hard bot would play: ").unwrap_or_else(|| panic!("{shown}"));
        let (advised_move, why) = advice.split_once(" (chance ").unwrap();
        assert!(
            choices.iter().any(|c| c.split_once(") ").unwrap().1.starts_with(&format!("{advised_move}   ["))),
            "{shown}"
        );
        assert!(
            why.ends_with("it is sure of it.")
                || why.ends_with("without being sure.")
                || why.ends_with("about as good."),
            "{why}"
        );
        advised += 1;
    }
    assert!(advised >= 5, "{advised} choices advised");
    let out = play_to_the_end("nantais", &["--option", "rounds_to_win=1", "--save", plain.to_str().unwrap()], "");
    assert!(!out.contains("The hard bot would play"));
    assert_eq!(saved(&plain).get("hints"), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_game_can_be_played_to_the_end_in_the_terminal() {
    for (game, extra, first) in [
        ("nurmut", vec!["--option", "rounds=1"], ""),
        // Always "1" would swap the same two cards back and forth for ever.
        ("gum", vec![], "ready\n"),
        ("nainjaune", vec!["--option", "rounds=1"], ""),
        ("njet", vec!["--option", "rounds=1"], ""),
        ("crazyeights", vec![], ""),
    ] {
        let out = play_to_the_end(game, &extra, first);
        assert!(out.contains("=== End of the match ==="), "{game}: {}", &out[out.len().saturating_sub(2000)..]);
    }
}

#[test]
fn a_match_against_searching_bots_ends_and_replays_from_its_seed() {
    let first = play_to_the_end("njet", &["--option", "rounds=1", "--level", "medium"], "");
    assert!(first.contains("=== End of the match ==="), "{}", &first[first.len().saturating_sub(2000)..]);
    // Budgets are iterations, not time: the same seed and answers give the same match.
    let again = play_to_the_end("njet", &["--option", "rounds=1", "--level", "medium"], "");
    assert_eq!(first, again);
    let easy = play_to_the_end("njet", &["--option", "rounds=1"], "");
    assert_ne!(first, easy, "medium bots play differently from easy ones");
}

#[test]
fn command_line_errors_are_clear_and_exit_2() {
    let out = tapis().args(["sim", "nantais", "--games", "1", "--option", "joker_drw=5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown option 'joker_drw'") && err.contains("joker_draw"), "{err}");

    let out = tapis().args(["rules", "poker"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("the games are: nantais, nurmut, gum, nainjaune, njet, crazyeights")
    );

    let out = tapis().args(["sim", "nantais", "--games", "1", "--bots", "genius"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("unknown bot 'genius'"));

    let out = tapis().args(["play", "nantais", "--level", "expert"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("invalid value 'expert'") && err.contains("easy, medium, hard"), "{err}");

    // A player count is checked before anything is sized from it.
    let out = tapis().args(["sim", "nantais", "--players", "1000000000000", "--games", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("a table has 1 to 10 players"));

    let out = tapis().args(["play", "nantais", "--level", "easy", "--bots", "random"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("cannot be used with"));
}

#[test]
fn rules_and_games_list_every_option() {
    let out = tapis().args(["rules", "nantais", "--lang", "en"]).output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains("joker_draw = 4"), "{page}");
    assert!(
        page.contains("values: blind (take a random card), named (ask for a named card), target_chooses"),
        "{page}"
    );
    // In French, the help and the values' words are French too.
    let out = tapis().args(["rules", "nantais", "--lang", "fr"]).output().unwrap();
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains("un joueur peut piocher même s’il pourrait poser une carte"), "{page}");
    assert!(
        page.contains("valeurs\u{a0}: blind (prendre une carte au hasard), named (demander une carte précise)"),
        "{page}"
    );
    assert!(page.contains("valeurs\u{a0}: un entier de 1 à 1\u{202f}000"), "{page}");
    assert!(!page.contains("a player may draw"), "{page}");
    let out = tapis().arg("games").output().unwrap();
    let page = String::from_utf8(out.stdout).unwrap();
    for game in GAMES {
        assert!(page.contains(game));
    }
}

#[test]
fn sim_numbers_do_not_depend_on_threads() {
    let run = |threads: &str| {
        let out = tapis()
            .args(["sim", "nantais", "--players", "3", "--games", "200", "--seed", "8", "--json", "--threads", threads])
            .args(["--bots", "heuristic,random,random"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let mut value: Value = serde_json::from_slice(&out.stdout).unwrap();
        for timing in ["seconds", "threads", "decisions_per_second"] {
            value.as_object_mut().unwrap().remove(timing);
        }
        value
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn sim_draws_seat_shares_and_bench_times_a_level() {
    let dir = std::env::temp_dir().join(format!("tapis-sim-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("seats.svg");
    let out = tapis()
        .args(["sim", "nurmut", "--players", "3", "--games", "50", "--bots", "heuristic", "--plot"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.contains("win share by seat, 50 matches"));
    assert!(drawing.contains("seat 2 (heuristic)"));
    std::fs::remove_dir_all(&dir).unwrap();

    let out = tapis().args(["bench", "nurmut", "--level", "easy", "--seconds", "0.01"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("longest move ms") && table.contains("| nurmut") && table.contains("heuristic"), "{table}");

    let out = tapis().args(["bench", "--pace", "--windows", "10"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pace = String::from_utf8(out.stdout).unwrap();
    for row in ["| easy   | 10 ", "| medium | 10 ", "| hard   | 10 ", "CONTRE called", "UNIQUE with the card"] {
        assert!(pace.contains(row), "{row}: {pace}");
    }
    assert!(pace.contains("A person's only move, played for them (30 moves)"), "{pace}");
}

#[test]
fn the_referee_keeps_its_limits() {
    let huge = format!("{{\"cmd\":\"status\",\"pad\":\"{}\"}}", "x".repeat(2 << 20));
    let mut other_version = json!({"game": "nantais", "players": 2, "version": "0.0.1", "rules": 99});
    let deal = json!({"dealer": 1, "chance": ["2C", "3C", "4C", "5C", "6C", "7C", "9C", "2D", "3D", "4D", "5D", "6D", "7D", "9D", "TH"]});
    let r = referee_session(&[
        huge,                                                                                              // 0
        json!({"cmd": "new", "game": "nantais", "players": 2, "seed": 1}).to_string(), // 1 the referee goes on
        json!({"cmd": "bot", "seat": 0, "bot": "ismcts", "budget": 10_000_000}).to_string(), // 2
        json!({"cmd": "act", "seat": 0, "action": "play ".repeat(40)}).to_string(),    // 3
        json!({"cmd": "fly".repeat(100)}).to_string(),                                 // 4
        json!({"cmd": "load", "record": other_version.take()}).to_string(),            // 5
        json!({"cmd": "new", "game": "crazyeights", "players": 2, "dealer": 0, "deal": deal}).to_string(), // 6
        json!({"cmd": "new", "game": "crazyeights", "players": 2, "deal": deal}).to_string(), // 7
        json!({"cmd": "record"}).to_string(),                                          // 8
        json!({"cmd": "act", "seat": 1, "action": "play 9C", "views": true}).to_string(), // 9 not seat 1's move
    ]);
    assert_eq!(r.len(), 10);
    assert_eq!(error_code(&r[0]), "bad_request");
    assert!(r[0]["error"]["message"].as_str().unwrap().contains("longer than"));
    ok(&r[1]);
    assert_eq!(error_code(&r[2]), "bad_request");
    assert_eq!(error_code(&r[3]), "bad_action");
    assert_eq!(error_code(&r[4]), "bad_request");
    let message = r[4]["error"]["message"].as_str().unwrap();
    assert!(message.len() < 200 && !message.contains('\n'), "a short quote of the input: {message}");
    assert_eq!(error_code(&r[5]), "bad_record");
    assert!(r[5]["error"]["message"].as_str().unwrap().contains("version 99 of the rules of nantais"), "{}", r[5]);
    assert_eq!(error_code(&r[6]), "bad_deal", "the deal names dealer 1, the request dealer 0");
    ok(&r[7]);
    assert_eq!(ok(&r[8])["record"]["dealer"], json!(1), "a record always carries its dealer");
    assert_eq!(error_code(&r[9]), "illegal_action");
}

/// A golden record (`crates/games/nantais/tests/records/`) loads; spoiled in each way its chance
/// outcomes can disagree with its actions, it is refused with one line naming the action or the
/// outcome, and the match loaded before stays exactly as it was.
#[test]
fn a_record_whose_outcomes_do_not_match_its_actions_is_refused() {
    let file: Value =
        serde_json::from_str(include_str!("../../../games/nantais/tests/records/two_players.json")).unwrap();
    let record = file["record"].clone();
    let actions = record["actions"].as_array().unwrap().len();
    let later = record["chance"].as_array().unwrap().iter().position(|o| o["at"].as_u64() > Some(0)).unwrap();
    let at = record["chance"][later]["at"].as_u64().unwrap();
    let spoiled = |spoil: &dyn Fn(&mut Value)| {
        let mut spoiled = record.clone();
        spoil(&mut spoiled);
        json!({"cmd": "load", "record": spoiled}).to_string()
    };
    let requests = [
        json!({"cmd": "load", "record": record}).to_string(),
        json!({"cmd": "state"}).to_string(),
        // A card of the first deal that is not in the deck: it cannot have been dealt.
        spoiled(&|r| r["chance"][0]["deal"]["hands"][0][0] = r["chance"][0]["deal"]["hands"][0][1].clone()),
        // Two cards exchanged between the hands: a deal that could have been, but the actions
        // were not played from it.
        spoiled(&|r| {
            let (a, b) = (r["chance"][0]["deal"]["hands"][0][0].clone(), r["chance"][0]["deal"]["hands"][1][0].clone());
            r["chance"][0]["deal"]["hands"][0][0] = b;
            r["chance"][0]["deal"]["hands"][1][0] = a;
        }),
        // An outcome left out, one too many, one unreadable, one out of order.
        spoiled(&|r| {
            r["chance"].as_array_mut().unwrap().remove(later);
        }),
        spoiled(&|r| r["chance"].as_array_mut().unwrap().push(json!({"at": actions + 3, "stock": ["7H"]}))),
        spoiled(&|r| r["chance"][0] = json!({"at": 0, "lucky": true})),
        spoiled(&|r| r["chance"].as_array_mut().unwrap().swap(0, later)),
        json!({"cmd": "state"}).to_string(),
    ];
    let r = referee_session(&requests);
    ok(&r[0]);
    let messages: Vec<String> = r[2..8]
        .iter()
        .map(|response| {
            assert_eq!(error_code(response), "bad_record", "{response}");
            let message = response["error"]["message"].as_str().unwrap().to_string();
            assert!(!message.contains('\n') && message.len() < 400, "one line: {message}");
            message
        })
        .collect();
    assert!(
        messages[0].starts_with("chance[0] {\"deal\":") && messages[0].contains("does not fit the match at the setup"),
        "{}",
        messages[0]
    );
    assert!(messages[1].starts_with("action ") && messages[1].contains(" fails: "), "{}", messages[1]);
    assert_eq!(messages[2], format!("action {at} draws a chance outcome that the record's \"chance\" does not list"));
    let last = record["chance"].as_array().unwrap().len();
    assert_eq!(messages[3], format!("chance[{last}] is listed at action {}, which draws nothing more", actions + 3));
    assert!(
        messages[4].starts_with("chance[0] (the setup) does not read as an outcome of this game: "),
        "{}",
        messages[4]
    );
    assert!(
        messages[5].starts_with(&format!("chance[{later}] is listed at the setup, after an outcome of action {at}")),
        "{}",
        messages[5]
    );
    assert_eq!(r[8], r[1], "a refused record leaves the match loaded before as it was");
}

#[test]
fn act_tells_each_seat_its_private_events() {
    let r = referee_session(&[
        json!({"cmd": "new", "game": "nantais", "players": 2, "seed": 3}).to_string(),
        json!({"cmd": "legal", "seat": 0}).to_string(),
    ]);
    let legal = ok(&r[1])["actions"].as_array().unwrap().clone();
    // Draw if it is allowed, else play on: a draw tells the drawer which card, the others only that a card was drawn.
    let draw = legal.iter().any(|a| a == "draw");
    let action = if draw { json!("draw") } else { legal[0].clone() };
    let r = referee_session(&[
        json!({"cmd": "new", "game": "nantais", "players": 2, "seed": 3}).to_string(),
        json!({"cmd": "act", "seat": 0, "action": action, "views": true}).to_string(),
    ]);
    let acted = ok(&r[1]);
    let private = acted["private"].as_array().unwrap();
    assert_eq!(private.len(), 2);
    assert!(private[1].as_array().unwrap().is_empty(), "seat 1 learns nothing of its own");
    let views = &acted["client_views"];
    assert_eq!(views["seats"].as_array().unwrap().len(), 2);
    assert_eq!(views["spectator"]["seat"], json!(null));
    if draw {
        assert_eq!(private[0][0]["type"], json!("drew_card"), "{acted}");
        let public = serde_json::to_string(&acted["events"]).unwrap();
        assert!(!public.contains("drew_card"), "the card drawn is not public");
    }
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tapis-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn sim_writes_one_row_per_match_the_same_on_any_thread_count() {
    let dir = scratch("sim-matches");
    let run = |threads: &str, file: &str| {
        let path = dir.join(file);
        let out = tapis()
            .args(["sim", "gum", "--players", "3", "--games", "30", "--seed", "4", "--bots", "heuristic,random,random"])
            .args(["--threads", threads, "--json", "--matches"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        (serde_json::from_slice::<Value>(&out.stdout).unwrap(), std::fs::read_to_string(&path).unwrap())
    };
    let (report, csv) = run("1", "one.csv");
    assert_eq!(run("2", "two.csv").1, csv, "the same rows in the same order");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "set,game,deal,seating,seed,options,bot_0,bot_1,bot_2,win_0,win_1,win_2,score_0,score_1,score_2,\
         decisions,rounds,unfinished,pick_ups,cards_picked_up,burns,cards_burnt,piles_given,piles_accepted,\
         cards_accepted,skips"
    );
    assert_eq!(lines.len(), 31);
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split(',').collect()).collect();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!((row[0], row[1], row[2], row[3], row[5]), ("", "gum", &*i.to_string(), "0", "{}"));
        assert_eq!(&row[6..9], ["heuristic", "random", "random"]);
        let wins: f64 = row[9..12].iter().map(|w| w.parse::<f64>().unwrap()).sum();
        assert!((wins - 1.0).abs() < 1e-9, "{row:?}");
    }
    // The rows add up to the report.
    let mean = |column: usize| rows.iter().map(|r| r[column].parse::<f64>().unwrap()).sum::<f64>() / 30.0;
    assert!((mean(15) - report["mean_decisions"].as_f64().unwrap()).abs() < 1e-9);
    assert!((mean(9) - report["seats"][0]["win_share"].as_f64().unwrap()).abs() < 1e-9);
    assert_eq!(report["counters"][0]["key"], "pick_ups");
    assert!((mean(18) - report["counters"][0]["mean"].as_f64().unwrap()).abs() < 1e-9);

    // JSON lines hold the same matches.
    let path = dir.join("rows.jsonl");
    let out = tapis()
        .args(["sim", "gum", "--players", "3", "--games", "30", "--seed", "4", "--bots", "heuristic,random,random"])
        .arg("--matches")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: Vec<Value> =
        std::fs::read_to_string(&path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(json.len(), 30);
    assert_eq!(json[7]["deal"], 7);
    assert_eq!(json[7]["bots"], json!(["heuristic", "random", "random"]));
    assert_eq!(json[7]["decisions"].to_string(), rows[7][15]);
    assert_eq!(json[7]["counters"]["pick_ups"].to_string(), rows[7][18]);
    assert!(json[7].get("set").is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_study_writes_both_option_sets_of_every_deal() {
    let dir = scratch("study-matches");
    let path = dir.join("study.jsonl");
    let out = tapis()
        .args(["arena", "nurmut", "--bots", "heuristic,random", "--players", "2", "--games", "6", "--json"])
        .args(["--compare", "allow_tuck=false", "--matches"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let study: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<Value> =
        std::fs::read_to_string(&path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // 3 deals × 2 seatings, each under A then B.
    assert_eq!(rows.len(), 12);
    for (i, row) in rows.iter().enumerate() {
        let (pair, set) = (i / 2, if i % 2 == 0 { "A" } else { "B" });
        assert_eq!((row["set"].as_str().unwrap(), row["deal"].as_u64().unwrap()), (set, pair as u64 / 2));
        assert_eq!(row["seating"], json!(pair % 2));
        assert_eq!(row["options"], if set == "A" { json!({}) } else { json!({"allow_tuck": false}) });
    }
    assert_eq!(rows[0]["bots"], json!(["heuristic", "random"]));
    assert_eq!(rows[2]["bots"], json!(["random", "heuristic"]));
    assert_eq!(rows[0]["seed"], rows[1]["seed"], "the same deal under both option sets");
    assert_eq!(rows[1]["counters"]["tucks"], 0, "no tuck without the rule");
    // The paired difference of the length is the mean of the rows' differences.
    let difference: f64 =
        rows.chunks(2).map(|p| p[1]["decisions"].as_f64().unwrap() - p[0]["decisions"].as_f64().unwrap()).sum::<f64>()
            / 6.0;
    assert!((study["length_difference"].as_f64().unwrap() - difference).abs() < 1e-9);
    let keys: Vec<&str> = study["differences"].as_array().unwrap().iter().map(|d| d["key"].as_str().unwrap()).collect();
    assert_eq!(
        &keys[..6],
        ["decisions", "rounds", "seat_0_win_share", "seat_1_win_share", "heuristic_win_share", "heuristic_score"]
    );
    assert!(keys.contains(&"courage") && keys.contains(&"tucks"));
    // The header and the JSON name the seating alike.
    assert_eq!(study["a"]["seating"], "permutations");
    assert_eq!((study["a"]["seatings_per_deal"].as_u64(), study["a"]["deals"].as_u64()), (Some(2), Some(3)));
    let out = tapis()
        .args(["arena", "nurmut", "--bots", "heuristic,random", "--players", "2", "--games", "6"])
        .args(["--compare", "allow_tuck=false", "--plot"])
        .arg(dir.join("study.svg"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("3 deals × 2 seatings = 6 matches (seating permutations)"), "{text}");
    assert!(text.contains("| cards tucked under one's pile"), "{text}");
    let drawing = std::fs::read_to_string(dir.join("study.svg")).unwrap();
    assert!(drawing.contains("B − A per match, paired by deal") && drawing.contains("cards turned by Courage"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sim_prints_csv_one_line_per_seat() {
    let out = tapis().args(["sim", "njet", "--players", "3", "--games", "40", "--csv"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "game,seat,bot,matches,win_share,win_low,win_high,mean_score,score_low,score_high,\
         mean_decisions,decisions_low,decisions_high,mean_rounds,rounds_low,rounds_high"
    );
    assert_eq!(lines.len(), 4);
    assert!(lines[3].starts_with("njet,2,random,40,"), "{text}");
    let field = |line: &str, k: usize| line.split(',').nth(k).unwrap().parse::<f64>().unwrap();
    let shares: f64 = lines[1..].iter().map(|l| field(l, 4)).sum();
    assert!((shares - 1.0).abs() < 1e-5);
    // The match's length, the same on every line: a three-player Njet! match is 8 rounds.
    for line in &lines[1..] {
        assert_eq!(line.split(',').skip(10).collect::<Vec<_>>(), lines[1].split(',').skip(10).collect::<Vec<_>>());
        let (low, mean, high) = (field(line, 11), field(line, 10), field(line, 12));
        assert!(low <= mean && mean <= high && mean > 100.0, "{line}");
        assert_eq!(field(line, 13), 8.0, "{line}");
    }
}

#[test]
fn a_matches_file_must_say_its_format() {
    let out = tapis().args(["sim", "gum", "--games", "3", "--matches", "rows.txt"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "tapis: --matches writes a FILE.csv or a FILE.jsonl (one row per match): 'rows.txt' ends in neither"
    );
    assert!(!std::path::Path::new("rows.txt").exists());
}

#[test]
fn the_ladder_rates_the_bots_alike_on_any_thread_count_and_refuses_a_learned_bot_without_a_policy() {
    let run = |args: &[&str]| tapis().arg("ladder").args(args).output().unwrap();
    let out = run(&["nurmut", "--bots", "random,first-legal,heuristic,learned", "--deals", "3", "--threads", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8(out.stdout).unwrap();
    for line in
        ["| heuristic | 1500 | (anchor) |", "| learned vs 3 × heuristic | 3 | 12 |", "```sh\ntapis ladder nurmut"]
    {
        assert!(table.contains(line), "{line:?} missing from:\n{table}");
    }
    // Same seed, same table, whatever the thread count.
    let again = run(&["nurmut", "--bots", "random,first-legal,heuristic,learned", "--deals", "3", "--threads", "2"]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), table);
    let out = run(&["njet", "--bots", "learned,random", "--deals", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("the learned bot has no policy for Njet! yet"));
}

/// `learned` at a game without a learned policy used to play the heuristic under its name in
/// `tapis play` and `tapis sim`: every entry point refuses it, naming the games that have one.
#[test]
fn a_learned_bot_without_a_policy_for_the_game_is_refused_by_every_command() {
    let no_policy = "the learned bot has no policy for Njet! yet (the games that have one: nurmut)";
    for args in [
        &["sim", "njet", "--players", "4", "--bots", "learned", "--games", "2"][..],
        &["sim", "njet", "--players", "4", "--bots", "random,random,ismcts-learned:10,random", "--games", "2"],
        &["arena", "njet", "--bots", "learned,random,random,random", "--games", "2"],
        &["play", "njet", "--players", "3", "--bots", "learned", "--plain"],
        &["play", "njet", "--players", "3", "--bots", "heuristic,learned", "--plain"],
    ] {
        let out = tapis().args(args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8(out.stderr).unwrap(), format!("tapis: {no_policy}\n"), "{args:?}");
    }
    let r = referee_session(&[
        json!({"cmd": "new", "game": "njet", "players": 3, "seed": 1}).to_string(),
        json!({"cmd": "bot", "seat": 0, "bot": "learned"}).to_string(),
        json!({"cmd": "bot", "seat": 0, "bot": "heuristic"}).to_string(),
    ]);
    assert_eq!(r[1], json!({"ok": false, "error": {"code": "bad_request", "message": no_policy}}));
    assert_eq!(r[2]["ok"], json!(true), "{}", r[2]);
    // Nur Mut has one, for 4 players with the default options.
    let out = tapis().args(["sim", "nurmut", "--players", "4", "--bots", "learned", "--games", "2"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = tapis().args(["sim", "nurmut", "--players", "3", "--bots", "learned", "--games", "2"]).output().unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "tapis: the learned bot's policy for Nur Mut was trained at 4 players with the default options; this table \
         differs\n"
    );
}
