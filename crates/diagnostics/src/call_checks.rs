//! A call against its callee (checks stage): `func.call @f` must pass as many operands and
//! take as many results as `func.func @f` declares, of the same types, with the messages
//! of `func.call`'s verifier; `llvm.call @f` likewise against `llvm.func @f`. Types are
//! compared only where both are read exactly.

use std::collections::HashMap;

use mlir_syntax::ast::{self, AstNode};
use mlir_syntax::{SyntaxKind::*, SyntaxNode};

use mlir_checks::diagnostic::{Diagnostic, Note};
use mlir_types::{AliasTable, Lowering, Type};

/// The signature of a callee: its input and result types.
type Signature = (Vec<Type>, Vec<Type>);

/// Checks the calls of one chunk, reading its aliases once and each callee's signature
/// once (a file checks every call on every keystroke).
pub(crate) struct CallChecker {
    aliases: AliasTable,
    signatures: HashMap<SyntaxNode, Option<Signature>>,
    /// The signatures of `llvm.func` callees (`None` if unread), each with whether the
    /// function is variadic.
    llvm_signatures: HashMap<SyntaxNode, Option<(Signature, bool)>>,
    /// Lowered types by green node: rowan shares the green node of a small type (`i32`)
    /// among all its occurrences, so most calls find their types here.
    types: HashMap<*const rowan::GreenNodeData, Type>,
}

impl CallChecker {
    pub(crate) fn new(chunk: &[SyntaxNode]) -> CallChecker {
        CallChecker {
            aliases: AliasTable::of_nodes(chunk.iter().cloned()),
            signatures: HashMap::new(),
            llvm_signatures: HashMap::new(),
            types: HashMap::new(),
        }
    }

    /// The first mismatch between the call op `call` and the function op `callee`.
    pub(crate) fn check(&mut self, call: &SyntaxNode, callee: &SyntaxNode) -> Option<Diagnostic> {
        if !self.signatures.contains_key(callee) {
            let signature = self.signature(callee);
            self.signatures.insert(callee.clone(), signature);
        }
        let (operands, call_results) = call_types(call, &mut |node| self.lower(node))?;
        let (inputs, results) = self.signatures.get(callee)?.as_ref()?;
        mismatch(call, inputs, results, &operands, &call_results)
    }

    /// `func.constant @f : T`: `T` must be the function type of `func.func @f`.
    pub(crate) fn check_constant(
        &mut self,
        constant: &SyntaxNode,
        callee: &SyntaxNode,
    ) -> Option<Diagnostic> {
        if !self.signatures.contains_key(callee) {
            let signature = self.signature(callee);
            self.signatures.insert(callee.clone(), signature);
        }
        let (written_inputs, written_results) = constant_type(constant)?;
        let written_inputs: Vec<Type> = written_inputs.iter().map(|t| self.lower(t)).collect();
        let written_results: Vec<Type> = written_results.iter().map(|t| self.lower(t)).collect();
        let ty = Type::function(written_inputs, written_results);
        let (inputs, results) = self.signatures.get(callee)?.as_ref()?;
        let function = Type::function(inputs.clone(), results.clone());
        mlir_types::surely_differ(&ty, &function).then(|| {
            let at = mlir_hir::ops::op_name_range(constant);
            let message = "'func.constant' op reference to function with mismatched type";
            Diagnostic::error("call", message, at)
        })
    }

    /// The first mismatch between the custom `llvm.call @f(...) : (T, ...) -> R` and the
    /// `llvm.func @f` it calls, in the order and words of `llvm.call`'s verifier. Variadic
    /// callees are not checked.
    pub(crate) fn check_llvm(
        &mut self,
        call: &SyntaxNode,
        callee: &SyntaxNode,
    ) -> Option<Diagnostic> {
        if !self.llvm_signatures.contains_key(callee) {
            let signature = self.llvm_signature(callee);
            self.llvm_signatures.insert(callee.clone(), signature);
        }
        ast::CustomOp::cast(call.clone())?;
        let at = mlir_hir::ops::op_name_range(call);
        let error = |message: &str| {
            let message = format!("'llvm.call' op {message}");
            Some(Diagnostic::error("call", message, at))
        };
        let ((inputs, results), variadic) = self.llvm_signatures.get(callee)?.clone()?;
        if variadic {
            // The call's `vararg(type)` is checked against the callee by `verify()`, which
            // we do not reproduce; only its absence is sure.
            return match has_vararg_type(call) {
                true => None,
                false => error("missing var_callee_type attribute for vararg call"),
            };
        }
        let (operands, call_results) = call_types(call, &mut |node| self.lower(node))?;
        let message = llvm_mismatch(&inputs, &results, &operands, &call_results)?;
        error(&message)
    }

