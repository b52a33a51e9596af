// Region entry arguments are bound after their op's header (checklist S-03), and
// location aliases must stand for locations (checklist S-09).
// Run: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics
// names.mlir

func.func @argument_used_in_own_header() {
  // expected-error@+2 {{region entry argument '%i' is already in use}}
  // expected-note@+1 {{previously referenced here}}
  affine.for %i = affine_map<(d0) -> (d0)>(%i) to 10 {
  }
  return
}

// -----

func.func @argument_referenced_earlier(%m: memref<?xf32>) {
  affine.for %a = 0 to 4 {
    // expected-note@+1 {{previously referenced here}}
    %x = memref.load %m[%j] : memref<?xf32>
  }
  // expected-error@+1 {{region entry argument '%j' is already in use}}
  affine.for %j = 0 to 4 {
  }
  return
}

// -----

func.func @not_a_location() {
  // expected-error@+1 {{expected location, but found 'true'}}
  return loc(#not_loc)
}
#not_loc = true

// -----

// OpenMP's `linear(%var = %step : type)` uses its variable: naming it twice is fine.
func.func @linear_uses(%lb: index, %ub: index, %step: index, %x: memref<1xi32>, %s: i32) {
  omp.wsloop linear(%x = %s : memref<1xi32>, %x = %s : memref<1xi32>) {
    omp.loop_nest (%i) : index = (%lb) to (%ub) step (%step) {
      omp.yield
    }
  } {linear_var_types = [i32, i32]}
  return
}

// -----

// An op's results are bound once the whole op is read (checklist S-06), and an op nested
// in its region has its own bound first: `%2` is visible after its op, `%0` is not yet
// visible inside its own op.
func.func @results_of_nested_ops() -> i32 {
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = scf.execute_region -> i32 {
    %1 = arith.constant 1 : i32
    %2 = scf.execute_region -> i32 {
      %3 = arith.addi %1, %1 : i32
      scf.yield %3 : i32
    }
    // expected-error@+1 {{operand #1 does not dominate this use}}
    %4 = arith.addi %2, %0 : i32
    scf.yield %4 : i32
  }
  return %0 : i32
}

// -----

func.func @loop_variable_reused() {
  // expected-note@+1 {{previously referenced here}}
  affine.for %i = 1 to 10 {
    // expected-error@+1 {{region entry argument '%i' is already in use}}
    affine.for %i = 1 to 10 {
    }
  }
  return
}
