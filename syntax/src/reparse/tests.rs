//! Tests of incremental reparsing and revalidation: focused cases for each way they can go,
//! and random edits over the parser's and validation's fixtures checked against parsing
//! (and validating) the whole new text.

use std::path::Path;

use super::*;
use crate::parse;

/// Applies `edit` to `text` both ways and checks that they agree; returns the way taken.
fn check(text: &str, edit: &TextEdit) -> ReparseKind {
    check_traced(text, edit).0
}

/// `check`, also returning what was validated again.
fn check_traced(text: &str, edit: &TextEdit) -> (ReparseKind, Validated) {
    let old = parse(text);
    let (new, kind, validated) = reparse_traced(&old, edit);
    let mut new_text = text.to_string();
    edit.apply(&mut new_text);
    let full = parse(&new_text);
    assert_eq!(
        new.debug_dump(),
        full.debug_dump(),
        "edit {edit:?} of {text:?}"
    );
    assert_eq!(new, full, "edit {edit:?} of {text:?}");
    (kind, validated)
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

/// Asserts that `edit` of `text` reparses a region and validates only that region again.
#[track_caller]
fn check_region_validated(text: &str, edit: &TextEdit) {
    let (kind, validated) = check_traced(text, edit);
    assert!(matches!(kind, ReparseKind::Region(_)), "{kind:?}");
    assert_eq!(validated, Validated::Region);
}

/// An edit replacing the last occurrence of `find` in `text` with `with`.
fn replace_last(text: &str, find: &str, with: &str) -> TextEdit {
    let at = text.rfind(find).expect("text to replace");
    let range = TextRange::at(TextSize::new(at as u32), TextSize::of(find));
    TextEdit::replace(range, with)
}

/// The messages of a full parse's errors.
fn messages(text: &str) -> Vec<String> {
    parse(text)
        .errors()
        .iter()
        .map(|e| e.message.clone())
        .collect()
}

/// Validation errors on the region's `{` (from the type before it), on its `}` (from the
/// type in it) and after it.
const AROUND: &str = "\
test.op : tensor<*xf32, \"e\"> {
  \"t.a\"() : () -> ()
  test.inner : tensor<*xf32, \"e\">
}
\"t.b\"() {a = 256 : i8} : () -> ()
";

#[test]
fn validation_errors_around_a_region_are_kept_or_moved() {
    assert_eq!(messages(AROUND).len(), 3);
    check_region_validated(AROUND, &replace_first(AROUND, "t.a", "t.longer"));
    check_region_validated(AROUND, &replace_first(AROUND, "t.a", "a"));
    check_region_validated(AROUND, &replace_last(AROUND, "*xf32", "4xf32"));
    let edit = replace_first(
        AROUND,
        "() -> ()\n",
        "() -> ()\n  \"t.c\"() {a = 1.5 : i32} : () -> ()\n",
    );
    check_region_validated(AROUND, &edit);
}

/// The same alias names standing for different types in two chunks, used inside regions.
const ALIASES: &str = "\
!t = i8
#m = affine_map<(d0) -> (d0)>
func.func @f() {
  \"t.op\"() {a = 300 : !t, b = dense<[1, 2]> : tensor<3x!t>} : () -> (memref<4xf32, #m>)
  return
}
// -----
!t = i32
#m = affine_map<(d0, d1) -> (d0)>
func.func @g() {
  \"t.op\"() {a = 300 : !t} : () -> (memref<4xf32, #m>)
  return
}
";

#[test]
fn aliases_used_in_a_region_resolve_in_its_chunk() {
    assert_eq!(messages(ALIASES).len(), 3, "{:?}", messages(ALIASES));
    check_region_validated(ALIASES, &replace_first(ALIASES, "300", "100"));
    check_region_validated(ALIASES, &replace_first(ALIASES, "[1, 2]", "[1, 2, 3]"));
    check_region_validated(ALIASES, &replace_last(ALIASES, "300", "3000000000000"));
    check_region_validated(ALIASES, &replace_last(ALIASES, "#m>", "#m>, f16"));
    check_region_validated(
        ALIASES,
        &replace_last(ALIASES, "return", "\"t.x\"() {x = 2 : !t} : () -> ()"),
    );
}

/// A split marker inside a region (in an attribute dictionary spanning lines): the uses
/// after it are in the next chunk.
const MARKER_IN_REGION: &str = "\
!t = i8
\"r\"() ({
  \"t.op\"() {a = 300 : !t,
// -----
  b = 300 : !t} : () -> ()
}) : () -> ()
!t = i32
\"t.after\"() {c = 300 : !t} : () -> ()
";

