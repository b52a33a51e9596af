// Uses of the IRDL dialect in geometry.irdl.mlir, with the errors mlir-opt reports.
// mlir-opt --irdl-file=geometry.irdl.mlir --split-input-file --verify-diagnostics
//   geometry_uses.mlir

func.func @valid(%p: !geo.point<f32>, %q: !geo.point<f32>, %n: i32, %x: f64) {
  %d = "geo.distance"(%p, %q) : (!geo.point<f32>, !geo.point<f32>) -> f32
  "geo.scale"(%n, %x, %x) : (i32, f64, f64) -> ()
  "geo.maybe"() : () -> ()
  "geo.maybe"(%n) : (i32) -> ()
  return
}

// -----

func.func @operand_count(%p: !geo.point<f32>) {
  // expected-error@+1 {{op expects exactly 2 operands, but got 1}}
  %d = "geo.distance"(%p) : (!geo.point<f32>) -> f32
  return
}

// -----

func.func @bound_once(%p: !geo.point<f32>, %q: !geo.point<f64>) {
  // expected-error@+1 {{expected '!geo.point<f32>' but got '!geo.point<f64>'}}
  %d = "geo.distance"(%p, %q) : (!geo.point<f32>, !geo.point<f64>) -> f32
  return
}

// -----

func.func @result_bound_to_parameter(%p: !geo.point<f32>) {
  // expected-error@+1 {{expected 'f32' but got 'f64'}}
  %d = "geo.distance"(%p, %p) : (!geo.point<f32>, !geo.point<f32>) -> f64
  return
}

// -----

func.func @not_a_point(%n: i32) {
  // expected-error@+1 {{expected base type 'geo.point' but got 'i32'}}
  %d = "geo.distance"(%n, %n) : (i32, i32) -> i32
  return
}

// -----

func.func @is(%n: i64) {
  // expected-error@+1 {{expected 'i32' but got 'i64'}}
  "geo.scale"(%n) : (i64) -> ()
  return
}

// -----

func.func @variadic_bound_once(%n: i32, %x: f64) {
  // expected-error@+1 {{expected 'f64' but got 'i32'}}
  "geo.scale"(%n, %x, %n) : (i32, f64, i32) -> ()
  return
}

// -----

func.func @too_few(%n: i32) {
  // expected-error@+1 {{op expects at least 1 operands, but got 0}}
  "geo.scale"() : () -> ()
  return
}

// -----

func.func @optional_at_most_one(%n: i32) {
  // expected-error@+1 {{op expects at most 1 operands, but got 2}}
  "geo.maybe"(%n, %n) : (i32, i32) -> ()
  return
}

// -----

func.func @base_by_name(%x: f32) {
  // expected-error@+1 {{expected base type 'builtin.integer' but got 'builtin.f32'}}
  "geo.maybe"(%x) : (f32) -> ()
  return
}

// -----

func.func @results(%n: i32) {
  // expected-error@+1 {{op expects exactly 0 results, but got 1}}
  %r = "geo.scale"(%n) : (i32) -> i32
  return
}

// -----

func.func @unknown_op(%n: i32) {
  // expected-error@+1 {{unregistered operation 'geo.rotate' found in dialect ('geo') that does not allow unknown operations}}
  "geo.rotate"(%n) : (i32) -> ()
  return
}
