//! The canonical printer of types and attributes (types stage): `Display` prints exactly
//! what `mlir-opt --mlir-print-local-scope` prints for the same value (checked by the
//! `types_print` fixture against MLIR 22).

use std::fmt::{self, Display, Formatter, Write};

use super::float::FloatKind;
use super::float_print::format_float;
use super::values::{Attr, FloatAttr, IntegerAttr, OpaqueAttr, StridedLayout};
use super::values::{Dim, Layout, MemRefType, RankedTensorType, Signedness, Type, VectorType};

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Type::Integer(int) => {
                let prefix = match int.signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                write!(f, "{prefix}{}", int.width)
            }
            Type::Float(kind) => f.write_str(kind.name()),
            Type::Index => f.write_str("index"),
            Type::None => f.write_str("none"),
            Type::Complex(element) => write!(f, "complex<{element}>"),
            Type::Tuple(types) => write!(f, "tuple<{}>", comma_list(types.iter())),
            Type::Function(func) => {
                write!(f, "({}) -> ", comma_list(func.inputs.iter()))?;
                print_results(f, &func.results)
            }
            Type::Vector(vector) => print_vector(f, vector),
            Type::RankedTensor(tensor) => print_tensor(f, tensor),
            Type::UnrankedTensor(element) => write!(f, "tensor<*x{element}>"),
            Type::MemRef(memref) => print_memref(f, memref),
            Type::UnrankedMemRef(memref) => {
                write!(f, "memref<*x{}", memref.element)?;
                if let Some(space) = &memref.memory_space {
                    write!(f, ", {}", Elided(space))?;
                }
                f.write_str(">")
            }
            Type::Opaque(opaque) => print_dialect_symbol(f, '!', &opaque.dialect, &opaque.data),
            Type::Error => f.write_str("<<error type>>"),
        }
    }
}

/// A function's results: one non-function type bare, anything else in parentheses.
fn print_results(f: &mut Formatter<'_>, results: &[Type]) -> fmt::Result {
    match results {
        [single] if !matches!(single, Type::Function(_)) => write!(f, "{single}"),
        _ => write!(f, "({})", comma_list(results.iter())),
    }
}

fn print_vector(f: &mut Formatter<'_>, vector: &VectorType) -> fmt::Result {
    f.write_str("vector<")?;
    for dim in &vector.dims {
        if dim.scalable {
            write!(f, "[{}]x", dim.size)?;
        } else {
            write!(f, "{}x", dim.size)?;
        }
    }
    write!(f, "{}>", vector.element)
}

fn print_shape(f: &mut Formatter<'_>, shape: &[Dim]) -> fmt::Result {
    for dim in shape {
        write!(f, "{dim}x")?;
    }
    Ok(())
}

fn print_tensor(f: &mut Formatter<'_>, tensor: &RankedTensorType) -> fmt::Result {
    f.write_str("tensor<")?;
    print_shape(f, &tensor.shape)?;
    write!(f, "{}", tensor.element)?;
    if let Some(encoding) = &tensor.encoding {
        write!(f, ", {encoding}")?;
    }
    f.write_str(">")
}

/// Layouts and memory spaces print with the `: i64`/`: f64` of literals elided.
fn print_memref(f: &mut Formatter<'_>, memref: &MemRefType) -> fmt::Result {
    f.write_str("memref<")?;
    print_shape(f, &memref.shape)?;
    write!(f, "{}", memref.element)?;
    match &memref.layout {
        Layout::Identity => {}
        Layout::AffineMap(map) => write!(f, ", affine_map<{map}>")?,
        Layout::Strided(strided) => write!(f, ", {strided}")?,
        Layout::Other(attr) => write!(f, ", {}", Elided(attr))?,
    }
    if let Some(space) = &memref.memory_space {
        write!(f, ", {}", Elided(space))?;
    }
    f.write_str(">")
}

impl Display for Dim {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Static(size) => write!(f, "{size}"),
            Dim::Dynamic => f.write_str("?"),
        }
    }
}

/// `items` joined by `, `.
fn comma_list<T: Display>(items: impl Iterator<Item = T>) -> String {
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out += ", ";
        }
        let _ = write!(out, "{item}");
    }
    out
}

/// `!d.t<...>` when the data is an identifier, optionally followed by one `<...>`, else
/// `!d<data>`.
fn print_dialect_symbol(
    f: &mut Formatter<'_>,
    sigil: char,
    dialect: &str,
    data: &str,
) -> fmt::Result {
    if is_pretty_symbol(data) {
        write!(f, "{sigil}{dialect}.{data}")
    } else {
        write!(f, "{sigil}{dialect}<{data}>")
    }
}

fn is_pretty_symbol(data: &str) -> bool {
    if !data.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = data.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

/// An attribute printed where MLIR elides the `: i64` of integers and the `: f64` of
/// decimal floats (array elements, memref layouts and memory spaces).
struct Elided<'a>(&'a Attr);

impl Display for Elided<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        print_attr(f, self.0, true)
    }
}

impl Display for Attr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        print_attr(f, self, false)
    }
}

