//! `tapis referee`: the JSON-lines protocol of PROTOCOL.md. One request per line, exactly one
//! response line per request; a failed request changes nothing.
//!
//! Extensions beyond the contract (new fields only): `status` also gives `game`, `players`,
//! `waiting` (the seats the match cannot go on without; `actors` minus `waiting` are in a
//! reaction window) and `dealer`-independent `round`; `bot` answers `"action": null` when a bot
//! lets a reaction window pass; `games` gives each game's `rules` in brief (and `rules_fr`, and
//! each option's `help_fr`); `act` also gives `private`, each seat's events that only it may
//! know (the card it drew), and with `"views": true` each seat's and the spectator's client view
//! (`client_views`, `docs/client-view.md`); `view` with `"client": true` gives the client view.
//! Blank lines are not requests and get no response.
//!
//! Limits: a request line longer than [`MAX_LINE`] bytes is answered `bad_request` and its bytes
//! are not kept; a `bot` budget ("budget", or the name's `ismcts:N`) is at most [`MAX_BUDGET`]
//! iterations; an action text longer than [`MAX_ACTION`] characters is a `bad_action`; error
//! messages quote at most a short prefix of what they were sent, on one line. Everything else is the table layer's (`tapis-table`): this
//! module only reads requests and serializes answers.

use serde_json::{Map, Value, json};
use tapis_bots::BotKind;
use tapis_core::game::short_quote;
use tapis_core::{MatchRequest, Record, Seat};
use tapis_table::{AnyMatch, GameId};

/// The longest request line read, in bytes.
pub const MAX_LINE: usize = 1 << 20;
/// The largest `bot` budget, in ISMCTS iterations (seconds of search on one core).
pub const MAX_BUDGET: u64 = 200_000;
/// The longest action text, in characters.
pub const MAX_ACTION: usize = 100;

const COMMANDS: &str = "new, status, legal, act, view, state, record, load, bot, games";

/// A protocol error: its code and one human sentence.
#[derive(Debug)]
pub struct Failure {
    code: &'static str,
    message: String,
}

fn fail(code: &'static str, message: impl Into<String>) -> Failure {
    Failure { code, message: message.into() }
}

fn bad_request(message: impl Into<String>) -> Failure {
    fail("bad_request", message)
}

/// The referee's whole state: the current match, if any.
#[derive(Default)]
pub struct Referee {
    current: Option<AnyMatch>,
}

impl Referee {
    pub fn new() -> Self {
        Referee::default()
    }

