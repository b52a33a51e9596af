//! A generic op's `operandSegmentSizes` (checks stage): how an op whose operand
//! declarations are several variadic ones splits its operands, read from its properties
//! or, as MLIR still accepts, its attribute dictionary, under MLIR 22's name or the older
//! `operand_segment_sizes`.

use mlir_dialects::registry::{ValueSpec, Variadicity};
use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{self, AstNode};
use mlir_types::Attr;

/// The sizes written, if they are a dense array of non-negative integers.
pub(crate) fn operand_segment_sizes(
    op: &ast::GenericOp,
    lower: &mut impl FnMut(&SyntaxNode) -> Attr,
) -> Option<Vec<usize>> {
    let dicts = [op.properties().and_then(|p| p.attr_dict()), op.attr_dict()];
    let entry = dicts.into_iter().flatten().find_map(|dict| {
        ["operandSegmentSizes", "operand_segment_sizes"]
            .into_iter()
            .find_map(|name| dict.entry(name))
    })?;
    let Attr::DenseArray(array) = lower(entry.value()?.syntax()) else {
        return None;
    };
    array
        .1
        .iter()
        .map(|a| match a {
            Attr::Integer(i) => usize::try_from(i.value_i128()?).ok(),
            _ => None,
        })
        .collect()
}

/// The declaration of each of `count` operands as `sizes` assign them, if the sizes fit
/// the declarations (one per declaration, a single one of size 1, an optional one of at
/// most 1, summing to `count`); MLIR reports sizes that do not fit in words of its own.
pub(crate) fn segmented_constraints<'s>(
    declarations: &'s [ValueSpec],
    sizes: &[usize],
    count: usize,
) -> Option<Vec<&'s ValueSpec>> {
    if sizes.len() != declarations.len() || sizes.iter().sum::<usize>() != count {
        return None;
    }
    let fits = |(decl, size): (&ValueSpec, &usize)| match decl.variadicity {
        Variadicity::Single => *size == 1,
        Variadicity::Optional => *size <= 1,
        Variadicity::Variadic | Variadicity::VariadicOfVariadic => true,
    };
    if !declarations.iter().zip(sizes).all(fits) {
        return None;
    }
    let repeated = declarations.iter().zip(sizes);
    Some(
        repeated
            .flat_map(|(d, n)| std::iter::repeat_n(d, *n))
            .collect(),
    )
}
