//! The formatter on small texts: each rule, what it keeps, and that formatting twice
//! changes nothing more.

use expect_test::{Expect, expect};

use super::{FormatOptions, apply_format_edits, format};

fn formatted(text: &str) -> String {
    let parse = mlir_syntax::parse(text);
    let edits = format(&parse, text, FormatOptions::default(), None).edits;
    let once = apply_format_edits(text, &edits);
    let again = format(
        &mlir_syntax::parse(&once),
        &once,
        FormatOptions::default(),
        None,
    )
    .edits;
    assert_eq!(
        apply_format_edits(&once, &again),
        once,
        "formatting twice changed more"
    );
    once
}

fn check(text: &str, expected: Expect) {
    expected.assert_eq(&formatted(text));
}

#[test]
fn indents_by_region_depth_with_block_labels_one_level_out() {
    check(
        "func.func @f(%a: i32) {\n      cf.br ^bb1\n   ^bb1:\n return\n     }\n",
        expect![[r#"
            func.func @f(%a: i32) {
              cf.br ^bb1
            ^bb1:
              return
            }
        "#]],
    );
}

#[test]
fn spaces_around_equals_and_arrows_and_after_commas_and_colons() {
    check(
        "func.func @f(%a:i32 ,%b :  i32)->i32 {\n  %0=arith.addi %a,%b:i32\n  return %0 : i32\n}\n",
        expect![[r#"
            func.func @f(%a: i32, %b : i32) -> i32 {
              %0 = arith.addi %a, %b : i32
              return %0 : i32
            }
        "#]],
    );
}

#[test]
fn one_space_before_an_ops_types_and_before_a_region_or_dictionary() {
    // Only the op's own `:`: the one inside `(%s: i32)` and a keyword's stay as written.
    check(
        "func.func @f(%s: i32)->i32{\n  %0 = \"t.op\"(%s)  :(i32) -> i32\n  %1 = t.cast %s to offset: [0]  : i32\n  \"t.b\"(%s){k = 1}: (i32) -> ()\n  return %0   : i32\n}\n",
        expect![[r#"
            func.func @f(%s: i32) -> i32 {
              %0 = "t.op"(%s) : (i32) -> i32
              %1 = t.cast %s to offset: [0] : i32
              "t.b"(%s) {k = 1} : (i32) -> ()
              return %0 : i32
            }
        "#]],
    );
}

#[test]
fn no_space_inside_brackets_and_type_parameters() {
    check(
        "\"t.op\"( %a ) {k = [ 1, 2 ]} : ( memref< 4 x f32 > ) -> tuple< i32 , f32 >\n",
        expect![[r#"
            "t.op"(%a) {k = [1, 2]} : (memref<4 x f32>) -> tuple<i32, f32>
        "#]],
    );
}

#[test]
fn adjacency_that_means_something_is_kept() {
    // `%r:2`, `@a::@b`, `loc("f":1:2)`, `=>` of a custom syntax, `>=` of an affine set.
    check(
        concat!(
            "%r:2 = \"t.op\"() : () -> (i1, i1)\n",
            "\"t.call\"() {callee = @a::@b} : () -> () loc(\"f.mlir\":1:2)\n",
            "%0 = hal.tensor.import %v => tensor<4xf32>\n",
            "\"t.set\"() {s = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()\n",
        ),
        expect![[r#"
            %r:2 = "t.op"() : () -> (i1, i1)
            "t.call"() {callee = @a::@b} : () -> () loc("f.mlir":1:2)
            %0 = hal.tensor.import %v => tensor<4xf32>
            "t.set"() {s = affine_set<(d0) : (d0 - 1 >= 0)>} : () -> ()
        "#]],
    );
}

#[test]
fn dense_literals_strings_dialect_bodies_and_metadata_are_kept() {
    check(
        concat!(
            "\"t.op\"() {d = dense<[ 1,2 ]> : tensor<2xi32>, s = \"a ,b\"} : () -> ()\n",
            "\"t.op\"() : () -> !llvm.struct<( i32 , f32 )>\n",
            "{-#\n  dialect_resources: { builtin: { r : \"0x01\" } }\n#-}\n",
        ),
        expect![[r#"
            "t.op"() {d = dense<[ 1,2 ]> : tensor<2xi32>, s = "a ,b"} : () -> ()
            "t.op"() : () -> !llvm.struct<( i32 , f32 )>
            {-#
              dialect_resources: { builtin: { r : "0x01" } }
            #-}
        "#]],
    );
}

#[test]
fn continuation_lines_move_with_their_statement() {
    check(
        concat!(
            "func.func @f() {\n",
            "      %0 = \"t.op\"() {a = 1,\n",
            "                      b = 2} : () -> i32\n",
            "  return\n",
            "}\n",
        ),
        expect![[r#"
            func.func @f() {
              %0 = "t.op"() {a = 1,
                              b = 2} : () -> i32
              return
            }
        "#]],
    );
}

#[test]
fn comments_go_where_the_next_statement_goes_and_directives_stay() {
    check(
        concat!(
            "// RUN: mlir-opt %s | FileCheck %s\n",
            "      // CHECK-LABEL: func @f\n",
            "func.func @f() {\n",
            "// a note on the return\n",
            "      return   // trailing, kept as written\n",
            "    // before the closing brace\n",
            "}\n",
            "   // -----\n",
        ),
        expect![[r#"
            // RUN: mlir-opt %s | FileCheck %s
                  // CHECK-LABEL: func @f
            func.func @f() {
              // a note on the return
              return   // trailing, kept as written
              // before the closing brace
            }
               // -----
        "#]],
    );
}

#[test]
fn blank_lines_collapse_to_one_unless_an_annotation_counts_them() {
    check(
        concat!(
            "\"t.a\"() : () -> ()\n\n\n\n",
            "// expected-error@+3 {{x}}\n\n\n",
            "\"t.b\"() : () -> ()   \n\n\n",
            "\"t.c\"() : () -> ()\n\n\n",
        ),
        expect![[r#"
            "t.a"() : () -> ()

            // expected-error@+3 {{x}}


            "t.b"() : () -> ()

            "t.c"() : () -> ()
        "#]],
    );
}

#[test]
fn a_statement_with_a_syntax_error_is_left_as_written() {
    // The second op misses its `)`; the parser cannot read the rest of its line.
    let text = "\"t.a\"( ) : () -> ()\n  \"t.b\"(%x   : () -> ( )\n  \"t.c\"( ) : () -> ()\n";
    let parse = mlir_syntax::parse(text);
    let result = format(&parse, text, FormatOptions::default(), None);
    assert_eq!(result.left_alone.len(), 1);
    expect![[r#"
        "t.a"() : () -> ()
          "t.b"(%x   : () -> ( )
          "t.c"() : () -> ()
    "#]]
    .assert_eq(&apply_format_edits(text, &result.edits));
}

#[test]
fn indent_width_range_and_line_breaks_are_honoured() {
    let text = "func.func @f() {\r\n\"t.a\"( ) : () -> ()\r\n\"t.b\"( ) : () -> ()\r\n}\r\n";
    let parse = mlir_syntax::parse(text);
    let four = FormatOptions { indent_width: 4 };
    let all = apply_format_edits(text, &format(&parse, text, four, None).edits);
    assert_eq!(
        all,
        "func.func @f() {\r\n    \"t.a\"() : () -> ()\r\n    \"t.b\"() : () -> ()\r\n}\r\n"
    );
    let second_op = text.find("\"t.b\"").unwrap();
    let range = mlir_syntax::TextRange::new(
        (second_op as u32).into(),
        (text.rfind('}').unwrap() as u32).into(),
    );
    let part = apply_format_edits(text, &format(&parse, text, four, Some(range)).edits);
    assert_eq!(
        part,
        "func.func @f() {\r\n\"t.a\"( ) : () -> ()\r\n    \"t.b\"() : () -> ()\r\n}\r\n"
    );
}

#[test]
fn tabs_count_to_the_next_stop_for_continuations() {
    check(
        "func.func @f(%a: i32,\n\t     %b: i32) {\n\treturn\n}\n",
        expect![[r#"
            func.func @f(%a: i32,
                         %b: i32) {
              return
            }
        "#]],
    );
}

#[test]
fn fmt_off_keeps_the_text_up_to_fmt_on() {
    check(
        concat!(
            "\"t.a\"( ) : () -> ()\n",
            "// fmt: off\n",
            "\"t.b\"( ) : () -> (tuple< i32 >)\n",
            "// fmt: on\n",
            "\"t.c\"( ) : () -> ()\n",
            "// fmt: off\n",
            "   \"t.d\"( ) : () -> ()\n",
        ),
        expect![[r#"
            "t.a"() : () -> ()
            // fmt: off
            "t.b"( ) : () -> (tuple< i32 >)
            // fmt: on
            "t.c"() : () -> ()
            // fmt: off
               "t.d"( ) : () -> ()
        "#]],
    );
}

#[test]
fn a_broken_line_is_left_whole_even_where_recovery_read_a_statement() {
    check(
        "func.func private @g%a: i32) -> i32\n\"t.c\"()  : () -> ()\n",
        expect![[r#"
            func.func private @g%a: i32) -> i32
            "t.c"() : () -> ()
        "#]],
    );
}

#[test]
fn a_comment_after_a_statement_left_as_written_does_not_move_with_its_inner_lines() {
    // The broken op's inner line would move 8 columns in; it stays, and so must the
    // comment after the op (found by the fuzzer: it moved 8 more on every pass).
    check(
        "t.a ( {\nt.b() {\n  // one\n  // two\n",
        expect![[r#"
            t.a ( {
            t.b() {
              // one
              // two
        "#]],
    );
}

#[test]
fn an_error_at_the_very_end_keeps_the_last_statement_as_written() {
    // The unterminated string reaches the end of the text: a line break after it would
    // join it (a `\r` is part of such a string), so nothing may be added there.
    let text = "\"t.a\"()  : () -> ()\r\n\"";
    let parse = mlir_syntax::parse(text);
    let result = format(&parse, text, FormatOptions::default(), None);
    assert_eq!(result.left_alone.len(), 1);
    assert_eq!(
        apply_format_edits(text, &result.edits),
        "\"t.a\"() : () -> ()\r\n\""
    );
}

#[test]
fn a_lone_carriage_return_is_kept_as_written() {
    // It ends the comment: the space a dictionary's `{` is given would pull it into the
    // comment (found by the fuzzer), and a line break would add a line to MLIR's count.
    let text = "\"t.a\"() // one\r{k = 1}  : () -> ()\n";
    let once = formatted(text);
    assert_eq!(once, "\"t.a\"() // one\r{k = 1} : () -> ()\n");
}
