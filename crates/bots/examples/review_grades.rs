//! The data behind the review's grades (docs/review.md): for each game, whole matches at 4
//! players where seat 0 is a random player, the heuristic or the hard bot and the others play
//! the heuristic, seat 0's decisions reviewed at the default budget; prints, per game and
//! player, the mean loss, how many decisions lose at least 5, 10, 15 and 20 points of chance,
//! and how many the review marks in each grade.
//!
//! Usage: cargo run --release -p tapis-bots --example review_grades [MATCHES]   (default 10)

use tapis_bots::BotKind;
use tapis_bots::review::{DEFAULT_BUDGET, review_par};
use tapis_core::rng::game_seed;
use tapis_core::{Encoding, GameRng, Heuristic, Match, MatchRequest, Seat};

fn study<G: Heuristic + Encoding>(matches: u64) {
    let players = [
        ("random", BotKind::Random),
        ("heuristic", BotKind::Heuristic),
        ("ismcts:5000", BotKind::Ismcts(tapis_bots::HARD_ISMCTS_ITERATIONS)),
    ];
    for (name, bot) in players {
        let bots = [bot, BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic];
        let mut losses = Vec::new();
        let mut marked = [0usize; 3];
        for index in 0..matches {
            let seed = game_seed(2026, index);
            let request = MatchRequest { players: 4, seed, ..MatchRequest::default() };
            let mut m = Match::<G>::new(&request).expect("a default match");
            let mut rng = GameRng::seed_from_u64(seed);
            for _ in 0..tapis_bots::MAX_DECISIONS {
                let Some((seat, action)) = tapis_bots::next_move(m.state(), &bots, &mut rng) else { break };
                m.act_parsed(seat, action).expect("a bot plays a legal move");
            }
            let decisions = review_par::<G>(m.record(), Seat(0), DEFAULT_BUDGET, seed).expect("the record replays");
            for d in decisions {
                losses.push(d.loss);
                if let Some(grade) = d.grade {
                    marked[grade as usize] += 1;
                }
            }
        }
        let n = losses.len().max(1) as f64;
        let share = |at: f64| 100.0 * losses.iter().filter(|&&l| l >= at).count() as f64 / n;
        let mean = losses.iter().sum::<f64>() / n;
        println!(
            "| {} | {name} | {} | {:.1} | {:.1}% | {:.1}% | {:.1}% | {:.1}% | {} / {} / {} |",
            G::ID,
            losses.len(),
            100.0 * mean,
            share(0.05),
            share(0.10),
            share(0.15),
            share(0.20),
            marked[0],
            marked[1],
            marked[2],
        );
    }
}

fn main() {
    let matches = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(10);
    println!(
        "| game | seat 0 | decisions | mean loss (points) | ≥ 5 | ≥ 10 | ≥ 15 | ≥ 20 | marked (inacc. / mist. / blund.) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    study::<tapis_nantais::Nantais>(matches);
    study::<tapis_nurmut::NurMut>(matches);
    study::<tapis_gum::Gum>(matches);
    study::<tapis_nainjaune::NainJaune>(matches);
    study::<tapis_njet::Njet>(matches);
    study::<tapis_crazyeights::CrazyEights>(matches);
}
