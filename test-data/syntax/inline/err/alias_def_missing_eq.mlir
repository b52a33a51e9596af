!missing_eq_alias i32
#x =
