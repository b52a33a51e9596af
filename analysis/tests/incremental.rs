//! Incrementality (DESIGN §3.5): after typing inside one function of a 1,000-function file,
//! only that function's `body`, `resolution` and `body_checks` queries re-run; every other
//! function's results are reused. Salsa's events tell which queries executed.

use std::sync::{Arc, Mutex};

use mlir_analysis::db::{RootDatabase, SourceFile, file_diagnostics};
use salsa::Setter;

fn function(i: usize) -> String {
    format!(
        "  func.func @f{i}(%a: i32) -> i32 {{\n    %c = arith.constant {i} : i32\n    %0 = arith.addi %a, %c : i32\n    return %0 : i32\n  }}\n"
    )
}

fn file(functions: usize, edited: Option<usize>) -> String {
    let mut text = String::from("module {\n");
    for i in 0..functions {
        let body = function(i);
        text += &match edited {
            Some(e) if e == i => body.replace("arith.addi %a, %c", "arith.addi %c, %a"),
            _ => body,
        };
    }
    text + "}\n"
}

/// The names of the queries that executed, from salsa's `WillExecute` events.
fn executed(log: &Mutex<Vec<String>>) -> Vec<String> {
    let events = std::mem::take(&mut *log.lock().unwrap());
    events
        .iter()
        .filter_map(|e| e.strip_prefix("WillExecute { database_key: "))
        .map(|k| k.split('(').next().unwrap_or(k).to_string())
        .collect()
}

#[test]
fn typing_in_one_function_reruns_only_its_body_queries() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let mut db = RootDatabase::with_event_callback(move |event| {
        sink.lock().unwrap().push(format!("{:?}", event.kind));
    });
    let file_input = SourceFile::new(
        &db,
        Some(Arc::from(file(1_000, None))),
        None,
        None,
        Vec::new(),
    );
    assert!(file_diagnostics(&db, file_input).is_empty());
    let first = executed(&log);
    assert_eq!(
        first.iter().filter(|q| *q == "body").count(),
        1_002,
        "top level, module, 1,000 functions"
    );

    file_input
        .set_text(&mut db)
        .to(Some(Arc::from(file(1_000, Some(500)))));
    assert!(file_diagnostics(&db, file_input).is_empty());
    let second = executed(&log);
    let count = |name: &str| second.iter().filter(|q| *q == name).count();
    assert_eq!(
        count("body"),
        1,
        "only the edited function is lowered again: {second:?}"
    );
    assert_eq!(
        count("resolution"),
        1,
        "and only its names are resolved again: {second:?}"
    );
    assert_eq!(
        count("body_checks"),
        1,
        "and only its types and blocks are checked again: {second:?}"
    );
    assert!(
        count("file_context") <= 1,
        "the file's aliases are read once: {second:?}"
    );
}

#[test]
fn editing_an_irdl_dialect_rechecks_only_the_bodies_that_use_it() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let mut db = RootDatabase::with_event_callback(move |event| {
        sink.lock().unwrap().push(format!("{:?}", event.kind));
    });
    let dialect = |ty: &str| {
        format!(
            "irdl.dialect @geo {{\n  irdl.operation @op {{\n    %0 = irdl.is {ty}\n    irdl.operands(x: %0)\n  }}\n}}\n"
        )
    };
    let irdl = SourceFile::new(&db, Some(Arc::from(dialect("i32"))), None, None, Vec::new());
    // 100 functions; every tenth uses the IRDL op.
    let mut user = String::from("module {\n");
    for i in 0..100 {
        user += &function(i);
        if i % 10 == 0 {
            user += &format!(
                "  func.func @g{i}(%a: i32) {{\n    \"geo.op\"(%a) : (i32) -> ()\n    return\n  }}\n"
            );
        }
    }
    user += "}\n";
    let user = SourceFile::new(&db, Some(Arc::from(user)), None, None, vec![irdl]);
    assert!(file_diagnostics(&db, user).is_empty());
    executed(&log);

    irdl.set_text(&mut db).to(Some(Arc::from(dialect("i64"))));
    assert_eq!(
        file_diagnostics(&db, user).len(),
        10,
        "each use of geo.op fails now"
    );
    let after = executed(&log);
    let count = |name: &str| after.iter().filter(|q| *q == name).count();
    assert_eq!(
        count("body_checks"),
        10,
        "only the users are checked again: {after:?}"
    );
    assert_eq!(count("body"), 0, "no body is lowered again: {after:?}");
}

/// The queries read at all (executed or validated), by name, from salsa's events.
fn read(log: &Mutex<Vec<String>>) -> Vec<String> {
    let events = std::mem::take(&mut *log.lock().unwrap());
    let query = |e: &str| {
        let key = e.split("database_key: ").nth(1)?;
        Some(key.split('(').next().unwrap_or(key).to_string())
    };
    events
        .iter()
        .filter(|e| e.starts_with("WillExecute") || e.starts_with("DidValidateMemoizedValue"))
        .filter_map(|e| query(e))
        .collect()
}

#[test]
fn the_host_does_not_even_validate_the_bodies_a_keystroke_left_alone() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = log.clone();
    let mut host = mlir_analysis::AnalysisHost::with_event_callback(move |event| {
        sink.lock().unwrap().push(format!("{:?}", event.kind));
    });
    let text = file(1_000, None);
    host.update("f", Arc::from(text.as_str()), None);
    assert!(host.diagnostics("f").is_empty());
    read(&log);

    let at = text.find("arith.constant 500").unwrap() + "arith.constant ".len();
    let range = mlir_analysis::TextRange::at((at as u32).into(), 3.into());
    let edit = mlir_analysis::TextEdit::replace(range, "501");
    let new_text = text.replacen("arith.constant 500", "arith.constant 501", 1);
    host.update("f", Arc::from(new_text.as_str()), Some(&[edit]));
    assert!(host.diagnostics("f").is_empty());
    let after = read(&log);
    let count = |name: &str| after.iter().filter(|q| *q == name).count();
    // The edited function, and the module and top level holding it (new nodes too).
    assert!(count("body_checks") <= 3, "{after:?}");
    assert!(count("resolution") <= 3, "{after:?}");
}

#[test]
fn a_clean_body_is_checked_again_when_an_alias_it_reads_changes() {
    let mut host = mlir_analysis::AnalysisHost::default();
    let text = |ty: &str| {
        format!(
            "!t = {ty}\nfunc.func @f(%a: !t) -> i32 {{\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}}\nfunc.func @g() {{\n  return\n}}\n"
        )
    };
    host.update("f", Arc::from(text("i32")), None);
    assert!(host.diagnostics("f").is_empty());
    // Typing in @g keeps @f's tree; the alias edit changes what @f reads, not its tree.
    let old = text("i32");
    let at = old.find("i32\n").unwrap();
    let range = mlir_analysis::TextRange::at((at as u32).into(), 3.into());
    let edit = mlir_analysis::TextEdit::replace(range, "i64");
    host.update("f", Arc::from(text("i64")), Some(&[edit]));
    let found = host.diagnostics("f");
    assert!(!found.is_empty(), "the use of %a as i32 is an error now");
}
