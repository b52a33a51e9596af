//! Verifying an op against its IRDL definition (IRDL stage), as `mlir-opt --irdl-file`
//! does: operand and result counts, then each value against its constraint variable. A
//! variable binds to the first type it accepts, so `%0` used twice means "equal types".
//! `c_pred` cannot be evaluated without C++ and accepts everything.

use crate::types::Type;

use super::{Constraint, IrdlDefinition, IrdlDialect, IrdlValue};
use crate::registry::Variadicity;

/// The first failure of an op of definition `def` with these operand and result types, in
/// `mlir-opt`'s words; `dialects` resolve `parametric`/`base` references.
pub fn verify_op(
    def: &IrdlDefinition,
    dialects: &[IrdlDialect],
    operands: &[Type],
    results: &[Type],
) -> Option<String> {
    let operand_sizes = match segments(&def.operands, operands.len()) {
        Ok(sizes) => sizes?,
        Err(message) => {
            return Some(format!(
                "op expects {message} operands, but got {}",
                operands.len()
            ));
        }
    };
    let result_sizes = match segments(&def.results, results.len()) {
        Ok(sizes) => sizes?,
        Err(message) => {
            return Some(format!(
                "op expects {message} results, but got {}",
                results.len()
            ));
        }
    };
    let mut verifier = Verifier {
        def,
        dialects,
        bound: vec![None; def.constraints.len()],
    };
    let values = segment_values(&def.operands, &operand_sizes, operands).chain(segment_values(
        &def.results,
        &result_sizes,
        results,
    ));
    for (var, ty) in values {
        if let Err(message) = verifier.check(var, ty) {
            return Some(message);
        }
    }
    None
}

/// How many values each declaration takes; `Err` with MLIR's count words when `count`
/// cannot fit, `Ok(None)` when several variadic declarations need segment sizes.
fn segments(decls: &[IrdlValue], count: usize) -> Result<Option<Vec<usize>>, String> {
    let singles = decls
        .iter()
        .filter(|d| d.variadicity == Variadicity::Single)
        .count();
    let others: Vec<_> = decls
        .iter()
        .filter(|d| d.variadicity != Variadicity::Single)
        .collect();
    match others.as_slice() {
        [] if count != singles => Err(format!("exactly {singles}")),
        [] => Ok(Some(vec![1; decls.len()])),
        [only] => {
            if count < singles {
                return Err(format!("at least {singles}"));
            }
            if only.variadicity == Variadicity::Optional && count > singles + 1 {
                return Err(format!("at most {}", singles + 1));
            }
            let rest = count - singles;
            let sizes = decls
                .iter()
                .map(|d| {
                    if d.variadicity == Variadicity::Single {
                        1
                    } else {
                        rest
                    }
                })
                .collect();
            Ok(Some(sizes))
        }
        _ => Ok(None),
    }
}

/// Each value with the constraint variable of its declaration.
fn segment_values<'a>(
    decls: &'a [IrdlValue],
    sizes: &'a [usize],
    types: &'a [Type],
) -> impl Iterator<Item = (usize, &'a Type)> + 'a {
    let vars = decls
        .iter()
        .zip(sizes)
        .flat_map(|(d, size)| std::iter::repeat_n(d.constraint, *size));
    vars.zip(types)
}

struct Verifier<'a> {
    def: &'a IrdlDefinition,
    dialects: &'a [IrdlDialect],
    bound: Vec<Option<Type>>,
}

