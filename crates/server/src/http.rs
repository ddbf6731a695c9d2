//! The HTTP routes of SERVER.md, under `/api/`, and the browser table at `/`, served by our own
//! accept loop so that every connection is bounded: a connection cap that counts TCP
//! connections (HTTP and WebSockets alike) and stays under the descriptor limit, a cap per client
//! address under it with room kept for new clients ([`crate::limits`]), a time limit on a
//! request's header (which also closes idle kept-alive connections) and on its body, a write
//! timeout on every response (a client that stops reading a large answer is dropped, as a
//! WebSocket's is), JSON errors for a body or an address too large, and a stop that does not
//! wait for slow clients.

use crate::limits::Client;
use crate::room::{Room, RoomInfo, RoomMsg};
use crate::store::{LoadedMatch, LoadedRoom, SeatKind, StoredMatch, StoredRoom, Write};
use crate::{ApiError, Lang, Server, random_room_code, random_seed, spawn_room};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tapis_core::{MatchRequest, Seat};
use tapis_table::review::Threads;
use tapis_table::{AnyMatch, GameId};
use tokio::sync::oneshot;

/// The longest name a person may take, in characters.
pub const MAX_NAME: usize = 32;
/// The longest bot delay a room may ask, in milliseconds.
pub const MAX_BOT_DELAY_MS: u64 = 60_000;

/// The largest request body: a room's creation with a hand-made deal fits many times over.
pub const MAX_BODY: usize = 64 * 1024;
/// The longest request target (path and query).
pub const MAX_URI: usize = 4 * 1024;

/// Descriptors kept free under the process's limit, for the store, logs and a refusal.
const SPARE_DESCRIPTORS: usize = 64;

/// Each connection's send buffer in the kernel, asked (Linux gives twice as much, for its own
/// bookkeeping), instead of the up to 4 MiB it would grow to: a client that reads nothing holds
/// little of the machine's memory, and a client that reads slowly makes the socket writable
/// again every third of it, so that the write timeout sees it read (with 4 MiB a slow reader
/// of a large replay could go 10 s without freeing the third of it). 5 MB/s still go through at
/// 100 ms of round trip.
const SEND_BUFFER: usize = 256 * 1024;

/// The most TCP connections the server holds: `--max-connections`, and always under the
/// descriptor limit.
pub fn connection_cap(asked: usize) -> usize {
    let limit = std::fs::read_to_string("/proc/self/limits").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("Max open files"))?;
        line.split_whitespace().nth(3)?.parse::<usize>().ok()
    });
    match limit {
        Some(limit) => asked.min(limit.saturating_sub(SPARE_DESCRIPTORS).max(1)),
        None => asked,
    }
}

