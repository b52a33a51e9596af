//! The files of an evaluation: each read and parsed once, its tree shared by every root
//! that includes it, and `include` resolved as llvm-tblgen resolves it (the including
//! file's folder first, then the include folders in order).

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::parse::{self, ParseError, ast};

/// The index of a file in its `SourceCache`.
pub(crate) type FileId = u32;

/// A place in a file: the file and a byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Loc {
    pub(crate) file: FileId,
    pub(crate) offset: u32,
}

/// One read and parsed file.
pub(crate) struct SourceFile {
    pub(crate) path: PathBuf,
    /// The file name llvm-tblgen puts in `!locs` (the base name).
    pub(crate) name: String,
    line_starts: Vec<u32>,
    pub(crate) ast: Arc<ast::File>,
    pub(crate) errors: Vec<ParseError>,
}

/// Reads a file's text; the disk by default, open editor buffers in the server.
pub type ReadText = dyn Fn(&Path) -> io::Result<String> + Send + Sync;

/// Read and parsed files, shared by the roots evaluated with it.
pub struct SourceCache {
    files: Vec<Arc<SourceFile>>,
    by_path: HashMap<PathBuf, FileId>,
    read: Box<ReadText>,
}

impl Default for SourceCache {
    fn default() -> Self {
        SourceCache::new(Box::new(|path: &Path| std::fs::read_to_string(path)))
    }
}

impl SourceCache {
    /// A cache that reads files with `read`.
    pub fn new(read: Box<ReadText>) -> Self {
        SourceCache {
            files: Vec::new(),
            by_path: HashMap::new(),
            read,
        }
    }

    /// Forgets a file, so that the next evaluation reads and parses it again (it was
    /// edited). The ids of other files stay valid.
    pub fn invalidate(&mut self, path: &Path) {
        self.by_path.remove(path);
    }

    pub(crate) fn file(&self, id: FileId) -> &Arc<SourceFile> {
        &self.files[id as usize]
    }

    /// The file at `path`, read and parsed on first use.
    pub(crate) fn load(&mut self, path: &Path) -> io::Result<FileId> {
        if let Some(&id) = self.by_path.get(path) {
            return Ok(id);
        }
        let text = (self.read)(path)?;
        let (ast, errors) = parse::parse(&text);
        let id = self.files.len() as FileId;
        self.files.push(Arc::new(SourceFile {
            path: path.to_owned(),
            name: path
                .file_name()
                .map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
            line_starts: line_starts(&text),
            ast: Arc::new(ast),
            errors,
        }));
        self.by_path.insert(path.to_owned(), id);
        Ok(id)
    }

    /// The file `include "name"` in the file `from` loads: the including file's folder
    /// first, then each include folder; the first that can be read (through the cache's
    /// reader, so editor buffers count). `Ok(None)` if none exists; an error other than
    /// "not found" stops the search.
    pub(crate) fn load_include(
        &mut self,
        from: FileId,
        name: &str,
        include_dirs: &[PathBuf],
    ) -> io::Result<Option<FileId>> {
        let here = self.file(from).path.parent().map(Path::to_path_buf);
        let absolute = Path::new(name).is_absolute().then(|| PathBuf::from(name));
        let candidates: Vec<PathBuf> = absolute
            .into_iter()
            .chain(here.iter().chain(include_dirs).map(|dir| dir.join(name)))
            .collect();
        for candidate in candidates {
            match self.load(&candidate) {
                Ok(id) => return Ok(Some(id)),
                Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                // A folder of that name is not the file either.
                Err(_) if candidate.is_dir() => {}
                Err(error) => return Err(error),
            }
        }
        Ok(None)
    }
}

impl SourceFile {
    /// The 1-based line and column of a byte offset.
    pub(crate) fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let start = self.line_starts[line - 1];
        (line as u32, offset - start + 1)
    }
}

fn line_starts(text: &str) -> Vec<u32> {
    let mut starts = vec![0];
    starts.extend(
        text.bytes()
            .enumerate()
            .filter(|&(_, byte)| byte == b'\n')
            .map(|(index, _)| index as u32 + 1),
    );
    starts
}
