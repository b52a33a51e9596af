//! Document links: every file location written in the IR (`loc("f.mlir":3:4)`, also
//! inside `callsite`/`fused` and in `#loc = loc(...)` definitions) links its file name to
//! the place, and every `#loc` alias used as a location links to the first file location
//! it stands for. Only the written file is returned: whether it exists, and where a
//! relative one is, the server decides (this crate never reads the disk).

use std::collections::HashMap;

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use super::locations::{LocationTarget, file_line_col};

/// A link: the text to underline and the place it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentLink {
    pub range: TextRange,
    pub target: LocationTarget,
}

/// The links of a file, in file order.
pub fn document_links(root: &SyntaxNode) -> Vec<DocumentLink> {
    let mut links = Vec::new();
    let mut aliases: HashMap<String, LocationTarget> = HashMap::new();
    for node in root.descendants() {
        match node.kind() {
            FILE_LINE_COL_LOC => links.extend(file_link(&node)),
            ATTR_ALIAS_DEF => {
                let name = node.first_token().map(|t| t.text().to_string());
                let target = node
                    .descendants()
                    .find(|n| n.kind() == FILE_LINE_COL_LOC)
                    .and_then(|loc| file_line_col(&loc));
                if let (Some(name), Some(target)) = (name, target) {
                    // The first definition wins, as for hover and definition.
                    aliases.entry(name).or_insert(target);
                }
            }
            _ => {}
        }
    }
    // Aliases may be defined after their uses (MLIR prints them at the end of the file).
    let uses = root
        .descendants()
        .filter(|n| n.kind() == ATTR_ALIAS_REF)
        .filter(|n| n.ancestors().any(|a| a.kind() == LOCATION));
    for alias in uses {
        let name = alias.first_token().map(|t| t.text().to_string());
        if let Some(target) = name.and_then(|n| aliases.get(&n)) {
            let range = alias.text_range();
            let target = target.clone();
            links.push(DocumentLink { range, target });
        }
    }
    links.sort_by_key(|l| l.range.start());
    links
}

/// The link of `"file":line:col`, on the quoted file name.
fn file_link(loc: &SyntaxNode) -> Option<DocumentLink> {
    let target = file_line_col(loc)?;
    let name = loc
        .children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == STRING)?;
    Some(DocumentLink {
        range: name.text_range(),
        target,
    })
}

#[cfg(test)]
mod tests;
