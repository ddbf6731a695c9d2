//! The state machine of §2.5–§2.9 in motion: playing, drawing, the terminal block's effects,
//! chains, demands, UNIQUE / CONTRE UNIQUE, the end of a turn, rounds and match.

use crate::cards::*;
use crate::options::{Combos, JackTwoPlayers, Scoring, Starter};
use crate::state::*;
use crate::{Action, Chance, Event};
use crate::{Deal, Options, View, action, check_deal, options, state};
use arrayvec::ArrayVec;
use serde_json::{Map, Value};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, BySeat, Conformance, EventSink, Game, GameRng, MAX_SEATS, OptionSpec, Seat, SeatSet,
    Setup, SetupError,
};

impl Nantais {
    // ----- acting -----

    pub fn apply_action<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, ev: &mut E) {
        match action {
            Action::Unique => {
                self.table.announced.insert(seat);
                self.table.unique_window.remove(seat);
                ev.emit(|| Event::Unique { seat, automatic: false });
                return;
            }
            Action::Contre(offender) => {
                self.table.unique_window.remove(offender);
                ev.emit(|| Event::Contre { seat, against: offender });
                let drawn = self.draw_cards(offender, 2, ev);
                Self::tell_penalty(offender, &drawn, crate::PenaltyReason::Contre, ev);
                return;
            }
            _ => {}
        }
        // Any turn action after the offender's turn is over is "the next player's first action":
        // the UNIQUE window closes before it takes effect.
        if self.table.window_armed {
            self.table.unique_window = SeatSet::EMPTY;
            self.table.window_armed = false;
        }
        match action {
            Action::Play(card) => self.play(seat, card, ev),
            Action::End => self.finish_turn(ev),
            Action::Suit(suit) => {
                ev.emit(|| Event::SuitNamed { seat, suit });
                let effects = &mut self.table.effects;
                effects.name_suit = false;
                effects.named_suit = Some(suit);
                if !effects.exact {
                    self.table.constraint = Constraint::Suit { suit };
                }
                self.resolve(ev);
            }
            Action::Rank(rank) => {
                let effects = &mut self.table.effects;
                effects.name_rank = false;
                match (effects.exact, effects.named_suit) {
                    (true, Some(suit)) => {
                        let card = FrenchCard::new(rank, suit);
                        self.table.constraint = Constraint::Exact { card };
                        ev.emit(|| Event::CardDemanded { seat, card });
                    }
                    _ => {
                        self.table.constraint = Constraint::Rank { rank };
                        ev.emit(|| Event::RankDemanded { seat, rank });
                    }
                }
                self.resolve(ev);
            }
            Action::Draw => self.draw(seat, ev),
            Action::Pass => {
                ev.emit(|| Event::Passed { seat });
                self.advance(ev);
            }
            Action::Swap(target, card) => self.swap(seat, target, card, ev),
            Action::NoSwap => {
                self.table.effects.swaps = 0;
                ev.emit(|| Event::SwapDeclined { seat });
                self.resolve(ev);
            }
            Action::Ask(wanted) => self.ask(seat, wanted, ev),
            Action::Give(card) => self.give_back(seat, card, ev),
            Action::Unique | Action::Contre(_) => {}
        }
    }

    /// Moves cards from the stock to a hand, reshuffling the discard (all but its top card) when
    /// the stock runs out; returns the cards that could be drawn, in order.
    fn draw_cards<E: EventSink<Event, Chance>>(
        &mut self,
        seat: Seat,
        count: u32,
        ev: &mut E,
    ) -> ArrayVec<FrenchCard, MAX_CARDS> {
        let mut drawn = ArrayVec::new();
        for _ in 0..count {
            match self.draw_one(ev) {
                Some(card) => {
                    self.hands[seat.index()].add(card);
                    drawn.push(card);
                }
                None => break,
            }
        }
        if !drawn.is_empty() {
            self.hand_changed(seat);
            // Cards moved (a CONTRE's included): the table is not blocked this turn.
            self.table.drew_this_turn = true;
        }
        drawn
    }

    /// The table is told how many penalty cards `seat` drew; `seat` alone which.
    fn tell_penalty<E: EventSink<Event, Chance>>(
        seat: Seat,
        drawn: &[FrenchCard],
        reason: crate::PenaltyReason,
        ev: &mut E,
    ) {
        let cards = drawn.len() as u32;
        ev.emit(|| Event::Penalty { seat, cards, reason });
        if !drawn.is_empty() {
            ev.emit(|| Event::PenaltyCards { seat, cards: drawn.to_vec(), reason });
        }
    }

    fn draw_one<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) -> Option<FrenchCard> {
        if self.stock.is_empty() {
            let top = self.discard.pop()?;
            if self.discard.is_empty() {
                self.discard.push(top);
                return None;
            }
            self.stock.extend(self.discard.drain(..));
            self.discard.push(top);
            self.rng.shuffle(&mut self.stock);
            let stock_now = || Chance::Stock(self.stock.iter().rev().copied().collect());
            let same_cards = |c: &Chance| matches!(c, Chance::Stock(s) if tapis_core::check_deck(self.stock.iter().copied(), s.iter().copied()).is_ok());
            if let Some(Chance::Stock(top_first)) = ev.chance(stock_now, same_cards) {
                self.stock = top_first.iter().rev().copied().collect();
            }
            let cards = self.stock.len() as u32;
            ev.emit(|| Event::Reshuffled { cards });
        }
        self.stock.pop()
    }

    /// Keeps the UNIQUE bookkeeping true to the hand size.
    pub(crate) fn hand_changed(&mut self, seat: Seat) {
        if self.hand(seat).len() != 1 {
            self.table.announced.remove(seat);
            self.table.unique_window.remove(seat);
        }
    }

    fn play<E: EventSink<Event, Chance>>(&mut self, seat: Seat, card: FrenchCard, ev: &mut E) {
        let phase = self.table.phase;
        if phase == Phase::Start && self.table.pending.is_some() {
            self.table.answered_chain = true;
        }
        self.drawn = None;
        self.hands[seat.index()].remove(card);
        self.forget_played(seat, card);
        self.discard.push(card);
        ev.emit(|| Event::Played { seat, card });
        let key = rank_key(card);
        if self.table.played_this_turn > 0 && self.table.block.key == key {
            self.table.block.len += 1;
        } else {
            self.table.previous_block = self.table.block;
            self.table.block = Block { key, len: 1 };
        }
        self.table.played_this_turn = self.table.played_this_turn.saturating_add(1);
        let left = self.hand(seat).len();
        if left == 0 {
            self.end_round(SeatSet::single(seat), false, ev);
            return;
        }
        if left == 1 {
            if self.options.auto_unique {
                self.table.announced.insert(seat);
                ev.emit(|| Event::Unique { seat, automatic: true });
            } else {
                self.table.announced.remove(seat);
                self.table.unique_window.insert(seat);
                self.table.window_armed = false;
            }
        } else {
            self.hand_changed(seat);
        }
        // The chain step is offered whenever the rules let a card follow, not only when this
        // hand holds one: otherwise the table would learn that it does (see the module docs).
        if self.follow_mask(seat) != 0 {
            self.table.phase = Phase::Chain;
        } else {
            self.finish_turn(ev);
        }
    }

    fn draw<E: EventSink<Event, Chance>>(&mut self, seat: Seat, ev: &mut E) {
        if let Some(pending) = self.table.pending.take() {
            let drawn = self.draw_cards(seat, pending.cards as u32, ev);
            let reason = match pending.kind {
                ChainKind::Seven => crate::PenaltyReason::Sevens,
                ChainKind::Joker => crate::PenaltyReason::Jokers,
            };
            Self::tell_penalty(seat, &drawn, reason, ev);
            // Offered whatever the hand holds, so that the step tells the table nothing.
            if self.options.play_after_penalty {
                self.table.phase = Phase::AfterPenalty;
            } else {
                self.advance(ev);
            }
            return;
        }
        let Some(card) = self.draw_one(ev) else {
            ev.emit(|| Event::Drew { seat, cards: 0 });
            self.advance(ev);
            return;
        };
        self.hands[seat.index()].add(card);
        self.hand_changed(seat);
        self.table.drew_this_turn = true;
        ev.emit(|| Event::Drew { seat, cards: 1 });
        ev.emit(|| Event::DrewCard { seat, card });
        // The drawn step is offered whether the card fits or not (`pass` keeps it), so that the
        // table does not learn which it is.
        self.drawn = Some(card);
        self.table.phase = Phase::Drawn;
    }

    /// The turn's cards are down: the terminal block (and, with a house combination, the block
    /// before it) takes effect; everything before it is covered and inert.
    fn finish_turn<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let Some(&top) = self.discard.last() else { return };
        self.table.constraint = Constraint::Top { card: top };
        let mut effects = Effects::default();
        let block = self.table.block;
        let previous = self.table.previous_block;
        self.apply_block(block, &mut effects);
        if previous.len > 0 && self.combined(block.key, previous.key) {
            self.apply_block(previous, &mut effects);
            effects.exact = effects.name_suit && effects.name_rank;
        }
        if self.options.combos.has(Combos::CARRE) && block.len >= 4 && block.key != JOKER_KEY {
            effects.replay = true;
        }
        self.table.effects = effects;
        self.resolve(ev);
    }

    /// Two adjacent blocks that a house combination merges (King + 8, Ace + Jack).
    fn combined(&self, a: u8, b: u8) -> bool {
        let pair = |x: u8, y: u8| (a == x && b == y) || (a == y && b == x);
        let combos = self.options.combos;
        (combos.has(Combos::KING_EIGHT) && pair(KING, EIGHT)) || (combos.has(Combos::ACE_JACK) && pair(ACE, JACK))
    }

    fn apply_block(&mut self, block: Block, effects: &mut Effects) {
        let len = block.len;
        match block.key {
            SEVEN => self.add_pending(ChainKind::Seven, 2 * len as u16),
            JOKER_KEY => {
                self.add_pending(ChainKind::Joker, self.options.joker_draw as u16 * len as u16);
                if self.options.joker_names_suit {
                    effects.name_suit = true;
                } else {
                    self.table.constraint = Constraint::Free;
                }
            }
            EIGHT => effects.name_suit = true,
            KING => effects.name_rank = true,
            QUEEN if self.options.queen_swap => effects.swaps = len,
            ACE => effects.skips = len,
            JACK if len % 2 == 1 => {
                if self.players > 2 {
                    effects.reverse = true;
                } else if self.options.jack_two_players == JackTwoPlayers::Skip {
                    effects.skips = 1;
                }
            }
            _ => {}
        }
    }

    fn add_pending(&mut self, kind: ChainKind, cards: u16) {
        let before = self.table.pending.map_or(0, |p| p.cards);
        self.table.pending = Some(Pending { kind, cards: before + cards });
    }

    /// The next decision of the turn's end, or the next turn.
    pub(crate) fn resolve<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let effects = self.table.effects;
        self.table.phase = if effects.name_suit {
            Phase::NameSuit
        } else if effects.name_rank {
            Phase::NameRank
        } else if effects.swaps > 0 {
            Phase::Swap
        } else {
            self.advance(ev);
            return;
        };
    }

    /// Ends the turn: direction, skips, then the next player's turn (or a blocked round).
    fn advance<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let t = &mut self.table;
        let idle = t.played_this_turn == 0 && !t.drew_this_turn;
        t.idle_turns = if idle { t.idle_turns.saturating_add(1) } else { 0 };
        let effects = std::mem::take(&mut t.effects);
        if effects.reverse {
            t.clockwise = !t.clockwise;
            let clockwise = t.clockwise;
            ev.emit(|| Event::Reversed { clockwise });
        }
        let me = t.turn;
        let next = if effects.replay {
            me
        } else if self.players == 2 {
            // With two players any number of skips gives the turn back once (§2.4).
            if effects.skips > 0 {
                ev.emit(|| Event::Skipped { seat: me.left(1, 2) });
                me
            } else {
                me.left(1, 2)
            }
        } else {
            for k in 1..=effects.skips as usize {
                let skipped = self.next_seat(me, k);
                ev.emit(|| Event::Skipped { seat: skipped });
            }
            self.next_seat(me, 1 + effects.skips as usize)
        };
        self.drawn = None;
        self.offered = None;
        let t = &mut self.table;
        t.turn = next;
        t.phase = Phase::Start;
        t.block = Block::default();
        t.previous_block = Block::default();
        t.answered_chain = false;
        t.played_this_turn = 0;
        t.drew_this_turn = false;
        t.window_armed = !t.unique_window.is_empty();
        if t.idle_turns as usize >= self.seat_count() {
            self.blocked_round(ev);
        }
    }

    /// A full cycle without a card played or drawn: fewest cards wins, then fewest penalty
    /// points; a tie left after that is a shared win.
    fn blocked_round<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let seats = Seat::all(self.seat_count());
        let fewest = seats.clone().map(|s| self.hand(s).len()).min().unwrap_or(0);
        let tied: ArrayVec<Seat, MAX_SEATS> = seats.filter(|&s| self.hand(s).len() == fewest).collect();
        let lowest = tied.iter().map(|&s| self.hand_points(s)).min().unwrap_or(0);
        let winners = tied.iter().copied().filter(|&s| self.hand_points(s) == lowest).collect();
        self.end_round(winners, true, ev);
    }

    pub fn hand_points(&self, seat: Seat) -> u32 {
        let crazy = self.options.crazy_eights_table();
        self.hand(seat).cards().map(|c| penalty_points(c, crazy)).sum()
    }

    fn end_round<E: EventSink<Event, Chance>>(&mut self, winners: SeatSet, blocked: bool, ev: &mut E) {
        let n = self.seat_count();
        let mut round_scores = BySeat::<i64>::new(n);
        match self.options.scoring {
            Scoring::Rounds => {
                for w in winners {
                    self.table.rounds_won[w] += 1;
                    round_scores[w] = 1;
                }
            }
            Scoring::PenaltyPoints => {
                for s in Seat::all(n).filter(|&s| !winners.contains(s)) {
                    let points = self.hand_points(s);
                    self.table.penalty_points[s] += points;
                    round_scores[s] = points as i64;
                }
            }
        }
        if blocked || self.options.scoring == Scoring::PenaltyPoints {
            // The round is settled from the cards left: they are shown.
            ev.emit(|| Event::HandsShown { hands: Seat::all(n).map(|s| self.hand(s).cards().collect()).collect() });
        }
        let round = self.table.round;
        let scores = self.match_scores();
        ev.emit(|| Event::RoundWon { round, winners, blocked, round_scores, scores });
        let match_winners: SeatSet = match self.options.scoring {
            Scoring::Rounds => {
                Seat::all(n).filter(|&s| self.table.rounds_won[s] >= self.options.rounds_to_win).collect()
            }
            Scoring::PenaltyPoints => {
                let points = &self.table.penalty_points;
                if points.iter().any(|&p| p >= self.options.penalty_limit) {
                    let lowest = points.iter().copied().min().unwrap_or(0);
                    Seat::all(n).filter(|&s| points[s] == lowest).collect()
                } else {
                    SeatSet::EMPTY
                }
            }
        };
        if match_winners.is_empty() {
            self.table.round += 1;
            self.table.dealer = self.table.dealer.left(1, n);
            self.deal_round(ev);
        } else {
            let t = &mut self.table;
            t.winners = match_winners;
            t.phase = Phase::Over;
            t.pending = None;
            t.unique_window = SeatSet::EMPTY;
            t.window_armed = false;
            t.effects = Effects::default();
            self.drawn = None;
            self.offered = None;
            ev.emit(|| Event::MatchWon { winners: match_winners });
        }
    }

    pub fn match_scores(&self) -> BySeat<i64> {
        match self.options.scoring {
            Scoring::Rounds => self.table.rounds_won.map(|&w| w as i64),
            Scoring::PenaltyPoints => self.table.penalty_points.map(|&p| -(p as i64)),
        }
    }

    /// Resets what a round holds, around hands, stock and discard already in place.
    fn start_round<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let n = self.seat_count();
        let t = &mut self.table;
        t.turn = t.dealer.left(1, n);
        t.clockwise = true;
        t.phase = Phase::Start;
        t.pending = None;
        t.block = Block::default();
        t.previous_block = Block::default();
        t.answered_chain = false;
        t.played_this_turn = 0;
        t.drew_this_turn = false;
        t.idle_turns = 0;
        t.effects = Effects::default();
        t.unique_window = SeatSet::EMPTY;
        t.announced = SeatSet::EMPTY;
        self.drawn = None;
        self.offered = None;
        self.known.clear();
        let top = self.discard.last().copied().unwrap_or(FrenchCard::JOKER);
        self.table.constraint = Constraint::Top { card: top };
        // A hand-made deal may give someone a single card: his window is open from the start.
        for seat in Seat::all(n) {
            if self.hand(seat).len() == 1 {
                if self.options.auto_unique {
                    self.table.announced.insert(seat);
                } else {
                    self.table.unique_window.insert(seat);
                }
            }
        }
        self.table.window_armed = !self.table.unique_window.is_empty();
        let (round, dealer) = (self.table.round, self.table.dealer);
        ev.emit(|| Event::RoundDealt { round, dealer, starter: top });
        for seat in Seat::all(n) {
            ev.emit(|| Event::Dealt { seat, hand: self.hand(seat).cards().collect() });
        }
    }

    /// Deals a round from the match's generator: 7 cards each from the left of the dealer, then
    /// the starter (a Joker, or a special card under `redraw_specials`, goes under the stock).
    pub(crate) fn deal_round<E: EventSink<Event, Chance>>(&mut self, ev: &mut E) {
        let n = self.seat_count();
        let mut deck = full_deck(self.options.decks);
        self.rng.shuffle(&mut deck);
        self.hands = [Hand::default(); MAX_SEATS];
        let first = self.table.dealer.left(1, n);
        for _ in 0..7 {
            for k in 0..n {
                if let Some(card) = deck.pop() {
                    self.hands[first.left(k, n).index()].add(card);
                }
            }
        }
        let redraw = self.options.starter == Starter::RedrawSpecials;
        let special = special_mask(&self.options);
        let mut starter = None;
        for _ in 0..deck.len() {
            let Some(card) = deck.pop() else { break };
            let put_back = card.is_joker() || (redraw && special & bit(card) != 0);
            if put_back {
                deck.insert(0, card);
            } else {
                starter = Some(card);
                break;
            }
        }
        // Every stock card special (a few cards left at a full table): the first suited one starts,
        // without effect.
        let starter = starter.unwrap_or_else(|| {
            let i = deck.iter().rposition(|c| !c.is_joker()).unwrap_or(deck.len() - 1);
            deck.remove(i)
        });
        self.stock = deck;
        self.discard.clear();
        self.discard.push(starter);
        if let Some(Chance::Deal(deal)) = ev.chance(|| Chance::Deal(self.deal_now()), |c| self.could_deal(c)) {
            self.lay_out(&deal);
        }
        self.start_round(ev);
    }

    /// The round as it lies: hands, stock and discard in the deal form.
    fn deal_now(&self) -> Deal {
        Deal {
            hands: Seat::all(self.seat_count()).map(|s| self.hand(s).cards().collect()).collect(),
            stock: self.stock.iter().rev().copied().collect(),
            discard: self.discard.to_vec(),
        }
    }

    /// Whether `outcome` could be the round just dealt: a deal of the same cards, in hands,
    /// stock and discard of the same sizes.
    fn could_deal(&self, outcome: &Chance) -> bool {
        let Chance::Deal(deal) = outcome else { return false };
        deal.hands.len() == self.seat_count()
            && Seat::all(self.seat_count()).all(|s| deal.hands[s.index()].len() == self.hand(s).len())
            && deal.stock.len() == self.stock.len()
            && deal.discard.len() == self.discard.len()
            && check_deal(deal, self.seat_count(), self.options.decks).is_ok()
    }

    /// Lays a deal's cards out (the deal checked), the round's state left to [`Self::start_round`].
    fn lay_out(&mut self, deal: &Deal) {
        self.hands = [Hand::default(); MAX_SEATS];
        for (seat, cards) in deal.hands.iter().enumerate() {
            for &card in cards {
                self.hands[seat].add(card);
            }
        }
        self.stock = deal.stock.iter().rev().copied().collect();
        self.discard = deal.discard.iter().copied().collect();
    }
}

