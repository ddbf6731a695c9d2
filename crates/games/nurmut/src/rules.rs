//! The match state and its state machine: dealing, the four actions, Courage's outcomes, the
//! joker cover, the all-pass rule, round scoring and the end of the match.

use crate::action::Action;
use crate::cards::{Card, DECK_SIZE, Deck, Face, Pile, Placed};
use crate::options;
use crate::options::DeckChoice;
use crate::options::{CoverFace, ForcedAction, NextRoundStarter, Options, TieBreak};
use crate::view::View;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::ops::RangeInclusive;
use tapis_core::{
    ActionError, ActionList, Audience, BySeat, CardSet128, Conformance, EventSink, Game, GameRng, OptionSpec, Seat,
    SeatSet, Setup, SetupError, Text, check_deck,
};

/// The most seats: 7 × 10 + 3 = 73 of the 81 cards (only with `max_players: 7`).
pub const MAX_PLAYERS: usize = 7;
/// Cards dealt to each player's pile.
pub const PILE_CARDS: usize = 10;
/// Centre piles.
pub const CENTRE_PILES: usize = 3;

/// Why an action is refused to the seat whose turn it is (worded in `text.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// The top card, showing `face`, does not fit centre pile `pile` (from 0), which shows `top`.
    Misfit { face: Face, pile: u8, top: Face },
    /// The card Courage turned over, showing `face`, must be placed on a pile it fits.
    PlaceTurnedCard { face: Face },
    /// After a full round of passes: a card that fits, or Courage.
    ForcedPlayOrCourage,
    /// After a full round of passes: Courage.
    ForcedCourage,
    /// A joker showing on one's pile is played at once.
    VisibleJokerForced,
    /// Tucking is off at this table.
    TuckOff,
    /// Only a card that fits no pile is tucked, and `face` fits one.
    TuckOnlyMisfit { face: Face },
}

/// What the current player is doing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A normal (or bonus) turn: play, tuck, pass or Courage.
    Turn,
    /// Courage turned the top card over and it fits (or is a joker): it must be placed.
    Place,
    /// The match is over.
    Over,
}

/// An outcome of chance, as a record keeps it. Cards are written as they lie (NOTATION.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// A round dealt from the shuffled and turned deck, its joker bases replaced: the deal form.
    Deal(Deal),
    /// The centre pile (1–3) a failed Courage takes, drawn among the highest ones tied (N8).
    Tie(u8),
    /// The player's own pile once the centre pile he took was shuffled and turned into it, top
    /// first (N9).
    Pile(Vec<Card>),
}

/// A hand-made first round (NOTATION.md): piles top first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub piles: Vec<Vec<Card>>,
    pub center: Vec<Card>,
    pub stock: Vec<Card>,
}

/// What happened. Every event is public: nobody, owner included, sees more of a pile than its top
/// face, and every face turned up is turned up in front of the whole table (see the module docs of
/// the crate). Piles are numbered 1–3 as in the notation.
///
/// A face nobody had seen comes in an event of its own that [`GameEvent::reveals`] marks: a new
/// top card ([`Event::TopShown`]), a card turned over ([`Event::Flipped`]), a card laid on a joker
/// straight from under the one above it ([`Event::Covered`]), a new deal ([`Event::RoundStarted`]).
///
/// [`GameEvent::reveals`]: tapis_core::GameEvent::reveals
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new round is dealt: the top face of every pile and the three bases are turned up.
    RoundStarted {
        round: u32,
        starter: Seat,
        tops: BySeat<Face>,
        center: [Face; 3],
    },
    /// The card showing on top of a pile, or the card Courage turned over, laid on a centre pile.
    Played {
        seat: Seat,
        pile: u8,
        face: Face,
    },
    /// The top card, showing `face`, put under the pile.
    Tucked {
        seat: Seat,
        face: Face,
    },
    Passed {
        seat: Seat,
        streak: u8,
    },
    /// Courage turned the top card over: it showed `was` and now shows `revealed`.
    Flipped {
        seat: Seat,
        was: Face,
        revealed: Face,
        fits: bool,
    },
    /// The next card of the pile laid on a joker, no fit needed, without having been seen on top
    /// of the pile. `was` is the face it showed there when `cover_face: flipped` turned it over.
    Covered {
        seat: Seat,
        pile: u8,
        face: Face,
        was: Option<Face>,
    },
    /// A failed Courage: the highest pile goes into the player's pile, shuffled (`tie`: chance
    /// chose it among equal tops).
    PileTaken {
        seat: Seat,
        pile: u8,
        cards: u32,
        pile_size: u32,
        tie: bool,
    },
    /// The next player's top card fills the taken pile's place: his whole turn.
    Replaced {
        seat: Seat,
        pile: u8,
        face: Face,
    },
    /// The card now on top of the seat's pile shows `face`: the card above it left, or the pile
    /// was shuffled.
    TopShown {
        seat: Seat,
        face: Face,
    },
    RoundOver {
        round: u32,
        winner: Seat,
        cards: BySeat<u32>,
        scores: BySeat<i64>,
    },
    MatchOver {
        winners: SeatSet,
        scores: BySeat<i64>,
    },
}

