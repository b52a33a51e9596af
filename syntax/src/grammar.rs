//! Grammar (stage 2): the top level, operations, regions and blocks of LangRef (G-01…G-05),
//! with error recovery at statement boundaries (G-16). Types, attributes, locations and
//! custom-form ops live in the submodules.

mod attributes;
mod custom_op;
mod generic_op;
mod locations;
pub(crate) mod types;

use crate::SyntaxKind::{self, *};
use crate::parser::Parser;

pub(crate) use attributes::attribute;
pub(crate) use locations::trailing_location;
pub(crate) use types::type_;

// test source_file
// #map = affine_map<(d0) -> (d0)>
// !t = i32
// "foo.op"() : () -> ()
pub(crate) fn source_file(p: &mut Parser<'_>) {
    p.start_root(SOURCE_FILE);
    while !p.at(EOF) {
        top_level_item(p);
    }
    p.finish_node_with_trailing_trivia();
}

// test_err top_level_stray_closer
// "foo.op"() : () -> ()
// }
// test_err top_level_stray_closer_before_a_body
// func.func @f) -> i32 {
//   %c = arith.constant 0 : i32
//   return %c : i32
// }
// "foo.op"() : () -> ()
/// One top-level item (G-01): an alias definition, the file-metadata block or an op.
fn top_level_item(p: &mut Parser<'_>) {
    match p.current() {
        HASH_ID => alias_def(p, ATTR_ALIAS_DEF),
        BANG_ID => alias_def(p, TYPE_ALIAS_DEF),
        FILE_META_OPEN => file_metadata(p),
        R_BRACE | R_PAREN | R_BRACK | R_ANGLE => {
            // A wrong-token error: a closer alone on its line is reported just after the
            // token before it, as upstream's `emitWrongTokenError` backs up over blanks.
            p.error_expected("expected operation name in quotes");
            p.start_node(ERROR);
            p.bump();
            p.finish_node();
            // What follows on the line belongs to the broken statement (`@f) -> i32 {`).
            recover_to_statement(p, p.bracket_depth());
        }
        _ => statement(p),
    }
}

// test alias_defs
// #map = affine_map<(d0, d1) -> (d1, d0)>
// !tensor = tensor<4xf32>
// #loc = loc("a.mlir":1:2)
// test_err alias_def_missing_eq
// !missing_eq_alias i32
// #x =
/// `#name = attribute` or `!name = type` (G-07, G-09).
fn alias_def(p: &mut Parser<'_>, kind: SyntaxKind) {
    let depth = p.bracket_depth();
    p.start_node(kind);
    let what = if kind == TYPE_ALIAS_DEF {
        "type"
    } else {
        "attribute"
    };
    p.bump();
    if p.expect(EQ, &format!("expected '=' in {what} alias definition")) {
        if kind == TYPE_ALIAS_DEF {
            type_(p);
        } else {
            attribute(p);
        }
    }
    p.finish_node();
    recover_to_statement(p, depth);
}

// test file_metadata
// "foo.op"() : () -> ()
// {-#
//   dialect_resources: {
//     builtin: {
//       blob1: "0x08000000010000000000000002000000000000000300000000000000"
//     }
//   }
// #-}
/// `{-# key: { ... }, ... #-}` (L-16): a dictionary of dictionaries, values kept as written.
fn file_metadata(p: &mut Parser<'_>) {
    let depth = p.bracket_depth();
    p.start_node(FILE_METADATA);
    p.bump();
    let mut ok = true;
    // At the end of the file, MLIR still looks for an entry (and reports its key missing).
    while p.current() != FILE_META_CLOSE {
        ok = metadata_entry(p, 0);
        if !ok || !p.eat(COMMA) {
            break;
        }
    }
    // After a broken entry, the rest of the block holds no independent error: recovery
    // skips it.
    if ok {
        p.expect(FILE_META_CLOSE, "expected ',' or '#-}'");
    }
    p.finish_node();
    recover_to_statement(p, depth);
}

// test_err file_metadata_resource_key
// {-#
//   dialect_resources: {
//     10
//   }
// #-}
/// `key: { nested entries }` or `key: "value"` inside the metadata block, `depth`
/// dictionaries deep (0: a section such as `dialect_resources`).
fn metadata_entry(p: &mut Parser<'_>, depth: u32) -> bool {
    p.start_node(METADATA_ENTRY);
    let ok = metadata_entry_body(p, depth);
    p.finish_node();
    ok
}

