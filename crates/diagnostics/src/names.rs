//! Name diagnostics of a whole file: every body (the top level of each chunk, and each
//! isolated op) lowered and resolved, errors mapped back to text ranges, with the body
//! checks (value types, block structure) that read the resolution. The salsa database runs
//! the same steps per body, incrementally.

use mlir_syntax::{GreenNode, SyntaxKind, SyntaxNode, TextRange, TextSize};

use mlir_checks::diagnostic::{Diagnostic, Note};
use mlir_checks::{FileContext, OpMemo};
use mlir_hir::{self as hir, NameError, Resolution};

/// Name-resolution diagnostics of a parsed file. Bodies are independent, so they are
/// resolved on all cores: each thread rebuilds a body's tree from its (shareable) green
/// node and shifts the ranges back by the body's offset.
pub fn name_diagnostics(root: &SyntaxNode) -> Vec<Diagnostic> {
    let context = FileContext::of_file(root);
    name_diagnostics_of(&mlir_hir::outline::outline_once(root).bodies, &context)
}

/// `name_diagnostics` of the bodies of an outline, whose file has the `context`. Each
/// thread remembers the op shapes it has checked for all the bodies it takes.
pub fn name_diagnostics_of(
    bodies: &[(GreenNode, TextSize)],
    context: &FileContext,
) -> Vec<Diagnostic> {
    name_diagnostics_using(bodies, context, OpMemo::for_file, &Vec::new).0
}

/// `name_diagnostics_of`, and what `other` finds, run as the first item a thread takes:
/// the file's other checks share the cores with the bodies' rather than taking a thread
/// of their own, which would have three threads take turns on two cores.
pub fn name_diagnostics_beside(
    bodies: &[(GreenNode, TextSize)],
    context: &FileContext,
    other: &(dyn Fn() -> Vec<Diagnostic> + Sync),
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    name_diagnostics_using(bodies, context, OpMemo::for_file, other)
}

/// `name_diagnostics_of` with every op checked in full, never by a remembered shape: what
/// the memo must not change (tests compare both).
pub fn name_diagnostics_unmemoized(
    bodies: &[(GreenNode, TextSize)],
    context: &FileContext,
) -> Vec<Diagnostic> {
    name_diagnostics_using(bodies, context, OpMemo::disabled, &Vec::new).0
}

/// The bodies' diagnostics, sorted by place, and what `other` finds.
fn name_diagnostics_using(
    bodies: &[(GreenNode, TextSize)],
    context: &FileContext,
    new_memo: fn() -> OpMemo,
    other: &(dyn Fn() -> Vec<Diagnostic> + Sync),
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let threads = mlir_syntax::pool::threads();
    // Bodies differ in size: threads take small batches in turn, after `other` (`None`).
    let batches: Vec<Option<&[(GreenNode, TextSize)]>> = std::iter::once(None)
        .chain(bodies.chunks(BATCH).map(Some))
        .collect();
    let check_batch = |memo: &mut OpMemo, batch: &Option<&[(GreenNode, TextSize)]>| {
        let Some(batch) = batch else {
            return other();
        };
        batch
            .iter()
            .flat_map(|(g, at)| green_body_diagnostics(g, *at, context, memo))
            .collect::<Vec<_>>()
    };
    // In body order, as one thread would give them, before sorting by place.
    let mut done = mlir_syntax::pool::map_in_turn(&batches, threads, new_memo, check_batch);
    let other = done.remove(0);
    let mut out: Vec<Diagnostic> = done.into_iter().flatten().collect();
    out.sort_by_key(|d| (d.range.start(), d.range.end()));
    (out, other)
}

/// How many bodies a thread takes at a time.
const BATCH: usize = 16;

