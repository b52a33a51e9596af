//! `mlir-analyzer check`: reads files, folders and standard input (`-`), asks
//! `mlir-analysis` for diagnostics (every independent error, or with `--reach mlir-opt`
//! what `mlir-opt` reaches; and, with `--verify-diagnostics`, checks them against the
//! files' annotations), prints them in the format asked for, and ends with a summary line
//! on stderr, coloured as `--color` and the terminals say. Exit status: 1 if an error or
//! unmatched expectation was found, 2 on bad usage or unreadable input, 0 otherwise.

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use mlir_analysis::registry::Registry;

use mlir_analysis::chunks::run_line_requests_split;
use mlir_analysis::expectations::{Presentation, apply_expectations};
use mlir_analysis::irdl::IrdlDialect;
use mlir_analysis::outline::parse_outlined;
use mlir_analysis::{
    Diagnostic, Reach, TextRange, TextSize, file_diagnostics_with_registry,
    file_syntax_diagnostics, parse_diagnostics_outlined_with_registry, syntax_diagnostics,
};

use crate::check_external::{CheckExternal, ExternalFor};
use crate::check_projects::Projects;
use crate::cli::{CheckOptions, ColorArg, Format, ReachArg};
use crate::ods::{self, OdsSources};
use crate::ods_settings;
use crate::render::{
    Colors, FileReport, Summary, render_github, render_json, render_junit, render_sarif,
    render_text,
};

pub fn run(options: &CheckOptions) -> ExitCode {
    if let Err(message) = check_usage(options) {
        eprintln!("mlir-analyzer: {message}");
        return ExitCode::from(2);
    }
    let mut input_failed = false;
    let flags_irdl = read_irdl_files(&options.irdl_files, &mut input_failed);
    let inputs = collect_inputs(&options.paths, &mut input_failed);
    let mut projects = Projects::default();
    let registry = ods_registry(options, &inputs, &mut projects, &mut input_failed);
    let external = match CheckExternal::from_options(options) {
        Ok(external) => external,
        Err(message) => {
            eprintln!("mlir-analyzer: {message}");
            return ExitCode::from(2);
        }
    };
    let mut reports = Vec::new();
    for input in inputs {
        // `--irdl-file` overrides the project file's `irdl.files`.
        let irdl = match options.irdl_files.is_empty() {
            true => projects.irdl_for(&input.folder(options)),
            false => flags_irdl.clone().into(),
        };
        let mut external = ExternalFor {
            external: &external,
            projects: &mut projects,
            folder: input.folder(options),
        };
        match check_input(&input, options, &irdl, &registry, &mut external) {
            Ok(report) => reports.push(report),
            Err(err) => {
                let name = input.name(options);
                eprintln!("mlir-analyzer: cannot read {}: {err}", name.display());
                input_failed = true;
            }
        }
    }
    input_failed |= projects.failed;
    input_failed |= external.failed.get();
    let found_errors = reports.iter().any(FileReport::has_errors);
    let stdout_colors = colors(options.color, io::stdout().is_terminal());
    let printed = print_reports(&reports, options.format, stdout_colors);
    if let Err(err) = &printed
        && err.kind() != io::ErrorKind::BrokenPipe
    {
        eprintln!("mlir-analyzer: cannot write output: {err}");
    }
    // Also when input could not be read or output written: it says what was checked.
    print_summary(&reports, colors(options.color, io::stderr().is_terminal()));
    if printed.is_err() {
        return ExitCode::from(2);
    }
    ExitCode::from(if input_failed {
        2
    } else {
        u8::from(found_errors)
    })
}

/// The path that names standard input, as for `mlir-opt -`.
const STDIN_PATH: &str = "-";

/// Bad usage that clap does not see: standard input can be read only once, and a name for
/// it is a mistake when it is not read at all.
fn check_usage(options: &CheckOptions) -> Result<(), String> {
    let stdin_paths = options.paths.iter().filter(|p| is_stdin(p)).count();
    if stdin_paths > 1 {
        return Err(format!(
            "'{STDIN_PATH}' (standard input) can be given only once, not {stdin_paths} times"
        ));
    }
    if stdin_paths == 0 && options.stdin_filename.is_some() {
        return Err(format!(
            "--stdin-filename names standard input, which is read only for the path '{STDIN_PATH}'"
        ));
    }
    Ok(())
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN_PATH
}

