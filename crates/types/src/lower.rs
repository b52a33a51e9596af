//! Lowering type syntax to semantic `Type`s (types stage): expands `!alias`/`#alias`
//! references through an alias table (with a cycle guard, a depth limit and a cache) and
//! turns every missing or broken piece into `Type::Error`, so any tree can be lowered.

use std::sync::Arc;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};
use rustc_hash::FxHashMap;

use super::float::FloatKind;
use super::values::Attr;
use super::values::{
    Dim, Layout, MemRefType, OpaqueType, RankedTensorType, Signedness, Type, UnrankedMemRefType,
    VectorDim, VectorType,
};

use SyntaxKind::*;

/// Nesting deeper than this (aliases included) lowers to an error instead of risking the
/// stack; the parser itself nests at most 256 levels.
const MAX_DEPTH: u32 = 300;

/// The widest integer type MLIR accepts (B-T01).
const MAX_INT_WIDTH: u32 = 16_777_215;

/// The top-level alias definitions of a file or chunk: `!name` and `#name` (sigil kept in
/// the key) to the type or attribute node they stand for.
#[derive(Debug, Clone, Default)]
pub struct AliasTable {
    defs: FxHashMap<String, SyntaxNode>,
}

impl AliasTable {
    /// The aliases defined at the top level of a parsed file.
    pub fn of_file(root: &SyntaxNode) -> AliasTable {
        AliasTable::of_nodes(root.children())
    }

    /// The aliases defined by the items of one `// -----` chunk.
    pub fn of_chunk(chunk: &ast::Chunk) -> AliasTable {
        AliasTable::of_nodes(chunk.items().iter().map(|item| item.syntax().clone()))
    }

    /// The first definition of each name wins (MLIR rejects a redefinition).
    pub fn of_nodes(nodes: impl Iterator<Item = SyntaxNode>) -> AliasTable {
        let mut defs = FxHashMap::default();
        for node in nodes {
            if let Some((name, value)) = alias_def(&node) {
                defs.entry(name).or_insert(value);
            }
        }
        AliasTable { defs }
    }

    /// The value node of the alias `name` (`"!t"` or `"#map"`).
    pub fn get(&self, name: &str) -> Option<SyntaxNode> {
        self.defs.get(name).cloned()
    }

    /// The table as the lookup function `type_of_node` and `attr_of_node` take.
    pub fn lookup(&self) -> impl Fn(&str) -> Option<SyntaxNode> + '_ {
        move |name| self.get(name)
    }
}

/// The top-level alias definitions of a file as green nodes, which threads and salsa
/// queries can share (an `AliasTable` holds tree cursors, which they cannot). A name
/// defined twice maps to nothing: which definition a use means is then unclear, and the
/// redefinition is reported elsewhere.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AliasGreens {
    defs: FxHashMap<String, Option<rowan::GreenNode>>,
}

impl AliasGreens {
    pub fn of_file(root: &SyntaxNode) -> AliasGreens {
        let mut defs = FxHashMap::default();
        for node in root.children() {
            if let Some((name, value)) = alias_def(&node) {
                defs.entry(name)
                    .and_modify(|def| *def = None)
                    .or_insert_with(|| Some(value.green().into_owned()));
            }
        }
        AliasGreens { defs }
    }

    /// The value node of the alias `name` (`"!t"` or `"#map"`), as a tree of its own.
    pub fn get(&self, name: &str) -> Option<SyntaxNode> {
        let green = self.defs.get(name)?.as_ref()?;
        Some(SyntaxNode::new_root(green.clone()))
    }
}

/// The sigil-prefixed name and the value node of an alias definition.
fn alias_def(node: &SyntaxNode) -> Option<(String, SyntaxNode)> {
    if let Some(def) = ast::TypeAliasDef::cast(node.clone()) {
        return Some((
            def.name_token()?.text().to_string(),
            def.value()?.syntax().clone(),
        ));
    }
    let def = ast::AttrAliasDef::cast(node.clone())?;
    Some((
        def.name_token()?.text().to_string(),
        def.value()?.syntax().clone(),
    ))
}

/// The type a type node stands for; `aliases` maps `"!name"`/`"#name"` to definitions.
pub fn type_of_node(node: &SyntaxNode, aliases: &impl Fn(&str) -> Option<SyntaxNode>) -> Type {
    Lowering::new(aliases).lower_type(node)
}

