//! End-to-end tests of `mlir-analyzer check` through the real binary: output formats, exit
//! statuses, `--verify-diagnostics`, `--split-input-file`, and bad input (DESIGN §3.8).

mod common;

use std::path::Path;
use std::process::Output;

use common::{run, scratch, stdout};

#[test]
fn text_output_is_compiler_style_with_caret() {
    let out = run(&["check", "test-data/syntax/err/recovery.mlir"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains(
        "test-data/syntax/err/recovery.mlir:3:15: error: expected ')' to end operand list\n  \"test.op\"(%a %a) : (i32, i32) -> ()\n              ^\n"
    ));
    assert_eq!(text.matches(": error: ").count(), 3, "{text}");
}

#[test]
fn valid_files_exit_zero_and_print_nothing() {
    let out = run(&["check", "test-data/syntax/ok"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

#[test]
fn json_output_uses_utf16_columns() {
    // `é` is 2 bytes and 1 UTF-16 unit, `😀` 4 bytes and 2 units: the error just after
    // `x =` is at character 24 in UTF-16 (27 in bytes).
    let path = scratch(
        "utf16.mlir",
        "\"t.op\"() {s = \"é😀\", x = } : () -> ()\n".as_bytes(),
    );
    let out = run(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let entry = &json.as_array().expect("array")[0];
    assert_eq!(entry["message"], "expected attribute value");
    assert_eq!(entry["severity"], "error");
    assert_eq!(entry["code"], "syntax");
    assert_eq!(entry["range"]["start"]["line"], 0);
    assert_eq!(entry["range"]["start"]["character"], 24);
}

#[test]
fn json_output_carries_notes() {
    let path = scratch(
        "notes.mlir",
        b"func.func @f() {\n  %a = arith.constant 1 : i32\n  %a = arith.constant 2 : i32\n  return\n}\n",
    );
    let out = run(&["check", "--format", "json", path.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let entry = &json.as_array().expect("array")[0];
    assert_eq!(entry["message"], "redefinition of SSA value '%a'");
    let note = &entry["notes"][0];
    assert_eq!(note["message"], "previously defined here");
    assert_eq!(note["range"]["start"]["line"], 1);
    assert_eq!(note["range"]["start"]["character"], 2);
}

#[test]
fn verify_diagnostics_passes_on_annotated_fixtures() {
    // These fixtures also pass `mlir-opt -split-input-file -verify-diagnostics` (.ci/run).
    for dir in ["test-data/syntax/verify", "test-data/analysis"] {
        let out = run(&["check", "--split-input-file", "--verify-diagnostics", dir]);
        assert_eq!(out.status.code(), Some(0), "{dir}: {}", stdout(&out));
    }
}

/// Fixtures of the verifiers of dialects known only from their `.td` files, and all other
/// annotated fixtures: checked with the installed MLIR's dialects loaded (CI installs
/// libmlir-22-dev; skipped without it).
#[test]
fn verify_diagnostics_passes_on_ods_dialect_fixtures() {
    let probe = run(&["check", "--ods-installed", "test-data/syntax/ok"]);
    if String::from_utf8_lossy(&probe.stderr).contains("no installed MLIR") {
        eprintln!("skipped: no installed MLIR (apt-get install libmlir-22-dev)");
        return;
    }
    // The fixtures of our built-in specs hold as well with every installed dialect loaded:
    // loading .td files must not lose what we find without them.
    for dir in [
        "test-data/verify-ods",
        "test-data/analysis",
        "test-data/syntax/verify",
    ] {
        let args = [
            "check",
            "--ods-installed",
            "--split-input-file",
            "--verify-diagnostics",
            dir,
        ];
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{dir}: {}", stdout(&out));
    }
}

#[test]
fn irdl_dialects_from_another_file() {
    // Each pair also passes `mlir-opt --irdl-file=X.irdl.mlir -split-input-file
    // -verify-diagnostics X_uses.mlir`, and each dialect file `mlir-opt -split-input-file
    // -verify-diagnostics` alone (.ci/run): as one text, a verifier error in one chunk
    // would keep the symbol checks of the others from being reached.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/irdl");
    let mut dialects: Vec<_> = std::fs::read_dir(&dir)
        .expect("test-data/irdl")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".irdl.mlir"))
        .collect();
    dialects.sort();
    let mut pairs = 0;
    for dialect in &dialects {
        let dialect_arg = dialect.to_str().unwrap();
        let args = [
            "check",
            "--split-input-file",
            "--verify-diagnostics",
            dialect_arg,
        ];
        let out = run(&args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{dialect_arg}: {}",
            stdout(&out)
        );
        let uses = dialect_arg.replace(".irdl.mlir", "_uses.mlir");
        if !Path::new(&uses).exists() {
            continue;
        }
        pairs += 1;
        let out = run(&[
            "check",
            "--irdl-file",
            dialect_arg,
            "--split-input-file",
            "--verify-diagnostics",
            &uses,
        ]);
        assert_eq!(out.status.code(), Some(0), "{uses}: {}", stdout(&out));
    }
    assert!(pairs >= 5, "only {pairs} IRDL fixture pairs");
    let out = run(&[
        "check",
        "--irdl-file",
        "no/such/file.mlir",
        "test-data/irdl",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing IRDL file is an input error"
    );
}

#[test]
fn c_pred_gets_a_hint_that_fails_nothing() {
    let text = "irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"$_self != nullptr\"\n    irdl.operands(a: %0)\n  }\n}\n";
    let path = scratch("c_pred.irdl.mlir", text.as_bytes());
    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains(":3:10: hint: C++ predicates are not evaluated"),
        "{}",
        stdout(&out)
    );
    let out = run(&["check", "--format", "json", path.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json[0]["severity"], "hint");
    let out = run(&["check", "--verify-diagnostics", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn verify_diagnostics_reports_unmatched_and_unexpected() {
    let text = "// expected-error@+1 {{not this one}}\n\"t.op\"() : i32\n";
    let path = scratch("verify.mlir", text.as_bytes());
    let out = run(&["check", "--verify-diagnostics", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains("error: expected error \"not this one\" was not produced"),
        "{text}"
    );
    assert!(
        text.contains("error: unexpected error: expected function type"),
        "{text}"
    );
}

#[test]
fn split_input_file_from_flag_or_run_line() {
    let body = "\"a.op\"() ({\n// -----\n\"b.op\"() : i32\n";
    let plain = scratch("split.mlir", body.as_bytes());
    let joined = run(&["check", plain.to_str().unwrap()]);
    assert_eq!(stdout(&joined).matches(": error: ").count(), 2);
    let flagged = run(&["check", "--split-input-file", plain.to_str().unwrap()]);
    assert_eq!(stdout(&flagged).matches(": error: ").count(), 2);
    let run_line = format!("// RUN: mlir-opt %s -split-input-file\n{body}");
    let with_run = scratch("split_run.mlir", run_line.as_bytes());
    let out = run(&["check", "--verify-diagnostics", with_run.to_str().unwrap()]);
    assert_eq!(stdout(&out).matches("unexpected error").count(), 2);
}

#[test]
fn syntax_only_reports_syntax_errors_alone() {
    let body = "func.func @f() {\n  \"t.use\"(%undefined) : (i32) -> ()\n  return\n}\n\
                // -----\n\"t.op\"(%a %a) : (i32, i32) -> ()\n";
    let path = scratch("syntax_only.mlir", body.as_bytes());
    let path = path.to_str().unwrap();
    let all = stdout(&run(&["check", path]));
    assert!(all.contains("use of undeclared SSA value name"), "{all}");
    assert_eq!(all.matches(": error: ").count(), 2, "{all}");
    for args in [
        &["check", "--syntax-only", path][..],
        &["check", "--syntax-only", "--split-input-file", path][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(1));
        let text = stdout(&out);
        assert!(
            text.contains(":6:10: error: expected ')' to end operand list"),
            "{text}"
        );
        assert_eq!(text.matches(": error: ").count(), 1, "{text}");
    }
    let valid = run(&["check", "--syntax-only", "test-data/syntax/ok"]);
    assert_eq!(valid.status.code(), Some(0));
}

#[test]
fn missing_path_and_empty_folder_exit_two() {
    let out = run(&["check", "no/such/file.mlir"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no/such/file.mlir"));
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check_cli_empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = run(&["check", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no .mlir files in"));
}

#[test]
fn bad_usage_exits_two() {
    assert_eq!(run(&["check"]).status.code(), Some(2));
    assert_eq!(
        run(&["check", "--format", "xml", "x.mlir"]).status.code(),
        Some(2)
    );
}

#[test]
fn non_utf8_bytes_get_a_diagnostic_not_a_crash() {
    let path = scratch("latin1.mlir", b"\"t.op\"() {s = \"caf\xe9\"} : () -> ()\n");
    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("file is not valid UTF-8"));
}

#[test]
fn deeply_nested_brackets_do_not_overflow_the_stack() {
    let mut text = String::from("\"t.op\"() {a = ");
    text.push_str(&"[".repeat(100_000));
    text.push_str("} : () -> ()\n");
    let path = scratch("nested.mlir", text.as_bytes());
    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("nesting is too deep for the parser"));
}

#[test]
fn garbage_is_capped_and_long_lines_are_excerpted() {
    let mut text = "\"t.op\"() : i32\n".repeat(5_000);
    text.push_str(&format!(
        "\"t.op\"() {{a = [{}, ]}} : () -> ()\n",
        "1, ".repeat(100_000)
    ));
    let path = scratch("garbage.mlir", text.as_bytes());
    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert_eq!(text.matches(": error: ").count(), 1_001);
    assert!(text.contains("error: too many syntax errors; only the first 1000 are reported"));
    assert!(
        text.lines().all(|line| line.len() < 400),
        "a printed line is too long"
    );
}

/// Issue 43: every independent error by default, as the language server shows them;
/// `--reach mlir-opt` reports what `mlir-opt` reaches (here its one error, the type
/// mismatch its parser meets first; the other two are found after parsing).
#[test]
fn every_independent_error_by_default_and_mlir_opts_reach_on_request() {
    let path = scratch(
        "three_errors.mlir",
        b"func.func @f(%a: i32) -> f32 {\n  %0 = arith.addi %a, %b : i32\n  %1 = arith.addf %a, %a : i32\n  return %1 : f32\n}\n",
    );
    let path = path.to_str().unwrap();
    let places = |out: &Output| -> Vec<String> {
        stdout(out)
            .lines()
            .filter(|l| l.contains(": error: "))
            .map(|l| {
                l.rsplit_once(".mlir:")
                    .map_or(l, |(_, rest)| rest)
                    .to_string()
            })
            .collect()
    };
    let all = run(&["check", path]);
    assert_eq!(all.status.code(), Some(1));
    assert_eq!(
        places(&all),
        [
            "2:23: error: use of undeclared SSA value name",
            "3:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'",
            "4:10: error: use of value '%1' expects different type than prior uses: 'f32' vs 'i32'",
        ]
    );
    let reach = run(&["check", "--reach", "mlir-opt", path]);
    assert_eq!(
        places(&reach),
        ["4:10: error: use of value '%1' expects different type than prior uses: 'f32' vs 'i32'"]
    );
}

/// ODS `.td` files are read by our own TableGen evaluator: no `llvm-tblgen` is needed
/// (here the one `LLVM_TBLGEN` names does not exist), and asking for it says why it
/// cannot run.
#[test]
fn ods_files_load_with_no_llvm_tblgen() {
    let file = scratch(
        "ods-no-llvm-tblgen.mlir",
        b"%0 = \"toy.count\"() : () -> i32\n",
    );
    let file = file.to_str().unwrap();
    let args = ["check", "--ods-file", "test-data/ods/ToyOps.td", file];
    let with = |extra: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.splice(1..1, extra.iter().copied());
        let mut command = common::command(&all);
        command
            .env("LLVM_TBLGEN", "/nonexistent/llvm-tblgen")
            .env("MLIR_ANALYZER_CACHE_DIR", "");
        command.output().expect("run mlir-analyzer")
    };
    let out = with(&[]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout(&out).contains("'toy.count' op result #0 must be index"),
        "{}",
        stdout(&out)
    );
    let out = with(&["--ods-evaluator", "llvm-tblgen"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot run /nonexistent/llvm-tblgen"),
        "{stderr}"
    );
}
