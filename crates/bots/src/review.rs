//! A review of one seat's decisions in a recorded match, from that seat's information only, as
//! lichess reviews a game with an engine: for each decision, the search's reading of every move
//! the seat had, the move it would have played, and the costly ones marked in three grades.
//!
//! **What a decision is.** Every action the seat took in the record where it had a choice: more
//! than one legal move, or a window it could also have let pass. A move forced on it is not
//! reviewed. A window the seat let pass leaves nothing in the record, so it is not reviewed
//! either.
//!
//! **How it is read.** [`crate::ismcts::search_from`] from the seat's view at that moment, the
//! seat acting first ([`Root::Mine`]): over deals consistent with what it could see, the mean
//! reward of each of its moves, the reward being its rank in the round by the score the round
//! gave (1 for best, 0 for worst) or, when the match ends within the round, 1/k for each of k
//! winners: the search's "chance" of the move. The best move is the most searched one, as the
//! bots play, without their heuristic default (a review says what the search thinks). A played
//! move the search left with fewer than [`PLAYED_VISITS`] visits is searched again alone for
//! that many iterations, so that its chance is measured, not guessed from a handful of samples.
//!
//! **Grades.** The loss of a move is the best move's chance minus the played move's. It is
//! marked only when it is larger than twice the standard error of that difference (what the
//! search cannot tell apart is not a mistake), and then by its size: see [`Grade`], whose
//! thresholds `docs/review.md` justifies from reviews of every game.
//!
//! **Secrecy and determinism.** Each decision reads nothing but `state.view(Some(seat))` and a
//! generator drawn from the review's seed and the decision's number, so the same record, seat
//! and seed give the same review on any machine and thread count, and any other deal that gives
//! the seat the same views gives the same review.

use crate::ismcts::{Root, RootEdge, search_from};
use rayon::prelude::*;
use tapis_core::rng::game_seed;
use tapis_core::{ActionList, GameRng, Heuristic, Match, Record, RecordError, Seat};

/// Iterations per decision when none is given: the hard bot's.
pub const DEFAULT_BUDGET: u32 = crate::HARD_ISMCTS_ITERATIONS;

/// The fewest visits a played move's chance is measured from (see the module's doc).
pub const PLAYED_VISITS: u32 = 1000;

/// How costly a move was, by its loss of chance (lichess's words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Grade {
    /// A loss of at least [`Grade::INACCURACY`].
    Inaccuracy,
    /// At least [`Grade::MISTAKE`].
    Mistake,
    /// At least [`Grade::BLUNDER`].
    Blunder,
}

impl Grade {
    /// lichess's thresholds, on the same scale: 5, 10 and 15 points of winning chance (its 0.1,
    /// 0.2 and 0.3 of "winning chances" from −1 to 1). `docs/review.md` shows, in every game,
    /// that the hard bot's own moves pass the first in under 1% of its decisions, and a random
    /// player's in 6% to 31%.
    pub const INACCURACY: f64 = 0.05;
    pub const MISTAKE: f64 = 0.10;
    pub const BLUNDER: f64 = 0.15;

    /// The grade of a loss of chance, if any.
    pub fn of(loss: f64) -> Option<Grade> {
        match loss {
            l if l >= Grade::BLUNDER => Some(Grade::Blunder),
            l if l >= Grade::MISTAKE => Some(Grade::Mistake),
            l if l >= Grade::INACCURACY => Some(Grade::Inaccuracy),
            _ => None,
        }
    }

    /// The grade's name in records and JSON: `inaccuracy`, `mistake`, `blunder`.
    pub fn key(self) -> &'static str {
        match self {
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// The grade in French and in English.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Grade::Inaccuracy => ("imprécision", "inaccuracy"),
            Grade::Mistake => ("erreur", "mistake"),
            Grade::Blunder => ("gaffe", "blunder"),
        }
    }
}

