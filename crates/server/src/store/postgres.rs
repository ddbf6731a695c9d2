//! The PostgreSQL store: the same [`Store`] as SQLite's, for several `tapis serve` nodes sharing
//! one database (`tapis serve --store postgres://…`).
//!
//! **Group commit, as SQLite's.** One task owns the writing connection and takes every write
//! waiting into one transaction (at most [`MAX_GROUP`]); each write is answered once its group is
//! committed. A group that cannot be committed within [`COMMIT_WITHIN`] (PostgreSQL down or out
//! of reach, a broken connection, a constraint broken) is rolled back and every write of it is
//! refused; its connection is dropped, and the next group opens a new one, so that a failure
//! never poisons what comes after it.
//!
//! **One writer per room: leases with a rising epoch, checked by every write.** A node owns a
//! room through a row of `leases` (room, node, epoch, expires), on the database's clock. It gets
//! one when it creates the room (epoch 1), or when it brings the room back from the store
//! ([`Store::load_room`]): then only if the lease is its own or ran out, and always with the
//! epoch one higher, before the room's log is read; or when its scan takes a lease that ran out
//! ([`PostgresStore::claim_lapsed`], for [`crate::cluster`]). The writer renews every lease the
//! node holds every third of [`PostgresStore::open`]'s `lease` (one statement, on its own connection, so
//! that a renewal never waits for a group's locks). Every write to a room — an appended action,
//! a seat, a chat line, a new match — runs in a transaction that first locks that room's lease
//! row (`FOR SHARE`) where it still names this node and the epoch it was given and has not run
//! out: a write from a node that no longer owns the room finds no row and is refused, and is
//! never told to anyone. The lock makes a takeover wait for a group under way, so a new owner
//! reads the log only after every write its predecessor had committed. The node also keeps each
//! lease's end by its own clock (counted from before the statement that set it): once it has
//! passed, because PostgreSQL could not be reached or the renewal was refused, the room's writes
//! are refused at once, without asking the database.
//!
//! **The append is the concurrency check.** `actions` has the primary key `(room, match_no,
//! seq)`: an action whose number is already stored is refused alone (`ON CONFLICT DO NOTHING`),
//! and the rest of its group goes through.
//!
//! What a refused write leaves: the room goes back to what it believes is stored, as with SQLite.
//! A commit whose answer was lost on the way back (the connection broke during `COMMIT`) is
//! refused though it may have landed; the room then finds its next action already stored, and is
//! right again once it is brought back from the store.

use super::{
    CHAT_KEPT, LoadedMatch, LoadedRoom, Store, StoreFuture, StoreHealth, StoredChat, StoredMatch, StoredRoom,
    StoredSeat, Write, outcomes_text, read_outcomes,
};
use serde::Serialize;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions, PgRow};
use sqlx::{Connection, Postgres, Row, Transaction};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tapis_core::Outcome;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{Instant, MissedTickBehavior};

/// The most writes grouped into one transaction.
pub const MAX_GROUP: usize = 1024;

/// How long a group, a renewal or a lease's acquisition may take before it is given up (and its
/// writes refused): a server out of reach answers nothing, and must not hold the rooms forever.
pub const COMMIT_WITHIN: Duration = Duration::from_secs(5);

/// How long a lease lasts unless renewed, by default (renewed every third of it). The cost of a
/// short lease is its renewals (one statement per node every third of it, whatever its number of
/// rooms) and the stalls it tolerates: a node loses its rooms when PostgreSQL has not answered
/// two renewals in a row, so 10 s rides out a 6 s stall. Its gain is the takeover time after a
/// node dies: at most a lease and a scan period (a third of it), and the replays.
pub const LEASE: Duration = Duration::from_secs(10);

/// The most lapsed leases one node takes in one scan, so that a node starting among thousands
/// of lapsed rooms takes them over a few scans, sharing them with the others.
pub const MAX_CLAIM: u64 = 64;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The PostgreSQL store of one node.
pub struct PostgresStore {
    writes: mpsc::UnboundedSender<Pending>,
    /// For reads and for acquiring leases; writes have their own connection.
    pool: PgPool,
    shared: Arc<Shared>,
}

/// What the writer's task and the store share.
struct Shared {
    node: String,
    lease: Duration,
    /// The rooms this node owns: the epoch it was given and when, by this node's clock, the
    /// lease ends unless renewed.
    held: Mutex<BTreeMap<String, Held>>,
    /// Rooms whose lapsed lease this node just took ([`PostgresStore::claim_lapsed`]), not
    /// brought into memory yet: their load uses that lease rather than taking another.
    claimed: Mutex<BTreeSet<String>>,
    /// Set by a drain: no lease is taken any more.
    draining: AtomicBool,
    health: Mutex<StoreHealth>,
    /// Whether the last renewal, scan or acquisition reached PostgreSQL.
    reach: Mutex<Reach>,
}

/// This node's view of PostgreSQL.
#[derive(Clone, Copy, Debug)]
struct Reach {
    ok: bool,
    /// Since when it is (or is not) reached.
    since: Instant,
}

#[derive(Clone, Copy, Debug)]
struct Held {
    epoch: i64,
    until: Instant,
}

