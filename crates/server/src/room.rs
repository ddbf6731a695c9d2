//! One room: a task that owns its [`Table`] (the single writer) and the connections watching it.
//! Everything reaches the room as a message on its queue, in arrival order. An accepted action is
//! committed to the store before anyone hears of it.
//!
//! The room never waits for a bot: its table's next move by itself (a bot's, or the turn
//! clock's) is taken as a job as soon as the table changes and worked out beside the room
//! ([`Bots`]), while the room goes on answering messages; the answer is handed back to the table
//! when it comes, and applied only if nobody moved the table meanwhile (a person who acts first
//! wins, and the bot's answer is dropped) and once its delay is over. A person's only move,
//! which the table plays for them after a drawn delay unless they said not to (`auto_forced`),
//! comes the same way.
//!
//! **A write that fails is never told.** If the store cannot commit a move, the room goes back
//! to what is stored, tells its clients (`store_failed`, then a snapshot of what is durable),
//! and goes on: the next move is tried again, and goes through once the store does; bots wait a
//! little before trying again.
//!
//! **A room nobody touches leaves memory** after the server's `archive_after`: its history
//! stays in the store, and [`crate::Server::room`] brings it back the next time it is asked for.

use crate::bots::Owner;
use crate::limits::{BotRoomSlot, Client, RoomPlace};
use crate::outbox::{Closing, Frame, Outbox};
use crate::store::{CHAT_KEPT, LoadedRoom, SeatKind, StoredChat, StoredMatch, StoredRoom, StoredSeat, Write};
use crate::{ApiError, Lang, Server, frames, hash_token, random_token};
use serde::Serialize;
use serde_json::{Value, json};
use std::cell::Cell;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use tapis_bots::Level;
use tapis_core::{MatchRequest, RecordError, Seat};
use tapis_table::{
    Accepted, Answered, Controller, GameId, JobAnswer, JobKey, LoadError, Table, TableError, TableSetup, bot_name,
};
use tokio::sync::{mpsc, oneshot};

/// A client further behind than this gets a snapshot rather than every update it missed.
const MAX_CATCH_UP: u64 = 1000;
/// Connections one seat may have at once (a person with a phone and a computer); a new one
/// beyond it closes that seat's oldest.
pub const CONNECTIONS_PER_SEAT: usize = 4;
/// After a failed commit, bots wait this long before trying again.
const RETRY_AFTER_FAILURE_MS: u64 = 1000;
/// The largest buffer an update starts with (a larger one grows as it is written).
const MAX_FRAME_HINT: usize = 64 * 1024;

/// What a room is asked.
pub enum RoomMsg {
    Join {
        name: String,
        seat: Option<u8>,
        reply: oneshot::Sender<Result<(u8, String), ApiError>>,
    },
    Info {
        reply: oneshot::Sender<RoomInfo>,
    },
    Record {
        reply: oneshot::Sender<Result<Value, ApiError>>,
    },
    /// The score sheet of the current match: every round finished, in order.
    Rounds {
        reply: oneshot::Sender<Value>,
    },
    Connect {
        conn: u64,
        token: Option<String>,
        since: Option<u64>,
        lang: Lang,
        /// `hello`'s `auto_forced`, if given: the seat's choice to have its only move played.
        auto_forced: Option<bool>,
        outbox: Arc<Outbox>,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    Disconnect {
        conn: u64,
    },
    Act {
        conn: u64,
        seq: u64,
        action: String,
        /// SERVER.md's `then`: a second move of the same seat, applied with the first.
        then: Option<String>,
    },
    Chat {
        conn: u64,
        text: String,
    },
    Rematch {
        conn: u64,
    },
    /// A player's settings: whether the table plays their only move for them.
    Settings {
        conn: u64,
        auto_forced: bool,
    },
    /// The host gives the seat of a person who has gone to a bot (an extension of SERVER.md).
    HandOver {
        conn: u64,
        seat: u8,
    },
    /// A message the connection refused itself (malformed, too large, a flood): answered in
    /// order with the room's frames; `close` ends the connection after it.
    Error {
        conn: u64,
        code: ApiError,
        close: bool,
    },
    /// The room leaves this node, which drains or lost its lease ([`crate::cluster`]): every
    /// connection is closed with 1012 so that its client reconnects to the room's next node.
    Leave,
}

/// The `GET /api/rooms/{room}` object of SERVER.md, which the `room` frame also carries. Its
/// fields are in alphabetical order, as clients have always read them.
#[derive(Clone, Debug, Serialize)]
pub struct RoomInfo {
    pub fixed_deal: bool,
    #[serde(serialize_with = "game_id")]
    pub game: GameId,
    /// A practice table: each person is offered the hard bot's move on their turn (an
    /// extension of SERVER.md; absent for other tables).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    #[serde(rename = "match")]
    pub match_no: u32,
    pub options: serde_json::Map<String, Value>,
    pub phase: Phase,
    pub players: usize,
    /// Set when the room's match was played under other rules and opened read-only (an
    /// extension of SERVER.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_only: Option<crate::frozen::Notice>,
    pub room: String,
    pub seats: Vec<SeatInfo>,
    pub seq: u64,
    pub spectators: usize,
}

fn game_id<S: serde::Serializer>(game: &GameId, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(game.id())
}

/// Where the room's current match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Not every person's seat is taken yet.
    Waiting,
    Playing,
    Over,
}

/// One seat of [`RoomInfo`].
#[derive(Clone, Debug, Serialize)]
pub struct SeatInfo {
    /// A bot's level, as `bot:easy` …
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<SeatKind>,
    pub connected: bool,
    /// `human` or `bot`.
    pub kind: &'static str,
    /// The name a person sat down under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub seat: usize,
}

impl SeatInfo {
    /// What the server calls this seat in its words: a bot by its name, a person by theirs.
    pub fn called(&self) -> String {
        match self.bot {
            Some(_) => bot_name(Seat(self.seat as u8)).to_string(),
            None => self.name.clone().unwrap_or_default(),
        }
    }
}

