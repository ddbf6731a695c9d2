//! One agent at a time: a match of any game made sequential for OpenSpiel-, PettingZoo- and
//! Gymnasium-shaped APIs, with fixed action ids.
//!
//! **Windows made sequential.** Where several seats may act at once (a reaction window, a
//! simultaneous phase), every seat that could act — the actors, and the seats public information
//! says could be in a window ([`Encoding::window_seats`]) — is asked in turn, in an order drawn
//! afresh for each position from a public hash of (the match's window salt, the number of engine
//! actions applied so far). Every seat is equally likely to come first at any position, so the
//! order favours nobody. A seat the match does not wait for may decline (the last id of the game); a seat it
//! waits for must act. The first seat to take a real action wins the race, exactly as tapis's own
//! race rule does when every seat says at once what it wants (`tapis_core::race::among_willing`
//! draws uniformly among the willing); the position then changes and a new order is drawn. A
//! seat that declined is not asked again until the position changes. Declines are public: the
//! seats asked after it know.
//!
//! **Ends.** A match ends when its rules end it, or is stopped as a draw (truncated): at the
//! decision limit, or when it no longer progresses ([`tapis_bots::progress`]: a position that
//! keeps coming back, or `no_progress` engine actions without a new round, a score change or a
//! seat holding fewer cards than at the last progress).
//!
//! **Information states.** A seat's information state is everything it has seen, in order: the
//! view it was dealt, its own actions, the events the engine tells it (each game's
//! [`tapis_core::GameEvent::audience`]) and the declines. It is not stored: it is replayed on
//! demand from the match's [`Origin`] (its deal, or the position a state was resampled at), so
//! that applying an action costs nothing more. The tensor is the observation followed by the
//! seat's own history this round (how often it took each id, and its last id): fixed in size,
//! so not a perfect recall; the string is.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tapis_bots::progress::{Progress, Stall};
use tapis_core::game::ActionList;
use tapis_core::rng::game_seed;
use tapis_core::{
    FullGame, GameEvent, GameRng, Lang, MAX_SEATS, Match, MatchRequest, Record, Seat, SeatSet, StepLog, Words,
};

/// What the package needs of a game: its action ids and tensors, its counters (which
/// `tapis.arena` reports as the Rust arena does), its bots and its words: every concern.
pub trait Rules: FullGame {}

impl<G: FullGame> Rules for G {}

/// What a match's rewards are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reward {
    /// The match's win shared by its winners (1 / winners each, 0 for the others), given at the
    /// end; a match stopped at the decision limit is a draw shared by every seat.
    Win,
    /// The match score in the game's own unit, from 0 at the start, as it moves.
    Score,
}

/// The table: game, player count, options, reward, the limits that stop a match.
#[derive(Clone, Debug)]
pub struct Table<G: Rules> {
    pub players: usize,
    pub options: G::Options,
    pub options_json: serde_json::Map<String, serde_json::Value>,
    pub reward: Reward,
    /// Engine actions after which a match is stopped as a draw.
    pub max_decisions: u64,
    /// Engine actions without progress after which a match is stopped as a draw (0: never).
    pub no_progress: u64,
    pub num_actions: usize,
    pub decline: Option<usize>,
    pub obs_len: usize,
    /// The least and greatest return a seat can have, and their sum when it is fixed.
    pub utility: (f64, f64, Option<f64>),
}

