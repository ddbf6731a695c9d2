//! `tapis._tapis`: the Rust half of the Python package `tapis` (PyO3 + rust-numpy, built by
//! maturin). The OpenSpiel-shaped core (`Game`, `State`), the batched `VectorEnv`, bots as
//! policies and the arena; `python/tapis/` adds the PettingZoo and Gymnasium environments on
//! top. Everything a game needs for it (action ids, tensors) lives in the game's own folder
//! (`crates/games/<game>/src/encoding.rs`); this crate only binds.

mod arena;
mod dynamic;
mod seq;
mod vector;

use dynamic::{DynGame, DynState, DynVec, GameOf};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use seq::{Reward, Table};
use serde_json::{Map, Value};
use std::sync::Arc;
use tapis_bots::BotKind;
use tapis_core::Seat;
use tapis_table::GameId;

/// OpenSpiel's id for "no player: the match is over".
const TERMINAL: i64 = -4;

fn err(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

fn py_to_json(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    let json = value.py().import("json")?;
    let text: String = json.call_method1("dumps", (value,))?.extract()?;
    serde_json::from_str(&text).map_err(|e| err(e.to_string()))
}

fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    let json = py.import("json")?;
    json.call_method1("loads", (value.to_string(),))
}

fn make_table<G: seq::Rules>(
    players: usize,
    options: Map<String, Value>,
    reward: Reward,
    max_decisions: u64,
) -> Result<Arc<dyn DynGame>, String> {
    let table = Table::<G>::new(players, options, reward, max_decisions)?;
    Ok(Arc::new(GameOf { table: Arc::new(table) }))
}

fn table_for(
    id: GameId,
    players: usize,
    options: Map<String, Value>,
    reward: Reward,
    max_decisions: u64,
) -> Result<Arc<dyn DynGame>, String> {
    tapis_table::on_game!(id, G => make_table::<G>(players, options, reward, max_decisions))
}

/// A table of a game: the game, its player count and options (OpenSpiel's `Game`).
#[pyclass(module = "tapis", name = "Game", frozen)]
pub struct PyGame {
    inner: Arc<dyn DynGame>,
}

#[pymethods]
impl PyGame {
    /// The game's id: `nantais`, `crazyeights`...
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// Action ids are `0..num_distinct_actions()`; the last one is the decline in games with
    /// reaction windows or simultaneous phases.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The decline id (`None` in a game where seats never act at once).
    #[getter]
    fn decline_action(&self) -> Option<usize> {
        self.inner.decline()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.obs_len()]
    }

    fn observation_tensor_size(&self) -> usize {
        self.inner.obs_len()
    }

    /// The most ids a match can take: the decision limit, times the seats that may be asked
    /// at one position (each may decline once before someone acts).
    fn max_game_length(&self) -> u64 {
        let asked = if self.inner.decline().is_some() { self.inner.players() as u64 } else { 1 };
        self.inner.max_decisions() * asked
    }

    /// Engine actions after which a match is stopped (truncated) and scored as a draw.
    #[getter]
    fn max_decisions(&self) -> u64 {
        self.inner.max_decisions()
    }

    #[getter]
    fn reward(&self) -> &'static str {
        match self.inner.reward() {
            Reward::Win => "win",
            Reward::Score => "score",
        }
    }

    /// Every option of this table, defaults included.
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &Value::Object(self.inner.options_json()))
    }

    /// A new match dealt from `seed`, or from a hand-made `deal` (NOTATION.md).
    #[pyo3(signature = (seed = 0, deal = None))]
    fn new_initial_state(slf: &Bound<'_, Self>, seed: u64, deal: Option<&Bound<'_, PyAny>>) -> PyResult<PyState> {
        let deal = deal.map(py_to_json).transpose()?;
        let inner = slf.get().inner.new_state(seed, deal).map_err(err)?;
        Ok(PyState { inner, game: slf.clone().unbind() })
    }

    /// The action of an id in NOTATION.md's words (`"play 7H"`; `"decline"`).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<String> {
        let id: usize = args.get_item(args.len().saturating_sub(1))?.extract()?;
        self.inner
            .action_text(id)
            .ok_or_else(|| err(format!("{id} is not an action id (0..{})", self.inner.num_actions())))
    }

    /// The id of an action written in NOTATION.md's words (any case and spacing).
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<usize> {
        let text: String = args.get_item(args.len().saturating_sub(1))?.extract()?;
        self.inner.text_action(&text).map_err(err)
    }

    fn __repr__(&self) -> String {
        format!("tapis.load_game({:?}, players={})", self.inner.id(), self.inner.players())
    }
}

