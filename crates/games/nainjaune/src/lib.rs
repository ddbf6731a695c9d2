//! Le Nain Jaune (work in progress: not yet a `Game`).