    /// An `llvm.func`'s custom signature (`@f(i8, %a: i32 {attrs}) -> T`), with no result
    /// for `-> !llvm.void`, and whether it is variadic (`@f(i8, ...)`).
    fn llvm_signature(&mut self, callee: &SyntaxNode) -> Option<(Signature, bool)> {
        ast::CustomOp::cast(callee.clone())?;
        let arguments = callee.children().find(|c| c.kind() == PAREN_GROUP)?;
        let variadic = arguments
            .children_with_tokens()
            .any(|e| e.kind() == ELLIPSIS);
        let (inputs, results) = signature_types(callee)?;
        let inputs = inputs.iter().map(|t| self.lower(t)).collect();
        let mut results: Vec<Type> = results.iter().map(|t| self.lower(t)).collect();
        if let [Type::Opaque(result)] = results.as_slice()
            && result.dialect == "llvm"
            && result.data == "void"
        {
            results.clear();
        }
        Some(((inputs, results), variadic))
    }

    /// The type a type node stands for, lowered once per distinct green node.
    fn lower(&mut self, node: &SyntaxNode) -> Type {
        let key: *const rowan::GreenNodeData = &*node.green();
        if let Some(ty) = self.types.get(&key) {
            return ty.clone();
        }
        let lookup = self.aliases.lookup();
        let ty = Lowering::new(&lookup).lower_type(node);
        self.types.insert(key, ty.clone());
        ty
    }

    fn signature(&mut self, callee: &SyntaxNode) -> Option<Signature> {
        if mlir_hir::ops::op_name(callee).as_deref() != Some("func.func") {
            return None;
        }
        let (inputs, results) = signature_types(callee)?;
        let inputs = inputs.iter().map(|t| self.lower(t)).collect();
        let results = results.iter().map(|t| self.lower(t)).collect();
        Some((inputs, results))
    }
}

/// `func.call`'s verifier message for the first difference between the call's types and
/// the callee's.
fn mismatch(
    call: &SyntaxNode,
    inputs: &[Type],
    results: &[Type],
    operands: &[Option<Type>],
    call_results: &[Option<Type>],
) -> Option<Diagnostic> {
    let at = mlir_hir::ops::op_name_range(call);
    let error =
        |message: String| Diagnostic::error("call", format!("'func.call' op {message}"), at);
    if inputs.len() != operands.len() {
        return Some(error("incorrect number of operands for callee".into()));
    }
    for (i, (want, got)) in inputs.iter().zip(operands).enumerate() {
        if let Some(got) = got
            && mlir_types::surely_differ(got, want)
        {
            return Some(error(format!(
                "operand type mismatch: expected operand type '{want}', but provided '{got}' for operand number {i}"
            )));
        }
    }
    if results.len() != call_results.len() {
        return Some(error("incorrect number of results for callee".into()));
    }
    let mismatch = results.iter().zip(call_results).position(|(want, got)| {
        got.as_ref()
            .is_some_and(|got| mlir_types::surely_differ(got, want))
    })?;
    let mut d = error(format!("result type mismatch at index {mismatch}"));
    let list = |types: Vec<String>| types.join(", ");
    d.notes.push(Note {
        range: at,
        message: format!(
            "      op result types: {}",
            list(
                call_results
                    .iter()
                    .map(|t| t.as_ref().map_or("?".into(), quoted))
                    .collect()
            )
        ),
    });
    d.notes.push(Note {
        range: at,
        message: format!(
            "function result types: {}",
            list(results.iter().map(quoted).collect())
        ),
    });
    Some(d)
}

/// Does a custom `llvm.call` write `vararg(!llvm.func<...>)`?
fn has_vararg_type(call: &SyntaxNode) -> bool {
    call.children()
        .any(|n| n.kind() == KEYWORD && n.text() == "vararg")
}

/// `llvm.call`'s verifier message for the first difference between a call's types and
/// its callee's signature.
fn llvm_mismatch(
    inputs: &[Type],
    results: &[Type],
    operands: &[Option<Type>],
    call_results: &[Option<Type>],
) -> Option<String> {
    if inputs.len() != operands.len() {
        return Some(format!(
            "incorrect number of operands ({}) for callee (expecting: {})",
            operands.len(),
            inputs.len()
        ));
    }
    for (i, (want, got)) in inputs.iter().zip(operands).enumerate() {
        if let Some(got) = got
            && mlir_types::surely_differ(got, want)
        {
            return Some(format!(
                "operand type mismatch for operand {i}: '{got}' != '{want}'"
            ));
        }
    }
    match (results, call_results) {
        ([], []) => None,
        ([], _) => Some("calling function with void result must not produce values".into()),
        (_, []) => Some("expected function call to produce a value".into()),
        ([want], [Some(got)]) if mlir_types::surely_differ(got, want) => {
            Some(format!("result type mismatch: '{got}' != '{want}'"))
        }
        _ => None,
    }
}

