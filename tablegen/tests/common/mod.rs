//! Helpers shared by the integration tests: where the fixtures are, and reading them.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

use tablegen::Records;

/// The repository root, from which fixtures are named as llvm-tblgen is run on them.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `test-data/tablegen`, relative to the repository root.
pub const FIXTURES: &str = "test-data/tablegen";

/// The checked-in JSON of the fixture `name` (`basics` → `basics.json`), read.
pub fn read_fixture(name: &str) -> Records {
    let path = repo_root().join(FIXTURES).join(format!("{name}.json"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Records::from_dump_json(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
