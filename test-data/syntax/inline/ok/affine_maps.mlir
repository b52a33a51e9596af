#map0 = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0)[s0, s1] -> (d0 * 2 + s0 floordiv 4 - (s1 ceildiv 3) mod 5, -d0, 0)>
#map2 = affine_map<() -> ()>
#set0 = affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 == 0, d0 <= 10)>
