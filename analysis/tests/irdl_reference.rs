//! The IRDL examples of `../shared/reference/IRDL.md` (`MLIR_REFERENCE`, default beside
//! the repository) load: each `irdl.dialect @name` is read into a dialect of that name
//! with every operation, type and attribute it defines. MLIR 22 rejects all of them as
//! written (they use the older unnamed `irdl.operands(%0)` lists, `/* ... */`
//! placeholders, or a misspelled op); where a list has no names, we report what
//! `mlir-opt` reports: `custom op 'irdl.parameters' expected valid keyword`.

use std::path::{Path, PathBuf};

use mlir_analysis::irdl::dialects_in;

/// `MLIR_REFERENCE`, else `../shared/reference` beside the repository.
fn reference() -> PathBuf {
    std::env::var_os("MLIR_REFERENCE")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/reference"))
}

/// The fenced code blocks of the document that define a dialect.
fn examples() -> Vec<String> {
    let path = reference().join("IRDL.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.split("```")
        .skip(1)
        .step_by(2)
        .filter(|block| block.contains("irdl.dialect @"))
        .map(|block| block.trim_start_matches('\n').to_string())
        .collect()
}

/// How many times `op @` starts a definition in the example.
fn count(example: &str, op: &str) -> usize {
    example.matches(&format!("{op} @")).count()
}

#[test]
fn every_dialect_of_the_irdl_reference_loads() {
    let examples = examples();
    assert!(examples.len() >= 15, "only {} examples", examples.len());
    for example in &examples {
        let dialects = dialects_in(example);
        assert_eq!(dialects.len(), count(example, "irdl.dialect"), "{example}");
        let defined: usize = dialects
            .iter()
            .map(|d| d.ops.len() + d.types.len() + d.attributes.len())
            .sum();
        let written = count(example, "irdl.operation")
            + count(example, "irdl.type")
            + count(example, "irdl.attribute");
        assert_eq!(defined, written, "{example}");
    }
}

#[test]
fn unnamed_lists_get_mlir_22s_error() {
    let example = examples()
        .into_iter()
        .find(|e| e.contains("irdl.parameters(%") && !e.contains("..."))
        .expect("an example with an unnamed parameter list");
    let messages: Vec<String> = mlir_analysis::file_diagnostics(&example, false)
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert!(
        messages.contains(&"custom op 'irdl.parameters' expected valid keyword".to_string()),
        "{messages:?}"
    );
}
