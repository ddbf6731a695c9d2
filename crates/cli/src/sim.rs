//! `tapis sim` (self-play statistics) and `tapis bench` (raw engine throughput).
//! The only clock reads of the project are here, outside the engine: they time runs, they never
//! decide anything.

use crate::arena::interval;
use crate::exit::{Stdout, usage};
use anyhow::{Context, Result, anyhow};
use comfy_table::Table;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::Write;
use std::time::{Duration, Instant};
use tapis_bots::sim::{SimConfig, SimReport, check_config, report, run};
use tapis_core::{FullGame, Match, MatchRequest};

/// How to print, where to plot and where to write the matches.
pub struct SimOutput<'a> {
    pub threads: usize,
    pub json: bool,
    pub csv: bool,
    pub progress: bool,
    pub plot: Option<&'a std::path::Path>,
    /// One row per match to this CSV or JSON-lines file.
    pub matches: Option<&'a std::path::Path>,
}

/// Runs a simulation and prints the table (or JSON, or CSV).
pub fn simulate<G: FullGame>(config: &SimConfig, output: &SimOutput) -> Result<()> {
    check_config::<G>(config).map_err(usage)?;
    let mut rows = output
        .matches
        .map(|path| crate::matches::MatchFile::create(path, G::ID, &config.bots, G::COUNTERS))
        .transpose()?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(output.threads).build()?;
    let bar = if output.progress { ProgressBar::new(config.games) } else { ProgressBar::hidden() };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} matches  {per_sec}  eta {eta}").expect("a valid template"),
    );
    #[allow(clippy::disallowed_methods)] // timing the run, outside the engine
    let start = Instant::now();
    let totals = pool.install(|| match rows.as_mut() {
        Some(rows) => run::<G>(config, &|| bar.inc(1), Some(&mut |outcome| rows.write("", &config.options, outcome))),
        None => run::<G>(config, &|| bar.inc(1), None),
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    rows.map(crate::matches::MatchFile::finish).transpose()?;
    let report = report::<G>(config, &totals);
    let per_second = report.decisions as f64 / elapsed.max(1e-9);
    if let Some(path) = output.plot {
        plot_seats(&report, path)?;
    }
    let mut out = Stdout::new();
    if output.json {
        let mut value = serde_json::to_value(&report)?;
        value["seconds"] = json!(elapsed);
        value["threads"] = json!(output.threads);
        value["decisions_per_second"] = json!(per_second);
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        out.flush()?;
        return Ok(());
    }
    if output.csv {
        write!(out, "{}", csv(&report))?;
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "{} — {} players, {} matches, seed {}, options {}",
        G::NAME,
        config.players,
        report.games,
        config.seed,
        serde_json::Value::Object(config.options.clone())
    )?;
    let mut table = Table::new();
    table.set_header(["seat", "bot", "win share", "95% interval", "mean score", "95% interval"]);
    for seat in &report.seats {
        table.add_row([
            seat.seat.to_string(),
            seat.bot.to_string(),
            format!("{:.2}%", seat.win_share * 100.0),
            interval([seat.ci_low, seat.ci_high], |x| format!("{:.2}%", x * 100.0)),
            format!("{:.2}", seat.mean_score),
            interval(seat.score_ci, |x| format!("{x:.2}")),
        ]);
    }
    writeln!(out, "{table}")?;
    writeln!(
        out,
        "mean rounds per match {:.2} (95% {}), mean decisions per match {:.1} (95% {})",
        report.mean_rounds,
        interval(report.rounds_ci, |x| format!("{x:.2}")),
        report.mean_decisions,
        interval(report.decisions_ci, |x| format!("{x:.1}")),
    )?;
    crate::arena::print_counters(&mut out, &report.counters)?;
    tell_unfinished(&mut out, report.unfinished)?;
    writeln!(out, "Intervals: {}.", report.intervals)?;
    writeln!(
        out,
        "{} decisions in {:.2} s on {} thread(s): {:.0} decisions per second",
        report.decisions, elapsed, output.threads, per_second
    )?;
    out.flush()?;
    Ok(())
}

/// One line per seat: `game,seat,bot,matches,win_share,win_low,win_high,mean_score,score_low,
/// score_high`, then the match's length, the same on every line: `mean_decisions,decisions_low,
/// decisions_high,mean_rounds,rounds_low,rounds_high`.
fn csv(report: &SimReport) -> String {
    let mut out = String::from(
        "game,seat,bot,matches,win_share,win_low,win_high,mean_score,score_low,score_high,\
         mean_decisions,decisions_low,decisions_high,mean_rounds,rounds_low,rounds_high\n",
    );
    for s in &report.seats {
        out.push_str(&format!(
            "{},{},{},{},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6}\n",
            report.game,
            s.seat,
            s.bot,
            report.games,
            s.win_share,
            s.ci_low,
            s.ci_high,
            s.mean_score,
            s.score_ci[0],
            s.score_ci[1],
            report.mean_decisions,
            report.decisions_ci[0],
            report.decisions_ci[1],
            report.mean_rounds,
            report.rounds_ci[0],
            report.rounds_ci[1],
        ));
    }
    out
}

/// Says how many matches were stopped at [`tapis_bots::MAX_DECISIONS`] (nothing when none was).
pub fn tell_unfinished(out: &mut dyn Write, count: u64) -> std::io::Result<()> {
    if count > 0 {
        writeln!(
            out,
            "{count} match(es) stopped unfinished after {} decisions and scored as draws shared by every seat",
            tapis_bots::MAX_DECISIONS
        )?;
    }
    Ok(())
}

/// Each seat's win share with its 95% interval and the fair share 1/players, as SVG.
fn plot_seats(report: &SimReport, path: &std::path::Path) -> Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (140 + 90 * report.players as u32, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow!("{e:?}"))?;
    let bars: Vec<crate::arena::ShareBar> = report
        .seats
        .iter()
        .map(|seat| crate::arena::ShareBar {
            name: format!("seat {} ({})", seat.seat, seat.bot),
            share: seat.win_share,
            ci: [seat.ci_low, seat.ci_high],
            fair: 1.0 / report.players as f64,
            colour: RGBColor(31, 119, 180),
        })
        .collect();
    let title = format!("{}: win share by seat, {} matches", report.game, report.games);
    crate::arena::draw_shares(&root, &title, &bars)?;
    root.present().map_err(|e| anyhow!("{e:?}")).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// One benchmark line: random self-play through the fast path on one thread.
pub struct BenchResult {
    pub game: &'static str,
    pub players: usize,
    pub decisions: u64,
    pub seconds: f64,
}

/// Times uniform random self-play of `G` (matches from seeded deals) for at least `seconds`.
pub fn bench<G: FullGame>(request: &MatchRequest, seconds: f64) -> Result<BenchResult> {
    let mut decisions = 0;
    let mut batch = 0u64;
    let budget = Duration::from_secs_f64(seconds);
    #[allow(clippy::disallowed_methods)] // timing the run, outside the engine
    let start = Instant::now();
    while start.elapsed() < budget {
        let mut request = request.clone();
        request.seed = request.seed.wrapping_add(batch);
        let first = Match::<G>::new(&request).map_err(usage)?.state().clone();
        decisions += tapis_core::kit::random_playouts(&first, 20, batch);
        batch += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(BenchResult { game: G::ID, players: request.players, decisions, seconds })
}

/// Times ISMCTS from the position reached after `after` random decisions of the seeded match:
/// iterations per second for the first seat the match waits for there.
pub fn bench_ismcts<G: FullGame>(request: &MatchRequest, after: u64, seconds: f64) -> Result<BenchResult> {
    use tapis_core::GameRng;
    let mut state = Match::<G>::new(request).map_err(usage)?.state().clone();
    let mut rng = GameRng::seed_from_u64(request.seed);
    let mut legal = tapis_core::ActionList::new();
    for _ in 0..after {
        if state.is_over() {
            break;
        }
        let (seat, action) = tapis_core::race::random_choice(&state, &mut rng, &mut legal);
        state.apply_unchecked(seat, action);
    }
    let seat = state
        .waiting_for()
        .first()
        .ok_or_else(|| usage(format!("the match is over before --after {after} random decisions: ask for fewer")))?;
    let view = state.view(Some(seat));
    let budget = Duration::from_secs_f64(seconds);
    #[allow(clippy::disallowed_methods)] // timing the run, outside the engine
    let start = Instant::now();
    let stop = || start.elapsed() >= budget;
    let result = tapis_bots::ismcts::search::<G>(&view, seat, None, u32::MAX, &mut rng, &stop);
    let seconds = start.elapsed().as_secs_f64();
    Ok(BenchResult { game: G::ID, players: request.players, decisions: result.iterations as u64, seconds })
}

/// How long a bot makes a person wait: the time of each bot move (every actor asked, as in
/// `tapis play`) over whole matches where every seat is `bot`.
pub struct MoveTimes {
    pub game: &'static str,
    pub players: usize,
    pub moves: u64,
    /// Time spent waiting for all those moves.
    pub seconds: f64,
    pub max_seconds: f64,
}

/// Plays seeded matches with `bot` at every seat for at least `seconds` (whole matches, each
/// stopped at [`tapis_bots::MAX_DECISIONS`] like every bot match).
pub fn bench_moves<G: FullGame>(request: &MatchRequest, bot: tapis_bots::BotKind, seconds: f64) -> Result<MoveTimes> {
    use tapis_core::GameRng;
    let bots = vec![bot; request.players];
    let budget = Duration::from_secs_f64(seconds);
    let (mut moves, mut total, mut max) = (0u64, 0.0f64, 0.0f64);
    #[allow(clippy::disallowed_methods)] // timing the run, outside the engine
    let start = Instant::now();
    let mut batch = 0;
    while start.elapsed() < budget {
        let mut request = request.clone();
        request.seed = request.seed.wrapping_add(batch);
        batch += 1;
        let mut state = Match::<G>::new(&request).map_err(usage)?.state().clone();
        let mut rng = GameRng::seed_from_u64(request.seed);
        for _ in 0..tapis_bots::MAX_DECISIONS {
            #[allow(clippy::disallowed_methods)] // timing one move, outside the engine
            let asked = Instant::now();
            let Some((seat, action)) = tapis_bots::next_move(&state, &bots, &mut rng) else { break };
            let took = asked.elapsed().as_secs_f64();
            state.apply_unchecked(seat, action);
            moves += 1;
            total += took;
            max = max.max(took);
        }
    }
    Ok(MoveTimes { game: G::ID, players: request.players, moves, seconds: total, max_seconds: max })
}
