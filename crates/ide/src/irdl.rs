//! What IDE features need to know of IRDL dialects (issue: IRDL): which file defines each
//! dialect (`IrdlSource`), and which op, type or attribute of such a dialect a cursor is
//! on, either at a use (`"geo.distance"`, `!geo.point`, `#geo.color`) or at its
//! definition (`irdl.type @point` inside `irdl.dialect @geo`).

use std::sync::Arc;

use mlir_syntax::{SyntaxKind::*, SyntaxNode, SyntaxToken, TextRange, TextSize};

use mlir_dialects::irdl::{IrdlDefinition, IrdlDialect};

/// An IRDL dialect and the file that defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlSource {
    /// The file's key (the server's URI).
    pub file: String,
    pub text: Arc<str>,
    pub dialect: IrdlDialect,
}

/// What an IRDL definition defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IrdlKind {
    Operation,
    Type,
    Attribute,
}

/// An op, type or attribute of an IRDL dialect, by its full name (`geo.point`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlTarget {
    pub kind: IrdlKind,
    pub name: String,
}

impl IrdlTarget {
    /// How a use spells it: `geo.distance`, `!geo.point`, `#geo.color`.
    pub fn spelling(&self) -> String {
        match self.kind {
            IrdlKind::Operation => self.name.clone(),
            IrdlKind::Type => format!("!{}", self.name),
            IrdlKind::Attribute => format!("#{}", self.name),
        }
    }

    /// The dialect's name and the definition's name within it.
    fn parts(&self) -> Option<(&str, &str)> {
        self.name.split_once('.')
    }

    /// Its definition among `sources`, with the file that holds it.
    pub fn find<'s>(
        &self,
        sources: &'s [IrdlSource],
    ) -> Option<(&'s IrdlSource, &'s IrdlDefinition)> {
        let (dialect, name) = self.parts()?;
        let source = sources.iter().find(|s| s.dialect.name == dialect)?;
        let defs = match self.kind {
            IrdlKind::Operation => &source.dialect.ops,
            IrdlKind::Type => &source.dialect.types,
            IrdlKind::Attribute => &source.dialect.attributes,
        };
        Some((source, defs.iter().find(|d| d.name == name)?))
    }
}

/// The IRDL item used at `offset` (an op name, a dialect type or attribute name), with the
/// range of the name there. Whether a dialect defines it is for `IrdlTarget::find`.
pub(super) fn use_at(root: &SyntaxNode, offset: TextSize) -> Option<(TextRange, IrdlTarget)> {
    if let Some((_, token, name)) = super::hover::op_name_at(root, offset) {
        let target = IrdlTarget {
            kind: IrdlKind::Operation,
            name,
        };
        return Some((token.text_range(), target));
    }
    let token = root.token_at_offset(offset).right_biased()?;
    let target = dialect_item(&token)?;
    Some((token.text_range(), target))
}

/// `!d.t` or `#d.a` as a type or attribute target (not an alias: those have no dot).
pub(super) fn dialect_item(token: &SyntaxToken) -> Option<IrdlTarget> {
    let kind = match token.kind() {
        BANG_ID => IrdlKind::Type,
        HASH_ID => IrdlKind::Attribute,
        _ => return None,
    };
    let name = &token.text()[1..];
    name.contains('.').then(|| IrdlTarget {
        kind,
        name: name.to_string(),
    })
}

/// The IRDL definition whose `@name` is at `offset` in an IRDL file, with that range.
pub(super) fn definition_site_at(
    root: &SyntaxNode,
    offset: TextSize,
) -> Option<(TextRange, IrdlTarget)> {
    let token = root.token_at_offset(offset).right_biased()?;
    if token.kind() != AT_ID {
        return None;
    }
    let mut ops = token
        .parent_ancestors()
        .filter(mlir_syntax::op_nodes::is_op);
    let def = ops.next()?;
    let kind = match mlir_syntax::op_nodes::op_name(&def)?.as_str() {
        "irdl.operation" => IrdlKind::Operation,
        "irdl.type" => IrdlKind::Type,
        "irdl.attribute" => IrdlKind::Attribute,
        _ => return None,
    };
    let (name, range) = mlir_dialects::irdl::symbol(&def)?;
    let dialect = ops.next()?;
    if mlir_syntax::op_nodes::op_name(&dialect)?.as_str() != "irdl.dialect"
        || !range.contains(offset)
    {
        return None;
    }
    let (dialect, _) = mlir_dialects::irdl::symbol(&dialect)?;
    let name = format!("{dialect}.{name}");
    Some((range, IrdlTarget { kind, name }))
}

