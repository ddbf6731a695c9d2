//! [`Table`]: the clock-free driver of one match, for every front end.
//!
//! A table holds a match and a controller per seat: a person, or a bot. People submit actions
//! with the action counter (`seq`) they saw; a stale or illegal submission is refused with a
//! typed error and changes nothing. When a person and a bot may both act, the first submission
//! wins, as at a real table. With a turn clock, a person the match waits for who has not acted
//! `turn_clock_ms` after the last change gets their move made by the game's heuristic.
//!
//! **People's pace** (`bot_delay_ms` above 0; the figures and why in [`crate::pace`]):
//! - A bot whose turn it is moves `bot_delay_ms` after the table last changed, so that people
//!   can follow the game.
//! - A bot's reaction in a window (CONTRE UNIQUE, a Battle GUM completion or Ninja thrown out of
//!   turn, a Nain Jaune claim: whatever it may do while the match waits for someone else, and
//!   what the game calls a reaction, [`Game::is_reaction`], on its own turn) comes a delay after
//!   the window opened, drawn from its level's distribution, or never if it misses the window.
//!   The window's clock runs while the seat's reactions stay the same: a move of someone else
//!   that leaves them open (the holder ending the turn in which he went down to one card) does
//!   not start it again. A bot that was asked and let the window pass looks again after each
//!   later change, at its pace.
//! - A bot announces UNIQUE as it lays its card: a window that its own move opened on its turn
//!   is answered at once, unless it forgets, and then at its reaction pace or never. It then
//!   moves on with its turn without saying it (its turn's move leaves reactions aside).
//! - While a bot whose turn it is could react in an open window (a public one: the game marks
//!   its actions as reactions), it does not move on before [`pace::WINDOW_HOLD_MS`] after the
//!   window opened, since its first move would close the window before people had time to act.
//! - A person's only move (their seat alone is waited for, and it has one legal action: a lone
//!   `end`, `pass`, `draw`, `pickup`…) is played for them, unless they said not to
//!   ([`Table::set_auto_forced`]), after a delay drawn like a person's quick decision, so that
//!   the timing the others see does not tell that it was the only one ([`Mover::Forced`]).
//!
//! Every delay is seeded from (match seed, `seq`, seat) like every bot decision. A table with
//! `bot_delay_ms` 0 (tests, simulations) lets every bot that may act decide at once, as a
//! simulation does, with no reaction delay, miss or forgetting.
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

use crate::ops::{self, LoadError, Status, ToldEvent, bot_rng, pace_rng, race_rng};
use crate::pace;
use crate::registry::{AnyMatch, GameId};
use crate::view::RoundSummary;
use tapis_bots::{BotKind, Level};
use tapis_core::race::among_willing;
use tapis_core::{
    ActionError, ActionList, FullGame, GameRng, Lang, MatchRequest, Outcome, Record, Seat, SeatSet, SetupError, Stored,
    Words,
};

/// A seat's client view, serialized from the typed view wherever it is written
/// ([`Table::client_view_of`]).
#[derive(Clone, Copy)]
pub struct ClientViewOf<'a> {
    table: &'a Table,
    observer: Option<Seat>,
}

impl serde::Serialize for ClientViewOf<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let table = self.table;
        table.current.serialize_client_view(
            self.observer,
            table.match_no,
            table.rounds.last(),
            &table.setup.names,
            serializer,
        )
    }
}

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
    /// How long a bot whose turn it is waits after the last change before acting; 0: every bot
    /// acts at once, reactions included (tests, simulations). Above 0, bots react in windows at
    /// their level's pace ([`crate::pace`]).
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
    BOT_NAMES[seat.index() % BOT_NAMES.len()]
}

/// The bots' names, seat by seat (round again past the tenth).
pub const BOT_NAMES: [&str; 10] =
    ["Ada", "Blaise", "Colette", "Denis", "Émilie", "Fernand", "Gaston", "Hortense", "Irène", "Jules"];

/// Who made an accepted move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mover {
    /// The person at the seat.
    Person,
    /// The bot at the seat.
    Bot,
    /// The turn clock ran out: the heuristic played for the absent person.
    Clock,
    /// The table played the person's only move for them. Only that person may be told so: that
    /// it was the only one often depends on their cards.
    Forced,
}

