//! The state machine, step for step OpenSpiel 2.0.2's `CrazyEightsState`: the same counters with
//! the same updates in the same order, because the edge cases (when a pass counts towards the end,
//! when a draw is still allowed, what an exhausted stock does to pending 2s) live in that order.

use crate::action::Action;
use crate::cards::{self, CardId, DRAW_TWO, EIGHT, NUM_CARDS, REVERSE, SKIP};
use crate::options::{Options, Scoring};
use crate::view::View;
use crate::{Chance, Deal};
use crate::{action, options};
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, Audience, BySeat, Conformance, EventSink, FrenchCard, Game, GameEvent, GameRng, MAX_SEATS,
    OnceOrTwice, OptionSpec, Seat, SeatSet, Setup, SetupError, Suit,
};

/// What happened. Most events are public; a seat alone is told the cards it was dealt and the
/// cards it drew, while the others learn only how many (see [`GameEvent`] below).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Chance chose the dealer and the cards were dealt.
    Dealt {
        dealer: Seat,
        cards_each: u32,
    },
    /// The hand `seat` was dealt, in OpenSpiel's card order (to that seat alone).
    DealtHand {
        seat: Seat,
        cards: Vec<FrenchCard>,
    },
    /// The first card turned face up (after `redrawn` 8s went back into the stock).
    Starter {
        card: FrenchCard,
        redrawn: u32,
    },
    Played {
        seat: Seat,
        card: FrenchCard,
    },
    Nominated {
        seat: Seat,
        suit: Suit,
    },
    /// `seat` drew `cards` cards (told to every other seat and the spectators).
    Drew {
        seat: Seat,
        cards: u32,
    },
    /// The cards `seat` just drew, in OpenSpiel's card order (to that seat alone: the twin of
    /// the others' [`Event::Drew`]).
    DrewCards {
        seat: Seat,
        cards: Vec<FrenchCard>,
    },
    Passed {
        seat: Seat,
    },
    /// The discard pile under the top card became the stock.
    Reshuffled {
        cards: u32,
    },
    /// The match is over; `returns` are OpenSpiel's returns, scored from the hands left.
    Over {
        returns: BySeat<i64>,
    },
}

impl GameEvent for Event {
    fn audience(&self) -> Audience {
        match *self {
            Event::DealtHand { seat, .. } | Event::DrewCards { seat, .. } => Audience::Only(seat),
            Event::Drew { seat, .. } => Audience::AllBut(seat),
            _ => Audience::Everyone,
        }
    }

    /// Chance shows cards when a hand is dealt, a card drawn or the starter turned; the end
    /// shows what was left in every hand through the returns it scores.
    fn reveals(&self) -> bool {
        matches!(self, Event::DealtHand { .. } | Event::DrewCards { .. } | Event::Starter { .. } | Event::Over { .. })
    }
}

/// Why an action is refused, the rule it breaks with the facts its sentence needs (worded in
/// `text.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// An 8 was just played: its player names the suit to follow before anything else.
    NameTheSuit,
    /// A suit is named only right after playing an 8.
    NoEightPlayed,
    NotInHand(FrenchCard),
    /// 2s were played and `cards` cards are owed: only a 2 answers them, or drawing them all.
    TwosPending {
        cards: u32,
    },
    /// The card is of neither the suit to follow nor the top card's rank, and it is no 8.
    NoMatch {
        suit: Suit,
        top: FrenchCard,
    },
    StockEmpty,
    /// The turn's `max` draws are done (`max_draw_cards`).
    DrawLimit {
        max: u32,
    },
    /// Passing comes after drawing `max` cards in the turn, or with an empty stock.
    DrawBeforePassing {
        max: u32,
    },
}

/// What a card left in a hand costs at the end (see [`Scoring`]).
const fn penalty(scoring: Scoring, id: CardId) -> i64 {
    let rank = cards::rank_of(id);
    if rank == EIGHT {
        50
    } else if rank >= 9 {
        10
    } else {
        match scoring {
            Scoring::Openspiel => id as i64 + 2,
            Scoring::FaceValue => rank as i64 + 2,
        }
    }
}

