//! `tapis serve`: the game server of `../shared/SERVER.md` — rooms with invite links, seats taken
//! by name with a secret token, spectators, bots at their seats, chat, rematches — over HTTP and
//! one WebSocket per connected person, on the table layer.
//!
//! - **One writer per room** ([`room`]): a task owns the room's table; connections reach it
//!   through its queue. Bots think beside the room ([`bots`]), which never waits for them.
//! - **Durable before acknowledged** ([`store`]): every accepted action is committed (grouped
//!   with other rooms' writes) before any client hears of it; on start every room is rebuilt by
//!   replaying its stored actions, and its bots and clocks resume.
//! - **Hidden information**: every frame is built from its recipient's client view, status and
//!   events ([`frames`]); the seed and the record come out only once the match is over; logs
//!   name rooms and games, never a card, a token or a seed.
//! - **Limits**: messages and frames over 64 KiB, floods, names and chat lines too long, too many
//!   rooms or connections, from the server, one address or its block ([`limits`]), responses
//!   nobody reads: each refused with an error frame or status in the client's language. Bots'
//!   CPU is shared fairly between clients ([`bots`]).
//! - **Nothing stops the server**: a log that cannot be written drops lines ([`logs`]); a room
//!   whose task dies comes back from the store ([`spawn_room`]); `/api/health` says what is
//!   wrong.

pub mod backup;
pub mod bots;
pub mod cluster;
pub mod frames;
pub mod frozen;
pub mod http;
pub mod limits;
pub mod logs;
pub mod metrics;
pub mod outbox;
pub mod relay;
pub mod replays;
pub mod room;
pub mod store;
pub mod text;
pub mod tls;
pub mod web;
pub mod ws;

use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;
pub use tapis_core::Lang;
use tapis_table::TableError;
use tokio::sync::{mpsc, watch};

/// How `tapis serve` was started.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    pub addr: SocketAddr,
    /// The SQLite store's folder, when `store` names no other.
    pub data: PathBuf,
    /// `postgres://…`: the rooms live in that PostgreSQL database, shared with other nodes
    /// ([`store::PostgresStore`]); `None`: in SQLite, under `data`.
    pub store: Option<String>,
    /// This node's name, which its rooms' leases bear in a shared store.
    pub node: String,
    /// `nats://host:port`: the NATS through which this node serves the clients of rooms other
    /// nodes hold, and theirs the clients of its rooms ([`relay`]); `None`: only its own rooms.
    pub nats: Option<String>,
    /// How long a lease on a room lasts in a shared store unless renewed (every third of it).
    pub lease: Duration,
    /// Rooms held in memory at once, idle and finished ones included (rooms untouched for
    /// `archive_after` leave memory, and come back from the store when asked for).
    pub max_rooms: usize,
    /// TCP connections at once (HTTP and WebSockets alike); kept under the process's descriptor
    /// limit whatever is asked.
    pub max_connections: usize,
    /// TCP connections one client address may hold at once.
    pub connections_per_address: usize,
    /// How client addresses are cut into one client's address and the block around it
    /// ([`limits::Prefixes`]).
    pub prefixes: limits::Prefixes,
    /// Messages one connection may send in a burst, and per second after it.
    pub burst: f64,
    pub per_second: f64,
    /// Rooms one client address may open in a burst, and per minute after it (0: no limit).
    pub room_burst: f64,
    pub rooms_per_minute: f64,
    /// Rooms with bots only, still playing, that one client address may have open at once.
    pub bot_rooms_per_client: usize,
    /// The shortest bot delay of a room with no person in it.
    pub min_bot_delay_ms: u64,
    /// Threads that bots think on, below the priority of everything else (0: one per core).
    pub bot_threads: usize,
    /// ISMCTS iterations per decision of a finished match's review (`docs/review.md`).
    pub review_budget: u32,
    /// ISMCTS iterations of a practice table's hint (`docs/review.md`).
    pub hint_budget: u32,
    /// A room nobody has touched for this long leaves memory (its history stays in the store,
    /// replayable, and the room comes back whenever it is asked for).
    pub archive_after: Duration,
    /// A room nobody ever joined leaves memory after this long (it too comes back when asked).
    pub unjoined_after: Duration,
    /// Spectators one room accepts (seated people always get in).
    pub spectators_per_room: usize,
    /// Bytes waiting to be sent to one connection before it is dropped as too slow.
    pub outbox_bytes: usize,
    /// How long a write to a connection may take before it is dropped as too slow.
    pub write_timeout: Duration,
    /// How long a client has to send a request's header, and its body.
    pub header_timeout: Duration,
    pub body_timeout: Duration,
    /// For tests: each bot's answer waits for a permit of this semaphore before it reaches its
    /// room, so that a test can act while a bot is thinking.
    pub hold_bots: Option<Arc<tokio::sync::Semaphore>>,
    /// For tests: a chat line of exactly this text makes its room's task panic, so that a test
    /// sees a room that dies come back.
    pub panic_on_chat: Option<String>,
    /// HTTPS on `addr`, with a certificate of one's own or one obtained through ACME ([`tls`]).
    pub tls: Option<tls::Tls>,
    /// Plain HTTP here redirects to HTTPS on `addr` (with `tls`).
    pub http_addr: Option<SocketAddr>,
    /// `/metrics` in Prometheus's format here ([`metrics`]).
    pub metrics_addr: Option<SocketAddr>,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data: PathBuf::from("tapis-data"),
            store: None,
            node: default_node_name(),
            nats: None,
            lease: store::postgres::LEASE,
            max_rooms: 20_000,
            max_connections: 50_000,
            connections_per_address: 256,
            prefixes: limits::Prefixes::default(),
            burst: ws::BURST,
            per_second: ws::PER_SECOND,
            room_burst: 60.0,
            rooms_per_minute: 20.0,
            bot_rooms_per_client: 4,
            min_bot_delay_ms: 100,
            bot_threads: 0,
            review_budget: tapis_bots::review::DEFAULT_BUDGET,
            hint_budget: tapis_bots::review::DEFAULT_BUDGET,
            archive_after: Duration::from_secs(10 * 60),
            unjoined_after: Duration::from_secs(15),
            spectators_per_room: 64,
            outbox_bytes: 1 << 20,
            write_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            hold_bots: None,
            panic_on_chat: None,
            tls: None,
            http_addr: None,
            metrics_addr: None,
        }
    }
}

