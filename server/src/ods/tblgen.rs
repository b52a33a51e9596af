//! Running `llvm-tblgen --dump-json`: finding the tool, and a run with a time limit whose
//! output is read while it runs (a 5 MB dump must not block on a full pipe).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A root whose evaluation takes longer is stopped: a `.td` file can loop (`!foreach` over
/// a huge range) and a hung tool must not hang the server.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// `LLVM_TBLGEN`, else the newest `/usr/lib/llvm-*/bin` one (the same LLVM as the
/// installed MLIR's `.td` files, which an older `llvm-tblgen` cannot read), else one on
/// `PATH`.
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LLVM_TBLGEN") {
        return Some(PathBuf::from(path));
    }
    let versioned = super::roots::llvm_dirs()
        .into_iter()
        .map(|dir| dir.join("bin/llvm-tblgen"))
        .find(|path| path.is_file());
    versioned.or_else(|| {
        ["llvm-tblgen-22", "llvm-tblgen"]
            .into_iter()
            .find_map(on_path)
    })
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The JSON llvm-tblgen prints for `file`, or its error output.
pub fn dump_json(tool: &Path, file: &Path, include_dirs: &[PathBuf]) -> Result<Vec<u8>, String> {
    let mut command = Command::new(tool);
    command.arg("--dump-json");
    for dir in include_dirs {
        command.arg("-I").arg(dir);
    }
    command
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "llvm-tblgen took over {} s and was stopped",
                    TIME_LIMIT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for llvm-tblgen: {e}")),
        }
    };
    let out = stdout.map(join).unwrap_or_default();
    let err = stderr.map(join).unwrap_or_default();
    if !status.success() {
        let text = String::from_utf8_lossy(&err);
        // The first error, not the `Included from` lines before it.
        let error = text.lines().find(|line| line.contains("error:"));
        let first = error.or_else(|| text.lines().next());
        return Err(first.unwrap_or("llvm-tblgen failed").to_string());
    }
    Ok(out)
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

fn join(handle: std::thread::JoinHandle<Vec<u8>>) -> Vec<u8> {
    handle.join().unwrap_or_default()
}
