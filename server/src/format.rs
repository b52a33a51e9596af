//! `mlir-analyzer format [--check] [--diff] PATH...`: the formatter on files, as `rustfmt`
//! and `ruff format` behave. Files are rewritten in place (through a file beside them
//! renamed over the original, so a failed write loses nothing); `--check` only says which
//! would change (exit 1), `--diff` prints the changes as a unified diff (exit 1 when there
//! are any); `-` formats standard input to standard output. A file that is not UTF-8 (or
//! cannot be read or written) is left as it is with a message, and the exit status is 2;
//! in a file with syntax errors the statements that hold them are left as written, with a
//! warning each, and the rest is formatted.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mlir_analysis::TextSize;
use mlir_analysis::ide::{FormatOptions, apply_format_edits, format};
use mlir_analysis::line_index::LineIndex;

use crate::check::collect_mlir_files;
use crate::cli::FormatArgs;
use crate::project::{self, ProjectFile};

/// What became of one file.
enum Outcome {
    Unchanged,
    Changed,
    /// Left alone: why, said already.
    Failed,
}

pub fn run(args: &FormatArgs) -> ExitCode {
    let mut widths = IndentWidths::default();
    let mut outcomes = Vec::new();
    for path in &args.paths {
        if path.as_os_str() == "-" {
            // The project file is the one above the name standard input goes by.
            let stands_for = args.stdin_filename.as_deref().unwrap_or("-");
            let options = widths.options(args, Path::new(stands_for));
            outcomes.push(format_stdin(args, options));
            continue;
        }
        match collect_mlir_files(path) {
            Ok(files) if files.is_empty() => {
                eprintln!("mlir-analyzer: no .mlir files in {}", path.display());
                outcomes.push(Outcome::Failed);
            }
            Ok(files) => {
                for file in &files {
                    let options = widths.options(args, file);
                    outcomes.push(format_file(file, args, options));
                }
            }
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                outcomes.push(Outcome::Failed);
            }
        }
    }
    summarize(args, &outcomes)
}

/// The indentation step of each file: `--indent-width`, else the nearest project file's
/// `format.indent_width` (each project file read once), else MLIR's 2.
#[derive(Default)]
struct IndentWidths {
    by_project: HashMap<PathBuf, Option<usize>>,
}

impl IndentWidths {
    fn options(&mut self, args: &FormatArgs, file: &Path) -> FormatOptions {
        let width = match args.indent_width {
            Some(width) => Some(usize::from(width)),
            None => project::find_above(file).and_then(|p| self.of_project(&p)),
        };
        FormatOptions {
            indent_width: width.unwrap_or(FormatOptions::default().indent_width),
        }
    }

    fn of_project(&mut self, path: &Path) -> Option<usize> {
        *self
            .by_project
            .entry(path.to_path_buf())
            .or_insert_with(|| {
                let file = ProjectFile::read(path)?;
                for problem in &file.problems {
                    let at = LineIndex::new(&file.text)
                        .line_col(TextSize::new(problem.range.start as u32));
                    eprintln!(
                        "{}:{}:{}: warning: {}",
                        path.display(),
                        at.line + 1,
                        at.col + 1,
                        problem.message
                    );
                }
                file.settings.format_indent_width
            })
    }
}

