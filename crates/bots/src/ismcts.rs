//! Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
//! "Information Set Monte Carlo Tree Search", 2012), generic over [`Game`].
//!
//! Each iteration samples a full match from the bot's own view with [`Game::determinize`], then
//! walks one tree shared by all samples: the edges of a node are the `(seat, action)` pairs met
//! there in any sample, each counting how often it was available, and UCB uses that availability
//! count in place of the parent's visits. Unvisited available edges are expanded first (at
//! random), then a playout runs to the end of the round, and every edge on the path is credited
//! with the reward of the seat that took it. A playout draws its seats as random play does and
//! takes each seat's [`Heuristic::playout_action`]: uniform, unless the game has a rule of thumb cheap
//! enough for every step (Le 8 Nantais, Nur Mut and Battle GUM do, see below).
//!
//! **Several actors at once.** A reaction window or a simultaneous phase is a race, and the tree
//! plays it the way matches are played ([`crate::next_move`]): a seat is drawn uniformly among
//! those that may act, then picks its edge by UCB. A seat that is not waited for also has a "let
//! it pass" edge; taking it leaves the position as it is and the draw goes on among the others
//! (the seat the match waits for always acts). So a player racing three opponents for UNIQUE
//! wins the race a quarter of the time in the tree as at the table, and a bot in a window acts
//! only when acting was searched more than letting it pass.
//!
//! **A default move.** The caller may pass the move a cheaper player would make (the bots pass
//! their game's heuristic choice). The most searched move replaces it only when its mean reward
//! beats the default's by more than one standard error of their difference. Random playouts of a
//! long round are noisy: with 1,000 iterations the moves of a Le 8 Nantais turn differ by a few
//! hundredths of reward, less than the noise, and the plain search was no better than the
//! heuristic there (19% of 100 matches against three heuristic players, fair share 25%). With
//! the race-faithful tree above and the default it won 32% of the same 100 matches and 28.7%
//! (26.7–30.7%) of 2,000, and the search still overrules the heuristic wherever it sees a clear
//! difference.
//!
//! **Playouts in Le 8 Nantais.** Uniform playouts stop a chain after any card, keep a card they
//! could lay, name suits they lack and miss their UNIQUE announcements, so the rounds they play
//! to the end are not the races the game is. Its playout policy announces and calls CONTRE at
//! once, names the suit or demands the rank the seat holds most of, and lays a card whenever it
//! may, keeping 8s and Jokers while another card fits; a few passes over the legal list, so
//! playouts stay as cheap as uniform ones (shorter rounds made the search faster: 169,100
//! iterations a second instead of 100,700). What was tried, ISMCTS:1000 against three heuristic
//! players on duplicate deals (4 rotations each, seed 7; win share, 95% interval, mean rounds
//! won):
//!
//! | playouts | matches | win share | rounds won |
//! |---|---|---|---|
//! | uniform (before) | 200 | 25.5% (19.4–31.6%) | 1.59 |
//! | uniform, losers ranked by the cards they hold (a score margin) | 200 | 30.0% (23.6–36.4%) | 1.61 |
//! | the heuristic bot for the first 5 steps, then uniform | 200 | 27.0% (20.8–33.2%) | 1.52 |
//! | both of the above | 200 | 25.5% (19.4–31.6%) | 1.49 |
//! | announce, call, lay any card | 200 | 32.0% (25.5–38.5%) | 1.74 |
//! | the same, losers ranked by cards | 200 | 32.0% (25.5–38.5%) | 1.69 |
//! | announce, call, name what it holds, lay keeping wild cards (**kept**) | 400 | 36.5% (31.8–41.2%) | 1.78 |
//!
//! The heuristic in playouts builds a view at every step (the bot reads views, not states), for
//! no gain; the cards-left margin added nothing on top of the policy. Over the 2,000 matches of
//! `docs/bots.md` (seed 0), uniform playouts won 28.7% (26.7–30.7%), announce-call-lay 31.2%
//! (29.2–33.2%), and the kept policy 33.0% (30.9–35.1%).
//!
//! **Playouts in Nur Mut.** Uniform playouts tuck and pass cards that fit a centre pile, so the
//! rounds they finish are slower races than the game's. Its playout policy lays the top card
//! whenever it fits (on a pile drawn at random) and otherwise tucks, passes or plays Courage at
//! random. ISMCTS:1000 against three heuristic players, 2,000 duplicate-deal matches a line:
//!
//! | playouts | deals | win share | mean score |
//! |---|---|---|---|
//! | uniform (before) | seed 0 | 32.7% (30.6–34.7%) | −20.70 |
//! | lay whenever a card fits (**kept**) | seed 0 | 36.6% (34.5–38.7%) | −19.78 |
//! | the same, then Courage when the sampled card's other face fits, else tuck | seed 0 | 34.9% (32.8–36.9%) | −20.88 |
//! | uniform (before) | seed 1 | 35.6% (33.6–37.7%) | −20.06 |
//! | lay whenever a card fits (**kept**) | seed 1 | 36.1% (34.0–38.1%) | −20.01 |
//!
//! Over the 4,000 matches the kept policy wins 36.4% against 34.2%, about two standard errors
//! apart, and its playouts end sooner (165,800 iterations a second instead of 122,500). At the
//! hard level (5,000 iterations, seed 0) it wins 44.0% (41.9–46.2%) instead of 39.9%
//! (37.8–42.0%). The third line reads the sample's hidden face: its playouts find Courage safer
//! than it is, and it lost what the second had won.
//!
//! **Playouts in Battle GUM.** A round is the whole game, so uniform playouts are long, and
//! they are not the game people play: a random player lays its 13s and 9s on a two-card pile
//! and empties its hand in an order nobody would. Its playout policy takes the heuristic's rules
//! of thumb on the sampled state (shed the plain cards worth least, all copies of a kind; give a
//! pile to whoever holds fewest cards; counter a 13; take the weakest table card; `ready` at
//! once), and one step in four is uniform: always greedy, two players could hand a pile back
//! and forth with 13s for ever (a screen with no uniform step never finished its first search).
//! ISMCTS:1000 against three heuristic players (win share, 95% interval, iterations a second in
//! `tapis bench gum --ismcts` on the same machine):
//!
//! | playouts | deals | matches | win share | iterations / s |
//! |---|---|---|---|---|
//! | uniform (before) | seed 7 | 400 | 58.3% (53.4–63.1%) | 59,400 |
//! | greedy, uniform one step in 2 | seed 7 | 400 | 63.5% (58.8–68.2%) | 76,500 |
//! | greedy, uniform one step in 4 (**kept**) | seed 7 | 400 | 65.0% (60.3–69.7%) | 87,400 |
//! | greedy, uniform one step in 8 | seed 7 | 400 | 61.3% (56.5–66.0%) | 91,900 |
//! | greedy, uniform one step in 16 | — | — | — | 95,000 |
//! | uniform (before) | seed 0 | 2,000 | 56.3% (54.1–58.4%) | |
//! | greedy, uniform one step in 2 | seed 0 | 2,000 | 61.8% (59.6–63.9%) | |
//! | greedy, uniform one step in 4 (**kept**) | seed 0 | 2,000 | 62.7% (60.6–64.8%) | |
//! | greedy, uniform one step in 8 | seed 0 | 2,000 | 63.1% (60.9–65.2%) | |
//!
//! One in four and one in eight play alike (63.1% and 62.8% over their 2,400 matches); one in
//! four keeps more uniform steps against the loops for a few percent of speed.
//!
//! **Rounds.** The search stops at the end of the current round (or of the match). The reward of
//! each seat is its rank among the seats by how much the round changed the match score (1 for
//! best, 0 for worst, ties share), or, when the match ended, 1/k for each of k winners. This turns
//! every game's own score unit into one [0, 1] scale.
//!
//! The bot reads nothing but its view: the same view and the same seed give the same move,
//! whatever hidden state produced the view.

