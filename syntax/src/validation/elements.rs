//! Elements attributes (B-A04…B-A06, B-A11): `dense<...>` and `dense_resource<...>`, and
//! the literal reading `sparse<...>` shares: the literal's inferred shape and flat element
//! list, read from the tree as upstream's TensorLiteralParser reads the text, then
//! upstream's checks of the type (shaped, static) and of its `getAttr` against the type.

use rowan::{NodeOrToken, TextRange};

use super::context::{Context, next_non_trivia, significant_children, token_of};
use super::literal::{Signed, float_value_error, out_of_range};
use super::ty::{Shaped, Sign, Ty, trailing_type, type_of};
use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxError, SyntaxNode, SyntaxToken};

/// Checks one DENSE_ATTR node.
pub(super) fn check_dense(cx: &mut Context, node: &SyntaxNode) {
    if let Some(error) = dense_error(cx, node) {
        cx.push(error);
    }
}

fn dense_error(cx: &Context, node: &SyntaxNode) -> Option<SyntaxError> {
    let children = significant_children(node);
    let loc = token_of(children.first()?, BARE_ID)?.text_range();
    let body = angle_body(&children)?;
    let lit = match read_literal(body, true) {
        Ok(lit) => lit,
        Err(Unread::Error(error)) => return Some(error),
        Err(Unread::Broken) => return None,
    };
    // Inside a custom op the `: type` may be the op's: then there is nothing to check.
    let ty = type_of(cx, &trailing_type(node)?)?;
    let shaped = match literal_type(&ty, loc) {
        Ok(shaped) => shaped,
        Err(error) => return error,
    };
    elements_error(&lit, shaped, loc)
}

/// Checks one DENSE_RESOURCE_ATTR node: its type must be shaped. Upstream points at the
/// `:` before the type.
pub(super) fn check_resource(cx: &mut Context, node: &SyntaxNode) {
    let Some(ty_node) = trailing_type(node) else {
        return;
    };
    let Some(ty) = type_of(cx, &ty_node) else {
        return;
    };
    if matches!(ty, Ty::Shaped(_) | Ty::Dialect(_)) {
        return;
    }
    let colon = significant_children(node)
        .into_iter()
        .rev()
        .find_map(|c| token_of(&c, COLON));
    if let Some(colon) = colon {
        cx.error_at("`dense_resource` expected a shaped type", &colon);
    }
}

/// The elements between `<` and the `>` that is a direct child: `[]` for `dense<>`.
pub(super) fn angle_body(children: &[SyntaxElement]) -> Option<&[SyntaxElement]> {
    if children.get(1)?.kind() != L_ANGLE {
        return None;
    }
    let close = children.iter().position(|c| c.kind() == R_ANGLE)?;
    Some(&children[2..close])
}

/// Upstream's parseElementsLiteralType: the type must be shaped with a static shape.
/// `Err(None)` when we cannot tell (a dialect type might be shaped).
pub(super) fn literal_type(ty: &Ty, loc: TextRange) -> Result<&Shaped, Option<SyntaxError>> {
    let shaped = match ty {
        Ty::Shaped(shaped) => shaped,
        Ty::Dialect(_) => return Err(None),
        _ => {
            let message = "elements literal must be a shaped type";
            return Err(Some(SyntaxError::new(message, loc)));
        }
    };
    if !shaped.is_static() {
        let message = "elements literal type must have static shape";
        return Err(Some(SyntaxError::new(message, loc)));
    }
    Ok(shaped)
}

/// Deeper lists than this are left unchecked (the parser nests at most 256 levels).
const MAX_DEPTH: u32 = 300;

/// A parsed elements literal.
pub(super) struct ElementsLiteral {
    /// The inferred shape of a `[...]` literal; empty for a single (splat) element.
    pub(super) shape: Vec<u64>,
    /// Every scalar in order; a complex `(re, im)` gives two.
    pub(super) storage: Vec<Signed>,
    /// The `"0x..."` string of raw data, when the literal is one.
    pub(super) hex: Option<SyntaxToken>,
}

/// Why a literal could not be read: upstream's error, or a broken tree (already reported
/// by the parser).
pub(super) enum Unread {
    Error(SyntaxError),
    Broken,
}

/// Reads a literal from the significant elements between its delimiters.
pub(super) fn read_literal(
    elements: &[SyntaxElement],
    allow_hex: bool,
) -> Result<ElementsLiteral, Unread> {
    let mut lit = ElementsLiteral {
        shape: Vec::new(),
        storage: Vec::new(),
        hex: None,
    };
    match elements {
        [] => {}
        [NodeOrToken::Token(t)] if allow_hex && t.kind() == STRING => lit.hex = Some(t.clone()),
        [NodeOrToken::Node(list)] if list.kind() == TENSOR_LITERAL => {
            lit.shape = read_list(list, &mut lit.storage, 0)?;
        }
        _ => read_element(elements, &mut lit.storage, 0)?,
    }
    Ok(lit)
}