const fn penalty_table(scoring: Scoring) -> [i64; NUM_CARDS] {
    let mut table = [0; NUM_CARDS];
    let mut id = 0;
    while id < NUM_CARDS {
        table[id] = penalty(scoring, id as CardId);
        id += 1;
    }
    table
}

/// [`penalty`] looked up when the match is scored, where each card's branches would cost more
/// than the sum.
static PENALTY_OPENSPIEL: [i64; NUM_CARDS] = penalty_table(Scoring::Openspiel);
static PENALTY_FACE_VALUE: [i64; NUM_CARDS] = penalty_table(Scoring::FaceValue);

/// The whole match (a single deal, as in OpenSpiel).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CrazyEights {
    pub(crate) options: Options,
    pub(crate) players: u8,
    pub(crate) decks: u8,
    pub(crate) dealer: Seat,
    pub(crate) current: Seat,
    pub(crate) over: bool,
    pub(crate) hands: [OnceOrTwice; MAX_SEATS],
    pub(crate) stock: OnceOrTwice,
    /// The discard pile under the top card.
    pub(crate) discard: OnceOrTwice,
    pub(crate) last_card: CardId,
    /// The suit to follow (the top card's, or the one named after an 8).
    pub(crate) last_suit: u8,
    /// The player who just played an 8 must name a suit.
    pub(crate) nominate: bool,
    /// +1 in seat order, -1 after an odd number of Aces (special cards).
    pub(crate) direction: i8,
    pub(crate) can_pass: bool,
    /// Consecutive passes with an empty stock; `players + 1` of them end the match.
    pub(crate) passes: u32,
    /// Cards the next player must draw from pending 2s.
    pub(crate) twos_left: u32,
    /// Cards the current player drew this turn (not counting 2s).
    pub(crate) draws_before_play: u32,
    /// Cards played so far, all players together (`max_turns` caps it).
    pub(crate) plays: u32,
    pub(crate) returns: BySeat<i64>,
    /// Chance events as OpenSpiel counts them: the dealer choice, each dealt card, each card
    /// turned for the starter, each card drawn.
    pub(crate) chance_events: u32,
    pub(crate) decisions: u32,
    pub(crate) rng: GameRng,
    /// Forced chance outcomes (a replayed OpenSpiel game), consumed from `script_at`; empty in
    /// every other match, so the state holds no heap memory in play or simulation.
    pub(crate) script: Vec<FrenchCard>,
    pub(crate) script_at: u32,
}

impl CrazyEights {
    #[inline]
    pub(crate) fn next_seat(&self, seat: Seat, steps: i32) -> Seat {
        let n = i32::from(self.players);
        // Play moves one or two seats either way, so a single wrap suffices; this runs on every
        // turn and every dealt card, where a division would cost more than the rest of the move.
        let mut next = i32::from(seat.0) + steps;
        if next >= n {
            next -= n;
        } else if next < 0 {
            next += n;
        }
        if !(0..n).contains(&next) {
            next = next.rem_euclid(n.max(1));
        }
        Seat(next as u8)
    }

    /// One card from the stock, a chance point of `events`: the next scripted card while the
    /// script agrees with the stock, else a uniformly random copy (OpenSpiel's chance outcome
    /// probabilities are the copies' counts over the stock size).
    pub(crate) fn chance_card<E: EventSink<Event, Chance>>(&mut self, events: &mut E) -> CardId {
        self.chance_events += 1;
        let id = self.next_card();
        let in_stock = |&Chance::Draw(card): &Chance| self.in_stock(card);
        match events.chance(|| Chance::Draw(cards::id_to_card(id)), in_stock) {
            Some(Chance::Draw(card)) => cards::card_to_id(card).unwrap_or(id),
            None => id,
        }
    }

    fn in_stock(&self, card: FrenchCard) -> bool {
        cards::card_to_id(card).is_some_and(|id| self.stock.count(id) > 0)
    }

