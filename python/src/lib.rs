//! `tapis._tapis`: the Rust half of the Python package `tapis` (PyO3 + rust-numpy, built by
//! maturin). The OpenSpiel-shaped core (`Game`, `State`), the batched `VectorEnv`, bots as
//! policies and the arena; `python/tapis/` adds the OpenSpiel registration, the PettingZoo and
//! the Gymnasium environments on top. Everything a game needs for it (action ids, tensors) lives
//! in the game's own folder (`crates/games/<game>/src/encoding.rs`); this crate only binds.
//!
//! Every object pickles (`__reduce__`): a game by its table and its stream of deals, a state by
//! its serialization, a bot by its generator, a vector environment by everything it holds.

mod arena;
mod dynamic;
mod seq;
mod vector;

use dynamic::{DynGame, DynState, DynVec, GameOf};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use seq::{Reward, Table};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tapis_bots::BotKind;
use tapis_bots::progress::{DEFAULT_LIMIT, Stall};
use tapis_core::{Seat, SeatSet};
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

/// What makes a table: the game, its seats and options, its reward and limits.
struct Spec {
    players: usize,
    options: Map<String, Value>,
    reward: Reward,
    max_decisions: u64,
    no_progress: u64,
}

fn make_table<G: seq::Rules>(spec: Spec) -> Result<Arc<dyn DynGame>, String> {
    let table = Table::<G>::new(spec.players, spec.options, spec.reward, spec.max_decisions, spec.no_progress)?;
    Ok(Arc::new(GameOf { table: Arc::new(table) }))
}

/// A table as JSON (what pickles and serialized states carry), and back.
fn table_json(table: &dyn DynGame) -> Value {
    json!({
        "game": table.id(),
        "players": table.players(),
        "options": table.options_json(),
        "reward": table.reward(),
        "max_decisions": table.max_decisions(),
        "no_progress": table.no_progress(),
    })
}

fn table_from_json(value: &Value) -> PyResult<Arc<dyn DynGame>> {
    let bad = |what: &str| err(format!("not a tapis table: no '{what}'"));
    let game = value.get("game").and_then(Value::as_str).ok_or_else(|| bad("game"))?;
    let players = value.get("players").and_then(Value::as_u64).ok_or_else(|| bad("players"))? as usize;
    let options = match value.get("options") {
        Some(Value::Object(map)) => map.clone(),
        _ => return Err(bad("options")),
    };
    let reward = match value.get("reward").and_then(Value::as_str) {
        Some("score") => "score",
        _ => "win",
    };
    let max = value.get("max_decisions").and_then(Value::as_u64).unwrap_or(tapis_bots::MAX_DECISIONS);
    let no_progress = value.get("no_progress").and_then(Value::as_u64).unwrap_or(DEFAULT_LIMIT);
    load(game, Some(players), Some(reward), max, no_progress, options)
}

/// A fresh seed from the operating system, for a deal or a resampling nobody seeded.
fn entropy() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

/// A table of a game: the game, its player count and options (OpenSpiel's `Game`). Its states
/// dealt without a seed come from its own stream: deal `k` from `game_seed(rng_seed, k)`, the
/// stream seeded by `rng_seed` when given, by the operating system otherwise.
#[pyclass(module = "tapis", name = "Game", frozen)]
pub struct PyGame {
    inner: Arc<dyn DynGame>,
    rng_seed: Option<u64>,
    base: u64,
    dealt: AtomicU64,
}

impl PyGame {
    fn new(inner: Arc<dyn DynGame>, rng_seed: Option<u64>) -> Self {
        PyGame { inner, rng_seed, base: rng_seed.unwrap_or_else(entropy), dealt: AtomicU64::new(0) }
    }

    fn next_seed(&self) -> u64 {
        tapis_core::rng::game_seed(self.base, self.dealt.fetch_add(1, Ordering::Relaxed))
    }
}

