//! Constraint names of spec files (registry stage): resolves the ODS spellings
//! (`SignlessIntegerLike`, `VectorOf<I1>`, `FlatSymbolRefAttr`, an enum's name, a
//! spec-declared constraint) to `TypeConstraint`s and `AttrConstraint`s.

use std::sync::Arc;

use super::Registry;
use super::constraint::{
    AttrConstraint, EnumSpec, NamedConstraint, ShapeProperty, TypeConstraint, rank_list,
};
use super::expr::{Expr, parse_expr};
use mlir_types::FloatKind;

/// The names known to a registry: the built-in ones and the enums and constraints its
/// spec files declared so far.
pub(crate) struct Names<'r> {
    pub registry: &'r Registry,
}

impl Names<'_> {
    pub(crate) fn attr_constraint(&self, expr: &Expr) -> Result<Option<AttrConstraint>, String> {
        let Some(name) = expr.name() else {
            return Ok(None);
        };
        let constraint = match (name, expr.args()) {
            ("AnyAttr", []) => AttrConstraint::Any,
            ("UnitAttr" | "UnitProp", []) => AttrConstraint::Unit,
            ("BoolAttr", []) => AttrConstraint::Bool,
            ("StrAttr", []) => AttrConstraint::Str,
            ("SymbolNameAttr", []) => AttrConstraint::SymbolName,
            ("FlatSymbolRefAttr", []) => AttrConstraint::FlatSymbolRef,
            ("SymbolRefAttr", []) => AttrConstraint::SymbolRef,
            ("TypedAttr", []) => AttrConstraint::Typed,
            ("TypeAttrOf", [inner]) => AttrConstraint::TypeOf(self.type_constraint(inner)?),
            ("I32Attr", []) => AttrConstraint::Int(32),
            ("I64Attr", []) => AttrConstraint::Int(64),
            ("IndexAttr", []) => AttrConstraint::IndexInt,
            ("DenseI32ArrayAttr", []) => AttrConstraint::DenseI32Array,
            ("DenseI64ArrayAttr", []) => AttrConstraint::DenseI64Array,
            ("ArrayAttr", []) => AttrConstraint::Array,
            ("IndexListArrayAttr", []) => AttrConstraint::IndexListArray,
            ("AffineMapAttr", []) => AttrConstraint::AffineMap,
            ("MemRefTypeAttr", []) => {
                AttrConstraint::TypeOf(TypeConstraint::MemRef(Box::new(TypeConstraint::Any)))
            }
            ("DictArrayAttr", []) => AttrConstraint::DictArray,
            ("AnyIntElementsAttr", []) => AttrConstraint::IntElements,
            _ => match self.enum_named(name) {
                Some(spec) => AttrConstraint::Enum(spec),
                None => return Ok(None),
            },
        };
        Ok(Some(constraint))
    }

    /// An enum by its name, with or without an `Attr` suffix.
    pub(crate) fn enum_named(&self, name: &str) -> Option<Arc<EnumSpec>> {
        let base = name.strip_suffix("Attr").unwrap_or(name);
        self.registry.enums.get(base).cloned()
    }

    pub(crate) fn type_constraint_text(&self, text: &str) -> Result<TypeConstraint, String> {
        self.type_constraint(&parse_expr(text)?)
    }

    pub(crate) fn type_constraint(&self, expr: &Expr) -> Result<TypeConstraint, String> {
        let shaped = |make: fn(Box<TypeConstraint>) -> TypeConstraint| -> Result<_, String> {
            Ok(make(Box::new(self.element_constraint(expr.args())?)))
        };
        let name = match expr {
            Expr::Name(name, _) => name.as_str(),
            _ => return Err("expected a type constraint".into()),
        };
        let constraint = match (name, expr.args()) {
            ("AnyVector" | "VectorOf" | "AnyVectorOfAnyRank" | "VectorOfAnyRankOf", _) => {
                shaped(TypeConstraint::Vector)?
            }
            ("AnyVectorOfNonZeroRank" | "VectorOfNonZeroRankOf", args) => {
                vector_with(self.element_constraint(args)?, ShapeProperty::NonZeroRank)
            }
            ("AnyFixedVectorOfAnyRank" | "FixedVectorOfAnyRank", args) => {
                vector_with(self.element_constraint(args)?, ShapeProperty::FixedLength)
            }
            ("AnyFixedVectorOfNonZeroRank" | "FixedVectorOfNonZeroRankOf", args) => vector_with(
                self.element_constraint(args)?,
                ShapeProperty::FixedLengthNonZeroRank,
            ),
            ("VectorOfRank" | "ScalableVectorOfRank" | "VectorOfRankAndType", args) => {
                self.vector_of_rank(name, args)?
            }
            ("AnyTensor" | "TensorOf", _) => shaped(TypeConstraint::Tensor)?,
            ("AnyRankedTensor" | "RankedTensorOf", _) => shaped(TypeConstraint::RankedTensor)?,
            ("AnyUnrankedTensor" | "UnrankedTensorOf", _) => {
                shaped(TypeConstraint::UnrankedTensor)?
            }
            ("TensorRankOf", args) => {
                let (element, ranks) = self.element_and_ranks("TensorRankOf", args)?;
                tensor_with(element, ShapeProperty::Ranks(ranks))
            }
            ("AnyMemRef" | "MemRefOf", _) => shaped(TypeConstraint::MemRef)?,
            ("AnyUnrankedMemRef" | "UnrankedMemRefOf", _) => {
                shaped(TypeConstraint::UnrankedMemRef)?
            }
            ("MemRefRankOf", args) => self.memref_rank_of(args)?,
            ("AnyStridedMemRefOfRank", [Expr::Int(rank)]) => {
                memref_with(TypeConstraint::Any, ShapeProperty::StridedOfRank(*rank))
            }
            ("AnyShaped" | "ShapedOf", _) => shaped(TypeConstraint::Shaped)?,
            ("Complex", [element]) => {
                TypeConstraint::Complex(Box::new(self.type_constraint(element)?))
            }
            ("AnyTypeOf", options) => TypeConstraint::AnyOf(self.constraints(options)?),
            ("SameAs", [Expr::Var(var)]) => TypeConstraint::SameAs(var.clone()),
            (name, []) => self.simple_type_constraint(name)?,
            _ => return Err(format!("unknown type constraint `{name}<...>`")),
        };
        Ok(constraint)
    }

    /// The element constraint of `VectorOf<a, b>`: none means any type.
    pub(crate) fn element_constraint(&self, args: &[Expr]) -> Result<TypeConstraint, String> {
        match args {
            [] => Ok(TypeConstraint::Any),
            [one] => self.type_constraint(one),
            many => Ok(TypeConstraint::AnyOf(self.constraints(many)?)),
        }
    }

    pub(crate) fn constraints(&self, exprs: &[Expr]) -> Result<Vec<TypeConstraint>, String> {
        exprs.iter().map(|e| self.type_constraint(e)).collect()
    }

    pub(crate) fn simple_type_constraint(&self, name: &str) -> Result<TypeConstraint, String> {
        let constraint = match name {
            "AnyType" => TypeConstraint::Any,
            "AnyInteger" => TypeConstraint::AnyInteger,
            "AnySignlessInteger" => TypeConstraint::AnySignlessInteger,
            "AnySignedInteger" => TypeConstraint::AnySignedInteger,
            "AnyUnsignedInteger" => TypeConstraint::AnyUnsignedInteger,
            "Index" => TypeConstraint::Index,
            "AnyFloat" => TypeConstraint::AnyFloat,
            "FunctionType" => TypeConstraint::Function,
            "SignlessIntegerLike" | "SignlessIntegerOrIndexLike" => {
                TypeConstraint::SignlessIntegerLike
            }
            "SignlessFixedWidthIntegerLike" => TypeConstraint::SignlessFixedWidthIntegerLike,
            "SignlessIntegerOrFloatLike" => TypeConstraint::SignlessIntegerOrFloatLike,
            "FloatLike" => TypeConstraint::FloatLike,
            "BoolLike" => TypeConstraint::BoolLike,
            "AnyComplex" => named(
                name,
                "complex-type",
                TypeConstraint::Complex(Box::new(TypeConstraint::Any)),
            ),
            "AnyNon0RankedMemRef" => memref_with(TypeConstraint::Any, ShapeProperty::NonZeroRank),
            "AnyStridedMemRef" => memref_with(TypeConstraint::Any, ShapeProperty::Strided),
            "AnyStaticShapeMemRef" => memref_with(TypeConstraint::Any, ShapeProperty::StaticShape),
            "AnyRankedOrUnrankedMemRef" => named(
                name,
                "ranked or unranked memref of any type values",
                any_unranked_or(TypeConstraint::MemRef(Box::new(TypeConstraint::Any))),
            ),
            "AnyNon0RankedOrUnrankedMemRef" => {
                any_unranked_or(memref_with(TypeConstraint::Any, ShapeProperty::NonZeroRank))
            }
            "AnyNon0RankedTensor" => tensor_with(TypeConstraint::Any, ShapeProperty::NonZeroRank),
            "AnyStaticShapeTensor" => tensor_with(TypeConstraint::Any, ShapeProperty::StaticShape),
            // An `AnyTypeOf` with a summary of its own in ODS.
            "AnyNon0RankedOrUnrankedTensor" => named(
                name,
                "non-0-ranked or unranked tensor",
                TypeConstraint::AnyOf(vec![
                    TypeConstraint::UnrankedTensor(Box::new(TypeConstraint::Any)),
                    tensor_with(TypeConstraint::Any, ShapeProperty::NonZeroRank),
                ]),
            ),
            _ => return self.sized_or_named(name),
        };
        Ok(constraint)
    }

    /// `VectorOfRank<1, 2>`, `ScalableVectorOfRank<1>` and `VectorOfRankAndType<1, Index>`
    /// (ODS's `VectorOfRankAndType<[1], [Index]>`: ranks first). ODS gives the first two
    /// a summary that only lists the ranks (`'...' op operand #0 must be  of ranks 1`).
    fn vector_of_rank(&self, name: &str, args: &[Expr]) -> Result<TypeConstraint, String> {
        let split = args.iter().position(|a| !matches!(a, Expr::Int(_)));
        let (ranks, elements) = args.split_at(split.unwrap_or(args.len()));
        let ranks: Vec<u64> = ranks
            .iter()
            .filter_map(|r| match r {
                Expr::Int(rank) => Some(*rank),
                _ => None,
            })
            .collect();
        let with_types = name == "VectorOfRankAndType";
        if ranks.is_empty() || elements.is_empty() == with_types {
            return Err(format!("`{name}`: unexpected arguments"));
        }
        if with_types {
            let element = self.element_constraint(elements)?;
            return Ok(vector_with(element, ShapeProperty::Ranks(ranks)));
        }
        let summary = format!(" of ranks {}", rank_list(&ranks));
        let property = match name {
            "ScalableVectorOfRank" => ShapeProperty::ScalableRanks(ranks),
            _ => ShapeProperty::Ranks(ranks),
        };
        Ok(named(
            name,
            &summary,
            vector_with(TypeConstraint::Any, property),
        ))
    }

    /// `MemRefRankOf<I8, AnyFloat, 1, 2>`: ODS's `MemRefRankOf<[I8, AnyFloat], [1, 2]>`,
    /// the element constraints and then the ranks.
    fn memref_rank_of(&self, args: &[Expr]) -> Result<TypeConstraint, String> {
        let (element, ranks) = self.element_and_ranks("MemRefRankOf", args)?;
        Ok(memref_with(element, ShapeProperty::Ranks(ranks)))
    }

    /// The arguments of `MemRefRankOf` or `TensorRankOf` (named `what`): element
    /// constraints, then ranks.
    fn element_and_ranks(
        &self,
        what: &str,
        args: &[Expr],
    ) -> Result<(TypeConstraint, Vec<u64>), String> {
        let split = args.iter().position(|a| matches!(a, Expr::Int(_)));
        let (elements, ranks) = args.split_at(split.unwrap_or(args.len()));
        let ranks: Vec<u64> = ranks
            .iter()
            .map(|r| match r {
                Expr::Int(rank) => Ok(*rank),
                _ => Err(format!(
                    "`{what}<types..., ranks...>`: a type after the ranks"
                )),
            })
            .collect::<Result<_, _>>()?;
        if elements.is_empty() || ranks.is_empty() {
            return Err(format!("`{what}` needs element types and ranks"));
        }
        Ok((self.element_constraint(elements)?, ranks))
    }

    /// `I32`, `F16`, `BF16`, or a constraint declared by a `constraint` entry.
    pub(crate) fn sized_or_named(&self, name: &str) -> Result<TypeConstraint, String> {
        if let Some(width) = int_width(name) {
            return Ok(TypeConstraint::SignlessInt(width));
        }
        if let Some(kind) = FloatKind::from_name(&name.to_ascii_lowercase()) {
            return Ok(TypeConstraint::Float(kind));
        }
        match self.registry.constraints.get(name) {
            Some(named) => Ok(TypeConstraint::Named(named.clone())),
            None => Err(format!("unknown type constraint `{name}`")),
        }
    }
}

