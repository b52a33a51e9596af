//! Typed AST of types (G-06, G-08, G-10): the `Type` enum over builtin, function, shaped
//! and dialect types and aliases, with dimension lists read as numbers.

use super::{
    AstChildren, AstNode, Attribute, ast_enum, ast_node, child, children, dialect_of, name_of,
    token,
};
use crate::SyntaxKind::*;
use crate::{SyntaxElement, SyntaxToken};

ast_node!(
    /// `i32`, `index`, `f32`, `none`.
    BuiltinType,
    BUILTIN_TYPE
);
ast_node!(
    /// `(i32, f32) -> i1`.
    FunctionType,
    FUNCTION_TYPE
);
ast_node!(
    /// `(i32, f32)`: the inputs or results of a function type.
    TypeList,
    TYPE_LIST
);
ast_node!(
    /// `complex<f32>`.
    ComplexType,
    COMPLEX_TYPE
);
ast_node!(
    /// `tuple<i32, f32>`.
    TupleType,
    TUPLE_TYPE
);
ast_node!(
    /// `vector<[4]x8xf32>`.
    VectorType,
    VECTOR_TYPE
);
ast_node!(
    /// `tensor<?x4xf32, #enc>` or `tensor<*xf32>`.
    TensorType,
    TENSOR_TYPE
);
ast_node!(
    /// `memref<4xf32, strided<[1]>, 1>`.
    MemrefType,
    MEMREF_TYPE
);
ast_node!(
    /// `opaque<"dialect", "data">` (legacy).
    OpaqueType,
    OPAQUE_TYPE
);
ast_node!(
    /// `4x?x8x`: the dimensions of a shaped type.
    DimensionList,
    DIMENSION_LIST
);
ast_node!(
    /// `!dialect.type<...>` or `!dialect<"...">` (G-08).
    DialectType,
    DIALECT_TYPE
);
ast_node!(
    /// `!alias` used as a type.
    TypeAliasRef,
    TYPE_ALIAS_REF
);
ast_node!(
    /// The raw, balanced `<...>` body of a dialect type or attribute (L-19).
    DialectBody,
    DIALECT_BODY
);

ast_enum!(
    /// Any type.
    Type {
        Builtin(BuiltinType),
        Function(FunctionType),
        Complex(ComplexType),
        Tuple(TupleType),
        Vector(VectorType),
        Tensor(TensorType),
        Memref(MemrefType),
        Opaque(OpaqueType),
        Dialect(DialectType),
        Alias(TypeAliasRef),
    }
);

/// One dimension of a shaped type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    /// `4`.
    Static(u64),
    /// `?`.
    Dynamic,
    /// `[4]` in a vector type.
    Scalable(u64),
    /// A number too big to be a dimension (the parser reports it).
    Invalid,
}

impl BuiltinType {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID])
    }

    /// The keyword: `i32`, `f16`, `index`.
    pub fn name(&self) -> Option<String> {
        Some(self.name_token()?.text().to_string())
    }
}

impl FunctionType {
    /// The parenthesised inputs.
    pub fn inputs(&self) -> Option<TypeList> {
        child(&self.syntax)
    }

    pub fn input_types(&self) -> impl Iterator<Item = Type> + use<> {
        self.inputs().into_iter().flat_map(|list| list.types())
    }

    pub fn arrow_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[ARROW])
    }

    /// The results: a parenthesised list, or the one type after `->`.
    pub fn result_types(&self) -> Vec<Type> {
        let after_arrow = self
            .syntax
            .children_with_tokens()
            .skip_while(|e| e.kind() != ARROW)
            .find_map(SyntaxElement::into_node);
        match after_arrow {
            Some(node) if node.kind() == TYPE_LIST => children(&node).collect(),
            Some(node) => Type::cast(node).into_iter().collect(),
            None => Vec::new(),
        }
    }
}

impl TypeList {
    pub fn types(&self) -> AstChildren<Type> {
        children(&self.syntax)
    }
}