/// Milliseconds since the server started: the time the tables are given.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    origin: tokio::time::Instant,
}

impl Clock {
    pub fn new() -> Clock {
        Clock { origin: tokio::time::Instant::now() }
    }

    pub fn now(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    pub fn instant(&self, ms: u64) -> tokio::time::Instant {
        self.origin + std::time::Duration::from_millis(ms)
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::new()
    }
}

/// A room as the server holds it: the queue to its task.
#[derive(Clone)]
pub struct RoomHandle {
    pub inbox: mpsc::Sender<room::RoomMsg>,
}

/// The rooms in memory. A room not in it may be in the store: [`Server::room`] brings it back.
#[derive(Default)]
pub struct Directory {
    rooms: std::sync::Mutex<BTreeMap<String, RoomHandle>>,
    /// One room brought back from the store at a time, so that none is brought back twice.
    revive: tokio::sync::Mutex<()>,
}

impl Directory {
    fn get(&self, code: &str) -> Option<RoomHandle> {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        rooms.get(code).filter(|h| !h.inbox.is_closed()).cloned()
    }

    /// The rooms in memory (not one whose task just died).
    pub fn len(&self) -> usize {
        let rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        rooms.values().filter(|h| !h.inbox.is_closed()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn insert(&self, code: String, handle: RoomHandle) {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).insert(code, handle);
    }

    /// The codes of the rooms in memory.
    pub fn codes(&self) -> Vec<String> {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).keys().cloned().collect()
    }

    /// A room leaves memory whatever waits in its queue (it moves to another node).
    pub fn remove(&self, code: &str) {
        self.rooms.lock().unwrap_or_else(|e| e.into_inner()).remove(code);
    }

