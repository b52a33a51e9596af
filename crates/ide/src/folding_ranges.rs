//! Folding ranges: regions, attribute dictionaries, long type and attribute literals,
//! blocks of line comments, `// -----` chunks and the file-metadata block. Ranges are
//! bytes; the server turns them into lines and drops those within one line.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    Region,
    Comment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoldRange {
    pub range: TextRange,
    pub kind: FoldKind,
}

/// Kinds of node that fold: bodies and literals that often span many lines.
fn folds(kind: mlir_syntax::SyntaxKind) -> bool {
    matches!(
        kind,
        REGION
            | ATTR_DICT
            | FILE_METADATA
            | PAREN_GROUP
            | DENSE_ATTR
            | DIALECT_BODY
            | ARRAY_ATTR
            | AFFINE_MAP_ATTR
            | TENSOR_LITERAL
    )
}

pub fn folding_ranges(root: &SyntaxNode) -> Vec<FoldRange> {
    let mut out: Vec<FoldRange> = root
        .descendants()
        .filter(|n| folds(n.kind()))
        .map(|n| FoldRange {
            range: n.text_range(),
            kind: FoldKind::Region,
        })
        .collect();
    out.extend(comment_blocks(root));
    out.extend(chunks(root));
    out.sort_by_key(|f| (f.range.start(), std::cmp::Reverse(f.range.end())));
    out
}

/// Runs of two or more comments on consecutive lines (split markers end a run).
fn comment_blocks(root: &SyntaxNode) -> Vec<FoldRange> {
    let mut out = Vec::new();
    let mut run: Option<(TextRange, usize)> = None;
    for token in root
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        match token.kind() {
            COMMENT => {
                run = Some(match run {
                    Some((range, n)) => (range.cover(token.text_range()), n + 1),
                    None => (token.text_range(), 1),
                });
            }
            WHITESPACE if token.text().matches('\n').count() <= 1 => {}
            _ => flush_comment_run(&mut run, &mut out),
        }
    }
    flush_comment_run(&mut run, &mut out);
    out
}

fn flush_comment_run(run: &mut Option<(TextRange, usize)>, out: &mut Vec<FoldRange>) {
    if let Some((range, count)) = run.take()
        && count >= 2
    {
        out.push(FoldRange {
            range,
            kind: FoldKind::Comment,
        });
    }
}

/// Each `// -----` chunk, from just after its marker to just before the next.
fn chunks(root: &SyntaxNode) -> Vec<FoldRange> {
    let markers: Vec<TextRange> = root
        .descendants_with_tokens()
        .filter(|e| e.kind() == SPLIT_MARKER)
        .map(|e| e.text_range())
        .collect();
    if markers.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut start = TextSize::new(0);
    for marker in markers
        .iter()
        .chain(std::iter::once(&TextRange::empty(root.text_range().end())))
    {
        let end = trim_trailing_newlines(root, start, marker.start());
        if end > start {
            out.push(FoldRange {
                range: TextRange::new(start, end),
                kind: FoldKind::Region,
            });
        }
        start = marker.end();
    }
    out
}

/// The end of a chunk without the line breaks before the next marker.
fn trim_trailing_newlines(root: &SyntaxNode, start: TextSize, end: TextSize) -> TextSize {
    let text = root.text().slice(TextRange::new(start, end)).to_string();
    start + TextSize::of(text.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folds_of(text: &str) -> Vec<(FoldKind, String)> {
        let parse = mlir_syntax::parse(text);
        folding_ranges(&parse.syntax_node())
            .into_iter()
            .map(|f| {
                (
                    f.kind,
                    text[f.range].lines().next().unwrap_or("").to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn regions_comments_and_chunks() {
        let text = "// one\n// two\nfunc.func @f() {\n  return\n}\n// -----\n\"t.op\"() {a = 1} : () -> ()\n";
        let folds = folds_of(text);
        assert!(folds.contains(&(FoldKind::Comment, "// one".into())));
        assert!(folds.contains(&(FoldKind::Region, "{".into())));
        assert!(folds.contains(&(FoldKind::Region, "{a = 1}".into())));
        assert_eq!(
            folds.iter().filter(|(_, l)| l == "// one").count(),
            2,
            "{folds:?}"
        );
    }
}
