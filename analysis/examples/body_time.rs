//! Times the steps of the bodies' checks apart, on one thread:
//! `cargo run --release -p mlir-analysis --example body_time FILE`.
use std::time::{Duration, Instant};

fn main() {
    let path = std::env::args().nth(1).expect("usage: body_time FILE");
    let text = std::fs::read_to_string(path).expect("read FILE");
    let parse = mlir_syntax::parse(&text);
    let root = parse.syntax_node();
    let outline = mlir_analysis::outline::outline_once(&root);
    let context = mlir_analysis::checks::FileContext::of_file(&root);
    let mut memo = mlir_analysis::checks::OpMemo::new();
    let (mut lower, mut resolve, mut checks) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut n = 0;
    for (green, _) in &outline.bodies {
        let body_op = mlir_syntax::SyntaxNode::new_root(green.clone());
        let t = Instant::now();
        let (body, names) = mlir_analysis::hir::lower_located(&body_op);
        lower += t.elapsed();
        let t = Instant::now();
        let resolution = mlir_analysis::hir::resolve(&body);
        resolve += t.elapsed();
        drop(body);
        let t = Instant::now();
        n += mlir_analysis::checks::body_checks_located(
            &body_op,
            &resolution,
            &context,
            &context.irdl,
            &mut memo,
            names,
        )
        .len();
        checks += t.elapsed();
    }
    println!(
        "{} bodies: lower {:?}, resolve {:?}, checks {:?} ({n} diagnostics)",
        outline.bodies.len(),
        lower,
        resolve,
        checks
    );
}
