//! Many matches of one game stepped in one call (`tapis.VectorEnv`): the agent holds some seats of
//! every match (one, several, or all of them for self-play), built-in bots hold the others and
//! play inside the same call, finished matches are dealt anew at once. Nothing here allocates
//! per step but the bots' own search.
//!
//! **One row per match.** After each call every match waits for one of the agent's seats: row
//! `i` of the observations and masks is that seat's, seen from it, and `current_player[i]` says
//! which seat it is. With several agent seats (self-play), the reward is a row per match with
//! every seat's reward since the previous call, so that a learner can give each seat its due.
//!
//! **Auto-reset, in the step that ends a match**: `done[i]` is set, `reward[i]` is the last reward
//! of that match, and `obs[i]`, `mask[i]` are already the first decision of the next match
//! (Gymnasium's `SAME_STEP` mode); `truncated[i]` says that the match was stopped as a draw (the
//! decision limit, or no progress), `stalled[i]` that it no longer progressed. **The agent is
//! asked only when it has a choice to make beside declining**: a window one of its seats could
//! only decline (a seat public information puts in a window, holding nothing to play in it) is
//! declined for it, which tells it nothing it did not know.

use crate::seq::{Reward, Rules, Table, return_of, to_ask, window_salt};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tapis_bots::BotKind;
use tapis_bots::progress::Progress;
use tapis_core::game::ActionList;
use tapis_core::rng::game_seed;
use tapis_core::{GameRng, Match, Seat, SeatSet};

/// What a vector environment plays.
#[derive(Clone, Debug)]
pub struct VecSpec {
    pub num_envs: usize,
    /// The seats the agent holds in every match.
    pub agents: SeatSet,
    /// The bot of every seat (the agent's entries are not used).
    pub opponents: Vec<BotKind>,
    pub seed: u64,
}

impl VecSpec {
    /// Several agent seats: rewards come as one row per match, a column per seat.
    pub fn per_seat_rewards(&self) -> bool {
        self.agents.len() > 1
    }
}

/// The arrays one call writes, each with a row (or an entry) per match.
pub struct Out<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [i8],
    /// One per match, or `players` per match with [`VecSpec::per_seat_rewards`].
    pub reward: &'a mut [f32],
    pub done: &'a mut [bool],
    pub current_player: &'a mut [i64],
    pub truncated: &'a mut [bool],
    pub stalled: &'a mut [bool],
}

#[derive(Clone, Serialize, Deserialize)]
#[serde(bound = "")]
struct Env<G: Rules> {
    state: G,
    salt: u64,
    steps: u64,
    declined: SeatSet,
    truncated: bool,
    stalled: bool,
    progress: Progress<G>,
    start: Vec<i64>,
    /// Each seat's return when it was last told its reward.
    told: Vec<f64>,
}

/// What a vector environment keeps between calls, beside its table and spec: everything that
/// pickling saves.
#[derive(Clone, Serialize, Deserialize)]
#[serde(bound = "")]
struct Run<G: Rules> {
    envs: Vec<Env<G>>,
    rng: GameRng,
    /// Matches dealt so far: match `k` has seed `game_seed(spec.seed, k)`.
    dealt: u64,
    episodes: u64,
    agent_steps: u64,
    truncated: u64,
    stalled: u64,
    /// Each seat's returns summed over the finished matches.
    seat_returns: Vec<f64>,
    /// The legal ids of the seat asked in each env, as last written to the caller's mask
    /// (checked against, so that a caller writing into its mask changes nothing).
    masks: Vec<i8>,
    /// The agent seat asked in each env now.
    asked: Vec<u8>,
    /// Whether it may decline.
    may_decline: Vec<bool>,
}

pub struct VecCore<G: Rules> {
    table: Arc<Table<G>>,
    spec: VecSpec,
    run: Run<G>,
    legal: ActionList<G::Action>,
}

/// What `bot` plays for `seat`, asked now: an id, the decline when it lets a window pass.
pub fn bot_choice<G: Rules>(
    state: &G,
    table: &Table<G>,
    seat: Seat,
    may_decline: bool,
    bot: BotKind,
    rng: &mut GameRng,
) -> usize {
    let mut legal = ActionList::new();
    state.legal_actions(seat, &mut legal);
    let decline = table.decline.unwrap_or(0);
    if legal.is_empty() {
        return decline;
    }
    match bot.decide::<G>(seat, || state.view(Some(seat)), &legal, !may_decline, rng) {
        Some(action) => G::action_id(table.players, &table.options, action),
        None => decline,
    }
}

impl<G: Rules> Env<G> {
    fn deal(table: &Table<G>, seed: u64) -> Self {
        let state = Match::<G>::new(&table.request(seed)).expect("the table was checked").state().clone();
        let start = state.scores().iter().copied().collect();
        Env {
            progress: Progress::new(&state, table.no_progress),
            state,
            salt: window_salt(seed),
            steps: 0,
            declined: SeatSet::EMPTY,
            truncated: false,
            stalled: false,
            start,
            told: vec![0.0; table.players],
        }
    }

