//! Hand-written directives of the `scf` ops whose headers MLIR parses in C++ (registry
//! stage): the loop headers of `scf.for`, `scf.forall` and `scf.parallel`, the
//! assignments and function type of `scf.while`, the cases of `scf.index_switch` and the
//! optional `-> types` of `scf.if` and `scf.execute_region`. The loop headers declare the
//! entry arguments of the body; each is bound as a region argument with the type MLIR's
//! parser gives it: written (`iter_args` take the result types listed after `->`) or
//! implied (induction variables are `index` unless a type is written).

use mlir_syntax::TextRange;
use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};

use super::atoms::{Atom, Cursor};
use super::format::Element;
use super::hooks::{arg_name, bind_operands_of};
use super::matched::{AttrValue, RegionArg, WrittenType};
use super::matcher::Matcher;
use mlir_types::Type;

/// Binds the entry arguments of the op's body, each with its type.
fn bind_region_args(m: &mut Matcher<'_>, values: Vec<ast::ValueUse>, types: &[WrittenType]) {
    for (value, ty) in values.into_iter().zip(types) {
        m.bind_region_arg(RegionArg {
            value,
            ty: Some(ty.clone()),
        });
    }
}

/// `index`, implied right after what was read last.
fn implied_index(m: &Matcher<'_>) -> WrittenType {
    WrittenType::Implied {
        ty: Type::Index,
        at: m.range_since(None),
    }
}

fn is_paren_next(c: &Cursor<'_>) -> bool {
    matches!(c.peek(), Some(Atom::Open(GroupDelimiter::Paren, _)))
}

/// The types after `->` (MLIR's function result types): `(t, ...)` or a single type.
fn arrow_types(c: &mut Cursor<'_>) -> Option<Vec<WrittenType>> {
    if c.eat_open(GroupDelimiter::Paren).is_none() {
        return Some(vec![c.ty()?]);
    }
    let types = c.type_list();
    c.eat_close(GroupDelimiter::Paren).then_some(types)
}

/// `(%arg = %value, ...)`: the arguments declared and the values assigned to them.
fn assignments(c: &mut Cursor<'_>) -> Option<(Vec<ast::ValueUse>, Vec<ast::ValueUse>)> {
    c.eat_open(GroupDelimiter::Paren)?;
    let pairs = c.list(|c| {
        let arg = c.value_use()?;
        c.eat_token("=")?;
        Some((arg, c.value_use()?))
    });
    c.eat_close(GroupDelimiter::Paren).then_some(())?;
    Some(pairs.into_iter().unzip())
}

/// `(%a, %b)`: a parenthesised list of values.
fn value_group(c: &mut Cursor<'_>) -> Option<Vec<ast::ValueUse>> {
    c.eat_open(GroupDelimiter::Paren)?;
    let values = c.value_use_list();
    c.eat_close(GroupDelimiter::Paren).then_some(values)
}

/// `(%a, 4, %b)`: values and integers mixed (MLIR's dynamic index list); returns the
/// values, which are the operands.
fn mixed_group(c: &mut Cursor<'_>) -> Option<Vec<ast::ValueUse>> {
    c.eat_open(GroupDelimiter::Paren)?;
    let entries = c.list(|c| {
        if let Some(value) = c.value_use() {
            return Some(Some(value));
        }
        c.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Attribute(ast::Attribute::Literal(_))) => Some(None),
            _ => None,
        })
    });
    c.eat_close(GroupDelimiter::Paren).then_some(())?;
    Some(entries.into_iter().flatten().collect())
}

/// `-> t` or `-> (t, ...)`, if written. Args: the results' types.
pub(super) fn optional_arrow_type_list(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    if m.cursor.eat_token("->").is_none() {
        return Some(());
    }
    let types = arrow_types(&mut m.cursor)?;
    m.bind_types(args.first()?, types)
}

/// `scf.for`'s `[unsigned] %iv = %lb to %ub step %step [iter_args(%a = %init, ...) ->
/// types] [: type]`. The bounds, the step and the induction variable have the written
/// type, else `index`; each iter_arg and its initial value have the type of the result
/// at its position. Args: the `unsigned` flag, the lower bound, upper bound and step,
/// the bounds' type, the initial values and their types, the results' types.
pub(super) fn for_header(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    if m.cursor.eat_word("unsigned") {
        let range = m.range_since(start);
        m.bind_attr(arg_name(args, 0)?, AttrValue::Present, range);
    }
    let iv = m.cursor.value_use()?;
    m.cursor.eat_token("=")?;
    let lb = m.cursor.value_use()?;
    m.cursor.eat_word("to").then_some(())?;
    let ub = m.cursor.value_use()?;
    m.cursor.eat_word("step").then_some(())?;
    let step = m.cursor.value_use()?;
    let (iter_args, inits, results) = match m.cursor.eat_word("iter_args") {
        true => {
            let (iter_args, inits) = assignments(&mut m.cursor)?;
            m.cursor.eat_token("->")?;
            (iter_args, inits, arrow_types(&mut m.cursor)?)
        }
        false => Default::default(),
    };
    // MLIR: "mismatch in number of loop-carried values and defined values".
    if iter_args.len() != results.len() {
        return None;
    }
    let bound_type = match m.cursor.eat_token(":") {
        Some(_) => m.cursor.ty()?,
        None => implied_index(m),
    };
    bind_operands_of(m, args, 1, vec![lb])?;
    bind_operands_of(m, args, 2, vec![ub])?;
    bind_operands_of(m, args, 3, vec![step])?;
    m.bind_types(args.get(4)?, vec![bound_type.clone()])?;
    bind_operands_of(m, args, 5, inits)?;
    m.bind_types(args.get(6)?, results.clone())?;
    m.bind_types(args.get(7)?, results.clone())?;
    bind_region_args(m, vec![iv], &[bound_type]);
    bind_region_args(m, iter_args, &results);
    Some(())
}

