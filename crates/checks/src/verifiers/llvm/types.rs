//! LLVM dialect types as the `llvm` verifiers read them (`LType`): our type lowering keeps
//! `!llvm.array<3 x i8>` as opaque text, so this file reads that text (and the builtin
//! types that may stand inside it) into a small tree, and prints it back canonically.

use std::fmt;

use mlir_dialects::registry::type_pred::is_llvm_float;
use mlir_types::{FloatKind, Signedness, Type};

/// An LLVM-compatible type, as far as the `llvm` verifiers need to know it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum LType {
    /// `i32` (and `si32`/`ui32`, which the verifiers treat alike).
    Int(u32, Signedness),
    Float(FloatKind),
    /// `!llvm.ptr`, `!llvm.ptr<3>`: the address space.
    Ptr(u64),
    /// `!llvm.array<4 x T>`.
    Array(u64, Box<LType>),
    /// `!llvm.struct<(T, U)>`, packed or named; `None` for an opaque named struct.
    Struct(Option<Vec<LType>>),
    /// `vector<2x[4]xT>`: each dimension's size and whether it is scalable.
    Vector(Vec<(u64, bool)>, Box<LType>),
    /// `!llvm.void`, a function's result type when it returns nothing.
    Void,
    /// Another LLVM type we read but do not model (`!llvm.func<...>`, `!llvm.token`).
    LlvmOther,
    /// A type we read ( `index`, `tensor<...>`, ...) that is none of these.
    Other,
    /// A type we cannot read (an alias inside a dialect body, a broken text): nothing
    /// may be said of it.
    Unknown,
}

impl LType {
    /// The type a lowered type stands for.
    pub(super) fn of(ty: &Type) -> LType {
        match ty {
            Type::Integer(int) => LType::Int(int.width, int.signedness),
            Type::Float(kind) => LType::Float(*kind),
            Type::Vector(vector) => {
                let dims = vector
                    .dims
                    .iter()
                    .map(|d| (d.size.max(0) as u64, d.scalable));
                let element = LType::of(&vector.element);
                match element {
                    LType::Unknown => LType::Unknown,
                    element => LType::Vector(dims.collect(), Box::new(element)),
                }
            }
            Type::Opaque(opaque) if opaque.dialect == "llvm" => {
                let mut reader = Reader { text: &opaque.data };
                match reader.llvm_type() {
                    Some(ty) if reader.rest().is_empty() => ty,
                    _ => LType::Unknown,
                }
            }
            Type::Opaque(_) | Type::Error => LType::Unknown,
            _ => LType::Other,
        }
    }

    /// Is every part of the type read (no `Unknown` inside)?
    pub(super) fn known(&self) -> bool {
        match self {
            LType::Unknown => false,
            LType::Array(_, element) | LType::Vector(_, element) => element.known(),
            LType::Struct(Some(body)) => body.iter().all(LType::known),
            _ => true,
        }
    }

    /// Can the type be printed as MLIR prints it (no struct, `Other` or `Unknown` inside)?
    pub(super) fn printable(&self) -> bool {
        match self {
            // A struct's name and packing are not kept.
            LType::LlvmOther | LType::Other | LType::Unknown | LType::Struct(_) => false,
            LType::Array(_, element) | LType::Vector(_, element) => element.printable(),
            _ => true,
        }
    }

    /// Is the type surely one the LLVM dialect accepts (`LLVM dialect-compatible type`)?
    pub(super) fn llvm_compatible(&self) -> bool {
        match self {
            LType::Int(_, signedness) => *signedness == Signedness::Signless,
            LType::Float(kind) => is_llvm_float(*kind),
            LType::Ptr(_) | LType::Void | LType::LlvmOther => true,
            LType::Array(_, element) | LType::Vector(_, element) => element.llvm_compatible(),
            LType::Struct(body) => body.iter().flatten().all(LType::llvm_compatible),
            LType::Other | LType::Unknown => false,
        }
    }

    /// Is the vector scalable?
    pub(super) fn is_scalable_vector(&self) -> bool {
        matches!(self, LType::Vector(dims, _) if dims.iter().any(|(_, scalable)| *scalable))
    }
}

/// Prints the type as MLIR prints it at top level (`!llvm.array<2 x i8>`); nested LLVM
/// types drop their `!llvm.` prefix, as MLIR's printer does.
impl fmt::Display for LType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print(f, self, true)
    }
}

