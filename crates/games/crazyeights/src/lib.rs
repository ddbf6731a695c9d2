//! Crazy Eights exactly as OpenSpiel 2.0.2 plays it (`crazy_eights`), so that DeepMind's
//! implementation is an outside oracle for the tapis engine.
//!
//! **Rules in brief.** 2–10 players (OpenSpiel allows 15; tapis seats at most 10), one 52-card
//! deck, two decks above five players. Chance picks the dealer; the cards are dealt one at a time
//! from the seat after the dealer (7 each with two players, else 5), then the top card of the
//! stock is turned up: an 8 goes back into the stock and another card is turned. Play goes up the
//! seat numbers from the dealer's next seat. On your turn, play a card of the suit to follow or of
//! the top card's rank, or any 8 (then name the suit to follow); or draw a card, even with a
//! playable card, up to `max_draw_cards` in one turn; once you have drawn that many (or when the
//! stock is empty) you may pass. The match ends when a player empties his hand, when `max_turns`
//! cards have been played in all, or after `players + 1` consecutive passes with an empty stock.
//! With `use_special_cards`: a Queen skips the next player, an Ace reverses the direction, a 2
//! makes the next player draw 2 unless he plays a 2 too (the debt stacks; drawing it takes the
//! whole debt and ends the turn). A special starter card acts as if the dealer had played it.
//! With `reshuffle`, an empty stock is refilled from the discard pile under its top card.
//! **Returns** (OpenSpiel's, the match scores here): 0 for a player with no cards, else minus his
//! hand: 8 = 50, J Q K A = 10, any other card `id + 2` where `id = rank * 4 + suit` (ranks 2…A
//! from 0, suits C D H S from 0) under `scoring = openspiel` (OpenSpiel's arithmetic, e.g. 5♠
//! costs 17), or its face value under `scoring = face_value`. The winners are the seats with the
//! highest return.
//!
//! **Actions.** `play <card>` (`play 7H`), `draw`, `pass`, `suit <S|H|D|C>`. Legal actions are
//! listed in OpenSpiel's order (ascending action id: cards 2♣ 2♦ 2♥ 2♠ 3♣ … A♠, then draw, then
//! pass; suits C D H S).
//!
//! **Views** show the seat's hand, every hand size, the top card and the suit to follow, the
//! stock size, the discard pile, the direction, pending 2s, cards drawn this turn, the pass count,
//! the plays count and the returns. The client view's body ([`Body`], documented in
//! `docs/client-view/crazyeights.md`) is derived from it.
//!
//! **Chance and replay.** OpenSpiel samples each chance outcome (the dealer; each dealt, turned or
//! drawn card) uniformly from the stock's copies, and a reshuffle only refills the counts, so the
//! whole of chance is the sequence of its outcomes, which a record keeps: the dealer in its
//! `dealer`, each card one by one in its `chance` ([`Chance`]). A [`Deal`] fixes it: `dealer` and
//! `chance`, the card outcomes in the order OpenSpiel takes them (dealt cards from the dealer's
//! next seat round, the starter turns with any redrawn 8s, then every card drawn, across
//! reshuffles). Chance beyond the list, or after a listed card that is not in the stock at that
//! moment, comes from the match's `GameRng`. Without a deal the dealer is `setup.dealer` when
//! given, else drawn at random.
//!
//! **Events.** Everything is public but the cards chance gives a seat: its hand when dealt
//! ([`Event::DealtHand`], to that seat alone) and the cards it draws ([`Event::DrewCards`] to
//! that seat; the others and the spectators get [`Event::Drew`], the count only). The first
//! deal's events go to the sink [`Game::start`] is given (`new_match` discards them).
//! `reveals()` marks the dealt hands, the starter, the drawn cards and [`Event::Over`].
//!
//! **Decisions where the rulebook is silent** (the rulebook here is OpenSpiel's code).
//! - OpenSpiel asserts where tapis must not panic; the states those assertions guard are
//!   unreachable, and the code follows OpenSpiel's updates literally.
//! - Secrecy: the flow is OpenSpiel's, unchanged, and it depends on no hidden card. Who acts
//!   next follows from the card played, the direction and the counts; a draw is allowed with a
//!   playable card in hand, and `pass` is offered by the draw count and the stock alone; a debt
//!   of 2s is drawn in full, its size capped by the stock, which is public. So nothing of a hand
//!   shows through who acts, what is announced or when the match ends: the conformance kit's
//!   secrecy checks pass on every option set without a change to the flow.
//! - The end is a showdown: OpenSpiel's returns are minus the penalty of each hand left, so the
//!   `Over` event tells everyone what each hand was worth (not which cards it held). It is
//!   marked as revealing hidden cards, as a round's scoring is in every game.

