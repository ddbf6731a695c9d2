//! Battle GUM (work in progress: not yet a `Game`).
