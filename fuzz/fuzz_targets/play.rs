//! A match of any game, any player count and options, played by a script that mixes offered
//! actions with arbitrary and mangled texts (see `src/lib.rs` for what is checked).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tapis_fuzz::{Setup, Step, play};
use tapis_table::AnyMatch;

fuzz_target!(|input: (Setup, Vec<Step>)| {
    let (setup, steps) = input;
    if let Ok(mut m) = AnyMatch::new(setup.game(), &setup.request()) {
        play(&mut m, &steps);
    }
});
