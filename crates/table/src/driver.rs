//! [`Table`]: the clock-free driver of one match, for every front end.
//!
//! A table holds a match and a controller per seat: a person, or a bot. People submit actions
//! with the action counter (`seq`) they saw; a stale or illegal submission is refused with a
//! typed error and changes nothing. Bots act on their own, `bot_delay_ms` after the table last
//! changed, so that people can follow the game and win a race in a reaction window: when a
//! person and a bot may both act, the first submission wins, as at a real table. With a turn
//! clock, a person the match waits for who has not acted `turn_clock_ms` after the last change
//! gets their move made by the game's heuristic.
//!
//! **Time is an input.** Nothing here reads the clock: the caller says what time it is
//! (milliseconds on any monotonic scale), asks [`Table::due`] when something will happen next,
//! and calls [`Table::advance`] then. A move made by a bot or the clock is dated at the moment it
//! was due, not when the caller noticed, so the same actions at the same times always give the
//! same match, and every timing test is exact.
//!
//! **Bots think beside the table.** A bot's search can take a second, and the table must not
//! stop for it: whoever drives the table takes the next move the table would make by itself as
//! a [`Job`] ([`Table::job`]): the match's state, its seed, the seats' controllers, and the key
//! it was taken at (match, action counter, due time). The job runs anywhere (a thread, a pool)
//! while the table goes on taking submissions; its [`JobAnswer`] comes back through
//! [`Table::answer`], which applies it only if the table still stands where the job was taken
//! and the move is due. A person's submission that comes first wins, and the answer, now stale,
//! is dropped. [`Table::advance`] runs the jobs in place, for callers that may wait.
//!
//! **Deterministic bots.** Each bot decision is seeded from (match seed, `seq`, seat), and a
//! race between bots from (match seed, `seq`): a match rebuilt from its record makes the same bot
//! moves afterwards, and a job's answer is the same whenever and wherever it runs. Bots see
//! their seat's view only.
//!
//! For every accepted action the table returns an [`Accepted`]: the action, who made it, and
//! every event with its audience, from which each seat and the spectators are told what they
//! may know ([`Accepted::told_to`]).

use crate::ops::{self, Status, ToldEvent, bot_rng, race_rng};
use crate::registry::{AnyMatch, GameId};
use crate::view::RoundSummary;
use tapis_bots::BotKind;
use tapis_core::race::among_willing;
use tapis_core::{ActionError, Game, GameRng, Lang, MatchRequest, Seat, SetupError, Words};

/// The most moves one call of [`Table::advance`] makes. Bots with no delay could otherwise play
/// on for ever in a call (two Battle GUM bots can hand a pile back and forth without end); the
/// caller simply calls again, since the next move is still due.
pub const MAX_MOVES_PER_ADVANCE: usize = 1000;

/// Who plays a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Controller {
    Person,
    Bot(BotKind),
}

/// Everything that fixes a table before its first match.
#[derive(Clone, Debug)]
pub struct TableSetup {
    pub game: GameId,
    /// The first match: players, seed, options, dealer, deal.
    pub request: MatchRequest,
    /// One per seat.
    pub controllers: Vec<Controller>,
    /// How long bots wait after the last change before acting.
    pub bot_delay_ms: u64,
    /// After this long without acting, a person the match waits for has the heuristic's move
    /// made for them; `None`: the table waits.
    pub turn_clock_ms: Option<u64>,
    /// What each seat is called in the words of events and actions (a seat without a name is
    /// « joueur 3 » / "player 3"); see [`bot_name`] for bots.
    pub names: Vec<String>,
    /// The seat the words are written for, addressed as « vous » / "you" (a terminal's person);
    /// `None` when the words are shared by everyone (a server's log).
    pub reader: Option<Seat>,
}

/// The name of the bot at `seat`: the same at every table, in every language.
pub fn bot_name(seat: Seat) -> &'static str {
    const NAMES: [&str; 10] =
        ["Ada", "Blaise", "Colette", "Denis", "Émilie", "Fernand", "Gaston", "Hortense", "Irène", "Jules"];
    NAMES[seat.index() % NAMES.len()]
}

