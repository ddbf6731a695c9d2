//! The errors a game reports. Each maps to one error code of the referee protocol.

use thiserror::Error;

/// Why a match could not be set up. Nothing was created.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// An unknown option key, or a value the option does not take (`bad_option`).
    #[error("{0}")]
    BadOption(String),
    /// A hand-made deal that does not hold exactly the game's deck, or that the rules could never
    /// produce (`bad_deal`).
    #[error("{0}")]
    BadDeal(String),
    /// A player count, dealer or seed the game does not accept (`bad_request`).
    #[error("{0}")]
    BadSetup(String),
}

impl SetupError {
    /// The referee protocol's error code.
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::BadOption(_) => "bad_option",
            SetupError::BadDeal(_) => "bad_deal",
            SetupError::BadSetup(_) => "bad_request",
        }
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The text is not an action of this game (`bad_action`).
    #[error("{0}")]
    Parse(String),
    /// A well-formed action that this seat may not take now (`illegal_action`).
    #[error("{0}")]
    Illegal(String),
}

impl ActionError {
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Parse(_) => "bad_action",
            ActionError::Illegal(_) => "illegal_action",
        }
    }
}
