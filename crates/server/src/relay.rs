//! Any node serves any client: the clients of a room another node holds are relayed to it
//! through NATS (`tapis serve --nats nats://HOST:PORT`).
//!
//! **Relay, not redirect.** The clients of `../shared/SERVER.md` open one WebSocket on the
//! address they were given, and a WebSocket cannot be redirected: a client must not need to know
//! that there are several nodes. So the node a client reached (the edge) stays on its socket and
//! relays; the room's owner (its lease's node, the one writer) builds every frame, as it does for
//! its own clients.
//!
//! **Finding the owner.** The owner of a room subscribes to the room's subject
//! (`tapis.room.<code>`) while the room is in its memory ([`serve_room`]), and to nothing else
//! for it: the subject is the directory, and a room nobody holds has no responder. An edge that
//! does not hold a room asks that subject; when nobody answers, it opens the room itself (its
//! lease in the store decides, as without NATS), and a room another node is just opening is asked
//! again.
//!
//! **A relayed WebSocket.** The edge reads `hello` as usual, then asks the room's subject to
//! `open` a connection, with the `hello` as the client sent it and a subject of its own for the
//! frames. The owner attaches a connection to the room as it does for a socket of its own: the
//! same checks of `hello` (its refusal comes back as the frame and close code a local client
//! gets), an [`Outbox`] with the same budget, and the same reader ([`ws::Reader`]: flood limit,
//! size limit, message checks), in order with the room's frames. Each message of the client goes
//! to the owner's subject for that connection as it came (one over [`ws::MAX_MESSAGE`] only as
//! the fact that it was); each batch the outbox gives goes to the edge's subject in messages of
//! at most [`WINDOW`] bytes (a larger frame alone), the frames separated by newlines (a JSON
//! frame holds none), and the edge writes each to the socket in one write.
//!
//! **Nothing crosses that its recipient may not see.** Frames are built on the owner from their
//! recipient's view and go only to that connection's subject; a client's token crosses only in
//! its own `hello`; nothing else about a room is sent between nodes but the HTTP calls of
//! SERVER.md that a client made, relayed the same way, and their answers.
//!
//! **Back-pressure.** The edge acknowledges the bytes it has written to its socket; the owner
//! sends no more than [`WINDOW`] bytes ahead of them. A client that does not read therefore
//! leaves its frames in the owner's outbox, which drops it past its budget as it drops a slow
//! local client (and the edge holds at most the window): a slow remote client never pins more
//! memory than a local one.
//!
//! **The owner gone.** Both ends send a heartbeat every [`HEARTBEAT`] when they have nothing else
//! to send. An edge that hears nothing from the owner for [`SILENCE`] (the owner died, or NATS is
//! out of reach), or whose owner lets the room go (it stops, drains or loses the room), closes the
//! client's socket with 1012: the client reconnects, with `since` (the browser does), and its
//! next `hello` finds the room's new owner. An owner that hears nothing from an edge for
//! [`SILENCE`] lets the connection go, as it does a closed socket.

use crate::outbox::{Closing, Outbox};
use crate::room::RoomMsg;
use crate::ws::{self, Reader, Step};
use crate::{ApiError, Lang, RoomHandle, Server, frames};
use async_nats::{Client, HeaderMap, Subscriber};
use axum::body::{Body, Bytes};
use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, mpsc, oneshot};

/// How often each end of a relayed connection says it is there when it has nothing to send.
pub const HEARTBEAT: Duration = Duration::from_secs(2);
/// How long an end waits without a word from the other before it lets the connection go.
pub const SILENCE: Duration = Duration::from_secs(6);
/// Bytes the owner sends ahead of what the edge has written to its client's socket.
pub const WINDOW: u64 = 256 * 1024;
/// How long a question between nodes (an `open`, an HTTP call) waits for its answer.
const ASK_WITHIN: Duration = Duration::from_secs(5);

/// The header that says what a message between nodes is.
const KIND: &str = "Tapis-Kind";