/// What one checked text comes from.
enum Input {
    File(PathBuf),
    Stdin,
}

impl Input {
    /// The folder whose project file applies: the file's, or for standard input that of
    /// the name `--stdin-filename` gives it (the current folder by default).
    fn folder(&self, options: &CheckOptions) -> PathBuf {
        let name = self.name(options);
        let parent = name.parent().filter(|p| !p.as_os_str().is_empty());
        let folder = parent.map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        std::path::absolute(&folder).unwrap_or(folder)
    }

    /// The name messages give it.
    fn name(&self, options: &CheckOptions) -> PathBuf {
        match self {
            Input::File(path) => path.clone(),
            Input::Stdin => PathBuf::from(options.stdin_name()),
        }
    }
}

/// The registry files are checked with: the built-in specs, and the dialects of the ODS
/// files `--ods-file` and `--ods-installed` ask for, else those the `[ods]` tables of the
/// inputs' project files ask for. A file that cannot be evaluated is reported (and fails
/// the run if it was named); the others are still used.
fn ods_registry(
    options: &CheckOptions,
    inputs: &[Input],
    projects: &mut Projects,
    input_failed: &mut bool,
) -> Arc<Registry> {
    let flags = !options.ods_files.is_empty()
        || !options.ods_include_dirs.is_empty()
        || options.ods_installed;
    if !flags {
        return project_ods_registry(options, inputs, projects, input_failed);
    }
    let mut sources = OdsSources {
        files: OdsSources::roots_of(&options.ods_files, &options.ods_include_dirs),
        include_dirs: options.ods_include_dirs.clone(),
        frontend: options.ods_evaluator.frontend(),
    };
    if options.ods_installed {
        match OdsSources::installed() {
            Some(installed) => sources.extend(installed),
            None => {
                eprintln!(
                    "mlir-analyzer: --ods-installed: no installed MLIR found (set MLIR_INCLUDE_DIR)"
                );
                *input_failed = true;
            }
        }
    }
    load_registry(&sources, &options.ods_files, input_failed)
}

/// The registry of the project files' `[ods]` tables (the built-in one without any).
fn project_ods_registry(
    options: &CheckOptions,
    inputs: &[Input],
    projects: &mut Projects,
    input_failed: &mut bool,
) -> Arc<Registry> {
    let mut folders: Vec<PathBuf> = inputs.iter().map(|i| i.folder(options)).collect();
    folders.sort();
    folders.dedup();
    let Some(config) = projects.ods_config(&folders) else {
        return Registry::builtin_arc();
    };
    // The project files' patterns are absolute already (from each file's folder).
    let resolved = ods_settings::resolve(&config, &[], false);
    for problem in &resolved.problems {
        eprintln!("mlir-analyzer: [ods]: {problem}");
        *input_failed = true;
    }
    if resolved.installed_missing {
        // `installed` is on by default: without an MLIR the project's own files still load.
        eprintln!("mlir-analyzer: [ods]: no installed MLIR found (set MLIR_INCLUDE_DIR)");
    }
    load_registry(&resolved.sources, &resolved.configured, input_failed)
}

/// Loads `sources`; a failure of a file of `named` fails the run.
fn load_registry(
    sources: &OdsSources,
    named: &[PathBuf],
    input_failed: &mut bool,
) -> Arc<Registry> {
    if sources.is_empty() {
        return Registry::builtin_arc();
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    match ods::load(sources, threads) {
        Ok(loaded) => {
            for (file, why) in &loaded.failures {
                eprintln!("mlir-analyzer: cannot evaluate {}: {why}", file.display());
                *input_failed |= named.contains(file);
            }
            loaded.registry()
        }
        Err(message) => {
            eprintln!("mlir-analyzer: {message}");
            *input_failed = true;
            Registry::builtin_arc()
        }
    }
}

/// The IRDL dialects of the `--irdl-file` files; a file that cannot be read is reported.
fn read_irdl_files(paths: &[PathBuf], input_failed: &mut bool) -> Vec<IrdlDialect> {
    let mut irdl = Vec::new();
    for path in paths {
        match std::fs::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                irdl.extend(mlir_analysis::irdl::dialects_in(&text));
            }
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                *input_failed = true;
            }
        }
    }
    irdl
}