use arrayvec::ArrayVec;
use tapis_core::race::playout_choice;
use tapis_core::{ActionList, BySeat, Game, GameRng, Heuristic, MAX_SEATS, Seat};

/// The UCB exploration constant (rewards are in [0, 1]).
const EXPLORATION: f64 = 0.7;

/// How many standard errors the searched move's mean reward must exceed the default move's by
/// to overrule it (1 won more matches than 0 or 2 over five games, 100 matches each).
const OVERRULE_MARGIN: f64 = 1.0;

struct Edge<A> {
    seat: Seat,
    /// `None`: the seat lets the window pass (only offered to seats not waited for).
    action: Option<A>,
    /// Index of the child node in the arena, once expanded (a pass stays in its node).
    child: Option<u32>,
    visits: u32,
    available: u32,
    /// Sum of the rewards of the edge's own seat (what UCB maximises for that seat).
    reward: f64,
    /// Sum of their squares, for the spread of the mean at the root.
    reward_sq: f64,
}

struct Node<A> {
    edges: Vec<Edge<A>>,
}

/// What a search found at the root.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    /// The chosen action of the view's seat, or `None` to let a window pass.
    pub action: Option<A>,
    pub iterations: u32,
    /// Root edges of the view's seat, in the order first met.
    pub root: Vec<RootEdge<A>>,
}

