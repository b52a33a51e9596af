//! Lowering attribute syntax to semantic `Attr`s (types stage): literals with their types,
//! collections, symbol references, strided layouts, dense arrays and dialect attributes.
//! Affine maps and sets are in `lower_affine`; broken pieces lower to `Attr::Error`.

use std::sync::Arc;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

use super::bignum::BigUint;
use super::float::{FloatKind, canonical_bits, from_f64};
use super::lower::{Lowering, dialect_symbol, first_token, first_type_child, is_attr_node};
use super::values::{Attr, FloatAttr, IntegerAttr, OpaqueAttr, StridedLayout, StringAttr};
use super::values::{Dim, Type};

use SyntaxKind::*;

impl Lowering<'_> {
    /// Lowers an attribute node (any of the kinds `ast::Attribute` covers).
    pub fn lower_attr(&mut self, node: &SyntaxNode) -> Attr {
        self.nested(|this| this.lower_attr_inner(node))
            .unwrap_or(Attr::Error)
    }

    fn lower_attr_inner(&mut self, node: &SyntaxNode) -> Attr {
        match node.kind() {
            LITERAL_ATTR => self.literal(node),
            UNIT_ATTR => Attr::Unit,
            ARRAY_ATTR => Attr::Array(self.attr_children(node).into()),
            ATTR_DICT => self.dictionary(node),
            TYPE_ATTR => match first_type_child(node) {
                Some(ty) => Attr::Type(self.lower_type(&ty)),
                None => Attr::Error,
            },
            SYMBOL_REF_ATTR => symbol_ref(node),
            AFFINE_MAP_ATTR => {
                super::lower_affine::affine_map(node).map_or(Attr::Error, Attr::AffineMap)
            }
            AFFINE_SET_ATTR => {
                super::lower_affine::integer_set(node).map_or(Attr::Error, Attr::IntegerSet)
            }
            STRIDED_ATTR => strided(node).map_or(Attr::Error, Attr::Strided),
            DENSE_ARRAY_ATTR => self.dense_array(node),
            DIALECT_ATTR => self.dialect_attr(node),
            ATTR_ALIAS_REF => self.attr_alias(node),
            DENSE_ATTR | DENSE_RESOURCE_ATTR | SPARSE_ATTR | DISTINCT_ATTR | LOCATION => {
                Attr::Text(compact_text(node).into())
            }
            _ => Attr::Error,
        }
    }

    fn attr_children(&mut self, node: &SyntaxNode) -> Vec<Attr> {
        let children: Vec<SyntaxNode> =
            node.children().filter(|n| is_attr_node(n.kind())).collect();
        children.iter().map(|n| self.lower_attr(n)).collect()
    }

    /// `{a = 1, b}`: entries sorted by name; a name given twice keeps its first value.
    fn dictionary(&mut self, node: &SyntaxNode) -> Attr {
        let Some(dict) = ast::AttrDict::cast(node.clone()) else {
            return Attr::Error;
        };
        let mut entries: Vec<(String, Attr)> = Vec::new();
        for entry in dict.entries() {
            let Some(name) = entry.name() else {
                return Attr::Error;
            };
            let value = match (entry.eq_token(), entry.value()) {
                (None, _) => Attr::Unit,
                (Some(_), Some(value)) => self.lower_attr(value.syntax()),
                (Some(_), None) => Attr::Error,
            };
            if !entries.iter().any(|(n, _)| *n == name) {
                entries.push((name, value));
            }
        }
        entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        Attr::Dictionary(entries.into())
    }

    /// `#name`: the aliased attribute, or an error for an unknown or cyclic alias.
    fn attr_alias(&mut self, node: &SyntaxNode) -> Attr {
        let Some(name) = first_token(node, HASH_ID) else {
            return Attr::Error;
        };
        let name = name.text().to_string();
        if let Some(attr) = self.cached_attr(&name) {
            return attr;
        }
        let Some(value) = self.enter_alias(&name) else {
            return Attr::Error;
        };
        let attr = self.lower_attr(&value);
        self.leave_alias();
        self.cache_attr(name, attr.clone());
        attr
    }

    /// `#dialect.name<body>` or `#dialect<body>`, with an optional `: type`.
    fn dialect_attr(&mut self, node: &SyntaxNode) -> Attr {
        let Some((dialect, data)) = dialect_symbol(node, HASH_ID) else {
            return Attr::Error;
        };
        let ty = self.trailing_type(node);
        Attr::Opaque(Arc::new(OpaqueAttr { dialect, data, ty }))
    }

    /// The type after a `:` child of `node`, lowered.
    fn trailing_type(&mut self, node: &SyntaxNode) -> Option<Type> {
        first_token(node, COLON)?;
        let ty = first_type_child(node);
        Some(ty.map_or(Type::Error, |ty| self.lower_type(&ty)))
    }

    /// `42 : i32`, `-1.5`, `0x7C00 : f16`, `"s"`, `true`.
    fn literal(&mut self, node: &SyntaxNode) -> Attr {
        let Some(lit) = ast::LiteralAttr::cast(node.clone()) else {
            return Attr::Error;
        };
        let Some(value) = lit.value_token() else {
            return Attr::Error;
        };
        let negative = lit.minus_token().is_some();
        let ty = self.trailing_type(node);
        match value.kind() {
            STRING => Attr::String(Arc::new(StringAttr {
                value: ast::string_bytes(value.text()),
                ty,
            })),
            BARE_ID => match value.text() {
                "true" => Attr::bool(true),
                "false" => Attr::bool(false),
                _ => Attr::Error,
            },
            FLOAT_NUMBER => {
                float_literal(&value, negative, ty.unwrap_or(Type::Float(FloatKind::F64)))
            }
            _ => integer_literal(&value, negative, ty.unwrap_or(Type::int(64))),
        }
    }

    /// `array<i32: 1, 2>`: the values become attributes of the element type.
    fn dense_array(&mut self, node: &SyntaxNode) -> Attr {
        let Some(elem) = first_type_child(node) else {
            return Attr::Error;
        };
        let elem = self.lower_type(&elem);
        let mut values = Vec::new();
        let mut negative = false;
        let after_colon = node
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .skip_while(|t| t.kind() != COLON)
            .skip(1);
        for token in after_colon {
            let value = match token.kind() {
                MINUS => {
                    negative = true;
                    continue;
                }
                INT_NUMBER | HEX_NUMBER if elem.is_float() => {
                    float_from_int(&token, negative, &elem)
                }
                INT_NUMBER | HEX_NUMBER => integer_literal(&token, negative, elem.clone()),
                FLOAT_NUMBER => float_literal(&token, negative, elem.clone()),
                BARE_ID if elem.is_signless_int(1) => match token.text() {
                    "true" => Attr::bool(true),
                    "false" => Attr::bool(false),
                    _ => Attr::Error,
                },
                _ => continue,
            };
            negative = false;
            values.push(value);
        }
        Attr::DenseArray(Arc::new((elem, values)))
    }
}

