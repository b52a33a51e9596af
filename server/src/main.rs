//! `mlir-analyzer`: the command-line entry point. `check` reports diagnostics of files;
//! with no arguments, `lsp` or `--stdio` it is a language server on stdio.

mod check;
mod cli;
mod lsp;
mod render;

use std::process::ExitCode;

// jemalloc builds the tree of a large file faster than the system allocator; it does not
// build for MSVC, which keeps the system's.
#[cfg(not(target_env = "msvc"))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let args = match cli::parse_args(std::env::args_os()) {
        Ok(args) => args,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    match args.command {
        Some(cli::Command::Check(options)) => check::run(&options),
        Some(cli::Command::Lsp) | None => lsp::run(),
    }
}