mod action;
mod bot;
pub mod cards;
mod client;
mod counters;
mod encoding;
mod options;
mod rules;
mod text;
mod view;

pub use action::Action;
pub use client::{Body, Direction, Phase, SeatBody};
pub use options::{Options, Scoring};
pub use rules::{CrazyEights, Event, Illegal};
pub use view::View;

use cards::EIGHT;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tapis_core::{BySeat, EventSink, FrenchCard, Game, GameRng, MAX_SEATS, OnceOrTwice, Seat, Setup, SetupError, Text};

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;

/// An outcome of chance, as a record keeps it: OpenSpiel's chance nodes, one by one. The first,
/// the dealer chance draws when the request names none, is kept as the record's `dealer`, which
/// every record names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// One card from the stock: dealt, turned for the starter, or drawn.
    Draw(FrenchCard),
}

/// A hand-made match: the dealer and the chance card outcomes in OpenSpiel's order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub dealer: Seat,
    /// Every card chance gives, in order: the deal (first card to the dealer's next seat), the
    /// starter turns (an 8 is put back and listed again if it comes up again), then each card
    /// drawn in play, reshuffles included. May stop early: the rest comes from the seed.
    pub chance: Vec<FrenchCard>,
}

impl Deal {
    /// Reads a deal from JSON (`{"dealer": 1, "chance": ["7H", ...]}`).
    pub fn from_json(value: &Value) -> Result<Deal, SetupError> {
        serde_json::from_value(value.clone())
            .map_err(|e| SetupError::BadDeal(Text::new(format!("donne illisible : {e}"), e.to_string())))
    }
}

fn initial_cards(players: usize) -> usize {
    if players == 2 { 7 } else { 5 }
}

/// Checks a deal against the deck: the deal and the starter must be drawable card by card;
/// without reshuffles every later card too (no card more often than the deck holds it). A deal
/// here is a sequence of chance outcomes that may stop anywhere, not a split of the whole deck
/// into piles, so core's `check_deck` (exactly the deck, as a multiset) does not apply.
fn check_deal(deal: &Deal, players: usize, decks: u8, reshuffle: bool) -> Result<(), SetupError> {
    if deal.dealer.index() >= players {
        return Err(SetupError::Dealer { dealer: deal.dealer.0, players });
    }
    let mut stock = OnceOrTwice::every(cards::ALL_CARDS, decks);
    let take = |i: usize, card: FrenchCard, stock: &mut OnceOrTwice| -> Result<u8, SetupError> {
        let id = cards::card_to_id(card).ok_or_else(|| {
            SetupError::BadDeal(Text::new(
                format!("chance[{i}] : {card} n'est pas une carte de ce jeu"),
                format!("chance[{i}]: {card} is not a card of this deck"),
            ))
        })?;
        if stock.count(id) == 0 {
            let (fr_deck, en_deck) = if decks == 1 {
                ("que le jeu ne la contient".to_string(), "than the deck holds it".to_string())
            } else {
                (format!("que les {decks} jeux ne la contiennent"), format!("than the {decks} decks hold it"))
            };
            return Err(SetupError::BadDeal(Text::new(
                format!("chance[{i}] : {card} n'est plus dans la pioche à ce moment (listée plus souvent {fr_deck})"),
                format!("chance[{i}]: {card} is not in the stock then (listed more often {en_deck})"),
            )));
        }
        Ok(id)
    };
    let dealt = players * initial_cards(players);
    let mut i = 0;
    while i < dealt {
        let card = *deal.chance.get(i).ok_or_else(|| {
            SetupError::BadDeal(Text::new(
                format!(
                    "la liste chance s'arrête après {i} cartes : la donne en demande {dealt} et une carte de départ"
                ),
                format!("the chance list stops after {i} cards: the deal needs {dealt} and a starter"),
            ))
        })?;
        let id = take(i, card, &mut stock)?;
        stock.remove(id);
        i += 1;
    }
    loop {
        let card = *deal.chance.get(i).ok_or_else(|| {
            SetupError::BadDeal(Text::new(
                format!("la liste chance s'arrête après {i} cartes, avant une carte de départ autre qu'un 8"),
                format!("the chance list stops after {i} cards, before a starter that is not an 8"),
            ))
        })?;
        let id = take(i, card, &mut stock)?;
        i += 1;
        if cards::rank_of(id) != EIGHT {
            stock.remove(id);
            break;
        }
    }
    if !reshuffle {
        while let Some(&card) = deal.chance.get(i) {
            let id = take(i, card, &mut stock)?;
            stock.remove(id);
            i += 1;
        }
    }
    Ok(())
}

