//! Hand-written directives of the `memref` specs (registry stage): `DynamicIndexList`,
//! which the ODS formats of `memref.subview`, `memref.reinterpret_cast` and
//! `memref.expand_shape` use, and the pieces of the ops that MLIR parses in C++
//! (`memref.global`'s type and initial value, `memref.alloca_scope`'s result types,
//! `memref.prefetch`'s flags, `memref.transpose`'s permutation, the whole of
//! `memref.dma_start`). Registered in `hooks`.

use mlir_syntax::SyntaxKind::{HEX_NUMBER, INT_NUMBER};
use mlir_syntax::TextRange;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use mlir_types::Type;

use super::atoms::{Atom, Cursor, word};
use super::format::Element;
use super::hooks::{arg_name, bind_operands_of};
use super::matched::{AttrValue, WrittenType};
use super::matcher::Matcher;

/// An integer literal, possibly negative (`4`, `-1`, `0x10`), with no type after it.
fn integer(c: &mut Cursor<'_>) -> Option<()> {
    let is_integer = |lit: &ast::LiteralAttr| {
        let number = lit.value_token().map(|t| t.kind());
        lit.ty().is_none() && matches!(number, Some(INT_NUMBER | HEX_NUMBER))
    };
    c.eat_with(|atom| match atom {
        Atom::Item(CustomOpItem::Attribute(ast::Attribute::Literal(lit))) if is_integer(lit) => {
            Some(())
        }
        _ => None,
    })
}

/// `[%a, 4, %b]`: a list mixing SSA values of type `index` and static integers. The values
/// are the operands of argument 0; the whole list is the value of the dense array
/// attribute of argument 1, which MLIR builds with a placeholder for each SSA value.
pub(super) fn dynamic_index_list(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let group = m.cursor.eat_open(GroupDelimiter::Bracket)?;
    let entries = m.cursor.list(|c| match c.value_use() {
        Some(value) => Some(Some(value)),
        None => integer(c).map(|()| None),
    });
    if !m.cursor.eat_close(GroupDelimiter::Bracket) {
        return None;
    }
    let range = m.range_since(start);
    let values: Vec<ast::ValueUse> = entries.into_iter().flatten().collect();
    bind_operands_of(m, args, 0, values)?;
    m.bind_attr(arg_name(args, 1)?, AttrValue::Node(group), range);
    Some(())
}

/// `memref.global`'s `memref<4xf32> [= dense<...> | = uninitialized]`: the global's
/// memref type and, for a definition, its initial value. Args: the type attribute, the
/// initial value.
pub(super) fn global_type_and_initial_value(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let ty = m.cursor.eat_with(|atom| match atom {
        Atom::Item(CustomOpItem::Type(t)) => Some(t.clone()),
        _ => None,
    })?;
    let range = m.range_since(start);
    m.bind_attr(
        arg_name(args, 0)?,
        AttrValue::Node(ty.syntax().clone()),
        range,
    );
    if m.cursor.eat_token("=").is_none() {
        return Some(());
    }
    let start = m.range_start();
    let value = if m.cursor.eat_word("uninitialized") {
        AttrValue::Keyword("uninitialized".into())
    } else {
        let node = m.attribute_node()?;
        AttrValue::Node(node.syntax().clone())
    };
    let range = m.range_since(start);
    m.bind_attr(arg_name(args, 1)?, value, range);
    Some(())
}

