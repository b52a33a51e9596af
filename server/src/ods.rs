//! ODS `.td` files read at run time (server stage: it runs processes and reads the disk):
//! finds the root files of an include folder, evaluates each with our own TableGen
//! evaluator (the `tablegen` crate; `llvm-tblgen --dump-json` behind a setting), and
//! lowers the records into a registry through `mlir_analysis::ods`.
//!
//! `ods/` is one concept with this file: `roots` finds the `.td` files no other includes
//! and an installed MLIR's include folder; `frontend` says which evaluator runs and runs
//! ours; `tblgen` runs `llvm-tblgen` with a time limit;
//! `cache` keeps each root's records on disk, keyed by the files they come from;
//! `compile_commands` reads the root files CMake lists in `tablegen_compile_commands.yml`.

mod cache;
pub mod compile_commands;
mod frontend;
mod roots;
mod tblgen;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mlir_analysis::ods::{
    OdsImport, READ_FIELDS, ROOT_CLASSES, is_lowered_root, is_read_field, lower,
};
use mlir_analysis::registry::Registry;
use tablegen::{Records, SourceCache};

pub use cache::default_dir as default_cache_dir;
pub use frontend::Frontend;
pub use roots::{canonical, installed_mlir_include, root_files};

/// What to read: root `.td` files and the folders their includes are found in.
#[derive(Debug, Clone, Default)]
pub struct OdsSources {
    pub files: Vec<PathBuf>,
    pub include_dirs: Vec<PathBuf>,
    /// Which TableGen front end evaluates them.
    pub frontend: Frontend,
}

