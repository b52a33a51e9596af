//! Lexer tests: each token kind, the odd corners of TableGen's lexical rules, and errors
//! that do not stop the scan.

use expect_test::{Expect, expect};

use super::{Tok, lex};

fn check(text: &str, expected: Expect) {
    let (tokens, errors) = lex(text);
    let mut out = String::new();
    for token in &tokens {
        let kind = match &token.kind {
            Tok::Eof => continue,
            other => format!("{other:?}"),
        };
        out.push_str(&format!("{} {kind}\n", token.offset));
    }
    for error in &errors {
        out.push_str(&format!("error at {}: {}\n", error.offset, error.message));
    }
    expected.assert_eq(&out);
}

#[test]
fn words_numbers_and_punctuation() {
    check(
        "def X : Y<-3, 0x1F, 0b0101, 12ab>;",
        expect![[r#"
            0 Keyword(Def)
            4 Ident("X")
            6 Punct(Colon)
            8 Ident("Y")
            9 Punct(Less)
            10 Int(-3)
            12 Punct(Comma)
            14 Int(31)
            18 Punct(Comma)
            20 Binary(5, 4)
            26 Punct(Comma)
            28 Ident("12ab")
            32 Punct(Greater)
            33 Punct(Semi)
        "#]],
    );
}

#[test]
fn a_range_with_a_hyphen_is_two_integers() {
    // `{0-3}`: the `-` belongs to the integer, as in llvm-tblgen; the parser reads a
    // negative integer after one as the range's end.
    check(
        "{0-3} {0...3}",
        expect![[r#"
            0 Punct(LBrace)
            1 Int(0)
            2 Int(-3)
            4 Punct(RBrace)
            6 Punct(LBrace)
            7 Int(0)
            8 Punct(Ellipsis)
            11 Int(3)
            12 Punct(RBrace)
        "#]],
    );
}

#[test]
fn strings_code_names_and_bang_operators() {
    check(
        r#""a\"b\n" [{ x }] y; }] $dst !strconcat(# - +"#,
        expect![[r#"
            0 Str("a\"b\n")
            9 Code(" x ")
            17 Ident("y")
            18 Punct(Semi)
            20 Punct(RBrace)
            21 Punct(RBracket)
            23 VarName("dst")
            28 Bang("strconcat")
            38 Punct(LParen)
            39 Punct(Paste)
            41 Punct(Minus)
            43 Punct(Plus)
        "#]],
    );
}

#[test]
fn comments_nest_and_are_skipped() {
    check(
        "a // one\n/* two /* nested */ still */ b",
        expect![[r#"
            0 Ident("a")
            38 Ident("b")
        "#]],
    );
}

#[test]
fn preprocessor_lines_only_at_the_start_of_a_line() {
    check(
        "#ifndef GUARD\n  /* c */ #define GUARD // why\n#else\nx # y\n#endif",
        expect![[r#"
            0 Directive(Ifndef("GUARD"))
            24 Directive(Define("GUARD"))
            45 Directive(Else)
            51 Ident("x")
            53 Punct(Paste)
            55 Ident("y")
            57 Directive(Endif)
        "#]],
    );
}

#[test]
fn errors_are_reported_and_the_scan_goes_on() {
    check(
        "a \u{e9} \"open\nb $ [{ never",
        expect![[r#"
            0 Ident("a")
            11 Ident("b")
            error at 2: Unexpected character
            error at 5: End of line in string literal
            error at 13: Invalid variable name
            error at 15: Unterminated code block
        "#]],
    );
}

#[test]
fn unterminated_comment_and_bad_directive() {
    check(
        "#define\n#ifdef X junk\n/* open",
        expect![[r#"
            8 Directive(Ifdef("X"))
            error at 0: Expected macro name after #define, #ifdef or #ifndef
            error at 8: Only comments are supported after a preprocessor directive
            error at 22: unterminated comment
        "#]],
    );
}
