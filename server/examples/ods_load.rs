//! Loads the ODS dialects of an installed MLIR (or of the folders given as arguments:
//! `ods_load INCLUDE_DIR [FOLDER...]`) and prints what was imported and how long it took:
//! the figures of the ODS import's notes.

use std::path::PathBuf;
use std::time::Instant;

use mlir_analyzer::ods::{Frontend, OdsSources, load, root_files};

/// The binary's allocator, so the times are the server's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    let sources = match args.split_first() {
        Some((include, folders)) => {
            let include_dirs = vec![include.clone()];
            let folders = if folders.is_empty() {
                std::slice::from_ref(include)
            } else {
                folders
            };
            let files = folders
                .iter()
                .flat_map(|f| root_files(f, &include_dirs))
                .collect();
            OdsSources {
                files,
                include_dirs,
                ..OdsSources::default()
            }
        }
        None => OdsSources::installed().expect("no installed MLIR found"),
    };
    // `ODS_EVALUATOR=llvm-tblgen` times the other front end.
    let mut sources = sources;
    if let Some(frontend) = std::env::var("ODS_EVALUATOR")
        .ok()
        .as_deref()
        .and_then(Frontend::from_name)
    {
        sources.frontend = frontend;
    }
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let loaded = load(&sources, threads).unwrap_or_else(|e| panic!("{e}"));
    let evaluated = started.elapsed();
    let registry = loaded.registry();
    let with_registry = started.elapsed();
    println!(
        "roots: {}, failed: {}",
        sources.files.len(),
        loaded.failures.len()
    );
    for (file, why) in &loaded.failures {
        println!("  failed {}: {why}", file.display());
    }
    let import = &loaded.import;
    println!(
        "dialects: {}, ops: {}, enums: {}, skipped: {}",
        import.dialects.len(),
        import.ops.len(),
        import.enums.len(),
        import.skipped.len()
    );
    let formats = import.ops.iter().filter(|op| op.format.is_some()).count();
    println!("ops with a declarative format we read: {formats}");
    println!("registry ops: {}", registry.ops().len());
    println!(
        "time: {:.3} s ({} of {} roots from the cache), {:.3} s with the registry built",
        evaluated.as_secs_f64(),
        loaded.from_cache,
        sources.files.len(),
        with_registry.as_secs_f64()
    );
    let undocumented: Vec<&str> = import
        .ops
        .iter()
        .filter(|op| op.docs.summary.is_empty() && op.docs.description.is_empty())
        .map(|op| op.name.as_str())
        .collect();
    println!(
        "ops without a summary or description: {}",
        undocumented.len()
    );
    for (dialect, count) in count_by_dialect(&undocumented) {
        println!("  {dialect}: {count}");
    }
    for skipped in &import.skipped {
        println!("  skipped {skipped}");
    }
    for dialect in std::env::var("ODS_COMPARE").unwrap_or_default().split(',') {
        if !dialect.is_empty() {
            compare_with_builtin(import, dialect);
        }
    }
}

/// How many of `ops` each dialect has, by dialect name.
fn count_by_dialect(ops: &[&str]) -> std::collections::BTreeMap<String, usize> {
    let mut counts = std::collections::BTreeMap::new();
    for op in ops {
        let dialect = op.split('.').next().unwrap_or(op);
        *counts.entry(dialect.to_string()).or_insert(0) += 1;
    }
    counts
}

/// How the imported specs of `dialect` differ from the built-in ones, a line a field.
fn compare_with_builtin(import: &mlir_analysis::ods::OdsImport, dialect: &str) {
    let builtin = mlir_analysis::registry::Registry::builtin();
    for op in import.ops.iter().filter(|op| op.dialect == dialect) {
        let Some(ours) = builtin.op(&op.name) else {
            println!("{}: no built-in spec", op.name);
            continue;
        };
        let words = |values: &[mlir_analysis::registry::ValueSpec]| -> Vec<String> {
            let list = values
                .iter()
                .map(|v| format!("{}:{}:{:?}", v.name, v.constraint.describe(), v.variadicity));
            list.collect()
        };
        let diff = |what: &str, a: String, b: String| {
            if a != b {
                println!("{} {what}:\n  ods  {a}\n  ours {b}", op.name);
            }
        };
        diff(
            "operands",
            format!("{:?}", words(&op.operands)),
            format!("{:?}", words(&ours.operands)),
        );
        diff(
            "results",
            format!("{:?}", words(&op.results)),
            format!("{:?}", words(&ours.results)),
        );
        let attrs = |spec: &mlir_analysis::registry::OpSpec| -> Vec<String> {
            let list = spec
                .attributes
                .iter()
                .map(|a| format!("{}:{:?}:{:?}", a.name, a.constraint, a.presence));
            list.collect()
        };
        diff(
            "attributes",
            format!("{:?}", attrs(op)),
            format!("{:?}", attrs(ours)),
        );
        let mut a = op.traits.clone();
        let mut b = ours.traits.clone();
        a.sort_by_key(|t| format!("{t:?}"));
        b.sort_by_key(|t| format!("{t:?}"));
        diff("traits", format!("{a:?}"), format!("{b:?}"));
        diff(
            "format",
            format!("{:?}", op.format),
            format!("{:?}", ours.format),
        );
    }
}
