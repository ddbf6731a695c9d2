//! One WebSocket per connected person: `hello` first, then `act`, `chat`, `rematch`,
//! `hand_over` (the host's) and `settings` (whether the table plays the person's only move for
//! them: `auto_forced`, also a field of `hello`). Each connection has its own reader (limits,
//! rate, parsing) and writer: the room writes a frame to the socket itself when nothing waits
//! before it, and the writer sends whatever else the room queued in its [`Outbox`] in one socket
//! write, and drops the connection when a write takes longer than the server's write timeout or
//! the outbox outgrows its budget (a client that does not read). Every close carries a close
//! code.

use crate::http::{AcceptLang, Peer};
use crate::outbox::{Closing, Outbox};
use crate::room::RoomMsg;
use crate::{ApiError, Lang, RoomHandle, Server, frames};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::{IgnoredAny, MapAccess, Visitor};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How long a close frame may take to go out.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);

/// Sends `frame` (if any), then a close frame with `closing`'s code, each within a short time.
pub(crate) async fn close_with(sink: &mut SplitSink<WebSocket, Message>, frame: Option<String>, closing: Closing) {
    let _ = tokio::time::timeout(CLOSE_WITHIN, async {
        if let Some(frame) = frame {
            sink.send(Message::Text(frame.into())).await?;
        }
        sink.send(Message::Close(Some(CloseFrame { code: closing.code, reason: closing.reason.into() }))).await
    })
    .await;
}

/// The close code after an error frame: 1009 for a message too large, 1007 for one that is not
/// UTF-8, 1002 for a frame against the protocol, 1008 otherwise.
pub fn closing_for(error: &ApiError) -> Closing {
    match error {
        ApiError::TooLarge => Closing::TOO_BIG,
        ApiError::NotUtf8 => Closing::NOT_UTF8,
        ApiError::BadFrame => Closing::PROTOCOL,
        // Held by another node, just opening it or not reachable through a relay: a moment later
        // the relay finds it, or its lease runs out and any node takes it.
        ApiError::TooManyConnections | ApiError::RoomFull | ApiError::Elsewhere(_) => {
            Closing { code: 1013, reason: "try again later" }
        }
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
    AcceptLang(lang): AcceptLang,
    Peer(peer): Peer,
    Path(code): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    // A frame, like a message, is cut by the protocol layer as soon as its header says it is
    // over the limit, before `hello` as after: nothing larger is ever buffered (the default
    // frame limit, 16 MiB, let 60 connections take a gigabyte). Answered `too_large`, then
    // closed with 1009. Small buffers: a connection's messages are small, and a 128 KiB read
    // buffer (the default) is zeroed on every read.
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| async move { connection(server, code, lang, peer, socket).await })
        .into_response()
}

