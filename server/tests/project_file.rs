//! `.mlir-analyzer.toml` as `check` reads it (issue 43): the nearest one above a checked
//! file gives its settings (`irdl.files`, relative to its folder); `--irdl-file` overrides
//! them; an unknown key or a bad value is an error on stderr, at its place, and exit 2.

mod common;

use std::path::{Path, PathBuf};

use common::{run, scratch_dir, stderr, stdout};

const DIALECT: &str = "irdl.dialect @d {\n  irdl.operation @op {\n    %0 = irdl.is i32\n    irdl.operands(x: %0)\n  }\n}\n";
const USER: &str = "func.func @f(%a: i64) {\n  \"d.op\"(%a) : (i64) -> ()\n  return\n}\n";
const MISMATCH: &str = "error: expected 'i32' but got 'i64'";

/// A project folder `name` with the project file `toml`, the dialect under `defs/` and a
/// user file in a folder below.
fn project(name: &str, toml: &str) -> PathBuf {
    let root = scratch_dir().join(name);
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("defs")).unwrap();
    std::fs::create_dir_all(root.join("src/nested")).unwrap();
    std::fs::write(root.join(".mlir-analyzer.toml"), toml).unwrap();
    std::fs::write(root.join("defs/d.irdl.mlir"), DIALECT).unwrap();
    std::fs::write(root.join("src/nested/user.mlir"), USER).unwrap();
    root
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn irdl_files_of_the_nearest_project_file_are_used() {
    let root = project("uses", "[irdl]\nfiles = [\"defs/*.irdl.mlir\"]\n");
    let out = run(&["check", path(&root.join("src"))]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains(MISMATCH), "{}", stdout(&out));
    // The command line overrides the project file.
    let other = root.join("other.irdl.mlir");
    std::fs::write(&other, "irdl.dialect @e {\n}\n").unwrap();
    let overridden = run(&[
        "check",
        "--irdl-file",
        path(&other),
        path(&root.join("src")),
    ]);
    assert_eq!(overridden.status.code(), Some(0), "{}", stdout(&overridden));
}

#[test]
fn a_bad_key_is_an_error_at_its_place_and_the_files_are_still_checked() {
    let root = project(
        "bad_key",
        "[irdl]\nfiles = [\"defs/*.irdl.mlir\"]\nfile = \"x\"\n",
    );
    let out = run(&["check", path(&root.join("src"))]);
    assert_eq!(out.status.code(), Some(2));
    let toml = root.join(".mlir-analyzer.toml");
    let expected = format!(
        "{}:3:1: error: unknown key `irdl.file` (known keys: irdl.files, external.command, external.when, external.timeout_ms, external.idle_ms, ods.files, ods.include_dirs, ods.installed, ods.evaluator, format.indent_width)",
        toml.display()
    );
    assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
    assert!(stdout(&out).contains(MISMATCH), "{}", stdout(&out));
    let wrong_type = project("wrong_type", "[irdl]\nfiles = \"defs/d.irdl.mlir\"\n");
    let out = run(&["check", path(&wrong_type.join("src"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(":2:9: error: `irdl.files` must be an array of strings"),
        "{}",
        stderr(&out)
    );
}

const TOY_USER: &str = "func.func @f(%a: i64) {\n  %0 = toy.add %a, %a : i64\n  return\n}\n";
const TOY_ERROR: &str =
    "error: 'toy.add' op operand #0 must be 32-bit signless integer or 32-bit float, but got 'i64'";

/// A project whose `[ods]` table is `ods`, with the toy dialect's `.td` files under `td/`
/// and a user of it under `src/`.
fn ods_project(name: &str, ods: &str) -> PathBuf {
    let root = project(name, &format!("[ods]\n{ods}"));
    std::fs::create_dir_all(root.join("td")).unwrap();
    let fixtures = common::repo_root().join("test-data/ods");
    for file in ["ToyOps.td", "OdsBase.td"] {
        std::fs::copy(fixtures.join(file), root.join("td").join(file)).unwrap();
    }
    std::fs::write(root.join("src/nested/toy.mlir"), TOY_USER).unwrap();
    root
}

#[test]
fn the_ods_table_of_the_project_file_loads_its_dialects() {
    let root = ods_project("ods", "files = [\"td/ToyOps.td\"]\ninstalled = false\n");
    let out = run(&["check", path(&root.join("src"))]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains(TOY_ERROR), "{}", stdout(&out));
    // A command-line `--ods-*` flag replaces the project file's table.
    let other = root.join("td/OdsBase.td");
    let out = run(&["check", "--ods-file", path(&other), path(&root.join("src"))]);
    assert!(!stdout(&out).contains("toy.add"), "{}", stdout(&out));
}

#[test]
fn an_ods_file_the_project_file_names_that_is_missing_fails_the_run() {
    let root = ods_project(
        "ods_missing",
        "files = [\"td/Missing.td\"]\ninstalled = false\n",
    );
    let out = run(&["check", path(&root.join("src"))]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("[ods]: ODS file pattern '")
            && stderr(&out).contains("Missing.td' names no .td file"),
        "{}",
        stderr(&out)
    );
}
