//! `tapis arena`: bots against bots on duplicate deals, as a table, JSON, CSV and an SVG plot;
//! with `--compare`, a variant study of two option sets on the same deals; with `--matches`,
//! one row per match.

use crate::exit::{Stdout, usage};
use crate::matches::MatchFile;
use anyhow::{Context, Result, anyhow};
use comfy_table::Table;
use indicatif::{ProgressBar, ProgressStyle};
use plotters::prelude::*;
use serde_json::{Map, Value};
use std::io::Write;
use std::path::Path;
use tapis_bots::arena::{ArenaConfig, ArenaReport, Comparison, Difference, check, compare, report, run, run_study};
use tapis_bots::stats::CounterStats;
use tapis_core::FullGame;

/// How to print and where to plot.
pub struct Output<'a> {
    pub json: bool,
    pub csv: bool,
    pub plot: Option<&'a Path>,
    /// One row per match to this CSV or JSON-lines file.
    pub matches: Option<&'a Path>,
    pub progress: bool,
    pub threads: usize,
    /// Said on standard error once the configuration is checked, before the first match: how
    /// many matches the count asked for became.
    pub notice: Option<String>,
}

fn tell_notice(output: &Output) {
    if let Some(notice) = &output.notice {
        let _ = writeln!(std::io::stderr(), "{notice}");
    }
}

fn pool_and_bar(output: &Output, matches: u64) -> Result<(rayon::ThreadPool, ProgressBar)> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(output.threads).build()?;
    let bar = if output.progress { ProgressBar::new(matches) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} matches  eta {eta}").expect("a valid template"));
    Ok((pool, bar))
}

fn match_file<G: FullGame>(config: &ArenaConfig, output: &Output) -> Result<Option<MatchFile>> {
    output.matches.map(|path| MatchFile::create(path, G::ID, &config.lineup, G::COUNTERS)).transpose()
}

/// A tournament.
pub fn arena<G: FullGame>(config: &ArenaConfig, output: &Output) -> Result<()> {
    check::<G>(config).map_err(usage)?;
    tell_notice(output);
    let mut rows = match_file::<G>(config, output)?;
    let (pool, bar) = pool_and_bar(output, config.matches())?;
    let tally = pool.install(|| {
        run::<G>(config, &|| bar.inc(1), &mut |outcome| {
            if let Some(rows) = rows.as_mut() {
                rows.write("", &config.options, outcome);
            }
        })
    });
    bar.finish_and_clear();
    rows.map(MatchFile::finish).transpose()?;
    let report = report::<G>(config, &tally);
    if let Some(path) = output.plot {
        plot(&[(&report, "")], path)?;
    }
    let mut out = Stdout::new();
    if output.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else if output.csv {
        write!(out, "{}", csv(&report, None))?;
    } else {
        print_report(&mut out, &report, None)?;
        writeln!(out, "Intervals: {}.", report.intervals)?;
    }
    out.flush()?;
    Ok(())
}

/// A variant study: options A (`config.options`) against options B, on the same deals and
/// seatings.
pub fn study<G: FullGame>(config: &ArenaConfig, options_b: &Map<String, Value>, output: &Output) -> Result<()> {
    check::<G>(config).map_err(usage)?;
    let config_b = ArenaConfig { options: options_b.clone(), ..config.clone() };
    check::<G>(&config_b).map_err(usage)?;
    tell_notice(output);
    let mut rows = match_file::<G>(config, output)?;
    let (pool, bar) = pool_and_bar(output, config.matches().saturating_mul(2))?;
    let (a, b, paired) = pool.install(|| {
        run_study::<G>(config, options_b, &|| bar.inc(1), &mut |a, b| {
            if let Some(rows) = rows.as_mut() {
                rows.write("A", &config.options, a);
                rows.write("B", options_b, b);
            }
        })
    });
    bar.finish_and_clear();
    rows.map(MatchFile::finish).transpose()?;
    let comparison = compare::<G>(config, report::<G>(config, &a), report::<G>(&config_b, &b), &paired);
    if let Some(path) = output.plot {
        plot_study(&comparison, path)?;
    }
    let mut out = Stdout::new();
    if output.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&comparison)?)?;
    } else if output.csv {
        write!(
            out,
            "{}{}",
            csv(&comparison.a, Some("A")),
            csv(&comparison.b, Some("B")).lines().skip(1).map(|l| format!("{l}\n")).collect::<String>()
        )?;
    } else {
        print_comparison(&mut out, &comparison)?;
    }
    out.flush()?;
    Ok(())
}

