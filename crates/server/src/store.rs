//! Where rooms live between restarts, behind one narrow interface ([`Store`]): create a room,
//! start a match, record a seat taken (or given to a bot), append an accepted action, append a
//! chat line, load everything. The action log is the source of truth: a room is rebuilt by
//! replaying it.
//!
//! [`SqliteStore`] keeps it in one SQLite file (WAL, `synchronous = FULL`: a commit is on disk
//! before it is acknowledged). Writes of every room go through one writer task that groups them
//! into transactions: each write waits for the commit of its group, so nothing is acknowledged
//! before it is durable, and many rooms share one disk flush. A PostgreSQL store for several
//! servers would implement the same trait; rooms and connections would not change (see the
//! README for what several servers sharing one store still need).

use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use tokio::sync::{mpsc, oneshot};

/// A room as stored: everything that fixes it before its first action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredRoom {
    pub code: String,
    pub game: String,
    pub players: usize,
    /// Each seat: `"human"` or `"bot:easy"`, `"bot:medium"`, `"bot:hard"`.
    pub seats: Vec<String>,
    pub fixed_deal: bool,
    pub bot_delay_ms: u64,
    pub turn_clock_ms: Option<u64>,
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

/// A room and its history, as loaded at start.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedRoom {
    pub room: StoredRoom,
    pub seats: Vec<StoredSeat>,
    /// The room's last match.
    pub current: StoredMatch,
    /// `(seat, action)` of the last match, in order.
    pub actions: Vec<(u8, String)>,
    pub chat: Vec<StoredChat>,
}

/// One match of a room as stored: how it started and every action, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedMatch {
    pub started: StoredMatch,
    pub actions: Vec<(u8, String)>,
}

/// One write. Each is acknowledged only once committed. `SeatToBot`: a person's seat given to a
/// bot, the room's seat kinds becoming `seats` and the person's name and token at `seat` forgotten.
#[derive(Clone, Debug)]
pub enum Write {
    CreateRoom(StoredRoom, StoredMatch),
    StartMatch { room: String, started: StoredMatch },
    TakeSeat { room: String, seat: StoredSeat },
    Action { room: String, match_no: u32, seq: u64, seat: u8, action: String },
    Chat { room: String, line: StoredChat },
    SeatToBot { room: String, seat: u8, seats: Vec<String> },
}

pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = anyhow::Result<T>> + Send + 'a>>;

/// The narrow interface rooms and connections see.
pub trait Store: Send + Sync + 'static {
    /// Commits `write`; resolves once it is durable.
    fn write(&self, write: Write) -> StoreFuture<'_, ()>;
    /// Every room with its last match, its seats, actions and chat.
    fn load_all(&self) -> StoreFuture<'_, Vec<LoadedRoom>>;
    /// One match of a room; `None` if the room has no such match.
    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>>;
}

/// The SQLite store.
pub struct SqliteStore {
    pool: SqlitePool,
    writes: mpsc::Sender<(Write, oneshot::Sender<anyhow::Result<()>>)>,
}

/// The most writes grouped into one transaction.
const MAX_GROUP: usize = 512;

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, \
     seats TEXT NOT NULL, fixed_deal INTEGER NOT NULL, bot_delay_ms INTEGER NOT NULL, turn_clock_ms INTEGER)",
    "CREATE TABLE IF NOT EXISTS matches (room TEXT NOT NULL, match_no INTEGER NOT NULL, seed TEXT NOT NULL, \
     dealer INTEGER NOT NULL, options TEXT NOT NULL, deal TEXT, PRIMARY KEY (room, match_no))",
    "CREATE TABLE IF NOT EXISTS seats (room TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, \
     token_hash BLOB NOT NULL, PRIMARY KEY (room, seat))",
    "CREATE TABLE IF NOT EXISTS actions (room TEXT NOT NULL, match_no INTEGER NOT NULL, seq INTEGER NOT NULL, \
     seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (room, match_no, seq))",
    "CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, seat INTEGER NOT NULL, \
     text TEXT NOT NULL)",
];

