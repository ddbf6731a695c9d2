//! Nur Mut: conformance kit, rulebook scenarios (§1.7 and the register N1–N16), bad input, the
//! golden transcript and the heuristic bot.

use serde_json::{Map, Value, json};
use tapis_core::kit::golden::{self, GoldenMatch};
use tapis_core::kit::scenario::{self, TextKind as Kind, act, has_word, legal};
use tapis_core::kit::{self, KitConfig};
use tapis_core::{
    ActionError, BySeat, ClientView, DeckMismatch, Game, GameRng, Heuristic, Lang, Match, MatchRequest, Seat, SeatSet,
    SetupError, Wording,
};
use tapis_nurmut::{Deck, Event, Face, NurMut, Phase, View};

// ----- helpers -----

/// The canonical deck as written cards: `a/b`, doubles `a/J`.
fn canonical_cards() -> Vec<String> {
    let mut cards = Vec::new();
    for a in 1..=9 {
        for b in 1..=9 {
            cards.push(if a == b { format!("{a}/J") } else { format!("{a}/{b}") });
        }
    }
    cards
}

/// The physical card whatever side is up.
fn key(card: &str) -> (char, char) {
    let mut faces: Vec<char> = card.chars().filter(|c| *c != '/').collect();
    faces.sort();
    (faces[0], faces[1])
}

/// A deal whose piles start (top first) with the given cards and whose centre bases are given; the
/// piles are completed with joker-free cards of the canonical deck, the rest is the stock.
fn deal(piles: &[&[&str]], center: [&str; 3]) -> Value {
    let mut pool = canonical_cards();
    let mut take = |card: &str| {
        let at = pool.iter().position(|c| key(c) == key(card)).unwrap_or_else(|| panic!("no card {card} left"));
        pool.remove(at);
    };
    for card in piles.iter().flat_map(|p| p.iter()).chain(center.iter()) {
        take(card);
    }
    let mut full: Vec<Vec<String>> = Vec::new();
    for pile in piles {
        let mut cards: Vec<String> = pile.iter().map(|c| c.to_string()).collect();
        while cards.len() < 10 {
            let at = pool.iter().position(|c| !c.contains('J')).unwrap();
            cards.push(pool.remove(at));
        }
        full.push(cards);
    }
    json!({"piles": full, "center": center, "stock": pool})
}

