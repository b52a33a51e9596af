//! Fuzz target for the formatter: on any text, formatting changes whitespace only (the
//! tokens, comments included, are those of the input), a second pass changes nothing,
//! and formatting a range (the first two bytes pick it) keeps the tokens too.
//! Run on stable: `cargo fuzz run format -s none` (from the repository root).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mlir_analysis::TextRange;
use mlir_analysis::ide::{FormatOptions, apply_format_edits, format};
use mlir_syntax::SyntaxKind;

/// The text of each token that is not whitespace, in order.
fn tokens(text: &str) -> Vec<String> {
    mlir_syntax::parse(text)
        .syntax_node()
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| t.kind() != SyntaxKind::WHITESPACE)
        .map(|t| t.text().to_string())
        .collect()
}

/// The formatted text of `text`, or of the part `range` covers.
fn formatted(text: &str, width: usize, range: Option<TextRange>) -> String {
    let parse = mlir_syntax::parse(text);
    let options = FormatOptions { indent_width: width };
    let result = format(&parse, text, options, range);
    // MLIR's whitespace: NUL counts as a space when it is not the end of the buffer.
    let blank = |s: &str| s.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0));
    for edit in &result.edits {
        let old = &text[edit.range];
        assert!(blank(old), "an edit replaced {old:?}");
        assert!(blank(&edit.insert), "an edit inserted {:?}", edit.insert);
    }
    apply_format_edits(text, &result.edits)
}

/// The range of `text` the two bytes pick, on char boundaries.
fn range_of(text: &str, a: u8, b: u8) -> TextRange {
    let at = |x: u8| {
        let mut i = text.len() * x as usize / 255;
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i as u32
    };
    let (lo, hi) = (at(a.min(b)), at(a.max(b)));
    TextRange::new(lo.into(), hi.into())
}

fuzz_target!(|data: &[u8]| {
    let (head, body) = data.split_at(data.len().min(3));
    let text = String::from_utf8_lossy(body);
    let width = 1 + head.first().map_or(1, |w| (w % 8) as usize);
    let once = formatted(&text, width, None);
    assert_eq!(tokens(&once), tokens(&text), "the tokens changed");
    let twice = formatted(&once, width, None);
    assert_eq!(twice, once, "a second pass changed the text");
    if let [_, a, b] = head {
        let part = formatted(&text, width, Some(range_of(&text, *a, *b)));
        assert_eq!(tokens(&part), tokens(&text), "a range's edits changed the tokens");
    }
});
