//! The package reaches a game once, when a table is made (through the registry's `on_game!`),
//! and then through these two object-safe traits: one virtual call per Python call, or per batch
//! of a vector environment, costs nothing beside Python's own overhead.

use crate::seq::{Reward, Rules, Seq, Table};
use crate::vector::{Out, VecCore, VecSpec};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use tapis_bots::BotKind;
use tapis_core::{Counting, Counts, GameRng, Lang, Match, Seat, Words};

/// A table of some game.
pub trait DynGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn decline(&self) -> Option<usize>;
    fn obs_len(&self) -> usize;
    fn info_len(&self) -> usize;
    fn max_decisions(&self) -> u64;
    fn no_progress(&self) -> u64;
    fn max_game_length(&self) -> u64;
    /// The least and greatest return, and their sum when it is fixed.
    fn utility(&self) -> (f64, f64, Option<f64>);
    fn terminal_rewards(&self) -> bool;
    fn options_json(&self) -> Map<String, Value>;
    fn reward(&self) -> Reward;
    fn action_text(&self, id: usize) -> Option<String>;
    fn text_action(&self, text: &str) -> Result<usize, String>;
    fn new_state(&self, seed: u64, deal: Option<Value>) -> Result<Box<dyn DynState>, String>;
    fn deserialize(&self, seq: Value) -> Result<Box<dyn DynState>, String>;
    fn vector(&self, spec: VecSpec) -> Box<dyn DynVec>;
    fn restore_vector(&self, spec: VecSpec, saved: Value) -> Result<Box<dyn DynVec>, String>;
    /// Whether `bot` can play this table (a learned bot needs a policy for it), or why not.
    fn check_bot(&self, bot: BotKind) -> Result<(), String>;
}

/// A match of some game, made sequential.
pub trait DynState: Send + Sync {
    fn table(&self) -> &dyn DynGame;
    fn current(&self) -> Option<(Seat, bool)>;
    fn legal_ids(&self, seat: Seat, out: &mut Vec<usize>);
    fn apply(&mut self, id: usize) -> Result<(), String>;
    fn observation(&self, seat: Option<Seat>, out: &mut [f32]);
    fn observation_string(&self, seat: Option<Seat>) -> String;
    fn information_state(&self, seat: Seat, out: &mut [f32]);
    fn information_state_string(&self, seat: Seat) -> String;
    fn view_json(&self, seat: Option<Seat>) -> Value;
    fn is_terminal(&self) -> bool;
    fn is_over(&self) -> bool;
    fn truncated(&self) -> bool;
    fn stalled(&self) -> Option<tapis_bots::progress::Stall>;
    fn returns(&self) -> Vec<f64>;
    fn rewards(&self) -> Vec<f64>;
    fn scores(&self) -> Vec<i64>;
    fn winners(&self) -> Vec<u8>;
    fn round(&self) -> u32;
    fn declined(&self) -> Vec<u8>;
    fn history(&self) -> &[u32];
    fn steps(&self) -> u64;
    fn clone_box(&self) -> Box<dyn DynState>;
    fn resample(&self, seat: Seat, seed: u64) -> Box<dyn DynState>;
    fn serialize(&self) -> Value;
    fn record(&self) -> Option<Value>;
    /// What `bot` plays for the seat asked now: an id (the decline when it lets a window pass).
    fn bot_id(&self, bot: BotKind, seed: u64) -> Option<usize>;
    /// [`DynGame::check_bot`] for this match's table.
    fn check_bot(&self, bot: BotKind) -> Result<(), String>;
    /// The game's counters over the match so far, counted again from its record (`None` for a
    /// state sampled from a view, which has none).
    fn counts(&self) -> Option<Counts>;
}