/// What a WebSocket's read error calls for: an error frame and its close (a frame too large,
/// not UTF-8, against the protocol), or nothing, the connection being gone.
pub(crate) fn read_error(error: axum::Error) -> Option<ApiError> {
    use tokio_tungstenite::tungstenite::Error;
    match error.into_inner().downcast::<Error>().map(|e| *e) {
        Ok(Error::Capacity(_) | Error::WriteBufferFull(_)) => Some(ApiError::TooLarge),
        Ok(Error::Utf8(_)) => Some(ApiError::NotUtf8),
        Ok(Error::Protocol(_)) => Some(ApiError::BadFrame),
        _ => None,
    }
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

/// What a connection's reader does with a message the client sent.
pub(crate) enum Step {
    /// Asks the room this.
    Room(RoomMsg),
    /// Answered with an error frame, in order with the room's frames; `true`: then closed.
    Refuse(ApiError, bool),
    /// Dropped: a flood, already answered.
    Skip,
}

impl Step {
    /// Does what the step says, for a local or a relayed connection alike: asks the room (false
    /// once it is gone), or queues the refusal, answered in order with the room's frames.
    pub(crate) async fn dispatch(
        self,
        inbox: &mpsc::Sender<RoomMsg>,
        refusals: &mpsc::Sender<(ApiError, bool)>,
    ) -> bool {
        match self {
            Step::Room(request) => return inbox.send(request).await.is_ok(),
            Step::Refuse(error, close) => {
                let _ = refusals.try_send((error, close));
            }
            Step::Skip => {}
        }
        true
    }
}

/// The checks every message of one connection goes through, in this order, whether the
/// connection is on this node or relayed from another ([`crate::relay`]): the flood limit, the
/// size limit, then the message itself.
pub(crate) struct Reader {
    conn: u64,
    lang: Lang,
    rate: Rate,
}

impl Reader {
    pub(crate) fn new(server: &Server, conn: u64, lang: Lang) -> Reader {
        let (burst, per_second) = (server.config.burst, server.config.per_second);
        let rate = Rate { tokens: burst, burst, per_second, last: tokio::time::Instant::now(), refused: 0 };
        Reader { conn, lang, rate }
    }

    /// A text message: `None` for one over [`MAX_MESSAGE`] (its text need not be read).
    pub(crate) fn text(&mut self, text: Option<&str>) -> Step {
        if !self.rate.allow() {
            let refused = self.rate.refused;
            let close = refused >= FLOOD_CLOSE;
            if refused == 1 || refused.is_multiple_of(20) || close {
                return Step::Refuse(ApiError::RateLimited, close);
            }
            return Step::Skip;
        }
        let Some(text) = text.filter(|text| text.len() <= MAX_MESSAGE) else {
            return Step::Refuse(ApiError::TooLarge, true);
        };
        match request(self.conn, text, self.lang) {
            Ok(request) => Step::Room(request),
            Err(error) => Step::Refuse(error, false),
        }
    }

    /// A binary message: refused, the connection stays open.
    pub(crate) fn binary(&self) -> ApiError {
        ApiError::BadRequest(self.lang.pick("les messages sont du texte JSON", "messages are JSON text").into())
    }
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

async fn connection(
    server: Arc<Server>,
    code: String,
    lang: Lang,
    peer: Option<crate::limits::Client>,
    socket: WebSocket,
) {
    let (mut sink, mut stream) = socket.split();
    server.connections.fetch_add(1, Ordering::Relaxed);
    let _guard = Guard(server.clone());
    let (hello, hello_text) = match greeting(&mut stream, lang).await {
        Ok(greeted) => greeted,
        Err(error) => return refuse(&mut sink, error, lang).await,
    };
    let lang = hello.lang.unwrap_or(lang);
    let token = match hello.token {
        Token::Absent => None,
        Token::Given(token) => Some(token),
        Token::NotAString => return refuse(&mut sink, ApiError::BadToken, lang).await,
    };
    let id = server.next_connection.fetch_add(1, Ordering::Relaxed);
    let outbox = Arc::new(Outbox::new(server.config.outbox_bytes));
    let connect = |reply| RoomMsg::Connect {
        conn: id,
        token: token.clone(),
        since: hello.since,
        lang,
        auto_forced: hello.auto_forced,
        outbox: outbox.clone(),
        reply,
    };
    let room = match enter(&server, &code, lang, peer, &hello_text, connect).await {
        Entry::Here(room) => room,
        Entry::There(remote) => return crate::relay::edge(server.clone(), remote, sink, stream).await,
        Entry::Refused(frame, closing) => return close_with(&mut sink, frame, closing).await,
    };
    // The writer: what the room could not write at once, in order and batched, until the
    // connection closes. The room writes the rest itself ([`Outbox::attach`]).
    let write_timeout = server.config.write_timeout;
    let mut stopping = server.stopping.clone();
    let writing = outbox.clone();
    writing.attach(sink);
    let mut writer = tokio::spawn(async move {
        let Some(socket) = writing.socket() else { return };
        loop {
            let stop = tokio::select! {
                () = writing.ready() => false,
                _ = crate::stopped(&mut stopping) => true,
            };
            let mut sink = socket.lock().await;
            let Some(sink_now) = sink.as_mut() else { return };
            let (frames, closing, unflushed) = match stop {
                false => writing.take_now(),
                true => (Default::default(), Some(Closing::GOING_AWAY), false),
            };
            if unflushed || !frames.is_empty() {
                let sent = tokio::time::timeout(write_timeout, async {
                    for frame in frames {
                        sink_now.feed(Message::Text(frame)).await?;
                    }
                    sink_now.flush().await
                })
                .await;
                if !matches!(sent, Ok(Ok(()))) {
                    // Too slow, or gone: dropped without waiting any longer.
                    writing.close(Closing::TOO_SLOW);
                    *sink = None;
                    return;
                }
            }
            if let Some(closing) = closing {
                if closing != Closing::TOO_SLOW {
                    close_with(sink_now, None, closing).await;
                }
                // The socket's sending half goes now, as the writer ends.
                *sink = None;
                return;
            }
        }
    });
    let inbox = room.inbox.clone();
    let written = read_messages(&server, id, lang, stream, &inbox, &outbox, &mut writer).await;
    // The room closes the outbox once it has let the connection go (after the error frame that
    // ended it, if any); the writer sends what is left, then the close frame.
    if inbox.send(RoomMsg::Disconnect { conn: id }).await.is_err() {
        outbox.close(Closing::NORMAL);
    }
    if !written && tokio::time::timeout(write_timeout + CLOSE_WITHIN, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// An error frame, then the close its error calls for.
async fn refuse(sink: &mut SplitSink<WebSocket, Message>, error: ApiError, lang: Lang) {
    close_with(sink, Some(frames::error(&error, lang)), closing_for(&error)).await
}

/// The first message, `hello`, within [`HELLO_WITHIN`], with its text (relayed as it came when
/// another node holds the room).
async fn greeting(stream: &mut SplitStream<WebSocket>, lang: Lang) -> Result<(Hello, Utf8Bytes), ApiError> {
    let expected = || ApiError::BadRequest(lang.pick("« hello » attendu", "expected \"hello\"").into());
    match tokio::time::timeout(HELLO_WITHIN, stream.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => Ok((read_hello(&text, lang)?, text)),
        Ok(Some(Err(error))) => Err(read_error(error).unwrap_or_else(expected)),
        _ => Err(expected()),
    }
}

/// Where a connection is served once its `hello` is read.
enum Entry {
    /// By the room on this node, which took the connection in.
    Here(RoomHandle),
    /// By the node that holds the room, through the relay.
    There(crate::relay::Remote),
    /// Nowhere: this frame, if any, then this close.
    Refused(Option<String>, Closing),
}

/// Takes the connection into its room (`connect`: the room's message for it), on this node or
/// the one that holds it. The room may leave memory just as it is asked: it is asked again,
/// from the store.
async fn enter(
    server: &Arc<Server>,
    code: &str,
    lang: Lang,
    peer: Option<crate::limits::Client>,
    hello_text: &str,
    connect: impl Fn(oneshot::Sender<Result<(), ApiError>>) -> RoomMsg,
) -> Entry {
    let refused = |error: ApiError| Entry::Refused(Some(frames::error(&error, lang)), closing_for(&error));
    for attempt in 0..3 {
        // A room another node holds: served from there ([`crate::relay`]).
        match crate::relay::open(server, code, lang, hello_text).await {
            crate::relay::Opened::Here => {}
            crate::relay::Opened::There(remote) => return Entry::There(remote),
            crate::relay::Opened::Refused(frame, closing) => return Entry::Refused(Some(frame), closing),
            crate::relay::Opened::Unreachable => return Entry::Refused(None, Closing::RESTART),
        }
        let room = match server.room_for(code, peer).await {
            Ok(room) => room,
            // Held by another node that is just opening it (it answers the relay once it has):
            // asked again.
            Err(ApiError::Elsewhere(_)) if attempt < 2 && server.relay.get().is_some() => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            Err(error) => return refused(error),
        };
        let (reply, connected) = oneshot::channel();
        if room.inbox.send(connect(reply)).await.is_err() {
            continue;
        }
        match connected.await {
            Ok(Ok(())) => return Entry::Here(room),
            Ok(Err(error)) => return refused(error),
            Err(_) => continue,
        }
    }
    refused(ApiError::Internal)
}

/// Reads the client's messages and hands them to the room, in order with the refusals, until
/// the client leaves or breaks the rules past closing, the room is gone, or the writer ends
/// (then `true`: the room dropped the connection, the client is too slow, or the server stops).
async fn read_messages(
    server: &Server,
    id: u64,
    lang: Lang,
    mut stream: SplitStream<WebSocket>,
    inbox: &mpsc::Sender<RoomMsg>,
    outbox: &Outbox,
    writer: &mut tokio::task::JoinHandle<()>,
) -> bool {
    let (errors, mut errors_out) = mpsc::channel::<(ApiError, bool)>(16);
    let mut reader = Reader::new(server, id, lang);
    loop {
        let message = tokio::select! {
            m = stream.next() => m,
            Some((error, close)) = errors_out.recv() => {
                let _ = inbox.send(RoomMsg::Error { conn: id, code: error, close }).await;
                if close { return false; }
                continue;
            }
            _ = &mut *writer => return true,
            // The room's task is gone (it died, and comes back from the store): the client is
            // told to reconnect.
            () = inbox.closed() => {
                outbox.close(Closing::RESTART);
                return false;
            }
        };
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                let _ = errors.try_send((reader.binary(), false));
                continue;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_))) | None => return false,
            Some(Err(error)) => {
                // A frame over the limit, not UTF-8 or against the protocol: answered, then
                // closed with its code. A broken connection is only gone.
                if let Some(refusal) = read_error(error) {
                    let _ = inbox.send(RoomMsg::Error { conn: id, code: refusal, close: true }).await;
                }
                return false;
            }
        };
        if !reader.text(Some(text.as_str())).dispatch(inbox, &errors).await {
            return false;
        }
    }
}