impl Verifier<'_> {
    fn check(&mut self, var: usize, ty: &Type) -> Result<(), String> {
        if let Some(bound) = self.bound.get(var).cloned().flatten() {
            return match same(&bound, ty) {
                Some(false) => Err(format!("expected '{bound}' but got '{ty}'")),
                _ => Ok(()),
            };
        }
        self.check_constraint(var, ty)?;
        if let Some(slot) = self.bound.get_mut(var) {
            *slot = Some(ty.clone());
        }
        Ok(())
    }

    fn check_constraint(&mut self, var: usize, ty: &Type) -> Result<(), String> {
        let Some(constraint) = self.def.constraints.get(var) else {
            return Ok(());
        };
        match constraint {
            Constraint::Any | Constraint::CPred(_) | Constraint::Unknown => Ok(()),
            Constraint::Is(expected, _) => match same(expected, ty) {
                Some(false) => Err(format!("expected '{expected}' but got '{ty}'")),
                _ => Ok(()),
            },
            Constraint::AnyOf(options) => {
                let saved = self.bound.clone();
                for option in options.clone() {
                    if self.check(option, ty).is_ok() {
                        return Ok(());
                    }
                    self.bound = saved.clone();
                }
                Err(format!("'{ty}' does not satisfy the constraint"))
            }
            Constraint::AllOf(parts) => {
                for part in parts.clone() {
                    self.check(part, ty)?;
                }
                Ok(())
            }
            Constraint::Base(base) => self.check_base(base, ty),
            Constraint::Parametric(path, params) => {
                let Some(name) = self.definition_name(path) else {
                    return Ok(());
                };
                let Some((base, args)) = dialect_type_parts(ty) else {
                    return match ty {
                        Type::Opaque(_) | Type::Error => Ok(()),
                        _ => Err(format!("expected base type '{name}' but got '{ty}'")),
                    };
                };
                if base != name {
                    return Err(format!("expected base type '{name}' but got '{ty}'"));
                }
                if args.len() != params.len() {
                    return Ok(());
                }
                for (param, arg) in params.clone().into_iter().zip(args) {
                    if let Some(arg) = arg {
                        self.check(param, &arg)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// `irdl.base "!builtin.integer"` (by name) or `irdl.base @d::@t` (by reference).
    fn check_base(&mut self, base: &str, ty: &Type) -> Result<(), String> {
        let expected = match base.strip_prefix('!') {
            Some(name) => name.to_string(),
            None if base.starts_with('#') => return Ok(()),
            None => match self.definition_name(base) {
                Some(name) => name,
                None => return Ok(()),
            },
        };
        let Some(actual) = base_name(ty) else {
            return Ok(());
        };
        if actual == expected {
            Ok(())
        } else {
            Err(format!(
                "expected base type '{expected}' but got '{actual}'"
            ))
        }
    }

    /// `d.t` for the symbol path `d::t` of a type definition we know.
    fn definition_name(&self, path: &str) -> Option<String> {
        let (dialect, name) = path.split_once("::")?;
        let d = self.dialects.iter().find(|d| d.name == dialect)?;
        d.types
            .iter()
            .chain(&d.attributes)
            .any(|t| t.name == name)
            .then(|| format!("{dialect}.{name}"))
    }
}

/// Are two types the same? `None` when we cannot tell (a broken type). Dialect types we
/// keep as text are compared without whitespace, as MLIR compares their parameters.
fn same(a: &Type, b: &Type) -> Option<bool> {
    if a.contains_error() || b.contains_error() {
        return None;
    }
    if a == b {
        return Some(true);
    }
    let squeeze = |t: &Type| t.to_string().split_whitespace().collect::<String>();
    Some(squeeze(a) == squeeze(b))
}

/// The name MLIR gives a type's kind: `builtin.integer`, `builtin.f32`, `d.t`.
fn base_name(ty: &Type) -> Option<String> {
    let name = match ty {
        Type::Integer(_) => "builtin.integer".to_string(),
        Type::Float(kind) => format!("builtin.{}", kind.name()),
        Type::Index => "builtin.index".into(),
        Type::None => "builtin.none".into(),
        Type::Complex(_) => "builtin.complex".into(),
        Type::Tuple(_) => "builtin.tuple".into(),
        Type::Function(_) => "builtin.function".into(),
        Type::Vector(_) => "builtin.vector".into(),
        Type::RankedTensor(_) => "builtin.tensor".into(),
        Type::UnrankedTensor(_) => "builtin.unranked_tensor".into(),
        Type::MemRef(_) => "builtin.memref".into(),
        Type::UnrankedMemRef(_) => "builtin.unranked_memref".into(),
        Type::Opaque(_) => dialect_type_parts(ty)?.0,
        Type::Error => return None,
    };
    Some(name)
}

/// `!d.t<a, b>` as `d.t` and its parameters read as types (`None` for one that is not a
/// type we can read).
fn dialect_type_parts(ty: &Type) -> Option<(String, Vec<Option<Type>>)> {
    let Type::Opaque(opaque) = ty else {
        return None;
    };
    let data = opaque.data.trim();
    let (name, params) = match data.split_once('<') {
        Some((name, rest)) => (name.trim(), rest.strip_suffix('>')?),
        None => (data, ""),
    };
    let params = split_top_level(params)
        .into_iter()
        .map(|p| parse_type(p.trim()))
        .collect();
    Some((format!("{}.{name}", opaque.dialect), params))
}

/// Splits at commas outside brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// A parameter's text as a type, read through an alias definition.
fn parse_type(text: &str) -> Option<Type> {
    let parse = mlir_syntax::parse(&format!("!p = {text}\n"));
    if !parse.errors().is_empty() {
        return None;
    }
    let root = parse.syntax_node();
    let table = crate::types::AliasTable::of_file(&root);
    let value = table.get("!p")?;
    let ty = crate::types::type_of_node(&value, &|_| None);
    (!ty.contains_error()).then_some(ty)
}
