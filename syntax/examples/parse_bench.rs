//! Parse throughput: `cargo run --release -p mlir-syntax --example parse_bench FILE [RUNS]`.
//! Parses FILE RUNS times (default 5) in-process and prints the best time and MB/s; the
//! bench script (`bench/run.sh`) runs it on a generated 1M-line file.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: parse_bench FILE [RUNS]");
    let runs: usize = args
        .next()
        .map_or(5, |r| r.parse().expect("RUNS is a number"));
    let text = std::fs::read_to_string(&path).expect("read file");
    let mut best = f64::MAX;
    let mut errors = 0;
    let mut drop_time = 0.0;
    for _ in 0..runs {
        let start = Instant::now();
        let parse = mlir_syntax::parse(&text);
        best = best.min(start.elapsed().as_secs_f64());
        errors = parse.errors().len();
        // Freeing a million-node tree is a real cost too; report it apart.
        let drop_start = Instant::now();
        drop(parse);
        drop_time = drop_start.elapsed().as_secs_f64();
    }
    let mb = text.len() as f64 / 1e6;
    println!(
        "parsed {mb:.1} MB in {best:.3} s (best of {runs}): {:.1} MB/s, {errors} errors; \
         freeing the tree took {drop_time:.3} s",
        mb / best
    );
}
