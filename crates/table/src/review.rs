//! A seat's review of a recorded match as the outside world reads it: one JSON object, the same
//! from `tapis review --json` and from the server (`GET /api/rooms/{room}/review`), with each
//! move in the record's notation and in words. The search is [`tapis_bots::review`].

use crate::registry::{GameId, UnknownGame};
use serde_json::{Value, json};
use tapis_bots::ismcts::RootEdge;
use tapis_bots::review::{Decision, Grade, Hint, ReviewError};
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

/// The hard bot's advice to `seat` at the end of `record` (the match as it stands), searched with
/// `budget` iterations drawn from `seed`: `None` when the seat has no choice. The object holds
/// the advised move and the next best (each in notation, in words and with its chance), how sure
/// the bot is (`sure`, `likely`, `toss_up`), the sentence a table shows (`text`) and the same in
/// a line a footer holds (`short`). Moves are worded for the seat, with the table's `names`
/// (« écarter Denis comme premier joueur », the seat itself as « vous »).
pub fn hint_json(
    record: &Record,
    seat: Seat,
    names: &[String],
    budget: u32,
    seed: u64,
) -> Result<Option<Value>, ReviewRefusal> {
    let game: GameId = record.game.parse().map_err(ReviewRefusal::UnknownGame)?;
    crate::on_game!(game, G => {
        let played = tapis_core::Match::<G>::load(record).map_err(|e| ReviewRefusal::Review(ReviewError::Record(e)))?;
        if seat.index() >= record.players {
            return Err(ReviewRefusal::Review(ReviewError::Seat { seat: seat.0, players: record.players }));
        }
        let hint = tapis_bots::review::hint::<G>(played.state(), seat, budget, seed);
        Ok(hint.map(|hint| hint_to_json::<G>(&hint, seat, names)))
    })
}

fn hint_to_json<G: FullGame>(hint: &Hint<G::Action>, seat: Seat, names: &[String]) -> Value {
    use tapis_bots::review::Sureness;
    let said = |a: Option<G::Action>, lang: Lang| match a {
        Some(a) => G::describe_action(a, &Words::new(lang, names, Some(seat))),
        None => lang.pick("laisser passer", "let it pass").to_string(),
    };
    let pct = |c: f64, lang: Lang| {
        let n = (c * 100.0).round() as i64;
        lang.pick(&format!("{n}\u{a0}%"), &format!("{n}%")).to_string()
    };
    let (best, next, sure) = (hint.best(), hint.next_best(), hint.sureness());
    let sentence = |lang: Lang| {
        let move_and_chance =
            format!("{} ({} {}", said(best.action, lang), lang.pick("chance", "chance"), pct(best.mean, lang));
        let against = match next {
            Some(next) => lang
                .pick(
                    &format!(", contre {} pour {})", pct(next.mean, lang), said(next.action, lang)),
                    &format!(", against {} for {})", pct(next.mean, lang), said(next.action, lang)),
                )
                .to_string(),
            None => ")".to_string(),
        };
        let how = match sure {
            Sureness::Sure => lang.pick("\u{a0}; il en est sûr.", "; it is sure of it."),
            Sureness::Likely => {
                lang.pick("\u{a0}; il le pense, sans en être sûr.", "; it thinks so, without being sure.")
            }
            Sureness::TossUp => lang.pick("\u{a0}; les deux se valent à peu près.", "; the two are about as good."),
        };
        let lead = lang.pick("Le bot difficile jouerait\u{a0}: ", "The hard bot would play: ");
        format!("{lead}{move_and_chance}{against}{how}")
    };
    let option = |e: RootEdge<G::Action>| {
        json!({
            "action": e.action.map(|a| a.to_string()),
            "text": {"fr": said(e.action, Lang::Fr), "en": said(e.action, Lang::En)},
            "chance": e.mean,
        })
    };
    // The same in a line a footer holds: « Conseil : poser 2♥ — 39 % contre 38 %, au coude à coude ».
    let short = |lang: Lang| {
        let mut line =
            format!("{}{} — {}", lang.pick("Conseil\u{a0}: ", "Hint: "), said(best.action, lang), pct(best.mean, lang));
        if let Some(next) = next {
            let how = match sure {
                Sureness::Sure => lang.pick("sûr", "sure"),
                Sureness::Likely => lang.pick("probable", "likely"),
                Sureness::TossUp => lang.pick("au coude à coude", "a toss-up"),
            };
            line += &format!(" {} {}, {how}", lang.pick("contre", "against"), pct(next.mean, lang));
        }
        line
    };
    json!({
        "best": option(best),
        "next": next.map(option),
        "short": {"fr": short(Lang::Fr), "en": short(Lang::En)},
        "sure": match sure { Sureness::Sure => "sure", Sureness::Likely => "likely", Sureness::TossUp => "toss_up" },
        "text": {"fr": sentence(Lang::Fr), "en": sentence(Lang::En)},
    })
}
