//! `tablegen_compile_commands.yml`, which CMake's `mlir_tablegen` (and LLVM's `tablegen`)
//! appends to in a build folder: one YAML document per `llvm-tblgen` run, naming the root
//! `.td` file and its include folders. A tolerant reader of exactly the shape CMake
//! writes (no YAML library: nothing else of YAML is needed), and where such files are
//! looked for in a workspace folder.
//!
//! ```yaml
//! --- !FileInfo:
//!   filepath: "/abs/path/Foo.td"
//!   includes: "/abs/dir1;/abs/dir2"
//! ```

use std::path::{Path, PathBuf};

use super::OdsSources;

/// The file's name, as CMake writes it.
pub const FILE_NAME: &str = "tablegen_compile_commands.yml";

/// A build tree's file lists every `.td` file it runs `llvm-tblgen` on: a few MB at most;
/// anything much bigger is not this file.
const MAX_BYTES: u64 = 64 << 20;

/// Subfolders of a workspace folder looked at for a build folder: a huge folder must not
/// make discovery slow.
const MAX_SUBFOLDERS: usize = 1000;

/// One root `.td` file and the folders its includes are found in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub file: PathBuf,
    pub include_dirs: Vec<PathBuf>,
}

/// The compile-commands files of a workspace folder: at its top and in its immediate
/// subfolders (`build/`, `build-release/`, ...), sorted. Deeper trees are not walked.
pub fn find(folder: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = Some(folder.join(FILE_NAME))
        .into_iter()
        .filter(|p| p.is_file())
        .collect();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return found;
    };
    let mut below: Vec<PathBuf> = entries
        .flatten()
        .take(MAX_SUBFOLDERS)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path().join(FILE_NAME))
        .filter(|p| p.is_file())
        .collect();
    below.sort();
    found.extend(below);
    found
}

/// The entries of the file at `path`, or why it could not be read.
pub fn read(path: &Path) -> Result<Vec<Entry>, String> {
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > MAX_BYTES {
        return Err(format!("{size} bytes is too big for {FILE_NAME}"));
    }
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let base = path.parent().unwrap_or(Path::new("."));
    Ok(parse(&String::from_utf8_lossy(&bytes), base))
}

/// The entries of a compile-commands text, one per root file (the same file, run once per
/// generator, is listed many times: its include folders are merged, in order). Relative
/// paths are taken from `base`. A document without `filepath`, or lines of another
/// shape, are skipped: the reader never fails.
pub fn parse(text: &str, base: &Path) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for document in documents(text) {
        let Some(entry) = entry_of(&document, base) else {
            continue;
        };
        match out.iter_mut().find(|e| e.file == entry.file) {
            Some(known) => merge(&mut known.include_dirs, entry.include_dirs),
            None => out.push(entry),
        }
    }
    out
}

/// What to load for `entries`: their files, and one list of include folders for all of
/// them (`OdsSources` shares one list; a build's roots mostly share their folders, and a
/// folder another root needs is only searched after a root's own folder).
pub fn sources(entries: &[Entry]) -> OdsSources {
    let mut sources = OdsSources::default();
    for entry in entries {
        if !sources.files.contains(&entry.file) {
            sources.files.push(entry.file.clone());
        }
        merge(&mut sources.include_dirs, entry.include_dirs.clone());
    }
    sources
}

fn merge(into: &mut Vec<PathBuf>, more: Vec<PathBuf>) {
    for dir in more {
        if !into.contains(&dir) {
            into.push(dir);
        }
    }
}

/// The `key: value` lines of each `---` document.
fn documents(text: &str) -> Vec<Vec<(&str, String)>> {
    let mut out = Vec::new();
    let mut current: Option<Vec<(&str, String)>> = None;
    for line in text.lines() {
        if line.starts_with("---") {
            out.extend(current.take());
            current = Some(Vec::new());
            continue;
        }
        let (Some(fields), Some((key, value))) = (current.as_mut(), line.split_once(':')) else {
            continue;
        };
        fields.push((key.trim(), unquote(value.trim())));
    }
    out.extend(current);
    out
}