/// A seat of the room.
#[derive(Clone, Debug)]
struct SeatState {
    controller: Controller,
    /// `bot:easy` … for bots.
    bot: Option<SeatKind>,
    name: Option<String>,
    token_hash: Option<[u8; 32]>,
}

struct Connection {
    seat: Option<Seat>,
    lang: Lang,
    outbox: Arc<Outbox>,
}

impl Connection {
    fn send(&self, frame: impl Into<Frame>) -> bool {
        self.outbox.push(frame.into())
    }
}

pub struct Room {
    code: String,
    server: Arc<Server>,
    stored: StoredRoom,
    game: GameId,
    table: Table,
    seats: Vec<SeatState>,
    connections: BTreeMap<u64, Connection>,
    chat: VecDeque<StoredChat>,
    /// The job being worked out beside the room, and where its answer comes. One at a time: a
    /// search that went stale runs to its end before the next starts.
    thinking: Option<(JobKey, oneshot::Receiver<JobAnswer>)>,
    /// An answer that came before its move was due.
    held: Option<JobAnswer>,
    /// A job whose search failed: not asked again until the table moves.
    failed: Option<JobKey>,
    /// After a failed commit, bots wait until then.
    retry_at: Option<u64>,
    /// When someone last touched the room (a message, a connection); with nobody connected, the
    /// room leaves memory `archive_after` later.
    touched: u64,
    /// Counted against its creator's address while bots alone play (a room just created).
    bot_slot: Option<BotRoomSlot>,
    /// The buffer an update is written into starts this large: the size of the room's last
    /// update, and a little more, so that it seldom grows while written.
    frame_size: Cell<usize>,
    /// Whose turn its bots think in: the client that opened the room or brought it back.
    owner: Owner,
    /// At a practice table: the hints being searched, for the table as it stood then and for
    /// these seats.
    hinting: Option<(TableAt, Vec<u8>, oneshot::Receiver<Vec<SeatHint>>)>,
    /// The hints found for the table as it stands, by seat (`None`: that seat has no choice).
    advice: (TableAt, BTreeMap<u8, Option<Value>>),
    /// The room's place among the rooms in memory, given back as it leaves.
    place: Option<RoomPlace>,
}

/// Where a table stands: its match and its number of actions.
type TableAt = (u32, u64);
/// A seat's hint ([`tapis_table::review::hint_json`]), `None` when it has no choice.
type SeatHint = (u8, Option<Value>);

/// Why a stored room could not be rebuilt: at which stored action (0: its setup), or where its
/// chance outcomes stop fitting (the reason is not given, as it may quote an action or an
/// outcome, and so a card).
#[derive(Debug)]
pub struct RestoreError {
    pub at: u64,
}

impl RestoreError {
    fn of(error: &TableError) -> RestoreError {
        let at = match error {
            TableError::Record(LoadError::Record(RecordError::Action { index, .. })) => *index as u64,
            TableError::Record(LoadError::Record(RecordError::Chance { at, .. })) => *at,
            _ => 0,
        };
        RestoreError { at }
    }
}

/// What each seat is called: bots by their name, people by the one they sat down under, free
/// seats numbered.
fn names_of(stored: &StoredRoom, taken: &[StoredSeat]) -> Vec<String> {
    let mut names: Vec<String> = stored
        .seats
        .iter()
        .enumerate()
        .map(|(i, kind)| if kind.is_bot() { bot_name(Seat(i as u8)).to_string() } else { String::new() })
        .collect();
    for seat in taken {
        if let Some(name) = names.get_mut(seat.seat as usize) {
            name.clone_from(&seat.name);
        }
    }
    names
}

fn setup_of(stored: &StoredRoom, game: GameId, current: &StoredMatch, names: Vec<String>) -> TableSetup {
    TableSetup {
        game,
        request: MatchRequest {
            players: stored.players,
            seed: current.seed,
            dealer: Some(current.dealer),
            options: current.options.clone(),
            deal: current.deal.clone(),
        },
        controllers: stored.seats.iter().map(|kind| kind.controller()).collect(),
        bot_delay_ms: stored.bot_delay_ms,
        turn_clock_ms: stored.turn_clock_ms,
        names,
        // Every recipient reads the same words: each seat by name.
        reader: None,
    }
}

impl Room {
    /// A room rebuilt from the store (or just created): its match replayed to the last action.
    pub fn restore(
        server: Arc<Server>,
        loaded: LoadedRoom,
        bot_slot: Option<BotRoomSlot>,
    ) -> Result<Room, RestoreError> {
        let record = loaded.record();
        let LoadedRoom { room: stored, seats: taken, current, chat, .. } = loaded;
        let game: GameId = stored.game.parse().map_err(|_| RestoreError { at: 0 })?;
        let setup = setup_of(&stored, game, &current, names_of(&stored, &taken));
        let now = server.clock.now();
        let mut table = Table::restore(setup, current.match_no, &record, now).map_err(|e| RestoreError::of(&e))?;
        table.touch(now);
        let mut seats: Vec<SeatState> = stored
            .seats
            .iter()
            .map(|kind| SeatState {
                controller: kind.controller(),
                bot: kind.is_bot().then_some(*kind),
                name: None,
                token_hash: None,
            })
            .collect();
        for seat in taken {
            if let Some(state) = seats.get_mut(seat.seat as usize) {
                state.name = Some(seat.name);
                state.token_hash = Some(seat.token_hash);
            }
        }
        let chat = chat.into_iter().rev().take(CHAT_KEPT).rev().collect();
        Ok(Room {
            code: stored.code.clone(),
            server,
            game,
            table,
            seats,
            connections: BTreeMap::new(),
            chat,
            thinking: None,
            held: None,
            failed: None,
            retry_at: None,
            touched: now,
            bot_slot,
            frame_size: Cell::new(1024),
            owner: Owner::Room(stored.code.clone()),
            place: None,
            hinting: None,
            advice: ((0, 0), BTreeMap::new()),
            stored,
        })
    }

