//! Tests of incremental reparsing: focused cases for each way it can go, and random edits
//! over the parser's fixtures checked against parsing the whole new text.

use std::path::Path;

use super::*;
use crate::parse;

/// Applies `edit` to `text` both ways and checks that they agree; returns the way taken.
fn check(text: &str, edit: &TextEdit) -> ReparseKind {
    let old = parse(text);
    let (new, kind) = reparse_with_kind(&old, edit);
    let mut new_text = text.to_string();
    edit.apply(&mut new_text);
    let full = parse(&new_text);
    assert_eq!(
        new.debug_dump(),
        full.debug_dump(),
        "edit {edit:?} of {text:?}"
    );
    assert_eq!(new, full, "edit {edit:?} of {text:?}");
    kind
}

/// An edit replacing the first occurrence of `find` in `text` with `with`.
fn replace_first(text: &str, find: &str, with: &str) -> TextEdit {
    let at = text.find(find).expect("text to replace");
    let range = TextRange::at(TextSize::new(at as u32), TextSize::of(find));
    TextEdit::replace(range, with)
}

const FUNCS: &str = "\
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g() {
  \"test.op\"() ({
    \"test.inner\"() : () -> ()
  }) : () -> ()
  return
}
";

#[test]
fn edit_in_a_function_body_reparses_only_that_body() {
    let edit = replace_first(FUNCS, "arith.addi", "arith.muli");
    let kind = check(FUNCS, &edit);
    let body_start = FUNCS.find("{\n  %0").unwrap() as u32;
    let body_end = FUNCS.find("}\nfunc.func @g").unwrap() as u32 + 1;
    let range = TextRange::new(body_start.into(), body_end.into());
    assert_eq!(kind, ReparseKind::Region(range));
}

#[test]
fn edit_in_a_generic_region_reparses_that_region() {
    let edit = replace_first(FUNCS, "test.inner", "test.other.inner");
    let ReparseKind::Region(range) = check(FUNCS, &edit) else {
        panic!("expected a region reparse");
    };
    let mut text = FUNCS.to_string();
    edit.apply(&mut text);
    assert!(text[range].starts_with("{\n    \"test.other.inner\""));
}

#[test]
fn edit_that_unbalances_braces_reparses_everything() {
    let edit = replace_first(FUNCS, "return %0", "{ return %0");
    assert_eq!(check(FUNCS, &edit), ReparseKind::Full);
}

#[test]
fn edit_outside_every_region_reparses_everything() {
    let edit = replace_first(FUNCS, "@g", "@h");
    assert_eq!(check(FUNCS, &edit), ReparseKind::Full);
}

#[test]
fn edit_of_a_region_brace_moves_to_the_enclosing_region() {
    // Deleting the inner region's `{` leaves the outer region balanced only if its `}`
    // goes too; deleting both reparses the function body around them.
    let start = FUNCS.find("({").unwrap() + 1;
    let end = FUNCS.find("})").unwrap() + 1;
    let range = TextRange::new((start as u32).into(), (end as u32).into());
    let kind = check(FUNCS, &TextEdit::replace(range, "{}"));
    let ReparseKind::Region(range) = kind else {
        panic!("expected a region reparse, got {kind:?}");
    };
    assert!(range.start() < TextSize::new(start as u32));
}

#[test]
fn custom_op_brace_that_becomes_a_dictionary_is_not_reparsed_as_a_region() {
    // `test.op {x = 1}` is a dictionary, `test.op {x}` with a space a region.
    let text = "module {\n  test.op { x }\n}\n";
    let edit = replace_first(text, " x ", "x = 1");
    let kind = check(text, &edit);
    let ReparseKind::Region(range) = kind else {
        panic!("expected the module's region, got {kind:?}");
    };
    assert_eq!(range.start(), TextSize::new(7));
}

#[test]
fn new_errors_inside_a_region_are_reported() {
    let edit = replace_first(FUNCS, "%a, %a", "%a %a");
    assert!(matches!(check(FUNCS, &edit), ReparseKind::Region(_)));
    let edit = replace_first(FUNCS, "i32\n  return", "i32 \"unterminated\n  return");
    assert!(matches!(check(FUNCS, &edit), ReparseKind::Region(_)));
}