/// A match made sequential (OpenSpiel's `State`).
#[pyclass(module = "tapis", name = "State")]
pub struct PyState {
    inner: Box<dyn DynState>,
    game: Py<PyGame>,
}

impl PyState {
    fn seat(&self, player: i64) -> PyResult<Seat> {
        if player < 0 || player as usize >= self.inner.table().players() {
            return Err(err(format!("{player} is not a seat of this table (0..{})", self.inner.table().players())));
        }
        Ok(Seat(player as u8))
    }

    fn observer(&self, player: Option<i64>) -> PyResult<Option<Seat>> {
        player.map(|p| self.seat(p)).transpose()
    }
}

#[pymethods]
impl PyState {
    fn get_game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The seat asked now, or -4 (OpenSpiel's terminal id) once the match is over.
    fn current_player(&self) -> i64 {
        self.inner.current().map_or(TERMINAL, |(seat, _)| seat.0 as i64)
    }

    /// Whether the seat asked now may decline (it is in a reaction window).
    fn may_decline(&self) -> bool {
        self.inner.current().is_some_and(|(_, may)| may)
    }

    /// The legal ids of `player` (default: the seat asked now), ascending; empty for a seat not
    /// asked now.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        let seat = match player {
            Some(p) => self.seat(p)?,
            None => match self.inner.current() {
                Some((seat, _)) => seat,
                None => return Ok(Vec::new()),
            },
        };
        let mut out = Vec::new();
        self.inner.legal_ids(seat, &mut out);
        Ok(out)
    }

    /// 1 for each legal id of `player` (default: the seat asked now), as a list of
    /// `num_distinct_actions()` ints.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<u32>> {
        let mut mask = vec![0u32; self.inner.table().num_actions()];
        for id in self.legal_actions(player)? {
            mask[id] = 1;
        }
        Ok(mask)
    }

    /// Applies an id for the seat asked now; an illegal id raises ValueError and changes nothing.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let id = usize::try_from(action).map_err(|_| err(format!("{action} is not an action id")))?;
        let seat = self.inner.current().map(|(s, _)| s);
        if let Some(seat) = seat {
            let mut legal = Vec::new();
            self.inner.legal_ids(seat, &mut legal);
            if !legal.contains(&id) {
                let text = self.inner.table().action_text(id).unwrap_or_else(|| "no action".into());
                return Err(err(format!("action {id} ({text}) is not legal for seat {seat} now; legal: {legal:?}")));
            }
        }
        self.inner.apply(id).map_err(err)
    }

    /// The action of an id in NOTATION.md's words; OpenSpiel's `(player, action)` is accepted.
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<String> {
        let id: usize = args.get_item(args.len().saturating_sub(1))?.extract()?;
        self.inner.table().action_text(id).ok_or_else(|| err(format!("{id} is not an action id")))
    }

    #[pyo3(signature = (*args))]
    fn string_to_action(&self, args: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<usize> {
        let text: String = args.get_item(args.len().saturating_sub(1))?.extract()?;
        self.inner.table().text_action(&text).map_err(err)
    }

    /// The observation tensor of `player` (a spectator's with `None`), from its view alone.
    #[pyo3(signature = (player = None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let mut out = vec![0f32; self.inner.table().obs_len()];
        self.inner.observation(self.observer(player)?, &mut out);
        Ok(out)
    }

    /// The observation as a numpy array.
    #[pyo3(signature = (player = None))]
    fn observation_array<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        Ok(PyArray1::from_vec(py, self.observation_tensor(player)?))
    }

    /// The seat's view as the terminal draws it, in English.
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.observation_string(self.observer(player)?))
    }

    /// The seat's view as JSON data (what the tensor is made from).
    #[pyo3(signature = (player = None))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.view_json(self.observer(player)?))
    }

    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// Stopped at the decision limit before the rules ended it.
    fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn num_players(&self) -> usize {
        self.inner.table().players()
    }

    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Each seat's reward for the last id applied.
    fn rewards(&self) -> Vec<f64> {
        self.inner.rewards()
    }

    /// The match scores in the game's own unit (PROTOCOL.md).
    fn scores(&self) -> Vec<i64> {
        self.inner.scores()
    }

    fn winners(&self) -> Vec<u32> {
        self.inner.winners().into_iter().map(u32::from).collect()
    }

    fn round(&self) -> u32 {
        self.inner.round()
    }

    /// Seats that declined at this position.
    fn declined(&self) -> Vec<u32> {
        self.inner.declined().into_iter().map(u32::from).collect()
    }

    /// Every id applied, declines included.
    fn history(&self) -> Vec<u32> {
        self.inner.history().to_vec()
    }

    fn move_number(&self) -> usize {
        self.inner.history().len()
    }

    fn clone(&self, py: Python<'_>) -> PyState {
        PyState { inner: self.inner.clone_box(), game: self.game.clone_ref(py) }
    }

    fn __copy__(&self, py: Python<'_>) -> PyState {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone(py)
    }

    /// A match consistent with everything `player` has seen, the cards hidden from it re-dealt
    /// from `seed` (the engine's `determinize`).
    #[pyo3(signature = (player, seed = 0))]
    fn resample_from_infostate(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<PyState> {
        let seat = self.seat(player)?;
        Ok(PyState { inner: self.inner.resample(seat, seed), game: self.game.clone_ref(py) })
    }

    /// The whole state as JSON text (`tapis.deserialize_state` reads it back).
    fn serialize(&self) -> String {
        self.inner.serialize().to_string()
    }

    /// The game record (PROTOCOL.md) that `tapis referee` loads unchanged: `{"cmd": "load",
    /// "record": ...}`. A state sampled by `resample_from_infostate` has none.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let record = self.inner.record().ok_or_else(|| {
            err("a state sampled from a view has no record: only a match played from its deal has one")
        })?;
        json_to_py(py, &record)
    }

    /// What a built-in bot (`random`, `heuristic`, `ismcts:N`) plays for the seat asked now.
    #[pyo3(signature = (bot, seed = 0))]
    fn bot_action(&self, bot: &str, seed: u64) -> PyResult<usize> {
        let kind = BotKind::parse(bot).map_err(err)?;
        self.inner.bot_id(kind, seed).ok_or_else(|| err("the match is over"))
    }

    fn __str__(&self) -> String {
        self.inner.observation_string(None)
    }

    fn __repr__(&self) -> String {
        format!(
            "<tapis.State {} players={} move={} current={}>",
            self.inner.table().id(),
            self.inner.table().players(),
            self.inner.history().len(),
            self.current_player()
        )
    }
}

