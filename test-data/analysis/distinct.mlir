// `distinct[N]<attr>`: an id stands for one attribute in its chunk, and every use of
// the id must reference that attribute.

// The same id may be written again with the same attribute, anywhere in the chunk;
// other chunks are files of their own.
#a = distinct[0]<42 : i32>
func.func @same() attributes {a = distinct[0]<42 : i32>, b = distinct[1]<>} {
  "test.op"() {c = distinct[1]<>, d = distinct[2]<"x">} : () -> ()
  return
}

// Written otherwise, the same attribute: an integer's default type, an alias.
#one = 1 : i32
#b = distinct[4]<42>
#c = distinct[4]<42 : i64>
#d = distinct[5]<#one>
#e = distinct[5]<1 : i32>

// -----

#a = distinct[0]<42 : i32>
// expected-error@+1 {{referenced attribute does not match previous definition: 42 : i32}}
#b = distinct[0]<43 : i32>

// -----

func.func @in_functions() attributes {a = distinct[3]<>} {
  // expected-error@+1 {{referenced attribute does not match previous definition: unit}}
  "test.op"() {b = distinct[3]<"x">} : () -> ()
  return
}

// -----

#a = distinct[0]<"first">
func.func @f() attributes {a = distinct[0]<"first">} {
  return
}
// expected-error@+1 {{referenced attribute does not match previous definition: "first"}}
#c = distinct[0]<[1 : i32, 2 : i32]>

// -----

// Another chunk may give the id another attribute.
#a = distinct[0]<43 : i32>