fn options(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn table_with(players: usize, seed: u64, dealer: Option<u8>, opts: Value, deal: Value) -> Match<NurMut> {
    let request = MatchRequest { players, seed, dealer, options: options(opts), deal: Some(deal) };
    Match::<NurMut>::new(&request).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

fn table(players: usize, opts: Value, deal: Value) -> Match<NurMut> {
    table_with(players, 1, None, opts, deal)
}

fn view(m: &Match<NurMut>) -> View {
    m.state().view(None)
}

fn f(n: u8) -> Face {
    Face::number(n)
}

const J: Face = Face::JOKER;

fn center_faces(v: &View, pile: usize) -> Vec<Face> {
    v.center[pile].iter().map(|c| c.showing).collect()
}

fn current(m: &Match<NurMut>) -> Option<u8> {
    view(m).current.map(|s| s.0)
}

fn sizes(m: &Match<NurMut>) -> Vec<u32> {
    view(m).piles.iter().map(|p| p.size).collect()
}

fn by_seat<T: Copy>(values: &[T]) -> BySeat<T> {
    BySeat::from_fn(values.len(), |seat| values[seat.index()])
}

fn setup_error(request: MatchRequest) -> SetupError {
    match Match::<NurMut>::new(&request) {
        Err(error) => error,
        Ok(_) => panic!("setup accepted: {request:?}"),
    }
}

fn strs(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

// ----- conformance kit -----

fn run_kit(players: usize, games: u64, deep_every: usize, opts: Value) {
    let mut config = KitConfig::new(players, games);
    config.options = options(opts);
    config.deep_every = deep_every;
    let report = kit::run::<NurMut>(&config);
    assert_eq!(report.games, config.games);
    println!("kit {players} players {:?}: {report:?}", config.options);
}

#[test]
fn kit_2_players() {
    run_kit(2, 300, 1024, json!({}));
}

#[test]
fn kit_3_players() {
    run_kit(3, 300, 1024, json!({}));
}

#[test]
fn kit_4_players() {
    run_kit(4, 300, 1024, json!({}));
}

#[test]
fn kit_5_players() {
    run_kit(5, 300, 1024, json!({}));
}

#[test]
fn kit_6_players() {
    run_kit(6, 300, 1024, json!({}));
}

#[test]
fn kit_7_players() {
    run_kit(7, 300, 1024, json!({"max_players": 7}));
}

/// A deck with 27 joker faces, to stress joker chains.
fn joker_heavy_deck() -> Value {
    let mut cards = Vec::new();
    for a in 1..=9 {
        for b in 1..=9 {
            cards.push(if (a + b) % 3 == 0 { format!("{a}/J") } else { format!("{a}/{b}") });
        }
    }
    json!(cards)
}

#[test]
fn kit_flow_options() {
    let sets = [
        json!({"allow_tuck": false}),
        json!({"courage_joker_bonus": true}),
        json!({"cover_face": "flipped"}),
        json!({"forced_action": "play_or_courage"}),
        json!({"next_round_starter": "winner"}),
        json!({"next_round_starter": "loser"}),
        json!({"visible_joker_forced": true}),
        json!({"rounds": 1}),
        json!({"until_minus": 15}),
        json!({"tie_break": "fewest_last_round"}),
        json!({"joker_faces": 0}),
        json!({"joker_faces": 3}),
        json!({"deck": joker_heavy_deck(), "cover_face": "flipped", "visible_joker_forced": true}),
    ];
    for opts in sets {
        run_kit(3, 70, 256, opts);
    }
}

#[test]
fn fuzz_actions() {
    kit::fuzz_actions::<NurMut>(3, &Map::new(), 11, 3_000);
    kit::fuzz_actions::<NurMut>(5, &options(json!({"allow_tuck": false, "cover_face": "flipped"})), 12, 3_000);
}

#[test]
fn default_match_lasts_as_many_rounds_as_players() {
    for players in 2..=6 {
        let report = kit::run::<NurMut>(&KitConfig { deep_every: 1_000_000, ..KitConfig::new(players, 20) });
        assert_eq!(report.rounds, report.games * players as u64);
    }
}

// ----- §1.7 edge cases -----

/// Seed example: tops 3 / 4 / 9 take 2 or 4, 3 or 5, only 8; a joker goes on any of them.
#[test]
fn e1_seed_example_tops_3_4_9() {
    let cases: [(&str, &[&str]); 7] = [
        ("2/5", &["play 1", "pass", "courage"]),
        ("4/6", &["play 1", "pass", "courage"]),
        ("3/8", &["play 2", "pass", "courage"]),
        ("5/7", &["play 2", "pass", "courage"]),
        ("8/1", &["play 3", "pass", "courage"]),
        ("J/7", &["play 1", "play 2", "play 3", "pass", "courage"]),
        ("6/2", &["tuck", "pass", "courage"]),
    ];
    for (top, expected) in cases {
        let m = table(2, json!({}), deal(&[&[top], &[]], ["3/1", "4/2", "9/5"]));
        assert_eq!(legal(&m, 0), strs(expected), "top card {top}");
        assert!(legal(&m, 1).is_empty(), "only seat 0 may act");
    }
}

/// 8 on 9 and 1 on 2 are legal; 9 on 1 is not (no wrap-around).
#[test]
fn e2_no_wrap_between_9_and_1() {
    let cases: [(&str, &[&str]); 4] = [
        ("8/5", &["play 1", "pass", "courage"]),
        ("1/5", &["play 2", "pass", "courage"]),
        ("2/7", &["play 3", "pass", "courage"]),
        ("9/6", &["tuck", "pass", "courage"]),
    ];
    for (top, expected) in cases {
        let m = table(2, json!({}), deal(&[&[top], &[]], ["9/3", "2/6", "1/4"]));
        assert_eq!(legal(&m, 0), strs(expected), "top card {top} on 9 / 2 / 1");
    }
}

/// Failed Courage with two piles tied at the highest number: chance picks one of them, and even
/// at two players the opponent fills the gap, after which the Courage player acts again.
#[test]
fn e3_failed_courage_tie_is_random_and_the_opponent_replaces() {
    let mut chosen = Vec::new();
    for seed in 0..40 {
        let mut m = table_with(2, seed, None, json!({}), deal(&[&["4/5"], &["6/3"]], ["7/1", "7/2", "2/8"]));
        let events = act(&mut m, 0, "courage");
        assert!(events.contains(&Event::Flipped { seat: Seat(0), was: f(4), revealed: f(5), fits: false }));
        let taken = events
            .iter()
            .find_map(|e| match e {
                Event::PileTaken { seat, pile, cards, pile_size, tie, .. } => {
                    assert_eq!((*seat, *cards, *pile_size, *tie), (Seat(0), 1, 11, true));
                    Some(*pile)
                }
                _ => None,
            })
            .expect("a pile is taken");
        assert!(taken == 1 || taken == 2, "only a highest pile may be taken, not {taken}");
        let v = view(&m);
        let top = |seat: usize| v.piles[seat].top.unwrap();
        assert_eq!(
            events,
            vec![
                Event::Flipped { seat: Seat(0), was: f(4), revealed: f(5), fits: false },
                Event::PileTaken { seat: Seat(0), pile: taken, cards: 1, pile_size: 11, tie: true },
                Event::TopShown { seat: Seat(0), face: top(0) },
                Event::Replaced { seat: Seat(1), pile: taken, face: f(6) },
                Event::TopShown { seat: Seat(1), face: top(1) },
            ]
        );
        assert_eq!(center_faces(&v, taken as usize - 1), vec![f(6)]);
        assert_eq!(center_faces(&v, 2), vec![f(2)]);
        assert_eq!(sizes(&m), vec![11, 9]);
        assert_eq!(current(&m), Some(0), "the player after the replacing one acts next");
        assert_eq!((v.phase, v.pass_streak), (Phase::Turn, 0));
        chosen.push(taken);
    }
    assert!(chosen.contains(&1) && chosen.contains(&2), "both tied piles get chosen: {chosen:?}");
}

/// Seat 0 lays 2,3,…,9,8 on pile 1 while seat 1 passes: seat 0 is left with one card `1/7`, and
/// the centre tops are 8 / 5 / 5.
fn down_to_one_card(players: usize, dealer: Option<u8>, opts: Value) -> Match<NurMut> {
    let seat0: &[&str] = &["2/5", "3/5", "4/6", "5/8", "6/1", "7/1", "8/2", "9/2", "8/3", "1/7"];
    let mut piles: Vec<&[&str]> = vec![seat0];
    piles.extend(std::iter::repeat_n(&[][..], players - 1));
    let mut m = table_with(players, 1, dealer, opts, deal(&piles, ["1/3", "5/9", "5/6"]));
    while current(&m) != Some(0) {
        let seat = current(&m).unwrap();
        act(&mut m, seat, "pass");
    }
    for _ in 0..9 {
        act(&mut m, 0, "play 1");
        for seat in 1..players as u8 {
            act(&mut m, seat, "pass");
        }
    }
    assert_eq!(view(&m).piles[0].size, 1);
    assert_eq!(view(&m).piles[0].top, Some(f(1)));
    assert_eq!((0..3).map(|k| view(&m).center_top(k)).collect::<Vec<_>>(), vec![f(8), f(5), f(5)]);
    m
}

/// A successful Courage that empties the pile ends the round at once: no bonus turn.
#[test]
fn e4_successful_courage_emptying_the_pile_ends_the_round() {
    let mut m = down_to_one_card(2, None, json!({"rounds": 1}));
    let events = act(&mut m, 0, "courage");
    assert!(events.contains(&Event::Flipped { seat: Seat(0), was: f(1), revealed: f(7), fits: true }));
    assert_eq!(legal(&m, 0), strs(&["play 1"]), "the revealed 7 fits only the 8");
    let events = act(&mut m, 0, "play 1");
    assert!(matches!(events.last(), Some(Event::MatchOver { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::RoundOver { winner: Seat(0), .. })));
    let state = m.state();
    assert!(state.is_over());
    assert_eq!(state.winners().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    assert_eq!(state.scores().as_slice(), &[0, -10]);
    assert_eq!(state.cards_left().as_slice(), &[0, 10]);
}

/// After a full round of passes the first passer must play Courage, even holding a card that fits;
/// with `forced_action: play_or_courage` he may play it instead.
#[test]
fn e5_all_pass_forces_courage_even_with_a_playable_card() {
    for (opts, expected) in
        [(json!({}), vec!["courage"]), (json!({"forced_action": "play_or_courage"}), vec!["play 1", "courage"])]
    {
        let mut m = table(3, opts, deal(&[&["2/6"], &[], &[]], ["3/1", "4/2", "9/5"]));
        assert_eq!(legal(&m, 0), strs(&["play 1", "pass", "courage"]));
        for seat in 0..3 {
            act(&mut m, seat, "pass");
        }
        assert_eq!((current(&m), view(&m).pass_streak, view(&m).forced_courage), (Some(0), 3, true));
        assert_eq!(legal(&m, 0), strs(&expected));
    }
}

/// A joker showing on top is playable on any pile, then covered by the next card as it lies.
#[test]
fn e6_visible_joker_is_playable_anywhere_then_covered() {
    let mut m = table(2, json!({}), deal(&[&["J/7", "5/2"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(legal(&m, 0), strs(&["play 1", "play 2", "play 3", "pass", "courage"]));
    let events = act(&mut m, 0, "play 2");
    let v = view(&m);
    assert_eq!(
        events,
        vec![
            Event::Played { seat: Seat(0), pile: 2, face: J },
            Event::Covered { seat: Seat(0), pile: 2, face: f(5), was: None },
            Event::TopShown { seat: Seat(0), face: v.piles[0].top.unwrap() },
        ],
        "the 5 goes from under the joker straight onto it: only the card left on top is shown alone"
    );
    assert_eq!(center_faces(&v, 1), vec![f(4), J, f(5)]);
    assert_eq!(v.piles[0].size, 8);
    assert_eq!((current(&m), v.pass_streak), (Some(1), 0));
}

/// N16 variant: a visible joker must be played at once; the all-pass rule still wins over it.
#[test]
fn n16_variant_visible_joker_forced() {
    let m = table(2, json!({"visible_joker_forced": true}), deal(&[&["J/7"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(legal(&m, 0), strs(&["play 1", "play 2", "play 3"]));
    for (opts, expected) in [
        (json!({"visible_joker_forced": true}), vec!["courage"]),
        (
            json!({"visible_joker_forced": true, "forced_action": "play_or_courage"}),
            vec!["play 1", "play 2", "play 3", "courage"],
        ),
    ] {
        let mut m = table(2, opts, deal(&[&["6/1", "J/7"], &[]], ["3/1", "4/2", "9/5"]));
        act(&mut m, 0, "tuck");
        act(&mut m, 1, "pass");
        assert_eq!(view(&m).piles[0].top, Some(J));
        assert_eq!(legal(&m, 0), strs(&expected));
    }
}

/// Tucking a one-card pile changes nothing but counts as a pass: here it completes a round of
/// passes, so seat 1 (the first passer) must play Courage.
#[test]
fn e7_tuck_on_a_single_card_pile_counts_as_a_pass() {
    let mut m = down_to_one_card(2, None, json!({}));
    assert_eq!(view(&m).pass_streak, 1);
    assert_eq!(legal(&m, 0), strs(&["tuck", "pass", "courage"]));
    let events = act(&mut m, 0, "tuck");
    assert_eq!(
        events,
        vec![Event::Tucked { seat: Seat(0), face: f(1) }],
        "the same card stays on top: nothing new shows"
    );
    let v = view(&m);
    assert_eq!((v.piles[0].size, v.piles[0].top, v.piles[0].known_bottom.clone()), (1, Some(f(1)), vec![]));
    assert_eq!((current(&m), v.pass_streak), (Some(1), 2));
    assert_eq!(legal(&m, 1), strs(&["courage"]));
}

// ----- the ambiguity register -----

/// N1: the canonical deck, `joker_faces` for a generated deck, and a deck given as data.
#[test]
fn n1_deck_composition_and_deck_options() {
    let counts = Deck::generated(9).face_counts();
    assert_eq!(counts, [9, 17, 17, 17, 17, 17, 17, 17, 17, 17]);
    assert_eq!(Deck::generated(0).face_counts()[0], 0);
    assert_eq!(Deck::generated(3).face_counts(), [3, 17, 17, 17, 18, 18, 18, 18, 18, 18]);

    // A custom deck is used as given: here 27 jokers, mixing both written forms.
    let mut deck = joker_heavy_deck();
    deck[0] = json!(["1", "2"]);
    let m = Match::<NurMut>::new(&MatchRequest {
        players: 3,
        seed: 5,
        options: options(json!({"deck": deck})),
        ..MatchRequest::default()
    })
    .unwrap();
    assert_eq!(m.state().options().deck().face_counts()[0], 27);
    assert_eq!(m.record().options["deck"][0], json!("1/2"));
    // A hand-made deal must hold that deck, not the canonical one.
    let refused = MatchRequest {
        players: 2,
        options: options(json!({"deck": deck})),
        deal: Some(deal(&[&[], &[]], ["3/1", "4/2", "9/5"])),
        ..MatchRequest::default()
    };
    match Match::<NurMut>::new(&refused) {
        Err(SetupError::DeckMismatch(m)) => {
            assert_eq!((m.expected, m.missing.len(), m.extra.len()), (81, MISMATCH.0, MISMATCH.1), "{m:?}");
            assert_eq!((m.missing[0].as_str(), m.extra[0].as_str()), MISMATCH.2, "{m:?}");
        }
        other => panic!("not a deck mismatch: {:?}", other.map(|_| ())),
    }

    let bad = |opts: Value| {
        let error = setup_error(MatchRequest { players: 3, options: options(opts), ..MatchRequest::default() });
        assert_eq!(error.code(), "bad_option", "{error}");
        (error.message(Lang::Fr), error.message(Lang::En))
    };
    let mut short = canonical_cards();
    short.pop();
    assert_eq!(
        bad(json!({"deck": short})),
        (
            "option « deck » : un paquet de Nur Mut a 81 cartes, celui-ci en a 80".into(),
            "option 'deck': a Nur Mut deck has 81 cards, this one has 80".into()
        )
    );
    let mut double_joker = canonical_cards();
    double_joker[0] = "J/J".into();
    assert_eq!(
        bad(json!({"deck": double_joker})),
        (
            "option « deck » : la carte 1 du paquet est J/J : une carte porte au moins un nombre".into(),
            "option 'deck': card 1 of the deck is J/J: a card needs at least one number".into()
        )
    );
    let mut unknown = canonical_cards();
    unknown[5] = "0/3".into();
    assert_eq!(
        bad(json!({"deck": unknown})),
        (
            "option « deck » : carte 6 du paquet : « 0/3 » n'est pas une carte de Nur Mut : écrivez <visible>/<cachée> avec des faces de 1 à 9 ou J, par exemple 3/7".into(),
            "option 'deck': deck card 6: '0/3' is not a Nur Mut card: write <showing>/<hidden> with faces 1 to 9 or J, e.g. 3/7".into()
        )
    );
    let mut three_faces = canonical_cards().into_iter().map(Value::from).collect::<Vec<_>>();
    three_faces[2] = json!(["1", "2", "3"]);
    assert_eq!(
        bad(json!({"deck": three_faces})),
        (
            "option « deck » : carte 3 du paquet : une carte s'écrit \"3/7\" ou [\"3\", \"7\"]".into(),
            "option 'deck': deck card 3: a card is written \"3/7\" or [\"3\", \"7\"]".into()
        )
    );
    assert_eq!(
        bad(json!({"deck": "fancy"})),
        (
            "l'option « deck » ne peut pas valoir \"fancy\" : elle prend \"canonical\" ou une liste de 81 cartes comme [\"3/7\", [\"5\", \"J\"], ...]".into(),
            "option 'deck' cannot be \"fancy\": it takes \"canonical\" or a list of 81 cards such as [\"3/7\", [\"5\", \"J\"], ...]".into()
        )
    );
    assert_eq!(
        bad(json!({"deck": canonical_cards(), "joker_faces": 4})),
        (
            "l'option « joker_faces » ne règle que le paquet généré : laissez-la à 9 avec un « deck » donné".into(),
            "option 'joker_faces' shapes the generated deck only: leave it at 9 with a custom 'deck'".into()
        )
    );
    assert_eq!(
        bad(json!({"joker_faces": 10})),
        (
            "l'option « joker_faces » ne peut pas valoir 10 : elle prend un entier de 0 à 9".into(),
            "option 'joker_faces' cannot be 10: it takes an integer from 0 to 9".into()
        )
    );
}

/// What the joker-heavy deck with `1/2` first and a canonical deal differ by: how many cards are
/// missing, how many extra, and the first of each.
const MISMATCH: (usize, usize, (&str, &str)) = (23, 23, ("1/J", "1/2"));

/// N3: nobody sees an underside, owner included: two deals differing only in the hidden face of
/// seat 0's top card give identical views to every seat.
#[test]
fn n3_undersides_are_hidden_from_everybody() {
    let a = table(3, json!({}), deal(&[&["2/5"], &[], &[]], ["3/1", "4/2", "9/5"]));
    let b = table(3, json!({}), deal(&[&["2/6"], &[], &[]], ["3/1", "4/2", "9/5"]));
    assert_ne!(a.state(), b.state());
    for seat in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
        assert_eq!(a.state().view(seat), b.state().view(seat));
        let mut as_spectator = a.state().view(seat);
        as_spectator.viewer = None;
        assert_eq!(as_spectator, a.state().view(None), "every seat sees what a spectator sees");
    }
    let v = view(&a);
    assert_eq!(v.piles[0].top, Some(f(2)));
    assert_eq!(v.piles.iter().map(|p| p.size).collect::<Vec<_>>(), vec![10, 10, 10]);
    assert_eq!(v.stock, 81 - 33);
}

/// N4: a top card that fits nowhere may be tucked under the pile (a pass; its face stays known);
/// with `allow_tuck: false` there is no tuck.
#[test]
fn n4_tuck_puts_the_top_card_under_the_pile() {
    let mut m = table(2, json!({}), deal(&[&["6/1", "5/2"], &[]], ["3/1", "4/2", "9/5"]));
    let events = act(&mut m, 0, "tuck");
    assert_eq!(
        events,
        vec![Event::Tucked { seat: Seat(0), face: f(6) }, Event::TopShown { seat: Seat(0), face: f(5) }]
    );
    let v = view(&m);
    assert_eq!((v.piles[0].size, v.piles[0].top, v.piles[0].known_bottom.clone()), (10, Some(f(5)), vec![f(6)]));
    assert_eq!((current(&m), v.pass_streak), (Some(1), 1));

    let m = table(2, json!({"allow_tuck": false}), deal(&[&["6/1"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(legal(&m, 0), strs(&["pass", "courage"]));
}

/// N5 and N11: a successful Courage places the revealed card (an action even with one pile) and
/// earns a whole extra turn, in which Courage may chain; a pass in it starts a new streak at 1.
#[test]
fn n5_successful_courage_earns_a_whole_extra_turn() {
    let mut m = table(2, json!({}), deal(&[&["6/2", "7/8", "5/4"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "pass");
    act(&mut m, 1, "pass");
    assert_eq!(legal(&m, 0), strs(&["courage"]), "the all-pass rule binds seat 0");
    let events = act(&mut m, 0, "courage");
    assert_eq!(events, vec![Event::Flipped { seat: Seat(0), was: f(6), revealed: f(2), fits: true }]);
    assert_eq!((view(&m).phase, view(&m).revealed_from), (Phase::Place, Some(f(6))));
    assert_eq!(legal(&m, 0), strs(&["play 1"]));
    act(&mut m, 0, "play 1");
    assert_eq!(view(&m).center[0].last().map(|c| (c.showing, c.hidden)), Some((f(2), Some(f(6)))));
    assert_eq!((current(&m), view(&m).phase, view(&m).pass_streak), (Some(0), Phase::Turn, 0));
    assert_eq!(legal(&m, 0), strs(&["tuck", "pass", "courage"]), "7 fits none of 2 / 4 / 9");
    act(&mut m, 0, "courage");
    assert_eq!(legal(&m, 0), strs(&["play 3"]), "the revealed 8 fits the 9");
    act(&mut m, 0, "play 3");
    assert_eq!((current(&m), sizes(&m)), (Some(0), vec![8, 10]));
    act(&mut m, 0, "pass");
    assert_eq!((current(&m), view(&m).pass_streak), (Some(1), 1));
}

/// N6: a joker revealed by Courage must be placed (any pile), is covered, and earns no extra
/// turn; with `courage_joker_bonus` it does.
#[test]
fn n6_joker_revealed_by_courage() {
    for (opts, next) in [(json!({}), 1), (json!({"courage_joker_bonus": true}), 0)] {
        let mut m = table(2, opts, deal(&[&["6/J", "5/2"], &[]], ["3/1", "4/2", "9/5"]));
        act(&mut m, 0, "courage");
        assert_eq!(legal(&m, 0), strs(&["play 1", "play 2", "play 3"]));
        act(&mut m, 0, "play 3");
        let v = view(&m);
        assert_eq!(center_faces(&v, 2), vec![f(9), J, f(5)]);
        assert_eq!((v.piles[0].size, current(&m)), (8, Some(next)));
    }
}

/// N7: the joker is covered by the next card as it lies; with `cover_face: flipped` the covering
/// card is turned over, and both its faces are public.
#[test]
fn n7_cover_face() {
    for (opts, top, hidden) in [(json!({}), f(5), None), (json!({"cover_face": "flipped"}), f(2), Some(f(5)))] {
        let mut m = table(2, opts, deal(&[&["J/7", "5/2", "3/8"], &[]], ["3/1", "4/2", "9/5"]));
        act(&mut m, 0, "play 1");
        let v = view(&m);
        assert_eq!(v.center[0].last().map(|c| (c.showing, c.hidden)), Some((top, hidden)));
        assert_eq!(v.piles[0].top, Some(f(3)));
    }
    // A covering joker is covered in turn, until a number shows.
    let mut m = table(2, json!({}), deal(&[&["J/7", "J/4", "5/2"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "play 1");
    assert_eq!(center_faces(&view(&m), 0), vec![f(3), J, J, f(5)]);
    assert_eq!(sizes(&m), vec![7, 10]);
}

/// N8 and N9: a failed Courage takes the single highest pile (no draw of lots), and the next
/// player's top card fills its place even without a tie; that is his whole turn.
#[test]
fn n9_replacement_after_every_failed_courage() {
    let mut m = table(3, json!({}), deal(&[&["6/7"], &["2/1"], &[]], ["3/1", "4/2", "9/5"]));
    let events = act(&mut m, 0, "courage");
    assert!(events.iter().any(|e| matches!(e, Event::PileTaken { pile: 3, cards: 1, pile_size: 11, tie: false, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::Replaced { seat: Seat(1), pile: 3, face, .. } if *face == f(2))));
    let v = view(&m);
    assert_eq!(center_faces(&v, 2), vec![f(2)]);
    assert_eq!(sizes(&m), vec![11, 9, 10]);
    assert_eq!((current(&m), v.pass_streak), (Some(2), 0));
}

/// N10: a joker as replacement base is covered at once by the replacing player.
#[test]
fn n10_joker_replacement_base_is_covered() {
    let mut m = table(3, json!({}), deal(&[&["6/7"], &["J/4", "5/6"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "courage");
    assert_eq!(center_faces(&view(&m), 2), vec![J, f(5)]);
    assert_eq!((sizes(&m), current(&m)), (vec![11, 8, 10], Some(2)));
}

/// N11: a streak of passes and tucks by every player forces the first of them to play Courage.
#[test]
fn n11_all_pass_rule_counts_tucks_and_forces_the_first_passer() {
    let mut m = table(3, json!({}), deal(&[&["2/6"], &["6/1", "7/2"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "pass");
    act(&mut m, 1, "tuck");
    assert_eq!(view(&m).pass_streak, 2);
    act(&mut m, 2, "pass");
    assert_eq!(legal(&m, 0), strs(&["courage"]));
    // A card reaching the centre resets the streak.
    let mut m = table(3, json!({}), deal(&[&["2/6"], &["5/1"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "pass");
    act(&mut m, 1, "play 2");
    act(&mut m, 2, "pass");
    assert_eq!((current(&m), view(&m).pass_streak), (Some(0), 1));
    assert_eq!(legal(&m, 0), strs(&["play 1", "pass", "courage"]));
}

/// N12: who starts round 2 after seat 0 won round 1 started by seat 2 (seats 1 and 2 both hold 10).
#[test]
fn n12_next_round_starter() {
    for (rule, starter) in [("rotate", 0), ("winner", 0), ("loser", 1)] {
        let mut m = down_to_one_card(3, Some(1), json!({"next_round_starter": rule}));
        assert_eq!(view(&m).starter, Seat(2));
        act(&mut m, 0, "courage");
        let events = act(&mut m, 0, "play 1");
        assert!(events.iter().any(|e| matches!(e, Event::RoundStarted { round: 2, .. })));
        let v = view(&m);
        assert_eq!((v.round, v.starter, current(&m)), (2, Seat(starter), Some(starter)), "{rule}");
        assert_eq!(v.scores.as_slice(), &[0, -10, -10]);
    }
    // Rotation from another first dealer: dealer 2, so seat 0 starts round 1 and seat 1 round 2.
    let mut m = down_to_one_card(3, Some(2), json!({}));
    act(&mut m, 0, "courage");
    act(&mut m, 0, "play 1");
    assert_eq!(view(&m).starter, Seat(1));
}

/// N13: 2–6 players; 7 only with `max_players: 7`; never 1 or 8.
#[test]
fn n13_player_counts() {
    let request =
        |players: usize, opts: Value| MatchRequest { players, options: options(opts), ..MatchRequest::default() };
    for players in 2..=6 {
        assert!(Match::<NurMut>::new(&request(players, json!({}))).is_ok());
    }
    assert_eq!(setup_error(request(7, json!({}))), SetupError::Players { game: "Nur Mut", min: 2, max: 6, given: 7 });
    let seven = Match::<NurMut>::new(&request(7, json!({"max_players": 7}))).unwrap();
    assert_eq!(view(&seven).stock, 8);
    for players in [1, 8] {
        assert_eq!(
            setup_error(request(players, json!({"max_players": 7}))),
            SetupError::Players { game: "Nur Mut", min: 2, max: 7, given: players }
        );
    }
    let error = setup_error(request(4, json!({"max_players": 8})));
    assert_eq!(
        (error.code(), error.message(Lang::Fr)),
        ("bad_option", "l'option « max_players » ne peut pas valoir 8 : elle prend 6, 7".into())
    );
}

/// N14: rounds default to the number of players; `rounds` fixes them; `until_minus` ends the match
/// when a total reaches −X instead.
#[test]
fn n14_match_length() {
    let mut m = down_to_one_card(2, None, json!({}));
    act(&mut m, 0, "courage");
    act(&mut m, 0, "play 1");
    assert_eq!((m.state().is_over(), view(&m).round, view(&m).rounds), (false, 2, Some(2)));
    for (limit, over) in [(10, true), (11, false)] {
        let mut m = down_to_one_card(2, None, json!({"until_minus": limit, "rounds": 1}));
        act(&mut m, 0, "courage");
        act(&mut m, 0, "play 1");
        assert_eq!(m.state().is_over(), over, "until_minus {limit} after a -10 round");
        assert_eq!(m.state().scores().as_slice(), &[0, -10]);
    }
}

/// N15: the taken pile and the own pile are shuffled together with fresh orientations.
#[test]
fn n15_taken_pile_is_shuffled_with_fresh_orientations() {
    let mut compositions = Vec::new();
    let mut orientations = Vec::new();
    for seed in 0..16 {
        let mut m = table_with(3, seed, None, json!({}), deal(&[&["6/7"], &["2/1"], &[]], ["3/1", "4/2", "9/5"]));
        let before = serde_json::to_value(m.state()).unwrap();
        act(&mut m, 0, "courage");
        let after = serde_json::to_value(m.state()).unwrap();
        let ids = |v: &Value, zone: &str, i: usize| -> Vec<u64> {
            v[zone][i].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() & 0x7F).collect()
        };
        let mut expected = ids(&before, "piles", 0);
        expected.extend(ids(&before, "centre", 2));
        expected.sort();
        let mut got = ids(&after, "piles", 0);
        got.sort();
        assert_eq!(got, expected, "own pile + taken pile, nothing else");
        compositions.push(got);
        let bits: u64 = after["piles"][0].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() >> 7).sum();
        orientations.push(bits);
    }
    orientations.sort();
    orientations.dedup();
    assert!(orientations.len() > 2, "orientations are drawn afresh: {orientations:?}");
}

// ----- secrecy -----

/// Regression: `played`, `tucked`, `covered`, `replaced` and `pile_taken` carried the face that
/// came up on top of the pile afterwards (`next_top`), a face nobody had seen, so what the table
/// was told of a move depended on unseen cards. Now that face comes in a `top_shown` event of its
/// own, marked as a reveal: two tables that differ only in unseen cards are told the same thing up
/// to it, and wait for the same seat after a pass.
#[test]
fn move_events_carried_the_unseen_next_top() {
    use tapis_core::{Audience, GameEvent};
    let centre = ["3/1", "4/2", "9/5"];
    // What seat 0's move tells the table: the events before the first reveal, then the rest.
    let told = |m: &Match<NurMut>, action: &str| {
        let mut m = m.clone();
        let events = act(&mut m, 0, action);
        assert!(events.iter().all(|e| e.audience() == Audience::Everyone));
        let public = events.iter().take_while(|e| !e.reveals()).count();
        let (before, after) = events.split_at(public);
        (before.to_vec(), after.to_vec(), m)
    };
    let top_shown = |face: u8| vec![Event::TopShown { seat: Seat(0), face: f(face) }];

    // Same tops and centre; the cards under the tops and every underside differ.
    let a = table(2, json!({}), deal(&[&["2/5", "6/1"], &["7/2"]], centre));
    let b = table(2, json!({}), deal(&[&["2/6", "8/1"], &["7/4"]], centre));
    assert_eq!(view(&a), view(&b));
    let played = vec![Event::Played { seat: Seat(0), pile: 1, face: f(2) }];
    assert_eq!((told(&a, "play 1").0, told(&a, "play 1").1), (played.clone(), top_shown(6)));
    assert_eq!((told(&b, "play 1").0, told(&b, "play 1").1), (played, top_shown(8)));
    let passed = vec![Event::Passed { seat: Seat(0), streak: 1 }];
    let (after_a, after_b) = (told(&a, "pass"), told(&b, "pass"));
    assert_eq!((&after_a.0, &after_a.1, &after_b.0, &after_b.1), (&passed, &vec![], &passed, &vec![]));
    assert_eq!(after_a.2.state().waiting_for(), after_b.2.state().waiting_for());
    // Courage turns up a face nobody saw: its very first event is a reveal.
    assert!(told(&a, "courage").0.is_empty());

    let a = table(2, json!({}), deal(&[&["6/5", "2/1"], &["7/2"]], centre));
    let b = table(2, json!({}), deal(&[&["6/7", "5/1"], &["7/4"]], centre));
    let tucked = vec![Event::Tucked { seat: Seat(0), face: f(6) }];
    assert_eq!((told(&a, "tuck").0, told(&a, "tuck").1), (tucked.clone(), top_shown(2)));
    assert_eq!((told(&b, "tuck").0, told(&b, "tuck").1), (tucked, top_shown(5)));
}

// ----- bad input -----

#[test]
fn bad_deals_are_refused_with_the_cards_named() {
    let request = |deal: Value| MatchRequest { players: 2, deal: Some(deal), ..MatchRequest::default() };
    let refuse = |deal: Value| {
        let error = setup_error(request(deal));
        assert_eq!(error.code(), "bad_deal", "{error}");
        (error.message(Lang::Fr), error.message(Lang::En))
    };
    let mismatch = |missing: &[&str], extra: &[&str]| {
        SetupError::DeckMismatch(DeckMismatch {
            expected: 81,
            missing: missing.iter().map(|c| c.to_string()).collect(),
            extra: extra.iter().map(|c| c.to_string()).collect(),
        })
    };
    let good = deal(&[&[], &[]], ["3/1", "4/2", "9/5"]);
    assert!(Match::<NurMut>::new(&request(good.clone())).is_ok());

    // The deal helper fills seat 0's pile from `1/2` on and leaves `1/J` first in the stock.
    let mut duplicated = good.clone();
    assert_eq!((&good["piles"][0][0], &good["stock"][0]), (&json!("1/2"), &json!("1/J")));
    duplicated["stock"][0] = good["piles"][0][0].clone();
    assert_eq!(setup_error(request(duplicated.clone())), mismatch(&["1/J"], &["1/2"]));
    assert_eq!(
        refuse(duplicated),
        (
            "la donne doit contenir exactement les 81 cartes du jeu : manquent 1/J ; en trop 1/2".into(),
            "the deal must hold exactly the 81 cards of the deck: missing 1/J; extra 1/2".into()
        )
    );

    // Either side up is the same card: `J/1` stands for the deck's `1/J`.
    let mut turned = good.clone();
    turned["stock"][0] = json!("J/1");
    assert!(Match::<NurMut>::new(&request(turned)).is_ok());

    let mut missing = good.clone();
    missing["stock"].as_array_mut().unwrap().pop();
    assert_eq!(setup_error(request(missing)), mismatch(&["9/J"], &[]));

    let mut unknown = good.clone();
    unknown["stock"][0] = json!("0/3");
    // Core reads the deal with serde, whose reason is in English in both sentences.
    assert_eq!(
        refuse(unknown),
        (
            "la donne ne se lit pas comme une donne de nurmut : '0/3' is not a Nur Mut card: write <showing>/<hidden> with faces 1 to 9 or J, e.g. 3/7".into(),
            "the deal does not read as a nurmut deal: '0/3' is not a Nur Mut card: write <showing>/<hidden> with faces 1 to 9 or J, e.g. 3/7".into()
        )
    );

    let mut joker_base = good.clone();
    let base = joker_base["center"][0].clone();
    let at = good["stock"].as_array().unwrap().iter().position(|c| c.as_str().unwrap().contains('J')).unwrap();
    let joker = good["stock"][at].as_str().unwrap().to_string();
    let flipped: String = format!("J/{}", joker.replace("/J", ""));
    joker_base["center"][0] = json!(flipped);
    joker_base["stock"][at] = base;
    assert_eq!(
        refuse(joker_base),
        (
            format!("la base {flipped} du centre montre un joker : une base de pile montre toujours un nombre"),
            format!("centre base {flipped} shows a joker: a pile base always shows a number")
        )
    );

    let mut short_pile = good.clone();
    let card = short_pile["piles"][0].as_array_mut().unwrap().pop().unwrap();
    short_pile["stock"].as_array_mut().unwrap().push(card);
    assert_eq!(
        refuse(short_pile),
        (
            "le tas 0 a 9 cartes : chaque joueur commence avec 10".into(),
            "pile 0 has 9 cards: every player starts with 10".into()
        )
    );

    let mut three_piles = good.clone();
    three_piles["piles"].as_array_mut().unwrap().push(json!([]));
    assert_eq!(
        refuse(three_piles),
        ("la donne a 3 tas pour 2 joueurs".into(), "the deal has 3 piles for 2 players".into())
    );

    let mut two_bases = good.clone();
    let base = two_bases["center"].as_array_mut().unwrap().pop().unwrap();
    two_bases["stock"].as_array_mut().unwrap().push(base);
    assert_eq!(
        refuse(two_bases),
        ("le centre a 2 cartes : il lui faut 3 bases".into(), "the centre has 2 cards: it needs 3 bases".into())
    );

    assert_eq!(
        refuse(json!({"piles": [], "centre": []})),
        (
            "la donne ne se lit pas comme une donne de nurmut : unknown field `centre`, expected one of `piles`, `center`, `stock`".into(),
            "the deal does not read as a nurmut deal: unknown field `centre`, expected one of `piles`, `center`, `stock`".into()
        )
    );
}

#[test]
fn bad_options_are_refused() {
    let refuse = |opts: Value| {
        let request = MatchRequest { players: 3, options: options(opts), ..MatchRequest::default() };
        match Match::<NurMut>::new(&request) {
            Err(e) if e.code() == "bad_option" => e.to_string(),
            other => panic!("accepted: {:?}", other.map(|_| ())),
        }
    };
    assert!(refuse(json!({"cover_face": "sideways"})).contains("visible, flipped"));
    assert!(refuse(json!({"speed": 3})).contains("the options are: deck, joker_faces"));
    assert!(refuse(json!({"rounds": -1})).contains("rounds"));
    assert!(refuse(json!({"allow_tuck": "yes"})).contains("true or false"));
}

#[test]
fn bad_actions_are_refused_and_change_nothing() {
    let mut m = table(2, json!({}), deal(&[&["6/1"], &[]], ["3/1", "4/2", "9/5"]));
    let before = m.state().clone();
    for text in ["", "fly", "play", "play 0", "play 4", "play one", "tuck 1", "courage now"] {
        let error = m.act(Seat(0), text).unwrap_err();
        assert_eq!(error.code(), "bad_action", "'{text}'");
    }
    for (seat, text) in [(0, "play 1"), (0, "play 3"), (1, "pass"), (1, "courage"), (5, "pass")] {
        let error = m.act(Seat(seat), text).unwrap_err();
        assert_eq!(error.code(), "illegal_action", "seat {seat} '{text}'");
    }
    assert_eq!(m.state(), &before);
    // The deal helper lays `1/2` under the `6/1`.
    assert_eq!(
        m.act(Seat(0), "  TUCK ").unwrap(),
        vec![Event::Tucked { seat: Seat(0), face: f(6) }, Event::TopShown { seat: Seat(0), face: f(1) }]
    );
}

/// An illegal action of the seat whose turn it is comes with the rule that forbids it.
#[test]
fn illegal_actions_say_why() {
    // The game's reason in French and English, and the legal actions listed beside it.
    let refused = |m: &mut Match<NurMut>, text: &str| match m.act(Seat(0), text) {
        Err(ActionError::NotLegal { reason: Some(reason), legal, .. }) => (reason.fr, reason.en, legal.join(", ")),
        other => panic!("'{text}': {other:?}"),
    };
    let mut m = table(2, json!({}), deal(&[&["6/1"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(
        refused(&mut m, "play 1"),
        (
            "le 6 ne va pas sur la pile 1, qui montre 3 (elle prend 2, 4 ou un joker)".into(),
            "the 6 does not fit pile 1, which shows 3 (it takes 2, 4 or a joker)".into(),
            "tuck, pass, courage".into()
        )
    );
    assert_eq!(refused(&mut m, "play 3").1, "the 6 does not fit pile 3, which shows 9 (it takes 8 or a joker)");
    let mut m = table(2, json!({}), deal(&[&["2/6"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(
        refused(&mut m, "tuck"),
        (
            "seule une carte qui ne va sur aucune pile se glisse sous le tas, et le 2 va sur l'une d'elles".into(),
            "only a card that fits no pile may be tucked, and the 2 fits one".into(),
            "play 1, pass, courage".into()
        )
    );
    act(&mut m, 0, "pass");
    act(&mut m, 1, "pass");
    assert_eq!(
        refused(&mut m, "play 1"),
        (
            "après un tour complet de passes, le premier à avoir passé doit jouer courage".into(),
            "after a full round of passes the first to pass must play courage".into(),
            "courage".into()
        )
    );

    let mut m = table(2, json!({"forced_action": "play_or_courage"}), deal(&[&["2/6"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "pass");
    act(&mut m, 1, "pass");
    assert_eq!(
        refused(&mut m, "pass").1,
        "after a full round of passes the first to pass must lay a card that fits or play courage"
    );

    // The turned 8 fits only the 9.
    let mut m = table(2, json!({}), deal(&[&["7/8"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "courage");
    assert_eq!(
        refused(&mut m, "pass"),
        (
            "le 8 retourné par courage doit être posé sur une pile où il va".into(),
            "the 8 turned over by Courage must be placed on a pile it fits".into(),
            "play 3".into()
        )
    );
    assert_eq!(refused(&mut m, "play 2").1, "the 8 does not fit pile 2, which shows 4 (it takes 3, 5 or a joker)");

    let mut m = table(2, json!({"visible_joker_forced": true}), deal(&[&["J/7"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(
        refused(&mut m, "courage"),
        (
            "un joker visible sur son tas doit être posé aussitôt (visible_joker_forced)".into(),
            "a joker showing on one's pile must be played at once (visible_joker_forced)".into(),
            "play 1, play 2, play 3".into()
        )
    );

    let mut m = table(2, json!({"allow_tuck": false}), deal(&[&["6/1"], &[]], ["3/1", "4/2", "9/5"]));
    assert_eq!(
        refused(&mut m, "tuck"),
        (
            "à cette table, on ne glisse pas de carte sous son tas (allow_tuck)".into(),
            "tucking is off at this table (allow_tuck)".into(),
            "pass, courage".into()
        )
    );
    // A seat whose turn it is not is told whom the match waits for, with no reason of the game's.
    let error = m.act(Seat(1), "pass").unwrap_err();
    assert_eq!(error.message(Lang::En), "seat 1 may not act now (waiting for 0)");
}

// ----- golden transcript and texts -----

#[test]
fn golden_transcript() {
    let request =
        MatchRequest { players: 4, seed: 2024, options: options(json!({"rounds": 1})), ..MatchRequest::default() };
    let text = kit::transcript::<NurMut>(&request, 7);
    kit::assert_golden(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/nurmut.txt"), &text);
}

#[test]
fn texts_say_what_happens() {
    let names = names(2);
    let words = |lang, reader: Option<u8>| tapis_core::Words::new(lang, &names, reader.map(Seat));
    let mut m = table(2, json!({}), deal(&[&["J/7", "5/2"], &[]], ["3/1", "4/2", "9/5"]));
    let fr = NurMut::render_view(&m.state().view(Some(Seat(0))), &words(Lang::Fr, Some(0)));
    assert!(fr.contains("Pile 1\u{a0}: 3 — prend un 2, un 4 ou un joker (1 carte)"), "{fr}");
    assert!(fr.contains("▶ Vous\u{a0}: [J], 10 cartes, score 0") && fr.contains("À vous de jouer."), "{fr}");
    let en = NurMut::render_view(&m.state().view(Some(Seat(1))), &words(Lang::En, Some(1)));
    assert!(en.contains("Pile 3: 9 — takes an 8 or a joker (1 card)") && en.contains("Ada's turn."), "{en}");
    let events = act(&mut m, 0, "play 2");
    assert_eq!(NurMut::describe_event(&events[1], &words(Lang::En, None)), "Ada covers the joker on pile 2 with a 5.");
    assert_eq!(
        NurMut::describe_event(&events[1], &words(Lang::Fr, Some(0))),
        "Vous recouvrez le joker de la pile 2 avec un 5."
    );
    assert_eq!(
        NurMut::describe_action(tapis_nurmut::Action::Courage, &words(Lang::Fr, Some(0))),
        "courage\u{a0}: retourner votre carte du dessus"
    );
    assert_eq!(
        NurMut::describe_action(tapis_nurmut::Action::Play(2), &words(Lang::En, Some(0))),
        "play your top card on pile 3"
    );
    assert!(NurMut::rules_text(Lang::En).contains("Reconstructions"));
}

/// Every kind of event in words, in both languages, as the shared log tells it (the snapshots
/// `words_fr` and `words_en` add the reader's own words).
#[test]
fn events_in_words() {
    let s = Seat;
    let cases = [
        (
            Event::RoundStarted { round: 2, starter: s(1), tops: by_seat(&[f(4), f(7)]), center: [f(3), f(5), f(9)] },
            "Manche 2\u{a0}: les piles du centre montrent un 3, un 5 et un 9. Sur les tas des joueurs\u{a0}: un 4 pour \
             Ada, un 7 pour Blaise. Blaise commence.",
            "Round 2: the centre piles show a 3, a 5 and a 9. On the players' piles: a 4 for Ada, a 7 for Blaise. \
             Blaise starts.",
        ),
        (
            Event::Played { seat: s(0), pile: 2, face: f(8) },
            "Ada pose un 8 sur la pile 2.",
            "Ada plays an 8 on pile 2.",
        ),
        (
            Event::Tucked { seat: s(1), face: f(6) },
            "Blaise glisse son 6 sous son tas.",
            "Blaise tucks the 6 under the pile.",
        ),
        (Event::Passed { seat: s(0), streak: 1 }, "Ada passe.", "Ada passes."),
        (
            Event::Passed { seat: s(1), streak: 2 },
            "Blaise passe (2 passes d’affilée).",
            "Blaise passes (2 passes in a row).",
        ),
        (
            Event::Flipped { seat: s(0), was: f(4), revealed: f(5), fits: false },
            "Courage\u{a0}! Ada retourne son 4 et découvre un 5, qui ne va sur aucune pile.",
            "Courage! Ada turns over the 4 and finds a 5, which fits no pile.",
        ),
        (
            Event::Flipped { seat: s(0), was: f(4), revealed: J, fits: true },
            "Courage\u{a0}! Ada retourne son 4 et découvre un joker, qui va partout.",
            "Courage! Ada turns over the 4 and finds a joker, which fits everywhere.",
        ),
        (
            Event::Covered { seat: s(1), pile: 3, face: f(2), was: None },
            "Blaise recouvre le joker de la pile 3 avec un 2.",
            "Blaise covers the joker on pile 3 with a 2.",
        ),
        (
            Event::Covered { seat: s(1), pile: 3, face: f(2), was: Some(f(8)) },
            "Blaise recouvre le joker de la pile 3 avec un 2, en retournant la carte (elle montrait un 8).",
            "Blaise covers the joker on pile 3 with a 2, turning the card over (it showed an 8).",
        ),
        (
            Event::PileTaken { seat: s(0), pile: 1, cards: 4, pile_size: 12, tie: true },
            "Ada prend la pile 1 (4 cartes), tirée au sort parmi les plus hautes, et la mélange à son tas, qui compte \
             maintenant 12 cartes.",
            "Ada takes pile 1 (4 cards), chosen by lot among the highest, and shuffles it in: Ada's pile now holds \
             12 cards.",
        ),
        (
            Event::Replaced { seat: s(1), pile: 1, face: f(7) },
            "La carte du dessus de Blaise, un 7, remplace la pile 1.",
            "Blaise's top card, a 7, replaces pile 1.",
        ),
        (
            Event::TopShown { seat: s(0), face: J },
            "Le tas d’Ada montre maintenant un joker.",
            "Ada's pile now shows a joker.",
        ),
        (
            Event::RoundOver { round: 1, winner: s(1), cards: by_seat(&[1, 0]), scores: by_seat(&[-1, 0]) },
            "Le tas de Blaise est vide\u{a0}: Blaise gagne la manche 1. Cartes restantes\u{a0}: Ada 1. Totaux\u{a0}: \
             Ada \u{2212}1, Blaise 0.",
            "Blaise's pile is empty: Blaise wins round 1. Cards left: Ada 1. Totals: Ada \u{2212}1, Blaise 0.",
        ),
        (
            Event::MatchOver { winners: SeatSet::single(s(1)), scores: by_seat(&[-3, 0]) },
            "Blaise gagne la partie. Totaux\u{a0}: Ada \u{2212}3, Blaise 0.",
            "Blaise wins the match. Totals: Ada \u{2212}3, Blaise 0.",
        ),
    ];
    let names = names(2);
    for (event, fr, en) in cases {
        assert_eq!(NurMut::describe_event(&event, &tapis_core::Words::new(Lang::Fr, &names, None)), fr);
        assert_eq!(NurMut::describe_event(&event, &tapis_core::Words::new(Lang::En, &names, None)), en);
    }
    // The reader is addressed, in the verb too; a shared win puts the reader last.
    let you = |lang| tapis_core::Words::new(lang, &names, Some(s(0)));
    let both = Event::MatchOver { winners: [s(0), s(1)].into_iter().collect(), scores: by_seat(&[0, 0]) };
    assert_eq!(
        NurMut::describe_event(&both, &you(Lang::Fr)),
        "Blaise et vous gagnez la partie ex aequo. Totaux\u{a0}: vous 0, Blaise 0."
    );
    assert_eq!(
        NurMut::describe_event(&both, &you(Lang::En)),
        "Blaise and you win the match together. Totals: you 0, Blaise 0."
    );
    let tucked = Event::Tucked { seat: s(0), face: f(6) };
    assert_eq!(NurMut::describe_event(&tucked, &you(Lang::Fr)), "Vous glissez votre 6 sous votre tas.");
    assert_eq!(NurMut::describe_event(&tucked, &you(Lang::En)), "You tuck your 6 under your pile.");
}

// ----- the heuristic bot -----

#[test]
fn heuristic_beats_random() {
    // A few hundred matches tell a strong bot from a random one (`TAPIS_SOAK` plays more).
    let games = kit::soak(400);
    let wins = tapis_bots::heuristic_vs_random::<NurMut>(4, &Map::new(), games, 99);
    let share = wins as f64 / games as f64;
    println!("heuristic seat won {wins} of {games} 4-player matches ({share:.3}; fair share 0.25)");
    assert!(share > 0.40, "heuristic share {share:.3}");
}

/// §1.6: equal best totals share the win; `tie_break: fewest_last_round` gives it to the fewest
/// cards in the last round. (Seat 0 enters the last round 10 points behind and wins it 0 to 10.)
#[test]
fn tie_break_on_equal_totals() {
    for (rule, winners) in [("shared", vec![Seat(0), Seat(1)]), ("fewest_last_round", vec![Seat(0)])] {
        let m = down_to_one_card(2, None, json!({"rounds": 1, "tie_break": rule}));
        let mut state = serde_json::to_value(m.state()).unwrap();
        state["scores"] = json!([-10, 0]);
        let mut state: NurMut = serde_json::from_value(state).unwrap();
        state.apply(Seat(0), NurMut::parse_action("courage").unwrap()).unwrap();
        state.apply(Seat(0), NurMut::parse_action("play 1").unwrap()).unwrap();
        assert!(state.is_over());
        assert_eq!(state.scores().as_slice(), &[-10, -10]);
        assert_eq!(state.winners().iter().collect::<Vec<_>>(), winners, "{rule}");
    }
}

/// Determinizing re-deals what nobody saw and keeps what the table saw: the top card turned by
/// Courage keeps both its faces, the centre cards their showing faces, a tucked card its face.
#[test]
fn determinize_keeps_what_was_seen_and_redeals_the_rest() {
    let mut m = table(2, json!({}), deal(&[&["6/1", "6/2", "3/8"], &[]], ["3/1", "4/2", "9/5"]));
    act(&mut m, 0, "tuck");
    act(&mut m, 1, "pass");
    act(&mut m, 0, "courage");
    let v = m.state().view(Some(Seat(0)));
    assert_eq!((v.phase, v.piles[0].top, v.revealed_from), (Phase::Place, Some(f(2)), Some(f(6))));
    assert_eq!(v.piles[0].known_bottom, vec![f(6)]);
    let mut rng = tapis_core::GameRng::seed_from_u64(4);
    let mut states = Vec::new();
    for _ in 0..8 {
        let redealt = NurMut::determinize(&v, &mut rng);
        assert_eq!(redealt.view(Some(Seat(0))), v);
        let json = serde_json::to_value(&redealt).unwrap();
        states.push(json["piles"].clone());
    }
    states.dedup();
    assert!(states.len() > 1, "hidden cards are re-dealt");
}

// ----- the client view -----

fn body(m: &Match<NurMut>, seat: Option<u8>) -> tapis_nurmut::Body {
    <NurMut as ClientView>::client_body(&m.state().view(seat.map(Seat)))
}

/// The seeded match the client view snapshots follow: 3 players, 2 rounds, random legal moves.
fn snapshot_match() -> (Match<NurMut>, GameRng) {
    let request =
        MatchRequest { players: 3, seed: 1, options: options(json!({"rounds": 2})), ..MatchRequest::default() };
    (Match::<NurMut>::new(&request).unwrap(), GameRng::seed_from_u64(1))
}

/// Plays random legal moves until `stop` holds after a move (or the match ends).
fn play_until(m: &mut Match<NurMut>, rng: &mut GameRng, stop: impl Fn(&Match<NurMut>, &[Event]) -> bool) {
    let mut legal = tapis_core::ActionList::new();
    while !m.state().is_over() {
        let (seat, action) = kit::random_choice(m.state(), rng, &mut legal);
        let events = m.act_parsed(seat, action).unwrap();
        if stop(m, &events) {
            return;
        }
    }
}

/// The body's JSON pinned at five moments of a seeded match, for a seat and for the spectator.
#[test]
fn client_view_snapshots() {
    let (mut m, mut rng) = snapshot_match();
    insta::assert_json_snapshot!("start_seat_0", body(&m, Some(0)));
    insta::assert_json_snapshot!("start_spectator", body(&m, None));

    play_until(&mut m, &mut rng, |_, events| events.iter().any(|e| matches!(e, Event::Covered { .. })));
    assert_eq!(m.record().actions.len(), 1);
    insta::assert_json_snapshot!("joker_covered_seat_2", body(&m, Some(2)));

    play_until(&mut m, &mut rng, |m, _| {
        let b = body(m, None);
        b.courage.is_some()
            && b.center.iter().any(|p| p.cards.iter().any(|c| c.contains('/')))
            && b.seats.iter().any(|s| !s.tucked.is_empty())
    });
    let b = body(&m, Some(1));
    assert_eq!(b.phase, Phase::Place);
    assert_eq!(b.courage.as_ref().map(|t| t.seat), view(&m).current);
    insta::assert_json_snapshot!("courage_card_waiting_seat_1", b);

    play_until(&mut m, &mut rng, |_, events| events.iter().any(|e| matches!(e, Event::RoundOver { .. })));
    assert_eq!(view(&m).round, 2);
    insta::assert_json_snapshot!("second_round_dealt_spectator", body(&m, None));

    play_until(&mut m, &mut rng, |_, _| false);
    assert!(m.state().is_over());
    insta::assert_json_snapshot!("match_over_seat_0", body(&m, Some(0)));
    insta::assert_json_snapshot!("match_over_spectator", body(&m, None));
}

/// Nobody sees an underside, so the spectator's body is every seat's body, and it never holds a
/// face the table has not seen: two deals that differ only in undersides and in the cards under
/// the tops give the same body; along a whole match, a card with both faces shows only in the
/// centre (a card whose both sides were seen) or as the card Courage turned over.
#[test]
fn spectator_body_holds_no_hidden_face() {
    let a = table(3, json!({}), deal(&[&["2/5", "6/1"], &["7/3"], &["4/8"]], ["3/1", "4/2", "9/5"]));
    let b = table(3, json!({}), deal(&[&["2/6", "7/2"], &["7/4"], &["4/9"]], ["3/1", "4/2", "9/5"]));
    assert_ne!(a.state(), b.state());
    for seat in [None, Some(0), Some(1), Some(2)] {
        assert_eq!(body(&a, seat), body(&b, seat));
        assert_eq!(body(&a, seat), body(&a, None));
    }

    let (mut m, mut rng) = snapshot_match();
    let mut legal = tapis_core::ActionList::new();
    let mut both_faces_shown = 0;
    while !m.state().is_over() {
        let spectator = body(&m, None);
        let json = serde_json::to_value(&spectator).unwrap();
        assert!(json.get("hand").is_none());
        for seat in 0..3 {
            assert_eq!(body(&m, Some(seat)), spectator);
        }
        let v = view(&m);
        for pile in &spectator.seats {
            let turned = spectator.courage.as_ref().filter(|t| t.seat == pile.seat).map(|t| t.card.clone());
            let expected = turned.or_else(|| v.piles[pile.seat.index()].top.map(|f| f.to_string()));
            assert_eq!(pile.top, expected);
        }
        for (k, pile) in spectator.center.iter().enumerate() {
            for (card, seen) in pile.cards.iter().zip(v.center[k].iter().rev()) {
                assert_eq!(card.contains('/'), seen.hidden.is_some(), "{card}");
                both_faces_shown += card.contains('/') as usize;
            }
        }
        let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
        m.act_parsed(seat, action).unwrap();
    }
    assert!(both_faces_shown > 0, "the match turns cards over");
}

// ----- words: every event and choice in both languages, and the bad forms -----

const NAMES: [&str; 7] = ["Ada", "Blaise", "Émile", "Alice", "Chloé", "Igor", "Ulysse"];

fn names(n: usize) -> Vec<String> {
    NAMES[..n].iter().map(|s| s.to_string()).collect()
}

fn reader_label(names: &[String], reader: Option<Seat>) -> String {
    reader.map_or("nobody (shared log)".to_string(), |s| names[s.index()].clone())
}

/// One sample of every event kind (and of its shapes: a joker, an 8, one card, a tie…), with the
/// seat it concerns.
fn event_samples() -> Vec<(&'static str, Event, Seat)> {
    let s = Seat;
    vec![
        (
            "round_started",
            Event::RoundStarted {
                round: 2,
                starter: s(1),
                tops: by_seat(&[f(4), J, f(8)]),
                center: [f(3), f(5), f(9)],
            },
            s(1),
        ),
        ("played", Event::Played { seat: s(0), pile: 2, face: f(5) }, s(0)),
        ("played an 8", Event::Played { seat: s(2), pile: 3, face: f(8) }, s(2)),
        ("played a joker", Event::Played { seat: s(0), pile: 1, face: J }, s(0)),
        ("tucked", Event::Tucked { seat: s(1), face: f(6) }, s(1)),
        ("top_shown", Event::TopShown { seat: s(0), face: f(3) }, s(0)),
        ("top_shown a joker", Event::TopShown { seat: s(2), face: J }, s(2)),
        ("passed first", Event::Passed { seat: s(1), streak: 1 }, s(1)),
        ("passed in a row", Event::Passed { seat: s(1), streak: 3 }, s(1)),
        ("flipped, fits nowhere", Event::Flipped { seat: s(0), was: f(4), revealed: f(7), fits: false }, s(0)),
        ("flipped, fits", Event::Flipped { seat: s(0), was: f(4), revealed: f(8), fits: true }, s(0)),
        ("flipped, a joker", Event::Flipped { seat: s(2), was: f(1), revealed: J, fits: true }, s(2)),
        ("flipped, from a joker", Event::Flipped { seat: s(1), was: J, revealed: f(2), fits: true }, s(1)),
        ("covered", Event::Covered { seat: s(1), pile: 3, face: f(2), was: None }, s(1)),
        ("covered by a joker", Event::Covered { seat: s(1), pile: 3, face: J, was: None }, s(1)),
        ("covered, flipped", Event::Covered { seat: s(0), pile: 1, face: f(2), was: Some(f(8)) }, s(0)),
        ("pile_taken", Event::PileTaken { seat: s(0), pile: 2, cards: 1, pile_size: 11, tie: false }, s(0)),
        ("pile_taken by lot", Event::PileTaken { seat: s(2), pile: 1, cards: 4, pile_size: 12, tie: true }, s(2)),
        ("replaced", Event::Replaced { seat: s(1), pile: 1, face: f(7) }, s(1)),
        ("replaced by a joker", Event::Replaced { seat: s(2), pile: 3, face: J }, s(2)),
        (
            "round_over",
            Event::RoundOver { round: 1, winner: s(0), cards: by_seat(&[0, 1, 5]), scores: by_seat(&[0, -1, -5]) },
            s(0),
        ),
        ("match_over", Event::MatchOver { winners: SeatSet::single(s(1)), scores: by_seat(&[-4, -2, -9]) }, s(1)),
        (
            "match_over, shared",
            Event::MatchOver { winners: [s(0), s(2)].into_iter().collect(), scores: by_seat(&[-2, -6, -2]) },
            s(0),
        ),
    ]
}

/// Every event kind for the seat concerned, another seat and the shared log, then every choice,
/// for its seat and without a reader: the listing the snapshots pin.
fn words_listing(lang: Lang) -> String {
    let names = names(3);
    let mut out = String::new();
    for (label, event, concerned) in event_samples() {
        let other = Seat((concerned.0 + 1) % 3);
        out.push_str(&format!("[{label}]\n"));
        for reader in [Some(concerned), Some(other), None] {
            let words = tapis_core::Words::new(lang, &names, reader);
            let text = NurMut::describe_event(&event, &words);
            out.push_str(&format!("  {:<20} {text}\n", reader_label(&names, reader)));
        }
    }
    out.push_str("\n[choices]\n");
    for action in tapis_nurmut::Action::ALL {
        for reader in [Some(Seat(0)), None] {
            let words = tapis_core::Words::new(lang, &names, reader);
            let text = NurMut::describe_action(action, &words);
            out.push_str(&format!("  {:<8} {:<20} {text}\n", action.to_string(), reader_label(&names, reader)));
        }
    }
    out
}

#[test]
fn words_of_every_event_and_choice() {
    tapis_core::assert_words_snapshots!(words_listing);
}

/// The table at the moments that change its last line (a turn, passes in a row, a card turned by
/// Courage, the all-pass rule, the end), for the seat to play, another seat and a spectator.
fn table_listing(lang: Lang) -> String {
    let names = names(3);
    let (mut m, mut rng) = snapshot_match();
    let mut out = String::new();
    let mut show = |m: &Match<NurMut>, moment: &str| {
        let current = view(m).current.unwrap_or(Seat(0));
        let other = Seat((current.0 + 1) % 3);
        for reader in [Some(current), Some(other), None] {
            let words = tapis_core::Words::new(lang, &names, reader);
            out.push_str(&format!("=== {moment}, read by {} ===\n", reader_label(&names, reader)));
            out.push_str(&NurMut::render_view(&m.state().view(reader), &words));
        }
    };
    show(&m, "start");
    play_until(&mut m, &mut rng, |m, _| view(m).pass_streak >= 2 && view(m).phase == Phase::Turn);
    show(&m, "passes in a row");
    play_until(&mut m, &mut rng, |m, _| view(m).phase == Phase::Place);
    show(&m, "a card turned by Courage");
    play_until(&mut m, &mut rng, |m, _| view(m).forced_courage);
    assert!(view(&m).forced_courage, "the seeded match reaches the all-pass rule");
    show(&m, "the all-pass rule");
    play_until(&mut m, &mut rng, |_, _| false);
    show(&m, "the end");
    out
}

#[test]
fn words_of_the_table() {
    insta::assert_snapshot!("table_fr", table_listing(Lang::Fr));
    insta::assert_snapshot!("table_en", table_listing(Lang::En));
}

/// `prefix` followed at once by a digit: « play 1 ».
fn followed_by_digit(text: &str, prefix: &str) -> bool {
    text.match_indices(prefix).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        before.is_none_or(|c| !c.is_alphanumeric())
            && text[i + prefix.len()..].chars().next().is_some_and(|c| c.is_ascii_digit())
    })
}

/// The bad forms of issue 16 found in `text`: the kit's, and those of Nur Mut's own words.
/// `names` are the seats' names, `reader` the seat addressed.
fn bad_forms(text: &str, lang: Lang, kind: Kind, names: &[String], reader: Option<Seat>) -> Vec<String> {
    let mut bad = scenario::bad_forms(text, lang);
    let lower = text.to_lowercase();
    let mut check = |found: bool, name: &str| {
        if found {
            bad.push(name.to_string());
        }
    };
    // Counts of players, and articles.
    check(has_word(text, "1 players") || has_word(text, "1 joueurs") || has_word(text, "0 joueurs"), "1 <plural>");
    for n in ["joker", "pile", "card"] {
        check(has_word(&lower, &format!("an {n}")), "\"an\" before a consonant sound");
    }
    for wrong in ["une joker", "un pile", "le pile", "un carte", "le carte", "une tas", "la tas"] {
        check(has_word(text, wrong), "wrong French gender");
    }
    // Seats by name, the reader as « vous » / "you".
    check(has_word(&lower, "seat"), "\"seat\"");
    if let Some(reader) = reader {
        check(has_word(text, &names[reader.index()]), "the reader by name");
    }
    // A joker in words in sentences.
    if kind != Kind::Table {
        check(has_word(text, "J"), "a joker as « J » in a sentence");
    }
    // No notation in the words (the choice list shows it in brackets).
    check(text.contains('|') || text.contains("<1") || text.contains("(play"), "notation in the text");
    check(followed_by_digit(&lower, "play "), "notation in the text");
    if lang == Lang::Fr {
        for verb in ["play", "tuck", "pass"] {
            check(has_word(&lower, verb), "English verb in French");
        }
    }
    // Sentences.
    match kind {
        Kind::Event => {
            check(!text.starts_with(|c: char| c.is_uppercase()), "an event without its capital");
            check(!text.ends_with('.'), "an event without its full stop");
            check(text.contains("  ") || text.contains(" .") || text.contains(" ,"), "stray spaces");
        }
        Kind::Action => {
            check(text.ends_with('.'), "a choice ending with a full stop");
            check(text.contains("  ") || text.contains(" ,"), "stray spaces");
        }
        Kind::Table => {}
    }
    bad
}

#[test]
fn the_checker_catches_the_old_texts() {
    let names = names(2);
    let old = [
        (Lang::Fr, Kind::Event, "Le siège 0 pose 5 sur la pile 2"),
        (Lang::En, Kind::Event, "Seat 0 lays 5 on pile 2"),
        (Lang::Fr, Kind::Event, "Manche 2 : piles 3 5 9, le siège 1 commence"),
        (Lang::En, Kind::Event, "Courage! Seat 0 turns over the 4 and finds J, which fits"),
        (Lang::En, Kind::Event, "Seat 0 takes pile 1, 1 cards; the shuffled pile now holds 12 cards"),
        (Lang::Fr, Kind::Event, "Partie gagnée par 1. Totaux : -3 0"),
        (Lang::En, Kind::Event, "Round 1 won by seat 1. Totals: -3 0"),
        (Lang::Fr, Kind::Event, "Le siège 2 passe (2 d'affilée)"),
        (Lang::Fr, Kind::Action, "courage : retourner sa carte du dessus"),
        (Lang::Fr, Kind::Table, "Courage ! Le siège 0 a révélé 8 (avant : 7) : il doit la poser (play 1|2|3)"),
        (Lang::En, Kind::Table, "Courage! Seat 0 revealed 8 (before: 7): it must be placed (play 1|2|3)"),
        (Lang::Fr, Kind::Table, "Partie terminée. Gagnant(s) : 0"),
        (Lang::En, Kind::Table, "Match over. Winner(s): 0, 1"),
        (Lang::Fr, Kind::Table, "▶ siège 0 (vous) : [J]  2 cartes, score 0"),
        (Lang::En, Kind::Table, "  seat 1 (you): [7]  1 cards, score 0"),
        (Lang::En, Kind::Table, "You : [7]"),
        (Lang::Fr, Kind::Table, "Nur Mut («  ») — seed 3"),
        (Lang::En, Kind::Event, "Ada plays a 8 on pile 2."),
        (Lang::Fr, Kind::Event, "Ada pose une 8 sur le pile 2."),
    ];
    for (lang, kind, text) in old {
        assert!(!bad_forms(text, lang, kind, &names, None).is_empty(), "not caught: {text}");
    }
    let you = Some(Seat(0));
    assert!(!bad_forms("Ada plays a 5 on pile 2.", Lang::En, Kind::Event, &names, you).is_empty());
    assert!(bad_forms("You play a 5 on pile 2.", Lang::En, Kind::Event, &names, you).is_empty());
    assert!(bad_forms("Vous posez un 5 sur la pile 2.", Lang::Fr, Kind::Event, &names, you).is_empty());
}

/// Every text of many seeded random matches, in both languages, for every seat and for nobody:
/// the table, the choices of the seat to play, every event.
#[test]
fn no_bad_forms_in_random_matches() {
    let configs = [
        (2, json!({})),
        (3, json!({"cover_face": "flipped", "forced_action": "play_or_courage"})),
        (4, json!({"until_minus": 12, "tie_break": "fewest_last_round"})),
        (5, json!({"visible_joker_forced": true, "allow_tuck": false})),
        (6, json!({"courage_joker_bonus": true, "joker_faces": 3})),
        (7, json!({"max_players": 7, "rounds": 2})),
        (3, json!({"deck": joker_heavy_deck(), "cover_face": "flipped", "visible_joker_forced": true})),
    ];
    let mut texts = 0u64;
    let mut kinds = std::collections::BTreeSet::new();
    for (players, opts) in configs {
        let names = names(players);
        for seed in 0..6 {
            let request =
                MatchRequest { players, seed: 100 + seed, options: options(opts.clone()), ..MatchRequest::default() };
            let mut m = Match::<NurMut>::new(&request).unwrap();
            let mut rng = GameRng::seed_from_u64(seed);
            let mut legal = tapis_core::ActionList::new();
            let readers: Vec<Option<Seat>> = std::iter::once(None).chain(Seat::all(players).map(Some)).collect();
            let mut check = |text: &str, lang: Lang, kind: Kind, reader: Option<Seat>| {
                let bad = bad_forms(text, lang, kind, &names, reader);
                assert!(bad.is_empty(), "{bad:?} in {kind:?} text ({lang:?}, reader {reader:?}):\n{text}");
                texts += 1;
            };
            let mut step = 0;
            loop {
                for lang in [Lang::Fr, Lang::En] {
                    for &reader in &readers {
                        let words = tapis_core::Words::new(lang, &names, reader);
                        check(&NurMut::render_view(&m.state().view(reader), &words), lang, Kind::Table, reader);
                    }
                }
                if m.state().is_over() || step > 3_000 {
                    break;
                }
                for actor in m.state().actors().iter() {
                    let mut choices = tapis_core::ActionList::new();
                    m.state().legal_actions(actor, &mut choices);
                    for lang in [Lang::Fr, Lang::En] {
                        for reader in [Some(actor), None] {
                            let words = tapis_core::Words::new(lang, &names, reader);
                            for &action in choices.iter() {
                                check(&NurMut::describe_action(action, &words), lang, Kind::Action, reader);
                            }
                        }
                    }
                }
                let (seat, action) = kit::random_choice(m.state(), &mut rng, &mut legal);
                let events = m.act_parsed(seat, action).unwrap();
                for event in &events {
                    kinds.insert(serde_json::to_value(event).unwrap()["type"].as_str().unwrap().to_string());
                    for lang in [Lang::Fr, Lang::En] {
                        for &reader in &readers {
                            let words = tapis_core::Words::new(lang, &names, reader);
                            check(&NurMut::describe_event(event, &words), lang, Kind::Event, reader);
                        }
                    }
                }
                step += 1;
            }
        }
    }
    println!("{texts} texts checked; event kinds seen: {kinds:?}");
    assert_eq!(kinds.len(), 11, "every event kind came up: {kinds:?}");
}

#[test]
fn search_playouts_lay_a_card_that_fits_before_anything_else() {
    let request = MatchRequest { players: 4, seed: 3, dealer: None, options: Map::new(), deal: None };
    let m = Match::<NurMut>::new(&request).unwrap();
    let mut rng = GameRng::seed_from_u64(5);
    let parse = |list: &[&str]| list.iter().map(|a| NurMut::parse_action(a).unwrap()).collect::<Vec<_>>();
    let mut pick = |list: &[&str]| m.state().playout_action(Seat(0), &parse(list), &mut rng).to_string();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        seen.insert(pick(&["play 1", "play 3", "tuck", "pass", "courage"]));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["play 1", "play 3"], "every pile that fits, nothing else");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        seen.insert(pick(&["tuck", "pass", "courage"]));
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["courage", "pass", "tuck"], "with no card to lay, any action");
}

#[test]
fn counters_count_what_the_events_tell() {
    use tapis_core::Counters;
    let request = MatchRequest { players: 4, seed: 21, ..MatchRequest::default() };
    let (counts, events) = tapis_core::counters::check_counting::<NurMut>(&request, 100_000);
    let keys: Vec<&str> = NurMut::COUNTERS.iter().map(|c| c.key).collect();
    assert_eq!(keys, ["courage", "courage_failed", "cards_taken", "tucks", "passes", "jokers_covered"]);
    let flips = events.iter().filter(|e| matches!(e, Event::Flipped { .. })).count() as u64;
    let taken: Vec<u64> = events
        .iter()
        .filter_map(|e| if let Event::PileTaken { cards, .. } = e { Some(*cards as u64) } else { None })
        .collect();
    let tucks = events.iter().filter(|e| matches!(e, Event::Tucked { .. })).count() as u64;
    let passes = events.iter().filter(|e| matches!(e, Event::Passed { .. })).count() as u64;
    let covers = events.iter().filter(|e| matches!(e, Event::Covered { .. })).count() as u64;
    assert!(flips > 0 && !taken.is_empty() && tucks > 0 && passes > 0, "a random match has them all: {counts:?}");
    assert_eq!(&counts.0[..6], &[flips, taken.len() as u64, taken.iter().sum(), tucks, passes, covers], "{counts:?}");
}

/// Perft: the number of legal-action sequences from fixed deals, stored in `tests/perft.txt`
/// (`TAPIS_BLESS=1` writes them again after a deliberate change of the rules).
#[test]
fn perft_counts_from_fixed_deals() {
    kit::assert_perft::<NurMut>(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.txt"));
}

/// The golden records (`tests/records/`, `tapis_core::kit::golden`): whole matches played by the
/// heuristic bots that must replay exactly, from their chance outcomes and from their seed alone.
/// `TAPIS_BLESS=1` plays them again and writes them, for a deliberate change of the rules.
#[test]
fn golden_records_replay_exactly() {
    let matches = [
        GoldenMatch { name: "four_players", players: 4, seed: 1, options: json!({}) },
        GoldenMatch { name: "seven_players", players: 7, seed: 2, options: json!({"max_players": 7}) },
        GoldenMatch {
            name: "courage_variants",
            players: 3,
            seed: 3,
            options: json!({"courage_joker_bonus": true, "forced_action": "play_or_courage", "cover_face": "flipped"}),
        },
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let steps = golden::assert_golden_records::<NurMut>(&dir, &matches, |request| {
        tapis_bots::recorded_match::<NurMut>(request, request.seed ^ 0x60_1DE7)
    });
    assert!(steps > 40 * matches.len(), "{steps} steps");
}
