//! Njet! (work in progress: not yet a `Game`).
