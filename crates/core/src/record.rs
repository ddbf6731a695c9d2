//! Matches as the outside world sees them: set up from JSON, driven by action strings, saved and
//! replayed as game records. The record, not the seed, is the source of truth: its actions and
//! its chance outcomes replay to the same match whatever the generator does tomorrow, and its
//! rules version says which rules they were played under (`docs/upgrades.md`).

use crate::chance::{StepLog, Stored, check_order};
use crate::error::{ActionError, RecordError, SetupError, Text};
use crate::game::{Game, Setup};
use crate::options::options_to_json;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The version of the rules engine written into every record. A record's rules version
/// ([`Game::RULES_VERSION`]), not this, decides whether it replays.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A whole match as data: enough to replay it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    pub players: usize,
    #[serde(default)]
    pub seed: u64,
    /// Every option, defaults included.
    #[serde(default)]
    pub options: Map<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Value>,
    #[serde(default)]
    pub version: String,
    /// The version of the game's rules the match was played under; a record that names none
    /// (written by hand, or by a release before rules versions) is read as today's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<u32>,
    /// `[seat, "action"]` in the order they were applied.
    #[serde(default)]
    pub actions: Vec<(u8, String)>,
    /// Every chance outcome of the match, in the order drawn; `None` (a record written by hand,
    /// or stored before outcomes were kept): the match replays from its seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance: Option<Vec<Outcome>>,
}

/// One chance outcome of a record: `{"at": 17, "stock": [...]}`, the game's outcome
/// ([`Game::Chance`], externally tagged) beside the moment it was drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// How many actions the record held when it was drawn: 0 for the setup (the seeded first
    /// deal), k for one drawn while applying action k.
    pub at: u64,
    /// The game's outcome: `"deal": {...}`, `"draw": "7H"`…
    #[serde(flatten)]
    pub drawn: Map<String, Value>,
}

impl Outcome {
    /// A game's outcome drawn at `at`.
    pub fn new(at: u64, outcome: &impl Serialize) -> Outcome {
        let drawn = match serde_json::to_value(outcome) {
            Ok(Value::Object(drawn)) => drawn,
            // Every game's outcomes are externally tagged enums of newtype variants: objects.
            other => Map::from_iter([("outcome".to_string(), other.unwrap_or(Value::Null))]),
        };
        Outcome { at, drawn }
    }
}

impl Record {
    /// The request that started the match.
    pub fn request(&self) -> MatchRequest {
        MatchRequest {
            players: self.players,
            seed: self.seed,
            dealer: self.dealer,
            options: self.options.clone(),
            deal: self.deal.clone(),
        }
    }

    /// The outcomes stored for the moment `at` (0: the setup, k: action k); `None` when the
    /// record keeps no outcomes.
    pub fn stored_at(&self, at: u64) -> Option<Stored<'_>> {
        self.chance.as_deref().map(|chance| Stored::at(chance, at))
    }

    /// Writes down one more action and the chance outcomes drawn while applying it.
    pub fn push<C: Serialize>(&mut self, seat: Seat, action: String, outcomes: &[C]) {
        self.actions.push((seat.0, action));
        let at = self.actions.len() as u64;
        if let Some(chance) = &mut self.chance {
            chance.extend(outcomes.iter().map(|c| Outcome::new(at, c)));
        }
    }

    /// The record as it stood after its first `actions` actions, with the outcomes drawn until
    /// then.
    pub fn until(&self, actions: usize) -> Record {
        let at = actions as u64;
        Record {
            game: self.game.clone(),
            players: self.players,
            seed: self.seed,
            options: self.options.clone(),
            dealer: self.dealer,
            deal: self.deal.clone(),
            version: self.version.clone(),
            rules: self.rules,
            actions: self.actions[..actions.min(self.actions.len())].to_vec(),
            chance: self.chance.as_ref().map(|chance| chance.iter().filter(|o| o.at <= at).cloned().collect()),
        }
    }

    /// The outcomes drawn while applying action `at`, as stored.
    pub fn drawn_at(&self, at: u64) -> &[Outcome] {
        self.stored_at(at).map_or(&[], |stored| stored.outcomes)
    }
}

/// A request to start a match, as the protocol and the command line give it.
#[derive(Clone, Debug, Default)]
pub struct MatchRequest {
    pub players: usize,
    pub seed: u64,
    pub dealer: Option<u8>,
    pub options: Map<String, Value>,
    pub deal: Option<Value>,
}

/// A match with its record.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    state: G,
    record: Record,
}

impl<G: Game> Match<G> {
    /// Checks every part of the request, once for every game: options, player count, dealer,
    /// the deal's shape (the game then checks its cards); on any error nothing is created.
    pub fn new(request: &MatchRequest) -> Result<Self, SetupError> {
        Self::set_up(request, &mut StepLog::drawing())
    }

    /// [`Match::new`], the setup's chance outcomes imposed from `stored` (`None`: drawn).
    pub fn new_replaying(request: &MatchRequest, stored: Option<Stored>) -> Result<Self, RecordError> {
        let chance = |problem| RecordError::Chance { at: 0, problem };
        let mut log = StepLog::replaying(stored).map_err(chance)?;
        let replay = Self::set_up(request, &mut log).map_err(|e| RecordError::Setup(Box::new(e)))?;
        log.finish().map_err(chance)?;
        Ok(replay)
    }

