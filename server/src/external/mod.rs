//! External verifiers (issue 46, DESIGN §3.10): the project's own `*-opt` tool as a second
//! opinion. What is configured (`external.command`, `external.when`, `external.timeoutMs`
//! and the idle delay), finding `mlir-opt` for `"auto"`, and one checked run of a buffer:
//! the process (`process`), then the tool's stderr read into diagnostics by
//! `mlir_analysis::external`. A missing, crashing or hanging tool becomes one problem to
//! tell the user, never a panic.

pub mod permits;
pub mod process;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mlir_analysis::Diagnostic;
use mlir_analysis::external::parse_tool_output;

use process::Outcome;

/// A tool gets this long before it is killed, unless configured otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// With `when = "idle"`, how long after the last edit a run starts, unless configured.
pub const DEFAULT_IDLE: Duration = Duration::from_millis(500);

/// The command word that picks `mlir-opt` wherever it is installed.
pub const AUTO: &str = "auto";

/// When the server runs the tool on a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// On open and on each save.
    Save,
    /// On open and once the typing has paused for the idle delay.
    Idle,
}

impl When {
    pub fn from_name(name: &str) -> Option<When> {
        match name {
            "save" => Some(When::Save),
            "idle" => Some(When::Idle),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            When::Save => "save",
            When::Idle => "idle",
        }
    }
}

/// An external verifier, as configured (the command as written: `auto` not yet found).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalConfig {
    pub command: Vec<String>,
    pub when: When,
    pub timeout: Duration,
    pub idle: Duration,
}

impl ExternalConfig {
    pub fn new(command: Vec<String>) -> Self {
        ExternalConfig {
            command,
            when: When::Save,
            timeout: DEFAULT_TIMEOUT,
            idle: DEFAULT_IDLE,
        }
    }
}

/// The command to run: `["auto"]` (or `auto` first, with arguments after it) becomes the
/// `mlir-opt` found on the PATH or in `/usr/lib/llvm-*/bin`; a bare name that is not on
/// the PATH (`mlir-opt`, which Debian's packages install only there) is looked for in
/// `/usr/lib/llvm-*/bin` too.
pub fn resolve_command(command: &[String]) -> Result<Vec<String>, String> {
    let Some((first, rest)) = command.split_first() else {
        return Err("the external command is empty".into());
    };
    let program = if first == AUTO {
        find_tool("mlir-opt").ok_or_else(|| {
            "`auto`: no mlir-opt on the PATH or in /usr/lib/llvm-*/bin".to_string()
        })?
    } else if first.contains(std::path::MAIN_SEPARATOR) || first.contains('/') {
        PathBuf::from(first)
    } else {
        find_tool(first).unwrap_or_else(|| PathBuf::from(first))
    };
    let mut out = vec![program.to_string_lossy().into_owned()];
    out.extend_from_slice(rest);
    Ok(out)
}

/// `--external CMD` on the command line: words split at spaces (no shell, no quoting).
pub fn split_words(command: &str) -> Vec<String> {
    command.split_whitespace().map(str::to_string).collect()
}

/// `mlir-opt` on the PATH, else the newest `/usr/lib/llvm-N/bin/mlir-opt`.
pub fn find_mlir_opt() -> Option<PathBuf> {
    find_tool("mlir-opt")
}

/// The program `name` on the PATH, else the newest `/usr/lib/llvm-N/bin/NAME`.
fn find_tool(name: &str) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    });
    // Found on the PATH, the name is enough (and reads better in messages).
    on_path
        .map(|_| PathBuf::from(name))
        .or_else(|| newest_installed(name))
}

fn newest_installed(name: &str) -> Option<PathBuf> {
    let entries = std::fs::read_dir("/usr/lib").ok()?;
    entries
        .filter_map(|entry| {
            let folder = entry.ok()?.file_name().into_string().ok()?;
            let version: u32 = folder.strip_prefix("llvm-")?.parse().ok()?;
            let tool = Path::new("/usr/lib").join(&folder).join("bin").join(name);
            tool.is_file().then_some((version, tool))
        })
        .max_by_key(|(version, _)| *version)
        .map(|(_, tool)| tool)
}

/// The tool's name, as the `source` of its diagnostics: the program's file name.
pub fn tool_name(command: &[String]) -> String {
    let program = command.first().map_or("external", String::as_str);
    let name = Path::new(program).file_name().and_then(|n| n.to_str());
    name.unwrap_or(program).to_string()
}

/// What one run said about a buffer.
#[derive(Debug, Default)]
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    /// Output that is no diagnostic, for the log.
    pub unparsed: Vec<String>,
    /// What went wrong with the tool, to tell the user once.
    pub problem: Option<String>,
}