fn percent(x: f64) -> String {
    if x.is_finite() { format!("{:.1}%", 100.0 * x) } else { "–".into() }
}

/// `low – high` with `f`, or a dash when there is no interval (a single deal).
pub fn interval(ci: [f64; 2], f: impl Fn(f64) -> String) -> String {
    if ci.iter().all(|x| x.is_finite()) { format!("{} – {}", f(ci[0]), f(ci[1])) } else { "–".into() }
}

/// How each deal was seated, named as the JSON names it (`seating`), with what was played once.
pub fn seating_words(report: &ArenaReport) -> String {
    let name = report.seating.name();
    if report.seatings_per_deal == report.arrangements {
        format!("seating {name}")
    } else if report.seatings_per_deal == 1 {
        format!("seating {name}: the same bot at every seat, so every seating is the same, played once")
    } else {
        format!(
            "seating {name}: {} of the {} differ (bots of the same name swapped sit alike), each played once",
            report.seatings_per_deal, report.arrangements
        )
    }
}

fn print_report(out: &mut dyn Write, report: &ArenaReport, label: Option<&str>) -> std::io::Result<()> {
    writeln!(
        out,
        "{}{} — {} players, {} deal{} × {} seating{} = {} matches ({}), seed {}, options {}",
        label.map(|l| format!("[{l}] ")).unwrap_or_default(),
        report.game,
        report.players,
        report.deals,
        if report.deals == 1 { "" } else { "s" },
        report.seatings_per_deal,
        if report.seatings_per_deal == 1 { "" } else { "s" },
        report.matches,
        seating_words(report),
        report.seed,
        Value::Object(report.options.clone())
    )?;
    // With one bot at every seat its win share is 100% by construction: the seats tell.
    if report.bots.len() > 1 {
        print_bots(out, report)?;
    }
    let mut seats = Table::new();
    seats.set_header(["seat", "win share", "95% interval", "mean score", "95% interval"]);
    for seat in &report.seats {
        seats.add_row([
            seat.seat.to_string(),
            percent(seat.win_share),
            interval(seat.win_ci, percent),
            format!("{:.2}", seat.mean_score),
            interval(seat.score_ci, |x| format!("{x:.2}")),
        ]);
    }
    writeln!(out, "{seats}")?;
    writeln!(
        out,
        "mean decisions per match {:.1} (95% {}), mean rounds per match {:.2} (95% {})",
        report.mean_decisions,
        interval(report.decisions_ci, |x| format!("{x:.1}")),
        report.mean_rounds,
        interval(report.rounds_ci, |x| format!("{x:.2}")),
    )?;
    print_counters(out, &report.counters)?;
    crate::sim::tell_unfinished(out, report.unfinished)
}

/// The game's counters, mean per match with their intervals (nothing for a game without).
pub fn print_counters(out: &mut dyn Write, counters: &[CounterStats]) -> std::io::Result<()> {
    if counters.is_empty() {
        return Ok(());
    }
    let mut table = Table::new();
    table.set_header(["per match", "mean", "95% interval"]);
    for c in counters {
        table.add_row([c.name.to_string(), format!("{:.2}", c.mean), interval(c.ci, |x| format!("{x:.2}"))]);
    }
    writeln!(out, "{table}")
}

fn print_bots(out: &mut dyn Write, report: &ArenaReport) -> std::io::Result<()> {
    let mut table = Table::new();
    table.set_header([
        "bot",
        "seats",
        "win share",
        "95% interval",
        "fair share",
        "mean score",
        "95% interval",
        "rating",
    ]);
    for bot in &report.bots {
        table.add_row([
            bot.bot.clone(),
            bot.entries.to_string(),
            percent(bot.win_share),
            interval(bot.win_ci, percent),
            percent(bot.fair_share),
            format!("{:.2}", bot.mean_score),
            interval(bot.score_ci, |x| format!("{x:.2}")),
            format!("{:.0}", bot.rating),
        ]);
    }
    writeln!(out, "{table}")
}

