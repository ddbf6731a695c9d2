//! `/metrics` in Prometheus's text format (version 0.0.4), on an address of its own
//! (`tapis serve --metrics-addr HOST:PORT`), never on the public one: what a scraper may read is
//! kept off the port the world reaches, and nothing in it names a room, a person, a card or a token.
//!
//! Counters and histograms are the process's ([`METRICS`]: one server per process, as
//! Prometheus counts a process); gauges are read from the server when scraped. What is measured:
//! - moves: `tapis_moves_total`, and each store write's commit latency as the room waits for it
//!   (`tapis_store_commit_seconds`, by kind of write: the group commit's queue and its disk flush);
//! - the store: writes refused (`tapis_store_failures_total`) and whether commits go through;
//! - rooms: in memory, opened since start, leases held in a shared store;
//! - connections: WebSockets and TCP connections open;
//! - bots: jobs waiting for a thread and each search's time (`tapis_bot_search_seconds`);
//! - the relay between nodes: NATS bytes and messages each way;
//! - HTTPS: the certificate's expiry (alert on it: renewal failing shows there first) and
//!   certificates obtained and failed to obtain.
//!
//! The exposition is written by hand (a few dozen lines): the format is small and stable, and
//! the test reads it back with a real parser of the format.

use crate::Server;
use crate::store::{LoadedMatch, LoadedRoom, Store, StoreFuture, StoreHealth, Write};
use std::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// A histogram with fixed bucket bounds in seconds; the sum kept in nanoseconds.
pub struct Histogram {
    bounds: &'static [f64],
    /// One count per bound, and one past the last (`+Inf`); not cumulative.
    counts: [AtomicU64; 16],
    sum_nanos: AtomicU64,
}

/// Commit latencies: a group commit flushes to disk in about a millisecond on an SSD.
const COMMIT_BOUNDS: &[f64] = &[0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];
/// Bot searches: from a random bot's microseconds to a hard bot's seconds.
const SEARCH_BOUNDS: &[f64] = &[0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

impl Histogram {
    const fn new(bounds: &'static [f64]) -> Histogram {
        Histogram { bounds, counts: [const { AtomicU64::new(0) }; 16], sum_nanos: AtomicU64::new(0) }
    }

    pub fn observe(&self, took: Duration) {
        let seconds = took.as_secs_f64();
        let at = self.bounds.iter().position(|&b| seconds <= b).unwrap_or(self.bounds.len());
        self.counts[at].fetch_add(1, Ordering::Relaxed);
        self.sum_nanos.fetch_add(took.as_nanos().min(u64::MAX as u128) as u64, Ordering::Relaxed);
    }

    /// The series of one histogram (`labels` as `key="value"`, or empty).
    fn write(&self, out: &mut String, name: &str, labels: &str) {
        let mut cumulative = 0;
        let comma = if labels.is_empty() { "" } else { "," };
        for (i, bound) in self.bounds.iter().map(|b| b.to_string()).chain(["+Inf".to_string()]).enumerate() {
            cumulative += self.counts[i].load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels}{comma}le=\"{bound}\"}} {cumulative}");
        }
        let braces = if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "{name}_sum{braces} {sum}");
        let _ = writeln!(out, "{name}_count{braces} {cumulative}");
    }
}

/// What the process counts.
pub struct Metrics {
    pub moves: AtomicU64,
    pub rooms_opened: AtomicU64,
    pub commit_action: Histogram,
    pub commit_other: Histogram,
    pub store_failures: AtomicU64,
    pub bot_jobs_waiting: AtomicI64,
    pub bot_search: Histogram,
    /// Reviews of finished matches searched (not those answered from the cache).
    pub reviews_built: AtomicU64,
    /// Hints sent at practice tables (one per seat and point of a match).
    pub hints_given: AtomicU64,
    /// The served certificate's end of validity, in seconds since 1970 (0: none).
    pub certificate_expiry: AtomicU64,
    pub certificates_obtained: AtomicU64,
    pub certificate_failures: AtomicU64,
    pub tls_handshake_failures: AtomicU64,
}

