//! Document links: every file location written in the IR (`loc("f.mlir":3:4)`, also
//! inside `callsite`/`fused` and in `#loc = loc(...)` definitions) links its file name to
//! the place, and every `#loc` alias used as a location links to the first file location
//! it stands for. Only the written file is returned: whether it exists, and where a
//! relative one is, the server decides (this crate never reads the disk).

use std::collections::HashMap;

use mlir_syntax::{SyntaxKind::*, SyntaxNode, TextRange};

use mlir_syntax::op_nodes::is_op;

use super::locations::{LocationTarget, file_line_col};
use crate::unit_memo::{UnitMemo, is_unit};

/// A link: the text to underline and the place it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentLink {
    pub range: TextRange,
    pub target: LocationTarget,
}

/// The links of a file, in file order.
pub fn document_links(root: &SyntaxNode) -> Vec<DocumentLink> {
    document_links_with(root, &mut LinksMemo::default())
}

/// What a subtree holds for links: its file locations' links, the `#loc` aliases it
/// defines and the aliases its locations use.
#[derive(Default)]
pub struct LinkParts {
    links: Vec<DocumentLink>,
    aliases: Vec<(String, LocationTarget)>,
    uses: Vec<(String, TextRange)>,
}

pub type LinksMemo = UnitMemo<LinkParts>;

/// `document_links`, reusing what `memo` kept of the ops the last tree shared with this one.
pub fn document_links_with(root: &SyntaxNode, memo: &mut LinksMemo) -> Vec<DocumentLink> {
    memo.next_tree();
    let mut parts = LinkParts::default();
    visit(root, false, memo, &mut parts);
    let mut aliases: HashMap<String, LocationTarget> = HashMap::new();
    for (name, target) in parts.aliases {
        // The first definition wins, as for hover and definition.
        aliases.entry(name).or_insert(target);
    }
    let mut links = parts.links;
    // Aliases may be defined after their uses (MLIR prints them at the end of the file).
    for (name, range) in parts.uses {
        if let Some(target) = aliases.get(&name) {
            let target = target.clone();
            links.push(DocumentLink { range, target });
        }
    }
    links.sort_by_key(|l| l.range.start());
    links
}

/// Gathers the parts of `node` and of what it holds.
fn visit(node: &SyntaxNode, in_location: bool, memo: &mut LinksMemo, out: &mut LinkParts) {
    match node.kind() {
        FILE_LINE_COL_LOC => out.links.extend(file_link(node)),
        ATTR_ALIAS_DEF => {
            let name = node.first_token().map(|t| t.text().to_string());
            let target = node
                .descendants()
                .find(|n| n.kind() == FILE_LINE_COL_LOC)
                .and_then(|loc| file_line_col(&loc));
            if let (Some(name), Some(target)) = (name, target) {
                out.aliases.push((name, target));
            }
        }
        ATTR_ALIAS_REF if in_location => {
            if let Some(name) = node.first_token() {
                out.uses.push((name.text().to_string(), node.text_range()));
            }
        }
        _ => {}
    }
    let in_location = in_location || node.kind() == LOCATION;
    for child in node.children() {
        let green = child.green();
        if !is_op(&child) || !is_unit(&green) {
            visit(&child, in_location, memo, out);
            continue;
        }
        // An op is never inside a location.
        let start = child.text_range().start();
        let kept = memo.get(&green, |memo| {
            let mut parts = LinkParts::default();
            visit(&child, false, memo, &mut parts);
            parts.shifted(|r| r - start)
        });
        out.extend(kept.shifted(|r| r + start));
    }
}

impl LinkParts {
    fn shifted(&self, by: impl Fn(TextRange) -> TextRange) -> LinkParts {
        LinkParts {
            links: self
                .links
                .iter()
                .map(|l| DocumentLink {
                    range: by(l.range),
                    target: l.target.clone(),
                })
                .collect(),
            aliases: self.aliases.clone(),
            uses: self.uses.iter().map(|(n, r)| (n.clone(), by(*r))).collect(),
        }
    }

    fn extend(&mut self, other: LinkParts) {
        self.links.extend(other.links);
        self.aliases.extend(other.aliases);
        self.uses.extend(other.uses);
    }
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
