//! The project file, `.mlir-analyzer.toml` at a workspace root (or, for `check`, the
//! nearest one above a checked file): the settings the command line and every editor
//! share. Editor settings override it. Every key is checked: an unknown key, a value of
//! the wrong type or broken TOML is a problem with its place in the file, never a setting
//! silently left at its default.
//!
//! ```toml
//! [irdl]
//! # Files defining IRDL dialects: paths or globs, relative to this file's folder.
//! files = ["dialects/**/*.irdl.mlir"]
//!
//! [external]
//! # An external verifier run on open documents (and by `check`): the command, or "auto"
//! # for the mlir-opt on the PATH or in /usr/lib/llvm-*/bin; run on "save" or on "idle"
//! # (after idle_ms without typing); killed after timeout_ms.
//! command = ["circt-opt", "--allow-unregistered-dialect"]
//! when = "save"
//! timeout_ms = 10000
//! idle_ms = 500
//!
//! [ods]
//! # Root ODS `.td` files (paths or globs) and the folders their includes are found in,
//! # relative to this file's folder; `installed` (default true) also loads the installed
//! # MLIR's dialects.
//! files = ["include/MyDialect/MyOps.td"]
//! include_dirs = ["include"]
//! installed = true
//!
//! [format]
//! # Spaces per region level (default 2, as MLIR prints).
//! indent_width = 2
//! ```

use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The file's name.
pub const FILE_NAME: &str = ".mlir-analyzer.toml";

/// The keys a project file may hold, as `table.key`, for messages.
const KNOWN_KEYS: &[&str] = &[
    "irdl.files",
    "external.command",
    "external.when",
    "external.timeout_ms",
    "external.idle_ms",
    "ods.files",
    "ods.include_dirs",
    "ods.installed",
    "ods.evaluator",
    "format.indent_width",
];

/// What a project file sets; `None` where it says nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProjectSettings {
    /// `irdl.files`: paths or globs, as written (relative to the file's folder).
    pub irdl_files: Option<Vec<String>>,
    /// The `[external]` table, if there is one.
    pub external: Option<ExternalTable>,
    /// The `[ods]` table, if there is one (its defaults then apply to what it leaves out).
    pub ods: Option<OdsTable>,
    /// `format.indent_width`: spaces per region level of the formatter.
    pub format_indent_width: Option<usize>,
}

/// `[external]`: the external verifier's command (`"auto"` is `["auto"]`), when it runs
/// and how long it may take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExternalTable {
    pub command: Option<Vec<String>>,
    pub when: Option<crate::external::When>,
    pub timeout_ms: Option<u64>,
    pub idle_ms: Option<u64>,
}

/// `[ods]`: root `.td` files and include folders as written (relative to the file's
/// folder), and whether the installed MLIR's dialects are loaded too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OdsTable {
    pub files: Option<Vec<String>>,
    pub include_dirs: Option<Vec<String>>,
    pub installed: Option<bool>,
    /// `evaluator = "builtin" | "llvm-tblgen"`.
    pub evaluator: Option<crate::ods::Frontend>,
}

/// Something wrong in a project file: its byte range and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub range: Range<usize>,
    pub message: String,
}

/// A project file read from disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectFile {
    pub path: PathBuf,
    pub text: String,
    pub settings: ProjectSettings,
    pub problems: Vec<Problem>,
}

impl ProjectFile {
    /// Reads and checks the project file at `path`; `None` if there is none to read (or
    /// it is no regular file: a named pipe would block the read for good).
    pub fn read(path: &Path) -> Option<ProjectFile> {
        if !std::fs::metadata(path).ok()?.is_file() {
            return None;
        }
        let bytes = std::fs::read(path).ok()?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (settings, problems) = parse(&text);
        Some(ProjectFile {
            path: path.to_path_buf(),
            text,
            settings,
            problems,
        })
    }

