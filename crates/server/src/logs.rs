//! The log never stops the server. A line is handed to a bounded queue and written to its
//! destination (stderr) by a thread of its own: whoever logs never waits and never sees an error,
//! whether the destination is full (`2>/dev/full`, a full disk), closed (a pipe whose reader went
//! away) or blocked (a pipe nobody reads). What cannot be queued is dropped, what cannot be
//! written is lost, and both are counted: `/api/health` gives the counts, and the next line
//! written after a loss says how many went.
//!
//! Errors that repeat (a store failing under every room's moves) are written once per
//! [`WINDOW`] at each place that logs them, through [`limited!`](crate::limited): the next line
//! from that place, or the server's periodic [`flush_repeats`], says how many more there were.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Lines waiting to be written at most: past them, lines are dropped (and counted).
pub const QUEUED_LINES: usize = 1024;
/// A line longer than this is cut (a log line of the server is a few hundred bytes).
const MAX_LINE: usize = 16 * 1024;
/// How often a repeated error is written, at most, from one place.
pub const WINDOW: Duration = Duration::from_secs(10);

static DROPPED: AtomicU64 = AtomicU64::new(0);
/// Lines in the queue or being written.
static PENDING: AtomicU64 = AtomicU64::new(0);
static LOST: AtomicU64 = AtomicU64::new(0);
static WRITTEN: AtomicU64 = AtomicU64::new(0);

/// What became of the log's lines since the process started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LogCounts {
    /// Lines written whole.
    pub written: u64,
    /// Lines dropped because the queue was full (the destination too slow, or blocked).
    pub dropped: u64,
    /// Lines the destination refused (full, closed).
    pub lost: u64,
}

/// The counts so far.
pub fn counts() -> LogCounts {
    LogCounts {
        written: WRITTEN.load(Ordering::Relaxed),
        dropped: DROPPED.load(Ordering::Relaxed),
        lost: LOST.load(Ordering::Relaxed),
    }
}

/// Where log lines go: give [`LogQueue::writer`] to the subscriber (`tracing_subscriber`'s
/// `with_writer(move || queue.writer())`).
#[derive(Clone)]
pub struct LogQueue {
    lines: Option<SyncSender<Vec<u8>>>,
}

impl LogQueue {
    /// Starts the thread that writes the lines to `out` (stderr). Should the thread not start,
    /// every line is dropped, and counted.
    pub fn start(out: impl Write + Send + 'static) -> LogQueue {
        let (lines, queued) = std::sync::mpsc::sync_channel(QUEUED_LINES);
        let started = std::thread::Builder::new().name("log".into()).spawn(move || write_lines(queued, out));
        LogQueue { lines: started.ok().map(|_| lines) }
    }

    /// A writer for one line: what it is given is queued, or dropped; it never fails.
    pub fn writer(&self) -> LineWriter {
        LineWriter { queue: self.clone() }
    }

