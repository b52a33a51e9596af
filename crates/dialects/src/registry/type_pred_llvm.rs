//! The LLVM dialect's type compatibility functions, which its ODS constraints call from
//! `CPred`s (`LLVM_Type`, `LLVM_AnyFloat`, `LLVM_AnyVector`), modelled on the types we
//! can tell apart. A type that may implement the pointer-like interface those functions
//! also accept (a dialect type other than LLVM's own) is unknown, never rejected.

use mlir_types::{FloatKind, Signedness, Type};

/// One of the functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LlvmTest {
    /// `LLVM::isCompatibleOuterType`: a type LLVM IR has, its contents unchecked.
    CompatibleOuter,
    /// `LLVM::isCompatibleFloatingPointType`.
    CompatibleFloat,
    /// `LLVM::isCompatibleVectorType`: a 1-D vector of LLVM's scalars.
    CompatibleVector,
}

/// The LLVM dialect's own types (mnemonics) that `isCompatibleOuterType` accepts: all
/// of them in MLIR 22.
const LLVM_OUTER_TYPES: [&str; 11] = [
    "array",
    "func",
    "label",
    "metadata",
    "ppc_fp128",
    "ptr",
    "struct",
    "target",
    "token",
    "void",
    "x86_amx",
];

impl LlvmTest {
    /// The function a `CPred`'s whole text calls on `$_self`, if one of ours.
    pub(crate) fn of_call(text: &str) -> Option<LlvmTest> {
        let function = text.strip_suffix("($_self)")?;
        let function = function.strip_prefix("::").unwrap_or(function);
        Some(match function.strip_prefix("mlir::LLVM::")? {
            "isCompatibleOuterType" => LlvmTest::CompatibleOuter,
            "isCompatibleFloatingPointType" => LlvmTest::CompatibleFloat,
            "isCompatibleVectorType" => LlvmTest::CompatibleVector,
            _ => return None,
        })
    }

    pub(crate) fn eval(self, ty: &Type) -> Option<bool> {
        match self {
            LlvmTest::CompatibleOuter => compatible_outer(ty),
            LlvmTest::CompatibleFloat => compatible_float(ty),
            LlvmTest::CompatibleVector => compatible_vector(ty),
        }
    }
}

fn compatible_outer(ty: &Type) -> Option<bool> {
    match ty {
        Type::Integer(int) => Some(int.signedness == Signedness::Signless),
        Type::Vector(vector) => Some(vector.dims.len() == 1),
        Type::Float(_) => compatible_float(ty),
        Type::Opaque(opaque) if opaque.dialect == "llvm" => LLVM_OUTER_TYPES
            .contains(&opaque.mnemonic())
            .then_some(true),
        // Pointer-like types of other dialects may qualify.
        Type::Opaque(_) | Type::Error => None,
        _ => Some(false),
    }
}

/// Is `kind` one of the builtin floats LLVM IR has?
pub fn is_llvm_float(kind: FloatKind) -> bool {
    matches!(
        kind,
        FloatKind::BF16
            | FloatKind::F16
            | FloatKind::F32
            | FloatKind::F64
            | FloatKind::F80
            | FloatKind::F128
    )
}

/// The builtin floats LLVM IR has, and `!llvm.ppc_fp128`.
fn compatible_float(ty: &Type) -> Option<bool> {
    match ty {
        Type::Float(kind) => Some(is_llvm_float(*kind)),
        Type::Opaque(opaque) => Some(opaque.dialect == "llvm" && opaque.mnemonic() == "ppc_fp128"),
        Type::Error => None,
        _ => Some(false),
    }
}

fn compatible_vector(ty: &Type) -> Option<bool> {
    let Type::Vector(vector) = ty else {
        return match ty {
            Type::Error => None,
            _ => Some(false),
        };
    };
    if vector.dims.len() != 1 {
        return Some(false);
    }
    match &vector.element {
        Type::Integer(int) => Some(int.signedness == Signedness::Signless),
        Type::Opaque(opaque) if opaque.dialect == "llvm" => {
            (opaque.mnemonic() == "ptr").then_some(true)
        }
        Type::Opaque(_) | Type::Error => None,
        // `ppc_fp128` is no vector element: the builtin floats only.
        element @ Type::Float(_) => compatible_float(element),
        _ => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_types::{OpaqueType, VectorDim, VectorType};
    use std::sync::Arc;

    fn opaque(dialect: &str, data: &str) -> Type {
        Type::Opaque(Arc::new(OpaqueType {
            dialect: dialect.into(),
            data: data.into(),
        }))
    }

    fn vector(dims: usize, element: Type) -> Type {
        let dim = VectorDim {
            size: 4,
            scalable: false,
        };
        Type::Vector(Arc::new(VectorType {
            dims: vec![dim; dims],
            element,
        }))
    }

    #[test]
    fn the_calls_are_read_from_their_cpred_text() {
        let call = |text| LlvmTest::of_call(text);
        assert_eq!(
            call("::mlir::LLVM::isCompatibleOuterType($_self)"),
            Some(LlvmTest::CompatibleOuter)
        );
        assert_eq!(
            call("::mlir::LLVM::isCompatibleVectorType($_self)"),
            Some(LlvmTest::CompatibleVector)
        );
        assert_eq!(call("::mlir::LLVM::isCompatibleType($_self)"), None);
    }

    #[test]
    fn outer_compatibility_accepts_llvm_ir_types_only() {
        let outer = |ty: &Type| LlvmTest::CompatibleOuter.eval(ty);
        assert_eq!(outer(&Type::int(32)), Some(true));
        assert_eq!(outer(&Type::integer(32, Signedness::Unsigned)), Some(false));
        assert_eq!(outer(&Type::Float(FloatKind::F32)), Some(true));
        assert_eq!(outer(&Type::Float(FloatKind::TF32)), Some(false));
        assert_eq!(outer(&Type::Index), Some(false));
        assert_eq!(outer(&vector(1, Type::Index)), Some(true));
        assert_eq!(outer(&vector(2, Type::int(8))), Some(false));
        assert_eq!(
            outer(&Type::UnrankedTensor(Arc::new(Type::int(32)))),
            Some(false)
        );
        assert_eq!(outer(&opaque("llvm", "ptr<1>")), Some(true));
        assert_eq!(outer(&opaque("llvm", "struct<(i32)>")), Some(true));
        assert_eq!(outer(&opaque("llvm", "future")), None);
        assert_eq!(outer(&opaque("ptr", "ptr<#llvm.address_space<0>>")), None);
    }

    #[test]
    fn floats_and_vectors_are_llvm_ir_scalars() {
        let float = |ty: &Type| LlvmTest::CompatibleFloat.eval(ty);
        assert_eq!(float(&opaque("llvm", "ppc_fp128")), Some(true));
        assert_eq!(float(&opaque("llvm", "ptr")), Some(false));
        assert_eq!(float(&Type::Float(FloatKind::F8E5M2)), Some(false));
        let vec = |ty: &Type| LlvmTest::CompatibleVector.eval(ty);
        assert_eq!(vec(&vector(1, Type::Float(FloatKind::F16))), Some(true));
        assert_eq!(vec(&vector(1, opaque("llvm", "ptr"))), Some(true));
        assert_eq!(vec(&vector(1, Type::Index)), Some(false));
        assert_eq!(vec(&vector(1, opaque("ptr", "ptr"))), None);
        assert_eq!(vec(&Type::int(32)), Some(false));
    }
}
