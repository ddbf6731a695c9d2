//! The state machine of a Njet match: the public table, the hidden hands, and the rules that move
//! them from one decision to the next.

use crate::action::Action;
use crate::board::{Board, Cell, Row};
use crate::cards::{Card, CardMultiset, Colour};
use crate::options::{EqualCards, Loot, Options};
use crate::view::View;
use crate::{Chance, Deal, options, text, view};
use serde::{Deserialize, Serialize};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, BySeat, Conformance, EventSink, Game, GameRng, OptionSpec, Seat, SeatSet, Setup,
    SetupError,
};

/// Stones in the shared pool (with three players one of them is fixed on `start 3`).
pub const STONES: u32 = 15;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Players place stones in turn.
    Njet,
    /// The start player chooses a partner (or, with three, to play alone).
    Partner,
    /// Every player lays cards aside at once.
    Discard,
    /// Trick play.
    Play,
    Over,
}

/// The round's conditions, read from the free cells once the Njet phase is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Conditions {
    pub start: Seat,
    /// Cards each player lays aside.
    pub discard: u8,
    pub trump: Colour,
    /// The colour whose 1s are super-trumps, if any.
    pub super_trump: Option<Colour>,
    /// Points per trick and per loot card.
    pub points: u8,
}

impl Conditions {
    /// Reads the free cell of every row.
    pub fn from_board(board: &Board) -> Conditions {
        let offset = |row| board.free_cell(row).offset();
        let super_offset = offset(Row::Super);
        Conditions {
            start: Seat(offset(Row::Start)),
            discard: offset(Row::Discard),
            trump: Colour::from_index(offset(Row::Trump) as usize),
            super_trump: (super_offset < 4).then(|| Colour::from_index(super_offset as usize)),
            points: offset(Row::Points) + 1,
        }
    }

    pub fn is_super(&self, card: Card) -> bool {
        card.value() == 1 && self.super_trump == Some(card.colour())
    }

    /// A card's group: super-trumps belong to the trump group, every other card to its colour.
    pub fn group_of(&self, card: Card) -> Colour {
        if self.is_super(card) { self.trump } else { card.colour() }
    }

    /// Every card of a group.
    pub fn group_cards(&self, group: Colour) -> CardMultiset {
        let mut cards = CardMultiset::colour(group);
        if let Some(super_colour) = self.super_trump {
            if group == self.trump {
                cards = cards.union(CardMultiset::ones(super_colour));
            } else if group == super_colour {
                cards = cards.without_kinds(CardMultiset::ones(super_colour));
            }
        }
        cards
    }

    /// How strongly a card bids for a trick led in `led`: super-trumps above trumps above the
    /// led group, anything else 0 (it cannot win).
    pub fn strength(&self, card: Card, led: Colour) -> u8 {
        if self.is_super(card) {
            40
        } else if card.colour() == self.trump {
            20 + card.value()
        } else if card.colour() == led {
            card.value()
        } else {
            0
        }
    }

    /// Whether a card of strength `new`, played after the current best of strength `best`, takes
    /// the lead. Only identical 1s can tie: super-trumps always go to the later one (the seed), two
    /// ordinary 1s as the option says.
    pub fn beats(new: u8, best: u8, equal_cards: EqualCards) -> bool {
        new > best || (new == best && new > 0 && (new == 40 || equal_cards == EqualCards::LaterWins))
    }
}

/// The trick on the table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(from = "TrickCards", into = "TrickCards")]
pub struct Trick {
    pub leader: Seat,
    /// Cards played so far, in order from the leader.
    pub len: u8,
    pub cards: [Card; 4],
    /// The group of the first card.
    pub led: Colour,
    /// The position (from the leader) of the card winning so far.
    pub winning: u8,
}

impl Trick {
    fn new(leader: Seat) -> Trick {
        Trick { leader, len: 0, cards: [Card::default(); 4], led: Colour::Red, winning: 0 }
    }

    pub fn played(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// `(seat, card)` in playing order.
    pub fn plays(&self, players: usize) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.played().iter().enumerate().map(move |(i, &card)| (self.leader.left(i, players), card))
    }

    pub fn winner(&self, players: usize) -> Seat {
        self.leader.left(self.winning as usize, players)
    }
}

