//! Fixed integer action ids and observation tensors: what learning environments (the Python
//! package, `python/`) need of a game, beside the [`Game`] trait.
//!
//! Each game implements [`Encoding`] in its own `encoding.rs`, where its id layout and tensor
//! layout are documented (and gathered in `docs/python.md`). Ids and tensors depend on the table
//! (the player count and the options), as OpenSpiel's do on a game's parameters, and on nothing
//! else: the same table always gives the same ids.
//!
//! Tensors are built from a seat's view alone ([`Game::view`]), never from the state, so they
//! hold nothing the seat may not see; the encoders' tests re-deal the hidden cards
//! ([`Game::determinize`]) and check that the tensor does not change.

use crate::game::Game;
use crate::seat::{Seat, SeatSet};

/// The id layout and observation tensor of a game.
pub trait Encoding: Game {
    /// The number of action ids at this table: ids are `0..num_actions`.
    fn num_actions(players: usize, options: &Self::Options) -> usize;

    /// The id of an action of this table (every action the rules can make legal there has one).
    fn action_id(players: usize, options: &Self::Options, action: Self::Action) -> usize;

    /// The action with this id, `None` when the id is out of range.
    fn id_action(players: usize, options: &Self::Options, id: usize) -> Option<Self::Action>;

    /// The length of the observation tensor at this table.
    fn observation_len(players: usize, options: &Self::Options) -> usize;

    /// Writes the observation of `view` (a seat's view, or a spectator's) into `out`, whose length
    /// is [`Encoding::observation_len`]; every entry is written.
    fn encode_observation(players: usize, options: &Self::Options, view: &Self::View, out: &mut [f32]);

    /// Whether a seat can ever be in a reaction window here (able to act while the match does not
    /// wait for it): sequential front ends then give such a seat a decline id. A simultaneous
    /// phase alone (every seat waited for) needs none.
    fn has_windows(options: &Self::Options) -> bool;

    /// The bound OpenSpiel's own implementation of the game gives for a match's length
    /// (`Game::MaxGameLength`), for a game OpenSpiel has; `None` for the others, whose length the
    /// front end bounds by its decision limit.
    fn max_game_length(_players: usize, _options: &Self::Options) -> Option<u64> {
        None
    }

    /// Whether the match scores change only when the match ends (a one-round game): a front end
    /// that rewards the score then gives rewards only at the end (OpenSpiel's terminal reward
    /// model).
    fn scores_only_at_end(_options: &Self::Options) -> bool {
        false
    }

    /// The seats that public information says could act out of turn now: each is offered the
    /// step (and may decline it), so that who is asked never tells who holds what. A superset of
    /// `actors() - waiting_for()`; by default exactly that, right for games whose reaction
    /// windows are decided by public facts.
    fn window_seats(&self) -> SeatSet {
        let waiting = self.waiting_for();
        self.actors() - waiting
    }
}

/// Seat `seat` as seen from `observer`: 0 for the observer, 1 for the next seat clockwise...
/// Tensors are written from the observer's place, so one policy can play every seat.
#[inline]
pub fn relative(seat: Seat, observer: Seat, players: usize) -> usize {
    // Both seats are below `players`: one subtraction instead of a division.
    let r = seat.index() + players - observer.index();
    if r >= players { r - players } else { r }
}

/// Appends features to a tensor. The whole tensor is zeroed once when the writer is made, so a
/// one-hot only sets its 1.
pub struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    #[inline]
    pub fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        Writer { out, at: 0 }
    }

    /// A block of `len` zeros, with a 1 at `index` when given and inside the block.
    #[inline]
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        if let Some(i) = index.filter(|&i| i < len) {
            self.out[self.at + i] = 1.0;
        }
        self.at += len;
    }

    /// One value.
    #[inline]
    pub fn scalar(&mut self, value: f32) {
        self.out[self.at] = value;
        self.at += 1;
    }

    /// A flag as 0 or 1.
    #[inline]
    pub fn flag(&mut self, value: bool) {
        self.scalar(if value { 1.0 } else { 0.0 });
    }

    /// A block of `len` values from `value(i)`.
    #[inline]
    pub fn block(&mut self, len: usize, mut value: impl FnMut(usize) -> f32) {
        for i in 0..len {
            self.out[self.at + i] = value(i);
        }
        self.at += len;
    }

    /// Entries written so far.
    #[inline]
    pub fn len(&self) -> usize {
        self.at
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.at == 0
    }
}

