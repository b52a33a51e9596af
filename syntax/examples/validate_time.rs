//! Times parsing and validation apart: `cargo run --release -p mlir-syntax --example validate_time FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = std::fs::read_to_string(path).unwrap();
    let t = std::time::Instant::now();
    let parse = mlir_syntax::parse(&text);
    println!(
        "parse (with validation) {:.0} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let root = parse.syntax_node();
    let t = std::time::Instant::now();
    let n = mlir_syntax::validation::validate(&root).len();
    println!(
        "validate alone {:.0} ms ({n} errors)",
        t.elapsed().as_secs_f64() * 1e3
    );
}