fn entry_of(fields: &[(&str, String)], base: &Path) -> Option<Entry> {
    let value = |name: &str| fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v);
    let file = value("filepath").filter(|f| !f.is_empty())?;
    let mut include_dirs = Vec::new();
    let dirs = value("includes")
        .map(|v| v.split(';'))
        .into_iter()
        .flatten();
    let dirs = dirs.map(str::trim).filter(|d| !d.is_empty());
    merge(&mut include_dirs, dirs.map(|d| base.join(d)).collect());
    Some(Entry {
        file: base.join(file),
        include_dirs,
    })
}

/// A double-quoted YAML scalar's text (CMake quotes every value); other values as written.
fn unquote(value: &str) -> String {
    let Some(inner) = value.strip_prefix('"') else {
        return value.to_string();
    };
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => out.extend(chars.next()),
            (c, false) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const CMAKE: &str = "--- !FileInfo:\n  filepath: \"/src/Foo/FooOps.td\"\n  includes: \"/src/Foo;/usr/include;\"\n--- !FileInfo:\n  filepath: \"/src/Foo/FooOps.td\"\n  includes: \"/src/Foo;/build/include\"\n--- !FileInfo:\n  filepath: \"/src/Bar.td\"\n  includes: \"\"\n";

    fn paths(items: &[&str]) -> Vec<PathBuf> {
        items.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn entries_of_cmakes_output_are_merged_by_file() {
        let entries = parse(CMAKE, Path::new("/build"));
        assert_eq!(
            entries,
            [
                Entry {
                    file: "/src/Foo/FooOps.td".into(),
                    include_dirs: paths(&["/src/Foo", "/usr/include", "/build/include"]),
                },
                Entry {
                    file: "/src/Bar.td".into(),
                    include_dirs: Vec::new(),
                },
            ]
        );
        let sources = sources(&entries);
        assert_eq!(sources.files, paths(&["/src/Foo/FooOps.td", "/src/Bar.td"]));
        assert_eq!(sources.include_dirs.len(), 3);
    }

    #[test]
    fn relative_paths_windows_lines_and_escapes_are_read() {
        let text = "--- !FileInfo:\r\n  filepath: \"a\\\\b \\\"c\\\".td\"\r\n  includes: inc\r\n";
        let entries = parse(text, Path::new("/build"));
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].file, Path::new("/build/a\\b \"c\".td"));
        assert_eq!(entries[0].include_dirs, paths(&["/build/inc"]));
    }

    #[test]
    fn malformed_input_gives_what_it_can_and_never_panics() {
        let cases = [
            "",
            "---",
            "filepath: \"/outside/a/document.td\"\n",
            "--- !FileInfo:\n  includes: \"/no/file\"\n",
            "--- !FileInfo:\n  filepath: \"\n",
            "--- !FileInfo:\n  filepath: \"\\",
            "--- !FileInfo:\n  filepath:\n  includes: ;;;\n",
            "--- !FileInfo:\n  garbage without a colon\n  filepath: \"/x.td\"",
            "\u{feff}--- \u{0}:\u{0}\n\t:::\n",
        ];
        for text in cases {
            let entries = parse(text, Path::new("/b"));
            assert!(entries.len() <= 1, "{text:?}: {entries:?}");
        }
        let last = parse(cases[7], Path::new("/b"));
        assert_eq!(last[0].file, Path::new("/x.td"), "a stray line is skipped");
        assert_eq!(parse(cases[4], Path::new("/b")).len(), 0, "an empty path");
    }

    #[test]
    fn files_are_found_at_the_top_and_one_level_down() {
        let root = std::env::temp_dir().join(format!("tablegen-cc-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["build", "build-rel", "src/deep/build"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
            std::fs::write(root.join(dir).join(FILE_NAME), CMAKE).unwrap();
        }
        std::fs::write(root.join(FILE_NAME), "").unwrap();
        let found = find(&root);
        let expected = [
            root.join(FILE_NAME),
            root.join("build").join(FILE_NAME),
            root.join("build-rel").join(FILE_NAME),
        ];
        assert_eq!(found, expected);
        assert_eq!(read(&found[1]).unwrap().len(), 2);
        assert!(read(&root.join("missing.yml")).is_err());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