impl tapis_core::GameEvent for Event {
    /// Nobody ever learns a face alone (module docs): everything is told to everyone.
    fn audience(&self) -> Audience {
        Audience::Everyone
    }

    fn reveals(&self) -> bool {
        match self {
            Event::RoundStarted { .. } | Event::Flipped { .. } | Event::Covered { .. } | Event::TopShown { .. } => true,
            Event::PileTaken { tie, .. } => *tie,
            Event::Played { .. }
            | Event::Tucked { .. }
            | Event::Passed { .. }
            | Event::Replaced { .. }
            | Event::RoundOver { .. }
            | Event::MatchOver { .. } => false,
        }
    }
}

/// A whole match of Nur Mut.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct NurMut {
    pub(crate) options: Options,
    pub(crate) deck: Deck,
    pub(crate) players: u8,
    /// Each player's pile, bottom first.
    pub(crate) piles: [Pile; MAX_PLAYERS],
    /// How many cards at the bottom of each pile (top excluded) everybody saw go under by a tuck.
    pub(crate) known_bottom: [u8; MAX_PLAYERS],
    pub(crate) centre: [Pile; CENTRE_PILES],
    /// The cards set aside at setup; used only to replace a joker base.
    pub(crate) stock: Pile,
    /// Cards whose both faces everybody saw (turned by Courage or by a flipped cover) and that have
    /// not been shuffled since.
    pub(crate) both_faces_seen: CardSet128,
    pub(crate) phase: Phase,
    pub(crate) current: Seat,
    /// Consecutive turns without a card reaching a centre pile.
    pub(crate) pass_streak: u8,
    pub(crate) round: u32,
    pub(crate) first_dealer: Seat,
    pub(crate) starter: Seat,
    pub(crate) scores: BySeat<i64>,
    /// Cards each seat held when the last finished round ended.
    pub(crate) last_cards: BySeat<u32>,
    pub(crate) round_winner: Option<Seat>,
    pub(crate) winners: SeatSet,
    pub(crate) rng: GameRng,
}

impl NurMut {
    pub(crate) fn new<E: EventSink<Event, Chance>>(
        players: usize,
        seed: u64,
        first_dealer: Seat,
        options: Options,
        deal: Option<&Deal>,
        events: &mut E,
    ) -> Result<NurMut, SetupError> {
        // `Match::new` has checked the player count against `players_range` and the dealer; the
        // options were checked by `parse_options` (`check_options` included).
        let starter = first_dealer.left(1, players);
        let mut game = NurMut {
            options,
            deck: options.deck(),
            players: players as u8,
            piles: [Pile::default(); MAX_PLAYERS],
            known_bottom: [0; MAX_PLAYERS],
            centre: [Pile::default(); CENTRE_PILES],
            stock: Pile::default(),
            both_faces_seen: CardSet128::EMPTY,
            phase: Phase::Turn,
            current: starter,
            pass_streak: 0,
            round: 1,
            first_dealer,
            starter,
            scores: BySeat::new(players),
            last_cards: BySeat::new(players),
            round_winner: None,
            winners: SeatSet::EMPTY,
            rng: GameRng::seed_from_u64(seed),
        };
        match deal {
            Some(deal) => game.lay_out(deal)?,
            None => game.deal_random(events),
        }
        Ok(game)
    }

