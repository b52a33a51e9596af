//! ODS `.td` files read at run time (server stage: it runs processes and reads the disk):
//! finds the root files of an include folder, evaluates each with `llvm-tblgen
//! --dump-json` (the front end until our own evaluator replaces it), and lowers the
//! records into a registry through `mlir_analysis::ods`.
//!
//! `ods/` is one concept with this file: `roots` finds the `.td` files no other includes
//! and an installed MLIR's include folder; `tblgen` runs `llvm-tblgen` with a time limit.

pub mod compile_commands;
mod roots;
mod tblgen;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mlir_analysis::ods::{OdsImport, lower};
use mlir_analysis::registry::Registry;
use tablegen::Records;

pub use roots::{installed_mlir_include, root_files};

/// What to read: root `.td` files and the folders their includes are found in.
#[derive(Debug, Clone, Default)]
pub struct OdsSources {
    pub files: Vec<PathBuf>,
    pub include_dirs: Vec<PathBuf>,
}

impl OdsSources {
    /// The installed MLIR's dialects: every root `.td` file of its include folder.
    pub fn installed() -> Option<OdsSources> {
        let include = installed_mlir_include()?;
        let files = root_files(&include.join("mlir"), std::slice::from_ref(&include));
        Some(OdsSources {
            files,
            include_dirs: vec![include],
        })
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Adds `other`'s files and include folders.
    pub fn extend(&mut self, other: OdsSources) {
        self.files.extend(other.files);
        self.include_dirs.extend(other.include_dirs);
    }
}

/// The loaded import and the files that failed, each with llvm-tblgen's words.
pub struct Loaded {
    pub import: OdsImport,
    pub failures: Vec<(PathBuf, String)>,
}

impl Loaded {
    /// The built-in registry with the imported specs added.
    pub fn registry(&self) -> Arc<Registry> {
        Arc::new(Registry::builtin().with_imported(&self.import))
    }
}

/// Evaluates every root of `sources` (in parallel, at most `threads` at once) and lowers
/// the records. A root that fails is reported and left out; the others still load.
pub fn load(sources: &OdsSources, threads: usize) -> Result<Loaded, String> {
    load_reporting(sources, threads, &|_, _| {})
}

/// `load`, calling `progress(done, total)` each time a root is evaluated (from the
/// evaluating threads), so an editor can show how far loading is.
pub fn load_reporting(
    sources: &OdsSources,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Loaded, String> {
    let tool = tblgen::find().ok_or(
        "llvm-tblgen not found: install LLVM (Debian: llvm-22) or set LLVM_TBLGEN to its path",
    )?;
    let results = evaluate_all(&tool, sources, threads.max(1), progress);
    let mut sets = Vec::new();
    let mut failures = Vec::new();
    for (file, result) in sources.files.iter().zip(results) {
        match result {
            Ok(records) => sets.push(records),
            Err(message) => failures.push((file.clone(), message)),
        }
    }
    let refs: Vec<&Records> = sets.iter().collect();
    Ok(Loaded {
        import: lower(&refs),
        failures,
    })
}

fn evaluate_all(
    tool: &Path,
    sources: &OdsSources,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Result<Records, String>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = sources.files.len();
    let slots: Vec<std::sync::Mutex<Option<Result<Records, String>>>> =
        sources.files.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(sources.files.len()) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(file) = sources.files.get(i) else {
                        break;
                    };
                    let result = evaluate(tool, file, &sources.include_dirs);
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = Some(result);
                    }
                    let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    progress(finished, total);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            let taken = slot.into_inner().ok().flatten();
            taken.unwrap_or_else(|| Err("not evaluated".into()))
        })
        .collect()
}

/// One root's records: its own folder is searched for includes first, as CMake's
/// `mlir_tablegen` does.
fn evaluate(tool: &Path, file: &Path, include_dirs: &[PathBuf]) -> Result<Records, String> {
    let mut dirs = Vec::with_capacity(include_dirs.len() + 1);
    if let Some(parent) = file.parent() {
        dirs.push(parent.to_path_buf());
    }
    dirs.extend(include_dirs.iter().cloned());
    let json = tblgen::dump_json(tool, file, &dirs)?;
    Records::from_dump_json(&json).map_err(|e| format!("reading llvm-tblgen's output: {e}"))
}
