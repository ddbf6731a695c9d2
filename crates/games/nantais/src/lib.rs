//! Le 8 Nantais (work in progress: not yet a `Game`).
