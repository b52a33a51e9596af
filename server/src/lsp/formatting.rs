//! `textDocument/formatting` and `rangeFormatting`: the formatter's edits (layout only,
//! see `mlir_ide::format`) as LSP text edits, in the document's position encoding.

use mlir_analysis::TextRange;
use mlir_analysis::ide::{FormatOptions, format};
use tower_lsp_server::ls_types as lsp;

use super::documents::Snapshot;
use super::positions::PositionMap;

/// The edits that lay out the snapshot's text, or (with `range`) the part of it that
/// range covers, and how many statements holding a syntax error were left as written.
pub fn edits(
    snapshot: &Snapshot,
    map: &PositionMap<'_>,
    indent_width: usize,
    range: Option<lsp::Range>,
) -> (Vec<lsp::TextEdit>, usize) {
    let range = range.map(|r| TextRange::new(map.offset(r.start), map.offset(r.end)));
    let options = FormatOptions { indent_width };
    let formatted = format(&snapshot.parse, snapshot.text(), options, range);
    let edits = formatted
        .edits
        .iter()
        .map(|edit| lsp::TextEdit {
            range: map.range(edit.range),
            new_text: edit.insert.clone(),
        })
        .collect();
    (edits, formatted.left_alone.len())
}
