//! The conformance kit every game runs (after OpenSpiel's `basic_tests`): many seeded random
//! matches, checking at every step what must hold of any game, and in depth every few steps.
//!
//! Every step: card conservation, score bounds, `actors` agrees with `legal_actions`, the match
//! never stalls, and the checked `apply` accepts the chosen legal action.
//! Deep steps: clone equality, serde round trip of the state, checked vs unchecked apply give the
//! same match, every well-formed action that is not legal is rejected and changes nothing,
//! canonical notation (`parse(format(a)) == a`, any case, any spacing), and the view properties:
//! re-dealing what a seat cannot see (`determinize`) changes neither its view, nor its legal
//! actions, nor the deck; views serialize.
//! **Secrecy** (deep steps), for every seat and the spectator: nothing that observer is told
//! about a turn depends on cards hidden from it. Re-dealing what it cannot see changes neither
//! the public status (who else is waited for, scores, cards left), nor, for the
//! action taken, the events addressed to it (up to the first event that shows it hidden cards) and
//! the public status after it. A spectator is told no event addressed to a seat.
//! Every match: termination within a step limit, winners at the end, and the record replays to
//! the very same match.
//!
//! Failures panic with the seed, options and step, so a failing match can be replayed.
//!
//! **How many matches.** The tests write the match counts CI plays (at most 300 per
//! configuration; the first 4 matches of each run are checked in depth at every step, so every
//! deep check runs on each configuration). `TAPIS_SOAK=N` in the environment plays N times as many
//! (new seeds after the same first ones) for a long soak: `TAPIS_SOAK=30` plays about as many as
//! CI did before the scale existed (7,000–10,000 matches per main configuration). Every count of
//! random matches in the tests goes through [`soak`], read here and nowhere else.

pub mod golden;
pub mod scenario;

use crate::chance::ImposeDrawn;
use crate::game::{ActionList, Conformance, Game, GameEvent, Setup, events_for};
use crate::record::{ENGINE_VERSION, Match, MatchRequest, Record};
use crate::rng::{GameRng, game_seed, salt};
use crate::seat::{Seat, SeatSet};
use serde_json::{Map, Value};
use std::fmt::Write;

/// What to run.
#[derive(Clone, Debug)]
pub struct KitConfig {
    pub players: usize,
    pub games: u64,
    pub seed: u64,
    pub options: Map<String, Value>,
    /// A deep check every this many steps (and at every step of the first few matches).
    pub deep_every: usize,
    /// Fail a match that has not ended after this many actions.
    pub max_steps: usize,
}

impl KitConfig {
    /// `games` matches at `players` seats, times the soak scale (see [`soak`]).
    pub fn new(players: usize, games: u64) -> Self {
        KitConfig { players, games: soak(games), seed: 0, options: Map::new(), deep_every: 16, max_steps: 50_000 }
    }

    /// Sets one option (`key`, JSON `value`).
    pub fn option(mut self, key: &str, value: Value) -> Self {
        self.options.insert(key.to_string(), value);
        self
    }
}

/// `matches` times the soak scale: the `TAPIS_SOAK` environment variable (a whole number from 1,
/// 1 when unset). A count of random matches in a test goes through here, so that one setting
/// turns CI's short run into a long soak. A malformed value fails the test that reads it.
pub fn soak(matches: u64) -> u64 {
    static SCALE: std::sync::OnceLock<Result<u64, String>> = std::sync::OnceLock::new();
    let scale = SCALE.get_or_init(|| match std::env::var("TAPIS_SOAK") {
        Err(std::env::VarError::NotPresent) => Ok(1),
        Err(std::env::VarError::NotUnicode(text)) => Err(format!("{text:?}")),
        Ok(text) => text.trim().parse::<u64>().ok().filter(|&n| n >= 1).ok_or(format!("{text:?}")),
    });
    match scale {
        Ok(scale) => matches.saturating_mul(*scale),
        Err(text) => panic!("TAPIS_SOAK must be a whole number from 1 (the soak scale), not {text}"),
    }
}