/// A TCP connection, counted while it is open (an upgraded WebSocket keeps it), whose writes
/// fail once the client has taken nothing for the write timeout.
struct Counted {
    stream: tokio::net::TcpStream,
    _counted: crate::limits::Connection,
    write_timeout: Duration,
    /// Set while a write waits for the client to read: when it runs out, the write fails.
    stalled: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl Counted {
    /// `polled`, a write's outcome, unless the client has taken nothing for the write timeout.
    fn unless_stalled<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        polled: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::future::Future;
        use std::task::Poll;
        if polled.is_ready() {
            self.stalled = None;
            return polled;
        }
        let timeout = self.write_timeout;
        let deadline = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => {
                Poll::Ready(Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the client reads nothing")))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl tokio::io::AsyncRead for Counted {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for Counted {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_write(cx, buf);
        self.unless_stalled(cx, polled)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.unless_stalled(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_flush(cx);
        self.unless_stalled(cx, polled)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let polled = std::pin::Pin::new(&mut self.stream).poll_shutdown(cx);
        self.unless_stalled(cx, polled)
    }
}

/// Accepts connections until `stop` resolves, each served on its own task.
pub async fn accept(
    server: Arc<Server>,
    listener: tokio::net::TcpListener,
    mut stop: std::pin::Pin<Box<impl std::future::Future<Output = ()>>>,
) {
    let mut app = router(server.clone());
    // Over HTTPS, browsers are told to come back over HTTPS only.
    if server.https.get().is_some() {
        app = app.layer(middleware::map_response(|mut response: Response| async move {
            response
                .headers_mut()
                .insert(header::STRICT_TRANSPORT_SECURITY, header::HeaderValue::from_static(crate::tls::HSTS));
            response
        }));
    }
    let cap = connection_cap(server.config.max_connections);
    let mut last_error_logged: Option<tokio::time::Instant> = None;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => return,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, or the like: said once a minute, and a short pause rather
                // than a spin.
                if last_error_logged.is_none_or(|at| at.elapsed() > Duration::from_secs(60)) {
                    tracing::error!(error = %e, "a connection could not be accepted");
                    last_error_logged = Some(tokio::time::Instant::now());
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let _ = rustix::net::sockopt::set_socket_send_buffer_size(&stream, SEND_BUFFER);
        let client = server.config.prefixes.client(peer.ip());
        let per_address = server.config.connections_per_address;
        let counted = match server.limits.connection(client, &server.tcp, cap, per_address) {
            Ok(counted) => counted,
            Err(refusal) => {
                refuse(stream, refusal);
                continue;
            }
        };
        let write_timeout = server.config.write_timeout;
        // The write timeout is the TCP stream's: over HTTPS it bounds the TLS records as well.
        let counted = Counted { stream, _counted: counted, write_timeout, stalled: None };
        let (app, stopping, header_timeout) = (app.clone(), server.stopping.clone(), server.config.header_timeout);
        // HTTPS: the handshake first, on the connection's own task ([`crate::tls`]).
        match server.https.get().cloned() {
            None => {
                tokio::spawn(serve_connection(counted, peer, app, header_timeout, stopping));
            }
            Some(https) => {
                tokio::spawn(async move {
                    if let Some(secured) = https.handshake(counted).await {
                        serve_connection(secured, peer, app, header_timeout, stopping).await;
                    }
                });
            }
        }
    }
}

/// Serves one connection's HTTP requests (and the WebSocket one may become) until it closes or
/// the server stops.
async fn serve_connection<IO>(
    io: IO,
    peer: SocketAddr,
    app: Router,
    header_timeout: Duration,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        tower::ServiceExt::oneshot(app.clone(), request)
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_timeout)
        .serve_connection(hyper_util::rt::TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        _ = crate::stopped(&mut stopping) => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(crate::STOP_GRACE, connection).await;
        }
    }
}

/// Refusals being written at most: past them, a connection over a cap is closed at once (each
/// holds a descriptor while its answer goes out).
const REFUSING: usize = 256;
static REFUSALS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A connection over a cap: a short JSON answer, then closed.
fn refuse(mut stream: tokio::net::TcpStream, refusal: ApiError) {
    if REFUSALS.fetch_add(1, Ordering::Relaxed) >= REFUSING {
        REFUSALS.fetch_sub(1, Ordering::Relaxed);
        return;
    }
    tokio::spawn(async move {
        use tokio::io::AsyncWriteExt;
        let body = refusal.json(Lang::En).to_string();
        let status = StatusCode::from_u16(refusal.status()).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
        let response = format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = tokio::time::timeout(Duration::from_secs(2), stream.write_all(response.as_bytes())).await;
        REFUSALS.fetch_sub(1, Ordering::Relaxed);
    });
}

/// Requests whose target is too long are answered with SERVER.md's JSON error.
async fn bounds(request: Request, next: Next) -> Response {
    if request.uri().to_string().len() > MAX_URI {
        return ApiError::UriTooLong.into_response();
    }
    next.run(request).await
}

/// Every error answered by a handler, an extractor or a layer inside this one, in the language
/// the request asks for: the error travels with its answer ([`ApiError::into_response`]).
async fn in_their_language(request: Request, next: Next) -> Response {
    let lang = lang_of(request.headers());
    let response = next.run(request).await;
    match response.extensions().get::<ApiError>() {
        Some(error) if lang != Lang::En => error.response(lang),
        _ => response,
    }
}

/// A request's body: at most [`MAX_BODY`] bytes (413 past it), within the server's body timeout
/// (408 past it).
pub(crate) async fn read_body(server: &Server, body: Body) -> Result<Bytes, ApiError> {
    match tokio::time::timeout(server.config.body_timeout, axum::body::to_bytes(body, MAX_BODY)).await {
        Err(_) => Err(ApiError::SlowBody),
        Ok(Err(_)) => Err(ApiError::TooLarge),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(crate::web::page))
        .route("/r/{room}", get(crate::web::page))
        .route("/r/{room}/replay", get(crate::web::page))
        .route("/web/{*path}", get(crate::web::asset))
        .route("/api/health", get(health))
        .route("/api/games", get(games))
        .route("/api/bots", get(bots))
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{room}", get(room_info))
        .route("/api/rooms/{room}/join", post(join))
        .route("/api/rooms/{room}/record", get(record))
        .route("/api/rooms/{room}/replay", get(replay))
        .route("/api/rooms/{room}/review", get(review))
        .route("/api/rooms/{room}/rounds", get(rounds))
        .route("/api/rooms/{room}/ws", get(crate::ws::upgrade))
        .layer(middleware::from_fn_with_state(server.clone(), crate::relay::http))
        .layer(middleware::from_fn(bounds))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(in_their_language))
        .with_state(server)
}

