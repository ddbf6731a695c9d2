//! Fixture databases: SQLite files written by `tapis serve` of a release, committed under
//! `crates/cli/tests/fixtures/<release>/` with what every seat and the spectator were shown of
//! every room (`expected.json`). Every later build opens a copy: the database is upgraded in
//! place and every room must come back exactly as that release showed it, or, for a match whose
//! game's rules version has moved since, read-only with its notice and its moves unchanged
//! (`docs/upgrades.md`).
//!
//! - `5fdf267`: main before rules versions and chance outcomes were stored (schema version 0).
//! - `rules-1`: the first release that stores them.
//! - `b8cffea`: main at b8cffea, with a whole match of every game besides: a rule changed for
//!   any position those matches reach makes a stored action fail or a snapshot differ.
//!
//! Writing one, from a release's binary (this build's when `TAPIS_SERVE_BIN` is not set):
//!
//! ```text
//! TAPIS_FIXTURE_WRITE=rules-1 [TAPIS_SERVE_BIN=/path/to/tapis] \
//!     cargo test --profile checked -p tapis --test cli write_a_fixture_database -- --ignored
//! ```
//!
//! then add its name to [`FIXTURES`]. The rooms are played through the server's own HTTP and
//! WebSocket interface, so any release that speaks SERVER.md can write one. Their seat tokens are
//! kept in `expected.json`: they open nothing but these test rooms.

use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::Duration;
use tapis_client::{Ws, http};

use crate::common;

/// The committed fixtures, oldest first.
const FIXTURES: [&str; 3] = ["5fdf267", "rules-1", "b8cffea"];

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapis-fixture-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server of a test, killed if the test fails before it stops it: a server left running
/// would keep the test run's output open.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server on `data`, its log to stderr at warnings.
fn start(binary: &Path, data: &Path) -> (Served, SocketAddr) {
    let (child, addr) = common::serve(binary, data, &[], "warn", Stdio::inherit());
    (Served(child), addr)
}

fn stop(mut served: Served) {
    // SIGTERM: the server drains and closes its database cleanly.
    let _ = std::process::Command::new("kill").args(["-TERM", &served.0.id().to_string()]).status();
    let _ = served.0.wait();
}

async fn timed<T>(what: &str, future: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(30), future).await.unwrap_or_else(|_| panic!("{what}: timed out"))
}

/// One room of a fixture: its code, its seats' tokens (`null` for a seat nobody took), and what
/// each seat and the spectator (last) were shown on connecting.
struct Shown {
    label: String,
    room: String,
    tokens: Vec<Option<String>>,
    /// The room object, then each seat's snapshot and chat, then the spectator's.
    room_object: Value,
    seen: Vec<Value>,
}

/// What a client is shown on connecting: its snapshot (or a read-only room's frame) and the chat,
/// up to the `room` frame that follows them.
async fn shown_to(addr: SocketAddr, room: &str, token: Option<&str>) -> Value {
    let mut ws = Ws::connect(addr, room).await.unwrap();
    let mut hello = json!({"type": "hello", "lang": "en"});
    if let Some(token) = token {
        hello["token"] = json!(token);
    }
    ws.send(&hello).await.unwrap();
    let mut frames = Vec::new();
    loop {
        let frame = timed("a connection's first frames", ws.next()).await.expect("the connection stays open");
        match frame["type"].as_str() {
            Some("room") => break,
            Some("snapshot" | "chat" | "read_only") => frames.push(frame),
            other => panic!("{room} does not come back as it was: a frame {other:?}: {frame}"),
        }
    }
    ws.close().await;
    Value::Array(frames)
}

async fn room_object(addr: SocketAddr, room: &str) -> Value {
    let (status, object) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(status, 200, "{room}: {object}");
    object
}

