//! Expressions of the syntax tree evaluated to values: names looked up in the scopes
//! (loop and local variables, the record being built, globals, records), literals built,
//! operators folded as far as what is known allows.

use super::hash::FastMap;
use std::rc::Rc;

use super::convert::convert;
use super::init::{DagInit, Init, OpInit};
use super::resolve::Subst;
use super::types::Ty;
use super::{EResult, Evaluator, Scope};
use crate::parse::ast::{self, Arg, ExprKind, Range, SliceElement, Type};

/// How identifiers read: as values, or (in a record's name and after `#`) as their own
/// text unless a local variable has the name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Value,
    Name,
}

impl Evaluator<'_> {
    pub(crate) fn expr(&mut self, expr: &ast::Expr) -> EResult<Init> {
        self.expr_in(expr, Mode::Value)
    }

    pub(crate) fn expr_in(&mut self, expr: &ast::Expr, mode: Mode) -> EResult<Init> {
        let at = expr.at;
        Ok(match &expr.kind {
            ExprKind::Int(value) => Init::Int(*value),
            ExprKind::Binary(value, width) => binary_bits(*value, *width),
            ExprKind::Str(text) => Init::str(text),
            ExprKind::Code(text) => Init::Code(Rc::from(text.as_str())),
            ExprKind::Bool(value) => Init::bool(*value),
            ExprKind::Unset => Init::Unset,
            ExprKind::Ident(name) => self.ident(name, at, mode)?,
            ExprKind::Bits(items) => self.bits_literal(items)?,
            ExprKind::List(items, ty) => self.list_literal(items, ty.as_ref(), at)?,
            ExprKind::Dag { operator, args } => self.dag_literal(operator, args)?,
            ExprKind::ClassValue { class, args } => self.class_value(class, args, at)?,
            ExprKind::Bang { op, ty, args } => self.bang(op, ty.as_ref(), args, at)?,
            ExprKind::Cond(clauses) => {
                let mut args = Vec::with_capacity(clauses.len() * 2);
                for (cond, value) in clauses {
                    args.push(self.expr(cond)?);
                    args.push(self.expr(value)?);
                }
                self.make_op("cond", None, Vec::new(), args)
            }
            ExprKind::BitSlice(value, ranges) => {
                let value = self.expr_in(value, mode)?;
                let Some(mut indices) = expand_ranges(ranges) else {
                    return self.error(at, "Invalid bit range");
                };
                indices.reverse();
                slice_bits(&value, &indices)
            }
            ExprKind::ListSlice {
                list,
                elements,
                single,
            } => self.list_slice(list, elements, *single, mode, at)?,
            ExprKind::Field(record, field) => {
                let record = self.expr_in(record, mode)?;
                self.field_access(record, field, at)?
            }
            ExprKind::Paste(lhs, rhs) => {
                // As llvm-tblgen decides it: by the type of the left side, a list
                // concatenation, or a string paste whose right side is read as a name.
                let lhs = self.expr_in(lhs, mode)?;
                if let Some(Ty::List(_)) = self.static_ty(&lhs) {
                    let Some(rhs) = rhs else { return Ok(lhs) };
                    let rhs = self.expr_in(rhs, Mode::Value)?;
                    return Ok(self.make_op("listconcat", None, Vec::new(), vec![lhs, rhs]));
                }
                let rhs = match rhs {
                    Some(rhs) => self.expr_in(rhs, Mode::Name)?,
                    None => Init::str(""),
                };
                self.make_op("paste", None, Vec::new(), vec![lhs, rhs])
            }
        })
    }

    /// An operator, folded now if its operands allow.
    pub(crate) fn make_op(
        &mut self,
        op: &str,
        ty: Option<Ty>,
        vars: Vec<Rc<str>>,
        args: Vec<Init>,
    ) -> Init {
        let op = OpInit {
            op: Rc::from(op),
            ty,
            vars,
            args,
        };
        self.fold(op, false)
    }

    fn ident(&mut self, name: &str, at: u32, mode: Mode) -> EResult<Init> {
        if let Some(value) = self.local(name) {
            return Ok(value);
        }
        if mode == Mode::Name {
            return Ok(Init::str(name));
        }
        if let Some(value) = self.globals.get(name) {
            return Ok(value.clone());
        }
        if let Some(&id) = self.record_ids.get(name) {
            return Ok(Init::Def(id));
        }
        if name == "NAME"
            && let Some(building) = self.building.last()
        {
            return Ok(building.rec.name.clone());
        }
        self.error(at, format!("Variable not defined: '{name}'"))
    }

    /// A name in the scopes: variables, and the fields and template arguments of the
    /// record being built, innermost first.
    fn local(&self, name: &str) -> Option<Init> {
        for scope in self.scopes.iter().rev() {
            match scope {
                Scope::Vars(vars) => {
                    if let Some(value) = vars.get(name) {
                        return Some(value.clone());
                    }
                }
                Scope::Record => {
                    let building = self.building.last()?;
                    if building.rec.field(name).is_some() {
                        return Some(Init::Var(Rc::from(name)));
                    }
                    if let Some(params) = &building.params
                        && let Some((_, qualified)) =
                            params.iter().find(|(param, _)| &**param == name)
                    {
                        return Some(Init::Var(qualified.clone()));
                    }
                    if let Some(class) = &building.class_name
                        && name == "NAME"
                    {
                        return Some(Init::Var(Rc::from(format!("{class}:NAME"))));
                    }
                    if let (Some(id), Some(own)) = (building.id, building.rec.name_str())
                        && own == name
                    {
                        return Some(Init::Def(id));
                    }
                }
            }
        }
        None
    }

    /// `{a, b, c}`: the bits of each element, the first written the most significant.
    fn bits_literal(&mut self, items: &[ast::Expr]) -> EResult<Init> {
        let mut bits = Vec::new();
        for item in items.iter().rev() {
            let at = item.at;
            match self.expr(item)? {
                Init::Bits(inner) => bits.extend(inner.iter().cloned()),
                Init::Int(value @ (0 | 1)) => bits.push(Init::Bit(value == 1)),
                Init::Int(value) => {
                    return self.error(
                        at,
                        format!(
                            "Element #{} ({value}) is not convertable to a bit",
                            bits.len()
                        ),
                    );
                }
                other => bits.push(other),
            }
        }
        Ok(Init::Bits(bits.into()))
    }

    fn list_literal(&mut self, items: &[ast::Expr], ty: Option<&Type>, at: u32) -> EResult<Init> {
        let element_ty = match ty {
            Some(ty) => Some(self.ty(ty, at)?),
            None => None,
        };
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            let value = self.expr(item)?;
            let value = match &element_ty {
                Some(ty) => match convert(value.clone(), ty, &|id, class| self.is_a(id, class)) {
                    Some(converted) => converted,
                    None => {
                        let printed = self.printed(&value);
                        return self.error(
                            item.at,
                            format!("Value '{printed}' is not of list element type '{ty}'"),
                        );
                    }
                },
                None => value,
            };
            values.push(value);
        }
        Ok(Init::List(values.into()))
    }

    fn dag_literal(&mut self, operator: &ast::DagArg, args: &[ast::DagArg]) -> EResult<Init> {
        let (operator, operator_name) = self.dag_arg(operator)?;
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            values.push(self.dag_arg(arg)?);
        }
        Ok(Init::Dag(Rc::new(DagInit {
            operator,
            operator_name,
            args: values,
        })))
    }

    fn dag_arg(&mut self, arg: &ast::DagArg) -> EResult<(Init, Option<Rc<str>>)> {
        let value = match &arg.value {
            Some(value) => self.expr(value)?,
            None => Init::Unset,
        };
        Ok((value, arg.name.as_deref().map(Rc::from)))
    }

    /// `Class<args>`: an anonymous record of the class.
    fn class_value(&mut self, class: &str, args: &[Arg], at: u32) -> EResult<Init> {
        let Some(id) = self.class_id(class) else {
            return self.error(at, format!("Couldn't find class '{class}'"));
        };
        let values = self.template_args(id, args, at)?;
        let name = self.classes[id].name.clone();
        Ok(self.anonymous_record(id, &name, values))
    }

    /// The values of class `id`'s template arguments: those given (by position, then by
    /// name), then the defaults, each converted to its argument's type.
    pub(crate) fn template_args(&mut self, id: usize, args: &[Arg], at: u32) -> EResult<Vec<Init>> {
        let params = self.classes[id].params.clone();
        let class_name = self.classes[id].name.clone();
        let names: Vec<&str> = params.iter().map(|param| &*param.name).collect();
        let given = self.given_args(&names, args, "class", &class_name)?;
        let mut bound: FastMap<Rc<str>, Init> = FastMap::default();
        let mut values = Vec::with_capacity(params.len());
        for (param, value) in params.iter().zip(given) {
            let value = match (value, &param.default) {
                (Some(value), _) => value,
                (None, Some(default)) => self.resolve(default, &Subst::Map(&bound)),
                (None, None) => {
                    return self.error(
                        at,
                        format!(
                            "Value not specified for template argument '{}:{}'",
                            class_name, param.name
                        ),
                    );
                }
            };
            let value = match convert(value.clone(), &param.ty, &|record, class| {
                self.is_a(record, class)
            }) {
                Some(converted) => converted,
                None => {
                    let printed = self.printed(&value);
                    return self.error(
                        at,
                        format!("Value specified for template argument '{}:{}' is of incompatible type: {printed}", class_name, param.name),
                    );
                }
            };
            bound.insert(param.qualified.clone(), value.clone());
            values.push(value);
        }
        Ok(values)
    }

    /// The values `args` gives the template arguments `names` (by position, then by
    /// name), `None` where it gives none; errors name their `kind` ("class",
    /// "multiclass") and `owner`.
    pub(crate) fn given_args(
        &mut self,
        names: &[&str],
        args: &[Arg],
        kind: &str,
        owner: &str,
    ) -> EResult<Vec<Option<Init>>> {
        let mut given: Vec<Option<Init>> = vec![None; names.len()];
        let mut position = 0;
        for arg in args {
            match arg {
                Arg::Positional(value) => {
                    if position >= names.len() {
                        let name = owner.split_once(' ').map_or(owner, |(_, name)| name);
                        return self
                            .error(value.at, format!("Too many template arguments: {name}"));
                    }
                    given[position] = Some(self.expr(value)?);
                    position += 1;
                }
                Arg::Named(key, value) => {
                    let (ExprKind::Ident(key) | ExprKind::Str(key)) = &key.kind else {
                        return self.error(
                            key.at,
                            "The name of a template argument must be an identifier",
                        );
                    };
                    let Some(index) = names.iter().position(|name| name == key) else {
                        return self.error(
                            value.at,
                            format!("Argument {key} doesn't exist in {kind} {owner}"),
                        );
                    };
                    given[index] = Some(self.expr(value)?);
                }
            }
        }
        Ok(given)
    }

    fn bang(&mut self, op: &str, ty: Option<&Type>, args: &[ast::Expr], at: u32) -> EResult<Init> {
        let ty = match ty {
            Some(ty) => Some(self.ty(ty, at)?),
            None => None,
        };
        match op {
            "foreach" | "filter" => {
                let [var, sequence, body] = args else {
                    return self.error(at, format!("!{op} takes three operands"));
                };
                let var = self.bound_var(var)?;
                let sequence = self.expr(sequence)?;
                let element = match self.static_ty(&sequence) {
                    Some(Ty::List(element)) => Some(*element),
                    _ => None,
                };
                let body = self.with_bound(&[(var.clone(), element)], body)?;
                Ok(self.make_op(op, ty, vec![var], vec![sequence, body]))
            }
            "foldl" => {
                let [init, sequence, acc, item, body] = args else {
                    return self.error(at, "!foldl takes five operands");
                };
                let (acc, item) = (self.bound_var(acc)?, self.bound_var(item)?);
                let init = self.expr(init)?;
                let sequence = self.expr(sequence)?;
                let element = match self.static_ty(&sequence) {
                    Some(Ty::List(element)) => Some(*element),
                    _ => None,
                };
                let acc_ty = self.static_ty(&init);
                let body =
                    self.with_bound(&[(acc.clone(), acc_ty), (item.clone(), element)], body)?;
                Ok(self.make_op(op, ty, vec![acc, item], vec![init, sequence, body]))
            }
            _ if KNOWN.contains(&op) => {
                let mut values = Vec::with_capacity(args.len());
                for arg in args {
                    values.push(self.expr(arg)?);
                }
                Ok(self.make_op(op, ty, Vec::new(), values))
            }
            _ => self.error(at, format!("Unknown operator '!{op}'")),
        }
    }

    fn bound_var(&mut self, var: &ast::Expr) -> EResult<Rc<str>> {
        match &var.kind {
            ExprKind::Ident(name) => Ok(Rc::from(name.as_str())),
            _ => self.error(
                var.at,
                "could not find the name of the variable an operator binds",
            ),
        }
    }

    /// `body` evaluated with `vars` bound to themselves (resolved when folded).
    fn with_bound(&mut self, vars: &[(Rc<str>, Option<Ty>)], body: &ast::Expr) -> EResult<Init> {
        let bound = vars
            .iter()
            .map(|(var, _)| (var.clone(), Init::Var(var.clone())))
            .collect();
        self.scopes.push(Scope::Vars(bound));
        self.bound_types.extend(vars.iter().cloned());
        let value = self.expr(body);
        self.bound_types
            .truncate(self.bound_types.len() - vars.len());
        self.scopes.pop();
        value
    }

    fn list_slice(
        &mut self,
        list: &ast::Expr,
        elements: &[SliceElement],
        single: bool,
        mode: Mode,
        at: u32,
    ) -> EResult<Init> {
        let list = self.expr_in(list, mode)?;
        let mut indices = Vec::new();
        for element in elements {
            match element {
                SliceElement::One(index) => indices.push(self.expr(index)?),
                SliceElement::Range(start, end) => {
                    let (start, end) = (self.expr(start)?, self.expr(end)?);
                    let (Some(start), Some(end)) = (start.as_int(), end.as_int()) else {
                        return self.error(at, "a list slice range must be of integers");
                    };
                    let Some(range) = expand_ranges(&[Range { start, end }]) else {
                        return self.error(at, "Invalid list slice range");
                    };
                    indices.extend(range.into_iter().map(|i| Init::Int(i as i64)));
                }
            }
        }
        if single {
            let index = indices.pop().unwrap_or(Init::Int(0));
            return Ok(self.make_op("listelem", None, Vec::new(), vec![list, index]));
        }
        Ok(self.make_op(
            "listslice",
            None,
            Vec::new(),
            vec![list, Init::List(indices.into())],
        ))
    }

    fn field_access(&mut self, record: Init, field: &str, at: u32) -> EResult<Init> {
        if let Init::Def(id) = record
            && let Some(rec) = &self.records[id]
            && rec.field(field).is_none()
        {
            let name = self.record_name(id);
            return self.error(
                at,
                format!("Cannot access field '{field}' of value '{name}'"),
            );
        }
        Ok(self.field_of(record, &Rc::from(field)))
    }

    /// A type of the syntax tree, with class names checked.
    pub(crate) fn ty(&mut self, ty: &Type, at: u32) -> EResult<Ty> {
        Ok(match ty {
            Type::Bit => Ty::Bit,
            Type::Int => Ty::Int,
            Type::String => Ty::String,
            Type::Code => Ty::Code,
            Type::Dag => Ty::Dag,
            Type::Bits(width) => Ty::Bits(*width),
            Type::List(element) => Ty::List(Box::new(self.ty(element, at)?)),
            Type::Named(name) => {
                if let Some(ty) = self.deftypes.get(name.as_str()) {
                    return Ok(ty.clone());
                }
                if self.class_id(name).is_none() {
                    return self.error(at, format!("Couldn't find class '{name}'"));
                }
                Ty::Class(Rc::from(name.as_str()))
            }
        })
    }
}

