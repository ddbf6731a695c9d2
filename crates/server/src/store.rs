//! Where rooms live between restarts, behind one narrow interface ([`Store`]): create a room,
//! start a match, record a seat taken (or given to a bot), append an accepted action, append a
//! chat line, read a room or one of its matches back. The action log is the source of truth: a
//! room is rebuilt by replaying it, each match under the rules version it was stored with and
//! with the chance outcomes stored beside its first deal and each action, never a re-run of
//! the generator (`docs/upgrades.md`).
//!
//! [`SqliteStore`] keeps it in one SQLite file (WAL, `synchronous = FULL`: a commit is on disk
//! before it is acknowledged). Every write goes to one thread of its own that owns the writing
//! connection and groups whatever is waiting into one transaction: each write is answered once
//! its group is committed, so nothing is acknowledged before it is durable, and many rooms share
//! one disk flush. Reads use their own connection.
//!
//! **A failed write is never acknowledged, and never poisons the next.** When a group cannot be
//! committed (disk full, an I/O error, the file made read-only), every write of it is refused,
//! the transaction is rolled back and the connection closed; the next group opens a new one, so
//! writes go through again as soon as the disk does. [`Store::health`] says whether the last
//! commit failed, and why.
//!
//! [`PostgresStore`] ([`postgres`]) implements the same trait on PostgreSQL, for several nodes
//! sharing one database: the same group commit, and each room owned by one node at a time
//! through a lease whose epoch every write checks in its own transaction. Rooms and connections
//! do not change.

pub mod postgres;

pub use postgres::PostgresStore;
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use tapis_bots::Level;
use tapis_core::{Outcome, Record};
use tapis_table::Controller;
use tokio::sync::oneshot;

/// A seat's kind, as SERVER.md writes it in `POST /api/rooms`'s `seats` and as it is stored:
/// `human`, or a bot of a level of `tapis play` (`bot:easy`, `bot:medium`, `bot:hard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Bot(Level),
}

impl SeatKind {
    /// Every kind, as SERVER.md lists them.
    pub const ALL: [SeatKind; 4] =
        [SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Bot(Level::Medium), SeatKind::Bot(Level::Hard)];

    pub fn text(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(Level::Easy) => "bot:easy",
            SeatKind::Bot(Level::Medium) => "bot:medium",
            SeatKind::Bot(Level::Hard) => "bot:hard",
        }
    }

    pub fn parse(text: &str) -> Option<SeatKind> {
        SeatKind::ALL.into_iter().find(|kind| kind.text() == text)
    }

    pub fn is_bot(self) -> bool {
        matches!(self, SeatKind::Bot(_))
    }

    /// Who plays the seat at the table.
    pub fn controller(self) -> Controller {
        match self {
            SeatKind::Human => Controller::Person,
            SeatKind::Bot(level) => Controller::Bot(level.bot()),
        }
    }
}

impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.text())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SeatKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        SeatKind::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("no seat kind {text:?}")))
    }
}

/// A room as stored: everything that fixes it before its first action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredRoom {
    pub code: String,
    pub game: String,
    pub players: usize,
    /// Each seat's kind, stored as its text (`"human"`, `"bot:easy"` …).
    pub seats: Vec<SeatKind>,
    pub fixed_deal: bool,
    pub bot_delay_ms: u64,
    pub turn_clock_ms: Option<u64>,
    /// A practice table: each person is offered the hard bot's move on their turn.
    #[serde(default)]
    pub hints: bool,
}

/// One match of a room, as it was started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredMatch {
    pub match_no: u32,
    pub seed: u64,
    pub dealer: u8,
    /// Every option, defaults included.
    pub options: serde_json::Map<String, serde_json::Value>,
    pub deal: Option<serde_json::Value>,
    /// The version of the game's rules it is played under; `None` for a match stored before
    /// rules versions were kept, which was played under [`LEGACY_RULES`].
    pub rules: Option<u32>,
    /// What chance drew as it was set up (its first deal), `at` 0; `None` for a match stored
    /// before outcomes were kept, which replays from its seed.
    pub chance: Option<Vec<Outcome>>,
}

/// The rules version of a match stored before rules versions were kept: every game's first.
pub const LEGACY_RULES: u32 = 1;

