// A small model of MLIR's ODS base classes, written for our tests: the class and field
// names the ODS import reads (Dialect, Op, TypeConstraint, Attr, predicates, traits), with
// none of MLIR's own text. Real dialects include MLIR's files instead.

class Dialect {
  string name = ?;
  string summary = ?;
  string description = ?;
  string cppNamespace = "";
}

def ins;
def outs;
def region;
def successor;

// Predicates.
class Pred;
class CPred<code pred> : Pred {
  code predExpr = "(" # pred # ")";
}
class PredCombinerKind;
def PredCombinerAnd : PredCombinerKind;
def PredCombinerOr : PredCombinerKind;
def PredCombinerNot : PredCombinerKind;
def PredCombinerConcat : PredCombinerKind;
def PredCombinerSubstLeaves : PredCombinerKind;
class CombinedPred<PredCombinerKind k, list<Pred> c> : Pred {
  PredCombinerKind kind = k;
  list<Pred> children = c;
}
class And<list<Pred> c> : CombinedPred<PredCombinerAnd, c>;
class Or<list<Pred> c> : CombinedPred<PredCombinerOr, c>;
class Not<Pred p> : CombinedPred<PredCombinerNot, [p]>;
class Concat<string pre, Pred child, string suf>
    : CombinedPred<PredCombinerConcat, [child]> {
  string prefix = pre;
  string suffix = suf;
}
class SubstLeaves<string pat, string repl, Pred child>
    : CombinedPred<PredCombinerSubstLeaves, [child]> {
  string pattern = pat;
  string replacement = repl;
}

class Constraint<Pred p, string s> {
  Pred predicate = p;
  string summary = s;
}

// Types.
class TypeConstraint<Pred p, string s, string cpp = "::mlir::Type">
    : Constraint<p, s> {
  string cppType = cpp;
}
class Type<Pred p, string s, string cpp = "::mlir::Type">
    : TypeConstraint<p, s, cpp> {
  string builderCall = "";
}
def AnyType : Type<CPred<"true">, "any type">;
def I32 : Type<CPred<"$_self.isSignlessInteger(32)">, "32-bit signless integer"> {
  let builderCall = "$_builder.getIntegerType(32)";
}
def F32 : Type<CPred<"$_self.isF32()">, "32-bit float">;
def Index : Type<CPred<"::llvm::isa<::mlir::IndexType>($_self)">, "index">;
def FunctionType : Type<CPred<"::llvm::isa<::mlir::FunctionType>($_self)">, "function type",
                        "::mlir::FunctionType">;
// A dialect type we cannot model: its predicate is C++ of the dialect.
def Toy_Shape : Type<CPred<"::llvm::isa<::toy::ShapeType>($_self)">, "toy shape">;

// A type a dialect defines: its C++ class, which predicates test, is written
// `!dialect.mnemonic`.
class TypeDef<Dialect owner, string name, string typeMnemonic>
    : Type<CPred<"::llvm::isa<" # owner.cppNamespace # "::" # name # "Type>($_self)">,
           name # " type", owner.cppNamespace # "::" # name # "Type"> {
  Dialect dialect = owner;
  string mnemonic = typeMnemonic;
  string description = "";
  dag parameters = (ins);
  string assemblyFormat = "";
}

// A parameter of a type or an attribute: the C++ type it is stored as, in words.
class AttrOrTypeParameter<string type, string desc> {
  string cppType = type;
  string summary = desc;
}
class ArrayRefParameter<string type, string desc = "">
    : AttrOrTypeParameter<"::llvm::ArrayRef<" # type # ">", desc>;

// An attribute a dialect defines, written `#dialect.mnemonic<...>`.
class AttrDef<Dialect owner, string name, string attrMnemonic> {
  string cppClassName = name # "Attr";
  Dialect dialect = owner;
  string mnemonic = attrMnemonic;
  string summary = "";
  string description = "";
  dag parameters = (ins);
  string assemblyFormat = "";
}

class AnyTypeOf<list<Type> allowed>
    : Type<Or<!foreach(t, allowed, t.predicate)>,
           !interleave(!foreach(t, allowed, t.summary), " or ")>;
class TensorOf<list<Type> allowed>
    : Type<And<[CPred<"::llvm::isa<::mlir::TensorType>($_self)">,
                Concat<"[](::mlir::Type elementType) { return ",
                       SubstLeaves<"$_self", "elementType",
                                   Or<!foreach(t, allowed, t.predicate)>>,
                       "; }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())">]>,
           "tensor of " # !interleave(!foreach(t, allowed, t.summary), " or ") # " values",
           "::mlir::TensorType">;
class Optional<Type t> : TypeConstraint<t.predicate, t.summary, t.cppType> {
  Type baseType = t;
}
class Variadic<Type t>
    : TypeConstraint<t.predicate, "variadic of " # t.summary, t.cppType> {
  Type baseType = t;
}

// Operands and results with a description: `Arg<I32, "the count">:$n`.
class OpVariable<Constraint c, string desc = ""> {
  Constraint constraint = c;
  string summary = desc;
}
class Arg<Constraint c, string desc = ""> : OpVariable<c, desc>;
class Res<Constraint c, string desc = ""> : OpVariable<c, desc>;