type Answer = oneshot::Sender<Result<(), String>>;

enum Pending {
    Write {
        write: Write,
        done: Answer,
    },
    Flush(oneshot::Sender<()>),
    /// The lease of a room that left memory, given up (if it still has that epoch).
    Release {
        room: String,
        epoch: i64,
    },
}

/// What `GET /api/health` says of a node's leases.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NodeLeases {
    pub node: String,
    /// Each room this node owns: its lease's epoch, and how long it lasts unless renewed.
    pub rooms: BTreeMap<String, LeaseView>,
    /// This node's view of PostgreSQL.
    pub postgres: PostgresView,
}

/// Whether this node reaches PostgreSQL: `{"ok": true}`, or `{"ok": false,
/// "unreachable_for_ms": N}` since the first statement that failed to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PostgresView {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreachable_for_ms: Option<u64>,
}

/// A room whose lease another node holds, and has not let run out.
#[derive(Debug)]
pub struct HeldElsewhere {
    pub room: String,
    pub node: String,
}

impl std::fmt::Display for HeldElsewhere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the room {} is held by the node {}", self.room, self.node)
    }
}

impl std::error::Error for HeldElsewhere {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeaseView {
    pub epoch: i64,
    pub ms_left: u64,
}

/// A lease for `node`, new or taken over: only if it is the node's own or ran out; its epoch one
/// higher than the last.
const ACQUIRE: &str = "INSERT INTO leases (room, node, epoch, expires) \
     VALUES ($1, $2, 1, now() + $3::float8 * interval '1 millisecond') \
     ON CONFLICT (room) DO UPDATE SET node = excluded.node, epoch = leases.epoch + 1, expires = excluded.expires, \
     idle = false \
     WHERE leases.node = excluded.node OR leases.expires < now() \
     RETURNING epoch";

/// The first write of a room: its lease, epoch 1.
const FIRST_LEASE: &str = "INSERT INTO leases (room, node, epoch, expires) \
     VALUES ($1, $2, 1, now() + $3::float8 * interval '1 millisecond')";

/// The fence: the lease row, locked until the transaction ends, if it still is this writer's.
const CHECK_LEASE: &str = "SELECT 1 FROM leases \
     WHERE room = $1 AND node = $2 AND epoch = $3 AND expires > clock_timestamp() FOR SHARE";

/// The lease of a room that left memory, given up: it ends now, and live nodes do not take it
/// over (`idle`): the room comes back where a client asks for it.
const RELEASE: &str = "UPDATE leases SET expires = now(), idle = true WHERE room = $1 AND node = $2 AND epoch = $3";

/// A drain: every lease of the node ends now, for the live nodes' next scans to take.
const RELEASE_ALL: &str = "UPDATE leases AS l SET expires = now() \
     FROM unnest($1::text[], $2::int8[]) AS h(room, epoch) \
     WHERE l.room = h.room AND l.epoch = h.epoch AND l.node = $3 \
     RETURNING l.room, l.epoch";

/// The node is alive (it is counted when the rooms of a dead one are shared out).
const HEARTBEAT: &str = "INSERT INTO nodes (node, seen) VALUES ($1, now()) \
     ON CONFLICT (node) DO UPDATE SET seen = excluded.seen";

/// How many leases ran out (not given up idle, and not longer ago than $1 ms), and how many
/// nodes are alive (seen within $2 ms).
const LAPSED_AND_LIVE: &str = "SELECT \
     (SELECT count(*) FROM leases WHERE NOT idle AND expires < now() \
        AND expires > now() - $1::float8 * interval '1 millisecond'), \
     (SELECT count(*) FROM nodes WHERE seen > now() - $2::float8 * interval '1 millisecond')";

/// Takes at most $3 leases that ran out, the oldest first, skipping the rooms in this node's
/// memory ($5) and those another node is taking at this very moment (`SKIP LOCKED`): each with
/// the epoch one higher.
const CLAIM: &str = "WITH lapsed AS ( \
        SELECT room FROM leases \
        WHERE NOT idle AND expires < now() AND expires > now() - $4::float8 * interval '1 millisecond' \
          AND NOT (room = ANY($5::text[])) \
        ORDER BY expires, room LIMIT $3 FOR UPDATE SKIP LOCKED) \
     UPDATE leases AS l SET node = $1, epoch = l.epoch + 1, \
        expires = now() + $2::float8 * interval '1 millisecond' \
     FROM lapsed WHERE l.room = lapsed.room \
     RETURNING l.room, l.epoch";

/// Every lease the node holds, pushed back; the rooms whose lease is still the node's (one that
/// ran out stays so: another node may be taking it).
const RENEW: &str = "UPDATE leases AS l SET expires = now() + $3::float8 * interval '1 millisecond' \
     FROM unnest($1::text[], $2::int8[]) AS h(room, epoch) \
     WHERE l.room = h.room AND l.epoch = h.epoch AND l.node = $4 AND l.expires > now() \
     RETURNING l.room";

impl PostgresStore {
    /// Connects to the database of `url` (`postgres://user:password@host:port/database`), brings
    /// its schema up to date (the migrations under `crates/server/migrations`), and starts the
    /// writer of node `node`, whose leases last `lease` unless renewed.
    pub async fn open(url: &str, node: &str, lease: Duration) -> anyhow::Result<PostgresStore> {
        // The URL is not quoted back: it may hold a password.
        let options: PgConnectOptions =
            url.parse().map_err(|e| anyhow::anyhow!("the store's address is not a PostgreSQL URL: {e}"))?;
        // A node cut off in the middle of a group leaves its transaction open on the server,
        // holding its rooms' lease rows: PostgreSQL ends it, so that a live node can take them.
        let idle_limit = format!("{}ms", COMMIT_WITHIN.as_millis());
        let options = options.options([("idle_in_transaction_session_timeout", idle_limit.as_str())]);
        anyhow::ensure!(!node.is_empty(), "a node needs a name");
        anyhow::ensure!(lease >= Duration::from_millis(300), "a lease lasts 300 ms at least");
        // One connection first, so that the reason it fails is told (the pool says only that it
        // timed out).
        let first = tokio::time::timeout(COMMIT_WITHIN, PgConnection::connect_with(&options))
            .await
            .map_err(|_| anyhow::anyhow!("cannot reach PostgreSQL: no answer within {COMMIT_WITHIN:?}"))?
            .map_err(|e| anyhow::anyhow!("cannot reach PostgreSQL: {e}"))?;
        let _ = first.close().await;
        let pool = PgPoolOptions::new()
            .max_connections(4)
            .acquire_timeout(COMMIT_WITHIN)
            .connect_with(options.clone())
            .await
            .map_err(|e| anyhow::anyhow!("cannot reach PostgreSQL: {e}"))?;
        MIGRATOR.run(&pool).await.map_err(|e| anyhow::anyhow!("cannot set up the PostgreSQL schema: {e}"))?;
        let shared = Arc::new(Shared {
            node: node.to_string(),
            lease,
            held: Mutex::new(BTreeMap::new()),
            claimed: Mutex::new(BTreeSet::new()),
            draining: AtomicBool::new(false),
            health: Mutex::new(StoreHealth { ok: true, error: None, failures: 0 }),
            reach: Mutex::new(Reach { ok: true, since: Instant::now() }),
        });
        let (writes, receiver) = mpsc::unbounded_channel();
        tokio::spawn(writer(shared.clone(), options, receiver));
        Ok(PostgresStore { writes, pool, shared })
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.shared.node
    }

