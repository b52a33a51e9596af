//! The custom parsers of ops we have no spec for but whose header errors MLIR reports
//! while parsing (checks stage): `affine.for`/`affine.if`, the subscripts of affine
//! loads and stores, and the LLVM dialect's `alloca`, `getelementptr`, `call`, `icmp`
//! and `fcmp`. Each reads the op's items as
//! MLIR's C++ parser reads its tokens, reports the first error it would (a few report two,
//! as MLIR does), and says nothing where the op strays from what it knows.

mod affine;
mod llvm;
mod reader;

use mlir_syntax::ast;

use crate::diagnostics::Diagnostic;
use crate::types::Lowering;

/// The errors the custom parser of `op` (named `name`) reports, in MLIR's order.
pub(super) fn header_failure(
    op: &ast::CustomOp,
    name: &str,
    lowering: &mut Lowering<'_>,
) -> Vec<Diagnostic> {
    let Some(mut reader) = reader::Reader::new(op, name, lowering) else {
        return Vec::new();
    };
    let step = match name {
        "affine.for" => affine::for_op(&mut reader),
        "affine.if" => affine::if_op(&mut reader),
        "affine.load" | "affine.vector_load" | "affine.prefetch" => {
            affine::access(&mut reader, false)
        }
        "affine.store" | "affine.vector_store" => affine::access(&mut reader, true),
        "llvm.alloca" => llvm::alloca(&mut reader),
        "llvm.getelementptr" => llvm::getelementptr(&mut reader),
        "llvm.call" => llvm::call(&mut reader),
        "llvm.icmp" | "llvm.fcmp" => llvm::compare(&mut reader),
        _ => return Vec::new(),
    };
    match step {
        reader::Step::Failed(errors) => errors,
        reader::Step::Done | reader::Step::Unknown => Vec::new(),
    }
}