/// Runs the (resolved) `command` on `text`, with `--split-input-file` when `split`;
/// `names` are the file names that mean the buffer besides `<stdin>`. `None` when
/// cancelled.
pub fn check_text(
    command: &[String],
    text: &str,
    split: bool,
    names: &[&str],
    timeout: Duration,
    cancel: &AtomicBool,
) -> Option<Checked> {
    let name = tool_name(command);
    match process::run(command, text, split, timeout, cancel) {
        Outcome::Cancelled => None,
        Outcome::NotStarted(why) => Some(failed(format!("external verifier: {why}"))),
        Outcome::TimedOut => Some(failed(format!(
            "external verifier `{name}` took longer than {} ms and was stopped",
            timeout.as_millis()
        ))),
        Outcome::Finished {
            status,
            stderr,
            truncated,
        } => Some(finished(
            &name, status, &stderr, truncated, text, split, names,
        )),
    }
}

/// What goes to the log of a tool's output that is no diagnostic: enough to see why.
const LOGGED_LINES: usize = 40;
const LOGGED_LINE_BYTES: usize = 400;

/// Cuts a line for the log (a tool may print a megabyte without a line break).
fn shorten(line: &mut String) {
    if line.len() <= LOGGED_LINE_BYTES {
        return;
    }
    let mut end = LOGGED_LINE_BYTES;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    let cut = line.len() - end;
    line.truncate(end);
    line.push_str(&format!("… ({cut} more bytes)"));
}

fn failed(problem: String) -> Checked {
    Checked {
        problem: Some(problem),
        ..Checked::default()
    }
}

fn finished(
    name: &str,
    status: std::process::ExitStatus,
    stderr: &str,
    truncated: bool,
    text: &str,
    split: bool,
    names: &[&str],
) -> Checked {
    let report = parse_tool_output(stderr, text, split, names);
    let mut unparsed = report.unparsed;
    unparsed.retain(|line| !line.trim().is_empty());
    for line in &mut unparsed {
        shorten(line);
    }
    if unparsed.len() > LOGGED_LINES {
        let more = unparsed.len() - LOGGED_LINES;
        unparsed.truncate(LOGGED_LINES);
        unparsed.push(format!("({more} more lines)"));
    }
    if truncated {
        unparsed.push(format!("(output cut at {} bytes)", process::STDERR_CAP));
    }
    // A failing status with nothing we could read is a tool that broke, not a finding;
    // so is a death by a signal (a crash), whatever it printed before.
    let problem = if status.code().is_none() {
        Some(format!("external verifier `{name}` crashed ({status})"))
    } else if !status.success() && report.diagnostics.is_empty() {
        Some(format!(
            "external verifier `{name}` failed ({status}) without a diagnostic"
        ))
    } else {
        None
    };
    Checked {
        diagnostics: report.diagnostics,
        unparsed,
        problem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_words_and_auto() {
        assert_eq!(tool_name(&["/usr/bin/circt-opt".into()]), "circt-opt");
        assert_eq!(split_words(" mlir-opt  --x "), ["mlir-opt", "--x"]);
        assert!(resolve_command(&[]).is_err());
        let given = vec!["no-such-opt-here".to_string(), "-a".to_string()];
        assert_eq!(resolve_command(&given).unwrap(), given);
        let path = vec!["./my-opt".to_string()];
        assert_eq!(resolve_command(&path).unwrap(), path);
        if let Some(found) = find_mlir_opt() {
            let found = found.to_string_lossy().into_owned();
            let auto = resolve_command(&["auto".into(), "-a".into()]).unwrap();
            assert_eq!(auto, [found.clone(), "-a".into()]);
            let bare = resolve_command(&["mlir-opt".into()]).unwrap();
            assert_eq!(bare, [found]);
        }
    }

    #[cfg(unix)]
    #[test]
    fn crashes_and_silent_failures_are_problems_and_findings_are_not() {
        let never = AtomicBool::new(false);
        let run = |script: &str| {
            let command = ["sh".into(), "-c".into(), script.into(), "t".into()];
            check_text(&command, "a\n", false, &[], DEFAULT_TIMEOUT, &never).unwrap()
        };
        let found = run("echo '<stdin>:1:1: error: bad' >&2; exit 1");
        assert_eq!(found.diagnostics.len(), 1);
        assert_eq!(found.problem, None);
        let long = run("head -c 5000 /dev/zero | tr '\\0' x >&2");
        assert!(
            long.unparsed[0].ends_with("… (4600 more bytes)"),
            "{:?}",
            long.unparsed
        );
        let silent = run("echo oops >&2; exit 3");
        assert!(silent.problem.unwrap().contains("without a diagnostic"));
        assert_eq!(silent.unparsed, ["oops"]);
        let crashed = run("kill -SEGV $$");
        assert!(crashed.problem.unwrap().contains("crashed"));
    }
}