/// Totals over a kit run, for the test to assert on and print.
#[derive(Clone, Debug, Default)]
pub struct KitReport {
    pub games: u64,
    pub steps: u64,
    pub rounds: u64,
    pub deep_checks: u64,
    /// Matches won by each seat (shared wins count for each winner).
    pub wins: Vec<u64>,
}

/// Runs the kit; panics on the first broken property.
pub fn run<G: Conformance>(config: &KitConfig) -> KitReport {
    let mut report = KitReport { wins: vec![0; config.players], ..KitReport::default() };
    for index in 0..config.games {
        let seed = game_seed(config.seed, index);
        let always_deep = index < 4;
        play_one::<G>(config, seed, always_deep, &mut report);
    }
    report
}

fn play_one<G: Conformance>(config: &KitConfig, seed: u64, always_deep: bool, report: &mut KitReport) {
    let request =
        MatchRequest { players: config.players, seed, dealer: None, options: config.options.clone(), deal: None };
    let context = |step: usize| format!("{} seed {seed} options {:?} step {step}", G::ID, config.options);
    let first = match Match::<G>::new(&request) {
        Ok(m) => m,
        Err(e) => panic!("{}: setup refused: {e}", context(0)),
    };
    let mut state = first.state().clone();
    let options = G::parse_options(&request.options).expect("options accepted once");
    let setup = Setup { players: config.players, seed, dealer: None, options, deal: None };
    let mut impose = ImposeDrawn::default();
    match G::start(setup, &mut impose) {
        Ok(imposed) => assert!(imposed == state, "{}: imposing the deal just drawn changes the match", context(0)),
        Err(e) => panic!("{}: setup refused when imposing its outcomes: {e}", context(0)),
    }
    assert!(impose.imposed > 0, "{}: a match dealt from its seed draws no chance outcome", context(0));
    let deck = state.deck_census();
    let mut choices = GameRng::seed_from_u64(seed ^ salt::KIT_CHOICES);
    // Secrecy checks draw their samples apart, so that they leave the match played unchanged.
    let mut samples = GameRng::seed_from_u64(seed ^ salt::KIT_SAMPLES);
    let mut actions: Vec<(u8, String)> = Vec::new();
    let mut legal = ActionList::new();
    let mut step = 0;
    while !state.is_over() {
        assert!(step < config.max_steps, "{}: no end after {} actions", context(step), config.max_steps);
        check_every_step(&state, &deck, &|| context(step));
        let periodic = step % config.deep_every == 0;
        let deep = always_deep || periodic;
        if deep {
            // Playing samples on is costly: only at the periodic deep steps, not at every step
            // of the first matches (that would be quadratic in the match length).
            deep_check(&state, &mut choices, periodic, &context(step));
            report.deep_checks += 1;
        }
        let (seat, action) = random_choice(&state, &mut choices, &mut legal);
        if deep {
            let mut unchecked = state.clone();
            unchecked.apply_unchecked(seat, action);
            // Imposing the outcomes just drawn, as a replay does, changes nothing.
            let mut imposed = state.clone();
            imposed.step(seat, action, &mut ImposeDrawn::default());
            assert!(unchecked == imposed, "{}: imposing the outcomes just drawn changes the match", context(step));
            let mut logged = state.clone();
            let mut events = Vec::new();
            logged.apply_logged(seat, action, &mut events).unwrap();
            assert!(unchecked == logged, "{}: checked and unchecked apply differ", context(step));
            for event in &events {
                serde_json::to_value(event).expect("events serialize");
            }
            check_turn_secrecy(&state, seat, action, &events, &logged, &mut samples, &context(step));
        }
        if let Err(e) = state.apply(seat, action) {
            panic!("{}: legal action '{action}' of seat {seat} refused: {e}", context(step));
        }
        actions.push((seat.0, action.to_string()));
        step += 1;
    }
    check_every_step(&state, &deck, &|| context(step));
    assert!(!state.winners().is_empty(), "{}: a finished match has no winner", context(step));
    assert!(state.actors().is_empty(), "{}: a finished match still has actors", context(step));
    for seat in state.winners() {
        report.wins[seat.index()] += 1;
    }
    report.games += 1;
    report.steps += step as u64;
    report.rounds += state.round() as u64;

    // The actions alone replay from the seed, as a record stored before chance outcomes were
    // kept does; the replay keeps the outcomes it drew.
    let record = Record {
        game: G::ID.into(),
        players: config.players,
        seed,
        options: first.record().options.clone(),
        dealer: None,
        deal: None,
        version: ENGINE_VERSION.into(),
        rules: Some(G::RULES_VERSION),
        actions,
        chance: None,
    };
    let json = serde_json::to_string(&record).expect("records serialize");
    let record: Record = serde_json::from_str(&json).expect("records read back");
    let replayed = match Match::<G>::load(&record) {
        Ok(replayed) => replayed,
        Err(e) => panic!("{}: the record does not replay: {e}", context(step)),
    };
    assert!(replayed.state() == &state, "{}: the record replays to another match", context(step));
    check_outcomes(replayed.record(), &state, &context(step));
}

