//! Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
//! "Information Set Monte Carlo Tree Search", 2012), generic over [`Game`].
//!
//! Each iteration samples a full match from the bot's own view with [`Game::determinize`], then
//! walks one tree shared by all samples: at each node the moves are the `(seat, action)` pairs
//! legal in *this* sample, so every edge counts how often it was available, and UCB uses that
//! availability count in place of the parent's visits. Unvisited available edges are expanded
//! first (at random), then a uniformly random playout runs to the end of the round, and every
//! edge on the path is credited with the reward of the seat that took it.
//!
//! **Several actors at once.** In a reaction window or a simultaneous phase the node offers the
//! moves of every actor; the edge chosen is "that seat acted first". At the root, a bot that is
//! only in a window (not waited for) acts when its most visited move is worth at least what it
//! gets, on average over the search, when another seat acts first; otherwise it lets the window
//! pass.
//!
//! **Rounds.** The search stops at the end of the current round (or of the match). The reward of
//! each seat is its rank among the seats by how much the round changed the match score (1 for
//! best, 0 for worst, ties share), or, when the match ended, 1/k for each of k winners. This turns
//! every game's own score unit into one [0, 1] scale.
//!
//! The bot reads nothing but its view: the same view and the same seed give the same move,
//! whatever hidden state produced the view.

use arrayvec::ArrayVec;
use tapis_core::kit::random_choice;
use tapis_core::{ActionList, BySeat, Game, GameRng, MAX_SEATS, Seat};

/// The UCB exploration constant (rewards are in [0, 1]).
const EXPLORATION: f64 = 0.7;

struct Edge<A> {
    seat: Seat,
    action: A,
    /// Index of the child node in the arena, once expanded.
    child: Option<u32>,
    visits: u32,
    available: u32,
    /// Sum of the rewards of the edge's own seat (what UCB maximises for that seat).
    reward: f64,
    /// Sum of the searching seat's rewards through this edge: kept for root edges only, to
    /// weigh acting in a window against letting another seat act first.
    my_reward: f64,
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
    /// Root edges of the view's seat: action, visits, mean reward.
    pub root: Vec<(A, u32, f64)>,
}

/// Searches from `view` (a seat's view) for `iterations` iterations, or until `stop()` says so
/// (checked every 64 iterations; the clock, if any, is the caller's).
pub fn search<G: Game>(
    view: &G::View,
    me: Seat,
    iterations: u32,
    rng: &mut GameRng,
    stop: &dyn Fn() -> bool,
) -> SearchResult<G::Action> {
    let mut arena: Vec<Node<G::Action>> = vec![Node { edges: Vec::new() }];
    let mut path: Vec<(u32, u32)> = Vec::with_capacity(64);
    let mut moves: ArrayVec<(Seat, G::Action), 2048> = ArrayVec::new();
    let mut legal = ActionList::new();
    let mut done = 0;
    let mut must_act = true;
    while done < iterations {
        if done % 64 == 63 && stop() {
            break;
        }
        let mut state = G::determinize(view, rng);
        if done == 0 {
            must_act = state.waiting_for().contains(me);
        }
        let start_round = state.round();
        let start_scores = state.scores();
        path.clear();
        let mut node = 0u32;
        // Selection and expansion.
        while !state.is_over() && state.round() == start_round {
            collect_moves(&state, &mut moves, &mut legal);
            let edges = &mut arena[node as usize].edges;
            let mut unvisited: ArrayVec<u32, 2048> = ArrayVec::new();
            let mut best = None;
            let mut best_score = f64::NEG_INFINITY;
            for &(seat, action) in &moves {
                let index = match edges.iter().position(|e| e.seat == seat && e.action == action) {
                    Some(i) => i,
                    None => {
                        edges.push(Edge {
                            seat,
                            action,
                            child: None,
                            visits: 0,
                            available: 0,
                            reward: 0.0,
                            my_reward: 0.0,
                        });
                        edges.len() - 1
                    }
                };
                let edge = &mut edges[index];
                edge.available += 1;
                if edge.visits == 0 {
                    unvisited.push(index as u32);
                } else {
                    let score = edge.reward / edge.visits as f64
                        + EXPLORATION * ((edge.available as f64).ln() / edge.visits as f64).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = Some(index as u32);
                    }
                }
            }
            let (chosen, expand) = if unvisited.is_empty() {
                (best.expect("a node with moves"), false)
            } else {
                (unvisited[rng.index(unvisited.len())], true)
            };
            let edge = &arena[node as usize].edges[chosen as usize];
            let (seat, action) = (edge.seat, edge.action);
            state.apply_unchecked(seat, action);
            path.push((node, chosen));
            let child = match arena[node as usize].edges[chosen as usize].child {
                Some(child) => child,
                None => {
                    arena.push(Node { edges: Vec::new() });
                    let child = (arena.len() - 1) as u32;
                    arena[node as usize].edges[chosen as usize].child = Some(child);
                    child
                }
            };
            node = child;
            if expand {
                break;
            }
        }
        // Playout.
        while !state.is_over() && state.round() == start_round {
            let (seat, action) = random_choice(&state, rng, &mut legal);
            state.apply_unchecked(seat, action);
        }
        let rewards = rewards(&state, &start_scores);
        for &(node, edge) in &path {
            let edge = &mut arena[node as usize].edges[edge as usize];
            edge.visits += 1;
            edge.reward += rewards[edge.seat.index()];
            if node == 0 {
                edge.my_reward += rewards[me.index()];
            }
        }
        done += 1;
    }
    let root = &arena[0].edges;
    let mine: Vec<(G::Action, u32, f64)> = root
        .iter()
        .filter(|e| e.seat == me)
        .map(|e| (e.action, e.visits, if e.visits > 0 { e.reward / e.visits as f64 } else { 0.0 }))
        .collect();
    let best_mine = mine.iter().max_by_key(|(_, visits, _)| *visits).copied();
    // In a window, act only if acting is worth at least what the searching seat gets, on
    // average, when another seat acts first.
    let (others_reward, others_visits) = root
        .iter()
        .filter(|e| e.seat != me)
        .fold((0.0, 0u32), |(reward, visits), e| (reward + e.my_reward, visits + e.visits));
    let action = match best_mine {
        Some((action, _, _)) if must_act || others_visits == 0 => Some(action),
        Some((action, _, mean)) if mean >= others_reward / others_visits as f64 => Some(action),
        _ => None,
    };
    SearchResult { action, iterations: done, root: mine }
}

fn collect_moves<G: Game>(state: &G, moves: &mut ArrayVec<(Seat, G::Action), 2048>, legal: &mut ActionList<G::Action>) {
    moves.clear();
    for seat in state.actors() {
        legal.clear();
        state.legal_actions(seat, legal);
        for &action in legal.iter() {
            if moves.try_push((seat, action)).is_err() {
                return;
            }
        }
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
