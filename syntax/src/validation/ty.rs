//! A small model of builtin types for validation (checklist §4a): built from type nodes
//! with aliases resolved, `None` when a type is incomplete, unresolved or itself invalid
//! (so a broken type never causes a second, consequential error), and printed as MLIR
//! prints types in its messages.

use super::context::{Context, compact_text, ends_with};
use super::types;
use crate::SyntaxKind::{self, *};
use crate::SyntaxNode;

/// How many nodes one type may expand to (aliases included) before we give up on it:
/// `!a = tuple<!b, !b>`, `!b = tuple<!c, !c>`, ... would otherwise grow exponentially.
const BUDGET: u32 = 4_096;

/// How deep type building may recurse: the parser nests at most 256 levels, and alias
/// chains are short in real IR.
const MAX_DEPTH: u32 = 300;

/// Float type keywords of MLIR 22 and their sizes in bits (`semanticsSizeInBits`).
const FLOATS: &[(&str, u32)] = &[
    ("bf16", 16),
    ("f16", 16),
    ("tf32", 19),
    ("f32", 32),
    ("f64", 64),
    ("f80", 80),
    ("f128", 128),
    ("f4E2M1FN", 4),
    ("f6E2M3FN", 6),
    ("f6E3M2FN", 6),
    ("f8E5M2", 8),
    ("f8E4M3", 8),
    ("f8E4M3FN", 8),
    ("f8E5M2FNUZ", 8),
    ("f8E4M3FNUZ", 8),
    ("f8E4M3B11FNUZ", 8),
    ("f8E3M4", 8),
    ("f8E8M0FNU", 8),
];