/// The inputs the paths name, in their order: `-` is standard input, a folder every
/// `*.mlir` below it. A path that names nothing to check is reported.
fn collect_inputs(paths: &[PathBuf], input_failed: &mut bool) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if is_stdin(path) {
            inputs.push(Input::Stdin);
            continue;
        }
        match collect_mlir_files(path) {
            Ok(found) if found.is_empty() => {
                eprintln!("mlir-analyzer: no .mlir files in {}", path.display());
                *input_failed = true;
            }
            Ok(found) => inputs.extend(found.into_iter().map(Input::File)),
            Err(err) => {
                eprintln!("mlir-analyzer: cannot read {}: {err}", path.display());
                *input_failed = true;
            }
        }
    }
    inputs
}

/// Whether to colour a stream: `--color auto` colours a terminal, unless `NO_COLOR` is set
/// to something (https://no-color.org); an explicit `--color always` wins over `NO_COLOR`.
fn colors(choice: ColorArg, is_terminal: bool) -> Colors {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Colors(match choice {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => is_terminal && !no_color,
    })
}

fn print_reports(reports: &[FileReport], format: Format, colors: Colors) -> io::Result<()> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        Format::Text => render_text(&mut out, reports, colors)?,
        Format::Json => render_json(&mut out, reports)?,
        Format::Github => render_github(&mut out, reports)?,
        Format::Sarif => render_sarif(&mut out, reports)?,
        Format::Junit => render_junit(&mut out, reports)?,
    }
    out.flush()
}

fn print_summary(reports: &[FileReport], colors: Colors) {
    // Nothing is left to tell if stderr is closed too.
    let _ = writeln!(io::stderr().lock(), "{}", Summary::of(reports).line(colors));
}

/// A file is itself; a folder is every `*.mlir` below it, sorted.
pub(crate) fn collect_mlir_files(path: &Path) -> io::Result<Vec<PathBuf>> {
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

fn check_input(
    input: &Input,
    options: &CheckOptions,
    irdl: &[IrdlDialect],
    registry: &Arc<Registry>,
    external: &mut ExternalFor<'_>,
) -> io::Result<FileReport> {
    let bytes = match input {
        Input::File(path) => crate::read_file::read_file(path)?,
        Input::Stdin => read_stdin()?,
    };
    Ok(check_text(
        input.name(options),
        bytes,
        options,
        irdl,
        registry,
        external,
    ))
}

fn read_stdin() -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::stdin().lock().read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The report on one text, under the name messages give it.
fn check_text(
    name: PathBuf,
    bytes: Vec<u8>,
    options: &CheckOptions,
    irdl: &[IrdlDialect],
    registry: &Arc<Registry>,
    external: &mut ExternalFor<'_>,
) -> FileReport {
    let (text, mut diagnostics) = decode(bytes);
    let split = options.split_input_file || run_line_requests_split(&text);
    if split {
        diagnostics.extend(if options.syntax_only {
            file_syntax_diagnostics(&text, split)
        } else {
            file_diagnostics_with_registry(&text, split, irdl, reach(options), registry)
        });
    } else if options.syntax_only {
        let parse = mlir_syntax::parse(&text);
        diagnostics.extend(syntax_diagnostics(&parse, TextSize::new(0)));
        free_later(parse);
    } else {
        let (parse, outlined) = parse_outlined(&text);
        diagnostics.extend(parse_diagnostics_outlined_with_registry(
            &parse,
            TextSize::new(0),
            irdl,
            outlined,
            reach(options),
            registry,
        ));
        free_later(parse);
    }
    diagnostics = external.add(&name, &text, split, diagnostics);
    if options.verify_diagnostics {
        diagnostics = apply_expectations(&text, split, diagnostics, Presentation::Verify);
    }
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end()));
    FileReport {
        path: name,
        text,
        diagnostics,
    }
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