    pub(crate) fn n(&self) -> usize {
        self.players as usize
    }

    pub(crate) fn centre_top(&self, pile: usize) -> Face {
        self.centre[pile].top().map_or(Face::JOKER, |c| c.showing(&self.deck))
    }

    pub(crate) fn top_face(&self, seat: Seat) -> Option<Face> {
        self.piles[seat.index()].top().map(|c| c.showing(&self.deck))
    }

    pub(crate) fn forced_courage(&self) -> bool {
        self.phase == Phase::Turn && self.pass_streak as usize >= self.n()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    // ----- dealing -----

    /// Shuffles a pile's order and draws a fresh orientation for every card (§1.3, N15).
    fn shuffle_turning(pile: &mut Pile, rng: &mut GameRng) {
        rng.shuffle(pile.as_mut_slice());
        for card in pile.as_mut_slice() {
            *card = Placed::new(card.id(), rng.coin());
        }
    }

    fn clear_table(&mut self) {
        for pile in self.piles.iter_mut().chain(self.centre.iter_mut()) {
            pile.clear();
        }
        self.stock.clear();
        self.known_bottom = [0; MAX_PLAYERS];
        self.both_faces_seen = CardSet128::EMPTY;
        self.pass_streak = 0;
    }

    /// A round's random deal: 10 cards per pile, three bases that show numbers, the rest aside;
    /// a chance point of `events`.
    fn deal_random<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        self.shuffle_and_deal();
        if let Some(Chance::Deal(deal)) = events.chance(|| Chance::Deal(self.deal_now()), |c| self.could_deal(c)) {
            self.impose_deal(&deal);
        }
    }

    /// The round as it lies, in the deal form.
    fn deal_now(&self) -> Deal {
        let cards = |pile: &Pile| pile.as_slice().iter().rev().map(|&p| self.card_of(p)).collect();
        Deal {
            piles: self.piles[..self.n()].iter().map(cards).collect(),
            center: self.centre.iter().filter_map(|pile| pile.top()).map(|p| self.card_of(p)).collect(),
            stock: cards(&self.stock),
        }
    }

    fn card_of(&self, placed: Placed) -> Card {
        Card::new(placed.showing(&self.deck), placed.hidden(&self.deck))
    }

    /// Every card of the round as it lies, in one order: each pile bottom first, the three
    /// bases, the stock bottom first; and the deal's cards in the same order.
    fn round_cards(&self) -> Vec<Placed> {
        let piles = self.piles[..self.n()].iter().chain(&self.centre).chain([&self.stock]);
        piles.flat_map(|pile| pile.as_slice().iter().copied()).collect()
    }

    fn deal_cards(deal: &Deal) -> Vec<Card> {
        let piles = deal.piles.iter().flat_map(|pile| pile.iter().rev());
        piles.chain(&deal.center).chain(deal.stock.iter().rev()).copied().collect()
    }

    /// Whether `outcome` could be the round just dealt: the same cards in piles of the same
    /// sizes, three bases that show numbers.
    fn could_deal(&self, outcome: &Chance) -> bool {
        let Chance::Deal(deal) = outcome else { return false };
        deal.piles.len() == self.n()
            && deal.piles.iter().zip(&self.piles).all(|(cards, pile)| cards.len() == pile.len())
            && deal.center.len() == CENTRE_PILES
            && deal.center.iter().all(|card| !card.showing.is_joker())
            && deal.stock.len() == self.stock.len()
            && self.rearranged(&self.round_cards(), &Self::deal_cards(deal)).is_some()
    }

    /// Lays the round's cards out as `deal` says (it fits: [`Self::could_deal`]).
    fn impose_deal(&mut self, deal: &Deal) {
        let Some(placed) = self.rearranged(&self.round_cards(), &Self::deal_cards(deal)) else { return };
        let mut next = placed.into_iter();
        let n = self.n();
        for pile in self.piles[..n].iter_mut().chain(self.centre.iter_mut()).chain([&mut self.stock]) {
            for slot in pile.as_mut_slice() {
                *slot = next.next().unwrap_or(*slot);
            }
        }
    }