/// One move of the view's seat at the root, as the search saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootEdge<A> {
    /// `None`: let the window pass.
    pub action: Option<A>,
    pub visits: u32,
    /// The seat's mean reward after this move, in [0, 1] (0 when never visited).
    pub mean: f64,
    /// The standard error of that mean (0 below two visits).
    pub stderr: f64,
}

/// Who acts first at the root of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Root<A> {
    /// As at the table: a seat drawn among those that may act ([`search`]).
    Race,
    /// The view's seat, which must be among the actors: what a review asks is "which move is
    /// best, given that you move now", not who would have won the race. With `Some(action)`,
    /// only that move (or, `Some(None)`, letting the window pass) is searched at the root.
    Mine(Option<Option<A>>),
}

/// Searches from `view` (a seat's view) for `iterations` iterations, or until `stop()` says so
/// (checked every 64 iterations; the clock, if any, is the caller's). `default`, if given, is
/// the move to keep unless the search finds a clearly better one (`Some(None)`: let a window
/// pass).
pub fn search<G: Heuristic>(
    view: &G::View,
    me: Seat,
    default: Option<Option<G::Action>>,
    iterations: u32,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> SearchResult<G::Action> {
    search_from::<G>(view, me, default, Root::Race, iterations, rng, stop)
}

/// [`search`], with the root's first actor given by `root`.
pub fn search_from<G: Heuristic>(
    view: &G::View,
    me: Seat,
    default: Option<Option<G::Action>>,
    root: Root<G::Action>,
    iterations: u32,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> SearchResult<G::Action> {
    let mut arena: Vec<Node<G::Action>> = vec![Node { edges: Vec::new() }];
    let mut path: Vec<(u32, u32)> = Vec::with_capacity(64);
    let mut legal = ActionList::new();
    let mut done = 0;
    while done < iterations {
        if done % 64 == 63 && stop() {
            break;
        }
        let mut state = G::determinize(view, rng);
        let start_round = state.round();
        let start_scores = state.scores();
        path.clear();
        let mut node = 0u32;
        // Selection and expansion.
        'descend: while !state.is_over() && state.round() == start_round {
            let waiting = state.waiting_for();
            let mut racing = state.actors();
            let mut first = match root {
                Root::Mine(_) if node == 0 && racing.contains(me) => Some(me),
                _ => None,
            };
            loop {
                let seat = match first.take() {
                    Some(me) => me,
                    None => racing.nth(rng.index(racing.len())).expect("a running match waits for a seat"),
                };
                legal.clear();
                state.legal_actions(seat, &mut legal);
                let mut may_pass = !waiting.contains(seat);
                if let Root::Mine(Some(only)) = root
                    && node == 0
                    && seat == me
                {
                    may_pass &= only.is_none();
                    legal.retain(|a| Some(*a) == only);
                    if legal.is_empty() && !may_pass {
                        // The move under study is not legal here; since the seat's own moves
                        // are the same in every sample, no iteration will search anything.
                        break 'descend;
                    }
                }
                let (chosen, expand) = select(&mut arena[node as usize].edges, seat, &legal, may_pass, rng);
                path.push((node, chosen));
                let Some(action) = arena[node as usize].edges[chosen as usize].action else {
                    racing.remove(seat);
                    continue;
                };
                state.apply_unchecked(seat, action);
                node = match arena[node as usize].edges[chosen as usize].child {
                    Some(child) => child,
                    None => {
                        arena.push(Node { edges: Vec::new() });
                        let child = (arena.len() - 1) as u32;
                        arena[node as usize].edges[chosen as usize].child = Some(child);
                        child
                    }
                };
                if expand {
                    break 'descend;
                }
                break;
            }
        }
        // Playout.
        while !state.is_over() && state.round() == start_round {
            let (seat, action) = playout_choice(&state, rng, &mut legal);
            state.apply_unchecked(seat, action);
        }
        let rewards = rewards(&state, &start_scores);
        for &(node, edge) in &path {
            let edge = &mut arena[node as usize].edges[edge as usize];
            edge.visits += 1;
            edge.reward += rewards[edge.seat.index()];
            edge.reward_sq += rewards[edge.seat.index()] * rewards[edge.seat.index()];
        }
        done += 1;
    }
    let root = &arena[0].edges;
    let mine: Vec<RootEdge<G::Action>> = root
        .iter()
        .filter(|e| e.seat == me)
        .map(|e| {
            let n = e.visits as f64;
            let mean = if e.visits > 0 { e.reward / n } else { 0.0 };
            let variance = if e.visits > 1 { (e.reward_sq / n - mean * mean).max(0.0) / (n - 1.0) } else { 0.0 };
            RootEdge { action: e.action, visits: e.visits, mean, stderr: variance.sqrt() }
        })
        .collect();
    // The most searched edge; a bot that must act never passes.
    let searched = root.iter().filter(|e| e.seat == me).max_by_key(|e| e.visits);
    let mut action = searched.and_then(|e| e.action);
    if let (Some(best), Some(default)) = (searched, default)
        && best.action != default
        && let Some(fallback) = root.iter().find(|e| e.seat == me && e.action == default && e.visits > 1)
    {
        let stats = |e: &Edge<G::Action>| {
            let n = e.visits as f64;
            let mean = e.reward / n;
            (mean, (e.reward_sq / n - mean * mean).max(0.0) / n)
        };
        let (m1, v1) = stats(best);
        let (m0, v0) = stats(fallback);
        if m1 - m0 <= OVERRULE_MARGIN * (v1 + v0).sqrt() {
            action = default;
        }
    }
    SearchResult { action, iterations: done, root: mine }
}

/// Picks `seat`'s edge at a node among its legal actions (and a pass when `may_pass`), creating
/// edges met for the first time: an unvisited one at random if any (then the walk expands),
/// else the best by UCB with availability counts.
fn select<A: Copy + PartialEq>(
    edges: &mut Vec<Edge<A>>,
    seat: Seat,
    legal: &[A],
    may_pass: bool,
    rng: &mut GameRng,
) -> (u32, bool) {
    let mut unvisited: ArrayVec<u32, 1024> = ArrayVec::new();
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    let pass = may_pass.then_some(None);
    // A node's edges are unique by seat and action, and legal lists come in the same order at
    // each visit, so the search for the next edge starts just past the last one found: it
    // finds the same edge in a step or two, where a search from the first edge walked past all
    // the edges met before it.
    let mut from = 0;
    for action in legal.iter().map(|&a| Some(a)).chain(pass) {
        let matches = |e: &Edge<A>| e.seat == seat && e.action == action;
        let found = edges[from..].iter().position(matches).map(|i| from + i);
        let index = match found.or_else(|| edges[..from].iter().position(matches)) {
            Some(i) => i,
            None => {
                edges.push(Edge { seat, action, child: None, visits: 0, available: 0, reward: 0.0, reward_sq: 0.0 });
                edges.len() - 1
            }
        };
        from = index + 1;
        let edge = &mut edges[index];
        edge.available += 1;
        if edge.visits == 0 {
            let _ = unvisited.try_push(index as u32);
        } else {
            let score = edge.reward / edge.visits as f64
                + EXPLORATION * ((edge.available as f64).ln() / edge.visits as f64).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(index as u32);
            }
        }
    }
    if unvisited.is_empty() {
        (best.expect("a seat that may act has an edge"), false)
    } else {
        (unvisited[rng.index(unvisited.len())], true)
    }
}

/// Each seat's reward in [0, 1]: 1/k for each of k winners when the match is over, else its rank
/// by the change of its match score since `before` (ties share).
fn rewards<G: Game>(state: &G, before: &BySeat<i64>) -> [f64; MAX_SEATS] {
    let mut out = [0.0; MAX_SEATS];
    let players = state.players();
    if state.is_over() {
        let winners = state.winners();
        for seat in winners {
            out[seat.index()] = 1.0 / winners.len() as f64;
        }
        return out;
    }
    let after = state.scores();
    let delta = |i: usize| after.as_slice()[i] - before.as_slice()[i];
    for (i, reward) in out.iter_mut().enumerate().take(players) {
        let mut beaten = 0.0;
        for j in 0..players {
            if j != i {
                beaten += match delta(i).cmp(&delta(j)) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
        }
        *reward = beaten / (players - 1).max(1) as f64;
    }
    out
}
