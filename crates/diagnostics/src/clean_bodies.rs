//! The bodies whose last check found nothing, by green node, with what they were checked
//! against. A body's name and body checks read only its tree, the file's context and the
//! IRDL dialects in sight: a body whose tree is the same node as then, under the same
//! context and dialects, finds nothing again. Such bodies are passed over without a query,
//! so a keystroke in one function of thousands costs that function, not a validation of
//! every other one.

use mlir_checks::FileContext;
use mlir_dialects::irdl::IrdlDialect;
use mlir_syntax::GreenNode;

#[derive(Default)]
pub struct CleanBodies {
    checked_with: Option<(FileContext, Vec<IrdlDialect>)>,
    /// By body index, the tree of the body there when it was found clean. A body that
    /// moved to another index (one inserted before it) is checked again, as is right for
    /// any body whose tree is not the one remembered; each slot keeps one tree alive.
    greens: Vec<Option<GreenNode>>,
}

impl CleanBodies {
    /// Starts a pass under `context` and `irdl`: what was clean under others is forgotten.
    pub fn start(&mut self, context: &FileContext, irdl: &[IrdlDialect]) {
        let same = self
            .checked_with
            .as_ref()
            .is_some_and(|(c, i)| c == context && i == irdl);
        if !same {
            self.greens.clear();
            self.checked_with = Some((context.clone(), irdl.to_vec()));
        }
    }

    /// Whether body `index`, whose tree is `green`, was found clean with this tree.
    pub fn is_clean(&self, index: usize, green: &GreenNode) -> bool {
        let remembered = self.greens.get(index).and_then(Option::as_ref);
        remembered.is_some_and(|old| std::ptr::eq::<rowan::GreenNodeData>(&**old, &**green))
    }

    /// Records whether body `index` (tree `green`) is clean now.
    pub fn set(&mut self, index: usize, green: &GreenNode, clean: bool) {
        if self.greens.len() <= index {
            self.greens.resize(index + 1, None);
        }
        self.greens[index] = clean.then(|| green.clone());
    }

    /// Forgets the bodies from `count` on (the file has no more).
    pub fn truncate(&mut self, count: usize) {
        self.greens.truncate(count);
    }
}
