//! Where bots think: beside the rooms, never on the async workers and never in a room's task. A
//! room hands its table's next move by itself as a [`Job`] and goes on taking messages; the
//! answer comes back on a channel, and the room's table drops it if a person acted first.
//!
//! **Bots' CPU is bounded.** Jobs run on a fixed pool of threads at the lowest scheduling
//! priority (`nice` 19), so that people's moves, on the async workers, always come first, and
//! however many bots play they never take more than the pool's cores. Jobs wait in one queue in
//! the order they were handed over, and a room has at most one job out at a time: each room gets
//! its turn, none gets more than its share.

use crate::metrics::METRICS;
use std::sync::atomic::Ordering;
use std::sync::mpsc as sync_mpsc;
use std::sync::{Arc, Mutex};
use tapis_table::{Job, JobAnswer};
use tokio::sync::{Semaphore, oneshot};

type Work = (Job, oneshot::Sender<JobAnswer>);

/// The bots of every room.
pub struct Bots {
    queue: sync_mpsc::Sender<Work>,
    hold: Option<Arc<Semaphore>>,
    threads: usize,
}

/// The priority bots' threads run at: the lowest.
const NICE: i32 = 19;

impl Bots {
    /// A pool of `threads` threads (0: one per core). `hold`: for tests, each answer waits for a
    /// permit of this semaphore before it reaches its room, so that a test can act, chat and ask
    /// while a bot is still thinking.
    pub fn new(threads: usize, hold: Option<Arc<Semaphore>>) -> Bots {
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let (queue, jobs) = sync_mpsc::channel::<Work>();
        let jobs = Arc::new(Mutex::new(jobs));
        for i in 0..threads {
            let jobs = jobs.clone();
            let spawned = std::thread::Builder::new().name(format!("bot-{i}")).spawn(move || {
                // Linux gives each thread its own nice value.
                let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), NICE);
                loop {
                    let next = jobs.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok((job, answer)) = next else { return };
                    METRICS.bot_jobs_waiting.fetch_sub(1, Ordering::Relaxed);
                    let started = tokio::time::Instant::now();
                    let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job.run()));
                    METRICS.bot_search.observe(started.elapsed());
                    // A search that panicked drops its channel: the room hears of it.
                    if let Ok(found) = found {
                        let _ = answer.send(found);
                    }
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "a bot thread could not start");
            }
        }
        Bots { queue, hold, threads }
    }

    /// The threads bots think on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Works `job` out beside the room; its answer comes on the returned channel (which closes
    /// without one only if the search failed).
    pub fn think(&self, job: Job) -> oneshot::Receiver<JobAnswer> {
        let (answer, answered) = oneshot::channel();
        METRICS.bot_jobs_waiting.fetch_add(1, Ordering::Relaxed);
        match &self.hold {
            None => {
                let _ = self.queue.send((job, answer));
            }
            Some(hold) => {
                let (found, worked_out) = oneshot::channel();
                let _ = self.queue.send((job, found));
                let hold = hold.clone();
                tokio::spawn(async move {
                    let Ok(found) = worked_out.await else { return };
                    if let Ok(permit) = hold.acquire().await {
                        permit.forget();
                    }
                    let _ = answer.send(found);
                });
            }
        }
        answered
    }
}