    /// The physical cards `now` laid out as `wanted` says, position by position: a card keeps
    /// its place where it already shows what is wanted there, the others are taken among the
    /// rest by their two faces (a deck may hold the same card twice). `None` when `wanted` is
    /// not the same cards.
    fn rearranged(&self, now: &[Placed], wanted: &[Card]) -> Option<Vec<Placed>> {
        if now.len() != wanted.len() {
            return None;
        }
        let mut taken = vec![false; now.len()];
        let mut placed: Vec<Option<Placed>> = vec![None; wanted.len()];
        for (i, (&card, want)) in now.iter().zip(wanted).enumerate() {
            if self.card_of(card) == *want {
                placed[i] = Some(card);
                taken[i] = true;
            }
        }
        for (slot, want) in placed.iter_mut().zip(wanted) {
            if slot.is_some() {
                continue;
            }
            let j = (0..now.len()).find(|&j| !taken[j] && self.card_of(now[j]).unordered() == want.unordered())?;
            taken[j] = true;
            let id = now[j].id();
            *slot = Some(Placed::new(id, self.deck.faces[id][0] != want.showing));
        }
        placed.into_iter().collect()
    }

    /// Shuffles and turns the deck and deals it.
    fn shuffle_and_deal(&mut self) {
        self.clear_table();
        let mut all = Pile::default();
        for id in 0..DECK_SIZE {
            all.push(Placed::new(id, false));
        }
        Self::shuffle_turning(&mut all, &mut self.rng);
        for seat in 0..self.n() {
            for _ in 0..PILE_CARDS {
                if let Some(card) = all.pop() {
                    self.piles[seat].push(card);
                }
            }
        }
        self.stock = all;
        for base in 0..CENTRE_PILES {
            // A joker base goes back among the set-aside cards, which are shuffled again. Every
            // card has a number on one side, so this ends.
            while let Some(card) = self.stock.pop() {
                if card.showing(&self.deck).is_joker() {
                    self.stock.push(card);
                    Self::shuffle_turning(&mut self.stock, &mut self.rng);
                } else {
                    self.centre[base].push(card);
                    break;
                }
            }
        }
    }

    /// A hand-made first round: its shape here, its cards against the deck by `check_deck`.
    fn lay_out(&mut self, deal: &Deal) -> Result<(), SetupError> {
        let n = self.n();
        let bad = |fr: String, en: String| Err(SetupError::BadDeal(Text::new(fr, en)));
        if deal.piles.len() != n {
            let k = deal.piles.len();
            return bad(
                format!("la donne a {k} tas pour {n} joueurs"),
                format!("the deal has {k} piles for {n} players"),
            );
        }
        if let Some((seat, pile)) = deal.piles.iter().enumerate().find(|(_, p)| p.len() != PILE_CARDS) {
            let len = pile.len();
            return bad(
                format!("le tas {seat} a {len} cartes : chaque joueur commence avec {PILE_CARDS}"),
                format!("pile {seat} has {len} cards: every player starts with {PILE_CARDS}"),
            );
        }
        if deal.center.len() != CENTRE_PILES {
            let k = deal.center.len();
            return bad(
                format!("le centre a {k} cartes : il lui faut {CENTRE_PILES} bases"),
                format!("the centre has {k} cards: it needs {CENTRE_PILES} bases"),
            );
        }
        if let Some(base) = deal.center.iter().find(|c| c.showing.is_joker()) {
            return bad(
                format!("la base {base} du centre montre un joker : une base de pile montre toujours un nombre"),
                format!("centre base {base} shows a joker: a pile base always shows a number"),
            );
        }
        // A physical card is its two faces, whichever side is up. With the piles and the centre
        // of the right size, the deck's census also fixes the stock's size.
        let written = deal.piles.iter().flatten().chain(&deal.center).chain(&deal.stock);
        check_deck((0..DECK_SIZE).map(|id| self.deck.card(id).unordered()), written.map(|c| c.unordered()))?;
        let mut used = CardSet128::EMPTY;
        let mut place = |card: &Card| -> Placed {
            for id in 0..DECK_SIZE {
                let faces = self.deck.faces[id];
                if used.contains(id) {
                    continue;
                }
                if faces == [card.showing, card.hidden] || faces == [card.hidden, card.showing] {
                    used.insert(id);
                    return Placed::new(id, faces[0] != card.showing);
                }
            }
            Placed(0) // unreachable: `check_deck` matched every card
        };
        let mut piles = [Pile::default(); MAX_PLAYERS];
        for (seat, cards) in deal.piles.iter().enumerate() {
            for card in cards.iter().rev() {
                piles[seat].push(place(card));
            }
        }
        let mut centre = [Pile::default(); CENTRE_PILES];
        for (base, card) in deal.center.iter().enumerate() {
            centre[base].push(place(card));
        }
        let mut stock = Pile::default();
        for card in deal.stock.iter().rev() {
            stock.push(place(card));
        }
        self.clear_table();
        self.piles = piles;
        self.centre = centre;
        self.stock = stock;
        Ok(())
    }

