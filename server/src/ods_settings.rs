//! Which ODS `.td` files to load, from what the settings say (the editor's `ods.*`, a
//! project file's `[ods]`) and what a CMake build lists (`tablegen_compile_commands.yml`
//! in the workspace folders): turned into the `OdsSources` that `ods::load` evaluates,
//! with what could not be used, for the command line and the language server alike.

use std::path::{Path, PathBuf};

use crate::ods::{self, OdsSources, compile_commands};

/// The ODS settings in effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OdsConfig {
    /// Root `.td` files: paths or globs, absolute or relative to the folders.
    pub files: Vec<String>,
    /// Folders where includes are found, absolute or relative to the folders.
    pub include_dirs: Vec<String>,
    /// Also load the installed MLIR's dialects.
    pub installed: bool,
    /// Which TableGen front end evaluates the files.
    pub frontend: ods::Frontend,
}

impl Default for OdsConfig {
    fn default() -> Self {
        OdsConfig {
            files: Vec::new(),
            include_dirs: Vec::new(),
            installed: true,
            frontend: ods::Frontend::default(),
        }
    }
}

/// What to load, and what of the settings could not be used.
#[derive(Debug, Default)]
pub struct Resolved {
    pub sources: OdsSources,
    /// The files `OdsConfig::files` names (a failure of one is worth telling the user).
    pub configured: Vec<PathBuf>,
    /// The compile-commands files read.
    pub compile_commands: Vec<PathBuf>,
    /// Patterns naming nothing, folders that are not there, files that could not be read.
    pub problems: Vec<String>,
    /// Was the installed MLIR asked for but not found?
    pub installed_missing: bool,
}

/// Resolves `config` against `folders` (workspace folders; none when the patterns are
/// absolute already). With `discover`, the compile-commands files of the folders add
/// their roots and include folders. The installed MLIR's include folder is searched
/// last even when its dialects are not loaded, so a project's `.td` file finds
/// `mlir/IR/OpBase.td` with no setting.
pub fn resolve(config: &OdsConfig, folders: &[PathBuf], discover: bool) -> Resolved {
    let mut out = Resolved::default();
    out.sources.frontend = config.frontend;
    configured_files(config, folders, &mut out);
    include_dirs(config, folders, &mut out);
    if discover {
        for folder in folders {
            discovered(folder, &mut out);
        }
    }
    installed(config.installed, &mut out);
    out
}

fn configured_files(config: &OdsConfig, folders: &[PathBuf], out: &mut Resolved) {
    let found = crate::discovery::configured(&config.files, folders, ".td");
    for pattern in found.invalid {
        out.problems
            .push(format!("ODS file pattern '{pattern}' is not a valid glob"));
    }
    for pattern in found.missing {
        out.problems
            .push(format!("ODS file pattern '{pattern}' names no .td file"));
    }
    out.configured.clone_from(&found.files);
    add_files(&mut out.sources, found.files);
}

fn include_dirs(config: &OdsConfig, folders: &[PathBuf], out: &mut Resolved) {
    for dir in &config.include_dirs {
        let candidates: Vec<PathBuf> = match Path::new(dir).is_absolute() {
            true => vec![PathBuf::from(dir)],
            false => folders.iter().map(|f| f.join(dir)).collect(),
        };
        let existing: Vec<PathBuf> = candidates.into_iter().filter(|d| d.is_dir()).collect();
        if existing.is_empty() {
            out.problems
                .push(format!("ODS include folder '{dir}' does not exist"));
        }
        add_dirs(&mut out.sources, existing);
    }
}

fn discovered(folder: &Path, out: &mut Resolved) {
    for path in compile_commands::find(folder) {
        match compile_commands::read(&path) {
            Ok(entries) => {
                let found = compile_commands::sources(&entries);
                add_files(&mut out.sources, found.files);
                add_dirs(&mut out.sources, found.include_dirs);
                out.compile_commands.push(path);
            }
            Err(why) => out
                .problems
                .push(format!("cannot read {}: {why}", path.display())),
        }
    }
}

fn installed(load: bool, out: &mut Resolved) {
    if !load {
        add_dirs(&mut out.sources, ods::installed_mlir_include());
        return;
    }
    match OdsSources::installed() {
        Some(found) => {
            add_files(&mut out.sources, found.files);
            add_dirs(&mut out.sources, found.include_dirs);
        }
        None => out.installed_missing = true,
    }
}

/// Adds files not already there: a root evaluated twice defines its ops twice.
fn add_files(sources: &mut OdsSources, files: impl IntoIterator<Item = PathBuf>) {
    for file in files {
        if !sources.files.contains(&file) {
            sources.files.push(file);
        }
    }
}

fn add_dirs(sources: &mut OdsSources, dirs: impl IntoIterator<Item = PathBuf>) {
    for dir in dirs {
        if !sources.include_dirs.contains(&dir) {
            sources.include_dirs.push(dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_and_compile_commands_become_one_set_of_sources() {
        let root = std::env::temp_dir().join(format!("ods-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("td/inc")).unwrap();
        std::fs::create_dir_all(root.join("build")).unwrap();
        std::fs::write(root.join("td/A.td"), "").unwrap();
        std::fs::write(root.join("td/B.td"), "").unwrap();
        let listing = format!(
            "--- !FileInfo:\n  filepath: \"{0}/td/B.td\"\n  includes: \"{0}/td;{0}/build\"\n",
            root.display()
        );
        std::fs::write(
            root.join("build").join(compile_commands::FILE_NAME),
            listing,
        )
        .unwrap();
        let config = OdsConfig {
            files: vec!["td/*.td".into(), "gone.td".into()],
            include_dirs: vec!["td/inc".into(), "nowhere".into()],
            installed: false,
            frontend: ods::Frontend::default(),
        };
        let resolved = resolve(&config, std::slice::from_ref(&root), true);
        let files = [root.join("td/A.td"), root.join("td/B.td")];
        assert_eq!(resolved.sources.files, files, "B.td once");
        assert_eq!(resolved.configured, files);
        let dirs = &resolved.sources.include_dirs;
        assert_eq!(
            dirs[..3],
            [root.join("td/inc"), root.join("td"), root.join("build")]
        );
        assert_eq!(
            resolved.problems,
            [
                "ODS file pattern 'gone.td' names no .td file",
                "ODS include folder 'nowhere' does not exist"
            ]
        );
        assert_eq!(resolved.compile_commands.len(), 1);
        let undiscovered = resolve(&config, std::slice::from_ref(&root), false);
        assert!(undiscovered.compile_commands.is_empty());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