fn load(
    game: &str,
    players: Option<usize>,
    reward: Option<&str>,
    max_decisions: u64,
    options: Map<String, Value>,
) -> PyResult<Arc<dyn DynGame>> {
    let id: GameId = game.parse().map_err(|e: tapis_table::UnknownGame| err(e.to_string()))?;
    let (min, max) = id.players();
    let players = players.unwrap_or(4.clamp(min, max));
    let reward = match reward.unwrap_or(if id == GameId::CrazyEights { "score" } else { "win" }) {
        "win" => Reward::Win,
        "score" => Reward::Score,
        other => return Err(err(format!("reward '{other}': write 'win' or 'score'"))),
    };
    if max_decisions == 0 {
        return Err(err("max_decisions must be at least 1"));
    }
    table_for(id, players, options, reward, max_decisions).map_err(err)
}

fn options_of(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Map<String, Value>> {
    match kwargs {
        None => Ok(Map::new()),
        Some(kwargs) => match py_to_json(kwargs.as_any())? {
            Value::Object(map) => Ok(map),
            _ => Err(err("options must be keyword arguments")),
        },
    }
}

/// `tapis.load_game("nantais", players=4, joker_draw=5)`: a table of a game. Options are the
/// rulebook's switches; `reward` is `"win"` (default; `"score"` for crazyeights, OpenSpiel's
/// returns) or `"score"`; `max_decisions` stops a match that never ends (30,000, as the arena).
#[pyfunction]
#[pyo3(signature = (game, players = None, reward = None, max_decisions = tapis_bots::MAX_DECISIONS, **options))]
fn load_game(
    game: &str,
    players: Option<usize>,
    reward: Option<&str>,
    max_decisions: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    Ok(PyGame { inner: load(game, players, reward, max_decisions, options_of(options)?)? })
}

/// A state from `State.serialize()`.
#[pyfunction]
fn deserialize_state(py: Python<'_>, text: &str) -> PyResult<PyState> {
    let value: Value = serde_json::from_str(text).map_err(|e| err(format!("not a serialized state: {e}")))?;
    let field = |k: &str| value.get(k).cloned().ok_or_else(|| err(format!("not a serialized state: no '{k}'")));
    let game = field("game")?;
    let players = field("players")?.as_u64().ok_or_else(|| err("players"))? as usize;
    let options = match field("options")? {
        Value::Object(map) => map,
        _ => return Err(err("options")),
    };
    let reward = match field("reward")?.as_str() {
        Some("score") => "score",
        _ => "win",
    };
    let max = field("max_decisions")?.as_u64().unwrap_or(tapis_bots::MAX_DECISIONS);
    let inner = load(game.as_str().unwrap_or_default(), Some(players), Some(reward), max, options)?;
    let state = inner.deserialize(field("seq")?).map_err(err)?;
    Ok(PyState { inner: state, game: Py::new(py, PyGame { inner })? })
}

/// Every game: id, name, player counts, options (the referee's `games` answer).
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    json_to_py(py, &tapis_table::games_json())
}