/// Who made an accepted move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// The person at the seat.
    Person,
    /// The bot at the seat.
    Bot,
    /// The turn clock ran out: the heuristic played for the absent person.
    Clock,
}

/// One accepted action.
#[derive(Clone, Debug, PartialEq)]
pub struct Accepted {
    pub match_no: u32,
    /// Actions accepted in this match, this one included.
    pub seq: u64,
    pub seat: Seat,
    /// In notation.
    pub action: String,
    pub by: Mover,
    /// When it was made (the caller's time, or the time a bot or the clock was due).
    pub at: u64,
    /// Every event, each with its audience.
    pub events: Vec<ToldEvent>,
    /// Set when this action ended a round (or the match).
    pub round_over: Option<RoundSummary>,
}

impl Accepted {
    /// The events `observer` (`None`: a spectator) may know, in order.
    pub fn told_to(&self, observer: Option<Seat>) -> Vec<&ToldEvent> {
        ops::told_to(&self.events, observer).collect()
    }
}

/// Why a submission was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The match moved on since the submitter last saw it.
    #[error("the match has moved on: you saw action {seen}, it is at {seq}")]
    Stale { seen: u64, seq: u64 },
    /// A bot plays this seat.
    #[error("seat {0} is played by a bot")]
    BotSeat(Seat),
    /// The match is not over: no rematch yet.
    #[error("the match is not over")]
    NotOver,
    /// The action is refused by the rules.
    #[error("{0}")]
    Action(ActionError),
    /// The rematch could not be set up.
    #[error("{0}")]
    Setup(SetupError),
}

impl TableError {
    /// The protocols' error code.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Stale { .. } => "stale",
            TableError::BotSeat(_) => "illegal_action",
            TableError::NotOver => "not_over",
            TableError::Action(e) => e.code(),
            TableError::Setup(e) => e.code(),
        }
    }

    /// The sentence for `seat`, the one refused, at a table whose seats are called by `names`.
    pub fn message_in(&self, words: &Words) -> String {
        match self {
            TableError::Action(e) => e.message_in(words),
            TableError::BotSeat(seat) => match words.fr() {
                true => format!("{} est un robot\u{a0}: vous ne pouvez pas jouer à sa place", words.who_upper(*seat)),
                false => format!("{} is a bot: you cannot play for them", words.who_upper(*seat)),
            },
            _ => self.message(words.lang),
        }
    }

    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (TableError::Action(e), _) => e.message(lang),
            (TableError::Setup(e), _) => e.message(lang),
            (_, Lang::En) => self.to_string(),
            (TableError::Stale { seen, seq }, Lang::Fr) => {
                format!("la partie a avancé : vous avez vu l'action {seen}, elle en est à {seq}")
            }
            (TableError::BotSeat(seat), Lang::Fr) => format!("la place {seat} est tenue par un robot"),
            (TableError::NotOver, Lang::Fr) => "la partie n'est pas finie".into(),
        }
    }
}

/// One match at a time, driven for people and bots.
#[derive(Clone, Debug)]
pub struct Table {
    setup: TableSetup,
    current: AnyMatch,
    match_no: u32,
    /// When the table last changed: bots and the clock count from here.
    since: u64,
    /// The scores when the current round began, for its summary.
    round_start: Vec<i64>,
    /// Every round finished in this match, in order: the score sheet.
    rounds: Vec<RoundSummary>,
    /// `seq` at which every bot able to act chose to let its window pass: nothing to do for bots
    /// until the match moves (their decisions depend only on the match and `seq`).
    bots_idle_at: Option<u64>,
    /// `seq` at which the turn clock found no move to make: nothing to do for it until the match
    /// moves.
    clock_idle_at: Option<u64>,
}

/// Where a table stood when a [`Job`] was taken: its match, its action counter, and when the
/// move is due. An answer is applied only to a table still standing there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JobKey {
    pub match_no: u32,
    pub seq: u64,
    /// When the move is due (the caller's time).
    pub at: u64,
}

