//! Where bots think: beside the rooms, never on the async workers and never in a room's task. A
//! room hands its table's next move by itself as a [`Job`] and goes on taking messages; the
//! answer comes back on a channel, and the room's table drops it if a person acted first.
//!
//! **Bots' CPU is shared fairly between clients.** Jobs run on a fixed pool of threads at the
//! lowest scheduling priority (`nice` 19), so that people's moves, on the async workers, always
//! come first, and however many bots play they never take more than the pool's cores. Each job
//! belongs to the client whose room it comes from ([`Owner`]: the address that opened the room,
//! within its block), and the pool serves them round-robin: block after block, and within a
//! block address after address, each address's jobs in the order they came (a room has at most
//! one job out at a time). So however many rooms, addresses or bots one block has, another
//! block's job waits for at most one job of each block ahead of it in the round, and:
//!
//! - a block runs at most half the threads at once ([`Bots::per_block`], one on two cores): the
//!   others are free for everyone else, so a job of another block starts as soon as no other
//!   block's is ahead of it, without waiting for the busy block's searches to end;
//! - a block has a budget of search time ([`BUDGET_SHARE`] of a core, with a reserve of
//!   [`BUDGET_BURST_MS`]): past it, its jobs wait until the budget refills, whatever else the
//!   pool has to do. Search time is the threads' CPU time, not the time they waited for a core.

use crate::limits::Client;
use crate::metrics::METRICS;
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tapis_table::{Job, JobAnswer};
use tokio::sync::{Semaphore, oneshot};

/// The share of one core a block's bots may use, on average, once its reserve is spent.
pub const BUDGET_SHARE: f64 = 0.5;
/// The search time a block may use at once, in milliseconds, before its share applies.
pub const BUDGET_BURST_MS: f64 = 5_000.0;
/// Blocks remembered while idle at most (with their budget not yet refilled).
const REMEMBERED: usize = 4096;

/// Whose a job is: the client that opened its room (or brought it back), or, for a room that
/// came back for nobody in particular (a node taking over another's rooms), the room itself.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Owner {
    Client(Client),
    Room(String),
}

/// A place in the round: a block or an address, or a room of no client.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Ip(IpAddr),
    Room(String),
}

impl Owner {
    fn keys(&self) -> (Key, Key) {
        match self {
            Owner::Client(c) => (Key::Ip(c.block), Key::Ip(c.address)),
            Owner::Room(code) => (Key::Room(code.clone()), Key::Room(code.clone())),
        }
    }
}

/// A job with where its answer goes: a bot's move, or a review ([`Bots::run`]).
type Work = Box<dyn FnOnce() + Send>;

/// One block's jobs (`W`: a job and where its answer goes), threads and budget.
struct Block<W> {
    /// Each address's jobs, in the order they came.
    jobs: BTreeMap<Key, VecDeque<W>>,
    /// The addresses with jobs waiting, in the order they are served.
    turn: VecDeque<Key>,
    running: usize,
    /// Search time left, in milliseconds (below zero after a long search).
    budget: f64,
    refilled: Instant,
}

impl<W> Block<W> {
    fn new(now: Instant) -> Block<W> {
        Block { jobs: BTreeMap::new(), turn: VecDeque::new(), running: 0, budget: BUDGET_BURST_MS, refilled: now }
    }

    fn refill(&mut self, now: Instant) {
        let earned = now.duration_since(self.refilled).as_secs_f64() * 1000.0 * BUDGET_SHARE;
        self.budget = (self.budget + earned).min(BUDGET_BURST_MS);
        self.refilled = now;
    }

    /// When its budget is above zero again.
    fn solvent_at(&self) -> Instant {
        let missing = (-self.budget).max(0.0) + 1.0;
        self.refilled + Duration::from_secs_f64(missing / 1000.0 / BUDGET_SHARE)
    }

    fn idle(&self) -> bool {
        self.turn.is_empty() && self.running == 0
    }
}

/// The jobs waiting, block by block, and the round they are served in.
struct Queue<W> {
    blocks: BTreeMap<Key, Block<W>>,
    /// The blocks with jobs waiting, in the order they are served.
    turn: VecDeque<Key>,
    closed: bool,
}

impl<W> Queue<W> {
    fn new() -> Queue<W> {
        Queue { blocks: BTreeMap::new(), turn: VecDeque::new(), closed: false }
    }

    fn push(&mut self, owner: &Owner, work: W, now: Instant) {
        let (block_key, address) = owner.keys();
        let block = self.blocks.entry(block_key.clone()).or_insert_with(|| Block::new(now));
        if block.turn.is_empty() {
            self.turn.push_back(block_key);
        }
        let jobs = block.jobs.entry(address.clone()).or_default();
        if jobs.is_empty() {
            block.turn.push_back(address);
        }
        jobs.push_back(work);
    }

