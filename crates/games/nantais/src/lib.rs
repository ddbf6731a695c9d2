//! # Le 8 Nantais
//!
//! A family's house version of the French « 8 américain » (Crazy Eights), for 2 to 7 players with
//! one pack of 54 cards (52 + 2 Jokers), 2 to 10 with two packs (`decks = 2`). The rulebook is
//! `rules/nantais.md`; the source page lost the texts of the special cards, so **the six special
//! cards below are reconstructions** (§2.4), each with its variant switch.
//!
//! ## The rules in brief
//!
//! Seven cards each; the stock's top card starts the discard (a Joker — or, by default, any special
//! card — goes back under the stock). From the left of the dealer, clockwise, each player must lay
//! a card matching the top card's suit or rank (an 8 or a Joker goes on anything); after it he may
//! chain **séries** (same rank, any suit) and **suites** (same suit, next rank up; 2 … 10, J, Q, K,
//! A, no wrap), mixed without limit, then `end`. Only the **terminal block** (the last run of
//! same-rank cards) takes effect, cumulating inside:
//!
//! * **Ace**: skip the next player per Ace (2 players: you play again).
//! * **Jack**: an odd number reverses the direction (2 players: nothing; variant: skip).
//! * **8**: name a suit (`suit H`). **King**: demand a rank (`rank 5`), valid until satisfied
//!   (an 8 or a Joker also answers it by default).
//! * **7**: the next player draws 2 per 7 unless he adds 7s (`play 7S`); whoever takes the chain
//!   (`draw`) draws the whole total and loses his turn. **Joker**: the same with 4 per Joker
//!   (variant 5), and its player names a suit.
//! * **Queen** (optional Dame rule): one exchange of cards with any player per Queen.
//!
//! A player who cannot play draws one card (`draw`); he may lay it at once if it fits (`play`, then
//! chain on) or keep it (`pass`); a drawn card that does not fit ends his turn by itself. When the
//! stock is empty the discard but its top card is shuffled into a new one; with nothing to draw a
//! stuck player passes, and a full cycle of such turns blocks the round (fewest cards wins, then
//! fewest penalty points). A player down to one card announces `unique`; until the next player's
//! first action, anyone else may call `contre <seat>` on a silent one, who draws 2. The first to
//! empty his hand wins the round; the match goes to the first to win `rounds_to_win` rounds (or,
//! with `scoring = penalty_points`, to the lowest total once someone reaches `penalty_limit`).
//!
//! Action verbs (NOTATION.md): `play <card>`, `end`, `suit <S|H|D|C>`, `rank <2..A>`, `draw`, `pass`,
//! `unique`, `contre <seat>`, `swap <seat> <card>`, `noswap`, and for the Dame variants `ask <card>`
//! (`named`: the card wanted) and `give <card>` (`target_chooses`: the card the target gives back).
//!
//! A view holds every public fact (top card and the whole discard, constraint in force, pending
//! draw, direction, whose turn and in which phase, hand sizes, stock size, announcements, scores),
//! the seat's own hand, the card it has just drawn, the card it is offering in a Dame exchange, and
//! the cards it knows other seats hold from Dame exchanges.
//!
//! ## Decisions where the rulebook is silent
//!
//! * **Players**: one pack 2–7 (7 × 7 + a starter leaves a stock), two packs 2–10.
//! * **Hand-made deals** may give hands of any size (at least one card each, a non-empty
//!   discard), like a position of a round in progress; the top card has no effect (a Joker on top:
//!   anything may follow). A seat dealt a single card has an open UNIQUE window from the start.
//!   The starter rule (redraw) applies to random deals only. If every stock card is special, the
//!   first suited one starts, without effect.
//! * **Chains**: a chain is answered with chain-rank cards only, then séries of that rank only
//!   (E11). Every 8, Joker or King block ends with its naming; a Joker block answering a chain names
//!   a suit too. After a chain is taken, play resumes on the top card as it stands.
//! * **`joker_names_suit = false`**: any card may follow a Joker.
//! * **`play_after_penalty`**: after drawing the penalty the player may lay a fitting card (and
//!   chain on) or `pass`; if nothing fits his turn ends by itself. He never draws a second time.
//! * **`voluntary_draw`**: `draw` is offered whenever a card can be drawn; only the drawn card may
//!   then be played.
//! * **Passing**: with no fitting card and nothing to draw (stock empty, discard = its top card) the
//!   only action is `pass`. A penalty that finds no card to draw is taken as far as it can be.
//! * **A King demand** ends with the first card laid after it (a wild included); it persists over
//!   turns where nobody lays a card. A King may demand any rank, Kings included.
//! * **Jacks with 2 players, `jack_two_players = skip`**: an odd number of Jacks skips the opponent
//!   once (an even number cancels out, as reversals do).
//! * **UNIQUE window**: it opens when a player's hand drops to one card (also in the middle of his
//!   turn: he may announce before chaining on) and closes at the first *turn* action taken after
//!   his turn is over — `unique` and `contre` never close it, and a Dame target's `give` belongs to
//!   the turn in progress. If the next turn is his own again (two players and an Ace), his own first
//!   action closes it. It is a race from the first moment: a player who drops to one card in the
//!   middle of his turn may be caught before he announces. The player whose turn it is has
//!   `unique` among his turn's legal actions (he is in `waiting_for` for his turn, not for the
//!   announcement); every other seat's `contre` is a reaction (in `actors`, not in
//!   `waiting_for`). A CONTRE makes the offender draw 2 (as many as can be drawn). `auto_unique`
//!   announces by itself and removes the window.
//! * **Dame**: `noswap` declines all the exchanges the Queens still allow. In `named` mode the
//!   player first chooses the card he gives (`swap <seat> <card>`), then names the card he wants
//!   (`ask <card>`, any card of the pack): the exchange happens only if the target holds it, and the
//!   card asked is heard by the whole table. In `target_chooses` mode the target picks the card he
//!   gives back (`give <card>`) before seeing the one he receives. A card a seat gave away, took, or
//!   heard asked for stays in its knowledge until it is played, traded, or becomes uncertain (an
//!   exchange it did not see); negative knowledge (the target does not hold the card asked) is not
//!   kept. At most 48 such facts are held at a time (they are cleared each round); beyond that new
//!   ones are not recorded.
//! * **`forbid_special_finish`**: a player may not lay a special card (7, 8, Jack, King, Ace,
//!   Joker, and the Queen under the Dame rule) as his last card.
//! * **Blocked round**: if fewest cards and fewest penalty points still tie, the round is shared.
//! * **Scores** (`scores()`): rounds won by default; with `scoring = penalty_points`, minus the
//!   penalty points, so that higher is always better. Rounds are won in the match with
//!   `rounds_to_win`; several seats reaching it together (a shared blocked round) share the match.
//! * **Penalty tables**: `french` (Joker 50, 8 = 32, Ace 20, figures 10, others face value) and
//!   `crazy_eights` (8 = 50, figures 10, Ace 1, others face value; the Joker, absent from that
//!   table, is 50).
//! * **Combinations** (`combos`, house variants for the lost section, none by default):
//!   `king_eight` — a King may be followed by an 8 and an 8 by a King; ending on the pair demands
//!   one exact card (suit from the 8, then rank from the King); `seven_joker` — same as
//!   `mixed_stacking`; `carre` — a final série of four or more of a kind makes the player play
//!   again; `ace_jack` — an Ace may be followed by a Jack and a Jack by an Ace, and ending on the pair
//!   applies both (reverse, then skip).
//! * `table_mode_errors` (§2.8, « Erreur ») is left out: illegal declarations cannot be made here,
//!   so the penalty could never fire; it would only mean something in a free-table mode.
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim nantais --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **91.2%** of the matches (95% interval
//! 90.3–92.1%), where a random bot in the same seat wins 24.5%
//! (23.2–25.9%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
mod bot;
pub mod cards;
mod dame;
mod legal;
pub mod options;
mod rules;
mod state;
mod text;
mod view;

pub use action::Action;
pub use options::Options;
pub use state::{ChainKind, Constraint, Nantais, Pending, Phase, Table};
pub use view::View;

use cards::*;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, BySeat, EventSink, Game, GameRng, Lang, OptionSpec, Seat, SeatSet, Setup, SetupError,
};

