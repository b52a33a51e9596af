//! Typed AST of operations (G-02, G-03): the `Op` enum over generic and custom forms with
//! the accessors both share, the generic form's parts, results, value uses and successors.

use rowan::WalkEvent;

use super::{
    AstChildren, AstNode, AttrDict, Attribute, CustomOp, FunctionType, Group, Location, Region,
    Type, ast_enum, ast_node, child, children, name_of, string_value, token,
};
use crate::SyntaxKind::*;
use crate::{SyntaxNode, SyntaxToken};

ast_node!(
    /// `"dialect.op"(operands) [successors] <{properties}> (regions) {attrs} : type`.
    GenericOp,
    GENERIC_OP
);
ast_node!(
    /// `%a, %b:2 =` before an op.
    OpResultList,
    OP_RESULT_LIST
);
ast_node!(
    /// `%b:2`: a result name and how many results it names.
    OpResult,
    OP_RESULT
);
ast_node!(
    /// `(%a, %b#1)` of a generic op.
    OperandList,
    OPERAND_LIST
);
ast_node!(
    /// `%a` or `%a#1` (G-03).
    ValueUse,
    VALUE_USE
);
ast_node!(
    /// `[^bb1, ^bb2]` of a generic op.
    SuccessorList,
    SUCCESSOR_LIST
);
ast_node!(
    /// `^bb1`, or in custom syntax `^bb1(%x : i32)`.
    Successor,
    SUCCESSOR
);
ast_node!(
    /// `<{...}>` of a generic op.
    Properties,
    PROPERTIES
);
ast_node!(
    /// `({...}, {...})` of a generic op.
    RegionList,
    REGION_LIST
);

ast_enum!(
    /// An operation, in generic or custom form.
    Op {
        Generic(GenericOp),
        Custom(CustomOp),
    }
);

impl Op {
    pub fn result_list(&self) -> Option<OpResultList> {
        child(self.syntax())
    }

    /// The result groups named before `=`; none if the op has no results.
    pub fn results(&self) -> impl Iterator<Item = OpResult> + use<> {
        self.result_list()
            .into_iter()
            .flat_map(|list| list.results())
    }

    /// The op name token: the string of a generic op, the bare-id of a custom op.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        match self {
            Op::Generic(op) => op.name_token(),
            Op::Custom(op) => op.name_token(),
        }
    }

    /// The op name, unquoted: `arith.addi`.
    pub fn name(&self) -> Option<String> {
        match self {
            Op::Generic(op) => op.name(),
            Op::Custom(op) => op.name(),
        }
    }

    /// The op's own regions in order, wherever its syntax puts them (nested regions'
    /// regions are theirs, not the op's).
    pub fn regions(&self) -> impl Iterator<Item = Region> + use<> {
        own_regions(self.syntax())
    }

    /// The attribute dictionary written directly in the op (not inside a group).
    pub fn attr_dict(&self) -> Option<AttrDict> {
        child(self.syntax())
    }

    /// The trailing `loc(...)`.
    pub fn location(&self) -> Option<Location> {
        children(self.syntax()).last()
    }

    /// The type after the op's `:`: a generic op's function type, or the first type after
    /// the last `:` written directly in a custom op.
    pub fn trailing_type(&self) -> Option<Type> {
        match self {
            Op::Generic(op) => op.function_type().map(Type::Function),
            Op::Custom(op) => op.trailing_type(),
        }
    }
}

/// The regions under `op`, not looking inside regions.
pub(super) fn own_regions(op: &SyntaxNode) -> impl Iterator<Item = Region> + use<> {
    let mut preorder = op.preorder();
    std::iter::from_fn(move || {
        loop {
            if let WalkEvent::Enter(node) = preorder.next()?
                && node.kind() == REGION
            {
                preorder.skip_subtree();
                return Region::cast(node);
            }
        }
    })
}

