//! The one place that lists the games. Everything else in the binary is generic over
//! [`tapis_core::Game`] and reaches a game through these macros (an enum, not trait objects).

use tapis_core::Match;

/// Calls `$callback!` with every game as `Variant => path::Type, "id"`.
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

macro_rules! define_any_match {
    ($($variant:ident => $ty:ty,)*) => {
        /// A match of any game. Variants differ in size, but a process holds one match at a
        /// time, so boxing would buy nothing.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyMatch {
            $($variant(Match<$ty>),)*
        }

        /// Every game id, in the order `tapis games` lists them.
        pub const GAME_IDS: &[&str] = &[$(<$ty as tapis_core::Game>::ID,)*];

        /// Runs `$body` with `$m` bound to the concrete `&mut Match<G>` inside an [`AnyMatch`].
        macro_rules! on_match {
            ($any:expr, $m:ident => $body:expr) => {
                match $any {
                    $($crate::registry::AnyMatch::$variant($m) => $body,)*
                }
            };
        }

        /// Runs `$body` with the type alias `$g` standing for the game with id `$id`:
        /// `Some(body)`, or `None` for an unknown id.
        macro_rules! on_game {
            ($id:expr, $g:ident => $body:expr) => {{
                let id: &str = $id;
                $(
                    if id == <$ty as tapis_core::Game>::ID {
                        #[allow(dead_code)]
                        type $g = $ty;
                        Some($body)
                    } else
                )* {
                    None
                }
            }};
        }
    };
}

for_each_game!(define_any_match);

pub(crate) use {on_game, on_match};

/// The error for an id that is not a game.
pub fn unknown_game(id: &str) -> String {
    format!("unknown game '{id}'; the games are: {}", GAME_IDS.join(", "))
}

/// Wraps a concrete match.
pub trait IntoAny {
    fn into_any(self) -> AnyMatch;
}

macro_rules! impl_into_any {
    ($($variant:ident => $ty:ty,)*) => {
        $(impl IntoAny for Match<$ty> {
            fn into_any(self) -> AnyMatch {
                AnyMatch::$variant(self)
            }
        })*
    };
}

for_each_game!(impl_into_any);