impl SqliteStore {
    /// Opens (or creates) `dir/tapis.sqlite3`, creating `dir` if needed.
    pub async fn open(dir: &Path) -> anyhow::Result<SqliteStore> {
        std::fs::create_dir_all(dir)?;
        let options = SqliteConnectOptions::new()
            .filename(dir.join("tapis.sqlite3"))
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(std::time::Duration::from_secs(10));
        // One connection: the writer owns it between loads, and SQLite has one writer anyway.
        let pool = SqlitePoolOptions::new().max_connections(1).connect_with(options).await?;
        for &statement in SCHEMA {
            sqlx::query(statement).execute(&pool).await?;
        }
        let (writes, receiver) = mpsc::channel(4096);
        tokio::spawn(writer(pool.clone(), receiver));
        Ok(SqliteStore { pool, writes })
    }
}

impl Store for SqliteStore {
    fn write(&self, write: Write) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let (done, committed) = oneshot::channel();
            self.writes.send((write, done)).await.map_err(|_| anyhow::anyhow!("the store is closed"))?;
            committed.await.map_err(|_| anyhow::anyhow!("the store writer stopped"))?
        })
    }

    fn load_all(&self) -> StoreFuture<'_, Vec<LoadedRoom>> {
        Box::pin(load_all(&self.pool))
    }

    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>> {
        let room = room.to_string();
        Box::pin(async move { load_match(&self.pool, &room, match_no).await })
    }
}

/// Takes every write waiting, commits them in one transaction, then acknowledges each.
async fn writer(pool: SqlitePool, mut receiver: mpsc::Receiver<(Write, oneshot::Sender<anyhow::Result<()>>)>) {
    let mut group = Vec::with_capacity(MAX_GROUP);
    while receiver.recv_many(&mut group, MAX_GROUP).await > 0 {
        let outcome = commit(&pool, &group).await;
        for (_, done) in group.drain(..) {
            let _ = done.send(outcome.as_ref().map(|_| ()).map_err(|e| anyhow::anyhow!("{e}")));
        }
    }
}

/// Actions per multi-row `INSERT` (5 parameters each, well under SQLite's limit).
const ACTIONS_PER_INSERT: usize = 200;