impl GenericOp {
    /// The quoted op name.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[STRING])
    }

    /// The op name, unquoted.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| string_value(t.text()))
    }

    pub fn operand_list(&self) -> Option<OperandList> {
        child(&self.syntax)
    }

    pub fn operands(&self) -> impl Iterator<Item = ValueUse> + use<> {
        self.operand_list()
            .into_iter()
            .flat_map(|list| list.operands())
    }

    pub fn successor_list(&self) -> Option<SuccessorList> {
        child(&self.syntax)
    }

    pub fn successors(&self) -> impl Iterator<Item = Successor> + use<> {
        self.successor_list()
            .into_iter()
            .flat_map(|list| list.successors())
    }

    pub fn properties(&self) -> Option<Properties> {
        child(&self.syntax)
    }

    pub fn region_list(&self) -> Option<RegionList> {
        child(&self.syntax)
    }

    pub fn regions(&self) -> impl Iterator<Item = Region> + use<> {
        self.region_list()
            .into_iter()
            .flat_map(|list| list.regions())
    }

    pub fn attr_dict(&self) -> Option<AttrDict> {
        child(&self.syntax)
    }

    /// The `(inputs) -> results` after `:`.
    pub fn function_type(&self) -> Option<FunctionType> {
        child(&self.syntax)
    }

    pub fn location(&self) -> Option<Location> {
        child(&self.syntax)
    }
}

impl OpResultList {
    pub fn results(&self) -> AstChildren<OpResult> {
        children(&self.syntax)
    }
}

impl OpResult {
    /// The `%name` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[VALUE_ID])
    }

    /// The name without its `%`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The `2` of `%b:2`.
    pub fn count_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[INT_NUMBER])
    }

    /// How many results the name stands for: 1 without `:N`, `None` if `N` is missing or
    /// out of range.
    pub fn count(&self) -> Option<u32> {
        match self.count_token() {
            Some(count) => count.text().parse().ok(),
            None if token(&self.syntax, &[COLON]).is_some() => None,
            None => Some(1),
        }
    }
}

impl OperandList {
    pub fn operands(&self) -> AstChildren<ValueUse> {
        children(&self.syntax)
    }
}

impl ValueUse {
    /// The `%name` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[VALUE_ID])
    }

    /// The name without its `%`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The `#1` of `%a#1`.
    pub fn result_index_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[HASH_ID])
    }

    /// Which result of a multi-result name is used; `None` without `#N` (or if `N` is
    /// out of range).
    pub fn result_index(&self) -> Option<u32> {
        self.result_index_token()?.text()[1..].parse().ok()
    }
}

impl SuccessorList {
    pub fn successors(&self) -> AstChildren<Successor> {
        children(&self.syntax)
    }
}

impl Successor {
    /// The `^bb` token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, &[CARET_ID])
    }

    /// The block name without its `^`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| name_of(&t))
    }

    /// The `(%x : i32)` of a custom op's successor.
    pub fn operand_group(&self) -> Option<Group> {
        child(&self.syntax)
    }

    /// The values passed to the block.
    pub fn operands(&self) -> impl Iterator<Item = ValueUse> + use<> {
        self.operand_group()
            .into_iter()
            .flat_map(|group| children(group.syntax()))
    }
}

impl Properties {
    /// The properties attribute, in practice a dictionary.
    pub fn value(&self) -> Option<Attribute> {
        child(&self.syntax)
    }

    pub fn attr_dict(&self) -> Option<AttrDict> {
        child(&self.syntax)
    }
}

