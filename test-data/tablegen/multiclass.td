// Generated records: multiclass/defm, foreach, and bang operators.

class Instruction<string mnemonic, list<string> flags> {
  string Mnemonic = mnemonic;
  list<string> Flags = flags;
  int Width = 32;
}

multiclass Widths<string base> {
  def _32 : Instruction<base # "32", ["narrow"]>;
  def _64 : Instruction<!strconcat(base, "64"), !listconcat(["wide"], ["slow"])> {
    let Width = 64;
  }
}

defm ADD : Widths<"add">;
defm SUB : Widths<"sub">;

foreach i = [1, 2, 3] in {
  def Reg#i : Instruction<"reg" # i, !if(!eq(i, 2), ["even"], ["odd"])>;
}

foreach n = 0-1 in
  def Bit#n {
    int Index = n;
    string Kind = !if(n, "set", "clear");
  }

// Bang operators over a template argument: resolved when the def is made.
class Lazy<int x> {
  int Doubled = !mul(x, 2);
  string Shown = !cast<string>(x);
}
def Eager : Lazy<21>;