    /// The next job to run, in the round, from a block under `per_block` threads with budget
    /// left; else when a block's budget refills (if one waits for that).
    fn next(&mut self, per_block: usize, now: Instant) -> Result<(Key, W), Option<Instant>> {
        let mut solvent_at: Option<Instant> = None;
        for i in 0..self.turn.len() {
            let block = self.blocks.get_mut(&self.turn[i]).expect("a block in the round is known");
            if block.running >= per_block {
                continue;
            }
            block.refill(now);
            if block.budget <= 0.0 {
                let at = block.solvent_at();
                solvent_at = Some(solvent_at.map_or(at, |s| s.min(at)));
                continue;
            }
            let address = block.turn.pop_front().expect("a block in the round has jobs");
            let jobs = block.jobs.get_mut(&address).expect("an address in the round has jobs");
            let work = jobs.pop_front().expect("an address in the round has jobs");
            if jobs.is_empty() {
                block.jobs.remove(&address);
            } else {
                block.turn.push_back(address);
            }
            block.running += 1;
            let key = self.turn.remove(i).expect("taken from the round");
            if !block.turn.is_empty() {
                self.turn.push_back(key.clone());
            }
            return Ok((key, work));
        }
        Err(solvent_at)
    }

    /// A job of `key`'s block ended, after `searched` milliseconds of CPU.
    fn done(&mut self, key: &Key, searched: f64, now: Instant) {
        if let Some(block) = self.blocks.get_mut(key) {
            block.running -= 1;
            block.refill(now);
            block.budget -= searched;
            if block.idle() && block.budget >= BUDGET_BURST_MS {
                self.blocks.remove(key);
            }
        }
        if self.blocks.len() > REMEMBERED {
            self.blocks.retain(|_, b| {
                b.refill(now);
                !b.idle() || b.budget < BUDGET_BURST_MS
            });
        }
    }
}

/// The bots of every room.
pub struct Bots {
    shared: Arc<(Mutex<Queue<Work>>, Condvar)>,
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
        let shared = Arc::new((Mutex::new(Queue::new()), Condvar::new()));
        let per_block = Bots::per_block(threads);
        for i in 0..threads {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new().name(format!("bot-{i}")).spawn(move || {
                // Linux gives each thread its own nice value.
                let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), NICE);
                work(&shared, per_block);
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "a bot thread could not start");
            }
        }
        Bots { shared, hold, threads }
    }

    /// The threads one block's jobs may run on at once: half the pool, one at least.
    pub fn per_block(threads: usize) -> usize {
        (threads / 2).max(1)
    }

    /// The threads bots think on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Works `job` out beside the room, in `owner`'s turn; its answer comes on the returned
    /// channel (which closes without one only if the search failed).
    pub fn think(&self, owner: &Owner, job: Job) -> oneshot::Receiver<JobAnswer> {
        let (answer, answered) = oneshot::channel();
        METRICS.bot_jobs_waiting.fetch_add(1, Ordering::Relaxed);
        let answer = match &self.hold {
            None => answer,
            Some(hold) => {
                let (found, worked_out) = oneshot::channel();
                let hold = hold.clone();
                tokio::spawn(async move {
                    let Ok(found) = worked_out.await else { return };
                    if let Ok(permit) = hold.acquire().await {
                        permit.forget();
                    }
                    let _ = answer.send(found);
                });
                found
            }
        };
        self.push(owner, Box::new(move || drop(answer.send(job.run()))));
        answered
    }

    /// Runs `task` on the bots' threads, at their priority, in `owner`'s turn and within its
    /// block's budget, as a bot's move: what a review of a finished match costs is the client's
    /// who asked. The channel closes without an answer if the task panicked.
    pub fn run<T: Send + 'static>(
        &self,
        owner: &Owner,
        task: impl FnOnce() -> T + Send + 'static,
    ) -> oneshot::Receiver<T> {
        let (answer, answered) = oneshot::channel();
        METRICS.bot_jobs_waiting.fetch_add(1, Ordering::Relaxed);
        self.push(owner, Box::new(move || drop(answer.send(task()))));
        answered
    }

    fn push(&self, owner: &Owner, work: Work) {
        let (queue, ready) = &*self.shared;
        #[allow(clippy::disallowed_methods)] // budgets measure real time, outside the engine
        let now = Instant::now();
        queue.lock().unwrap_or_else(|e| e.into_inner()).push(owner, work, now);
        ready.notify_one();
    }
}

