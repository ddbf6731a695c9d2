//! The state machine of a match: dealing and staking, runs, « sans … », collecting cells, and the
//! end-of-round settlement. `NainJaune::step` drives it; the `Game` impl lives in `lib.rs`.

use crate::cards::rank_mask;
use crate::cards::{
    BOARD_CARDS, Board, Cell, DECK_SIZE, FrenchCardSet, KING, STAKE_PER_PLAYER, card, card_points, rank_of,
};
use crate::options::Options;
use crate::options::{GrandOpera, Payment, SettlementOrder};
use crate::{Action, Chance, NainJaune, Phase, cards_per_player};
use crate::{Deal, PublicTable, View, action, cards, check_deal, options, per_seat, view};
use arrayvec::ArrayVec;
use serde::Serialize;
use serde_json::{Map, Value};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, Audience, BySeat, Conformance, EventSink, FrenchCard, Game, GameEvent, GameRng,
    OptionSpec, Seat, SeatSet, Setup, SetupError, check_deck,
};

/// Why a new run starts with a free lead.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NewRunReason {
    /// « Roi et je recommence ! »
    King,
    /// Nobody answered the « sans … »: the last to have played leads anew.
    NobodyAnswered,
}

/// Why the match ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player could not pay all he owed at the settlement.
    CannotPay,
    /// A player has fewer chips than the 15-chip stake of a new round.
    CannotStake,
    /// The `rounds` option's number of rounds has been played.
    RoundsPlayed,
}

/// What happened. Every event is public but [`Event::Dealt`], which only its seat is told.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round is dealt and every player has staked 1, 2, 3, 4, 5 chips on the cells.
    RoundStarted {
        round: u32,
        dealer: Seat,
        leader: Seat,
        cards_each: u32,
        aside: u32,
        board: Board,
    },
    /// The seat's own hand for the new round (private: only that seat is told). The first
    /// round's hands are in the views from the start.
    Dealt {
        seat: Seat,
        hand: FrenchCardSet,
    },
    Played {
        seat: Seat,
        card: FrenchCard,
    },
    /// « … qui prend ! »: the seat takes every chip of the cell.
    Collected {
        seat: Seat,
        cell: Cell,
        chips: u32,
    },
    /// The next card was laid before the claim (`manual_claim`): the cell stays on the board.
    ClaimMissed {
        seat: Seat,
        cell: Cell,
    },
    /// « sans … »: the seat ends its run; the next seat is called on `missing`.
    Stopped {
        seat: Seat,
        #[serde(with = "crate::cards::rank_serde")]
        missing: u8,
    },
    Passed {
        seat: Seat,
        #[serde(with = "crate::cards::rank_serde")]
        rank: u8,
    },
    NewRun {
        seat: Seat,
        reason: NewRunReason,
    },
    /// « J'arrête ! »: the seat has laid its last card.
    WentOut {
        seat: Seat,
    },
    /// The seat pays the round's winner for the cards left in its hand.
    Paid {
        seat: Seat,
        to: Seat,
        chips: u32,
        owed: u32,
    },
    /// The seat still holds the cell's card: it pays the cell as much as the cell held.
    Doubled {
        seat: Seat,
        cell: Cell,
        chips: u32,
        owed: u32,
    },
    /// The winner went out at the first go and sweeps the board.
    GrandOpera {
        seat: Seat,
        chips: u32,
    },
    RoundOver {
        round: u32,
        winner: Seat,
        chips: BySeat<u32>,
        board: Board,
    },
    MatchOver {
        winners: SeatSet,
        chips: BySeat<u32>,
        reason: EndReason,
    },
}

impl GameEvent for Event {
    fn audience(&self) -> Audience {
        match *self {
            Event::Dealt { seat, .. } => Audience::Only(seat),
            _ => Audience::Everyone,
        }
    }

    /// A deal shows its seat new cards. The settlement scores the hands left at the end of the
    /// round: a payment counts the points of cards nobody else saw (`card_points`), a doubling
    /// shows who kept a board card.
    fn reveals(&self) -> bool {
        matches!(self, Event::Dealt { .. } | Event::Paid { .. } | Event::Doubled { .. })
    }
}

