//! Hover on an op, type or attribute of a dialect defined in IRDL (issue: IRDL), at a
//! use or at its definition: what it is, where it is defined, and its operands, results,
//! attributes, regions or parameters with their constraints in words.

use std::fmt::Write;

use mlir_syntax::{SyntaxNode, TextSize};

use super::irdl::{IrdlKind, IrdlSource, IrdlTarget, definition_site_at, use_at};
use crate::hover_result::HoverResult;
use mlir_dialects::irdl::{Constraint, IrdlDefinition, IrdlRegion, IrdlValue};

/// Hover on the name of an op, type or attribute an IRDL dialect defines.
pub fn irdl_hover(
    root: &SyntaxNode,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Option<HoverResult> {
    let (range, target) = definition_site_at(root, offset).or_else(|| use_at(root, offset))?;
    let (source, def) = target.find(sources)?;
    Some(HoverResult {
        range,
        markdown: markdown(&target, source, def),
    })
}

pub(super) fn markdown(target: &IrdlTarget, source: &IrdlSource, def: &IrdlDefinition) -> String {
    let what = match target.kind {
        IrdlKind::Operation => "an operation",
        IrdlKind::Type => "a type",
        IrdlKind::Attribute => "an attribute",
    };
    let mut out = format!("**{}**: {what} defined in IRDL\n", target.spelling());
    let line = source.text[..usize::from(def.range.start()).min(source.text.len())]
        .matches('\n')
        .count()
        + 1;
    let _ = writeln!(out, "\ndefined at `{}:{line}`", short_file(&source.file));
    values(&mut out, "operands", &def.operands, def);
    values(&mut out, "results", &def.results, def);
    values(&mut out, "parameters", &def.parameters, def);
    if !def.attributes.is_empty() {
        out.push_str("\nattributes:\n");
        for (attr, constraint) in &def.attributes {
            let _ = writeln!(out, "- `{attr}`: {}", describe(def, *constraint, 0));
        }
    }
    if let Some(regions) = &def.regions {
        out.push_str("\nregions:\n");
        for region in regions {
            let _ = writeln!(out, "- `{}`: {}", region.name, describe_region(def, region));
        }
    }
    if target.kind == IrdlKind::Operation {
        let _ = write!(
            out,
            "\nsyntax: generic form only, e.g. `\"{}\"(...) : (...) -> (...)`",
            target.name
        );
    }
    out
}

/// A region's entry arguments and block count in words.
fn describe_region(def: &IrdlDefinition, region: &IrdlRegion) -> String {
    let args = match &region.args {
        None => "any arguments".to_string(),
        Some(args) if args.is_empty() => "no arguments".to_string(),
        Some(args) => {
            let list: Vec<String> = args.iter().map(|a| describe(def, *a, 0)).collect();
            format!("arguments ({})", list.join(", "))
        }
    };
    match region.blocks {
        Some(blocks) => format!("{args}, {blocks} block(s)"),
        None => args,
    }
}

/// The last segment of a file's URI or path.
pub(super) fn short_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

fn values(out: &mut String, title: &str, list: &[IrdlValue], def: &IrdlDefinition) {
    if list.is_empty() {
        return;
    }
    let _ = write!(out, "\n{title}:\n");
    for value in list {
        let many = super::hover::variadicity_note(value.variadicity);
        let _ = writeln!(
            out,
            "- `{}`: {}{many}",
            value.name,
            describe(def, value.constraint, 0)
        );
    }
}

/// A constraint in words; nesting is cut off deep down (constraints may refer in cycles
/// only in broken IR, but their text must stay short).
fn describe(def: &IrdlDefinition, index: usize, depth: usize) -> String {
    if depth > 4 {
        return "…".into();
    }
    let list = |items: &[usize]| -> String {
        items
            .iter()
            .map(|i| describe(def, *i, depth + 1))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match def.constraints.get(index) {
        Some(Constraint::Any) => "any".into(),
        Some(Constraint::Is(_, text)) => format!("`{text}`"),
        Some(Constraint::AnyOf(items)) => format!("any of ({})", list(items)),
        Some(Constraint::AllOf(items)) => format!("all of ({})", list(items)),
        Some(Constraint::Base(name)) => format!("any `{name}`"),
        Some(Constraint::Parametric(name, params)) => format!("`{name}` of ({})", list(params)),
        Some(Constraint::CPred(text)) => format!("C++ predicate `{text}` (not checked)"),
        Some(Constraint::Unknown) | None => "unknown".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::irdl::tests::{DIALECT, sources};

    fn hover_at(text: &str, needle: &str) -> Option<String> {
        let root = mlir_syntax::parse(text).syntax_node();
        let at = TextSize::new(text.find(needle).expect(needle) as u32 + 1);
        irdl_hover(&root, at, &sources()).map(|h| h.markdown)
    }

    #[test]
    fn hover_on_an_irdl_op() {
        let user = "func.func @f(%n: i32) {\n  \"geo.scale\"(%n) : (i32) -> ()\n  return\n}\n";
        let hover = hover_at(user, "geo.scale").expect("a hover");
        for part in [
            "**geo.scale**: an operation defined in IRDL",
            "defined at `geo.irdl.mlir:10`",
            "- `factor`: `i32`",
            "- `extra`: any of (`i32`, `f32`) (variadic)",
        ] {
            assert!(hover.contains(part), "{part} in {hover}");
        }
        // Not on the name, or an op of another dialect: nothing.
        assert_eq!(hover_at(user, "func.func"), None);
        assert_eq!(hover_at(user, "%n"), None);
    }

    #[test]
    fn hover_on_irdl_types_and_attributes_at_uses_and_definitions() {
        let user = "func.func @f(%p: !geo.point<f32>) attributes {c = #geo.color<\"red\">}\n";
        let hover = hover_at(user, "!geo.point").expect("a hover");
        assert!(
            hover.contains("**!geo.point**: a type defined in IRDL"),
            "{hover}"
        );
        assert!(hover.contains("parameters:\n- `coord`: any"), "{hover}");
        assert!(!hover.contains("syntax:"), "{hover}");
        let hover = hover_at(user, "#geo.color").expect("a hover");
        assert!(
            hover.contains("**#geo.color**: an attribute defined in IRDL"),
            "{hover}"
        );
        let hover = hover_at(DIALECT, "@point").expect("a hover at the definition");
        assert!(hover.contains("defined at `geo.irdl.mlir:2`"), "{hover}");
    }

    #[test]
    fn hover_shows_attributes_and_regions() {
        let dialect = "irdl.dialect @flow {\n  irdl.operation @loop {\n    %0 = irdl.is index\n    %1 = irdl.is \"up\"\n    %body = irdl.region(%0) with size 1\n    %exit = irdl.region()\n    irdl.attributes {\"dir\" = %1}\n    irdl.regions(body: %body, exit: %exit)\n  }\n}\n";
        let sources: Vec<IrdlSource> = mlir_dialects::irdl::dialects_in(dialect)
            .into_iter()
            .map(|d| IrdlSource {
                file: "file:///w/flow.irdl.mlir".into(),
                text: std::sync::Arc::from(dialect),
                dialect: d,
            })
            .collect();
        let user = "\"flow.loop\"() ({}, {}) : () -> ()\n";
        let root = mlir_syntax::parse(user).syntax_node();
        let hover = irdl_hover(&root, TextSize::new(2), &sources).expect("a hover");
        for part in [
            "attributes:\n- `dir`: `\"up\"`",
            "regions:\n- `body`: arguments (`index`), 1 block(s)\n- `exit`: no arguments",
        ] {
            assert!(
                hover.markdown.contains(part),
                "{part} in {}",
                hover.markdown
            );
        }
    }
}
