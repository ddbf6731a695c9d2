//! The one place that lists the games. Everything else is generic over [`tapis_core::Game`] and
//! reaches a game through [`GameId`], [`AnyMatch`] and the [`on_game!`](crate::on_game) macro
//! (an enum, not trait objects, as shakmaty's `VariantPosition`).

use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt;
use std::str::FromStr;
use tapis_core::{Game, Lang, Match, OptionSpec, Wording};

/// Calls `$callback!` with every game as `Variant => path::Type,`.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            Nantais => tapis_nantais::Nantais,
            NurMut => tapis_nurmut::NurMut,
            Gum => tapis_gum::Gum,
            NainJaune => tapis_nainjaune::NainJaune,
            Njet => tapis_njet::Njet,
            CrazyEights => tapis_crazyeights::CrazyEights,
        }
    };
}

macro_rules! define_registry {
    ($($variant:ident => $ty:ty,)*) => {
        /// A game of tapis.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum GameId {
            $($variant,)*
        }

        impl GameId {
            /// Every game, in the order `tapis games` lists them.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant,)*];

            /// The id of the command line and the protocols: `nantais`.
            pub fn id(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Game>::ID,)*
                }
            }

            /// The version of the game's rules this build plays ([`Game::RULES_VERSION`]).
            pub fn rules_version(self) -> u32 {
                match self {
                    $(GameId::$variant => <$ty as Game>::RULES_VERSION,)*
                }
            }

            /// The name people know: `Le 8 Nantais`.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Game>::NAME,)*
                }
            }

            /// What one round of a match is called, in lower case: « manche », « partie ».
            pub fn round_word(self, lang: Lang) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Wording>::round_word(lang),)*
                }
            }

            /// The game's rules in brief.
            pub fn rules_text(self, lang: Lang) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Wording>::rules_text(lang),)*
                }
            }

            /// The game in one sentence ([`Wording::tagline`]).
            pub fn tagline(self, lang: Lang) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Wording>::tagline(lang),)*
                }
            }

            /// The name a table calls the game by ([`Wording::short_name`]): `Crazy Eights`.
            pub fn short_name(self, lang: Lang) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Wording>::short_name(lang),)*
                }
            }

            /// The game's variant switches.
            pub fn option_specs(self) -> &'static [OptionSpec] {
                match self {
                    $(GameId::$variant => <$ty as Game>::option_specs(),)*
                }
            }

            /// The player counts the game accepts with its default options.
            pub fn players(self) -> (usize, usize) {
                match self {
                    $(GameId::$variant => {
                        let defaults = <$ty as Game>::parse_options(&Map::new()).expect("default options are valid");
                        let range = <$ty as Game>::players_range(&defaults);
                        (*range.start(), *range.end())
                    })*
                }
            }
        }

        /// A match of any game, with its record. Variants differ in size, and a server holds
        /// thousands of them: each is boxed where it is stored (a room), not here.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyMatch {
            $($variant(Match<$ty>),)*
        }

        $(impl From<Match<$ty>> for AnyMatch {
            fn from(m: Match<$ty>) -> AnyMatch {
                AnyMatch::$variant(m)
            }
        })*

        impl AnyMatch {
            pub fn game(&self) -> GameId {
                match self {
                    $(AnyMatch::$variant(_) => GameId::$variant,)*
                }
            }
        }
    };
}

for_each_game!(define_registry);

/// Runs `$body` with `$m` bound to the concrete `Match<G>` inside an [`AnyMatch`] (by value,
/// reference or mutable reference, as `$any` is given). Written out rather than generated, so
/// that other crates can call it by path; the match is exhaustive, so a game missing here does
/// not compile.
#[macro_export]
macro_rules! on_match {
    ($any:expr, $m:ident => $body:expr) => {
        match $any {
            $crate::AnyMatch::Nantais($m) => $body,
            $crate::AnyMatch::NurMut($m) => $body,
            $crate::AnyMatch::Gum($m) => $body,
            $crate::AnyMatch::NainJaune($m) => $body,
            $crate::AnyMatch::Njet($m) => $body,
            $crate::AnyMatch::CrazyEights($m) => $body,
        }
    };
}

