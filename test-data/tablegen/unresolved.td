// Values that stay unresolved in a concrete def: only fields declared with the `field`
// keyword may keep them, and the JSON gives them as references or as printable text.

def op;

class Deferred {
  int Count = ?;
  string Label = ?;
  bit Enabled = ?;
  field int CountAgain = Count;
  field string Title = !strconcat(Label, "!");
  field list<int> Sizes = !listconcat([1], [Count]);
  field dag Call = (op Count:$n, Label:$text);
  field bit Disabled = !not(Enabled);
  field bits<2> Mode = {Enabled, 1};
  field int Ready = 3;
}

def Pending : Deferred;