/// A difference in its unit: percentage points for a share.
fn signed(d: &Difference, x: f64) -> String {
    let n = decimals(d);
    if d.share { format!("{:+.n$} pt", 100.0 * x) } else { format!("{x:+.n$}") }
}

fn plain(d: &Difference, x: f64) -> String {
    let n = decimals(d);
    if d.share { format!("{:.n$}%", 100.0 * x) } else { format!("{x:.n$}") }
}

/// Decimals enough for two significant digits of the interval's half-width (percentage points
/// for a share), from 1 to 4.
fn decimals(d: &Difference) -> usize {
    let half = (d.ci[1] - d.ci[0]) / 2.0 * if d.share { 100.0 } else { 1.0 };
    if half.is_finite() && half > 0.0 { (1 - half.log10().floor() as i32).clamp(1, 4) as usize } else { 2 }
}

fn print_comparison(out: &mut dyn Write, c: &Comparison) -> std::io::Result<()> {
    print_report(out, &c.a, Some("A"))?;
    writeln!(out)?;
    print_report(out, &c.b, Some("B"))?;
    writeln!(
        out,
        "\nB − A on the same deals and seatings, paired deal by deal (95% intervals over {} deals):",
        c.a.deals
    )?;
    let mut table = Table::new();
    table.set_header(["per match", "A", "B", "B − A", "95% interval"]);
    for d in &c.differences {
        table.add_row([
            d.label.clone(),
            plain(d, d.a),
            plain(d, d.b),
            signed(d, d.difference),
            interval(d.ci, |x| signed(d, x)),
        ]);
    }
    writeln!(out, "{table}")?;
    writeln!(out, "Intervals: {}.", c.a.intervals)
}

/// One line per bot: `set,bot,seats,matches,win_share,win_low,win_high,fair_share,mean_score,score_low,score_high,rating`.
fn csv(report: &ArenaReport, set: Option<&str>) -> String {
    let mut out = String::from(
        "set,game,bot,seats,matches,win_share,win_low,win_high,fair_share,mean_score,score_low,score_high,rating\n",
    );
    for b in &report.bots {
        out.push_str(&format!(
            "{},{},{},{},{},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{:.1}\n",
            set.unwrap_or(""),
            report.game,
            b.bot,
            b.entries,
            b.matches,
            b.win_share,
            b.win_ci[0],
            b.win_ci[1],
            b.fair_share,
            b.mean_score,
            b.score_ci[0],
            b.score_ci[1],
            b.rating
        ));
    }
    out
}

const COLOURS: [RGBColor; 2] = [RGBColor(31, 119, 180), RGBColor(255, 127, 14)];

fn plot_error(e: impl std::fmt::Debug) -> anyhow::Error {
    anyhow!("{e:?}")
}

