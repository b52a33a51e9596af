//! Our TableGen evaluator against `llvm-tblgen --dump-json` (the oracle), over every `.td`
//! file of MLIR 22's `include/mlir` (`libmlir-22-dev`) and of `../shared/ods-downstream`
//! (CIRCT, StableHLO) that llvm-tblgen evaluates on its own (roots and the files they
//! include alike): per file and in total, at least 99.5% of the named records must be
//! equal, superclasses, locations and fields (anonymous records compared by structure),
//! and every difference is printed. Skipped, saying so, without an installed MLIR or llvm-tblgen 22 (CI
//! installs both: Debian's `libmlir-22-dev` and `llvm-22`).

use std::path::{Path, PathBuf};

use mlir_analyzer::ods::{Frontend, OdsSources, evaluate_root};
use tablegen::{Records, compare};

/// The share of a root's named records that must be equal.
const FLOOR: f64 = 0.995;

fn shared(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared")
        .join(folder)
}

/// Every `.td` file of MLIR's `include/mlir`, then of CIRCT's and StableHLO's folders,
/// each with its include folders: not only the roots (files no other includes) but every
/// file, as each can be evaluated on its own (those llvm-tblgen cannot are skipped).
fn all_sources() -> Option<Vec<OdsSources>> {
    let installed = OdsSources::installed()?;
    let mlir = installed.include_dirs[0].join("mlir");
    let mut all = vec![OdsSources {
        files: td_files(&mlir),
        ..installed.clone()
    }];
    let root = shared("ods-downstream");
    for (folder, include) in [
        ("circt/include/circt", "circt/include"),
        ("stablehlo/stablehlo/dialect", "stablehlo"),
    ] {
        let mut include_dirs = vec![root.join(include)];
        include_dirs.extend(installed.include_dirs.iter().cloned());
        all.push(OdsSources {
            files: td_files(&root.join(folder)),
            include_dirs,
            ..OdsSources::default()
        });
    }
    Some(all)
}

/// The `.td` files under `dir`, sorted.
fn td_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "td") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The records a front end gives, read back from the JSON form (where a `bit` and an
/// `int` are the same), so that the two compare as the JSON does.
fn normalized(records: Records) -> Records {
    Records::from_dump_json_str(&records.to_dump_json()).expect("our own JSON reads back")
}

#[test]
fn our_evaluator_gives_llvm_tblgens_records() {
    let Some(all) = all_sources() else {
        eprintln!("skipped: no installed MLIR (apt-get install libmlir-22-dev)");
        return;
    };
    let probe = &all[0].files[0];
    if evaluate_root(probe, &all[0].include_dirs, Frontend::LlvmTblgen).is_err() {
        eprintln!("skipped: no llvm-tblgen 22 to compare with (apt-get install llvm-22)");
        return;
    }
    let (mut compared, mut equal, mut roots) = (0, 0, 0);
    let mut below = Vec::new();
    for sources in &all {
        for file in &sources.files {
            let Ok(theirs) = evaluate_root(file, &sources.include_dirs, Frontend::LlvmTblgen)
            else {
                // A file that is not meant to stand alone: llvm-tblgen cannot either.
                continue;
            };
            let ours = evaluate_root(file, &sources.include_dirs, Frontend::Builtin)
                .unwrap_or_else(|why| {
                    panic!(
                        "{}: llvm-tblgen evaluates it, we do not: {why}",
                        file.display()
                    )
                });
            let comparison = compare(&normalized(theirs), &normalized(ours), &|_| false);
            roots += 1;
            compared += comparison.compared;
            equal += comparison.equal;
            for difference in &comparison.differences {
                println!("{}: {difference}", file.display());
            }
            // A file of classes alone defines no named record: nothing to compare.
            let share = comparison.equal as f64 / comparison.compared.max(1) as f64;
            if comparison.compared > 0 && share < FLOOR {
                below.push(format!(
                    "{}: {}/{}",
                    file.display(),
                    comparison.equal,
                    comparison.compared
                ));
            }
        }
    }
    println!("{equal} of {compared} named records equal over {roots} files");
    assert!(roots > 500, "only {roots} files compared");
    assert!(below.is_empty(), "files below {FLOOR}: {below:?}");
    assert!(
        equal as f64 >= FLOOR * compared as f64,
        "{equal} of {compared}"
    );
}
