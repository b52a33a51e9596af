//! Typed AST of locations (G-12): `loc(...)` and the location forms inside it: unknown,
//! file:line:col (with ranges), names, call sites, fused locations and aliases.

use super::{AstNode, Attribute, ast_enum, ast_node, child, children, name_of, token, tokens};
use crate::SyntaxKind::*;
use crate::{SyntaxNode, SyntaxToken};

ast_node!(
    /// `loc(...)` after an op or block argument, or as an attribute.
    Location,
    LOCATION
);
ast_node!(
    /// `unknown`.
    UnknownLoc,
    UNKNOWN_LOC
);
ast_node!(
    /// `"file":1:2`, optionally a range (`to 3:4`).
    FileLineColLoc,
    FILE_LINE_COL_LOC
);
ast_node!(
    /// `"name"` or `"name"(child)`.
    NameLoc,
    NAME_LOC
);
ast_node!(
    /// `callsite(callee at caller)`.
    CallSiteLoc,
    CALLSITE_LOC
);
ast_node!(
    /// `fused<metadata>[loc, ...]`.
    FusedLoc,
    FUSED_LOC
);

ast_enum!(
    /// One location inside `loc(...)`; `#alias` locations are attributes.
    LocInstance {
        Unknown(UnknownLoc),
        FileLineCol(FileLineColLoc),
        Name(NameLoc),
        CallSite(CallSiteLoc),
        Fused(FusedLoc),
        Attribute(Attribute),
    }
);

impl Location {
    /// The `loc` keyword.
    pub fn loc_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[BARE_ID])
    }

    pub fn instance(&self) -> Option<LocInstance> {
        child(&self.syntax)
    }
}

impl FileLineColLoc {
    pub fn filename_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[STRING])
    }

    /// The file name, unquoted.
    pub fn filename(&self) -> Option<String> {
        self.filename_token().map(|t| name_of(&t))
    }

    pub fn line(&self) -> Option<u32> {
        self.start_numbers().next()?.text().parse().ok()
    }

    pub fn column(&self) -> Option<u32> {
        self.start_numbers().nth(1)?.text().parse().ok()
    }

    /// The numbers before a range's `to`.
    fn start_numbers(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        let elements = self.syntax.children_with_tokens();
        let before_to = elements.take_while(|e| e.as_token().is_none_or(|t| t.text() != "to"));
        before_to
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == INT_NUMBER)
    }
}

impl NameLoc {
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[STRING])
    }

    /// The name, unquoted.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The location the name is given to, if any.
    pub fn child(&self) -> Option<LocInstance> {
        child(&self.syntax)
    }
}

impl CallSiteLoc {
    pub fn callee(&self) -> Option<LocInstance> {
        children(&self.syntax).next()
    }

    pub fn caller(&self) -> Option<LocInstance> {
        children(&self.syntax).nth(1)
    }
}

impl FusedLoc {
    /// The attribute in `fused<...>`.
    pub fn metadata(&self) -> Option<Attribute> {
        self.nodes_before_bracket().find_map(Attribute::cast)
    }

    /// The fused locations in `[...]`.
    pub fn locations(&self) -> Vec<LocInstance> {
        let elements = self.syntax.children_with_tokens();
        let after_bracket = elements.skip_while(|e| e.kind() != L_BRACK);
        after_bracket
            .filter_map(|e| e.into_node())
            .filter_map(LocInstance::cast)
            .collect()
    }

    fn nodes_before_bracket(&self) -> impl Iterator<Item = SyntaxNode> + use<> {
        let elements = self.syntax.children_with_tokens();
        elements
            .take_while(|e| e.kind() != L_BRACK)
            .filter_map(|e| e.into_node())
    }

    /// The `[` that starts the list.
    pub fn l_brack_token(&self) -> Option<SyntaxToken> {
        tokens(&self.syntax, &[L_BRACK]).next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::test_support::first;

    fn loc(text: &str) -> LocInstance {
        let op = format!("\"t.op\"() : () -> () loc({text})\n");
        first::<Location>(&op).instance().unwrap()
    }

    #[test]
    fn location_keyword_and_instance() {
        let location = first::<Location>("\"t.op\"() : () -> () loc(unknown)\n");
        assert_eq!(location.loc_token().unwrap().text(), "loc");
        assert!(matches!(location.instance(), Some(LocInstance::Unknown(_))));
        let broken = first::<Location>("\"t.op\"() : () -> () loc()\n");
        assert!(broken.instance().is_none());
    }

    #[test]
    fn file_line_col() {
        let LocInstance::FileLineCol(at) = loc("\"a.mlir\":10:8") else {
            panic!()
        };
        assert_eq!(at.filename().as_deref(), Some("a.mlir"));
        assert_eq!(at.filename_token().unwrap().text(), "\"a.mlir\"");
        assert_eq!((at.line(), at.column()), (Some(10), Some(8)));
        let LocInstance::FileLineCol(at) = loc("\"a\":3") else {
            panic!()
        };
        assert_eq!((at.line(), at.column()), (Some(3), None));
        let LocInstance::FileLineCol(at) = loc("\"a\":1:2 to 3:4") else {
            panic!()
        };
        assert_eq!((at.line(), at.column()), (Some(1), Some(2)));
    }

    #[test]
    fn names_callsites_and_fused() {
        let LocInstance::Name(name) = loc("\"CSE\"(\"f\":1:2)") else {
            panic!()
        };
        assert_eq!(name.name().as_deref(), Some("CSE"));
        assert_eq!(name.name_token().unwrap().text(), "\"CSE\"");
        assert!(matches!(name.child(), Some(LocInstance::FileLineCol(_))));
        let LocInstance::CallSite(call) = loc("callsite(\"foo\" at \"f\":1:2)") else {
            panic!()
        };
        assert!(matches!(call.callee(), Some(LocInstance::Name(_))));
        assert!(matches!(call.caller(), Some(LocInstance::FileLineCol(_))));
        let LocInstance::Fused(fused) = loc("fused<\"CSE\">[\"a\":1:2, unknown]") else {
            panic!()
        };
        assert!(matches!(fused.metadata(), Some(Attribute::Literal(_))));
        assert_eq!(fused.locations().len(), 2);
        assert!(fused.l_brack_token().is_some());
        let LocInstance::Fused(fused) = loc("fused[\"a\":1:2]") else {
            panic!()
        };
        assert!(fused.metadata().is_none());
        assert_eq!(fused.locations().len(), 1);
    }

    #[test]
    fn alias_locations_are_attributes() {
        let LocInstance::Attribute(Attribute::Alias(alias)) = loc("#loc1") else {
            panic!()
        };
        assert_eq!(alias.name().as_deref(), Some("loc1"));
    }
}
