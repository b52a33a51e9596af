//! The assembly-format matcher (registry stage): walks a parsed format over a custom op's
//! atoms, binding value uses, types, attributes, regions and successors to the spec's
//! declarations. Optional groups backtrack (try, else restore), so any input either
//! matches or yields `None`; nothing here can panic on broken syntax.

use mlir_syntax::ast::{self, AstNode, CustomOpItem, GroupDelimiter};
use mlir_syntax::{SyntaxKind, TextRange, TextSize};

use super::atoms::{Atom, Cursor, atoms, word};
use super::constraint::{AttrConstraint, EnumKind, EnumSpec, TypeConstraint};
use super::format::{Collection, Element};
use super::matched::{AttrValue, OpMatch, ParseFailure, RegionArg, WrittenAttr, WrittenType};
use super::spec::{OpSpec, Trait, ValueSpec, Variadicity};
use super::{hooks, infer, type_kinds};

/// Maps a custom op onto `spec` by the spec's format; `None` if the op has no format or
/// its syntax does not fit it.
pub fn match_op(op: &ast::CustomOp, spec: &OpSpec) -> Option<OpMatch> {
    match fit_op(op, spec) {
        Fit::Matched(matched) => Some(matched),
        Fit::LeftOver(..) | Fit::Expected(..) | Fit::No => None,
    }
}

/// A piece of an op's format that is not where MLIR's parser wants it.
pub struct Missing {
    pub wanted: Wanted,
    /// Where the atom before it ends (the op name's, before the first).
    pub previous_end: TextSize,
    /// The item or bracket found instead; `None` at the op's end.
    pub found: Option<TextRange>,
    /// The word found instead, if a word (`tensor16xf32`, `tensor` without its `<`).
    pub found_word: Option<String>,
}

/// What MLIR's parser wanted.
pub enum Wanted {
    /// A literal of the format (`:`, `(`, `to`).
    Literal(String),
    /// A type (`type($x)`).
    Type,
}

/// How a custom op fits its spec's format.
pub enum Fit {
    Matched(OpMatch),
    /// The format was read in full before the op's items ended: the first item left
    /// over, and where the item before it ends. MLIR's parser ends the op there and reads
    /// a new statement from that item.
    LeftOver(CustomOpItem, TextSize),
    /// The op lacks a literal or a type of its format where MLIR's parser, which never
    /// backs out of an optional group once it read the group's first element, wants it.
    Expected(Missing),
    /// No format, or the op stops fitting it before its end (or inside a construct).
    No,
}

/// `match_op`, saying also where an op goes on past its format.
pub fn fit_op(op: &ast::CustomOp, spec: &OpSpec) -> Fit {
    let atoms = atoms(op);
    let (read, failure) = read_format(spec, &atoms);
    let missing = || {
        let (wanted, at) = match &failure {
            Some(Failure::Literal(literal, at)) => (Wanted::Literal(literal.clone()), *at),
            Some(Failure::Type(at)) => (Wanted::Type, *at),
            _ => return None,
        };
        Some(Fit::Expected(Missing {
            wanted,
            previous_end: end_before(op, &atoms, at)?,
            found: atoms.get(at).map(atom_range),
            found_word: match atoms.get(at) {
                Some(Atom::Item(CustomOpItem::Keyword(word))) => word.text(),
                _ => None,
            },
        }))
    };
    let Some((state, next)) = read else {
        return missing().unwrap_or(Fit::No);
    };
    // ODS's parser resolves the operands' types once it has read its format, before the
    // op's caller looks at what follows: a mismatch there is the error, not what is left.
    let fails = state.parse_failure.is_some() || infer::type_count_mismatch(&state).is_some();
    if next >= atoms.len() || fails {
        return Fit::Matched(infer::finish(state, spec, result_count(op)));
    }
    // Backing out of a group MLIR's parser had entered reached a different end: MLIR
    // stopped inside the group.
    if let Some(fit) = missing() {
        return fit;
    }
    // The op's caller binds its results before it reads on: a result list naming another
    // count than the op has is the error (`%r:4 = ... -> memref<f32> index, index`).
    let named = result_count(op);
    let matched = infer::finish(state, spec, named);
    if named > 0
        && matched
            .result_count(spec)
            .is_some_and(|defined| defined != named)
    {
        return Fit::Matched(matched);
    }
    left_over(op, &atoms, next).map_or(Fit::No, |(item, end)| Fit::LeftOver(item, end))
}