    /// The epoch of the lease this node holds on `room`, if it holds one that has not run out.
    pub fn epoch(&self, room: &str) -> Option<i64> {
        let held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
        held.get(room).filter(|h| h.until > Instant::now()).map(|h| h.epoch)
    }

    /// How long this node's leases last unless renewed.
    pub fn lease(&self) -> Duration {
        self.shared.lease
    }

    /// One scan of the node's background task ([`crate::cluster`]): says that the node is
    /// alive, then takes its share of the leases that ran out (the number lapsed divided by the
    /// nodes alive, rounded up, at most [`MAX_CLAIM`] and `room_for`), leaving out the rooms in
    /// its memory (`in_memory`), those given up idle and those that ran out more than
    /// `forget_after` ago. The rooms taken, with their new epochs: the caller brings them into
    /// memory, whose load then uses that lease.
    pub async fn claim_lapsed(
        &self,
        in_memory: &[String],
        room_for: usize,
        forget_after: Duration,
    ) -> anyhow::Result<Vec<(String, i64)>> {
        if self.shared.draining.load(Ordering::Relaxed) {
            return Ok(Vec::new());
        }
        let scanned = tokio::time::timeout(COMMIT_WITHIN, self.scan(in_memory, room_for, forget_after))
            .await
            .unwrap_or_else(|_| Err(anyhow::anyhow!("PostgreSQL did not answer within {COMMIT_WITHIN:?}")));
        self.shared.reached(scanned.is_ok());
        scanned
    }

    async fn scan(
        &self,
        in_memory: &[String],
        room_for: usize,
        forget_after: Duration,
    ) -> anyhow::Result<Vec<(String, i64)>> {
        let node = &self.shared.node;
        let lease = self.shared.lease;
        let asked = Instant::now();
        sqlx::query(HEARTBEAT).bind(node).execute(&self.pool).await?;
        let counts =
            sqlx::query(LAPSED_AND_LIVE).bind(millis(forget_after)).bind(millis(lease)).fetch_one(&self.pool).await?;
        let lapsed = u64::try_from(counts.try_get::<i64, _>(0)?)?;
        let live = u64::try_from(counts.try_get::<i64, _>(1)?)?.max(1);
        let share = lapsed.div_ceil(live).min(MAX_CLAIM).min(room_for as u64);
        if share == 0 {
            return Ok(Vec::new());
        }
        let rows = sqlx::query(CLAIM)
            .bind(node)
            .bind(millis(lease))
            .bind(share as i64)
            .bind(millis(forget_after))
            .bind(in_memory.to_vec())
            .fetch_all(&self.pool)
            .await?;
        let mut taken = Vec::with_capacity(rows.len());
        let mut held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
        let mut claimed = self.shared.claimed.lock().unwrap_or_else(|e| e.into_inner());
        for row in rows {
            let (room, epoch): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
            held.insert(room.clone(), Held { epoch, until: asked + lease });
            claimed.insert(room.clone());
            tracing::info!(room = %room, node = %node, epoch, "lease taken over");
            taken.push((room, epoch));
        }
        Ok(taken)
    }