/// Every id of the table maps to an action that maps back to it, and whose canonical text parses
/// back to it; the first id past the end has no action. Panics on a failure.
pub fn check_ids<G: Encoding>(players: usize, options: &serde_json::Map<String, serde_json::Value>) {
    let parsed = G::parse_options(options).expect("valid options");
    let n = G::num_actions(players, &parsed);
    for id in 0..n {
        let action = G::id_action(players, &parsed, id).unwrap_or_else(|| panic!("{}: id {id} has no action", G::ID));
        assert_eq!(G::action_id(players, &parsed, action), id, "{}: {action}", G::ID);
        assert_eq!(G::parse_action(&action.to_string()).ok(), Some(action), "{}: {action}", G::ID);
    }
    assert_eq!(G::id_action(players, &parsed, n), None, "{}: id {n} is past the end", G::ID);
}

/// The check every game's encoding runs: `games` seeded random matches at this table; at every
/// step, every legal action of every actor has an id in range that maps back to it (two legal
/// actions never share an id), and every seat's tensor and the spectator's are unchanged when
/// what that observer cannot see is re-dealt ([`Game::determinize`]). Panics with the seed and
/// step on a failure.
pub fn check_encoding<G: Encoding>(players: usize, options: &serde_json::Map<String, serde_json::Value>, games: u64) {
    use crate::game::ActionList;
    use crate::record::{Match, MatchRequest};
    use crate::rng::{GameRng, game_seed, salt};
    let parsed = G::parse_options(options).expect("valid options");
    let n_actions = G::num_actions(players, &parsed);
    let len = G::observation_len(players, &parsed);
    let (mut tensor, mut again) = (vec![0f32; len], vec![0f32; len]);
    for game in 0..games {
        let seed = game_seed(salt::ENCODING_MATCHES, game);
        let request = MatchRequest { players, seed, options: options.clone(), ..MatchRequest::default() };
        let mut state = Match::<G>::new(&request).expect("valid setup").state().clone();
        let mut rng = GameRng::seed_from_u64(seed ^ salt::ENCODING_CHOICES);
        let mut legal = ActionList::new();
        for step in 0..3_000 {
            if state.is_over() {
                break;
            }
            for seat in state.actors() {
                legal.clear();
                state.legal_actions(seat, &mut legal);
                let mut seen = vec![false; n_actions];
                for &action in &legal {
                    let id = G::action_id(players, &parsed, action);
                    assert!(id < n_actions, "{}: {action} has id {id} ≥ {n_actions} (seed {seed}, step {step})", G::ID);
                    assert_eq!(G::id_action(players, &parsed, id), Some(action), "{}: id {id} (seed {seed})", G::ID);
                    assert!(!seen[id], "{}: two legal actions with id {id} (seed {seed}, step {step})", G::ID);
                    seen[id] = true;
                }
            }
            if step % 7 == 0 {
                let observers = Seat::all(players).map(Some).chain([None]);
                for observer in observers {
                    let view = state.view(observer);
                    G::encode_observation(players, &parsed, &view, &mut tensor);
                    assert!(tensor.iter().all(|x| x.is_finite()), "{}: a value is not finite", G::ID);
                    let resampled = G::determinize(&view, &mut rng);
                    G::encode_observation(players, &parsed, &resampled.view(observer), &mut again);
                    assert_eq!(
                        tensor,
                        again,
                        "{}: re-dealing what {observer:?} cannot see changed its tensor (seed {seed}, step {step})",
                        G::ID
                    );
                }
            }
            let (seat, action) = crate::race::random_choice(&state, &mut rng, &mut legal);
            state.apply_unchecked(seat, action);
        }
    }
}
