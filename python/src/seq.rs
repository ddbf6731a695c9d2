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

use serde::{Deserialize, Serialize};
use tapis_core::game::ActionList;
use tapis_core::rng::game_seed;
use tapis_core::{FullGame, GameRng, MAX_SEATS, Match, MatchRequest, Record, Seat, SeatSet};

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

/// The table: game, player count, options, reward, decision limit.
#[derive(Clone, Debug)]
pub struct Table<G: Rules> {
    pub players: usize,
    pub options: G::Options,
    pub options_json: serde_json::Map<String, serde_json::Value>,
    pub reward: Reward,
    pub max_decisions: u64,
    pub num_actions: usize,
    pub decline: Option<usize>,
    pub obs_len: usize,
}

impl<G: Rules> Table<G> {
    pub fn new(
        players: usize,
        options_json: serde_json::Map<String, serde_json::Value>,
        reward: Reward,
        max_decisions: u64,
    ) -> Result<Self, String> {
        let request = MatchRequest { players, options: options_json.clone(), ..MatchRequest::default() };
        // One match set up checks the player count and the options together.
        let first = Match::<G>::new(&request).map_err(|e| e.message(tapis_core::Lang::En))?;
        let options = first.state().options().clone();
        let options_json = first.record().options.clone();
        let engine = G::num_actions(players, &options);
        let decline = G::has_windows(&options).then_some(engine);
        Ok(Table {
            players,
            obs_len: G::observation_len(players, &options),
            num_actions: engine + usize::from(decline.is_some()),
            decline,
            options,
            options_json,
            reward,
            max_decisions,
        })
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
    pub truncated: bool,
    /// The scores at the start (for `Reward::Score`).
    pub start_scores: Vec<i64>,
    /// Returns before the last id applied.
    pub last_returns: Vec<f64>,
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
        let start_scores = m.state().scores().iter().copied().collect();
        Ok(Seq {
            state: m.state().clone(),
            record: Some(m.record().clone()),
            salt: window_salt(request.seed),
            steps: 0,
            declined: SeatSet::EMPTY,
            history: Vec::new(),
            truncated: false,
            start_scores,
            last_returns: vec![0.0; table.players],
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
            let mut events = Vec::new();
            self.state.apply_logged(seat, action, &mut events).map_err(|e| e.message(tapis_core::Lang::En))?;
            if let Some(record) = &mut self.record {
                record.actions.push((seat.0, action.to_string()));
            }
            self.steps += 1;
            self.declined = SeatSet::EMPTY;
            if self.steps >= table.max_decisions && !self.state.is_over() {
                self.truncated = true;
            }
        }
        self.history.push(id as u32);
        self.last_returns = before;
        Ok(())
    }

    pub fn returns(&self, table: &Table<G>) -> Vec<f64> {
        returns_of(&self.state, table, &self.start_scores, self.truncated)
    }

    pub fn rewards(&self, table: &Table<G>) -> Vec<f64> {
        self.returns(table).iter().zip(&self.last_returns).map(|(now, before)| now - before).collect()
    }

    /// A match consistent with everything `seat` has seen, hidden cards re-dealt with `seed`.
    pub fn resample(&self, seat: Seat, seed: u64) -> Self {
        let mut rng = GameRng::seed_from_u64(seed);
        let state = G::determinize(&self.state.view(Some(seat)), &mut rng);
        Seq { state, record: None, ..self.clone() }
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
