//! What the tests of `tapis serve` under load share: a server process, rooms of four people
//! playing random moves as fast as the flood limit allows (with rematches), what each saw
//! acknowledged, and the check that the database holds every acknowledged move.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tapis_client::{Ws, http};
use tapis_core::GameRng;

use crate::common::binary;

pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    /// What it printed on start, line by line (its addresses).
    pub said: Vec<String>,
}

impl Server {
    pub fn start(data: &Path) -> Server {
        Server::start_with(data, &[])
    }

    /// `tapis serve` on a free port of the loopback with `flags`; returns once it has said where
    /// to open it (the last line of its start).
    pub fn start_with(data: &Path, flags: &[&str]) -> Server {
        use std::io::BufRead;
        let mut child = Command::new(binary())
            .args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(flags)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut said = Vec::new();
        for line in std::io::BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let last = line.starts_with("open ");
            said.push(line);
            if last {
                break;
            }
        }
        let first = said.first().map(String::as_str).unwrap_or_default();
        let addr = first.strip_prefix("listening on http://").unwrap_or_else(|| panic!("first line: {said:?}"));
        Server { addr: addr.parse().unwrap(), child, said }
    }

    /// SIGTERM; asserts a clean stop, and gives how long it took.
    pub fn terminate(mut self) -> Duration {
        let asked = tokio::time::Instant::now();
        let sent = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status().unwrap();
        assert!(sent.success());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "a clean stop on SIGTERM: {status}");
        asked.elapsed()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the players of a room saw: every acknowledged update, by (match, seq), with its events;
/// and how many `store_failed` errors they were told.
#[derive(Clone, Default)]
pub struct Seen {
    pub updates: BTreeMap<(u64, u64), Value>,
    pub refused: u64,
}

/// Opens a room of four people at Le Nain Jaune and seats them; returns the room and tokens.
pub async fn room_of_four(addr: SocketAddr) -> (String, Vec<String>) {
    let body = json!({"game": "nainjaune", "players": 4, "options": {"rounds": 3}, "bot_delay_ms": 0});
    let (status, created) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    let room = created["room"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for i in 0..4 {
        let (status, joined) =
            http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": format!("P{i}")})))
                .await
                .unwrap();
        assert_eq!(status, 200, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_string());
    }
    (room, tokens)
}

/// One player: a random legal move as soon as it may act, a rematch when a match ends, until
/// `stop`; every acknowledged update recorded.
pub async fn play(
    addr: SocketAddr,
    room: String,
    token: String,
    seed: u64,
    seen: Arc<Mutex<Seen>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
) {
    let mut ws = Ws::connect(addr, &room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": token})).await.unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let frame = match tokio::time::timeout(Duration::from_millis(200), ws.next()).await {
            Ok(Some(frame)) => frame,
            Ok(None) => break,
            Err(_) => continue,
        };
        match frame["type"].as_str() {
            Some("update") => {
                let key = (frame["match"].as_u64().unwrap(), frame["seq"].as_u64().unwrap());
                seen.lock().unwrap().updates.insert(key, frame["events"].clone());
            }
            Some("snapshot") => {}
            Some("error") => {
                if frame["code"] == json!("store_failed") {
                    seen.lock().unwrap().refused += 1;
                }
                continue;
            }
            _ => continue,
        }
        if frame["status"]["over"] == json!(true) {
            let _ = ws.send(&json!({"type": "rematch"})).await;
            continue;
        }
        let legal = frame["legal"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            // Fast, but under the server's flood limit (100 messages a second).
            tokio::time::sleep(Duration::from_millis(12)).await;
            let action = &legal[rng.index(legal.len())];
            if ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.is_err() {
                break;
            }
        }
    }
    ws.close().await;
}

/// Four players at `room` until the returned flag is set.
pub fn players(
    addr: SocketAddr,
    room: &str,
    tokens: &[String],
    seen: &Arc<Mutex<Seen>>,
) -> (Arc<std::sync::atomic::AtomicBool>, Vec<tokio::task::JoinHandle<()>>) {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let tasks = tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            tokio::spawn(play(addr, room.to_string(), token.clone(), i as u64, seen.clone(), stop.clone()))
        })
        .collect();
    (stop, tasks)
}

/// Every acknowledged update is a stored action: the database holds a row for each.
pub fn every_acknowledged_move_is_stored(db: &Path, room: &str, seen: &Seen) {
    let db = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let stored: std::collections::BTreeSet<(u64, u64)> = db
        .prepare("SELECT match_no, seq FROM actions WHERE room = ?1")
        .unwrap()
        .query_map([room], |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let missing: Vec<_> = seen.updates.keys().filter(|k| !stored.contains(k)).collect();
    assert!(
        missing.is_empty(),
        "{} acknowledged moves are not in the database: {:?}",
        missing.len(),
        &missing[..missing.len().min(10)]
    );
}
