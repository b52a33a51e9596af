//! End-to-end tests of `mlir-analyzer format` through the real binary: in place, `--check`,
//! `--diff`, standard input, the project file's indent width, and bad input (a file that
//! is not UTF-8, a syntax error, a missing path).

mod common;

use std::path::PathBuf;

use common::{run, run_with_stdin, scratch_dir, stderr, stdout};

const MESSY: &str =
    "func.func @f(%a:i32)->i32{\n%0=arith.addi %a,%a:i32 // sum\n\n\n   return %0:i32\n}\n";
const TIDY: &str = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32 // sum\n\n  return %0 : i32\n}\n";

/// A fresh folder of its own for each test, so tests running at once do not meet.
fn folder(name: &str) -> PathBuf {
    let dir = scratch_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create test folder");
    dir
}

fn write(path: &std::path::Path, text: &[u8]) -> String {
    std::fs::write(path, text).expect("write");
    path.to_str().expect("UTF-8 path").to_owned()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(path).expect("read")
}

#[test]
fn a_file_is_formatted_in_place_and_a_second_run_changes_nothing() {
    let dir = folder("in_place");
    let path = write(&dir.join("a.mlir"), MESSY.as_bytes());
    let out = run(&["format", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(read(&path), TIDY);
    assert!(stderr(&out).contains("1 file reformatted, 0 files left unchanged"));

    let again = run(&["format", &path]);
    assert_eq!(again.status.code(), Some(0));
    assert!(stderr(&again).contains("0 files reformatted, 1 file left unchanged"));
}

#[test]
fn check_names_the_files_that_would_change_and_changes_none() {
    let dir = folder("check");
    let messy = write(&dir.join("messy.mlir"), MESSY.as_bytes());
    write(&dir.join("tidy.mlir"), TIDY.as_bytes());
    let out = run(&["format", "--check", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), format!("Would reformat: {messy}\n"));
    assert!(stderr(&out).contains("1 file would be reformatted, 1 file left unchanged"));
    assert_eq!(read(&messy), MESSY, "--check must not write");

    let tidy_only = run(&["format", "--check", dir.join("tidy.mlir").to_str().unwrap()]);
    assert_eq!(tidy_only.status.code(), Some(0));
}

#[test]
fn diff_prints_a_unified_diff_and_changes_nothing() {
    let dir = folder("diff");
    let path = write(&dir.join("a.mlir"), MESSY.as_bytes());
    let out = run(&["format", "--diff", &path]);
    assert_eq!(out.status.code(), Some(1));
    let diff = stdout(&out);
    assert!(
        diff.starts_with(&format!("--- {path}\n+++ {path}\n@@ ")),
        "{diff}"
    );
    assert!(diff.contains("\n-func.func @f(%a:i32)->i32{\n"), "{diff}");
    assert!(
        diff.contains("\n+func.func @f(%a: i32) -> i32 {\n"),
        "{diff}"
    );
    assert!(diff.contains("+  return %0 : i32\n"), "{diff}");
    assert_eq!(read(&path), MESSY);
}

#[test]
fn standard_input_is_formatted_to_standard_output() {
    let out = run_with_stdin(&["format", "-"], MESSY.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), TIDY);

    let check = run_with_stdin(
        &["format", "--check", "--stdin-filename", "x.mlir", "-"],
        MESSY.as_bytes(),
    );
    assert_eq!(check.status.code(), Some(1));
    assert_eq!(stdout(&check), "Would reformat: x.mlir\n");
}

#[test]
fn a_file_that_is_not_utf8_is_left_alone_with_exit_2() {
    let dir = folder("not_utf8");
    let bytes = b"\"t.op\"()  {s = \"\xff\"} : () -> ()\n";
    let path = write(&dir.join("bad.mlir"), bytes);
    let out = run(&["format", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not formatted: the file is not UTF-8"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&path).unwrap(), bytes);

    // Through a pipe, the bytes come out as they went in.
    let piped = run_with_stdin(&["format", "-"], bytes);
    assert_eq!(piped.status.code(), Some(2));
    assert_eq!(piped.stdout, bytes);
}

#[test]
fn the_statement_with_a_syntax_error_is_left_as_written_and_the_rest_formatted() {
    let dir = folder("syntax_error");
    let text = "\"t.a\"()  : () -> ()\n\"t.b\"(%x  : () -> ()\n\"t.c\"()  : () -> ()\n";
    let path = write(&dir.join("broken.mlir"), text.as_bytes());
    let out = run(&["format", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains(&format!("{path}:2:")), "{err}");
    assert!(
        err.contains("warning: left as written from line 2: syntax error: "),
        "{err}"
    );
    assert_eq!(
        read(&path),
        "\"t.a\"() : () -> ()\n\"t.b\"(%x  : () -> ()\n\"t.c\"() : () -> ()\n"
    );

    // --quiet keeps the warnings and the summary to itself; --check still exits 0.
    let quiet = run(&["format", "--check", "--quiet", &path]);
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(stderr(&quiet), "");
    // It is format's own flag: check has none.
    let check = run(&["check", "--quiet", &path]);
    assert_eq!(check.status.code(), Some(2), "{}", stderr(&check));
}

#[test]
fn the_project_files_indent_width_is_used_unless_the_flag_says_otherwise() {
    let dir = folder("project_width");
    write(
        &dir.join(".mlir-analyzer.toml"),
        b"[format]\nindent_width = 4\n",
    );
    let nested = dir.join("sub");
    std::fs::create_dir_all(&nested).unwrap();
    let path = write(&nested.join("a.mlir"), MESSY.as_bytes());
    let out = run(&["format", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        read(&path).contains("\n    %0 = arith.addi"),
        "{}",
        read(&path)
    );

    let flag = run(&["format", "--indent-width", "3", &path]);
    assert_eq!(flag.status.code(), Some(0));
    assert!(
        read(&path).contains("\n   %0 = arith.addi"),
        "{}",
        read(&path)
    );
}

#[test]
fn a_bad_indent_width_in_the_project_file_is_a_warning_and_two_spaces_are_used() {
    let dir = folder("project_bad_width");
    write(
        &dir.join(".mlir-analyzer.toml"),
        b"[format]\nindent_width = 0\n",
    );
    let path = write(&dir.join("a.mlir"), MESSY.as_bytes());
    let out = run(&["format", &path]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains(".mlir-analyzer.toml:2:"),
        "{}",
        stderr(&out)
    );
    assert_eq!(read(&path), TIDY);
}

#[cfg(unix)]
#[test]
fn through_a_symbolic_link_the_target_is_rewritten_and_the_link_stays() {
    let dir = folder("symlink");
    let target = write(&dir.join("target.mlir"), MESSY.as_bytes());
    let link = dir.join("link.mlir");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = run(&["format", link.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(read(&target), TIDY);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no temporary file is left: {leftovers:?}"
    );
}

#[test]
fn a_missing_path_is_an_error_with_exit_2() {
    let out = run(&["format", "no/such/file.mlir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read no/such/file.mlir"),
        "{}",
        stderr(&out)
    );
}
