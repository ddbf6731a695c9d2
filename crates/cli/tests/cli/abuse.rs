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
use tapis_client::{Ws, http, http_raw};

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
    // The longest matches there are: seven easy bots, two decks, no delay.
    let mut server = Server::start(&data_dir("replay"), &["--min-bot-delay-ms", "0"]);
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
    // 30 at once: exactly as many as the cap, never more.
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
    let expected = [((201, String::new()), 20), ((503, "too_many_rooms".to_string()), 10)];
    assert_eq!(codes, expected.into_iter().collect(), "the cap, never overshot");
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
    let log = server.log();
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