    /// Forgets the lease of a room that left memory because its lease ran out by this node's
    /// clock: it is never renewed again, and runs out in the database too.
    pub fn forget(&self, room: &str) {
        let mut held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.get(room).is_some_and(|h| h.until <= Instant::now()) {
            held.remove(room);
        }
    }

    /// A drain begins: this node takes no lease any more, by a scan or for a client.
    pub fn stop_taking(&self) {
        self.shared.draining.store(true, Ordering::Relaxed);
    }

    /// A drain ends: every lease this node holds ends now (so that the live nodes' next scans
    /// take the rooms, without waiting for them to run out) and the node leaves the live ones;
    /// from now on every write of this node is refused. The number of leases given up.
    pub async fn release_all(&self) -> anyhow::Result<usize> {
        self.stop_taking();
        let (rooms, epochs): (Vec<String>, Vec<i64>) = {
            let mut held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
            std::mem::take(&mut *held).into_iter().map(|(room, h)| (room, h.epoch)).unzip()
        };
        self.shared.claimed.lock().unwrap_or_else(|e| e.into_inner()).clear();
        let node = &self.shared.node;
        let released = tokio::time::timeout(COMMIT_WITHIN, async {
            let rows = sqlx::query(RELEASE_ALL).bind(&rooms).bind(&epochs).bind(node).fetch_all(&self.pool).await?;
            sqlx::query("DELETE FROM nodes WHERE node = $1").bind(node).execute(&self.pool).await?;
            Ok::<_, sqlx::Error>(rows)
        })
        .await
        .map_err(|_| anyhow::anyhow!("PostgreSQL did not answer within {COMMIT_WITHIN:?}"))??;
        for row in &released {
            let (room, epoch): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
            tracing::info!(room = %room, node = %node, epoch, "lease released for another node to take");
        }
        Ok(released.len())
    }

    /// Takes the lease of `room` (its own again, or one that ran out), with a new epoch.
    async fn acquire(&self, room: &str) -> anyhow::Result<()> {
        anyhow::ensure!(!self.shared.draining.load(Ordering::Relaxed), "this node is draining: it takes no room");
        let asked = Instant::now();
        let taken = tokio::time::timeout(
            COMMIT_WITHIN,
            sqlx::query(ACQUIRE)
                .bind(room)
                .bind(&self.shared.node)
                .bind(millis(self.shared.lease))
                .fetch_optional(&self.pool),
        )
        .await
        .map_err(|_| anyhow::anyhow!("PostgreSQL did not answer within {COMMIT_WITHIN:?}"))
        .and_then(|taken| taken.map_err(anyhow::Error::from));
        self.shared.reached(taken.is_ok());
        let Some(row) = taken? else {
            let holder: Option<String> = sqlx::query_scalar("SELECT node FROM leases WHERE room = $1")
                .bind(room)
                .fetch_optional(&self.pool)
                .await?;
            return Err(HeldElsewhere { room: room.to_string(), node: holder.unwrap_or_default() }.into());
        };
        let epoch: i64 = row.try_get(0)?;
        let mut held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
        held.insert(room.to_string(), Held { epoch, until: asked + self.shared.lease });
        tracing::info!(room = %room, node = %self.shared.node, epoch, "lease acquired");
        Ok(())
    }

