//! ODS type predicates (registry stage): the `Pred` trees of imported type constraints
//! (`And`, `Or`, `Not`, the element-type `Concat`, and `CPred`s of C++ text), evaluated on
//! a semantic `Type` in three values. A `CPred` whose C++ we do not model is unknown, and
//! an unknown answer lets the value pass: an imported constraint never gives a false error.

use mlir_types::{FloatKind, Signedness, Type};

pub use super::type_pred_llvm::{LlvmTest, is_llvm_float};

/// A type predicate, as ODS builds it from its combinators.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypePred {
    /// A C++ test we model.
    Test(TypeTest),
    /// C++ we cannot evaluate.
    Unknown,
    All(Vec<TypePred>),
    Any(Vec<TypePred>),
    Not(Box<TypePred>),
    /// The predicate applied to the element type of a shaped or complex type (ODS's
    /// `Concat` around `SubstLeaves<"$_self", "elementType", ...>`).
    Element(Box<TypePred>),
}

/// A `CPred` we model: one C++ test of `$_self`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeTest {
    /// `true`.
    True,
    /// `isInteger(w)`, `isSignlessInteger()`, `isUnsignedInteger(w)`, `isa<IntegerType>`.
    Integer {
        width: Option<u32>,
        signedness: Option<Signedness>,
    },
    Index,
    /// `isSignlessIntOrIndex()`.
    SignlessIntOrIndex,
    /// One float format (`isF32()`, `isa<Float8E5M2Type>`).
    Float(FloatKind),
    /// `isa<FloatType>`: an interface a dialect type may implement too.
    AnyFloat,
    /// `isa<VectorType>`; with `Some(false)` a fixed-length one, `Some(true)` scalable.
    Vector {
        scalable: Option<bool>,
    },
    Tensor,
    RankedTensor,
    UnrankedTensor,
    MemRef,
    UnrankedMemRef,
    BaseMemRef,
    /// `isa<ShapedType>`: an interface a dialect type may implement too.
    Shaped,
    Complex,
    Function,
    NoneType,
    Tuple,
    /// `hasTrait<ValueSemantics>()`: builtin vectors and tensors, and dialect types that say.
    ValueSemantics,
    /// `cast<ShapedType>($_self).hasRank()`.
    HasRank,
    /// `getRank() OP n` of a shaped type.
    Rank(Compare, u64),
    /// `cast<VectorType>($_self).getNumElements() == n`.
    NumElements(u64),
    /// `hasStaticShape()`.
    StaticShape,
    /// `isa<C>` of a dialect's `TypeDef` class: a type of that dialect written with the
    /// class's mnemonic (`!llvm.ptr` is `LLVM::LLVMPointerType`), never a builtin type or
    /// one of another dialect. Without a mnemonic, the dialect's own types are unknown.
    DialectClass(TypeClass),
    /// One of the LLVM dialect's compatibility functions.
    Llvm(LlvmTest),
}

