//! Evaluates root files with our evaluator and prints how many records each gives and
//! its diagnostics: `cargo run --release -p tablegen --example evaluate_all -- [-I DIR]...
//! ROOT...` (each root's own folder is searched first, as CMake's `mlir_tablegen` does).

use std::path::PathBuf;
use std::time::Instant;

use tablegen::{SourceCache, evaluate};

fn main() {
    let mut includes = Vec::new();
    let mut roots = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "-I" {
            includes.push(PathBuf::from(args.next().expect("a folder after -I")));
        } else {
            roots.push(PathBuf::from(arg));
        }
    }
    let started = Instant::now();
    let mut cache = SourceCache::default();
    let mut total = 0;
    let mut max_steps = 0;
    for root in &roots {
        let mut dirs: Vec<PathBuf> = root
            .parent()
            .map(|dir| dir.to_path_buf())
            .into_iter()
            .collect();
        dirs.extend(includes.iter().cloned());
        let evaluation = evaluate(&mut cache, root, &dirs);
        total += evaluation.records.len();
        max_steps = max_steps.max(evaluation.steps);
        for diagnostic in &evaluation.diagnostics {
            println!(
                "{}:{}:{}: {}",
                diagnostic.path.display(),
                diagnostic.line,
                diagnostic.column,
                diagnostic.message
            );
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let roots = roots.len();
    println!("{roots} roots, {total} records, {seconds:.2} s, at most {max_steps} steps for one");
}