/// The widest integer type upstream accepts (B-T01).
const MAX_INT_WIDTH: u32 = 16_777_215;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sign {
    Signless,
    Signed,
    Unsigned,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ShapedKind {
    Vector,
    Tensor,
    Memref,
}

/// A vector, tensor or memref type. `dims` is `None` when unranked; `-1` is `?`.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Shaped {
    pub(super) kind: ShapedKind,
    pub(super) dims: Option<Vec<i64>>,
    pub(super) scalable: Vec<bool>,
    pub(super) elem: Box<Ty>,
    /// Encoding (tensor) or layout and memory space (memref), as compact source text.
    pub(super) attrs: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Ty {
    Int(u32, Sign),
    Index,
    Float(&'static str, u32),
    NoneType,
    Complex(Box<Ty>),
    Tuple(Vec<Ty>),
    Function(Vec<Ty>, Vec<Ty>),
    Shaped(Shaped),
    /// A dialect type (registered or not: we cannot tell), printed as written.
    Dialect(String),
}

impl Ty {
    pub(super) fn is_int_or_float(&self) -> bool {
        matches!(self, Ty::Int(..) | Ty::Float(..))
    }

    pub(super) fn is_int_index_or_float(&self) -> bool {
        matches!(self, Ty::Int(..) | Ty::Index | Ty::Float(..))
    }

    pub(super) fn is_i1(&self) -> bool {
        matches!(self, Ty::Int(1, _))
    }

    /// Integer width and signedness; `index` counts as a signed 64-bit integer, as in
    /// upstream's attribute range checks.
    pub(super) fn int_layout(&self) -> Option<(u64, Sign)> {
        match *self {
            Ty::Int(width, sign) => Some((u64::from(width), sign)),
            Ty::Index => Some((64, Sign::Signed)),
            _ => None,
        }
    }

    /// Bits of an integer, index or float type (`getIntOrFloatBitWidth`, index as 64).
    pub(super) fn bit_width(&self) -> Option<u64> {
        match *self {
            Ty::Float(_, bits) => Some(u64::from(bits)),
            _ => self.int_layout().map(|(width, _)| width),
        }
    }

    /// The type as MLIR prints it (`tensor<2x?xf32>`, `(i32) -> (i32, f32)`).
    pub(super) fn print(&self) -> String {
        match self {
            Ty::Int(width, Sign::Signless) => format!("i{width}"),
            Ty::Int(width, Sign::Signed) => format!("si{width}"),
            Ty::Int(width, Sign::Unsigned) => format!("ui{width}"),
            Ty::Index => "index".into(),
            Ty::Float(name, _) => (*name).into(),
            Ty::NoneType => "none".into(),
            Ty::Complex(elem) => format!("complex<{}>", elem.print()),
            Ty::Tuple(elems) => format!("tuple<{}>", print_list(elems)),
            Ty::Function(inputs, results) => print_function(inputs, results),
            Ty::Shaped(shaped) => shaped.print(),
            Ty::Dialect(text) => text.clone(),
        }
    }
}

impl Shaped {
    /// The number of elements of a static shape; `None` if dynamic or too large.
    pub(super) fn num_elements(&self) -> Option<u64> {
        let dims = self.dims.as_ref()?;
        dims.iter().try_fold(1u64, |n, &d| {
            u64::try_from(d).ok().and_then(|d| n.checked_mul(d))
        })
    }

    pub(super) fn is_static(&self) -> bool {
        self.dims
            .as_ref()
            .is_some_and(|d| d.iter().all(|&d| d >= 0))
    }

    fn print(&self) -> String {
        let name = match self.kind {
            ShapedKind::Vector => "vector",
            ShapedKind::Tensor => "tensor",
            ShapedKind::Memref => "memref",
        };
        let mut out = format!("{name}<");
        match &self.dims {
            None => out += "*x",
            Some(dims) => {
                for (i, &d) in dims.iter().enumerate() {
                    out += &print_dim(d, self.scalable.get(i).copied().unwrap_or(false));
                    out.push('x');
                }
            }
        }
        out += &self.elem.print();
        for attr in &self.attrs {
            out += ", ";
            out += attr;
        }
        out.push('>');
        out
    }
}

fn print_dim(d: i64, scalable: bool) -> String {
    let d = if d < 0 { "?".into() } else { d.to_string() };
    if scalable { format!("[{d}]") } else { d }
}

fn print_list(types: &[Ty]) -> String {
    types.iter().map(Ty::print).collect::<Vec<_>>().join(", ")
}

fn print_function(inputs: &[Ty], results: &[Ty]) -> String {
    let results = match results {
        [one] if !matches!(one, Ty::Function(..)) => one.print(),
        _ => format!("({})", print_list(results)),
    };
    format!("({}) -> {results}", print_list(inputs))
}

/// Is `kind` a type node (what `types::type_` produces, or a type used as an attribute)?
pub(super) fn is_type_node(kind: SyntaxKind) -> bool {
    kind.is_type() || kind == TYPE_ATTR
}

/// The type a type node denotes, if it is complete, resolvable and valid.
pub(super) fn type_of(cx: &Context, node: &SyntaxNode) -> Option<Ty> {
    Builder::new(cx).build(node)
}

/// Builds types for one query, within a node budget and a recursion limit.
pub(super) struct Builder<'a> {
    pub(super) cx: &'a Context,
    budget: u32,
    depth: u32,
}

impl Builder<'_> {
    pub(super) fn new(cx: &Context) -> Builder<'_> {
        Builder {
            cx,
            budget: BUDGET,
            depth: 0,
        }
    }

    pub(super) fn build(&mut self, node: &SyntaxNode) -> Option<Ty> {
        self.budget = self.budget.checked_sub(1)?;
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let ty = self.build_node(node);
        self.depth -= 1;
        ty
    }

    fn build_node(&mut self, node: &SyntaxNode) -> Option<Ty> {
        match node.kind() {
            BUILTIN_TYPE => keyword_type(node.first_token()?.text()),
            TYPE_ATTR => self.build(&node.first_child()?),
            TYPE_ALIAS_REF => self.build(&self.cx.type_alias(node)?),
            DIALECT_TYPE => Some(Ty::Dialect(compact_text(node))),
            COMPLEX_TYPE => self.complex(node),
            TUPLE_TYPE => self.tuple(node),
            FUNCTION_TYPE => self.function(node),
            VECTOR_TYPE | TENSOR_TYPE | MEMREF_TYPE => self.shaped(node),
            _ => None,
        }
    }

    fn complex(&mut self, node: &SyntaxNode) -> Option<Ty> {
        let parts = types::ComplexParts::of(node)?;
        let elem = self.build(&parts.elem)?;
        if types::complex_error(&parts, &elem).is_some() {
            return None;
        }
        Some(Ty::Complex(Box::new(elem)))
    }

    fn tuple(&mut self, node: &SyntaxNode) -> Option<Ty> {
        if !ends_with(node, R_ANGLE) {
            return None;
        }
        let elems = self.list(node)?;
        Some(Ty::Tuple(elems))
    }

    /// The types that are direct children of `node`, all of which must build.
    fn list(&mut self, node: &SyntaxNode) -> Option<Vec<Ty>> {
        node.children()
            .filter(|c| is_type_node(c.kind()))
            .map(|c| self.build(&c))
            .collect()
    }

    fn function(&mut self, node: &SyntaxNode) -> Option<Ty> {
        let children: Vec<SyntaxNode> = node.children().collect();
        let [inputs, results] = children.as_slice() else {
            return None;
        };
        let inputs = self.paren_list(inputs)?;
        let results = match results.kind() {
            TYPE_LIST => self.paren_list(results)?,
            _ => vec![self.build(results)?],
        };
        Some(Ty::Function(inputs, results))
    }

    fn paren_list(&mut self, node: &SyntaxNode) -> Option<Vec<Ty>> {
        if node.kind() != TYPE_LIST || !ends_with(node, R_PAREN) {
            return None;
        }
        self.list(node)
    }

    fn shaped(&mut self, node: &SyntaxNode) -> Option<Ty> {
        let parts = types::ShapedParts::of(node)?;
        let elem = self.build(&parts.elem)?;
        if types::shaped_error(self.cx, &parts, &elem).is_some() {
            return None;
        }
        let attrs = parts.attrs.iter().map(compact_text).collect();
        Some(Ty::Shaped(Shaped {
            kind: parts.kind,
            dims: parts.dims,
            scalable: parts.scalable,
            elem: Box::new(elem),
            attrs,
        }))
    }
}

