//! `tapis serve` as a separate process, killed with SIGKILL at random moments and started again
//! on the same data: every action any client saw acknowledged is still there, in the same order,
//! and every client goes on from where it was, without a gap. The same with two nodes on one
//! PostgreSQL: one killed mid-match, the other takes its rooms once their leases ran out; with
//! three nodes killed at random 20 times; with a node cut off from PostgreSQL; with a drain.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tapis_client::{Ws, http};
use tapis_core::GameRng;
use tokio::time::Instant;

use crate::common;
#[path = "../../../server/tests/relay/nats.rs"]
#[allow(dead_code)] // stopping and starting it again are the relay tests'
mod nats;
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

/// The client of `token` asks `addr` for the updates of `room` since `since` again: the server
/// regenerates them from what it stored, and every one up to the last the client saw is what it
/// saw, in the same order. How many were checked.
async fn comes_back_as_seen(addr: SocketAddr, room: &str, token: &str, seen: &Seen, since: u64) -> u64 {
    let mut ws = Ws::connect(addr, room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": token, "since": since})).await.unwrap();
    let (mut seq, mut checked) = (since, 0);
    while seq < seen.last {
        let frame = tokio::time::timeout(Duration::from_secs(30), ws.next()).await.unwrap();
        let frame = frame.unwrap_or_else(|| panic!("room {room}: closed after {seq} of {} updates", seen.last));
        if frame["type"] != json!("update") {
            continue;
        }
        seq = frame["seq"].as_u64().unwrap();
        assert_eq!(Some(&frame["events"]), seen.updates.get(&seq), "room {room} seq {seq}");
        checked += 1;
    }
    ws.close().await;
    checked
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
        comes_back_as_seen(addr, room, token, seen, seen.last.saturating_sub(900)).await;
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
/// once its leases ran out node B takes the rooms by itself (a new epoch), rebuilt from their log, and the
/// clients go on there from where they were: every update any client saw acknowledged by A comes
/// back the same from B, without a gap.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_acknowledged_is_lost_when_a_node_dies_and_another_takes_its_rooms() {
    let pg = postgres::Postgres::shared();
    let url = pg.database();
    let data = std::env::temp_dir().join(format!("tapis-takeover-test-{}", std::process::id()));
    let node = |name: &str| {
        let flags = ["--store", url.as_str(), "--node", name, "--lease-seconds", "3"];
        common::serve(env!("CARGO_BIN_EXE_tapis").as_ref(), &data, &flags, "warn", Stdio::null())
    };
    let (mut a, at_a) = node("a");
    let (mut b, at_b) = node("b");
    let (mut clients, rooms) = four_rooms(at_a).await;
    // B cannot take a room A holds: it names A.
    let (status, refused) = http(at_b, "GET", &format!("/api/rooms/{}", rooms[0]), None).await.unwrap();
    assert_eq!(
        (status, &refused["error"]["code"], &refused["error"]["node"]),
        (409, &json!("room_elsewhere"), &json!("a"))
    );

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

    // B takes each room once A's lease ran out (3 s), by itself: its health lists them all.
    let mut asked = 0;
    loop {
        let (_, health) = http(at_b, "GET", "/api/health", None).await.unwrap();
        let held = health["leases"].as_object().map(|l| l.len()).unwrap_or(0);
        if held == rooms.len() {
            assert_eq!(health["postgres"], json!({"ok": true}), "{health}");
            break;
        }
        asked += 1;
        assert!(asked < 300, "B never took A's rooms by itself: {health}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
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
        comes_back_as_seen(at_b, room, token, seen, 0).await;
    }
    let stored: u64 = pg.sql(&url, "SELECT count(*) FROM actions").parse().unwrap();
    let in_all = acknowledged(&clients);
    common::report(&format!(
        "takeover: {on_a} actions acknowledged by A before it was killed, {in_all} by A then B, {stored} stored, all {} rooms taken by B",
        rooms.len()
    ));
    assert!(in_all > on_a, "the clients played on at B");
    assert!(stored >= in_all, "{stored} actions stored, {in_all} acknowledged");
    b.kill().unwrap();
    b.wait().unwrap();
}

/// The lease of the cluster tests: short, so that a dead node's rooms move within about two
/// seconds (renewed every half second).
const CLUSTER_LEASE: &str = "1.5";

/// `tapis serve` as node `name` of the PostgreSQL store `url`, relaying through the NATS at
/// `nats` when one is given.
fn cluster_node(url: &str, name: &str, data: &std::path::Path, nats: Option<&str>) -> (Child, SocketAddr) {
    let mut flags = vec!["--store", url, "--node", name, "--lease-seconds", CLUSTER_LEASE, "--min-bot-delay-ms", "20"];
    if let Some(nats) = nats {
        flags.extend(["--nats", nats]);
    }
    common::serve(env!("CARGO_BIN_EXE_tapis").as_ref(), data, &flags, "warn", Stdio::null())
}

/// The nodes up, by slot: each one's name and address (a node started again has a new name and
/// port); `None` while it is down.
type Nodes = Arc<Mutex<Vec<Option<(String, SocketAddr)>>>>;

/// The addresses of the nodes up.
fn nodes_up(nodes: &Nodes) -> Vec<SocketAddr> {
    nodes.lock().unwrap().iter().flatten().map(|(_, addr)| *addr).collect()
}

/// A node drawn by `rng` among those up.
fn any_node(nodes: &Nodes, rng: &mut GameRng) -> Option<SocketAddr> {
    let up = nodes_up(nodes);
    (!up.is_empty()).then(|| up[rng.index(up.len())])
}

/// The node a client of `room` opens its socket on, drawn by `rng`: three times in four one that
/// does not hold the room (so through the relay) when there is one.
async fn edge_of(nodes: &Nodes, room: &str, rng: &mut GameRng) -> Option<SocketAddr> {
    let up = nodes_up(nodes);
    let mut others = Vec::new();
    for addr in &up {
        if !holds(*addr, room).await {
            others.push(*addr);
        }
    }
    let among = if rng.below(4) > 0 && !others.is_empty() { others } else { up };
    (!among.is_empty()).then(|| among[rng.index(among.len())])
}

/// Whether the node at `addr` holds the lease of `room`, as its health says.
async fn holds(addr: SocketAddr, room: &str) -> bool {
    match http(addr, "GET", "/api/health", None).await {
        Ok((_, health)) => health["leases"].get(room).is_some(),
        Err(_) => false,
    }
}

/// What one client of the cluster suite has seen: its updates; when each came and when the
/// connection it came on opened; its connections served (and how many of them through the
/// relay, on a node that did not hold the room).
#[derive(Default)]
struct Watched {
    seen: Seen,
    received: Vec<(Instant, Instant)>,
    served: u64,
    relayed: u64,
    over: bool,
}

/// The updates a room of the cluster test is played to, at most (see `cluster_client`).
const CLUSTER_UPDATES: u64 = 900;

/// A person in the cluster: plays on a node drawn at random among those up (most often not its
/// room's owner, so through the relay, see [`edge_of`]), a random legal move 25 ms after each
/// frame that allows one, until its room reaches [`CLUSTER_UPDATES`]; whenever its socket closes
/// (a dead node, 1012 from a node that no longer hears the room's owner, a room not taken over
/// yet), goes on with `since` on a node drawn again; checks that updates come without a gap.
/// Ends when `stop` turns true.
async fn cluster_client(
    nodes: Nodes,
    room: String,
    token: String,
    state: Arc<Mutex<Watched>>,
    mut stop: tokio::sync::watch::Receiver<bool>,
    seed: u64,
) {
    let mut rng = GameRng::seed_from_u64(seed);
    'client: while !*stop.borrow() {
        let connected = match edge_of(&nodes, &room, &mut rng).await {
            Some(addr) => Ws::connect(addr, &room).await.ok().map(|ws| (addr, ws)),
            None => None,
        };
        let Some((addr, mut ws)) = connected else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let opened = Instant::now();
        let since = state.lock().unwrap().seen.last;
        let mut served = false;
        if ws.send(&json!({"type": "hello", "token": token, "since": since})).await.is_err() {
            continue;
        }
        loop {
            let frame = tokio::select! {
                frame = ws.next() => frame,
                _ = stop.wait_for(|stop| *stop) => break 'client,
            };
            let Some(frame) = frame else { break };
            if !served && matches!(frame["type"].as_str(), Some("update" | "snapshot")) {
                served = true;
                let relayed = !holds(addr, &room).await;
                let mut state = state.lock().unwrap();
                state.served += 1;
                state.relayed += u64::from(relayed);
            }
            {
                let mut state = state.lock().unwrap();
                match frame["type"].as_str() {
                    Some("update") => {
                        let seq = frame["seq"].as_u64().unwrap();
                        assert_eq!(seq, state.seen.last + 1, "no gap, across nodes: {frame}");
                        if let Some(before) = state.seen.updates.get(&seq) {
                            assert_eq!(before, &frame["events"], "an update seen before comes back the same");
                        }
                        state.seen.updates.insert(seq, frame["events"].clone());
                        state.seen.last = seq;
                        state.received.push((Instant::now(), opened));
                    }
                    Some("snapshot") => {
                        let seq = frame["seq"].as_u64().unwrap();
                        let last = state.seen.last;
                        assert!(seq >= last, "a snapshot never goes back: {seq} < {last}");
                        assert!(seq == last || last == 0, "a client that says `since` gets updates, not a snapshot");
                        state.seen.last = seq;
                    }
                    _ => continue,
                }
                state.over = frame["status"]["over"] == json!(true);
                if state.over {
                    continue;
                }
            }
            // A client stops playing once its room nears the 1,000 updates a server sends to a
            // client catching up, so that the final check can ask for every one of them again:
            // a fast machine would otherwise play past it within the test's minute.
            let legal = frame["legal"].as_array().cloned().unwrap_or_default();
            let in_budget = frame["seq"].as_u64().is_some_and(|seq| seq < CLUSTER_UPDATES);
            if !legal.is_empty() && in_budget {
                tokio::time::sleep(Duration::from_millis(25)).await;
                let action = &legal[rng.index(legal.len())];
                if ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.is_err() {
                    break;
                }
            }
        }
        // Refused (the room is not taken over yet): asked again a moment later.
        if !served {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Three nodes on one PostgreSQL and one NATS, a room of every game spread over them with two
/// people each (bots in the other seats), the people's clients on nodes drawn at random, most of
/// them relayed to their room's owner. A node chosen at random (seeded, among those that hold
/// a room being played) is killed with SIGKILL at a random moment, 20 times, and started again
/// under a new name: the kills hit owners with relayed clients, and edges relaying rooms of other
/// nodes. Each room the victim held is held again by a live node (by its scan, or for a client
/// asking once the lease ran out); the time from the kill to that, and to the room's clients
/// being served again, is measured. Every client whose socket closes goes on with `since` on
/// another node, without a gap; at the end every update any client saw acknowledged comes back
/// the same, in the same order, through a node drawn at random.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_lose_nothing_acknowledged_when_nodes_are_killed_at_random() {
    let pg = postgres::Postgres::shared();
    let url = pg.database();
    let nats = nats::Nats::start();
    let nats_url = nats.url();
    let data = std::env::temp_dir().join(format!("tapis-cluster-test-{}", std::process::id()));
    let mut children = Vec::new();
    let nodes: Nodes = Arc::new(Mutex::new(Vec::new()));
    for slot in 0..3 {
        let name = format!("n{slot}");
        let (child, addr) = cluster_node(&url, &name, &data, Some(&nats_url));
        children.push(child);
        nodes.lock().unwrap().push(Some((name, addr)));
    }
    let addr_of = |slot: usize| nodes.lock().unwrap()[slot].clone().unwrap();

    // A room of every game, on the nodes in turn; two people in each, bots in the other seats.
    let games = ["nurmut", "nantais", "gum", "nainjaune", "njet", "crazyeights"];
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let mut clients: Vec<(String, Arc<Mutex<Watched>>)> = Vec::new();
    let mut tokens = Vec::new();
    let mut tasks = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let (_, at) = addr_of(i % 3);
        let seats = json!(["human", "human", "bot:easy"]);
        let options = if *game == "nantais" { json!({"rounds_to_win": 50}) } else { json!({}) };
        let body = json!({"game": game, "players": 3, "options": options, "seats": seats, "bot_delay_ms": 0});
        let (status, created) = http(at, "POST", "/api/rooms", Some(&body)).await.unwrap();
        assert_eq!(status, 201, "{created}");
        let room = created["room"].as_str().unwrap().to_string();
        for p in 0..2 {
            let path = format!("/api/rooms/{room}/join");
            let (status, joined) = http(at, "POST", &path, Some(&json!({"name": format!("P{p}")}))).await.unwrap();
            assert_eq!(status, 200, "{joined}");
            let token = joined["token"].as_str().unwrap().to_string();
            let state = Arc::new(Mutex::new(Watched::default()));
            let seed = (i * 2 + p) as u64;
            tokens.push(token.clone());
            tasks.push(tokio::spawn(cluster_client(
                nodes.clone(),
                room.clone(),
                token,
                state.clone(),
                stopping.clone(),
                seed,
            )));
            clients.push((room.clone(), state));
        }
    }
    let over = |room: &str| clients.iter().any(|(r, state)| r == room && state.lock().unwrap().over);

    let mut rng = GameRng::seed_from_u64(3030);
    let kills = 20;
    // Each kill: when, and the rooms being played that the victim held.
    let mut victims: Vec<(Instant, Vec<String>)> = Vec::new();
    let mut held_again_ms: Vec<u64> = Vec::new();
    for generation in 1..=kills {
        tokio::time::sleep(Duration::from_millis(300 + rng.below(600))).await;
        // The rooms each node holds that are still being played; the victim, drawn among the
        // nodes that hold one (among all when none does).
        let mut playing: Vec<Vec<String>> = Vec::new();
        for slot in 0..3 {
            let (_, at) = addr_of(slot);
            let (_, health) = http(at, "GET", "/api/health", None).await.unwrap();
            let held: Vec<String> =
                health["leases"].as_object().map(|l| l.keys().cloned().collect()).unwrap_or_default();
            playing.push(held.into_iter().filter(|room| !over(room)).collect());
        }
        let holders: Vec<usize> = (0..3).filter(|slot| !playing[*slot].is_empty()).collect();
        let slot = if holders.is_empty() { rng.index(3) } else { holders[rng.index(holders.len())] };
        let playing = std::mem::take(&mut playing[slot]);
        let (name, _) = addr_of(slot);
        children[slot].kill().unwrap();
        children[slot].wait().unwrap();
        let killed = Instant::now();
        nodes.lock().unwrap()[slot] = None;
        // Started again at once, under a new name: it holds nothing, and takes its share.
        let new_name = format!("n{slot}-{generation}");
        let (child, addr) = cluster_node(&url, &new_name, &data, Some(&nats_url));
        children[slot] = child;
        nodes.lock().unwrap()[slot] = Some((new_name, addr));
        // Each room the victim held is held again by a live node: asked of a node drawn at
        // random, which answers for its owner through NATS, or takes the room once its lease
        // ran out.
        for room in &playing {
            loop {
                let at = any_node(&nodes, &mut rng).unwrap();
                if let Ok((200, _)) = http(at, "GET", &format!("/api/rooms/{room}"), None).await {
                    held_again_ms.push(killed.elapsed().as_millis() as u64);
                    break;
                }
                if over(room) {
                    break;
                }
                assert!(killed.elapsed() < Duration::from_secs(30), "the room {room} of {name} was never taken over");
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        victims.push((killed, playing));
    }
    let _ = stop.send(true);
    for task in tasks {
        task.await.unwrap();
    }

    // The time from each kill to the first update that a client of each room the victim held
    // got on a connection opened after the kill (so from a live owner).
    let mut served_again_ms: Vec<u64> = Vec::new();
    for (killed, rooms) in &victims {
        for room in rooms {
            let first = clients
                .iter()
                .filter(|(r, _)| r == room)
                .filter_map(|(_, state)| {
                    let state = state.lock().unwrap();
                    state.received.iter().find(|(at, opened)| opened > killed && at > killed).map(|(at, _)| *at)
                })
                .min();
            if let Some(at) = first {
                served_again_ms.push(at.duration_since(*killed).as_millis() as u64);
            }
        }
    }

    // Every update seen comes back the same, in the same order, through a node drawn at random.
    let mut checked = 0;
    for ((room, state), token) in clients.iter().zip(&tokens) {
        let seen = state.lock().unwrap().seen.clone();
        let at = any_node(&nodes, &mut rng).unwrap();
        let stored = stored_seq(at, room).await;
        assert!(stored >= seen.last, "room {room}: {stored} stored, {} seen", seen.last);
        // All of them: a server sends at most 1,000 missed updates (then a snapshot instead),
        // and the clients stop playing before that (`CLUSTER_UPDATES`).
        assert!(stored <= 1000, "room {room}: {stored} updates");
        checked += comes_back_as_seen(at, room, token, &seen, 0).await;
    }
    for child in &mut children {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let served: u64 = clients.iter().map(|(_, state)| state.lock().unwrap().served).sum();
    let relayed: u64 = clients.iter().map(|(_, state)| state.lock().unwrap().relayed).sum();
    let reconnections = served - clients.len() as u64;
    let (held_median, held_worst) = median_and_worst(&mut held_again_ms);
    let (served_median, served_worst) = median_and_worst(&mut served_again_ms);
    common::report(&format!(
        "cluster (NATS): {kills} kills, {} takeovers, {checked} acknowledged updates checked, {relayed} of {served} \
         connections relayed, {reconnections} reconnections; a room held again after median {held_median} ms, worst \
         {held_worst} ms; its clients served again after median {served_median} ms, worst {served_worst} ms",
        held_again_ms.len()
    ));
    assert!(
        held_again_ms.len() >= kills as usize / 2,
        "the kills took rooms being played ({} takeovers)",
        held_again_ms.len()
    );
    assert!(checked > 300, "the clients played ({checked} updates checked)");
    // Three times in four a client picks a node that does not hold its room; but a node it asks
    // about a room whose lease ran out takes the room itself, so after the kills fewer are relayed.
    assert!(relayed * 3 >= served, "a good part of the connections are relayed ({relayed} of {served})");
    assert!(reconnections >= kills, "the clients of the rooms killed came back ({reconnections} reconnections)");
}

/// The seq `room` has reached, as the node at `addr` says (for its owner through NATS).
async fn stored_seq(addr: SocketAddr, room: &str) -> u64 {
    for _ in 0..600 {
        if let Ok((200, info)) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await {
            return info["seq"].as_u64().unwrap();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no node answers for the room {room}");
}

/// The median and the largest of `times`, sorted on the way (0 when there is none).
fn median_and_worst(times: &mut [u64]) -> (u64, u64) {
    times.sort_unstable();
    (times.get(times.len() / 2).copied().unwrap_or(0), times.last().copied().unwrap_or(0))
}

/// A TCP proxy to `target` that the test cuts: every connection through it is then dropped, and
/// new ones are refused (its listener closed). Its port, and the switch.
async fn cuttable_proxy(target: SocketAddr) -> (u16, tokio::sync::watch::Sender<bool>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (cut, cutting) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        let mut stop = cutting.clone();
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                _ = stop.wait_for(|cut| *cut) => return,
            };
            let Ok((mut client, _)) = accepted else { continue };
            let mut stop = cutting.clone();
            tokio::spawn(async move {
                let Ok(mut server) = tokio::net::TcpStream::connect(target).await else { return };
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                    _ = stop.wait_for(|cut| *cut) => {}
                }
            });
        }
    });
    (port, cut)
}

/// A spectator of `room` on `addr` from its first update: every update it gets (seq → events),
/// until its connection closes or `within` has passed, or it has seen `until`.
async fn spectate(addr: SocketAddr, room: &str, within: Duration, until: u64) -> BTreeMap<u64, Value> {
    let mut seen = BTreeMap::new();
    let Ok(mut ws) = Ws::connect(addr, room).await else { return seen };
    ws.send(&json!({"type": "hello", "since": 0})).await.unwrap();
    let deadline = tokio::time::Instant::now() + within;
    while let Ok(Some(frame)) = tokio::time::timeout_at(deadline, ws.next()).await {
        if frame["type"] == json!("update") {
            let seq = frame["seq"].as_u64().unwrap();
            seen.insert(seq, frame["events"].clone());
            if seq >= until {
                break;
            }
        }
    }
    seen
}

/// Node C reaches PostgreSQL through a proxy that the test cuts while C plays a room of bots;
/// node D takes the room once C's lease ran out. Every move C acknowledged before the cut is in
/// D's log, the same, at the same seq: C never acknowledged a move that D also acknowledged.
/// Cut off, C refuses to write, lets the room go (its spectator closed), and says so in its
/// health.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_postgres_never_acknowledges_a_move_another_node_does() {
    let pg = postgres::Postgres::shared();
    let url = pg.database();
    let (head, tail) = url.rsplit_once(':').unwrap();
    let (port, database) = tail.split_once('/').unwrap();
    let (proxy, cut) = cuttable_proxy(SocketAddr::from(([127, 0, 0, 1], port.parse::<u16>().unwrap()))).await;
    let through = format!("{head}:{proxy}/{database}");
    let data = std::env::temp_dir().join(format!("tapis-cut-test-{}", std::process::id()));
    let (mut c, at_c) = cluster_node(&through, "c", &data, None);
    let (mut d, at_d) = cluster_node(&url, "d", &data, None);
    let body = json!({"game": "nantais", "players": 3, "options": {"rounds_to_win": 50},
        "seats": ["bot:easy", "bot:easy", "bot:easy"], "bot_delay_ms": 0});
    let (status, created) = http(at_c, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    let room = created["room"].as_str().unwrap().to_string();
    // A spectator at C from the start; the cut comes after a second of play.
    let watching = {
        let room = room.clone();
        tokio::spawn(async move { spectate(at_c, &room, Duration::from_secs(20), u64::MAX).await })
    };
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let _ = cut.send(true);
    let on_c = watching.await.unwrap();
    assert!(on_c.len() > 3, "C played before the cut ({} updates)", on_c.len());
    let (_, health) = http(at_c, "GET", "/api/health", None).await.unwrap();
    assert_eq!(health["postgres"]["ok"], json!(false), "{health}");
    assert!(health["postgres"]["unreachable_for_ms"].as_u64().is_some(), "{health}");
    assert_eq!(health["leases"], json!({}), "C holds nothing it cannot prove: {health}");
    // D has taken the room and goes on with it.
    let last_on_c = *on_c.keys().last().unwrap();
    let on_d = spectate(at_d, &room, Duration::from_secs(20), last_on_c + 5).await;
    let last_on_d = on_d.keys().last().copied().unwrap_or(0);
    assert!(last_on_d >= last_on_c + 5, "D goes on with the room ({last_on_d} after {last_on_c} on C)");
    for (seq, events) in &on_c {
        assert_eq!(on_d.get(seq), Some(events), "seq {seq}: what C acknowledged is what D has");
    }
    common::report(&format!("cut off: C acknowledged {} moves, D has them all and went on to {last_on_d}", on_c.len()));
    c.kill().unwrap();
    c.wait().unwrap();
    d.kill().unwrap();
    d.wait().unwrap();
}

/// SIGTERM to a node of a shared store: it tells its clients to reconnect (1012), gives up its
/// leases and stops; the other node takes the rooms at its next scan, long before the leases
/// would have run out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drained_node_hands_its_rooms_over_at_once() {
    let pg = postgres::Postgres::shared();
    let url = pg.database();
    let data = std::env::temp_dir().join(format!("tapis-drain-test-{}", std::process::id()));
    // Leases of 12 s, scanned every 4 s: E's would run out 8 s after the signal at the soonest.
    let node = |name: &str| {
        let flags = ["--store", url.as_str(), "--node", name, "--lease-seconds", "12", "--min-bot-delay-ms", "20"];
        common::serve(env!("CARGO_BIN_EXE_tapis").as_ref(), &data, &flags, "warn", Stdio::null())
    };
    let (mut e, at_e) = node("e");
    let (mut f, at_f) = node("f");
    let mut rooms = Vec::new();
    for _ in 0..3 {
        let body = json!({"game": "crazyeights", "players": 2, "seats": ["bot:easy", "bot:easy"], "bot_delay_ms": 0});
        let (status, created) = http(at_e, "POST", "/api/rooms", Some(&body)).await.unwrap();
        assert_eq!(status, 201, "{created}");
        rooms.push(created["room"].as_str().unwrap().to_string());
    }
    let url_ws = format!("ws://{at_e}/api/rooms/{}/ws", rooms[0]);
    let (mut ws, _) = tokio_tungstenite::connect_async(url_ws).await.unwrap();
    let hello = tokio_tungstenite::tungstenite::Message::Text(json!({"type": "hello"}).to_string().into());
    futures_util::SinkExt::send(&mut ws, hello).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let terminated = Instant::now();
    Command::new("kill").args(["-TERM", &e.id().to_string()]).status().unwrap();
    let code = loop {
        let message = tokio::time::timeout(Duration::from_secs(10), futures_util::StreamExt::next(&mut ws)).await;
        match message.expect("closed in time") {
            Some(Ok(tokio_tungstenite::tungstenite::Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            _ => break None,
        }
    };
    assert_eq!(code, Some(1012), "the client is told to reconnect");
    let status = e.wait().unwrap();
    assert!(status.success(), "a clean stop: {status}");
    let stopped_ms = terminated.elapsed().as_millis();
    loop {
        let (_, health) = http(at_f, "GET", "/api/health", None).await.unwrap();
        let held = health["leases"].as_object().map(|l| l.len()).unwrap_or(0);
        if held == rooms.len() {
            break;
        }
        assert!(terminated.elapsed() < Duration::from_millis(7500), "F takes the rooms at its next scan: {health}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let taken_ms = terminated.elapsed().as_millis();
    let epochs = pg.sql(&url, "SELECT DISTINCT node || ':' || epoch FROM leases");
    assert_eq!(epochs, "f:2", "every room is F's, with the next epoch");
    common::report(&format!(
        "drain: E stopped {stopped_ms} ms after SIGTERM, F held its {} rooms after {taken_ms} ms",
        rooms.len()
    ));
    f.kill().unwrap();
    f.wait().unwrap();
}
