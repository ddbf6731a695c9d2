//! Replays of finished matches, and their seats' reviews, built once and shared. A replay (every seat's view at every
//! step) can weigh megabytes: it is written straight to text, once per finished match, by one
//! builder at a time; requests that come while it is built wait for that build instead of
//! starting their own; and every request is answered from the same bytes, never copied. The
//! cache keeps the most recently asked replays within a budget in bytes.

use axum::body::Bytes;
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// Bytes of replays kept.
pub const BUDGET: usize = 256 << 20;
/// The largest replay built: a match beyond it is not replayed (its record still is given).
pub const MAX_REPLAY: usize = 64 << 20;

/// The room, the match, and the seat whose review it is (`None`: the replay).
type Key = (String, u32, Option<u8>);
type Built = Result<Bytes, String>;

pub struct Replays {
    cells: Mutex<BTreeMap<Key, Entry>>,
    /// One replay built at a time: a burst of requests for many replays takes one core.
    building: tokio::sync::Semaphore,
    clock: std::sync::atomic::AtomicU64,
}

struct Entry {
    cell: Arc<OnceCell<Built>>,
    last_used: u64,
}

impl Replays {
    /// The replay of `room`'s match `match_no` (or, with `review`, that seat's review of it),
    /// built by `build` unless it is kept or being built.
    pub async fn get(
        &self,
        room: &str,
        match_no: u32,
        review: Option<u8>,
        build: impl Future<Output = Built> + Send,
    ) -> Built {
        let key = (room.to_string(), match_no, review);
        let tick = self.clock.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let cell = {
            let mut cells = self.cells.lock().unwrap_or_else(|e| e.into_inner());
            let entry =
                cells.entry(key.clone()).or_insert_with(|| Entry { cell: Arc::new(OnceCell::new()), last_used: tick });
            entry.last_used = tick;
            entry.cell.clone()
        };
        let built = cell
            .get_or_init(|| async {
                let _one = self.building.acquire().await;
                build.await
            })
            .await
            .clone();
        if built.is_err() {
            self.cells.lock().unwrap_or_else(|e| e.into_inner()).remove(&key);
        }
        self.trim();
        built
    }

    /// Drops the least recently asked replays until the rest fit the budget.
    fn trim(&self) {
        let mut cells = self.cells.lock().unwrap_or_else(|e| e.into_inner());
        let size = |e: &Entry| e.cell.get().and_then(|b| b.as_ref().ok()).map_or(0, Bytes::len);
        let mut total: usize = cells.values().map(size).sum();
        while total > BUDGET {
            let Some(oldest) = cells
                .iter()
                .filter(|(_, e)| e.cell.get().is_some())
                .min_by_key(|(_, e)| e.last_used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(entry) = cells.remove(&oldest) {
                total -= size(&entry);
            }
        }
    }
}

/// `build` run on the blocking pool, as a replay's build is (CPU for up to a second).
pub async fn blocking(build: impl FnOnce() -> Built + Send + 'static) -> Built {
    match tokio::task::spawn_blocking(build).await {
        Ok(built) => built,
        Err(e) => Err(e.to_string()),
    }
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            cells: Mutex::new(BTreeMap::new()),
            building: tokio::sync::Semaphore::new(1),
            clock: std::sync::atomic::AtomicU64::new(0),
        }
    }
}
