//! The op's items read one at a time, as a custom parser reads its tokens, with the two
//! ways MLIR words a parse error: its own parser's (a wrong token, reported just after
//! the token before it) and the custom parser's (`custom op '<name>' ...`).

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};

use crate::diagnostic::Diagnostic;
use crate::report::{custom_op_error, item_range, wrong_token_at};
use mlir_types::Lowering;

/// How reading a piece of the op went.
pub(super) enum Step {
    Done,
    /// MLIR's parser stops here with these errors (the last one is why it stops).
    Failed(Vec<Diagnostic>),
    /// Something this reader does not model: it says nothing of the op.
    Unknown,
}

/// A step that failed with one error.
pub(super) fn failed(error: Diagnostic) -> Step {
    Step::Failed(vec![error])
}

/// Returns early unless the step read its piece.
macro_rules! read {
    ($step:expr) => {
        match $step {
            Step::Done => {}
            other => return other,
        }
    };
}
pub(super) use read;

pub(super) struct Reader<'a, 'l> {
    /// The op, whose result list a few parsers ask about.
    pub node: mlir_syntax::SyntaxNode,
    pub items: Vec<CustomOpItem>,
    pub next: usize,
    name: &'a str,
    pub name_range: TextRange,
    pub lowering: &'a mut Lowering<'l>,
}

impl<'a, 'l> Reader<'a, 'l> {
    pub fn new(op: &ast::CustomOp, name: &'a str, lowering: &'a mut Lowering<'l>) -> Option<Self> {
        let op_name = op
            .syntax()
            .children()
            .find(|c| c.kind() == SyntaxKind::OP_NAME)?;
        Some(Reader {
            node: op.syntax().clone(),
            items: op.items().collect(),
            next: 0,
            name,
            name_range: op_name.text_range(),
            lowering,
        })
    }
}

impl Reader<'_, '_> {
    /// The op's name.
    pub fn name(&self) -> &str {
        self.name
    }

    /// Does the op name its results (`%t = ...`)?
    pub fn has_result_list(&self) -> bool {
        self.node
            .children()
            .any(|c| c.kind() == SyntaxKind::OP_RESULT_LIST)
    }

    pub fn peek(&self) -> Option<&CustomOpItem> {
        self.items.get(self.next)
    }

    pub fn eat_token(&mut self, kind: SyntaxKind) -> bool {
        let found = self.peek().is_some_and(|i| i.is_token(kind));
        self.next += usize::from(found);
        found
    }

    /// Consumes an attribute dictionary (`{...}`) if one is next.
    pub fn eat_attr_dict(&mut self) -> bool {
        let found = matches!(
            self.peek(),
            Some(CustomOpItem::Attribute(ast::Attribute::Dict(_)))
        );
        self.next += usize::from(found);
        found
    }

    pub fn eat_keyword(&mut self, word: &str) -> bool {
        let found = self.peek().is_some_and(|i| i.is_keyword(word));
        self.next += usize::from(found);
        found
    }

    /// Where the item at `next` starts; `None` at the end of the op.
    pub fn here(&self) -> Option<TextRange> {
        self.peek().map(item_range)
    }

    /// Where the item before `next` ends (the op name's end before the first).
    pub fn end_of_previous(&self) -> TextSize {
        match self.next.checked_sub(1) {
            Some(previous) => item_range(&self.items[previous]).end(),
            None => self.name_range.end(),
        }
    }

    /// A wrong-token error of MLIR's own parser, just after what was read last.
    pub fn wrong_token(&self, message: &str) -> Diagnostic {
        plain_error(message, wrong_token_at(self.end_of_previous()))
    }

    /// `custom op '<name>' <message>` at `at`, as the custom parser's `emitError` words it.
    pub fn custom_error(&self, message: &str, at: TextRange) -> Diagnostic {
        custom_op_error(self.name, message, at)
    }

    /// `custom_error` at the op's name (the parser's `getNameLoc()`).
    pub fn name_error(&self, message: &str) -> Diagnostic {
        self.custom_error(message, self.name_range)
    }

    /// `%a, %b, ...` without a delimiter (MLIR's `parseOperandList`), consumed: how many;
    /// `None` if a comma is not followed by a value.
    pub fn value_list(&mut self) -> Option<usize> {
        let mut count = 0;
        while matches!(self.peek(), Some(CustomOpItem::ValueUse(_))) {
            self.next += 1;
            count += 1;
            if !self.eat_token(SyntaxKind::COMMA) {
                return Some(count);
            }
        }
        (count == 0).then_some(0)
    }

    /// A group of comma-separated values with this delimiter, consumed; how many.
    pub fn value_group(&mut self, delimiter: GroupDelimiter) -> Option<usize> {
        let Some(CustomOpItem::Group(group)) = self.peek() else {
            return None;
        };
        if group.delimiter() != delimiter || !group.is_closed() {
            return None;
        }
        let mut count = 0;
        for (i, item) in group.items().enumerate() {
            let fits = match item {
                CustomOpItem::ValueUse(_) => i % 2 == 0,
                ref token => i % 2 == 1 && token.is_token(SyntaxKind::COMMA),
            };
            if !fits {
                return None;
            }
            count += usize::from(i % 2 == 0);
        }
        self.next += 1;
        Some(count)
    }

    /// A function type the parser kept as items, `(ins) -> outs` or `(ins) -> out`,
    /// consumed: its inputs and results. `None` (nothing consumed) if the items there are
    /// not one.
    pub fn function_type(&mut self) -> Option<(Vec<CustomOpItem>, Vec<CustomOpItem>)> {
        let Some(CustomOpItem::Group(inputs)) = self.items.get(self.next) else {
            return None;
        };
        if inputs.delimiter() != GroupDelimiter::Paren || !inputs.is_closed() {
            return None;
        }
        if !self
            .items
            .get(self.next + 1)
            .is_some_and(|i| i.is_token(SyntaxKind::ARROW))
        {
            return None;
        }
        let results = match self.items.get(self.next + 2)? {
            CustomOpItem::Group(g) if g.delimiter() == GroupDelimiter::Paren && g.is_closed() => {
                types_of(g)?
            }
            ty @ CustomOpItem::Type(_) => vec![ty.clone()],
            _ => return None,
        };
        let inputs = types_of(inputs)?;
        self.next += 3;
        Some((inputs, results))
    }
}

/// The types of a parenthesised type list; `None` if it holds anything else.
fn types_of(group: &ast::Group) -> Option<Vec<CustomOpItem>> {
    let mut types = Vec::new();
    for (i, item) in group.items().enumerate() {
        match item {
            ty @ CustomOpItem::Type(_) if i % 2 == 0 => types.push(ty),
            ref comma if i % 2 == 1 && comma.is_token(SyntaxKind::COMMA) => {}
            _ => return None,
        }
    }
    Some(types)
}

pub(super) fn plain_error(message: &str, at: TextRange) -> Diagnostic {
    Diagnostic::error("custom-syntax", message, at)
}

/// The text of a type as MLIR prints it back, when it is written without blanks (then
/// the two agree for the types these messages show).
pub(super) fn written_text(node: &mlir_syntax::SyntaxNode) -> Option<String> {
    let text = node.text().to_string();
    (!text.contains(char::is_whitespace)).then_some(text)
}
