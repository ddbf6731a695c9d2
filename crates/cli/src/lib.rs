//! The `tapis` command: play, simulate, referee and study five French card games.
//!
//! The binary's only job is to reach the games through the table layer (`tapis-table`: the
//! registry of games, the driver of a match) and to talk to people and programs; the rules live
//! in the game crates, the bots in `tapis-bots`.

pub mod arena;
pub mod loadtest;
pub mod play;
pub mod referee;
pub mod sim;

use serde_json::{Map, Value};
use tapis_core::options::parse_key_value;

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

/// The rules in brief and every option with its default, for `tapis rules`.
pub fn rules_page<G: tapis_core::Game>(lang: tapis_core::Lang) -> String {
    use std::fmt::Write;
    let mut page = String::new();
    let _ = writeln!(page, "{} ({})\n", G::NAME, G::ID);
    let _ = writeln!(page, "{}", G::rules_text(lang).trim_end());
    let defaults = G::parse_options(&Map::new()).expect("default options are valid");
    let range = G::players_range(&defaults);
    let _ = writeln!(
        page,
        "\n{}: {}–{}",
        lang.pick("Joueurs (options par défaut)", "Players (default options)"),
        range.start(),
        range.end()
    );
    let _ = writeln!(page, "\n{} (--option key=value):", lang.pick("Options", "Options"));
    for spec in G::option_specs() {
        let _ = writeln!(page, "  {:<26} {}", format!("{} = {}", spec.key, plain(&spec.default_value())), spec.help);
        let _ = writeln!(page, "  {:<26} {}: {}", "", lang.pick("valeurs", "values"), spec.describe_values());
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

    pub fn rules_page(id: GameId, lang: Lang) -> Result<String> {
        Ok(on_game!(id, G => crate::rules_page::<G>(lang)))
    }

    pub fn simulate(
        id: GameId,
        config: &SimConfig,
        threads: usize,
        as_json: bool,
        progress: bool,
        plot: Option<&std::path::Path>,
    ) -> Result<()> {
        on_game!(id, G => crate::sim::simulate::<G>(config, threads, as_json, progress, plot))
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
