//! What each op of a tree defines as a symbol, kept by green node from one tree to the
//! next. The file checks read every symbol of a file's tables on each keystroke (for its
//! redefinitions and for the calls of the edited function); all ops but those on the path
//! to the edit are the same nodes as before, so their answers are looked up, not read
//! again from their tokens.

use std::cell::RefCell;
use std::sync::Arc;

use mlir_syntax::green::GreenMemo;
use mlir_syntax::{SyntaxNode, TextRange, TextSize};

use crate::ops;
use crate::symbols::{TableOp, defined_symbol, symbol_definition};

/// One op's answers, with ranges relative to the op's start.
#[derive(Clone)]
struct Answers {
    /// Shared, so that a table's map of names takes them without copying.
    defined: Option<(Arc<str>, TextRange)>,
    is_definition: bool,
    is_upstream: bool,
}

/// The answers of the ops of the last trees (kept in one map: `GreenMemo`).
#[derive(Default)]
pub struct SymbolMemo {
    kept: RefCell<GreenMemo<Answers>>,
}

impl SymbolMemo {
    /// Starts on a new tree: what the last ones' ops answered may be reused.
    pub fn next_tree(&mut self) {
        self.kept.get_mut().next_tree();
    }

    /// `defined_symbol(op)`.
    pub fn defined_symbol(&self, op: &SyntaxNode) -> Option<(String, TextRange)> {
        self.answers_of_node(op, |a, start| a.defined_at(start))
    }

    /// The name of `defined_symbol(op)`, shared with the memo.
    pub fn defined_name(&self, op: &TableOp) -> Option<Arc<str>> {
        self.answers(op, |a, _| a.defined.as_ref().map(|(name, _)| name.clone()))
    }

    /// `symbol_definition(op)`.
    pub fn symbol_definition(&self, op: &SyntaxNode) -> Option<(String, TextRange)> {
        self.answers_of_node(op, |a, start| {
            a.defined_at(start).filter(|_| a.is_definition)
        })
    }

    /// Whether `ops::is_upstream_op(op)`, and if so the name of `symbol_definition(op)`:
    /// one lookup for a table's redefinition check.
    pub fn upstream_definition(&self, op: &TableOp) -> Option<Option<Arc<str>>> {
        self.answers(op, |a, _| {
            let name = a.defined.as_ref().map(|(name, _)| name.clone());
            a.is_upstream.then(|| name.filter(|_| a.is_definition))
        })
    }

    fn answers_of_node<T>(&self, op: &SyntaxNode, pick: impl Fn(&Answers, TextSize) -> T) -> T {
        match TableOp::of(op) {
            Some(table_op) => self.answers(&table_op, pick),
            None => pick(
                &Answers::of(op, op.text_range().start()),
                op.text_range().start(),
            ),
        }
    }

    /// What `pick` takes from the answers of `op` (which starts at the offset it is given).
    fn answers<T>(&self, op: &TableOp, pick: impl Fn(&Answers, TextSize) -> T) -> T {
        let mut kept = self.kept.borrow_mut();
        if let Some(found) = kept.get(&op.green) {
            return pick(found, op.start);
        }
        let answers = match op.node() {
            Some(node) => Answers::of(&node, op.start),
            None => Answers::none(),
        };
        let picked = pick(&answers, op.start);
        kept.insert(&op.green, answers);
        picked
    }
}

impl Answers {
    fn defined_at(&self, start: TextSize) -> Option<(String, TextRange)> {
        let (name, range) = self.defined.as_ref()?;
        Some((name.to_string(), *range + start))
    }

    fn none() -> Answers {
        Answers {
            defined: None,
            is_definition: false,
            is_upstream: false,
        }
    }

    fn of(op: &SyntaxNode, start: TextSize) -> Answers {
        let relative = |(name, range): (String, TextRange)| (Arc::from(name), range - start);
        let defined = defined_symbol(op).map(relative);
        Answers {
            is_definition: defined.is_some() && symbol_definition(op).is_some(),
            defined,
            is_upstream: ops::is_upstream_op(op),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::{table_op_list, table_ops};
    use mlir_syntax::reparse::{TextEdit, reparse};

    fn answers(memo: &SymbolMemo, root: &SyntaxNode) -> Vec<String> {
        let module = root.children().find(ops::is_op).expect("a module");
        let direct = table_ops(&module)
            .iter()
            .map(|op| format!("{:?} {:?}", defined_symbol(op), symbol_definition(op)))
            .collect::<Vec<_>>();
        let memoized = table_ops(&module)
            .iter()
            .map(|op| {
                format!(
                    "{:?} {:?}",
                    memo.defined_symbol(op),
                    memo.symbol_definition(op)
                )
            })
            .collect::<Vec<_>>();
        assert_eq!(memoized, direct);
        let names: Vec<_> = table_op_list(&module)
            .iter()
            .map(|op| memo.defined_name(op).map(|n| n.to_string()))
            .collect();
        let direct_names: Vec<_> = table_ops(&module)
            .iter()
            .map(|op| defined_symbol(op).map(|(n, _)| n))
            .collect();
        assert_eq!(names, direct_names);
        direct
    }

    #[test]
    fn reused_answers_move_with_their_ops() {
        let text = "module {\n  func.func @a() {\n    return\n  }\n  func.func private @b()\n  \"test.op\"() {sym_name = \"c\"} : () -> ()\n}\n";
        let old = mlir_syntax::parse(text);
        let mut memo = SymbolMemo::default();
        answers(&memo, &old.syntax_node());
        // Lengthen @a's body: the ops after it are the same nodes, further on.
        let at = TextSize::new(text.find("return").unwrap() as u32);
        let edit = TextEdit::replace(TextRange::empty(at), "return\n    ");
        let new = reparse(&old, &edit);
        memo.next_tree();
        let found = answers(&memo, &new.syntax_node());
        assert!(found[1].contains("\"b\""), "{found:?}");
        // @b and the test op were answered from the memo: only @a's new node was added.
        assert_eq!(memo.kept.borrow().len(), 4);
        // Trees that no longer ask for the old @a drop it once the stale entries outnumber
        // the rest.
        for _ in 0..3 {
            memo.next_tree();
        }
        assert!(memo.kept.borrow().len() <= 4);
    }
}