#[test]
fn split_markers_in_a_region_keep_or_redo_the_chunks() {
    assert_eq!(messages(MARKER_IN_REGION).len(), 1);
    check_region_validated(
        MARKER_IN_REGION,
        &replace_first(MARKER_IN_REGION, "a = 300", "a = 3"),
    );
    check_region_validated(
        MARKER_IN_REGION,
        &replace_first(MARKER_IN_REGION, "b = 300", "b = 3000000000000"),
    );
    // Without the marker both `!t` are in one chunk: defined twice, they resolve to nothing
    // and `c` after the region changes chunk, so the whole tree is validated again.
    let edit = replace_first(MARKER_IN_REGION, "// -----", "// ----");
    let (kind, validated) = check_traced(MARKER_IN_REGION, &edit);
    assert!(matches!(kind, ReparseKind::Region(_)), "{kind:?}");
    assert_eq!(validated, Validated::Tree);
    let edit = replace_first(MARKER_IN_REGION, "  b = ", "// -----\n  b = ");
    assert_eq!(check_traced(MARKER_IN_REGION, &edit).1, Validated::Tree);
}

#[test]
fn at_the_validation_error_cap_the_whole_tree_is_validated() {
    let bad = "\"t.op\"() {a = 256 : i8} : () -> ()\n";
    let region = |ops: &str| format!("\"r\"() ({{\n{ops}}}) : () -> ()\n");
    // Full: the first 1000 errors are kept, and which were dropped is not known.
    let text = format!("{}{}", bad.repeat(1000), region(bad));
    let edit = replace_last(&text, "256", "255");
    assert_eq!(check_traced(&text, &edit).1, Validated::Tree);
    // Reaching the cap: errors after the region are dropped as a full validation would.
    let text = format!("{}{}", region("  \"t.ok\"() : () -> ()\n"), bad.repeat(998));
    let edit = replace_first(&text, "  \"t.ok\"", &format!("{}  \"t.ok\"", bad.repeat(3)));
    check_region_validated(&text, &edit);
    assert_eq!(messages(&text).len() + 3, 1001);
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
    // Validation: values out of range, shapes, layouts, and alias uses and definitions.
    "256 : i8",
    "1.5 : i32",
    " : !t",
    "!t",
    "#m",
    "!t = i8\n",
    "#m = affine_map<(d0, d1) -> (d0)>\n",
    "{a = 300 : !t}",
    "tensor<*xf32, \"e\">",
    "memref<4xf32, #m>",
    "dense<[1, 2]> : tensor<3x!t>",
    "array<i8: 1, 256>",
    "affine_map<(d0) -> (d0 * d0)>",
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
    texts.extend([AROUND, ALIASES, MARKER_IN_REGION].map(String::from));
    texts
}

/// Texts with validation errors and alias uses inside regions: the validation fixtures in
/// pieces of a few `// -----` chunks each (whole, they are slow to parse again and again
/// in a debug build), with their ops moved into regions, and this file's examples.
fn validation_texts() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../test-data/syntax/verify");
    let mut texts = Vec::new();
    for name in ["validation.mlir", "types_and_attributes.mlir"] {
        let text = std::fs::read_to_string(root.join(name)).expect("fixture");
        let chunks: Vec<&str> = text.split("// -----\n").collect();
        texts.extend(
            chunks
                .chunks(6)
                .map(|piece| in_regions(&piece.join("// -----\n"))),
        );
    }
    texts.extend([AROUND, ALIASES, MARKER_IN_REGION].map(String::from));
    texts
}

/// `text` with each op at the top level (a line starting with `"` or `%`) moved into a
/// region of its own, so that its validation errors, and its uses of the chunk's aliases,
/// are inside a region.
fn in_regions(text: &str) -> String {
    let wrap = |line: &str| match line.starts_with(['"', '%']) {
        true => format!("\"t.r\"() ({{\n  {line}\n}}) : () -> ()\n"),
        false => format!("{line}\n"),
    };
    text.lines().map(wrap).collect()
}

/// What the random edits of `random_chains` did.
#[derive(Default)]
struct Stats {
    /// Edits inside a region, and those of them that reparsed a region.
    in_regions: usize,
    reparsed: usize,
    /// Edits that reparsed a region, those that validated only that region again, and
    /// those of them after which the tree had validation errors.
    region_reparses: usize,
    revalidated: usize,
    revalidated_with_errors: usize,
}

/// Runs `chains` chains of `steps` random edits from each of `texts`: after each, the
/// reparse must equal a full parse of the new text, validation errors included.
fn random_chains(texts: &[String], chains: usize, steps: usize, rng: &mut Rng) -> Stats {
    let mut stats = Stats::default();
    for text in texts {
        for _chain in 0..chains {
            let mut text = text.clone();
            let mut current = parse(&text);
            for _step in 0..steps {
                let (edit, in_region) = random_edit(rng, &text, &current.syntax_node());
                let (next, kind, validated) = reparse_traced(&current, &edit);
                edit.apply(&mut text);
                let full = parse(&text);
                if next != full {
                    // The dumps show where the two differ.
                    assert_eq!(next.debug_dump(), full.debug_dump(), "{edit:?}\n{text}");
                    assert_eq!(next, full, "{edit:?}\n{text}");
                }
                stats.count(in_region, kind, validated, &next);
                current = next;
            }
        }
    }
    stats
}