    /// The next card chance gives: scripted, or drawn from the generator.
    fn next_card(&mut self) -> CardId {
        if (self.script_at as usize) < self.script.len() {
            let card = self.script[self.script_at as usize];
            self.script_at += 1;
            if let Some(id) = cards::card_to_id(card).filter(|&id| self.stock.count(id) > 0) {
                return id;
            }
            // A script that no longer matches the stock is cut at the card that failed (no
            // allocation): chance goes on from the rng, and `scripted_chance` shows the cut.
            self.script_at -= 1;
            self.script.truncate(self.script_at as usize);
        }
        let n = self.rng.below(u64::from(self.stock.len())) as u32;
        self.stock.nth_copy(n).unwrap_or(0)
    }

    /// OpenSpiel's `Reshuffle`: everything in no hand and not on top goes back to the stock.
    fn reshuffle<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        self.stock.merge(self.discard);
        self.discard = OnceOrTwice::EMPTY;
        let cards = self.stock.len();
        events.emit(|| Event::Reshuffled { cards });
    }

    /// A chance draw into the current player's hand, with OpenSpiel's reshuffle on exhaustion.
    fn draw_one<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        // Legal play never draws from an empty stock; an unchecked illegal draw does nothing.
        if self.stock.is_empty() {
            return;
        }
        let id = self.chance_card(events);
        self.stock.remove(id);
        self.hands[self.current.index()].add(id);
        if self.stock.is_empty() && self.options.reshuffle {
            self.reshuffle(events);
        }
    }

    pub(crate) fn penalty(&self, id: CardId) -> i64 {
        penalty(self.options.scoring, id)
    }

    /// The most one seat can be charged: every card of the deck in its hand.
    pub(crate) fn max_penalty(&self) -> i64 {
        let one_deck: i64 = (0..NUM_CARDS as u8).map(|id| self.penalty(id)).sum();
        one_deck * i64::from(self.decks)
    }

    fn score_up(&mut self) {
        let table = match self.options.scoring {
            Scoring::Openspiel => &PENALTY_OPENSPIEL,
            Scoring::FaceValue => &PENALTY_FACE_VALUE,
        };
        // Each word of a hand separately: a card held twice is charged twice.
        let charge = |mut bits: u64| {
            let mut total = 0;
            while bits != 0 {
                total += table.get(bits.trailing_zeros() as usize).copied().unwrap_or(0);
                bits &= bits - 1;
            }
            total
        };
        for seat in 0..self.players as usize {
            let hand = self.hands[seat];
            let total = charge(hand.once) + charge(hand.twice);
            self.returns.as_mut_slice()[seat] -= total;
        }
        self.over = true;
    }

    pub(crate) fn finish<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        self.score_up();
        let returns = self.returns;
        events.emit(|| Event::Over { returns });
    }

    /// The legal actions of the current player, in OpenSpiel's order (ascending action id).
    pub(crate) fn legal(&self, out: &mut ActionList<Action>) {
        out.clear();
        if self.over {
            return;
        }
        if self.nominate {
            for suit in 0..4 {
                out.push(Action::Suit(cards::suit_from_os(suit)));
            }
            return;
        }
        let hand = self.hands[self.current.index()];
        let stock_empty = self.stock.is_empty();
        let playable = if self.twos_left > 0 {
            hand.once & cards::rank_mask(DRAW_TWO)
        } else {
            hand.once
                & (cards::suit_mask(self.last_suit)
                    | cards::rank_mask(cards::rank_of(self.last_card))
                    | cards::rank_mask(EIGHT))
        };
        let mut bits = playable;
        while bits != 0 {
            let id = (bits.trailing_zeros() & 63) as CardId;
            bits &= bits - 1;
            out.push(Action::Play(cards::id_to_card(id)));
        }
        let draw = if self.twos_left > 0 {
            true
        } else {
            !stock_empty && self.draws_before_play != self.options.max_draw_cards
        };
        if draw {
            out.push(Action::Draw);
        }
        if self.can_pass || stock_empty {
            out.push(Action::Pass);
        }
    }

    /// Why the current player may not take `action`, which [`CrazyEights::legal`] does not list.
    pub(crate) fn why_illegal(&self, action: Action) -> Illegal {
        let hand = self.hands[self.current.index()];
        match action {
            _ if self.nominate => Illegal::NameTheSuit,
            Action::Suit(_) => Illegal::NoEightPlayed,
            Action::Play(card) if !cards::card_to_id(card).is_some_and(|id| hand.contains(id)) => {
                Illegal::NotInHand(card)
            }
            Action::Play(_) | Action::Pass if self.twos_left > 0 => Illegal::TwosPending { cards: self.twos_left },
            Action::Play(_) => {
                Illegal::NoMatch { suit: cards::suit_from_os(self.last_suit), top: cards::id_to_card(self.last_card) }
            }
            Action::Draw if self.stock.is_empty() => Illegal::StockEmpty,
            Action::Draw => Illegal::DrawLimit { max: self.options.max_draw_cards },
            Action::Pass => Illegal::DrawBeforePassing { max: self.options.max_draw_cards },
        }
    }

    pub(crate) fn apply<E: EventSink<Event, Chance>>(&mut self, action: Action, events: &mut E) {
        self.decisions += 1;
        let seat = self.current;
        let direction = i32::from(self.direction);
        match action {
            Action::Pass => {
                events.emit(|| Event::Passed { seat });
                if self.stock.is_empty() {
                    self.passes += 1;
                } else {
                    self.passes = 0;
                }
                if self.passes == u32::from(self.players) + 1 {
                    self.finish(events);
                    return;
                }
                if self.draws_before_play == self.options.max_draw_cards {
                    self.draws_before_play = 0;
                }
                self.current = self.next_seat(seat, direction);
                if !self.stock.is_empty() {
                    self.can_pass = false;
                }
            }
            Action::Draw => {
                self.passes = 0;
                // What the hand held before, so that the drawer can be told what came in (read
                // without a bounds check, so that the fast path, which never tells, drops it).
                let before = self.hands.get(seat.index()).copied().unwrap_or_default();
                if self.twos_left > 0 {
                    // Drawing for pending 2s takes them all, one chance event per card.
                    let mut drawn = 0;
                    loop {
                        self.draw_one(events);
                        drawn += 1;
                        if self.stock.is_empty() {
                            self.can_pass = true;
                        }
                        self.twos_left -= 1;
                        if self.stock.is_empty() {
                            // OpenSpiel: an exhausted stock cancels the rest of the debt, and
                            // counts as a pass when it ran out on the very last card owed.
                            if self.twos_left == 0 {
                                self.passes += 1;
                            }
                            self.twos_left = 0;
                        }
                        if self.twos_left == 0 {
                            break;
                        }
                    }
                    events.emit(|| Event::Drew { seat, cards: drawn });
                    events.emit(|| Event::DrewCards {
                        seat,
                        cards: cards::cards_of(self.hands[seat.index()].minus(before)),
                    });
                    self.current = self.next_seat(seat, direction);
                } else {
                    self.draw_one(events);
                    events.emit(|| Event::Drew { seat, cards: 1 });
                    events.emit(|| Event::DrewCards {
                        seat,
                        cards: cards::cards_of(self.hands[seat.index()].minus(before)),
                    });
                    if self.stock.is_empty() {
                        self.can_pass = true;
                    }
                    self.draws_before_play += 1;
                    if self.stock.is_empty() {
                        self.draws_before_play = self.options.max_draw_cards;
                    }
                    if self.draws_before_play == self.options.max_draw_cards {
                        self.can_pass = true;
                    }
                }
            }
            Action::Suit(suit) => {
                self.passes = 0;
                self.last_suit = cards::suit_to_os(suit);
                self.nominate = false;
                events.emit(|| Event::Nominated { seat, suit });
                self.current = self.next_seat(seat, direction);
            }
            Action::Play(card) => {
                let Some(id) = cards::card_to_id(card) else { return };
                self.passes = 0;
                self.plays += 1;
                self.can_pass = false;
                self.draws_before_play = 0;
                let hand = &mut self.hands[seat.index()];
                hand.remove(id);
                let all_played = hand.is_empty();
                events.emit(|| Event::Played { seat, card });
                self.discard.add(self.last_card);
                self.last_card = id;
                self.last_suit = cards::suit_of(id);
                if all_played || self.plays >= self.options.max_turns {
                    self.finish(events);
                    return;
                }
                if self.stock.is_empty() && self.options.reshuffle {
                    self.reshuffle(events);
                }
                let rank = cards::rank_of(id);
                if rank == EIGHT {
                    self.nominate = true;
                    return;
                }
                let steps = if self.options.use_special_cards {
                    match rank {
                        SKIP => 2 * direction,
                        REVERSE => {
                            self.direction = -self.direction;
                            -direction
                        }
                        DRAW_TWO => {
                            // OpenSpiel: with no stock left the 2 is an ordinary card.
                            if !self.stock.is_empty() {
                                self.twos_left += 2;
                            }
                            direction
                        }
                        _ => direction,
                    }
                } else {
                    direction
                };
                self.current = self.next_seat(seat, steps);
            }
        }
    }

    pub(crate) fn actors(&self) -> SeatSet {
        if self.over { SeatSet::EMPTY } else { SeatSet::single(self.current) }
    }

    /// Seats with the highest return once the match is over.
    pub(crate) fn winners(&self) -> SeatSet {
        let mut winners = SeatSet::EMPTY;
        if !self.over {
            return winners;
        }
        let best = self.returns.iter().copied().max().unwrap_or(0);
        for (seat, &r) in self.returns.seats() {
            if r == best {
                winners.insert(seat);
            }
        }
        winners
    }
}