/// The keyword type (`i32`, `f16`, `index`) a type node stands for once aliases are
/// resolved; `None` for every other type, which this does not build.
pub(super) fn keyword_type_of(cx: &Context, node: &SyntaxNode) -> Option<Ty> {
    let mut node = node.clone();
    for _ in 0..MAX_DEPTH {
        node = match node.kind() {
            BUILTIN_TYPE => return keyword_type(node.first_token()?.text()),
            TYPE_ATTR => node.first_child()?,
            TYPE_ALIAS_REF => cx.type_alias(&node)?,
            _ => return None,
        };
    }
    None
}

/// `i32`, `si8`, `ui64`, `index`, `none` or a float keyword.
fn keyword_type(text: &str) -> Option<Ty> {
    if let Some(&(name, bits)) = FLOATS.iter().find(|(name, _)| *name == text) {
        return Some(Ty::Float(name, bits));
    }
    match text {
        "index" => return Some(Ty::Index),
        "none" => return Some(Ty::NoneType),
        _ => {}
    }
    let (sign, digits) = if let Some(d) = text.strip_prefix("si") {
        (Sign::Signed, d)
    } else if let Some(d) = text.strip_prefix("ui") {
        (Sign::Unsigned, d)
    } else {
        (Sign::Signless, text.strip_prefix('i')?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let width = digits.parse::<u32>().ok().filter(|&w| w <= MAX_INT_WIDTH)?;
    Some(Ty::Int(width, sign))
}

/// The attribute a node denotes once `#alias` uses are resolved (at most a few levels).
pub(super) fn resolve_attr(cx: &Context, node: &SyntaxNode) -> Option<SyntaxNode> {
    let mut node = node.clone();
    for _ in 0..16 {
        if node.kind() != ATTR_ALIAS_REF {
            return Some(node);
        }
        node = cx.attr_alias(&node)?;
    }
    None
}

/// The type node of an attribute that ends in `: type` (literals, dense, sparse).
/// Looks only at the last children: most literals have no type, and this runs on all.
pub(super) fn trailing_type(node: &SyntaxNode) -> Option<SyntaxNode> {
    let ty = node.last_child_or_token()?.into_node()?;
    let mut before = ty.prev_sibling_or_token();
    while let Some(element) = before.as_ref().filter(|e| e.kind().is_trivia()) {
        before = element.prev_sibling_or_token();
    }
    (before?.kind() == COLON && is_type_node(ty.kind())).then_some(ty)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_type(text: &str) -> Option<Ty> {
        let root = crate::parse(text).syntax_node();
        let cx = Context::new(&root);
        let node = root.descendants().find(|n| is_type_node(n.kind()))?;
        type_of(&cx, &node)
    }

    #[test]
    fn prints_like_mlir() {
        let text = "\"t.op\"() : () -> (tensor<2x?xf32>)";
        let root = crate::parse(text).syntax_node();
        let cx = Context::new(&root);
        let node = root
            .descendants()
            .find(|n| n.kind() == FUNCTION_TYPE)
            .unwrap();
        let ty = type_of(&cx, &node).unwrap();
        assert_eq!(ty.print(), "() -> tensor<2x?xf32>");
        let ty = first_type("!t = (i32) -> ((i1) -> ui8, memref<*xsi4, 1>)").unwrap();
        assert_eq!(ty.print(), "(i32) -> ((i1) -> ui8, memref<*xsi4, 1>)");
        let ty = first_type("!t = vector<4x[8]xbf16>").unwrap();
        assert_eq!(ty.print(), "vector<4x[8]xbf16>");
    }

    #[test]
    fn resolves_aliases_per_chunk() {
        let text = "!a = i8\n!b = tuple<!a, !a>\n\"t.op\"() : () -> (!b)\n// -----\n!a = f32\n";
        let root = crate::parse(text).syntax_node();
        let cx = Context::new(&root);
        let uses: Vec<_> = root
            .descendants()
            .filter(|n| n.kind() == TYPE_ALIAS_REF)
            .collect();
        let last = uses.last().unwrap();
        assert_eq!(type_of(&cx, last).unwrap().print(), "tuple<i8, i8>");
    }

    #[test]
    fn alias_cycles_and_blowups_give_up() {
        assert_eq!(first_type("!a = !b\n!b = !a\n"), None);
        let mut text = String::from("!t0 = i1\n");
        for i in 1..40 {
            text += &format!("!t{i} = tuple<!t{}, !t{}>\n", i - 1, i - 1);
        }
        let root = crate::parse(&text).syntax_node();
        let cx = Context::new(&root);
        let last = root.children().last().unwrap().last_child().unwrap();
        assert_eq!(type_of(&cx, &last), None);
    }
}
