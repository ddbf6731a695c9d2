//! The frames the server sends, each built from its recipient's view and events only.

use crate::{ApiError, Lang};
use serde_json::{Value, json};
use tapis_core::Seat;
use tapis_table::{Accepted, Table};

fn legal(table: &Table, seat: Option<Seat>) -> Vec<String> {
    seat.map(|s| table.current().legal(s)).unwrap_or_default()
}

/// `snapshot`: the whole picture for one client. Before every seat is taken (`started` false)
/// nobody may act yet, so no legal action is offered.
pub fn snapshot(table: &Table, seat: Option<Seat>, started: bool) -> String {
    let mut view = table.client_view(seat);
    let legal = if started { legal(table, seat) } else { Vec::new() };
    if !started {
        view["legal"] = json!([]);
    }
    json!({
        "type": "snapshot",
        "match": table.match_no(),
        "seq": table.seq(),
        "seat": seat,
        "view": view,
        "legal": legal,
        "status": table.status_for(seat),
    })
    .to_string()
}

/// `update`: one accepted action as `seat` may know it, with its view after it. The text of the
/// action itself is not sent: everyone learns of it through the events addressed to them.
pub fn update(table: &Table, accepted: &Accepted, seat: Option<Seat>) -> String {
    let events: Vec<Value> = accepted
        .told_to(seat)
        .into_iter()
        .map(|e| {
            let mut event = e.event.clone();
            if let Value::Object(fields) = &mut event {
                fields.insert("text".into(), json!({"fr": e.fr, "en": e.en}));
            }
            event
        })
        .collect();
    json!({
        "type": "update",
        "match": accepted.match_no,
        "seq": accepted.seq,
        "events": events,
        "view": table.client_view(seat),
        "legal": legal(table, seat),
        "status": table.status_for(seat),
    })
    .to_string()
}

/// `error`: a refused message, in the client's language.
pub fn error(error: &ApiError, lang: Lang) -> String {
    json!({"type": "error", "code": error.code(), "message": error.message(lang)}).to_string()
}