/// What reading `spec`'s whole format over `atoms` bound, and the index of the first
/// atom it left (`None` if the op has no format or stops fitting it before its end); and
/// the first failure on the path MLIR's parser takes, if any.
fn read_format(spec: &OpSpec, atoms: &[Atom]) -> (Option<(State, usize)>, Option<Failure>) {
    let Some(format) = spec.format.as_ref() else {
        return (None, None);
    };
    let mut matcher = Matcher {
        spec,
        cursor: Cursor::new(atoms),
        state: State::new(spec),
        uncommitted: 0,
        failure: None,
    };
    let read = matcher.elements(&format.elements);
    let position = matcher.cursor.position();
    (read.map(|()| (matcher.state, position)), matcher.failure)
}

/// Where the atom before `atoms[next]` ends (the op name's end before the first); `None`
/// after a successor's label.
fn end_before(op: &ast::CustomOp, atoms: &[Atom], next: usize) -> Option<TextSize> {
    match next.checked_sub(1).map(|i| &atoms[i]) {
        Some(Atom::Item(item)) => Some(item_range(item).end()),
        Some(Atom::Close(_, group)) => Some(group.text_range().end()),
        Some(Atom::Open(_, group)) => Some(group.first_token()?.text_range().end()),
        Some(Atom::Label(_)) => None,
        None => Some(
            op.syntax()
                .children()
                .find(|c| c.kind() == SyntaxKind::OP_NAME)?
                .text_range()
                .end(),
        ),
    }
}

/// Where matching a format failed, on the path MLIR's parser takes.
pub(crate) enum Failure {
    /// A literal of the format was not there: the literal, and the index of the atom
    /// found instead.
    Literal(String, usize),
    /// A type was not there: the index of the atom found instead.
    Type(usize),
    /// Something else (an operand, a custom directive) was not there.
    Other,
}

/// The item at `atoms[next]`, left over after the format, and where the atom before it
/// ends; `None` if the format ended inside a construct (after an opening bracket or a
/// label) or the next atom is no item.
fn left_over(op: &ast::CustomOp, atoms: &[Atom], next: usize) -> Option<(CustomOpItem, TextSize)> {
    let Some(Atom::Item(item)) = atoms.get(next) else {
        return None;
    };
    if matches!(next.checked_sub(1).map(|i| &atoms[i]), Some(Atom::Open(..))) {
        return None;
    }
    Some((item.clone(), end_before(op, atoms, next)?))
}

/// How many results the op's `%r, %s:2 =` list names.
fn result_count(op: &ast::CustomOp) -> usize {
    op.result_list().map_or(0, |list| {
        list.results()
            .map(|r| r.count().unwrap_or(1) as usize)
            .sum()
    })
}

/// What has been bound so far; cloned to backtrack out of an optional group.
#[derive(Debug, Clone, Default)]
pub(crate) struct State {
    pub operands: Vec<Vec<ast::ValueUse>>,
    pub operand_types: Vec<Vec<WrittenType>>,
    pub result_types: Vec<Vec<WrittenType>>,
    pub attributes: Vec<WrittenAttr>,
    pub regions: Vec<Vec<ast::Region>>,
    pub successors: Vec<Vec<ast::Successor>>,
    pub region_args: Vec<RegionArg>,
    pub attr_dict: Option<ast::AttrDict>,
    /// How many things were bound: an optional group's anchor is present when binding it
    /// raised this.
    pub bound: usize,
    /// The first type read of another class than its value's C++ type.
    pub parse_failure: Option<ParseFailure>,
}