/// A person's only move, which the table plays for them at `at` (see [`Table::forced`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forced {
    pub seat: Seat,
    /// In notation.
    pub action: String,
    /// When it is played (the caller's time).
    pub at: u64,
}

/// One choice a front end offers a person ([`Table::choices`]): a legal action, or a move and
/// the announcement said with it, to submit in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// In notation, one or two.
    pub actions: Vec<String>,
    pub fr: String,
    pub en: String,
}

impl Choice {
    /// The first action: the card of « poser et annoncer ».
    pub fn action(&self) -> &str {
        &self.actions[0]
    }

    pub fn words(&self, lang: Lang) -> &str {
        lang.pick(&self.fr, &self.en)
    }
}

/// How a bot lives a reaction window open to its seat (see [`Table::window_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaction {
    /// When the window opened (or play resumed, after a pause or a restart).
    pub opened_at: u64,
    /// Its own move opened it on its turn: UNIQUE, said with the card unless forgotten.
    pub announcement: bool,
    /// How long after the window opened it answers; `None`: it missed the window.
    pub delay: Option<u64>,
}

/// A reaction window as a bot's seat lives it.
#[derive(Clone, Debug)]
struct Window {
    /// The seat's reactions, in notation: the window lasts while they stay the same.
    actions: Vec<String>,
    plan: Reaction,
    /// The bot was asked and let the window pass at this `seq`; it looks again after each later
    /// change, at its pace.
    passed_at: Option<u64>,
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
    /// What chance drew while applying it, as the record keeps it (the cards: never told, only
    /// stored with the action).
    pub chance: Vec<Outcome>,
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
    /// A stored match does not replay: another game's or rules version's, or its actions or
    /// chance outcomes do not go together.
    #[error("{0}")]
    Record(LoadError),
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
            TableError::Record(_) => "bad_record",
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
            (TableError::Record(e), _) => e.message(lang),
            (_, Lang::En) => self.to_string(),
            (TableError::Stale { seen, seq }, Lang::Fr) => {
                format!("la partie a avancé\u{a0}: vous avez vu l’action {seen}, elle en est à {seq}")
            }
            (TableError::BotSeat(seat), Lang::Fr) => format!("la place {seat} est tenue par un robot"),
            (TableError::NotOver, Lang::Fr) => "la partie n’est pas finie".into(),
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
    /// `seq` at which a move the table chose was refused: nothing happens by itself until the
    /// match moves.
    stuck_at: Option<u64>,
    /// Each bot seat's reaction window, at people's pace.
    windows: Vec<Option<Window>>,
    /// Each seat's choice to have its only move played for it (people; on unless turned off).
    auto_forced: Vec<bool>,
}

/// What a job asks of a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ask {
    /// Whatever it wants to do, reactions included (a table whose bots act at once).
    AtOnce,
    /// Its turn's move, reactions aside.
    Turn,
    /// Its reactions: it may let the window pass, unless it is an announcement.
    React { must: bool },
    /// A person's only move, played for them.
    Forced,
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

/// The next move a table would make by itself, to be worked out beside it: the bots due then
/// (each deciding from its seat's view, a race between several settled by a seeded draw), a
/// person's only move, and if the bots all let the moment pass, or none is due, the heuristic's
/// move for the person the turn clock ran out on. It carries everything it needs, so it runs on
/// any thread while the table goes on; [`Job::run`] may take as long as a hard bot's search.
#[derive(Clone, Debug)]
pub struct Job {
    key: JobKey,
    position: Position,
    seed: u64,
    controllers: Vec<Controller>,
    /// What each seat due at `key.at` is asked.
    asks: Vec<(Seat, Ask)>,
    /// The turn clock runs out at `key.at`.
    clock: bool,
}

