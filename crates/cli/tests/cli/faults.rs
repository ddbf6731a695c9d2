//! `tapis serve` as a separate process on a disk that fails under it: full (a small tmpfs filled
//! up), made read-only mid-run (`chattr +i` on the database and its WAL), and failing with I/O
//! errors (ext4 on a loop device whose backing file runs out of room). People play at full
//! speed throughout; afterwards — after a SIGTERM and a restart — every move any client saw
//! acknowledged is in the database, and the server told the truth meanwhile (moves refused with
//! `store_failed`, `/api/health` saying `store_failing`, no room created that is not stored).
//!
//! These tests mount file systems: they need root (as CI runs). Run as another user, they say so
//! and pass without checking anything.

use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tapis_client::{Ws, http};

use crate::common;
use crate::load::{Seen, Server, every_acknowledged_move_is_stored, players, room_of_four};

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0").unwrap_or(false)
}

fn run(program: &str, args: &[&str]) {
    let status = Command::new(program).args(args).status().unwrap_or_else(|e| panic!("{program}: {e}"));
    assert!(status.success(), "{program} {args:?} failed");
}

/// A folder of its own under /tmp, and what is mounted in it, undone on drop.
struct Scratch {
    dir: PathBuf,
    mounts: Vec<PathBuf>,
    loops: Vec<String>,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("tapis-faults-{name}-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        Scratch { dir, mounts: Vec::new(), loops: Vec::new() }
    }

