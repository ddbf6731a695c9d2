//! `tapis referee`: the JSON-lines protocol of PROTOCOL.md. One request per line, exactly one
//! response line per request; a failed request changes nothing.
//!
//! Extensions beyond the contract (new fields only): `status` also gives `game`, `players`,
//! `waiting` (the seats the match cannot go on without; `actors` minus `waiting` are in a
//! reaction window) and `dealer`-independent `round`; `bot` answers `"action": null` when a bot
//! lets a reaction window pass; `games` gives each game's `rules` in brief. Blank lines are not
//! requests and get no response.

use crate::registry::{AnyMatch, GAME_IDS, IntoAny, on_game, on_match, unknown_game};
use serde_json::{Map, Value, json};
use tapis_bots::BotKind;
use tapis_core::rng::game_seed;
use tapis_core::{ActionList, Game, GameRng, Lang, Match, MatchRequest, Record, Seat};

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
            "games" => Ok(one("games", games_json())),
            "status" => self.with_match(|m| Ok(one("status", on_match!(m, m => status(m))))),
            "legal" => {
                let seat = seat_field(request)?;
                self.with_match(|m| on_match!(m, m => legal(m, seat)))
            }
            "act" => {
                let seat = seat_field(request)?;
                let action = string_field(request, "action")?;
                self.with_match_mut(|m| on_match!(m, m => act(m, seat, action)))
            }
            "view" => {
                let seat = match request.get("seat") {
                    Some(Value::Null) => None,
                    Some(_) => Some(seat_field(request)?),
                    None => {
                        return Err(bad_request("\"view\" needs a \"seat\": a seat number, or null for a spectator"));
                    }
                };
                self.with_match(|m| on_match!(m, m => view(m, seat)))
            }
            "state" => self.with_match(|m| Ok(one("state", on_match!(m, m => to_json(m.state()))))),
            "record" => self.with_match(|m| Ok(one("record", on_match!(m, m => to_json(m.record()))))),
            "bot" => {
                let seat = seat_field(request)?;
                let name = string_field(request, "bot")?;
                let kind = BotKind::parse(name).map_err(bad_request)?;
                let budget = match request.get("budget") {
                    None | Some(Value::Null) => None,
                    Some(budget) => Some(
                        budget
                            .as_u64()
                            .filter(|&b| (1..=10_000_000).contains(&b))
                            .ok_or_else(|| bad_request("\"budget\" must be an integer from 1 to 10000000"))?
                            as u32,
                    ),
                };
                let kind = kind.with_budget(budget);
                self.with_match(|m| on_match!(m, m => bot(m, seat, kind)))
            }
            other => Err(bad_request(format!("unknown command '{other}'; the commands are: {COMMANDS}"))),
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
        let created = on_game!(game, G => Match::<G>::new(&request).map(IntoAny::into_any))
            .ok_or_else(|| fail("unknown_game", unknown_game(game)))?;
        let created = created.map_err(|e| fail(e.code(), e.to_string()))?;
        let status = on_match!(&created, m => status(m));
        self.current = Some(created);
        Ok(one("status", status))
    }

    fn load(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Failure> {
        let record = request.get("record").ok_or_else(|| bad_request("\"load\" needs a \"record\""))?;
        let record: Record = serde_json::from_value(record.clone())
            .map_err(|e| fail("bad_record", format!("the record does not read as a game record: {e}")))?;
        let loaded = on_game!(&record.game, G => Match::<G>::load(&record).map(IntoAny::into_any))
            .ok_or_else(|| fail("bad_record", unknown_game(&record.game)))?;
        let loaded = loaded.map_err(|e| fail("bad_record", e))?;
        let status = on_match!(&loaded, m => status(m));
        self.current = Some(loaded);
        Ok(one("status", status))
    }
}

