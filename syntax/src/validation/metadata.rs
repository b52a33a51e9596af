//! The `{-# ... #-}` file-metadata block (L-16): its known keys, the identifier keys of
//! resource groups, and the values upstream's resource parsers accept — hex blobs for the
//! `builtin` (and `test`) dialects, strings, booleans or blobs for external resources.
//! Upstream stops at the first error of the block, and so do we.

use rowan::{NodeOrToken, TextRange};

use super::context::{Context, first_token, significant_children};
use crate::SyntaxKind::*;
use crate::{SyntaxError, SyntaxNode, SyntaxToken};

/// Dialects whose resources upstream parses as blobs.
const BLOB_DIALECTS: &[&str] = &["builtin", "test"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Dialect,
    External,
}

/// Checks one FILE_METADATA node.
pub(super) fn check(cx: &mut Context, node: &SyntaxNode) {
    let error = node
        .children()
        .filter(|c| c.kind() == METADATA_ENTRY)
        .find_map(|entry| top_entry_error(&entry));
    if let Some(error) = error {
        cx.push(error);
    }
}

/// The key token, the `:` and the `{ entries }` (if the value is a group) of an entry.
struct Entry {
    key: SyntaxToken,
    colon: SyntaxToken,
    group: Option<Vec<SyntaxNode>>,
    /// The first token of the value.
    value: Option<SyntaxToken>,
}

impl Entry {
    fn of(node: &SyntaxNode) -> Option<Entry> {
        let children = significant_children(node);
        let key = children.first()?.as_token()?.clone();
        let colon = children
            .get(1)?
            .as_token()
            .filter(|t| t.kind() == COLON)?
            .clone();
        let value = match children.get(2) {
            Some(NodeOrToken::Token(t)) => Some(t.clone()),
            Some(NodeOrToken::Node(n)) => first_token(n),
            None => None,
        };
        let group = (value.as_ref().map(SyntaxToken::kind) == Some(L_BRACE)).then(|| {
            node.children()
                .filter(|c| c.kind() == METADATA_ENTRY)
                .collect()
        });
        Some(Entry {
            key,
            colon,
            group,
            value,
        })
    }

    fn name(&self) -> String {
        key_text(&self.key)
    }

    /// Upstream's "expected '{'" goes right after the `:`.
    fn group_or_error(&self) -> Result<&[SyntaxNode], SyntaxError> {
        self.group.as_deref().ok_or_else(|| {
            let at = TextRange::empty(self.colon.text_range().end());
            SyntaxError::new("expected '{'", at)
        })
    }
}

fn key_text(key: &SyntaxToken) -> String {
    key.text().trim_matches('"').to_string()
}

fn top_entry_error(node: &SyntaxNode) -> Option<SyntaxError> {
    let entry = Entry::of(node)?;
    if entry.key.kind() != BARE_ID {
        let message = "expected identifier key in file metadata dictionary";
        return Some(SyntaxError::new(message, entry.key.text_range()));
    }
    let section = match entry.key.text() {
        "dialect_resources" => Section::Dialect,
        "external_resources" => Section::External,
        key => {
            let message = format!("unknown key '{key}' in file metadata dictionary");
            return Some(SyntaxError::new(message, entry.key.text_range()));
        }
    };
    let groups = match entry.group_or_error() {
        Ok(groups) => groups,
        Err(error) => return Some(error),
    };
    groups.iter().find_map(|group| group_error(group, section))
}

/// One `name: { key: value, ... }` group of a resource section.
fn group_error(node: &SyntaxNode, section: Section) -> Option<SyntaxError> {
    let group = Entry::of(node)?;
    if group.key.kind() != BARE_ID {
        let message = "expected identifier key for 'resource' entry";
        return Some(SyntaxError::new(message, group.key.text_range()));
    }
    let entries = match group.group_or_error() {
        Ok(entries) => entries,
        Err(error) => return Some(error),
    };
    let blobs = section == Section::External || BLOB_DIALECTS.contains(&group.key.text());
    if !blobs {
        return None;
    }
    entries.iter().find_map(|entry| {
        let entry = Entry::of(entry)?;
        let value = entry.value.as_ref()?;
        let message = match section {
            Section::Dialect => blob_error(value, &entry.name()),
            Section::External => external_value_error(value, &entry.name()),
        }?;
        Some(SyntaxError::new(message, value.text_range()))
    })
}

/// External resources may be booleans, strings, or blobs (strings starting with `0x`).
fn external_value_error(value: &SyntaxToken, key: &str) -> Option<String> {
    match value.kind() {
        BARE_ID if matches!(value.text(), "true" | "false") => None,
        STRING if value.text().starts_with("\"0x") => blob_error(value, key),
        STRING => None,
        _ => Some(format!("expected string value for key '{key}'")),
    }
}

/// A blob is a `"0x..."` string whose first four bytes give a power-of-two alignment.
fn blob_error(value: &SyntaxToken, key: &str) -> Option<String> {
    let Some(digits) = hex_digits(value) else {
        return Some(format!("expected hex string blob for key '{key}'"));
    };
    let Some(align) = digits.get(..8).and_then(little_endian_u32) else {
        return Some(format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
        ));
    };
    (align != 0 && !align.is_power_of_two()).then(|| {
        format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {align}"
        )
    })
}

/// The digits of a `"0x..."` string token, if they are hex digits in pairs.
fn hex_digits(value: &SyntaxToken) -> Option<&str> {
    if value.kind() != STRING {
        return None;
    }
    let text = value.text();
    let digits = text
        .get(1..text.len().checked_sub(1)?)?
        .strip_prefix("0x")?;
    (digits.len() % 2 == 0 && digits.bytes().all(|b| b.is_ascii_hexdigit())).then_some(digits)
}

/// Eight hex digits read as four little-endian bytes.
fn little_endian_u32(digits: &str) -> Option<u32> {
    let mut bytes = [0u8; 4];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(digits.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(u32::from_le_bytes(bytes))
}
