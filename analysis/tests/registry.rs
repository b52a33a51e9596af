//! The built-in registry against its own documentation (registry stage): every op has a
//! summary and examples; every example parses without syntax errors, every custom op in
//! it matches its spec, and — when MLIR 22's `mlir-opt` is installed — `mlir-opt
//! --verify-each` accepts it, so the examples (and the syntax the specs describe) are
//! MLIR's. Examples of the legacy `std` dialect, which MLIR 22 cannot read, must instead
//! get no diagnostic from the analyzer. And every op of the valid corpora that resolves to
//! a spec matches it.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{corpus, mlir_files};
use mlir_analysis::file_diagnostics;
use mlir_analysis::registry::{OpSpec, Registry, match_op};
use mlir_syntax::SyntaxNode;
use mlir_syntax::ast::{AstNode, CustomOp};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// The default dialect in effect at `op`, as the checks and hover see it.
fn default_dialect(registry: &Registry, op: &SyntaxNode) -> Option<String> {
    registry.default_dialect_at(op)
}

/// The dialect whose examples `mlir-opt` cannot check: MLIR 22 has no `std` dialect (its
/// ops moved to `func`, `cf`, `arith`, `memref` and `tensor`, with other syntax).
const LEGACY_DIALECT: &str = "std";

/// Problems with one example: syntax errors, and custom ops that are unknown or do not
/// match. Returns whether the example uses `spec`'s op in custom form.
fn check_example(
    registry: &Registry,
    spec: &OpSpec,
    example: &str,
    problems: &mut Vec<String>,
) -> bool {
    let parse = mlir_syntax::parse(example);
    for error in parse.errors() {
        problems.push(format!("{}: syntax error: {}", spec.name, error.message));
    }
    let mut uses_op = false;
    for op in parse.syntax_node().descendants().filter_map(CustomOp::cast) {
        let dialect = default_dialect(registry, op.syntax());
        match registry.match_custom_op(&op, dialect.as_deref()) {
            Some((matched_spec, _)) => uses_op |= matched_spec.name == spec.name,
            None => problems.push(format!(
                "{}: `{}` does not match its spec",
                spec.name,
                op.syntax()
            )),
        }
    }
    uses_op
}

#[test]
fn every_op_is_documented_with_examples_that_match() {
    let registry = Registry::builtin();
    let mut problems = Vec::new();
    for spec in registry.ops() {
        if spec.docs.summary.is_empty()
            || spec.docs.description.is_empty()
            || spec.docs.syntax.is_empty()
        {
            problems.push(format!(
                "{}: summary, description or syntax missing",
                spec.name
            ));
        }
        if spec.docs.examples.is_empty() {
            problems.push(format!("{}: no example", spec.name));
        }
        let mut used = false;
        for example in &spec.docs.examples {
            used |= check_example(registry, spec, example, &mut problems);
        }
        // An op without a format says nothing of its custom syntax (`tensor.reshape`'s
        // examples write it in generic form).
        if !used && spec.format.is_some() {
            problems.push(format!(
                "{}: no example uses the op in custom form",
                spec.name
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Runs `mlir-opt --verify-each` on `text`; the error output if it fails.
fn mlir_opt(text: &str) -> Result<(), String> {
    let mut child = Command::new(MLIR_OPT)
        .arg("--verify-each")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(text.as_bytes())
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    match output.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&output.stderr).into_owned()),
    }
}

#[test]
fn examples_are_accepted_by_mlir_opt() {
    if !Path::new(MLIR_OPT).exists() {
        println!("notice: {MLIR_OPT} not found; skipping the mlir-opt check of spec examples");
        return;
    }
    let mut problems = Vec::new();
    // Legacy examples are checked by `legacy_examples_get_no_diagnostics` instead.
    let modern = Registry::builtin()
        .ops()
        .into_iter()
        .filter(|spec| spec.dialect != LEGACY_DIALECT);
    for spec in modern {
        for example in &spec.docs.examples {
            if let Err(stderr) = mlir_opt(example) {
                problems.push(format!("{}:\n{example}\n{stderr}", spec.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What `mlir-opt` does for the other examples, the analyzer does for the legacy ones: it
/// must accept them without any diagnostic (syntax, names, types, op verification).
#[test]
fn legacy_examples_get_no_diagnostics() {
    let mut problems = Vec::new();
    let legacy = Registry::builtin()
        .ops()
        .into_iter()
        .filter(|spec| spec.dialect == LEGACY_DIALECT);
    for spec in legacy {
        for example in &spec.docs.examples {
            for d in file_diagnostics(example, false) {
                problems.push(format!(
                    "{}: {} [{}]\n{example}",
                    spec.name, d.message, d.code
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The first line of each op of a registry dialect in `text` that does not match its
/// spec, with the file name.
fn unmatched_ops(registry: &Registry, name: &str, text: &str, out: &mut Vec<String>) {
    let parse = mlir_syntax::parse(text);
    for op in parse.syntax_node().descendants().filter_map(CustomOp::cast) {
        let dialect = default_dialect(registry, op.syntax());
        let Some(spec) = registry.resolve(&op.name().unwrap_or_default(), dialect.as_deref())
        else {
            continue;
        };
        // An op without a format is not matched, whatever its custom form.
        if spec.format.is_some() && match_op(&op, spec).is_none() {
            let first_line = op
                .syntax()
                .to_string()
                .lines()
                .next()
                .unwrap_or("")
                .to_string();
            out.push(format!("{name}: {first_line}"));
        }
    }
}

#[test]
fn corpus_ops_match_their_specs() {
    let registry = Registry::builtin();
    let mut unmatched = Vec::new();
    let dirs = [
        corpus("MLIR_CORPUS", "shared/corpus").join("valid"),
        corpus("MLIR_DOWNSTREAM_CORPUS", "shared/corpus-downstream"),
    ];
    for dir in dirs.iter().filter(|d| d.exists()) {
        for path in mlir_files(dir) {
            let text = String::from_utf8_lossy(&std::fs::read(&path).expect("read")).into_owned();
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            unmatched_ops(registry, &name, &text, &mut unmatched);
        }
    }
    // FIXME: a parser decision, not a matcher one: the parser reads a `memref.global`
    // followed on its line by `alignment = 64` (CIRCT's flatten_memref.mlir) as one op:
    // MLIR 22's parser ends the op after its initial value and rejects `alignment` as an
    // unknown op (see the corpus MANIFEST), so the line is not MLIR 22 syntax and the
    // spec rightly does not match it. With op knowledge the parser (or a re-parse of such
    // ops) could decide otherwise. (The next line's `sink %x : T`, an unprefixed op of a
    // default dialect, is no longer read as part of the `arith.addi` before it.)
    let circt_global = |name: &str, rest: &str| {
        format!(
            "flatten_memref.mlir: memref.global \"private\" constant @__constant_{name} : \
             memref<{name}> = dense<{rest}> alignment = 64"
        )
    };
    let expected = [
        circt_global(
            "5x2xf32",
            "[[0.433561265, 0.0884729773], [-0.39487046, -0.190938368], \
             [0.705071926, -0.648731529], [-0.00710275536, -0.278010637], \
             [-0.573243499, 5.029220e-01]]",
        ),
        circt_global("1xf32", "-0.344258487"),
        circt_global("1x2xf32", "[[-0.154929623, 0.142687559]]"),
        circt_global("2xf32", "[-0.23427248, 0.918611288]"),
        circt_global("2x1xf32", "[[0.764538527], [0.83000791]]"),
    ];
    assert_eq!(unmatched, expected);
}