fn one(key: &str, value: Value) -> Map<String, Value> {
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

fn check_seat<G: Game>(m: &Match<G>, seat: Seat) -> Result<(), Failure> {
    let players = m.state().players();
    if seat.index() >= players {
        return Err(bad_request(format!("seat {seat} is not at this table: the seats are 0 to {}", players - 1)));
    }
    Ok(())
}

/// The `status` object of PROTOCOL.md, plus `game`, `players` and `waiting`.
pub fn status<G: Game>(m: &Match<G>) -> Value {
    let s = m.state();
    json!({
        "game": G::ID,
        "players": s.players(),
        "actors": s.actors(),
        "waiting": s.waiting_for(),
        "over": s.is_over(),
        "winners": s.winners(),
        "round": s.round(),
        "scores": s.scores(),
        "cards": s.cards_left(),
    })
}

fn legal<G: Game>(m: &Match<G>, seat: Seat) -> Result<Map<String, Value>, Failure> {
    check_seat(m, seat)?;
    let mut legal = ActionList::new();
    m.state().legal_actions(seat, &mut legal);
    let actions: Vec<String> = legal.iter().map(ToString::to_string).collect();
    Ok(one("actions", json!(actions)))
}

fn act<G: Game>(m: &mut Match<G>, seat: Seat, action: &str) -> Result<Map<String, Value>, Failure> {
    check_seat(m, seat)?;
    let events = m.act(seat, action).map_err(|e| fail(e.code(), e.to_string()))?;
    let mut out = one("events", to_json(&events));
    out.insert("status".into(), status(m));
    Ok(out)
}

fn view<G: Game>(m: &Match<G>, seat: Option<Seat>) -> Result<Map<String, Value>, Failure> {
    if let Some(seat) = seat {
        check_seat(m, seat)?;
    }
    Ok(one("view", to_json(&m.state().view(seat))))
}

fn bot<G: Game>(m: &Match<G>, seat: Seat, kind: BotKind) -> Result<Map<String, Value>, Failure> {
    check_seat(m, seat)?;
    let state = m.state();
    let mut legal = ActionList::new();
    state.legal_actions(seat, &mut legal);
    if legal.is_empty() {
        return Err(fail("illegal_action", format!("seat {seat} has no legal action now")));
    }
    // Same match, same moment, same seat: same answer.
    let moment = (m.record().actions.len() as u64) << 8 | seat.0 as u64;
    let mut rng = GameRng::seed_from_u64(game_seed(m.record().seed, moment));
    let must_act = state.waiting_for().contains(seat);
    let choice = kind.decide::<G>(seat, &state.view(Some(seat)), &legal, must_act, &mut rng);
    Ok(one("action", choice.map_or(Value::Null, |a| Value::String(a.to_string()))))
}

/// The `games` list: id, name, player range with default options, options, rules in brief.
pub fn games_json() -> Value {
    let games: Vec<Value> = GAME_IDS.iter().filter_map(|id| on_game!(id, G => game_json::<G>())).collect();
    Value::Array(games)
}

fn game_json<G: Game>() -> Value {
    let defaults = G::parse_options(&Map::new()).expect("default options are valid");
    let range = G::players_range(&defaults);
    let options: Map<String, Value> = G::option_specs().iter().map(|s| (s.key.to_string(), s.to_json())).collect();
    json!({
        "id": G::ID,
        "name": G::NAME,
        "players": [range.start(), range.end()],
        "options": options,
        "rules": G::rules_text(Lang::En),
    })
}

/// Runs the protocol on standard input and output until the end of the input.
pub fn run() -> std::io::Result<()> {
    use std::io::{BufRead, Write};
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    let mut referee = Referee::new();
    let mut line = Vec::new();
    let mut input = stdin.lock();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        // Bytes that are not UTF-8 are a malformed request, not a reason to stop.
        let text = String::from_utf8_lossy(&line);
        if let Some(response) = referee.handle_line(&text) {
            writeln!(stdout, "{response}")?;
            stdout.flush()?;
        }
    }
}
