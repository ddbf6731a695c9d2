//! Nur Mut (work in progress: not yet a `Game`).
