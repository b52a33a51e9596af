//! Custom-form operations, dialect-agnostic (DESIGN §3.1): an op name, then a structured
//! sequence of value uses, successors, symbols, types, attributes, keywords, bracketed groups
//! and regions. Where the op ends is decided by syntax alone: closing brackets, split
//! markers, and a new line that begins a new statement (unless the previous token asks for
//! a continuation, such as a trailing `,`).

use crate::parser::Checkpoint;

use super::attributes::{attribute_in_custom_op, symbol_ref};
use super::{region, trailing_location, types, value_use};
use crate::SyntaxKind::{self, *};
use crate::TextRange;
use crate::parser::Parser;

/// Op names without a dialect prefix that begin a statement when they start a line:
/// ops of the `builtin` and `func` default dialects, terminators that ops such as
/// `transform.sequence` print without prefix, the `pdl` ops that only a pattern's body
/// writes (a word such as `operation` or `type` may also continue another dialect's op),
/// and the legacy standard dialect's ops (StandardDialect-legacy.txt). Any other undotted word at a line start continues the
/// previous op (`ins(...)`, `outs(...)`, `case 0 {`, `default {`, `in %a: i1`).
const SHORT_OP_NAMES: &[&str] = &[
    "module",
    "func",
    "return",
    "call",
    "call_indirect",
    "constant",
    "unrealized_conversion_cast",
    "yield",
    "br",
    "cond_br",
    "dim",
    "alloc",
    "alloc_static",
    "alloca",
    "dealloc",
    "dma_start",
    "dma_wait",
    "extract_element",
    "load",
    "store",
    "tensor_load",
    "tensor_store",
    "addi",
    "addf",
    "subi",
    "subf",
    "muli",
    "mulf",
    "and",
    "or",
    "xor",
    "cmpi",
    "cmpf",
    "divis",
    "diviu",
    "divf",
    "remis",
    "remiu",
    "remf",
    "memref_cast",
    "tensor_cast",
    "select",
    "index_cast",
    "sitofp",
    "negf",
    "absf",
    "rewrite",
    "replace",
    "erase",
    "apply_native_rewrite",
    "apply_native_constraint",
];