fn print(f: &mut fmt::Formatter<'_>, ty: &LType, top: bool) -> fmt::Result {
    let prefix = if top { "!llvm." } else { "" };
    match ty {
        LType::Int(width, Signedness::Signless) => write!(f, "i{width}"),
        LType::Int(width, Signedness::Signed) => write!(f, "si{width}"),
        LType::Int(width, Signedness::Unsigned) => write!(f, "ui{width}"),
        LType::Float(kind) => f.write_str(kind.name()),
        LType::Ptr(0) => write!(f, "{prefix}ptr"),
        LType::Ptr(space) => write!(f, "{prefix}ptr<{space}>"),
        LType::Array(size, element) => {
            write!(f, "{prefix}array<{size} x ")?;
            print(f, element, false)?;
            f.write_str(">")
        }
        LType::Struct(body) => {
            write!(f, "{prefix}struct<(")?;
            for (i, element) in body.iter().flatten().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                print(f, element, false)?;
            }
            f.write_str(")>")
        }
        LType::Vector(dims, element) => {
            f.write_str("vector<")?;
            for (size, scalable) in dims {
                match scalable {
                    true => write!(f, "[{size}]x")?,
                    false => write!(f, "{size}x")?,
                }
            }
            // A vector's element keeps its prefix: it is not inside an LLVM type's body.
            print(f, element, true)?;
            f.write_str(">")
        }
        LType::Void => write!(f, "{prefix}void"),
        LType::LlvmOther | LType::Other | LType::Unknown => f.write_str("?"),
    }
}

/// The result type of an `!llvm.func<R (A, ...)>` type's text (`func<R (A, ...)>`).
pub(super) fn function_result(data: &str) -> Option<LType> {
    let mut reader = Reader { text: data };
    if !(reader.eat("func") && reader.eat("<")) {
        return None;
    }
    let result = reader.nested_type()?;
    reader.rest().starts_with('(').then_some(result)
}

/// Reads the text of an LLVM type's body, front to back.
struct Reader<'t> {
    text: &'t str,
}

impl<'t> Reader<'t> {
    fn rest(&self) -> &'t str {
        self.text.trim_start()
    }

    /// Eats `word` (after any whitespace) if the text starts with it.
    fn eat(&mut self, word: &str) -> bool {
        match self.rest().strip_prefix(word) {
            Some(rest) => {
                self.text = rest;
                true
            }
            None => false,
        }
    }

    /// The identifier-like word that starts the text (`array`, `i32`, `f8E4M3FN`).
    fn word(&mut self) -> &'t str {
        let rest = self.rest();
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        self.text = &rest[end..];
        &rest[..end]
    }

    fn number(&mut self) -> Option<u64> {
        let rest = self.rest();
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        self.text = &rest[end..];
        rest[..end].parse().ok()
    }

    /// Skips a `<...>` body, brackets balanced (a function type's `func<i8 (i8)>`).
    fn skip_angles(&mut self) -> bool {
        if !self.eat("<") {
            return false;
        }
        let mut depth = 1usize;
        for (i, c) in self.text.char_indices() {
            match c {
                '<' => depth += 1,
                '>' => depth -= 1,
                // A string may hold any bracket: such a body is not worth reading.
                '"' => return false,
                _ => {}
            }
            if depth == 0 {
                self.text = &self.text[i + 1..];
                return true;
            }
        }
        false
    }

    /// An LLVM type's name and body (`array<2 x i8>`), the `!llvm.` already read.
    fn llvm_type(&mut self) -> Option<LType> {
        match self.word() {
            "ptr" if self.eat("<") => {
                let space = self.number()?;
                self.eat(">").then_some(LType::Ptr(space))
            }
            "ptr" => Some(LType::Ptr(0)),
            "array" => {
                if !self.eat("<") {
                    return None;
                }
                let size = self.number()?;
                if !self.eat("x") {
                    return None;
                }
                let element = self.nested_type()?;
                self.eat(">").then(|| LType::Array(size, Box::new(element)))
            }
            "struct" => self.struct_body(),
            "void" => Some(LType::Void),
            "label" | "metadata" | "token" | "x86_amx" | "ppc_fp128" => Some(LType::LlvmOther),
            "func" | "target" => self.skip_angles().then_some(LType::LlvmOther),
            _ => None,
        }
    }

    /// `<[packed] [\"name\",] (T, ...)>` or `<\"name\">` (opaque), after `struct`.
    fn struct_body(&mut self) -> Option<LType> {
        if !self.eat("<") {
            return None;
        }
        let named = self.rest().starts_with('"');
        if named {
            let rest = &self.rest()[1..];
            // A name with escapes is not worth reading: say nothing of it.
            let end = rest.find('"').filter(|&i| !rest[..i].contains('\\'))?;
            self.text = &rest[end + 1..];
            if self.eat(">") {
                return Some(LType::Struct(None));
            }
            if !self.eat(",") {
                return None;
            }
            if self.eat("opaque") {
                return self.eat(">").then_some(LType::Struct(None));
            }
        }
        self.eat("packed");
        if !self.eat("(") {
            return None;
        }
        let mut body = Vec::new();
        if !self.eat(")") {
            loop {
                body.push(self.nested_type()?);
                if self.eat(")") {
                    break;
                }
                if !self.eat(",") {
                    return None;
                }
            }
        }
        self.eat(">").then_some(LType::Struct(Some(body)))
    }

    /// A type inside an LLVM type's body: an LLVM type with or without its `!llvm.`
    /// prefix, or a builtin type; another dialect's type or an alias is `Unknown`.
    fn nested_type(&mut self) -> Option<LType> {
        if self.eat("!llvm.") {
            return self.llvm_type();
        }
        if self.rest().starts_with('!') {
            return None;
        }
        let start = self.text;
        let word = self.word();
        if let Some(kind) = FloatKind::from_name(word) {
            return Some(LType::Float(kind));
        }
        if let Some(int) = integer(word) {
            return Some(int);
        }
        match word {
            "vector" => self.vector_body(),
            "index" => Some(LType::Other),
            // An LLVM type named without its prefix, as nested ones are (`array<2 x i8>`).
            _ => {
                self.text = start;
                self.llvm_type()
            }
        }
    }

    /// `<2x[4]xT>`, after `vector`.
    fn vector_body(&mut self) -> Option<LType> {
        if !self.eat("<") {
            return None;
        }
        let mut dims = Vec::new();
        loop {
            let scalable = self.eat("[");
            let Some(size) = self.number() else {
                if scalable {
                    return None;
                }
                break;
            };
            if scalable && !self.eat("]") {
                return None;
            }
            if !self.eat("x") {
                return None;
            }
            dims.push((size, scalable));
        }
        let element = self.nested_type()?;
        self.eat(">")
            .then(|| LType::Vector(dims, Box::new(element)))
    }
}