impl State {
    fn new(spec: &OpSpec) -> State {
        State {
            operands: vec![Vec::new(); spec.operands.len()],
            operand_types: vec![Vec::new(); spec.operands.len()],
            result_types: vec![Vec::new(); spec.results.len()],
            regions: vec![Vec::new(); spec.regions.len()],
            successors: vec![Vec::new(); spec.successors.len()],
            ..State::default()
        }
    }
}

/// A format being matched against an op's atoms; custom-directive hooks drive it too.
pub(crate) struct Matcher<'a> {
    pub spec: &'a OpSpec,
    pub cursor: Cursor<'a>,
    pub state: State,
    /// How many optional groups around the element being matched have not matched their
    /// first element yet: MLIR's parser tries such a group and backs out of it, so a
    /// failure there is not where it stops.
    uncommitted: usize,
    /// The first failure outside such groups: where MLIR's parser stops.
    failure: Option<Failure>,
}

impl Matcher<'_> {
    pub(crate) fn elements(&mut self, elements: &[Element]) -> Option<()> {
        elements.iter().try_for_each(|e| self.element(e))
    }

    fn element(&mut self, element: &Element) -> Option<()> {
        let at = self.cursor.pos;
        let matched = self.element_here(element);
        if matched.is_none() && self.uncommitted == 0 && self.failure.is_none() {
            self.failure = Some(match element {
                Element::Literal(text) => Failure::Literal(text.clone(), at),
                Element::Type(_) => Failure::Type(at),
                _ => Failure::Other,
            });
        }
        matched
    }

    fn element_here(&mut self, element: &Element) -> Option<()> {
        match element {
            Element::Literal(text) => self.cursor.eat_literal(text).then_some(()),
            Element::Space | Element::Ref(_) => Some(()),
            Element::Var(name) => self.var(name),
            Element::All(collection) => self.all(*collection),
            Element::AttrDict { with_keyword } => {
                self.attr_dict(*with_keyword);
                Some(())
            }
            Element::PropDict => {
                self.prop_dict();
                Some(())
            }
            Element::Type(target) => self.type_directive(target, false),
            Element::FunctionalType(inputs, results) => self.functional_type(inputs, results),
            Element::Qualified(inner) => match inner.as_ref() {
                Element::Type(target) => self.type_directive(target, true),
                other => self.element(other),
            },
            Element::Custom { name, args } => hooks::run(name, self, args),
            Element::Optional {
                then,
                otherwise,
                anchor,
            } => self.optional(then, otherwise, *anchor),
        }
    }

    /// Tries `then`; if it does not match (or its anchor binds nothing), restores the
    /// state and matches `otherwise` instead.
    fn optional(
        &mut self,
        then: &[Element],
        otherwise: &[Element],
        anchor: Option<usize>,
    ) -> Option<()> {
        let (pos, state) = (self.cursor.pos, self.state.clone());
        self.uncommitted += 1;
        let mut committed = false;
        let matched = self.anchored(then, anchor, &mut committed);
        if !committed {
            self.uncommitted -= 1;
        }
        if matched.is_some() {
            return Some(());
        }
        self.cursor.pos = pos;
        self.state = state;
        self.elements(otherwise)
    }

    /// Matches a group's elements; once the first that reads anything has matched, the
    /// group is `committed` (and no longer counted in `uncommitted`).
    fn anchored(
        &mut self,
        elements: &[Element],
        anchor: Option<usize>,
        committed: &mut bool,
    ) -> Option<()> {
        for (i, element) in elements.iter().enumerate() {
            let (before, pos) = (self.state.bound, self.cursor.pos);
            self.element(element)?;
            if anchor == Some(i) && self.state.bound == before {
                return None;
            }
            if !*committed && self.cursor.pos > pos {
                *committed = true;
                self.uncommitted -= 1;
            }
        }
        Some(())
    }

    fn var(&mut self, name: &str) -> Option<()> {
        let spec = self.spec;
        if let Some((i, operand)) = spec.operand(name) {
            let values = self.values(operand.variadicity)?;
            return self.bind_operands(i, values);
        }
        if let Some((_, attr)) = spec.attribute(name) {
            return self.attribute(name, &attr.constraint);
        }
        if let Some((i, region)) = spec.region(name) {
            let regions = self.regions(region.variadic)?;
            return self.bind_regions(i, regions);
        }
        let (i, successor) = spec.successor(name)?;
        let successors = self.successor_labels(successor.variadic)?;
        self.bind_successors(i, successors)
    }

    /// Value uses for one declaration: one, at most one, or a comma list.
    fn values(&mut self, variadicity: Variadicity) -> Option<Vec<ast::ValueUse>> {
        match variadicity {
            Variadicity::Single => Some(vec![self.cursor.value_use()?]),
            Variadicity::Optional => Some(self.cursor.value_use().into_iter().collect()),
            _ => Some(self.cursor.value_use_list()),
        }
    }

    fn regions(&mut self, variadic: bool) -> Option<Vec<ast::Region>> {
        let region = |c: &mut Cursor<'_>| {
            c.eat_with(|atom| match atom {
                Atom::Item(CustomOpItem::Region(r)) => Some(r.clone()),
                _ => None,
            })
        };
        if variadic {
            return Some(self.cursor.list(region));
        }
        Some(vec![region(&mut self.cursor)?])
    }

    fn successor_labels(&mut self, variadic: bool) -> Option<Vec<ast::Successor>> {
        let label = |c: &mut Cursor<'_>| {
            c.eat_with(|atom| match atom {
                Atom::Label(s) => Some(s.clone()),
                _ => None,
            })
        };
        if variadic {
            return Some(self.cursor.list(label));
        }
        Some(vec![label(&mut self.cursor)?])
    }

    /// `operands`, `regions`, `successors` as a directive of their own.
    fn all(&mut self, collection: Collection) -> Option<()> {
        match collection {
            Collection::Operands => {
                let values = self.cursor.value_use_list();
                let kinds: Vec<_> = self.spec.operands.iter().map(|o| o.variadicity).collect();
                let parts = split(&kinds, values)?;
                (0..parts.len())
                    .zip(parts)
                    .try_for_each(|(i, v)| self.bind_operands(i, v))
            }
            Collection::Regions => {
                let regions = self.regions(true)?;
                let kinds = variadic_flags(self.spec.regions.iter().map(|r| r.variadic));
                let parts = split(&kinds, regions)?;
                (0..parts.len())
                    .zip(parts)
                    .try_for_each(|(i, r)| self.bind_regions(i, r))
            }
            Collection::Successors => {
                let labels = self.successor_labels(true)?;
                let kinds = variadic_flags(self.spec.successors.iter().map(|s| s.variadic));
                let parts = split(&kinds, labels)?;
                (0..parts.len())
                    .zip(parts)
                    .try_for_each(|(i, s)| self.bind_successors(i, s))
            }
            Collection::Results => None,
        }
    }

    fn attr_dict(&mut self, with_keyword: bool) {
        let start = self.cursor.pos;
        if with_keyword && !self.cursor.eat_word("attributes") {
            return;
        }
        let dict = self.cursor.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Attribute(ast::Attribute::Dict(d))) => Some(d.clone()),
            _ => None,
        });
        match dict {
            Some(dict) => self.state.attr_dict = Some(dict),
            None => self.cursor.pos = start,
        }
    }

    /// `<{...}>`, if written.
    fn prop_dict(&mut self) {
        let start = self.cursor.pos;
        let found = self.cursor.eat_open(GroupDelimiter::Angle).is_some()
            && self
                .cursor
                .eat_with(|atom| match atom {
                    Atom::Item(CustomOpItem::Attribute(ast::Attribute::Dict(_))) => Some(()),
                    _ => None,
                })
                .is_some()
            && self.cursor.eat_close(GroupDelimiter::Angle);
        if !found {
            self.cursor.pos = start;
        }
    }

    /// `type($x)`, `type(operands)`, `type(results)`.
    fn type_directive(&mut self, target: &Element, qualified: bool) -> Option<()> {
        let types = match self.target_variadicity(target)? {
            Variadicity::Single => {
                let ty = self.cursor.ty()?;
                if self.state.parse_failure.is_none() {
                    self.state.parse_failure = self.type_kind_failure(target, &ty);
                }
                vec![ty]
            }
            Variadicity::Optional => self.cursor.ty().into_iter().collect(),
            _ => {
                let types = self.cursor.type_list();
                if !types.is_empty() && self.at_comma_before_no_type() {
                    return self.stop_at_missing_type();
                }
                types
            }
        };
        let types = match qualified {
            true => types,
            false => self.stripped(target, types),
        };
        self.bind_types(target, types)
    }

    /// The types an unqualified `type($x)` read: ODS's parser reads one not starting with
    /// `!` with the parser of `$x`'s C++ class, when that is a dialect's `TypeDef` class.
    fn stripped(&self, target: &Element, types: Vec<WrittenType>) -> Vec<WrittenType> {
        let Element::Var(name) = target else {
            return types;
        };
        let value = self.spec.operand(name).or_else(|| self.spec.result(name));
        let Some((
            _,
            ValueSpec {
                constraint: TypeConstraint::Imported(imported),
                ..
            },
        )) = value
        else {
            return types;
        };
        let Some(class) = &imported.dialect_class else {
            return types;
        };
        types
            .into_iter()
            .map(|ty| match ty {
                WrittenType::Node(node) if !node.syntax().text().to_string().starts_with('!') => {
                    WrittenType::Stripped {
                        node,
                        class: class.clone(),
                    }
                }
                other => other,
            })
            .collect()
    }

    /// A `,` that goes on a type list but is followed by no type (`: i32, tensor4xf32`):
    /// MLIR's parser, committed to the list by its comma, wants a type there.
    fn at_comma_before_no_type(&self) -> bool {
        let mut after = self.cursor.clone();
        after.eat_token(",").is_some() && after.ty().is_none()
    }

    /// Fails the format at the token after the comma, as a missing type.
    fn stop_at_missing_type(&mut self) -> Option<()> {
        if self.uncommitted == 0 && self.failure.is_none() {
            self.failure = Some(Failure::Type(self.cursor.pos + 1));
        }
        None
    }

    /// Is `ty`, read by `type($x)`, of another class than `$x`'s C++ type? ODS's parser
    /// reads it as that class (`parseType<MemRefType>`) and fails right there.
    fn type_kind_failure(&self, target: &Element, ty: &WrittenType) -> Option<ParseFailure> {
        let Element::Var(name) = target else {
            return None;
        };
        let (_, value) = self.spec.operand(name).or_else(|| self.spec.result(name))?;
        type_kinds::failure(&value.constraint, ty)
    }

    /// How many types a `type(...)` target takes.
    fn target_variadicity(&self, target: &Element) -> Option<Variadicity> {
        match target {
            Element::All(_) => Some(Variadicity::Variadic),
            Element::Var(name) => {
                let value = self.spec.operand(name).or_else(|| self.spec.result(name))?;
                Some(value.1.variadicity)
            }
            Element::Type(inner) | Element::Ref(inner) | Element::Qualified(inner) => {
                self.target_variadicity(inner)
            }
            _ => None,
        }
    }

    fn functional_type(&mut self, inputs: &Element, results: &Element) -> Option<()> {
        let (input_types, result_types, _) = self.cursor.function_type_parts()?;
        self.bind_types(inputs, input_types)?;
        self.bind_types(results, result_types)
    }

    /// An attribute, read in the form its constraint is written in custom syntax.
    fn attribute(&mut self, name: &str, constraint: &AttrConstraint) -> Option<()> {
        let start = self.range_start();
        let value = match constraint.unbounded() {
            AttrConstraint::Unit => AttrValue::Present,
            AttrConstraint::Enum(spec) => self.enum_value(spec)?,
            AttrConstraint::SymbolName
            | AttrConstraint::FlatSymbolRef
            | AttrConstraint::SymbolRef => self.symbol()?,
            AttrConstraint::DenseI32Array | AttrConstraint::DenseI64Array => {
                self.array_or_attribute()?
            }
            AttrConstraint::Str | AttrConstraint::Int(_) | AttrConstraint::Bool => {
                AttrValue::Node(self.attribute_node()?.syntax().clone())
            }
            _ => self.typed_attribute()?,
        };
        let range = self.range_since(start);
        self.bind_attr(name, value, range);
        Some(())
    }

    fn enum_value(&mut self, spec: &EnumSpec) -> Option<AttrValue> {
        match spec.kind {
            EnumKind::Integer { .. } => {
                let keyword = self.cursor.eat_with(|atom| {
                    let word = word(atom).or_else(|| string_literal(atom))?;
                    spec.case(&word).map(|_| word)
                })?;
                Some(AttrValue::Keyword(keyword))
            }
            EnumKind::Bits { .. } => self.flags(spec),
        }
    }

    /// `<flag, flag>`, or the full `#dialect.mnemonic<...>` attribute.
    fn flags(&mut self, spec: &EnumSpec) -> Option<AttrValue> {
        if let Some(node) = self.attribute_node() {
            return Some(AttrValue::Node(node.syntax().clone()));
        }
        self.cursor.eat_open(GroupDelimiter::Angle)?;
        let flags = self
            .cursor
            .list(|c| c.eat_with(|atom| word(atom).filter(|w| spec.case(w).is_some())));
        self.cursor.eat_close(GroupDelimiter::Angle).then_some(())?;
        Some(AttrValue::Flags(flags))
    }

    fn symbol(&mut self) -> Option<AttrValue> {
        self.cursor.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::SymbolRef(s)) => Some(AttrValue::Symbol(s.clone())),
            Atom::Item(CustomOpItem::Attribute(a))
                if a.syntax().kind() == SyntaxKind::SYMBOL_REF_ATTR =>
            {
                Some(AttrValue::Node(a.syntax().clone()))
            }
            _ => None,
        })
    }

    fn array_or_attribute(&mut self) -> Option<AttrValue> {
        if let Some(group) = self.cursor.balanced_group(GroupDelimiter::Bracket) {
            return Some(AttrValue::Node(group));
        }
        Some(AttrValue::Node(self.attribute_node()?.syntax().clone()))
    }

    pub(crate) fn attribute_node(&mut self) -> Option<ast::Attribute> {
        self.cursor.eat_with(|atom| match atom {
            Atom::Item(CustomOpItem::Attribute(a)) => Some(a.clone()),
            _ => None,
        })
    }

    /// An attribute whose type may follow it (`42 : i64`), or a type used as one.
    fn typed_attribute(&mut self) -> Option<AttrValue> {
        if let Some(ty) = self.cursor.ty() {
            return Some(AttrValue::Node(written_node(&ty)?));
        }
        let value = self.array_or_attribute()?;
        if let AttrValue::Node(node) = &value
            && node.kind() == SyntaxKind::LITERAL_ATTR
        {
            self.attribute_type();
        }
        Some(value)
    }

    /// The `: type` after an attribute, if written; returns the type.
    pub(crate) fn attribute_type(&mut self) -> Option<WrittenType> {
        let start = self.cursor.pos;
        let ty = self.cursor.eat_token(":").and_then(|_| self.cursor.ty());
        if ty.is_none() {
            self.cursor.pos = start;
        }
        ty
    }

    /// The start of the next atom's text (for ranges of what a directive reads).
    pub(crate) fn range_start(&self) -> Option<TextSize> {
        self.cursor.peek().map(|atom| atom_range(atom).start())
    }

    /// The range from `start` to the end of the last atom read.
    pub(crate) fn range_since(&self, start: Option<TextSize>) -> TextRange {
        let last = self.cursor.pos.checked_sub(1).and_then(|i| {
            let mut c = self.cursor.clone();
            c.pos = i;
            c.peek().map(atom_range)
        });
        match (start, last) {
            (Some(start), Some(end)) if end.end() >= start => TextRange::new(start, end.end()),
            (Some(start), _) => TextRange::empty(start),
            (None, Some(end)) => TextRange::empty(end.end()),
            (None, None) => TextRange::default(),
        }
    }

    pub(crate) fn bind_operands(&mut self, i: usize, values: Vec<ast::ValueUse>) -> Option<()> {
        self.state.bound += values.len();
        self.state.operands.get_mut(i)?.extend(values);
        Some(())
    }

    pub(crate) fn bind_regions(&mut self, i: usize, regions: Vec<ast::Region>) -> Option<()> {
        self.state.bound += regions.len();
        self.state.regions.get_mut(i)?.extend(regions);
        Some(())
    }

    pub(crate) fn bind_successors(&mut self, i: usize, labels: Vec<ast::Successor>) -> Option<()> {
        self.state.bound += labels.len();
        self.state.successors.get_mut(i)?.extend(labels);
        Some(())
    }

    pub(crate) fn bind_attr(&mut self, name: &str, value: AttrValue, range: TextRange) {
        self.state.bound += 1;
        self.state.attributes.push(WrittenAttr {
            name: name.to_string(),
            range,
            value,
        });
    }

    pub(crate) fn bind_region_arg(&mut self, arg: RegionArg) {
        self.state.bound += 1;
        self.state.region_args.push(arg);
    }

    /// Binds types to a `type(...)` target (or a bare `$x` naming a value).
    pub(crate) fn bind_types(&mut self, target: &Element, types: Vec<WrittenType>) -> Option<()> {
        if let Element::Type(inner) | Element::Ref(inner) | Element::Qualified(inner) = target {
            return self.bind_types(inner, types);
        }
        self.state.bound += types.len();
        match target {
            Element::All(Collection::Operands) => {
                let kinds: Vec<_> = self.spec.operands.iter().map(|o| o.variadicity).collect();
                let parts = split(&kinds, types)?;
                self.state
                    .operand_types
                    .iter_mut()
                    .zip(parts)
                    .for_each(|(s, p)| s.extend(p));
                Some(())
            }
            Element::All(Collection::Results) => {
                let kinds: Vec<_> = self.spec.results.iter().map(|r| r.variadicity).collect();
                let parts = match self.spec.has_trait(&Trait::SameVariadicResultSize) {
                    true => split_evenly(&kinds, types)?,
                    false => split(&kinds, types)?,
                };
                self.state
                    .result_types
                    .iter_mut()
                    .zip(parts)
                    .for_each(|(s, p)| s.extend(p));
                Some(())
            }
            Element::Var(name) => self.bind_named_types(name, types),
            _ => None,
        }
    }

    fn bind_named_types(&mut self, name: &str, types: Vec<WrittenType>) -> Option<()> {
        if let Some((i, _)) = self.spec.operand(name) {
            self.state.operand_types.get_mut(i)?.extend(types);
        } else {
            let (i, _) = self.spec.result(name)?;
            self.state.result_types.get_mut(i)?.extend(types);
        }
        Some(())
    }
}

