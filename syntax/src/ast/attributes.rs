//! Typed AST of attributes (G-09, G-11): the `Attribute` enum over every builtin attribute
//! kind, dialect attributes and aliases, dictionaries and symbol references.

use super::custom_ops::CustomOpItem;
use super::{
    AstChildren, DialectBody, Location, Type, ast_enum, ast_node, child, children, dialect_of,
    name_of, string_value, token, tokens,
};
use crate::SyntaxKind::*;
use crate::SyntaxToken;

ast_node!(
    /// `{a = 1, b}` (B-A17).
    AttrDict,
    ATTR_DICT
);
ast_node!(
    /// `a = 1`, or `b` alone (a unit attribute).
    AttrEntry,
    ATTR_ENTRY
);
ast_node!(
    /// `42 : i32`, `-1.5`, `0x7C00 : f16`, `true`, `"s"` (B-A07, B-A08, B-A12).
    LiteralAttr,
    LITERAL_ATTR
);
ast_node!(
    /// `unit` (B-A15).
    UnitAttr,
    UNIT_ATTR
);
ast_node!(
    /// `[1, "a", i32]` (B-A02).
    ArrayAttr,
    ARRAY_ATTR
);
ast_node!(
    /// `array<i32: 1, 2>` (B-A03).
    DenseArrayAttr,
    DENSE_ARRAY_ATTR
);
ast_node!(
    /// `dense<...> : tensor<...>` (B-A04, B-A06).
    DenseAttr,
    DENSE_ATTR
);
ast_node!(
    /// `dense_resource<blob> : tensor<...>` (B-A05).
    DenseResourceAttr,
    DENSE_RESOURCE_ATTR
);
ast_node!(
    /// `sparse<indices, values> : tensor<...>` (B-A11).
    SparseAttr,
    SPARSE_ATTR
);
ast_node!(
    /// `affine_map<(d0)[s0] -> (d0 + s0)>` (B-A01).
    AffineMapAttr,
    AFFINE_MAP_ATTR
);
ast_node!(
    /// `affine_set<(d0) : (d0 >= 0)>` (B-A09).
    AffineSetAttr,
    AFFINE_SET_ATTR
);
ast_node!(
    /// `strided<[4, 1], offset: ?>` (B-A16).
    StridedAttr,
    STRIDED_ATTR
);
ast_node!(
    /// `@a::@b` as an attribute value (B-A13).
    SymbolRefAttr,
    SYMBOL_REF_ATTR
);
ast_node!(
    /// `@a::@b::@c`: a symbol and the nested symbols inside it.
    SymbolRef,
    SYMBOL_REF
);
ast_node!(
    /// A type used as an attribute (B-A14).
    TypeAttr,
    TYPE_ATTR
);
ast_node!(
    /// `#dialect.attr<...>` or `#dialect<"...">`.
    DialectAttr,
    DIALECT_ATTR
);
ast_node!(
    /// `#alias` used as an attribute.
    AttrAliasRef,
    ATTR_ALIAS_REF
);
ast_node!(
    /// `distinct[0]<attr>`.
    DistinctAttr,
    DISTINCT_ATTR
);

ast_enum!(
    /// Any attribute value.
    Attribute {
        Literal(LiteralAttr),
        Unit(UnitAttr),
        Array(ArrayAttr),
        DenseArray(DenseArrayAttr),
        Dense(DenseAttr),
        DenseResource(DenseResourceAttr),
        Sparse(SparseAttr),
        AffineMap(AffineMapAttr),
        AffineSet(AffineSetAttr),
        Strided(StridedAttr),
        SymbolRef(SymbolRefAttr),
        Type(TypeAttr),
        Dialect(DialectAttr),
        Alias(AttrAliasRef),
        Distinct(DistinctAttr),
        Dict(AttrDict),
        Location(Location),
    }
);

impl AttrDict {
    pub fn entries(&self) -> AstChildren<AttrEntry> {
        children(&self.syntax)
    }

    /// The entry named `name` (unquoted).
    pub fn entry(&self, name: &str) -> Option<AttrEntry> {
        self.entries().find(|e| e.name().as_deref() == Some(name))
    }
}

impl AttrEntry {
    /// The name as written: a bare-id or a string.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID, STRING])
    }

    /// The name, unquoted.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    pub fn eq_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[EQ])
    }

    /// The value after `=`; `None` for a unit entry (or a custom op's value that is no
    /// attribute, see `value_items`).
    pub fn value(&self) -> Option<Attribute> {
        child(&self.syntax)
    }

    /// What follows `=`, as items: in a custom op a value may be anything the op's syntax
    /// allows, such as `{"value" = %v}`.
    pub fn value_items(&self) -> impl Iterator<Item = CustomOpItem> + use<> {
        let elements = self.syntax.children_with_tokens();
        elements
            .skip_while(|e| e.kind() != EQ)
            .skip(1)
            .filter_map(CustomOpItem::of)
    }
}