/// `memref.prefetch`'s `read|write, locality<0..3>, data|instr`. Args: the write flag, the
/// locality hint, the data-cache flag.
pub(super) fn prefetch_flags(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let keyword = |m: &mut Matcher<'_>, name: &str, choices: [&str; 2]| -> Option<()> {
        let start = m.range_start();
        let chosen = m
            .cursor
            .eat_with(|atom| word(atom).filter(|w| choices.contains(&w.as_str())))?;
        let range = m.range_since(start);
        m.bind_attr(name, AttrValue::Keyword(chosen), range);
        Some(())
    };
    keyword(m, arg_name(args, 0)?, ["read", "write"])?;
    m.cursor.eat_token(",")?;
    let start = m.range_start();
    if !m.cursor.eat_word("locality") {
        return None;
    }
    m.cursor.eat_open(GroupDelimiter::Angle)?;
    let hint = m.attribute_node()?;
    if !m.cursor.eat_close(GroupDelimiter::Angle) {
        return None;
    }
    let range = m.range_since(start);
    m.bind_attr(
        arg_name(args, 1)?,
        AttrValue::Node(hint.syntax().clone()),
        range,
    );
    m.cursor.eat_token(",")?;
    keyword(m, arg_name(args, 2)?, ["data", "instr"])
}

/// `memref.transpose`'s permutation, an affine map written without `affine_map<...>`:
/// `(d0, d1) -> (d1, d0)`. Args: the permutation attribute.
pub(super) fn transpose_permutation(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let dims = m.cursor.balanced_group(GroupDelimiter::Paren)?;
    m.cursor.eat_token("->")?;
    let results = m.cursor.balanced_group(GroupDelimiter::Paren)?;
    let range = m.range_since(start);
    m.bind_attr(
        arg_name(args, 0)?,
        AttrValue::Elements(vec![dims, results]),
        range,
    );
    Some(())
}

/// `%m[%i, ...]`: a memref operand and its bracketed indices.
fn memref_and_indices(c: &mut Cursor<'_>) -> Option<(ast::ValueUse, Vec<ast::ValueUse>)> {
    let memref = c.value_use()?;
    c.eat_open(GroupDelimiter::Bracket)?;
    let indices = c.value_use_list();
    c.eat_close(GroupDelimiter::Bracket)
        .then_some((memref, indices))
}

/// `memref.dma_start`'s whole syntax, which MLIR parses in C++: `%src[...], %dst[...],
/// %n, %tag[...] [, %stride, %per_stride] : src-type, dst-type, tag-type`. Every operand
/// but the three memrefs is an `index`. Args: the single variadic operand list.
pub(super) fn dma_start(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let (src, src_indices) = memref_and_indices(&mut m.cursor)?;
    m.cursor.eat_token(",")?;
    let (dst, dst_indices) = memref_and_indices(&mut m.cursor)?;
    m.cursor.eat_token(",")?;
    let num_elements = m.cursor.value_use()?;
    m.cursor.eat_token(",")?;
    let (tag, tag_indices) = memref_and_indices(&mut m.cursor)?;
    let mut stride = Vec::new();
    while m.cursor.eat_token(",").is_some() {
        stride.push(m.cursor.value_use()?);
    }
    // MLIR's parser rejects one stride operand alone, and any number of types but three.
    if !matches!(stride.len(), 0 | 2) {
        return None;
    }
    m.cursor.eat_token(":")?;
    let types = m.cursor.type_list();
    let [src_type, dst_type, tag_type] = <[WrittenType; 3]>::try_from(types).ok()?;
    let index = |value: &ast::ValueUse| WrittenType::Implied {
        ty: Type::Index,
        at: TextRange::empty(value.syntax().text_range().end()),
    };
    let mut values = Vec::new();
    let mut written = Vec::new();
    let mut push = |value: ast::ValueUse, ty: WrittenType| {
        values.push(value);
        written.push(ty);
    };
    push(src, src_type);
    src_indices
        .into_iter()
        .for_each(|v| push(v.clone(), index(&v)));
    push(dst, dst_type);
    dst_indices
        .into_iter()
        .for_each(|v| push(v.clone(), index(&v)));
    push(num_elements.clone(), index(&num_elements));
    push(tag, tag_type);
    tag_indices
        .into_iter()
        .chain(stride)
        .for_each(|v| push(v.clone(), index(&v)));
    bind_operands_of(m, args, 0, values)?;
    m.bind_types(args.first()?, written)
}
