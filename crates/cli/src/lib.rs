//! The `tapis` command: play, simulate, referee and study five French card games.
//!
//! The binary's only job is to reach the games through the table layer (`tapis-table`: the
//! registry of games, the driver of a match) and to talk to people and programs; the rules live
//! in the game crates, the bots in `tapis-bots`.

pub mod arena;
pub mod exit;
pub mod ladder;
pub mod loadtest;
pub mod matches;
pub mod pace;
pub mod play;
pub mod referee;
pub mod review;
pub mod sim;
pub mod tui;

use serde_json::{Map, Value};
use tapis_bots::BotKind;
use tapis_core::OptionKind;
use tapis_core::options::parse_key_value;

/// The largest counts the commands accept, checked before anything is sized or started from
/// them (nothing the commands keep grows with a count of matches anyway).
pub mod limits {
    /// Matches of one `tapis sim` or `tapis arena` run (per option set in a variant study), after
    /// `arena` rounds up to whole deals.
    pub const MAX_GAMES: u64 = 100_000_000;
    /// Worker threads of `tapis sim` and `tapis arena`.
    pub const MAX_THREADS: usize = 256;
    /// Seconds of `tapis bench` (per game) and of `tapis loadtest`: an hour.
    pub const MAX_SECONDS: f64 = 3600.0;
    /// ISMCTS iterations per decision in `--bots ismcts:N`: the referee's own limit (seconds of
    /// search on one core for each decision).
    pub const MAX_ISMCTS_ITERATIONS: u32 = crate::referee::MAX_BUDGET as u32;
}

/// Reads `--bots` (one name for every seat, or one per seat) and keeps every ISMCTS budget
/// within [`limits::MAX_ISMCTS_ITERATIONS`]; the error is a usage error's message.
pub fn bots_from_arg(text: &str, players: usize) -> Result<Vec<BotKind>, String> {
    let bots = BotKind::parse_list(text, players)?;
    check_bots(&bots)?;
    Ok(bots)
}

/// Refuses an ISMCTS budget above [`limits::MAX_ISMCTS_ITERATIONS`].
pub fn check_bots(bots: &[BotKind]) -> Result<(), String> {
    match bots
        .iter()
        .find(|b| matches!(b, BotKind::Ismcts(n) | BotKind::IsmctsLearned(n) if *n > limits::MAX_ISMCTS_ITERATIONS))
    {
        Some(bot) => Err(format!(
            "'{}': ismcts takes at most {} iterations per decision",
            bot.name(),
            thousands(u64::from(limits::MAX_ISMCTS_ITERATIONS))
        )),
        None => Ok(()),
    }
}

/// `3628800` as `3,628,800`.
pub fn thousands(n: u64) -> String {
    tapis_core::grouped(n, tapis_core::Lang::En)
}

/// Reads repeated `--option key=value` into a JSON object; a later key replaces an earlier one.
pub fn options_from_args(pairs: &[String]) -> Result<Map<String, Value>, String> {
    let mut options = Map::new();
    for pair in pairs {
        let (key, value) = parse_key_value(pair)?;
        options.insert(key, value);
    }
    Ok(options)
}

/// A JSON value as a person types it on the command line: strings without quotes.
pub fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The width text printed line by line is wrapped to: the terminal's, at most 100 columns (a
/// longer line is harder to read), or 100 when the output is not a terminal.
pub fn text_width() -> usize {
    use std::io::IsTerminal;
    let terminal = std::io::stdout().is_terminal().then(ratatui::crossterm::terminal::size).and_then(Result::ok);
    terminal.map_or(100, |(columns, _)| usize::from(columns).min(100))
}

/// A text laid out as [`tapis_core::Wording::rules_text`] stores it (a paragraph or an item a
/// line), wrapped to `width` columns: words stay whole and an item's following lines go under its
/// text.
pub fn wrap_paragraphs(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    for paragraph in tapis_core::words::paragraphs(text) {
        if paragraph.is_blank() {
            lines.push(String::new());
            continue;
        }
        // On a narrow screen an indent takes at most half the width.
        let indent = " ".repeat(paragraph.indent.min(width / 2));
        let hang = " ".repeat(paragraph.hang().min(width / 2));
        // A word is cut at no hyphen: « 4-4-4-3 » and « au-dessus » stay whole.
        let options = textwrap::Options::new(width)
            .initial_indent(&indent)
            .subsequent_indent(&hang)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        let line = [paragraph.head, paragraph.text].concat();
        lines.extend(textwrap::wrap(line.trim_end(), options).into_iter().map(|l| l.into_owned()));
    }
    lines
}