/// The language a request asks for: French when its `Accept-Language` prefers it.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    let accepted = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if accepted.trim_start().to_ascii_lowercase().starts_with("fr") { Lang::Fr } else { Lang::En }
}

/// The client that made a request, as the limits count it; none for a call relayed from another
/// node (its client is that node's).
pub struct Peer(pub Option<Client>);

impl FromRequestParts<Arc<Server>> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        server: &Arc<Server>,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>();
        Ok(Peer(peer.map(|ConnectInfo(peer)| server.config.prefixes.client(peer.ip()))))
    }
}

/// The language a request asks for (its `Accept-Language`), taken by a handler as an argument.
pub struct AcceptLang(pub Lang);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for AcceptLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(AcceptLang(lang_of(&parts.headers)))
    }
}

impl ApiError {
    /// SERVER.md's JSON error, in `lang`.
    pub fn json(&self, lang: Lang) -> Value {
        let mut body = json!({"error": {"code": self.code(), "message": self.message(lang)}});
        // Which node to ask instead (an extension of SERVER.md).
        if let ApiError::Elsewhere(node) = self {
            body["error"]["node"] = json!(node);
        }
        body
    }

    /// The answer to an HTTP request: the error's status and JSON, in `lang`.
    pub fn response(&self, lang: Lang) -> Response {
        let status = StatusCode::from_u16(self.status()).unwrap_or(StatusCode::BAD_REQUEST);
        (status, axum::Json(self.json(lang))).into_response()
    }
}

/// In English, and carrying the error itself, so that [`in_their_language`] words it again for a
/// request that prefers French.
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = self.response(Lang::En);
        response.extensions_mut().insert(self);
        response
    }
}

type Answer = Result<Response, ApiError>;

fn ok(status: StatusCode, body: Value) -> Answer {
    Ok((status, axum::Json(body)).into_response())
}

/// The server's resident memory, in KiB (Linux).
pub fn memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `ok`; `store_failing` (with the store's last error) while writes are refused; `degraded`, with
/// its reasons, while the rooms in memory are near their cap or after a room's task died.
async fn health(State(server): State<Arc<Server>>) -> Response {
    let store = server.store.health();
    let degraded = server.degraded();
    let status = match (store.ok, degraded.is_empty()) {
        (false, _) => "store_failing",
        (true, false) => "degraded",
        (true, true) => "ok",
    };
    let mut health = json!({
        "status": status,
        "degraded": degraded,
        "rooms_died": server.rooms_died.load(Ordering::Relaxed),
        "store": store,
        "rooms": server.rooms.len(),
        "connections": server.connections.load(Ordering::Relaxed),
        "tcp": server.tcp.load(Ordering::Relaxed),
        "bot_threads": server.bots.threads(),
        "memory_kib": memory_kib(),
        "log": crate::logs::counts(),
    });
    // A node sharing its store with others: its name, its rooms' leases, whether it reaches
    // PostgreSQL.
    if let (Some(leases), Some(health)) = (server.store.leases(), health.as_object_mut()) {
        health.insert("node".into(), json!(leases.node));
        health.insert("leases".into(), json!(leases.rooms));
        health.insert("postgres".into(), json!(leases.postgres));
    }
    // A node relaying through NATS: whether it reaches it.
    if let (Some(relay), Some(health)) = (server.relay.get(), health.as_object_mut()) {
        health.insert("nats".into(), json!(if relay.reachable() { "ok" } else { "unreachable" }));
    }
    axum::Json(health).into_response()
}

async fn games() -> Response {
    axum::Json(json!({"games": tapis_table::games_json()})).into_response()
}

/// The bots' names, seat by seat, and their levels in words (an extension of SERVER.md), so
/// that the browser names them as the server does: `{"names": [...], "levels": [{"kind":
/// "bot:easy", "fr": "facile", "en": "easy"}, ...]}`.
async fn bots() -> Response {
    let levels: Vec<Value> = SeatKind::ALL
        .into_iter()
        .filter_map(|kind| match kind {
            SeatKind::Bot(level) => Some(json!({"kind": kind.text(), "fr": level.words().0, "en": level.words().1})),
            SeatKind::Human => None,
        })
        .collect();
    axum::Json(json!({"names": tapis_table::BOT_NAMES, "levels": levels})).into_response()
}

/// A request body of SERVER.md, read into `T`: at most [`MAX_BODY`] bytes, within the server's
/// body timeout, JSON and an object, whatever content type the request names (clients were never
/// asked for one). `T`'s fields are [`Field`]s, so that the handler words each mistake itself, in
/// the order it checks them.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<Server>> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, server: &Arc<Server>) -> Result<Self, ApiError> {
        let lang = lang_of(request.headers());
        let body = read_body(server, request.into_body()).await?;
        // Read as a JSON value first, so that a body that is not JSON is told apart from one that
        // is not an object, and the last of two equal keys counts.
        let object = match serde_json::from_slice::<Value>(&body) {
            Ok(object @ Value::Object(_)) => object,
            Ok(_) => {
                let why = bad(lang, "le corps doit être un objet JSON", "the body must be a JSON object");
                return Err(ApiError::BadRequest(why));
            }
            Err(e) => return Err(ApiError::BadRequest(not_json(lang, &e))),
        };
        // The bodies here are all `Field`s, which take any value: only a body type with a field
        // of its own could be refused at this point, worded by serde.
        T::deserialize(object).map(JsonBody).map_err(|e| ApiError::BadRequest(not_json(lang, &e)))
    }
}