/// The attribute an attribute node stands for (see `type_of_node`).
pub fn attr_of_node(node: &SyntaxNode, aliases: &impl Fn(&str) -> Option<SyntaxNode>) -> Attr {
    Lowering::new(aliases).lower_attr(node)
}

/// One lowering: the alias lookup, the aliases being expanded (a cycle guard), the current
/// depth, and the aliases already lowered (so repeated uses cost nothing).
pub struct Lowering<'a> {
    aliases: &'a dyn Fn(&str) -> Option<SyntaxNode>,
    expanding: Vec<String>,
    depth: u32,
    types: FxHashMap<String, Type>,
    attrs: FxHashMap<String, Attr>,
    /// Type nodes already lowered, by green node: an op's types are lowered once per
    /// value that shares them, and equal small nodes are one green node file-wide.
    nodes: FxHashMap<mlir_syntax::green::ByAddress, Type>,
}

impl<'a> Lowering<'a> {
    pub fn new(aliases: &'a dyn Fn(&str) -> Option<SyntaxNode>) -> Lowering<'a> {
        Lowering {
            aliases,
            expanding: Vec::new(),
            depth: 0,
            types: FxHashMap::default(),
            attrs: FxHashMap::default(),
            nodes: FxHashMap::default(),
        }
    }

    /// Lowers a type node (any of the kinds `ast::Type` covers).
    pub fn lower_type(&mut self, node: &SyntaxNode) -> Type {
        // Only a lowering from the top is remembered: within an alias's expansion the
        // cycle guard may make the same node lower differently.
        if self.depth > 0 || !self.expanding.is_empty() {
            return self.lower_type_below(node);
        }
        let key = mlir_syntax::green::ByAddress(node.green().into_owned());
        if let Some(ty) = self.nodes.get(&key) {
            return ty.clone();
        }
        let ty = self.lower_type_below(node);
        self.nodes.insert(key, ty.clone());
        ty
    }

    fn lower_type_below(&mut self, node: &SyntaxNode) -> Type {
        if self.depth >= MAX_DEPTH {
            return Type::Error;
        }
        self.depth += 1;
        let ty = self.lower_type_inner(node);
        self.depth -= 1;
        ty
    }

    fn lower_type_inner(&mut self, node: &SyntaxNode) -> Type {
        match node.kind() {
            BUILTIN_TYPE => keyword_type(node),
            FUNCTION_TYPE => self.function_type(node),
            COMPLEX_TYPE => match first_type_child(node) {
                Some(element) => Type::Complex(Arc::new(self.lower_type(&element))),
                None => Type::Error,
            },
            TUPLE_TYPE => Type::Tuple(self.type_children(node).into()),
            VECTOR_TYPE => self.vector_type(node),
            TENSOR_TYPE => self.tensor_type(node),
            MEMREF_TYPE => self.memref_type(node),
            DIALECT_TYPE => dialect_type(node),
            TYPE_ALIAS_REF => self.type_alias(node),
            // A type in attribute position (`[i32]`) lowers through its attribute.
            TYPE_ATTR => first_type_child(node).map_or(Type::Error, |ty| self.lower_type(&ty)),
            // The legacy `opaque<"d", "data">` is no type in MLIR 22.
            _ => Type::Error,
        }
    }

    /// The types among the children of `node`, lowered.
    fn type_children(&mut self, node: &SyntaxNode) -> Vec<Type> {
        let children: Vec<SyntaxNode> =
            node.children().filter(|n| is_type_node(n.kind())).collect();
        children.iter().map(|n| self.lower_type(n)).collect()
    }

    /// `(inputs) -> results`; a missing arrow or result is an error.
    fn function_type(&mut self, node: &SyntaxNode) -> Type {
        let Some(ty) = ast::FunctionType::cast(node.clone()) else {
            return Type::Error;
        };
        let (Some(inputs), Some(_)) = (ty.inputs(), ty.arrow_token()) else {
            return Type::Error;
        };
        let results = ty.result_types();
        if !lists_closed(node) || (results.is_empty() && !has_result_list(node)) {
            return Type::Error;
        }
        let inputs = self.type_children(inputs.syntax());
        let results = results
            .iter()
            .map(|r| self.lower_type(r.syntax()))
            .collect();
        Type::function(inputs, results)
    }

    fn vector_type(&mut self, node: &SyntaxNode) -> Type {
        let (Some(dims), Some(element)) = (dimension_list(node), first_type_child(node)) else {
            return Type::Error;
        };
        let Some(dims) = vector_dims(&dims) else {
            return Type::Error;
        };
        let element = self.lower_type(&element);
        Type::Vector(Arc::new(VectorType { dims, element }))
    }

    fn tensor_type(&mut self, node: &SyntaxNode) -> Type {
        let (Some(dims), Some(element)) = (dimension_list(node), first_type_child(node)) else {
            return Type::Error;
        };
        let element = self.lower_type(&element);
        if is_unranked(&dims) {
            return Type::UnrankedTensor(Arc::new(element));
        }
        let Some(shape) = ranked_dims(&dims) else {
            return Type::Error;
        };
        let encoding = node.children().find(|n| is_attr_node(n.kind()));
        let encoding = encoding.map(|n| self.lower_attr(&n));
        Type::RankedTensor(Arc::new(RankedTensorType {
            shape,
            element,
            encoding,
        }))
    }

    fn memref_type(&mut self, node: &SyntaxNode) -> Type {
        let (Some(dims), Some(element)) = (dimension_list(node), first_type_child(node)) else {
            return Type::Error;
        };
        let element = self.lower_type(&element);
        let attrs: Vec<SyntaxNode> = node.children().filter(|n| is_attr_node(n.kind())).collect();
        let attrs: Vec<Attr> = attrs.iter().map(|n| self.lower_attr(n)).collect();
        if is_unranked(&dims) {
            let memory_space = attrs.last().cloned().and_then(memory_space);
            return Type::UnrankedMemRef(Arc::new(UnrankedMemRefType {
                element,
                memory_space,
            }));
        }
        let Some(shape) = ranked_dims(&dims) else {
            return Type::Error;
        };
        let (layout, memory_space) = split_memref_attrs(attrs);
        Type::MemRef(Arc::new(MemRefType {
            shape,
            element,
            layout,
            memory_space,
        }))
    }

    /// `!name`: the aliased type, or an error for an unknown or cyclic alias.
    fn type_alias(&mut self, node: &SyntaxNode) -> Type {
        let Some(name) = first_token(node, BANG_ID) else {
            return Type::Error;
        };
        let name = name.text().to_string();
        if let Some(ty) = self.types.get(&name) {
            return ty.clone();
        }
        let Some(value) = self.enter_alias(&name) else {
            return Type::Error;
        };
        let ty = self.lower_type(&value);
        self.leave_alias();
        self.types.insert(name, ty.clone());
        ty
    }

    /// Starts expanding alias `name`: its value node, unless it is unknown or already being
    /// expanded (a cycle, which MLIR cannot even express as it defines aliases in order).
    pub(super) fn enter_alias(&mut self, name: &str) -> Option<SyntaxNode> {
        if self.expanding.iter().any(|n| n == name) {
            return None;
        }
        let value = (self.aliases)(name)?;
        self.expanding.push(name.to_string());
        Some(value)
    }

    pub(super) fn leave_alias(&mut self) {
        self.expanding.pop();
    }

    pub(super) fn cached_attr(&self, name: &str) -> Option<Attr> {
        self.attrs.get(name).cloned()
    }

    pub(super) fn cache_attr(&mut self, name: String, attr: Attr) {
        self.attrs.insert(name, attr);
    }

    /// Runs `f` one level deeper, or gives `None` past the depth limit.
    pub(super) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        Some(out)
    }
}

