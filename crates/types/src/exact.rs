//! Which types we model exactly, so that equality of our values is MLIR's, and when two
//! types are surely different: every check that compares types asks this, and a type we
//! keep as text (a dialect type, an attribute we do not read) never surely differs.

use super::values::{Attr, Layout, Type};

/// Are two types surely different types in MLIR? Only when both are types we read
/// exactly; a dialect type or attribute we keep as text may have other spellings.
pub fn surely_differ(a: &Type, b: &Type) -> bool {
    a != b && exact(a) && exact(b)
}

/// A type whose every part we model, so that equality is MLIR's.
pub fn exact(ty: &Type) -> bool {
    match ty {
        Type::Integer(_) | Type::Float(_) | Type::Index | Type::None => true,
        Type::Complex(t) | Type::UnrankedTensor(t) => exact(t),
        Type::Tuple(types) => types.iter().all(exact),
        Type::Function(f) => f.inputs.iter().chain(&f.results).all(exact),
        Type::Vector(v) => exact(&v.element),
        Type::RankedTensor(t) => exact(&t.element) && t.encoding.as_ref().is_none_or(exact_attr),
        Type::MemRef(m) => {
            exact(&m.element)
                && !matches!(m.layout, Layout::Other(_))
                && m.memory_space.as_ref().is_none_or(exact_attr)
        }
        Type::UnrankedMemRef(m) => {
            exact(&m.element) && m.memory_space.as_ref().is_none_or(exact_attr)
        }
        Type::Opaque(_) | Type::Error => false,
    }
}

/// Attributes inside types (encodings, memory spaces) that we model exactly.
fn exact_attr(attr: &Attr) -> bool {
    match attr {
        Attr::Integer(_) | Attr::String(_) | Attr::Unit | Attr::SymbolRef(_) => true,
        Attr::Array(items) => items.iter().all(exact_attr),
        Attr::Dictionary(entries) => entries.iter().all(|(_, a)| exact_attr(a)),
        Attr::Type(t) => exact(t),
        _ => false,
    }
}