    fn tmpfs(&mut self, name: &str, size: &str) -> PathBuf {
        let at = self.dir.join(name);
        std::fs::create_dir_all(&at).unwrap();
        run("mount", &["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs", at.to_str().unwrap()]);
        self.mounts.push(at.clone());
        at
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        for at in self.mounts.iter().rev() {
            let _ = Command::new("umount").arg("-l").arg(at).status();
        }
        for device in &self.loops {
            let _ = Command::new("losetup").args(["-d", device]).status();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn health(addr: SocketAddr) -> Value {
    http(addr, "GET", "/api/health", None).await.unwrap().1
}

/// Waits (up to 20 s) for `/api/health` to say `status`.
async fn health_says(addr: SocketAddr, status: &str) {
    for _ in 0..200 {
        if health(addr).await["status"] == json!(status) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("/api/health never said {status}: {}", health(addr).await);
}

/// Fills the file system at `dir` until it is full; returns the file to remove to free it.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let chunk = vec![7u8; 256 * 1024];
    while file.write_all(&chunk).is_ok() {}
    let _ = file.sync_all();
    path
}

/// The scenario every fault runs: play, break the disk, play on (moves refused, the truth told),
/// mend it, play on, then stop with SIGTERM and start again, and check the database. The first
/// server's log goes to `log`, if given.
async fn plays_through(
    data: &Path,
    log: Option<&Path>,
    mut fault: impl FnMut(bool),
    recovers: bool,
    mend: impl FnOnce(),
) {
    let server = Server::start_logging(data, &[], log);
    let addr = server.addr;
    let (room, tokens) = room_of_four(addr).await;
    let seen = Arc::new(Mutex::new(Seen::default()));
    let (stop, tasks) = players(addr, &room, &tokens, &seen);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before = seen.lock().unwrap().updates.len();
    assert!(before > 20, "moves were played before the fault ({before})");

    fault(true);
    eprintln!("broken after {before} acknowledged moves");
    health_says(addr, "store_failing").await;
    // No room is opened that is not stored.
    let (status, answer) =
        http(addr, "POST", "/api/rooms", Some(&json!({"game": "nurmut", "players": 2}))).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (503, Some("store_failed")), "{answer}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let refused = seen.lock().unwrap().refused;
    assert!(refused > 0, "the players were told their moves were not stored");

    fault(false);
    let during = seen.lock().unwrap().updates.len();
    eprintln!("mended after {during} acknowledged moves, {refused} refused");
    if recovers {
        health_says(addr, "ok").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let after = seen.lock().unwrap().updates.len();
        assert!(after > during + 20, "moves are acknowledged again once the disk takes them ({during} → {after})");
        let (status, created) =
            http(addr, "POST", "/api/rooms", Some(&json!({"game": "nurmut", "players": 2}))).await.unwrap();
        assert_eq!(status, 201, "{created}");
    } else {
        // A store that cannot recover says so and refuses moves rather than accepting them.
        tokio::time::sleep(Duration::from_millis(1000)).await;
        assert_eq!(health(addr).await["status"], json!("store_failing"));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for task in tasks {
        task.await.unwrap();
    }
    server.terminate();
    mend();
    let seen = Arc::try_unwrap(seen).ok().unwrap().into_inner().unwrap();
    every_acknowledged_move_is_stored(&data.join("tapis.sqlite3"), &room, &seen);

    // Started again: the room is as its players last saw it.
    let server = Server::start(data);
    let (_, info) = http(server.addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    let current = info["match"].as_u64().unwrap();
    let last_seen = seen.updates.keys().filter(|(m, _)| *m == current).map(|(_, s)| *s).max().unwrap_or(0);
    assert!(info["seq"].as_u64().unwrap() >= last_seen, "{info} after {last_seen}");
    server.terminate();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_moves_and_loses_none() {
    if !is_root() {
        eprintln!("a_full_disk_refuses_moves_and_loses_none needs root (it mounts a tmpfs): not checked");
        return;
    }
    let mut scratch = Scratch::new("full");
    let disk = scratch.tmpfs("disk", "16m");
    let data = disk.join("data");
    // The log is written to the full disk too: lines are lost, never a room (issue 41: every
    // room's task died after about 20 lines).
    let log = disk.join("tapis.log");
    let mut filler = None;
    plays_through(
        &data,
        Some(&log),
        |broken| match broken {
            true => filler = Some(fill(&disk)),
            false => std::fs::remove_file(filler.take().unwrap()).unwrap(),
        },
        true,
        || {},
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_made_read_only_refuses_moves_and_loses_none() {
    if !is_root() {
        eprintln!("a_database_made_read_only_refuses_moves_and_loses_none needs root (chattr): not checked");
        return;
    }
    // On the machine's own file system (ext4 here): tmpfs lets a file already open be written
    // after `chattr +i`.
    let scratch = Scratch::new("readonly");
    let data = scratch.dir.join("data");
    let log = scratch.dir.join("tapis.log");
    let files = ["tapis.sqlite3", "tapis.sqlite3-wal"].map(|f| data.join(f));
    plays_through(
        &data,
        Some(&log),
        |broken| {
            for file in &files {
                run("chattr", &[if broken { "+i" } else { "-i" }, file.to_str().unwrap()]);
            }
        },
        true,
        || {},
    )
    .await;
    // Every refused move failed a write, and each used to log an error line (3,779 in 5 s):
    // one line a window now, then one that counts the rest.
    let log = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = log.lines().filter(|l| l.contains("storing an action failed")).collect();
    common::report(&format!("a read-only database: {} lines about failed writes: {lines:?}", lines.len()));
    assert!((1..=3).contains(&lines.len()), "{log}");
    assert!(lines.iter().any(|l| l.contains("repeated")), "the repeats are counted: {log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_memory_file_made_read_only_refuses_moves_and_kills_nothing() {
    if !is_root() {
        eprintln!(
            "a_shared_memory_file_made_read_only_refuses_moves_and_kills_nothing needs root (chattr): not checked"
        );
        return;
    }
    // SQLite maps `-shm` into memory: its next write there, once the file is immutable, killed
    // the process with SIGBUS. The store checks its files before touching them, so a file made
    // read-only while no commit is under way is a store failure like any other.
    let scratch = Scratch::new("shm");
    let data = scratch.dir.join("data");
    let server = Server::start(&data);
    let addr = server.addr;
    let (room, tokens) = room_of_four(addr).await;
    // Only the players move (the table plays nobody's only move for them): each move is one
    // update to everyone, or one refusal.
    let mut players = Vec::new();
    for token in &tokens {
        let mut ws = Ws::connect(addr, &room).await.unwrap();
        ws.send(&json!({"type": "hello", "token": token, "auto_forced": false})).await.unwrap();
        players.push(ws);
    }
    // Each player's latest frame; the one who may act plays its first legal move.
    let mut frames = Vec::new();
    for ws in &mut players {
        frames.push(next_frame(ws, &["snapshot"]).await);
    }
    let mut acknowledged = 0;
    let play = async |players: &mut Vec<Ws>, frames: &mut Vec<Value>| -> Value {
        let i = frames.iter().position(|f| f["legal"].as_array().is_some_and(|l| !l.is_empty())).unwrap();
        let act = json!({"type": "act", "seq": frames[i]["seq"], "action": frames[i]["legal"][0]});
        players[i].send(&act).await.unwrap();
        let answer = next_frame(&mut players[i], &["update", "error"]).await;
        if answer["type"] == json!("update") {
            frames[i] = answer.clone();
            for (j, ws) in players.iter_mut().enumerate() {
                if j != i {
                    frames[j] = next_frame(ws, &["update"]).await;
                }
            }
        }
        answer
    };
    for _ in 0..5 {
        assert_eq!(play(&mut players, &mut frames).await["type"], json!("update"));
        acknowledged += 1;
    }
    let shm = data.join("tapis.sqlite3-shm");
    assert!(shm.exists());
    run("chattr", &["+i", shm.to_str().unwrap()]);
    let refused = play(&mut players, &mut frames).await;
    let failing = health(addr).await;
    run("chattr", &["-i", shm.to_str().unwrap()]);
    assert_eq!(refused["code"], json!("store_failed"), "{refused}");
    assert_eq!(failing["status"], json!("store_failing"), "{failing}");
    assert!(failing["store"]["error"].as_str().unwrap().contains("-shm"), "{failing}");
    // The refusal came with a snapshot of what is stored: the players go on from it.
    for (ws, frame) in players.iter_mut().zip(frames.iter_mut()) {
        *frame = next_frame(ws, &["snapshot"]).await;
    }
    for _ in 0..5 {
        assert_eq!(play(&mut players, &mut frames).await["type"], json!("update"));
        acknowledged += 1;
    }
    assert_eq!(health(addr).await["status"], json!("ok"));
    drop(players);
    server.terminate();
    let db = rusqlite::Connection::open(data.join("tapis.sqlite3")).unwrap();
    let stored: i64 = db.query_row("SELECT COUNT(*) FROM actions WHERE room = ?1", [&room], |r| r.get(0)).unwrap();
    assert_eq!(stored, acknowledged, "every acknowledged move, and only them");
}

/// The next frame of one of `types` on `ws`, within 20 s.
async fn next_frame(ws: &mut Ws, types: &[&str]) -> Value {
    loop {
        let frame =
            tokio::time::timeout(Duration::from_secs(20), ws.next()).await.expect("a frame in time").expect("open");
        if types.contains(&frame["type"].as_str().unwrap_or("")) {
            return frame;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn io_errors_under_the_database_refuse_moves_and_lose_none() {
    if !is_root() {
        eprintln!("io_errors_under_the_database_refuse_moves_and_lose_none needs root (loop devices): not checked");
        return;
    }
    // ext4 on a loop device whose backing file, sparse, lives on a tmpfs smaller than it: once
    // the tmpfs is full, the block device fails every write with an I/O error.
    let mut scratch = Scratch::new("io");
    let back = scratch.tmpfs("back", "24m");
    let image = back.join("disk.img");
    run("truncate", &["-s", "64M", image.to_str().unwrap()]);
    run("mkfs.ext4", &["-q", "-F", image.to_str().unwrap()]);
    let device = String::from_utf8(
        Command::new("losetup").args(["-f", "--show", image.to_str().unwrap()]).output().unwrap().stdout,
    )
    .unwrap()
    .trim()
    .to_string();
    assert!(device.starts_with("/dev/loop"), "a loop device: {device:?}");
    scratch.loops.push(device.clone());
    let disk = scratch.dir.join("disk");
    std::fs::create_dir_all(&disk).unwrap();
    run("mount", &[&device, disk.to_str().unwrap()]);
    scratch.mounts.push(disk.clone());
    let data = disk.join("data");
    let mut filler = None;
    // ext4 does not come back from I/O errors under its journal (it aborts it and turns
    // read-only): the server must say so and refuse moves. Mended as an administrator would (the
    // file system checked and mounted again), nothing acknowledged is missing.
    let (disk_at, device_at, image_at) = (disk.clone(), device.clone(), image.clone());
    plays_through(
        &data,
        None,
        |broken| match broken {
            true => filler = Some(fill(&back)),
            false => std::fs::remove_file(filler.take().unwrap()).unwrap(),
        },
        false,
        move || {
            run("umount", &[disk_at.to_str().unwrap()]);
            let _ = Command::new("e2fsck").args(["-fy", &device_at]).stdout(Stdio::null()).status();
            let _ = image_at;
            run("mount", &[&device_at, disk_at.to_str().unwrap()]);
        },
    )
    .await;
}
