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
use tapis_client::http;

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
/// mend it, play on, then stop with SIGTERM and start again, and check the database.
async fn plays_through(data: &Path, mut fault: impl FnMut(bool), recovers: bool, mend: impl FnOnce()) {
    let server = Server::start(data);
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
    let mut filler = None;
    plays_through(
        &data,
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
    let files = ["tapis.sqlite3", "tapis.sqlite3-wal"].map(|f| data.join(f));
    plays_through(
        &data,
        |broken| {
            for file in &files {
                run("chattr", &[if broken { "+i" } else { "-i" }, file.to_str().unwrap()]);
            }
        },
        true,
        || {},
    )
    .await;
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
