//! Go to a location written in the IR: `loc("file.mlir":12:3)` (also inside `callsite(...)`
//! and `fused[...]`, and through a `#loc` alias) points at a place in another file.

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextSize};

/// A place a location names: the file as written (maybe relative), 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationTarget {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// The `"file":line:col` location at the cursor, or the one a `#loc` alias at the cursor
/// stands for (its first file location).
pub fn location_target(root: &SyntaxNode, offset: TextSize) -> Option<LocationTarget> {
    let token = root.token_at_offset(offset).right_biased()?;
    if let Some(loc) = token
        .parent_ancestors()
        .find(|n| n.kind() == FILE_LINE_COL_LOC)
    {
        return file_line_col(&loc);
    }
    let alias = token
        .parent_ancestors()
        .find(|n| n.kind() == ATTR_ALIAS_REF)?;
    let in_location = alias.ancestors().any(|n| n.kind() == LOCATION);
    let name = alias.first_token()?.text().to_string();
    let definition = root
        .children()
        .filter(|n| n.kind() == ATTR_ALIAS_DEF)
        .find(|d| d.first_token().is_some_and(|t| t.text() == name))?;
    let loc = definition
        .descendants()
        .find(|n| n.kind() == FILE_LINE_COL_LOC)?;
    in_location.then(|| file_line_col(&loc)).flatten()
}

pub(crate) fn file_line_col(loc: &SyntaxNode) -> Option<LocationTarget> {
    let mut tokens = loc
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia());
    let file = mlir_syntax::ast::string_value(tokens.next().filter(|t| t.kind() == STRING)?.text());
    let numbers: Vec<u32> = tokens
        .filter(|t| t.kind() == INT_NUMBER)
        .filter_map(|t| t.text().parse().ok())
        .collect();
    let line = *numbers.first()?;
    Some(LocationTarget {
        file,
        line,
        column: numbers.get(1).copied().unwrap_or(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(fixture: &str) -> Option<LocationTarget> {
        let offset = TextSize::new(fixture.find("$0").unwrap() as u32);
        let text = fixture.replace("$0", "");
        location_target(&mlir_syntax::parse(&text).syntax_node(), offset)
    }

    #[test]
    fn file_locations_direct_nested_and_aliased() {
        let direct = "\"t.op\"() : () -> () loc(\"a/b.mlir\":1$02:3)\n";
        assert_eq!(
            target(direct),
            Some(LocationTarget {
                file: "a/b.mlir".into(),
                line: 12,
                column: 3
            })
        );
        let nested = "\"t.op\"() : () -> () loc(callsite(\"f\" at \"x.cc\":$07:1))\n";
        assert_eq!(target(nested).unwrap().file, "x.cc");
        let aliased = "#loc = loc(\"y.mlir\":4:2)\n\"t.op\"() : () -> () loc(#l$0oc)\n";
        assert_eq!(
            target(aliased),
            Some(LocationTarget {
                file: "y.mlir".into(),
                line: 4,
                column: 2
            })
        );
        assert_eq!(target("\"t.$0op\"() : () -> ()\n"), None);
    }
}