/// `scf.forall`'s `(%i, ...) in (ubs)` or `(%i, ...) = (lbs) to (ubs) step (steps)`, where
/// each bound is a value or an integer, then `[shared_outs(%o = %init, ...) -> types]`.
/// The induction variables are `index`; each shared output and its initial value have
/// the type of the result at its position. The integer bounds form the static bound
/// attributes, with a placeholder where a value is written; they are left unbound. Args:
/// the dynamic lower bounds, upper bounds and steps, the static lower bounds, upper
/// bounds and steps, the initial values of the outputs and their types, the results'
/// types.
pub(super) fn forall_header(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let ivs = value_group(&mut m.cursor)?;
    let (lbs, ubs, steps) = match m.cursor.eat_word("in") {
        true => (Vec::new(), mixed_group(&mut m.cursor)?, Vec::new()),
        false => {
            m.cursor.eat_token("=")?;
            let lbs = mixed_group(&mut m.cursor)?;
            m.cursor.eat_word("to").then_some(())?;
            let ubs = mixed_group(&mut m.cursor)?;
            m.cursor.eat_word("step").then_some(())?;
            (lbs, ubs, mixed_group(&mut m.cursor)?)
        }
    };
    let (outs, inits, results) = match m.cursor.eat_word("shared_outs") {
        true => {
            let (outs, inits) = assignments(&mut m.cursor)?;
            let results = match m.cursor.eat_token("->") {
                Some(_) => arrow_types(&mut m.cursor)?,
                None => Vec::new(),
            };
            (outs, inits, results)
        }
        false => Default::default(),
    };
    if inits.len() != results.len() {
        return None;
    }
    bind_loop(m, args, [lbs, ubs, steps, inits], [6, 7, 8], &results, ivs)?;
    bind_region_args(m, outs, &results);
    Some(())
}

/// Binds a multi-dimensional loop's bounds and steps (arguments 0 to 2), its initial
/// values and their types and its results' types (`inits_at`), and types its `index`
/// induction variables.
fn bind_loop(
    m: &mut Matcher<'_>,
    args: &[Element],
    [lbs, ubs, steps, inits]: [Vec<ast::ValueUse>; 4],
    inits_at: [usize; 3],
    results: &[WrittenType],
    ivs: Vec<ast::ValueUse>,
) -> Option<()> {
    let index = implied_index(m);
    bind_operands_of(m, args, 0, lbs)?;
    bind_operands_of(m, args, 1, ubs)?;
    bind_operands_of(m, args, 2, steps)?;
    bind_operands_of(m, args, inits_at[0], inits)?;
    m.bind_types(args.get(inits_at[1])?, results.to_vec())?;
    m.bind_types(args.get(inits_at[2])?, results.to_vec())?;
    let index_types = vec![index; ivs.len()];
    bind_region_args(m, ivs, &index_types);
    Some(())
}

/// `scf.parallel`'s `(%i, ...) = (lbs) to (ubs) step (steps) [init (%v, ...)] [-> types]`,
/// with one bound and step per induction variable. The induction variables are `index`;
/// the initial values have the result types. Args: the lower bounds, upper bounds and
/// steps, the initial values and their types, the results' types.
pub(super) fn parallel_header(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let ivs = value_group(&mut m.cursor)?;
    m.cursor.eat_token("=")?;
    let lbs = value_group(&mut m.cursor)?;
    m.cursor.eat_word("to").then_some(())?;
    let ubs = value_group(&mut m.cursor)?;
    m.cursor.eat_word("step").then_some(())?;
    let steps = value_group(&mut m.cursor)?;
    // MLIR: "expected N operands" for a bound list of another length.
    if [&lbs, &ubs, &steps]
        .iter()
        .any(|list| list.len() != ivs.len())
    {
        return None;
    }
    let inits = match m.cursor.eat_word("init") {
        true => value_group(&mut m.cursor)?,
        false => Vec::new(),
    };
    let results = match m.cursor.eat_token("->") {
        Some(_) => arrow_types(&mut m.cursor)?,
        None => Vec::new(),
    };
    // MLIR: "number of operands and types do not match".
    if inits.len() != results.len() {
        return None;
    }
    bind_loop(m, args, [lbs, ubs, steps, inits], [3, 4, 5], &results, ivs)
}

