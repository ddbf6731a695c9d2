//! A seat's review of a recorded match as the outside world reads it: one JSON object, the same
//! from `tapis review --json` and from the server (`GET /api/rooms/{room}/review`), with each
//! move in the record's notation and in words. The search is [`tapis_bots::review`].

use crate::registry::{GameId, UnknownGame};
use serde_json::{Value, json};
use tapis_bots::ismcts::RootEdge;
use tapis_bots::review::{Decision, Grade, ReviewError};
use tapis_core::{FullGame, Lang, Record, Seat, Words};

/// Where a review's decisions are searched: in order on the caller's thread, or on rayon's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    Caller,
    Rayon,
}

/// Why a record was not reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewRefusal {
    UnknownGame(UnknownGame),
    Review(ReviewError),
}

impl ReviewRefusal {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ReviewRefusal::UnknownGame(e) => e.message(lang),
            ReviewRefusal::Review(ReviewError::Record(e)) => e.message(lang),
            ReviewRefusal::Review(ReviewError::Seat { seat, players }) => match lang {
                Lang::Fr => {
                    format!("le siège {seat} n’est pas à cette table\u{a0}: ses sièges vont de 0 à {}", players - 1)
                }
                Lang::En => format!("seat {seat} is not at this table: its seats are 0 to {}", players - 1),
            },
        }
    }
}

/// The review of `seat` in `record` with `budget` iterations a decision, drawn from `seed`.
pub fn review_json(
    record: &Record,
    seat: Seat,
    budget: u32,
    seed: u64,
    threads: Threads,
) -> Result<Value, ReviewRefusal> {
    let game: GameId = record.game.parse().map_err(ReviewRefusal::UnknownGame)?;
    crate::on_game!(game, G => {
        let decisions = match threads {
            Threads::Caller => tapis_bots::review::review::<G>(record, seat, budget, seed),
            Threads::Rayon => tapis_bots::review::review_par::<G>(record, seat, budget, seed),
        };
        decisions.map(|d| to_json::<G>(record, seat, budget, seed, &d)).map_err(ReviewRefusal::Review)
    })
}

/// The review as one object: the match, the seat, the budget, seed and grade thresholds, every
/// decision with its options (actions in the record's notation, `null` for letting a window
/// pass; `chance` in [0, 1]) and a summary.
fn to_json<G: FullGame>(
    record: &Record,
    seat: Seat,
    budget: u32,
    seed: u64,
    decisions: &[Decision<G::Action>],
) -> Value {
    let action = |a: Option<G::Action>| a.map_or(Value::Null, |a| Value::String(a.to_string()));
    let words = |a: Option<G::Action>| match a {
        Some(a) => json!({
            "fr": G::describe_action(a, &Words::plain(Lang::Fr)),
            "en": G::describe_action(a, &Words::plain(Lang::En)),
        }),
        None => json!({"fr": "laisser passer", "en": "let it pass"}),
    };
    let option = |e: &RootEdge<G::Action>| json!({"action": action(e.action), "text": words(e.action), "visits": e.visits, "chance": e.mean, "stderr": e.stderr});
    let list: Vec<Value> = decisions
        .iter()
        .map(|d| {
            json!({
                "index": d.index,
                "round": d.round,
                "played": d.played.to_string(),
                "played_text": words(Some(d.played)),
                "played_chance": d.played_chance,
                "best": action(d.best),
                "best_text": words(d.best),
                "chance": d.chance,
                "loss": d.loss,
                "grade": d.grade.map(Grade::key),
                "options": d.options.iter().map(option).collect::<Vec<_>>(),
            })
        })
        .collect();
    let of = |grade| decisions.iter().filter(|d| d.grade == Some(grade)).count();
    let mean_loss =
        if decisions.is_empty() { 0.0 } else { decisions.iter().map(|d| d.loss).sum::<f64>() / decisions.len() as f64 };
    json!({
        "game": G::ID,
        "players": record.players,
        "seat": seat.0,
        "budget": budget,
        "seed": seed,
        "thresholds": {"inaccuracy": Grade::INACCURACY, "mistake": Grade::MISTAKE, "blunder": Grade::BLUNDER},
        "decisions": list,
        "summary": {
            "decisions": decisions.len(),
            "inaccuracies": of(Grade::Inaccuracy),
            "mistakes": of(Grade::Mistake),
            "blunders": of(Grade::Blunder),
            "mean_loss": mean_loss,
        },
    })
}
