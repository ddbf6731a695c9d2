//! `tapis review RECORD --seat N`: one seat's decisions in a recorded match, read by the search
//! from that seat's information ([`tapis_bots::review`]), in words or as the JSON the server
//! gives ([`tapis_table::review`]).

use crate::exit::{Stdout, usage};
use anyhow::Result;
use serde_json::Value;
use std::io::Write;
use tapis_core::{Lang, Record, Seat, Words, grouped};
use tapis_table::review::{Threads, review_json};

/// What `tapis review` was asked.
pub struct ReviewConfig {
    pub seat: Seat,
    /// Iterations per decision.
    pub budget: u32,
    pub seed: u64,
    pub threads: usize,
    pub json: bool,
    pub lang: Lang,
}

/// Reviews `record` for the configured seat and prints it.
pub fn review(record: &Record, config: &ReviewConfig) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(config.threads).build()?;
    let found = pool.install(|| review_json(record, config.seat, config.budget, config.seed, Threads::Rayon));
    let review = found.map_err(|e| usage(e.message(config.lang)))?;
    let mut out = Stdout::new();
    if config.json {
        writeln!(out, "{review}")?;
    } else {
        write!(out, "{}", in_words(&review, record, config))?;
    }
    out.flush()?;
    Ok(())
}

/// A chance as a whole percentage: « 41 % », "41%".
fn percent(chance: f64, lang: Lang) -> String {
    let n = (chance * 100.0).round() as i64;
    lang.pick(&format!("{n}\u{a0}%"), &format!("{n}%")).to_string()
}

/// The review as people read it: a line for each decision, the marked ones flagged, and a
/// summary.
fn in_words(review: &Value, record: &Record, config: &ReviewConfig) -> String {
    let lang = config.lang;
    let words = Words::plain(lang);
    let text = |v: &Value| v[lang.pick("fr", "en")].as_str().unwrap_or_default().to_string();
    let name = record.game.parse::<tapis_table::GameId>().map_or(record.game.clone(), |g| g.short_name(lang).into());
    let budget = grouped(config.budget, lang);
    let (seat, players, seed) = (config.seat.0, record.players, config.seed);
    let mut page = lang
        .pick(
            &format!("Revue du siège {seat} ({name} à {players} joueurs)\u{a0}: {budget} itérations par décision, graine {seed}\n"),
            &format!("Review of seat {seat} ({name}, {players} players): {budget} iterations per decision, seed {seed}\n"),
        )
        .to_string();
    page += lang.pick(
        "La chance d’un coup\u{a0}: le rang moyen qu’il donne dans la manche (100\u{a0}%\u{a0}: premier), selon le bot \
         difficile, qui ne voit que ce que ce siège voyait.\n\n",
        "A move's chance: the mean rank it gives in the round (100%: first), as the hard bot reads it, seeing only \
         what this seat could see.\n\n",
    );
    let decisions = review["decisions"].as_array().map(Vec::as_slice).unwrap_or_default();
    for d in decisions {
        let (index, round) = (&d["index"], &d["round"]);
        let played =
            format!("{} ({})", text(&d["played_text"]), percent(d["played_chance"].as_f64().unwrap_or(0.0), lang));
        let line = if d["best"] == d["played"] {
            lang.pick(
                &format!("coup {index}, manche {round}\u{a0}: {played}, le meilleur"),
                &format!("move {index}, round {round}: {played}, the best"),
            )
            .to_string()
        } else {
            let best = format!("{} ({})", text(&d["best_text"]), percent(d["chance"].as_f64().unwrap_or(0.0), lang));
            let mark = match d["grade"].as_str() {
                Some("inaccuracy") => lang.pick("  ← imprécision", "  ← inaccuracy"),
                Some("mistake") => lang.pick("  ← erreur", "  ← mistake"),
                Some("blunder") => lang.pick("  ← gaffe", "  ← blunder"),
                _ => "",
            };
            lang.pick(
                &format!("coup {index}, manche {round}\u{a0}: {played}\u{a0}; le meilleur\u{a0}: {best}{mark}"),
                &format!("move {index}, round {round}: {played}; the best: {best}{mark}"),
            )
            .to_string()
        };
        page += &line;
        page.push('\n');
    }
    let summary = &review["summary"];
    let n = |key: &str| summary[key].as_i64().unwrap_or(0);
    let loss = (summary["mean_loss"].as_f64().unwrap_or(0.0) * 100.0).round() as i64;
    let parts = [
        words.count(n("decisions"), "décision", "décisions", "decision", "decisions"),
        [
            words.count(n("inaccuracies"), "imprécision", "imprécisions", "inaccuracy", "inaccuracies"),
            words.count(n("mistakes"), "erreur", "erreurs", "mistake", "mistakes"),
            words.count(n("blunders"), "gaffe", "gaffes", "blunder", "blunders"),
        ]
        .join(", "),
        format!(
            "{} {}",
            lang.pick("perte moyenne", "mean loss"),
            words.count(loss, "point", "points", "point", "points")
        ),
    ];
    page += &format!("\n{}\n", parts.join(lang.pick("\u{a0}; ", "; ")));
    page
}