/// The diagnostics of one body given as a green node that starts at `offset` in the file.
fn green_body_diagnostics(
    green: &GreenNode,
    offset: TextSize,
    context: &FileContext,
    memo: &mut OpMemo,
) -> Vec<Diagnostic> {
    let body_op = SyntaxNode::new_root(green.clone());
    let (body, names) = hir::lower_located(&body_op);
    let resolution = hir::resolve(&body);
    drop(body);
    let mut out = located_body_diagnostics(green, offset, &resolution);
    let irdl = &context.irdl;
    let checks =
        mlir_checks::body_checks_located(&body_op, &resolution, context, irdl, memo, names);
    out.extend(shifted(checks, offset));
    out
}

/// Diagnostics of a body moved from its own tree's ranges to the file's.
pub fn shifted(mut found: Vec<Diagnostic>, offset: TextSize) -> Vec<Diagnostic> {
    for d in &mut found {
        d.range += offset;
        for note in &mut d.notes {
            note.range += offset;
        }
    }
    found
}

/// A body's diagnostics with ranges in the file, the body's green node starting at
/// `offset` in it.
pub fn located_body_diagnostics(
    green: &GreenNode,
    offset: TextSize,
    resolution: &Resolution,
) -> Vec<Diagnostic> {
    if resolution.errors.is_empty() {
        return Vec::new();
    }
    let body_op = SyntaxNode::new_root(green.clone());
    shifted(body_diagnostics(&body_op, resolution), offset)
}

/// Maps a body's errors to diagnostics with text ranges.
pub fn body_diagnostics(body_op: &SyntaxNode, resolution: &Resolution) -> Vec<Diagnostic> {
    if resolution.errors.is_empty() {
        return Vec::new(); // no need to walk the body for ranges
    }
    let tokens = hir::name_tokens(body_op);
    let range_of = |i: u32| tokens[i as usize].text_range();
    resolution
        .errors
        .iter()
        .map(|e| diagnostic(e, &tokens, &range_of))
        .collect()
}

fn diagnostic(
    error: &NameError,
    tokens: &[mlir_syntax::SyntaxToken],
    range_of: &impl Fn(u32) -> TextRange,
) -> Diagnostic {
    let at = |name: u32, on_op: bool| {
        if on_op {
            op_name_range(&tokens[name as usize])
        } else {
            range_of(name)
        }
    };
    let range = at(error.name, error.on_op);
    let notes = error
        .notes
        .iter()
        .map(|(i, m)| Note {
            range: at(*i, error.notes_on_op),
            message: m.clone(),
        })
        .collect();
    let mut d = Diagnostic::error(code_of(&error.message), error.message.clone(), range);
    d.notes = notes;
    d
}

/// The op name of the op a token belongs to (where MLIR reports op-level errors).
fn op_name_range(token: &mlir_syntax::SyntaxToken) -> TextRange {
    let Some(op) = token.parent_ancestors().find(hir::ops::is_op) else {
        return token.text_range();
    };
    let name = op.children().find(|n| n.kind() == SyntaxKind::OP_NAME);
    let generic_name = op
        .children_with_tokens()
        .find(|e| e.kind() == SyntaxKind::STRING);
    name.map(|n| n.text_range())
        .or(generic_name.map(|e| e.text_range()))
        .unwrap_or(token.text_range())
}

