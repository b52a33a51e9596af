//! Typed AST of the top level: the file, its items (ops, alias definitions, the metadata
//! block) and its `// -----` chunks (G-01, G-07, G-09, L-16, L-17).

use rowan::{TextRange, TextSize};

use super::{
    AstChildren, AstNode, Attribute, Op, Type, ast_enum, ast_node, child, children, name_of, token,
};
use crate::SyntaxKind::*;
use crate::SyntaxToken;

ast_node!(
    /// The root of a file.
    SourceFile,
    SOURCE_FILE
);
ast_node!(
    /// `!name = type` (G-07).
    TypeAliasDef,
    TYPE_ALIAS_DEF
);
ast_node!(
    /// `#name = attribute` (G-09).
    AttrAliasDef,
    ATTR_ALIAS_DEF
);
ast_node!(
    /// `{-# key: {...}, ... #-}` (L-16).
    FileMetadata,
    FILE_METADATA
);
ast_node!(
    /// `key: {nested entries}` or `key: value` in the metadata block.
    MetadataEntry,
    METADATA_ENTRY
);

ast_enum!(
    /// Something at the top level of a file.
    Item {
        Op(Op),
        TypeAliasDef(TypeAliasDef),
        AttrAliasDef(AttrAliasDef),
        FileMetadata(FileMetadata),
    }
);

/// The part of a file between two `// -----` markers (or a marker and an end), which
/// `mlir-opt -split-input-file` handles as a file of its own (L-17).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Chunk {
    range: TextRange,
    items: Vec<Item>,
}

impl Chunk {
    /// The chunk's text range, markers excluded.
    pub fn range(&self) -> TextRange {
        self.range
    }

    /// The top-level items that start in the chunk.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    pub fn ops(&self) -> impl Iterator<Item = &Op> {
        self.items.iter().filter_map(|item| match item {
            Item::Op(op) => Some(op),
            _ => None,
        })
    }
}

impl SourceFile {
    pub fn items(&self) -> AstChildren<Item> {
        children(&self.syntax)
    }

    pub fn ops(&self) -> AstChildren<Op> {
        children(&self.syntax)
    }

    pub fn type_alias_defs(&self) -> AstChildren<TypeAliasDef> {
        children(&self.syntax)
    }

    pub fn attr_alias_defs(&self) -> AstChildren<AttrAliasDef> {
        children(&self.syntax)
    }

    pub fn file_metadata(&self) -> Option<FileMetadata> {
        child(&self.syntax)
    }

    /// Every `// -----` marker, wherever the parser put it.
    pub fn split_marker_tokens(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        self.syntax
            .descendants_with_tokens()
            .filter_map(|element| element.into_token())
            .filter(|token| token.kind() == SPLIT_MARKER)
    }

    /// The chunks between markers; without markers, one chunk that is the whole file.
    /// Like `mlir-opt`, every marker splits, even one inside an unfinished op; an item
    /// belongs to the chunk it starts in.
    pub fn chunks(&self) -> Vec<Chunk> {
        let markers: Vec<TextRange> = self.split_marker_tokens().map(|t| t.text_range()).collect();
        let starts = std::iter::once(TextSize::new(0)).chain(markers.iter().map(|m| m.end()));
        let ends = markers.iter().map(|m| m.start());
        let ends = ends.chain(std::iter::once(self.syntax.text_range().end()));
        let mut chunks: Vec<Chunk> = starts
            .zip(ends)
            .map(|(start, end)| Chunk {
                range: TextRange::new(start, end),
                items: Vec::new(),
            })
            .collect();
        for item in self.items() {
            let start = item.syntax().text_range().start();
            chunks[markers.partition_point(|m| m.end() <= start)]
                .items
                .push(item);
        }
        chunks
    }
}

