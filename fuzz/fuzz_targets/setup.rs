//! A match asked for with any JSON request (options, dealer, a deal of any shape): created, or
//! refused in French and English; a created match keeps every promise.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{Map, Value};
use tapis_core::{Lang, MatchRequest};
use tapis_table::{AnyMatch, GameId};

fuzz_target!(|input: (u8, &[u8])| {
    let (game, json) = input;
    let game = GameId::ALL[game as usize % GameId::ALL.len()];
    let Ok(Value::Object(request)) = serde_json::from_slice::<Value>(json) else { return };
    let number = |key: &str| request.get(key).and_then(Value::as_u64);
    let request = MatchRequest {
        players: number("players").unwrap_or(4) as usize,
        seed: number("seed").unwrap_or(0),
        dealer: number("dealer").map(|d| d as u8),
        options: request.get("options").and_then(Value::as_object).cloned().unwrap_or_else(Map::new),
        deal: request.get("deal").cloned(),
    };
    match AnyMatch::new(game, &request) {
        Ok(m) => tapis_fuzz::check(&m),
        Err(e) => assert!(!e.message(Lang::Fr).is_empty() && !e.message(Lang::En).is_empty()),
    }
});
