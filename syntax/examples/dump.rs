//! Prints the syntax tree and errors of a file: `cargo run -p mlir-syntax --example dump F`.
fn main() {
    let path = std::env::args().nth(1).expect("usage: dump FILE");
    let text = std::fs::read_to_string(path).expect("read file");
    print!("{}", mlir_syntax::parse(&text).debug_dump());
}