    fn set_up(request: &MatchRequest, log: &mut StepLog<G::Event, G::Chance>) -> Result<Self, SetupError> {
        let options = G::parse_options(&request.options)?;
        let range = G::players_range(&options);
        if !range.contains(&request.players) {
            return Err(SetupError::Players {
                game: G::NAME,
                min: *range.start(),
                max: *range.end(),
                given: request.players,
            });
        }
        let deal = match &request.deal {
            None => None,
            Some(value) => Some(serde_json::from_value::<G::Deal>(value.clone()).map_err(|e| {
                SetupError::BadDeal(Text::new(
                    format!("la donne ne se lit pas comme une donne de {} : {e}", G::ID),
                    format!("the deal does not read as a {} deal: {e}", G::ID),
                ))
            })?),
        };
        let named = deal.as_ref().and_then(G::deal_dealer).map(|s| s.0);
        let dealer = match (request.dealer, named) {
            (Some(given), Some(named)) if given != named => {
                return Err(SetupError::BadDeal(Text::new(
                    format!("la donne nomme le donneur {named}, la demande le donneur {given}"),
                    format!("the deal names dealer {named}, the request dealer {given}"),
                )));
            }
            (given, named) => given.or(named),
        };
        if let Some(dealer) = dealer
            && dealer as usize >= request.players
        {
            return Err(SetupError::Dealer { dealer, players: request.players });
        }
        let setup = Setup { players: request.players, seed: request.seed, dealer: dealer.map(Seat), options, deal };
        let state = G::start(setup, log)?;
        let record = Record {
            game: G::ID.to_string(),
            players: request.players,
            seed: request.seed,
            options: options_to_json(state.options()),
            // Always written, the default included (PROTOCOL.md lists it in every record).
            dealer: Some(dealer.unwrap_or(state.default_dealer().0)),
            deal: request.deal.clone(),
            version: ENGINE_VERSION.to_string(),
            rules: Some(G::RULES_VERSION),
            actions: Vec::new(),
            chance: Some(log.outcomes.iter().map(|c| Outcome::new(0, c)).collect()),
        };
        Ok(Match { state, record })
    }

    /// Parses and applies one action; on any error the match is unchanged.
    pub fn act(&mut self, seat: Seat, text: &str) -> Result<Vec<G::Event>, ActionError> {
        let action = G::parse_action(text)?;
        self.act_parsed(seat, action)
    }

    pub fn act_parsed(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, ActionError> {
        let mut log = StepLog::drawing();
        self.play(seat, action, &mut log)?;
        Ok(log.events)
    }

    /// Applies `action` through `log`, and writes it and what chance drew into the record.
    fn play(
        &mut self,
        seat: Seat,
        action: G::Action,
        log: &mut StepLog<G::Event, G::Chance>,
    ) -> Result<(), ActionError> {
        self.state.apply_logged(seat, action, log)?;
        self.record.push(seat, action.to_string(), &log.outcomes);
        Ok(())
    }

    /// Applies the next action of a record, its chance outcomes imposed from `stored` (`None`:
    /// drawn); the error names the action, or the outcome that does not match it. On an error
    /// the match may have moved: a replay that fails is thrown away.
    pub fn replay(&mut self, seat: Seat, text: &str, stored: Option<Stored>) -> Result<Vec<G::Event>, RecordError> {
        let index = self.record.actions.len() + 1;
        let failed =
            |error| RecordError::Action { index, seat: seat.0, action: text.to_string(), error: Box::new(error) };
        let chance = |problem| RecordError::Chance { at: index as u64, problem };
        let action = G::parse_action(text).map_err(failed)?;
        let mut log = StepLog::replaying(stored).map_err(chance)?;
        self.play(seat, action, &mut log).map_err(failed)?;
        log.finish().map_err(chance)?;
        Ok(log.events)
    }

    /// Replays a record of this game and of its rules version (or of none named), with its
    /// chance outcomes if it keeps them, from its seed if not; the error names the first action
    /// or outcome that fails. The engine version does not matter: the rules version does.
    pub fn load(record: &Record) -> Result<Self, RecordError> {
        Self::load_each(record, |_| {})
    }

    /// [`Match::load`], showing `each` the match after its setup and after every action.
    pub fn load_each(record: &Record, mut each: impl FnMut(&Self)) -> Result<Self, RecordError> {
        Self::check_readable(record)?;
        let mut replay = Match::<G>::new_replaying(&record.request(), record.stored_at(0))?;
        each(&replay);
        for (i, (seat, text)) in record.actions.iter().enumerate() {
            replay.replay(Seat(*seat), text, record.stored_at(i as u64 + 1))?;
            each(&replay);
        }
        let last = record.actions.len() as u64;
        if let Some(index) = record.chance.as_deref().and_then(|c| c.iter().position(|o| o.at > last)) {
            let at = record.chance.as_deref().map_or(last, |c| c[index].at);
            return Err(RecordError::Chance { at, problem: crate::ChanceProblem::Unused { index } });
        }
        Ok(replay)
    }

    /// Whether `record` can be replayed here at all: a record of this game, of these rules,
    /// its outcomes in order.
    pub fn check_readable(record: &Record) -> Result<(), RecordError> {
        if record.game != G::ID {
            return Err(RecordError::OtherGame { record: record.game.clone(), game: G::ID });
        }
        // One rules version is kept per game today; keeping older ones would be one more branch
        // here, replaying the record under the rules it names.
        match record.rules {
            None => {}
            Some(rules) if rules == G::RULES_VERSION => {}
            Some(rules) => return Err(RecordError::Rules { game: G::ID, record: rules, rules: G::RULES_VERSION }),
        }
        check_order(record.chance.as_deref().unwrap_or_default())
            .map_err(|(at, problem)| RecordError::Chance { at, problem })
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn record(&self) -> &Record {
        &self.record
    }
}