/// `scf.while`'s `[(%arg = %init, ...)] : (inputs) -> results`: the arguments of the
/// "before" region, with the input types, which are also the initial values' types.
/// Args: the initial values, their types, the results' types.
pub(super) fn while_header(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let (before_args, inits) = match is_paren_next(&m.cursor) {
        true => assignments(&mut m.cursor)?,
        false => Default::default(),
    };
    m.cursor.eat_token(":")?;
    let (inputs, results, _) = m.cursor.function_type_parts()?;
    // MLIR: "expected as many input types as operands".
    if inputs.len() != inits.len() {
        return None;
    }
    bind_operands_of(m, args, 0, inits)?;
    m.bind_types(args.get(1)?, inputs.clone())?;
    m.bind_types(args.get(2)?, results)?;
    bind_region_args(m, before_args, &inputs);
    Some(())
}

/// `scf.index_switch`'s `case 2 {...} case 5 {...}`: each case value and its region.
/// Args: the case values, the case regions.
pub(super) fn switch_cases(m: &mut Matcher<'_>, args: &[Element]) -> Option<()> {
    let start = m.range_start();
    let mut values = Vec::new();
    let mut regions = Vec::new();
    while m.cursor.eat_word("case") {
        values.push(m.attribute_node()?.syntax().clone());
        regions.push(m.cursor.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Region(region)) => Some(region.clone()),
            _ => None,
        })?);
    }
    if !values.is_empty() {
        let range = m.range_since(start);
        m.bind_attr(arg_name(args, 0)?, AttrValue::Elements(values), range);
    }
    let (region, _) = m.spec.region(arg_name(args, 1)?)?;
    m.bind_regions(region, regions)
}

/// Why MLIR's parser rejects the header of a custom `scf.for`, `scf.parallel` or
/// `scf.while` whose lists disagree in length (the hooks above refuse such a header), as
/// the parser's message and where it puts it; `None` for any other header. `name` is the
/// op's full name.
pub fn header_error(name: &str, op: &ast::CustomOp) -> Option<(String, TextRange)> {
    let atoms = super::atoms::atoms(op);
    let mut c = Cursor::new(&atoms);
    let name_range = op.name_token()?.text_range();
    match name {
        "scf.for" => for_header_error(&mut c, name_range),
        "scf.parallel" => parallel_header_error(&mut c, name_range),
        "scf.while" => while_header_error(&mut c),
        _ => None,
    }
}

/// `iter_args` assigning another number of values than the types after `->`.
fn for_header_error(c: &mut Cursor<'_>, name: TextRange) -> Option<(String, TextRange)> {
    c.eat_word("unsigned");
    c.value_use()?;
    c.eat_token("=")?;
    c.value_use()?;
    c.eat_word("to").then_some(())?;
    c.value_use()?;
    c.eat_word("step").then_some(())?;
    c.value_use()?;
    c.eat_word("iter_args").then_some(())?;
    let (iter_args, _) = assignments(c)?;
    c.eat_token("->")?;
    let results = arrow_types(c)?;
    (iter_args.len() != results.len()).then(|| {
        let message = "mismatch in number of loop-carried values and defined values";
        (message.to_string(), name)
    })
}

/// A bound or step list of another length than the induction variables (MLIR reads each
/// list for exactly that many operands), or `init` values and result types that differ
/// in number.
fn parallel_header_error(c: &mut Cursor<'_>, name: TextRange) -> Option<(String, TextRange)> {
    let ivs = value_group(c)?;
    c.eat_token("=")?;
    for keyword in [None, Some("to"), Some("step")] {
        if let Some(keyword) = keyword {
            c.eat_word(keyword).then_some(())?;
        }
        let at = match c.peek()? {
            Atom::Open(GroupDelimiter::Paren, group) => group.text_range(),
            _ => return None,
        };
        if value_group(c)?.len() != ivs.len() {
            return Some((format!("expected {} operands", ivs.len()), at));
        }
    }
    let inits = match c.eat_word("init") {
        true => value_group(c)?,
        false => Vec::new(),
    };
    let results = match c.eat_token("->") {
        Some(_) => arrow_types(c)?,
        None => Vec::new(),
    };
    (inits.len() != results.len()).then(|| {
        let message = format!(
            "number of operands and types do not match: got {} operands and {} types",
            inits.len(),
            results.len()
        );
        (message, name)
    })
}

/// A function type with another number of inputs than the values assigned.
fn while_header_error(c: &mut Cursor<'_>) -> Option<(String, TextRange)> {
    let inits = match is_paren_next(c) {
        true => assignments(c)?.1,
        false => Vec::new(),
    };
    // MLIR reports the mismatch where it began to read the type: at the `:`.
    let at = c.eat_token(":")?.text_range();
    let (inputs, _, _) = c.function_type_parts()?;
    (inputs.len() != inits.len()).then(|| {
        let message = format!(
            "expected as many input types as operands (expected {} got {})",
            inits.len(),
            inputs.len()
        );
        (message, at)
    })
}
