//! Compares our evaluator with `llvm-tblgen --dump-json` on root files:
//! `cargo run --release -p tablegen --example differential -- [-I DIR]... ROOT...`
//! prints, per root, how many named records agree and the first differences
//! (`LLVM_TBLGEN` names the tool; `llvm-tblgen` on the PATH by default).

use std::path::PathBuf;
use std::process::Command;

use tablegen::{Records, SourceCache, compare, evaluate};

fn main() {
    let mut includes = Vec::new();
    let mut roots = Vec::new();
    let mut args = std::env::args().skip(1);
    let tool = std::env::var("LLVM_TBLGEN").unwrap_or_else(|_| "llvm-tblgen".to_owned());
    while let Some(arg) = args.next() {
        if arg == "-I" {
            includes.push(PathBuf::from(args.next().expect("a folder after -I")));
        } else {
            roots.push(PathBuf::from(arg));
        }
    }
    let mut cache = SourceCache::default();
    let (mut total, mut equal) = (0, 0);
    for root in &roots {
        let mut command = Command::new(&tool);
        command.arg("--dump-json").arg(root);
        for dir in &includes {
            command.arg("-I").arg(dir);
        }
        let output = command.output().expect("llvm-tblgen runs");
        let evaluation = evaluate(&mut cache, root, &includes);
        for diagnostic in evaluation.diagnostics.iter().take(5) {
            let place = format!("{}:{}", diagnostic.path.display(), diagnostic.line);
            println!("  ours: {place}: {}", diagnostic.message);
        }
        if !output.status.success() {
            println!("{}: llvm-tblgen fails", root.display());
            continue;
        }
        let theirs = Records::from_dump_json(&output.stdout).expect("their JSON reads");
        let json = evaluation.records.to_dump_json();
        let ours = Records::from_dump_json_str(&json).expect("our JSON reads");
        let comparison = compare(&theirs, &ours, &|_| false);
        total += comparison.compared;
        equal += comparison.equal;
        println!(
            "{}: {}/{}",
            root.display(),
            comparison.equal,
            comparison.compared
        );
        for difference in comparison.differences.iter().take(8) {
            println!("  {difference}");
        }
    }
    println!("total {equal}/{total}");
}
