//! Diagnostics of a file: what is wrong, where, with MLIR's message text and a stable code
//! (DESIGN §3.4). Ranges are byte ranges in the whole file, also for `// -----` chunks.

use mlir_syntax::{TextRange, TextSize};

use crate::chunks::split_chunks;
use crate::irdl::IrdlDialect;

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

/// Every diagnostic of `text`. With `split`, each `// -----` chunk is analysed on its own,
/// as `mlir-opt --split-input-file` does.
pub fn file_diagnostics(text: &str, split: bool) -> Vec<Diagnostic> {
    file_diagnostics_with(text, split, &[])
}

/// `file_diagnostics`, with IRDL dialects from elsewhere (`check --irdl-file`).
pub fn file_diagnostics_with(text: &str, split: bool, irdl: &[IrdlDialect]) -> Vec<Diagnostic> {
    if !split {
        return parse_diagnostics_with(&mlir_syntax::parse(text), TextSize::new(0), irdl);
    }
    split_chunks(text)
        .into_iter()
        .flat_map(|chunk| {
            parse_diagnostics_with(&mlir_syntax::parse(&text[chunk]), chunk.start(), irdl)
        })
        .collect()
}

/// The diagnostics of an already parsed text that starts at `offset` in its file: syntax
/// errors, then name-resolution errors.
pub fn parse_diagnostics(parse: &mlir_syntax::Parse, offset: TextSize) -> Vec<Diagnostic> {
    parse_diagnostics_with(parse, offset, &[])
}

/// `parse_diagnostics`, with IRDL dialects from elsewhere.
pub fn parse_diagnostics_with(
    parse: &mlir_syntax::Parse,
    offset: TextSize,
    irdl: &[IrdlDialect],
) -> Vec<Diagnostic> {
    let syntax = parse
        .errors()
        .iter()
        .map(|e| Diagnostic::error("syntax", e.message.clone(), e.range));
    let root = parse.syntax_node();
    let outline = crate::outline::outline_once(&root);
    let mut context = crate::checks::FileContext::of_file(&root);
    context.irdl.extend(irdl.iter().cloned());
    // The file checks run beside the bodies' checks: alone, they would leave cores idle.
    // Rowan cursors stay on their thread, so that one builds its own root.
    let (names, file_checks) = std::thread::scope(|scope| {
        let green = parse.green().clone();
        let outline = &outline;
        let file_checks = scope.spawn(move || {
            let root = mlir_syntax::SyntaxNode::new_root(green);
            crate::file_checks::file_checks_of(&root, outline)
        });
        let names = crate::names::name_diagnostics_of(&outline.bodies, &context);
        let file_checks = file_checks
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (names, file_checks)
    });
    let semantic = names.into_iter().chain(file_checks);
    let mut all: Vec<Diagnostic> = syntax.chain(semantic).collect();
    all.sort_by_key(|d| (d.range.start(), d.range.end()));
    for d in &mut all {
        d.range += offset;
        for note in &mut d.notes {
            note.range += offset;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_parsed_apart_with_file_offsets() {
        // L-17: the marker ends the unclosed region of the first chunk.
        let text = "\"a.op\"() ({\n// -----\n\"b.op\"() : () -> ()\n";
        let joined = file_diagnostics(text, false);
        let split = file_diagnostics(text, true);
        assert_eq!(joined.len(), 1);
        assert_eq!(split.len(), 1);
        assert_eq!(split[0].message, "expected operation name in quotes");
        assert_eq!(u32::from(split[0].range.start()), 11);
    }
}