    fn push(&self, line: &[u8]) {
        let line = line[..line.len().min(MAX_LINE)].to_vec();
        let queued = match &self.lines {
            Some(lines) => lines.try_send(line),
            None => Err(TrySendError::Disconnected(line)),
        };
        match queued {
            Ok(()) => {
                PENDING.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                DROPPED.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Waits until every line queued is written (or lost), at most `within`: before the process
    /// exits, so that its last lines are not left in the queue. A destination that blocks is
    /// not waited for longer.
    pub fn flush(&self, within: Duration) {
        #[allow(clippy::disallowed_methods)] // logs measure real time, outside the engine
        let start = Instant::now();
        while PENDING.load(Ordering::Relaxed) > 0 && start.elapsed() < within {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// One line being logged (`tracing_subscriber` writes each event in one call).
pub struct LineWriter {
    queue: LogQueue,
}

impl Write for LineWriter {
    fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
        self.queue.push(line);
        Ok(line.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The writing thread: each line in turn, its loss counted; after lines were dropped or lost, a
/// line that says how many, once the destination takes lines again.
fn write_lines(queued: Receiver<Vec<u8>>, mut out: impl Write) {
    let mut told = LogCounts::default();
    while let Ok(line) = queued.recv() {
        if out.write_all(&line).and_then(|()| out.flush()).is_ok() {
            WRITTEN.fetch_add(1, Ordering::Relaxed);
            let now = counts();
            if (now.dropped, now.lost) != (told.dropped, told.lost) {
                let (dropped, lost) = (now.dropped - told.dropped, now.lost - told.lost);
                // Through the subscriber, so that it is written in the log's format.
                tracing::warn!(dropped, lost, "log lines were dropped or could not be written");
                told = now;
            }
        } else {
            LOST.fetch_add(1, Ordering::Relaxed);
        }
        PENDING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// One place that logs an error that may repeat: a line per [`WINDOW`] at most.
pub struct Throttle {
    what: &'static str,
    state: Mutex<Repeats>,
    registered: AtomicBool,
}

struct Repeats {
    last: Option<Instant>,
    suppressed: u64,
}

/// Every throttle that has been used, for [`flush_repeats`].
static THROTTLES: OnceLock<Mutex<Vec<&'static Throttle>>> = OnceLock::new();

impl Throttle {
    /// `what`: the line's message, for the line that counts its repeats.
    pub const fn new(what: &'static str) -> Throttle {
        Throttle { what, state: Mutex::new(Repeats { last: None, suppressed: 0 }), registered: AtomicBool::new(false) }
    }

    /// Whether a line may be written now: `Some(repeats)`, the lines held back since the last
    /// one; `None`, and it is counted.
    pub fn admit(&'static self) -> Option<u64> {
        if !self.registered.swap(true, Ordering::Relaxed) {
            THROTTLES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner()).push(self);
        }
        #[allow(clippy::disallowed_methods)] // logs measure real time, outside the engine
        let now = Instant::now();
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        match state.last {
            Some(last) if now.duration_since(last) < WINDOW => {
                state.suppressed += 1;
                None
            }
            _ => {
                state.last = Some(now);
                Some(std::mem::take(&mut state.suppressed))
            }
        }
    }

    /// The repeats held back for a whole window (or for any time: `all`), taken.
    fn overdue(&self, all: bool) -> Option<u64> {
        #[allow(clippy::disallowed_methods)] // logs measure real time, outside the engine
        let now = Instant::now();
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let due = state.suppressed > 0 && (all || state.last.is_none_or(|last| now.duration_since(last) >= WINDOW));
        due.then(|| {
            state.last = Some(now);
            std::mem::take(&mut state.suppressed)
        })
    }
}

/// Writes, for each place whose repeats were held back for a whole window (`all`: for any
/// time, as the server stops), one line that counts them: the server calls it every
/// [`WINDOW`], so that a burst's count is told even when the error stops.
pub fn flush_repeats(all: bool) {
    let Some(throttles) = THROTTLES.get() else { return };
    let throttles: Vec<&'static Throttle> = throttles.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for throttle in throttles {
        if let Some(repeated) = throttle.overdue(all) {
            tracing::warn!(repeated, "repeated: {}", throttle.what);
        }
    }
}

/// `limited!(error, "message", field = value, ...)`: `tracing::error!(field = value, ...,
/// "message")`, written at most once per [`WINDOW`] from this place; the next line written from
/// it carries `repeated`, the lines held back meanwhile.
#[macro_export]
macro_rules! limited {
    ($level:ident, $message:literal $(, $($field:tt)+)?) => {{
        static THROTTLE: $crate::logs::Throttle = $crate::logs::Throttle::new($message);
        if let Some(repeated) = THROTTLE.admit() {
            match repeated {
                0 => tracing::$level!($($($field)+ ,)? $message),
                repeated => tracing::$level!($($($field)+ ,)? repeated, $message),
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A destination that fails, blocks or takes lines, as a test says.
    #[derive(Clone, Default)]
    struct Destination {
        taken: Arc<Mutex<Vec<String>>>,
        failing: Arc<AtomicBool>,
        gate: Arc<Mutex<()>>,
    }

    impl Write for Destination {
        fn write(&mut self, line: &[u8]) -> std::io::Result<usize> {
            let _open = self.gate.lock().unwrap();
            if self.failing.load(Ordering::Relaxed) {
                return Err(std::io::Error::from_raw_os_error(28)); // ENOSPC
            }
            self.taken.lock().unwrap().push(String::from_utf8_lossy(line).into());
            Ok(line.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn wait_for(what: impl Fn() -> bool) {
        for _ in 0..500 {
            if what() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("never happened");
    }

    /// Counts are process-wide: one test checks them all, in order.
    #[test]
    fn a_failing_or_blocked_destination_never_stops_whoever_logs() {
        let destination = Destination::default();
        let queue = LogQueue::start(destination.clone());
        let start = counts();
        // Failing: every line is lost, none blocks.
        destination.failing.store(true, Ordering::Relaxed);
        for i in 0..10 {
            queue.writer().write_all(format!("line {i}\n").as_bytes()).unwrap();
        }
        wait_for(|| counts().lost >= start.lost + 10);
        destination.failing.store(false, Ordering::Relaxed);
        // Blocked: the queue fills, then lines are dropped; logging never waits.
        let gate = destination.gate.lock().unwrap();
        queue.writer().write_all(b"blocked\n").unwrap();
        for i in 0..QUEUED_LINES + 100 {
            queue.writer().write_all(format!("queued {i}\n").as_bytes()).unwrap();
        }
        assert!(counts().dropped >= start.dropped + 100, "{:?}", counts());
        drop(gate);
        wait_for(|| {
            destination.taken.lock().unwrap().iter().any(|l| l.starts_with(&format!("queued {}", QUEUED_LINES - 2)))
        });
        let taken = destination.taken.lock().unwrap();
        assert_eq!(taken[0], "blocked\n");
        assert_eq!(taken[1], "queued 0\n");
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the window is real time
    fn a_repeated_error_is_admitted_once_per_window_with_its_count() {
        static REPEATED: Throttle = Throttle::new("storing failed");
        assert_eq!(REPEATED.admit(), Some(0));
        for _ in 0..1000 {
            assert_eq!(REPEATED.admit(), None);
        }
        assert_eq!(REPEATED.overdue(false), None, "not before the window is over");
        REPEATED.state.lock().unwrap().last = Instant::now().checked_sub(WINDOW);
        assert_eq!(REPEATED.overdue(false), Some(1000));
        assert_eq!(REPEATED.admit(), None, "the count's line opened a new window");
        REPEATED.state.lock().unwrap().last = Instant::now().checked_sub(WINDOW);
        assert_eq!(REPEATED.admit(), Some(1));
        assert_eq!(REPEATED.admit(), None);
        assert_eq!(REPEATED.overdue(true), Some(1), "all of them as the server stops");
    }
}