/// Why a player draws a penalty.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyReason {
    Sevens,
    Jokers,
    Contre,
}

/// What happened, as every seat may know it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    RoundDealt {
        round: u32,
        dealer: Seat,
        starter: FrenchCard,
    },
    Played {
        seat: Seat,
        card: FrenchCard,
    },
    /// A card drawn by a player unable (or choosing not) to play; `cards` is 0 or 1.
    Drew {
        seat: Seat,
        cards: u32,
    },
    Penalty {
        seat: Seat,
        cards: u32,
        reason: PenaltyReason,
    },
    Reshuffled {
        cards: u32,
    },
    SuitNamed {
        seat: Seat,
        suit: char,
    },
    RankDemanded {
        seat: Seat,
        rank: char,
    },
    CardDemanded {
        seat: Seat,
        card: FrenchCard,
    },
    Passed {
        seat: Seat,
    },
    Skipped {
        seat: Seat,
    },
    Reversed {
        clockwise: bool,
    },
    Unique {
        seat: Seat,
        automatic: bool,
    },
    Contre {
        seat: Seat,
        against: Seat,
    },
    SwapOffered {
        seat: Seat,
        target: Seat,
    },
    Swapped {
        seat: Seat,
        target: Seat,
        asked: Option<FrenchCard>,
    },
    AskFailed {
        seat: Seat,
        target: Seat,
        asked: FrenchCard,
    },
    SwapDeclined {
        seat: Seat,
    },
    RoundWon {
        round: u32,
        winners: SeatSet,
        blocked: bool,
        round_scores: BySeat<i64>,
        scores: BySeat<i64>,
    },
    MatchWon {
        winners: SeatSet,
    },
}

