//! The operations of a match as the outside world speaks them: actions as text, status, views
//! and events as JSON, records. The referee serializes what these return; so does the server.

use crate::registry::{AnyMatch, GameId, UnknownGame};
use crate::view::{self, RoundSummary};
use serde::Serialize;
use serde_json::Value;
use tapis_bots::BotKind;
use tapis_core::rng::{GameRng, game_seed, salt};
use tapis_core::{
    ActionError, ActionList, Audience, FullGame, Game, GameEvent, Lang, Match, MatchRequest, Record, RecordError, Seat,
    SeatSet, SetupError, Stored, Text, Words,
};

/// PROTOCOL.md's `status`, plus `game`, `players` and `waiting`, with its two lists owned
/// ([`Status`]) or borrowed ([`Status::told_ref`]: what a server writes into each recipient's
/// frame without copying them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatusOf<Scores, Cards> {
    pub game: &'static str,
    pub players: usize,
    /// Seats with a legal action now. In what a seat is told ([`Status::told_to`]), only the
    /// seats waited for and itself: who else may act out of turn depends on their cards.
    pub actors: SeatSet,
    /// The seats the match waits for.
    pub waiting: SeatSet,
    pub over: bool,
    pub winners: SeatSet,
    pub round: u32,
    pub scores: Scores,
    pub cards: Cards,
}

/// A match's status, its lists owned.
pub type Status = StatusOf<Vec<i64>, Vec<u32>>;

impl Status {
    /// The status as `observer` (`None`: a spectator) may be told it.
    pub fn told_to(&self, observer: Option<Seat>) -> Status {
        Status { actors: self.actors_told_to(observer), ..self.clone() }
    }

    /// [`Status::told_to`], borrowing the lists: the same JSON, nothing copied.
    pub fn told_ref(&self, observer: Option<Seat>) -> StatusOf<&[i64], &[u32]> {
        StatusOf {
            game: self.game,
            players: self.players,
            actors: self.actors_told_to(observer),
            waiting: self.waiting,
            over: self.over,
            winners: self.winners,
            round: self.round,
            scores: &self.scores,
            cards: &self.cards,
        }
    }

    /// The seats `observer` is told may act: the seats waited for, and itself if it may.
    pub fn actors_told_to(&self, observer: Option<Seat>) -> SeatSet {
        let own = observer.map_or(SeatSet::EMPTY, |s| self.actors & SeatSet::single(s));
        self.waiting | own
    }
}

/// One legal action with its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalAction {
    pub action: String,
    pub fr: String,
    pub en: String,
}

/// One event of an accepted action, with who may know it and its words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToldEvent {
    #[serde(skip)]
    pub audience: Audience,
    /// The event as JSON, with its `type`.
    pub event: Value,
    pub fr: String,
    pub en: String,
}

impl ToldEvent {
    pub fn text(&self, lang: Lang) -> &str {
        lang.pick(&self.fr, &self.en)
    }

    /// The event as a client is sent it: its JSON object with its words added as
    /// `"text": {"fr": …, "en": …}`.
    pub fn wire(&self) -> String {
        let mut event = self.event.clone();
        if let Value::Object(fields) = &mut event {
            fields.insert("text".into(), serde_json::json!({"fr": self.fr, "en": self.en}));
        }
        event.to_string()
    }
}

/// The events `observer` may know, in order.
pub fn told_to(events: &[ToldEvent], observer: Option<Seat>) -> impl Iterator<Item = &ToldEvent> {
    events.iter().filter(move |e| e.audience.includes(observer))
}

/// Why a record could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    UnknownGame(UnknownGame),
    #[error("{0}")]
    Record(RecordError),
}

impl LoadError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            LoadError::UnknownGame(e) => e.message(lang),
            LoadError::Record(e) => e.message(lang),
        }
    }
}

/// The generic operations, for one game.
pub(crate) fn status<G: FullGame>(m: &Match<G>) -> Status {
    let s = m.state();
    Status {
        game: G::ID,
        players: s.players(),
        actors: s.actors(),
        waiting: s.waiting_for(),
        over: s.is_over(),
        winners: s.winners(),
        round: s.round(),
        scores: s.scores().as_slice().to_vec(),
        cards: s.cards_left().as_slice().to_vec(),
    }
}

