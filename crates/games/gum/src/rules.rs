//! The match state machine: dealing, the swap phase, turns, powers, refills, the 13
//! give-and-counter chain, the Variante 1/2 burns, the end of a game and of the match.

use crate::action::Action;
use crate::cards::{Card, Counts};
use crate::events::Event;
use crate::options::{DealerRule, Options, TablePlay};
use crate::table::{HAND_SIZE, OrderedCards, Phase, PlayKind, PublicTable, Requirement, TABLE_CARDS, Then};
use crate::view::View;
use crate::{action, options, view};
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionList, BySeat, Conformance, EventSink, Game, GameRng, OptionSpec, Seat, SeatSet, Setup, SetupError, Text,
};

/// Why an action is refused to a seat that may act (worded in `text.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// Only face-down cards are left: one must be turned over.
    FaceDownOnly,
    /// Fewer copies of `card` than laid, `held` in the hand (or among the face-up cards).
    TooFew {
        card: Card,
        held: u8,
        face_up: bool,
    },
    /// The pile asks for another card.
    Requirement(Requirement),
    PileEmpty,
    /// A pick-up while a card can be played.
    MustPlay,
    /// A 13 is countered with 13s or 1s only.
    CounterWith13Or1,
    /// The pile given to its giver.
    GiveToAnother,
    /// The pile given to a seat the table does not have.
    NoSuchSeat(Seat),
    /// The pile given to a seat that has finished.
    OutOfGame(Seat),
}

/// Where a seat's playable cards come from now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Hand,
    FaceUp,
    FaceDown,
}

/// An outcome of chance, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// A game dealt from the shuffled pack: the deal form of NOTATION.md.
    Deal(Deal),
}

/// A hand-made first game (NOTATION.md): lists of 3 cards per seat, the stock top first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub faceup: Vec<Vec<Card>>,
    /// Positions 1, 2, 3 in order.
    pub facedown: Vec<Vec<Card>>,
    #[serde(default)]
    pub stock: Vec<Card>,
}

/// A whole Battle GUM match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Gum {
    pub(crate) table: PublicTable,
    pub(crate) hands: BySeat<Counts>,
    pub(crate) facedown: BySeat<[Option<Card>; TABLE_CARDS]>,
    /// Top card last.
    pub(crate) stock: OrderedCards,
    pub(crate) rng: GameRng,
}

impl Gum {
    /// A new match. `Match::new` has already checked the player count against `max_players`,
    /// the dealer, and every option's value: only the deal is checked here.
    pub fn new<E: EventSink<Event, Chance>>(
        players: usize,
        options: Options,
        dealer: Seat,
        seed: u64,
        deal: Option<&Deal>,
        events: &mut E,
    ) -> Result<Gum, SetupError> {
        let mut gum = Gum {
            table: PublicTable {
                players: players as u8,
                options,
                round: 1,
                dealer,
                phase: Phase::Swap,
                ready: SeatSet::EMPTY,
                pile: OrderedCards::new(),
                last_layer: None,
                completion: None,
                free_turn: false,
                burnt: Counts::EMPTY,
                faceup: BySeat::new(players),
                known: BySeat::new(players),
                finished: ArrayVec::new(),
                scores: BySeat::new(players),
                winners: SeatSet::EMPTY,
            },
            hands: BySeat::new(players),
            facedown: BySeat::new(players),
            stock: OrderedCards::new(),
            rng: GameRng::seed_from_u64(seed),
        };
        match deal {
            Some(deal) => gum.lay_out_deal(deal)?,
            None => gum.deal_random(events),
        }
        Ok(gum)
    }

    fn lay_out_deal(&mut self, deal: &Deal) -> Result<(), SetupError> {
        let n = self.table.players();
        for (name, rows) in [("hands", &deal.hands), ("faceup", &deal.faceup), ("facedown", &deal.facedown)] {
            if rows.len() != n || rows.iter().any(|r| r.len() != TABLE_CARDS) {
                return Err(SetupError::BadDeal(Text::new(
                    format!("« {name} » doit contenir {n} listes d'exactement 3 cartes, une par place"),
                    format!("'{name}' must hold {n} lists of exactly 3 cards, one per seat"),
                )));
            }
        }
        let all = deal.hands.iter().chain(&deal.faceup).chain(&deal.facedown).flatten().chain(&deal.stock);
        tapis_core::check_deck(Card::deck(), all.copied())?;
        for seat in Seat::all(n) {
            self.hands[seat] = Counts::of(deal.hands[seat.index()].iter().copied());
            self.table.faceup[seat] = Counts::of(deal.faceup[seat.index()].iter().copied());
            let row = &deal.facedown[seat.index()];
            self.facedown[seat] = [Some(row[0]), Some(row[1]), Some(row[2])];
        }
        self.stock = deal.stock.iter().rev().copied().collect();
        Ok(())
    }