#[pymethods]
impl PyGame {
    /// The game's id: `nantais`, `crazyeights`...
    #[getter]
    fn id(&self) -> &'static str {
        self.inner.id()
    }

    /// Raises `ValueError` unless the built-in bot `name` can play this table: an unknown name,
    /// or `learned` / `ismcts-learned` where the game has no learned policy for it (the message
    /// names the games that have one).
    fn check_bot(&self, name: &str) -> PyResult<()> {
        self.inner.check_bot(BotKind::parse(name).map_err(err)?).map_err(err)
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

    /// The observation, then per id the seat's count this round and its last id.
    fn information_state_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.info_len()]
    }

    fn information_state_tensor_size(&self) -> usize {
        self.inner.info_len()
    }

    /// The most ids a match can take: OpenSpiel's bound where OpenSpiel has the game
    /// (crazyeights: 10,000), else the decision limit times the seats that may be asked at one
    /// position (each may decline once before someone acts).
    fn max_game_length(&self) -> u64 {
        self.inner.max_game_length()
    }

    /// Engine actions after which a match is stopped (truncated) and scored as a draw.
    #[getter]
    fn max_decisions(&self) -> u64 {
        self.inner.max_decisions()
    }

    /// Engine actions without progress after which a match is stopped as a draw (0: never).
    #[getter]
    fn no_progress(&self) -> u64 {
        self.inner.no_progress()
    }

    /// The seed of the stream of deals, when one was given.
    #[getter]
    fn rng_seed(&self) -> Option<u64> {
        self.rng_seed
    }

    fn min_utility(&self) -> f64 {
        self.inner.utility().0
    }

    fn max_utility(&self) -> f64 {
        self.inner.utility().1
    }

    /// The sum of the returns when it is always the same (1 with `reward="win"`), else `None`.
    fn utility_sum(&self) -> Option<f64> {
        self.inner.utility().2
    }

    /// `"terminal"` when rewards come only at the end of a match, else `"rewards"`.
    #[getter]
    fn reward_model(&self) -> &'static str {
        if self.inner.terminal_rewards() { "terminal" } else { "rewards" }
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

    /// A new match dealt from `seed` (without one, the game's next seed: a new deal every
    /// time), or from a hand-made `deal` (NOTATION.md).
    #[pyo3(signature = (seed = None, deal = None))]
    fn new_initial_state(
        slf: &Bound<'_, Self>,
        seed: Option<u64>,
        deal: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyState> {
        let deal = deal.map(py_to_json).transpose()?;
        let seed = seed.unwrap_or_else(|| slf.get().next_seed());
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

    /// Pickles the table and its stream of deals. A game whose stream the operating system
    /// seeded gets a new one when unpickled (two workers unpickling one game do not deal the
    /// same matches); a seeded one goes on where it was.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let game = slf.get();
        let mut state = table_json(&*game.inner);
        state["rng_seed"] = json!(game.rng_seed);
        state["dealt"] = json!(game.dealt.load(Ordering::Relaxed));
        let restore = slf.py().import("tapis._tapis")?.getattr("_restore_game")?;
        Ok((restore, (state.to_string(),)))
    }
}

#[pyfunction]
fn _restore_game(text: &str) -> PyResult<PyGame> {
    let value: Value = serde_json::from_str(text).map_err(|e| err(format!("not a pickled tapis.Game: {e}")))?;
    let rng_seed = value.get("rng_seed").and_then(Value::as_u64);
    let game = PyGame::new(table_from_json(&value)?, rng_seed);
    if rng_seed.is_some() {
        game.dealt.store(value.get("dealt").and_then(Value::as_u64).unwrap_or(0), Ordering::Relaxed);
    }
    Ok(game)
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

    /// Whose view a method reads: `player`, else the seat asked now; nobody's (a spectator's)
    /// with `spectator`.
    fn viewer(&self, player: Option<i64>, spectator: bool) -> PyResult<Option<Seat>> {
        match (player, spectator) {
            (Some(_), true) => Err(err("give a player or spectator=True, not both")),
            (None, true) => Ok(None),
            (Some(p), false) => Ok(Some(self.seat(p)?)),
            (None, false) => match self.inner.current() {
                Some((seat, _)) => Ok(Some(seat)),
                None => Err(err("the match is over and nobody is asked: name the player (or spectator=True)")),
            },
        }
    }

    fn seat_or_current(&self, player: Option<i64>) -> PyResult<Seat> {
        Ok(self.viewer(player, false)?.expect("a seat"))
    }
}