pub static METRICS: Metrics = Metrics {
    moves: AtomicU64::new(0),
    rooms_opened: AtomicU64::new(0),
    commit_action: Histogram::new(COMMIT_BOUNDS),
    commit_other: Histogram::new(COMMIT_BOUNDS),
    store_failures: AtomicU64::new(0),
    bot_jobs_waiting: AtomicI64::new(0),
    bot_search: Histogram::new(SEARCH_BOUNDS),
    reviews_built: AtomicU64::new(0),
    hints_given: AtomicU64::new(0),
    certificate_expiry: AtomicU64::new(0),
    certificates_obtained: AtomicU64::new(0),
    certificate_failures: AtomicU64::new(0),
    tls_handshake_failures: AtomicU64::new(0),
};

/// One metric's `# HELP` and `# TYPE` lines.
fn head(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

fn single(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    head(out, name, kind, help);
    let _ = writeln!(out, "{name} {value}");
}

/// The whole exposition.
pub fn render(server: &Server) -> String {
    let m = &METRICS;
    let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let mut out = String::with_capacity(4096);
    single(&mut out, "tapis_moves_total", "counter", "Moves committed to the store.", load(&m.moves));
    head(&mut out, "tapis_store_commit_seconds", "histogram", "Time from a write handed to the store to its commit.");
    m.commit_action.write(&mut out, "tapis_store_commit_seconds", "write=\"action\"");
    m.commit_other.write(&mut out, "tapis_store_commit_seconds", "write=\"other\"");
    single(
        &mut out,
        "tapis_store_failures_total",
        "counter",
        "Writes the store refused (never acknowledged).",
        load(&m.store_failures),
    );
    let StoreHealth { ok, .. } = server.store.health();
    single(&mut out, "tapis_store_ok", "gauge", "1 while the store's last commit went through.", u8::from(ok));
    single(&mut out, "tapis_rooms_opened_total", "counter", "Rooms created since the start.", load(&m.rooms_opened));
    single(
        &mut out,
        "tapis_rooms_in_memory",
        "gauge",
        "Rooms held in memory (playing, waiting or recently finished).",
        server.rooms.len(),
    );
    if let Some(leases) = server.store.leases() {
        single(&mut out, "tapis_room_leases", "gauge", "Rooms whose lease this node holds.", leases.rooms.len());
    }
    single(
        &mut out,
        "tapis_connections",
        "gauge",
        "WebSocket connections open.",
        server.connections.load(Ordering::Relaxed),
    );
    single(
        &mut out,
        "tapis_tcp_connections",
        "gauge",
        "TCP connections open (HTTP and WebSockets).",
        server.tcp.load(Ordering::Relaxed),
    );
    single(&mut out, "tapis_bot_threads", "gauge", "Threads bots think on.", server.bots.threads());
    single(
        &mut out,
        "tapis_reviews_built_total",
        "counter",
        "Reviews of finished matches searched (a review asked again is read, from memory or the store).",
        load(&m.reviews_built),
    );
    single(
        &mut out,
        "tapis_hints_given_total",
        "counter",
        "Hints sent at practice tables, one per seat and point of a match.",
        load(&m.hints_given),
    );
    single(
        &mut out,
        "tapis_bot_jobs_waiting",
        "gauge",
        "Bot moves waiting for a thread.",
        m.bot_jobs_waiting.load(Ordering::Relaxed).max(0),
    );
    head(&mut out, "tapis_bot_search_seconds", "histogram", "Time a bot took to choose a move.");
    m.bot_search.write(&mut out, "tapis_bot_search_seconds", "");
    if let Some(relay) = server.relay.get() {
        let stats = relay.statistics();
        head(&mut out, "tapis_relay_bytes_total", "counter", "Bytes through NATS between nodes.");
        let _ = writeln!(out, "tapis_relay_bytes_total{{direction=\"in\"}} {}", stats.in_bytes.load(Ordering::Relaxed));
        let _ =
            writeln!(out, "tapis_relay_bytes_total{{direction=\"out\"}} {}", stats.out_bytes.load(Ordering::Relaxed));
        head(&mut out, "tapis_relay_messages_total", "counter", "Messages through NATS between nodes.");
        let _ = writeln!(
            out,
            "tapis_relay_messages_total{{direction=\"in\"}} {}",
            stats.in_messages.load(Ordering::Relaxed)
        );
        let _ = writeln!(
            out,
            "tapis_relay_messages_total{{direction=\"out\"}} {}",
            stats.out_messages.load(Ordering::Relaxed)
        );
        single(&mut out, "tapis_relay_up", "gauge", "1 while NATS is reached.", u8::from(relay.reachable()));
    }
    if load(&m.certificate_expiry) > 0 || load(&m.certificate_failures) > 0 {
        single(
            &mut out,
            "tapis_tls_certificate_expiry_seconds",
            "gauge",
            "When the served certificate expires, in seconds since 1970.",
            load(&m.certificate_expiry),
        );
        single(
            &mut out,
            "tapis_acme_certificates_total",
            "counter",
            "Certificates obtained through ACME since the start.",
            load(&m.certificates_obtained),
        );
        single(
            &mut out,
            "tapis_acme_failures_total",
            "counter",
            "Attempts to obtain a certificate through ACME that failed.",
            load(&m.certificate_failures),
        );
    }
    single(
        &mut out,
        "tapis_tls_handshake_failures_total",
        "counter",
        "TLS handshakes that failed or timed out.",
        load(&m.tls_handshake_failures),
    );
    if let Some(kib) = crate::http::memory_kib() {
        single(&mut out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", kib * 1024);
    }
    out
}

/// The store, with each write timed and counted.
pub struct Metered(pub Arc<dyn Store>);

impl Store for Metered {
    fn write(&self, write: Write) -> StoreFuture<'_, ()> {
        let (histogram, counter) = match &write {
            Write::Action { .. } => (&METRICS.commit_action, Some(&METRICS.moves)),
            Write::CreateRoom(..) => (&METRICS.commit_other, Some(&METRICS.rooms_opened)),
            _ => (&METRICS.commit_other, None),
        };
        let started = tokio::time::Instant::now();
        let written = self.0.write(write);
        Box::pin(async move {
            let outcome = written.await;
            match &outcome {
                Ok(()) => {
                    histogram.observe(started.elapsed());
                    if let Some(counter) = counter {
                        counter.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Err(_) => {
                    METRICS.store_failures.fetch_add(1, Ordering::Relaxed);
                }
            }
            outcome
        })
    }

    fn load_room(&self, code: &str) -> StoreFuture<'_, Option<LoadedRoom>> {
        self.0.load_room(code)
    }

    fn load_match(&self, room: &str, match_no: u32) -> StoreFuture<'_, Option<LoadedMatch>> {
        self.0.load_match(room, match_no)
    }

    fn load_review(&self, room: &str, match_no: u32, seat: u8, budget: u32) -> StoreFuture<'_, Option<String>> {
        self.0.load_review(room, match_no, seat, budget)
    }

    fn health(&self) -> StoreHealth {
        self.0.health()
    }

    fn flush(&self) -> StoreFuture<'_, ()> {
        self.0.flush()
    }

    fn release(&self, room: &str) {
        self.0.release(room)
    }

    fn leases(&self) -> Option<crate::store::postgres::NodeLeases> {
        self.0.leases()
    }
}