/// A node's link to the others.
pub struct Relay {
    client: Client,
}

impl Relay {
    /// Connects to the NATS at `url`; an error says it cannot be reached.
    pub async fn connect(url: &str, node: &str) -> anyhow::Result<Relay> {
        let client = async_nats::ConnectOptions::new()
            .name(format!("tapis {node}"))
            .connection_timeout(ASK_WITHIN)
            .request_timeout(Some(ASK_WITHIN))
            .connect(url)
            .await
            .map_err(|e| anyhow::anyhow!("cannot reach NATS at {url}: {e}"))?;
        tracing::info!(node = %node, "relaying through NATS");
        Ok(Relay { client })
    }

    /// Sends what is waiting to go (the closes of the relayed connections of a node that stops).
    pub async fn flush(&self) {
        let _ = tokio::time::timeout(ASK_WITHIN, self.client.flush()).await;
    }

    /// What has gone through NATS each way (the metrics' relay traffic).
    pub fn statistics(&self) -> Arc<async_nats::Statistics> {
        self.client.statistics()
    }

    /// Whether NATS is reached at the moment.
    pub fn reachable(&self) -> bool {
        self.client.connection_state() == async_nats::connection::State::Connected
    }
}

fn room_subject(code: &str) -> String {
    format!("tapis.room.{code}")
}

/// What a message between nodes is, named in its [`KIND`] header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Edge to the room's subject: open a connection ([`Open`]).
    Open,
    /// Owner to edge, the answers to `Open`: opened (the payload is the owner's subject for the
    /// client's messages), refused (an error frame; the close in `Tapis-Close`), or the room has
    /// just left the owner's memory.
    Opened,
    Refused,
    Gone,
    /// Edge to owner: the client's messages (a text, a text over the size limit, a binary
    /// message, a frame the protocol cut or a broken socket, the socket closed), and the bytes
    /// written to its socket so far.
    Text,
    Oversized,
    Binary,
    Broken,
    Closed,
    Ack,
    /// Owner to edge: a batch of frames, then how the socket is closed.
    Frames,
    Close,
    /// Either way: nothing to say, but still there.
    Beat,
    /// Edge to the room's subject: an HTTP call; owner to edge: its answer, in parts.
    Http,
    Answer,
    Part,
}

impl Kind {
    const ALL: [Kind; 16] = [
        Kind::Open,
        Kind::Opened,
        Kind::Refused,
        Kind::Gone,
        Kind::Text,
        Kind::Oversized,
        Kind::Binary,
        Kind::Broken,
        Kind::Closed,
        Kind::Ack,
        Kind::Frames,
        Kind::Close,
        Kind::Beat,
        Kind::Http,
        Kind::Answer,
        Kind::Part,
    ];

    fn name(self) -> &'static str {
        match self {
            Kind::Open => "open",
            Kind::Opened => "opened",
            Kind::Refused => "refused",
            Kind::Gone => "gone",
            Kind::Text => "text",
            Kind::Oversized => "oversized",
            Kind::Binary => "binary",
            Kind::Broken => "broken",
            Kind::Closed => "closed",
            Kind::Ack => "ack",
            Kind::Frames => "frames",
            Kind::Close => "close",
            Kind::Beat => "beat",
            Kind::Http => "http",
            Kind::Answer => "answer",
            Kind::Part => "part",
        }
    }
}

fn headers(kind: Kind) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert(KIND, kind.name());
    headers
}

/// What `message` is; `None` for a message no node of ours sends.
fn kind_of(message: &async_nats::Message) -> Option<Kind> {
    let name = message.headers.as_ref().and_then(|h| h.get(KIND)).map(|v| v.as_str())?;
    Kind::ALL.into_iter().find(|kind| kind.name() == name)
}

fn header_of<'a>(message: &'a async_nats::Message, name: &str) -> Option<&'a str> {
    message.headers.as_ref().and_then(|h| h.get(name)).map(|v| v.as_str())
}