/// A seed from what OpenSpiel's `resample_from_infostate` is given: a seed, a sampler (a
/// callable giving floats in `[0, 1)`, as `pyspiel.UniformProbabilitySampler`: two draws, 32 bits
/// each), or nothing (a seed from the operating system).
fn seed_of(sampler: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(sampler) = sampler.filter(|s| !s.is_none()) else { return Ok(entropy()) };
    if let Ok(seed) = sampler.extract::<u64>() {
        return Ok(seed);
    }
    if !sampler.is_callable() {
        return Err(err("give a seed, or a sampler: a callable returning floats in [0, 1)"));
    }
    let mut seed = 0u64;
    for _ in 0..2 {
        let u: f64 = sampler.call0()?.extract()?;
        if !(0.0..=1.0).contains(&u) {
            return Err(err(format!("the sampler gave {u}, not a float in [0, 1)")));
        }
        seed = (seed << 32) | ((u * 4_294_967_296.0) as u64).min(u64::from(u32::MAX));
    }
    Ok(seed)
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

    /// The observation tensor of `player` (default: the seat asked now; a spectator's with
    /// `spectator=True`), from its view alone.
    #[pyo3(signature = (player = None, *, spectator = false))]
    fn observation_tensor(&self, player: Option<i64>, spectator: bool) -> PyResult<Vec<f32>> {
        let mut out = vec![0f32; self.inner.table().obs_len()];
        self.inner.observation(self.viewer(player, spectator)?, &mut out);
        Ok(out)
    }

    /// The observation as a numpy array.
    #[pyo3(signature = (player = None, *, spectator = false))]
    fn observation_array<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
        spectator: bool,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        Ok(PyArray1::from_vec(py, self.observation_tensor(player, spectator)?))
    }

    /// The seat's view as the terminal draws it, in English.
    #[pyo3(signature = (player = None, *, spectator = false))]
    fn observation_string(&self, player: Option<i64>, spectator: bool) -> PyResult<String> {
        Ok(self.inner.observation_string(self.viewer(player, spectator)?))
    }

    /// The seat's view as JSON data (what the tensor is made from).
    #[pyo3(signature = (player = None, *, spectator = false))]
    fn view<'py>(&self, py: Python<'py>, player: Option<i64>, spectator: bool) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.view_json(self.viewer(player, spectator)?))
    }

    /// The observation of `player` (default: the seat asked now), then its own history this
    /// round: for each id `n / (n + 1)` where it took it `n` times, and its last id (one-hot).
    #[pyo3(signature = (player = None))]
    fn information_state_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        let mut out = vec![0f32; self.inner.table().info_len()];
        self.inner.information_state(self.seat_or_current(player)?, &mut out);
        Ok(out)
    }

    #[pyo3(signature = (player = None))]
    fn information_state_array<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        Ok(PyArray1::from_vec(py, self.information_state_tensor(player)?))
    }

    /// Everything `player` (default: the seat asked now) has seen, in order: its observation now,
    /// then its deal, its own actions, the events it was told and the declines, one a line
    /// (perfect recall).
    #[pyo3(signature = (player = None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        Ok(self.inner.information_state_string(self.seat_or_current(player)?))
    }

    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// Stopped as a draw before the rules ended it: at the decision limit, or because it no
    /// longer progressed (`stalled()`).
    fn is_truncated(&self) -> bool {
        self.inner.truncated()
    }

    /// Why the match was stopped for want of progress: `"repetition"` (a position that kept
    /// coming back) or `"no_progress"` (`game.no_progress` engine actions without any); `None`
    /// otherwise.
    fn stalled(&self) -> Option<&'static str> {
        self.inner.stalled().map(|stall| match stall {
            Stall::Repetition => "repetition",
            Stall::NoProgress => "no_progress",
        })
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
    /// (the engine's `determinize`) from `sampler`: OpenSpiel's probability sampler (a callable
    /// giving floats in `[0, 1)`), or a seed; `seed=` names one; neither draws a fresh one.
    #[pyo3(signature = (player, sampler = None, *, seed = None))]
    fn resample_from_infostate(
        &self,
        py: Python<'_>,
        player: i64,
        sampler: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
    ) -> PyResult<PyState> {
        let seat = self.seat(player)?;
        let seed = match seed {
            Some(seed) => seed,
            None => seed_of(sampler)?,
        };
        Ok(PyState { inner: self.inner.resample(seat, seed), game: self.game.clone_ref(py) })
    }

    /// The whole state as JSON text (`tapis.deserialize_state` reads it back).
    fn serialize(&self) -> String {
        self.inner.serialize().to_string()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.import("tapis._tapis")?.getattr("deserialize_state")?, (self.serialize(),)))
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
        self.inner.check_bot(kind).map_err(err)?;
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
    no_progress: u64,
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
    let spec = Spec { players, options, reward, max_decisions, no_progress };
    tapis_table::on_game!(id, G => make_table::<G>(spec)).map_err(err)
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
/// returns) or `"score"`; `max_decisions` stops a match that never ends (30,000, as the arena),
/// `no_progress` one that no longer progresses (engine actions without progress: 10,000; 0
/// never; a position that keeps coming back stops it too); `rng_seed` seeds the deals of
/// `new_initial_state()` without a seed (the operating system does otherwise).
#[pyfunction]
#[pyo3(signature = (game, players = None, reward = None, max_decisions = tapis_bots::MAX_DECISIONS, no_progress = DEFAULT_LIMIT, rng_seed = None, **options))]
fn load_game(
    game: &str,
    players: Option<usize>,
    reward: Option<&str>,
    max_decisions: u64,
    no_progress: u64,
    rng_seed: Option<u64>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    let inner = load(game, players, reward, max_decisions, no_progress, options_of(options)?)?;
    Ok(PyGame::new(inner, rng_seed))
}

