//! The class of type a value's C++ type asks for (registry stage): ODS's parser reads
//! `type($x)` as that class (`parseType<MemRefType>`) when `$x`'s constraint has one, and
//! fails as it reads a type of another class with `invalid kind of type specified`.

use mlir_syntax::ast::{self, AstNode};

use super::constraint::{ShapeProperty, TypeConstraint};
use super::matched::{ParseFailure, WrittenType};

/// The C++ classes of ODS's shaped constraints.
#[derive(Clone, Copy)]
enum Class {
    /// `MemRefType` (`AnyMemRef`, `MemRefOf`, `MemRefRankOf`, `AnyStaticShapeMemRef`, ...).
    MemRef,
    /// `UnrankedMemRefType`.
    UnrankedMemRef,
    /// `BaseMemRefType` (`AnyRankedOrUnrankedMemRef`).
    BaseMemRef,
    /// `RankedTensorType`.
    RankedTensor,
    /// `TensorType` (`AnyTensor`, `TensorOf`).
    Tensor,
    /// `VectorType` (`AnyVectorOfAnyRank`, `VectorOfRank`, fixed-length and scalable ones).
    Vector,
    /// `ComplexType` (`Complex<...>`, `AnyComplex`).
    Complex,
    /// `ShapedType` (`AnyShaped`).
    Shaped,
}

impl Class {
    /// ODS's class for a constraint; `None` for `::mlir::Type`, which reads any type.
    fn of(constraint: &TypeConstraint) -> Option<Class> {
        Some(match constraint {
            TypeConstraint::MemRef(_) | TypeConstraint::MemRefWith(..) => Class::MemRef,
            TypeConstraint::UnrankedMemRef(_) => Class::UnrankedMemRef,
            TypeConstraint::Named(named) if named.name == "AnyRankedOrUnrankedMemRef" => {
                Class::BaseMemRef
            }
            // `TensorRankOf` and `AnyStaticShapeTensor` too; `AnyNon0RankedTensor` is a
            // `TensorOf` whose predicate asks for a rank, of C++ type `TensorType`.
            TypeConstraint::RankedTensorWith(_, ShapeProperty::NonZeroRank) => Class::Tensor,
            TypeConstraint::RankedTensor(_) | TypeConstraint::RankedTensorWith(..) => {
                Class::RankedTensor
            }
            TypeConstraint::Tensor(_) => Class::Tensor,
            // An `AnyTypeOf` whose C++ type ODS gives as `TensorType` (`tensor.dim`).
            TypeConstraint::Named(named) if named.name == "AnyNon0RankedOrUnrankedTensor" => {
                Class::Tensor
            }
            TypeConstraint::Vector(_) | TypeConstraint::VectorWith(..) => Class::Vector,
            TypeConstraint::Shaped(_) => Class::Shaped,
            TypeConstraint::Complex(_) => Class::Complex,
            // `VectorOfRank<...>`, `AnyComplex`: named for their summary, of the inner C++ type.
            TypeConstraint::Named(named)
                if matches!(
                    named.inner,
                    TypeConstraint::VectorWith(..) | TypeConstraint::Complex(_)
                ) =>
            {
                return Class::of(&named.inner);
            }
            TypeConstraint::Imported(imported) => return Class::of_cpp_type(&imported.cpp_type),
            _ => return None,
        })
    }

    /// The class of an imported constraint's `cppType` (`MemRefType`).
    fn of_cpp_type(cpp_type: &str) -> Option<Class> {
        Some(match cpp_type {
            "MemRefType" => Class::MemRef,
            "UnrankedMemRefType" => Class::UnrankedMemRef,
            "BaseMemRefType" => Class::BaseMemRef,
            "RankedTensorType" => Class::RankedTensor,
            "TensorType" => Class::Tensor,
            "VectorType" => Class::Vector,
            "ComplexType" => Class::Complex,
            "ShapedType" => Class::Shaped,
            _ => return None,
        })
    }

    /// The name MLIR's message gives the class, for the classes that have one.
    fn name(self) -> Option<&'static str> {
        match self {
            Class::MemRef => Some("builtin.memref"),
            Class::UnrankedMemRef => Some("builtin.unranked_memref"),
            Class::RankedTensor => Some("builtin.tensor"),
            Class::Vector => Some("builtin.vector"),
            Class::Complex => Some("builtin.complex"),
            Class::BaseMemRef | Class::Tensor | Class::Shaped => None,
        }
    }

    /// Is a written type of the class? `None` when we cannot tell (an alias).
    fn holds(self, ty: &ast::Type) -> Option<bool> {
        let unranked = |dims: Option<ast::DimensionList>| dims.is_some_and(|d| d.is_unranked());
        Some(match (self, ty) {
            (_, ast::Type::Alias(_)) => return None,
            (Class::MemRef, ast::Type::Memref(m)) => !unranked(m.dimension_list()),
            (Class::UnrankedMemRef, ast::Type::Memref(m)) => unranked(m.dimension_list()),
            (Class::BaseMemRef, ast::Type::Memref(_)) => true,
            (Class::RankedTensor, ast::Type::Tensor(t)) => !unranked(t.dimension_list()),
            (Class::Tensor, ast::Type::Tensor(_)) => true,
            (Class::Vector, ast::Type::Vector(_)) => true,
            (Class::Complex, ast::Type::Complex(_)) => true,
            (Class::Shaped, ast::Type::Memref(_) | ast::Type::Tensor(_) | ast::Type::Vector(_)) => {
                true
            }
            _ => false,
        })
    }
}

/// The failure of reading `ty` for a value of `constraint`, if its class rejects it.
pub fn failure(constraint: &TypeConstraint, ty: &WrittenType) -> Option<ParseFailure> {
    let class = Class::of(constraint)?;
    let WrittenType::Node(node) = ty else {
        return None;
    };
    if class.holds(node)? {
        return None;
    }
    Some(ParseFailure::TypeKind {
        at: node.syntax().text_range(),
        expected: class.name(),
        found: node.syntax().text().to_string(),
    })
}