/// A close code and reason as they cross between nodes: `1008 too slow to read`.
fn closing_text(closing: Closing) -> String {
    format!("{} {}", closing.code, closing.reason)
}

/// The close a relayed connection ends with: one of those the owner gives (the reason is one of
/// ours, so it is matched, not copied).
fn closing_of(text: &[u8]) -> Closing {
    const KNOWN: [Closing; 9] = [
        Closing::NORMAL,
        Closing::GOING_AWAY,
        Closing::POLICY,
        Closing::TOO_BIG,
        Closing::TOO_SLOW,
        Closing::REPLACED,
        Closing { code: 1013, reason: "try again later" },
        Closing { code: 1011, reason: "server error" },
        Closing::RESTART,
    ];
    let text = std::str::from_utf8(text).unwrap_or("");
    KNOWN.into_iter().find(|known| closing_text(*known) == text).unwrap_or(Closing::POLICY)
}

fn lang_code(lang: Lang) -> &'static str {
    lang.pick("fr", "en")
}

/// What an edge asks the owner of a room when a client opens a WebSocket on it.
#[derive(Serialize, Deserialize)]
struct Open {
    /// The edge's subject for this connection's frames.
    to: String,
    /// The language of the client's request (`fr`, `en`), as `hello`'s `lang` overrides it.
    lang: String,
    /// The client's `hello`, as sent.
    hello: String,
}

/// Where a client's WebSocket is served.
pub enum Opened {
    /// On this node: it holds the room, or nobody does (or there is no relay).
    Here,
    /// On the owner, through the relay.
    There(Remote),
    /// The owner refused the `hello`: this error frame, then this close.
    Refused(String, Closing),
    /// Somebody holds the room but could not be reached.
    Unreachable,
}

/// A connection the owner of its room has opened for this edge.
pub struct Remote {
    /// The owner's subject for the client's messages.
    to: String,
    /// The frames for the client.
    frames: Subscriber,
}

/// Where the WebSocket of a client of `code` is served, asking the room's owner if another node
/// holds it.
pub async fn open(server: &Arc<Server>, code: &str, lang: Lang, hello: &str) -> Opened {
    let Some(relay) = server.relay.get() else { return Opened::Here };
    if !crate::plausible_room_code(code) || server.rooms.get(code).is_some() {
        return Opened::Here;
    }
    let to = relay.client.new_inbox();
    let Ok(frames) = relay.client.subscribe(to.clone()).await else { return Opened::Unreachable };
    let open = Open { to, lang: lang_code(lang).into(), hello: hello.into() };
    let Ok(open) = serde_json::to_vec(&open) else { return Opened::Here };
    match relay.client.request_with_headers(room_subject(code), headers(Kind::Open), open.into()).await {
        Ok(answer) => match kind_of(&answer) {
            Some(Kind::Opened) => match String::from_utf8(answer.payload.to_vec()) {
                Ok(to) => Opened::There(Remote { to, frames }),
                Err(_) => Opened::Unreachable,
            },
            Some(Kind::Refused) => {
                let frame = String::from_utf8_lossy(&answer.payload).into_owned();
                let closing = closing_of(header_of(&answer, "Tapis-Close").unwrap_or("").as_bytes());
                Opened::Refused(frame, closing)
            }
            // The room left the owner's memory as it was asked: nobody holds it now.
            _ => Opened::Here,
        },
        Err(e) if e.kind() == async_nats::client::RequestErrorKind::NoResponders => Opened::Here,
        Err(e) => {
            tracing::warn!(room = %code, error = %e, "the owner of a room could not be reached");
            Opened::Unreachable
        }
    }
}

