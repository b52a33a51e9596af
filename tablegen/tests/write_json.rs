//! Records written as llvm-tblgen's JSON read back to the same records, for every
//! checked-in fixture; and the part reachable from some records keeps exactly what they
//! refer to.

mod common;

use tablegen::{Record, Records};

const FIXTURES: &[&str] = &["basics", "common", "includes", "multiclass", "unresolved"];

#[test]
fn every_fixture_reads_back_to_the_same_records() {
    for name in FIXTURES {
        let records = common::read_fixture(name);
        let written = records.to_dump_json();
        let again = Records::from_dump_json_str(&written)
            .unwrap_or_else(|e| panic!("{name}: the written JSON does not read: {e}"));
        assert_eq!(
            records.as_slice(),
            again.as_slice(),
            "{name}: the records changed"
        );
        assert_eq!(
            records.to_string(),
            again.to_string(),
            "{name}: the class index changed"
        );
    }
}

#[test]
fn written_text_is_valid_json_with_llvm_tblgens_shape() {
    let records = common::read_fixture("basics");
    let json: serde_json::Value = serde_json::from_str(&records.to_dump_json()).unwrap();
    assert_eq!(json["!tablegen_json_version"], 1);
    assert_eq!(json["Circle"]["!name"], "Circle");
    assert_eq!(json["Circle"]["Sides"], 0);
    let shapes = &json["Collections"]["Shapes"][0];
    assert_eq!(shapes["kind"], "def");
    assert_eq!(shapes["printable"], "Circle");
    let instanceof = json["!instanceof"]["Shape"].as_array().unwrap();
    assert!(instanceof.iter().any(|name| name == "Circle"));
}

#[test]
fn reachable_part_keeps_the_roots_and_what_they_refer_to() {
    let records = common::read_fixture("basics");
    let kept = records.reachable_from(|record: &Record| record.name == "Collections");
    let names: Vec<&str> = kept.iter().map(|record| record.name.as_str()).collect();
    // `Collections` lists the three shapes; nothing refers further.
    let mut expected: Vec<&str> = vec!["Circle", "Collections", "Square", "Triangle"];
    expected.retain(|name| records.get(name).is_some());
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, expected);
    // The original order is kept, and the class index follows the kept records.
    let order: Vec<&str> = records
        .iter()
        .map(|record| record.name.as_str())
        .filter(|name| names.contains(name))
        .collect();
    assert_eq!(names, order);
    assert!(
        kept.deriving("Shape")
            .all(|record| names.contains(&record.name.as_str()))
    );
}

#[test]
fn nothing_is_reachable_from_no_roots() {
    let records = common::read_fixture("multiclass");
    assert!(records.reachable_from(|_| false).is_empty());
    assert_eq!(records.reachable_from(|_| true).len(), records.len());
}

#[test]
fn references_are_followed_through_kept_fields_only() {
    let records = common::read_fixture("basics");
    let kept = records.reachable_through(
        |record: &Record| record.name == "Collections",
        |field| field != "Shapes",
    );
    let names: Vec<&str> = kept.iter().map(|record| record.name.as_str()).collect();
    assert_eq!(
        names,
        ["Collections"],
        "the shapes are reached through `Shapes` only"
    );
    let collections = kept.get("Collections").unwrap();
    assert!(collections.field("Shapes").is_none());
    assert!(collections.field("Names").is_some());
}