/// A match's record with its chance outcomes replays to the same match; with another seed, it
/// still replays to the same match as every seat and the spectator see it, so that no draw of
/// the generator escapes the record (only the generator's own state differs).
fn check_outcomes<G: Game>(record: &Record, state: &G, context: &str) {
    let json = serde_json::to_string(record).expect("records serialize");
    let record: Record = serde_json::from_str(&json).expect("records read back");
    match Match::<G>::load(&record) {
        Ok(replayed) => assert!(replayed.state() == state, "{context}: the record's outcomes replay to another match"),
        Err(e) => panic!("{context}: the record does not replay from its outcomes: {e}"),
    }
    let other = Record { seed: record.seed ^ 0x0DD_5EED, ..record };
    let replayed = match Match::<G>::load(&other) {
        Ok(replayed) => replayed,
        Err(e) => panic!("{context}: with another seed, the record's outcomes do not replay: {e}"),
    };
    for observer in Seat::all(state.players()).map(Some).chain([None]) {
        assert!(
            replayed.state().view(observer) == state.view(observer),
            "{context}: with another seed, {} sees another match: a draw escapes the record's outcomes",
            observer_name(observer)
        );
    }
}

pub use crate::race::random_choice;

/// The cheap checks of every step. `context` is only called to word a failure.
fn check_every_step<G: Conformance>(state: &G, deck: &[u32], context: &dyn Fn() -> String) {
    if state.census() != deck {
        panic!("{}: cards were created, lost or duplicated: {:?} instead of {deck:?}", context(), state.census());
    }
    let (low, high) = state.score_bounds();
    for (seat, &score) in state.scores().seats() {
        if !(low..=high).contains(&score) {
            panic!("{}: seat {seat} scores {score}, outside {low}..={high}", context());
        }
    }
    let mut legal = ActionList::new();
    let mut with_actions = SeatSet::EMPTY;
    for seat in Seat::all(state.players()) {
        legal.clear();
        state.legal_actions(seat, &mut legal);
        if !legal.is_empty() {
            with_actions.insert(seat);
        }
    }
    if state.actors() != with_actions {
        panic!("{}: actors() {:?} disagrees with legal_actions {with_actions:?}", context(), state.actors());
    }
    let waiting = state.waiting_for();
    if !(waiting - with_actions).is_empty() {
        panic!("{}: waiting for a seat with no legal action", context());
    }
    if !state.is_over() && waiting.is_empty() {
        panic!("{}: the match waits for nobody but is not over", context());
    }
}