impl Stats {
    fn count(&mut self, in_region: bool, kind: ReparseKind, validated: Validated, new: &Parse) {
        self.in_regions += usize::from(in_region);
        if let ReparseKind::Region(_) = kind {
            self.reparsed += usize::from(in_region);
            self.region_reparses += 1;
            if validated == Validated::Region {
                self.revalidated += 1;
                self.revalidated_with_errors += usize::from(!new.checked.errors.is_empty());
            }
        }
    }
}

/// A shaped type at a line start begins an op after a type and continues one after a
/// separator or a keyword (`custom_op::type_after_type`): edits of the line before decide
/// which, and the reparse must decide it as the full parse does.
#[test]
fn edits_deciding_whether_a_type_starts_an_op_match_full_parses() {
    let text = "func.func @f(%a: index) {\n  %0 = arith.addi %a, %a : index\n  \
        tensor<4xf32>\n  return\n}\n";
    for (find, with) in [
        (": index\n", ": index,\n"),
        (": index\n", ": index =>\n"),
        (": index\n", ": index to\n"),
        ("tensor<4", "tensor<8"),
        ("index\n  tensor", "index\n  memref"),
        ("tensor<4xf32>", "tensor<4xf32"),
    ] {
        check(text, &replace_first(text, find, with));
    }
    let continued = text.replace(": index\n", ": index to\n");
    check(&continued, &replace_first(&continued, " to\n", "\n"));
}

/// Chains of random edits over every fixture. Most edits land in regions, so both ways
/// of parsing get exercised, and most region reparses validate only the region again.
#[test]
fn random_edits_match_full_parses() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let stats = random_chains(&fixture_texts(), 8, 10, &mut rng);
    let (reparsed, in_regions) = (stats.reparsed, stats.in_regions);
    assert!(
        reparsed * 3 > in_regions,
        "{reparsed} of {in_regions} edits in regions reparsed a region"
    );
    let (revalidated, region_reparses) = (stats.revalidated, stats.region_reparses);
    assert!(
        revalidated * 10 > region_reparses * 9,
        "{revalidated} of {region_reparses} region reparses validated only the region"
    );
}

/// Longer chains over the fixtures with validation errors and alias uses in regions, so
/// that revalidation keeps, moves, drops and adds errors many times.
#[test]
fn random_edits_match_full_validations() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let stats = random_chains(&validation_texts(), 6, 10, &mut rng);
    let (with_errors, revalidated) = (stats.revalidated_with_errors, stats.revalidated);
    assert!(
        with_errors * 2 > revalidated,
        "{with_errors} of {revalidated} revalidations had validation errors"
    );
}

/// Edits reparsed together give the full parse of the final text, piece by piece while
/// each stays in a region, else whole, once.
#[test]
fn edits_at_once_reparse_piecewise_or_parse_the_final_text_once() {
    let text = "func.func @f() {\n  %0 = arith.constant 1 : i32\n  return\n}\n";
    let old = parse(text);
    let at = |needle: &str| TextSize::new(text.find(needle).unwrap() as u32);
    let digit = TextEdit::replace(TextRange::at(at("1 :"), 1.into()), "2");
    let mut once = text.to_string();
    digit.apply(&mut once);
    let (tree, whole) = reparse_edits(&old, std::slice::from_ref(&digit), &once);
    assert!(!whole);
    assert_eq!(tree.debug_dump(), parse(&once).debug_dump());
    // A brace that unbalances the file cannot be reparsed in a region: the rest of the
    // edits are not tried one by one, the final text is parsed.
    let brace = TextEdit::insert(at("func.func"), "}");
    let mut edits = vec![brace];
    for _ in 0..3 {
        edits.push(TextEdit::insert(0.into(), " "));
    }
    let mut last = text.to_string();
    for edit in &edits {
        edit.apply(&mut last);
    }
    let (tree, whole) = reparse_edits(&old, &edits, &last);
    assert!(whole);
    assert_eq!(tree.debug_dump(), parse(&last).debug_dump());
    // Too many edits at once are not reparsed one by one either.
    let many = vec![TextEdit::insert(0.into(), ""); MAX_PIECEWISE_EDITS + 1];
    let (tree, whole) = reparse_edits(&old, &many, text);
    assert!(whole);
    assert_eq!(tree.debug_dump(), old.debug_dump());
}