#[test]
fn errors_after_the_region_move_with_the_edit() {
    let text = "func.func @f() {\n  return\n}\n\"bad\"(%x %y) : () -> ()\n";
    let edit = replace_first(text, "return", "return // longer now");
    assert!(matches!(check(text, &edit), ReparseKind::Region(_)));
}

#[test]
fn split_marker_typed_into_a_region_ends_it() {
    let edit = replace_first(FUNCS, "  return %0", "// -----\n  return %0");
    assert_eq!(check(FUNCS, &edit), ReparseKind::Full);
}

/// The parser reports one error per place, checking each against the last one found; the
/// lexer's errors, found first, take part. Here the duplicate key's error and the lexer's
/// unterminated-string error are at the same place, so the duplicate key is reported only
/// while the string is the file's last lexer error.
#[test]
fn one_error_per_place_is_redone_around_the_region() {
    let text = "\"t.op\"() {\"k\n, \"k\n} : () -> ()\n\"r\"() ({\n  \"a\"() {s = \"oops\n} : () -> ()\n}) : () -> ()\n";
    let close_string = replace_first(text, "\"oops", "\"oops\"");
    assert!(matches!(check(text, &close_string), ReparseKind::Region(_)));
    let mut closed = text.to_string();
    close_string.apply(&mut closed);
    let open_string = replace_first(&closed, "\"oops\"", "\"oops");
    assert!(matches!(check(&closed, &open_string), ReparseKind::Full));
    // The same after the region: fixing the region's error makes the string the last
    // error before the duplicate key, which must go.
    let text = "\"r\"() ({\n  \"a\"(%x %y) : () -> ()\n}) : () -> ()\n\"t.op\"() {\"k\n, \"k\n} : () -> ()\n";
    let fix = replace_first(text, "%x %y", "%x, %y");
    assert!(matches!(check(text, &fix), ReparseKind::Region(_)));
    let mut fixed = text.to_string();
    fix.apply(&mut fixed);
    let break_again = replace_first(&fixed, "%x, %y", "%x %y");
    assert_eq!(check(&fixed, &break_again), ReparseKind::Full);
}

#[test]
fn a_region_that_was_cut_short_is_not_reparsed_alone() {
    let text = "func.func @f() {\n  return\n";
    let edit = replace_first(text, "return", "return ");
    assert_eq!(check(text, &edit), ReparseKind::Full);
}

#[test]
fn near_the_error_cap_everything_is_reparsed() {
    let broken = |n: usize| "  \"x\"(%a %b) : () -> ()\n".repeat(n);
    let text = format!("\"r\"() ({{\n{}}}) : () -> ()\n", broken(1100));
    let edit = replace_first(&text, "%a %b", "%a, %b");
    assert_eq!(check(&text, &edit), ReparseKind::Full);
    let text = format!("\"r\"() ({{\n{}}}) : () -> ()\n", broken(995));
    let edit = replace_first(&text, "  \"x\"", &broken(10));
    assert_eq!(check(&text, &edit), ReparseKind::Full);
}

/// Regions nested `depth` deep, innermost holding an op with a nested type.
fn nested_regions(depth: usize) -> String {
    let open = "\"t.op\"() ({\n".repeat(depth);
    let close = "}) : () -> ()\n".repeat(depth);
    format!("{open}\"t.leaf\"() : () -> (tuple<tuple<i32>>)\n{close}")
}

#[test]
fn nesting_limit_is_the_same_in_a_reparsed_region() {
    for depth in [250, 253, 254, 255] {
        let text = nested_regions(depth);
        let edit = replace_first(&text, "t.leaf", "t.leaf2");
        let kind = check(&text, &edit);
        assert!(matches!(kind, ReparseKind::Region(_)), "{depth}: {kind:?}");
    }
}