    async fn load_room(&self, code: &str) -> anyhow::Result<Option<LoadedRoom>> {
        let exists = sqlx::query("SELECT 1 FROM rooms WHERE code = $1").bind(code).fetch_optional(&self.pool).await?;
        if exists.is_none() {
            return Ok(None);
        }
        // The lease first, the log after it: every write of a former owner is then in the log,
        // or will be refused. A lease the scan just took is that lease.
        let claimed = self.shared.claimed.lock().unwrap_or_else(|e| e.into_inner()).remove(code);
        if !claimed || self.epoch(code).is_none() {
            self.acquire(code).await?;
        }
        let row = sqlx::query(
            "SELECT code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms, hints FROM rooms \
             WHERE code = $1",
        )
        .bind(code)
        .fetch_one(&self.pool)
        .await?;
        let room = StoredRoom {
            code: row.try_get("code")?,
            game: row.try_get("game")?,
            players: usize::try_from(row.try_get::<i32, _>("players")?)?,
            seats: serde_json::from_str(row.try_get("seats")?)?,
            fixed_deal: row.try_get("fixed_deal")?,
            bot_delay_ms: u64::try_from(row.try_get::<i64, _>("bot_delay_ms")?)?,
            turn_clock_ms: row.try_get::<Option<i64>, _>("turn_clock_ms")?.map(u64::try_from).transpose()?,
            hints: row.try_get::<Option<bool>, _>("hints")?.unwrap_or(false),
        };
        let current = sqlx::query(
            "SELECT match_no, seed, dealer, options, deal, rules, chance FROM matches WHERE room = $1 \
             ORDER BY match_no DESC LIMIT 1",
        )
        .bind(code)
        .fetch_one(&self.pool)
        .await?;
        let current = parse_match(&current)?;
        let (actions, chance) = self.load_actions(code, current.match_no).await?;
        let seats = sqlx::query("SELECT seat, name, token_hash FROM seats WHERE room = $1 ORDER BY seat")
            .bind(code)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| {
                let hash: Vec<u8> = r.try_get("token_hash")?;
                Ok(StoredSeat {
                    seat: u8::try_from(r.try_get::<i16, _>("seat")?)?,
                    name: r.try_get("name")?,
                    token_hash: hash.try_into().map_err(|_| anyhow::anyhow!("a token hash is 32 bytes"))?,
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut chat = sqlx::query("SELECT seat, text FROM chat WHERE room = $1 ORDER BY id DESC LIMIT $2")
            .bind(code)
            .bind(CHAT_KEPT as i64)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| Ok(StoredChat { seat: u8::try_from(r.try_get::<i16, _>("seat")?)?, text: r.try_get("text")? }))
            .collect::<anyhow::Result<Vec<_>>>()?;
        chat.reverse();
        Ok(Some(LoadedRoom { room, seats, current, actions, chance, chat }))
    }

    async fn load_match(&self, room: &str, match_no: u32) -> anyhow::Result<Option<LoadedMatch>> {
        let row = sqlx::query(
            "SELECT match_no, seed, dealer, options, deal, rules, chance FROM matches WHERE room = $1 AND match_no = $2",
        )
            .bind(room)
            .bind(i64::from(match_no))
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let (actions, chance) = self.load_actions(room, match_no).await?;
        Ok(Some(LoadedMatch { started: parse_match(&row)?, actions, chance }))
    }

    /// A match's actions in order, and the outcomes stored with them.
    async fn load_actions(&self, room: &str, match_no: u32) -> anyhow::Result<(Vec<(u8, String)>, Vec<Outcome>)> {
        let rows =
            sqlx::query("SELECT seq, seat, action, chance FROM actions WHERE room = $1 AND match_no = $2 ORDER BY seq")
                .bind(room)
                .bind(i64::from(match_no))
                .fetch_all(&self.pool)
                .await?;
        let (mut actions, mut chance) = (Vec::new(), Vec::new());
        for r in &rows {
            actions.push((u8::try_from(r.try_get::<i16, _>("seat")?)?, r.try_get("action")?));
            if let Some(text) = r.try_get::<Option<&str>, _>("chance")? {
                chance.extend(read_outcomes(u64::try_from(r.try_get::<i64, _>("seq")?)?, text)?);
            }
        }
        Ok((actions, chance))
    }
}

impl Store for PostgresStore {
    fn write(&self, write: Write) -> StoreFuture<'_, ()> {
        let (done, committed) = oneshot::channel();
        let sent = self.writes.send(Pending::Write { write, done });
        Box::pin(async move {
            sent.map_err(|_| anyhow::anyhow!("the store is closed"))?;
            committed.await.map_err(|_| anyhow::anyhow!("the store writer stopped"))?.map_err(|e| anyhow::anyhow!(e))
        })
    }

    fn load_room(&self, code: &str) -> StoreFuture<'_, Option<LoadedRoom>> {
        let code = code.to_string();
        Box::pin(async move { self.load_room(&code).await })
    }

    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>> {
        let room = room.to_string();
        Box::pin(async move { self.load_match(&room, match_no).await })
    }

    fn load_review(&self, room: &str, match_no: u32, seat: u8, budget: u32) -> StoreFuture<'_, Option<String>> {
        let room = room.to_string();
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT review FROM reviews WHERE room = $1 AND match_no = $2 AND seat = $3 AND budget = $4",
            )
            .bind(room)
            .bind(i64::from(match_no))
            .bind(i16::from(seat))
            .bind(i64::from(budget))
            .fetch_optional(&self.pool)
            .await?;
            Ok(row.map(|r| r.try_get("review")).transpose()?)
        })
    }

    fn health(&self) -> StoreHealth {
        self.shared.health.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn flush(&self) -> StoreFuture<'_, ()> {
        let (done, flushed) = oneshot::channel();
        let sent = self.writes.send(Pending::Flush(done));
        Box::pin(async move {
            sent.map_err(|_| anyhow::anyhow!("the store is closed"))?;
            flushed.await.map_err(|_| anyhow::anyhow!("the store writer stopped"))
        })
    }

    /// Called by the room's task as it leaves memory, with nothing awaited since it left the
    /// directory: a room brought back meanwhile, whose lease would have a new epoch, cannot
    /// have been acquired in between (that takes a round trip to the database).
    fn release(&self, room: &str) {
        let epoch = self.shared.held.lock().unwrap_or_else(|e| e.into_inner()).get(room).map(|h| h.epoch);
        if let Some(epoch) = epoch {
            let _ = self.writes.send(Pending::Release { room: room.to_string(), epoch });
        }
    }

    fn leases(&self) -> Option<NodeLeases> {
        let now = Instant::now();
        let held = self.shared.held.lock().unwrap_or_else(|e| e.into_inner());
        // A lease run out by this node's clock is not its own any more.
        let rooms = held
            .iter()
            .filter(|(_, h)| h.until > now)
            .map(|(room, h)| {
                let left = h.until.saturating_duration_since(now).as_millis() as u64;
                (room.clone(), LeaseView { epoch: h.epoch, ms_left: left })
            })
            .collect();
        let reach = *self.shared.reach.lock().unwrap_or_else(|e| e.into_inner());
        let postgres = PostgresView {
            ok: reach.ok,
            unreachable_for_ms: (!reach.ok).then(|| now.saturating_duration_since(reach.since).as_millis() as u64),
        };
        Some(NodeLeases { node: self.shared.node.clone(), rooms, postgres })
    }
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The room a write is about.
fn room_of(write: &Write) -> &str {
    match write {
        Write::CreateRoom(room, _) => &room.code,
        Write::StartMatch { room, .. }
        | Write::TakeSeat { room, .. }
        | Write::Action { room, .. }
        | Write::Chat { room, .. }
        | Write::SeatToBot { room, .. }
        | Write::Review { room, .. } => room,
    }
}

