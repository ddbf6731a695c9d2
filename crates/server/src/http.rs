//! The HTTP routes of SERVER.md, under `/api/`, and the browser table at `/`.

use crate::room::{Room, RoomMsg, parse_seat_kind};
use crate::store::{LoadedMatch, StoredMatch, StoredRoom, Write};
use crate::{ApiError, Lang, Server, random_room_code, random_seed, spawn_room};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Map, Value, json};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tapis_core::MatchRequest;
use tapis_table::{AnyMatch, GameId};
use tokio::sync::oneshot;

/// The longest name a person may take, in characters.
pub const MAX_NAME: usize = 32;
/// The longest bot delay a room may ask, in milliseconds.
pub const MAX_BOT_DELAY_MS: u64 = 60_000;

pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(crate::web::page))
        .route("/r/{room}", get(crate::web::page))
        .route("/r/{room}/replay", get(crate::web::page))
        .route("/web/{*path}", get(crate::web::asset))
        .route("/api/health", get(health))
        .route("/api/games", get(games))
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{room}", get(room_info))
        .route("/api/rooms/{room}/join", post(join))
        .route("/api/rooms/{room}/record", get(record))
        .route("/api/rooms/{room}/replay", get(replay))
        .route("/api/rooms/{room}/rounds", get(rounds))
        .route("/api/rooms/{room}/ws", get(crate::ws::upgrade))
        .with_state(server)
}

/// The language a request asks for: French when its `Accept-Language` prefers it.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    let accepted = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if accepted.trim_start().to_ascii_lowercase().starts_with("fr") { Lang::Fr } else { Lang::En }
}

struct Failure(ApiError, Lang);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.0.status()).unwrap_or(StatusCode::BAD_REQUEST);
        let body = json!({"error": {"code": self.0.code(), "message": self.0.message(self.1)}});
        (status, axum::Json(body)).into_response()
    }
}

type Answer = Result<Response, Failure>;

fn ok(status: StatusCode, body: Value) -> Answer {
    Ok((status, axum::Json(body)).into_response())
}

/// The server's resident memory, in KiB (Linux).
pub fn memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn health(State(server): State<Arc<Server>>) -> Response {
    let rooms = server.rooms.read().await.len();
    axum::Json(json!({
        "status": "ok",
        "rooms": rooms,
        "connections": server.connections.load(Ordering::Relaxed),
        "memory_kib": memory_kib(),
    }))
    .into_response()
}

async fn games() -> Response {
    axum::Json(json!({"games": tapis_table::games_json()})).into_response()
}

fn body_object(body: &Bytes, lang: Lang) -> Result<Map<String, Value>, Failure> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(Failure(
            ApiError::BadRequest(bad(lang, "le corps doit être un objet JSON", "the body must be a JSON object")),
            lang,
        )),
        Err(e) => Err(Failure(
            ApiError::BadRequest(match lang {
                Lang::Fr => format!("le corps n'est pas du JSON ({e})"),
                Lang::En => format!("the body is not JSON ({e})"),
            }),
            lang,
        )),
    }
}

fn bad(lang: Lang, fr: &str, en: &str) -> String {
    lang.pick(fr, en).to_string()
}

fn field_u64(body: &Map<String, Value>, key: &str, lang: Lang) -> Result<Option<u64>, Failure> {
    match body.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            Failure(
                ApiError::BadRequest(match lang {
                    Lang::Fr => format!("« {key} » doit être un entier positif ou nul"),
                    Lang::En => format!("\"{key}\" must be a non-negative integer"),
                }),
                lang,
            )
        }),
    }
}