/// The next move a table would make by itself, to be worked out beside it: the bots able to act
/// (each deciding from its seat's view, a race between several settled by a seeded draw), and
/// if they all let the moment pass, or none is due, the heuristic's move for the person the turn
/// clock ran out on. It carries everything it needs, so it runs on any thread while the table
/// goes on; [`Job::run`] may take as long as a hard bot's search.
#[derive(Clone, Debug)]
pub struct Job {
    key: JobKey,
    position: Position,
    seed: u64,
    controllers: Vec<Controller>,
    /// The bots are due at `key.at`.
    bots: bool,
    /// The turn clock runs out at `key.at`.
    clock: bool,
}

/// What a [`Job`] found, to hand back to its table with [`Table::answer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobAnswer {
    key: JobKey,
    /// The move, or `None`: every bot let its window pass and the clock, if due, found nothing.
    choice: Option<(Seat, String, Mover)>,
    /// The bots were asked (and so are idle at this `seq` when nothing was chosen).
    bots: bool,
}

/// What became of a [`JobAnswer`].
#[derive(Debug)]
pub enum Answered {
    /// The move was made.
    Made(Accepted),
    /// Nobody wanted to act: nothing more happens by itself until the match moves (or the turn
    /// clock, if one runs, comes due later: ask [`Table::job`] again).
    Passed,
    /// Not due yet: hand it back at [`JobAnswer::key`]'s `at`.
    Early(JobAnswer),
    /// The table moved on since the job was taken (a person acted, a rematch, play resumed): the
    /// answer is dropped.
    Stale,
}

impl Job {
    pub fn key(&self) -> JobKey {
        self.key
    }

    /// Whether the job asks bots (a search, possibly long), rather than only the turn clock's
    /// heuristic (instant).
    pub fn asks_bots(&self) -> bool {
        self.bots
    }

    /// Works the move out. Same job, same answer, on any thread at any time.
    pub fn run(self) -> JobAnswer {
        let mut choice = None;
        if self.bots {
            choice =
                self.position.bots_move(self.seed, self.key.seq, &self.controllers).map(|(s, a)| (s, a, Mover::Bot));
        }
        if choice.is_none() && self.clock {
            choice =
                self.position.clock_move(self.seed, self.key.seq, &self.controllers).map(|(s, a)| (s, a, Mover::Clock));
        }
        JobAnswer { key: self.key, choice, bots: self.bots }
    }
}

impl JobAnswer {
    pub fn key(&self) -> JobKey {
        self.key
    }
}

macro_rules! define_position {
    ($($variant:ident => $ty:ty,)*) => {
        /// The state of a match of any game, without its record: what a job carries.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        enum Position {
            $($variant(Box<$ty>),)*
        }

        impl Position {
            fn of(current: &AnyMatch) -> Position {
                match current {
                    $(AnyMatch::$variant(m) => Position::$variant(Box::new(m.state().clone())),)*
                }
            }

            /// The bots' move now: every bot able to act says whether it wants to and what; a
            /// seeded draw settles a race between several.
            fn bots_move(&self, seed: u64, seq: u64, controllers: &[Controller]) -> Option<(Seat, String)> {
                match self {
                    $(Position::$variant(state) => bot_race::<$ty>(state, seed, seq, controllers),)*
                }
            }

            /// The heuristic's move for the first person the match waits for.
            fn clock_move(&self, seed: u64, seq: u64, controllers: &[Controller]) -> Option<(Seat, String)> {
                match self {
                    $(Position::$variant(state) => clock_choice::<$ty>(state, seed, seq, controllers),)*
                }
            }
        }
    };
}

crate::for_each_game!(define_position);

