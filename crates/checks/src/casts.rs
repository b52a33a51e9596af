//! The cast ops of `arith` (checks stage): which operand and result types each may convert
//! between, as their `areCastCompatible` says: integer and float widths that grow or
//! shrink, integers to floats and back, index to integer and back, bit casts of equal
//! width; always of one shape, and for tensors of one encoding.

use mlir_types::{Dim, Type};

/// `'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible`, if so.
pub(super) fn cast_failure(op: &str, input: &Type, output: &Type) -> Option<String> {
    let compatible = match op {
        "arith.extui" | "arith.extsi" => widths(input, output, Type::is_integer, |i, o| o > i),
        "arith.trunci" => widths(input, output, Type::is_integer, |i, o| o < i),
        "arith.extf" => widths(input, output, Type::is_float, |i, o| o > i),
        "arith.truncf" => widths(input, output, Type::is_float, |i, o| o < i),
        "arith.uitofp" | "arith.sitofp" => kinds(input, output, Type::is_integer, Type::is_float),
        "arith.fptoui" | "arith.fptosi" => kinds(input, output, Type::is_float, Type::is_integer),
        "arith.index_cast" | "arith.index_castui" => {
            kinds(input, output, Type::is_index, is_signless)
                || kinds(input, output, is_signless, Type::is_index)
        }
        // One side `index`, the other an integer of any signedness.
        "index.casts" | "index.castu" => {
            kinds(input, output, Type::is_index, Type::is_integer)
                || kinds(input, output, Type::is_integer, Type::is_index)
        }
        "arith.bitcast" => {
            let scalar = |t: &Type| t.is_integer() || t.is_float();
            widths(input, output, scalar, |i, o| i == o)
        }
        _ => return None,
    };
    (!compatible).then(|| {
        format!("'{op}' op operand type '{input}' and result type '{output}' are cast incompatible")
    })
}

fn is_signless(ty: &Type) -> bool {
    matches!(ty, Type::Integer(int) if int.signedness == mlir_types::Signedness::Signless)
}

/// Same shape, and elements of one kind whose bit widths compare as `cmp` wants.
fn widths(
    input: &Type,
    output: &Type,
    kind: impl Fn(&Type) -> bool,
    cmp: impl Fn(u32, u32) -> bool,
) -> bool {
    let (i, o) = (element(input), element(output));
    if !same_shape(input, output) || !kind(i) || !kind(o) {
        return false;
    }
    match (i.int_or_float_bit_width(), o.int_or_float_bit_width()) {
        (Some(iw), Some(ow)) => cmp(iw, ow),
        _ => false,
    }
}

/// Same shape, an input element of one kind and an output element of another.
fn kinds(
    input: &Type,
    output: &Type,
    from: impl Fn(&Type) -> bool,
    to: impl Fn(&Type) -> bool,
) -> bool {
    same_shape(input, output) && from(element(input)) && to(element(output))
}

fn element(ty: &Type) -> &Type {
    ty.element_type().unwrap_or(ty)
}

/// MLIR's `verifyCompatibleShapes` for one pair, plus equal tensor encodings.
fn same_shape(a: &Type, b: &Type) -> bool {
    if let (Type::RankedTensor(x), Type::RankedTensor(y)) = (a, b)
        && x.encoding != y.encoding
    {
        return false;
    }
    match (a.is_shaped(), b.is_shaped()) {
        (false, false) => true,
        (true, true) => match (a.shape(), b.shape()) {
            (Some(x), Some(y)) => {
                x.len() == y.len()
                    && x.iter().zip(&y).all(|pair| match pair {
                        (Dim::Static(m), Dim::Static(n)) => m == n,
                        _ => true,
                    })
            }
            _ => true,
        },
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Type {
        let parse = mlir_syntax::parse(&format!("!t = {text}\n"));
        let table = mlir_types::AliasTable::of_file(&parse.syntax_node());
        mlir_types::type_of_node(&table.get("!t").unwrap(), &|_| None)
    }

    fn ok(op: &str, a: &str, b: &str) -> bool {
        cast_failure(op, &ty(a), &ty(b)).is_none()
    }

    #[test]
    fn widths_kinds_shapes_and_encodings() {
        assert!(ok("arith.extf", "f16", "f32") && !ok("arith.extf", "f32", "f16"));
        assert!(!ok("arith.truncf", "f32", "f32"));
        assert!(ok("arith.extsi", "vector<2xi8>", "vector<2xi32>"));
        assert!(!ok("arith.extsi", "vector<2xi8>", "vector<3xi32>"));
        assert!(
            ok("arith.index_cast", "index", "i32") && !ok("arith.index_cast", "index", "index")
        );
        assert!(ok("arith.bitcast", "f32", "i32") && !ok("arith.bitcast", "f16", "f32"));
        assert!(!ok(
            "arith.extf",
            "tensor<2xf32, \"a\">",
            "tensor<2xf64, \"b\">"
        ));
        assert!(ok("arith.sitofp", "tensor<?xi32>", "tensor<4xf32>"));
        assert_eq!(
            cast_failure("arith.extf", &ty("f32"), &ty("f16")).unwrap(),
            "'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible"
        );
    }
}