impl StoredMatch {
    /// How a match starts, from its first record (what `Match::new` gave).
    pub fn of(match_no: u32, record: &Record) -> StoredMatch {
        StoredMatch {
            match_no,
            seed: record.seed,
            dealer: record.dealer.unwrap_or(0),
            options: record.options.clone(),
            deal: record.deal.clone(),
            rules: record.rules,
            chance: record.chance.clone(),
        }
    }

    /// Its first outcomes as stored: a list, empty when the setup drew nothing (a hand-made
    /// deal); NULL only for a match stored before outcomes were kept.
    pub fn chance_text(&self) -> Option<String> {
        self.chance.as_ref().map(|first| serde_json::to_string(&drawn(first)).unwrap_or_default())
    }

    /// The rules version it is played under.
    pub fn rules(&self) -> u32 {
        self.rules.unwrap_or(LEGACY_RULES)
    }

    /// The match as a record (PROTOCOL.md) of `game` at `players`, with its `actions` and the
    /// outcomes stored with them (`chance`, in order), and its rules version. A match stored
    /// before outcomes were kept gives a record without them: it replays from its seed.
    pub fn record(&self, game: &str, players: usize, actions: Vec<(u8, String)>, chance: &[Outcome]) -> Record {
        Record {
            game: game.to_string(),
            players,
            seed: self.seed,
            options: self.options.clone(),
            dealer: Some(self.dealer),
            deal: self.deal.clone(),
            version: tapis_core::record::ENGINE_VERSION.to_string(),
            rules: Some(self.rules()),
            actions,
            chance: self.chance.as_ref().map(|first| first.iter().chain(chance).cloned().collect()),
        }
    }
}

/// A seat taken by a person: the token is kept hashed, never in clear.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredSeat {
    pub seat: u8,
    pub name: String,
    pub token_hash: [u8; 32],
}

/// One chat line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredChat {
    pub seat: u8,
    pub text: String,
}

/// A room and its history, as read back.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedRoom {
    pub room: StoredRoom,
    pub seats: Vec<StoredSeat>,
    /// The room's last match.
    pub current: StoredMatch,
    /// `(seat, action)` of the last match, in order.
    pub actions: Vec<(u8, String)>,
    /// What chance drew while applying them, in order (each outcome's `at` is its action's
    /// `seq`).
    pub chance: Vec<Outcome>,
    /// The last [`CHAT_KEPT`] lines, oldest first.
    pub chat: Vec<StoredChat>,
}

/// One match of a room as stored: how it started and every action, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedMatch {
    pub started: StoredMatch,
    pub actions: Vec<(u8, String)>,
    /// What chance drew while applying them, in order.
    pub chance: Vec<Outcome>,
}

impl LoadedRoom {
    /// A room just created, as [`Write::CreateRoom`] stores it: no seat taken, no action, no
    /// chat yet.
    pub fn new_room(room: StoredRoom, current: StoredMatch) -> LoadedRoom {
        LoadedRoom { room, seats: Vec::new(), current, actions: Vec::new(), chance: Vec::new(), chat: Vec::new() }
    }

    /// Its current match as a record ([`StoredMatch::record`]).
    pub fn record(&self) -> Record {
        self.current.record(&self.room.game, self.room.players, self.actions.clone(), &self.chance)
    }
}

/// One write. Each is acknowledged only once committed. `SeatToBot`: a person's seat given to a
/// bot, the room's seat kinds becoming `seats` and the person's name and token at `seat` forgotten.
#[derive(Clone, Debug)]
pub enum Write {
    CreateRoom(StoredRoom, StoredMatch),
    StartMatch {
        room: String,
        started: StoredMatch,
    },
    TakeSeat {
        room: String,
        seat: StoredSeat,
    },
    Action {
        room: String,
        match_no: u32,
        seq: u64,
        seat: u8,
        action: String,
        /// What chance drew while applying it (each `at` is `seq`).
        chance: Vec<Outcome>,
    },
    /// A chat line; a room keeps its last [`CHAT_KEPT`].
    Chat {
        room: String,
        line: StoredChat,
    },
    /// A person's seat given to a bot: the room's seat kinds become `seats`, and the person's
    /// seat (with its token) is forgotten.
    SeatToBot {
        room: String,
        seat: u8,
        seats: Vec<SeatKind>,
    },
    /// A seat's review of a finished match (`tapis_table::review::review_json`, as text), kept
    /// so that it is searched once; a review already kept stays as it is.
    Review {
        room: String,
        match_no: u32,
        seat: u8,
        budget: u32,
        review: String,
    },
}