impl Table {
    /// A table with its first match, started at `now`.
    pub fn new(setup: TableSetup, now: u64) -> Result<Table, SetupError> {
        if setup.controllers.len() != setup.request.players {
            return Err(SetupError::BadSetup(tapis_core::Text::new(
                format!("{} places décrites pour {} joueurs", setup.controllers.len(), setup.request.players),
                format!("{} seats described for {} players", setup.controllers.len(), setup.request.players),
            )));
        }
        let current = AnyMatch::new(setup.game, &setup.request)?;
        let round_start = current.round_end_scores();
        Ok(Table {
            setup,
            current,
            match_no: 1,
            since: now,
            round_start,
            rounds: Vec::new(),
            bots_idle_at: None,
            clock_idle_at: None,
        })
    }

    /// A table rebuilt from the actions of its current match (`match_no`, with the request that
    /// started it), as after a restart: every action replayed, then bots and the clock count
    /// from `now`.
    pub fn restore(
        setup: TableSetup,
        match_no: u32,
        request: MatchRequest,
        actions: &[(u8, String)],
        now: u64,
    ) -> Result<Table, TableError> {
        let mut table = Table::new(TableSetup { request, ..setup }, now).map_err(TableError::Setup)?;
        table.match_no = match_no;
        for (seat, action) in actions {
            table.replay(Seat(*seat), action, now)?;
        }
        table.since = now;
        Ok(table)
    }

    /// Applies a recorded action, whoever's seat it is (rebuilding a match, or regenerating what
    /// a client missed); refused only by the rules.
    pub fn replay(&mut self, seat: Seat, action: &str, at: u64) -> Result<Accepted, TableError> {
        self.apply(seat, action, Mover::Person, at)
    }

    /// Bots and the clock count from `now`: when play starts (every seat taken) or resumes
    /// (after a restart).
    pub fn touch(&mut self, now: u64) {
        self.since = now;
    }

    /// A person sat down at `seat` under `name`: the words from now on use it.
    pub fn set_name(&mut self, seat: Seat, name: &str) {
        if seat.index() < self.setup.controllers.len() {
            self.setup.names.resize(self.setup.controllers.len(), String::new());
            self.setup.names[seat.index()] = name.to_string();
        }
    }

    /// Why `seat`'s submission was refused, for that seat's person: seats by name, that seat
    /// as « vous » / "you".
    pub fn refusal(&self, error: &TableError, seat: Seat, lang: Lang) -> String {
        error.message_in(&Words::new(lang, &self.setup.names, Some(seat)))
    }

