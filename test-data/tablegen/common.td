// Shared classes of the tablegen fixtures: included by includes.td, and a root fixture
// of its own (it is valid on its own).

class Unit<string symbol> {
  string Symbol = symbol;
}

def Metre : Unit<"m">;
def Second : Unit<"s">;

class Quantity<string name, Unit unit> {
  string Name = name;
  Unit Unit = unit;
  int Scale = 1;
}
