//! Reviews (`tapis_bots::review`): from the seat's view only, reproducible, and marking what a
//! careless player does more than what the search itself plays.

use tapis_bots::BotKind;
use tapis_bots::review::{Decision, Grade, ReviewError, decide, hint, review, review_par};
use tapis_core::{Encoding, GameRng, Heuristic, Match, MatchRequest, Record, RecordError, Seat};

/// A whole match of `bots` (one per seat) from `seed`, as a record.
fn played<G: Heuristic + Encoding>(bots: &[BotKind], seed: u64) -> Record {
    let request = MatchRequest { players: bots.len(), seed, ..MatchRequest::default() };
    let mut m = Match::<G>::new(&request).unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    for _ in 0..tapis_bots::MAX_DECISIONS {
        let Some((seat, action)) = tapis_bots::next_move(m.state(), bots, &mut rng) else { break };
        m.act_parsed(seat, action).unwrap();
    }
    assert!(m.state().is_over(), "{}: the match ends", G::ID);
    m.record().clone()
}

/// Every decision of seat 0 reviewed, and the hint it would have been given there, on the true
/// state and on another deal that gives seat 0 the same view: the same review and the same hint,
/// option for option.
fn only_the_view_counts<G: Heuristic + Encoding>() {
    let bots = [BotKind::Random, BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic];
    let seat = Seat(0);
    let mut compared = 0;
    let mut differed = 0;
    let mut sampler = GameRng::seed_from_u64(5);
    for seed in [11, 12] {
        let record = played::<G>(&bots, seed);
        let mut taken = 0;
        Match::<G>::load_each(&record, |m| {
            let Some(&(by, ref text)) = record.actions.get(taken) else { return };
            taken += 1;
            if by != seat.0 {
                return;
            }
            let truth = m.state();
            let view = truth.view(Some(seat));
            let other = G::determinize(&view, &mut sampler);
            assert_eq!(other.view(Some(seat)), view, "{}: a re-deal keeps the seat's view", G::ID);
            differed += usize::from(other != *truth);
            let action = G::parse_action(text).unwrap();
            let a = decide(truth, seat, action, taken, 200, 3);
            let b = decide(&other, seat, action, taken, 200, 3);
            assert_eq!(a, b, "{}: action {taken} reviewed from the same view", G::ID);
            let (a, b) = (hint::<G>(truth, seat, 200, 3), hint::<G>(&other, seat, 200, 3));
            assert_eq!(a, b, "{}: the hint before action {taken}, from the same view", G::ID);
            compared += usize::from(a.is_some());
        })
        .unwrap();
    }
    assert!(compared >= 5, "{}: {compared} decisions compared", G::ID);
    assert!(differed * 2 >= compared, "{}: the re-deals hid other cards ({differed} of {compared})", G::ID);
}

#[test]
fn a_review_and_a_hint_read_only_what_the_seat_could_see_in_every_game() {
    only_the_view_counts::<tapis_nantais::Nantais>();
    only_the_view_counts::<tapis_nurmut::NurMut>();
    only_the_view_counts::<tapis_gum::Gum>();
    only_the_view_counts::<tapis_nainjaune::NainJaune>();
    only_the_view_counts::<tapis_njet::Njet>();
    only_the_view_counts::<tapis_crazyeights::CrazyEights>();
}

fn marks<A>(decisions: &[Decision<A>]) -> usize {
    decisions.iter().filter(|d| d.grade.is_some()).count()
}

#[test]
fn a_review_is_the_same_on_any_thread_count_and_its_own_seed_counts() {
    type G = tapis_nainjaune::NainJaune;
    let record = played::<G>(&[BotKind::Random, BotKind::Heuristic, BotKind::Heuristic], 4);
    let on = |threads: usize, seed: u64| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| review_par::<G>(&record, Seat(0), 500, seed).unwrap())
    };
    let one = on(1, 9);
    assert_eq!(one, on(2, 9));
    assert_eq!(one, review::<G>(&record, Seat(0), 500, 9).unwrap(), "in order on one thread, the same");
    assert_ne!(one, on(1, 10), "another seed searches other samples");
    // Every decision is one of seat 0's moves, in the record's order, none forced on it.
    let indices: Vec<usize> = one.iter().map(|d| d.index).collect();
    assert!(indices.windows(2).all(|w| w[0] < w[1]));
    for d in &one {
        assert_eq!(record.actions[d.index - 1].0, 0);
        assert_eq!(record.actions[d.index - 1].1, d.played.to_string());
        assert!(d.options.len() >= 2, "move {}: a decision has a choice", d.index);
        assert!((0.0..=1.0).contains(&d.chance) && (0.0..=1.0).contains(&d.played_chance));
        assert_eq!(d.best, d.options[0].action, "the most searched move is the best");
        if let Some(grade) = d.grade {
            assert_eq!(Grade::of(d.loss), Some(grade));
            assert_ne!(d.best, Some(d.played));
            // Only a loss the search can tell from its noise is marked.
            let mine = d.options.iter().find(|e| e.action == Some(d.played)).unwrap();
            let noise = 2.0 * (d.options[0].stderr.powi(2) + mine.stderr.powi(2)).sqrt();
            assert!(d.loss > noise, "move {}: {} lost, noise {noise}", d.index, d.loss);
        }
        if d.best == Some(d.played) {
            assert_eq!((d.loss, d.grade), (0.0, None));
        }
    }
}

#[test]
fn a_careless_player_is_marked_more_than_the_search_itself() {
    type G = tapis_nurmut::NurMut;
    let mut careless = (0, 0);
    let mut searching = (0, 0);
    for seed in 0..4 {
        let random = played::<G>(&[BotKind::Random, BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic], seed);
        let found = review::<G>(&random, Seat(0), 1000, seed).unwrap();
        careless = (careless.0 + marks(&found), careless.1 + found.len());
        let hard = [BotKind::Ismcts(1000), BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic];
        let found = review::<G>(&played::<G>(&hard, seed), Seat(0), 1000, seed + 100).unwrap();
        searching = (searching.0 + marks(&found), searching.1 + found.len());
    }
    let rate = |(marked, of): (usize, usize)| marked as f64 / of as f64;
    assert!(
        rate(careless) > 2.0 * rate(searching),
        "a random player: {careless:?} marked; the search's own moves: {searching:?}"
    );
}

#[test]
fn a_review_refuses_a_seat_not_at_the_table_and_a_record_that_does_not_replay() {
    type G = tapis_crazyeights::CrazyEights;
    let mut record = played::<G>(&[BotKind::Heuristic; 2], 1);
    assert_eq!(review::<G>(&record, Seat(2), 100, 0).unwrap_err(), ReviewError::Seat { seat: 2, players: 2 });
    record.actions.push((0, "9999".into()));
    assert!(matches!(review::<G>(&record, Seat(0), 100, 0), Err(ReviewError::Record(RecordError::Action { .. }))));
    record.game = "nantais".into();
    assert!(matches!(review::<G>(&record, Seat(0), 100, 0), Err(ReviewError::Record(RecordError::OtherGame { .. }))));
}
