//! The frames the server sends, each built from its recipient's view and events only. They are
//! written as text from typed parts: a server sends thousands a second.

use crate::{ApiError, Lang};
use serde_json::json;
use tapis_core::Seat;
use tapis_table::{Accepted, Mover, Table};

fn legal(table: &Table, seat: Option<Seat>, started: bool) -> String {
    let legal = if started { seat.map(|s| table.current().legal(s)).unwrap_or_default() } else { Vec::new() };
    serde_json::to_string(&legal).unwrap_or_else(|_| "[]".into())
}

fn seat_text(seat: Option<Seat>) -> String {
    seat.map_or("null".into(), |s| s.0.to_string())
}

/// `snapshot`: the whole picture for one client. Before every seat is taken (`started` false)
/// nobody may act yet, so no legal action is offered.
pub fn snapshot(table: &Table, seat: Option<Seat>, started: bool) -> String {
    let view = if started {
        table.client_view_text(seat)
    } else {
        let mut view = table.client_view(seat);
        view["legal"] = json!([]);
        view.to_string()
    };
    let status = serde_json::to_string(&table.status_for(seat)).unwrap_or_default();
    format!(
        r#"{{"type":"snapshot","match":{},"seq":{},"seat":{},"view":{view},"legal":{},"status":{status}}}"#,
        table.match_no(),
        table.seq(),
        seat_text(seat),
        legal(table, seat, started),
    )
}

/// `update`: one accepted action as `seat` may know it, with its view after it. The text of the
/// action itself is not sent: everyone learns of it through the events addressed to them. The
/// person whose only move the table played for them is told so (`"forced": true`), and nobody
/// else: that it was the only one often depends on their cards.
///
/// A move the turn clock made for an absent person is told as such (an extension of SERVER.md):
/// `"auto": true`, and an `auto_move` event before the move's own.
pub fn update(table: &Table, accepted: &Accepted, seat: Option<Seat>) -> String {
    let mut events: Vec<String> = Vec::new();
    if accepted.by == Mover::Clock {
        events.push(auto_move(table, accepted.seat));
    }
    events.extend(accepted.told_to(seat).into_iter().map(|e| e.wire()));
    let status = serde_json::to_string(&table.status_for(seat)).unwrap_or_default();
    let forced = if accepted.by == Mover::Forced && seat == Some(accepted.seat) { r#","forced":true"# } else { "" };
    format!(
        r#"{{"type":"update","match":{},"seq":{},"events":[{}],"view":{},"legal":{},"status":{status}{forced}{}}}"#,
        accepted.match_no,
        accepted.seq,
        events.join(","),
        table.client_view_text(seat),
        legal(table, seat, true),
        if accepted.by == Mover::Clock { r#","auto":true"# } else { "" },
    )
}

/// The event that tells a move was made by the turn clock for the person at `seat`.
fn auto_move(table: &Table, seat: Seat) -> String {
    let name = table.setup().names.get(seat.index()).cloned().unwrap_or_default();
    json!({
        "type": "auto_move",
        "seat": seat.0,
        "text": {
            "fr": format!("Coup joué automatiquement pour {name}\u{a0}:"),
            "en": format!("Move played automatically for {name}:"),
        },
    })
    .to_string()
}

/// A frame with the turn clock added (an extension of SERVER.md): `"clock_ms"`, how long until
/// the table plays for the people it waits for, when the room has a clock and it runs.
pub fn with_clock(frame: String, table: &Table, now: u64) -> String {
    match table.clock_due() {
        Some(due) if frame.ends_with('}') => {
            format!(r#"{},"clock_ms":{}}}"#, &frame[..frame.len() - 1], due.saturating_sub(now))
        }
        _ => frame,
    }
}

/// `error`: a code and its sentence (for a refused move, the one the table worded for the seat).
pub fn refusal(code: &str, message: &str) -> String {
    json!({"type": "error", "code": code, "message": message}).to_string()
}

/// `error`: a refused message, in the client's language.
pub fn error(error: &ApiError, lang: Lang) -> String {
    refusal(error.code(), &error.message(lang))
}