    /// The room as held in memory for `client` (none: for nobody in particular, a room a node
    /// takes over), in `place`.
    pub fn held(mut self, client: Option<Client>, place: RoomPlace) -> Room {
        if let Some(client) = client {
            self.owner = Owner::Client(client);
        }
        self.place = Some(place);
        self
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn server(&self) -> &Arc<Server> {
        &self.server
    }

    fn now(&self) -> u64 {
        self.server.clock.now()
    }

    fn started(&self) -> bool {
        self.seats.iter().all(|s| s.controller != Controller::Person || s.name.is_some())
    }

    fn phase(&self) -> Phase {
        if !self.started() {
            Phase::Waiting
        } else if self.table.is_over() {
            Phase::Over
        } else {
            Phase::Playing
        }
    }

    /// The `GET /api/rooms/{room}` object.
    fn info(&self) -> RoomInfo {
        let seats = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                bot: s.bot,
                connected: s.bot.is_some() || self.connections.values().any(|c| c.seat == Some(Seat(i as u8))),
                kind: if s.bot.is_some() { "bot" } else { "human" },
                name: s.name.clone(),
                seat: i,
            })
            .collect();
        RoomInfo {
            fixed_deal: self.stored.fixed_deal,
            game: self.game,
            hints: self.stored.hints,
            match_no: self.table.match_no(),
            options: self.table.current().record().options.clone(),
            phase: self.phase(),
            players: self.stored.players,
            read_only: None,
            room: self.code.clone(),
            seats,
            seq: self.table.seq(),
            spectators: self.connections.values().filter(|c| c.seat.is_none()).count(),
        }
    }

    /// Runs the room until the server stops, or until it leaves memory.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        loop {
            self.think();
            self.advise();
            let idle = self.connections.is_empty() && self.thinking.is_none();
            // A room nobody ever sat down in (opened in bulk, or whose link was never used)
            // leaves memory within seconds: it stays in the store, and comes back when asked.
            let unjoined = self.seats.iter().all(|s| s.name.is_none());
            let keep = match unjoined {
                true => self.server.config.unjoined_after.min(self.server.config.archive_after),
                false => self.server.config.archive_after,
            };
            let archive_at = self.touched + keep.as_millis() as u64;
            let due = match (self.held.as_ref().map(|answer| answer.key().at), self.retry_at) {
                (Some(at), _) => Some(at),
                (None, Some(retry)) => Some(retry),
                (None, None) => None,
            };
            let clock = self.server.clock;
            let sleep = async {
                match due {
                    Some(at) => tokio::time::sleep_until(clock.instant(at)).await,
                    None => std::future::pending().await,
                }
            };
            let archive = async {
                match idle {
                    true => tokio::time::sleep_until(clock.instant(archive_at)).await,
                    false => std::future::pending().await,
                }
            };
            let answer = async {
                match &mut self.thinking {
                    Some((_, answer)) => answer.await,
                    None => std::future::pending().await,
                }
            };
            let hints = async {
                match &mut self.hinting {
                    Some((_, _, hints)) => hints.await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                message = inbox.recv() => match message {
                    Some(RoomMsg::Leave) => {
                        self.leave(&mut inbox);
                        return;
                    }
                    Some(message) => {
                        if !matches!(message, RoomMsg::Disconnect { .. } | RoomMsg::Error { .. }) {
                            self.touched = self.now();
                        }
                        self.handle(message).await
                    }
                    None => return,
                },
                answer = answer => {
                    let (key, _) = self.thinking.take().expect("an answer comes for a job being worked out");
                    match answer {
                        Ok(answer) => self.take_answer(answer).await,
                        Err(_) => {
                            crate::limited!(error, "a bot's search failed", room = %self.code);
                            self.failed = Some(key);
                        }
                    }
                }
                hints = hints => {
                    let (at, seats, _) = self.hinting.take().expect("hints come for a search under way");
                    match hints {
                        Ok(hints) => self.take_hints(at, hints),
                        Err(_) => {
                            crate::limited!(error, "a hint's search failed", room = %self.code);
                            // Not asked again until the table moves, as a bot's failed search.
                            self.take_hints(at, seats.into_iter().map(|s| (s, None)).collect());
                        }
                    }
                }
                () = sleep => {
                    if self.retry_at.is_some_and(|at| at <= self.now()) {
                        self.retry_at = None;
                    }
                    if let Some(answer) = self.held.take() {
                        self.take_answer(answer).await;
                    }
                }
                () = archive => {
                    if self.server.rooms.leave_if_idle(&self.code, &inbox) {
                        inbox.close();
                        // Whatever came meanwhile is dropped unanswered: the askers ask again,
                        // and the room comes back from the store.
                        while inbox.try_recv().is_ok() {}
                        self.server.store.release(&self.code);
                        tracing::info!(room = %self.code, "room left memory");
                        return;
                    }
                }
            }
        }
    }

    /// Leaves memory at once for another node to take the room: what waits in the queue is
    /// dropped unanswered (its askers ask again), and every client is told to reconnect. The
    /// lease is not given up here: a drain gives up all of them at once, once every room has
    /// left; a lease lost is not this node's to give.
    fn leave(&mut self, inbox: &mut mpsc::Receiver<RoomMsg>) {
        self.server.rooms.remove(&self.code);
        inbox.close();
        while inbox.try_recv().is_ok() {}
        for (_, gone) in std::mem::take(&mut self.connections) {
            gone.outbox.close(Closing::RESTART);
        }
        tracing::info!(room = %self.code, "room left this node");
    }

    /// Hands the table's next move by itself to the bots, as soon as the table changes (so that
    /// a search runs during the bots' delay), unless it is being worked out already or its
    /// answer is held until it is due.
    fn think(&mut self) {
        let key = if self.started() { self.table.job_key() } else { None };
        if self.held.as_ref().is_some_and(|held| Some(held.key()) != key) {
            self.held = None;
        }
        let Some(key) = key else { return };
        if self.held.is_some() || self.thinking.is_some() || self.failed == Some(key) || self.retry_at.is_some() {
            return;
        }
        if let Some(job) = self.table.job() {
            self.thinking = Some((key, self.server.bots.think(&self.owner, job)));
        }
    }

    /// Where the table stands now.
    fn at(&self) -> TableAt {
        (self.table.match_no(), self.table.seq())
    }

    /// At a practice table, searches the hard bot's move for each person connected to their
    /// seat, from that seat's view, beside the room on the bots' threads (at their low priority,
    /// after the bots' own moves queued before): once for each seat and each point of the match,
    /// one search at a time. Seeded as `tapis play --hints` is, so the terminal and the browser
    /// give the same advice.
    fn advise(&mut self) {
        if !self.stored.hints || !self.started() || self.table.is_over() || self.hinting.is_some() {
            return;
        }
        let at = self.at();
        if self.advice.0 != at {
            self.advice = (at, BTreeMap::new());
        }
        let persons: Vec<u8> = self
            .connections
            .values()
            .filter_map(|c| c.seat)
            .filter(|s| self.seats.get(s.index()).is_some_and(|s| s.controller == Controller::Person))
            .map(|s| s.0)
            .filter(|s| !self.advice.1.contains_key(s))
            .collect::<std::collections::BTreeSet<u8>>()
            .into_iter()
            .collect();
        if persons.is_empty() {
            return;
        }
        let record = self.table.current().record().clone();
        let names = self.table.setup().names.clone();
        let budget = self.server.config.hint_budget;
        let seats = persons.clone();
        let search = move || {
            let seed = tapis_core::rng::game_seed(record.seed, record.actions.len() as u64);
            let hint = |s: u8| tapis_table::review::hint_json(&record, Seat(s), &names, budget, seed).ok().flatten();
            seats.into_iter().map(|s| (s, hint(s))).collect()
        };
        self.hinting = Some((at, persons, self.server.bots.run(&self.owner, search)));
    }

    /// Hints found: sent to their seats' connections if the table still stands where they were
    /// searched, dropped otherwise (the next ones are on their way).
    fn take_hints(&mut self, at: TableAt, hints: Vec<SeatHint>) {
        if at != self.at() {
            return;
        }
        for (seat, hint) in hints {
            if let Some(hint) = &hint {
                for c in self.connections.values().filter(|c| c.seat == Some(Seat(seat))) {
                    c.send(frames::hint(at.0, at.1, seat, hint, c.lang));
                }
                crate::metrics::METRICS.hints_given.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            self.advice.1.insert(seat, hint);
        }
    }

    /// A job's answer: the move is made, committed and told if the table still stands where
    /// the job was taken; held if it came before its time; dropped if the table moved on.
    async fn take_answer(&mut self, answer: JobAnswer) {
        match self.table.answer(answer, self.now()) {
            Answered::Made(accepted) => self.commit_and_tell(vec![accepted]).await,
            Answered::Early(answer) => self.held = Some(answer),
            Answered::Passed | Answered::Stale => {}
        }
    }

    async fn handle(&mut self, message: RoomMsg) {
        match message {
            RoomMsg::Join { name, seat, reply } => {
                let _ = reply.send(self.join(name, seat).await);
            }
            RoomMsg::Info { reply } => {
                let _ = reply.send(self.info());
            }
            RoomMsg::Record { reply } => {
                let record = if self.table.is_over() {
                    Ok(serde_json::to_value(self.table.current().record()).unwrap_or(Value::Null))
                } else {
                    Err(ApiError::NotOver)
                };
                let _ = reply.send(record);
            }
            RoomMsg::Rounds { reply } => {
                let _ = reply.send(json!({"match": self.table.match_no(), "rounds": self.table.rounds()}));
            }
            RoomMsg::Connect { conn, token, since, lang, auto_forced, outbox, reply } => {
                let _ = reply.send(self.connect(conn, token, since, lang, outbox));
                // A spectator's `hello` may say it too (a page that always does): nothing to set.
                if let (Some(auto_forced), Some(Some(seat))) =
                    (auto_forced, self.connections.get(&conn).map(|c| c.seat))
                {
                    self.table.set_auto_forced(seat, auto_forced);
                }
            }
            RoomMsg::Disconnect { conn } => {
                if let Some(gone) = self.connections.remove(&conn) {
                    gone.outbox.close(Closing::NORMAL);
                    if gone.seat.is_some() {
                        tracing::info!(room = %self.code, "a player left");
                    }
                    self.broadcast_room();
                }
            }
            RoomMsg::Act { conn, seq, action, then } => self.act(conn, seq, &action, then.as_deref()).await,
            RoomMsg::Chat { conn, text } => self.chat(conn, text).await,
            RoomMsg::Rematch { conn } => self.rematch(conn).await,
            RoomMsg::Settings { conn, auto_forced } => self.settings(conn, auto_forced),
            RoomMsg::HandOver { conn, seat } => self.hand_over(conn, seat).await,
            RoomMsg::Error { conn, code, close } => {
                self.error_to(conn, &code);
                if close {
                    self.drop_connections(vec![(conn, crate::ws::closing_for(&code))]);
                }
            }
            // Taken by `run` before it comes here.
            RoomMsg::Leave => {}
        }
    }

    async fn join(&mut self, name: String, wanted: Option<u8>) -> Result<(u8, String), ApiError> {
        let seat = match wanted {
            Some(seat) => {
                let state =
                    self.seats.get(seat as usize).ok_or(ApiError::BadRequest(format!("there is no seat {seat}")))?;
                if state.controller != Controller::Person || state.name.is_some() {
                    return Err(ApiError::SeatTaken);
                }
                seat
            }
            None => self
                .seats
                .iter()
                .position(|s| s.controller == Controller::Person && s.name.is_none())
                .ok_or(ApiError::RoomFull)? as u8,
        };
        let token = random_token();
        let token_hash = hash_token(&token);
        let stored = StoredSeat { seat, name: name.clone(), token_hash };
        self.server.store.write(Write::TakeSeat { room: self.code.clone(), seat: stored }).await.map_err(|e| {
            crate::limited!(error, "storing a seat failed", room = %self.code, error = %e);
            ApiError::StoreFailed
        })?;
        self.table.set_name(Seat(seat), &name);
        self.seats[seat as usize].name = Some(name);
        self.seats[seat as usize].token_hash = Some(token_hash);
        self.broadcast_room();
        if self.started() {
            tracing::info!(room = %self.code, "match started");
            self.table.touch(self.now());
            self.snapshot_all();
        }
        Ok((seat, token))
    }

    /// A connection says `hello`. Seated people always get in (a seat's oldest connection is
    /// closed past [`CONNECTIONS_PER_SEAT`]); spectators are counted apart, up to the server's
    /// `spectators_per_room`.
    fn connect(
        &mut self,
        conn: u64,
        token: Option<String>,
        since: Option<u64>,
        lang: Lang,
        outbox: Arc<Outbox>,
    ) -> Result<(), ApiError> {
        let seat = match token {
            None => None,
            Some(token) => {
                let hash = hash_token(&token);
                let seat = self.seats.iter().position(|s| s.token_hash == Some(hash)).ok_or(ApiError::BadToken)?;
                Some(Seat(seat as u8))
            }
        };
        match seat {
            None => {
                let spectators = self.connections.values().filter(|c| c.seat.is_none()).count();
                if spectators >= self.server.config.spectators_per_room {
                    return Err(ApiError::RoomFull);
                }
            }
            Some(seat) => {
                let same: Vec<u64> =
                    self.connections.iter().filter(|(_, c)| c.seat == Some(seat)).map(|(id, _)| *id).collect();
                if same.len() >= CONNECTIONS_PER_SEAT {
                    self.drop_connections(vec![(same[0], Closing::REPLACED)]);
                }
            }
        }
        let connection = Connection { seat, lang, outbox };
        let seq = self.table.seq();
        // A client that missed nothing still gets a snapshot: its legal actions, its status. One
        // too far behind gets a snapshot instead.
        let missed = match since {
            Some(since) if since < seq && seq - since <= MAX_CATCH_UP => self.missed(seat, since),
            _ => Vec::new(),
        };
        if missed.is_empty() {
            connection.send(self.snapshot(seat));
        }
        for frame in missed {
            connection.outbox.push_unbounded(frame.into());
        }
        for line in &self.chat {
            connection.send(self.chat_frame(line));
        }
        if let (Some(seat), (at, advice)) = (seat, &self.advice)
            && *at == self.at()
            && let Some(Some(hint)) = advice.get(&seat.0)
        {
            connection.send(frames::hint(at.0, at.1, seat.0, hint, lang));
        }
        self.connections.insert(conn, connection);
        self.broadcast_room();
        Ok(())
    }

    fn snapshot(&self, seat: Option<Seat>) -> String {
        frames::snapshot(&self.table, seat, self.started(), self.now())
    }

    /// The updates of this match after `since`, regenerated from its actions and chance
    /// outcomes, for `seat`.
    fn missed(&self, seat: Option<Seat>, since: u64) -> Vec<String> {
        let record = self.table.current().record();
        let setup = self.table.setup().clone();
        let now = self.now();
        let Ok(mut replay) = Table::restore(setup, self.table.match_no(), &record.until(since as usize), now) else {
            return vec![self.snapshot(seat)];
        };
        let mut out = Vec::new();
        let missed = &record.actions[since as usize..];
        for (i, (s, action)) in missed.iter().enumerate() {
            match replay.replay(Seat(*s), action, record.stored_at(since + i as u64 + 1), now) {
                Ok(accepted) => {
                    // The turn clock runs from the last of them.
                    let clock_ms = if i + 1 == missed.len() { frames::clock_ms(&self.table, now) } else { None };
                    let told = frames::Told::new(&replay, &accepted, clock_ms);
                    out.push(frames::update(&told, seat, self.frame_size.get()));
                }
                Err(_) => return vec![self.snapshot(seat)],
            }
        }
        out
    }

    fn error_to(&self, conn: u64, error: &ApiError) {
        if let Some(c) = self.connections.get(&conn) {
            c.send(frames::error(error, c.lang));
        }
    }

    /// A person's move, and with `then` a second one of the same seat applied in the same turn of
    /// the room when it is legal right after the first (« poser et annoncer UNIQUE »): nothing,
    /// nobody's reaction included, comes between them. A `then` no longer legal is dropped
    /// without a word; the first move stands.
    async fn act(&mut self, conn: u64, seq: u64, action: &str, then: Option<&str>) {
        let Some(seat) = self.connections.get(&conn).map(|c| c.seat) else { return };
        let Some(seat) = seat else {
            return self.error_to(conn, &ApiError::Spectator);
        };
        if !self.started() {
            return self.error_to(conn, &ApiError::NotStarted);
        }
        if self.table.is_over() {
            return self.error_to(conn, &ApiError::Over);
        }
        match self.table.submit(seat, seq, action, self.now()) {
            Ok(first) => match then {
                None => self.commit_and_tell(vec![first]).await,
                Some(then) => self.act_then(seat, first, then).await,
            },
            Err(e) => self.refusal_to(conn, seat, &e),
        }
    }

    /// The second of two moves sent together (`then`): applied before anything else is, and
    /// both told at once, each with the table as it left it, so that the other seats never see a
    /// moment between them (their CONTRE UNIQUE button did flash). Refused, the second changes
    /// nothing and the first goes alone.
    async fn act_then(&mut self, seat: Seat, first: Accepted, then: &str) {
        let told = self.updates(&first);
        let Ok(second) = self.table.submit(seat, first.seq, then, self.now()) else {
            return self.commit_and_tell(vec![first]).await;
        };
        // Write, then tell: a failed write has rolled the room back and told everyone.
        if self.commit(&first).await && self.commit(&second).await {
            self.send_all(|_, seat| told.iter().find(|(s, _)| *s == seat).map(|(_, f)| f.clone()).unwrap_or_default());
            self.tell(&second);
        }
    }

    /// A refused move, told with the room's names and the refused seat as « vous » / "you".
    fn refusal_to(&self, conn: u64, seat: Seat, error: &TableError) {
        if let Some(c) = self.connections.get(&conn) {
            c.send(frames::refusal(error.code(), &self.table.refusal(error, seat, c.lang)));
        }
    }

    /// Commits accepted actions, then tells every connection its part: nothing goes out before
    /// it is durable. Should the store fail, the room goes back to what is stored and tells
    /// everyone so: nothing of the move was acknowledged.
    async fn commit_and_tell(&mut self, accepted: Vec<Accepted>) {
        for a in &accepted {
            if !self.commit(a).await {
                return;
            }
            self.tell(a);
        }
    }

    /// Stores an accepted action; on failure the room goes back to what is stored, tells
    /// everyone, and says no.
    async fn commit(&mut self, a: &Accepted) -> bool {
        let write = Write::Action {
            room: self.code.clone(),
            match_no: a.match_no,
            seq: a.seq,
            seat: a.seat.0,
            action: a.action.clone(),
            chance: a.chance.clone(),
        };
        if let Err(e) = self.server.store.write(write).await {
            crate::limited!(
                error,
                "storing an action failed; the room goes back to what is stored",
                room = %self.code,
                error = %e
            );
            self.rollback(a.seq - 1);
            return false;
        }
        if a.round_over.is_some() && self.table.is_over() && a.seq == self.table.seq() {
            tracing::info!(room = %self.code, game = %self.game, "match finished");
            // Bots alone are done playing: the room no longer counts against its creator.
            self.bot_slot = None;
        }
        true
    }

    /// Back to the first `keep` actions of the match (what is stored), told to everyone: an
    /// error, then a snapshot. Bots wait a little before trying again.
    fn rollback(&mut self, keep: u64) {
        let record = self.table.current().record().until(keep as usize);
        let setup = self.table.setup().clone();
        let now = self.now();
        if let Ok(mut table) = Table::restore(setup, self.table.match_no(), &record, now) {
            // The people's own settings are not part of the match: they stay as they were.
            for seat in (0..self.seats.len()).map(|i| Seat(i as u8)) {
                table.set_auto_forced(seat, self.table.auto_forced(seat));
            }
            self.table = table;
        }
        self.retry_at = Some(now + RETRY_AFTER_FAILURE_MS);
        for c in self.connections.values() {
            c.send(frames::error(&ApiError::StoreFailed, c.lang));
        }
        self.snapshot_all();
    }

    /// The update of `accepted` for each seat connected (and the spectators), built now, with
    /// the table as it is now, to be sent later.
    fn updates(&self, accepted: &Accepted) -> Vec<(Option<Seat>, String)> {
        let told = frames::Told::new(&self.table, accepted, frames::clock_ms(&self.table, self.now()));
        let mut built: Vec<(Option<Seat>, String)> = Vec::with_capacity(self.seats.len() + 1);
        for c in self.connections.values() {
            if !built.iter().any(|(seat, _)| *seat == c.seat) {
                built.push((c.seat, frames::update(&told, c.seat, self.frame_size.get())));
            }
        }
        built
    }

    /// One update per connection.
    fn tell(&mut self, accepted: &Accepted) {
        let clock_ms = frames::clock_ms(&self.table, self.now());
        let capacity = self.frame_size.get();
        let told = frames::Told::new(&self.table, accepted, clock_ms);
        let slow = self.send_each(|room, seat| {
            let frame = frames::update(&told, seat, capacity);
            // The next update's buffer: this one's size, and a little room to grow.
            room.frame_size.set((frame.len() + frame.len() / 8).min(MAX_FRAME_HINT));
            frame
        });
        self.drop_connections(slow);
    }

    /// Sends every connection the frame built for its seat: built once per seat and shared by
    /// its connections. A connection too far behind is closed (the client comes back with
    /// `since` and catches up), and the room is told.
    fn send_all(&mut self, build: impl Fn(&Room, Option<Seat>) -> String) {
        let slow = self.send_each(build);
        self.drop_connections(slow);
    }

    /// [`Room::send_all`]'s sending: the connections too slow to take their frame, to be closed.
    fn send_each(&self, build: impl Fn(&Room, Option<Seat>) -> String) -> Vec<(u64, Closing)> {
        // A room has a few seats and spectators: a short list beats a map.
        let mut built: Vec<(Option<Seat>, Frame)> = Vec::with_capacity(self.seats.len() + 1);
        let mut slow = Vec::new();
        for (id, c) in &self.connections {
            let frame = match built.iter().find(|(seat, _)| *seat == c.seat) {
                Some((_, frame)) => frame.clone(),
                None => {
                    let frame = Frame::from(build(self, c.seat));
                    built.push((c.seat, frame.clone()));
                    frame
                }
            };
            if !c.send(frame) {
                slow.push((*id, Closing::TOO_SLOW));
            }
        }
        slow
    }

    fn drop_connections(&mut self, ids: Vec<(u64, Closing)>) {
        if ids.is_empty() {
            return;
        }
        for (id, closing) in ids {
            if let Some(gone) = self.connections.remove(&id) {
                gone.outbox.close(closing);
            }
        }
        self.broadcast_room();
    }

    /// The room object to everyone: a seat taken, someone connected or gone.
    fn broadcast_room(&mut self) {
        let frame = frames::room(&self.info());
        self.send_all(|_, _| frame.clone());
    }

    fn chat_frame(&self, line: &StoredChat) -> String {
        let name = self.seats.get(line.seat as usize).and_then(|s| s.name.as_deref()).unwrap_or_default();
        frames::chat(line.seat, name, &line.text)
    }

    async fn chat(&mut self, conn: u64, text: String) {
        if self.server.config.panic_on_chat.as_ref() == Some(&text) {
            panic!("a room's task dies, as a test asked");
        }
        let Some(seat) = self.connections.get(&conn).map(|c| c.seat) else { return };
        let Some(seat) = seat else {
            return self.error_to(conn, &ApiError::Spectator);
        };
        let line = StoredChat { seat: seat.0, text };
        if self.server.store.write(Write::Chat { room: self.code.clone(), line: line.clone() }).await.is_err() {
            return self.error_to(conn, &ApiError::StoreFailed);
        }
        let frame = self.chat_frame(&line);
        self.chat.push_back(line);
        if self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
        self.send_all(|_, _| frame.clone());
    }

    /// A player's choice to have their only move played for them (on by default), or to be
    /// asked for it. It lasts as long as the room runs; a client says it again in `hello`.
    fn settings(&mut self, conn: u64, auto_forced: bool) {
        match self.connections.get(&conn).map(|c| c.seat) {
            Some(Some(seat)) => self.table.set_auto_forced(seat, auto_forced),
            Some(None) => self.error_to(conn, &ApiError::Spectator),
            None => {}
        }
    }

    async fn rematch(&mut self, conn: u64) {
        let Some(seat) = self.connections.get(&conn).map(|c| c.seat) else { return };
        if seat.is_none() {
            return self.error_to(conn, &ApiError::Spectator);
        }
        if !self.table.is_over() {
            return self.error_to(conn, &ApiError::NotOver);
        }
        let seed = crate::random_seed();
        let mut next = self.table.clone();
        if let Err(e) = next.rematch(seed, self.now()) {
            return self.error_to(conn, &ApiError::from(e));
        }
        let started = StoredMatch::of(next.match_no(), next.current().record());
        if self.server.store.write(Write::StartMatch { room: self.code.clone(), started }).await.is_err() {
            return self.error_to(conn, &ApiError::StoreFailed);
        }
        self.table = next;
        tracing::info!(room = %self.code, "rematch");
        self.snapshot_all();
        self.broadcast_room();
    }

    /// The host (the person at the first seat people play) gives the seat of a person who is not
    /// connected to a medium bot, for good: stored first, then the room and every seat told. The
    /// seat's token no longer opens anything.
    async fn hand_over(&mut self, conn: u64, seat: u8) {
        let Some(from) = self.connections.get(&conn).map(|c| c.seat) else { return };
        let lang = self.connections.get(&conn).map_or(Lang::En, |c| c.lang);
        let host = self.seats.iter().position(|s| s.controller == Controller::Person).map(|s| Seat(s as u8));
        let refuse = |fr: &str, en: &str| ApiError::BadRequest(lang.pick(fr, en).into());
        let why = if from.is_none() || from != host {
            Some(refuse(
                "seul l'hôte de la table peut donner une place à un bot",
                "only the table's host may give a seat to a bot",
            ))
        } else if Some(Seat(seat)) == from {
            Some(refuse("l'hôte ne donne pas sa propre place", "the host does not give away their own seat"))
        } else if self.seats.get(seat as usize).is_none_or(|s| s.controller != Controller::Person || s.name.is_none()) {
            Some(refuse("cette place n'est pas celle d'une personne assise", "this seat is not a seated person's"))
        } else if self.connections.values().any(|c| c.seat == Some(Seat(seat))) {
            Some(refuse("cette personne est connectée", "this person is connected"))
        } else if self.table.is_over() {
            Some(ApiError::Over)
        } else {
            None
        };
        if let Some(why) = why {
            return self.error_to(conn, &why);
        }
        let kind = SeatKind::Bot(Level::Medium);
        let bot = Level::Medium.bot();
        let mut seats = self.stored.seats.clone();
        seats[seat as usize] = kind;
        if self
            .server
            .store
            .write(Write::SeatToBot { room: self.code.clone(), seat, seats: seats.clone() })
            .await
            .is_err()
        {
            return self.error_to(conn, &ApiError::StoreFailed);
        }
        self.stored.seats = seats;
        self.seats[seat as usize] =
            SeatState { controller: Controller::Bot(bot), bot: Some(kind), name: None, token_hash: None };
        self.table.hand_to_bot(Seat(seat), bot);
        tracing::info!(room = %self.code, seat, "a seat was given to a bot");
        self.broadcast_room();
        self.snapshot_all();
    }

    /// A snapshot to every connection: at the start of a match, or to resynchronize.
    fn snapshot_all(&mut self) {
        self.send_all(|room, seat| room.snapshot(seat));
    }
}

