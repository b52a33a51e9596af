//! Control characters in what we print: a binary file's raw bytes (an escape sequence, a
//! NUL) must not reach the terminal, nor a log that renders escape sequences, through an
//! echoed source line or a message quoting source text.
//!
//! A control character (C0, DEL and C1: `char::is_control`) is shown in Rust's notation,
//! `\u{1b}`, rather than in caret notation (`^[`): caret notation has no short form for C1
//! characters (U+0080 to U+009F), and `\u{..}` reads the same in every format and names
//! the character exactly.

use std::borrow::Cow;

/// `text` with every control character but those in `keep` escaped.
pub fn escape_controls<'a>(text: &'a str, keep: &[char]) -> Cow<'a, str> {
    let escapes = |c: char| c.is_control() && !keep.contains(&c);
    if !text.chars().any(escapes) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escapes(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// How many characters the escape of a control character takes, and 1 for any other.
pub fn shown_width(c: char) -> usize {
    if c.is_control() {
        c.escape_unicode().count()
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_others_kept() {
        assert_eq!(escape_controls("a\tb", &['\t']), "a\tb");
        assert_eq!(
            escape_controls("\u{1b}[31mé\0\u{7f}\u{9b}z", &['\t']),
            "\\u{1b}[31mé\\u{0}\\u{7f}\\u{9b}z"
        );
        assert_eq!(escape_controls("a\nb\tc", &['\n']), "a\nb\\u{9}c");
        assert!(matches!(escape_controls("plain", &[]), Cow::Borrowed(_)));
        assert_eq!(shown_width('\u{1b}'), "\\u{1b}".len());
        assert_eq!(shown_width('\0'), "\\u{0}".len());
        assert_eq!(shown_width('é'), 1);
    }
}