/// While the room `code` is in this node's memory, answers the other nodes' questions about it:
/// opens the connections of their clients, answers their HTTP calls. Does nothing without a relay.
/// Returns once the subscription is on its way to NATS, so that the room is found as soon as it
/// is announced.
pub async fn serve_room(server: &Arc<Server>, code: &str, room: &RoomHandle) {
    let Some(relay) = server.relay.get() else { return };
    let (server, code, room, client) = (server.clone(), code.to_string(), room.clone(), relay.client.clone());
    let mut asked = match client.subscribe(room_subject(&code)).await {
        Ok(asked) => asked,
        Err(e) => {
            tracing::error!(room = %code, error = %e, "the room cannot be served to other nodes");
            return;
        }
    };
    let _ = client.flush().await;
    tokio::spawn(async move {
        let mut stopping = server.stopping.clone();
        loop {
            let question = tokio::select! {
                question = asked.next() => question,
                () = room.inbox.closed() => None,
                _ = crate::stopped(&mut stopping) => None,
            };
            let Some(question) = question else { break };
            match kind_of(&question) {
                Some(Kind::Open) => {
                    tokio::spawn(remote_connection(server.clone(), room.clone(), client.clone(), question));
                }
                Some(Kind::Http) => {
                    tokio::spawn(remote_http(server.clone(), client.clone(), question));
                }
                _ => {}
            }
        }
        let _ = asked.unsubscribe().await;
    });
}

/// What the owner and the edge share of a connection's flow: the bytes the edge has written.
#[derive(Default)]
struct Credit {
    written: AtomicU64,
    wake: Notify,
}