/// The IRDL item at `offset`, at a use or at its definition.
pub fn irdl_target_at(root: &SyntaxNode, offset: TextSize) -> Option<IrdlTarget> {
    definition_site_at(root, offset)
        .or_else(|| use_at(root, offset))
        .map(|(_, target)| target)
}

/// Where the IRDL item used at `offset` is defined: its file, text and `@name`.
pub fn irdl_definition(
    root: &SyntaxNode,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Option<(String, Arc<str>, TextRange)> {
    let (_, target) = use_at(root, offset)?;
    let (source, def) = target.find(sources)?;
    Some((source.file.clone(), source.text.clone(), def.range))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) const DIALECT: &str = "irdl.dialect @geo {\n  irdl.type @point {\n    %0 = irdl.any\n    irdl.parameters(coord: %0)\n  }\n  irdl.attribute @color {\n    %0 = irdl.any\n    irdl.parameters(name: %0)\n  }\n  irdl.operation @scale {\n    %0 = irdl.is i32\n    %1 = irdl.is f32\n    %2 = irdl.any_of(%0, %1)\n    irdl.operands(factor: %0, extra: variadic %2)\n    irdl.results()\n  }\n}\n";

    pub(crate) fn sources() -> Vec<IrdlSource> {
        mlir_dialects::irdl::dialects_in(DIALECT)
            .into_iter()
            .map(|dialect| IrdlSource {
                file: "file:///w/geo.irdl.mlir".into(),
                text: Arc::from(DIALECT),
                dialect,
            })
            .collect()
    }

    fn at(text: &str, needle: &str) -> TextSize {
        TextSize::new(text.find(needle).expect(needle) as u32 + 1)
    }

    #[test]
    fn targets_at_uses_and_at_definitions() {
        let user = "func.func @f(%p: !geo.point<f32>) attributes {c = #geo.color<\"red\">} {\n  \"geo.scale\"(%n) : (i32) -> ()\n  return\n}\n";
        let root = mlir_syntax::parse(user).syntax_node();
        let target = |needle| irdl_target_at(&root, at(user, needle)).map(|t| t.spelling());
        assert_eq!(target("!geo.point").as_deref(), Some("!geo.point"));
        assert_eq!(target("#geo.color").as_deref(), Some("#geo.color"));
        assert_eq!(target("geo.scale").as_deref(), Some("geo.scale"));
        assert_eq!(target("func.func").as_deref(), Some("func.func"));
        assert_eq!(target("%p"), None);

        let root = mlir_syntax::parse(DIALECT).syntax_node();
        let target = |needle| irdl_target_at(&root, at(DIALECT, needle));
        let point = target("@point").expect("the type");
        assert_eq!(
            (point.kind, point.name.as_str()),
            (IrdlKind::Type, "geo.point")
        );
        assert_eq!(target("@scale").map(|t| t.kind), Some(IrdlKind::Operation));
        assert_eq!(target("@color").map(|t| t.kind), Some(IrdlKind::Attribute));
        // The dialect's own name is no definition of an item.
        assert_eq!(target("@geo"), None);
    }

    #[test]
    fn definition_of_ops_types_and_attributes() {
        let user = "func.func @f(%p: !geo.point<f32>) attributes {c = #geo.color<\"red\">} {\n  \"geo.scale\"(%n) : (i32) -> ()\n  \"geo.nosuch\"() : () -> ()\n  return\n}\n";
        let root = mlir_syntax::parse(user).syntax_node();
        let sources = sources();
        let name = |needle| {
            irdl_definition(&root, at(user, needle), &sources)
                .map(|(_, text, range)| text[range].to_string())
        };
        assert_eq!(name("!geo.point").as_deref(), Some("@point"));
        assert_eq!(name("#geo.color").as_deref(), Some("@color"));
        assert_eq!(name("geo.scale").as_deref(), Some("@scale"));
        assert_eq!(name("geo.nosuch"), None);
    }
}