impl OdsSources {
    /// The installed MLIR's dialects: every root `.td` file of its include folder.
    pub fn installed() -> Option<OdsSources> {
        let include = installed_mlir_include()?;
        let files = root_files(&include.join("mlir"), std::slice::from_ref(&include));
        Some(OdsSources {
            files,
            include_dirs: vec![include],
            frontend: Frontend::default(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// `paths` as root files: a folder stands for its root `.td` files (those no other
    /// file under it includes), a file for itself.
    pub fn roots_of(paths: &[PathBuf], include_dirs: &[PathBuf]) -> Vec<PathBuf> {
        let mut files = Vec::new();
        for path in paths {
            if path.is_dir() {
                files.extend(root_files(path, include_dirs));
            } else {
                files.push(path.clone());
            }
        }
        files
    }

    /// Adds `other`'s files and include folders.
    pub fn extend(&mut self, other: OdsSources) {
        self.files.extend(other.files);
        self.include_dirs.extend(other.include_dirs);
    }
}

/// The loaded import and the files that failed, each with llvm-tblgen's words (a root
/// our evaluator reports errors in is among them, though its other records load).
pub struct Loaded {
    pub import: OdsImport,
    pub failures: Vec<(PathBuf, String)>,
    /// What our evaluator found wrong in `.td` files, with places (each once, however
    /// many roots include the file), for an editor to show on them.
    pub td_diagnostics: Vec<tablegen::Diagnostic>,
    /// How many roots were read from the cache rather than evaluated.
    pub from_cache: usize,
}

/// How to load: how many roots to evaluate at once, where the cache is (`None`: none),
/// and whom to tell `(done, total)` each time a root is read; the editor's `.td` buffers
/// (read instead of the disk by our evaluator) and a cache kept in memory between loads.
pub struct LoadOptions<'a> {
    pub threads: usize,
    pub cache_dir: Option<PathBuf>,
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
    pub overlay: Arc<Overlay>,
    pub memory: Option<&'a MemoryCache>,
}

/// The text of `.td` files open in an editor, by canonical path.
pub type Overlay = HashMap<PathBuf, String>;

/// Roots' records kept in memory between loads, by cache key: a load after one `.td`
/// file changed evaluates only the roots that reach it.
#[derive(Default)]
pub struct MemoryCache {
    records: Mutex<HashMap<String, Arc<Records>>>,
    /// What the cache keys were computed from: files unchanged on disk are not read again.
    facts: cache::FactsCache,
}

impl MemoryCache {
    fn get(&self, key: &cache::Key) -> Option<Arc<Records>> {
        let entries = self.records.lock().unwrap_or_else(|p| p.into_inner());
        entries.get(key.as_str()).cloned()
    }

    fn put(&self, key: &cache::Key, records: &Arc<Records>) {
        let mut entries = self.records.lock().unwrap_or_else(|p| p.into_inner());
        entries.insert(key.as_str().to_owned(), records.clone());
    }

    /// Keeps only the entries of `keys` (the last load's), so memory does not grow with
    /// each edit.
    fn retain(&self, keys: &[Option<cache::Key>]) {
        let live: std::collections::HashSet<&str> =
            keys.iter().flatten().map(cache::Key::as_str).collect();
        let mut entries = self.records.lock().unwrap_or_else(|p| p.into_inner());
        entries.retain(|key, _| live.contains(key.as_str()));
    }
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
    let options = LoadOptions {
        threads,
        cache_dir: cache::default_dir(),
        progress,
        overlay: Arc::default(),
        memory: None,
    };
    load_with(sources, &options)
}

/// `load` as `options` say.
pub fn load_with(sources: &OdsSources, options: &LoadOptions<'_>) -> Result<Loaded, String> {
    let (tool, identity) = match sources.frontend {
        Frontend::Builtin => (None, BUILTIN_IDENTITY.to_vec()),
        Frontend::LlvmTblgen => {
            let tool = tblgen::find().ok_or(
                "llvm-tblgen not found: install LLVM (Debian: llvm-22) or set LLVM_TBLGEN to its path",
            )?;
            let identity = cache::tool_identity(&tool);
            (Some(tool), identity)
        }
    };
    // llvm-tblgen reads the disk: buffers are for our evaluator alone.
    let overlay = match sources.frontend {
        Frontend::Builtin => options.overlay.clone(),
        Frontend::LlvmTblgen => Arc::default(),
    };
    let known = options.memory.map(|memory| &memory.facts);
    // The records kept are those the root classes reach, with the fields read.
    let kept: Vec<&str> = READ_FIELDS.iter().chain(&ROOT_CLASSES).copied().collect();
    let mut keys = cache::Keys::new(&identity, &sources.include_dirs, &kept, &overlay, known);
    let cached = options.cache_dir.is_some() || options.memory.is_some();
    let roots: Vec<Root<'_>> = sources
        .files
        .iter()
        .map(|file| Root {
            file,
            key: cached.then(|| keys.key(file)).flatten(),
        })
        .collect();
    if let Some(memory) = options.memory {
        memory.retain(
            &roots
                .iter()
                .map(|root| root.key.clone())
                .collect::<Vec<_>>(),
        );
    }
    let cache = options.cache_dir.clone().map(cache::Cache::new);
    let evaluator = Evaluator {
        tool: tool.as_deref(),
        include_dirs: &sources.include_dirs,
        cache: cache.as_ref(),
        memory: options.memory,
        overlay: &overlay,
    };
    let results = evaluate_all(&evaluator, &roots, options.threads.max(1), options.progress);
    let mut sets = Vec::new();
    let mut failures = Vec::new();
    let mut td_diagnostics: Vec<tablegen::Diagnostic> = Vec::new();
    let mut from_cache = 0;
    for (file, result) in sources.files.iter().zip(results) {
        if let Some(records) = result.records {
            from_cache += usize::from(result.cached);
            sets.push(records);
        }
        if let Some(message) = result.failure {
            failures.push((file.clone(), message));
        }
        for diagnostic in result.diagnostics {
            if !td_diagnostics.contains(&diagnostic) {
                td_diagnostics.push(diagnostic);
            }
        }
    }
    let refs: Vec<&Records> = sets.iter().map(|records| &**records).collect();
    Ok(Loaded {
        import: lower(&refs),
        failures,
        td_diagnostics,
        from_cache,
    })
}

/// What identifies our evaluator in cache keys: a new version may evaluate differently.
const BUILTIN_IDENTITY: &[u8] =
    concat!("builtin tablegen ", env!("CARGO_PKG_VERSION"), " 1").as_bytes();

/// One root file and its cache key (none without a cache or when it cannot be read).
struct Root<'a> {
    file: &'a Path,
    key: Option<cache::Key>,
}

/// What evaluating a root needs: `llvm-tblgen` when it is the front end.
struct Evaluator<'a> {
    tool: Option<&'a Path>,
    include_dirs: &'a [PathBuf],
    cache: Option<&'a cache::Cache>,
    memory: Option<&'a MemoryCache>,
    overlay: &'a Arc<Overlay>,
}

/// A root's records (those that could be evaluated), whether they came from the cache,
/// and why it failed, if it did.
struct Evaluated {
    records: Option<Arc<Records>>,
    cached: bool,
    failure: Option<String>,
    diagnostics: Vec<tablegen::Diagnostic>,
}

impl Evaluator<'_> {
    /// The root's records from the cache, else evaluated, cut down to what the lowering
    /// reads, and stored (only when the evaluation had no error, so that an error is
    /// told each time until it is fixed).
    fn records(&self, root: &Root<'_>, sources: &mut SourceCache) -> Evaluated {
        let remembered = self.memory.zip(root.key.as_ref());
        let cached = self.cache.zip(root.key.as_ref());
        let found = remembered
            .and_then(|(memory, key)| memory.get(key))
            .or_else(|| cached.and_then(|(cache, key)| cache.get(key)).map(Arc::new));
        if let Some(records) = found {
            if let Some((memory, key)) = remembered {
                memory.put(key, &records);
            }
            return Evaluated {
                records: Some(records),
                cached: true,
                failure: None,
                diagnostics: Vec::new(),
            };
        }
        let dirs = include_dirs_of(root.file, self.include_dirs);
        let mut diagnostics = Vec::new();
        let (records, failure, read_buffer) = match self.tool {
            Some(tool) => match evaluate(tool, root.file, &dirs) {
                Ok(records) => (Some(records), None, false),
                Err(message) => (None, Some(message), false),
            },
            None => {
                let evaluated = frontend::evaluate_builtin(sources, root.file, &dirs);
                let read_buffer = evaluated
                    .files
                    .iter()
                    .any(|file| self.overlay.contains_key(&canonical(file)));
                diagnostics = evaluated.diagnostics;
                (Some(evaluated.records), evaluated.errors, read_buffer)
            }
        };
        let records = records
            .map(|records| Arc::new(records.reachable_through(is_lowered_root, is_read_field)));
        if let (Some(records), None) = (&records, &failure) {
            if let Some((memory, key)) = remembered {
                memory.put(key, records);
            }
            // What unsaved buffers gave does not go to disk.
            if let Some((cache, key)) = cached.filter(|_| !read_buffer) {
                cache.put(key, records);
            }
        }
        Evaluated {
            records,
            cached: false,
            failure,
            diagnostics,
        }
    }
}

