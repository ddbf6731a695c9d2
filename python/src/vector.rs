//! Many matches of one game stepped in one call (`tapis.VectorEnv`): the agent holds one seat of
//! every match, built-in bots hold the others and play inside the same call, finished matches
//! are dealt anew at once. Nothing here allocates per step but the bots' own search.
//!
//! **Auto-reset, in the step that ends a match**: `done[i]` is set, `reward[i]` is the agent's
//! last reward of that match, and `obs[i]`, `mask[i]` are already the first decision of the next
//! match (Gymnasium's `SAME_STEP` mode). **The agent is asked only when it has a choice to make
//! beside declining**: a window the agent could only decline (a seat public information puts in
//! a window, holding nothing to play in it) is declined for it, which tells it nothing it did not
//! know.

use crate::seq::{Rules, Table, return_of, to_ask, window_salt};
use std::sync::Arc;
use tapis_bots::BotKind;
use tapis_core::game::ActionList;
use tapis_core::rng::game_seed;
use tapis_core::{GameRng, Match, Seat, SeatSet};

/// What a vector environment plays.
#[derive(Clone, Debug)]
pub struct VecSpec {
    pub num_envs: usize,
    /// The agent's seat in every match.
    pub seat: Seat,
    /// The bot of every seat (the agent's entry is not used).
    pub opponents: Vec<BotKind>,
    pub seed: u64,
}

struct Env<G: Rules> {
    state: G,
    salt: u64,
    steps: u64,
    declined: SeatSet,
    truncated: bool,
    start: Vec<i64>,
    /// The agent's return when it was last told its reward.
    told: f64,
}

pub struct VecCore<G: Rules> {
    table: Arc<Table<G>>,
    spec: VecSpec,
    envs: Vec<Env<G>>,
    rng: GameRng,
    /// Matches dealt so far: match `k` has seed `game_seed(spec.seed, k)`.
    dealt: u64,
    episodes: u64,
    agent_steps: u64,
    return_sum: f64,
    legal: ActionList<G::Action>,
    /// The agent's legal ids in each env, as last written to the caller's mask (checked
    /// against, so that a caller writing into its mask changes nothing).
    masks: Vec<i8>,
    /// Whether the agent may decline in each env now.
    may_decline: Vec<bool>,
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
        Env { state, salt: window_salt(seed), steps: 0, declined: SeatSet::EMPTY, truncated: false, start, told: 0.0 }
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
        if self.steps >= table.max_decisions && !self.state.is_over() {
            self.truncated = true;
        }
    }

    fn agent_return(&self, table: &Table<G>, seat: Seat) -> f64 {
        return_of(&self.state, table, &self.start, self.truncated, seat)
    }
}

impl<G: Rules> VecCore<G> {
    pub fn new(table: Arc<Table<G>>, spec: VecSpec) -> Self {
        let mut core = VecCore {
            rng: GameRng::seed_from_u64(game_seed(spec.seed, u64::MAX)),
            envs: Vec::with_capacity(spec.num_envs),
            dealt: 0,
            episodes: 0,
            agent_steps: 0,
            return_sum: 0.0,
            legal: ActionList::new(),
            masks: vec![0; spec.num_envs * table.num_actions],
            may_decline: vec![false; spec.num_envs],
            table,
            spec,
        };
        for k in 0..core.spec.num_envs {
            core.envs.push(Env::deal(&core.table, game_seed(core.spec.seed, k as u64)));
        }
        core
    }

