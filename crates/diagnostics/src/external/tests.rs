//! Tool output as mlir-opt 22 prints it (captured from the real tool), read and merged.

use mlir_checks::diagnostic::{Diagnostic, Severity};
use mlir_syntax::{TextRange, TextSize};

use super::*;

const SPLIT: &str = "func.func @a() {\n  return\n}\n\n// -----\n\nfunc.func @b() -> i32 {\n  %0 = arith.constant 1 : i64\n  return %0 : i64\n}\n";

fn text_of(text: &str, range: TextRange) -> &str {
    &text[range]
}

#[test]
fn errors_with_notes_source_lines_and_carets() {
    let output = "<stdin>:9:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @b\n  return %0 : i64\n  ^\n<stdin>:9:3: note: see current operation: \"func.return\"(%0) : (i64) -> ()\n";
    let report = parse_tool_output(output, SPLIT, false, &[]);
    assert!(report.unparsed.is_empty(), "{:?}", report.unparsed);
    let [d] = &report.diagnostics[..] else {
        panic!("{report:?}")
    };
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.code, EXTERNAL_CODE);
    assert_eq!(text_of(SPLIT, d.range), "return");
    assert!(d.message.starts_with("type of return operand 0"));
    assert_eq!(d.notes.len(), 1);
    assert_eq!(
        d.notes[0].message,
        "see current operation: \"func.return\"(%0) : (i64) -> ()"
    );
}

#[test]
fn a_multi_line_note_keeps_its_lines_and_drops_the_echo() {
    let text =
        "func.func @f() {\n  \"scf.for\"() ({ \"scf.yield\"() : () -> ()}) : () -> ()\n return }\n";
    let output = "<stdin>:2:3: error: 'scf.for' op expected 3 or more operands, but found 0\n  \"scf.for\"() ({ \"scf.yield\"() : () -> ()}) : () -> ()\n  ^\n<stdin>:2:3: note: see current operation: \n\"scf.for\"() ({\n  \"scf.yield\"() : () -> ()\n}) : () -> ()\n";
    let report = parse_tool_output(output, text, false, &[]);
    let d = &report.diagnostics[0];
    assert_eq!(text_of(text, d.range), "\"scf.for\"");
    assert_eq!(
        d.message,
        "'scf.for' op expected 3 or more operands, but found 0"
    );
    assert!(d.notes[0].message.ends_with("}) : () -> ()"), "{d:?}");
}

#[test]
fn places_elsewhere_borrow_a_note_in_the_buffer_or_the_start() {
    let text = "a\nb\nc\n";
    let output = "g.mlir:5:6: error: 'arith.addi' op expected 2 operands, but found 1\nh.mlir:7:8: note: called from\n<stdin>:3:1: note: here\n<unknown>:0: error: lost\n";
    let report = parse_tool_output(output, text, false, &[]);
    let [first, second] = &report.diagnostics[..] else {
        panic!("{report:?}")
    };
    assert_eq!(text_of(text, first.range), "c");
    let notes: Vec<&str> = first.notes.iter().map(|n| n.message.as_str()).collect();
    assert_eq!(
        notes,
        ["here", "reported at g.mlir:5:6", "h.mlir:7:8: called from"]
    );
    assert!(first.notes.iter().all(|n| n.range == first.range));
    assert_eq!(second.range, TextRange::default());
    assert_eq!(second.notes[0].message, "reported at <unknown>:0");
}

#[test]
fn the_documents_own_name_is_the_buffer_and_windows_paths_read() {
    let text = "x\ny\n";
    let output = "C:\\w\\doc.mlir:2:1: warning: w\ndoc.mlir:2:1: remark: r\n";
    let report = parse_tool_output(output, text, false, &["doc.mlir"]);
    let d = &report.diagnostics;
    assert_eq!(d[0].range, TextRange::default(), "another file");
    assert_eq!(d[0].severity, Severity::Warning);
    assert_eq!(text_of(text, d[1].range), "y");
    assert_eq!(d[1].severity, Severity::Remark);
}

#[test]
fn garbage_and_impossible_places_never_panic() {
    let text = "é\n";
    let output = "Segmentation fault\n<stdin>:99:99: error: past the end\n<stdin>:1:2: error: inside a character\n:1:1: error: no file\n<stdin>:x:1: error: no line\nPLEASE submit a bug report\n";
    let report = parse_tool_output(output, text, false, &[]);
    assert_eq!(report.unparsed[0], "Segmentation fault");
    let d = &report.diagnostics;
    // `:1:1:` names no file: it continues the message before it.
    assert_eq!(d.len(), 3, "{d:?}");
    assert!(d[0].range.end() <= TextSize::of(text));
    assert_eq!(&text[d[1].range], "é");
    assert!(d[1].message.ends_with(":1:1: error: no file"), "{d:?}");
    // `<stdin>:x` is a file name like any other: somewhere else.
    assert_eq!(d[2].notes[0].message, "reported at <stdin>:x:1");
    assert!(
        d[2].message.ends_with("PLEASE submit a bug report"),
        "{d:?}"
    );
}

