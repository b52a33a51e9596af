//! Builtin type rules that upstream checks while parsing (checklist §4a): element types of
//! tensors, memrefs, vectors and complex numbers, positive vector sizes, and the layout and
//! memory-space list of a memref. Each rule gives upstream's first error for the node.

use rowan::{GreenNodeData, GreenTokenData, NodeOrToken, TextRange};

use crate::green_walk::kind_of_raw;

use super::context::{
    Context, ends_with, first_token, range_after, significant_children, token_of,
};
use super::ty::{ShapedKind, Ty, is_type_node, keyword_type_of, resolve_attr, type_of};
use crate::SyntaxKind::*;
use crate::{SyntaxError, SyntaxNode, SyntaxToken};

/// The pieces of a complete `vector<...>`, `tensor<...>` or `memref<...>` node.
pub(super) struct ShapedParts {
    pub(super) kind: ShapedKind,
    keyword: SyntaxToken,
    /// `None` for `*x` (unranked); `-1` is `?`.
    pub(super) dims: Option<Vec<i64>>,
    pub(super) scalable: Vec<bool>,
    pub(super) elem: SyntaxNode,
    /// Encoding, layout and memory-space attributes after the element type.
    pub(super) attrs: Vec<SyntaxNode>,
}

impl ShapedParts {
    pub(super) fn of(node: &SyntaxNode) -> Option<ShapedParts> {
        let kind = match node.kind() {
            VECTOR_TYPE => ShapedKind::Vector,
            TENSOR_TYPE => ShapedKind::Tensor,
            MEMREF_TYPE => ShapedKind::Memref,
            _ => return None,
        };
        if !ends_with(node, R_ANGLE) {
            return None;
        }
        let children = significant_children(node);
        let keyword = token_of(children.first()?, BARE_ID)?;
        let dim_list = children.get(2)?.as_node()?.clone();
        let (dims, scalable) = dimensions(&dim_list)?;
        let mut nodes = children.iter().skip(3).filter_map(|c| c.as_node().cloned());
        let elem = nodes.next().filter(|n| is_type_node(n.kind()))?;
        Some(ShapedParts {
            kind,
            keyword,
            dims,
            scalable,
            elem,
            attrs: nodes.collect(),
        })
    }

    fn keyword_range(&self) -> TextRange {
        self.keyword.text_range()
    }
}

/// The dimensions of a DIMENSION_LIST: `None` if unranked, and which are scalable. Read
/// in the green tree: a cursor per dimension would cost more than the rest of the check.
#[allow(clippy::type_complexity)]
fn dimensions(list: &SyntaxNode) -> Option<(Option<Vec<i64>>, Vec<bool>)> {
    if list.kind() != DIMENSION_LIST {
        return None;
    }
    let mut dims = Vec::new();
    let mut scalable = Vec::new();
    for child in list.green().children() {
        match kind_of_raw(child.kind()) {
            kind if kind.is_trivia() => {}
            STAR => return Some((None, Vec::new())),
            DIM_X => {}
            _ => {
                let (size, is_scalable) = dimension(child)?;
                dims.push(size);
                scalable.push(is_scalable);
            }
        }
    }
    Some((Some(dims), scalable))
}

/// One dimension: `4`, `?` (as -1) or a scalable `[4]`.
fn dimension(element: NodeOrToken<&GreenNodeData, &GreenTokenData>) -> Option<(i64, bool)> {
    match element {
        NodeOrToken::Token(t) => match kind_of_raw(t.kind()) {
            QUESTION => Some((-1, false)),
            INT_NUMBER => Some((t.text().parse().ok()?, false)),
            _ => None,
        },
        NodeOrToken::Node(n) if kind_of_raw(n.kind()) == SCALABLE_DIMS => {
            let size = n
                .children()
                .filter_map(|c| c.into_token())
                .find(|t| kind_of_raw(t.kind()) == INT_NUMBER)?;
            Some((size.text().parse().ok()?, true))
        }
        NodeOrToken::Node(_) => None,
    }
}

/// The element type node of a complete `complex<T>`.
pub(super) struct ComplexParts {
    pub(super) elem: SyntaxNode,
}

