//! Trait names of spec files (registry stage): the ODS spellings we accept for each
//! `Trait`, and the checks of their arguments against the op's declarations.

use super::expr::Expr;
use super::spec::{OpSpec, Trait, TypeTransform};

/// The trait an item of a `traits:` field names.
pub(crate) fn parse_trait(expr: &Expr, spec: &OpSpec) -> Result<Trait, String> {
    let Expr::Name(name, args) = expr else {
        return Err("expected a trait name".into());
    };
    if let Some(t) = simple_trait(name) {
        return match args.is_empty() {
            true => Ok(t),
            false => Err(format!("trait `{name}` takes no arguments")),
        };
    }
    match name.as_str() {
        "AllTypesMatch" => Ok(Trait::AllTypesMatch(value_names(args, spec)?)),
        "HasParent" | "ParentOneOf" => Ok(Trait::HasParent(strings(args)?)),
        "SingleBlockImplicitTerminator" => match strings(args)?.as_slice() {
            [op] => Ok(Trait::SingleBlockImplicitTerminator(op.clone())),
            _ => Err("`SingleBlockImplicitTerminator` takes one op name".into()),
        },
        "TypesMatchWith" => types_match_with(args, spec),
        _ => Err(format!("unknown trait `{name}`")),
    }
}

pub(crate) fn simple_trait(name: &str) -> Option<Trait> {
    let t = match name {
        "Terminator" | "IsTerminator" => Trait::Terminator,
        "IsolatedFromAbove" => Trait::IsolatedFromAbove,
        "SymbolTable" => Trait::SymbolTable,
        "Symbol" => Trait::Symbol,
        "NoTerminator" => Trait::NoTerminator,
        "SingleBlock" => Trait::SingleBlock,
        "GraphRegion" => Trait::GraphRegion,
        "SameOperandsAndResultType" => Trait::SameOperandsAndResultType,
        "SameTypeOperands" => Trait::SameTypeOperands,
        "SameOperandsAndResultShape" => Trait::SameOperandsAndResultShape,
        "SameOperandsShape" => Trait::SameOperandsShape,
        "SameOperandsElementType" => Trait::SameOperandsElementType,
        "SameInputOutputTensorDims" => Trait::SameInputOutputTensorDims,
        "SameVariadicResultSize" => Trait::SameVariadicResultSize,
        "ReturnLike" => Trait::ReturnLike,
        "BranchOpInterface" => Trait::Branch,
        "CallOpInterface" => Trait::Call,
        "FunctionOpInterface" => Trait::Function,
        "Pure" => Trait::Pure,
        "Commutative" => Trait::Commutative,
        "Elementwise" => Trait::Elementwise,
        "ConstantLike" => Trait::ConstantLike,
        "AttrSizedOperandSegments" => Trait::AttrSizedOperandSegments,
        "AutomaticAllocationScope" => Trait::AutomaticAllocationScope,
        _ => return None,
    };
    Some(t)
}

/// `$a, $b`: names of operands, results or attributes of the op.
fn value_names(args: &[Expr], spec: &OpSpec) -> Result<Vec<String>, String> {
    args.iter()
        .map(|arg| match arg {
            Expr::Var(name)
                if spec.operand(name).is_some()
                    || spec.result(name).is_some()
                    || spec.attribute(name).is_some() =>
            {
                Ok(name.clone())
            }
            Expr::Var(name) => Err(format!("`${name}` is not declared")),
            _ => Err("expected `$name`".into()),
        })
        .collect()
}

/// `TypesMatchWith<"summary", $from, $to, "transformer">`, as in ODS (whose names are
/// strings there); the transformer is ODS's C++ text, of which the forms we can apply are
/// known.
fn types_match_with(args: &[Expr], spec: &OpSpec) -> Result<Trait, String> {
    let [Expr::Str(summary), from, to, Expr::Str(transformer)] = args else {
        return Err("expected `TypesMatchWith<\"summary\", $from, $to, \"transformer\">`".into());
    };
    let names = value_names(&[from.clone(), to.clone()], spec)?;
    let transform = match transformer.trim() {
        t if t.ends_with(".getElementType()") => TypeTransform::ElementType,
        // `SmallVector<Type, 2>(n, ....getElementType())`: the element type once per value
        // of a variadic `to` (`tensor.from_elements`); how many is not checked.
        t if t.starts_with("SmallVector<Type, 2>(") && t.ends_with(".getElementType())") => {
            TypeTransform::ElementType
        }
        t if t.contains("getI1SameShape(") => TypeTransform::I1SameShape,
        t => return Err(format!("unknown type transformer `{t}`")),
    };
    Ok(Trait::TypesMatchWith {
        summary: summary.clone(),
        from: names[0].clone(),
        to: names[1].clone(),
        transform,
    })
}

fn strings(args: &[Expr]) -> Result<Vec<String>, String> {
    args.iter()
        .map(|arg| match arg {
            Expr::Str(text) => Ok(text.clone()),
            _ => Err("expected a quoted op name".into()),
        })
        .collect()
}