/// A state from `State.serialize()`.
#[pyfunction]
fn deserialize_state(py: Python<'_>, text: &str) -> PyResult<PyState> {
    let value: Value = serde_json::from_str(text).map_err(|e| err(format!("not a serialized state: {e}")))?;
    let inner = table_from_json(&value)?;
    let seq = value.get("seq").cloned().ok_or_else(|| err("not a serialized state: no 'seq'"))?;
    let state = inner.deserialize(seq).map_err(err)?;
    Ok(PyState { inner: state, game: Py::new(py, PyGame::new(inner, None))? })
}

/// The seed of match `k` of a stream seeded `seed`: a `VectorEnv`'s `k`-th match, or a game's
/// `k`-th deal without a seed (`load_game(..., rng_seed=seed)`), is dealt from it.
#[pyfunction]
fn game_seed(seed: u64, k: u64) -> u64 {
    tapis_core::rng::game_seed(seed, k)
}

/// Every game: id, name, player counts, options, rules and its one-line `tagline` (the referee's
/// `games` answer).
#[pyfunction]
fn games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
    json_to_py(py, &tapis_table::games_json())
}

/// Many matches of one game in one call: the agent holds some seats of each (one, several, or
/// all for self-play), built-in bots the others; see `docs/python.md`.
#[pyclass(module = "tapis", name = "VectorEnv")]
pub struct PyVectorEnv {
    core: Box<dyn DynVec>,
    game: Py<PyGame>,
    /// The names of the seats' players: a bot's, or `agent`.
    seats: Vec<String>,
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    reward: Py<PyArrayDyn<f32>>,
    done: Py<PyArray1<bool>>,
    current_player: Py<PyArray1<i64>>,
    truncated: Py<PyArray1<bool>>,
    stalled: Py<PyArray1<bool>>,
}

