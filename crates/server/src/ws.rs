//! One WebSocket per connected person: `hello` first, then `act`, `chat`, `rematch` and
//! `settings` (whether the table plays the person's only move for them: `auto_forced`, also a
//! field of `hello`). Each
//! connection has its own reader (limits, rate, parsing) and writer (frames from its room).

use crate::room::{CONNECTION_QUEUE, RoomMsg};
use crate::{ApiError, Lang, Server, frames, http::lang_of};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Map, Value};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

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
    let count = server.connections.fetch_add(1, Ordering::Relaxed) + 1;
    let _guard = Guard(server.clone());
    let close_with = |error: ApiError, lang: Lang| Message::Text(frames::error(&error, lang).into());
    if count > server.config.max_connections {
        let _ = sink.send(close_with(ApiError::TooManyConnections, lang)).await;
        let _ = sink.close().await;
        return;
    }
    // hello first
    let hello = match tokio::time::timeout(HELLO_WITHIN, stream.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => text,
        _ => {
            let _ = sink
                .send(close_with(
                    ApiError::BadRequest(lang.pick("« hello » attendu", "expected \"hello\"").into()),
                    lang,
                ))
                .await;
            let _ = sink.close().await;
            return;
        }
    };
    let hello = match parse(&hello, lang) {
        Ok(m) if m.get("type").and_then(Value::as_str) == Some("hello") => m,
        Ok(_) => {
            let error = ApiError::BadRequest(
                lang.pick("le premier message est « hello »", "the first message is \"hello\"").into(),
            );
            let _ = sink.send(close_with(error, lang)).await;
            let _ = sink.close().await;
            return;
        }
        Err(error) => {
            let _ = sink.send(close_with(error, lang)).await;
            let _ = sink.close().await;
            return;
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
            let _ = sink.send(close_with(ApiError::BadToken, lang)).await;
            let _ = sink.close().await;
            return;
        }
    };
    let since = hello.get("since").and_then(Value::as_u64);
    let auto_forced = hello.get("auto_forced").and_then(Value::as_bool);
    let Some(room) = server.rooms.read().await.get(&code).cloned() else {
        let _ = sink.send(close_with(ApiError::NoRoom, lang)).await;
        let _ = sink.close().await;
        return;
    };
    let id = server.next_connection.fetch_add(1, Ordering::Relaxed);
    let (frames_in, mut frames_out) = mpsc::channel::<String>(CONNECTION_QUEUE);
    let (reply, connected) = oneshot::channel();
    let connect = RoomMsg::Connect { conn: id, token, since, lang, auto_forced, frames: frames_in, reply };
    if room.inbox.send(connect).await.is_err() {
        return;
    }
    match connected.await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            let _ = sink.send(close_with(error, lang)).await;
            let _ = sink.close().await;
            return;
        }
        Err(_) => return,
    }
    // The writer: frames from the room, in order, until the room drops this connection.
    let writer = tokio::spawn(async move {
        while let Some(frame) = frames_out.recv().await {
            if sink.send(Message::Text(frame.into())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let (errors, mut errors_out) = mpsc::channel::<(ApiError, bool)>(16);
    let (burst, per_second) = (server.config.burst, server.config.per_second);
    let mut rate = Rate { tokens: burst, burst, per_second, last: tokio::time::Instant::now(), refused: 0 };
    let inbox = room.inbox.clone();
    loop {
        let message = tokio::select! {
            m = stream.next() => m,
            Some((error, close)) = errors_out.recv() => {
                let _ = inbox.send(RoomMsg::Error { conn: id, code: error, close }).await;
                if close { break; }
                continue;
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
        let message = match parse(&text, lang) {
            Ok(m) => m,
            Err(error) => {
                let _ = errors.try_send((error, false));
                continue;
            }
        };
        let request = match message.get("type").and_then(Value::as_str) {
            Some("act") => {
                let seq = message.get("seq").and_then(Value::as_u64);
                let action = message.get("action").and_then(Value::as_str);
                match (seq, action) {
                    (Some(seq), Some(action)) if action.chars().count() <= 100 => {
                        RoomMsg::Act { conn: id, seq, action: action.to_string() }
                    }
                    (Some(_), Some(_)) => {
                        let _ = errors.try_send((
                            ApiError::BadRequest(lang.pick("action trop longue", "action too long").into()),
                            false,
                        ));
                        continue;
                    }
                    _ => {
                        let why = lang.pick(
                            "« act » demande « seq » (entier) et « action » (chaîne)",
                            "\"act\" needs \"seq\" (an integer) and \"action\" (a string)",
                        );
                        let _ = errors.try_send((ApiError::BadRequest(why.into()), false));
                        continue;
                    }
                }
            }
            Some("chat") => match message.get("text").and_then(Value::as_str) {
                Some(text) if (1..=MAX_CHAT).contains(&text.trim().chars().count()) => {
                    RoomMsg::Chat { conn: id, text: text.trim().to_string() }
                }
                _ => {
                    let why = match lang {
                        Lang::Fr => format!("un message de discussion a de 1 à {MAX_CHAT} caractères"),
                        Lang::En => format!("a chat line is 1 to {MAX_CHAT} characters long"),
                    };
                    let _ = errors.try_send((ApiError::BadRequest(why), false));
                    continue;
                }
            },
            Some("rematch") => RoomMsg::Rematch { conn: id },
            Some("settings") => match message.get("auto_forced").map(Value::as_bool) {
                Some(Some(auto_forced)) => RoomMsg::Settings { conn: id, auto_forced },
                _ => {
                    let why = lang.pick(
                        "« settings » demande « auto_forced » (vrai ou faux)",
                        "\"settings\" needs \"auto_forced\" (true or false)",
                    );
                    let _ = errors.try_send((ApiError::BadRequest(why.into()), false));
                    continue;
                }
            },
            Some("hello") => {
                let why = lang.pick("« hello » une seule fois, au début", "\"hello\" only once, first");
                let _ = errors.try_send((ApiError::BadRequest(why.into()), false));
                continue;
            }
            _ => {
                let why = lang.pick(
                    "type inconnu : act, chat, rematch ou settings",
                    "unknown type: act, chat, rematch or settings",
                );
                let _ = errors.try_send((ApiError::BadRequest(why.into()), false));
                continue;
            }
        };
        if inbox.send(request).await.is_err() {
            break;
        }
    }
    let _ = inbox.send(RoomMsg::Disconnect { conn: id }).await;
    let _ = writer.await;
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
