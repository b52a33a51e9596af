//! Times the lexer alone on a file, best of N runs: `lex_time FILE [N]`.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: lex_time FILE [RUNS]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(path).expect("a readable UTF-8 file");
    let runs: usize = args
        .get(2)
        .map_or(5, |r| r.parse().expect("a number of runs"));
    let mut best = f64::MAX;
    let mut tokens = 0;
    for _ in 0..runs.max(1) {
        let start = std::time::Instant::now();
        tokens = mlir_syntax::lex(&text).0.len();
        best = best.min(start.elapsed().as_secs_f64());
    }
    let per_token = best * 1e9 / tokens as f64;
    println!(
        "{tokens} tokens, best {:.1} ms, {per_token:.1} ns/token",
        best * 1e3
    );
}
