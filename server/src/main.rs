//! `mlir-analyzer`: the command-line entry point. `check` reports diagnostics of files;
//! with no arguments, `lsp` or `--stdio` it is a language server on stdio.

mod check;
mod cli;
mod lsp;
mod read_file;
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
        Some(cli::Command::Lsp) | None => lsp::run(),
    }
}