impl CrazyEights {
    /// A new match, telling `events` what its deal shows: the dealer, each seat's hand (to that
    /// seat alone) and the starter ([`Game::start`]).
    ///
    /// `Match::new` has already checked the player count, the dealer and every option value
    /// (the options have no cross-checks); only the deal's own checks are left here.
    pub(crate) fn set_up<E: EventSink<Event, Chance>>(
        setup: Setup<Options, Deal>,
        events: &mut E,
    ) -> Result<Self, SetupError> {
        let players = setup.players;
        let options = setup.options;
        let decks = if players > 5 { 2 } else { 1 };
        let mut rng = GameRng::seed_from_u64(setup.seed);
        let (dealer, script) = match setup.deal {
            Some(deal) => {
                check_deal(&deal, players, decks, options.reshuffle)?;
                (deal.dealer, deal.chance)
            }
            None => {
                // Chance draws the dealer even when one is given, so that a record, which names
                // the dealer it drew, replays with the same generator.
                let drawn = Seat(rng.below(players as u64) as u8);
                (setup.dealer.unwrap_or(drawn), Vec::new())
            }
        };
        let mut game = CrazyEights {
            options,
            players: players as u8,
            decks,
            dealer,
            current: dealer,
            over: false,
            hands: [OnceOrTwice::EMPTY; MAX_SEATS],
            stock: OnceOrTwice::every(cards::ALL_CARDS, decks),
            discard: OnceOrTwice::EMPTY,
            last_card: 0,
            last_suit: 0,
            nominate: false,
            direction: 1,
            can_pass: false,
            passes: 0,
            twos_left: 0,
            draws_before_play: 0,
            plays: 0,
            returns: BySeat::new(players),
            // The dealer choice is OpenSpiel's first chance node.
            chance_events: 1,
            decisions: 0,
            rng,
            script,
            script_at: 0,
        };
        game.deal(events);
        Ok(game)
    }

    /// Chance events plus decisions: the length of OpenSpiel's history for the same game.
    pub fn history_len(&self) -> u64 {
        u64::from(self.chance_events) + u64::from(self.decisions)
    }

    /// Decisions taken so far (the players' share of [`CrazyEights::history_len`]).
    pub fn decisions(&self) -> u32 {
        self.decisions
    }

    /// OpenSpiel's returns (also the match scores).
    pub fn returns(&self) -> BySeat<i64> {
        self.returns
    }

    /// How many forced chance outcomes were used, and how many remain listed (a listed card
    /// that was not in the stock when its turn came is cut off with everything after it).
    pub fn scripted_chance(&self) -> (usize, usize) {
        (self.script_at as usize, self.script.len())
    }

    /// The seat to act (or the last one, once over).
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Deals as OpenSpiel's chance nodes do, and turns the starter.
    fn deal<E: EventSink<Event, Chance>>(&mut self, events: &mut E) {
        let players = self.players as usize;
        let dealt = players * initial_cards(players);
        self.current = self.next_seat(self.dealer, 1);
        for k in 1..=dealt {
            let id = self.chance_card(events);
            self.stock.remove(id);
            self.hands[self.current.index()].add(id);
            if k < dealt {
                self.current = self.next_seat(self.current, 1);
            }
        }
        let dealer = self.dealer;
        let cards_each = initial_cards(players) as u32;
        events.emit(|| Event::Dealt { dealer, cards_each });
        for seat in Seat::all(players) {
            let hand = self.hands[seat.index()];
            events.emit(|| Event::DealtHand { seat, cards: cards::cards_of(hand) });
        }
        let mut redrawn = 0;
        let starter = loop {
            let id = self.chance_card(events);
            if cards::rank_of(id) != EIGHT {
                break id;
            }
            // An 8 goes back into the stock: it may come up again.
            redrawn += 1;
        };
        self.stock.remove(starter);
        self.last_card = starter;
        self.last_suit = cards::suit_of(starter);
        let card = cards::id_to_card(starter);
        events.emit(|| Event::Starter { card, redrawn });
        let rank = cards::rank_of(starter);
        self.current = if self.options.use_special_cards && rank == cards::SKIP {
            self.next_seat(self.dealer, 2)
        } else if self.options.use_special_cards && rank == cards::REVERSE {
            self.direction = -1;
            self.next_seat(self.dealer, -1)
        } else {
            if self.options.use_special_cards && rank == cards::DRAW_TWO {
                self.twos_left += 2;
            }
            self.next_seat(self.dealer, 1)
        };
    }
}

/// Options from JSON, as the referee gives them.
pub fn options_from_json(given: &Map<String, Value>) -> Result<Options, SetupError> {
    CrazyEights::parse_options(given)
}
