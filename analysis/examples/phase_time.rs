//! Times each phase of `check` apart on one file, to see where the time goes:
//! `cargo run --release -p mlir-analysis --example phase_time FILE`.
use std::time::Instant;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Resident memory now and at its peak, in MiB (Linux; zeros elsewhere).
fn rss() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
            .unwrap_or(0)
            / 1024
    };
    format!("rss {} MiB, peak {} MiB", field("VmRSS:"), field("VmHWM:"))
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: phase_time FILE");
    let text = std::fs::read_to_string(path).expect("read FILE");
    let t = Instant::now();
    let (tokens, _) = mlir_syntax::lex(&text);
    println!(
        "lex          {:7.0} ms ({} tokens), {}",
        ms(t),
        tokens.len(),
        rss()
    );
    drop(tokens);
    let t = Instant::now();
    let parse = mlir_syntax::parse(&text);
    println!("parse+valid. {:7.0} ms, {}", ms(t), rss());
    let root = parse.syntax_node();
    let t = Instant::now();
    let n = mlir_syntax::validation::validate(&root).len();
    println!("validation   {:7.0} ms ({n} errors)", ms(t));
    let t = Instant::now();
    let outline = mlir_analysis::outline::outline_once(&root);
    println!("outline      {:7.0} ms", ms(t));
    let t = Instant::now();
    let n = mlir_analysis::names::name_diagnostics_of(
        &outline.bodies,
        &mlir_analysis::checks::FileContext::of_file(&root),
    )
    .len();
    println!("names        {:7.0} ms ({n} diagnostics), {}", ms(t), rss());
    let t = Instant::now();
    let n = mlir_analysis::file_checks::file_checks_of(&root, &outline).len();
    println!("file checks  {:7.0} ms ({n} diagnostics)", ms(t));
    let t = Instant::now();
    drop(root);
    drop(parse);
    println!("drop tree    {:7.0} ms", ms(t));
}
