//! The frames the server sends, each built from its recipient's view and events only: typed
//! structs serialized in one pass into one buffer (a server sends thousands a second), the view
//! written straight from the table's typed view, never through a `serde_json::Value`.
//!
//! Field order is part of what clients see: `snapshot` and `update` start with their `type`;
//! `room`, `chat`, `error` and the `auto_move` event have their keys in alphabetical order (they
//! were first written through sorted JSON maps), `type` last.

use crate::{ApiError, Lang};
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tapis_core::{Audience, Seat};
use tapis_table::{Accepted, ClientViewOf, Mover, Status, StatusOf, Table, ToldEvent};

/// A frame's kind, its `type`.
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Snapshot,
    Update,
    Room,
    Chat,
    Error,
    AutoMove,
}

/// `snapshot`: the whole picture for one client.
#[derive(Serialize)]
struct Snapshot<'a> {
    r#type: Kind,
    #[serde(rename = "match")]
    match_no: u32,
    seq: u64,
    seat: Option<u8>,
    view: View<'a>,
    legal: Vec<String>,
    status: Status,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock_ms: Option<u64>,
}

/// `update`: one accepted action as its recipient may know it.
#[derive(Serialize)]
struct Update<'a> {
    r#type: Kind,
    #[serde(rename = "match")]
    match_no: u32,
    seq: u64,
    events: Events<'a>,
    view: View<'a>,
    legal: Vec<String>,
    status: StatusOf<&'a [i64], &'a [u32]>,
    #[serde(skip_serializing_if = "is_false")]
    forced: bool,
    #[serde(skip_serializing_if = "is_false")]
    auto: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock_ms: Option<u64>,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// A client view: straight from the table, or (before every seat is taken) with no legal action
/// offered.
#[derive(Serialize)]
#[serde(untagged)]
enum View<'a> {
    Typed(ClientViewOf<'a>),
    Waiting(Value),
}

/// The events of an update its recipient may know, each already written once for all of them
/// ([`Told`]): the turn clock's `auto_move` first if the clock moved.
struct Events<'a> {
    auto_move: Option<&'a AutoMove>,
    events: &'a [(Audience, Box<RawValue>)],
    seat: Option<Seat>,
}

impl Serialize for Events<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let told = self.events.iter().filter(|(audience, _)| audience.includes(self.seat));
        serializer.collect_seq(
            self.auto_move.into_iter().map(Either::Auto).chain(told.map(|(_, event)| Either::Told(event.as_ref()))),
        )
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Either<'a> {
    Auto(&'a AutoMove),
    Told(&'a RawValue),
}

/// An event as it goes on the wire: its JSON object with its words added as
/// `"text": {"en": …, "fr": …}`, in the object's key order ([`ToldEvent::wire`]'s bytes).
struct WireEvent<'a>(&'a ToldEvent);

/// An event's or a message's words, in both languages.
#[derive(Serialize)]
struct Words<'a> {
    en: &'a str,
    fr: &'a str,
}

impl Serialize for WireEvent<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Value::Object(fields) = &self.0.event else { return self.0.event.serialize(serializer) };
        let text = Words { en: &self.0.en, fr: &self.0.fr };
        let mut map = serializer.serialize_map(Some(fields.len() + 1))?;
        let mut told = false;
        for (key, value) in fields {
            if !told && key.as_str() >= "text" {
                map.serialize_entry("text", &text)?;
                told = true;
            }
            if key != "text" {
                map.serialize_entry(key, value)?;
            }
        }
        if !told {
            map.serialize_entry("text", &text)?;
        }
        map.end()
    }
}

/// The event that tells a move was made by the turn clock for the person at `seat`.
#[derive(Serialize)]
struct AutoMove {
    seat: u8,
    text: AutoMoveWords,
    r#type: Kind,
}

#[derive(Serialize)]
struct AutoMoveWords {
    en: String,
    fr: String,
}

/// `chat`: one line of the room's chat.
#[derive(Serialize)]
struct Chat<'a> {
    name: &'a str,
    seat: u8,
    text: &'a str,
    r#type: Kind,
}

/// `error`: a code and its sentence.
#[derive(Serialize)]
struct Error<'a> {
    code: &'a str,
    message: &'a str,
    r#type: Kind,
}

/// `room`: the room's object ([`crate::room::RoomInfo`]) with its `type`.
#[derive(Serialize)]
struct Room<'a> {
    #[serde(flatten)]
    info: &'a crate::room::RoomInfo,
    r#type: Kind,
}