/// A dialect's `TypeDef` class, as its types are written: `!dialect.mnemonic<...>`, or
/// printed by the dialect's own code when it has no mnemonic.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeClass {
    pub dialect: String,
    pub mnemonic: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Compare {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl TypePred {
    /// Does `ty` satisfy the predicate? `None` when it depends on C++ we do not model.
    pub fn eval(&self, ty: &Type) -> Option<bool> {
        match self {
            TypePred::Test(test) => test.eval(ty),
            TypePred::Unknown => None,
            TypePred::All(preds) => all(preds.iter().map(|p| p.eval(ty))),
            TypePred::Any(preds) => {
                let negated = all(preds.iter().map(|p| p.eval(ty).map(|b| !b)));
                negated.map(|b| !b)
            }
            TypePred::Not(pred) => pred.eval(ty).map(|b| !b),
            TypePred::Element(pred) => match ty {
                Type::Complex(element) => pred.eval(element),
                _ => pred.eval(ty.element_type()?),
            },
        }
    }

    /// Is the whole predicate C++ we cannot evaluate?
    pub fn is_unknown(&self) -> bool {
        matches!(self, TypePred::Unknown)
    }
}

/// Three-valued conjunction: false if any is false, true if all are true.
fn all(values: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut known = true;
    for value in values {
        match value {
            Some(false) => return Some(false),
            None => known = false,
            Some(true) => {}
        }
    }
    known.then_some(true)
}

impl TypeTest {
    fn eval(&self, ty: &Type) -> Option<bool> {
        // A dialect type may implement an interface or a trait; it is no builtin class.
        let interface = matches!(
            self,
            TypeTest::AnyFloat | TypeTest::Shaped | TypeTest::ValueSemantics
        );
        if interface && matches!(ty, Type::Opaque(_)) {
            return None;
        }
        Some(match self {
            TypeTest::True => true,
            TypeTest::Integer { width, signedness } => match ty {
                Type::Integer(int) => {
                    width.is_none_or(|w| w == int.width)
                        && signedness.is_none_or(|s| s == int.signedness)
                }
                _ => false,
            },
            TypeTest::Index => ty.is_index(),
            TypeTest::SignlessIntOrIndex => {
                ty.is_index()
                    || matches!(ty, Type::Integer(i) if i.signedness == Signedness::Signless)
            }
            TypeTest::Float(kind) => *ty == Type::Float(*kind),
            TypeTest::AnyFloat => ty.is_float(),
            TypeTest::Vector { scalable } => match ty {
                Type::Vector(v) => scalable.is_none_or(|s| s == v.dims.iter().any(|d| d.scalable)),
                _ => false,
            },
            TypeTest::Tensor => matches!(ty, Type::RankedTensor(_) | Type::UnrankedTensor(_)),
            TypeTest::RankedTensor => matches!(ty, Type::RankedTensor(_)),
            TypeTest::UnrankedTensor => matches!(ty, Type::UnrankedTensor(_)),
            TypeTest::MemRef => matches!(ty, Type::MemRef(_)),
            TypeTest::UnrankedMemRef => matches!(ty, Type::UnrankedMemRef(_)),
            TypeTest::BaseMemRef => matches!(ty, Type::MemRef(_) | Type::UnrankedMemRef(_)),
            TypeTest::Shaped => ty.is_shaped(),
            TypeTest::Complex => matches!(ty, Type::Complex(_)),
            TypeTest::Function => matches!(ty, Type::Function(_)),
            TypeTest::NoneType => matches!(ty, Type::None),
            TypeTest::Tuple => matches!(ty, Type::Tuple(_)),
            TypeTest::ValueSemantics => matches!(
                ty,
                Type::Vector(_) | Type::RankedTensor(_) | Type::UnrankedTensor(_)
            ),
            // The tests below read a shaped type ODS has checked before (`And` of a class
            // test first); on anything else they are not ours to answer.
            TypeTest::HasRank => {
                if !ty.is_shaped() {
                    return None;
                }
                ty.rank().is_some()
            }
            TypeTest::Rank(compare, n) => compare.holds(ty.rank()? as u64, *n),
            TypeTest::NumElements(n) => match ty {
                Type::Vector(_) => ty.num_elements()? == *n,
                _ => return None,
            },
            TypeTest::StaticShape => {
                if !ty.is_shaped() {
                    return None;
                }
                ty.has_static_shape()
            }
            TypeTest::DialectClass(class) => return class.holds(ty),
            TypeTest::Llvm(test) => return test.eval(ty),
        })
    }
}

impl TypeClass {
    /// Is `ty` of the class?
    pub fn holds(&self, ty: &Type) -> Option<bool> {
        match ty {
            Type::Error => None,
            Type::Opaque(opaque) if opaque.dialect == self.dialect => {
                Some(self.mnemonic.as_deref()? == opaque.mnemonic())
            }
            // A builtin type, or one of another dialect (registered or not), is of a class
            // of its own dialect.
            _ => Some(false),
        }
    }

    /// The type an unqualified `type($x)` of the class reads from `text`, written without
    /// `!dialect.`: the class's parser reads the mnemonic's parameters (`<1>` of
    /// `!llvm.ptr<1>`), or, without a mnemonic, the whole (`i8` of `!moore.i8`). Text
    /// that is no parameter list of a class with a mnemonic fails MLIR's parse, in words
    /// we do not have: an error type, judged by nothing.
    pub fn stripped(&self, text: &str) -> Type {
        let data = match &self.mnemonic {
            None => text.to_string(),
            Some(mnemonic) if text.starts_with('<') => format!("{mnemonic}{text}"),
            Some(_) => return Type::Error,
        };
        Type::Opaque(std::sync::Arc::new(mlir_types::OpaqueType {
            dialect: self.dialect.clone(),
            data,
        }))
    }
}

impl Compare {
    fn holds(self, a: u64, b: u64) -> bool {
        match self {
            Compare::Eq => a == b,
            Compare::Ne => a != b,
            Compare::Gt => a > b,
            Compare::Ge => a >= b,
            Compare::Lt => a < b,
            Compare::Le => a <= b,
        }
    }
}

/// The test a `CPred`'s C++ text makes, if we model it: `(::llvm::isa<::mlir::IndexType>($_self))`,
/// `($_self.isSignlessInteger(32))`, `(::llvm::cast<::mlir::ShapedType>($_self).getRank() == 1)`.
pub fn parse_cpred(text: &str) -> Option<TypeTest> {
    let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = strip_parens(&text);
    if text == "true" {
        return Some(TypeTest::True);
    }
    if let Some(class) = isa_class(text) {
        return isa_test(&class);
    }
    if let Some(method) = text.strip_prefix("$_self.") {
        return method_test(method);
    }
    if let Some(test) = LlvmTest::of_call(text) {
        return Some(TypeTest::Llvm(test));
    }
    shaped_query(text)
}

/// The C++ class a `CPred` of `::llvm::isa<C>($_self)` tests, without a leading `::mlir::`
/// (`LLVM::LLVMPointerType`), whitespace and the parentheses around it ignored.
pub fn isa_class(text: &str) -> Option<String> {
    let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let class = strip_parens(&text)
        .strip_prefix("::llvm::isa<")?
        .strip_suffix(">($_self)")?;
    Some(cpp_class_key(class).to_string())
}

/// A C++ class name as `isa_class` gives it: `::mlir::LLVM::LLVMPointerType` and
/// `mlir::LLVM::LLVMPointerType` are both `LLVM::LLVMPointerType`.
pub fn cpp_class_key(class: &str) -> &str {
    let class = class.trim();
    let class = class.strip_prefix("::").unwrap_or(class);
    class.strip_prefix("mlir::").unwrap_or(class)
}

/// `text` without the parentheses around the whole of it (ODS's `CPred` adds a pair).
pub(crate) fn strip_parens(mut text: &str) -> &str {
    while let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        if !balanced(inner) {
            break;
        }
        text = inner.trim();
    }
    text
}