/// A trick as JSON shows it: only the cards played, and no led group before the first card.
#[derive(Serialize, Deserialize)]
struct TrickCards {
    leader: Seat,
    cards: arrayvec::ArrayVec<Card, 4>,
    led: Option<Colour>,
    winning: u8,
}

impl From<Trick> for TrickCards {
    fn from(t: Trick) -> TrickCards {
        let cards = t.played().iter().copied().collect();
        TrickCards { leader: t.leader, cards, led: (t.len > 0).then_some(t.led), winning: t.winning }
    }
}

impl From<TrickCards> for Trick {
    fn from(t: TrickCards) -> Trick {
        let mut trick = Trick::new(t.leader);
        for (slot, &card) in trick.cards.iter_mut().zip(&t.cards) {
            *slot = card;
        }
        trick.len = t.cards.len() as u8;
        trick.led = t.led.unwrap_or(Colour::Red);
        trick.winning = t.winning.min(trick.len.saturating_sub(1));
        trick
    }
}

/// Everything every seat sees: the whole match but the hands, the discards and the generator.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PublicTable {
    pub players: u8,
    pub options: Options,
    pub round: u32,
    pub dealer: Seat,
    pub phase: Phase,
    /// Who acts in the Njet, partner and play phases.
    pub turn: Seat,
    pub board: Board,
    /// Set once the Njet phase is over.
    pub conditions: Option<Conditions>,
    /// The start player's team once chosen (the other seats form the other team).
    pub team: SeatSet,
    pub hand_sizes: BySeat<u8>,
    /// Cards each seat still has to lay aside.
    pub discards_left: BySeat<u8>,
    pub trick: Trick,
    /// The last trick finished in this round, as it lay when it was won.
    pub last_trick: Option<Trick>,
    /// Cards of the finished tricks of this round (they went face down, but every player saw them).
    pub played: CardMultiset,
    pub tricks_won: BySeat<u8>,
    pub loot_won: BySeat<u8>,
    /// Groups (bit = colour index) each seat has shown it holds no more of this round.
    pub voids: BySeat<u8>,
    pub scores: BySeat<i64>,
    /// Each seat's points of the last round scored.
    pub last_points: BySeat<i64>,
}

impl PublicTable {
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The start player's team contains `seat`.
    pub fn same_team(&self, a: Seat, b: Seat) -> bool {
        self.team.contains(a) == self.team.contains(b)
    }

    /// The team `seat` plays in.
    pub fn team_of(&self, seat: Seat) -> SeatSet {
        if self.team.contains(seat) { self.team } else { SeatSet::all(self.players()) - self.team }
    }

    /// Cards a seat laid aside (others see how many, not which). None before the discard phase:
    /// the board already says how many will go, but `discards_left` is only set when it starts.
    pub fn discarded(&self, seat: Seat) -> u8 {
        match self.phase {
            Phase::Njet | Phase::Partner => 0,
            Phase::Discard | Phase::Play | Phase::Over => {
                self.conditions.map_or(0, |c| c.discard).saturating_sub(self.discards_left[seat])
            }
        }
    }

    pub fn actors(&self) -> SeatSet {
        match self.phase {
            Phase::Njet | Phase::Partner | Phase::Play => SeatSet::single(self.turn),
            Phase::Discard => Seat::all(self.players()).filter(|&s| self.discards_left[s] > 0).collect::<SeatSet>(),
            Phase::Over => SeatSet::EMPTY,
        }
    }

    /// The most points one seat can score in a round: every trick and every 1 at 4 points,
    /// doubled for a lone player with three.
    pub fn round_points_bound(&self) -> i64 {
        let tricks = 40 / self.players() as i64;
        let per_round = (tricks + 8) * 4;
        if self.players == 3 { per_round * 2 } else { per_round }
    }

    /// The cards `seat` may play from `hand` now.
    pub fn playable(&self, hand: CardMultiset) -> CardMultiset {
        let Some(conditions) = self.conditions else { return CardMultiset::EMPTY };
        if self.trick.len == 0 {
            return hand;
        }
        let follow = hand.intersection(conditions.group_cards(self.trick.led));
        if !follow.is_empty() {
            return follow;
        }
        if self.options.must_trump_when_void {
            let trumps = hand.intersection(conditions.group_cards(conditions.trump));
            if !trumps.is_empty() {
                return trumps;
            }
        }
        hand
    }