/// The input and result types of a `func.func`'s signature, read straight from the tree:
/// `@f(%a: T {attrs}, ...)` or `@f(T, ...)`, then `-> R` or `-> (R {attrs}, ...)`.
fn signature_types(func: &SyntaxNode) -> Option<(Vec<SyntaxNode>, Vec<SyntaxNode>)> {
    let mut parts = func
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .skip_while(|e| e.kind() != SYMBOL_REF)
        .skip(1);
    let inputs = parts
        .next()?
        .into_node()
        .filter(|n| n.kind() == PAREN_GROUP)?;
    let results = match parts.next() {
        Some(e) if e.kind() == ARROW => match parts.next()?.into_node()? {
            group if group.kind() == PAREN_GROUP => types_in(&group),
            ty if ty.kind().is_type_node() => vec![ty],
            _ => return None,
        },
        _ => Vec::new(),
    };
    Some((types_in(&inputs), results))
}

/// The input and result type nodes of the function type after a custom
/// `func.constant @f :`, kept by the parser as `(...)`, `->` and a type or `(...)`.
fn constant_type(constant: &SyntaxNode) -> Option<(Vec<SyntaxNode>, Vec<SyntaxNode>)> {
    let parts: Vec<_> = constant
        .children_with_tokens()
        .filter(|e| !e.kind().is_trivia())
        .collect();
    let colon = parts.iter().rposition(|e| e.kind() == COLON)?;
    match &parts[colon + 1..] {
        [inputs, arrow, results] if inputs.kind() == PAREN_GROUP && arrow.kind() == ARROW => {
            let results = match results.as_node()? {
                group if group.kind() == PAREN_GROUP => only_types_in(group)?,
                ty if ty.kind().is_type_node() => vec![ty.clone()],
                _ => return None,
            };
            Some((only_types_in(inputs.as_node()?)?, results))
        }
        _ => None,
    }
}

/// The types of a `(T, U)` group that holds nothing else (a nested function type is
/// kept as pieces, which would be miscounted).
fn only_types_in(group: &SyntaxNode) -> Option<Vec<SyntaxNode>> {
    let plain = group.children_with_tokens().all(|e| {
        e.kind().is_trivia()
            || matches!(e.kind(), L_PAREN | R_PAREN | COMMA)
            || e.kind().is_type_node()
    });
    plain.then(|| types_in(group))
}

/// Types of values, each `None` where it cannot be read.
type Types = Vec<Option<Type>>;

/// The operand and result types a call op writes (custom or generic form).
fn call_types(
    call: &SyntaxNode,
    lower: &mut dyn FnMut(&SyntaxNode) -> Type,
) -> Option<(Types, Types)> {
    if let Some(op) = ast::GenericOp::cast(call.clone()) {
        let function = op.function_type()?;
        let operands = function
            .input_types()
            .map(|t| Some(lower(t.syntax())))
            .collect();
        let results = function
            .result_types()
            .iter()
            .map(|t| Some(lower(t.syntax())))
            .collect();
        return Some((operands, results));
    }
    // `: (T, ...) -> R` or `-> (R, ...)`, read straight from the tree: every call of the
    // file is read on every keystroke, which the full matcher would make slow.
    let mut after_colon = call
        .children_with_tokens()
        .skip_while(|e| e.kind() != COLON)
        .skip(1)
        .filter(|e| !e.kind().is_trivia());
    let inputs = after_colon
        .next()?
        .into_node()
        .filter(|n| n.kind() == PAREN_GROUP)?;
    if after_colon.next()?.kind() != ARROW {
        return None;
    }
    let results = after_colon.next()?.into_node()?;
    if after_colon.next().is_some() {
        return None;
    }
    let mut lower = |node: &SyntaxNode| Some(lower(node));
    let result_types = if results.kind() == PAREN_GROUP {
        types_in(&results).iter().map(&mut lower).collect()
    } else if results.kind().is_type_node() {
        vec![lower(&results)]
    } else {
        return None;
    };
    let input_types = types_in(&inputs).iter().map(&mut lower).collect();
    Some((input_types, result_types))
}

/// The type nodes of a parenthesised type list; `[]` if anything else is in it.
fn types_in(group: &SyntaxNode) -> Vec<SyntaxNode> {
    group
        .children()
        .filter(|c| c.kind().is_type_node())
        .collect()
}

/// A type as MLIR's diagnostics print it: `'i32'`.
fn quoted(ty: &Type) -> String {
    format!("'{ty}'")
}