    /// Deals a game from the match's generator (a chance point of `events`).
    fn deal_random<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        self.shuffle_and_deal();
        if let Some(Chance::Deal(deal)) = events.chance(|| Chance::Deal(self.deal_now()), |c| self.could_deal(c)) {
            self.impose_deal(&deal);
        }
    }

    /// The game as it lies, in the deal form.
    fn deal_now(&self) -> Deal {
        let seats = || Seat::all(self.table.players());
        Deal {
            hands: seats().map(|s| self.hands[s].cards().collect()).collect(),
            faceup: seats().map(|s| self.table.faceup[s].cards().collect()).collect(),
            facedown: seats().map(|s| self.facedown[s].iter().flatten().copied().collect()).collect(),
            stock: self.stock.iter().rev().copied().collect(),
        }
    }

    /// Whether `outcome` could be the game just dealt: the same cards, in rows and a stock of
    /// the same sizes.
    fn could_deal(&self, outcome: &Chance) -> bool {
        let Chance::Deal(deal) = outcome;
        let now = self.deal_now();
        let sizes = |rows: &[Vec<Card>]| rows.iter().map(Vec::len).collect::<Vec<_>>();
        sizes(&deal.hands) == sizes(&now.hands)
            && sizes(&deal.faceup) == sizes(&now.faceup)
            && sizes(&deal.facedown) == sizes(&now.facedown)
            && deal.stock.len() == now.stock.len()
            && tapis_core::check_deck(Card::deck(), Self::deal_cards(deal)).is_ok()
    }

    fn deal_cards(deal: &Deal) -> impl Iterator<Item = Card> + '_ {
        deal.hands.iter().chain(&deal.faceup).chain(&deal.facedown).flatten().chain(&deal.stock).copied()
    }

    /// Lays a game's cards out as `deal` says (it fits: [`Self::could_deal`]).
    fn impose_deal(&mut self, deal: &Deal) {
        for seat in Seat::all(self.table.players()) {
            self.hands[seat] = Counts::of(deal.hands[seat.index()].iter().copied());
            self.table.faceup[seat] = Counts::of(deal.faceup[seat.index()].iter().copied());
            let mut row = deal.facedown[seat.index()].iter().copied();
            self.facedown[seat] = std::array::from_fn(|_| row.next());
        }
        self.stock = deal.stock.iter().rev().copied().collect();
    }

    /// Deals a game from the match's generator, one card at a time from the dealer's left:
    /// face-down row, face-up row, hand; the rest is the stock.
    fn shuffle_and_deal(&mut self) {
        let n = self.table.players();
        let mut deck: OrderedCards = Card::deck().collect();
        self.rng.shuffle(&mut deck);
        let order = |i: usize| self.table.dealer.left(1 + i % n, n);
        for position in 0..TABLE_CARDS {
            for i in 0..n {
                self.facedown[order(i)][position] = deck.pop();
            }
        }
        for zone in 0..2 {
            for i in 0..TABLE_CARDS * n {
                let seat = order(i);
                if let Some(card) = deck.pop() {
                    if zone == 0 { self.table.faceup[seat].add(card, 1) } else { self.hands[seat].add(card, 1) }
                }
            }
        }
        self.stock = deck;
    }

    /// A match from its parts (`determinize` builds one from a view).
    pub(crate) fn from_parts(
        table: PublicTable,
        hands: BySeat<Counts>,
        facedown: BySeat<[Option<Card>; TABLE_CARDS]>,
        stock: OrderedCards,
        rng: GameRng,
    ) -> Gum {
        Gum { table, hands, facedown, stock, rng }
    }

    // ----- queries -----

    pub fn table(&self) -> &PublicTable {
        &self.table
    }

    pub fn hand(&self, seat: Seat) -> &Counts {
        &self.hands[seat]
    }

    pub fn facedown(&self, seat: Seat) -> [Option<Card>; TABLE_CARDS] {
        self.facedown[seat]
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    #[inline]
    fn table_cards(&self, seat: Seat) -> u32 {
        self.table.faceup[seat].total() + self.facedown[seat].iter().flatten().count() as u32
    }

    #[inline]
    pub fn seat_cards_left(&self, seat: Seat) -> u32 {
        self.hands[seat].total() + self.table_cards(seat)
    }

    /// Where `seat` plays from: the hand; with `table_play = shithead` and an empty hand, the
    /// face-up cards, then the face-down ones.
    #[inline]
    pub fn source(&self, seat: Seat) -> Source {
        if self.table.options.table_play == TablePlay::Refill || !self.hands[seat].is_empty() {
            Source::Hand
        } else if !self.table.faceup[seat].is_empty() {
            Source::FaceUp
        } else {
            Source::FaceDown
        }
    }

    /// The cards `seat` may lay now, from where he plays (none when he plays blind).
    #[inline]
    fn playable_cards(&self, seat: Seat) -> Counts {
        match self.source(seat) {
            Source::Hand => self.hands[seat],
            Source::FaceUp => self.table.faceup[seat],
            Source::FaceDown => Counts::EMPTY,
        }
    }

    /// How many `card`s `seat` may lay now from where he plays (none when he plays blind).
    #[inline]
    fn playable(&self, seat: Seat, card: Card) -> u8 {
        self.playable_cards(seat).get(card)
    }

    /// Variante 2: `seat` holds the two missing copies of the pair just played.
    fn may_complete(&self, seat: Seat) -> bool {
        matches!(self.table.completion, Some(card) if self.table.last_layer != Some(seat)
            && !self.table.is_out(seat) && self.playable(seat, card) >= 2)
    }

    /// `ninja_interrupt`: `seat` may throw a Ninja while it is someone else's turn.
    fn may_interrupt(&self, seat: Seat, turn: Seat) -> bool {
        self.table.options.ninja_interrupt
            && seat != turn
            && !self.table.is_out(seat)
            && self.playable(seat, Card::NINJA) > 0
    }

    #[inline(always)]
    pub fn actors(&self) -> SeatSet {
        // No window can open: the actors are the seats waited for (and the caller, who asked
        // for those too, computes them once).
        if self.table.completion.is_none() && !self.table.options.ninja_interrupt {
            return self.waiting_for();
        }
        match self.table.phase {
            Phase::Turn { seat: turn } => {
                let mut actors = SeatSet::single(turn);
                for seat in Seat::all(self.table.players()) {
                    if self.may_complete(seat) || self.may_interrupt(seat, turn) {
                        actors.insert(seat);
                    }
                }
                actors
            }
            // Windows open during turns only.
            _ => self.waiting_for(),
        }
    }

    #[inline(always)]
    pub fn waiting_for(&self) -> SeatSet {
        // The turn player, most of the time, tested on its own: a jump table over the phases
        // mispredicts each time the phase changes.
        if let Phase::Turn { seat } = self.table.phase {
            return SeatSet::single(seat);
        }
        self.waiting_for_outside_turns()
    }

    #[inline(never)]
    fn waiting_for_outside_turns(&self) -> SeatSet {
        match self.table.phase {
            Phase::Swap => SeatSet::all(self.table.players()) - self.table.ready,
            Phase::Over => SeatSet::EMPTY,
            _ => self.table.deciding().map_or(SeatSet::EMPTY, SeatSet::single),
        }
    }

    #[inline(always)]
    pub fn legal_actions(&self, seat: Seat, out: &mut ArrayVec<Action, { tapis_core::MAX_ACTIONS }>) {
        // The turn player's (most decisions of a game) are tested on their own, the rest out of
        // line: a jump table over the phase mispredicts each time it changes.
        let Phase::Turn { seat: turn } = self.table.phase else {
            return self.legal_actions_outside_turns(seat, out);
        };
        if seat != turn || seat.index() >= self.table.players() {
            return self.legal_actions_outside_turns(seat, out);
        }
        let options = &self.table.options;
        let before = out.len();
        let source = self.source(seat);
        match source {
            Source::Hand | Source::FaceUp => {
                let counts = self.playable_cards(seat);
                // The kinds held and allowed, in kind order, each with every count held.
                for card in counts.present().and(self.table.allowed_kinds()) {
                    push_plays(out, card, counts.get(card));
                }
            }
            Source::FaceDown => {
                for (i, slot) in self.facedown[seat].iter().enumerate() {
                    if slot.is_some() {
                        out.push(Action::Reveal(i as u8 + 1));
                    }
                }
            }
        }
        // Written, then kept or not: whether a random hand can play is not worth a
        // mispredicted branch.
        let plays = out.len() - before;
        let pickup = !self.table.pile.is_empty() & (plays == 0 || options.voluntary_pickup);
        let _ = out.try_push(Action::Pickup);
        out.truncate(before + plays + usize::from(pickup));
    }

    #[inline(never)]
    fn legal_actions_outside_turns(&self, seat: Seat, out: &mut ArrayVec<Action, { tapis_core::MAX_ACTIONS }>) {
        if seat.index() >= self.table.players() {
            return;
        }
        let options = &self.table.options;
        match self.table.phase {
            Phase::Over => {}
            Phase::Swap => {
                if self.table.ready.contains(seat) {
                    return;
                }
                // Every kind in hand against every other kind face-up, in kind order.
                let faceup = self.table.faceup[seat].present();
                for hand in self.hands[seat].present() {
                    for faceup in faceup.without(hand) {
                        out.push(Action::Swap { hand, faceup });
                    }
                }
                out.push(Action::Ready);
            }
            Phase::Turn { seat: turn } if seat != turn => {
                if let Some(card) = self.table.completion.filter(|_| self.may_complete(seat)) {
                    out.push(Action::Play { card, count: 2 });
                }
                if self.may_interrupt(seat, turn) {
                    for count in 1..=self.playable(seat, Card::NINJA) {
                        out.push(Action::Play { card: Card::NINJA, count });
                    }
                }
            }
            Phase::Refill { seat: refiller, .. } if seat == refiller => {
                if self.table.faceup[seat].is_empty() {
                    for (i, slot) in self.facedown[seat].iter().enumerate() {
                        if slot.is_some() {
                            out.push(Action::Reveal(i as u8 + 1));
                        }
                    }
                } else {
                    for (card, _) in self.table.faceup[seat].kinds() {
                        out.push(Action::Take(card));
                    }
                }
            }
            Phase::Give { giver } if seat == giver => {
                // As a set, so the loop's length is the same at every give.
                let mut targets = SeatSet::all(self.table.players());
                targets.remove(giver);
                for &out_seat in &self.table.finished {
                    targets.remove(out_seat);
                }
                for target in targets {
                    out.push(Action::Give(target));
                }
                if options.king_optional {
                    out.push(Action::Keep);
                }
            }
            Phase::Target { target, .. } if seat == target => {
                let counts = self.playable_cards(seat);
                for card in [Card::ONE, Card::THIRTEEN] {
                    push_plays(out, card, counts.get(card));
                }
                out.push(Action::Accept);
            }
            // The turn player's are listed by `legal_actions` itself.
            Phase::Turn { .. } | Phase::Refill { .. } | Phase::Give { .. } | Phase::Target { .. } => {}
        }
    }

    /// Why `seat`, which may act, may not take `action` now, when the legal list alone does not
    /// say it plainly: a card not held, a card too low or too high, a pick-up while able to play.
    pub fn why_illegal(&self, seat: Seat, action: Action) -> Option<Illegal> {
        match (self.table.phase, action) {
            (Phase::Turn { seat: turn }, Action::Play { card, count }) if seat == turn => {
                let held = self.playable(seat, card);
                if held < count {
                    return Some(match self.source(seat) {
                        Source::FaceDown => Illegal::FaceDownOnly,
                        source => Illegal::TooFew { card, held, face_up: source == Source::FaceUp },
                    });
                }
                let requirement = self.table.requirement();
                (!requirement.allows(card)).then_some(Illegal::Requirement(requirement))
            }
            (Phase::Turn { seat: turn }, Action::Pickup) if seat == turn => {
                Some(if self.table.pile.is_empty() { Illegal::PileEmpty } else { Illegal::MustPlay })
            }
            (Phase::Target { target, .. }, Action::Play { card, .. })
                if seat == target && !matches!(card.value(), 1 | 13) =>
            {
                Some(Illegal::CounterWith13Or1)
            }
            (Phase::Give { giver }, Action::Give(target)) if seat == giver => Some(if target == giver {
                Illegal::GiveToAnother
            } else if target.index() >= self.table.players() {
                Illegal::NoSuchSeat(target)
            } else {
                Illegal::OutOfGame(target)
            }),
            _ => None,
        }
    }

    // ----- acting -----

    /// Applies a legal action and everything automatic that follows. An action that is not
    /// legal is ignored (the checked `apply` refuses it before it gets here).
    pub fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        // Any action closes the Variante 2 window; only a completion uses it.
        let window = self.table.completion;
        let free_turn = self.table.free_turn;
        self.table.completion = None;
        self.table.free_turn = false;
        // A play during a turn (most decisions of a game) is tested on its own, the rest out of
        // line: a jump table over phase and action mispredicts each time they change.
        if let (Phase::Turn { seat: turn }, Action::Play { card, count }) = (self.table.phase, action) {
            if window == Some(card) && count == 2 && self.table.last_layer != Some(seat) && !card.is_ninja() {
                self.complete(seat, card, events);
            } else {
                let how = if seat == turn { PlayKind::Turn } else { PlayKind::Interrupt };
                let then = self.lay(seat, card, count, how, events);
                self.refill(seat, then, events);
            }
        } else {
            self.step_outside_turn_plays(seat, action, window, free_turn, events);
        }
    }

    #[inline(never)]
    fn step_outside_turn_plays<E: EventSink<Event, Chance>>(
        &mut self,
        seat: Seat,
        action: Action,
        window: Option<Card>,
        free_turn: bool,
        events: &mut E,
    ) {
        match (self.table.phase, action) {
            (Phase::Swap, Action::Swap { hand, faceup }) => self.swap(seat, hand, faceup, events),
            (Phase::Swap, Action::Ready) => self.ready(seat, events),
            (Phase::Turn { .. }, Action::Pickup) => self.pick_up(seat, events),
            (Phase::Turn { .. }, Action::Reveal(position)) => self.play_blind(seat, position, events),
            (Phase::Refill { then, .. }, Action::Take(card)) => {
                self.table.faceup[seat].remove(card, 1);
                self.hands[seat].add(card, 1);
                self.table.known[seat].add(card, 1);
                events.emit(|| Event::Took { seat, card });
                self.refill(seat, then, events);
            }
            (Phase::Refill { then, .. }, Action::Reveal(position)) => {
                if let Some(card) = self.facedown_slot(seat, position).and_then(Option::take) {
                    self.hands[seat].add(card, 1);
                    events.emit(|| Event::TookFaceDown { seat, position });
                    events.emit(|| Event::TookFaceDownCard { seat, position, card });
                }
                self.refill(seat, then, events);
            }
            (Phase::Give { giver }, Action::Give(target)) => {
                events.emit(|| Event::Gave { giver, target });
                self.table.phase = Phase::Target { giver, target };
            }
            (Phase::Give { giver }, Action::Keep) => {
                events.emit(|| Event::Kept { seat: giver });
                self.proceed(giver, Then::Pass { skips: 0 }, events);
            }
            (Phase::Target { .. }, Action::Play { card, count }) => {
                let then = self.lay(seat, card, count, PlayKind::Counter, events);
                self.refill(seat, then, events);
            }
            (Phase::Target { giver, target }, Action::Accept) => {
                let cards = self.take_pile(target);
                events.emit(|| Event::Accepted { seat: target, cards });
                // The last 13 player leads onto the empty pile.
                self.table.phase = Phase::Turn { seat: giver };
                events.emit(|| Event::Leads { seat: giver });
            }
            _ => {
                self.table.completion = window;
                self.table.free_turn = free_turn;
            }
        }
    }

    fn swap<E: EventSink<Event, Chance>>(&mut self, seat: Seat, hand: Card, faceup: Card, events: &mut E) {
        self.hands[seat].remove(hand, 1);
        self.table.known[seat].remove(hand, 1);
        self.table.faceup[seat].add(hand, 1);
        self.table.faceup[seat].remove(faceup, 1);
        self.hands[seat].add(faceup, 1);
        self.table.known[seat].add(faceup, 1);
        events.emit(|| Event::Swapped { seat, hand_card: hand, faceup_card: faceup });
    }

    fn ready<E: EventSink<Event, Chance>>(&mut self, seat: Seat, events: &mut E) {
        self.table.ready.insert(seat);
        events.emit(|| Event::Ready { seat });
        if self.table.ready == SeatSet::all(self.table.players()) {
            let first = self.table.dealer.left(1, self.table.players());
            self.table.phase = Phase::Turn { seat: first };
            events.emit(|| Event::PlayStarts { first });
        }
    }

    /// Moves `count` `card`s from where `seat` plays onto the pile and applies their power.
    #[inline]
    fn lay<E: EventSink<Event, Chance>>(
        &mut self,
        seat: Seat,
        card: Card,
        count: u8,
        how: PlayKind,
        events: &mut E,
    ) -> Then {
        let count = match self.source(seat) {
            Source::FaceUp => self.table.faceup[seat].remove(card, count),
            _ => {
                // Observers saw `count` cards of this value leave: the known ones may be among them.
                self.table.known[seat].remove(card, count);
                self.hands[seat].remove(card, count)
            }
        };
        self.push_pile(seat, card, count, how, events)
    }

    #[inline]
    fn push_pile<E: EventSink<Event, Chance>>(
        &mut self,
        seat: Seat,
        card: Card,
        count: u8,
        how: PlayKind,
        events: &mut E,
    ) -> Then {
        // Four written, then the pile cut back: a loop of 1 to 4 turns mispredicts its end.
        // (A full pile refuses the extra copies; a forged count above four is laid in full.)
        let len = self.table.pile.len() + count as usize;
        for _ in 0..count.max(4) {
            let _ = self.table.pile.try_push(card);
        }
        self.table.pile.truncate(len);
        self.table.last_layer = Some(seat);
        events.emit(|| Event::Played { seat, card, count, how });
        if !card.is_ninja()
            && self.table.options.four_in_a_row_burn
            && self.table.top_run().is_some_and(|(_, run)| run >= 4)
        {
            self.burn(seat, events);
            return Then::Lead;
        }
        if card.value() == 9 {
            self.burn(seat, events);
            return if self.table.options.burn_replays { Then::Lead } else { Then::Pass { skips: 0 } };
        }
        // The other powers by selection rather than by branches (the Ninja's value, 0, has none).
        let skips = if card.value() == 8 { count } else { 0 };
        if card.value() == 13 { Then::Give } else { Then::Pass { skips } }
    }

    /// The pile's cards by kind.
    fn pile_counts(&self) -> Counts {
        Counts::of(self.table.pile.iter().copied())
    }

    fn burn<E: EventSink<Event, Chance>>(&mut self, seat: Seat, events: &mut E) {
        let cards = self.table.pile.len() as u32;
        let pile = self.pile_counts();
        self.table.burnt.add_all(&pile);
        self.table.pile.clear();
        self.table.last_layer = None;
        events.emit(|| Event::Burnt { seat, cards });
    }

    /// Variante 2: `seat` lays the two missing copies; the pile burns and he leads.
    fn complete<E: EventSink<Event, Chance>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        let count = match self.source(seat) {
            Source::FaceUp => self.table.faceup[seat].remove(card, 2),
            _ => {
                self.table.known[seat].remove(card, 2);
                self.hands[seat].remove(card, 2)
            }
        };
        for _ in 0..count {
            self.table.pile.push(card);
        }
        self.table.last_layer = Some(seat);
        events.emit(|| Event::Played { seat, card, count, how: PlayKind::Completion });
        self.burn(seat, events);
        self.refill(seat, Then::Lead, events);
    }

    /// `table_play = shithead`: the face-down card at `position` is turned over onto the pile;
    /// if it may not go there, it joins the pile into the player's hand.
    fn play_blind<E: EventSink<Event, Chance>>(&mut self, seat: Seat, position: u8, events: &mut E) {
        let Some(card) = self.facedown_slot(seat, position).and_then(Option::take) else {
            return;
        };
        if self.table.requirement().allows(card) {
            let then = self.push_pile(seat, card, 1, PlayKind::Blind, events);
            self.refill(seat, then, events);
        } else {
            events.emit(|| Event::BlindFailed { seat, position, card });
            self.hands[seat].add(card, 1);
            self.table.known[seat].add(card, 1);
            self.pick_up(seat, events);
        }
    }

    /// The face-down slot at `position` (1 to 3).
    fn facedown_slot(&mut self, seat: Seat, position: u8) -> Option<&mut Option<Card>> {
        self.facedown[seat].get_mut((position as usize).checked_sub(1)?)
    }

    /// Moves the pile into `seat`'s hand (everyone saw it); returns how many cards.
    fn take_pile(&mut self, seat: Seat) -> u32 {
        let cards = self.table.pile.len() as u32;
        let pile = self.pile_counts();
        self.hands[seat].add_all(&pile);
        self.table.known[seat].add_all(&pile);
        self.table.pile.clear();
        self.table.last_layer = None;
        cards
    }

    /// `seat` takes the pile; whoever laid its top card leads onto the empty pile (§3.5).
    fn pick_up<E: EventSink<Event, Chance>>(&mut self, seat: Seat, events: &mut E) {
        let layer = self.table.last_layer.unwrap_or(seat);
        let cards = self.take_pile(seat);
        events.emit(|| Event::PickedUp { seat, cards });
        // Taking back one's own top card (only possible when one's own 8s skipped round to
        // oneself) does not give the lead back: with a lone 8 that would loop forever.
        let leader = if layer == seat || self.table.is_out(layer) { self.table.next_active(layer) } else { layer };
        self.table.phase = Phase::Turn { seat: leader };
        events.emit(|| Event::Leads { seat: leader });
    }

    /// After laying: draw from the stock up to 3; with the stock empty (refill mode) the player
    /// then takes his table cards one decision at a time; then the game goes on.
    #[inline]
    fn refill<E: EventSink<Event, Chance>>(&mut self, seat: Seat, then: Then, events: &mut E) {
        // `drawn` is read only by the events: the fast path's optimizer drops it.
        let (mut count, mut drawn) = (0, Counts::EMPTY);
        let mut held = self.hands[seat].total();
        while held < HAND_SIZE {
            let Some(card) = self.stock.pop() else { break };
            self.hands[seat].add(card, 1);
            drawn.add(card, 1);
            count += 1;
            held += 1;
        }
        if count > 0 {
            events.emit(|| Event::Drew { seat, count });
            events.emit(|| Event::DrewCards { seat, cards: drawn });
        }
        if self.table.options.table_play == TablePlay::Refill && held < HAND_SIZE && self.table_cards(seat) > 0 {
            self.table.phase = Phase::Refill { seat, then };
            return;
        }
        self.proceed(seat, then, events);
    }

    /// The lay is complete: is `seat` out? Then the power's consequence: a give, a lead, or the
    /// turn passing (with skips).
    #[inline]
    fn proceed<E: EventSink<Event, Chance>>(&mut self, seat: Seat, then: Then, events: &mut E) {
        // A hand is rarely empty: its test spares counting the table cards.
        if self.hands[seat].is_empty()
            && self.seat_cards_left(seat) == 0
            && !self.table.is_out(seat)
            && self.finish(seat, events)
        {
            return;
        }
        let out = self.table.is_out(seat);
        let mut free_turn = false;
        let next = match then {
            Then::Give if !out => {
                self.table.phase = Phase::Give { giver: seat };
                return;
            }
            // A player out of the game takes no more decisions: his 13 stays as a plain card.
            Then::Give => self.table.next_active(seat),
            Then::Lead if !out => seat,
            Then::Lead => self.table.next_active(seat),
            Then::Pass { skips } => {
                if skips > 0 {
                    let table = &self.table;
                    events.emit(|| Event::Skipped {
                        seats: (1..=skips as usize).map(|k| table.advance(seat, k)).collect(),
                    });
                }
                let next = self.table.advance(seat, 1 + skips as usize);
                free_turn = skips > 0 && next == seat;
                next
            }
        };
        self.table.phase = Phase::Turn { seat: next };
        self.table.free_turn = free_turn;
        self.open_completion_window();
    }

    /// Variante 2: the two top cards (Ninjas ignored) are a pair just played, not of 6s.
    #[inline]
    fn open_completion_window(&mut self) {
        if !self.table.options.complete_pair_burn {
            return;
        }
        let Some(&top) = self.table.pile.last() else { return };
        if top.is_ninja() || top.value() == 6 {
            return;
        }
        if self.table.top_run() == Some((top, 2)) {
            self.table.completion = Some(top);
        }
    }

    /// `seat` has no card left. Returns true when that ends the game.
    fn finish<E: EventSink<Event, Chance>>(&mut self, seat: Seat, events: &mut E) -> bool {
        self.table.finished.push(seat);
        let place = self.table.finished.len() as u8;
        events.emit(|| Event::Out { seat, place });
        let n = self.table.players();
        if self.table.options.play_to_last {
            if self.table.finished.len() + 1 < n {
                return false;
            }
            let last = Seat::all(n).find(|&s| !self.table.is_out(s)).unwrap_or(seat);
            self.table.finished.push(last);
            let place = n as u8;
            events.emit(|| Event::Out { seat: last, place });
        }
        self.end_game(events);
        true
    }

    /// Points of the game just ended: 1 to the winner; with `play_to_last`, 1, 0, -1, ... by place.
    fn game_points(&self) -> BySeat<i64> {
        let mut points = BySeat::new(self.table.players());
        for (place, &seat) in self.table.finished.iter().enumerate() {
            points[seat] = if self.table.options.play_to_last { 1 - place as i64 } else { i64::from(place == 0) };
        }
        points
    }

    /// The loser of the game just ended: the last one out, or (first-out-wins) the one with the
    /// most cards left, the first of them clockwise from the winner.
    fn loser(&self) -> Seat {
        let n = self.table.players();
        let winner = self.table.finished[0];
        if self.table.options.play_to_last {
            return *self.table.finished.last().unwrap_or(&winner);
        }
        (1..n)
            .max_by_key(|&i| (self.seat_cards_left(winner.left(i, n)), std::cmp::Reverse(i)))
            .map_or(winner, |i| winner.left(i, n))
    }

    fn end_game<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        let points = self.game_points();
        for (seat, &p) in points.seats() {
            self.table.scores[seat] += p;
        }
        let round = self.table.round;
        let scores = self.table.scores;
        events.emit(|| Event::GameOver { round, points, scores });
        if self.table.round < self.table.options.games {
            let n = self.table.players();
            self.table.dealer = match self.table.options.dealer {
                DealerRule::Rotate => self.table.dealer.left(1, n),
                DealerRule::Loser => self.loser(),
            };
            self.start_next_game(events);
            return;
        }
        self.table.phase = Phase::Over;
        self.table.completion = None;
        let best = self.table.scores.iter().copied().max().unwrap_or(0);
        self.table.winners = self.table.scores.seats().filter(|(_, s)| **s == best).map(|(seat, _)| seat).collect();
        let winners = self.table.winners;
        events.emit(|| Event::MatchOver { winners });
    }

    fn start_next_game<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        let n = self.table.players();
        self.table.round += 1;
        self.table.phase = Phase::Swap;
        self.table.ready = SeatSet::EMPTY;
        self.table.pile.clear();
        self.table.last_layer = None;
        self.table.completion = None;
        self.table.free_turn = false;
        self.table.burnt = Counts::EMPTY;
        self.table.faceup = BySeat::new(n);
        self.table.known = BySeat::new(n);
        self.table.finished.clear();
        self.hands = BySeat::new(n);
        self.facedown = BySeat::new(n);
        self.stock.clear();
        self.deal_random(events);
        events.emit(|| self.dealt_event());
        for seat in Seat::all(n) {
            events.emit(|| Event::HandDealt { seat, cards: self.hands[seat] });
        }
    }

    pub fn dealt_event(&self) -> Event {
        Event::Dealt {
            round: self.table.round,
            dealer: self.table.dealer,
            faceup: self.table.faceup.iter().map(|c| c.cards().collect()).collect(),
            stock: self.stock.len(),
        }
    }
}