    // ----- legal actions -----

    pub(crate) fn legal(&self, seat: Seat, out: &mut ActionList<Action>) {
        if self.phase == Phase::Over || seat != self.current {
            return;
        }
        let Some(face) = self.top_face(seat) else { return };
        let fits: [bool; CENTRE_PILES] = std::array::from_fn(|k| face.fits(self.centre_top(k)));
        let push_plays = |out: &mut ActionList<Action>| {
            for (k, _) in fits.iter().enumerate().filter(|(_, f)| **f) {
                out.push(Action::Play(k as u8));
            }
        };
        if self.phase == Phase::Place {
            push_plays(out);
            return;
        }
        if self.forced_courage() {
            if self.options.forced_action == ForcedAction::PlayOrCourage {
                push_plays(out);
            }
            out.push(Action::Courage);
            return;
        }
        push_plays(out);
        if face.is_joker() && self.options.visible_joker_forced {
            return;
        }
        if self.options.allow_tuck && !fits.contains(&true) {
            out.push(Action::Tuck);
        }
        out.push(Action::Pass);
        out.push(Action::Courage);
    }

    /// Why `seat`, which may act, may not take `action`: the rule it breaks.
    pub(crate) fn why_not(&self, seat: Seat, action: Action) -> Option<Illegal> {
        let face = self.top_face(seat)?;
        let misfit = |k: u8| {
            let pile = k as usize % CENTRE_PILES;
            Illegal::Misfit { face, pile: pile as u8, top: self.centre_top(pile) }
        };
        if self.phase == Phase::Place {
            return Some(match action {
                Action::Play(k) => misfit(k),
                _ => Illegal::PlaceTurnedCard { face },
            });
        }
        if self.forced_courage() {
            return Some(match (self.options.forced_action, action) {
                (ForcedAction::PlayOrCourage, Action::Play(k)) => misfit(k),
                (ForcedAction::PlayOrCourage, _) => Illegal::ForcedPlayOrCourage,
                (ForcedAction::Courage, _) => Illegal::ForcedCourage,
            });
        }
        match action {
            Action::Play(k) => Some(misfit(k)),
            _ if face.is_joker() && self.options.visible_joker_forced => Some(Illegal::VisibleJokerForced),
            Action::Tuck if !self.options.allow_tuck => Some(Illegal::TuckOff),
            Action::Tuck => Some(Illegal::TuckOnlyMisfit { face }),
            Action::Pass | Action::Courage => None,
        }
    }

    // ----- acting -----

