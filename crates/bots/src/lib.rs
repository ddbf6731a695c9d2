//! Bots and simulations, generic over [`tapis_core::Game`]: a bot sees only its seat's view and
//! legal actions, never the state.
//!
//! **Races.** When several seats may act at once (a reaction window, a simultaneous phase), each
//! bot says whether it wants to act and what; one of the willing seats, drawn with the match's
//! driver generator, is applied first, and the others are asked again on the new position. This
//! is the fair reading of "the first valid action received wins" when nobody is faster by design.

pub mod arena;
pub mod ismcts;
pub mod ladder;
pub mod learned;
pub mod progress;
pub mod review;
pub mod sim;
pub mod stats;

use rayon::prelude::*;
use serde_json::{Map, Value};
use tapis_core::rng::{game_seed, salt};
use tapis_core::{Encoding, EventSink, Game, GameRng, Heuristic, MatchRequest, Seat, SeatSet};
use tapis_core::{Match, Record};

/// The bots the project has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BotKind {
    /// Uniform among legal actions; in a reaction window it lets the window pass half the time.
    Random,
    /// The legal action of lowest id ([`Encoding::action_id`]), always (it acts in every window
    /// it may): a Python policy taking the first legal id, the floor a heuristic must clearly
    /// beat.
    FirstLegal,
    /// The game's own rule-of-thumb player.
    Heuristic,
    /// The game's committed policy network ([`learned`]); the heuristic at a table it was not
    /// trained for.
    Learned,
    /// Information-set Monte Carlo tree search with this many iterations per decision, keeping
    /// the heuristic's move unless the search clearly beats it.
    Ismcts(u32),
    /// The same search keeping the learned policy's move instead ([`learned`]).
    IsmctsLearned(u32),
}

/// Iterations of `ismcts` when no budget is given.
pub const DEFAULT_ISMCTS_ITERATIONS: u32 = 1000;

/// The difficulty levels offered to people in `tapis play`. Budgets are iterations, not time, so
/// a seed replays the same match on any machine; the hard budget keeps every decision of every
/// game under one second on a 2-core machine (`tapis bench --level hard` measures it).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    /// The game's heuristic player: plays sensibly, never looks ahead.
    Easy,
    /// ISMCTS with 1,000 iterations per decision.
    Medium,
    /// ISMCTS with [`HARD_ISMCTS_ITERATIONS`] iterations per decision.
    Hard,
}

/// Iterations per decision of the hard level.
pub const HARD_ISMCTS_ITERATIONS: u32 = 5000;

impl Level {
    /// The level a bot plays at: the heuristic's and the random bot's are the easy one, a search
    /// below the hard budget the medium one. Tables pace a bot's reactions by its level.
    pub fn of(kind: BotKind) -> Level {
        match kind {
            BotKind::Random | BotKind::FirstLegal | BotKind::Heuristic | BotKind::Learned => Level::Easy,
            BotKind::Ismcts(n) | BotKind::IsmctsLearned(n) if n < HARD_ISMCTS_ITERATIONS => Level::Medium,
            BotKind::Ismcts(_) | BotKind::IsmctsLearned(_) => Level::Hard,
        }
    }

    /// How well the level plays, in French and in English: « facile » / "easy", « moyen » /
    /// "medium", « difficile » / "hard".
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Level::Easy => ("facile", "easy"),
            Level::Medium => ("moyen", "medium"),
            Level::Hard => ("difficile", "hard"),
        }
    }

    pub fn bot(self) -> BotKind {
        match self {
            Level::Easy => BotKind::Heuristic,
            Level::Medium => BotKind::Ismcts(DEFAULT_ISMCTS_ITERATIONS),
            Level::Hard => BotKind::Ismcts(HARD_ISMCTS_ITERATIONS),
        }
    }
}

impl BotKind {
    pub const NAMES: &'static str =
        "random, first-legal, heuristic, learned, ismcts[:iterations], ismcts-learned[:iterations]";