// test custom_ops
// func.func @f(%arg0: i32, %m: memref<4xf32>) -> (i32, f32) attributes {llvm.emit_c_interface} {
//   %c = arith.constant 1 : i32
//   %0 = arith.addi %arg0, %c : i32
//   %1 = memref.load %m[%c0] : memref<4xf32>
//   cf.cond_br %cond, ^bb1(%0 : i32), ^bb2
// ^bb1(%x: i32):
//   return %x, %1 : i32, f32
// }
// test custom_op_pdl_statements_without_prefix
// pdl.pattern @p : benefit(1) {
//   %t = type
//   %root = operation -> (%t : !pdl.type)
//   rewrite %root {
//     %new = operation "foo.op"
//     replace %root with %new
//   }
// }
// test custom_ops_multiline
// %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
//     ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
// ^bb0(%in: f32, %out: f32):
//   linalg.yield %in : f32
// } -> tensor<4xf32>
// %s = scf.if %c -> (i32) {
//   scf.yield %x : i32
// } else {
//   scf.yield %y : i32
// }
// %w = scf.while (%i = %init) : (i32) -> i32 {
//   scf.condition(%cond) %i : i32
// } do {
// ^bb0(%j: i32):
//   scf.yield %j : i32
// }
// cf.cond_br %cond,
//     ^bb1, ^bb2
// "next.op"() : () -> ()
// test_err custom_op_region_cut_short
// affine.if #set0(%i) {
// test custom_ops_corpus_shapes
// %3 = iree_encoding.set_encoding %arg0 encoding_dims{%m, %n} : tensor<?xf32> -> tensor<?xf32>{%d0}
// %0 = hal.tensor.import wait(%fence) => %view : !hal.buffer_view -> tensor<4xf32>
// %one_op = pdl.operation "arith.constant" {"value" = %one_val} -> (%t : !pdl.type)
// %19 = tosa.apply_scale %18 {rounding_mode = DOUBLE_ROUND} : (i32) -> i32
// pdl_interp.record_match @r::@p(%5 : !pdl.value) : benefit(1), loc([%root]) -> ^bb1
// acc.parallel num_gangs({%a : i32}) {
//   acc.yield
// }
// func.func @arg_attrs(%X: tensor<8xf64> {"llvm.noalias"},
//                      %Y: tensor<8xf64> {llvm.noalias}) {
//   %out = torch.dequantize
//       %input, %scale
//       : !torch.float, !torch.int -> !torch.vtensor<[4,8],f32>
//   return
// }
// test_err custom_op_trailing_loc_without_paren
// func.return loc
// func.return loc()
// test_err custom_op_trailing_loc_open_at_line_end
// func.func @f(%a: i32) {
//   %0 = arith.addi %a, %a : i32 loc(
//   return
// }
// test custom_op_shaped_type_after_keyword_or_fat_arrow_continues
// %0 = memref.subview %m[0] [4] [1] : memref<8xf32> to
//     memref<4xf32, strided<[1]>>
// %1 = hal.tensor.import %v =>
//     tensor<4xf32>
// test_err custom_op_shaped_type_after_type_starts_op
// func.func @f(%a: index) {
//   %0 = arith.addi %a, %a : index
//   tensor<42 x index
//   return
// }
/// Parses a custom op whose name is the current bare-id.
/// `start`: where the statement starts (its result list, else its name).
pub(super) fn custom_op(p: &mut Parser<'_>, checkpoint: Checkpoint, start: u32) {
    p.start_node_at(checkpoint, CUSTOM_OP);
    p.start_node(OP_NAME);
    p.bump();
    p.finish_node();
    while !at_op_end(p, start) {
        item(p);
    }
    // A last word `loc` is the keyword of a trailing location to upstream, whatever the
    // op, and wants its `(`.
    if matches!(p.prev_token(), Some((BARE_ID, "loc"))) {
        p.error_expected("expected '(' in location");
    }
    p.finish_node();
}

/// Does the op end before the current token?
/// A stray `>` (as in IREE's `=>`) is part of the op; a stray `)` or `]` ends it, and the
/// statement after it reports the error.
fn at_op_end(p: &Parser<'_>, start: u32) -> bool {
    match p.current() {
        EOF | R_BRACE | R_PAREN | R_BRACK | FILE_META_OPEN | FILE_META_CLOSE => true,
        _ if p.at_split_marker() => true,
        _ => {
            p.at_line_start()
                && (!prev_asks_for_more(p) || statement_follows(p, 0))
                && (starts_statement(p) || short_op_at_op_column(p, start))
        }
    }
}

// test custom_ops_short_names_at_the_op_column
// func.func @f(%a: i32, %n: index) {
//   %0 = builtin.unrealized_conversion_cast %n : index to !emitc.size_t
//   for %i = %0 to %0 step %0 : !emitc.size_t {
//     %1 = add %a, %a : (i32, i32) -> i32
//     assign %1 : i32 to %v : <i32>
//     if %c {
//     }
//   }
//   %p = linalg.pack %a padding_value(%a : f16)
//       into %b : tensor<4xf16> -> tensor<1x4xf16>
//   %s = store [%n] %a : index, i32
//   sink %s : i32
//   return
// }
/// A word without a dialect starting a line at the column of the op's own first line (or
/// left of it) and followed by a value, `for %i = ...`, `assign %1 : ...`, `sink %x`:
/// the next op, printed without the prefix its default dialect gives it (EmitC, CIRCT's
/// Handshake). Words that go on with an op are written deeper (`linalg.pack ...` then
/// `into %dst` on an indented line), or take no value after them (`case 2 {`).
fn short_op_at_op_column(p: &Parser<'_>, start: u32) -> bool {
    let word = p.nth_token(0);
    word.kind == BARE_ID
        && p.nth(1) == VALUE_ID
        && !p.nth_token(1).newline_before
        && p.column(word.start) <= p.column(start)
}

