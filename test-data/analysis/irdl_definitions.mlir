// Errors in IRDL definitions themselves, as mlir-opt reports them (issue: IRDL).

irdl.dialect @shapes {
  irdl.type @box {
    %0 = irdl.any
    // expected-error@+1 {{expected valid keyword}}
    irdl.parameters(%0)
  }
}

// -----

irdl.dialect @shapes {
  irdl.operation @grow {
    %0 = irdl.any
    // expected-error@+1 {{name of operand #1 should not contain uppercase letters}}
    irdl.operands(size: %0, Factor: %0)
  }
}

// -----

irdl.dialect @shapes {
  irdl.operation @grow {
    %0 = irdl.any
    // expected-error@+1 {{name of result #0 should not contain leading or double underscores}}
    irdl.results(_size: %0)
  }
}

// -----

irdl.dialect @shapes {
  irdl.operation @grow {
    %0 = irdl.any
    // expected-error@+1 {{name of result #0 must contain only lowercase letters, digits and underscores}}
    irdl.results(si$ze: %0)
  }
}

// -----

irdl.dialect @shapes {
  irdl.type @pair {
    %0 = irdl.any
    // expected-error@+1 {{'irdl.parameters' op name of parameter #1 is a duplicate of the name of parameter #0}}
    irdl.parameters(first: %0, first: %0)
  }
}

// -----

irdl.dialect @shapes {
  // expected-error@+1 {{'irdl.operation' op contains a value named 'area' for both its operands and results}}
  irdl.operation @measure {
    %0 = irdl.is f32
    irdl.operands(area: %0)
    irdl.results(area: %0)
  }
}

// -----

irdl.dialect @shapes {
  irdl.type @tagged {
    // expected-error@+1 {{'irdl.base' op the base type or attribute name should start with '!' or '#'}}
    %0 = irdl.base "builtin.integer"
    irdl.parameters(tag: %0)
  }
}

// -----

// Names of lowercase letters, digits and underscores, each once: no error.
module {
  irdl.dialect @shapes {
    irdl.operation @scale_2 {
      %0 = irdl.base "!builtin.integer"
      %1 = irdl.any
      irdl.operands(factor: %0, by_2: %1)
      irdl.results(out: %1)
    }
  }
}