    pub fn legal_actions(&self, seat: Seat, hand: CardMultiset, out: &mut ActionList<Action>) {
        match self.phase {
            Phase::Njet if seat == self.turn => {
                let mut open = self.board.open_cells();
                while open != 0 {
                    out.push(Action::Njet(Cell(open.trailing_zeros() as u8)));
                    open &= open - 1;
                }
            }
            Phase::Partner if seat == self.turn => {
                for other in Seat::all(self.players()).filter(|&s| s != seat) {
                    out.push(Action::Partner(other));
                }
                if self.players == 3 {
                    out.push(Action::Alone);
                }
            }
            Phase::Discard if self.discards_left.as_slice().get(seat.index()).is_some_and(|&n| n > 0) => {
                out.extend(hand.kinds().map(Action::Discard));
            }
            Phase::Play if seat == self.turn => out.extend(self.playable(hand).kinds().map(Action::Play)),
            _ => {}
        }
    }
}

/// What happened. Every event is public but three: the hand a seat is dealt and the card it laid
/// aside, told to it alone, and that it laid a card aside, told to the others
/// ([`tapis_core::GameEvent`] in `lib.rs` gives each its audience).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new round's cards are dealt (each seat then learns its hand from [`Event::HandDealt`]).
    RoundDealt {
        round: u32,
        dealer: Seat,
    },
    /// The hand a seat is dealt at the start of a round after the first; told to that seat alone.
    /// (The first round's hands come with the match, before any event.)
    HandDealt {
        seat: Seat,
        hand: CardMultiset,
    },
    StonePlaced {
        seat: Seat,
        cell: Cell,
    },
    /// The Njet phase is over: the free cells give the round's conditions.
    BoardSet {
        conditions: Conditions,
    },
    PartnerChosen {
        seat: Seat,
        partner: Seat,
    },
    PlaysAlone {
        seat: Seat,
    },
    /// A seat laid a card aside, told to the others (which card stays hidden from them).
    Discarded {
        seat: Seat,
    },
    /// Which card a seat laid aside, told to that seat alone (its twin of [`Event::Discarded`]).
    LaidAside {
        seat: Seat,
        card: Card,
    },
    CardPlayed {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        seat: Seat,
        loot: u8,
    },
    RoundScored {
        round: u32,
        points: BySeat<i64>,
        scores: BySeat<i64>,
    },
    MatchOver {
        winners: SeatSet,
    },
}

/// A whole Njet match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Njet {
    pub(crate) table: PublicTable,
    pub(crate) hands: [CardMultiset; 4],
    pub(crate) discards: [CardMultiset; 4],
    /// The chance still to come: the deals of the later rounds.
    pub(crate) rng: GameRng,
}

impl Njet {
    /// A match whose round has just been dealt (`hands`), before any stone.
    pub(crate) fn with_hands(
        players: usize,
        options: Options,
        dealer: Seat,
        hands: [CardMultiset; 4],
        rng: GameRng,
    ) -> Njet {
        let table = PublicTable {
            players: players as u8,
            options,
            round: 1,
            dealer,
            phase: Phase::Njet,
            turn: dealer.left(1, players),
            board: Board::new(players),
            conditions: None,
            team: SeatSet::EMPTY,
            hand_sizes: BySeat::new(players),
            discards_left: BySeat::new(players),
            trick: Trick::new(dealer),
            last_trick: None,
            played: CardMultiset::EMPTY,
            tricks_won: BySeat::new(players),
            loot_won: BySeat::new(players),
            voids: BySeat::new(players),
            scores: BySeat::new(players),
            last_points: BySeat::new(players),
        };
        let mut game = Njet { table, hands, discards: [CardMultiset::EMPTY; 4], rng };
        game.reset_round();
        game
    }

    pub fn table(&self) -> &PublicTable {
        &self.table
    }