/// The text range an atom covers (a group's opener covers the whole group).
fn atom_range(atom: &Atom) -> TextRange {
    match atom {
        Atom::Open(_, node) => node.text_range(),
        Atom::Close(_, node) => TextRange::empty(node.text_range().end()),
        Atom::Label(s) => s.syntax().text_range(),
        Atom::Item(item) => item_range(item),
    }
}

fn item_range(item: &CustomOpItem) -> TextRange {
    match item {
        CustomOpItem::ValueUse(n) => n.syntax().text_range(),
        CustomOpItem::Successor(n) => n.syntax().text_range(),
        CustomOpItem::SymbolRef(n) => n.syntax().text_range(),
        CustomOpItem::Group(n) => n.syntax().text_range(),
        CustomOpItem::Keyword(n) => n.syntax().text_range(),
        CustomOpItem::Region(n) => n.syntax().text_range(),
        CustomOpItem::Location(n) => n.syntax().text_range(),
        CustomOpItem::Type(n) => n.syntax().text_range(),
        CustomOpItem::Attribute(n) => n.syntax().text_range(),
        CustomOpItem::Token(t) => t.text_range(),
        CustomOpItem::Other(n) => n.text_range(),
    }
}

/// The text of a string literal atom, unquoted.
fn string_literal(atom: &Atom) -> Option<String> {
    match atom {
        Atom::Item(CustomOpItem::Attribute(ast::Attribute::Literal(lit))) => lit.string_value(),
        _ => None,
    }
}