/// The bang operators folded by `fold` (besides those that bind variables).
const KNOWN: &[&str] = &[
    "add",
    "mul",
    "and",
    "or",
    "xor",
    "sub",
    "shl",
    "sra",
    "srl",
    "div",
    "not",
    "logtwo",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "strconcat",
    "listconcat",
    "listsplat",
    "listremove",
    "interleave",
    "if",
    "cast",
    "isa",
    "exists",
    "initialized",
    "empty",
    "size",
    "head",
    "tail",
    "con",
    "dag",
    "getdagop",
    "getop",
    "getdagarg",
    "getdagname",
    "setdagop",
    "setop",
    "setdagarg",
    "setdagname",
    "subst",
    "substr",
    "find",
    "tolower",
    "toupper",
    "range",
    "repr",
];

/// `0b0101` as the bits it writes.
fn binary_bits(value: i64, width: u32) -> Init {
    let bits: Vec<Init> = (0..width)
        .map(|index| Init::Bit(index < 64 && (value >> index) & 1 == 1))
        .collect();
    Init::Bits(bits.into())
}

/// The most values a range list or a loop may have: more is an error, not a hang.
pub(crate) const MAX_VALUES: usize = 1 << 20;

/// The indices a range list names, in the order written; `None` if they are more than
/// `MAX_VALUES` or negative.
pub(crate) fn expand_ranges(ranges: &[Range]) -> Option<Vec<u32>> {
    let mut indices = Vec::new();
    for range in ranges {
        let (start, end) = (range.start, range.end);
        if start < 0 || end < 0 || start.abs_diff(end) as usize >= MAX_VALUES - indices.len() {
            return None;
        }
        let (start, end) = (start as u32, end as u32);
        if start <= end {
            indices.extend(start..=end);
        } else {
            indices.extend((end..=start).rev());
        }
    }
    Some(indices)
}

/// Bits `indices` of a value (result bit `i` is bit `indices[i]`).
pub(crate) fn slice_bits(value: &Init, indices: &[u32]) -> Init {
    let bits: Vec<Init> = indices
        .iter()
        .map(|&index| super::resolve::bit_of(value.clone(), index))
        .collect();
    Init::Bits(bits.into())
}
