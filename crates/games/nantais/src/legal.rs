//! Who may do what: the cards that fit, the séries and suites that may follow, the UNIQUE
//! window, the legal actions of each seat, and why an action is refused.

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

    pub fn table(&self) -> &Table {
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

    /// The kinds that may follow the last card of the turn (série, suite, house combinations).
    pub fn extension_mask(&self, seat: Seat) -> u64 {
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
        self.finish_filter(seat, self.hand(seat).kinds() & mask)
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
                if let Some(card) = self.drawn {
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

    /// Why `action` is refused, in one sentence (the action is known to be illegal).
    pub(crate) fn why_illegal(&self, seat: Seat, action: Action) -> String {
        let t = &self.table;
        let waiting = self.waiting();
        let not_held = |card: FrenchCard| !self.hand(seat).contains(card);
        let reason: &str = match action {
            Action::Unique => "UNIQUE is announced by a player holding one card who has not announced it yet",
            Action::Contre(_) => {
                "CONTRE UNIQUE needs its target to hold one card, unannounced, while its window is open"
            }
            _ if !waiting.contains(seat) => {
                return match waiting.first() {
                    Some(w) => format!("'{action}' is not legal for seat {seat} now: it is seat {w}'s move"),
                    None => format!("'{action}' is not legal for seat {seat} now"),
                };
            }
            Action::Play(card) | Action::Swap(_, card) | Action::Give(card) if not_held(card) => {
                return format!("'{action}' is not legal: seat {seat} does not hold {card}");
            }
            _ => match t.phase {
                Phase::Start if t.pending.is_some() => {
                    "a 7/Joker chain is pending: add a chain card (play) or take the penalty (draw)"
                }
                Phase::Start if self.playable_first(seat) != 0 && !self.options.voluntary_draw => {
                    "a card that fits must be played: same suit or rank as the top card, an 8 or a Joker, or what was named or demanded"
                }
                Phase::Start => "play a card that fits, or draw (pass when nothing can be drawn)",
                Phase::Chain => "only the same rank (série) or the same suit one rank up (suite) may follow, or end",
                Phase::Drawn => "play the card just drawn, or pass",
                Phase::AfterPenalty => "play a card that fits, or pass",
                Phase::NameSuit => "name a suit: suit S, H, D or C",
                Phase::NameRank => "demand a rank: rank 2..A",
                Phase::Swap => "exchange a card with another seat (swap <seat> <card>) or noswap",
                Phase::Ask { .. } => "name the card wanted: ask <card>",
                Phase::Give { .. } => "give back one of your cards: give <card>",
                Phase::Over => "the match is over",
            },
        };
        format!("'{action}' is not legal for seat {seat} now: {reason}")
    }
}
