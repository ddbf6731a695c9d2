//! A command line that never panics: every count is checked before anything is sized or started
//! from it, with one clear sentence on stderr and exit status 2 (bad usage) or 1 (a failure on
//! the way), and a standard output closed early (`tapis ... | head -c1`) ends the command quietly
//! with status 0. Each case runs the real binary.

use crate::common::tapis;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Output, Stdio};
use tapis::limits::{MAX_GAMES, MAX_ISMCTS_ITERATIONS, MAX_THREADS};
use tapis::thousands;

fn run(args: &[&str]) -> Output {
    tapis().args(args).stdin(Stdio::null()).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `args` are refused with exit status `code` and a message containing `message`, before any
/// output and without a panic.
fn refused(args: &[&str], code: i32, message: &str) -> String {
    let out = run(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(code), "tapis {}: {err}", args.join(" "));
    assert!(err.contains(message), "tapis {}: expected «{message}» in: {err}", args.join(" "));
    assert!(!err.contains("panicked"), "tapis {}: {err}", args.join(" "));
    assert!(out.stdout.is_empty(), "tapis {}: nothing on stdout", args.join(" "));
    err
}

/// Runs `args` with a standard output whose reading end is already closed, so that the first
/// write meets a broken pipe, and `input` on stdin; the command must end with status 0 and say
/// nothing.
fn with_stdout_closed(args: &[&str], input: &str) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = tapis().args(args).stdin(Stdio::piped()).stdout(writer).stderr(Stdio::piped()).spawn().unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        // The command may end before reading its input: a failed write here is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "tapis {} | (closed): {err}", args.join(" "));
    assert!(err.is_empty(), "tapis {} | (closed): nothing on stderr, got: {err}", args.join(" "));
}

#[test]
fn a_closed_standard_output_ends_every_command_quietly() {
    let cases: &[&[&str]] = &[
        &["games"],
        &["rules", "nantais"],
        &["rules", "njet", "--lang", "en"],
        &["sim", "nantais", "--games", "50"],
        &["sim", "nantais", "--games", "20", "--json"],
        &["arena", "nantais", "--bots", "heuristic,random", "--games", "4"],
        &["arena", "nantais", "--bots", "heuristic,random", "--games", "4", "--json"],
        &["arena", "nantais", "--bots", "heuristic,random", "--games", "4", "--csv"],
        &["arena", "nantais", "--bots", "heuristic", "--players", "2", "--games", "2", "--compare", "joker_draw=5"],
        &["bench", "nantais", "--seconds", "0.01"],
        &["bench", "nurmut", "--seconds", "0.01", "--level", "easy"],
        &["bench", "nantais", "--seconds", "0.01", "--ismcts"],
        &["play", "nantais", "--seed", "1", "--level", "easy"],
        &["sim", "--help"],
        &["--version"],
    ];
    for args in cases {
        with_stdout_closed(args, "1\n1\n1\nq\n");
    }
    with_stdout_closed(&["referee"], "{\"cmd\":\"games\"}\n");
}

#[test]
fn a_reader_that_stops_midway_ends_the_referee_quietly() {
    let mut child =
        tapis().arg("referee").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "{{\"cmd\":\"games\"}}").unwrap();
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.trim_end().ends_with("\"ok\":true}"), "the first answer arrives whole");
    // The reader goes away after one answer; the next answer meets a closed pipe.
    drop(stdout);
    let _ = writeln!(stdin, "{{\"cmd\":\"games\"}}");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

#[test]
fn game_counts_are_checked_before_anything_is_allocated() {
    let limit = format!("the number of matches is from 1 to {}", thousands(MAX_GAMES));
    for games in ["4294967296", "18446744073709551614", "99999999999999999999999", "0", "-0", "many"] {
        refused(&["arena", "nantais", "--bots", "heuristic,random", &format!("--games={games}")], 2, &limit);
        refused(&["sim", "nantais", &format!("--games={games}")], 2, &limit);
    }
    assert_eq!(limit, "the number of matches is from 1 to 100,000,000");
}