/// A room's snapshot for `token`'s seat: its `seq` and its legal actions.
async fn snapshot(addr: SocketAddr, room: &str, token: &str) -> (u64, Vec<String>) {
    let frames = shown_to(addr, room, Some(token)).await;
    let snapshot = frames.as_array().unwrap().iter().find(|f| f["type"] == "snapshot").expect("a snapshot").clone();
    let legal = snapshot["legal"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect();
    (snapshot["seq"].as_u64().unwrap(), legal)
}

/// Plays `moves` actions in `room` (or to the match's end), each time a legal action of the
/// first seat that has one, drawn by a generator seeded with the move's number (always the
/// first, or any fixed pattern, can loop for ever in Battle GUM: its pile picked up and played
/// back); then waits until the room is quiet (no move the table plays by itself is pending).
async fn play(addr: SocketAddr, room: &str, tokens: &[Option<String>], moves: usize) {
    for n in 0..moves {
        let mut acted = false;
        for token in tokens.iter().flatten() {
            let (seq, legal) = snapshot(addr, room, token).await;
            let Some(action) = legal.get(pick(n as u64, legal.len())) else { continue };
            let mut ws = Ws::connect(addr, room).await.unwrap();
            ws.send(&json!({"type": "hello", "token": token, "since": seq})).await.unwrap();
            ws.send(&json!({"type": "act", "seq": seq, "action": action})).await.unwrap();
            loop {
                let frame = timed("an action's update", ws.next()).await.expect("the connection stays open");
                if frame["type"] == "update" && frame["seq"].as_u64() > Some(seq) {
                    break;
                }
                assert_ne!(frame["type"], "error", "{room}: {action}: {frame}");
            }
            ws.close().await;
            acted = true;
            break;
        }
        if !acted {
            break;
        }
    }
    quiet(addr, room).await;
}

/// An index below `len` (0 when `len` is 0), from SplitMix64 of `n`: the same moves at every
/// write, no pattern the game can fall into.
fn pick(n: u64, len: usize) -> usize {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % len.max(1) as u64) as usize
}

/// Waits until the room's `seq` holds for 3 seconds: a person's only move, which the table plays
/// for them within 2.6 seconds, has been played.
async fn quiet(addr: SocketAddr, room: &str) {
    let mut seq = room_object(addr, room).await["seq"].clone();
    loop {
        tokio::time::sleep(Duration::from_secs(3)).await;
        let now = room_object(addr, room).await["seq"].clone();
        if now == seq {
            return;
        }
        seq = now;
    }
}

async fn create(addr: SocketAddr, body: Value) -> String {
    let (status, created) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{body}: {created}");
    created["room"].as_str().unwrap().to_string()
}

async fn join(addr: SocketAddr, room: &str, name: &str) -> String {
    let (status, joined) =
        http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": name}))).await.unwrap();
    assert_eq!(status, 200, "{joined}");
    joined["token"].as_str().unwrap().to_string()
}