fn deep_check<G: Conformance>(state: &G, rng: &mut GameRng, play_samples_on: bool, context: &str) {
    assert!(state.clone() == *state, "{context}: a clone differs");
    let json = serde_json::to_string(state).expect("states serialize");
    let back: G = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{context}: state does not read back: {e}"));
    assert!(back == *state, "{context}: serde round trip changes the state");

    let mut legal = ActionList::new();
    let universe = state.action_universe();
    for seat in Seat::all(state.players()) {
        legal.clear();
        state.legal_actions(seat, &mut legal);
        for &action in &legal {
            check_notation::<G>(action, context);
            assert!(state.is_legal(seat, action), "{context}: is_legal rejects listed '{action}'");
        }
        for &action in universe.iter().filter(|a| !legal.contains(a)) {
            let mut copy = state.clone();
            assert!(copy.apply(seat, action).is_err(), "{context}: seat {seat} may play unlisted '{action}'");
            assert!(copy == *state, "{context}: a refused '{action}' changed the state");
        }
        check_view::<G>(state, Some(seat), &legal, rng, play_samples_on, context);
    }
    check_view::<G>(state, None, &ActionList::new(), rng, play_samples_on, context);
}

fn check_notation<G: Game>(action: G::Action, context: &str) {
    let text = action.to_string();
    assert_eq!(G::parse_action(&text).ok(), Some(action), "{context}: '{text}' does not parse back");
    let shouted = format!("  {}  ", text.to_uppercase().replace(' ', "   "));
    assert_eq!(G::parse_action(&shouted).ok(), Some(action), "{context}: '{shouted}' does not parse");
}

fn check_view<G: Conformance>(
    state: &G,
    seat: Option<Seat>,
    legal: &[G::Action],
    rng: &mut GameRng,
    play_samples_on: bool,
    context: &str,
) {
    let view = state.view(seat);
    let json = serde_json::to_value(&view).expect("views serialize");
    let who = observer_name(seat);
    let status = public_status(state, seat);
    for sample in 0..2 {
        let resampled = G::determinize(&view, rng);
        let again = public_status(&resampled, seat);
        assert!(
            again == status,
            "{context}: re-dealing what {who} cannot see changes what it is told of the table\nbefore: {status:?}\nafter:  {again:?}"
        );
        assert!(
            resampled.view(seat) == view,
            "{context}: re-dealing what {who} cannot see changes its view\nbefore: {view:?}\nafter:  {:?}",
            resampled.view(seat)
        );
        assert_eq!(serde_json::to_value(resampled.view(seat)).unwrap(), json, "{context}: view JSON differs");
        assert_eq!(resampled.census(), state.deck_census(), "{context}: determinize breaks the deck for {who}");
        assert_eq!(resampled.is_over(), state.is_over(), "{context}: determinize ends the match");
        if let Some(seat) = seat {
            let mut again = ActionList::new();
            resampled.legal_actions(seat, &mut again);
            assert_eq!(again.as_slice(), legal, "{context}: re-dealing hidden cards changes {who}'s legal actions");
        }
        if sample == 0 && play_samples_on {
            play_on(resampled, rng, &|| format!("{context}, determinized for {who}"));
        }
    }
}

fn observer_name(seat: Option<Seat>) -> String {
    seat.map_or("the spectator".to_string(), |s| format!("seat {s}"))
}

/// What an observer is told of the table's status. Who the match waits for is public; who may
/// act out of turn in a reaction window (a Ninja interrupt, a completion) often depends on cards,
/// so a seat is told only of its own window (the table layer's status follows this); and the
/// observer's own place among the seats waited for is its own business.
#[derive(PartialEq, Debug)]
struct PublicStatus {
    others_waited_for: SeatSet,
    over: bool,
    winners: SeatSet,
    round: u32,
    scores: Vec<i64>,
    cards_left: Vec<u32>,
}

fn public_status<G: Game>(state: &G, observer: Option<Seat>) -> PublicStatus {
    let mut others_waited_for = state.waiting_for();
    if let Some(seat) = observer {
        others_waited_for.remove(seat);
    }
    PublicStatus {
        others_waited_for,
        over: state.is_over(),
        winners: state.winners(),
        round: state.round(),
        scores: state.scores().as_slice().to_vec(),
        cards_left: state.cards_left().as_slice().to_vec(),
    }
}