/// `frame` serialized into a buffer of `capacity` bytes.
fn write(frame: &impl Serialize, capacity: usize) -> String {
    let mut out = Vec::with_capacity(capacity);
    if serde_json::to_writer(&mut out, frame).is_err() {
        // Only a bug gets here (every part serializes): an empty frame rather than half of one.
        crate::limited!(error, "a frame could not be serialized");
        return "{}".into();
    }
    // serde_json writes UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn legal_actions(table: &Table, seat: Option<Seat>, started: bool) -> Vec<String> {
    if started { seat.map(|s| table.current().legal(s)).unwrap_or_default() } else { Vec::new() }
}

/// How long until the turn clock plays for the people the table waits for, when the room has a
/// clock and it runs (an extension of SERVER.md: `"clock_ms"`).
pub fn clock_ms(table: &Table, now: u64) -> Option<u64> {
    table.clock_due().map(|due| due.saturating_sub(now))
}

/// `snapshot`: the whole picture for one client. Before every seat is taken (`started` false)
/// nobody may act yet, so no legal action is offered, and the clock does not run.
pub fn snapshot(table: &Table, seat: Option<Seat>, started: bool, now: u64) -> String {
    let view = if started {
        View::Typed(table.client_view_of(seat))
    } else {
        let mut view = table.client_view(seat);
        view["legal"] = Value::Array(Vec::new());
        View::Waiting(view)
    };
    let frame = Snapshot {
        r#type: Kind::Snapshot,
        match_no: table.match_no(),
        seq: table.seq(),
        seat: seat.map(|s| s.0),
        view,
        legal: legal_actions(table, seat, started),
        status: table.status_for(seat),
        clock_ms: if started { clock_ms(table, now) } else { None },
    };
    write(&frame, 4096)
}

/// What every recipient's `update` of one accepted action shares, worked out once for all of
/// them: the status after it (each recipient is told its part), the turn clock's time left, the
/// `auto_move` event, and each event written as it goes on the wire (each recipient's frame
/// copies those it may know).
pub struct Told<'a> {
    table: &'a Table,
    accepted: &'a Accepted,
    status: Status,
    clock_ms: Option<u64>,
    auto_move: Option<AutoMove>,
    events: Vec<(Audience, Box<RawValue>)>,
}

impl<'a> Told<'a> {
    /// `accepted`, made on `table`; `clock_ms` is the clock's time left after it, if it runs.
    pub fn new(table: &'a Table, accepted: &'a Accepted, clock_ms: Option<u64>) -> Told<'a> {
        let auto_move = (accepted.by == Mover::Clock).then(|| auto_move(table, accepted.seat));
        let events = accepted.events.iter().map(|event| (event.audience, wire(event))).collect();
        Told { table, accepted, status: table.current().status(), clock_ms, auto_move, events }
    }
}

/// An event as it goes on the wire ([`WireEvent`]), written once.
fn wire(event: &ToldEvent) -> Box<RawValue> {
    serde_json::value::to_raw_value(&WireEvent(event)).unwrap_or_else(|_| {
        // Only a bug gets here (every event serializes).
        crate::limited!(error, "an event could not be serialized");
        RawValue::NULL.to_owned()
    })
}

/// `update`: one accepted action as `seat` may know it, with its view after it. The text of the
/// action itself is not sent: everyone learns of it through the events addressed to them. The
/// person whose only move the table played for them is told so (`"forced": true`), and nobody
/// else: that it was the only one often depends on their cards.
///
/// A move the turn clock made for an absent person is told as such (an extension of SERVER.md):
/// `"auto": true`, and an `auto_move` event before the move's own. `clock_ms` is the clock's
/// time left after it, if it runs.
///
/// The frame is written into one buffer of `capacity` bytes (the room's last frames' size, so
/// that it seldom grows).
pub fn update(told: &Told, seat: Option<Seat>, capacity: usize) -> String {
    let Told { table, accepted, .. } = *told;
    let frame = Update {
        r#type: Kind::Update,
        match_no: accepted.match_no,
        seq: accepted.seq,
        events: Events { auto_move: told.auto_move.as_ref(), events: &told.events, seat },
        view: View::Typed(table.client_view_of(seat)),
        legal: legal_actions(table, seat, true),
        status: told.status.told_ref(seat),
        forced: accepted.by == Mover::Forced && seat == Some(accepted.seat),
        auto: accepted.by == Mover::Clock,
        clock_ms: told.clock_ms,
    };
    write(&frame, capacity)
}