/// A message a client may send, as SERVER.md gives it, parsed once. Fields a message does not
/// know are ignored (a newer page may say more). A message that does not fit is explained by
/// [`explain`], so that the client reads the same words whatever serde would have said.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    Hello(Hello),
    Act {
        seq: u64,
        action: String,
        /// A second move of the same seat, applied right after `action` when it is then legal.
        #[serde(default)]
        then: Option<String>,
    },
    Chat {
        text: String,
    },
    Rematch {},
    Settings {
        auto_forced: bool,
    },
    HandOver {
        seat: u64,
    },
}

/// `hello`, read as leniently as it always was: a field of the wrong type counts as absent,
/// except a token that is not a string (refused with `bad_token`).
#[derive(Debug, Default, Deserialize, PartialEq)]
pub struct Hello {
    #[serde(default, deserialize_with = "token")]
    pub token: Token,
    /// The language of the connection's frames, `fr` or `en`; otherwise the request's.
    #[serde(default, deserialize_with = "lang")]
    pub lang: Option<Lang>,
    /// The last `seq` the client saw of the current match.
    #[serde(default, deserialize_with = "lenient")]
    pub since: Option<u64>,
    #[serde(default, deserialize_with = "lenient")]
    pub auto_forced: Option<bool>,
}

/// The token of `hello`: none (a spectator), a string, or something else (refused).
#[derive(Debug, Default, PartialEq)]
pub enum Token {
    #[default]
    Absent,
    Given(String),
    NotAString,
}