fn not_json(lang: Lang, e: &serde_json::Error) -> String {
    match lang {
        Lang::Fr => format!("le corps n'est pas du JSON ({e})"),
        Lang::En => format!("the body is not JSON ({e})"),
    }
}

/// A field of a request body: absent (or null), of the type asked, or of another type.
#[derive(Debug, Default)]
pub enum Field<T> {
    #[default]
    Absent,
    Given(T),
    Wrong,
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Field<T> {
    fn deserialize<D: serde::Deserializer<'de>>(field: D) -> Result<Self, D::Error> {
        Ok(match Value::deserialize(field)? {
            Value::Null => Field::Absent,
            value => serde_json::from_value(value).map_or(Field::Wrong, Field::Given),
        })
    }
}

impl<T> Field<T> {
    /// The value given, if any; `wrong` for a value of another type.
    fn optional(self, wrong: impl FnOnce() -> String) -> Result<Option<T>, ApiError> {
        match self {
            Field::Absent => Ok(None),
            Field::Given(value) => Ok(Some(value)),
            Field::Wrong => Err(ApiError::BadRequest(wrong())),
        }
    }
}

fn bad(lang: Lang, fr: &str, en: &str) -> String {
    lang.pick(fr, en).to_string()
}

/// A field that is a number, if given.
fn integer(field: Field<u64>, key: &str, lang: Lang) -> Result<Option<u64>, ApiError> {
    let wrong = || match lang {
        Lang::Fr => format!("« {key} » doit être un entier positif ou nul"),
        Lang::En => format!("\"{key}\" must be a non-negative integer"),
    };
    field.optional(wrong)
}

/// The body of `POST /api/rooms`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct NewRoom {
    game: Field<String>,
    players: Field<u64>,
    options: Field<Map<String, Value>>,
    deal: Field<Map<String, Value>>,
    seed: Field<u64>,
    dealer: Field<u64>,
    bot_delay_ms: Field<u64>,
    turn_clock_ms: Field<u64>,
    /// A practice table: each person is offered the hard bot's move (an extension of SERVER.md).
    hints: Field<bool>,
    /// Each seat's kind, as SERVER.md writes it ([`SeatKind::text`]).
    seats: Field<Vec<Field<String>>>,
}

/// The body of `POST /api/rooms/{room}/join`.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct Joining {
    name: Field<String>,
    seat: Field<u64>,
}

/// The match a record or a replay is asked for: `?match=k` (1 for the room's first), none for
/// the current one. Read by axum's `Query`; an unreadable number is refused once the room is
/// found, so that an unknown room is told first.
pub struct AskedMatch(pub Option<u32>);

#[derive(Deserialize)]
struct MatchQuery {
    #[serde(rename = "match")]
    number: Option<u32>,
}