impl NainJaune {
    /// Deals a round from the generator (or from `hands`/`aside` when given), takes the stakes
    /// and gives the lead to the seat left of the dealer.
    pub(crate) fn start_round<E: EventSink<Event, Chance>>(
        &mut self,
        given: Option<(BySeat<FrenchCardSet>, FrenchCardSet)>,
        events: &mut E,
    ) {
        let players = self.players();
        let (hands, aside) = match given {
            Some(deal) => deal,
            None => {
                let mut deck: [u8; DECK_SIZE] = std::array::from_fn(|i| i as u8);
                self.rng.shuffle(&mut deck);
                let (each, _) = cards_per_player(players);
                let mut hands = BySeat::<FrenchCardSet>::new(players);
                for (i, &index) in deck[..each * players].iter().enumerate() {
                    hands[Seat((i % players) as u8)].0.insert(index as usize);
                }
                let mut aside = FrenchCardSet::default();
                for &index in &deck[each * players..] {
                    aside.0.insert(index as usize);
                }
                let deal_now = || {
                    let cards = |set: FrenchCardSet| set.iter().collect();
                    let hands = Seat::all(players).map(|s| cards(hands[s])).collect();
                    Chance::Deal(Deal { hands, aside: cards(aside), chips: None, board: None })
                };
                let could_deal = |c: &Chance| {
                    let Chance::Deal(deal) = c;
                    deal.chips.is_none()
                        && deal.board.is_none()
                        && deal.hands.len() == players
                        && deal.hands.iter().all(|hand| hand.len() == each)
                        && check_deck(FrenchCard::suited(), deal.hands.iter().flatten().chain(&deal.aside).copied())
                            .is_ok()
                };
                match events.chance(deal_now, could_deal) {
                    Some(Chance::Deal(deal)) => {
                        let set = |cards: &[FrenchCard]| FrenchCardSet(cards.iter().map(|c| c.index()).collect());
                        (per_seat(players, |s| set(&deal.hands[s.index()])), set(&deal.aside))
                    }
                    None => (hands, aside),
                }
            }
        };
        self.hands = hands;
        self.aside = aside;
        let t = &mut self.table;
        t.played = FrenchCardSet::default();
        t.run.clear();
        t.passed = BySeat::new(players);
        t.claimable = None;
        t.laid = SeatSet::EMPTY;
        t.first_turn_over = SeatSet::EMPTY;
        for seat in Seat::all(players) {
            t.chips[seat] -= STAKE_PER_PLAYER;
        }
        for cell in Cell::ALL {
            t.board[cell] += cell.stake() * players as u32;
        }
        let leader = t.dealer.left(1, players);
        t.last_player = leader;
        t.had_move = SeatSet::single(leader);
        t.phase = Phase::Lead { seat: leader };
        let (each, aside_count) = cards_per_player(players);
        let (round, dealer, board) = (t.round, t.dealer, t.board);
        events.emit(|| Event::RoundStarted {
            round,
            dealer,
            leader,
            cards_each: each as u32,
            aside: aside_count as u32,
            board,
        });
        for seat in Seat::all(players) {
            let hand = self.hands[seat];
            events.emit(|| Event::Dealt { seat, hand });
        }
    }