/// How many re-dealt matches are tried, per observer, to find one where the acting seat may take
/// the same action (it must hold the card it played, and the observer cannot see its hand).
const SECRECY_TRIES: usize = 8;

/// `seat` took `action` in `state`, which gave `events` and `after`. For every observer, the
/// same action in a match re-dealt from the observer's view must tell it the same events (up to
/// the first event that shows it hidden cards) and, when it is shown no hidden card, leave the same
/// public status.
fn check_turn_secrecy<G: Game>(
    state: &G,
    seat: Seat,
    action: G::Action,
    events: &[G::Event],
    after: &G,
    rng: &mut GameRng,
    context: &str,
) {
    let observers = Seat::all(state.players()).map(Some).chain([None]);
    for observer in observers {
        let who = observer_name(observer);
        if observer.is_none() {
            for event in events_for(events, None) {
                assert!(
                    !matches!(event.audience(), crate::game::Audience::Only(_)),
                    "{context}: the spectator is told a private event: {event:?}"
                );
            }
        }
        let view = state.view(observer);
        for _ in 0..SECRECY_TRIES {
            let mut other = G::determinize(&view, rng);
            if !other.is_legal(seat, action) {
                continue;
            }
            let mut other_events = Vec::new();
            other.step(seat, action, &mut other_events);
            let told: Vec<&G::Event> = events_for(events, observer).collect();
            let other_told: Vec<&G::Event> = events_for(&other_events, observer).collect();
            let mut revealed = false;
            for i in 0..told.len().max(other_told.len()) {
                let (a, b) = (told.get(i), other_told.get(i));
                if a.is_some_and(|e| e.reveals()) || b.is_some_and(|e| e.reveals()) {
                    revealed = true;
                    break;
                }
                let (a, b) = (a.map(|e| serde_json::to_value(e).unwrap()), b.map(|e| serde_json::to_value(e).unwrap()));
                assert!(
                    a == b,
                    "{context}: seat {seat}'s '{action}' tells {who} something that depends on cards hidden from it\nevents: {told:?}\nre-dealt: {other_told:?}"
                );
            }
            if !revealed {
                let (expected, got) = (public_status(after, observer), public_status(&other, observer));
                assert!(
                    expected == got,
                    "{context}: after seat {seat}'s '{action}', what {who} is told of the table depends on cards hidden from it\nstatus: {expected:?}\nre-dealt: {got:?}"
                );
            }
            break;
        }
    }
}

/// A sampled match must be a real match: played on at random to the end of its round (as far as
/// a search bot plays it), every step keeps the deck, the score bounds and a consistent
/// `actors`/`waiting_for`.
fn play_on<G: Conformance>(mut state: G, rng: &mut GameRng, context: &dyn Fn() -> String) {
    let deck = state.deck_census();
    let round = state.round();
    let mut legal = ActionList::new();
    let mut steps = 0;
    while !state.is_over() && state.round() == round {
        check_every_step(&state, &deck, &|| format!("{}, {steps} random steps on", context()));
        assert!(steps < 50_000, "{}: a determinized match does not end its round", context());
        let (seat, action) = random_choice(&state, rng, &mut legal);
        state.apply_unchecked(seat, action);
        steps += 1;
    }
}