/// The word for a seat the agent holds, in a list of opponents.
const AGENT: &str = "agent";

/// Who holds each seat, from `opponents` (one name for every other seat, a comma-separated list
/// or a list with one per seat; `agent` marks the agent's seats) and `seat`: the agent's seats
/// and every seat's bot (unused at the agent's).
fn seating(opponents: &Bound<'_, PyAny>, seat: Option<usize>, players: usize) -> PyResult<(SeatSet, Vec<BotKind>)> {
    let names: Vec<String> = match opponents.extract::<String>() {
        Ok(text) => text.split(',').map(|name| name.trim().to_string()).collect(),
        Err(_) => opponents.extract::<Vec<String>>().map_err(|_| {
            err("opponents: give a bot name, or a list with one name per seat ('agent' for the agent's)")
        })?,
    };
    let names = match names.len() {
        1 => vec![names[0].clone(); players],
        n if n == players => names,
        n => return Err(err(format!("{n} opponents for {players} seats: give one name, or one per seat"))),
    };
    let mut agents: SeatSet = names
        .iter()
        .enumerate()
        .filter(|(_, name)| name.eq_ignore_ascii_case(AGENT))
        .map(|(k, _)| Seat(k as u8))
        .collect();
    match seat {
        Some(seat) if seat >= players => {
            return Err(err(format!("seat {seat} is not a seat of this table (0..{players})")));
        }
        Some(seat) if !agents.is_empty() && !agents.contains(Seat(seat as u8)) => {
            return Err(err(format!("seat {seat} is not one of the seats the opponents name 'agent'")));
        }
        Some(seat) => agents.insert(Seat(seat as u8)),
        None if agents.is_empty() => agents.insert(Seat(0)),
        None => {}
    }
    let bots = names
        .iter()
        .enumerate()
        .map(
            |(k, name)| {
                if agents.contains(Seat(k as u8)) { Ok(BotKind::Random) } else { BotKind::parse(name).map_err(err) }
            },
        )
        .collect::<PyResult<Vec<_>>>()?;
    Ok((agents, bots))
}