    pub(crate) fn act<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        let s = seat.index();
        match (self.phase, action) {
            (Phase::Turn | Phase::Place, Action::Play(pile)) => {
                let after_courage = self.phase == Phase::Place;
                let pile = pile as usize % CENTRE_PILES;
                let Some((face, _)) = self.move_top_to_centre(s, pile, false) else { return };
                events.emit(|| Event::Played { seat, pile: pile as u8 + 1, face });
                self.pass_streak = 0;
                if self.piles[s].is_empty() {
                    return self.end_round(seat, events);
                }
                if face.is_joker() {
                    if self.cover(seat, pile, events) {
                        return;
                    }
                    let bonus = after_courage && self.options.courage_joker_bonus;
                    self.start_turn(if bonus { seat } else { self.next(seat) });
                    return;
                }
                self.show_top(seat, events);
                // The reward of a successful Courage: one whole extra turn (N5).
                self.start_turn(if after_courage { seat } else { self.next(seat) });
            }
            (Phase::Turn, Action::Tuck) => {
                let face = self.top_face(seat).unwrap_or_default();
                let len = self.piles[s].len();
                self.piles[s].top_to_bottom();
                self.known_bottom[s] = (self.known_bottom[s] as usize + 1).min(len.saturating_sub(1)) as u8;
                self.pass_streak += 1;
                events.emit(|| Event::Tucked { seat, face });
                if len > 1 {
                    self.show_top(seat, events);
                }
                self.start_turn(self.next(seat));
            }
            (Phase::Turn, Action::Pass) => {
                self.pass_streak += 1;
                events.emit(|| Event::Passed { seat, streak: self.pass_streak });
                self.start_turn(self.next(seat));
            }
            (Phase::Turn, Action::Courage) => {
                let Some(top) = self.piles[s].top() else { return };
                let turned = top.flipped();
                self.piles[s].set_top(turned);
                self.both_faces_seen.insert(top.id());
                let revealed = turned.showing(&self.deck);
                let fits = (0..CENTRE_PILES).any(|k| revealed.fits(self.centre_top(k)));
                events.emit(|| Event::Flipped { seat, was: top.showing(&self.deck), revealed, fits });
                if fits {
                    self.phase = Phase::Place;
                } else {
                    self.fail_courage(seat, events);
                }
            }
            _ => {}
        }
    }

    fn next(&self, seat: Seat) -> Seat {
        seat.left(1, self.n())
    }

    /// Tells the table the face now showing on top of `seat`'s pile, a face nobody saw before.
    fn show_top<E: EventSink<Event, Chance>>(&self, seat: Seat, events: &mut E) {
        if let Some(face) = self.top_face(seat) {
            events.emit(|| Event::TopShown { seat, face });
        }
    }

    fn start_turn(&mut self, seat: Seat) {
        self.current = seat;
        self.phase = Phase::Turn;
    }

    /// Moves the top card of `seat`'s pile onto centre pile `pile`, turned over when `turn` is
    /// set; returns the face it shows there and, when turned, the face it showed before.
    fn move_top_to_centre(&mut self, seat: usize, pile: usize, turn: bool) -> Option<(Face, Option<Face>)> {
        let mut card = self.piles[seat].pop()?;
        let was = turn.then(|| card.showing(&self.deck));
        if turn {
            self.both_faces_seen.insert(card.id());
            card = card.flipped();
        }
        let len = self.piles[seat].len();
        self.known_bottom[seat] = self.known_bottom[seat].min(len.saturating_sub(1) as u8);
        self.centre[pile].push(card);
        Some((card.showing(&self.deck), was))
    }

    /// §1.5: a joker went onto `pile`; `seat` covers it with the next cards of his pile until a
    /// number shows. Returns true when his pile ran out (he won the round, which is now scored).
    /// Each covering card goes from under the card above it straight onto the joker, so the table
    /// first sees it in [`Event::Covered`]; only the card left on top at the end is shown alone.
    fn cover<E: EventSink<Event, Chance>>(&mut self, seat: Seat, pile: usize, events: &mut E) -> bool {
        let turn = self.options.cover_face == CoverFace::Flipped;
        loop {
            let Some((face, was)) = self.move_top_to_centre(seat.index(), pile, turn) else { return false };
            events.emit(|| Event::Covered { seat, pile: pile as u8 + 1, face, was });
            if self.piles[seat.index()].is_empty() {
                self.end_round(seat, events);
                return true;
            }
            if !face.is_joker() {
                self.show_top(seat, events);
                return false;
            }
        }
    }

    /// The revealed face fits nowhere: take the highest pile (a random one among ties, N8), shuffle
    /// it into one's own pile, and the next player fills the gap with his top card (N9, N10).
    fn fail_courage<E: EventSink<Event, Chance>>(&mut self, seat: Seat, events: &mut E) {
        let s = seat.index();
        let highest = (0..CENTRE_PILES).map(|k| self.centre_top(k)).max().unwrap_or_default();
        let mut tied: [usize; CENTRE_PILES] = [0; CENTRE_PILES];
        let mut count = 0;
        for k in 0..CENTRE_PILES {
            if self.centre_top(k) == highest {
                tied[count] = k;
                count += 1;
            }
        }
        let mut pile = if count > 1 { tied[self.rng.index(count)] } else { tied[0] };
        if count > 1 {
            let among =
                |c: &Chance| matches!(*c, Chance::Tie(k) if tied[..count].contains(&(k as usize).wrapping_sub(1)));
            if let Some(Chance::Tie(k)) = events.chance(|| Chance::Tie(pile as u8 + 1), among) {
                pile = k as usize - 1;
            }
        }
        let taken = self.centre[pile].len() as u32;
        for i in 0..self.centre[pile].len() {
            let card = self.centre[pile].as_slice()[i];
            self.piles[s].push(card);
        }
        self.centre[pile].clear();
        Self::shuffle_turning(&mut self.piles[s], &mut self.rng);
        let pile_now = || Chance::Pile(self.piles[s].as_slice().iter().rev().map(|&p| self.card_of(p)).collect());
        let same_cards = |c: &Chance| {
            let Chance::Pile(cards) = c else { return false };
            let wanted: Vec<Card> = cards.iter().rev().copied().collect();
            self.rearranged(self.piles[s].as_slice(), &wanted).is_some()
        };
        if let Some(Chance::Pile(cards)) = events.chance(pile_now, same_cards) {
            let wanted: Vec<Card> = cards.iter().rev().copied().collect();
            if let Some(placed) = self.rearranged(self.piles[s].as_slice(), &wanted) {
                self.piles[s].as_mut_slice().copy_from_slice(&placed);
            }
        }
        for card in self.piles[s].as_slice() {
            self.both_faces_seen.remove(card.id());
        }
        self.known_bottom[s] = 0;
        events.emit(|| Event::PileTaken {
            seat,
            pile: pile as u8 + 1,
            cards: taken,
            pile_size: self.piles[s].len() as u32,
            tie: count > 1,
        });
        self.show_top(seat, events);
        self.pass_streak = 0;
        let next = self.next(seat);
        let Some((face, _)) = self.move_top_to_centre(next.index(), pile, false) else { return };
        events.emit(|| Event::Replaced { seat: next, pile: pile as u8 + 1, face });
        if self.piles[next.index()].is_empty() {
            return self.end_round(next, events);
        }
        if !face.is_joker() {
            self.show_top(next, events);
        } else if self.cover(next, pile, events) {
            return;
        }
        self.start_turn(self.next(next));
    }

    // ----- rounds and the match -----

    fn end_round<E: EventSink<Event, Chance>>(&mut self, winner: Seat, events: &mut E) {
        let n = self.n();
        // Filled seat by seat: `BySeat::from_fn` copies the last value into the unused slots,
        // which a serde round trip would not reproduce.
        let mut cards = BySeat::new(n);
        for seat in Seat::all(n) {
            cards[seat] = self.piles[seat.index()].len() as u32;
            self.scores[seat] -= cards[seat] as i64;
        }
        self.last_cards = cards;
        self.round_winner = Some(winner);
        events.emit(|| Event::RoundOver { round: self.round, winner, cards, scores: self.scores });
        if self.match_ends() {
            self.winners = self.best_seats();
            self.phase = Phase::Over;
            events.emit(|| Event::MatchOver { winners: self.winners, scores: self.scores });
            return;
        }
        self.round += 1;
        self.starter = self.next_starter(winner);
        self.deal_random(events);
        self.start_turn(self.starter);
        events.emit(|| Event::RoundStarted {
            round: self.round,
            starter: self.starter,
            tops: BySeat::from_fn(n, |seat| self.top_face(seat).unwrap_or_default()),
            center: std::array::from_fn(|k| self.centre_top(k)),
        });
    }

    fn match_ends(&self) -> bool {
        match self.options.until_minus {
            0 => self.round >= self.options.round_count(self.n()),
            limit => self.scores.iter().any(|&s| s <= -(limit as i64)),
        }
    }

    fn next_starter(&self, winner: Seat) -> Seat {
        let n = self.n();
        match self.options.next_round_starter {
            NextRoundStarter::Rotate => self.starter.left(1, n),
            NextRoundStarter::Winner => winner,
            NextRoundStarter::Loser => {
                let most = self.last_cards.iter().copied().max().unwrap_or(0);
                (1..=n).map(|step| winner.left(step, n)).find(|&s| self.last_cards[s] == most).unwrap_or(winner)
            }
        }
    }

    fn best_seats(&self) -> SeatSet {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let mut seats: SeatSet = Seat::all(self.n()).filter(|&s| self.scores[s] == best).collect();
        if self.options.tie_break == TieBreak::FewestLastRound {
            let fewest = seats.iter().map(|s| self.last_cards[s]).min().unwrap_or(0);
            seats = seats.iter().filter(|&s| self.last_cards[s] == fewest).collect();
        }
        seats
    }

    /// The lowest total any seat can reach: per round a loser holds at most every card in play
    /// but the three centre bases and one card per other loser (9n + 2).
    pub(crate) fn score_floor(&self) -> i64 {
        let n = self.n() as i64;
        let per_round = 9 * n + 2;
        match self.options.until_minus {
            0 => -per_round * self.options.round_count(self.n()) as i64,
            limit => -(limit as i64 - 1) - per_round,
        }
    }
}