/// Runs `$body` with the type alias `$g` standing for the game of a [`GameId`].
#[macro_export]
macro_rules! on_game {
    ($id:expr, $g:ident => $body:expr) => {{
        match $id {
            $crate::GameId::Nantais => {
                #[allow(dead_code)]
                type $g = $crate::games::Nantais;
                $body
            }
            $crate::GameId::NurMut => {
                #[allow(dead_code)]
                type $g = $crate::games::NurMut;
                $body
            }
            $crate::GameId::Gum => {
                #[allow(dead_code)]
                type $g = $crate::games::Gum;
                $body
            }
            $crate::GameId::NainJaune => {
                #[allow(dead_code)]
                type $g = $crate::games::NainJaune;
                $body
            }
            $crate::GameId::Njet => {
                #[allow(dead_code)]
                type $g = $crate::games::Njet;
                $body
            }
            $crate::GameId::CrazyEights => {
                #[allow(dead_code)]
                type $g = $crate::games::CrazyEights;
                $body
            }
        }
    }};
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that is not a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message(Lang::En))]
pub struct UnknownGame(pub String);

impl UnknownGame {
    pub fn message(&self, lang: Lang) -> String {
        let ids: Vec<&str> = GameId::ALL.iter().map(|g| g.id()).collect();
        let id = tapis_core::game::short_quote(&self.0);
        match lang {
            Lang::Fr => format!("jeu inconnu «\u{a0}{id}\u{a0}»\u{a0}; les jeux sont\u{a0}: {}", ids.join(", ")),
            Lang::En => format!("unknown game '{id}'; the games are: {}", ids.join(", ")),
        }
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<GameId, UnknownGame> {
        let wanted = text.trim();
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.id().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownGame(text.to_string()))
    }
}

/// One variant switch, as the `games` answers and the room-creation forms show it.
#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    pub key: &'static str,
    pub default: Value,
    /// The accepted values in the protocol's shape: `values`, or `min`/`max`, or `accepts`.
    #[serde(flatten)]
    pub accepts: Map<String, Value>,
    pub help: &'static str,
    pub help_fr: &'static str,
}

/// What a front end needs to know of a game before a match.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// The smallest and largest tables with the default options.
    pub players: (usize, usize),
    pub options: Vec<OptionInfo>,
    pub rules: &'static str,
    pub rules_fr: &'static str,
    /// The game in one sentence, in English and in French.
    pub tagline: &'static str,
    pub tagline_fr: &'static str,
}

impl GameId {
    pub fn info(self) -> GameInfo {
        let options = self
            .option_specs()
            .iter()
            .map(|spec| {
                let Value::Object(mut accepts) = spec.to_json() else { unreachable!("a spec is an object") };
                let default = accepts.remove("default").unwrap_or(Value::Null);
                accepts.remove("help");
                accepts.remove("help_fr");
                OptionInfo { key: spec.key, default, accepts, help: spec.help, help_fr: spec.help_fr }
            })
            .collect();
        GameInfo {
            id: self.id(),
            name: self.name(),
            players: self.players(),
            options,
            rules: self.rules_text(Lang::En),
            rules_fr: self.rules_text(Lang::Fr),
            tagline: self.tagline(Lang::En),
            tagline_fr: self.tagline(Lang::Fr),
        }
    }

    /// The referee's `games` entry: PROTOCOL.md's fields (`options` as an object keyed by option),
    /// plus the rules in brief, each option's help in both languages, the option keys in the
    /// rulebook's order (`option_order`: a JSON object's keys have no order a client can rely on),
    /// and the game's own words for a list of games and a score sheet, each in English and with
    /// `_fr` in French: its one-line `tagline`, the `short_name` a table calls it by, and the
    /// `round_word` for one of its rounds (« manche », or Battle GUM's « partie »).
    pub fn protocol_json(self) -> Value {
        let info = self.info();
        let options: Map<String, Value> =
            self.option_specs().iter().map(|s| (s.key.to_string(), s.to_json())).collect();
        let order: Vec<&str> = self.option_specs().iter().map(|s| s.key).collect();
        serde_json::json!({
            "id": info.id,
            "name": info.name,
            "players": [info.players.0, info.players.1],
            "options": options,
            "option_order": order,
            "rules": info.rules,
            "rules_fr": info.rules_fr,
            "tagline": info.tagline,
            "tagline_fr": info.tagline_fr,
            "short_name": self.short_name(Lang::En),
            "short_name_fr": self.short_name(Lang::Fr),
            "round_word": self.round_word(Lang::En),
            "round_word_fr": self.round_word(Lang::Fr),
        })
    }
}

/// Every game's `games` entry, in order.
pub fn games_json() -> Value {
    Value::Array(GameId::ALL.iter().map(|g| g.protocol_json()).collect())
}