    /// Answers one input line; `None` for a blank line.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        let (id, outcome) = match serde_json::from_str::<Value>(line) {
            Err(e) => (None, Err(bad_request(format!("the request is not JSON ({e}); send one JSON object per line")))),
            Ok(Value::Object(request)) => {
                let id = request.get("id").cloned();
                (id, self.handle(&request))
            }
            Ok(_) => (None, Err(bad_request("the request must be a JSON object with a \"cmd\" field"))),
        };
        let mut response = match outcome {
            Ok(mut fields) => {
                fields.insert("ok".into(), Value::Bool(true));
                fields
            }
            Err(failure) => {
                let mut fields = Map::new();
                fields.insert("ok".into(), Value::Bool(false));
                fields.insert("error".into(), json!({"code": failure.code, "message": failure.message}));
                fields
            }
        };
        if let Some(id) = id {
            response.insert("id".into(), id);
        }
        Some(Value::Object(response).to_string())
    }

    fn handle(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Failure> {
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(_) => return Err(bad_request("\"cmd\" must be a string")),
            None => return Err(bad_request(format!("the request has no \"cmd\"; the commands are: {COMMANDS}"))),
        };
        match cmd {
            "new" => self.new_match(request),
            "load" => self.load(request),
            "games" => Ok(single_field("games", tapis_table::games_json())),
            "status" => self.with_match(|m| Ok(single_field("status", to_json(&m.status())))),
            "legal" => {
                let seat = seat_field(request)?;
                self.with_match(|m| {
                    check_seat(m, seat)?;
                    Ok(single_field("actions", json!(m.legal(seat))))
                })
            }
            "act" => {
                let seat = seat_field(request)?;
                let action = string_field(request, "action")?;
                if action.chars().count() > MAX_ACTION {
                    return Err(fail("bad_action", format!("an action is at most {MAX_ACTION} characters long")));
                }
                let views = request.get("views").and_then(Value::as_bool).unwrap_or(false);
                self.with_match_mut(|m| act(m, seat, action, views))
            }
            "view" => {
                let seat = match request.get("seat") {
                    Some(Value::Null) => None,
                    Some(_) => Some(seat_field(request)?),
                    None => {
                        return Err(bad_request("\"view\" needs a \"seat\": a seat number, or null for a spectator"));
                    }
                };
                let client = request.get("client").and_then(Value::as_bool).unwrap_or(false);
                self.with_match(|m| {
                    if let Some(seat) = seat {
                        check_seat(m, seat)?;
                    }
                    let view = if client { m.client_view(seat, 1, None, &[]) } else { m.view_json(seat) };
                    Ok(single_field("view", view))
                })
            }
            "state" => self.with_match(|m| Ok(single_field("state", m.state_json()))),
            "record" => self.with_match(|m| Ok(single_field("record", to_json(m.record())))),
            "bot" => {
                let seat = seat_field(request)?;
                let name = string_field(request, "bot")?;
                let kind = BotKind::parse(name).map_err(bad_request)?;
                let budget = match request.get("budget") {
                    None | Some(Value::Null) => None,
                    Some(budget) => {
                        Some(budget.as_u64().filter(|&b| (1..=MAX_BUDGET).contains(&b)).ok_or_else(|| {
                            bad_request(format!("\"budget\" must be an integer from 1 to {MAX_BUDGET}"))
                        })? as u32)
                    }
                };
                let kind = kind.with_budget(budget);
                // `ismcts:N` in the name is held to the same limit as "budget".
                crate::check_bots(&[kind]).map_err(bad_request)?;
                self.with_match(|m| {
                    check_seat(m, seat)?;
                    m.check_bot(kind).map_err(|e| bad_request(e.to_string()))?;
                    let choice = m.bot(seat, kind).map_err(|e| fail(e.code(), e.to_string()))?;
                    Ok(single_field("action", choice.map_or(Value::Null, Value::String)))
                })
            }
            other => {
                Err(bad_request(format!("unknown command '{}'; the commands are: {COMMANDS}", short_quote(other))))
            }
        }
    }

    fn with_match(
        &self,
        f: impl FnOnce(&AnyMatch) -> Result<Map<String, Value>, Failure>,
    ) -> Result<Map<String, Value>, Failure> {
        match &self.current {
            Some(m) => f(m),
            None => Err(fail("no_game", "no match yet: start one with \"new\" or \"load\"")),
        }
    }

    fn with_match_mut(
        &mut self,
        f: impl FnOnce(&mut AnyMatch) -> Result<Map<String, Value>, Failure>,
    ) -> Result<Map<String, Value>, Failure> {
        match &mut self.current {
            Some(m) => f(m),
            None => Err(fail("no_game", "no match yet: start one with \"new\" or \"load\"")),
        }
    }

    fn new_match(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Failure> {
        let game = string_field(request, "game")?;
        let players = match request.get("players") {
            Some(v) => v.as_u64().ok_or_else(|| bad_request("\"players\" must be a positive integer"))? as usize,
            None => return Err(bad_request("\"new\" needs \"game\" and \"players\"")),
        };
        let seed = match request.get("seed") {
            None | Some(Value::Null) => 0,
            Some(v) => v.as_u64().ok_or_else(|| bad_request("\"seed\" must be a non-negative integer"))?,
        };
        let options = match request.get("options") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(map)) => map.clone(),
            Some(_) => return Err(bad_request("\"options\" must be a JSON object")),
        };
        let dealer = match request.get("dealer") {
            None | Some(Value::Null) => None,
            Some(v) => {
                Some(v.as_u64().filter(|&d| d < 256).ok_or_else(|| bad_request("\"dealer\" must be a seat number"))?
                    as u8)
            }
        };
        let deal = match request.get("deal") {
            None | Some(Value::Null) => None,
            Some(v @ Value::Object(_)) => Some(v.clone()),
            Some(_) => return Err(fail("bad_deal", "\"deal\" must be a JSON object with one field per pile")),
        };
        let request = MatchRequest { players, seed, dealer, options, deal };
        let game: GameId = game.parse().map_err(|e: tapis_table::UnknownGame| fail("unknown_game", e.to_string()))?;
        let created = AnyMatch::new(game, &request).map_err(|e| fail(e.code(), e.to_string()))?;
        let status = to_json(&created.status());
        self.current = Some(created);
        Ok(single_field("status", status))
    }

    fn load(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Failure> {
        let record = request.get("record").ok_or_else(|| bad_request("\"load\" needs a \"record\""))?;
        let record: Record = serde_json::from_value(record.clone())
            .map_err(|e| fail("bad_record", format!("the record does not read as a game record: {e}")))?;
        let loaded = AnyMatch::load(&record).map_err(|e| fail("bad_record", e.to_string()))?;
        let status = to_json(&loaded.status());
        self.current = Some(loaded);
        Ok(single_field("status", status))
    }
}