/// Left: each bot's win share with its 95% interval and fair share. Right: the distribution of
/// match lengths (decisions per match), one outline per option set.
pub fn plot(reports: &[(&ArenaReport, &str)], path: &Path) -> Result<()> {
    let root = SVGBackend::new(path, (1100, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    let (left, right) = root.split_horizontally(560);
    let bars: Vec<ShareBar> = reports
        .iter()
        .enumerate()
        .flat_map(|(set, (report, label))| {
            report.bots.iter().map(move |b| ShareBar {
                name: if label.is_empty() { b.bot.clone() } else { format!("{} ({label})", b.bot) },
                share: b.win_share,
                ci: b.win_ci,
                fair: b.fair_share,
                colour: COLOURS[set % COLOURS.len()],
            })
        })
        .collect();
    draw_shares(&left, &format!("{}: win share (95% interval; dash = fair share)", reports[0].0.game), &bars)?;
    draw_lengths(&right, reports)?;
    root.present().map_err(plot_error).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// A variant study. Left: every paired difference B − A with its 95% interval, each on its own
/// scale around 0 (a grey line), in orange when the interval leaves out 0, A's and B's means
/// written beside it. Right: the distributions of match lengths under A and B.
pub fn plot_study(c: &Comparison, path: &Path) -> Result<()> {
    const ROW: u32 = 46;
    // A measure that did not move in any deal is named in a line of its own, not drawn.
    let (same, moved): (Vec<&Difference>, Vec<&Difference>) =
        c.differences.iter().partition(|d| d.difference == 0.0 && d.ci == [0.0, 0.0]);
    let rows = moved.len() as u32 + u32::from(!same.is_empty());
    let height = (70 + ROW * rows).max(480);
    let root = SVGBackend::new(path, (1300, height)).into_drawing_area();
    root.fill(&WHITE).map_err(plot_error)?;
    let (left, right) = root.split_horizontally(760);
    let (title, body) = left.split_vertically(60);
    let options = |r: &ArenaReport| Value::Object(r.options.clone()).to_string();
    title
        .draw(&Text::new(
            format!("{}: B − A per match, paired by deal (95% intervals, {} deals)", c.a.game, c.a.deals),
            (12, 10),
            ("sans-serif", 18),
        ))
        .map_err(plot_error)?;
    title
        .draw(&Text::new(
            format!("A = {}   B = {}   (orange: the interval leaves out 0)", options(&c.a), options(&c.b)),
            (12, 36),
            ("sans-serif", 13).into_font().color(&RGBColor(90, 90, 90)),
        ))
        .map_err(plot_error)?;
    let areas = body.split_evenly((rows.max(1) as usize, 1));
    if let (false, Some(area)) = (same.is_empty(), areas.get(moved.len())) {
        let names: Vec<&str> = same.iter().map(|d| d.label.as_str()).collect();
        let text = format!("the same in every deal: {}", names.join(", "));
        area.draw(&Text::new(text, (12, 8), ("sans-serif", 13).into_font().color(&RGBColor(90, 90, 90))))
            .map_err(plot_error)?;
    }
    for (d, area) in moved.into_iter().zip(areas) {
        let (label, chart_area) = area.split_horizontally(330);
        let line = format!("{}: {}", d.label, signed(d, d.difference));
        label.draw(&Text::new(line, (12, 8), ("sans-serif", 14))).map_err(plot_error)?;
        let detail = format!("A {}  B {}  (95% {})", plain(d, d.a), plain(d, d.b), interval(d.ci, |x| signed(d, x)));
        label
            .draw(&Text::new(detail, (12, 26), ("sans-serif", 12).into_font().color(&RGBColor(90, 90, 90))))
            .map_err(plot_error)?;
        let scale = if d.share { 100.0 } else { 1.0 };
        let (low, high) =
            if d.ci.iter().all(|x| x.is_finite()) { (d.ci[0], d.ci[1]) } else { (d.difference, d.difference) };
        let reach = low.abs().max(high.abs()).max(d.difference.abs()) * scale * 1.15;
        let reach = if reach > 0.0 { reach } else { 1.0 };
        let mut chart = ChartBuilder::on(&chart_area)
            .margin_right(20)
            .margin_top(4)
            .x_label_area_size(16)
            .build_cartesian_2d(-reach..reach, 0f64..1f64)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .disable_y_axis()
            .x_labels(5)
            .x_label_style(("sans-serif", 10))
            .x_label_formatter(&|&x| tick(x, reach, if d.share { " pt" } else { "" }))
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(0.0, 0.0), (0.0, 1.0)], RGBColor(170, 170, 170))))
            .map_err(plot_error)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(low * scale, 0.5), (high * scale, 0.5)],
                BLACK.stroke_width(2),
            )))
            .map_err(plot_error)?;
        for x in [low * scale, high * scale] {
            chart
                .draw_series(std::iter::once(PathElement::new(vec![(x, 0.3), (x, 0.7)], BLACK.stroke_width(2))))
                .map_err(plot_error)?;
        }
        // A difference whose interval leaves out 0 is drawn in colour, the others in grey.
        let clear = low > 0.0 || high < 0.0;
        let colour = if clear { COLOURS[1] } else { RGBColor(150, 150, 150) };
        chart
            .draw_series(std::iter::once(Circle::new((d.difference * scale, 0.5), 5, colour.filled())))
            .map_err(plot_error)?;
    }
    let (_, lengths) = right.split_vertically(60);
    draw_lengths(&lengths, &[(&c.a, "A"), (&c.b, "B")])?;
    root.present().map_err(plot_error).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// An axis label of a scale reaching `reach` either side of 0: as many decimals as its size
