//! Folding ranges: regions, attribute dictionaries, long type and attribute literals,
//! blocks of line comments, `// -----` chunks and the file-metadata block. Ranges are
//! bytes; the server turns them into lines and drops those within one line.

use mlir_syntax::green_walk::{green_kind, kind_of_raw};
use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};

use crate::unit_memo::{UnitMemo, is_unit};

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

/// The folds of a file, in order.
pub fn folding_ranges(root: &SyntaxNode) -> Vec<FoldRange> {
    folding_ranges_with(root, &mut FoldsMemo::default())
}

/// `folding_ranges`, reusing what `memo` kept of the ops the last tree shared with this one.
pub fn folding_ranges_with(root: &SyntaxNode, memo: &mut FoldsMemo) -> Vec<FoldRange> {
    memo.next_tree();
    let mut walk = FoldWalk::default();
    walk.node(&root.green(), root.text_range().start(), memo);
    walk.flush_comments();
    let Folds { mut folds, markers } = walk.out;
    folds.extend(chunks(root, &markers));
    folds.sort_by_key(|f| (f.range.start(), std::cmp::Reverse(f.range.end())));
    folds
}

/// What a subtree holds: its folds and its split markers.
#[derive(Default)]
pub struct Folds {
    folds: Vec<FoldRange>,
    markers: Vec<TextRange>,
}

pub type FoldsMemo = UnitMemo<Folds>;

/// A walk of green nodes gathering folds, and the run of comments it is in.
#[derive(Default)]
struct FoldWalk {
    out: Folds,
    /// The comments' range and count.
    run: Option<(TextRange, usize)>,
}

impl FoldWalk {
    fn node(&mut self, green: &GreenNodeData, start: TextSize, memo: &mut FoldsMemo) {
        if folds(green_kind(green)) {
            self.out.folds.push(FoldRange {
                range: TextRange::at(start, green.text_len()),
                kind: FoldKind::Region,
            });
        }
        let mut at = start;
        for child in green.children() {
            let child_start = at;
            at += child.text_len();
            match child {
                NodeOrToken::Node(node) if is_unit(node) => {
                    // It starts and ends with a token that is no comment: the run ends.
                    self.flush_comments();
                    let unit = memo.get(node, |memo| unit_folds(node, memo));
                    self.take_shifted(&unit, child_start);
                }
                NodeOrToken::Node(node) => self.node(node, child_start, memo),
                NodeOrToken::Token(token) => {
                    let range = TextRange::at(child_start, token.text_len());
                    self.token(kind_of_raw(token.kind()), token.text(), range);
                }
            }
        }
    }

    /// Comments on consecutive lines make a run; anything else but a line's whitespace
    /// ends it (split markers too).
    fn token(&mut self, kind: mlir_syntax::SyntaxKind, text: &str, range: TextRange) {
        match kind {
            COMMENT => {
                self.run = Some(match self.run {
                    Some((run, n)) => (run.cover(range), n + 1),
                    None => (range, 1),
                });
            }
            WHITESPACE if text.matches('\n').count() <= 1 => {}
            _ => {
                if kind == SPLIT_MARKER {
                    self.out.markers.push(range);
                }
                self.flush_comments();
            }
        }
    }

    /// Runs of two or more comments fold.
    fn flush_comments(&mut self) {
        if let Some((range, count)) = self.run.take()
            && count >= 2
        {
            self.out.folds.push(FoldRange {
                range,
                kind: FoldKind::Comment,
            });
        }
    }

    fn take_shifted(&mut self, unit: &Folds, start: TextSize) {
        let folds = unit.folds.iter().map(|f| FoldRange {
            range: f.range + start,
            kind: f.kind,
        });
        self.out.folds.extend(folds);
        self.out
            .markers
            .extend(unit.markers.iter().map(|m| *m + start));
    }
}

/// A unit's folds, relative to its start.
fn unit_folds(green: &GreenNodeData, memo: &mut FoldsMemo) -> Folds {
    let mut walk = FoldWalk::default();
    walk.node(green, TextSize::new(0), memo);
    walk.flush_comments();
    walk.out
}

/// Each `// -----` chunk, from just after its marker to just before the next.
fn chunks(root: &SyntaxNode, markers: &[TextRange]) -> Vec<FoldRange> {
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