/// `play card` once, twice… up to `held` times (at most the deck's four copies).
#[inline]
fn push_plays(out: &mut ArrayVec<Action, { tapis_core::MAX_ACTIONS }>, card: Card, held: u8) {
    // All four written, then the list cut back: a loop of random length costs a mispredicted
    // branch nearly every time, more than the three extra writes. (A list too full for the
    // extra ones keeps the plays it has room for.)
    let len = out.len() + held.min(4) as usize;
    for count in 1..=4 {
        let _ = out.try_push(Action::Play { card, count });
    }
    out.truncate(len);
}

impl Game for Gum {
    const ID: &'static str = "gum";
    const NAME: &'static str = "Battle GUM";
    const RULES_VERSION: u32 = crate::RULES_VERSION;

    type Action = Action;
    type Options = Options;
    type Deal = Deal;
    type View = View;
    type Event = Event;
    type Chance = Chance;
    type Illegal = Illegal;

    fn option_specs() -> &'static [OptionSpec] {
        options::SPECS
    }

    fn players_range(options: &Options) -> RangeInclusive<usize> {
        2..=options.max_players as usize
    }

    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, events: &mut E) -> Result<Self, SetupError> {
        let dealer = setup.first_dealer();
        Gum::new(setup.players, setup.options, dealer, setup.seed, setup.deal.as_ref(), events)
    }

    #[inline]
    fn players(&self) -> usize {
        self.table().players()
    }

    fn options(&self) -> &Options {
        &self.table().options
    }

    #[inline(always)]
    fn actors(&self) -> SeatSet {
        Gum::actors(self)
    }

    #[inline(always)]
    fn waiting_for(&self) -> SeatSet {
        Gum::waiting_for(self)
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        Gum::legal_actions(self, seat, out);
    }

    #[inline]
    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        Gum::step(self, seat, action, events);
    }

    fn why_illegal(&self, seat: Seat, action: Action) -> Option<Illegal> {
        Gum::why_illegal(self, seat, action)
    }

    fn parse_action(text: &str) -> Result<Action, tapis_core::ActionError> {
        action::parse(text)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.table().phase == Phase::Over
    }

    fn winners(&self) -> SeatSet {
        self.table().winners
    }

    #[inline]
    fn round(&self) -> u32 {
        self.table().round
    }

    #[inline]
    fn scores(&self) -> BySeat<i64> {
        self.table().scores
    }

    fn score_bounds(&self) -> (i64, i64) {
        let games = self.table().options.games as i64;
        let worst = if self.table().options.play_to_last { 2 - self.players() as i64 } else { 0 };
        (games * worst, games)
    }

    fn cards_left(&self) -> BySeat<u32> {
        BySeat::from_fn(self.players(), |s| Gum::seat_cards_left(self, s))
    }

    fn view(&self, seat: Option<Seat>) -> View {
        view::view(self, seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        view::determinize(view, rng)
    }
}

