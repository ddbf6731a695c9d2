//! One WebSocket per connected person: `hello` first, then `act`, `chat`, `rematch`,
//! `hand_over` (the host's) and `settings` (whether the table plays the person's only move for
//! them: `auto_forced`, also a field of `hello`). Each connection has its own reader (limits,
//! rate, parsing) and writer: the writer sends whatever the room queued in its [`Outbox`] in one
//! socket write, and drops the connection when a write takes longer than the server's write
//! timeout or the outbox outgrows its budget (a client that does not read). Every close carries a
//! close code.

use crate::outbox::{Closing, Outbox};
use crate::room::RoomMsg;
use crate::{ApiError, Lang, Server, frames, http::lang_of};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How long a close frame may take to go out.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);

/// Sends `frame` (if any), then a close frame with `closing`'s code, each within a short time.
async fn close_with(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    frame: Option<String>,
    closing: Closing,
) {
    let _ = tokio::time::timeout(CLOSE_WITHIN, async {
        if let Some(frame) = frame {
            sink.send(Message::Text(frame.into())).await?;
        }
        sink.send(Message::Close(Some(CloseFrame { code: closing.code, reason: closing.reason.into() }))).await
    })
    .await;
}

/// The close code after an error frame: 1009 for a message too large, 1008 otherwise.
pub fn closing_for(error: &ApiError) -> Closing {
    match error {
        ApiError::TooLarge => Closing::TOO_BIG,
        ApiError::TooManyConnections | ApiError::RoomFull => Closing { code: 1013, reason: "try again later" },
        ApiError::Internal | ApiError::DamagedRoom => Closing { code: 1011, reason: "server error" },
        _ => Closing::POLICY,
    }
}

/// The largest message a client may send.
pub const MAX_MESSAGE: usize = 64 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 500;
/// How long a client has to say `hello`.
pub const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Messages a connection may send in a burst, and per second after it, by default: far more
/// than a person or a fast bot sends, far less than a flood.
pub const BURST: f64 = 200.0;
pub const PER_SECOND: f64 = 100.0;
/// Messages refused for flooding before the connection is closed.
pub const FLOOD_CLOSE: u32 = 200;

pub async fn upgrade(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(code): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let lang = lang_of(&headers);
    // Frames a little over the limit still arrive whole, so that they can be answered
    // `too_large` before the connection closes; larger ones are cut by the protocol layer.
    // Small buffers: a connection's messages are small, and a 128 KiB read buffer (the default)
    // is zeroed on every read.
    ws.max_message_size(MAX_MESSAGE * 4)
        .read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| async move { connection(server, code, lang, socket).await })
        .into_response()
}

struct Guard(Arc<Server>);

impl Drop for Guard {
    fn drop(&mut self) {
        self.0.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A token bucket: `burst` messages at once, `per_second` after.
struct Rate {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: tokio::time::Instant,
    refused: u32,
}

impl Rate {
    fn allow(&mut self) -> bool {
        let now = tokio::time::Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_second).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.refused += 1;
            false
        }
    }
}