impl Game for NurMut {
    const ID: &'static str = "nurmut";
    const NAME: &'static str = "Nur Mut";
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

    /// Core checks every key and value; a custom `deck` is read here first, so that what is wrong
    /// with it is said in both languages (core's own reading would quote serde's English).
    fn parse_options(given: &Map<String, Value>) -> Result<Options, SetupError> {
        if let Some(deck) = given.get("deck") {
            DeckChoice::from_json(deck).map_err(SetupError::BadOption)?;
        }
        let options = tapis_core::options::parse_options(Self::option_specs(), given)?;
        Self::check_options(&options)?;
        Ok(options)
    }

    fn check_options(options: &Options) -> Result<(), SetupError> {
        if matches!(options.deck, DeckChoice::Custom(_)) && options.joker_faces != 9 {
            return Err(SetupError::BadOption(Text::new(
                "l'option « joker_faces » ne règle que le paquet généré : laissez-la à 9 avec un « deck » donné",
                "option 'joker_faces' shapes the generated deck only: leave it at 9 with a custom 'deck'",
            )));
        }
        Ok(())
    }

    fn players_range(options: &Options) -> RangeInclusive<usize> {
        2..=options.max_players as usize
    }

    /// `Match::new` has validated the options, the player count and the dealer.
    fn start<E: EventSink<Event, Chance>>(setup: Setup<Options, Deal>, events: &mut E) -> Result<Self, SetupError> {
        let dealer = setup.first_dealer();
        NurMut::new(setup.players, setup.seed, dealer, setup.options, setup.deal.as_ref(), events)
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn actors(&self) -> SeatSet {
        if self.is_over() { SeatSet::EMPTY } else { SeatSet::single(self.current) }
    }

    fn waiting_for(&self) -> SeatSet {
        self.actors()
    }

    fn legal_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        self.legal(seat, out);
    }

