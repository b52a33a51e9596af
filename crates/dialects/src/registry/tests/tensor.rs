//! The `tensor` specs: the tensor constraints in MLIR's words, and the types the syntax
//! gives values it does not write (`tensor.from_elements`' elements, `tensor.insert`'s
//! result).

use super::{constraint, matched, ty};
use crate::registry::WrittenType;

#[test]
fn tensor_constraints_in_mlir_words() {
    let cases = [
        ("tensor.dim", "source", "non-0-ranked or unranked tensor"),
        (
            "tensor.from_elements",
            "result",
            "statically shaped tensor of any type values",
        ),
        (
            "tensor.reshape",
            "shape",
            "1D tensor of signless integer or index values",
        ),
        (
            "tensor.gather",
            "indices",
            "ranked tensor of signless integer or index values",
        ),
        (
            "tensor.bitcast",
            "source",
            "tensor of signless integer or unsigned integer or signed integer or \
             floating-point values",
        ),
    ];
    for (op, name, words) in cases {
        assert_eq!(constraint(op, name).describe(), words, "{op} ${name}");
    }
}

#[test]
fn tensor_constraints_accept() {
    let dim = constraint("tensor.dim", "source");
    assert!(dim.matches(&ty("tensor<?xf32>")) && dim.matches(&ty("tensor<*xi8>")));
    assert!(!dim.matches(&ty("tensor<f32>")) && !dim.matches(&ty("memref<4xf32>")));
    let elements = constraint("tensor.from_elements", "result");
    assert!(elements.matches(&ty("tensor<2x3xf32>")) && elements.matches(&ty("tensor<i1>")));
    assert!(!elements.matches(&ty("tensor<?xf32>")) && !elements.matches(&ty("tensor<*xf32>")));
    let shape = constraint("tensor.reshape", "shape");
    assert!(shape.matches(&ty("tensor<2xindex>")) && shape.matches(&ty("tensor<?xi32>")));
    assert!(!shape.matches(&ty("tensor<2x2xindex>")) && !shape.matches(&ty("tensor<2xf32>")));
    let bits = constraint("tensor.bitcast", "source");
    for ok in [
        "tensor<4xui8>",
        "tensor<4xsi8>",
        "tensor<4xi8>",
        "tensor<*xbf16>",
    ] {
        assert!(bits.matches(&ty(ok)), "{ok}");
    }
    assert!(!bits.matches(&ty("tensor<4xindex>")));
}

#[test]
fn elements_take_the_element_type_and_insert_the_dest_type() {
    let text = "%t = tensor.from_elements %a, %b : tensor<2xf32>\n";
    let m = matched(text, "tensor.from_elements").unwrap();
    assert_eq!(m.operand_types.len(), 2);
    for element in &m.operand_types {
        let Some(WrittenType::ElementOf(shaped)) = element else {
            panic!("{element:?}");
        };
        assert_eq!(&text[shaped.range()], "tensor<2xf32>");
    }
    let text = "%r = tensor.insert %x into %t[%i] : tensor<8xi32>\n";
    let m = matched(text, "tensor.insert").unwrap();
    let result = m.result_types[0].as_ref().unwrap();
    assert_eq!(&text[result.range()], "tensor<8xi32>");
}
