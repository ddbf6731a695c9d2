//! What every fuzz target checks of a match it reached: the promises of `tapis_table::AnyMatch`
//! that hold whatever was asked of it.
//!
//! - Every action a seat is offered is accepted; anything else is refused with words in French
//!   and English, and changes nothing (the record and the whole state stay as they were).
//! - A match that is not over waits for someone; a match that is over offers nobody anything.
//! - Every view (the game's, the client's, the terminal's) can be built for every seat and for a
//!   spectator, and the client view is JSON.
//! - The record replays to the same state.

use arbitrary::Arbitrary;
use serde_json::{Map, Value};
use tapis_core::{Lang, MatchRequest, OptionKind, Seat, Words};
use tapis_table::{AnyMatch, GameId};

/// One option value as a fuzzer proposes it: mostly values the option's kind accepts, sometimes
/// anything, so that both the accepted paths and the refusals are reached.
#[derive(Arbitrary, Debug)]
pub enum OptionValue {
    /// The n-th accepted value of the option's kind (wrapping).
    Accepted(u16),
    Bool(bool),
    Int(i64),
    Text(String),
}

#[derive(Arbitrary, Debug)]
pub struct Setup {
    pub game: u8,
    pub players: u8,
    pub seed: u64,
    pub dealer: Option<u8>,
    /// (which of the game's options, wrapping; its value). An index past the game's options
    /// gives an unknown key.
    pub options: Vec<(u8, OptionValue)>,
}

impl Setup {
    pub fn game(&self) -> GameId {
        GameId::ALL[self.game as usize % GameId::ALL.len()]
    }

    /// The request: player counts from 0 to 9 (most games take 2–7), options as proposed.
    pub fn request(&self) -> MatchRequest {
        let specs = self.game().option_specs();
        let mut options = Map::new();
        for (which, value) in &self.options {
            let (key, kind) = match specs.get(*which as usize) {
                Some(spec) => (spec.key.to_string(), Some(spec.kind)),
                None => (format!("unknown_{which}"), None),
            };
            options.insert(key, option_value(kind, value));
        }
        MatchRequest { players: self.players as usize % 10, seed: self.seed, dealer: self.dealer, options, deal: None }
    }
}

fn option_value(kind: Option<OptionKind>, value: &OptionValue) -> Value {
    match (kind, value) {
        (Some(OptionKind::Bool), OptionValue::Accepted(n)) => Value::Bool(n % 2 == 1),
        (Some(OptionKind::Choice(values)), OptionValue::Accepted(n)) => {
            Value::String(values[*n as usize % values.len()].key.to_string())
        }
        (Some(OptionKind::Ints(values)), OptionValue::Accepted(n)) => Value::from(values[*n as usize % values.len()]),
        (Some(OptionKind::Range { min, max }), OptionValue::Accepted(n)) => {
            Value::from(min + (*n as i64) % (max - min + 1))
        }
        (_, OptionValue::Accepted(n)) => Value::from(*n),
        (_, OptionValue::Bool(b)) => Value::Bool(*b),
        (_, OptionValue::Int(i)) => Value::from(*i),
        (_, OptionValue::Text(t)) => Value::String(t.clone()),
    }
}

/// One step of a fuzzed match.
#[derive(Arbitrary, Debug)]
pub enum Step {
    /// The seat (wrapping over the players and one more, a seat not at the table) plays the n-th
    /// of its legal actions (wrapping), if it has any.
    Legal { seat: u8, pick: u16 },
    /// The seat sends this text as its action.
    Text { seat: u8, text: String },
    /// The seat sends one of its legal actions cut short or with a character changed.
    Mangled { seat: u8, pick: u16, cut: u8, replace: char },
}

/// Plays the steps on the match, checking every promise after each one.
pub fn play(m: &mut AnyMatch, steps: &[Step]) {
    check(m);
    for step in steps {
        let seats = m.players() + 1;
        match step {
            Step::Legal { seat, pick } => {
                let seat = Seat((*seat as usize % seats) as u8);
                let legal = m.legal(seat);
                if legal.is_empty() {
                    try_text(m, seat, "x");
                    continue;
                }
                let action = &legal[*pick as usize % legal.len()];
                let before = m.seq();
                if let Err(e) = m.act(seat, action) {
                    panic!("{:?} refused its own legal action {action:?}: {e:?}", seat);
                }
                assert_eq!(m.seq(), before + 1);
            }
            Step::Text { seat, text } => try_text(m, Seat((*seat as usize % seats) as u8), text),
            Step::Mangled { seat, pick, cut, replace } => {
                let seat = Seat((*seat as usize % seats) as u8);
                let legal = m.legal(seat);
                let base = legal.get(*pick as usize % legal.len().max(1)).cloned().unwrap_or_default();
                let mut chars: Vec<char> = base.chars().collect();
                let at = *cut as usize % (chars.len() + 1);
                if *cut >= 128 && at < chars.len() {
                    chars[at] = *replace;
                } else {
                    chars.truncate(at);
                }
                try_text(m, seat, &chars.into_iter().collect::<String>());
            }
        }
        check(m);
    }
    let replayed = AnyMatch::load(m.record()).expect("a match's own record loads");
    assert_eq!(replayed.state_json(), m.state_json(), "the record replays to the same state");
}

/// Any text: accepted only if the seat could act, refused with words otherwise, and a refusal
/// changes nothing.
fn try_text(m: &mut AnyMatch, seat: Seat, text: &str) {
    let could_act = !m.legal(seat).is_empty();
    let before = (m.seq(), m.state_json());
    match m.act(seat, text) {
        Ok(_) => {
            assert!(could_act, "{seat:?} acted with {text:?} while it had no legal action");
            assert_eq!(m.seq(), before.0 + 1);
        }
        Err(e) => {
            assert!(!e.message(Lang::Fr).is_empty() && !e.message(Lang::En).is_empty());
            assert_eq!((m.seq(), m.state_json()), before, "a refused action changed the match");
        }
    }
}

/// The promises that hold between actions.
pub fn check(m: &AnyMatch) {
    let players = m.players();
    let status = m.status();
    assert_eq!(status.scores.len(), players);
    let offered: Vec<Vec<String>> = (0..players).map(|s| m.legal(Seat(s as u8))).collect();
    if m.is_over() {
        assert!(offered.iter().all(Vec::is_empty), "a finished match offers an action");
    } else {
        assert!(offered.iter().any(|l| !l.is_empty()), "a match that is not over waits for nobody");
        assert!(!status.waiting.is_empty() || !status.actors.is_empty());
    }
    assert!(m.legal(Seat(players as u8)).is_empty(), "a seat not at the table is offered an action");
    let names: Vec<String> = (0..players).map(|s| format!("P{s}")).collect();
    for observer in (0..players).map(|s| Some(Seat(s as u8))).chain([None]) {
        let mut text = Vec::new();
        m.write_client_view(observer, 1, None, &names, &mut text);
        let parsed: Value = serde_json::from_slice(&text).expect("the client view is JSON");
        assert_eq!(parsed, m.client_view(observer, 1, None, &names));
        let _ = m.view_json(observer);
        for lang in [Lang::Fr, Lang::En] {
            let words = Words::new(lang, &names, observer);
            assert!(!m.render_view(observer, &words).is_empty());
        }
    }
    for (s, legal) in offered.iter().enumerate() {
        let words = m.legal_words(Seat(s as u8), &names);
        assert_eq!(words.len(), legal.len());
        for w in &words {
            assert!(!w.fr.is_empty() && !w.en.is_empty(), "{:?} has no words", w.action);
        }
    }
}
