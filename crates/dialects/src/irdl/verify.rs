//! Verifying an op against its IRDL definition (IRDL stage), as `mlir-opt --irdl-file`
//! does: segment sizes (counts, or `operandSegmentSizes`/`resultSegmentSizes` when
//! several lists vary), attributes, operands and results against their constraint
//! variables, then regions. A variable binds to the first value it accepts, so `%0` used
//! twice means "equal". Values are attributes, as in MLIR (a type is a type attribute).
//! `c_pred` cannot be evaluated without C++ and accepts everything.

use mlir_syntax::TextRange;

use crate::registry::Variadicity;
use mlir_types::{Attr, Type};

use super::constraint::Verifier;
use super::{IrdlDefinition, IrdlDialect, IrdlRegion, IrdlValue};

/// What the verifier sees of one op.
#[derive(Debug, Default)]
pub struct OpInstance {
    /// `d.op`, for messages.
    pub name: String,
    pub operands: Vec<Type>,
    pub results: Vec<Type>,
    /// The attribute dictionary's entries.
    pub attributes: Vec<(String, Attr)>,
    pub regions: Vec<RegionShape>,
}

/// What the verifier sees of one region: its blocks and its entry block's arguments.
#[derive(Debug, Default)]
pub struct RegionShape {
    pub blocks: usize,
    pub entry_args: Vec<(Type, TextRange)>,
}

/// A verification failure in `mlir-opt`'s words; at the op's name unless `at` says, and
/// then with a note "see the operation" at the op.
#[derive(Debug, PartialEq, Eq)]
pub struct IrdlFailure {
    pub message: String,
    pub at: Option<TextRange>,
}

impl IrdlFailure {
    fn at_op(message: String) -> IrdlFailure {
        IrdlFailure { message, at: None }
    }
}

/// The failures of an op of definition `def`: the first of its values, and the first of
/// its regions (MLIR runs both verifiers); `dialects` resolve `parametric`/`base` names.
pub fn verify_op(
    def: &IrdlDefinition,
    dialects: &[IrdlDialect],
    op: &OpInstance,
) -> Vec<IrdlFailure> {
    let mut verifier = Verifier::new(def, dialects);
    let mut out: Vec<IrdlFailure> = values_failure(def, op, &mut verifier)
        .into_iter()
        .map(IrdlFailure::at_op)
        .collect();
    out.extend(regions_failure(def, op, &mut verifier));
    out
}

fn values_failure(
    def: &IrdlDefinition,
    op: &OpInstance,
    verifier: &mut Verifier<'_>,
) -> Option<String> {
    let operand_sizes = match segments(&def.operands, "operand", op.operands.len(), &op.attributes)
    {
        Ok(sizes) => sizes,
        Err(message) => return Some(message),
    };
    let result_sizes = match segments(&def.results, "result", op.results.len(), &op.attributes) {
        Ok(sizes) => sizes,
        Err(message) => return Some(message),
    };
    for (name, var) in &def.attributes {
        let Some((_, value)) = op.attributes.iter().find(|(n, _)| n == name) else {
            return Some(format!(
                "'{}' op attribute \"{name}\" is expected but not provided",
                op.name
            ));
        };
        if let Err(message) = verifier.check(*var, value) {
            return Some(message);
        }
    }
    let operands = segment_values(&def.operands, &operand_sizes, &op.operands);
    let results = segment_values(&def.results, &result_sizes, &op.results);
    for (var, ty) in operands.chain(results) {
        if let Err(message) = verifier.check(var, &Attr::Type(ty.clone())) {
            return Some(message);
        }
    }
    None
}

/// The region count, then each region's block count and entry arguments.
fn regions_failure(
    def: &IrdlDefinition,
    op: &OpInstance,
    verifier: &mut Verifier<'_>,
) -> Option<IrdlFailure> {
    let expected: &[IrdlRegion] = def.regions.as_deref().unwrap_or_default();
    if op.regions.len() != expected.len() {
        return Some(IrdlFailure::at_op(format!(
            "'{}' op unexpected number of regions: expected {} but got {}",
            op.name,
            expected.len(),
            op.regions.len()
        )));
    }
    for (i, (constraint, region)) in expected.iter().zip(&op.regions).enumerate() {
        if let Some(failure) = region_failure(i, constraint, region, verifier) {
            return Some(failure);
        }
    }
    None
}

