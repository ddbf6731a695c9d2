//! `tapis serve` as a separate process, killed with SIGKILL at random moments and started again
//! on the same data: every action any client saw acknowledged is still there, in the same order,
//! and every client goes on from where it was, without a gap. The same with two nodes on one
//! PostgreSQL: one killed mid-match, the other takes its rooms once their leases ran out.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tapis_client::{Ws, http};
use tapis_core::GameRng;

use crate::common;
#[path = "../../../server/tests/store/postgres.rs"]
mod postgres;

fn start(data: &std::path::Path) -> (Child, SocketAddr) {
    common::serve(env!("CARGO_BIN_EXE_tapis").as_ref(), data, &[], "warn", Stdio::null())
}

/// What one client has seen of its match: every update's events, by seq.
#[derive(Default, Clone)]
struct Seen {
    updates: BTreeMap<u64, Value>,
    last: u64,
}

/// One client: its room, its seat's token and what it has seen.
type Client = (String, String, Seen);

/// Three rooms of Le 8 Nantais with three people each, and one with two bots beside the person:
/// every person's client, and the rooms' codes.
async fn four_rooms(addr: SocketAddr) -> (Vec<Client>, Vec<String>) {
    let mut clients = Vec::new();
    let mut rooms = Vec::new();
    for r in 0..4 {
        let seats = if r == 3 { json!(["human", "bot:easy", "bot:easy"]) } else { json!(["human", "human", "human"]) };
        let body = json!({"game": "nantais", "players": 3, "options": {"rounds_to_win": 6}, "seats": seats, "bot_delay_ms": 0});
        let (status, created) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
        assert_eq!(status, 201);
        let room = created["room"].as_str().unwrap().to_string();
        for i in 0..if r == 3 { 1 } else { 3 } {
            let (status, joined) =
                http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": format!("P{i}")})))
                    .await
                    .unwrap();
            assert_eq!(status, 200);
            clients.push((room.clone(), joined["token"].as_str().unwrap().to_string(), Seen::default()));
        }
        rooms.push(room);
    }
    (clients, rooms)
}

/// Every client plays on `addr` until its connection drops; each task gives back what its client saw.
fn play(addr: SocketAddr, clients: &[Client], round: u64) -> Vec<tokio::task::JoinHandle<Seen>> {
    clients
        .iter()
        .enumerate()
        .map(|(i, (room, token, seen))| {
            tokio::spawn(play_until_dropped(addr, room.clone(), token.clone(), seen.clone(), round * 100 + i as u64))
        })
        .collect()
}

