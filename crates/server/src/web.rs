//! The browser table: the files of `web/` embedded in the binary (in a debug build they are read
//! from the folder, so a page can be changed and reloaded without rebuilding), and the replay of
//! a finished match, built here from its record because the browser has no engine.

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde_json::{Value, json};
use tapis_core::{Lang, Record, Seat};
use tapis_table::{Controller, GameId, Table, TableSetup};

#[derive(RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/../../web"]
#[exclude = "tests/*"]
#[exclude = "*.md"]
struct Assets;

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// One embedded file, revalidated by its hash: browsers ask again on every load (so a new
/// version of the server is seen at once) and get `304` when nothing changed.
fn file(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(path) else {
        return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "not found\n")
            .into_response();
    };
    let etag = format!("\"{}\"", file.metadata.sha256_hash().iter().map(|b| format!("{b:02x}")).collect::<String>());
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    (
        [
            (header::CONTENT_TYPE, content_type(path).to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (header::ETAG, etag),
        ],
        file.data.into_owned(),
    )
        .into_response()
}

/// `/`, `/r/{room}`, `/r/{room}/replay`: the one page; its script routes on the path.
pub async fn page(headers: HeaderMap) -> Response {
    file("index.html", &headers)
}

/// `/web/{*path}`: the scripts, styles and pictures.
pub async fn asset(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file(&path, &headers)
}

/// A finished match step by step, for the replay viewer, as JSON text: before the first action
/// and after each one, the client view of every seat (every hand is shown: the match is over and
/// its record public) and the events of that action with their words. Written step by step,
/// never held as a tree; refused past `max` bytes.
pub fn replay(record: &Record, match_no: u32, names: Vec<String>, max: usize) -> Result<Vec<u8>, String> {
    let game: GameId = record.game.parse().map_err(|_| format!("unknown game {}", record.game))?;
    let setup = TableSetup {
        game,
        request: record.request(),
        controllers: vec![Controller::Person; record.players],
        bot_delay_ms: 0,
        turn_clock_ms: None,
        names,
        reader: None,
    };
    let mut table = Table::restore(setup, match_no, &record.until(0), 0).map_err(|e| e.to_string())?;
    let views = |table: &Table| -> Vec<Value> {
        (0..record.players).map(|s| without_legal(table.client_view(Some(Seat(s as u8))))).collect()
    };
    let mut out = Vec::with_capacity(64 * 1024);
    let head = json!({"game": record.game, "players": record.players, "match": match_no, "seed": record.seed});
    let head = head.to_string();
    out.extend_from_slice(&head.as_bytes()[..head.len() - 1]);
    out.extend_from_slice(b",\"steps\":[");
    let first = json!({"seq": 0, "seat": null, "action": null, "events": [], "views": views(&table)});
    serde_json::to_writer(&mut out, &first).map_err(|e| e.to_string())?;
    for (i, (seat, action)) in record.actions.iter().enumerate() {
        let accepted =
            table.replay(Seat(*seat), action, record.stored_at(i as u64 + 1), 0).map_err(|e| e.to_string())?;
        let events: Vec<Value> =
            accepted.events.iter().map(|e| serde_json::from_str(&e.wire()).unwrap_or(Value::Null)).collect();
        let step = json!({
            "seq": accepted.seq,
            "seat": seat,
            "action": action,
            "words": {
                "fr": table.current().describe_action(action, &table.words(Lang::Fr)),
                "en": table.current().describe_action(action, &table.words(Lang::En)),
            },
            "events": events,
            "views": views(&table),
        });
        out.push(b',');
        serde_json::to_writer(&mut out, &step).map_err(|e| e.to_string())?;
        if out.len() > max {
            return Err(format!("the replay is over {max} bytes"));
        }
    }
    out.extend_from_slice(b"],\"rounds\":");
    serde_json::to_writer(&mut out, table.rounds()).map_err(|e| e.to_string())?;
    out.push(b'}');
    Ok(out)
}

/// Nobody acts in a replay.
fn without_legal(mut view: Value) -> Value {
    view["legal"] = json!([]);
    view
}
