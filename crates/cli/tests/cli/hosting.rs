//! Running a server for real (issue 40): `tapis backup` while people play and `tapis restore`
//! of it, `/metrics` scraped and read by a parser of Prometheus's text format, and SIGTERM while
//! people play: every acknowledged move kept, the process gone within [`STOP_WITHIN`]. A bad
//! certificate stops the start with one line, before anything is written.

use serde_json::json;
use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tapis_client::http;
use tokio_tungstenite::tungstenite::Message;

use crate::common::tapis;
use crate::load::{Seen, Server, every_acknowledged_move_is_stored, players, room_of_four};

/// The bound on a stop under load: the server's grace for requests under way (2 s), the store's
/// last commit, and a margin for a loaded machine.
const STOP_WITHIN: Duration = Duration::from_secs(5);

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapis-hosting-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rooms of four people playing on `addr`: each room's code and what its players saw, and how
/// to stop them.
struct Load {
    rooms: Vec<(String, Arc<Mutex<Seen>>)>,
    stops: Vec<Arc<std::sync::atomic::AtomicBool>>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Load {
    async fn start(addr: SocketAddr, rooms: usize) -> Load {
        let mut load = Load { rooms: Vec::new(), stops: Vec::new(), tasks: Vec::new() };
        for _ in 0..rooms {
            let (room, tokens) = room_of_four(addr).await;
            let seen = Arc::new(Mutex::new(Seen::default()));
            let (stop, tasks) = players(addr, &room, &tokens, &seen);
            load.rooms.push((room, seen));
            load.stops.push(stop);
            load.tasks.extend(tasks);
        }
        load
    }

    /// Every move acknowledged so far, by room.
    fn acknowledged(&self) -> Vec<(String, Seen)> {
        self.rooms.iter().map(|(room, seen)| (room.clone(), seen.lock().unwrap().clone())).collect()
    }

    fn moves(&self) -> usize {
        self.rooms.iter().map(|(_, seen)| seen.lock().unwrap().updates.len()).sum()
    }

    /// Waits for the players to end (their connections closed, or told to stop).
    async fn end(self) -> Vec<(String, Seen)> {
        for stop in &self.stops {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        for task in self.tasks {
            task.await.unwrap();
        }
        self.rooms.into_iter().map(|(room, seen)| (room, seen.lock().unwrap().clone())).collect()
    }
}

/// A room as a server started on its data gives it back: at least as far as its players saw.
async fn comes_back(addr: SocketAddr, room: &str, seen: &Seen) {
    let (status, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(status, 200, "{info}");
    let current = info["match"].as_u64().unwrap();
    let last_seen = seen.updates.keys().filter(|(m, _)| *m == current).map(|(_, s)| *s).max().unwrap_or(0);
    assert!(info["seq"].as_u64().unwrap() >= last_seen, "{info} after {last_seen}");
}

fn run(args: &[&str], data: &Path) -> (bool, String, String) {
    let out = tapis().args(args).arg("--data").arg(data).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_every_move_acknowledged_before_it() {
    let (data, elsewhere) = (folder("data"), folder("restored"));
    let file = folder("backups").join("tapis.backup.sqlite3");
    let server = Server::start(&data);
    let load = Load::start(server.addr, 3).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // What was acknowledged before the backup began; the players go on meanwhile.
    let before = load.acknowledged();
    let moves_before: usize = before.iter().map(|(_, seen)| seen.updates.len()).sum();
    assert!(moves_before > 30, "moves were played before the backup ({moves_before})");
    let backup = {
        let (file, data) = (file.clone(), data.clone());
        tokio::task::spawn_blocking(move || run(&["backup", file.to_str().unwrap()], &data)).await.unwrap()
    };
    assert!(backup.0, "{backup:?}");
    assert!(backup.1.starts_with("backed up 3 rooms ("), "{backup:?}");
    // A restore onto the running server's data is refused, and changes nothing.
    let refused = run(&["restore", file.to_str().unwrap(), "--force"], &data);
    assert!(!refused.0);
    assert_eq!(refused.2.lines().count(), 1, "{refused:?}");
    assert!(refused.2.starts_with("tapis: a tapis server (pid ") && refused.2.contains("stop it before restoring"));
    assert!(!data.join("tapis.sqlite3.before-restore").exists());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let during = load.moves();
    assert!(during > moves_before, "play went on during the backup ({moves_before} → {during})");
    let after = load.end().await;
    server.terminate();

    let restored = run(&["restore", file.to_str().unwrap()], &elsewhere);
    assert!(restored.0 && restored.1.starts_with("restored 3 rooms ("), "{restored:?}");
    for (room, seen) in &before {
        every_acknowledged_move_is_stored(&elsewhere.join("tapis.sqlite3"), room, seen);
    }
    // The copy is the database at one moment: each room's moves a gapless prefix of what was
    // played, none invented.
    let db = rusqlite::Connection::open(elsewhere.join("tapis.sqlite3")).unwrap();
    for (room, seen) in &after {
        let stored: BTreeSet<(u64, u64)> = db
            .prepare("SELECT match_no, seq FROM actions WHERE room = ?1")
            .unwrap()
            .query_map([room], |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, i64>(1)? as u64)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let played: BTreeSet<(u64, u64)> = seen.updates.keys().copied().collect();
        assert!(stored.is_subset(&played), "the backup holds only moves that were played");
    }
    drop(db);
    let again = Server::start(&elsewhere);
    for (room, seen) in &before {
        comes_back(again.addr, room, seen).await;
    }
    again.terminate();
    for dir in [data, elsewhere, file.parent().unwrap().to_path_buf()] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// `/metrics`, as a scraper reads it.
pub(crate) async fn scrape(addr: SocketAddr) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(b"GET /metrics HTTP/1.1\r\nHost: tapis\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.to_ascii_lowercase().contains("content-type: text/plain; version=0.0.4"), "{head}");
    body.to_string()
}

/// The value of the sample `name` (with `label` if given), a counter or a gauge.
fn value(scrape: &prometheus_parse::Scrape, name: &str, label: Option<(&str, &str)>) -> f64 {
    let sample = scrape
        .samples
        .iter()
        .find(|s| s.metric == name && label.is_none_or(|(k, v)| s.labels.get(k) == Some(v)))
        .unwrap_or_else(|| panic!("no sample {name} {label:?}"));
    match sample.value {
        prometheus_parse::Value::Counter(v)
        | prometheus_parse::Value::Gauge(v)
        | prometheus_parse::Value::Untyped(v) => v,
        _ => panic!("{name} is not a single value"),
    }
}

/// A histogram's buckets (upper bound, cumulative count).
fn buckets(scrape: &prometheus_parse::Scrape, name: &str, label: Option<(&str, &str)>) -> Vec<(f64, f64)> {
    let sample = scrape
        .samples
        .iter()
        .find(|s| s.metric == name && label.is_none_or(|(k, v)| s.labels.get(k) == Some(v)))
        .unwrap_or_else(|| panic!("no histogram {name} {label:?}"));
    match &sample.value {
        prometheus_parse::Value::Histogram(counts) => counts.iter().map(|c| (c.less_than, c.count)).collect(),
        _ => panic!("{name} is not a histogram"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_scraped_and_a_sigterm_under_load_loses_nothing() {
    let data = folder("metrics");
    let server = Server::start_with(&data, &["--metrics-addr", "127.0.0.1:0", "--rooms-per-minute", "0"]);
    let metrics: SocketAddr = server.said[1]
        .strip_prefix("metrics on http://")
        .and_then(|rest| rest.strip_suffix("/metrics"))
        .unwrap_or_else(|| panic!("{:?}", server.said))
        .parse()
        .unwrap();
    let load = Load::start(server.addr, 2).await;
    // A room where a bot plays beside a person, for the bots' figures.
    // The bot leads (seat 0 deals).
    let body = json!({"game": "nantais", "players": 2, "seats": ["human", "bot:easy"], "bot_delay_ms": 0, "dealer": 0});
    let (status, created) = http(server.addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    let bot_room = created["room"].as_str().unwrap().to_string();
    let (_, joined) =
        http(server.addr, "POST", &format!("/api/rooms/{bot_room}/join"), Some(&json!({"name": "Zoé"}))).await.unwrap();
    let url = format!("ws://{}/api/rooms/{bot_room}/ws", server.addr);
    let (mut person, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = json!({"type": "hello", "token": joined["token"]}).to_string();
    futures_util::SinkExt::send(&mut person, Message::Text(hello.into())).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1200)).await;

    let seen_before = load.moves() as f64;
    let text = scrape(metrics).await;
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let parsed = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap();
    // Every sample line was read (the parser skips what it cannot read): the single values, and
    // each histogram's buckets (its _sum and _count are single values).
    let read: usize = parsed
        .samples
        .iter()
        .map(|s| match &s.value {
            prometheus_parse::Value::Histogram(b) => b.len(),
            _ => 1,
        })
        .sum();
    assert_eq!(read, lines.len(), "{text}");
    for family in ["tapis_moves_total", "tapis_store_commit_seconds", "tapis_connections", "tapis_bot_search_seconds"] {
        assert!(parsed.docs.get(family).is_some_and(|help| !help.is_empty()), "{family} has its help");
    }
    let moves = value(&parsed, "tapis_moves_total", None);
    assert!(moves >= seen_before && moves > 30.0, "{moves} moves committed, {seen_before} seen acknowledged");
    let commits = buckets(&parsed, "tapis_store_commit_seconds", Some(("write", "action")));
    assert_eq!(commits.last().map(|b| b.0), Some(f64::INFINITY));
    assert!(commits.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1), "cumulative buckets: {commits:?}");
    assert!(commits.last().unwrap().1 >= moves, "every committed move timed");
    assert_eq!(
        value(&parsed, "tapis_store_commit_seconds_count", Some(("write", "action"))),
        commits.last().unwrap().1
    );
    assert!(value(&parsed, "tapis_store_commit_seconds_sum", Some(("write", "action"))) > 0.0);
    assert_eq!(value(&parsed, "tapis_store_failures_total", None), 0.0);
    assert_eq!(value(&parsed, "tapis_store_ok", None), 1.0);
    assert_eq!(value(&parsed, "tapis_connections", None), 9.0, "eight players and one person beside a bot");
    assert_eq!(value(&parsed, "tapis_rooms_in_memory", None), 3.0);
    assert_eq!(value(&parsed, "tapis_rooms_opened_total", None), 3.0);
    let searches = buckets(&parsed, "tapis_bot_search_seconds", None);
    assert!(searches.last().unwrap().1 >= 1.0, "the bot's moves are timed: {searches:?}");
    assert!(value(&parsed, "process_resident_memory_bytes", None) > 1e6);
    // Nothing in it names a room.
    for (room, _) in &load.rooms {
        assert!(!text.contains(room.as_str()));
    }

    // SIGTERM while eight people play: the process is gone within the bound, every client told.
    let took = tokio::task::spawn_blocking(move || server.terminate()).await.unwrap();
    assert!(took < STOP_WITHIN, "stopped in {took:?}");
    let mut told = None;
    while let Ok(Some(Ok(message))) =
        tokio::time::timeout(Duration::from_secs(10), futures_util::StreamExt::next(&mut person)).await
    {
        if let Message::Close(frame) = message {
            told = frame.map(|f| (u16::from(f.code), f.reason.to_string()));
            break;
        }
    }
    assert_eq!(told, Some((1001, "the server stops".to_string())), "a connected client is told the server stops");
    let after = load.end().await;
    for (room, seen) in &after {
        every_acknowledged_move_is_stored(&data.join("tapis.sqlite3"), room, seen);
    }
    let again = Server::start(&data);
    for (room, seen) in &after {
        comes_back(again.addr, room, seen).await;
    }
    again.terminate();
    crate::common::report(&format!("SIGTERM under load: stopped in {} ms", took.as_millis()));
    let _ = std::fs::remove_dir_all(&data);
}

/// A certificate for `localhost` valid until `until`, with its key, as PEM.
fn certificate(until: (i32, u8, u8)) -> (String, String) {
    let key = rcgen::KeyPair::generate().unwrap();
    let mut params = rcgen::CertificateParams::new(vec!["localhost".to_string()]).unwrap();
    params.not_before = rcgen::date_time_ymd(2020, 1, 1);
    params.not_after = rcgen::date_time_ymd(until.0, until.1, until.2);
    (params.self_signed(&key).unwrap().pem(), key.serialize_pem())
}

/// `tapis serve --tls-cert/--tls-key` with a file missing, a file that is not PEM, a key of
/// another certificate and an expired certificate: each stops the start with one line that names
/// the flag and the file, and the data folder holds nothing but its lock; a good pair starts.
#[test]
fn a_bad_certificate_stops_the_start_with_one_line_and_writes_nothing() {
    let dir = folder("certificates");
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let (good_cert, good_key) = certificate((2099, 1, 1));
    let (_, other_key) = certificate((2099, 1, 1));
    let (old_cert, old_key) = certificate((2021, 1, 1));
    let (cert, key) = (file("cert.pem", &good_cert), file("key.pem", &good_key));
    let missing = dir.join("missing.pem");
    let garbage = file("garbage.pem", "not a certificate\n");
    let other = file("other-key.pem", &other_key);
    let (expired, expired_key) = (file("old.pem", &old_cert), file("old-key.pem", &old_key));
    let shown = |path: &Path| path.display().to_string();
    let cases = [
        (&missing, &key, format!("tapis: cannot read --tls-cert {}: ", shown(&missing))),
        (
            &garbage,
            &key,
            format!("tapis: --tls-cert {} holds no certificate (a PEM file with BEGIN CERTIFICATE)", shown(&garbage)),
        ),
        (
            &cert,
            &garbage,
            format!("tapis: --tls-key {} holds no private key (a PEM file with BEGIN PRIVATE KEY)", shown(&garbage)),
        ),
        (
            &cert,
            &other,
            format!("tapis: --tls-key {} is not the key of the certificate in {}", shown(&other), shown(&cert)),
        ),
        (&expired, &expired_key, format!("tapis: the certificate in --tls-cert {} has expired", shown(&expired))),
    ];
    for (i, (cert, key, says)) in cases.iter().enumerate() {
        let data = dir.join(format!("data-{i}"));
        let out = tapis()
            .args(["serve", "--addr", "127.0.0.1:0", "--tls-cert", cert.to_str().unwrap(), "--tls-key"])
            .arg(key)
            .arg("--data")
            .arg(&data)
            .env("RUST_LOG", "off")
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{says}: {stderr}");
        assert_eq!(stdout, "");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.starts_with(says.as_str()), "{stderr}\nexpected: {says}");
        let left: Vec<String> = std::fs::read_dir(&data)
            .map(|dir| dir.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        assert!(left.iter().all(|name| name == "tapis.lock"), "{says}: the data folder holds {left:?}");
    }
    // The good pair starts and answers over HTTPS (not checked here: web/tests/https.spec.js).
    let data = dir.join("data-good");
    let mut child = tapis()
        .args(["serve", "--addr", "127.0.0.1:0", "--tls-cert", cert.to_str().unwrap(), "--tls-key"])
        .arg(&key)
        .arg("--data")
        .arg(&data)
        .env("RUST_LOG", "off")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    assert!(line.starts_with("listening on https://"), "{line}");
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
