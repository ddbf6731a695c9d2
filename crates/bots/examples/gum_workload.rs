//! Fixed-count workloads of Battle GUM for instruction counts that do not depend on the
//! machine's load (`valgrind --tool=callgrind`), the same work `tapis bench` times:
//!
//! * `gum_workload random BATCHES`: random self-play of the seeded 4-player match, 20 playouts per
//!   batch from the deal of seed `1 + batch`, as `tapis bench gum --players 4`;
//! * `gum_workload ismcts ITERATIONS`: one ISMCTS search of that many iterations from the first
//!   decision of the seed-1 match, as `tapis bench gum --players 4 --ismcts`.
//!
//! Prints the decisions (or iterations) done and the move chosen, so two builds can be checked
//! to do the same work:
//!
//! ```text
//! cargo build --release -p tapis-bots --example gum_workload
//! valgrind --tool=callgrind target/release/examples/gum_workload random 100    # 576,478 decisions
//! valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes target/release/examples/gum_workload random 100
//! valgrind --tool=callgrind target/release/examples/gum_workload ismcts 2000
//! ```

use tapis_core::{Game, GameRng, Match, MatchRequest, Seat};
use tapis_gum::Gum;

fn request(seed: u64) -> MatchRequest {
    MatchRequest { players: 4, seed, dealer: None, options: Default::default(), deal: None }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    match args.first().map(String::as_str) {
        Some("random") => {
            let mut decisions = 0;
            for batch in 0..count {
                let Ok(first) = Match::<Gum>::new(&request(1 + batch)) else { std::process::exit(2) };
                decisions += tapis_core::kit::random_playouts(first.state(), 20, batch);
            }
            println!("{decisions} decisions");
        }
        Some("ismcts") => {
            let Ok(first) = Match::<Gum>::new(&request(1)) else { std::process::exit(2) };
            let state = first.state();
            let seat = state.waiting_for().first().unwrap_or(Seat(0));
            let view = state.view(Some(seat));
            let mut rng = GameRng::seed_from_u64(1);
            let iterations = u32::try_from(count).unwrap_or(u32::MAX);
            let result = tapis_bots::ismcts::search::<Gum>(&view, seat, None, iterations, &mut rng, &|| false);
            println!("{} iterations, chose {:?}", result.iterations, result.action);
        }
        _ => {
            eprintln!("usage: gum_workload random BATCHES | gum_workload ismcts ITERATIONS");
            std::process::exit(2);
        }
    }
}
