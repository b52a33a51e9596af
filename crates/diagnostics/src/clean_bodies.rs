//! The bodies whose last check found nothing, by green node, with what they were checked
//! against. A body's name and body checks read only its tree, the file's context and the
//! IRDL dialects in sight: a body whose tree is the same node as then, under the same
//! context and dialects, finds nothing again. Such bodies are passed over without a query,
//! so a keystroke in one function of thousands costs that function, not a validation of
//! every other one.

use mlir_checks::FileContext;
use mlir_dialects::irdl::IrdlDialect;
use mlir_syntax::GreenNode;
use mlir_syntax::green::ByAddress;
use rustc_hash::FxHashSet;

#[derive(Default)]
pub struct CleanBodies {
    checked_with: Option<(FileContext, Vec<IrdlDialect>)>,
    greens: FxHashSet<ByAddress>,
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

    pub fn is_clean(&self, green: &GreenNode) -> bool {
        self.greens.contains(&ByAddress(green.clone()))
    }

    /// Keeps exactly `clean`, the bodies of the current tree found clean (so no tree that
    /// the file no longer has is kept alive).
    pub fn keep(&mut self, clean: FxHashSet<ByAddress>) {
        self.greens = clean;
    }
}
