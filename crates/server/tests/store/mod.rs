//! The stores against their real engines: SQLite in a temporary folder, PostgreSQL started by
//! the test itself ([`postgres`]). Both stores pass the same round trip; the PostgreSQL store's
//! fencing is checked with two stores as two nodes on one database.

pub mod postgres;

use postgres::Postgres;
use std::time::Duration;
use tapis_bots::Level;
use tapis_core::Outcome;
use tapis_server::store::{
    CHAT_KEPT, LoadedMatch, LoadedRoom, PostgresStore, SeatKind, SqliteStore, Store, StoredChat, StoredMatch,
    StoredRoom, StoredSeat, Write,
};

/// Long enough that no lease runs out by itself during a test: a test ends one by hand.
const LONG_LEASE: Duration = Duration::from_secs(600);

/// The helper starts a real server: each database is its own, a committed row survives a crash,
/// and dropping the helper stops the server and removes its folder.
#[test]
fn a_real_postgres_is_started_and_removed() {
    let pg = Postgres::start();
    let dir = pg.dir().to_path_buf();
    let (a, b) = (pg.database(), pg.database());
    assert_ne!(a, b);
    pg.sql(&a, "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (42)");
    assert_eq!(pg.sql(&a, "SELECT x FROM t"), "42");
    assert_eq!(pg.sql(&b, "SELECT count(*) FROM pg_tables WHERE tablename = 't'"), "0");
    assert_eq!(pg.sql(&a, "SELECT current_user"), "tapis");
    pg.crash();
    pg.restart();
    assert_eq!(pg.sql(&a, "SELECT x FROM t"), "42", "a committed row survives a crash");
    drop(pg);
    assert!(!dir.exists(), "{} is left behind", dir.display());
}

fn room(code: &str) -> StoredRoom {
    StoredRoom {
        code: code.into(),
        game: "nantais".into(),
        players: 3,
        seats: vec![SeatKind::Human, SeatKind::Human, SeatKind::Bot(Level::Hard)],
        fixed_deal: false,
        bot_delay_ms: 700,
        turn_clock_ms: Some(60_000),
        hints: true,
    }
}

fn started(match_no: u32, seed: u64) -> StoredMatch {
    let mut options = serde_json::Map::new();
    options.insert("rounds_to_win".into(), serde_json::json!(2));
    // The first match keeps its rules version and its first outcomes; the second is stored as
    // a release before them stored matches.
    let first = match_no == 1;
    StoredMatch {
        match_no,
        seed,
        dealer: 1,
        options,
        deal: first.then(|| serde_json::json!({"hands": [["5S"], ["KH"]]})),
        rules: first.then_some(1),
        chance: first.then(|| vec![outcome(0, serde_json::json!({"deal": {"hands": [["5S"], ["KH"]]}}))]),
    }
}

fn outcome(at: u64, drawn: serde_json::Value) -> Outcome {
    Outcome { at, drawn: drawn.as_object().unwrap().clone() }
}

/// What chance drew with the action `seq` of the test: every fifth draws two outcomes.
fn drawn(seq: u64) -> Vec<Outcome> {
    match seq % 5 {
        0 => vec![
            outcome(seq, serde_json::json!({"stock": ["7H", "X"]})),
            outcome(seq, serde_json::json!({"take": "QS"})),
        ],
        _ => Vec::new(),
    }
}

fn action(room: &str, match_no: u32, seq: u64, action: &str) -> Write {
    Write::Action { room: room.into(), match_no, seq, seat: (seq % 3) as u8, action: action.into(), chance: drawn(seq) }
}