/// The node of a written type, for a type used as an attribute.
fn written_node(ty: &WrittenType) -> Option<mlir_syntax::SyntaxNode> {
    match ty {
        WrittenType::Node(node) => Some(node.syntax().clone()),
        WrittenType::Stripped { .. }
        | WrittenType::Function { .. }
        | WrittenType::Implied { .. }
        | WrittenType::ElementOf(_) => None,
    }
}

fn variadic_flags(flags: impl Iterator<Item = bool>) -> Vec<Variadicity> {
    flags
        .map(|v| {
            if v {
                Variadicity::Variadic
            } else {
                Variadicity::Single
            }
        })
        .collect()
}

/// Splits `items` over declarations of these variadicities: one each for singles, the rest
/// to the one non-single declaration. `None` if that is impossible or ambiguous.
pub(crate) fn split<T>(kinds: &[Variadicity], items: Vec<T>) -> Option<Vec<Vec<T>>> {
    let sizes = segment_sizes(kinds, items.len())?;
    Some(split_by(&sizes, items))
}

/// `items` cut into consecutive pieces of these sizes.
fn split_by<T>(sizes: &[usize], items: Vec<T>) -> Vec<Vec<T>> {
    let mut items = items.into_iter();
    sizes
        .iter()
        .map(|&n| items.by_ref().take(n).collect())
        .collect()
}