    pub fn parse(name: &str) -> Result<BotKind, String> {
        let name = name.trim().to_ascii_lowercase();
        let (base, budget) = match name.split_once(':') {
            Some((base, budget)) => (base, Some(budget)),
            None => (name.as_str(), None),
        };
        let search = |make: fn(u32) -> BotKind| match budget.map(str::parse::<u32>) {
            None => Ok(make(DEFAULT_ISMCTS_ITERATIONS)),
            Some(Ok(n)) if n > 0 => Ok(make(n)),
            Some(_) => Err(format!("'{name}': {base} takes a positive number of iterations, as in {base}:1000")),
        };
        match (base, budget) {
            ("random", None) => Ok(BotKind::Random),
            ("first-legal", None) => Ok(BotKind::FirstLegal),
            ("heuristic", None) => Ok(BotKind::Heuristic),
            ("learned", None) => Ok(BotKind::Learned),
            ("ismcts", _) => search(BotKind::Ismcts),
            ("ismcts-learned", _) => search(BotKind::IsmctsLearned),
            _ => Err(format!("unknown bot '{name}'; the bots are: {}", BotKind::NAMES)),
        }
    }

    pub fn name(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::FirstLegal => "first-legal".into(),
            BotKind::Heuristic => "heuristic".into(),
            BotKind::Learned => "learned".into(),
            BotKind::Ismcts(n) => format!("ismcts:{n}"),
            BotKind::IsmctsLearned(n) => format!("ismcts-learned:{n}"),
        }
    }

    /// The same bot with another effort (ISMCTS iterations); other bots ignore it.
    pub fn with_budget(self, budget: Option<u32>) -> BotKind {
        match (self, budget) {
            (BotKind::Ismcts(_), Some(n)) if n > 0 => BotKind::Ismcts(n),
            (BotKind::IsmctsLearned(_), Some(n)) if n > 0 => BotKind::IsmctsLearned(n),
            _ => self,
        }
    }

    /// Whether this bot can play `G` at this table, or why not: the learned bots need a policy
    /// trained for it ([`learned::check`]).
    pub fn check<G: Encoding>(self, players: usize, options: &G::Options) -> Result<(), tapis_core::Text> {
        match self {
            BotKind::Learned | BotKind::IsmctsLearned(_) => learned::check::<G>(players, options),
            _ => Ok(()),
        }
    }

    /// Reads `random,heuristic,...`: one name for every seat, or one per seat.
    pub fn parse_list(text: &str, players: usize) -> Result<Vec<BotKind>, String> {
        let kinds = text.split(',').map(BotKind::parse).collect::<Result<Vec<_>, _>>()?;
        match kinds.len() {
            1 => Ok(vec![kinds[0]; players]),
            n if n == players => Ok(kinds),
            n => Err(format!("{n} bots given for {players} seats: give one name, or one per seat")),
        }
    }

    /// What this bot plays for the seat whose view `view` builds (only bots that read a view
    /// build it: a random bot needs none, which keeps simulations at the engine's speed). `None`
    /// lets a reaction window pass, and is only returned when `must_act` is false.
    pub fn decide<G: Heuristic + Encoding>(
        self,
        seat: Seat,
        view: impl FnOnce() -> G::View,
        legal: &[G::Action],
        must_act: bool,
        rng: &mut GameRng,
    ) -> Option<G::Action> {
        debug_assert!(!legal.is_empty());
        let choice = match self {
            BotKind::Random if !must_act && rng.coin() => None,
            BotKind::Random => Some(legal[rng.index(legal.len())]),
            BotKind::FirstLegal => {
                // The lowest action id, as a Python policy taking the first legal id plays.
                let view = view();
                let (players, options) = G::view_table(&view);
                legal.iter().min_by_key(|&&a| G::action_id(players, options, a)).copied()
            }
            BotKind::Heuristic => G::heuristic_action(&view(), legal, rng),
            BotKind::Learned => {
                let view = view();
                learned::choose::<G>(&view, legal, !must_act).unwrap_or_else(|| G::heuristic_action(&view, legal, rng))
            }
            BotKind::Ismcts(_) | BotKind::IsmctsLearned(_) if legal.len() == 1 && must_act => Some(legal[0]),
            BotKind::Ismcts(iterations) | BotKind::IsmctsLearned(iterations) => {
                let view = view();
                let learned = match self {
                    BotKind::IsmctsLearned(_) => learned::choose::<G>(&view, legal, !must_act),
                    _ => None,
                };
                let default = learned.unwrap_or_else(|| G::heuristic_action(&view, legal, rng));
                let found = ismcts::search::<G>(&view, seat, Some(default), iterations, rng, &|| false);
                match found.action {
                    Some(action) if !legal.contains(&action) => {
                        // The search plays from the view, with every action of the seat; a caller
                        // that offers only some (a table pacing a turn apart from its reactions)
                        // gets the most searched of those, else the heuristic's.
                        let offered = found.root.iter().filter(|e| e.action.is_some_and(|a| legal.contains(&a)));
                        offered.max_by_key(|e| e.visits).map_or(default, |e| e.action)
                    }
                    chosen => chosen,
                }
            }
        };
        match choice {
            // A bot that would abstain where it must act plays its first legal action instead.
            None if must_act => Some(legal[0]),
            // A bot that answers something illegal is overruled the same way.
            Some(action) if !legal.contains(&action) => Some(legal[0]),
            other => other,
        }
    }
}

