// Basic record shapes: classes with template arguments, let overrides, bits with
// slices, dags with named arguments, lists, code strings, unset fields, anonymous
// records.

class Shape<string name, int sides = 0> {
  string Name = name;
  int Sides = sides;
  bit IsRound = !eq(sides, 0);
  string Comment = ?;
  list<string> Tags = [];
}

class Polygon<string name, int sides> : Shape<name, sides> {
  let Tags = ["polygon"];
}

def Circle : Shape<"circle">;
def Triangle : Polygon<"triangle", 3>;
def Square : Polygon<"square", 4> {
  let Comment = "four equal sides";
  code Area = [{ side * side }];
}

// Bits: a literal, a field built from slices of another, and partly unset bits.
class Encoded<bits<8> opcode> {
  bits<8> Opcode = opcode;
  bits<4> High = Opcode{7-4};
  bits<4> Low = Opcode{3-0};
  bits<4> Partial;
  let Partial{0} = 1;
  let Partial{3} = 0;
  bit Flag = Opcode{0};
}

def Load : Encoded<0b10100101>;

// A def whose bits refer to a field of its own that is only known per instance.
class WithOperand {
  bits<3> reg = ?;
  bits<6> Word;
  let Word{5-3} = reg;
  let Word{2-0} = 0b111;
}
def Store : WithOperand;

// Dags: an operator with named and unnamed arguments, a nested dag, a string argument.
def ops;
def add;
def mul;
def Expression {
  dag Tree = (add (mul 1, 2):$product, 3:$rhs, "note");
  dag Empty = (ops);
  dag Unset = (ops ?:$hole);
  list<dag> Patterns = [(add 1, 2), (mul 3, 4)];
}

// Lists of defs, of strings, of ints, nested lists.
def Collections {
  list<Shape> Shapes = [Circle, Triangle, Square];
  list<string> Names = ["a", "b", "c"];
  list<int> Numbers = [1, -2, 30000000000];
  list<list<int>> Nested = [[1, 2], [], [3]];
  list<Shape> NoShapes = [];
}

// Anonymous records: a class instance written inline as a value.
class Colour<int r, int g, int b> {
  int Red = r;
  int Green = g;
  int Blue = b;
}
def Palette {
  Colour Background = Colour<0, 0, 0>;
  list<Colour> Accents = [Colour<255, 0, 0>, Colour<0, 255, 0>];
}

// Top-level let overrides over several defs.
let Comment = "from a top-level let" in {
  def Pentagon : Polygon<"pentagon", 5>;
  def Hexagon : Polygon<"hexagon", 6>;
}

// Special characters in strings.
def Quoting {
  string Text = "tab\there \"quoted\" back\\slash";
  code Block = [{
    multi "line" code
  }];
}
