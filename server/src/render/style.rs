//! Colour for the text format and the summary line: ANSI SGR escapes, written by us (no
//! crate needed for six styles), and only when asked (`--color`, resolved in check.rs).

use std::fmt;

use mlir_analysis::Severity;

/// An SGR parameter list, e.g. `1;31` for bold red.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sgr(&'static str);

pub const BOLD: Sgr = Sgr("1");
pub const CARET: Sgr = Sgr("1;32");
pub const ERROR: Sgr = Sgr("1;31");
pub const WARNING: Sgr = Sgr("1;33");
pub const GOOD: Sgr = Sgr("1;32");

/// The style of a severity's word: error red, warning yellow, note and remark cyan, all
/// bold; a hint, said softly, plain blue.
pub fn severity_style(severity: Severity) -> Sgr {
    match severity {
        Severity::Error => ERROR,
        Severity::Warning => WARNING,
        Severity::Note | Severity::Remark => Sgr("1;36"),
        Severity::Hint => Sgr("34"),
    }
}

/// Whether to colour, and how to: `paint` wraps text in a style's escapes, or leaves it
/// as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colors(pub bool);

impl Colors {
    pub fn paint<T: fmt::Display>(self, style: Sgr, text: T) -> Painted<T> {
        Painted {
            style: self.0.then_some(style),
            text,
        }
    }
}

pub struct Painted<T> {
    style: Option<Sgr>,
    text: T,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.style {
            Some(Sgr(sgr)) => write!(f, "\x1b[{sgr}m{}\x1b[0m", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn painting_wraps_in_escapes_only_when_on() {
        assert_eq!(
            Colors(true).paint(ERROR, "error").to_string(),
            "\x1b[1;31merror\x1b[0m"
        );
        assert_eq!(Colors(false).paint(ERROR, "error").to_string(), "error");
    }
}