    pub(crate) fn apply_action<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        match action {
            Action::Play(card) => self.play(seat, card.index(), events),
            Action::Stop => {
                let Phase::Continue { next, .. } = self.table.phase else { return };
                events.emit(|| Event::Stopped { seat, missing: next });
                self.call_next(seat, next, events);
            }
            Action::Pass => match self.table.phase {
                Phase::GoingOut { .. } => {
                    if let Some((claimer, cell)) = self.table.claimable.take() {
                        events.emit(|| Event::ClaimMissed { seat: claimer, cell });
                    }
                    self.end_round(seat, events);
                }
                Phase::Follow { rank, .. } => {
                    events.emit(|| Event::Passed { seat, rank });
                    if !self.table.options.follow_optional {
                        // Passing is only legal without the rank: the table learns it.
                        self.table.passed[seat].insert(rank);
                    }
                    self.call_next(seat, rank, events);
                }
                _ => {}
            },
            Action::Claim => {
                if let Some((claimer, cell)) = self.table.claimable.take() {
                    self.collect(claimer, cell, events);
                }
                if let Phase::GoingOut { seat } = self.table.phase {
                    self.end_round(seat, events);
                }
            }
        }
    }

    /// `from` ends its turn on a called `rank`: the next seat to the left is called on it, unless
    /// the call has come back round to the last player, who then leads anew.
    fn call_next<E: EventSink<Event, Chance>>(&mut self, from: Seat, rank: u8, events: &mut E) {
        let t = &mut self.table;
        let next = from.left(1, t.players as usize);
        if next == t.last_player {
            events.emit(|| Event::NewRun { seat: next, reason: NewRunReason::NobodyAnswered });
            t.phase = Phase::Lead { seat: next };
        } else {
            t.had_move.insert(next);
            t.phase = Phase::Follow { seat: next, rank };
        }
    }

    fn play<E: EventSink<Event, Chance>>(&mut self, seat: Seat, index: usize, events: &mut E) {
        let manual_claim = self.table.options.manual_claim;
        self.hands[seat].0.remove(index);
        let t = &mut self.table;
        if matches!(t.phase, Phase::Lead { .. }) {
            t.run.clear();
        }
        let laid = card(index);
        t.run.push(laid);
        t.played.0.insert(index);
        t.laid.insert(seat);
        // Another player's card ends the first turn of everyone who already had the move.
        t.first_turn_over |= t.had_move - SeatSet::single(seat);
        t.last_player = seat;
        events.emit(|| Event::Played { seat, card: laid });
        if let Some((claimer, cell)) = t.claimable.take() {
            events.emit(|| Event::ClaimMissed { seat: claimer, cell });
        }
        if BOARD_CARDS.contains(index) {
            let cell = Cell::of_card(index).expect("a board card has a cell");
            if manual_claim {
                self.table.claimable = Some((seat, cell));
            } else {
                self.collect(seat, cell, events);
            }
        }
        if self.hands[seat].is_empty() {
            if self.table.claimable.is_some() {
                // He may still say « … qui prend ! » with his « J'arrête ! ».
                self.table.phase = Phase::GoingOut { seat };
            } else {
                self.end_round(seat, events);
            }
            return;
        }
        let rank = rank_of(index);
        if rank == KING {
            events.emit(|| Event::NewRun { seat, reason: NewRunReason::King });
            self.table.phase = Phase::Lead { seat };
        } else {
            self.table.phase = Phase::Continue { seat, next: rank + 1 };
        }
    }

    fn collect<E: EventSink<Event, Chance>>(&mut self, seat: Seat, cell: Cell, events: &mut E) {
        let t = &mut self.table;
        let chips = std::mem::take(&mut t.board[cell]);
        t.chips[seat] += chips;
        events.emit(|| Event::Collected { seat, cell, chips });
    }

    fn is_grand_opera(&self, winner: Seat) -> bool {
        match self.table.options.grand_opera {
            GrandOpera::Strict => self.table.laid == SeatSet::single(winner),
            GrandOpera::FirstTurn => !self.table.first_turn_over.contains(winner),
        }
    }

    /// Debt owed to the winner for the cards left in `hand`.
    fn payment_for(&self, hand: FrenchCardSet) -> u32 {
        match self.table.options.payment {
            Payment::PerCard => hand.len() as u32,
            Payment::CardPoints => hand.0.iter().map(card_points).sum(),
        }
    }

    /// The settlement (payment, doublings, Grand Opéra in the order of the options), then the
    /// next round or the end of the match.
    fn end_round<E: EventSink<Event, Chance>>(&mut self, winner: Seat, events: &mut E) {
        events.emit(|| Event::WentOut { seat: winner });
        let players = self.players();
        let grand_opera = self.is_grand_opera(winner);
        let order = self.table.options.settlement_order;
        let mut short = false;
        for seat in Seat::all(players).filter(|&s| s != winner) {
            let owed = self.payment_for(self.hands[seat]);
            let chips = owed.min(self.table.chips[seat]);
            short |= chips < owed;
            self.table.chips[seat] -= chips;
            self.table.chips[winner] += chips;
            events.emit(|| Event::Paid { seat, to: winner, chips, owed });
        }
        // Each cell doubles by what it holds now, whatever the sweep does after.
        let before_doubling = self.table.board;
        if grand_opera && order == SettlementOrder::SweepBeforeDoubling {
            self.sweep(winner, events);
        }
        if !(grand_opera && order == SettlementOrder::NoDoublingOnGrandOpera) {
            for cell in Cell::ALL {
                let index = cell.card().index();
                let Some(holder) = Seat::all(players).find(|&s| self.hands[s].0.contains(index)) else { continue };
                let owed = before_doubling[cell];
                let chips = owed.min(self.table.chips[holder]);
                short |= chips < owed;
                self.table.chips[holder] -= chips;
                self.table.board[cell] += chips;
                events.emit(|| Event::Doubled { seat: holder, cell, chips, owed });
            }
        }
        if grand_opera && order != SettlementOrder::SweepBeforeDoubling {
            self.sweep(winner, events);
        }
        let t = &mut self.table;
        let (round, chips, board) = (t.round, t.chips, t.board);
        events.emit(|| Event::RoundOver { round, winner, chips, board });
        let reason = if short {
            Some(EndReason::CannotPay)
        } else if t.options.rounds != 0 && t.round >= t.options.rounds {
            Some(EndReason::RoundsPlayed)
        } else if t.chips.iter().any(|&c| c < STAKE_PER_PLAYER) {
            Some(EndReason::CannotStake)
        } else {
            None
        };
        match reason {
            Some(reason) => {
                let best = t.chips.iter().copied().max().unwrap_or(0);
                t.winners = Seat::all(players).filter(|&s| t.chips[s] == best).collect();
                t.phase = Phase::Over;
                let winners = t.winners;
                events.emit(|| Event::MatchOver { winners, chips, reason });
            }
            None => {
                t.round += 1;
                t.dealer = t.dealer.left(1, players);
                self.start_round(None, events);
            }
        }
    }

    fn sweep<E: EventSink<Event, Chance>>(&mut self, winner: Seat, events: &mut E) {
        let t = &mut self.table;
        let chips = t.board.total();
        t.board = Board::default();
        t.chips[winner] += chips;
        events.emit(|| Event::GrandOpera { seat: winner, chips });
    }
}

