//! Bots as Python policies, and the arena with Python agents in it.
//!
//! `tapis.arena` plays duplicate deals exactly as `tapis arena` does — deal `d` has seed
//! `game_seed(seed, d)`, played once per seating (`ArenaConfig::seating`), each bot's chance from
//! `game_seed(match seed, 1 + seating)` — and sums the matches with the arena's own [`Tally`] and
//! [`report`] (win shares with 95% intervals, mean scores, Bradley–Terry ratings). Python
//! policies sit at the table beside the built-in bots; every seat plays through the sequential
//! layer (one seat asked at a time, windows with a decline), which gives each willing seat of a
//! window the same chance as the Rust arena's race rule.

use crate::{PyState, err, json_to_py, load};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;
use tapis_bots::BotKind;
use tapis_bots::arena::{ArenaConfig, Lines, Seating, Tally, layout, report};
use tapis_bots::sim::SHARE_UNIT;
use tapis_bots::stats::Outcome;
use tapis_core::rng::game_seed;
use tapis_core::{BySeat, GameRng};
use tapis_table::GameId;

/// A built-in bot as a policy: `bot(state)` gives its id for the seat asked now.
#[pyclass(module = "tapis", name = "Bot")]
pub struct PyBot {
    kind: BotKind,
    rng: GameRng,
}

#[pymethods]
impl PyBot {
    /// `random`, `heuristic` or `ismcts:N`; `seed` seeds the bot's own chance.
    #[new]
    #[pyo3(signature = (name, seed = 0))]
    fn new(name: &str, seed: u64) -> PyResult<Self> {
        Ok(PyBot { kind: BotKind::parse(name).map_err(err)?, rng: GameRng::seed_from_u64(seed) })
    }

    #[getter]
    fn name(&self) -> String {
        self.kind.name()
    }

    /// The bot's id for the seat asked now in `state` (it reads that seat's view only).
    fn __call__(&mut self, state: &PyState) -> PyResult<usize> {
        state.inner.check_bot(self.kind).map_err(err)?;
        state.inner.bot_id(self.kind, self.rng.next_u64()).ok_or_else(|| err("the match is over"))
    }

    fn __repr__(&self) -> String {
        format!("tapis.bots.Bot({:?})", self.kind.name())
    }

    /// Pickles the bot and its generator: the unpickled bot goes on with the same choices.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let rng = serde_json::to_string(&self.rng).map_err(|e| err(e.to_string()))?;
        Ok((py.import("tapis._tapis")?.getattr("_restore_bot")?, (self.kind.name(), rng)))
    }
}

#[pyfunction]
pub fn _restore_bot(name: &str, rng: &str) -> PyResult<PyBot> {
    let rng = serde_json::from_str(rng).map_err(|e| err(format!("not a pickled tapis.Bot: {e}")))?;
    Ok(PyBot { kind: BotKind::parse(name).map_err(err)?, rng })
}

enum Entry<'py> {
    Bot(BotKind),
    Python(Bound<'py, PyAny>),
}

