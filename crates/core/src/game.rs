//! The one trait every game of tapis implements.
//!
//! A value of a `Game` type is a whole **match**: every round, the match scores, the seeded
//! generator for the chance events still to come. The engine never acts for a player; it applies
//! by itself only effects with no decision in them (dealing, refilling, a random choice the rules
//! leave to chance), inside [`Game::step`].
//!
//! **Several seats at once.** [`Game::actors`] lists every seat with a legal action now;
//! [`Game::waiting_for`] the seats the match cannot go on without (the player whose turn it is,
//! every seat of a simultaneous phase). A seat in `actors` but not in `waiting_for` is in a
//! reaction window (CONTRE UNIQUE, a 13 counter, a Battle GUM completion): it may act, or let the
//! window close. **Races:** actions are applied in the order they arrive; an action that closes a
//! window makes the other seats' window actions illegal from then on. Simulations decide the
//! arrival order of simultaneous wishes by a seeded draw (see `tapis-bots`).
//!
//! **Hidden information.** [`Game::view`] is everything one seat (or a spectator) may see,
//! including what it has learnt during play; [`Game::determinize`] builds a full match from a
//! view alone, with the hidden cards sampled consistently with it, so that bots never touch a
//! state. The conformance kit checks that `determinize(view(s)).view(s) == view(s)` and that
//! the seat's legal actions are unchanged.

use crate::client::DescribeTable;
use crate::counters::Counters;
use crate::encoding::Encoding;
use crate::error::{ActionError, SetupError, Text};
use crate::options::OptionSpec;
use crate::rng::GameRng;
use crate::seat::{BySeat, Seat, SeatSet};
use crate::words::Words;
use arrayvec::ArrayVec;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use std::fmt::{Debug, Display};
use std::ops::RangeInclusive;

/// The most legal actions any seat of any game has at once (Le 8 Nantais's Dame exchange with
/// nine opponents and a large hand stays below it).
pub const MAX_ACTIONS: usize = 640;

/// Legal actions, filled in place: no heap allocation per decision.
pub type ActionList<A> = ArrayVec<A, MAX_ACTIONS>;

/// Everything that fixes a match before its first action.
#[derive(Clone, Debug)]
pub struct Setup<O, D> {
    pub players: usize,
    pub seed: u64,
    /// The first round's dealer; `None` means seat `players - 1`, so seat 0 acts first.
    pub dealer: Option<Seat>,
    pub options: O,
    /// A hand-made first round, taken exactly as given.
    pub deal: Option<D>,
}

impl<O, D> Setup<O, D> {
    /// The dealer of the first round, with the notation's default.
    pub fn first_dealer(&self) -> Seat {
        self.dealer.unwrap_or(Seat(self.players.saturating_sub(1) as u8))
    }
}

/// Where [`Game::step`] reports what happened (events `E`), and what it drew by chance
/// (outcomes `C`). `()` discards events and keeps every outcome as drawn, at no cost (the fast
/// path); a `Vec` collects the events (the terminal, transcripts); a [`StepLog`] also keeps or
/// imposes the outcomes (matches and their records, [`crate::record`]).
///
/// [`StepLog`]: crate::chance::StepLog
pub trait EventSink<E, C> {
    fn emit(&mut self, event: impl FnOnce() -> E);

    /// A chance point: the game has just drawn an outcome from its generator and put it in place
    /// (a round dealt, a stock reshuffled, a card taken at random), before any event tells a
    /// seat of it; `drawn` reads that outcome back from the match. The answer is an outcome the
    /// game must impose instead, through the same code that installs a hand-made deal: a sink
    /// replaying a record returns the stored outcome where it differs from the one drawn, if
    /// `fits` accepts it (it could stand in the match at this moment: the same cards, piles of
    /// the same sizes, a card still in the stock). `None`, by default: keep what was drawn.
    #[inline(always)]
    fn chance(&mut self, _drawn: impl FnOnce() -> C, _fits: impl Fn(&C) -> bool) -> Option<C> {
        None
    }
}

impl<E, C> EventSink<E, C> for () {
    #[inline(always)]
    fn emit(&mut self, _event: impl FnOnce() -> E) {}
}

impl<E, C> EventSink<E, C> for Vec<E> {
    fn emit(&mut self, event: impl FnOnce() -> E) {
        self.push(event());
    }
}

