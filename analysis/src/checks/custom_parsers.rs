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
    type Parse = fn(&mut reader::Reader<'_, '_>) -> reader::Step;
    // Named first: other unknown ops (most of a downstream file) pay nothing.
    let parse: Parse = match name {
        "affine.for" => affine::for_op,
        "affine.if" => affine::if_op,
        "affine.load" | "affine.vector_load" | "affine.prefetch" => |r| affine::access(r, false),
        "affine.store" | "affine.vector_store" => |r| affine::access(r, true),
        "llvm.alloca" => llvm::alloca,
        "llvm.getelementptr" => llvm::getelementptr,
        "llvm.call" => llvm::call,
        "llvm.icmp" | "llvm.fcmp" => llvm::compare,
        _ => return Vec::new(),
    };
    let Some(mut reader) = reader::Reader::new(op, name, lowering) else {
        return Vec::new();
    };
    let step = parse(&mut reader);
    match step {
        reader::Step::Failed(errors) => errors,
        reader::Step::Done | reader::Step::Unknown => Vec::new(),
    }
}