fn dealer<G: FullGame>(m: &Match<G>) -> Seat {
    G::dealer(&m.state().view(None))
}

fn legal_of<G: FullGame>(m: &Match<G>, seat: Seat) -> ActionList<G::Action> {
    let mut legal = ActionList::new();
    if seat.index() < m.state().players() {
        m.state().legal_actions(seat, &mut legal);
    }
    legal
}

/// The events with their words, seats called by `names`, the `reader` addressed as « vous » /
/// "you" (`None`: a log shared by everyone, every seat by name).
pub(crate) fn tell<G: FullGame>(events: &[G::Event], names: &[String], reader: Option<Seat>) -> Vec<ToldEvent> {
    let fr = Words::new(Lang::Fr, names, reader);
    let en = Words::new(Lang::En, names, reader);
    events
        .iter()
        .map(|e| ToldEvent {
            audience: e.audience(),
            event: serde_json::to_value(e).unwrap_or(Value::Null),
            fr: G::describe_event(e, &fr),
            en: G::describe_event(e, &en),
        })
        .collect()
}

fn render<G: FullGame>(m: &Match<G>, seat: Option<Seat>, words: &Words) -> String {
    G::render_view(&m.state().view(seat), words)
}

fn describe<G: FullGame>(_m: &Match<G>, text: &str, words: &Words) -> String {
    G::parse_action(text).map_or_else(|_| text.to_string(), |a| G::describe_action(a, words))
}

fn act<G: FullGame>(
    m: &mut Match<G>,
    seat: Seat,
    text: &str,
    names: &[String],
    reader: Option<Seat>,
) -> Result<Vec<ToldEvent>, ActionError> {
    if seat.index() >= m.state().players() {
        return Err(ActionError::NoSeat { seat, players: m.state().players() });
    }
    m.act(seat, text).map(|events| tell::<G>(&events, names, reader)).map_err(|e| match e {
        // At a table with names, the game's reason is told with them, to the seat refused.
        ActionError::NotLegal { seat, action, legal, reason: Some(_) } if !names.is_empty() => {
            let reason = G::parse_action(text).ok().and_then(|parsed| {
                let fr = m.state().why_illegal_in(seat, parsed, &Words::new(Lang::Fr, names, Some(seat)))?;
                let en = m.state().why_illegal_in(seat, parsed, &Words::new(Lang::En, names, Some(seat)))?;
                Some(Text::new(fr, en))
            });
            ActionError::NotLegal { seat, action, legal, reason }
        }
        e => e,
    })
}

fn replay<G: FullGame>(
    m: &mut Match<G>,
    seat: Seat,
    text: &str,
    stored: Option<Stored>,
    names: &[String],
    reader: Option<Seat>,
) -> Result<Vec<ToldEvent>, RecordError> {
    m.replay(seat, text, stored).map(|events| tell::<G>(&events, names, reader))
}

/// What a bot of `kind` plays for `seat` now, from that seat's view alone; `None` when it lets
/// a reaction window pass. Same match, same moment (actions so far), same seat: same answer, so
/// a match rebuilt from its record makes the same bot moves.
fn check_bot<G: FullGame>(m: &Match<G>, kind: BotKind) -> Result<(), SetupError> {
    kind.check::<G>(m.state().players(), m.state().options()).map_err(SetupError::BadSetup)
}

pub(crate) fn bot_choice<G: FullGame>(m: &Match<G>, seat: Seat, kind: BotKind) -> Option<G::Action> {
    bot_choice_at(m.state(), m.record().seed, m.record().actions.len() as u64, seat, kind)
}

/// [`bot_choice`] from the match's state, its seed and `seq` (the actions accepted so far):
/// what a bot's job beside the table carries, without the record.
pub(crate) fn bot_choice_at<G: FullGame>(
    state: &G,
    seed: u64,
    seq: u64,
    seat: Seat,
    kind: BotKind,
) -> Option<G::Action> {
    let mut legal = ActionList::new();
    if seat.index() < state.players() {
        state.legal_actions(seat, &mut legal);
    }
    if legal.is_empty() {
        return None;
    }
    let mut rng = bot_rng(seed, seq, seat);
    kind.decide::<G>(seat, || state.view(Some(seat)), &legal, state.waiting_for().contains(seat), &mut rng)
}

