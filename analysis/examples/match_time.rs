//! Times matching every custom op of a file against the registry:
//! `cargo run --release -p mlir-analysis --example match_time FILE`.
use mlir_syntax::ast::{AstNode, CustomOp};
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).expect("FILE")).expect("read");
    let root = mlir_syntax::parse(&text).syntax_node();
    let registry = mlir_analysis::registry::Registry::builtin();
    let ops: Vec<CustomOp> = root.descendants().filter_map(CustomOp::cast).collect();
    let t = std::time::Instant::now();
    let matched = ops
        .iter()
        .filter(|op| registry.match_custom_op(op, Some("func")).is_some())
        .count();
    println!(
        "{} of {} custom ops matched in {:.0} ms",
        matched,
        ops.len(),
        t.elapsed().as_secs_f64() * 1e3
    );
}