fn token<'de, D: serde::Deserializer<'de>>(field: D) -> Result<Token, D::Error> {
    Ok(match Value::deserialize(field)? {
        Value::Null => Token::Absent,
        Value::String(token) => Token::Given(token),
        _ => Token::NotAString,
    })
}

fn lang<'de, D: serde::Deserializer<'de>>(field: D) -> Result<Option<Lang>, D::Error> {
    Ok(match Value::deserialize(field)?.as_str() {
        Some("fr") => Some(Lang::Fr),
        Some("en") => Some(Lang::En),
        _ => None,
    })
}

/// A field of the expected type, or `None` whatever else it holds.
fn lenient<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(field: D) -> Result<Option<T>, D::Error> {
    Ok(serde_json::from_value(Value::deserialize(field)?).ok())
}

/// The longest action, in characters (the longest legal one is far shorter).
const MAX_ACTION: usize = 100;

fn read(text: &str, lang: Lang) -> Result<ClientMsg, ApiError> {
    serde_json::from_str(text).map_err(|_| explain(text, lang))
}

/// The first message, which must be `hello`.
pub(crate) fn read_hello(text: &str, lang: Lang) -> Result<Hello, ApiError> {
    match serde_json::from_str(text) {
        Ok(ClientMsg::Hello(hello)) => Ok(hello),
        // Not JSON, or not an object, is said so; anything else is not `hello`.
        _ => Err(kind_of(text, lang).err().unwrap_or_else(|| {
            ApiError::BadRequest(lang.pick("le premier message est « hello »", "the first message is \"hello\"").into())
        })),
    }
}

