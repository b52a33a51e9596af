//! Builtin types in words, for hover: what a `memref` is made of (shape, element type,
//! layout read as strides and offset, memory space), a tensor's encoding, a vector's
//! scalable dimensions, what a float format's name means.

use std::fmt::Write;

use mlir_types::{
    AffineExpr, AffineMap, Attr, Dim, FloatKind, Layout, MemRefType, RankedTensorType, Signedness,
    StridedLayout, Type, VectorType,
};

/// A type in words: a first line, then `- ` items where there is more to say.
pub(crate) fn type_words(ty: &Type) -> Option<String> {
    let text = match ty {
        Type::Integer(int) => {
            let kind = match int.signedness {
                Signedness::Signless => "signless",
                Signedness::Signed => "signed",
                Signedness::Unsigned => "unsigned",
            };
            let boolean = if int.width == 1 { " (a boolean)" } else { "" };
            format!("{}-bit {kind} integer{boolean}", int.width)
        }
        Type::Float(kind) => float_words(*kind),
        Type::Index => "index: an integer as wide as the target's addresses (64 bits when \
                        stored in attributes)"
            .to_string(),
        Type::None => "the `none` type: a unit type with no values".to_string(),
        Type::Complex(part) => format!("complex number: real and imaginary parts of `{part}`"),
        Type::Tuple(types) => format!(
            "tuple of {}: {}",
            count(types.len(), "element"),
            list(types)
        ),
        Type::Function(func) => format!(
            "function type: {} ({}) to {} ({})",
            count(func.inputs.len(), "input"),
            list(&func.inputs),
            count(func.results.len(), "result"),
            list(&func.results)
        ),
        Type::Vector(vector) => vector_words(vector),
        Type::RankedTensor(tensor) => tensor_words(tensor),
        Type::UnrankedTensor(element) => format!("unranked tensor of `{element}`"),
        Type::MemRef(memref) => memref_words(memref),
        Type::UnrankedMemRef(memref) => {
            let space = memref
                .memory_space
                .as_ref()
                .map_or("the default memory space".to_string(), |s| {
                    format!("memory space `{}`", space_text(s))
                });
            format!("unranked memref of `{}`, in {space}", memref.element)
        }
        Type::Opaque(_) | Type::Error => return None,
    };
    Some(text)
}

