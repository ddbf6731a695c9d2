//! Nur Mut ("have courage!"), a push-your-luck shedding game with double-sided cards.
//!
//! # The rules in brief
//!
//! 81 cards bear a face on each side: a number 1–9 or a joker (J). Each of 2–6 players (7 with
//! `max_players: 7`) gets a pile of 10 cards; everybody sees only the upper face of each pile's top
//! card, owner included. Three cards showing numbers start the three centre piles. In turn, clockwise,
//! a player may:
//!
//! * `play <1|2|3>` — lay his top card, face up as it is, on a centre pile whose top is exactly one
//!   more or one less (no wrap from 9 to 1; a joker fits everywhere);
//! * `tuck` — when his top card fits nowhere, put it under his pile (counts as a pass);
//! * `pass`;
//! * `courage` — turn his top card over. If the revealed face fits, he must `play` it where it fits
//!   and then takes a whole extra turn. A revealed joker is played anywhere, with no extra turn. If
//!   it fits nowhere, he takes the centre pile with the highest top (a random one among ties),
//!   shuffles it into his pile (new order, new orientations), and the next player's top card fills
//!   the gap at once, which is that player's whole turn.
//!
//! A joker laid on a centre pile is covered at once by the same player with the next card of his
//! pile, as it lies, until a number shows. When every player in a row has passed (or tucked), the
//! first of them must play Courage. A player whose pile is empty wins the round; the others score
//! minus one point per card left. The match lasts as many rounds as players; the best total wins.
//!
//! Actions: `play 1`, `play 2`, `play 3`, `tuck`, `pass`, `courage`. A view holds every pile's
//! size and top face, the showing faces of every centre card, the other face of cards whose both
//! sides were seen, the faces tucked under each pile, scores and whose turn it is; it is the same
//! for every seat and for a spectator (nobody sees an underside). The client view's body
//! ([`Body`], `docs/client-view/nurmut.md`) is drawn from it.
//!
//! Events are all public. A face nobody had seen comes in an event of its own, marked as a reveal
//! (`GameEvent::reveals`): the new top of a pile ([`Event::TopShown`]), a card turned by Courage
//! ([`Event::Flipped`]), a card laid on a joker from under the one above it ([`Event::Covered`]),
//! a new deal ([`Event::RoundStarted`]), and a pile chosen by lot ([`Event::PileTaken`] on a tie).
//!
//! # Decisions where the rulebook is silent
//!
//! * **Deck option.** `deck` is `"canonical"` or a list of 81 cards, each `"3/7"` or `["3", "7"]`;
//!   a J/J card is refused (a pile base must be findable and a joker coverable). `joker_faces`
//!   (0–9, default 9) shapes the generated deck only: the doubles `(1,1)…(k,k)` become `(a,J)` and
//!   the other doubles keep their number on both sides; with a custom deck it must stay 9.
//! * **Rounds.** `rounds: 0` (the default) means as many rounds as players. `until_minus: X`
//!   (0 = off) replaces the round count: the match ends after the first round in which a total
//!   reaches −X or lower.
//! * **Tie-break.** `tie_break: "shared"` (default) or `"fewest_last_round"`: among equal best
//!   totals, the fewest cards in the last round wins (still equal: shared).
//! * **Starter.** Round 1: left of the dealer (seat 0 by default). `next_round_starter: rotate`
//!   moves it one seat left each round; `winner`: the round's winner; `loser`: the player left with
//!   the most cards, ties going to the first of them clockwise after the winner.
//! * **Forced Courage vs a forced visible joker.** With `visible_joker_forced`, the all-pass rule
//!   still wins: the first passer must play Courage (or, with `play_or_courage`, may play the joker).
//! * **Turned cards.** A card turned by Courage is placed showing its revealed face (its other face
//!   is public from then on, until a shuffle); with `cover_face: flipped` the covering card is
//!   turned over as it is laid (both faces public too).
//! * **Pass streak.** A tuck counts as a pass; a failed Courage, a replacement and a cover all put
//!   cards on the centre and reset the streak; the streak also resets at each new round.
//! * **Memory.** The view remembers the faces of centre cards and tucked cards, but not which cards
//!   a failed Courage shuffled into a pile, nor which card went back among the set-aside cards at
//!   setup: after a shuffle, those cards are unknown again.
//! * **Hand-made deals** give 10 cards per pile (top first), 3 bases showing numbers, and the
//!   81 − 10n − 3 set-aside cards; a card is matched with any deck card bearing the same two faces.
//! * **No private events.** Under the rulebook's visibility model (N3) nobody, owner included,
//!   ever sees a face the others do not: an underside is seen only when it is turned up in front of
//!   the table (Courage, a flipped cover), and a failed Courage's shuffle gives fresh random
//!   orientations that nobody looks at. So every event goes to everyone, and every seat's view is
//!   the spectator's. A seat that looked at its own underside would learn a face alone, and would
//!   then need a private event; the rules give it no such moment.
//! * **A face comes up in an event of its own.** A move's event says only what everybody could
//!   predict from the table (which card goes where); the face that then comes up on top of the
//!   pile follows in [`Event::TopShown`]. So what the table is told of a move never depends on
//!   cards nobody has seen, up to the reveal. A card that covers a joker goes straight from under
//!   the card above it onto the joker, so its face first shows in [`Event::Covered`], and only the
//!   card left on top at the end is shown alone.
//! * **The flow never depends on unseen faces.** Pass and Courage are offered on every turn, tuck
//!   whenever the visible face fits nowhere, play where the visible face fits: all of it decided by
//!   public faces. What a Courage turns up, and which of the tied piles chance picks, come through
//!   public reveals before anything depends on them.
//!
//! # Strength of the heuristic bot
//!
//! Measured with `tapis sim nurmut --players 4 --games 4000 --seed 1`: the heuristic bot in seat 0
//! against three random bots wins **94.6%** of the matches (95% interval
//! 93.9–95.3%), where a random bot in the same seat wins 24.5%
//! (23.2–25.8%) (`--bots heuristic,random,random,random` against `--bots random`).

mod action;
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
pub use cards::{Card, DECK_SIZE, Deck, Face, Faces};
pub use client::{Body, CenterPile, SeatPile, Turned};
pub use options::{CoverFace, DeckChoice, ForcedAction, NextRoundStarter, Options, TieBreak};
pub use rules::{Chance, Deal, Event, Illegal, MAX_PLAYERS, NurMut, Phase};

/// The version of these rules (see [`tapis_core::Game::RULES_VERSION`]): bump it with any change
/// that plays the same seed and actions differently, and regenerate the golden records
/// (`tests/records/`).
pub const RULES_VERSION: u32 = 1;
pub use view::{CentreCard, PileView, View};
