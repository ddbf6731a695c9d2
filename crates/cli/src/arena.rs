//! `tapis arena`: bots against bots on duplicate deals, as a table, JSON, CSV and an SVG plot;
//! with `--compare`, a variant study of two option sets on the same deals.

use crate::exit::{Stdout, usage};
use anyhow::{Context, Result, anyhow};
use comfy_table::Table;
use indicatif::{ProgressBar, ProgressStyle};
use plotters::prelude::*;
use serde_json::{Map, Value};
use std::io::Write;
use std::path::Path;
use tapis_bots::arena::{ArenaConfig, ArenaReport, Comparison, check, compare, report, run, run_study};
use tapis_core::Game;

/// How to print and where to plot.
pub struct Output<'a> {
    pub json: bool,
    pub csv: bool,
    pub plot: Option<&'a Path>,
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

/// A tournament.
pub fn arena<G: Game>(config: &ArenaConfig, output: &Output) -> Result<()> {
    check::<G>(config).map_err(usage)?;
    tell_notice(output);
    let (pool, bar) = pool_and_bar(output, config.matches())?;
    let tally = pool.install(|| run::<G>(config, &|| bar.inc(1)));
    bar.finish_and_clear();
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
    }
    out.flush()?;
    Ok(())
}

/// A variant study: options A (`config.options`) against options B, on the same deals and
/// seatings.
pub fn study<G: Game>(config: &ArenaConfig, options_b: &Map<String, Value>, output: &Output) -> Result<()> {
    check::<G>(config).map_err(usage)?;
    let config_b = ArenaConfig { options: options_b.clone(), ..config.clone() };
    check::<G>(&config_b).map_err(usage)?;
    tell_notice(output);
    let (pool, bar) = pool_and_bar(output, config.matches().saturating_mul(2))?;
    let (a, b, paired) = pool.install(|| run_study::<G>(config, options_b, &|| bar.inc(1)));
    bar.finish_and_clear();
    let comparison = compare(report::<G>(config, &a), report::<G>(&config_b, &b), &paired);
    if let Some(path) = output.plot {
        plot(&[(&comparison.a, "A"), (&comparison.b, "B")], path)?;
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
    format!("{:.1}%", 100.0 * x)
}

fn print_report(out: &mut dyn Write, report: &ArenaReport, label: Option<&str>) -> std::io::Result<()> {
    writeln!(
        out,
        "{}{} — {} players, {} deal{} × {} seatings = {} matches ({:?}), seed {}, options {}",
        label.map(|l| format!("[{l}] ")).unwrap_or_default(),
        report.game,
        report.players,
        report.deals,
        if report.deals == 1 { "" } else { "s" },
        report.matches / report.deals.max(1),
        report.matches,
        report.seating,
        report.seed,
        Value::Object(report.options.clone())
    )?;
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
            format!("{} – {}", percent(bot.win_ci[0]), percent(bot.win_ci[1])),
            percent(bot.fair_share),
            format!("{:.2}", bot.mean_score),
            format!("{:.2} – {:.2}", bot.score_ci[0], bot.score_ci[1]),
            format!("{:.0}", bot.rating),
        ]);
    }
    writeln!(out, "{table}")?;
    writeln!(
        out,
        "mean decisions per match {:.1}, mean rounds per match {:.2}",
        report.mean_decisions, report.mean_rounds
    )?;
    crate::sim::tell_unfinished(out, report.unfinished)
}