/// A room's whole life through `store`, read back exactly: two matches, seats taken and one given
/// to a bot, the chat kept to its last lines, every action in order.
async fn round_trip(store: &dyn Store) {
    let code = "abcdefghjkmnpqrs";
    // The whole 64 bits of a seed come back.
    let first = started(1, u64::MAX - 6);
    store.write(Write::CreateRoom(room(code), first.clone())).await.unwrap();
    let alice = StoredSeat { seat: 0, name: "Alice « la Grande »".into(), token_hash: [7; 32] };
    let bob = StoredSeat { seat: 1, name: "Bob".into(), token_hash: [9; 32] };
    store.write(Write::TakeSeat { room: code.into(), seat: alice.clone() }).await.unwrap();
    store.write(Write::TakeSeat { room: code.into(), seat: bob }).await.unwrap();
    let played: Vec<String> = (0..40).map(|i| format!("play {i}S")).collect();
    // Handed over all at once: the writer groups them, and keeps their order.
    let writes: Vec<_> = played.iter().enumerate().map(|(i, a)| store.write(action(code, 1, i as u64, a))).collect();
    for write in writes {
        write.await.unwrap();
    }
    for i in 0..CHAT_KEPT + 5 {
        let line = StoredChat { seat: (i % 2) as u8, text: format!("ligne {i} : « bonjour ! »") };
        store.write(Write::Chat { room: code.into(), line }).await.unwrap();
    }
    let seats = vec![SeatKind::Human, SeatKind::Bot(Level::Medium), SeatKind::Bot(Level::Hard)];
    store.write(Write::SeatToBot { room: code.into(), seat: 1, seats: seats.clone() }).await.unwrap();
    let second = started(2, 12345);
    store.write(Write::StartMatch { room: code.into(), started: second.clone() }).await.unwrap();
    store.write(action(code, 2, 0, "pass")).await.unwrap();
    store.write(action(code, 2, 1, "draw")).await.unwrap();
    store.flush().await.unwrap();

    let loaded = store.load_room(code).await.unwrap().expect("the room is stored");
    let chat: Vec<StoredChat> = (5..CHAT_KEPT + 5)
        .map(|i| StoredChat { seat: (i % 2) as u8, text: format!("ligne {i} : « bonjour ! »") })
        .collect();
    let expected = LoadedRoom {
        room: StoredRoom { seats, ..room(code) },
        seats: vec![alice],
        current: second,
        actions: vec![(0, "pass".into()), (1, "draw".into())],
        chance: drawn(0),
        chat,
    };
    assert_eq!(loaded, expected);
    let one = store.load_match(code, 1).await.unwrap().expect("the first match is stored");
    let actions = played.iter().enumerate().map(|(i, a)| ((i % 3) as u8, a.clone())).collect();
    let chance = (0..played.len() as u64).flat_map(drawn).collect();
    assert_eq!(one, LoadedMatch { started: first, actions, chance });
    assert_eq!(store.load_match(code, 3).await.unwrap(), None);
    assert_eq!(store.load_room("zzzzzzzzzzzzzzzz").await.unwrap(), None);
    // A review is kept per match, seat and budget; the first one kept stays.
    let review = |text: &str, seat: u8, budget: u32| Write::Review {
        room: code.into(),
        match_no: 1,
        seat,
        budget,
        review: text.into(),
    };
    assert_eq!(store.load_review(code, 1, 0, 5000).await.unwrap(), None);
    store.write(review("{\"seat\":0}", 0, 5000)).await.unwrap();
    store.write(review("{\"seat\":1}", 1, 5000)).await.unwrap();
    store.write(review("{\"budget\":500}", 0, 500)).await.unwrap();
    store.write(review("{\"again\":true}", 0, 5000)).await.unwrap();
    assert_eq!(store.load_review(code, 1, 0, 5000).await.unwrap().as_deref(), Some("{\"seat\":0}"));
    assert_eq!(store.load_review(code, 1, 1, 5000).await.unwrap().as_deref(), Some("{\"seat\":1}"));
    assert_eq!(store.load_review(code, 1, 0, 500).await.unwrap().as_deref(), Some("{\"budget\":500}"));
    assert_eq!(store.load_review(code, 2, 0, 5000).await.unwrap(), None);
    assert!(store.health().ok);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_store_round_trips_a_room() {
    let dir = std::env::temp_dir().join(format!("tapis-store-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    round_trip(&SqliteStore::open(&dir).await.unwrap()).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_store_round_trips_a_room() {
    let pg = Postgres::shared();
    let store = PostgresStore::open(&pg.database(), "a", LONG_LEASE).await.unwrap();
    round_trip(&store).await;
}

/// Two stores as two nodes on one database: B cannot take a room A holds; once A's lease ran out
/// B takes it with a higher epoch and reads every action A had committed; then A's append is
/// refused and B's goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_lost_its_room_cannot_write_it() {
    let pg = Postgres::shared();
    let url = pg.database();
    let a = PostgresStore::open(&url, "a", LONG_LEASE).await.unwrap();
    let b = PostgresStore::open(&url, "b", LONG_LEASE).await.unwrap();
    let code = "bbbbbbbbbbbbbbbb";
    a.write(Write::CreateRoom(room(code), started(1, 1))).await.unwrap();
    a.write(action(code, 1, 0, "play 5S")).await.unwrap();
    assert_eq!(a.epoch(code), Some(1));

    let refused = b.load_room(code).await.unwrap_err().to_string();
    assert_eq!(refused, format!("the room {code} is held by the node a"));
    assert_eq!(pg.sql(&url, "SELECT node, epoch FROM leases"), "a|1");

    // A could not renew in time (as if cut off): its lease ran out in the database.
    pg.sql(&url, "UPDATE leases SET expires = now() - interval '1 second'");
    let taken = b.load_room(code).await.unwrap().expect("the room is stored");
    assert_eq!(taken.actions, vec![(0, "play 5S".to_string())]);
    assert_eq!(b.epoch(code), Some(2));
    assert_eq!(pg.sql(&url, "SELECT node, epoch FROM leases"), "b|2");

    // A still believes it holds the room (its own clock says so): the database refuses it.
    assert_eq!(a.epoch(code), Some(1));
    let refused = a.write(action(code, 1, 1, "play KH")).await.unwrap_err().to_string();
    assert_eq!(refused, format!("this node no longer holds the room {code}"));
    assert_eq!(a.epoch(code), None, "A forgets the lease it lost");
    let refused = a.write(Write::Chat { room: code.into(), line: StoredChat { seat: 0, text: "!".into() } }).await;
    assert_eq!(refused.unwrap_err().to_string(), format!("this node does not hold the room {code}"));
    b.write(action(code, 1, 1, "draw")).await.unwrap();

    let log = b.load_match(code, 1).await.unwrap().unwrap().actions;
    assert_eq!(log, vec![(0, "play 5S".to_string()), (1, "draw".to_string())]);
    assert_eq!(pg.sql(&url, "SELECT count(*) FROM chat"), "0");
    assert!(a.health().ok && b.health().ok, "a refused write is no failed commit");
}

/// The append is the concurrency check: an action whose number is stored is refused alone, and
/// what was handed over with it goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_action_is_refused_alone() {
    let pg = Postgres::shared();
    let url = pg.database();
    let store = PostgresStore::open(&url, "a", LONG_LEASE).await.unwrap();
    let (one, two) = ("cccccccccccccccc", "dddddddddddddddd");
    store.write(Write::CreateRoom(room(one), started(1, 1))).await.unwrap();
    store.write(Write::CreateRoom(room(two), started(1, 2))).await.unwrap();
    store.write(action(one, 1, 0, "play 5S")).await.unwrap();
    // Handed over together, so most likely in one group.
    let duplicate = store.write(action(one, 1, 0, "play KH"));
    let other = store.write(action(two, 1, 0, "draw"));
    let next = store.write(action(one, 1, 1, "pass"));
    assert_eq!(duplicate.await.unwrap_err().to_string(), format!("this action of the room {one} is already stored"));
    other.await.unwrap();
    next.await.unwrap();
    let actions = |room: &'static str| {
        let store = &store;
        async move { store.load_match(room, 1).await.unwrap().unwrap().actions }
    };
    assert_eq!(actions(one).await, vec![(0, "play 5S".to_string()), (1, "pass".to_string())]);
    assert_eq!(actions(two).await, vec![(0, "draw".to_string())]);
    assert!(store.health().ok);
}