/// On the owner: a connection of a client of another node, attached to `room` as a socket of
/// its own would be, until the client leaves, the edge goes silent, or the room lets it go.
async fn remote_connection(server: Arc<Server>, room: RoomHandle, client: Client, question: async_nats::Message) {
    let Some(answer_to) = question.reply.clone() else { return };
    let Ok(open) = serde_json::from_slice::<Open>(&question.payload) else { return };
    let lang = if open.lang == "fr" { Lang::Fr } else { Lang::En };
    let refuse = |error: ApiError, lang: Lang| {
        let mut headers = headers(Kind::Refused);
        headers.insert("Tapis-Close", closing_text(ws::closing_for(&error)).as_str());
        let (client, answer_to) = (client.clone(), answer_to.clone());
        async move {
            let frame = frames::error(&error, lang);
            let _ = client.publish_with_headers(answer_to, headers, frame.into()).await;
        }
    };
    let hello = match ws::read_hello(&open.hello, lang) {
        Ok(hello) => hello,
        Err(error) => return refuse(error, lang).await,
    };
    let lang = hello.lang.unwrap_or(lang);
    let token = match hello.token {
        ws::Token::Absent => None,
        ws::Token::Given(token) => Some(token),
        ws::Token::NotAString => return refuse(ApiError::BadToken, lang).await,
    };
    let from = client.new_inbox();
    let Ok(mut incoming) = client.subscribe(from.clone()).await else { return };
    let id = server.next_connection.fetch_add(1, Ordering::Relaxed);
    let outbox = Arc::new(Outbox::new(server.config.outbox_bytes));
    let (reply, connected) = oneshot::channel();
    let connect = RoomMsg::Connect {
        conn: id,
        token,
        since: hello.since,
        lang,
        auto_forced: hello.auto_forced,
        outbox: outbox.clone(),
        reply,
    };
    if room.inbox.send(connect).await.is_err() {
        let _ = client.publish_with_headers(answer_to, headers(Kind::Gone), Bytes::new()).await;
        return;
    }
    match connected.await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => return refuse(error, lang).await,
        Err(_) => {
            let _ = client.publish_with_headers(answer_to, headers(Kind::Gone), Bytes::new()).await;
            return;
        }
    }
    if client.publish_with_headers(answer_to, headers(Kind::Opened), Bytes::from(from)).await.is_err() {
        let _ = room.inbox.send(RoomMsg::Disconnect { conn: id }).await;
        return;
    }
    let credit = Arc::new(Credit::default());
    let mut writer =
        tokio::spawn(owner_writer(server.clone(), room.clone(), client, open.to, outbox.clone(), credit.clone()));
    let (errors, mut errors_out) = mpsc::channel::<(ApiError, bool)>(16);
    let mut reader = Reader::new(&server, id, lang);
    let inbox = room.inbox.clone();
    let mut written = false;
    loop {
        let message = tokio::select! {
            m = tokio::time::timeout(SILENCE, incoming.next()) => m,
            Some((error, close)) = errors_out.recv() => {
                let _ = inbox.send(RoomMsg::Error { conn: id, code: error, close }).await;
                if close { break; }
                continue;
            }
            _ = &mut writer => {
                written = true;
                break;
            }
        };
        // Silence: the edge is gone.
        let Ok(Some(message)) = message else { break };
        let step = match kind_of(&message) {
            Some(Kind::Text) => match std::str::from_utf8(&message.payload) {
                Ok(text) => reader.text(Some(text)),
                Err(_) => Step::Refuse(reader.binary(), false),
            },
            Some(Kind::Oversized) => reader.text(None),
            Some(Kind::Binary) => Step::Refuse(reader.binary(), false),
            // A frame over the protocol's limit, or a broken socket.
            Some(Kind::Broken) => {
                let _ = inbox.send(RoomMsg::Error { conn: id, code: ApiError::TooLarge, close: true }).await;
                break;
            }
            Some(Kind::Closed) => break,
            Some(Kind::Ack) => {
                if let Some(bytes) = std::str::from_utf8(&message.payload).ok().and_then(|b| b.parse().ok()) {
                    credit.written.fetch_max(bytes, Ordering::Relaxed);
                    credit.wake.notify_one();
                }
                Step::Skip
            }
            _ => Step::Skip,
        };
        if !step.dispatch(&inbox, &errors).await {
            break;
        }
    }
    let _ = incoming.unsubscribe().await;
    if inbox.send(RoomMsg::Disconnect { conn: id }).await.is_err() {
        outbox.close(Closing::RESTART);
    }
    let write_timeout = server.config.write_timeout;
    if !written && tokio::time::timeout(write_timeout + SILENCE, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// On the owner: what the room queued for a relayed connection, sent to the edge's subject `to`
/// in order, a batch a message, never more than [`WINDOW`] ahead of what the edge has written.
async fn owner_writer(
    server: Arc<Server>,
    room: RoomHandle,
    client: Client,
    to: String,
    outbox: Arc<Outbox>,
    credit: Arc<Credit>,
) {
    let write_timeout = server.config.write_timeout;
    let mut stopping = server.stopping.clone();
    let mut sent: u64 = 0;
    let mut batch = Vec::new();
    loop {
        let (frames, closing) = tokio::select! {
            taken = outbox.take() => taken,
            // This node stops, or lets the room go: the client reconnects to its next owner.
            _ = crate::stopped(&mut stopping) => (Default::default(), Some(Closing::RESTART)),
            () = room.inbox.closed() => (Default::default(), Some(Closing::RESTART)),
            () = tokio::time::sleep(HEARTBEAT) => {
                if client.publish_with_headers(to.clone(), headers(Kind::Beat), Bytes::new()).await.is_err() {
                    outbox.close(Closing::RESTART);
                }
                continue;
            }
        };
        // In messages of at most [`WINDOW`] bytes (a larger frame alone), whatever the batch:
        // a client catching up gets a budget's worth at once, more than NATS carries in one.
        let mut frames = frames.into_iter().peekable();
        while frames.peek().is_some() {
            batch.clear();
            while let Some(frame) =
                frames.next_if(|frame| batch.is_empty() || batch.len() + 1 + frame.len() <= WINDOW as usize)
            {
                if !batch.is_empty() {
                    batch.push(b'\n');
                }
                batch.extend_from_slice(frame.as_bytes());
            }
            // The edge writes at its client's pace: a client that does not read leaves its
            // frames here, in the outbox and its budget, and is dropped as too slow as long as a
            // local write may take.
            let room_ahead = tokio::time::timeout(write_timeout, async {
                loop {
                    let woken = credit.wake.notified();
                    if sent.saturating_sub(credit.written.load(Ordering::Relaxed)) <= WINDOW {
                        return;
                    }
                    woken.await;
                }
            })
            .await;
            sent += batch.len() as u64;
            let published = match room_ahead {
                Ok(()) => {
                    client.publish_with_headers(to.clone(), headers(Kind::Frames), Bytes::copy_from_slice(&batch)).await
                }
                Err(_) => {
                    outbox.close(Closing::TOO_SLOW);
                    let _ = client
                        .publish_with_headers(to, headers(Kind::Close), closing_text(Closing::TOO_SLOW).into())
                        .await;
                    return;
                }
            };
            if published.is_err() {
                outbox.close(Closing::RESTART);
                return;
            }
        }
        if let Some(closing) = closing {
            let _ = client.publish_with_headers(to, headers(Kind::Close), closing_text(closing).into()).await;
            return;
        }
    }
}

/// On the edge: serves a client's socket from the room's owner, until either end closes.
pub async fn edge(
    server: Arc<Server>,
    remote: Remote,
    sink: SplitSink<WebSocket, Message>,
    mut stream: SplitStream<WebSocket>,
) {
    let Some(relay) = server.relay.get() else { return };
    let Remote { to, frames } = remote;
    let client = relay.client.clone();
    let mut writer = tokio::spawn(edge_writer(server.clone(), client.clone(), to.clone(), frames, sink));
    let mut written = false;
    let mut beat = tokio::time::interval(HEARTBEAT);
    beat.reset();
    loop {
        let message = tokio::select! {
            m = stream.next() => m,
            _ = beat.tick() => {
                let _ = client.publish_with_headers(to.clone(), headers(Kind::Beat), Bytes::new()).await;
                continue;
            }
            // The writer ended: the owner closed the connection, went silent, or the client is
            // too slow.
            _ = &mut writer => {
                written = true;
                break;
            }
        };
        let (kind, payload) = match message {
            Some(Ok(Message::Text(text))) if text.len() > ws::MAX_MESSAGE => (Kind::Oversized, Bytes::new()),
            Some(Ok(Message::Text(text))) => (Kind::Text, Bytes::copy_from_slice(text.as_bytes())),
            Some(Ok(Message::Binary(_))) => (Kind::Binary, Bytes::new()),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_))) | None => break,
            Some(Err(_)) => (Kind::Broken, Bytes::new()),
        };
        beat.reset();
        if client.publish_with_headers(to.clone(), headers(kind), payload).await.is_err() || kind == Kind::Broken {
            break;
        }
    }
    // The owner lets the connection go and closes it (after the error frame that ended it, if
    // any); the writer sends what is left, then the close frame.
    let _ = client.publish_with_headers(to, headers(Kind::Closed), Bytes::new()).await;
    let wait = server.config.write_timeout + SILENCE;
    if !written && tokio::time::timeout(wait, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// On the edge: writes the owner's frames to the client's socket, acknowledging each batch once
/// written; closes the socket as the owner says, or with [`Closing::RESTART`] when the owner
/// goes silent.
async fn edge_writer(
    server: Arc<Server>,
    client: Client,
    to: String,
    mut frames: Subscriber,
    mut sink: SplitSink<WebSocket, Message>,
) {
    let write_timeout = server.config.write_timeout;
    let mut stopping = server.stopping.clone();
    let mut written: u64 = 0;
    loop {
        let message = tokio::select! {
            m = tokio::time::timeout(SILENCE, frames.next()) => m,
            _ = crate::stopped(&mut stopping) => {
                let _ = client.publish_with_headers(to, headers(Kind::Closed), Bytes::new()).await;
                ws::close_with(&mut sink, None, Closing::GOING_AWAY).await;
                return;
            }
        };
        let Ok(Some(message)) = message else {
            ws::close_with(&mut sink, None, Closing::RESTART).await;
            return;
        };
        match kind_of(&message) {
            Some(Kind::Frames) => {
                let batch = message.payload;
                let sent = tokio::time::timeout(write_timeout, async {
                    let mut start = 0;
                    while start < batch.len() {
                        let end = batch[start..].iter().position(|b| *b == b'\n').map_or(batch.len(), |at| start + at);
                        if let Ok(frame) = Utf8Bytes::try_from(batch.slice(start..end)) {
                            sink.feed(Message::Text(frame)).await?;
                        }
                        start = end + 1;
                    }
                    sink.flush().await
                })
                .await;
                if !matches!(sent, Ok(Ok(()))) {
                    // Too slow, or gone: dropped without waiting any longer.
                    let _ = client.publish_with_headers(to, headers(Kind::Closed), Bytes::new()).await;
                    return;
                }
                written += batch.len() as u64;
                let _ =
                    client.publish_with_headers(to.clone(), headers(Kind::Ack), Bytes::from(written.to_string())).await;
            }
            Some(Kind::Close) => {
                let closing = closing_of(&message.payload);
                if closing != Closing::TOO_SLOW {
                    ws::close_with(&mut sink, None, closing).await;
                }
                return;
            }
            _ => {}
        }
    }
}

/// Marks an HTTP request relayed from another node: served here, never relayed again.
#[derive(Clone, Copy)]
struct Relayed;

/// The room an HTTP call of SERVER.md is about, when it is one the room's owner answers (the
/// WebSocket's upgrade is not: it is relayed once open).
fn room_of_call(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/rooms/")?;
    match rest.split_once('/') {
        None => Some(rest),
        Some((code, "join" | "record" | "replay" | "rounds")) => Some(code),
        Some(_) => None,
    }
}

/// The largest part of an answer sent in one message between nodes (NATS's own limit is a
/// megabyte by default; a replay may be larger).
const PART: usize = 512 * 1024;

/// The HTTP calls about a room another node holds: asked of that node, answered as it answers.
pub async fn http(State(server): State<Arc<Server>>, request: Request, next: Next) -> Response {
    let Some(relay) = server.relay.get() else { return next.run(request).await };
    let code = match room_of_call(request.uri().path()) {
        Some(code) if request.extensions().get::<Relayed>().is_none() => code.to_string(),
        _ => return next.run(request).await,
    };
    if !crate::plausible_room_code(&code) || server.rooms.get(&code).is_some() {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let body = match crate::http::read_body(&server, body).await {
        Ok(body) => body,
        Err(error) => return error.into_response(),
    };
    let mut asked = headers(Kind::Http);
    asked.insert("Tapis-Method", parts.method.as_str());
    asked.insert("Tapis-Uri", parts.uri.path_and_query().map_or("/", |p| p.as_str()));
    for name in [header::ACCEPT_LANGUAGE, header::CONTENT_TYPE] {
        if let Some(value) = parts.headers.get(&name).and_then(|v| v.to_str().ok()) {
            asked.insert(name.as_str(), value);
        }
    }
    for attempt in 0..3 {
        match ask_http(relay, &code, &asked, &body).await {
            Some(Some((status, content_type, whole))) => {
                let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
                return (status, [(header::CONTENT_TYPE, content_type)], whole).into_response();
            }
            // Nobody holds the room: this node opens it, unless another is just opening it
            // (then asked again).
            Some(None) => match server.room(&code).await {
                Err(ApiError::Elsewhere(_)) if attempt < 2 => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                _ => break,
            },
            None => {
                tracing::warn!(room = %code, "the owner of a room did not answer an HTTP call");
                return ApiError::Internal.into_response();
            }
        }
    }
    next.run(Request::from_parts(parts, Body::from(body))).await
}

/// An HTTP call asked of the owner of `code`: its status, type and body; `Some(None)` if nobody
/// holds the room; `None` if its owner did not answer.
async fn ask_http(
    relay: &Relay,
    code: &str,
    asked: &HeaderMap,
    body: &Bytes,
) -> Option<Option<(u16, String, Vec<u8>)>> {
    {
        let to = relay.client.new_inbox();
        let mut answers = relay.client.subscribe(to.clone()).await.ok()?;
        relay.client.publish_with_reply_and_headers(room_subject(code), to, asked.clone(), body.clone()).await.ok()?;
        let first = tokio::time::timeout(ASK_WITHIN, answers.next()).await.ok()??;
        if first.status == Some(async_nats::StatusCode::NO_RESPONDERS) || kind_of(&first) != Some(Kind::Answer) {
            return Some(None);
        }
        let status = header_of(&first, "Tapis-Status").and_then(|s| s.parse::<u16>().ok())?;
        let content_type = header_of(&first, "Tapis-Content-Type").unwrap_or("application/json").to_string();
        let parts: usize = header_of(&first, "Tapis-Parts").and_then(|n| n.parse().ok())?;
        let mut whole = first.payload.to_vec();
        for _ in 1..parts {
            let part = tokio::time::timeout(ASK_WITHIN, answers.next()).await.ok()??;
            whole.extend_from_slice(&part.payload);
        }
        Some(Some((status, content_type, whole)))
    }
}

/// On the owner: an HTTP call a client made on another node, answered by this node's routes.
async fn remote_http(server: Arc<Server>, client: Client, question: async_nats::Message) {
    let Some(answer_to) = question.reply.clone() else { return };
    let mut request = Request::builder()
        .method(header_of(&question, "Tapis-Method").unwrap_or("GET"))
        .uri(header_of(&question, "Tapis-Uri").unwrap_or("/"));
    for name in [header::ACCEPT_LANGUAGE, header::CONTENT_TYPE] {
        if let Some(value) = header_of(&question, name.as_str()) {
            request = request.header(name, value);
        }
    }
    let Ok(mut request) = request.body(Body::from(question.payload.clone())) else { return };
    request.extensions_mut().insert(Relayed);
    let Ok(response) = tower::ServiceExt::oneshot(crate::http::router(server), request).await;
    let (parts, body) = response.into_parts();
    let Ok(body) = axum::body::to_bytes(body, usize::MAX).await else { return };
    let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mut first = headers(Kind::Answer);
    first.insert("Tapis-Status", parts.status.as_u16().to_string().as_str());
    first.insert("Tapis-Content-Type", content_type);
    let count = body.len().div_ceil(PART).max(1);
    first.insert("Tapis-Parts", count.to_string().as_str());
    let end = body.len().min(PART);
    if client.publish_with_headers(answer_to.clone(), first, body.slice(..end)).await.is_err() {
        return;
    }
    for at in (PART..body.len()).step_by(PART) {
        let part = body.slice(at..(at + PART).min(body.len()));
        if client.publish_with_headers(answer_to.clone(), headers(Kind::Part), part).await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_and_close_is_read_back_as_sent() {
        for kind in Kind::ALL {
            let message = async_nats::Message {
                subject: "s".into(),
                reply: None,
                payload: Bytes::new(),
                headers: Some(headers(kind)),
                status: None,
                description: None,
                length: 0,
            };
            assert_eq!(kind_of(&message), Some(kind));
        }
        for closing in [Closing::NORMAL, Closing::TOO_SLOW, Closing::REPLACED, Closing::TOO_BIG, Closing::RESTART] {
            assert_eq!(closing_of(closing_text(closing).as_bytes()), closing);
        }
        assert_eq!(closing_of(b"4000 made up"), Closing::POLICY);
    }

    #[test]
    fn only_the_calls_about_a_room_are_relayed() {
        assert_eq!(room_of_call("/api/rooms/abcdefghjkmnpqrs"), Some("abcdefghjkmnpqrs"));
        assert_eq!(room_of_call("/api/rooms/abcdefghjkmnpqrs/join"), Some("abcdefghjkmnpqrs"));
        assert_eq!(room_of_call("/api/rooms/abcdefghjkmnpqrs/replay"), Some("abcdefghjkmnpqrs"));
        assert_eq!(room_of_call("/api/rooms/abcdefghjkmnpqrs/ws"), None);
        assert_eq!(room_of_call("/api/rooms"), None);
        assert_eq!(room_of_call("/api/health"), None);
    }
}