/// Is `kind` a node the type grammar produces?
pub(super) fn is_type_node(kind: SyntaxKind) -> bool {
    kind.is_type()
}

/// Is `kind` a node the attribute grammar produces?
pub(super) fn is_attr_node(kind: SyntaxKind) -> bool {
    ast::Attribute::can_cast(kind)
}

pub(super) fn first_type_child(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.first_child_by_kind(&is_type_node)
}

pub(super) fn first_token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.first_child_or_token_by_kind(&|k| k == kind)?
        .into_token()
}

/// Does a function type have a parenthesised result list after its arrow (maybe `()`)?
fn has_result_list(node: &SyntaxNode) -> bool {
    node.children().filter(|n| n.kind() == TYPE_LIST).count() == 2
}

/// Are the function type's parenthesised lists closed (so no type in them is missing)?
fn lists_closed(node: &SyntaxNode) -> bool {
    node.children()
        .filter(|n| n.kind() == TYPE_LIST)
        .all(|list| list.last_token().is_some_and(|t| t.kind() == R_PAREN))
}

/// `i32`, `si8`, `ui1`, `index`, `none` or a float keyword.
fn keyword_type(node: &SyntaxNode) -> Type {
    let Some(token) = first_token(node, BARE_ID) else {
        return Type::Error;
    };
    let text = token.text();
    match text {
        "index" => return Type::Index,
        "none" => return Type::None,
        _ => {}
    }
    if let Some(kind) = FloatKind::from_name(text) {
        return Type::Float(kind);
    }
    integer_type(text).unwrap_or(Type::Error)
}