    fn step<E: EventSink<Event, Chance>>(&mut self, seat: Seat, action: Action, events: &mut E) {
        self.act(seat, action, events);
    }

    fn why_illegal(&self, seat: Seat, action: Action) -> Option<Illegal> {
        self.why_not(seat, action)
    }

    fn parse_action(text: &str) -> Result<Action, ActionError> {
        Action::parse(text)
    }

    fn is_over(&self) -> bool {
        NurMut::is_over(self)
    }

    fn winners(&self) -> SeatSet {
        self.winners
    }

    fn round(&self) -> u32 {
        self.round
    }

    fn scores(&self) -> BySeat<i64> {
        self.scores
    }

    fn score_bounds(&self) -> (i64, i64) {
        (self.score_floor(), 0)
    }

    fn cards_left(&self) -> BySeat<u32> {
        BySeat::from_fn(self.n(), |seat| self.piles[seat.index()].len() as u32)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        self.make_view(seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        NurMut::from_view(view, rng)
    }
}

impl Conformance for NurMut {
    /// One count per physical card (deck index).
    fn census(&self) -> Vec<u32> {
        let mut counts = vec![0; DECK_SIZE];
        let zones = self.piles[..self.n()].iter().chain(&self.centre).chain(std::iter::once(&self.stock));
        for pile in zones {
            for card in pile.as_slice() {
                counts[card.id()] += 1;
            }
        }
        counts
    }

    fn deck_census(&self) -> Vec<u32> {
        vec![1; DECK_SIZE]
    }

    fn action_universe(&self) -> Vec<Action> {
        Action::ALL.to_vec()
    }
}