/// A `[...]` list: its dimensions, with every item's dimensions required to agree.
fn read_list(list: &SyntaxNode, storage: &mut Vec<Signed>, depth: u32) -> Result<Vec<u64>, Unread> {
    let inner = delimited(list, L_BRACK, R_BRACK, depth)?;
    let mut first: Option<Vec<u64>> = None;
    let mut size = 0u64;
    for item in inner.split(|e| e.kind() == COMMA).filter(|i| !i.is_empty()) {
        let dims = read_item(item, storage, depth)?;
        size += 1;
        match &first {
            None => first = Some(dims),
            Some(prev) if *prev != dims => return Err(rank_error(item)),
            Some(_) => {}
        }
    }
    let mut dims = vec![size];
    dims.extend(first.unwrap_or_default());
    Ok(dims)
}

/// One item of a list: a nested list (its dimensions) or an element (no dimensions).
fn read_item(
    item: &[SyntaxElement],
    storage: &mut Vec<Signed>,
    depth: u32,
) -> Result<Vec<u64>, Unread> {
    match item {
        [NodeOrToken::Node(sub)] if sub.kind() == TENSOR_LITERAL => {
            read_list(sub, storage, depth + 1)
        }
        _ => read_element(item, storage, depth + 1).map(|()| Vec::new()),
    }
}

/// The significant children of `node` between its `open` and `close` tokens.
fn delimited(
    node: &SyntaxNode,
    open: SyntaxKind,
    close: SyntaxKind,
    depth: u32,
) -> Result<Vec<SyntaxElement>, Unread> {
    let mut children = significant_children(node);
    let closed = children.first().map(|c| c.kind()) == Some(open)
        && children.last().map(|c| c.kind()) == Some(close)
        && children.len() >= 2;
    if !closed || depth > MAX_DEPTH {
        return Err(Unread::Broken);
    }
    children.pop();
    children.remove(0);
    Ok(children)
}

/// Upstream reports inconsistent ranks on the token after the offending item.
fn rank_error(item: &[SyntaxElement]) -> Unread {
    let last = match item.last() {
        Some(NodeOrToken::Node(n)) => n.last_token(),
        Some(NodeOrToken::Token(t)) => Some(t.clone()),
        None => None,
    };
    let Some(at) = last.and_then(next_non_trivia) else {
        return Unread::Broken;
    };
    let message = "tensor literal is invalid; ranks are not consistent between elements";
    Unread::Error(SyntaxError::new(message, at.text_range()))
}

/// One scalar (`4`, `-4`, `1.5`, `true`, `"s"`) or complex `(re, im)` element.
fn read_element(
    item: &[SyntaxElement],
    storage: &mut Vec<Signed>,
    depth: u32,
) -> Result<(), Unread> {
    let (negative, rest) = match item {
        [NodeOrToken::Token(minus), rest @ ..] if minus.kind() == MINUS => (true, rest),
        _ => (false, item),
    };
    match rest {
        [NodeOrToken::Token(t)] if is_scalar(t) => {
            storage.push(Signed {
                negative,
                token: t.clone(),
            });
            Ok(())
        }
        [NodeOrToken::Node(n)] if n.kind() == COMPLEX_LITERAL && !negative => {
            read_complex(n, storage, depth)
        }
        _ => Err(Unread::Broken),
    }
}

fn is_scalar(t: &SyntaxToken) -> bool {
    match t.kind() {
        INT_NUMBER | HEX_NUMBER | FLOAT_NUMBER | STRING => true,
        BARE_ID => matches!(t.text(), "true" | "false"),
        _ => false,
    }
}

/// `(re, im)`: both parts go to the storage.
fn read_complex(node: &SyntaxNode, storage: &mut Vec<Signed>, depth: u32) -> Result<(), Unread> {
    let inner = delimited(node, L_PAREN, R_PAREN, depth)?;
    let parts: Vec<&[SyntaxElement]> = inner.split(|e| e.kind() == COMMA).collect();
    let [re, im] = parts.as_slice() else {
        return Err(Unread::Broken);
    };
    read_element(re, storage, depth + 1)?;
    read_element(im, storage, depth + 1)
}

/// Upstream's `getAttr(loc, type)`: the first error of `lit` as elements of `ty`, a
/// ranked type of static shape. Errors about the whole literal point at `loc`.
pub(super) fn elements_error(
    lit: &ElementsLiteral,
    ty: &Shaped,
    loc: TextRange,
) -> Option<SyntaxError> {
    let elem = &*ty.elem;
    if let Some(hex) = &lit.hex
        && (elem.is_int_index_or_float() || matches!(elem, Ty::Complex(_)))
    {
        return hex_error(hex, ty, loc);
    }
    let count = ty.num_elements()?;
    let message = shape_error(lit, ty, count).or_else(|| complex_count_error(lit, ty, count));
    if let Some(message) = message {
        return Some(SyntaxError::new(message, loc));
    }
    let scalar = match elem {
        Ty::Complex(inner) => inner,
        _ => elem,
    };
    scalar_errors(lit, scalar, loc)
}

