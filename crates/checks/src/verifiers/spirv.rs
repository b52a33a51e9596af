//! Verifiers of `spirv` ops beyond their ODS constraints (see `checks::verifiers`): the
//! extended arithmetic ops' struct result (two members, of the operands' type) and
//! `VectorTimesScalar`'s types. Their custom forms type the operands from the result, so
//! these are failures of the generic form.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op, trailing_types};
use mlir_types::{Type, exact};

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "spirv.IAddCarry",
    "spirv.ISubBorrow",
    "spirv.SMulExtended",
    "spirv.UMulExtended",
    "spirv.VectorTimesScalar",
];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "spirv.VectorTimesScalar" => vector_times_scalar(op, cx),
        _ => extended(op),
    };
    out.extend(found);
}

/// `!spirv.struct<(T, T)>` of the operands' type `T`.
fn extended(op: &Op<'_>) -> Option<Diagnostic> {
    let [Some(lhs), Some(rhs)] = op.operand_types()? else {
        return None;
    };
    let Some(Type::Opaque(result)) = op.results.first()? else {
        return None;
    };
    if result.dialect != "spirv" {
        return None;
    }
    let members = struct_members(&result.data)?;
    if members.len() != 2 {
        return Some(op.error("expected result struct type containing two members"));
    }
    // Members are compared as written, without blanks; an alias or dialect type among
    // them is not read.
    if members.iter().any(|m| m.starts_with(['!', '#'])) || !exact(lhs) || !exact(rhs) {
        return None;
    }
    let operands = [compact(&lhs.to_string()), compact(&rhs.to_string())];
    let same = operands.iter().chain(&members).all(|t| *t == operands[0]);
    (!same).then(|| op.error("expected all operand types and struct member types are the same"))
}

/// The members of a literal struct's text, `struct<(i32, vector<2 x i32>)>`, without
/// blanks; `None` for an identified struct or one with member decorations.
fn struct_members(data: &str) -> Option<Vec<String>> {
    let body = data.strip_prefix("struct<(")?.strip_suffix(")>")?;
    let mut members = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in body.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth = depth.checked_sub(1)?,
            ',' if depth == 0 => {
                members.push(compact(&body[start..at]));
                start = at + 1;
            }
            _ => {}
        }
    }
    if depth != 0 {
        return None;
    }
    let last = compact(&body[start..]);
    if !last.is_empty() || !members.is_empty() {
        members.push(last);
    }
    // Offsets and decorations (`i32 [0]`) are not read.
    (!members.iter().any(|m| m.is_empty() || m.contains('['))).then_some(members)
}

fn compact(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// `spirv.VectorTimesScalar %v, %s`: the result is `%v`'s type, `%s` its element.
fn vector_times_scalar(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<Diagnostic> {
    let (operands, result) = function_types(op, cx)?;
    let ([vector, scalar], Some(result)) = (operands.as_slice(), result.as_ref()) else {
        return None;
    };
    if !exact(vector) || !exact(scalar) || !exact(result) {
        return None;
    }
    if vector != result {
        return Some(op.error("vector operand and result type mismatch"));
    }
    (result.element_type() != Some(scalar))
        .then(|| op.error("scalar operand and result element type match"))
}

/// The operand and result types: as ODS read them, else from the custom form's trailing
/// `: (T, U) -> V`.
fn function_types(op: &Op<'_>, cx: &mut Cx<'_>) -> Option<(Vec<Type>, Option<Type>)> {
    if let Some(types) = op.operand_types() {
        let operands = types.iter().cloned().collect::<Option<Vec<_>>>()?;
        return Some((operands, op.results.first().cloned().flatten()));
    }
    if let Some([Type::Function(function)]) = trailing_types(op, cx).as_deref() {
        return Some((function.inputs.clone(), function.results.first().cloned()));
    }
    // The parser may keep `(T, U) -> V` as a group, an arrow and a type.
    let custom = ast::CustomOp::cast(op.node.clone())?;
    let items: Vec<CustomOpItem> = custom.items().collect();
    let colon = items.iter().rposition(|i| i.is_token(SyntaxKind::COLON))?;
    let [
        CustomOpItem::Group(inputs),
        arrow,
        CustomOpItem::Type(result),
    ] = &items[colon + 1..]
    else {
        return None;
    };
    if !arrow.is_token(SyntaxKind::ARROW) {
        return None;
    }
    let mut operands = Vec::new();
    for item in inputs.items() {
        match item {
            CustomOpItem::Type(ty) => operands.push(cx.lower_type(ty.syntax())),
            item if item.is_token(SyntaxKind::COMMA) => {}
            _ => return None,
        }
    }
    Some((operands, Some(cx.lower_type(result.syntax()))))
}