fn integer_type(text: &str) -> Option<Type> {
    let (signedness, digits) = if let Some(d) = text.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = text.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, text.strip_prefix('i')?)
    };
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let width: u32 = digits.parse().ok()?;
    (width <= MAX_INT_WIDTH).then(|| Type::integer(width, signedness))
}

fn dimension_list(node: &SyntaxNode) -> Option<SyntaxNode> {
    node.children().find(|n| n.kind() == DIMENSION_LIST)
}

fn is_unranked(dims: &SyntaxNode) -> bool {
    first_token(dims, STAR).is_some()
}

/// The dimensions of a tensor or memref: numbers and `?`; `None` if one is invalid.
fn ranked_dims(dims: &SyntaxNode) -> Option<Vec<Dim>> {
    let list = ast::DimensionList::cast(dims.clone())?;
    list.dims()
        .into_iter()
        .map(|dim| match dim {
            ast::Dim::Static(size) => Some(Dim::Static(i64::try_from(size).ok()?)),
            ast::Dim::Dynamic => Some(Dim::Dynamic),
            ast::Dim::Scalable(_) | ast::Dim::Invalid => None,
        })
        .collect()
}

/// The dimensions of a vector: sizes, scalable or not; `?` is invalid there.
fn vector_dims(dims: &SyntaxNode) -> Option<Vec<VectorDim>> {
    let list = ast::DimensionList::cast(dims.clone())?;
    list.dims()
        .into_iter()
        .map(|dim| match dim {
            ast::Dim::Static(size) => Some(VectorDim {
                size: i64::try_from(size).ok()?,
                scalable: false,
            }),
            ast::Dim::Scalable(size) => Some(VectorDim {
                size: i64::try_from(size).ok()?,
                scalable: true,
            }),
            ast::Dim::Dynamic | ast::Dim::Invalid => None,
        })
        .collect()
}

/// The attributes after a ranked memref's element type: a layout (an affine map or
/// strided layout, or with two attributes whatever comes first), then a memory space.
fn split_memref_attrs(attrs: Vec<Attr>) -> (Layout, Option<Attr>) {
    let mut attrs = attrs.into_iter();
    let Some(first) = attrs.next() else {
        return (Layout::Identity, None);
    };
    let second = attrs.next();
    match (first, second) {
        (Attr::AffineMap(map), space) if map.is_identity() => {
            (Layout::Identity, space.and_then(memory_space))
        }
        (Attr::AffineMap(map), space) => (Layout::AffineMap(map), space.and_then(memory_space)),
        (Attr::Strided(strided), space) => (Layout::Strided(strided), space.and_then(memory_space)),
        (layout, Some(space)) => (Layout::Other(layout), memory_space(space)),
        (space, None) => (Layout::Identity, memory_space(space)),
    }
}

/// A memory space attribute; the integer `0` is the default space, which MLIR drops.
fn memory_space(attr: Attr) -> Option<Attr> {
    (!attr.is_zero_integer()).then_some(attr)
}

/// `!dialect.name<body>` or `!dialect<body>` as an opaque type.
fn dialect_type(node: &SyntaxNode) -> Type {
    match dialect_symbol(node, BANG_ID) {
        Some((dialect, data)) => Type::Opaque(Arc::new(OpaqueType { dialect, data })),
        None => Type::Error,
    }
}

/// The dialect namespace and the symbol data of a dialect type or attribute: the text after
/// `dialect.` plus the body as written, or for `dialect<body>` the body's inside.
pub(super) fn dialect_symbol(node: &SyntaxNode, sigil: SyntaxKind) -> Option<(String, String)> {
    let name = first_token(node, sigil)?;
    let name = &name.text()[1..];
    let body = node.children().find(|n| n.kind() == DIALECT_BODY);
    let body = body.map(|b| b.text().to_string());
    match name.split_once('.') {
        Some((dialect, rest)) => Some((
            dialect.to_string(),
            format!("{rest}{}", body.unwrap_or_default()),
        )),
        None => {
            let body = body?;
            let inner = body.strip_prefix('<')?.strip_suffix('>')?;
            Some((name.to_string(), inner.to_string()))
        }
    }
}
