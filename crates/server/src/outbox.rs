//! What waits to be sent to one connection. The room puts frames in (each seat's frame built
//! once and shared by its connections, never copied). When nothing waits before it and the
//! connection's socket is free, a frame is written there and then, by the room, in one socket
//! write: no task woken, nothing queued. Otherwise it waits, and the connection's writer takes
//! what is waiting, up to the budget, and sends it in one socket write. A connection whose frames
//! pile up past its budget in bytes is closed, and the room forgets it: a client that does not
//! read never holds more than its budget (beside the updates it missed, given once when it came
//! back), and its memory is freed when its writer ends.

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::Sink;
use futures_util::stream::SplitSink;
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::{Mutex, OnceLock};
use std::task::{Context, Poll, Waker};
use tokio::sync::Notify;

/// A frame as sent: shared text.
pub type Frame = Utf8Bytes;

/// The sending half of a connection's WebSocket.
pub type Socket = SplitSink<WebSocket, Message>;

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
    pub const NOT_UTF8: Closing = Closing { code: 1007, reason: "not UTF-8" };
    pub const PROTOCOL: Closing = Closing { code: 1002, reason: "protocol error" };
    pub const TOO_SLOW: Closing = Closing { code: 1008, reason: "too slow to read" };
    pub const REPLACED: Closing = Closing { code: 1008, reason: "the seat was opened elsewhere" };
}

#[derive(Default)]
struct State {
    frames: VecDeque<Frame>,
    bytes: usize,
    /// The bytes of the updates a reconnecting client missed still waiting, at the front: they
    /// do not count against the budget.
    backlog: usize,
    closing: Option<Closing>,
    /// A frame written at once did not go out whole (the socket was full, or busy): the writer
    /// finishes it, and frames wait until it has.
    unflushed: bool,
}

impl State {
    /// The frames at the front, up to `budget` bytes (one at least, however large), and how to
    /// close once none is left.
    fn batch(&mut self, budget: usize) -> (VecDeque<Frame>, Option<Closing>) {
        if self.bytes <= budget {
            self.bytes = 0;
            self.backlog = 0;
            return (std::mem::take(&mut self.frames), self.closing);
        }
        let (mut count, mut taken) = (0, 0);
        for frame in &self.frames {
            if count > 0 && taken + frame.len() > budget {
                break;
            }
            count += 1;
            taken += frame.len();
        }
        let rest = self.frames.split_off(count);
        self.bytes -= taken;
        self.backlog = self.backlog.saturating_sub(taken);
        (std::mem::replace(&mut self.frames, rest), None)
    }
}

pub struct Outbox {
    state: Mutex<State>,
    wake: Notify,
    budget: usize,
    /// The connection's socket, once its writer runs ([`Outbox::attach`]); `None` inside once
    /// the writer has ended. Held by the writer while it sends, tried by [`Outbox::push`].
    socket: OnceLock<tokio::sync::Mutex<Option<Socket>>>,
}

/// What became of a frame written at once.
enum Written {
    /// Sent whole.
    Sent,
    /// Taken, but not all of it went out: the writer finishes it.
    Unflushed,
    /// Not taken (the socket was busy): it waits in the queue.
    Refused(Frame),
}

/// Writes `frame` to `socket` without waiting: every step is polled once, with a waker that
/// wakes nobody, since whatever is left to do is handed to the writer, which polls again itself.
fn write_now(socket: &mut Socket, frame: Frame) -> Written {
    let mut cx = Context::from_waker(Waker::noop());
    let mut socket = Pin::new(socket);
    if !matches!(socket.as_mut().poll_ready(&mut cx), Poll::Ready(Ok(()))) {
        return Written::Refused(frame);
    }
    if socket.as_mut().start_send(Message::Text(frame)).is_err() {
        return Written::Unflushed;
    }
    match socket.as_mut().poll_flush(&mut cx) {
        Poll::Ready(Ok(())) => Written::Sent,
        // Unfinished, or failed: the writer's flush finishes it or finds the connection gone.
        _ => Written::Unflushed,
    }
}

impl Outbox {
    pub fn new(budget: usize) -> Outbox {
        Outbox { state: Mutex::new(State::default()), wake: Notify::new(), budget, socket: OnceLock::new() }
    }

    /// Hands the connection's socket to the outbox: from now on a frame with nothing waiting
    /// before it is written at once by whoever queues it (the room), and the connection's writer
    /// sends the rest.
    pub fn attach(&self, socket: Socket) {
        let _ = self.socket.set(tokio::sync::Mutex::new(Some(socket)));
    }

    /// The socket, for the writer: lock it before [`Outbox::take_now`].
    pub fn socket(&self) -> Option<&tokio::sync::Mutex<Option<Socket>>> {
        self.socket.get()
    }

