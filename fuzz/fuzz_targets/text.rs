//! Names and chat lines as anyone may type them, cleaned: what is kept has no control or
//! bidirectional character, is in NFC, stacks at most `MARKS_PER_LETTER` marks on a letter, has
//! something visible, and cleaning it again changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tapis_server::text::{MARKS_PER_LETTER, clean};
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::is_nfc;

fuzz_target!(|text: &str| {
    let Some(kept) = clean(text) else { return };
    assert!(!kept.is_empty() && kept.trim() == kept);
    assert!(kept.chars().all(|c| !c.is_control()), "{kept:?}");
    assert!(
        !kept.chars().any(
            |c| matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        ),
        "{kept:?}"
    );
    assert!(is_nfc(&kept), "not in NFC: {kept:?}");
    let mut marks = 0;
    for c in kept.chars() {
        marks = if is_combining_mark(c) { marks + 1 } else { 0 };
        assert!(marks <= MARKS_PER_LETTER, "{marks} marks on a letter in {kept:?} from {text:?}");
    }
    assert_eq!(clean(&kept).as_deref(), Some(kept.as_str()), "cleaning twice changed it");
});