impl Game for CrazyEights {
    const ID: &'static str = "crazyeights";
    const NAME: &'static str = "Crazy Eights (OpenSpiel)";
    const RULES_VERSION: u32 = crate::RULES_VERSION;

    type Action = Action;
    type Options = Options;
    type Deal = Deal;
    type View = View;
    type Event = Event;
    type Chance = Chance;
    type Illegal = Illegal;

    fn option_specs() -> &'static [OptionSpec] {
        options::OPTION_SPECS
    }

    fn players_range(_options: &Options) -> RangeInclusive<usize> {
        2..=MAX_SEATS
    }

    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, events: &mut E) -> Result<Self, SetupError> {
        CrazyEights::set_up(setup, events)
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    /// Chance draws the dealer (OpenSpiel's rule); a match is a single deal, so its dealer is
    /// the first round's.
    fn default_dealer(&self) -> Seat {
        self.dealer
    }

    fn deal_dealer(deal: &Deal) -> Option<Seat> {
        Some(deal.dealer)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn actors(&self) -> SeatSet {
        CrazyEights::actors(self)
    }

    fn waiting_for(&self) -> SeatSet {
        CrazyEights::actors(self)
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        out.clear();
        if !self.over && seat == self.current {
            self.legal(out);
        }
    }

    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        if self.over || seat != self.current {
            return;
        }
        self.apply(action, events);
    }

    fn why_illegal(&self, _seat: Seat, action: Action) -> Option<Illegal> {
        Some(CrazyEights::why_illegal(self, action))
    }

    fn parse_action(text: &str) -> Result<Action, ActionError> {
        action::parse_action(text)
    }

    fn is_over(&self) -> bool {
        self.over
    }

    fn winners(&self) -> SeatSet {
        CrazyEights::winners(self)
    }

    fn round(&self) -> u32 {
        1
    }

    fn scores(&self) -> BySeat<i64> {
        self.returns
    }

    fn score_bounds(&self) -> (i64, i64) {
        (-self.max_penalty(), 0)
    }

    fn cards_left(&self) -> BySeat<u32> {
        BySeat::from_fn(self.players as usize, |s| self.hands[s.index()].len())
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        CrazyEights::from_view(view, rng)
    }
}

impl Conformance for CrazyEights {
    fn census(&self) -> Vec<u32> {
        let mut count = vec![0u32; cards::NUM_CARDS];
        let piles = self.hands[..self.players as usize].iter().chain([&self.stock, &self.discard]);
        for pile in piles {
            for id in pile.copies() {
                count[id as usize] += 1;
            }
        }
        count[self.last_card as usize] += 1;
        count
    }

    fn deck_census(&self) -> Vec<u32> {
        vec![u32::from(self.decks); cards::NUM_CARDS]
    }

    fn action_universe(&self) -> Vec<Action> {
        let mut all: Vec<Action> = (0..cards::NUM_CARDS as u8).map(|id| Action::Play(cards::id_to_card(id))).collect();
        all.extend([Action::Draw, Action::Pass]);
        all.extend(tapis_core::Suit::ALL.map(Action::Suit));
        all
    }
}