impl LiteralAttr {
    /// The number, string, `true` or `false`.
    pub fn value_token(&self) -> Option<SyntaxToken> {
        let kinds = [INT_NUMBER, HEX_NUMBER, FLOAT_NUMBER, STRING, BARE_ID];
        token(&self.syntax, &kinds)
    }

    pub fn minus_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[MINUS])
    }

    /// The value of a string literal, unquoted and unescaped.
    pub fn string_value(&self) -> Option<String> {
        let value = self.value_token().filter(|t| t.kind() == STRING)?;
        Some(string_value(value.text()))
    }

    /// The `: type` after the value.
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl ArrayAttr {
    pub fn elements(&self) -> AstChildren<Attribute> {
        children(&self.syntax)
    }
}

impl DenseArrayAttr {
    /// The `i32` of `array<i32: 1, 2>`.
    pub fn element_type(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl DenseAttr {
    /// The `: type` after the literal (absent in some custom ops).
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl DenseResourceAttr {
    /// The resource's key inside `<...>`.
    pub fn handle_token(&self) -> Option<SyntaxToken> {
        let mut elements = self.syntax.children_with_tokens();
        let after_angle = elements
            .by_ref()
            .find(|e| e.kind() == L_ANGLE)
            .and(elements.next());
        after_angle?
            .into_token()
            .filter(|t| matches!(t.kind(), BARE_ID | STRING))
    }

    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SparseAttr {
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SymbolRefAttr {
    pub fn symbol_ref(&self) -> Option<SymbolRef> {
        child(&self.syntax)
    }
}

impl SymbolRef {
    /// The `@name` tokens, outermost first.
    pub fn name_tokens(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        tokens(&self.syntax, &[AT_ID])
    }

    /// The names without `@`, unquoted: `["a", "b"]` for `@a::@"b"`.
    pub fn names(&self) -> Vec<String> {
        self.name_tokens().map(|t| name_of(&t)).collect()
    }

    /// The outermost symbol, looked up in the nearest symbol table.
    pub fn root_name(&self) -> Option<String> {
        self.name_tokens().next().map(|t| name_of(&t))
    }

    /// The symbol finally referred to.
    pub fn leaf_name(&self) -> Option<String> {
        self.name_tokens().last().map(|t| name_of(&t))
    }
}

impl TypeAttr {
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl DialectAttr {
    /// The `#dialect.name` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[HASH_ID])
    }

    /// `dialect.name` (or just `dialect` for `#dialect<...>`).
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The dialect namespace: `gpu` of `#gpu.address_space<global>`.
    pub fn dialect(&self) -> Option<String> {
        self.name().map(|name| dialect_of(&name))
    }

    pub fn body(&self) -> Option<DialectBody> {
        child(&self.syntax)
    }

    /// The `: type` after the attribute.
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl AttrAliasRef {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[HASH_ID])
    }

    /// The alias name without its `#`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }
}

impl DistinctAttr {
    /// The `0` of `distinct[0]`.
    pub fn id_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[INT_NUMBER])
    }

    pub fn id(&self) -> Option<u64> {
        self.id_token()?.text().parse().ok()
    }

    /// The attribute made distinct; `None` for `distinct[0]<>`.
    pub fn value(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::AstNode;
    use crate::ast::test_support::{all, first};

    /// The attribute dictionary of a generic op with attributes `attrs`.
    fn dict(attrs: &str) -> AttrDict {
        first::<AttrDict>(&format!("\"t.op\"() {{{attrs}}} : () -> ()\n"))
    }

    fn value(attrs: &str, name: &str) -> Attribute {
        dict(attrs).entry(name).unwrap().value().unwrap()
    }

    #[test]
    fn dict_entries_names_and_values() {
        let dict = dict("a = 1, \"q k\" = 2, unit_key");
        let names: Vec<_> = dict.entries().map(|e| e.name().unwrap()).collect();
        assert_eq!(names, ["a", "q k", "unit_key"]);
        let quoted = dict.entry("q k").unwrap();
        assert_eq!(quoted.name_token().unwrap().text(), "\"q k\"");
        assert!(quoted.eq_token().is_some());
        let unit = dict.entry("unit_key").unwrap();
        assert!(unit.value().is_none() && unit.eq_token().is_none());
    }

    #[test]
    fn custom_dict_value_items() {
        let entry = first::<AttrEntry>("%o = pdl.operation \"a.b\" {\"value\" = %v}\n");
        assert!(entry.value().is_none());
        let items: Vec<_> = entry.value_items().collect();
        assert!(matches!(items.as_slice(), [CustomOpItem::ValueUse(_)]));
    }

    #[test]
    fn literals() {
        let Attribute::Literal(lit) = value("a = -2 : i8", "a") else {
            panic!()
        };
        assert_eq!(lit.value_token().unwrap().text(), "2");
        assert!(lit.minus_token().is_some());
        assert_eq!(lit.ty().unwrap().syntax().text(), "i8");
        let Attribute::Literal(lit) = value("s = \"x\\22y\"", "s") else {
            panic!()
        };
        assert_eq!(lit.string_value().as_deref(), Some("x\"y"));
        assert!(lit.ty().is_none());
        let Attribute::Literal(lit) = value("t = true", "t") else {
            panic!()
        };
        assert_eq!(lit.value_token().unwrap().text(), "true");
        assert!(lit.string_value().is_none());
    }

    #[test]
    fn attribute_enum_covers_every_kind() {
        let attrs = "a = 1, b = unit, c = [1], d = array<i8>, e = dense<1> : tensor<i8>, \
            f = dense_resource<blob> : tensor<i8>, g = sparse<> : tensor<i8>, \
            h = affine_map<(d0) -> (d0)>, i = affine_set<(d0) : (d0 >= 0)>, \
            j = strided<[1]>, k = @s, l = i32, m = #d.a, n = #alias, o = distinct[0]<>, \
            p = {}, q = loc(unknown)";
        let kinds: Vec<_> = dict(attrs)
            .entries()
            .map(|e| e.value().unwrap().syntax().kind())
            .collect();
        let expected = [
            LITERAL_ATTR,
            UNIT_ATTR,
            ARRAY_ATTR,
            DENSE_ARRAY_ATTR,
            DENSE_ATTR,
            DENSE_RESOURCE_ATTR,
            SPARSE_ATTR,
            AFFINE_MAP_ATTR,
            AFFINE_SET_ATTR,
            STRIDED_ATTR,
            SYMBOL_REF_ATTR,
            TYPE_ATTR,
            DIALECT_ATTR,
            ATTR_ALIAS_REF,
            DISTINCT_ATTR,
            ATTR_DICT,
            LOCATION,
        ];
        assert_eq!(kinds, expected);
    }

    #[test]
    fn compound_attributes() {
        let Attribute::Array(array) = value("a = [1, [i32]]", "a") else {
            panic!()
        };
        assert_eq!(array.elements().count(), 2);
        let Attribute::DenseArray(dense) = value("a = array<i32: 1>", "a") else {
            panic!()
        };
        assert_eq!(dense.element_type().unwrap().syntax().text(), "i32");
        let Attribute::Dense(dense) = value("a = dense<[1, 2]> : tensor<2xi8>", "a") else {
            panic!()
        };
        assert!(matches!(dense.ty(), Some(Type::Tensor(_))));
        let Attribute::DenseResource(res) = value("a = dense_resource<blob1> : tensor<i8>", "a")
        else {
            panic!()
        };
        assert_eq!(res.handle_token().unwrap().text(), "blob1");
        assert!(res.ty().is_some());
        let Attribute::Sparse(sparse) = value("a = sparse<> : tensor<2xi8>", "a") else {
            panic!()
        };
        assert!(sparse.ty().is_some());
        let Attribute::Type(ty) = value("a = (i32) -> i1", "a") else {
            panic!()
        };
        assert!(matches!(ty.ty(), Some(Type::Function(_))));
        let Attribute::Distinct(distinct) = value("a = distinct[3]<{x = 1}>", "a") else {
            panic!()
        };
        assert_eq!(distinct.id(), Some(3));
        assert_eq!(distinct.id_token().unwrap().text(), "3");
        assert!(matches!(distinct.value(), Some(Attribute::Dict(_))));
    }

    #[test]
    fn symbol_refs() {
        let Attribute::SymbolRef(attr) = value("a = @outer::@\"in ner\"", "a") else {
            panic!()
        };
        let symbol = attr.symbol_ref().unwrap();
        assert_eq!(symbol.names(), ["outer", "in ner"]);
        assert_eq!(symbol.root_name().as_deref(), Some("outer"));
        assert_eq!(symbol.leaf_name().as_deref(), Some("in ner"));
        assert_eq!(symbol.name_tokens().count(), 2);
        let refs = all::<SymbolRef>("func.call @f(%a) : (i32) -> ()\n");
        assert_eq!(refs[0].names(), ["f"]);
    }

    #[test]
    fn dialect_attributes_and_aliases() {
        let Attribute::Dialect(attr) = value("a = #gpu.space<global> : i32", "a") else {
            panic!()
        };
        assert_eq!(attr.name().as_deref(), Some("gpu.space"));
        assert_eq!(attr.dialect().as_deref(), Some("gpu"));
        assert_eq!(attr.name_token().unwrap().text(), "#gpu.space");
        assert_eq!(attr.body().unwrap().inner_text(), "global");
        assert!(attr.ty().is_some());
        let Attribute::Alias(alias) = value("a = #map", "a") else {
            panic!()
        };
        assert_eq!(alias.name().as_deref(), Some("map"));
        assert_eq!(alias.name_token().unwrap().text(), "#map");
    }
}