impl<S: Send + Sync> FromRequestParts<S> for AskedMatch {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<MatchQuery>::from_request_parts(parts, state).await {
            Ok(query) => Ok(AskedMatch(query.0.number)),
            Err(_) => {
                let lang = lang_of(&parts.headers);
                let why = bad(lang, "« match » doit être un numéro de partie", "\"match\" must be a match number");
                Err(ApiError::BadRequest(why))
            }
        }
    }
}

async fn create_room(
    State(server): State<Arc<Server>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    AcceptLang(lang): AcceptLang,
    JsonBody(body): JsonBody<NewRoom>,
) -> Answer {
    let game = match body.game {
        Field::Given(id) => id.parse::<GameId>().map_err(|_| ApiError::UnknownGame(id.clone()))?,
        _ => {
            return Err(ApiError::BadRequest(bad(
                lang,
                "« game » (une chaîne) est requis",
                "\"game\" (a string) is required",
            )));
        }
    };
    let players = integer(body.players, "players", lang)?
        .ok_or_else(|| ApiError::BadRequest(bad(lang, "« players » est requis", "\"players\" is required")))?
        as usize;
    // Checked here already (the rules check it again): `seats` is sized from it.
    if players > tapis_core::MAX_SEATS {
        let (low, high) = game.players();
        return Err(ApiError::Setup(tapis_core::SetupError::Players {
            game: game.name(),
            min: low,
            max: high,
            given: players,
        }));
    }
    let options = body
        .options
        .optional(|| bad(lang, "« options » doit être un objet", "\"options\" must be an object"))?
        .unwrap_or_default();
    let deal = body.deal.optional(|| bad(lang, "« deal » doit être un objet", "\"deal\" must be an object"))?;
    let deal = deal.map(Value::Object);
    let given_seed = integer(body.seed, "seed", lang)?;
    let dealer = match integer(body.dealer, "dealer", lang)? {
        Some(d) if d < 256 => Some(d as u8),
        Some(_) => {
            return Err(ApiError::BadRequest(bad(lang, "« dealer » doit être une place", "\"dealer\" must be a seat")));
        }
        None => None,
    };
    let mut bot_delay_ms = integer(body.bot_delay_ms, "bot_delay_ms", lang)?.unwrap_or(700);
    if bot_delay_ms > MAX_BOT_DELAY_MS {
        return Err(ApiError::BadRequest(match lang {
            Lang::Fr => format!("« bot_delay_ms » vaut au plus {MAX_BOT_DELAY_MS}"),
            Lang::En => format!("\"bot_delay_ms\" is at most {MAX_BOT_DELAY_MS}"),
        }));
    }
    let turn_clock_ms = integer(body.turn_clock_ms, "turn_clock_ms", lang)?;
    if turn_clock_ms.is_some_and(|ms| !(1_000..=3_600_000).contains(&ms)) {
        return Err(ApiError::BadRequest(bad(
            lang,
            "« turn_clock_ms » va de 1000 à 3600000",
            "\"turn_clock_ms\" is from 1000 to 3600000",
        )));
    }
    let hints = body.hints.optional(|| bad(lang, "« hints » vaut true ou false", "\"hints\" is true or false"))?;
    let seats = body.seats.optional(|| bad(lang, "« seats » doit être une liste", "\"seats\" must be a list"))?;
    let seats: Vec<SeatKind> = match seats {
        None => vec![SeatKind::Human; players],
        Some(list) => {
            let kinds: Option<Vec<SeatKind>> = list
                .iter()
                .map(|kind| match kind {
                    Field::Given(text) => SeatKind::parse(text),
                    _ => None,
                })
                .collect();
            let kinds = kinds.ok_or_else(|| {
                ApiError::BadRequest(bad(
                    lang,
                    "chaque place est « human », « bot:easy », « bot:medium » ou « bot:hard »",
                    "each seat is \"human\", \"bot:easy\", \"bot:medium\" or \"bot:hard\"",
                ))
            })?;
            if kinds.len() != players {
                return Err(ApiError::BadRequest(match lang {
                    Lang::Fr => format!("« seats » décrit {} places pour {players} joueurs", kinds.len()),
                    Lang::En => format!("\"seats\" lists {} seats for {players} players", kinds.len()),
                }));
            }
            kinds
        }
    };
    let fixed_deal = given_seed.is_some() || deal.is_some();
    let seed = given_seed.unwrap_or_else(random_seed);
    let request = MatchRequest { players, seed, dealer, options, deal: deal.clone() };
    // The whole setup is checked by the rules before anything is stored.
    let first = AnyMatch::new(game, &request)?;
    // More bots than people: they play at a pace someone could follow (their searches take the
    // CPU of everyone's bots); bots alone: a client has only a few such rooms playing at once.
    let bots = seats.iter().filter(|s| s.is_bot()).count();
    let bots_alone = bots == seats.len();
    if bots > seats.len() - bots {
        bot_delay_ms = bot_delay_ms.max(server.config.min_bot_delay_ms);
    }
    let client = server.config.prefixes.client(peer.ip());
    if !server.limits.may_open_room(client, server.config.room_burst, server.config.rooms_per_minute) {
        return Err(ApiError::RoomsTooFast);
    }
    let bot_slot = match bots_alone {
        true => {
            Some(server.limits.bot_room(client, server.config.bot_rooms_per_client).ok_or(ApiError::TooManyBotRooms)?)
        }
        false => None,
    };
    // A place among the rooms in memory is taken before the room is stored, and given back if
    // it is not: the cap is never overshot, and its last part is kept for clients holding none.
    let place = server.limits.room(Some(client), &server.open_rooms, server.config.max_rooms)?;
    let record = first.record();
    let code = random_room_code();
    let stored = StoredRoom {
        code: code.clone(),
        game: game.id().to_string(),
        players,
        seats,
        fixed_deal,
        bot_delay_ms,
        turn_clock_ms,
        hints: hints.unwrap_or(false),
    };
    let current = StoredMatch::of(1, record);
    if let Err(e) = server.store.write(Write::CreateRoom(stored.clone(), current.clone())).await {
        crate::limited!(error, "storing a room failed", error = %e);
        return Err(ApiError::StoreFailed);
    }
    let room = Room::restore(server.clone(), LoadedRoom::new_room(stored, current), bot_slot)
        .map_err(|_| ApiError::Internal)?;
    let handle = spawn_room(room.held(Some(client), place));
    crate::relay::serve_room(&server, &code, &handle).await;
    server.rooms.insert(code.clone(), handle);
    tracing::info!(room = %code, game = %game, players, "room opened");
    ok(StatusCode::CREATED, json!({"room": code}))
}