#[cfg(test)]
mod tests {
    //! A room without sockets: messages handed to [`Room::handle`], frames read from the
    //! connections' outboxes.

    use super::*;
    use crate::store::SqliteStore;
    use futures_util::FutureExt;

    /// A room of Le 8 Nantais for two people, stored in its own directory; no bot ever moves,
    /// since nothing here asks the bots.
    async fn nantais_room(name: &str) -> Room {
        let dir = std::env::temp_dir().join(format!("tapis-room-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = SqliteStore::open(&dir).await.unwrap();
        let (_, stopping) = tokio::sync::watch::channel(false);
        let config = crate::ServeConfig { bot_threads: 1, ..Default::default() };
        let server = Server::new(config, Arc::new(store), stopping);
        let stored = StoredRoom {
            code: "abcdefghjkmnpqrs".into(),
            game: "nantais".into(),
            players: 2,
            seats: vec![SeatKind::Human; 2],
            fixed_deal: true,
            bot_delay_ms: 0,
            turn_clock_ms: None,
            hints: false,
        };
        let current = StoredMatch {
            match_no: 1,
            seed: 7,
            dealer: 1,
            options: Default::default(),
            deal: None,
            rules: None,
            chance: None,
        };
        server.store.write(Write::CreateRoom(stored.clone(), current.clone())).await.unwrap();
        Room::restore(server, LoadedRoom::new_room(stored, current), None).map_err(|e| e.at).unwrap()
    }

    async fn join(room: &mut Room, name: &str) -> String {
        let (reply, answer) = oneshot::channel();
        room.handle(RoomMsg::Join { name: name.into(), seat: None, reply }).await;
        answer.await.unwrap().unwrap().1
    }

    async fn connect(room: &mut Room, conn: u64, token: Option<String>) -> Arc<Outbox> {
        let outbox = Arc::new(Outbox::new(1 << 20));
        let (reply, answer) = oneshot::channel();
        let connect = RoomMsg::Connect {
            conn,
            token,
            since: None,
            lang: Lang::En,
            auto_forced: None,
            outbox: outbox.clone(),
            reply,
        };
        room.handle(connect).await;
        answer.await.unwrap().unwrap();
        outbox
    }

    /// What waits in `outbox`, as JSON, and the outbox emptied.
    fn frames(outbox: &Outbox) -> Vec<Value> {
        let Some((frames, _)) = outbox.take().now_or_never() else { return Vec::new() };
        frames.iter().map(|frame| serde_json::from_str(frame.as_str()).unwrap()).collect()
    }

    fn kinds(frames: &[Value]) -> Vec<&str> {
        frames.iter().map(|f| f["type"].as_str().unwrap()).collect()
    }

    /// Alice and Bob seated and connected, a spectator watching: the room with their outboxes
    /// emptied.
    async fn seated(name: &str) -> (Room, [Arc<Outbox>; 3]) {
        let mut room = nantais_room(name).await;
        let alice = join(&mut room, "Alice").await;
        let bob = join(&mut room, "Bob").await;
        let outboxes = [
            connect(&mut room, 1, Some(alice)).await,
            connect(&mut room, 2, Some(bob)).await,
            connect(&mut room, 3, None).await,
        ];
        for outbox in &outboxes {
            frames(outbox);
        }
        (room, outboxes)
    }

    #[tokio::test]
    async fn a_connection_gets_a_snapshot_then_the_room() {
        let mut room = nantais_room("snapshot").await;
        let alice = join(&mut room, "Alice").await;
        let outbox = connect(&mut room, 1, Some(alice)).await;
        let got = frames(&outbox);
        assert_eq!(kinds(&got), ["snapshot", "room"]);
        assert_eq!((got[0]["seat"].clone(), got[0]["seq"].clone()), (json!(0), json!(0)));
        // Bob's seat is still free: nobody may act yet.
        assert_eq!(got[0]["legal"], json!([]));
        assert_eq!(got[1]["phase"], "waiting");
    }

    /// The room's object keeps the key order clients have always read (alphabetical: it was
    /// first written through sorted JSON maps), on its own and as the `room` frame.
    #[tokio::test]
    async fn the_room_object_keeps_its_key_order() {
        let (room, _) = seated("order").await;
        let info = room.info();
        let sorted = serde_json::to_value(&info).unwrap();
        assert_eq!(serde_json::to_string(&info).unwrap(), sorted.to_string());
        let mut frame = sorted;
        frame["type"] = json!("room");
        assert_eq!(frames::room(&info), frame.to_string());
        assert_eq!(info.seats[1].called(), "Bob");
    }

    #[tokio::test]
    async fn a_move_is_told_to_every_connection_and_a_spectators_is_refused() {
        let (mut room, [alice, bob, spectator]) = seated("move").await;
        room.handle(RoomMsg::Act { conn: 3, seq: 0, action: "draw".into(), then: None }).await;
        assert_eq!(
            frames(&spectator),
            [json!({"type": "error", "code": "spectator", "message": "a spectator cannot play"})]
        );
        assert!(frames(&alice).is_empty() && frames(&bob).is_empty());
        let (conn, action) = match room.table.current().legal(Seat(0)).first() {
            Some(action) => (1, action.clone()),
            None => (2, room.table.current().legal(Seat(1))[0].clone()),
        };
        room.handle(RoomMsg::Act { conn, seq: 0, action: action.clone(), then: None }).await;
        for outbox in [&alice, &bob, &spectator] {
            let got = frames(outbox);
            assert_eq!(kinds(&got), ["update"]);
            assert_eq!(got[0]["seq"], 1);
        }
        // The same move again, from a client that had not seen the first.
        room.handle(RoomMsg::Act { conn, seq: 0, action, then: None }).await;
        let refused = frames(if conn == 1 { &alice } else { &bob });
        assert_eq!(kinds(&refused), ["error"]);
        assert_eq!(refused[0]["code"], "stale");
        assert!(frames(&spectator).is_empty());
    }

    #[tokio::test]
    async fn a_chat_line_goes_to_everyone_with_its_name() {
        let (mut room, outboxes) = seated("chat").await;
        room.handle(RoomMsg::Chat { conn: 2, text: "Bonjour !".into() }).await;
        for outbox in &outboxes {
            assert_eq!(frames(outbox), [json!({"type": "chat", "seat": 1, "name": "Bob", "text": "Bonjour !"})]);
        }
        room.handle(RoomMsg::Chat { conn: 3, text: "Hello".into() }).await;
        assert_eq!(kinds(&frames(&outboxes[2])), ["error"]);
    }

    #[tokio::test]
    async fn only_the_host_gives_a_seat_and_a_rematch_waits_for_the_end() {
        let (mut room, [alice, bob, _]) = seated("host").await;
        room.handle(RoomMsg::HandOver { conn: 2, seat: 0 }).await;
        assert_eq!(
            frames(&bob),
            [
                json!({"type": "error", "code": "bad_request", "message": "only the table's host may give a seat to a bot"})
            ]
        );
        room.handle(RoomMsg::HandOver { conn: 1, seat: 1 }).await;
        assert_eq!(frames(&alice)[0]["message"], "this person is connected");
        room.handle(RoomMsg::Rematch { conn: 1 }).await;
        assert_eq!(frames(&alice), [json!({"type": "error", "code": "not_over", "message": "the match is not over"})]);
    }

    #[tokio::test]
    async fn a_refused_message_is_answered_and_may_close_the_connection() {
        let (mut room, [alice, bob, _]) = seated("refused").await;
        room.handle(RoomMsg::Error { conn: 1, code: ApiError::TooLarge, close: true }).await;
        let (left, closing) = alice.take().now_or_never().unwrap();
        assert_eq!(left.len(), 1);
        assert_eq!(closing, Some(Closing::TOO_BIG));
        // Bob hears that Alice is gone.
        let room_frames = frames(&bob);
        assert_eq!(kinds(&room_frames), ["room"]);
        assert_eq!(room_frames[0]["seats"][0]["connected"], false);
    }
}
