//! Times name resolution of a whole file: `cargo run --release -p mlir-analysis --example names_time FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = std::fs::read_to_string(path).expect("read");
    let parse = mlir_syntax::parse(&text);
    let root = parse.syntax_node();
    let t = std::time::Instant::now();
    let n = mlir_analysis::names::name_diagnostics(&root).len();
    println!(
        "names: {:.0} ms ({n} diagnostics)",
        t.elapsed().as_secs_f64() * 1e3
    );
}
