//! `GreenPath` of `mlir-lexer` on parsed trees: the starts it works out on demand are the
//! cursors' ranges.

use crate::SyntaxNode;
use mlir_lexer::green_walk::{GreenPath, green_kind};
use mlir_lexer::{SyntaxKind, TextSize};

/// The start of every `every`th node as `GreenPath` works it out (the others' starts
/// are summed past, or not at all), asked before walking into the node or after.
fn starts(root: &SyntaxNode, every: usize) -> Vec<(SyntaxKind, TextSize)> {
    let green = root.green();
    let mut path = GreenPath::new(&green, root.text_range().start(), ());
    let mut found = Vec::new();
    let mut seen = 0;
    while let Some(child) = path.next_node() {
        seen += 1;
        let asked = seen % every == 0;
        if asked && seen % 2 == 0 {
            found.push((green_kind(child), path.last_child_start()));
        }
        path.push(child, ());
        if asked && seen % 2 == 1 {
            found.push((green_kind(child), path.start()));
        }
    }
    found
}

#[test]
fn starts_worked_out_on_demand_are_the_cursors_ranges() {
    let text = "#map = affine_map<(d0) -> (d0)>\n// -----\nfunc.func @f(%a: memref<4xf32, #map>) {\n  %0 = \"t.op\"(%a) {x = [1, [2, 3]]} : (memref<4xf32, #map>) -> i32\n  scf.if %c {\n    t.y %0 : i32\n  }\n  return\n}\n";
    let root = crate::parse(text).syntax_node();
    let cursors: Vec<(SyntaxKind, TextSize)> = root
        .descendants()
        .skip(1)
        .map(|n| (n.kind(), n.text_range().start()))
        .collect();
    for every in [1, 2, 3, 7] {
        let expected: Vec<_> = cursors
            .iter()
            .skip(every - 1)
            .step_by(every)
            .copied()
            .collect();
        assert_eq!(
            starts(&root, every),
            expected,
            "asking every {every}th node"
        );
    }
}
