//! Checking one value (an attribute, or a type as a type attribute) against a constraint
//! variable of an IRDL definition, in `mlir-opt`'s words. A variable binds to the first
//! value it accepts; later values must equal it. Broken values and what we cannot read
//! are accepted: only a sure mismatch is an error.

use mlir_types::{Attr, Type};

use super::{Constraint, IrdlDefinition, IrdlDialect};

/// The constraint variables of one definition and what each is bound to so far.
pub struct Verifier<'a> {
    def: &'a IrdlDefinition,
    dialects: &'a [IrdlDialect],
    bound: Vec<Option<Attr>>,
}

impl<'a> Verifier<'a> {
    pub fn new(def: &'a IrdlDefinition, dialects: &'a [IrdlDialect]) -> Verifier<'a> {
        Verifier {
            def,
            dialects,
            bound: vec![None; def.constraints.len()],
        }
    }

    /// Does `value` satisfy variable `var` (binding it if it is free)?
    pub fn check(&mut self, var: usize, value: &Attr) -> Result<(), String> {
        if let Some(bound) = self.bound.get(var).cloned().flatten() {
            return match same(&bound, value) {
                Some(false) => Err(format!("expected '{bound}' but got '{value}'")),
                _ => Ok(()),
            };
        }
        self.check_constraint(var, value)?;
        if let Some(slot) = self.bound.get_mut(var) {
            *slot = Some(value.clone());
        }
        Ok(())
    }

    fn check_constraint(&mut self, var: usize, value: &Attr) -> Result<(), String> {
        let Some(constraint) = self.def.constraints.get(var) else {
            return Ok(());
        };
        match constraint {
            Constraint::Any | Constraint::CPred(_) | Constraint::Unknown => Ok(()),
            Constraint::Is(expected, _) => match same(expected, value) {
                Some(false) => Err(format!("expected '{expected}' but got '{value}'")),
                _ => Ok(()),
            },
            Constraint::AnyOf(options) => {
                let saved = self.bound.clone();
                for option in options {
                    if self.check(*option, value).is_ok() {
                        return Ok(());
                    }
                    self.bound = saved.clone();
                }
                Err(format!("'{value}' does not satisfy the constraint"))
            }
            Constraint::AllOf(parts) => parts.iter().try_for_each(|part| self.check(*part, value)),
            Constraint::Base(base) => self.check_base(base, value),
            Constraint::Parametric(path, params) => self.check_parametric(path, params, value),
        }
    }

    /// `irdl.base "!builtin.integer"` / `"#builtin.integer"` (by name) or `irdl.base @d::@t`
    /// (by reference).
    fn check_base(&self, base: &str, value: &Attr) -> Result<(), String> {
        let (expected, is_type) = match (base.strip_prefix('!'), base.strip_prefix('#')) {
            (Some(name), _) => (name.to_string(), true),
            (_, Some(name)) => (name.to_string(), false),
            _ => match self.definition(base) {
                Some(found) => found,
                None => return Ok(()),
            },
        };
        if is_type {
            let ty = expect_type(value)?;
            match type_base_name(ty) {
                Some(actual) if actual != expected => Err(format!(
                    "expected base type '{expected}' but got '{actual}'"
                )),
                _ => Ok(()),
            }
        } else {
            match self.attr_base_name(value) {
                Some(actual) if actual != expected => Err(format!(
                    "expected base attribute '{expected}' but got '{actual}'"
                )),
                _ => Ok(()),
            }
        }
    }

    /// `irdl.parametric @d::@t<%p, ...>`: an instance of the definition whose parameters
    /// satisfy the variables.
    fn check_parametric(
        &mut self,
        path: &str,
        params: &[usize],
        value: &Attr,
    ) -> Result<(), String> {
        let Some((name, is_type)) = self.definition(path) else {
            return Ok(());
        };
        let parts = if is_type {
            let ty = expect_type(value)?;
            let parts = dialect_type_parts(ty);
            if parts.is_none() && !matches!(ty, Type::Opaque(_) | Type::Error) {
                return Err(format!("expected base type '{name}' but got '{value}'"));
            }
            parts
        } else {
            opaque_attr_parts(value)
        };
        let Some((base, args)) = parts else {
            if is_type || matches!(value, Attr::Error | Attr::Text(_)) {
                return Ok(());
            }
            return Err(parametric_attr_mismatch(&name, value));
        };
        if base != name && !self.undefined(&base) {
            return Err(match is_type {
                true => format!("expected base type '{name}' but got '{value}'"),
                false => parametric_attr_mismatch(&name, value),
            });
        }
        if args.len() != params.len() {
            // A dialect type's parameter count is checked where it is written.
            return Ok(());
        }
        for (param, arg) in params.iter().zip(args) {
            if let Some(arg) = arg {
                self.check(*param, &arg)?;
            }
        }
        Ok(())
    }

    /// `d.t` and whether it is a type, for the symbol path `d::t` of a definition we know.
    fn definition(&self, path: &str) -> Option<(String, bool)> {
        let (dialect, name) = path.split_once("::")?;
        let d = self.dialects.iter().find(|d| d.name == dialect)?;
        let is_type = d.types.iter().any(|t| t.name == name);
        let is_attr = d.attributes.iter().any(|t| t.name == name);
        (is_type || is_attr).then(|| (format!("{dialect}.{name}"), is_type))
    }

    /// Is `d.t` of an IRDL dialect that defines no `t`? Its use is reported where it is
    /// written (MLIR fails to parse it), not again by the op.
    fn undefined(&self, name: &str) -> bool {
        let Some((dialect, name)) = name.split_once('.') else {
            return false;
        };
        self.dialects.iter().any(|d| {
            d.name == dialect && !d.types.iter().chain(&d.attributes).any(|t| t.name == name)
        })
    }

    /// The name MLIR gives an attribute's kind; `None` when we cannot tell.
    fn attr_base_name(&self, value: &Attr) -> Option<String> {
        let name = match value {
            Attr::Integer(_) => "integer",
            Attr::Float(_) => "float",
            Attr::String(_) => "string",
            Attr::Unit => "unit",
            Attr::Array(_) => "array",
            Attr::Dictionary(_) => "dictionary",
            Attr::Type(_) => "type",
            Attr::SymbolRef(_) => "symbol_ref",
            Attr::AffineMap(_) => "affine_map",
            Attr::IntegerSet(_) => "integer_set",
            Attr::Strided(_) => "strided_layout",
            Attr::DenseArray(_) => "dense_array",
            Attr::Opaque(_) => return opaque_attr_parts(value).map(|(name, _)| name),
            Attr::Text(_) | Attr::Error => return None,
        };
        Some(format!("builtin.{name}"))
    }
}