/// Asks a room (brought back from the store if it left memory). A room that leaves memory just
/// as it is asked drops the question: it is asked again, from the store.
async fn ask<T>(
    server: &Arc<Server>,
    code: &str,
    peer: Option<Client>,
    message: impl Fn(oneshot::Sender<T>) -> RoomMsg,
) -> Result<T, ApiError> {
    for _ in 0..3 {
        let handle = server.room_for(code, peer).await?;
        let (reply, answer) = oneshot::channel();
        if handle.inbox.send(message(reply)).await.is_err() {
            continue;
        }
        if let Ok(answer) = answer.await {
            return Ok(answer);
        }
    }
    Err(ApiError::Internal)
}

async fn room_info(State(server): State<Arc<Server>>, Peer(peer): Peer, Path(code): Path<String>) -> Answer {
    let info = ask(&server, &code, peer, |reply| RoomMsg::Info { reply }).await?;
    Ok(axum::Json(info).into_response())
}

/// The record of the current match once it is over, or of an earlier one (`?match=k`).
async fn record(
    State(server): State<Arc<Server>>,
    Peer(peer): Peer,
    Path(code): Path<String>,
    asked: Result<AskedMatch, ApiError>,
) -> Answer {
    let info = ask(&server, &code, peer, |reply| RoomMsg::Info { reply }).await?;
    let (record, _) = record_of(&server, &code, peer, &info, asked?.0).await?;
    ok(StatusCode::OK, record)
}

/// The record of the match `asked` (1 for the room's first; `None`: the current one, which
/// `info`, the room's object, names), with its number.
/// Only a match that is over has a record: the seed in it tells every card. An earlier match is
/// always over (a rematch starts only then), and is rebuilt from the store.
async fn record_of(
    server: &Arc<Server>,
    code: &str,
    peer: Option<Client>,
    info: &RoomInfo,
    asked: Option<u32>,
) -> Result<(Value, u32), ApiError> {
    let (mut record, match_no) = engine_record_of(server, code, peer, info, asked).await?;
    // A practice table's record says so (an extension of PROTOCOL.md's record): its people
    // were offered the hard bot's moves, which a study of their play must know.
    if info.hints
        && let Some(fields) = record.as_object_mut()
    {
        fields.insert("hints".into(), Value::Bool(true));
    }
    Ok((record, match_no))
}