#[test]
fn sim_refuses_zero_games_instead_of_empty_intervals() {
    let err = refused(&["sim", "nantais", "--games", "0"], 2, "invalid value '0' for '--games <GAMES>'");
    assert!(err.contains("from 1 to 100,000,000"), "{err}");
    assert!(!err.contains('%'), "no table of 0.00% intervals: {err}");
}

#[test]
fn arena_says_when_seatings_round_the_count_up() {
    // Five different bots, every permutation: one deal is 120 matches.
    let out = run(&["arena", "nantais", "--bots", "heuristic,random,ismcts:1,ismcts:2,ismcts:3", "--games", "1"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        err.trim_end(),
        "tapis arena: each deal is played in 120 seatings (every permutation of the 5 seats), so --games 1 \
         becomes 1 deal × 120 = 120 matches"
    );
    assert!(
        String::from_utf8(out.stdout).unwrap().contains("1 deal × 120 seatings = 120 matches (seating permutations)")
    );

    // Four random bots swapped among themselves sit alike: five seatings, the heuristic at each seat.
    let out = run(&["arena", "nantais", "--bots", "heuristic,random,random,random,random", "--games", "1"]);
    let err = stderr(&out);
    assert!(out.status.success(), "{err}");
    assert_eq!(
        err.trim_end(),
        "tapis arena: each deal is played in 5 seatings (the 5 distinct ones of the 120 permutations of the 5 \
         seats), so --games 1 becomes 1 deal × 5 = 5 matches"
    );
    assert!(String::from_utf8(out.stdout).unwrap().contains(
        "1 deal × 5 seatings = 5 matches (seating permutations: 5 of the 120 differ (bots of the same name swapped \
         sit alike), each played once)"
    ));

    // A count that needs no rounding says nothing.
    let out = run(&["arena", "nantais", "--bots", "heuristic,random,random", "--games", "12"]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", stderr(&out));

    // A variant study plays that many under each option set.
    let out =
        run(&["arena", "nantais", "--bots", "heuristic,random,random", "--games", "7", "--compare", "joker_draw=5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("so --games 7 becomes 3 deals × 3 = 9 matches under each option set"));

    // One bot at every seat: one seating, each deal one match, and the header says why.
    let out = run(&[
        "arena",
        "nantais",
        "--bots",
        "heuristic",
        "--players",
        "3",
        "--games",
        "5",
        "--compare",
        "joker_draw=5",
    ]);
    assert!(out.status.success() && out.stderr.is_empty(), "{}", stderr(&out));
    assert!(String::from_utf8(out.stdout).unwrap().contains(
        "5 deals × 1 seating = 5 matches (seating permutations: the same bot at every seat, so every seating is \
         the same, played once)"
    ));
}

#[test]
fn arena_announces_a_full_table_before_its_first_match() {
    // At a table of ten different bots, one deal is 10! = 3,628,800 matches: said on stderr
    // before the first match is played (the run is then stopped: it is not the point here).
    let bots = "heuristic,random,ismcts:1,ismcts:2,ismcts:3,ismcts:4,ismcts:5,ismcts:6,ismcts:7,ismcts:8";
    let mut child = tapis()
        .args(["arena", "crazyeights", "--bots", bots, "--players", "10", "--games", "1", "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut notice = String::new();
    BufReader::new(child.stderr.take().unwrap()).read_line(&mut notice).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        notice.trim_end(),
        "tapis arena: each deal is played in 3,628,800 seatings (every permutation of the 10 seats), so --games 1 \
         becomes 1 deal × 3,628,800 = 3,628,800 matches"
    );
}

#[test]
fn arena_refuses_seatings_that_round_past_the_limit() {
    let bots = "heuristic,random,ismcts:1,ismcts:2,ismcts:3,ismcts:4,ismcts:5,ismcts:6,ismcts:7,ismcts:8";
    let err = refused(
        &["arena", "crazyeights", "--bots", bots, "--games", "100000000"],
        2,
        "--games 100,000,000 rounds up to 28 deals × 3,628,800 seatings (every permutation of the 10 seats) = \
         101,606,400 matches, more than the limit of 100,000,000: ask for fewer games or use --seating rotations",
    );
    assert_eq!(err.lines().count(), 1, "one sentence: {err}");
}

#[test]
fn arena_needs_two_different_bots_to_compare() {
    let needs = "an arena compares bots, and --bots names only heuristic: give at least two different bots";
    refused(&["arena", "nantais", "--bots", "heuristic"], 2, needs);
    refused(&["arena", "nantais", "--bots", "heuristic", "--players", "4"], 2, needs);
    refused(&["arena", "nantais", "--bots", "heuristic,heuristic,heuristic"], 2, needs);
    refused(
        &["arena", "nantais", "--bots", "heuristic,random", "--players", "5"],
        2,
        "--bots names 2 bots for 5 seats",
    );
    // One bot is what a variant study needs, with a number of seats.
    refused(
        &["arena", "nantais", "--bots", "heuristic", "--compare", "joker_draw=5"],
        2,
        "say how many seats with --players",
    );
    let out = run(&[
        "arena",
        "nantais",
        "--bots",
        "heuristic",
        "--players",
        "2",
        "--games",
        "2",
        "--compare",
        "joker_draw=5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8(out.stdout).unwrap().contains("B − A on the same deals and seatings"));
}

#[test]
fn thread_counts_are_capped() {
    let message = format!("the number of threads is from 1 to {MAX_THREADS}");
    for threads in ["10000", "0", "257"] {
        refused(&["sim", "nantais", "--games", "1", "--threads", threads], 2, &message);
        refused(&["arena", "nantais", "--bots", "heuristic,random", "--threads", threads], 2, &message);
    }
    let out = run(&["sim", "nantais", "--games", "4", "--threads", "256", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn sim_help_names_every_bot_it_accepts() {
    let out = run(&["sim", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains(tapis_bots::BotKind::NAMES), "{help}");
    let cap = format!("at most {}", thousands(u64::from(MAX_ISMCTS_ITERATIONS)));
    assert!(help.contains(&cap), "{help}");
    for command in ["arena", "play"] {
        let help = String::from_utf8(run(&[command, "--help"]).stdout).unwrap();
        assert!(help.contains(tapis_bots::BotKind::NAMES) && help.contains(&cap), "{command}: {help}");
    }
    // What the help names is what --bots takes.
    for bots in ["random", "heuristic", "ismcts", "ismcts:20,heuristic"] {
        let out = run(&["sim", "nantais", "--players", "2", "--games", "1", "--bots", bots]);
        assert!(out.status.success(), "--bots {bots}: {}", stderr(&out));
    }
    let too_many =
        format!("'ismcts:{}': ismcts takes at most 200,000 iterations per decision", MAX_ISMCTS_ITERATIONS + 1);
    refused(
        &["sim", "nantais", "--games", "1", "--bots", &format!("ismcts:{}", MAX_ISMCTS_ITERATIONS + 1)],
        2,
        &too_many,
    );
    refused(&["sim", "nantais", "--games", "1", "--bots", "ismcts:4000000000"], 2, "at most 200,000 iterations");
    refused(&["arena", "nantais", "--bots", "heuristic,ismcts:300000"], 2, "at most 200,000 iterations");
    refused(&["play", "nantais", "--bots", "ismcts:300000"], 2, "at most 200,000 iterations");
    refused(&["sim", "nantais", "--games", "1", "--bots", "ismcts:0"], 2, "ismcts takes a positive number");
}

#[test]
fn every_other_count_is_checked() {
    let seconds = "the number of seconds is more than 0 and at most 3,600";
    for value in ["0", "-1", "nan", "inf", "1e300", "3601"] {
        refused(&["bench", "nantais", &format!("--seconds={value}")], 2, seconds);
        refused(&["loadtest", &format!("--seconds={value}")], 2, seconds);
    }
    refused(
        &["bench", "nantais", "--ismcts", "--after", "99999999"],
        2,
        "the number of random decisions is from 0 to 30,000",
    );
    refused(&["bench", "nantais", "--players", "4294967297"], 2, "a table has 1 to 10 players");
    refused(&["loadtest", "--rooms", "0"], 2, "the number of rooms is from 1 to 10,000");
    refused(&["loadtest", "--rooms", "18446744073709551615"], 2, "the number of rooms is from 1 to 10,000");
    refused(&["loadtest", "--clients", "11"], 2, "the number of clients is from 2 to 10");
    refused(&["loadtest", "--rate", "1000001"], 2, "the number of moves per second is from 0 to 1,000,000");
    refused(&["serve", "--max-rooms", "0"], 2, "the number of rooms is from 1 to 1,000,000");
    refused(&["serve", "--max-connections", "4294967296"], 2, "the number of connections is from 1 to 1,000,000");
    refused(&["play", "nantais", "--seat", "7"], 2, "--seat 7 is not a seat of a 4-player table (0 to 3)");
    refused(&["play", "nantais", "--seat", "256"], 2, "invalid value '256' for '--seat <SEAT>'");
    refused(&["arena", "nantais", "--bots", "heuristic,random", "--players", "11"], 2, "a table has 1 to 10 players");
    refused(&["sim", "nantais", "--players", "0", "--games", "1"], 2, "a table has 1 to 10 players");
}

#[test]
fn the_referee_holds_bot_names_to_its_budget() {
    let mut child = tapis().arg("referee").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{{\"cmd\":\"new\",\"game\":\"nantais\",\"players\":2,\"seed\":1}}").unwrap();
        writeln!(stdin, "{{\"cmd\":\"bot\",\"seat\":0,\"bot\":\"ismcts:4000000000\"}}").unwrap();
    }
    let mut text = String::new();
    child.stdout.take().unwrap().read_to_string(&mut text).unwrap();
    assert!(child.wait().unwrap().success());
    let answers: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers[0]["ok"], true);
    assert_eq!(answers[1]["error"]["code"], "bad_request");
    assert!(answers[1]["error"]["message"].as_str().unwrap().contains("at most 200,000 iterations"));
}

#[test]
fn failures_on_the_way_exit_1_with_one_sentence() {
    // A plot that cannot be written is found out before any match is played.
    let plot = std::env::temp_dir().join(format!("tapis-no-such-dir-{}", std::process::id())).join("out.svg");
    let plot = plot.to_str().unwrap();
    let err = refused(&["arena", "nantais", "--bots", "heuristic,random", "--plot", plot], 1, "cannot write");
    assert!(err.contains("No such file or directory") && err.lines().count() == 1, "{err}");
    refused(&["sim", "nantais", "--games", "1", "--plot", plot], 1, "cannot write");
    refused(&["play", "nantais", "--save", plot], 1, "cannot write");
    // The check leaves nothing behind when the command stops for another reason.
    let dir = std::env::temp_dir().join(format!("tapis-robustness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("seats.svg");
    refused(
        &["sim", "nantais", "--games", "1", "--option", "joker_drw=5", "--plot", svg.to_str().unwrap()],
        2,
        "unknown option 'joker_drw'",
    );
    assert!(!svg.exists());
    std::fs::remove_dir_all(&dir).unwrap();

    // No server there: a failure, not a usage error (and not mistaken for a closed stdout).
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    refused(&["loadtest", "--addr", &addr, "--rooms", "1", "--seconds", "1"], 1, "(is `tapis serve` running there?)");
}

#[test]
fn usage_errors_of_the_game_layer_exit_2() {
    // Options and player counts the game refuses are usage errors too.
    refused(
        &["arena", "nantais", "--bots", "heuristic,random", "--option", "joker_draw=99"],
        2,
        "option 'joker_draw' cannot be 99: it takes 4, 5",
    );
    refused(&["bench", "nantais", "--option", "joker_drw=5", "--seconds", "0.01"], 2, "unknown option 'joker_drw'");
    refused(&["arena", "njet", "--bots", "heuristic,random"], 2, "Njet! is played by 3 to 4 players, not 2");
    refused(&["play", "njet", "--players", "2", "--lang", "en"], 2, "Njet! is played by 3 to 4 players, not 2");
}