/// The generator of one bot decision: from the match seed, the number of actions accepted and
/// the seat.
pub fn bot_rng(seed: u64, seq: u64, seat: Seat) -> GameRng {
    GameRng::seed_from_u64(game_seed(seed, seq << 8 | seat.0 as u64))
}

/// The generator of a seat's pace at a table ([`crate::pace`]): a bot's reaction to a window
/// opening at `seq`, a person's only move played for them at `seq`.
pub fn pace_rng(seed: u64, seq: u64, seat: Seat) -> GameRng {
    GameRng::seed_from_u64(game_seed(game_seed(seed, salt::TABLE_PACE), seq << 8 | seat.0 as u64))
}

/// The generator that settles a race between bots wishing to act at the same moment.
pub fn race_rng(seed: u64, seq: u64) -> GameRng {
    GameRng::seed_from_u64(game_seed(seed, seq << 8 | 0xFF))
}

impl AnyMatch {
    /// A new match; the request is checked once, by the game's `Match::new`.
    pub fn new(game: GameId, request: &MatchRequest) -> Result<AnyMatch, SetupError> {
        crate::on_game!(game, G => Match::<G>::new(request).map(AnyMatch::from))
    }

    /// Replays a record of its game's rules version, from its chance outcomes when it keeps
    /// them, from its seed when not.
    pub fn load(record: &Record) -> Result<AnyMatch, LoadError> {
        let game: GameId = record.game.parse().map_err(LoadError::UnknownGame)?;
        crate::on_game!(game, G => Match::<G>::load(record).map(AnyMatch::from).map_err(LoadError::Record))
    }

    /// The match of `record` set up, its actions still to replay ([`AnyMatch::replay_named`]):
    /// a record of its game's rules version, whose outcomes are in order.
    pub fn start_replay(record: &Record) -> Result<AnyMatch, LoadError> {
        let game: GameId = record.game.parse().map_err(LoadError::UnknownGame)?;
        crate::on_game!(game, G => Match::<G>::check_readable(record)
            .and_then(|()| Match::<G>::new_replaying(&record.request(), record.stored_at(0)))
            .map(AnyMatch::from)
            .map_err(LoadError::Record))
    }

    /// Applies the next action of a record, its chance outcomes imposed from `stored` (`None`:
    /// drawn), with the events' words as [`AnyMatch::act_named`] gives them.
    pub fn replay_named(
        &mut self,
        seat: Seat,
        text: &str,
        stored: Option<Stored>,
        names: &[String],
        reader: Option<Seat>,
    ) -> Result<Vec<ToldEvent>, RecordError> {
        crate::on_match!(self, m => replay(m, seat, text, stored, names, reader))
    }

    pub fn players(&self) -> usize {
        crate::on_match!(self, m => m.state().players())
    }

    pub fn is_over(&self) -> bool {
        crate::on_match!(self, m => m.state().is_over())
    }

    pub fn round(&self) -> u32 {
        crate::on_match!(self, m => m.state().round())
    }

    pub fn scores(&self) -> Vec<i64> {
        crate::on_match!(self, m => m.state().scores().as_slice().to_vec())
    }

    /// [`Game::round_end_scores`]: the scores a score sheet writes at a round's end.
    pub fn round_end_scores(&self) -> Vec<i64> {
        crate::on_match!(self, m => m.state().round_end_scores().as_slice().to_vec())
    }

    /// The number of actions accepted so far.
    pub fn seq(&self) -> u64 {
        self.record().actions.len() as u64
    }

    pub fn status(&self) -> Status {
        crate::on_match!(self, m => status(m))
    }

    /// The dealer of the current round, as every seat sees it.
    pub fn dealer(&self) -> Seat {
        crate::on_match!(self, m => dealer(m))
    }

    /// The seat's legal actions in notation, in the game's stable order (empty when it may not
    /// act, or is not at the table).
    pub fn legal(&self, seat: Seat) -> Vec<String> {
        crate::on_match!(self, m => legal_of(m, seat).iter().map(ToString::to_string).collect())
    }

    /// Whether the seat has exactly one legal action (none written out).
    pub fn has_one_legal(&self, seat: Seat) -> bool {
        crate::on_match!(self, m => legal_of(m, seat).len() == 1)
    }

    /// The seat's legal action in notation, if it has exactly one.
    pub fn only_legal(&self, seat: Seat) -> Option<String> {
        crate::on_match!(self, m => match legal_of(m, seat).as_slice() {
            [action] => Some(action.to_string()),
            _ => None,
        })
    }

