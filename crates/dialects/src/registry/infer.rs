//! Completing a match (registry stage): flattens the bound segments into operand #N and
//! result #N, and fills the types a format leaves out from the traits and type variables
//! that imply them (`arith.addi %a, %b : i32` writes one type for three values), as ODS's
//! generated parsers do.

use mlir_syntax::ast::AstNode;

use super::matched::{OpMatch, ParseFailure, WrittenType};
use super::matcher::{Segments, State};
use super::spec::{OpSpec, Trait, TypeTransform};

/// A value of the op: operand or result #N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Operand(usize),
    Result(usize),
}

pub(crate) fn finish(state: State, spec: &OpSpec, written_results: usize) -> OpMatch {
    let parse_failure = state
        .parse_failure
        .clone()
        .or_else(|| type_count_mismatch(&state));
    let operand_types = flat_operand_types(&state);
    let result_types = flat_result_types(&state, spec, written_results);
    let mut matched = OpMatch {
        operand_segments: state.operands,
        operand_types,
        result_types,
        written_result_types: state.result_types.iter().map(Vec::len).collect(),
        attributes: state.attributes,
        regions: state.regions,
        successors: state.successors,
        region_args: state.region_args,
        attr_dict: state.attr_dict,
        parse_failure,
    };
    let groups = type_groups(spec, &matched);
    // Two rounds: a type variable may be bound through a group filled in the first.
    for _ in 0..2 {
        for group in &groups {
            fill_group(&mut matched, group);
        }
    }
    fill_element_lists(spec, &mut matched);
    matched
}

/// Types the values of a variadic operand that a `TypesMatchWith` gives the element type
/// of a single value (`tensor.from_elements %a, %b : tensor<2xf32>`), as ODS's parser
/// resolves them. A single target is left to the checks, which derive it from the
/// semantic type.
fn fill_element_lists(spec: &OpSpec, matched: &mut OpMatch) {
    for t in &spec.traits {
        let Trait::TypesMatchWith {
            from,
            to,
            transform: TypeTransform::ElementType,
            ..
        } = t
        else {
            continue;
        };
        if spec
            .operand(to)
            .is_none_or(|(_, decl)| decl.variadicity.is_single())
        {
            continue;
        }
        let [source] = slots(spec, matched, from)[..] else {
            continue;
        };
        let Some(shaped) = get(matched, source).cloned() else {
            continue;
        };
        for slot in slots(spec, matched, to) {
            if let Slot::Operand(i) = slot
                && let Some(entry @ None) = matched.operand_types.get_mut(i)
            {
                *entry = Some(WrittenType::ElementOf(Box::new(shaped.clone())));
            }
        }
    }
}

/// The first operand declaration, in the spec's order (which ODS resolves them in),
/// whose values were written with types of another number. Declarations without types
/// written (typed by a trait) or without values are left alone.
pub(crate) fn type_count_mismatch(state: &State) -> Option<ParseFailure> {
    state
        .operands
        .iter()
        .zip(&state.operand_types)
        .find(|(values, types)| {
            !values.is_empty() && !types.is_empty() && values.len() != types.len()
        })
        .map(|(values, types)| ParseFailure::TypeCount {
            operands: values.len(),
            types: types.len(),
            at: values[0].syntax().text_range(),
        })
}

/// The types written for each operand declaration, zipped with its values.
fn flat_operand_types(state: &State) -> Vec<Option<WrittenType>> {
    let mut out = Vec::new();
    for (values, types) in state.operands.iter().zip(&state.operand_types) {
        out.extend((0..values.len()).map(|i| types.get(i).cloned()));
    }
    out
}

/// How many results past the written types a result list may give slots to.
const MAX_UNTYPED_RESULTS: usize = 1 << 12;