/// Feeds random and mangled strings to the action parser and to `apply` on seeded random
/// positions: nothing may panic, and a refused action changes nothing.
pub fn fuzz_actions<G: Conformance>(players: usize, options: &Map<String, Value>, seed: u64, positions: usize) {
    let mut rng = GameRng::seed_from_u64(seed);
    let request = MatchRequest { players, seed, dealer: None, options: options.clone(), deal: None };
    let mut state = Match::<G>::new(&request).expect("fuzz setup").state().clone();
    let universe: Vec<String> = state.action_universe().iter().map(ToString::to_string).collect();
    let mut words: Vec<String> = universe.iter().flat_map(|a| a.split(' ').map(str::to_string)).collect();
    words.extend(["", " ", "-1", "99", "999999999999999999999", "é", "♥", "\u{0}", "null", "{}"].map(String::from));
    let mut legal = ActionList::new();
    for _ in 0..positions {
        if state.is_over() {
            state = Match::<G>::new(&request).expect("fuzz setup").state().clone();
        }
        for _ in 0..20 {
            let text = random_text(&mut rng, &words);
            let seat = Seat(rng.below(12) as u8);
            if let Ok(action) = G::parse_action(&text) {
                let mut copy = state.clone();
                if copy.apply(seat, action).is_err() {
                    assert!(copy == state, "refused '{text}' changed the state");
                }
            }
        }
        let (seat, action) = random_choice(&state, &mut rng, &mut legal);
        state.apply(seat, action).expect("a legal action");
    }
}

fn random_text(rng: &mut GameRng, words: &[String]) -> String {
    let mut text = String::new();
    match rng.below(3) {
        0 => {
            for _ in 0..rng.below(4) {
                let _ = write!(text, "{} ", words[rng.index(words.len())]);
            }
        }
        1 => {
            for _ in 0..rng.below(12) {
                let c = char::from_u32(rng.below(0x2600) as u32).unwrap_or('?');
                text.push(c);
            }
        }
        _ => {
            let word = &words[rng.index(words.len())];
            text.push_str(word);
            text.push(' ');
            text.push_str(&rng.below(100).to_string());
        }
    }
    text
}

/// A whole seeded match as text: for each step, whose move, the acting seat's view and legal
/// actions, the action, and the events. Games compare it with a file under `tests/golden/`.
pub fn transcript<G: Game>(request: &MatchRequest, choice_seed: u64) -> String {
    let mut game = Match::<G>::new(request).expect("transcript setup");
    let mut rng = GameRng::seed_from_u64(choice_seed);
    let mut legal = ActionList::new();
    let mut out = String::new();
    let _ = writeln!(out, "{} players {} seed {} choices {choice_seed}", G::ID, request.players, request.seed);
    let _ = writeln!(out, "spectator {}", serde_json::to_string(&game.state().view(None)).unwrap());
    let mut step = 0;
    while !game.state().is_over() && step < 5000 {
        let state = game.state().clone();
        let (seat, action) = random_choice(&state, &mut rng, &mut legal);
        let _ = writeln!(
            out,
            "\n#{step} round {} actors {:?} waiting {:?}",
            state.round(),
            state.actors(),
            state.waiting_for()
        );
        let _ = writeln!(out, "view {}", serde_json::to_string(&state.view(Some(seat))).unwrap());
        let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "legal {}", listed.join(" | "));
        let events = game.act_parsed(seat, action).expect("a legal action");
        let _ = writeln!(out, "seat {seat}: {action}");
        for event in events {
            let _ = writeln!(out, "event {}", serde_json::to_string(&event).unwrap());
        }
        step += 1;
    }
    let state = game.state();
    let _ = writeln!(out, "\nover {} winners {:?} scores {:?}", state.is_over(), state.winners(), state.scores());
    out
}

/// Compares `actual` with the file at `path`; with `TAPIS_BLESS=1` in the environment, writes it.
pub fn assert_golden(path: &std::path::Path, actual: &str) {
    if std::env::var_os("TAPIS_BLESS").is_some() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("golden directory");
        }
        std::fs::write(path, actual).expect("golden file written");
        return;
    }
    let expected = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("no golden file {}: run with TAPIS_BLESS=1 to create it", path.display()));
    if expected != actual {
        let line = expected.lines().zip(actual.lines()).position(|(a, b)| a != b);
        panic!(
            "{} differs from the golden file at line {}: expected\n{}\nactual\n{}",
            path.display(),
            line.map_or(expected.lines().count().min(actual.lines().count()) + 1, |l| l + 1),
            line.and_then(|l| expected.lines().nth(l)).unwrap_or("<end>"),
            line.and_then(|l| actual.lines().nth(l)).unwrap_or("<end>"),
        );
    }
}