/// PostgreSQL stops dead: the writes handed over meanwhile are refused, none is stored, the
/// health says so; once it is back the next writes go through, on a new connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_refuses_its_group_and_poisons_nothing() {
    let pg = Postgres::start();
    let url = pg.database();
    let store = PostgresStore::open(&url, "a", LONG_LEASE).await.unwrap();
    let code = "eeeeeeeeeeeeeeee";
    store.write(Write::CreateRoom(room(code), started(1, 1))).await.unwrap();
    store.write(action(code, 1, 0, "play 5S")).await.unwrap();

    pg.crash();
    let group = [store.write(action(code, 1, 1, "draw")), store.write(action(code, 1, 2, "pass"))];
    for write in group {
        assert!(write.await.is_err(), "a write is acknowledged while PostgreSQL is down");
    }
    let health = store.health();
    assert!(!health.ok && health.failures >= 1 && health.error.is_some(), "{health:?}");

    pg.restart();
    store.write(action(code, 1, 1, "pass")).await.unwrap();
    assert!(store.health().ok);
    let log = store.load_match(code, 1).await.unwrap().unwrap().actions;
    assert_eq!(log, vec![(0, "play 5S".to_string()), (1, "pass".to_string())]);
}

/// A room that left a node's memory is given up: another node takes it at once, with the next
/// epoch, and the first no longer lists it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_released_room_is_taken_by_another_node_at_once() {
    let pg = Postgres::shared();
    let url = pg.database();
    let a = PostgresStore::open(&url, "a", LONG_LEASE).await.unwrap();
    let b = PostgresStore::open(&url, "b", LONG_LEASE).await.unwrap();
    let code = "ffffffffffffffff";
    a.write(Write::CreateRoom(room(code), started(1, 1))).await.unwrap();
    let leases = a.leases().unwrap();
    assert_eq!((leases.node.as_str(), leases.rooms.keys().map(String::as_str).collect::<Vec<_>>()), ("a", vec![code]));
    assert_eq!(leases.rooms[code].epoch, 1);
    a.release(code);
    a.flush().await.unwrap();
    assert!(a.leases().unwrap().rooms.is_empty());
    b.load_room(code).await.unwrap().expect("the room is stored");
    assert_eq!(b.epoch(code), Some(2));
    assert_eq!(pg.sql(&url, "SELECT node, epoch FROM leases"), "b|2");
    let refused = a.write(action(code, 1, 0, "pass")).await.unwrap_err().to_string();
    assert_eq!(refused, format!("this node does not hold the room {code}"));
}