async fn create_room(State(server): State<Arc<Server>>, headers: HeaderMap, body: Bytes) -> Answer {
    let lang = lang_of(&headers);
    let fail = |e: ApiError| Failure(e, lang);
    let body = body_object(&body, lang)?;
    let game = match body.get("game") {
        Some(Value::String(id)) => id.parse::<GameId>().map_err(|_| fail(ApiError::UnknownGame(id.clone())))?,
        _ => {
            return Err(fail(ApiError::BadRequest(bad(
                lang,
                "« game » (une chaîne) est requis",
                "\"game\" (a string) is required",
            ))));
        }
    };
    let players = field_u64(&body, "players", lang)?
        .ok_or_else(|| fail(ApiError::BadRequest(bad(lang, "« players » est requis", "\"players\" is required"))))?
        as usize;
    // Checked here already (the rules check it again): `seats` is sized from it.
    if players > tapis_core::MAX_SEATS {
        let (low, high) = game.players();
        return Err(fail(ApiError::Setup(tapis_core::SetupError::Players {
            game: game.name(),
            min: low,
            max: high,
            given: players,
        })));
    }
    let options = match body.get("options") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            return Err(fail(ApiError::BadRequest(bad(
                lang,
                "« options » doit être un objet",
                "\"options\" must be an object",
            ))));
        }
    };
    let deal = match body.get("deal") {
        None | Some(Value::Null) => None,
        Some(v @ Value::Object(_)) => Some(v.clone()),
        Some(_) => {
            return Err(fail(ApiError::BadRequest(bad(
                lang,
                "« deal » doit être un objet",
                "\"deal\" must be an object",
            ))));
        }
    };
    let given_seed = field_u64(&body, "seed", lang)?;
    let dealer = field_u64(&body, "dealer", lang)?;
    let dealer = match dealer {
        Some(d) if d < 256 => Some(d as u8),
        Some(_) => {
            return Err(fail(ApiError::BadRequest(bad(
                lang,
                "« dealer » doit être une place",
                "\"dealer\" must be a seat",
            ))));
        }
        None => None,
    };
    let bot_delay_ms = field_u64(&body, "bot_delay_ms", lang)?.unwrap_or(700);
    if bot_delay_ms > MAX_BOT_DELAY_MS {
        return Err(fail(ApiError::BadRequest(match lang {
            Lang::Fr => format!("« bot_delay_ms » vaut au plus {MAX_BOT_DELAY_MS}"),
            Lang::En => format!("\"bot_delay_ms\" is at most {MAX_BOT_DELAY_MS}"),
        })));
    }
    let turn_clock_ms = field_u64(&body, "turn_clock_ms", lang)?;
    if turn_clock_ms.is_some_and(|ms| !(1_000..=3_600_000).contains(&ms)) {
        return Err(fail(ApiError::BadRequest(bad(
            lang,
            "« turn_clock_ms » va de 1000 à 3600000",
            "\"turn_clock_ms\" is from 1000 to 3600000",
        ))));
    }
    let seats: Vec<String> = match body.get("seats") {
        None | Some(Value::Null) => vec!["human".to_string(); players],
        Some(Value::Array(list)) => {
            let kinds: Option<Vec<String>> =
                list.iter().map(|k| k.as_str().filter(|k| parse_seat_kind(k).is_some()).map(str::to_string)).collect();
            let kinds = kinds.ok_or_else(|| {
                fail(ApiError::BadRequest(bad(
                    lang,
                    "chaque place est « human », « bot:easy », « bot:medium » ou « bot:hard »",
                    "each seat is \"human\", \"bot:easy\", \"bot:medium\" or \"bot:hard\"",
                )))
            })?;
            if kinds.len() != players {
                return Err(fail(ApiError::BadRequest(match lang {
                    Lang::Fr => format!("« seats » décrit {} places pour {players} joueurs", kinds.len()),
                    Lang::En => format!("\"seats\" lists {} seats for {players} players", kinds.len()),
                })));
            }
            kinds
        }
        Some(_) => {
            return Err(fail(ApiError::BadRequest(bad(
                lang,
                "« seats » doit être une liste",
                "\"seats\" must be a list",
            ))));
        }
    };
    let fixed_deal = given_seed.is_some() || deal.is_some();
    let seed = given_seed.unwrap_or_else(random_seed);
    let request = MatchRequest { players, seed, dealer, options, deal: deal.clone() };
    // The whole setup is checked by the rules before anything is stored.
    let first = AnyMatch::new(game, &request).map_err(|e| fail(ApiError::Setup(e)))?;
    if server.rooms.read().await.len() >= server.config.max_rooms {
        return Err(fail(ApiError::TooManyRooms));
    }
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
    };
    let current = StoredMatch {
        match_no: 1,
        seed,
        dealer: record.dealer.unwrap_or(players as u8 - 1),
        options: record.options.clone(),
        deal,
    };
    server.store.write(Write::CreateRoom(stored.clone(), current.clone())).await.map_err(|e| {
        tracing::error!(error = %e, "storing a room failed");
        fail(ApiError::Internal)
    })?;
    let room = Room::restore(
        server.store.clone(),
        server.bots.clone(),
        stored,
        current,
        &[],
        Vec::new(),
        Vec::new(),
        server.clock,
    )
    .map_err(|_| fail(ApiError::Internal))?;
    server.rooms.write().await.insert(code.clone(), spawn_room(room));
    tracing::info!(room = %code, game = %game, players, "room opened");
    ok(StatusCode::CREATED, json!({"room": code}))
}

