//! Fuzz target for what is made from the last tree after edits: the reparse of two edits
//! in turn must keep the text, and the outline spliced from the last one's
//! (`outline::splice`) must be the outline of a fresh walk, after each edit. The first 8
//! bytes choose the edits (where, how much is deleted, what is typed); the rest is the
//! text.
//! Run on stable: `cargo fuzz run edits -s none` (from the repository root).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mlir_analysis::outline::{OutlineMemo, outline, outline_once};
use mlir_analysis::{TextEdit, TextRange, TextSize};

/// What an edit may type: characters that open and close regions, names, whole ops.
const TYPED: [&str; 12] = [
    "x",
    " ",
    "\n",
    "}",
    "{",
    "%a = ",
    "\"",
    "#map",
    "func.func @g() {\n  return\n}\n",
    "module {\n",
    "loc(#l)",
    "",
];

/// The edit that `bytes` (4 of them) choose in `text`, on character boundaries.
fn edit_of(bytes: &[u8], text: &str) -> TextEdit {
    let at = usize::from(u16::from_le_bytes([bytes[0], bytes[1]])) % (text.len() + 1);
    let start = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
    let end = (start + usize::from(bytes[2] % 16)).min(text.len());
    let end = (end..=text.len()).find(|i| text.is_char_boundary(*i)).unwrap_or(text.len());
    let delete = TextRange::new(TextSize::new(start as u32), TextSize::new(end as u32));
    TextEdit::replace(delete, TYPED[usize::from(bytes[3]) % TYPED.len()])
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let mut text = String::from_utf8_lossy(&data[8..]).into_owned();
    let mut parse = mlir_syntax::parse(&text);
    let mut memo = OutlineMemo::default();
    outline(&parse.syntax_node(), &mut memo);
    for bytes in [&data[0..4], &data[4..8]] {
        let edit = edit_of(bytes, &text);
        edit.apply(&mut text);
        parse = mlir_syntax::reparse::reparse(&parse, &edit);
        assert_eq!(parse.syntax_node().text().to_string(), text);
        let root = parse.syntax_node();
        let spliced = outline(&root, &mut memo);
        assert!(*spliced == outline_once(&root), "spliced outline after {edit:?}");
    }
});