/// Plays (a random legal move 15 ms after each frame that allows one) until the connection
/// drops; checks that updates come without a gap from `seen.last`.
async fn play_until_dropped(addr: SocketAddr, room: String, token: String, mut seen: Seen, seed: u64) -> Seen {
    let Ok(mut ws) = Ws::connect(addr, &room).await else { return seen };
    if ws.send(&json!({"type": "hello", "token": token, "since": seen.last})).await.is_err() {
        return seen;
    }
    let mut rng = GameRng::seed_from_u64(seed);
    while let Some(frame) = ws.next().await {
        match frame["type"].as_str() {
            Some("update") => {
                let seq = frame["seq"].as_u64().unwrap();
                assert_eq!(seq, seen.last + 1, "no gap on the connection: {frame}");
                if let Some(before) = seen.updates.get(&seq) {
                    assert_eq!(before, &frame["events"], "an update seen before the crash comes back the same");
                }
                seen.updates.insert(seq, frame["events"].clone());
                seen.last = seq;
            }
            Some("snapshot") => {
                let seq = frame["seq"].as_u64().unwrap();
                assert!(seq >= seen.last, "a snapshot never goes back: {seq} < {}", seen.last);
                assert!(seq == seen.last || seen.last == 0, "a client that says `since` gets updates, not a snapshot");
                seen.last = seq;
            }
            _ => continue,
        }
        if frame["status"]["over"] == json!(true) {
            continue;
        }
        let legal = frame["legal"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(15)).await;
            let action = &legal[rng.index(legal.len())];
            if ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.is_err() {
                break;
            }
        }
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_acknowledged_is_lost_when_the_server_is_killed() {
    let data = std::env::temp_dir().join(format!("tapis-crash-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut child, mut addr) = start(&data);
    // Three rooms of three people, and one with two bots beside the person.
    let (mut clients, _) = four_rooms(addr).await;
    let mut rng = GameRng::seed_from_u64(2026);
    let kills = 24;
    for round in 0..kills {
        let tasks = play(addr, &clients, round);
        tokio::time::sleep(Duration::from_millis(150 + rng.below(400))).await;
        child.kill().unwrap();
        child.wait().unwrap();
        for (task, client) in tasks.into_iter().zip(clients.iter_mut()) {
            client.2 = task.await.unwrap();
        }
        (child, addr) = start(&data);
    }
    let total: u64 = clients.iter().map(|c| c.2.last).sum();
    assert!(total > 50 * clients.len() as u64 / 3, "the clients played between the kills ({total} updates seen)");
    // Every client asks for its last 900 updates again (a server sends at most 1,000 missed
    // updates, then a snapshot): the server regenerates them from what it stored, and they are
    // what the client saw, in the same order.
    for (room, token, seen) in &clients {
        let mut ws = Ws::connect(addr, room).await.unwrap();
        let since = seen.last.saturating_sub(900);
        ws.send(&json!({"type": "hello", "token": token, "since": since})).await.unwrap();
        let mut seq = since;
        while seq < seen.last {
            let frame = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.unwrap().unwrap();
            if frame["type"] != json!("update") {
                continue;
            }
            seq = frame["seq"].as_u64().unwrap();
            assert_eq!(Some(&frame["events"]), seen.updates.get(&seq), "room {room} seq {seq}");
        }
        ws.close().await;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_load_generator_plays_and_reports() {
    let data = std::env::temp_dir().join(format!("tapis-loadtest-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut child, addr) = start(&data);
    let out = Command::new(env!("CARGO_BIN_EXE_tapis"))
        .args([
            "loadtest",
            "--addr",
            &addr.to_string(),
            "--game",
            "crazyeights",
            "--rooms",
            "3",
            "--clients",
            "2",
            "--seconds",
            "6",
        ])
        .output()
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text.lines().find(|l| l.contains("crazyeights")).unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    // game, rooms, clients, seconds, acknowledged, moves/s, p50, p99, max, matches, refused, memory
    assert_eq!((cells[1], cells[2], cells[3]), ("crazyeights", "3", "6"), "{row}");
    assert!(cells[5].parse::<u64>().unwrap() > 0, "moves were acknowledged: {row}");
    assert!(cells[10].parse::<u64>().unwrap() > 0, "matches were played to the end: {row}");
    assert!(cells[12].parse::<f64>().is_ok(), "the server's memory is reported: {row}");
}

/// Two nodes on one PostgreSQL: node A plays four rooms and is killed with SIGKILL mid-match;
/// once its leases ran out node B takes the rooms (a new epoch), rebuilt from their log, and the
/// clients go on there from where they were: every update any client saw acknowledged by A comes
/// back the same from B, without a gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_acknowledged_is_lost_when_a_node_dies_and_another_takes_its_rooms() {
    let pg = postgres::Postgres::shared();
    let url = pg.database();
    let data = std::env::temp_dir().join(format!("tapis-takeover-test-{}", std::process::id()));
    let node = |name: &str| {
        let flags = ["--store", url.as_str(), "--node", name];
        common::serve(env!("CARGO_BIN_EXE_tapis").as_ref(), &data, &flags, "warn", Stdio::null())
    };
    let (mut a, at_a) = node("a");
    let (mut b, at_b) = node("b");
    let (mut clients, rooms) = four_rooms(at_a).await;
    // B cannot take a room A holds.
    let (status, _) = http(at_b, "GET", &format!("/api/rooms/{}", rooms[0]), None).await.unwrap();
    assert_eq!(status, 500);

    let tasks = play(at_a, &clients, 0);
    tokio::time::sleep(Duration::from_millis(700)).await;
    a.kill().unwrap();
    a.wait().unwrap();
    for (task, client) in tasks.into_iter().zip(clients.iter_mut()) {
        client.2 = task.await.unwrap();
    }
    // Actions acknowledged in all: per room, the furthest any of its clients saw.
    let acknowledged = |clients: &[Client]| -> u64 {
        rooms.iter().map(|r| clients.iter().filter(|c| &c.0 == r).map(|c| c.2.last).max().unwrap()).sum()
    };
    let on_a = acknowledged(&clients);
    assert!(on_a > 0, "the clients played on A before it died");

    // B takes each room once A's lease ran out (10 s): asked every 100 ms, for a minute at most.
    for room in &rooms {
        let mut asked = 0;
        while http(at_b, "GET", &format!("/api/rooms/{room}"), None).await.unwrap().0 != 200 {
            asked += 1;
            assert!(asked < 600, "B never took the room {room}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let leases = pg.sql(&url, "SELECT DISTINCT node || ':' || epoch FROM leases");
    assert_eq!(leases, "b:2", "every room is B's, with the next epoch");

    // The clients go on at B from where they were, without a gap, then stop.
    let tasks = play(at_b, &clients, 1);
    tokio::time::sleep(Duration::from_millis(500)).await;
    b.kill().unwrap();
    b.wait().unwrap();
    for (task, client) in tasks.into_iter().zip(clients.iter_mut()) {
        client.2 = task.await.unwrap();
    }
    // Every update seen, on A or B, is in the log, the same and in the same order: a third node
    // (B again, restarted under its name, so at once) regenerates them from what it stored.
    let (mut b, at_b) = node("b");
    for (room, token, seen) in &clients {
        let mut ws = Ws::connect(at_b, room).await.unwrap();
        ws.send(&json!({"type": "hello", "token": token, "since": 0})).await.unwrap();
        let mut seq = 0;
        while seq < seen.last {
            let frame = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.unwrap().unwrap();
            if frame["type"] != json!("update") {
                continue;
            }
            seq = frame["seq"].as_u64().unwrap();
            assert_eq!(Some(&frame["events"]), seen.updates.get(&seq), "room {room} seq {seq}");
        }
        ws.close().await;
    }
    let stored: u64 = pg.sql(&url, "SELECT count(*) FROM actions").parse().unwrap();
    let in_all = acknowledged(&clients);
    println!(
        "takeover: {on_a} actions acknowledged by A before it was killed, {in_all} by A then B, {stored} stored, all {} rooms taken by B",
        rooms.len()
    );
    assert!(in_all > on_a, "the clients played on at B");
    assert!(stored >= in_all, "{stored} actions stored, {in_all} acknowledged");
    b.kill().unwrap();
    b.wait().unwrap();
}