/// An integer token as an attribute of `ty`: an integer for integer and index types, a
/// bit pattern for float types (hex only, as in MLIR).
fn integer_literal(token: &SyntaxToken, negative: bool, ty: Type) -> Attr {
    if ty.is_float() {
        return float_from_int(token, negative, &ty);
    }
    if !(ty.is_integer() || ty.is_index()) {
        return Attr::Error;
    }
    match parse_integer(token.text()) {
        Some(magnitude) => Attr::Integer(Arc::new(IntegerAttr::new(ty, negative, magnitude))),
        None => Attr::Error,
    }
}

/// `0x7C00 : f16`: the bits of the float. Decimal integers and negative hex are errors.
fn float_from_int(token: &SyntaxToken, negative: bool, ty: &Type) -> Attr {
    let Type::Float(kind) = ty else {
        return Attr::Error;
    };
    let Some(hex) = token.text().strip_prefix("0x") else {
        return Attr::Error;
    };
    let Some(bits) = u128::from_str_radix(hex, 16).ok().filter(|_| !negative) else {
        return Attr::Error;
    };
    if kind.bit_width() < 128 && bits >> kind.bit_width() != 0 {
        return Attr::Error;
    }
    let bits = canonical_bits(*kind, bits);
    Attr::Float(FloatAttr { kind: *kind, bits })
}

/// A decimal float token as an attribute of float type `ty`: MLIR reads it as an `f64`
/// and converts that to the type.
fn float_literal(token: &SyntaxToken, negative: bool, ty: Type) -> Attr {
    let Type::Float(kind) = ty else {
        return Attr::Error;
    };
    let Ok(value) = token.text().parse::<f64>() else {
        return Attr::Error;
    };
    if value.is_infinite() {
        // "floating point value too large".
        return Attr::Error;
    }
    let value = if negative { -value } else { value };
    Attr::Float(FloatAttr {
        kind,
        bits: from_f64(kind, value),
    })
}

/// A decimal or `0x` integer literal's value.
fn parse_integer(text: &str) -> Option<BigUint> {
    let (digits, radix) = match text.strip_prefix("0x") {
        Some(hex) => (hex, 16),
        None => (text, 10),
    };
    if digits.is_empty() {
        return None;
    }
    let mut n = BigUint::zero();
    for c in digits.chars() {
        n.mul_small(radix);
        n.add_small(c.to_digit(radix)?);
    }
    Some(n)
}

/// `@a::@"b"`: the names, unquoted.
fn symbol_ref(node: &SyntaxNode) -> Attr {
    let Some(attr) = ast::SymbolRefAttr::cast(node.clone()) else {
        return Attr::Error;
    };
    match attr.symbol_ref() {
        Some(symbol) if symbol.name_tokens().all(|t| t.text().len() > 1) => {
            Attr::SymbolRef(symbol.names().into())
        }
        _ => Attr::Error,
    }
}

/// `strided<[s, ...], offset: o>`; the offset defaults to 0.
fn strided(node: &SyntaxNode) -> Option<StridedLayout> {
    let mut strides = Vec::new();
    let mut offset = Dim::Static(0);
    let mut in_offset = false;
    let mut negative = false;
    for token in node.children_with_tokens().filter_map(|e| e.into_token()) {
        let dim = match token.kind() {
            BARE_ID if token.text() == "offset" => {
                in_offset = true;
                continue;
            }
            MINUS => {
                negative = true;
                continue;
            }
            QUESTION => Dim::Dynamic,
            INT_NUMBER => {
                let value: i64 = token.text().parse().ok()?;
                Dim::Static(if negative { -value } else { value })
            }
            _ => continue,
        };
        negative = false;
        if in_offset {
            offset = dim;
        } else {
            strides.push(dim);
        }
    }
    first_token(node, R_ANGLE)?;
    Some(StridedLayout { strides, offset })
}

/// The text of `node` with whitespace and comments between tokens made single spaces.
pub fn compact_text(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut gap = false;
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        if token.kind().is_trivia() {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(' ');
        }
        gap = false;
        out += token.text();
    }
    out
}
