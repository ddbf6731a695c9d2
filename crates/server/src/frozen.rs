//! A room whose match was stored under another version of its game's rules than this build
//! plays: these rules cannot replay it, and tapis keeps one rules version per game, so it opens
//! read-only (`docs/upgrades.md`). It comes back as stored: its seats and names, the moves of its
//! match, its chat, and a notice in both languages (what happened, that nothing was changed,
//! where the record downloads). No seat, action, chat line or rematch is taken, and nothing is
//! written: the store keeps the match exactly as it was, for a release with those rules.
//!
//! A match that can never go on here is treated as ended: its moves and its record are given to
//! anyone in the room, as a finished match's are.

use crate::limits::RoomPlace;
use crate::outbox::{Closing, Frame, Outbox};
use crate::room::{Phase, RoomInfo, RoomMsg, SeatInfo};
use crate::store::{CHAT_KEPT, LoadedRoom, StoredChat};
use crate::{ApiError, Lang, Server, frames, hash_token};
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use tapis_core::{Record, Seat};
use tapis_table::{GameId, bot_name};
use tokio::sync::mpsc;

/// Why a room is read-only: the `read_only` field of its object, and of its own frame (an
/// extension of SERVER.md).
#[derive(Clone, Debug, Serialize)]
pub struct Notice {
    /// The rules version this server plays.
    pub current: u32,
    /// Where the match's record downloads.
    pub record: String,
    /// The rules version the match was played under.
    pub rules: u32,
    /// What happened, that nothing was changed, and where the record is.
    pub text: Words,
}

/// A sentence in both languages.
#[derive(Clone, Debug, Serialize)]
pub struct Words {
    pub en: String,
    pub fr: String,
}

impl Notice {
    fn new(code: &str, rules: u32, current: u32) -> Notice {
        let record = format!("/api/rooms/{code}/record");
        let (earlier_fr, earlier_en) = match rules < current {
            true => ("antérieure", "an earlier"),
            false => ("plus récente", "a later"),
        };
        let fr = format!(
            "Cette partie a été jouée avec une version {earlier_fr} des règles (version {rules}\u{a0}; ce serveur joue la \
             version {current}). Elle ne peut pas continuer ici, mais rien n’a été changé\u{a0}: la partie est gardée telle \
             qu’elle était, et son enregistrement se télécharge à l’adresse {record}."
        );
        let en = format!(
            "This match was played under {earlier_en} version of the rules (version {rules}; this server plays version \
             {current}). It cannot go on here, but nothing was changed: the match is kept as it was, and its record \
             downloads from {record}."
        );
        Notice { current, record, rules, text: Words { en, fr } }
    }
}

/// `read_only`: the room's match as stored, to a client that says `hello` (instead of a
/// snapshot, which these rules cannot build). Its keys in alphabetical order, as the room's.
#[derive(Serialize)]
struct ReadOnlyFrame<'a> {
    #[serde(rename = "match")]
    match_no: u32,
    /// `[seat, "action"]`, in order.
    moves: &'a [(u8, String)],
    read_only: &'a Notice,
    seq: u64,
    r#type: &'static str,
}

struct Connection {
    seat: Option<Seat>,
    lang: Lang,
    outbox: Arc<Outbox>,
}

/// A read-only room: its task answers every message a room is sent.
pub struct FrozenRoom {
    server: Arc<Server>,
    loaded: LoadedRoom,
    game: GameId,
    notice: Notice,
    connections: BTreeMap<u64, Connection>,
    touched: u64,
    /// Its place among the rooms in memory, given back as it leaves (when the task ends).
    _place: Option<RoomPlace>,
}