async fn connection(server: Arc<Server>, code: String, lang: Lang, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    server.connections.fetch_add(1, Ordering::Relaxed);
    let _guard = Guard(server.clone());
    let refuse = |error: ApiError, lang: Lang| (Some(frames::error(&error, lang)), closing_for(&error));
    // hello first
    let hello = match tokio::time::timeout(HELLO_WITHIN, stream.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => text,
        _ => {
            let error = ApiError::BadRequest(lang.pick("« hello » attendu", "expected \"hello\"").into());
            let (frame, closing) = refuse(error, lang);
            return close_with(&mut sink, frame, closing).await;
        }
    };
    let hello = match parse(&hello, lang) {
        Ok(m) if m.get("type").and_then(Value::as_str) == Some("hello") => m,
        Ok(_) => {
            let error = ApiError::BadRequest(
                lang.pick("le premier message est « hello »", "the first message is \"hello\"").into(),
            );
            let (frame, closing) = refuse(error, lang);
            return close_with(&mut sink, frame, closing).await;
        }
        Err(error) => {
            let (frame, closing) = refuse(error, lang);
            return close_with(&mut sink, frame, closing).await;
        }
    };
    let lang = match hello.get("lang").and_then(Value::as_str) {
        Some("fr") => Lang::Fr,
        Some("en") => Lang::En,
        _ => lang,
    };
    let token = match hello.get("token") {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) => Some(t.clone()),
        Some(_) => {
            let (frame, closing) = refuse(ApiError::BadToken, lang);
            return close_with(&mut sink, frame, closing).await;
        }
    };
    let since = hello.get("since").and_then(Value::as_u64);
    let auto_forced = hello.get("auto_forced").and_then(Value::as_bool);
    let id = server.next_connection.fetch_add(1, Ordering::Relaxed);
    let outbox = Arc::new(Outbox::new(server.config.outbox_bytes));
    // The room may leave memory just as it is asked: asked again, from the store.
    let mut joined = None;
    for _ in 0..3 {
        let room = match server.room(&code).await {
            Ok(room) => room,
            Err(error) => {
                let (frame, closing) = refuse(error, lang);
                return close_with(&mut sink, frame, closing).await;
            }
        };
        let (reply, connected) = oneshot::channel();
        let connect = RoomMsg::Connect {
            conn: id,
            token: token.clone(),
            since,
            lang,
            auto_forced,
            outbox: outbox.clone(),
            reply,
        };
        if room.inbox.send(connect).await.is_err() {
            continue;
        }
        match connected.await {
            Ok(Ok(())) => {
                joined = Some(room);
                break;
            }
            Ok(Err(error)) => {
                let (frame, closing) = refuse(error, lang);
                return close_with(&mut sink, frame, closing).await;
            }
            Err(_) => continue,
        }
    }
    let Some(room) = joined else {
        let (frame, closing) = refuse(ApiError::Internal, lang);
        return close_with(&mut sink, frame, closing).await;
    };
    // The writer: what the room queued, in order and batched, until the connection closes.
    let write_timeout = server.config.write_timeout;
    let mut stopping = server.stopping.clone();
    let writing = outbox.clone();
    let mut writer = tokio::spawn(async move {
        loop {
            let (frames, closing) = tokio::select! {
                taken = writing.take() => taken,
                _ = crate::stopped(&mut stopping) => (Default::default(), Some(Closing::GOING_AWAY)),
            };
            if !frames.is_empty() {
                let sent = tokio::time::timeout(write_timeout, async {
                    for frame in frames {
                        sink.feed(Message::Text(frame)).await?;
                    }
                    sink.flush().await
                })
                .await;
                if !matches!(sent, Ok(Ok(()))) {
                    // Too slow, or gone: dropped without waiting any longer.
                    writing.close(Closing::TOO_SLOW);
                    return;
                }
            }
            if let Some(closing) = closing {
                if closing != Closing::TOO_SLOW {
                    close_with(&mut sink, None, closing).await;
                }
                return;
            }
        }
    });
    let (errors, mut errors_out) = mpsc::channel::<(ApiError, bool)>(16);
    let (burst, per_second) = (server.config.burst, server.config.per_second);
    let mut rate = Rate { tokens: burst, burst, per_second, last: tokio::time::Instant::now(), refused: 0 };
    let inbox = room.inbox.clone();
    let mut written = false;
    loop {
        let message = tokio::select! {
            m = stream.next() => m,
            Some((error, close)) = errors_out.recv() => {
                let _ = inbox.send(RoomMsg::Error { conn: id, code: error, close }).await;
                if close { break; }
                continue;
            }
            // The writer ended: the room dropped this connection, the client is too slow, or
            // the server stops.
            _ = &mut writer => {
                written = true;
                break;
            }
        };
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                let _ = errors.try_send((
                    ApiError::BadRequest(lang.pick("les messages sont du texte JSON", "messages are JSON text").into()),
                    false,
                ));
                continue;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_))) | None => break,
            Some(Err(_)) => {
                // A frame over the protocol's limit, or a broken connection.
                let _ = inbox.send(RoomMsg::Error { conn: id, code: ApiError::TooLarge, close: true }).await;
                break;
            }
        };
        if !rate.allow() {
            let close = rate.refused >= FLOOD_CLOSE;
            if rate.refused == 1 || rate.refused.is_multiple_of(20) || close {
                let _ = errors.try_send((ApiError::RateLimited, close));
            }
            continue;
        }
        if text.len() > MAX_MESSAGE {
            let _ = errors.try_send((ApiError::TooLarge, true));
            continue;
        }
        let refused = |why: String| {
            let _ = errors.try_send((ApiError::BadRequest(why), false));
        };
        let request = match read(&text, lang) {
            Ok(ClientMsg::Act { seq, action }) if action.chars().count() <= MAX_ACTION => {
                RoomMsg::Act { conn: id, seq, action }
            }
            Ok(ClientMsg::Act { .. }) => {
                refused(lang.pick("action trop longue", "action too long").into());
                continue;
            }
            Ok(ClientMsg::Chat { text }) => match crate::text::clean(&text) {
                Some(clean) if text.chars().count() <= MAX_CHAT => RoomMsg::Chat { conn: id, text: clean },
                _ => {
                    refused(chat_rule(lang));
                    continue;
                }
            },
            Ok(ClientMsg::Rematch {}) => RoomMsg::Rematch { conn: id },
            Ok(ClientMsg::Settings { auto_forced }) => RoomMsg::Settings { conn: id, auto_forced },
            Ok(ClientMsg::HandOver { seat }) => match u8::try_from(seat) {
                Ok(seat) => RoomMsg::HandOver { conn: id, seat },
                Err(_) => {
                    refused(hand_over_rule(lang).into());
                    continue;
                }
            },
            Ok(ClientMsg::Hello {}) => {
                refused(lang.pick("« hello » une seule fois, au début", "\"hello\" only once, first").into());
                continue;
            }
            Err(error) => {
                let _ = errors.try_send((error, false));
                continue;
            }
        };
        if inbox.send(request).await.is_err() {
            break;
        }
    }
    // The room closes the outbox once it has let the connection go (after the error frame that
    // ended it, if any); the writer sends what is left, then the close frame.
    if inbox.send(RoomMsg::Disconnect { conn: id }).await.is_err() {
        outbox.close(Closing::NORMAL);
    }
    if !written && tokio::time::timeout(write_timeout + CLOSE_WITHIN, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// A message after `hello`, as SERVER.md gives it. Fields a message does not know are ignored
/// (a newer page may say more). A message that does not fit is explained by [`explain`], so that
/// the client reads the same words whatever serde would have said.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum ClientMsg {
    Hello {},
    Act { seq: u64, action: String },
    Chat { text: String },
    Rematch {},
    Settings { auto_forced: bool },
    HandOver { seat: u64 },
}

