//! Hover for what is not a name: a location (`loc(...)`, also through a `#loc` alias) says
//! what place it names, and an op name shows the op's documentation from the registry
//! (summary, syntax, description, example) with its operands and results.

use std::fmt::Write;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextSize};

use super::hover::HoverResult;
use mlir_dialects::registry::{OpSpec, Registry, Variadicity};

/// How deep nested locations are described (a fused location of call sites of ...).
const MAX_DEPTH: u32 = 8;

/// Hover on a location, or on a `#loc` alias used as one.
pub fn location_hover(root: &SyntaxNode, offset: TextSize) -> Option<HoverResult> {
    let token = root.token_at_offset(offset).right_biased()?;
    let node = token.parent()?;
    if let Some(alias) = node.ancestors().find(|n| n.kind() == ATTR_ALIAS_REF)
        && alias.ancestors().any(|n| n.kind() == LOCATION)
    {
        let name = alias.first_token()?.text().to_string();
        let value = root
            .children()
            .filter_map(ast::AttrAliasDef::cast)
            .find(|d| d.name_token().is_some_and(|t| t.text() == name))?
            .value()?;
        let text = describe(value.syntax(), 0)?;
        let markdown = format!("`{name}`: {text}");
        let range = alias.text_range();
        return Some(HoverResult { range, markdown });
    }
    let loc = node
        .ancestors()
        .take_while(|n| n.kind().is_location_node())
        .find(|n| n.kind() != LOCATION)?;
    let markdown = describe(&loc, 0)?;
    Some(HoverResult {
        range: loc.text_range(),
        markdown,
    })
}

/// A location in words.
fn describe(node: &SyntaxNode, depth: u32) -> Option<String> {
    if depth > MAX_DEPTH {
        return Some("…".to_string());
    }
    let inner = |n: &SyntaxNode| describe(n, depth + 1);
    let locations = |n: &SyntaxNode| -> Vec<SyntaxNode> {
        n.children()
            .filter(|c| c.kind().is_location_node())
            .collect()
    };
    match node.kind() {
        LOCATION => locations(node).first().and_then(inner),
        UNKNOWN_LOC => Some("unknown location".to_string()),
        FILE_LINE_COL_LOC => {
            let target = super::locations::file_line_col(node)?;
            let (file, line, column) = (target.file, target.line, target.column);
            Some(format!("`{file}`, line {line}, column {column}"))
        }
        NAME_LOC => {
            let loc = ast::NameLoc::cast(node.clone())?;
            let name = loc.name()?;
            match locations(node).first().and_then(inner) {
                Some(child) => Some(format!("named `{name}`, at {child}")),
                None => Some(format!("named `{name}`")),
            }
        }
        CALLSITE_LOC => {
            let parts = locations(node);
            let callee = parts.first().and_then(inner)?;
            let caller = parts.get(1).and_then(inner)?;
            Some(format!("{callee}, called from {caller}"))
        }
        FUSED_LOC => {
            let parts: Vec<String> = locations(node).iter().filter_map(inner).collect();
            let list: String = parts.iter().map(|p| format!("\n- {p}")).collect();
            Some(format!("fused location of {}:{list}", parts.len()))
        }
        _ => None,
    }
}

/// Hover on an op's name: its documentation, if the registry knows the op.
pub fn op_hover(root: &SyntaxNode, offset: TextSize) -> Option<HoverResult> {
    let (op, name_token, name) = op_name_at(root, offset)?;
    let registry = Registry::builtin();
    let dialect = registry.default_dialect_at(&op);
    let spec = registry.resolve(&name, dialect.as_deref())?;
    Some(HoverResult {
        range: name_token.text_range(),
        markdown: op_docs(spec),
    })
}