/// Serves `/metrics` on `listener` until the server stops.
pub async fn serve(server: Arc<Server>, listener: tokio::net::TcpListener) {
    let mut stopping = server.stopping.clone();
    let app = axum::Router::new()
        .route(
            "/metrics",
            axum::routing::get(|axum::extract::State(server): axum::extract::State<Arc<Server>>| async move {
                ([(axum::http::header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], render(&server))
            }),
        )
        .with_state(server);
    let stopped = async move { crate::stopped(&mut stopping).await };
    if let Err(e) = axum::serve(listener, app).with_graceful_shutdown(stopped).await {
        tracing::error!(error = %e, "the metrics listener failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_counts_into_cumulative_buckets_with_its_sum() {
        static H: Histogram = Histogram::new(&[0.001, 0.01]);
        for ms in [0, 5, 5, 50] {
            H.observe(Duration::from_millis(ms));
        }
        let mut out = String::new();
        H.write(&mut out, "x", "k=\"v\"");
        assert_eq!(
            out,
            "x_bucket{k=\"v\",le=\"0.001\"} 1\nx_bucket{k=\"v\",le=\"0.01\"} 3\nx_bucket{k=\"v\",le=\"+Inf\"} 4\n\
             x_sum{k=\"v\"} 0.06\nx_count{k=\"v\"} 4\n"
        );
    }
}