    /// A seat's hand (the whole state is for tests and debugging; bots see views).
    pub fn hand(&self, seat: Seat) -> CardMultiset {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    pub fn discards_of(&self, seat: Seat) -> CardMultiset {
        self.discards.get(seat.index()).copied().unwrap_or_default()
    }

    /// Clears everything of the last round; the hands are already dealt.
    fn reset_round(&mut self) {
        let players = self.table.players();
        let t = &mut self.table;
        t.phase = Phase::Njet;
        t.turn = t.dealer.left(1, players);
        t.board = Board::new(players);
        t.conditions = None;
        t.team = SeatSet::EMPTY;
        t.trick = Trick::new(t.turn);
        t.last_trick = None;
        t.played = CardMultiset::EMPTY;
        for seat in Seat::all(players) {
            t.hand_sizes[seat] = self.hands[seat.index()].len() as u8;
            t.discards_left[seat] = 0;
            t.tricks_won[seat] = 0;
            t.loot_won[seat] = 0;
            t.voids[seat] = 0;
        }
        self.discards = [CardMultiset::EMPTY; 4];
    }

    /// Deals a round from the match's generator: 10 cards each with four, 12 each (the 2s set
    /// aside) with three.
    pub(crate) fn deal(players: usize, rng: &mut GameRng) -> [CardMultiset; 4] {
        let mut deck: arrayvec::ArrayVec<Card, 40> = arrayvec::ArrayVec::new();
        for card in Card::all().filter(|c| players == 4 || c.value() != 2) {
            for _ in 0..card.copies() {
                deck.push(card);
            }
        }
        rng.shuffle(&mut deck);
        let per_hand = deck.len() / players;
        let mut hands = [CardMultiset::EMPTY; 4];
        for (i, chunk) in deck.chunks(per_hand).enumerate() {
            for &card in chunk {
                hands[i].insert(card);
            }
        }
        hands
    }

    /// [`Njet::deal`], a chance point of `events`: the hands dealt, or those it imposes.
    pub(crate) fn deal_chance<E: EventSink<Event, Chance>>(
        players: usize,
        rng: &mut GameRng,
        events: &mut E,
    ) -> [CardMultiset; 4] {
        let hands = Self::deal(players, rng);
        let deal_now = || {
            let cards = |set: CardMultiset| set.iter().map(|card| card.to_string()).collect();
            let aside = if players == 3 { cards(CardMultiset::TWOS) } else { Vec::new() };
            Chance::Deal(Deal { hands: hands[..players].iter().map(|&hand| cards(hand)).collect(), aside })
        };
        let could_deal = |c: &Chance| matches!(c, Chance::Deal(deal) if deal.check(players).is_ok());
        match events.chance(deal_now, could_deal) {
            Some(Chance::Deal(deal)) => deal.check(players).unwrap_or(hands),
            None => hands,
        }
    }

    pub fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        match action {
            Action::Njet(cell) => self.place_stone(seat, cell, events),
            Action::Partner(partner) => self.choose_team(seat, Some(partner), events),
            Action::Alone => self.choose_team(seat, None, events),
            Action::Discard(card) => self.discard(seat, card, events),
            Action::Play(card) => self.play(seat, card, events),
        }
    }

    fn place_stone<E: EventSink<Event, Chance>>(&mut self, seat: Seat, cell: Cell, events: &mut E) {
        let t = &mut self.table;
        t.board.place(cell, seat.0);
        events.emit(|| Event::StonePlaced { seat, cell });
        if t.board.stones() < STONES {
            t.turn = t.turn.left(1, t.players());
            return;
        }
        let conditions = Conditions::from_board(&t.board);
        t.conditions = Some(conditions);
        t.phase = Phase::Partner;
        t.turn = conditions.start;
        events.emit(|| Event::BoardSet { conditions });
    }

    fn choose_team<E: EventSink<Event, Chance>>(&mut self, seat: Seat, partner: Option<Seat>, events: &mut E) {
        let t = &mut self.table;
        t.team = SeatSet::single(seat);
        match partner {
            Some(partner) => {
                t.team.insert(partner);
                events.emit(|| Event::PartnerChosen { seat, partner });
            }
            None => events.emit(|| Event::PlaysAlone { seat }),
        }
        let discard = t.conditions.map_or(0, |c| c.discard);
        if discard == 0 {
            self.begin_tricks();
        } else {
            t.phase = Phase::Discard;
            for seat in Seat::all(t.players()) {
                t.discards_left[seat] = discard;
            }
        }
    }

