//! Fuzzes the TableGen evaluator: the input is up to three `.td` files (split at NUL
//! bytes: `main.td`, then `a.td` and `b.td`, which `main.td` may include), evaluated with
//! a small step budget. Any panic, hang or runaway memory is a bug: bad input must end in
//! diagnostics.
#![no_main]

use std::path::{Path, PathBuf};

use libfuzzer_sys::fuzz_target;
use tablegen::{Limits, SourceCache, evaluate_with};

fuzz_target!(|data: &[u8]| {
    let parts: Vec<String> = data
        .splitn(3, |&byte| byte == 0)
        .map(|part| String::from_utf8_lossy(part).into_owned())
        .collect();
    let names = ["main.td", "a.td", "b.td"];
    let files: Vec<(PathBuf, String)> = names
        .iter()
        .zip(parts)
        .map(|(name, text)| (Path::new("/fuzz").join(name), text))
        .collect();
    let read = move |path: &Path| {
        files
            .iter()
            .find(|(name, _)| name == path)
            .map(|(_, text)| text.clone())
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    };
    let mut cache = SourceCache::new(Box::new(read));
    let limits = Limits { steps: 200_000 };
    let evaluation = evaluate_with(&mut cache, Path::new("/fuzz/main.td"), &[], limits);
    // The JSON writer and reader must agree on whatever the evaluator made.
    let json = evaluation.records.to_dump_json();
    let _ = tablegen::Records::from_dump_json_str(&json);
});