/// Chat lines kept per room, in the store as in memory.
pub const CHAT_KEPT: usize = 100;

/// Whether writes go through.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoreHealth {
    /// The last commit succeeded (or none was tried yet).
    pub ok: bool,
    /// Why the last commit failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Groups that failed in a row.
    pub failures: u64,
}

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// The narrow interface rooms and connections see.
pub trait Store: Send + Sync + 'static {
    /// Commits `write`; resolves once it is durable, or with the error that kept it from being.
    fn write(&self, write: Write) -> StoreFuture<'_, ()>;
    /// A room with its last match, its seats, actions and chat; `None` if there is no such room.
    fn load_room(&self, code: &str) -> StoreFuture<'_, Option<LoadedRoom>>;
    /// One match of a room; `None` if the room has no such match.
    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>>;
    /// A seat's review of a match searched with `budget` iterations a decision, if kept
    /// ([`Write::Review`]).
    fn load_review(&self, room: &str, match_no: u32, seat: u8, budget: u32) -> StoreFuture<'_, Option<String>>;
    /// Whether the last commit went through.
    fn health(&self) -> StoreHealth;
    /// Resolves once every write handed over before it is committed or refused.
    fn flush(&self) -> StoreFuture<'_, ()>;
    /// The room left this server's memory: a store shared by several nodes lets another take it.
    fn release(&self, _room: &str) {}
    /// The node's name and the leases it holds, in a store shared by several nodes.
    fn leases(&self) -> Option<postgres::NodeLeases> {
        None
    }
}

/// The SQLite store.
pub struct SqliteStore {
    writes: std::sync::mpsc::Sender<Pending>,
    reader: Arc<Mutex<Option<Connection>>>,
    path: PathBuf,
    health: Arc<Mutex<StoreHealth>>,
}

enum Pending {
    Write { write: Box<Write>, done: oneshot::Sender<Result<(), String>> },
    Flush(oneshot::Sender<()>),
}

/// The most writes grouped into one transaction.
const MAX_GROUP: usize = 1024;

