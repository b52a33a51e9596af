//! Completion of what IRDL dialects define (issue: IRDL): their ops in generic form where
//! a statement starts (`"geo.scale"`), their types after `!` and attributes after `#`.

use mlir_syntax::{TextRange, TextSize};

use super::completion::{CompletionItem, CompletionKind};
use super::irdl::{IrdlKind, IrdlSource, IrdlTarget};
use super::irdl_hover::{markdown, short_file};

/// The IRDL items that fit where the cursor is; the word typed so far, with its opening
/// quote or sigil, is replaced.
pub fn irdl_completions(
    text: &str,
    offset: TextSize,
    sources: &[IrdlSource],
) -> Vec<CompletionItem> {
    let (before, word_start) = super::completion::word_before(text, offset);
    let word = &before[word_start..];
    let (kind, start) = match before[..word_start].chars().next_back() {
        Some('!') => (IrdlKind::Type, word_start - 1),
        Some('#') => (IrdlKind::Attribute, word_start - 1),
        Some('"') => (IrdlKind::Operation, word_start - 1),
        _ => (IrdlKind::Operation, word_start),
    };
    if kind == IrdlKind::Operation {
        let line = &before[before[..start].rfind('\n').map_or(0, |i| i + 1)..start];
        if !super::completion::starts_statement(line) {
            return Vec::new();
        }
    }
    let replace = TextRange::new(TextSize::new(start as u32), offset);
    sources
        .iter()
        .flat_map(|source| {
            let defs = match kind {
                IrdlKind::Operation => &source.dialect.ops,
                IrdlKind::Type => &source.dialect.types,
                IrdlKind::Attribute => &source.dialect.attributes,
            };
            defs.iter().map(move |def| (source, def))
        })
        .filter_map(|(source, def)| {
            let name = format!("{}.{}", source.dialect.name, def.name);
            if !name.starts_with(word) {
                return None;
            }
            let target = IrdlTarget { kind, name };
            Some(item(&target, source, def, replace))
        })
        .collect()
}

fn item(
    target: &IrdlTarget,
    source: &IrdlSource,
    def: &mlir_dialects::irdl::IrdlDefinition,
    replace: TextRange,
) -> CompletionItem {
    let (label, kind, what) = match target.kind {
        IrdlKind::Operation => (
            format!("\"{}\"", target.name),
            CompletionKind::Op,
            "operation",
        ),
        IrdlKind::Type => (target.spelling(), CompletionKind::Type, "type"),
        IrdlKind::Attribute => (target.spelling(), CompletionKind::Type, "attribute"),
    };
    CompletionItem {
        label,
        kind,
        detail: Some(format!("IRDL {what} ({})", short_file(&source.file))),
        documentation: Some(markdown(target, source, def)),
        replace,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::irdl::tests::sources;

    fn labels(text: &str, cursor: &str) -> Vec<(String, String)> {
        let offset = TextSize::new((text.find(cursor).expect(cursor) + cursor.len()) as u32);
        irdl_completions(text, offset, &sources())
            .into_iter()
            .map(|i| (i.label, text[i.replace].to_string()))
            .collect()
    }

    #[test]
    fn ops_in_generic_form_at_statement_starts() {
        let text = "func.func @f() {\n  \"geo.sc\n}\n";
        assert_eq!(
            labels(text, "\"geo.sc"),
            [("\"geo.scale\"".into(), "\"geo.sc".into())]
        );
        assert!(labels(text, "{").is_empty());
    }

    #[test]
    fn types_after_bang_and_attributes_after_hash() {
        let text = "func.func @f(%p: !geo.p) attributes {c = #g}\n";
        assert_eq!(
            labels(text, "!geo.p"),
            [("!geo.point".into(), "!geo.p".into())]
        );
        assert_eq!(labels(text, "#g"), [("#geo.color".into(), "#g".into())]);
    }
}
