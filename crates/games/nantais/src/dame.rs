//! The optional Dame rule: card exchanges, and what each seat learns from them.

use crate::cards::*;
use crate::options::QueenSwapMode;
use crate::state::{Known, Nantais, Phase};
use crate::{Chance, Event};
use tapis_core::{EventSink, Seat};

impl Nantais {
    pub(crate) fn swap<E: EventSink<Event, Chance>>(
        &mut self,
        giver: Seat,
        target: Seat,
        card: FrenchCard,
        ev: &mut E,
    ) {
        match self.options.queen_swap_mode {
            QueenSwapMode::Blind => {
                let theirs = *self.hand(target);
                let mut taken = theirs.nth(self.rng.index(theirs.len()));
                let held = |c: &Chance| matches!(c, Chance::Take(card) if theirs.contains(*card));
                if let Some(Chance::Take(card)) = ev.chance(|| Chance::Take(taken), held) {
                    taken = card;
                }
                self.exchange(giver, card, target, taken);
                self.others_forget(giver, target, true);
                self.lose(giver, target, taken);
                self.learn(giver, target, card);
                self.lose(target, giver, card);
                self.learn(target, giver, taken);
                ev.emit(|| Event::Swapped { seat: giver, target, asked: None });
                ev.emit(|| Event::Exchanged { seat: giver, with: target, gave: card, got: taken });
                ev.emit(|| Event::Exchanged { seat: target, with: giver, gave: taken, got: card });
                self.table.effects.swaps -= 1;
                self.resolve(ev);
            }
            QueenSwapMode::Named => {
                self.offered = Some(card);
                self.table.phase = Phase::Ask { target };
                ev.emit(|| Event::SwapOffered { seat: giver, target });
                ev.emit(|| Event::Offered { seat: giver, target, card });
            }
            QueenSwapMode::TargetChooses => {
                self.offered = Some(card);
                self.table.phase = Phase::Give { target };
                ev.emit(|| Event::SwapOffered { seat: giver, target });
                ev.emit(|| Event::Offered { seat: giver, target, card });
            }
        }
    }

    pub(crate) fn ask<E: EventSink<Event, Chance>>(&mut self, giver: Seat, wanted: FrenchCard, ev: &mut E) {
        let Phase::Ask { target } = self.table.phase else { return };
        let offered = self.offered.take().unwrap_or(wanted);
        if self.hand(target).contains(wanted) && self.hand(giver).contains(offered) {
            self.exchange(giver, offered, target, wanted);
            // Everyone heard the card asked for; only the two players know the card given.
            self.others_forget(giver, target, false);
            for viewer in Seat::all(self.seat_count()).filter(|&v| v != giver && v != target) {
                self.lose(viewer, target, wanted);
                self.learn(viewer, giver, wanted);
            }
            self.lose(giver, target, wanted);
            self.learn(giver, target, offered);
            self.lose(target, giver, offered);
            self.learn(target, giver, wanted);
            ev.emit(|| Event::Swapped { seat: giver, target, asked: Some(wanted) });
            // The giver knew both cards; the target learns the one it received.
            ev.emit(|| Event::Exchanged { seat: target, with: giver, gave: wanted, got: offered });
        } else {
            ev.emit(|| Event::AskFailed { seat: giver, target, asked: wanted });
        }
        self.table.effects.swaps -= 1;
        self.resolve(ev);
    }

    pub(crate) fn give_back<E: EventSink<Event, Chance>>(&mut self, target: Seat, card: FrenchCard, ev: &mut E) {
        let giver = self.table.turn;
        let offered = self.offered.take().unwrap_or(card);
        let exchanged = self.hand(giver).contains(offered) && self.hand(target).contains(card);
        if exchanged {
            self.exchange(giver, offered, target, card);
            self.others_forget(giver, target, true);
            self.lose(giver, target, card);
            self.learn(giver, target, offered);
            self.lose(target, giver, offered);
            self.learn(target, giver, card);
        }
        ev.emit(|| Event::Swapped { seat: giver, target, asked: None });
        if exchanged {
            ev.emit(|| Event::Exchanged { seat: giver, with: target, gave: offered, got: card });
            ev.emit(|| Event::Exchanged { seat: target, with: giver, gave: card, got: offered });
        }
        self.table.effects.swaps -= 1;
        self.resolve(ev);
    }

    fn exchange(&mut self, giver: Seat, given: FrenchCard, target: Seat, taken: FrenchCard) {
        self.hands[giver.index()].remove(given);
        self.hands[target.index()].add(given);
        self.hands[target.index()].remove(taken);
        self.hands[giver.index()].add(taken);
    }

    // ----- what seats learnt in Dame exchanges -----

    /// A card played in public: each seat that knew `holder` had it now knows one copy fewer.
    pub(crate) fn forget_played(&mut self, holder: Seat, card: FrenchCard) {
        if self.known.is_empty() {
            return;
        }
        for viewer in Seat::all(self.seat_count()) {
            self.lose(viewer, holder, card);
        }
    }

    fn lose(&mut self, viewer: Seat, holder: Seat, card: FrenchCard) {
        if let Some(i) = self.known.iter().position(|k| k.viewer == viewer && k.holder == holder && k.card == card) {
            self.known.remove(i);
        }
    }

    fn learn(&mut self, viewer: Seat, holder: Seat, card: FrenchCard) {
        let _ = self.known.try_push(Known { viewer, holder, card });
    }

    /// Seats outside an exchange no longer know what its players hold (they did not see the
    /// cards); with `both == false` only the giver's hand became uncertain.
    fn others_forget(&mut self, giver: Seat, target: Seat, both: bool) {
        self.known.retain(|k| {
            k.viewer == giver || k.viewer == target || !(k.holder == giver || (both && k.holder == target))
        });
    }
}
