//! `tapis loadtest`: opens rooms on a running `tapis serve`, seats a WebSocket client at every
//! seat, and has every client play a random legal move as soon as it may (and ask for a rematch
//! when a match ends). It reports acknowledged moves per second, the latency from sending a move
//! to hearing its update (p50, p99, max), the moves refused (races lost, stale), and the
//! server's memory from `/api/health`.
//!
//! Given several addresses (the nodes of one cluster, `tapis serve --store postgres://… --nats
//! …`), it opens the rooms on each in turn and connects each room's clients to the nodes in turn
//! from the room's own, so that most clients are served through another node's relay.
//!
//! With `rate` above 0, each room is paced to `rate / rooms` moves per second: a client that may
//! act waits for its room's next slot. Without it the load is closed: each room has one move in
//! flight, so at saturation the latency is the number of rooms divided by the throughput
//! (Little's law) and says how full the server is rather than how fast it answers.

use anyhow::{Context, Result, anyhow, bail};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tapis_client::{Ws, http};
use tapis_core::GameRng;

pub struct LoadConfig {
    /// The nodes, at least one: rooms and clients are spread over them.
    pub addrs: Vec<SocketAddr>,
    pub game: String,
    pub rooms: usize,
    pub clients: usize,
    pub seconds: f64,
    pub seed: u64,
    /// Moves per second over all rooms; 0 for as fast as acknowledgements come.
    pub rate: u64,
    /// The servers' processes, on this machine: their CPU time over the run is read from `/proc`.
    pub server_pids: Vec<u32>,
}

#[derive(Debug)]
pub struct LoadReport {
    pub rooms: usize,
    pub clients: usize,
    pub seconds: f64,
    pub acknowledged: u64,
    /// Matches played to their end (each room then asks for a rematch).
    pub matches: u64,
    pub refused: u64,
    /// Microseconds, sorted.
    pub latencies: Vec<u64>,
    /// The servers' memory, added up.
    pub memory_kib: Option<u64>,
    /// The servers' CPU time (user and system) over the timed part of the run, in seconds.
    pub server_cpu: Option<f64>,
}

/// The CPU time so far of every process of `pids`, added up; `None` without any, or if one cannot
/// be read.
fn cpu_of(pids: &[u32]) -> Option<f64> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|pid| cpu_seconds(*pid)).sum()
}

/// A process's CPU time so far (user and system), in seconds, from `/proc/PID/stat`.
pub fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command in parentheses: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / rustix::param::clock_ticks_per_second() as f64)
}

impl LoadReport {
    pub fn percentile(&self, p: f64) -> f64 {
        if self.latencies.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies.len() - 1) as f64 * p).round() as usize;
        self.latencies[i] as f64 / 1000.0
    }
}

struct Shared {
    stop: AtomicBool,
    acknowledged: AtomicU64,
    matches: AtomicU64,
    refused: AtomicU64,
}

pub async fn run(config: LoadConfig) -> Result<LoadReport> {
    if config.rooms == 0 || config.clients == 0 || config.addrs.is_empty() {
        bail!("--rooms, --clients and --addr are at least 1");
    }
    let nodes = config.addrs.len();
    let shared = Arc::new(Shared {
        stop: AtomicBool::new(false),
        acknowledged: AtomicU64::new(0),
        matches: AtomicU64::new(0),
        refused: AtomicU64::new(0),
    });
    // Open every room and take every seat first, then start everyone at once.
    let mut seats = Vec::new();
    let period = (config.rate > 0).then(|| Duration::from_secs_f64(config.rooms as f64 / config.rate as f64));
    for r in 0..config.rooms {
        // Rooms are spread over the period, as people in different rooms do not move in step.
        let pace = period.map(|period| {
            let phase = period.mul_f64(r as f64 / config.rooms as f64);
            Arc::new(Pace { period, phase, next: std::sync::Mutex::new(None) })
        });
        let body = json!({"game": config.game, "players": config.clients, "bot_delay_ms": 0});
        let owner = config.addrs[r % nodes];
        let (status, created) = http(owner, "POST", "/api/rooms", Some(&body))
            .await
            .with_context(|| format!("cannot open a room on {owner} (is `tapis serve` running there?)"))?;
        if status != 201 {
            bail!("the server refused a room: {created}");
        }
        let room = created["room"].as_str().ok_or_else(|| anyhow!("no room code"))?.to_string();
        for i in 0..config.clients {
            let addr = config.addrs[(r + i) % nodes];
            let (status, joined) =
                http(addr, "POST", &format!("/api/rooms/{room}/join"), Some(&json!({"name": format!("load {i}")})))
                    .await?;
            if status != 200 {
                bail!("the server refused a seat: {joined}");
            }
            let token = joined["token"].as_str().unwrap_or_default().to_string();
            seats.push((addr, room.clone(), i, token, pace.clone()));
        }
    }
    let cpu_before = cpu_of(&config.server_pids);
    #[allow(clippy::disallowed_methods)] // a load test measures time, outside the engine
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (index, (addr, room, seat, token, pace)) in seats.into_iter().enumerate() {
        let shared = shared.clone();
        let seed = tapis_core::rng::game_seed(config.seed, index as u64);
        tasks.push(tokio::spawn(async move { client(addr, room, seat, token, seed, pace, shared).await }));
    }
    tokio::time::sleep(Duration::from_secs_f64(config.seconds)).await;
    shared.stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let server_cpu = match (cpu_before, cpu_of(&config.server_pids)) {
        (Some(before), Some(after)) => Some(after - before),
        _ => None,
    };
    let acknowledged = shared.acknowledged.load(Ordering::Relaxed);
    let mut latencies = Vec::new();
    for task in tasks {
        if let Ok(Ok(mut l)) = task.await {
            latencies.append(&mut l);
        }
    }
    latencies.sort_unstable();
    let mut memory_kib = Some(0);
    for addr in &config.addrs {
        let (_, health) = http(*addr, "GET", "/api/health", None).await?;
        memory_kib = memory_kib.zip(health["memory_kib"].as_u64()).map(|(sum, kib)| sum + kib);
    }
    Ok(LoadReport {
        rooms: config.rooms,
        clients: config.clients,
        seconds,
        acknowledged,
        matches: shared.matches.load(Ordering::Relaxed),
        refused: shared.refused.load(Ordering::Relaxed),
        latencies,
        memory_kib,
        server_cpu,
    })
}

