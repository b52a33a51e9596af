//! `mlir-analyzer check`: reads files and folders, asks `mlir-analysis` for diagnostics
//! (every independent error, or with `--reach mlir-opt` what `mlir-opt` reaches; and, with
//! `--verify-diagnostics`, checks them against the files' annotations), prints them, and
//! ends with a summary line on stderr. Exit status: 1 if an error or unmatched
//! expectation was found, 2 on bad usage or unreadable input, 0 otherwise.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::expectations::{Presentation, apply_expectations};
use mlir_analysis::irdl::IrdlDialect;
use mlir_analysis::outline::parse_outlined;
use mlir_analysis::{
    Diagnostic, Reach, TextRange, TextSize, file_diagnostics_with, file_syntax_diagnostics,
    parse_diagnostics_outlined, syntax_diagnostics,
};

use crate::cli::{CheckOptions, Format, ReachArg};
use crate::render::{FileReport, Summary, render_json, render_text};

pub fn run(options: &CheckOptions) -> ExitCode {
    let mut input_failed = false;
    let mut irdl = Vec::new();
    for path in &options.irdl_files {
        match std::fs::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                irdl.extend(mlir_analysis::irdl::dialects_in(&text));
            }
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                input_failed = true;
            }
        }
    }
    let mut files = Vec::new();
    for path in &options.paths {
        match collect_mlir_files(path) {
            Ok(found) if found.is_empty() => {
                eprintln!("mlir-analyzer: no .mlir files in {}", path.display());
                input_failed = true;
            }
            Ok(found) => files.extend(found),
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                input_failed = true;
            }
        }
    }
    let mut reports = Vec::new();
    for path in files {
        match check_file(&path, options, &irdl) {
            Ok(report) => reports.push(report),
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                input_failed = true;
            }
        }
    }
    let found_errors = reports.iter().any(FileReport::has_errors);
    let printed = print_reports(&reports, options.format);
    if let Err(err) = &printed
        && err.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("mlir-analyzer: cannot write output: {err}");
    }
    // Also when input could not be read or output written: it says what was checked.
    print_summary(&reports);
    if printed.is_err() {
        return ExitCode::from(2);
    }
    ExitCode::from(if input_failed {
        2
    } else {
        u8::from(found_errors)
    })
}

fn print_reports(reports: &[FileReport], format: Format) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        Format::Text => render_text(&mut out, reports)?,
        Format::Json => render_json(&mut out, reports)?,
    }
    out.flush()
}

fn print_summary(reports: &[FileReport]) {
    // Nothing is left to tell if stderr is closed too.
    let _ = writeln!(io::stderr().lock(), "{}", Summary::of(reports).line());
}

/// A file is itself; a folder is every `*.mlir` below it, sorted.
fn collect_mlir_files(path: &Path) -> io::Result<Vec<PathBuf>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    walk(path, &mut files)?;
    files.sort();
    Ok(files)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "mlir") {
            out.push(path);
        }
    }
    Ok(())
}

fn check_file(path: &Path, options: &CheckOptions, irdl: &[IrdlDialect]) -> io::Result<FileReport> {
    let bytes = crate::read_file::read_file(path)?;
    let (text, mut diagnostics) = decode(bytes);
    let split = options.split_input_file || run_line_requests_split(&text);
    if split {
        diagnostics.extend(if options.syntax_only {
            file_syntax_diagnostics(&text, split)
        } else {
            file_diagnostics_with(&text, split, irdl, reach(options))
        });
    } else if options.syntax_only {
        let parse = mlir_syntax::parse(&text);
        diagnostics.extend(syntax_diagnostics(&parse, TextSize::new(0)));
        free_later(parse);
    } else {
        let (parse, outlined) = parse_outlined(&text);
        diagnostics.extend(parse_diagnostics_outlined(
            &parse,
            TextSize::new(0),
            irdl,
            outlined,
            reach(options),
        ));
        free_later(parse);
    }
    if options.verify_diagnostics {
        diagnostics = apply_expectations(&text, split, diagnostics, Presentation::Verify);
    }
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    Ok(FileReport {
        path: path.to_path_buf(),
        text,
        diagnostics,
    })
}

fn reach(options: &CheckOptions) -> Reach {
    match options.reach() {
        ReachArg::All => Reach::All,
        ReachArg::MlirOpt => Reach::UpToSyntaxError,
    }
}

/// Freeing a million-line tree takes a quarter of a second that nobody needs to wait for:
/// the process may exit before it is done.
fn free_later(parse: mlir_syntax::Parse) {
    std::thread::spawn(move || drop(parse));
}

/// The text of a file; bytes that are not UTF-8 become U+FFFD and one error says so.
fn decode(bytes: Vec<u8>) -> (String, Vec<Diagnostic>) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, Vec::new()),
        Err(err) => {
            let valid_up_to = err.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
            let at = TextRange::empty(TextSize::new(valid_up_to as u32));
            let message = "file is not valid UTF-8; invalid bytes are shown as U+FFFD";
            (text, vec![Diagnostic::error("encoding", message, at)])
        }
    }
}
