//! Who may do what: the cards that fit, the séries and suites that may follow, the UNIQUE
//! window, the legal actions of each seat, and why an action is refused.

/// Why an action is refused to a seat that may act (worded in `text.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    /// « UNIQUE » with more than one card, or already announced.
    UniqueNotDue,
    /// CONTRE UNIQUE on a seat that cannot be caught.
    ContreNotDue,
    /// Anything but UNIQUE and CONTRE UNIQUE out of turn, while `turn` is to play.
    OutOfTurn {
        turn: Seat,
    },
    /// A card `seat` does not hold.
    NotHeld {
        seat: Seat,
        card: FrenchCard,
    },
    /// A 7 or Joker chain waits for a chain card or the penalty.
    ChainPending,
    /// A drawing (or passing) seat holds a card that fits, and must lay one.
    MustFit,
    /// Neither a card that fits nor a draw.
    FitOrDraw,
    /// No card of the hand may follow: only ending the turn.
    NothingFollows,
    /// Only a série or a suite may follow.
    SerieOrSuite,
    /// The card drawn does not fit: only keeping it.
    DrawnDoesNotFit,
    /// Only the card drawn, or keeping it.
    PlayDrawnOrKeep,
    /// After a penalty: a card that fits, or pass.
    FitOrPass,
    NameSuit,
    NameRank,
    /// The Queen's exchange: a card to a seat, or none.
    SwapOrNot,
    /// The Queen's exchange: the card wanted.
    AskCard,
    /// The Queen's exchange: a card given back.
    GiveCard,
    Over,
}

use crate::Action;
use crate::cards::*;
use crate::options::Combos;
use crate::state::*;
use tapis_core::{ActionList, FrenchCard, Rank, Seat, SeatSet, Suit};