/// Sends one message on a seat's connection and waits for the frame it brings about.
async fn send_and_see(addr: SocketAddr, room: &str, token: &str, message: Value, until: impl Fn(&Value) -> bool) {
    let mut ws = Ws::connect(addr, room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": token})).await.unwrap();
    ws.send(&message).await.unwrap();
    loop {
        let frame = timed("the answer to a message", ws.next()).await.expect("the connection stays open");
        assert_ne!(frame["type"], "error", "{room}: {message}: {frame}");
        if until(&frame) {
            break;
        }
    }
    ws.close().await;
}

/// The rooms of a fixture: every game waiting for its players and mid-match, a finished match,
/// one after a rematch, a seat handed to a bot, chat. Bots wait a minute before they act, so
/// that a restored room shows what was stored for as long as the test looks.
async fn populate(addr: SocketAddr) -> Vec<(String, String, Vec<Option<String>>)> {
    let games = [("nantais", 3), ("nurmut", 3), ("gum", 3), ("nainjaune", 3), ("njet", 3), ("crazyeights", 2)];
    let mut rooms = Vec::new();
    for (game, players) in games {
        let body = json!({"game": game, "players": players, "bot_delay_ms": 60_000});
        let waiting = create(addr, body.clone()).await;
        let token = join(addr, &waiting, "Alice").await;
        let mut tokens = vec![None; players];
        tokens[0] = Some(token);
        rooms.push((format!("{game} waiting"), waiting, tokens));

        let playing = create(addr, body).await;
        let mut tokens = Vec::new();
        for name in ["Alice", "Bob", "Chloé"].iter().take(players) {
            tokens.push(Some(join(addr, &playing, name).await));
        }
        play(addr, &playing, &tokens, 12).await;
        rooms.push((format!("{game} mid-match"), playing, tokens));
    }
    // Every game played to its end, one round: every stored action is replayed through the
    // rules when the room comes back, so a rule that changed for any position of these matches
    // shows (the fixtures before b8cffea hold only a dozen moves of each game).
    let short = [
        ("nantais", json!({"rounds_to_win": 1})),
        ("nurmut", json!({"rounds": 1})),
        ("gum", json!({})),
        ("nainjaune", json!({"rounds": 1})),
        ("njet", json!({"rounds": 1})),
    ];
    for (game, options) in short {
        let body = json!({"game": game, "players": 3, "options": options, "bot_delay_ms": 60_000});
        let room = create(addr, body).await;
        let mut tokens = Vec::new();
        for name in ["Alice", "Bob", "Chloé"] {
            tokens.push(Some(join(addr, &room, name).await));
        }
        play(addr, &room, &tokens, 10_000).await;
        let over = room_object(addr, &room).await;
        assert_eq!(over["phase"], "over", "{game}: the match ends within 10,000 moves: {over}");
        rooms.push((format!("{game} finished"), room, tokens));
    }
    // A match played to its end, and one after a rematch; chat in the second.
    let body = json!({"game": "crazyeights", "players": 2, "bot_delay_ms": 60_000});
    for rematch in [false, true] {
        let room = create(addr, body.clone()).await;
        let tokens = vec![Some(join(addr, &room, "Alice").await), Some(join(addr, &room, "Bob").await)];
        play(addr, &room, &tokens, 10_000).await;
        let label = if rematch {
            let host = tokens[0].as_deref().unwrap();
            let second = |f: &Value| f["type"] == "snapshot" && f["match"] == 2;
            send_and_see(addr, &room, host, json!({"type": "rematch"}), second).await;
            for (token, text) in [(host, "Encore une ?"), (tokens[1].as_deref().unwrap(), "Volontiers « oui »")] {
                let said = |f: &Value| f["type"] == "chat" && f["text"] == text;
                send_and_see(addr, &room, token, json!({"type": "chat", "text": text}), said).await;
            }
            play(addr, &room, &tokens, 5).await;
            "crazyeights after a rematch, with chat"
        } else {
            "crazyeights finished"
        };
        rooms.push((label.to_string(), room, tokens));
    }
    // A seat handed to a bot by the host, mid-match, and a room with bots from the start.
    let body = json!({"game": "nantais", "players": 3, "options": {"joker_draw": 5}, "bot_delay_ms": 60_000});
    let room = create(addr, body).await;
    let mut tokens = Vec::new();
    for name in ["Alice", "Bob", "Chloé"] {
        tokens.push(Some(join(addr, &room, name).await));
    }
    play(addr, &room, &tokens, 4).await;
    let host = tokens[0].clone().unwrap();
    let handed = |f: &Value| f["type"] == "room" && f["seats"][2]["kind"] == "bot";
    send_and_see(addr, &room, &host, json!({"type": "hand_over", "seat": 2}), handed).await;
    tokens[2] = None;
    play(addr, &room, &tokens, 1).await;
    rooms.push(("nantais, a seat handed to a bot".into(), room, tokens));
    let body = json!({"game": "njet", "players": 4, "seats": ["human", "bot:easy", "bot:medium", "bot:hard"], "bot_delay_ms": 60_000});
    let room = create(addr, body).await;
    let tokens = vec![Some(join(addr, &room, "Alice").await), None, None, None];
    rooms.push(("njet with bots, waiting for the first bot's move".into(), room, tokens));
    rooms
}

/// Everything shown of `room`: the room object, each seat's frames, the spectator's.
async fn everything_shown(addr: SocketAddr, label: &str, room: &str, tokens: &[Option<String>]) -> Shown {
    let mut seen = Vec::new();
    for token in tokens.iter().flatten() {
        seen.push(shown_to(addr, room, Some(token)).await);
    }
    seen.push(shown_to(addr, room, None).await);
    // Asked last: every connection above has closed by now (the server has seen them leave).
    let mut room_object = room_object(addr, room).await;
    for _ in 0..50 {
        let seats = room_object["seats"].as_array().unwrap();
        if room_object["spectators"] == 0 && seats.iter().all(|s| s["kind"] == "bot" || s["connected"] == false) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        room_object = self::room_object(addr, room).await;
    }
    Shown { label: label.to_string(), room: room.to_string(), tokens: tokens.to_vec(), room_object, seen }
}

fn write_expected(shown: &[Shown]) -> Value {
    let rooms: Vec<Value> = shown
        .iter()
        .map(|s| {
            json!({"label": s.label, "room": s.room, "tokens": s.tokens, "room_object": s.room_object, "seen": s.seen})
        })
        .collect();
    json!({ "rooms": rooms })
}

fn read_expected(value: &Value) -> Vec<Shown> {
    value["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| Shown {
            label: r["label"].as_str().unwrap().to_string(),
            room: r["room"].as_str().unwrap().to_string(),
            tokens: r["tokens"].as_array().unwrap().iter().map(|t| t.as_str().map(str::to_string)).collect(),
            room_object: r["room_object"].clone(),
            seen: r["seen"].as_array().unwrap().clone(),
        })
        .collect()
}

