//! Hand-written `custom<Name>(...)` directives (registry stage): the pieces of op syntax
//! that ODS leaves to C++ parsers (a function signature, `cf.switch`'s case list, ...),
//! matched here in Rust. Each hook reads atoms through the matcher and binds what it
//! finds to the declarations its arguments name, by position.

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use super::atoms::{Atom, Cursor};
use super::format::Element;
use super::hooks_memref;
use super::hooks_scf;
use super::matched::{AttrValue, RegionArg, WrittenType};
use super::matcher::Matcher;

type Hook = fn(&mut Matcher<'_>, &[Element]) -> Option<()>;

/// The directives spec formats may use, by name.
const HOOKS: &[(&str, Hook)] = &[
    ("FunctionSignature", function_signature),
    ("SymbolVisibility", symbol_visibility),
    ("ConstantValue", constant_value),
    ("SelectOpTypes", select_op_types),
    ("SwitchOpCases", switch_op_cases),
    ("CallIndirectType", call_indirect_type),
    ("StdConstantValue", super::hooks_std::constant_value),
    ("OptionalArrowTypeList", hooks_scf::optional_arrow_type_list),
    ("ForHeader", hooks_scf::for_header),
    ("ForallHeader", hooks_scf::forall_header),
    ("ParallelHeader", hooks_scf::parallel_header),
    ("WhileHeader", hooks_scf::while_header),
    ("SwitchCases", hooks_scf::switch_cases),
    ("DynamicIndexList", hooks_memref::dynamic_index_list),
    (
        "GlobalMemrefOpTypeAndInitialValue",
        hooks_memref::global_type_and_initial_value,
    ),
    ("PrefetchFlags", hooks_memref::prefetch_flags),
    ("TransposePermutation", hooks_memref::transpose_permutation),
    ("DmaStart", hooks_memref::dma_start),
];

pub(crate) fn is_known(name: &str) -> bool {
    HOOKS.iter().any(|(n, _)| *n == name)
}

pub(crate) fn run(name: &str, matcher: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let (_, hook) = HOOKS.iter().find(|(n, _)| *n == name)?;
    hook(matcher, args)
}

/// The declaration name behind argument `i` (`$x`, `type($x)`, `ref(type($x))`).
pub(super) fn arg_name(args: &[Element], i: usize) -> Option<&str> {
    args.get(i)?.var_name()
}

/// Binds value uses to the operand declaration named by argument `i`.
pub(super) fn bind_operands_of(
    m: &mut Matcher<'_>,
    args: &[Element],
    i: usize,
    values: Vec<ast::ValueUse>,
) -> Option<()> {
    let (operand, _) = m.spec.operand(arg_name(args, i)?)?;
    m.bind_operands(operand, values)
}

/// `private`, `public` or `nested` before a symbol name, if written.
fn symbol_visibility(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let name = arg_name(args, 0)?;
    let start = m.range_start();
    for keyword in ["private", "public", "nested"] {
        if m.cursor.eat_word(keyword) {
            let range = m.range_since(start);
            m.bind_attr(name, AttrValue::Keyword(keyword.into()), range);
            break;
        }
    }
    Some(())
}

/// `(%a: i32 {attrs}, ...) -> (i1 {attrs}, ...)` of a definition, or `(i32, ...) -> i1` of
/// a declaration. Args: the function type, argument attributes, result attributes.
fn function_signature(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    m.cursor.eat_open(GroupDelimiter::Paren)?;
    let inputs = m.cursor.list(signature_entry);
    if !m.cursor.eat_close(GroupDelimiter::Paren) {
        return None;
    }
    let results = match m.cursor.eat_token("->") {
        Some(_) => signature_results(&mut m.cursor)?,
        None => Vec::new(),
    };
    let range = m.range_since(start);
    for entry in &inputs {
        if let Some(value) = &entry.value {
            let ty = Some(entry.ty.clone());
            m.bind_region_arg(RegionArg {
                value: value.clone(),
                ty,
            });
        }
    }
    bind_entry_attrs(m, arg_name(args, 1), &inputs);
    bind_entry_attrs(m, arg_name(args, 2), &results);
    let signature = AttrValue::Signature {
        inputs: inputs.into_iter().map(|e| e.ty).collect(),
        results: results.into_iter().map(|e| e.ty).collect(),
    };
    m.bind_attr(arg_name(args, 0)?, signature, range);
    Some(())
}

/// One argument or result of a signature.
struct SignatureEntry {
    value: Option<ast::ValueUse>,
    ty: WrittenType,
    attrs: Option<ast::AttrDict>,
}

/// `%a: i32 {attrs} loc(...)` or `i32 {attrs}`.
fn signature_entry(c: &mut Cursor<'_>) -> Option<SignatureEntry> {
    let value = c.value_use();
    if value.is_some() {
        c.eat_token(":")?;
    }
    let ty = c.ty()?;
    let attrs = c.eat_with(|atom| match atom {
        Atom::Item(CustomOpItem::Attribute(ast::Attribute::Dict(d))) => Some(d.clone()),
        _ => None,
    });
    c.eat_with(|atom| matches!(atom, Atom::Item(CustomOpItem::Location(_))).then_some(()));
    Some(SignatureEntry { value, ty, attrs })
}

/// `(i1 {attrs}, f32)` or a single `i1`.
fn signature_results(c: &mut Cursor<'_>) -> Option<Vec<SignatureEntry>> {
    if c.eat_open(GroupDelimiter::Paren).is_none() {
        let ty = c.ty()?;
        let entry = SignatureEntry {
            value: None,
            ty,
            attrs: None,
        };
        return Some(vec![entry]);
    }
    let results = c.list(signature_entry);
    c.eat_close(GroupDelimiter::Paren).then_some(results)
}

/// Argument or result attributes, bound only when some entry has them.
fn bind_entry_attrs(m: &mut Matcher<'_>, name: Option<&str>, entries: &[SignatureEntry]) {
    let dicts: Vec<_> = entries
        .iter()
        .filter_map(|e| e.attrs.as_ref().map(|d| d.syntax().clone()))
        .collect();
    let (Some(name), Some(first), Some(last)) = (name, dicts.first(), dicts.last()) else {
        return;
    };
    let range = first.text_range().cover(last.text_range());
    m.bind_attr(name, AttrValue::Elements(dicts), range);
}

/// `arith.constant`'s value: an attribute and, if written, its type, which is the type of
/// the result. Args: the value attribute, the result's type.
fn constant_value(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let value = m.attribute_node()?;
    let ty = m.attribute_type();
    let range = m.range_since(start);
    m.bind_attr(
        arg_name(args, 0)?,
        AttrValue::Node(value.syntax().clone()),
        range,
    );
    // `true` and `false` are `i1` attributes without a written type.
    let is_bool = matches!(value.syntax().text().to_string().as_str(), "true" | "false");
    let ty = ty.or_else(|| {
        is_bool.then(|| WrittenType::Implied {
            ty: mlir_types::Type::int(1),
            at: m.range_since(None),
        })
    });
    if let Some(ty) = ty {
        m.bind_types(args.get(1)?, vec![ty])?;
    }
    Some(())
}

/// `arith.select`'s `: T` or `: C, T`. Args: the condition's type, the result's type.
fn select_op_types(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let first = m.cursor.ty()?;
    if m.cursor.eat_token(",").is_none() {
        return m.bind_types(args.get(1)?, vec![first]);
    }
    let second = m.cursor.ty()?;
    m.bind_types(args.first()?, vec![first])?;
    m.bind_types(args.get(1)?, vec![second])
}

/// `default: ^bb(%a : i32), 42: ^bb2, ...` inside `cf.switch`'s brackets. Args: the flag
/// type (a reference), the default successor, its operands and their types, the case
/// values, the case successors, their operands and their types.
fn switch_op_cases(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    if !m.cursor.eat_word("default") {
        return None;
    }
    m.cursor.eat_token(":")?;
    successor_with_operands(m, args, 1)?;
    let start = m.range_start();
    let mut values = Vec::new();
    while m.cursor.eat_token(",").is_some() {
        values.push(m.attribute_node()?.syntax().clone());
        m.cursor.eat_token(":")?;
        successor_with_operands(m, args, 5)?;
    }
    if !values.is_empty() {
        let range = m.range_since(start);
        m.bind_attr(arg_name(args, 4)?, AttrValue::Elements(values), range);
    }
    Some(())
}

/// `^bb` or `^bb(%a, %b : i32, i32)`, bound to the successor named by `args[at]`, the
/// operands by `args[at + 1]` and their types by `args[at + 2]`.
fn successor_with_operands(m: &mut Matcher<'_>, args: &[Element], at: usize) -> Option<()> {
    let label = m.cursor.eat_with(|atom| match atom {
        Atom::Label(s) => Some(s.clone()),
        _ => None,
    })?;
    let (successor, _) = m.spec.successor(arg_name(args, at)?)?;
    m.bind_successors(successor, vec![label])?;
    if m.cursor.eat_open(GroupDelimiter::Paren).is_none() {
        return Some(());
    }
    let values = m.cursor.value_use_list();
    m.cursor.eat_token(":")?;
    let types = m.cursor.type_list();
    if !m.cursor.eat_close(GroupDelimiter::Paren) {
        return None;
    }
    let (operand, _) = m.spec.operand(arg_name(args, at + 1)?)?;
    m.bind_operands(operand, values)?;
    m.bind_types(args.get(at + 2)?, types)
}

/// `func.call_indirect`'s `: (i32) -> i1`: the callee's function type, whose inputs and
/// results are the types of the call's arguments and results. Args: the callee's type,
/// the arguments' types, the results' types.
fn call_indirect_type(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let (inputs, results, range) = m.cursor.function_type_parts()?;
    let function = WrittenType::Function {
        range,
        inputs: inputs.clone(),
        results: results.clone(),
    };
    m.bind_types(args.first()?, vec![function])?;
    m.bind_types(args.get(1)?, inputs)?;
    m.bind_types(args.get(2)?, results)
}