/// One reviewed decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<A> {
    /// The action's number in the record, from 1.
    pub index: usize,
    /// The round it was played in.
    pub round: u32,
    pub played: A,
    /// Every move the seat had (`None`: let the window pass), the most searched first (the
    /// played move's visits include its own measure).
    pub options: Vec<RootEdge<A>>,
    /// The move the search would have played (`None`: let the window pass).
    pub best: Option<A>,
    /// The best move's chance: the seat's chance before the move, played well.
    pub chance: f64,
    /// The played move's chance.
    pub played_chance: f64,
    /// `chance - played_chance`, at least 0.
    pub loss: f64,
    pub grade: Option<Grade>,
}

/// Why a record cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The record does not replay.
    Record(RecordError),
    /// The seat is not at this table.
    Seat { seat: u8, players: usize },
}

/// Reviews `seat`'s decisions in `record` with `budget` iterations each, drawn from `seed`, one
/// after the other on the caller's thread (a server's bot thread, at its priority and budget).
pub fn review<G: Heuristic>(
    record: &Record,
    seat: Seat,
    budget: u32,
    seed: u64,
) -> Result<Vec<Decision<G::Action>>, ReviewError> {
    let positions = positions::<G>(record, seat)?;
    Ok(positions
        .into_iter()
        .filter_map(|(index, state, played)| decide(&state, seat, played, index, budget, seed))
        .collect())
}

/// [`review`], its decisions searched in parallel on rayon's threads: the same review.
pub fn review_par<G: Heuristic>(
    record: &Record,
    seat: Seat,
    budget: u32,
    seed: u64,
) -> Result<Vec<Decision<G::Action>>, ReviewError> {
    let positions = positions::<G>(record, seat)?;
    Ok(positions
        .into_par_iter()
        .filter_map(|(index, state, played)| decide(&state, seat, played, index, budget, seed))
        .collect())
}

/// Each of `seat`'s actions in `record`: its number (from 1), the state it was taken in, the
/// action.
fn positions<G: Heuristic>(record: &Record, seat: Seat) -> Result<Vec<(usize, G, G::Action)>, ReviewError> {
    if seat.index() >= record.players {
        return Err(ReviewError::Seat { seat: seat.0, players: record.players });
    }
    let mut positions = Vec::new();
    let mut taken = 0;
    Match::<G>::load_each(record, |m| {
        if let Some((by, text)) = record.actions.get(taken)
            && *by == seat.0
            && let Ok(action) = G::parse_action(text)
        {
            positions.push((taken + 1, m.state().clone(), action));
        }
        taken += 1;
    })
    .map_err(ReviewError::Record)?;
    Ok(positions)
}

/// The review of `played` by `seat` at `state`, the record's action number `index`; `None` when
/// the seat had no choice. Reads only the seat's view of `state`.
pub fn decide<G: Heuristic>(
    state: &G,
    seat: Seat,
    played: G::Action,
    index: usize,
    budget: u32,
    seed: u64,
) -> Option<Decision<G::Action>> {
    let view = state.view(Some(seat));
    let mut rng = GameRng::seed_from_u64(game_seed(seed, index as u64));
    let mut options = appraise::<G>(&view, seat, budget, &mut rng)?;
    let never = || false;
    let best = *options.first()?;
    let mut mine = options.iter().position(|e| e.action == Some(played));
    if mine.is_none_or(|i| options[i].visits < PLAYED_VISITS) {
        let alone = Root::Mine(Some(Some(played)));
        let found = search_from::<G>(&view, seat, None, alone, PLAYED_VISITS, &mut rng, &never);
        let measured = found.root.into_iter().find(|e| e.action == Some(played));
        match (mine, measured) {
            (Some(i), Some(measured)) => options[i] = merge(options[i], measured),
            (None, Some(measured)) => {
                options.push(measured);
                mine = Some(options.len() - 1);
            }
            (_, None) => {}
        }
    }
    let played_edge = options[mine?];
    let loss = (best.mean - played_edge.mean).max(0.0);
    let noise = 2.0 * (best.stderr * best.stderr + played_edge.stderr * played_edge.stderr).sqrt();
    let grade = if best.action == Some(played) || loss <= noise { None } else { Grade::of(loss) };
    Some(Decision {
        index,
        round: state.round(),
        played,
        options,
        best: best.action,
        chance: best.mean,
        played_chance: played_edge.mean,
        loss: if best.action == Some(played) { 0.0 } else { loss },
        grade,
    })
}