fn evaluate_all(
    evaluator: &Evaluator<'_>,
    roots: &[Root<'_>],
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Evaluated> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = roots.len();
    let slots: Vec<Mutex<Option<Evaluated>>> = roots.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(total) {
            scope.spawn(|| {
                // Each thread parses a file once, however many of its roots include it;
                // an editor's buffer is read instead of the file on disk.
                let overlay = evaluator.overlay.clone();
                let mut sources = SourceCache::new(Box::new(move |path: &Path| {
                    match overlay.get(&canonical(path)) {
                        Some(text) => Ok(text.clone()),
                        None => std::fs::read_to_string(path),
                    }
                }));
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(root) = roots.get(i) else {
                        break;
                    };
                    let result = evaluator.records(root, &mut sources);
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
            taken.unwrap_or_else(|| Evaluated {
                records: None,
                cached: false,
                failure: Some("not evaluated".into()),
                diagnostics: Vec::new(),
            })
        })
        .collect()
}

/// A root's include folders: its own folder first, as CMake's `mlir_tablegen` passes it.
fn include_dirs_of(file: &Path, include_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = Vec::with_capacity(include_dirs.len() + 1);
    if let Some(parent) = file.parent() {
        dirs.push(parent.to_path_buf());
    }
    dirs.extend(include_dirs.iter().cloned());
    dirs
}

/// One root's records, whole, as `frontend` gives them (`load` keeps only what the
/// lowering reads): for comparing the two. Our evaluator's records come with its errors
/// as the failure only when it gave no record at all.
pub fn evaluate_root(
    file: &Path,
    include_dirs: &[PathBuf],
    frontend: Frontend,
) -> Result<Records, String> {
    let dirs = include_dirs_of(file, include_dirs);
    match frontend {
        Frontend::Builtin => {
            let evaluated = frontend::evaluate_builtin(&mut SourceCache::default(), file, &dirs);
            match evaluated.errors {
                Some(errors) if evaluated.records.is_empty() => Err(errors),
                _ => Ok(evaluated.records),
            }
        }
        Frontend::LlvmTblgen => {
            let tool = tblgen::find().ok_or("llvm-tblgen not found")?;
            evaluate(&tool, file, &dirs)
        }
    }
}

/// One root's records from `llvm-tblgen`.
fn evaluate(tool: &Path, file: &Path, include_dirs: &[PathBuf]) -> Result<Records, String> {
    let json = tblgen::dump_json(tool, file, include_dirs)?;
    Records::from_dump_json(&json).map_err(|e| format!("reading llvm-tblgen's output: {e}"))
}
