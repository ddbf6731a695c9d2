//! **Njet!** (Stefan Dorra, Goldsieber 1997): a trick-taking game for 3 or 4 players where the
//! players first vote out, stone by stone, the conditions of the round. Rules: `rules/njet.md`.
//!
//! # The rules in brief
//!
//! * 40 cards: colours `R B K G`, values 1–9, two identical 1s per colour. Four players get 10
//!   cards each; with three the four 2s are set aside and each gets 12.
//! * **Njet phase** (`njet <row> <cell>`): from the dealer's left, one stone at a time, players
//!   cover cells of the board (15 shared stones: 4-4-4-3 with four players, the dealer placing 3;
//!   with three one stone lies on `start 3` for good and the other 14 go 5-5-4). A row's last
//!   free cell may never be covered, so each row ends with exactly one free cell: the start
//!   player (`start 0-3`), the cards to lay aside (`discard 0-2`), the trump colour
//!   (`trump R|B|K|G`), the super-trump colour (`super R|B|K|G|none`: its two 1s beat
//!   everything), and the points per trick and loot card (`points 1-4`).
//! * **Teams** (`partner <seat>`, `alone`): the start player picks a partner (mandatory with four);
//!   with three he may play alone, and whoever plays alone scores double.
//! * **Discard** (`discard <card>`, repeated): every seat lays the board's number of cards aside
//!   at once, face down; they are out of the round and never score.
//! * **Tricks** (`play <card>`): the start player leads; follow the led group if you can (the
//!   super-trumps belong to the trump group), else play anything. The last super-trump played
//!   wins, else the highest trump, else the highest card of the led colour (1s are the lowest).
//! * **Scoring**: each team scores (tricks + loot) × point value, every 1 won being a loot card;
//!   each member adds it to his own score. After 8 rounds (the dealer moving left each round) the
//!   highest score wins, ties shared.
//!
//! A view holds the public table (the board with who placed each stone, the round's conditions,
//! the teams, every seat's card count and discards still owed, the trick and the last trick won,
//! the cards of finished tricks, tricks and loot won per seat, the groups each seat has shown to
//! be void in, the scores) and the seat's own hand and discards. The client view
//! ([`Body`], `docs/client-view/njet.md`) is drawn from it.
//!
//! **Events.** All are public but two, told to one seat alone: `hand_dealt` (the hand a seat is
//! dealt when a new round begins; it shows that seat cards it could not see before) and
//! `laid_aside` (which card the seat laid aside; the others are told `discarded`). The first
//! round's hands come with the match, before any event.
//!
//! # Decisions where the rulebook is silent
//!
//! * The two 1s of a colour are one card kind: `play R1` plays either copy.
//! * Discards come after the teams are chosen (§5.3 order); discarding is simultaneous: every
//!   seat that still owes cards is waited for, and may lay them one by one in any order.
//! * Voids are public knowledge: a seat that does not follow the led group is void in it; under
//!   `must_trump_when_void` a seat that neither follows nor trumps is void in trumps too.
//! * The cards of finished tricks are public (every player saw them played).
//! * `loot = opponents_only` counts only the ordinary 1s played by the other team; `rounds` takes
//!   1 to 100.
//! * Score bounds: a seat scores at most (tricks + 8 ones) × 4 a round, doubled when alone.
//! * The rulebook's 3-player example (lone 5 tricks + 1 loot, pair 6 tricks + 2 loot, discard 1)
//!   cannot happen with the default loot: 33 cards are played, so at least five of the eight 1s
//!   are won. It is reproduced (tests) with `loot = opponents_only`, and its arithmetic holds.
//! * A hand-made deal must be one the rules deal: every hand the same size (10 / 12), and with
//!   three players exactly the four 2s in `aside`.
//!
//! Secrecy (what the flow of play tells the others):
//!
//! * Nothing in the flow depends on hidden cards, so the rules needed no change: stones go round
//!   from the dealer's left whatever the hands; the start player always chooses (with three,
//!   `alone` is always offered); every seat that still owes discards is waited for at once, the
//!   count being the board's; tricks go clockwise from the winner, and a round ends when the
//!   hands, whose sizes are public, are empty. Njet has no reaction window. The conformance kit
//!   checks this on every option set, with three and four players.
//! * Laid-aside cards stay hidden for good, even once the round is scored (the rules lay them
//!   face down, out of the round); only how many each seat laid aside is public.
//! * The last trick won stays on show (`last_trick`) until another is won or the round
//!   ends: every player saw it played, and people at a table look back at it.
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim njet --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **82.8%** of the matches (95% interval
//! 81.6–83.9%), where a random bot in the same seat wins 24.6%
//! (23.3–25.9%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
mod board;
mod bot;
mod cards;
mod client;
mod counters;
mod encoding;
mod options;
mod rules;
mod text;
mod view;

pub use action::Action;
pub use board::{Board, Cell, Row};
pub use cards::{Card, CardMultiset, Colour};
pub use client::{BoardCell, BoardRow, Body, ConditionsBody, Play, SeatBody, Team, TrickBody};
pub use options::{EqualCards, Loot, Options};
pub use rules::{Conditions, Event, Njet, Phase, PublicTable, Trick};
pub use text::Illegal;
pub use view::View;

use serde::{Deserialize, Serialize};
use tapis_core::{Audience, GameEvent, SetupError, Text, check_deck};

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;

/// An outcome of chance, as a record keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Chance {
    /// A round dealt from the shuffled pack: the deal form of NOTATION.md.
    Deal(Deal),
}

