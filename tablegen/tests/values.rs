//! Each kind of value, read from the fixtures' JSON, has the expected `Value` and
//! accessors; the record model's lookups work.

mod common;

use common::read_fixture;
use tablegen::{Bit, Records, SourceLoc, Value};

fn field<'a>(records: &'a Records, record: &str, field: &str) -> &'a Value {
    let record = records
        .get(record)
        .unwrap_or_else(|| panic!("no record {record}"));
    record
        .field(field)
        .unwrap_or_else(|| panic!("no field {field}"))
}

#[test]
fn unset_int_and_bit() {
    let records = read_fixture("basics");
    assert!(field(&records, "Circle", "Comment").is_unset());
    assert_eq!(field(&records, "Triangle", "Sides").as_int(), Some(3));
    // A bit comes as a JSON number: read as Int, still a bit to `as_bit`.
    let is_round = field(&records, "Circle", "IsRound");
    assert_eq!(is_round, &Value::Int(1));
    assert_eq!(is_round.as_bit(), Some(true));
    assert_eq!(field(&records, "Triangle", "Sides").as_bit(), None);
    let numbers = field(&records, "Collections", "Numbers").as_list().unwrap();
    assert_eq!(numbers[2].as_int(), Some(30_000_000_000));
}

#[test]
fn strings_and_code() {
    let records = read_fixture("basics");
    assert_eq!(field(&records, "Circle", "Name").as_str(), Some("circle"));
    // `code` comes as a plain JSON string.
    let area = field(&records, "Square", "Area");
    assert_eq!(area, &Value::String(" side * side ".to_owned()));
    let text = field(&records, "Quoting", "Text").as_str();
    assert_eq!(text, Some("tab\there \"quoted\" back\\slash"));
}

#[test]
fn bits_come_as_lists_bit_zero_first() {
    let records = read_fixture("basics");
    let opcode = field(&records, "Load", "Opcode");
    let bits = opcode.to_bits().unwrap();
    // 0b10100101, bit 0 first.
    let known: Vec<_> = bits.iter().map(|bit| bit.as_known().unwrap()).collect();
    assert_eq!(known, [true, false, true, false, false, true, false, true]);
    let partial = field(&records, "Load", "Partial").to_bits().unwrap();
    assert_eq!(
        partial,
        [Bit::Known(true), Bit::Unset, Bit::Unset, Bit::Known(false)]
    );
    // A list of strings is no bits.
    assert_eq!(field(&records, "Collections", "Names").to_bits(), None);
}

#[test]
fn bits_referring_to_bits_of_a_variable() {
    let records = read_fixture("basics");
    let word = field(&records, "Store", "Word").to_bits().unwrap();
    let reg_bit_0 = Value::VarBit {
        var: "reg".to_owned(),
        index: 0,
    };
    assert_eq!(word[3], Bit::Ref(Box::new(reg_bit_0)));
    assert_eq!(word[0], Bit::Known(true));
}

#[test]
fn lists_of_defs_and_nested_lists() {
    let records = read_fixture("basics");
    let shapes = field(&records, "Collections", "Shapes").as_list().unwrap();
    let names: Vec<_> = shapes.iter().map(|shape| shape.as_def().unwrap()).collect();
    assert_eq!(names, ["Circle", "Triangle", "Square"]);
    assert!(records.get(names[0]).unwrap().is_a("Shape"));
    let nested = field(&records, "Collections", "Nested").as_list().unwrap();
    assert_eq!(nested[1].as_list(), Some(&[][..]));
}

#[test]
fn dags_with_named_arguments() {
    let records = read_fixture("basics");
    let tree = field(&records, "Expression", "Tree").as_dag().unwrap();
    assert_eq!(tree.operator_def(), Some("add"));
    assert_eq!(tree.args.len(), 3);
    assert_eq!(tree.arg("rhs"), Some(&Value::Int(3)));
    let product = tree.arg("product").unwrap().as_dag().unwrap();
    assert_eq!(product.operator_def(), Some("mul"));
    assert_eq!(tree.args[2].name, None);
    assert_eq!(tree.args[2].value.as_str(), Some("note"));
    let unset = field(&records, "Expression", "Unset").as_dag().unwrap();
    assert!(unset.arg("hole").unwrap().is_unset());
    let empty = field(&records, "Expression", "Empty").as_dag().unwrap();
    assert!(empty.args.is_empty());
}

#[test]
fn anonymous_records() {
    let records = read_fixture("basics");
    let background = field(&records, "Palette", "Background").as_def().unwrap();
    let colour = records.get(background).unwrap();
    assert!(colour.anonymous);
    assert!(colour.is_a("Colour"));
    assert!(!records.get("Palette").unwrap().anonymous);
}

#[test]
fn unresolved_values() {
    let records = read_fixture("unresolved");
    let pending = records.get("Pending").unwrap();
    let count_again = pending.field("CountAgain").unwrap();
    assert_eq!(count_again, &Value::Var("Count".to_owned()));
    let title = pending.field("Title").unwrap();
    assert_eq!(
        title,
        &Value::Unevaluated("!strconcat(Label, \"!\")".to_owned())
    );
    let mode = pending.field("Mode").unwrap().to_bits().unwrap();
    assert_eq!(
        mode[1],
        Bit::Ref(Box::new(Value::Var("Enabled".to_owned())))
    );
    let call = pending.field("Call").unwrap().as_dag().unwrap();
    assert_eq!(call.arg("text"), Some(&Value::Var("Label".to_owned())));
    let keyword_fields: Vec<_> = pending.fields.iter().filter(|f| f.field_keyword).collect();
    assert_eq!(keyword_fields.len(), 7);
    assert!(
        !pending
            .fields
            .iter()
            .any(|f| f.name == "Count" && f.field_keyword)
    );
}

#[test]
fn superclasses_locations_and_class_index() {
    let records = read_fixture("multiclass");
    let add_64 = records.get("ADD_64").unwrap();
    assert_eq!(add_64.superclasses, ["Instruction"]);
    let def_line = SourceLoc {
        file: "multiclass.td".to_owned(),
        line: 11,
    };
    assert_eq!(add_64.locs[0], def_line);
    assert_eq!(add_64.locs.len(), 2);
    let instructions: Vec<_> = records.deriving("Instruction").map(|r| &r.name).collect();
    assert_eq!(
        instructions,
        [
            "ADD_32", "ADD_64", "Reg1", "Reg2", "Reg3", "SUB_32", "SUB_64"
        ]
    );
    assert_eq!(records.deriving("NoSuchClass").count(), 0);
    assert!(records.get("NoSuchRecord").is_none());
    assert_eq!(records.len(), 10);
}

#[test]
fn superclass_chain_keeps_llvm_tblgen_order() {
    let records = read_fixture("basics");
    let square = records.get("Square").unwrap();
    assert_eq!(square.superclasses, ["Shape", "Polygon"]);
    assert!(square.is_a("Shape") && square.is_a("Polygon") && !square.is_a("Colour"));
}

#[test]
fn records_made_by_hand_index_the_same() {
    let made = tablegen::Record {
        name: "Made".to_owned(),
        anonymous: false,
        superclasses: vec!["Base".to_owned()],
        fields: Vec::new(),
        locs: Vec::new(),
    };
    let records = Records::new(vec![made]);
    assert_eq!(records.deriving("Base").count(), 1);
    assert_eq!(records.get("Made").unwrap().name, "Made");
}
