//! The table layer: what every front end of tapis stands on (the terminal, the referee, the
//! server), so that none of them decides who moves next, builds a view or words a card itself.
//!
//! - [`registry`]: the games ([`GameId`], [`AnyMatch`], [`GameInfo`]) and the [`on_game!`] and
//!   [`on_match!`] macros that reach a concrete game from them.
//! - [`ops`]: the operations of a match as text and JSON — new, status, legal actions, act,
//!   views, records, bots — as the referee protocol and the server need them.
//! - [`describe`]: the table as a screen shows it, each game describing its own
//!   ([`tapis_core::DescribeTable`]).
//! - [`view`]: the client view, one envelope for every game around the game's own body
//!   (`docs/client-view.md`).
//! - [`driver`]: [`Table`], the clock-free driver of one match with people and bots at its
//!   seats: stale and illegal submissions refused, bot delays and turn clocks at exact times
//!   given by the caller, bots' and clocks' moves worked out beside the table as [`Job`]s,
//!   rematches, and for every accepted action what each seat is told.
//! - [`pace`]: people's pace at a table: how fast bots react in a window, how often they miss
//!   one or forget UNIQUE, how long a person's only move waits before it is played for them.
//!
//! Dependencies point one way: cli/server → table → bots → games → core.

pub mod describe;
pub mod driver;
pub mod ops;
pub mod pace;
pub mod registry;
pub mod review;
pub mod view;

pub use describe::TableText;
pub use driver::{
    Accepted, Answered, BOT_NAMES, Choice, ClientViewOf, Controller, Forced, Job, JobAnswer, JobKey, Mover, Reaction,
    Table, TableError, TableSetup, bot_name,
};
pub use ops::{LegalAction, LoadError, Status, StatusOf, ToldEvent};
pub use registry::{AnyMatch, GameId, GameInfo, OptionInfo, UnknownGame, games_json};
pub use view::RoundSummary;

/// The game types, for [`on_game!`].
pub mod games {
    pub use tapis_crazyeights::CrazyEights;
    pub use tapis_gum::Gum;
    pub use tapis_nainjaune::NainJaune;
    /// A hand-made deal of Le 8 Nantais, for the front ends' scenarios (`tapis bench --pace`).
    pub use tapis_nantais::Deal as NantaisDeal;
    pub use tapis_nantais::Nantais;
    pub use tapis_njet::Njet;
    pub use tapis_nurmut::NurMut;
}