/// Does the previous token need something after it, so the op must continue?
fn prev_asks_for_more(p: &Parser<'_>) -> bool {
    matches!(p.prev_token(), Some((COMMA | EQ | COLON | ARROW, _)))
}

/// Can the current token, at the start of a line, begin a statement?
pub(super) fn starts_statement(p: &Parser<'_>) -> bool {
    match p.current() {
        VALUE_ID => result_list_follows(p) || result_list_lacking_equals(p, 0),
        CARET_ID | FILE_META_OPEN => true,
        STRING => p.nth(1) == L_PAREN,
        BARE_ID => {
            let text = p.current_text();
            text.contains('.') || SHORT_OP_NAMES.contains(&text) || type_after_type(p)
        }
        HASH_ID | BANG_ID => p.nth(1) == EQ,
        _ => false,
    }
}

/// A shaped type such as `tensor<` starting a line right after a type (`: index`): formats
/// seldom write two types with nothing between them (the corpora never do across a line),
/// so upstream's parser has most likely finished the op and reads the word as the name of
/// the next (an unknown op). After a keyword (`to`) or a separator (`,`, `->`, IREE's `=>`)
/// the type continues the op.
fn type_after_type(p: &Parser<'_>) -> bool {
    let prev_ends_type = match p.prev_token() {
        Some((R_ANGLE, _)) => p.byte_before_prev() != Some(b'='),
        Some((BARE_ID, text)) => types::is_keyword_type(text),
        _ => false,
    };
    prev_ends_type && types::is_shaped_keyword(p.current_text()) && types::is_builtin_type_start(p)
}

/// One item of a custom op's sequence.
fn item(p: &mut Parser<'_>) {
    match p.current() {
        VALUE_ID => value_use(p),
        CARET_ID => successor(p),
        AT_ID => {
            symbol_ref(p);
        }
        L_PAREN => group(p, PAREN_GROUP, R_PAREN),
        L_BRACK => group(p, BRACKET_GROUP, R_BRACK),
        L_ANGLE => group(p, ANGLE_GROUP, R_ANGLE),
        L_BRACE => brace(p),
        COLON | ARROW => type_position(p),
        BARE_ID => bare_id_item(p),
        HASH_ID | INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER | STRING => {
            attribute_in_custom_op(p);
        }
        MINUS if matches!(p.nth(1), INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER) => {
            attribute_in_custom_op(p);
        }
        BANG_ID => {
            types::type_(p);
        }
        ERROR_TOKEN => unexpected_token(p),
        _ => p.bump(),
    }
}

/// Reports a character that starts no token, as upstream's lexer does.
pub(crate) fn unexpected_token(p: &mut Parser<'_>) {
    p.error_unknown_character();
    p.bump();
}

/// `^bb1` with its operand group when one follows directly: `^bb1(%x : i32)`.
fn successor(p: &mut Parser<'_>) {
    p.start_node(SUCCESSOR);
    if p.current_text() == "^" {
        p.error("invalid block name");
    }
    p.bump();
    if p.at(L_PAREN) && p.current_is_adjacent_to_prev() {
        group(p, PAREN_GROUP, R_PAREN);
    }
    p.finish_node();
}

/// `(...)`, `[...]` or `<...>`: nested items up to the matching closer. An unclosed group
/// stops where a statement clearly begins, so it cannot swallow the rest of the file.
// test_err custom_op_empty_brace_closed_by_paren
// func.func @f() -> (i1 {)
fn group(p: &mut Parser<'_>, kind: SyntaxKind, close: SyntaxKind) {
    p.nested(|p| {
        p.start_node(kind);
        p.bump();
        while !p.at(close) && !at_group_end(p, close) {
            item(p);
        }
        // `{` closed by another bracket at once (`(i1 {)`) is a dictionary missing its
        // first entry, as MLIR reads it.
        if close == R_BRACE
            && matches!(p.prev_token(), Some((L_BRACE, _)))
            && matches!(p.current(), R_PAREN | R_BRACK)
        {
            p.error_expected("expected attribute name");
        } else if !p.eat(close) {
            let text = match close {
                R_PAREN => ")",
                R_BRACK => "]",
                R_BRACE => "}",
                _ => ">",
            };
            p.error_expected(&format!("expected '{text}'"));
        }
        p.finish_node();
    });
}