    /// A room leaves memory if nothing waits in its queue; the caller then closes the queue.
    pub fn leave_if_idle(&self, code: &str, inbox: &mpsc::Receiver<room::RoomMsg>) -> bool {
        let mut rooms = self.rooms.lock().unwrap_or_else(|e| e.into_inner());
        if !inbox.is_empty() {
            return false;
        }
        rooms.remove(code);
        true
    }
}

/// What every handler shares.
pub struct Server {
    pub config: ServeConfig,
    pub store: Arc<dyn store::Store>,
    pub bots: Arc<bots::Bots>,
    pub rooms: Directory,
    /// Rooms in memory or being opened: checked against `max_rooms` before a room is stored.
    pub open_rooms: Arc<AtomicUsize>,
    pub clock: Clock,
    /// TCP connections open, and WebSockets among them.
    pub tcp: Arc<AtomicUsize>,
    pub connections: AtomicUsize,
    pub next_connection: AtomicU64,
    pub limits: limits::Limits,
    pub replays: replays::Replays,
    /// Set when the server stops: connections close (1001) and nothing new is accepted.
    pub stopping: watch::Receiver<bool>,
    /// The relay to and from the other nodes, when the server was given a NATS.
    pub relay: std::sync::OnceLock<relay::Relay>,
    /// Rooms whose task died (a panic), and when the last one did.
    pub rooms_died: AtomicU64,
    pub last_death: std::sync::Mutex<Option<tokio::time::Instant>>,
    /// When each room died last, for a minute: one that dies again within it is not brought
    /// back at once (it comes back when it is next asked for).
    died_at: std::sync::Mutex<BTreeMap<String, tokio::time::Instant>>,
    /// The TLS handshake of every connection, when the server speaks HTTPS.
    pub https: std::sync::OnceLock<tls::Https>,
}

impl Server {
    /// A server on `store` that does not listen yet; it stops when `stopping` turns true.
    pub fn new(config: ServeConfig, store: Arc<dyn store::Store>, stopping: watch::Receiver<bool>) -> Arc<Server> {
        let bots = Arc::new(bots::Bots::new(config.bot_threads, config.hold_bots.clone()));
        Arc::new(Server {
            config,
            store,
            bots,
            rooms: Directory::default(),
            open_rooms: Arc::default(),
            clock: Clock::new(),
            tcp: Arc::default(),
            connections: AtomicUsize::new(0),
            next_connection: AtomicU64::new(1),
            limits: limits::Limits::default(),
            replays: replays::Replays::default(),
            stopping,
            relay: std::sync::OnceLock::new(),
            rooms_died: AtomicU64::new(0),
            last_death: std::sync::Mutex::new(None),
            died_at: std::sync::Mutex::new(BTreeMap::new()),
            https: std::sync::OnceLock::new(),
        })
    }

    /// The room `code`: in memory, or brought back from the store.
    pub async fn room(self: &Arc<Self>, code: &str) -> Result<RoomHandle, ApiError> {
        self.room_for(code, None).await
    }

    /// The room `code`, for `client` (the client asking, whose room it becomes if it is brought
    /// back from the store: its bots think in that client's turn).
    pub async fn room_for(
        self: &Arc<Self>,
        code: &str,
        client: Option<limits::Client>,
    ) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.rooms.get(code) {
            return Ok(handle);
        }
        if !plausible_room_code(code) {
            return Err(ApiError::NoRoom);
        }
        let _one_at_a_time = self.rooms.revive.lock().await;
        if let Some(handle) = self.rooms.get(code) {
            return Ok(handle);
        }
        let loaded = self.store.load_room(code).await.map_err(|e| {
            if let Some(elsewhere) = e.downcast_ref::<store::postgres::HeldElsewhere>() {
                return ApiError::Elsewhere(elsewhere.node.clone());
            }
            crate::limited!(error, "a stored room could not be read", room = %code, error = %e);
            ApiError::Internal
        })?;
        let loaded = loaded.ok_or(ApiError::NoRoom)?;
        let code = code.to_string();
        // A match stored under other rules than this build's opens read-only.
        let loaded = match frozen::FrozenRoom::of(self, loaded) {
            Ok(frozen) => {
                let place = self.limits.room(client, &self.open_rooms, usize::MAX)?;
                let (inbox, receiver) = mpsc::channel(1024);
                tokio::spawn(frozen.held(place).run(receiver));
                let handle = RoomHandle { inbox };
                relay::serve_room(self, &code, &handle).await;
                self.rooms.insert(code, handle.clone());
                return Ok(handle);
            }
            Err(loaded) => *loaded,
        };
        let server = self.clone();
        // A long match is replayed: on the blocking pool.
        let restored = tokio::task::spawn_blocking(move || room::Room::restore(server, loaded, None))
            .await
            .map_err(|_| ApiError::Internal)?;
        match restored {
            Ok(room) => {
                // A room asked for comes back whatever the cap: its people were told it exists.
                let place = self.limits.room(client, &self.open_rooms, usize::MAX)?;
                let handle = spawn_room(room.held(client, place));
                relay::serve_room(self, &code, &handle).await;
                self.rooms.insert(code, handle.clone());
                Ok(handle)
            }
            Err(e) => {
                // The reason is not logged: it may quote an action, and so a card.
                crate::limited!(error, "a stored room cannot be rebuilt from its actions", room = %code, at = e.at);
                Err(ApiError::DamagedRoom)
            }
        }
    }