impl<G: Rules> Table<G> {
    pub fn new(
        players: usize,
        options_json: serde_json::Map<String, serde_json::Value>,
        reward: Reward,
        max_decisions: u64,
        no_progress: u64,
    ) -> Result<Self, String> {
        let request = MatchRequest { players, options: options_json.clone(), ..MatchRequest::default() };
        // One match set up checks the player count and the options together.
        let first = Match::<G>::new(&request).map_err(|e| e.message(tapis_core::Lang::En))?;
        let options = first.state().options().clone();
        let options_json = first.record().options.clone();
        let engine = G::num_actions(players, &options);
        let decline = G::has_windows(&options).then_some(engine);
        let utility = match reward {
            // The win is shared by the winners, a stopped match by everybody: the sum is 1.
            Reward::Win => (0.0, 1.0, Some(1.0)),
            Reward::Score => {
                let (low, high) = first.state().score_bounds();
                let start = first.state().scores();
                let (least, most) = start.iter().fold((i64::MAX, i64::MIN), |(a, b), &s| (a.min(s), b.max(s)));
                ((low - most) as f64, (high - least) as f64, None)
            }
        };
        Ok(Table {
            players,
            obs_len: G::observation_len(players, &options),
            num_actions: engine + usize::from(decline.is_some()),
            decline,
            options,
            options_json,
            reward,
            max_decisions,
            no_progress,
            utility,
        })
    }

    /// The information-state tensor's length: the observation, then per id the seat's count
    /// this round and its last id.
    pub fn info_len(&self) -> usize {
        self.obs_len + 2 * self.num_actions
    }

    /// The most ids a match can take: OpenSpiel's bound for a game it has, else the decision
    /// limit times the seats that may be asked at one position (each may decline once before
    /// someone acts).
    pub fn max_game_length(&self) -> u64 {
        let asked = if self.decline.is_some() { self.players as u64 } else { 1 };
        let ours = self.max_decisions.saturating_mul(asked);
        G::max_game_length(self.players, &self.options).map_or(ours, |theirs| theirs.min(ours))
    }

    /// Whether rewards come only at the end of a match (OpenSpiel's terminal reward model).
    pub fn terminal_rewards(&self) -> bool {
        self.reward == Reward::Win || G::scores_only_at_end(&self.options)
    }

    pub fn request(&self, seed: u64) -> MatchRequest {
        MatchRequest { players: self.players, seed, options: self.options_json.clone(), ..MatchRequest::default() }
    }

    pub fn action_text(&self, id: usize) -> Option<String> {
        if Some(id) == self.decline {
            return Some("decline".into());
        }
        G::id_action(self.players, &self.options, id).map(|a| a.to_string())
    }

    pub fn text_action(&self, text: &str) -> Result<usize, String> {
        if text.trim().eq_ignore_ascii_case("decline")
            && let Some(id) = self.decline
        {
            return Ok(id);
        }
        let action = G::parse_action(text).map_err(|e| e.message(tapis_core::Lang::En))?;
        let id = G::action_id(self.players, &self.options, action);
        // An action the table can never make (a seat that is not there) has no id.
        if G::id_action(self.players, &self.options, id) == Some(action) {
            Ok(id)
        } else {
            Err(format!("'{action}' is not an action at this table"))
        }
    }
}

/// The public salt of a match's window orders, from its seed.
pub fn window_salt(seed: u64) -> u64 {
    game_seed(seed, 0x051D_00E5)
}

/// A match made sequential.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Seq<G: Rules> {
    pub state: G,
    /// The record of a played match (`None` for a state sampled from a view).
    pub record: Option<Record>,
    pub salt: u64,
    /// Engine actions applied.
    pub steps: u64,
    /// Seats that declined at this position.
    pub declined: SeatSet,
    /// Every id applied, declines included.
    pub history: Vec<u32>,
    /// Stopped as a draw before the rules ended it (decision limit, or no progress).
    pub truncated: bool,
    /// Why, when it no longer progressed.
    pub stalled: Option<Stall>,
    pub progress: Progress<G>,
    /// The scores at the start (for `Reward::Score`).
    pub start_scores: Vec<i64>,
    /// Returns before the last id applied.
    pub last_returns: Vec<f64>,
    /// Where the seats' information states are replayed from.
    pub origin: Arc<Origin<G>>,
    pub own: OwnHistory,
}

/// The position the seats' histories are replayed from, and what each seat saw before it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Origin<G: Rules> {
    state: G,
    steps: u64,
    declined: SeatSet,
    /// The length of `history` at this position.
    at: usize,
    /// What was seen before, oldest first, each line with the seats that saw it.
    lines: Vec<(SeatSet, String)>,
}

