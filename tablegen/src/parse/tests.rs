//! Parser tests: the tree of each statement kind, and errors that cost only the
//! statement they are in.

use expect_test::{Expect, expect};

use super::parse;

/// The tree's debug form, compacted, then the errors.
fn check(text: &str, expected: Expect) {
    let (file, errors) = parse(text);
    let mut out = String::new();
    for stmt in &file.stmts {
        out.push_str(&compact(&format!("{stmt:?}")));
        out.push('\n');
    }
    for error in &errors {
        out.push_str(&format!("error at {}: {}\n", error.offset, error.message));
    }
    expected.assert_eq(&out);
}

/// Drops the offsets, which the tests of positions check on their own.
fn compact(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(index) = rest.find(", at: ") {
        out.push_str(&rest[..index]);
        rest = &rest[index + 6..];
        rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out.replace("Expr { kind: ", "(").replace(" }", "}")
}

#[test]
fn a_class_with_parameters_parents_and_a_body() {
    check(
        "class B<int n, string s = \"x\"> : A<n>, C { field bits<4> F = 0b1010; let G{1-0} = n; defvar v = s; }",
        expect![[r#"
            Class(Class { name: "B", params: [Param { ty: Int, name: "n", default: None}, Param { ty: String, name: "s", default: Some((Str("x")})}], parents: [ClassRef { name: "A", args: [Positional((Ident("n")})]}, ClassRef { name: "C", args: []}], body: [Field { field_keyword: true, ty: Bits(4), name: "F", value: Some((Binary(10, 4)})}, Let(LetItem { name: "G", bits: Some([Range { start: 1, end: 0}]), value: (Ident("n")}}), Defvar(Defvar { name: "v", value: (Ident("s")}})], defines: true})
        "#]],
    );
}

#[test]
fn values_with_suffixes_pastes_and_bang_operators() {
    check(
        "def X { list<int> L = [1, 2]<int>; dag D = (ops a:$x, $y); string S = !strconcat(\"a\", NAME) # _foo; int I = L[0]; list<int> M = L[0...1, 1,]; int F = Y.f{3}; }",
        expect![[r#"
            Def(Def { name: Some((Ident("X")}), parents: [], body: [Field { field_keyword: false, ty: List(Int), name: "L", value: Some((List([(Int(1)}, (Int(2)}], Some(Int))})}, Field { field_keyword: false, ty: Dag, name: "D", value: Some((Dag { operator: DagArg { value: Some((Ident("ops")}), name: None}, args: [DagArg { value: Some((Ident("a")}), name: Some("x")}, DagArg { value: None, name: Some("y")}]}})}, Field { field_keyword: false, ty: String, name: "S", value: Some((Paste((Bang { op: "strconcat", ty: None, args: [(Str("a")}, (Ident("NAME")}]}}, Some((Ident("_foo")}))})}, Field { field_keyword: false, ty: Int, name: "I", value: Some((ListSlice { list: (Ident("L")}, elements: [One((Int(0)})], single: true}})}, Field { field_keyword: false, ty: List(Int), name: "M", value: Some((ListSlice { list: (Ident("L")}, elements: [Range((Int(0)}, (Int(1)}), One((Int(1)})], single: false}})}, Field { field_keyword: false, ty: Int, name: "F", value: Some((BitSlice((Field((Ident("Y")}, "f")}, [Range { start: 3, end: 3}])})}]})
        "#]],
    );
}

#[test]
fn a_def_name_is_followed_by_its_body_not_a_bit_slice() {
    check(
        "def A#B { } defm C : M<1>; def : X<Y<2>>;",
        expect![[r#"
            Def(Def { name: Some((Paste((Ident("A")}, Some((Ident("B")}))}), parents: [], body: []})
            Defm(Defm { name: Some((Ident("C")}), parents: [ClassRef { name: "M", args: [Positional((Int(1)})]}]})
            Def(Def { name: None, parents: [ClassRef { name: "X", args: [Positional((ClassValue { class: "Y", args: [Positional((Int(2)})]}})]}], body: []})
        "#]],
    );
}

#[test]
fn lets_loops_conditions_and_regions() {
    check(
        "#ifndef G\n#define G\nlet a = 1, b<0> = 0 in { foreach i = 0-1 in def R#i; }\nif !eq(1, 1) then def T; else { defvar v = 2; }\n#endif\n",
        expect![[r#"
            IfDef { name: "G", negated: true, then: [Define("G"), Let { items: [LetItem { name: "a", bits: None, value: (Int(1)}}, LetItem { name: "b", bits: Some([Range { start: 0, end: 0}]), value: (Int(0)}}], body: [Foreach(Foreach { var: "i", iter: Ranges([Range { start: 0, end: 1}]), body: [Def(Def { name: Some((Paste((Ident("R")}, Some((Ident("i")}))}), parents: [], body: []})]})]}, If(If { cond: (Bang { op: "eq", ty: None, args: [(Int(1)}, (Int(1)}]}}, then: [Def(Def { name: Some((Ident("T")}), parents: [], body: []})], otherwise: [Defvar(Defvar { name: "v", value: (Int(2)}})]})], otherwise: []}
        "#]],
    );
}

#[test]
fn an_error_costs_only_its_statement() {
    check(
        "class A { int x = ; }\ndef B : A;\ndef C { int y = 1 }\ndef D;",
        expect![[r#"
            Def(Def { name: Some((Ident("B")}), parents: [ClassRef { name: "A", args: []}], body: []})
            Def(Def { name: Some((Ident("D")}), parents: [], body: []})
            error at 18: Unknown or reserved token when parsing a value
            error at 51: expected ';' after declaration
        "#]],
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        "def X {{ int y = {}1{}; }}",
        "!add(".repeat(2000),
        ")".repeat(2000)
    );
    let (_, errors) = parse(&text);
    assert_eq!(errors[0].message, "nesting is too deep");
}
