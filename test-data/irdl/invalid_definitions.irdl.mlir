// Errors in the structure of IRDL definitions, as mlir-opt 22 reports them: IRDL ops
// outside the op they must stand in, definitions named twice in a dialect, and lists
// given twice in a definition. One error per chunk (mlir-opt stops at the first).

// expected-error@+1 {{'irdl.operation' op expects parent op 'irdl.dialect'}}
irdl.operation @paint {
}

// -----

module {
  // expected-error@+1 {{'irdl.attribute' op expects parent op 'irdl.dialect'}}
  irdl.attribute @hue {
  }
}

// -----

irdl.dialect @colors {
  irdl.operation @mix {
    // expected-error@+1 {{'irdl.type' op expects parent op 'irdl.dialect'}}
    irdl.type @shade {
    }
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{'irdl.any' op expects parent op to be one of 'irdl.type, irdl.attribute, irdl.operation'}}
  %0 = irdl.any
}

// -----

func.func @palette() {
  // expected-error@+1 {{'irdl.is' op expects parent op to be one of 'irdl.type, irdl.attribute, irdl.operation'}}
  %0 = irdl.is i8
  return
}

// -----

func.func @blend(%arg0: !irdl.attribute) {
  // expected-error@+1 {{'irdl.any_of' op expects parent op to be one of 'irdl.type, irdl.attribute, irdl.operation'}}
  %0 = irdl.any_of(%arg0)
  return
}

// -----

// irdl.c_pred may stand anywhere: no error.
%0 = irdl.c_pred "::llvm::isa<::mlir::IntegerType>($_self)"

// -----

irdl.dialect @colors {
  irdl.type @rgb {
    // expected-error@+1 {{'irdl.operands' op expects parent op 'irdl.operation'}}
    irdl.operands()
  }
}

// -----

irdl.dialect @colors {
  irdl.attribute @alpha {
    // expected-error@+1 {{'irdl.region' op expects parent op 'irdl.operation'}}
    %0 = irdl.region
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{'irdl.results' op expects parent op 'irdl.operation'}}
  irdl.results()
}

// -----

irdl.dialect @colors {
  irdl.operation @blend {
    // expected-error@+1 {{'irdl.parameters' op expects parent op to be one of 'irdl.attribute, irdl.type'}}
    irdl.parameters()
  }
}

// -----

func.func @load_colors() {
  // expected-error@+1 {{'irdl.dialect' op symbol's parent must have the SymbolTable trait}}
  irdl.dialect @colors {
  }
  return
}

// -----

irdl.dialect @colors {
  irdl.operation @mix {
    // expected-error@+1 {{'irdl.dialect' op symbol's parent must have the SymbolTable trait}}
    irdl.dialect @inner {
    }
  }
}

// -----

irdl.dialect @colors {
  // expected-note@+1 {{see existing symbol definition here}}
  irdl.type @rgb {
    %0 = irdl.is i8
    irdl.parameters(r: %0, g: %0, b: %0)
  }
  // expected-error@+1 {{redefinition of symbol named 'rgb'}}
  irdl.type @rgb {
  }
}

// -----

irdl.dialect @colors {
  // expected-note@+1 {{see existing symbol definition here}}
  irdl.attribute @tint
  // expected-error@+1 {{redefinition of symbol named 'tint'}}
  irdl.operation @tint {
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.operands}}
  irdl.operation @mix {
    %0 = irdl.is i8
    irdl.operands(lhs: %0)
    irdl.results(out: %0)
    irdl.operands(rhs: %0)
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.results}}
  irdl.operation @split {
    %0 = irdl.is i8
    irdl.results(low: %0)
    irdl.results(high: %0)
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.attributes}}
  irdl.operation @label {
    %0 = irdl.any
    irdl.attributes {"name" = %0}
    irdl.attributes {"note" = %0}
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.regions}}
  irdl.operation @gradient {
    %0 = irdl.region
    irdl.regions(start: %0)
    irdl.regions(stop: %0)
  }
}

// -----

irdl.dialect @colors {
  // expected-error@+1 {{failed to verify AtMostOneChildOf trait: the operation contains at least two operations of type irdl.parameters}}
  irdl.attribute @alpha {
    %0 = irdl.is f32
    irdl.parameters(value: %0)
    irdl.parameters(scale: %0)
  }
}

// -----

// Everything where it belongs, in a module and in a dialect nested in a dialect: no error.
module {
  irdl.dialect @colors {
    irdl.dialect @extra {
    }
    irdl.type @rgb {
      %0 = irdl.is i8
      %1 = irdl.base "!builtin.integer"
      %2 = irdl.all_of(%0, %1)
      irdl.parameters(r: %2, g: %2, b: %2)
    }
    irdl.operation @mix {
      %0 = irdl.is i8
      %1 = irdl.parametric @colors::@rgb<%0, %0, %0>
      %2 = irdl.any
      %3 = irdl.any_of(%1, %2)
      %4 = irdl.c_pred "true"
      %5 = irdl.region
      irdl.operands(lhs: %1, rhs: %3)
      irdl.results(out: %1)
      irdl.attributes {"ratio" = %4}
      irdl.regions(body: %5)
    }
  }
}

// -----

irdl.dialect @no_attributes {
  irdl.operation @op {
    // expected-error@+1 {{expected attribute value}}
    irdl.attributes {}
  }
}