/// Many matches of one game in one call: the agent holds `seat` in each, built-in bots the
/// others (`opponents`: one name for all, or one per seat); see `docs/python.md`.
#[pyclass(module = "tapis", name = "VectorEnv")]
pub struct PyVectorEnv {
    core: Box<dyn DynVec>,
    game: Py<PyGame>,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArray1<f32>>,
    done: Py<PyArray1<bool>>,
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, players = None, opponents = "random", seat = 0, seed = 0, reward = None, max_decisions = tapis_bots::MAX_DECISIONS, **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        opponents: &str,
        seat: usize,
        seed: u64,
        reward: Option<&str>,
        max_decisions: u64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let table = load(game, players, reward, max_decisions, options_of(options)?)?;
        let n = table.players();
        if seat >= n {
            return Err(err(format!("seat {seat} is not a seat of this table (0..{n})")));
        }
        if num_envs == 0 {
            return Err(err("num_envs must be at least 1"));
        }
        let opponents = BotKind::parse_list(opponents, n).map_err(err)?;
        let spec = vector::VecSpec { num_envs, seat: Seat(seat as u8), opponents, seed };
        let core = table.vector(spec);
        let obs = numpy::PyArray2::<f32>::zeros(py, [num_envs, table.obs_len()], false).unbind();
        let mask = numpy::PyArray2::<i8>::zeros(py, [num_envs, table.num_actions()], false).unbind();
        let reward = numpy::PyArray1::<f32>::zeros(py, num_envs, false).unbind();
        let done = numpy::PyArray1::<bool>::zeros(py, num_envs, false).unbind();
        Ok(PyVectorEnv { core, game: Py::new(py, PyGame { inner: table })?, obs, mask, reward, done })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.core.spec().num_envs
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// Plays every match up to the agent's first decision: `(obs, mask)`, arrays reused by
    /// every later call.
    #[allow(clippy::type_complexity)]
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<i8>>)> {
        let (obs, mask) = (self.obs.bind(py).clone(), self.mask.bind(py).clone());
        {
            let mut o = obs.readwrite();
            let mut m = mask.readwrite();
            let (o, m) = (o.as_slice_mut()?, m.as_slice_mut()?);
            let core = &mut self.core;
            py.detach(|| core.reset(o, m));
        }
        Ok((obs, mask))
    }

    /// Applies each match's agent action, plays the bots until the agent's next decision (a
    /// finished match is dealt anew in the same call), and returns `(obs, mask, reward, done)`,
    /// the same arrays every time, written in place.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<i8>>,
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions = actions.as_slice()?;
        if actions.len() != self.core.spec().num_envs {
            return Err(err(format!("{} actions for {} envs", actions.len(), self.core.spec().num_envs)));
        }
        let (obs, mask) = (self.obs.bind(py).clone(), self.mask.bind(py).clone());
        let (reward, done) = (self.reward.bind(py).clone(), self.done.bind(py).clone());
        {
            let mut o = obs.readwrite();
            let mut m = mask.readwrite();
            let mut r = reward.readwrite();
            let mut d = done.readwrite();
            let (o, m, r, d) = (o.as_slice_mut()?, m.as_slice_mut()?, r.as_slice_mut()?, d.as_slice_mut()?);
            let core = &mut self.core;
            py.detach(|| core.step(actions, o, m, r, d)).map_err(err)?;
        }
        Ok((obs, mask, reward, done))
    }

    /// `(episodes finished, agent steps, sum of the agent's returns over finished episodes)`.
    fn totals(&self) -> (u64, u64, f64) {
        self.core.totals()
    }
}

#[pymodule]
fn _tapis(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_class::<arena::PyBot>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add("TERMINAL", TERMINAL)?;
    Ok(())
}
