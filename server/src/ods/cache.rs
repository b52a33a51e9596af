//! The disk cache of evaluated records: one file per root `.td` file, named by a key over
//! everything its evaluation depends on (the tool, the include folders, and the path and
//! contents of every file its includes reach), so an unchanged dialect loads without
//! running `llvm-tblgen` and a changed one is never read stale.
//!
//! Entries are llvm-tblgen's JSON cut down to what the lowering reads, written by
//! `Records::to_dump_json`. The cache is optional: any failure to read or write it only
//! means evaluating again.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use tablegen::Records;

use super::roots::{includes, resolve};

/// Changes when the entries' meaning does (what is kept, the JSON's shape): old entries
/// then simply stop matching.
const FORMAT: &str = "ods-records-1";

/// Entries not used for this long are deleted when a new one is written.
const UNUSED_FOR: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// The folder entries go in: `MLIR_ANALYZER_CACHE_DIR` (empty: no cache), else the
/// platform's user cache folder (`XDG_CACHE_HOME`, `~/.cache`, `~/Library/Caches`,
/// `%LOCALAPPDATA%`) with `mlir-analyzer/ods` under it.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("MLIR_ANALYZER_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir).join("ods"));
    }
    let env_dir = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env_dir("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        env_dir("HOME").map(|home| home.join("Library/Caches"))
    } else {
        env_dir("XDG_CACHE_HOME").or_else(|| env_dir("HOME").map(|home| home.join(".cache")))
    };
    base.map(|dir| dir.join("mlir-analyzer").join("ods"))
}

/// A cache folder.
pub struct Cache {
    dir: PathBuf,
}

/// The name of one root's entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key(String);

impl Key {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Cache {
    pub fn new(dir: PathBuf) -> Cache {
        Cache { dir }
    }

    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{}.json", key.0))
    }

    /// The records stored under `key`, if there is a readable entry.
    pub fn get(&self, key: &Key) -> Option<Records> {
        let path = self.path(key);
        let bytes = std::fs::read(&path).ok()?;
        let records = Records::from_dump_json(&bytes).ok()?;
        // Marks the entry used, so it outlives the clean-up of unused ones.
        if let Ok(file) = std::fs::File::options().append(true).open(&path) {
            let _ = file.set_modified(SystemTime::now());
        }
        Some(records)
    }

    /// Stores `records` under `key`: written beside and renamed into place, so a reader
    /// never sees half an entry and two servers writing the same entry do not mix.
    pub fn put(&self, key: &Key, records: &Records) {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return;
        }
        let path = self.path(key);
        let temporary = path.with_extension(format!("json.{}.tmp", std::process::id()));
        let written = std::fs::write(&temporary, records.to_dump_json());
        if written.is_err() || std::fs::rename(&temporary, &path).is_err() {
            let _ = std::fs::remove_file(&temporary);
            return;
        }
        self.remove_unused();
    }

    fn remove_unused(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        for entry in entries.flatten() {
            let modified = entry.metadata().and_then(|meta| meta.modified());
            let age = modified.ok().and_then(|time| now.duration_since(time).ok());
            if age.is_some_and(|age| age > UNUSED_FOR) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// What identifies an external tool's version without running it: its path, size and
/// modification time.
pub fn tool_identity(tool: &Path) -> Vec<u8> {
    let mut identity = tool.as_os_str().as_encoded_bytes().to_vec();
    if let Ok(meta) = std::fs::metadata(tool) {
        identity.extend(meta.len().to_le_bytes());
        let time = meta
            .modified()
            .ok()
            .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok());
        identity.extend(time.map_or(0, |t| t.as_nanos()).to_le_bytes());
    }
    identity
}

/// Computes keys, reading and hashing each file once however many roots include it.
pub struct Keys<'a> {
    include_dirs: &'a [PathBuf],
    /// Editor buffers of `.td` files: their text, not the disk's, is what a key hashes.
    overlay: &'a super::Overlay,
    /// Facts of earlier loads, where kept.
    known: Option<&'a FactsCache>,
    /// What the key starts from: the format, the tool and the include folders.
    base: [u64; 2],
    files: HashMap<PathBuf, FileFacts>,
    /// Where an include resolved to, by its name, the including file's folder and the
    /// root's folder (all a resolution depends on): roots share most of their includes.
    resolved: HashMap<(String, PathBuf, PathBuf), Option<PathBuf>>,
}

/// What keys learnt of files on disk, kept between loads (the language server's): a file
/// whose size and modification time are unchanged is not read and hashed again.
#[derive(Default)]
pub struct FactsCache(std::sync::Mutex<HashMap<PathBuf, (FileStamp, FileFacts)>>);

/// A file's size and modification time.
type FileStamp = (u64, u128);

fn stamp(file: &Path) -> Option<FileStamp> {
    let meta = std::fs::metadata(file).ok()?;
    let time = meta
        .modified()
        .ok()?
        .duration_since(SystemTime::UNIX_EPOCH)
        .ok()?;
    Some((meta.len(), time.as_nanos()))
}

/// One file's contents hash and the names its `include` lines give.
#[derive(Clone)]
struct FileFacts {
    hash: [u64; 2],
    includes: Vec<String>,
}