impl FrozenRoom {
    /// The room, read-only, if its match was stored under other rules than this build's
    /// (`Err`: a room these rules replay, given back boxed).
    pub fn of(server: &Arc<Server>, loaded: LoadedRoom) -> Result<FrozenRoom, Box<LoadedRoom>> {
        let Ok(game) = loaded.room.game.parse::<GameId>() else { return Err(Box::new(loaded)) };
        let (rules, current) = (loaded.current.rules(), game.rules_version());
        if rules == current {
            return Err(Box::new(loaded));
        }
        let notice = Notice::new(&loaded.room.code, rules, current);
        let mut loaded = loaded;
        let kept = loaded.chat.len().saturating_sub(CHAT_KEPT);
        loaded.chat.drain(..kept);
        let touched = server.clock.now();
        Ok(FrozenRoom {
            server: server.clone(),
            loaded,
            game,
            notice,
            connections: BTreeMap::new(),
            touched,
            _place: None,
        })
    }

    /// The match as a record, as stored (these rules cannot read it back).
    fn record(&self) -> Record {
        self.loaded.record()
    }

    fn info(&self) -> RoomInfo {
        let room = &self.loaded.room;
        let seats = room
            .seats
            .iter()
            .enumerate()
            .map(|(i, kind)| SeatInfo {
                bot: kind.is_bot().then_some(*kind),
                connected: kind.is_bot() || self.connections.values().any(|c| c.seat == Some(Seat(i as u8))),
                kind: if kind.is_bot() { "bot" } else { "human" },
                name: self.name(i as u8),
                seat: i,
            })
            .collect();
        RoomInfo {
            fixed_deal: room.fixed_deal,
            game: self.game,
            hints: room.hints,
            match_no: self.loaded.current.match_no,
            options: self.loaded.current.options.clone(),
            // The match goes no further here.
            phase: Phase::Over,
            players: room.players,
            read_only: Some(self.notice.clone()),
            room: room.code.clone(),
            seats,
            seq: self.loaded.actions.len() as u64,
            spectators: self.connections.values().filter(|c| c.seat.is_none()).count(),
        }
    }

    /// The name a person sat down under.
    fn name(&self, seat: u8) -> Option<String> {
        self.loaded.seats.iter().find(|s| s.seat == seat).map(|s| s.name.clone())
    }

    fn frame(&self) -> String {
        let frame = ReadOnlyFrame {
            match_no: self.loaded.current.match_no,
            moves: &self.loaded.actions,
            read_only: &self.notice,
            seq: self.loaded.actions.len() as u64,
            r#type: "read_only",
        };
        serde_json::to_string(&frame).unwrap_or_else(|_| "{}".into())
    }

    fn chat_frame(&self, line: &StoredChat) -> String {
        let name = match self.loaded.room.seats.get(line.seat as usize) {
            Some(kind) if kind.is_bot() => bot_name(Seat(line.seat)).to_string(),
            _ => self.name(line.seat).unwrap_or_default(),
        };
        frames::chat(line.seat, &name, &line.text)
    }

    /// The room, holding `place` among the rooms in memory until it leaves.
    pub fn held(self, place: RoomPlace) -> FrozenRoom {
        FrozenRoom { _place: Some(place), ..self }
    }