fn print_attr(f: &mut Formatter<'_>, attr: &Attr, elide: bool) -> fmt::Result {
    match attr {
        Attr::Integer(int) => print_integer(f, int, elide),
        Attr::Float(float) => print_float(f, float, elide),
        Attr::String(string) => {
            print_string(f, &string.value)?;
            match &string.ty {
                Some(ty) => write!(f, " : {ty}"),
                None => Ok(()),
            }
        }
        Attr::Unit => f.write_str("unit"),
        Attr::Array(elements) => {
            let elided: Vec<Elided<'_>> = elements.iter().map(Elided).collect();
            write!(f, "[{}]", comma_list(elided.iter()))
        }
        Attr::Dictionary(entries) => print_dictionary(f, entries),
        Attr::Type(ty) => write!(f, "{ty}"),
        Attr::SymbolRef(names) => print_symbol_ref(f, names),
        Attr::AffineMap(map) => write!(f, "affine_map<{map}>"),
        Attr::IntegerSet(set) => write!(f, "affine_set<{set}>"),
        Attr::Strided(strided) => write!(f, "{strided}"),
        Attr::DenseArray(array) => print_dense_array(f, &array.0, &array.1),
        Attr::Opaque(opaque) => print_opaque_attr(f, opaque),
        Attr::Text(text) => f.write_str(text),
        Attr::Error => f.write_str("<<error attribute>>"),
    }
}

/// `true`/`false` for `i1`; else the value, read signed unless the type is unsigned, and
/// its type (elidable for `i64`).
fn print_integer(f: &mut Formatter<'_>, int: &IntegerAttr, elide: bool) -> fmt::Result {
    if int.ty().is_signless_int(1) {
        let value = if int.value_text() == "0" {
            "false"
        } else {
            "true"
        };
        return f.write_str(value);
    }
    f.write_str(&int.value_text())?;
    if elide && int.ty().is_signless_int(64) {
        return Ok(());
    }
    write!(f, " : {}", int.ty())
}

/// The value and its type, elidable for an `f64` printed in decimal.
fn print_float(f: &mut Formatter<'_>, float: &FloatAttr, elide: bool) -> fmt::Result {
    let (text, hex) = format_float(float.kind, float.bits);
    f.write_str(&text)?;
    if elide && float.kind == FloatKind::F64 && !hex {
        return Ok(());
    }
    write!(f, " : {}", float.kind.name())
}

/// A quoted string: printable ASCII as is (`"` and `\` escaped), other bytes as `\XX`.
fn print_string(f: &mut Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_char('"')?;
    for &b in bytes {
        match b {
            b'\\' => f.write_str("\\\\")?,
            b'"' => f.write_str("\\22")?,
            0x20..=0x7E => f.write_char(b as char)?,
            _ => write!(f, "\\{b:02X}")?,
        }
    }
    f.write_char('"')
}

/// A name as a bare identifier when it is one, else as a quoted string.
fn print_keyword_or_string(f: &mut Formatter<'_>, name: &str) -> fmt::Result {
    if is_bare_identifier(name) {
        f.write_str(name)
    } else {
        print_string(f, name.as_bytes())
    }
}

/// `[a-zA-Z_][a-zA-Z0-9_$.]*`.
fn is_bare_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    first_ok && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'))
}

/// `{a = 1 : i64, flag}`: a unit value prints as its name alone.
fn print_dictionary(f: &mut Formatter<'_>, entries: &[(String, Attr)]) -> fmt::Result {
    f.write_str("{")?;
    for (i, (name, value)) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        print_keyword_or_string(f, name)?;
        if *value != Attr::Unit {
            write!(f, " = {value}")?;
        }
    }
    f.write_str("}")
}

fn print_symbol_ref(f: &mut Formatter<'_>, names: &[String]) -> fmt::Result {
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            f.write_str("::")?;
        }
        f.write_char('@')?;
        print_keyword_or_string(f, name)?;
    }
    Ok(())
}

/// `strided<[4, 1]>`, with `, offset: o` unless the offset is 0.
impl Display for StridedLayout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "strided<[{}]", comma_list(self.strides.iter()))?;
        if self.offset != Dim::Static(0) {
            write!(f, ", offset: {}", self.offset)?;
        }
        f.write_str(">")
    }
}

/// `array<i32>` or `array<i32: 1, 2>`: values without their types.
fn print_dense_array(f: &mut Formatter<'_>, elem: &Type, values: &[Attr]) -> fmt::Result {
    write!(f, "array<{elem}")?;
    for (i, value) in values.iter().enumerate() {
        f.write_str(if i == 0 { ": " } else { ", " })?;
        match value {
            Attr::Integer(int) if int.ty().is_signless_int(1) => print_integer(f, int, true)?,
            Attr::Integer(int) => f.write_str(&int.value_text())?,
            Attr::Float(float) => f.write_str(&format_float(float.kind, float.bits).0)?,
            other => write!(f, "{other}")?,
        }
    }
    f.write_str(">")
}

fn print_opaque_attr(f: &mut Formatter<'_>, opaque: &OpaqueAttr) -> fmt::Result {
    print_dialect_symbol(f, '#', &opaque.dialect, &opaque.data)?;
    match &opaque.ty {
        Some(ty) => write!(f, " : {ty}"),
        None => Ok(()),
    }
}
