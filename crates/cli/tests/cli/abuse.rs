//! `tapis serve` as a separate process, attacked by anonymous clients: replays asked twenty at
//! once, clients that never read, rooms of bots alone, rooms opened in bulk, spectators crowding
//! a table, idle and half-sent HTTP requests, bodies and addresses too large, text that would
//! break the page, a corrupt stored action, signals at awkward moments. Each attack gets the
//! limit that holds it, and the server goes on serving everyone else.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tapis_client::{Ws, http, http_from, http_raw};

use crate::common::{self, binary};

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tapis-abuse-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

struct Server {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
    data: PathBuf,
    /// The data folder is removed with the server (not when it is to be started again).
    remove: bool,
}

impl Server {
    /// `tapis serve` on a free port with `flags`; its log (RUST_LOG=info) goes to a file.
    fn start(data: &Path, flags: &[&str]) -> Server {
        std::fs::create_dir_all(data).unwrap();
        // Another build (an older one, to compare) is given only the flags it knows.
        let help = Command::new(binary()).args(["serve", "--help"]).output().unwrap().stdout;
        let help = String::from_utf8_lossy(&help);
        let flags: Vec<&str> = flags.chunks(2).filter(|pair| help.contains(pair[0])).flatten().copied().collect();
        let log = data.with_extension("log");
        let (child, addr) = common::serve(&binary(), data, &flags, "info", std::fs::File::create(&log).unwrap().into());
        Server { child, addr, log, data: data.to_path_buf(), remove: true }
    }