/// One type per result: as many results as the op names or the format writes types for.
fn flat_result_types(
    state: &State,
    spec: &OpSpec,
    written_results: usize,
) -> Vec<Option<WrittenType>> {
    let written_types: usize = state.result_types.iter().map(Vec::len).sum();
    // A result list may name more results than the types written (a variadic group typed
    // by a constraint), but not billions (`%r:4000000000`, an error of its own): past a
    // bound the extra results get no slot, where they would get no type anyway.
    let named = written_results.min(written_types.saturating_add(MAX_UNTYPED_RESULTS));
    let total = named.max(written_types);
    let Some(segments) = Segments::of(spec.results.iter().map(|r| r.variadicity), total) else {
        return state
            .result_types
            .iter()
            .flatten()
            .cloned()
            .map(Some)
            .collect();
    };
    let mut out = Vec::with_capacity(total);
    for (types, decl) in state.result_types.iter().zip(&spec.results) {
        out.extend((0..segments.size(decl.variadicity)).map(|i| types.get(i).cloned()));
    }
    out
}

/// The groups of values that share one type, by trait or `SameAs<$x>`.
fn type_groups(spec: &OpSpec, matched: &OpMatch) -> Vec<Vec<Slot>> {
    let operands: Vec<Slot> = (0..matched.operand_types.len())
        .map(Slot::Operand)
        .collect();
    let results: Vec<Slot> = (0..matched.result_types.len()).map(Slot::Result).collect();
    let mut groups = Vec::new();
    for t in &spec.traits {
        match t {
            Trait::SameOperandsAndResultType => {
                groups.push(operands.iter().chain(&results).copied().collect());
            }
            Trait::SameTypeOperands => groups.push(operands.clone()),
            Trait::AllTypesMatch(names) => {
                let lists: Vec<Vec<Slot>> = names.iter().map(|n| slots(spec, matched, n)).collect();
                groups.extend(matching_slots(lists));
            }
            _ => {}
        }
    }
    for value in spec.operands.iter().chain(&spec.results) {
        if let Some(var) = value.constraint.type_variable() {
            let mut group = slots(spec, matched, &value.name);
            group.extend(slots(spec, matched, var));
            groups.push(group);
        }
    }
    groups
}

/// The groups `AllTypesMatch` makes of its values' slots: one group of all when each
/// names one value; element by element when they are variadic (ODS compares their type
/// ranges: `AllTypesMatch<["operands", "results"]>` of `handshake.sync` gives result #1
/// operand #1's type, not operand #0's); none when their lengths differ.
fn matching_slots(lists: Vec<Vec<Slot>>) -> Vec<Vec<Slot>> {
    if lists.iter().all(|list| list.len() <= 1) {
        return vec![lists.into_iter().flatten().collect()];
    }
    let len = lists[0].len();
    if lists.iter().any(|list| list.len() != len) {
        return Vec::new();
    }
    (0..len)
        .map(|i| lists.iter().map(|list| list[i]).collect())
        .collect()
}

/// The slots of the operand or result declared as `name`.
fn slots(spec: &OpSpec, matched: &OpMatch, name: &str) -> Vec<Slot> {
    if let Some((i, _)) = spec.operand(name) {
        let start: usize = matched.operand_segments[..i].iter().map(Vec::len).sum();
        let len = matched.operand_segments[i].len();
        return (start..start + len).map(Slot::Operand).collect();
    }
    let Some((i, _)) = spec.result(name) else {
        return Vec::new();
    };
    let kinds = spec.results.iter().map(|r| r.variadicity);
    let Some(segments) = Segments::of(kinds.clone(), matched.result_types.len()) else {
        return Vec::new();
    };
    let start: usize = kinds.clone().take(i).map(|k| segments.size(k)).sum();
    let len = segments.size(spec.results[i].variadicity);
    (start..start + len).map(Slot::Result).collect()
}

/// Gives every slot of the group without a type the first type known in the group.
fn fill_group(matched: &mut OpMatch, group: &[Slot]) {
    let Some(known) = group.iter().find_map(|s| get(matched, *s).cloned()) else {
        return;
    };
    for slot in group {
        let entry = match *slot {
            Slot::Operand(i) => matched.operand_types.get_mut(i),
            Slot::Result(i) => matched.result_types.get_mut(i),
        };
        if let Some(entry @ None) = entry {
            *entry = Some(known.clone());
        }
    }
}

fn get(matched: &OpMatch, slot: Slot) -> Option<&WrittenType> {
    match slot {
        Slot::Operand(i) => matched.operand_types.get(i)?.as_ref(),
        Slot::Result(i) => matched.result_types.get(i)?.as_ref(),
    }
}
