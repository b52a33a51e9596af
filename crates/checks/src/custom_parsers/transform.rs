//! `transform.sequence`'s operands, as MLIR's `parseSequenceOpOperands` reads them: a root
//! value and extra bindings, a `:`, then the root's type and the bindings' types, in
//! parentheses or not. The parser wants a type for every binding, and says so at the op's
//! name.

use mlir_syntax::SyntaxKind::{COLON, COMMA};
use mlir_syntax::ast::{CustomOpItem, GroupDelimiter};

use super::reader::{Reader, Step, failed};

/// `[%root [, %extra ...] : [(] type [, types] [)]] ...`.
pub(super) fn sequence(r: &mut Reader<'_, '_>) -> Step {
    // The root and the extra bindings.
    let bindings = match r.value_list() {
        Some(0 | 1) => return Step::Done,
        Some(values) => values - 1,
        None => return Step::Unknown,
    };
    if !r.eat_token(COLON) {
        return Step::Unknown;
    }
    let types: Vec<CustomOpItem> = match r.peek() {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => {
            if !group.is_closed() {
                return Step::Unknown;
            }
            group.items().collect()
        }
        _ => r.items[r.next..].to_vec(),
    };
    // The root's type, then the bindings' (a missing `,` is another error of MLIR's).
    match leading_types(&types) {
        Some(count) if count >= 2 && count - 1 != bindings => {
            failed(r.name_error("expected types to be provided for all operands"))
        }
        Some(count) if count >= 2 => Step::Done,
        _ => Step::Unknown,
    }
}

/// How many types `items` start with, separated by commas (MLIR's `parseTypeList` after
/// the first); `None` where no type stands first or after a comma.
fn leading_types(items: &[CustomOpItem]) -> Option<usize> {
    let mut items = items.iter();
    let mut count = 0;
    loop {
        if !matches!(items.next(), Some(CustomOpItem::Type(_))) {
            return None;
        }
        count += 1;
        if !items.next().is_some_and(|comma| comma.is_token(COMMA)) {
            return Some(count);
        }
    }
}
