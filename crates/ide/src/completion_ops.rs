//! Completion of words (no sigil): op names at the start of a statement or after `%x = `
//! (from the registry, with their summary and syntax), builtin types after `:` or `->`,
//! and the keywords of an op's leading enum attribute (`arith.cmpi` predicates).

use mlir_syntax::{TextRange, TextSize};

use super::completion::{CompletionItem, CompletionKind};
use mlir_dialects::registry::{AttrConstraint, Element, Registry};

/// Builtin type keywords and type constructors offered after `:` and `->`.
const TYPES: &[&str] = &[
    "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16", "f32", "f64", "none", "complex<",
    "tuple<", "vector<", "tensor<", "memref<",
];

/// Word completions at `offset` (the word typed so far is replaced).
pub fn word_completions(text: &str, offset: TextSize) -> Vec<CompletionItem> {
    let (before, start) = word_before(text, offset);
    let word = &before[start..];
    let line = &before[before[..start].rfind('\n').map_or(0, |i| i + 1)..start];
    let replace = TextRange::new(TextSize::new(start as u32), offset);
    if starts_statement(line) {
        return op_names(word, replace);
    }
    let trimmed = line.trim_end();
    if trimmed.ends_with(':') || trimmed.ends_with("->") || in_type_list(trimmed) {
        return types(word, replace);
    }
    enum_keywords(trimmed, word, replace)
}

/// The text up to `offset` and where the word (letters, digits, `_` and `.`) that ends
/// there starts.
pub(super) fn word_before(text: &str, offset: TextSize) -> (&str, usize) {
    let end = usize::from(offset).min(text.len());
    let before = &text[..end];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_alphanumeric() || "_.".contains(*c))
        .last()
        .map_or(end, |(i, _)| i);
    (before, start)
}

/// Only whitespace, or a result list and `=`, before the word.
pub(super) fn starts_statement(line: &str) -> bool {
    let line = line.trim();
    if line.is_empty() {
        return true;
    }
    let Some(results) = line.strip_suffix('=') else {
        return false;
    };
    results.split(',').all(|r| {
        let r = r.trim();
        let name = r.split(':').next().unwrap_or("");
        name.starts_with('%')
            && name.len() > 1
            && r.split(':')
                .nth(1)
                .is_none_or(|n| n.trim().parse::<u32>().is_ok())
    })
}

/// After `: i32, ` or `-> (i32, `: another type of a list.
fn in_type_list(line: &str) -> bool {
    let Some(rest) = line.strip_suffix(',').or_else(|| line.strip_suffix('(')) else {
        return false;
    };
    let after_colon = rest.rfind(':').map(|i| &rest[i + 1..]);
    let after_arrow = rest.rfind("->").map(|i| &rest[i + 2..]);
    [after_colon, after_arrow]
        .into_iter()
        .flatten()
        .any(|tail| !tail.contains('%') && !tail.contains('='))
}

fn op_names(word: &str, replace: TextRange) -> Vec<CompletionItem> {
    Registry::builtin()
        .ops()
        .into_iter()
        .filter(|spec| spec.name.starts_with(word) || spec.mnemonic().starts_with(word))
        // The legacy standard dialect only when asked for by name: MLIR 22 rejects it.
        .filter(|spec| spec.dialect != "std" || word.starts_with("std"))
        .map(|spec| CompletionItem {
            label: spec.name.clone(),
            kind: CompletionKind::Op,
            detail: Some(spec.docs.summary.clone()),
            documentation: Some(format!("```mlir\n{}\n```", spec.docs.syntax.trim_end())),
            replace,
        })
        .collect()
}

fn types(word: &str, replace: TextRange) -> Vec<CompletionItem> {
    TYPES
        .iter()
        .filter(|t| t.starts_with(word))
        .map(|t| CompletionItem {
            label: (*t).to_string(),
            kind: CompletionKind::Type,
            detail: Some("builtin type".to_string()),
            documentation: None,
            replace,
        })
        .collect()
}

/// The cases of the enum attribute an op's syntax starts with, right after its name:
/// `arith.cmpi slt`.
fn enum_keywords(line: &str, word: &str, replace: TextRange) -> Vec<CompletionItem> {
    let Some(op) = line.split_whitespace().last() else {
        return Vec::new();
    };
    let Some(spec) = Registry::builtin().op(op) else {
        return Vec::new();
    };
    let first = spec.format.as_ref().and_then(|f| {
        f.elements
            .iter()
            .find(|e| !matches!(e, Element::Space))
            .cloned()
    });
    let Some(Element::Var(name)) = first else {
        return Vec::new();
    };
    let Some((_, attr)) = spec.attribute(&name) else {
        return Vec::new();
    };
    let Some(cases) = enum_cases(&attr.constraint) else {
        return Vec::new();
    };
    cases
        .into_iter()
        .filter(|c| c.starts_with(word))
        .map(|case| CompletionItem {
            label: case,
            kind: CompletionKind::Keyword,
            detail: Some(format!("{} of {}", name, spec.name)),
            documentation: None,
            replace,
        })
        .collect()
}

fn enum_cases(constraint: &AttrConstraint) -> Option<Vec<String>> {
    let spec = constraint.enum_spec()?;
    Some(spec.cases.iter().map(|(k, _)| k.clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(fixture: &str) -> Vec<String> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let text = fixture.replace("$0", "");
        word_completions(&text, offset)
            .into_iter()
            .map(|i| i.label)
            .collect()
    }

    #[test]
    fn op_names_at_statement_start() {
        let f = "func.func @f(%a: i32) {\n  %r = arith.add$0\n}\n";
        assert_eq!(
            labels(f),
            ["arith.addf", "arith.addi", "arith.addui_extended"]
        );
        let bare = "func.func @f() {\n  ret$0\n}\n";
        assert_eq!(labels(bare), ["func.return"]);
        let group = "  %a, %b:2 = cf.b$0";
        assert_eq!(labels(group), ["cf.br"]);
    }

    #[test]
    fn types_and_predicates() {
        assert!(labels("  %r = arith.addi %a, %b : i$0").contains(&"i32".to_string()));
        assert!(labels("  %r = \"t.op\"() : () -> (i32, f$0").contains(&"f32".to_string()));
        assert_eq!(labels("  %c = arith.cmpi sl$0"), ["slt", "sle"]);
        assert!(labels("  %c = arith.addi %a, %b$0").is_empty());
    }
}