    fn terminal(&self) -> bool {
        self.truncated || self.state.is_over()
    }

    fn ask(&self) -> Option<(Seat, bool)> {
        if self.terminal() { None } else { to_ask(&self.state, self.salt, self.steps, self.declined) }
    }

    fn apply(&mut self, table: &Table<G>, seat: Seat, id: usize) {
        if Some(id) == table.decline {
            self.declined.insert(seat);
            return;
        }
        let action = G::id_action(table.players, &table.options, id).expect("a legal id");
        self.state.apply_unchecked(seat, action);
        self.steps += 1;
        self.declined = SeatSet::EMPTY;
        if self.progress.after(&self.state).is_some() {
            self.truncated = true;
            self.stalled = true;
        } else if self.steps >= table.max_decisions && !self.state.is_over() {
            self.truncated = true;
        }
    }

    fn return_of(&self, table: &Table<G>, seat: Seat) -> f64 {
        return_of(&self.state, table, &self.start, self.truncated, seat)
    }

    /// Writes each seat's reward since it was last told (one entry, or a row of `players`).
    fn tell(&mut self, table: &Table<G>, spec: &VecSpec, reward: &mut [f32]) {
        if table.reward == Reward::Win && !self.terminal() {
            // The win comes at the end: nothing to tell before.
            return;
        }
        for seat in Seat::all(table.players) {
            let now = self.return_of(table, seat);
            let delta = (now - self.told[seat.index()]) as f32;
            self.told[seat.index()] = now;
            if spec.per_seat_rewards() {
                reward[seat.index()] += delta;
            } else if spec.agents.contains(seat) {
                reward[0] += delta;
            }
        }
    }
}

impl<G: Rules> VecCore<G> {
    pub fn new(table: Arc<Table<G>>, spec: VecSpec) -> Self {
        let run = Run {
            rng: GameRng::seed_from_u64(game_seed(spec.seed, u64::MAX)),
            envs: (0..spec.num_envs).map(|k| Env::deal(&table, game_seed(spec.seed, k as u64))).collect(),
            dealt: 0,
            episodes: 0,
            agent_steps: 0,
            truncated: 0,
            stalled: 0,
            seat_returns: vec![0.0; table.players],
            masks: vec![0; spec.num_envs * table.num_actions],
            asked: vec![0; spec.num_envs],
            may_decline: vec![false; spec.num_envs],
        };
        VecCore { table, spec, run, legal: ActionList::new() }
    }

    /// A vector environment as [`VecCore::save`] left it.
    pub fn restore(table: Arc<Table<G>>, spec: VecSpec, saved: serde_json::Value) -> Result<Self, String> {
        let run: Run<G> = serde_json::from_value(saved).map_err(|e| format!("not a saved {} VectorEnv: {e}", G::ID))?;
        let sizes_agree = run.envs.len() == spec.num_envs
            && run.masks.len() == spec.num_envs * table.num_actions
            && run.asked.len() == spec.num_envs
            && run.may_decline.len() == spec.num_envs
            && run.seat_returns.len() == table.players;
        if !sizes_agree {
            return Err(format!("not a saved {} VectorEnv of {} matches", G::ID, spec.num_envs));
        }
        Ok(VecCore { table, spec, run, legal: ActionList::new() })
    }

    /// Plays the bots of env `i` until one of the agent's seats has a choice; deals a new match
    /// when one ends (adding the last rewards to `reward`, setting `done`, `truncated`,
    /// `stalled`).
    fn advance(&mut self, i: usize, out: &mut Out<'_>, reward: &mut [f32]) {
        let table = &*self.table;
        let spec = &self.spec;
        let run = &mut self.run;
        loop {
            let env = &mut run.envs[i];
            match env.ask() {
                Some((seat, may_decline)) if spec.agents.contains(seat) => {
                    self.legal.clear();
                    env.state.legal_actions(seat, &mut self.legal);
                    if !self.legal.is_empty() {
                        run.asked[i] = seat.0;
                        run.may_decline[i] = may_decline;
                        return;
                    }
                    env.apply(table, seat, table.decline.unwrap_or(0));
                    debug_assert!(may_decline);
                }
                Some((seat, may_decline)) => {
                    let bot = spec.opponents[seat.index()];
                    let id = bot_choice(&env.state, table, seat, may_decline, bot, &mut run.rng);
                    env.apply(table, seat, id);
                }
                None => {
                    env.tell(table, spec, reward);
                    for seat in Seat::all(table.players) {
                        let final_return = env.return_of(table, seat);
                        run.seat_returns[seat.index()] += final_return;
                    }
                    out.done[i] = true;
                    out.truncated[i] = env.truncated;
                    out.stalled[i] = env.stalled;
                    run.episodes += 1;
                    run.truncated += u64::from(env.truncated);
                    run.stalled += u64::from(env.stalled);
                    *env = Env::deal(table, game_seed(spec.seed, run.dealt));
                    run.dealt += 1;
                    // Whatever the new match gave before the agent's first decision (stakes
                    // posted, bots' moves) is where its returns start from.
                    for seat in Seat::all(table.players) {
                        env.told[seat.index()] = env.return_of(table, seat);
                    }
                }
            }
        }
    }

