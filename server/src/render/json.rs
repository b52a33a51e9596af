//! One JSON array of diagnostics, with 0-based lines and UTF-16 characters (LSP
//! positions).

use std::io::{self, Write};

use mlir_analysis::line_index::LineIndex;
use mlir_analysis::{Severity, TextRange, TextSize};
use serde_json::json;

use super::{FileReport, position, with_diagnostics};

pub fn render_json(out: &mut impl Write, reports: &[FileReport]) -> io::Result<()> {
    let mut entries = Vec::new();
    for (report, index) in with_diagnostics(reports) {
        let range = |at: TextRange| {
            json!({
                "start": lsp_position(&report.text, &index, at.start()),
                "end": lsp_position(&report.text, &index, at.end()),
            })
        };
        for d in &report.diagnostics {
            let notes: Vec<serde_json::Value> = d
                .notes
                .iter()
                .map(|note| json!({ "range": range(note.range), "message": note.message }))
                .collect();
            entries.push(json!({
                "path": report.path.display().to_string(),
                "range": range(d.range),
                "severity": json_severity(d.severity),
                "code": d.code,
                "message": d.message,
                "notes": notes,
            }));
        }
    }
    serde_json::to_writer_pretty(&mut *out, &entries)?;
    writeln!(out)
}

/// A 0-based line and a UTF-16 character offset, as LSP counts them.
fn lsp_position(text: &str, index: &LineIndex, at: TextSize) -> serde_json::Value {
    let pos = position(text, index, at);
    json!({ "line": pos.line, "character": pos.utf16_col })
}

fn json_severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Remark => "information",
        Severity::Hint => "hint",
    }
}