/// A hand-made first round (NOTATION.md): stock top first, discard bottom first.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hands: Vec<Vec<FrenchCard>>,
    #[serde(default)]
    pub stock: Vec<FrenchCard>,
    pub discard: Vec<FrenchCard>,
}

fn check_deal(deal: &Deal, players: usize, decks: u8) -> Result<(), SetupError> {
    let bad = |m: String| Err(SetupError::BadDeal(m));
    if deal.hands.len() != players {
        return bad(format!("the deal has {} hands for {players} players", deal.hands.len()));
    }
    if let Some(seat) = deal.hands.iter().position(Vec::is_empty) {
        return bad(format!("hand {seat} is empty: every hand holds at least one card"));
    }
    if deal.discard.is_empty() {
        return bad("the discard is empty: it needs its face-up top card".into());
    }
    let mut counts = [0i32; KINDS];
    for c in full_deck_kinds(decks) {
        counts[c.index()] += 1;
    }
    for c in deal.hands.iter().flatten().chain(&deal.stock).chain(&deal.discard) {
        counts[c.index()] -= 1;
    }
    let list = |sign: i32| -> Vec<String> {
        (0..KINDS).flat_map(|i| std::iter::repeat_n(card(i).to_string(), (counts[i] * sign).max(0) as usize)).collect()
    };
    let (missing, extra) = (list(1), list(-1));
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", missing.join(" ")));
    }
    if !extra.is_empty() {
        parts.push(format!("extra {}", extra.join(" ")));
    }
    bad(format!(
        "the deal must hold exactly the {} cards of {} pack{} of 54: {}",
        54 * decks as usize,
        decks,
        if decks == 1 { "" } else { "s" },
        parts.join("; ")
    ))
}

fn full_deck_kinds(decks: u8) -> impl Iterator<Item = FrenchCard> {
    state::full_deck(decks).into_iter()
}

impl Game for Nantais {
    const ID: &'static str = "nantais";
    const NAME: &'static str = "Le 8 Nantais";

    type Action = Action;
    type Options = Options;
    type Deal = Deal;
    type View = View;
    type Event = Event;