impl TypeAliasDef {
    /// The `!name` being defined.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BANG_ID])
    }

    /// The name without its `!`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    pub fn value(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl AttrAliasDef {
    /// The `#name` being defined.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[HASH_ID])
    }

    /// The name without its `#`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    pub fn value(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
}

impl FileMetadata {
    pub fn entries(&self) -> AstChildren<MetadataEntry> {
        children(&self.syntax)
    }

    /// The entry named `key` (`dialect_resources`, `external_resources`).
    pub fn entry(&self, key: &str) -> Option<MetadataEntry> {
        self.entries().find(|e| e.key().as_deref() == Some(key))
    }
}

impl MetadataEntry {
    pub fn key_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID, STRING])
    }

    /// The key, unquoted.
    pub fn key(&self) -> Option<String> {
        self.key_token().map(|t| name_of(&t))
    }

    /// The nested entries of `key: { ... }`.
    pub fn entries(&self) -> AstChildren<MetadataEntry> {
        children(&self.syntax)
    }

    /// The value of `key: value`, such as a resource blob string.
    pub fn value(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::test_support::first;

    #[test]
    fn source_file_items_in_order() {
        let file = first::<SourceFile>("#m = 1\n!t = i32\n\"a.b\"() : () -> ()\nx.y\n");
        let kinds: Vec<_> = file.items().map(|i| i.syntax().kind()).collect();
        assert_eq!(
            kinds,
            [ATTR_ALIAS_DEF, TYPE_ALIAS_DEF, GENERIC_OP, CUSTOM_OP]
        );
        assert_eq!(file.ops().count(), 2);
        assert_eq!(file.type_alias_defs().count(), 1);
        assert_eq!(file.attr_alias_defs().count(), 1);
        assert!(file.file_metadata().is_none());
    }

    #[test]
    fn alias_defs_name_and_value() {
        let def = first::<TypeAliasDef>("!tensor = tensor<4xf32>\n");
        assert_eq!(def.name_token().unwrap().text(), "!tensor");
        assert_eq!(def.name().as_deref(), Some("tensor"));
        assert!(matches!(def.value(), Some(Type::Tensor(_))));
        let def = first::<AttrAliasDef>("#map = affine_map<(d0) -> (d0)>\n");
        assert_eq!(def.name().as_deref(), Some("map"));
        assert!(matches!(def.value(), Some(Attribute::AffineMap(_))));
        let broken = first::<AttrAliasDef>("#x =\n");
        assert!(broken.value().is_none());
    }

    #[test]
    fn file_metadata_entries() {
        let text =
            "{-#\n  dialect_resources: {\n    builtin: {\n      blob: \"0x08\"\n    }\n  }\n#-}\n";
        let meta = first::<SourceFile>(text).file_metadata().unwrap();
        let resources = meta.entry("dialect_resources").unwrap();
        assert!(resources.value().is_none());
        let builtin = resources.entries().next().unwrap();
        assert_eq!(builtin.key().as_deref(), Some("builtin"));
        let blob = builtin.entries().next().unwrap();
        assert_eq!(blob.key_token().unwrap().text(), "blob");
        assert!(matches!(blob.value(), Some(Attribute::Literal(_))));
    }

    #[test]
    fn chunks_split_at_markers() {
        let text = "\"a\"() : () -> ()\n// -----\n!t = i32\n\"b\"() : () -> ()\n// -----\n";
        let chunks = first::<SourceFile>(text).chunks();
        assert_eq!(chunks.len(), 3);
        assert_eq!(&text[chunks[0].range()], "\"a\"() : () -> ()\n");
        assert_eq!(chunks[0].ops().count(), 1);
        assert_eq!(chunks[1].items().len(), 2);
        assert_eq!(chunks[2].items().len(), 0);
        assert_eq!(&text[chunks[2].range()], "\n");
    }

    #[test]
    fn one_chunk_without_markers() {
        let chunks = first::<SourceFile>("x.y\n").chunks();
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].items().len(), 1);
    }
}