fn print_comparison(out: &mut dyn Write, c: &Comparison) -> std::io::Result<()> {
    print_report(out, &c.a, Some("A"))?;
    writeln!(out)?;
    print_report(out, &c.b, Some("B"))?;
    writeln!(
        out,
        "\nB − A on the same deals and seatings: {:+.1} decisions per match (95% {:+.1} … {:+.1}), {:+.2} rounds per match (95% {:+.2} … {:+.2})",
        c.length_difference,
        c.length_difference_ci[0],
        c.length_difference_ci[1],
        c.rounds_difference,
        c.rounds_difference_ci[0],
        c.rounds_difference_ci[1]
    )
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

/// Left: each bot's win share with its 95% interval and fair share. Right: the distribution of
/// match lengths (decisions per match), one outline per option set.
pub fn plot(reports: &[(&ArenaReport, &str)], path: &Path) -> Result<()> {
    let root = SVGBackend::new(path, (1100, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow!("{e:?}"))?;
    let (left, right) = root.split_horizontally(560);
    let colours = [RGBColor(31, 119, 180), RGBColor(255, 127, 14)];

    let bars: Vec<ShareBar> = reports
        .iter()
        .enumerate()
        .flat_map(|(set, (report, label))| {
            report.bots.iter().map(move |b| ShareBar {
                name: if label.is_empty() { b.bot.clone() } else { format!("{} ({label})", b.bot) },
                share: b.win_share,
                ci: b.win_ci,
                fair: b.fair_share,
                colour: colours[set % colours.len()],
            })
        })
        .collect();
    draw_shares(&left, &format!("{}: win share (95% interval; dash = fair share)", reports[0].0.game), &bars)?;

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
    let mut chart = ChartBuilder::on(&right)
        .caption("match length (decisions per match)", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(0f64..((bins + 1) * width) as f64, 0f64..peak)
        .map_err(|e| anyhow!("{e:?}"))?;
    chart
        .configure_mesh()
        .y_desc("share of matches")
        .y_label_formatter(&|y| format!("{:.1}%", y * 100.0))
        .draw()
        .map_err(|e| anyhow!("{e:?}"))?;
    for (set, counts) in histograms.iter().enumerate() {
        let colour = colours[set % colours.len()];
        let mut points = Vec::new();
        for (bin, &share) in counts.iter().enumerate() {
            let x0 = (bin as u64 * width) as f64;
            points.push((x0, share));
            points.push((x0 + width as f64, share));
        }
        let label = reports[set].1;
        let series =
            chart.draw_series(LineSeries::new(points, colour.stroke_width(2))).map_err(|e| anyhow!("{e:?}"))?;
        if !label.is_empty() {
            series
                .label(label.to_string())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
        }
    }
    if reports.len() > 1 {
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE)
            .draw()
            .map_err(|e| anyhow!("{e:?}"))?;
    }
    root.present().map_err(|e| anyhow!("{e:?}")).with_context(|| format!("cannot write {}", path.display()))?;
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
    let top = bars.iter().map(|b| b.ci[1].max(b.fair)).fold(0.0f64, f64::max).min(1.0) * 1.15 + 0.02;
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(60)
        .y_label_area_size(50)
        .build_cartesian_2d(0f64..bars.len() as f64, 0f64..top)
        .map_err(|e| anyhow!("{e:?}"))?;
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
        .map_err(|e| anyhow!("{e:?}"))?;
    for (i, bar) in bars.iter().enumerate() {
        let x = i as f64;
        let (share, ci, fair, colour) = (bar.share, bar.ci, bar.fair, bar.colour);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x + 0.15, 0.0), (x + 0.85, share)],
                colour.mix(0.7).filled(),
            )))
            .map_err(|e| anyhow!("{e:?}"))?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x + 0.5, ci[0]), (x + 0.5, ci[1])],
                BLACK.stroke_width(2),
            )))
            .map_err(|e| anyhow!("{e:?}"))?;
        for y in [ci[0], ci[1]] {
            chart
                .draw_series(std::iter::once(PathElement::new(vec![(x + 0.4, y), (x + 0.6, y)], BLACK.stroke_width(2))))
                .map_err(|e| anyhow!("{e:?}"))?;
        }
        chart
            .draw_series(std::iter::once(PathElement::new(vec![(x + 0.1, fair), (x + 0.9, fair)], RED.stroke_width(1))))
            .map_err(|e| anyhow!("{e:?}"))?;
    }

    Ok(())
}
