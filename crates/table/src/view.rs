//! The client view: one envelope for every game around the game's own body, as
//! `docs/client-view.md` documents it field by field.

use crate::ops::LegalAction;
use serde::Serialize;
use tapis_core::{ActionList, FullGame, Lang, Match, Seat, SeatSet, Words};

/// The last round finished, in the game's own score unit: scores as each settlement left them
/// ([`tapis_core::Game::round_end_scores`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundSummary {
    pub round: u32,
    pub scores_before: Vec<i64>,
    pub scores_after: Vec<i64>,
    /// `scores_after - scores_before`, seat by seat.
    pub change: Vec<i64>,
}

impl RoundSummary {
    pub fn new(round: u32, scores_before: Vec<i64>, scores_after: Vec<i64>) -> RoundSummary {
        let change = scores_after.iter().zip(&scores_before).map(|(a, b)| a - b).collect();
        RoundSummary { round, scores_before, scores_after, change }
    }
}

/// The match's result, once it is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchResult {
    pub winners: SeatSet,
    pub scores: Vec<i64>,
}

/// The envelope of every client view.
#[derive(Clone, Debug, Serialize)]
pub struct Envelope<B: Serialize> {
    pub game: &'static str,
    pub seat: Option<Seat>,
    pub players: usize,
    #[serde(rename = "match")]
    pub match_no: u32,
    pub seq: u64,
    pub round: u32,
    pub dealer: Seat,
    pub turn: SeatSet,
    pub may_react: bool,
    pub scores: Vec<i64>,
    pub cards: Vec<u32>,
    pub legal: Vec<LegalAction>,
    pub last_round: Option<RoundSummary>,
    pub result: Option<MatchResult>,
    pub table: B,
}

pub(crate) fn legal_words<G: FullGame>(m: &Match<G>, seat: Seat, names: &[String]) -> Vec<LegalAction> {
    let fr = Words::new(Lang::Fr, names, Some(seat));
    let en = Words::new(Lang::En, names, Some(seat));
    let mut legal = ActionList::new();
    if seat.index() < m.state().players() {
        m.state().legal_actions(seat, &mut legal);
    }
    legal
        .iter()
        .map(|&a| LegalAction { action: a.to_string(), fr: G::describe_action(a, &fr), en: G::describe_action(a, &en) })
        .collect()
}

/// The client view of `seat` (`None`: a spectator), built from that seat's view and the public
/// facts of the match only.
pub fn envelope<G: FullGame>(
    m: &Match<G>,
    seat: Option<Seat>,
    match_no: u32,
    last_round: Option<&RoundSummary>,
    names: &[String],
) -> Envelope<G::Body> {
    let state = m.state();
    let seat = seat.filter(|s| s.index() < state.players());
    let view = state.view(seat);
    let waiting = state.waiting_for();
    let may_react = seat.is_some_and(|s| state.actors().contains(s) && !waiting.contains(s));
    Envelope {
        game: G::ID,
        seat,
        players: state.players(),
        match_no,
        seq: m.record().actions.len() as u64,
        round: state.round(),
        dealer: G::dealer(&view),
        turn: waiting,
        may_react,
        scores: state.scores().as_slice().to_vec(),
        cards: state.cards_left().as_slice().to_vec(),
        legal: seat.map(|s| legal_words(m, s, names)).unwrap_or_default(),
        last_round: last_round.cloned(),
        result: state
            .is_over()
            .then(|| MatchResult { winners: state.winners(), scores: state.scores().as_slice().to_vec() }),
        table: G::client_body(&view),
    }
}

pub(crate) fn client_view<G: FullGame>(
    m: &Match<G>,
    seat: Option<Seat>,
    match_no: u32,
    last_round: Option<&RoundSummary>,
    names: &[String],
) -> serde_json::Value {
    serde_json::to_value(envelope(m, seat, match_no, last_round, names)).unwrap_or(serde_json::Value::Null)
}

/// The client view as JSON text, appended to `out` (a frame being written).
pub(crate) fn write_client_view<G: FullGame>(
    m: &Match<G>,
    seat: Option<Seat>,
    match_no: u32,
    last_round: Option<&RoundSummary>,
    names: &[String],
    out: &mut Vec<u8>,
) {
    let start = out.len();
    if serde_json::to_writer(&mut *out, &envelope(m, seat, match_no, last_round, names)).is_err() {
        out.truncate(start);
        out.extend_from_slice(b"null");
    }
}
