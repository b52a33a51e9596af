//! Classes: their template arguments, parents and bodies, and what a record inherits from
//! one (fields with the arguments substituted, superclasses, assertions).

use super::hash::FastMap;
use std::rc::Rc;

use super::convert::{convert, unset_of};
use super::init::Init;
use super::record::{AssertInfo, Class, ClassParam, FieldSlot, LetBinding, Rec};
use super::resolve::Subst;
use super::types::Ty;
use super::{Building, EResult, Evaluator, Scope};
use crate::parse::ast::{self, BodyItem, ClassRef};
use crate::source::Loc;

impl Evaluator<'_> {
    pub(super) fn class(&mut self, class: &ast::Class) -> EResult<()> {
        let loc = self.loc(class.at);
        let name: Rc<str> = Rc::from(class.name.as_str());
        if let Some(id) = self.class_id(&name) {
            if !class.defines {
                return Ok(());
            }
            if self.classes[id].defined {
                return self.error(class.at, format!("Class '{name}' already defined"));
            }
        }
        if !class.defines {
            self.register_class(Class {
                name: name.clone(),
                rec: Rec::new(Init::Str(name), false, loc),
                params: Vec::new(),
                defined: false,
            });
            return Ok(());
        }
        // Registered first (as declared), so the class may refer to itself.
        if self.class_id(&name).is_none() {
            self.register_class(Class {
                name: name.clone(),
                rec: Rec::new(Init::Str(name.clone()), false, loc),
                params: Vec::new(),
                defined: false,
            });
        }
        self.building.push(Building {
            rec: Rec::new(Init::Str(name.clone()), false, loc),
            params: Some(Vec::new()),
            class_name: Some(name.clone()),
            id: None,
        });
        self.scopes.push(Scope::Record);
        self.scopes.push(Scope::Vars(FastMap::default()));
        let result = self.class_contents(class, &name);
        self.scopes.pop();
        self.scopes.pop();
        let building = self.building.pop().expect("pushed above");
        let params = result.unwrap_or_default();
        let id = self.class_id(&name).expect("registered above");
        self.classes[id] = Rc::new(Class {
            name,
            rec: building.rec,
            params,
            defined: true,
        });
        Ok(())
    }

    pub(super) fn register_class(&mut self, class: Class) {
        let id = self.classes.len();
        self.class_ids.insert(class.name.clone(), id);
        self.classes.push(Rc::new(class));
    }

    /// The template arguments, parents and body of a class being built.
    pub(super) fn class_contents(
        &mut self,
        class: &ast::Class,
        name: &Rc<str>,
    ) -> EResult<Vec<ClassParam>> {
        let mut params = Vec::with_capacity(class.params.len());
        for param in &class.params {
            let ty = self.ty(&param.ty, param.at)?;
            let default = match &param.default {
                Some(default) => Some(self.expr(default)?),
                None => None,
            };
            let qualified: Rc<str> = Rc::from(format!("{name}:{}", param.name));
            let param_name: Rc<str> = Rc::from(param.name.as_str());
            if let Some(list) = &mut self.current().params {
                list.push((param_name.clone(), qualified.clone()));
            }
            params.push(ClassParam {
                name: param_name,
                qualified,
                ty,
                default,
            });
        }
        // Later statements need the arguments while the body is evaluated.
        let id = self.class_id(name).expect("registered");
        Rc::make_mut(&mut self.classes[id]).params = params.clone();
        for parent in &class.parents {
            let _ = self.inherit(parent);
        }
        self.body(&class.body);
        Ok(params)
    }

    pub(super) fn current(&mut self) -> &mut Building {
        self.building.last_mut().expect("a record is being built")
    }

    /// Runs `f` on the record being built, taken off the stack meanwhile (so that `f`
    /// may use the evaluator).
    pub(super) fn with_current<T>(&mut self, f: impl FnOnce(&mut Self, &mut Rec) -> T) -> T {
        let mut building = self.building.pop().expect("a record is being built");
        let result = f(self, &mut building.rec);
        self.building.push(building);
        result
    }

    /// Adds the parent class `parent` (with its arguments) to the record being built.
    pub(super) fn inherit(&mut self, parent: &ClassRef) -> EResult<()> {
        let Some(id) = self.class_id(&parent.name) else {
            return self.error(parent.at, format!("Couldn't find class '{}'", parent.name));
        };
        let args = self.template_args(id, &parent.args, parent.at)?;
        let loc = self.loc(parent.at);
        // A class passes its own `NAME` on to its parents; a def its name.
        let name = self
            .current()
            .class_name
            .as_ref()
            .map(|class| Init::Var(Rc::from(format!("{class}:NAME"))));
        self.with_current(|this, rec| this.add_subclass_named(rec, id, &args, loc, name))
    }

    /// Adds class `id` to `rec`: its fields with the template arguments substituted, its
    /// superclasses, then itself.
    pub(crate) fn add_subclass(
        &mut self,
        rec: &mut Rec,
        id: usize,
        args: &[Init],
        loc: Loc,
    ) -> EResult<()> {
        self.add_subclass_named(rec, id, args, loc, None)
    }

    /// `add_subclass`, with the value the class's `NAME` takes (the record's name unless
    /// given).
    pub(super) fn add_subclass_named(
        &mut self,
        rec: &mut Rec,
        id: usize,
        args: &[Init],
        loc: Loc,
        name: Option<Init>,
    ) -> EResult<()> {
        let class = self.classes[id].clone();
        let mut map: FastMap<Rc<str>, Init> = class
            .params
            .iter()
            .zip(args)
            .map(|(param, arg)| (param.qualified.clone(), arg.clone()))
            .collect();
        map.insert(
            Rc::from(format!("{}:NAME", class.name)),
            name.unwrap_or_else(|| rec.name.clone()),
        );
        for field in &class.rec.fields {
            let value = self.resolve(&field.value, &Subst::Map(&map));
            match rec.field_index(&field.name) {
                Some(index) => {
                    let existing = &mut rec.fields[index];
                    if existing.ty != field.ty && !compatible(&existing.ty, &field.ty) {
                        let message = format!(
                            "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                            field.name, field.ty, existing.ty
                        );
                        return self.error_at(loc, message);
                    }
                    existing.value = value;
                    existing.field_keyword |= field.field_keyword;
                }
                None => rec.fields.push(FieldSlot {
                    name: field.name.clone(),
                    ty: field.ty.clone(),
                    value,
                    field_keyword: field.field_keyword,
                }),
            }
        }
        for &superclass in class.rec.superclasses.iter().chain([&id]) {
            if rec.superclasses.contains(&superclass) {
                let message = format!("Already subclass of '{}'!", self.classes[superclass].name);
                return self.error_at(loc, message);
            }
            rec.superclasses.push(superclass);
        }
        for assert in &class.rec.asserts {
            rec.asserts.push(AssertInfo {
                cond: self.resolve(&assert.cond, &Subst::Map(&map)),
                message: self.resolve(&assert.message, &Subst::Map(&map)),
                loc: assert.loc,
            });
        }
        Ok(())
    }

    /// The items of a class or record body, each error skipped past.
    pub(super) fn body(&mut self, items: &[BodyItem]) {
        for item in items {
            if !self.step() {
                return;
            }
            let _ = self.body_item(item);
        }
    }

    pub(super) fn body_item(&mut self, item: &BodyItem) -> EResult<()> {
        match item {
            BodyItem::Field {
                field_keyword,
                ty,
                name,
                value,
                at,
            } => {
                let ty = self.ty(ty, *at)?;
                let value = match value {
                    Some(value) => self.expr(value)?,
                    None => unset_of(&ty),
                };
                let loc = self.loc(*at);
                self.with_current(|this, rec| {
                    this.declare_field(rec, name, ty, value, *field_keyword, loc)
                })
            }
            BodyItem::Let(item) => {
                let value = self.expr(&item.value)?;
                let bits = match &item.bits {
                    Some(ranges) => Some(self.bit_list(ranges, item.at)?),
                    None => None,
                };
                let binding = LetBinding {
                    name: Rc::from(item.name.as_str()),
                    bits,
                    value,
                    loc: self.loc(item.at),
                };
                self.with_current(|this, rec| this.set_field(rec, &binding))
            }
            BodyItem::Defvar(defvar) => {
                let value = self.expr(&defvar.value)?;
                self.define_var(&defvar.name, value, defvar.at)
            }
            BodyItem::Assert(assert) => {
                let cond = self.expr(&assert.cond)?;
                let message = self.expr(&assert.message)?;
                let loc = self.loc(assert.at);
                self.current()
                    .rec
                    .asserts
                    .push(AssertInfo { cond, message, loc });
                Ok(())
            }
            BodyItem::If(branch) => {
                let taken = self.condition(&branch.cond)?;
                self.scoped(|this| {
                    this.body(if taken {
                        &branch.then
                    } else {
                        &branch.otherwise
                    })
                });
                Ok(())
            }
            BodyItem::Dump(dump) => self.dump(dump),
        }
    }

    pub(super) fn declare_field(
        &mut self,
        rec: &mut Rec,
        name: &str,
        ty: Ty,
        value: Init,
        field_keyword: bool,
        loc: Loc,
    ) -> EResult<()> {
        let Some(converted) = convert(value.clone(), &ty, &|id, class| self.is_a(id, class)) else {
            let printed = self.printed(&value);
            return self.error_at(
                loc,
                format!("Field '{name}' of type '{ty}' is incompatible with value '{printed}'"),
            );
        };
        match rec.field_index(name) {
            Some(index) => {
                let existing = &mut rec.fields[index];
                if existing.ty != ty && !compatible(&existing.ty, &ty) {
                    let message = format!(
                        "New definition of '{name}' of type '{ty}' is incompatible with previous definition of type '{}'",
                        existing.ty
                    );
                    return self.error_at(loc, message);
                }
                existing.value = converted;
            }
            None => rec.fields.push(FieldSlot {
                name: Rc::from(name),
                ty,
                value: converted,
                field_keyword,
            }),
        }
        Ok(())
    }

    /// `let name = value` (or some of its bits) on `rec`.
    pub(crate) fn set_field(&mut self, rec: &mut Rec, binding: &LetBinding) -> EResult<()> {
        let Some(index) = rec.field_index(&binding.name) else {
            return self.error_at(binding.loc, format!("Value '{}' unknown!", binding.name));
        };
        let ty = rec.fields[index].ty.clone();
        let Some(bits) = &binding.bits else {
            let Some(value) = convert(binding.value.clone(), &ty, &|id, class| {
                self.is_a(id, class)
            }) else {
                let printed = self.printed(&binding.value);
                let message = format!(
                    "Field '{}' of type '{ty}' is incompatible with value '{printed}'",
                    binding.name
                );
                return self.error_at(binding.loc, message);
            };
            rec.fields[index].value = value;
            return Ok(());
        };
        let Init::Bits(current) = &rec.fields[index].value else {
            return self.error_at(
                binding.loc,
                format!("Value '{}' is not a bits type", binding.name),
            );
        };
        let new_bits = match convert(
            binding.value.clone(),
            &Ty::Bits(bits.len() as u32),
            &|id, class| self.is_a(id, class),
        ) {
            Some(Init::Bits(new_bits)) => new_bits.to_vec(),
            Some(other) if !other.is_concrete() => (0..bits.len() as u32)
                .map(|i| super::resolve::bit_of(other.clone(), i))
                .collect(),
            _ => {
                let printed = self.printed(&binding.value);
                return self.error_at(
                    binding.loc,
                    format!("Initializer is not compatible with bit range: {printed}"),
                );
            }
        };
        let mut updated = current.to_vec();
        for (position, &bit) in bits.iter().enumerate() {
            let Some(slot) = updated.get_mut(bit as usize) else {
                return self.error_at(binding.loc, "Invalid bit range for value");
            };
            *slot = new_bits[position].clone();
        }
        rec.fields[index].value = Init::Bits(updated.into());
        Ok(())
    }

    pub(super) fn apply_let_stack(&mut self, rec: &mut Rec) -> EResult<()> {
        let stack = self.let_stack.clone();
        for binding in stack.iter().flatten() {
            self.set_field(rec, binding)?;
        }
        Ok(())
    }
}

/// Whether two field types can hold the same values (`string` and `code` can).
fn compatible(a: &Ty, b: &Ty) -> bool {
    matches!((a, b), (Ty::String | Ty::Code, Ty::String | Ty::Code))
}
