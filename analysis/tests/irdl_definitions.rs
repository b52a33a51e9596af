//! `test-data/irdl/invalid_definitions.irdl.mlir` (which also passes `mlir-opt
//! --split-input-file --verify-diagnostics`): every error and note it annotates about the
//! structure of IRDL definitions is reported, and nothing else.

use std::path::Path;

use mlir_analysis::expectations::verify;
use mlir_analysis::{TextSize, file_diagnostics};

#[test]
fn invalid_definitions_fixture_verifies() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../test-data/irdl/invalid_definitions.irdl.mlir");
    let text = std::fs::read_to_string(&path).expect("read the fixture");
    let diagnostics = file_diagnostics(&text, true);
    let result = verify(&text, TextSize::new(0), &diagnostics);
    assert!(result.is_ok(), "{result:#?}");
    assert_eq!(result.matched.len(), 20, "one error per invalid chunk");
}
