//! Records under construction (classes, defs, and defs a multiclass makes) and the
//! operations that build them: adding a field, setting one (whole or some bits).

use std::rc::Rc;

use super::init::Init;
use super::types::Ty;
use crate::source::Loc;

#[derive(Debug, Clone)]
pub(crate) struct FieldSlot {
    pub(crate) name: Rc<str>,
    pub(crate) ty: Ty,
    pub(crate) value: Init,
    pub(crate) field_keyword: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct AssertInfo {
    pub(crate) cond: Init,
    pub(crate) message: Init,
    pub(crate) loc: Loc,
}

/// A record being built, or a finished one.
#[derive(Debug, Clone)]
pub(crate) struct Rec {
    /// A string once known; inside a multiclass it may wait for `NAME`.
    pub(crate) name: Init,
    pub(crate) anonymous: bool,
    pub(crate) fields: Vec<FieldSlot>,
    /// Class ids, each after its own superclasses.
    pub(crate) superclasses: Vec<usize>,
    pub(crate) asserts: Vec<AssertInfo>,
    pub(crate) locs: Vec<Loc>,
}

/// A class: its record (template arguments appear in it as `Class:arg` variables) and
/// its template arguments.
#[derive(Debug, Clone)]
pub(crate) struct Class {
    pub(crate) name: Rc<str>,
    pub(crate) rec: Rec,
    pub(crate) params: Vec<ClassParam>,
    /// Whether a statement defined it (not only declared it).
    pub(crate) defined: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct ClassParam {
    pub(crate) name: Rc<str>,
    /// `Class:name`, the variable the class's fields use.
    pub(crate) qualified: Rc<str>,
    pub(crate) ty: Ty,
    pub(crate) default: Option<Init>,
}

impl Rec {
    pub(crate) fn new(name: Init, anonymous: bool, loc: Loc) -> Rec {
        Rec {
            name,
            anonymous,
            fields: Vec::new(),
            superclasses: Vec::new(),
            asserts: Vec::new(),
            locs: vec![loc],
        }
    }

    pub(crate) fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|field| &*field.name == name)
    }

    pub(crate) fn field(&self, name: &str) -> Option<&FieldSlot> {
        self.fields.iter().find(|field| &*field.name == name)
    }

    pub(crate) fn name_str(&self) -> Option<&str> {
        self.name.as_str()
    }
}

/// A binding of a top-level `let`, evaluated when the `let` was met.
#[derive(Debug, Clone)]
pub(crate) struct LetBinding {
    pub(crate) name: Rc<str>,
    /// The bits it sets, most significant first as written, or the whole field.
    pub(crate) bits: Option<Vec<u32>>,
    pub(crate) value: Init,
    pub(crate) loc: Loc,
}