/// xorshift64*: a small deterministic generator, so failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Pieces of MLIR (and of broken MLIR) that random edits insert.
const SNIPPETS: &[&str] = &[
    "",
    " ",
    "\n",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    "\"",
    "%",
    "^",
    "#",
    "!",
    "@",
    ":",
    ",",
    "=",
    "->",
    "x",
    "0",
    "0x1",
    "é",
    "\\",
    "{-#",
    "#-}",
    "// c\n",
    "// -----\n",
    "%a",
    "%b#1",
    "^bb1",
    "^bb2(%z: i32):\n",
    "i32",
    "f32",
    "tensor<4x?xf32>",
    "vector<[4]xi8>",
    "loc(\"f\":1:2)",
    "{a = 1}",
    "{}",
    "attributes",
    "@sym::@n",
    "dense<[1, 2]>",
    "\"t.op\"() : () -> ()\n",
    "\"t.r\"() ({\n}) : () -> ()\n",
    "arith.addi %a, %b : i32\n",
    "scf.yield\n",
    "%r = test.op %a {\n ^bb0:\n}\n",
    "affine_map<(d0) -> (d0)>",
    "\"unterminated\n",
    "!d.t<{>",
    "(%x : i32)",
    "{%d0}",
];

/// A random edit of `text`: a short deletion and a snippet, at a random place or (three
/// times in four) inside a random region of `tree`, and whether it went inside a region.
fn random_edit(rng: &mut Rng, text: &str, tree: &SyntaxNode) -> (TextEdit, bool) {
    let regions: Vec<TextRange> = tree
        .descendants()
        .filter(|node| node.kind() == REGION)
        .map(|node| node.text_range())
        .collect();
    let (mut low, mut high) = (0, text.len());
    let in_region = !regions.is_empty() && rng.below(4) > 0;
    if in_region {
        let region = regions[rng.below(regions.len())];
        (low, high) = (
            usize::from(region.start()) + 1,
            usize::from(region.end()) - 1,
        );
    }
    let start = floor_boundary(text, low + rng.below(high.saturating_sub(low) + 1)).max(low);
    let end = floor_boundary(text, (start + rng.below(9)).min(high)).max(start);
    let range = TextRange::new((start as u32).into(), (end as u32).into());
    let edit = TextEdit::replace(range, SNIPPETS[rng.below(SNIPPETS.len())]);
    (edit, in_region)
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn fixture_texts() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/syntax");
    let mut texts = Vec::new();
    for sub in ["ok", "err", "inline/ok", "inline/err"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))
            .expect("fixture dir")
            .map(|entry| entry.expect("dir entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "mlir"))
            .collect();
        paths.sort();
        texts.extend(
            paths
                .iter()
                .map(|p| std::fs::read_to_string(p).expect("fixture")),
        );
    }
    texts.extend([FUNCS.to_string(), nested_regions(4)]);
    texts
}

/// Chains of random edits over every fixture: after each, the reparse must equal a full
/// parse of the new text. Most edits land in regions, so both ways get exercised.
#[test]
fn random_edits_match_full_parses() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut reparsed, mut in_regions) = (0, 0);
    for text in fixture_texts() {
        for _chain in 0..8 {
            let mut text = text.clone();
            let mut current = parse(&text);
            for _step in 0..10 {
                let (edit, in_region) = random_edit(&mut rng, &text, &current.syntax_node());
                let (next, kind) = reparse_with_kind(&current, &edit);
                edit.apply(&mut text);
                let full = parse(&text);
                if next != full {
                    // The dumps show where the two differ.
                    assert_eq!(next.debug_dump(), full.debug_dump(), "{edit:?}\n{text}");
                    assert_eq!(next, full, "{edit:?}\n{text}");
                }
                if in_region {
                    reparsed += usize::from(matches!(kind, ReparseKind::Region(_)));
                    in_regions += 1;
                }
                current = next;
            }
        }
    }
    let enough = reparsed * 3 > in_regions;
    assert!(
        enough,
        "{reparsed} of {in_regions} edits in regions reparsed a region"
    );
}
