//! Golden records: whole matches played by seeded bots, one per game and per important variant,
//! committed under the game's `tests/records/`, each with its chance outcomes and a hash of what
//! every seat and the spectator see after its setup and after every action. They guard stored
//! matches against tomorrow's code:
//!
//! - replayed from its chance outcomes, a record must show every observer the same views, step
//!   by step: a changed rule fails here, at the first action it plays differently;
//! - replayed from its seed alone, it must draw the very outcomes it stores: a changed generator
//!   or deal procedure fails here (stored matches would still replay from their outcomes, but
//!   new seeds would deal otherwise than the same seeds did);
//! - its rules version must be the game's: a deliberate change bumps the game's
//!   `RULES_VERSION` and regenerates the records, on purpose.
//!
//! Regenerate a game's records with `TAPIS_BLESS=1 cargo test --profile checked -p tapis-<game>
//! golden_records` (then read the diff): each is played again by the game's bots from its
//! listed setup.

use crate::game::Game;
use crate::record::{Match, MatchRequest, Record};
use crate::seat::Seat;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::fmt::Write;
use std::path::Path;

/// One golden record of a game: its file name (without `.json`) and the match's setup.
pub struct GoldenMatch<'a> {
    pub name: &'a str,
    pub players: usize,
    pub seed: u64,
    /// The options given (the record holds every option, defaults included).
    pub options: Value,
}

impl GoldenMatch<'_> {
    fn request(&self) -> MatchRequest {
        let options = self.options.as_object().cloned().unwrap_or_default();
        MatchRequest { players: self.players, seed: self.seed, dealer: None, options, deal: None }
    }
}

/// What every seat and the spectator see, hashed: the first 8 bytes of the SHA-256 of their
/// views' JSON, seat by seat then the spectator, in hexadecimal.
pub fn views_hash<G: Game>(state: &G) -> String {
    let mut hasher = Sha256::new();
    for observer in Seat::all(state.players()).map(Some).chain([None]) {
        hasher.update(serde_json::to_string(&state.view(observer)).unwrap_or_default());
        hasher.update(b"\n");
    }
    hasher.finalize()[..8].iter().fold(String::with_capacity(16), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// Checks every golden record of `matches` under `dir` (with `TAPIS_BLESS=1` in the
/// environment: plays each again with `play` and writes it). Returns the steps checked.
pub fn assert_golden_records<G: Game>(
    dir: &Path,
    matches: &[GoldenMatch],
    play: impl Fn(&MatchRequest) -> Record,
) -> usize {
    let bless = std::env::var_os("TAPIS_BLESS").is_some();
    let mut steps = 0;
    for golden in matches {
        let path = dir.join(format!("{}.json", golden.name));
        if bless {
            std::fs::create_dir_all(dir).expect("the records' folder");
            let record = play(&golden.request());
            let mut views = Vec::new();
            Match::<G>::load_each(&record, |m| views.push(views_hash(m.state())))
                .unwrap_or_else(|e| panic!("{}: a match just played does not replay: {e}", golden.name));
            std::fs::write(&path, write_golden(&record, &views)).expect("golden record written");
        }
        steps += check_golden::<G>(golden, &path);
    }
    steps
}

/// One golden record checked: the steps it holds.
fn check_golden<G: Game>(golden: &GoldenMatch, path: &Path) -> usize {
    let name = golden.name;
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("no golden record {}: TAPIS_BLESS=1 writes it", path.display()));
    let file: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
    let record: Record = serde_json::from_value(file["record"].clone())
        .unwrap_or_else(|e| panic!("{}: not a record: {e}", path.display()));
    let views: Vec<String> = serde_json::from_value(file["views"].clone())
        .unwrap_or_else(|e| panic!("{}: no view hashes: {e}", path.display()));
    let request = golden.request();
    let given = request.options.iter().all(|(key, value)| record.options.get(key) == Some(value));
    assert!(
        record.game == G::ID && record.players == request.players && record.seed == request.seed && given,
        "{name}: the record is not the match listed for it (TAPIS_BLESS=1 plays it again)"
    );
    assert_eq!(
        record.rules,
        Some(G::RULES_VERSION),
        "{name}: recorded under another rules version than the game's: a deliberate change of the rules \
         regenerates the golden records (TAPIS_BLESS=1)"
    );
    let chance = record.chance.as_deref().unwrap_or_else(|| panic!("{name}: the record keeps no chance outcomes"));
    let mut step = 0;
    let mut first_difference = None;
    Match::<G>::load_each(&record, |m| {
        if first_difference.is_none() && views.get(step) != Some(&views_hash(m.state())) {
            first_difference = Some(step);
        }
        step += 1;
    })
    .unwrap_or_else(|e| panic!("{name}: the golden record does not replay from its outcomes: {e}"));
    if let Some(step) = first_difference {
        panic!(
            "{name}: after {}, what the seats see differs from the golden record: the rules play it differently",
            moment(&record, step)
        );
    }
    assert_eq!(step, views.len(), "{name}: the record holds {} steps, its views {}", step, views.len());
    let seeded = Record { chance: None, ..record.clone() };
    let replayed = Match::<G>::load(&seeded).unwrap_or_else(|e| {
        panic!("{name}: from its seed alone the record does not replay ({e}): the generator or a deal changed")
    });
    let drawn = replayed.record().chance.as_deref().unwrap_or_default();
    if let Some(i) = (0..chance.len().max(drawn.len())).find(|&i| chance.get(i) != drawn.get(i)) {
        let at = chance.get(i).or(drawn.get(i)).map_or(0, |o| o.at);
        panic!(
            "{name}: from its seed alone, chance[{i}] ({}) comes out otherwise than stored: the generator or a \
             deal procedure changed",
            moment(&record, at as usize)
        );
    }
    step
}

/// "the setup", or "action 17 ([2, "play 7H"])".
fn moment(record: &Record, step: usize) -> String {
    match step.checked_sub(1).and_then(|i| record.actions.get(i)) {
        None => "the setup".into(),
        Some((seat, action)) => format!("action {step} ([{seat}, \"{action}\"])"),
    }
}

/// The file: the record, one action and one outcome a line, and the view hashes, one a line (so
/// that a diff shows where a match changed).
fn write_golden(record: &Record, views: &[String]) -> String {
    let mut head = match serde_json::to_value(record) {
        Ok(Value::Object(fields)) => fields,
        _ => Map::new(),
    };
    head.remove("actions");
    head.remove("chance");
    let head = Value::Object(head).to_string();
    let lines = |items: Vec<String>| items.join(",\n    ");
    let actions = lines(record.actions.iter().map(|a| serde_json::to_string(a).unwrap_or_default()).collect());
    let chance = record.chance.as_deref().unwrap_or_default();
    let chance = lines(chance.iter().map(|o| serde_json::to_string(o).unwrap_or_default()).collect());
    let views = views.iter().map(|v| format!("\"{v}\"")).collect::<Vec<_>>().join(",\n    ");
    format!(
        "{{\n  \"record\": {},\n  \"actions\": [\n    {actions}\n  ],\n  \"chance\": [\n    {chance}\n  ]}},\n  \"views\": [\n    {views}\n  ]\n}}\n",
        &head[..head.len() - 1]
    )
}