/// The longest action, in characters (the longest legal one is far shorter).
const MAX_ACTION: usize = 100;

fn read(text: &str, lang: Lang) -> Result<ClientMsg, ApiError> {
    serde_json::from_str(text).map_err(|_| explain(text, lang))
}

/// Why `text` is not a message a client may send.
fn explain(text: &str, lang: Lang) -> ApiError {
    let message = match parse(text, lang) {
        Ok(message) => message,
        Err(error) => return error,
    };
    let why = match message.get("type").and_then(Value::as_str) {
        Some("act") => lang
            .pick(
                "« act » demande « seq » (entier) et « action » (chaîne)",
                "\"act\" needs \"seq\" (an integer) and \"action\" (a string)",
            )
            .into(),
        Some("chat") => chat_rule(lang),
        Some("settings") => lang
            .pick(
                "« settings » demande « auto_forced » (vrai ou faux)",
                "\"settings\" needs \"auto_forced\" (true or false)",
            )
            .into(),
        Some("hand_over") => hand_over_rule(lang).into(),
        _ => lang
            .pick(
                "type inconnu : act, chat, rematch, hand_over ou settings",
                "unknown type: act, chat, rematch, hand_over or settings",
            )
            .into(),
    };
    ApiError::BadRequest(why)
}

fn chat_rule(lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("un message de discussion a de 1 à {MAX_CHAT} caractères, dont un visible"),
        Lang::En => format!("a chat line is 1 to {MAX_CHAT} characters long, one of them visible"),
    }
}

fn hand_over_rule(lang: Lang) -> &'static str {
    lang.pick("« hand_over » demande « seat » (entier)", "\"hand_over\" needs \"seat\" (an integer)")
}

fn parse(text: &str, lang: Lang) -> Result<Map<String, Value>, ApiError> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ApiError::BadRequest(
            lang.pick("un message est un objet JSON avec un « type »", "a message is a JSON object with a \"type\"")
                .into(),
        )),
        Err(_) => {
            Err(ApiError::BadRequest(lang.pick("ce message n'est pas du JSON", "this message is not JSON").into()))
        }
    }
}
