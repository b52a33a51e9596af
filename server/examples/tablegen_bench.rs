//! TableGen front ends side by side: every root of the installed MLIR's `include/mlir`
//! evaluated by `llvm-tblgen --dump-json` (a process per root, its JSON read into
//! records, as `ods.evaluator: "llvm-tblgen"` does) and by our evaluator (in process, the
//! files parsed once for all roots), one thread each, RUNS times in turn (default 5).
//! Prints each one's runs and median, and ours as a share of llvm-tblgen's.
//! `cargo run --release --example tablegen_bench -p mlir-analyzer` (bench/tablegen.sh).

use std::time::{Duration, Instant};

use mlir_analyzer::ods::{Frontend, OdsSources, evaluate_root};
use tablegen::SourceCache;

// The allocator of the `mlir-analyzer` binary, whose loading this measures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let sources =
        OdsSources::installed().expect("no installed MLIR found (apt-get install libmlir-22-dev)");
    let runs: usize = std::env::var("RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(5);
    let roots = &sources.files;
    let mut theirs = Vec::new();
    let mut ours = Vec::new();
    let mut records = (0, 0);
    for _ in 0..runs {
        let started = Instant::now();
        let mut count = 0;
        for root in roots {
            if let Ok(evaluated) = evaluate_root(root, &sources.include_dirs, Frontend::LlvmTblgen)
            {
                count += evaluated.len();
            }
        }
        theirs.push(started.elapsed());
        records.0 = count;

        let started = Instant::now();
        let mut cache = SourceCache::default();
        let mut count = 0;
        for root in roots {
            let mut dirs = vec![root.parent().expect("a root is in a folder").to_path_buf()];
            dirs.extend(sources.include_dirs.iter().cloned());
            count += tablegen::evaluate(&mut cache, root, &dirs).records.len();
        }
        ours.push(started.elapsed());
        records.1 = count;
    }
    println!(
        "{} roots of {}, {runs} runs each, one thread",
        roots.len(),
        sources.include_dirs[0].display()
    );
    report("llvm-tblgen --dump-json", &mut theirs, records.0);
    report("builtin evaluator", &mut ours, records.1);
    let share = median(&ours).as_secs_f64() / median(&theirs).as_secs_f64();
    println!("builtin / llvm-tblgen: {:.3} (1/{:.1})", share, 1.0 / share);
}

fn report(name: &str, times: &mut [Duration], records: usize) {
    let shown: Vec<String> = times
        .iter()
        .map(|time| format!("{:.2}", time.as_secs_f64()))
        .collect();
    println!(
        "{name}: median {:.2} s (runs {}), {records} records",
        median(times).as_secs_f64(),
        shown.join(" ")
    );
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}