/// The rules in brief wrapped to `width` columns, and every option with its default, for `tapis
/// rules`.
pub fn rules_page<G: tapis_core::Wording>(lang: tapis_core::Lang, width: usize) -> String {
    use std::fmt::Write;
    let mut page = String::new();
    let _ = writeln!(page, "{} ({})\n", G::NAME, G::ID);
    let _ = writeln!(page, "{}", wrap_paragraphs(G::rules_text(lang).trim_end(), width).join("\n"));
    let defaults = G::parse_options(&Map::new()).expect("default options are valid");
    let range = G::players_range(&defaults);
    let _ = writeln!(
        page,
        "\n{}{}–{}",
        lang.pick("Joueurs (options par défaut) : ", "Players (default options): "),
        range.start(),
        range.end()
    );
    let _ = writeln!(page, "\n{}", lang.pick("Options (--option clé=valeur) :", "Options (--option key=value):"));
    for spec in G::option_specs() {
        let setting = format!("{} = {}", spec.key, plain(&spec.default_value()));
        // A long key puts its help on the next line rather than out of the column.
        if setting.chars().count() < 27 {
            let _ = writeln!(page, "  {setting:<26} {}", spec.help(lang));
        } else {
            let _ = writeln!(page, "  {setting}\n  {:<26} {}", "", spec.help(lang));
        }
        let values = match spec.kind {
            OptionKind::Choice(values) => {
                values.iter().map(|v| format!("{} ({})", v.key, lang.pick(v.fr, v.en))).collect::<Vec<_>>().join(", ")
            }
            _ => {
                let accepted = spec.accepted();
                lang.pick(&accepted.fr, &accepted.en).to_string()
            }
        };
        let _ = writeln!(page, "  {:<26} {}{values}", "", lang.pick("valeurs\u{a0}: ", "values: "));
    }
    page
}

/// Entry points by game, for the binary.
pub mod by_id {
    use anyhow::Result;
    use serde_json::{Map, Value};
    use tapis_bots::arena::ArenaConfig;
    use tapis_bots::sim::SimConfig;
    use tapis_core::{Lang, MatchRequest};
    use tapis_table::{GameId, on_game};

    pub fn rules_page(id: GameId, lang: Lang, width: usize) -> Result<String> {
        Ok(on_game!(id, G => crate::rules_page::<G>(lang, width)))
    }

    pub fn simulate(id: GameId, config: &SimConfig, output: &crate::sim::SimOutput) -> Result<()> {
        on_game!(id, G => crate::sim::simulate::<G>(config, output))
    }

    pub fn arena(
        id: GameId,
        config: &ArenaConfig,
        compare: Option<&Map<String, Value>>,
        output: &crate::arena::Output,
    ) -> Result<()> {
        match compare {
            None => on_game!(id, G => crate::arena::arena::<G>(config, output)),
            Some(options_b) => on_game!(id, G => crate::arena::study::<G>(config, options_b, output)),
        }
    }

    pub fn ladder(
        id: GameId,
        config: &tapis_bots::ladder::LadderConfig,
        standard: bool,
        output: &crate::ladder::Output,
    ) -> Result<()> {
        on_game!(id, G => crate::ladder::ladder::<G>(config, standard, output))
    }

    pub fn bench(id: GameId, request: &MatchRequest, seconds: f64) -> Result<crate::sim::BenchResult> {
        on_game!(id, G => crate::sim::bench::<G>(request, seconds))
    }

    pub fn bench_moves(
        id: GameId,
        request: &MatchRequest,
        bot: tapis_bots::BotKind,
        seconds: f64,
    ) -> Result<crate::sim::MoveTimes> {
        on_game!(id, G => crate::sim::bench_moves::<G>(request, bot, seconds))
    }

    pub fn bench_ismcts(
        id: GameId,
        request: &MatchRequest,
        after: u64,
        seconds: f64,
    ) -> Result<crate::sim::BenchResult> {
        on_game!(id, G => crate::sim::bench_ismcts::<G>(request, after, seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_wrap_and_items_go_on_under_their_text() {
        let text = "One two three four five six seven eight.\n\nOn your turn:\n\
                    \x20 play 1|2|3  lay your top card on a pile\n\
                    1. Njet phase: each player puts a stone\n\
                    \x20    start 0-3\u{a0}: the start player, chosen";
        assert_eq!(
            wrap_paragraphs(text, 34),
            [
                "One two three four five six seven",
                "eight.",
                "",
                "On your turn:",
                "  play 1|2|3  lay your top card on",
                "              a pile",
                "1. Njet phase: each player puts a",
                "   stone",
                "     start 0-3\u{a0}: the start player,",
                "                 chosen",
            ]
        );
        // Nothing is joined: a line as wide as the width stays a line of its own. On a narrow
        // screen an item's text goes on at half the width at most.
        assert_eq!(wrap_paragraphs("a b\nc d", 3), ["a b", "c d"]);
        assert_eq!(wrap_paragraphs("  play 1|2|3  lay it", 16), ["  play 1|2|3", "        lay it"]);
    }

    #[test]
    fn thousands_are_grouped_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(3_628_800), "3,628,800");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn ismcts_budgets_are_held_to_the_limit() {
        assert!(bots_from_arg("ismcts:200000,random", 2).is_ok());
        assert_eq!(
            bots_from_arg("ismcts:200001", 3).unwrap_err(),
            "'ismcts:200001': ismcts takes at most 200,000 iterations per decision"
        );
    }
}