    /// The words for `lang`, with this table's names and reader.
    pub fn words(&self, lang: Lang) -> Words<'_> {
        Words::new(lang, &self.setup.names, self.setup.reader)
    }

    pub fn setup(&self) -> &TableSetup {
        &self.setup
    }

    pub fn current(&self) -> &AnyMatch {
        &self.current
    }

    pub fn match_no(&self) -> u32 {
        self.match_no
    }

    pub fn seq(&self) -> u64 {
        self.current.seq()
    }

    pub fn is_over(&self) -> bool {
        self.current.is_over()
    }

    pub fn last_round(&self) -> Option<&RoundSummary> {
        self.rounds.last()
    }

    /// Every round finished in the current match, first first: the score sheet.
    pub fn rounds(&self) -> &[RoundSummary] {
        &self.rounds
    }

    /// The status as `observer` may be told it.
    pub fn status_for(&self, observer: Option<Seat>) -> Status {
        self.current.status().told_to(observer)
    }

    /// The client view of `observer` (`docs/client-view.md`).
    pub fn client_view(&self, observer: Option<Seat>) -> serde_json::Value {
        self.current.client_view(observer, self.match_no, self.rounds.last(), &self.setup.names)
    }

    /// [`Table::client_view`] as JSON text.
    pub fn client_view_text(&self, observer: Option<Seat>) -> String {
        self.current.client_view_text(observer, self.match_no, self.rounds.last(), &self.setup.names)
    }

    /// A person's submission: `seen` is the last `seq` they saw.
    pub fn submit(&mut self, seat: Seat, seen: u64, action: &str, now: u64) -> Result<Accepted, TableError> {
        if let Some(Controller::Bot(_)) = self.setup.controllers.get(seat.index()) {
            return Err(TableError::BotSeat(seat));
        }
        if self.current.is_over() {
            return Err(TableError::Action(ActionError::Over));
        }
        let seq = self.seq();
        if seen != seq {
            return Err(TableError::Stale { seen, seq });
        }
        self.apply(seat, action, Mover::Person, now)
    }

    fn apply(&mut self, seat: Seat, action: &str, by: Mover, at: u64) -> Result<Accepted, TableError> {
        let round = self.current.round();
        let events =
            self.current.act_named(seat, action, &self.setup.names, self.setup.reader).map_err(TableError::Action)?;
        self.since = at;
        self.bots_idle_at = None;
        self.clock_idle_at = None;
        let round_over = (self.current.round() != round || self.current.is_over()).then(|| {
            let after = self.current.round_end_scores();
            let before = std::mem::replace(&mut self.round_start, after.clone());
            RoundSummary::new(round, before, after)
        });
        if let Some(summary) = &round_over {
            self.rounds.push(summary.clone());
        }
        let stored = self.current.record().actions.last().map(|(_, a)| a.clone()).unwrap_or_default();
        Ok(Accepted { match_no: self.match_no, seq: self.seq(), seat, action: stored, by, at, events, round_over })
    }

    /// When a bot or the turn clock will next act by itself, if anything is waiting to happen.
    pub fn due(&self) -> Option<u64> {
        let (bots, clock) = self.due_parts();
        match (bots, clock) {
            (Some(b), Some(c)) => Some(b.min(c)),
            (b, c) => b.or(c),
        }
    }

    /// When the bots are due, and when the turn clock runs out, each if it is waiting to happen.
    fn due_parts(&self) -> (Option<u64>, Option<u64>) {
        if self.current.is_over() {
            return (None, None);
        }
        let status = self.current.status();
        let seq = self.seq();
        let bots_may_act = self.bots_idle_at != Some(seq)
            && status.actors.iter().any(|s| matches!(self.setup.controllers[s.index()], Controller::Bot(_)));
        let bot_time = bots_may_act.then_some(self.since + self.setup.bot_delay_ms);
        let people_waited_for = status.waiting.iter().any(|s| self.setup.controllers[s.index()] == Controller::Person);
        let clock_time = self
            .setup
            .turn_clock_ms
            .filter(|_| people_waited_for && self.clock_idle_at != Some(seq))
            .map(|ms| self.since + ms);
        (bot_time, clock_time)
    }

    /// The key of the next move the table would make by itself ([`Table::job`]'s), without
    /// building the job.
    pub fn job_key(&self) -> Option<JobKey> {
        self.due().map(|at| JobKey { match_no: self.match_no, seq: self.seq(), at })
    }

    /// The next move the table would make by itself, to be worked out beside it, whenever it is
    /// due: take it as soon as the table changes, so that a search runs during the bots' delay.
    pub fn job(&self) -> Option<Job> {
        let (bots, clock) = self.due_parts();
        let key = self.job_key()?;
        Some(Job {
            key,
            position: Position::of(&self.current),
            seed: self.current.record().seed,
            controllers: self.setup.controllers.clone(),
            bots: bots == Some(key.at),
            clock: clock == Some(key.at),
        })
    }

    /// A job's answer, at `now`: its move is made (dated `now`) if the table still stands where
    /// the job was taken and the move is due by then.
    pub fn answer(&mut self, answer: JobAnswer, now: u64) -> Answered {
        if self.job_key() != Some(answer.key) {
            return Answered::Stale;
        }
        if now < answer.key.at {
            return Answered::Early(answer);
        }
        let seq = self.seq();
        match answer.choice {
            // Bots only choose legal actions; should one not be, nothing more happens by itself
            // until a person acts.
            Some((seat, action, by)) => match self.apply(seat, &action, by, now) {
                Ok(accepted) => Answered::Made(accepted),
                Err(_) => {
                    self.bots_idle_at = Some(seq);
                    self.clock_idle_at = Some(seq);
                    Answered::Passed
                }
            },
            None => {
                if answer.bots {
                    self.bots_idle_at = Some(seq);
                }
                // The clock, due at the same time, found nothing either.
                if self.due() == Some(answer.key.at) {
                    self.clock_idle_at = Some(seq);
                }
                Answered::Passed
            }
        }
    }

    /// When the turn clock will play for the people the match waits for, if it runs now (the
    /// room has a clock, and a person is waited for). Who is waited for is public (`turn`).
    pub fn clock_due(&self) -> Option<u64> {
        self.due_parts().1
    }

    /// A person's seat handed to a bot (the person went away): from now on the bot plays it,
    /// under its bot name.
    pub fn hand_to_bot(&mut self, seat: Seat, bot: BotKind) {
        if let Some(controller) = self.setup.controllers.get_mut(seat.index()) {
            *controller = Controller::Bot(bot);
            self.set_name(seat, bot_name(seat));
            self.bots_idle_at = None;
        }
    }

    /// Makes every bot and clock move due at or before `now`, in order, each dated when it was
    /// due, working each out in place (a hard bot's search blocks the caller: a front end that
    /// must keep answering runs [`Table::job`]s beside the table instead). People who acted
    /// before then have already won their races.
    pub fn advance(&mut self, now: u64) -> Vec<Accepted> {
        let mut made = Vec::new();
        while made.len() < MAX_MOVES_PER_ADVANCE
            && let Some(accepted) = self.advance_one(now)
        {
            made.push(accepted);
        }
        made
    }

    /// The first bot or clock move due at or before `now`, if any, dated when it was due.
    pub fn advance_one(&mut self, now: u64) -> Option<Accepted> {
        while let Some(job) = self.job().filter(|job| job.key.at <= now) {
            let at = job.key.at;
            match self.answer(job.run(), at) {
                Answered::Made(accepted) => return Some(accepted),
                Answered::Passed => continue,
                Answered::Early(_) | Answered::Stale => unreachable!("a job run in place answers its own table"),
            }
        }
        None
    }

    /// A new match with the same seats, the next dealer and the given seed (the caller draws it:
    /// a server from the operating system, a test from its script).
    pub fn rematch(&mut self, seed: u64, now: u64) -> Result<(), TableError> {
        if !self.current.is_over() {
            return Err(TableError::NotOver);
        }
        let players = self.current.players();
        let last_dealer = self.current.record().dealer.unwrap_or(players as u8 - 1);
        let request = MatchRequest {
            players,
            seed,
            dealer: Some((last_dealer + 1) % players as u8),
            options: self.current.record().options.clone(),
            deal: None,
        };
        let next = AnyMatch::new(self.setup.game, &request).map_err(TableError::Setup)?;
        self.round_start = next.round_end_scores();
        self.current = next;
        self.setup.request = request;
        self.match_no += 1;
        self.since = now;
        self.rounds.clear();
        self.bots_idle_at = None;
        self.clock_idle_at = None;
        Ok(())
    }
}

fn bot_race<G: Game>(state: &G, seed: u64, seq: u64, controllers: &[Controller]) -> Option<(Seat, String)> {
    let decide = |seat: Seat, legal: &[G::Action], must_act: bool, _: &mut GameRng| match controllers[seat.index()] {
        Controller::Bot(kind) => {
            Some(kind.decide::<G>(seat, || state.view(Some(seat)), legal, must_act, &mut bot_rng(seed, seq, seat)))
        }
        Controller::Person => None,
    };
    among_willing(state, decide, &mut race_rng(seed, seq)).map(|(seat, action)| (seat, action.to_string()))
}

fn clock_choice<G: Game>(state: &G, seed: u64, seq: u64, controllers: &[Controller]) -> Option<(Seat, String)> {
    let seat = state.waiting_for().iter().find(|s| controllers[s.index()] == Controller::Person)?;
    ops::bot_choice_at(state, seed, seq, seat, BotKind::Heuristic).map(|a| (seat, a.to_string()))
}