    /// Writes env `i`'s observation and mask for the seat asked, right after
    /// [`VecCore::advance`] (whose legal list it reads).
    fn write(&mut self, i: usize, out: &mut Out<'_>) {
        let table = &*self.table;
        let (o, a) = (table.obs_len, table.num_actions);
        let env = &self.run.envs[i];
        let seat = Seat(self.run.asked[i]);
        out.current_player[i] = i64::from(seat.0);
        G::encode_observation(
            table.players,
            &table.options,
            &env.state.view(Some(seat)),
            &mut out.obs[i * o..(i + 1) * o],
        );
        let kept = &mut self.run.masks[i * a..(i + 1) * a];
        kept.fill(0);
        for &action in &self.legal {
            kept[G::action_id(table.players, &table.options, action)] = 1;
        }
        if let (true, Some(decline)) = (self.run.may_decline[i], table.decline) {
            kept[decline] = 1;
        }
        out.mask[i * a..(i + 1) * a].copy_from_slice(kept);
    }

    fn reward_width(&self) -> usize {
        if self.spec.per_seat_rewards() { self.table.players } else { 1 }
    }
}

impl<G: Rules> crate::dynamic::DynVec for VecCore<G> {
    fn spec(&self) -> &VecSpec {
        &self.spec
    }

    fn reset(&mut self, out: &mut Out<'_>) {
        let width = self.reward_width();
        for i in 0..self.run.envs.len() {
            self.run.envs[i] = Env::deal(&self.table, game_seed(self.spec.seed, self.run.dealt));
            self.run.dealt += 1;
            let mut scratch = [0f32; tapis_core::MAX_SEATS];
            self.advance(i, out, &mut scratch[..width]);
            let env = &mut self.run.envs[i];
            for seat in Seat::all(self.table.players) {
                env.told[seat.index()] = env.return_of(&self.table, seat);
            }
            out.done[i] = false;
            out.truncated[i] = false;
            out.stalled[i] = false;
            self.write(i, out);
        }
        out.reward.fill(0.0);
    }

    fn step(&mut self, actions: &[i64], out: &mut Out<'_>) -> Result<(), String> {
        let table = self.table.clone();
        // Every action is checked before any is applied: an error changes nothing.
        let a = table.num_actions;
        for (i, &action) in actions.iter().enumerate() {
            let id = usize::try_from(action).ok().filter(|&id| id < a);
            let Some(id) = id else {
                return Err(format!("env {i}: {action} is not an action id (0..{a})"));
            };
            if self.run.masks[i * a + id] == 0 {
                let text = table.action_text(id).unwrap_or_default();
                let seat = self.run.asked[i];
                return Err(format!("env {i}: action {id} ({text}) is not legal for seat {seat} now"));
            }
        }
        let width = self.reward_width();
        out.reward.fill(0.0);
        for (i, &action) in actions.iter().enumerate() {
            let seat = Seat(self.run.asked[i]);
            self.run.envs[i].apply(&table, seat, action as usize);
            self.run.agent_steps += 1;
            out.done[i] = false;
            out.truncated[i] = false;
            out.stalled[i] = false;
            // The reward row is taken out of `out` while `advance` writes the flags.
            let mut row = [0f32; tapis_core::MAX_SEATS];
            self.advance(i, out, &mut row[..width]);
            if !out.done[i] {
                self.run.envs[i].tell(&table, &self.spec, &mut row[..width]);
            }
            out.reward[i * width..(i + 1) * width].copy_from_slice(&row[..width]);
            self.write(i, out);
        }
        Ok(())
    }

    fn totals(&self) -> (u64, u64, f64) {
        let agent_return = Seat::all(self.table.players)
            .filter(|&s| self.spec.agents.contains(s))
            .map(|s| self.run.seat_returns[s.index()])
            .sum();
        (self.run.episodes, self.run.agent_steps, agent_return)
    }

    fn stats(&self) -> crate::dynamic::VecStats {
        crate::dynamic::VecStats {
            episodes: self.run.episodes,
            agent_steps: self.run.agent_steps,
            truncated: self.run.truncated,
            stalled: self.run.stalled,
            seat_returns: self.run.seat_returns.clone(),
        }
    }

    fn save(&self) -> serde_json::Value {
        serde_json::to_value(&self.run).unwrap_or(serde_json::Value::Null)
    }
}