/// A frame with the words people read taken out: a release may reword (`docs/upgrades.md`), and
/// a field a later release added to the view is left out too (the contract only extends).
fn without_words(value: &Value, older: &Value) -> Value {
    match (value, older) {
        (Value::Object(map), Value::Object(old)) => Value::Object(
            map.iter()
                .filter(|(key, _)| old.contains_key(*key) && !WORDS.contains(&key.as_str()))
                .map(|(key, v)| (key.clone(), without_words(v, &old[key])))
                .collect::<Map<String, Value>>(),
        ),
        (Value::Array(items), Value::Array(old)) if items.len() == old.len() => {
            Value::Array(items.iter().zip(old).map(|(v, o)| without_words(v, o)).collect())
        }
        _ => value.clone(),
    }
}

/// Keys whose values are words for people, not the match.
const WORDS: [&str; 5] = ["text", "words", "label", "labels", "summary_text"];

/// Opens a copy of `fixture` with this build and checks every room against what the release
/// that wrote it showed.
async fn check_fixture(fixture: &str) -> usize {
    let (data, _, rooms) = fixture_copy(fixture, fixture);
    let (child, addr) = start(&common::binary(), &data);
    for room in &rooms {
        let now = everything_shown(addr, &room.label, &room.room, &room.tokens).await;
        assert_eq!(
            without_words(&now.room_object, &room.room_object),
            without_words(&room.room_object, &room.room_object),
            "{fixture}: {}: the room object",
            room.label
        );
        assert_eq!(now.seen.len(), room.seen.len(), "{fixture}: {}", room.label);
        for (i, (now, then)) in now.seen.iter().zip(&room.seen).enumerate() {
            let who = if i + 1 == room.seen.len() { "the spectator".to_string() } else { format!("client {i}") };
            assert_eq!(
                without_words(now, then),
                without_words(then, then),
                "{fixture}: {}: what {who} is shown differs from what the release that wrote it showed",
                room.label
            );
        }
    }
    stop(child);
    std::fs::remove_dir_all(&data).unwrap();
    rooms.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fixture_database_comes_back_exactly() {
    for fixture in FIXTURES {
        let rooms = check_fixture(fixture).await;
        assert!(rooms >= 16, "{fixture}: {rooms} rooms");
        common::report(&format!("fixture database {fixture}: {rooms} rooms came back as they were shown"));
    }
}

/// A copy of `fixture`'s database in the scratch folder `name`: the folder, the database's
/// path, and its rooms as the release that wrote it showed them.
fn fixture_copy(fixture: &str, name: &str) -> (PathBuf, PathBuf, Vec<Shown>) {
    let source = fixtures_dir().join(fixture);
    let expected: Value =
        serde_json::from_str(&std::fs::read_to_string(source.join("expected.json")).unwrap()).unwrap();
    let data = scratch(name);
    let db = data.join("tapis.sqlite3");
    std::fs::copy(source.join("tapis.sqlite3"), &db).unwrap();
    (data, db, read_expected(&expected))
}

/// A room's stored actions in order: each one's `seq`, seat, action and chance outcomes.
fn stored_actions(db: &Path, room: &str) -> Vec<(i64, u8, String, Option<String>)> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut statement =
        c.prepare("SELECT seq, seat, action, chance FROM actions WHERE room = ?1 ORDER BY seq").unwrap();
    statement
        .query_map([room], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

/// A copy of today's fixture in which one mid-match room's match is marked as played under
/// another rules version (as a release with other rules would have stored it): the room opens
/// read-only, with its moves as stored and the notice in both languages; it takes nothing, and
/// the database keeps the match as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_of_other_rules_opens_read_only_with_its_notice() {
    let (data, db, rooms) = fixture_copy(FIXTURES[FIXTURES.len() - 1], "read-only");
    let room = rooms.iter().find(|r| r.label == "nainjaune mid-match").expect("a mid-match room");
    let stored_actions = |db: &Path| stored_actions(db, &room.room);
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        let changed = c.execute("UPDATE matches SET rules = 0 WHERE room = ?1", [&room.room]).unwrap();
        assert_eq!(changed, 1);
    }
    let before = stored_actions(&db);
    assert!(before.len() >= 10, "{} actions", before.len());
    let (child, addr) = start(&common::binary(), &data);

    let object = room_object(addr, &room.room).await;
    assert_eq!(object["phase"], "over", "{object}");
    let notice = &object["read_only"];
    assert_eq!((notice["rules"].as_u64(), notice["current"].as_u64()), (Some(0), Some(1)), "{object}");
    assert_eq!(notice["record"], format!("/api/rooms/{}/record", room.room));
    let fr = notice["text"]["fr"].as_str().unwrap();
    let en = notice["text"]["en"].as_str().unwrap();
    assert!(fr.contains("version antérieure des règles") && fr.contains("rien n’a été changé"), "{fr}");
    assert!(en.contains("an earlier version of the rules") && en.contains("nothing was changed"), "{en}");

    // Every seat and the spectator get the match's moves as stored, and the chat.
    let moves: Vec<Value> = before.iter().map(|(_, seat, action, _)| json!([seat, action])).collect();
    for token in room.tokens.iter().map(Option::as_deref).chain([None]) {
        let frames = shown_to(addr, &room.room, token).await;
        let frame = &frames[0];
        assert_eq!(frame["type"], "read_only", "{frame}");
        assert_eq!(frame["moves"], Value::Array(moves.clone()));
        assert_eq!(frame["seq"].as_u64(), Some(before.len() as u64));
        assert_eq!(&frame["read_only"], notice);
    }

    // Nothing is taken: an action, a chat line, a seat.
    let token = room.tokens[0].as_deref().unwrap();
    let mut ws = Ws::connect(addr, &room.room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": token, "lang": "fr"})).await.unwrap();
    for message in [
        json!({"type": "act", "seq": before.len(), "action": "pass"}),
        json!({"type": "chat", "text": "encore là ?"}),
        json!({"type": "rematch"}),
    ] {
        ws.send(&message).await.unwrap();
        loop {
            let frame = timed("a refusal", ws.next()).await.expect("the connection stays open");
            if frame["type"] == "error" {
                assert_eq!(frame["code"], "read_only", "{message}: {frame}");
                assert!(frame["message"].as_str().unwrap().contains("lecture seule"), "{frame}");
                break;
            }
        }
    }
    ws.close().await;
    let (status, refused) =
        http(addr, "POST", &format!("/api/rooms/{}/join", room.room), Some(&json!({"name": "Dan"}))).await.unwrap();
    assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("read_only")), "{refused}");

    // Its record downloads as stored, under the rules it names; a replay is not attempted.
    let (status, record) = http(addr, "GET", &format!("/api/rooms/{}/record", room.room), None).await.unwrap();
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["rules"], 0);
    assert_eq!(record["actions"], Value::Array(moves));
    assert!(record["chance"].as_array().is_some_and(|c| !c.is_empty()), "{record}");
    let (status, refused) = http(addr, "GET", &format!("/api/rooms/{}/replay", room.room), None).await.unwrap();
    assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("read_only")), "{refused}");

    // Every other room plays on.
    let other = rooms.iter().find(|r| r.label == "njet mid-match").unwrap();
    let object = room_object(addr, &other.room).await;
    assert!(object["phase"] == "playing" && object.get("read_only").is_none(), "{object}");
    stop(child);
    assert_eq!(stored_actions(&db), before, "the read-only room's match is kept exactly as stored");
    std::fs::remove_dir_all(&data).unwrap();
}