/// `i32`, `si8`, `ui64` as an integer type.
fn integer(word: &str) -> Option<LType> {
    let (signedness, digits) = if let Some(d) = word.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = word.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, word.strip_prefix('i')?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(LType::Int(digits.parse().ok()?, signedness))
}

#[cfg(test)]
mod tests {
    use super::{LType, function_result};
    use mlir_types::{OpaqueType, Type};
    use std::sync::Arc;

    /// The `LType` of `!llvm.<data>`.
    fn read(data: &str) -> LType {
        LType::of(&Type::Opaque(Arc::new(OpaqueType {
            dialect: "llvm".into(),
            data: data.into(),
        })))
    }

    #[test]
    fn llvm_types_print_back_canonically() {
        for (written, printed) in [
            ("ptr", "!llvm.ptr"),
            ("ptr<3>", "!llvm.ptr<3>"),
            ("array<3 x i8>", "!llvm.array<3 x i8>"),
            (
                "array<2 x !llvm.array<2xf32>>",
                "!llvm.array<2 x array<2 x f32>>",
            ),
            (
                "array<2 x vector<[4]xi32>>",
                "!llvm.array<2 x vector<[4]xi32>>",
            ),
            (
                "array<1 x vector<2x!llvm.ptr>>",
                "!llvm.array<1 x vector<2x!llvm.ptr>>",
            ),
        ] {
            let ty = read(written);
            assert!(ty.printable(), "{written}");
            assert_eq!(ty.to_string(), printed);
        }
    }

    #[test]
    fn named_and_unknown_types() {
        assert_eq!(
            read("struct<\"n\", (i32)>"),
            LType::Struct(Some(vec![LType::Int(32, mlir_types::Signedness::Signless)]))
        );
        assert_eq!(read("struct<\"n\">"), LType::Struct(None));
        assert_eq!(read("struct<\"n\", opaque>"), LType::Struct(None));
        assert_eq!(read("func<i8 (i8)>"), LType::LlvmOther);
        // An alias or another dialect's type inside a body cannot be read.
        assert!(!read("array<2 x !alias>").known());
        assert!(!read("struct<(!test.t)>").known());
        assert!(!read("array<2 x i8").known());
        assert_eq!(read("void"), LType::Void);
        assert!(!read("struct<packed (i8)>").printable());
    }

    #[test]
    fn function_results() {
        assert_eq!(function_result("func<void (i32)>"), Some(LType::Void));
        assert_eq!(function_result("func<ptr (i32, ...)>"), Some(LType::Ptr(0)));
        assert_eq!(function_result("ptr"), None);
    }
}