/// What a message after `hello` asks of the room, from the connection `conn` whose language is
/// `lang`; or why it is refused (the connection stays open).
pub fn request(conn: u64, text: &str, lang: Lang) -> Result<RoomMsg, ApiError> {
    let refused = |why: String| Err(ApiError::BadRequest(why));
    match read(text, lang)? {
        ClientMsg::Act { seq, action, then }
            if action.chars().count() <= MAX_ACTION
                && then.as_ref().is_none_or(|t| t.chars().count() <= MAX_ACTION) =>
        {
            Ok(RoomMsg::Act { conn, seq, action, then })
        }
        ClientMsg::Act { .. } => refused(lang.pick("action trop longue", "action too long").into()),
        ClientMsg::Chat { text } => match crate::text::clean(&text) {
            Some(clean) if text.chars().count() <= MAX_CHAT => Ok(RoomMsg::Chat { conn, text: clean }),
            _ => refused(chat_rule(lang)),
        },
        ClientMsg::Rematch {} => Ok(RoomMsg::Rematch { conn }),
        ClientMsg::Settings { auto_forced } => Ok(RoomMsg::Settings { conn, auto_forced }),
        ClientMsg::HandOver { seat } => match u8::try_from(seat) {
            Ok(seat) => Ok(RoomMsg::HandOver { conn, seat }),
            Err(_) => refused(hand_over_rule(lang).into()),
        },
        ClientMsg::Hello(_) => {
            refused(lang.pick("« hello » une seule fois, au début", "\"hello\" only once, first").into())
        }
    }
}

