//! The TableGen front ends a root can be evaluated with: our own evaluator (the default,
//! in process, no LLVM needed) or `llvm-tblgen --dump-json` (`ods.evaluator:
//! "llvm-tblgen"`, for comparison).

use std::path::{Path, PathBuf};

use tablegen::{Records, Severity, SourceCache};

/// Which front end evaluates `.td` files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Frontend {
    /// The `tablegen` crate's evaluator.
    #[default]
    Builtin,
    /// `llvm-tblgen --dump-json`, run once per root.
    LlvmTblgen,
}

/// At most this many of a root's errors are told (the first ones say the most).
const ERRORS_TOLD: usize = 3;

impl Frontend {
    /// The front end a setting or flag names: `builtin` or `llvm-tblgen`.
    pub fn from_name(name: &str) -> Option<Frontend> {
        match name {
            "builtin" => Some(Frontend::Builtin),
            "llvm-tblgen" => Some(Frontend::LlvmTblgen),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Frontend::Builtin => "builtin",
            Frontend::LlvmTblgen => "llvm-tblgen",
        }
    }
}

/// A root evaluated by our evaluator: its records (those its errors did not touch) and
/// its errors, each as `file:line:col: error: message`, as llvm-tblgen prints them.
pub struct Evaluated {
    pub records: Records,
    pub errors: Option<String>,
    /// The files it read.
    pub files: Vec<PathBuf>,
    /// Its errors (and `dump` notes), each with its place.
    pub diagnostics: Vec<tablegen::Diagnostic>,
}

/// Evaluates `file` with our evaluator, reading files through `cache` (shared by the
/// roots one thread evaluates, so a file is parsed once per thread).
pub fn evaluate_builtin(
    cache: &mut SourceCache,
    file: &Path,
    include_dirs: &[PathBuf],
) -> Evaluated {
    let evaluation = tablegen::evaluate(cache, file, include_dirs);
    let errors: Vec<String> = evaluation
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.severity == Severity::Error)
        .map(|diagnostic| {
            let path = diagnostic.path.display();
            format!(
                "{path}:{}:{}: error: {}",
                diagnostic.line, diagnostic.column, diagnostic.message
            )
        })
        .collect();
    let errors = (!errors.is_empty()).then(|| {
        let mut told = errors[..errors.len().min(ERRORS_TOLD)].join("; ");
        if errors.len() > ERRORS_TOLD {
            told.push_str(&format!(" (and {} more)", errors.len() - ERRORS_TOLD));
        }
        told
    });
    Evaluated {
        records: evaluation.records,
        errors,
        files: evaluation.files,
        diagnostics: evaluation.diagnostics,
    }
}
