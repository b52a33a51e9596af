//! The implicit conversions a value undergoes when it is stored in a field or passed as a
//! template argument (`7` into a `bits<4>`, `1` into a `bit`, a record into a class type
//! it derives from).

use super::init::Init;
use super::types::Ty;

/// The value a field of type `ty` holds before anything is assigned to it: `?`, or for
/// `bits<N>`, N unset bits.
pub(crate) fn unset_of(ty: &Ty) -> Init {
    match ty {
        Ty::Bits(width) => Init::Bits(vec![Init::Unset; *width as usize].into()),
        _ => Init::Unset,
    }
}

/// Converts `value` for storing into a `ty`; `None` if it cannot be. Unresolved values
/// pass (they are converted once resolved). `is_a(record, class)` says whether a record
/// derives from a class.
pub(crate) fn convert(value: Init, ty: &Ty, is_a: &dyn Fn(usize, &str) -> bool) -> Option<Init> {
    if !value.is_concrete() && !matches!(value, Init::List(_) | Init::Bits(_) | Init::Dag(_)) {
        return Some(value);
    }
    match (ty, value) {
        (_, Init::Unset) => Some(unset_of(ty)),
        (Ty::Bit, Init::Bit(bit)) => Some(Init::Bit(bit)),
        (Ty::Bit, Init::Int(value)) if value == 0 || value == 1 => Some(Init::Bit(value == 1)),
        (Ty::Bit, Init::Bits(bits)) if bits.len() == 1 => Some(bits[0].clone()),
        (Ty::Int, Init::Int(value)) => Some(Init::Int(value)),
        (Ty::Int, Init::Bit(bit)) => Some(Init::Int(bit as i64)),
        (Ty::Int, Init::Bits(bits)) => super::init::bits_value(&bits).map(Init::Int),
        (Ty::Bits(width), Init::Int(value)) => int_to_bits(value, *width),
        (Ty::Bits(1), Init::Bit(bit)) => Some(Init::Bits(vec![Init::Bit(bit)].into())),
        (Ty::Bits(width), Init::Bits(bits)) if bits.len() == *width as usize => {
            Some(Init::Bits(bits))
        }
        (Ty::String | Ty::Code, Init::Str(text)) => Some(Init::Str(text)),
        (Ty::String | Ty::Code, Init::Code(text)) => Some(Init::Code(text)),
        (Ty::Dag, Init::Dag(dag)) => Some(Init::Dag(dag)),
        (Ty::List(element), Init::List(items)) => {
            let items: Option<Vec<Init>> = items
                .iter()
                .map(|item| convert(item.clone(), element, is_a))
                .collect();
            Some(Init::List(items?.into()))
        }
        (Ty::Class(class), Init::Def(record)) if is_a(record, class) => Some(Init::Def(record)),
        (_, value) if !value.is_concrete() => Some(value),
        _ => None,
    }
}

/// An integer as `width` bits, if it fits (as a signed or an unsigned number).
fn int_to_bits(value: i64, width: u32) -> Option<Init> {
    if width < 64 {
        let fits_unsigned = value >= 0 && (value as u64) < (1u64 << width);
        let fits_signed = value < 0 && value >= -(1i64 << (width.max(1) - 1));
        if !fits_unsigned && !fits_signed {
            return None;
        }
    }
    let bits: Vec<Init> = (0..width)
        .map(|index| Init::Bit(index < 64 && (value >> index) & 1 == 1))
        .collect();
    Some(Init::Bits(bits.into()))
}