fn region_failure(
    index: usize,
    constraint: &IrdlRegion,
    region: &RegionShape,
    verifier: &mut Verifier<'_>,
) -> Option<IrdlFailure> {
    if let Some(blocks) = constraint.blocks
        && blocks as usize != region.blocks
    {
        return Some(IrdlFailure::at_op(format!(
            "expected region {index} to have {blocks} block(s) but got {}",
            region.blocks
        )));
    }
    let args = constraint.args.as_ref()?;
    if args.len() != region.entry_args.len() {
        let message = format!(
            "expected region {index} to have {} arguments but got {}",
            args.len(),
            region.entry_args.len()
        );
        // MLIR reports at the first argument when there is one.
        let at = region.entry_args.first().map(|(_, at)| *at);
        return Some(IrdlFailure { message, at });
    }
    for (var, (ty, at)) in args.iter().zip(&region.entry_args) {
        if let Err(message) = verifier.check(*var, &Attr::Type(ty.clone())) {
            return Some(IrdlFailure {
                message,
                at: Some(*at),
            });
        }
    }
    None
}

/// How many values each declaration takes; `Err` with MLIR's message when the values
/// cannot fit. Several optional or variadic declarations read `{elem}SegmentSizes`.
fn segments(
    decls: &[IrdlValue],
    elem: &str,
    count: usize,
    attributes: &[(String, Attr)],
) -> Result<Vec<usize>, String> {
    let singles = decls
        .iter()
        .filter(|d| d.variadicity == Variadicity::Single)
        .count();
    let others: Vec<_> = decls
        .iter()
        .filter(|d| d.variadicity != Variadicity::Single)
        .collect();
    match others.as_slice() {
        [] if count != singles => Err(format!(
            "op expects exactly {singles} {elem}s, but got {count}"
        )),
        [] => Ok(vec![1; decls.len()]),
        [only] => {
            if count < singles {
                return Err(format!(
                    "op expects at least {singles} {elem}s, but got {count}"
                ));
            }
            if only.variadicity == Variadicity::Optional && count > singles + 1 {
                return Err(format!(
                    "op expects at most {} {elem}s, but got {count}",
                    singles + 1
                ));
            }
            let rest = count - singles;
            Ok(decls
                .iter()
                .map(|d| match d.variadicity {
                    Variadicity::Single => 1,
                    _ => rest,
                })
                .collect())
        }
        _ => segments_from_attribute(decls, elem, count, attributes),
    }
}

/// `operandSegmentSizes = array<i32: 1, 0, 2>`, checked against the declarations.
fn segments_from_attribute(
    decls: &[IrdlValue],
    elem: &str,
    count: usize,
    attributes: &[(String, Attr)],
) -> Result<Vec<usize>, String> {
    let name = format!("{elem}SegmentSizes");
    let Some((_, value)) = attributes.iter().find(|(n, _)| *n == name) else {
        return Err(format!("'{name}' attribute is expected but not provided"));
    };
    let sizes: Vec<i128> = match value {
        Attr::DenseArray(array) if array.0.is_signless_int(32) => array
            .1
            .iter()
            .map(|v| match v {
                Attr::Integer(int) => int.value_i128().unwrap_or(0),
                _ => 0,
            })
            .collect(),
        _ => {
            return Err(format!(
                "'{name}' attribute is expected to be a dense i32 array"
            ));
        }
    };
    if sizes.len() != decls.len() {
        return Err(format!(
            "'{name}' attribute for specifying {elem} segments must have {} elements, but got {}",
            decls.len(),
            sizes.len()
        ));
    }
    for (i, (size, decl)) in sizes.iter().zip(decls).enumerate() {
        if *size < 0 {
            return Err(format!(
                "'{name}' attribute for specifying {elem} segments must have non-negative values"
            ));
        }
        match decl.variadicity {
            Variadicity::Single if *size != 1 => {
                return Err(format!(
                    "element {i} in '{name}' attribute must be equal to 1"
                ));
            }
            Variadicity::Optional if *size > 1 => {
                return Err(format!(
                    "element {i} in '{name}' attribute must be equal to 0 or 1"
                ));
            }
            _ => {}
        }
    }
    if sizes.iter().sum::<i128>() != count as i128 {
        return Err(format!(
            "sum of elements in '{name}' attribute must be equal to the number of {elem}s"
        ));
    }
    Ok(sizes.into_iter().map(|s| s as usize).collect())
}

/// Each value with the constraint variable of its declaration.
fn segment_values<'a>(
    decls: &'a [IrdlValue],
    sizes: &'a [usize],
    types: &'a [Type],
) -> impl Iterator<Item = (usize, &'a Type)> + 'a {
    let vars = decls
        .iter()
        .zip(sizes)
        .flat_map(|(d, size)| std::iter::repeat_n(d.constraint, *size));
    vars.zip(types)
}
