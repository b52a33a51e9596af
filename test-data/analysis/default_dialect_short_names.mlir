// Ops printed without the prefix their default dialect gives them, as
// `mlir-opt --convert-to-emitc` prints them: a short name starting a line at the
// column of the op before it, followed by a value, is the next op (`for %j = ...`,
// `assign %1 : ...`), not more of the op before (issue 40). Nothing here is an error.
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics default_dialect_short_names.mlir

func.func @nested_loops(%lb: index, %ub: index, %a: i32, %b: i32) {
  %0 = builtin.unrealized_conversion_cast %lb : index to !emitc.size_t
  %1 = builtin.unrealized_conversion_cast %ub : index to !emitc.size_t
  emitc.for %i = %0 to %1 step %0 : !emitc.size_t {
    %c = builtin.unrealized_conversion_cast %i : !emitc.size_t to index
    for %j = %0 to %1 step %0 : !emitc.size_t {
      %2 = add %a, %b : (i32, i32) -> i32
      %3 = mul %2, %b : (i32, i32) -> i32
      %4 = cmp ge, %2, %3 : (i32, i32) -> i1
      if %4 {
        %5 = sub %2, %3 : (i32, i32) -> i32
      }
    }
  }
  return
}

// -----

emitc.func @switch_and_assign(%arg0: !emitc.size_t, %a: i32) -> i32 {
  %0 = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i32>
  assign %a : i32 to %0 : <i32>
  %1 = load %0 : <i32>
  assign %1 : i32 to %0 : <i32>
  switch %arg0 : !emitc.size_t
  case 2 {
    assign %a : i32 to %0 : <i32>
    yield
  }
  default {
  }
  %2 = load %0 : <i32>
  return %2 : i32
}