/// Plays `deals` duplicate deals of `game`, each once per seating of `lineup` (bot names and
/// Python callables `policy(state) -> id`), and returns the arena's report as a dict.
#[pyfunction]
#[pyo3(signature = (game, lineup, players = None, deals = 100, seed = 0, seating = "rotations", **options))]
#[allow(clippy::too_many_arguments)]
pub fn arena<'py>(
    py: Python<'py>,
    game: &str,
    lineup: Vec<Bound<'py, PyAny>>,
    players: Option<usize>,
    deals: u64,
    seed: u64,
    seating: &str,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = crate::options_of(options)?;
    let players = players.unwrap_or(lineup.len());
    // As `tapis arena`: stopped at the decision limit alone.
    let table = load(game, Some(players), Some("win"), tapis_bots::MAX_DECISIONS, 0, options.clone())?;
    if lineup.len() != players {
        return Err(err(format!("{} entries for {players} seats: give one per seat", lineup.len())));
    }
    let seating = match seating {
        "rotations" => Seating::Rotations,
        "permutations" => Seating::Permutations,
        other => return Err(err(format!("seating '{other}': write 'rotations' or 'permutations'"))),
    };
    // Python entries get a stand-in kind of their own in the arena's lineup (so that the report
    // keeps them apart), renamed in the report.
    let mut entries = Vec::new();
    let mut kinds = Vec::new();
    let mut renames = Vec::new();
    for (k, item) in lineup.iter().enumerate() {
        if let Ok(name) = item.extract::<String>() {
            let kind = BotKind::parse(&name).map_err(err)?;
            table.check_bot(kind).map_err(err)?;
            entries.push(Entry::Bot(kind));
            kinds.push(kind);
        } else if item.is_callable() {
            let stand_in = BotKind::Ismcts(u32::MAX - k as u32);
            let name = item
                .getattr("name")
                .or_else(|_| item.getattr("__name__"))
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| format!("python{k}"));
            renames.push((stand_in.name(), format!("python:{name}")));
            entries.push(Entry::Python(item.clone()));
            kinds.push(stand_in);
        } else {
            return Err(err(format!("lineup entry {k}: give a bot name or a callable policy(state) -> id")));
        }
    }
    let config = ArenaConfig { players, deals, seed, options: table.options_json(), lineup: kinds, seating };
    let lines = Lines::of(&config.lineup);
    let id: GameId = game.parse().map_err(|e: tapis_table::UnknownGame| err(e.to_string()))?;
    let layout = tapis_table::on_game!(id, G => layout::<G>(&config));
    let mut tally = Tally::empty(layout, &lines.line_of);
    let per_deal = config.seatings_per_deal().max(1);
    for i in 0..config.matches() {
        let (deal, p) = (i / per_deal, i % per_deal);
        let at = config.seating(p);
        let match_seed = game_seed(seed, deal);
        let state = Py::new(
            py,
            PyState {
                inner: table.new_state(match_seed, None).map_err(err)?,
                game: Py::new(py, crate::PyGame::new(table.clone(), Some(match_seed)))?,
            },
        )?;
        let mut rng = GameRng::seed_from_u64(game_seed(match_seed, 1 + p));
        loop {
            let current = state.borrow(py).inner.current();
            let Some((seat, _)) = current else { break };
            let id = match &entries[at[seat.index()]] {
                Entry::Bot(kind) => state.borrow(py).inner.bot_id(*kind, rng.next_u64()).expect("not over"),
                Entry::Python(policy) => policy.call1((state.clone_ref(py),))?.extract::<usize>()?,
            };
            state.borrow_mut(py).apply_action(id as i64)?;
        }
        let s = state.borrow(py);
        let inner = &s.inner;
        let winners = inner.winners();
        let over = inner.is_over();
        let scores = inner.scores();
        let credit = BySeat::from_fn(players, |seat| {
            if !over {
                SHARE_UNIT / players as u64
            } else if winners.contains(&seat.0) {
                SHARE_UNIT / winners.len() as u64
            } else {
                0
            }
        });
        let outcome = Outcome {
            deal,
            seating: p,
            seed: match_seed,
            entries: BySeat::from_fn(players, |seat| at[seat.index()] as u8),
            decisions: inner.steps(),
            rounds: inner.round(),
            unfinished: !over,
            credit,
            score: BySeat::from_fn(players, |seat| scores[seat.index()]),
            counts: inner.counts().ok_or_else(|| err("a match of the arena has its record"))?,
        };
        tally.add(&outcome);
    }
    tally.finish();
    let report = tapis_table::on_game!(id, G => serde_json::to_value(report::<G>(&config, &tally)));
    let mut report = report.map_err(|e| err(e.to_string()))?;
    if let Some(Value::Array(bots)) = report.get_mut("bots") {
        for bot in bots {
            if let Some(Value::String(name)) = bot.get_mut("bot")
                && let Some((_, new)) = renames.iter().find(|(old, _)| old == name)
            {
                *name = new.clone();
            }
        }
    }
    json_to_py(py, &report)
}