/// The language of texts meant for people.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Lang {
    #[default]
    Fr,
    En,
}

impl Lang {
    /// Picks the French or the English text.
    pub fn pick<'a>(self, fr: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

/// A card game of tapis: the rules of a whole match as a state machine, and nothing else. What
/// people read ([`Wording`]), the game's own bot ([`Heuristic`]), the conformance kit's hooks
/// ([`Conformance`]) and the client view ([`crate::ClientView`]) are traits of their own, each
/// implemented in the game's file for it; [`FullGame`] binds them for the front ends.
pub trait Game: Clone + PartialEq + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// The id used on the command line and in the protocol: `nantais`.
    const ID: &'static str;
    /// The name people know: `Le 8 Nantais`.
    const NAME: &'static str;

    /// The version of the rules in this game's folder: bumped whenever the same seed and the
    /// same actions would play differently (a rule, a deal procedure, a draw of the generator
    /// moved). Every record and stored match carries it; a record of another version is not
    /// replayed under these rules (`docs/upgrades.md`).
    const RULES_VERSION: u32;

    type Action: Copy + Eq + Debug + Display + Send + Sync + 'static;
    type Options: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// A hand-made first round (NOTATION.md).
    type Deal: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type View: Clone + Debug + PartialEq + Serialize + Send + Sync + 'static;
    /// What happened, each event with its audience (everyone, or what one seat alone learns).
    /// Serialized with a `type` field.
    type Event: GameEvent;
    /// One outcome of chance at the level the rulebook speaks of: a round's deal in NOTATION's
    /// deal form, a reshuffled stock's order, a card drawn or taken at random, a tie settled by
    /// lot. Serialized externally tagged (`{"deal": {...}}`, `{"draw": "7H"}`): a record keeps
    /// them in order ([`crate::record::Outcome`]), so that it replays whatever the generator.
    type Chance: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Why an action is refused, as the game types it ([`Reason`]).
    type Illegal: Reason;

    // ----- options and setup -----

    /// The rulebook's variant switches.
    fn option_specs() -> &'static [OptionSpec];

    /// Options from a JSON object of some keys (the rest take their defaults).
    fn parse_options(given: &Map<String, Value>) -> Result<Self::Options, SetupError> {
        let options = crate::options::parse_options(Self::option_specs(), given)?;
        Self::check_options(&options)?;
        Ok(options)
    }

    /// Checks that go beyond one value at a time.
    fn check_options(_options: &Self::Options) -> Result<(), SetupError> {
        Ok(())
    }

    /// Player counts the game accepts with these options.
    fn players_range(options: &Self::Options) -> RangeInclusive<usize>;

    /// The dealer a hand-made deal names itself, for games whose deals do (Crazy Eights): a
    /// request or record must then agree with it.
    fn deal_dealer(_deal: &Self::Deal) -> Option<Seat> {
        None
    }

    /// A new match: the first round dealt from `setup.seed` (a chance point of `sink`), or taken
    /// from `setup.deal`; what the deal shows is told to `sink`.
    fn start<S: EventSink<Self::Event, Self::Chance>>(
        setup: Setup<Self::Options, Self::Deal>,
        sink: &mut S,
    ) -> Result<Self, SetupError>;

    /// [`Game::start`], the deal's events discarded and its chance kept as drawn.
    fn new_match(setup: Setup<Self::Options, Self::Deal>) -> Result<Self, SetupError> {
        Self::start(setup, &mut ())
    }

    // ----- whose move -----

    fn players(&self) -> usize;
    fn options(&self) -> &Self::Options;

    /// The dealer a new match's first round had when none was asked for: seat `players - 1`,
    /// unless the game draws it by chance (Crazy Eights).
    fn default_dealer(&self) -> Seat {
        Seat(self.players().saturating_sub(1) as u8)
    }

    /// Every seat that has at least one legal action now.
    fn actors(&self) -> SeatSet;

    /// The seats the match waits for; `actors` minus these are in a reaction window.
    fn waiting_for(&self) -> SeatSet;