fn metadata_entry_body(p: &mut Parser<'_>, depth: u32) -> bool {
    if !(p.eat(BARE_ID) || p.eat(STRING)) {
        // MLIR reports at the token it found (at the end of the file, there).
        p.error(match depth {
            0 => "expected identifier key in file metadata dictionary",
            // Inside a section, MLIR reads groups and entries as resources.
            _ => "expected identifier key for 'resource' entry",
        });
        return false;
    }
    if !p.expect(COLON, "expected ':'") {
        return false;
    }
    if !p.at(L_BRACE) {
        attribute(p);
        return true;
    }
    p.bump();
    while !matches!(p.current(), EOF | R_BRACE | FILE_META_CLOSE) {
        // A broken entry ends the block: its error is the one MLIR reports.
        if !metadata_entry(p, depth + 1) {
            return false;
        }
        if !p.eat(COMMA) {
            break;
        }
    }
    p.expect(R_BRACE, "expected '}'")
}

/// An operation statement inside a block or at the top level (G-02).
pub(crate) fn statement(p: &mut Parser<'_>) {
    let depth = p.bracket_depth();
    let checkpoint = p.checkpoint();
    let start = p.nth_token(0).start;
    if p.at(VALUE_ID) && !op_result_list(p) {
        p.start_node_at(checkpoint, ERROR);
        p.finish_node();
        recover_to_statement(p, depth);
        return;
    }
    let ok = match p.current() {
        STRING => generic_op::generic_op(p, checkpoint),
        BARE_ID => {
            custom_op::custom_op(p, checkpoint, start);
            true
        }
        _ => {
            // Always consume a token here, so that every statement makes progress.
            p.error_expected("expected operation name in quotes");
            p.start_node_at(checkpoint, ERROR);
            p.bump();
            p.finish_node();
            false
        }
    };
    if !ok {
        recover_to_statement(p, depth);
    }
}

// test op_results
// %a, %b:2, %c = "foo.op"() : () -> (i32, i32, i32, i32)
// test_err op_results_errors
// %0:0 = "foo"() : () -> ()
// %1: = "foo"() : () -> ()
// %2 "foo"() : () -> ()
/// `%a, %b:2 =` (G-02). Returns false after reporting an error.
fn op_result_list(p: &mut Parser<'_>) -> bool {
    p.start_node(OP_RESULT_LIST);
    let ok = op_results(p) && p.expect(EQ, "expected '=' after SSA name");
    p.finish_node();
    ok
}

fn op_results(p: &mut Parser<'_>) -> bool {
    loop {
        p.start_node(OP_RESULT);
        let ok = op_result(p);
        p.finish_node();
        if !ok {
            return false;
        }
        if !p.eat(COMMA) {
            return true;
        }
    }
}

fn op_result(p: &mut Parser<'_>) -> bool {
    if !p.at(VALUE_ID) {
        p.error_expected("expected valid ssa identifier");
        return false;
    }
    value_id(p);
    if !p.eat(COLON) {
        return true;
    }
    if !p.at(INT_NUMBER) {
        p.error_expected("expected integer number of results");
        return false;
    }
    if p.current_text().bytes().all(|b| b == b'0') {
        p.error("expected named operation to have at least 1 result");
        p.bump();
        return false;
    }
    p.bump();
    true
}

/// Consumes a `%name` token, reporting an empty name as upstream does (L-06).
pub(crate) fn value_id(p: &mut Parser<'_>) {
    if p.current_text() == "%" {
        p.error("invalid SSA name");
    }
    p.bump();
}

// test value_uses
// "foo.op"(%a, %b#1, %0) : (i32, i32, i32) -> ()
/// `%x` or `%x#N` (G-03, L-08).
pub(crate) fn value_use(p: &mut Parser<'_>) {
    p.start_node(VALUE_USE);
    value_id(p);
    if p.at(HASH_ID) && p.current_text()[1..].bytes().all(|b| b.is_ascii_digit()) {
        if p.current_text().len() == 1 {
            p.error("invalid SSA value result number");
        }
        p.bump();
    }
    p.finish_node();
}

// test region_and_blocks
// "foo.op"() ({
//   "foo.a"() : () -> ()
// ^bb1(%x: i32 loc("a":1:2), %y: f32):
//   "foo.b"(%x) [^bb1] : (i32) -> ()
// }, {
// }) : () -> ()
// test_err region_unclosed
// "foo.op"() ({
//   "foo.a"() : () -> ()
/// `{ block* }` (G-05). The first block may have no label.
pub(crate) fn region(p: &mut Parser<'_>) {
    p.nested(|p| {
        p.start_node(REGION);
        p.bump();
        region_body(p);
        if !p.eat(R_BRACE) {
            p.error_expected("expected operation name in quotes");
        }
        p.finish_node();
    });
}

/// Parses a text that is one region alone, for incremental reparsing. A region of a custom
/// op comes after a zero-length op name (`Parser::new_fragment`), so the op's own rule
/// decides whether its `{` opens a region; in a generic op's region list, a `{` always does.
pub(crate) fn region_fragment(p: &mut Parser<'_>, in_custom_op: bool) {
    p.start_root(SOURCE_FILE);
    if in_custom_op {
        let checkpoint = p.checkpoint();
        custom_op::custom_op(p, checkpoint, 0);
    } else if p.at(L_BRACE) {
        region(p);
    }
    p.finish_node_with_trailing_trivia();
}