    /// Plays the bots of env `i` until the agent has a choice; deals a new match when one ends
    /// (adding the agent's last reward to `reward`, setting `done`).
    fn advance(&mut self, i: usize, reward: &mut f32, done: &mut bool) {
        let table = &*self.table;
        let agent = self.spec.seat;
        loop {
            let env = &mut self.envs[i];
            match env.ask() {
                Some((seat, may_decline)) if seat == agent => {
                    self.legal.clear();
                    env.state.legal_actions(seat, &mut self.legal);
                    if !self.legal.is_empty() {
                        self.may_decline[i] = may_decline;
                        return;
                    }
                    env.apply(table, seat, table.decline.unwrap_or(0));
                    debug_assert!(may_decline);
                }
                Some((seat, may_decline)) => {
                    let bot = self.spec.opponents[seat.index()];
                    let id = bot_choice(&env.state, table, seat, may_decline, bot, &mut self.rng);
                    env.apply(table, seat, id);
                }
                None => {
                    let final_return = env.agent_return(table, agent);
                    *reward += (final_return - env.told) as f32;
                    *done = true;
                    self.episodes += 1;
                    self.return_sum += final_return;
                    *env = Env::deal(table, game_seed(self.spec.seed, self.dealt));
                    self.dealt += 1;
                }
            }
        }
    }

    /// Writes env `i`'s observation and mask for the agent, right after [`VecCore::advance`]
    /// (whose legal list it reads).
    fn write(&mut self, i: usize, obs: &mut [f32], mask: &mut [i8]) {
        let table = &*self.table;
        let env = &self.envs[i];
        let seat = self.spec.seat;
        G::encode_observation(table.players, &table.options, &env.state.view(Some(seat)), obs);
        let a = table.num_actions;
        let kept = &mut self.masks[i * a..(i + 1) * a];
        kept.fill(0);
        for &action in &self.legal {
            kept[G::action_id(table.players, &table.options, action)] = 1;
        }
        if let (true, Some(decline)) = (self.may_decline[i], table.decline) {
            kept[decline] = 1;
        }
        mask.copy_from_slice(kept);
    }
}

impl<G: Rules> crate::dynamic::DynVec for VecCore<G> {
    fn spec(&self) -> &VecSpec {
        &self.spec
    }

    fn reset(&mut self, obs: &mut [f32], mask: &mut [i8]) {
        let (o, a) = (self.table.obs_len, self.table.num_actions);
        for i in 0..self.envs.len() {
            self.envs[i] = Env::deal(&self.table, game_seed(self.spec.seed, self.dealt));
            self.dealt += 1;
            let (mut reward, mut done) = (0.0, false);
            self.advance(i, &mut reward, &mut done);
            self.envs[i].told = self.envs[i].agent_return(&self.table, self.spec.seat);
            self.write(i, &mut obs[i * o..(i + 1) * o], &mut mask[i * a..(i + 1) * a]);
        }
    }

    fn step(
        &mut self,
        actions: &[i64],
        obs: &mut [f32],
        mask: &mut [i8],
        reward: &mut [f32],
        done: &mut [bool],
    ) -> Result<(), String> {
        let table = self.table.clone();
        let seat = self.spec.seat;
        // Every action is checked before any is applied: an error changes nothing.
        let a = table.num_actions;
        for (i, &action) in actions.iter().enumerate() {
            let id = usize::try_from(action).ok().filter(|&id| id < a);
            let Some(id) = id else {
                return Err(format!("env {i}: {action} is not an action id (0..{a})"));
            };
            if self.masks[i * a + id] == 0 {
                let text = table.action_text(id).unwrap_or_default();
                return Err(format!("env {i}: action {id} ({text}) is not legal for the agent now"));
            }
        }
        let (o, a) = (table.obs_len, table.num_actions);
        for i in 0..self.envs.len() {
            let id = actions[i] as usize;
            self.envs[i].apply(&table, seat, id);
            self.agent_steps += 1;
            let (mut r, mut d) = (0.0f32, false);
            self.advance(i, &mut r, &mut d);
            let env = &mut self.envs[i];
            if !d {
                let now = env.agent_return(&table, seat);
                r += (now - env.told) as f32;
                env.told = now;
            } else {
                env.told = env.agent_return(&table, seat);
            }
            reward[i] = r;
            done[i] = d;
            self.write(i, &mut obs[i * o..(i + 1) * o], &mut mask[i * a..(i + 1) * a]);
        }
        Ok(())
    }

    fn totals(&self) -> (u64, u64, f64) {
        (self.episodes, self.agent_steps, self.return_sum)
    }
}
