//! `// -----` split markers (L-17): with `--split-input-file`, `mlir-opt` cuts a file at
//! every occurrence of the marker text and handles each piece as its own buffer.

use mlir_syntax::{TextRange, TextSize};

pub const SPLIT_MARKER: &str = "// -----";

/// The byte ranges of the chunks of `text`: the text between markers, markers excluded.
/// Without markers, one chunk covering the whole text.
pub fn split_chunks(text: &str) -> Vec<TextRange> {
    let mut chunks = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices(SPLIT_MARKER) {
        chunks.push(range(start, at));
        start = at + SPLIT_MARKER.len();
    }
    chunks.push(range(start, text.len()));
    chunks
}

/// Does a `RUN:` line of the file pass `-split-input-file` (or `--split-input-file`)?
pub fn run_line_requests_split(text: &str) -> bool {
    // Only the lines holding `RUN:` are read: a (SIMD) substring search skips the rest
    // of a million-line file far faster than splitting it into lines.
    memchr::memmem::find_iter(text.as_bytes(), b"RUN:").any(|at| {
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        text[start..end].contains("-split-input-file")
    })
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_exclude_markers() {
        let text = "a\n// -----\nb\n// -----\n";
        let pieces: Vec<&str> = split_chunks(text).iter().map(|r| &text[*r]).collect();
        assert_eq!(pieces, ["a\n", "\nb\n", "\n"]);
    }

    #[test]
    fn split_is_requested_by_run_lines_anywhere() {
        let run = "// RUN: mlir-opt %s -split-input-file -verify-diagnostics\n";
        assert!(run_line_requests_split(run));
        assert!(run_line_requests_split(&format!("x\n{}", run.trim_end())));
        assert!(!run_line_requests_split(
            "// RUN: mlir-opt %s\n// -split-input-file\n"
        ));
        assert!(!run_line_requests_split("-split-input-file // RUN\n"));
    }

    #[test]
    fn no_marker_is_one_chunk() {
        assert_eq!(split_chunks("x").len(), 1);
    }

    #[test]
    fn run_line_detection() {
        assert!(run_line_requests_split(
            "// RUN: mlir-opt %s -split-input-file | FileCheck %s\n"
        ));
        assert!(!run_line_requests_split(
            "// RUN: mlir-opt %s\n// -split-input-file\n"
        ));
    }
}