fn region_body(p: &mut Parser<'_>) {
    let mut first = true;
    while !at_region_end(p) {
        block(p, first);
        first = false;
    }
}

/// A region ends at its `}`, at the end of the input, or at a `// -----` marker (L-17).
fn at_region_end(p: &Parser<'_>) -> bool {
    matches!(p.current(), R_BRACE | EOF) || p.at_split_marker()
}

/// A block: a label (optional for the entry block) and its ops (G-04).
fn block(p: &mut Parser<'_>, first: bool) {
    p.start_node(BLOCK);
    if p.at(CARET_ID) || !first {
        block_label(p);
    }
    while !at_region_end(p) && !p.at(CARET_ID) {
        statement(p);
    }
    p.finish_node();
}

// test_err block_label_errors
// "foo.op"() ({
// ^bb %x: i32 :
//   "foo.a"() : () -> ()
// ^bb42 (i32):
//   "foo.a"() : () -> ()
// }) : () -> ()
/// `^bb0(%a: i32, %b: f32 loc(...)):`.
fn block_label(p: &mut Parser<'_>) {
    let depth = p.bracket_depth();
    p.start_node(BLOCK_LABEL);
    let ok = block_label_body(p);
    p.finish_node();
    if !ok {
        recover_to_statement(p, depth);
    }
}

fn block_label_body(p: &mut Parser<'_>) -> bool {
    if !p.at(CARET_ID) {
        p.error_expected("expected block name");
        return false;
    }
    if p.current_text() == "^" {
        p.error("invalid block name");
    }
    p.bump();
    if p.at(L_PAREN) && !block_arg_list(p) {
        return false;
    }
    p.expect(COLON, "expected ':' after block name")
}

fn block_arg_list(p: &mut Parser<'_>) -> bool {
    p.start_node(BLOCK_ARG_LIST);
    p.bump();
    let ok = p.eat(R_PAREN) || block_args(p);
    p.finish_node();
    ok
}

fn block_args(p: &mut Parser<'_>) -> bool {
    loop {
        if !block_arg(p) {
            return false;
        }
        if !p.eat(COMMA) {
            return p.expect(R_PAREN, "expected ')'");
        }
    }
}

/// `%a: i32 loc(...)`.
fn block_arg(p: &mut Parser<'_>) -> bool {
    p.start_node(BLOCK_ARG);
    let ok = ssa_def_and_type(p) && trailing_location(p);
    p.finish_node();
    ok
}

/// `%x : type`, as in block arguments (upstream's parseSSADefOrUseAndType).
fn ssa_def_and_type(p: &mut Parser<'_>) -> bool {
    if !p.at(VALUE_ID) {
        p.error_expected("expected SSA operand");
        return false;
    }
    value_id(p);
    if !p.expect(COLON, "expected ':' and type for SSA operand") {
        return false;
    }
    type_(p)
}

/// Skips what is left of a broken statement into an ERROR node (G-16): up to a line that
/// begins a new statement, the end of the input, a split marker, or a `}` that closes the
/// region the statement is in (`depth` is the bracket depth where the statement began, so
/// closers of brackets the statement opened itself are skipped). A closer with no opener
/// left to close (the `)` of `"test.op") {...}`) is stray: it counts for nothing, or the
/// `}` of a later group would be taken for the region's.
/// A `{` the skipped text opens is the body of the broken statement (`func.func @f) {`):
/// it is skipped whole, or its ops would be read as ops of the enclosing block.
pub(crate) fn recover_to_statement(p: &mut Parser<'_>, depth: i32) {
    let mut open = Open {
        brackets: p.bracket_depth() - depth,
        braces: 0,
    };
    if at_recovery_point(p, &open) {
        return;
    }
    p.start_node(ERROR);
    while !at_recovery_point(p, &open) {
        match p.current() {
            L_BRACE => {
                open.brackets += 1;
                open.braces += 1;
            }
            L_PAREN | L_BRACK | FILE_META_OPEN => open.brackets += 1,
            R_BRACE if open.brackets > 0 => {
                open.brackets -= 1;
                open.braces = (open.braces - 1).max(0);
            }
            R_PAREN | R_BRACK | FILE_META_CLOSE if open.brackets > 0 => open.brackets -= 1,
            _ => {}
        }
        p.bump();
    }
    p.finish_node();
}

/// What a broken statement left open: brackets in all, and `{` the recovery itself opened.
struct Open {
    brackets: i32,
    braces: i32,
}

fn at_recovery_point(p: &Parser<'_>, open: &Open) -> bool {
    match p.current() {
        EOF => true,
        _ if p.at_split_marker() => true,
        R_BRACE => open.brackets <= 0,
        _ => open.braces == 0 && p.at_line_start() && custom_op::starts_statement(p),
    }
}