/// The op whose name token is at `offset`, that token, and the name without quotes.
pub(super) fn op_name_at(
    root: &SyntaxNode,
    offset: TextSize,
) -> Option<(SyntaxNode, mlir_syntax::SyntaxToken, String)> {
    let token = root.token_at_offset(offset).right_biased()?;
    let op = token.parent_ancestors().find(super::is_op)?;
    let name_token = mlir_hir::ops::op_name_token(&op)?;
    if name_token != token {
        return None;
    }
    let name = name_token.text().trim_matches('"').to_string();
    Some((op, name_token, name))
}

/// How a value's count is shown after its constraint.
pub(super) fn variadicity_note(variadicity: Variadicity) -> &'static str {
    match variadicity {
        Variadicity::Single => "",
        Variadicity::Optional => " (optional)",
        _ => " (variadic)",
    }
}

/// An op's documentation in Markdown.
pub(crate) fn op_docs(spec: &OpSpec) -> String {
    let mut out = format!("**{}**: {}\n", spec.name, spec.docs.summary);
    if !spec.docs.syntax.is_empty() {
        let _ = write!(out, "\n```mlir\n{}\n```\n", spec.docs.syntax.trim_end());
    }
    let values = |title: &str, list: &[mlir_dialects::registry::ValueSpec], out: &mut String| {
        if list.is_empty() {
            return;
        }
        let _ = write!(out, "\n{title}:\n");
        for value in list {
            let many = variadicity_note(value.variadicity);
            let _ = writeln!(
                out,
                "- `{}`: {}{many}",
                value.name,
                value.constraint.describe()
            );
        }
    };
    values("Operands", &spec.operands, &mut out);
    values("Results", &spec.results, &mut out);
    if !spec.docs.description.is_empty() {
        let _ = write!(out, "\n{}\n", spec.docs.description.trim_end());
    }
    if let Some(example) = spec.docs.examples.first() {
        let _ = write!(out, "\nExample:\n```mlir\n{}\n```\n", example.trim_end());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hover_at(fixture: &str, f: fn(&SyntaxNode, TextSize) -> Option<HoverResult>) -> String {
        let offset = TextSize::new(fixture.find("$0").expect("$0") as u32);
        let text = fixture.replace("$0", "");
        let parse = mlir_syntax::parse(&text);
        f(&parse.syntax_node(), offset)
            .map(|h| h.markdown)
            .unwrap_or_default()
    }

    #[test]
    fn locations_in_words() {
        let text = "\"t.op\"() : () -> () loc(callsite(\"f$0.mlir\":3:4 at fused[\"g.mlir\":1:2, unknown]))\n";
        assert_eq!(hover_at(text, location_hover), "`f.mlir`, line 3, column 4");
        let outer = text
            .replace("f$0.mlir", "f.mlir")
            .replace("callsite", "call$0site");
        assert_eq!(
            hover_at(&outer, location_hover),
            "`f.mlir`, line 3, column 4, called from fused location of 2:\n- `g.mlir`, line 1, column 2\n- unknown location"
        );
        let aliased = "\"t.op\"() : () -> () loc(#l$0oc)\n#loc = loc(\"a\"(\"b.mlir\":5:6))\n";
        assert_eq!(
            hover_at(aliased, location_hover),
            "`#loc`: named `a`, at `b.mlir`, line 5, column 6"
        );
    }

    #[test]
    fn op_documentation() {
        let text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.ad$0di %a, %a : i32\n  re$1turn %0 : i32\n}\n";
        let addi = hover_at(&text.replace("$1", ""), op_hover);
        assert!(addi.starts_with("**arith.addi**: "), "{addi}");
        assert!(addi.contains("Operands:\n- `lhs`: "), "{addi}");
        assert!(addi.contains("Example:\n```mlir\n"), "{addi}");
        let ret = hover_at(&text.replace("$0", "").replace("$1", "$0"), op_hover);
        assert!(ret.starts_with("**func.return**: "), "{ret}");
        let unknown = "\"t.o$0p\"() : () -> ()\n";
        assert_eq!(hover_at(unknown, op_hover), "");
    }
}