/// The writer's task: takes every write waiting, commits them in one transaction, then answers
/// each; renews the node's leases between groups. Ends when the store is dropped, having
/// answered every write handed over.
async fn writer(shared: Arc<Shared>, options: PgConnectOptions, mut receiver: mpsc::UnboundedReceiver<Pending>) {
    let mut connection: Option<PgConnection> = None;
    let mut group: Vec<(Write, Answer)> = Vec::with_capacity(MAX_GROUP);
    let mut flushes = Vec::new();
    let mut releases = Vec::new();
    let mut renewals = tokio::time::interval(shared.lease / 3);
    renewals.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            pending = receiver.recv() => {
                let Some(first) = pending else { break };
                let mut next = Some(first);
                while let Some(pending) = next.take() {
                    match pending {
                        Pending::Write { write, done } => group.push((write, done)),
                        Pending::Flush(done) => flushes.push(done),
                        Pending::Release { room, epoch } => releases.push((room, epoch)),
                    }
                    if group.len() < MAX_GROUP {
                        next = receiver.try_recv().ok();
                    }
                }
                if !group.is_empty() {
                    let outcome = commit_group(&shared, &options, &mut connection, &group).await;
                    shared.record(outcome.as_ref().map(|_| ()).map_err(Clone::clone));
                    match outcome {
                        Ok(refusals) => {
                            for ((_, done), refusal) in group.drain(..).zip(refusals) {
                                let _ = done.send(refusal.map_or(Ok(()), Err));
                            }
                        }
                        Err(e) => {
                            for (_, done) in group.drain(..) {
                                let _ = done.send(Err(e.clone()));
                            }
                        }
                    }
                }
                for (room, epoch) in releases.drain(..) {
                    release(&shared, &mut connection, &room, epoch).await;
                }
                for done in flushes.drain(..) {
                    let _ = done.send(());
                }
            }
            _ = renewals.tick() => renew(&shared, &options, &mut connection).await,
        }
    }
}

impl Shared {
    /// The outcome of a commit, for [`Store::health`].
    fn record(&self, outcome: Result<(), String>) {
        let mut health = self.health.lock().unwrap_or_else(|e| e.into_inner());
        match outcome {
            Ok(()) => {
                if !health.ok {
                    tracing::warn!("the store commits again");
                }
                *health = StoreHealth { ok: true, error: None, failures: 0 };
            }
            Err(e) => {
                if health.ok {
                    tracing::error!(error = %e, "the store cannot commit: writes are refused until it can again");
                }
                health.ok = false;
                health.error = Some(e);
                health.failures += 1;
            }
        }
    }

    /// Whether a statement reached PostgreSQL, for `GET /api/health`; a change is logged.
    fn reached(&self, ok: bool) {
        let mut reach = self.reach.lock().unwrap_or_else(|e| e.into_inner());
        if reach.ok != ok {
            *reach = Reach { ok, since: Instant::now() };
            if ok {
                tracing::warn!(node = %self.node, "PostgreSQL is reached again");
            } else {
                tracing::error!(node = %self.node, "PostgreSQL cannot be reached");
            }
        }
    }

    /// Forgets the lease of `room`, which this node no longer holds.
    fn lost(&self, room: &str, why: &str) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(h) = held.remove(room) {
            tracing::warn!(room = %room, node = %self.node, epoch = h.epoch, why, "lease lost: the room's writes are refused");
        }
    }
}

