//! A record of any content loaded: replayed, or refused in French and English; a loaded record
//! gives a match that keeps every promise and saves the same record again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tapis_core::{Lang, Record};
use tapis_table::AnyMatch;

fuzz_target!(|json: &[u8]| {
    let Ok(record) = serde_json::from_slice::<Record>(json) else { return };
    match AnyMatch::load(&record) {
        Ok(m) => {
            tapis_fuzz::check(&m);
            let again = AnyMatch::load(m.record()).expect("a loaded record loads again");
            assert_eq!(again.state_json(), m.state_json());
        }
        Err(e) => assert!(!e.message(Lang::Fr).is_empty() && !e.message(Lang::En).is_empty()),
    }
});