/// Many matches of one game stepped together.
pub trait DynVec: Send + Sync {
    fn spec(&self) -> &VecSpec;
    fn reset(&mut self, out: &mut Out<'_>);
    fn step(&mut self, actions: &[i64], out: &mut Out<'_>) -> Result<(), String>;
    /// `(episodes, agent steps, the agent seats' returns summed over finished matches)`.
    fn totals(&self) -> (u64, u64, f64);
    fn stats(&self) -> VecStats;
    /// Everything but the table and the spec, for pickling.
    fn save(&self) -> Value;
}

/// What a vector environment counted so far.
pub struct VecStats {
    pub episodes: u64,
    pub agent_steps: u64,
    pub truncated: u64,
    pub stalled: u64,
    pub seat_returns: Vec<f64>,
}

pub struct GameOf<G: Rules> {
    pub table: Arc<Table<G>>,
}

pub struct StateOf<G: Rules> {
    table: Arc<Table<G>>,
    seq: Seq<G>,
    game: Arc<GameOf<G>>,
}

impl<G: Rules> DynGame for GameOf<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn check_bot(&self, bot: BotKind) -> Result<(), String> {
        bot.check::<G>(self.table.players, &self.table.options).map_err(|why| why.en)
    }
    fn players(&self) -> usize {
        self.table.players
    }
    fn num_actions(&self) -> usize {
        self.table.num_actions
    }
    fn decline(&self) -> Option<usize> {
        self.table.decline
    }
    fn obs_len(&self) -> usize {
        self.table.obs_len
    }
    fn info_len(&self) -> usize {
        self.table.info_len()
    }
    fn max_decisions(&self) -> u64 {
        self.table.max_decisions
    }
    fn no_progress(&self) -> u64 {
        self.table.no_progress
    }
    fn max_game_length(&self) -> u64 {
        self.table.max_game_length()
    }
    fn utility(&self) -> (f64, f64, Option<f64>) {
        self.table.utility
    }
    fn terminal_rewards(&self) -> bool {
        self.table.terminal_rewards()
    }
    fn options_json(&self) -> Map<String, Value> {
        self.table.options_json.clone()
    }
    fn reward(&self) -> Reward {
        self.table.reward
    }
    fn action_text(&self, id: usize) -> Option<String> {
        self.table.action_text(id)
    }
    fn text_action(&self, text: &str) -> Result<usize, String> {
        self.table.text_action(text)
    }
    fn new_state(&self, seed: u64, deal: Option<Value>) -> Result<Box<dyn DynState>, String> {
        let mut request = self.table.request(seed);
        request.deal = deal;
        let seq = Seq::from_request(&self.table, &request)?;
        Ok(Box::new(StateOf { table: self.table.clone(), seq, game: Arc::new(GameOf { table: self.table.clone() }) }))
    }
    fn deserialize(&self, seq: Value) -> Result<Box<dyn DynState>, String> {
        let seq: Seq<G> = serde_json::from_value(seq).map_err(|e| format!("not a serialized {} state: {e}", G::ID))?;
        Ok(Box::new(StateOf { table: self.table.clone(), seq, game: Arc::new(GameOf { table: self.table.clone() }) }))
    }
    fn vector(&self, spec: VecSpec) -> Box<dyn DynVec> {
        Box::new(VecCore::<G>::new(self.table.clone(), spec))
    }
    fn restore_vector(&self, spec: VecSpec, saved: Value) -> Result<Box<dyn DynVec>, String> {
        Ok(Box::new(VecCore::<G>::restore(self.table.clone(), spec, saved)?))
    }
}

impl<G: Rules> DynState for StateOf<G> {
    fn table(&self) -> &dyn DynGame {
        &*self.game
    }
    fn current(&self) -> Option<(Seat, bool)> {
        self.seq.current()
    }
    fn legal_ids(&self, seat: Seat, out: &mut Vec<usize>) {
        self.seq.legal_ids(&self.table, seat, out)
    }
    fn apply(&mut self, id: usize) -> Result<(), String> {
        self.seq.apply(&self.table, id)
    }
    fn observation(&self, seat: Option<Seat>, out: &mut [f32]) {
        G::encode_observation(self.table.players, &self.table.options, &self.seq.state.view(seat), out)
    }
    fn observation_string(&self, seat: Option<Seat>) -> String {
        let words = Words::new(Lang::En, &[], seat);
        G::render_view(&self.seq.state.view(seat), &words)
    }
    fn information_state(&self, seat: Seat, out: &mut [f32]) {
        self.seq.information_state_tensor(&self.table, seat, out)
    }
    fn information_state_string(&self, seat: Seat) -> String {
        self.seq.information_state_string(&self.table, seat)
    }
    fn view_json(&self, seat: Option<Seat>) -> Value {
        serde_json::to_value(self.seq.state.view(seat)).unwrap_or(Value::Null)
    }
    fn is_terminal(&self) -> bool {
        self.seq.is_terminal()
    }
    fn is_over(&self) -> bool {
        self.seq.state.is_over()
    }
    fn truncated(&self) -> bool {
        self.seq.truncated
    }
    fn stalled(&self) -> Option<tapis_bots::progress::Stall> {
        self.seq.stalled
    }
    fn returns(&self) -> Vec<f64> {
        self.seq.returns(&self.table)
    }
    fn rewards(&self) -> Vec<f64> {
        self.seq.rewards(&self.table)
    }
    fn scores(&self) -> Vec<i64> {
        self.seq.state.scores().iter().copied().collect()
    }
    fn winners(&self) -> Vec<u8> {
        self.seq.state.winners().iter().map(|s| s.0).collect()
    }
    fn round(&self) -> u32 {
        self.seq.state.round()
    }
    fn declined(&self) -> Vec<u8> {
        self.seq.declined.iter().map(|s| s.0).collect()
    }
    fn history(&self) -> &[u32] {
        &self.seq.history
    }
    fn steps(&self) -> u64 {
        self.seq.steps
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(StateOf { table: self.table.clone(), seq: self.seq.clone(), game: self.game.clone() })
    }
    fn resample(&self, seat: Seat, seed: u64) -> Box<dyn DynState> {
        Box::new(StateOf {
            table: self.table.clone(),
            seq: self.seq.resample(&self.table, seat, seed),
            game: self.game.clone(),
        })
    }
    fn serialize(&self) -> Value {
        json!({
            "game": G::ID,
            "players": self.table.players,
            "options": self.table.options_json,
            "reward": self.table.reward,
            "max_decisions": self.table.max_decisions,
            "no_progress": self.table.no_progress,
            "seq": serde_json::to_value(&self.seq).unwrap_or(Value::Null),
        })
    }
    fn record(&self) -> Option<Value> {
        self.seq.record.as_ref().and_then(|r| serde_json::to_value(r).ok())
    }
    fn counts(&self) -> Option<Counts> {
        let record = self.seq.record.as_ref()?;
        let mut state = Match::<G>::new(&record.request()).ok()?.state().clone();
        let mut counting = Counting::<G>::default();
        for (seat, text) in &record.actions {
            state.step(Seat(*seat), G::parse_action(text).ok()?, &mut counting);
        }
        Some(counting.counts)
    }
    fn check_bot(&self, bot: BotKind) -> Result<(), String> {
        self.game.check_bot(bot)
    }
    fn bot_id(&self, bot: BotKind, seed: u64) -> Option<usize> {
        let (seat, may_decline) = self.seq.current()?;
        let mut rng = GameRng::seed_from_u64(seed);
        Some(crate::vector::bot_choice(&self.seq.state, &self.table, seat, may_decline, bot, &mut rng))
    }
}