/// A copy of today's fixture in which one finished room's chance outcomes no longer fit its
/// actions (an action draws a card its record says an earlier one drew already): the room
/// answers `damaged_room` in one line, the log names the room and the action but no card, the
/// store keeps every row as it was, and every other room comes back as it was shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_whose_outcomes_do_not_fit_is_told_and_kept_as_stored() {
    let (data, db, rooms) = fixture_copy(FIXTURES[FIXTURES.len() - 1], "outcomes");
    let room = rooms.iter().find(|r| r.label == "nurmut finished").expect("a finished room");
    let rows = |db: &Path| stored_actions(db, &room.room);
    // The second action that draws gets the first one's outcome.
    let draws: Vec<(i64, String)> =
        rows(&db).into_iter().filter_map(|(seq, _, _, chance)| chance.map(|c| (seq, c))).take(2).collect();
    assert_eq!(draws.len(), 2, "{}: two actions that draw", room.label);
    assert_ne!(draws[0].1, draws[1].1);
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        let changed = c
            .execute(
                "UPDATE actions SET chance = ?1 WHERE room = ?2 AND seq = ?3",
                (&draws[0].1, &room.room, draws[1].0),
            )
            .unwrap();
        assert_eq!(changed, 1);
    }
    let before = rows(&db);
    let log = data.join("server.log");
    let (child, addr) =
        common::serve(&common::binary(), &data, &[], "warn", Stdio::from(std::fs::File::create(&log).unwrap()));
    let child = Served(child);

    for lang in ["fr", "en"] {
        let path = format!("/api/rooms/{}?lang={lang}", room.room);
        let (status, answer) = http(addr, "GET", &path, None).await.unwrap();
        assert_eq!((status, answer["error"]["code"].as_str()), (500, Some("damaged_room")), "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(!message.contains('\n') && !message.is_empty(), "{message}");
    }
    let mut ws = Ws::connect(addr, &room.room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": room.tokens[0]})).await.unwrap();
    let refused = timed("the refusal", ws.next()).await;
    assert!(refused.as_ref().is_none_or(|frame| frame["type"] == "error"), "{refused:?}");

    // Every other room comes back as it was shown.
    for other in rooms.iter().filter(|r| r.room != room.room && r.label.contains("finished")) {
        let now = everything_shown(addr, &other.label, &other.room, &other.tokens).await;
        assert_eq!(now.seen.len(), other.seen.len());
        for (now, then) in now.seen.iter().zip(&other.seen) {
            assert_eq!(without_words(now, then), without_words(then, then), "{}", other.label);
        }
    }
    stop(child);
    let said = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = said.lines().filter(|l| l.contains(&room.room)).collect();
    assert!(!lines.is_empty() && lines.iter().all(|l| l.contains("cannot be rebuilt")), "{said}");
    assert!(lines[0].contains(&format!("at={}", draws[1].0)), "the action that does not fit is named: {said}");
    assert!(!said.contains(&draws[0].1), "no outcome in the log: {said}");
    assert_eq!(rows(&db), before, "the damaged room's rows are kept exactly as stored");
    std::fs::remove_dir_all(&data).unwrap();
}

/// Every game's finished match of today's fixture reviewed through the server, for two seats:
/// the same JSON as `tapis review --json` gives from its record, searched once per match and
/// seat (asked again, the metric of searches does not move); refused before a match's end, for
/// a seat not at the table, and for a room that does not exist.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_is_reviewed_once_for_each_seat_that_asks() {
    let (data, _db, rooms) = fixture_copy(FIXTURES[FIXTURES.len() - 1], "review");
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let metrics_addr = format!("127.0.0.1:{metrics_port}");
    // A lighter search than the default's, as an operator may ask: the test is about the
    // server's answers, not the search (whose own tests are the bots').
    let flags = ["--metrics-addr", &metrics_addr, "--review-budget", "500"];
    let (child, addr) = common::serve(&common::binary(), &data, &flags, "warn", Stdio::inherit());
    let child = Served(child);
    let built = || async {
        let text = crate::hosting::scrape(metrics_addr.parse().unwrap()).await;
        let line = text.lines().find(|l| l.starts_with("tapis_reviews_built_total ")).expect("the metric").to_string();
        line.split(' ').nth(1).unwrap().parse::<u64>().unwrap()
    };
    let finished: Vec<&Shown> = rooms.iter().filter(|r| r.label.ends_with(" finished")).collect();
    assert_eq!(finished.len(), 6, "a finished match of every game");
    for room in &finished {
        let (status, record) = http(addr, "GET", &format!("/api/rooms/{}/record", room.room), None).await.unwrap();
        assert_eq!(status, 200, "{record}");
        let file = data.join(format!("{}.json", room.room));
        std::fs::write(&file, record.to_string()).unwrap();
        for seat in [0, 1] {
            let path = format!("/api/rooms/{}/review?seat={seat}", room.room);
            let (status, review) = timed("a review", http(addr, "GET", &path, None)).await.unwrap();
            assert_eq!(status, 200, "{}: {review}", room.label);
            let terminal = common::tapis()
                .args(["review", "--json", "--budget", "500", "--seat", &seat.to_string()])
                .arg(&file)
                .output()
                .unwrap();
            assert!(terminal.status.success(), "{}", String::from_utf8_lossy(&terminal.stderr));
            let terminal: Value = serde_json::from_slice(&terminal.stdout).unwrap();
            // Told decision by decision: a whole review is too long for a failure's message.
            assert_eq!(review["summary"], terminal["summary"], "{} seat {seat}", room.label);
            for (server, terminal) in
                review["decisions"].as_array().unwrap().iter().zip(terminal["decisions"].as_array().unwrap())
            {
                assert_eq!(server, terminal, "{} seat {seat}: the server's review is the terminal's", room.label);
            }
            assert_eq!(review, terminal, "{} seat {seat}: the server's review is the terminal's", room.label);
            let decisions = review["decisions"].as_array().unwrap();
            assert!(!decisions.is_empty(), "{}: seat {seat} had decisions", room.label);
            assert!(decisions.iter().all(|d| record["actions"][d["index"].as_u64().unwrap() as usize - 1][0] == seat));
        }
    }
    assert_eq!(built().await, 12);
    // In words, in French by default: a line per decision, a summary with the JSON's counts.
    let room = finished[0];
    let file = data.join(format!("{}.json", room.room));
    let words = common::tapis().args(["review", "--seat", "0", "--budget", "500"]).arg(&file).output().unwrap();
    assert!(words.status.success());
    let words = String::from_utf8(words.stdout).unwrap();
    let (_, review) = http(addr, "GET", &format!("/api/rooms/{}/review?seat=0", room.room), None).await.unwrap();
    let decisions = review["decisions"].as_array().unwrap();
    assert!(words.starts_with("Revue du siège 0 (Le 8 Nantais à 3 joueurs)\u{a0}: 500 itérations"), "{words}");
    assert_eq!(words.lines().filter(|l| l.starts_with("coup ")).count(), decisions.len(), "{words}");
    let marks = |grade: &str| decisions.iter().filter(|d| d["grade"] == grade).count();
    let summary = words.lines().last().unwrap();
    assert!(
        summary.starts_with(&format!("{} décisions\u{a0}; {} imprécision", decisions.len(), marks("inaccuracy"))),
        "{summary}"
    );
    for (args, said) in [
        (vec!["--seat", "4"], "le siège 4 n’est pas à cette table\u{a0}: ses sièges vont de 0 à 2"),
        (vec!["--seat", "0", "--budget", "0"], "--budget"),
    ] {
        let refused = common::tapis().arg("review").args(&args).arg(&file).output().unwrap();
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains(said),
            "{args:?}: {}",
            String::from_utf8_lossy(&refused.stderr)
        );
    }
    std::fs::write(&file, "{\"game\": \"chess\", \"players\": 2}").unwrap();
    let refused = common::tapis().args(["review", "--seat", "0"]).arg(&file).output().unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("chess"), "{}", String::from_utf8_lossy(&refused.stderr));
    for room in &finished {
        let path = format!("/api/rooms/{}/review?seat=1&match=1", room.room);
        let (status, _) = http(addr, "GET", &path, None).await.unwrap();
        assert_eq!(status, 200);
    }
    assert_eq!(built().await, 12, "asked again, no review is searched again");

    let mid = rooms.iter().find(|r| r.label == "njet mid-match").unwrap();
    let refused = [
        (format!("/api/rooms/{}/review?seat=0", mid.room), 409, "not_over"),
        (format!("/api/rooms/{}/review?seat=4", finished[0].room), 400, "bad_request"),
        (format!("/api/rooms/{}/review?seat=x", finished[0].room), 400, "bad_request"),
        (format!("/api/rooms/{}/review", finished[0].room), 400, "bad_request"),
        ("/api/rooms/nosuchroom0000000/review?seat=0".to_string(), 404, "no_room"),
    ];
    for (path, code, error) in refused {
        let (status, answer) = http(addr, "GET", &path, None).await.unwrap();
        assert_eq!((status, answer["error"]["code"].as_str()), (code, Some(error)), "{path}: {answer}");
    }
    assert_eq!(built().await, 12);
    let before = {
        let path = format!("/api/rooms/{}/review?seat=1", finished[0].room);
        http(addr, "GET", &path, None).await.unwrap().1
    };
    stop(child);
    // Kept in the store: after a restart, every review is read back as it was, not searched.
    let (child, addr) = common::serve(&common::binary(), &data, &flags, "warn", Stdio::inherit());
    let child = Served(child);
    for room in &finished {
        for seat in [0, 1] {
            let path = format!("/api/rooms/{}/review?seat={seat}", room.room);
            let (status, _) = timed("a kept review", http(addr, "GET", &path, None)).await.unwrap();
            assert_eq!(status, 200, "{}", room.label);
        }
    }
    let after = http(addr, "GET", &format!("/api/rooms/{}/review?seat=1", finished[0].room), None).await.unwrap().1;
    assert_eq!(after, before);
    assert_eq!(built().await, 0, "after a restart, no review is searched again");
    stop(child);
    std::fs::remove_dir_all(&data).unwrap();
}

