func.func @f() -> (i1 {)
