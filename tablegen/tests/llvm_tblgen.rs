//! The checked-in JSON of every fixture is what llvm-tblgen prints for it today (a stale
//! fixture is caught). Skipped, with a message, where llvm-tblgen is not installed.
//!
//! llvm-tblgen is found as scripts/regen-tablegen-json.sh finds it: `$LLVM_TBLGEN`, else
//! the newest `/usr/lib/llvm-*/bin/llvm-tblgen`, else `llvm-tblgen` on PATH.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{FIXTURES, repo_root};

#[test]
fn checked_in_json_matches_llvm_tblgen() {
    let Some(tblgen) = find_llvm_tblgen() else {
        eprintln!("skipped: llvm-tblgen not found (set LLVM_TBLGEN to run this test)");
        return;
    };
    let fixtures = root_fixtures();
    assert!(!fixtures.is_empty(), "no .td fixture in {FIXTURES}");
    for td in fixtures {
        let json = td.with_extension("json");
        let expected = std::fs::read(repo_root().join(&json)).expect("checked-in JSON");
        let actual = dump_json(&tblgen, &td);
        assert!(
            actual == expected,
            "{} is stale: run scripts/regen-tablegen-json.sh ({})",
            json.display(),
            tblgen.display()
        );
    }
}

/// The `.td` files of the fixtures folder, relative to the repository root.
fn root_fixtures() -> Vec<PathBuf> {
    let folder = repo_root().join(FIXTURES);
    let entries = std::fs::read_dir(&folder).expect("the fixtures folder");
    let mut fixtures: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a folder entry").file_name())
        .map(|name| Path::new(FIXTURES).join(name))
        .filter(|path| path.extension().is_some_and(|ext| ext == "td"))
        .collect();
    fixtures.sort();
    fixtures
}

/// Runs llvm-tblgen as the script does: from the repository root, on relative paths.
fn dump_json(tblgen: &Path, td: &Path) -> Vec<u8> {
    let output = Command::new(tblgen)
        .current_dir(repo_root())
        .args(["--dump-json", "-I", FIXTURES])
        .arg(td)
        .output()
        .expect("llvm-tblgen runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "llvm-tblgen failed on {}: {stderr}",
        td.display()
    );
    output.stdout
}

fn find_llvm_tblgen() -> Option<PathBuf> {
    // Set but empty counts as unset, as in the script; set to a missing file is an error.
    if let Some(path) = std::env::var_os("LLVM_TBLGEN").filter(|path| !path.is_empty()) {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "LLVM_TBLGEN={} is not a file",
            path.display()
        );
        return Some(path);
    }
    newest_debian_llvm_tblgen().or_else(|| on_path("llvm-tblgen"))
}

/// The `/usr/lib/llvm-N/bin/llvm-tblgen` of the highest N.
fn newest_debian_llvm_tblgen() -> Option<PathBuf> {
    let entries = std::fs::read_dir("/usr/lib").ok()?;
    let versions = entries.filter_map(|entry| {
        let name = entry.ok()?.file_name();
        let version: u32 = name.to_str()?.strip_prefix("llvm-")?.parse().ok()?;
        let tool = Path::new("/usr/lib").join(&name).join("bin/llvm-tblgen");
        tool.is_file().then_some((version, tool))
    });
    versions
        .max_by_key(|(version, _)| *version)
        .map(|(_, tool)| tool)
}

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let mut candidates = std::env::split_paths(&path).map(|dir| dir.join(program));
    candidates.find(|candidate| candidate.is_file())
}