impl PyVectorEnv {
    fn make(py: Python<'_>, game: PyGame, core: Box<dyn DynVec>) -> PyResult<Self> {
        let (n, table) = (core.spec().num_envs, &game.inner);
        let width = if core.spec().per_seat_rewards() { vec![n, table.players()] } else { vec![n] };
        let spec = core.spec();
        let seats = (0..table.players())
            .map(|k| if spec.agents.contains(Seat(k as u8)) { AGENT.to_string() } else { spec.opponents[k].name() })
            .collect();
        Ok(PyVectorEnv {
            obs: PyArray2::<f32>::zeros(py, [n, table.obs_len()], false).unbind(),
            mask: PyArray2::<i8>::zeros(py, [n, table.num_actions()], false).unbind(),
            reward: PyArrayDyn::<f32>::zeros(py, width, false).unbind(),
            done: PyArray1::<bool>::zeros(py, n, false).unbind(),
            current_player: PyArray1::<i64>::zeros(py, n, false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            stalled: PyArray1::<bool>::zeros(py, n, false).unbind(),
            game: Py::new(py, game)?,
            seats,
            core,
        })
    }

    /// Runs `f` on the core with the arrays it writes, the GIL released.
    fn with_out<R: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Box<dyn DynVec>, &mut vector::Out<'_>) -> R + Send,
    ) -> PyResult<R> {
        let (obs, mask, reward) = (self.obs.bind(py), self.mask.bind(py), self.reward.bind(py));
        let (done, player) = (self.done.bind(py), self.current_player.bind(py));
        let (truncated, stalled) = (self.truncated.bind(py), self.stalled.bind(py));
        let (mut o, mut m, mut r) = (obs.readwrite(), mask.readwrite(), reward.readwrite());
        let (mut d, mut p, mut t, mut s) =
            (done.readwrite(), player.readwrite(), truncated.readwrite(), stalled.readwrite());
        let mut out = vector::Out {
            obs: o.as_slice_mut()?,
            mask: m.as_slice_mut()?,
            reward: r.as_slice_mut()?,
            done: d.as_slice_mut()?,
            current_player: p.as_slice_mut()?,
            truncated: t.as_slice_mut()?,
            stalled: s.as_slice_mut()?,
        };
        let core = &mut self.core;
        Ok(py.detach(|| f(core, &mut out)))
    }
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, players = None, opponents = None, seat = None, seed = 0, reward = None, max_decisions = tapis_bots::MAX_DECISIONS, no_progress = DEFAULT_LIMIT, **options))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        players: Option<usize>,
        opponents: Option<&Bound<'_, PyAny>>,
        seat: Option<usize>,
        seed: u64,
        reward: Option<&str>,
        max_decisions: u64,
        no_progress: u64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let table = load(game, players, reward, max_decisions, no_progress, options_of(options)?)?;
        if num_envs == 0 {
            return Err(err("num_envs must be at least 1"));
        }
        let random = pyo3::types::PyString::new(py, "random");
        let (agents, opponents) = seating(opponents.unwrap_or(random.as_any()), seat, table.players())?;
        for (k, &bot) in opponents.iter().enumerate() {
            if !agents.contains(Seat(k as u8)) {
                table.check_bot(bot).map_err(err)?;
            }
        }
        let core = table.vector(vector::VecSpec { num_envs, agents, opponents, seed });
        PyVectorEnv::make(py, PyGame::new(table, Some(seed)), core)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.core.spec().num_envs
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// Who holds each seat: `agent`, or a bot's name.
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.seats.clone()
    }

    /// The seats the agent holds.
    #[getter]
    fn agent_seats(&self) -> Vec<usize> {
        self.core.spec().agents.iter().map(|s| s.index()).collect()
    }

    /// The seat each row of the observations is for (the seat asked in that match).
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.current_player.bind(py).clone()
    }

    /// Whether the match that ended in the last step was stopped as a draw (decision limit or
    /// no progress).
    #[getter]
    fn truncated<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.truncated.bind(py).clone()
    }

    /// Whether the match that ended in the last step was stopped because it no longer
    /// progressed.
    #[getter]
    fn stalled<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.stalled.bind(py).clone()
    }

    /// Plays every match up to the agent's first decision: `(obs, mask)`, arrays reused by
    /// every later call.
    #[allow(clippy::type_complexity)]
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<i8>>)> {
        self.with_out(py, |core, out| core.reset(out))?;
        Ok((self.obs.bind(py).clone(), self.mask.bind(py).clone()))
    }

    /// Applies each match's action (for the seat `current_player` names), plays the bots until
    /// one of the agent's seats is asked again (a finished match is dealt anew in the same call),
    /// and returns `(obs, mask, reward, done)`, the same arrays every time, written in place.
    /// `reward` has a row per match and a column per seat when the agent holds several seats.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<i8>>,
        Bound<'py, PyArrayDyn<f32>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions = actions.as_slice()?;
        let n = self.core.spec().num_envs;
        if actions.len() != n {
            return Err(err(format!("{} actions for {n} envs", actions.len())));
        }
        self.with_out(py, |core, out| core.step(actions, out))?.map_err(err)?;
        Ok((
            self.obs.bind(py).clone(),
            self.mask.bind(py).clone(),
            self.reward.bind(py).clone(),
            self.done.bind(py).clone(),
        ))
    }

    /// `(episodes finished, agent steps, the agent seats' returns summed over finished
    /// episodes)`.
    fn totals(&self) -> (u64, u64, f64) {
        self.core.totals()
    }

    /// What was counted so far: `episodes`, `agent_steps`, `truncated` and `stalled` matches,
    /// and `seat_returns` (each seat's returns summed over finished episodes).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = self.core.stats();
        let dict = PyDict::new(py);
        dict.set_item("episodes", stats.episodes)?;
        dict.set_item("agent_steps", stats.agent_steps)?;
        dict.set_item("truncated", stats.truncated)?;
        dict.set_item("stalled", stats.stalled)?;
        dict.set_item("seat_returns", stats.seat_returns)?;
        Ok(dict)
    }

    /// Pickles everything: the table, who holds each seat, every match as it stands, the
    /// generators, the counts and the arrays last returned.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let spec = self.core.spec();
        let mut state = table_json(&*self.game.get().inner);
        state["num_envs"] = json!(spec.num_envs);
        state["seats"] = json!(self.seats);
        state["seed"] = json!(spec.seed);
        state["run"] = self.core.save();
        let arrays = (
            self.obs.bind(py).call_method0("copy")?,
            self.mask.bind(py).call_method0("copy")?,
            self.reward.bind(py).call_method0("copy")?,
            self.done.bind(py).call_method0("copy")?,
            self.current_player.bind(py).call_method0("copy")?,
            self.truncated.bind(py).call_method0("copy")?,
            self.stalled.bind(py).call_method0("copy")?,
        );
        let args = (state.to_string(), arrays).into_pyobject(py)?;
        Ok((py.import("tapis._tapis")?.getattr("_restore_vector_env")?, args))
    }
}