/// Commits a group in one transaction: each write's refusal (`None` for the written ones), or
/// the error that refused them all. On any failure the transaction is rolled back and the
/// connection dropped, so that the next group starts from a clean, newly opened one.
async fn commit_group(
    shared: &Shared,
    options: &PgConnectOptions,
    connection: &mut Option<PgConnection>,
    group: &[(Write, Answer)],
) -> Result<Vec<Option<String>>, String> {
    let started = Instant::now();
    let mut refusals: Vec<Option<String>> = vec![None; group.len()];
    // The epoch this node holds on each room written to, in the rooms' order (so that two
    // groups never lock lease rows in opposite orders); a room created here has none yet.
    let mut epochs: BTreeMap<&str, i64> = BTreeMap::new();
    {
        let held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
        for ((write, _), refusal) in group.iter().zip(refusals.iter_mut()) {
            if matches!(write, Write::CreateRoom(..)) {
                continue;
            }
            let room = room_of(write);
            match held.get(room) {
                Some(h) if h.until > started => {
                    epochs.insert(room, h.epoch);
                }
                Some(_) => {
                    *refusal = Some(format!("the lease of the room {room} ran out: this node no longer writes it"))
                }
                None => *refusal = Some(format!("this node does not hold the room {room}")),
            }
        }
    }
    if refusals.iter().all(Option::is_some) {
        return Ok(refusals);
    }
    let committed = tokio::time::timeout(COMMIT_WITHIN, async {
        if connection.is_none() {
            *connection = Some(PgConnection::connect_with(options).await?);
        }
        let c = connection.as_mut().expect("connected just above");
        let mut tx = c.begin().await?;
        let mut lost = Vec::new();
        for (room, epoch) in &epochs {
            let fenced =
                sqlx::query(CHECK_LEASE).bind(room).bind(&shared.node).bind(epoch).fetch_optional(&mut *tx).await?;
            if fenced.is_none() {
                lost.push(*room);
            }
        }
        for ((write, _), refusal) in group.iter().zip(refusals.iter_mut()) {
            if refusal.is_some() {
                continue;
            }
            if !matches!(write, Write::CreateRoom(..)) && lost.contains(&room_of(write)) {
                *refusal = Some(format!("this node no longer holds the room {}", room_of(write)));
                continue;
            }
            if !apply(&mut tx, shared, write).await? {
                *refusal = Some(format!("this action of the room {} is already stored", room_of(write)));
            }
        }
        tx.commit().await?;
        Ok::<_, sqlx::Error>(lost)
    })
    .await;
    match committed {
        Ok(Ok(lost)) => {
            for room in lost {
                shared.lost(room, "another node holds it, or it ran out");
            }
            let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
            for ((write, _), refusal) in group.iter().zip(&refusals) {
                if let (Write::CreateRoom(room, _), None) = (write, refusal) {
                    held.insert(room.code.clone(), Held { epoch: 1, until: started + shared.lease });
                    tracing::info!(room = %room.code, node = %shared.node, epoch = 1, "lease acquired");
                }
            }
            Ok(refusals)
        }
        Ok(Err(e)) => {
            *connection = None;
            Err(e.to_string())
        }
        Err(_) => {
            *connection = None;
            Err(format!("PostgreSQL did not commit within {COMMIT_WITHIN:?}"))
        }
    }
}