/// A list literal must have the type's shape, and only an empty type takes no elements.
fn shape_error(lit: &ElementsLiteral, ty: &Shaped, count: u64) -> Option<String> {
    let dims: Vec<u64> = ty.dims.iter().flatten().map(|&d| d as u64).collect();
    if !lit.shape.is_empty() && lit.shape != dims {
        let (parsed, expected) = (join(&lit.shape), join(&dims));
        return Some(format!(
            "inferred shape of elements literal ([{parsed}]) does not match type ([{expected}])"
        ));
    }
    if lit.hex.is_none() && lit.storage.is_empty() && count != 0 {
        let ty = Ty::Shaped(ty.clone()).print();
        return Some(format!(
            "parsed zero elements, but type ('{ty}') expected at least 1"
        ));
    }
    None
}

fn join(dims: &[u64]) -> String {
    dims.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A complex splat needs two parts; a complex list two per element.
fn complex_count_error(lit: &ElementsLiteral, ty: &Shaped, count: u64) -> Option<String> {
    let parsed = lit.storage.len() as u64;
    let Ty::Complex(_) = &*ty.elem else {
        return None;
    };
    if lit.shape.is_empty() && count != 0 && parsed != 2 {
        let complex = ty.elem.print();
        return Some(format!(
            "parsed {parsed} elements, but type ('{complex}') expected 2 elements"
        ));
    }
    let expected = count.checked_mul(2)?;
    if !lit.shape.is_empty() && parsed != expected {
        let whole = Ty::Shaped(ty.clone()).print();
        return Some(format!(
            "parsed {parsed} elements, but type ('{whole}') expected {expected} elements"
        ));
    }
    None
}

/// The per-element checks, by element type: integers, floats, or strings for any other.
fn scalar_errors(lit: &ElementsLiteral, scalar: &Ty, loc: TextRange) -> Option<SyntaxError> {
    if lit.hex.is_some() {
        return None;
    }
    if let Some((width, sign)) = scalar.int_layout() {
        return lit
            .storage
            .iter()
            .find_map(|e| int_element_error(e, width, sign, scalar));
    }
    if let Ty::Float(_, bits) = *scalar {
        return lit.storage.iter().find_map(|e| float_value_error(e, bits));
    }
    let other = lit.storage.iter().find(|e| e.token.kind() != STRING)?;
    let message = format!("expected string token, got {}", other.token.text());
    Some(SyntaxError::new(message, loc))
}

fn int_element_error(e: &Signed, width: u64, sign: Sign, ty: &Ty) -> Option<SyntaxError> {
    let message = if e.negative && sign == Sign::Unsigned {
        "expected unsigned integer elements, but parsed negative value"
    } else if e.token.kind() == FLOAT_NUMBER {
        "expected integer elements, but parsed floating-point"
    } else if e.token.kind() == BARE_ID {
        if ty.is_i1() {
            return None;
        }
        "expected i1 type for 'true' or 'false' values"
    } else if out_of_range(e, width, sign) {
        "integer constant out of range for type"
    } else {
        return None;
    };
    Some(SyntaxError::new(message, e.token.text_range()))
}

/// A `"0x..."` data string: hex digits in pairs, sized for one element or all of them.
fn hex_error(hex: &SyntaxToken, ty: &Shaped, loc: TextRange) -> Option<SyntaxError> {
    let text = hex.text();
    let digits = text
        .get(1..text.len().saturating_sub(1))?
        .strip_prefix("0x");
    let Some(digits) =
        digits.filter(|d| d.len() % 2 == 0 && d.bytes().all(|b| b.is_ascii_hexdigit()))
    else {
        let message = "expected string containing hex digits starting with `0x`";
        return Some(SyntaxError::new(message, hex.text_range()));
    };
    if valid_raw_size(digits, ty)? {
        return None;
    }
    let ty = Ty::Shaped(ty.clone()).print();
    let message = format!("elements hex data size is invalid for provided type: '{ty}'");
    Some(SyntaxError::new(message, loc))
}

/// Upstream's `isValidRawBuffer`: one element (a splat) or every element; booleans are
/// packed eight to a byte, and a single 0x00 or 0xFF byte is a boolean splat.
fn valid_raw_size(digits: &str, ty: &Shaped) -> Option<bool> {
    let bytes = digits.len() as u64 / 2;
    let count = ty.num_elements()?;
    let width = match &*ty.elem {
        Ty::Complex(inner) => inner.bit_width()?.checked_mul(2)?,
        elem => elem.bit_width()?,
    };
    if width == 1 {
        let splat = bytes == 1 && matches!(digits, "00" | "ff" | "FF" | "fF" | "Ff");
        return Some(splat || bytes.checked_mul(8)? == count.checked_add(7)? / 8 * 8);
    }
    let storage = width.checked_add(7)? / 8 * 8;
    let bits = bytes.checked_mul(8)?;
    Some(bits == storage || Some(bits) == storage.checked_mul(count))
}
