//! Parsing ODS assembly-format strings into the format AST.

use crate::registry::{Collection, Element, Format};

fn var(name: &str) -> Element {
    Element::Var(name.into())
}

fn lit(text: &str) -> Element {
    Element::Literal(text.into())
}

fn ty(inner: Element) -> Element {
    Element::Type(Box::new(inner))
}

#[test]
fn binary_op_format() {
    let format = Format::parse("$lhs `,` $rhs attr-dict `:` type($result)").unwrap();
    let expected = [
        var("lhs"),
        lit(","),
        var("rhs"),
        Element::AttrDict {
            with_keyword: false,
        },
        lit(":"),
        ty(var("result")),
    ];
    assert_eq!(format.elements, expected);
}

#[test]
fn optional_groups_with_anchors_and_spaces() {
    let format = Format::parse("$lhs (`overflow` `` $flags^)? ` ` `\\n`").unwrap();
    let expected = [
        var("lhs"),
        Element::Optional {
            then: vec![lit("overflow"), Element::Space, var("flags")],
            otherwise: vec![],
            anchor: Some(2),
        },
        Element::Space,
        Element::Space,
    ];
    assert_eq!(format.elements, expected);
}

#[test]
fn optional_group_with_else_branch() {
    let format = Format::parse("($value^):(`none`)?").unwrap();
    let expected = Element::Optional {
        then: vec![var("value")],
        otherwise: vec![lit("none")],
        anchor: Some(0),
    };
    assert_eq!(format.elements, [expected]);
}

#[test]
fn directives() {
    let text = "attr-dict-with-keyword prop-dict operands results regions successors \
                functional-type(operands, results) qualified(type($x)) \
                custom<Sig>(ref($a), type($b), $c)";
    let format = Format::parse(text).unwrap();
    let expected = [
        Element::AttrDict { with_keyword: true },
        Element::PropDict,
        Element::All(Collection::Operands),
        Element::All(Collection::Results),
        Element::All(Collection::Regions),
        Element::All(Collection::Successors),
        Element::FunctionalType(
            Box::new(Element::All(Collection::Operands)),
            Box::new(Element::All(Collection::Results)),
        ),
        Element::Qualified(Box::new(ty(var("x")))),
        Element::Custom {
            name: "Sig".into(),
            args: vec![Element::Ref(Box::new(var("a"))), ty(var("b")), var("c")],
        },
    ];
    assert_eq!(format.elements, expected);
}

#[test]
fn walk_visits_nested_elements() {
    let format = Format::parse("(`(` $ops^ `:` type($ops) `)`)?").unwrap();
    let vars: Vec<&str> = format.walk().iter().filter_map(|e| e.var_name()).collect();
    assert_eq!(vars, ["ops", "ops", "ops"]);
}

#[test]
fn malformed_formats_are_errors() {
    let cases = [
        ("`,", "unterminated literal (at offset 0)"),
        ("$a bogus", "unknown directive 'bogus' (at offset 3)"),
        ("($a^)", "expected '?' (at offset 5)"),
        ("($a^ $b^)?", "a second anchor (at offset 8)"),
        ("()?", "optional group has no elements (at offset 0)"),
        ("type($a", "expected ')' (at offset 7)"),
        ("custom<>($a)", "expected a directive name (at offset 7)"),
        ("$a %", "unexpected character '%' (at offset 3)"),
        ("$", "expected a format element (at offset 0)"),
        ("(`a`", "expected ')' (at offset 4)"),
    ];
    for (text, message) in cases {
        let error = Format::parse(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text}");
    }
}
