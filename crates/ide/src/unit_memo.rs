//! Results of a file-wide request (the outline, folding ranges, document links) kept per
//! large op by green node, from one tree to the next. An editor asks for these after each
//! keystroke; the keystroke replaced only the ops on the path to the edit, and every other
//! op is the same green node as before, whose results, kept relative to its start, are
//! reused. A request then costs the edited function and the walk down to it, not the file.

use std::sync::Arc;

use mlir_syntax::SyntaxKind;
use mlir_syntax::green::GreenMemo;
use mlir_syntax::green_walk::green_kind;
use mlir_syntax::op_nodes::is_op_kind;
use rowan::{GreenNodeData, NodeOrToken};

/// Ops shorter than this are read again on each request: keeping them would cost more
/// than it saves.
const UNIT_MIN_LEN: u32 = 256;

/// Each unit's results, relative to its start, kept as the file checks keep theirs
/// (`GreenMemo`: what the last request did not meet is dropped at the next).
pub struct UnitMemo<T> {
    kept: GreenMemo<Arc<T>>,
    /// How many units this request found kept.
    reused: usize,
}

impl<T> Default for UnitMemo<T> {
    fn default() -> Self {
        UnitMemo {
            kept: GreenMemo::default(),
            reused: 0,
        }
    }
}

impl<T> UnitMemo<T> {
    /// Starts a request on a new tree.
    pub fn next_tree(&mut self) {
        self.kept.next_tree();
        self.reused = 0;
    }

    /// The results of `unit`, computed by `compute` (which may ask for nested units) unless
    /// kept.
    pub fn get(&mut self, unit: &GreenNodeData, compute: impl FnOnce(&mut Self) -> T) -> Arc<T> {
        if let Some(found) = self.kept.get(unit) {
            self.reused += 1;
            return found.clone();
        }
        let found = Arc::new(compute(self));
        self.kept.insert(unit, found.clone());
        found
    }

    /// How many units are kept, and how many this request found kept.
    pub fn counts(&self) -> (usize, usize) {
        (self.kept.len(), self.reused)
    }
}

/// Is `green` an op whose results are kept? A long op that starts and ends with a token
/// that is not trivia, so that nothing running across tokens (a block of comments) runs
/// into or out of it: the parser puts trivia between nodes, so every well-formed op is one.
pub fn is_unit(green: &GreenNodeData) -> bool {
    is_op_kind(green_kind(green))
        && u32::from(green.text_len()) >= UNIT_MIN_LEN
        && edge_token(green, Edge::First).is_some_and(|k| !k.is_trivia())
        && edge_token(green, Edge::Last).is_some_and(|k| !k.is_trivia())
}

#[derive(Clone, Copy)]
enum Edge {
    First,
    Last,
}

/// The kind of the first or last token under `green` (empty nodes are passed over).
fn edge_token(green: &GreenNodeData, edge: Edge) -> Option<SyntaxKind> {
    let pick = |child: NodeOrToken<&GreenNodeData, &rowan::GreenTokenData>| match child {
        NodeOrToken::Token(token) => Some(mlir_syntax::green_walk::kind_of_raw(token.kind())),
        NodeOrToken::Node(node) => edge_token(node, edge),
    };
    match edge {
        Edge::First => green.children().find_map(pick),
        Edge::Last => green.children().rev().find_map(pick),
    }
}

#[cfg(test)]
mod tests {
    use mlir_syntax::reparse::{TextEdit, reparse};
    use mlir_syntax::{Parse, TextRange, TextSize};

    use crate::{
        FoldsMemo, LinksMemo, SymbolsMemo, document_links, document_links_with, document_symbols,
        document_symbols_with, folding_ranges, folding_ranges_with,
    };

    /// Functions long enough to be kept, in a nested module too, with comment runs, a
    /// split marker, file locations and `#loc` aliases around and inside them.
    fn functions(n: usize) -> String {
        let mut text = String::from("// head\n// more\nmodule {\n");
        for i in 0..n {
            text.push_str(&format!(
                "  // f{i}\n  // about f{i}\n  func.func @f{i}(%a: i32) -> i32 attributes {{k = [1,\n 2]}} {{\n    // one\n    // two\n    %0 = arith.addi %a, %a : i32 loc(\"a{i}.mlir\":3:4)\n    %1 = \"t.op\"(%0) {{v = dense<[1, 2,\n 3]> : tensor<3xi32>}} : (i32) -> i32 loc(#loc1)\n    scf.execute_region {{\n      scf.yield\n    }}\n    return %1 : i32\n  }}\n  module @inner{i} {{\n    func.func private @g{i}(i32) -> i32 attributes {{sym_visibility = \"private\", long = \"enough to be kept as a unit of its own, past two hundred and fifty-six bytes of text, which this string makes sure of, by saying rather more than it needs to say here\"}}\n  }}\n"
            ));
        }
        text.push_str(
            "}\n#loc1 = loc(\"z.mlir\":4:2)\n// -----\n\"t.op\"() {a = 1,\n b = 2} : () -> ()\n",
        );
        text
    }

    /// Each feature with its memo answers as it does without, on the first tree and on
    /// the tree after an edit; and the second time the untouched functions are reused.
    #[test]
    fn kept_units_answer_as_a_fresh_walk_after_an_edit() {
        let text = functions(6);
        let old = mlir_syntax::parse(&text);
        let mut memos = (
            FoldsMemo::default(),
            SymbolsMemo::default(),
            LinksMemo::default(),
        );
        let (units, reused) = answer(&old, &mut memos);
        assert!(units >= 7 && reused == 0, "{units} {reused}");

        // Two lines more in the third function: everything after it moves down.
        let third = text.find("@f2").unwrap();
        let at = text[third..].find("// two").unwrap() + third;
        let inserted =
            "// x\n    // y\n    %9 = arith.constant 1 : i32 loc(\"new.mlir\":1:1)\n    ";
        let edit = TextEdit::replace(TextRange::empty(TextSize::new(at as u32)), inserted);
        let mut new_text = text.clone();
        new_text.insert_str(at, inserted);
        let new = reparse(&old, &edit);
        assert_eq!(new.syntax_node().to_string(), new_text);
        let (_, reused) = answer(&new, &mut memos);
        assert!(
            reused >= 10,
            "the untouched functions were reused: {reused}"
        );
    }

    /// Runs the three features with their memos, checks them against fresh walks and
    /// returns the fold memo's counts.
    fn answer(parse: &Parse, memos: &mut (FoldsMemo, SymbolsMemo, LinksMemo)) -> (usize, usize) {
        let root = parse.syntax_node();
        assert_eq!(
            folding_ranges_with(&root, &mut memos.0),
            folding_ranges(&root)
        );
        assert_eq!(
            document_symbols_with(&root, &mut memos.1),
            document_symbols(&root)
        );
        let links = document_links_with(&root, &mut memos.2);
        assert_eq!(links, document_links(&root));
        assert!(links.len() > 6, "{links:?}");
        let reparsed = mlir_syntax::parse(&root.to_string()).syntax_node();
        assert_eq!(folding_ranges(&reparsed), folding_ranges(&root));
        assert_eq!(document_symbols(&reparsed), document_symbols(&root));
        memos.0.counts()
    }
}