impl Conformance for Gum {
    fn census(&self) -> Vec<u32> {
        let mut counts = [0u32; Card::KINDS];
        let mut add = |card: Card, n: u8| counts[card.index()] += n as u32;
        for seat in Seat::all(self.table.players()) {
            self.hands[seat].kinds().for_each(|(c, n)| add(c, n));
            self.table.faceup[seat].kinds().for_each(|(c, n)| add(c, n));
            self.facedown[seat].iter().flatten().for_each(|&c| add(c, 1));
        }
        self.stock.iter().chain(&self.table.pile).for_each(|&c| add(c, 1));
        self.table.burnt.kinds().for_each(|(c, n)| add(c, n));
        counts.to_vec()
    }

    fn deck_census(&self) -> Vec<u32> {
        Card::all().map(|c| c.copies() as u32).collect()
    }

    fn action_universe(&self) -> Vec<Action> {
        let mut all = Vec::new();
        for hand in Card::all() {
            for faceup in Card::all().filter(|&f| f != hand) {
                all.push(Action::Swap { hand, faceup });
            }
        }
        all.push(Action::Ready);
        for card in Card::all() {
            all.extend((1..=card.copies()).map(|count| Action::Play { card, count }));
        }
        all.push(Action::Pickup);
        all.extend(Seat::all(self.players()).map(Action::Give));
        all.extend([Action::Accept, Action::Keep]);
        all.extend(Card::all().map(Action::Take));
        all.extend((1..=3).map(Action::Reveal));
        all
    }
}
