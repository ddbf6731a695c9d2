//! The progress watch: ordinary matches are never stopped; a loop is, soon.

use tapis_bots::progress::{DEFAULT_LIMIT, Progress, Stall};
use tapis_bots::{BotKind, MAX_DECISIONS, next_move};
use tapis_core::rng::game_seed;
use tapis_core::{Game, GameRng, Heuristic, Match, MatchRequest, Seat, race};

/// Plays a match with `bots` (`None`: every seat plays its first legal action) under the watch;
/// returns how it ended and after how many decisions.
fn watched<G: Heuristic>(players: usize, seed: u64, bots: Option<BotKind>, limit: u64) -> (Option<Stall>, u64, G) {
    let request = MatchRequest { players, seed, ..MatchRequest::default() };
    let mut state = Match::<G>::new(&request).expect("setup").state().clone();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut watch = Progress::new(&state, limit);
    for decision in 1..=MAX_DECISIONS {
        let next = match bots {
            Some(bot) => next_move(&state, &vec![bot; players], &mut rng),
            None => race::among_willing(
                &state,
                |_: Seat, legal: &[G::Action], _, _: &mut GameRng| Some(Some(legal[0])),
                &mut rng,
            ),
        };
        let Some((seat, action)) = next else { return (None, decision - 1, state) };
        state.apply_unchecked(seat, action);
        if let Some(stall) = watch.after(&state) {
            return (Some(stall), decision, state);
        }
    }
    (None, MAX_DECISIONS, state)
}

fn never_stopped<G: Heuristic>(players: usize) {
    for bot in [BotKind::Random, BotKind::Heuristic] {
        for k in 0..20 {
            let (stall, decisions, state) = watched::<G>(players, game_seed(0x57A1, k), Some(bot), DEFAULT_LIMIT);
            assert_eq!(stall, None, "{} {bot:?} match {k} stopped after {decisions} decisions", G::ID);
            assert!(state.is_over(), "{} {bot:?} match {k}", G::ID);
        }
    }
}

#[test]
fn ordinary_matches_are_never_stopped() {
    never_stopped::<tapis_nantais::Nantais>(4);
    never_stopped::<tapis_nurmut::NurMut>(4);
    never_stopped::<tapis_gum::Gum>(4);
    never_stopped::<tapis_nainjaune::NainJaune>(4);
    never_stopped::<tapis_njet::Njet>(4);
    never_stopped::<tapis_crazyeights::CrazyEights>(4);
}

/// Battle GUM's players who always play their first legal action hand the pile back and forth
/// for ever: the repetition is seen long before the decision limit.
#[test]
fn a_loop_is_stopped_by_repetition() {
    for k in 0..10 {
        let (stall, decisions, state) = watched::<tapis_gum::Gum>(2, game_seed(0x100, k), None, DEFAULT_LIMIT);
        assert_eq!(stall, Some(Stall::Repetition), "match {k}");
        assert!(!state.is_over() && decisions < 2_000, "match {k}: {decisions} decisions");
    }
}

/// With a limit of 3, a match stops at its first stretch of 3 actions without progress.
#[test]
fn the_limit_counts_actions_without_progress() {
    let (stall, decisions, _) = watched::<tapis_nantais::Nantais>(4, 5, Some(BotKind::Random), 3);
    assert_eq!(stall, Some(Stall::NoProgress));
    assert!(decisions >= 3);
    // Replayed without a limit, the same match shows three quiet actions at that very point.
    let request = MatchRequest { players: 4, seed: 5, ..MatchRequest::default() };
    let mut state = Match::<tapis_nantais::Nantais>::new(&request).expect("setup").state().clone();
    let mut rng = GameRng::seed_from_u64(5);
    let mut watch = Progress::new(&state, MAX_DECISIONS);
    let mut quiet_at = Vec::new();
    for _ in 0..decisions {
        let (seat, action) = next_move(&state, &[BotKind::Random; 4], &mut rng).expect("not over");
        state.apply_unchecked(seat, action);
        assert_eq!(watch.after(&state), None);
        quiet_at.push(watch.quiet());
    }
    assert_eq!(quiet_at.last(), Some(&3));
    assert!(quiet_at[..quiet_at.len() - 1].iter().all(|&q| q < 3), "{quiet_at:?}");
    // Off, the watch never stops anything.
    assert_eq!(watched::<tapis_gum::Gum>(2, 1, None, 0).0, None);
}