    /// Why the server is degraded, if it is: the rooms it holds reached the part of its cap
    /// kept for new clients, or a room's task died in the last [`DEATHS_TOLD_FOR`].
    pub fn degraded(&self) -> Vec<&'static str> {
        let mut why = Vec::new();
        if limits::Limits::rooms_nearly_full(self.open_rooms.load(Ordering::Relaxed), self.config.max_rooms) {
            why.push("room_cap");
        }
        let last = *self.last_death.lock().unwrap_or_else(|e| e.into_inner());
        if last.is_some_and(|at| at.elapsed() < DEATHS_TOLD_FOR) {
            why.push("room_task_died");
        }
        why
    }
}

/// How long `/api/health` says a room's task died.
pub const DEATHS_TOLD_FOR: Duration = Duration::from_secs(600);

/// Whether `code` could be a room code of this server (so that garbage never reaches the store).
fn plausible_room_code(code: &str) -> bool {
    code.len() == 16 && code.bytes().all(|b| ROOM_ALPHABET.contains(&b))
}

const ROOM_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789"; // no look-alikes (i l o 0 1)

/// Every error a client can be answered, HTTP or WebSocket: one variant per error, each with
/// its code of SERVER.md ([`ApiError::code`]), its HTTP status and its sentence in either
/// language ([`ApiError::message`]; the English one is its `Display`). An HTTP handler returns it
/// as its answer ([`http`] words it in the request's language).
#[derive(Clone, Debug, thiserror::Error)]
#[error("{}", self.message(Lang::En))]
pub enum ApiError {
    /// A request or a message that does not fit, and why, in the client's language.
    BadRequest(String),
    UnknownGame(String),
    Setup(#[from] tapis_core::SetupError),
    NoRoom,
    /// The room has no match of that number.
    NoMatch(u32),
    RoomFull,
    SeatTaken,
    /// The match is not over (its record, a rematch).
    NotOver,
    BadToken,
    Spectator,
    NotStarted,
    Over,
    TooLarge,
    RateLimited,
    TooManyRooms,
    TooManyConnections,
    /// This client address holds as many connections as it may.
    TooManyFromAddress,
    /// A WebSocket message that is not UTF-8 text (closed with 1007).
    NotUtf8,
    /// A WebSocket frame that breaks the protocol: unmasked, of a reserved opcode, a control
    /// frame too long (closed with 1002).
    BadFrame,
    /// This client address opened rooms faster than it may.
    RoomsTooFast,
    /// This client address has as many rooms of bots alone playing as it may.
    TooManyBotRooms,
    /// A request's body did not come in time.
    SlowBody,
    UriTooLong,
    /// The store could not commit: nothing was acknowledged.
    StoreFailed,
    /// A stored room cannot be rebuilt from its actions.
    DamagedRoom,
    /// The room's match was played under another rules version than this server's: it is kept
    /// read-only (nothing is taken, nothing written).
    ReadOnly {
        rules: u32,
        current: u32,
    },
    /// Another node of a shared store holds the room (its name): the client asks that node.
    Elsewhere(String),
    /// A refusal of the table other than the ones above (see the `From` below).
    Table(#[source] TableError),
    Internal,
}

/// A refusal of the table, as the variant of its own where there is one: the table's "not over"
/// and "over" are this server's, so that one error is never two variants.
impl From<TableError> for ApiError {
    fn from(error: TableError) -> Self {
        match error {
            TableError::NotOver => ApiError::NotOver,
            TableError::Action(tapis_core::ActionError::Over) => ApiError::Over,
            TableError::Setup(e) => ApiError::Setup(e),
            e => ApiError::Table(e),
        }
    }
}

impl ApiError {
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::Setup(e) => e.code(),
            ApiError::NoRoom => "no_room",
            ApiError::NoMatch(_) => "no_match",
            ApiError::RoomFull => "room_full",
            ApiError::SeatTaken => "seat_taken",
            ApiError::NotOver => "not_over",
            ApiError::BadToken => "bad_token",
            ApiError::Spectator => "spectator",
            ApiError::NotStarted => "not_started",
            ApiError::Over => "over",
            ApiError::TooLarge => "too_large",
            ApiError::RateLimited => "rate_limited",
            ApiError::TooManyRooms => "too_many_rooms",
            ApiError::TooManyConnections | ApiError::TooManyFromAddress => "too_many_connections",
            ApiError::NotUtf8 | ApiError::BadFrame => "bad_request",
            ApiError::RoomsTooFast | ApiError::TooManyBotRooms => "rate_limited",
            ApiError::SlowBody => "timeout",
            ApiError::UriTooLong => "too_large",
            ApiError::StoreFailed => "store_failed",
            ApiError::DamagedRoom => "damaged_room",
            ApiError::ReadOnly { .. } => "read_only",
            ApiError::Elsewhere(_) => "room_elsewhere",
            ApiError::Table(e) => e.code(),
            ApiError::Internal => "internal",
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            ApiError::NoRoom | ApiError::NoMatch(_) => 404,
            ApiError::BadToken => 403,
            ApiError::RoomFull
            | ApiError::SeatTaken
            | ApiError::NotOver
            | ApiError::Elsewhere(_)
            | ApiError::ReadOnly { .. } => 409,
            ApiError::TooManyRooms | ApiError::TooManyConnections | ApiError::StoreFailed => 503,
            ApiError::TooLarge => 413,
            ApiError::UriTooLong => 414,
            ApiError::SlowBody => 408,
            ApiError::RateLimited
            | ApiError::RoomsTooFast
            | ApiError::TooManyBotRooms
            | ApiError::TooManyFromAddress => 429,
            ApiError::Internal | ApiError::DamagedRoom => 500,
            _ => 400,
        }
    }