/// A hand-made first round: every hand, and the 2s set aside with three players.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub hands: Vec<Vec<String>>,
    #[serde(default)]
    pub aside: Vec<String>,
}

fn bad_deal(fr: String, en: String) -> SetupError {
    SetupError::BadDeal(Text::new(fr, en))
}

impl Deal {
    /// The hands of a deal the rules could deal. That it holds exactly the 40 cards is core's one
    /// check ([`check_deck`]); the shape (hand sizes, the 2s set aside with three) is this game's.
    pub(crate) fn check(&self, players: usize) -> Result<[CardMultiset; 4], SetupError> {
        if self.hands.len() != players {
            let hands = self.hands.len();
            return Err(bad_deal(
                format!("la donne a {hands} mains pour {players} joueurs"),
                format!("the deal has {hands} hands for {players} players"),
            ));
        }
        let mut unknown = Vec::new();
        let mut read = |texts: &[String]| -> Vec<Card> {
            texts
                .iter()
                .filter_map(|text| match text.parse::<Card>() {
                    Ok(card) => Some(card),
                    Err(_) => {
                        unknown.push(tapis_core::game::short_quote(text));
                        None
                    }
                })
                .collect()
        };
        let hands: Vec<Vec<Card>> = self.hands.iter().map(|h| read(h)).collect();
        let aside = read(&self.aside);
        if !unknown.is_empty() {
            let list = unknown.join(" ");
            return Err(bad_deal(
                format!("cartes inconnues dans la donne : {list} (les cartes vont de R1 à G9)"),
                format!("unknown cards in the deal: {list} (cards are R1 to G9)"),
            ));
        }
        let deck = Card::all().flat_map(|card| std::iter::repeat_n(card, card.copies() as usize));
        check_deck(deck, hands.iter().flatten().chain(&aside).copied())?;
        let aside: CardMultiset = CardMultiset::from_cards(aside).unwrap_or_default();
        if players == 3 && aside != CardMultiset::TWOS {
            return Err(bad_deal(
                "à 3 joueurs, les cartes mises de côté sont exactement les quatre 2".into(),
                "with 3 players the aside pile holds exactly the four 2s".into(),
            ));
        }
        if players == 4 && !aside.is_empty() {
            return Err(bad_deal(
                "à 4 joueurs, aucune carte n'est mise de côté".into(),
                "with 4 players no card is set aside".into(),
            ));
        }
        let hand_size = if players == 3 { 12 } else { 10 };
        let mut sets = [CardMultiset::EMPTY; 4];
        for (seat, hand) in hands.iter().enumerate() {
            if hand.len() != hand_size {
                let dealt = hand.len();
                return Err(bad_deal(
                    format!(
                        "la main {seat} de la donne a {dealt} cartes ; à {players} joueurs, chacun en reçoit {hand_size}"
                    ),
                    format!("hand {seat} of the deal has {dealt} cards; with {players} players each gets {hand_size}"),
                ));
            }
            // `check_deck` passed: no hand holds a third copy of a card.
            sets[seat] = CardMultiset::from_cards(hand.iter().copied()).unwrap_or_default();
        }
        Ok(sets)
    }
}

/// A seat alone learns its new hand and which card it laid aside (the others learn that it laid
/// a card aside); everything else is played face up. A new hand is the outcome of chance: the kit compares what a seat is told across
/// re-dealt matches only up to it.
impl GameEvent for Event {
    fn audience(&self) -> Audience {
        match *self {
            Event::HandDealt { seat, .. } | Event::LaidAside { seat, .. } => Audience::Only(seat),
            // The seat itself is told which card by `LaidAside`.
            Event::Discarded { seat } => Audience::AllBut(seat),
            _ => Audience::Everyone,
        }
    }

    fn reveals(&self) -> bool {
        matches!(self, Event::HandDealt { .. })
    }
}