/// [`record_of`] as the engine gives it.
async fn engine_record_of(
    server: &Arc<Server>,
    code: &str,
    peer: Option<Client>,
    info: &RoomInfo,
    asked: Option<u32>,
) -> Result<(Value, u32), ApiError> {
    let current = info.match_no;
    let asked = match asked {
        None => current,
        Some(k) if (1..=current).contains(&k) => k,
        Some(k) => return Err(ApiError::NoMatch(k)),
    };
    if asked == current {
        let record = ask(server, code, peer, |reply| RoomMsg::Record { reply }).await?;
        return Ok((record?, current));
    }
    let loaded = server.store.load_match(code, asked).await.map_err(|_| ApiError::Internal)?;
    let Some(LoadedMatch { started, actions, chance }) = loaded else {
        return Err(ApiError::NoMatch(asked));
    };
    let record = started.record(info.game.id(), info.players, actions, &chance);
    // A match played under other rules is given as it is stored: these rules cannot replay it.
    if started.rules() != info.game.rules_version() {
        return Ok((serde_json::to_value(&record).unwrap_or(Value::Null), asked));
    }
    // Read back through the engine, so that it is the record the match gave when it ended (a
    // match stored before chance outcomes were kept gets them); a whole match is replayed, so
    // on the blocking pool.
    let read = tokio::task::spawn_blocking(move || {
        AnyMatch::load(&record).map(|done| serde_json::to_value(done.record()).unwrap_or(Value::Null))
    })
    .await;
    match read {
        Ok(Ok(record)) => Ok((record, asked)),
        _ => {
            crate::limited!(error, "an earlier match could not be read back", room = %code);
            Err(ApiError::Internal)
        }
    }
}

/// The score sheet of the current match (scores are public): `{"match", "rounds": [...]}`.
async fn rounds(State(server): State<Arc<Server>>, Peer(peer): Peer, Path(code): Path<String>) -> Answer {
    let rounds = ask(&server, &code, peer, |reply| RoomMsg::Rounds { reply }).await?;
    ok(StatusCode::OK, rounds)
}

/// The finished current match, or an earlier one (`?match=k`), step by step with every seat's
/// view (`409 not_over` before the current match's end, like the record it is built from).
/// Built on the blocking pool: a long match replays in milliseconds, but never on the async
/// workers.
async fn replay(
    State(server): State<Arc<Server>>,
    Peer(peer): Peer,
    Path(code): Path<String>,
    asked: Result<AskedMatch, ApiError>,
) -> Answer {
    let info = ask(&server, &code, peer, |reply| RoomMsg::Info { reply }).await?;
    let (record, match_no) = record_of(&server, &code, peer, &info, asked?.0).await?;
    // A match played under other rules is not replayed by these: its record is all there is.
    let current = info.game.rules_version();
    match record["rules"].as_u64() {
        Some(rules) if rules != u64::from(current) => {
            return Err(ApiError::ReadOnly { rules: rules as u32, current });
        }
        _ => {}
    }
    let names: Vec<String> = info.seats.iter().map(|seat| seat.called()).collect();
    let built = server
        .replays
        .get(
            &code,
            match_no,
            None,
            crate::replays::blocking(move || {
                let record: tapis_core::Record = serde_json::from_value(record).map_err(|e| e.to_string())?;
                crate::web::replay(&record, match_no, names, crate::replays::MAX_REPLAY).map(Bytes::from)
            }),
        )
        .await;
    match built {
        Ok(replay) => Ok(([(header::CONTENT_TYPE, "application/json")], replay).into_response()),
        // The record came from the engine: only a bug gets here. The reason is not logged,
        // since it may quote an action and so a card.
        _ => {
            crate::limited!(error, "a finished match could not be replayed", room = %code);
            Err(ApiError::Internal)
        }
    }
}

/// `?seat=N` of a review.
#[derive(Deserialize)]
struct SeatQuery {
    seat: Option<u8>,
}

