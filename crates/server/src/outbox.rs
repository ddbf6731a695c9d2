//! What waits to be sent to one connection. The room puts frames in (each seat's frame built
//! once and shared by its connections, never copied); the connection's writer takes everything
//! waiting and sends it in one socket write. A connection whose frames pile up past its budget
//! in bytes is closed, and the room forgets it: a client that does not read never holds more than
//! its budget, and its memory is freed when its writer ends.

use axum::extract::ws::Utf8Bytes;
use std::collections::VecDeque;
use std::sync::Mutex;
use tokio::sync::Notify;

/// A frame as sent: shared text.
pub type Frame = Utf8Bytes;

/// Why a connection is closed, as a WebSocket close code and a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closing {
    pub code: u16,
    pub reason: &'static str,
}

impl Closing {
    pub const NORMAL: Closing = Closing { code: 1000, reason: "" };
    pub const GOING_AWAY: Closing = Closing { code: 1001, reason: "the server stops" };
    /// The room moves to another node (a drain, a lease lost): the client reconnects.
    pub const RESTART: Closing = Closing { code: 1012, reason: "the room moves: reconnect" };
    pub const POLICY: Closing = Closing { code: 1008, reason: "refused" };
    pub const TOO_BIG: Closing = Closing { code: 1009, reason: "message too large" };
    pub const TOO_SLOW: Closing = Closing { code: 1008, reason: "too slow to read" };
    pub const REPLACED: Closing = Closing { code: 1008, reason: "the seat was opened elsewhere" };
}

#[derive(Default)]
struct State {
    frames: VecDeque<Frame>,
    bytes: usize,
    closing: Option<Closing>,
}

pub struct Outbox {
    state: Mutex<State>,
    wake: Notify,
    budget: usize,
}

impl Outbox {
    pub fn new(budget: usize) -> Outbox {
        Outbox { state: Mutex::new(State::default()), wake: Notify::new(), budget }
    }

    /// Queues a frame; false (and the connection is closing) if it is over its budget or closed.
    pub fn push(&self, frame: Frame) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.closing.is_some() {
            return false;
        }
        if state.bytes + frame.len() > self.budget {
            state.closing = Some(Closing::TOO_SLOW);
            state.frames.clear();
            state.bytes = 0;
            drop(state);
            self.wake.notify_one();
            return false;
        }
        state.bytes += frame.len();
        state.frames.push_back(frame);
        drop(state);
        self.wake.notify_one();
        true
    }

    /// Queues a frame whatever the budget: the updates a reconnecting client missed (at most
    /// the room's catch-up, once). Frames queued after count them, so a client that does not
    /// read them is still dropped.
    pub fn push_unbounded(&self, frame: Frame) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.closing.is_none() {
            state.bytes += frame.len();
            state.frames.push_back(frame);
        }
        drop(state);
        self.wake.notify_one();
    }

    /// Closes the connection once what is queued is sent (frames queued after are dropped).
    pub fn close(&self, closing: Closing) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.closing.is_none() {
            state.closing = Some(closing);
        }
        drop(state);
        self.wake.notify_one();
    }

    /// Whether the connection is closing.
    pub fn is_closing(&self) -> bool {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).closing.is_some()
    }

    /// Everything waiting, and whether to close after it; waits while there is nothing.
    pub async fn take(&self) -> (VecDeque<Frame>, Option<Closing>) {
        loop {
            let notified = self.wake.notified();
            {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                if !state.frames.is_empty() || state.closing.is_some() {
                    state.bytes = 0;
                    return (std::mem::take(&mut state.frames), state.closing);
                }
            }
            notified.await;
        }
    }
}