/// Do the parentheses of `text` balance without ever closing more than they opened?
fn balanced(text: &str) -> bool {
    let mut depth = 0i32;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

fn isa_test(class: &str) -> Option<TypeTest> {
    Some(match class {
        "IntegerType" => TypeTest::Integer {
            width: None,
            signedness: None,
        },
        "IndexType" => TypeTest::Index,
        "FloatType" => TypeTest::AnyFloat,
        "VectorType" => TypeTest::Vector { scalable: None },
        "FixedVectorType" => TypeTest::Vector {
            scalable: Some(false),
        },
        "ScalableVectorType" => TypeTest::Vector {
            scalable: Some(true),
        },
        "TensorType" => TypeTest::Tensor,
        "RankedTensorType" => TypeTest::RankedTensor,
        "UnrankedTensorType" => TypeTest::UnrankedTensor,
        "MemRefType" => TypeTest::MemRef,
        "UnrankedMemRefType" => TypeTest::UnrankedMemRef,
        "BaseMemRefType" => TypeTest::BaseMemRef,
        "ShapedType" => TypeTest::Shaped,
        "ComplexType" => TypeTest::Complex,
        "FunctionType" => TypeTest::Function,
        "NoneType" => TypeTest::NoneType,
        "TupleType" => TypeTest::Tuple,
        other => TypeTest::Float(float_class(other)?),
    })
}

/// The float format of a builtin float type's C++ class (`Float8E5M2Type`).
fn float_class(class: &str) -> Option<FloatKind> {
    Some(match class {
        "BFloat16Type" => FloatKind::BF16,
        "Float16Type" => FloatKind::F16,
        "FloatTF32Type" => FloatKind::TF32,
        "Float32Type" => FloatKind::F32,
        "Float64Type" => FloatKind::F64,
        "Float80Type" => FloatKind::F80,
        "Float128Type" => FloatKind::F128,
        "Float4E2M1FNType" => FloatKind::F4E2M1FN,
        "Float6E2M3FNType" => FloatKind::F6E2M3FN,
        "Float6E3M2FNType" => FloatKind::F6E3M2FN,
        "Float8E5M2Type" => FloatKind::F8E5M2,
        "Float8E4M3Type" => FloatKind::F8E4M3,
        "Float8E4M3FNType" => FloatKind::F8E4M3FN,
        "Float8E5M2FNUZType" => FloatKind::F8E5M2FNUZ,
        "Float8E4M3FNUZType" => FloatKind::F8E4M3FNUZ,
        "Float8E4M3B11FNUZType" => FloatKind::F8E4M3B11FNUZ,
        "Float8E3M4Type" => FloatKind::F8E3M4,
        "Float8E8M0FNUType" => FloatKind::F8E8M0FNU,
        _ => return None,
    })
}

/// `isSignlessInteger(32)`, `isF32()`, `isIndex()`, `hasTrait<::mlir::ValueSemantics>()`.
fn method_test(method: &str) -> Option<TypeTest> {
    let (name, arg) = method.strip_suffix(')')?.split_once('(')?;
    let width = match arg.trim() {
        "" => None,
        digits => Some(digits.parse::<u32>().ok()?),
    };
    let integer = |signedness| {
        Some(TypeTest::Integer {
            width,
            signedness: Some(signedness),
        })
    };
    match name {
        "isInteger" if width.is_some() => Some(TypeTest::Integer {
            width,
            signedness: None,
        }),
        "isSignlessInteger" => integer(Signedness::Signless),
        "isSignedInteger" => integer(Signedness::Signed),
        "isUnsignedInteger" => integer(Signedness::Unsigned),
        _ if width.is_some() => None,
        "isIndex" => Some(TypeTest::Index),
        "isSignlessIntOrIndex" => Some(TypeTest::SignlessIntOrIndex),
        "isBF16" => Some(TypeTest::Float(FloatKind::BF16)),
        "isF16" => Some(TypeTest::Float(FloatKind::F16)),
        "isTF32" => Some(TypeTest::Float(FloatKind::TF32)),
        "isF32" => Some(TypeTest::Float(FloatKind::F32)),
        "isF64" => Some(TypeTest::Float(FloatKind::F64)),
        "isF80" => Some(TypeTest::Float(FloatKind::F80)),
        "isF128" => Some(TypeTest::Float(FloatKind::F128)),
        "hasTrait<::mlir::ValueSemantics>" => Some(TypeTest::ValueSemantics),
        _ => None,
    }
}

/// `::llvm::cast<::mlir::ShapedType>($_self).getRank() == 1`, `....hasRank()`,
/// `::llvm::cast<::mlir::VectorType>($_self).getNumElements() == 4`.
fn shaped_query(text: &str) -> Option<TypeTest> {
    let rest = text.strip_prefix("::llvm::cast<")?;
    let (class, query) = rest.split_once(">($_self).")?;
    let class = class.trim_start_matches("::").trim_start_matches("mlir::");
    let shaped = matches!(
        class,
        "ShapedType" | "VectorType" | "RankedTensorType" | "MemRefType" | "TensorType"
    );
    if !shaped {
        return None;
    }
    match query {
        "hasRank()" => return Some(TypeTest::HasRank),
        "hasStaticShape()" => return Some(TypeTest::StaticShape),
        _ => {}
    }
    let (method, compare, n) = comparison(query)?;
    match method {
        "getRank()" => Some(TypeTest::Rank(compare, n)),
        "getNumElements()" if class == "VectorType" && compare == Compare::Eq => {
            Some(TypeTest::NumElements(n))
        }
        _ => None,
    }
}

/// `getRank() >= 1` as its three parts.
fn comparison(text: &str) -> Option<(&str, Compare, u64)> {
    for (op, compare) in [
        ("==", Compare::Eq),
        ("!=", Compare::Ne),
        (">=", Compare::Ge),
        ("<=", Compare::Le),
        (">", Compare::Gt),
        ("<", Compare::Lt),
    ] {
        if let Some((left, right)) = text.split_once(op) {
            return Some((left.trim(), compare, right.trim().parse().ok()?));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modelled_cpreds_are_read() {
        let cases = [
            ("(::llvm::isa<::mlir::IndexType>($_self))", TypeTest::Index),
            (
                "($_self.isSignlessInteger(32))",
                TypeTest::Integer {
                    width: Some(32),
                    signedness: Some(Signedness::Signless),
                },
            ),
            ("($_self.isF32())", TypeTest::Float(FloatKind::F32)),
            (
                "(::llvm::cast<::mlir::VectorType>($_self).getNumElements()\n   == 8)",
                TypeTest::NumElements(8),
            ),
            (
                "(::llvm::cast<::mlir::ShapedType>($_self).getRank()\n == 1)",
                TypeTest::Rank(Compare::Eq, 1),
            ),
            ("(true)", TypeTest::True),
        ];
        for (text, test) in cases {
            assert_eq!(parse_cpred(text), Some(test), "{text}");
        }
    }

    #[test]
    fn cpreds_of_unmodelled_cpp_are_unknown() {
        for text in [
            "(::mlir::LLVM::isCompatibleType($_self))",
            "(::llvm::isa<mlir::quant::QuantizedType>($_self))",
            "(::llvm::all_of(::llvm::cast<::mlir::RankedTensorType>($_self).getShape(), f))",
        ] {
            assert_eq!(parse_cpred(text), None, "{text}");
        }
    }

    #[test]
    fn a_dialect_class_is_told_by_dialect_and_mnemonic() {
        let opaque = |dialect: &str, data: &str| {
            Type::Opaque(std::sync::Arc::new(mlir_types::OpaqueType {
                dialect: dialect.into(),
                data: data.into(),
            }))
        };
        let pointer = TypeTest::DialectClass(TypeClass {
            dialect: "llvm".into(),
            mnemonic: Some("ptr".into()),
        });
        assert_eq!(pointer.eval(&opaque("llvm", "ptr")), Some(true));
        assert_eq!(pointer.eval(&opaque("llvm", "ptr<1>")), Some(true));
        assert_eq!(pointer.eval(&opaque("llvm", "void")), Some(false));
        assert_eq!(pointer.eval(&opaque("ptr", "ptr")), Some(false));
        assert_eq!(pointer.eval(&Type::Index), Some(false));
        assert_eq!(pointer.eval(&Type::Error), None);
        let unnamed = TypeTest::DialectClass(TypeClass {
            dialect: "llvm".into(),
            mnemonic: None,
        });
        assert_eq!(unnamed.eval(&opaque("llvm", "ptr")), None);
        assert_eq!(unnamed.eval(&Type::Index), Some(false));
        assert_eq!(
            isa_class("(::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self))").as_deref(),
            Some("LLVM::LLVMPointerType")
        );
    }

    #[test]
    fn unknown_parts_decide_nothing_unless_they_cannot_matter() {
        let index = TypePred::Test(TypeTest::Index);
        let either = TypePred::Any(vec![index.clone(), TypePred::Unknown]);
        assert_eq!(either.eval(&Type::Index), Some(true));
        assert_eq!(either.eval(&Type::int(32)), None);
        let both = TypePred::All(vec![index, TypePred::Unknown]);
        assert_eq!(both.eval(&Type::int(32)), Some(false));
        assert_eq!(both.eval(&Type::Index), None);
    }
}