/// Splits `items` as `split` does, but over any number of variadic declarations of one
/// length (ODS's `SameVariadicOperandSize` and `SameVariadicResultSize`).
fn split_evenly<T>(kinds: &[Variadicity], items: Vec<T>) -> Option<Vec<Vec<T>>> {
    let sizes = even_segment_sizes(kinds, items.len())?;
    Some(split_by(&sizes, items))
}

/// `segment_sizes` for declarations whose variadic segments have one length.
pub fn even_segment_sizes(kinds: &[Variadicity], total: usize) -> Option<Vec<usize>> {
    let singles = kinds.iter().filter(|k| k.is_single()).count();
    let variadics = kinds.len() - singles;
    let rest = total.checked_sub(singles)?;
    if variadics == 0 || rest % variadics != 0 {
        return segment_sizes(kinds, total);
    }
    let each = rest / variadics;
    Some(
        kinds
            .iter()
            .map(|k| if k.is_single() { 1 } else { each })
            .collect(),
    )
}

pub(crate) fn segment_sizes(kinds: &[Variadicity], total: usize) -> Option<Vec<usize>> {
    let segments = Segments::of(kinds.iter().copied(), total)?;
    Some(kinds.iter().map(|&k| segments.size(k)).collect())
}

/// How `total` values fill a list of declarations of which at most one is variadic or
/// optional: each single one takes one value, that one the rest.
#[derive(Debug, Clone, Copy)]
pub struct Segments {
    rest: usize,
}

impl Segments {
    /// `None` if the values cannot fill declarations of these kinds.
    pub fn of(kinds: impl Iterator<Item = Variadicity> + Clone, total: usize) -> Option<Segments> {
        let singles = kinds.clone().filter(|k| k.is_single()).count();
        let others = kinds.clone().count() - singles;
        let rest = total.checked_sub(singles)?;
        let fits = match others {
            0 => rest == 0,
            1 => !kinds.clone().any(|k| k == Variadicity::Optional) || rest <= 1,
            _ => false,
        };
        fits.then_some(Segments { rest })
    }

    /// How many values a declaration of this kind takes.
    pub fn size(self, kind: Variadicity) -> usize {
        if kind.is_single() { 1 } else { self.rest }
    }
}
