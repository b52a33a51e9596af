//! Verifiers of `shape` ops beyond their ODS constraints (see `checks::verifiers`): the
//! types their `InferTypeOpInterface` infers, the error propagation of size and shape
//! ops, the body of `shape.reduce` and what its `shape.yield` gives back, and operand
//! counts. This file dispatches and holds what the submodules share: the kinds of types.

mod infer;
mod propagation;
mod reduce;

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode};
use mlir_types::{Dim, Type};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "shape.add",
    "shape.assuming_all",
    "shape.broadcast",
    "shape.const_shape",
    "shape.cstr_broadcastable",
    "shape.div",
    "shape.get_extent",
    "shape.meet",
    "shape.mul",
    "shape.num_elements",
    "shape.rank",
    "shape.reduce",
    "shape.shape_of",
];

/// The ops whose verifier reads something beyond the op itself: `reduce` reads its body's
/// arguments and yield.
pub(super) const READS_AROUND: &[&str] = &["shape.reduce"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    // The dialect verifies its attributes on any op before the op itself. Only a symbol
    // table may name its shape function libraries, and none of these ops is one. (On
    // other ops this is not checked yet: it would need a check of every op's attributes.)
    if has_attribute(op, "shape.lib") {
        out.push(op.plain_error("shape.lib attribute may only be on op implementing SymbolTable"));
        return;
    }
    match op.name {
        // `InferTypeOpInterface` is a trait: its check comes before `verify()`.
        "shape.shape_of" => match infer::shape_of(op) {
            Some(errors) => out.extend(errors),
            None => out.extend(propagation::shape_result(op)),
        },
        "shape.const_shape" => out.extend(infer::const_shape(op, cx).into_iter().flatten()),
        "shape.meet" => out.extend(infer::meet(op).into_iter().flatten()),
        "shape.broadcast" => out.extend(propagation::shape_result(op)),
        "shape.add" | "shape.div" | "shape.get_extent" | "shape.mul" | "shape.num_elements"
        | "shape.rank" => out.extend(propagation::size_result(op)),
        "shape.reduce" => out.extend(reduce::reduce(op, cx)),
        "shape.assuming_all" => out.extend(at_least(op, 1, "no operands specified")),
        "shape.cstr_broadcastable" if all_operands(op, is_shape) => {
            out.extend(at_least(op, 2, "required at least 2 input shapes"));
        }
        _ => {}
    }
}

/// Does the op's attribute dictionary (not its properties) hold an entry `name`?
fn has_attribute(op: &Op<'_>, name: &str) -> bool {
    let dict = match op.matched {
        Some(matched) => matched.attr_dict.clone(),
        None => op.node.children().find_map(ast::AttrDict::cast),
    };
    dict.is_some_and(|d| d.entry(name).is_some())
}

/// `verify()` of an op with variadic operands that needs at least `least` of them.
fn at_least(op: &Op<'_>, least: usize, message: &str) -> Option<Diagnostic> {
    (op.operand_count()? < least).then(|| op.error(message))
}

/// Is every operand of a known type of a kind `fits`? Our ODS checks do not read the
/// shape dialect's type constraints: an operand that fails them is an ODS error first.
fn all_operands(op: &Op<'_>, fits: fn(Kind) -> bool) -> bool {
    op.operands.iter().flatten().all(|ty| fits(kind(ty)))
}

/// A shape or an extent tensor (ODS's `Shape_ShapeOrExtentTensorType`).
fn is_shape(kind: Kind) -> bool {
    matches!(kind, Kind::Shape | Kind::ExtentTensor(_))
}

/// A size or an index (ODS's `Shape_SizeOrIndexType`).
fn is_size(kind: Kind) -> bool {
    matches!(kind, Kind::Size | Kind::Index)
}

/// What a type is to the shape dialect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `!shape.size`, which may hold an error.
    Size,
    Index,
    /// `!shape.shape`, which may hold an error.
    Shape,
    /// `!shape.value_shape`, which may hold an error.
    ValueShape,
    /// `tensor<Nxindex>`, of `N` extents.
    ExtentTensor(Dim),
    /// Anything else, or a type we could not read.
    Other,
}

fn kind(ty: &Type) -> Kind {
    match ty {
        Type::Index => Kind::Index,
        Type::Opaque(o) if o.dialect == "shape" => match o.data.as_str() {
            "size" => Kind::Size,
            "shape" => Kind::Shape,
            "value_shape" => Kind::ValueShape,
            _ => Kind::Other,
        },
        Type::RankedTensor(t) if t.element == Type::Index && t.encoding.is_none() => {
            match t.shape.as_slice() {
                [extents] => Kind::ExtentTensor(*extents),
                _ => Kind::Other,
            }
        }
        _ => Kind::Other,
    }
}

/// The kind of a known type, `None` when it is not known.
fn kind_of(ty: Option<&Option<Type>>) -> Option<Kind> {
    ty?.as_ref().map(kind)
}

/// The type `!shape.<name>`, to print.
fn shape_type(name: &str) -> Type {
    Type::Opaque(std::sync::Arc::new(mlir_types::OpaqueType {
        dialect: "shape".to_string(),
        data: name.to_string(),
    }))
}

/// `tensor<Nxindex>`, to print.
fn extent_tensor(extents: Dim) -> Type {
    Type::RankedTensor(std::sync::Arc::new(mlir_types::RankedTensorType {
        shape: vec![extents],
        element: Type::Index,
        encoding: None,
    }))
}

/// Are two types surely different? Also for the shape dialect's own types, which have
/// one spelling each (`!shape.size`), unlike other dialect types we keep as text.
fn surely_differ(a: &Type, b: &Type) -> bool {
    let simple = |ty: &Type| {
        mlir_types::exact(ty)
            || matches!(ty, Type::Opaque(o) if o.dialect == "shape"
                && matches!(o.data.as_str(), "size" | "shape" | "value_shape" | "witness"))
    };
    a != b && simple(a) && simple(b)
}

/// The result types of an op: a generic op's, or for a custom form the framework does
/// not read (`shape.reduce`, `shape.const_shape`, which have hand-written parsers) the
/// type or parenthesised types written after its first `after` token (`->`, `:`); none
/// when there is no such token.
fn result_types(op: &Op<'_>, cx: &mut Cx<'_>, after: SyntaxKind) -> Vec<Option<Type>> {
    if op.is_generic() || !op.results.is_empty() {
        return op.results.to_vec();
    }
    let written = op
        .node
        .children_with_tokens()
        .skip_while(|e| e.kind() != after)
        .skip(1)
        .find(|e| !e.kind().is_trivia())
        .and_then(|e| e.into_node());
    let Some(written) = written else {
        return Vec::new();
    };
    if written.kind().is_type() {
        return vec![Some(cx.lower_type(&written))];
    }
    if matches!(
        written.kind(),
        SyntaxKind::PAREN_GROUP | SyntaxKind::TYPE_LIST
    ) {
        let types = written.children().filter(|n| n.kind().is_type());
        return types.map(|n| Some(cx.lower_type(&n))).collect();
    }
    Vec::new()
}
