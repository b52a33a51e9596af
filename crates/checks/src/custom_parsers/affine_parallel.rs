//! `affine.parallel`'s reductions: its custom parser reads each `reduce` string as an
//! `arith::AtomicRMWKind` and rejects one that names none.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{AstNode, CustomOpItem, GroupDelimiter};

use super::reader::{Reader, Step, failed};

/// The cases of MLIR's `arith::AtomicRMWKind`, as written.
const KINDS: &[&str] = &[
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf",
    "muli", "ori", "andi", "maxnumf", "minnumf", "xori",
];

/// `... reduce ("addf", ...) -> (types) {...}`: the first string that is no kind.
pub(super) fn reductions(r: &mut Reader<'_, '_>) -> Step {
    let Some(at) = r.items.iter().position(|i| i.is_keyword("reduce")) else {
        return Step::Done;
    };
    let Some(CustomOpItem::Group(group)) = r.items.get(at + 1) else {
        return Step::Unknown;
    };
    if group.delimiter() != GroupDelimiter::Paren {
        return Step::Unknown;
    }
    for item in group.items() {
        if item.is_token(SyntaxKind::COMMA) {
            continue;
        }
        let CustomOpItem::Attribute(attr) = item else {
            return Step::Unknown;
        };
        let text = attr.syntax().text().to_string();
        // Only a plain string reads back as written (MLIR prints the string it read).
        let Some(kind) = text
            .strip_prefix('"')
            .and_then(|t| t.strip_suffix('"'))
            .filter(|k| !k.contains(['\\', '"']))
        else {
            return Step::Unknown;
        };
        if !KINDS.contains(&kind) {
            let message = format!("invalid reduction value: {text}");
            return failed(r.custom_error(&message, attr.syntax().text_range()));
        }
    }
    Step::Done
}