async fn commit(pool: &SqlitePool, group: &[(Write, oneshot::Sender<anyhow::Result<()>>)]) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    // Actions, the bulk of the writes, go in a few multi-row statements; the rest one by one.
    // Their order inside the group does not matter: each is keyed by (room, match, seq).
    let actions: Vec<&Write> = group.iter().map(|(w, _)| w).filter(|w| matches!(w, Write::Action { .. })).collect();
    for chunk in actions.chunks(ACTIONS_PER_INSERT) {
        let mut insert =
            sqlx::QueryBuilder::<sqlx::Sqlite>::new("INSERT INTO actions (room, match_no, seq, seat, action) ");
        insert.push_values(chunk, |mut row, write| {
            if let Write::Action { room, match_no, seq, seat, action } = write {
                row.push_bind(room.clone())
                    .push_bind(*match_no as i64)
                    .push_bind(*seq as i64)
                    .push_bind(*seat as i64)
                    .push_bind(action.clone());
            }
        });
        insert.build().execute(&mut *tx).await?;
    }
    for (write, _) in group {
        match write {
            Write::CreateRoom(room, first) => {
                sqlx::query(
                    "INSERT INTO rooms (code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(&room.code)
                .bind(&room.game)
                .bind(room.players as i64)
                .bind(serde_json::to_string(&room.seats)?)
                .bind(room.fixed_deal)
                .bind(room.bot_delay_ms as i64)
                .bind(room.turn_clock_ms.map(|ms| ms as i64))
                .execute(&mut *tx)
                .await?;
                insert_match(&mut tx, &room.code, first).await?;
            }
            Write::StartMatch { room, started } => insert_match(&mut tx, room, started).await?,
            Write::TakeSeat { room, seat } => {
                sqlx::query("INSERT INTO seats (room, seat, name, token_hash) VALUES ($1, $2, $3, $4)")
                    .bind(room)
                    .bind(seat.seat as i64)
                    .bind(&seat.name)
                    .bind(seat.token_hash.to_vec())
                    .execute(&mut *tx)
                    .await?;
            }
            Write::Action { .. } => {}
            Write::SeatToBot { room, seat, seats } => {
                sqlx::query("UPDATE rooms SET seats = $1 WHERE code = $2")
                    .bind(serde_json::to_string(seats)?)
                    .bind(room)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM seats WHERE room = $1 AND seat = $2")
                    .bind(room)
                    .bind(*seat as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            Write::Chat { room, line } => {
                sqlx::query("INSERT INTO chat (room, seat, text) VALUES ($1, $2, $3)")
                    .bind(room)
                    .bind(line.seat as i64)
                    .bind(&line.text)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    tx.commit().await?;
    Ok(())
}

async fn insert_match(tx: &mut sqlx::SqliteConnection, room: &str, m: &StoredMatch) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO matches (room, match_no, seed, dealer, options, deal) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(room)
        .bind(m.match_no as i64)
        // As text: SQLite integers are signed, seeds use all 64 bits.
        .bind(m.seed.to_string())
        .bind(m.dealer as i64)
        .bind(serde_json::to_string(&m.options)?)
        .bind(m.deal.as_ref().map(serde_json::to_string).transpose()?)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

fn stored_match(row: &sqlx::sqlite::SqliteRow) -> anyhow::Result<StoredMatch> {
    Ok(StoredMatch {
        match_no: row.try_get::<i64, _>("match_no")? as u32,
        seed: row.try_get::<String, _>("seed")?.parse()?,
        dealer: row.try_get::<i64, _>("dealer")? as u8,
        options: serde_json::from_str(&row.try_get::<String, _>("options")?)?,
        deal: row.try_get::<Option<String>, _>("deal")?.map(|d| serde_json::from_str(&d)).transpose()?,
    })
}

async fn load_actions(pool: &SqlitePool, room: &str, match_no: u32) -> anyhow::Result<Vec<(u8, String)>> {
    sqlx::query("SELECT seat, action FROM actions WHERE room = $1 AND match_no = $2 ORDER BY seq")
        .bind(room)
        .bind(match_no as i64)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|r| Ok((r.try_get::<i64, _>("seat")? as u8, r.try_get::<String, _>("action")?)))
        .collect()
}

async fn load_match(pool: &SqlitePool, room: &str, match_no: u32) -> anyhow::Result<Option<LoadedMatch>> {
    let row =
        sqlx::query("SELECT match_no, seed, dealer, options, deal FROM matches WHERE room = $1 AND match_no = $2")
            .bind(room)
            .bind(match_no as i64)
            .fetch_optional(pool)
            .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(LoadedMatch { started: stored_match(&row)?, actions: load_actions(pool, room, match_no).await? }))
}

async fn load_all(pool: &SqlitePool) -> anyhow::Result<Vec<LoadedRoom>> {
    let mut loaded = Vec::new();
    let rooms = sqlx::query(
        "SELECT code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms FROM rooms ORDER BY code",
    )
    .fetch_all(pool)
    .await?;
    for row in rooms {
        let room = StoredRoom {
            code: row.try_get("code")?,
            game: row.try_get("game")?,
            players: row.try_get::<i64, _>("players")? as usize,
            seats: serde_json::from_str(&row.try_get::<String, _>("seats")?)?,
            fixed_deal: row.try_get("fixed_deal")?,
            bot_delay_ms: row.try_get::<i64, _>("bot_delay_ms")? as u64,
            turn_clock_ms: row.try_get::<Option<i64>, _>("turn_clock_ms")?.map(|ms| ms as u64),
        };
        let m = sqlx::query(
            "SELECT match_no, seed, dealer, options, deal FROM matches WHERE room = $1 ORDER BY match_no DESC LIMIT 1",
        )
        .bind(&room.code)
        .fetch_one(pool)
        .await?;
        let current = stored_match(&m)?;
        let actions = load_actions(pool, &room.code, current.match_no).await?;
        let seats = sqlx::query("SELECT seat, name, token_hash FROM seats WHERE room = $1 ORDER BY seat")
            .bind(&room.code)
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| {
                let hash: Vec<u8> = r.try_get("token_hash")?;
                Ok(StoredSeat {
                    seat: r.try_get::<i64, _>("seat")? as u8,
                    name: r.try_get("name")?,
                    token_hash: hash.try_into().map_err(|_| anyhow::anyhow!("a token hash is 32 bytes"))?,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let chat = sqlx::query("SELECT seat, text FROM chat WHERE room = $1 ORDER BY id")
            .bind(&room.code)
            .fetch_all(pool)
            .await?
            .into_iter()
            .map(|r| Ok(StoredChat { seat: r.try_get::<i64, _>("seat")? as u8, text: r.try_get("text")? }))
            .collect::<anyhow::Result<Vec<_>>>()?;
        loaded.push(LoadedRoom { room, seats, current, actions, chat });
    }
    Ok(loaded)
}
