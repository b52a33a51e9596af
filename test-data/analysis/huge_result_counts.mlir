// Result lists that name billions of results: each is an error of its own, and no check
// may try to type every one of them (the fuzz target found a 49 GB allocation).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// huge_result_counts.mlir

func.func @no_results() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %r:2075297303 = "test.op"() : () -> ()
  return
}

// -----

func.func @one_result() {
  // expected-error@+1 {{operation defines 1 results but was provided 4000000000 to bind}}
  %r:4000000000 = "test.op"() : () -> i32
  return
}

// -----

func.func @counts_beyond_u32_together() {
  // expected-error@+1 {{operation defines 2 results but was provided 8000000000 to bind}}
  %a:4000000000, %b:4000000000 = "test.op"() : () -> (i32, i32)
  return
}
