// Uses of the IRDL dialect in parameters.irdl.mlir, with the errors mlir-opt reports
// where a type or attribute is written (MLIR reports them while parsing, at the name).
// mlir-opt --irdl-file=parameters.irdl.mlir --split-input-file --verify-diagnostics
//   parameters_uses.mlir

!metres = !units.quantity<f32, "m">

func.func @valid(%x: !metres, %y: !units.quantity<f64, "s">) -> !metres {
  %z = "units.convert"(%x) {by = #units.scale<1000>} : (!metres) -> !metres
  return %z : !metres
}

// -----

// expected-error@+1 {{'i32' does not satisfy the constraint}}
func.func @value_type(%x: !units.quantity<i32, "m">) {
  return
}

// -----

// expected-error@+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
func.func @unit_is_a_string(%x: !units.quantity<f32, 3>) {
  return
}

// -----

// expected-error@+1 {{expected 2 type arguments, but had 1}}
func.func @parameter_count(%x: !units.quantity<f32>) {
  return
}

// -----

// expected-error@+1 {{expected dynamic type}}
func.func @unknown_type(%x: !units.length<f32>) {
  return
}

// -----

func.func @attribute_parameter(%x: f32) {
  // expected-error@+1 {{expected base attribute 'builtin.integer' but got 'builtin.string'}}
  %y = "units.convert"(%x) {by = #units.scale<"k">} : (f32) -> f32
  return
}

// -----

func.func @unknown_attribute(%x: f32) {
  // expected-error@+1 {{expected dynamic attribute}}
  %y = "units.convert"(%x) {by = #units.factor<2>} : (f32) -> f32
  return
}