/// The tables as the first release wrote them, created if missing; [`MIGRATIONS`] bring them up
/// to date. `actions` has no rowid: its rows live in the B-tree of their key, so that an insert
/// writes one B-tree instead of a table and its index (with 1,000 rooms' inserts interleaved, 6
/// to a commit: an eighth less CPU per insert, and up to a sixth fewer bytes written to the
/// WAL). A database created before keeps its table, which reads and writes the same.
const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
        seats TEXT NOT NULL, fixed_deal INTEGER NOT NULL, bot_delay_ms INTEGER NOT NULL, turn_clock_ms INTEGER);
    CREATE TABLE IF NOT EXISTS matches (room TEXT NOT NULL, match_no INTEGER NOT NULL, seed TEXT NOT NULL,
        dealer INTEGER NOT NULL, options TEXT NOT NULL, deal TEXT, PRIMARY KEY (room, match_no));
    CREATE TABLE IF NOT EXISTS seats (room TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
        token_hash BLOB NOT NULL, PRIMARY KEY (room, seat));
    CREATE TABLE IF NOT EXISTS actions (room TEXT NOT NULL, match_no INTEGER NOT NULL, seq INTEGER NOT NULL,
        seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (room, match_no, seq)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, seat INTEGER NOT NULL,
        text TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS chat_by_room ON chat (room, id);
";

/// What each version of the schema adds to the one before, in order: the database's
/// `PRAGMA user_version` counts those applied (0: the first release's tables). A release only
/// ever adds a migration at the end, and a migration only adds (nullable columns, tables): a
/// database upgraded in place still holds every match as it was stored (`docs/upgrades.md`).
const MIGRATIONS: &[&str] = &[
    // 1: each match's rules version and first deal's chance outcomes, each action's outcomes
    // (NULL in rows stored before: those matches replay from their seed, under rules version 1).
    "ALTER TABLE matches ADD COLUMN rules INTEGER;
     ALTER TABLE matches ADD COLUMN chance TEXT;
     ALTER TABLE actions ADD COLUMN chance TEXT;",
    // 2: practice tables (NULL in rooms stored before: no hints); each finished match's
    // reviews, kept once searched (a review is a function of the match, the seat and the
    // budget: asked again, it is read, not searched).
    "ALTER TABLE rooms ADD COLUMN hints INTEGER;
     CREATE TABLE reviews (room TEXT NOT NULL, match_no INTEGER NOT NULL, seat INTEGER NOT NULL,
         budget INTEGER NOT NULL, review TEXT NOT NULL, PRIMARY KEY (room, match_no, seat, budget)) WITHOUT ROWID;",
];

/// The schema version this release writes and reads (`PRAGMA user_version`): every migration
/// applied. A database of a later one was written by a newer release.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Creates the tables or brings them up to date, in one transaction. A database of a later
/// schema (written by a newer release) is refused: this release would not know what it holds.
fn migrate(connection: &mut Connection) -> anyhow::Result<()> {
    let tx = connection.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    tx.execute_batch(SCHEMA)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let version = usize::try_from(version)?;
    anyhow::ensure!(
        version <= SCHEMA_VERSION,
        "its schema is version {version}, written by a newer release of tapis (this one knows versions up to \
         {SCHEMA_VERSION}): run that release or a newer one on it"
    );
    for migration in &MIGRATIONS[version..] {
        tx.execute_batch(migration)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION as i64)?;
    tx.commit()?;
    Ok(())
}

/// Opens the database for writing: WAL, every commit flushed to disk.
fn open_writer(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open(path)?;
    connection.busy_timeout(std::time::Duration::from_secs(10))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    connection.pragma_update(None, "synchronous", "FULL")?;
    Ok(connection)
}

/// Whether the database's three files, where they exist, can be written; why not otherwise.
/// Checked before SQLite touches them, for each commit and each read: SQLite maps the `-shm`
/// file into memory, and its first write there once the file can no longer be written (`chattr
/// +i`) kills the process with SIGBUS instead of failing. Checked first, the store fails as
/// for any other error and says which file. A file made read-only while a commit is under way
/// still kills the process: nothing acknowledged is lost (WAL, `synchronous = FULL`), and a
/// restart serves again once the file is writable.
fn files_writable(path: &Path) -> Result<(), String> {
    for suffix in ["", "-wal", "-shm"] {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        match rustix::fs::access(Path::new(&file), rustix::fs::Access::WRITE_OK) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => {}
            Err(e) => return Err(format!("{} cannot be written: {e}", Path::new(&file).display())),
        }
    }
    Ok(())
}

fn open_reader(path: &Path) -> rusqlite::Result<Connection> {
    let connection =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    connection.busy_timeout(std::time::Duration::from_secs(10))?;
    Ok(connection)
}

impl SqliteStore {
    /// Opens (or creates) `dir/tapis.sqlite3`, creating `dir` if needed.
    pub async fn open(dir: &Path) -> anyhow::Result<SqliteStore> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create the data folder {}: {e}", dir.display()))?;
        let path = dir.join("tapis.sqlite3");
        let shown = path.display().to_string();
        let opened = {
            let path = path.clone();
            tokio::task::spawn_blocking(move || -> anyhow::Result<Connection> {
                let mut connection = open_writer(&path)?;
                migrate(&mut connection)?;
                Ok(connection)
            })
            .await?
        };
        let connection = opened.map_err(|e| anyhow::anyhow!("cannot open the database {shown}: {e}"))?;
        let health = Arc::new(Mutex::new(StoreHealth { ok: true, error: None, failures: 0 }));
        let (writes, receiver) = std::sync::mpsc::channel();
        {
            let (path, health) = (path.clone(), health.clone());
            std::thread::Builder::new()
                .name("store".into())
                .spawn(move || writer(path, Some(connection), receiver, health))?;
        }
        Ok(SqliteStore { writes, reader: Arc::new(Mutex::new(None)), path, health })
    }

    /// Runs `read` on the reading connection, on the blocking pool; the connection is opened
    /// again after an error.
    fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> anyhow::Result<T> + Send + 'static,
    ) -> StoreFuture<'_, T> {
        let (reader, path) = (self.reader.clone(), self.path.clone());
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                files_writable(&path).map_err(|e| anyhow::anyhow!(e))?;
                let mut slot = reader.lock().unwrap_or_else(|e| e.into_inner());
                if slot.is_none() {
                    *slot = Some(open_reader(&path)?);
                }
                let outcome = read(slot.as_ref().expect("opened just above"));
                if outcome.is_err() {
                    *slot = None;
                }
                outcome
            })
            .await?
        })
    }
}

