//! The core of tapis: the vocabulary shared by every game (cards, card sets, seats, the seeded
//! generator), the [`Game`] trait of the rules and one trait per other concern ([`Wording`],
//! [`Heuristic`], [`Conformance`], [`ClientView`], [`Counters`], [`Encoding`]) that every game
//! implements, options, records, and the conformance kit.
//!
//! Dependencies point one way: cli → bots → games → core. Nothing here knows any game.

/// `|`, `&` and `-` (union, intersection, difference) with their assignments, for a set whose
/// `union`, `intersection` and `difference` are written out: `all - ready`, as shakmaty's
/// `Bitboard` has them, rather than `SeatSet(all.0 & !ready.0)`.
macro_rules! set_operators {
    ($set:ty) => {
        impl std::ops::BitOr for $set {
            type Output = $set;
            #[inline]
            fn bitor(self, other: $set) -> $set {
                self.union(other)
            }
        }

        impl std::ops::BitAnd for $set {
            type Output = $set;
            #[inline]
            fn bitand(self, other: $set) -> $set {
                self.intersection(other)
            }
        }

        impl std::ops::Sub for $set {
            type Output = $set;
            #[inline]
            fn sub(self, other: $set) -> $set {
                self.difference(other)
            }
        }

        impl std::ops::BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, other: $set) {
                *self = self.union(other);
            }
        }

        impl std::ops::BitAndAssign for $set {
            #[inline]
            fn bitand_assign(&mut self, other: $set) {
                *self = self.intersection(other);
            }
        }

        impl std::ops::SubAssign for $set {
            #[inline]
            fn sub_assign(&mut self, other: $set) {
                *self = self.difference(other);
            }
        }
    };
}

pub mod cards;
pub mod chance;
pub mod client;
pub mod counters;
pub mod encoding;
pub mod error;
pub mod game;
pub mod kit;
pub mod multiset;
pub mod options;
pub mod race;
pub mod record;
pub mod rich;
pub mod rng;
pub mod seat;
pub mod words;

pub use cards::{BadRank, BadSuit, CardSet, CardSet128, FrenchCard, Rank, Suit};
pub use client::{ClientView, DescribeTable, HandCard, french_hand};
pub use counters::{Counter, Counters, Counting, Counts};
pub use encoding::Encoding;
pub use multiset::OnceOrTwice;

pub use chance::{StepLog, Stored};
pub use error::{ActionError, ChanceProblem, DeckMismatch, RecordError, SetupError, Text, check_deck};
pub use game::{
    ActionList, Audience, Conformance, EventSink, FullGame, Game, GameEvent, Heuristic, Lang, MAX_ACTIONS, NoReason,
    Reason, Setup, Wording, events_for,
};
pub use options::{ChoiceValue, OptionKind, OptionSpec};
pub use record::{Match, MatchRequest, Outcome, Record};
pub use rich::{Mark, RichLine, RichSpan, Tint};
pub use rng::GameRng;
pub use seat::{BySeat, MAX_SEATS, Seat, SeatSet};
#[doc(hidden)]
pub use serde as __serde;
pub use words::{Words, grouped, number};
