// A toy dialect of our own for the ODS import's tests: operands with Optional and
// Variadic, attributes with defaults, an enum, regions, successors, parent and
// terminator traits, and formats the import keeps or leaves to generic reading.

include "OdsBase.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let summary = "A dialect for tests";
  let cppNamespace = "::toy";
  let description = [{
    Ops to test the import with.

    Second paragraph.
  }];
}

class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

def Toy_Predicate : I64EnumAttr<"Predicate", [
    EnumCase<"EQ", 0, "eq">, EnumCase<"NE", 1, "ne">], "toy comparison">;

def Toy_AddOp : Toy_Op<"add", [Pure, AllTypesMatch<["lhs", "rhs", "result"]>]> {
  let summary = "adds two numbers";
  let description = [{
    Adds `lhs` and `rhs`.
  }];
  let arguments = (ins AnyTypeOf<[I32, F32]>:$lhs, AnyTypeOf<[I32, F32]>:$rhs,
                       OptionalAttr<StrAttr>:$note,
                       DefaultValuedAttr<I64Attr, "0">:$bias);
  let results = (outs AnyTypeOf<[I32, F32]>:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Toy_SumOp : Toy_Op<"sum"> {
  let summary = "sums a tensor";
  let arguments = (ins TensorOf<[F32]>:$input, Optional<Index>:$dim,
                       I32Prop:$flags, UnitAttr:$fast);
  let results = (outs F32:$result);
  let assemblyFormat = "$input (`along` $dim^)? attr-dict `:` type($input)";
}

def Toy_CmpOp : Toy_Op<"cmp"> {
  let arguments = (ins Toy_Predicate:$predicate, I32:$lhs, I32:$rhs);
  let results = (outs I32:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict";
}

def Toy_ShapeOfOp : Toy_Op<"shape_of"> {
  let arguments = (ins Arg<Toy_Shape, "the shape">:$shape);
  let results = (outs Res<Variadic<Index>, "its dimensions">:$dims);
}

def Toy_LoopOp : Toy_Op<"loop", [IsolatedFromAbove,
                                 SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "loops";
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Toy_YieldOp : Toy_Op<"yield", [Terminator, HasParent<"LoopOp">]> {
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Toy_BranchOp : Toy_Op<"br", [Terminator, BranchOpInterface]> {
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest attr-dict";
}

// Variadic values whose types match element by element (as `handshake.sync`'s do).
def Toy_SyncOp : Toy_Op<"sync", [AllTypesMatch<["inputs", "outputs"]>]> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

// A shaped value and a scalar of its element type (as `gpu.memset`'s).
def Toy_FillOp : Toy_Op<"fill", [AllElementTypesMatch<["dest", "value"]>]> {
  let arguments = (ins AnyType:$dest, AnyType:$value);
  let assemblyFormat = "$dest `,` $value attr-dict `:` type($dest) `,` type($value)";
}

// A format naming a declaration the op does not have: left to generic reading.
def Toy_BrokenFormatOp : Toy_Op<"broken_format"> {
  let arguments = (ins I32:$value);
  let assemblyFormat = "$valeu attr-dict";
}

// A typed attribute inside the format's parentheses (`toy.const(dense<1> : tensor<2xi32>) :
// tensor<2xi32>`), as ODS prints `` `(` $value `)` attr-dict `:` type($result) ``.
def Toy_ConstOp : Toy_Op<"const"> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "`(` $value `)` attr-dict `:` type($result)";
}

// An unnamed result (as `affine.apply`'s `(outs Index)`): ODS counts it all the same.
def Toy_CountOp : Toy_Op<"count", [Pure]> {
  let arguments = (ins Variadic<Index>:$values);
  let results = (outs Index);
  let hasCustomAssemblyFormat = 1;
}

// Attributes narrowed by ConfinedAttr, and a type held as an attribute: MLIR checks their
// values, quoting the summary.
def Toy_TileOp : Toy_Op<"tile"> {
  let summary = "tiles a loop";
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>, IntMaxValue<8>]>:$depth,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$size,
                       OptionalAttr<TypeAttrOf<FunctionType>>:$signature);
  let assemblyFormat = "$depth attr-dict";
}

// A type of the dialect's own: `isa` of its class holds of `!toy.box` only.
def Toy_BoxType : TypeDef<Toy_Dialect, "Box", "box"> {
  let summary = "a box of toy values";
  let description = [{
    A box holds `count` values of `element`.
  }];
  let parameters = (ins "::mlir::Type":$element,
                        AttrOrTypeParameter<"unsigned", "how many">:$count);
  let assemblyFormat = "`<` $element `,` $count `>`";
}

// An attribute of the dialect, documented on hover.
def Toy_ColorAttr : AttrDef<Toy_Dialect, "Color", "color"> {
  let summary = "a color";
  let parameters = (ins ArrayRefParameter<"int64_t", "red, green and blue">:$rgb);
  let assemblyFormat = "`<` $rgb `>`";
}

def Toy_UnboxOp : Toy_Op<"unbox"> {
  let arguments = (ins Toy_BoxType:$box);
  let results = (outs I32:$value);
}

// A type without a mnemonic, printed by the dialect's own code (`!toy.b8`); a format's
// unqualified `type($x)` of it, or of `Toy_BoxType`, reads it without `!toy.`.
def Toy_BitsType : TypeDef<Toy_Dialect, "Bits", "">;

def Toy_PackOp : Toy_Op<"pack"> {
  let arguments = (ins Toy_BitsType:$bits, Toy_BoxType:$box);
  let assemblyFormat = "$bits `,` $box attr-dict `:` type($bits) `,` type($box)";
}