impl Drop for Bots {
    fn drop(&mut self) {
        let (queue, ready) = &*self.shared;
        queue.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
        ready.notify_all();
    }
}

/// A bot thread: the next job in the round, until the pool is dropped.
fn work(shared: &(Mutex<Queue<Work>>, Condvar), per_block: usize) {
    let (queue, ready) = shared;
    let mut waiting = queue.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if waiting.closed {
            return;
        }
        #[allow(clippy::disallowed_methods)] // budgets measure real time, outside the engine
        let now = Instant::now();
        let (key, work) = match waiting.next(per_block, now) {
            Ok(next) => next,
            Err(None) => {
                waiting = ready.wait(waiting).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            Err(Some(at)) => {
                let (back, _) = ready.wait_timeout(waiting, at - now).unwrap_or_else(|e| e.into_inner());
                waiting = back;
                continue;
            }
        };
        drop(waiting);
        METRICS.bot_jobs_waiting.fetch_sub(1, Ordering::Relaxed);
        let (started, cpu) = (tokio::time::Instant::now(), thread_cpu());
        // A search that panicked drops its channel: the room hears of it.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        METRICS.bot_search.observe(started.elapsed());
        let searched = thread_cpu().saturating_sub(cpu).as_secs_f64() * 1000.0;
        waiting = queue.lock().unwrap_or_else(|e| e.into_inner());
        #[allow(clippy::disallowed_methods)] // budgets measure real time, outside the engine
        let now = Instant::now();
        waiting.done(&key, searched, now);
        // The block may run another job now, on any thread.
        ready.notify_all();
    }
}

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec.clamp(0, 999_999_999) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Prefixes;

    fn owner(ip: &str) -> Owner {
        Owner::Client(Prefixes::default().client(ip.parse().unwrap()))
    }

    /// The jobs in the order they are taken, one thread per block, each ending before the next
    /// is taken (`cost`: the search time each is charged).
    fn order(queue: &mut Queue<u64>, cost: f64, now: Instant) -> Vec<u64> {
        let mut taken = Vec::new();
        while let Ok((key, job)) = queue.next(1, now) {
            taken.push(job);
            queue.done(&key, cost, now);
        }
        taken
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // budgets are real time
    fn blocks_then_addresses_are_served_in_turn() {
        let now = Instant::now();
        let mut queue = Queue::new();
        // One block with two addresses, one with five jobs, and another block with one job.
        for job in 0..5 {
            queue.push(&owner("10.0.0.1"), job, now);
        }
        queue.push(&owner("10.0.0.2"), 10, now);
        queue.push(&owner("10.0.1.1"), 20, now);
        queue.push(&Owner::Room("abc".into()), 30, now);
        assert_eq!(order(&mut queue, 1.0, now), [0, 20, 30, 10, 1, 2, 3, 4]);
        assert!(queue.blocks.values().all(|b| b.idle()));
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // budgets are real time
    fn a_block_past_its_budget_waits_and_others_go_first() {
        let now = Instant::now();
        let mut queue = Queue::new();
        for job in 0..3 {
            queue.push(&owner("10.0.0.1"), job, now);
        }
        // The first search spends the whole reserve and more.
        let (key, _) = queue.next(1, now).unwrap();
        queue.done(&key, BUDGET_BURST_MS + 500.0, now);
        queue.push(&owner("10.0.9.1"), 9, now);
        assert_eq!(queue.next(1, now).unwrap().1, 9, "the other block goes first");
        match queue.next(1, now) {
            Err(Some(at)) => assert!(at > now + Duration::from_millis(999), "a second to earn 500 ms at half a core"),
            _ => panic!("the spent block waits"),
        }
        assert_eq!(queue.next(1, now + Duration::from_secs(2)).unwrap().1, 1);
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // budgets are real time
    fn a_block_runs_at_most_its_share_of_threads() {
        assert_eq!((Bots::per_block(1), Bots::per_block(2), Bots::per_block(16)), (1, 1, 8));
        let now = Instant::now();
        let mut queue = Queue::new();
        for job in 0..4 {
            queue.push(&owner("10.0.0.1"), job, now);
        }
        let (first, _) = queue.next(1, now).unwrap();
        assert!(queue.next(1, now).is_err(), "one thread at a time");
        queue.push(&owner("10.7.0.1"), 7, now);
        assert_eq!(queue.next(1, now).unwrap().1, 7);
        queue.done(&first, 1.0, now);
        assert_eq!(queue.next(1, now).unwrap().1, 1);
    }
}