async fn ask<T>(
    server: &Server,
    code: &str,
    lang: Lang,
    message: impl FnOnce(oneshot::Sender<T>) -> RoomMsg,
) -> Result<T, Failure> {
    let handle = server.rooms.read().await.get(code).cloned().ok_or(Failure(ApiError::NoRoom, lang))?;
    let (reply, answer) = oneshot::channel();
    handle.inbox.send(message(reply)).await.map_err(|_| Failure(ApiError::Internal, lang))?;
    answer.await.map_err(|_| Failure(ApiError::Internal, lang))
}

async fn room_info(State(server): State<Arc<Server>>, headers: HeaderMap, Path(code): Path<String>) -> Answer {
    let lang = lang_of(&headers);
    let info = ask(&server, &code, lang, |reply| RoomMsg::Info { reply }).await?;
    ok(StatusCode::OK, info)
}

/// The record of the current match once it is over, or of an earlier one (`?match=k`).
async fn record(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(code): Path<String>,
    RawQuery(query): RawQuery,
) -> Answer {
    let lang = lang_of(&headers);
    let info = ask(&server, &code, lang, |reply| RoomMsg::Info { reply }).await?;
    let (record, _) = record_of(&server, &code, &info, query.as_deref(), lang).await?;
    ok(StatusCode::OK, record)
}

/// The record a request names, with its match number: `?match=k` names one of the room's
/// matches (1 for the first), none the current one (`info`, the room's object, says which).
/// Only a match that is over has a record: the seed in it tells every card. An earlier match is
/// always over (a rematch starts only then), and is rebuilt from the store.
async fn record_of(
    server: &Server,
    code: &str,
    info: &Value,
    query: Option<&str>,
    lang: Lang,
) -> Result<(Value, u32), Failure> {
    let current = info["match"].as_u64().unwrap_or(1) as u32;
    let asked = match query.into_iter().flat_map(|q| q.split('&')).find_map(|pair| pair.strip_prefix("match=")) {
        None => current,
        Some(text) => match text.parse::<u32>() {
            Ok(k) if (1..=current).contains(&k) => k,
            Ok(k) => return Err(Failure(ApiError::NoMatch(k), lang)),
            Err(_) => {
                let why = bad(lang, "« match » doit être un numéro de partie", "\"match\" must be a match number");
                return Err(Failure(ApiError::BadRequest(why), lang));
            }
        },
    };
    if asked == current {
        let record = ask(server, code, lang, |reply| RoomMsg::Record { reply }).await?;
        return Ok((record.map_err(|e| Failure(e, lang))?, current));
    }
    let game = info["game"].as_str().and_then(|g| g.parse::<GameId>().ok());
    let players = info["players"].as_u64().unwrap_or(0) as usize;
    let loaded = server.store.load_match(code, asked).await.map_err(|_| Failure(ApiError::Internal, lang))?;
    let (Some(game), Some(LoadedMatch { started, actions })) = (game, loaded) else {
        return Err(Failure(ApiError::NoMatch(asked), lang));
    };
    let record = tapis_core::Record {
        game: game.id().to_string(),
        players,
        seed: started.seed,
        options: started.options,
        dealer: Some(started.dealer),
        deal: started.deal,
        version: tapis_core::record::ENGINE_VERSION.to_string(),
        actions,
    };
    // Read back through the engine, so that it is the record the match gave when it ended; a
    // whole match is replayed, so on the blocking pool.
    let read = tokio::task::spawn_blocking(move || {
        AnyMatch::load(&record).map(|done| serde_json::to_value(done.record()).unwrap_or(Value::Null))
    })
    .await;
    match read {
        Ok(Ok(record)) => Ok((record, asked)),
        _ => {
            tracing::error!(room = %code, "an earlier match could not be read back");
            Err(Failure(ApiError::Internal, lang))
        }
    }
}