impl Store for SqliteStore {
    fn write(&self, write: Write) -> StoreFuture<'_, ()> {
        let (done, committed) = oneshot::channel();
        let sent = self.writes.send(Pending::Write { write: Box::new(write), done });
        Box::pin(async move {
            sent.map_err(|_| anyhow::anyhow!("the store is closed"))?;
            committed.await.map_err(|_| anyhow::anyhow!("the store writer stopped"))?.map_err(|e| anyhow::anyhow!(e))
        })
    }

    fn load_room(&self, code: &str) -> StoreFuture<'_, Option<LoadedRoom>> {
        let code = code.to_string();
        self.read(move |c| load_room(c, &code))
    }

    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>> {
        let room = room.to_string();
        self.read(move |c| load_match(c, &room, match_no))
    }

    fn load_review(&self, room: &str, match_no: u32, seat: u8, budget: u32) -> StoreFuture<'_, Option<String>> {
        let room = room.to_string();
        self.read(move |c| {
            let review = c
                .prepare_cached(
                    "SELECT review FROM reviews WHERE room = ?1 AND match_no = ?2 AND seat = ?3 AND budget = ?4",
                )?
                .query_row(params![room, match_no, seat, budget], |r| r.get(0))
                .optional()?;
            Ok(review)
        })
    }

    fn health(&self) -> StoreHealth {
        self.health.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn flush(&self) -> StoreFuture<'_, ()> {
        let (done, flushed) = oneshot::channel();
        let sent = self.writes.send(Pending::Flush(done));
        Box::pin(async move {
            sent.map_err(|_| anyhow::anyhow!("the store is closed"))?;
            flushed.await.map_err(|_| anyhow::anyhow!("the store writer stopped"))
        })
    }
}

/// The writer's thread: takes every write waiting, commits them in one transaction, then
/// answers each. Ends when every sender is gone, having answered every write handed over.
fn writer(
    path: PathBuf,
    mut connection: Option<Connection>,
    receiver: std::sync::mpsc::Receiver<Pending>,
    health: Arc<Mutex<StoreHealth>>,
) {
    let mut group: Vec<(Write, oneshot::Sender<Result<(), String>>)> = Vec::with_capacity(MAX_GROUP);
    let mut flushes = Vec::new();
    while let Ok(first) = receiver.recv() {
        let mut next = Some(first);
        while let Some(pending) = next.take() {
            match pending {
                Pending::Write { write, done } => group.push((*write, done)),
                Pending::Flush(done) => flushes.push(done),
            }
            if group.len() < MAX_GROUP {
                next = receiver.try_recv().ok();
            }
        }
        if !group.is_empty() {
            let outcome = commit_group(&path, &mut connection, &group);
            let mut health = health.lock().unwrap_or_else(|e| e.into_inner());
            match &outcome {
                Ok(()) => *health = StoreHealth { ok: true, error: None, failures: 0 },
                Err(e) => {
                    if health.ok {
                        tracing::error!(error = %e, "the store cannot commit: writes are refused until it can again");
                    }
                    health.ok = false;
                    health.error = Some(e.clone());
                    health.failures += 1;
                }
            }
            drop(health);
            for (_, done) in group.drain(..) {
                let _ = done.send(outcome.clone());
            }
        }
        for done in flushes.drain(..) {
            let _ = done.send(());
        }
    }
}

/// Commits a group in one transaction. On any failure the transaction is rolled back and the
/// connection dropped, so that the next group starts from a clean, newly opened one.
fn commit_group(
    path: &Path,
    connection: &mut Option<Connection>,
    group: &[(Write, oneshot::Sender<Result<(), String>>)],
) -> Result<(), String> {
    // The connection is kept as it is: closing it would touch the files too.
    files_writable(path)?;
    let recovering = connection.is_none();
    if connection.is_none() {
        *connection = Some(open_writer(path).map_err(|e| e.to_string())?);
    }
    let c = connection.as_mut().expect("opened just above");
    let outcome = (|| -> rusqlite::Result<()> {
        c.execute_batch("BEGIN IMMEDIATE")?;
        for (write, _) in group {
            apply(c, write)?;
        }
        c.execute_batch("COMMIT")
    })();
    match outcome {
        Ok(()) => {
            if recovering {
                tracing::warn!("the store commits again");
            }
            Ok(())
        }
        Err(e) => {
            if !c.is_autocommit() {
                let _ = c.execute_batch("ROLLBACK");
            }
            *connection = None;
            Err(e.to_string())
        }
    }
}