    /// Every legal action of `seat` now, in a stable order; empty when it may not act.
    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Self::Action>);

    /// Whether `action` answers a reaction window rather than taking a turn, even in the hands
    /// of the seat the match waits for: an announcement or a call (Le 8 Nantais's UNIQUE and
    /// CONTRE UNIQUE, which the player on turn may make too). A table paces such actions as a
    /// person's reactions, not as moves (`tapis-table`'s driver). Only actions whose
    /// availability is public may say so: a table's timing must not tell what a hand holds.
    /// Every action of a seat outside `waiting_for` is a reaction whatever this says.
    fn is_reaction(_action: Self::Action) -> bool {
        false
    }

    fn is_legal(&self, seat: Seat, action: Self::Action) -> bool {
        if !self.actors().contains(seat) {
            return false;
        }
        let mut legal = ActionList::new();
        self.legal_actions(seat, &mut legal);
        legal.contains(&action)
    }

    // ----- acting -----

    /// Applies a legal action and every automatic effect that follows it (up to the next
    /// decision, the next round included), telling `events` what happened and what chance drew.
    /// The caller guarantees legality.
    fn step<E: EventSink<Self::Event, Self::Chance>>(&mut self, seat: Seat, action: Self::Action, events: &mut E);

    /// The simulation fast path: no check, no events.
    fn apply_unchecked(&mut self, seat: Seat, action: Self::Action) {
        self.step(seat, action, &mut ());
    }

    /// Applies `action` if it is legal; otherwise an error, and the match is unchanged.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), ActionError> {
        self.check_legal(seat, action)?;
        self.step(seat, action, &mut ());
        Ok(())
    }

    /// [`Game::apply`], telling `events` what happened (a `Vec` collects the events).
    fn apply_logged<S: EventSink<Self::Event, Self::Chance>>(
        &mut self,
        seat: Seat,
        action: Self::Action,
        events: &mut S,
    ) -> Result<(), ActionError> {
        self.check_legal(seat, action)?;
        self.step(seat, action, events);
        Ok(())
    }

    /// `Ok` when `seat` may take `action` now, else an error that says why.
    fn check_legal(&self, seat: Seat, action: Self::Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::Over);
        }
        if seat.index() >= self.players() {
            return Err(ActionError::NoSeat { seat, players: self.players() });
        }
        if self.is_legal(seat, action) {
            return Ok(());
        }
        let mut legal = ActionList::new();
        self.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(ActionError::NotYourMove { seat, waiting: self.waiting_for() });
        }
        Err(ActionError::NotLegal {
            seat,
            action: action.to_string(),
            legal: legal.iter().map(ToString::to_string).collect(),
            reason: self.why_illegal(seat, action).map(|reason| {
                Text::new(reason.word(&Words::numbered(Lang::Fr)), reason.word(&Words::numbered(Lang::En)))
            }),
        })
    }

    /// The game's own reason why `seat`, which may act, may not take `action` now (an action
    /// the seat may take is never asked about). `None` lets the legal list speak for itself.
    fn why_illegal(&self, _seat: Seat, _action: Self::Action) -> Option<Self::Illegal> {
        None
    }

    /// Parses an action in any letter case with runs of spaces; formatting it (`Display`) gives
    /// the canonical form.
    fn parse_action(text: &str) -> Result<Self::Action, ActionError>;

    // ----- the match -----

    fn is_over(&self) -> bool;
    /// Seats that won the match (empty until it is over; several on a shared victory).
    fn winners(&self) -> SeatSet;
    /// The current round, from 1.
    fn round(&self) -> u32;
    /// Each seat's match score in the game's own unit (PROTOCOL.md).
    fn scores(&self) -> BySeat<i64>;
    /// Each seat's score as the last round's settlement left it, asked when a round has just
    /// ended and at the start of a match: what a score sheet writes. It differs from
    /// [`Game::scores`] in a game whose next round takes something at once (Le Nain Jaune's
    /// stakes, posted as the round is dealt).
    fn round_end_scores(&self) -> BySeat<i64> {
        self.scores()
    }
    /// The least and greatest match score any seat can ever have in this match.
    fn score_bounds(&self) -> (i64, i64);
    /// Each seat's count of cards still to get rid of in this round.
    fn cards_left(&self) -> BySeat<u32>;

    // ----- hidden information -----

    /// What `seat` may see (`None`: a spectator, public information only).
    fn view(&self, seat: Option<Seat>) -> Self::View;

    /// A full match consistent with everything `view` holds, hidden cards sampled with `rng`,
    /// and a fresh generator for future chance events drawn from `rng`.
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Self;
}

