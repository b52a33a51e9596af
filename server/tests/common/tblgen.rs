//! Whether the tests that evaluate `.td` files can run: an `llvm-tblgen` of LLVM 22 or
//! newer (older ones cannot read MLIR 22's files), found as the server finds it.

use std::path::PathBuf;

/// The oldest LLVM whose `llvm-tblgen` reads the fixtures' and MLIR 22's `.td` files.
const OLDEST: u32 = 22;

/// `LLVM_TBLGEN` (taken as it is), else the newest `/usr/lib/llvm-N/bin/llvm-tblgen` of
/// LLVM 22 or newer; `None`, with a message saying why the caller skips, without one.
pub fn llvm_tblgen() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("LLVM_TBLGEN") {
        return Some(PathBuf::from(path));
    }
    let newest = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let version: u32 = name.strip_prefix("llvm-")?.parse().ok()?;
            let tool = entry.path().join("bin/llvm-tblgen");
            (version >= OLDEST && tool.is_file()).then_some((version, tool))
        })
        .max();
    if newest.is_none() {
        eprintln!(
            "skipped: no llvm-tblgen of LLVM {OLDEST}+ (apt-get install llvm-{OLDEST}, or set LLVM_TBLGEN)"
        );
    }
    newest.map(|(_, tool)| tool)
}
