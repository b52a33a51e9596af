//! `mlir-analyzer`: the command-line entry point. `check` reports diagnostics of files;
//! with no arguments, `lsp` or `--stdio` it is a language server on stdio.

use std::process::ExitCode;

use mlir_analyzer::{check, cli, format, lsp};

/// mimalloc serves each thread from its own pages without a lock: `check` on a large
/// file spends a tenth of its instructions allocating, and runs about 10% faster with it.
/// Built without transparent huge pages: zeroing 2 MiB pages on first touch made the
/// time of a run vary by half a second on a virtual machine.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        Some(cli::Command::Format(args)) => format::run(&args),
        Some(cli::Command::Lsp) | None => lsp::run(),
    }
}
