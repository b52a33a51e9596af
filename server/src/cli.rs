//! Command-line arguments (DESIGN §3.8), parsed with clap.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "mlir-analyzer",
    version,
    about = "Checker and language server for MLIR's textual IR"
)]
pub struct Args {
    /// Accepted and ignored: editors pass it to say the server speaks on stdio.
    #[arg(long, global = true, hide = true)]
    pub stdio: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Report the diagnostics of .mlir files and folders (recursing into *.mlir).
    Check(CheckOptions),
    /// Lay out .mlir files in place (layout only: comments and names stay), as rustfmt
    /// does; folders stand for every *.mlir below them.
    Format(FormatArgs),
    /// Run the language server on stdio (the default with no arguments).
    Lsp,
}

#[derive(Debug, Clone, clap::Args)]
pub struct FormatArgs {
    /// Change no file: list those that would change, and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
    /// Change no file: print what would change as a unified diff (exit 1 if anything
    /// would).
    #[arg(long)]
    pub diff: bool,
    /// Spaces per region level [default: the project file's `format.indent_width`, else 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=16))]
    pub indent_width: Option<u8>,
    /// Print only errors: no warning for statements left as written, no summary.
    #[arg(long, short)]
    pub quiet: bool,
    /// The name standard input goes by in messages [default: <stdin>].
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Files and folders to format; `-` formats standard input to standard output.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Debug, Clone, clap::Args)]
pub struct CheckOptions {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Colour the text format's diagnostics and the summary line: `auto` where the output
    /// is a terminal and `NO_COLOR` is unset or empty, `always`, or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Check `expected-error` (and -warning/-note/-remark) annotations like
    /// `mlir-opt -verify-diagnostics`.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Treat each `// -----` chunk as its own file (also on when a RUN: line passes it).
    #[arg(long)]
    pub split_input_file: bool,
    /// Report syntax errors only (what the parser and its syntax validation find),
    /// without the name, type and op checks: a quick pass over large IR dumps.
    #[arg(long)]
    pub syntax_only: bool,
    /// How far to report in a file that does not parse: `all` (every independent error,
    /// as the editor shows them; the default) or `mlir-opt` (what mlir-opt reaches:
    /// nothing past a file's first syntax error, and no verifier finding in a file that
    /// does not parse). `--verify-diagnostics` implies `mlir-opt`, as annotations are
    /// written against it.
    #[arg(long, value_enum, value_name = "REACH")]
    pub reach: Option<ReachArg>,
    /// An `.mlir` file of IRDL dialects to verify ops against, like `mlir-opt
    /// --irdl-file` (repeatable; dialects a checked file defines itself are always used).
    #[arg(long = "irdl-file", value_name = "FILE")]
    pub irdl_files: Vec<PathBuf>,
    /// An ODS `.td` file whose dialects' ops to know (repeatable), evaluated by our own
    /// TableGen evaluator (see `--ods-evaluator`) with its own folder and the
    /// `--ods-include` folders searched for its includes. A folder stands for its root `.td` files (those
    /// no other file under it includes).
    #[arg(long = "ods-file", value_name = "FILE|DIR")]
    pub ods_files: Vec<PathBuf>,
    /// A folder where the includes of `--ods-file` files are found (repeatable).
    #[arg(long = "ods-include", value_name = "DIR")]
    pub ods_include_dirs: Vec<PathBuf>,
    /// Know every dialect of the installed MLIR's `.td` files (its include folder is
    /// found from `MLIR_INCLUDE_DIR`, `MLIR_DIR`, `llvm-config` or `/usr/lib/llvm-*`).
    #[arg(long)]
    pub ods_installed: bool,
    /// What evaluates the `.td` files: our own evaluator (`builtin`), or `llvm-tblgen
    /// --dump-json` (`LLVM_TBLGEN` names it, else the newest installed one), for
    /// comparison.
    #[arg(long, value_enum, value_name = "EVALUATOR", default_value = "builtin")]
    pub ods_evaluator: EvaluatorArg,
    /// An external verifier run on each file as a second opinion, its findings added to
    /// ours: a command and its arguments split at spaces (no shell), e.g.
    /// `--external "circt-opt --allow-unregistered-dialect"`; `auto` is the `mlir-opt` on
    /// the PATH or in `/usr/lib/llvm-*/bin`. The file goes to it on stdin. Without it, the
    /// project file's `external.command` applies.
    #[arg(long, value_name = "CMD")]
    pub external: Option<String>,
    /// How long the external verifier may take on a file, in milliseconds [default: the
    /// project file's `external.timeout_ms`, else 10000].
    #[arg(long, value_name = "MS")]
    pub external_timeout_ms: Option<u64>,
    /// The name standard input goes by in messages [default: <stdin>].
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Files and folders to check; `-` reads standard input (once).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}

/// `--reach`: how far findings go in a file that does not parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReachArg {
    All,
    MlirOpt,
}

/// `--ods-evaluator`: which TableGen front end evaluates `.td` files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvaluatorArg {
    Builtin,
    LlvmTblgen,
}

impl EvaluatorArg {
    pub fn frontend(self) -> crate::ods::Frontend {
        match self {
            EvaluatorArg::Builtin => crate::ods::Frontend::Builtin,
            EvaluatorArg::LlvmTblgen => crate::ods::Frontend::LlvmTblgen,
        }
    }
}

impl CheckOptions {
    /// The name standard input goes by in messages.
    pub fn stdin_name(&self) -> &str {
        self.stdin_filename.as_deref().unwrap_or("<stdin>")
    }

    /// The reach asked for, else `mlir-opt`'s under `--verify-diagnostics` and every
    /// independent error otherwise.
    pub fn reach(&self) -> ReachArg {
        match (self.reach, self.verify_diagnostics) {
            (Some(reach), _) => reach,
            (None, true) => ReachArg::MlirOpt,
            (None, false) => ReachArg::All,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `file:line:col: error: message`, the source line and a caret.
    Text,
    /// One array of diagnostics with LSP positions.
    Json,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// A SARIF 2.1.0 log, for code-scanning services.
    Sarif,
    /// JUnit XML: a test case a file, a failure an error.
    Junit,
}

pub fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Args, clap::Error> {
    Args::try_parse_from(args)
}
