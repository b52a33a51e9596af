//! The custom parsers of ops we have no spec for (or a spec without a format: MLIR parses
//! them in C++) but whose header errors MLIR reports while parsing (checks stage): `affine.for`/`affine.if`, the subscripts of affine
//! loads and stores, `affine.parallel`'s reductions, the LLVM dialect's `alloca`,
//! `getelementptr`, `call`, `icmp` and `fcmp`, `vector.outerproduct`, the trailing types
//! of the vector transfers and of a few other vector ops, the reduction
//! kinds of the GPU dialect, `gpu.launch_func`'s kernel and arguments, the `async` of the
//! GPU ops with async dependencies, `gpu.func`'s arguments, the result type of the SPIR-V
//! extended arithmetic ops, `linalg.generic`'s iterator types and region and the types of
//! `transform.sequence`'s operands, and of any other op a comma or colon missing in its
//! typed groups (`(%a, %b : T, U)`). Each reads the
//! op's items as MLIR's C++ parser reads its tokens, reports the first error it would (a
//! few report two, as MLIR does), and says nothing where the op strays from what it knows.

mod affine;
mod affine_parallel;
mod gpu;
mod groups;
mod linalg;
mod llvm;
mod reader;
mod shaped;
mod spirv;
mod transform;
mod vector;

use mlir_syntax::ast;

use crate::diagnostic::Diagnostic;
use mlir_types::Lowering;

/// The errors the custom parser of `op` (named `name`, an op we have no spec for) reports,
/// in MLIR's order.
pub(super) fn header_failure(
    op: &ast::CustomOp,
    name: &str,
    lowering: &mut Lowering<'_>,
) -> Vec<Diagnostic> {
    match parser_of(name) {
        Some(parse) => run(parse, op, name, lowering),
        // Any other op: only the typed groups that every parser reads alike.
        None => groups::failure(op).into_iter().collect(),
    }
}

/// The errors of the hand-written parser of an op whose spec has no format (MLIR parses it
/// in C++), if we have one.
pub(super) fn spec_op_failure(
    op: &ast::CustomOp,
    name: &str,
    lowering: &mut Lowering<'_>,
) -> Vec<Diagnostic> {
    parser_of(name).map_or_else(Vec::new, |parse| run(parse, op, name, lowering))
}

type Parse = fn(&mut reader::Reader<'_, '_>) -> reader::Step;

/// The hand-written parser of the op named `name`. Named first: other ops (most of a
/// downstream file) pay nothing.
fn parser_of(name: &str) -> Option<Parse> {
    let parse: Parse = match name {
        "affine.for" => affine::for_op,
        "affine.if" => affine::if_op,
        "affine.load" | "affine.vector_load" | "affine.prefetch" => |r| affine::access(r, false),
        "affine.store" | "affine.vector_store" => |r| affine::access(r, true),
        "llvm.alloca" => llvm::alloca,
        "llvm.getelementptr" => llvm::getelementptr,
        "llvm.call" => llvm::call,
        "llvm.icmp" | "llvm.fcmp" => llvm::compare,
        "affine.parallel" => affine_parallel::reductions,
        "vector.outerproduct" => vector::outerproduct,
        "vector.transfer_read" | "vector.transfer_write" => vector::transfer,
        "gpu.all_reduce" | "gpu.subgroup_reduce" => gpu::reduction,
        "gpu.launch_func" => gpu::launch_func,
        "gpu.wait" => gpu::wait,
        "gpu.func" => gpu::func,
        "linalg.generic" => linalg::generic,
        "transform.sequence" => transform::sequence,
        name if gpu::ASYNC_OPS.contains(&name) => gpu::async_dependencies,
        name if spirv::EXTENDED_OPS.contains(&name) => spirv::extended_binary,
        "vector.broadcast" => |r| shaped::trailing_types(r, &[None, shaped::vector()]),
        "vector.shape_cast" => |r| shaped::trailing_types(r, &[shaped::vector(), shaped::vector()]),
        _ => return None,
    };
    Some(parse)
}

fn run(
    parse: Parse,
    op: &ast::CustomOp,
    name: &str,
    lowering: &mut Lowering<'_>,
) -> Vec<Diagnostic> {
    let Some(mut reader) = reader::Reader::new(op, name, lowering) else {
        return Vec::new();
    };
    match parse(&mut reader) {
        reader::Step::Failed(errors) => errors,
        reader::Step::Done | reader::Step::Unknown => Vec::new(),
    }
}