impl ComplexParts {
    pub(super) fn of(node: &SyntaxNode) -> Option<ComplexParts> {
        if node.kind() != COMPLEX_TYPE || !ends_with(node, R_ANGLE) {
            return None;
        }
        let elem = node.children().find(|c| is_type_node(c.kind()))?;
        Some(ComplexParts { elem })
    }
}

/// `complex<T>` needs an integer or float `T`; a dialect type we cannot judge.
pub(super) fn complex_error(parts: &ComplexParts, elem: &Ty) -> Option<SyntaxError> {
    if elem.is_int_or_float() || matches!(elem, Ty::Dialect(_)) {
        return None;
    }
    let at = first_token(&parts.elem)?.text_range();
    Some(SyntaxError::new("invalid element type for complex", at))
}

/// Upstream's first error for a shaped type whose element type is `elem`.
pub(super) fn shaped_error(cx: &Context, parts: &ShapedParts, elem: &Ty) -> Option<SyntaxError> {
    match parts.kind {
        ShapedKind::Vector => vector_error(parts, elem),
        ShapedKind::Tensor => tensor_error(parts, elem),
        ShapedKind::Memref => memref_error(cx, parts, elem),
    }
}

fn vector_error(parts: &ShapedParts, elem: &Ty) -> Option<SyntaxError> {
    let at = parts.keyword_range();
    if !elem.is_int_index_or_float() && !matches!(elem, Ty::Dialect(_)) {
        let message = "failed to verify 'elementType': VectorElementTypeInterface instance";
        return Some(SyntaxError::new(message, at));
    }
    let dims = parts.dims.as_ref()?;
    if dims.iter().all(|&d| d > 0) {
        return None;
    }
    let list = dims
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let message = format!("vector types must have positive constant sizes but got {list}");
    Some(SyntaxError::new(message, at))
}

/// Builtin types that cannot be tensor or memref elements.
fn is_container_or_none(elem: &Ty) -> bool {
    match elem {
        Ty::NoneType | Ty::Tuple(_) | Ty::Function(..) => true,
        Ty::Shaped(s) => s.kind == ShapedKind::Tensor,
        _ => false,
    }
}

fn tensor_error(parts: &ShapedParts, elem: &Ty) -> Option<SyntaxError> {
    let memref_elem = matches!(elem, Ty::Shaped(s) if s.kind == ShapedKind::Memref);
    if is_container_or_none(elem) || memref_elem {
        let at = first_token(&parts.elem)?.text_range();
        return Some(SyntaxError::new("invalid tensor element type", at));
    }
    if parts.dims.is_none() && !parts.attrs.is_empty() {
        let at = range_after(&parts.elem.parent()?);
        return Some(SyntaxError::new(
            "cannot apply encoding to unranked tensor",
            at,
        ));
    }
    None
}

/// What an attribute after a memref's element type is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MemrefAttr {
    /// An affine map with this many dimensions, or strided with this many strides.
    Map(usize),
    Strided(usize),
    /// A memory space, and whether upstream supports it (integer, string, dictionary).
    Space(bool),
}

fn memref_error(cx: &Context, parts: &ShapedParts, elem: &Ty) -> Option<SyntaxError> {
    if is_container_or_none(elem) {
        let at = first_token(&parts.elem)?.text_range();
        return Some(SyntaxError::new("invalid memref element type", at));
    }
    let mut layout = None;
    let mut space = None;
    for attr in &parts.attrs {
        // A dialect attribute may be a layout or a memory space: past it we cannot follow.
        let kind = classify(cx, attr)?;
        if let Some(message) = memref_attr_error(parts, kind, space.is_some()) {
            return Some(SyntaxError::new(message, range_after(attr)));
        }
        match kind {
            MemrefAttr::Space(supported) => space = Some(supported),
            _ => layout = Some(kind),
        }
    }
    memref_verify_error(parts, layout, space)
}

/// The error upstream reports right after parsing one layout or memory-space attribute.
fn memref_attr_error(
    parts: &ShapedParts,
    kind: MemrefAttr,
    space_seen: bool,
) -> Option<&'static str> {
    match kind {
        MemrefAttr::Space(_) if space_seen => {
            Some("multiple memory spaces specified in memref type")
        }
        MemrefAttr::Space(_) => None,
        _ if parts.dims.is_none() => Some("cannot have affine map for unranked memref type"),
        _ if space_seen => Some("expected memory space to be last in memref type"),
        _ => None,
    }
}