impl ComplexType {
    pub fn element_type(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl TupleType {
    pub fn types(&self) -> AstChildren<Type> {
        children(&self.syntax)
    }
}

impl VectorType {
    pub fn dimension_list(&self) -> Option<DimensionList> {
        child(&self.syntax)
    }

    pub fn dims(&self) -> Vec<Dim> {
        self.dimension_list()
            .map_or_else(Vec::new, |dims| dims.dims())
    }

    pub fn element_type(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl TensorType {
    pub fn dimension_list(&self) -> Option<DimensionList> {
        child(&self.syntax)
    }

    /// The dimensions; empty for an unranked tensor.
    pub fn dims(&self) -> Vec<Dim> {
        self.dimension_list()
            .map_or_else(Vec::new, |dims| dims.dims())
    }

    pub fn element_type(&self) -> Option<Type> {
        child(&self.syntax)
    }

    /// The attribute after the element type.
    pub fn encoding(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
}

impl MemrefType {
    pub fn dimension_list(&self) -> Option<DimensionList> {
        child(&self.syntax)
    }

    /// The dimensions; empty for an unranked memref.
    pub fn dims(&self) -> Vec<Dim> {
        self.dimension_list()
            .map_or_else(Vec::new, |dims| dims.dims())
    }

    pub fn element_type(&self) -> Option<Type> {
        child(&self.syntax)
    }

    /// The attributes after the element type: a layout and/or a memory space, told apart
    /// by what they are.
    pub fn attributes(&self) -> AstChildren<Attribute> {
        children(&self.syntax)
    }
}

impl DimensionList {
    /// `*x`: the type has no rank.
    pub fn is_unranked(&self) -> bool {
        token(&self.syntax, &[STAR]).is_some()
    }

    pub fn dims(&self) -> Vec<Dim> {
        let dim = |element: SyntaxElement| match element {
            rowan::NodeOrToken::Token(t) if t.kind() == INT_NUMBER => Some(static_dim(&t)),
            rowan::NodeOrToken::Token(t) if t.kind() == QUESTION => Some(Dim::Dynamic),
            rowan::NodeOrToken::Node(n) if n.kind() == SCALABLE_DIMS => {
                match static_dim(&token(&n, &[INT_NUMBER])?) {
                    Dim::Static(size) => Some(Dim::Scalable(size)),
                    _ => Some(Dim::Invalid),
                }
            }
            _ => None,
        };
        self.syntax.children_with_tokens().filter_map(dim).collect()
    }
}

fn static_dim(number: &SyntaxToken) -> Dim {
    number.text().parse().map_or(Dim::Invalid, Dim::Static)
}

impl DialectType {
    /// The `!dialect.name` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BANG_ID])
    }

    /// `dialect.name` (or just `dialect` for `!dialect<...>`).
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The dialect namespace: `llvm` of `!llvm.ptr`.
    pub fn dialect(&self) -> Option<String> {
        self.name().map(|name| dialect_of(&name))
    }

    pub fn body(&self) -> Option<DialectBody> {
        child(&self.syntax)
    }
}

impl TypeAliasRef {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BANG_ID])
    }

    /// The alias name without its `!`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }
}

impl DialectBody {
    /// The text between the outer `<` and `>`, as written.
    pub fn inner_text(&self) -> String {
        let text = self.syntax.text().to_string();
        let inner = text.strip_prefix('<').unwrap_or(&text);
        inner.strip_suffix('>').unwrap_or(inner).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::test_support::{all, first};

    /// The types of a generic op's results.
    fn result_types(types: &str) -> Vec<Type> {
        let ty = first::<FunctionType>(&format!("\"t.op\"() : () -> ({types})\n"));
        ty.result_types()
    }

    #[test]
    fn type_enum_covers_every_kind() {
        let types = result_types(
            "i32, (i32) -> i1, complex<f32>, tuple<>, vector<4xf32>, tensor<*xf32>, memref<4xi8>, !d.t, !alias",
        );
        let names: Vec<&str> = types
            .iter()
            .map(|ty| match ty {
                Type::Builtin(_) => "builtin",
                Type::Function(_) => "function",
                Type::Complex(_) => "complex",
                Type::Tuple(_) => "tuple",
                Type::Vector(_) => "vector",
                Type::Tensor(_) => "tensor",
                Type::Memref(_) => "memref",
                Type::Opaque(_) => "opaque",
                Type::Dialect(_) => "dialect",
                Type::Alias(_) => "alias",
            })
            .collect();
        let expected = [
            "builtin", "function", "complex", "tuple", "vector", "tensor", "memref", "dialect",
            "alias",
        ];
        assert_eq!(names, expected);
    }

    #[test]
    fn function_type_inputs_and_results() {
        let ty = first::<FunctionType>("\"t.op\"() : (i32, f32) -> i1\n");
        assert_eq!(ty.input_types().count(), 2);
        assert_eq!(ty.inputs().unwrap().types().count(), 2);
        assert_eq!(ty.arrow_token().unwrap().text(), "->");
        let results = ty.result_types();
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].syntax().text(), "i1");
        assert_eq!(result_types("i8, i16").len(), 2);
        let broken = first::<FunctionType>("\"t.op\"() : (i32)\n");
        assert!(broken.result_types().is_empty());
    }