fn single_field(key: &str, value: Value) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(key.into(), value);
    map
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn string_field<'a>(request: &'a Map<String, Value>, key: &str) -> Result<&'a str, Failure> {
    match request.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad_request(format!("\"{key}\" must be a string"))),
        None => Err(bad_request(format!("the request needs a \"{key}\" field"))),
    }
}

fn seat_field(request: &Map<String, Value>) -> Result<Seat, Failure> {
    match request.get("seat") {
        Some(v) => v
            .as_u64()
            .filter(|&s| s < tapis_core::MAX_SEATS as u64)
            .map(|s| Seat(s as u8))
            .ok_or_else(|| bad_request(format!("\"seat\" must be a seat number, not {v}"))),
        None => Err(bad_request("the request needs a \"seat\" field")),
    }
}

fn check_seat(m: &AnyMatch, seat: Seat) -> Result<(), Failure> {
    let players = m.players();
    if seat.index() >= players {
        return Err(bad_request(format!("seat {seat} is not at this table: the seats are 0 to {}", players - 1)));
    }
    Ok(())
}

/// `act`: the public events (PROTOCOL.md), each seat's private ones, and on request every
/// client view.
fn act(m: &mut AnyMatch, seat: Seat, action: &str, views: bool) -> Result<Map<String, Value>, Failure> {
    check_seat(m, seat)?;
    let told = m.act(seat, action).map_err(|e| fail(e.code(), e.to_string()))?;
    let public: Vec<&Value> = tapis_table::ops::told_to(&told, None).map(|e| &e.event).collect();
    let private: Vec<Vec<&Value>> = Seat::all(m.players())
        .map(|s| {
            tapis_table::ops::told_to(&told, Some(s))
                .filter(|e| matches!(e.audience, tapis_core::Audience::Only(_)))
                .map(|e| &e.event)
                .collect()
        })
        .collect();
    let mut out = single_field("events", json!(public));
    out.insert("private".into(), json!(private));
    out.insert("status".into(), to_json(&m.status()));
    if views {
        let seats: Vec<Value> = Seat::all(m.players()).map(|s| m.client_view(Some(s), 1, None, &[])).collect();
        out.insert("client_views".into(), json!({"seats": seats, "spectator": m.client_view(None, 1, None, &[])}));
    }
    Ok(out)
}

/// Runs the protocol on standard input and output until the end of the input.
pub fn run() -> std::io::Result<()> {
    use std::io::Write;
    let stdin = std::io::stdin();
    let mut stdout = crate::exit::Stdout::new();
    let mut referee = Referee::new();
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if read_line_capped(&mut input, &mut line)? == 0 {
            return Ok(());
        }
        let response = if line.len() > MAX_LINE {
            Some(too_long())
        } else {
            // Bytes that are not UTF-8 are a malformed request, not a reason to stop.
            referee.handle_line(&String::from_utf8_lossy(&line))
        };
        if line.capacity() > MAX_LINE {
            // A huge line's memory is given back, not kept for the next one.
            line = Vec::new();
        }
        if let Some(response) = response {
            writeln!(stdout, "{response}")?;
            stdout.flush()?;
        }
    }
}

fn too_long() -> String {
    json!({"ok": false, "error": {"code": "bad_request", "message": format!("the request line is longer than {MAX_LINE} bytes")}})
        .to_string()
}

/// Reads one line into `line`, keeping at most `MAX_LINE + 1` bytes of it (the rest of an
/// over-long line is read and dropped); returns the bytes read, 0 at the end of the input.
fn read_line_capped(input: &mut impl std::io::BufRead, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut total = 0;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        total += used;
        input.consume(used);
        if done {
            return Ok(total);
        }
    }
}