/// Plays `games` whole matches by uniform random choice through the fast path (the same race rule
/// as the kit) and returns the number of decisions taken. This is what the benchmarks time; it
/// allocates nothing per decision.
pub fn random_playouts<G: Game>(start: &G, games: u64, seed: u64) -> u64 {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut legal = ActionList::new();
    let mut decisions = 0;
    for _ in 0..games {
        let mut state = start.clone();
        while !state.is_over() {
            let (seat, action) = random_choice(&state, &mut rng, &mut legal);
            state.apply_unchecked(seat, action);
            decisions += 1;
        }
    }
    decisions
}

/// Perft (after the chess programs' move-path enumeration): the number of distinct sequences of
/// exactly `depth` legal actions from `state`, where one action is a seat and what it does. At
/// each position the acting seats are taken in seat order (`actors`), and each seat's actions in
/// the order `legal_actions` gives them; in a reaction window, where several seats may act, each
/// of their actions is its own branch (the race is who acts first). A finished match ends a
/// sequence early, so it counts for nothing below its depth. Chance is the deal's own generator,
/// fixed by the match seed, so a count depends only on the rules: a change to what is legal
/// changes it.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut legal = ActionList::new();
    let mut count = 0;
    for seat in state.actors() {
        legal.clear();
        state.legal_actions(seat, &mut legal);
        for &action in &legal {
            if depth == 1 {
                count += 1;
                continue;
            }
            let mut next = state.clone();
            if let Err(e) = next.apply(seat, action) {
                panic!("{}: perft: legal action '{action}' of seat {seat} refused: {e}", G::ID);
            }
            count += perft(&next, depth - 1);
        }
    }
    count
}

/// Checks the perft counts stored at `path` (a game's `tests/perft.txt`): one line per count,
/// `seed players depth count options` (options as a JSON object; `#` starts a comment), each the
/// number of action sequences from the deal of that seed. With `TAPIS_BLESS=1` in the
/// environment, writes the counts found instead (the seeds, players, depths and options stay).
pub fn assert_perft<G: Game>(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("no perft file {}: {e}", path.display()));
    let bless = std::env::var_os("TAPIS_BLESS").is_some();
    let mut blessed = String::new();
    let mut wrong = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), index + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            let _ = writeln!(blessed, "{line}");
            continue;
        }
        let mut fields = line.splitn(5, ' ');
        let mut number = |name: &str| -> u64 {
            let field = fields.next().unwrap_or_else(|| panic!("{}: no {name}", at()));
            field.parse().unwrap_or_else(|_| panic!("{}: {name} is not a whole number: {field:?}", at()))
        };
        let (seed, players, depth, expected) = (number("seed"), number("players"), number("depth"), number("count"));
        let options_text = fields.next().unwrap_or("{}");
        let options: Map<String, Value> = serde_json::from_str(options_text)
            .unwrap_or_else(|e| panic!("{}: the options are not a JSON object: {e}", at()));
        let request = MatchRequest { players: players as usize, seed, dealer: None, options, deal: None };
        let start = Match::<G>::new(&request).unwrap_or_else(|e| panic!("{}: setup refused: {e}", at()));
        let depth = u32::try_from(depth).unwrap_or_else(|_| panic!("{}: depth {depth} is too deep", at()));
        let count = perft(start.state(), depth);
        let _ = writeln!(blessed, "{seed} {players} {depth} {count} {options_text}");
        if count != expected {
            wrong.push(format!("{}: seed {seed}, {players} players, depth {depth}: {count}, not {expected}", at()));
        }
    }
    if bless {
        std::fs::write(path, blessed).expect("perft file written");
    } else {
        assert!(wrong.is_empty(), "perft counts differ (TAPIS_BLESS=1 writes the new ones):\n{}", wrong.join("\n"));
    }
}
