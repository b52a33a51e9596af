//! Verifiers of `llvm` ops beyond their ODS constraints (see `checks::verifiers`), one
//! submodule per family of ops; this file dispatches and holds what they share. (The
//! checks of `llvm` custom parsers are in `custom_parsers/llvm.rs`; the lookups of
//! symbols, `llvm.call`'s callee among them, in the diagnostics crate.)

mod access;
mod call;
mod constant;
mod gep;
mod globals;
mod ret;
mod types;

use mlir_syntax::{SyntaxElement, SyntaxKind, SyntaxNode};

use crate::diagnostic::Diagnostic;
use crate::verifiers::op::{Cx, Op};
use types::LType;

/// The ops this file verifies.
pub(super) const OPS: &[&str] = &[
    "llvm.call",
    "llvm.getelementptr",
    "llvm.load",
    "llvm.mlir.constant",
    "llvm.mlir.global",
    "llvm.mlir.global_ctors",
    "llvm.mlir.global_dtors",
    "llvm.return",
    "llvm.store",
];

/// The ops whose verifier reads something beyond the op itself: `llvm.return`'s reads its
/// function, `llvm.call`'s the type of its callee operand.
pub(super) const READS_AROUND: &[&str] = &["llvm.call", "llvm.return"];

pub(super) fn verify(op: &Op<'_>, cx: &mut Cx<'_>, out: &mut Vec<Diagnostic>) {
    let found = match op.name {
        "llvm.mlir.constant" => constant::constant(op, cx),
        "llvm.load" => access::load(op, cx),
        "llvm.store" => access::store(op, cx),
        "llvm.call" => call::call(op, cx),
        "llvm.return" => ret::ret(op, cx),
        "llvm.getelementptr" => gep::getelementptr(op, cx),
        "llvm.mlir.global" => globals::global(op, cx),
        "llvm.mlir.global_ctors" => globals::structors(op, cx, "ctors"),
        "llvm.mlir.global_dtors" => globals::structors(op, cx, "dtors"),
        _ => None,
    };
    out.extend(found);
}

/// The `LType` of operand or result type `ty`; `Unknown` when it is not known.
fn ltype(ty: Option<&Option<mlir_types::Type>>) -> LType {
    match ty {
        Some(Some(ty)) => LType::of(ty),
        _ => LType::Unknown,
    }
}

/// A type as an `llvm` verifier prints it: a builtin type we read exactly as we print it,
/// an LLVM type canonically when we read all of it, else as written.
fn type_text(ty: &mlir_types::Type) -> String {
    let read = LType::of(ty);
    if matches!(ty, mlir_types::Type::Opaque(_)) && read.printable() {
        return read.to_string();
    }
    ty.to_string()
}

/// The pieces of a custom form's `(...)` or `[...]` group between its commas, each its
/// nodes and tokens (`1.0`, `:`, `f16`): the custom form keeps a value's type beside it.
fn group_pieces(group: &SyntaxNode) -> Vec<Vec<SyntaxElement>> {
    let mut pieces = vec![Vec::new()];
    let inner = group.children_with_tokens().filter(|e| {
        !e.kind().is_trivia()
            && !matches!(
                e.kind(),
                SyntaxKind::L_PAREN
                    | SyntaxKind::R_PAREN
                    | SyntaxKind::L_BRACK
                    | SyntaxKind::R_BRACK
            )
    });
    for element in inner {
        match element.kind() {
            SyntaxKind::COMMA => pieces.push(Vec::new()),
            _ => pieces.last_mut().map_or((), |p| p.push(element)),
        }
    }
    pieces
}