impl RegionList {
    pub fn regions(&self) -> AstChildren<Region> {
        children(&self.syntax)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::test_support::{all, first};

    const GENERIC: &str = "%r, %s:2 = \"d.op\"(%a, %b#1) [^bb1, ^bb2] <{p = 1}> ({\n  \"d.yield\"() : () -> ()\n}, {}) {attr = \"x\"} : (i32, i64) -> (f32, f32, f32) loc(\"f.mlir\":3:4)\n";

    #[test]
    fn generic_op_parts() {
        let op = first::<GenericOp>(GENERIC);
        assert_eq!(op.name().as_deref(), Some("d.op"));
        assert_eq!(op.name_token().unwrap().text(), "\"d.op\"");
        let operands: Vec<_> = op.operands().map(|v| v.name().unwrap()).collect();
        assert_eq!(operands, ["a", "b"]);
        assert_eq!(op.operand_list().unwrap().operands().count(), 2);
        let successors: Vec<_> = op.successors().map(|s| s.name().unwrap()).collect();
        assert_eq!(successors, ["bb1", "bb2"]);
        assert_eq!(op.successor_list().unwrap().successors().count(), 2);
        let properties = op.properties().unwrap();
        assert!(properties.attr_dict().unwrap().entry("p").is_some());
        assert!(matches!(properties.value(), Some(Attribute::Dict(_))));
        assert_eq!(op.regions().count(), 2);
        assert_eq!(op.region_list().unwrap().regions().count(), 2);
        assert!(op.attr_dict().unwrap().entry("attr").is_some());
        assert_eq!(op.function_type().unwrap().input_types().count(), 2);
        assert!(op.location().is_some());
    }

    #[test]
    fn generic_op_missing_parts() {
        let op = first::<GenericOp>("\"d.op\"() : () -> ()\n");
        assert_eq!(op.operands().count(), 0);
        assert!(op.successor_list().is_none() && op.properties().is_none());
        assert!(op.region_list().is_none() && op.attr_dict().is_none());
        assert!(op.location().is_none());
        let broken = first::<GenericOp>("\"d.op\"(\n");
        assert!(broken.function_type().is_none());
    }

    #[test]
    fn op_enum_shared_accessors() {
        let ops: Vec<Op> = all::<Op>(GENERIC);
        assert_eq!(ops.len(), 2);
        let op = &ops[0];
        assert!(matches!(op, Op::Generic(_)));
        assert_eq!(op.name().as_deref(), Some("d.op"));
        assert_eq!(op.name_token().unwrap().text(), "\"d.op\"");
        assert_eq!(op.results().count(), 2);
        assert!(op.result_list().is_some());
        assert_eq!(op.regions().count(), 2);
        assert!(op.attr_dict().is_some());
        assert!(op.location().is_some());
        assert!(matches!(op.trailing_type(), Some(Type::Function(_))));
        let custom = first::<Op>("%0 = arith.addi %a, %b {f} : i32 loc(unknown)\n");
        assert!(matches!(custom, Op::Custom(_)));
        assert_eq!(custom.name().as_deref(), Some("arith.addi"));
        assert_eq!(custom.name_token().unwrap().text(), "arith.addi");
        assert_eq!(custom.results().count(), 1);
        assert!(custom.attr_dict().is_some() && custom.location().is_some());
        assert!(matches!(custom.trailing_type(), Some(Type::Builtin(_))));
    }

    #[test]
    fn op_regions_are_its_own_only() {
        let text = "scf.if %c {\n  scf.if %d {\n  }\n} else {\n}\n";
        let op = first::<Op>(text);
        assert_eq!(op.regions().count(), 2);
        let text = "test.op ({\n}) [{\n}]\n";
        assert_eq!(first::<Op>(text).regions().count(), 2);
    }

    #[test]
    fn results_names_and_counts() {
        let results: Vec<OpResult> = all::<OpResult>(GENERIC);
        assert_eq!(results[0].name().as_deref(), Some("r"));
        assert_eq!(results[0].name_token().unwrap().text(), "%r");
        assert_eq!(results[0].count(), Some(1));
        assert!(results[0].count_token().is_none());
        assert_eq!(results[1].count(), Some(2));
        assert_eq!(results[1].count_token().unwrap().text(), "2");
        let broken = first::<OpResult>("%1: = \"foo\"() : () -> ()\n");
        assert_eq!(broken.count(), None);
        let list = first::<OpResultList>(GENERIC);
        assert_eq!(list.results().count(), 2);
    }

    #[test]
    fn value_use_names_and_indices() {
        let uses: Vec<ValueUse> = all::<ValueUse>(GENERIC);
        assert_eq!(uses[0].name().as_deref(), Some("a"));
        assert_eq!(uses[0].name_token().unwrap().text(), "%a");
        assert_eq!(uses[0].result_index(), None);
        assert!(uses[0].result_index_token().is_none());
        assert_eq!(uses[1].result_index(), Some(1));
        assert_eq!(uses[1].result_index_token().unwrap().text(), "#1");
    }

    #[test]
    fn custom_successor_operands() {
        let successors = all::<Successor>("cf.cond_br %c, ^bb1(%x, %y : i32, i32), ^bb2\n");
        assert_eq!(successors[0].name().as_deref(), Some("bb1"));
        assert_eq!(successors[0].name_token().unwrap().text(), "^bb1");
        assert_eq!(successors[0].operands().count(), 2);
        assert!(successors[0].operand_group().is_some());
        assert!(successors[1].operand_group().is_none());
        assert_eq!(successors[1].operands().count(), 0);
    }
}