/// Where a group of items ends: at its closer, at a closer of an enclosing bracket, or
/// where a statement clearly begins. `>` only closes `<` groups: elsewhere it is punctuation
/// (`=>`).
fn at_group_end(p: &Parser<'_>, close: SyntaxKind) -> bool {
    match p.current() {
        kind if kind == close => true,
        EOF | R_BRACE | R_PAREN | R_BRACK | FILE_META_OPEN | FILE_META_CLOSE => true,
        _ if p.at_split_marker() => true,
        _ if !p.at_line_start() => false,
        // A `<` left open ends where a statement plainly starts on a new line: `tensor<4`
        // read as an unknown op's name and group must not take the next op with it.
        _ if close == R_ANGLE && !prev_asks_for_more(p) && starts_statement(p) => true,
        _ => clearly_starts_statement(p),
    }
}

/// A statement start that cannot be a continuation inside brackets: `%a, %b = op` or a
/// block label.
fn clearly_starts_statement(p: &Parser<'_>) -> bool {
    match p.current() {
        CARET_ID => matches!(p.nth(1), L_PAREN | COLON),
        VALUE_ID => statement_follows(p, 0),
        _ => false,
    }
}

/// Does a result list (`%a, %b:2 =`) start at the cursor? At a line start it begins a new
/// statement even if what follows the `=` is broken, so the error is reported there.
fn result_list_follows(p: &Parser<'_>) -> bool {
    let mut n = 1;
    while (matches!(p.nth(n), COMMA | VALUE_ID | COLON | INT_NUMBER) || name_rest(p, n)) && n < 64 {
        n += 1;
    }
    p.nth(n) == EQ && p.nth(n + 1) != R_ANGLE
}