/// A match of bots still running after this many decisions is stopped and scored as a draw
/// shared by every seat. Bots can fall into an exchange that never ends (in Battle GUM, two
/// players handing the pile back and forth with 13s and replaying the same cards), and the rules
/// have no limit of their own; the longest finished matches measured are under 8,000 decisions
/// (Le Nain Jaune, 4 players, 4,000 matches).
pub const MAX_DECISIONS: u64 = 30_000;

/// Plays `state` on with `bots` until it is over or [`MAX_DECISIONS`] decisions were made in all;
/// returns the number of decisions.
pub fn play_out<G: Heuristic + Encoding>(state: &mut G, bots: &[BotKind], rng: &mut GameRng) -> u64 {
    play_out_with(state, bots, rng, &mut ())
}

/// [`play_out`], telling `events` what happens (a [`tapis_core::Counting`] sink counts it).
pub fn play_out_with<G: Heuristic + Encoding, E: EventSink<G::Event, G::Chance>>(
    state: &mut G,
    bots: &[BotKind],
    rng: &mut GameRng,
    events: &mut E,
) -> u64 {
    let mut decisions = 0;
    while decisions < MAX_DECISIONS {
        let Some((seat, action)) = next_move(state, bots, rng) else { break };
        state.step(seat, action, events);
        decisions += 1;
    }
    decisions
}

/// A whole match of `request` played through its record by the game's heuristic bot at every
/// seat, decisions and races drawn from `seed` (at most [`MAX_DECISIONS`]): what a game's golden
/// records are ([`tapis_core::kit::golden`]).
pub fn recorded_match<G: Heuristic + Encoding>(request: &MatchRequest, seed: u64) -> Record {
    let mut played = Match::<G>::new(request).expect("a valid request");
    let bots = vec![BotKind::Heuristic; request.players];
    let mut rng = GameRng::seed_from_u64(seed);
    for _ in 0..MAX_DECISIONS {
        let Some((seat, action)) = next_move(played.state(), &bots, &mut rng) else { break };
        played.act_parsed(seat, action).expect("a bot chooses a legal action");
    }
    played.record().clone()
}

/// Matches played in parallel before they are added up in order.
const CHUNK: u64 = 4096;

/// Plays `count` items in parallel, a chunk at a time, and hands them to `consume` in order.
pub(crate) fn in_order<T: Send>(count: u64, play: impl Fn(u64) -> T + Sync, mut consume: impl FnMut(T)) {
    let mut start = 0;
    while start < count {
        let end = start.saturating_add(CHUNK).min(count);
        let played: Vec<T> = (start..end).into_par_iter().map(&play).collect();
        played.into_iter().for_each(&mut consume);
        start = end;
    }
}

/// Each seat's win credit in units of 1/[`sim::SHARE_UNIT`]: shared equally by the winners, or by
/// every seat when the match was stopped unfinished.
pub fn win_credit<G: Game>(state: &G) -> tapis_core::BySeat<u64> {
    let players = state.players();
    let sharing = if state.is_over() { state.winners() } else { SeatSet::all(players) };
    tapis_core::BySeat::from_fn(players, |seat| {
        if sharing.contains(seat) { sim::SHARE_UNIT / sharing.len() as u64 } else { 0 }
    })
}

/// The next action of a match played by `bots` (one per seat), with races drawn from `rng`.
/// `None` when the match is over.
pub fn next_move<G: Heuristic + Encoding>(state: &G, bots: &[BotKind], rng: &mut GameRng) -> Option<(Seat, G::Action)> {
    next_move_among(state, bots, SeatSet::all(state.players()), rng)
}