impl<'a> Keys<'a> {
    /// Keys for roots evaluated by the front end `tool` identifies (see `tool_identity`)
    /// with `include_dirs`, whose entries keep what `kept` names: the fields and the
    /// classes of the records the others are kept for (a change of it changes the entries).
    pub fn new(
        tool: &[u8],
        include_dirs: &'a [PathBuf],
        kept: &[&str],
        overlay: &'a super::Overlay,
        known: Option<&'a FactsCache>,
    ) -> Keys<'a> {
        let mut hasher = TwoHashers::default();
        hasher.write(FORMAT.as_bytes());
        for name in kept {
            hasher.write(name.as_bytes());
        }
        hasher.write(tool);
        for dir in include_dirs {
            hasher.write(dir.as_os_str().as_encoded_bytes());
        }
        Keys {
            include_dirs,
            overlay,
            known,
            base: hasher.finish(),
            files: HashMap::new(),
            resolved: HashMap::new(),
        }
    }

    /// The key of `root`: the base and, for every file its includes reach (in the order
    /// they are first reached), its path and contents hash; an include that resolves to
    /// no file counts by its name. Includes are resolved as the evaluation does: beside
    /// the including file, then in the root's folder and the include folders. `None`
    /// when the root itself cannot be read.
    pub fn key(&mut self, root: &Path) -> Option<Key> {
        let root = std::fs::canonicalize(root).ok()?;
        let mut dirs: Vec<PathBuf> = root.parent().map(Path::to_path_buf).into_iter().collect();
        dirs.extend(self.include_dirs.iter().cloned());
        let mut hasher = TwoHashers::default();
        for part in self.base {
            hasher.write(&part.to_le_bytes());
        }
        let mut seen = std::collections::HashSet::new();
        let mut pending = vec![root];
        while let Some(file) = pending.pop() {
            if !seen.insert(file.clone()) {
                continue;
            }
            let facts = self.facts(&file)?;
            hasher.write(file.as_os_str().as_encoded_bytes());
            for part in facts.hash {
                hasher.write(&part.to_le_bytes());
            }
            let names = facts.includes.clone();
            for name in names.into_iter().rev() {
                match self.resolve(name, &file, &dirs) {
                    Some(target) => pending.push(target),
                    None => hasher.write(b"missing"),
                }
            }
        }
        let [high, low] = hasher.finish();
        Some(Key(format!("{high:016x}{low:016x}")))
    }

    /// `roots::resolve`, remembered.
    fn resolve(&mut self, name: String, from: &Path, dirs: &[PathBuf]) -> Option<PathBuf> {
        let folder = from.parent().unwrap_or(from).to_path_buf();
        let root_folder = dirs.first().cloned().unwrap_or_default();
        let entry = self.resolved.entry((name, folder, root_folder));
        let target = entry.or_insert_with_key(|(name, _, _)| resolve(name, from, dirs));
        target.clone()
    }

    fn facts(&mut self, file: &Path) -> Option<&FileFacts> {
        if !self.files.contains_key(file) {
            let facts = match self.overlay.get(file) {
                Some(text) => facts_of(text.as_bytes()),
                None => self.disk_facts(file)?,
            };
            self.files.insert(file.to_path_buf(), facts);
        }
        self.files.get(file)
    }

    /// A file's facts: those of an earlier load if it is unchanged since, else read.
    fn disk_facts(&self, file: &Path) -> Option<FileFacts> {
        let stamp = stamp(file);
        if let (Some(known), Some(stamp)) = (self.known, stamp) {
            let entries = known.0.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((seen, facts)) = entries.get(file)
                && *seen == stamp
            {
                return Some(facts.clone());
            }
        }
        let facts = facts_of(&std::fs::read(file).ok()?);
        if let (Some(known), Some(stamp)) = (self.known, stamp) {
            let mut entries = known.0.lock().unwrap_or_else(|p| p.into_inner());
            entries.insert(file.to_path_buf(), (stamp, facts.clone()));
        }
        Some(facts)
    }
}

fn facts_of(bytes: &[u8]) -> FileFacts {
    let mut hasher = TwoHashers::default();
    hasher.write(bytes);
    FileFacts {
        hash: hasher.finish(),
        includes: includes(&String::from_utf8_lossy(bytes)),
    }
}

/// Two SipHashes told apart by a first byte: a 128-bit key, so an accidental collision
/// between two versions of a dialect's files is out of the question. `DefaultHasher::new`
/// has fixed keys, so keys are the same from run to run (a new Rust may change them,
/// which only costs one evaluation).
struct TwoHashers([DefaultHasher; 2]);

impl Default for TwoHashers {
    fn default() -> Self {
        let mut first = DefaultHasher::new();
        let mut second = DefaultHasher::new();
        0u8.hash(&mut first);
        1u8.hash(&mut second);
        TwoHashers([first, second])
    }
}

impl TwoHashers {
    fn write(&mut self, bytes: &[u8]) {
        for hasher in &mut self.0 {
            // With the length, `ab`+`c` and `a`+`bc` differ.
            hasher.write_usize(bytes.len());
            hasher.write(bytes);
        }
    }

    fn finish(&self) -> [u64; 2] {
        [self.0[0].finish(), self.0[1].finish()]
    }
}

#[cfg(test)]
mod tests;
