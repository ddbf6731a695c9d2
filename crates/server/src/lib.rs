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
//! - **Limits**: messages over 64 KiB, floods, names and chat lines too long, too many rooms or
//!   connections: each refused with an error frame or status in the client's language.

pub mod bots;
pub mod client;
pub mod frames;
pub mod http;
pub mod room;
pub mod store;
pub mod web;
pub mod ws;

use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize};
pub use tapis_core::Lang;
use tapis_table::TableError;
use tokio::sync::{RwLock, mpsc};

/// How `tapis serve` was started.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    pub addr: SocketAddr,
    pub data: PathBuf,
    /// Rooms open at once, finished ones included.
    pub max_rooms: usize,
    /// WebSocket connections at once.
    pub max_connections: usize,
    /// Messages one connection may send in a burst, and per second after it.
    pub burst: f64,
    pub per_second: f64,
    /// For tests: each bot's answer waits for a permit of this semaphore before it reaches its
    /// room, so that a test can act while a bot is thinking.
    pub hold_bots: Option<Arc<tokio::sync::Semaphore>>,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data: PathBuf::from("tapis-data"),
            max_rooms: 20_000,
            max_connections: 50_000,
            burst: ws::BURST,
            per_second: ws::PER_SECOND,
            hold_bots: None,
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

/// What every handler shares.
pub struct Server {
    pub config: ServeConfig,
    pub store: Arc<dyn store::Store>,
    pub bots: Arc<bots::Bots>,
    pub rooms: RwLock<std::collections::BTreeMap<String, RoomHandle>>,
    pub clock: Clock,
    pub connections: AtomicUsize,
    pub next_connection: AtomicU64,
}

/// Every error a client can be answered, HTTP or WebSocket.
#[derive(Debug)]
pub enum ApiError {
    BadRequest(String),
    UnknownGame(String),
    Setup(tapis_core::SetupError),
    NoRoom,
    /// The room has no match of that number.
    NoMatch(u32),
    RoomFull,
    SeatTaken,
    NotOver,
    NotOverWs,
    BadToken,
    Spectator,
    NotStarted,
    Over,
    TooLarge,
    RateLimited,
    TooManyRooms,
    TooManyConnections,
    Table(TableError),
    Internal,
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
            ApiError::NotOver | ApiError::NotOverWs => "not_over",
            ApiError::BadToken => "bad_token",
            ApiError::Spectator => "spectator",
            ApiError::NotStarted => "not_started",
            ApiError::Over => "over",
            ApiError::TooLarge => "too_large",
            ApiError::RateLimited => "rate_limited",
            ApiError::TooManyRooms => "too_many_rooms",
            ApiError::TooManyConnections => "too_many_connections",
            ApiError::Table(TableError::Action(tapis_core::ActionError::Over)) => "over",
            ApiError::Table(e) => e.code(),
            ApiError::Internal => "internal",
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            ApiError::NoRoom | ApiError::NoMatch(_) => 404,
            ApiError::BadToken => 403,
            ApiError::RoomFull | ApiError::SeatTaken | ApiError::NotOver | ApiError::NotOverWs => 409,
            ApiError::TooManyRooms | ApiError::TooManyConnections => 503,
            ApiError::TooLarge => 413,
            ApiError::RateLimited => 429,
            ApiError::Internal => 500,
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
            ApiError::NoRoom => pick("ce salon n'existe pas", "there is no such room"),
            ApiError::NoMatch(k) => {
                pick(&format!("ce salon n'a pas de partie n° {k}"), &format!("this room has no match {k}"))
            }
            ApiError::RoomFull => pick("ce salon n'a plus de place libre", "this room has no free seat"),
            ApiError::SeatTaken => pick("cette place est déjà prise", "this seat is already taken"),
            ApiError::NotOver | ApiError::NotOverWs => pick("la partie n'est pas finie", "the match is not over"),
            ApiError::BadToken => {
                pick("ce jeton ne donne aucune place de ce salon", "this token holds no seat of this room")
            }
            ApiError::Spectator => pick("un spectateur ne peut pas jouer", "a spectator cannot play"),
            ApiError::NotStarted => pick(
                "la partie n'a pas commencé : toutes les places ne sont pas prises",
                "the match has not started: not every seat is taken",
            ),
            ApiError::Over => pick("la partie est finie", "the match is over"),
            ApiError::TooLarge => pick("message trop long : 64 Kio au plus", "message too large: 64 KiB at most"),
            ApiError::RateLimited => pick("trop de messages : ralentissez", "too many messages: slow down"),
            ApiError::TooManyRooms => {
                pick("le serveur a atteint son nombre maximal de salons", "the server holds as many rooms as it can")
            }
            ApiError::TooManyConnections => pick(
                "le serveur a atteint son nombre maximal de connexions",
                "the server holds as many connections as it can",
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
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789"; // no look-alikes (i l o 0 1)
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    // 31 letters: each byte gives one letter (log2(31) ≈ 4.95 bits, 16 letters ≈ 79 bits).
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
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

/// Opens the store, rebuilds every room, and serves until SIGINT or SIGTERM. `ready` is called
/// with the address actually bound (port 0 takes a free port) once the server accepts
/// connections.
pub async fn serve(config: ServeConfig, ready: impl FnOnce(SocketAddr)) -> anyhow::Result<()> {
    let store: Arc<dyn store::Store> = Arc::new(store::SqliteStore::open(&config.data).await?);
    let clock = Clock::new();
    let bots = Arc::new(bots::Bots::new(config.hold_bots.clone()));
    let server = Arc::new(Server {
        config: config.clone(),
        store: store.clone(),
        bots: bots.clone(),
        rooms: RwLock::new(Default::default()),
        clock,
        connections: AtomicUsize::new(0),
        next_connection: AtomicU64::new(1),
    });
    let loaded = store.load_all().await?;
    let count = loaded.len();
    for l in loaded {
        let code = l.room.code.clone();
        match room::Room::restore(store.clone(), bots.clone(), l.room, l.current, &l.actions, l.seats, l.chat, clock) {
            Ok(room) => {
                let handle = spawn_room(room);
                server.rooms.write().await.insert(code, handle);
            }
            Err(e) => tracing::error!(room = %code, error = %e, "a stored room could not be rebuilt"),
        }
    }
    tracing::info!(rooms = count, "rooms restored");
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    ready(addr);
    tracing::info!(%addr, "listening");
    axum::serve(listener, http::router(server)).with_graceful_shutdown(shutdown()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// Starts a room's task.
pub fn spawn_room(room: room::Room) -> RoomHandle {
    let (inbox, receiver) = mpsc::channel(1024);
    tokio::spawn(room.run(receiver));
    RoomHandle { inbox }
}

async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).expect("a SIGTERM handler");
        tokio::select! {
            _ = interrupt => {},
            _ = terminate.recv() => {},
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