/// [`next_move`] with only the bots of `seats` playing (the others are people, asked elsewhere).
/// `None` when the match is over or none of those bots wants to act now.
pub fn next_move_among<G: Heuristic + Encoding>(
    state: &G,
    bots: &[BotKind],
    seats: SeatSet,
    rng: &mut GameRng,
) -> Option<(Seat, G::Action)> {
    let decide = |seat: Seat, legal: &[G::Action], must_act: bool, rng: &mut GameRng| {
        seats
            .contains(seat)
            .then(|| bots[seat.index()].decide::<G>(seat, || state.view(Some(seat)), legal, must_act, rng))
    };
    tapis_core::race::among_willing(state, decide, rng)
}

/// Plays `games` seeded matches with the game's heuristic bot in one seat (rotating: match `i`
/// puts it in seat `i % players`) and uniform random players elsewhere; returns how many matches
/// the heuristic seat won (a shared win counts). Races: every actor says whether it wants to act
/// (a random player in a reaction window lets it pass half the time); one of the willing seats,
/// drawn at random, acts first. Each game's tests measure its heuristic's strength with it.
pub fn heuristic_vs_random<G: Heuristic>(players: usize, options: &Map<String, Value>, games: u64, seed: u64) -> u64 {
    let mut wins = 0;
    for index in 0..games {
        let hero = Seat((index % players as u64) as u8);
        let match_seed = game_seed(seed, index);
        let request = MatchRequest { players, seed: match_seed, dealer: None, options: options.clone(), deal: None };
        let mut state = Match::<G>::new(&request).expect("setup").state().clone();
        let mut rng = GameRng::seed_from_u64(match_seed ^ salt::HEURISTIC_VS_RANDOM);
        while !state.is_over() {
            let decide = |seat: Seat, legal: &[G::Action], must_act: bool, coins: &mut GameRng| {
                let choice = if seat == hero {
                    let choice = G::heuristic_action(&state.view(Some(seat)), legal, coins);
                    assert!(choice.is_some() || !must_act, "the heuristic of seat {seat} abstained where it must act");
                    choice
                } else if must_act || coins.coin() {
                    Some(legal[coins.index(legal.len())])
                } else {
                    None
                };
                Some(choice)
            };
            let (seat, action) = tapis_core::race::among_willing(&state, decide, &mut rng).expect("someone acts");
            state.apply(seat, action).expect("bots choose legal actions");
        }
        if state.winners().contains(hero) {
            wins += 1;
        }
    }
    wins
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lists_read_one_or_one_per_seat() {
        assert_eq!(BotKind::parse_list("heuristic", 3).unwrap(), vec![BotKind::Heuristic; 3]);
        assert_eq!(BotKind::parse_list("random, Heuristic", 2).unwrap(), vec![BotKind::Random, BotKind::Heuristic]);
        assert_eq!(
            BotKind::parse_list("random,random", 3).unwrap_err(),
            "2 bots given for 3 seats: give one name, or one per seat"
        );
        assert_eq!(
            BotKind::parse("mcts").unwrap_err(),
            "unknown bot 'mcts'; the bots are: random, first-legal, heuristic, learned, ismcts[:iterations], \
             ismcts-learned[:iterations]"
        );
        assert_eq!(BotKind::parse("ismcts:250").unwrap(), BotKind::Ismcts(250));
        assert!(BotKind::parse("ismcts:0").is_err());
        assert_eq!(BotKind::parse("ismcts-learned:300").unwrap(), BotKind::IsmctsLearned(300));
        assert_eq!(BotKind::parse("First-Legal").unwrap(), BotKind::FirstLegal);
        assert!(BotKind::parse("learned:5").is_err());
        for kind in [BotKind::FirstLegal, BotKind::Learned, BotKind::Ismcts(7), BotKind::IsmctsLearned(9)] {
            assert_eq!(BotKind::parse(&kind.name()).unwrap(), kind);
        }
    }

    #[test]
    fn levels_grow_from_the_heuristic_to_the_deepest_search() {
        assert_eq!(Level::Easy.bot(), BotKind::Heuristic);
        assert_eq!(Level::Medium.bot(), BotKind::Ismcts(1000));
        assert_eq!(Level::Hard.bot(), BotKind::Ismcts(HARD_ISMCTS_ITERATIONS));
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(Level::of(level.bot()), level);
        }
        assert_eq!(Level::of(BotKind::Random), Level::Easy);
        assert_eq!(Level::of(BotKind::Ismcts(200)), Level::Medium);
        assert_eq!(Level::of(BotKind::Ismcts(20_000)), Level::Hard);
        const { assert!(HARD_ISMCTS_ITERATIONS > DEFAULT_ISMCTS_ITERATIONS) };
    }
}
