//! The project files `check` uses (`.mlir-analyzer.toml`, see `project`): for each checked
//! file the nearest one above it, read once. Its problems go to stderr as a compiler
//! prints them (`path:line:col: error: message`) and make the run fail with status 2; its
//! `irdl.files` dialects are used for the files below it, unless `--irdl-file` is given
//! (the command line overrides the project file, as editor settings do). Their `[ods]`
//! tables are merged into the one registry the run checks with, unless an `--ods-*` flag
//! is given.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use mlir_analysis::irdl::IrdlDialect;

use crate::ods_settings::OdsConfig;
use crate::project::{self, ProjectFile};

/// The project files found so far, by folder of a checked file.
#[derive(Default)]
pub struct Projects {
    by_folder: HashMap<PathBuf, Option<Rc<[IrdlDialect]>>>,
    by_file: HashMap<PathBuf, Rc<[IrdlDialect]>>,
    /// Each project file read (and its problems reported) once; `None`: unreadable.
    files: HashMap<PathBuf, Option<Rc<ProjectFile>>>,
    /// Did a project file have problems, or name a file that could not be read?
    pub failed: bool,
}

impl Projects {
    /// The IRDL dialects the project file above `folder` names (none without one).
    pub fn irdl_for(&mut self, folder: &Path) -> Rc<[IrdlDialect]> {
        if let Some(known) = self.by_folder.get(folder) {
            return known.clone().unwrap_or_else(|| Rc::from([]));
        }
        let found = project::find_above(folder).map(|file| self.load(&file));
        self.by_folder.insert(folder.to_path_buf(), found.clone());
        found.unwrap_or_else(|| Rc::from([]))
    }

    /// The `[external]` table of the project file above `folder`, if it has one, and its
    /// command (a relative program made absolute from the file's folder).
    pub fn external_for(
        &mut self,
        folder: &Path,
    ) -> Option<(project::ExternalTable, Option<Vec<String>>)> {
        let path = project::find_above(folder)?;
        let file = self.file(&path)?;
        let table = file.settings.external.clone()?;
        Some((table, file.external_command()))
    }

    fn load(&mut self, path: &Path) -> Rc<[IrdlDialect]> {
        if let Some(known) = self.by_file.get(path) {
            return known.clone();
        }
        let dialects: Rc<[IrdlDialect]> = match self.file(path) {
            Some(file) => self.dialects_of(&file).into(),
            None => Rc::from([]),
        };
        self.by_file.insert(path.to_path_buf(), dialects.clone());
        dialects
    }

    /// The project file at `path`, read and its problems reported the first time.
    fn file(&mut self, path: &Path) -> Option<Rc<ProjectFile>> {
        if let Some(known) = self.files.get(path) {
            return known.clone();
        }
        let file = ProjectFile::read(path).map(Rc::new);
        match &file {
            Some(file) => self.report(file),
            None => {
                eprintln!("mlir-analyzer: cannot read {}", path.display());
                self.failed = true;
            }
        }
        self.files.insert(path.to_path_buf(), file.clone());
        file
    }

    /// The `[ods]` tables of the project files above `folders`, merged (one registry
    /// serves the whole run): their files and include folders, and the installed MLIR's
    /// dialects if any table asks for them (`installed` is true unless a table says
    /// `false`). `None` when no project file has an `[ods]` table.
    pub fn ods_config(&mut self, folders: &[PathBuf]) -> Option<OdsConfig> {
        let mut paths: Vec<PathBuf> = folders
            .iter()
            .filter_map(|f| project::find_above(f))
            .collect();
        paths.sort();
        paths.dedup();
        let mut config: Option<OdsConfig> = None;
        for path in paths {
            let Some(file) = self.file(&path) else {
                continue;
            };
            let Some(table) = &file.settings.ods else {
                continue;
            };
            let merged = config.get_or_insert_with(|| OdsConfig {
                installed: false,
                ..OdsConfig::default()
            });
            merged.files.extend(file.ods_patterns());
            merged.include_dirs.extend(file.ods_include_dirs());
            merged.installed |= table.installed.unwrap_or(true);
            if let Some(evaluator) = table.evaluator {
                merged.frontend = evaluator;
            }
        }
        config
    }

    /// Prints the file's problems, as `check` prints diagnostics.
    fn report(&mut self, file: &ProjectFile) {
        for problem in &file.problems {
            let (line, column) = line_column(&file.text, problem.range.start);
            let path = file.path.display();
            eprintln!("{path}:{line}:{column}: error: {}", problem.message);
            self.failed = true;
        }
    }

    /// The dialects of the files `irdl.files` names; patterns and files that cannot be
    /// used are reported.
    fn dialects_of(&mut self, file: &ProjectFile) -> Vec<IrdlDialect> {
        let patterns = file.irdl_patterns();
        let (paths, invalid) = crate::discovery::configured_files(&patterns, &[]);
        for pattern in invalid {
            let name = file.path.display();
            eprintln!("{name}: error: irdl.files: '{pattern}' is not a valid glob");
            self.failed = true;
        }
        let mut dialects = Vec::new();
        for path in paths {
            match std::fs::read(&path) {
                Ok(bytes) => {
                    let text = String::from_utf8_lossy(&bytes);
                    dialects.extend(mlir_analysis::irdl::dialects_in(&text));
                }
                Err(err) => {
                    eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                    self.failed = true;
                }
            }
        }
        dialects
    }
}

/// 1-based line and column (in bytes, as `check` prints them) of `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    (line, offset.min(text.len()) - line_start + 1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "a = 1\n[irdl]\nfoo = 2\n";
        assert_eq!(super::line_column(text, 0), (1, 1));
        assert_eq!(super::line_column(text, text.find("foo").unwrap()), (3, 1));
        assert_eq!(super::line_column(text, text.find("2").unwrap()), (3, 7));
    }
}
