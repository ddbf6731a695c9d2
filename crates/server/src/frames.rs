//! The frames the server sends, each built from its recipient's view and events only. They are
//! written as text from typed parts: a server sends thousands a second.

use crate::{ApiError, Lang};
use serde_json::json;
use tapis_core::Seat;
use tapis_table::{Accepted, Mover, Table};

fn legal_actions(table: &Table, seat: Option<Seat>, started: bool) -> Vec<String> {
    if started { seat.map(|s| table.current().legal(s)).unwrap_or_default() } else { Vec::new() }
}

fn legal(table: &Table, seat: Option<Seat>, started: bool) -> String {
    serde_json::to_string(&legal_actions(table, seat, started)).unwrap_or_else(|_| "[]".into())
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
///
/// The frame is written into one buffer of `capacity` bytes (the room's last frames' size, so
/// that it seldom grows), the view serialized straight into it.
pub fn update(table: &Table, accepted: &Accepted, events: &[String], seat: Option<Seat>, capacity: usize) -> String {
    use std::io::Write;
    let mut frame: Vec<u8> = Vec::with_capacity(capacity);
    let _ = write!(frame, r#"{{"type":"update","match":{},"seq":{},"events":["#, accepted.match_no, accepted.seq);
    let mut first = true;
    let mut push = |frame: &mut Vec<u8>, event: &str| {
        if !first {
            frame.push(b',');
        }
        first = false;
        frame.extend_from_slice(event.as_bytes());
    };
    if accepted.by == Mover::Clock {
        push(&mut frame, &auto_move(table, accepted.seat));
    }
    for (event, text) in accepted.events.iter().zip(events) {
        if event.audience.includes(seat) {
            push(&mut frame, text);
        }
    }
    frame.extend_from_slice(br#"],"view":"#);
    table.write_client_view(seat, &mut frame);
    frame.extend_from_slice(br#","legal":"#);
    write_json(&mut frame, &legal_actions(table, seat, true));
    frame.extend_from_slice(br#","status":"#);
    write_json(&mut frame, &table.status_for(seat));
    if accepted.by == Mover::Forced && seat == Some(accepted.seat) {
        frame.extend_from_slice(br#","forced":true"#);
    }
    if accepted.by == Mover::Clock {
        frame.extend_from_slice(br#","auto":true"#);
    }
    frame.push(b'}');
    // Every part above is UTF-8.
    String::from_utf8(frame).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// `value` as JSON appended to `out` (`null` should it not serialize).
fn write_json(out: &mut Vec<u8>, value: &impl serde::Serialize) {
    let start = out.len();
    if serde_json::to_writer(&mut *out, value).is_err() {
        out.truncate(start);
        out.extend_from_slice(b"null");
    }
}

/// Each event of `accepted` as it goes on the wire: serialized once, then shared by the frames
/// of every recipient allowed to know it.
pub fn event_texts(accepted: &Accepted) -> Vec<String> {
    accepted.events.iter().map(|e| e.wire()).collect()
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
