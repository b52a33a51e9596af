//! Malformed JSON and JSON of the wrong shape give an error naming the record and field,
//! never a panic.

use tablegen::{ReadError, Records};

/// Reads `json`, which must fail, and gives the error's text.
fn error_of(json: &str) -> ReadError {
    match Records::from_dump_json_str(json) {
        Ok(records) => panic!("read {} records from bad input", records.len()),
        Err(error) => error,
    }
}

/// A valid record `R` with `extra` JSON members appended to it, in a valid file.
fn with_record(extra: &str) -> String {
    format!(
        r#"{{"!tablegen_json_version": 1, "!instanceof": {{}},
            "R": {{"!name": "R", "!anonymous": false, "!superclasses": [], "!fields": [],
                   "!locs": ["r.td:1"]{extra}}}}}"#
    )
}

#[test]
fn a_valid_minimal_file_reads() {
    let records = Records::from_dump_json_str(&with_record("")).unwrap();
    assert_eq!(records.len(), 1);
}

#[test]
fn truncated_json() {
    let json = with_record("");
    let error = error_of(&json[..json.len() / 2]);
    assert!(
        error
            .to_string()
            .starts_with("invalid llvm-tblgen JSON: malformed JSON: EOF")
    );
}

#[test]
fn empty_input() {
    assert!(error_of("").message().starts_with("malformed JSON"));
}

#[test]
fn top_level_not_an_object() {
    let error = error_of("[1, 2]");
    assert_eq!(error.message(), "the top level is an array, not an object");
}

#[test]
fn record_not_an_object() {
    let error = error_of(r#"{"!tablegen_json_version": 1, "R": [1]}"#);
    assert_eq!(
        error.to_string(),
        "invalid llvm-tblgen JSON: record `R`: the record is an array, not an object"
    );
}

#[test]
fn unknown_value_kind() {
    let error = error_of(&with_record(
        r#", "F": [0, {"kind": "mystery", "printable": "x"}]"#,
    ));
    assert_eq!(error.record(), Some("R"));
    assert_eq!(error.field(), Some("F"));
    assert_eq!(error.message(), "element 1: unknown value kind `mystery`");
}

#[test]
fn value_object_without_kind() {
    let error = error_of(&with_record(r#", "F": {"printable": "x"}"#));
    assert_eq!(
        error.to_string(),
        "invalid llvm-tblgen JSON: record `R`: field `F`: the value object has no `kind`"
    );
}

#[test]
fn booleans_and_fractions_are_no_values() {
    let error = error_of(&with_record(r#", "F": true"#));
    assert_eq!(error.message(), "a boolean is not a TableGen value");
    let error = error_of(&with_record(r#", "F": 1.5"#));
    assert_eq!(error.message(), "the number 1.5 is not a 64-bit integer");
    let error = error_of(&with_record(r#", "F": 18446744073709551615"#));
    assert_eq!(
        error.message(),
        "the number 18446744073709551615 is not a 64-bit integer"
    );
}

#[test]
fn missing_superclasses() {
    let json = r#"{"!tablegen_json_version": 1,
        "R": {"!name": "R", "!anonymous": false, "!fields": []}}"#;
    let error = error_of(json);
    assert_eq!(
        error.to_string(),
        "invalid llvm-tblgen JSON: record `R`: has no `!superclasses`"
    );
}

#[test]
fn superclasses_of_the_wrong_shape() {
    let json = r#"{"!tablegen_json_version": 1,
        "R": {"!name": "R", "!anonymous": false, "!superclasses": ["A", 3], "!fields": []}}"#;
    let error = error_of(json);
    assert_eq!(error.field(), Some("!superclasses"));
    assert_eq!(
        error.message(),
        "element 1: the value is a number, not a string"
    );
}

#[test]
fn name_differs_from_key() {
    let json = r#"{"!tablegen_json_version": 1,
        "R": {"!name": "S", "!anonymous": false, "!superclasses": [], "!fields": []}}"#;
    assert_eq!(error_of(json).record(), Some("R"));
}

#[test]
fn fields_entry_names_a_missing_field() {
    let json = r#"{"!tablegen_json_version": 1,
        "R": {"!name": "R", "!anonymous": false, "!superclasses": [], "!fields": ["F"]}}"#;
    let error = error_of(json);
    assert_eq!(error.field(), Some("!fields"));
    assert_eq!(error.message(), "names `F`, which is no field");
}

#[test]
fn bad_location() {
    let json = with_record("").replace("r.td:1", "r.td");
    let error = error_of(&json);
    assert_eq!(error.field(), Some("!locs"));
    assert_eq!(error.message(), "the location `r.td` is not FILE:LINE");
}

#[test]
fn malformed_dag_and_varbit() {
    let dag = r#", "F": {"kind": "dag", "operator": {"kind": "def", "def": "op"}, "args": [[1]]}"#;
    let error = error_of(&with_record(dag));
    assert_eq!(
        error.message(),
        "dag argument 0: the argument is not a [value, name] pair"
    );
    let varbit = r#", "F": {"kind": "varbit", "var": "x", "index": -1}"#;
    let error = error_of(&with_record(varbit));
    assert_eq!(
        error.message(),
        "`index` of the `varbit` value is not a bit number"
    );
    let def = r#", "F": {"kind": "def", "def": 7}"#;
    let error = error_of(&with_record(def));
    assert_eq!(
        error.message(),
        "`def` of the `def` value is a number, not a string"
    );
}

#[test]
fn missing_or_unknown_version() {
    let error = error_of("{}");
    assert_eq!(error.message(), "there is no `!tablegen_json_version`");
    let error = error_of(r#"{"!tablegen_json_version": 2}"#);
    assert_eq!(
        error.message(),
        "`!tablegen_json_version` is 2; only 1 is known"
    );
}

#[test]
fn duplicate_record() {
    let record = r#"{"!name": "R", "!anonymous": false, "!superclasses": [], "!fields": []}"#;
    let json = format!(r#"{{"!tablegen_json_version": 1, "R": {record}, "R": {record}}}"#);
    let error = error_of(&json);
    assert_eq!(
        error.to_string(),
        "invalid llvm-tblgen JSON: record `R`: appears twice"
    );
}

#[test]
fn instanceof_disagreeing_with_superclasses() {
    let json = with_record("").replace(r#""!instanceof": {}"#, r#""!instanceof": {"C": ["R"]}"#);
    let error = error_of(&json);
    assert_eq!(error.field(), Some("!instanceof"));
    let json = with_record("").replace(r#""!superclasses": []"#, r#""!superclasses": ["C"]"#);
    let error = error_of(&json);
    assert_eq!(
        error.message(),
        "does not list the class `C`, which records derive from"
    );
}

#[test]
fn unknown_bang_entries_are_skipped() {
    let json = with_record(r#", "!future": {"anything": [1]}"#)
        .replace("\"!instanceof\"", "\"!newer\": 3, \"!instanceof\"");
    let records = Records::from_dump_json_str(&json).unwrap();
    assert!(records.get("R").unwrap().fields.is_empty());
}
