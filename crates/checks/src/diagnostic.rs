//! A diagnostic: what is wrong, where, with MLIR's message text and a stable code (DESIGN
//! §3.4), and the notes MLIR attaches to it. Every check produces these; ranges are byte
//! ranges in the whole file, also for `// -----` chunks.

use mlir_syntax::TextRange;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
    /// Ours, not MLIR's: what we could not check, said softly. `--verify-diagnostics`,
    /// exit statuses and the corpus tests ignore hints.
    Hint,
}

impl Severity {
    /// The word MLIR prints and `expected-*` annotations use.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Hint => "hint",
        }
    }
}

/// A related location with a message, shown beside its diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Note {
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub range: TextRange,
    pub severity: Severity,
    /// A stable identifier, e.g. `syntax`.
    pub code: &'static str,
    pub message: String,
    pub notes: Vec<Note>,
}

impl Diagnostic {
    pub fn hint(code: &'static str, message: impl Into<String>, range: TextRange) -> Self {
        Diagnostic {
            severity: Severity::Hint,
            ..Diagnostic::error(code, message, range)
        }
    }

    pub fn error(code: &'static str, message: impl Into<String>, range: TextRange) -> Self {
        let message = message.into();
        Diagnostic {
            range,
            severity: Severity::Error,
            code,
            message,
            notes: Vec::new(),
        }
    }
}