    /// The seat's legal actions with their words in both languages, seats called by `names`.
    pub fn legal_words(&self, seat: Seat, names: &[String]) -> Vec<LegalAction> {
        crate::on_match!(self, m => view::legal_words(m, seat, names))
    }

    /// Parses and applies an action; on any error the match is unchanged. Returns every event,
    /// each with its audience and its words, seats numbered.
    pub fn act(&mut self, seat: Seat, text: &str) -> Result<Vec<ToldEvent>, ActionError> {
        self.act_named(seat, text, &[], None)
    }

    /// [`AnyMatch::act`] with the events' words calling seats by `names` and addressing
    /// `reader` as « vous » / "you" (`None`: every seat by name).
    pub fn act_named(
        &mut self,
        seat: Seat,
        text: &str,
        names: &[String],
        reader: Option<Seat>,
    ) -> Result<Vec<ToldEvent>, ActionError> {
        crate::on_match!(self, m => act(m, seat, text, names, reader))
    }

    /// The game's own view of a seat (the one bots read), as JSON.
    pub fn view_json(&self, seat: Option<Seat>) -> Value {
        crate::on_match!(self, m => serde_json::to_value(m.state().view(seat)).unwrap_or(Value::Null))
    }

    /// The client view of a seat (`docs/client-view.md`).
    pub fn client_view(
        &self,
        seat: Option<Seat>,
        match_no: u32,
        last_round: Option<&RoundSummary>,
        names: &[String],
    ) -> Value {
        crate::on_match!(self, m => view::client_view(m, seat, match_no, last_round, names))
    }

    /// [`AnyMatch::client_view`] as JSON text appended to `out`, serialized straight from the
    /// typed view into the frame being written (what a server does thousands of times a second).
    pub fn write_client_view(
        &self,
        seat: Option<Seat>,
        match_no: u32,
        last_round: Option<&RoundSummary>,
        names: &[String],
        out: &mut Vec<u8>,
    ) {
        crate::on_match!(self, m => view::write_client_view(m, seat, match_no, last_round, names, out))
    }

    /// [`AnyMatch::client_view`] handed to `serializer`, straight from the typed view (so that a
    /// frame holding it is serialized in one pass).
    pub fn serialize_client_view<S: serde::Serializer>(
        &self,
        seat: Option<Seat>,
        match_no: u32,
        last_round: Option<&RoundSummary>,
        names: &[String],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        crate::on_match!(self, m => view::envelope(m, seat, match_no, last_round, names).serialize(serializer))
    }

    /// The table as the seat's view shows it, as text for the terminal.
    pub fn render_view(&self, seat: Option<Seat>, words: &Words) -> String {
        crate::on_match!(self, m => render(m, seat, words))
    }

    /// An action in words (`text` in notation); the text itself if it does not parse.
    pub fn describe_action(&self, text: &str, words: &Words) -> String {
        crate::on_match!(self, m => describe(m, text, words))
    }

    /// The whole hidden state, for debugging and tests only.
    pub fn state_json(&self) -> Value {
        crate::on_match!(self, m => serde_json::to_value(m.state()).unwrap_or(Value::Null))
    }

    pub fn record(&self) -> &Record {
        crate::on_match!(self, m => m.record())
    }

    /// Whether `kind` can play this match's table (a learned bot needs a policy for it), or why
    /// not ([`BotKind::check`]).
    pub fn check_bot(&self, kind: BotKind) -> Result<(), SetupError> {
        crate::on_match!(self, m => check_bot(m, kind))
    }

    /// What a bot would play for `seat` now, without playing it (`None`: it lets a reaction
    /// window pass). An error when the seat may not act.
    pub fn bot(&self, seat: Seat, kind: BotKind) -> Result<Option<String>, ActionError> {
        crate::on_match!(self, m => {
            let state = m.state();
            if state.is_over() {
                return Err(ActionError::Over);
            }
            if seat.index() >= state.players() {
                return Err(ActionError::NoSeat { seat, players: state.players() });
            }
            if !state.actors().contains(seat) {
                return Err(ActionError::NotYourMove { seat, waiting: state.waiting_for() });
            }
            Ok(bot_choice(m, seat, kind).map(|a| a.to_string()))
        })
    }
}