    /// Killed, its data kept: the folder.
    fn kill_keeping_data(mut self) -> PathBuf {
        self.remove = false;
        self.data.clone()
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The log once it holds `line`, or after 10 s: the server writes its log from a thread of
    /// its own, so a line may follow the answer it was logged for.
    fn log_once_it_holds(&self, line: &str) -> String {
        for _ in 0..500 {
            let log = self.log();
            if log.contains(line) {
                return log;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.log()
    }

    /// The server's resident memory, and the most it held, in MiB.
    fn memory_mib(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                .unwrap()
                / 1024
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill").args([signal, &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }

    /// Waits for the process to end, at most `within`; its exit status.
    fn ends_within(&mut self, within: Duration) -> std::process::ExitStatus {
        let start = tokio::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(start.elapsed() < within, "the server did not stop within {within:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if self.remove {
            let _ = std::fs::remove_dir_all(&self.data);
            let _ = std::fs::remove_file(&self.log);
        }
    }
}

async fn create(addr: SocketAddr, body: Value) -> String {
    let (status, created) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    created["room"].as_str().unwrap().to_string()
}

async fn join(addr: SocketAddr, room: &str, name: &str) -> (u16, Value) {
    http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": name}))).await.unwrap()
}

async fn hello(addr: SocketAddr, room: &str, token: Option<&str>) -> Ws {
    let mut ws = Ws::connect(addr, room).await.unwrap();
    let mut hello = json!({"type": "hello", "lang": "en"});
    if let Some(token) = token {
        hello["token"] = json!(token);
    }
    ws.send(&hello).await.unwrap();
    ws
}

/// The next frame of one of `types`, within 20 s.
async fn next_of(ws: &mut Ws, types: &[&str]) -> Value {
    loop {
        let frame =
            tokio::time::timeout(Duration::from_secs(20), ws.next()).await.expect("a frame in time").expect("open");
        if types.contains(&frame["type"].as_str().unwrap_or("")) {
            return frame;
        }
    }
}

/// Polls the room until its match is over (at most `within`).
async fn until_over(addr: SocketAddr, room: &str, within: Duration) -> Value {
    let start = tokio::time::Instant::now();
    loop {
        let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
        if info["phase"] == json!("over") {
            return info;
        }
        assert!(start.elapsed() < within, "the match did not end in time: {info}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_replays_at_once_are_built_once_and_cost_little() {
    // The longest matches there are: seven easy bots, two decks, no delay. The test's client
    // parses each 25 MB replay on one of its two threads and reads nothing meanwhile: with 20
    // of them, a connection may wait longer than the default write timeout (10 s), which would
    // drop it (what this test measures is memory, not the timeout).
    let flags = ["--min-bot-delay-ms", "0", "--write-timeout", "120"];
    let mut server = Server::start(&data_dir("replay"), &flags);
    let addr = server.addr;
    let room = create(
        addr,
        json!({"game": "nantais", "players": 7, "options": {"decks": 2}, "seats": vec!["bot:easy"; 7], "bot_delay_ms": 0, "seed": 11}),
    )
    .await;
    let info = until_over(addr, &room, Duration::from_secs(120)).await;
    let actions = info["seq"].as_u64().unwrap();
    assert!(actions > 1000, "a long match: {actions} actions");
    let (before, _) = server.memory_mib();
    let requests: Vec<_> = (0..20)
        .map(|_| {
            let path = format!("/api/rooms/{room}/replay");
            tokio::spawn(async move { http_raw(addr, "GET", &path, None, &[]).await.unwrap() })
        })
        .collect();
    let mut replies = Vec::new();
    for request in requests {
        replies.push(request.await.unwrap());
    }
    let (after, peak) = server.memory_mib();
    let first = &replies[0];
    assert_eq!(first.0, 200);
    assert_eq!(first.1["steps"].as_array().unwrap().len() as u64, actions + 1);
    assert!(replies.iter().all(|r| r == first), "every request gets the same replay");
    // One replay of this match is tens of megabytes of text: built once and shared, the server
    // holds it once, not twenty times (nor twenty trees of it).
    eprintln!("replays: {actions} actions, memory {before} MiB before, {after} MiB after, {peak} MiB at most");
    assert!(peak < before + 400, "20 replays at once took the server from {before} MiB to {peak} MiB");
    server.signal("-TERM");
    assert!(server.ends_within(Duration::from_secs(10)).success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_never_read_are_dropped_and_their_memory_freed() {
    let server = Server::start(&data_dir("slow"), &["--min-bot-delay-ms", "0", "--write-timeout", "2"]);
    let addr = server.addr;
    // A busy room (bots alone, no delay, a long match) watched by spectators who never read.
    let room = create(
        addr,
        json!({"game": "nantais", "players": 7, "options": {"decks": 2, "rounds_to_win": 50}, "seats": vec!["bot:easy"; 7], "bot_delay_ms": 0}),
    )
    .await;
    let mut silent = Vec::new();
    for _ in 0..60 {
        let ws = hello(addr, &room, None).await;
        silent.push(ws);
    }
    // Someone who reads, in another room.
    let other = create(addr, json!({"game": "nurmut", "players": 2, "seats": ["human", "bot:easy"]})).await;
    let (_, joined) = join(addr, &other, "Reader").await;
    let mut reader = hello(addr, &other, joined["token"].as_str()).await;
    next_of(&mut reader, &["snapshot"]).await;
    let start = tokio::time::Instant::now();
    loop {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        // Only the reader is left: every silent spectator was dropped.
        if health["connections"] == json!(1) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "silent clients still held: {health}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (rss, peak) = server.memory_mib();
    eprintln!("silent spectators: dropped after {:?}; memory {rss} MiB, {peak} MiB at most", start.elapsed());
    assert!(peak < 400, "60 silent spectators held {peak} MiB");
    // The reader's room answers as ever.
    reader.send(&json!({"type": "chat", "text": "still here"})).await.unwrap();
    assert_eq!(next_of(&mut reader, &["chat"]).await["text"], json!("still here"));
    drop(silent);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_of_bots_alone_are_limited_and_bots_think_below_people() {
    let server = Server::start(&data_dir("bots"), &["--bot-threads", "2"]);
    let addr = server.addr;
    let five_hard = json!({"game": "gum", "players": 5, "seats": vec!["bot:hard"; 5], "bot_delay_ms": 0});
    let mut opened = 0;
    let mut refused = None;
    for _ in 0..10 {
        let (status, answer) = http(addr, "POST", "/api/rooms", Some(&five_hard)).await.unwrap();
        match status {
            201 => opened += 1,
            _ => {
                refused = Some((status, answer));
                break;
            }
        }
    }
    assert_eq!(opened, 4, "four rooms of bots alone playing at once per client");
    let (status, answer) = refused.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (429, Some("rate_limited")), "{answer}");
    // A room with a person is still opened.
    create(addr, json!({"game": "gum", "players": 2, "seats": ["human", "bot:hard"]})).await;
    // Bots think on their own threads at the lowest priority: below every thread serving people.
    let pid = server.child.id();
    let mut bot_threads = 0;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).unwrap() {
        let task = task.unwrap().path();
        let name = std::fs::read_to_string(task.join("comm")).unwrap_or_default();
        let stat = std::fs::read_to_string(task.join("stat")).unwrap_or_default();
        // The nice value is the 19th field, after the command in parentheses.
        let nice: i64 = stat.rsplit(')').next().unwrap().split_whitespace().nth(16).unwrap().parse().unwrap();
        if name.starts_with("bot-") {
            bot_threads += 1;
            assert_eq!(nice, 19, "{name}");
        } else {
            assert_eq!(nice, 0, "{name}");
        }
    }
    assert_eq!(bot_threads, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_opened_in_bulk_are_refused_and_the_cap_frees_itself() {
    let server = Server::start(&data_dir("rooms"), &["--max-rooms", "20", "--archive-after", "2"]);
    let addr = server.addr;
    let body = json!({"game": "nurmut", "players": 2});
    // 30 at once from one address: as many as the cap but its last twentieth (one room here),
    // kept for clients that hold none; never more.
    let tries: Vec<_> = (0..30)
        .map(|_| {
            let body = body.clone();
            tokio::spawn(async move { http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap() })
        })
        .collect();
    let mut codes = std::collections::BTreeMap::new();
    let mut first = None;
    for t in tries {
        let (status, answer) = t.await.unwrap();
        if status == 201 && first.is_none() {
            first = answer["room"].as_str().map(str::to_string);
        }
        *codes.entry((status, answer["error"]["code"].as_str().unwrap_or("").to_string())).or_insert(0) += 1;
    }
    let expected = [((201, String::new()), 19), ((503, "too_many_rooms".to_string()), 11)];
    assert_eq!(codes, expected.into_iter().collect(), "the cap, never overshot");
    let newcomer = http_from("127.4.0.1".parse().unwrap(), addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(newcomer.0, 201, "the last place is a newcomer's: {}", newcomer.1);
    let again = http_from("127.4.0.1".parse().unwrap(), addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(again.0, 503, "the cap itself: {}", again.1);
    let first = first.unwrap();
    // Rooms nobody touches leave memory: rooms can be opened again, and the old ones are still
    // there, from the store.
    let start = tokio::time::Instant::now();
    loop {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        if health["rooms"] == json!(0) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "idle rooms left memory: {health}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    create(addr, body.clone()).await;
    let (status, info) = http(addr, "GET", &format!("/api/rooms/{first}"), None).await.unwrap();
    assert_eq!((status, info["phase"].as_str()), (200, Some("waiting")), "{info}");
    let (_, joined) = join(addr, &first, "Back").await;
    assert_eq!(joined["seat"], json!(0), "{joined}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_open_rooms_without_end() {
    let server = Server::start(&data_dir("rate"), &[]);
    let addr = server.addr;
    let body = json!({"game": "nurmut", "players": 2});
    let mut opened = 0;
    let mut refused = 0;
    for _ in 0..70 {
        let (status, answer) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
        match status {
            201 => opened += 1,
            _ => {
                assert_eq!((status, answer["error"]["code"].as_str()), (429, Some("rate_limited")), "{answer}");
                refused += 1;
            }
        }
    }
    // A burst of 60, then 20 a minute.
    assert!((60..=62).contains(&opened) && opened + refused == 70, "{opened} opened, {refused} refused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_never_lock_a_seated_person_out() {
    let server = Server::start(&data_dir("spectators"), &[]);
    let addr = server.addr;
    let room = create(addr, json!({"game": "nurmut", "players": 2})).await;
    let (_, alice) = join(addr, &room, "Alice").await;
    let mut crowd = Vec::new();
    for _ in 0..64 {
        let mut ws = hello(addr, &room, None).await;
        next_of(&mut ws, &["snapshot"]).await;
        crowd.push(ws);
    }
    let mut late = hello(addr, &room, None).await;
    let refused = next_of(&mut late, &["error", "snapshot"]).await;
    assert_eq!(refused["code"], json!("room_full"), "{refused}");
    let mut seated = hello(addr, &room, alice["token"].as_str()).await;
    let frame = next_of(&mut seated, &["error", "snapshot"]).await;
    assert_eq!((frame["type"].as_str(), frame["seat"].as_u64()), (Some("snapshot"), Some(0)), "{frame}");
}

/// Reads what the server sends on a raw connection until it closes it (or `within` passes).
fn read_until_closed(stream: &mut TcpStream, within: Duration) -> (String, bool) {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return (String::from_utf8_lossy(&got).into(), true),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return (String::from_utf8_lossy(&got).into(), true);
            }
            Err(_) => return (String::from_utf8_lossy(&got).into(), false),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_slow_and_oversized_requests_are_bounded() {
    let server = Server::start(&data_dir("http"), &["--request-timeout", "2", "--max-connections", "100"]);
    let addr = server.addr;
    // An idle connection, and one whose header never ends, are closed after the timeout.
    let mut idle = TcpStream::connect(addr).unwrap();
    let mut slow = TcpStream::connect(addr).unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
    assert!(read_until_closed(&mut idle, Duration::from_secs(8)).1, "an idle connection is closed");
    assert!(read_until_closed(&mut slow, Duration::from_secs(8)).1, "a header that never ends is closed");
    // A connection kept alive after its answer, and idle since, is closed too.
    let mut kept = TcpStream::connect(addr).unwrap();
    kept.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let (answer, closed) = read_until_closed(&mut kept, Duration::from_secs(8));
    assert!(answer.starts_with("HTTP/1.1 200") && closed, "a kept-alive connection is closed: {answer}");
    // A body that never comes: 408 in JSON.
    let mut body = TcpStream::connect(addr).unwrap();
    body.write_all(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\"")
        .unwrap();
    let (answer, _) = read_until_closed(&mut body, Duration::from_secs(8));
    assert!(answer.starts_with("HTTP/1.1 408") && answer.contains("\"code\":\"timeout\""), "{answer}");
    // Too large, in JSON: a body over 64 KiB, an address over 4 KiB. The body is only a little
    // over, so that it is all sent before the refusal: the server closes without reading the
    // rest, and a client still writing megabytes would meet a broken pipe instead of the answer.
    let big = format!("{{\"game\":\"{}\"}}", "x".repeat(65 << 10));
    let (status, answer) = http_raw(addr, "POST", "/api/rooms", Some(&big), &[]).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (413, Some("too_large")), "{answer}");
    let (status, answer) =
        http_raw(addr, "GET", &format!("/api/rooms/{}", "a".repeat(10_000)), None, &[]).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (414, Some("too_large")), "{answer}");
    // The connection cap counts TCP connections: past it, a JSON refusal, and the server goes on.
    // The connections above are closed, but the server counts one as gone only once its task has
    // seen the close: if one were still counted while the 100 below arrive, the 100th would be
    // refused in its place and the 101st let in (seen once in CI). So wait until the server
    // counts only the health request's own connection, then give that one time to end too.
    let mut counted = None;
    for _ in 0..50 {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        counted = health["tcp"].as_u64();
        if counted == Some(1) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(counted, Some(1), "every earlier connection is closed");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut held = Vec::new();
    for _ in 0..100 {
        held.push(TcpStream::connect(addr).unwrap());
    }
    let mut over = TcpStream::connect(addr).unwrap();
    let (answer, closed) = read_until_closed(&mut over, Duration::from_secs(5));
    assert!(closed && answer.starts_with("HTTP/1.1 503") && answer.contains("too_many_connections"), "{answer}");
    drop(held);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, _) = http(addr, "GET", "/api/health", None).await.unwrap();
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_close_has_a_code_and_a_stop_does_not_wait_for_slow_clients() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let mut server = Server::start(&data_dir("close"), &[]);
    let addr = server.addr;
    let room = create(addr, json!({"game": "nurmut", "players": 2})).await;
    let close_code = |url: String, hello: String| async move {
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        futures_util::SinkExt::send(&mut ws, Message::Text(hello.into())).await.unwrap();
        loop {
            match tokio::time::timeout(Duration::from_secs(20), ws.next()).await.expect("closed in time") {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                _ => return None,
            }
        }
    };
    let url = format!("ws://{addr}/api/rooms/{room}/ws");
    let bad_token = close_code(url.clone(), json!({"type": "hello", "token": "00"}).to_string()).await;
    assert_eq!(bad_token, Some(1008));
    let no_room =
        close_code(format!("ws://{addr}/api/rooms/nosuchroom/ws"), json!({"type": "hello"}).to_string()).await;
    assert_eq!(no_room, Some(1008));
    let (mut ws, _) = tokio_tungstenite::connect_async(url.clone()).await.unwrap();
    futures_util::SinkExt::send(&mut ws, Message::Text(json!({"type": "hello"}).to_string().into())).await.unwrap();
    let huge = format!("{{\"type\":\"chat\",\"text\":\"{}\"}}", "x".repeat(70 * 1024));
    futures_util::SinkExt::send(&mut ws, Message::Text(huge.into())).await.unwrap();
    let mut code = None;
    while let Ok(Some(Ok(message))) = tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
        if let Message::Close(frame) = message {
            code = frame.map(|f| u16::from(f.code));
            break;
        }
    }
    assert_eq!(code, Some(1009), "too large");
    // A spectator, and a client whose request header never ends; SIGTERM: the spectator is told
    // 1001 and the server stops without waiting for the slow client.
    let watching = tokio::spawn(close_code(url, json!({"type": "hello"}).to_string()));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut slow = TcpStream::connect(addr).unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").unwrap();
    server.signal("-TERM");
    let status = server.ends_within(Duration::from_secs(8));
    assert!(status.success(), "a clean stop: {status}");
    assert_eq!(watching.await.unwrap(), Some(1001));
    assert!(server.log().contains("stopped"), "{}", server.log());
}

#[test]
fn a_sigterm_just_after_start_stops_cleanly() {
    let data = data_dir("early");
    std::fs::create_dir_all(&data).unwrap();
    let log = data.with_extension("log");
    let mut child = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(&data)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first line of the log comes once the signals are caught, before the store opens.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let mut rest = String::new();
    let _ = stderr.read_to_string(&mut rest);
    let status = child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_file(&log);
    assert!(status.success(), "stopped, not killed: {status}; log: {first}{rest}");
    assert!(format!("{first}{rest}").contains("stopped"), "{first}{rest}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_that_would_break_the_page_is_cleaned_and_chat_keeps_its_last_lines() {
    let data = data_dir("text");
    let server = Server::start(&data, &[]);
    let addr = server.addr;
    let room = create(addr, json!({"game": "nurmut", "players": 2})).await;
    for name in ["\u{200B}", "\u{200B}\u{2060}\u{FEFF}", " \u{202E} "] {
        let (status, answer) = join(addr, &room, name).await;
        assert_eq!((status, answer["error"]["code"].as_str()), (400, Some("bad_request")), "{name:?}: {answer}");
    }
    let (status, joined) = join(addr, &room, "\u{202E}Eve\u{0}\u{7}").await;
    assert_eq!(status, 200, "{joined}");
    let token = joined["token"].as_str().unwrap().to_string();
    let (_, info) = http(addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!(info["seats"][0]["name"], json!("Eve"));
    let mut eve = hello(addr, &room, Some(&token)).await;
    for (sent, shown) in [
        ("a\u{0}b\u{1b}[31mc", "ab[31mc"),
        ("\u{202E}olleh", "olleh"),
        (&format!("z{}!", "\u{0336}\u{0337}\u{0338}\u{0335}".repeat(25)), "z\u{0336}\u{0337}\u{0338}!"),
    ] {
        eve.send(&json!({"type": "chat", "text": sent})).await.unwrap();
        assert_eq!(next_of(&mut eve, &["chat"]).await["text"], json!(shown));
    }
    eve.send(&json!({"type": "chat", "text": "\u{200B}\u{200B}"})).await.unwrap();
    assert_eq!(next_of(&mut eve, &["error"]).await["code"], json!("bad_request"));
    for i in 0..150 {
        eve.send(&json!({"type": "chat", "text": format!("line {i}")})).await.unwrap();
    }
    loop {
        if next_of(&mut eve, &["chat"]).await["text"] == json!("line 149") {
            break;
        }
    }
    let db = rusqlite::Connection::open(data.join("tapis.sqlite3")).unwrap();
    let kept: i64 = db.query_row("SELECT COUNT(*) FROM chat WHERE room = ?1", [&room], |r| r.get(0)).unwrap();
    assert_eq!(kept, 100, "the store keeps a room's last 100 lines");
    let mut again = hello(addr, &room, None).await;
    next_of(&mut again, &["snapshot"]).await;
    let first = next_of(&mut again, &["chat"]).await;
    assert_eq!(first["text"], json!("line 50"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_stored_action_is_told_and_never_logged() {
    let data = data_dir("corrupt");
    let server = Server::start(&data, &[]);
    let addr = server.addr;
    let room =
        create(addr, json!({"game": "nurmut", "players": 2, "seats": ["human", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, joined) = join(addr, &room, "Ann").await;
    let mut ann = hello(addr, &room, joined["token"].as_str()).await;
    let mut frame = next_of(&mut ann, &["snapshot"]).await;
    while frame["seq"].as_u64().unwrap() < 4 {
        let legal = frame["legal"].as_array().cloned().unwrap_or_default();
        if let Some(action) = legal.first() {
            ann.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
        }
        frame = next_of(&mut ann, &["update"]).await;
    }
    drop(ann);
    let path = server.kill_keeping_data();
    let db = rusqlite::Connection::open(path.join("tapis.sqlite3")).unwrap();
    db.execute("UPDATE actions SET action = 'play SECRETCARD' WHERE room = ?1 AND seq = 2", [&room]).unwrap();
    drop(db);
    let server = Server::start(&path, &[]);
    let (status, answer) = http(server.addr, "GET", &format!("/api/rooms/{room}"), None).await.unwrap();
    assert_eq!((status, answer["error"]["code"].as_str()), (500, Some("damaged_room")), "{answer}");
    let log = server.log_once_it_holds("cannot be rebuilt");
    assert!(log.contains(&room) && log.contains("cannot be rebuilt"), "{log}");
    assert!(!log.contains("SECRETCARD"), "no stored action in the log: {log}");
}

#[test]
fn an_unwritable_data_folder_is_named() {
    let file = data_dir("unwritable");
    std::fs::write(&file, b"a file, not a folder").unwrap();
    let out = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(file.join("data"))
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains(&file.join("data").display().to_string()), "{said}");
}

/// A person at a room of Nur Mut with an easy bot plays `moves` of their legal moves, each
/// answered within 20 s (the bot's moves come between them).
async fn plays(addr: SocketAddr, moves: usize) {
    let room =
        create(addr, json!({"game": "nurmut", "players": 2, "seats": ["human", "bot:easy"], "bot_delay_ms": 0})).await;
    let (_, joined) = join(addr, &room, "Ann").await;
    let mut ann = hello(addr, &room, joined["token"].as_str()).await;
    let mut frame = next_of(&mut ann, &["snapshot"]).await;
    let mut played = 0;
    while played < moves {
        if frame["status"]["over"] == json!(true) {
            ann.send(&json!({"type": "rematch"})).await.unwrap();
        } else if let Some(action) = frame["legal"].as_array().and_then(|legal| legal.first()) {
            ann.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
            played += 1;
        }
        frame = next_of(&mut ann, &["update", "snapshot"]).await;
    }
}

/// `count` rooms opened, eight at a time: as many lines in the log.
async fn open_rooms(addr: SocketAddr, count: usize) {
    let body = json!({"game": "nurmut", "players": 2});
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            for _ in 0..count / 8 {
                let (status, answer) = http(addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
                assert_eq!(status, 201, "{answer}");
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rooms_play_on_when_the_log_cannot_be_written() {
    // stderr on a full device, on a pipe whose reader is gone, on a pipe nobody reads. 2,000
    // rooms opened write 2,000 lines: more than a pipe (64 KiB) and the log's queue (1,024
    // lines) hold.
    for end in ["full", "closed", "blocked"] {
        let data = data_dir(&format!("log-{end}"));
        std::fs::create_dir_all(&data).unwrap();
        let stderr = match end {
            "full" => Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap()),
            _ => Stdio::piped(),
        };
        let (mut child, addr) = common::serve(&binary(), &data, &["--rooms-per-minute", "0"], "info", stderr);
        let pipe = child.stderr.take();
        if end == "closed" {
            drop(pipe);
        }
        let server = Server { child, addr, log: data.with_extension("log"), data, remove: true };
        open_rooms(addr, 2000).await;
        plays(addr, 30).await;
        let (status, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        assert_eq!((status, health["status"].as_str()), (200, Some("ok")), "{end}: {health}");
        // Full or closed: (nearly) every line is lost. Blocked: the pipe takes about 600 lines,
        // the queue 1,024, the rest are dropped.
        let log = &health["log"];
        let counted = match end {
            "blocked" => log["dropped"].as_u64().unwrap() >= 200,
            _ => log["lost"].as_u64().unwrap() >= 2000,
        };
        assert!(counted, "stderr {end}: {log}");
        eprintln!("stderr {end}: rooms played on; the log {log}");
        drop(server);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_json_log_is_one_object_a_line_without_a_secret() {
    let data = data_dir("json-log");
    let mut server = Server::start(&data, &["--log-format", "json"]);
    let addr = server.addr;
    let seed = 918_273_645_546_372_819_u64;
    let room = create(addr, json!({"game": "nantais", "players": 2, "seed": seed})).await;
    let (_, alice) = join(addr, &room, "Alice").await;
    let (_, bob) = join(addr, &room, "Bob").await;
    let tokens = [alice["token"].as_str().unwrap().to_string(), bob["token"].as_str().unwrap().to_string()];
    let mut players = Vec::new();
    for token in &tokens {
        let mut ws = hello(addr, &room, Some(token)).await;
        let frame = next_of(&mut ws, &["snapshot"]).await;
        players.push((ws, frame));
    }
    // Twelve moves, each by whoever may act; the cards played are remembered.
    let mut played = Vec::new();
    for _ in 0..12 {
        let Some(i) = players.iter().position(|(_, f)| f["legal"].as_array().is_some_and(|l| !l.is_empty())) else {
            break;
        };
        let action = players[i].1["legal"][0].clone();
        let seq = players[i].1["seq"].clone();
        players[i].0.send(&json!({"type": "act", "seq": seq, "action": action})).await.unwrap();
        played.extend(action.as_str().unwrap().strip_prefix("play ").map(|card| format!("play {card}")));
        for (ws, frame) in &mut players {
            *frame = next_of(ws, &["update"]).await;
        }
    }
    assert!(!played.is_empty(), "cards were played");
    drop(players);
    server.signal("-TERM");
    assert!(server.ends_within(Duration::from_secs(10)).success());
    let log = server.log();
    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")))
        .collect();
    for line in &lines {
        for field in ["timestamp", "level", "message", "target"] {
            assert!(line[field].is_string(), "{field} in {line}");
        }
    }
    let said = |message: &str| lines.iter().any(|l| l["message"] == json!(message) && l["room"] == json!(room));
    assert!(said("room opened") && said("match started"), "{log}");
    assert!(lines.iter().any(|l| l["message"] == json!("stopped")), "{log}");
    for secret in tokens.iter().cloned().chain([seed.to_string()]).chain(played) {
        assert!(!log.contains(&secret), "{secret:?} in the log: {log}");
    }
}

/// A TCP connection to `addr` from the local address `source` (any of 127.0.0.0/8 on the
/// loopback: the server sees another client), with a small receive buffer: a client that reads
/// nothing takes little of the machine's memory.
async fn connect_from(source: &str, addr: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.set_recv_buffer_size(8 * 1024)?;
    socket.bind(SocketAddr::new(source.parse().unwrap(), 0))?;
    socket.connect(addr).await
}

/// What the server sent on `stream` within `within`, up to 4 KiB.
async fn first_bytes(stream: &mut tokio::net::TcpStream, within: Duration) -> String {
    use tokio::io::AsyncReadExt;
    let mut buffer = vec![0u8; 4096];
    match tokio::time::timeout(within, stream.read(&mut buffer)).await {
        Ok(Ok(n)) => String::from_utf8_lossy(&buffer[..n]).into_owned(),
        _ => String::new(),
    }
}

/// A WebSocket opened by hand to `path`, its handshake read: frames are then written raw.
async fn raw_websocket(addr: SocketAddr, path: &str) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        assert_eq!(stream.read(&mut byte).await.unwrap(), 1, "the handshake's answer");
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&head));
    stream
}

/// A client's frame: FIN, `opcode`, masked (or not) with a zero mask, its length as written.
fn frame(opcode: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    let mask = if masked { 0x80 } else { 0 };
    let mut out = vec![0x80 | opcode];
    match payload.len() {
        n if n < 126 => out.push(mask | n as u8),
        n if n < 65_536 => {
            out.push(mask | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(mask | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    if masked {
        out.extend_from_slice(&[0; 4]);
    }
    out.extend_from_slice(payload);
    out
}

/// The frames the server sends until it closes (or 10 s pass): the error frames' codes, and the
/// close frame's code.
async fn until_close(stream: &mut tokio::net::TcpStream) -> (Vec<String>, Option<u16>) {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(Ok(n)) = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buffer[..n]);
    }
    let (mut errors, mut closed, mut at) = (Vec::new(), None, 0);
    while at + 2 <= got.len() {
        let (opcode, mut length, mut start) = (got[at] & 0x0f, (got[at + 1] & 0x7f) as usize, at + 2);
        if length == 126 {
            length = u16::from_be_bytes([got[at + 2], got[at + 3]]) as usize;
            start += 2;
        }
        let payload = &got[start..(start + length).min(got.len())];
        match opcode {
            1 => errors.extend(
                serde_json::from_slice::<Value>(payload).ok().and_then(|f| f["code"].as_str().map(String::from)),
            ),
            8 if payload.len() >= 2 => closed = Some(u16::from_be_bytes([payload[0], payload[1]])),
            _ => {}
        }
        at = start + length;
    }
    (errors, closed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frames_too_large_or_broken_are_cut_with_their_close_code() {
    use tokio::io::AsyncWriteExt;
    let server = Server::start(&data_dir("frames"), &[]);
    let addr = server.addr;
    // 60 connections to a room that does not exist, each declaring a 16 MiB text frame before
    // `hello`, then sending 15 MiB of it: each is cut at the frame's header (`too_large`, 1009),
    // and the server's memory hardly moves.
    let (before, _) = server.memory_mib();
    let floods: Vec<_> = (0..60)
        .map(|_| {
            tokio::spawn(async move {
                let mut socket = raw_websocket(addr, "/api/rooms/abcdefghjkmnpqrs/ws").await;
                let mut header = vec![0x81, 0xff];
                header.extend_from_slice(&(16u64 << 20).to_be_bytes());
                header.extend_from_slice(&[0; 4]);
                socket.write_all(&header).await.unwrap();
                let megabyte = vec![b'x'; 1 << 20];
                for _ in 0..15 {
                    if socket.write_all(&megabyte).await.is_err() {
                        break;
                    }
                }
                until_close(&mut socket).await
            })
        })
        .collect();
    let mut peak = before;
    let mut answers = Vec::new();
    for flood in floods {
        while !flood.is_finished() {
            peak = peak.max(server.memory_mib().0);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        answers.push(flood.await.unwrap());
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (after, high_water) = server.memory_mib();
    common::report(&format!(
        "60 frames of 16 MiB: memory {before} MiB before, {peak} MiB at most ({high_water} MiB high-water), {after} MiB after"
    ));
    assert!(answers.iter().all(|a| *a == (vec!["too_large".to_string()], Some(1009))), "{answers:?}");
    assert!(high_water < before + 32, "the flood took the server from {before} MiB to {high_water} MiB");
    assert!(after < before + 16, "memory stayed at {after} MiB after the flood ({before} MiB before)");
    // Frames that break the protocol after `hello`, each with the close code the protocol names.
    let room = create(addr, json!({"game": "nurmut", "players": 2})).await;
    let path = format!("/api/rooms/{room}/ws");
    let hello = frame(1, br#"{"type":"hello"}"#, true);
    let cases: [(&str, Vec<u8>, &str, u16); 5] = [
        ("invalid UTF-8", frame(1, b"\xff\xfe", true), "bad_request", 1007),
        ("an unmasked frame", frame(1, b"{}", false), "bad_request", 1002),
        ("opcode 3", frame(3, b"xx", true), "bad_request", 1002),
        ("a ping of 126 bytes", frame(9, &[0; 126], true), "bad_request", 1002),
        ("a frame over 64 KiB", frame(1, &vec![b' '; 65 * 1024], true), "too_large", 1009),
    ];
    for (what, bad, code, close) in cases {
        let mut socket = raw_websocket(addr, &path).await;
        socket.write_all(&hello).await.unwrap();
        socket.write_all(&bad).await.unwrap();
        let (errors, closed) = until_close(&mut socket).await;
        assert_eq!((errors.last().map(String::as_str), closed), (Some(code), Some(close)), "{what}: {errors:?}");
    }
    // Before `hello` too.
    let mut socket = raw_websocket(addr, &path).await;
    socket.write_all(&frame(1, b"\xff", true)).await.unwrap();
    assert_eq!(until_close(&mut socket).await, (vec!["bad_request".to_string()], Some(1007)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_the_connections_of_everyone() {
    use tokio::io::AsyncWriteExt;
    let flags = ["--max-connections", "300", "--write-timeout", "3", "--min-bot-delay-ms", "0"];
    let server = Server::start(&data_dir("connections"), &flags);
    let addr = server.addr;
    // A finished match whose replay (25 MB) fills any socket's buffers.
    let seven = json!({"game": "nantais", "players": 7, "options": {"decks": 2}, "seats": vec!["bot:easy"; 7], "bot_delay_ms": 0, "seed": 11});
    let room = create(addr, seven).await;
    until_over(addr, &room, Duration::from_secs(120)).await;
    let (status, _) = http(addr, "GET", &format!("/api/rooms/{room}/replay"), None).await.unwrap();
    assert_eq!(status, 200);
    // 320 connections from one address ask for the replay and never read it.
    let request = format!("GET /api/rooms/{room}/replay HTTP/1.1\r\nHost: x\r\n\r\n");
    let mut unread = Vec::new();
    for _ in 0..320 {
        let mut stream = connect_from("127.0.0.2", addr).await.unwrap();
        let _ = stream.write_all(request.as_bytes()).await;
        unread.push(stream);
    }
    // Another client is served meanwhile; the address holds 256 connections at most.
    let (status, health) = http_from("127.0.0.3".parse().unwrap(), addr, "GET", "/api/health", None).await.unwrap();
    assert_eq!(status, 200, "{health}");
    assert!(health["tcp"].as_u64().unwrap() <= 257, "256 connections per address: {health}");
    let mut answers = std::collections::BTreeMap::new();
    for stream in &mut unread {
        let answer = first_bytes(stream, Duration::from_secs(5)).await;
        let status = answer.get(..12).unwrap_or("none").to_string();
        *answers.entry(status).or_insert(0) += 1;
    }
    let (rss, _) = server.memory_mib();
    common::report(&format!(
        "320 unread replays from one address: {answers:?}; the server held {} connections, {rss} MiB",
        health["tcp"]
    ));
    // The refused are answered 429 (an unread replay that timed out meanwhile makes room for
    // one more).
    assert!(answers.get("HTTP/1.1 429") >= Some(&32), "{answers:?}");
    let (status, created) = http_from(
        "127.0.0.3".parse().unwrap(),
        addr,
        "POST",
        "/api/rooms",
        Some(&json!({"game": "nurmut", "players": 2})),
    )
    .await
    .unwrap();
    assert_eq!(status, 201, "{created}");
    // The replays nobody reads are dropped after the write timeout (3 s), their memory freed.
    let start = tokio::time::Instant::now();
    loop {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        if health["tcp"].as_u64() <= Some(1) {
            common::report(&format!("unread replays dropped within {:?}", start.elapsed()));
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(15), "unread replays still held: {health}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    drop(unread);
    // Idle connections: one address takes its 256, a second what is left before the last
    // tenth (kept for addresses holding fewer than 4), and a newcomer is still served.
    let mut idle = Vec::new();
    for (source, tries) in [("127.0.0.4", 1300), ("127.0.0.5", 100)] {
        for _ in 0..tries {
            idle.push(connect_from(source, addr).await.unwrap());
        }
    }
    let (_, health) = http_from("127.0.0.6".parse().unwrap(), addr, "GET", "/api/health", None).await.unwrap();
    common::report(&format!("1,400 idle connections from two addresses: the server holds {}", health["tcp"]));
    // 256 + 14 + this request (a connection or two of the earlier requests may not be counted
    // out yet).
    let held = health["tcp"].as_u64().unwrap();
    assert!((266..=272).contains(&held), "{health}");
    let (status, _) = http_from("127.0.0.6".parse().unwrap(), addr, "GET", "/", None).await.unwrap();
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creation_flood_leaves_room_for_newcomers_and_memory_in_seconds() {
    // Rooms nobody joins leave memory after 10 s here (15 s by default): more than the flood
    // takes, so that the counts below are exact.
    let server = Server::start(&data_dir("creation"), &["--max-rooms", "400", "--unjoined-after", "10"]);
    let addr = server.addr;
    let body = json!({"game": "nurmut", "players": 2});
    let from = |ip: String| {
        let body = body.clone();
        async move { http_from(ip.parse().unwrap(), addr, "POST", "/api/rooms", Some(&body)).await.unwrap() }
    };
    // The attack of the issue: 335 addresses (here two /24 blocks of the loopback) each open
    // rooms until refused. A block opens four times what an address may (240 at once), and the
    // cap (400 here) keeps its last twentieth for blocks that hold no room.
    let mut answers = std::collections::BTreeMap::new();
    for i in 0..335 {
        loop {
            let (status, answer) = from(format!("127.3.{}.{}", i / 200, i % 200 + 1)).await;
            *answers.entry((status, answer["error"]["code"].as_str().unwrap_or("").to_string())).or_insert(0) += 1;
            if status != 201 {
                break;
            }
        }
    }
    let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
    let (rss, _) = server.memory_mib();
    common::report(&format!(
        "creation flood from 335 addresses: {answers:?}; health {}, {rss} MiB",
        health["degraded"]
    ));
    assert_eq!(answers.get(&(201, String::new())), Some(&380), "{answers:?}");
    assert_eq!(health["rooms"], json!(380), "{health}");
    assert_eq!((health["status"].as_str(), health["degraded"].clone()), (Some("degraded"), json!(["room_cap"])));
    // A newcomer, from a block that holds none, opens a room.
    let (status, created) = from("127.9.9.9".to_string()).await;
    assert_eq!(status, 201, "{created}");
    // Rooms nobody joined leave memory within seconds (10 here), not after
    // --archive-after (600 s): the cap frees itself, and they are still there when asked for.
    let start = tokio::time::Instant::now();
    loop {
        let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
        if health["rooms"] == json!(0) {
            assert_eq!(health["status"], json!("ok"), "{health}");
            common::report(&format!("unjoined rooms left memory within {:?}", start.elapsed()));
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "unjoined rooms still held: {health}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let room = created["room"].as_str().unwrap();
    let (_, joined) = join(addr, room, "Newcomer").await;
    assert_eq!(joined["seat"], json!(0), "{joined}");
}

/// Milliseconds from each update a person saw to the next one, when the next one is a medium
/// bot's move: `moves` of them, the person playing their first legal move whenever it is theirs.
async fn bot_answers(addr: SocketAddr, source: &str, moves: usize) -> Vec<u64> {
    let source: std::net::IpAddr = source.parse().unwrap();
    let body = json!({"game": "nurmut", "players": 2, "seats": ["human", "bot:medium"], "bot_delay_ms": 0});
    let (status, created) = http_from(source, addr, "POST", "/api/rooms", Some(&body)).await.unwrap();
    assert_eq!(status, 201, "{created}");
    let room = created["room"].as_str().unwrap().to_string();
    let join = json!({"name": "Victime"});
    let (_, joined) = http_from(source, addr, "POST", &format!("/api/rooms/{room}/join"), Some(&join)).await.unwrap();
    let mut ws = Ws::connect_from(source, addr, &room).await.unwrap();
    ws.send(&json!({"type": "hello", "token": joined["token"]})).await.unwrap();
    let mut frame = next_of(&mut ws, &["snapshot"]).await;
    let mut seen = tokio::time::Instant::now();
    let mut answers = Vec::new();
    while answers.len() < moves {
        if frame["status"]["over"] == json!(true) {
            ws.send(&json!({"type": "rematch"})).await.unwrap();
        } else if let Some(action) = frame["legal"].as_array().and_then(|legal| legal.first()) {
            ws.send(&json!({"type": "act", "seq": frame["seq"], "action": action})).await.unwrap();
        }
        let mine = frame["legal"].as_array().is_some_and(|legal| !legal.is_empty());
        frame = next_of(&mut ws, &["update", "snapshot"]).await;
        if !mine && frame["type"] == json!("update") {
            answers.push(seen.elapsed().as_millis() as u64);
        }
        seen = tokio::time::Instant::now();
    }
    answers
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_blocks_bots_never_keep_another_addresss_bot_waiting() {
    let server = Server::start(&data_dir("fair"), &["--bot-threads", "2"]);
    let addr = server.addr;
    let (calm, _) = {
        let mut answers = bot_answers(addr, "127.1.0.1", 20).await;
        answers.sort_unstable();
        (answers[answers.len() * 9 / 10], answers)
    };
    // The attack of the issue, from 127.0.0.0/24: one address opens 53 rooms of one person
    // (who lets the turn clock play) and four hard bots at no delay; 41 others open 4 rooms
    // of five hard bots each.
    let person_and_four = json!({"game": "gum", "players": 5, "seats": ["human", "bot:hard", "bot:hard", "bot:hard", "bot:hard"], "bot_delay_ms": 0, "turn_clock_ms": 1000});
    let five = json!({"game": "gum", "players": 5, "seats": vec!["bot:hard"; 5], "bot_delay_ms": 0});
    let flooder: std::net::IpAddr = "127.0.0.10".parse().unwrap();
    for _ in 0..53 {
        let (status, created) = http_from(flooder, addr, "POST", "/api/rooms", Some(&person_and_four)).await.unwrap();
        assert_eq!(status, 201, "{created}");
        let path = format!("/api/rooms/{}/join", created["room"].as_str().unwrap());
        let (status, joined) = http_from(flooder, addr, "POST", &path, Some(&json!({"name": "Flood"}))).await.unwrap();
        assert_eq!(status, 200, "{joined}");
    }
    let mut bot_rooms = 0;
    for i in 2..=42 {
        for _ in 0..4 {
            let source = format!("127.0.0.{i}").parse().unwrap();
            let (status, _) = http_from(source, addr, "POST", "/api/rooms", Some(&five)).await.unwrap();
            bot_rooms += usize::from(status == 201);
        }
    }
    // The block's bots take a thread of two, whatever they ask.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut answers = bot_answers(addr, "127.1.0.2", 40).await;
    answers.sort_unstable();
    let (p90, worst) = (answers[answers.len() * 9 / 10], answers[answers.len() - 1]);
    let (_, health) = http(addr, "GET", "/api/health", None).await.unwrap();
    common::report(&format!(
        "bot flood ({bot_rooms} rooms of bots alone, 53 rooms of four hard bots): another address's medium bot answers in {p90} ms at p90, {worst} ms at most ({calm} ms at p90 before the flood); {} rooms",
        health["rooms"]
    ));
    // The bound: 250 ms at p90, one second at most (a hard search of the block running on the
    // other core, a commit, the machine's own load); the issue measured 4.2 s and 4.7 s.
    assert!(p90 <= 250 && worst <= 1000, "p90 {p90} ms, at most {worst} ms: {answers:?}");
}