/// The memref type verifier's errors, reported at the `memref` keyword.
fn memref_verify_error(
    parts: &ShapedParts,
    layout: Option<MemrefAttr>,
    space: Option<bool>,
) -> Option<SyntaxError> {
    let rank = parts.dims.as_ref().map_or(0, Vec::len);
    let message = match layout {
        Some(MemrefAttr::Map(n)) if n != rank => {
            format!("memref layout mismatch between rank and affine map: {rank} != {n}")
        }
        Some(MemrefAttr::Strided(n)) if n != rank => {
            "expected the number of strides to match the rank".into()
        }
        _ if space == Some(false) => "unsupported memory space Attribute".into(),
        _ => return None,
    };
    Some(SyntaxError::new(message, parts.keyword_range()))
}

/// Classifies a memref attribute; `None` when we cannot know (dialect attributes,
/// unresolved aliases).
fn classify(cx: &Context, attr: &SyntaxNode) -> Option<MemrefAttr> {
    let attr = resolve_attr(cx, attr)?;
    match attr.kind() {
        AFFINE_MAP_ATTR => {
            let dims = attr.children().find(|c| c.kind() == AFFINE_DIM_LIST)?;
            let count = dims
                .children_with_tokens()
                .filter(|t| t.kind() == BARE_ID)
                .count();
            Some(MemrefAttr::Map(count))
        }
        STRIDED_ATTR => Some(MemrefAttr::Strided(stride_count(&attr))),
        LITERAL_ATTR => literal_space(cx, &attr).map(MemrefAttr::Space),
        ATTR_DICT => Some(MemrefAttr::Space(true)),
        ARRAY_ATTR | UNIT_ATTR | TYPE_ATTR | SYMBOL_REF_ATTR | DENSE_ATTR | DENSE_RESOURCE_ATTR
        | SPARSE_ATTR | DENSE_ARRAY_ATTR | AFFINE_SET_ATTR | DISTINCT_ATTR | LOCATION => {
            Some(MemrefAttr::Space(false))
        }
        _ => None,
    }
}

/// The number of strides in `strided<[s, ...], offset: o>`.
fn stride_count(attr: &SyntaxNode) -> usize {
    attr.children_with_tokens()
        .map(|e| e.kind())
        .skip_while(|&k| k != L_BRACK)
        .take_while(|&k| k != R_BRACK)
        .filter(|&k| matches!(k, INT_NUMBER | QUESTION))
        .count()
}

/// Is a literal memory space supported: integers and strings are, floats are not. Only
/// a keyword type is looked up: building the literal's type in full could go round
/// forever (`#m = 1 : memref<4xf32, #m>` names the memref being checked).
fn literal_space(cx: &Context, attr: &SyntaxNode) -> Option<bool> {
    if let Some(ty) = super::ty::trailing_type(attr) {
        return match keyword_type_of(cx, &ty)? {
            Ty::Int(..) | Ty::Index => Some(true),
            Ty::Float(..) => Some(false),
            _ => None,
        };
    }
    let token = attr
        .children_with_tokens()
        .find(|e| e.kind() != MINUS && !e.kind().is_trivia())?;
    match token.kind() {
        INT_NUMBER | HEX_NUMBER | STRING | BARE_ID => Some(true),
        FLOAT_NUMBER => Some(false),
        _ => None,
    }
}

/// Checks one vector, tensor, memref or complex type node.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let error = if node.kind() == COMPLEX_TYPE {
        complex_node_error(cx, node)
    } else {
        shaped_node_error(cx, node)
    };
    if let Some(error) = error {
        cx.push(error);
    }
}

fn complex_node_error(cx: &Context, node: &SyntaxNode) -> Option<SyntaxError> {
    let parts = ComplexParts::of(node)?;
    let elem = type_of(cx, &parts.elem)?;
    complex_error(&parts, &elem)
}

fn shaped_node_error(cx: &Context, node: &SyntaxNode) -> Option<SyntaxError> {
    let parts = ShapedParts::of(node)?;
    let elem = type_of(cx, &parts.elem)?;
    shaped_error(cx, &parts, &elem)
}