// test_err result_names_starting_with_a_digit
// func.func @f() {
//   %0_x = arith.constant 1 : i32
//   %1 = arith.constant 1 : i32
//   %2, %3x = "t.op"() : () -> (i32, i32)
//   return
// }
/// Is the `n`th token what is left of a name that starts with a digit, `_x` of `%0_x`?
/// Such a name is all digits (L-06: `suffix-id ::= digit+ | ...`), so MLIR reads `%0`,
/// then finds `_x` where the `=` or `,` of a result list should be. The list still begins
/// a statement, whose error is reported there, as MLIR does.
fn name_rest(p: &Parser<'_>, n: usize) -> bool {
    let (value, rest) = (p.nth_token(n - 1), p.nth_token(n));
    value.kind == VALUE_ID
        && value.end() == rest.start
        && rest.kind == BARE_ID
        && p.text_of(value)[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Does an op result list followed by an op name start at the `n`th token:
/// `%a, %b:2 = name` or `%a = "name"`?
fn statement_follows(p: &Parser<'_>, n: usize) -> bool {
    let mut n = n + 1;
    while (matches!(p.nth(n), COMMA | VALUE_ID | COLON | INT_NUMBER) || name_rest(p, n)) && n < 64 {
        n += 1;
    }
    p.nth(n) == EQ && matches!(p.nth(n + 1), BARE_ID | STRING)
}

/// `%a:2 "name"` or `%a "name"` at the `n`th token: a result list missing its `=`.
fn broken_statement_follows(p: &Parser<'_>, n: usize) -> bool {
    match p.nth(n + 1) {
        COLON => p.nth(n + 2) == INT_NUMBER && p.nth(n + 3) == STRING,
        next => next == STRING,
    }
}

/// `%a "name"`, `%a:2 "name"` or `%a dialect.op` at the `n`th token, on one line: a result
/// list missing its `=` (an op's items never put an op name right after a value).
fn result_list_lacking_equals(p: &Parser<'_>, n: usize) -> bool {
    if p.nth_token(n + 1).newline_before {
        return false;
    }
    broken_statement_follows(p, n)
        || p.nth(n + 1) == BARE_ID && p.nth_token_text(n + 1).contains('.')
}

/// `{`: a region, an attribute dictionary, or a group of items such as IREE's dynamic
/// dimensions `{%d0, %d1}`, told apart by what follows it.
fn brace(p: &mut Parser<'_>) {
    match brace_kind(p) {
        REGION => region(p),
        ATTR_DICT => custom_attr_dict(p),
        _ => group(p, BRACE_GROUP, R_BRACE),
    }
}

// test custom_op_tight_region
// func.func @f() -> () {return}
// "t.op"() {unit} : () -> ()
// t.op {flag}
// test_err custom_op_region_opening_with_broken_result_list
// func.func @f() {
//   %0:2 "foo"() : () -> (i32, i32)
//   return
// }
// test_err custom_op_region_opening_with_result_lacking_its_equals
// func.func @f(%a: i32) {
//   %0  arith.addi %a, %a : i32
//   return
// }
// test_err custom_op_result_lacking_its_equals_ends_the_op_before
// func.func @f(%a: i32) {
//   %0 = arith.addi %a, %a : i32
//   %1  arith.addi %0, %0 : i32
//   return %1 : i32
// }
// test_err custom_op_region_opening_with_broken_generic_op
// func.func @f() {
//   "test.op") {value = 1} : () -> ()
//   return
// }
// test custom_op_region_opening_with_dotted_op_and_colon
// func.func @f(%c: i1) {
//   scf.while : () -> () {
//     scf.condition(%c)
//   } do {
//     scf.yield
//   }
//   return
// }
fn brace_kind(p: &Parser<'_>) -> SyntaxKind {
    if matches!(p.prev_token(), Some((BARE_ID, "attributes"))) {
        return ATTR_DICT;
    }
    match (p.nth(1), p.nth(2)) {
        // An unclosed `{` at the end of the input is a region cut short.
        (R_BRACE | CARET_ID | EOF, _) => REGION,
        (BARE_ID | STRING, EQ | COMMA) => ATTR_DICT,
        // `{unit_attr}` written tight is a dictionary; `{ op }` is a region, and so is
        // `{return}`: a short op name is no attribute name anyone writes.
        (BARE_ID, R_BRACE) if SHORT_OP_NAMES.contains(&p.nth_token_text(1)) => REGION,
        (BARE_ID | STRING, R_BRACE) if p.nth_is_adjacent(1) && p.nth_is_adjacent(2) => ATTR_DICT,
        (STRING, L_PAREN) => REGION,
        // A quoted name opening a line and followed by neither `=` nor `,` is an op's
        // name, even of a broken op (`"test.op") {...}` lacking its `(`).
        (STRING, _) if p.nth_token(1).newline_before => REGION,
        // A dotted op name opening a line is a statement (`scf.while : () -> () {`), not
        // a `key: value` item.
        (BARE_ID, COLON) if p.nth_token(1).newline_before && p.nth_token_text(1).contains('.') => {
            REGION
        }
        (BARE_ID, COLON) => BRACE_GROUP,
        (BARE_ID, _) => REGION,
        (VALUE_ID, _) if statement_follows(p, 1) => REGION,
        // A line opening with a result list and a quoted op name is a statement, even a
        // broken one (`%0:2 "foo"()` lacking its `=`); groups of values such as IREE's
        // `{%d0, %d1}` or `=> {\n %scope::%key[...] : ...}` never look like that.
        // So is a line opening with a value and a dotted op name (`%0 arith.addi ...`).
        (VALUE_ID, COLON | STRING | BARE_ID)
            if p.nth_token(1).newline_before && result_list_lacking_equals(p, 1) =>
        {
            REGION
        }
        _ => BRACE_GROUP,
    }
}

/// `{key = value, ...}` inside a custom op: values may be anything the op's own syntax
/// allows (`{"value" = %v}` in `pdl.operation`, `{mode = DOUBLE_ROUND}`), so each value is
/// a sequence of items up to the next `,` or `}`.
fn custom_attr_dict(p: &mut Parser<'_>) {
    p.nested(|p| {
        p.start_node(ATTR_DICT);
        p.bump();
        let errors_before = p.error_count();
        let mut seen: Vec<String> = Vec::new();
        let mut duplicate = None;
        let mut holds_values = false;
        while !at_group_end(p, R_BRACE) {
            if matches!(p.current(), BARE_ID | STRING) {
                let name = p.current_text().trim_matches('"').to_string();
                if duplicate.is_none() && seen.contains(&name) {
                    let t = p.nth_token(0);
                    duplicate = Some((name.clone(), TextRange::at(t.start.into(), t.len.into())));
                }
                seen.push(name);
            }
            holds_values |= custom_attr_entry(p);
            if !p.eat(COMMA) {
                break;
            }
        }
        // A key written twice is a parse error upstream, as in a generic op's dictionary,
        // unless the dictionary maps names to values (`pdl.operation`'s `{"x" = %a}`),
        // which the op's own parser reads. Reported once the entries are read, and only
        // when nothing in them failed first.
        if let Some((name, at)) = duplicate
            && !holds_values
            && p.error_count() == errors_before
        {
            p.error_at(
                format!("duplicate key '{name}' in dictionary attribute"),
                at,
            );
        }
        if !p.eat(R_BRACE) {
            p.error_expected("expected '}' in attribute dictionary");
        }
        p.finish_node();
    });
}

/// One entry of `custom_attr_dict`: does its value hold a value use (`%a`)?
fn custom_attr_entry(p: &mut Parser<'_>) -> bool {
    p.start_node(ATTR_ENTRY);
    if matches!(p.current(), BARE_ID | STRING) {
        p.bump();
    }
    let mut holds_value = false;
    if p.eat(EQ) {
        while !p.at(COMMA) && !at_group_end(p, R_BRACE) {
            holds_value |= p.at(VALUE_ID);
            item(p);
        }
    }
    p.finish_node();
    holds_value
}

/// After `:` or `->`: a type (or a parenthesised list that may carry attributes).
fn type_position(p: &mut Parser<'_>) {
    p.bump();
    if p.at(L_PAREN) {
        group(p, PAREN_GROUP, R_PAREN);
    } else if types::is_builtin_type_start(p) || p.at(BANG_ID) {
        types::type_(p);
    }
}

/// A bare-id inside a custom op: a location, a type, an attribute, or a keyword.
fn bare_id_item(p: &mut Parser<'_>) {
    let text = p.current_text();
    let angle_follows = p.nth(1) == L_ANGLE && p.nth_is_adjacent(1);
    if text == "loc" && p.nth(1) == L_PAREN && location_follows(p) {
        trailing_location(p);
    } else if types::is_builtin_type_start(p) {
        types::type_(p);
    } else if is_attribute_keyword(text, angle_follows)
        || (text == "distinct" && p.nth(1) == L_BRACK)
        || matches!(text, "true" | "false")
    {
        attribute_in_custom_op(p);
    } else {
        p.start_node(KEYWORD);
        p.bump();
        p.finish_node();
    }
}

/// Is `loc(` followed by something a location can start with? Some ops use a `loc(...)`
/// keyword of their own (`pdl_interp.record_match ... loc([%root])`). A `loc(` that ends
/// its line is a trailing location left unfinished: what the next line holds is no part
/// of it, and upstream asks for a location instance there.
fn location_follows(p: &Parser<'_>) -> bool {
    if p.nth_token(2).newline_before {
        return true;
    }
    match p.nth(2) {
        // `loc()` is an empty location to upstream, and an error.
        STRING | HASH_ID | R_PAREN => true,
        BARE_ID => matches!(p.nth_token_text(2), "callsite" | "fused" | "unknown"),
        _ => false,
    }
}

fn is_attribute_keyword(text: &str, angle_follows: bool) -> bool {
    angle_follows
        && matches!(
            text,
            "dense"
                | "dense_resource"
                | "sparse"
                | "array"
                | "affine_map"
                | "affine_set"
                | "strided"
        )
}