/// A memory space as the memref prints it: an `i64` integer without its type.
fn space_text(space: &Attr) -> String {
    match space {
        Attr::Integer(int) if int.ty().is_signless_int(64) => int.value_text(),
        _ => space.to_string(),
    }
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn list(types: &[Type]) -> String {
    let items: Vec<String> = types.iter().map(|t| format!("`{t}`")).collect();
    match items.is_empty() {
        true => "none".to_string(),
        false => items.join(", "),
    }
}

/// A float format: its width and, from its name, what its bits hold.
fn float_words(kind: FloatKind) -> String {
    let (bits, name) = (kind.bit_width(), kind.name());
    let known = match kind {
        FloatKind::F16 => Some("IEEE 754 half precision"),
        FloatKind::BF16 => Some("bfloat16: 8 exponent bits, 7 mantissa bits"),
        FloatKind::TF32 => Some("TensorFloat-32: 8 exponent bits, 10 mantissa bits"),
        FloatKind::F32 => Some("IEEE 754 single precision"),
        FloatKind::F64 => Some("IEEE 754 double precision"),
        FloatKind::F80 => Some("x87 extended precision"),
        FloatKind::F128 => Some("IEEE 754 quadruple precision"),
        _ => None,
    };
    match known {
        Some(what) => format!("{bits}-bit floating point ({what})"),
        None => format!("{bits}-bit floating point ({})", small_float_words(name)),
    }
}

/// `f8E4M3FN`: 4 exponent bits, 3 mantissa bits, and what the suffix says of the special
/// values (`FN` finite, `UZ` unsigned zero, `U` unsigned, `B11` an exponent bias of 11).
fn small_float_words(name: &str) -> String {
    let rest = name.trim_start_matches(|c: char| c == 'f' || c.is_ascii_digit());
    let digits = |s: &str| -> (String, usize) {
        let n: String = s.chars().take_while(char::is_ascii_digit).collect();
        let len = n.len();
        (n, len)
    };
    let Some(after_e) = rest.strip_prefix('E') else {
        return name.to_string();
    };
    let (exponent, len) = digits(after_e);
    let after = &after_e[len..];
    let Some(after_m) = after.strip_prefix('M') else {
        return name.to_string();
    };
    let (mantissa, len) = digits(after_m);
    let suffix = &after_m[len..];
    let mut out = format!("{exponent} exponent bits, {mantissa} mantissa bits");
    if let Some(bias) = suffix.strip_prefix('B').map(|s| digits(s).0) {
        let _ = write!(out, ", exponent bias {bias}");
    }
    let flags = suffix.trim_start_matches(|c: char| c == 'B' || c.is_ascii_digit());
    if flags.starts_with("FN") {
        out.push_str(", finite (no infinities)");
    }
    if flags.ends_with("UZ") {
        out.push_str(", unsigned zero (no negative zero)");
    } else if flags.ends_with("FNU") {
        out.push_str(", unsigned (no sign bit)");
    }
    out
}

/// `4 × ? × 8`, and which dimensions are dynamic.
fn shape_words(shape: &[Dim]) -> String {
    if shape.is_empty() {
        return "rank 0 (a single element)".to_string();
    }
    let sizes: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let dynamic: Vec<String> = dims_where(shape, |d| *d == Dim::Dynamic);
    let mut out = format!("rank {}: {}", shape.len(), sizes.join(" × "));
    if !dynamic.is_empty() {
        let _ = write!(out, " ({} dynamic)", dim_list(&dynamic));
    }
    out
}

fn dims_where(shape: &[Dim], wanted: impl Fn(&Dim) -> bool) -> Vec<String> {
    shape
        .iter()
        .enumerate()
        .filter(|(_, d)| wanted(d))
        .map(|(i, _)| i.to_string())
        .collect()
}

fn dim_list(dims: &[String]) -> String {
    match dims {
        [one] => format!("dim {one}"),
        _ => format!("dims {}", dims.join(", ")),
    }
}

/// `16 elements of 32 bits (64 bytes)`, for a static shape.
fn size_words(shape: &[Dim], element: &Type) -> Option<String> {
    let mut elements: u64 = 1;
    for dim in shape {
        let Dim::Static(size) = dim else {
            return None;
        };
        elements = elements.checked_mul(u64::try_from(*size).ok()?)?;
    }
    let mut out = count(elements as usize, "element");
    if let Some(bits) = element.int_or_float_bit_width() {
        let total = elements.checked_mul(u64::from(bits))?;
        let _ = write!(out, " of {bits} bits");
        if total % 8 == 0 {
            let _ = write!(out, " ({} bytes)", total / 8);
        }
    }
    Some(out)
}

fn vector_words(vector: &VectorType) -> String {
    let sizes: Vec<String> = vector
        .dims
        .iter()
        .map(|d| match d.scalable {
            true => format!("[{}]", d.size),
            false => d.size.to_string(),
        })
        .collect();
    let scalable: Vec<String> = (0..vector.dims.len())
        .filter(|i| vector.dims[*i].scalable)
        .map(|i| i.to_string())
        .collect();
    let mut out = format!(
        "vector of `{}`, rank {}: {}",
        vector.element,
        vector.dims.len(),
        sizes.join(" × ")
    );
    if scalable.is_empty() {
        let shape: Vec<Dim> = vector.dims.iter().map(|d| Dim::Static(d.size)).collect();
        if let Some(size) = size_words(&shape, &vector.element) {
            let _ = write!(out, "\n- {size}");
        }
    } else {
        let _ = write!(
            out,
            "\n- {} scalable: multiplied by the hardware's `vscale` at run time",
            dim_list(&scalable)
        );
    }
    out
}

fn tensor_words(tensor: &RankedTensorType) -> String {
    let mut out = format!(
        "ranked tensor of `{}`, {}",
        tensor.element,
        shape_words(&tensor.shape)
    );
    if let Some(size) = size_words(&tensor.shape, &tensor.element) {
        let _ = write!(out, "\n- {size}");
    }
    if let Some(encoding) = &tensor.encoding {
        let _ = write!(out, "\n- encoding: `{encoding}`");
    }
    out
}

fn memref_words(memref: &MemRefType) -> String {
    let mut out = format!(
        "memref of `{}`, {}",
        memref.element,
        shape_words(&memref.shape)
    );
    if let Some(size) = size_words(&memref.shape, &memref.element) {
        let _ = write!(out, "\n- {size}");
    }
    let _ = write!(
        out,
        "\n- layout: {}",
        layout_words(&memref.layout, &memref.shape)
    );
    let space = match &memref.memory_space {
        Some(space) => format!("`{}`", space_text(space)),
        None => "the default (0)".to_string(),
    };
    let _ = write!(out, "\n- memory space: {space}");
    out
}

fn layout_words(layout: &Layout, shape: &[Dim]) -> String {
    match layout {
        Layout::Identity => match row_major_strides(shape) {
            Some(strides) => {
                format!("identity (row-major, contiguous: strides [{strides}], offset 0)")
            }
            None => "identity (row-major, contiguous)".to_string(),
        },
        Layout::Strided(strided) => strided_words(strided),
        Layout::AffineMap(map) => format!("affine map `{map}`{}", map_kind(map)),
        Layout::Other(attr) => format!("`{attr}`"),
    }
}

/// The strides a contiguous row-major layout of `shape` has, when all are static.
fn row_major_strides(shape: &[Dim]) -> Option<String> {
    let mut strides = vec![0i64; shape.len()];
    let mut running: i64 = 1;
    for (i, dim) in shape.iter().enumerate().rev() {
        strides[i] = running;
        let Dim::Static(size) = dim else {
            return None;
        };
        running = running.checked_mul(*size)?;
    }
    let texts: Vec<String> = strides.iter().map(i64::to_string).collect();
    Some(texts.join(", "))
}

/// `strided<[8, 1], offset: ?>` read out: each dimension's stride, and the offset.
pub(crate) fn strided_words(strided: &StridedLayout) -> String {
    let strides: Vec<String> = strided
        .strides
        .iter()
        .enumerate()
        .map(|(i, s)| format!("dim {i} stride {}", dim_value(s)))
        .collect();
    let strides = match strides.is_empty() {
        true => "no strides".to_string(),
        false => strides.join(", "),
    };
    format!("strided: {strides}; offset {}", dim_value(&strided.offset))
}

fn dim_value(dim: &Dim) -> String {
    match dim {
        Dim::Static(n) => n.to_string(),
        Dim::Dynamic => "? (dynamic)".to_string(),
    }
}

/// What kind of map a layout map is, when it is a simple one.
fn map_kind(map: &AffineMap) -> &'static str {
    let dims: Option<Vec<u32>> = map
        .results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => Some(*d),
            _ => None,
        })
        .collect();
    match dims {
        Some(mut dims) if dims.len() == map.num_dims as usize && map.num_symbols == 0 => {
            dims.sort_unstable();
            let permutation = dims.iter().enumerate().all(|(i, d)| i as u32 == *d);
            if permutation {
                " (a permutation of the dimensions)"
            } else {
                ""
            }
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_float_names_are_read() {
        assert_eq!(
            small_float_words("f8E4M3FN"),
            "4 exponent bits, 3 mantissa bits, finite (no infinities)"
        );
        assert_eq!(
            small_float_words("f8E4M3B11FNUZ"),
            "4 exponent bits, 3 mantissa bits, exponent bias 11, finite (no infinities), unsigned zero (no negative zero)"
        );
        assert_eq!(
            small_float_words("f8E8M0FNU"),
            "8 exponent bits, 0 mantissa bits, finite (no infinities), unsigned (no sign bit)"
        );
        assert_eq!(
            small_float_words("f8E5M2"),
            "5 exponent bits, 2 mantissa bits"
        );
    }
}