#[pyfunction]
#[allow(clippy::type_complexity)]
fn _restore_vector_env(
    py: Python<'_>,
    text: &str,
    arrays: (
        Bound<'_, PyArray2<f32>>,
        Bound<'_, PyArray2<i8>>,
        Bound<'_, PyArrayDyn<f32>>,
        Bound<'_, PyArray1<bool>>,
        Bound<'_, PyArray1<i64>>,
        Bound<'_, PyArray1<bool>>,
        Bound<'_, PyArray1<bool>>,
    ),
) -> PyResult<PyVectorEnv> {
    let bad = || err("not a pickled tapis.VectorEnv");
    let value: Value = serde_json::from_str(text).map_err(|_| bad())?;
    let table = table_from_json(&value)?;
    let num_envs = value.get("num_envs").and_then(Value::as_u64).ok_or_else(bad)? as usize;
    let seed = value.get("seed").and_then(Value::as_u64).ok_or_else(bad)?;
    let seats: Vec<String> = value.get("seats").and_then(|v| serde_json::from_value(v.clone()).ok()).ok_or_else(bad)?;
    let names = pyo3::types::PyList::new(py, &seats)?;
    let (agents, opponents) = seating(names.as_any(), None, table.players())?;
    let spec = vector::VecSpec { num_envs, agents, opponents, seed };
    let core = table.restore_vector(spec, value.get("run").cloned().ok_or_else(bad)?).map_err(err)?;
    let env = PyVectorEnv::make(py, PyGame::new(table, Some(seed)), core)?;
    let (obs, mask, reward, done, player, truncated, stalled) = arrays;
    let same = obs.shape() == env.obs.bind(py).shape()
        && mask.shape() == env.mask.bind(py).shape()
        && reward.shape() == env.reward.bind(py).shape()
        && done.len() == num_envs
        && player.len() == num_envs
        && truncated.len() == num_envs
        && stalled.len() == num_envs;
    if !same {
        return Err(bad());
    }
    obs.copy_to(env.obs.bind(py))?;
    mask.copy_to(env.mask.bind(py))?;
    reward.copy_to(env.reward.bind(py))?;
    done.copy_to(env.done.bind(py))?;
    player.copy_to(env.current_player.bind(py))?;
    truncated.copy_to(env.truncated.bind(py))?;
    stalled.copy_to(env.stalled.bind(py))?;
    Ok(env)
}

#[pymodule]
fn _tapis(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_class::<arena::PyBot>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_game, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_vector_env, m)?)?;
    m.add_function(wrap_pyfunction!(arena::_restore_bot, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_seed, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("NO_PROGRESS", DEFAULT_LIMIT)?;
    Ok(())
}