fn memref_with(element: TypeConstraint, property: ShapeProperty) -> TypeConstraint {
    TypeConstraint::MemRefWith(Box::new(element), property)
}

fn tensor_with(element: TypeConstraint, property: ShapeProperty) -> TypeConstraint {
    TypeConstraint::RankedTensorWith(Box::new(element), property)
}

fn vector_with(element: TypeConstraint, property: ShapeProperty) -> TypeConstraint {
    TypeConstraint::VectorWith(Box::new(element), property)
}

/// An unranked memref of any type, or `ranked` (MLIR lists the unranked one first).
fn any_unranked_or(ranked: TypeConstraint) -> TypeConstraint {
    let unranked = TypeConstraint::UnrankedMemRef(Box::new(TypeConstraint::Any));
    TypeConstraint::AnyOf(vec![unranked, ranked])
}

/// A built-in constraint with a description of its own.
fn named(name: &str, summary: &str, inner: TypeConstraint) -> TypeConstraint {
    TypeConstraint::Named(Arc::new(NamedConstraint {
        name: name.to_string(),
        summary: summary.to_string(),
        inner,
    }))
}

/// `I64` → 64 (MLIR's widest integer has 2^24 - 1 bits).
pub(crate) fn int_width(name: &str) -> Option<u32> {
    let digits = name.strip_prefix('I')?;
    digits.parse().ok().filter(|w| (1..=16_777_215).contains(w))
}
