//! Parser tests: the `// test name` / `// test_err name` examples written above grammar
//! functions are extracted into `test-data/syntax/inline/{ok,err}/`, and every file there is
//! parsed and compared with its tree dump (`.rast`) by expect-test (DESIGN §4).
//! Run with `UPDATE_EXPECT=1` to refresh the extracted files and the dumps.

use std::path::{Path, PathBuf};
use std::{fs, io};

use crate::parse;

fn test_data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/syntax")
}

/// An inline test: its name, whether it expects errors, and its text.
struct InlineTest {
    name: String,
    expects_errors: bool,
    text: String,
}

/// Collects `// test name` comment blocks from the grammar sources.
fn collect_inline_tests() -> Vec<InlineTest> {
    let grammar = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/grammar");
    let mut files = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src/grammar.rs")];
    collect_rs_files(&grammar, &mut files).expect("read grammar sources");
    let mut tests = Vec::new();
    for file in files {
        let source = fs::read_to_string(&file).expect("read grammar source");
        tests.extend(inline_tests_in(&source));
    }
    tests
}

fn collect_rs_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_rs_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

fn inline_tests_in(source: &str) -> Vec<InlineTest> {
    let mut tests: Vec<InlineTest> = Vec::new();
    let mut current: Option<InlineTest> = None;
    for line in source.lines().map(str::trim_start) {
        let Some(comment) = line.strip_prefix("//") else {
            tests.extend(current.take());
            continue;
        };
        let comment = comment.strip_prefix(' ').unwrap_or(comment);
        let header = comment.strip_prefix("test ").map(|n| (n, false));
        let header = header.or(comment.strip_prefix("test_err ").map(|n| (n, true)));
        if let Some((name, expects_errors)) = header {
            tests.extend(current.take());
            let name = name.trim().to_string();
            current = Some(InlineTest {
                name,
                expects_errors,
                text: String::new(),
            });
        } else if let Some(test) = current.as_mut() {
            if comment.starts_with('/') {
                tests.extend(current.take());
                continue;
            }
            test.text += comment;
            test.text.push('\n');
        }
    }
    tests.extend(current);
    tests
}

#[test]
fn inline_tests_are_extracted() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut stale = Vec::new();
    let mut names = std::collections::HashSet::new();
    for test in collect_inline_tests() {
        assert!(
            names.insert(test.name.clone()),
            "duplicate inline test name {}",
            test.name
        );
        let dir =
            test_data_dir()
                .join("inline")
                .join(if test.expects_errors { "err" } else { "ok" });
        let path = dir.join(format!("{}.mlir", test.name));
        if fs::read_to_string(&path).ok().as_deref() != Some(test.text.as_str()) {
            fs::create_dir_all(&dir).expect("create test-data dir");
            fs::write(&path, &test.text).expect("write inline test");
            stale.push(test.name);
        }
    }
    assert!(
        update || stale.is_empty(),
        "inline tests were stale and have been rewritten: {stale:?}"
    );
}

fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "mlir"));
    files.sort();
    files
}

fn check_dir(sub: &str, expects_errors: bool) {
    let files = mlir_files(&test_data_dir().join(sub));
    assert!(!files.is_empty(), "no test files in {sub}");
    for path in files {
        let text = fs::read_to_string(&path).expect("read test file");
        let parse = parse(&text);
        assert_eq!(
            parse.syntax_node().text().to_string(),
            text,
            "lossless: {}",
            path.display()
        );
        let has_errors = !parse.errors().is_empty();
        assert_eq!(
            has_errors,
            expects_errors,
            "{}:\n{}",
            path.display(),
            parse.debug_dump()
        );
        expect_test::expect_file![path.with_extension("rast")].assert_eq(&parse.debug_dump());
    }
}

#[test]
fn inline_ok() {
    check_dir("inline/ok", false);
}

#[test]
fn inline_err() {
    check_dir("inline/err", true);
}

#[test]
fn fixtures_ok() {
    check_dir("ok", false);
}

#[test]
fn fixtures_err() {
    check_dir("err", true);
}

/// Errors that upstream places off the start of the offending token, each at the column
/// `mlir-opt` (MLIR 22) reports for the same one-line text.
#[test]
fn errors_stand_in_upstreams_columns() {
    let cases = [
        // The lexer reports the character after the `@`, and after a lone `.`.
        (
            "\"t\"() {a = @$x} : () -> ()",
            13,
            "@ identifier expected to start with letter or '_'",
        ),
        (
            "func.func @e(.)",
            15,
            "expected three consecutive dots for an ellipsis",
        ),
        // An unterminated string where it should have ended.
        ("\"abc", 5, "expected '\"' in string literal"),
        // An affine operand missing: on the token found instead; an unknown name: just
        // after the token before it.
        (
            "#m = affine_map<(d0) -> (d0 + )>",
            31,
            "missing right operand of binary operator",
        ),
        (
            "#s = affine_set<(i)[N] : (i >=   )>",
            34,
            "expected affine expression",
        ),
        (
            "#m = affine_map<(d0) -> (d0,  x)>",
            29,
            "use of undeclared identifier",
        ),
        // A non-affine operator: at the multiplicative operator after its operands.
        (
            "#m = affine_map<(i, j) -> (i*2 ceildiv j*5)>",
            41,
            "non-affine expression: right operand of ceildiv has to be either a constant or symbolic",
        ),
        (
            "#m = affine_map<(i, j) -> (i * j + 2)>",
            30,
            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
        ),
    ];
    for (text, column, message) in cases {
        let parse = parse(text);
        let first = parse.errors().first().expect("an error");
        assert_eq!(
            (usize::from(first.range.start()) + 1, first.message.as_str()),
            (column, message),
            "{text}"
        );
    }
}
