//! Matches as the outside world sees them: set up from JSON, driven by action strings, saved and
//! replayed as game records. The action record, not the seed, is the source of truth: replaying a
//! record always gives the same match.

use crate::error::{ActionError, SetupError};
use crate::game::{Game, Setup};
use crate::options::options_to_json;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The version of the rules engine written into every record.
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
    /// `[seat, "action"]` in the order they were applied.
    #[serde(default)]
    pub actions: Vec<(u8, String)>,
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
    /// Checks every part of the request; on any error nothing is created.
    pub fn new(request: &MatchRequest) -> Result<Self, SetupError> {
        let options = G::parse_options(&request.options)?;
        let range = G::players_range(&options);
        if !range.contains(&request.players) {
            return Err(SetupError::BadSetup(format!(
                "{} is played by {} to {} players, not {}",
                G::NAME,
                range.start(),
                range.end(),
                request.players
            )));
        }
        if let Some(dealer) = request.dealer
            && dealer as usize >= request.players
        {
            return Err(SetupError::BadSetup(format!(
                "dealer {dealer} is not a seat of a {}-player table (0 to {})",
                request.players,
                request.players - 1
            )));
        }
        let deal = match &request.deal {
            None => None,
            Some(value) => Some(
                serde_json::from_value::<G::Deal>(value.clone())
                    .map_err(|e| SetupError::BadDeal(format!("the deal does not read as a {} deal: {e}", G::ID)))?,
            ),
        };
        let record = Record {
            game: G::ID.to_string(),
            players: request.players,
            seed: request.seed,
            options: options_to_json(&options),
            dealer: request.dealer,
            deal: request.deal.clone(),
            version: ENGINE_VERSION.to_string(),
            actions: Vec::new(),
        };
        let setup =
            Setup { players: request.players, seed: request.seed, dealer: request.dealer.map(Seat), options, deal };
        Ok(Match { state: G::new_match(setup)?, record })
    }

    /// Parses and applies one action; on any error the match is unchanged.
    pub fn act(&mut self, seat: Seat, text: &str) -> Result<Vec<G::Event>, ActionError> {
        let action = G::parse_action(text)?;
        self.act_parsed(seat, action)
    }

    pub fn act_parsed(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, ActionError> {
        let mut events = Vec::new();
        self.state.apply_logged(seat, action, &mut events)?;
        self.record.actions.push((seat.0, action.to_string()));
        Ok(events)
    }

    /// Replays a record; the error names the first action that fails.
    pub fn load(record: &Record) -> Result<Self, String> {
        if record.game != G::ID {
            return Err(format!("the record is of game '{}', not '{}'", record.game, G::ID));
        }
        let request = MatchRequest {
            players: record.players,
            seed: record.seed,
            dealer: record.dealer,
            options: record.options.clone(),
            deal: record.deal.clone(),
        };
        let mut replay = Match::<G>::new(&request).map_err(|e| format!("the record's setup is refused: {e}"))?;
        for (i, (seat, text)) in record.actions.iter().enumerate() {
            replay.act(Seat(*seat), text).map_err(|e| format!("action {} ([{seat}, \"{text}\"]) fails: {e}", i + 1))?;
        }
        Ok(replay)
    }

    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn record(&self) -> &Record {
        &self.record
    }
}
