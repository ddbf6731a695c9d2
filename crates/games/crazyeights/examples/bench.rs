//! Random self-play speed of `crazyeights`, counted the way OpenSpiel counts its history, for
//! `scripts/bench_openspiel.sh`: every match is set up from its own seed (dealer choice and deal
//! included, as `pyspiel.evaluate_bots` starts from a fresh initial state) and played to the end
//! by uniform random choices.
//!
//! `cargo run --release -p tapis-crazyeights --example bench -- '{"players": 4}' 3`
//! prints `{"games":…,"decisions":…,"chance":…,"seconds":…}`. A third argument stops after that
//! many matches (a multiple of 256) whatever the time, for instruction counts that do not depend
//! on the machine's load: `valgrind --tool=callgrind bench '{"players": 5}' 1000 25600`.

use serde_json::{Map, Value};
use tapis_core::{ActionList, Game, GameRng, Seat, Setup};
use tapis_crazyeights::CrazyEights;

#[allow(clippy::disallowed_methods)] // a benchmark measures time; the game itself never does
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let params: Map<String, Value> = args.first().and_then(|p| serde_json::from_str(p).ok()).unwrap_or_default();
    let seconds: f64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let max_games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
    let players = params.get("players").and_then(Value::as_u64).unwrap_or(5) as usize;
    let mut given = params.clone();
    given.remove("players");
    let options = match CrazyEights::parse_options(&given) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("bad parameters: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = GameRng::seed_from_u64(1);
    let mut legal = ActionList::new();
    let (mut games, mut decisions, mut chance) = (0u64, 0u64, 0u64);
    let clock = std::time::Instant::now();
    while games < max_games && clock.elapsed().as_secs_f64() < seconds {
        // Check the clock every 256 matches only.
        for _ in 0..256 {
            let setup = Setup { players, seed: games, dealer: None, options, deal: None };
            let Ok(mut game) = CrazyEights::new_match(setup) else { std::process::exit(2) };
            while !game.is_over() {
                let seat: Seat = game.current();
                game.legal_actions(seat, &mut legal);
                let action = legal[rng.index(legal.len())];
                game.apply_unchecked(seat, action);
            }
            let history = game.history_len();
            let moves = u64::from(game.decisions());
            decisions += moves;
            chance += history - moves;
            games += 1;
        }
    }
    let elapsed = clock.elapsed().as_secs_f64();
    println!("{{\"games\":{games},\"decisions\":{decisions},\"chance\":{chance},\"seconds\":{elapsed:.3}}}");
}
