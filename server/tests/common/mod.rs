//! What the end-to-end tests of `mlir-analyzer check` share: running the real binary from
//! the repository root, and scratch files under the target directory.

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

pub mod tools;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The binary with `args`, run from the repository root with no colour asked for by the
/// environment the tests run in.
pub fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mlir-analyzer"));
    command
        .args(args)
        .current_dir(repo_root())
        .env_remove("NO_COLOR");
    command
}

pub fn run(args: &[&str]) -> Output {
    command(args).output().expect("run mlir-analyzer")
}

/// The binary run with `input` on its standard input.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mlir-analyzer");
    // A run that stops before reading (bad usage) closes the pipe: not the test's failure.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("wait for mlir-analyzer")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A scratch file in the target directory (a folder per test crate), so tests never
/// write into the sources.
pub fn scratch(name: &str, contents: &[u8]) -> PathBuf {
    let path = scratch_dir().join(name);
    std::fs::write(&path, contents).expect("write scratch file");
    path
}

pub fn scratch_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME"));
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}