    /// One sentence, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        let pick = |f: &str, e: &str| if fr { f.to_string() } else { e.to_string() };
        match self {
            ApiError::BadRequest(why) => why.clone(),
            ApiError::UnknownGame(id) => tapis_table::UnknownGame(id.clone()).message(lang),
            ApiError::Setup(e) => e.message(lang),
            ApiError::NoRoom => pick("ce salon n’existe pas", "there is no such room"),
            ApiError::NoMatch(k) => {
                pick(&format!("ce salon n’a pas de partie n°\u{a0}{k}"), &format!("this room has no match {k}"))
            }
            ApiError::RoomFull => pick("ce salon n’a plus de place libre", "this room has no free seat"),
            ApiError::SeatTaken => pick("cette place est déjà prise", "this seat is already taken"),
            ApiError::NotOver => pick("la partie n’est pas finie", "the match is not over"),
            ApiError::BadToken => {
                // The person's word for a seat's token is its link: « jeton » is also the chips'.
                pick(
                    "ce lien de place ne correspond à aucune place de cette table",
                    "this token holds no seat of this room",
                )
            }
            ApiError::Spectator => pick("un spectateur ne peut pas jouer", "a spectator cannot play"),
            ApiError::NotStarted => pick(
                "la partie n’a pas commencé\u{a0}: toutes les places ne sont pas prises",
                "the match has not started: not every seat is taken",
            ),
            ApiError::Over => pick("la partie est finie", "the match is over"),
            ApiError::TooLarge => {
                pick("message trop long\u{a0}: 64\u{a0}Kio au plus", "message too large: 64 KiB at most")
            }
            ApiError::RateLimited => pick("trop de messages\u{a0}: ralentissez", "too many messages: slow down"),
            ApiError::TooManyRooms => pick(
                "le serveur a atteint son nombre maximal de salons\u{a0}: réessayez dans quelques instants",
                "the server holds as many rooms as it can: try again in a few moments",
            ),
            ApiError::TooManyConnections => pick(
                "le serveur a atteint son nombre maximal de connexions",
                "the server holds as many connections as it can",
            ),
            ApiError::TooManyFromAddress => pick(
                "trop de connexions depuis votre adresse\u{a0}: fermez-en",
                "too many connections from your address: close some",
            ),
            ApiError::NotUtf8 => pick("ce message n’est pas du texte UTF-8", "this message is not UTF-8 text"),
            ApiError::BadFrame => {
                pick("trame WebSocket contraire au protocole", "a WebSocket frame that breaks the protocol")
            }
            ApiError::RoomsTooFast => pick(
                "trop de salons ouverts depuis votre adresse\u{a0}: réessayez dans une minute",
                "too many rooms opened from your address: try again in a minute",
            ),
            ApiError::TooManyBotRooms => pick(
                "vous avez déjà assez de salons de robots seuls en cours\u{a0}: attendez qu’un finisse",
                "you already have as many rooms of bots alone playing as you may: wait for one to end",
            ),
            ApiError::SlowBody => {
                pick("le corps de la requête est arrivé trop lentement", "the request body came too slowly")
            }
            ApiError::UriTooLong => pick("adresse trop longue", "the address is too long"),
            ApiError::StoreFailed => pick(
                "le serveur ne peut pas enregistrer pour l’instant\u{a0}: rien n’a été pris en compte, réessayez",
                "the server cannot store anything right now: nothing was taken into account, try again",
            ),
            ApiError::DamagedRoom => pick(
                "l’historique enregistré de ce salon ne se relit pas",
                "this room's stored history cannot be read back",
            ),
            ApiError::ReadOnly { rules, current } => pick(
                &format!(
                    "ce salon est en lecture seule\u{a0}: sa partie a été jouée avec la version {rules} des règles, ce serveur joue la version {current}"
                ),
                &format!(
                    "this room is read-only: its match was played under version {rules} of the rules, this server plays version {current}"
                ),
            ),
            ApiError::Elsewhere(node) => pick(
                &format!("ce salon est sur le nœud «\u{a0}{node}\u{a0}»\u{a0}: adressez-vous à lui"),
                &format!("this room is on the node \"{node}\": ask that node"),
            ),
            ApiError::Table(e) => e.message(lang),
            ApiError::Internal => pick("erreur interne du serveur", "internal server error"),
        }
    }
}