impl Nantais {
    pub fn seat_count(&self) -> usize {
        self.players as usize
    }

    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat.index()]
    }

    pub fn table(&self) -> &PublicTable {
        &self.table
    }

    pub fn discard(&self) -> &[FrenchCard] {
        &self.discard
    }

    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    pub(crate) fn next_seat(&self, from: Seat, steps: usize) -> Seat {
        let n = self.seat_count();
        if self.table.clockwise { from.left(steps, n) } else { from.right(steps, n) }
    }

    fn can_draw(&self) -> bool {
        !self.stock.is_empty() || self.discard.len() > 1
    }

    /// The cards that may open a turn under the constraint (no chain pending).
    pub fn opening_mask(&self) -> u64 {
        let wilds = wild_mask();
        let allow_wilds = if self.options.king_demand_allows_wilds { wilds } else { 0 };
        match self.table.constraint {
            Constraint::Top { card } => match (card.suit(), card.rank()) {
                (Some(suit), Some(rank)) => suit_mask(suit) | rank_mask(rank) | wilds,
                _ => SUITED | JOKER_BIT,
            },
            Constraint::Suit { suit } => suit_mask(suit) | wilds,
            Constraint::Rank { rank } => rank_mask(rank) | allow_wilds,
            Constraint::Exact { card } => bit(card) | allow_wilds,
            Constraint::Free => SUITED | JOKER_BIT,
        }
    }

    /// The cards that answer the pending chain.
    fn chain_mask(&self, kind: ChainKind) -> u64 {
        if self.options.mixed() {
            key_mask(SEVEN) | JOKER_BIT
        } else {
            match kind {
                ChainKind::Seven => key_mask(SEVEN),
                ChainKind::Joker => JOKER_BIT,
            }
        }
    }

    /// Removes the cards a player may not finish on (option `forbid_special_finish`).
    fn finish_filter(&self, seat: Seat, mask: u64) -> u64 {
        if self.options.forbid_special_finish && self.hand(seat).len() == 1 {
            mask & !special_mask(&self.options)
        } else {
            mask
        }
    }

    /// The kinds `seat` may lay as the first card of its turn now.
    pub fn playable_first(&self, seat: Seat) -> u64 {
        let mask = match self.table.pending {
            Some(p) => self.chain_mask(p.kind),
            None => self.opening_mask(),
        };
        self.finish_filter(seat, self.hand(seat).kinds() & mask)
    }

    /// The kinds that the rules let follow the last card of the turn (série, suite, house
    /// combinations), whatever `seat` holds: it depends on public facts only (the discard, the
    /// options, the size of the hand), so whether the chain step is offered tells nothing.
    pub fn follow_mask(&self, seat: Seat) -> u64 {
        let Some(&last) = self.discard.last() else { return 0 };
        let key = rank_key(last);
        let mut mask = key_mask(key);
        if !self.table.answered_chain && key != JOKER_KEY {
            if let Some(next) = next_in_suite(last) {
                mask |= bit(next);
            }
            let combos = self.options.combos;
            if combos.has(Combos::KING_EIGHT) {
                if key == KING {
                    mask |= key_mask(EIGHT);
                } else if key == EIGHT {
                    mask |= key_mask(KING);
                }
            }
            if combos.has(Combos::ACE_JACK) {
                if key == ACE {
                    mask |= key_mask(JACK);
                } else if key == JACK {
                    mask |= key_mask(ACE);
                }
            }
        }
        self.finish_filter(seat, mask)
    }

    /// The kinds `seat` holds that may follow the last card of the turn.
    pub fn extension_mask(&self, seat: Seat) -> u64 {
        self.hand(seat).kinds() & self.follow_mask(seat)
    }

    /// The seats the match waits for.
    pub fn waiting(&self) -> SeatSet {
        match self.table.phase {
            Phase::Over => SeatSet::EMPTY,
            Phase::Give { target } => SeatSet::single(target),
            _ => SeatSet::single(self.table.turn),
        }
    }

    /// Seats that may still be caught by CONTRE UNIQUE (one card, not announced, window open).
    pub fn open_windows(&self) -> SeatSet {
        let mut open = SeatSet::EMPTY;
        for seat in self.table.unique_window {
            if self.hand(seat).len() == 1 && !self.table.announced.contains(seat) {
                open.insert(seat);
            }
        }
        open
    }

    pub fn actor_set(&self) -> SeatSet {
        if self.table.phase == Phase::Over {
            return SeatSet::EMPTY;
        }
        if self.table.unique_window.is_empty() || self.open_windows().is_empty() {
            self.waiting()
        } else {
            SeatSet::all(self.seat_count())
        }
    }

    fn push_cards(out: &mut ActionList<Action>, mut mask: u64, make: impl Fn(FrenchCard) -> Action) {
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            out.push(make(card(i)));
        }
    }

    pub fn legal(&self, seat: Seat, out: &mut ActionList<Action>) {
        if self.table.phase == Phase::Over || seat.index() >= self.seat_count() {
            return;
        }
        if self.waiting().contains(seat) {
            self.turn_actions(seat, out);
        }
        if !self.table.unique_window.is_empty() {
            for w in self.open_windows() {
                out.push(if w == seat { Action::Unique } else { Action::Contre(w) });
            }
        }
    }

    fn turn_actions(&self, seat: Seat, out: &mut ActionList<Action>) {
        match self.table.phase {
            Phase::Start => {
                let playable = self.playable_first(seat);
                Self::push_cards(out, playable, Action::Play);
                if self.table.pending.is_some() {
                    out.push(Action::Draw);
                } else if self.can_draw() {
                    if playable == 0 || self.options.voluntary_draw {
                        out.push(Action::Draw);
                    }
                } else if playable == 0 {
                    out.push(Action::Pass);
                }
            }
            Phase::Chain => {
                Self::push_cards(out, self.extension_mask(seat), Action::Play);
                out.push(Action::End);
            }
            Phase::Drawn => {
                if let Some(card) = self.drawn_playable(seat) {
                    out.push(Action::Play(card));
                }
                out.push(Action::Pass);
            }
            Phase::AfterPenalty => {
                Self::push_cards(out, self.playable_first(seat), Action::Play);
                out.push(Action::Pass);
            }
            Phase::NameSuit => out.extend(Suit::ALL.map(Action::Suit)),
            Phase::NameRank => out.extend(Rank::ALL.map(Action::Rank)),
            Phase::Swap => {
                let kinds = self.hand(seat).kinds();
                for target in Seat::all(self.seat_count()).filter(|&t| t != seat) {
                    Self::push_cards(out, kinds, |c| Action::Swap(target, c));
                }
                out.push(Action::NoSwap);
            }
            Phase::Ask { .. } => Self::push_cards(out, SUITED | JOKER_BIT, Action::Ask),
            Phase::Give { .. } => Self::push_cards(out, self.hand(seat).kinds(), Action::Give),
            Phase::Over => {}
        }
    }

    /// Why `action` is refused to a seat that may act (the action is known to be illegal). A
    /// seat with no action at all is told who the match waits for by the core's
    /// `ActionError::NotYourMove` instead.
    pub(crate) fn reason_illegal(&self, seat: Seat, action: Action) -> Illegal {
        let t = &self.table;
        let waiting = self.waiting();
        match action {
            Action::Unique => Illegal::UniqueNotDue,
            Action::Contre(_) => Illegal::ContreNotDue,
            // A seat out of turn that may still act is in a UNIQUE window.
            _ if !waiting.contains(seat) => Illegal::OutOfTurn { turn: waiting.first().unwrap_or(t.turn) },
            Action::Play(card) | Action::Swap(_, card) | Action::Give(card) if !self.hand(seat).contains(card) => {
                Illegal::NotHeld { seat, card }
            }
            _ => match t.phase {
                Phase::Start if t.pending.is_some() => Illegal::ChainPending,
                Phase::Start if self.playable_first(seat) != 0 && !self.options.voluntary_draw => Illegal::MustFit,
                Phase::Start => Illegal::FitOrDraw,
                Phase::Chain if self.extension_mask(seat) == 0 => Illegal::NothingFollows,
                Phase::Chain => Illegal::SerieOrSuite,
                Phase::Drawn if self.drawn_playable(seat).is_none() => Illegal::DrawnDoesNotFit,
                Phase::Drawn => Illegal::PlayDrawnOrKeep,
                Phase::AfterPenalty => Illegal::FitOrPass,
                Phase::NameSuit => Illegal::NameSuit,
                Phase::NameRank => Illegal::NameRank,
                Phase::Swap => Illegal::SwapOrNot,
                Phase::Ask { .. } => Illegal::AskCard,
                Phase::Give { .. } => Illegal::GiveCard,
                Phase::Over => Illegal::Over,
            },
        }
    }

    /// The card just drawn, when it may be played.
    fn drawn_playable(&self, seat: Seat) -> Option<FrenchCard> {
        self.drawn.filter(|&c| self.playable_first(seat) & bit(c) != 0)
    }
}
