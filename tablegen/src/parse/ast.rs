//! The syntax tree of one `.td` file: statements as written, before any evaluation. A
//! file's tree is built once and evaluated by every root that includes it.

/// Where a piece of syntax starts: a byte offset into its file.
pub(crate) type Offset = u32;

/// A parsed file.
#[derive(Debug, Default)]
pub(crate) struct File {
    pub(crate) stmts: Vec<Stmt>,
}

#[derive(Debug)]
pub(crate) enum Stmt {
    Include {
        path: String,
        at: Offset,
    },
    /// `#define NAME`.
    Define(String),
    /// `#ifdef`/`#ifndef` regions: the statements on each side of the `#else`.
    IfDef {
        name: String,
        negated: bool,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
    Class(Box<Class>),
    Def(Box<Def>),
    Defm(Box<Defm>),
    Let {
        items: Vec<LetItem>,
        body: Vec<Stmt>,
    },
    Defvar(Defvar),
    Multiclass(std::sync::Arc<Multiclass>),
    Foreach(Box<Foreach>),
    If(Box<If<Stmt>>),
    Assert(Assert),
    Defset {
        ty: Type,
        name: String,
        body: Vec<Stmt>,
        at: Offset,
    },
    Deftype {
        name: String,
        ty: Type,
    },
    Dump(Dump),
}

#[derive(Debug)]
pub(crate) struct Class {
    pub(crate) name: String,
    pub(crate) at: Offset,
    pub(crate) params: Vec<Param>,
    pub(crate) parents: Vec<ClassRef>,
    pub(crate) body: Vec<BodyItem>,
    /// Whether this statement defines the class (template arguments, parents or a
    /// non-empty body); without them it is a forward declaration.
    pub(crate) defines: bool,
}

/// A template argument: `Type name = default`.
#[derive(Debug)]
pub(crate) struct Param {
    pub(crate) ty: Type,
    pub(crate) name: String,
    pub(crate) default: Option<Expr>,
    pub(crate) at: Offset,
}

/// `Name<args>` in a parent class list.
#[derive(Debug)]
pub(crate) struct ClassRef {
    pub(crate) name: String,
    pub(crate) at: Offset,
    pub(crate) args: Vec<Arg>,
}

/// A template argument value, by position or by name.
#[derive(Debug)]
pub(crate) enum Arg {
    Positional(Expr),
    Named(Expr, Expr),
}

#[derive(Debug)]
pub(crate) struct Def {
    pub(crate) name: Option<Expr>,
    pub(crate) at: Offset,
    pub(crate) parents: Vec<ClassRef>,
    pub(crate) body: Vec<BodyItem>,
}

#[derive(Debug)]
pub(crate) struct Defm {
    pub(crate) name: Option<Expr>,
    pub(crate) at: Offset,
    pub(crate) parents: Vec<ClassRef>,
}

#[derive(Debug)]
pub(crate) struct Multiclass {
    pub(crate) name: String,
    pub(crate) at: Offset,
    pub(crate) params: Vec<Param>,
    pub(crate) parents: Vec<ClassRef>,
    pub(crate) body: Vec<Stmt>,
}

#[derive(Debug)]
pub(crate) struct Foreach {
    pub(crate) var: String,
    pub(crate) iter: ForeachIter,
    pub(crate) body: Vec<Stmt>,
    pub(crate) at: Offset,
}

#[derive(Debug)]
pub(crate) enum ForeachIter {
    /// `{0-3, 5}` or `0...3`.
    Ranges(Vec<Range>),
    /// Any list value.
    Value(Expr),
}

/// `if cond then ... else ...`, over statements or body items.
#[derive(Debug)]
pub(crate) struct If<T> {
    pub(crate) cond: Expr,
    pub(crate) then: Vec<T>,
    pub(crate) otherwise: Vec<T>,
}

#[derive(Debug)]
pub(crate) struct Assert {
    pub(crate) cond: Expr,
    pub(crate) message: Expr,
    pub(crate) at: Offset,
}

/// `dump message;`: the message printed when evaluation reaches it.
#[derive(Debug)]
pub(crate) struct Dump {
    pub(crate) message: Expr,
    pub(crate) at: Offset,
}

#[derive(Debug)]
pub(crate) struct Defvar {
    pub(crate) name: String,
    pub(crate) value: Expr,
    pub(crate) at: Offset,
}

/// One binding of a top-level `let`, or a `let` in a body.
#[derive(Debug)]
pub(crate) struct LetItem {
    pub(crate) name: String,
    pub(crate) bits: Option<Vec<Range>>,
    pub(crate) value: Expr,
    pub(crate) at: Offset,
}

/// What a class or record body holds.
#[derive(Debug)]
pub(crate) enum BodyItem {
    Field {
        field_keyword: bool,
        ty: Type,
        name: String,
        value: Option<Expr>,
        at: Offset,
    },
    Let(LetItem),
    Defvar(Defvar),
    Assert(Assert),
    If(Box<If<BodyItem>>),
    Dump(Dump),
}

/// `a`, `a...b` or `a-b` of a range list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Range {
    pub(crate) start: i64,
    pub(crate) end: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Type {
    Bit,
    Int,
    String,
    Code,
    Dag,
    Bits(u32),
    List(Box<Type>),
    /// A class name, or a `deftype` name.
    Named(String),
}

/// A value expression.
#[derive(Debug)]
pub(crate) struct Expr {
    pub(crate) kind: ExprKind,
    pub(crate) at: Offset,
}

#[derive(Debug)]
pub(crate) enum ExprKind {
    Int(i64),
    /// `0b0101`: a `bits<N>` of the digits written.
    Binary(i64, u32),
    Str(String),
    Code(String),
    /// `true`/`false`.
    Bool(bool),
    Unset,
    Ident(String),
    /// `{a, b, c}`: bits, most significant first as written.
    Bits(Vec<Expr>),
    /// `[a, b]<Type>`.
    List(Vec<Expr>, Option<Type>),
    Dag {
        operator: Box<DagArg>,
        args: Vec<DagArg>,
    },
    /// `Class<args>`: an anonymous record.
    ClassValue {
        class: String,
        args: Vec<Arg>,
    },
    /// `!op<Type>(args)`.
    Bang {
        op: String,
        ty: Option<Type>,
        args: Vec<Expr>,
    },
    /// `!cond(c1: v1, ...)`.
    Cond(Vec<(Expr, Expr)>),
    /// `value{ranges}`.
    BitSlice(Box<Expr>, Vec<Range>),
    /// `value[elements]`: one element without a trailing comma is an index.
    ListSlice {
        list: Box<Expr>,
        elements: Vec<SliceElement>,
        single: bool,
    },
    /// `value.field`.
    Field(Box<Expr>, String),
    /// `a # b`; a trailing `#` pastes an empty string.
    Paste(Box<Expr>, Option<Box<Expr>>),
}

#[derive(Debug)]
pub(crate) enum SliceElement {
    One(Expr),
    Range(Expr, Expr),
}

/// An operator or argument of a dag: a value, a `$name`, or both.
#[derive(Debug)]
pub(crate) struct DagArg {
    pub(crate) value: Option<Expr>,
    pub(crate) name: Option<String>,
}