/// 128 random bits from the operating system, as 32 hex digits: a seat token.
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 80 random bits from the operating system: a room code of 16 letters and digits.
pub fn random_room_code() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    // 31 letters: each byte gives one letter (log2(31) ≈ 4.95 bits, 16 letters ≈ 79 bits).
    bytes.iter().map(|b| ROOM_ALPHABET[*b as usize % ROOM_ALPHABET.len()] as char).collect()
}

/// A match seed from the operating system.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

/// How a token is stored: SHA-256 of it.
pub fn hash_token(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Opens the store and serves until SIGINT or SIGTERM. `ready` is called with the address
/// actually bound (port 0 takes a free port) once the server accepts connections. Rooms come back
/// from the store when they are first asked for; with a shared store, the node also takes the
/// rooms of dead nodes, and drains before it stops ([`cluster`]).
///
/// The signals are caught first of all, so that one that comes while the store opens stops the
/// server cleanly too. Stopping: nothing new is accepted, a node of a shared store drains (its
/// rooms' clients closed with 1012, its leases given up), every other WebSocket is closed with 1001,
/// requests under way get [`STOP_GRACE`] to end (slow clients are not waited for), and every
/// write handed to the store is committed or refused before the process ends.
pub async fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> anyhow::Result<()> {
    serve_with(config, |bound| ready(bound.addr)).await
}

/// Where a started server listens.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// The rooms, the page and the API: HTTPS when `https`.
    pub addr: SocketAddr,
    pub https: bool,
    /// Plain HTTP that redirects to HTTPS.
    pub http_addr: Option<SocketAddr>,
    /// `/metrics`.
    pub metrics_addr: Option<SocketAddr>,
}