    /// Runs the room until the server stops, or until it leaves memory.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<RoomMsg>) {
        let code = self.loaded.room.code.clone();
        tracing::info!(room = %code, rules = self.notice.rules, current = self.notice.current, "room opened read-only: its match was played under other rules");
        loop {
            let archive_at = self.touched + self.server.config.archive_after.as_millis() as u64;
            let clock = self.server.clock;
            let idle = self.connections.is_empty();
            let archive = async {
                match idle {
                    true => tokio::time::sleep_until(clock.instant(archive_at)).await,
                    false => std::future::pending().await,
                }
            };
            tokio::select! {
                message = inbox.recv() => match message {
                    Some(RoomMsg::Leave) | None => {
                        self.server.rooms.remove(&code);
                        for (_, gone) in std::mem::take(&mut self.connections) {
                            gone.outbox.close(Closing::RESTART);
                        }
                        return;
                    }
                    Some(message) => {
                        if !matches!(message, RoomMsg::Disconnect { .. } | RoomMsg::Error { .. }) {
                            self.touched = self.server.clock.now();
                        }
                        self.handle(message);
                    }
                },
                () = archive => {
                    if self.server.rooms.leave_if_idle(&code, &inbox) {
                        inbox.close();
                        while inbox.try_recv().is_ok() {}
                        self.server.store.release(&code);
                        tracing::info!(room = %code, "room left memory");
                        return;
                    }
                }
            }
        }
    }

    fn handle(&mut self, message: RoomMsg) {
        match message {
            RoomMsg::Join { reply, .. } => {
                let _ = reply.send(Err(self.refusal()));
            }
            RoomMsg::Info { reply } => {
                let _ = reply.send(self.info());
            }
            RoomMsg::Record { reply } => {
                let _ = reply.send(Ok(serde_json::to_value(self.record()).unwrap_or(Value::Null)));
            }
            RoomMsg::Rounds { reply } => {
                let _ = reply.send(json!({"match": self.loaded.current.match_no, "rounds": []}));
            }
            RoomMsg::Connect { conn, token, lang, outbox, reply, .. } => {
                let _ = reply.send(self.connect(conn, token, lang, outbox));
            }
            RoomMsg::Disconnect { conn } => {
                if let Some(gone) = self.connections.remove(&conn) {
                    gone.outbox.close(Closing::NORMAL);
                    self.broadcast_room();
                }
            }
            RoomMsg::Act { conn, .. }
            | RoomMsg::Chat { conn, .. }
            | RoomMsg::Rematch { conn }
            | RoomMsg::Settings { conn, .. }
            | RoomMsg::HandOver { conn, .. } => self.error_to(conn, &self.refusal()),
            RoomMsg::Error { conn, code, close } => {
                self.error_to(conn, &code);
                if close && let Some(gone) = self.connections.remove(&conn) {
                    gone.outbox.close(crate::ws::closing_for(&code));
                    self.broadcast_room();
                }
            }
            RoomMsg::Leave => {}
        }
    }

    fn refusal(&self) -> ApiError {
        ApiError::ReadOnly { rules: self.notice.rules, current: self.notice.current }
    }

    /// A connection says `hello`: a seat's token or a spectator, told the room as stored.
    fn connect(&mut self, conn: u64, token: Option<String>, lang: Lang, outbox: Arc<Outbox>) -> Result<(), ApiError> {
        let seat = match token {
            None => {
                let spectators = self.connections.values().filter(|c| c.seat.is_none()).count();
                if spectators >= self.server.config.spectators_per_room {
                    return Err(ApiError::RoomFull);
                }
                None
            }
            Some(token) => {
                let hash = hash_token(&token);
                let seat = self.loaded.seats.iter().find(|s| s.token_hash == hash).ok_or(ApiError::BadToken)?;
                Some(Seat(seat.seat))
            }
        };
        let connection = Connection { seat, lang, outbox };
        connection.outbox.push(Frame::from(self.frame()));
        for line in &self.loaded.chat {
            connection.outbox.push(Frame::from(self.chat_frame(line)));
        }
        self.connections.insert(conn, connection);
        self.broadcast_room();
        Ok(())
    }

    fn error_to(&self, conn: u64, error: &ApiError) {
        if let Some(c) = self.connections.get(&conn) {
            c.outbox.push(Frame::from(frames::error(error, c.lang)));
        }
    }

    /// The room object to everyone: someone connected or left.
    fn broadcast_room(&mut self) {
        let frame = Frame::from(frames::room(&self.info()));
        let slow: Vec<u64> =
            self.connections.iter().filter(|(_, c)| !c.outbox.push(frame.clone())).map(|(id, _)| *id).collect();
        for id in slow {
            if let Some(gone) = self.connections.remove(&id) {
                gone.outbox.close(Closing::TOO_SLOW);
            }
        }
    }
}