/// What a [`Job`] found, to hand back to its table with [`Table::answer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobAnswer {
    key: JobKey,
    /// The move, or `None`: every bot let its window pass and the clock, if due, found nothing.
    choice: Option<(Seat, String, Mover)>,
    /// The bots asked to react that let the window pass.
    passed: SeatSet,
    /// Every bot was asked at once (and so all are idle at this `seq` when nothing was chosen).
    at_once: bool,
    /// The turn clock was asked.
    clock: bool,
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

    /// Whether the job asks bots (a search, possibly long), rather than only a person's only
    /// move or the turn clock's heuristic (instant).
    pub fn asks_bots(&self) -> bool {
        self.asks.iter().any(|(_, ask)| *ask != Ask::Forced)
    }

    /// Works the move out. Same job, same answer, on any thread at any time.
    pub fn run(self) -> JobAnswer {
        let (seed, seq) = (self.seed, self.key.seq);
        let (mut choice, passed) = match self.asks_bots() {
            true => {
                let (chosen, passed) = self.position.bots_move(seed, seq, &self.controllers, &self.asks);
                (chosen.map(|(s, a)| (s, a, Mover::Bot)), passed)
            }
            false => (None, SeatSet::EMPTY),
        };
        if choice.is_none()
            && let Some(&(seat, _)) = self.asks.iter().find(|(_, ask)| *ask == Ask::Forced)
        {
            choice = self.position.only_action(seat).map(|a| (seat, a, Mover::Forced));
        }
        if choice.is_none() && self.clock {
            choice = self.position.clock_move(seed, seq, &self.controllers).map(|(s, a)| (s, a, Mover::Clock));
        }
        let at_once = self.asks.iter().any(|(_, ask)| *ask == Ask::AtOnce);
        JobAnswer { key: self.key, choice, passed, at_once, clock: self.clock }
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

            /// The bots' move now: every bot asked says whether it wants to act and what; a
            /// seeded draw settles a race between several. Also the seats that let a window pass.
            fn bots_move(
                &self,
                seed: u64,
                seq: u64,
                controllers: &[Controller],
                asks: &[(Seat, Ask)],
            ) -> (Option<(Seat, String)>, SeatSet) {
                match self {
                    $(Position::$variant(state) => bot_race::<$ty>(state, seed, seq, controllers, asks),)*
                }
            }

            /// The seat's only legal action.
            fn only_action(&self, seat: Seat) -> Option<String> {
                match self {
                    $(Position::$variant(state) => only_action::<$ty>(&**state, seat),)*
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
        Self::check_seats(&setup)?;
        let current = AnyMatch::new(setup.game, &setup.request)?;
        Ok(Self::with_match(setup, current, now))
    }

    fn check_seats(setup: &TableSetup) -> Result<(), SetupError> {
        if setup.controllers.len() != setup.request.players {
            return Err(SetupError::BadSetup(tapis_core::Text::new(
                format!("{} places décrites pour {} joueurs", setup.controllers.len(), setup.request.players),
                format!("{} seats described for {} players", setup.controllers.len(), setup.request.players),
            )));
        }
        Ok(())
    }

    fn with_match(setup: TableSetup, current: AnyMatch, now: u64) -> Table {
        let round_start = current.round_end_scores();
        let seats = setup.controllers.len();
        let mut table = Table {
            setup,
            current,
            match_no: 1,
            since: now,
            round_start,
            rounds: Vec::new(),
            bots_idle_at: None,
            clock_idle_at: None,
            stuck_at: None,
            windows: vec![None; seats],
            auto_forced: vec![true; seats],
        };
        table.follow_windows(None, now);
        table
    }

    /// A table rebuilt from the record of its current match (`match_no`), as after a restart:
    /// its setup replayed, then every action, each with the chance outcomes the record stored
    /// for it (from the seed where it stored none); then bots and the clock count from `now`.
    /// A record of another rules version, or whose actions or outcomes do not go together, is
    /// refused.
    pub fn restore(setup: TableSetup, match_no: u32, record: &Record, now: u64) -> Result<Table, TableError> {
        let setup = TableSetup { request: record.request(), ..setup };
        Self::check_seats(&setup).map_err(TableError::Setup)?;
        let current = AnyMatch::start_replay(record).map_err(TableError::Record)?;
        let mut table = Self::with_match(setup, current, now);
        table.match_no = match_no;
        for (i, (seat, action)) in record.actions.iter().enumerate() {
            table.replay(Seat(*seat), action, record.stored_at(i as u64 + 1), now)?;
        }
        table.since = now;
        Ok(table)
    }

    /// Applies a recorded action, whoever's seat it is (rebuilding a match, or regenerating what
    /// a client missed), its chance outcomes imposed from `stored` (`None`: drawn); refused
    /// only by the rules, or by outcomes that do not fit.
    pub fn replay(
        &mut self,
        seat: Seat,
        action: &str,
        stored: Option<Stored>,
        at: u64,
    ) -> Result<Accepted, TableError> {
        self.apply_with(seat, Mover::Person, at, |current, names, reader| {
            current
                .replay_named(seat, action, stored, names, reader)
                .map_err(|e| TableError::Record(LoadError::Record(e)))
        })
    }

    /// Bots, the clock and the windows count from `now`: when play starts (every seat taken) or
    /// resumes (after a restart, a pause).
    pub fn touch(&mut self, now: u64) {
        self.since = now;
        for window in self.windows.iter_mut().flatten() {
            window.plan.opened_at = now;
        }
    }

    /// Whether the table plays `seat`'s only move for it (on for every seat unless turned off;
    /// it only ever plays for people).
    pub fn set_auto_forced(&mut self, seat: Seat, on: bool) {
        if let Some(auto) = self.auto_forced.get_mut(seat.index()) {
            *auto = on;
        }
    }

    pub fn auto_forced(&self, seat: Seat) -> bool {
        self.auto_forced.get(seat.index()).copied().unwrap_or(false)
    }

    /// The person's only move that the table will play for them, and when: their seat alone is
    /// waited for, it has one legal action (and no announcement to make with it: see
    /// [`Table::choices`]), and they did not turn this off. Whether nobody else
    /// may act is read from what the seat is told (the seats waited for), never from the others'
    /// hidden windows, which a person's screen must not reveal either.
    pub fn forced(&self, seat: Seat) -> Option<Forced> {
        let at = self.forced_at(self.current.status().waiting, seat)?;
        let action = self.current.only_legal(seat)?;
        Some(Forced { seat, action, at })
    }

    /// When [`Table::forced`]'s move is played, if there is one, `waiting` being the seats the
    /// match waits for: what the schedule needs, asked after every change, with the status it
    /// already holds and without writing any action out.
    fn forced_at(&self, waiting: SeatSet, seat: Seat) -> Option<u64> {
        if self.current.is_over()
            || self.setup.controllers.get(seat.index()) != Some(&Controller::Person)
            || !self.auto_forced(seat)
            || waiting != SeatSet::single(seat)
            || !self.current.has_one_legal(seat)
            // A card that leaves one in hand is two choices: with UNIQUE said, or without.
            || !self.announcements(seat).is_empty()
        {
            return None;
        }
        Some(self.since + pace::PERSON_FORCED.draw(&mut pace_rng(self.current.record().seed, self.seq(), seat)))
    }

    /// How the bot at `seat` lives the reaction window open to it, if one is (people's pace).
    pub fn window_of(&self, seat: Seat) -> Option<Reaction> {
        self.windows.get(seat.index())?.as_ref().map(|w| w.plan)
    }

    /// The announcements `seat` could make with each of its moves: for every legal move after
    /// which it would, still on its turn, have a reaction it has not now (laying one's
    /// second-to-last card: UNIQUE), the move and that reaction, in notation. A front end offers
    /// them together (« poser et annoncer UNIQUE »), and sends the two in order.
    pub fn announcements(&self, seat: Seat) -> Vec<(String, String)> {
        crate::on_match!(&self.current, m => announcements_of(m.state(), seat))
    }

    /// What a front end offers the person at `seat`, in order: each legal action with its words,
    /// and before a move that leaves an announcement to make, that move with the announcement
    /// said with it (« poser 5♠ et annoncer « UNIQUE » »), to send in order.
    pub fn choices(&self, seat: Seat) -> Vec<Choice> {
        let announcements = self.announcements(seat);
        let fr = Words::new(Lang::Fr, &self.setup.names, Some(seat));
        let en = Words::new(Lang::En, &self.setup.names, Some(seat));
        let mut choices = Vec::new();
        for legal in self.current.legal_words(seat, &self.setup.names) {
            for (_, said) in announcements.iter().filter(|(action, _)| *action == legal.action) {
                choices.push(Choice {
                    actions: vec![legal.action.clone(), said.clone()],
                    fr: format!("{} et {}", legal.fr, self.current.describe_action(said, &fr)),
                    en: format!("{} and {}", legal.en, self.current.describe_action(said, &en)),
                });
            }
            choices.push(Choice { actions: vec![legal.action], fr: legal.fr, en: legal.en });
        }
        choices
    }

    /// Keeps each bot's reaction window after a change at `at` (`mover`: whose move it was):
    /// one that stays the same goes on; a new one gets its plan.
    fn follow_windows(&mut self, mover: Option<Seat>, at: u64) {
        if !self.human_pace() {
            return;
        }
        let seed = self.current.record().seed;
        let seq = self.seq();
        let waiting = self.current.status().waiting;
        for (i, controller) in self.setup.controllers.iter().enumerate() {
            let seat = Seat(i as u8);
            let Controller::Bot(kind) = controller else { continue };
            let actions = crate::on_match!(&self.current, m => reactions_of(m.state(), seat));
            let window = &mut self.windows[i];
            if actions.is_empty() {
                *window = None;
            } else if window.as_ref().is_none_or(|w| w.actions != actions) {
                let announcement = mover == Some(seat) && waiting.contains(seat);
                let delay = pace::plan(pace::of(Level::of(*kind)), announcement, &mut pace_rng(seed, seq, seat));
                let plan = Reaction { opened_at: at, announcement, delay };
                *window = Some(Window { actions, plan, passed_at: None });
            }
        }
    }

    /// People's pace (bots react at their level's pace), or every bot at once.
    fn human_pace(&self) -> bool {
        self.setup.bot_delay_ms > 0
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
        let mut out = Vec::with_capacity(2048);
        self.write_client_view(observer, &mut out);
        String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// [`Table::client_view`] as JSON text appended to `out`.
    pub fn write_client_view(&self, observer: Option<Seat>, out: &mut Vec<u8>) {
        self.current.write_client_view(observer, self.match_no, self.rounds.last(), &self.setup.names, out);
    }

    /// [`Table::client_view`] as a value to serialize where it goes: a frame being written
    /// serializes the typed view straight into itself.
    pub fn client_view_of(&self, observer: Option<Seat>) -> ClientViewOf<'_> {
        ClientViewOf { table: self, observer }
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
        self.apply_with(seat, by, at, |current, names, reader| {
            current.act_named(seat, action, names, reader).map_err(TableError::Action)
        })
    }

    /// Applies an action through `act` (played, or replayed from a record) and keeps the table's
    /// bookkeeping: bots, windows, the score sheet.
    fn apply_with(
        &mut self,
        seat: Seat,
        by: Mover,
        at: u64,
        act: impl FnOnce(&mut AnyMatch, &[String], Option<Seat>) -> Result<Vec<ToldEvent>, TableError>,
    ) -> Result<Accepted, TableError> {
        let round = self.current.round();
        let events = act(&mut self.current, &self.setup.names, self.setup.reader)?;
        self.since = at;
        self.bots_idle_at = None;
        self.clock_idle_at = None;
        self.stuck_at = None;
        self.follow_windows(Some(seat), at);
        let round_over = (self.current.round() != round || self.current.is_over()).then(|| {
            let after = self.current.round_end_scores();
            let before = std::mem::replace(&mut self.round_start, after.clone());
            RoundSummary::new(round, before, after)
        });
        if let Some(summary) = &round_over {
            self.rounds.push(summary.clone());
        }
        let record = self.current.record();
        let stored = record.actions.last().map(|(_, a)| a.clone()).unwrap_or_default();
        let chance = record.drawn_at(self.seq()).to_vec();
        Ok(Accepted {
            match_no: self.match_no,
            seq: self.seq(),
            seat,
            action: stored,
            by,
            at,
            events,
            chance,
            round_over,
        })
    }

    /// When a bot, the turn clock or a person's only move will next be played by itself, if
    /// anything is waiting to happen.
    pub fn due(&self) -> Option<u64> {
        self.schedule().0
    }

    /// When the next move by itself is due, who is asked then, and whether the turn clock runs
    /// out then.
    fn schedule(&self) -> (Option<u64>, Vec<(Seat, Ask)>, bool) {
        let seq = self.seq();
        if self.current.is_over() || self.stuck_at == Some(seq) {
            return (None, Vec::new(), false);
        }
        let status = self.current.status();
        let mut asks: Vec<(u64, Seat, Ask)> = Vec::new();
        if self.human_pace() {
            let seed = self.current.record().seed;
            for (i, controller) in self.setup.controllers.iter().enumerate() {
                let seat = Seat(i as u8);
                if *controller == Controller::Person {
                    if let Some(at) = self.forced_at(status.waiting, seat) {
                        asks.push((at, seat, Ask::Forced));
                    }
                    continue;
                }
                let window = self.windows[i].as_ref();
                if status.waiting.contains(seat) {
                    let mut at = self.since + self.setup.bot_delay_ms;
                    if let Some(window) = window {
                        at = at.max(window.plan.opened_at + pace::WINDOW_HOLD_MS);
                    }
                    asks.push((at, seat, Ask::Turn));
                }
                let Some(window) = window else { continue };
                let Controller::Bot(kind) = controller else { continue };
                let react = Ask::React { must: window.plan.announcement };
                match (window.passed_at, window.plan.delay) {
                    (_, None) => {}
                    (Some(passed), _) if passed == seq => {}
                    (Some(_), Some(_)) => {
                        let again = pace::of(Level::of(*kind)).reaction.draw(&mut pace_rng(seed, seq, seat));
                        asks.push((self.since + again, seat, react));
                    }
                    (None, Some(delay)) => asks.push(((window.plan.opened_at + delay).max(self.since), seat, react)),
                }
            }
        } else {
            let bots_may_act = self.bots_idle_at != Some(seq)
                && status.actors.iter().any(|s| matches!(self.setup.controllers[s.index()], Controller::Bot(_)));
            if bots_may_act {
                for seat in status.actors.iter().filter(|s| self.setup.controllers[s.index()] != Controller::Person) {
                    asks.push((self.since, seat, Ask::AtOnce));
                }
            }
            for seat in status.waiting.iter() {
                if let Some(at) = self.forced_at(status.waiting, seat) {
                    asks.push((at, seat, Ask::Forced));
                }
            }
        }
        let clock_at = self.clock_at(&status);
        let Some(at) = asks.iter().map(|(at, ..)| *at).chain(clock_at).min() else {
            return (None, Vec::new(), false);
        };
        let due = asks.into_iter().filter(|(a, ..)| *a == at).map(|(_, seat, ask)| (seat, ask)).collect();
        (Some(at), due, clock_at == Some(at))
    }

    /// The key of the next move the table would make by itself ([`Table::job`]'s), without
    /// building the job.
    pub fn job_key(&self) -> Option<JobKey> {
        self.due().map(|at| JobKey { match_no: self.match_no, seq: self.seq(), at })
    }

    /// The next move the table would make by itself, to be worked out beside it, whenever it is
    /// due: take it as soon as the table changes, so that a search runs during the bots' delay.
    pub fn job(&self) -> Option<Job> {
        let (at, asks, clock) = self.schedule();
        let key = JobKey { match_no: self.match_no, seq: self.seq(), at: at? };
        Some(Job {
            key,
            position: Position::of(&self.current),
            seed: self.current.record().seed,
            controllers: self.setup.controllers.clone(),
            asks,
            clock,
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
        for seat in answer.passed {
            if let Some(window) = &mut self.windows[seat.index()] {
                window.passed_at = Some(seq);
            }
        }
        match answer.choice {
            // Bots only choose legal actions; should one not be, nothing more happens by itself
            // until a person acts.
            Some((seat, action, by)) => match self.apply(seat, &action, by, now) {
                Ok(accepted) => Answered::Made(accepted),
                Err(_) => {
                    self.stuck_at = Some(seq);
                    Answered::Passed
                }
            },
            None => {
                if answer.at_once {
                    self.bots_idle_at = Some(seq);
                }
                if answer.clock {
                    self.clock_idle_at = Some(seq);
                }
                Answered::Passed
            }
        }
    }

    /// When the turn clock will play for the people the match waits for, if it runs now (the
    /// room has a clock, and a person is waited for). Who is waited for is public (`turn`).
    pub fn clock_due(&self) -> Option<u64> {
        if self.current.is_over() || self.stuck_at == Some(self.seq()) {
            return None;
        }
        self.clock_at(&self.current.status())
    }

    /// When the turn clock runs out, if it runs: the room has one, a person is waited for, and
    /// the clock has not already been asked at this `seq`.
    fn clock_at(&self, status: &Status) -> Option<u64> {
        let people_waited_for = status.waiting.iter().any(|s| self.setup.controllers[s.index()] == Controller::Person);
        self.setup
            .turn_clock_ms
            .filter(|_| people_waited_for && self.clock_idle_at != Some(self.seq()))
            .map(|ms| self.since + ms)
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
        self.stuck_at = None;
        self.windows.iter_mut().for_each(|w| *w = None);
        self.follow_windows(None, now);
        Ok(())
    }
}

/// Every bot asked says what it wants to do, from its seat's view: its turn's move, leaving its
/// reactions aside; its reactions, which it may let pass unless they are an announcement; or
/// anything at all. A seeded draw settles a race between several. Also the seats that let a
/// window pass.
fn bot_race<G: FullGame>(
    state: &G,
    seed: u64,
    seq: u64,
    controllers: &[Controller],
    asks: &[(Seat, Ask)],
) -> (Option<(Seat, String)>, SeatSet) {
    let waiting = state.waiting_for();
    let mut passed = SeatSet::EMPTY;
    let decide = |seat: Seat, legal: &[G::Action], must_act: bool, _: &mut GameRng| {
        let Controller::Bot(kind) = controllers[seat.index()] else { return None };
        let asked = |wanted: fn(Ask) -> bool| asks.iter().any(|&(s, ask)| s == seat && wanted(ask));
        let choose = |list: &[G::Action], must: bool| {
            kind.decide::<G>(seat, || state.view(Some(seat)), list, must, &mut bot_rng(seed, seq, seat))
        };
        if asked(|ask| ask == Ask::AtOnce) {
            return Some(choose(legal, must_act));
        }
        let reaction = |a: &G::Action| !waiting.contains(seat) || G::is_reaction(*a);
        if let Some(&(_, Ask::React { must })) =
            asks.iter().find(|(s, ask)| *s == seat && matches!(ask, Ask::React { .. }))
        {
            let reactions: ActionList<G::Action> = legal.iter().copied().filter(reaction).collect();
            if !reactions.is_empty() {
                if let Some(action) = choose(&reactions, must) {
                    return Some(Some(action));
                }
                passed.insert(seat);
            }
        }
        if asked(|ask| ask == Ask::Turn) {
            let turn: ActionList<G::Action> = legal.iter().copied().filter(|a| !G::is_reaction(*a)).collect();
            return Some(choose(if turn.is_empty() { legal } else { &turn }, true));
        }
        asked(|ask| matches!(ask, Ask::React { .. })).then_some(None)
    };
    let chosen =
        among_willing(state, decide, &mut race_rng(seed, seq)).map(|(seat, action)| (seat, action.to_string()));
    (chosen, passed)
}

/// A seat's reactions now, in notation: every legal action of a seat the match does not wait
/// for, the game's reactions ([`Game::is_reaction`]) of one it does.
fn reactions_of<G: FullGame>(state: &G, seat: Seat) -> Vec<String> {
    let mut legal = ActionList::new();
    state.legal_actions(seat, &mut legal);
    let waited = state.waiting_for().contains(seat);
    legal.iter().filter(|a| !waited || G::is_reaction(**a)).map(ToString::to_string).collect()
}

/// The seat's legal action, if it has exactly one.
fn only_action<G: FullGame>(state: &G, seat: Seat) -> Option<String> {
    let mut legal = ActionList::new();
    state.legal_actions(seat, &mut legal);
    match legal.as_slice() {
        [action] => Some(action.to_string()),
        _ => None,
    }
}

/// [`Table::announcements`] for one game.
fn announcements_of<G: FullGame>(state: &G, seat: Seat) -> Vec<(String, String)> {
    let before = reactions_of(state, seat);
    let mut legal = ActionList::new();
    state.legal_actions(seat, &mut legal);
    let mut found = Vec::new();
    for &action in legal.iter().filter(|a| !G::is_reaction(**a)) {
        let mut next = state.clone();
        next.apply_unchecked(seat, action);
        if next.is_over() || !next.waiting_for().contains(seat) {
            continue;
        }
        for said in reactions_of(&next, seat) {
            if !before.contains(&said) {
                found.push((action.to_string(), said));
            }
        }
    }
    found
}

fn clock_choice<G: FullGame>(state: &G, seed: u64, seq: u64, controllers: &[Controller]) -> Option<(Seat, String)> {
    let seat = state.waiting_for().iter().find(|s| controllers[s.index()] == Controller::Person)?;
    ops::bot_choice_at(state, seed, seq, seat, BotKind::Heuristic).map(|a| (seat, a.to_string()))
}