    /// Queues a frame; false (and the connection is closing) if it is over its budget or closed.
    pub fn push(&self, frame: Frame) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.closing.is_some() {
            return false;
        }
        if state.bytes + frame.len() > self.budget + state.backlog {
            state.closing = Some(Closing::TOO_SLOW);
            state.frames.clear();
            state.bytes = 0;
            state.backlog = 0;
            drop(state);
            self.wake.notify_one();
            return false;
        }
        let frame = match self.try_write(&mut state, frame) {
            Some(frame) => frame,
            None => return true,
        };
        state.bytes += frame.len();
        state.frames.push_back(frame);
        drop(state);
        self.wake.notify_one();
        true
    }

    /// Writes `frame` at once if nothing waits before it and the socket is free; gives it back
    /// if it must wait. The state stays locked meanwhile, so that no frame overtakes it.
    fn try_write(&self, state: &mut State, frame: Frame) -> Option<Frame> {
        if !state.frames.is_empty() || state.unflushed {
            return Some(frame);
        }
        let Some(mut socket) = self.socket.get().and_then(|socket| socket.try_lock().ok()) else {
            return Some(frame);
        };
        let Some(socket) = socket.as_mut() else { return Some(frame) };
        match write_now(socket, frame) {
            Written::Sent => None,
            Written::Unflushed => {
                state.unflushed = true;
                self.wake.notify_one();
                None
            }
            Written::Refused(frame) => Some(frame),
        }
    }

    /// Queues a frame whatever the budget: the updates a reconnecting client missed (at most
    /// the room's catch-up, once, before any other frame). They go out a budget at a time, each
    /// batch within the writer's timeout, so a client that does not read them is still dropped;
    /// frames queued after them have the whole budget.
    pub fn push_unbounded(&self, frame: Frame) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if state.closing.is_none() {
            state.bytes += frame.len();
            state.backlog += frame.len();
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

    /// What is waiting, up to the budget (everything, as a rule), and whether to close after
    /// it; waits while there is nothing.
    pub async fn take(&self) -> (VecDeque<Frame>, Option<Closing>) {
        loop {
            self.ready().await;
            let (frames, closing, _) = self.take_now();
            if !frames.is_empty() || closing.is_some() {
                return (frames, closing);
            }
        }
    }

    /// Waits until the writer has something to do: frames waiting, a frame to finish, or a
    /// close.
    pub async fn ready(&self) {
        loop {
            let notified = self.wake.notified();
            {
                let state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                if !state.frames.is_empty() || state.closing.is_some() || state.unflushed {
                    return;
                }
            }
            notified.await;
        }
    }

    /// What is waiting, up to the budget (everything, as a rule), whether to close after it, and
    /// whether a frame written at once is to be finished first. The writer holds the socket as
    /// it takes them, so that no frame is written at once before these are sent.
    pub fn take_now(&self) -> (VecDeque<Frame>, Option<Closing>, bool) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let unflushed = std::mem::take(&mut state.unflushed);
        let (frames, closing) = state.batch(self.budget);
        (frames, closing, unflushed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(tag: char, len: usize) -> Frame {
        tag.to_string().repeat(len).into()
    }

    fn tags(frames: &VecDeque<Frame>) -> String {
        frames.iter().map(|f| &f.as_str()[..1]).collect()
    }

    /// The updates a client missed, four times its budget, go out a budget at a time, then what
    /// was queued after them, which had the whole budget: nothing is dropped, nothing reordered.
    #[tokio::test]
    async fn a_catch_up_larger_than_the_budget_goes_out_a_budget_at_a_time() {
        let outbox = Outbox::new(100);
        for tag in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
            outbox.push_unbounded(frame(tag, 50));
        }
        assert!(outbox.push(frame('x', 60)));
        assert!(outbox.push(frame('y', 40)));
        let mut batches = Vec::new();
        loop {
            let (frames, closing) = outbox.take().await;
            assert_eq!(closing, None);
            assert!(frames.iter().map(|f| f.len()).sum::<usize>() <= 100);
            batches.push(tags(&frames));
            if batches.last().unwrap().ends_with('y') {
                break;
            }
        }
        assert_eq!(batches, ["ab", "cd", "ef", "gh", "xy"]);
        // Drained: the budget is whole again, and past it the connection closes.
        assert!(outbox.push(frame('z', 100)));
        assert!(!outbox.push(frame('!', 1)));
        assert_eq!(outbox.take().await, (VecDeque::new(), Some(Closing::TOO_SLOW)));
    }

    /// Behind a catch-up, frames still have only the budget: a client that reads nothing is
    /// dropped once they outgrow it, and a close waits for the last batch.
    #[tokio::test]
    async fn behind_a_catch_up_frames_have_the_budget_and_a_close_comes_last() {
        let outbox = Outbox::new(100);
        for tag in ['a', 'b', 'c'] {
            outbox.push_unbounded(frame(tag, 80));
        }
        assert!(outbox.push(frame('x', 100)));
        assert!(!outbox.push(frame('y', 1)), "past the budget, catch-up aside");
        let closing = Outbox::new(100);
        for tag in ['a', 'b', 'c'] {
            closing.push_unbounded(frame(tag, 80));
        }
        closing.close(Closing::RESTART);
        assert_eq!(closing.take().await, (VecDeque::from([frame('a', 80)]), None));
        assert_eq!(closing.take().await, (VecDeque::from([frame('b', 80)]), None));
        assert_eq!(closing.take().await, (VecDeque::from([frame('c', 80)]), Some(Closing::RESTART)));
    }
}
