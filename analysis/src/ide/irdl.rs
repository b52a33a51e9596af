//! IDE features for ops of dialects defined in IRDL (issue: IRDL): hover on a use of such
//! an op shows its definition (operands, results, attributes with readable constraints,
//! where it is defined), and definition jumps to its `irdl.operation`. The dialects may
//! come from any file: each `IrdlSource` says which, with its text for positions.

use std::fmt::Write;
use std::sync::Arc;

use mlir_syntax::{SyntaxNode, TextRange, TextSize};

use super::HoverResult;
use super::completion::{CompletionItem, CompletionKind};
use crate::irdl::{Constraint, IrdlDefinition, IrdlDialect, IrdlValue, find_op};

/// An IRDL dialect and the file that defines it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IrdlSource {
    /// The file's key (the server's URI).
    pub file: String,
    pub text: Arc<str>,
    pub dialect: IrdlDialect,
}

/// The IRDL definition of the op whose name is at `offset`, with the name's range.
fn op_at<'s>(
    root: &SyntaxNode,
    offset: TextSize,
    sources: &'s [IrdlSource],
) -> Option<(TextRange, String, &'s IrdlSource, &'s IrdlDefinition)> {
    let (_, name_token, name) = super::hover_ir::op_name_at(root, offset)?;
    let (dialect, _) = name.split_once('.')?;
    let source = sources.iter().find(|s| s.dialect.name == dialect)?;
    let def = find_op(std::slice::from_ref(&source.dialect), &name)??;
    Some((name_token.text_range(), name, source, def))
}

/// Hover on the name of an op an IRDL dialect defines.
pub fn irdl_hover(
    root: &SyntaxNode,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Option<HoverResult> {
    let (range, name, source, def) = op_at(root, offset, sources)?;
    let mut out = format!("**{name}**: an operation defined in IRDL\n");
    let line = source.text[..usize::from(def.range.start()).min(source.text.len())]
        .matches('\n')
        .count()
        + 1;
    let _ = writeln!(out, "\ndefined at `{}:{line}`", short_file(&source.file));
    values(&mut out, "operands", &def.operands, def);
    values(&mut out, "results", &def.results, def);
    if !def.attributes.is_empty() {
        out.push_str("\nattributes:\n");
        for (attr, constraint) in &def.attributes {
            let _ = writeln!(out, "- `{attr}`: {}", describe(def, *constraint, 0));
        }
    }
    if let Some(regions) = def.regions {
        let _ = writeln!(out, "\nregions: {regions}");
    }
    let _ = write!(
        out,
        "\nsyntax: generic form only, e.g. `\"{name}\"(...) : (...) -> (...)`"
    );
    Some(HoverResult {
        range,
        markdown: out,
    })
}

/// Where the IRDL op whose name is at `offset` is defined: the file and the `@name`.
pub fn irdl_definition(
    root: &SyntaxNode,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Option<(String, Arc<str>, TextRange)> {
    let (_, _, source, def) = op_at(root, offset, sources)?;
    Some((source.file.clone(), source.text.clone(), def.range))
}

/// The ops of the IRDL dialects, in generic form (`"geo.scale"`), where a statement
/// starts at `offset` (the word typed so far, with its opening quote, is replaced).
pub fn irdl_completions(
    text: &str,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Vec<CompletionItem> {
    let (before, word_start) = super::completion_ops::word_before(text, offset);
    let start = match before[..word_start].ends_with('"') {
        true => word_start - 1,
        false => word_start,
    };
    let line = &before[before[..start].rfind('\n').map_or(0, |i| i + 1)..start];
    if !super::completion_ops::starts_statement(line) {
        return Vec::new();
    }
    let word = &before[word_start..];
    let replace = TextRange::new(TextSize::new(start as u32), offset);
    sources
        .iter()
        .flat_map(|s| s.dialect.ops.iter().map(move |op| (s, op)))
        .map(|(s, op)| (format!("{}.{}", s.dialect.name, op.name), s))
        .filter(|(name, _)| name.starts_with(word))
        .map(|(name, source)| CompletionItem {
            label: format!("\"{name}\""),
            kind: CompletionKind::Op,
            detail: Some(format!("IRDL operation ({})", short_file(&source.file))),
            documentation: None,
            replace,
        })
        .collect()
}

/// The last segment of a file's URI or path.
fn short_file(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

fn values(out: &mut String, title: &str, list: &[IrdlValue], def: &IrdlDefinition) {
    if list.is_empty() {
        return;
    }
    let _ = write!(out, "\n{title}:\n");
    for value in list {
        let many = super::hover_ir::variadicity_note(value.variadicity);
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

    const DIALECT: &str = "irdl.dialect @geo {\n  irdl.operation @scale {\n    %0 = irdl.is i32\n    %1 = irdl.is f32\n    %2 = irdl.any_of(%0, %1)\n    irdl.operands(factor: %0, extra: variadic %2)\n    irdl.results()\n  }\n}\n";

    fn sources() -> Vec<IrdlSource> {
        crate::irdl::dialects_in(DIALECT)
            .into_iter()
            .map(|dialect| IrdlSource {
                file: "file:///w/geo.irdl.mlir".into(),
                text: Arc::from(DIALECT),
                dialect,
            })
            .collect()
    }

    #[test]
    fn hover_and_definition_of_an_irdl_op() {
        let user = "func.func @f(%n: i32) {\n  \"geo.scale\"(%n) : (i32) -> ()\n  return\n}\n";
        let root = mlir_syntax::parse(user).syntax_node();
        let at = TextSize::new(user.find("geo.scale").unwrap() as u32);
        let hover = irdl_hover(&root, at, &sources()).expect("a hover");
        assert!(
            hover.markdown.contains("**geo.scale**"),
            "{}",
            hover.markdown
        );
        assert!(
            hover.markdown.contains("defined at `geo.irdl.mlir:2`"),
            "{}",
            hover.markdown
        );
        assert!(
            hover.markdown.contains("- `factor`: `i32`"),
            "{}",
            hover.markdown
        );
        assert!(
            hover
                .markdown
                .contains("- `extra`: any of (`i32`, `f32`) (variadic)"),
            "{}",
            hover.markdown
        );
        let (file, _, range) = irdl_definition(&root, at, &sources()).expect("a definition");
        assert_eq!(file, "file:///w/geo.irdl.mlir");
        assert_eq!(&DIALECT[range], "@scale");
        // Not on the name, or an op of another dialect: nothing.
        assert!(irdl_hover(&root, TextSize::new(0), &sources()).is_none());
    }

    #[test]
    fn completion_offers_irdl_ops_in_generic_form_at_statement_starts() {
        let text = "func.func @f() {\n  \"geo.sc\n}\n";
        let offset = TextSize::new(text.find("sc\n").unwrap() as u32 + 2);
        let items = irdl_completions(text, offset, &sources());
        let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
        assert_eq!(labels, ["\"geo.scale\""]);
        assert_eq!(&text[items[0].replace], "\"geo.sc");
        let after_operand = TextSize::new(text.find("{").unwrap() as u32);
        assert!(irdl_completions(text, after_operand, &sources()).is_empty());
    }
}
