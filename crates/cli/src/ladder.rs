//! `tapis ladder`: every bot of a game rated on one scale, with intervals
//! ([`tapis_bots::ladder`]), printed as a Markdown table for `docs/ladder.md` or as JSON.

use crate::exit::{Stdout, usage};
use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use tapis_bots::ladder::{LadderConfig, LadderReport, run};
use tapis_core::FullGame;

/// How to print.
pub struct Output {
    pub json: bool,
    pub progress: bool,
    pub threads: usize,
    /// The command line that reproduces the table, written under it.
    pub command: String,
}

/// Rates the rungs of `config`; with `standard`, the rungs were not named and those that cannot
/// play this table (a learned bot with no policy for it) are left out, and said so.
pub fn ladder<G: FullGame>(config: &LadderConfig, standard: bool, output: &Output) -> Result<()> {
    let mut config = config.clone();
    let mut left_out = Vec::new();
    if standard {
        let options = G::parse_options(&config.options).map_err(usage)?;
        let (fit, unfit): (Vec<_>, Vec<_>) =
            config.rungs.iter().partition(|bot| bot.check::<G>(config.players, &options).is_ok());
        config.rungs = fit;
        left_out = unfit.iter().map(|bot| bot.name()).collect();
        config.meetings = tapis_bots::ladder::standard_meetings(&config.rungs);
    }
    let config = &config;
    config.check::<G>().map_err(usage)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(output.threads).build()?;
    let bar = if output.progress { ProgressBar::new(config.matches()) } else { ProgressBar::hidden() };
    bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} matches  eta {eta}").expect("a valid template"));
    let report = pool.install(|| run::<G>(config, &|| bar.inc(1)));
    bar.finish_and_clear();
    let mut out = Stdout::new();
    if output.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        write!(out, "{}", markdown::<G>(&report, &left_out, &output.command))?;
    }
    out.flush()?;
    Ok(())
}

fn percent(x: f64) -> String {
    if x.is_finite() { format!("{:.1}%", 100.0 * x) } else { "–".into() }
}

/// The ladder as Markdown: the ratings, then every meeting.
pub fn markdown<G: FullGame>(report: &LadderReport, left_out: &[String], command: &str) -> String {
    let mut s = format!("### {}\n\n", G::NAME);
    s += &format!(
        "{} players, seed {}, {}. Bradley–Terry rating on the Elo scale, {} at 1,500; 95% interval \
         by bootstrap over deals ({} resamples).\n\n",
        report.players,
        report.seed,
        if report.options.is_empty() { "default options".to_string() } else { format!("options {:?}", report.options) },
        report.anchor,
        crate::thousands(report.resamples as u64)
    );
    if !left_out.is_empty() {
        s += &format!("Left out, with no policy trained for this table: {}.\n\n", left_out.join(", "));
    }
    s += "| bot | rating | 95% interval |\n|---|---:|---|\n";
    for rung in &report.rungs {
        let ci = if rung.bot == report.anchor {
            "(anchor)".to_string()
        } else {
            format!("{:.0} – {:.0}", rung.ci[0], rung.ci[1])
        };
        s += &format!("| {} | {:.0} | {} |\n", rung.bot, rung.rating, ci);
    }
    s += "\n| meeting (one against the others) | deals | matches | lone bot's win share | 95% interval | \
          pairwise won – lost |\n|---|---:|---:|---:|---|---|\n";
    for m in &report.meetings {
        s += &format!(
            "| {} vs {} × {} | {} | {} | {} | {} – {} | {} – {} |\n",
            m.lone,
            report.players - 1,
            m.field,
            crate::thousands(m.deals),
            crate::thousands(m.matches),
            percent(m.lone_share.mean),
            percent(m.lone_share.ci[0]),
            percent(m.lone_share.ci[1]),
            m.lone_won,
            m.lone_lost
        );
    }
    s += &format!("\n```sh\n{command}\n```\n\n");
    s
}