/// A listener on `addr`, or an error naming the flag that asked for it.
async fn bind(addr: SocketAddr, flag: &str) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr).await.map_err(|e| anyhow::anyhow!("cannot listen on {flag} {addr}: {e}"))
}

/// [`serve`], told every address it listens on. Every address is taken, and HTTPS made ready
/// (a certificate read, or obtained through ACME), before the store is opened: a start that
/// cannot serve changes nothing in the data folder.
pub async fn serve_with(config: ServeConfig, ready: impl FnOnce(&Bound)) -> anyhow::Result<()> {
    let (stop, stopping) = watch::channel(false);
    let mut signalled = Box::pin(signal());
    tracing::info!("starting");
    let listener = bind(config.addr, "--addr").await?;
    let addr = listener.local_addr()?;
    let redirect = match config.http_addr {
        Some(at) => Some(bind(at, "--http-addr").await?),
        None => None,
    };
    let metrics = match config.metrics_addr {
        Some(at) => Some(bind(at, "--metrics-addr").await?),
        None => None,
    };
    let https = match &config.tls {
        None => None,
        Some(tls::Tls::Files { cert, key }) => Some(tls::Https::with_files(cert, key)?),
        Some(tls::Tls::Acme(acme)) => tokio::select! {
            https = tls::obtain(acme, &config.data, &listener, stopping.clone()) => Some(https?),
            () = &mut signalled => {
                tracing::info!("stopped before serving");
                return Ok(());
            }
        },
    };
    let (store, shared) = tokio::select! {
        store = open_store(&config) => store?,
        () = &mut signalled => {
            tracing::info!("stopped before serving");
            return Ok(());
        }
    };
    // Every write timed and counted for the metrics.
    let store: Arc<dyn store::Store> = Arc::new(metrics::Metered(store));
    let relay = match &config.nats {
        Some(url) => Some(relay::Relay::connect(url, &config.node).await?),
        None => None,
    };
    let bound = Bound {
        addr,
        https: https.is_some(),
        http_addr: redirect.as_ref().and_then(|l| l.local_addr().ok()),
        metrics_addr: metrics.as_ref().and_then(|l| l.local_addr().ok()),
    };
    let server = Server::new(config, store.clone(), stopping);
    if let Some(relay) = relay {
        let _ = server.relay.set(relay);
    }
    if let Some(https) = https {
        let _ = server.https.set(https);
    }
    if let Some(listener) = redirect {
        let domains = match &server.config.tls {
            Some(tls::Tls::Acme(acme)) => acme.domains.clone(),
            _ => Vec::new(),
        };
        let (timeout, stopping) = (server.config.header_timeout, server.stopping.clone());
        tokio::spawn(tls::redirect(listener, addr.port(), domains, timeout, stopping));
    }
    if let Some(listener) = metrics {
        tokio::spawn(metrics::serve(server.clone(), listener));
    }
    let cluster = shared.map(|shared| {
        let (quit, quitting) = watch::channel(false);
        let background = tokio::spawn(cluster::run(server.clone(), shared.clone(), quitting));
        (shared, quit, background)
    });
    ready(&bound);
    tracing::info!(%addr, https = bound.https, "listening");
    // Errors held back for repeating are counted in a line once their window is over.
    let repeats = tokio::spawn(async {
        let mut every = tokio::time::interval(logs::WINDOW);
        loop {
            every.tick().await;
            logs::flush_repeats(false);
        }
    });
    http::accept(server.clone(), listener, signalled).await;
    // A node of a shared store hands its rooms over before it stops.
    if let Some((shared, quit, background)) = cluster {
        cluster::drain(&server, &shared, quit, background).await;
    }
    let _ = stop.send(true);
    // Requests and connections under way: a short grace, then they are dropped.
    let deadline = tokio::time::Instant::now() + STOP_GRACE;
    while server.tcp.load(Ordering::Relaxed) > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    if let Some(relay) = server.relay.get() {
        relay.flush().await;
    }
    if let Err(e) = store.flush().await {
        tracing::error!(error = %e, "the store could not finish its writes");
    }
    repeats.abort();
    logs::flush_repeats(true);
    tracing::info!("stopped");
    Ok(())
}