/// Each seat's own actions this round: what the information-state tensor adds to the
/// observation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OwnHistory {
    round: u32,
    /// How many times each seat took each id this round, seat-major.
    counts: Vec<u16>,
    /// Each seat's last id this round (`u32::MAX`: none).
    last: Vec<u32>,
}

impl OwnHistory {
    fn new(players: usize, num_actions: usize, round: u32) -> Self {
        OwnHistory { round, counts: vec![0; players * num_actions], last: vec![u32::MAX; players] }
    }

    fn took(&mut self, seat: Seat, id: usize, num_actions: usize) {
        let count = &mut self.counts[seat.index() * num_actions + id];
        *count = count.saturating_add(1);
        self.last[seat.index()] = id as u32;
    }

    fn new_round(&mut self, round: u32) {
        if round != self.round {
            self.round = round;
            self.counts.fill(0);
            self.last.fill(u32::MAX);
        }
    }

    /// Forgets what every seat but `seat` did: what a resampled match may know.
    fn only(&mut self, seat: Seat, num_actions: usize) {
        for other in 0..self.last.len() {
            if other != seat.index() {
                self.counts[other * num_actions..(other + 1) * num_actions].fill(0);
                self.last[other] = u32::MAX;
            }
        }
    }
}

/// An event or action as a line of a seat's history.
fn event_line<E: GameEvent>(event: &E) -> String {
    serde_json::to_string(event).unwrap_or_default()
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Who is asked now at a position of `state`, and whether that seat may decline; `None` when
/// nobody may act (the match is over). Allocates nothing.
pub fn to_ask<G: Rules>(state: &G, salt: u64, steps: u64, declined: SeatSet) -> Option<(Seat, bool)> {
    let actors = state.actors();
    if actors.is_empty() {
        return None;
    }
    let waiting = state.waiting_for();
    if actors.len() == 1 && state.window_seats().is_empty() {
        let seat = actors.first()?;
        return Some((seat, false));
    }
    let eligible = actors | state.window_seats();
    let base = salt ^ steps.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut order: arrayvec::ArrayVec<(u64, Seat), MAX_SEATS> =
        eligible.iter().map(|s| (mix(base ^ (u64::from(s.0) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)), s)).collect();
    order.sort_unstable();
    let undecided: arrayvec::ArrayVec<Seat, MAX_SEATS> =
        order.iter().map(|&(_, s)| s).filter(|s| !declined.contains(*s)).collect();
    for (k, &seat) in undecided.iter().enumerate() {
        let acts = actors.contains(seat);
        // A seat may decline unless the match waits for it, or nobody would be left to act.
        let others_left = !waiting.is_empty() || undecided[k + 1..].iter().any(|s| actors.contains(*s));
        let may_decline = !waiting.contains(seat) && others_left;
        if acts || may_decline {
            return Some((seat, may_decline));
        }
    }
    None
}

impl<G: Rules> Seq<G> {
    pub fn from_request(table: &Table<G>, request: &MatchRequest) -> Result<Self, String> {
        let m = Match::<G>::new(request).map_err(|e| e.message(tapis_core::Lang::En))?;
        let state = m.state().clone();
        let start_scores = state.scores().iter().copied().collect();
        // What each seat saw of the deal: its first view.
        let lines = Seat::all(table.players)
            .map(|seat| {
                let view = serde_json::to_string(&state.view(Some(seat))).unwrap_or_default();
                (SeatSet::EMPTY.with(seat), format!("dealt: {view}"))
            })
            .collect();
        let origin = Origin { state: state.clone(), steps: 0, declined: SeatSet::EMPTY, at: 0, lines };
        Ok(Seq {
            progress: Progress::new(&state, table.no_progress),
            own: OwnHistory::new(table.players, table.num_actions, state.round()),
            state,
            record: Some(m.record().clone()),
            salt: window_salt(request.seed),
            steps: 0,
            declined: SeatSet::EMPTY,
            history: Vec::new(),
            truncated: false,
            stalled: None,
            start_scores,
            last_returns: vec![0.0; table.players],
            origin: Arc::new(origin),
        })
    }

    pub fn is_terminal(&self) -> bool {
        self.truncated || self.state.is_over()
    }

    pub fn current(&self) -> Option<(Seat, bool)> {
        if self.is_terminal() {
            return None;
        }
        to_ask(&self.state, self.salt, self.steps, self.declined)
    }

    /// The legal ids of the seat asked now, ascending (none for any other seat).
    pub fn legal_ids(&self, table: &Table<G>, seat: Seat, out: &mut Vec<usize>) {
        out.clear();
        let Some((asked, may_decline)) = self.current() else { return };
        if asked != seat {
            return;
        }
        let mut legal = ActionList::new();
        self.state.legal_actions(seat, &mut legal);
        out.extend(legal.iter().map(|&a| G::action_id(table.players, &table.options, a)));
        if may_decline && let Some(id) = table.decline {
            out.push(id);
        }
        out.sort_unstable();
    }

    /// Applies id `id` for the seat asked now; on any error nothing changes.
    pub fn apply(&mut self, table: &Table<G>, id: usize) -> Result<(), String> {
        let (seat, may_decline) = self.current().ok_or("the match is over")?;
        let before = self.returns(table);
        if Some(id) == table.decline {
            if !may_decline {
                return Err(format!("seat {seat} may not decline now: the match waits for it"));
            }
            self.declined.insert(seat);
        } else {
            let action = G::id_action(table.players, &table.options, id)
                .ok_or_else(|| format!("{id} is not an action id of this game (0..{})", table.num_actions))?;
            match &mut self.record {
                // What chance draws is written into the record beside the action, so that the
                // record replays whatever the generator does tomorrow.
                Some(record) => {
                    let mut log = StepLog::drawing();
                    self.state.apply_logged(seat, action, &mut log).map_err(|e| e.message(tapis_core::Lang::En))?;
                    record.push(seat, action.to_string(), &log.outcomes);
                }
                None => self.state.apply(seat, action).map_err(|e| e.message(tapis_core::Lang::En))?,
            }
            self.steps += 1;
            self.declined = SeatSet::EMPTY;
            if let Some(stall) = self.progress.after(&self.state) {
                self.truncated = true;
                self.stalled = Some(stall);
            } else if self.steps >= table.max_decisions && !self.state.is_over() {
                self.truncated = true;
            }
        }
        self.own.took(seat, id, table.num_actions);
        self.own.new_round(self.state.round());
        self.history.push(id as u32);
        self.last_returns = before;
        Ok(())
    }

    /// Replays the match from its origin, handing each line of history to `line` with the seats
    /// that saw it: the actor's own action (to itself alone: what the others learn of it is in
    /// the events), each event (to its audience), each decline (to everybody).
    fn replay(&self, table: &Table<G>, mut line: impl FnMut(SeatSet, String)) {
        let origin = &*self.origin;
        for (seen, text) in &origin.lines {
            line(*seen, text.clone());
        }
        let mut state = origin.state.clone();
        let (mut steps, mut declined) = (origin.steps, origin.declined);
        let all = SeatSet::all(table.players);
        let mut events = Vec::new();
        for &id in &self.history[origin.at.min(self.history.len())..] {
            let Some((seat, _)) = to_ask(&state, self.salt, steps, declined) else { break };
            if Some(id as usize) == table.decline {
                declined.insert(seat);
                line(all, format!("seat {seat}: decline"));
                continue;
            }
            let Some(action) = G::id_action(table.players, &table.options, id as usize) else { break };
            line(SeatSet::EMPTY.with(seat), format!("seat {seat}: {action}"));
            events.clear();
            state.step(seat, action, &mut events);
            for event in &events {
                let audience = event.audience();
                let seen = Seat::all(table.players).filter(|&s| audience.includes(Some(s))).collect::<SeatSet>();
                line(seen, event_line(event));
            }
            steps += 1;
            declined = SeatSet::EMPTY;
        }
    }

    /// Everything `seat` has seen, in order, after its observation now (OpenSpiel's
    /// information-state string: perfect recall).
    pub fn information_state_string(&self, table: &Table<G>, seat: Seat) -> String {
        let words = Words::new(Lang::En, &[], Some(seat));
        let mut out = G::render_view(&self.state.view(Some(seat)), &words);
        out.push_str(&format!("\n-- seen by seat {seat}, oldest first --\n"));
        self.replay(table, |seen, text| {
            if seen.contains(seat) {
                out.push_str(&text);
                out.push('\n');
            }
        });
        out
    }

    /// The observation of `seat`, then for each id the times it took it this round
    /// (`n / (n + 1)`), then its last id this round (one-hot).
    pub fn information_state_tensor(&self, table: &Table<G>, seat: Seat, out: &mut [f32]) {
        let (obs, a) = (table.obs_len, table.num_actions);
        G::encode_observation(table.players, &table.options, &self.state.view(Some(seat)), &mut out[..obs]);
        let counts = &self.own.counts[seat.index() * a..(seat.index() + 1) * a];
        for (x, &n) in out[obs..obs + a].iter_mut().zip(counts) {
            *x = f32::from(n) / (f32::from(n) + 1.0);
        }
        let last = &mut out[obs + a..obs + 2 * a];
        last.fill(0.0);
        if let Some(x) = last.get_mut(self.own.last[seat.index()] as usize) {
            *x = 1.0;
        }
    }

    pub fn returns(&self, table: &Table<G>) -> Vec<f64> {
        returns_of(&self.state, table, &self.start_scores, self.truncated)
    }

    pub fn rewards(&self, table: &Table<G>) -> Vec<f64> {
        self.returns(table).iter().zip(&self.last_returns).map(|(now, before)| now - before).collect()
    }

    /// A match consistent with everything `seat` has seen, hidden cards re-dealt with `seed`.
    /// Its information states keep what `seat` saw (the lines it shares with the others stay
    /// theirs too); what the others alone saw, and what they did unseen this round, is forgotten.
    /// Its list of ids (`history`) stays the original's, as OpenSpiel's states keep theirs.
    pub fn resample(&self, table: &Table<G>, seat: Seat, seed: u64) -> Self {
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::determinize(&self.state.view(Some(seat)), &mut rng);
        let mut lines = Vec::new();
        self.replay(table, |seen, text| {
            if seen.contains(seat) {
                lines.push((seen, text));
            }
        });
        let origin =
            Origin { state: state.clone(), steps: self.steps, declined: self.declined, at: self.history.len(), lines };
        let mut own = self.own.clone();
        own.only(seat, table.num_actions);
        Seq {
            progress: Progress::new(&state, table.no_progress),
            state,
            record: None,
            salt: self.salt,
            steps: self.steps,
            declined: self.declined,
            history: self.history.clone(),
            truncated: self.truncated,
            stalled: self.stalled,
            start_scores: self.start_scores.clone(),
            last_returns: self.last_returns.clone(),
            origin: Arc::new(origin),
            own,
        }
    }
}

/// Each seat's return (see [`Reward`]).
pub fn returns_of<G: Rules>(state: &G, table: &Table<G>, start: &[i64], truncated: bool) -> Vec<f64> {
    Seat::all(table.players).map(|seat| return_of(state, table, start, truncated, seat)).collect()
}

/// One seat's return, without allocating.
pub fn return_of<G: Rules>(state: &G, table: &Table<G>, start: &[i64], truncated: bool, seat: Seat) -> f64 {
    match table.reward {
        Reward::Win if truncated => 1.0 / table.players as f64,
        Reward::Win if state.is_over() => {
            let winners = state.winners();
            if winners.contains(seat) { 1.0 / winners.len() as f64 } else { 0.0 }
        }
        Reward::Win => 0.0,
        Reward::Score => (state.scores()[seat] - start[seat.index()]) as f64,
    }
}
