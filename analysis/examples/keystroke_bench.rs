//! Keystroke cost in the analysis layer: `cargo run --release -p mlir-analysis --example
//! keystroke_bench FILE`. Opens FILE in an `AnalysisHost`, then types characters inside the
//! middle of the file one at a time, timing the update (incremental reparse) and the
//! diagnostics after each; prints the medians.

use std::sync::Arc;
use std::time::Instant;

use mlir_analysis::{AnalysisHost, TextEdit, TextSize};

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: keystroke_bench FILE");
    let mut text = std::fs::read_to_string(path).expect("read file");
    let mut host = AnalysisHost::default();
    let start = Instant::now();
    host.update("f", Arc::from(text.as_str()), None);
    let open_diagnostics = host.diagnostics("f").len();
    println!(
        "open: {:.1} ms, {open_diagnostics} diagnostics",
        start.elapsed().as_secs_f64() * 1e3
    );
    // Type inside a function body near the middle: after the first "arith.constant" there.
    let at = text[text.len() / 2..]
        .find("arith.constant ")
        .map(|i| i + text.len() / 2 + "arith.constant ".len());
    let at = at.expect("an arith.constant in the second half");
    let (mut updates, mut diagnostics) = (Vec::new(), Vec::new());
    for i in 0..20 {
        let edit = if i % 2 == 0 {
            TextEdit::insert(TextSize::new(at as u32), "1")
        } else {
            TextEdit::delete(mlir_analysis::TextRange::at(
                TextSize::new(at as u32),
                TextSize::new(1),
            ))
        };
        edit.apply(&mut text);
        let t = Instant::now();
        host.update("f", Arc::from(text.as_str()), Some(&[edit]));
        updates.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let count = host.diagnostics("f").len();
        diagnostics.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(count, open_diagnostics);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    println!(
        "keystroke: update {:.2} ms, diagnostics {:.2} ms (medians of 20)",
        median(&mut updates),
        median(&mut diagnostics)
    );
}
