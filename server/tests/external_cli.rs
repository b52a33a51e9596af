//! `check --external CMD` through the real binary (issue 46): the real mlir-opt 22 adds
//! the findings of MLIR's C++ verifiers to ours, `--verify-diagnostics` compares the
//! union with the annotations, and a tool that hangs, crashes, is missing or prints
//! garbage is one message and exit status 2, never a hang.

mod common;

use std::time::{Duration, Instant};

use common::tools::{fake_tool, mlir_opt};
use common::{run, scratch_dir, stderr, stdout};

const ONLY_VERIFIER: &str = "test-data/external/verifier-only.mlir";
const ANNOTATED: &str = "test-data/external/verifier-only-annotated.mlir";

fn real_tool() -> Option<String> {
    Some(format!(
        "{} --allow-unregistered-dialect",
        mlir_opt()?.display()
    ))
}

#[test]
fn the_real_tool_finds_what_only_mlirs_verifier_sees() {
    let Some(tool) = real_tool() else {
        return;
    };
    let alone = run(&["check", ONLY_VERIFIER]);
    assert_eq!(alone.status.code(), Some(0), "{}", stdout(&alone));
    let out = run(&["check", "--external", &tool, ONLY_VERIFIER]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(&format!(
            "{ONLY_VERIFIER}:4:8: error: 'affine.apply' op result #0 must be index, but got 'i32'"
        )),
        "{text}"
    );
    let json = run(&[
        "check",
        "--format",
        "json",
        "--external",
        &tool,
        ONLY_VERIFIER,
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(json[0]["code"], "external");
    assert!(
        json[0]["notes"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("see current operation")
    );
}

#[test]
fn verify_diagnostics_checks_the_union() {
    let Some(tool) = real_tool() else {
        return;
    };
    let alone = run(&["check", "--verify-diagnostics", ANNOTATED]);
    assert_eq!(alone.status.code(), Some(1), "{}", stdout(&alone));
    let out = run(&[
        "check",
        "--verify-diagnostics",
        "--external",
        &tool,
        ANNOTATED,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");
}

#[test]
fn auto_finds_mlir_opt() {
    // `auto` looks on the PATH first: give it the folder of the one the tests use.
    let Some(mlir_opt) = mlir_opt() else {
        return;
    };
    let folder = mlir_opt.parent().unwrap().to_path_buf();
    let out = common::command(&["check", "--external", "auto", ONLY_VERIFIER])
        .env("PATH", folder)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn a_hanging_tool_is_killed_at_the_timeout() {
    let tool = fake_tool(&scratch_dir(), "hangs", "sleep 60 & sleep 60");
    let started = Instant::now();
    let out = run(&[
        "check",
        "--external",
        tool.to_str().unwrap(),
        "--external-timeout-ms",
        "300",
        ONLY_VERIFIER,
    ]);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("took longer than 300 ms and was stopped"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_missing_or_crashing_tool_is_told_once_and_ours_stay() {
    let folder = "test-data/external";
    let out = run(&[
        "check",
        "--external",
        "no-such-opt-tool",
        "--format",
        "json",
        folder,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let said = stderr(&out);
    assert_eq!(
        said.matches("cannot run `no-such-opt-tool`").count(),
        1,
        "{said}"
    );
    let tool = fake_tool(
        &scratch_dir(),
        "crashes",
        "echo 'Stack dump:' >&2; kill -SEGV $$",
    );
    let out = run(&["check", "--external", tool.to_str().unwrap(), ANNOTATED]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("crashed"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("Stack dump:"),
        "its output goes to the log"
    );
}

#[cfg(unix)]
#[test]
fn garbage_and_floods_add_nothing() {
    let garbage = fake_tool(
        &scratch_dir(),
        "garbage",
        "printf 'no\\377diagnostic\\n:::\\n' >&2",
    );
    let out = run(&[
        "check",
        "--external",
        garbage.to_str().unwrap(),
        ONLY_VERIFIER,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let flood = fake_tool(
        &scratch_dir(),
        "floods",
        "head -c 30000000 /dev/zero | tr '\\0' '\\n' >&2; echo '<stdin>:4:8: error: late' >&2",
    );
    let out = run(&[
        "check",
        "--external",
        flood.to_str().unwrap(),
        ONLY_VERIFIER,
    ]);
    // Past the cap nothing is read: the late error is lost, and nothing hangs.
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[cfg(unix)]
#[test]
fn the_project_file_names_the_tool_and_the_flag_overrides_it() {
    let Some(real) = real_tool() else {
        return;
    };
    let root = scratch_dir().join("project");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let tool = fake_tool(
        &root,
        "project-opt",
        "echo '<stdin>:1:1: warning: said by the project tool' >&2",
    );
    // A relative program is found from the project file's folder, not the current one.
    assert!(tool.ends_with("project-opt"));
    let toml = "[external]\ncommand = [\"./project-opt\"]\n";
    std::fs::write(root.join(".mlir-analyzer.toml"), toml).unwrap();
    let file = root.join("f.mlir");
    std::fs::write(&file, "func.func @f() {\n  return\n}\n").unwrap();
    let out = run(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("f.mlir:1:1: warning: said by the project tool"));
    let out = run(&["check", "--external", &real, file.to_str().unwrap()]);
    assert_eq!(stdout(&out), "", "the flag's tool instead");
}

#[test]
fn standard_input_goes_to_the_tool_too() {
    let Some(tool) = real_tool() else {
        return;
    };
    let text = std::fs::read(common::repo_root().join(ONLY_VERIFIER)).unwrap();
    let args = [
        "check",
        "--external",
        &tool,
        "--stdin-filename",
        "typed.mlir",
        "-",
    ];
    let out = common::run_with_stdin(&args, &text);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("typed.mlir:4:8: error: 'affine.apply' op result #0"),
        "{}",
        stdout(&out)
    );
}