/// Says how many files changed (or would), and gives the exit status.
fn summarize(args: &FormatArgs, outcomes: &[Outcome]) -> ExitCode {
    let count = |wanted: fn(&Outcome) -> bool| outcomes.iter().filter(|o| wanted(o)).count();
    let changed = count(|o| matches!(o, Outcome::Changed));
    let unchanged = count(|o| matches!(o, Outcome::Unchanged));
    let failed = count(|o| matches!(o, Outcome::Failed));
    let verb = match args.check || args.diff {
        true => "would be reformatted",
        false => "reformatted",
    };
    let mut line = format!(
        "{} {verb}, {} left unchanged",
        files(changed),
        files(unchanged)
    );
    if failed > 0 {
        line.push_str(&format!(", {} not formatted", files(failed)));
    }
    if !args.quiet {
        eprintln!("{line}");
    }
    match (failed, changed) {
        (1.., _) => ExitCode::from(2),
        (0, 1..) if args.check || args.diff => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

fn files(n: usize) -> String {
    format!("{n} file{}", if n == 1 { "" } else { "s" })
}

fn format_file(path: &Path, args: &FormatArgs, options: FormatOptions) -> Outcome {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
            return Outcome::Failed;
        }
    };
    let name = path.display().to_string();
    let Some(formatted) = formatted_text(&name, &bytes, options, !args.quiet) else {
        return Outcome::Failed;
    };
    let original = std::str::from_utf8(&bytes).expect("checked by formatted_text");
    if formatted == original {
        return Outcome::Unchanged;
    }
    if args.diff {
        print_diff(&name, original, &formatted);
    } else if args.check {
        println!("Would reformat: {name}");
    } else if let Err(err) = write_in_place(path, &formatted) {
        eprintln!("mlir-analyzer: cannot write {name}: {err}");
        return Outcome::Failed;
    }
    Outcome::Changed
}

fn format_stdin(args: &FormatArgs, options: FormatOptions) -> Outcome {
    let mut bytes = Vec::new();
    if let Err(err) = io::stdin().lock().read_to_end(&mut bytes) {
        eprintln!("mlir-analyzer: cannot read standard input: {err}");
        return Outcome::Failed;
    }
    let name = args.stdin_filename.as_deref().unwrap_or("<stdin>");
    let Some(formatted) = formatted_text(name, &bytes, options, !args.quiet) else {
        // The input goes through as it came: a pipe must not lose it.
        let _ = io::stdout().lock().write_all(&bytes);
        return Outcome::Failed;
    };
    let original = std::str::from_utf8(&bytes).expect("checked by formatted_text");
    let changed = formatted != original;
    if args.diff {
        if changed {
            print_diff(name, original, &formatted);
        }
    } else if !args.check {
        let _ = io::stdout().lock().write_all(formatted.as_bytes());
    } else if changed {
        println!("Would reformat: {name}");
    }
    if changed {
        Outcome::Changed
    } else {
        Outcome::Unchanged
    }
}

/// The formatted text of a file's bytes, with (if `warn`) a warning for each statement
/// left as written; `None`, with a message, when they are not UTF-8.
fn formatted_text(name: &str, bytes: &[u8], options: FormatOptions, warn: bool) -> Option<String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        eprintln!("mlir-analyzer: {name}: not formatted: the file is not UTF-8");
        return None;
    };
    let parse = mlir_syntax::parse(text);
    let formatted = format(&parse, text, options, None);
    let lines = LineIndex::new(text);
    for (statement, error) in formatted.left_alone.iter().filter(|_| warn) {
        let message = parse
            .structure_errors()
            .find(|e| e.range == *error)
            .map_or("", |e| e.message.as_str());
        let (from, to) = (
            lines.line_col(statement.start()),
            lines.line_col(error.start()),
        );
        eprintln!(
            "{name}:{}:{}: warning: left as written from line {}: syntax error: {message}",
            to.line + 1,
            to.col + 1,
            from.line + 1,
        );
    }
    Some(apply_format_edits(text, &formatted.edits))
}

fn print_diff(name: &str, original: &str, formatted: &str) {
    let diff = similar::TextDiff::from_lines(original, formatted);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string();
    let _ = io::stdout().lock().write_all(text.as_bytes());
}

/// Writes `text` over `path` through a file beside it that is renamed into place, with
/// the original's permissions: an interrupted write leaves the original whole.
fn write_in_place(path: &Path, text: &str) -> io::Result<()> {
    // Through a symbolic link, the file it names is rewritten (the link stays a link).
    let path = &std::fs::canonicalize(path)?;
    let permissions = std::fs::metadata(path)?.permissions();
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary: PathBuf = path.with_file_name(format!(".{file_name}.mlir-analyzer-format"));
    let written = std::fs::write(&temporary, text)
        .and_then(|()| std::fs::set_permissions(&temporary, permissions))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