fn auto_move(table: &Table, seat: Seat) -> AutoMove {
    let name = table.setup().names.get(seat.index()).map_or("", String::as_str);
    AutoMove {
        seat: seat.0,
        text: AutoMoveWords {
            en: format!("Move played automatically for {name}:"),
            fr: format!("Coup joué automatiquement pour {name}\u{a0}:"),
        },
        r#type: Kind::AutoMove,
    }
}

/// `room`: the room's object, to everyone in it.
pub fn room(info: &crate::room::RoomInfo) -> String {
    write(&Room { info, r#type: Kind::Room }, 512)
}

/// `chat`: a line from the person at `seat`, called `name`.
pub fn chat(seat: u8, name: &str, text: &str) -> String {
    write(&Chat { name, seat, text, r#type: Kind::Chat }, 64 + name.len() + text.len())
}

/// `hint` (an extension of SERVER.md): at a practice table, the hard bot's move for the seat the
/// frame goes to, at the table as it stood at `match` and `seq` (a client at another `seq`
/// drops it), from `hint` as [`tapis_table::review::hint_json`] gives it, worded in `lang`.
pub fn hint(match_no: u32, seq: u64, seat: u8, hint: &Value, lang: Lang) -> String {
    let key = lang.pick("fr", "en");
    let option = |o: &Value| json!({"action": o["action"], "chance": o["chance"], "text": o["text"][key]});
    let next = if hint["next"].is_null() { Value::Null } else { option(&hint["next"]) };
    let frame = json!({
        "best": option(&hint["best"]),
        "match": match_no,
        "next": next,
        "seat": seat,
        "seq": seq,
        "short": hint["short"][key],
        "sure": hint["sure"],
        "text": hint["text"][key],
        "type": "hint",
    });
    frame.to_string()
}

/// `error`: a code and its sentence (for a refused move, the one the table worded for the seat).
pub fn refusal(code: &str, message: &str) -> String {
    write(&Error { code, message, r#type: Kind::Error }, 64 + message.len())
}

/// `error`: a refused message, in the client's language.
pub fn error(error: &ApiError, lang: Lang) -> String {
    refusal(error.code(), &error.message(lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tapis_core::MatchRequest;
    use tapis_table::{Controller, GameId, TableSetup};

    #[test]
    fn small_frames_keep_their_bytes() {
        assert_eq!(
            refusal("stale", "« vous » : déjà joué"),
            r#"{"code":"stale","message":"« vous » : déjà joué","type":"error"}"#
        );
        assert_eq!(chat(2, "Zoé", "a \"b\""), r#"{"name":"Zoé","seat":2,"text":"a \"b\"","type":"chat"}"#);
    }

    /// Every event of a whole match, as a frame writes it, is byte for byte what
    /// [`ToldEvent::wire`] gives, and every status what [`Status::told_to`] gives.
    #[test]
    fn events_are_written_as_the_table_words_them() {
        let setup = TableSetup {
            game: GameId::NainJaune,
            request: MatchRequest {
                players: 3,
                seed: 11,
                dealer: None,
                options: serde_json::from_str(r#"{"rounds":1}"#).unwrap(),
                deal: None,
            },
            controllers: vec![Controller::Person; 3],
            bot_delay_ms: 0,
            turn_clock_ms: None,
            names: vec!["Ana".into(), "Bé".into(), "Cy".into()],
            reader: None,
        };
        let mut table = Table::new(setup, 0).unwrap();
        let mut checked = 0;
        while !table.is_over() {
            let seat = (0..3).map(Seat).find(|s| !table.current().legal(*s).is_empty()).unwrap();
            let action = table.current().legal(seat)[0].clone();
            let accepted = table.replay(seat, &action, None, 0).unwrap();
            for event in &accepted.events {
                assert_eq!(wire(event).get(), event.wire());
                checked += 1;
            }
            // The status an update borrows is the one each recipient may be told.
            let status = table.current().status();
            for seat in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
                let told = serde_json::to_string(&status.told_to(seat)).unwrap();
                assert_eq!(serde_json::to_string(&status.told_ref(seat)).unwrap(), told);
            }
        }
        assert!(checked > 20, "{checked}");
    }
}