impl Game for Nantais {
    const ID: &'static str = "nantais";
    const NAME: &'static str = "Le 8 Nantais";
    const RULES_VERSION: u32 = crate::RULES_VERSION;

    type Action = Action;
    type Options = Options;
    type Deal = Deal;
    type View = View;
    type Event = Event;
    type Chance = Chance;
    type Illegal = crate::legal::Illegal;

    fn option_specs() -> &'static [OptionSpec] {
        options::OPTION_SPECS
    }

    fn players_range(options: &Options) -> RangeInclusive<usize> {
        if options.decks == 2 { 2..=10 } else { 2..=7 }
    }

    /// `combos` is checked here, with the values it accepts in both languages: core accepts any
    /// value for a custom option, and the serde error of [`Options`] would be English only.
    fn parse_options(given: &Map<String, Value>) -> Result<Options, SetupError> {
        let complete = tapis_core::options::complete_options(Self::option_specs(), given)?;
        options::check_combos(&complete["combos"])?;
        tapis_core::options::parse_options(Self::option_specs(), &complete)
    }

    // Every option holds one value at a time (the specs check them all) and no two options
    // conflict, so the default `check_options` stands. `Match::new` validates the options, the
    // player count and the dealer before calling `new_match`, which checks only what is
    // particular to this game: the deal.
    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, ev: &mut E) -> Result<Self, SetupError> {
        let options = setup.options;
        let players = setup.players;
        let dealer = setup.first_dealer();
        let mut state = Nantais {
            options,
            players: players as u8,
            table: PublicTable {
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
                state.lay_out(deal);
                state.start_round(ev);
            }
            None => state.deal_round(ev),
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

    /// UNIQUE and CONTRE UNIQUE, which the player on turn may say as well: the window they
    /// answer is public (who holds one card, who announced).
    fn is_reaction(action: Action) -> bool {
        matches!(action, Action::Unique | Action::Contre(_))
    }

    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        self.apply_action(seat, action, events);
    }

    /// A precise reason beside the legal list.
    fn why_illegal(&self, seat: Seat, action: Action) -> Option<Self::Illegal> {
        Some(self.reason_illegal(seat, action))
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
}

impl Conformance for Nantais {
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
}