    fn discard<E: EventSink<Event, Chance>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        self.hands[seat.index()].remove(card);
        self.discards[seat.index()].insert(card);
        let t = &mut self.table;
        t.hand_sizes[seat] -= 1;
        t.discards_left[seat] -= 1;
        events.emit(|| Event::Discarded { seat });
        events.emit(|| Event::LaidAside { seat, card });
        if t.discards_left.iter().all(|&n| n == 0) {
            self.begin_tricks();
        }
    }

    fn begin_tricks(&mut self) {
        let t = &mut self.table;
        t.phase = Phase::Play;
        t.turn = t.conditions.map_or(t.turn, |c| c.start);
        t.trick = Trick::new(t.turn);
    }

    fn play<E: EventSink<Event, Chance>>(&mut self, seat: Seat, card: Card, events: &mut E) {
        self.hands[seat.index()].remove(card);
        let t = &mut self.table;
        let Some(conditions) = t.conditions else { return };
        t.hand_sizes[seat] -= 1;
        let trick = &mut t.trick;
        if trick.len == 0 {
            trick.leader = seat;
            trick.led = conditions.group_of(card);
            trick.winning = 0;
        } else {
            let group = conditions.group_of(card);
            if group != trick.led {
                t.voids[seat] |= 1 << trick.led.index();
                // Under the variant a void player who has a trump must play it.
                if t.options.must_trump_when_void && group != conditions.trump {
                    t.voids[seat] |= 1 << conditions.trump.index();
                }
            }
            let best = conditions.strength(trick.cards[trick.winning as usize], trick.led);
            if Conditions::beats(conditions.strength(card, trick.led), best, t.options.equal_cards) {
                trick.winning = trick.len;
            }
        }
        trick.cards[trick.len as usize] = card;
        trick.len += 1;
        events.emit(|| Event::CardPlayed { seat, card });
        if (trick.len as usize) < t.players() {
            t.turn = seat.left(1, t.players());
        } else {
            self.finish_trick(conditions, events);
        }
    }

    fn finish_trick<E: EventSink<Event, Chance>>(&mut self, conditions: Conditions, events: &mut E) {
        let t = &mut self.table;
        let players = t.players();
        let winner = t.trick.winner(players);
        let mut loot = 0;
        for (player, card) in t.trick.plays(players) {
            t.played.insert(card);
            let counts = match t.options.loot {
                Loot::AllOnes => card.value() == 1,
                Loot::OpponentsOnly => card.value() == 1 && !conditions.is_super(card) && !t.same_team(player, winner),
            };
            loot += counts as u8;
        }
        t.tricks_won[winner] += 1;
        t.loot_won[winner] += loot;
        t.last_trick = Some(t.trick);
        t.trick = Trick::new(winner);
        t.turn = winner;
        events.emit(|| Event::TrickWon { seat: winner, loot });
        if t.hand_sizes[winner] == 0 {
            self.score_round(conditions, events);
        }
    }

    /// Each team's (tricks + loot) × point value, credited to each member; with three players a
    /// lone player's points are doubled.
    pub(crate) fn round_points(table: &PublicTable, conditions: Conditions) -> BySeat<i64> {
        let players = table.players();
        // Not `BySeat::from_fn`: it fills the unused slots with copies, which `==` would see.
        let mut points = BySeat::new(players);
        for seat in Seat::all(players) {
            let team = table.team_of(seat);
            let won: i64 = team.iter().map(|m| (table.tricks_won[m] + table.loot_won[m]) as i64).sum();
            let doubled = players == 3 && team.len() == 1;
            points[seat] = won * conditions.points as i64 * if doubled { 2 } else { 1 };
        }
        points
    }

    fn score_round<E: EventSink<Event, Chance>>(&mut self, conditions: Conditions, events: &mut E) {
        let points = Self::round_points(&self.table, conditions);
        let t = &mut self.table;
        for seat in Seat::all(t.players()) {
            t.scores[seat] += points[seat];
        }
        t.last_points = points;
        let (round, scores) = (t.round, t.scores);
        events.emit(|| Event::RoundScored { round, points, scores });
        if t.round >= t.options.rounds {
            t.phase = Phase::Over;
            let winners = self.winners();
            events.emit(|| Event::MatchOver { winners });
            return;
        }
        let players = t.players();
        t.round += 1;
        t.dealer = t.dealer.left(1, players);
        let (round, dealer) = (t.round, t.dealer);
        self.hands = Self::deal_chance(players, &mut self.rng, events);
        self.reset_round();
        events.emit(|| Event::RoundDealt { round, dealer });
        for seat in Seat::all(players) {
            let hand = self.hands[seat.index()];
            events.emit(|| Event::HandDealt { seat, hand });
        }
    }

    /// The seats with the best score once the match is over (ties shared).
    pub fn winners(&self) -> SeatSet {
        let t = &self.table;
        if t.phase != Phase::Over {
            return SeatSet::EMPTY;
        }
        let best = t.scores.iter().copied().max().unwrap_or(0);
        Seat::all(t.players()).filter(|&s| t.scores[s] == best).collect()
    }
}