/// Why `text` is not a message a client may send, worded by the rule of the `type` it names.
fn explain(text: &str, lang: Lang) -> ApiError {
    let why = match kind_of(text, lang) {
        Err(error) => return error,
        Ok(Some(Kind::Act)) => lang
            .pick(
                "« act » demande « seq » (entier) et « action » (chaîne), et peut-être « then » (chaîne)",
                "\"act\" needs \"seq\" (an integer) and \"action\" (a string), and may have \"then\" (a string)",
            )
            .into(),
        Ok(Some(Kind::Chat)) => chat_rule(lang),
        Ok(Some(Kind::Settings)) => lang
            .pick(
                "« settings » demande « auto_forced » (vrai ou faux)",
                "\"settings\" needs \"auto_forced\" (true or false)",
            )
            .into(),
        Ok(Some(Kind::HandOver)) => hand_over_rule(lang).into(),
        // `hello` and `rematch` fit whatever else they hold: a message that names them and does
        // not fit is as good as one of no known type.
        Ok(Some(Kind::Hello | Kind::Rematch) | None) => lang
            .pick(
                "type inconnu\u{a0}: act, chat, rematch, hand_over ou settings",
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

/// The `type` of a message that does not fit [`ClientMsg`], if it is one of ours; refused if the
/// message is not JSON, or not an object.
fn kind_of(text: &str, lang: Lang) -> Result<Option<Kind>, ApiError> {
    // The whole text first, so that broken JSON is said so even where its start is no object.
    if serde_json::from_str::<IgnoredAny>(text).is_err() {
        return Err(ApiError::BadRequest(lang.pick("ce message n'est pas du JSON", "this message is not JSON").into()));
    }
    match serde_json::from_str::<Envelope>(text) {
        Ok(Envelope(kind)) => Ok(kind),
        Err(_) => Err(ApiError::BadRequest(
            lang.pick("un message est un objet JSON avec un « type »", "a message is a JSON object with a \"type\"")
                .into(),
        )),
    }
}

/// The kinds of [`ClientMsg`], as its `type` names them.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Hello,
    Act,
    Chat,
    Rematch,
    Settings,
    HandOver,
}

/// A JSON object read for its `type` alone (`None` if it has none of ours; the last one counts).
struct Envelope(Option<Kind>);

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: serde::Deserializer<'de>>(message: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Envelope;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<Envelope, A::Error> {
                let mut kind = None;
                while let Some(key) = fields.next_key::<String>()? {
                    match key.as_ref() {
                        "type" => kind = fields.next_value::<Value>().ok().and_then(|v| Kind::deserialize(v).ok()),
                        _ => {
                            fields.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(Envelope(kind))
            }
        }
        // An object only: a list, which `ClientMsg` reads by position, has no `type` to name.
        message.deserialize_map(Fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal<T>(result: Result<T, ApiError>) -> String {
        match result {
            Err(ApiError::BadRequest(why)) => why,
            Err(other) => panic!("not a bad request: {other:?}"),
            Ok(_) => panic!("accepted"),
        }
    }

    #[test]
    fn hello_is_read_leniently_but_a_token_must_be_a_string() {
        let hello =
            read_hello(r#"{"type":"hello","token":"abc","since":41,"lang":"fr","auto_forced":false}"#, Lang::En);
        let expected = Hello {
            token: Token::Given("abc".into()),
            lang: Some(Lang::Fr),
            since: Some(41),
            auto_forced: Some(false),
        };
        assert_eq!(hello.unwrap(), expected);
        let odd = read_hello(r#"{"type":"hello","token":null,"since":-1,"lang":"de","auto_forced":1,"x":2}"#, Lang::En);
        assert_eq!(odd.unwrap(), Hello::default());
        assert_eq!(read_hello(r#"{"type":"hello","token":7}"#, Lang::En).unwrap().token, Token::NotAString);
    }

    #[test]
    fn a_first_message_that_is_not_hello_is_refused_in_the_clients_words() {
        assert_eq!(refusal(read_hello("{nope", Lang::En)), "this message is not JSON");
        assert_eq!(refusal(read_hello("[1]", Lang::Fr)), "un message est un objet JSON avec un « type »");
        assert_eq!(refusal(read_hello(r#"{"type":"act","seq":0}"#, Lang::En)), "the first message is \"hello\"");
        assert_eq!(refusal(read_hello(r#"{"lang":"fr"}"#, Lang::Fr)), "le premier message est « hello »");
    }

    #[test]
    fn each_message_becomes_what_it_asks_of_the_room() {
        let act = request(5, r#"{"type":"act","seq":3,"action":"play 7H","extra":true}"#, Lang::En);
        assert!(matches!(act, Ok(RoomMsg::Act { conn: 5, seq: 3, ref action, then: None }) if action == "play 7H"));
        let both = request(5, r#"{"type":"act","seq":3,"action":"play 7H","then":"unique"}"#, Lang::En);
        assert!(
            matches!(both, Ok(RoomMsg::Act { ref action, then: Some(ref then), .. }) if action == "play 7H" && then == "unique")
        );
        let chat = request(5, r#"{"type":"chat","text":"salut"}"#, Lang::En);
        assert!(matches!(chat, Ok(RoomMsg::Chat { conn: 5, ref text }) if text == "salut"));
        assert!(matches!(request(5, r#"{"type":"rematch"}"#, Lang::En), Ok(RoomMsg::Rematch { conn: 5 })));
        let settings = request(5, r#"{"type":"settings","auto_forced":false}"#, Lang::En);
        assert!(matches!(settings, Ok(RoomMsg::Settings { conn: 5, auto_forced: false })));
        let hand_over = request(5, r#"{"type":"hand_over","seat":2}"#, Lang::En);
        assert!(matches!(hand_over, Ok(RoomMsg::HandOver { conn: 5, seat: 2 })));
    }

    #[test]
    fn a_message_that_does_not_fit_is_explained() {
        let why = |text: &str, lang: Lang| refusal(request(1, text, lang));
        assert_eq!(why("nope", Lang::En), "this message is not JSON");
        assert_eq!(why("3", Lang::En), "a message is a JSON object with a \"type\"");
        assert_eq!(
            why(r#"{"type":"act","seq":"3","action":"x"}"#, Lang::En),
            "\"act\" needs \"seq\" (an integer) and \"action\" (a string), and may have \"then\" (a string)"
        );
        assert_eq!(
            why(r#"{"type":"act","seq":3,"action":"x"}"#.replace('x', &"x".repeat(101)).as_str(), Lang::Fr),
            "action trop longue"
        );
        assert_eq!(why(r#"{"type":"chat","text":" "}"#, Lang::En), chat_rule(Lang::En));
        assert_eq!(why(r#"{"type":"chat"}"#, Lang::Fr), chat_rule(Lang::Fr));
        assert_eq!(
            why(r#"{"type":"settings","auto_forced":"yes"}"#, Lang::En),
            "\"settings\" needs \"auto_forced\" (true or false)"
        );
        assert_eq!(why(r#"{"type":"hand_over","seat":256}"#, Lang::En), "\"hand_over\" needs \"seat\" (an integer)");
        assert_eq!(why(r#"{"type":"hand_over","seat":-1}"#, Lang::En), "\"hand_over\" needs \"seat\" (an integer)");
        assert_eq!(why(r#"{"type":"hello"}"#, Lang::Fr), "« hello » une seule fois, au début");
        assert_eq!(why(r#"{"type":"dance"}"#, Lang::En), "unknown type: act, chat, rematch, hand_over or settings");
        assert_eq!(why(r#"{"seq":1}"#, Lang::En), "unknown type: act, chat, rematch, hand_over or settings");
        assert_eq!(why(r#"{"type":7,"seq":1}"#, Lang::En), "unknown type: act, chat, rematch, hand_over or settings");
        // Broken JSON is not JSON, even where it starts as a list; a list is no object.
        assert_eq!(why("[1,}", Lang::En), "this message is not JSON");
        assert_eq!(why(r#"{"type":"act"} x"#, Lang::Fr), "ce message n'est pas du JSON");
        assert_eq!(why(r#"["act","x"]"#, Lang::En), "a message is a JSON object with a \"type\"");
        // Of two `type`s, the last one names the rule.
        assert_eq!(why(r#"{"type":"act","type":"chat"}"#, Lang::En), chat_rule(Lang::En));
        assert_eq!(
            why(r#"{"type":"act","note":{"type":"chat"}}"#, Lang::En),
            "\"act\" needs \"seq\" (an integer) and \"action\" (a string), and may have \"then\" (a string)"
        );
    }
}