/// Applies one write; false when an action is already stored (its `seq` is taken).
async fn apply(tx: &mut Transaction<'_, Postgres>, shared: &Shared, write: &Write) -> Result<bool, sqlx::Error> {
    match write {
        Write::Action { room, match_no, seq, seat, action, chance } => {
            let inserted = sqlx::query(
                "INSERT INTO actions (room, match_no, seq, seat, action, chance) VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (room, match_no, seq) DO NOTHING",
            )
            .bind(room)
            .bind(i64::from(*match_no))
            .bind(*seq as i64)
            .bind(i16::from(*seat))
            .bind(action)
            .bind(outcomes_text(chance))
            .execute(&mut **tx)
            .await?;
            return Ok(inserted.rows_affected() == 1);
        }
        Write::CreateRoom(room, first) => {
            sqlx::query(
                "INSERT INTO rooms (code, game, players, seats, fixed_deal, bot_delay_ms, turn_clock_ms, hints) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(&room.code)
            .bind(&room.game)
            .bind(room.players as i32)
            .bind(serde_json::to_string(&room.seats).unwrap_or_default())
            .bind(room.fixed_deal)
            .bind(room.bot_delay_ms as i64)
            .bind(room.turn_clock_ms.map(|ms| ms as i64))
            .bind(room.hints)
            .execute(&mut **tx)
            .await?;
            insert_match(tx, &room.code, first).await?;
            sqlx::query(FIRST_LEASE)
                .bind(&room.code)
                .bind(&shared.node)
                .bind(millis(shared.lease))
                .execute(&mut **tx)
                .await?;
        }
        Write::StartMatch { room, started } => insert_match(tx, room, started).await?,
        Write::TakeSeat { room, seat } => {
            sqlx::query("INSERT INTO seats (room, seat, name, token_hash) VALUES ($1, $2, $3, $4)")
                .bind(room)
                .bind(i16::from(seat.seat))
                .bind(&seat.name)
                .bind(seat.token_hash.as_slice())
                .execute(&mut **tx)
                .await?;
        }
        Write::Chat { room, line } => {
            sqlx::query("INSERT INTO chat (room, seat, text) VALUES ($1, $2, $3)")
                .bind(room)
                .bind(i16::from(line.seat))
                .bind(&line.text)
                .execute(&mut **tx)
                .await?;
            // Only the last lines are kept: the line CHAT_KEPT back, and every older one, go.
            sqlx::query(
                "DELETE FROM chat WHERE room = $1 AND id <= \
                 (SELECT id FROM chat WHERE room = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)",
            )
            .bind(room)
            .bind(CHAT_KEPT as i64)
            .execute(&mut **tx)
            .await?;
        }
        Write::SeatToBot { room, seat, seats } => {
            sqlx::query("UPDATE rooms SET seats = $1 WHERE code = $2")
                .bind(serde_json::to_string(seats).unwrap_or_default())
                .bind(room)
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM seats WHERE room = $1 AND seat = $2")
                .bind(room)
                .bind(i16::from(*seat))
                .execute(&mut **tx)
                .await?;
        }
        Write::Review { room, match_no, seat, budget, review } => {
            sqlx::query(
                "INSERT INTO reviews (room, match_no, seat, budget, review) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(room)
            .bind(i64::from(*match_no))
            .bind(i16::from(*seat))
            .bind(i64::from(*budget))
            .bind(review)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(true)
}

async fn insert_match(tx: &mut Transaction<'_, Postgres>, room: &str, m: &StoredMatch) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO matches (room, match_no, seed, dealer, options, deal, rules, chance) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(room)
    .bind(i64::from(m.match_no))
    .bind(m.seed.to_string())
    .bind(i16::from(m.dealer))
    .bind(serde_json::to_string(&m.options).unwrap_or_default())
    .bind(m.deal.as_ref().map(|d| d.to_string()))
    .bind(m.rules.map(i64::from))
    .bind(m.chance_text())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn parse_match(row: &PgRow) -> anyhow::Result<StoredMatch> {
    Ok(StoredMatch {
        match_no: u32::try_from(row.try_get::<i64, _>("match_no")?)?,
        seed: row.try_get::<&str, _>("seed")?.parse()?,
        dealer: u8::try_from(row.try_get::<i16, _>("dealer")?)?,
        options: serde_json::from_str(row.try_get("options")?)?,
        deal: row.try_get::<Option<&str>, _>("deal")?.map(serde_json::from_str).transpose()?,
        rules: row.try_get::<Option<i64>, _>("rules")?.map(u32::try_from).transpose()?,
        chance: row.try_get::<Option<&str>, _>("chance")?.map(|text| read_outcomes(0, text)).transpose()?,
    })
}

/// Gives up the lease of a room that left memory, unless it was taken again meanwhile (a new
/// epoch). Should the database not hear of it, the lease runs out by itself.
async fn release(shared: &Shared, connection: &mut Option<PgConnection>, room: &str, epoch: i64) {
    {
        let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.get(room).is_none_or(|h| h.epoch != epoch) {
            return;
        }
        held.remove(room);
    }
    let Some(c) = connection.as_mut() else { return };
    let released = tokio::time::timeout(
        COMMIT_WITHIN,
        sqlx::query(RELEASE).bind(room).bind(&shared.node).bind(epoch).execute(&mut *c),
    )
    .await;
    if matches!(released, Ok(Ok(_))) {
        tracing::info!(room = %room, node = %shared.node, epoch, "lease released");
    } else {
        *connection = None;
    }
}

/// Pushes back the end of every lease this node holds; forgets those that are no longer its own.
/// On failure (PostgreSQL out of reach) the leases are left to run out by the node's clock.
async fn renew(shared: &Shared, options: &PgConnectOptions, connection: &mut Option<PgConnection>) {
    let (rooms, epochs): (Vec<String>, Vec<i64>) = {
        let held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
        held.iter().map(|(room, h)| (room.clone(), h.epoch)).unzip()
    };
    if rooms.is_empty() {
        return;
    }
    let asked = Instant::now();
    let renewed = tokio::time::timeout(COMMIT_WITHIN, async {
        if connection.is_none() {
            *connection = Some(PgConnection::connect_with(options).await?);
        }
        let c = connection.as_mut().expect("connected just above");
        sqlx::query_scalar::<_, String>(RENEW)
            .bind(&rooms)
            .bind(&epochs)
            .bind(millis(shared.lease))
            .bind(&shared.node)
            .fetch_all(c)
            .await
    })
    .await;
    shared.reached(matches!(renewed, Ok(Ok(_))));
    match renewed {
        Ok(Ok(mut still)) => {
            still.sort_unstable();
            let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
            held.retain(|room, h| {
                // A lease taken meanwhile (by a load, with a new epoch) is kept as it is.
                let asked_for = rooms.binary_search(room).ok().map(|i| epochs[i]);
                if asked_for != Some(h.epoch) {
                    return true;
                }
                if still.binary_search(room).is_ok() {
                    h.until = asked + shared.lease;
                    true
                } else {
                    tracing::warn!(room = %room, node = %shared.node, epoch = h.epoch, "lease lost: the room's writes are refused");
                    false
                }
            });
        }
        Ok(Err(e)) => {
            *connection = None;
            tracing::error!(node = %shared.node, error = %e, "the leases could not be renewed");
        }
        Err(_) => {
            *connection = None;
            tracing::error!(node = %shared.node, "the leases could not be renewed within {COMMIT_WITHIN:?}");
        }
    }
}
