//! What people write (names, chat lines) made safe to show to everyone: no control characters,
//! no bidirectional overrides or isolates (a name that turns the rest of a line around), no
//! invisible format characters that carry text nobody sees (Unicode tags, U+E0020–U+E007F,
//! outside the flag emoji they spell; musical and shorthand format controls), no line made only
//! of invisible characters, and marks stacked on one letter limited (zalgo text smears over the
//! lines around it). Written in NFC, so that « é » is one character however it was typed. Long
//! unbroken words are the page's business (`overflow-wrap` in `web/style.css`).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Marks kept on one letter: enough for every script's real stacks (Vietnamese needs two once
/// composed, Indic scripts three), too few to smear.
pub const MARKS_PER_LETTER: usize = 3;

/// Characters that change the direction of what follows, or mark it invisibly.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Format characters that show nothing and have no use in a name or a chat line: invisible
/// mathematical operators, deprecated format characters, interlinear annotations, musical
/// symbols' beams and slurs, shorthand format controls, the language tag.
fn is_stray_format(c: char) -> bool {
    matches!(
        c,
        '\u{2061}'..='\u{2064}'
            | '\u{206A}'..='\u{206F}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
    )
}

/// Unicode tags: letters nobody sees, meaningful only in a flag emoji's tag sequence (🏴 then tags,
/// then the cancel tag U+E007F: the flags of England, Scotland, Wales).
fn is_tag(c: char) -> bool {
    ('\u{E0020}'..='\u{E007F}').contains(&c)
}

/// The black flag that starts an emoji tag sequence.
const TAG_BASE: char = '\u{1F3F4}';

/// Characters that show nothing by themselves.
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || is_combining_mark(c)
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200D}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{E0000}'..='\u{E007F}'
                | '\u{E0100}'..='\u{E01EF}'
        )
}

/// `text` cleaned: control characters and bidirectional controls removed (a tab or a line break
/// becomes a space), at most [`MARKS_PER_LETTER`] marks on a letter, spaces trimmed. `None` when
/// nothing visible is left.
pub fn clean(text: &str) -> Option<String> {
    // Controls go before normalizing, not after: a control character between a letter and its
    // mark would otherwise keep them apart in NFC and, once removed, leave a decomposed pair, and
    // it would start a new count of marks on the same letter.
    // Tags are kept only right after a black flag, up to their cancel tag.
    let mut in_flag = false;
    let visible = text.chars().filter_map(move |c| {
        let kept_tag = is_tag(c) && in_flag;
        in_flag = c == TAG_BASE || (kept_tag && c != '\u{E007F}');
        if is_tag(c) {
            return kept_tag.then_some(c);
        }
        match c.is_control() || is_bidi_control(c) || is_stray_format(c) {
            true => c.is_whitespace().then_some(' '),
            false => Some(c),
        }
    });
    let mut out = String::with_capacity(text.len());
    let mut marks = 0;
    for c in visible.nfc() {
        if is_combining_mark(c) {
            marks += 1;
            if marks > MARKS_PER_LETTER {
                continue;
            }
        } else {
            marks = 0;
        }
        out.push(c);
    }
    let trimmed = out.trim();
    if trimmed.chars().all(is_invisible) {
        return None;
    }
    Some(trimmed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_lines_are_cleaned() {
        assert_eq!(clean("  Alice "), Some("Alice".into()));
        assert_eq!(clean("A\u{0}l\u{7}i\u{1b}ce"), Some("Alice".into()));
        assert_eq!(clean("ab\ncd\te"), Some("ab cd e".into()));
        assert_eq!(clean("\u{202E}Eve\u{2066}"), Some("Eve".into()));
        assert_eq!(clean("\u{200B}"), None, "zero-width only");
        assert_eq!(clean("\u{200B}\u{2060} \u{FEFF}"), None);
        assert_eq!(clean("   "), None);
        assert_eq!(clean("e\u{301}"), Some("é".into()), "composed");
        assert_eq!(clean("Nguyễn"), Some("Nguyễn".into()));
        let zalgo = format!("a{}b", "\u{0300}\u{0301}\u{0302}\u{0303}\u{0304}".repeat(20));
        let cleaned = clean(&zalgo).unwrap();
        assert_eq!(cleaned.chars().filter(|c| is_combining_mark(*c)).count(), MARKS_PER_LETTER);
        assert!(cleaned.starts_with('à') && cleaned.ends_with('b'), "the first mark composed: {cleaned}");
        // An emoji family keeps its joiners.
        assert_eq!(clean("👨\u{200D}👩\u{200D}👧"), Some("👨\u{200D}👩\u{200D}👧".into()));
        assert_eq!(clean("\u{301}\u{301}"), None, "marks alone");
    }

    /// Issue 41: tag characters and musical format controls passed as names and chat, showing
    /// as nothing.
    #[test]
    fn invisible_tags_and_format_controls_are_no_name() {
        assert_eq!(clean("\u{E0041}\u{E0042}\u{E0043}"), None, "tags alone");
        assert_eq!(clean("\u{1D173}\u{1D174}"), None, "musical format controls alone");
        assert_eq!(clean("\u{E0001}\u{E0065}\u{E006E}"), None, "a language tag");
        assert_eq!(clean("Ev\u{E0041}\u{E0049}e\u{1D17A}"), Some("Eve".into()), "tags smuggled in a name");
        assert_eq!(clean("a\u{2062}b\u{FFF9}c\u{1BCA0}"), Some("abc".into()));
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
        assert_eq!(clean(england), Some(england.into()), "a flag's tag sequence is kept");
        assert_eq!(clean(&format!("{england}\u{E0041}!")), Some(format!("{england}!")), "not after its cancel tag");
        assert_eq!(clean("\u{1F3F4}"), Some("\u{1F3F4}".into()));
        assert_eq!(clean("\u{E0100}\u{FE0F}"), None, "variation selectors alone");
    }

    /// Found by `fuzz/`'s `text` target (« not in NFC » on `"$-ȱ\u{1e}ȱ\u{0}\u{323}"`): a control
    /// character between a letter and its marks.
    #[test]
    fn a_control_character_neither_splits_a_letter_nor_restarts_its_marks() {
        let found = clean("$-ȱ\u{1e}ȱ\u{0}\u{323}").unwrap();
        assert!(unicode_normalization::is_nfc(&found), "{found:?}");
        assert_eq!(clean("e\u{0}\u{301}"), Some("é".into()), "composed once the control is gone");
        let smuggled = format!("a{}\u{7}{}", "\u{301}\u{302}\u{303}", "\u{304}\u{305}\u{306}");
        assert_eq!(clean(&smuggled), Some("á\u{302}\u{303}\u{304}".into()), "three marks on the letter, not six");
    }
}
