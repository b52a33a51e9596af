//! Fuzz target for the parser and the diagnostics pass: any bytes must parse without
//! panicking, into a tree whose text is the input, and diagnostics must stay inside it;
//! where the parallel parser can cut the input into pieces, it must give exactly the
//! sequential parse.
//! Run on stable: `cargo fuzz run parse -s none` (from the repository root).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parse = mlir_syntax::parse(&text);
    assert_eq!(parse.syntax_node().text().to_string(), text.as_ref());
    if let Some(pieces) = mlir_syntax::parse_in_pieces(&text, 4, 1) {
        assert!(pieces == mlir_syntax::parse_sequentially(&text));
    }
    for split in [false, true] {
        for d in mlir_analysis::file_diagnostics(&text, split) {
            assert!(usize::from(d.range.end()) <= text.len());
        }
    }
});