/// needs, and 0 unsigned.
fn tick(x: f64, reach: f64, unit: &str) -> String {
    let decimals = (1 - reach.log10().floor() as i32).clamp(0, 4) as usize;
    let text = format!("{x:+.decimals$}");
    if text.trim_start_matches(['+', '-']).chars().all(|c| c == '0' || c == '.') {
        format!("0{unit}")
    } else {
        format!("{text}{unit}")
    }
}

/// The distribution of match lengths, one outline per report.
fn draw_lengths<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    reports: &[(&ArenaReport, &str)],
) -> Result<()> {
    let max_len =
        reports.iter().filter_map(|(r, _)| r.length_counts.last()).map(|l| l.decisions).max().unwrap_or(1).max(1);
    let bins = 40u64;
    let width = max_len.div_ceil(bins).max(1);
    let histograms: Vec<Vec<f64>> = reports
        .iter()
        .map(|(r, _)| {
            let mut counts = vec![0.0; bins as usize + 1];
            let total = r.length_counts.iter().map(|l| l.matches).sum::<u64>().max(1) as f64;
            for length in &r.length_counts {
                counts[((length.decisions / width) as usize).min(bins as usize)] += length.matches as f64 / total;
            }
            counts
        })
        .collect();
    let peak = histograms.iter().flatten().fold(0.0f64, |a, &b| a.max(b)) * 1.1 + 1e-9;
    let mut chart = ChartBuilder::on(area)
        .caption("match length (decisions per match)", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(0f64..((bins + 1) * width) as f64, 0f64..peak)
        .map_err(plot_error)?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_desc("share of matches")
        .y_label_formatter(&|y| format!("{:.1}%", y * 100.0))
        .draw()
        .map_err(plot_error)?;
    for (set, counts) in histograms.iter().enumerate() {
        let colour = COLOURS[set % COLOURS.len()];
        let mut points = Vec::new();
        for (bin, &share) in counts.iter().enumerate() {
            let x0 = (bin as u64 * width) as f64;
            points.push((x0, share));
            points.push((x0 + width as f64, share));
        }
        let label = reports[set].1;
        let series = chart.draw_series(LineSeries::new(points, colour.stroke_width(2))).map_err(plot_error)?;
        if !label.is_empty() {
            series
                .label(label.to_string())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
        }
    }
    if reports.len() > 1 {
        chart.configure_series_labels().border_style(BLACK).background_style(WHITE).draw().map_err(plot_error)?;
    }
    Ok(())
}

/// One bar of a win-share chart.
pub struct ShareBar {
    pub name: String,
    pub share: f64,
    pub ci: [f64; 2],
    pub fair: f64,
    pub colour: RGBColor,
}

/// Win shares as bars with their 95% intervals (black) and fair shares (red dash).
pub fn draw_shares<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    bars: &[ShareBar],
) -> Result<()> {
    let finite = |x: f64, or: f64| if x.is_finite() { x } else { or };
    let top = bars.iter().map(|b| finite(b.ci[1], b.share).max(b.fair)).fold(0.0f64, f64::max).min(1.0) * 1.15 + 0.02;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..bars.len() as f64, 0f64..top)
        .map_err(plot_error)?;
    let names: Vec<String> = bars.iter().map(|b| b.name.clone()).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(bars.len() * 2 + 1)
        .x_label_formatter(&|x| {
            let i = x.floor() as usize;
            if (x - i as f64 - 0.5).abs() < 0.01 { names.get(i).cloned().unwrap_or_default() } else { String::new() }
        })
        .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
        .draw()
        .map_err(plot_error)?;
    for (i, bar) in bars.iter().enumerate() {
        let x = i as f64;
        let (share, fair, colour) = (bar.share, bar.fair, bar.colour);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x + 0.15, 0.0), (x + 0.85, share)],
                colour.mix(0.7).filled(),
            )))
            .map_err(plot_error)?;
        if bar.ci.iter().all(|y| y.is_finite()) {
            let ci = bar.ci;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x + 0.5, ci[0]), (x + 0.5, ci[1])],
                    BLACK.stroke_width(2),
                )))
                .map_err(plot_error)?;
            for y in [ci[0], ci[1]] {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(x + 0.4, y), (x + 0.6, y)],
                        BLACK.stroke_width(2),
                    )))
                    .map_err(plot_error)?;
            }
        }
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(x + 0.1, fair), (x + 0.9, fair)], RED.stroke_width(1))))
            .map_err(plot_error)?;
    }
    Ok(())
}
