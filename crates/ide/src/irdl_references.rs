//! References to what an IRDL dialect defines (issue: IRDL): every use of an op
//! (`"geo.distance"` or `geo.distance ...`), a type (`!geo.point<...>`) or an attribute
//! (`#geo.color<...>`) in a file. The server runs it on each workspace file that mentions
//! the name, and adds the definition in the IRDL file.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::irdl::{IrdlKind, IrdlTarget, dialect_item};

/// The ranges of the uses of `target` in a file, in order.
pub fn irdl_mentions(root: &SyntaxNode, target: &IrdlTarget) -> Vec<TextRange> {
    let tokens = root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token());
    match target.kind {
        IrdlKind::Operation => tokens
            .filter(|t| matches!(t.kind(), STRING | BARE_ID))
            .filter(|t| t.text().trim_matches('"') == target.name)
            .filter(|t| {
                let op = t.parent_ancestors().find(mlir_syntax::op_nodes::is_op);
                op.and_then(|op| mlir_hir::ops::op_name_token(&op)).as_ref() == Some(t)
            })
            .map(|t| t.text_range())
            .collect(),
        IrdlKind::Type | IrdlKind::Attribute => tokens
            .filter(|t| dialect_item(t).as_ref() == Some(target))
            .map(|t| t.text_range())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mentions(text: &str, kind: IrdlKind, name: &str) -> Vec<String> {
        let root = mlir_syntax::parse(text).syntax_node();
        let target = IrdlTarget {
            kind,
            name: name.into(),
        };
        irdl_mentions(&root, &target)
            .into_iter()
            .map(|r| format!("{}@{}", &text[r], u32::from(r.start())))
            .collect()
    }

    #[test]
    fn uses_of_ops_types_and_attributes() {
        let text = "func.func @f(%p: !geo.point<f32>) attributes {c = #geo.color<\"r\">, s = \"geo.scale\"} {\n  \"geo.scale\"(%p) : (!geo.point<f32>) -> ()\n  geo.scale %p : !geo.pointer\n  return\n}\n";
        assert_eq!(
            mentions(text, IrdlKind::Operation, "geo.scale"),
            ["\"geo.scale\"@88", "geo.scale@132"],
            "a string attribute of the same text is no use"
        );
        assert_eq!(
            mentions(text, IrdlKind::Type, "geo.point"),
            ["!geo.point@17", "!geo.point@107"],
            "another type that starts alike is no use"
        );
        assert_eq!(
            mentions(text, IrdlKind::Attribute, "geo.color"),
            ["#geo.color@50"]
        );
    }
}
