//! Incremental reparse cost: `cargo run --release -p mlir-syntax --example reparse_bench FILE
//! [RUNS]`. Types one character into the body of the function in the middle of FILE and
//! times `reparse` of that edit (best and median of RUNS, default 20) against a full parse
//! of the new text and a full validation of its tree, checking that both ways agree.
//!
//! On `python3 bench/gen_ir.py --lines 96000` (4.2 MB; the edit's region is a 5 KB function
//! body), validating only the reparsed region took the reparse from about 50 ms (a full
//! validation each time) to about 0.5 ms, most of it parsing the region again.

use std::time::{Duration, Instant};

use mlir_syntax::reparse::{ReparseKind, TextEdit, reparse_with_kind};
use mlir_syntax::{TextSize, parse, validation};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: reparse_bench FILE [RUNS]");
    let runs: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("RUNS is a number"));
    let text = std::fs::read_to_string(&path).expect("read file");
    let edit = edit_in_middle(&text);
    let old = parse(&text);
    let mut new_text = text.clone();
    edit.apply(&mut new_text);

    let (mut kind, mut reparsed) = (ReparseKind::Full, None);
    let incremental = time(runs, || {
        let (parse, k) = reparse_with_kind(&old, &edit);
        (kind, reparsed) = (k, Some(parse));
    });
    let full = time(runs.min(5), || drop(parse(&new_text)));
    let root = parse(&new_text).syntax_node();
    let validate = time(runs.min(5), || drop(validation::validate(&root)));

    let same = reparsed.as_ref() == Some(&parse(&new_text));
    println!("{:.1} MB, edit {edit:?}", text.len() as f64 / 1e6);
    println!("reparse:         {}  ({kind:?})", show(&incremental));
    println!("full parse:      {}", show(&full));
    println!("full validation: {}", show(&validate));
    println!("reparse equals the full parse: {same}");
    assert!(same, "reparse and full parse differ");
}

/// Inserts a space after the first `=` of the first op line past the middle of `text`:
/// one keystroke inside a function body.
fn edit_in_middle(text: &str) -> TextEdit {
    let middle = text.len() / 2;
    let line = middle + text[middle..].find("\n    %").expect("an op line") + 1;
    let eq = line + text[line..].find('=').expect("an assignment");
    TextEdit::insert(TextSize::new(eq as u32 + 1), " ")
}

/// Best and median of `runs` timings of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..runs.max(1))
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[times.len() / 2])
}

fn show((best, median): &(Duration, Duration)) -> String {
    let ms = |d: &Duration| d.as_secs_f64() * 1e3;
    format!("best {:8.3} ms, median {:8.3} ms", ms(best), ms(median))
}
