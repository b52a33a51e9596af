//! Document links over fixtures: direct, nested and aliased locations, and text that
//! names no file.

use super::*;

/// Each link as `text -> file:line:column`.
fn links(text: &str) -> Vec<String> {
    let root = mlir_syntax::parse(text).syntax_node();
    document_links(&root)
        .iter()
        .map(|l| {
            let t = &l.target;
            format!("{} -> {}:{}:{}", &text[l.range], t.file, t.line, t.column)
        })
        .collect()
}

#[test]
fn file_locations_direct_nested_and_aliased() {
    let text = "\"t.op\"() : () -> () loc(\"a/b.mlir\":12:3)\n\"t.op\"() : () -> () loc(callsite(\"f\"(\"x.cc\":7:1) at fused[\"y.mlir\":2, unknown]))\n\"t.op\"() : () -> () loc(#loc1)\n#loc1 = loc(\"z.mlir\":4:2)\n";
    assert_eq!(
        links(text),
        [
            "\"a/b.mlir\" -> a/b.mlir:12:3",
            "\"x.cc\" -> x.cc:7:1",
            "\"y.mlir\" -> y.mlir:2:1",
            "#loc1 -> z.mlir:4:2",
            "\"z.mlir\" -> z.mlir:4:2",
        ]
    );
}

#[test]
fn no_links_without_a_file_location() {
    // A name location, an alias to an unknown location, an attribute alias not used
    // as a location, a broken location.
    let text = "#loc = loc(unknown)\n#map = affine_map<(d0) -> (d0)>\n\"t.op\"() {m = #map} : () -> () loc(\"name\")\n\"t.op\"() : () -> () loc(#loc)\n\"t.op\"() : () -> () loc(\"f.mlir\":)\n";
    assert_eq!(links(text), Vec::<String>::new());
}

#[test]
fn escaped_and_non_ascii_file_names() {
    let text = "\"t.op\"() : () -> () loc(\"d\\C3\\A9j\\E0.mlir\":1:1)\n\"t.op\"() : () -> () loc(\"\\FF.mlir\":1:1)\n";
    // Bytes that are no UTF-8 become U+FFFD: such a file is then simply not found.
    assert_eq!(
        links(text),
        [
            "\"d\\C3\\A9j\\E0.mlir\" -> d\u{e9}j\u{fffd}.mlir:1:1",
            "\"\\FF.mlir\" -> \u{fffd}.mlir:1:1"
        ]
    );
}