/// Writes the fixture `TAPIS_FIXTURE_WRITE` with `TAPIS_SERVE_BIN` (default: this build).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes a fixture database on purpose: TAPIS_FIXTURE_WRITE=<name>"]
async fn write_a_fixture_database() {
    let name = std::env::var("TAPIS_FIXTURE_WRITE").expect("TAPIS_FIXTURE_WRITE=<name of the fixture>");
    let data = scratch(&format!("write-{name}"));
    let (child, addr) = start(&common::binary(), &data);
    let rooms = populate(addr).await;
    let mut shown = Vec::new();
    for (label, room, tokens) in &rooms {
        shown.push(everything_shown(addr, label, room, tokens).await);
    }
    stop(child);
    let out = fixtures_dir().join(&name);
    std::fs::create_dir_all(&out).unwrap();
    // One file: the server closed its database, so that its write-ahead log is folded in.
    let c = rusqlite::Connection::open(data.join("tapis.sqlite3")).unwrap();
    c.pragma_update(None, "journal_mode", "DELETE").unwrap();
    c.execute_batch("VACUUM").unwrap();
    drop(c);
    std::fs::copy(data.join("tapis.sqlite3"), out.join("tapis.sqlite3")).unwrap();
    let text = serde_json::to_string_pretty(&write_expected(&shown)).unwrap();
    std::fs::write(out.join("expected.json"), text + "\n").unwrap();
    std::fs::remove_dir_all(&data).unwrap();
    common::report(&format!("fixture {name}: {} rooms written to {}", shown.len(), out.display()));
}
