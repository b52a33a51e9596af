#map = affine_map<(d0) -> (d0)>
!t = i32
"foo.op"() : () -> ()
