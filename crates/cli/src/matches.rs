//! `--matches FILE.csv|FILE.jsonl` of `tapis sim` and `tapis arena`: one row per match, in the
//! order of the deals (the same file on any thread count), for analyses the reports do not make.
//!
//! A row holds the set of options (`A` or `B` in a variant study, empty otherwise), the game, the
//! deal (the match's index in `tapis sim`), the seating (the lineup entry at each seat, in
//! `bots`), the match seed (`tapis play --seed` deals the same cards), the options as JSON, then
//! per seat its bot, its share of the win (1 for a lone winner, 1/k for k winners, each seat 1/n
//! for a match stopped unfinished) and its score, then the match length in decisions, the
//! rounds, whether it was stopped unfinished, and the game's counters by key. CSV names the
//! per-seat columns `bot_0`, `win_0`, `score_0`…; JSON lines hold lists.

use anyhow::{Context, Result};
use serde_json::{Map, Value, json};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use tapis_bots::BotKind;
use tapis_bots::sim::SHARE_UNIT;
use tapis_bots::stats::Outcome;
use tapis_core::Counter;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Csv,
    Jsonl,
}

/// The format `path` asks for by its extension; the message of the usage error otherwise.
fn format_of(path: &Path) -> Result<Format, String> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("csv") => Ok(Format::Csv),
        Some("jsonl") => Ok(Format::Jsonl),
        _ => Err(format!(
            "--matches writes a FILE.csv or a FILE.jsonl (one row per match): '{}' ends in neither",
            path.display()
        )),
    }
}

/// Checks the extension of a `--matches` file before anything is played.
pub fn check(path: Option<&Path>) -> Result<(), String> {
    path.map_or(Ok(()), |p| format_of(p).map(|_| ()))
}

/// Writes the rows of one run.
pub struct MatchFile {
    out: BufWriter<File>,
    format: Format,
    path: std::path::PathBuf,
    game: &'static str,
    lineup: Vec<BotKind>,
    counters: &'static [Counter],
    /// The first failure to write: the run goes on, and the command fails at the end.
    failed: Option<std::io::Error>,
}

impl MatchFile {
    /// Creates `path` and writes its header (CSV).
    pub fn create(
        path: &Path,
        game: &'static str,
        lineup: &[BotKind],
        counters: &'static [Counter],
    ) -> Result<MatchFile> {
        let format = format_of(path).map_err(crate::exit::usage)?;
        let file = File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
        let mut file = MatchFile {
            out: BufWriter::new(file),
            format,
            path: path.to_path_buf(),
            game,
            lineup: lineup.to_vec(),
            counters,
            failed: None,
        };
        if format == Format::Csv {
            let seats = lineup.len();
            let mut header = String::from("set,game,deal,seating,seed,options");
            for prefix in ["bot", "win", "score"] {
                for seat in 0..seats {
                    header.push_str(&format!(",{prefix}_{seat}"));
                }
            }
            header.push_str(",decisions,rounds,unfinished");
            for counter in counters {
                header.push(',');
                header.push_str(counter.key);
            }
            let result = writeln!(file.out, "{header}");
            file.keep(result);
        }
        Ok(file)
    }

    fn keep(&mut self, result: std::io::Result<()>) {
        if let Err(error) = result
            && self.failed.is_none()
        {
            self.failed = Some(error);
        }
    }

    /// Writes one match played under `options` (`set`: "A", "B" or "").
    pub fn write(&mut self, set: &str, options: &Map<String, Value>, outcome: &Outcome) {
        if self.failed.is_some() {
            return;
        }
        let bots: Vec<String> =
            outcome.entries.as_slice().iter().map(|&entry| self.lineup[entry as usize].name()).collect();
        let wins: Vec<f64> = outcome.credit.as_slice().iter().map(|&c| c as f64 / SHARE_UNIT as f64).collect();
        let counts = &outcome.counts.0[..self.counters.len()];
        let result = match self.format {
            Format::Csv => {
                let mut row = format!(
                    "{set},{},{},{},{},{}",
                    self.game,
                    outcome.deal,
                    outcome.seating,
                    outcome.seed,
                    csv_field(&Value::Object(options.clone()).to_string())
                );
                for bot in &bots {
                    row.push(',');
                    row.push_str(bot);
                }
                for win in &wins {
                    row.push_str(&format!(",{win}"));
                }
                for score in outcome.score.as_slice() {
                    row.push_str(&format!(",{score}"));
                }
                row.push_str(&format!(",{},{},{}", outcome.decisions, outcome.rounds, outcome.unfinished));
                for count in counts {
                    row.push_str(&format!(",{count}"));
                }
                writeln!(self.out, "{row}")
            }
            Format::Jsonl => {
                let counters: Map<String, Value> =
                    self.counters.iter().zip(counts).map(|(c, &n)| (c.key.to_string(), json!(n))).collect();
                let mut row = json!({
                    "game": self.game,
                    "deal": outcome.deal,
                    "seating": outcome.seating,
                    "seed": outcome.seed,
                    "options": options,
                    "bots": bots,
                    "win": wins,
                    "scores": outcome.score.as_slice(),
                    "decisions": outcome.decisions,
                    "rounds": outcome.rounds,
                    "unfinished": outcome.unfinished,
                    "counters": counters,
                });
                if !set.is_empty() {
                    row["set"] = json!(set);
                }
                writeln!(self.out, "{row}")
            }
        };
        self.keep(result);
    }

    /// Flushes the file; the first failure to write, if any, is the command's error.
    pub fn finish(mut self) -> Result<()> {
        let result = self.out.flush();
        self.keep(result);
        match self.failed {
            Some(error) => Err(error).with_context(|| format!("cannot write {}", self.path.display())),
            None => Ok(()),
        }
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_says_the_format() {
        assert_eq!(format_of(Path::new("out.csv")), Ok(Format::Csv));
        assert_eq!(format_of(Path::new("dir/out.JSONL")), Ok(Format::Jsonl));
        assert_eq!(
            format_of(Path::new("out.json")).unwrap_err(),
            "--matches writes a FILE.csv or a FILE.jsonl (one row per match): 'out.json' ends in neither"
        );
        assert!(format_of(Path::new("out")).is_err());
    }

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("{}"), "{}");
        assert_eq!(csv_field(r#"{"a":1,"b":"x"}"#), r#""{""a"":1,""b"":""x""}""#);
    }
}