fn apply(c: &Connection, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Action { room, match_no, seq, seat, action, chance } => {
            c.prepare_cached(
                "INSERT INTO actions (room, match_no, seq, seat, action, chance) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![room, match_no, *seq as i64, seat, action, outcomes_text(chance)])?;
        }
        Write::CreateRoom(room, first) => {
            c.prepare_cached(
                "INSERT INTO rooms (code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms, hints) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(params![
                room.code,
                room.game,
                room.players as i64,
                serde_json::to_string(&room.seats).unwrap_or_default(),
                room.fixed_deal,
                room.bot_delay_ms as i64,
                room.turn_clock_ms.map(|ms| ms as i64),
                room.hints,
            ])?;
            insert_match(c, &room.code, first)?;
        }
        Write::StartMatch { room, started } => insert_match(c, room, started)?,
        Write::TakeSeat { room, seat } => {
            c.prepare_cached("INSERT INTO seats (room, seat, name, token_hash) VALUES (?1, ?2, ?3, ?4)")?
                .execute(params![room, seat.seat, seat.name, seat.token_hash.as_slice()])?;
        }
        Write::Chat { room, line } => {
            c.prepare_cached("INSERT INTO chat (room, seat, text) VALUES (?1, ?2, ?3)")?
                .execute(params![room, line.seat, line.text])?;
            // Only the last lines are kept: the line CHAT_KEPT back, and every older one, go.
            c.prepare_cached(
                "DELETE FROM chat WHERE room = ?1 AND id <= \
                 (SELECT id FROM chat WHERE room = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)",
            )?
            .execute(params![room, CHAT_KEPT as i64])?;
        }
        Write::SeatToBot { room, seat, seats } => {
            c.prepare_cached("UPDATE rooms SET seats = ?1 WHERE code = ?2")?
                .execute(params![serde_json::to_string(seats).unwrap_or_default(), room])?;
            c.prepare_cached("DELETE FROM seats WHERE room = ?1 AND seat = ?2")?.execute(params![room, seat])?;
        }
        Write::Review { room, match_no, seat, budget, review } => {
            c.prepare_cached(
                "INSERT OR IGNORE INTO reviews (room, match_no, seat, budget, review) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![room, match_no, seat, budget, review])?;
        }
    }
    Ok(())
}

fn insert_match(c: &Connection, room: &str, m: &StoredMatch) -> rusqlite::Result<()> {
    c.prepare_cached(
        "INSERT INTO matches (room, match_no, seed, dealer, options, deal, rules, chance) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        room,
        m.match_no,
        // As text: SQLite integers are signed, seeds use all 64 bits.
        m.seed.to_string(),
        m.dealer,
        serde_json::to_string(&m.options).unwrap_or_default(),
        m.deal.as_ref().map(|d| d.to_string()),
        m.rules,
        m.chance_text(),
    ])?;
    Ok(())
}

/// The outcomes of one moment as stored: the list of the game's outcomes (their `at` is the
/// row's); none stored as NULL.
pub fn outcomes_text(chance: &[Outcome]) -> Option<String> {
    (!chance.is_empty()).then(|| serde_json::to_string(&drawn(chance)).unwrap_or_default())
}

fn drawn(chance: &[Outcome]) -> Vec<&serde_json::Map<String, serde_json::Value>> {
    chance.iter().map(|o| &o.drawn).collect()
}

/// The outcomes stored for the moment `at`, read back.
pub fn read_outcomes(at: u64, text: &str) -> anyhow::Result<Vec<Outcome>> {
    let drawn: Vec<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(text)?;
    Ok(drawn.into_iter().map(|drawn| Outcome { at, drawn }).collect())
}

/// A match row as read: match number, seed, dealer, options, deal, rules version, outcomes.
type MatchRow = (u32, String, u8, String, Option<String>, Option<u32>, Option<String>);

