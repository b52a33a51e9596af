//! Fuzz target for the parser, the diagnostics pass and the IDE features: any bytes must
//! parse without panicking, into a tree whose text is the input, and diagnostics (and
//! their notes) must stay inside it; where the parallel parser can cut the input into
//! pieces (8, so the last are cut in quarters), it must give exactly the sequential
//! parse, and its scan for cut points must give the same in two halves as in one pass;
//! the memo of op shapes must change no body diagnostic; hover, completion and inlay
//! hints must not panic anywhere, nor the IDE features of the IRDL dialects the input
//! defines.
//! Run on stable: `cargo fuzz run parse -s none` (from the repository root).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parse = mlir_syntax::parse(&text);
    assert_eq!(parse.syntax_node().text().to_string(), text.as_ref());
    if let Some(pieces) = mlir_syntax::parse_in_pieces(&text, 8, 1) {
        assert!(pieces == mlir_syntax::parse_sequentially(&text));
    }
    assert!(mlir_syntax::cut_scan_halves_agree(&text, 4));
    let reaches = [mlir_analysis::Reach::All, mlir_analysis::Reach::UpToSyntaxError];
    for (split, reach) in [false, true].into_iter().zip(reaches) {
        for d in mlir_analysis::file_diagnostics_with(&text, split, &[], reach) {
            assert!(usize::from(d.range.end()) <= text.len());
            for note in &d.notes {
                assert!(usize::from(note.range.end()) <= text.len());
            }
        }
    }
    let root = parse.syntax_node();
    let bodies = mlir_analysis::outline::outline_once(&root).bodies;
    let context = mlir_analysis::checks::FileContext::of_file(&root);
    assert!(
        mlir_analysis::names::name_diagnostics_of(&bodies, &context)
            == mlir_analysis::names::name_diagnostics_unmemoized(&bodies, &context)
    );
    let registry = mlir_analysis::registry::Registry::builtin();
    let _ = mlir_analysis::ide::inlay_hints(&root, root.text_range(), registry);
    let irdl: Vec<mlir_analysis::ide::IrdlSource> = mlir_analysis::irdl::dialects_of(&root)
        .into_iter()
        .map(|dialect| mlir_analysis::ide::IrdlSource {
            file: "file:///fuzz.mlir".into(),
            text: text.as_ref().into(),
            dialect,
        })
        .collect();
    for at in [text.len() / 3, text.len() / 2, text.len()] {
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let offset = mlir_analysis::TextSize::new(at as u32);
        let _ = mlir_analysis::ide::hover(&root, offset, registry);
        let _ = mlir_analysis::ide::completions(&root, &text, offset, registry);
        let _ = mlir_analysis::ide::irdl_hover(&root, offset, &irdl);
        let _ = mlir_analysis::ide::irdl_completions(&text, offset, &irdl);
        if let Some(target) = mlir_analysis::ide::irdl_target_at(&root, offset) {
            let _ = mlir_analysis::ide::irdl_mentions(&root, &target);
        }
    }
});