    /// The folder the file's relative paths start from.
    pub fn folder(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// `irdl.files`, with relative paths and globs made absolute from the file's folder.
    pub fn irdl_patterns(&self) -> Vec<String> {
        let patterns = self.settings.irdl_files.iter().flatten();
        patterns.map(|p| absolute(self.folder(), p)).collect()
    }

    /// `ods.files`, made absolute from the file's folder.
    pub fn ods_patterns(&self) -> Vec<String> {
        let table = self.settings.ods.as_ref();
        let patterns = table.and_then(|t| t.files.as_ref()).into_iter().flatten();
        patterns.map(|p| absolute(self.folder(), p)).collect()
    }

    /// `ods.include_dirs`, made absolute from the file's folder.
    pub fn ods_include_dirs(&self) -> Vec<String> {
        let table = self.settings.ods.as_ref();
        let dirs = table
            .and_then(|t| t.include_dirs.as_ref())
            .into_iter()
            .flatten();
        dirs.map(|p| absolute(self.folder(), p)).collect()
    }
}

impl ProjectFile {
    /// `external.command`, with a relative program path (one with a folder, such as
    /// `build/bin/my-opt`) made absolute from the file's folder; a bare name is left to
    /// the PATH, `auto` to the search for mlir-opt.
    pub fn external_command(&self) -> Option<Vec<String>> {
        let table = self.settings.external.as_ref()?;
        let mut command = table.command.clone()?;
        if let Some(program) = command.first_mut()
            && program.contains('/')
        {
            *program = absolute(self.folder(), program);
        }
        Some(command)
    }
}

fn absolute(folder: &Path, pattern: &str) -> String {
    match Path::new(pattern).is_absolute() {
        true => pattern.to_string(),
        false => folder.join(pattern).to_string_lossy().into_owned(),
    }
}

/// The nearest project file in `start`'s folder (or `start` itself, a folder) or above.
pub fn find_above(start: &Path) -> Option<PathBuf> {
    let start = std::path::absolute(start).ok()?;
    let first = if start.is_dir() {
        Some(start.as_path())
    } else {
        start.parent()
    };
    first?
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// The settings of a project file's text, and what is wrong in it.
pub fn parse(text: &str) -> (ProjectSettings, Vec<Problem>) {
    let (document, errors) = DeTable::parse_recoverable(text);
    // The first syntax error only: what the parser's recovery finds after it mostly
    // follows from it, as in a compiler.
    let mut problems: Vec<Problem> = errors
        .iter()
        .take(1)
        .map(|e| Problem {
            range: e.span().unwrap_or(0..0),
            message: format!("invalid TOML: {}", e.message()),
        })
        .collect();
    let mut settings = ProjectSettings::default();
    for (key, value) in document.get_ref() {
        match key.get_ref().as_ref() {
            "external" => settings.external = read_external(value, &mut problems),
            "irdl" => read_irdl(value, &mut settings, &mut problems),
            "ods" => settings.ods = read_ods(value, &mut problems),
            "format" => read_format(value, &mut settings, &mut problems),
            // A key the parser could not read is its error already.
            "" => {}
            other => problems.push(unknown(key, other)),
        }
    }
    problems.sort_by_key(|p| (p.range.start, p.range.end));
    (settings, problems)
}

fn read_irdl(value: &Spanned<DeValue<'_>>, settings: &mut ProjectSettings, out: &mut Vec<Problem>) {
    let Some(table) = value.get_ref().as_table() else {
        out.push(wrong_type(value, "`irdl` must be a table (`[irdl]`)"));
        return;
    };
    for (key, value) in table {
        match key.get_ref().as_ref() {
            "files" => settings.irdl_files = strings(value, "irdl.files", out),
            "" => {}
            other => out.push(unknown(key, &format!("irdl.{other}"))),
        }
    }
}

fn read_external(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<ExternalTable> {
    let Some(table) = value.get_ref().as_table() else {
        out.push(wrong_type(
            value,
            "`external` must be a table (`[external]`)",
        ));
        return None;
    };
    let mut external = ExternalTable::default();
    for (key, value) in table {
        match key.get_ref().as_ref() {
            "command" => external.command = command(value, out),
            "when" => external.when = when(value, out),
            "timeout_ms" => external.timeout_ms = millis(value, "external.timeout_ms", out),
            "idle_ms" => external.idle_ms = millis(value, "external.idle_ms", out),
            "" => {}
            other => out.push(unknown(key, &format!("external.{other}"))),
        }
    }
    Some(external)
}

/// `"auto"`, or an array of strings.
fn command(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<Vec<String>> {
    if value.get_ref().as_str() == Some(crate::external::AUTO) {
        return Some(vec![crate::external::AUTO.to_string()]);
    }
    if value.get_ref().as_array().is_none() {
        out.push(wrong_type(
            value,
            "`external.command` must be \"auto\" or an array of strings",
        ));
        return None;
    }
    strings(value, "external.command", out)
}

fn when(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<crate::external::When> {
    let named = value
        .get_ref()
        .as_str()
        .and_then(crate::external::When::from_name);
    if named.is_none() {
        out.push(wrong_type(
            value,
            "`external.when` must be \"save\" or \"idle\"",
        ));
    }
    named
}

fn millis(value: &Spanned<DeValue<'_>>, name: &str, out: &mut Vec<Problem>) -> Option<u64> {
    let integer = value.get_ref().as_integer();
    let found = integer.and_then(|i| u64::from_str_radix(i.as_str(), i.radix()).ok());
    if found.is_none() {
        out.push(wrong_type(
            value,
            &format!("`{name}` must be a number of milliseconds"),
        ));
    }
    found
}

fn read_ods(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<OdsTable> {
    let Some(table) = value.get_ref().as_table() else {
        out.push(wrong_type(value, "`ods` must be a table (`[ods]`)"));
        return None;
    };
    let mut ods = OdsTable::default();
    for (key, value) in table {
        match key.get_ref().as_ref() {
            "files" => ods.files = strings(value, "ods.files", out),
            "include_dirs" => ods.include_dirs = strings(value, "ods.include_dirs", out),
            "installed" => ods.installed = boolean(value, "ods.installed", out),
            "evaluator" => ods.evaluator = evaluator(value, out),
            "" => {}
            other => out.push(unknown(key, &format!("ods.{other}"))),
        }
    }
    Some(ods)
}

fn read_format(
    value: &Spanned<DeValue<'_>>,
    settings: &mut ProjectSettings,
    out: &mut Vec<Problem>,
) {
    let Some(table) = value.get_ref().as_table() else {
        out.push(wrong_type(value, "`format` must be a table (`[format]`)"));
        return;
    };
    for (key, value) in table {
        match key.get_ref().as_ref() {
            "indent_width" => settings.format_indent_width = indent_width(value, out),
            "" => {}
            other => out.push(unknown(key, &format!("format.{other}"))),
        }
    }
}

/// The largest indentation step the formatter takes.
pub const MAX_INDENT_WIDTH: usize = 16;

fn indent_width(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<usize> {
    let width = value
        .get_ref()
        .as_integer()
        .filter(|i| i.radix() == 10)
        .and_then(|i| i.as_str().replace('_', "").parse::<usize>().ok())
        .filter(|w| (1..=MAX_INDENT_WIDTH).contains(w));
    if width.is_none() {
        let message =
            format!("`format.indent_width` must be an integer from 1 to {MAX_INDENT_WIDTH}");
        out.push(wrong_type(value, &message));
    }
    width
}

fn evaluator(value: &Spanned<DeValue<'_>>, out: &mut Vec<Problem>) -> Option<crate::ods::Frontend> {
    let named = value
        .get_ref()
        .as_str()
        .and_then(crate::ods::Frontend::from_name);
    if named.is_none() {
        out.push(wrong_type(
            value,
            "`ods.evaluator` must be \"builtin\" or \"llvm-tblgen\"",
        ));
    }
    named
}

fn boolean(value: &Spanned<DeValue<'_>>, name: &str, out: &mut Vec<Problem>) -> Option<bool> {
    let found = value.get_ref().as_bool();
    if found.is_none() {
        out.push(wrong_type(
            value,
            &format!("`{name}` must be `true` or `false`"),
        ));
    }
    found
}

/// An array of strings, or a problem saying what `name` must be.
fn strings(
    value: &Spanned<DeValue<'_>>,
    name: &str,
    out: &mut Vec<Problem>,
) -> Option<Vec<String>> {
    let message = || format!("`{name}` must be an array of strings (paths or globs)");
    let Some(items) = value.get_ref().as_array() else {
        out.push(wrong_type(value, &message()));
        return None;
    };
    let mut found = Vec::new();
    for item in items {
        match item.get_ref().as_str() {
            Some(text) => found.push(text.to_string()),
            None => out.push(wrong_type(item, &message())),
        }
    }
    Some(found)
}

fn unknown(key: &Spanned<std::borrow::Cow<'_, str>>, name: &str) -> Problem {
    Problem {
        range: key.span(),
        message: format!(
            "unknown key `{name}` (known keys: {})",
            KNOWN_KEYS.join(", ")
        ),
    }
}

fn wrong_type(value: &Spanned<DeValue<'_>>, message: &str) -> Problem {
    Problem {
        range: value.span(),
        message: message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<(String, String)> {
        let (_, problems) = parse(text);
        problems
            .into_iter()
            .map(|p| (text[p.range].to_string(), p.message))
            .collect()
    }

    #[test]
    fn irdl_files_are_read() {
        let (settings, problems) = parse("[irdl]\nfiles = [\"a.irdl.mlir\", \"d/**/*.mlir\"]\n");
        assert!(problems.is_empty(), "{problems:?}");
        let files = settings.irdl_files.unwrap();
        assert_eq!(files, ["a.irdl.mlir", "d/**/*.mlir"]);
        assert_eq!(parse("").0, ProjectSettings::default());
    }

    #[test]
    fn unknown_keys_and_wrong_types_are_problems_at_their_place() {
        let text = "colour = 1\n[irdl]\nfiles = \"a.mlir\"\nfile = []\n";
        let known = "(known keys: irdl.files, external.command, external.when, external.timeout_ms, external.idle_ms, ods.files, ods.include_dirs, ods.installed, ods.evaluator, format.indent_width)";
        assert_eq!(
            problems(text),
            [
                ("colour".into(), format!("unknown key `colour` {known}")),
                (
                    "\"a.mlir\"".into(),
                    "`irdl.files` must be an array of strings (paths or globs)".into()
                ),
                ("file".into(), format!("unknown key `irdl.file` {known}")),
            ]
        );
        let items = problems("[irdl]\nfiles = [\"a\", 2]\n");
        assert_eq!(items[0].0, "2");
        assert_eq!(
            problems("irdl = 3\n")[0].1,
            "`irdl` must be a table (`[irdl]`)"
        );
    }

    #[test]
    fn the_ods_evaluator_is_read_and_checked() {
        let (settings, found) = parse("[ods]\nevaluator = \"llvm-tblgen\"\n");
        assert!(found.is_empty(), "{found:?}");
        let evaluator = settings.ods.unwrap().evaluator;
        assert_eq!(evaluator, Some(crate::ods::Frontend::LlvmTblgen));
        assert_eq!(
            problems("[ods]\nevaluator = \"tblgen\"\n"),
            [(
                "\"tblgen\"".into(),
                "`ods.evaluator` must be \"builtin\" or \"llvm-tblgen\"".into()
            )]
        );
    }

    #[test]
    fn the_ods_table_is_read_and_checked() {
        let text = "[ods]\nfiles = [\"a/*.td\"]\ninclude_dirs = [\"inc\"]\ninstalled = false\n";
        let (settings, found) = parse(text);
        assert!(found.is_empty(), "{found:?}");
        let ods = settings.ods.unwrap();
        assert_eq!(ods.files.unwrap(), ["a/*.td"]);
        assert_eq!(ods.include_dirs.unwrap(), ["inc"]);
        assert_eq!(ods.installed, Some(false));
        assert_eq!(parse("[ods]\n").0.ods, Some(OdsTable::default()));
        let text = "[ods]\ninstalled = \"yes\"\nincludes = []\n";
        let found = problems(text);
        assert_eq!(found[0].1, "`ods.installed` must be `true` or `false`");
        assert!(
            found[1].1.starts_with("unknown key `ods.includes`"),
            "{found:?}"
        );
        assert_eq!(
            problems("ods = []\n")[0].1,
            "`ods` must be a table (`[ods]`)"
        );
        let file = ProjectFile {
            path: "/p/.mlir-analyzer.toml".into(),
            text: String::new(),
            settings: parse("[ods]\nfiles = [\"x.td\", \"/abs.td\"]\ninclude_dirs = [\"i\"]\n").0,
            problems: Vec::new(),
        };
        assert_eq!(file.ods_patterns(), ["/p/x.td", "/abs.td"]);
        assert_eq!(file.ods_include_dirs(), ["/p/i"]);
    }

    #[test]
    fn the_external_table_is_read_and_checked() {
        let text = "[external]\ncommand = [\"circt-opt\", \"-x\"]\nwhen = \"idle\"\ntimeout_ms = 200\nidle_ms = 50\n";
        let (settings, found) = parse(text);
        assert!(found.is_empty(), "{found:?}");
        let external = settings.external.unwrap();
        assert_eq!(external.command.unwrap(), ["circt-opt", "-x"]);
        assert_eq!(external.when, Some(crate::external::When::Idle));
        assert_eq!(
            (external.timeout_ms, external.idle_ms),
            (Some(200), Some(50))
        );
        let auto = parse("[external]\ncommand = \"auto\"\n")
            .0
            .external
            .unwrap();
        assert_eq!(auto.command.unwrap(), ["auto"]);
        let found = problems("[external]\ncommand = \"x\"\nwhen = \"now\"\ntimeout_ms = -1\n");
        let messages: Vec<&str> = found.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`external.command` must be \"auto\" or an array of strings",
                "`external.when` must be \"save\" or \"idle\"",
                "`external.timeout_ms` must be a number of milliseconds",
            ]
        );
    }

    #[test]
    fn broken_toml_is_a_problem_and_the_rest_still_reads() {
        let (settings, problems) = parse("[irdl]\nfiles = [\"a.mlir\"]\n= oops\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].message.starts_with("invalid TOML: "));
        assert_eq!(settings.irdl_files.unwrap(), ["a.mlir"]);
    }

    #[test]
    fn the_nearest_file_above_is_found() {
        let root = std::env::temp_dir().join(format!("project-file-{}", std::process::id()));
        let nested = root.join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(root.join(FILE_NAME), "").unwrap();
        std::fs::write(nested.join("x.mlir"), "").unwrap();
        assert_eq!(
            find_above(&nested.join("x.mlir")),
            Some(root.join(FILE_NAME))
        );
        assert_eq!(find_above(&nested), Some(root.join(FILE_NAME)));
        std::fs::write(root.join("a").join(FILE_NAME), "").unwrap();
        assert_eq!(find_above(&nested), Some(root.join("a").join(FILE_NAME)));
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_indent_width_is_read_and_checked() {
        let (settings, found) = parse("[format]\nindent_width = 4\n");
        assert!(found.is_empty(), "{found:?}");
        assert_eq!(settings.format_indent_width, Some(4));
        let must = "`format.indent_width` must be an integer from 1 to 16";
        for bad in ["0", "17", "\"2\"", "0x2", "-1", "2.0"] {
            let text = format!("[format]\nindent_width = {bad}\n");
            assert_eq!(
                problems(&text),
                [(bad.to_string(), must.to_string())],
                "{bad}"
            );
        }
        let text = "[format]\nwidth = 2\n";
        assert!(
            problems(text)[0]
                .1
                .starts_with("unknown key `format.width`")
        );
    }
}