impl Game for Njet {
    const ID: &'static str = "njet";
    const NAME: &'static str = "Njet!";
    const RULES_VERSION: u32 = crate::RULES_VERSION;

    type Action = Action;
    type Options = Options;
    type Deal = Deal;
    type View = View;
    type Event = Event;
    type Chance = Chance;
    type Illegal = text::Illegal;

    fn option_specs() -> &'static [OptionSpec] {
        options::SPECS
    }

    fn players_range(_options: &Options) -> RangeInclusive<usize> {
        3..=4
    }

    /// `Match::new` has already checked the player count, the dealer and each option's value
    /// (Njet has no options that constrain one another), so only the deal is checked here.
    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, events: &mut E) -> Result<Self, SetupError> {
        let players = setup.players;
        let dealer = setup.first_dealer();
        let mut rng = GameRng::seed_from_u64(setup.seed);
        let hands = match &setup.deal {
            Some(deal) => deal.check(players)?,
            None => Njet::deal_chance(players, &mut rng, events),
        };
        Ok(Njet::with_hands(players, setup.options, dealer, hands, rng))
    }

    fn players(&self) -> usize {
        self.table.players()
    }

    fn options(&self) -> &Options {
        &self.table.options
    }

    fn actors(&self) -> SeatSet {
        self.table.actors()
    }

    fn waiting_for(&self) -> SeatSet {
        self.table.actors()
    }

    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        if seat.index() < self.table.players() {
            self.table.legal_actions(seat, self.hands[seat.index()], out);
        }
    }

    fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let mut legal = ActionList::new();
        self.legal_actions(seat, &mut legal);
        legal.contains(&action)
    }

    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        Njet::step(self, seat, action, events);
    }

    fn why_illegal(&self, seat: Seat, action: Action) -> Option<text::Illegal> {
        text::why_illegal(&self.table, self.hand(seat), action)
    }

    fn parse_action(text: &str) -> Result<Action, ActionError> {
        Action::parse(text)
    }

    fn is_over(&self) -> bool {
        self.table.phase == Phase::Over
    }

    fn winners(&self) -> SeatSet {
        Njet::winners(self)
    }

    fn round(&self) -> u32 {
        self.table.round
    }

    fn scores(&self) -> BySeat<i64> {
        self.table.scores
    }

    fn score_bounds(&self) -> (i64, i64) {
        (0, self.table.round_points_bound() * self.table.options.rounds as i64)
    }

    fn cards_left(&self) -> BySeat<u32> {
        self.table.hand_sizes.map(|&n| n as u32)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        View::of(self, seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        view::determinize(view, rng)
    }
}

impl Conformance for Njet {
    /// Card counts per kind over every zone.
    fn census(&self) -> Vec<u32> {
        let t = &self.table;
        let mut all = [0u32; Card::KINDS];
        let mut add = |cards: CardMultiset| {
            for card in cards.iter() {
                all[card.index()] += 1;
            }
        };
        for seat in 0..t.players() {
            add(self.hands[seat]);
            add(self.discards[seat]);
        }
        add(t.played);
        if t.players == 3 {
            add(CardMultiset::TWOS);
        }
        for &card in t.trick.played() {
            all[card.index()] += 1;
        }
        all.to_vec()
    }

    fn deck_census(&self) -> Vec<u32> {
        Card::all().map(Card::copies).collect()
    }

    fn action_universe(&self) -> Vec<Action> {
        let mut all: Vec<Action> = (0..Cell::COUNT as u8).map(|c| Action::Njet(Cell(c))).collect();
        all.extend(Seat::all(self.players()).map(Action::Partner));
        all.push(Action::Alone);
        all.extend(Card::all().map(Action::Discard));
        all.extend(Card::all().map(Action::Play));
        all
    }
}