#[test]
fn what_we_already_say_on_the_line_is_shown_once() {
    let text = "a\n  %0 = \"arith.addi\"() : () -> (i32)\nb\n";
    let at = |line_start: usize| TextRange::at(TextSize::new(line_start as u32), 1.into());
    let ours = vec![
        Diagnostic::error(
            "op",
            "'arith.addi' op expected 2 operands, but found 0",
            at(9),
        ),
        Diagnostic::error("op", "expected 2 operands", at(8)),
        Diagnostic::error("op", "ours alone", at(7)),
    ];
    let theirs = parse_tool_output(
        "<stdin>:2:8: error: 'arith.addi' op expected 2  operands, but found 0\n<stdin>:2:8: error: 'arith.addi' op expected 2 operands, but found 1\n<stdin>:3:1: error: 'arith.addi' op expected 2 operands, but found 0\n<stdin>:3:1: error: 'arith.addi' op expected 2 operands, but found 0\n<stdin>:1:1: error: found\n",
        text,
        false,
        &[],
    )
    .diagnostics;
    let merged = merge_external(ours, theirs, text, false);
    let lines: Vec<(bool, &str)> = merged
        .iter()
        .map(|d| (is_external(d), &text[d.range]))
        .collect();
    // The first is confirmed word for word; the second is said in other words, and the
    // tool's text (`found 1`) replaced it.
    assert_eq!(
        lines,
        [
            (false, "\""),
            (false, "="),
            (true, "\"arith.addi\""),
            (true, "b"),
            (true, "a")
        ]
    );
    assert!(merged[2].message.ends_with("found 1"));
}

#[test]
fn arguments_read_stdin_and_split_when_asked() {
    assert_eq!(
        tool_arguments(&[], false, "/dev/null"),
        ["-", "-o", "/dev/null"]
    );
    assert_eq!(tool_arguments(&[], true, "NUL")[0], "--split-input-file");
    let given = ["-split-input-file".to_string()];
    assert_eq!(tool_arguments(&given, true, "NUL"), ["-", "-o", "NUL"]);
}

#[test]
fn the_tools_verdict_on_annotations_is_dropped() {
    let text = "a\n// expected-error@-1 {{x}}\n";
    let output = "<stdin>:2:4: error: expected error \"x\" was not produced\n// expected-error@-1 {{x}}\n   ^~~~\n<stdin>:1:1: error: expected error here\n";
    let report = parse_tool_output(output, text, false, &[]);
    let messages: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages, ["expected error here"]);
}

#[test]
fn messages_that_part_late_say_the_same_and_early_do_not() {
    assert!(same_words(
        "block with no terminator, has %1 = arith.constant 1 : i32",
        "block with no terminator, has %1 = \"arith.constant\"() <{value = 1 : i32}> : () -> i32"
    ));
    assert!(!same_words(
        "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
        "'arith.addi' op operand #1 must be signless-integer-like, but got 'f64'"
    ));
    // One syntax error, worded more fully by one of the two.
    assert!(same_words("expected ')'", "expected ')' or ','"));
    assert!(!same_words("expected type", "expected type"[..8].trim()));
}

#[test]
fn a_place_inside_a_marker_belongs_to_the_chunk_before_it() {
    let text = "a\n\"J// -----\nb\n";
    let output = "<stdin>:2:11: error: expected '\"' in string literal\n";
    let split = parse_tool_output(output, text, true, &[]);
    assert_eq!(
        usize::from(split.diagnostics[0].range.start()),
        text.find("//").unwrap()
    );
    let whole = parse_tool_output(output, text, false, &[]);
    assert_eq!(
        usize::from(whole.diagnostics[0].range.start()),
        text.find("\nb").unwrap()
    );
}

#[test]
fn a_long_printed_op_is_cut() {
    let text = "x\n";
    let mut output = String::from("<stdin>:1:1: note: see current operation:\n");
    for i in 0..100 {
        output.push_str(&format!("  line {i}\n"));
    }
    let report = parse_tool_output(&output, text, false, &[]);
    let message = &report.diagnostics[0].message;
    assert_eq!(message.lines().count(), 42, "{message}");
    assert!(message.ends_with("… (60 more lines)"));
}

#[test]
fn a_thousand_diagnostics_at_most() {
    let output = "<stdin>:1:1: error: e\n".repeat(MAX_DIAGNOSTICS + 5);
    let report = parse_tool_output(&output, "x\n", false, &[]);
    assert_eq!(report.diagnostics.len(), MAX_DIAGNOSTICS);
    assert_eq!(report.unparsed, ["(5 more diagnostics not shown)"]);
}

#[test]
fn a_line_cut_by_a_marker_is_two_places() {
    let text = "\"J// -----\nb\n";
    let ours = vec![Diagnostic::error(
        "syntax",
        "expected '\"' in string literal",
        TextRange::empty(TextSize::new(10)),
    )];
    let output = "<stdin>:1:11: error: expected '\"' in string literal\n";
    let theirs = parse_tool_output(output, text, true, &[]).diagnostics;
    assert_eq!(
        merge_external(ours.clone(), theirs.clone(), text, true).len(),
        2
    );
    assert_eq!(merge_external(ours, theirs, text, false).len(), 1);
}

#[test]
fn an_echoed_line_that_looks_like_a_header_is_not_one() {
    let text = "\"t.op\"() {s = \"a:1:2: error: b\"} : () -> ()\n";
    let output = "<stdin>:1:1: error: real\n\"t.op\"() {s = \"a:1:2: error: b\"} : () -> ()\n^\n";
    let report = parse_tool_output(output, text, false, &[]);
    let messages: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(messages, ["real"]);
}