    fn option_specs() -> &'static [OptionSpec] {
        options::OPTION_SPECS
    }

    fn players_range(options: &Options) -> RangeInclusive<usize> {
        if options.decks == 2 { 2..=10 } else { 2..=7 }
    }

    fn check_options(options: &Options) -> Result<(), SetupError> {
        if !matches!(options.decks, 1 | 2) {
            return Err(SetupError::BadOption(format!("option 'decks' cannot be {}: it takes 1, 2", options.decks)));
        }
        if !matches!(options.joker_draw, 4 | 5) {
            return Err(SetupError::BadOption(format!(
                "option 'joker_draw' cannot be {}: it takes 4, 5",
                options.joker_draw
            )));
        }
        if options.rounds_to_win == 0 || options.penalty_limit == 0 {
            return Err(SetupError::BadOption("rounds_to_win and penalty_limit are at least 1".into()));
        }
        Ok(())
    }

    fn new_match(setup: Setup<Options, Deal>) -> Result<Self, SetupError> {
        let options = setup.options;
        Self::check_options(&options)?;
        let players = setup.players;
        let range = Self::players_range(&options);
        if !range.contains(&players) {
            return Err(SetupError::BadSetup(format!(
                "Le 8 Nantais with {} pack{} is played by {} to {} players, not {players}",
                options.decks,
                if options.decks == 1 { "" } else { "s" },
                range.start(),
                range.end()
            )));
        }
        let dealer = setup.first_dealer();
        if dealer.index() >= players {
            return Err(SetupError::BadSetup(format!("dealer {dealer} is not a seat of a {players}-player table")));
        }
        let mut state = Nantais {
            options,
            players: players as u8,
            table: Table {
                round: 1,
                dealer,
                turn: dealer.left(1, players),
                clockwise: true,
                phase: Phase::Start,
                constraint: Constraint::Free,
                pending: None,
                block: Default::default(),
                previous_block: Default::default(),
                answered_chain: false,
                played_this_turn: 0,
                drew_this_turn: false,
                idle_turns: 0,
                effects: Default::default(),
                unique_window: SeatSet::EMPTY,
                window_armed: false,
                announced: SeatSet::EMPTY,
                rounds_won: BySeat::new(players),
                penalty_points: BySeat::new(players),
                winners: SeatSet::EMPTY,
            },
            hands: Default::default(),
            stock: Default::default(),
            discard: Default::default(),
            drawn: None,
            offered: None,
            known: Default::default(),
            rng: GameRng::seed_from_u64(setup.seed),
        };
        match &setup.deal {
            Some(deal) => {
                check_deal(deal, players, options.decks)?;
                state.install_deal(&deal.hands, &deal.stock, &deal.discard, &mut ());
            }
            None => state.deal_round(&mut ()),
        }
        Ok(state)
    }

    fn players(&self) -> usize {
        self.seat_count()
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn actors(&self) -> SeatSet {
        self.actor_set()
    }

    fn waiting_for(&self) -> SeatSet {
        self.waiting()
    }

    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        self.legal(seat, out);
    }

    fn step<E: EventSink<Event>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        self.apply_action(seat, action, events);
    }

    /// The default check, with a precise reason instead of the whole legal list (refusals are
    /// frequent in simulations: this keeps them cheap).
    fn check_legal(&self, seat: Seat, action: Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::Illegal("the match is over".into()));
        }
        if seat.index() >= self.seat_count() {
            return Err(ActionError::Illegal(format!("there is no seat {seat} at a table of {}", self.players)));
        }
        if self.is_legal(seat, action) {
            return Ok(());
        }
        Err(ActionError::Illegal(self.why_illegal(seat, action)))
    }

    fn parse_action(text: &str) -> Result<Action, ActionError> {
        action::parse(text)
    }

    fn is_over(&self) -> bool {
        self.table.phase == Phase::Over
    }

    fn winners(&self) -> SeatSet {
        self.table.winners
    }

    fn round(&self) -> u32 {
        self.table.round
    }

    fn scores(&self) -> BySeat<i64> {
        self.match_scores()
    }

    fn score_bounds(&self) -> (i64, i64) {
        match self.options.scoring {
            options::Scoring::Rounds => (0, self.options.rounds_to_win as i64),
            options::Scoring::PenaltyPoints => {
                let crazy = self.options.crazy_eights_table();
                let pack: u32 = state::full_deck(self.options.decks).iter().map(|&c| penalty_points(c, crazy)).sum();
                (-((self.options.penalty_limit - 1 + pack) as i64), 0)
            }
        }
    }

    fn cards_left(&self) -> BySeat<u32> {
        BySeat::from_fn(self.seat_count(), |s| self.hand(s).len() as u32)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        Nantais::from_view(view, rng)
    }

    fn census(&self) -> Vec<u32> {
        let mut counts = vec![0; KINDS];
        for hand in &self.hands[..self.seat_count()] {
            hand.add_counts(&mut counts);
        }
        for c in self.stock.iter().chain(&self.discard) {
            counts[c.index()] += 1;
        }
        counts
    }

    fn deck_census(&self) -> Vec<u32> {
        let mut counts = vec![0; KINDS];
        for c in state::full_deck(self.options.decks) {
            counts[c.index()] += 1;
        }
        counts
    }

    fn action_universe(&self) -> Vec<Action> {
        let cards = || (0..KINDS).map(card);
        let mut all: Vec<Action> = cards().map(Action::Play).collect();
        all.push(Action::End);
        all.extend(Suit::ALL.map(Action::Suit));
        all.extend(Rank::ALL.map(Action::Rank));
        all.extend([Action::Draw, Action::Pass, Action::Unique]);
        all.extend(Seat::all(self.seat_count()).map(Action::Contre));
        if self.options.queen_swap {
            for seat in Seat::all(self.seat_count()) {
                all.extend(cards().map(|c| Action::Swap(seat, c)));
            }
            all.push(Action::NoSwap);
            match self.options.queen_swap_mode {
                options::QueenSwapMode::Named => all.extend(cards().map(Action::Ask)),
                options::QueenSwapMode::TargetChooses => all.extend(cards().map(Action::Give)),
                options::QueenSwapMode::Blind => {}
            }
        }
        all
    }

    fn rules_text(lang: Lang) -> &'static str {
        text::rules_text(lang)
    }

    fn render_view(view: &View, lang: Lang) -> String {
        text::render_view(view, lang)
    }

    fn describe_action(action: Action, lang: Lang) -> String {
        text::describe_action(action, lang)
    }

    fn describe_event(event: &Event, lang: Lang) -> String {
        text::describe_event(event, lang)
    }

    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Option<Action> {
        bot::choose(view, legal, rng)
    }
}
