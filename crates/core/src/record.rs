//! Matches as the outside world sees them: set up from JSON, driven by action strings, saved and
//! replayed as game records. The action record, not the seed, is the source of truth: replaying a
//! record always gives the same match.

use crate::error::{ActionError, RecordError, SetupError, Text};
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
        let record = Record {
            game: G::ID.to_string(),
            players: request.players,
            seed: request.seed,
            options: options_to_json(&options),
            dealer,
            deal: request.deal.clone(),
            version: ENGINE_VERSION.to_string(),
            actions: Vec::new(),
        };
        let setup = Setup { players: request.players, seed: request.seed, dealer: dealer.map(Seat), options, deal };
        let state = G::new_match(setup)?;
        // Always written, the default included (PROTOCOL.md lists it in every record).
        let record = Record { dealer: Some(dealer.unwrap_or(state.default_dealer().0)), ..record };
        Ok(Match { state, record })
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

    /// Replays a record of this engine version (or of none named); the error names the first
    /// action that fails.
    pub fn load(record: &Record) -> Result<Self, RecordError> {
        if record.game != G::ID {
            return Err(RecordError::OtherGame { record: record.game.clone(), game: G::ID });
        }
        // A record that names no version (written by hand) is read as this one's.
        if !record.version.is_empty() && record.version != ENGINE_VERSION {
            return Err(RecordError::Version { record: record.version.clone(), engine: ENGINE_VERSION });
        }
        let mut replay = Match::<G>::new(&record.request()).map_err(|e| RecordError::Setup(Box::new(e)))?;
        for (i, (seat, text)) in record.actions.iter().enumerate() {
            replay.act(Seat(*seat), text).map_err(|error| RecordError::Action {
                index: i + 1,
                seat: *seat,
                action: text.clone(),
                error: Box::new(error),
            })?;
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
