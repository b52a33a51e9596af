//! A long session keeps no more than its last texts need (issue 42): a host given
//! thousands of edits holds, once they are done, about what a new host holds that read the
//! final texts whole. Old trees, memos and per-file results of earlier revisions must be
//! let go. Memory is counted by this test binary's own allocator, in live bytes, so the
//! figure is exact and the same on every machine.

#[path = "common/lcg.rs"]
mod lcg;

use std::alloc::System;
use std::sync::Arc;

use cap::Cap;
use lcg::Lcg;
use mlir_analysis::{AnalysisHost, TextEdit, TextRange, TextSize};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Functions of arithmetic, loops and calls, as IR dumps have them.
fn generated_ir(functions: usize) -> String {
    let mut out = String::new();
    for f in 0..functions {
        out.push_str(&format!(
            "func.func @f{f}(%arg0: i32, %arg1: memref<?xf32>) -> i32 {{\n\
             \x20 %c0 = arith.constant 0 : index\n\
             \x20 %c1 = arith.constant 1 : index\n\
             \x20 %c8 = arith.constant 8 : index\n\
             \x20 %0 = arith.addi %arg0, %arg0 : i32\n\
             \x20 %1 = arith.muli %0, %arg0 : i32\n\
             \x20 scf.for %i = %c0 to %c8 step %c1 {{\n\
             \x20   %v = memref.load %arg1[%i] : memref<?xf32>\n\
             \x20   %w = arith.addf %v, %v : f32\n\
             \x20   memref.store %w, %arg1[%i] : memref<?xf32>\n\
             \x20 }}\n\
             \x20 %2 = func.call @f{g}(%1, %arg1) : (i32, memref<?xf32>) -> i32\n\
             \x20 return %2 : i32\n\
             }}\n",
            g = (f + 1) % functions,
        ));
    }
    out
}

/// An edit as a user makes them: a token typed or a few characters deleted somewhere, or
/// a whole line deleted or duplicated; many break the syntax for a while.
fn random_edit(text: &str, rng: &mut Lcg) -> TextEdit {
    let at = rng.below(text.len() + 1);
    const INSERTS: [&str; 9] = ["1", "%x", " ", "i32", "\n", "}", "\"", "(", "arith.addi"];
    let offset = |n: usize| TextSize::new(n as u32);
    match rng.below(10) {
        0..4 => TextEdit::insert(offset(at), INSERTS[rng.below(INSERTS.len())]),
        4..8 => {
            let len = (1 + rng.below(4)).min(text.len() - at);
            TextEdit::delete(TextRange::at(offset(at), offset(len)))
        }
        _ => {
            let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            let end = text[at..].find('\n').map_or(text.len(), |n| at + n + 1);
            let line = TextRange::new(offset(start), offset(end));
            match rng.below(2) {
                0 => TextEdit::delete(line),
                _ => TextEdit::replace(line, text[start..end].repeat(2)),
            }
        }
    }
}

/// Live bytes while `host` is alive, beyond what was live before it was made.
fn held_by(make: impl FnOnce() -> AnalysisHost) -> usize {
    let before = ALLOCATOR.allocated();
    let host = make();
    let held = ALLOCATOR.allocated().saturating_sub(before);
    drop(host);
    held
}

const FILES: [&str; 3] = ["a", "b", "c"];

/// Live bytes of a host that read `texts` whole and gave their diagnostics.
fn fresh_host(texts: &[String]) -> usize {
    held_by(|| {
        let mut host = AnalysisHost::default();
        for (key, text) in FILES.iter().zip(texts) {
            host.update(key, Arc::from(text.as_str()), None);
            host.diagnostics(key);
        }
        host
    })
}

#[test]
fn after_thousands_of_edits_a_host_holds_what_a_fresh_one_holds() {
    let mut texts: Vec<String> = FILES.iter().map(|_| generated_ir(40)).collect();
    // What the first host makes once for all (tables of dialects, thread pools) is not
    // held by the one measured.
    fresh_host(&texts);
    let mut rng = Lcg(42);
    let soaked = held_by(|| {
        let mut host = AnalysisHost::default();
        for (key, text) in FILES.iter().zip(&texts) {
            host.update(key, Arc::from(text.as_str()), None);
            host.diagnostics(key);
        }
        for _ in 0..1000 {
            let which = rng.below(FILES.len());
            let edit = random_edit(&texts[which], &mut rng);
            edit.apply(&mut texts[which]);
            let text = Arc::from(texts[which].as_str());
            host.update(FILES[which], text, Some(std::slice::from_ref(&edit)));
            host.diagnostics(FILES[which]);
        }
        host
    });
    let fresh = fresh_host(&texts);
    let ratio = soaked as f64 / fresh as f64;
    eprintln!("held after the edits: {soaked} bytes; by a fresh host: {fresh} ({ratio:.2})");
    assert!(
        ratio < 1.2,
        "{soaked} bytes held against {fresh} ({ratio:.2})"
    );
}