/// The store `config` names: PostgreSQL for a `postgres://` URL (returned twice: the cluster's
/// work needs it as it is), SQLite under `data` without one.
async fn open_store(
    config: &ServeConfig,
) -> anyhow::Result<(Arc<dyn store::Store>, Option<Arc<store::PostgresStore>>)> {
    match &config.store {
        None => Ok((Arc::new(store::SqliteStore::open(&config.data).await?), None)),
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            let store = Arc::new(store::PostgresStore::open(url, &config.node, config.lease).await?);
            tracing::info!(node = %config.node, lease_ms = config.lease.as_millis() as u64, "rooms in PostgreSQL");
            Ok((store.clone(), Some(store)))
        }
        Some(_) => anyhow::bail!("--store takes a postgres:// URL (without it, rooms live in SQLite under --data)"),
    }
}

/// A node's name by default: the host's name and the process's id, so that two nodes on one
/// machine differ (a node given a name of its own with `--node` takes its rooms back at once
/// after a restart, without waiting for their leases to run out).
pub fn default_node_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .unwrap_or_default();
    let host = if host.is_empty() { "tapis".to_string() } else { host };
    format!("{host}-{}", std::process::id())
}

/// Resolves once the server stops.
pub async fn stopped(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await;
}

/// How long requests and connections under way get when the server stops.
pub const STOP_GRACE: Duration = Duration::from_secs(2);

/// Starts a room's task, watched: should it die (a panic, which is a bug), its connections
/// are closed with 1012 (they come back, as after a restart), the death is counted for
/// `/api/health`, and the room is brought back from the store at once, its bots and clocks
/// resuming. Only what was stored comes back, and only what was stored was ever told.
pub fn spawn_room(room: room::Room) -> RoomHandle {
    let (inbox, receiver) = mpsc::channel(1024);
    let (server, code) = (room.server().clone(), room.code().to_string());
    let task = tokio::spawn(room.run(receiver));
    tokio::spawn(async move {
        let Err(died) = task.await else { return };
        if !died.is_panic() {
            return;
        }
        let now = tokio::time::Instant::now();
        server.rooms_died.fetch_add(1, Ordering::Relaxed);
        *server.last_death.lock().unwrap_or_else(|e| e.into_inner()) = Some(now);
        let again = {
            let mut died_at = server.died_at.lock().unwrap_or_else(|e| e.into_inner());
            died_at.retain(|_, at| now.duration_since(*at) < Duration::from_secs(60));
            died_at.insert(code.clone(), now).is_some()
        };
        if again {
            limited!(error, "a room's task died again within a minute: it stays in the store", room = %code);
            return;
        }
        limited!(error, "a room's task died: it comes back from the store", room = %code);
        if *server.stopping.borrow() {
            return;
        }
        if let Err(e) = server.room(&code).await {
            limited!(error, "a room whose task died could not come back", room = %code, error = %e);
        }
    });
    RoomHandle { inbox }
}

/// SIGINT or SIGTERM. The handlers are installed at the call, before the future is first polled.
fn signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let terminate = signal(SignalKind::terminate());
        let interrupt = signal(SignalKind::interrupt());
        async move {
            match (terminate, interrupt) {
                (Ok(mut terminate), Ok(mut interrupt)) => {
                    tokio::select! {
                        _ = terminate.recv() => {},
                        _ = interrupt.recv() => {},
                    }
                }
                _ => std::future::pending().await,
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tapis_core::ActionError;

    #[test]
    fn a_refusal_of_the_table_is_the_servers_own_error_where_it_has_one() {
        assert!(matches!(ApiError::from(TableError::NotOver), ApiError::NotOver));
        assert!(matches!(ApiError::from(TableError::Action(ActionError::Over)), ApiError::Over));
        let stale = ApiError::from(TableError::Stale { seen: 1, seq: 2 });
        assert_eq!((stale.code(), stale.status()), ("stale", 400));
        assert_eq!(ApiError::NotOver.to_string(), "the match is not over");
        assert_eq!(ApiError::NotOver.message(Lang::Fr), "la partie n’est pas finie");
    }
}