/// MLIR's message for an attribute that is not an instance of `name` (`d.t`), with the
/// two halves of the name swapped as MLIR 22 prints them.
fn parametric_attr_mismatch(name: &str, value: &Attr) -> String {
    let (dialect, attr) = name.split_once('.').unwrap_or(("", name));
    format!("expected base attribute '{attr}.{dialect}' but got '{value}'")
}

/// The type of a type attribute; MLIR's message (without its closing quote) otherwise.
fn expect_type(value: &Attr) -> Result<&Type, String> {
    match value {
        Attr::Type(ty) => Ok(ty),
        Attr::Error => Ok(&Type::Error),
        _ => Err(format!("expected type, got attribute '{value}")),
    }
}

/// Are two values the same? `None` when we cannot tell (a broken value). Dialect types and
/// attributes we keep as text are compared without whitespace, as MLIR compares their
/// parameters.
fn same(a: &Attr, b: &Attr) -> Option<bool> {
    if has_error(a) || has_error(b) {
        return None;
    }
    if a == b {
        return Some(true);
    }
    let squeeze = |t: &Attr| t.to_string().split_whitespace().collect::<String>();
    Some(squeeze(a) == squeeze(b))
}

fn has_error(value: &Attr) -> bool {
    match value {
        Attr::Error => true,
        Attr::Type(ty) => ty.contains_error(),
        _ => false,
    }
}

/// The name MLIR gives a type's kind: `builtin.integer`, `builtin.f32`, `d.t`.
fn type_base_name(ty: &Type) -> Option<String> {
    let name = match ty {
        Type::Integer(_) => "integer",
        Type::Float(kind) => kind.name(),
        Type::Index => "index",
        Type::None => "none",
        Type::Complex(_) => "complex",
        Type::Tuple(_) => "tuple",
        Type::Function(_) => "function",
        Type::Vector(_) => "vector",
        Type::RankedTensor(_) => "tensor",
        Type::UnrankedTensor(_) => "unranked_tensor",
        Type::MemRef(_) => "memref",
        Type::UnrankedMemRef(_) => "unranked_memref",
        Type::Opaque(_) => return dialect_type_parts(ty).map(|(name, _)| name),
        Type::Error => return None,
    };
    Some(format!("builtin.{name}"))
}

/// `!d.t<a, b>` as `d.t` and its parameters read as attributes (`None` for one we cannot
/// read).
pub(crate) fn dialect_type_parts(ty: &Type) -> Option<(String, Vec<Option<Attr>>)> {
    let Type::Opaque(opaque) = ty else {
        return None;
    };
    dialect_parts(&opaque.dialect, &opaque.data)
}

/// `#d.a<a, b>` as `d.a` and its parameters (see `dialect_type_parts`).
fn opaque_attr_parts(value: &Attr) -> Option<(String, Vec<Option<Attr>>)> {
    let Attr::Opaque(opaque) = value else {
        return None;
    };
    dialect_parts(&opaque.dialect, &opaque.data)
}

/// `name<params>` of dialect `dialect`; `None` for the pretty form `!d<"...">`.
fn dialect_parts(dialect: &str, data: &str) -> Option<(String, Vec<Option<Attr>>)> {
    let data = data.trim();
    let (name, params) = match data.split_once('<') {
        Some((name, rest)) => (name.trim(), rest.strip_suffix('>')?),
        None => (data, ""),
    };
    if name.is_empty() {
        return None;
    }
    let params = split_top_level(params)
        .into_iter()
        .map(|p| parse_attr(p.trim()))
        .collect();
    Some((format!("{dialect}.{name}"), params))
}

/// Splits at commas outside brackets and strings.
pub fn split_top_level(text: &str) -> Vec<&str> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut start, mut in_string, mut escaped) = (0i32, 0, false, false);
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        let after_minus = std::mem::replace(&mut previous, c) == '-';
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '<' | '(' | '[' | '{' => depth += 1,
            // The `>` of `->` closes nothing.
            '>' if after_minus => {}
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

/// A parameter's text as an attribute (a type becomes a type attribute).
pub fn parse_attr(text: &str) -> Option<Attr> {
    let parse = mlir_syntax::parse(&format!("#p = {text}\n"));
    if !parse.errors().is_empty() {
        return None;
    }
    let root = parse.syntax_node();
    let table = mlir_types::AliasTable::of_file(&root);
    let value = table.get("#p")?;
    let attr = mlir_types::attr_of_node(&value, &|_| None);
    (!has_error(&attr)).then_some(attr)
}
