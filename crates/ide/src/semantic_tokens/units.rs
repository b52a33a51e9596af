//! A whole file's semantic tokens with the large functions they fall in (`TokenUnitMemo`):
//! the caller encodes tokens for LSP, and an encoded function is the same from one tree to
//! the next wherever it moves but for its first token, which is relative to the token
//! before it. A caller that keeps each function's encoded tokens by green node copies
//! those of every function a keystroke did not touch, instead of walking them again: at a
//! million lines that walk cost 450 ms on every `full/delta` request.

use mlir_dialects::known_ops::TABLE_OPS;
use mlir_syntax::green::{GreenMemo, op_name};
use mlir_syntax::green_walk::{green_kind, kind_of_raw};
use mlir_syntax::{SyntaxNode, TextRange, TextSize};
use rowan::{GreenNodeData, NodeOrToken};

use super::{HighlightToken, highlight};

/// What a caller kept of each unit of the last trees, by green node.
pub struct TokenUnitMemo<T> {
    kept: GreenMemo<T>,
}

impl<T> Default for TokenUnitMemo<T> {
    fn default() -> Self {
        TokenUnitMemo {
            kept: GreenMemo::default(),
        }
    }
}

impl<T> TokenUnitMemo<T> {
    /// How many units are kept.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

/// Where the tokens of a walk by units go.
pub trait UnitSink<T> {
    fn token(&mut self, token: HighlightToken);
    /// The walk is at the unit `range`, of which the memo kept `kept`: what to keep of it
    /// now if the sink used that (the walk then passes over the unit), else `None` (the
    /// sink is then given the unit's tokens between `unit_start` and `unit_end`).
    fn reuse(&mut self, range: TextRange, kept: &T) -> Option<T>;
    fn unit_start(&mut self, range: TextRange);
    /// The unit's tokens were all given: what to keep of it.
    fn unit_end(&mut self, range: TextRange) -> T;
}

/// Every semantic token of the tree under `root`, in file order, with the units among
/// them; `memo` keeps what `sink` gives of the units for the next tree (and nothing of
/// units this tree no longer has, after the next walk).
pub fn semantic_tokens_by_unit<T>(
    root: &SyntaxNode,
    memo: &mut TokenUnitMemo<T>,
    sink: &mut dyn UnitSink<T>,
) {
    memo.kept.next_tree();
    let green = root.green();
    Walk { memo, sink }.node(&green, root.text_range().start(), false);
}

/// Is `green` a unit: a large op (`unit_memo::is_unit`) that is no symbol table, outside
/// any other unit? A module holds the functions, which are the units; as a unit itself
/// it would change with each of them.
fn is_token_unit(green: &GreenNodeData) -> bool {
    crate::unit_memo::is_unit(green) && !op_name(green).is_some_and(|n| TABLE_OPS.contains(&n))
}

struct Walk<'w, T> {
    memo: &'w mut TokenUnitMemo<T>,
    sink: &'w mut dyn UnitSink<T>,
}

impl<T> Walk<'_, T> {
    fn node(&mut self, node: &GreenNodeData, start: TextSize, in_unit: bool) {
        let parent = green_kind(node);
        let mut at = start;
        for child in node.children() {
            let range = TextRange::at(at, child.text_len());
            at = range.end();
            match child {
                NodeOrToken::Node(child) if !in_unit && is_token_unit(child) => {
                    self.unit(child, range)
                }
                NodeOrToken::Node(child) => self.node(child, range.start(), in_unit),
                NodeOrToken::Token(token) => {
                    let kind = kind_of_raw(token.kind());
                    let sink = &mut *self.sink;
                    highlight(kind, parent, token.text(), range, &mut |t| sink.token(t));
                }
            }
        }
    }

    fn unit(&mut self, unit: &GreenNodeData, range: TextRange) {
        if let Some(kept) = self.memo.kept.get(unit)
            && let Some(now) = self.sink.reuse(range, kept)
        {
            self.memo.kept.insert(unit, now);
            return;
        }
        self.sink.unit_start(range);
        self.node(unit, range.start(), true);
        let now = self.sink.unit_end(range);
        self.memo.kept.insert(unit, now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::semantic_tokens;
    use mlir_syntax::reparse::{TextEdit, reparse};

    /// Keeps each unit's tokens relative to its start, and counts the units reused.
    #[derive(Default)]
    struct Relative {
        out: Vec<HighlightToken>,
        unit_from: usize,
        reused: usize,
    }

    impl UnitSink<Vec<HighlightToken>> for Relative {
        fn token(&mut self, token: HighlightToken) {
            self.out.push(token);
        }

        fn reuse(
            &mut self,
            range: TextRange,
            kept: &Vec<HighlightToken>,
        ) -> Option<Vec<HighlightToken>> {
            self.reused += 1;
            let moved = kept.iter().map(|t| HighlightToken {
                range: t.range + range.start(),
                ..*t
            });
            self.out.extend(moved);
            Some(kept.clone())
        }

        fn unit_start(&mut self, _: TextRange) {
            self.unit_from = self.out.len();
        }

        fn unit_end(&mut self, range: TextRange) -> Vec<HighlightToken> {
            let relative = self.out[self.unit_from..].iter().map(|t| HighlightToken {
                range: t.range - range.start(),
                ..*t
            });
            relative.collect()
        }
    }

    fn function(i: usize) -> String {
        format!(
            "  func.func @f{i}(%a: i32, %b: f32) -> i32 {{\n    %c = arith.addi %a, %a : i32\n    \
             %d = arith.constant 4 : index // a comment\n    %e = \"t.op\"(%b) {{k = #map}} : (f32) -> tensor<4xf32>\n    \
             %g = arith.muli %c, %c : i32 // long enough to be a unit of its own\n    \
             return %c : i32\n  }}\n"
        )
    }

    #[test]
    fn tokens_by_unit_equal_a_walk_and_reuse_the_untouched_functions() {
        let mut text = String::from("#map = affine_map<(d0) -> (d0)>\nmodule {\n");
        for i in 0..6 {
            text.push_str(&function(i));
        }
        text.push_str("}\n");
        let mut parse = mlir_syntax::parse(&text);
        let mut memo = TokenUnitMemo::default();
        let walk = |parse: &mlir_syntax::Parse, memo: &mut TokenUnitMemo<_>| {
            let mut sink = Relative::default();
            semantic_tokens_by_unit(&parse.syntax_node(), memo, &mut sink);
            assert_eq!(sink.out, semantic_tokens(&parse.syntax_node(), None));
            sink.reused
        };
        assert_eq!(walk(&parse, &mut memo), 0);
        assert_eq!(memo.len(), 6, "one unit a function, none for the module");
        // An edit in the third function moves the three after it.
        let f2 = text.find("func.func @f2(").expect("f2");
        let at = f2 + text[f2..].find("%c = arith.addi").expect("a line of f2");
        let edit = TextEdit::insert(
            TextSize::new(at as u32),
            "%z = arith.addi %a, %a : i32\n    ",
        );
        edit.apply(&mut text);
        parse = reparse(&parse, &edit);
        assert_eq!(walk(&parse, &mut memo), 5);
        assert_eq!(walk(&parse, &mut memo), 6);
        assert_eq!(memo.len(), 6, "the old third function is dropped");
    }
}
