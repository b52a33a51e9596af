//! MLIR's parser rule that a value has one type (checks stage): each use of `%x` must name
//! the type of the earlier uses and of its definition, in text order. A use before the
//! definition (a forward reference) fixes the type the definition must then have.

use crate::diagnostic::{Diagnostic, Note};
use mlir_hir::Resolution;
use mlir_types::{Type, surely_differ};

use super::facts::Facts;

/// What the parser knows of a value's type at some point of the text.
enum Prior {
    /// Not seen yet.
    Unseen,
    /// Seen where we cannot read the type.
    Unknown,
    /// Seen with this type, at this name (a use, or the definition).
    Known(Type, u32, bool),
}

pub(super) fn check(facts: &Facts, resolution: &Resolution) -> Vec<Diagnostic> {
    let mut typed: Vec<Option<&Type>> = vec![None; facts.name_ranges.len()];
    for u in &facts.uses {
        typed[u.name as usize] = Some(&u.ty);
    }
    // (definition, result number, use), in text order.
    let mut uses: Vec<(u32, u32, u32)> = Vec::new();
    for (name, target) in resolution.targets.iter().enumerate() {
        let name = name as u32;
        if let Some(def) = *target
            && def != name
            && facts.defs.get(def as usize).is_some_and(Option::is_some)
        {
            let result = facts.result_numbers.get(name as usize).copied();
            uses.push((def, result.unwrap_or(0), name));
        }
    }
    let uses = by_value(uses, facts.name_ranges.len());
    let mut out = Vec::new();
    for value in uses.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let (def, result, _) = value[0];
        let names: Vec<u32> = value.iter().map(|u| u.2).collect();
        check_value(facts, &typed, def, result, &names, &mut out);
    }
    out
}

/// `uses` (in text order) sorted by definition and result number, each value's uses
/// still in text order. A counting sort by definition: a comparison sort of every use of
/// a body cost more than checking them.
fn by_value(uses: Vec<(u32, u32, u32)>, names: usize) -> Vec<(u32, u32, u32)> {
    let mut starts = vec![0u32; names + 1];
    for &(def, _, _) in &uses {
        starts[def as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut sorted = vec![(0, 0, 0); uses.len()];
    for u in uses {
        let slot = &mut starts[u.0 as usize];
        sorted[*slot as usize] = u;
        *slot += 1;
    }
    // The uses of one definition with several results: by result, each in text order.
    for group in sorted.chunk_by_mut(|a, b| a.0 == b.0) {
        if group.iter().any(|u| u.1 != group[0].1) {
            group.sort_by_key(|u| u.1);
        }
    }
    sorted
}

/// Walks the uses of result `result` of definition `def` in text order.
fn check_value(
    facts: &Facts,
    typed: &[Option<&Type>],
    def: u32,
    result: u32,
    uses: &[u32],
    out: &mut Vec<Diagnostic>,
) {
    let Some(def_types) = &facts.defs[def as usize] else {
        return;
    };
    let def_type = def_types.types.get(result as usize).cloned().flatten();
    let mut prior = Prior::Unseen;
    let mut defined = false;
    for &name in uses {
        if !defined && facts.name_ranges[name as usize].start() >= def_types.at {
            defined = true;
            prior = at_definition(facts, def, result, def_type.clone(), prior, out);
        }
        let ty = typed[name as usize];
        prior = match (prior, ty) {
            (Prior::Unseen, Some(ty)) => Prior::Known(ty.clone(), name, false),
            (Prior::Unseen | Prior::Unknown, _) => Prior::Unknown,
            (Prior::Known(known, at, is_def), Some(ty)) => {
                if surely_differ(ty, &known) {
                    out.push(use_mismatch(facts, name, ty, &known, at));
                }
                Prior::Known(known, at, is_def)
            }
            (known @ Prior::Known(..), None) => known,
        };
    }
    if !defined {
        at_definition(facts, def, result, def_type, prior, out);
    }
}

/// Is `d` a use of a value with another type than its earlier uses? MLIR finds it while
/// the use's op parses.
pub fn is_use_mismatch(d: &Diagnostic) -> bool {
    d.code == CODE && d.message.starts_with(USE_MISMATCH)
}

/// Is `d` a result with another type than its forward uses gave it? MLIR finds it when
/// it binds the op's results, after the op parsed.
pub fn is_definition_mismatch(d: &Diagnostic) -> bool {
    d.code == CODE && d.message.starts_with(DEFINITION_MISMATCH)
}

const CODE: &str = "value-type";
const USE_MISMATCH: &str = "use of value";
const DEFINITION_MISMATCH: &str = "definition of SSA value";

/// The definition binds the value: it must have the type its forward uses gave it.
fn at_definition(
    facts: &Facts,
    def: u32,
    result: u32,
    def_type: Option<Type>,
    prior: Prior,
    out: &mut Vec<Diagnostic>,
) -> Prior {
    let Some(def_type) = def_type else {
        return Prior::Unknown;
    };
    if let Prior::Known(used, at, false) = &prior
        && surely_differ(&def_type, used)
    {
        let name = facts.text(def);
        let message = format!("{DEFINITION_MISMATCH} '{name}#{result}' has type '{def_type}'");
        let mut d = Diagnostic::error(CODE, message, facts.name_ranges[def as usize]);
        d.notes.push(Note {
            range: facts.name_ranges[*at as usize],
            message: format!("previously used here with type '{used}'"),
        });
        out.push(d);
    }
    Prior::Known(def_type, def, true)
}

fn use_mismatch(facts: &Facts, name: u32, ty: &Type, prior: &Type, at: u32) -> Diagnostic {
    let text = facts.text(name);
    let message = format!(
        "{USE_MISMATCH} '{text}' expects different type than prior uses: '{ty}' vs '{prior}'"
    );
    let mut d = Diagnostic::error(CODE, message, facts.name_ranges[name as usize]);
    d.notes.push(Note {
        range: facts.name_ranges[at as usize],
        message: "prior use here".to_string(),
    });
    d
}

#[cfg(test)]
mod tests {
    #[test]
    fn uses_sorted_by_value_keep_text_order_within_each() {
        // (definition, result, use), in text order of the uses.
        let uses = vec![
            (5, 0, 6),
            (2, 1, 7),
            (2, 0, 8),
            (5, 0, 9),
            (2, 1, 10),
            (0, 0, 11),
        ];
        let mut expected = uses.clone();
        expected.sort_unstable();
        assert_eq!(super::by_value(uses, 12), expected);
        assert_eq!(super::by_value(Vec::new(), 0), Vec::new());
    }
}