/// Why an action is refused to a seat that may act (worded in `text.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// « Qui prend ! » with no cell to claim.
    NothingToClaim,
    /// A card after the last one: the round is won.
    HandEmpty,
    NotInHand,
    /// A run rises one rank at a time: `next` (a value) is expected.
    RunRises {
        next: u8,
    },
    /// « Sans … ! » was called on `rank` (a value): only that rank answers.
    OnlyCalledRank {
        rank: u8,
    },
    /// A pass while holding the called rank.
    MustLayCalled,
    /// A new run starts with a card, not a stop or a pass.
    RunStartsWithCard,
    /// A pass in one's own run: the missing rank is called (stop).
    CallMissingRank,
    /// A stop while called on a rank.
    StopIsForOwnRun,
}

impl NainJaune {
    /// Why `seat`, which may act, may not take `action`: the rule it breaks.
    pub(crate) fn why_illegal(&self, seat: Seat, action: Action) -> Option<Illegal> {
        let t = &self.table;
        let mover = t.phase.seat() == Some(seat);
        let claimable = matches!(t.claimable, Some((claimer, _)) if claimer == seat);
        match (t.phase, action) {
            (_, Action::Claim) if !claimable => Some(Illegal::NothingToClaim),
            (_, _) if !mover => None,
            (Phase::GoingOut { .. }, Action::Play(_)) => Some(Illegal::HandEmpty),
            (_, Action::Play(card)) if !self.hands[seat].0.contains(card.index()) => Some(Illegal::NotInHand),
            (Phase::Continue { next, .. }, Action::Play(_)) => Some(Illegal::RunRises { next }),
            (Phase::Follow { rank, .. }, Action::Play(_)) => Some(Illegal::OnlyCalledRank { rank }),
            (Phase::Follow { .. }, Action::Pass) => Some(Illegal::MustLayCalled),
            (Phase::Lead { .. }, Action::Stop | Action::Pass) => Some(Illegal::RunStartsWithCard),
            (Phase::Continue { .. }, Action::Pass) => Some(Illegal::CallMissingRank),
            (Phase::Follow { .. }, Action::Stop) => Some(Illegal::StopIsForOwnRun),
            _ => None,
        }
    }
}

impl Game for NainJaune {
    const ID: &'static str = "nainjaune";
    const NAME: &'static str = "Le Nain Jaune";
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

    /// Core checks the keys and every value it can read; `rounds` (a number or `null`) is read
    /// here, so that its error names what it takes in both languages.
    fn parse_options(given: &Map<String, Value>) -> Result<Options, SetupError> {
        let complete = tapis_core::options::complete_options(options::OPTION_SPECS, given)?;
        options::check_rounds(&complete)?;
        tapis_core::options::parse_options(options::OPTION_SPECS, &complete)
    }

    fn players_range(options: &Options) -> RangeInclusive<usize> {
        if options.two_players { 2..=8 } else { 3..=8 }
    }