    #[test]
    fn builtin_complex_and_tuple() {
        let ty = first::<BuiltinType>("!t = f16\n");
        assert_eq!(ty.name().as_deref(), Some("f16"));
        assert_eq!(ty.name_token().unwrap().text(), "f16");
        let ty = first::<ComplexType>("!t = complex<f32>\n");
        assert!(matches!(ty.element_type(), Some(Type::Builtin(_))));
        let ty = first::<TupleType>("!t = tuple<i32, f32>\n");
        assert_eq!(ty.types().count(), 2);
    }

    #[test]
    fn shaped_types_dims_and_elements() {
        let ty = first::<TensorType>("!t = tensor<4x?x0x10xf32, #enc>\n");
        let dims = [
            Dim::Static(4),
            Dim::Dynamic,
            Dim::Static(0),
            Dim::Static(10),
        ];
        assert_eq!(ty.dims(), dims);
        assert!(matches!(ty.element_type(), Some(Type::Builtin(_))));
        assert!(matches!(ty.encoding(), Some(Attribute::Alias(_))));
        let ty = first::<TensorType>("!t = tensor<*xf32>\n");
        assert!(ty.dimension_list().unwrap().is_unranked());
        assert!(ty.dims().is_empty());
        let ty = first::<VectorType>("!t = vector<4x[8]xi8>\n");
        assert_eq!(ty.dims(), [Dim::Static(4), Dim::Scalable(8)]);
        assert!(ty.element_type().is_some());
        let ty = first::<MemrefType>("!t = memref<2x3xf32, strided<[6, 2]>, 1>\n");
        assert_eq!(ty.dims(), [Dim::Static(2), Dim::Static(3)]);
        assert!(ty.element_type().is_some());
        assert_eq!(ty.attributes().count(), 2);
        assert!(!ty.dimension_list().unwrap().is_unranked());
    }

    #[test]
    fn dialect_types_and_aliases() {
        let types = all::<DialectType>("!a = !llvm.ptr\n!b = !foo<\"raw\">\n");
        assert_eq!(types[0].name().as_deref(), Some("llvm.ptr"));
        assert_eq!(types[0].dialect().as_deref(), Some("llvm"));
        assert!(types[0].body().is_none());
        assert_eq!(types[1].dialect().as_deref(), Some("foo"));
        assert_eq!(types[1].body().unwrap().inner_text(), "\"raw\"");
        assert_eq!(types[1].name_token().unwrap().text(), "!foo");
        let alias = first::<TypeAliasRef>("!a = !b\n");
        assert_eq!(alias.name().as_deref(), Some("b"));
        assert_eq!(alias.name_token().unwrap().text(), "!b");
    }
}