// Attributes.
class Attr<Pred p, string s> : Constraint<p, s> {
  bit isOptional = 0;
  string defaultValue = ?;
  Attr baseAttr = ?;
}
def I64Attr : Attr<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">,
                   "64-bit signless integer attribute">;
def AnyAttr : Attr<CPred<"true">, "any attribute">;
def StrAttr : Attr<CPred<"::llvm::isa<::mlir::StringAttr>($_self)">, "string attribute">;
def UnitAttr : Attr<CPred<"::llvm::isa<::mlir::UnitAttr>($_self)">, "unit attribute"> {
  let isOptional = 1;
  let defaultValue = "false";
}
class OptionalAttr<Attr a> : Attr<a.predicate, a.summary> {
  let isOptional = 1;
  let baseAttr = a;
}
class DefaultValuedAttr<Attr a, string value> : Attr<a.predicate, a.summary> {
  let defaultValue = value;
  let baseAttr = a;
}
// An attribute narrowed by constraints of its own: the summary joins their words.
class AttrConstraint<Pred p, string s> : Constraint<p, s>;
class ConfinedAttr<Attr a, list<AttrConstraint> cs>
    : Attr<And<!listconcat([a.predicate], !foreach(c, cs, c.predicate))>,
           !foldl(a.summary, cs, words, c, words # " " # c.summary)> {
  let baseAttr = a;
  list<AttrConstraint> attrConstraints = cs;
}
class IntMinValue<int n> : AttrConstraint<
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() >= " # n>,
    "whose minimum value is " # n>;
class IntMaxValue<int n> : AttrConstraint<
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() <= " # n>,
    "whose maximum value is " # n>;
def IntPositive : AttrConstraint<
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isStrictlyPositive()">,
    "whose value is positive">;

// A type held as an attribute: is a TypeAttr, of the C++ class, and meets the type's
// own predicate on the type it holds.
class TypeAttrBase<string cls, string s, Pred p = CPred<"true">>
    : Attr<And<[CPred<"::llvm::isa<::mlir::TypeAttr>($_self)">,
                CPred<"::llvm::isa<" # cls # ">(::llvm::cast<::mlir::TypeAttr>($_self).getValue())">,
                SubstLeaves<"$_self", "::llvm::cast<::mlir::TypeAttr>($_self).getValue()", p>]>,
           s>;
class TypeAttrOf<Type t> : TypeAttrBase<t.cppType, "type attribute of " # t.summary, t.predicate>;

class Property<string s> {
  string summary = s;
  string defaultValue = "";
}
def I32Prop : Property<"int32_t">;

// Enums.
class EnumCase<string sym, int val, string text> {
  string symbol = sym;
  int value = val;
  string str = text;
}
class EnumAttrInfo<string name, list<EnumCase> cases, string s>
    : Attr<CPred<"true">, s> {
  string className = name;
  list<EnumCase> enumerants = cases;
  int bitwidth = 64;
}
class IntEnumAttr<string name, list<EnumCase> cases, string s>
    : EnumAttrInfo<name, cases, s>;
class I64EnumAttr<string name, list<EnumCase> cases, string s>
    : IntEnumAttr<name, cases, s>;

// Regions and successors.
class Region<Pred p, string s> : Constraint<p, s>;
def AnyRegion : Region<CPred<"true">, "any region">;
class SizedRegion<int n> : Region<CPred<"true">, "region with " # n # " blocks">;
class Successor<Pred p, string s> : Constraint<p, s>;
def AnySuccessor : Successor<?, "any successor">;
class VariadicSuccessor<Successor s> : Successor<s.predicate, s.summary>;

// Traits.
class Trait;
class NativeTrait<string name> : Trait {
  string trait = name;
}
class NativeOpTrait<string name> : NativeTrait<name>;
class ParamNativeOpTrait<string prop, string params>
    : NativeOpTrait<prop # "<" # params # ">::Impl">;
class TraitList<list<Trait> l> : Trait {
  list<Trait> traits = l;
}
def Terminator : NativeOpTrait<"IsTerminator">;
def IsolatedFromAbove : NativeOpTrait<"IsIsolatedFromAbove">;
def SingleBlock : NativeOpTrait<"SingleBlock">;
def AlwaysSpeculatable : NativeOpTrait<"AlwaysSpeculatableImplTrait">;
def NoMemoryEffect : NativeOpTrait<"NoMemoryEffect">;
def Pure : TraitList<[AlwaysSpeculatable, NoMemoryEffect]>;
class HasParent<string op> : ParamNativeOpTrait<"HasParent", op>;
class SingleBlockImplicitTerminator<string op>
    : TraitList<[SingleBlock, ParamNativeOpTrait<"SingleBlockImplicitTerminator", op>]>;
class AllTypesMatch<list<string> names> : Trait {
  list<string> values = names;
}
class AllElementTypesMatch<list<string> names> : Trait {
  list<string> values = names;
}
class OpInterface<string name> : Trait {
  string cppInterfaceName = name;
}
def BranchOpInterface : OpInterface<"BranchOpInterface">;

// Ops.
class Op<Dialect dialect, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = dialect;
  string opName = mnemonic;
  list<Trait> traits = props;
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  string summary = "";
  string description = "";
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;
  bit hasVerifier = 0;
}