/// A seat's review of the finished current match, or of an earlier one (`?match=k`):
/// `?seat=N`, the JSON of `tapis review --json` at the server's `--review-budget` and seed 0 (`409 not_over`
/// before the match's end, like the replay: a review reads the seat's hand, and the search is
/// worth having once the match is played). Searched on the bots' threads, in the asking
/// client's turn and budget, once per match and seat; asked again, it comes from memory.
async fn review(
    State(server): State<Arc<Server>>,
    Peer(peer): Peer,
    AcceptLang(lang): AcceptLang,
    Path(code): Path<String>,
    asked: Result<AskedMatch, ApiError>,
    seat: Result<axum::extract::Query<SeatQuery>, axum::extract::rejection::QueryRejection>,
) -> Answer {
    let info = ask(&server, &code, peer, |reply| RoomMsg::Info { reply }).await?;
    let asked = asked?;
    let seat = match seat {
        Ok(axum::extract::Query(SeatQuery { seat: Some(seat) })) if usize::from(seat) < info.players => seat,
        _ => {
            let last = info.players - 1;
            return Err(ApiError::BadRequest(match lang {
                Lang::Fr => format!("« seat » doit être un siège de cette table, de 0 à {last}"),
                Lang::En => format!("\"seat\" must be a seat of this table, 0 to {last}"),
            }));
        }
    };
    let (record, match_no) = record_of(&server, &code, peer, &info, asked.0).await?;
    let current = info.game.rules_version();
    match record["rules"].as_u64() {
        Some(rules) if rules != u64::from(current) => {
            return Err(ApiError::ReadOnly { rules: rules as u32, current });
        }
        _ => {}
    }
    let owner = peer.map_or_else(|| crate::bots::Owner::Room(code.clone()), crate::bots::Owner::Client);
    let budget = server.config.review_budget;
    // Read from the store if a review was kept (by this node or another, before a restart);
    // searched on the bots' threads otherwise, then kept. A review not kept (the store failing)
    // is still given: it is searched again next time.
    let build = async {
        match server.store.load_review(&code, match_no, seat, budget).await {
            Ok(Some(kept)) => return Ok(Bytes::from(kept)),
            Ok(None) => {}
            Err(e) => tracing::warn!(room = %code, error = %e, "a kept review could not be read"),
        }
        let record: tapis_core::Record = serde_json::from_value(record).map_err(|e| e.to_string())?;
        let search = move || {
            let found = tapis_table::review::review_json(&record, Seat(seat), budget, 0, Threads::Caller);
            crate::metrics::METRICS.reviews_built.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            found.map(|review| review.to_string()).map_err(|e| e.message(Lang::En))
        };
        let review = server.bots.run(&owner, search).await.map_err(|e| e.to_string())??;
        let kept = Write::Review { room: code.clone(), match_no, seat, budget, review: review.clone() };
        if let Err(e) = server.store.write(kept).await {
            tracing::warn!(room = %code, error = %e, "a review could not be kept");
        }
        Ok(Bytes::from(review))
    };
    let built = server.replays.get(&code, match_no, Some(seat), build).await;
    match built {
        Ok(review) => Ok(([(header::CONTENT_TYPE, "application/json")], review).into_response()),
        // The record came from the engine: only a bug gets here. The reason is not logged,
        // since it may quote an action and so a card.
        _ => {
            crate::limited!(error, "a finished match could not be reviewed", room = %code);
            Err(ApiError::Internal)
        }
    }
}

/// A name people can read ([`crate::text::clean`]): 1 to 32 characters once cleaned.
pub fn check_name(name: &str, lang: Lang) -> Result<String, ApiError> {
    let name = crate::text::clean(name).unwrap_or_default();
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME {
        return Err(ApiError::BadRequest(match lang {
            Lang::Fr => format!("un nom a de 1 à {MAX_NAME} caractères visibles"),
            Lang::En => format!("a name is 1 to {MAX_NAME} visible characters long"),
        }));
    }
    Ok(name)
}

async fn join(
    State(server): State<Arc<Server>>,
    Peer(peer): Peer,
    AcceptLang(lang): AcceptLang,
    Path(code): Path<String>,
    JsonBody(body): JsonBody<Joining>,
) -> Answer {
    let name = match body.name {
        Field::Given(name) => check_name(&name, lang)?,
        _ => {
            let why = bad(lang, "« name » (une chaîne) est requis", "\"name\" (a string) is required");
            return Err(ApiError::BadRequest(why));
        }
    };
    let seat = match integer(body.seat, "seat", lang)? {
        Some(s) if s < 256 => Some(s as u8),
        Some(_) => {
            return Err(ApiError::BadRequest(bad(lang, "« seat » doit être une place", "\"seat\" must be a seat")));
        }
        None => None,
    };
    let (seat, token) = ask(&server, &code, peer, |reply| RoomMsg::Join { name: name.clone(), seat, reply }).await??;
    ok(StatusCode::OK, json!({"seat": seat, "token": token}))
}