/// A room's pace: the time its next move may be sent, shared by its clients.
struct Pace {
    period: Duration,
    /// Where in the period the room's first move falls.
    phase: Duration,
    next: std::sync::Mutex<Option<Instant>>,
}

impl Pace {
    /// Takes the room's next slot and returns it (never in the past).
    fn slot(&self, now: Instant) -> Instant {
        let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
        let slot = next.map_or(now + self.phase, |n| n.max(now));
        *next = Some(slot + self.period);
        slot
    }
}

/// What a client reads of a frame: the rest (the view above all) is skipped unparsed.
#[derive(Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seq: u64,
    #[serde(default)]
    legal: Vec<String>,
    #[serde(default)]
    status: Option<FrameStatus>,
    #[serde(default, rename = "view")]
    _view: IgnoredAny,
}

#[derive(Deserialize)]
struct FrameStatus {
    over: bool,
}

/// One seat: hello, then a random legal move whenever it may act. Seat 0 counts the room's
/// acknowledged moves and asks for rematches.
async fn client(
    addr: SocketAddr,
    room: String,
    seat: usize,
    token: String,
    seed: u64,
    pace: Option<Arc<Pace>>,
    shared: Arc<Shared>,
) -> Result<Vec<u64>> {
    let mut ws = Ws::connect(addr, &room).await?;
    ws.send(&json!({"type": "hello", "token": token})).await?;
    let mut rng = GameRng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let mut sent: Option<(u64, Instant)> = None;
    while !shared.stop.load(Ordering::Relaxed) {
        let text = match tokio::time::timeout(Duration::from_millis(200), ws.next_text()).await {
            Ok(Some(text)) => text,
            Ok(None) => break,
            Err(_) => continue,
        };
        let Ok(frame) = serde_json::from_str::<Frame>(&text) else { continue };
        match frame.kind.as_str() {
            "snapshot" | "update" => {
                if frame.kind == "update" && seat == 0 {
                    shared.acknowledged.fetch_add(1, Ordering::Relaxed);
                }
                if let Some((at_seq, at)) = sent
                    && frame.seq > at_seq
                {
                    latencies.push(at.elapsed().as_micros() as u64);
                    sent = None;
                }
                if frame.status.is_some_and(|s| s.over) {
                    if seat == 0 && frame.kind == "update" {
                        shared.matches.fetch_add(1, Ordering::Relaxed);
                        ws.send(&json!({"type": "rematch"})).await?;
                    }
                    continue;
                }
                if !frame.legal.is_empty() && sent.is_none() {
                    let action = &frame.legal[rng.index(frame.legal.len())];
                    if let Some(pace) = &pace {
                        #[allow(clippy::disallowed_methods)] // pacing is outside the engine
                        let slot = pace.slot(Instant::now());
                        tokio::time::sleep_until(slot.into()).await;
                    }
                    #[allow(clippy::disallowed_methods)] // latency is measured, outside the engine
                    let now = Instant::now();
                    sent = Some((frame.seq, now));
                    ws.send(&json!({"type": "act", "seq": frame.seq, "action": action})).await?;
                }
            }
            "error" => {
                shared.refused.fetch_add(1, Ordering::Relaxed);
                sent = None;
            }
            _ => {}
        }
    }
    ws.close().await;
    Ok(latencies)
}