    /// `Match::new` has checked the player count, the dealer and each option's value (the
    /// capital among them) before calling this; the options have no cross-checks.
    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, events: &mut E) -> Result<Self, SetupError> {
        let options = setup.options;
        let players = setup.players;
        let dealer = setup.first_dealer();
        let (given, chips, board) = match &setup.deal {
            None => (None, per_seat(players, |_| options.capital), Board::default()),
            Some(deal) => {
                let (hands, aside, chips, board) = check_deal(deal, players, options.capital)?;
                (Some((hands, aside)), chips, board)
            }
        };
        let total_chips = chips.iter().sum::<u32>() + board.total();
        let mut game = NainJaune {
            table: PublicTable {
                options,
                players: players as u8,
                round: 1,
                dealer,
                phase: Phase::Over,
                last_player: dealer,
                played: FrenchCardSet::default(),
                run: ArrayVec::new(),
                chips,
                board,
                total_chips,
                passed: BySeat::new(players),
                claimable: None,
                laid: SeatSet::EMPTY,
                had_move: SeatSet::EMPTY,
                first_turn_over: SeatSet::EMPTY,
                winners: SeatSet::EMPTY,
            },
            hands: BySeat::new(players),
            aside: FrenchCardSet::default(),
            rng: GameRng::seed_from_u64(setup.seed),
        };
        game.start_round(given, events);
        Ok(game)
    }

    fn players(&self) -> usize {
        self.table.players as usize
    }

    fn options(&self) -> &Options {
        &self.table.options
    }

    fn actors(&self) -> SeatSet {
        let mut actors = self.waiting_for();
        if let Some((claimer, _)) = self.table.claimable {
            actors.insert(claimer);
        }
        actors
    }

    fn waiting_for(&self) -> SeatSet {
        self.table.phase.seat().map_or(SeatSet::EMPTY, SeatSet::single)
    }

    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        let t = &self.table;
        let Some(hand) = self.hands.as_slice().get(seat.index()).copied() else { return };
        let plays = |out: &mut ActionList<Action>, cards: FrenchCardSet| {
            out.extend(cards.iter().map(Action::Play));
        };
        match t.phase {
            Phase::Lead { seat: s } if s == seat => plays(out, hand),
            Phase::Continue { seat: s, next } if s == seat => {
                plays(out, FrenchCardSet(hand.0 & rank_mask(next)));
                out.push(Action::Stop);
            }
            Phase::Follow { seat: s, rank } if s == seat => {
                let answers = FrenchCardSet(hand.0 & rank_mask(rank));
                plays(out, answers);
                if answers.is_empty() || t.options.follow_optional {
                    out.push(Action::Pass);
                }
            }
            Phase::GoingOut { seat: s } if s == seat => out.push(Action::Pass),
            _ => {}
        }
        if matches!(t.claimable, Some((claimer, _)) if claimer == seat) {
            out.push(Action::Claim);
        }
    }

    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        self.apply_action(seat, action, events);
    }

    fn why_illegal(&self, seat: Seat, action: Action) -> Option<Illegal> {
        NainJaune::why_illegal(self, seat, action)
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
        per_seat(self.players(), |s| i64::from(self.table.chips[s]))
    }

    fn score_bounds(&self) -> (i64, i64) {
        (0, self.table.total_chips as i64)
    }

    /// The chips before the stakes of the round just dealt: what the settlement left. A match
    /// over deals no round.
    fn round_end_scores(&self) -> BySeat<i64> {
        let staked = if self.is_over() { 0 } else { STAKE_PER_PLAYER };
        per_seat(self.players(), |s| i64::from(self.table.chips[s] + staked))
    }

    fn cards_left(&self) -> BySeat<u32> {
        per_seat(self.players(), |s| self.hands[s].len() as u32)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        view::view(self, seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        view::determinize(view, rng)
    }
}

impl Conformance for NainJaune {
    fn census(&self) -> Vec<u32> {
        let mut counts = vec![0; DECK_SIZE];
        let zones = self.hands.iter().copied().chain([self.aside, self.table.played]);
        for zone in zones {
            for index in zone.0.iter() {
                counts[index] += 1;
            }
        }
        counts
    }

    fn deck_census(&self) -> Vec<u32> {
        vec![1; DECK_SIZE]
    }

    fn action_universe(&self) -> Vec<Action> {
        let mut all: Vec<Action> = (0..DECK_SIZE).map(|i| Action::Play(cards::card(i))).collect();
        all.extend([Action::Stop, Action::Pass, Action::Claim]);
        all
    }
}
