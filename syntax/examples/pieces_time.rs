//! Times the sequential and the parallel parser apart on one file:
//! `cargo run --release -p mlir-syntax --example pieces_time FILE`.
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).expect("FILE")).expect("read");
    let t = Instant::now();
    let whole = mlir_syntax::parse_sequentially(&text);
    println!("sequential {:.0} ms", t.elapsed().as_secs_f64() * 1e3);
    let t = Instant::now();
    let pieces = mlir_syntax::parse_in_pieces(&text, 2, 1 << 20);
    println!(
        "in pieces  {:.0} ms ({})",
        t.elapsed().as_secs_f64() * 1e3,
        if pieces.is_some() { "cut" } else { "not cut" }
    );
    if let Some(p) = pieces {
        println!("equal: {}", p == whole);
    }
}