/// The score sheet of the current match (scores are public): `{"match", "rounds": [...]}`.
async fn rounds(State(server): State<Arc<Server>>, headers: HeaderMap, Path(code): Path<String>) -> Answer {
    let lang = lang_of(&headers);
    let rounds = ask(&server, &code, lang, |reply| RoomMsg::Rounds { reply }).await?;
    ok(StatusCode::OK, rounds)
}

/// The finished current match, or an earlier one (`?match=k`), step by step with every seat's
/// view (`409 not_over` before the current match's end, like the record it is built from).
/// Built on the blocking pool: a long match replays in milliseconds, but never on the async
/// workers.
async fn replay(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Path(code): Path<String>,
    RawQuery(query): RawQuery,
) -> Answer {
    let lang = lang_of(&headers);
    let info = ask(&server, &code, lang, |reply| RoomMsg::Info { reply }).await?;
    let (record, match_no) = record_of(&server, &code, &info, query.as_deref(), lang).await?;
    let names: Vec<String> = info["seats"]
        .as_array()
        .map(|seats| {
            seats
                .iter()
                .enumerate()
                .map(|(i, s)| match s["kind"].as_str() {
                    Some("bot") => tapis_table::bot_name(tapis_core::Seat(i as u8)).to_string(),
                    _ => s["name"].as_str().unwrap_or_default().to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    let built = tokio::task::spawn_blocking(move || {
        let record: tapis_core::Record = serde_json::from_value(record).map_err(|e| e.to_string())?;
        crate::web::replay(&record, match_no, names)
    })
    .await;
    match built {
        Ok(Ok(replay)) => ok(StatusCode::OK, replay),
        // The record came from the engine: only a bug gets here. The reason is not logged,
        // since it may quote an action and so a card.
        _ => {
            tracing::error!(room = %code, "a finished match could not be replayed");
            Err(Failure(ApiError::Internal, lang))
        }
    }
}

/// A name people can read: 1 to 32 characters once trimmed, no control characters.
pub fn check_name(name: &str, lang: Lang) -> Result<String, ApiError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME || name.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(match lang {
            Lang::Fr => format!("un nom a de 1 à {MAX_NAME} caractères, sans caractère de contrôle"),
            Lang::En => format!("a name is 1 to {MAX_NAME} characters long, with no control character"),
        }));
    }
    Ok(name.to_string())
}

async fn join(State(server): State<Arc<Server>>, headers: HeaderMap, Path(code): Path<String>, body: Bytes) -> Answer {
    let lang = lang_of(&headers);
    let body = body_object(&body, lang)?;
    let name = match body.get("name") {
        Some(Value::String(name)) => check_name(name, lang).map_err(|e| Failure(e, lang))?,
        _ => {
            return Err(Failure(
                ApiError::BadRequest(bad(lang, "« name » (une chaîne) est requis", "\"name\" (a string) is required")),
                lang,
            ));
        }
    };
    let seat = match field_u64(&body, "seat", lang)? {
        Some(s) if s < 256 => Some(s as u8),
        Some(_) => {
            return Err(Failure(
                ApiError::BadRequest(bad(lang, "« seat » doit être une place", "\"seat\" must be a seat")),
                lang,
            ));
        }
        None => None,
    };
    let (seat, token) =
        ask(&server, &code, lang, |reply| RoomMsg::Join { name, seat, reply }).await?.map_err(|e| Failure(e, lang))?;
    ok(StatusCode::OK, json!({"seat": seat, "token": token}))
}
