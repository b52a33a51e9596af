//! The reductions of the GPU dialect (`gpu.all_reduce`, `gpu.subgroup_reduce`), whose
//! custom parser reads an optional reduction kind and rejects a word that names none;
//! `gpu.launch_func`'s kernel symbol and kernel arguments; the `async` keyword of the ops
//! that take async dependencies, and the result it gives `gpu.wait`; `gpu.func`'s
//! argument list.

use mlir_syntax::SyntaxKind;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use super::reader::{Reader, Step, failed, plain_error};
use crate::report::{item_range, wrong_token_at};
use crate::result_count::result_binding_check;
use crate::verifiers::{arguments_failure, results_failure};

/// The ops whose parser starts with `[async] [[deps]]`: MLIR's `custom<AsyncDependencies>`
/// directive, or `gpu.launch`'s and `gpu.launch_func`'s own parsers, which read the same.
pub(super) const ASYNC_OPS: &[&str] = &[
    "gpu.alloc",
    "gpu.create_2to4_spmat",
    "gpu.create_bsr",
    "gpu.create_coo",
    "gpu.create_coo_aos",
    "gpu.create_csc",
    "gpu.create_csr",
    "gpu.create_dn_tensor",
    "gpu.dealloc",
    "gpu.destroy_dn_tensor",
    "gpu.destroy_sp_mat",
    "gpu.launch",
    "gpu.memcpy",
    "gpu.memset",
    "gpu.sddmm",
    "gpu.sddmm_buffer_size",
    "gpu.set_csr_pointers",
    "gpu.spgemm_copy",
    "gpu.spgemm_create_descr",
    "gpu.spgemm_destroy_descr",
    "gpu.spgemm_work_estimation_or_compute",
    "gpu.spmat_get_size",
    "gpu.spmm",
    "gpu.spmm_buffer_size",
    "gpu.spmv",
    "gpu.spmv_buffer_size",
];

/// The cases of MLIR's `gpu::AllReduceOperation`, as written.
const KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "minimumf", "maximumf",
];

/// `[kind] %value ...`: a kind that is none of `KINDS` is reported where the parser
/// stands after reading it.
pub(super) fn reduction(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::Keyword(keyword)) = r.peek() else {
        return Step::Unknown;
    };
    let Some(word) = keyword.name_token() else {
        return Step::Unknown;
    };
    if KINDS.contains(&word.text()) {
        return Step::Done;
    }
    r.next += 1;
    match r.here() {
        Some(at) => failed(r.custom_error("invalid op kind", at)),
        None => Step::Unknown,
    }
}

/// `[async] [[deps]] @kernel blocks in (...) threads in (...) ... [args(%v : type, ...)]`:
/// the kernel is a symbol, not a string, and an argument is a value and its type only.
pub(super) fn launch_func(r: &mut Reader<'_, '_>) -> Step {
    if let Err(step) = async_keyword(r) {
        return step;
    }
    if let Some(CustomOpItem::Group(deps)) = r.peek()
        && deps.delimiter() == GroupDelimiter::Bracket
    {
        r.next += 1;
    }
    match r.peek() {
        Some(CustomOpItem::SymbolRef(_)) => {}
        Some(CustomOpItem::Attribute(ast::Attribute::Literal(literal)))
            if literal
                .syntax()
                .first_token()
                .is_some_and(|t| t.kind() == SyntaxKind::STRING) =>
        {
            let at = literal.syntax().text_range();
            return failed(r.custom_error("invalid kind of attribute specified", at));
        }
        _ => return Step::Unknown,
    }
    let Some(args) = r.items.iter().position(|i| i.is_keyword("args")) else {
        return Step::Done;
    };
    match r.items.get(args + 1) {
        Some(CustomOpItem::Group(group)) if group.delimiter() == GroupDelimiter::Paren => {
            kernel_arguments(group)
        }
        _ => Step::Unknown,
    }
}

/// `%v : type, ...`: after a type, the list goes on or ends.
fn kernel_arguments(group: &ast::Group) -> Step {
    let items: Vec<CustomOpItem> = group.items().collect();
    let mut i = 0;
    while i < items.len() {
        let shape = (items.get(i), items.get(i + 1), items.get(i + 2));
        let (Some(CustomOpItem::ValueUse(_)), Some(colon), Some(ty @ CustomOpItem::Type(_))) =
            shape
        else {
            return Step::Unknown;
        };
        if !colon.is_token(SyntaxKind::COLON) {
            return Step::Unknown;
        }
        match items.get(i + 3) {
            None => return Step::Done,
            Some(comma) if comma.is_token(SyntaxKind::COMMA) => i += 4,
            Some(_) => {
                let at = wrong_token_at(item_range(ty).end());
                return failed(plain_error("expected ')' in argument list", at));
            }
        }
    }
    Step::Done
}

/// `[async]`: the keyword gives the op an async token as its result, which the parser
/// wants named (`%t = gpu.wait async`). Whether the keyword was there.
fn async_keyword(r: &mut Reader<'_, '_>) -> Result<bool, Step> {
    let at = r.here();
    if !r.eat_keyword("async") {
        return Ok(false);
    }
    match at {
        Some(at) if !r.has_result_list() => Err(failed(
            r.custom_error("needs to be named when marked 'async'", at),
        )),
        _ => Ok(true),
    }
}

/// An op of `ASYNC_OPS` whose other items are not read here: `[async] ...`.
pub(super) fn async_dependencies(r: &mut Reader<'_, '_>) -> Step {
    match async_keyword(r) {
        Ok(_) => Step::Done,
        Err(step) => step,
    }
}

/// `gpu.wait [async] [[deps]] [{attrs}]`: the op has a result only when `async`, and the
/// result list must name as many as it has.
pub(super) fn wait(r: &mut Reader<'_, '_>) -> Step {
    let is_async = match async_keyword(r) {
        Ok(is_async) => is_async,
        Err(step) => return step,
    };
    if matches!(r.peek(), Some(CustomOpItem::Group(_)))
        && r.value_group(GroupDelimiter::Bracket).is_none()
    {
        return Step::Unknown;
    }
    r.eat_attr_dict();
    if r.peek().is_some() {
        return Step::Unknown;
    }
    match result_binding_check(&r.node, u64::from(is_async)) {
        Some(error) => failed(error),
        None => Step::Done,
    }
}

/// `gpu.func @name(args) [-> results] ...`: the argument and result lists as `func.func`
/// reads them, then arguments that are named, as a kernel's body refers to them; the
/// error stands at the list's `(`.
pub(super) fn func(r: &mut Reader<'_, '_>) -> Step {
    let Some(CustomOpItem::SymbolRef(_)) = r.peek() else {
        return Step::Unknown;
    };
    let Some(CustomOpItem::Group(arguments)) = r.items.get(r.next + 1).cloned() else {
        return Step::Unknown;
    };
    if arguments.delimiter() != GroupDelimiter::Paren {
        return Step::Unknown;
    }
    r.next += 2;
    if let Some(error) =
        arguments_failure(r.name(), &arguments).or_else(|| results_failure(&r.items[r.next..]))
    {
        return failed(error);
    }
    let unnamed = arguments
        .items()
        .next()
        .is_some_and(|first| !matches!(first, CustomOpItem::ValueUse(_)));
    let Some(open) = arguments.syntax().first_token() else {
        return Step::Unknown;
    };
    if unnamed {
        let message = "gpu.func requires named arguments";
        return failed(r.custom_error(message, open.text_range()));
    }
    Step::Done
}