fn code_of(message: &str) -> &'static str {
    if message.starts_with("use of undeclared") {
        "undeclared-value"
    } else if message.starts_with("reference to an undefined block") {
        "undefined-block"
    } else if message.contains("does not dominate") {
        "dominance"
    } else if message.contains("block") {
        "block"
    } else if message.starts_with("result number") {
        "result-number"
    } else {
        "redefinition"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Vec<String> {
        let parse = mlir_syntax::parse(text);
        assert!(parse.errors().is_empty(), "{:?}", parse.errors());
        name_diagnostics(&parse.syntax_node())
            .iter()
            .map(|d| {
                let notes: Vec<String> = d
                    .notes
                    .iter()
                    .map(|n| format!(" [{}: {}]", &text[n.range], n.message))
                    .collect();
                format!("{}: {}{}", &text[d.range], d.message, notes.concat())
            })
            .collect()
    }

    #[test]
    fn other_checks_run_once_beside_the_bodies_and_come_back_apart() {
        let text = "func.func @f() {\n  \"t.use\"(%nope) : (i32) -> ()\n  return\n}\n";
        let root = mlir_syntax::parse(text).syntax_node();
        let outline = mlir_hir::outline::outline_once(&root);
        let context = FileContext::of_file(&root);
        let runs = std::sync::atomic::AtomicUsize::new(0);
        let other = || {
            runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let at = TextRange::empty(TextSize::new(0));
            vec![Diagnostic::error("test", "other", at)]
        };
        let (names, found) = name_diagnostics_beside(&outline.bodies, &context, &other);
        assert_eq!(names, name_diagnostics_of(&outline.bodies, &context));
        assert_eq!(names.len(), 1);
        assert_eq!(
            found.iter().map(|d| d.message.as_str()).collect::<Vec<_>>(),
            ["other"]
        );
        assert_eq!(runs.into_inner(), 1);
    }

    #[test]
    fn undeclared_and_redefined_values() {
        let text = "func.func @f(%a: i32) {\n  %0 = arith.addi %a, %nope : i32\n  %0 = arith.addi %a, %a : i32\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "%nope: use of undeclared SSA value name",
                "%0: redefinition of SSA value '%0' [%0: previously defined here]"
            ]
        );
    }

    #[test]
    fn a_function_signature_defines_its_arguments() {
        // As MLIR 22 reports them: a body value or block argument named like an argument,
        // an argument named twice, and the same in a nested region.
        let text = "func.func @f(%a: i32, %b: i32 {x.y}) {\n  %a = arith.constant 1 : i32\n  \"t.op\"() ({\n    %b = arith.constant 2 : i32\n  }) : () -> ()\n  cf.br ^bb1(%a : i32)\n^bb1(%a: i32):\n  return\n}\nfunc.func @g(%c: i32, %c: i32) {\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "%a: redefinition of SSA value '%a' [%a: previously defined here]",
                "%b: redefinition of SSA value '%b' [%b: previously defined here]",
                "%a: redefinition of SSA value '%a' [%a: previously defined here]",
                "%c: region entry argument '%c' is already in use [%c: previously referenced here]",
            ]
        );
        // A declaration has no body to define them in.
        assert_eq!(
            check("func.func private @d(%a: i32, %a: i32)\n"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn values_of_ops_without_regions_are_operands() {
        // Nothing defines them there (MLIR 22: `use of undeclared SSA value name`), nor in
        // a call, whose symbol names the callee; beside `as`, a name may name a result.
        let text = "func.func @f(%t: tensor<4xf32>) {\n  %c = linalg.copy ins(%nope : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>\n  %r = func.call @g(%t, %gone) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n  %u = foo.update %t -> %res as tensor<4xf32>\n  foo.ports @m(in %p : i1)\n  foo.generic ins(%none : f32) outs(%t : tensor<4xf32>) {\n  ^bb0(%x: f32):\n    foo.yield %x : f32\n  }\n  %g = tensor.generate %nothing {\n  ^bb0(%i: index):\n    tensor.yield %i : index\n  } : tensor<?xindex>\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "%nope: use of undeclared SSA value name",
                "%gone: use of undeclared SSA value name",
                "%none: use of undeclared SSA value name",
                "%nothing: use of undeclared SSA value name",
            ]
        );
    }

    #[test]
    fn region_arguments_of_unknown_ops_are_definitions() {
        let text = "func.func @f(%n: index, %t: tensor<4xf32>) {\n  foo.loop %i = %n iter(%acc = %t) {\n    %x = foo.use %i, %acc : index\n  }\n  foo.par (%p, %q) in (%n, %n) {\n    foo.use %p, %q\n  }\n  bar.op ins(%t : tensor<4xf32>) {\n  ^bb0(%in: f32):\n    foo.yield %in, %t\n  }\n  return\n}\n";
        assert_eq!(check(text), Vec::<String>::new());
    }

    #[test]
    fn isolation_scopes_and_chunks() {
        let text = "%outer = \"t.v\"() : () -> i32\nfunc.func @f() {\n  \"t.use\"(%outer) : (i32) -> ()\n}\n\"t.use\"(%outer) : (i32) -> ()\n// -----\n\"t.use\"(%outer) : (i32) -> ()\n";
        assert_eq!(
            check(text),
            [
                "%outer: use of undeclared SSA value name",
                "%outer: use of undeclared SSA value name"
            ]
        );
    }

    #[test]
    fn region_arguments_referenced_before_they_are_bound() {
        // A use in the op's own header, and an undeclared use earlier in the function.
        let text = "func.func @f(%m: memref<?xf32>) {\n  affine.for %i = affine_map<(d0) -> (d0)>(%i) to 10 {\n  }\n  affine.for %a = 0 to 4 {\n    %x = memref.load %m[%j] : memref<?xf32>\n  }\n  affine.for %j = 0 to 4 {\n  }\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "%i: region entry argument '%i' is already in use [%i: previously referenced here]",
                "%j: region entry argument '%j' is already in use [%j: previously referenced here]"
            ]
        );
    }

    #[test]
    fn blocks_and_result_numbers() {
        let text = "func.func @f() {\n  %r:2 = \"t.two\"() : () -> (i32, i32)\n  \"t.use\"(%r#1, %r#2) : (i32, i32) -> ()\n  cf.br ^bb9\n^bb1:\n  return\n^bb1:\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "%r: result number 2 out of range for '%r'",
                "^bb9: reference to an undefined block",
                "^bb1: redefinition of block '^bb1' [^bb1: previously defined here]"
            ]
        );
    }

    #[test]
    fn dominance_across_blocks() {
        // The use in ^bb0 is not dominated by ^bb1; the one in the unreachable ^bb2 is not
        // checked; a block argument does not dominate a block before it. As in MLIR, the
        // note stands at the defining op, or at the op owning the argument's block.
        let text = "func.func @f() {\n^bb0:\n  \"test.foo\"(%x) : (i32) -> ()\n  cf.br ^bb1(%y : i32)\n^bb1(%y: i32):\n  %x = \"test.bar\"() : () -> i32\n  return\n^bb2:\n  \"test.foo\"(%x) : (i32) -> ()\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "\"test.foo\": operand #0 does not dominate this use [\"test.bar\": operand defined here (op in the same region)]",
                "cf.br: operand #0 does not dominate this use [func.func: operand defined as a block argument (block #1 in the same region)]"
            ]
        );
    }

    #[test]
    fn an_op_is_reported_once_for_the_uses_it_is_not_dominated_by() {
        // MLIR's verifier stops at the first operand of an op that is not dominated.
        let text = "func.func @f() {\n  \"test.foo\"(%x, %x) : (i32, i32) -> ()\n  \
            %x = \"test.bar\"() : () -> i32\n  return\n}\n";
        assert_eq!(
            check(text),
            [
                "\"test.foo\": operand #0 does not dominate this use [\"test.bar\": operand defined here (op in the same block)]"
            ]
        );
    }

    #[test]
    fn dominance_in_ssacfg_regions_only() {
        let text = "func.func @f(%c: i1) {\n  %0 = \"memref.a\"(%1) : (i32) -> i32\n  %1 = \"memref.b\"() : () -> i32\n  scf.if %c {\n    \"memref.use\"(%2) : (i32) -> ()\n  }\n  %2 = \"memref.c\"() : () -> i32\n  return\n}\nfoo.graph {\n  %3 = \"memref.a\"(%4) : (i32) -> i32\n  %4 = \"memref.b\"() : () -> i32\n}\n";
        assert_eq!(
            check(text),
            [
                "\"memref.a\": operand #0 does not dominate this use [\"memref.b\": operand defined here (op in the same block)]",
                "\"memref.use\": operand #0 does not dominate this use [\"memref.c\": operand defined here (op in a parent region)]"
            ]
        );
    }
}