/// A game in words for people: its rules, its table, its actions and events, in the reader's
/// language and names (implemented in each game's `text.rs`).
pub trait Wording: Game {
    /// The rules in brief, in French or English, stored unwrapped: each reader wraps them to its
    /// own width ([`words::paragraphs`](crate::words::paragraphs) reads them), never joining
    /// two lines.
    /// - Each line is one paragraph or one item of a list; a blank line separates two sections.
    /// - A line opening with spaces, `- ` or a number and its dot (`1. `) is an item. Its head is
    ///   the bullet or the number or, on an indented line, its words up to the first gap of two
    ///   spaces (`  Courage     turn your top card over…`) or up to the first colon and the space after
    ///   it (`  7: the next player draws…`), whichever comes first.
    /// - Wrapped, an item keeps its indent and its following lines go under its text, after its
    ///   head; a line indented deeper than an item belongs to it.
    fn rules_text(lang: Lang) -> &'static str;
    /// The game in one sentence, for a list of games (the browser's home page, `tapis games`):
    /// what it is like and what makes it itself, typeset for the reader's language.
    fn tagline(lang: Lang) -> &'static str;
    /// The name a table calls the game by: [`Game::NAME`], unless that name tells researchers
    /// which game it reproduces (« Crazy Eights (OpenSpiel) » is plain Crazy Eights to players).
    fn short_name(_lang: Lang) -> &'static str {
        Self::NAME
    }
    /// The table as `view` shows it, for the terminal, in the reader's words.
    fn render_view(view: &Self::View, words: &Words) -> String;
    /// One action in words, as a choice offered to its seat: « poser 7♥ » / "play 7♥".
    fn describe_action(action: Self::Action, words: &Words) -> String;
    /// One event in words, seats by name and the reader addressed as « vous » / "you".
    fn describe_event(event: &Self::Event, words: &Words) -> String;
    /// What one round of a match is called, in lower case: « manche » / "round", unless the game
    /// calls it otherwise (Battle GUM plays a match of several « parties » / "games").
    fn round_word(lang: Lang) -> &'static str {
        lang.pick("manche", "round")
    }

    /// [`Game::why_illegal`] for people at a table with names: seats called as `words` calls
    /// them, `seat` usually its reader.
    fn why_illegal_in(&self, seat: Seat, action: Self::Action, words: &Words) -> Option<String> {
        self.why_illegal(seat, action).map(|reason| reason.word(words))
    }
}

/// The game's own bot: a rule of thumb read from a seat's view (implemented in each game's
/// `bot.rs`), and the cheap choice search playouts make.
pub trait Heuristic: Game {
    /// A sensible action for the view's seat, or `None` to let a reaction window pass (only when
    /// the seat is not in `waiting_for`). `legal` is that seat's legal actions, never empty.
    fn heuristic_action(view: &Self::View, legal: &[Self::Action], rng: &mut GameRng) -> Option<Self::Action>;

    /// The action a search playout takes for `seat` among `legal` (never empty), read from the
    /// state the search sampled: uniform unless the game knows a rule of thumb cheap enough to
    /// run at every step of every playout.
    fn playout_action(&self, _seat: Seat, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action {
        legal[rng.index(legal.len())]
    }
}

/// What the conformance kit ([`crate::kit`]) asks of a game beyond its rules: the cards it
/// holds, and every action it can write.
pub trait Conformance: Game {
    /// How many of each kind of card the match holds now, over every zone.
    fn census(&self) -> Vec<u32>;
    /// What [`Conformance::census`] must always equal.
    fn deck_census(&self) -> Vec<u32>;
    /// Every well-formed action at this table (legal or not), for rejection tests.
    fn action_universe(&self) -> Vec<Self::Action>;
}

/// Every concern of a game together, as the front ends (the table, the server, the terminal,
/// the simulations) need them: implemented by itself for every game that implements them all.
pub trait FullGame: Game + Wording + Heuristic + Conformance + DescribeTable + Counters + Encoding {}

impl<G: Game + Wording + Heuristic + Conformance + DescribeTable + Counters + Encoding> FullGame for G {}

/// Why an action is refused, as a game types it: the rule it breaks and the facts the sentence
/// needs (a seat, a card). Worded in one place, through [`Words`]: for people, seats by name and
/// the reader as « vous » / "you" ([`Words::new`]); for the referee, seats by their number as
/// PROTOCOL.md writes them ([`Words::numbered`]), the sentence [`ActionError::NotLegal`] carries.
pub trait Reason: Copy + Debug + Send + Sync + 'static {
    fn word(&self, words: &Words) -> String;
}

