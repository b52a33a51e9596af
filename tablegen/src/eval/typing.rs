//! The static type of a value, where llvm-tblgen decides something by type while a value
//! is still unresolved: whether `a # b` concatenates lists or pastes strings.

use super::Evaluator;
use super::init::Init;
use super::types::Ty;

impl Evaluator<'_> {
    /// The type of `init`, if it can be told.
    pub(crate) fn static_ty(&self, init: &Init) -> Option<Ty> {
        match init {
            Init::Unset => None,
            Init::Bit(_) | Init::VarBit(..) => Some(Ty::Bit),
            Init::Bits(bits) => Some(Ty::Bits(bits.len() as u32)),
            Init::Int(_) => Some(Ty::Int),
            Init::Str(_) => Some(Ty::String),
            Init::Code(_) => Some(Ty::Code),
            Init::List(items) => {
                let element = items.iter().find_map(|item| self.static_ty(item));
                Some(Ty::List(Box::new(element.unwrap_or(Ty::Int))))
            }
            Init::Dag(_) => Some(Ty::Dag),
            Init::Def(id) => {
                let superclasses = match &self.records[*id] {
                    Some(rec) => &rec.superclasses,
                    None => return None,
                };
                let last = superclasses.last()?;
                Some(Ty::Class(self.classes[*last].name.clone()))
            }
            Init::Var(name) => self.var_ty(name),
            Init::Field(record, field) => {
                let Some(Ty::Class(class)) = self.static_ty(record) else {
                    return None;
                };
                let class = &self.classes[self.class_id(&class)?];
                Some(class.rec.field(field)?.ty.clone())
            }
            Init::Anon(anon) => Some(Ty::Class(anon.class_name.clone())),
            Init::Op(op) => {
                let first = || op.args.first().and_then(|arg| self.static_ty(arg));
                match &*op.op {
                    "listconcat" | "listremove" | "listslice" | "filter" | "tail" => first(),
                    "listsplat" => first().map(|ty| Ty::List(Box::new(ty))),
                    "range" => Some(Ty::List(Box::new(Ty::Int))),
                    "foreach" => match first() {
                        Some(Ty::Dag) => Some(Ty::Dag),
                        _ => {
                            let body = op.args.get(1).and_then(|body| self.static_ty(body));
                            Some(Ty::List(Box::new(body.unwrap_or(Ty::Int))))
                        }
                    },
                    "head" | "listelem" => match first() {
                        Some(Ty::List(element)) => Some(*element),
                        _ => None,
                    },
                    "strconcat" | "paste" | "interleave" | "tolower" | "toupper" | "substr"
                    | "repr" => Some(Ty::String),
                    "subst" => op.args.get(2).and_then(|target| self.static_ty(target)),
                    "add" | "mul" | "and" | "or" | "xor" | "sub" | "shl" | "sra" | "srl"
                    | "div" | "size" | "find" | "logtwo" | "not" => Some(Ty::Int),
                    "eq" | "ne" | "lt" | "le" | "gt" | "ge" | "empty" | "isa" | "exists"
                    | "initialized" => Some(Ty::Bit),
                    "cast" | "getdagop" | "getop" | "getdagarg" => op.ty.clone(),
                    "getdagname" => Some(Ty::String),
                    "if" => op
                        .args
                        .get(1)
                        .and_then(|arg| self.static_ty(arg))
                        .or_else(|| op.args.get(2).and_then(|arg| self.static_ty(arg))),
                    "cond" => op
                        .args
                        .iter()
                        .skip(1)
                        .step_by(2)
                        .find_map(|arg| self.static_ty(arg)),
                    "foldl" => first(),
                    "con" | "dag" | "setdagop" | "setop" | "setdagarg" | "setdagname" => {
                        Some(Ty::Dag)
                    }
                    _ => None,
                }
            }
        }
    }

    /// The type of a variable: one an operator binds, a template argument (`Class:arg`),
    /// or a field of the record being built.
    fn var_ty(&self, name: &str) -> Option<Ty> {
        if let Some((_, ty)) = self
            .bound_types
            .iter()
            .rev()
            .find(|(bound, _)| &**bound == name)
        {
            return ty.clone();
        }
        if let Some((class, _)) = name.split_once(':') {
            let class = &self.classes[self.class_id(class)?];
            let param = class
                .params
                .iter()
                .find(|param| &*param.qualified == name)?;
            return Some(param.ty.clone());
        }
        let building = self.building.last()?;
        Some(building.rec.field(name)?.ty.clone())
    }
}