/// Every move `seat` has at `view`, searched with `budget` iterations, the seat acting first at
/// the root, the most searched first (then the best chance); `None` when it has no choice.
fn appraise<G: Heuristic>(
    view: &G::View,
    seat: Seat,
    budget: u32,
    rng: &mut GameRng,
) -> Option<Vec<RootEdge<G::Action>>> {
    // The seat's own moves and whether it is waited for are what its view shows; a sample of
    // the hidden cards says them as well as the true state does.
    let sample = G::determinize(view, rng);
    let mut legal = ActionList::new();
    sample.legal_actions(seat, &mut legal);
    let may_pass = !sample.waiting_for().contains(seat);
    if legal.len() + usize::from(may_pass) < 2 {
        return None;
    }
    let found = search_from::<G>(view, seat, None, Root::Mine(None), budget, rng, &|| false);
    let mut options = found.root;
    // The move it would play is the most searched one, as the bots choose.
    options.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
    Some(options)
}

/// How sure the hard bot is of a hint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sureness {
    /// Its move's chance beats the next best's by more than two standard errors of the
    /// difference.
    Sure,
    /// By more than one.
    Likely,
    /// By less: the two moves are about as good.
    TossUp,
}

/// The hard bot's advice to a seat on its turn: every move it has with its chance, the advised
/// one first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    pub options: Vec<RootEdge<A>>,
}

impl<A: Copy> Hint<A> {
    /// The advised move (`None`: let the window pass).
    pub fn best(&self) -> RootEdge<A> {
        self.options[0]
    }

    /// The move with the best chance after it, if the seat has another.
    pub fn next_best(&self) -> Option<RootEdge<A>> {
        self.options[1..].iter().copied().max_by(|a, b| a.mean.total_cmp(&b.mean))
    }

    pub fn sureness(&self) -> Sureness {
        let (best, next) = match self.next_best() {
            Some(next) => (self.best(), next),
            None => return Sureness::Sure,
        };
        let gap = best.mean - next.mean;
        let spread = (best.stderr * best.stderr + next.stderr * next.stderr).sqrt();
        if gap > 2.0 * spread {
            Sureness::Sure
        } else if gap > spread {
            Sureness::Likely
        } else {
            Sureness::TossUp
        }
    }
}

/// The hint for `seat` at `state` with `budget` iterations drawn from `seed`; `None` when it has
/// no choice. Reads only the seat's view of `state`, as a bot does.
pub fn hint<G: Heuristic>(state: &G, seat: Seat, budget: u32, seed: u64) -> Option<Hint<G::Action>> {
    let mut rng = GameRng::seed_from_u64(seed);
    appraise::<G>(&state.view(Some(seat)), seat, budget, &mut rng).map(|options| Hint { options })
}

/// Two measures of one move, pooled by their visits.
fn merge<A: Copy>(a: RootEdge<A>, b: RootEdge<A>) -> RootEdge<A> {
    let visits = a.visits + b.visits;
    let (na, nb, n) = (a.visits as f64, b.visits as f64, visits as f64);
    let mean = (a.mean * na + b.mean * nb) / n;
    // Sums of squares back from each mean and standard error, pooled, then the new error.
    let squares = |e: &RootEdge<A>, n: f64| e.stderr * e.stderr * n * (n - 1.0) + n * e.mean * e.mean;
    let variance = ((squares(&a, na) + squares(&b, nb)) / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    RootEdge { action: a.action, visits, mean, stderr: (variance / n).sqrt() }
}