/// The reason of a game whose legal list always speaks for itself: there is none.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoReason {}

impl Reason for NoReason {
    fn word(&self, _words: &Words) -> String {
        match *self {}
    }
}

/// Who may know an event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "audience", content = "seat", rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and the spectators.
    Everyone,
    /// This seat alone: what it drew, received, turned over or saw.
    Only(Seat),
    /// Everyone but this seat, which is told the same thing in its own private event (the others
    /// learn that it drew a card; it learns which).
    AllBut(Seat),
}

impl Audience {
    /// Whether `observer` (`None`: a spectator) may know the event.
    pub fn includes(self, observer: Option<Seat>) -> bool {
        match (self, observer) {
            (Audience::Everyone, _) => true,
            (Audience::Only(seat), Some(observer)) => seat == observer,
            (Audience::Only(_), None) => false,
            (Audience::AllBut(seat), observer) => observer != Some(seat),
        }
    }
}

/// What every game's events say about themselves.
pub trait GameEvent: Clone + Debug + Serialize + Send + Sync + 'static {
    /// Who may know this event. Public by default.
    fn audience(&self) -> Audience {
        Audience::Everyone
    }

    /// True when the event shows its audience cards that were hidden from it until then: the
    /// outcome of chance (a card dealt or drawn from a hidden pile, a face nobody saw turned up),
    /// or a showdown (hands shown, or scored from the cards left, at the end of a round). The
    /// conformance kit compares what an observer is told across re-dealt matches only up to the
    /// first such event it may know.
    fn reveals(&self) -> bool {
        false
    }
}

/// The events `observer` (`None`: a spectator) may know, in order.
pub fn events_for<E: GameEvent>(events: &[E], observer: Option<Seat>) -> impl Iterator<Item = &E> {
    events.iter().filter(move |e| e.audience().includes(observer))
}

/// `0, 2, 3` for error messages.
pub fn seat_list(seats: SeatSet) -> String {
    let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
    if seats.is_empty() { "nobody".into() } else { seats.join(", ") }
}

/// Splits an action's text into words, whatever the spacing: `"PLAY   7h"` reads as
/// `["PLAY", "7h"]` (compare verbs with `eq_ignore_ascii_case`). At most 8 words are kept.
pub fn action_words(text: &str) -> ArrayVec<&str, 8> {
    let mut words = ArrayVec::new();
    for word in text.split_whitespace() {
        if words.try_push(word).is_err() {
            break;
        }
    }
    words
}

/// The `bad_action` error for a text that does not parse, naming the verbs the game accepts.
pub fn unknown_action(text: &str, verbs: &str) -> ActionError {
    let text = short_quote(text);
    ActionError::Parse(Text::new(
        format!("« {text} » n'est pas une action de ce jeu ; les verbes sont : {verbs}"),
        format!("'{text}' is not an action of this game; the verbs are: {verbs}"),
    ))
}

/// The `bad_action` error for an action with the right verb written wrongly: `usage` shows how
/// it is written (`play <card>`).
pub fn misspelt_action(text: &str, usage: &str) -> ActionError {
    let text = short_quote(text);
    ActionError::Parse(Text::new(
        format!("« {text} » : écrivez-le « {usage} »"),
        format!("'{text}': write it as '{usage}'"),
    ))
}

/// At most 40 characters of `text`, trimmed, on one line, to quote in an error message.
pub fn short_quote(text: &str) -> String {
    let mut quoted: String = text.trim().chars().take(40).map(|c| if c.is_control() { ' ' } else { c }).collect();
    if text.trim().chars().count() > 40 {
        quoted.push('…');
    }
    quoted
}

/// Parses a seat number argument.
pub fn parse_seat(text: &str) -> Option<Seat> {
    text.parse::<u8>().ok().filter(|&s| (s as usize) < crate::seat::MAX_SEATS).map(Seat)
}
