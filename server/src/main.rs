//! `mlir-analyzer`: the command-line entry point. `check` reports diagnostics of files;
//! the language server (no arguments, `lsp`, `--stdio`) comes with the server issue.

mod check;
mod cli;
mod render;

use std::process::ExitCode;

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
        Some(cli::Command::Lsp) | None => {
            eprintln!(
                "mlir-analyzer: the language server is not available in this build yet; \
                 use `mlir-analyzer check PATH...`"
            );
            ExitCode::from(2)
        }
    }
}