fn stored_match(row: &rusqlite::Row) -> rusqlite::Result<MatchRow> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?, row.get(5)?, row.get(6)?))
}

fn parse_match((match_no, seed, dealer, options, deal, rules, chance): MatchRow) -> anyhow::Result<StoredMatch> {
    Ok(StoredMatch {
        match_no,
        seed: seed.parse()?,
        dealer,
        options: serde_json::from_str(&options)?,
        deal: deal.map(|d| serde_json::from_str(&d)).transpose()?,
        rules,
        chance: chance.map(|text| read_outcomes(0, &text)).transpose()?,
    })
}

/// A match's actions in order (each with its seat), and the outcomes stored with them.
type StoredActions = (Vec<(u8, String)>, Vec<Outcome>);

/// A match's actions in order, and the outcomes stored with them.
fn load_actions(c: &Connection, room: &str, match_no: u32) -> anyhow::Result<StoredActions> {
    let mut statement = c.prepare_cached(
        "SELECT seq, seat, action, chance FROM actions WHERE room = ?1 AND match_no = ?2 ORDER BY seq",
    )?;
    let rows = statement.query_map(params![room, match_no], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, u8>(1)?, r.get::<_, String>(2)?, r.get::<_, Option<String>>(3)?))
    })?;
    let (mut actions, mut chance) = (Vec::new(), Vec::new());
    for row in rows {
        let (seq, seat, action, outcomes) = row?;
        actions.push((seat, action));
        if let Some(text) = outcomes {
            chance.extend(read_outcomes(seq as u64, &text)?);
        }
    }
    Ok((actions, chance))
}

fn load_match(c: &Connection, room: &str, match_no: u32) -> anyhow::Result<Option<LoadedMatch>> {
    let row = c
        .prepare_cached(
            "SELECT match_no, seed, dealer, options, deal, rules, chance FROM matches WHERE room = ?1 AND match_no = ?2",
        )?
        .query_row(params![room, match_no], stored_match)
        .optional()?;
    let Some(row) = row else { return Ok(None) };
    let (actions, chance) = load_actions(c, room, match_no)?;
    Ok(Some(LoadedMatch { started: parse_match(row)?, actions, chance }))
}

fn load_room(c: &Connection, code: &str) -> anyhow::Result<Option<LoadedRoom>> {
    let row = c
        .prepare_cached(
            "SELECT code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms, hints FROM rooms WHERE code = ?1",
        )?
        .query_row(params![code], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, i64>(5)?,
                r.get::<_, Option<i64>>(6)?,
                r.get::<_, Option<bool>>(7)?,
            ))
        })
        .optional()?;
    let Some((code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms, hints)) = row else {
        return Ok(None);
    };
    let room = StoredRoom {
        code,
        game,
        players: players as usize,
        seats: serde_json::from_str(&seats)?,
        fixed_deal,
        bot_delay_ms: bot_delay_ms as u64,
        turn_clock_ms: turn_clock_ms.map(|ms| ms as u64),
        hints: hints.unwrap_or(false),
    };
    let current = c
        .prepare_cached(
            "SELECT match_no, seed, dealer, options, deal, rules, chance FROM matches WHERE room = ?1 \
             ORDER BY match_no DESC LIMIT 1",
        )?
        .query_row(params![room.code], stored_match)?;
    let current = parse_match(current)?;
    let (actions, chance) = load_actions(c, &room.code, current.match_no)?;
    let seats = c
        .prepare_cached("SELECT seat, name, token_hash FROM seats WHERE room = ?1 ORDER BY seat")?
        .query_map(params![room.code], |r| Ok((r.get::<_, u8>(0)?, r.get::<_, String>(1)?, r.get::<_, Vec<u8>>(2)?)))?
        .map(|row| {
            let (seat, name, hash) = row?;
            Ok(StoredSeat {
                seat,
                name,
                token_hash: hash.try_into().map_err(|_| anyhow::anyhow!("a token hash is 32 bytes"))?,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut chat = c
        .prepare_cached("SELECT seat, text FROM chat WHERE room = ?1 ORDER BY id DESC LIMIT ?2")?
        .query_map(params![room.code, CHAT_KEPT as i64], |r| Ok(StoredChat { seat: r.get(0)?, text: r.get(1)? }))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    chat.reverse();
    Ok(Some(LoadedRoom { room, seats, current, actions, chance, chat }))
}
